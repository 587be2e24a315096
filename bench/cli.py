"""Time ``ofc-fast analyze`` on generated deals files: wall time and peak memory per format.

    python bench/cli.py                     # 20,000 deals, every input and output format
    python bench/cli.py --deals 1000000     # about 100 MB of text: streaming, bounded memory

Each row runs ``ofc-fast analyze FILE --format FMT > /dev/null`` in a
fresh process (Python's start-up included) and reports the best of
``--repeat`` runs and the child's peak resident memory.  The files are
written to a temporary folder and removed afterwards.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

NAMES = np.array([r + s for r in "23456789TJQKA" for s in "cdhs"])


def write_deals(folder: str, n: int, seed: int = 7) -> dict[str, str]:
    """n deals of 2 or 3 players (4 in 5), as text, a JSON list and JSON Lines."""
    rng = np.random.default_rng(seed)
    paths = {fmt: os.path.join(folder, f"deals.{ext}")
             for fmt, ext in (("text", "txt"), ("json", "json"), ("jsonl", "jsonl"))}
    files = {fmt: open(path, "w", encoding="utf-8") for fmt, path in paths.items()}  # noqa: SIM115
    files["json"].write("[\n")
    step = 100_000
    for start in range(0, n, step):
        m = min(step, n - start)
        perm = rng.permuted(np.tile(np.arange(52), (m, 1)), axis=1)[:, :39].reshape(m, 3, 13)
        players = rng.choice([2, 3], size=m, p=[0.8, 0.2])
        names = NAMES[perm].tolist()
        for i, (deal, p) in enumerate(zip(names, players.tolist())):
            boards = [" ".join(b[:3]) + " / " + " ".join(b[3:8]) + " / " + " ".join(b[8:]) for b in deal[:p]]
            files["text"].write(" ; ".join(boards) + "\n")
            last = start + i == n - 1
            files["json"].write(json.dumps(boards) + ("\n" if last else ",\n"))
            files["jsonl"].write(json.dumps(boards) + "\n")
    files["json"].write("]\n")
    for f in files.values():
        f.close()
    return paths


# The child reports its own peak memory: VmHWM where there is /proc (ru_maxrss of a
# forked child on Linux starts from its parent's), else ru_maxrss.
CHILD = ("import resource, sys\n"
         "from ofc_fast.cli import main\n"
         "code = main(sys.argv[1:])\n"
         "sys.stdout.flush()\n"
         "try:\n"
         "    peak = [int(line.split()[1]) for line in open('/proc/self/status')\n"
         "            if line.startswith('VmHWM:')][0]\n"
         "except OSError:\n"
         "    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
         "print(peak, file=sys.stderr)\n"
         "sys.exit(code)\n")


def run(args: list[str]) -> tuple[float, int]:
    """Seconds and peak RSS (KiB on Linux) of one ``ofc-fast`` process."""
    start = time.perf_counter()
    with open(os.devnull, "w") as null:
        proc = subprocess.run([sys.executable, "-c", CHILD, *args], stdout=null, stderr=subprocess.PIPE,
                              text=True, check=False)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        # the child's own error (often: ofc_fast not built or not importable here)
        raise SystemExit(f"bench/cli.py: `ofc-fast {' '.join(args)}` failed (exit status "
                         f"{proc.returncode}):\n{proc.stderr.strip()}")
    return seconds, int(proc.stderr.split()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--inputs", default="text,json,jsonl")
    ap.add_argument("--outputs", default="csv,json,jsonl")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        paths = write_deals(folder, args.deals)
        print(f"{args.deals:,} deals; best of {args.repeat}; Python start-up included")
        print("| input | size | output | seconds | deals/s | peak RSS |\n|---|---|---|---|---|---|")
        for fmt in args.inputs.split(","):
            size = os.path.getsize(paths[fmt]) / 2**20
            for out in args.outputs.split(","):
                runs = [run(["analyze", paths[fmt], "--format", out]) for _ in range(args.repeat)]
                best = min(s for s, _ in runs)
                peak = max(p for _, p in runs)
                rss = f"{peak / 1024:.0f} MiB"
                print(f"| {fmt} | {size:.1f} MiB | {out} | {best:.2f} | {args.deals / best:,.0f} | {rss} |")


if __name__ == "__main__":
    main()
