"""Command line: ``ofc-fast eval``, ``ofc-fast score``, ``ofc-fast analyze`` and ``ofc-fast fantasyland``.

    ofc-fast eval "Ah Kd 2c" "Qh Qd 5c 5d 2s"
    ofc-fast score "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d" \\
                   "Ah Jd 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d" --rules pineapple
    ofc-fast analyze deals.txt --rules low --format json
    ofc-fast fantasyland "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd" --rules progressive --stay-value 20

Exit status: 0 done; 1 some deals were skipped (``analyze --skip-bad``); 2 an
error (bad arguments, a file that cannot be read, the first bad deal without
``--skip-bad``); 130 interrupted; 141 the output pipe was closed (``| head``).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from .._workers import resolve_workers
from ..board.boards import Board, analyze, score
from ..board.geometry import ROW_SLICES, ROWS
from ..board.rules import HOUSE_RULES, PRESETS, Rules, get_rules
from ..hand.cards import DECK_SIZE, RANKS, card_str
from ..hand.strength import HandCategory, category, describe, lowball27, strength
from .io import FORMATS, Source, run_deals

#: the rules a name can give: the presets, then the house variants (docs/VARIANTS.md)
_NAMED: dict[str, Rules] = {**PRESETS, **HOUSE_RULES}


def _rules(name: str) -> Rules:
    key = _preset(name)
    return get_rules(key) if key in PRESETS else HOUSE_RULES[key]


def _preset(name: str) -> str:
    """A preset's or house variant's name in any case (the type of ``--rules``)."""
    key = name.strip().lower()
    if key not in _NAMED:
        raise argparse.ArgumentTypeError(
            f"unknown rules {name!r}: one of {', '.join(sorted(PRESETS))}, or a house variant "
            f"({', '.join(HOUSE_RULES)}) (or --rules-file FILE.json)")
    return key


def load_rules_file(path: str) -> Rules:
    """Rules from a JSON file: ``{"preset": "pineapple", "scoop_bonus": 6, ...}``.

    ``preset`` (any case, default pineapple) is the starting point; every
    other key is a field of :class:`~ofc_fast.Rules` to change (lists for
    tables, a ``HandCategory`` name or null for ``stay_*``); ``name``
    defaults to the file's name without its extension.  Rules validates
    the result; errors name the file and the field.
    """
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ValueError(f"{path}: cannot read the rules file: {e.strerror}") from None
    try:
        obj = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as e:
        raise ValueError(f"{path}: not UTF-8 text: byte 0x{data[e.start]:02x} at offset {e.start}") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not valid JSON: line {e.lineno} column {e.colno}: {e.msg}") from None
    except RecursionError:
        raise ValueError(f"{path}: not valid JSON: nested too deeply") from None
    if not isinstance(obj, dict):
        raise ValueError(  # noqa: TRY004  (the file's content, not an argument's type)
                         f'{path}: a rules file is a JSON object such as {{"preset": "pineapple", '
                         f'"scoop_bonus": 6}}, got {type(obj).__name__}')
    changes = dict(obj)
    preset = changes.pop("preset", "pineapple")
    if not isinstance(preset, str) or preset.strip().lower() not in _NAMED:
        raise ValueError(f'{path}: field "preset" is one of {", ".join(sorted(PRESETS))}, or a house '
                         f'variant ({", ".join(HOUSE_RULES)}), got {preset!r}')
    fields = {f.name for f in dataclasses.fields(Rules)}
    unknown = sorted(set(changes) - fields)
    if unknown:
        raise ValueError(f'{path}: unknown field {unknown[0]!r}; a rules file has "preset" and '
                         f'fields of Rules: {", ".join(sorted(fields))}')
    changes.setdefault("name", os.path.splitext(os.path.basename(path))[0])
    for row in ("stay_top", "stay_middle", "stay_bottom"):
        value = changes.get(row)
        if isinstance(value, str):
            try:
                changes[row] = HandCategory[value.strip().upper()]
            except KeyError:
                raise ValueError(f'{path}: field "{row}": {value!r} is not a hand category (one of '
                                 f'{", ".join(c.name for c in HandCategory)}, or null)') from None
    try:
        return dataclasses.replace(_NAMED[preset.strip().lower()], **changes)
    except (ValueError, TypeError) as e:
        raise ValueError(f"{path}: {e}") from None


def _rules_of(args: argparse.Namespace) -> Rules:
    if getattr(args, "rules_file", None):
        return load_rules_file(args.rules_file)
    return _rules(args.rules)


def _add_rules_args(parser: argparse.ArgumentParser) -> None:
    """``--rules NAME`` (any case) or ``--rules-file FILE.json``."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--rules", default="pineapple", type=_preset, metavar="NAME",
                       help=f"preset rules, any case: {', '.join(sorted(PRESETS))} (default pineapple), "
                            f"or a house variant of docs/VARIANTS.md ({', '.join(HOUSE_RULES)})")
    group.add_argument("--rules-file", metavar="FILE.json",
                       help='custom rules: {"preset": "pineapple", "scoop_bonus": 6, ...}, any field of Rules')


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
    for text in args.hands:
        s = strength(text)
        line = f"{card_str(np.asarray(_codes(text)))}: strength {s}, {category(s).label}: {describe(s)}"
        if len(_codes(text)) == 5:
            line += f"; 2-7 lowball rank {lowball27(text)}"
        print(line, file=out)
    out.flush()
    return 0


def _codes(text: str) -> list[int]:
    from ..hand.cards import cards
    return [int(c) for c in cards(text)]


def _row_name(value: int, row: int, rules: Rules) -> str:
    if row == 1 and rules.low:
        from .. import _core
        info = int(_core.lowball_info()[value])
        high = (info >> 8) & 15
        return "2-7: " + ("the nuts" if value == _core.LOWBALL_MAX else f"{RANKS[high]} high low")
    return str(describe(value))


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules_of(args)
    boards = [Board.parse(t) for t in args.boards]
    deal = np.stack([b.codes for b in boards])
    points = score(deal, rules)
    flags = args.in_fantasyland
    if flags is not None and len(flags) not in (1, len(boards)):
        raise ValueError(f"--in-fantasyland gives {len(flags)} players, the deal has {len(boards)}")
    res = analyze(deal, rules, in_fantasyland=flags)
    print(f"rules: {rules.name}", file=out)
    for p, b in enumerate(boards):
        foul = " FOULED" if res.fouled[p] else ""
        print(f"player {p}: {b}{foul}", file=out)
        for r, name in enumerate(ROWS):
            lo, hi = ROW_SLICES[r]
            label = "dead (fouls)" if (res.fouled[p] and r == 1 and rules.low) else \
                _row_name(int(res.strength[p, r]), r, rules)
            print(f"  {name:<6} {card_str(b.codes[lo:hi]):<15} {label:<45} royalties {int(res.royalties[p, r])}",
                  file=out)
        fl = int(res.fantasyland[p])
        print(f"  royalties {int(res.royalties[p].sum())}, Fantasyland "
              f"{f'{fl} cards' if fl else 'no'}, points {int(points[p]):+d}", file=out)
    out.flush()
    return 0


def cmd_analyze(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules_of(args)
    resolve_workers(args.workers)      # a bad value stops before any output
    src = Source(args.file, args.input_format)

    def report(message: str) -> None:
        print(f"ofc-fast: skipped {_one_line(message)}", file=sys.stderr)

    try:
        count, skipped = run_deals(src, out, args.format, rules, args.in_fantasyland,
                                   args.skip_bad, report, args.workers)
    finally:
        src.close()
    if skipped:
        print(f"ofc-fast: skipped {skipped} of {count} deals", file=sys.stderr)
        return 1
    return 0


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


def _fantasyland_hands(args: argparse.Namespace) -> list[tuple[str, str]]:
    """(where, text) of every hand: the arguments, then the lines of --file."""
    hands = [(f"hand {i}", text) for i, text in enumerate(args.hands)]
    if args.file is not None:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
        for number, line in enumerate(text.splitlines(), start=1):
            line = line.split("#", 1)[0].strip()
            if line:
                hands.append((f"line {number}", line))
    if not hands:
        raise ValueError("no hands: give hands as arguments or --file FILE ('-' for stdin)")
    return hands


def _fantasyland_command(args: argparse.Namespace, out: TextIO) -> int:
    """``ofc-fast fantasyland``: the best setting of each hand (ofc_fast.fantasyland)."""
    from ..hand.cards import cards
    from ..solve.fantasyland import FantasylandArrays, solve_fantasyland
    rules = _rules_of(args)
    hands = _fantasyland_hands(args)
    codes = []
    for where, text in hands:
        try:
            hand = cards(text)
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
                text = hands[rows[int(found.group(1))]][0] + text[found.end():]
            raise ValueError(text) from None
        assert isinstance(res, FantasylandArrays)
        for j, i in enumerate(rows):
            board = Board(res.board[j])
            results[i] = {
                "hand": card_str(codes[i]), "board": str(board),
                **{name: card_str(board.codes[lo:hi]) for name, (lo, hi) in
                   zip(ROWS, ROW_SLICES)},
                "royalties": [int(v) for v in res.royalties[j]],
                "stays": bool(res.stays[j]), "fouled": bool(res.fouled[j]),
                "value": float(res.value[j]), "discards": card_str(res.discards[j]),
            }
    if args.json:
        json.dump(results, out, indent=1)
        print(file=out)
        return 0
    for (where, _), r in zip(hands, results):
        print(f"{where}: {r['hand']} ({len(r['hand'].split())} cards, {rules.name})", file=out)
        for row, name in enumerate(ROWS):
            text = r[name]
            label = "" if rules.low and row == 1 else describe(strength(text))
            if rules.low and row == 1:
                label = "dead 2-7 low (fouls)" if r["fouled"] else "2-7 low"
            print(f"  {name:<6} {text:<15} {label:<40} royalties {r['royalties'][row]}", file=out)
        state = "FOULED (no legal setting)" if r["fouled"] else \
            f"royalties {sum(r['royalties'])}, stays in Fantasyland: {'yes' if r['stays'] else 'no'}"
        print(f"  {state}, value {r['value']:g}", file=out)
        print(f"  discards {r['discards'] or 'none'}", file=out)
    return 0


def _add_fantasyland_parser(sub: Any) -> None:
    f = sub.add_parser(
        "fantasyland", help="the best setting of Fantasyland hands of 13 to 17 cards",
        description="The best setting of each hand: royalties plus --stay-value when it stays in "
                    "Fantasyland.  Hands are arguments and/or lines of --file (one hand a line, "
                    "'#' starts a comment; '-' reads stdin).")
    f.add_argument("hands", nargs="*", help='a hand of 13 to 17 cards, e.g. "As Ks Qs Js Ts 9h ..."')
    f.add_argument("--file", help="a file of hands, one a line ('-' for stdin)")
    _add_rules_args(f)
    f.add_argument("--stay-value", type=_stay_value_arg, default=0.0,
                   help="value of staying in Fantasyland: a number, or card counts and values "
                        "(14=20,15=25; the count used is the rules' stay count)")
    f.add_argument("--workers", type=int, default=1, help="threads (-1: every core)")
    f.add_argument("--json", action="store_true", help="print JSON, a list with one object per hand")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ofc-fast`` with ``argv`` (default: the command line); returns the exit status."""
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
    from .. import __version__

    ap = argparse.ArgumentParser(prog="ofc-fast", description="Open Face Chinese Poker evaluation.",
                                 epilog="exit status: 0 done, 1 deals skipped (--skip-bad), 2 error, "
                                        "141 output pipe closed")
    ap.add_argument("--version", action="version", version=f"ofc-fast {__version__}")
    sub = ap.add_subparsers(dest="command", required=True)
    e = sub.add_parser("eval", help="strength, category and name of hands of 3 or 5 cards")
    e.add_argument("hands", nargs="+", help='a hand, e.g. "Ah Kd 2c"')
    s = sub.add_parser("score", help="score one deal: per player and row, royalties, fouls, Fantasyland")
    s.add_argument("boards", nargs="+", help='a board "top / middle / bottom", one per player')
    _add_rules_args(s)
    s.add_argument("--in-fantasyland", type=_flags, metavar="FLAGS",
                   help="players in Fantasyland: a flag per player (1,0) or one for all; "
                        "a count (13..52) is the cards a player is in Fantasyland with")
    a = sub.add_parser("analyze", help="analyze and score deals from a file (one per line, "
                                       "boards separated by ';', or JSON); '-' reads stdin",
                       description=_ANALYZE_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("file", help="a deals file; '-' reads stdin")
    _add_rules_args(a)
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
    _add_fantasyland_parser(sub)
    from .play import add_commands  # simulate, rollout (play in progress)
    play = add_commands(sub)
    args = ap.parse_args(argv)
    try:
        if args.command in play:
            return play[args.command](args, sys.stdout)
        return {"eval": cmd_eval, "score": cmd_score, "analyze": cmd_analyze,
                "fantasyland": _fantasyland_command}[args.command](args, sys.stdout)
    except BrokenPipeError:
        raise
    except (ValueError, TypeError, OSError) as err:
        print(f"ofc-fast: error: {_one_line(str(err))}", file=sys.stderr)
        return 2


_ANALYZE_HELP = """\
Analyze and score every deal of a file: one row per player with the board,
foul, row strengths, royalties, Fantasyland, stay and net points.

Input (UTF-8, a byte-order mark is fine):
  text   one deal a line, boards separated by ';', each "top / middle / bottom"
         (or '|') or 13 cards in order; '#' starts a comment; '*' before a
         board: that player is in Fantasyland
  json   a list of deals, or {"deals": [...]}, read one deal at a time
  jsonl  one deal a line
  A JSON deal is a board string, a list of boards (strings, or lists of 13
  card texts or codes 0..51), or {"boards": [...], "in_fantasyland": [...]}.

Deals are read, evaluated and written in chunks: output starts at once and
memory stays small.  The first bad deal stops the run with its file and line
(exit status 2) after the rows before it; --skip-bad reports each bad deal
and goes on (exit status 1 if any was skipped).
"""


if __name__ == "__main__":
    sys.exit(main())
