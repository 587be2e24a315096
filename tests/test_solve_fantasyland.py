"""The Fantasyland solver against a plain enumeration of every setting.

The reference (``ofc_fantasyland_enumerate``, csrc/solve/ofc_fantasyland_enum.c)
tries every bottom, middle and top with its own loops and the public
evaluators; it shares no code with the solver's search.  The default run
compares a short sample; ``-m slow`` compares at least 300 random hands of 13,
14 and 15 cards and 50 of 16 and 17 for every preset, with stay values 0, 15
and 100, and built hands rich in royalties for many rule variants: about 3
CPU minutes, 4.5 minutes on a loaded 2-core machine.  Shortened runs (per
built wheel, under sanitizers) scale the hand counts by
``OFC_FAST_FL_SCALE`` (a fraction), or else by ``OFC_FAST_DIFF_DEALS`` / 1M
when that is set, as the deal differential does.  Further: properties of every answer (its board analyzed
by ``analyze`` gives its royalties and stay; it is never fouled while a legal
setting exists), permutation invariance, ``workers`` and threads, stay-value
mappings and bad input.
"""
from __future__ import annotations

import dataclasses
import os
import threading
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from interrupts import cpu_seconds
from rss import rss_growth

import ofc_fast as ofc
from ofc_fast import _solve
from ofc_fast.solve.fantasyland import (
    FantasylandArrays,
    FantasylandResult,
    solve_fantasyland,
)

PRESETS = {"original": ofc.ORIGINAL, "pineapple": ofc.PINEAPPLE, "progressive": ofc.PROGRESSIVE,
           "low": ofc.LOW}
STAYS = (0.0, 15.0, 100.0)
H = ofc.HandCategory


def _scale() -> float:
    """Fraction of the slow comparison to run (1 = all of it)."""
    if os.environ.get("OFC_FAST_FL_SCALE"):
        return min(1.0, float(os.environ["OFC_FAST_FL_SCALE"]))
    if os.environ.get("OFC_FAST_DIFF_DEALS"):
        return min(1.0, int(os.environ["OFC_FAST_DIFF_DEALS"]) / 1_000_000)
    return 1.0


SCALE = _scale()


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    """n hands of k distinct cards."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def enumerate_all(hands: np.ndarray, rules: ofc.Rules, stays: tuple[float, ...] = STAYS,
                  threads: int = 1) -> list[tuple[np.ndarray, ...]]:
    """The plain enumeration of every hand, per stay value (threads split the hands)."""
    hands = np.ascontiguousarray(hands)
    tables = rules.tables
    s = np.array(stays, dtype=np.float64)
    n = hands.shape[0]
    threads = max(1, min(threads, n))
    bounds = [n * i // threads for i in range(threads + 1)]
    parts: list[Any] = [None] * threads

    def work(i: int) -> None:
        parts[i] = _solve.enumerate_rows(tables, hands, s, bounds[i], bounds[i + 1])

    workers = [threading.Thread(target=work, args=(i,)) for i in range(1, threads)]
    for t in workers:
        t.start()
    work(0)
    for t in workers:
        t.join()
    return [tuple(np.concatenate([p[j][f] for p in parts]) for f in range(6)) for j in range(len(stays))]


def check_against_enumeration(hands: np.ndarray, rules: ofc.Rules, stays: tuple[float, ...] = STAYS,
                              threads: int = 1) -> None:
    expected = enumerate_all(hands, rules, stays, threads)
    for stay, want in zip(stays, expected):
        got = solve_fantasyland(hands, rules, stay_value=stay, workers=threads)
        assert isinstance(got, FantasylandArrays)
        for name, a, b in zip(FantasylandArrays._fields, got, want):
            a, b = np.asarray(a), np.asarray(b)
            bad = np.flatnonzero((a != b).reshape(a.shape[0], -1).any(axis=1)) if a.size else []
            assert len(bad) == 0, (
                f"{rules.name}, stay_value {stay}: {name} differs on hand {bad[0]} "
                f"({ofc.card_str(hands[bad[0]])}): solver {a[bad[0]]}, enumeration {b[bad[0]]}")


def check_properties(hands: np.ndarray, rules: ofc.Rules, stay: float) -> None:
    """Every answer: a board of the hand's cards, its analysis, its value."""
    got = solve_fantasyland(hands, rules, stay_value=stay)
    assert isinstance(got, FantasylandArrays)
    used = np.sort(np.concatenate([got.board, got.discards], axis=1), axis=1)
    assert (used == np.sort(hands, axis=1)).all()
    a = ofc.analyze(got.board, rules, in_fantasyland=True)
    assert (a.fouled == got.fouled).all()
    assert (a.royalties == got.royalties).all()
    assert (a.stays == got.stays).all()
    value = a.royalties.sum(axis=1) + np.where(a.stays, stay, 0.0)
    assert (got.value == np.where(got.fouled, 0.0, value)).all()
    # each row in descending card order, the discards too
    for lo, hi in ((0, 3), (3, 8), (8, 13)):
        assert (np.diff(got.board[:, lo:hi].astype(int), axis=1) < 0).all()
    assert (np.diff(got.discards.astype(int), axis=1) < 0).all()


# ---------------------------------------------------------------- built hands

def _hands_from_text(*texts: str) -> np.ndarray:
    return np.stack([ofc.cards(t) for t in texts])


BUILT = {
    # quads, straight flushes, royal flushes, trips for the top
    13: ["Ah Kh Qh Jh Th 9s 9h 9d 9c 2c 2d 2h 3s",
         "As Ks Qs Js Ts Ah Kh Qh Jh Th 7c 7d 7h",
         "5c 5d 5h 5s 6c 6d 6h 6s Kc Kd Kh 2s 3s",
         "2c 3c 4c 5c 6c 7d 8d 9d Td Jd Ah Ad Ac",
         "7d 5d 4h 3s 2c Ks Kd Kc 9h 9s 9d 9c 8h",     # Low: the nuts and KK / trips on top
         "Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac"],   # Low: no live middle: fouled
    14: ["Ah Kh Qh Jh Th 9s 9h 9d 9c 2c 2d 2h 3s 3d",
         "As Ks Qs Js Ts 9s 8s 7s 6s 5s Ac Ad Ah 4c",
         "Qc Qd Qh Qs Jc Jd Jh Js Tc Td Th Ts 2c 3c",
         "Ac Ad Ah Kc Kd Kh 2c 3c 4c 5c 6c 7s 5s 4s",
         "7d 5d 4h 3s 2c 8c 6c 4c 3c 2d Ac Ad Ah As",
         "Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac 2c"],  # Low: four ranks under J only
    15: ["Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h Ac Ad",
         "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h",
         "As Ks Qs Js Ts Ac Kc Qc Jc Tc Ad Kd Qd Jd Td",
         "7d 5d 4h 3s 2c 7c 5c 4d 3d 2h Kc Kd Kh Ks Qs"],
    17: ["Ah Kh Qh Jh Th As Ks Qs Js Ts Ac Ad 9c 9d 9h 9s 2c",
         "Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah As 2c"],   # Low: no live middle
}

VARIANTS = {
    **PRESETS,
    "pineapple-quads-middle": ofc.PINEAPPLE.with_stay("quads_middle"),
    "pineapple-top-bottom": ofc.PINEAPPLE.with_stay("top_bottom"),
    "original-quads-middle": ofc.ORIGINAL.with_stay("quads_middle"),
    "low-both": dataclasses.replace(ofc.LOW, name="low-both", fl_low_mode="both"),
    "low-top-only": dataclasses.replace(ofc.LOW, name="low-top-only", stay_bottom=None),
    # custom tables: negative royalties, flat tables, a stay on any pair on top
    "house-negative": dataclasses.replace(ofc.PINEAPPLE, name="house-negative",
                                          middle=(-3, 0, 1, 2, 4, -8, 12, 20, 30, 50),
                                          bottom=(0, -1, 0, 0, 2, 4, 6, 10, 15, 25),
                                          top_pair=tuple(range(-6, 7))),
    "house-pair-stays": dataclasses.replace(ofc.PINEAPPLE, name="house-pair-stays", stay_top=H.PAIR,
                                            stay_middle=H.STRAIGHT, stay_bottom=None),
    "house-flat": dataclasses.replace(ofc.PINEAPPLE, name="house-flat", top_pair=(0,) * 13,
                                      top_trips=(0,) * 13, middle=(0,) * 10, bottom=(0,) * 10),
    # house rules (docs/VARIANTS.md): a high-card top royalty, stays by the
    # entry condition (the stay bits of the tables), the named house variants
    "house-top-high": dataclasses.replace(ofc.PINEAPPLE, name="house-top-high",
                                          top_high=tuple(range(-2, 11))),
    "low-entry-stays": dataclasses.replace(ofc.LOW, name="low-entry-stays", stay_mode="entry",
                                           stay_bottom=None),
    **{f"house:{k}": v for k, v in ofc.HOUSE_RULES.items()},
}


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("k", [13, 14])
def test_built_hands_small(name: str, k: int) -> None:
    check_against_enumeration(_hands_from_text(*BUILT[k]), VARIANTS[name])


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("k", [15, 17])
def test_built_hands_large(name: str, k: int) -> None:
    hands = BUILT[k][:max(1, round(len(BUILT[k]) * SCALE))]
    check_against_enumeration(_hands_from_text(*hands), VARIANTS[name], threads=2)


def test_low_without_live_middle_fouls() -> None:
    r = solve_fantasyland("Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac 2c", "low", stay_value=50)
    assert isinstance(r, FantasylandResult)
    assert r.fouled and not r.stays and r.value == 0.0 and r.royalties == (0, 0, 0)
    # the greatest setting in the tie-break order: the strongest bottom first
    assert str(r.board) == "Qd Qc Jd / Qs Qh Js Jh 2c / Ac Ks Kh Kd Kc"
    # the high variants always have a legal setting
    assert not solve_fantasyland("Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac 2c").fouled


# --------------------------------------------------------------- random hands

@pytest.mark.parametrize("name", PRESETS)
def test_random_hands_sample(name: str) -> None:
    rules = PRESETS[name]
    seed = list(PRESETS).index(name)
    check_against_enumeration(random_hands(40, 13, seed), rules)
    check_against_enumeration(random_hands(12, 14, 10 + seed), rules)
    check_against_enumeration(random_hands(2, 15, 20 + seed), rules)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("k,count", [(13, 300), (14, 300), (15, 300), (16, 50), (17, 50)])
def test_random_hands_full(name: str, k: int, count: int) -> None:
    rules = PRESETS[name]
    count = max(2, round(count * SCALE))
    check_against_enumeration(random_hands(count, k, 1000 * k + list(PRESETS).index(name)), rules,
                              threads=2)


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("k", [13, 14, 15, 16, 17])
def test_properties(name: str, k: int) -> None:
    hands = random_hands(60, k, 7 * k)
    for stay in (0.0, 15.0, 100.0, -5.0):
        check_properties(hands, PRESETS[name], stay)


# -------------------------------------------------------- order of the cards

@settings(max_examples=60, deadline=None)
@given(k=st.integers(13, 17), seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(sorted(PRESETS)),
       stay=st.sampled_from([0.0, 15.0, 100.0]), data=st.data())
def test_permutation_invariance(k: int, seed: int, preset: str, stay: float, data: Any) -> None:
    hand = random_hands(1, k, seed)[0]
    order = data.draw(st.permutations(range(k)))
    a = solve_fantasyland(hand, preset, stay_value=stay)
    b = solve_fantasyland(hand[list(order)], preset, stay_value=stay)
    assert a == b
    assert str(a) == str(b)


def test_single_and_batch_agree() -> None:
    hands = random_hands(30, 15, 3)
    many = solve_fantasyland(hands, "progressive", stay_value=20)
    assert isinstance(many, FantasylandArrays)
    for i, hand in enumerate(hands):
        one = solve_fantasyland(ofc.card_str(hand), "progressive", stay_value=20)
        assert isinstance(one, FantasylandResult)
        assert one.board.codes.tolist() == many.board[i].tolist()
        assert one.discards.tolist() == many.discards[i].tolist()
        assert one.royalties == tuple(many.royalties[i].tolist())
        assert (one.stays, one.fouled, one.value) == (many.stays[i], many.fouled[i], many.value[i])
    # the same hands as a list of codes, a (2, 15, 15) array, other dtypes
    assert solve_fantasyland([int(c) for c in hands[0]], "progressive", stay_value=20) == \
        solve_fantasyland(ofc.card_str(hands[0]), "progressive", stay_value=20)
    shaped = solve_fantasyland(hands.reshape(2, 15, 15).astype(np.int64), "progressive", stay_value=20)
    assert isinstance(shaped, FantasylandArrays)
    assert shaped.board.shape == (2, 15, 13) and shaped.value.shape == (2, 15)
    assert (shaped.board.reshape(30, 13) == many.board).all()
    assert (shaped.value.reshape(30) == many.value).all()


def test_empty_array() -> None:
    out = solve_fantasyland(np.zeros((0, 14), np.uint8))
    assert isinstance(out, FantasylandArrays)
    assert out.board.shape == (0, 13) and out.discards.shape == (0, 1) and out.value.shape == (0,)


# ---------------------------------------------------------------- stay value

def test_stay_value_changes_the_answer() -> None:
    hand = "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd 3c"
    plain = solve_fantasyland(hand, "pineapple")
    assert isinstance(plain, FantasylandResult)
    staying = solve_fantasyland(hand, "pineapple", stay_value=100)
    assert isinstance(staying, FantasylandResult)
    assert staying.stays and staying.value == sum(staying.royalties) + 100
    assert staying.value >= plain.value + (100 if not plain.stays else 0) - 100


def test_stay_value_mapping_is_keyed_by_stay_cards() -> None:
    hand = "Ah Ad Ac Kh Kd 2s 3s 4s 5s 6s 7h 8h 9h Th"
    by_count = {14: 30.0, 15: 1.0, 16: 2.0, 17: 3.0}
    assert solve_fantasyland(hand, "progressive", stay_value=by_count) == \
        solve_fantasyland(hand, "progressive", stay_value=30.0)
    # Original: a player who stays gets 13 cards
    assert solve_fantasyland(hand, "original", stay_value={13: 7}) == \
        solve_fantasyland(hand, "original", stay_value=7)
    with pytest.raises(ValueError, match="no entry for 14 cards"):
        solve_fantasyland(hand, "progressive", stay_value={15: 1.0})
    never = dataclasses.replace(ofc.PINEAPPLE, name="never", stay_cards=0, stay_top=None,
                                stay_middle=None, stay_bottom=None)
    r = solve_fantasyland(hand, never, stay_value={14: 99})
    assert isinstance(r, FantasylandResult)
    assert not r.stays


@pytest.mark.parametrize("bad,exc,needle", [
    (float("nan"), ValueError, "finite"), (float("inf"), ValueError, "finite"),
    (True, TypeError, "number"), ("10", TypeError, "number"), ({14: "x"}, TypeError, "stay_value[14]"),
    ({14: float("nan")}, ValueError, "stay_value[14]"),
])
def test_bad_stay_value(bad: Any, exc: type[Exception], needle: str) -> None:
    with pytest.raises(exc, match=needle.replace("[", r"\[").replace("]", r"\]")):
        solve_fantasyland("Ah Ad Ac Kh Kd 2s 3s 4s 5s 6s 7h 8h 9h Th", stay_value=bad)


# ---------------------------------------------------------------- bad cards

@pytest.mark.parametrize("hand,exc,needles", [
    ("Ah Ad Ac Kh Kd 2s 3s 4s 5s 6s 7h 8h", ValueError, ("got 12",)),
    ("Ah Ad Ac Kh Kd 2s 3s 4s 5s 6s 7h 8h 9h Th 2c 2d 2h 3c", ValueError, ("got 18",)),
    ("Ah Ad Ac Kh Kd 2s 3s 4s 5s 6s 7h 8h Ah", ValueError, ("twice", "at position 0 and at position 12")),
    ("Ah Ad Ac Kh Kd 2s 3s 4s 5s 6s 7h 8h Xh", ValueError, ("Xh",)),
    (list(range(12)) + [52], ValueError, ("52", "position 12")),
    (np.array([list(range(14)), list(range(13)) + [-1]], np.int64), ValueError, ("hand 1, position 13", "-1")),
    (np.array([list(range(14)), list(range(13)) + [0]]), ValueError,
     ("hand 1", "twice", "at position 0 and at position 13")),
    (np.array([list(range(14)), list(range(13)) + [60]]), ValueError, ("hand 1, position 13", "60")),
    (np.zeros((3, 12), np.uint8), ValueError, ("got 12",)),
    (np.zeros((3, 14), np.float64), TypeError, ("float64",)),
    (5, TypeError, ("single value",)),
    (None, TypeError, ()),
])
def test_bad_cards(hand: Any, exc: type[Exception], needles: tuple[str, ...]) -> None:
    with pytest.raises(exc) as info:
        solve_fantasyland(hand)
    for needle in needles:
        assert needle in str(info.value)


def test_bad_rules_and_workers() -> None:
    with pytest.raises(ValueError, match="chinese"):
        solve_fantasyland("Ah Ad Ac Kh Kd 2s 3s 4s 5s 6s 7h 8h 9h", "chinese")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="workers"):
        solve_fantasyland("Ah Ad Ac Kh Kd 2s 3s 4s 5s 6s 7h 8h 9h", workers=0)


# ------------------------------------------------------------------ threads

def test_workers_and_threads_agree() -> None:
    hands = random_hands(600, 14, 11)
    one = solve_fantasyland(hands, "pineapple", stay_value=15)
    assert isinstance(one, FantasylandArrays)
    for w in (2, -1):
        many = solve_fantasyland(hands, "pineapple", stay_value=15, workers=w)
        assert all((a == b).all() for a, b in zip(one, many))
    results: list[Any] = [None] * 4

    def work(i: int) -> None:
        results[i] = solve_fantasyland(hands, "pineapple", stay_value=15)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in results:
        assert all((a == b).all() for a, b in zip(one, r))


def test_first_bad_hand_whatever_the_workers() -> None:
    hands = random_hands(500, 13, 12)
    hands[321, 5] = hands[321, 9]
    hands[400, 0] = 77
    for w in (1, 2, -1):
        with pytest.raises(ValueError, match="hand 321"):
            solve_fantasyland(hands, workers=w)


# ------------------------------------------------------------------- memory

RSS_SNIPPET = """
import numpy as np
import ofc_fast as ofc
from ofc_fast import _core, _solve

hands = np.argsort(np.random.default_rng(5).random((16, 52)), axis=1)[:, :15].astype(np.uint8)
bad = hands.copy()
bad[-1, 3] = bad[-1, 4]
spec = ofc.LOW._spec()
def work():
    ofc.solve_fantasyland(hands, "pineapple", stay_value=15)
    ofc.solve_fantasyland(ofc.card_str(hands[0]), "low")
    try:
        ofc.solve_fantasyland(bad)
    except ValueError:
        pass
    _core.RuleTables(spec)   # its ~100 KB of tables are freed with it
    _solve.enumerate_rows(_core.RuleTables(spec), hands[:1, :13].copy(), np.zeros(2), 0, 1)
def warm():
    for _ in range(30):
        work()
"""


def test_no_memory_growth() -> None:
    grew = rss_growth(RSS_SNIPPET, 200)
    assert grew < 8 * 2**20, f"RSS grew by {grew / 2**20:.1f} MiB over 200 rounds"


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_a_long_array(workers: int) -> None:
    """Ctrl-C (here: _thread.interrupt_main) is noticed between chunks of 64 hands."""
    import _thread
    hands = np.resize(random_hands(256, 17, 13), (40_000, 17))   # some 20 s of work
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start_cpu = cpu_seconds()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            solve_fantasyland(hands, workers=workers)
    finally:
        timer.cancel()
    assert cpu_seconds() - start_cpu < 3.0
    # and the next call is right
    again = solve_fantasyland(hands[:64], workers=workers)
    assert isinstance(again, FantasylandArrays)
    check_properties(hands[:64], ofc.PINEAPPLE, 0.0)
