"""Text and int inputs of the one-call fast paths (issue 32): the same answers and the
same errors as the general Python path (``fn.__wrapped__``) and as the array path.

royalty of one row, Board.parse, compat.evaluate_cards of card strings, lists of card
strings (strength, analyze), and can_avoid_foul of one partial board (text, 13 codes, a
uint8 array; dead cards as one list) are read in C (ofc_fast/_scalar.pxi).
"""
from __future__ import annotations

import string
from typing import Any, Callable

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import partial

RNG = np.random.default_rng(20261207)


def _hands(n: int, k: int) -> np.ndarray:
    return np.argsort(RNG.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def _same_outcome(fast: Callable[[], Any], slow: Callable[[], Any]) -> Any:
    """Both calls give equal answers of one type, or raise the same error with one message."""
    try:
        want = slow()
    except (ValueError, TypeError, RuntimeError) as e:
        with pytest.raises(type(e)) as got:
            fast()
        assert str(got.value) == str(e)
        return None
    got = fast()
    assert type(got) is type(want)
    if isinstance(want, np.ndarray):
        assert got.dtype == want.dtype and got.shape == want.shape and got.tolist() == want.tolist()
    else:
        assert got == want
    return got


@pytest.mark.parametrize("rules", ["pineapple", ofc.LOW, ofc.PROGRESSIVE, "ORIGINAL", "progressive_keep"])
def test_royalty_of_one_row_matches_the_array_path(rules: Any) -> None:
    general = ofc.royalty.__wrapped__
    for name, k in (("top", 3), ("middle", 5), ("bottom", 5)):
        rows = _hands(400, k)
        want = ofc.royalty(rows, name, rules).tolist()
        for row, w in zip(rows, want):
            codes = [int(c) for c in row]
            text = ofc.card_str(codes)
            for form in (codes, tuple(codes), row, text, text.lower(), text.split()):
                got = ofc.royalty(form, name, rules)
                assert got == w and type(got) is int, (form, name, got, w)
            assert general(text, name, rules) == w


def test_royalty_of_a_row_with_royalties_in_every_preset() -> None:
    for rules in ofc.PRESETS.values():
        for row, name in (("Qh Qd 5c", "top"), ("6c 6d 6h", "top"), ("5s 6s 7s 8s 9s", "middle"),
                          ("7c 5d 4h 3s 2c", "middle"), ("Kc Kd Kh Ks 2d", "bottom")):
            assert ofc.royalty(row, name, rules) == ofc.royalty.__wrapped__(row, name, rules)
            assert ofc.royalty(row, name, rules) == int(ofc.royalty(np.array([ofc.cards(row)]), name, rules)[0])


def test_royalty_bad_input_same_error() -> None:
    general = ofc.royalty.__wrapped__
    cases: list[tuple[Any, ...]] = [
        ("Qh Qd", "top", "pineapple"), ("Qh Qd Qd", "top", "pineapple"), ("Qh Qd 5c", "Top", "pineapple"),
        ("Qh Qd 5c", 0, "pineapple"), ("Qh Qd 5c", "top", "pine"), ("Qh Qd 5c", "top", 3),
        ("Qh Qd 5c 4c 3c", "top", "pineapple"), ([0, 1, 52], "top", "pineapple"), (5, "top", "pineapple"),
        ("Qh Qd 5c", "middle", "low"), (["Qh", "Qd", "5x"], "top", "pineapple"), ("Qh Qd X1", "top", "pineapple"),
    ]
    for case in cases:
        _same_outcome(lambda: ofc.royalty(*case), lambda: general(*case))


def test_board_parse_fast_matches_the_general_reader() -> None:
    boards = _hands(300, 13)
    for b in boards:
        rows = [ofc.card_str(b[lo:hi]) for lo, hi in ((0, 3), (3, 8), (8, 13))]
        for text in (" / ".join(rows), " | ".join(rows), " ".join(rows), "/".join(rows).lower()):
            got = ofc.Board.parse(text)
            want = ofc.Board(ofc.parse_boards(text, 2))
            assert got == want and got.codes.tolist() == b.tolist() and not got.codes.flags.writeable
    class Mine(ofc.Board):
        __slots__ = ()

    b = Mine.parse("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")
    assert type(b) is Mine and b.royalties() == (7, 4, 10) and ofc.Board.parse(str(b)).royalties() == (7, 4, 10)
    for text in ("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks", "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks Kh",
                 "Qh Qd / 2c 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", "Qh Qd X1 / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d",
                 "10h Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"):
        _same_outcome(lambda: ofc.Board.parse(text), lambda: ofc.Board(ofc.parse_boards(text, 2)))


def test_card_string_items_read_as_the_general_parser_reads_them() -> None:
    """Every two-character ASCII item in a list: the fast reader takes exactly the cards
    the general parser takes, as the same cards."""
    general = ofc.strength.__wrapped__
    for a in string.printable[:95]:
        for b in string.printable[:95]:
            item = a + b
            hand = [item, "Kd", "2c"]
            if item.lower() in ("kd", "2c"):
                continue
            _same_outcome(lambda: ofc.strength(hand), lambda: general(hand))


def test_compat_evaluate_cards_text_matches_ints() -> None:
    from ofc_fast import compat

    general = compat.evaluate_cards.__wrapped__
    for k in (5, 6, 7):
        for h in _hands(200, k):
            codes = [int(c) for c in h]
            text = ofc.card_str(codes).split()
            want = compat.evaluate_cards(*codes)
            assert compat.evaluate_cards(*text) == want == general(*text)
            assert compat.evaluate_cards(*[t.lower() for t in text]) == want
    for bad in (("Ah", "Ah", "Kd", "Qc", "Jc"), ("Ah", "Kd", "Qc", "Jc"), ("Ah", "Kd", "Qc", "Jc", "X1"),
                ("Ah", "Kd", "Qc", "Jc", "1h"), ("Ah Kd", "Qc", "Jc", "Tc", "9c")):
        _same_outcome(lambda: compat.evaluate_cards(*bad), lambda: general(*bad))


def test_analyze_and_score_of_card_string_lists() -> None:
    boards = _hands(100, 13)
    for b in boards:
        items = ofc.card_str(b).split()
        want = ofc.analyze(b, ofc.PINEAPPLE)
        got = ofc.analyze(items, ofc.PINEAPPLE)
        assert got.royalties.tolist() == want.royalties.tolist() and bool(got.fouled) == bool(want.fouled)
    deals = _hands(100, 26).reshape(100, 2, 13)
    for d in deals:
        text = [ofc.card_str(x).split() for x in d]
        assert ofc.score(text, "pineapple").tolist() == ofc.score(d, "pineapple").tolist()


def _partial_boards(n: int) -> list[np.ndarray]:
    """Random partial boards: 13 to 26 cards dealt, a random number of them kept."""
    out = []
    for h in _hands(n, 13):
        b = h.copy()
        b[RNG.random(13) < RNG.random()] = 255
        for lo, hi in ((0, 3), (3, 8), (8, 13)):
            seg = b[lo:hi]
            b[lo:hi] = np.concatenate([seg[seg != 255], seg[seg == 255]])
        out.append(b)
    return out


def _partial_text(b: np.ndarray, empties: bool) -> str:
    rows = []
    for lo, hi in ((0, 3), (3, 8), (8, 13)):
        cards = [ofc.card_str(int(c)) for c in b[lo:hi] if c != 255]
        rows.append(" ".join(cards + (["--"] * (hi - lo - len(cards)) if empties else [])))
    return " / ".join(rows)


@pytest.mark.parametrize("rules", [ofc.PINEAPPLE, "low", ofc.PROGRESSIVE])
def test_can_avoid_foul_one_board_every_form(rules: Any) -> None:
    general = partial.can_avoid_foul.__wrapped__
    boards = _partial_boards(120)
    want = partial.can_avoid_foul(np.stack(boards), rules).tolist()
    for b, w in zip(boards, want):
        dead = [int(c) for c in _hands(1, 52)[0] if c not in b][:int(RNG.integers(0, 8))]
        for form in (b, b.tolist(), tuple(b.tolist()), [(-1 if c == 255 else int(c)) for c in b],
                     _partial_text(b, True), _partial_text(b, False)):
            got = _same_outcome(lambda: partial.can_avoid_foul(form, rules), lambda: general(form, rules))
            assert got.shape == () and bool(got) == w
            for d in (dead, ofc.card_str(dead).split(), ofc.card_str(dead)):
                _same_outcome(lambda: partial.can_avoid_foul(form, rules, dead=d),
                              lambda: general(form, rules, dead=d))


def test_can_avoid_foul_fast_reader_declines_what_it_does_not_read() -> None:
    general = partial.can_avoid_foul.__wrapped__
    cases: list[tuple[Any, dict[str, Any]]] = [
        ("Ah Ad / 2c 3d 4h 5s / --", {"dead": ["Ac", "As", "6c", "6d", "6h", "6s"]}),
        ("Ah Ad / 2c 3d 4h 5s / --", {"dead": ["Ah"]}),
        ("Ah Ad / 2c 3d 4h 5s / --", {"dead": ["Ac", "Ac"]}),
        ("Ah Ad / 2c 3d 4h 5s / --", {"dead": "Ac As 6c"}),
        ("Ah Ad / 2c 3d 4h 5s / --", {"dead": []}),
        ("Ah Ad / 2c 3d 4h 5s / --", {"dead": [255, 0]}),
        ("Ah Ad / 2c 3d 4h 5s", {}), ("Ah Ad / 2c 3d 4h 5s / -- / --", {}), ("Ah Ad Kd Kc / -- / --", {}),
        ("Ah Ad -- -- / -- / --", {}), ("Ah Ah / -- / --", {}), ("AhAd / -- / --", {}), ("Ah-- / -- / --", {}),
        ("Ah Ad / - / --", {}), (" Ah  Ad/2c||", {}), ("Ah Ad // ", {}), ("", {}), ("X1 Ad / -- / --", {}),
        ("10h Ad / -- / --", {}), ("Ah\tAd / -- / --", {}), ("Ah -- Ad / -- / --", {}),
        ([0, 1, 2] + [255] * 10, {"budget": 10}), ([0, 1, 2] + [255] * 10, {"workers": 2}),
        ([0, 255, 2] + [255] * 10, {}), ([0, 1, 2] + [256] * 10, {}), ([0, 1, 2] + [255] * 9, {}),
        ([0, 1, 1] + [255] * 10, {}), (np.array([0, 1, 2] + [255] * 10, np.int64), {}),
        (np.array([0, 1, 52] + [255] * 10, np.uint8), {}), ([0, 1, 2] + [255] * 10, {"rules": "pine"}),
        ("Ah Ad / 2c 3d 4h 5s 6s / Kc Kd Kh Ks 2d", {"dead": list(range(39))}),
    ]
    for board, kw in cases:
        _same_outcome(lambda: partial.can_avoid_foul(board, **kw), lambda: general(board, **kw))


def test_lowball27_of_one_hand_every_form() -> None:
    general = ofc.lowball27.__wrapped__
    hands = _hands(300, 5)
    want = ofc.lowball27(hands).tolist()
    for h, w in zip(hands, want):
        codes = [int(c) for c in h]
        for form in (codes, tuple(codes), h, h.astype(np.int64), ofc.card_str(codes), ofc.card_str(codes).split()):
            got = ofc.lowball27(form)
            assert got == w and type(got) is int
        assert general(ofc.card_str(codes)) == w
    for bad in ("7c 5d 4h 3s", "7c 5d 4h 3s 3s", [0, 1, 2, 3, 52], "7c 5d 4h 3s X1", [0, 1, 2, 3, True]):
        _same_outcome(lambda: ofc.lowball27(bad), lambda: general(bad))


def test_partial_strength_of_one_row_every_form() -> None:
    general = ofc.partial_strength.__wrapped__
    for k in range(1, 6):
        rows = _hands(200, k)
        want = ofc.partial_strength(rows).tolist()
        for r, w in zip(rows, want):
            codes = [int(c) for c in r]
            for form in (codes, tuple(codes), r, ofc.card_str(codes), ofc.card_str(codes).split()):
                got = ofc.partial_strength(form)
                assert got == w and type(got) is int
            assert general(codes) == w
    for bad in ("Ah Ah", [0, 1, 2, 3, 4, 5], [0, 52], "Ah X1", [], "", "Ah --", [50, 255], [50, -1]):
        _same_outcome(lambda: ofc.partial_strength(bad), lambda: general(bad))
