"""Fantasyland against known boards (solve_fantasyland(..., against=)): the solver's value
equals the maximum of a plain enumeration, and the setting it returns scores what it says.

Two references: the C enumeration of every setting (ofc_fantasyland_points_enumerate, scored
as the game engine scores the hand), for hundreds of hands of every preset, house rules and
jokers; and a Python enumeration of every setting of 13 cards scored by ofc.score (the board
layer's deal scoring) and ofc.analyze (fouls and stays), which shares nothing with the C
search.  Each returned setting is also scored by ofc.score.
"""
from __future__ import annotations

import dataclasses
import functools
import itertools
import threading
import time
from typing import Any

import numpy as np
import pytest
from interrupts import cpu_seconds

import ofc_fast as ofc
from ofc_fast import _solve

HOUSE = [ofc.HOUSE_RULES[name] for name in sorted(ofc.HOUSE_RULES)]
RULES = [ofc.PRESETS[name] for name in sorted(ofc.PRESETS)] + HOUSE + [
    dataclasses.replace(ofc.ORIGINAL, name="scoop6", scoop_bonus=6),
    dataclasses.replace(ofc.PINEAPPLE, name="odd-royalties", middle=(0, 1, 3, 2, 4, 8, 12, 20, 30, 50),
                        bottom=(0, -1, 0, 0, 2, 4, 6, 10, 15, 25), top_pair=(0,) * 12 + (9,))]


def _deal(rng: np.random.Generator, k: int, m: int, deck: int = 52) -> tuple[list[int], np.ndarray]:
    cards = rng.permutation(deck)
    return cards[:k].tolist(), cards[k:k + 13 * m].reshape(m, 13).astype(np.uint8)


def _enumerate(rules: ofc.Rules, hand: list[int], boards: np.ndarray, stay: float,
               infl: Any = None) -> tuple[Any, ...]:
    m = boards.shape[0]
    flags = np.zeros(m, np.uint8) if infl is None else np.asarray(infl, np.uint8)
    out = _solve.solve_points(rules.tables, np.array(hand, np.uint8), np.ascontiguousarray(boards), flags,
                              stay, _solve.StopFlag(), True)
    assert out is not None
    return out


def _check_scored(rules: ofc.Rules, r: ofc.FantasylandResult, boards: np.ndarray) -> None:
    """The setting's points as ofc.score scores the deal (seat 0: the Fantasyland seat)."""
    deal = np.concatenate([r.board.codes[None], boards])
    assert int(ofc.score(deal, rules)[0]) == r.points
    assert sum(r.versus) == r.points
    assert [int(ofc.score_matrix(deal, rules)[0, j + 1]) for j in range(len(boards))] == list(r.versus)


def _players(rules: ofc.Rules, k: int) -> list[int]:
    return [m for m in (1, 2, 3) if m + 1 <= rules.max_players and k + 13 * m <= 52 + rules.jokers]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_solver_equals_enumeration(rules: ofc.Rules) -> None:
    rng = np.random.default_rng(sum(map(ord, rules.name)))
    for trial in range(24):
        m = _players(rules, 13)[trial % len(_players(rules, 13))]
        hand, boards = _deal(rng, 13, m)
        stay = float(rng.choice([0.0, 12.5, -4.0, 40.0]))
        r = ofc.solve_fantasyland(hand, rules, stay_value=stay, against=boards)
        board, discards, jokers, royalties, stays, fouled, value, points, versus = _enumerate(
            rules, hand, boards, stay)
        assert r.value == value and r.points == points, (rules.name, ofc.card_str(hand))
        assert r.board.codes.tobytes() == board and r.versus == versus
        assert r.royalties == royalties and r.stays == stays and r.fouled == fouled
        assert r.value == r.points + (stay if r.stays else 0.0)
        _check_scored(rules, r, boards)


@functools.lru_cache(maxsize=1)
def _settings() -> np.ndarray:
    """Every setting of 13 cards: positions of top, middle, bottom ((72072, 13))."""
    out = []
    for bottom in itertools.combinations(range(13), 5):
        rest = [p for p in range(13) if p not in bottom]
        for middle in itertools.combinations(rest, 5):
            out.append([p for p in rest if p not in middle] + list(middle) + list(bottom))
    return np.array(out)


def _python_best(rules: ofc.Rules, hand: list[int], boards: np.ndarray, stay: float) -> float:
    """The greatest value of a legal setting of 13 cards, every setting scored by ofc.score."""
    setting_boards = np.array(hand, np.uint8)[_settings()]
    a = ofc.analyze(setting_boards, rules, in_fantasyland=13 if rules.stay_cards_mode == "current" else True)
    legal = ~a.fouled
    assert legal.any()
    deals = np.concatenate([setting_boards[legal][:, None], np.broadcast_to(
        boards, (int(legal.sum()),) + boards.shape)], axis=1)
    points = ofc.score(deals, rules)[:, 0]
    return float((points + np.where(a.stays[legal], stay, 0.0)).max())


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_python_enumeration_by_score(rules: ofc.Rules) -> None:
    rng = np.random.default_rng(7 + sum(map(ord, rules.name)))
    for trial in range(4):
        ms = _players(rules, 13)
        hand, boards = _deal(rng, 13, ms[trial % len(ms)])
        stay = float(rng.choice([0.0, 15.0]))
        r = ofc.solve_fantasyland(hand, rules, stay_value=stay, against=boards)
        assert r.value == _python_best(rules, hand, boards, stay)
        _check_scored(rules, r, boards)


def test_fouled_boards_and_many_sizes_score_as_they_say() -> None:
    rng = np.random.default_rng(3)
    fouled = 0
    for trial in range(150):
        k = 13 + trial % 5
        rules = ofc.PROGRESSIVE if k > 14 else ofc.PINEAPPLE
        hand, boards = _deal(rng, k, 1 + trial % 2)
        fouled += int(ofc.analyze(boards, rules).fouled.sum())
        r = ofc.solve_fantasyland(hand, rules, against=boards)
        _check_scored(rules, r, boards)
        alone = ofc.solve_fantasyland(hand, rules)
        assert r.fouled == alone.fouled
        # the royalty solver's setting never wins more points than this one
        deal = np.concatenate([alone.board.codes[None], boards])
        assert int(ofc.score(deal, rules)[0]) <= r.points
    assert fouled > 20   # random boards foul often: both kinds were met


def test_deterministic_whatever_the_order() -> None:
    rng = np.random.default_rng(11)
    for _ in range(30):
        hand, boards = _deal(rng, 14, 2)
        r = ofc.solve_fantasyland(hand, ofc.PROGRESSIVE, against=boards)
        s = ofc.solve_fantasyland(rng.permutation(hand).tolist(), ofc.PROGRESSIVE, against=boards[::-1])
        assert r.board == s.board and r.points == s.points and r.versus == s.versus[::-1]


JOKER_RULES = [dataclasses.replace(base, name=f"jk-{base.name}-{pool}-{res}-{five}", jokers=2, joker_pool=pool,
                                   joker_resolution=res, five_of_a_kind=five, natural_beats_wild=nbw)
               for base in (ofc.PINEAPPLE, ofc.LOW, ofc.PROGRESSIVE)
               for pool, five in (("any", None), ("not_on_board", None), ("unseen", None),
                                  ("duplicates", None), ("duplicates", "above_straight_flush"),
                                  ("duplicates", "below_royal"))
               for res, nbw in (("board", False), ("row", True))]


@pytest.mark.parametrize("rules", JOKER_RULES, ids=lambda r: r.name)
def test_jokers_equal_enumeration(rules: ofc.Rules) -> None:
    rng = np.random.default_rng(sum(map(ord, rules.name)))
    for trial in range(6):
        m = 1 + trial % 2
        cards = rng.permutation(52)[:13 + 13 * m].tolist()
        where = trial % 3   # jokers in the hand, on the other boards, or one each
        if where == 0:
            cards[0:2] = [52, 53]
        elif where == 1:
            cards[13], cards[18] = 52, 53
        else:
            cards[3], cards[20] = 52, 53
        hand, boards = cards[:13], np.array(cards[13:], np.uint8).reshape(m, 13)
        infl = [14 if trial % 4 == 1 else 0] * m
        r = ofc.solve_fantasyland(hand, rules, stay_value=10.0, against=boards, against_fantasyland=infl)
        board, discards, jokers, royalties, stays, fouled, value, points, versus = _enumerate(
            rules, hand, boards, 10.0, infl)
        assert (r.value, r.points, r.versus) == (value, points, versus), (rules.name, ofc.card_str(hand))
        assert r.board.codes.tobytes() == board and r.jokers.tobytes() == jokers
        if rules.joker_resolution == "row" and not any(infl):
            _check_scored(rules, r, boards)   # where score's resolution is the game's


@pytest.mark.slow
@pytest.mark.parametrize("k", [14, 15])
def test_larger_hands_equal_enumeration(k: int) -> None:
    rng = np.random.default_rng(k)
    for rules in (ofc.PROGRESSIVE, ofc.LOW, JOKER_RULES[2]):
        for trial in range(4):
            hand, boards = _deal(rng, k, 1 + trial % 2, 52 + rules.jokers)
            r = ofc.solve_fantasyland(hand, rules, stay_value=20.0, against=boards)
            out = _enumerate(rules, hand, boards, 20.0)
            assert (r.board.codes.tobytes(), r.value, r.points) == (out[0], out[6], out[7])


def test_threads_agree_with_one_thread() -> None:
    rng = np.random.default_rng(5)
    cases = [_deal(rng, 14 + i % 4, 1 + i % 2) for i in range(24)]
    want = [ofc.solve_fantasyland(h, ofc.PROGRESSIVE, against=b) for h, b in cases]
    got: list[Any] = [None] * len(cases)

    def work(i: int) -> None:
        for j in range(i, len(cases), 4):
            got[j] = ofc.solve_fantasyland(cases[j][0], ofc.PROGRESSIVE, against=cases[j][1])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == want


def test_stop_flag_ends_a_long_enumeration() -> None:
    """The C search polls its stop flag: a 17-card enumeration (minutes) ends at once."""
    hand, boards = _deal(np.random.default_rng(1), 17, 1)
    flag = _solve.StopFlag()
    result: list[Any] = []
    t = threading.Thread(target=lambda: result.append(_solve.solve_points(
        ofc.PROGRESSIVE.tables, np.array(hand, np.uint8), boards, np.zeros(1, np.uint8), 0.0, flag, True)))
    t.start()
    time.sleep(0.2)
    start_cpu = cpu_seconds()
    flag.request_stop()
    t.join(10)
    assert not t.is_alive() and result == [None]
    assert cpu_seconds() - start_cpu < 5
