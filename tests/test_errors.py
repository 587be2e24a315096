"""Bad input (docs/RULES.md §1): every class of error, on the one-hand path and the batch path.

Each case asserts the exception type AND that the message names the
offending value and where it is ("hand N, position P"; one-hand calls omit
the "hand N" part), then checks that a valid call still works afterwards.
"""
from __future__ import annotations

import re

import numpy as np
import pytest

import ofc_fast as ofc

INT_DTYPES = [np.int8, np.int16, np.int32, np.int64,
              np.uint8, np.uint16, np.uint32, np.uint64]

ROYAL = [50, 46, 42, 38, 34]          # Ah Kh Qh Jh Th
NUTS_LOW = [21, 13, 10, 7, 0]         # 7d 5d 4h 3s 2c  (7-5-4-3-2 offsuit)
TOP_QQ5 = [42, 41, 12]                # Qh Qd 5c


def still_works():
    """A valid call of each entry point after a failure."""
    assert ofc.strength(ROYAL) == ofc.STRENGTH_MAX
    assert ofc.strength("Ah Kh Qh Jh Th") == ofc.STRENGTH_MAX
    assert ofc.lowball27(NUTS_LOW) == ofc.LOWBALL_MAX
    batch = ofc.strength(np.array([ROYAL, NUTS_LOW], dtype=np.uint8))
    assert batch.tolist() == [ofc.STRENGTH_MAX, ofc.strength(NUTS_LOW)]
    assert ofc.strength(np.array([TOP_QQ5], dtype=np.int64)).tolist() == [ofc.strength("Qh Qd 5c")]
    assert ofc.strength(np.tile(np.array(ROYAL, np.uint8), (300_000, 1)), workers=2)[-1] == ofc.STRENGTH_MAX


def raises(exc, fn, *needles, one_hand=False):
    """Call fn, expect exc whose message holds every needle; return the message."""
    with pytest.raises(exc) as info:
        fn()
    msg = str(info.value)
    for n in needles:
        assert n in msg, f"{n!r} not in message {msg!r}"
    if one_hand:
        assert not re.search(r"hand \d|hand \(", msg), f"one-hand message names a hand: {msg!r}"
    still_works()
    return msg


FUNCS = {"strength": ofc.strength, "lowball27": ofc.lowball27}


def _batch(n: int, k: int = 5, dtype=np.uint8) -> np.ndarray:
    """n valid, distinct-card hands."""
    rng = np.random.default_rng(n * 10 + k)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(dtype)


# ------------------------------------------------- codes outside 0..51

def _bad_values(dtype):
    info = np.iinfo(dtype)
    vals = [52, 77, info.max]
    if info.min < 0:
        vals += [-1, info.min]
    else:
        vals += [255] if info.max >= 255 else []
    if info.max >= 2**31:
        vals.append(2**31)
    if info.max >= 2**63:
        vals.append(2**63)
    return sorted(set(vals))


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("name", FUNCS)
def test_bad_code_one_hand_array(name, dtype):
    fn = FUNCS[name]
    for value in _bad_values(dtype):
        for pos in (0, 3, 4):
            hand = np.array(ROYAL, dtype=dtype)
            hand[pos] = value
            raises(ValueError, lambda: fn(hand), str(value), f"position {pos}", one_hand=True)


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("name", FUNCS)
def test_bad_code_batch(name, dtype):
    fn = FUNCS[name]
    hands = _batch(2000, 5, dtype)
    for value in _bad_values(dtype):
        bad = hands.copy()
        bad[1234, 3] = value
        bad[1500, 0] = value          # a later bad hand is not the one reported
        raises(ValueError, lambda: fn(bad), str(value), "hand 1234, position 3")
        raises(ValueError, lambda: fn(np.asfortranarray(bad)), str(value), "hand 1234, position 3")
    assert np.array_equal(fn(hands), fn(hands.astype(np.uint8)))


def test_bad_code_three_card_batch_and_nd():
    hands = _batch(3000, 3, np.int16)
    hands[2999, 2] = 52
    raises(ValueError, lambda: ofc.strength(hands), "52", "hand 2999, position 2")
    cube = _batch(12, 5).reshape(3, 4, 5)
    cube[2, 1, 3] = 77
    raises(ValueError, lambda: ofc.strength(cube), "77", "hand (2, 1), position 3")
    raises(ValueError, lambda: ofc.strength(cube.astype(np.int32)), "77", "hand (2, 1), position 3")


def test_bad_code_first_of_several_is_reported():
    raises(ValueError, lambda: ofc.strength(np.array([0, 77, 2, 88, 4])), "77", "position 1",
           one_hand=True)


@pytest.mark.parametrize("value", [-1, 52, 77, 255, 2**31, 2**64, -2**70])
def test_bad_code_one_hand_list(value):
    """A one-hand list: the message names the value and the position."""
    for hand, pos in (([0, 1, 2, 3, value], 4), ([value, 1, 2], 0)):
        raises(ValueError, lambda: ofc.strength(hand), str(value), f"position {pos}", one_hand=True)
    raises(ValueError, lambda: ofc.lowball27([0, 1, value, 3, 4]), str(value), "position 2",
           one_hand=True)


def test_bad_code_batch_list():
    """A list of hands: 'hand N, position P' as for arrays."""
    hands = [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [0, 1, 2, 3, 77]]
    raises(ValueError, lambda: ofc.strength(hands), "77", "hand 2, position 4")


def test_empty_slot_is_not_a_card():
    raises(ValueError, lambda: ofc.strength(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 255]], np.uint8)),
           "255", "hand 1, position 4")
    raises(ValueError, lambda: ofc.strength(np.array([0, 1, -1], np.int64)), "-1", "position 2",
           one_hand=True)
    raises(ValueError, lambda: ofc.strength("Ah Kh -- Jh Th"), "--")


# ------------------------------------------------- a card twice

@pytest.mark.parametrize("name", FUNCS)
def test_duplicate_one_hand(name):
    fn = FUNCS[name]
    for hand in ("Ah Kd Ah Js Tc", "AhKdAhJsTc", ["Ah", "Kd", "Ah", "Js", "Tc"], [50, 45, 50, 39, 32],
                 np.array([50, 45, 50, 39, 32], np.int64), np.array([50, 45, 50, 39, 32], np.uint8)):
        raises(ValueError, lambda: fn(hand), "Ah", "50", "at position 0 and at position 2", one_hand=True)
    raises(ValueError, lambda: ofc.strength("2c 3d 2c"), "2c", "code 0", "at position 0 and at position 2",
           one_hand=True)


@pytest.mark.parametrize("dtype", [np.uint8, np.int64, np.uint16])
@pytest.mark.parametrize("name", FUNCS)
def test_duplicate_batch(name, dtype):
    fn = FUNCS[name]
    hands = _batch(500, 5, np.uint8)
    hands[7] = [0, 50, 1, 50, 2]
    hands[9] = [0, 0, 1, 2, 3]
    x = hands.astype(dtype)
    expected = "hand 7: card Ah (code 50) is used twice: at position 1 and at position 3"
    raises(ValueError, lambda: fn(x), expected)
    raises(ValueError, lambda: fn(np.asfortranarray(x)), expected)
    raises(ValueError, lambda: fn(x.tolist()), "hand 7", "Ah", "50", "at position 1 and at position 3")
    raises(ValueError, lambda: fn(ofc.card_str(x)), "7", "Ah", "50", "at position 1 and at position 3")


def test_duplicate_three_card_and_nd():
    hands = _batch(40, 3).reshape(2, 20, 3)
    hands[1, 5] = [51, 3, 51]
    raises(ValueError, lambda: ofc.strength(hands), "hand (1, 5)", "As", "51", "at position 0 and at position 2")


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2, -1])
def test_first_bad_hand_reported_whatever_the_workers(workers):
    """Bad hands in both halves of a split batch: the first one is reported."""
    n = 400_000
    hands = np.tile(np.array(ROYAL, np.uint8), (n, 1))
    a = hands.copy()
    a[150_000, 2] = a[150_000, 0]          # first half
    a[350_000, 1] = a[350_000, 0]          # second half
    raises(ValueError, lambda: ofc.strength(a, workers=workers), "hand 150000", "at position 0 and at position 2")
    b = hands.copy()
    b[250_000, 1] = b[250_000, 4]          # duplicate, second half
    b[260_000, 2] = 77                     # bad code after it
    b[390_000, 2] = 99
    raises(ValueError, lambda: ofc.strength(b, workers=workers), "hand 250000", "at position 1 and at position 4")
    raises(ValueError, lambda: ofc.lowball27(b, workers=workers), "hand 250000", "at position 1 and at position 4")
    c = hands.copy()
    c[399_999, 4] = 77
    raises(ValueError, lambda: ofc.strength(c, workers=workers), "77", "hand 399999, position 4")


# ------------------------------------------------- wrong number of cards

@pytest.mark.parametrize("shape", [(4,), (6,), (1,), (2,), (10, 4), (10, 6), (3, 2, 7), (0, 4)])
def test_wrong_hand_size(shape):
    size = shape[-1]
    x = np.arange(int(np.prod(shape)), dtype=np.uint8).reshape(shape) % 52
    raises(ValueError, lambda: ofc.strength(x), str(size))
    raises(ValueError, lambda: ofc.lowball27(x), str(size))


def test_wrong_hand_size_lists_and_text():
    raises(ValueError, lambda: ofc.strength([0, 1, 2, 3]), "4")
    raises(ValueError, lambda: ofc.strength("Ah Kd Qh Js"), "4")
    raises(ValueError, lambda: ofc.strength("Ah Kd Qh Js Tc 9c"), "6")
    raises(ValueError, lambda: ofc.lowball27("Ah Kd Qh"), "3")           # 2-7 is for 5 cards
    raises(ValueError, lambda: ofc.lowball27(np.array([TOP_QQ5] * 3)), "3")
    with pytest.raises((TypeError, ValueError)):
        ofc.strength([[0, 1, 2], [0, 1, 2, 3, 4]])                       # ragged
    still_works()
    with pytest.raises(TypeError):
        ofc.strength(np.array(5))                                        # not a hand
    still_works()


# ------------------------------------------------- non-integer input

@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.bool_, np.complex128])
@pytest.mark.parametrize("name", FUNCS)
def test_non_integer_arrays(name, dtype):
    fn = FUNCS[name]
    one = np.array(ROYAL).astype(dtype)
    many = np.array([ROYAL, NUTS_LOW]).astype(dtype)
    raises(TypeError, lambda: fn(one), np.dtype(dtype).name)
    raises(TypeError, lambda: fn(many), np.dtype(dtype).name)


@pytest.mark.parametrize("bad", [None, 4.0, 2.5, True, object()])
def test_object_arrays_and_lists_with_non_cards(bad):
    hand = [50, 46, 42, 38, bad]
    raises(TypeError, lambda: ofc.strength(np.array(hand, dtype=object)), "object")
    raises(TypeError, lambda: ofc.strength(np.array([50, 46, 42, 38, 34], dtype=object)), "object")
    raises(TypeError, lambda: ofc.strength(hand), repr(bad))
    raises(TypeError, lambda: ofc.lowball27(hand), repr(bad))


def test_bytes_and_none():
    raises(TypeError, lambda: ofc.strength(b"Ah Kh Qh Jh Th"))
    raises(TypeError, lambda: ofc.strength(None))


# ------------------------------------------------- unknown text

@pytest.mark.parametrize("text, token", [
    ("Ah Kd Qx Js Tc", "Qx"), ("AhKdQxJsTc", "Qx"), ("Ah Kd 1h Js Tc", "1h"),
    ("Ah Kd Zz", "Zz"), ("Ah Kd Q Js Tc", "Q"), ("Ah Kd 11h Js Tc", "11h"),
])
def test_unknown_text(text, token):
    raises(ValueError, lambda: ofc.strength(text), token, one_hand=True)
    if len(text.split()) == 5:
        raises(ValueError, lambda: ofc.lowball27(text), token)


def test_unknown_text_in_a_batch_names_the_hand():
    msg = raises(ValueError, lambda: ofc.strength(["Ah Kd Qs Js Tc", "2c 3c 4c 5c 6c", "Ah Kd Qx Js Tc"]),
                 "Qx")
    assert re.search(r"\b2\b", msg), msg
    msg = raises(ValueError, lambda: ofc.strength(["Ah", "Kd", "Qx", "Js", "Tc"]), "Qx")
    assert re.search(r"\b2\b", msg), msg


# ------------------------------------------------- workers

@pytest.mark.parametrize("workers, exc", [
    (0, ValueError), (-2, ValueError), (-100, ValueError),
    ("2", TypeError), (2.0, TypeError), (None, TypeError),
])
@pytest.mark.parametrize("name", FUNCS)
def test_bad_workers(name, workers, exc):
    fn = FUNCS[name]
    for hands in (np.array(ROYAL), np.array([ROYAL] * 10, np.uint8), "Ah Kh Qh Jh Th", list(ROYAL)):
        raises(exc, lambda: fn(hands, workers=workers), repr(workers) if exc is TypeError else str(workers))


@pytest.mark.parametrize("workers", [True, False, 1.0])
def test_workers_bool_and_float_rejected_on_every_path(workers):
    """workers must be an int: True / 1.0 are rejected for a one-hand list as for arrays."""
    for hands in (np.array(ROYAL), list(ROYAL), "Ah Kh Qh Jh Th"):
        raises(TypeError, lambda: ofc.strength(hands, workers=workers), repr(workers))


def test_good_workers_values():
    hands = _batch(1000)
    expected = ofc.strength(hands)
    for w in (1, 2, 7, -1, np.int32(2), np.int64(1)):
        assert np.array_equal(ofc.strength(hands, workers=w), expected)
        assert ofc.strength(list(ROYAL), workers=w) == ofc.STRENGTH_MAX


# ------------------------------------------------- strength values

@pytest.mark.parametrize("func", [ofc.category, ofc.describe, ofc.to_cactus_rank])
def test_bad_strength_values(func):
    for bad in (0, -5, ofc.STRENGTH_FIVE_MAX + 1, 65535):   # up to STRENGTH_FIVE_MAX: five of a kind
        raises(ValueError, lambda: func(bad), str(bad))
    raises(ValueError, lambda: func(np.array([[1, 2], [3, 9000]])), "9000", "(1, 1)")
    raises(TypeError, lambda: func(1.0))
    raises(TypeError, lambda: func(np.array([1.0, 2.0])))


def test_to_cactus_rank_rejects_three_card_strength():
    s3 = ofc.strength("Ah Kh Qh")
    raises(ValueError, lambda: ofc.to_cactus_rank(s3), str(s3))
    raises(ValueError, lambda: ofc.to_cactus_rank(np.array([ofc.STRENGTH_MAX, s3])), str(s3), "1")


def test_describe_bad_text():
    raises(ValueError, lambda: ofc.describe("Ah Ah Kd Qc Jc"), "Ah", "at position 0 and at position 1")
    raises(ValueError, lambda: ofc.describe("Ah Kd Qx Js Tc"), "Qx")
