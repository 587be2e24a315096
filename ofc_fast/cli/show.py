"""How the command line prints a board's jokers (its rows: the board layer's
:func:`~ofc_fast.board.boards.board_text` and ``row_texts``, the one layout of a board as text).

>>> joker_text([52, 50, 49] + list(range(10)), [51, 255])
'X1 = As'
"""
from __future__ import annotations

from typing import Any

from ..hand.cards import JOKERS, card_str


def joker_cards(codes: Any, became: Any) -> dict[str, str]:
    """{"X1": "Kc", ...}: the card each joker of a board's codes became (``Analysis.jokers``)."""
    held = {int(c) for c in codes}
    return {card_str(j): card_str(int(b)) for j, b in zip(JOKERS, became) if j in held}


def joker_text(codes: Any, became: Any) -> str:
    """'X1 = Kc, X2 = As' of a board's jokers ('' for a board without one)."""
    return ", ".join(f"{j} = {c}" for j, c in joker_cards(codes, became).items())
