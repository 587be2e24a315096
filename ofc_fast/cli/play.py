"""Command line for play in progress: ``ofc-fast simulate``, ``ofc-fast rollout`` and ``ofc-fast best``
(their arguments are in ofc_fast/cli/commands.py, the parser; this module loads when one runs).

    ofc-fast simulate --rules pineapple --players 3 --hands 1000000 --policy random \\
                      --workers -1 --seed 7 [--json | --csv] [--plot points.png]
    ofc-fast simulate --policy heuristic --hands 10000 --histories hands.ofc   # a dataset of hands
    ofc-fast simulate --policy heuristic --against random --hands 5000 --plot against.png
    ofc-fast rollout "Qh Qd / 5s 6s 7s / Kc Kd" "2c 3c / 8d 9d Td / Ac Ad" -n 100000 --seed 1 [--plot r.png]
    ofc-fast rollout "-- / -- / --" "-- / -- / --" --hand "Ah Ad 7c 8c 9c" -n 1000 --seed 1
    ofc-fast best "-- / -- / --" "-- / -- / --" --hand "Ah Ad 7c 8c 9c" [--budget 2000] [--json]

The progress bar is tqdm's (``pip install 'ofc_fast[cli]'``, from a checkout
``pip install '.[cli]'``); where stderr is not a terminal, progress comes as
lines now and then (cli/options.py, ``Progress``); ``--plot`` needs
matplotlib (``[plot]``).
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
    check_output_paths,
    check_plot,
    make_bar,
    rules_label,
    rules_of,
)


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from ..sim.selfplay import simulate
    rules = rules_of(args)
    rules.check_players(args.players)          # before any bar or run
    if args.histories == "-":
        raise ValueError("--histories -: stdout holds the summary; give the histories a file")
    check_output_paths(args, "--plot", "--histories")
    plt = check_plot() if args.plot else None
    policies = _seat_policies(args)
    hands = args.hands * (args.players if args.against else 1)
    who = args.policy if not args.against else f"{args.policy} vs {args.against}"
    bar = make_bar(args, hands, "hand", f"{rules.name} x{args.players} {who}")
    try:
        if args.histories or args.against:
            res = _simulate_histories(rules, args, bar.update if bar is not None else None)
        else:
            res = simulate(rules, args.players, args.hands, policy=args.policy, seed=args.seed,
                           workers=args.workers, progress=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
    names = _seat_names(args)
    if args.json:
        data = res.to_dict()
        if args.against:
            data["seats"] = names
        json.dump(data, out, indent=2)
        print(file=out)
    elif args.csv:
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["seat", "hands", "mean", "stderr", "ci95_low", "ci95_high", "foul_rate",
                    "fantasyland_rate", "royalties"] + (["policy"] if args.against else []))
        for p in range(args.players):
            w.writerow([p, res.hands, res.mean[p], res.stderr[p], res.ci95[p, 0], res.ci95[p, 1],
                        res.foul_rate[p], res.fantasyland_rate[p], res.royalties[p]]
                       + ([policies[p]] if args.against else []))
    else:
        if args.against:
            print(f"{args.hands} deals of {rules_label(rules)}, {args.players} players, each deal "
                  f"played {args.players} times with {args.policy} in each seat in turn ({res.hands} "
                  f"hands), seed {args.seed}", file=out)
            for name in dict.fromkeys(policies):
                print(f"  policy {name}: {POLICY_DESCRIPTIONS[name]}", file=out)
        else:
            print(f"{res.hands} hands of {rules_label(rules)}, {args.players} players, policy "
                  f"{args.policy}, seed {args.seed}", file=out)
            print(f"  policy {args.policy}: {POLICY_DESCRIPTIONS[args.policy]}", file=out)
        for p in range(args.players):
            print(f"  {names[p]}: {res.mean[p]:+.4f} points/hand  95% CI [{res.ci95[p, 0]:+.4f}, "
                  f"{res.ci95[p, 1]:+.4f}]  fouls {res.foul_rate[p]:.2%}  Fantasyland "
                  f"{res.fantasyland_rate[p]:.2%}  royalties {res.royalties[p]:.3f}", file=out)
    if plt is not None:
        plot_points(plt, res, rules, args.players, names, args.plot)
    return 0


def _seat_policies(args: argparse.Namespace) -> list[str]:
    """The policy of each row of the summary: --policy for all, or (--against) --policy first."""
    return [args.policy] + [args.against or args.policy] * (args.players - 1)


def _seat_names(args: argparse.Namespace) -> list[str]:
    """How the summary and the plot name each of its rows: a seat, or (--against) a policy."""
    if not args.against:
        return [f"seat {p}" for p in range(args.players)]
    if args.players == 2:
        return [args.policy, args.against]
    return [args.policy] + [f"{args.against} ({k})" for k in range(1, args.players)]


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
    """simulate's hands played one by one through Game (so that their moves can be written, or
    seats can play different policies), each written to ``--histories`` as it ends; the summary
    is that of those very hands (the C self-play draws the random policies' choices from other
    streams).

    With ``--against``: each deal is played once per seat, ``--policy`` in that seat and
    ``--against`` in the others (the same cards: duplicate play), and the summary's row 0 is
    ``--policy``'s points, rows 1.. the others' in seat order after it.
    """
    from ..play.history import write_histories
    from ..sim.selfplay import summarise_hands
    P = args.players

    def played(f: TextIO | None) -> Any:
        written = 0
        for i in range(args.hands):
            for k in range(P if args.against else 1):
                g = hand_game(rules, P, args.seed, i)
                if args.against:
                    g.play_hand([args.policy if q == k else args.against for q in range(P)])
                else:
                    g.play_hand(args.policy)
                if f is not None:
                    write_histories([g], f, start=written + 1)      # this file's hand written + 1
                written += 1
                order = [k] + [q for q in range(P) if q != k]    # --policy's seat first
                yield (g.scores[order], np.asarray(g.royalties)[order], np.asarray(g.fouled)[order],
                       np.asarray(g.next_fantasyland)[order])
                if progress is not None:
                    progress(1)

    if not args.histories:
        res = summarise_hands(rules, P, played(None), policy=args.policy)
    else:
        with open(args.histories, "w", encoding="utf-8") as f:
            res = summarise_hands(rules, P, played(f), policy=args.policy)
    # (a NamedTuple: the label of two policies is the command line's, not a policy's name)
    return res._replace(policy=f"{args.policy} vs {args.against}") if args.against else res


#: the bars of a points panel labelled with their share: the largest few
LABELLED_BARS = 4


def _label_bar(ax: Any, x: float, y: float, text: str, mean: float) -> None:
    """Text over a bar: centred, or next to the mean line on the side away from it (a label
    never crosses the line)."""
    near = abs(x - mean) < 2.5
    right = x >= mean
    ax.annotate(text, (mean, y) if near else (x, y), xytext=((3 if right else -3) if near else 0, 2),
                textcoords="offset points", ha=("left" if right else "right") if near else "center",
                va="bottom", fontsize=7.5, color="0.2")


def _apart(u: float, v: float, mean: float) -> bool:
    """Whether the labels of bars u and v go apart: both next to the mean line, one each side."""
    return abs(u - mean) < 2.5 and abs(v - mean) < 2.5 and (u >= mean) != (v >= mean)


def plot_points(plt: Any, res: Any, rules: Rules, players: int, names: list[str], path: str) -> None:
    """Each summary row's net points per hand, a panel each: the mean as a dashed line (its
    value on it), the 95% CI as a band where it is wide enough to see (else in words only),
    and the largest bars and the scoop spikes labelled.  Rows of different policies
    (``simulate --against``) get a first panel of the means side by side with their CIs:
    policy A against policy B in one picture."""
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
    versus = len(set(names)) > 1 and not names[0].startswith("seat ")
    top = 1 if versus else 0
    # two players against each other: the second panel would be the first one's mirror
    panels = 1 if versus and players == 2 else players
    heights = ([1.2 + 0.45 * players] if versus else []) + [2.0] * panels
    fig, axes = plt.subplots(panels + top, 1, figsize=(9, 1.2 + sum(heights)), squeeze=False,
                             gridspec_kw={"height_ratios": heights})
    if versus:
        _plot_means(axes[0, 0], res, names)
    band_shown = False
    for p in range(panels):
        ax = axes[p + top, 0]
        share = res.points_hist[p, lo:hi] / max(res.hands, 1)
        ax.bar(x[lo:hi], share, width=1.0, color=f"C{p}", alpha=0.75)
        mean, (c_lo, c_hi) = float(res.mean[p]), (float(res.ci95[p, 0]), float(res.ci95[p, 1]))
        ymax = max(float(share.max()) * 1.5, 1e-9)
        ax.set_ylim(0, ymax)
        ax.set_xlim(x[lo] - 0.5, x[hi - 1] + 0.5)
        if c_hi - c_lo >= 0.6:          # a band narrower than a bar could not be seen
            ax.axvspan(c_lo, c_hi, color="k", alpha=0.15, lw=0)
            band_shown = True
        ax.axvline(mean, color="k", lw=1.2, ls="--")
        ax.annotate(f"mean {mean:+.3f}", (mean, ymax), xytext=(4, -3), textcoords="offset points",
                    ha="left", va="top", fontsize=8, fontweight="bold")
        # the figures over the panel, clear of its bars and lines
        ax.set_title(f"{names[p]}: mean {mean:+.3f} points/hand, 95% CI [{c_lo:+.3f}, {c_hi:+.3f}]\n"
                f"fouls {res.foul_rate[p]:.1%}, Fantasyland {res.fantasyland_rate[p]:.1%}",
                fontsize=8.5, loc="left")
        # the largest bars with their share; the scoops' spikes with what they are
        # (a scoop of k opponents moves k x (3 rows + the bonus) points before royalties)
        words = {sign * k * scoop: f"{'scoops' if sign > 0 else 'scooped by'} {k}"
                 for k in range(1, players) for sign in (-1, 1)}
        largest = np.argsort(share)[::-1][:LABELLED_BARS].tolist()
        spikes = [i for i in (v + POINTS_RANGE - lo for v in words) if 0 <= i < share.size]
        placed: list[int] = []
        for i in sorted(set(largest) | set(spikes), key=lambda i: -share[i]):
            v = int(x[lo + i])
            # no sliver, and no label over a larger bar's label (near it on the same side)
            if share[i] < 0.005 or any(abs(v - u) < 3 and not _apart(u, v, mean) for u in placed):
                continue
            placed.append(v)
            text = f"{v:+d}: {share[i]:.0%}" + (f"\n{words[v]}" if v in words else "")
            _label_bar(ax, v, float(share[i]), text, mean)
        ax.set_ylabel("share of hands")
    band = "grey band: its 95% CI" if band_shown else "its 95% CI is over each panel (narrower than a bar)"
    axes[-1, 0].set_xlabel(f"net points per hand; dashed line: the mean, {band}\n"
                           f"scoop: {scoop} points an opponent (scooped: a foul or every row lost)")
    for p in range(top, panels + top - 1):
        axes[p, 0].tick_params(labelbottom=False)
    what = f"{names[0]} against {names[1].split(' (')[0]}" if versus else f"policy {res.policy}"
    fig.suptitle(f"{rules.name}, {players} players, {what}: {res.hands:,} hands")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _plot_means(ax: Any, res: Any, names: list[str]) -> None:
    """One bar per row: its mean points per hand with its 95% CI, the figures at its end."""
    _mean_bars(ax, names, res.mean.astype(float), res.ci95.astype(float),
               [f"C{p}" for p in range(len(names))])
    ax.set_xlabel("mean net points per hand, 95% CI")


def _mean_bars(ax: Any, names: list[str], means: Any, ci: Any, colors: list[str]) -> None:
    """Horizontal bars of means, the first on top, each with its 95% CI ``ci`` (k, 2) as an error
    bar and ``+m [lo, hi]`` written past its end, clear of the zero line."""
    y = np.arange(len(names))[::-1]
    ax.barh(y, means, xerr=np.abs(ci.T - means), color=colors, alpha=0.8, capsize=4)
    ax.axvline(0, color="0.3", lw=0.8)
    span = float(np.max(np.abs(ci))) or 1.0
    ax.set_xlim(-1.7 * span if (ci < 0).any() else -0.05 * span, 1.7 * span if (ci > 0).any() else 0.05 * span)
    for k in range(len(names)):
        # past a bar's CI, or (a bar below zero) right of the zero line: never over the names
        at = max(float(ci[k, 1]), 0.0) if means[k] >= 0 else 0.0
        ax.annotate(f"{means[k]:+.3f} [{ci[k, 0]:+.3f}, {ci[k, 1]:+.3f}]", (at, y[k]),
                    xytext=(5, 0), textcoords="offset points", ha="left", va="center", fontsize=8.5)
    ax.set_yticks(y, names)


def plot_rollout(plt: Any, names: list[str], means: Any, stderr: Any, title: str, xlabel: str,
                 path: str, best: bool = False) -> None:
    """``rollout --plot``: each player's (or, with --hand, each placement's) mean points with
    its 95% CI (mean +- 1.96 standard errors); ``best``: the first bar is the best placement,
    drawn in its own colour."""
    means = np.asarray(means, dtype=float)
    ci = np.stack([means - 1.96 * np.asarray(stderr), means + 1.96 * np.asarray(stderr)], axis=1)
    colors = (["C2"] + ["C0"] * (len(names) - 1)) if best else [f"C{p}" for p in range(len(names))]
    fig, ax = plt.subplots(figsize=(9, 1.4 + 0.42 * len(names)))
    _mean_bars(ax, names, means, ci, colors)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


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
    check_output_paths(args, "--plot")
    plt = check_plot() if args.plot else None
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
        if plt is not None:
            plot_rollout(plt, [f"{r['board']}  (fouls {r['foul_rate']:.0%})" for r in rows],
                         [r["mean"] for r in rows], [r["stderr"] for r in rows],
                         f"{args.hand}: the best {len(rows)} of {len(pl.codes)} placements\n"
                         f"({rules.name}, {args.n:,} completions each, policy {pl.policy})",
                         "mean net points of player 0, 95% CI (best first, in green)", args.plot, best=True)
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
    if plt is not None:
        plot_rollout(plt, [f"player {r['player']}  (fouls {r['foul_rate']:.0%}, Fantasyland "
                           f"{r['fantasyland_rate']:.0%})" for r in rows],
                     [r["mean"] for r in rows], [r["stderr"] for r in rows],
                     f"{' | '.join(args.boards)}\n({rules.name}, {args.n:,} completions, policy {res.policy})",
                     "mean net points per player, 95% CI", args.plot)
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
    # the bar counts completions: --budget of them (the time limit may stop it sooner)
    bar = make_bar(args, args.budget, "completion", "best", limit=args.seconds)
    try:
        m = best_move(position, rules, budget=args.budget, seconds=args.seconds, seed=args.seed,
                      policy=args.policy, workers=args.workers, fantasyland=args.fantasyland,
                      progress=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
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
