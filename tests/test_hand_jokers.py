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


# --- the rest of the evaluator API with jokers, against substitution by brute force ---------------

def _subs(hand: list[int], pool_any: bool = True) -> list[list[int]]:
    """Every hand the jokers of ``hand`` can become: cards not in the hand, two jokers two cards
    (scored in one call of the joker-free evaluator)."""
    jpos = [i for i, c in enumerate(hand) if c in (X1, X2)]
    used = {c for c in hand if c not in (X1, X2)}
    out: list[list[int]] = []
    free = [c for c in range(52) if c not in used]
    for combo in itertools.permutations(free, len(jpos)):
        h = list(hand)
        for p, c in zip(jpos, combo):
            h[p] = c
        out.append(h)
    return out


def _random_hands(rng: np.random.Generator, n: int, m: int, nj: int) -> list[list[int]]:
    out = []
    for _ in range(n):
        h = rng.permutation(52)[:m - nj].tolist() + [X1, X2][:nj]
        out.append([h[i] for i in rng.permutation(m)])
    return out


@pytest.mark.parametrize("k", [3, 5])
def test_subset_strengths_and_best_hand(k: int) -> None:
    rng = np.random.default_rng(k)
    for rules in (ANY, FIVE):
        hands = _random_hands(rng, 40, 7, 2) + _random_hands(rng, 40, 6, 1)
        for hand in hands:
            subs = ofc.subset_strengths(hand, k, rules=rules)
            want = [int(ofc.strength(list(c), rules=rules)) for c in itertools.combinations(hand, k)]
            assert subs.tolist() == want, ofc.card_str(hand)
            best = ofc.best_hand(hand, k, rules=rules)
            assert best.strength == max(want) and list(best.positions) == list(
                next(p for p, s in zip(itertools.combinations(range(len(hand)), k), want) if s == max(want)))
        arr = np.array(hands[:40], np.uint8)
        assert (ofc.subset_strengths(arr, k, rules=rules) ==
                np.array([ofc.subset_strengths(h, k, rules=rules) for h in arr])).all()
        many = ofc.best_hand(arr, k, rules=rules)
        assert many.strength.tolist() == [ofc.best_hand(h, k, rules=rules).strength for h in arr]


def test_best_hand_below_royal() -> None:
    below = dataclasses.replace(FIVE, name="below", five_of_a_kind="below_royal")
    hand = "9c 9d 9h 9s X1 As Ks Qs Js"          # five nines, or the royal flush with the joker
    assert ofc.describe(ofc.best_hand(hand, rules=FIVE).strength) == "Five Nines"
    assert ofc.describe(ofc.best_hand(hand, rules=below).strength) == "Royal flush"


def test_partial_strength_with_jokers() -> None:
    rng = np.random.default_rng(5)
    for k in (3, 5):
        for filled in range(1, k + 1):
            for nj in (1, 2):
                if nj > filled:
                    continue
                for _ in range(8):
                    cards = rng.permutation(52)[:filled - nj].tolist() + [X1, X2][:nj]
                    row = [cards[i] for i in rng.permutation(filled)] + [255] * (k - filled)
                    want = int(ofc.partial_strength(np.array(_subs(row), np.uint8)).max())
                    assert ofc.partial_strength(row, rules=ANY) == want, ofc.card_str(row)
    assert ofc.describe(ofc.partial_strength("Ah X1", rules=ANY)) == ofc.describe(ofc.partial_strength("Ah Ad"))
    # rows of no slots: strength 0, as without jokers (the kernel is handed no row data then)
    assert ofc.partial_strength(np.zeros((3, 0), np.uint8), rules=ANY).tolist() == [0, 0, 0]


def test_lowball_with_jokers() -> None:
    rng = np.random.default_rng(6)
    for nj in (1, 2):
        for hand in _random_hands(rng, 60, 5, nj):
            want = int(ofc.lowball27(np.array(_subs(hand), np.uint8)).max())
            assert ofc.lowball27(hand, rules=ANY) == want, ofc.card_str(hand)
    assert ofc.lowball27("7c X1 4h 3s 2c", rules=ANY) == ofc.LOWBALL_MAX


def test_describe_and_ranks_with_jokers() -> None:
    assert ofc.describe("As X1 X2", rules=ANY) == "Three Aces"
    assert ofc.describe(["As X1 X2", "8c 8d 8h 9s X1"][1], rules=ANY) == "Four Eights, Nine kicker"
    five = ofc.strength("9c 9d 9h 9s X1", rules=FIVE)
    assert ofc.describe(five) == "Five Nines" and ofc.ranks(five) == (7,)
    with pytest.raises(ValueError, match="joker"):
        ofc.describe("As X1 X2")


@pytest.mark.parametrize("call", [
    lambda h, r: ofc.subset_strengths(h, 3, rules=r), lambda h, r: ofc.best_hand(h, 3, rules=r),
    lambda h, r: ofc.partial_strength(h[:3], rules=r), lambda h, r: ofc.lowball27(h[:5], rules=r),
    lambda h, r: ofc.describe(ofc.card_str(h[:5]), rules=r)])
def test_joker_codes_refused(call) -> None:
    one = dataclasses.replace(ofc.PINEAPPLE, name="one", jokers=1)
    with pytest.raises(ValueError, match=r"(code 52|joker).*jokers=0"):
        call([52, 0, 1, 2, 3, 4], None)
    with pytest.raises(ValueError, match=r"(code 53|joker).*jokers=1"):
        call([53, 0, 1, 2, 3, 4], one)
    with pytest.raises(ValueError, match=r"54"):
        call([54, 52, 53, 2, 3, 4], ANY)
