"""The commands ``eval``, ``score``, ``analyze`` and ``fantasyland`` (their arguments are in
ofc_fast/cli/commands.py, the parser; this module loads when one of them runs).

    ofc-fast eval "Ah Kd 2c" "Qh Qd 5c 5d 2s"
    ofc-fast score "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d" \\
                   "Ah Jd 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d" --rules pineapple
    ofc-fast analyze deals.txt --rules low --format json
    ofc-fast fantasyland "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd" --rules progressive --stay-value 20
"""
from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
from collections.abc import Iterator
from typing import Any, TextIO

import numpy as np

from .._workers import resolve_workers
from ..board.boards import Board, analyze, row_texts, score
from ..board.geometry import ROW_SLICES, ROWS
from ..board.rules import Rules
from ..hand.cards import DECK_SIZE, RANKS, card_str, cards
from ..hand.strength import category, describe, lowball27, strength
from .options import make_bar, one_line, rules_label, rules_of
from .show import joker_cards, joker_text, read_boards
from .sources import Source, text_lines


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
        print(f"ofc-fast: skipped {one_line(message)}", file=sys.stderr)

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


def cmd_fantasyland(args: argparse.Namespace, out: TextIO) -> int:
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
