"""can_avoid_foul's search: exact against brute force over every completion
(every preset, Low too), also when a long search is split into short calls;
an easy True answered at once; Ctrl-C noticed between calls."""
from __future__ import annotations

import itertools
import time

import numpy as np
import pytest
from interrupts import cpu_seconds, pressing_ctrl_c

import ofc_fast as ofc
from ofc_fast import partial, reference
from ofc_fast.board import partial as partial_module

EMPTY = 255
SLICES = ((0, 3), (3, 8), (8, 13))
PRESETS = list(ofc.PRESETS.values())
#: dead cards that made an empty board's search take 2-11 s in 0.1.0 (the answer is True)
HARD_DEAD = [
    "7c Qh Kd Ah 4d As Tc Jc 7d 9s 6s Qd Kc 5h 5c 6d Kh Qs Jd 8s Th 8d Ad 4h",
    "Td 4s Ks 6d Kd Js 3s Ad 8s Qh Kc Jh 6h 4c 5d Ah Tc Qs As 5c 7s 7d Qc 9d",
    "4h Ts Jh Tc Ac 8h 4s Qs Jc 3c Qh Qc 6c Qd 9d 6s 7s Kc As 8d 5c Kd 7d 4d",
]
#: a False whose search needs about 75,000 nodes (past the first pass)
LONG_FALSE = ("Ad Ah / -- / 4h Qh Jc Ac", "2d Ts Jh 5d 6s 7c 7h 2s")


def brute_avoid(board: list[int], pool: list[int], rules: ofc.Rules) -> bool:
    """Some completion of `board` from `pool` is not fouled: every split of
    the pool over the rows' empty slots tried (reference.fouled)."""
    slots = [[i for i in range(lo, hi) if board[i] == EMPTY] for lo, hi in SLICES]

    def rows(r: int, left: list[int], b: list[int]) -> bool:
        if r == 3:
            return not reference.fouled(b, rules)
        for chosen in itertools.combinations(left, len(slots[r])):
            nb = list(b)
            for i, c in zip(slots[r], chosen):
                nb[i] = c
            if rows(r + 1, [c for c in left if c not in chosen], nb):
                return True
        return False

    return rows(0, list(pool), list(board))


def random_case(rng: np.random.Generator, empties: int, pool_size: int,
                strong_top: bool) -> tuple[list[int], list[int]]:
    deck = [int(c) for c in rng.permutation(52)]
    if strong_top:   # a high pair or trips on top: the other rows must beat it
        rank = int(rng.integers(9, 13))
        top = [rank * 4 + s for s in rng.permutation(4)[:int(rng.integers(2, 4))]]
        deck = top + [c for c in deck if c not in top]
        board = deck[:len(top)] + [EMPTY] * (3 - len(top)) + deck[len(top):len(top) + 10]
        deck = board + [c for c in deck if c not in board]
        keep = [i for i in range(13) if board[i] != EMPTY and i >= 3]
        for i in rng.choice(keep, size=min(empties - (3 - len(top)), len(keep)), replace=False):
            board[int(i)] = EMPTY
    else:
        board = deck[:13]
        for i in rng.choice(13, size=empties, replace=False):
            board[int(i)] = EMPTY
    for lo, hi in SLICES:   # rows fill left to right
        row = [c for c in board[lo:hi] if c != EMPTY]
        board[lo:hi] = row + [EMPTY] * (hi - lo - len(row))
    rest = [c for c in deck if c not in board]
    return board, rest[:max(pool_size, board.count(EMPTY))]


def check_cases(rules: ofc.Rules, seed: int, count: int) -> set[bool]:
    rng = np.random.default_rng(seed)
    outcomes = set()
    for k in range(count):
        empties = int(rng.integers(1, 7))
        pool_size = empties + int(rng.integers(0, 4))
        board, pool = random_case(rng, empties, pool_size, strong_top=k % 2 == 1)
        dead = sorted(set(range(52)) - set(board) - set(pool))
        want = brute_avoid(board, pool, rules)
        got = bool(partial.can_avoid_foul(np.array(board, np.uint8), rules, dead=dead))
        assert got == want, (rules.name, ofc.card_str(np.array(board, np.uint8)),
                             ofc.card_str(np.array(pool, np.uint8)))
        outcomes.add(got)
    return outcomes


@pytest.mark.parametrize("rules", PRESETS, ids=[r.name for r in PRESETS])
def test_matches_brute_force_every_preset(rules: ofc.Rules) -> None:
    assert check_cases(rules, 7 + rules.low, 150) == {True, False}


@pytest.mark.parametrize("rules", [ofc.PINEAPPLE, ofc.LOW], ids=["pineapple", "low"])
def test_split_search_matches_brute_force(rules: ofc.Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny search calls: nearly every board goes through the split search."""
    monkeypatch.setattr(partial_module, "_SEARCH_FIRST", 0)
    monkeypatch.setattr(partial_module, "_SEARCH_STEP", 3)
    assert check_cases(rules, 11 + rules.low, 100) == {True, False}


@pytest.mark.parametrize("rules", PRESETS, ids=[r.name for r in PRESETS])
def test_split_search_matches_one_search(rules: ofc.Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    """Larger pools (no brute force): the split search and one long search agree."""
    rng = np.random.default_rng(23)
    boards, deads = [], []
    for k in range(120):
        board, pool = random_case(rng, int(rng.integers(4, 11)), 0, strong_top=k % 2 == 0)
        pool = [c for c in range(52) if c not in board]
        deads.append([int(c) for c in rng.permutation(pool)[:int(rng.integers(0, 30))]])
        boards.append(board)
    b = np.array(boards, np.uint8)
    width = max(len(d) for d in deads)
    dead = np.full((len(deads), width), EMPTY, np.uint8)
    for i, d in enumerate(deads):
        dead[i, :len(d)] = d
    want = partial.can_avoid_foul(b, rules, dead=dead)
    monkeypatch.setattr(partial_module, "_SEARCH_FIRST", 0)
    monkeypatch.setattr(partial_module, "_SEARCH_STEP", 200)
    assert partial.can_avoid_foul(b, rules, dead=dead).tolist() == want.tolist()
    assert partial.can_avoid_foul(b, rules, dead=dead, budget=10**12).tolist() == want.tolist()


def test_budget_still_bounds_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    board, dead = LONG_FALSE
    with pytest.raises(RuntimeError, match="budget of 1000 nodes"):
        partial.can_avoid_foul(board, dead=dead.split(), budget=1000)
    monkeypatch.setattr(partial_module, "_SEARCH_STEP", 1000)
    with pytest.raises(RuntimeError, match="budget of 30000 nodes"):
        partial.can_avoid_foul(board, dead=dead.split(), budget=30_000)
    assert not partial.can_avoid_foul(board, dead=dead.split(), budget=10**9)
    assert not partial.can_avoid_foul(board, dead=dead.split())


@pytest.mark.parametrize("rules", PRESETS, ids=[r.name for r in PRESETS])
def test_empty_board_with_24_dead_is_true(rules: ofc.Rules) -> None:
    """Easy Trues (0.1.0: 2-11 s each) are answered without a long search: a
    small budget is enough."""
    for dead in HARD_DEAD:
        assert bool(partial.can_avoid_foul("-- / -- / --", rules, dead=dead.split(), budget=10_000))
    many = partial.can_avoid_foul(["-- / -- / --"] * 3, rules,
                                  dead=[d.split() for d in HARD_DEAD], workers=2)
    assert many.tolist() == [True] * 3


def test_interrupt_between_search_calls() -> None:
    """Ctrl-C (interrupt_main) during a batch of long searches lands between
    C calls; the next call is right."""
    board, dead = LONG_FALSE
    boards = [board] * 3000       # 0.1.0: one C call of about 30 s
    start = time.monotonic()
    start_cpu = cpu_seconds()
    with pressing_ctrl_c(), pytest.raises(KeyboardInterrupt):
        while time.monotonic() - start < 10:
            partial.can_avoid_foul(boards, dead=dead.split())
    assert cpu_seconds() - start_cpu < 3
    assert partial.can_avoid_foul([board, "-- / -- / --"], dead=dead.split()).tolist() == [False, True]
