"""Speed of play in progress (issue 9): dealing, self-play, rollouts, placements.

    python bench/play.py [--repeat 5] [--scale 1.0]

Prints medians; bench/compare.py includes the same rows (play_rows).  Peers
measured on the project's machine: a C++ engine plays about 250,000 random
heads-up Pineapple hands/s and completes about 210,000 boards/s; Python
engines manage 400-900 rollouts or games/s.
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import ofc_fast as ofc
from ofc_fast.sim.rollout import evaluate_placements, rollout
from ofc_fast.sim.selfplay import simulate

OPENING = (["-- / -- / --", "-- / -- / --"], "Ah Ad 7c 8c 9c")
FIRST5 = ["Qh 2c / 5s 6s / Kd", "-- / -- / --"]     # 5 cards placed, the opponent to start
BOTH5 = ["Qh 2c / 5s 6s / Kd", "Ah 3d / 7h 8h / Kc"]  # both boards from their first 5 cards


def play_cases(scale: float = 1.0) -> list[tuple[str, Callable[[], Any], int, str]]:
    """(name, call, items per call, unit) rows."""
    n_deal = int(2_000_000 * scale)
    n_hand = int(1_000_000 * scale)
    n_roll = int(1_000_000 * scale)
    n_greedy = max(1, int(2_000 * scale))
    return [
        ("ofc.deal heads-up (2 x 13 cards), workers=1",
         lambda: ofc.deal(n_deal, "pineapple", 2, seed=1), n_deal, "deals"),
        ("ofc.deal 3 players (3 x 13 cards), workers=1",
         lambda: ofc.deal(n_deal, "pineapple", 3, seed=1), n_deal, "deals"),
        ("simulate random heads-up Pineapple, deal to score, workers=1 (C++ peer ~250k/s)",
         lambda: simulate("pineapple", 2, n_hand, seed=1), n_hand, "hands"),
        ("rollout random completions from 5 cards placed, workers=1 (C++ peer ~210k/s)",
         lambda: rollout(FIRST5, "pineapple", n=n_roll, seed=1, policy="random"), n_roll, "completions"),
        ("rollout random completions of both boards from their first 5 cards, workers=1",
         lambda: rollout(BOTH5, "pineapple", n=n_roll, seed=1, policy="random"), n_roll, "completions"),
        ("simulate greedy heads-up Pineapple (heuristic shortlist, 32 heuristic completions each), workers=1",
         lambda: simulate("pineapple", 2, n_greedy, policy="greedy", seed=1), n_greedy, "hands"),
        ("evaluate_placements Pineapple opening, 232 x 1000 random completions, workers=2",
         lambda: evaluate_placements(OPENING, n=1000, seed=1, workers=2, policy="random"), 1, "calls"),
        ("rollout heuristic completions from 5 cards placed (the default policy), workers=1",
         lambda: rollout(FIRST5, "pineapple", n=n_roll // 100, seed=1), n_roll // 100, "completions"),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--scale", type=float, default=1.0)
    args = ap.parse_args()
    for name, fn, n, unit in play_cases(args.scale):
        fn()   # warm up
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        med = statistics.median(times)
        print(f"{name:<88} {n / med:>14,.0f} {unit}/s   median {med * 1e3:9.2f} ms")


if __name__ == "__main__":
    main()
