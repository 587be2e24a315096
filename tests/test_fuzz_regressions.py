"""Regression tests from fuzzing (tests/fuzz/fuzz_targets.py).

Every finding of the fuzzer becomes a test here, named after the target that
found it, with the input reduced to its essence and the correct behaviour
asserted.  The second part holds tricky inputs that were tried because they
could plausibly have broken something (and did not, when written): they pin
the correct behaviour so that it stays that way.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import reference as ref

B1_TEXT = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"
B2_TEXT = "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"
B1 = ofc.parse_boards(B1_TEXT)
B2 = ofc.parse_boards(B2_TEXT)


def _deal(players: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.permutation(52)[:13 * players].astype(np.uint8).reshape(players, 13)


# ================================================================= findings

# --- array target: a 0-d integer array (not uint8) holding a bad code --------------
# ofc.strength(np.array(52, dtype=np.int64)) raised IndexError ("tuple index out of
# range") in hands._narrow, which words the error from index[-1] of a 0-d index;
# boards._narrow_board has the same fault.  Expected: the error for a 0-d input
# (TypeError, as for np.array(5)), never IndexError.
ZERO_D = [np.array(52, np.int64), np.array(-5, np.int16), np.array(300, np.uint16), np.array(255, np.int32)]
ZERO_D_CALLS = {
    "strength": ofc.strength, "lowball27": ofc.lowball27, "analyze": ofc.analyze,
    "score": ofc.score, "score_matrix": ofc.score_matrix, "Board": ofc.Board,
}


@pytest.mark.parametrize("name", ZERO_D_CALLS)
@pytest.mark.parametrize("value", ZERO_D, ids=lambda a: f"{a.dtype}-{int(a)}")
def test_array_0d_integer_with_bad_code(name: str, value: np.ndarray) -> None:
    with pytest.raises(TypeError):
        ZERO_D_CALLS[name](value)
    # the valid one-hand calls still work
    assert ofc.strength("Ah Kh Qh Jh Th") == ofc.STRENGTH_MAX


# --- array target: empty byte-string / text arrays ---------------------------------
# ofc.strength(np.zeros((0, 5), "S4")) raised ValueError "text items hold different
# numbers of cards ([])" - a bytes array must be a TypeError whatever its size (a
# non-empty one is).  Empty text arrays and empty lists hold no cards: they give
# empty results, as the empty text "" and integer arrays of shape (0, 5) do.
@pytest.mark.parametrize("shape", [(0,), (0, 5), (2, 0), (3,)])
@pytest.mark.parametrize("fn", [ofc.strength, ofc.lowball27, ofc.cards])
def test_array_bytes_arrays_are_type_errors(shape: tuple[int, ...], fn: object) -> None:
    with pytest.raises(TypeError) as info:
        fn(np.zeros(shape, "S4"))  # type: ignore[operator]
    assert "bytes" in str(info.value)


def test_array_empty_text_arrays_and_lists_give_empty_results() -> None:
    assert ofc.cards([]).shape == (0,) and ofc.cards([]).dtype == np.uint8
    assert ofc.cards(np.array([], dtype="U2")).shape == (0,)
    assert ofc.cards(np.zeros((0, 5), dtype="U2")).shape == (0, 5)
    assert ofc.strength(np.zeros((0, 5), dtype="U2")).shape == (0,)
    assert ofc.lowball27(np.zeros((0, 5), dtype="U2")).shape == (0,)
    assert ofc.to_cactus([]).shape == (0,)
    assert ofc.from_cactus([]).shape == (0,)


# ================================================================= tricky inputs

@pytest.mark.parametrize("text,token", [
    ("Ah Kd 2\ud800", "\ud800"),          # a lone surrogate (cannot even be encoded)
    ("Ah Kd 2c\x00", "\x00"),             # NUL
    ("A\u200bh Kd 2c", "\u200b"),         # zero-width space inside a card
    ("Ah\u0301 Kd 2c", "\u0301"),         # combining accent
    ("\u212ah Kd 2c", "\u212a"),          # Kelvin sign: lower() would make it a 'k'
    ("\u0130h Kd 2c", "\u0130"),          # dotted capital I
    ("\ufb00 Kd 2c", "\ufb00"),           # ligature "ff": upper() would make it two letters
    ("1 0h Kd 2c", "1"),                  # a ten split by a space
])
def test_text_oddities_are_value_errors(text: str, token: str) -> None:
    for fn in (ofc.strength, ofc.cards, ofc.describe):
        with pytest.raises(ValueError) as info:
            fn(text)
        msg = str(info.value)
        assert token in msg or ascii(token)[1:-1] in msg, msg


def test_text_spellings_that_are_cards() -> None:
    assert ofc.cards("10h10d").tolist() == [34, 33]
    assert ofc.cards("aH kD tS").tolist() == ofc.cards("Ah Kd Ts").tolist()
    assert ofc.cards("10\u2665 A\u2660").tolist() == ofc.cards("Th As").tolist()
    assert ofc.cards("[Ah, Kd; 2c]").tolist() == [50, 45, 0]
    assert ofc.cards("Ah -- Kd", allow_empty=True).tolist() == [50, 255, 45]
    assert ofc.parse_boards(B1_TEXT.replace(" / ", "|")).tolist() == B1.tolist()
    assert ofc.parse_boards(B1_TEXT.replace("/", "")).tolist() == B1.tolist()


@pytest.mark.parametrize("value", [2**64, -(2**70), 2**63, -(2**63) - 1])
def test_python_ints_beyond_64_bits(value: int) -> None:
    with pytest.raises(ValueError) as info:
        ofc.strength([0, 1, 2, 3, value])
    assert str(value) in str(info.value) and "position 4" in str(info.value)
    with pytest.raises(ValueError) as info:
        ofc.cards([value])
    assert str(value) in str(info.value)


def test_extreme_integer_dtypes() -> None:
    hand = np.array([[50, 46, 42, 38, 34]], dtype=np.uint64)
    assert ofc.strength(hand).tolist() == [ofc.STRENGTH_MAX]
    hand[0, 2] = np.iinfo(np.uint64).max
    with pytest.raises(ValueError, match=str(np.iinfo(np.uint64).max)):
        ofc.strength(hand)
    low = np.array([[-128, 1, 2, 3, 4]], dtype=np.int8)
    with pytest.raises(ValueError, match="-128"):
        ofc.lowball27(low)
    big_endian = np.array([[50, 46, 42, 38, 34]], dtype=">i8")
    assert ofc.strength(big_endian).tolist() == [ofc.STRENGTH_MAX]


def test_zero_stride_rows_repeat_one_hand() -> None:
    hand = np.array([50, 46, 42, 38, 34], dtype=np.uint8)
    rows = np.lib.stride_tricks.as_strided(hand, shape=(200_000, 5), strides=(0, 1))
    out = ofc.strength(rows, workers=3)
    assert out.shape == (200_000,) and (out == ofc.STRENGTH_MAX).all()
    boards = np.lib.stride_tricks.as_strided(B1, shape=(7, 13), strides=(0, 1))
    assert (ofc.analyze(boards).royalties == ofc.analyze(B1).royalties).all()


def test_more_workers_than_rows() -> None:
    assert ofc.strength(np.array([[50, 46, 42, 38, 34]]), workers=64).tolist() == [ofc.STRENGTH_MAX]
    assert ofc.score(np.stack([B1, B2])[None], workers=64).tolist() == \
        [ref.score([B1.tolist(), B2.tolist()], ofc.PINEAPPLE)]


def test_analyze_checks_each_board_on_its_own() -> None:
    """The same board twice is fine for analyze (boards are independent), not for score."""
    a = ofc.analyze(np.stack([B1, B1]))
    assert a.royalties[0].tolist() == a.royalties[1].tolist() == list(ref.royalties(B1.tolist(), ofc.PINEAPPLE))
    with pytest.raises(ValueError, match="twice"):
        ofc.score(np.stack([B1, B1]))


def test_in_fantasyland_ints_are_flags_or_counts() -> None:
    """An int in_fantasyland is 0, 1 or a count 13..fantasyland_limit, whatever the stay
    mode (a 2 was once read as True: a silently accepted typo); with fixed stay counts
    a count means "in Fantasyland"."""
    boards = np.stack([B1, B2])
    for flags in (np.array([1, 0], dtype=np.uint8), np.array([15, 0], dtype=np.uint8)):
        got = ofc.analyze(boards, ofc.PROGRESSIVE, in_fantasyland=flags).fantasyland.tolist()
        want = [ref.fantasyland(B1.tolist(), ofc.PROGRESSIVE, True),
                ref.fantasyland(B2.tolist(), ofc.PROGRESSIVE, False)]
        assert got == want
    with pytest.raises(ValueError, match=r"in_fantasyland\[0\] = 2\b"):
        ofc.analyze(boards, ofc.PROGRESSIVE, in_fantasyland=np.array([2, 0], dtype=np.uint8))


EXTREME = [
    dataclasses.replace(ofc.ORIGINAL, name="max", top_pair=(10_000,) * 13, top_trips=(10_000,) * 13,
                        middle=(10_000,) * 10, bottom=(10_000,) * 10, scoop_bonus=10_000),
    dataclasses.replace(ofc.ORIGINAL, name="min", top_pair=(-10_000,) * 13, top_trips=(-10_000,) * 13,
                        middle=(-10_000,) * 10, bottom=(-10_000,) * 10, scoop_bonus=0),
    dataclasses.replace(ofc.LOW, name="low-both", fl_low_mode="both", low_middle=(10_000,) * 13,
                        low_nuts=-10_000, max_players=3),
    dataclasses.replace(ofc.PINEAPPLE, name="quads-only", stay_top=None, stay_middle=None,
                        stay_bottom=ofc.HandCategory.ROYAL_FLUSH),
]


@pytest.mark.parametrize("rules", EXTREME, ids=lambda r: r.name)
def test_extreme_rules_against_the_oracle(rules: ofc.Rules) -> None:
    """Royalties and bonuses at the limits of validation: no overflow, same as the oracle."""
    for seed in range(40):
        deal = _deal(rules.max_players, seed)
        assert ofc.score(deal, rules).tolist() == ref.score(deal.tolist(), rules)
        assert ofc.score_matrix(deal, rules).tolist() == ref.score_matrix(deal.tolist(), rules)
        a = ofc.analyze(deal, rules, in_fantasyland=seed % 2 == 0)
        for p, board in enumerate(deal.tolist()):
            assert tuple(a.royalties[p].tolist()) == ref.royalties(board, rules)
            assert int(a.fantasyland[p]) == ref.fantasyland(board, rules, seed % 2 == 0)


def test_fantasyland_count_limits_follow_max_players() -> None:
    """With 4 players, 13 cards is the only Fantasyland deal that fits."""
    four = dataclasses.replace(ofc.ORIGINAL, min_players=4, max_players=4)
    assert four.stay_cards == 13
    with pytest.raises(ValueError, match="14"):
        dataclasses.replace(four, stay_cards=14)
    deal = _deal(4, 7)
    assert ofc.score(deal, four).tolist() == ref.score(deal.tolist(), four)


def test_all_52_cards_in_a_four_player_deal() -> None:
    deal = _deal(4, 11)
    assert sorted(deal.reshape(-1).tolist()) == list(range(52))
    net = ofc.score(deal, ofc.ORIGINAL)
    assert net.sum() == 0 and net.tolist() == ref.score(deal.tolist(), ofc.ORIGINAL)
    deal[3, 12] = deal[0, 0]
    with pytest.raises(ValueError, match="player 3, bottom position 4"):
        ofc.score(deal, ofc.ORIGINAL)


def test_outputs_are_new_arrays_and_odd_but_valid_inputs_work() -> None:
    """Found by fuzzing: partial_boards once returned the caller's uint8 array itself;
    ragged nested lists, an empty list of rows and small ints in an object array are
    valid input and are answered, not refused with a numpy message."""
    x = np.array([50, 51] + [255] * 11, np.uint8)
    r = ofc.partial.partial_boards(x)
    r[0] = 0
    assert x[0] == 50
    nested = ofc.partial.partial_boards([["Ah Ad / 2c 3d 4h 5s / --"] * 2])
    assert nested.shape == (1, 2, 13) and ofc.card_str(nested[0, 1, 3:7]) == "2c 3d 4h 5s"
    assert ofc.card_str([[50, 1], [2]]) == ["Ah 2d", "2h"]
    assert ofc.find_duplicates([]).tolist() == []
    assert ofc.play_match(np.array([[1, -1]], dtype=object)).points.tolist() == [101, 99]
