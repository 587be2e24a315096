"""``ofc-fast review``: every decision of a hand-history file searched again (:func:`ofc_fast.review`).

    ofc-fast review hands.ofc --budget 500 --workers 2 --top 5 --csv decisions.csv --plot lost.png
    ofc-fast review hands.ofc --json - | jq .players

Prints the worst decisions as boards (the move played and the best, the points lost) and
a table a player; ``--json``/``--csv`` write the figures, ``--plot`` the points lost a
decision by street (matplotlib).  Every output is checked before the review starts.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import os
import sys
from typing import Any, TextIO

from .options import check_output_paths, check_plot, make_bar


def _hands_in(path: str) -> int | None:
    """The hands of a file (its ``[id]`` header lines), for the progress bar's total."""
    try:
        with open(path, encoding="utf-8") as f:
            return sum(1 for line in f if line.lstrip().startswith("["))
    except (OSError, UnicodeDecodeError):
        return None


def cmd_review(args: argparse.Namespace, out: TextIO) -> int:
    from ..play.history import HistoryError
    from ..sim.review import review
    if args.json == "-" and args.csv == "-":
        raise ValueError("--json - and --csv -: only one of them can go to stdout")
    check_output_paths(args, "--json", "--csv", "--plot")
    plt = check_plot() if args.plot else None
    source: Any = args.file
    total = None
    if args.file == "-":
        source = io.StringIO(sys.stdin.read())
        source.name = "<stdin>"
    else:
        if not os.path.isfile(args.file):
            raise ValueError(f"{args.file}: no such file")
        total = _hands_in(args.file)
    skipped: list[HistoryError] = []

    def skip(e: HistoryError) -> None:
        skipped.append(e)
        print(f"ofc-fast: skipped {' '.join(str(e).split())}", file=sys.stderr)

    bar = make_bar(args, total, "hand", f"review {os.path.basename(args.file)}")
    try:
        res = review(source, budget=args.budget, seed=args.seed, policy=args.policy, workers=args.workers,
                     progress=bar.update if bar is not None else None,
                     on_error=skip if args.skip_bad else None)
    finally:
        if bar is not None:
            bar.close()
    text_out = out if "-" not in (args.json, args.csv) else None
    if text_out is not None:
        _print(res, args, text_out)
    if args.json:
        data = json.dumps(res.to_dict(), indent=1)
        if args.json == "-":
            out.write(data + "\n")
        else:
            with open(args.json, "w", encoding="utf-8") as f:
                f.write(data + "\n")
    if args.csv:
        if args.csv == "-":
            _write_csv(res, out)
        else:
            with open(args.csv, "w", encoding="utf-8", newline="") as f:
                _write_csv(res, f)
    if plt is not None:
        plot_losses(plt, res, args.plot)
    out.flush()
    if skipped:
        print(f"ofc-fast: skipped {len(skipped)} of {len(skipped) + res.hand_count} "
              f"hands", file=sys.stderr)
    return 1 if skipped else 0


def _print(res: Any, args: argparse.Namespace, out: TextIO) -> None:
    s = res.settings
    print(f"{res.hand_count} hands, {len(res.decisions)} decisions reviewed (budget "
          f"{'best_move default' if s['budget'] is None else s['budget']}, policy {s['policy']}, seed {s['seed']})",
          file=out)
    worst = res.worst(args.top)
    if worst:
        many = f"{len(worst)} decisions" if len(worst) > 1 else "decision"
        print(f"\nthe {many} that lost the most points:", file=out)
    for d in worst:
        print("\n" + d.draw("text", symbols=not args.ascii), file=out)
    print("\nper player (points a hand with its 95% CI; lost: points lost a decision):", file=out)
    streets = _streets(res)
    head = (f"{'player':<12} {'hands':>6} {'points':>8} {'95% CI':>17} {'fouls':>6} {'FL in':>6} {'stays':>6} "
            f"{'scoops':>7} {'royalty':>8} {'decisions':>9} {'lost':>7}")
    print(head + "".join(f" {'st ' + k if k != 'FL' else 'FL':>7}" for k in streets), file=out)
    for p in res.players.values():
        line = (f"{p.player:<12} {p.hands:>6} {p.mean:>+8.2f} [{p.ci95[0]:>+7.2f},{p.ci95[1]:>+7.2f}] "
                f"{p.fouls:>6} {p.fantasyland_entries:>6} {p.fantasyland_stays:>6} {p.scoops:>7} "
                f"{p.royalties:>8.2f} {p.decisions:>9} {p.loss:>7.3f}")
        line += "".join(f" {p.loss_by_street[k][1]:>7.3f}" if k in p.loss_by_street else f" {'-':>7}"
                        for k in streets)
        print(line, file=out)


def _streets(res: Any) -> list[str]:
    """The street labels of a review's decisions: 0, 1, ... then FL."""
    labels = {k for p in res.players.values() for k in p.loss_by_street}
    return sorted(labels, key=lambda k: (k == "FL", int(k) if k != "FL" else 0))


def _write_csv(res: Any, f: TextIO) -> None:
    rows = [d.row() for d in res.decisions]
    fields = list(rows[0]) if rows else ["source", "hand", "turn", "player", "seat", "street", "board", "held",
                                         "played", "best", "played_value", "best_value", "loss", "n",
                                         "exact", "seed"]
    w = csv.DictWriter(f, fields, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)


def plot_losses(plt: Any, res: Any, path: str) -> None:
    """Points lost a decision by street, a bar a player a street with its standard error."""
    import numpy as np
    streets = _streets(res)
    players = list(res.players.values())
    fig, ax = plt.subplots(figsize=(max(6.0, 1.2 * len(streets) + 3), 4.2))
    width = 0.8 / max(len(players), 1)
    x = np.arange(len(streets))
    for k, p in enumerate(players):
        mean = [p.loss_by_street[s][1] if s in p.loss_by_street else np.nan for s in streets]
        err = [p.loss_by_street[s][2] if s in p.loss_by_street else np.nan for s in streets]
        err = [0.0 if not np.isfinite(e) else e for e in err]
        ax.bar(x + (k - (len(players) - 1) / 2) * width, mean, width, yerr=err, capsize=3, color=f"C{k}",
               label=f"{p.player}: {p.loss:.2f} a decision ({p.decisions})")
    ax.axhline(0, color="0.3", lw=0.8)
    ax.set_xticks(x)
    ax.set_xticklabels(["Fantasyland" if s == "FL" else f"street {s}" for s in streets])
    ax.set_ylabel("points lost a decision (mean, ± its standard error)")
    s = res.settings
    ax.set_title(f"points lost by street: {res.hand_count} hands, {len(res.decisions)} decisions "
                 f"(best_move budget {s['budget'] or 'default'}, policy {s['policy']})", fontsize=10)
    ax.legend(fontsize=8.5)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
