"""best_hand and subset_strengths against itertools brute force with the batch strength."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import ofc_fast as ofc

RNG = np.random.default_rng(7)


def _hands(n: int, m: int) -> np.ndarray:
    return np.argsort(RNG.random((n, 52)), axis=1)[:, :m].astype(np.uint8)


@pytest.mark.parametrize(("m", "k"), [(m, k) for k in (3, 5) for m in (3, 5, 6, 7, 9, 13, 14, 17) if m >= k])
def test_subsets_and_best_match_brute_force(m: int, k: int) -> None:
    hands = _hands(40, m)
    combos = np.array(list(itertools.combinations(range(m), k)))
    brute = ofc.strength(hands[:, combos])                      # (n, C(m, k))
    got = ofc.subset_strengths(hands, k)
    assert got.dtype == np.uint16 and got.shape == brute.shape
    assert np.array_equal(got, brute)
    best = ofc.best_hand(hands, k)
    assert np.array_equal(best.strength, brute.max(axis=1))
    first = brute.argmax(axis=1)                                 # the first best in lexicographic order
    assert np.array_equal(best.positions, combos[first])
    assert np.array_equal(best.cards, np.take_along_axis(hands, combos[first], axis=1))
    assert np.array_equal(ofc.strength(best.cards), best.strength)
    # one hand, as a list and as text: ints and (k,) arrays
    one = ofc.best_hand(hands[0].tolist(), k)
    assert type(one.strength) is int and one.strength == int(best.strength[0])
    assert one.cards.shape == (k,) and one.positions.tolist() == best.positions[0].tolist()
    assert ofc.subset_strengths(ofc.card_str(hands[0]), k).tolist() == brute[0].tolist()


def test_leading_shape_and_workers() -> None:
    hands = _hands(2 * 3 * 50, 9).reshape(2, 3, 50, 9)
    ss = ofc.subset_strengths(hands, 5)
    assert ss.shape == (2, 3, 50, 126)
    b = ofc.best_hand(hands, 5)
    assert b.strength.shape == (2, 3, 50) and b.cards.shape == (2, 3, 50, 5)
    assert np.array_equal(b.strength, ss.max(axis=-1))
    big = _hands(3000, 13)
    assert np.array_equal(ofc.subset_strengths(big, 5, workers=3), ofc.subset_strengths(big, 5))
    one, many = ofc.best_hand(big, 3), ofc.best_hand(big, 3, workers=-1)
    assert all(np.array_equal(x, y) for x, y in zip(one, many))
    empty = ofc.best_hand(np.zeros((0, 7), np.uint8))
    assert empty.strength.shape == (0,) and empty.cards.shape == (0, 5)


def test_first_bad_hand_reported_with_any_workers() -> None:
    big = _hands(5000, 13)
    big[3777, 9] = big[3777, 2]
    big[4000, 1] = big[4000, 0]
    for w in (1, 4):
        with pytest.raises(ValueError, match="hand 3777: card .* used twice: at position 2 and at position 9"):
            ofc.best_hand(big, workers=w)
        with pytest.raises(ValueError, match="hand 3777"):
            ofc.subset_strengths(big, 3, workers=w)
    big[4000, 1] = 60
    with pytest.raises(ValueError, match="hand 4000, position 1: card code 60"):
        ofc.best_hand(big)


def test_known_hands() -> None:
    b = ofc.best_hand("2c 5h Ah Kh Qh Jh 9d Th")
    assert ofc.describe(b.strength) == "Royal flush" and b.positions.tolist() == [2, 3, 4, 5, 7]
    # a Fantasyland hand of 14: the best top and the best bottom
    hand = "As Ad Ac Kh Kd 7s 7c 2h 3h 4h 5h 6h 9c Tc"
    assert ofc.describe(ofc.best_hand(hand, 3).strength) == "Three Aces"
    assert ofc.describe(ofc.best_hand(hand, 5).strength) == "Straight flush, Six high"
    assert ofc.subset_strengths("Ah Kd 2c 3c 4c", 5).tolist() == [ofc.strength("Ah Kd 2c 3c 4c")]
