"""How the command line shows boards: ``ofc-fast show`` (the pictures of
:mod:`ofc_fast.board.drawing`), the boards of a deal read from text, and a board's jokers (its
rows: the board layer's :func:`~ofc_fast.board.boards.board_text` and ``row_texts``, the one
layout of a board as text).

    ofc-fast show "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d" \\
                  "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d" --svg deal.svg --html deal.html
    ofc-fast show --history game.json --ascii

>>> joker_text([52, 50, 49] + list(range(10)), [51, 255])
'X1 = As'
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import numpy as np

from ..board import drawing
from ..board.boards import Board, parse_boards, score
from ..board.rules import Rules
from ..hand.cards import JOKERS, card_str, jokers_among, named_jokers
from .options import add_rules_args, rules_label, rules_of


def joker_cards(codes: Any, became: Any) -> dict[str, str]:
    """{"X1": "Kc", ...}: the card each joker of a board's codes became (``Analysis.jokers``)."""
    held = {int(c) for c in codes}
    return {card_str(j): card_str(int(b)) for j, b in zip(JOKERS, became) if j in held}


def joker_text(codes: Any, became: Any) -> str:
    """'X1 = Kc, X2 = As' of a board's jokers ('' for a board without one)."""
    return ", ".join(f"{j} = {c}" for j, c in joker_cards(codes, became).items())


def read_boards(texts: Sequence[str], rules: Rules) -> list[Board]:
    """The boards of one deal from their texts (``score`` and ``show``): one deck, so a
    generic joker (``Xj``) is the next joker no board holds or names."""
    boards: list[Board] = []
    named = [named_jokers(text) for text in texts] if rules.jokers else []
    for p, text in enumerate(texts):
        try:
            held = [*jokers_among(b.codes for b in boards), *(j for later in named[p + 1:] for j in later)]
            boards.append(Board(parse_boards(text, rules.jokers, held)))
        except ValueError as e:
            raise ValueError(f"player {p}: {e}") from None
    return boards


def _deal_seats(boards: list[Board], rules: Rules) -> list[drawing.Seat]:
    """A seat per board: its royalties and foul, and with two boards or more the net points."""
    points = score(np.stack([b.codes for b in boards]), rules).tolist() if len(boards) > 1 else None
    return [drawing.Seat(b.codes.tolist(), title=f"player {p}", royalties=b.royalties(rules),
                         fouled=b.fouled(rules), notes=(f"score {points[p]:+d}",) if points else ())
            for p, b in enumerate(boards)]


def _read_history(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8-sig") as f:
        return f.read()


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    """``ofc-fast show``: boards (or a game's history) as text with suit symbols, and as SVG
    and/or HTML files (the pictures of :mod:`ofc_fast.board.drawing`)."""
    if bool(args.boards) == bool(args.history):
        raise ValueError("show draws boards (arguments) or a game (--history FILE): give one of them")
    if args.history:
        from ..play.game import Game
        game = Game.replay(_read_history(args.history))
        print(game.draw("text", symbols=not args.ascii), file=out)
        files = {"svg": lambda: game.draw("svg"),
                 "html": lambda: drawing.html_page(game.draw("html"), f"ofc-fast: {game.rules.name}")}
    else:
        rules = rules_of(args)
        seats = _deal_seats(read_boards(args.boards, rules), rules)
        heading = f"rules: {rules_label(rules)}"
        print(drawing.text(seats, heading, symbols=not args.ascii), file=out)
        files = {"svg": lambda: drawing.svg(seats, heading),
                 "html": lambda: drawing.html(seats, heading, page=True)}
    for kind in ("svg", "html"):
        path = getattr(args, kind)
        if path:
            with open(path, "w", encoding="utf-8") as f:
                f.write(files[kind]())
    out.flush()
    return 0


def add_show_parser(sub: Any) -> None:
    """The ``show`` command's arguments."""
    p = sub.add_parser(
        "show", help="draw boards or a game: text with suit symbols, --svg and --html files",
        description="Draw the boards of a deal (one per player, with royalties per row, fouls and "
                    "net points under the rules) or a game's history (Game.to_json, '-' for stdin) "
                    "as text with suit symbols; --svg and --html write pictures.")
    p.add_argument("boards", nargs="*", help='a board "top / middle / bottom", one per player')
    p.add_argument("--history", metavar="FILE", help="a game's history (Game.to_json) to draw at its end")
    add_rules_args(p)
    p.add_argument("--svg", metavar="FILE", help="write the picture as SVG")
    p.add_argument("--html", metavar="FILE", help="write the picture as an HTML page")
    p.add_argument("--ascii", action="store_true", help="suits as letters (Ah) rather than symbols")
