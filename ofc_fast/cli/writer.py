"""Rows of analyze results written as CSV, one JSON list or JSON Lines, a chunk at a time.

The cells are built with array operations; a board's text is
:func:`ofc_fast.card_str`'s names laid into the ``top / middle / bottom``
template (the same text as ``str(Board)``, tests/test_card_text.py).  Rules
that deal jokers add a column per joker: the card it became (empty, or null
in JSON, where the board holds none).
"""
from __future__ import annotations

import re
from typing import IO, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..hand.cards import DECK_SIZE, EMPTY, JOKERS, card_str

COLUMNS = ("deal", "player", "board", "fouled", "strength_top", "strength_middle",
           "strength_bottom", "royalty_top", "royalty_middle", "royalty_bottom", "royalties",
           "fantasyland", "stays", "points")
#: the columns rules with jokers add: the card joker X1 (X2) became
JOKER_COLUMNS = ("joker_x1", "joker_x2")


class Results(NamedTuple):
    """Per board of the good deals of a chunk, in order: what a Writer writes as the cells
    of :data:`COLUMNS` (cli/analysis.py makes them)."""

    deal: npt.NDArray[np.int64]
    player: npt.NDArray[np.int64]
    boards: npt.NDArray[np.uint8]
    fouled: npt.NDArray[np.bool_]
    strength: npt.NDArray[np.uint16]
    royalties: npt.NDArray[np.int16]
    fantasyland: npt.NDArray[np.uint8]
    stays: npt.NDArray[np.bool_]
    """Whether a board played in Fantasyland stays there (only meaningful with ``in_fantasyland``)."""
    points: npt.NDArray[np.int32]
    jokers: npt.NDArray[np.uint8]
    """(boards, 2) the card joker X1 and X2 became (255: the board holds none)."""
    in_fantasyland: npt.NDArray[np.bool_]
    """Whether the board was played in Fantasyland: ``stays`` is written for those boards only
    (empty in CSV, null in JSON for the others: a board outside Fantasyland neither stays nor leaves)."""

    def select(self, rows: npt.NDArray[np.bool_]) -> Results:
        return Results(self.deal[rows], self.player[rows], self.boards[rows], self.fouled[rows],
                       self.strength[rows], self.royalties[rows], self.fantasyland[rows],
                       self.stays[rows], self.points[rows], self.jokers[rows],
                       self.in_fantasyland[rows])


_LOW, _HIGH = -(1 << 15), 1 << 16
_NUMBERS: npt.NDArray[Any] | None = None
# a board's text: 'Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d', 42 characters
_BOARD = "xx xx xx / xx xx xx xx xx / xx xx xx xx xx"
_CARD_AT = np.array([m.start() for m in re.finditer("xx", _BOARD)], dtype=np.int64)
# the printer's name of each code (the jokers' X1, X2 too), 2 bytes each
_CODES = list(range(DECK_SIZE)) + list(JOKERS)
_NAMES = np.frombuffer(card_str(_CODES, "").encode(), dtype=np.uint8).reshape(len(_CODES), 2)
_NAME_AT = np.stack([_CARD_AT, _CARD_AT + 1], axis=1).ravel()     # where each name's 2 characters go


def _numbers(values: npt.NDArray[Any]) -> npt.NDArray[np.object_]:
    """Decimal text of integers (an object array of str), by table lookup."""
    global _NUMBERS
    wide = values.astype(np.int64)
    if wide.size and (wide.min() < _LOW or wide.max() >= _HIGH):
        lo = int(wide.min())
        if int(wide.max()) - lo < 2 * len(wide):      # a close range (deal numbers): a table of it
            table = np.array(list(map(str, range(lo, int(wide.max()) + 1))), dtype=object)
            out: npt.NDArray[np.object_] = table[wide - lo]
            return out
        return np.array(list(map(str, wide.tolist())), dtype=object)
    if _NUMBERS is None:
        _NUMBERS = np.array(list(map(str, range(_LOW, _HIGH))), dtype=object)
    out = _NUMBERS[wide - _LOW]
    return out


def _board_texts(boards: npt.NDArray[np.uint8], quote: str) -> list[str]:
    """'Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d' of each board."""
    text = (quote + _BOARD + quote).encode()
    chars = np.empty((len(boards), len(text)), dtype=np.uint8)
    chars[:] = np.frombuffer(text, dtype=np.uint8)
    chars[:, _NAME_AT + len(quote)] = _NAMES[boards].reshape(len(boards), 26)
    out: list[str] = list(map(bytes.decode, chars.view(f"S{len(text)}").ravel().tolist()))
    return out


def _card_cells(codes: npt.NDArray[np.uint8], quote: str, none: str) -> npt.NDArray[np.object_]:
    """The name of each card (quoted), ``none`` for an empty slot (255)."""
    table = np.full(EMPTY + 1, none, dtype=object)
    table[:DECK_SIZE] = [quote + name + quote for name in card_str(list(range(DECK_SIZE))).split()]
    out: npt.NDArray[np.object_] = table[codes]
    return out


class Writer:
    """Rows of results in CSV, JSON (one list) or JSON Lines, written a chunk at a time.

    ``jokers``: the jokers the rules deal, a column each (``JOKER_COLUMNS``).
    """

    def __init__(self, out: IO[str], fmt: str, jokers: int = 0) -> None:
        self.out = out
        self.format = fmt
        self.rows = 0
        self.ended = False
        self.jokers = jokers
        columns = COLUMNS + JOKER_COLUMNS[:jokers]
        if fmt == "csv":
            self._write(",".join(columns) + "\n")
            self.words = ("False", "True")
            self.quote = ""
            # the text before each cell and after the last
            glue = [""] + [","] * (len(columns) - 1) + ["\n"]
        else:
            if fmt == "json":
                self._write("[")
            self.words = ("false", "true")
            self.quote = '"'
            glue = ["{" + f'"{columns[0]}": '] + [f', "{c}": ' for c in columns[1:]] + \
                ["},\n" if fmt == "json" else "}\n"]
        self.glue = glue
        self.columns = columns

    def _write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()

    def write(self, r: Results) -> None:
        n = len(r.deal)
        if not n:
            return
        # one object array of cells and the text between them, joined once
        cells = np.empty((n, 2 * len(self.columns) + 1), dtype=object)
        cells[:, 0::2] = self.glue
        words = np.array(self.words, dtype=object)
        none = "" if self.format == "csv" else "null"
        # stays: true/false for a board played in Fantasyland, none for the others
        stays = np.where(r.in_fantasyland, words[r.stays.view(np.uint8)], none)
        royalties = r.royalties.astype(np.int32)
        columns = [_numbers(r.deal), _numbers(r.player), _board_texts(r.boards, self.quote),
                   words[r.fouled.view(np.uint8)], _numbers(r.strength[:, 0]),
                   _numbers(r.strength[:, 1]), _numbers(r.strength[:, 2]),
                   _numbers(royalties[:, 0]), _numbers(royalties[:, 1]), _numbers(royalties[:, 2]),
                   _numbers(royalties.sum(axis=1)), _numbers(r.fantasyland),
                   stays, _numbers(r.points)]
        columns += [_card_cells(r.jokers[:, k], self.quote, none) for k in range(self.jokers)]
        for k, column in enumerate(columns):
            cells[:, 2 * k + 1] = column
        if self.format == "json":
            # rows are separated by ',\n': the last one's comma waits for the next chunk
            cells[-1, -1] = "}"
        text = "".join(cells.ravel().tolist())
        if self.format == "json":
            text = (",\n" if self.rows else "\n") + text
        self._write(text)
        self.rows += n

    def end(self) -> None:
        """Close the JSON list (also after an error: what was written stays valid)."""
        if not self.ended and self.format == "json":
            self._write("\n]\n" if self.rows else "]\n")
        self.ended = True
