"""Partial boards: cards needed, complete rows, row values, and the exact
foul-avoidance search against brute force over every completion."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ofc_fast as ofc
from ofc_fast import partial, reference

EMPTY = 255
SLICES = ((0, 3), (3, 8), (8, 13))


def brute_avoid(board: list[int], pool: list[int], rules: ofc.Rules) -> bool:
    """Some completion of `board` from `pool` is not fouled: every one tried (reference.fouled)."""
    empty = [i for i, c in enumerate(board) if c == EMPTY]
    for chosen in itertools.permutations(pool, len(empty)):
        # one order per set of cards in each row is enough, but all are correct
        b = list(board)
        for i, c in zip(empty, chosen):
            b[i] = c
        if not reference.fouled(b, rules):
            return True
    return False


def random_case(rng: np.random.Generator, empties: int, pool_size: int) -> tuple[list[int], list[int]]:
    deck = rng.permutation(52)
    board = [int(c) for c in deck[:13]]
    for i in rng.choice(13, size=empties, replace=False):
        board[int(i)] = EMPTY
    # rows fill left to right
    for lo, hi in SLICES:
        row = [c for c in board[lo:hi] if c != EMPTY]
        board[lo:hi] = row + [EMPTY] * (hi - lo - len(row))
    pool = [int(c) for c in deck[13:13 + pool_size]]
    return board, pool


@pytest.mark.parametrize("rules", [ofc.PINEAPPLE, ofc.LOW], ids=["pineapple", "low"])
@pytest.mark.parametrize("empties,pool_size", [(1, 8), (2, 7), (3, 6), (4, 5)])
def test_can_avoid_foul_matches_brute_force(rules: ofc.Rules, empties: int, pool_size: int) -> None:
    rng = np.random.default_rng(1000 * empties + pool_size + rules.low)
    outcomes = set()
    for _ in range(60):
        board, pool = random_case(rng, empties, pool_size)
        dead = sorted(set(range(52)) - set(board) - set(pool))
        got = bool(partial.can_avoid_foul(np.array(board, np.uint8), rules, dead=dead))
        want = brute_avoid(board, pool, rules)
        assert got == want, (ofc.card_str(np.array(board, np.uint8)), ofc.card_str(np.array(pool, np.uint8)))
        outcomes.add(got)
    assert outcomes == {True, False}, "the cases should include both answers"


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_can_avoid_foul_property(data: st.DataObject) -> None:
    """Hypothesis: boards built from a complete board, with a small pool (brute force stays cheap)."""
    seed = data.draw(st.integers(0, 2**32 - 1))
    empties = data.draw(st.integers(0, 4))
    pool_size = data.draw(st.integers(empties, 6))
    board, pool = random_case(np.random.default_rng(seed), empties, pool_size)
    dead = sorted(set(range(52)) - set(board) - set(pool))
    got = bool(partial.can_avoid_foul(np.array(board, np.uint8), ofc.PINEAPPLE, dead=dead))
    assert got == brute_avoid(board, pool, ofc.PINEAPPLE)


def test_complete_board_is_its_own_foul() -> None:
    good = ofc.parse_boards("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")
    bad = ofc.parse_boards("Ah Ad 2c / Ks Kd 7s 8s 9d / Tc Td Th 3s 3d")
    assert partial.can_avoid_foul([good, bad]).tolist() == [True, False]


def test_needed_complete_values() -> None:
    b = partial.parse_partial("Qh Qd 5c / 5s 6s / --")
    assert partial.needed(b).tolist() == [0, 3, 5]
    assert partial.complete_rows(b).tolist() == [True, False, False]
    assert partial.row_values(b).tolist() == [ofc.strength("Qh Qd 5c"), 0, 0]
    full = ofc.parse_boards("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")
    a = ofc.analyze(full, ofc.LOW)
    assert partial.row_values(full, ofc.LOW).tolist() == a.strength.tolist()
    # batches keep their shape
    many = np.stack([b, full, b]).reshape(3, 1, 13)
    assert partial.needed(many).shape == (3, 1, 3)


def test_slots_fill_left_to_right() -> None:
    codes = [255, 0, 255] + [255] * 10
    assert partial.partial_boards(codes).tolist()[:3] == [0, 255, 255]
    assert partial.parse_partial("-- 2c / -- / --").tolist()[:3] == [0, 255, 255]


def test_early_empty_board_is_fast_and_avoidable() -> None:
    empty = np.full(13, EMPTY, np.uint8)
    assert bool(partial.can_avoid_foul(empty))
    assert bool(partial.can_avoid_foul(empty, ofc.LOW))


@pytest.mark.parametrize("bad,match", [
    ("Ah Ah / -- / --", "used twice"),
    ([60] + [255] * 12, "not in 0..51"),
    ("Ah / -- / -- / --", "three rows"),
    ("Ah Kd Qc Js / -- / --", "top row has 3 slots"),
])
def test_bad_partial_boards(bad: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        partial.needed(bad)


def test_bad_pool_and_dead() -> None:
    with pytest.raises(ValueError, match="also on board"):
        partial.can_avoid_foul("Ah / -- / --", dead=["Ah"])
    with pytest.raises(ValueError, match="empty slots but only"):
        partial.can_avoid_foul("-- / -- / --", dead=list(range(45)))
    with pytest.raises(TypeError, match="budget"):
        partial.can_avoid_foul("Ah / -- / --", budget=1.5)
