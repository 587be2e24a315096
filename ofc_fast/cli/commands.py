"""The ``ofc-fast`` parser and its commands ``eval``, ``score``, ``analyze``, ``fantasyland``,
``show`` (ofc_fast/cli/show.py) and ``review`` (ofc_fast/cli/review.py).

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
import itertools
import json
import os
import re
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from .._version import __version__
from .._workers import resolve_workers
from ..board.boards import Board, analyze, row_texts, score
from ..board.geometry import ROW_SLICES, ROWS
from ..board.rules import Rules
from ..hand.cards import DECK_SIZE, RANKS, card_str, cards
from ..hand.strength import category, describe, lowball27, strength
from .options import add_progress_args, add_rules_args, make_bar, rules_label, rules_of
from .show import add_show_parser, cmd_show, joker_cards, joker_text, read_boards
from .sources import FORMATS, Source, text_lines

_FLAG_WORDS = {"1": True, "0": False, "true": True, "false": False, "yes": True, "no": False}


def _flags(text: str) -> npt.NDArray[np.uint8]:
    """In-Fantasyland flags, one per player ('1,0') or one for all (the type of ``--in-fantasyland``).

    A flag may also be the count a player is in Fantasyland with (13..52),
    which rules with ``stay_cards_mode="current"`` keep on a stay (docs/VARIANTS.md).
    """
    words = [w.strip().lower() for w in text.split(",")]
    if len(words) > 4 or any(w not in _FLAG_WORDS and not (w.isdigit() and 13 <= int(w) <= DECK_SIZE)
                             for w in words):
        raise argparse.ArgumentTypeError(
            f"expected a flag per player such as 1,0 (1/0, true/false, yes/no, or a Fantasyland "
            f"card count 13..52), or one for all; got {text!r}")
    return np.array([int(_FLAG_WORDS[w]) if w in _FLAG_WORDS else int(w) for w in words],
                    dtype=np.uint8)


def _one_line(text: str, limit: int = 600) -> str:
    """A message on one line of bounded length."""
    text = " ".join(text.split("\n"))
    return text if len(text) <= limit else text[:limit - 3] + "..."


def cmd_eval(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_of(args)
    for text in args.hands:
        # a joker is worth the best card the rules let it be (ofc.strength with rules)
        s = strength(text, rules=rules if rules.jokers else None)
        label, name = category(s).label, describe(s)
        # the name starts with its category, except for a high card ('Ace high, ...')
        named = name if name.lower().startswith(label.lower()) else f"{label}: {name}"
        codes = cards(text, jokers=rules.jokers)
        line = f"{card_str(codes)}: strength {s}, {named}"
        if len(codes) == 5 and codes.max() < DECK_SIZE:    # 2-7 lowball has no jokers
            line += f"; 2-7 lowball rank {lowball27(text)}"
        print(line, file=out)
    out.flush()
    return 0


def _row_name(value: int, row: int, rules: Rules) -> str:
    if row == 1 and rules.low:
        from .. import _core
        info = int(_core.lowball_info()[value])
        high = (info >> 8) & 15
        return "2-7: " + ("the nuts" if value == _core.LOWBALL_MAX else f"{RANKS[high]} high low")
    return str(describe(value))


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    # (the commands' own modules load when they run)
    from .analysis import analyze_deals
    rules = rules_of(args)
    boards = read_boards(args.boards, rules)
    deal = np.stack([b.codes for b in boards])
    points = score(deal, rules)
    flags = args.in_fantasyland
    if flags is not None and len(flags) not in (1, len(boards)):
        raise ValueError(f"--in-fantasyland gives {len(flags)} players, the deal has {len(boards)}")
    res = analyze_deals(deal[None], rules, flags)      # one deal: index [0, player]
    if getattr(args, "json", False):
        json.dump(_score_json(boards, res, points, rules, flags), out, indent=2)
        print(file=out)
        out.flush()
        return 0
    print(f"rules: {rules_label(rules)}", file=out)
    for p, b in enumerate(boards):
        foul = " FOULED" if res.fouled[0, p] else ""
        print(f"player {p}: {b}{foul}", file=out)
        for r, name in enumerate(ROWS):
            lo, hi = ROW_SLICES[r]
            print(f"  {name:<6} {card_str(b.codes[lo:hi]):<15} {_row_label(res, p, r, rules):<45} "
                  f"royalties {int(res.royalties[0, p, r])}", file=out)
        jokers = joker_text(b.codes, res.jokers[0, p])
        if jokers:
            print(f"  jokers {jokers}", file=out)
        fl = int(res.fantasyland[0, p])
        print(f"  royalties {int(res.royalties[0, p].sum())}, Fantasyland "
              f"{f'{fl} cards' if fl else 'no'}, points {int(points[p]):+d}", file=out)
    out.flush()
    return 0


def _row_label(res: Any, p: int, r: int, rules: Rules) -> str:
    """The name of player ``p``'s row ``r`` in a scored deal (a fouled 2-7 middle is dead)."""
    if res.fouled[0, p] and r == 1 and rules.low:
        return "dead (fouls)"
    return _row_name(int(res.strength[0, p, r]), r, rules)


def _score_json(boards: list[Board], res: Any, points: Any, rules: Rules, flags: Any) -> dict[str, Any]:
    """``score --json``: the rules and, per player, what the text prints (``stays``: null for a
    player not in Fantasyland)."""
    players = []
    for p, b in enumerate(boards):
        in_fl = bool(flags is not None and flags[0 if len(flags) == 1 else p])
        rows = {name: {"cards": card_str(b.codes[lo:hi]), "strength": int(res.strength[0, p, r]),
                       "name": _row_label(res, p, r, rules), "royalties": int(res.royalties[0, p, r])}
                for r, (name, (lo, hi)) in enumerate(zip(ROWS, ROW_SLICES))}
        player: dict[str, Any] = {
            "player": p, "board": str(b), "fouled": bool(res.fouled[0, p]), "rows": rows,
            "royalties": int(res.royalties[0, p].sum()), "fantasyland": int(res.fantasyland[0, p]),
            "stays": bool(res.stays[0, p]) if in_fl else None, "points": int(points[p])}
        if rules.jokers:
            player["jokers"] = joker_cards(b.codes, res.jokers[0, p])
        players.append(player)
    return {"rules": rules_label(rules), "players": players}


def cmd_analyze(args: argparse.Namespace, out: TextIO) -> int:
    from .analysis import run_deals
    rules = rules_of(args)
    resolve_workers(args.workers)      # a bad value stops before any output
    src = Source(args.file, args.input_format)

    def report(message: str) -> None:
        print(f"ofc-fast: skipped {_one_line(message)}", file=sys.stderr)

    bar = make_bar(args, None, "deal", "analyze")
    try:
        count, skipped = run_deals(src, out, args.format, rules, args.in_fantasyland,
                                   args.skip_bad, report, args.workers,
                                   bar.update if bar is not None else None)
    finally:
        src.close()
        if bar is not None:
            bar.close()
    if skipped:
        print(f"ofc-fast: skipped {skipped} of {count} deals", file=sys.stderr)
        return 1
    return 0


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


# --- fantasyland: the best setting of 13 to 17 cards ---------------------------

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


#: hands solved and printed at a time: output and progress keep coming on a long file
FANTASYLAND_CHUNK = 256


def _fantasyland_hands(args: argparse.Namespace) -> Iterator[tuple[str, str, str]]:
    """(label, where for errors, text) of every hand: the arguments, then the lines of --file.

    The file is streamed a line at a time, each line bounded as ``analyze``'s are.
    """
    found = False
    for i, text in enumerate(args.hands):
        found = True
        yield f"hand {i}", f"hand {i}", text
    if args.file is not None:
        src = Source(args.file, "text")
        try:
            for number, line in text_lines(src):
                line = line.split("#", 1)[0].strip()
                if line:
                    found = True
                    yield f"line {number}", f"{src.name}, line {number}", line
        finally:
            src.close()
    if not found:
        raise ValueError("no hands: give hands as arguments or --file FILE ('-' for stdin)")


def _solve_chunk(hands: list[tuple[str, str, str]], rules: Rules,
                 args: argparse.Namespace) -> list[dict[str, Any]]:
    """The best setting of each hand of a chunk, as the output's dicts (errors name the hand)."""
    from ..solve.fantasyland import FantasylandArrays, solve_fantasyland
    codes = []
    for _, where, text in hands:
        try:
            hand = cards(text, jokers=rules.jokers)
            if not 13 <= hand.size <= 17:
                raise ValueError(f"a Fantasyland hand has 13 to 17 cards, got {hand.size}")
            codes.append(hand)
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
    # hands of one size are solved as one array, on --workers threads
    results: list[dict[str, Any]] = [{} for _ in hands]
    for k in sorted({len(c) for c in codes}):
        rows = [i for i, c in enumerate(codes) if len(c) == k]
        try:
            res = solve_fantasyland(np.stack([codes[i] for i in rows]), rules,
                                    stay_value=args.stay_value, workers=args.workers)
        except ValueError as e:
            text = str(e)
            found = re.match(r"hand (\d+)", text)   # 'hand 3, ...': the 3rd hand of this size
            if found:
                text = hands[rows[int(found.group(1))]][1] + text[found.end():]
            raise ValueError(text) from None
        assert isinstance(res, FantasylandArrays)
        for j, i in enumerate(rows):
            board = Board(res.board[j])
            results[i] = {
                "hand": card_str(codes[i]), "board": str(board), **row_texts(board.codes),
                "royalties": [int(v) for v in res.royalties[j]],
                "stays": bool(res.stays[j]), "fouled": bool(res.fouled[j]),
                "value": float(res.value[j]), "discards": card_str(res.discards[j]),
            }
            if rules.jokers:     # what each joker of the setting became
                results[i]["jokers"] = joker_cards(board.codes, analyze(board.codes, rules).jokers)
    return results


def _print_setting(label: str, r: dict[str, Any], rules: Rules, out: TextIO) -> None:
    print(f"{label}: {r['hand']} ({len(r['hand'].split())} cards, {rules_label(rules)})", file=out)
    # rows holding jokers are named as the board's analysis resolved them
    resolved = analyze(r["board"], rules).strength if r.get("jokers") else None
    for row, name in enumerate(ROWS):
        text = r[name]
        label = "" if rules.low and row == 1 else \
            describe(strength(text) if resolved is None else int(resolved[row]))
        if rules.low and row == 1:
            label = "dead 2-7 low (fouls)" if r["fouled"] else "2-7 low"
        print(f"  {name:<6} {text:<15} {label:<40} royalties {r['royalties'][row]}", file=out)
    state = "FOULED (no legal setting)" if r["fouled"] else \
        f"royalties {sum(r['royalties'])}, stays in Fantasyland: {'yes' if r['stays'] else 'no'}"
    print(f"  {state}, value {r['value']:g}", file=out)
    if r.get("jokers"):
        print(f"  jokers {', '.join(f'{j} = {c}' for j, c in r['jokers'].items())}", file=out)
    print(f"  discards {r['discards'] or 'none'}", file=out)


def _fantasyland_command(args: argparse.Namespace, out: TextIO) -> int:
    """``ofc-fast fantasyland``: the best setting of each hand (ofc_fast.fantasyland), streamed.

    Hands are read, solved and printed a chunk at a time; a bad hand stops the
    run with its place after the output of the chunks before it (a JSON list
    is closed first, so what was written stays valid JSON).
    """
    rules = rules_of(args)
    resolve_workers(args.workers)      # a bad value stops before any output
    bar = make_bar(args, None if args.file is not None else len(args.hands), "hand", "fantasyland")
    written = 0
    try:
        hands = _fantasyland_hands(args)
        while True:
            chunk = list(itertools.islice(hands, FANTASYLAND_CHUNK))
            if not chunk:
                break
            results = _solve_chunk(chunk, rules, args)
            for (label, _, _), r in zip(chunk, results):
                if args.json:
                    # the layout of json.dump(results, indent=1), an item at a time
                    item = json.dumps([r], indent=1)[2:-2]
                    out.write(("[\n" if not written else ",\n") + item)
                else:
                    _print_setting(label, r, rules, out)
                written += 1
            out.flush()
            if bar is not None:
                bar.update(len(chunk))
    finally:
        if bar is not None:
            bar.close()
        if args.json and written:
            out.write("\n]\n")
            out.flush()
    if args.json and not written:
        out.write("[]\n")
    return 0


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


def _main(argv: Sequence[str] | None = None) -> int:
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
    add_show_parser(sub)
    from .review import add_review_parser, cmd_review
    add_review_parser(sub)
    from .play import add_commands  # simulate, rollout (play in progress)
    play = add_commands(sub)
    args = ap.parse_args(argv)
    try:
        if args.command in play:
            return play[args.command](args, sys.stdout)
        return {"eval": cmd_eval, "score": cmd_score, "analyze": cmd_analyze,
                "fantasyland": _fantasyland_command, "show": cmd_show,
                "review": cmd_review}[args.command](args, sys.stdout)
    except BrokenPipeError:
        raise
    except OSError as err:
        print(f"ofc-fast: error: {_one_line(os_error_text(err))}", file=sys.stderr)
        return 2
    except (ValueError, TypeError) as err:
        print(f"ofc-fast: error: {_one_line(str(err))}", file=sys.stderr)
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
