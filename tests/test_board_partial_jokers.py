"""partial.can_avoid_foul with jokers against brute force: every completion of
a partial board from the cards left, each judged by ``analyze`` under the same
rules (which resolves the jokers exactly), for every preset, 1 or 2 jokers,
every ``joker_pool``, ``joker_resolution`` and ``five_of_a_kind``; boards with
few empty slots so that the enumeration is whole, jokers on the board and
jokers still in the deck."""
from __future__ import annotations

import dataclasses
import itertools
import math

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import partial

EMPTY = 255
SLICES = ((0, 3), (3, 8), (8, 13))
PRESETS = {"original": ofc.ORIGINAL, "pineapple": ofc.PINEAPPLE, "progressive": ofc.PROGRESSIVE,
           "low": ofc.LOW}


def joker_rules(base: ofc.Rules, jokers: int) -> list[ofc.Rules]:
    """Every joker convention of `base` with `jokers` jokers."""
    out = []
    for pool in ("any", "not_on_board", "unseen", "duplicates"):
        fives = [None, "above_straight_flush", "below_royal"] if pool == "duplicates" else [None]
        for res, five in itertools.product(("board", "row"), fives):
            out.append(dataclasses.replace(base, jokers=jokers, joker_pool=pool, joker_resolution=res,
                                           five_of_a_kind=five))
    return out


def completions(board: np.ndarray, pool: list[int]) -> np.ndarray:
    """Every completion of `board` with distinct cards of `pool` (one order per row's set)."""
    slots = [[i for i in range(lo, hi) if board[i] == EMPTY] for lo, hi in SLICES]
    out: list[np.ndarray] = []

    def rec(r: int, avail: list[int], cur: np.ndarray) -> None:
        if r == 3:
            out.append(cur.copy())
            return
        for combo in itertools.combinations(avail, len(slots[r])):
            cur[slots[r]] = combo
            rec(r + 1, [c for c in avail if c not in combo], cur)

    rec(0, pool, board.copy())
    return np.array(out, np.uint8).reshape(-1, 13)


def brute_avoid(board: np.ndarray, dead: list[int], rules: ofc.Rules) -> bool:
    """Some completion from the cards left is not fouled (analyze resolves its jokers; the
    natural dead cards are what "unseen" excludes)."""
    taken = {int(c) for c in board if c != EMPTY} | set(dead)
    pool = [c for c in range(52 + rules.jokers) if c not in taken]
    natural_dead = [c for c in dead if c < 52]
    fouled = ofc.analyze(completions(board, pool), rules, dead=natural_dead or None).fouled
    return bool((~np.asarray(fouled)).any())


def random_case(rng: np.random.Generator, jokers: int, max_completions: int
                ) -> tuple[np.ndarray, list[int]]:
    """A partial board and dead cards whose completions number at most max_completions;
    the jokers now on the board, now in the deck, now anywhere."""
    while True:
        deck = [int(c) for c in rng.permutation(52 + jokers)]
        where = rng.integers(3)
        for jk in range(52, 52 + jokers):
            deck.remove(jk)
            deck.insert(int(rng.integers(6)) if where == 0 else len(deck) if where == 1 else
                        int(rng.integers(len(deck) + 1)), jk)
        placed = [int(rng.integers(4)), int(rng.integers(6)), int(rng.integers(6))]
        empty = int(rng.choice([1, 2, 2, 3, 4]))
        while 13 - sum(placed) > empty:
            r = int(rng.integers(3))
            placed[r] = min(placed[r] + 1, 3 if r == 0 else 5)
        board = np.full(13, EMPTY, np.uint8)
        k = 0
        for r, (lo, _) in enumerate(SLICES):
            board[lo:lo + placed[r]] = deck[k:k + placed[r]]
            k += placed[r]
        rest = deck[k:]
        ndead = int(rng.choice([0, 5, 20, 30, 35]))
        if where == 1:   # the jokers stay live
            rest = [c for c in rest if c < 52] + [c for c in rest if c >= 52]
        dead = rest[:ndead] if ndead < len(rest) - jokers else []
        n, count = 52 + jokers - k - len(dead), 1
        for r, (lo, hi) in enumerate(SLICES):
            need = hi - lo - placed[r]
            count *= math.comb(n, need)
            n -= need
        if 0 < count <= max_completions:
            return board, dead


def check(rng: np.random.Generator, base: ofc.Rules, jokers: int, per_rules: int,
          max_completions: int) -> None:
    for rules in joker_rules(base, jokers):
        cases = [random_case(rng, jokers, max_completions) for _ in range(per_rules)]
        for board, dead in cases:
            want = brute_avoid(board, dead, rules)
            got = bool(partial.can_avoid_foul(board, rules, dead=dead or None))
            assert got == want, (rules.name, rules.joker_pool, rules.joker_resolution,
                                 rules.five_of_a_kind, ofc.card_str(board), dead)


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("jokers", [1, 2])
def test_against_brute_force(preset: str, jokers: int) -> None:
    # 300 boards per preset and joker count, spread over the 10 conventions
    check(np.random.default_rng([17, jokers, len(preset)]), PRESETS[preset], jokers, 30, 800)


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("jokers", [1, 2])
def test_against_brute_force_many(preset: str, jokers: int) -> None:
    check(np.random.default_rng([18, jokers, len(preset)]), PRESETS[preset], jokers, 300, 4000)


# Low with jokers: boards the search once called fouled, though a completion is
# not (a joker in the live middle, the middle compared as if it were a high hand)
LOW_CASES = [
    (1, "any", "board", "Qd / 5s 3c 4c 2h X1 / Ts 9h 2d Jh As", "Kh Js 5d Jd 8h"),
    (1, "any", "board", "8c Jc 3c / 6c X1 4c / Qd 4s Kd Ah 9d", ""),
    (1, "any", "board", "9d Jh / 7d 4d X1 8c 2d / 6h 8s 9c Js 5c", "Ah Qc 6d 3c 7c"),
    (1, "unseen", "row", "Js Th / 8c X1 Tc 5s / 5d Kc Ks 8h 8s", ""),
    (2, "duplicates", "board", "X1 Ks 8d / 4d 6c X2 / 7s 6h 3s As Kc", "Td 2h 2s 5h Jh"),
    (2, "any", "row", "4c 9s Kh / X2 X1 2c 3d 7s / Jd 4s 5s 3s", "2s 8d 7c Qh 4d"),
    (2, "not_on_board", "board", "-- / X1 X2 / --", ""),
]


@pytest.mark.parametrize("jokers, pool, res, text, dead", LOW_CASES)
def test_low_jokers(jokers: int, pool: str, res: str, text: str, dead: str) -> None:
    rules = dataclasses.replace(ofc.LOW, jokers=jokers, joker_pool=pool, joker_resolution=res)
    board = partial.parse_partial(text, jokers)
    dead_codes = [int(c) for c in ofc.cards(dead, jokers=jokers)] if dead else []
    if int((board == EMPTY).sum()) <= 4:
        assert brute_avoid(board, dead_codes, rules)
    assert bool(partial.can_avoid_foul(board, rules, dead=dead_codes or None))


def test_low_joker_middle_dead() -> None:
    # a joker never makes a pair or an ace live: the middle is dead whatever it becomes
    rules = dataclasses.replace(ofc.LOW, jokers=2)
    for text in ("-- / Ac X1 / --", "-- / 5c 5d X1 X2 / --", "-- / 2c 2d X1 4h 5s / Ac Ad Ah As Kc"):
        board = partial.parse_partial(text, 2)
        if int((board == EMPTY).sum()) <= 4:
            assert not brute_avoid(board, [], rules)
        assert not bool(partial.can_avoid_foul(board, rules))


# Jokers on the board under resolution "row" with "not_on_board" / "unseen":
# the class whose search leans on the floors of incomplete joker rows (the
# kinds their jokers must still make) and once took seconds on boards like these
ROW_CASES = [
    ("7d X1 -- / Qc 9c -- -- -- / 2h 8d -- -- --", True),
    ("X2 -- -- / X1 -- -- -- -- / Ah Qd 4d 4c 9s", False),
    ("-- -- -- / X2 -- -- -- -- / X1 Jh Ts As --", True),
]


@pytest.mark.parametrize("text, want", ROW_CASES)
@pytest.mark.parametrize("preset", ["original", "pineapple", "progressive"])
@pytest.mark.parametrize("pool", ["not_on_board", "unseen"])
def test_row_resolution_joker_rows(text: str, want: bool, preset: str, pool: str) -> None:
    # the second: the middle's joker always beats the bottom's pair of fours, or the
    # top's pair beats the middle (two jokers; the other presets alike)
    rules = dataclasses.replace(PRESETS[preset], jokers=2, joker_pool=pool, joker_resolution="row")
    assert bool(partial.can_avoid_foul(partial.parse_partial(text, 2), rules)) is want


def row_case(rng: np.random.Generator, jokers: int, max_completions: int
             ) -> tuple[np.ndarray, list[int]]:
    """A board with 1..jokers jokers on it and 4-6 empty slots, most natural cards dead."""
    while True:
        nat = [int(c) for c in rng.permutation(52)]
        empty = int(rng.integers(4, 7))
        onb = int(rng.integers(1, jokers + 1))
        cards = nat[:13 - empty - onb] + list(range(52, 52 + onb))
        rng.shuffle(cards)
        slots = sorted(int(i) for i in rng.choice(13, 13 - empty, replace=False))
        board = np.full(13, EMPTY, np.uint8)
        board[slots] = cards
        for lo, hi in SLICES:   # each row's cards first
            row = [c for c in board[lo:hi] if c != EMPTY]
            board[lo:hi] = EMPTY
            board[lo:lo + len(row)] = row
        rest = nat[13 - empty - onb:]
        keep = int(rng.integers(empty + 1, empty + 8))
        dead = rest[:max(0, len(rest) - keep)]
        n, count = 52 + jokers - (13 - empty) - len(dead), 1
        for lo, hi in SLICES:
            need = int((board[lo:hi] == EMPTY).sum())
            count *= math.comb(n, need)
            n -= need
        if 0 < count <= max_completions:
            return board, dead


def test_row_resolution_jokers_on_board() -> None:
    rng = np.random.default_rng(1717)
    for i in range(48):
        base = list(PRESETS.values())[i % 4]
        jokers, pool = 1 + i // 4 % 2, ("not_on_board", "unseen")[i // 8 % 2]
        rules = dataclasses.replace(base, jokers=jokers, joker_pool=pool, joker_resolution="row")
        board, dead = row_case(rng, jokers, 600)
        assert bool(partial.can_avoid_foul(board, rules, dead=dead or None)) == brute_avoid(board, dead, rules), (
            rules.name, jokers, pool, ofc.card_str(board), dead)
