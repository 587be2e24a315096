"""The ``ofc-fast`` parser and ``main``: every command's arguments and help, and the dispatch
to the command's module, loaded when it runs (``scoring``: ``eval``, ``score``, ``analyze``,
``fantasyland``; ``show``; ``review``; ``play``: ``simulate``, ``rollout``, ``best``).  This
module imports no numpy and no core: ``ofc-fast --help`` and ``ofc-fast CMD --help`` load
neither.

    ofc-fast eval "Ah Kd 2c" "Qh Qd 5c 5d 2s"
    ofc-fast score "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d" \\
                   "Ah Jd 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d" --rules pineapple
    ofc-fast analyze deals.txt --rules low --format json
    ofc-fast fantasyland "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd" --rules progressive --stay-value 20

Exit status: 0 done; 1 some deals or hands were skipped (``analyze --skip-bad``,
``show --history FILE --skip-bad``, ``review --skip-bad``); 2 an error (bad arguments, a file that cannot
be read, the first bad deal or hand without ``--skip-bad``); 130 interrupted; 141
the output pipe was closed (``| head``).
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from .._version import __version__
from .options import (
    add_policy_arg,
    add_progress_args,
    add_rules_args,
    count_arg,
    one_line,
    policy_name,
)
from .sources import FORMATS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

_FLAG_WORDS = {"1": True, "0": False, "true": True, "false": False, "yes": True, "no": False}


def _flags(text: str) -> npt.NDArray[np.uint8]:
    """In-Fantasyland flags, one per player ('1,0') or one for all (the type of ``--in-fantasyland``).

    A flag may also be the count a player is in Fantasyland with (13..52),
    which rules with ``stay_cards_mode="current"`` keep on a stay (docs/VARIANTS.md).
    """
    import numpy as np  # loaded when the option is given (a command runs), not for --help

    from ..hand.cards import DECK_SIZE
    words = [w.strip().lower() for w in text.split(",")]
    if len(words) > 4 or any(w not in _FLAG_WORDS and not (w.isdigit() and 13 <= int(w) <= DECK_SIZE)
                             for w in words):
        raise argparse.ArgumentTypeError(
            f"expected a flag per player such as 1,0 (1/0, true/false, yes/no, or a Fantasyland "
            f"card count 13..52), or one for all; got {text!r}")
    return np.array([int(_FLAG_WORDS[w]) if w in _FLAG_WORDS else int(w) for w in words],
                    dtype=np.uint8)


#: what a file error means, in the command line's words (the most specific class first)
_OS_ERRORS: tuple[tuple[type[OSError], str], ...] = (
    (FileNotFoundError, "no such file or folder"),
    (IsADirectoryError, "is a folder, not a file"),
    (NotADirectoryError, "a part of the path is not a folder"),
    (PermissionError, "permission denied"),
)


def os_error_text(err: OSError) -> str:
    """A file error as one line naming the file: ``nothere.txt: no such file or folder``
    (no ``[Errno 2]``; an error without a file keeps the system's words).

    >>> os_error_text(FileNotFoundError(2, "No such file or directory", "nothere.txt"))
    'nothere.txt: no such file or folder'
    """
    if err.filename is None:
        return err.strerror or str(err)
    for kind, words in _OS_ERRORS:
        if isinstance(err, kind):
            return f"{err.filename}: {words}"
    return f"{err.filename}: {(err.strerror or str(err)).lower()}"


def _closed_pipe() -> int:
    """The reader went away (``| head``): stop quietly, as command line tools do."""
    try:
        # the interpreter flushes stdout once more at exit: let that go nowhere
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return 141


def _stay_value_arg(text: str) -> float | dict[int, float]:
    """``--stay-value``: a number, or ``COUNT=VALUE`` pairs separated by commas."""
    try:
        if "=" not in text:
            return float(text)
        pairs = (item.split("=", 1) for item in text.split(",") if item.strip())
        return {int(count): float(value) for count, value in pairs}
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give a number (20) or Fantasyland card counts and values (14=20,15=25)") from None


def _fl_counts(text: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(" ", "").split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"a card count per player, like 0,14: got {text!r}") from None


def _add_fantasyland_parser(sub: Any) -> None:
    f = sub.add_parser(
        "fantasyland", help="the best setting of Fantasyland hands of 13 to 17 cards",
        description="The best setting of each hand: royalties plus --stay-value when it stays in "
                    "Fantasyland.  Hands are arguments and/or lines of --file (one hand a line, "
                    "'#' starts a comment; '-' reads stdin).")
    f.add_argument("hands", nargs="*", help='a hand of 13 to 17 cards, e.g. "As Ks Qs Js Ts 9h ..."')
    f.add_argument("--file", help="a file of hands, one a line ('-' for stdin)")
    add_rules_args(f)
    f.add_argument("--stay-value", type=_stay_value_arg, default=0.0,
                   help="value of staying in Fantasyland: a number, or card counts and values "
                        "(14=20,15=25; the count used is the rules' stay count)")
    f.add_argument("--workers", type=int, default=1, help="threads (-1: every core)")
    f.add_argument("--json", action="store_true", help="print JSON, a list with one object per hand")
    add_progress_args(f)


def _add_show_parser(sub: Any) -> None:
    """``show`` (ofc_fast/cli/show.py)."""
    p = sub.add_parser(
        "show", help="draw boards or a game: text with suit symbols, --svg and --html files",
        description="Draw the boards of a deal (one per player, with royalties per row, fouls and "
                    "net points under the rules), a game's history (Game.to_json, '-' for stdin) "
                    "or every hand of an OFC hand-history file (docs/HISTORY.md) as text with suit "
                    "symbols; --svg and --html write pictures.")
    p.add_argument("boards", nargs="*", help='a board "top / middle / bottom", one per player')
    p.add_argument("--history", metavar="FILE",
                   help="a game's history (Game.to_json) to draw at its end, or a file of OFC hand "
                        "histories (docs/HISTORY.md) to draw hand by hand; '-' reads stdin")
    p.add_argument("--skip-bad", action="store_true",
                   help="with a hand-history file: name each bad hand on stderr (file, hand, line, "
                        "what is wrong) and go on (exit status 1); without, the first bad hand is "
                        "an error (exit status 2)")
    add_rules_args(p)
    p.add_argument("--svg", metavar="FILE", help="write the picture as SVG (of a hand-history "
                                                 "file: its last hand)")
    p.add_argument("--html", metavar="FILE", help="write the picture as an HTML page (of a "
                                                  "hand-history file: every hand)")
    p.add_argument("--ascii", action="store_true", help="suits as letters (Ah) rather than symbols")


def _add_review_parser(sub: Any) -> None:
    """``review`` (ofc_fast/cli/review.py)."""
    p = sub.add_parser(
        "review", help="review every decision of a hand-history file with the search (ofc.review)",
        description="Search every decision of the hands of an OFC hand-history file (docs/HISTORY.md) "
                    "again from the deciding seat's own view (ofc.best_move with --budget "
                    "completions) and print the decisions that lost the most points, as boards "
                    "(the move played and the best), and a table a player (docs/REVIEW.md).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("file", help="a hand-history file ('-' reads stdin)")
    p.add_argument("--budget", type=count_arg("--budget"), default=None,
                   help="completions a decision (default: best_move's)")
    p.add_argument("--seed", type=int, default=0, help="the search's seed (each decision's comes from it "
                                                       "and what the seat sees)")
    add_policy_arg(p, "the search's completions are played", default="heuristic")
    p.add_argument("--workers", type=int, default=1, help="hands reviewed at once, on threads (-1: every core)")
    p.add_argument("--top", type=count_arg("--top", 0), default=5, help="worst decisions drawn (0: none)")
    p.add_argument("--json", metavar="OUT", help="write the review as JSON ('-': stdout, instead of the text)")
    p.add_argument("--csv", metavar="OUT", help="write one CSV row a decision ('-': stdout, instead of the text)")
    p.add_argument("--plot", metavar="FILE.png", help="draw the points lost a decision by street "
                                                      "(needs matplotlib)")
    p.add_argument("--skip-bad", action="store_true",
                   help="name each bad hand on stderr and go on (exit status 1); without, the first "
                        "bad hand is an error (exit status 2)")
    p.add_argument("--ascii", action="store_true", help="suits as letters (Ah) rather than symbols")
    add_progress_args(p)


def _add_play_parsers(sub: Any) -> None:
    """``simulate``, ``rollout`` and ``best`` (ofc_fast/cli/play.py)."""
    fmt_class = argparse.ArgumentDefaultsHelpFormatter
    s = sub.add_parser(
        "simulate", help="self-play many hands with a policy and summarise them",
        description="Self-play --hands hands of --players seats, every seat playing --policy, "
                    "and print each seat's mean points per hand with its 95% CI, foul, "
                    "Fantasyland and royalty rates.", formatter_class=fmt_class)
    add_rules_args(s)
    s.add_argument("--players", type=int, default=2, help="seats at the table")
    s.add_argument("--hands", type=count_arg("--hands"), default=100_000, help="hands to play (1 or more)")
    add_policy_arg(s, "every seat places its cards")
    s.add_argument("--against", type=policy_name, metavar="NAME",
                   help="the other seats play this policy: each deal is played once per seat, "
                        "--policy in that seat (the same cards: duplicate play), through Game "
                        "(no --workers); the summary is --policy's points against the others'")
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
                   help="draw each seat's points per hand, mean and CI marked; with --against, "
                        "the two policies' means side by side too (needs matplotlib)")
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
    r.add_argument("-n", type=count_arg("-n"), default=10_000,
                   help="completions (per placement with --hand)")
    add_policy_arg(r, "the boards are completed", default="heuristic")
    r.add_argument("--seed", type=int, default=0, help="the completions' seed")
    r.add_argument("--workers", type=int, default=1, help="threads (-1: every core)")
    r.add_argument("--top", type=count_arg("--top"), default=None,
                   help="placements shown with --hand (default 10)")
    r.add_argument("--fantasyland", type=_fl_counts, metavar="N,N,...",
                   help="cards of each player in Fantasyland, 0 for none (e.g. 0,14): such a "
                        "board is given empty (hidden) or complete")
    r.add_argument("--json", action="store_true", help="the results as JSON")
    r.add_argument("--plot", metavar="FILE.png",
                   help="draw each player's mean points with its 95%% CI (with --hand: the best "
                        "placements') (needs matplotlib)")
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
    b.add_argument("--budget", type=count_arg("--budget"), default=None,
                   help="completions to spend (default: best_move's)")
    b.add_argument("--seconds", type=float, default=None, help="a time limit besides the budget")
    add_policy_arg(b, "the completions are played", default="heuristic")
    b.add_argument("--seed", type=int, default=0, help="the completions' seed")
    b.add_argument("--workers", type=int, default=1, help="threads (-1: every core)")
    b.add_argument("--top", type=count_arg("--top"), default=None, help="candidates shown (default: all kept)")
    b.add_argument("--fantasyland", type=_fl_counts, metavar="N,N,...",
                   help="cards of each player in Fantasyland, 0 for none (player 0 in Fantasyland: "
                        "--hand holds its 13-17 cards)")
    b.add_argument("--json", action="store_true", help="the move and its figures as JSON")
    add_progress_args(b)


def build_parser() -> argparse.ArgumentParser:
    """The ``ofc-fast`` parser: every command's arguments and help (no command's module loads)."""
    ap = argparse.ArgumentParser(prog="ofc-fast", description="Open Face Chinese Poker evaluation.",
                                 epilog="exit status: 0 done, 1 skipped (--skip-bad), 2 error, "
                                        "130 interrupted (Ctrl-C), 141 output pipe closed")
    ap.add_argument("--version", action="version", version=f"ofc-fast {__version__}")
    sub = ap.add_subparsers(dest="command", required=True)
    e = sub.add_parser("eval", help="strength, category and name of hands of 3 or 5 cards")
    e.add_argument("hands", nargs="+", help='a hand, e.g. "Ah Kd 2c" ("As X1 X2" with --jokers 2)')
    add_rules_args(e)
    s = sub.add_parser("score", help="score one deal: per player and row, royalties, fouls, Fantasyland")
    s.add_argument("boards", nargs="+", help='a board "top / middle / bottom", one per player')
    add_rules_args(s)
    s.add_argument("--in-fantasyland", type=_flags, metavar="FLAGS",
                   help="players in Fantasyland: a flag per player (1,0) or one for all; "
                        "a count (13..52) is the cards a player is in Fantasyland with")
    s.add_argument("--json", action="store_true",
                   help="print JSON: the rules and one object per player (board, fouled, rows, "
                        "royalties, fantasyland, stays: null when not in Fantasyland, points)")
    a = sub.add_parser("analyze", help="analyze and score deals from a file (one per line, "
                                       "boards separated by ';', or JSON); '-' reads stdin",
                       description=_ANALYZE_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("file", help="a deals file; '-' reads stdin")
    add_rules_args(a)
    a.add_argument("--format", default="csv", choices=["csv", "json", "jsonl"],
                   help="output: CSV, one JSON list, or JSON Lines (default csv)")
    a.add_argument("--input-format", default="auto", choices=("auto",) + FORMATS,
                   help="input: text, json or jsonl (default: jsonl for .jsonl and .ndjson, "
                        "else by the content)")
    a.add_argument("--in-fantasyland", type=_flags, metavar="FLAGS",
                   help="players in Fantasyland in every deal: a flag per player (1,0) or one "
                        "for all (or a count 13..52, the cards a player is in Fantasyland with); "
                        "'*' before a board in the file marks one player")
    a.add_argument("--skip-bad", action="store_true",
                   help="report a bad deal on stderr with its line and go on (exit status 1)")
    a.add_argument("--workers", type=int, default=1, help="threads for the kernels (-1: every core)")
    add_progress_args(a)
    _add_fantasyland_parser(sub)
    _add_show_parser(sub)
    _add_review_parser(sub)
    _add_play_parsers(sub)            # simulate, rollout, best (play in progress)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ofc-fast`` with ``argv`` (default: the command line); returns the exit status
    (``ofc_fast.cli.main`` answers ``--version`` before importing this module)."""
    try:
        code = _main(argv)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        return _closed_pipe()
    except KeyboardInterrupt:
        print("ofc-fast: interrupted", file=sys.stderr)
        return 130


def _command(name: str) -> Callable[[argparse.Namespace, TextIO], int]:
    """The function that runs command ``name``: its module loads here, when it runs."""
    if name in ("eval", "score", "analyze", "fantasyland"):
        from . import scoring
        return {"eval": scoring.cmd_eval, "score": scoring.cmd_score, "analyze": scoring.cmd_analyze,
                "fantasyland": scoring.cmd_fantasyland}[name]
    if name == "show":
        from .show import cmd_show
        return cmd_show
    if name == "review":
        from .review import cmd_review
        return cmd_review
    from . import play
    return {"simulate": play.cmd_simulate, "rollout": play.cmd_rollout, "best": play.cmd_best}[name]


def _main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    run = _command(args.command)
    try:
        return run(args, sys.stdout)
    except BrokenPipeError:
        raise
    except OSError as err:
        print(f"ofc-fast: error: {one_line(os_error_text(err))}", file=sys.stderr)
        return 2
    except (ValueError, TypeError) as err:
        print(f"ofc-fast: error: {one_line(str(err))}", file=sys.stderr)
        return 2


_ANALYZE_HELP = """\
Analyze and score every deal of a file: one row per player with the board,
foul, row strengths, royalties, Fantasyland, stay (a player in Fantasyland
only: empty, or null in JSON, for the others) and net points.

Input (UTF-8, a byte-order mark is fine):
  text   one deal a line, boards separated by ';', each "top / middle / bottom"
         (or '|') or 13 cards in order; '#' starts a comment; '*' before a
         board: that player is in Fantasyland
  json   a list of deals, or {"deals": [...]}, read one deal at a time
  jsonl  one deal a line
  A JSON deal is a board string, a list of boards (strings, or lists of 13
  card texts or codes 0..51), or {"boards": [...], "in_fantasyland": [...]}.
  Jokers (X1, X2, codes 52, 53) are cards where the rules deal them
  (--jokers N or "jokers" in --rules-file); each adds a column, the card it
  became (joker_x1, joker_x2).

Deals are read, evaluated and written in chunks: output starts at once and
memory stays small.  The first bad deal stops the run with its file and line
(exit status 2) after the rows before it; --skip-bad reports each bad deal
and goes on (exit status 1 if any was skipped).
"""


if __name__ == "__main__":
    sys.exit(main())
