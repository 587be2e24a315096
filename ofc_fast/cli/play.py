"""Command line for play in progress: ``ofc-fast simulate``, ``ofc-fast rollout`` and ``ofc-fast best``.

    ofc-fast simulate --rules pineapple --players 3 --hands 1000000 --policy random \\
                      --workers -1 --seed 7 [--json | --csv] [--plot points.png]
    ofc-fast simulate --policy heuristic --hands 10000 --histories hands.ofc   # a dataset of hands
    ofc-fast rollout "Qh Qd / 5s 6s 7s / Kc Kd" "2c 3c / 8d 9d Td / Ac Ad" -n 100000 --seed 1
    ofc-fast rollout "-- / -- / --" "-- / -- / --" --hand "Ah Ad 7c 8c 9c" -n 1000 --seed 1
    ofc-fast best "-- / -- / --" "-- / -- / --" --hand "Ah Ad 7c 8c 9c" [--budget 2000] [--json]

The progress bar is tqdm's (``pip install 'ofc_fast[cli]'``, from a checkout
``pip install '.[cli]'``); ``--plot`` needs matplotlib (``[plot]``).
"""
from __future__ import annotations

import argparse
import csv
import json
from collections.abc import Callable
from typing import Any, TextIO

import numpy as np

from ..board.boards import board_text, row_texts
from ..board.geometry import ROW_SLICES, ROWS
from ..board.rules import Rules
from ..hand.cards import card_str, cards
from ..play.game import POLICY_DESCRIPTIONS
from .options import (
    INSTALL_PLOT,
    add_policy_arg,
    add_progress_args,
    add_rules_args,
    make_bar,
    rules_label,
    rules_of,
)


def _count(what: str) -> Callable[[str], int]:
    """The type of a count argument: an int of 1 or more (a count of 0 means nothing)."""
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} is a count, got {text!r}") from None
        if v < 1:
            raise argparse.ArgumentTypeError(f"{what} is 1 or more, got {v}")
        return v
    return parse


def _check_plot() -> Any:
    """matplotlib's pyplot (Agg), or the error that says how to install it: before any run."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError(f"--plot needs matplotlib: {INSTALL_PLOT}") from None
    return plt


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from ..sim.selfplay import simulate
    rules = rules_of(args)
    rules.check_players(args.players)          # before any bar or run
    plt = _check_plot() if args.plot else None
    if args.histories == "-":
        raise ValueError("--histories -: stdout holds the summary; give the histories a file")
    bar = make_bar(args, args.hands, "hand", f"{rules.name} x{args.players} {args.policy}")
    try:
        if args.histories:
            res = _simulate_histories(rules, args, bar.update if bar is not None else None)
        else:
            res = simulate(rules, args.players, args.hands, policy=args.policy, seed=args.seed,
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
        print(f"{res.hands} hands of {rules_label(rules)}, {args.players} players, policy "
              f"{args.policy}, seed {args.seed}", file=out)
        print(f"  policy {args.policy}: {POLICY_DESCRIPTIONS[args.policy]}", file=out)
        for p in range(args.players):
            print(f"  seat {p}: {res.mean[p]:+.4f} points/hand  95% CI [{res.ci95[p, 0]:+.4f}, "
                  f"{res.ci95[p, 1]:+.4f}]  fouls {res.foul_rate[p]:.2%}  Fantasyland "
                  f"{res.fantasyland_rate[p]:.2%}  royalties {res.royalties[p]:.3f}", file=out)
    if plt is not None:
        plot_points(plt, res, rules, args.players, args.policy, args.plot)
    return 0


def hand_game(rules: Rules, players: int, seed: int, hand: int) -> Any:
    """A Game dealt self-play's hand ``hand`` of ``seed`` (stream ``hand``, the button on seat
    ``hand % players``, nobody in Fantasyland: the cards ``deal`` gives), ready to play."""
    from ..play.dealing import deal
    from ..play.game import Game
    cards = deal(1, rules, players, seed=seed, street=rules.rounds, start=hand)[0]
    deck: list[int] = []
    pos = 0
    for k in [rules.first_round] + [rules.round_cards] * rules.rounds:   # round the table, street by street
        for p in range(players):
            deck += cards[p, pos:pos + k].tolist()
        pos += k
    dealt = set(deck)
    deck += [c for c in range(52 + rules.jokers) if c not in dealt]
    return Game.replay({"rules": rules.to_dict(), "players": players, "seed": seed,
                        "button": hand % players, "fantasyland": [0] * players, "hands": [[]],
                        "match": False, "decks": {"0": deck}})


def _simulate_histories(rules: Rules, args: argparse.Namespace, progress: Callable[[int], None] | None) -> Any:
    """simulate's hands played one by one through Game (so that their moves can be written), each
    written to ``--histories`` as it ends; the summary is that of those very hands
    (the C self-play draws the random policies' choices from other streams)."""
    from ..play.history import write_histories
    from ..sim.selfplay import summarise_hands

    def played(f: TextIO) -> Any:
        for i in range(args.hands):
            g = hand_game(rules, args.players, args.seed, i)
            g.play_hand(args.policy)
            write_histories([g], f, start=i + 1)      # this file's hand i + 1
            yield g.scores, g.royalties, g.fouled, g.next_fantasyland
            if progress is not None:
                progress(1)

    with open(args.histories, "w", encoding="utf-8") as f:
        return summarise_hands(rules, args.players, played(f), policy=args.policy)


def plot_points(plt: Any, res: Any, rules: Rules, players: int, policy: str, path: str) -> None:
    """Each seat's net points per hand, one panel per seat: the mean and its 95% CI marked,
    and the spikes of scoops (all three rows, a foul included) labelled."""
    from ..sim.selfplay import POINTS_RANGE
    x = np.arange(-POINTS_RANGE, POINTS_RANGE + 1)
    # the range holding all but 0.1% of the hands (a few huge royalties would squeeze the rest)
    counts = res.points_hist.sum(axis=0)
    cum = np.cumsum(counts) / max(int(counts.sum()), 1)
    if counts.any():
        lo, hi = int(np.searchsorted(cum, 0.0005)), int(np.searchsorted(cum, 0.9995)) + 1
    else:
        lo, hi = POINTS_RANGE - 10, POINTS_RANGE + 11
    lo, hi = max(0, lo - 3), min(x.size, hi + 3)
    scoop = 3 + rules.scoop_bonus
    fig, axes = plt.subplots(players, 1, figsize=(9, 2.2 + 2.0 * players), sharex=True, squeeze=False)
    for p in range(players):
        ax = axes[p, 0]
        share = res.points_hist[p, lo:hi] / max(res.hands, 1)
        ax.bar(x[lo:hi], share, width=1.0, color=f"C{p}", alpha=0.75)
        mean, (c_lo, c_hi) = float(res.mean[p]), (float(res.ci95[p, 0]), float(res.ci95[p, 1]))
        ax.axvspan(c_lo, c_hi, color="k", alpha=0.15)
        ax.axvline(mean, color="k", lw=1.2)
        ax.text(0.01, 0.95, f"seat {p}: mean {mean:+.3f} points/hand, 95% CI [{c_lo:+.3f}, {c_hi:+.3f}]\n"
                f"fouls {res.foul_rate[p]:.1%}, Fantasyland {res.fantasyland_rate[p]:.1%}",
                transform=ax.transAxes, va="top", fontsize=8.5,
                bbox={"boxstyle": "round", "fc": "white", "ec": "0.8"})
        # a scoop of k opponents moves k x (3 rows + the bonus) points before royalties
        for k in range(1, players):
            for sign, words in ((-1, f"scooped by {k}"), (1, f"scoops {k}")):
                v = sign * k * scoop
                i = v + POINTS_RANGE - lo
                if 0 <= i < share.size and share[i] >= 0.005:   # a spike, not a sliver
                    ax.annotate(f"{v:+d}\n{words}", (v, share[i]), xytext=(0, 2),
                                textcoords="offset points", ha="center", fontsize=7.5, color="0.25")
        i = POINTS_RANGE - lo
        if 0 <= i < share.size and share[i] > 0:
            ax.annotate("0\neven", (0, share[i]), xytext=(0, 2), textcoords="offset points",
                        ha="center", fontsize=7.5, color="0.25")
        ax.set_ylabel("share of hands")
        ax.set_ylim(0, max(float(share.max()) * 1.45, 1e-9))
    axes[-1, 0].set_xlabel("net points per hand (black line: the mean; grey band: its 95% CI)\n"
                           f"the spikes: scoops, {scoop} points an opponent (scooped: a foul or "
                           "every row lost); even: rows split, or every player fouled")
    fig.suptitle(f"{rules.name}, {players} players, policy {policy}: {res.hands:,} hands")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _fl_counts(text: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(" ", "").split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"a card count per player, like 0,14: got {text!r}") from None


def _with_progress(fn: Callable[..., Any], args: argparse.Namespace, desc: str,
                   total: int | None, **kwargs: Any) -> Any:
    """Run a rollout function with a bar of the completions it reports done."""
    bar = make_bar(args, total, "game", desc)
    try:
        return fn(**kwargs, progress=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()


def cmd_rollout(args: argparse.Namespace, out: TextIO) -> int:
    from ..sim.rollout import evaluate_placements, placement_count, rollout
    rules = rules_of(args)
    if args.top is not None and not args.hand:
        raise ValueError("--top ranks the placements of --hand: give --hand CARDS too")
    policy = f"policy {args.policy}: {POLICY_DESCRIPTIONS[args.policy]}"
    if args.hand:
        position = (args.boards, args.hand, args.dead)
        # the bar counts completions: n for each legal placement (a bad position stops here)
        total = args.n * placement_count(position, rules, fantasyland=args.fantasyland)
        pl = _with_progress(evaluate_placements, args, "placements", total,
                            position=position, rules=rules, n=args.n,
                            seed=args.seed, policy=args.policy, workers=args.workers,
                            fantasyland=args.fantasyland)
        top = 10 if args.top is None else args.top
        # each row names the policy that filled the boards (a list of rows, as before)
        rows = [{"board": board_text(pl.boards[i]), "mean": float(pl.mean[i]),
                 "stderr": float(pl.stderr[i]), "foul_rate": float(pl.foul_rate[i]), "policy": pl.policy}
                for i in range(min(top, len(pl.codes)))]
        if args.json:
            json.dump(rows, out, indent=2)
            print(file=out)
        else:
            print(f"{len(pl.codes)} placements of {args.hand}, {args.n} completions each "
                  f"(best {len(rows)}), the boards filled by {policy}", file=out)
            for row in rows:
                print(f"  {row['board']}: {row['mean']:+.3f} ± {row['stderr']:.3f}  "
                      f"fouls {row['foul_rate']:.1%}", file=out)
        return 0
    res = _with_progress(rollout, args, "rollout", args.n, boards=args.boards, rules=rules, dead=args.dead,
                         policy=args.policy, n=args.n, seed=args.seed, workers=args.workers,
                         fantasyland=args.fantasyland)
    rows = [{"player": p, "mean": float(res.mean[p]), "stderr": float(res.stderr[p]),
             "foul_rate": float(res.foul_rate[p]),
             "fantasyland_rate": float(res.fantasyland_rate[p]),
             "royalties": float(res.royalties[p]), "policy": res.policy} for p in range(res.mean.size)]
    if args.json:
        json.dump(rows, out, indent=2)
        print(file=out)
    else:
        print(f"{args.n} completions of the boards, filled by {policy}", file=out)
        for row in rows:
            print(f"player {row['player']}: {row['mean']:+.3f} ± {row['stderr']:.3f} points, "
                  f"fouls {row['foul_rate']:.1%}, Fantasyland {row['fantasyland_rate']:.1%}, "
                  f"royalties {row['royalties']:.2f}", file=out)
    return 0


def _placed(before: Any, after: Any) -> dict[str, str]:
    """The cards a move puts in each row: ``{"top": "Ah", ...}`` (``""`` for none)."""
    out = {}
    for name, (lo, hi) in zip(ROWS, ROW_SLICES):
        old = {int(c) for c in before[lo:hi]}
        out[name] = card_str([int(c) for c in after[lo:hi] if int(c) not in old])
    return out


def cmd_best(args: argparse.Namespace, out: TextIO) -> int:
    from ..board.partial import partial_boards
    from ..sim.search import best_move
    rules = rules_of(args)
    position = (args.boards, args.hand, args.dead)
    m = best_move(position, rules, budget=args.budget, seconds=args.seconds, seed=args.seed,
                  policy=args.policy, workers=args.workers, fantasyland=args.fantasyland)
    before = partial_boards(args.boards, rules.jokers).reshape(-1, 13)[0]
    fantasyland = bool(args.fantasyland and args.fantasyland[0])   # the move sets the whole board
    placed = row_texts(m.board) if fantasyland else _placed(before, m.board)
    held = [int(c) for c in cards(args.hand, jokers=rules.jokers)]
    discarded = card_str([c for c in held if c not in {int(x) for x in m.board}])
    kept = len(m.boards)   # (a Fantasyland setting has no action code: count the boards)
    top = kept if args.top is None else min(args.top, kept)
    rows = [{"board": board_text(m.boards[i]), "mean": float(m.mean[i]), "stderr": float(m.stderr[i]),
             "n": int(m.n[i]), "exact": bool(m.exact[i]), "foul_rate": float(m.foul_rate[i]),
             "fantasyland_rate": float(m.fantasyland_rate[i]), "royalties": float(m.royalties[i])}
            for i in range(top)]
    if args.json:
        json.dump({"move": m.move if isinstance(m.move, int) else [int(c) for c in m.move],
                   "board": board_text(m.board), "placed": placed, "discarded": discarded,
                   "completions": int(m.completions), "seconds": float(m.seconds), "policy": m.policy,
                   "candidates": rows}, out, indent=2)
        print(file=out)
        return 0
    how = "exact" if rows and all(r["exact"] for r in rows) else f"{m.completions} completions"
    print(f"best move for {args.hand} ({how}, {m.seconds * 1000:.0f} ms, the boards filled by "
          f"policy {m.policy}):", file=out)
    for name in ("top", "middle", "bottom"):
        print(f"  {name:<7} {placed[name] or '-'}", file=out)
    if discarded:
        print(f"  {'discard':<7} {discarded}", file=out)
    print(f"  board   {board_text(m.board)}", file=out)
    print(f"candidates kept ({len(rows)} of {max(len(m.codes), kept)}), best first:", file=out)
    for r in rows:
        err = "exact" if r["exact"] else f"± {r['stderr']:.3f}"
        print(f"  {r['board']}: {r['mean']:+.3f} {err}  n {r['n']}  fouls {r['foul_rate']:.1%}  "
              f"Fantasyland {r['fantasyland_rate']:.1%}  royalties {r['royalties']:.2f}", file=out)
    return 0


def add_commands(sub: Any) -> dict[str, Callable[[argparse.Namespace, TextIO], int]]:
    """Register ``simulate`` and ``rollout`` on the CLI's subparsers; their handlers by name."""
    fmt_class = argparse.ArgumentDefaultsHelpFormatter
    s = sub.add_parser(
        "simulate", help="self-play many hands with a policy and summarise them",
        description="Self-play --hands hands of --players seats, every seat playing --policy, "
                    "and print each seat's mean points per hand with its 95% CI, foul, "
                    "Fantasyland and royalty rates.", formatter_class=fmt_class)
    add_rules_args(s)
    s.add_argument("--players", type=int, default=2, help="seats at the table")
    s.add_argument("--hands", type=_count("--hands"), default=100_000, help="hands to play (1 or more)")
    add_policy_arg(s, "every seat places its cards")
    s.add_argument("--workers", type=int, default=1, help="threads (-1: every core)")
    s.add_argument("--seed", type=int, default=0, help="the deals' seed: the same seed, the same hands")
    fmt = s.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="the summary as JSON")
    fmt.add_argument("--csv", action="store_true", help="one CSV row per seat")
    s.add_argument("--histories", metavar="FILE",
                   help="write every hand played as an OFC hand history (docs/HISTORY.md), one "
                        "after another: the hands are played one at a time through Game (no "
                        "--workers), and the summary is of those hands")
    s.add_argument("--plot", metavar="FILE.png",
                   help="draw each seat's points per hand, mean and CI marked (needs matplotlib)")
    add_progress_args(s)
    r = sub.add_parser(
        "rollout", help="Monte Carlo of a position: partial boards given as text",
        description="Complete the partial boards -n times, each card dealt from the unseen "
                    "ones and placed by --policy, and print each player's mean points, fouls "
                    "and Fantasyland rate.  With --hand: rank every placement of the cards "
                    "player 0 holds by its mean over -n completions.", formatter_class=fmt_class)
    r.add_argument("boards", nargs="+", help='partial boards "top / middle / bottom" ("--": empty), '
                                             "players in turn order")
    add_rules_args(r)
    r.add_argument("--hand", help="cards player 0 holds: rank every placement of them")
    r.add_argument("--dead", help="cards known to be out (discards)")
    r.add_argument("-n", type=_count("-n"), default=10_000,
                   help="completions (per placement with --hand)")
    add_policy_arg(r, "the boards are completed", default="heuristic")
    r.add_argument("--seed", type=int, default=0, help="the completions' seed")
    r.add_argument("--workers", type=int, default=1, help="threads (-1: every core)")
    r.add_argument("--top", type=_count("--top"), default=None,
                   help="placements shown with --hand (default 10)")
    r.add_argument("--fantasyland", type=_fl_counts, metavar="N,N,...",
                   help="cards of each player in Fantasyland, 0 for none (e.g. 0,14): such a "
                        "board is given empty (hidden) or complete")
    r.add_argument("--json", action="store_true", help="the results as JSON")
    add_progress_args(r)
    b = sub.add_parser(
        "best", help="the best move of a position in one call: a budgeted search (ofc.best_move)",
        description="Search the placements of the cards player 0 holds (--hand) with a budget of "
                    "completions (common random numbers, successive halving; exact on the last "
                    "street) and print the move as top / middle / bottom with the figures of "
                    "the candidates it kept.", formatter_class=fmt_class)
    b.add_argument("boards", nargs="+", help='partial boards "top / middle / bottom" ("--": empty), '
                                             "players in turn order, player 0 to act")
    add_rules_args(b)
    b.add_argument("--hand", required=True, help="the cards player 0 holds")
    b.add_argument("--dead", help="cards known to be out (player 0's discards)")
    b.add_argument("--budget", type=_count("--budget"), default=None,
                   help="completions to spend (default: best_move's)")
    b.add_argument("--seconds", type=float, default=None, help="a time limit besides the budget")
    add_policy_arg(b, "the completions are played", default="heuristic")
    b.add_argument("--seed", type=int, default=0, help="the completions' seed")
    b.add_argument("--workers", type=int, default=1, help="threads (-1: every core)")
    b.add_argument("--top", type=_count("--top"), default=None, help="candidates shown (default: all kept)")
    b.add_argument("--fantasyland", type=_fl_counts, metavar="N,N,...",
                   help="cards of each player in Fantasyland, 0 for none (player 0 in Fantasyland: "
                        "--hand holds its 13-17 cards)")
    b.add_argument("--json", action="store_true", help="the move and its figures as JSON")
    return {"simulate": cmd_simulate, "rollout": cmd_rollout, "best": cmd_best}
