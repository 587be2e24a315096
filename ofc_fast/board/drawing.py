"""Pictures of boards: text with suit symbols for terminals, SVG and HTML for notebooks and docs.

One home for drawing: :meth:`Board.draw <ofc_fast.Board.draw>`, :meth:`Game.draw
<ofc_fast.Game.draw>` and ``ofc-fast show`` describe each seat as a :class:`Seat` (its
13 codes, ``255`` for an empty slot, and the figures the library computed: royalties per
row, the foul, the score) and this module lays it out. Cards are the text of
:func:`~ofc_fast.card_str` with the suit letter drawn as its symbol; nothing here scores.

>>> suit_symbols("Qh Qd 2c / -- -- -- -- -- / X1 Ts 9s 8s 7s")
'Q♥ Q♦ 2♣ / -- -- -- -- -- / X1 T♠ 9♠ 8♠ 7♠'
>>> print(text([Seat([50, 49, 255] + [255] * 5 + list(range(5)), title="seat 0")]))
seat 0
  top     A♥ A♦ --
  middle  -- -- -- -- --
  bottom  2♣ 2♦ 2♥ 2♠ 3♣

The SVG is plain text (no dependency), on its own green felt so that it reads the same in
light and dark notebook themes; hearts and diamonds are red, clubs and spades black.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Final

from ..hand.cards import EMPTY, SUIT_SYMBOLS, SUITS, card_str
from .geometry import ROW_SLICES, ROWS

__all__ = ["KINDS", "Seat", "html", "html_page", "suit_symbols", "svg", "text"]

#: what a ``draw(kind)`` makes: text with suit symbols, an SVG picture, an HTML fragment
KINDS: Final[tuple[str, ...]] = ("text", "svg", "html")

_CARD = re.compile(r"(?<!\S)([2-9TJQKA])([" + SUITS + r"])(?!\S)")
_RED_SUITS: Final = {SUITS[1], SUITS[2]}      # diamonds, hearts


def suit_symbols(cards_text: str) -> str:
    """Card text (:func:`~ofc_fast.card_str`'s) with each suit letter as its symbol:
    ``'Ah Td 2c'`` -> ``'A♥ T♦ 2♣'``; empty slots (``--``), jokers and other words stay.

    >>> suit_symbols("As Kd")
    'A♠ K♦'
    """
    if not isinstance(cards_text, str):
        raise TypeError(f"cards_text is card text (str), got {type(cards_text).__name__} {cards_text!r:.60}")
    return _CARD.sub(lambda m: m.group(1) + SUIT_SYMBOLS[SUITS.index(m.group(2))], cards_text)


@dataclass(frozen=True)
class Seat:
    """What a picture shows of one seat: its board's 13 codes (``255``: an empty slot) and
    the figures of it the caller has (``None``/empty: not shown).

    ``royalties`` per row (top, middle, bottom); ``fouled`` marks the board; ``held`` the
    cards in hand; ``to_act`` frames the seat whose turn it is; ``notes`` short words under
    the board (the button, Fantasyland, the score).
    """

    codes: Sequence[int]
    title: str = ""
    royalties: tuple[int, int, int] | None = None
    fouled: bool = False
    held: Sequence[int] = ()
    to_act: bool = False
    notes: tuple[str, ...] = field(default=())

    def rows(self) -> list[list[int]]:
        """The codes of the top, middle and bottom rows."""
        codes = [int(c) for c in self.codes]
        return [codes[lo:hi] for lo, hi in ROW_SLICES]


def _check(seats: Sequence[Seat]) -> None:
    if isinstance(seats, Seat) or not isinstance(seats, Sequence) or \
            not all(isinstance(s, Seat) for s in seats):
        raise TypeError(f"seats is a sequence of Seat, got {type(seats).__name__}")
    for s in seats:
        if len(s.codes) != 13:
            raise ValueError(f"a Seat's codes are a board of 13 codes, got {len(s.codes)}")


# --- text ------------------------------------------------------------------------------

def text(seats: Sequence[Seat], heading: str = "", symbols: bool = True) -> str:
    """The seats as lines of text with suit symbols (``symbols=False``: letters): a title
    line, a line per row (with its royalties when known), the held cards and the notes,
    ``FOULED`` on a fouled board."""
    _check(seats)
    if not isinstance(symbols, bool):
        raise TypeError(f"symbols is a bool, got {type(symbols).__name__} {symbols!r:.60}")
    sym = suit_symbols if symbols else str
    lines = [heading] if heading else []
    for s in seats:
        total = f"royalties {sum(s.royalties)}" if s.royalties is not None else ""
        words = ", ".join(w for w in ("FOULED" if s.fouled else total, *s.notes) if w)
        head = f"{s.title}: {words}" if s.title and words else s.title or words
        if head:
            lines.append(head)
        for r, (name, row) in enumerate(zip(ROWS, s.rows())):
            line = f"  {name:<7} {sym(card_str(row)):<15}"
            if s.royalties is not None:
                line += f" royalties {s.royalties[r]}"
            lines.append(line.rstrip())
        if len(s.held):
            lines.append(f"  {'to act' if s.to_act else 'holds'}: {sym(card_str([int(c) for c in s.held]))}")
    return "\n".join(lines)


# --- SVG -------------------------------------------------------------------------------
# sizes in px: a card, the gap between cards, the label column, the royalty column
_W, _H, _GAP, _LABEL, _ROY, _PAD = 44, 60, 6, 64, 56, 12
_SEAT_W = _PAD + _LABEL + 5 * (_W + _GAP) + _ROY + _PAD
_FELT, _INK, _DIM, _GOLD, _FOUL = "#17553a", "#f4f4f0", "#b9d3c4", "#f5c542", "#e0322b"
_RED, _BLACK, _JOKER = "#c8102e", "#151515", "#6b2fa3"
_TO_ACT = " \u2014 to act"
_DOT = "  \u00b7  "
_FONT = "font-family=\"'DejaVu Sans','Segoe UI',Helvetica,Arial,sans-serif\""


def _card(x: float, y: float, code: int, scale: float = 1.0) -> str:
    w, h = _W * scale, _H * scale
    if code == EMPTY:
        return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{5 * scale:g}" '
                f'fill="#ffffff" fill-opacity="0.07" stroke="{_DIM}" stroke-dasharray="4 3"/>')
    name = card_str(code)
    face = (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{5 * scale:g}" '
            f'fill="#ffffff" stroke="#4a4a4a"/>')
    cx = x + w / 2
    if name[0] == "X":          # a joker: X1, X2
        return (face + f'<text x="{cx:g}" y="{y + h * 0.45:g}" fill="{_JOKER}" font-size="{20 * scale:g}" '
                f'text-anchor="middle">\u2605</text><text x="{cx:g}" y="{y + h * 0.82:g}" fill="{_JOKER}" '
                f'font-size="{14 * scale:g}" font-weight="bold" text-anchor="middle">{escape(name)}</text>')
    rank, suit = name[0], name[1]
    colour = _RED if suit in _RED_SUITS else _BLACK
    rank_text = "10" if rank == "T" else rank
    return (face + f'<g fill="{colour}" text-anchor="middle" data-card="{escape(name)}">'
            f'<text x="{cx:g}" y="{y + h * 0.42:g}" font-size="{21 * scale:g}" font-weight="bold">'
            f'{rank_text}</text><text x="{cx:g}" y="{y + h * 0.86:g}" font-size="{22 * scale:g}">'
            f'{SUIT_SYMBOLS[SUITS.index(suit)]}</text></g>')


def _held_lines(n: int) -> int:
    return (n + 9) // 10


def _seat_height(s: Seat) -> int:
    held = _held_lines(len(s.held)) * (int(_H * 0.6) + 4) + 22 if len(s.held) else 0
    return 34 + 3 * (_H + _GAP) + held + (22 if s.notes else 0) + _PAD


def _seat_svg(s: Seat, x0: float, y0: float, height: float) -> list[str]:
    edge, width = (_FOUL, 4) if s.fouled else (_GOLD, 3) if s.to_act else (_DIM, 1)
    out = ['<g class="seat">',
           f'<rect x="{x0 + 2:g}" y="{y0 + 2:g}" width="{_SEAT_W - 4}" height="{height - 4:g}" rx="10" '
           f'fill="{_FELT}" stroke="{edge}" stroke-width="{width}"/>']
    title = s.title + (_TO_ACT if s.to_act else "")
    out.append(f'<text x="{x0 + _PAD:g}" y="{y0 + 24:g}" fill="{_GOLD if s.to_act else _INK}" font-size="16" '
               f'font-weight="bold">{escape(title)}</text>')
    if s.fouled:        # a badge in the corner: the cards stay readable
        right = x0 + _SEAT_W - _PAD
        out.append(f'<g class="fouled"><rect x="{right - 92:g}" y="{y0 + 8:g}" width="92" height="24" rx="12" '
                   f'fill="{_FOUL}"/><text x="{right - 46:g}" y="{y0 + 26:g}" fill="#ffffff" font-size="15" '
                   f'font-weight="bold" text-anchor="middle" letter-spacing="1">FOULED</text></g>')
    elif s.royalties is not None:
        out.append(f'<text x="{x0 + _SEAT_W - _PAD:g}" y="{y0 + 24:g}" fill="{_INK}" font-size="14" '
                   f'text-anchor="end">royalties {sum(s.royalties)}</text>')
    y = y0 + 34
    left = x0 + _PAD + _LABEL
    for r, (name, row) in enumerate(zip(ROWS, s.rows())):
        out.append(f'<text x="{x0 + _PAD:g}" y="{y + _H / 2 + 5:g}" fill="{_DIM}" font-size="14">{name}</text>')
        shift = (5 - len(row)) * (_W + _GAP) / 2          # the top row is centred over the others
        for k, code in enumerate(row):
            out.append(_card(left + shift + k * (_W + _GAP), y, code))
        if s.royalties is not None:
            roy = s.royalties[r]
            out.append(f'<text x="{x0 + _SEAT_W - _PAD:g}" y="{y + _H / 2 + 6:g}" fill="{_GOLD if roy else _DIM}" '
                       f'font-size="17" font-weight="bold" text-anchor="end">+{roy}</text>')
        y += _H + _GAP
    if len(s.held):
        out.append(f'<text x="{x0 + _PAD:g}" y="{y + 12:g}" fill="{_GOLD if s.to_act else _DIM}" '
                   f'font-size="13">{"to act" if s.to_act else "holds"}: {len(s.held)} cards</text>')
        y += 18
        step = _W * 0.6 + 4
        for k, code in enumerate(s.held):
            out.append(_card(x0 + _PAD + (k % 10) * step, y + (k // 10) * (_H * 0.6 + 4), int(code), 0.6))
        y += _held_lines(len(s.held)) * (_H * 0.6 + 4) + 4
    if s.notes:
        notes = escape(_DOT.join(s.notes))
        out.append(f'<text x="{x0 + _PAD:g}" y="{y + 16:g}" fill="{_INK}" font-size="15" '
                   f'font-weight="bold">{notes}</text>')
    out.append("</g>")
    return out


def svg(seats: Sequence[Seat], heading: str = "", columns: int = 2) -> str:
    """The seats as one SVG picture (a string), ``columns`` seats a line, under ``heading``.

    >>> import xml.etree.ElementTree as ET
    >>> pic = svg([Seat([50, 49, 48] + list(range(10)), royalties=(22, 0, 0), fouled=True)])
    >>> ET.fromstring(pic).tag
    '{http://www.w3.org/2000/svg}svg'
    >>> 'FOULED' in pic
    True
    """
    _check(seats)
    if isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
        raise ValueError(f"columns is a positive int, got {columns!r}")
    cols = max(1, min(columns, len(seats)))
    top = 30 if heading else 0
    out: list[str] = []
    y = top
    for line in range(0, len(seats), cols):
        group = seats[line:line + cols]
        height = max(_seat_height(s) for s in group)
        for k, s in enumerate(group):
            out += _seat_svg(s, k * _SEAT_W, y, height)
        y += height
    width = cols * _SEAT_W
    head = (f'<text x="8" y="20" fill="{_INK}" font-size="14">{escape(heading)}</text>' if heading else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" '
            f'viewBox="0 0 {width} {y}" {_FONT} role="img">'
            f'<title>{escape(text(seats, heading))}</title>'
            + (f'<rect width="{width}" height="{top}" rx="6" fill="{_FELT}"/>' if heading else "")
            + head + "".join(out) + "</svg>")


def html(seats: Sequence[Seat], heading: str = "", columns: int = 2, page: bool = False) -> str:
    """The SVG picture in HTML: a ``<div>`` for a notebook, or with ``page=True`` a whole
    page (``ofc-fast show --html``).

    >>> html([Seat([255] * 13)]).startswith('<div class="ofc-fast-board"')
    True
    """
    body = f'<div class="ofc-fast-board" style="overflow-x:auto">{svg(seats, heading, columns)}</div>'
    return html_page(body, heading or "ofc-fast") if page else body


def html_page(fragment: str, title: str) -> str:
    """A whole HTML page (UTF-8) around a fragment of :func:`html` or a ``draw("html")``.

    >>> html_page("<div></div>", "a < b").splitlines()[1]
    '<html lang="en"><head><meta charset="utf-8"><title>a &lt; b</title></head>'
    """
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title></head>\n'
            f'<body style="margin:8px">{fragment}</body></html>\n')
