"""How the command line prints a board: its rows as ``top / middle / bottom`` (the board
layer's :func:`~ofc_fast.board.boards.board_text`), and its jokers.

>>> import numpy as np
>>> board_text(np.array([50, 49, 255] + [255] * 5 + list(range(5)), dtype=np.uint8))
'Ah Ad -- / -- -- -- -- -- / 2c 2d 2h 2s 3c'
"""
from __future__ import annotations

from typing import Any

from ..board.boards import board_text, row_texts  # noqa: F401  (the board layer's layout, reused)
from ..hand.cards import JOKERS, card_str


def joker_cards(codes: Any, became: Any) -> dict[str, str]:
    """{"X1": "Kc", ...}: the card each joker of a board's codes became (``Analysis.jokers``)."""
    held = {int(c) for c in codes}
    return {card_str(j): card_str(int(b)) for j, b in zip(JOKERS, became) if j in held}


def joker_text(codes: Any, became: Any) -> str:
    """'X1 = Kc, X2 = As' of a board's jokers ('' for a board without one)."""
    return ", ".join(f"{j} = {c}" for j, c in joker_cards(codes, became).items())
