"""Speed of the OFC hand-history reader (issue 30): reading and replaying hands a second.

    python bench/histories.py [--hands 20000] [--repeat 3] [--file /tmp/hands.ofc]

Writes (once, or reuses) a file of heuristic-played heads-up Pineapple hands, then
times ``read_histories`` over it with ``check=False`` (parse and the shape and card
checks) and ``check=True`` (the default: every hand also played again by the engine
and its scores compared), in CPU time of this process (one core), interleaved with the
same reads by the line reader alone (the fast path off: the reader before issue 30's
fast path) for the ratio; prints the medians in hands/s.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

import ofc_fast as ofc
from ofc_fast.play import history


def make_file(path: str, hands: int, rules: str = "pineapple", players: int = 2) -> None:
    """``hands`` independent heuristic hands (seeds 0..hands-1), numbered 1.. in ``path``."""
    games = []
    for i in range(hands):
        g = ofc.Game(rules, players, seed=i, match=False)
        g.play_hand("heuristic")
        games.append(g)
    ofc.write_histories(games, path)


def time_read(path: str, check: bool, fast: bool = True) -> tuple[float, int]:
    """CPU seconds to read every hand of ``path``, and the hands read (``fast``: False reads
    every hand with the line reader)."""
    keep = history._fast
    if not fast:
        history._fast = lambda *args: None
    try:
        t = time.process_time()
        n = sum(1 for _ in ofc.read_histories(path, check=check))
        return time.process_time() - t, n
    finally:
        history._fast = keep


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--file", default="/tmp/ofc_bench_hands.ofc")
    args = ap.parse_args()
    if not os.path.exists(args.file):
        make_file(args.file, args.hands)
    rows: dict[str, list[float]] = {}
    n = 0
    for _ in range(args.repeat):
        for fast in (True, False):
            for check in (False, True):
                sec, n = time_read(args.file, check, fast)
                key = f"read_histories(check={check}){'' if fast else ', line reader'}"
                rows.setdefault(key, []).append(n / sec)
    print(f"{n} hands, {os.path.getsize(args.file) / 1e6:.1f} MB, median of {args.repeat} (CPU time, one core)")
    for k, v in rows.items():
        print(f"{k:48s} {statistics.median(v):10,.0f} hands/s")


if __name__ == "__main__":
    main()
