"""How the command line shows boards: ``ofc-fast show`` (the pictures of
:mod:`ofc_fast.board.drawing`), the boards of a deal read from text, and a board's jokers (its
rows: the board layer's :func:`~ofc_fast.board.boards.board_text` and ``row_texts``, the one
layout of a board as text).

    ofc-fast show "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d" \\
                  "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d" --svg deal.svg --html deal.html
    ofc-fast show --history game.json --ascii
    ofc-fast show --history hands.ofc --skip-bad --html hands.html

>>> joker_text([52, 50, 49] + list(range(10)), [51, 255])
'X1 = As'
"""
from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import numpy as np

from ..board import drawing
from ..board.boards import Board, parse_boards, score
from ..board.rules import Rules
from ..hand.cards import JOKERS, card_str, jokers_among, named_jokers
from .options import check_output_paths, rules_label, rules_of


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


def _is_json(path: str) -> bool:
    """Whether a --history file is Game.to_json (a JSON object) rather than OFC hand-history text
    (docs/HISTORY.md): its first character that is not blank (a stdin of either is read whole)."""
    with open(path, encoding="utf-8-sig") as f:
        while True:
            chunk = f.read(4096)
            if not chunk or chunk.strip():
                return chunk.strip().startswith("{")


def _show_histories(args: argparse.Namespace, out: TextIO, text: str | None) -> int:
    """Every hand of an OFC hand-history file, drawn as it is read (``hand K``: its place in
    the file); --skip-bad names each bad hand on stderr and goes on (exit status 1)."""
    from ..play.game import Game
    from ..play.history import HistoryError, read_histories
    skipped: list[HistoryError] = []

    def skip(e: HistoryError) -> None:
        skipped.append(e)
        print(f"ofc-fast: skipped {' '.join(str(e).split())}", file=sys.stderr)

    source: Any = args.history
    if text is not None:           # stdin, read whole to tell the formats apart
        source = io.StringIO(text)
        source.name = "<stdin>"
    pages: list[str] = []
    last = None
    k = 0
    for rec in read_histories(source, on_error=skip if args.skip_bad else None):
        k += 1
        game = Game.replay(rec)
        print(f"{'' if k == 1 else chr(10)}hand {k + len(skipped)}", file=out)
        print(game.draw("text", symbols=not args.ascii), file=out)
        if args.html:
            pages.append(game.draw("html"))
        last = game
    if args.svg and last is not None:
        with open(args.svg, "w", encoding="utf-8") as f:
            f.write(last.draw("svg"))
    if args.html:
        with open(args.html, "w", encoding="utf-8") as f:
            f.write(drawing.html_page("\n".join(pages), "ofc-fast: hand histories"))
    out.flush()
    if skipped:
        print(f"ofc-fast: skipped {len(skipped)} of {k + len(skipped)} hands", file=sys.stderr)
    return 1 if skipped else 0


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    """``ofc-fast show``: boards (or a game's history) as text with suit symbols, and as SVG
    and/or HTML files (the pictures of :mod:`ofc_fast.board.drawing`)."""
    if bool(args.boards) == bool(args.history):
        raise ValueError("show draws boards (arguments) or a game (--history FILE): give one of them")
    check_output_paths(args, "--svg", "--html")
    text = None
    if args.history == "-":
        text = sys.stdin.read()
    if args.history and not (text.lstrip().startswith("{") if text is not None else _is_json(args.history)):
        return _show_histories(args, out, text)
    if args.skip_bad:
        raise ValueError("--skip-bad skips the bad hands of a hand-history file (docs/HISTORY.md): "
                         "give one with --history")
    if args.history:
        from ..play.game import Game
        game = Game.replay(text if text is not None else _read_history(args.history))
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
