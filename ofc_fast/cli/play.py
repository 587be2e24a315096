"""Command line for play in progress: ``ofc-fast simulate`` and ``ofc-fast rollout``.

    ofc-fast simulate --rules pineapple --players 3 --hands 1000000 --policy random \\
                      --workers -1 --seed 7 [--json | --csv] [--plot points.png]
    ofc-fast rollout "Qh Qd / 5s 6s 7s / Kc Kd" "2c 3c / 8d 9d Td / Ac Ad" -n 100000 --seed 1
    ofc-fast rollout "-- / -- / --" "-- / -- / --" --hand "Ah Ad 7c 8c 9c" -n 1000 --seed 1

The progress bar is tqdm's (``pip install ofc_fast[cli]``); ``--plot`` needs
matplotlib (``ofc_fast[plot]``).
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

import numpy as np

from ..board.rules import PRESETS, get_rules
from ..hand.cards import card_str


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from ..sim.selfplay import POINTS_RANGE, simulate
    bar: Any = None
    if not args.no_progress:
        try:
            from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
            bar = tqdm(total=args.hands, unit="hand", unit_scale=True, file=sys.stderr,
                       desc=f"{args.rules} x{args.players} {args.policy}")
        except ImportError:
            print("ofc-fast: no progress bar (pip install 'ofc_fast[cli]' for tqdm)",
                  file=sys.stderr)
    try:
        res = simulate(args.rules, args.players, args.hands, policy=args.policy, seed=args.seed,
                       workers=args.workers, progress=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        json.dump(res.to_dict(), out, indent=2)
        print(file=out)
    elif args.csv:
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["seat", "hands", "mean", "stderr", "ci95_low", "ci95_high", "foul_rate",
                    "fantasyland_rate", "royalties"])
        for p in range(args.players):
            w.writerow([p, res.hands, res.mean[p], res.stderr[p], res.ci95[p, 0], res.ci95[p, 1],
                        res.foul_rate[p], res.fantasyland_rate[p], res.royalties[p]])
    else:
        print(f"{res.hands} hands of {args.rules}, {args.players} players, policy "
              f"{args.policy}, seed {args.seed}", file=out)
        for p in range(args.players):
            print(f"  seat {p}: {res.mean[p]:+.4f} points/hand  95% CI [{res.ci95[p, 0]:+.4f}, "
                  f"{res.ci95[p, 1]:+.4f}]  fouls {res.foul_rate[p]:.2%}  Fantasyland "
                  f"{res.fantasyland_rate[p]:.2%}  royalties {res.royalties[p]:.3f}", file=out)
    if args.plot:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            raise ValueError("--plot needs matplotlib: pip install 'ofc_fast[plot]'") from None
        x = np.arange(-POINTS_RANGE, POINTS_RANGE + 1)
        used = np.flatnonzero(res.points_hist.sum(axis=0))
        lo, hi = (used.min(), used.max() + 1) if used.size else (0, x.size)
        fig, ax = plt.subplots(figsize=(8, 4.5))
        for p in range(args.players):
            ax.step(x[lo:hi], res.points_hist[p, lo:hi] / max(res.hands, 1), where="mid",
                    label=f"seat {p}")
        ax.set_xlabel("net points per hand")
        ax.set_ylabel("share of hands")
        ax.set_title(f"{args.rules}, {args.players} players, {args.policy}: {res.hands} hands")
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.plot, dpi=120)
        plt.close(fig)
    return 0


def _top_count(text: str) -> int:
    """--top: how many placements to show, 1 or more."""
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--top is a count of placements, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"--top is 1 or more, got {v}")
    return v


def _fl_counts(text: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(" ", "").split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"a card count per player, like 0,14: got {text!r}") from None


def cmd_rollout(args: argparse.Namespace, out: TextIO) -> int:
    from ..sim.rollout import evaluate_placements, rollout
    rules = get_rules(args.rules)
    if args.hand:
        pl = evaluate_placements((args.boards, args.hand, args.dead), rules, n=args.n,
                                 seed=args.seed, policy=args.policy, workers=args.workers,
                                 fantasyland=args.fantasyland)
        rows = [{"board": card_str(pl.boards[i]), "mean": float(pl.mean[i]),
                 "stderr": float(pl.stderr[i]), "foul_rate": float(pl.foul_rate[i])}
                for i in range(min(args.top, len(pl.codes)))]
        if args.json:
            json.dump(rows, out, indent=2)
            print(file=out)
        else:
            print(f"{len(pl.codes)} placements of {args.hand}, {args.n} completions each "
                  f"(best {len(rows)}):", file=out)
            for row in rows:
                print(f"  {row['board']}: {row['mean']:+.3f} ± {row['stderr']:.3f}  "
                      f"fouls {row['foul_rate']:.1%}", file=out)
        return 0
    res = rollout(args.boards, rules, dead=args.dead, policy=args.policy, n=args.n,
                  seed=args.seed, workers=args.workers, fantasyland=args.fantasyland)
    rows = [{"player": p, "mean": float(res.mean[p]), "stderr": float(res.stderr[p]),
             "foul_rate": float(res.foul_rate[p]),
             "fantasyland_rate": float(res.fantasyland_rate[p]),
             "royalties": float(res.royalties[p])} for p in range(res.mean.size)]
    if args.json:
        json.dump(rows, out, indent=2)
        print(file=out)
    else:
        for row in rows:
            print(f"player {row['player']}: {row['mean']:+.3f} ± {row['stderr']:.3f} points, "
                  f"fouls {row['foul_rate']:.1%}, Fantasyland {row['fantasyland_rate']:.1%}, "
                  f"royalties {row['royalties']:.2f}", file=out)
    return 0


def add_commands(sub: Any) -> dict[str, Callable[[argparse.Namespace, TextIO], int]]:
    """Register ``simulate`` and ``rollout`` on the CLI's subparsers; their handlers by name."""
    s = sub.add_parser("simulate", help="self-play many hands with a policy and summarise them")
    s.add_argument("--rules", default="pineapple", type=str.lower, choices=sorted(PRESETS))
    s.add_argument("--players", type=int, default=2)
    s.add_argument("--hands", type=int, default=100_000)
    s.add_argument("--policy", default="random", type=str.lower, choices=["random", "greedy"])
    s.add_argument("--workers", type=int, default=1, help="threads (-1: every core)")
    s.add_argument("--seed", type=int, default=0)
    fmt = s.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="the summary as JSON")
    fmt.add_argument("--csv", action="store_true", help="one CSV row per seat")
    s.add_argument("--plot", metavar="FILE.png", help="draw the points per hand (matplotlib)")
    s.add_argument("--no-progress", action="store_true", help="no progress bar")
    r = sub.add_parser("rollout", help="Monte Carlo of a position: partial boards given as text")
    r.add_argument("boards", nargs="+", help='partial boards "top / middle / bottom" ("--": empty), '
                                             "players in turn order")
    r.add_argument("--rules", default="pineapple", type=str.lower, choices=sorted(PRESETS))
    r.add_argument("--hand", help="cards player 0 holds: rank every placement of them")
    r.add_argument("--dead", help="cards known to be out (discards)")
    r.add_argument("-n", type=int, default=10_000, help="completions (per placement with --hand)")
    r.add_argument("--policy", default="random", type=str.lower, choices=["random", "greedy"])
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--workers", type=int, default=1)
    r.add_argument("--top", type=_top_count, default=10, help="placements shown with --hand")
    r.add_argument("--fantasyland", type=_fl_counts, metavar="N,N,...",
                   help="cards of each player in Fantasyland, 0 for none (e.g. 0,14): such a "
                        "board is given empty (hidden) or complete")
    r.add_argument("--json", action="store_true")
    return {"simulate": cmd_simulate, "rollout": cmd_rollout}
