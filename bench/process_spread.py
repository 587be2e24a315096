"""Is the 5-card batch slower in some fresh processes, and is it the library or the machine?

Starts many fresh Python processes, one after another.  Each one draws the
same 1M random hands (compare.py's generator), then times, round-robin, best
and median of --repeat runs:

  lib      ofc.strength(hands), the public call (workers=1);
  loop     a bare C loop over ofc_strength5_unchecked, in a small shared
           object loaded with ctypes into the same process, on the same array;
  libtab   the same bare loop, but reading the *library's own* tables (the
           copies inside ofc_fast/_core*.so, found with nm and /proc/self/maps):
           if where the library's tables land made it slow, this row slows too;
  batch    the library's checked kernel ofc_strength5_batch, compiled into the
           shared object, on the same array;
  copy     the bare loop on a copy of the hands made in this process (other
           pages than the array the other rows read);
  chase    a pointer chase over 128 KB (past L1, inside L2): the latency of
           this core's caches, with none of the library's code or data;
  spin     a chain of dependent multiply-adds (4 cycles each on current x86
           cores): the core's clock as this process sees it.

Every run records its wall time, this thread's CPU time (time.thread_time)
and the time it waited for a CPU (/proc/thread-self/schedstat): a run that
lost time to other tasks shows wall > CPU by whole scheduler ticks.  Each
process also records what differs between fresh processes: the CPUs it ran
on, the hand array's address (mod 64, 4096, 2 MB) and how much of it
transparent huge pages back, the library's table address mod 2 MB and
whether a file-backed huge page maps it, the stack's offset in its page,
page faults per call, and the machine's other load during the timing.

The parent prints one row per process; the spread of every row's best wall
and CPU time over the processes; the share of runs that waited; the slow
processes (lib wall best over --slow x the median lib CPU best), each sorted
into: time lost waiting for a CPU (the machine), CPU time slow with the
in-process controls slow too (the machine), or CPU time slow with the
controls not (the library's suspects); and the mean lib/loop CPU ratio per
value of each recorded variable.

Variants (--variants, comma-separated, cycled so they interleave; join with +):
  default  the array as compare.py makes it (numpy: malloc, huge pages advised)
  pinK     run on CPU K only (os.sched_setaffinity)
  thp      the hands copied into a 2 MB-aligned buffer advised MADV_HUGEPAGE
  nothp    the same advised MADV_NOHUGEPAGE
  offN     the hands copied to byte N of a fresh page-aligned buffer (no huge pages)

    python bench/process_spread.py --processes 24
    python bench/process_spread.py --processes 32 --variants default,pin0,pin1,thp,nothp --json spread.json

Runs against the importable ofc_fast (set PYTHONPATH=. for a source build).
"""
from __future__ import annotations

import argparse
import ctypes
import json
import mmap
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Optional

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

# The controls.  Compiled like the library (setup.py's flags) plus -fPIC -shared;
# only the functions below are exported.
C_CONTROL = r"""
#include <stdint.h>
#include "ofc_hand.h"
#define API __attribute__((visibility("default")))

API void loop5(const uint8_t *h, int64_t n, uint16_t *out)
{
    for (int64_t i = 0; i < n; i++, h += 5) out[i] = ofc_strength5_unchecked(h[0], h[1], h[2], h[3], h[4]);
}

/* ofc_strength5_unchecked spelled out on tables passed in: the library's copies */
API void loop5_tables(const uint8_t *h, int64_t n, uint16_t *out, const uint64_t *key,
                      const uint16_t *disp, const uint32_t *hand5)
{
    for (int64_t i = 0; i < n; i++, h += 5) {
        uint64_t k = key[h[0]] + key[h[1]] + key[h[2]] + key[h[3]] + key[h[4]];
        uint64_t p = (uint64_t)(uint32_t)k * OFC_HASH_MULT;
        uint32_t slot = ((uint32_t)(p >> OFC_HASH_SLOT_SHIFT) & OFC_HASH_SLOT_MASK)
                        ^ disp[p >> OFC_HASH_BUCKET_SHIFT];
        out[i] = (uint16_t)(hand5[slot] >> ofc_flush_shift(k));
    }
}

API int64_t batch5(const uint8_t *h, int64_t n, uint16_t *out) { return ofc_strength5_batch(h, n, out); }

/* n dependent loads along the cycle in next[] */
API uint32_t chase(const uint32_t *next, int64_t n)
{
    uint32_t i = 0;
    for (int64_t k = 0; k < n; k++) i = next[i];
    return i;
}

/* n dependent multiply-adds: imul (3 cycles) + add (1) per step */
API uint64_t spin(int64_t n)
{
    uint64_t x = 1;
    for (int64_t i = 0; i < n; i++) {
        x = x * 0x9E3779B97F4A7C15ull + (uint64_t)i;
        __asm__ volatile("" : "+r"(x));
    }
    return x;
}

API uintptr_t stack_probe(void)
{
    volatile char here = 0;
    return (uintptr_t)&here;
}

API uintptr_t own_table(int which)
{
    return which == 0 ? (uintptr_t)ofc_card_key : which == 1 ? (uintptr_t)ofc_hash_disp : (uintptr_t)ofc_hand5;
}
"""

TABLES = ("ofc_card_key", "ofc_hash_disp", "ofc_hand5")
SPIN = 2_000_000
CHASE = 400_000
CHASE_BYTES = 128 << 10
HAND_ROWS = ("lib", "loop", "libtab", "batch", "copy")
MB2 = 2 << 20


# ------------------------------------------------------------------ parent side

def build_control(cc: str, folder: str) -> str:
    import ofc_fast as ofc
    src, so = os.path.join(folder, "control.c"), os.path.join(folder, "control.so")
    with open(src, "w") as f:
        f.write(C_CONTROL)
    cmd = [cc, "-O3", "-std=c99", "-fno-wrapv", "-fvisibility=hidden", "-g0", "-fPIC", "-shared",
           "-I" + ofc.get_include(), src, *ofc.get_sources(), "-o", so]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("compiling the control failed: " + p.stderr.strip()[-800:])
    return so


def core_symbols() -> dict[str, Any]:
    """The _core extension's path and its tables' offsets (nm), fixed for a build."""
    from ofc_fast import _core
    path = os.path.realpath(_core.__file__)
    syms: dict[str, int] = {}
    try:
        out = subprocess.run(["nm", "-S", path], capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[3] in TABLES:
                syms[parts[3]] = int(parts[0], 16)
    except OSError:
        pass
    return {"path": path, "offsets": syms}


def run_child(args: argparse.Namespace, so: str, core: dict[str, Any], variant: str) -> dict[str, Any]:
    cmd = [sys.executable, os.path.abspath(__file__), "--child", "--so", so, "--variant", variant,
           "--hands", str(args.hands), "--repeat", str(args.repeat), "--core", json.dumps(core)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"child failed ({p.returncode}): {p.stderr.strip()[-2000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def spread(xs: list[float]) -> str:
    xs = sorted(xs)
    return (f"min {xs[0]:.2f}  median {statistics.median(xs):.2f}  max {xs[-1]:.2f}  "
            f"max/min {xs[-1] / xs[0]:.2f}")


def report(rows: list[dict[str, Any]], slow: float) -> list[str]:
    out: list[str] = []
    n = rows[0]["hands"]
    ns = lambda s: s / n * 1e9  # noqa: E731  seconds a call -> ns a hand
    mean = statistics.mean
    hdr = ("| # | variant | cpus | lib ms wall best / median | lib ms CPU best | waited ms / lib call | "
           "loop ns/hand wall / CPU | libtab CPU | batch CPU | copy CPU | chase ns | GHz | lib/loop CPU | "
           "hands %64 %4096 %2M THP kB | table %2M file THP kB | stack %4096 | faults / lib call | "
           "other load |")
    out += [hdr, "|" + "---|" * (hdr.count("|") - 1)]
    for r in rows:
        t, c = r["best"], r["best_cpu"]
        out.append(
            f"| {r['index']} | {r['variant']} | {','.join(map(str, r['cpus']))} | "
            f"{t['lib'] * 1e3:.2f} / {r['median']['lib'] * 1e3:.2f} | {c['lib'] * 1e3:.2f} | "
            f"{mean(r['runs']['lib']['wait']) * 1e3:.2f} | {ns(t['loop']):.2f} / {ns(c['loop']):.2f} | "
            f"{ns(c['libtab']):.2f} | {ns(c['batch']):.2f} | {ns(c['copy']):.2f} | {r['chase_ns']:.2f} | "
            f"{r['ghz']:.2f} | {c['lib'] / c['loop']:.2f} | "
            f"{r['hands_addr'] % 64} {r['hands_addr'] % 4096} {r['hands_addr'] % MB2} {r['hands_thp_kb']} | "
            f"{r['table_addr'] % MB2 if r['table_addr'] else '?'} {r['table_pmd_kb']} | "
            f"{r['stack'] % 4096} | {r['faults_per_call']:.0f} | {r['other_load']:.2f} |")
    out.append("")
    out.append("spread over the processes (ns a hand; ns a load for the chase; GHz for the clock):")
    for key in HAND_ROWS:
        out.append(f"  {key:7s} wall best:   " + spread([ns(r["best"][key]) for r in rows]))
        out.append(f"  {key:7s} CPU best:    " + spread([ns(r["best_cpu"][key]) for r in rows]))
    out.append(f"  {'lib':7s} wall median: " + spread([ns(r["median"]["lib"]) for r in rows]))
    out.append(f"  {'chase':7s} CPU best:    " + spread([r["chase_ns"] for r in rows]))
    out.append(f"  {'clock':7s} GHz:         " + spread([r["ghz"] for r in rows]))
    out.append("  lib/loop CPU best:   " + spread([r["best_cpu"]["lib"] / r["best_cpu"]["loop"] for r in rows]))
    out.append("")
    # a run that was runnable but not running (another task had the CPU) lost whole
    # scheduler ticks: wall - CPU is then the schedstat wait
    parts = []
    for key in (*HAND_ROWS, "chase", "spin"):
        runs = [(w, c, q) for r in rows for w, c, q in
                zip(r["runs"][key]["wall"], r["runs"][key]["cpu"], r["runs"][key]["wait"])]
        parts.append(f"{key} {mean(w for w, _, _ in runs) * 1e3:.1f} ms a run, "
                     f"{sum(q > 0 for _, _, q in runs) / len(runs):.0%} waited")
    out.append("runs that waited for a CPU (schedstat): " + "; ".join(parts))
    gaps = [abs(w - c - q) for r in rows for k in r["runs"] for w, c, q in
            zip(r["runs"][k]["wall"], r["runs"][k]["cpu"], r["runs"][k]["wait"])]
    # (not 0 where the thread waited between reading schedstat and starting the clock)
    out.append(f"runs whose wall - CPU time is their wait within 0.2 ms: {sum(g < 2e-4 for g in gaps) / len(gaps):.1%}")
    out.append("")
    # slow: the library's best wall time over `slow` x the processes' median CPU best
    # (not the median wall best: on a busy machine most processes wait, and that
    # median is itself slow)
    keys = (*HAND_ROWS, "chase")
    medc = {k: statistics.median(r["best_cpu"][k] for r in rows) for k in keys}
    gmed = statistics.median(r["ghz"] for r in rows)
    slow_rows = [r for r in rows if r["best"]["lib"] > slow * medc["lib"]]
    out.append(f"slow processes (lib wall best > {slow:.2f}x the median CPU best {medc['lib'] * 1e3:.2f} ms): "
               f"{len(slow_rows)} of {len(rows)}")
    waited = cpu_slow_ctrl = cpu_slow_lib = 0
    for r in slow_rows:
        rel = {k: r["best"][k] / medc[k] for k in keys}
        relc = {k: r["best_cpu"][k] / medc[k] for k in keys}
        out.append(f"  #{r['index']} ({r['variant']}): wall lib {rel['lib']:.2f}x loop {rel['loop']:.2f}x; "
                   f"CPU lib {relc['lib']:.2f}x loop {relc['loop']:.2f}x libtab {relc['libtab']:.2f}x "
                   f"batch {relc['batch']:.2f}x copy {relc['copy']:.2f}x chase {relc['chase']:.2f}x "
                   f"clock {r['ghz'] / gmed:.2f}x of the median CPU bests; waited "
                   f"{mean(r['runs']['lib']['wait']) * 1e3:.2f} ms a lib call; cpus {r['cpus']}")
        if relc["lib"] <= slow:
            waited += 1
        elif max(relc["loop"], relc["copy"], relc["chase"]) > slow or r["ghz"] < gmed / slow:
            cpu_slow_ctrl += 1
        else:
            cpu_slow_lib += 1
    out.append(f"  of those: CPU time normal (the time went to waiting for a CPU): {waited}; "
               f"CPU time slow and the in-process control slow too: {cpu_slow_ctrl}; "
               f"CPU time slow, control not (the library's suspects): {cpu_slow_lib}")
    cpu_slow = [r for r in rows if r["best_cpu"]["lib"] > slow * medc["lib"]]
    out.append(f"processes whose lib CPU best is over {slow:.2f}x the median {medc['lib'] * 1e3:.2f} ms: "
               f"{len(cpu_slow)} of {len(rows)}")
    for r in cpu_slow:
        c = {k: r["best_cpu"][k] / medc[k] for k in keys}
        out.append(f"  #{r['index']} ({r['variant']}): lib {c['lib']:.2f}x, loop {c['loop']:.2f}x, "
                   f"batch {c['batch']:.2f}x, copy {c['copy']:.2f}x, chase {c['chase']:.2f}x, "
                   f"clock {r['ghz'] / gmed:.2f}x")
    out.append("")
    out.append("per value of each variable: mean lib/loop CPU-best ratio / mean lib CPU best ms / "
               "mean lib wall best ms (processes):")
    ratio = lambda r: r["best_cpu"]["lib"] / r["best_cpu"]["loop"]  # noqa: E731
    groups = {
        "variant": lambda r: r["variant"],
        "cpu at start": lambda r: r["cpus"][0],
        "ran on both cpus": lambda r: len(r["cpus"]) > 1,
        "hands % 64": lambda r: r["hands_addr"] % 64,
        "hands % 4096": lambda r: r["hands_addr"] % 4096,
        "hands THP kB": lambda r: r["hands_thp_kb"],
        "table % 2M >= 1M": lambda r: (r["table_addr"] or 0) % MB2 >= MB2 // 2,
        "table on a file huge page": lambda r: r["table_pmd_kb"] > 0,
        "stack % 64": lambda r: r["stack"] % 64,
        "stack % 4096 >= 2048": lambda r: r["stack"] % 4096 >= 2048,
        "out array reused": lambda r: r["out_reused"],
        "other load > 0.5": lambda r: r["other_load"] > 0.5,
    }
    for name, key in groups.items():
        buckets: dict[Any, list[dict[str, Any]]] = {}
        for r in rows:
            buckets.setdefault(key(r), []).append(r)
        parts = [f"{v}: {mean(ratio(r) for r in b):.2f} / {mean(r['best_cpu']['lib'] for r in b) * 1e3:.2f} / "
                 f"{mean(r['best']['lib'] for r in b) * 1e3:.2f} ({len(b)})"
                 for v, b in sorted(buckets.items(), key=lambda kv: str(kv[0]))]
        out.append(f"  {name}: " + "; ".join(parts))
    return out


def parent(args: argparse.Namespace) -> int:
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    core = core_symbols()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="ofc_spread_") as d:
        so = build_control(args.cc, d)
        for i in range(args.processes):
            r = run_child(args, so, core, variants[i % len(variants)])
            r["index"] = i
            rows.append(r)
            if not args.quiet:
                print(f"process {i + 1}/{args.processes} ({r['variant']}): lib {r['best']['lib'] * 1e3:.2f} ms, "
                      f"loop {r['best']['loop'] * 1e3:.2f} ms", file=sys.stderr, flush=True)
    bad = [r["index"] for r in rows if not r["same"]]
    lines = [f"{args.processes} fresh processes, {args.hands:,} hands, best of {args.repeat} "
             f"(round-robin) each; _core tables at offsets "
             f"{ {k: hex(v) for k, v in core['offsets'].items()} } (mod 4096: "
             f"{ {k: v % 4096 for k, v in core['offsets'].items()} })", ""]
    lines += report(rows, args.slow)
    if bad:
        lines.append(f"RESULTS DIFFER from the control in processes {bad}")
    print("\n".join(lines))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"args": vars(args), "core": core, "processes": rows}, f, indent=1)
    return 1 if bad else 0


# ------------------------------------------------------------------- child side

def _maps() -> list[tuple[int, int, str, dict[str, int]]]:
    """(start, end, path, smaps kB fields) per mapping of this process."""
    res: list[tuple[int, int, str, dict[str, int]]] = []
    with open("/proc/self/smaps") as f:
        for line in f:
            head = line.split()
            if "-" in head[0] and len(head) >= 5 and not head[0].endswith(":"):
                lo, hi = (int(x, 16) for x in head[0].split("-"))
                res.append((lo, hi, head[5] if len(head) > 5 else "", {}))
            elif head[0].endswith(":") and len(head) >= 2 and res and head[1].isdigit():
                res[-1][3][head[0][:-1]] = int(head[1])
    return res


def _range_kb(maps: list, lo: int, hi: int, field: str) -> int:
    """Sum of an smaps field over the mappings that overlap [lo, hi): an array
    numpy advised for huge pages is two mappings (the advice splits it)."""
    return sum(m[3].get(field, 0) for m in maps if m[0] < hi and m[1] > lo)


def _cpu_now() -> int:
    with open("/proc/self/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[36])


def _schedstat() -> tuple[int, int, int]:
    """This thread's (ns on a CPU, ns runnable but waiting, timeslices)."""
    with open("/proc/thread-self/schedstat") as f:
        a, b, c = f.read().split()
    return int(a), int(b), int(c)


def _proc_stat() -> tuple[float, float]:
    """(busy, steal) jiffies of the whole machine."""
    with open("/proc/stat") as f:
        v = [float(x) for x in f.readline().split()[1:]]
    busy = v[0] + v[1] + v[2] + v[5] + v[6]
    return busy, v[7] if len(v) > 7 else 0.0


def _total_jiffies() -> float:
    with open("/proc/stat") as f:
        return sum(float(x) for x in f.readline().split()[1:8])


def _buffer(nbytes: int, offset: int, advice: Optional[int]) -> tuple[mmap.mmap, np.ndarray]:
    """A fresh anonymous mapping, 2 MB aligned when advice is given; the bytes from offset."""
    # private: a shared anonymous mapping is shmem, which follows other huge page settings
    m = mmap.mmap(-1, nbytes + offset + 2 * MB2, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    base = ctypes.addressof(ctypes.c_char.from_buffer(m))
    start = (-base) % MB2 if advice is not None else 0
    if advice is not None:
        m.madvise(advice, start, nbytes + offset + MB2 - (nbytes + offset) % MB2)
    arr = np.frombuffer(m, dtype=np.uint8, count=nbytes, offset=start + offset)
    return m, arr


def child(args: argparse.Namespace) -> int:
    sys.path.insert(0, HERE)
    from compare import random_hands

    import ofc_fast as ofc

    keep: list[Any] = []
    for part in args.variant.split("+"):
        if part.startswith("pin"):
            os.sched_setaffinity(0, {int(part[3:])})
    hands = random_hands(args.hands)
    for part in args.variant.split("+"):
        if part in ("thp", "nothp") or part.startswith("off"):
            advice = (mmap.MADV_HUGEPAGE if part == "thp" else mmap.MADV_NOHUGEPAGE if part == "nothp"
                      else None)
            m, flat = _buffer(hands.nbytes, int(part[3:]) if part.startswith("off") else 0, advice)
            if advice is None:
                m.madvise(mmap.MADV_NOHUGEPAGE)
            flat[:] = hands.reshape(-1)
            keep.append(m)
            hands = flat.reshape(hands.shape)
    n = len(hands)
    lib = ctypes.CDLL(args.so)
    P, I64 = ctypes.c_void_p, ctypes.c_int64
    lib.loop5.argtypes = [P, I64, P]
    lib.loop5_tables.argtypes = [P, I64, P, P, P, P]
    lib.batch5.argtypes = [P, I64, P]
    lib.batch5.restype = I64
    lib.chase.argtypes = [P, I64]
    lib.chase.restype = ctypes.c_uint32
    lib.spin.argtypes = [I64]
    lib.spin.restype = ctypes.c_uint64
    lib.stack_probe.restype = ctypes.c_size_t
    lib.own_table.restype = ctypes.c_size_t
    lib.own_table.argtypes = [ctypes.c_int]

    core = json.loads(args.core)
    maps = _maps()
    base = min((m[0] for m in maps if m[2] == core["path"]), default=None)
    offs = core["offsets"]
    tables = [base + offs[t] if base is not None and t in offs else None for t in TABLES]
    if None in tables:  # no symbols: the control's own tables stand in
        tables = [lib.own_table(i) for i in range(3)]
        have_core_tables = False
    else:
        have_core_tables = True

    hp = hands.ctypes.data
    hands_copy = hands.copy()
    cp = hands_copy.ctypes.data
    # one random cycle through every 64-byte line of CHASE_BYTES: each load waits for the last
    lines = CHASE_BYTES // 64
    order = np.random.default_rng(1).permutation(lines)
    nxt = np.zeros(CHASE_BYTES // 4, dtype=np.uint32)
    nxt[order * 16] = np.roll(order, -1) * 16
    out_loop = np.zeros(n, dtype=np.uint16)
    out_tab = np.zeros(n, dtype=np.uint16)
    out_batch = np.zeros(n, dtype=np.uint16)
    out_copy = np.zeros(n, dtype=np.uint16)
    op = [a.ctypes.data for a in (out_loop, out_tab, out_batch, out_copy)]

    def t_lib() -> float:
        t = time.perf_counter()
        r = ofc.strength(hands)
        dt = time.perf_counter() - t
        lib_outs.append(r.ctypes.data)
        keep_out[0] = r
        return dt

    def timed(f: Any, *a: Any) -> float:
        t = time.perf_counter()
        f(*a)
        return time.perf_counter() - t

    lib_outs: list[int] = []
    keep_out: list[Any] = [None]
    rows = {
        "lib": t_lib,
        "loop": lambda: timed(lib.loop5, hp, n, op[0]),
        "libtab": lambda: timed(lib.loop5_tables, hp, n, op[1], *tables),
        "batch": lambda: timed(lib.batch5, hp, n, op[2]),
        "copy": lambda: timed(lib.loop5, cp, n, op[3]),
        "chase": lambda: timed(lib.chase, nxt.ctypes.data, CHASE),
        "spin": lambda: timed(lib.spin, SPIN),
    }
    for f in rows.values():  # warm-up: first touch of every page and table
        f()
    del lib_outs[:]
    # per row and run: wall seconds, this thread's CPU seconds, seconds spent
    # runnable but waiting for a CPU (schedstat), timeslices, minor page faults
    rec: dict[str, dict[str, list[float]]] = {
        k: {"wall": [], "cpu": [], "wait": [], "slices": [], "faults": []} for k in rows}
    cpus = [_cpu_now()]
    ru0 = resource.getrusage(resource.RUSAGE_SELF)
    busy0, steal0 = _proc_stat()
    tot0, wall0 = _total_jiffies(), time.perf_counter()
    for _ in range(args.repeat):
        for k, f in rows.items():
            s0, fl0 = _schedstat(), resource.getrusage(resource.RUSAGE_SELF).ru_minflt
            c0 = time.thread_time()
            w = f()
            c1 = time.thread_time()
            s1, fl1 = _schedstat(), resource.getrusage(resource.RUSAGE_SELF).ru_minflt
            r = rec[k]
            r["wall"].append(w)
            r["cpu"].append(c1 - c0)
            r["wait"].append((s1[1] - s0[1]) * 1e-9)
            r["slices"].append(s1[2] - s0[2])
            r["faults"].append(fl1 - fl0)
            c = _cpu_now()
            if c not in cpus:
                cpus.append(c)
    ru1 = resource.getrusage(resource.RUSAGE_SELF)
    busy1, steal1 = _proc_stat()
    tot1 = _total_jiffies()
    wall = time.perf_counter() - wall0
    own = (ru1.ru_utime + ru1.ru_stime - ru0.ru_utime - ru0.ru_stime)
    hz = os.sysconf("SC_CLK_TCK")
    ncpu = os.cpu_count() or 1

    same = bool(np.array_equal(keep_out[0], out_loop) and np.array_equal(out_loop, out_tab)
                and np.array_equal(out_loop, out_batch) and np.array_equal(out_loop, out_copy))
    maps = _maps()
    res = {
        "variant": args.variant,
        "hands": n,
        "best": {k: min(v["wall"]) for k, v in rec.items()},
        "median": {k: statistics.median(v["wall"]) for k, v in rec.items()},
        "best_cpu": {k: min(v["cpu"]) for k, v in rec.items()},
        "runs": rec,
        # 4 cycles a step: imul 3 + add 1; on the CPU time, so waiting for a CPU does not count
        "ghz": 4 * SPIN / min(rec["spin"]["cpu"]) / 1e9,
        "chase_ns": min(rec["chase"]["cpu"]) / CHASE * 1e9,
        "cpus": cpus,
        "affinity": sorted(os.sched_getaffinity(0)),
        "hands_addr": hp,
        "hands_thp_kb": _range_kb(maps, hp, hp + hands.nbytes, "AnonHugePages"),
        "table_addr": tables[2] if have_core_tables else None,
        "table_pmd_kb": _range_kb(maps, tables[2], tables[2] + 4 * 8192, "FilePmdMapped") if have_core_tables else -1,
        "core_base": base,
        "stack": lib.stack_probe(),
        "out_addrs": [a % 4096 for a in lib_outs],
        "out_reused": len(set(lib_outs)) < len(lib_outs),
        "faults_per_call": statistics.mean(rec["lib"]["faults"]),
        "nvcsw": ru1.ru_nivcsw - ru0.ru_nivcsw,
        "steal": (steal1 - steal0) / max(1.0, tot1 - tot0),
        # other processes' share of the machine's cores during the timing
        "other_load": max(0.0, ((busy1 - busy0) / hz - own) / (wall * ncpu)),
        "same": same,
    }
    print(json.dumps(res))
    return 0


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--processes", type=int, default=24, help="fresh processes to start (default 24)")
    ap.add_argument("--hands", type=int, default=1_000_000, help="hands per call (default 1,000,000)")
    ap.add_argument("--repeat", type=int, default=9, help="timed runs of each row per process (default 9)")
    ap.add_argument("--variants", default="default", help="comma-separated variants, cycled (default: default)")
    ap.add_argument("--slow", type=float, default=1.2,
                    help="a process is slow when its best is over this times the median (default 1.2)")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"), help="C compiler for the control")
    ap.add_argument("--json", help="also write every process's record to this file")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--so", help=argparse.SUPPRESS)
    ap.add_argument("--variant", help=argparse.SUPPRESS)
    ap.add_argument("--core", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    return child(args) if args.child else parent(args)


if __name__ == "__main__":
    sys.exit(main())
