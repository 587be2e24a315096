"""Command line: ``ofc-fast eval``, ``ofc-fast score`` and ``ofc-fast analyze``.

    ofc-fast eval "Ah Kd 2c" "Qh Qd 5c 5d 2s"
    ofc-fast score "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d" \\
                   "Ah Jd 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d" --rules pineapple
    ofc-fast analyze deals.txt --rules low --format json
"""
from __future__ import annotations

import argparse
import csv
import json
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
    from .cli_play import add_commands   # simulate, rollout (play in progress)
    play = add_commands(sub)
    args = ap.parse_args(argv)
    try:
        if args.command in play:
            return play[args.command](args, sys.stdout)
        return {"eval": cmd_eval, "score": cmd_score, "analyze": cmd_analyze}[args.command](args, sys.stdout)
    except (ValueError, TypeError, OSError) as err:
        print(f"ofc-fast: error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
