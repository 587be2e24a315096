"""Boards and deals: parsing, the Board class, analyze/score shapes, dtypes, layouts,
workers, and every kind of bad input with the place it is reported at."""
from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import reference as R

QQ = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"      # valid: QQ, straight, quads
AA = "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"      # fouled: AA top over a pair of 4s
LOW3 = "2h 3h 4h / 5h 6h 7c 8c 9s / Jc Jd Js Qc Qs"     # valid, no royalties
INT_DTYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)
RULES = (ofc.ORIGINAL, ofc.PINEAPPLE, ofc.PROGRESSIVE, ofc.LOW)


def codes(text: str) -> np.ndarray:
    return ofc.parse_boards(text)


def deal2() -> np.ndarray:
    return np.stack([codes(QQ), codes(AA)])


def random_deals(n: int, players: int, seed: int) -> np.ndarray:
    """n deals of distinct cards, uint8 (n, players, 13)."""
    rng = np.random.default_rng(seed)
    perm = np.argsort(rng.random((n, 52)), axis=1)[:, :13 * players]
    return perm.astype(np.uint8).reshape(n, players, 13)


def same_analysis(a: ofc.Analysis, b: ofc.Analysis) -> None:
    for x, y in zip(a, b):
        assert x.shape == y.shape and x.dtype == y.dtype
        assert (x == y).all()


# ------------------------------------------------------------ parsing, Board

def test_parse_forms() -> None:
    want = [42, 41, 0, 15, 19, 23, 27, 29, 44, 45, 46, 47, 1]
    for text in (QQ, "Qh Qd 2c | 5s 6s 7s 8s 9d | Kc Kd Kh Ks 2d",
                 "Qh Qd 2c/5s 6s 7s 8s 9d/Kc Kd Kh Ks 2d",
                 "  qh QD 2c /5S 6s 7s 8s 9d|  kc kd kh ks 2D  ",
                 "Qh Qd 2c 5s 6s 7s 8s 9d Kc Kd Kh Ks 2d",          # 13 cards in order
                 "QhQd2c5s6s7s8s9dKcKdKhKs2d",
                 "Qh,Qd,2c,5s,6s,7s,8s,9d,Kc,Kd,Kh,Ks,2d"):
        got = ofc.parse_boards(text)
        assert got.dtype == np.uint8 and got.shape == (13,)
        assert got.tolist() == want, text
    assert ofc.parse_boards("Th 10d 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")[:2].tolist() == [34, 33]


def test_parse_errors() -> None:
    cases = {
        "Qh Qd 2c / 5s 6s 7s 8s 9d": "three rows",
        "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d / 3c": "three rows",
        "Qh Qd / 5s 6s 7s 8s 9d 2c / Kc Kd Kh Ks 2d": "top row has 3 cards, got 2",
        "Qh Qd 2c / 5s 6s 7s 8s / 9d Kc Kd Kh Ks 2d": "middle row has 5 cards, got 4",
        "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks": "bottom row has 5 cards, got 4",
        "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks Zz": "bottom row: unknown card 'Zz'",
        "Qh Qd 2c 5s 6s 7s 8s 9d Kc Kd Kh Ks": "13 cards",
        "Qh Qd 2c / 5s 6s 7s -- 9d / Kc Kd Kh Ks 2d": "middle row: empty slot",
    }
    for text, msg in cases.items():
        with pytest.raises(ValueError, match=re.escape(msg)):
            ofc.parse_boards(text)


def test_board_round_trips() -> None:
    for text in (QQ, AA, LOW3):
        b = ofc.Board.parse(text)
        assert str(b) == text
        assert ofc.Board.parse(str(b)) == b
        assert ofc.Board.parse(str(b).replace(" / ", " | ")) == b
        assert ofc.Board.parse(str(b).replace(" / ", " ")) == b        # 13 cards in order
        assert eval(repr(b), {"Board": ofc.Board}) == b
        assert ofc.Board(b.codes) == b == ofc.Board(text) == ofc.Board(b.codes.tolist())
        assert ofc.Board(str(b).split()[:3], str(b).split()[4:9], str(b).split()[10:]) == b
        assert ofc.Board(b.top, b.middle, b.bottom) == b
        assert ofc.Board([ofc.card_str(int(c)) for c in b.codes]) == b
        assert hash(ofc.Board.parse(text)) == hash(b)
        assert b.top.tolist() + b.middle.tolist() + b.bottom.tolist() == b.codes.tolist()
        assert b.codes.dtype == np.uint8 and len(b.codes) == 13
    assert ofc.Board.parse(QQ) != ofc.Board.parse(AA)
    assert ofc.Board.parse(QQ) != QQ
    # rows are kept in order, cards within a row too
    b = ofc.Board.parse("2c Qd Qh / 9d 8s 7s 6s 5s / 2d Ks Kh Kd Kc")
    assert str(b) == "2c Qd Qh / 9d 8s 7s 6s 5s / 2d Ks Kh Kd Kc"


def test_board_is_read_only() -> None:
    src = codes(QQ)
    b = ofc.Board(src)
    src[0] = 0                                  # a copy was taken
    assert b.codes[0] == 42
    with pytest.raises(ValueError):
        b.codes[0] = 1
    with pytest.raises(AttributeError):
        b.extra = 1  # type: ignore[attr-defined]


def test_board_methods() -> None:
    b = ofc.Board.parse(QQ)
    assert b.royalties(ofc.PINEAPPLE) == (7, 4, 10) == b.royalties("pineapple") == b.royalties()
    assert b.fouled() is False and b.fouled("low") is True        # a straight is a dead low
    assert b.fantasyland(ofc.ORIGINAL) == 13
    assert b.fantasyland(ofc.PINEAPPLE) == 14
    assert b.fantasyland(ofc.PROGRESSIVE) == 14 == b.fantasyland()
    assert b.fantasyland(ofc.PINEAPPLE, in_fantasyland=True) == 14            # stays: quads bottom
    assert b.stays(ofc.PINEAPPLE) is True
    assert b.stays(ofc.PINEAPPLE.with_stay("quads_middle")) is True
    assert b.describe() == ("Pair of Queens, Two kicker", "Straight, Nine high",
                            "Four Kings, Two kicker")
    s = b.strength()
    assert s == tuple(int(ofc.strength(codes(QQ)[lo:hi])) for lo, hi in ((0, 3), (3, 8), (8, 13)))
    assert s[0] < s[1] < s[2]
    a = b.analyze(ofc.PINEAPPLE, in_fantasyland=True)
    assert a.fouled.shape == () and a.royalties.shape == (3,) and int(a.fantasyland) == 14
    f = ofc.Board.parse(AA)
    assert f.fouled() and f.royalties() == (0, 0, 0) and f.fantasyland() == 0 and not f.stays()
    assert f.fantasyland(ofc.PINEAPPLE, True) == 0
    for rules in RULES:
        for text in (QQ, AA, LOW3):
            x = ofc.Board.parse(text)
            board = x.codes.tolist()
            assert x.fouled(rules) == R.fouled(board, rules)
            assert x.royalties(rules) == R.royalties(board, rules)
            assert x.stays(rules) == R.stays(board, rules)
            assert x.fantasyland(rules) == R.fantasyland(board, rules)
    # a Low middle is its lowball27 rank
    low = ofc.Board.parse("Kh Kd 2c / 7h 5d 4c 3s 2h / Ac Ad Ah 9s 9d")
    assert low.strength(ofc.LOW)[1] == ofc.LOWBALL_MAX == ofc.lowball27("7h 5d 4c 3s 2h")


@pytest.mark.parametrize("bad, msg", [
    ("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks Qh",
     "card Qh (code 42) is used twice: at top position 0 and at bottom position 4"),
    (list(range(12)), "13 cards"),
    (list(range(14)), "13 cards"),
    (np.array(list(range(12)) + [54], dtype=np.uint8), "bottom position 4: card code 54 is not in 0..53"),
    (np.array(list(range(12)) + [255], dtype=np.uint8), "bottom position 4: empty slot (255)"),
    (list(range(12)) + [54], "bottom position 4: card code 54 is not in 0..53"),   # 52, 53: jokers
    (list(range(12)) + [255], "bottom position 4: empty slot (255)"),
    (np.array(list(range(12)) + [-1], dtype=np.int8), "bottom position 4: empty slot (255)"),
    (np.arange(26, dtype=np.uint8).reshape(2, 13), "one board of 13 cards"),
])
def test_board_errors(bad: Any, msg: str) -> None:
    with pytest.raises(ValueError, match=re.escape(msg)):
        ofc.Board(bad)
    assert ofc.Board.parse(QQ).royalties() == (7, 4, 10)


def test_board_constructor_errors() -> None:
    with pytest.raises(TypeError):
        ofc.Board("Qh Qd 2c", "5s 6s 7s 8s 9d")
    with pytest.raises(ValueError, match="top row has 3 cards, got 2"):
        ofc.Board("Qh Qd", "5s 6s 7s 8s 9d", "Kc Kd Kh Ks 2d")
    with pytest.raises(ValueError, match="middle row has 5 cards, got 6"):
        ofc.Board("Qh Qd 2c", "5s 6s 7s 8s 9d 3c", "Kc Kd Kh Ks 2d")
    with pytest.raises(ValueError, match="used twice"):
        ofc.Board("Qh Qd 2c", "5s 6s 7s 8s 9d", "Kc Kd Kh Ks 2c")


# ------------------------------------------------------------ shapes and dtypes

@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_analyze_shapes(rules: ofc.Rules) -> None:
    one = ofc.analyze(codes(QQ), rules)
    assert one.fouled.shape == () and one.strength.shape == (3,) and one.royalties.shape == (3,)
    assert one.fantasyland.shape == () and one.stays.shape == ()
    deals = random_deals(40, 3, 1)
    flat = ofc.analyze(deals.reshape(-1, 13), rules)
    assert flat.fouled.shape == (120,) and flat.strength.shape == (120, 3)
    nested = ofc.analyze(deals, rules)
    assert nested.fouled.shape == (40, 3) and nested.royalties.shape == (40, 3, 3)
    for x, y in zip(nested, flat):
        assert (x.reshape(y.shape) == y).all()
    four = ofc.analyze(deals.reshape(2, 4, 15, 13), rules)
    assert four.strength.shape == (2, 4, 15, 3)
    assert (four.strength.reshape(-1, 3) == flat.strength).all()
    empty = ofc.analyze(np.zeros((0, 13), dtype=np.uint8), rules)
    assert empty.fouled.shape == (0,) and empty.strength.shape == (0, 3)
    assert empty.royalties.shape == (0, 3) and empty.fantasyland.shape == (0,)
    assert ofc.analyze(np.zeros((0, 3, 13), dtype=np.uint8), rules).strength.shape == (0, 3, 3)
    assert ofc.score(np.zeros((0, 2, 13), dtype=np.uint8), rules).shape == (0, 2)
    assert ofc.score_matrix(np.zeros((0, 3, 13), dtype=np.uint8), rules).shape == (0, 3, 3)
    # dtypes
    assert nested.fouled.dtype == np.bool_ and nested.stays.dtype == np.bool_
    assert nested.strength.dtype == np.uint16 and nested.fantasyland.dtype == np.uint8
    assert np.issubdtype(nested.royalties.dtype, np.signedinteger)
    assert ofc.score(deals, rules).dtype == np.int32 == ofc.score_matrix(deals, rules).dtype
    assert ofc.score(deals, rules).shape == (40, 3)
    assert ofc.score(deals[0], rules).shape == (3,)
    assert ofc.score_matrix(deals[0], rules).shape == (3, 3)
    assert ofc.score(deals.reshape(5, 8, 3, 13), rules).shape == (5, 8, 3)
    # text, Board objects and lists of them
    b = ofc.analyze([QQ, AA], rules)
    assert b.fouled.shape == (2,)
    same_analysis(ofc.analyze([ofc.Board.parse(QQ), ofc.Board.parse(AA)], rules), b)
    same_analysis(ofc.analyze([[QQ, AA], [AA, QQ]], rules).__class__(
        *(x[0] for x in ofc.analyze([[QQ, AA], [AA, QQ]], rules))), b)
    same_analysis(ofc.analyze(QQ, rules), one)
    same_analysis(ofc.analyze(ofc.Board.parse(QQ), rules), one)
    same_analysis(ofc.analyze(codes(QQ).tolist(), rules), one)


def test_in_fantasyland_broadcasting() -> None:
    boards = np.stack([np.stack([codes(QQ), codes(AA), codes(LOW3)])] * 4)     # (4, 3, 13)
    r = ofc.PINEAPPLE
    base = ofc.analyze(boards, r)
    assert base.fantasyland[0].tolist() == [14, 0, 0]
    inside = ofc.analyze(boards, r, in_fantasyland=True)
    assert inside.fantasyland[0].tolist() == [14, 0, 0]          # QQ board stays (quads)
    for flags in ([True, False, True], np.array([1, 0, 1], dtype=np.uint8), [[True], [False],
                  [True], [False]], np.ones((4, 3), dtype=bool), False, 1, np.int64(0)):
        got = ofc.analyze(boards, r, in_fantasyland=flags)
        want = np.where(np.broadcast_to(np.asarray(flags) != 0, (4, 3)), inside.fantasyland,
                        base.fantasyland)
        assert (got.fantasyland == want).all(), flags
        assert (got.royalties == base.royalties).all() and (got.stays == base.stays).all()
    # an entry board that does not stay: KK top, two pair middle / full house bottom
    kk = codes("Kh Kd 2c / 3s 3d 4h 4s 5d / 8c 8d 8h 9s 9d")
    a = ofc.analyze(np.stack([kk, kk]), ofc.PROGRESSIVE, in_fantasyland=[False, True])
    assert a.fantasyland.tolist() == [15, 0] and a.stays.tolist() == [False, False]
    with pytest.raises(ValueError, match=r"in_fantasyland of shape \(2,\) does not broadcast"):
        ofc.analyze(boards, r, in_fantasyland=[True, False])
    with pytest.raises(ValueError, match="broadcast"):
        ofc.analyze(codes(QQ), r, in_fantasyland=[True, False])
    for bad in (1.5, [0.5, 1.0, 0.0], "yes", [None, None, None]):
        with pytest.raises(TypeError, match="in_fantasyland must be bools"):
            ofc.analyze(boards, r, in_fantasyland=bad)
    assert ofc.analyze(codes(QQ), r, in_fantasyland=np.array(True)).fantasyland == 14


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=lambda d: np.dtype(d).name)
def test_integer_dtypes(dtype: Any) -> None:
    deals = random_deals(300, 3, 2)
    want = ofc.analyze(deals, ofc.ORIGINAL)
    want_score = ofc.score(deals, ofc.ORIGINAL)
    same_analysis(ofc.analyze(deals.astype(dtype), ofc.ORIGINAL), want)
    assert (ofc.score(deals.astype(dtype), ofc.ORIGINAL) == want_score).all()
    assert (ofc.score_matrix(deals.astype(dtype), ofc.ORIGINAL)
            == ofc.score_matrix(deals, ofc.ORIGINAL)).all()
    # big-endian too
    be = deals.astype(np.dtype(dtype).newbyteorder(">"))
    same_analysis(ofc.analyze(be, ofc.ORIGINAL), want)


def test_non_contiguous_and_read_only_input() -> None:
    deals = random_deals(500, 3, 3)
    want = ofc.analyze(deals, ofc.PINEAPPLE)
    want_score = ofc.score(deals, ofc.PINEAPPLE)
    big = np.zeros((500, 3, 40), dtype=np.uint8)
    big[:, :, 5:18] = deals
    view = big[:, :, 5:18]                                          # strided rows
    assert not view.flags.c_contiguous
    same_analysis(ofc.analyze(view, ofc.PINEAPPLE), want)
    assert (ofc.score(view, ofc.PINEAPPLE) == want_score).all()
    fortran = np.asfortranarray(deals)
    same_analysis(ofc.analyze(fortran, ofc.PINEAPPLE), want)
    assert (ofc.score(fortran, ofc.PINEAPPLE) == want_score).all()
    transposed = np.ascontiguousarray(deals.transpose(2, 0, 1)).transpose(1, 2, 0)
    same_analysis(ofc.analyze(transposed, ofc.PINEAPPLE), want)
    every_other = np.repeat(deals, 2, axis=0)[::2]
    same_analysis(ofc.analyze(every_other, ofc.PINEAPPLE), want)
    assert (ofc.score_matrix(every_other, ofc.PINEAPPLE) == ofc.score_matrix(deals, ofc.PINEAPPLE)).all()
    ro = deals.copy()
    ro.setflags(write=False)
    same_analysis(ofc.analyze(ro, ofc.PINEAPPLE), want)
    assert (ofc.score(ro, ofc.PINEAPPLE) == want_score).all()
    wide = view.astype(np.int64)[:, ::-1][:, ::-1]                  # negative strides, int64
    same_analysis(ofc.analyze(wide, ofc.PINEAPPLE), want)
    # the input is not modified
    assert (big[:, :, 5:18] == deals).all() and (big[:, :, :5] == 0).all()


def test_results_are_independent_of_the_batch() -> None:
    deals = random_deals(2000, 2, 4)
    whole = ofc.score_matrix(deals, ofc.PROGRESSIVE)
    for i in (0, 1, 777, 1999):
        assert (ofc.score_matrix(deals[i], ofc.PROGRESSIVE) == whole[i]).all()
        assert ofc.score_matrix(deals[i], ofc.PROGRESSIVE).tolist() == \
            R.score_matrix(deals[i].tolist(), ofc.PROGRESSIVE)
    a = ofc.analyze(deals, ofc.PROGRESSIVE)
    b = ofc.analyze(deals[::-1], ofc.PROGRESSIVE)
    assert (a.strength == b.strength[::-1]).all()


def test_workers_give_the_same_results() -> None:
    boards = random_deals(260_000, 1, 5)[:, 0]                       # > 200k boards
    for rules in (ofc.PINEAPPLE, ofc.LOW):
        one = ofc.analyze(boards, rules, in_fantasyland=boards[:, 0] & 1, workers=1)
        for workers in (2, 3, -1):
            same_analysis(ofc.analyze(boards, rules, in_fantasyland=boards[:, 0] & 1,
                                      workers=workers), one)
    deals = random_deals(210_000, 2, 6)                               # > 200k deals
    for rules in (ofc.ORIGINAL, ofc.LOW):
        net = ofc.score(deals, rules, workers=1)
        assert (ofc.score(deals, rules, workers=2) == net).all()
        m = ofc.score_matrix(deals, rules, workers=2)
        assert (m == ofc.score_matrix(deals, rules, workers=1)).all()
        assert (m.sum(axis=2) == net).all() and (net.sum(axis=1) == 0).all()
    deals3 = random_deals(70_000, 3, 7)
    assert (ofc.score(deals3, ofc.PINEAPPLE, workers=2) == ofc.score(deals3, ofc.PINEAPPLE)).all()
    for bad in (0, -2, 1.5, "2", None, True):
        with pytest.raises((ValueError, TypeError), match="workers"):
            ofc.analyze(boards[:10], workers=bad)
        with pytest.raises((ValueError, TypeError), match="workers"):
            ofc.score(deals[:10], workers=bad)


# ------------------------------------------------------------ bad input

def _check_error(exc: type[Exception], msg: str, call: Any) -> None:
    with pytest.raises(exc) as info:
        call()
    assert msg in str(info.value), f"expected {msg!r} in {str(info.value)!r}"
    # the library still works after the error
    assert ofc.score(deal2(), ofc.PINEAPPLE).tolist() == [27, -27]
    assert ofc.analyze(codes(QQ)).royalties.tolist() == [7, 4, 10]


@pytest.mark.parametrize("workers", (1, 2))
def test_bad_codes_in_analyze(workers: int) -> None:
    boards = np.stack([codes(QQ)] * 4 + [codes(AA)] * 3)          # (7, 13)
    for pos, where in ((1, "top position 1"), (5, "middle position 2"), (12, "bottom position 4")):
        for value in (52, 60, 200, 254):
            x = boards.copy()
            x[5, pos] = value
            _check_error(ValueError, f"board 5, {where}: card code {value} is not in 0..51",
                         lambda: ofc.analyze(x, workers=workers))
        x = boards.copy()
        x[5, pos] = 255
        _check_error(ValueError, f"board 5, {where}: empty slot (255)",
                     lambda: ofc.analyze(x, workers=workers))
        for dtype in (np.int8, np.int16, np.int64):
            x = boards.astype(dtype)
            x[5, pos] = -1                                          # -1 = empty
            _check_error(ValueError, f"board 5, {where}: empty slot (255)",
                         lambda: ofc.analyze(x, workers=workers))
            for value in (-2, -100, 52):
                x = boards.astype(dtype)
                x[5, pos] = value
                _check_error(ValueError, f"board 5, {where}: card code {value} is not in 0..51",
                             lambda: ofc.analyze(x, workers=workers))
    x = boards.astype(np.uint16)
    x[2, 0] = 256
    _check_error(ValueError, "board 2, top position 0: card code 256 is not in 0..51",
                 lambda: ofc.analyze(x))
    # the first bad board is reported, whatever the workers
    x = np.repeat(boards, 30_000, axis=0)
    x[150_001, 9] = 99
    x[200_000, 9] = 98
    _check_error(ValueError, "board 150001, bottom position 1: card code 99",
                 lambda: ofc.analyze(x, workers=workers))
    # one board: no index
    x = codes(QQ).copy()
    x[3] = 77
    _check_error(ValueError, "middle position 0: card code 77 is not in 0..51", lambda: ofc.analyze(x))
    # nested boards: the index is a tuple
    x = np.stack([boards[:6].reshape(2, 3, 13)] * 2)
    x[1, 0, 2, 7] = 52
    _check_error(ValueError, "board (1, 0, 2), middle position 4: card code 52",
                 lambda: ofc.analyze(x))


def test_card_twice_in_a_board() -> None:
    boards = np.stack([codes(QQ)] * 3)
    boards[2, 12] = boards[2, 0]                                     # Qh twice
    _check_error(ValueError, "card Qh (code 42) is used twice: at board 2, top position 0 "
                 "and at board 2, bottom position 4", lambda: ofc.analyze(boards))
    _check_error(ValueError, "used twice", lambda: ofc.analyze(boards, workers=2))
    one = codes(QQ).copy()
    one[4] = one[3]
    _check_error(ValueError, "card 5s (code 15) is used twice: at middle position 0 and at "
                 "middle position 1", lambda: ofc.analyze(one))
    # analyze checks each board alone: the same card on two boards is fine there
    a = ofc.analyze(np.stack([codes(QQ), codes(QQ)]))
    assert a.royalties.tolist() == [[7, 4, 10]] * 2


def test_card_twice_in_a_deal() -> None:
    deals = np.stack([deal2()] * 5)                                  # (5, 2, 13)
    deals[3, 1, 4] = deals[3, 0, 11]                                 # Ks to player 1 too
    for call in (lambda: ofc.score(deals), lambda: ofc.score_matrix(deals),
                 lambda: ofc.score(deals, workers=2)):
        _check_error(ValueError, "card Ks (code 47) is used twice: at deal 3, player 0, bottom "
                     "position 3 and at deal 3, player 1, middle position 1", call)
    one = deal2()
    one[1, 0] = one[0, 0]
    _check_error(ValueError, "card Qh (code 42) is used twice: at player 0, top position 0 and "
                 "at player 1, top position 0", lambda: ofc.score(one))
    _check_error(ValueError, "used twice", lambda: ofc.score([QQ, QQ]))
    # within one player's board
    deals = np.stack([deal2()] * 2)
    deals[1, 1, 12] = deals[1, 1, 11]
    _check_error(ValueError, "card 3s (code 7) is used twice: at deal 1, player 1, bottom "
                 "position 3 and at deal 1, player 1, bottom position 4", lambda: ofc.score(deals))


def test_bad_codes_in_score() -> None:
    deals = np.stack([deal2()] * 4)
    for value, what in ((52, "card code 52 is not in 0..51"), (255, "empty slot (255)")):
        x = deals.copy()
        x[2, 1, 6] = value
        _check_error(ValueError, f"deal 2, player 1, middle position 3: {what}",
                     lambda: ofc.score(x))
        _check_error(ValueError, f"deal 2, player 1, middle position 3: {what}",
                     lambda: ofc.score_matrix(x, workers=2))
    x = deals.astype(np.int32)
    x[2, 1, 6] = -1
    _check_error(ValueError, "deal 2, player 1, middle position 3: empty slot (255)",
                 lambda: ofc.score(x))
    one = deal2()
    one[0, 10] = 255
    _check_error(ValueError, "player 0, bottom position 2: empty slot (255)", lambda: ofc.score(one))


def test_bad_codes_in_score_wide_ints() -> None:
    """Out-of-range codes in a wider integer array name the deal and the player too."""
    x = np.stack([deal2()] * 4).astype(np.int64)
    x[2, 1, 6] = 77
    _check_error(ValueError, "deal 2, player 1, middle position 3: card code 77 is not in 0..51",
                 lambda: ofc.score(x))
    x = deal2().astype(np.int16)
    x[1, 0] = -5
    _check_error(ValueError, "player 1, top position 0: card code -5 is not in 0..51",
                 lambda: ofc.score(x))


def test_wrong_shapes_and_player_counts() -> None:
    for shape in ((12,), (3, 12), (3, 14), (2, 3, 26), (0, 12)):
        _check_error(ValueError, f"got last dimension {shape[-1]} of shape {shape}",
                     lambda: ofc.analyze(np.zeros(shape, dtype=np.uint8)))
    _check_error(ValueError, "a board has 13 cards", lambda: ofc.score(np.zeros((4, 2, 12), np.uint8)))
    _check_error(ValueError, "a deal is (players, 13) cards", lambda: ofc.score(codes(QQ)))
    _check_error(ValueError, "pineapple is played by 2 to 3 players, not 1",
                 lambda: ofc.score(codes(QQ)[None]))
    _check_error(ValueError, "not 1", lambda: ofc.score(random_deals(3, 1, 0)))
    _check_error(ValueError, "original is played by 2 to 4 players, not 5",
                 lambda: ofc.score(np.zeros((3, 5, 13), np.uint8), ofc.ORIGINAL))
    for r in (ofc.PINEAPPLE, ofc.PROGRESSIVE, ofc.LOW):
        _check_error(ValueError, f"{r.name} is played by 2 to 3 players, not 4",
                     lambda: ofc.score_matrix(random_deals(3, 4, 0), r))
    assert ofc.score(random_deals(3, 4, 0), ofc.ORIGINAL).shape == (3, 4)
    _check_error(ValueError, "no boards given", lambda: ofc.analyze([]))


@pytest.mark.parametrize("bad", [
    codes(QQ).astype(np.float64), codes(QQ).astype(np.float32), codes(QQ).astype(bool),
    codes(QQ).astype(np.complex64), np.stack([codes(QQ)] * 2).astype(np.float16),
])
def test_float_and_bool_arrays(bad: np.ndarray) -> None:
    _check_error(TypeError, f"got a {bad.dtype} array", lambda: ofc.analyze(bad))


@pytest.mark.parametrize("bad, msg", [
    (None, "NoneType"), (3.5, "float"), (True, "bool"), (object(), "object"),
    ({"a": 1}, "dict"), (b"Qh Qd 2c", "bytes"),
    ([None] * 13, "position 0: expected card text or an integer code, got NoneType None"),
    ([1.5] * 13, "position 0: expected card text or an integer code, got float 1.5"),
    ([True] * 13, "position 0: expected card text or an integer code, got bool True"),
    (list(range(12)) + [object()], "position 12: expected card text or an integer code"),
])
def test_objects_none_and_floats(bad: Any, msg: str) -> None:
    _check_error(TypeError, msg, lambda: ofc.analyze(bad))


def test_none_in_a_deal_names_the_player() -> None:
    """A None among the boards of a deal says which board (player) it is in."""
    good = codes(QQ).tolist()
    with pytest.raises(TypeError) as info:
        ofc.score([good, [None] * 13])
    assert re.search(r"(player|board|hand) 1", str(info.value)), str(info.value)


def test_errors_leave_no_state_behind() -> None:
    """Many failed calls, then the same valid batch gives the same results."""
    deals = random_deals(5000, 3, 8)
    want = ofc.score_matrix(deals, ofc.ORIGINAL)
    for i in range(50):
        x = deals.copy()
        x[i * 97 % 5000, i % 3, i % 13] = 52 + i
        with pytest.raises(ValueError):
            ofc.score_matrix(x, ofc.ORIGINAL, workers=1 + i % 2)
    assert (ofc.score_matrix(deals, ofc.ORIGINAL, workers=2) == want).all()
