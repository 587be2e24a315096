"""Jokers in the hand layer (docs/VARIANTS.md, "Jokers"): strength of 3- and 5-card hands
holding 1 or 2 jokers against brute-force substitution scored by the joker-free evaluator
(itself verified exhaustively), and against the plain-Python reference."""
from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import reference as ref

X1, X2 = ofc.JOKERS
ANY = dataclasses.replace(ofc.PINEAPPLE, name="jokers-any", jokers=2)
FIVE = dataclasses.replace(ANY, name="jokers-five", joker_pool="duplicates", five_of_a_kind="above_straight_flush")


def brute(naturals: np.ndarray, nj: int, five_kind: bool = False) -> np.ndarray:
    """Best joker-free strength over every set of nj cards not among the naturals (rows)."""
    n, k = naturals.shape
    best = np.zeros(n, np.uint16)
    for extra in itertools.combinations(range(52), nj):
        free = ~np.isin(naturals, extra).any(1)
        if not free.any():
            continue
        hands = np.concatenate([naturals[free], np.tile(np.array(extra, np.uint8), (int(free.sum()), 1))], 1)
        best[free] = np.maximum(best[free], ofc.strength(hands))
    if five_kind and k + nj == 5:     # "duplicates": naturals of one rank make five of a kind
        ranks = naturals >> 2
        same = (ranks == ranks[:, :1]).all(1)
        best[same] = ofc.FIVE_OF_A_KIND_MIN + ranks[same, 0].astype(np.uint16)
    return best


def with_jokers(naturals: np.ndarray, nj: int, rng: np.random.Generator) -> np.ndarray:
    """The naturals and nj jokers, the jokers at random places of each row."""
    n, k = naturals.shape
    hands = np.concatenate([naturals, np.tile(np.array((X1, X2)[:nj], np.uint8), (n, 1))], 1)
    order = np.argsort(rng.random((n, k + nj)), axis=1)
    return np.ascontiguousarray(np.take_along_axis(hands, order, 1))


def check(size: int, nj: int, sample: int | None, rules: ofc.Rules) -> int:
    rng = np.random.default_rng(size * 10 + nj)
    naturals = np.array(list(itertools.combinations(range(52), size - nj)), np.uint8)
    if sample is not None:
        naturals = naturals[rng.choice(len(naturals), sample, replace=False)]
    want = brute(naturals, nj, rules.five_kind)
    got = ofc.strength(with_jokers(naturals, nj, rng), rules=rules)
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, (ofc.card_str(naturals[bad[0]]), int(got[bad[0]]), int(want[bad[0]]))
    return len(naturals)


@pytest.mark.parametrize("rules", [ANY, FIVE], ids=["any", "duplicates-five"])
@pytest.mark.parametrize("size, nj", [(5, 1), (5, 2), (3, 1), (3, 2)])
def test_sampled(size: int, nj: int, rules: ofc.Rules) -> None:
    check(size, nj, None if size == 3 else 3000, rules)


@pytest.mark.slow
@pytest.mark.parametrize("rules", [ANY, FIVE], ids=["any", "duplicates-five"])
@pytest.mark.parametrize("size, nj, count", [(5, 1, 270_725), (5, 2, 22_100), (3, 1, 1326), (3, 2, 52)])
def test_exhaustive(size: int, nj: int, count: int, rules: ofc.Rules) -> None:
    assert check(size, nj, None, rules) == count


def strength_key(s: int) -> tuple[int, ...]:
    """The reference's key of a strength (a royal flush is its top straight flush)."""
    cat = int(ofc.category(s))
    cat = ref.STRAIGHT_FLUSH if cat == ref.ROYAL_FLUSH else cat
    ranks = list(ofc.ranks(s))
    return tuple([cat, *ranks] + [-1] * (5 - len(ranks)))


@pytest.mark.parametrize("pool, five", [("any", None), ("duplicates", "below_royal")])
def test_against_reference(pool: str, five: str | None) -> None:
    rules = dataclasses.replace(ANY, name="r", joker_pool=pool, five_of_a_kind=five)
    rng = np.random.default_rng(7)
    for _ in range(150):
        size = int(rng.choice([3, 5]))
        nj = int(rng.integers(1, 3))
        nat = rng.choice(52, size - nj, replace=False).tolist()
        if rng.random() < 0.2 and size == 5:       # naturals of one rank (five of a kind)
            r = int(rng.integers(13))
            nat = [r * 4 + s for s in rng.choice(4, size - nj, replace=False).tolist()]
        hand = nat + [X1, X2][:nj]
        key, row = ref.joker_row_key(hand, pool, five)
        assert strength_key(ofc.strength(hand, rules=rules)) == key, ofc.card_str(hand)


GOLDEN = [   # docs/VARIANTS.md: the engines' documented examples
    ("As X1 X2", "Three Aces"),
    ("As 2s 3s 4s X1", "Straight flush, Five high"),      # the wheel
    ("2s 3s 4s 5s X1", "Straight flush, Six high"),       # the joker takes the 6s, above the wheel
    ("8c 8d 8h 9s X1", "Four Eights, Nine kicker"),
    ("As Ks Qs Ts X1", "Royal flush"),
    ("Kc Kd X1", "Three Kings"),
    ("Ah 9c 9d X1 X2", "Four Nines, Ace kicker"),      # not a full house
    ("Ah Kh Qh 9h X1", "Flush, Ace-King-Queen-Jack-Nine"),   # no flush above the natural ones
]


@pytest.mark.parametrize("text, name", GOLDEN)
def test_golden(text: str, name: str) -> None:
    assert ofc.describe(ofc.strength(text, rules=ANY)) == name


def test_five_of_a_kind_scale() -> None:
    s = ofc.strength("Ac Ad Ah As X1", rules=FIVE)
    assert s == ofc.STRENGTH_FIVE_MAX and ofc.describe(s) == "Five Aces"
    assert ofc.category(s) == ofc.HandCategory.FIVE_OF_A_KIND and ofc.ranks(s) == (12,)
    assert ofc.strength("Ac Ad Ah As X1", rules=ANY) == ofc.strength("Ac Ad Ah As Kc")
    assert ofc.strength("2c 2d 2h X1 X2", rules=FIVE) == ofc.FIVE_OF_A_KIND_MIN


def test_joker_codes_refused_without_jokers() -> None:
    one = dataclasses.replace(ANY, name="one", jokers=1)
    with pytest.raises(ValueError, match="card code 52 is not in 0..51"):
        ofc.strength([0, 1, 2, 3, 52])
    with pytest.raises(ValueError, match="joker 'X1'"):
        ofc.strength("Ah Kd X1")
    with pytest.raises(ValueError, match="card code 53 is not in 0..52"):
        ofc.strength(np.array([[0, 1, 2, 3, 53]]), rules=one)
    with pytest.raises(ValueError, match="joker 'X2'"):
        ofc.strength("Ah Kd X2", rules=one)
    with pytest.raises(ValueError, match="used twice"):
        ofc.strength(np.array([[0, 1, 2, 52, 52]], np.uint8), rules=ANY)
    with pytest.raises(ValueError, match="card code 54"):
        ofc.strength(np.array([[0, 1, 2, 52, 54]], np.uint8), rules=ANY)
