"""Why a row of card codes was refused: the one explainer of a bad hand, row, board or deal.

A C kernel says only which row it refused; :func:`explain_bad_row` finds
what is wrong with it and words it the one way every function does, naming
the value and where it is: a code that is no card, an empty slot where a
card is needed, a card used twice (both places), or -- when the row is
valid now -- that another thread changed the input during the call.
Where a slot is comes from the caller (``place``): a position in a hand, a
row and position on a board (``ofc_fast.board.geometry.place``).

>>> explain_bad_row([50, 45, 50], lambda i: f"position {i}", "the hand")
Traceback (most recent call last):
...
ValueError: card Ah (code 50) is used twice: at position 0 and at position 2
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NoReturn

import numpy as np
import numpy.typing as npt

from .cards import DECK_SIZE, EMPTY, JOKERS, card_str

__all__ = ["explain_bad_row", "hand_label", "raise_bad_hand"]


def explain_bad_row(codes: Sequence[int], place: Callable[[int], str], whole: str, *,
                    label: str = "", empty_ok: bool = False, empty_note: str = "",
                    jokers: int = 0) -> NoReturn:
    """Raise the ValueError that says what is wrong with ``codes``.

    ``place(i)`` words where slot ``i`` is; ``label`` (``"hand 7"``), when
    given, names the row first.  ``whole`` names the row for the last case
    (it is valid now, so another thread changed it).  ``empty_ok``: empty
    slots (255) are allowed (partial rows); else ``empty_note`` follows the
    message of an empty slot.  ``jokers``: the jokers the rules deal (their
    codes are cards then).
    """
    codes = [int(c) for c in codes]
    at = f"{label}, " if label else ""
    for i, c in enumerate(codes):
        if c == EMPTY and not empty_ok:
            raise ValueError(f"{at}{place(i)}: empty slot ({EMPTY}) where a card is needed{empty_note}")
        if c < 0 or (c >= DECK_SIZE + jokers and c != EMPTY):
            also = f" ({EMPTY} is an empty slot)" if empty_ok else ""
            if c in JOKERS:
                also += f" (a joker: the rules have jokers={jokers})"
            raise ValueError(f"{at}{place(i)}: card code {c} is not in 0..{DECK_SIZE + jokers - 1}{also}")
    seen: dict[int, int] = {}
    for i, c in enumerate(codes):
        if c == EMPTY:
            continue
        if c in seen:
            raise ValueError(f"{label + ': ' if label else ''}card {card_str(c)} (code {c}) is used "
                             f"twice: at {place(seen[c])} and at {place(i)}")
        seen[c] = i
    raise ValueError(f"{label or whole}: changed during the call (it reads {codes} now, but held "
                     f"a bad card when evaluated); the input must not change while a call runs")


def hand_label(row: int, lead: tuple[int, ...]) -> str:
    """'hand 7' (or 'hand (1, 5)') for flat row ``row`` of hands of leading shape ``lead``."""
    index = tuple(int(i) for i in np.unravel_index(row, lead))
    return f"hand {index[0] if len(index) == 1 else index}"


def raise_bad_hand(hands: npt.NDArray[np.uint8], row: int, lead: tuple[int, ...], jokers: int = 0) -> NoReturn:
    """The error for row ``row`` of an ``(n, k)`` array of hands (leading shape ``lead``)."""
    explain_bad_row(hands[row].tolist(), lambda i: f"position {i}", "the hand",
                    label=hand_label(row, lead) if lead else "", jokers=jokers)
