"""The Fantasyland solver against known boards (``solve_fantasyland(..., against=)``)
beside the royalty solver on the same hands: CPU time a hand, median and worst.

    python bench/fantasyland_points.py                 # 300 hands of 14 (Pineapple), 100 of 17 (Progressive)
    python bench/fantasyland_points.py --hands 1000 --sizes 14 15 16 17 --boards 2

Each hand is dealt with its other boards from one shuffled deck (the boards
are random complete boards, fouled or not, as dealt); both solvers run on it
back to back (interleaved), so the ratio is measured under the same load.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

import ofc_fast as ofc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=0, help="hands per size (default 300 for 13-14, 100 above)")
    ap.add_argument("--sizes", type=int, nargs="+", default=[14, 17])
    ap.add_argument("--boards", type=int, default=1, help="other seats' boards (1..2)")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    for k in a.sizes:
        rules = ofc.PINEAPPLE if k <= 14 else ofc.PROGRESSIVE
        n = a.hands or (300 if k <= 14 else 100)
        points, royal = [], []
        for _ in range(n):
            deck = rng.permutation(52)
            hand = deck[:k].tolist()
            boards = deck[k:k + 13 * a.boards].reshape(a.boards, 13)
            t0 = time.process_time()
            ofc.solve_fantasyland(hand, rules, against=boards)
            t1 = time.process_time()
            ofc.solve_fantasyland(hand, rules)
            t2 = time.process_time()
            points.append(t1 - t0)
            royal.append(t2 - t1)
        p, r = np.array(points) * 1e3, np.array(royal) * 1e3
        print(f"{k} cards, {a.boards} board(s), {n} hands ({rules.name}): against boards median "
              f"{np.median(p):.2f} ms, worst {p.max():.1f} ms; royalties alone median {np.median(r):.2f} ms, "
              f"worst {r.max():.1f} ms; ratio of medians {np.median(p) / np.median(r):.1f}x")


if __name__ == "__main__":
    main()
