"""Partial rows (partial_strength) and the royalty of one row (royalty)."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import ofc_fast as ofc

RNG = np.random.default_rng(11)
S = ofc.strength
P = ofc.partial_strength


@pytest.mark.parametrize(("partial", "equal_to"), [
    ("Ah Ad", "Ah Ad 2c"),                  # a 2-card top: aces, the kicker missing
    ("Ah", "Ah 3d 2c"),                     # the least ace high
    ("Kh Kd 7c 3s", "Kh Kd 7c 3s 2d"),      # a 4-card middle: the least it can become
    ("7h 7d 7c 7s", "7h 7d 7c 7s 2d"),
    ("Kh Kd 7c 7s", "Kh Kd 7c 7s 2d"),
    ("2c 2d 2h 3c", "2c 2d 2h 4c 3d"),      # trip deuces, 3 kicker: the next is a 4
    ("5h 6h 7h 8h", "5h 6h 7h 8h 2d"),      # no straight or flush before the fifth card
    ("Qh Qd 5c", "Qh Qd 5c"),               # three cards: their own strength
    ("Ah Kh Qh Jh Th", "Ah Kh Qh Jh Th"),
])
def test_hand_written(partial: str, equal_to: str) -> None:
    assert P(partial) == S(equal_to)


def test_order_between_rows() -> None:
    assert P("Ah Ad") > S("Kh Kd Ac Qs Jd")           # above every pair of kings
    assert P("Ah Ad") < S("Ah Ad 2c 3d 4s")           # below every 5-card pair of aces
    assert P("Ah Ad") == S("Ah Ad 2c")                 # ties the least 3-card aces
    assert P("Kh Kd 7c 3s") > S("Kh Kd 7c")           # a kicker made beats a missing one
    assert P("") == P([]) == 0
    assert P([255, 255, 255]) == 0 and P(np.full((2, 5), 255, np.uint8)).tolist() == [0, 0]
    # the empty slots may be anywhere
    assert P([255, 50, 255, 51, 255]) == P("Ah As") == P([50, 51, -1])


def _partials(n: int, size: int) -> np.ndarray:
    """n rows of `size` slots with 1..size-1 random cards, empties 255 in random places."""
    hands = np.argsort(RNG.random((n, 52)), axis=1)[:, :size].astype(np.uint8)
    for row in hands:
        empty = RNG.choice(size, RNG.integers(1, size), replace=False)
        row[empty] = 255
    return hands


@pytest.mark.parametrize("size", [3, 5])
def test_never_above_any_completion_and_tight_for_one_missing(size: int) -> None:
    rows = _partials(300, size)
    values = P(rows)
    for row, v in zip(rows, values.tolist()):
        have = [int(c) for c in row if c != 255]
        rest = [c for c in range(52) if c not in have]
        missing = size - len(have)
        if missing <= 2:
            completions = np.array([have + list(c) for c in itertools.combinations(rest, missing)])
        else:   # a sample of completions
            pick = np.argsort(RNG.random((400, len(rest))), axis=1)[:, :missing]
            completions = np.concatenate([np.tile(have, (400, 1)), np.array(rest)[pick]], axis=1)
        least = int(S(completions.astype(np.uint8)).min())
        assert v <= least, (ofc.card_str(have), v, least)
        if len(have) == 3:
            assert v == S(have)


def test_more_cards_never_lower() -> None:
    hands = np.argsort(RNG.random((400, 52)), axis=1)[:, :5].astype(np.uint8)
    prev = np.zeros(len(hands), np.int64)
    for k in range(1, 6):
        part = np.full((len(hands), 5), 255, np.uint8)
        part[:, :k] = hands[:, :k]
        now = P(part).astype(np.int64)
        assert (now >= prev).all()
        prev = now
    assert np.array_equal(prev, S(hands))


def test_shapes() -> None:
    rows = _partials(24, 5).reshape(2, 3, 4, 5)
    out = P(rows)
    assert out.shape == (2, 3, 4) and out.dtype == np.uint16
    assert out[1, 2, 3] == P(rows[1, 2, 3].tolist())
    assert type(P("Ah Kd")) is int


@pytest.mark.parametrize("rules", list(ofc.PRESETS.values()), ids=list(ofc.PRESETS))
def test_royalty_matches_analyze_on_unfouled_boards(rules: ofc.Rules) -> None:
    boards = np.argsort(RNG.random((3000, 52)), axis=1)[:, :13].astype(np.uint8)
    a = ofc.analyze(boards, rules)
    ok = ~a.fouled
    assert ok.sum() > 100
    for index, (name, lo, hi) in enumerate((("top", 0, 3), ("middle", 3, 8), ("bottom", 8, 13))):
        got = ofc.royalty(boards[ok, lo:hi], name, rules)
        assert got.dtype == np.int32
        assert np.array_equal(got, a.royalties[ok, index])
        first = int(np.flatnonzero(ok)[0])
        assert ofc.royalty(boards[first, lo:hi].tolist(), name, rules) == int(a.royalties[first, index])


def test_royalty_hand_written() -> None:
    assert ofc.royalty("6h 6d 2c", "top") == 1
    assert ofc.royalty("Ah Ad Ac", "top", "pineapple") == 22
    assert ofc.royalty("5h 6h 7h 8h 9h", "bottom") == 15
    assert ofc.royalty("5h 6h 7h 8h 9h", "middle") == 30
    assert ofc.royalty("Ah Kh Qh Jh Th", "middle") == 50
    assert ofc.royalty("8c 6d 4h 3s 2c", "middle", "low") == 2   # a live 8-high low
    assert ofc.royalty("Tc 6d 4h 3s 2c", "middle", "low") == 0
    assert ofc.royalty("Kc 6d 4h 3s 2c", "middle", "low") == 0   # dead: no points
