"""The one-hand / one-board fast paths (ofc_fast/_scalar.pxi) answer exactly as the general path.

Each public one-item function is a door made by _core (``*_door``) that
keeps its general Python version as ``__wrapped__``; the others call their
compiled helper directly and take the general path for every input it
declines.  Here random valid inputs, given in every form the fast
paths read, get the same answer (value and type) both ways, and inputs the
fast paths must decline (bad codes, repeats, bools, odd text) still raise
the general path's errors.
"""
from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import _core

RNG = np.random.default_rng(20261201)


def _hands(n: int, k: int) -> np.ndarray:
    return np.argsort(RNG.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def _forms(hand: np.ndarray) -> list[Any]:
    codes = [int(c) for c in hand]
    return [codes, tuple(codes), hand, hand.astype(np.int64), hand.astype(np.int8),
            hand.astype(np.uint16), hand.astype(np.int32), hand.astype(np.uint64),
            np.ascontiguousarray(np.stack([hand, hand])[:, ::-1][0, ::-1]),   # a strided view
            ofc.card_str(codes), ofc.card_str(codes).replace(" ", ""), ofc.card_str(codes).lower()]


@pytest.mark.parametrize("k", [3, 5])
def test_strength_every_form_matches_batch(k: int) -> None:
    hands = _hands(300, k)
    expect = ofc.strength(hands).tolist()
    general = ofc.strength.__wrapped__
    for hand, want in zip(hands, expect):
        for form in _forms(hand):
            got = ofc.strength(form)
            assert got == want and type(got) is int, (form, got, want)
            assert general(form) == want


def test_strength_fast_path_declines_bad_input_with_the_same_error() -> None:
    general = ofc.strength.__wrapped__
    cases = [[0, 1, 2, 3, 52], [0, 1, 2, 3, -1], [0, 1, 2, 3, 2**70], [0, 1, 2, 3, 0], (0, 0, 1),
             [True, 1, 2, 3, 4], [0, 1, 2, 3], "Ah Ah Kd", "Ah Kd 2c 3c", np.array([0, 1, 2, 3, 3]),
             np.array([0, 1, 2, 3, 99], np.uint8), np.array([0.0, 1, 2, 3, 4]), [0, 1, 2, 3, 4.0]]
    for case in cases:
        with pytest.raises((ValueError, TypeError)) as fast:
            ofc.strength(case)
        with pytest.raises((ValueError, TypeError)) as slow:
            general(case)
        assert type(fast.value) is type(slow.value) and str(fast.value) == str(slow.value)


def test_strength_workers_other_than_one_take_the_general_path() -> None:
    assert ofc.strength([48, 44, 40, 36, 32], workers=2) == ofc.STRENGTH_MAX
    with pytest.raises(ValueError, match="0"):
        ofc.strength([48, 44, 40, 36, 32], workers=0)
    with pytest.raises(TypeError):
        ofc.strength([48, 44, 40, 36, 32], workers=True)


def test_category_cactus_describe_of_every_strength() -> None:
    table = ofc.strength_table()
    cat = ofc.category(np.arange(1, ofc.STRENGTH_MAX + 1))
    for s in range(1, ofc.STRENGTH_MAX + 1):
        c = ofc.category(s)
        assert c is ofc.HandCategory(int(cat[s - 1])) is ofc.category.__wrapped__(s)
        assert ofc.describe(s) == ofc.describe.__wrapped__(s) == table["describe"][s]
        if table["cards"][s] == 5:
            assert ofc.to_cactus_rank(s) == ofc.to_cactus_rank.__wrapped__(s) == table["cactus"][s]
        else:
            with pytest.raises(ValueError, match="3-card"):
                ofc.to_cactus_rank(s)
    for bad in (0, ofc.STRENGTH_FIVE_MAX + 1, -5, 2**80):
        for fn in (ofc.category, ofc.to_cactus_rank, ofc.describe):
            with pytest.raises(ValueError, match=str(bad)):
                fn(bad)
    with pytest.raises(TypeError):
        ofc.category(True)


def test_ranks_and_strength_table_agree_with_describe() -> None:
    t = ofc.strength_table()
    assert t.shape == (ofc.STRENGTH_MAX + 1,) and not t.flags.writeable
    assert (t["strength"] == np.arange(ofc.STRENGTH_MAX + 1)).all()
    assert (t["cards"][1:] == np.where(t["cactus"][1:] > 0, 5, 3)).all()
    assert sorted(t["cactus"][t["cards"] == 5].tolist()) == list(range(1, 7463))
    every = np.arange(1, ofc.STRENGTH_MAX + 1)
    arr = ofc.ranks(every)
    assert arr.dtype == np.int8 and arr.shape == (ofc.STRENGTH_MAX, 5)
    for s in range(1, ofc.STRENGTH_MAX + 1):
        r = ofc.ranks(s)
        assert r == tuple(x for x in arr[s - 1].tolist() if x >= 0)
        assert list(r) + [-1] * (5 - len(r)) == t["ranks"][s].tolist()
    # hand-made: the ranks that decide
    assert ofc.ranks(ofc.strength("Kh Kd Kc 2s 2h")) == (11, 0)
    assert ofc.ranks(ofc.strength("9h 9d 4c 4s Ah")) == (7, 2, 12)
    assert ofc.ranks(ofc.strength("Qh Qd 5c")) == (10, 3)
    assert ofc.ranks(ofc.strength("Ah Kh Qh Jh Th")) == (12,)
    assert ofc.ranks(np.array([[ofc.strength("Ah Kd 7c")]])).tolist() == [[[12, 11, 5, -1, -1]]]
    # the strengths are ordered by (category, ranks): a missing rank is the lowest
    key = t["category"][1:].astype(np.int64)
    for i in range(5):
        key = key * 14 + t["ranks"][1:, i] + 1
    assert (np.diff(key) > 0).all()


BOARDS_TEXT = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"


@pytest.mark.parametrize("rules", list(ofc.PRESETS.values()), ids=list(ofc.PRESETS))
def test_analyze_one_board_matches_batch(rules: ofc.Rules) -> None:
    boards = _hands(200, 13)
    # boards that do not foul too, to reach royalties and Fantasyland
    good = [ofc.parse_boards("Qh Qd Qc / 5s 6s 7s 8s 9s / Ac Ad Ah As 2d"),
            ofc.parse_boards("Kh Kd 2c / 5s 6s 7s 8s 9d / Tc Td Th Ts 2d"),
            ofc.parse_boards("Ah Ad 2c / 7c 5d 4h 3s 2h / Tc Td Th Ts 2d")]
    boards = np.concatenate([boards, np.stack(good)])
    for infl in (None, False, True):
        batch = ofc.analyze(boards, rules, in_fantasyland=infl)
        for i, b in enumerate(boards):
            for form in ([int(c) for c in b], tuple(int(c) for c in b), b, b.astype(np.int64),
                         ofc.Board(b), " ".join(ofc.card_str(b).split())):
                one = ofc.analyze(form, rules, in_fantasyland=infl)
                assert type(one) is ofc.Analysis
                for field, got in zip(one._fields, one):
                    want = getattr(batch, field)[i]
                    assert got.dtype == want.dtype and got.shape == want.shape, field
                    assert np.array_equal(got, want), (field, got, want)


def test_analyze_one_board_text_with_rows() -> None:
    a = ofc.analyze(BOARDS_TEXT, ofc.PINEAPPLE)
    assert a.royalties.tolist() == [7, 4, 10]
    assert ofc.analyze("Qh Qd 2c | 5s 6s 7s 8s 9d | Kc Kd Kh Ks 2d").royalties.tolist() == [7, 4, 10]
    # rows of the wrong size, repeated cards, odd spellings: the general path's answers
    with pytest.raises(ValueError, match="top row has 3 cards"):
        ofc.analyze("Qh Qd 2c 5s / 6s 7s 8s 9d / Kc Kd Kh Ks 2d")
    with pytest.raises(ValueError, match="twice"):
        ofc.analyze("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks Qh")
    assert ofc.analyze("Qh Qd 2c / 5s 6s 7s 8s 9d / 10c Kd Kh Ks 2d").fouled.shape == ()
    with pytest.raises(ValueError, match="empty slot"):
        ofc.analyze([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, -1])
    with pytest.raises(TypeError):
        ofc.analyze(ofc.parse_boards(BOARDS_TEXT), in_fantasyland="yes")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_one_deal_matches_batch(players: int) -> None:
    rules = ofc.ORIGINAL if players == 4 else ofc.PINEAPPLE
    deals = _hands(150, 13 * players).reshape(-1, players, 13)
    net, matrix = ofc.score(deals, rules), ofc.score_matrix(deals, rules)
    for i, d in enumerate(deals):
        for form in ([[int(c) for c in b] for b in d], [ofc.card_str(b) for b in d], d,
                     d.astype(np.int64), tuple(tuple(int(c) for c in b) for b in d)):
            got = ofc.score(form, rules)
            assert got.dtype == np.int32 and got.tolist() == net[i].tolist()
            got = ofc.score_matrix(form, rules)
            assert got.dtype == np.int32 and got.tolist() == matrix[i].tolist()


def test_score_one_deal_errors_still_worded() -> None:
    b = ofc.parse_boards(BOARDS_TEXT)
    with pytest.raises(ValueError, match="twice"):
        ofc.score([b, b])
    with pytest.raises(ValueError, match="played by 2 to 3 players, not 4"):
        ofc.score(_hands(1, 52).reshape(4, 13), ofc.PINEAPPLE)


def test_board_caches_its_analysis_per_rules() -> None:
    boards = _hands(100, 13)
    for rules in ofc.PRESETS.values():
        a = ofc.analyze(boards, rules)
        fl = ofc.analyze(boards, rules, in_fantasyland=True).fantasyland
        for i, codes in enumerate(boards):
            board = ofc.Board(codes.tolist())
            for _ in range(2):   # computed, then cached
                assert board.fouled(rules) is bool(a.fouled[i])
                assert board.strength(rules) == tuple(a.strength[i].tolist())
                assert board.royalties(rules) == tuple(a.royalties[i].tolist())
                assert board.fantasyland(rules) == int(a.fantasyland[i])
                assert board.fantasyland(rules, True) == int(fl[i])
                assert board.stays(rules) is bool(a.stays[i])
    b = ofc.Board(BOARDS_TEXT)
    assert not b.codes.flags.writeable and b == ofc.Board.parse(BOARDS_TEXT)
    assert b.royalties("pineapple") == (7, 4, 10)
    with pytest.raises(ValueError, match="twice"):
        ofc.Board("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks Qh")


def test_from_cactus_fast_path() -> None:
    hands = _hands(200, 7)
    ints = ofc.to_cactus(hands)
    for h, row in zip(hands, ints.tolist()):
        got = ofc.from_cactus(row)
        assert got.dtype == np.uint8 and got.tolist() == h.tolist()
        assert ofc.from_cactus(tuple(row)).tolist() == h.tolist()
    assert ofc.from_cactus([]).shape == (0,)
    with pytest.raises(ValueError, match="position 1"):
        ofc.from_cactus([268442665, 268442666])
    with pytest.raises(ValueError, match="position 0"):
        ofc.from_cactus([-5])


def test_fast_functions_look_like_the_general_ones() -> None:
    for fn in (ofc.strength, ofc.category, ofc.to_cactus_rank, ofc.describe):
        assert fn.__module__ == "ofc_fast.hand.strength"
        assert fn.__doc__ and fn.__doc__ == fn.__wrapped__.__doc__
        assert fn.__name__ == fn.__wrapped__.__name__
    # the door wraps the general Python function; _core keeps no hook into the API
    assert ofc.strength.__wrapped__.__globals__ is vars(sys.modules["ofc_fast.hand.strength"])
    assert not any(name.startswith("_install") for name in dir(_core))


def test_board_pickles_and_copies_after_its_cache_is_filled() -> None:
    import copy
    import pickle

    b = ofc.Board(BOARDS_TEXT)
    assert b.royalties() == (7, 4, 10)
    for other in (pickle.loads(pickle.dumps(b)), copy.copy(b), copy.deepcopy(b)):
        assert other == b and other.royalties() == (7, 4, 10) and not other.codes.flags.writeable


def test_one_item_calls_from_many_threads() -> None:
    """The fast paths share tables (and fill the describe() names on use): threads agree."""
    import threading

    hands = _hands(400, 5)
    boards = _hands(200, 13)
    want_s = ofc.strength(hands).tolist()
    want_a = ofc.analyze(boards, ofc.PROGRESSIVE)
    want_d = [ofc.describe.__wrapped__(s) for s in want_s]
    errors: list[str] = []
    barrier = threading.Barrier(8)

    def job(t: int) -> None:
        barrier.wait()
        for i in range(t, len(hands), 3):
            h = hands[i].tolist()
            if ofc.strength(h) != want_s[i] or ofc.describe(want_s[i]) != want_d[i]:
                errors.append(f"thread {t}: hand {i}")
        for i in range(t, len(boards), 5):
            a = ofc.analyze(boards[i].tolist(), ofc.PROGRESSIVE)
            if a.royalties.tolist() != want_a.royalties[i].tolist() or bool(a.fouled) != want_a.fouled[i]:
                errors.append(f"thread {t}: board {i}")
            b = ofc.Board(boards[i])
            if b.fantasyland(ofc.PROGRESSIVE) != int(want_a.fantasyland[i]):
                errors.append(f"thread {t}: Board {i}")

    threads = [threading.Thread(target=job, args=(t,)) for t in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
