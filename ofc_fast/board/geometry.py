"""Row geometry: where each of a board's 13 slots is (top 3, middle 5, bottom 5).

The one home of the row names, sizes and slices, of the row separator of
board text (``/`` or ``|``), and of the words that say where a slot is
(``"player 1, middle position 2"``) in every error message.

>>> ROW_SLICES
((0, 3), (3, 8), (8, 13))
>>> place((4,), 9, False)
'board 4, bottom position 1'
"""
from __future__ import annotations

import re
from typing import Final

__all__ = ["ROWS", "ROW_SIZES", "ROW_STARTS", "ROW_SLICES", "BOARD_SIZE", "ROW_SPLIT", "place", "within"]

#: row names, in board order
ROWS: Final = ("top", "middle", "bottom")
#: cards in each row
ROW_SIZES: Final = (3, 5, 5)
#: slot of each row's first card
ROW_STARTS: Final = (0, 3, 8)
#: (start, stop) of each row in a 13-card board
ROW_SLICES: Final = ((0, 3), (3, 8), (8, 13))
#: cards in a complete board
BOARD_SIZE: Final = 13
#: the separator of rows in board text: "Qh Qd 2c / 5s 6s 7s 8s 9d / ..."
ROW_SPLIT: Final = re.compile(r"\s*[/|]\s*")


def place(index: tuple[int, ...], pos: int, deal: bool) -> str:
    """Where slot ``pos`` of the board at ``index`` is: 'deal 3, player 1, middle position 2'.

    ``index`` runs over the leading axes.  For deals (``deal``) the last axis
    is the player and the ones before it the deal; boards are 'board i' (or
    'board (i, j)' for more axes).
    """
    words = []
    if deal and index:
        lead = index[:-1]
        if lead:
            words.append(f"deal {lead[0] if len(lead) == 1 else lead}")
        words.append(f"player {index[-1]}")
    elif index:
        words.append(f"board {index[0] if len(index) == 1 else index}")
    for name, (lo, hi) in zip(ROWS, ROW_SLICES):
        if lo <= pos < hi:
            words.append(f"{name} position {pos - lo}")
    return ", ".join(words)


def within(label: str, message: str) -> str:
    """``message`` of an error in one board, prefixed with the board's ``label``:
    'player 1, bottom position 4: ...' (a message naming a row), else 'player 1: ...'."""
    return f"{label}{', ' if message.split(' ', 1)[0] in ROWS else ': '}{message}"
