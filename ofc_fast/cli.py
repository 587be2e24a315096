"""Command line: ``ofc-fast eval``, ``ofc-fast score``, ``ofc-fast analyze`` and ``ofc-fast fantasyland``.

    ofc-fast eval "Ah Kd 2c" "Qh Qd 5c 5d 2s"
    ofc-fast score "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d" \\
                   "Ah Jd 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d" --rules pineapple
    ofc-fast analyze deals.txt --rules low --format json
    ofc-fast fantasyland "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd" --rules progressive --stay-value 20
"""
from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import numpy as np

from .boards import ROWS, Board, analyze, parse_boards, score
from .cards import card_str
from .hands import category, describe, lowball27, strength
from .rules import PRESETS, Rules, get_rules


def _rules(name: str) -> Rules:
    return get_rules(name)


def cmd_eval(args: argparse.Namespace, out: TextIO) -> int:
    for text in args.hands:
        s = strength(text)
        line = f"{card_str(np.asarray(_codes(text)))}: strength {s}, {category(s).label}: {describe(s)}"
        if len(_codes(text)) == 5:
            line += f"; 2-7 lowball rank {lowball27(text)}"
        print(line, file=out)
    return 0


def _codes(text: str) -> list[int]:
    from .cards import cards
    return [int(c) for c in cards(text)]


def _row_name(value: int, row: int, rules: Rules) -> str:
    if row == 1 and rules.low:
        from . import _core
        info = int(_core.lowball_info()[value])
        high = (info >> 8) & 15
        return "2-7: " + ("the nuts" if value == _core.LOWBALL_MAX else f"{'23456789TJQKA'[high]} high low")
    return str(describe(value))


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules(args.rules)
    boards = [Board.parse(t) for t in args.boards]
    deal = np.stack([b.codes for b in boards])
    points = score(deal, rules)
    res = analyze(deal, rules)
    print(f"rules: {rules.name}", file=out)
    for p, b in enumerate(boards):
        foul = " FOULED" if res.fouled[p] else ""
        print(f"player {p}: {b}{foul}", file=out)
        for r, name in enumerate(ROWS):
            lo, hi = ((0, 3), (3, 8), (8, 13))[r]
            label = "dead (fouls)" if (res.fouled[p] and r == 1 and rules.low) else \
                _row_name(int(res.strength[p, r]), r, rules)
            print(f"  {name:<6} {card_str(b.codes[lo:hi]):<15} {label:<45} royalties {int(res.royalties[p, r])}",
                  file=out)
        fl = int(res.fantasyland[p])
        print(f"  royalties {int(res.royalties[p].sum())}, Fantasyland "
              f"{f'{fl} cards' if fl else 'no'}, points {int(points[p]):+d}", file=out)
    return 0


def _read_deals(path: str) -> list[tuple[str, list[str]]]:
    """(where, boards) per deal: where is 'line N' of a text file or 'item N' of JSON."""
    if path == "-":
        text = sys.stdin.read()
    else:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    stripped = text.lstrip()
    if stripped.startswith("[") or stripped.startswith("{"):
        data = json.loads(text)
        if isinstance(data, dict):
            data = data.get("deals", data)
        if not isinstance(data, list):
            raise ValueError("JSON input is a list of deals (each a list of board strings) "
                             "or {\"deals\": [...]}")
        return [(f"item {i}", [d] if isinstance(d, str) else list(d)) for i, d in enumerate(data)]
    deals = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if line:
            deals.append((f"line {number}", [b for b in (part.strip() for part in line.split(";")) if b]))
    return deals


def cmd_analyze(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules(args.rules)
    deals = _read_deals(args.file)
    rows: list[dict[str, Any]] = []
    for d, (where, boards) in enumerate(deals):
        try:
            codes = np.stack([parse_boards(b) for b in boards])
            res = analyze(codes, rules)
            points = score(codes, rules) if len(boards) > 1 else np.zeros(1, dtype=np.int32)
        except ValueError as e:
            raise ValueError(f"deal {d} ({where}): {e}") from None
        for p in range(len(boards)):
            rows.append({
                "deal": d, "player": p, "board": str(Board(codes[p])),
                "fouled": bool(res.fouled[p]),
                **{f"strength_{n}": int(res.strength[p, i]) for i, n in enumerate(ROWS)},
                **{f"royalty_{n}": int(res.royalties[p, i]) for i, n in enumerate(ROWS)},
                "royalties": int(res.royalties[p].sum()),
                "fantasyland": int(res.fantasyland[p]), "stays": bool(res.stays[p]),
                "points": int(points[p]),
            })
    if args.format == "json":
        json.dump(rows, out, indent=1)
        print(file=out)
    else:
        fields = list(rows[0]) if rows else ["deal", "player", "board"]
        w = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    return 0


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
    from .cards import cards
    from .fantasyland import FantasylandArrays, solve_fantasyland
    rules = _rules(args.rules)
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
                   zip(ROWS, ((0, 3), (3, 8), (8, 13)))},
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
    f.add_argument("--rules", default="pineapple", choices=sorted(PRESETS))
    f.add_argument("--stay-value", type=_stay_value_arg, default=0.0,
                   help="value of staying in Fantasyland: a number, or card counts and values "
                        "(14=20,15=25; the count used is the rules' stay count)")
    f.add_argument("--workers", type=int, default=1, help="threads (-1: every core)")
    f.add_argument("--json", action="store_true", help="print JSON, a list with one object per hand")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="ofc-fast", description="Open Face Chinese Poker evaluation.")
    sub = ap.add_subparsers(dest="command", required=True)
    e = sub.add_parser("eval", help="strength, category and name of hands of 3 or 5 cards")
    e.add_argument("hands", nargs="+", help='a hand, e.g. "Ah Kd 2c"')
    s = sub.add_parser("score", help="score one deal: per player and row, royalties, fouls, Fantasyland")
    s.add_argument("boards", nargs="+", help='a board "top / middle / bottom", one per player')
    s.add_argument("--rules", default="pineapple", choices=sorted(PRESETS))
    a = sub.add_parser("analyze", help="analyze and score deals from a file (one per line, "
                                       "boards separated by ';', or JSON); '-' reads stdin")
    a.add_argument("file")
    a.add_argument("--rules", default="pineapple", choices=sorted(PRESETS))
    a.add_argument("--format", default="csv", choices=["csv", "json"])
    _add_fantasyland_parser(sub)
    from .cli_play import add_commands   # simulate, rollout (play in progress)
    play = add_commands(sub)
    args = ap.parse_args(argv)
    try:
        if args.command in play:
            return play[args.command](args, sys.stdout)
        return {"eval": cmd_eval, "score": cmd_score, "analyze": cmd_analyze,
                "fantasyland": _fantasyland_command}[args.command](args, sys.stdout)
    except (ValueError, TypeError, OSError) as err:
        print(f"ofc-fast: error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
