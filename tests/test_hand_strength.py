"""Hand strength (docs/RULES.md §2, §3) and deuce-to-seven lowball (docs/RULES.md §9, §11).

What is covered, and how:

* Every one of the 2,598,960 five-card hands and all 22,100 three-card hands
  are evaluated once (module fixtures) and checked exhaustively:
  - category counts and the number of distinct strengths (7462 / 455);
  - ``to_cactus_rank(strength)`` equals phevaluator's rank for EVERY
    5-card hand (phevaluator's C entry point ``_pheval.evaluate_5cards`` is
    called 2.6 M times, about 2 s);
  - the merged 3-/5-card scale: a key written in this file with numpy
    (category, then distinct ranks by significance, a missing kicker lower
    than any card) is computed for every 3- and 5-card hand, and strength
    must be a strictly increasing function of it over all 2,621,060 hands
    together -- so every 3-card vs 5-card comparison is checked, not a sample;
  - the same numpy key without the wheel, reversed, against ``lowball27`` on
    every 5-card hand (7462 distinct values);
  - 3-card strengths against ``ofc_fast.reference.row_key`` (all 22,100),
    and random 3-vs-5 pairs against ``row_key`` as a literal pairwise check.
* lowball27 against pokerkit's ``StandardLowHand`` (tests/test_lowball_pokerkit.py):
  sorted by our rank, every adjacent pair must compare the same way in
  pokerkit (so the whole order of the sample agrees), plus random pairs.
* Invariances (hypothesis and exhaustive), batch == scalar, workers, dtypes,
  memory layouts, read-only inputs, and known hands.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phevaluator import _pheval

import ofc_fast as ofc
from ofc_fast import reference as R

HC = ofc.HandCategory
INT_DTYPES = [np.int8, np.int16, np.int32, np.int64,
              np.uint8, np.uint16, np.uint32, np.uint64]

FIVE_CARD_COUNTS = {
    HC.HIGH_CARD: 1302540, HC.PAIR: 1098240, HC.TWO_PAIR: 123552,
    HC.THREE_OF_A_KIND: 54912, HC.STRAIGHT: 10200, HC.FLUSH: 5108,
    HC.FULL_HOUSE: 3744, HC.FOUR_OF_A_KIND: 624, HC.STRAIGHT_FLUSH: 36,
    HC.ROYAL_FLUSH: 4,
}
THREE_CARD_COUNTS = {HC.HIGH_CARD: 18304, HC.PAIR: 3744, HC.THREE_OF_A_KIND: 52}


# ------------------------------------------------------------ fixtures

def _combos(k: int) -> np.ndarray:
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), k)),
                       dtype=np.uint8)
    return flat.reshape(-1, k)


@pytest.fixture(scope="module")
def all5():
    h = _combos(5)
    assert h.shape == (2598960, 5)
    h.flags.writeable = False
    return h


@pytest.fixture(scope="module")
def all3():
    h = _combos(3)
    assert h.shape == (22100, 3)
    h.flags.writeable = False
    return h


@pytest.fixture(scope="module")
def s5(all5):
    s = ofc.strength(all5)
    assert s.dtype == np.uint16 and s.shape == (2598960,)
    return s


@pytest.fixture(scope="module")
def s3(all3):
    s = ofc.strength(all3)
    assert s.dtype == np.uint16 and s.shape == (22100,)
    return s


@pytest.fixture(scope="module")
def low5(all5):
    lo = ofc.lowball27(all5)
    assert lo.dtype == np.uint16 and lo.shape == (2598960,)
    return lo


# ------------------------------------------------- independent numpy key

def np_key(hands: np.ndarray, wheel: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """(key, category) of 3- or 5-card hands, written from docs/RULES.md §2-3 only.

    key: larger = stronger; category first, then the distinct ranks by
    significance (count, then rank), padded with "missing" (lower than any
    rank).  Straights: only the high card (5 for the wheel when ``wheel``).
    Without ``wheel`` A-2-3-4-5 is not a straight (2-7 lowball).
    Category 9 (royal) only in the returned category, not in the key.
    """
    h = np.asarray(hands, dtype=np.int64)
    n, k = h.shape
    r, s = h >> 2, h & 3
    cnt = (r[:, :, None] == r[:, None, :]).sum(axis=2)          # copies of own rank
    sk = -np.sort(-(cnt * 16 + r), axis=1)                     # by count, then rank
    ranks, counts = sk & 15, sk >> 4
    first = np.ones((n, k), dtype=bool)
    first[:, 1:] = ranks[:, 1:] != ranks[:, :-1]
    ndist = first.sum(axis=1)
    # distinct ranks, most significant first, padded with -1 (missing)
    order = np.argsort(~first, axis=1, kind="stable")
    distinct = np.take_along_axis(ranks, order, axis=1)
    distinct = np.where(np.arange(k)[None, :] < ndist[:, None], distinct, -1)
    digits = np.full((n, 5), -1, dtype=np.int64)
    digits[:, :k] = distinct
    maxc = counts[:, 0]
    cat = np.zeros(n, dtype=np.int64)
    cat[maxc == 2] = 1
    if k == 5:
        cat[(maxc == 2) & (ndist == 3)] = 2
    cat[maxc == 3] = 3
    if k == 5:
        flush = (s == s[:, :1]).all(axis=1)
        hi, lo = ranks[:, 0], ranks[:, 4]
        run = (ndist == 5) & (hi - lo == 4)
        wheel_hand = (ndist == 5) & (hi == 12) & (ranks[:, 1] == 3)
        straight = run | (wheel_hand if wheel else False)
        high = np.where(run, hi, 3)
        cat[straight] = 4
        cat[flush & ~straight] = 5
        cat[(maxc == 3) & (ndist == 2)] = 6
        cat[maxc == 4] = 7
        cat[flush & straight] = 8
        digits[straight] = -1
        digits[straight, 0] = high[straight]
    key = cat
    for i in range(5):
        key = key * 14 + (digits[:, i] + 1)
    category = cat.copy()
    if k == 5:
        category[(cat == 8) & (digits[:, 0] == 12)] = 9
    return key, category


def assert_strictly_increasing_function(key: np.ndarray, value: np.ndarray) -> int:
    """value == f(key) for a strictly increasing f; the number of key classes."""
    order = np.lexsort((value, key))
    k, v = key[order], value[order].astype(np.int64)
    dk, dv = np.diff(k), np.diff(v)
    same_key_diff_value = (dk == 0) & (dv != 0)
    assert not same_key_diff_value.any(), "hands with the same key got different values"
    assert (dv[dk > 0] > 0).all(), "a stronger key did not get a larger value"
    return int((dk > 0).sum()) + 1


def h(text: str) -> int:
    return ofc.strength(text)


# ------------------------------------------------- exhaustive 5-card checks

@pytest.mark.slow
def test_five_card_category_counts_and_distinct(s5):
    cats = ofc.category(s5)
    assert cats.dtype == np.uint8 and cats.shape == s5.shape
    counts = np.bincount(cats, minlength=10)
    assert {HC(i): int(c) for i, c in enumerate(counts)} == FIVE_CARD_COUNTS
    values = np.unique(s5)
    assert len(values) == 7462
    assert values.min() >= 1 and values.max() == ofc.STRENGTH_MAX == 7917


@pytest.mark.slow
def test_five_card_exhaustive_vs_phevaluator(all5, s5):
    """to_cactus_rank(strength) == phevaluator's rank for every 5-card hand."""
    ev = _pheval.evaluate_5cards
    phe = np.fromiter(itertools.starmap(ev, all5.tolist()), dtype=np.int32, count=len(all5))
    assert phe.min() == 1 and phe.max() == 7462
    ours = ofc.to_cactus_rank(s5)
    mismatch = np.flatnonzero(ours != phe)
    assert mismatch.size == 0, (
        f"{mismatch.size} hands differ, e.g. {ofc.card_str(all5[mismatch[0]])}: "
        f"ours {ours[mismatch[0]]}, phevaluator {phe[mismatch[0]]}")
    # and therefore the order: a smaller Cactus rank is a larger strength
    assert assert_strictly_increasing_function(-phe.astype(np.int64), s5) == 7462


@pytest.mark.slow
def test_five_card_exhaustive_vs_numpy_key(all5, s5):
    key, cat = np_key(all5)
    assert assert_strictly_increasing_function(key, s5) == 7462
    assert np.array_equal(ofc.category(s5), cat)


@pytest.mark.slow
def test_exhaustive_permutation_and_suit_relabel_invariance(all5, s5, low5):
    rev = all5[:, ::-1]                                  # also a negative-stride view
    assert np.array_equal(ofc.strength(rev), s5)
    assert np.array_equal(ofc.lowball27(rev), low5)
    rolled = np.roll(all5, 2, axis=1)
    assert np.array_equal(ofc.strength(rolled), s5)
    for perm in ([1, 0, 3, 2], [3, 2, 1, 0], [2, 3, 0, 1]):
        table = np.array([(c & ~3) | perm[c & 3] for c in range(52)], dtype=np.uint8)
        relabelled = table[all5]
        assert np.array_equal(ofc.strength(relabelled), s5), perm
        assert np.array_equal(ofc.lowball27(relabelled), low5), perm


# ------------------------------------------------- exhaustive 3-card checks

@pytest.mark.slow
def test_three_card_counts_and_distinct(s3):
    counts = np.bincount(ofc.category(s3), minlength=10)
    got = {HC(i): int(c) for i, c in enumerate(counts) if c}
    assert got == THREE_CARD_COUNTS
    assert len(np.unique(s3)) == 455
    assert s3.min() == 1


@pytest.mark.slow
def test_three_card_vs_reference_row_key(all3, s3):
    keys = [R.row_key(hand) for hand in all3.tolist()]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    for a, b in zip(order, order[1:]):
        if keys[a] == keys[b]:
            assert s3[a] == s3[b], (all3[a], all3[b])
        else:
            assert s3[a] < s3[b], (ofc.card_str(all3[a]), ofc.card_str(all3[b]))
    assert [R.category(hand) for hand in all3[::97].tolist()] == ofc.category(s3[::97]).tolist()


@pytest.mark.slow
def test_three_card_vs_numpy_key(all3, s3):
    key, cat = np_key(all3)
    assert assert_strictly_increasing_function(key, s3) == 455
    assert np.array_equal(ofc.category(s3), cat)


# ------------------------------------------------- the merged scale (docs/RULES.md §3)

@pytest.mark.slow
def test_merged_scale_exhaustive(all5, s5, all3, s3):
    """Strength is one strictly increasing function of the key over ALL hands of both sizes."""
    k5, _ = np_key(all5)
    k3, _ = np_key(all3)
    key = np.concatenate([k5, k3])
    value = np.concatenate([s5, s3])
    assert assert_strictly_increasing_function(key, value) == 7917
    # 3- and 5-card hands never share a value, and together fill 1..STRENGTH_MAX
    assert not np.intersect1d(np.unique(s5), np.unique(s3)).size
    assert np.array_equal(np.unique(value), np.arange(1, ofc.STRENGTH_MAX + 1))
    assert ofc.STRENGTH_MAX == 7917


def test_merged_scale_random_pairs_vs_reference():
    """Literal 3-card vs 5-card comparisons against reference.row_key."""
    rng = random.Random(5)
    tops, mids = [], []
    for _ in range(20000):
        deck = rng.sample(range(52), 8)
        tops.append(deck[:3])
        mids.append(deck[3:])
    # bias half of the sample to close calls: same pair / trips rank on both
    for i in range(0, 20000, 2):
        r = rng.randrange(13)
        suits = rng.sample(range(4), 4)
        top = [r * 4 + suits[0], r * 4 + suits[1]]
        mid = [r * 4 + suits[2], r * 4 + suits[3]]
        rest = [c for c in rng.sample(range(52), 20) if c // 4 != r]
        tops[i] = top + rest[:1]
        mids[i] = mid + rest[1:4]
    st_ = ofc.strength(np.array(tops, dtype=np.uint8)).tolist()
    sm = ofc.strength(np.array(mids, dtype=np.uint8)).tolist()
    for t, m, a, b in zip(tops, mids, st_, sm):
        kt, km = R.row_key(t), R.row_key(m)
        expected = (kt > km) - (kt < km)
        assert (a > b) - (a < b) == expected, (ofc.card_str(t), ofc.card_str(m))


@pytest.mark.parametrize("top, middle, top_wins", [
    ("Qh Qd 5c", "Qs Qc 4d 3h 2s", True),        # docs/RULES.md §3: 5 > 4
    ("Qh Qd 5c", "Qs Qc 5d 3h 2s", False),       # equal to the 5, middle has kickers
    ("Ah Kd Qc", "As Kc Qd 3h 2s", False),       # AKQ < AKQ32
    ("Ah Kd Qc", "As Kc Jd Th 9s", True),        # AKQ > AKJT9
    ("2h 2d 2c", "As Ac Kd Kh Qs", True),        # trips beat two pair
    ("Ah Ad Kc", "2s 2c 3d 3h 4s", False),       # a pair on top loses to two pair
    ("Ah Ad Ac", "2s 3c 4d 5h 6s", False),       # trips lose to a straight
    ("Ah Ad Kc", "As Ac Kd 2h 3s", False),       # AAK < AAK32
    ("Ah Ad Kc", "As Ac Qd Jh Ts", True),        # AAK > AAQJT
    ("Ah Ad Ac", "Ks Kc Kd Qh Js", True),        # AAA > KKKQJ
    ("Kh Kd Kc", "As Ac Ad 2h 3s", False),
    ("4h 3d 2c", "7s 5c 4d 3h 2s", False),       # weakest top < weakest middle
])
def test_rules_3_examples(top, middle, top_wins):
    t, m = h(top), h(middle)
    assert t != m
    assert (t > m) == top_wins


def test_weakest_and_strongest():
    assert h("4h 3d 2c") == 1
    assert h("Ah Kh Qh Jh Th") == ofc.STRENGTH_MAX
    assert h("Ah Ad Ac") > h("Ks Kd Kc Qs Jd")
    # dense merged scale: AKJT9 < AKQ (top) < AKQ32 are neighbours
    assert h("Ah Kd Qc") == h("Ah Kd Jc Ts 9d") + 1 == h("Ah Kd Qc 3s 2d") - 1
    assert h("Qh Qd 4c") + 1 == h("Qs Qc 4d 3h 2s") == h("Qh Qd 5c") - 1 == h("Qs Qc 5d 3h 2s") - 2


# ------------------------------------------------- wheel (docs/RULES.md §2)

@pytest.mark.slow
def test_wheel_is_lowest_straight_and_steel_wheel_lowest_straight_flush(s5):
    cats = ofc.category(s5)
    wheel = h("Ah 2d 3c 4s 5h")
    steel = h("5s 4s 3s 2s As")
    assert ofc.category(wheel) == HC.STRAIGHT
    assert ofc.category(steel) == HC.STRAIGHT_FLUSH
    assert wheel == s5[cats == HC.STRAIGHT].min()
    assert steel == s5[cats == HC.STRAIGHT_FLUSH].min()
    assert wheel < h("2c 3d 4h 5s 6c") and wheel > h("Ac Ad Ah Kc Qc")
    assert steel < h("2c 3c 4c 5c 6c") and steel > h("Ac Ad Ah As Kc")
    # no wrap-around, and A-6-5-4-3 suited is a flush, not a straight
    assert ofc.category(h("Kh Ad 2c 3s 4h")) == HC.HIGH_CARD
    assert ofc.category(h("Ah 3h 4h 5h 6h")) == HC.FLUSH
    assert ofc.to_cactus_rank(steel) == 10 and ofc.to_cactus_rank(wheel) == 1609


# ------------------------------------------------- invariances (hypothesis)

hands5 = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)
hands3 = st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True)


@settings(max_examples=300, deadline=None)
@given(hand=st.one_of(hands5, hands3), data=st.data())
def test_permutation_invariance(hand, data):
    perm = data.draw(st.permutations(hand))
    assert ofc.strength(perm) == ofc.strength(hand)
    if len(hand) == 5:
        assert ofc.lowball27(perm) == ofc.lowball27(hand)


@settings(max_examples=300, deadline=None)
@given(hand=st.one_of(hands5, hands3), suit_perm=st.permutations(range(4)))
def test_suit_relabel_invariance(hand, suit_perm):
    relabelled = [(c & ~3) | suit_perm[c & 3] for c in hand]
    assert ofc.strength(relabelled) == ofc.strength(hand)
    if len(hand) == 5:
        assert ofc.lowball27(relabelled) == ofc.lowball27(hand)


@settings(max_examples=200, deadline=None)
@given(hand=hands5)
def test_strength_matches_reference_key_pointwise(hand):
    """Random hands against reference: same category, and consistent with a fixed anchor."""
    assert ofc.category(ofc.strength(hand)) == R.category(hand)
    anchor = [42, 41, 12, 8, 4]       # Qh Qd 5c 4c 3c
    a, b = ofc.strength(hand), ofc.strength(anchor)
    ka, kb = R.row_key(hand), R.row_key(anchor)
    assert (a > b) - (a < b) == (ka > kb) - (ka < kb)


# ------------------------------------------------- batch == scalar

def test_batch_equals_scalar():
    rng = np.random.default_rng(21)
    for k in (5, 3):
        hands = np.array([rng.choice(52, k, replace=False) for _ in range(1500)], dtype=np.uint8)
        batch = ofc.strength(hands)
        low = ofc.lowball27(hands) if k == 5 else None
        for i, hand in enumerate(hands):
            ints = [int(c) for c in hand]
            expected = int(batch[i])
            for one in (ints, tuple(ints), hand, hand.astype(np.int64),
                        ofc.card_str(hand), ofc.card_str(hand).replace(" ", ""),
                        ofc.card_str(hand).split()):
                got = ofc.strength(one)
                assert type(got) is int and got == expected, (one, got, expected)
            if k == 5:
                got = ofc.lowball27(ints)
                assert type(got) is int and got == int(low[i])
                assert ofc.lowball27(ofc.card_str(hand)) == int(low[i])


def test_leading_shapes():
    rng = np.random.default_rng(2)
    hands = np.array([rng.choice(52, 5, replace=False) for _ in range(60)], dtype=np.uint8)
    flat = ofc.strength(hands)
    for shape in ((60,), (6, 10), (2, 3, 10), (1, 60)):
        got = ofc.strength(hands.reshape(shape + (5,)))
        assert got.shape == shape and got.dtype == np.uint16
        assert np.array_equal(got.ravel(), flat)
        assert np.array_equal(ofc.lowball27(hands.reshape(shape + (5,))).ravel(), ofc.lowball27(hands))
    empty = ofc.strength(np.zeros((0, 5), np.uint8))
    assert empty.shape == (0,) and empty.dtype == np.uint16
    assert ofc.strength(np.zeros((3, 0, 3), np.uint8)).shape == (3, 0)
    # a list of hands (nested list / list of text) is a batch
    assert ofc.strength(hands[:4].tolist()).tolist() == flat[:4].tolist()
    assert ofc.strength(ofc.card_str(hands[:4])).tolist() == flat[:4].tolist()


# ------------------------------------------------- workers

@pytest.mark.slow
def test_workers_give_identical_results(all5, s5, low5, all3, s3):
    for w in (2, 3, -1):
        assert np.array_equal(ofc.strength(all5, workers=w), s5), w
        assert np.array_equal(ofc.lowball27(all5, workers=w), low5), w
    big3 = np.tile(all3, (10, 1))                       # 221,000 rows
    assert np.array_equal(ofc.strength(big3, workers=2), np.tile(s3, 10))
    assert np.array_equal(ofc.strength(big3, workers=np.int64(2)), np.tile(s3, 10))
    small = all5[:1000]
    assert np.array_equal(ofc.strength(small, workers=2), s5[:1000])
    assert ofc.strength("Ah Kh Qh Jh Th", workers=2) == ofc.STRENGTH_MAX


# ------------------------------------------------- dtypes and layouts

@pytest.fixture(scope="module")
def sample5(all5, s5, low5):
    idx = np.random.default_rng(9).choice(len(all5), 250_000, replace=False)
    return all5[idx], s5[idx], low5[idx]


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_every_integer_dtype(sample5, dtype):
    hands, s, lo = sample5
    x = hands.astype(dtype)
    before = x.copy()
    assert np.array_equal(ofc.strength(x), s)
    assert np.array_equal(ofc.lowball27(x), lo)
    assert np.array_equal(x, before) and x.dtype == dtype
    one = x[0]
    assert ofc.strength(one) == int(s[0])
    x3 = x[:, :3]
    assert np.array_equal(ofc.strength(x3), ofc.strength(hands[:, :3]))


def test_memory_layouts_and_read_only(sample5):
    hands, s, lo = sample5
    n = len(hands)
    wide = np.zeros((n, 10), dtype=np.int32)
    wide[:, ::2] = hands
    variants = {
        "fortran": np.asfortranarray(hands),
        "fortran_int64": np.asfortranarray(hands.astype(np.int64)),
        "column_stride": wide[:, ::2],
        "column_stride_uint8": wide.astype(np.uint8)[:, ::2],
        "reversed_rows": hands[::-1],
        "transposed_back": np.ascontiguousarray(hands.T).T,
    }
    expected = {"reversed_rows": (s[::-1], lo[::-1])}
    ro = hands.copy()
    ro.flags.writeable = False
    variants["read_only"] = ro
    ro16 = hands.astype(np.uint16)[::2]
    ro16.flags.writeable = False
    variants["read_only_strided"] = ro16
    expected["read_only_strided"] = (s[::2], lo[::2])
    for name, x in variants.items():
        before = x.copy()
        es, el = expected.get(name, (s, lo))
        assert np.array_equal(ofc.strength(x), es), name
        assert np.array_equal(ofc.lowball27(x), el), name
        assert np.array_equal(x, before), name
    # row stride on a 3-D array with every other hand
    cube = hands[:240].reshape(4, 60, 5)[:, ::2]
    assert np.array_equal(ofc.strength(cube), s[:240].reshape(4, 60)[:, ::2])


def test_inputs_not_modified_lists_and_text():
    hand = [50, 46, 42, 38, 34]
    copy = list(hand)
    ofc.strength(hand)
    ofc.lowball27(hand)
    assert hand == copy
    hands = [[50, 46, 42, 38, 34], [0, 5, 10, 15, 21]]
    copy2 = [list(x) for x in hands]
    ofc.strength(hands)
    assert hands == copy2


# ------------------------------------------------- lowball27

@pytest.mark.slow
def test_lowball_exhaustive(all5, low5, s5):
    assert len(np.unique(low5)) == 7462
    assert low5.min() == 1 and low5.max() == ofc.LOWBALL_MAX == 7462
    # 2-7 is high poker without the wheel, reversed
    key, _ = np_key(all5, wheel=False)
    assert assert_strictly_increasing_function(-key, low5) == 7462
    # best and worst
    best = all5[low5 == ofc.LOWBALL_MAX]
    assert len(best) == 4 ** 5 - 4                     # 7-5-4-3-2, any suits but one
    assert (np.sort(best >> 2, axis=1) == np.array([0, 1, 2, 3, 5])).all()
    worst = all5[low5 == 1]
    assert len(worst) == 4 and (ofc.category(ofc.strength(worst)) == HC.ROYAL_FLUSH).all()
    # outside the wheel, the lowball order is the reverse of the high order
    wheel_ranks = np.sort(all5 >> 2, axis=1)
    is_wheel = (wheel_ranks == np.array([0, 1, 2, 3, 12])).all(axis=1)
    assert is_wheel.sum() == 1024
    assert assert_strictly_increasing_function(-s5[~is_wheel].astype(np.int64), low5[~is_wheel]) == 7462 - 2


def lo(text: str) -> int:
    return ofc.lowball27(text)


def test_lowball_rules_examples():
    assert lo("7c 5d 4h 3s 2c") == ofc.LOWBALL_MAX == 7462          # the nuts
    assert lo("2c 3d 5h 7s 8c") > lo("2d 4h 5s 7c 9d")               # docs/RULES.md §9
    assert lo("2c 3d 4h 6s 8c") > lo("3d 4h 5s 7c 8d")               # docs/RULES.md §9
    assert lo("2c 3d 5h 7s 8c") == lo("2d 3h 5s 7c 8d")              # identical ranks tie
    # docs/RULES.md §11: A-2-3-4-5 is ace high, not a straight
    wheel = lo("As 2d 3c 4h 5s")
    assert wheel > lo("6s 5d 4c 3h 2s")                               # 6-high straight
    assert wheel < lo("Kh 5d 4c 3h 2s")                               # any king high is better
    assert wheel > lo("Ah 6d 4c 3h 2s")                               # best ace high
    assert wheel > lo("2c 2d 3h 4s 5c")                               # any pair is worse
    assert ofc.category(ofc.strength("As 2d 3c 4h 5s")) == HC.STRAIGHT  # high poker unchanged
    # straights and flushes count against the hand
    assert lo("7h 5h 4h 3h 2h") < lo("2c 2d 3h 4s 5c")               # a flush is worse than a pair
    assert lo("7h 5h 4h 3h 2h") < lo("7c 5d 4h 3s 2c")
    assert lo("7h 5h 4h 3h 2h") < lo("3c 4d 5h 6s 7c")               # flush worse than a straight
    assert lo("3c 4d 5h 6s 7c") < lo("2c 2d 2h 3s 4c")               # straight worse than trips
    assert lo("8c 5d 4h 3s 2c") > lo("8c 6d 4h 3s 2c")
    assert lo("8c 6d 4h 3s 2c") > lo("9c 5d 4h 3s 2c")
    assert lo("Ah Kh Qh Jh Th") == 1
    assert lo("5c 4c 3c 2c Ac") > lo("6c 5c 4c 3c 2c")                # A-5 suited: a flush, not SF
    with pytest.raises(ValueError):
        ofc.lowball27("Ah Kd Qc")


# ------------------------------------------------- to_cactus_rank

def test_to_cactus_rank():
    assert ofc.to_cactus_rank(h("Ah Kh Qh Jh Th")) == 1
    assert ofc.to_cactus_rank(h("Kh Qh Jh Th 9h")) == 2
    assert ofc.to_cactus_rank(h("5s 4s 3s 2s As")) == 10
    assert ofc.to_cactus_rank(h("Ac Ad Ah As Kc")) == 11
    assert ofc.to_cactus_rank(h("7c 5d 4h 3s 2c")) == 7462
    assert ofc.to_cactus_rank(h("7c 6d 4h 3s 2c")) == 7461
    assert ofc.to_cactus_rank(h("8c 5d 4h 3s 2c")) == 7458
    assert type(ofc.to_cactus_rank(h("7c 5d 4h 3s 2c"))) is int
    arr = ofc.to_cactus_rank(np.array([h("Ah Kh Qh Jh Th"), h("7c 5d 4h 3s 2c")], np.uint16))
    assert arr.tolist() == [1, 7462]
    with pytest.raises(ValueError, match=str(h("Ah Kh Qh"))):
        ofc.to_cactus_rank(h("Ah Kh Qh"))
    with pytest.raises(ValueError):
        ofc.to_cactus_rank(np.array([h("Ah Kh Qh Jh Th"), h("2c 3d 4h")]))
    for bad in (0, ofc.STRENGTH_MAX + 1, -1):
        with pytest.raises(ValueError, match=str(bad)):
            ofc.to_cactus_rank(bad)


# ------------------------------------------------- category and describe

@pytest.mark.parametrize("text, cat", [
    ("Ah Kd 4h", HC.HIGH_CARD), ("Qh Qd 5c", HC.PAIR), ("Ah Ad Ac", HC.THREE_OF_A_KIND),
    ("Ah Kd 4h 3c 9s", HC.HIGH_CARD), ("Qh Qd 5c 4d 2s", HC.PAIR), ("Qh Qd 5c 5d 2s", HC.TWO_PAIR),
    ("Qh Qd Qc 5d 2s", HC.THREE_OF_A_KIND), ("Ah 2d 3c 4s 5h", HC.STRAIGHT),
    ("Th Jd Qc Ks Ah", HC.STRAIGHT), ("2h 7h 9h Jh Kh", HC.FLUSH), ("Qh Qd Qc 5d 5s", HC.FULL_HOUSE),
    ("9c 9d 9h 9s 2c", HC.FOUR_OF_A_KIND), ("9c Tc Jc Qc Kc", HC.STRAIGHT_FLUSH),
    ("5s 4s 3s 2s As", HC.STRAIGHT_FLUSH), ("Ah Kh Qh Jh Th", HC.ROYAL_FLUSH),
    ("Qh Kh Ah", HC.HIGH_CARD), ("2h 3h 4h", HC.HIGH_CARD),          # no straights/flushes on top
])
def test_category_known_hands(text, cat):
    got = ofc.category(h(text))
    assert isinstance(got, ofc.HandCategory)
    assert got is cat
    assert ofc.category(np.array([h(text)])).tolist() == [int(cat)]
    assert ofc.category(np.uint16(h(text))) == cat


def test_category_enum_values():
    assert [(c.name, int(c)) for c in ofc.HandCategory] == [
        ("HIGH_CARD", 0), ("PAIR", 1), ("TWO_PAIR", 2), ("THREE_OF_A_KIND", 3),
        ("STRAIGHT", 4), ("FLUSH", 5), ("FULL_HOUSE", 6), ("FOUR_OF_A_KIND", 7),
        ("STRAIGHT_FLUSH", 8), ("ROYAL_FLUSH", 9), ("FIVE_OF_A_KIND", 10)]   # 10: jokers only
    arr = ofc.category(np.array([[1, ofc.STRENGTH_MAX]], dtype=np.int32))
    assert arr.dtype == np.uint8 and arr.shape == (1, 2) and arr.tolist() == [[0, 9]]
    for bad in (0, ofc.STRENGTH_FIVE_MAX + 1):
        with pytest.raises(ValueError, match=str(bad)):
            ofc.category(bad)


@pytest.mark.parametrize("text, name", [
    ("Qh Qd Kc", "Pair of Queens, King kicker"),
    ("Qh Qd 5c", "Pair of Queens, Five kicker"),
    ("Qh Qd 5c Kd 2s", "Pair of Queens, King-Five-Two kickers"),
    ("Ah 2d 3c 4s 5h", "Straight, Five high"),
    ("Ah Kh Qh Jh Th", "Royal flush"),
    ("Ah Ad Ac", "Three Aces"),
    ("6h 6d 6c", "Three Sixes"),
    ("Qh Qd Qc 5s 5h", "Full house, Queens full of Fives"),
    ("9c Tc Jc Qc Kc", "Straight flush, King high"),
    ("5s 4s 3s 2s As", "Straight flush, Five high"),
])
def test_describe_known_hands(text, name):
    assert ofc.describe(h(text)) == name
    assert ofc.describe(text) == name


def test_describe_every_class_mentions_its_category():
    words = {HC.HIGH_CARD: "high", HC.PAIR: "Pair of", HC.TWO_PAIR: "Two pair",
             HC.THREE_OF_A_KIND: "Three", HC.STRAIGHT: "Straight,", HC.FLUSH: "Flush",
             HC.FULL_HOUSE: "Full house", HC.FOUR_OF_A_KIND: "Four",
             HC.STRAIGHT_FLUSH: "Straight flush", HC.ROYAL_FLUSH: "Royal flush"}
    values = np.arange(1, ofc.STRENGTH_MAX + 1, dtype=np.uint16)
    names = ofc.describe(values)
    assert isinstance(names, list) and len(names) == ofc.STRENGTH_MAX
    assert len(set(names)) == ofc.STRENGTH_MAX          # every class has its own name
    for v, name in zip(values.tolist(), names):
        assert words[ofc.category(v)] in name, (v, name)
    nested = ofc.describe(values[:6].reshape(2, 3))
    assert nested == [names[:3], names[3:6]]
