"""Reliability: fork, pickling, inputs changed during a call, the raw `_core` doors.

Regressions of issue 11: a forked child hung on its first call with
``workers`` > 1; a used ``Rules`` could not be pickled or deep-copied;
``Board`` came back writeable from pickle / deepcopy; ``_core`` functions read
past their buffers on bad arguments; a thread flipping input bytes produced an
``AssertionError`` or strengths of 0.
"""
from __future__ import annotations

import copy
import dataclasses
import os
import pickle
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from typing import Any

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import _core
from ofc_fast import reference as ref

B1_TEXT = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"
B2_TEXT = "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"


def _run_python(code: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``code`` as a script (spawn re-imports it) in a fresh interpreter.

    The interpreter imports the ofc_fast this test imports (the checkout or
    the installed package).
    """
    env = dict(os.environ)
    where = os.path.dirname(os.path.dirname(os.path.abspath(ofc.__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (where, env.get("PYTHONPATH", "")) if p)
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "script.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(textwrap.dedent(code))
        return subprocess.run([sys.executable, script], capture_output=True, text=True, check=False,
                              timeout=timeout, env=env, cwd=tmp)


# --------------------------------------------------------------------- fork

@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_forked_child_after_pool_use_does_not_hang() -> None:
    """The issue's repro: the parent used the pool, the child calls with the same workers."""
    r = _run_python("""
        import os, numpy as np, ofc_fast as ofc
        h = np.tile(np.arange(5, dtype=np.uint8), (200_000, 1))
        want = ofc.strength(h, workers=-1)
        for workers in (-1, 2, 3):
            ofc.strength(h, workers=workers)
            pid = os.fork()
            if pid == 0:
                ok = (ofc.strength(h, workers=workers) == want).all()
                ok &= (ofc.strength(h, workers=4) == want).all()
                os._exit(0 if ok else 3)
            _, status = os.waitpid(pid, 0)
            assert os.waitstatus_to_exitcode(status) == 0, status
        print("done")
    """, timeout=60)
    assert r.returncode == 0 and "done" in r.stdout, r.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="the fork start method is Linux's default")
def test_multiprocessing_fork_pool_after_pool_use() -> None:
    r = _run_python("""
        import multiprocessing, numpy as np, ofc_fast as ofc
        H = np.tile(np.arange(5, dtype=np.uint8), (200_000, 1))

        def job(workers):
            return int(ofc.strength(H, workers=workers).sum())

        if __name__ == "__main__":
            want = job(2)
            with multiprocessing.get_context("fork").Pool(2) as pool:
                got = pool.map(job, [2, -1, 3, 2])
            assert got == [want] * 4, got
            print("done")
    """, timeout=90)
    assert r.returncode == 0 and "done" in r.stdout, r.stderr


def test_spawn_pool_takes_rules_arguments() -> None:
    """Spawn-based pools pickle their arguments: used Rules (presets included) must go through."""
    r = _run_python("""
        import dataclasses, multiprocessing, ofc_fast as ofc
        B = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"

        def job(rules):
            return ofc.Board.parse(B).royalties(rules), ofc.Board.parse(B).fantasyland(rules)

        if __name__ == "__main__":
            house = dataclasses.replace(ofc.PROGRESSIVE, name="house", scoop_bonus=6)
            rules = [ofc.PINEAPPLE, ofc.PROGRESSIVE, house]
            want = [job(r) for r in rules]          # every Rules used here first
            with multiprocessing.get_context("spawn").Pool(1) as pool:
                got = pool.map(job, rules)
            assert got == want, (got, want)
            print("done")
    """, timeout=120)
    assert r.returncode == 0 and "done" in r.stdout, r.stderr


# ----------------------------------------------------------------- pickling

def _all_rules() -> list[ofc.Rules]:
    out = list(ofc.PRESETS.values())
    for preset in ofc.PRESETS.values():
        out += [preset.with_stay(c) for c in ofc.STAY_CONVENTIONS]
    out += [dataclasses.replace(ofc.PINEAPPLE, name="house", scoop_bonus=6, top_pair=(0,) * 13),
            dataclasses.replace(ofc.LOW, name="low-both", fl_low_mode="both", fl_low_both=0),
            dataclasses.replace(ofc.ORIGINAL, name="four", middle=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9))]
    return out


ROUND_TRIPS = {
    "pickle": lambda r: pickle.loads(pickle.dumps(r)),
    "pickle-0": lambda r: pickle.loads(pickle.dumps(r, protocol=0)),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
}
BOARDS = np.stack([ofc.parse_boards(B1_TEXT), ofc.parse_boards(B2_TEXT),
                   ofc.parse_boards("Kh Kd 2c / 7h 5d 4c 3s 2h / Ac Ad Ah 9s 9d")])


@pytest.mark.parametrize("how", ROUND_TRIPS)
def test_rules_round_trip_before_and_after_use(how: str) -> None:
    trip = ROUND_TRIPS[how]
    for rules in _all_rules():
        fresh = dataclasses.replace(rules)          # never used
        for r in (fresh, rules):
            back = trip(r)
            assert back == r and hash(back) == hash(r) and back.name == r.name
        want = ofc.analyze(BOARDS, rules)           # now used: the C tables are cached
        for r in (rules, fresh):
            back = trip(r)
            assert back == rules and hash(back) == hash(rules)
            got = ofc.analyze(BOARDS, back)
            for g, w in zip(got, want):
                assert (g == w).all(), rules.name
            assert ofc.score(BOARDS[:2], back).tolist() == ofc.score(BOARDS[:2], rules).tolist()
            assert trip(back) == rules                 # and again, after its own use


def test_used_preset_pickles() -> None:
    """The issue's repro: pickle.dumps(ofc.PINEAPPLE) after one analyze."""
    ofc.analyze(BOARDS, ofc.PINEAPPLE)
    assert pickle.loads(pickle.dumps(ofc.PINEAPPLE)) == ofc.PINEAPPLE
    assert copy.deepcopy(ofc.LOW) == ofc.LOW


@pytest.mark.parametrize("how", ROUND_TRIPS)
def test_board_round_trip_stays_immutable(how: str) -> None:
    b = ofc.Board.parse(B1_TEXT)
    h = hash(b)
    back = ROUND_TRIPS[how](b)
    assert back == b and hash(back) == h and str(back) == str(b)
    assert not back.codes.flags.writeable
    with pytest.raises(ValueError):
        back.codes[0] = back.codes[1]
    assert hash(back) == h
    assert back.royalties(ofc.PINEAPPLE) == b.royalties(ofc.PINEAPPLE)


# -------------------------------------------------------- Low, fl_low_both 0

@pytest.mark.parametrize("mode", ["either", "both"])
def test_low_no_both_count_never_deals_less_than_one_condition(mode: str) -> None:
    """fl_low_both = 0 (no count of its own): KK top and the nuts deal the larger count, 14."""
    r = dataclasses.replace(ofc.LOW, fl_low_both=0, fl_low_mode=mode)
    both = ofc.Board.parse("Kh Kd 2c / 7h 5d 4c 3s 2h / Ac Ad Ah 9s 9d")
    assert both.fantasyland(r) == 14
    assert ref.fantasyland(both.codes.tolist(), r) == 14
    more = dataclasses.replace(r, fl_low_nuts=16)
    assert both.fantasyland(more) == ref.fantasyland(both.codes.tolist(), more) == 16
    if mode == "either":
        assert ofc.Board.parse("Kh Kd 2c / 8h 6d 5c 4s 3h / Ac Ad Ah 9s 9d").fantasyland(r) == 14
        assert ofc.Board.parse("Qh Qd 2c / 7h 5d 4c 3s 2h / 9c 9d 9h 9s Kd").fantasyland(r) == 14


# --------------------------------------------------- inputs changed mid-call

def _flip_while(call: Any, arr: np.ndarray, seconds: float, seed: int, high: int = 256) -> tuple[int, int, int]:
    """Call ``call()`` repeatedly while a thread writes bad bytes into ``arr`` and restores them.

    The only valid content of every row is its original one, so a result must
    equal the one before; anything else must be a ValueError.  Returns (calls,
    results, value errors).
    """
    orig = arr.copy()
    want = call()
    k = arr.shape[-1]
    flat = arr.reshape(-1)
    rows = flat.size // k
    stop = threading.Event()

    def flipper() -> None:
        rng = np.random.default_rng(seed)
        while not stop.is_set():
            # one write per row, each making its row invalid: a byte that is
            # no card, or a copy of the next card of the row (a repeat)
            row = rng.choice(rows, 64, replace=False)
            pos = rng.integers(0, k, 64)
            idx = row * k + pos
            repeat = flat[row * k + (pos + 1) % k]
            flat[idx] = np.where(rng.random(64) < 0.5, repeat, rng.integers(52, high, 64))
            time.sleep(0)
            flat[idx] = orig.reshape(-1)[idx]

    t = threading.Thread(target=flipper)
    t.start()
    calls = results = errors = 0
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            calls += 1
            try:
                got = call()
            except ValueError:
                errors += 1
                continue
            results += 1
            for g, w in zip(got if isinstance(got, tuple) else (got,),
                            want if isinstance(want, tuple) else (want,)):
                assert (g == w).all()
    finally:
        stop.set()
        t.join()
    arr[...] = orig
    return calls, results, errors


def hands_changed_during_call(workers: int, seconds: float) -> None:
    rng = np.random.default_rng(5)
    hands = np.argsort(rng.random((100_000, 52)), axis=1)[:, :5].astype(np.uint8)
    calls, results, errors = _flip_while(lambda: ofc.strength(hands, workers=workers), hands, seconds, 1)
    assert calls == results + errors and calls > 0
    three = np.ascontiguousarray(hands[:, :3])
    _flip_while(lambda: ofc.strength(three, workers=workers), three, 0.4 * seconds, 2)
    _flip_while(lambda: ofc.lowball27(hands, workers=workers), hands, 0.4 * seconds, 3)


def boards_and_deals_changed_during_call(workers: int, seconds: float) -> None:
    rng = np.random.default_rng(6)
    deals = np.argsort(rng.random((20_000, 52)), axis=1)[:, :26].astype(np.uint8).reshape(-1, 2, 13)
    boards = np.ascontiguousarray(deals.reshape(-1, 13))
    _flip_while(lambda: tuple(ofc.analyze(boards, ofc.PINEAPPLE, workers=workers)), boards, 0.7 * seconds, 4)
    _flip_while(lambda: tuple(ofc.analyze(boards, ofc.LOW, workers=workers)), boards, 0.4 * seconds, 5)
    _flip_while(lambda: ofc.score(deals, workers=workers), deals, 0.7 * seconds, 6)


#: the quick run flips for half a second, the slow run for a whole one
FLIP_SECONDS = [0.5, pytest.param(1.0, marks=pytest.mark.slow, id="longer")]


@pytest.mark.parametrize("seconds", FLIP_SECONDS)
@pytest.mark.parametrize("workers", [1, 2])
def test_hands_changed_during_call(workers: int, seconds: float) -> None:
    hands_changed_during_call(workers, seconds)


@pytest.mark.parametrize("seconds", FLIP_SECONDS)
@pytest.mark.parametrize("workers", [1, 2])
def test_boards_and_deals_changed_during_call(workers: int, seconds: float) -> None:
    boards_and_deals_changed_during_call(workers, seconds)


@pytest.mark.parametrize("workers", [1, 2])
def test_other_kernels_read_what_they_checked(workers: int) -> None:
    """Issue 28's class: every kernel that checks the caller's array and then reads it again
    without the GIL.  The Fantasyland solver and its enumeration, the k-subsets, the best
    hand, partial rows and score_details checked a hand and read it again (a card checked
    and then looked up as another: tables read out of bounds); each now checks and reads a
    copy, so a result is the true one or a ValueError."""
    rng = np.random.default_rng(9)
    seven = np.argsort(rng.random((3000, 52)), axis=1)[:, :7].astype(np.uint8)
    _flip_while(lambda: ofc.subset_strengths(seven, 5, workers=workers), seven, 0.3, 11)
    _flip_while(lambda: tuple(ofc.best_hand(seven, 5, workers=workers)), seven, 0.3, 12)
    rows = np.argsort(rng.random((20_000, 52)), axis=1)[:, :5].astype(np.uint8)
    rows[:, 3:] = 255   # partial rows: 255 is an empty slot there, so no flip writes it
    _flip_while(lambda: ofc.partial_strength(rows, workers=workers), rows, 0.3, 13, high=255)
    deals = np.argsort(rng.random((2000, 52)), axis=1)[:, :26].astype(np.uint8).reshape(-1, 2, 13)
    _flip_while(lambda: tuple(ofc.score_details(deals)), deals, 0.3, 14)
    hands = np.argsort(rng.random((80, 52)), axis=1)[:, :14].astype(np.uint8)
    _flip_while(lambda: tuple(ofc.solve_fantasyland(hands, workers=workers)), hands, 0.5, 15)


def test_in_fantasyland_counts_changed_during_call() -> None:
    """analyze's in_fantasyland counts index the stay-count table in C ("current" stay
    counts): they are checked and passed as a copy, never the caller's array, so a count
    flipped to 255 during the call gives the true result or a ValueError."""
    r = dataclasses.replace(ofc.PROGRESSIVE, name="current", stay_cards_mode="current")
    boards = np.tile(ofc.parse_boards(B1_TEXT), (50_000, 1))   # quads on the bottom: it stays
    counts = np.full(50_000, 15, np.uint8)
    want = tuple(ofc.analyze(boards, r, in_fantasyland=counts))
    assert (want[3] == 15).all() if len(want) > 3 else True
    stop = threading.Event()

    def flipper() -> None:
        while not stop.is_set():
            counts[::97] = 255
            time.sleep(0)
            counts[::97] = 15

    t = threading.Thread(target=flipper)
    t.start()
    results = 0
    try:
        end = time.monotonic() + 0.5
        while time.monotonic() < end:
            try:
                got = tuple(ofc.analyze(boards, r, in_fantasyland=counts))
            except ValueError:
                continue
            results += 1
            for g, w in zip(got, want):
                assert np.array_equal(np.asarray(g), np.asarray(w))
    finally:
        stop.set()
        t.join()


def test_changed_input_message_names_the_row() -> None:
    """What the caller sees when a row was bad for the kernel and is valid again now."""
    from ofc_fast.board.boards import _explain
    from ofc_fast.hand.bad_rows import raise_bad_hand
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]], dtype=np.uint8)
    with pytest.raises(ValueError, match=r"hand 1: changed during the call.*must not change"):
        raise_bad_hand(hands, 1, (2,))
    boards = np.stack([ofc.parse_boards(B1_TEXT)] * 3)
    with pytest.raises(ValueError, match=r"board 2: changed during the call"):
        _explain(boards, 2, (3,))
    deals = boards[:2].reshape(1, 26)
    deals[0, 13:] = ofc.parse_boards(B2_TEXT)
    with pytest.raises(ValueError, match=r"deal 0: changed during the call"):
        _explain(deals, 0, (1,), 2)


# ------------------------------------------------------------ the _core doors
# (bad arguments of every _core function are rows of tests/test_bad_input.py)

H5 = np.tile(np.arange(5, dtype=np.uint8), (4, 1))
OUT = np.empty(4, dtype=np.uint16)


def _outputs(n: int) -> list[np.ndarray]:
    return [np.empty(n, np.uint8), np.empty((n, 3), np.uint16), np.empty((n, 3), np.int16),
            np.empty(n, np.uint8), np.empty(n, np.uint8)]


BOARDS1K = np.tile(np.arange(13, dtype=np.uint8), (1000, 1))
DEALS = np.tile(np.arange(26, dtype=np.uint8), (10, 1))
T = ofc.PINEAPPLE.tables

def test_core_valid_ranges_still_work() -> None:
    out = np.empty(4, np.uint16)
    assert _core.strength_rows(H5, out, 4, 4) == -1        # empty range
    assert _core.strength_rows(H5, out, 3, 1) == -1        # stop before start: nothing
    assert _core.strength_rows(H5, out, 1, 4) == -1
    outs = _outputs(1000)
    infl = np.zeros(1000, np.uint8)
    assert _core.analyze_rows(T, BOARDS1K, infl, *outs, 990, 1000) == -1
    net = np.empty((10, 2), np.int32)
    assert _core.score_rows(T, DEALS, 2, net, None, 0, 10) == -1


# ------------------------------------------------------- play_match, scores

def test_play_match_zero_hands_and_big_scores() -> None:
    r = ofc.play_match(np.zeros((3, 0, 2), np.int64), start=[50, 60])
    assert r.points.tolist() == [[50, 60]] * 3 and r.hands_played.tolist() == [0] * 3
    assert not r.losers.any()
    big = 2**31 - 1
    r = ofc.play_match(np.array([[big, -big], [-big, big]], np.int64), start=[big, big])
    assert r.points.tolist() == [2 * big, 0]       # no int64 or int32 wrap-around
    assert r.hands_played == 1 and r.losers.tolist() == [False, True]
    # start as a numpy integer array of another dtype, and broadcast per match
    r = ofc.play_match(np.array([[[5, -5]], [[-5, 5]]], np.int8), start=np.array([10, 10], np.uint16))
    assert r.points.tolist() == [[15, 5], [5, 15]]


def test_rules_worst_deal_score_fits_int32() -> None:
    """The largest rules validation allows score exactly (no int32 wrap-around)."""
    max_roy: dict[str, Any] = {"top_pair": (32_767,) * 13, "top_trips": (32_767,) * 13,
                               "middle": (32_767,) * 10, "bottom": (32_767,) * 10}
    span = 3 * 32_767
    scoop = (2**31 - 1) // 3 - 3 - span      # the largest scoop bonus 4 players allow
    r = dataclasses.replace(ofc.ORIGINAL, name="huge", scoop_bonus=scoop, **max_roy)
    with pytest.raises(ValueError, match="scoop_bonus.*max_players = 4.*int32"):
        dataclasses.replace(r, scoop_bonus=scoop + 1)
    with pytest.raises(ValueError, match="match_points"):
        dataclasses.replace(r, match_points=2**31)
    rng = np.random.default_rng(11)
    for _ in range(200):   # a deal where one player scoops the three others
        deal = rng.permutation(52).astype(np.uint8).reshape(4, 13)
        got = ofc.score(deal, r).tolist()
        if max(map(abs, got)) > 2**30:
            break
    boards = deal.tolist()
    assert got == ref.score(boards, r)
    assert max(map(abs, got)) > 2**30     # near the int32 limit, exact
    assert ofc.score_matrix(deal, r).tolist() == ref.score_matrix(boards, r)
