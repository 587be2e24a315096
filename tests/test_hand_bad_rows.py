"""ofc_fast.hand.bad_rows: the one explainer of a row of cards a kernel refused.

Every case names the value and where it is, the same way for hands, rows,
boards and deals.
"""
from __future__ import annotations

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast.hand.bad_rows import explain_bad_row, raise_bad_hand


def _at(i: int) -> str:
    return f"position {i}"


@pytest.mark.parametrize("codes,kw,message", [
    ([0, 52, 1], {}, "position 1: card code 52 is not in 0..51"),
    ([0, 255, 1], {}, "position 1: empty slot (255) where a card is needed"),
    ([0, 255, 1], {"empty_note": " (a note)"}, "position 1: empty slot (255) where a card is needed (a note)"),
    ([0, 255, 60], {"empty_ok": True}, "position 2: card code 60 is not in 0..51 (255 is an empty slot)"),
    ([50, 255, 50], {"empty_ok": True}, "card Ah (code 50) is used twice: at position 0 and at position 2"),
    ([50, 45, 50], {"label": "hand 3"}, "hand 3: card Ah (code 50) is used twice: at position 0 and at position 2"),
    ([0, 52], {"label": "hand 3"}, "hand 3, position 1: card code 52 is not in 0..51"),
    ([0, 1, 2], {}, "the row: changed during the call (it reads [0, 1, 2] now"),
    ([0, 1, 2], {"label": "hand 3"}, "hand 3: changed during the call"),
])
def test_each_case(codes: list[int], kw: dict, message: str) -> None:
    with pytest.raises(ValueError) as info:
        explain_bad_row(codes, _at, "the row", **kw)
    assert str(info.value).startswith(message), str(info.value)


def test_hands_and_boards_word_a_repeat_alike() -> None:
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 5, 8, 9]], dtype=np.uint8)
    with pytest.raises(ValueError, match=r"^hand 1: card 3d \(code 5\) is used twice: at position 0 "
                                         r"and at position 2$"):
        raise_bad_hand(hands, 1, (2,))
    for call in (lambda: ofc.strength(hands), lambda: ofc.best_hand(np.c_[hands, hands[:, :1] + 20]),
                 lambda: ofc.partial_strength(hands[:, :3])):
        with pytest.raises(ValueError, match=r"card 3d \(code 5\) is used twice: at position 0 and at position 2"):
            call()
    with pytest.raises(ValueError, match=r"card Qh \(code 42\) is used twice: at top position 0 and at "
                                         r"bottom position 4"):
        ofc.analyze("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks Qh")
