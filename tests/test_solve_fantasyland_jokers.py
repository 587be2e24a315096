"""The Fantasyland solver with jokers in the hand, against a plain enumeration.

The reference (``ofc_fantasyland_enumerate_jokers``, csrc/solve/ofc_fantasyland_enum.c)
tries every setting and scores each board as the board layer resolves its
jokers (``ofc_board_eval_jokers``, the one home of the resolution); it shares
no code with the solver's search, whose bounds treat a joker as a wildcard.
Every ``joker_pool`` x ``joker_resolution`` x ``five_of_a_kind`` combination
is compared on random 13-card hands holding one or two jokers, and on hands
built rich in royalties (few in the default run: the enumeration takes some
0.2 s a 13-card hand and 5 s a 14-card one; ``-m slow`` compares more, and
14-card hands).  Further: every answer's board analyzed by ``analyze`` (in
Fantasyland with k cards, the discards seen) gives its royalties, stay and
jokers' cards; a hand without a joker gets the plain solver's answer; the
Python results, workers, threads and Ctrl-C.
"""
from __future__ import annotations

import dataclasses
import threading

import numpy as np
import pytest
from interrupts import cpu_seconds

import ofc_fast as ofc
from ofc_fast import _solve
from ofc_fast.solve.fantasyland import FantasylandArrays, FantasylandResult, solve_fantasyland

STAYS = (0.0, 15.0, 100.0)
EMPTY = 255

#: every joker convention: pool x resolution x five of a kind (only with "duplicates")
COMBOS = [(pool, res, five) for pool in ("any", "not_on_board", "unseen", "duplicates")
          for res in ("board", "row")
          for five in ((None, "above_straight_flush", "below_royal") if pool == "duplicates" else (None,))]


def joker_rules(pool: str = "any", resolution: str = "board", five: str | None = None,
                base: ofc.Rules = ofc.PINEAPPLE, jokers: int = 2) -> ofc.Rules:
    return dataclasses.replace(base, name=f"jk-{pool}-{resolution}-{five}", jokers=jokers, joker_pool=pool,
                               joker_resolution=resolution, five_of_a_kind=five)


def joker_hands(n: int, k: int, seed: int) -> np.ndarray:
    """n hands of k distinct cards from a 54-card deck, each with one or two jokers."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), np.uint8)
    for i in range(n):
        jokers = [52] if i % 2 == 0 else [52, 53]
        rest = rng.permutation(52)[:k - len(jokers)]
        out[i] = rng.permutation(np.concatenate([rest, jokers]))
    return out


def rich_hands(n: int, k: int, seed: int) -> np.ndarray:
    """Hands built for royalties with jokers: suited runs, sets, a joker or two."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), np.uint8)
    for i in range(n):
        suit = int(rng.integers(4))
        hi = int(rng.integers(4, 13))
        run = [r * 4 + suit for r in range(hi - 3, hi + 1)]          # four of a straight flush
        rank = int(rng.integers(13))
        sets = [rank * 4 + s for s in range(4) if rank * 4 + s not in run][:3]
        cards = list(dict.fromkeys(run + sets + [52] + ([53] if i % 2 else [])))
        rest = [c for c in rng.permutation(52).tolist() if c not in cards]
        out[i] = rng.permutation(np.array(cards + rest[:k - len(cards)]))
    return out


def enumerate_all(hands: np.ndarray, rules: ofc.Rules, stays: tuple[float, ...] = STAYS) -> list[tuple]:
    """The plain enumeration of every hand, per stay value, on two threads."""
    hands = np.ascontiguousarray(hands)
    n = hands.shape[0]
    s = np.array(stays, dtype=np.float64)
    half = n // 2
    parts: list = [None, None]

    def work(i: int, lo: int, hi: int) -> None:
        parts[i] = _solve.enumerate_rows(rules.tables, hands, s, lo, hi) if hi > lo else None

    t = threading.Thread(target=work, args=(1, half, n))
    t.start()
    work(0, 0, half)
    t.join()
    out = []
    for j in range(len(stays)):
        got = [p[j] for p in parts if p is not None]
        out.append(tuple(np.concatenate([g[f] for g in got]) for f in range(7)))
    return out


def compare(hands: np.ndarray, rules: ofc.Rules, stays: tuple[float, ...] = STAYS) -> None:
    ref = enumerate_all(hands, rules, stays)
    for j, stay in enumerate(stays):
        got = solve_fantasyland(hands, rules, stay_value=stay, workers=2)
        board, discards, royalties, st, fouled, value, jokers = ref[j]
        for i in range(len(hands)):
            what = f"{rules.name} stay {stay} hand {ofc.card_str(hands[i])}"
            assert got.board[i].tolist() == board[i].tolist(), what
            assert got.discards[i].tolist() == discards[i].tolist(), what
            assert got.royalties[i].tolist() == royalties[i].tolist(), what
            assert (bool(got.stays[i]), bool(got.fouled[i]), float(got.value[i])) == \
                (bool(st[i]), bool(fouled[i]), float(value[i])), what
            assert got.jokers[i].tolist() == jokers[i].tolist(), what


@pytest.mark.parametrize("pool,resolution,five", COMBOS)
def test_against_enumeration_sample(pool: str, resolution: str, five: str | None) -> None:
    rules = joker_rules(pool, resolution, five)
    seed = COMBOS.index((pool, resolution, five))
    compare(np.concatenate([joker_hands(2, 13, seed), rich_hands(2, 13, 100 + seed)]), rules)


@pytest.mark.slow
@pytest.mark.parametrize("pool,resolution,five", COMBOS)
def test_against_enumeration_full(pool: str, resolution: str, five: str | None) -> None:
    rules = joker_rules(pool, resolution, five)
    seed = 1000 + COMBOS.index((pool, resolution, five))
    compare(np.concatenate([joker_hands(16, 13, seed), rich_hands(16, 13, seed + 50)]), rules)
    compare(np.concatenate([joker_hands(2, 14, seed), rich_hands(2, 14, seed + 60)]), rules, (0.0, 30.0))


@pytest.mark.parametrize("base", ["original", "progressive"])
def test_other_presets_against_enumeration(base: str) -> None:
    """Progressive: tiers that stay by the top alone (QQ+ tier, trips) with a joker on top."""
    rules = joker_rules("any", "board", None, ofc.get_rules(base))
    compare(rich_hands(3, 13, 7), rules, (0.0, 25.0))


def check_properties(hands: np.ndarray, rules: ofc.Rules, stay: float) -> None:
    """Each answer's board analyzed as the board layer resolves it gives its numbers."""
    got = solve_fantasyland(hands, rules, stay_value=stay)
    k = hands.shape[1]
    for i in range(len(hands)):
        dead = [int(c) for c in got.discards[i] if c < 52]
        a = ofc.analyze(got.board[i], rules, in_fantasyland=k, dead=dead or None)
        assert not got.fouled[i] and not a.fouled
        assert a.royalties.tolist() == got.royalties[i].tolist()
        assert bool(a.stays) == bool(got.stays[i])
        assert a.jokers.tolist() == got.jokers[i].tolist()
        assert got.value[i] == sum(a.royalties.tolist()) + (stay if a.stays else 0.0)
        held = sorted(got.board[i].tolist() + got.discards[i].tolist())
        assert held == sorted(hands[i].tolist())
        for j, code in enumerate((52, 53)):
            where = np.nonzero(got.board[i] == code)[0]
            assert (got.jokers[i, j] == EMPTY) == (len(where) == 0)


@pytest.mark.parametrize("k", [13, 14, 15, 16, 17])
@pytest.mark.parametrize("pool,resolution,five", [("any", "board", None), ("unseen", "row", None),
                                                  ("duplicates", "board", "below_royal")])
def test_properties(k: int, pool: str, resolution: str, five: str | None) -> None:
    check_properties(np.concatenate([joker_hands(6, k, k), rich_hands(4, k, k + 20)]),
                     joker_rules(pool, resolution, five), 20.0)


def test_without_jokers_the_plain_answer() -> None:
    rng = np.random.default_rng(3)
    hands = np.argsort(rng.random((30, 52)), axis=1)[:, :15].astype(np.uint8)
    for pool, resolution, five in COMBOS[::3]:
        rules = joker_rules(pool, resolution, five)
        got = solve_fantasyland(hands, rules, stay_value=15)
        plain = solve_fantasyland(hands, ofc.PINEAPPLE, stay_value=15)
        for f in range(6):
            assert np.array_equal(got[f], plain[f])
        assert (got.jokers == EMPTY).all() and (plain.jokers == EMPTY).all()


def test_one_hand_and_text() -> None:
    rules = joker_rules()
    r = solve_fantasyland("As Ks Qs Js X1 9h 9d 9c 2h 2d 5c 6c 7c Qd", rules, stay_value=10)
    assert isinstance(r, FantasylandResult)
    assert str(r.board) == "Qd 7c 6c / 9h 9d 9c 2h 2d / X1 As Ks Qs Js"
    assert r.jokers.tolist() == [ofc.card("Ts"), EMPTY] and not r.jokers.flags.writeable
    assert r.royalties == (0, 12, 25) and r.stays and r.value == 35.0 + 12.0
    assert str(r).endswith("discards 5c; X1 is Ts")
    # two jokers: both placed, the discards include neither
    two = solve_fantasyland("As Ks X2 Js X1 9h 9d 9c 2h 2d 5c 6c 7c Qd", rules)
    assert sorted(two.board.codes.tolist())[-2:] == [52, 53] and two.jokers.tolist().count(EMPTY) == 0
    assert two == solve_fantasyland([51, 47, 53, 39, 52, 30, 29, 28, 2, 1, 12, 16, 20, 41], rules)


def test_arrays_keep_six_fields_and_pickle() -> None:
    import pickle
    hands = joker_hands(4, 14, 1).reshape(2, 2, 14)
    got = solve_fantasyland(hands, joker_rules())
    assert isinstance(got, FantasylandArrays) and len(got) == 6
    assert got.jokers.shape == (2, 2, 2)
    back = pickle.loads(pickle.dumps(got))
    assert np.array_equal(back.jokers, got.jokers) and np.array_equal(back.value, got.value)
    plain = solve_fantasyland(np.zeros((0, 14), np.uint8), joker_rules())
    assert plain.jokers.shape == (0, 2)


def test_workers_and_threads_agree() -> None:
    rules = joker_rules("not_on_board", "board")
    hands = joker_hands(40, 15, 11)
    one = solve_fantasyland(hands, rules, stay_value=15)
    two = solve_fantasyland(hands, rules, stay_value=15, workers=2)
    results: list = [None] * 3

    def work(i: int) -> None:
        results[i] = solve_fantasyland(hands, rules, stay_value=15)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for other in [two] + results:
        for f in range(6):
            assert np.array_equal(one[f], other[f])
        assert np.array_equal(one.jokers, other.jokers)


def test_first_bad_hand_whatever_the_workers() -> None:
    hands = joker_hands(30, 14, 4)
    hands[21, 5] = 53 if 53 not in hands[21].tolist() else 54
    for w in (1, 2):
        with pytest.raises(ValueError, match="hand 21"):
            solve_fantasyland(hands, joker_rules(), workers=w)


def test_ctrl_c_stops_a_long_array() -> None:
    """Ctrl-C is noticed between chunks of joker hands."""
    import _thread
    hands = np.resize(joker_hands(64, 17, 13), (20_000, 17))
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start_cpu = cpu_seconds()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            solve_fantasyland(hands, joker_rules(), workers=2)
    finally:
        timer.cancel()
    assert cpu_seconds() - start_cpu < 5.0
    check_properties(hands[:8], joker_rules(), 0.0)


def test_no_memory_growth() -> None:
    from rss import rss_growth
    snippet = """
import dataclasses
import numpy as np
import ofc_fast as ofc
from ofc_fast import _solve

jk = dataclasses.replace(ofc.PINEAPPLE, name="jk", jokers=2)
rng = np.random.default_rng(5)
hands = np.array([np.concatenate([rng.permutation(52)[:13], [52, 53]]) for _ in range(8)], np.uint8)
bad = hands.copy()
bad[-1, 3] = bad[-1, 4]
def work():
    ofc.solve_fantasyland(hands, jk, stay_value=15, workers=2)
    try:
        ofc.solve_fantasyland(bad, jk)
    except ValueError:
        pass
    _solve.enumerate_rows(jk.tables, hands[:1, 2:].copy(), np.zeros(2), 0, 1)
def warm():
    for _ in range(3):
        work()
"""
    grew = rss_growth(snippet, 30)
    assert grew < 8 * 2**20, f"RSS grew by {grew / 2**20:.1f} MiB over 30 rounds"

