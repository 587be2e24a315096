"""How the command line prints a board: its rows as ``top / middle / bottom``, and its jokers.

>>> import numpy as np
>>> board_text(np.array([50, 49, 255] + [255] * 5 + list(range(5)), dtype=np.uint8))
'Ah Ad -- / -- -- -- -- -- / 2c 2d 2h 2s 3c'
"""
from __future__ import annotations

from typing import Any

from ..board.geometry import ROW_SLICES, ROWS
from ..hand.cards import JOKERS, card_str


def row_texts(codes: Any) -> dict[str, str]:
    """{"top": "Ah Ad --", "middle": ..., "bottom": ...} of a board's 13 codes (255: empty)."""
    return {name: card_str([int(c) for c in codes[lo:hi]]) for name, (lo, hi) in zip(ROWS, ROW_SLICES)}


def board_text(codes: Any) -> str:
    """'top / middle / bottom' of a board's 13 codes; empty slots print as ``--``."""
    return " / ".join(row_texts(codes).values())


def joker_cards(codes: Any, became: Any) -> dict[str, str]:
    """{"X1": "Kc", ...}: the card each joker of a board's codes became (``Analysis.jokers``)."""
    held = {int(c) for c in codes}
    return {card_str(j): card_str(int(b)) for j, b in zip(JOKERS, became) if j in held}


def joker_text(codes: Any, became: Any) -> str:
    """'X1 = Kc, X2 = As' of a board's jokers ('' for a board without one)."""
    return ", ".join(f"{j} = {c}" for j, c in joker_cards(codes, became).items())
