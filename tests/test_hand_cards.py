"""Card parsing and printing (docs/RULES.md §1), and Cactus Kev conversions vs treys.

Every one of the 52 cards is checked in every accepted spelling (rank in
either case, ``10`` for ``T``, suit in either case or as a symbol), alone,
inside a spaced hand and inside a run-together hand; the canonical printing
is checked for every code, and text -> codes -> text round trips for the
whole deck and for random hands.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
import treys

import ofc_fast as ofc

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
NAMES = [r + s for r in RANKS for s in SUITS]          # index == code
INT_DTYPES = [np.int8, np.int16, np.int32, np.int64,
              np.uint8, np.uint16, np.uint32, np.uint64]


def spellings(code: int) -> list[str]:
    """Every accepted way to write card ``code``."""
    r, s = RANKS[code // 4], SUITS[code % 4]
    ranks = {r, r.lower()} | ({"10"} if r == "T" else set())
    suits = {s, s.upper(), SUIT_SYMBOLS[s]}
    return sorted(rr + ss for rr in ranks for ss in suits)


# ------------------------------------------------------------ the numbering

def test_numbering_matches_rules():
    assert ofc.card("2c") == 0
    assert ofc.card("2s") == 3
    assert ofc.card("Ac") == 48
    assert ofc.card("As") == 51
    assert ofc.cards("Ah Kd 2c").tolist() == [50, 45, 0]
    assert ofc.RANKS == RANKS and ofc.SUITS == SUITS
    assert ofc.EMPTY == 255


@pytest.mark.parametrize("code", range(52))
def test_every_spelling_of_every_card(code):
    canonical = NAMES[code]
    sp = spellings(code)
    assert len(sp) == 3 * (3 if canonical[0] == "T" else 2 if canonical[0].isalpha() else 1)
    for text in sp:
        assert ofc.card(text) == code, text
        got = ofc.cards(text)
        assert got.dtype == np.uint8 and got.tolist() == [code], text
        # inside a hand, spaced and run together, before and after other cards
        assert ofc.cards(f"{text} 2c").tolist() == [code, 0]
        assert ofc.cards(f"2c {text}").tolist() == [0, code]
        assert ofc.cards(f"2c{text}").tolist() == [0, code]
        assert ofc.cards(f"{text}2c").tolist() == [code, 0]
    assert ofc.card_str(code) == canonical
    assert ofc.card_str(np.uint8(code)) == canonical
    assert ofc.card_str(np.int64(code)) == canonical
    assert ofc.card_str([code]) == canonical


def test_card_returns_python_int():
    c = ofc.card("Td")
    assert type(c) is int and c == 33
    assert ofc.card("10d") == ofc.card("td") == ofc.card("TD") == ofc.card("10♦") == 33


def test_whole_deck_round_trip_in_all_text_forms():
    deck = np.arange(52, dtype=np.uint8)
    text = ofc.card_str(deck)
    assert text == " ".join(NAMES)
    for variant in (text, text.lower(), text.upper(), text.replace(" ", ""),
                    text.replace("T", "10"), text.replace("T", "10").replace(" ", ""),
                    "".join(n[0] + SUIT_SYMBOLS[n[1]] for n in NAMES),
                    "  " + text.replace(" ", "   ") + "\t\n"):
        got = ofc.cards(variant)
        assert got.dtype == np.uint8
        assert got.tolist() == list(range(52)), variant[:40]
    # every spelling of every card at once, in a scrambled order
    rng = random.Random(1)
    pairs = [(c, s) for c in range(52) for s in spellings(c)]
    rng.shuffle(pairs)
    assert ofc.cards(" ".join(s for _, s in pairs)).tolist() == [c for c, _ in pairs]
    assert ofc.cards("".join(s for _, s in pairs)).tolist() == [c for c, _ in pairs]


def test_random_hands_round_trip():
    rng = np.random.default_rng(7)
    for _ in range(500):
        k = int(rng.integers(1, 14))
        codes = rng.choice(52, size=k, replace=False).astype(np.uint8)
        text = ofc.card_str(codes)
        assert text.count(" ") == k - 1
        assert np.array_equal(ofc.cards(text), codes)
        assert np.array_equal(ofc.cards(text.replace(" ", "")), codes)
        assert np.array_equal(ofc.cards(text.split()), codes)


# ------------------------------------------------------- non-text inputs

def test_iterables_of_str_and_int():
    assert ofc.cards(["Ah", "Kd", "2c"]).tolist() == [50, 45, 0]
    assert ofc.cards(("Ah", 45, np.int64(0))).tolist() == [50, 45, 0]
    assert ofc.cards([50, 45, 0]).tolist() == [50, 45, 0]
    assert ofc.cards(np.array(["Ah", "Kd"])).tolist() == [50, 45]
    assert ofc.cards(51).tolist() == [51]


def test_iterators_and_generators():
    """docs/RULES.md §1 and the API: 'iterables of str/int' -- an iterator is an iterable."""
    assert ofc.cards(iter(["Ah", "Kd", "2c"])).tolist() == [50, 45, 0]
    assert ofc.cards(c for c in (50, 45, 0)).tolist() == [50, 45, 0]


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_integer_arrays_every_dtype(dtype):
    codes = np.arange(52).astype(dtype).reshape(4, 13)
    got = ofc.cards(codes)
    assert got.dtype == np.uint8 and got.shape == (4, 13)
    assert got.ravel().tolist() == list(range(52))
    assert codes.ravel().tolist() == list(range(52))      # input untouched


def test_nested_inputs():
    got = ofc.cards([["Ah", "Kd"], ["2c", "3c"]])
    assert got.shape == (2, 2) and got.tolist() == [[50, 45], [0, 4]]
    # text elements holding whole hands add a last axis
    got = ofc.cards(["Qh Qd 5c", "As Ks Qs"])
    assert got.shape == (2, 3) and got.tolist() == [[42, 41, 12], [51, 47, 43]]
    got = ofc.cards([["Qh Qd 5c", "As Ks Qs"], ["2c 3c 4c", "5d6d7d"]])
    assert got.shape == (2, 2, 3)
    assert got[1, 1].tolist() == [13, 17, 21]
    got = ofc.cards([[50, 45, 0], [1, 2, 3]])
    assert got.shape == (2, 3) and got.tolist() == [[50, 45, 0], [1, 2, 3]]
    got = ofc.cards([["Ah", 45], [0, "2d"]])
    assert got.tolist() == [[50, 45], [0, 1]]
    hands = ["Ah Kh Qh Jh Th", "7c 5d 4h 3s 2c"]
    assert ofc.card_str(ofc.cards(hands)) == hands


def test_ragged_hands_rejected():
    with pytest.raises(ValueError):
        ofc.cards(["Qh Qd 5c", "As Ks"])


def test_empty_slots():
    got = ofc.cards("Ah -- Kd", allow_empty=True)
    assert got.tolist() == [50, 255, 45]
    assert ofc.card_str(got) == "Ah -- Kd"
    assert ofc.cards([-1, 255, 3], allow_empty=True).tolist() == [255, 255, 3]
    assert ofc.cards(np.array([-1, 3], np.int8), allow_empty=True).tolist() == [255, 3]
    assert ofc.card_str(255) == "--"
    assert ofc.card_str(-1) == "--"
    assert ofc.card_str([-1, 255, 0]) == "-- -- 2c"
    assert ofc.card_str(np.array([0, 255], np.uint8)) == "2c --"
    with pytest.raises(ValueError, match="--"):
        ofc.cards("Ah -- Kd")
    with pytest.raises(ValueError, match=r"-1"):
        ofc.cards([3, -1])
    with pytest.raises(ValueError, match=r"255"):
        ofc.cards(np.array([3, 255], np.uint8))


def test_card_str_shapes():
    assert ofc.card_str(51) == "As"
    assert ofc.card_str([50, 45, 0]) == "Ah Kd 2c"
    assert ofc.card_str(np.array([50, 45, 0], np.uint8)) == "Ah Kd 2c"
    two = ofc.card_str(np.array([[50, 45, 0], [1, 2, 3]]))
    assert two == ["Ah Kd 2c", "2d 2h 2s"]
    three = ofc.card_str(np.arange(12).reshape(2, 2, 3))
    assert three == [["2c 2d 2h", "2s 3c 3d"], ["3h 3s 4c", "4d 4h 4s"]]
    assert ofc.card_str(np.arange(52)) == " ".join(NAMES)


# ------------------------------------------------------------- errors

def _assert_raises(exc, fn, *needles):
    with pytest.raises(exc) as info:
        fn()
    msg = str(info.value)
    for n in needles:
        assert n in msg, f"{n!r} not in {msg!r}"
    return msg


def test_bad_codes_name_value_and_position():
    _assert_raises(ValueError, lambda: ofc.cards([0, 1, 77]), "77", "2")
    _assert_raises(ValueError, lambda: ofc.cards([0, 52]), "52", "1")
    _assert_raises(ValueError, lambda: ofc.cards(np.array([[1, 2], [3, 77]])), "77", "hand 1, position 1")
    _assert_raises(ValueError, lambda: ofc.cards(np.array([5, 2**31], np.int64)), str(2**31))
    _assert_raises(ValueError, lambda: ofc.cards(np.array([5, 2**63], np.uint64)), str(2**63))
    _assert_raises(ValueError, lambda: ofc.cards(np.array([5, -1], np.int8)), "-1")
    _assert_raises(ValueError, lambda: ofc.cards(52), "52")
    _assert_raises(ValueError, lambda: ofc.card_str([0, 54]), "54")
    assert ofc.card_str([0, 52, 53]) == "2c X1 X2"     # the printer names the jokers
    _assert_raises(ValueError, lambda: ofc.card_str(60), "60")
    # issue 28, 10: the printer's range holds the jokers it prints ("not in 0..51" was wrong)
    _assert_raises(ValueError, lambda: ofc.card_str([54]), "position 0: card code 54 is not in 0..53",
                   "52 is the joker X1, 53 is the joker X2")
    _assert_raises(ValueError, lambda: ofc.card_str(-7), "card code -7 is not in 0..53", "255 or -1")


def test_bad_text_names_the_text():
    _assert_raises(ValueError, lambda: ofc.cards("Ah Kd Qx"), "Qx")
    _assert_raises(ValueError, lambda: ofc.cards("AhKdQx"), "Qx")
    _assert_raises(ValueError, lambda: ofc.cards("1h"), "1h")
    _assert_raises(ValueError, lambda: ofc.cards("Ah K"), "K")
    msg = _assert_raises(ValueError, lambda: ofc.cards(["Ah", "Zz"]), "Zz")
    assert "1" in msg
    _assert_raises(ValueError, lambda: ofc.card("Zz"), "Zz")
    _assert_raises(ValueError, lambda: ofc.card("Ah Kd"), "Ah Kd")
    _assert_raises(ValueError, lambda: ofc.card(""))
    _assert_raises(ValueError, lambda: ofc.card("11h"), "11h")


def test_bad_types():
    for bad in (1.5, np.array([1.0, 2.0]), np.array([True, False]), b"Ah", None, True, [1, 2.5], [object()]):
        with pytest.raises(TypeError):
            ofc.cards(bad)
    # a valid call still works afterwards
    assert ofc.cards("As").tolist() == [51]


# ------------------------------------------------------------ Cactus Kev

def test_to_cactus_matches_treys_for_every_card():
    expected = [treys.Card.new(n) for n in NAMES]
    got = ofc.to_cactus(np.arange(52))
    assert got.shape == (52,)
    assert [int(v) for v in got] == expected
    assert [int(v) for v in ofc.to_cactus(" ".join(NAMES))] == expected
    assert [int(v) for v in ofc.to_cactus(NAMES)] == expected
    for code, name in enumerate(NAMES):
        assert int(ofc.to_cactus([code])[0]) == treys.Card.new(name)
        assert treys.Card.int_to_str(int(ofc.to_cactus([code])[0])) == name


def test_from_cactus_matches_treys_for_every_card():
    ints = [treys.Card.new(n) for n in NAMES]
    got = ofc.from_cactus(ints)
    assert got.dtype == np.uint8 and got.tolist() == list(range(52))
    got = ofc.from_cactus(np.array(ints, dtype=np.int64).reshape(4, 13))
    assert got.shape == (4, 13) and got.ravel().tolist() == list(range(52))
    for code, v in enumerate(ints):
        assert ofc.from_cactus([v]).tolist() == [code]


def test_cactus_round_trip_shapes():
    codes = np.random.default_rng(3).integers(0, 52, size=(6, 4, 5))
    back = ofc.from_cactus(ofc.to_cactus(codes))
    assert back.shape == codes.shape
    assert np.array_equal(back, codes)
    assert ofc.to_cactus(["As Kd", "2c 3c"]).shape == (2, 2)


def test_from_cactus_rejects_non_cards():
    _assert_raises(ValueError, lambda: ofc.from_cactus([treys.Card.new("As"), 12]), "12", "1")
    _assert_raises(ValueError, lambda: ofc.from_cactus([treys.Card.new("As") + 1]),
                   str(treys.Card.new("As") + 1))
    with pytest.raises(TypeError):
        ofc.from_cactus(np.array([1.0]))
    with pytest.raises(ValueError):
        ofc.to_cactus([0, 52])


def test_treys_evaluator_agrees_through_to_cactus():
    """treys evaluates our cards (converted with to_cactus) to to_cactus_rank(strength)."""
    ev = treys.Evaluator()
    rng = np.random.default_rng(11)
    hands = np.array([rng.choice(52, 5, replace=False) for _ in range(3000)], dtype=np.uint8)
    ranks = ofc.to_cactus_rank(ofc.strength(hands))
    tc = ofc.to_cactus(hands)
    for h, r in zip(tc.tolist(), ranks.tolist()):
        assert ev.evaluate(h[:2], h[2:]) == r
    # every category shows up at least once in a fixed set of known hands
    for text in ("Ah Kh Qh Jh Th", "5s 4s 3s 2s As", "9c 9d 9h 9s 2c", "Kc Kd Kh 2c 2d",
                 "2h 7h 9h Jh Kh", "Ac 2d 3h 4s 5c", "Qc Qd Qh 5s 3c", "Jc Jd 4h 4s 2c",
                 "Tc Td 8h 4s 2c", "7c 5d 4h 3s 2c"):
        h = [int(v) for v in ofc.to_cactus(text)]
        assert ev.evaluate(h[:2], h[2:]) == ofc.to_cactus_rank(ofc.strength(text)), text


def test_all_combinations_of_two_cards_distinct_names():
    names = {ofc.card_str([a, b]) for a, b in itertools.combinations(range(52), 2)}
    assert len(names) == 1326
