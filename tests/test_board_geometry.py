"""ofc_fast.board.geometry: the one row geometry every module reads."""
from __future__ import annotations

import ofc_fast as ofc
from ofc_fast.board.geometry import BOARD_SIZE, ROW_SIZES, ROW_SLICES, ROW_STARTS, ROWS, place


def test_geometry_is_consistent() -> None:
    assert ROWS == ofc.ROWS == ("top", "middle", "bottom")
    assert sum(ROW_SIZES) == BOARD_SIZE == 13
    assert ROW_SLICES == tuple((lo, lo + n) for lo, n in zip(ROW_STARTS, ROW_SIZES))
    board = ofc.Board.parse("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")
    for name, (lo, hi) in zip(ROWS, ROW_SLICES):
        assert getattr(board, name).tolist() == board.codes[lo:hi].tolist()


def test_place_names_every_slot() -> None:
    words = [place((), pos, False) for pos in range(BOARD_SIZE)]
    assert words[0] == "top position 0" and words[3] == "middle position 0"
    assert words[12] == "bottom position 4"
    assert place((2, 1), 4, True) == "deal 2, player 1, middle position 1"
    assert place((1,), 4, True) == "player 1, middle position 1"
    assert place((1, 2), 0, False) == "board (1, 2), top position 0"
