"""Tests of the pure-Python reference (ofc_fast.reference) against docs/RULES.md.

The rules objects here are a small stand-in with the preset values of
docs/RULES.md, so these tests do not depend on the package's own rules module.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Optional

import pytest

from ofc_fast import reference as R

p = R.parse


# ------------------------------------------------------------ stand-in rules

@dataclass(frozen=True)
class Rules:
    low: bool
    top_pair: tuple[int, ...]
    top_trips: tuple[int, ...]
    middle: tuple[int, ...]
    bottom: tuple[int, ...]
    low_middle: tuple[int, ...]
    low_nuts: int
    scoop_bonus: int
    fl_top_pair: tuple[int, ...]
    fl_top_trips: tuple[int, ...]
    fl_low_nuts: int
    fl_low_both: int
    fl_low_mode: str
    stay_cards: int
    stay_top: Optional[int]
    stay_middle: Optional[int]
    stay_bottom: Optional[int]
    min_players: int
    max_players: int


ORIGINAL = Rules(
    low=False,
    top_pair=(0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
    top_trips=tuple(range(10, 23)),
    middle=(0, 0, 0, 2, 4, 8, 12, 20, 30, 50),
    bottom=(0, 0, 0, 0, 2, 4, 6, 10, 15, 25),
    low_middle=(0,) * 13,
    low_nuts=0,
    scoop_bonus=3,
    fl_top_pair=(0,) * 10 + (13, 13, 13),
    fl_top_trips=(13,) * 13,
    fl_low_nuts=0,
    fl_low_both=0,
    fl_low_mode="either",
    stay_cards=13,
    stay_top=3,
    stay_middle=6,
    stay_bottom=7,
    min_players=2,
    max_players=4,
)
PINEAPPLE = dataclasses.replace(
    ORIGINAL, fl_top_pair=(0,) * 10 + (14, 14, 14), fl_top_trips=(14,) * 13,
    stay_cards=14, max_players=3)
PROGRESSIVE = dataclasses.replace(
    PINEAPPLE, fl_top_pair=(0,) * 10 + (14, 15, 16), fl_top_trips=(17,) * 13)
LOW = dataclasses.replace(
    PINEAPPLE, low=True,
    low_middle=(0,) * 5 + (4, 2, 1) + (0,) * 5, low_nuts=8,
    fl_top_pair=(0,) * 11 + (14, 14), fl_top_trips=(14,) * 13,
    fl_low_nuts=14, fl_low_both=15, fl_low_mode="either",
    stay_middle=None)
LOW_BOTH = dataclasses.replace(LOW, fl_low_mode="both")


def board(text: str) -> list[int]:
    cards = p(text)
    assert len(cards) == 13
    return cards


def key(text: str) -> tuple[int, ...]:
    return R.row_key(p(text))


def low_key(text: str) -> tuple[int, ...]:
    return R.lowball_key(p(text))


# ------------------------------------------------------------------ parsing

def test_parse_codes() -> None:
    assert p("2c 2s Ac As") == [0, 3, 48, 51]
    assert p("Ah ah AH aH") == [50] * 4
    assert p("10s Ts") == [35, 35]
    assert p("Ah Kd / 2c | 3d") == p("AhKd2c3d") == [50, 45, 0, 5]
    assert p("") == []
    assert [R.card_str(c) for c in p("td 10C aS")] == ["Td", "Tc", "As"]


@pytest.mark.parametrize("bad", ["Xh", "Ax", "A", "1h", "11h", "Ah K"])
def test_parse_errors(bad: str) -> None:
    with pytest.raises(ValueError):
        p(bad)


def test_card_errors() -> None:
    with pytest.raises(ValueError, match="52"):
        R.row_key([0, 1, 52])
    with pytest.raises(ValueError, match="twice"):
        R.row_key(p("Ah Ah Kd"))
    with pytest.raises(ValueError):
        R.row_key(p("Ah Kd"))
    with pytest.raises(ValueError):
        R.fouled(p("Ah Kd Qc"), ORIGINAL)
    with pytest.raises(ValueError, match="twice"):
        R.fouled(board("Ah Kd Qc / 2c 3c 4c 5c 6c / 7c 8c 9c Tc Ah"), ORIGINAL)


# -------------------------------------------------------------- categories

@pytest.mark.parametrize("text, cat", [
    ("Kh 9d 6c 5s 2h", R.HIGH_CARD),
    ("Kh Kd 6c 5s 2h", R.PAIR),
    ("Kh Kd 6c 6s 2h", R.TWO_PAIR),
    ("Kh Kd Kc 5s 2h", R.TRIPS),
    ("Kh 9d Jc Qs Th", R.STRAIGHT),
    ("Ah 2d 3c 4s 5h", R.STRAIGHT),
    ("Ah Kd Qc Js Th", R.STRAIGHT),
    ("Qh Kd Ac 2s 3h", R.HIGH_CARD),  # no wrap-around straights
    ("Kh 9h 6h 5h 2h", R.FLUSH),
    ("Kh Kd Kc 5s 5h", R.FULL_HOUSE),
    ("Kh Kd Kc Ks 2h", R.QUADS),
    ("9h Th Jh Qh Kh", R.STRAIGHT_FLUSH),
    ("Ah 2h 3h 4h 5h", R.STRAIGHT_FLUSH),
    ("Ah Kh Qh Jh Th", R.ROYAL_FLUSH),
    ("Ah Kd Qc", R.HIGH_CARD),
    ("Ah Kh Qh", R.HIGH_CARD),  # no flushes on top
    ("2h 3d 4c", R.HIGH_CARD),  # no straights on top
    ("Ah Ad Qc", R.PAIR),
    ("Ah Ad Ac", R.TRIPS),
])
def test_category(text: str, cat: int) -> None:
    assert R.category(p(text)) == cat
    assert R.CATEGORY_NAMES[cat]


def test_category_names() -> None:
    assert R.CATEGORY_NAMES == (
        "high card", "pair", "two pair", "three of a kind", "straight",
        "flush", "full house", "four of a kind", "straight flush",
        "royal flush")


def test_three_card_counts_exhaustive() -> None:
    counts = Counter(R.category(list(c)) for c in itertools.combinations(range(52), 3))
    assert sum(counts.values()) == math.comb(52, 3) == 22100
    assert counts == {R.HIGH_CARD: 18304, R.PAIR: 3744, R.TRIPS: 52}
    keys = {R.row_key(list(c)) for c in itertools.combinations(range(52), 3)}
    assert len(keys) == 455


def _rank_multisets() -> list[tuple[int, ...]]:
    """Every multiset of 5 ranks using each rank at most 4 times."""
    return [ms for ms in itertools.combinations_with_replacement(range(13), 5)
            if max(Counter(ms).values()) <= 4]


def _deal_ranks(ranks: tuple[int, ...], suited: bool) -> list[int]:
    """A hand with these ranks: all clubs if suited, else spread suits so
    that it is never a flush."""
    if suited:
        return [r * 4 for r in ranks]
    if len(set(ranks)) == 5:
        return [r * 4 + i % 2 for i, r in enumerate(ranks)]  # clubs/diamonds
    # a repeated rank already mixes suits: k-th copy of a rank gets suit k
    seen: Counter[int] = Counter()
    cards = []
    for r in ranks:
        cards.append(r * 4 + seen[r])
        seen[r] += 1
    return cards


# Exact numbers of 5-card hands per category (C(52,5) = 2,598,960) and of
# distinct classes (7462 in all, royal counted apart from other SFs).
FIVE_CARD_HANDS = {0: 1302540, 1: 1098240, 2: 123552, 3: 54912, 4: 10200,
                   5: 5108, 6: 3744, 7: 624, 8: 36, 9: 4}
FIVE_CARD_CLASSES = {0: 1277, 1: 2860, 2: 858, 3: 858, 4: 10, 5: 1277,
                     6: 156, 7: 156, 8: 9, 9: 1}


def test_five_card_counts_by_rank_pattern() -> None:
    """All C(52,5) hands grouped by rank multiset: a multiset with five
    distinct ranks is 4 flush hands + 1020 others, else prod C(4, m)."""
    hands: Counter[int] = Counter()
    classes: Counter[int] = Counter()
    keys: set[tuple[int, ...]] = set()
    low_keys: set[tuple[int, ...]] = set()
    for ranks in _rank_multisets():
        mult = Counter(ranks)
        if len(mult) == 5:
            variants = [(True, 4), (False, 4 ** 5 - 4)]
        else:
            variants = [(False, math.prod(math.comb(4, m) for m in mult.values()))]
        for suited, n in variants:
            cards = _deal_ranks(ranks, suited)
            assert sorted(c // 4 for c in cards) == list(ranks)
            assert (len({c % 4 for c in cards}) == 1) == suited
            cat = R.category(cards)
            hands[cat] += n
            classes[cat] += 1
            keys.add(R.row_key(cards))
            low_keys.add(R.lowball_key(cards))
    assert sum(hands.values()) == math.comb(52, 5)
    assert dict(hands) == FIVE_CARD_HANDS
    assert dict(classes) == FIVE_CARD_CLASSES
    assert len(keys) == 7462
    assert len(low_keys) == 7462
    # One merged scale with the 455 top classes: no 3-card key equals a 5-card key.
    top_keys = {R.row_key(list(c)) for c in itertools.combinations(range(52), 3)}
    assert not keys & top_keys


def test_five_card_random_sample() -> None:
    """A seeded sample of real hands: frequencies near the exact odds, and
    keys independent of card order and of renaming the suits."""
    rng = random.Random(20240601)
    n = 8000     # 5 standard deviations of the rarer categories still bound them tightly
    counts: Counter[int] = Counter()
    for _ in range(n):
        cards = rng.sample(range(52), 5)
        cat = R.category(cards)
        counts[cat] += 1
        shuffled = cards[:]
        rng.shuffle(shuffled)
        perm = rng.sample(range(4), 4)
        renamed = [c // 4 * 4 + perm[c % 4] for c in cards]
        assert R.row_key(shuffled) == R.row_key(renamed) == R.row_key(cards)
        assert R.lowball_key(shuffled) == R.lowball_key(renamed) == R.lowball_key(cards)
    total = math.comb(52, 5)
    for cat in (0, 1, 2, 3):
        expected = n * FIVE_CARD_HANDS[cat] / total
        assert abs(counts[cat] - expected) < 5 * math.sqrt(expected) + 5
    assert counts[0] + counts[1] > 0.9 * n


# ------------------------------------------------------------- row order

def test_rules_examples_top_vs_middle() -> None:
    assert key("Qh Qd 5c") > key("Qs Qc 4d 3h 2s")
    assert key("Qh Qd 5c") < key("Qs Qc 5d 3h 2s")
    assert key("Ah Kd Qc") < key("As Ks Qd 3h 2s")
    assert key("Ah Kd Qc") > key("As Kc Jd Th 9s")
    # trips beat two pair; a pair on top loses to two pair in the middle
    assert key("2h 2d 2c") > key("Ah Ad Kc Ks Qh")
    assert key("Ah Ad Kc") < key("3h 3d 2c 2s 4h")
    assert key("Ah Ad Ac") < key("2s 3s 4d 5c 6h")


def test_seed_examples() -> None:
    assert key("Th Td 6c 5s 2h") > key("9h 9d Ac Ks Qh")
    assert key("Ah Ad 6c 6s 2h") > key("Jh Jd 7c 7s 3h")
    assert key("3h 3d 3c 2s 2h") > key("2c 2d 2s Ah Ad")
    assert key("6h 6d 6c Ts Th") > key("6s 6c 6d 2s 2h")
    assert key("3h 3d 3c 3s 4h") > key("2c 2d 2s 2h Ad")
    straights = ["Ah Kd Qc Js Th", "Jh Td 9c 8s 7h", "Th 9d 8c 7s 6h", "5h 4d 3c 2s Ah"]
    assert [key(s) for s in straights] == sorted((key(s) for s in straights), reverse=True)
    assert key("Kh 9d 6c 5s 2h") < key("2h 2d 3c 4s 5d")  # high card lowest


def test_wheel_is_lowest_straight_and_straight_flush() -> None:
    wheel = key("Ah 2d 3c 4s 5h")
    assert wheel < key("2h 3d 4c 5s 6h") < key("Ah Kd Qc Js Th")
    assert wheel > key("Ah Kh Qh Jh 9d")  # best non-straight is still below
    steel = key("Ah 2h 3h 4h 5h")
    assert steel < key("2h 3h 4h 5h 6h") < key("9h Th Jh Qh Kh") < key("Th Jh Qh Kh Ah")
    assert steel > key("Ah Ad Ac As Kh")


def test_suits_never_break_ties() -> None:
    assert key("Ah Kh Qh Jh 9h") == key("As Ks Qs Js 9s")
    assert key("Ah Kd Qc Js 9h") == key("As Kc Qd Jh 9s")
    assert key("Qh Qd 5c") == key("Qs Qc 5d")


def test_kicker_order() -> None:
    assert key("Ah Ad Kc Ks 2h") > key("Ac As Qd Qh Jh")   # second pair
    assert key("Kh Kd 5c 5s 3h") > key("Kc Ks 5d 5h 2h")   # kicker of two pair
    assert key("Kh Kd Kc 5s 4h") > key("Kh Kd Kc 5s 3h")
    assert key("Kh Jd 9c 7s 3h") > key("Kh Jd 9c 7s 2c")
    assert key("Kh Jh 9h 7h 3h") > key("Kh Jd 9h 7h 2h")   # flush beats


# ------------------------------------------------------------------ 2-7 low

def test_lowball_examples() -> None:
    assert low_key("2h 3d 5c 7s 8h") > low_key("2d 4c 5h 7d 9s")
    assert low_key("2h 3d 4c 6s 8h") > low_key("3d 4h 5c 7s 8d")
    assert low_key("2h 3d 4c 6s 8h") == low_key("2c 3h 4d 6c 8s")


def test_lowball_order() -> None:
    nuts = low_key("7h 5d 4c 3s 2h")
    for other in ["7h 6d 4c 3s 2h", "8h 5d 4c 3s 2h", "Ah 2d 3c 4s 5h"]:
        assert nuts > low_key(other)
    # the best possible: beats every other hand (check a seeded sample)
    rng = random.Random(7)
    for _ in range(3000):
        cards = rng.sample(range(52), 5)
        if sorted(c // 4 for c in cards) != [0, 1, 2, 3, 5]:
            assert R.lowball_key(cards) < nuts
    # A2345 is ace-high: better than any pair, worse than K-high
    assert low_key("Ah 2d 3c 4s 5h") < low_key("Kh Qd Jc Ts 8h")
    assert low_key("Ah 2d 3c 4s 5h") > low_key("2h 2d 3c 4s 5h")
    # straights and flushes count against the hand
    assert low_key("2h 3d 4c 5s 6h") < low_key("Ah Kd Qc Js 9h")
    assert low_key("2h 3d 4c 5s 6h") < low_key("Ah Ad Kc Ks Qh")
    assert low_key("7h 5h 4h 3h 2h") < low_key("2h 3d 4c 5s 6h")
    assert low_key("Ah 2h 3h 4h 5h") > low_key("2h 3h 4h 5h 6h")  # ace-high flush
    assert low_key("Ah 2h 3h 4h 5h") > low_key("Ac Kc Qc Jc 9c")  # A-5 beats A-K
    assert low_key("Ah Kh Qh Jh Th") < low_key("2h 3h 4h 5h 6h")  # royal is worst


@pytest.mark.parametrize("text, live", [
    ("7h 5d 4c 3s 2h", True),
    ("Th 9d 8c 6s 2h", True),
    ("Th 8d 7c 6s 5h", True),
    ("Jh 5d 4c 3s 2h", False),     # J-high
    ("Ah 5d 4c 3s 2h", False),     # ace is high
    ("Ah 2d 3c 4s 5h", False),
    ("7h 7d 4c 3s 2h", False),     # pair
    ("6h 5d 4c 3s 2h", False),     # straight
    ("Th 9d 8c 7s 6h", False),     # T-high straight
    ("7h 5h 4h 3h 2h", False),     # flush
])
def test_is_live_low(text: str, live: bool) -> None:
    assert R.is_live_low(p(text)) is live


# ------------------------------------------------------------------ fouling

def test_foul_edges_regular() -> None:
    rules = ORIGINAL
    assert R.fouled(board("Qh Qd 5c / Qs Qc 4d 3h 2s / Ah Ad Ac 9s 9d"), rules)
    assert not R.fouled(board("Qh Qd 5c / Qs Qc 5d 3h 2s / Ah Ad Ac 9s 9d"), rules)
    assert not R.fouled(board("Ah Kd Qc / As Ks Qd 3h 2s / 7c 7d 7h 9s 9d"), rules)
    assert R.fouled(board("Ah Kd Qc / As Kc Jd Th 9s / 7c 7d 7h 9c 9d"), rules)
    # equal rows are allowed (here middle == bottom)
    assert not R.fouled(board("2h 3d 5c / Ah Kd Qc Js 9h / As Kc Qd Jh 9s"), rules)
    # middle above bottom fouls
    assert R.fouled(board("2h 3d 5c / Ah Ad Qc Js 9h / Ks Kc Qd Jh 9s"), rules)
    # wheel in the middle still beats trips on top
    assert not R.fouled(board("Kh Kd Kc / Ah 2d 3c 4s 5h / 6h 7h 8h 9h Th"), rules)
    # steel wheel on the bottom is below a 6-high straight flush in the middle
    assert R.fouled(board("2c 3c 4d / 2h 3h 4h 5h 6h / As 2s 3s 4s 5s"), rules)
    assert not R.fouled(board("2c 3c 4d / As 2s 3s 4s 5s / 2h 3h 4h 5h 6h"), rules)


def test_foul_edges_low() -> None:
    rules = LOW
    ok = "Kh Kd 2c / 7h 5d 4c 3s 2h / Ah Ad As 9s 9d"
    assert not R.fouled(board(ok), rules)
    for mid in ["7h 7d 4c 3s 2h", "Jh 5d 4c 3s 2h", "6h 5d 4c 3s 2h", "7h 5h 4h 3h 2h"]:
        assert R.fouled(board(f"Kh Kd 2c / {mid} / Ac Ad As 9s 9d"), rules)
    # bottom must beat top
    assert R.fouled(board("Kh Kd 2c / 7h 5d 4c 3s 2d / Qh Qd 9c 8s 6d"), rules)
    assert not R.fouled(board("Kh Kd 2c / 7h 5d 4c 3s 2d / Kc Ks 9c 8s 6d"), rules)
    assert R.fouled(board("Kh Kd 9c / 7h 5d 4c 3s 2d / Kc Ks 8c 6s 3d"), rules)
    # the middle is not compared with top or bottom
    assert not R.fouled(board("Ah Ad Ac / 7h 5d 4c 3s 2d / 2h 3h 4h 5h 6h"), rules)


# ------------------------------------------------------------------ royalties

def _top_pair_board(r: int, low: bool) -> list[int]:
    """Top pair of rank r (clubs + diamonds) with a 2c/3d kicker, a heart
    flush (regular) or a live 7-5-4-3-2 (Low) in the middle and a spade
    9-K straight flush on the bottom: valid for every r."""
    kicker = p("3d") if r == 0 else p("2c")
    top = [r * 4, r * 4 + 1] + kicker
    mid = p("7h 5h 4h 3h 2s") if low else p("2h 4h 6h 8h Jh")
    return top + mid + p("9s Ts Js Qs Ks")


def _top_trips_board(r: int, low: bool) -> list[int]:
    """Top trips of rank r (c, d, h); quads of 2s or 3s (regular) or a
    live 7-5-4-3-2 using only spades and one club (Low) in the middle;
    spade 9-K straight flush on the bottom."""
    top = [r * 4, r * 4 + 1, r * 4 + 2]
    if low:
        mid = p("7c 5s 4s 3s 2s") if r == 0 else p("7s 5s 4s 3s 2c")
    else:
        mid = p("3c 3d 3h 3s As") if r == 0 else p("2c 2d 2h 2s 8s")
    return top + mid + p("9s Ts Js Qs Ks")


@pytest.mark.parametrize("rules", [ORIGINAL, PINEAPPLE, PROGRESSIVE, LOW])
@pytest.mark.parametrize("r", range(13))
def test_top_royalties(rules: Rules, r: int) -> None:
    pair_board = _top_pair_board(r, rules.low)
    assert not R.fouled(pair_board, rules)
    assert R.royalties(pair_board, rules) == (
        [0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9][r],
        8 if rules.low else 8,   # Low: the nuts 8; regular: flush 8
        15)
    trips_board = _top_trips_board(r, rules.low)
    assert not R.fouled(trips_board, rules)
    assert R.royalties(trips_board, rules) == (10 + r, 8 if rules.low else 20, 15)


MID_BOT_BOARDS = [
    # (category, middle, bottom) using disjoint cards, top 2c 3d 4h
    (R.TRIPS, "9h 9d 9c 5s 6s", "Th Td Tc 7s 8s"),
    (R.STRAIGHT, "5h 6d 7c 8s 9s", "6h 7d 8c 9d Ts"),
    (R.FLUSH, "5s 7s 9s Js Ks", "6h 8h Th Qh Ah"),
    (R.FULL_HOUSE, "9h 9d 9c 5s 5d", "Th Td Tc 6s 6h"),
    (R.QUADS, "9h 9d 9c 9s 5d", "Th Td Tc Ts 6h"),
    (R.STRAIGHT_FLUSH, "5s 6s 7s 8s 9s", "6h 7h 8h 9h Th"),
]


@pytest.mark.parametrize("rules", [ORIGINAL, PINEAPPLE, PROGRESSIVE])
@pytest.mark.parametrize("cat, mid, bot", MID_BOT_BOARDS)
def test_middle_bottom_royalties(rules: Rules, cat: int, mid: str, bot: str) -> None:
    b = board(f"2c 3d 4h / {mid} / {bot}")
    assert R.category(b[3:8]) == R.category(b[8:13]) == cat
    assert R.royalties(b, rules) == (0, rules.middle[cat], rules.bottom[cat])
    assert R.royalties(b, rules) == (0, [0, 0, 0, 2, 4, 8, 12, 20, 30, 50][cat],
                                     [0, 0, 0, 0, 2, 4, 6, 10, 15, 25][cat])


@pytest.mark.parametrize("rules", [ORIGINAL, PINEAPPLE, PROGRESSIVE])
def test_royal_flush_royalties(rules: Rules) -> None:
    b = board("2c 3d 4h / Ts Js Qs Ks As / Th Jh Qh Kh Ah")
    assert R.royalties(b, rules) == (0, 50, 25)
    b = board("2c 3d 4h / Ts Js Qs Ks 9s / Th Jh Qh Kh Ah")
    assert R.royalties(b, rules) == (0, 30, 25)
    # low categories pay nothing in middle or bottom
    b = board("2c 3d 4h / Ts Jd Qs Kh 8s / Tc Td Qh Kd Ah")
    assert R.royalties(b, rules) == (0, 0, 0)


def test_fouled_board_has_no_royalties() -> None:
    b = board("Ah Ad Ac / 2h 2d 2c 3s 4h / Kh Qh Jh Th 9h")
    assert R.fouled(b, ORIGINAL)
    assert R.royalties(b, ORIGINAL) == (0, 0, 0)


@pytest.mark.parametrize("mid, expected", [
    ("7h 5d 4c 3s 2h", 8),     # nuts: 8, not also the 7-high 4
    ("7h 6d 4c 3s 2h", 4),
    ("7h 6d 5c 4s 2h", 4),
    ("8h 5d 4c 3s 2h", 2),
    ("8h 7d 6c 5s 3h", 2),
    ("9h 5d 4c 3s 2h", 1),
    ("9h 8d 7c 6s 4h", 1),
    ("Th 5d 4c 3s 2h", 0),
    ("Th 9d 8c 7s 5h", 0),
])
def test_low_middle_royalties(mid: str, expected: int) -> None:
    b = board(f"Qh Qd 2c / {mid} / Ah Ad As Kc Kd")
    assert not R.fouled(b, LOW)
    assert R.royalties(b, LOW) == (7, expected, 6)


def test_low_dead_middle_no_royalties() -> None:
    b = board("Qh Qd 2c / 7h 5h 4h 3h 2h / Ah Ad As Kc Kd")
    assert R.fouled(b, LOW)
    assert R.royalties(b, LOW) == (0, 0, 0)


# ------------------------------------------------------------- fantasyland

@pytest.mark.parametrize("rules, counts", [
    (ORIGINAL, {"Q": 13, "K": 13, "A": 13, "trips": 13, "J": 0, "6": 0}),
    (PINEAPPLE, {"Q": 14, "K": 14, "A": 14, "trips": 14, "J": 0, "6": 0}),
    (PROGRESSIVE, {"Q": 14, "K": 15, "A": 16, "trips": 17, "J": 0, "6": 0}),
])
def test_fantasyland_entry_regular(rules: Rules, counts: dict[str, int]) -> None:
    bot = "2s 3s 4s 5s 6s"
    mid = "8h 9h Jh Kh Ah"
    cases = {
        "Q": f"Qc Qd 7c / {mid} / {bot}",
        "K": f"Kc Kd 7c / {mid} / {bot}",
        "A": f"Ac Ad 7c / {mid} / {bot}",
        "trips": f"2c 2d 2h / {mid} / {bot}",   # trips (any) on top
        "J": f"Jc Jd 7c / {mid} / {bot}",
        "6": f"6c 7d 9c / {mid} / {bot}",
    }
    for name, text in cases.items():
        b = board(text)
        assert not R.fouled(b, rules)
        assert R.fantasyland(b, rules) == counts[name], name
    # a fouled board with QQ on top gets nothing
    b = board("Qc Qd 7c / 8h 9h Jd 2h 3h / 4c 5c 6d 7d Td")
    assert R.fouled(b, rules)
    assert R.fantasyland(b, rules) == 0
    assert R.fantasyland(b, rules, in_fantasyland=True) == 0


@pytest.mark.parametrize("rules", [ORIGINAL, PINEAPPLE, PROGRESSIVE])
def test_fantasyland_stay_regular(rules: Rules) -> None:
    base = rules.stay_cards
    assert base == (13 if rules is ORIGINAL else 14)
    cases = [
        ("2c 2d 2h / 3c 3d 3h 4s 5s / Ac Ad Ah Kh Kd", True),   # trips top
        ("Kc Kd 2h / 3c 3d 3h 4s 5h / Ac Ad Ah As Kh", True),   # quads bottom
        ("Kc Kd 2h / 3c 3d 3h 4s 4h / Ac Ad Ah 5s 5h", True),   # full house middle
        ("Kc Kd 2h / 3c 3d 3h 4s 5h / Ac Ad Ah 5s 5d", False),  # FH bottom only
        ("Ac Ad 2h / 3c 3d 3h 4s 5h / 6h 7h 8h 9h Th", True),   # SF bottom
        ("Ac Ad 2h / 3c 4h 5c 6s 7h / 8d 8c 8s Th Td", False),  # AA top only
    ]
    for text, stay in cases:
        b = board(text)
        assert not R.fouled(b, rules)
        assert R.stays(b, rules) is stay, text
        assert R.fantasyland(b, rules, in_fantasyland=True) == (base if stay else 0), text
    # stays with the base count even where the progressive entry is bigger
    b = board("Ac Ad Ah / 3c 3d 3h 4s 4h / Kc Kd Kh Ks 2h")
    assert R.fantasyland(b, rules) == rules.fl_top_trips[12]
    assert R.fantasyland(b, rules, in_fantasyland=True) == base


def test_stay_conventions() -> None:
    quads_middle = dataclasses.replace(PINEAPPLE, stay_middle=R.QUADS)
    top_bottom = dataclasses.replace(PINEAPPLE, stay_middle=None)
    middle_only = dataclasses.replace(PINEAPPLE, stay_top=None, stay_middle=R.QUADS,
                                      stay_bottom=None)
    fh_mid = board("Kc Kd 2h / 3c 3d 3h 4s 4h / Ac Ad Ah 5s 5h")
    quads_mid = board("Kc Kd 2h / 3c 3d 3h 3s 4h / Ac Ad Ah As 5h")
    assert R.stays(fh_mid, PINEAPPLE)
    assert not R.stays(fh_mid, quads_middle)
    assert not R.stays(fh_mid, top_bottom)
    assert R.stays(quads_mid, quads_middle)
    assert R.stays(quads_mid, middle_only)
    assert not R.stays(fh_mid, middle_only)


def test_fantasyland_low() -> None:
    bot = "Ac Ad As 9s 9d"
    cases = [
        ("Kh Kd 2c", "8h 6d 4c 3s 2h", 14, 0),   # KK top only
        ("Qh Qd 2c", "8h 6d 4c 3s 2h", 0, 0),    # QQ is not enough in Low
        ("Jh Jd 2c", "7h 5d 4c 3s 2h", 14, 0),   # nuts only
        ("Kh Kd 2c", "7h 5d 4c 3s 2h", 15, 15),  # both
        ("8h 8d 8c", "7h 5d 4c 3s 2h", 15, 15),  # trips + nuts
        ("8h 8d 8c", "Th 5d 4c 3s 2h", 14, 0),   # trips only
    ]
    for top, mid, either, both in cases:
        b = board(f"{top} / {mid} / {bot}")
        assert not R.fouled(b, LOW)
        assert R.fantasyland(b, LOW) == either, (top, mid)
        assert R.fantasyland(b, LOW_BOTH) == both, (top, mid)
    # dead nuts (suited) fouls: nothing
    b = board("Kh Kd 2c / 7h 5h 4h 3h 2h / Ac Ad As 9s 9d")
    assert R.fantasyland(b, LOW) == 0
    # stay in Low: trips top or quads bottom; the middle never stays
    assert R.stays(board("8h 8d 8c / Th 5d 4c 3s 2h / Ac Ad As 9s 9d"), LOW)
    assert R.stays(board("Kh Kd 2c / Th 5d 4c 3s 2h / Ac Ad As Ah 9d"), LOW)
    assert not R.stays(board("Kh Kd 2c / 7h 5d 4c 3s 2h / Ac Ad As 9s 9d"), LOW)
    assert R.fantasyland(board("Kh Kd 2c / 7h 5d 4c 3s 2h / Ac Ad As 9s 9d"),
                         LOW, in_fantasyland=True) == 0
    assert R.fantasyland(board("8h 8d 8c / Th 5d 4c 3s 2h / Ac Ad As 9s 9d"),
                         LOW, in_fantasyland=True) == 14


# ------------------------------------------------------------------ scoring

def _check_zero_sum(m: list[list[int]], s: list[int]) -> None:
    n = len(m)
    for a in range(n):
        assert m[a][a] == 0
        for b in range(n):
            assert m[a][b] == -m[b][a]
    assert s == [sum(row) for row in m]
    assert sum(s) == 0


def test_two_player_rows_and_royalties() -> None:
    # A: top KK (8), middle flush (8), bottom quads (10) = 26
    a = board("Kh Kd 2c / 3h 5h 7h 9h Jh / 4c 4d 4h 4s 6c")
    # B: top 66 (1), middle two pair, bottom full house (6) = 7
    b = board("6h 6d 3c / Qc Qd Tc Td 2d / 8c 8d 8h 7c 7d")
    # A wins all three rows: 3 + scoop 3 + 26 - 7 = 25
    m = R.score_matrix([a, b], ORIGINAL)
    assert m == [[0, 25], [-25, 0]]
    assert R.score([a, b], ORIGINAL) == [25, -25]


def test_two_player_split_rows() -> None:
    a = board("Ah Kd 2c / 3h 3d 4c 4d 5s / 6c 6d 6h 7s 8s")     # no royalties
    b = board("Ac Qd 9c / 2h 2d 3c 3s Ks / 9h Td Jc Qs Kh")     # bottom straight (2)
    # top: AK2 > AQ9 -> A; middle 4433 > 3322 -> A; bottom straight > trips -> B
    # rows 2-1 = +1 for A, royalties 0 - 2: A gets -1
    assert R.score_matrix([a, b], ORIGINAL) == [[0, -1], [1, 0]]


def test_ties_in_rows() -> None:
    a = board("Ah Kd 2c / 3h 3d 4c 4d 5s / 6c 6d 6h 7s 8s")
    b = board("As Kc 2d / 3c 3s 4h 4s 5h / 9h Td Jc Qs Kh")
    # top and middle tie, bottom B (+2 royalty): A gets -1 - 2 = -3
    assert R.score_matrix([a, b], ORIGINAL) == [[0, -3], [3, 0]]


def test_fouled_vs_valid_and_both_fouled() -> None:
    foul = board("Ah Ad Ac / 2h 2d 2c 3s 4h / Kh Qh Jh Th 9h")  # AAA over 222
    good = board("Kd Kc 4c / 5h 5d 6c 6d 7s / 8c 8d 8h 8s 9s")  # 8 + 0 + 10
    assert R.fouled(foul, ORIGINAL) and not R.fouled(good, ORIGINAL)
    # fouled player: -(3 rows + scoop 3 + R(opponent) 18)
    assert R.score_matrix([foul, good], ORIGINAL) == [[0, -24], [24, 0]]
    foul2 = board("Qc Qd 3c / 5c 6h 7c 9c Tc / Js Jd Ts Td 2s")  # QQ over T-high
    assert R.fouled(foul2, ORIGINAL)
    assert R.score_matrix([foul, foul2], ORIGINAL) == [[0, 0], [0, 0]]
    s = R.score([foul, good, foul2], PINEAPPLE)
    assert s == [-24, 48, -24]


def test_scoop_without_royalties() -> None:
    a = board("Ah Kd 3c / 4h 4d 5c 5d 7s / 8c 8d 8h 2s 3s")
    b = board("Ac Qd 2c / 2h 2d 3h 3d 6s / 9c 9d Tc Th Js")
    # A: AK3 > AQ2, 5544 > 3322, 888 > TT99; no royalties on either: 6
    assert R.score_matrix([a, b], ORIGINAL) == [[0, 6], [-6, 0]]
    no_bonus = dataclasses.replace(ORIGINAL, scoop_bonus=0)
    assert R.score_matrix([a, b], no_bonus) == [[0, 3], [-3, 0]]


def test_four_players_zero_sum_and_random_deals() -> None:
    rng = random.Random(12345)
    for _ in range(200):
        deck = rng.sample(range(52), 52)
        boards = [deck[i * 13:(i + 1) * 13] for i in range(4)]
        m = R.score_matrix(boards, ORIGINAL)
        _check_zero_sum(m, R.score(boards, ORIGINAL))
        for a in range(4):
            for b in range(4):
                if a != b and R.fouled(boards[a], ORIGINAL) and R.fouled(boards[b], ORIGINAL):
                    assert m[a][b] == 0
                if a != b and R.fouled(boards[a], ORIGINAL) and not R.fouled(boards[b], ORIGINAL):
                    assert m[a][b] == -(6 + sum(R.royalties(boards[b], ORIGINAL)))
        for rules in (PINEAPPLE, LOW):
            three = boards[:3]
            _check_zero_sum(R.score_matrix(three, rules), R.score(three, rules))


def test_low_scoring_middle_is_lowball() -> None:
    # Middle B 2-3-5-7-8 beats A 2-4-5-7-9 (both live); royalties 1 vs 2.
    a = board("Kh Kd 3c / 9h 7d 5c 4s 2h / Ac Ad As 6s 6d")   # 8 + 1 + 6 = 15
    b = board("Qh Qd 4c / 8h 7c 5d 3s 2d / Ks Kc 9s 9c 9d")   # 7 + 2 + 6 = 15
    # top A, middle B, bottom A (AAA66 > 999KK): rows +1, royalties 0
    assert R.score_matrix([a, b], LOW) == [[0, 1], [-1, 0]]


def test_player_count_limits() -> None:
    deck = list(range(52))
    four = [deck[i * 13:(i + 1) * 13] for i in range(4)]
    with pytest.raises(ValueError):
        R.score(four[:1], ORIGINAL)
    with pytest.raises(ValueError):
        R.score(four, PINEAPPLE)
    with pytest.raises(ValueError):
        R.score_matrix(four, LOW)
    assert len(R.score(four, ORIGINAL)) == 4
    with pytest.raises(ValueError, match="also dealt"):
        R.score([four[0], four[0][:12] + four[1][:1]], ORIGINAL)
