"""Bad input to EVERY public function, as one table.

Each row of ``TABLE`` is (function, bad argument(s), expected exception type,
substrings the message must contain).  The substrings are the offending value
and where it is ("hand 3, position 4", "deal 7, player 1, bottom position
2", the unknown token ...).  After every failure, ``still_works`` checks that
valid calls of every entry point still give the right answers (the reference
oracle decides what "right" is for boards and deals).

Further tables: empty inputs that are valid (an empty ``(0, 5)`` array gives an
empty result), memory layouts that are valid (read-only, Fortran, strided,
negative strides, byte-swapped: same result as the C-contiguous array), suit
symbols that are accepted, and numpy scalar codes inside lists.
"""
from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import _core, _solve
from ofc_fast import reference as ref
from ofc_fast.sim import selfplay

# ----------------------------------------------------------------- fixtures

ROYAL = [50, 46, 42, 38, 34]                  # Ah Kh Qh Jh Th
NUTS_LOW = [21, 13, 10, 7, 0]                 # 7d 5d 4h 3s 2c
TOP_QQ5 = [42, 41, 12]                        # Qh Qd 5c
B1_TEXT = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"
B2_TEXT = "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"
B1 = ofc.parse_boards(B1_TEXT)
B2 = ofc.parse_boards(B2_TEXT)
DEAL = np.stack([B1, B2])
AS_CACTUS = 268442665                         # treys Card.new("As")
N_BIG = 1_000_000


def _hands(n: int, k: int, seed: int = 0) -> np.ndarray:
    """n valid hands of k distinct cards (a random pool, tiled: cheap for large n)."""
    rng = np.random.default_rng(seed)
    pool = np.argsort(rng.random((min(n, 4096), 52)), axis=1)[:, :k].astype(np.uint8)
    return np.ascontiguousarray(np.resize(pool, (n, k)))


@functools.lru_cache(maxsize=None)
def _big(kind: str) -> np.ndarray:
    """1M-row valid arrays (read-only: every case copies before spoiling one code)."""
    if kind == "hands5":
        arr = _hands(N_BIG, 5, 1)
    elif kind == "hands3":
        arr = _hands(N_BIG, 3, 2)
    elif kind == "boards":
        arr = _hands(N_BIG, 13, 3)
    else:  # deals of 2 players
        arr = _hands(N_BIG, 26, 4).reshape(N_BIG, 2, 13)
    arr.setflags(write=False)
    return arr


class Lazy(NamedTuple):
    """An argument built when its case runs (the 1M-row arrays)."""

    make: Callable[[], Any]


def spoil(kind: str, index: tuple[int, ...], value: int, dtype: Any = np.uint8) -> Lazy:
    """A big array with ``value`` at ``index``."""
    def make() -> np.ndarray:
        arr = _big(kind).astype(dtype)
        arr[index] = value
        return arr
    return Lazy(make)


def dup(kind: str, index: tuple[int, ...], source: tuple[int, ...]) -> Lazy:
    """A big array where the card at ``source`` is copied to ``index``."""
    def make() -> np.ndarray:
        arr = _big(kind).copy()
        arr[index] = arr[source]
        return arr
    return Lazy(make)


# expected answers, computed from constants in the docs and the reference oracle
PAIR_OF_HANDS = [[48, 44, 40, 36, 32], [0, 1, 2, 4, 8]]   # A-high straight flush, trip deuces
EXPECT_STRENGTH_PAIR = ofc.strength(PAIR_OF_HANDS).tolist()    # before any failure
assert [int(ofc.category(s)) for s in EXPECT_STRENGTH_PAIR] == [ref.category(h) for h in PAIR_OF_HANDS]
EXPECT_DEAL = [27, -27]                       # score docstring
EXPECT_ROYALTIES = ref.royalties(B1.tolist(), ofc.PINEAPPLE)
EXPECT_SCORE_MATRIX = ref.score_matrix([B1.tolist(), B2.tolist()], ofc.PINEAPPLE)


def still_works() -> None:
    """Valid calls of every entry point, with the right answers."""
    assert ofc.strength(ROYAL) == ofc.STRENGTH_MAX
    assert ofc.strength("Ah Kh Qh Jh Th") == ofc.STRENGTH_MAX
    assert ofc.strength(PAIR_OF_HANDS).tolist() == EXPECT_STRENGTH_PAIR
    assert ofc.strength(np.array([TOP_QQ5], np.int64)).tolist() == [ofc.strength("Qh Qd 5c")]
    assert ofc.lowball27(NUTS_LOW) == ofc.LOWBALL_MAX
    assert ofc.lowball27(np.array([NUTS_LOW], np.int32)).tolist() == [ofc.LOWBALL_MAX]
    assert ofc.category(ofc.STRENGTH_MAX) == ofc.HandCategory.ROYAL_FLUSH
    assert ofc.describe(ofc.STRENGTH_MAX) == "Royal flush"
    assert ofc.to_cactus_rank(ofc.STRENGTH_MAX) == 1
    assert ofc.cards("Ah Kd 2c").tolist() == [50, 45, 0]
    assert ofc.card("As") == 51
    assert ofc.card_str([50, 45, 0]) == "Ah Kd 2c"
    assert int(ofc.to_cactus([51])[0]) == AS_CACTUS
    assert ofc.from_cactus([AS_CACTUS]).tolist() == [51]
    assert ofc.get_rules("pineapple") is ofc.PINEAPPLE
    assert ofc.parse_boards(B1_TEXT).tolist() == B1.tolist()
    board = ofc.Board.parse(B1_TEXT)
    assert board.royalties(ofc.PINEAPPLE) == EXPECT_ROYALTIES
    a = ofc.analyze(np.stack([B1, B2]), ofc.PINEAPPLE)
    assert a.fouled.tolist() == [ref.fouled(B1.tolist(), ofc.PINEAPPLE), ref.fouled(B2.tolist(), ofc.PINEAPPLE)]
    assert a.royalties[0].tolist() == list(EXPECT_ROYALTIES)
    assert ofc.score(DEAL).tolist() == EXPECT_DEAL
    assert ofc.score_matrix(DEAL).tolist() == EXPECT_SCORE_MATRIX
    assert ofc.score(np.stack([DEAL] * 3), workers=2).tolist() == [EXPECT_DEAL] * 3


# ----------------------------------------------------------------- the table

class Bad(NamedTuple):
    name: str                       # test id
    fn: Callable[..., Any]
    args: tuple[Any, ...]           # a callable arg is built lazily (big arrays)
    kwargs: dict[str, Any]
    exc: type[BaseException]
    needles: tuple[str, ...]


TABLE: list[Bad] = []
_seen: set[str] = set()


def bad(name: str, fn: Callable[..., Any], arg: Any, exc: type[BaseException], *needles: str,
        more: tuple[Any, ...] = (), kw: dict[str, Any] | None = None, **kwargs: Any) -> None:
    """One row: ``fn(arg, *more, **kw, **kwargs)`` raises ``exc`` whose message holds ``needles``."""
    assert name not in _seen, name
    _seen.add(name)
    TABLE.append(Bad(name, fn, (arg,) + more, {**(kw or {}), **kwargs}, exc, needles))


def method(name: str) -> Callable[..., Any]:
    """A Board method as a function of its rules argument."""
    board = ofc.Board.parse(B1_TEXT)
    return lambda *a, **k: getattr(board, name)(*a, **k)


HAND_FUNCS = {"strength": ofc.strength, "lowball27": ofc.lowball27}
DEAL_FUNCS = {"score": ofc.score, "score_matrix": ofc.score_matrix}
BOARD_FUNCS = {"analyze": ofc.analyze, **DEAL_FUNCS}

# --- hands: strength, lowball27 ------------------------------------------------
for fname, fn in HAND_FUNCS.items():
    k = 5
    base = [0, 5, 10, 15, 20]
    for value in (-1, 52, 255, 2**31, 2**63, 2**70, -(2**70)):
        hand = list(base)
        hand[3] = value
        bad(f"{fname}-list-code-{value}", fn, hand, ValueError, str(value), "position 3")
    for dtype, value in ((np.int8, -1), (np.uint8, 52), (np.uint8, 255), (np.int64, 2**31),
                         (np.uint64, 2**64 - 1), (np.int16, -32768), (np.int32, 256)):
        arr = np.array([base, base[::-1]], dtype=dtype)
        arr[1, 4] = value
        bad(f"{fname}-array-{np.dtype(dtype).name}-{value}", fn, arr, ValueError, str(value), "hand 1, position 4")
    for dtype in (np.uint8, np.int64):
        dn = np.dtype(dtype).name
        bad(f"{fname}-1M-{dn}-52-near-end", fn, spoil("hands5", (N_BIG - 3, 2), 52, dtype),
            ValueError, "52", f"hand {N_BIG - 3}, position 2")
        bad(f"{fname}-1M-{dn}-255-at-start", fn, spoil("hands5", (0, 0), 255, dtype),
            ValueError, "255", "hand 0, position 0")
        bad(f"{fname}-1M-{dn}-52-near-end-workers2", fn, spoil("hands5", (N_BIG - 1, 4), 52, dtype),
            ValueError, "52", f"hand {N_BIG - 1}, position 4", workers=2)
    bad(f"{fname}-1M-int32-2**31-1", fn, spoil("hands5", (N_BIG - 2, 1), 2**31 - 1, np.int32),
        ValueError, str(2**31 - 1), f"hand {N_BIG - 2}, position 1")
    bad(f"{fname}-1M-int64--1-workers-all", fn, spoil("hands5", (N_BIG // 2, 3), -1, np.int64),
        ValueError, "-1", f"hand {N_BIG // 2}, position 3", workers=-1)
    # duplicates
    bad(f"{fname}-dup-list", fn, [0, 5, 10, 5, 20], ValueError, "twice", "at position 1 and at position 3", "3d")
    bad(f"{fname}-dup-text", fn, "Ah Kd 2c 3c Ah", ValueError, "twice", "at position 0 and at position 4", "Ah")
    bad(f"{fname}-dup-array", fn, np.array([base, [1, 2, 3, 4, 1]], np.uint8), ValueError,
        "hand 1", "twice", "at position 0 and at position 4")
    bad(f"{fname}-dup-1M-near-end", fn, dup("hands5", (N_BIG - 2, 4), (N_BIG - 2, 0)), ValueError,
        f"hand {N_BIG - 2}", "twice", "at position 0 and at position 4")
    bad(f"{fname}-dup-1M-start-workers2", fn, dup("hands5", (0, 1), (0, 3)), ValueError,
        "hand 0", "twice", "at position 1 and at position 3", workers=2)
    # wrong sizes and dimensions
    for last in (0, 1, 2, 4, 6, 12, 14):
        bad(f"{fname}-last-dim-{last}", fn, np.zeros((2, last), np.uint8), ValueError, f"got {last}")
    bad(f"{fname}-list-of-4", fn, [0, 1, 2, 3], ValueError, "got 4")
    bad(f"{fname}-text-of-4", fn, "Ah Kd Qc Js", ValueError, "got 4")
    bad(f"{fname}-text-of-6", fn, "Ah Kd Qc Js Th 9h", ValueError, "got 6")
    bad(f"{fname}-empty-text", fn, "", ValueError, "got 0")
    bad(f"{fname}-0d-array", fn, np.array(5), TypeError, "single value")
    bad(f"{fname}-0d-uint8-array", fn, np.array(5, np.uint8), TypeError, "single value")
    bad(f"{fname}-0d-int64-bad-code", fn, np.array(52, np.int64), TypeError, "single value")
    bad(f"{fname}-np.int64-scalar", fn, np.int64(5), TypeError, "5")
    bad(f"{fname}-int-scalar", fn, 5, TypeError, "5")
    bad(f"{fname}-ragged", fn, [[0, 1, 2, 3, 4], [5, 6, 7]], ValueError, "row 1 has 3 items", "row 0 has 5")
    # wrong types
    bad(f"{fname}-float-list", fn, [0.0, 1, 2, 3, 4], TypeError, "float", "position 0")
    bad(f"{fname}-float-array", fn, np.zeros((2, k), np.float64), TypeError, "float64")
    bad(f"{fname}-float16-array", fn, np.zeros((2, k), np.float16), TypeError, "float16")
    bad(f"{fname}-complex-array", fn, np.zeros((2, k), complex), TypeError, "complex")
    bad(f"{fname}-bool-array", fn, np.zeros((2, k), bool), TypeError, "bool")
    bad(f"{fname}-bool-list", fn, [True, 1, 2, 3, 4], TypeError, "bool", "position 0")
    bad(f"{fname}-object-array", fn, np.array([base], dtype=object), TypeError, "object")
    bad(f"{fname}-datetime-array", fn, np.zeros((1, k), "M8[s]"), TypeError, "datetime64")
    bad(f"{fname}-structured-array", fn, np.zeros(k, dtype=[("a", np.uint8)]), TypeError, "a")
    bad(f"{fname}-None", fn, None, TypeError, "None")
    bad(f"{fname}-object", fn, object(), TypeError, "object")
    bad(f"{fname}-None-in-list", fn, [0, 1, None, 3, 4], TypeError, "None", "position 2")
    bad(f"{fname}-object-in-list", fn, [0, 1, 2, 3, object()], TypeError, "object", "position 4")
    bad(f"{fname}-bytes", fn, b"Ah Kd Qc Js Th", TypeError, "bytes")
    bad(f"{fname}-bytearray", fn, bytearray(b"AhKdQcJsTh"), TypeError, "bytearray")
    bad(f"{fname}-bytes-in-list", fn, [b"Ah", "Kd", "Qc", "Js", "Th"], TypeError, "bytes", "position 0")
    bad(f"{fname}-bytes-array", fn, np.array([b"AhKdQcJsTh"]), TypeError, "bytes")
    bad(f"{fname}-empty-slot-text", fn, "Ah Kd -- Js Th", ValueError, "'--'")
    # workers
    for w, exc in ((0, ValueError), (-2, ValueError), (1.5, TypeError), ("2", TypeError),
                   (None, TypeError), (True, TypeError)):
        bad(f"{fname}-workers-{w!r}", fn, ROYAL, exc, repr(w) if isinstance(w, str) else str(w), workers=w)

bad("lowball27-three-cards", ofc.lowball27, TOP_QQ5, ValueError, "5 cards", "got 3")
bad("lowball27-three-card-array", ofc.lowball27, np.zeros((0, 3), np.uint8), ValueError, "got 3")
bad("strength-3card-1M-52-near-end", ofc.strength, spoil("hands3", (N_BIG - 5, 1), 52),
    ValueError, "52", f"hand {N_BIG - 5}, position 1")
bad("strength-3d-array", ofc.strength, np.full((2, 3, 5), 77, np.int16), ValueError,
    "77", "hand (0, 0), position 0")

# --- unicode look-alikes and other text ---------------------------------------
LOOKALIKES = {
    "cyrillic-es-suit": ("Ah Kd 2\u0441", "2\u0441"),          # с
    "cyrillic-a-rank": ("\u0410h Kd 2c", "\u0410h"),           # А
    "fullwidth-A": ("\uff21h Kd 2c", "\uff21h"),               # Ａ
    "greek-omicron": ("Ah Kd 2\u03bf", "2\u03bf"),             # ο
    "greek-kappa": ("\u039ah Kd 2c", "\u039ah"),               # Κ
    "cyrillic-shha-h": ("A\u04bb Kd 2c", "A\u04bb"),           # һ
    "cyrillic-dze-s": ("A\u0455 Kd 2c", "A\u0455"),            # ѕ
    "cyrillic-komi-d": ("Ah K\u0501 2c", "K\u0501"),           # ԁ
    "fullwidth-2": ("Ah Kd \uff12c", "\uff12c"),               # ２
    "kelvin-sign": ("\u212ah Ad 2c", "\u212ah"),               # K
    "math-bold-A": ("\U0001d400h Kd 2c", "\U0001d400h"),       # 𝐀
    "fullwidth-s": ("A\uff53 Kd 2c", "A\uff53"),               # ｓ
    "heavy-heart": ("A\u2764 Kd 2c", "A\u2764"),               # ❤ (not a suit)
    "zero-width-space": ("A\u200bh Kd 2c", "A\u200bh"),
    "combining-acute": ("Ah\u0301 Kd 2c", "Ah\u0301"),
    "nul": ("Ah\x00 Kd 2c", "Ah\x00"),
    "lone-surrogate": ("A\ud800 Kd 2c", "A\ud800"),
    "roman-ten": ("\u2169h Kd 2c", "\u2169h"),                 # Ⅹ
    "arabic-indic-2": ("Ah Kd \u0662c", "\u0662c"),            # ٢
}
for label, (text, token) in LOOKALIKES.items():
    bad(f"strength-text-{label}", ofc.strength, text, ValueError, token)
    bad(f"cards-text-{label}", ofc.cards, text, ValueError, token)
    bad(f"card-text-{label}", ofc.card, token, ValueError, token)
    board_text = B1_TEXT.replace("Kh", token[:-1] + "h" if token.endswith(("c", "d")) else token)
    if board_text != B1_TEXT:
        bad(f"parse_boards-text-{label}", ofc.parse_boards, board_text, ValueError, "bottom row", token[:-1])
for label, text, token in (("unknown-rank", "Ah Kd 1c", "1c"), ("unknown-suit", "Ah Kx 2c", "Kx"),
                           ("dangling-rank", "AhK Qd Jc", "AhK"), ("ten-alone", "10", "10"),
                           ("rank-only", "A K Q", "A")):
    bad(f"strength-text-{label}", ofc.strength, text, ValueError, token)
    bad(f"cards-text-{label}", ofc.cards, text, ValueError, token)

# --- cards, card, card_str, to_cactus, from_cactus -------------------------------
bad("cards-code-52", ofc.cards, [1, 52], ValueError, "52", "position 1")
bad("cards-code--1", ofc.cards, [-1, 1], ValueError, "-1", "position 0")
bad("cards-code-255", ofc.cards, [1, 2, 255], ValueError, "255", "position 2")
bad("cards-code-2**31", ofc.cards, np.array([1, 2**31], np.int64), ValueError, str(2**31), "position 1")
bad("cards-code-2**70", ofc.cards, [2**70], ValueError, str(2**70), "position 0")
bad("cards-2d-code", ofc.cards, np.array([[1, 2, 3], [4, 5, 77]]), ValueError, "77", "hand 1, position 2")
bad("cards-1M-code-near-end", ofc.cards, spoil("hands5", (N_BIG - 1, 0), 99, np.int32), ValueError,
    "99", f"hand {N_BIG - 1}, position 0")
bad("cards-allow-empty-256", ofc.cards, [1, 256], ValueError, "256", "position 1", allow_empty=True)
bad("cards-allow-empty--2", ofc.cards, np.array([-2, 1], np.int8), ValueError, "-2", "position 0",
    allow_empty=True)
bad("cards-empty-slot-not-allowed", ofc.cards, "Ah -- Kd", ValueError, "'--'")
bad("cards-None", ofc.cards, None, TypeError, "None")
bad("cards-bytes", ofc.cards, b"Ah", TypeError, "bytes")
bad("cards-bytearray", ofc.cards, bytearray(b"\x01"), TypeError, "bytearray")
bad("cards-float", ofc.cards, 1.5, TypeError, "1.5")
bad("cards-float-list", ofc.cards, [1, 1.5], TypeError, "1.5", "position 1")
bad("cards-float-array", ofc.cards, np.array([1.0]), TypeError, "float64")
bad("cards-None-in-list", ofc.cards, ["Ah", None], TypeError, "None", "position 1")
bad("cards-bool", ofc.cards, True, TypeError, "True")
bad("cards-bool-in-list", ofc.cards, [1, True], TypeError, "True", "position 1")
bad("cards-object", ofc.cards, object(), TypeError, "object")
bad("cards-object-array", ofc.cards, np.array([1, 2], dtype=object), TypeError, "object")
bad("cards-mixed-counts", ofc.cards, ["Ah Kd", "Qc"], ValueError, "position 1 holds 1 card", "position 0 holds 2")

bad("card-None", ofc.card, None, TypeError, "None")
bad("card-int", ofc.card, 5, TypeError, "int", "5")
bad("card-np.int64", ofc.card, np.int64(5), TypeError, "5")
bad("card-bytes", ofc.card, b"As", TypeError, "bytes")
bad("card-two-cards", ofc.card, "As Kd", ValueError, "got 2", "'As Kd'")
bad("card-no-card", ofc.card, "", ValueError, "got 0")
bad("card-empty-slot", ofc.card, "--", ValueError, "'--'")
bad("card-garbage", ofc.card, "Zz", ValueError, "'Zz'")

bad("card_str-54", ofc.card_str, 54, ValueError, "54", "not in 0..53", "X1", "X2")   # 52, 53: the jokers
bad("card_str--2", ofc.card_str, -2, ValueError, "-2")
bad("card_str-256", ofc.card_str, np.uint16(256), ValueError, "256")
bad("card_str-list-54", ofc.card_str, [1, 54], ValueError, "54", "position 1")
bad("card_str-2d-54", ofc.card_str, np.array([[1, 2], [3, 54]]), ValueError, "54", "hand 1, position 1")
bad("card_str-2**70", ofc.card_str, 2**70, ValueError, str(2**70))
bad("card_str-list-2**70", ofc.card_str, [1, 2**70], ValueError, str(2**70), "position 1")
bad("card_str-None", ofc.card_str, None, TypeError, "object")
bad("card_str-float", ofc.card_str, 1.5, TypeError, "float")
bad("card_str-text", ofc.card_str, "As", TypeError, "<U2")
bad("card_str-bool", ofc.card_str, True, TypeError, "bool")
bad("card_str-object-list", ofc.card_str, [object()], TypeError, "object")
bad("card_str-sep-None", ofc.card_str, [1, 2], TypeError, "sep", "None", sep=None)
bad("card_str-sep-int", ofc.card_str, [1, 2], TypeError, "sep", "5", sep=5)

bad("to_cactus-52", ofc.to_cactus, 52, ValueError, "52")
bad("to_cactus--1", ofc.to_cactus, [3, -1], ValueError, "-1", "position 1")
bad("to_cactus-255-uint8", ofc.to_cactus, np.array([255], np.uint8), ValueError, "255", "position 0")
bad("to_cactus-None", ofc.to_cactus, None, TypeError, "None")
bad("to_cactus-bytes", ofc.to_cactus, b"As", TypeError, "bytes")
bad("to_cactus-float", ofc.to_cactus, 1.5, TypeError, "1.5")
bad("to_cactus-float-array", ofc.to_cactus, np.array([1.5]), TypeError, "float64")

bad("from_cactus-0", ofc.from_cactus, 0, ValueError, "0 is not a Cactus Kev")
bad("from_cactus-list", ofc.from_cactus, [AS_CACTUS, 5], ValueError, "5 is not", "position 1")
bad("from_cactus-2d", ofc.from_cactus, np.array([[AS_CACTUS, 5]]), ValueError, "5 is not", "hand 0, position 1")
bad("from_cactus-uint64-max", ofc.from_cactus, np.array([2**64 - 1], np.uint64), ValueError, str(2**64 - 1))
bad("from_cactus-2**70", ofc.from_cactus, [2**70], ValueError, str(2**70))
bad("from_cactus-float", ofc.from_cactus, [1.5], TypeError, "float64")
bad("from_cactus-bool", ofc.from_cactus, [True], TypeError, "bool")
bad("from_cactus-None", ofc.from_cactus, None, TypeError, "object")
bad("from_cactus-text", ofc.from_cactus, "As", TypeError, "<U2")

# --- strength values: category, describe, to_cactus_rank ------------------------
for fname, fn in (("category", ofc.category), ("describe", ofc.describe), ("to_cactus_rank", ofc.to_cactus_rank)):
    for value in (0, -1, ofc.STRENGTH_FIVE_MAX + 1, 2**16, 2**31, 2**70):
        bad(f"{fname}-{value}", fn, value, ValueError, str(value))
    bad(f"{fname}-list", fn, [ofc.STRENGTH_MAX, 1, 0], ValueError, "0", "item 2")
    bad(f"{fname}-2d", fn, np.array([[7917, 7917], [7917, 9000]]), ValueError, "9000", "item (1, 1)")
    bad(f"{fname}-uint64-max", fn, np.array([2**64 - 1], np.uint64), ValueError, str(2**64 - 1))
    bad(f"{fname}-None", fn, None, TypeError, "None")
    bad(f"{fname}-float", fn, 1.5, TypeError, "float64")
    bad(f"{fname}-bool", fn, True, TypeError, "bool")
    bad(f"{fname}-bytes", fn, b"Ah", TypeError, "bytes")
    bad(f"{fname}-object", fn, object(), TypeError, "object")
bad("category-text", ofc.category, "x", TypeError, "U1")
bad("to_cactus_rank-3-card", ofc.to_cactus_rank, ofc.strength(TOP_QQ5), ValueError,
    str(ofc.strength(TOP_QQ5)), "3-card")
bad("to_cactus_rank-3-card-item", ofc.to_cactus_rank, [ofc.STRENGTH_MAX, ofc.strength(TOP_QQ5)], ValueError,
    str(ofc.strength(TOP_QQ5)), "item 1:")
bad("describe-bad-text", ofc.describe, "Ah Ah Kd", ValueError, "twice", "Ah")
bad("describe-text-4", ofc.describe, "Ah Kd Qd Jd", ValueError, "got 4")
bad("describe-cyrillic", ofc.describe, "Ah Kd Q\u0441", ValueError, "Q\u0441")

# --- rules ---------------------------------------------------------------------
RULE_TAKERS: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
    "get_rules": (ofc.get_rules, ()),
    "analyze": (lambda r: ofc.analyze(B1, r), ()),
    "score": (lambda r: ofc.score(DEAL, r), ()),
    "score_matrix": (lambda r: ofc.score_matrix(DEAL, r), ()),
    **{f"Board.{m}": (method(m), ()) for m in ("analyze", "strength", "royalties", "fouled",
                                                "fantasyland", "stays")},
}
for fname, (fn, _) in RULE_TAKERS.items():
    for label, value, needle in (("int", 5, "5"), ("unknown-name", "nope", "'nope'"),
                                 ("None", None, "None"), ("float", 1.5, "1.5"),
                                 ("dict", {"name": "pineapple"}, "pineapple"),
                                 ("bytes", b"pineapple", "b'pineapple'"),
                                 ("class", ofc.Rules, "Rules")):
        # an unknown name is a bad value (ValueError), anything else a bad type
        exc = ValueError if label == "unknown-name" else TypeError
        bad(f"{fname}-rules-{label}", fn, value, exc, "rules", needle)
bad("with_stay-unknown", ofc.PINEAPPLE.with_stay, "nope", ValueError, "'nope'")
bad("with_stay-int", ofc.PINEAPPLE.with_stay, 5, TypeError, "5")
bad("with_stay-list", ofc.PINEAPPLE.with_stay, ["standard"], TypeError, "['standard']")
bad("with_stay-None", ofc.PINEAPPLE.with_stay, None, TypeError, "None")

# --- play_match: per-hand scores (..., hands, players) ----------------------
bad("play_match-not-zero-sum", ofc.play_match, [[5, -5], [3, -2]], ValueError, "hand 1", "[3, -2]")
bad("play_match-floats", ofc.play_match, [[1.5, -1.5]], TypeError, "float")
bad("play_match-1d", ofc.play_match, [1, -1], ValueError, "(2,)")
bad("play_match-5-players", ofc.play_match, [[1, -1, 0, 0, 0]], ValueError, "(1, 5)")
bad("play_match-None", ofc.play_match, None, TypeError, "object")
bad("play_match-rules", ofc.play_match, [[1, -1]], ValueError, "'nope'", more=("nope",))

replace = dataclasses.replace
RULE_FIELDS = [
    ("name", "", "name"), ("name", 5, "name"),
    ("scoop_bonus", -1, "-1"), ("scoop_bonus", 1.5, "1.5"), ("scoop_bonus", "3", "'3'"),
    ("scoop_bonus", None, "None"), ("scoop_bonus", True, "True"), ("scoop_bonus", 2**70, str(2**70)),
    ("top_pair", (0,) * 12, "top_pair"), ("top_pair", "a" * 13, "top_pair"),
    ("top_pair", None, "top_pair"), ("top_pair", (1.5,) * 13, "top_pair[0]"),
    ("top_pair", (0,) * 12 + (10**6,), "top_pair[12]"), ("top_pair", np.arange(13.0), "top_pair[0]"),
    ("top_pair", dict.fromkeys(range(13), 1), "top_pair"), ("top_pair", set(range(100, 113)), "top_pair"),
    ("middle", (0,) * 11, "middle"), ("bottom", (None,) * 10, "bottom[0]"),
    ("stay_top", 5, "stay_top"), ("stay_top", "x", "stay_top"), ("stay_top", True, "stay_top"),
    ("stay_middle", 10, "stay_middle"), ("stay_middle", -1, "stay_middle"),
    ("low", "yes", "low"), ("low", None, "low"),
    ("fl_low_mode", "x", "'x'"), ("fl_low_mode", [], "[]"),
    ("max_players", 5, "5"), ("min_players", 1, "1"),
    ("stay_cards", 12, "12"), ("stay_cards", 2**70, str(2**70)), ("stay_cards", 0, "stay_cards"),
    ("fl_top_pair", (12,) * 13, "fl_top_pair[0]"), ("fl_top_trips", (0,) * 12 + (300,), "fl_top_trips[12]"),
    ("rounds", 5, "5 x 2"), ("round_play", 0, "round_play"), ("first_round", 0, "first_round"),
    ("match_points", 0, "0"), ("low_nuts", 3, "low_nuts"), ("low_middle", (1,) * 13, "low_middle"),
]
for field, value, needle in RULE_FIELDS:
    needles = (needle, field) if field != "rounds" else (needle,)
    bad(f"Rules-{field}-{value!r}"[:80], replace, ofc.PINEAPPLE, ValueError, *needles, kw={field: value})
bad("Rules-low-stay_middle", replace, ofc.LOW, ValueError, "stay_middle", stay_middle=ofc.HandCategory.FULL_HOUSE)
bad("Rules-unknown-field", replace, ofc.PINEAPPLE, TypeError, "colour", colour="red")

# --- boards: parse_boards, Board, Board.parse -------------------------------------
bad("parse_boards-None", ofc.parse_boards, None, TypeError, "None")
bad("parse_boards-int", ofc.parse_boards, 5, TypeError, "int")
bad("parse_boards-bytes", ofc.parse_boards, B1_TEXT.encode(), TypeError, "bytes")
bad("parse_boards-list", ofc.parse_boards, [B1_TEXT], TypeError, "list")
bad("parse_boards-12", ofc.parse_boards, B1_TEXT[:-3], ValueError, "bottom row", "got 4")
bad("parse_boards-12-flat", ofc.parse_boards, B1_TEXT.replace("/", "")[:-3], ValueError, "got 12")
bad("parse_boards-14-flat", ofc.parse_boards, B1_TEXT.replace("/", "") + " As", ValueError, "got 14")
bad("parse_boards-top-4", ofc.parse_boards, "As " + B1_TEXT[:-3], ValueError, "top row", "got 4")
bad("parse_boards-4-rows", ofc.parse_boards, B1_TEXT + " / As", ValueError, "got 4")
bad("parse_boards-2-rows", ofc.parse_boards, "Qh Qd 2c / 5s 6s 7s 8s 9d", ValueError, "got 2")
bad("parse_boards-empty", ofc.parse_boards, "", ValueError, "got 0")
bad("parse_boards-empty-slot", ofc.parse_boards, B1_TEXT.replace("2d", "--"), ValueError, "bottom row", "'--'")
bad("parse_boards-garbage", ofc.parse_boards, B1_TEXT.replace("5s", "5x"), ValueError, "middle row", "'5x'")

bad("Board-None", ofc.Board, None, TypeError, "NoneType")
bad("Board-int", ofc.Board, 5, TypeError, "5")
bad("Board-0d", ofc.Board, np.array(5), TypeError, "()")
bad("Board-12", ofc.Board, B1[:12], ValueError, "12")
bad("Board-14", ofc.Board, np.append(B1, 51), ValueError, "14")
bad("Board-2d", ofc.Board, DEAL, ValueError, "(2, 13)")
bad("Board-float", ofc.Board, B1.astype(float), TypeError, "float64")
bad("Board-dup", ofc.Board, np.where(np.arange(13) == 12, B1[0], B1), ValueError, "twice",
    "top position 0", "bottom position 4")
bad("Board-54", ofc.Board, np.where(np.arange(13) == 4, 54, B1.astype(np.int64)), ValueError, "54",
    "middle position 1")   # 52, 53: a Board may hold jokers; its rules decide
bad("Board-52-describe", ofc.Board(np.where(np.arange(13) == 4, 52, B1)).describe, ofc.PINEAPPLE,
    ValueError, "holds jokers", "needs the rules", "pineapple has none")
bad("Board-53-describe-one-joker", ofc.Board(np.where(np.arange(13) == 4, 53, B1)).describe,
    Lazy(lambda: ofc.Rules(name="j1", jokers=1)), ValueError, "53", "middle position 1")
bad("Board-52-royalties", ofc.Board(np.where(np.arange(13) == 4, 52, B1)).royalties, ofc.PINEAPPLE,
    ValueError, "52", "middle position 1", "jokers=0")
bad("Board-minus-1", ofc.Board, np.where(np.arange(13) == 3, -1, B1.astype(np.int64)), ValueError,
    "empty slot", "middle position 0")
bad("Board-rows-short-top", ofc.Board, "Qh Qd", ValueError, "top row", "got 2",
    more=("5s 6s 7s 8s 9d", "Kc Kd Kh Ks 2d"))
bad("Board-rows-bad-code", ofc.Board, [1, 2, 54], ValueError, "54", "position 2",
    more=([3, 4, 5, 6, 7], [8, 9, 10, 11, 12]))
bad("Board-rows-dup", ofc.Board, [1, 2, 3], ValueError, "twice", "top position 2", "middle position 0",
    more=([3, 4, 5, 6, 7], [8, 9, 10, 11, 12]))
bad("Board-two-rows", ofc.Board, [1, 2, 3], TypeError, "top, middle and bottom", more=([4, 5, 6, 7, 8],))
bad("Board.parse-None", ofc.Board.parse, None, TypeError, "None")
bad("Board.parse-bytes", ofc.Board.parse, B1_TEXT.encode(), TypeError, "bytes")
bad("Board.parse-dup", ofc.Board.parse, B1_TEXT.replace("2d", "2c"), ValueError, "twice",
    "top position 2", "bottom position 4")
bad("Board.parse-cyrillic", ofc.Board.parse, B1_TEXT.replace("Kc", "K\u0441"), ValueError, "K\u0441")

# --- boards and deals: analyze, score, score_matrix -------------------------------
for fname, fn in BOARD_FUNCS.items():
    deal = fname != "analyze"
    one = DEAL if deal else B1
    lead = "deal" if deal else "board"
    who = "player 1, " if deal else ""
    big = "deals" if deal else "boards"
    last = (N_BIG - 3, 1, 10) if deal else (N_BIG - 3, 10)
    first = (0, 0, 0) if deal else (0, 0)
    for dtype, value, needle in ((np.int64, 52, "card code 52"), (np.int64, -2, "card code -2"),
                                 (np.int64, 2**31, f"card code {2**31}"), (np.uint8, 255, "empty slot"),
                                 (np.int16, -1, "empty slot"), (np.uint64, 2**64 - 1, str(2**64 - 1))):
        arr = one.astype(dtype)
        arr[(1, 9) if deal else (9,)] = value
        bad(f"{fname}-{np.dtype(dtype).name}-{value}", fn, arr, ValueError, needle,
            f"{who}bottom position 1")
    bad(f"{fname}-1M-uint8-52-near-end", fn, spoil(big, last, 52), ValueError, "52",
        f"{lead} {N_BIG - 3}, {who}bottom position 2")
    bad(f"{fname}-1M-int64-77-near-end", fn, spoil(big, last, 77, np.int64), ValueError, "77",
        f"{lead} {N_BIG - 3}, {who}bottom position 2")
    bad(f"{fname}-1M-uint8-255-at-start-workers2", fn, spoil(big, first, 255), ValueError, "empty slot",
        f"{lead} 0, {'player 0, ' if deal else ''}top position 0", workers=2)
    bad(f"{fname}-1M-dup-near-end", fn, dup(big, last, last[:-1] + (3,)),
        ValueError, "twice", f"{lead} {N_BIG - 3}, {who}middle position 0", f"{who}bottom position 2")
    # duplicates within a board
    arr = one.copy()
    arr[(0, 12) if deal else (12,)] = arr[(0, 0) if deal else (0,)]
    bad(f"{fname}-dup-in-board", fn, arr, ValueError, "twice", "top position 0", "bottom position 4")
    # wrong sizes and dimensions
    for size in (0, 4, 6, 12, 14, 26):
        shape = (2, 2, size) if deal else (2, size)
        bad(f"{fname}-last-dim-{size}", fn, np.zeros(shape, np.uint8), ValueError, f"dimension {size}")
    bad(f"{fname}-0d-array", fn, np.array(5), TypeError, "()")
    bad(f"{fname}-0d-int16-bad-code", fn, np.array(-5, np.int16), TypeError, "()")
    bad(f"{fname}-np.int64", fn, np.int64(5), TypeError, "int64")
    bad(f"{fname}-int", fn, 5, TypeError, "5")
    bad(f"{fname}-empty-list", fn, [], ValueError, "empty")
    bad(f"{fname}-ragged", fn, [B1, B1[:12]], ValueError, "12")
    # wrong types
    bad(f"{fname}-None", fn, None, TypeError, "NoneType")
    bad(f"{fname}-object", fn, object(), TypeError, "object")
    bad(f"{fname}-float-array", fn, one.astype(np.float32), TypeError, "float32")
    bad(f"{fname}-bool-array", fn, one.astype(bool), TypeError, "bool")
    bad(f"{fname}-bytes", fn, B1_TEXT.encode(), TypeError, "bytes")
    bad(f"{fname}-text-garbage", fn, [B1_TEXT, B2_TEXT.replace("Tc", "Tx")] if deal else
        B1_TEXT.replace("Kc", "Kx"), ValueError, "'Tx'" if deal else "'Kx'", "bottom row")
    # which board of a list (which player of a deal) holds the bad text
    bad(f"{fname}-text-garbage-in-list", fn, [B1_TEXT, B2_TEXT.replace("Tc", "Tx")], ValueError,
        "'Tx'", "bottom row", "player 1" if deal else "board 1")
    bad(f"{fname}-text-cyrillic", fn, [B1_TEXT, B2_TEXT.replace("Tc", "T\u0441")] if deal else
        B1_TEXT.replace("Kc", "K\u0441"), ValueError, "\u0441")
    for w, exc in ((0, ValueError), (2.0, TypeError), (None, TypeError), (False, TypeError)):
        bad(f"{fname}-workers-{w!r}", fn, one, exc, str(w), workers=w)

for fname, fn in DEAL_FUNCS.items():
    bad(f"{fname}-dup-across-players", fn, np.stack([B1, B1]), ValueError, "twice",
        "player 0, top position 0", "player 1, top position 0")
    cross = np.stack([B1, B2])
    cross[1, 7] = B1[5]
    bad(f"{fname}-dup-across-players-mid", fn, cross, ValueError, "twice",
        "player 0, middle position 2", "player 1, middle position 4")
    deals = np.stack([DEAL] * 5)
    deals[3, 1, 12] = deals[3, 0, 4]
    bad(f"{fname}-dup-across-players-batch", fn, deals, ValueError, "deal 3, player 0, middle position 1",
        "deal 3, player 1, bottom position 4")
    bad(f"{fname}-one-player", fn, B1[None], ValueError, "not 1")
    bad(f"{fname}-five-players", fn, np.zeros((5, 13), np.uint8), ValueError, "not 5")
    bad(f"{fname}-four-players-pineapple", fn, np.zeros((4, 13), np.uint8), ValueError, "not 4")
    bad(f"{fname}-four-players-low", fn, np.zeros((4, 13), np.uint8), ValueError, "not 4", more=(ofc.LOW,))
    bad(f"{fname}-zero-players", fn, np.zeros((3, 0, 13), np.uint8), ValueError, "not 0")
    bad(f"{fname}-one-board", fn, B1, ValueError, "(13,)")
    bad(f"{fname}-one-board-text", fn, B1_TEXT, ValueError, "(13,)")

bad("analyze-infl-float", ofc.analyze, np.stack([B1, B2]), TypeError, "float64", in_fantasyland=[1.0, 0.0])
bad("analyze-infl-text", ofc.analyze, B1, TypeError, "U3", in_fantasyland="yes")
bad("analyze-infl-None-items", ofc.analyze, np.stack([B1, B2]), TypeError, "object", in_fantasyland=[None, None])
bad("analyze-infl-shape", ofc.analyze, np.stack([B1, B2]), ValueError, "(3,)", "(2,)",
    in_fantasyland=[True, False, True])
bad("analyze-infl-2d", ofc.analyze, np.stack([B1, B2]), ValueError, "(2, 1)", in_fantasyland=[[True], [False]])


# --- jokers (issue 17): joker codes where the rules deal none, a third joker, 53 with jokers=1
_JK1 = dataclasses.replace(ofc.PINEAPPLE, name="jk1", jokers=1)
_JK2 = dataclasses.replace(ofc.PINEAPPLE, name="jk2", jokers=2)
_JB = list(range(12))
bad("strength-joker-no-rules", ofc.strength, [0, 1, 2, 3, 52], ValueError, "52", "a joker", "jokers=0")
bad("strength-joker-text-no-rules", ofc.strength, "Ah Kd X1", ValueError, "joker 'X1'", "jokers=0")
bad("strength-53-jokers1", ofc.strength, np.array([[0, 1, 2, 3, 53]]), ValueError, "53", "jokers=1",
    rules=_JK1)
bad("strength-third-joker", ofc.strength, np.array([[0, 1, 2, 52, 54]]), ValueError, "54", rules=_JK2)
bad("strength-joker-twice", ofc.strength, np.array([[0, 1, 2, 52, 52]], np.uint8), ValueError,
    "used twice", rules=_JK2)
bad("strength-rules-type", ofc.strength, "Ah Kd 2c", TypeError, "rules", rules="pineapple")
bad("analyze-joker-jokers0", ofc.analyze, np.array(_JB + [52]), ValueError, "52", "a joker", "jokers=0")
bad("analyze-joker-text-jokers0", ofc.analyze, "Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 3s", ValueError,
    "joker 'X1'")
bad("analyze-53-jokers1", ofc.analyze, np.array(_JB + [53], np.uint8), ValueError, "53", more=(_JK1,))
bad("analyze-third-joker", ofc.analyze, np.array(_JB[:10] + [52, 53, 54], np.uint8), ValueError, "54",
    more=(_JK2,))
bad("analyze-dead-no-jokers", ofc.analyze, np.arange(13), ValueError, "dead", dead=[20])
bad("score-joker-twice", ofc.score, np.array([[52] + _JB, [52] + list(range(12, 24))], np.uint8),
    ValueError, "used twice", more=(_JK2,))
bad("score-joker-jokers0", ofc.score, np.array([[52] + _JB, list(range(12, 25))], np.uint8),
    ValueError, "52", "jokers=0")
# a generic joker leaves the jokers its board or deal names to them: none may be left for it
_XJ_DEAL = ["Xj Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", "2c 3c 4c / 8d 9h Td Jd X1 / Ac Ad Ah As 3h"]
bad("cards-generic-joker-named-later-jokers1", ofc.cards, "Xj As X1", ValueError, "joker 'Xj' in 'Xj As X1'",
    "no joker is left", "X1 is already there", jokers=1)
bad("cards-generic-joker-list-named-later-jokers1", ofc.cards, ["Xj", "As", "X1"], ValueError, "position 0",
    "joker 'Xj'", "no joker is left", jokers=1)
bad("cards-generic-joker-named-X1-X2", ofc.cards, "Xj X1 X2", ValueError, "joker 'Xj'", "X1 and X2", jokers=2)
bad("analyze-generic-joker-named-later-row", ofc.analyze, "Xj Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh X1 2d",
    ValueError, "top row: joker 'Xj' in 'Xj Qd 2c'", "no joker is left", more=(_JK1,))
bad("Board-generic-joker-rows-X1-X2", ofc.Board, "Xj Qd 2c", ValueError, "top row", "joker 'Xj'", "X1 and X2",
    more=("5s 6s 7s 8s X2", "Kc Kd Kh X1 2d"))
bad("score-generic-joker-named-later-board", ofc.score, _XJ_DEAL, ValueError,
    "player 0, top row: joker 'Xj' in 'Xj Qd 2c'", "no joker is left", "X1 is already there", more=(_JK1,))
bad("score_matrix-generic-joker-named-later-board", ofc.score_matrix,
    [_XJ_DEAL[0].replace(" /", "").split(), _XJ_DEAL[1]],
    ValueError, "player 0: position 0: joker 'Xj'", "no joker is left", more=(_JK1,))
# the other entry points that take jokers (rules=): each refuses 52 where the rules deal none,
# 53 under jokers=1, a third joker (54), naming the value and where it was
_JH7 = [0, 5, 10, 15, 20, 25]
for fname, call in {
    "best_hand": lambda h, **kw: ofc.best_hand(h, 3, **kw),
    "subset_strengths": lambda h, **kw: ofc.subset_strengths(h, 3, **kw),
    "partial_strength": lambda h, **kw: ofc.partial_strength(h[:2] + [255, 255, 255], **kw),
    "lowball27": lambda h, **kw: ofc.lowball27(h[:5], **kw),
}.items():
    bad(f"{fname}-joker-jokers0", call, [52] + _JH7, ValueError, "52", "jokers=0")
    bad(f"{fname}-53-jokers1", call, [53] + _JH7, ValueError, "53", "jokers=1", rules=_JK1)
    bad(f"{fname}-third-joker", call, [54, 52] + _JH7, ValueError, "54", rules=_JK2)
bad("describe-joker-no-rules", ofc.describe, "Ah Kd X1", ValueError, "joker 'X1'", "jokers=0")
bad("describe-53-jokers1", ofc.describe, "Ah X1 X2", ValueError, "X2", "jokers=1", rules=_JK1)
bad("royalty-joker-jokers0", ofc.royalty, [0, 5, 52], ValueError, "52", "jokers=0", more=("top",))
bad("royalty-53-jokers1", ofc.royalty, [0, 5, 53], ValueError, "53", "jokers=1", more=("top", _JK1))
bad("royalty-third-joker", ofc.royalty, [0, 54, 53], ValueError, "54", more=("top", _JK2))
bad("score_details-joker-jokers0", ofc.score_details, np.array([[52] + _JB, list(range(12, 25))], np.uint8),
    ValueError, "52", "jokers=0")
bad("score_details-53-jokers1", ofc.score_details, np.array([[53] + _JB, list(range(12, 25))], np.uint8),
    ValueError, "53", more=(_JK1,))
bad("score_details-joker-twice", ofc.score_details,
    np.array([[52] + _JB, [52] + list(range(12, 24))], np.uint8), ValueError, "used twice", more=(_JK2,))
bad("rules-jokers-3", dataclasses.replace, ofc.PINEAPPLE, ValueError, "jokers", kw={"name": "x", "jokers": 3})
bad("rules-joker-pool", dataclasses.replace, ofc.PINEAPPLE, ValueError, "joker_pool",
    kw={"name": "x", "joker_pool": "all"})

# --- ranks, strength_table, best_hand, subset_strengths, partial rows, royalty,
# --- score_details, find_duplicates (issue 10) -------------------------------------
for value in (0, -1, ofc.STRENGTH_FIVE_MAX + 1, 2**70):
    bad(f"ranks-{value}", ofc.ranks, value, ValueError, str(value))
bad("ranks-array-0", ofc.ranks, np.array([5, 0]), ValueError, "item 1", "0")
bad("ranks-float", ofc.ranks, 5.0, TypeError, "float")
bad("ranks-None", ofc.ranks, None, TypeError, "None")
bad("strength_table-arg", ofc.strength_table, "x", TypeError, "")
for fname, fn in {"best_hand": ofc.best_hand, "subset_strengths": ofc.subset_strengths}.items():
    bad(f"{fname}-k-4", fn, "Ah Kd Qc Js Th 9h", ValueError, "3 or 5", "4", more=(4,))
    bad(f"{fname}-k-bool", fn, "Ah Kd Qc Js Th 9h", ValueError, "3 or 5", "True", more=(True,))
    bad(f"{fname}-k-str", fn, "Ah Kd Qc Js Th 9h", ValueError, "3 or 5", "'5'", more=("5",))
    bad(f"{fname}-4-cards", fn, "Ah Kd Qc Js", ValueError, "5 to 52", "got 4")
    bad(f"{fname}-2-cards-k3", fn, "Ah Kd", ValueError, "3 to 52", "got 2", more=(3,))
    bad(f"{fname}-dup", fn, "Ah Kd Qc Js Ah 9h", ValueError, "twice", "Ah", "at position 0 and at position 4")
    bad(f"{fname}-dup-array", fn, np.array([[0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 0]]), ValueError,
        "hand 1", "twice", "at position 0 and at position 5")
    bad(f"{fname}-code-52", fn, [0, 1, 2, 3, 52, 5], ValueError, "52", "position 4")
    bad(f"{fname}-array-code--1", fn, np.array([[0, 1, 2, 3, 4, -1]]), ValueError, "-1", "hand 0, position 5")
    bad(f"{fname}-empty-slot", fn, "Ah Kd Qc Js -- 9h", ValueError, "'--'")
    bad(f"{fname}-float-array", fn, np.zeros((2, 6)), TypeError, "float64")
    bad(f"{fname}-bool-array", fn, np.zeros((2, 6), bool), TypeError, "bool")
    bad(f"{fname}-None", fn, None, TypeError, "None")
    bad(f"{fname}-int", fn, 5, TypeError, "single value")
    bad(f"{fname}-bytes", fn, b"AhKdQcJsTh9h", TypeError, "bytes")
    bad(f"{fname}-workers-0", fn, "Ah Kd Qc Js Th 9h", ValueError, "0", workers=0)
    bad(f"{fname}-workers-str", fn, "Ah Kd Qc Js Th 9h", TypeError, "'2'", workers="2")
bad("partial_strength-6-cards", ofc.partial_strength, "Ah Kd Qc Js Th 9h", ValueError, "at most 5", "6")
bad("partial_strength-dup", ofc.partial_strength, "Ah Kd Ah", ValueError, "twice", "Ah",
    "at position 0 and at position 2")
bad("partial_strength-dup-array", ofc.partial_strength, np.array([[0, 1, 255], [4, 255, 4]]), ValueError,
    "row 1", "twice", "at position 0 and at position 2")
bad("partial_strength-code-52", ofc.partial_strength, [0, 52], ValueError, "52", "position 1")
bad("partial_strength-float-array", ofc.partial_strength, np.zeros((2, 3)), TypeError, "float64")
bad("partial_strength-None", ofc.partial_strength, None, TypeError, "None")
bad("partial_strength-int", ofc.partial_strength, 5, TypeError, "single value")
bad("partial_strength-bytes", ofc.partial_strength, b"AhKd", TypeError, "bytes")
bad("partial_strength-workers-0", ofc.partial_strength, "Ah Kd", ValueError, "0", workers=0)
bad("partial_strength-dup-1M-near-end", ofc.partial_strength, dup("hands5", (N_BIG - 2, 4), (N_BIG - 2, 0)),
    ValueError, f"row {N_BIG - 2}", "twice", "at position 0 and at position 4")
bad("royalty-row-name", ofc.royalty, "Qh Qd 5c", ValueError, "'left'", more=("left",))
bad("royalty-row-name-int", ofc.royalty, "Qh Qd 5c", ValueError, "0", more=(0,))
bad("royalty-top-5-cards", ofc.royalty, "Qh Qd 5c 4s 3s", ValueError, "top row has 3 cards", "got 5",
    more=("top",))
bad("royalty-middle-3-cards", ofc.royalty, "Qh Qd 5c", ValueError, "middle row has 5 cards", "got 3",
    more=("middle",))
bad("royalty-array-wrong-size", ofc.royalty, np.zeros((2, 3), np.uint8), ValueError, "got 3",
    more=("bottom",))
bad("royalty-dup", ofc.royalty, "Qh Qd Qh", ValueError, "twice", more=("top",))
bad("royalty-rules", ofc.royalty, "Qh Qd 5c", ValueError, "'holdem'", more=("top", "holdem"))
bad("royalty-int", ofc.royalty, 5, TypeError, "single value", more=("top",))
bad("royalty-None", ofc.royalty, None, TypeError, "None", more=("top",))
bad("score_details-dup-in-deal", ofc.score_details, [B1_TEXT, B1_TEXT], ValueError, "twice")
bad("score_details-one-board", ofc.score_details, B1, ValueError, "(13,)")
bad("score_details-5-players", ofc.score_details, np.zeros((5, 13), np.uint8), ValueError, "5")
bad("score_details-rules", ofc.score_details, DEAL, ValueError, "'holdem'", more=("holdem",))
bad("score_details-None", ofc.score_details, None, TypeError, "None")
bad("find_duplicates-None", ofc.find_duplicates, None, TypeError, "None")
bad("find_duplicates-int", ofc.find_duplicates, 5, TypeError, "single value")
bad("find_duplicates-float-array", ofc.find_duplicates, np.zeros((2, 13)), TypeError, "float64")
bad("find_duplicates-code-60", ofc.find_duplicates, [[0, 1, 60]], ValueError, "60", "hand 0, position 2")
bad("find_duplicates-joker-no-rules", ofc.find_duplicates, ["Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 2s"],
    ValueError, "'X1'", "jokers=0")
bad("find_duplicates-rules-name", ofc.find_duplicates, [[0, 1, 2]], ValueError, "'nope'", more=("nope",))


# --- issue 11: classes numpy would misread, and clearer places -------------------
# bytes-like (their byte values), dicts (their keys), sets (no order), masked
# arrays (masked values read too), datetime64 / timedelta64 (numpy integers),
# bools and object arrays: refused by every function taking cards, boards or
# strengths, whatever the container.
MASKED_HAND = np.ma.masked_array(np.array([0, 5, 10, 15, 20], np.uint8), mask=[0, 0, 0, 0, 1])
ODD_CARDS: dict[str, tuple[Any, type[BaseException], tuple[str, ...]]] = {
    "bytearray": (bytearray(b"Ah Kd"), TypeError, ("bytearray",)),
    "memoryview": (memoryview(b"\x00\x01\x02\x03\x04"), TypeError, ("memoryview",)),
    "dict": ({0: "Ah", 1: "Kd", 2: "Qc"}, TypeError, ("dict",)),
    "dict-of-ints": ({0: 1, 1: 2, 2: 3, 3: 4, 4: 5}, TypeError, ("dict",)),
    "set": ({0, 5, 10, 15, 20}, TypeError, ("set",)),
    "frozenset": (frozenset({0, 5, 10}), TypeError, ("frozenset",)),
    "masked": (MASKED_HAND, TypeError, ("masked",)),
    "timedelta": (np.timedelta64(5), TypeError, ("timedelta",)),
    "timedelta-array": (np.arange(5).astype("timedelta64[s]"), TypeError, ("timedelta64",)),
    "datetime-array": (np.arange(5).astype("datetime64[D]"), TypeError, ("datetime64",)),
    "timedelta-in-list": ([0, 5, np.timedelta64(10), 15, 20], TypeError, ("timedelta", "position 2")),
    "bool-in-list": ([0, 5, True, 15, 20], TypeError, ("True", "position 2")),
    "object-array": (np.array([0, 5, 10, 15, 20], dtype=object), TypeError, ("object",)),
}
for fname, fn in {**HAND_FUNCS, "cards": ofc.cards, "to_cactus": ofc.to_cactus}.items():
    for kind, (value, exc, needles) in ODD_CARDS.items():
        if fname == "cards" and kind in ("object-array",):
            continue   # an object array of ints is read item by item by cards()
        bad(f"{fname}-odd-{kind}", fn, value, exc, *needles)
for kind in ("bytearray", "memoryview", "dict", "set", "masked", "timedelta", "timedelta-array"):
    value, exc, needles = ODD_CARDS[kind]
    bad(f"card_str-odd-{kind}", ofc.card_str, value, exc, *needles)
    bad(f"from_cactus-odd-{kind}", ofc.from_cactus, value, exc, *needles)
bad("from_cactus-bool-in-list", ofc.from_cactus, [AS_CACTUS, True], TypeError, "True", "position 1")
bad("card-bytearray", ofc.card, bytearray(b"As"), TypeError, "bytearray")
bad("card-memoryview", ofc.card, memoryview(b"As"), TypeError, "memoryview")

ODD_STRENGTHS: dict[str, tuple[Any, type[BaseException], tuple[str, ...]]] = {
    "bool-in-list": ([1, True], TypeError, ("item 1", "True")),
    "bool-nested": ([[1, 2], [3, True]], TypeError, ("item (1, 1)", "True")),
    "np-bool-in-list": ([1, np.True_], TypeError, ("item 1", "True")),
    "bytearray": (bytearray(b"Ah"), TypeError, ("bytearray",)),
    "memoryview": (memoryview(b"Ah"), TypeError, ("memoryview",)),
    "dict": ({0: 5, 1: 6}, TypeError, ("dict",)),
    "set": ({5, 6}, TypeError, ("set",)),
    "masked": (np.ma.masked_array([5, 6], mask=[0, 1]), TypeError, ("masked",)),
    "timedelta": (np.timedelta64(5), TypeError, ("timedelta",)),
    "timedelta-in-list": ([5, np.timedelta64(6)], TypeError, ("item 1", "timedelta")),
    "timedelta-array": (np.array([5, 6]).astype("timedelta64[s]"), TypeError, ("timedelta64",)),
    "ragged": ([[1, 2], [3]], ValueError, ("row 1 has 1 item", "row 0 has 2")),
}
for fname, fn in (("category", ofc.category), ("describe", ofc.describe), ("to_cactus_rank", ofc.to_cactus_rank)):
    for kind, (value, exc, needles) in ODD_STRENGTHS.items():
        bad(f"{fname}-odd-{kind}", fn, value, exc, *needles)

B1_MASKED = np.ma.masked_array(B1, mask=np.arange(13) == 12)
for fname, fn in BOARD_FUNCS.items():
    one = DEAL if fname in DEAL_FUNCS else B1
    bad(f"{fname}-odd-masked", fn, np.ma.masked_array(one), TypeError, "masked")
    bad(f"{fname}-odd-bytes-like", fn, bytearray(bytes(one.reshape(-1))), TypeError, "bytearray")
    bad(f"{fname}-odd-memoryview", fn, memoryview(bytes(one.reshape(-1))), TypeError, "memoryview")
    bad(f"{fname}-odd-dict", fn, {i: int(c) for i, c in enumerate(one.reshape(-1))}, TypeError, "dict")
    bad(f"{fname}-odd-set", fn, set(B1.tolist()), TypeError, "set")
    bad(f"{fname}-odd-timedelta-array", fn, one.astype("timedelta64[s]"), TypeError, "timedelta64")
    bad(f"{fname}-odd-timedelta-in-list", fn, [np.timedelta64(int(c)) for c in B1], TypeError,
        "timedelta", "position 0")
bad("analyze-13-ints-huge-last", ofc.analyze, B1.tolist()[:12] + [2**70], ValueError,
    str(2**70), "bottom position 4")
bad("analyze-13-ints-huge-negative-top", ofc.analyze, [-(2**70)] + B1.tolist()[1:], ValueError,
    str(-(2**70)), "top position 0")
bad("analyze-infl-masked", ofc.analyze, B1, TypeError, "masked", "in_fantasyland",
    in_fantasyland=np.ma.masked_array([True], mask=[True]))
bad("analyze-infl-dict", ofc.analyze, B1, TypeError, "dict", "in_fantasyland", in_fantasyland={0: True})
for kind, value in (("masked", B1_MASKED), ("bytearray", bytearray(bytes(B1))), ("set", set(B1.tolist())),
                    ("timedelta", B1.astype("timedelta64[s]"))):
    bad(f"Board-odd-{kind}", ofc.Board, value, TypeError, kind.replace("timedelta", "timedelta64"))
bad("Board-rows-dict", ofc.Board, {0: 1, 1: 2, 2: 3}, TypeError, "dict", more=(B1[3:8], B1[8:]))
bad("Board.parse-bytearray", ofc.Board.parse, bytearray(B1_TEXT.encode()), TypeError, "bytearray")
bad("parse_boards-bytearray", ofc.parse_boards, bytearray(B1_TEXT.encode()), TypeError, "bytearray")

# empty text items, ragged lists and long text: the message names the place
bad("cards-empty-text-item", ofc.cards, ["Ah Kd", ""], ValueError, "position 1", "empty text")
bad("cards-blank-text-item", ofc.cards, ["Ah", "  ", "Kd"], ValueError, "position 1", "empty text")
bad("strength-empty-text-item", ofc.strength, ["Ah Kd Qc", ""], ValueError, "position 1", "empty text")
bad("cards-ragged-rows", ofc.cards, [[0, 1, 2], [3, 4, 5], [6, 7]], ValueError, "row 2 has 2 items",
    "row 0 has 3")
bad("cards-ragged-deep", ofc.cards, [[[0, 1]], [[2], [3]]], ValueError, "row 1 has 2 items", "row 0 has 1")
bad("cards-ragged-mixed-depth", ofc.cards, [[0, 1], 2], ValueError, "row 1 has a single value")
bad("lowball27-ragged-last-row", ofc.lowball27, [[0, 1, 2, 3, 4]] * 3 + [[5, 6, 7, 8]], ValueError,
    "row 3 has 4 items", "row 0 has 5")
LONG_TEXT = "Zz" * 50_000
for fname, fn in (("cards", ofc.cards), ("strength", ofc.strength), ("card", ofc.card),
                  ("parse_boards", ofc.parse_boards), ("analyze", ofc.analyze), ("Board.parse", ofc.Board.parse)):
    bad(f"{fname}-long-text-shortened", fn, LONG_TEXT, ValueError, "ZzZz", "...")

# play_match: empty, overflow, bad start
bad("play_match-empty-list", ofc.play_match, [], ValueError, "no scores")
bad("play_match-int64-overflow", ofc.play_match, [[2**63 - 1, 2**63 - 1, 2]], ValueError,
    str(2**63 - 1), "hand 0")
bad("play_match-uint64-overflow", ofc.play_match, np.array([[2**63, 2**63]], np.uint64), ValueError,
    str(2**63), "hand 0")
bad("play_match-python-int-overflow", ofc.play_match, [[2**70, -(2**70)]], ValueError, str(2**70))
bad("play_match-bool-scores", ofc.play_match, np.array([[True, False]]), TypeError, "bool")
bad("play_match-masked", ofc.play_match, np.ma.masked_array([[1, -1]]), TypeError, "masked")
bad("play_match-ragged", ofc.play_match, [[1, -1], [2, -2, 0]], ValueError, "rectangular")
bad("play_match-start-float", ofc.play_match, [[1, -1]], TypeError, "start", "float64", start=[1.5, 2.5])
bad("play_match-start-text", ofc.play_match, [[1, -1]], TypeError, "start", start="100")
bad("play_match-start-bool", ofc.play_match, [[1, -1]], TypeError, "start", "bool", start=True)
bad("play_match-start-None-items", ofc.play_match, [[1, -1]], TypeError, "start", start=[None, None])
bad("play_match-start-shape", ofc.play_match, [[1, -1]], ValueError, "start", "(3,)", "(2,)",
    start=[1, 2, 3])
bad("play_match-start-huge", ofc.play_match, [[1, -1]], ValueError, "start", str(2**40), start=[2**40, 5])
bad("play_match-start-python-huge", ofc.play_match, [[1, -1]], ValueError, "start", str(2**70),
    start=[2**70, 5])
bad("play_match-start-empty", ofc.play_match, [[1, -1]], ValueError, "start", start=[])
bad("Rules-match_points-2**63", replace, ofc.PINEAPPLE, ValueError, "match_points", str(2**63),
    match_points=2**63)
bad("Rules-scoop-royalties-overflow", replace, ofc.ORIGINAL, ValueError, "scoop_bonus", "max_players",
    "int32", top_pair=(32_767,) * 13, top_trips=(32_767,) * 13, middle=(32_767,) * 10,
                     bottom=(32_767,) * 10, scoop_bonus=2**30)
bad("Rules-royalty-int16", replace, ofc.PINEAPPLE, ValueError, "bottom[9]", "32768",
    bottom=(0,) * 9 + (32_768,))
bad("Rules-timedelta-field", replace, ofc.PINEAPPLE, ValueError, "scoop_bonus", scoop_bonus=np.timedelta64(3))

# the compiled bindings (ofc_fast._core, typed in _core.pyi): None buffers,
# ranges past the arrays, wrong shapes and tables refused, never read past
_H5 = np.tile(np.arange(5, dtype=np.uint8), (4, 1))
_OUT = np.empty(4, dtype=np.uint16)
_BOARDS = np.tile(np.arange(13, dtype=np.uint8), (1000, 1))
_DEALS = np.tile(np.arange(26, dtype=np.uint8), (10, 1))


def _analysis_out(n: int) -> tuple[np.ndarray, ...]:
    return (np.empty(n, np.uint8), np.empty((n, 3), np.uint16), np.empty((n, 3), np.int16),
            np.empty(n, np.uint8), np.empty(n, np.uint8))


def _analyze_rows(tables: Any = "pineapple", boards: Any = _BOARDS, infl: Any = None,
                  out: Any = None, start: int = 0, stop: int = 1000) -> int:
    t = ofc.get_rules(tables).tables if isinstance(tables, str) else tables
    return _core.analyze_rows(t, boards, infl, *(out if out is not None else _analysis_out(1000)),
                              start, stop)


def _score_rows(tables: Any = "pineapple", deals: Any = _DEALS, players: int = 2, net: Any = "make",
                matrix: Any = None, start: int = 0, stop: int = 10) -> int:
    t = ofc.get_rules(tables).tables if isinstance(tables, str) else tables
    net = np.empty((10, 2), np.int32) if isinstance(net, str) else net
    return _core.score_rows(t, deals, players, net, matrix, start, stop)


def _tables(_: Any = None, **changes: Any) -> Any:
    return _core.RuleTables({**ofc.PINEAPPLE._spec(), **changes})

for fname, fn in (("_core.strength_rows", _core.strength_rows), ("_core.lowball27_rows", _core.lowball27_rows)):
    bad(f"{fname}-out-None", fn, _H5, TypeError, "out", "None", more=(None, 0, 1))
    bad(f"{fname}-cards-None", fn, None, TypeError, "cards", "None", more=(_OUT, 0, 1))
    bad(f"{fname}-stop-past-end", fn, _H5[:1], IndexError, "[0, 10000000)", "1 hands",
        more=(_OUT, 0, 10**7))
    bad(f"{fname}-negative-start", fn, _H5, IndexError, "-100000", more=(_OUT, -100000, 1))
    bad(f"{fname}-short-out", fn, _H5, ValueError, "2 rows", "4 hands", more=(_OUT[:2], 0, 4))
    bad(f"{fname}-4-cards", fn, np.zeros((2, 4), np.uint8), ValueError, "4", more=(_OUT, 0, 2))
    bad(f"{fname}-int64-cards", fn, _H5.astype(np.int64), ValueError, "dtype", more=(_OUT, 0, 1))
    bad(f"{fname}-int32-out", fn, _H5, ValueError, "dtype", more=(np.empty(4, np.int32), 0, 1))
bad("_core.lowball27_rows-3-cards", _core.lowball27_rows, np.zeros((2, 3), np.uint8), ValueError, "3",
    more=(_OUT, 0, 2))
bad("_core.analyze_rows-tables-None", _analyze_rows, None, TypeError, "rules", "NoneType")
bad("_core.analyze_rows-tables-Rules", _analyze_rows, ofc.PINEAPPLE, TypeError, "rules", "Rules")
bad("_core.analyze_rows-tables-uninitialised", _analyze_rows, _core.RuleTables.__new__(_core.RuleTables),
    ValueError, "not initialised")
bad("_core.analyze_rows-boards-None", _analyze_rows, "pineapple", TypeError, "boards", "None",
    boards=None)
bad("_core.analyze_rows-fouled-None", _analyze_rows, "pineapple", TypeError, "fouled", "None",
    out=(None,) + _analysis_out(1000)[1:])
bad("_core.analyze_rows-stays-None", _analyze_rows, "pineapple", TypeError, "stays", "None",
    out=_analysis_out(1000)[:4] + (None,))
bad("_core.analyze_rows-in-fantasyland-short", _analyze_rows, "pineapple", ValueError, "1 flags", "1000 boards",
    infl=np.ones(1, np.uint8))
bad("_core.analyze_rows-short-outputs", _analyze_rows, "pineapple", ValueError, "10 rows",
    out=_analysis_out(10))
bad("_core.analyze_rows-stop-past-end", _analyze_rows, "pineapple", IndexError, "1001", stop=1001)
bad("_core.analyze_rows-negative-start", _analyze_rows, "pineapple", IndexError, "-5", start=-5)
bad("_core.analyze_rows-12-cards", _analyze_rows, "pineapple", ValueError, "13 cards",
    boards=np.zeros((1000, 12), np.uint8))
bad("_core.analyze_rows-strength-2-columns", _analyze_rows, "pineapple", ValueError, "3 columns",
    out=(np.empty(1000, np.uint8), np.empty((1000, 2), np.uint16), np.empty((1000, 3), np.int16),
                 np.empty(1000, np.uint8), np.empty(1000, np.uint8)))
bad("_core.score_rows-tables-None", _score_rows, None, TypeError, "rules", "NoneType")
bad("_core.score_rows-deals-None", _score_rows, "pineapple", TypeError, "deals", "None", deals=None)
bad("_core.score_rows-short-net", _score_rows, "pineapple", ValueError, "1 rows", "10 deals",
    net=np.empty((1, 2), np.int32))
bad("_core.score_rows-net-columns", _score_rows, "pineapple", ValueError, "got 1",
    net=np.empty((10, 1), np.int32))
bad("_core.score_rows-matrix-columns", _score_rows, "pineapple", ValueError, "got 2",
    net=None, matrix=np.empty((10, 2), np.int32))
bad("_core.score_rows-stop-past-end", _score_rows, "pineapple", IndexError, "11", stop=11)
bad("_core.score_rows-negative-start", _score_rows, "pineapple", IndexError, "-1", start=-1)
bad("_core.score_rows-5-players", _score_rows, "pineapple", ValueError, "2 to 4", players=5)
bad("_core.RuleTables-fl-count-300", _tables, None, ValueError, "rejected",
    fl_top_trips=(300,) * 13, more=())
bad("_core.RuleTables-stay-cards-256", _tables, None, ValueError, "rejected", stay_cards=256, more=())
bad("_core.RuleTables-fl-both-negative", _tables, None, ValueError, "rejected", low=1, fl_low_both=-1,
    stay_middle=-1, more=())
bad("_core.RuleTables-short-table", _tables, None, ValueError, "top_pair", "13", top_pair=(0,) * 5, more=())
bad("_core.RuleTables-missing-field", _core.RuleTables, {"low": 0}, KeyError, "top_pair")
bad("_core.RuleTables-not-a-dict", _core.RuleTables, None, TypeError, "dict")
bad("_core.RuleTables-stay-mode-3", _tables, None, ValueError, "rejected", stay_cards_mode=3, more=())
bad("_solve.solve_rows-tables-uninitialised", _solve.solve_rows,
    _core.RuleTables.__new__(_core.RuleTables), ValueError, "not initialised",
    more=(np.zeros((1, 13), np.uint8), 0.0, np.zeros((1, 13), np.uint8), np.zeros((1, 0), np.uint8),
          np.zeros((1, 3), np.int16), np.zeros(1, np.uint8), np.zeros(1, np.uint8), np.zeros(1), 0, 1))



# --- solve_fantasyland: hands of 13 to 17 cards -------------------------------------
FL14 = "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd"
FL_HANDS = _hands(40, 14, 9)
for k in (0, 3, 5, 12, 18, 26):
    bad(f"solve_fantasyland-{k}-cards", ofc.solve_fantasyland, np.zeros((2, k), np.uint8), ValueError,
        f"got {k}")
bad("solve_fantasyland-text-12", ofc.solve_fantasyland, "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c", ValueError,
    "got 12")
bad("solve_fantasyland-text-dup", ofc.solve_fantasyland, FL14 + " Qd", ValueError, "twice", "Qd",
    "at position 13 and at position 14")
bad("solve_fantasyland-text-unknown", ofc.solve_fantasyland, FL14[:-2] + "Qx", ValueError, "Qx")
bad("solve_fantasyland-list-52", ofc.solve_fantasyland, list(range(13)) + [52], ValueError, "52", "position 13")
for dtype, value in ((np.int64, -1), (np.uint8, 52), (np.uint8, 255), (np.int32, 2**31 - 1)):
    arr = FL_HANDS.astype(dtype)
    arr[37, 11] = value
    bad(f"solve_fantasyland-array-{np.dtype(dtype).name}-{value}", ofc.solve_fantasyland, arr, ValueError,
        str(value), "hand 37, position 11")
dup_hands = FL_HANDS.copy()
dup_hands[29, 13] = dup_hands[29, 2]
for w in (1, 2):
    bad(f"solve_fantasyland-array-dup-workers{w}", ofc.solve_fantasyland, dup_hands, ValueError, "hand 29",
        "twice", "at position 2 and at position 13", workers=w)
bad("solve_fantasyland-float", ofc.solve_fantasyland, FL_HANDS.astype(np.float64), TypeError, "float64")
bad("solve_fantasyland-None", ofc.solve_fantasyland, None, TypeError, "None")
bad("solve_fantasyland-int", ofc.solve_fantasyland, 5, TypeError, "single value")
bad("solve_fantasyland-rules", ofc.solve_fantasyland, FL14, ValueError, "'nope'", more=("nope",))
for label, value, exc, needle in (("nan", float("nan"), ValueError, "nan"),
                                  ("inf", float("inf"), ValueError, "inf"),
                                  ("bool", True, TypeError, "True"), ("text", "20", TypeError, "'20'"),
                                  ("None", None, TypeError, "None"),
                                  ("mapping-missing", {15: 1.0}, ValueError, "14 cards"),
                                  ("mapping-text", {14: "x"}, TypeError, "stay_value[14]")):
    bad(f"solve_fantasyland-stay_value-{label}", ofc.solve_fantasyland, FL14, exc, "stay_value", needle,
        stay_value=value)
# jokers in a Fantasyland hand: refused where the rules deal none or fewer
_FLJ = [51, 47, 43, 39, 52, 30, 29, 28, 2, 1, 12, 16, 20, 41]
bad("solve_fantasyland-joker-jokers0", ofc.solve_fantasyland, _FLJ, ValueError, "52", "position 4", "jokers=0")
bad("solve_fantasyland-joker-text-jokers0", ofc.solve_fantasyland, "As Ks Qs Js X1 9h 9d 9c 2h 2d 5c 6c 7c Qd",
    ValueError, "joker 'X1'", "jokers=0")
bad("solve_fantasyland-53-jokers1", ofc.solve_fantasyland, np.array([_FLJ[:4] + [53] + _FLJ[5:]]), ValueError,
    "53", "hand 0, position 4", "jokers=1", more=(_JK1,))
bad("solve_fantasyland-joker-twice", ofc.solve_fantasyland, np.array([_FLJ, _FLJ[:13] + [52]]), ValueError,
    "hand 1", "twice", "position 4 and at position 13", more=(_JK2,), workers=2)
bad("solve_fantasyland-third-joker", ofc.solve_fantasyland, _FLJ[:13] + [54], ValueError, "54",
    "position 13", more=(_JK2,))
bad("_core.RuleTables-joker-spec", _core.RuleTables, _JK2._spec(), ValueError, "bad joker spec",
    more=((2, 9, 0, 0, 0, 0, 0),))
bad("_core.RuleTables-joker-spec-short", _core.RuleTables, _JK2._spec(), ValueError, "7 ints", more=((2, 0),))
# house rules: in_fantasyland counts (stay_cards_mode "current") and stay values keyed by them
_KEEP = ofc.HOUSE_RULES["progressive_keep"]
bad("analyze-infl-count-12", ofc.analyze, np.stack([B1, B2]), ValueError, "in_fantasyland[1] = 12", "13..",
    more=(_KEEP,), in_fantasyland=[14, 12])
bad("analyze-infl-count-300", ofc.analyze, B1, ValueError, "in_fantasyland = 300", more=(_KEEP,),
    in_fantasyland=300)
bad("analyze-infl-count-negative", ofc.analyze, np.stack([B1, B2]), ValueError, "in_fantasyland[0] = -1",
    more=(_KEEP,), in_fantasyland=np.array([-1, 0]))
bad("Board.fantasyland-count-2", method("fantasyland"), _KEEP, ValueError, "in_fantasyland", "= 2",
    more=(2,))
bad("Rules.stay_cards_for-0", _KEEP.stay_cards_for, 0, ValueError, "0", "does not stay")
bad("Rules.stay_cards_for-12", _KEEP.stay_cards_for, 12, ValueError, "in_fantasyland = 12")
bad("Rules.stay_cards_for-float", _KEEP.stay_cards_for, 14.0, TypeError, "float", "in_fantasyland")
bad("solve_fantasyland-stay_value-kept-count-missing", ofc.solve_fantasyland,
    FL14 + " 2c", ValueError, "no entry for 15 cards", "stay_cards_for(15)", more=(_KEEP,),
    stay_value={14: 10.0})
bad("solve_fantasyland-workers-0", ofc.solve_fantasyland, FL14, ValueError, "workers", workers=0)
bad("solve_fantasyland-workers-float", ofc.solve_fantasyland, FL14, TypeError, "workers", workers=1.5)
# solve_fantasyland(against=): the other seats' complete boards
_OTHER = "3d 3c Kh / 4s 6h 8s 4d 9s / 2s 2c 6d 4c 6s"   # no card of FL14
bad("solve_fantasyland-against-empty-slot", ofc.solve_fantasyland, FL14, ValueError, "against", "empty",
    "ofc.best_move", against=[int(c) for c in ofc.cards(_OTHER)][:12] + [255])
bad("solve_fantasyland-against-card-in-hand", ofc.solve_fantasyland, FL14, ValueError, "against", "As",
    "the hand (position 0)", against="As 3c Kh / 4s 6h 8s 4d 9s / 2s 2c 6d 4c 6s")
bad("solve_fantasyland-against-card-twice", ofc.solve_fantasyland, FL14, ValueError, "against[1]", "3d",
    "against[0]", against=[_OTHER, "3d 8h 3h / 5s 5h 5d Th Tc / Kc Jd Jh 7d 8d"], more=("progressive",))
bad("solve_fantasyland-against-12-cards", ofc.solve_fantasyland, FL14, ValueError, "against", "13",
    against=list(range(20, 32)))
bad("solve_fantasyland-against-code-60", ofc.solve_fantasyland, FL14, ValueError, "against", "60",
    against=np.array([60] + list(range(21, 33))))
bad("solve_fantasyland-against-joker-jokers0", ofc.solve_fantasyland, FL14, ValueError, "against", "52",
    against=np.array([52] + list(range(21, 33)), np.uint8))
bad("solve_fantasyland-against-too-many", ofc.solve_fantasyland, "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac",
    ValueError, "against", "3 boards", "2 to 3", against=np.arange(13, 52).reshape(3, 13))
bad("solve_fantasyland-against-shape", ofc.solve_fantasyland, FL14, ValueError, "against", "shape",
    against=np.arange(13, 52).reshape(1, 3, 13))
bad("solve_fantasyland-against-float", ofc.solve_fantasyland, FL14, TypeError, "against", "float",
    against=np.zeros(13))
bad("solve_fantasyland-against-many-hands", ofc.solve_fantasyland, FL_HANDS[:2], ValueError, "one hand",
    against=_OTHER)
bad("solve_fantasyland-against_fantasyland-12", ofc.solve_fantasyland, FL14, ValueError,
    "against_fantasyland[0] = 12", against=_OTHER, against_fantasyland=[12])
bad("solve_fantasyland-against_fantasyland-count", ofc.solve_fantasyland, FL14, ValueError,
    "against_fantasyland", "2 values for 1", against=_OTHER, against_fantasyland=[0, 0])
bad("solve_fantasyland-against_fantasyland-text", ofc.solve_fantasyland, FL14, TypeError,
    "against_fantasyland[0]", against=_OTHER, against_fantasyland=["x"])
bad("solve_fantasyland-against_fantasyland-alone", ofc.solve_fantasyland, FL14, ValueError,
    "against_fantasyland", "against is None", against_fantasyland=[0])
bad("solve_fantasyland-against-stay_value-nan", ofc.solve_fantasyland, FL14, ValueError, "stay_value",
    against=_OTHER, stay_value=float("nan"))
bad("_solve.solve_points-shape", _solve.solve_points, _KEEP.tables, ValueError, "(m, 13)",
    more=(np.zeros(14, np.uint8), np.zeros((1, 12), np.uint8), np.zeros(1, np.uint8), 0.0, _solve.StopFlag()))
bad("_solve.solve_points-dup", _solve.solve_points, _KEEP.tables, ValueError, "card of the hand",
    more=(np.arange(14, dtype=np.uint8), np.arange(13, 26, dtype=np.uint8).reshape(1, 13),
          np.zeros(1, np.uint8), 0.0, _solve.StopFlag()))

# ----------------------------------------------------------------- the test

def _matches(needle: str, msg: str) -> bool:
    return needle in msg or ascii(needle)[1:-1] in msg or repr(needle)[1:-1] in msg


# --- play in progress: partial boards, deal, Game, rollout, simulate ----------------
bad("partial-needed-dup", ofc.partial.needed, "Ah Ah / -- / --", ValueError, "used twice", "top position 1")
bad("partial-needed-code", ofc.partial.needed, [60] + [255] * 12, ValueError, "60", "top position 0")
bad("partial-avoid-dead-on-board", ofc.partial.can_avoid_foul, "Ah / -- / --", ValueError, "Ah",
    dead=["Ah"])
bad("deal-negative", ofc.deal, -1, ValueError, "n must be", more=("pineapple", 2), seed=1)
bad("deal-seed-str", ofc.deal, 3, TypeError, "seed", "'x'", more=("pineapple", 2), seed="x")
bad("deal-players", ofc.deal, 3, ValueError, "2 to 3 players", "not 4", more=("pineapple", 4), seed=1)
bad("game-players", ofc.Game, "pineapple", ValueError, "not 5", more=(5,), seed=1)
bad("game-seed-float", ofc.Game, "pineapple", TypeError, "seed", "1.5", more=(2,), seed=1.5)
bad("game-apply-code", lambda code: ofc.Game("pineapple", 2, seed=1).apply(code), 4096,
    ValueError, "4096")
bad("game-apply-type", lambda code: ofc.Game("pineapple", 2, seed=1).apply(code), "x",
    TypeError, "'x'")
bad("rollout-two-boards", ofc.rollout, ["Ah / -- / --", "Ah / -- / --"], ValueError, "Ah",
    n=1, seed=1)
bad("rollout-policy", ofc.rollout, ["-- / -- / --"] * 2, ValueError, "'best'", n=1, seed=1,
    policy="best")
bad("rollout-n-0", ofc.rollout, ["-- / -- / --"] * 2, ValueError, "n must be >= 1", "0", n=0, seed=1)
bad("evaluate_placements-n-0", ofc.evaluate_placements, (["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"),
    ValueError, "n must be >= 1", n=0, seed=1)
bad("simulate-hands-0", ofc.simulate, "pineapple", ValueError, "hands must be >= 1", "0",
    more=(2, 0), seed=1)
bad("rollout-progress", ofc.rollout, ["-- / -- / --"] * 2, TypeError, "progress", "int 5", n=1,
    seed=1, progress=5)
bad("evaluate_placements-progress", ofc.evaluate_placements, (["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"),
    TypeError, "progress", "'x'", n=1, seed=1, progress="x")
bad("rollout-n", ofc.rollout, ["-- / -- / --"] * 2, TypeError, "n must be an int", n=1.5, seed=1)
# the int arguments are checked by _checks.check_int: the argument and its value named, bools
# and timedeltas (numpy integers) refused alike
bad("rollout-n-timedelta", ofc.rollout, ["-- / -- / --"] * 2, TypeError, "n must be an int", "timedelta64",
    n=np.timedelta64(5), seed=1)
bad("simulate-hands-timedelta", ofc.simulate, "pineapple", TypeError, "hands must be an int", "timedelta64",
    more=(2, np.timedelta64(5)), seed=1)
bad("simulate-players-bool", ofc.simulate, "pineapple", TypeError, "players must be an int", "True",
    more=(True, 10), seed=1)
bad("deal-n-timedelta", ofc.deal, np.timedelta64(3), TypeError, "n must be an int", "timedelta64",
    more=("pineapple", 2), seed=1)
bad("Game-seed-timedelta", ofc.Game, "pineapple", TypeError, "seed must be an int in 0..2**64-1",
    "timedelta64", more=(2,), seed=np.timedelta64(1))
bad("Game-button-float", ofc.Game, "pineapple", TypeError, "button must be an int seat, got 1.0",
    more=(2,), seed=1, button=1.0)
bad("Game.decode-bool", lambda c: ofc.Game("pineapple", 2, seed=1).decode(c), True, TypeError,
    "code must be an int (an action code), got True")
bad("compat.rank-class-text", ofc.compat.Evaluator().get_rank_class, "1", TypeError,
    "hand_rank must be an int (a Cactus Kev rank), got '1'")
bad("partial.can_avoid_foul-budget-bool", ofc.partial.can_avoid_foul, "-- / -- / --", TypeError,
    "budget must be an int (-1 for no limit), got True", budget=True)
bad("rollout-fantasyland-count", ofc.rollout, ["-- / -- / --"] * 2, ValueError, "fantasyland[1] = 12",
    n=1, seed=1, fantasyland=[0, 12])
bad("rollout-fantasyland-length", ofc.rollout, ["-- / -- / --"] * 2, ValueError, "one count per seat",
    n=1, seed=1, fantasyland=[14])
bad("rollout-fantasyland-type", ofc.rollout, ["-- / -- / --"] * 2, TypeError, "fantasyland[1]", "14.0",
    n=1, seed=1, fantasyland=[0, 14.0])
bad("rollout-fantasyland-partial", ofc.rollout, ["-- / -- / --", "Ah Kd / -- / --"], ValueError,
    "player 1 is in Fantasyland", n=1, seed=1, fantasyland=[0, 14])
bad("evaluate_placements-fantasyland-actor", ofc.evaluate_placements, (["-- / -- / --"] * 2, "Ah Kd 2c 3c 4c"),
    ValueError, "player 0 is to act", n=1, seed=1, fantasyland=[14, 0])
bad("summarise_hands-rules", selfplay.summarise_hands, "pine", ValueError, "'pine'", more=(2, []))
bad("summarise_hands-players", selfplay.summarise_hands, "pineapple", TypeError, "players", "True",
    more=(True, []))
bad("summarise_hands-hands-int", selfplay.summarise_hands, "pineapple", TypeError, "hands", "int", more=(2, 5))
bad("summarise_hands-hands-none", selfplay.summarise_hands, "pineapple", ValueError, "no hands", more=(2, []))
bad("summarise_hands-hand-short", selfplay.summarise_hands, "pineapple", ValueError, "hands[0]", "2 items",
    more=(2, [([1, -1], [0, 0])]))
bad("summarise_hands-hand-seats", selfplay.summarise_hands, "pineapple", ValueError, "hands[1]", "scores",
    "(3,)", more=(2, [([1, -1], [0, 0], [0, 0], [0, 0]), ([1, -1, 0], [0, 0], [0, 0], [0, 0])]))
bad("summarise_hands-hand-float", selfplay.summarise_hands, "pineapple", ValueError, "hands[0]", "float64",
    more=(2, [([1.5, -1.5], [0, 0], [0, 0], [0, 0])]))
bad("summarise_hands-policy", selfplay.summarise_hands, "pineapple", ValueError, "'best'",
    more=(2, []), policy="best")
bad("simulate-players", ofc.simulate, "pineapple", ValueError, "not 5", more=(5, 10), seed=1)
bad("simulate-hands", ofc.simulate, "pineapple", ValueError, "hands", "-1", more=(2, -1), seed=1)
bad("simulate-policy", ofc.simulate, "pineapple", ValueError, "'best'", more=(2, 10), seed=1, policy="best")
bad("simulate-seed", ofc.simulate, "pineapple", TypeError, "seed", "'x'", more=(2, 10), seed="x")
bad("simulate-rules", ofc.simulate, "pine", ValueError, "'pine'", more=(2, 10), seed=1)
bad("simulate-workers", ofc.simulate, "pineapple", ValueError, "workers", more=(2, 10), seed=1, workers=0)
bad("evaluate_placements-held-count", ofc.evaluate_placements, (["-- / -- / --"] * 2, "Ah Kd"), ValueError,
    "holds 2", n=1, seed=1)

# cards held, dead or on boards: each card in one place only (docs/RULES.md §1)
EMPTY2 = ["-- / -- / --"] * 2
bad("evaluate_placements-held-twice", ofc.evaluate_placements, (EMPTY2, "Ah Ah 7c 8c 9c"), ValueError,
    "held card Ah (position 1) is also held (position 0)", n=1, seed=1)
bad("evaluate_placements-held-dead", ofc.evaluate_placements, (EMPTY2, "Ah Kh 7c 8c 9c", "Ah"), ValueError,
    "dead card Ah (position 0) is also held (position 0)", n=1, seed=1)
bad("evaluate_placements-held-on-board", ofc.evaluate_placements,
    (["Qh Qd / 5s 6s 7s / Kc Kd", "-- / -- / --"], "Qh 2c 3c"), ValueError,
    "held card Qh (position 0) is also on the board of player 0", n=1, seed=1)
bad("evaluate_placements-one-player", ofc.evaluate_placements, (["-- / -- / --"], "Ah Kh 7c 8c 9c"), ValueError,
    "not 1", n=1, seed=1)
bad("evaluate_placements-game-rules", ofc.evaluate_placements, Lazy(lambda: ofc.Game("original", 2, seed=1)),
    ValueError, "'original', not 'pineapple'", more=("pineapple",), n=1, seed=1)
bad("rollout-dead-twice", ofc.rollout, EMPTY2, ValueError, "dead card 2h (position 1) is also dead (position 0)",
    n=1, seed=1, dead="2h 2h")
bad("rollout-dead-uint8-99", ofc.rollout, EMPTY2, ValueError, "dead card at position 1 is 99",
    n=1, seed=1, dead=np.array([3, 99], np.uint8))
bad("can_avoid_foul-dead-uint8-52", ofc.partial.can_avoid_foul, "Ah Ad / 2c 3d 4h 5s / --", ValueError,
    "position 0 is 52", dead=np.array([52, 100], np.uint8))
bad("can_avoid_foul-budget--5", ofc.partial.can_avoid_foul, "Ah Ad / 2c 3d 4h 5s / --", ValueError,
    "budget", "-5", budget=-5)
# stream indices: start + n within the counter's range, never wrapping round
bad("deal-start-wraps", ofc.deal, 2, ValueError, "start + n", str(2**64 - 1), more=("pineapple", 2), seed=1,
    start=2**64 - 1)
bad("rollout-start-too-big", ofc.rollout, EMPTY2, ValueError, "start + n", n=2, seed=1, start=2**63 - 2)
bad("simulate-start-too-big", ofc.simulate, "pineapple", ValueError, "start + n", more=(2, 2), seed=1,
    start=2**63 - 2)
bad("simulate-progress", ofc.simulate, "pineapple", TypeError, "progress", more=(2, 2), seed=1, progress=5)
# the search API (issue 19): candidates, fantasyland_value, known cards, Python policies
OPEN2 = (EMPTY2, "Ah Ad 7c 8c 9c")
bad("evaluate_placements-candidate-illegal", ofc.evaluate_placements, OPEN2, ValueError,
    "candidates[1]", "action 3", "not a legal placement", n=1, seed=1, candidates=[10, 3])
bad("evaluate_placements-candidate-board", ofc.evaluate_placements, OPEN2, ValueError,
    "candidates[0]", "not a legal placement", n=1, seed=1, candidates=["Ah Ad Kc / -- / --"])
bad("evaluate_placements-candidate-twice", ofc.evaluate_placements, OPEN2, ValueError,
    "candidates[1] is the same placement as candidates[0]", n=1, seed=1, candidates=[10, 10])
bad("evaluate_placements-candidates-empty", ofc.evaluate_placements, OPEN2, ValueError, "empty",
    n=1, seed=1, candidates=[])
bad("evaluate_placements-candidates-str", ofc.evaluate_placements, OPEN2, TypeError, "candidates",
    n=1, seed=1, candidates="10")
bad("rollout-fantasyland_value-negative-key", ofc.rollout, EMPTY2, ValueError, "fantasyland_value[-14]",
    "13..52", n=1, seed=1, fantasyland_value={-14: 5})
bad("rollout-fantasyland_value-key-not-dealt", ofc.rollout, EMPTY2, ValueError, "fantasyland_value[15]",
    "never deals 15", n=1, seed=1, fantasyland_value={15: 5})
bad("rollout-fantasyland_value-nan", ofc.rollout, EMPTY2, ValueError, "fantasyland_value", "nan",
    n=1, seed=1, fantasyland_value=float("nan"))
bad("rollout-fantasyland_value-str", ofc.rollout, EMPTY2, TypeError, "fantasyland_value", "'x'",
    n=1, seed=1, fantasyland_value="x")
bad("evaluate_placements-fantasyland_value-key-type", ofc.evaluate_placements, OPEN2, TypeError,
    "fantasyland_value", "'14'", n=1, seed=1, fantasyland_value={"14": 5})
bad("simulate-fantasyland_value-bool", ofc.simulate, "pineapple", TypeError, "fantasyland_value", "True",
    more=(2, 2), seed=1, fantasyland_value=True)
# a worth of Fantasyland is finite and 0 or more, in every entry point that takes one
bad("rollout-fantasyland_value-negative", ofc.rollout, EMPTY2, ValueError, "fantasyland_value must be 0 or more",
    "got -5", n=1, seed=1, fantasyland_value=-5)
bad("rollout-fantasyland_value-negative-entry", ofc.rollout, EMPTY2, ValueError,
    "fantasyland_value[14] must be 0 or more", "got -0.5", n=1, seed=1, fantasyland_value={14: -0.5})
bad("rollout-fantasyland_value-int-beyond-float", ofc.rollout, EMPTY2, ValueError, "fantasyland_value",
    "must be finite", "1000", n=1, seed=1, fantasyland_value=10**400)
# finite, but its square (in the standard error) would overflow a float: at most 1e150
bad("rollout-fantasyland_value-huge", ofc.rollout, EMPTY2, ValueError,
    "fantasyland_value must be at most 1e150 points", "got 1e+200", n=1, seed=1, fantasyland_value=1e200)
bad("simulate-fantasyland_value-huge-entry", ofc.simulate, "pineapple", ValueError,
    "fantasyland_value[14] must be at most 1e150 points", "got 1e+200", more=(2, 2), seed=1,
    fantasyland_value={14: 1e200})
bad("evaluate_placements-fantasyland_value-huge-int", ofc.evaluate_placements, OPEN2, ValueError,
    "fantasyland_value must be at most 1e150 points", "got 1000", n=1, seed=1, fantasyland_value=10**200)
bad("simulate-fantasyland_value-huge-numpy", ofc.simulate, "progressive", ValueError,
    "fantasyland_value[17] must be at most 1e150 points", "2e+150", more=(2, 2), seed=1,
    fantasyland_value={14: 8, 17: np.float64(2e150)})
bad("evaluate_placements-fantasyland_value-negative", ofc.evaluate_placements, OPEN2, ValueError,
    "fantasyland_value must be 0 or more", "got -17.5", n=1, seed=1, fantasyland_value=-17.5)
bad("evaluate_placements-fantasyland_value-inf-entry", ofc.evaluate_placements, OPEN2, ValueError,
    "fantasyland_value[14] must be finite", "inf", n=1, seed=1, fantasyland_value={14: float("inf")})
bad("simulate-fantasyland_value-negative-entry", ofc.simulate, "progressive", ValueError,
    "fantasyland_value[16] must be 0 or more", "got -14", more=(2, 2), seed=1,
    fantasyland_value={14: 8, 15: 11, 16: -14})
bad("simulate-fantasyland_value-nan", ofc.simulate, "pineapple", ValueError, "fantasyland_value must be finite",
    "nan", more=(2, 2), seed=1, fantasyland_value=np.float64("nan"))
bad("simulate-fantasyland_value-negative-numpy", ofc.simulate, "pineapple", ValueError,
    "fantasyland_value must be 0 or more", "-3", more=(2, 2), seed=1, fantasyland_value=np.int64(-3))
bad("rollout-known-on-board", ofc.rollout, ["Qh Qd / 5s 6s 7s / Kc Kd", "-- / -- / --"], ValueError,
    "known card Qh (position 0) is also on the board of player 0", n=1, seed=1, known="Qh")
bad("rollout-known-dead", ofc.rollout, EMPTY2, ValueError, "known card 2h (position 0) is also dead",
    n=1, seed=1, dead="2h", known="2h")
bad("rollout-known-too-many", ofc.rollout, EMPTY2, ValueError, "known[1]", "dealt 5", n=1, seed=1,
    known={1: "2c 3c 4c 5c 6c 7c"})
bad("rollout-known-seat", ofc.rollout, EMPTY2, ValueError, "a key is a seat", "7", n=1, seed=1,
    known={7: "2c"})
bad("evaluate_placements-known-held", ofc.evaluate_placements, OPEN2, ValueError,
    "known card Ah (position 0) is also held", n=1, seed=1, known="Ah")
bad("rollout-policy-type", ofc.rollout, EMPTY2, TypeError, "policy", "int 3", n=1, seed=1, policy=3)
bad("rollout-policy-illegal-action", ofc.rollout, EMPTY2, ValueError, "completion 0, board 0",
    "action 5 is illegal", n=1, seed=1, policy=lambda s: 5)
bad("estimate_fantasyland_value-hands", ofc.estimate_fantasyland_value, "pineapple", ValueError, "hands",
    "0", seed=1, hands=0)
bad("estimate_fantasyland_value-policy", ofc.estimate_fantasyland_value, "pineapple", ValueError, "'best'",
    more=("best",), seed=1)
bad("estimate_fantasyland_value-policy-type", ofc.estimate_fantasyland_value, "pineapple", ValueError,
    "unknown policy", more=(3,), seed=1)
bad("estimate_fantasyland_value-stays-for-ever", ofc.estimate_fantasyland_value,
    Lazy(lambda: ofc.HOUSE_RULES["progressive_keep"]), ValueError, "every one of the 5 Fantasyland hands",
    "no finite estimate", seed=1, hands=5, completions=2, normal_hands=500)
bad("Policy-weights-2d", ofc.Policy, "heuristic", ValueError, "weights is one row of 9 numbers",
    "(3, 3)", weights=np.ones((3, 3)))
bad("evaluate_placements-candidate-bool", ofc.evaluate_placements, OPEN2, TypeError, "candidates[1]",
    "bool True", n=1, seed=1, candidates=[10, True])
bad("evaluate_placements-candidate-text", ofc.evaluate_placements, OPEN2, ValueError, "candidates[0]",
    "'xx'", n=1, seed=1, candidates=["xx"])


def _finished_game() -> ofc.Game:
    g = ofc.Game("pineapple", 2, seed=1)
    while not g.done:
        g.play("heuristic")
    return g


bad("best_move-finished", ofc.best_move, Lazy(_finished_game), ValueError, "position", "hand is over", seed=1)
bad("best_move-budget-0", ofc.best_move, OPEN2, ValueError, "budget must be >= 1", "0", budget=0, seed=1)
bad("best_move-budget-negative", ofc.best_move, OPEN2, ValueError, "budget", "-5", budget=-5, seed=1)
bad("best_move-budget-nan", ofc.best_move, OPEN2, TypeError, "budget must be an int", "nan",
    budget=float("nan"), seed=1)
bad("best_move-budget-float", ofc.best_move, OPEN2, TypeError, "budget must be an int", "100.0",
    budget=100.0, seed=1)
bad("best_move-budget-bool", ofc.best_move, OPEN2, TypeError, "budget must be an int", "True",
    budget=True, seed=1)
bad("best_move-seconds-negative", ofc.best_move, OPEN2, ValueError, "seconds", "-1", seconds=-1, seed=1)
bad("best_move-seconds-nan", ofc.best_move, OPEN2, ValueError, "seconds", "nan", seconds=float("nan"),
    seed=1)
bad("best_move-seconds-text", ofc.best_move, OPEN2, TypeError, "seconds", "'1'", seconds="1", seed=1)
bad("best_move-progress", ofc.best_move, OPEN2, TypeError, "progress", "int 5", progress=5, seed=1)
bad("best_move-unreachable", ofc.best_move, (["Ah Ad / -- / --", "-- / -- / --"], "2c 3c 4c"), ValueError,
    "player 0", "not one a pineapple hand reaches", seed=1)
bad("best_move-policy-callable", ofc.best_move, OPEN2, TypeError, "policy", "built-in",
    policy=lambda s: 0, seed=1)
bad("best_move-policy-name", ofc.best_move, OPEN2, ValueError, "'best'", policy="best", seed=1)
bad("best_move-shortlist-0", ofc.best_move, OPEN2, ValueError, "shortlist must be >= 1", shortlist=0, seed=1)
bad("best_move-cheap_pass-0", ofc.best_move, OPEN2, ValueError, "cheap_pass must be >= 1", cheap_pass=0, seed=1)
bad("best_move-exact_limit-negative", ofc.best_move, OPEN2, ValueError, "exact_limit", exact_limit=-1, seed=1)
bad("best_move-workers-0", ofc.best_move, OPEN2, ValueError, "workers", workers=0, seed=1)
bad("best_move-held-twice", ofc.best_move, (EMPTY2, "Ah Ah 7c 8c 9c"), ValueError, "Ah", seed=1)
bad("best_move-seed", ofc.best_move, OPEN2, ValueError, "seed", seed=-1)
bad("estimate_fantasyland_value-no-fantasyland", ofc.estimate_fantasyland_value,
    Lazy(lambda: ofc.Rules(name="nofl", fl_top_pair=(0,) * 13, fl_top_trips=(0,) * 13, stay_cards=0,
                           stay_top=None, stay_middle=None, stay_bottom=None)),
    ValueError, "no Fantasyland", seed=1)
# games: codes, mappings, histories
bad("Game.decode-negative", lambda c: ofc.Game("pineapple", 2, seed=1).decode(c), -1, ValueError,
    "action code -1")
bad("Game.decode-float", lambda c: ofc.Game("pineapple", 2, seed=1).decode(c), 1.5, TypeError, "1.5")
bad("Game.apply-key", lambda a: ofc.Game("pineapple", 2, seed=1).apply(a), {"top": [], "foo": []},
    ValueError, "'foo'")
bad("Game-match-str", ofc.Game, "pineapple", TypeError, "match", "'no'", more=(2,), seed=1, match="no")
bad("Game-fantasyland-forged", ofc.Game, "pineapple", ValueError, "fantasyland[0] = 13",
    "14 cards", more=(2,), seed=1, fantasyland=[13, 0])
bad("Game.play-None", lambda p: ofc.Game("pineapple", 2, seed=1).play(p), None, TypeError,
    "policy", "NoneType None")
bad("Game.play-int", lambda p: ofc.Game("pineapple", 2, seed=1).play(p), 1, TypeError, "policy", "int 1")
bad("Game.play_hand-bytes", lambda p: ofc.Game("pineapple", 2, seed=1).play_hand(p), b"random",
    TypeError, "policies", "bytes")
bad("Game.play_hand-seat-None", lambda p: ofc.Game("pineapple", 2, seed=1).play_hand(p),
    ["random", None], TypeError, "policies[1]", "None")
bad("Policy-name", ofc.Policy, "best", ValueError, "unknown policy 'best'")
bad("Policy-unknown-param", lambda k: ofc.Policy("heuristic", **{k: 1.0}), "fool", TypeError,
    "'heuristic'", "no parameter 'fool'", "foul")
bad("Policy-no-params", lambda w: ofc.Policy("random", foul=w), 1.0, TypeError, "'random'",
    "takes no parameters", "foul")
bad("Policy-param-str", lambda w: ofc.Policy("heuristic", foul=w), "30", TypeError, "foul",
    "str '30'")
bad("Policy-param-nan", lambda w: ofc.Policy("heuristic", foul=w), float("nan"), ValueError, "foul",
    "finite", "nan")
bad("Policy-weights-length", lambda w: ofc.Policy("heuristic", weights=w), [1.0, 2.0], ValueError,
    "'heuristic'", "got 2")
bad("Policy-weights-str", lambda w: ofc.Policy("heuristic", weights=w), "1 2 3", TypeError,
    "weights", "str '1 2 3'")
bad("Policy-twice", lambda w: ofc.Policy("heuristic", weights={"foul": w}, foul=w), 1.0, TypeError,
    "foul", "twice")
bad("Game.replay-nested", ofc.Game.replay, "[" * 100_000 + "]" * 100_000, ValueError, "nests too deeply")
bad("Game.replay-empty", ofc.Game.replay, "{}", ValueError, "lacks", "'rules'")
bad("Game.replay-list", ofc.Game.replay, "[]", ValueError, "JSON object")
bad("Game.replay-text", ofc.Game.replay, "{bad", ValueError, "not JSON")
bad("Game.replay-action", ofc.Game.replay, Lazy(lambda: json.dumps(
    {**json.loads(ofc.Game("pineapple", 2, seed=1).to_json()), "hands": [[999]]})), ValueError,
    "hand 0, action 0", "999")
_HIST = Lazy(lambda: ofc.write_histories([_played()]))


def _played(rules: str = "pineapple") -> Any:
    g = ofc.Game(rules, 2, seed=1)
    g.play_hand("heuristic")
    return g


def _fl_played() -> Any:
    g = ofc.Game("pineapple", 2, seed=1, fantasyland=[0, 14])
    g.play_hand("heuristic")
    return g


bad("read_histories-int", ofc.read_histories, 3, TypeError, "a path, a text file or the text", "got int")
bad("read_histories-missing", ofc.read_histories, "/no/such/file.ofc", ofc.HistoryError, "/no/such/file.ofc",
    "cannot be read")
bad("read_histories-check", ofc.read_histories, "", TypeError, "check must be True or False", "int 1", check=1)
bad("read_histories-scores", lambda t: list(ofc.read_histories(t.replace("scores = [", "scores = [1, -1] #"))),
    _HIST, ofc.HistoryError, "<text>", "hand 1", "line", "scores [1, -1] do not match")
bad("read_histories-twice", lambda t: list(ofc.read_histories(t.replace("p2 2d Kh", "p2 7s Kh", 1))),
    _HIST, ofc.HistoryError, "<text>", "hand 1", "line 11", "seat p2, street 0", "7s is dealt a second time")
bad("read_histories-on_error", ofc.read_histories, "", TypeError, "on_error must be None or a callable",
    "int 5", on_error=5)
_RECS = Lazy(lambda: ofc.records_from_json(_played().to_json()))
bad("review-budget-0", ofc.review, _RECS, ValueError, "budget must be >= 1", "0", budget=0)
bad("review-budget-float", ofc.review, _RECS, TypeError, "budget must be an int", "1.5", budget=1.5)
bad("review-budget-bool", ofc.review, _RECS, TypeError, "budget must be an int", "True", budget=True)
bad("review-seed", ofc.review, _RECS, ValueError, "seed", "-1", seed=-1)
bad("review-workers-0", ofc.review, _RECS, ValueError, "workers", "0", workers=0)
bad("review-executor", ofc.review, _RECS, TypeError, "executor must be a concurrent.futures.Executor", "str",
    executor="dask")
bad("review-progress", ofc.review, _RECS, TypeError, "progress must be a callable", "int 3", progress=3)
bad("review-on_error", ofc.review, _RECS, TypeError, "on_error must be None or a callable", "int 5", on_error=5)
bad("review-policy-name", ofc.review, _RECS, ValueError, "'best'", policy="best")
bad("review-policy-callable", ofc.review, _RECS, TypeError, "policy", "built-in", policy=lambda s: 0)
bad("review-hands-int", ofc.review, 3, TypeError, "hands is a path", "int 3")
bad("review-hands-item", ofc.review, ["x"], TypeError, "hands[0] is a HandRecord or a Game", "str")
bad("review-hands-missing", ofc.review, "/no/such/file.ofc", ofc.HistoryError, "/no/such/file.ofc",
    "cannot be read")
bad("review-hands-bad", lambda t: ofc.review(t.replace("scores = [", "scores = [1, -1] #"), budget=5),
    _HIST, ofc.HistoryError, "<text>", "hand 1", "scores [1, -1] do not match")
bad("review-game-in-play", lambda g: ofc.review([g], budget=5), Lazy(lambda: ofc.Game.replay(_one_turn())),
    ValueError, "hands[0]", "the hand is not over")
bad("write_histories-str", ofc.write_histories, ["x"], TypeError, "Games and HandRecords", "got str")
bad("write_histories-file", ofc.write_histories, [], TypeError, "a path or a text file", "got int", more=(3,))
bad("write_histories-start-type", ofc.write_histories, [], TypeError, "start must be an int", "str '2'", start="2")
bad("write_histories-start-zero", ofc.write_histories, [], ValueError, "start must be at least 1", "got 0", start=0)
bad("records_from_json-text", ofc.records_from_json, "{bad", ValueError, "not JSON")
_OFCENV = Lazy(lambda: ofc.write_ofcenv_json([_played()]))
bad("read_ofcenv_json-int", ofc.read_ofcenv_json, 3, TypeError, "a path, a text file or the text", "got int")
bad("read_ofcenv_json-missing", ofc.read_ofcenv_json, "/no/such/file.json", ofc.HistoryError,
    "/no/such/file.json", "cannot be read")
bad("read_ofcenv_json-button", ofc.read_ofcenv_json, "{}", TypeError, "button must be", "str 'hero'",
    button="hero")
bad("read_ofcenv_json-button-seat", ofc.read_ofcenv_json, "{}", ValueError, "button must be a seat 0..2",
    "got 3", button=3)
bad("read_ofcenv_json-rules", ofc.read_ofcenv_json, "{}", ValueError, "rules must be of Pineapple's shape",
    "'original'", rules="original")
bad("read_ofcenv_json-on_error", ofc.read_ofcenv_json, "{}", TypeError, "on_error must be None or a callable",
    "int 5", on_error=5)
bad("read_ofcenv_json-card-twice", lambda t: list(ofc.read_ofcenv_json(t.replace("Tc0", "Kd0", 1))),
    _OFCENV, ofc.HistoryError, "<text>: line 1: hand 1, player 'p1'", "Kd is written twice in the hand",
    "first by 'p2'")
bad("read_ofcenv_json-round", lambda t: list(ofc.read_ofcenv_json(t.replace("Tc0", "Tc5", 1))),
    _OFCENV, ofc.HistoryError, "hand 1, player 'p2'", "'Tc5' is placed in round 5; the rounds are 0..4")
bad("read_ofcenv_json-row-size", lambda t: list(ofc.read_ofcenv_json(t.replace("6s1 Qc2 6c3 Jc4", "Qc2 6c3 Jc4")
                                                                     .replace("4c0 2h2 9c4", "4c0 2h2 9c4 6s1"))),
    _OFCENV, ofc.HistoryError, "hand 1, player 'p1'", "the top row holds 4 cards, more than its 3")
bad("read_ofcenv_json-street", lambda t: list(ofc.read_ofcenv_json(t.replace("Tc0", "Tc1", 1))),
    _OFCENV, ofc.HistoryError, "hand 1, player 'p2'", "round 0 places 4 cards and discards 0",
    "the rules place 5 and discard 0 in round 0")
bad("read_ofcenv_json-card", lambda t: list(ofc.read_ofcenv_json(t.replace("Tc0", "Tx0", 1))),
    _OFCENV, ofc.HistoryError, "hand 1, player 'p2'", "'Tx0'", "unknown card")
bad("write_ofcenv_json-str", ofc.write_ofcenv_json, ["x"], TypeError, "Games and HandRecords", "got str")
bad("write_ofcenv_json-file", ofc.write_ofcenv_json, [], TypeError, "a path or a text file", "got int", more=(3,))
bad("write_ofcenv_json-hero", ofc.write_ofcenv_json, [], TypeError, "hero must be a seat", "str '1'", hero="1")
bad("write_ofcenv_json-hero-seat", lambda g: ofc.write_ofcenv_json([g], hero=2), Lazy(_played), ValueError,
    "hands[0] (hand 1)", "hero is a seat 0..1, got 2")
bad("write_ofcenv_json-names", ofc.write_ofcenv_json, [], TypeError, "names must be a list of strings",
    "str 'ab'", names="ab")
bad("write_ofcenv_json-start", ofc.write_ofcenv_json, [], ValueError, "start must be at least 1", "got 0",
    start=0)
bad("write_ofcenv_json-fantasyland", lambda g: ofc.write_ofcenv_json([g]), Lazy(_fl_played), ValueError,
    "hands[0] (hand 1)", "seat 1 plays Fantasyland (14 cards)")
bad("write_ofcenv_json-rules", lambda g: ofc.write_ofcenv_json([g]), Lazy(lambda: _played("original")),
    ValueError, "hands[0] (hand 1)", "holds Pineapple without jokers", "'original'")
def _one_turn() -> str:
    g = ofc.Game("pineapple", 2, seed=1)
    g.play("random")
    return g.to_json()


bad("records_from_json-partial", ofc.records_from_json, Lazy(_one_turn),
    ValueError, "hand 0", "not over")
# the glue of issue 29: a policy's move unplayed, a seat's view, determinisation, a history's decks


def _game(played: int = 0, **kw: Any) -> ofc.Game:
    g = ofc.Game("pineapple", 2, seed=1, **kw)
    for _ in range(played):
        if not g.done:
            g.play("random")
    return g


def _with_decks(decks: Any) -> str:
    data = json.loads(_game(1).determinize(0, seed=1).to_json())
    return json.dumps(dict(data, decks=decks(data["decks"]["0"]) if callable(decks) else decks))


_G = Lazy(_game)


def _drawing() -> Any:
    from ofc_fast.board import drawing
    return drawing


bad("Game.draw-kind", lambda g, k: g.draw(k), _G, ValueError, "kind must be one of text, svg, html",
    "got 'png'", more=("png",))
bad("Game.draw-symbols", lambda g, v: g.draw(symbols=v), _G, TypeError, "symbols is a bool", "int 1",
    more=(1,))
bad("Board.draw-kind", method("draw"), None, ValueError, "kind must be one of", "got None")
bad("Board.draw-rules", method("draw"), "svg", ValueError, "nosuch", more=("nosuch",))
bad("Board.draw-symbols", lambda v: ofc.Board.parse(B1_TEXT).draw(symbols=v), "yes", TypeError,
    "symbols is a bool", "str 'yes'")
bad("drawing.suit_symbols-bytes", _drawing().suit_symbols, b"Ah", TypeError, "cards_text", "bytes")
bad("drawing.svg-columns", lambda c: _drawing().svg([_drawing().Seat([255] * 13)], columns=c), 0, ValueError,
    "columns is a positive int, got 0")
bad("drawing.svg-seat", lambda seat: _drawing().svg([seat]), Lazy(lambda: _drawing().Seat([255] * 12)),
    ValueError, "13 codes, got 12")
bad("drawing.text-code", lambda seat: _drawing().text([seat]), Lazy(lambda: _drawing().Seat([60] * 13)),
    ValueError, "card code 60")
bad("Game.choose-over", lambda g: g.choose("random"), Lazy(lambda: _game(99)), ValueError, "the hand is over")
bad("Game.choose-callable", lambda g, p: g.choose(p), _G, TypeError, "policy", "callable",
    "builtin_function_or_method", more=(len,))
bad("Game.choose-None", lambda g, p: g.choose(p), _G, TypeError, "policy", "NoneType None", more=(None,))
bad("Game.choose-name", lambda g, p: g.choose(p), _G, ValueError, "unknown policy 'best'", more=("best",))
bad("Game.observation-seat", lambda g, s: g.observation(s), _G, ValueError, "seat must be in 0..1, got 2",
    more=(2,))
bad("Game.observation-seat-float", lambda g, s: g.observation(s), _G, ValueError, "seat", "1.0", more=(1.0,))
bad("Game.determinize-seat", lambda g, s: g.determinize(s, seed=1), _G, ValueError, "seat", "got -1",
    more=(-1,))
bad("Game.determinize-seed", lambda g, s: g.determinize(0, seed=s), _G, ValueError, "seed", str(2**64),
    more=(2**64,))
bad("Game.determinize-seed-float", lambda g, s: g.determinize(0, seed=s), _G, TypeError, "seed", "1.5",
    more=(1.5,))
bad("Game.determinize-policy", lambda g, p: g.determinize(0, seed=1, fantasyland_policy=p), _G, ValueError,
    "unknown policy 'best'", more=("best",))
bad("Game.determinize-policy-callable", lambda g, p: g.determinize(0, seed=1, fantasyland_policy=p), _G,
    TypeError, "fantasyland_policy", "builtin_function_or_method", more=(len,))
bad("Game.replay-decks-short", ofc.Game.replay, Lazy(lambda: _with_decks(lambda d: {"0": d[:51]})), ValueError,
    "history 'decks' hand 0", "a deck of 52 cards", "got 51")
bad("Game.replay-decks-twice", ofc.Game.replay, Lazy(lambda: _with_decks(lambda d: {"0": d[:51] + d[:1]})),
    ValueError, "history 'decks' hand 0", "position 51", "twice")
bad("Game.replay-decks-code", ofc.Game.replay, Lazy(lambda: _with_decks(lambda d: {"0": [52] + d[1:]})),
    ValueError, "history 'decks' hand 0", "position 0", "card code 52", "0..51")
bad("Game.replay-decks-text", ofc.Game.replay, Lazy(lambda: _with_decks(lambda d: {"0": ["As"] + d[1:]})),
    ValueError, "history 'decks' hand 0", "list of card codes")
bad("Game.replay-decks-key", ofc.Game.replay, Lazy(lambda: _with_decks({"first": []})), ValueError,
    "history 'decks'", "hand numbers", "first")
bad("Game.replay-decks-late", ofc.Game.replay, Lazy(lambda: _with_decks(lambda d: {"3": d})), ValueError,
    "history 'decks'", "deck for hand 3", "1 hand")
bad("HandState.shuffled-code", lambda g, c: g._state.shuffled(c, 1, 0), _G, ValueError, "cards[1]",
    "card code 52", "0..51", more=(np.array([1, 52], np.uint8),))
bad("HandState.shuffled-twice", lambda g, c: g._state.shuffled(c, 1, 0), _G, ValueError, "cards[1]",
    "card code 3", "twice", more=(np.array([3, 3], np.uint8),))
bad("HandState.shuffled-dtype", lambda g, c: g._state.shuffled(c, 1, 0), _G, ValueError, "dtype",
    more=(np.array([3, 4], np.int64),))
bad("HandState.set_deck-begun", lambda g, d: g._state.set_deck(d), Lazy(lambda: _game(1)), ValueError,
    "a seat has acted", more=(np.arange(52, dtype=np.uint8),))
bad("HandState.reset_fantasyland-normal", lambda g, s: g._state.reset_fantasyland(s, 0, g.rules.tables, 1, 0),
    Lazy(lambda: _game(1, fantasyland=[14, 0])), ValueError, "seat 1", "not a Fantasyland seat", more=(1,))
bad("HandState.reset_fantasyland-unset", lambda g, s: g._state.reset_fantasyland(s, 0, g.rules.tables, 1, 0),
    Lazy(lambda: _game(0, fantasyland=[14, 0])), ValueError, "seat 0", "has set its cards", more=(0,))
# scores, stacks, players
bad("play_match-4-pineapple", ofc.play_match, [[1, -1, 0, 0]], ValueError, "not 4")
bad("play_match-start-0", ofc.play_match, [[1, -1]], ValueError, "start[1] = 0", start=[5, 0])
bad("check_players-str", ofc.PINEAPPLE.check_players, "2", TypeError, "'2'")
bad("analyze-in_fantasyland-2", ofc.analyze, B1, ValueError, "in_fantasyland = 2", more=("progressive",),
    in_fantasyland=2)
# drop-in front doors: no truncated numbers taken for cards
bad("compat.evaluate_cards-float", ofc.compat.evaluate_cards, 50.5, TypeError, "50.5", more=(46, 42, 38, 34))
bad("compat.evaluate_cards-np-bool", ofc.compat.evaluate_cards, 50, TypeError, "bool",
    more=(46, 42, 38, np.bool_(True)))
bad("compat.evaluate_cards-one-string", ofc.compat.evaluate_cards, "Ah Kh Qh Jh Th", ValueError,
    "one card per argument")
bad("compat.rank-percentage-7463", ofc.compat.Evaluator().get_five_card_rank_percentage, 7463, ValueError,
    "1..7462")
bad("compat.from_pokerkit-None", ofc.compat.from_pokerkit, None, TypeError, "iterable")
# jokers in play (issue 17): a joker code where the rules deal none, 53 where they deal one, a third
# joker (54), in every argument of the play paths that takes cards; the value and where it was
_JK0_GAME, _JK1_GAME, _JK2_GAME = (Lazy(lambda r=r: ofc.Game(r, 2, seed=1)) for r in (ofc.PINEAPPLE, _JK1, _JK2))
bad("game-encode-joker-jokers0", lambda g: g.encode(top=[52]), _JK0_GAME, ValueError, "top", "position 0",
    "52", "jokers=0")
bad("game-encode-joker-text-jokers0", lambda g: g.encode(middle=["X1"]), _JK0_GAME, ValueError, "middle",
    "joker 'X1'", "jokers=0")
bad("game-encode-53-jokers1", lambda g: g.encode(bottom=[53]), _JK1_GAME, ValueError, "bottom", "53",
    "jokers=1")
bad("game-encode-third-joker", lambda g: g.encode(top=[54]), _JK2_GAME, ValueError, "top", "54", "0..53")
bad("game-apply-53-jokers1", lambda g: g.apply({"top": [53]}), _JK1_GAME, ValueError, "top", "53", "jokers=1")
bad("game-replay-jokers-3", ofc.Game.replay, Lazy(lambda: dict(json.loads(ofc.Game(_JK1, 2, seed=1).to_json()),
    rules=dict(_JK1.to_dict(), jokers=3))), ValueError, "history 'rules'", "jokers", "got 3")
bad("rules-from_dict-jokers-3", ofc.Rules.from_dict, Lazy(lambda: dict(_JK2.to_dict(), jokers=3)), ValueError,
    "jokers must be 0, 1 or 2", "got 3")
bad("rollout-board-joker-jokers0", ofc.rollout, ["X1 Ah Kd / -- / --", "-- / -- / --"], ValueError,
    "top row", "joker 'X1'", "jokers=0", n=1, seed=1)
bad("rollout-board-53-jokers1", ofc.rollout, [[53, 1, 2] + [255] * 10, [255] * 13], ValueError, "position 0",
    "53", "jokers=1", more=(_JK1,), n=1, seed=1)
bad("rollout-board-third-joker", ofc.rollout, [[255] * 13, [54, 1, 2] + [255] * 10], ValueError,
    "player 1, top position 0", "54", more=(_JK2,), n=1, seed=1)
bad("rollout-joker-on-two-boards", ofc.rollout, ["X1 Ah Kd / -- / --", "X1 2c 3c / -- / --"], ValueError,
    "X1", "two boards", more=(_JK2,), n=1, seed=1)
# the boards, held, dead and known cards of a position are one deal: a generic joker takes
# the first joker no other part holds or names, and none may be left for it
_XJ_A, _XJ_B = "Xj Ah / Kd Qd / 2s", "Xj 2c / 8d 9d / Ts"
bad("rollout-generic-joker-none-left-board", ofc.rollout, [_XJ_A, _XJ_B], ValueError,
    "player 1, top row: joker 'Xj' in 'Xj 2c'", "no joker is left", "X1 is already there",
    more=(_JK1,), n=1, seed=1)
bad("rollout-generic-joker-named-later-board", ofc.rollout, [_XJ_A, _XJ_B.replace("Xj", "X1")], ValueError,
    "player 0, top row: joker 'Xj' in 'Xj Ah'", "no joker is left", more=(_JK1,), n=1, seed=1)
bad("rollout-generic-joker-none-left-dead", ofc.rollout, [_XJ_A, _XJ_B], ValueError,
    "dead cards: joker 'Xj' in 'Xj 3h'", "no joker is left", "X1 and X2 are already there",
    more=(_JK2,), n=1, seed=1, dead="Xj 3h")
bad("rollout-generic-joker-named-in-dead", ofc.rollout, [_XJ_A, "-- / -- / --"], ValueError,
    "player 0, top row: joker 'Xj'", "no joker is left", "X1 is already there", more=(_JK1,), n=1, seed=1,
    dead=["X1"])
bad("rollout-generic-joker-none-left-known", ofc.rollout, [_XJ_A, _XJ_B], ValueError,
    "known[1]: joker 'Xj' in 'Xj'", "no joker is left", more=(_JK2,), n=1, seed=1, known={1: "Xj"})
bad("evaluate_placements-generic-joker-none-left-held", ofc.evaluate_placements,
    ([_XJ_A, "-- / -- / --"], "Xj 3c 4d"), ValueError, "the cards in hand: joker 'Xj' in 'Xj 3c 4d'",
    "no joker is left", "X1 is already there", more=(_JK1,), n=1, seed=1)
bad("evaluate_placements-generic-joker-none-left-dead", ofc.evaluate_placements,
    ([_XJ_A, "-- / -- / --"], "Xj 3c 4d", ["7h", "Xj"]), ValueError, "dead cards: position 1: joker 'Xj'",
    "no joker is left", "X1 and X2 are already there", more=(_JK2,), n=1, seed=1)
bad("evaluate_placements-generic-joker-none-left-board", ofc.evaluate_placements,
    ([_XJ_A, _XJ_B], "X2 3c 4d"), ValueError, "player 1, top row: joker 'Xj' in 'Xj 2c'", "no joker is left",
    more=(_JK2,), n=1, seed=1)
bad("evaluate_placements-generic-joker-none-left-candidate", ofc.evaluate_placements,
    (["Jh Ah / Kd Qd / 2s", _XJ_B], "3c 4d 5d"), ValueError, "candidates[0]: top row: joker 'Xj'",
    "no joker is left", "X1 is already there", more=(_JK1,), n=1, seed=1,
    candidates=["Jh Ah Xj / Kd Qd 3c / 2s"])
bad("partial_boards-deal-generic-joker-none-left", ofc.partial.partial_boards, [_XJ_A, _XJ_B], ValueError,
    "player 1, top row: joker 'Xj'", "no joker is left", more=(1,), deal=True)
bad("rollout-dead-joker-jokers0", ofc.rollout, EMPTY2, ValueError, "dead cards", "position 1", "52",
    "jokers=0", n=1, seed=1, dead=[3, 52])
bad("rollout-dead-53-jokers1", ofc.rollout, EMPTY2, ValueError, "dead cards of board 1", "53", "jokers=1",
    more=(_JK1,), n=1, seed=1, dead=[[3], [53]])
bad("rollout-dead-third-joker", ofc.rollout, EMPTY2, ValueError, "dead cards", "54", more=(_JK2,), n=1,
    seed=1, dead=[54])
bad("rollout-known-53-jokers1", ofc.rollout, EMPTY2, ValueError, "known", "joker 'X2'", "jokers=1",
    more=(_JK1,), n=1, seed=1, known="X2")
bad("rollout-known-seat-third-joker", ofc.rollout, EMPTY2, ValueError, "known[1]", "54", more=(_JK2,), n=1,
    seed=1, known={1: [54]})
bad("rollout-known-joker-jokers0", ofc.rollout, EMPTY2, ValueError, "known", "52", "jokers=0", n=1, seed=1,
    known=[52])
bad("evaluate_placements-held-joker-jokers0", ofc.evaluate_placements, (EMPTY2, "Ah Ad X1 8c 9c"), ValueError,
    "cards in hand", "joker 'X1'", "jokers=0", n=1, seed=1)
bad("evaluate_placements-held-53-jokers1", ofc.evaluate_placements, (EMPTY2, [0, 1, 2, 3, 53]), ValueError,
    "cards in hand", "position 4", "53", "jokers=1", more=(_JK1,), n=1, seed=1)
bad("evaluate_placements-held-third-joker", ofc.evaluate_placements, (EMPTY2, [54, 52, 2, 3, 4]), ValueError,
    "cards in hand", "54", more=(_JK2,), n=1, seed=1)
bad("evaluate_placements-dead-53-jokers1", ofc.evaluate_placements, (EMPTY2, "Ah Ad 7c 8c 9c", [53]),
    ValueError, "dead cards", "53", "jokers=1", more=(_JK1,), n=1, seed=1)
bad("evaluate_placements-board-53-jokers1", ofc.evaluate_placements, (["X2 / -- / --", "-- / -- / --"],
    "Ah Ad 7c"), ValueError, "top row", "joker 'X2'", "jokers=1", more=(_JK1,), n=1, seed=1)
bad("can_avoid_foul-joker-jokers0", ofc.partial.can_avoid_foul, [0, 52] + [255] * 11, ValueError,
    "top position 1", "52", "jokers=0")
bad("can_avoid_foul-53-jokers1", ofc.partial.can_avoid_foul, "Ah / 2c X2 / --", ValueError, "middle row",
    "joker 'X2'", "jokers=1", more=(_JK1,))
bad("can_avoid_foul-third-joker", ofc.partial.can_avoid_foul, [255] * 8 + [54] + [255] * 4, ValueError,
    "bottom position 0", "54", more=(_JK2,))
bad("can_avoid_foul-dead-53-jokers1", ofc.partial.can_avoid_foul, "Ah / -- / --", ValueError, "dead cards",
    "53", "jokers=1", more=(_JK1,), dead=[53])
bad("can_avoid_foul-dead-joker-twice", ofc.partial.can_avoid_foul, "X1 / -- / --", ValueError, "X1",
    more=(_JK2,), dead=["X1"])
bad("partial-needed-53-jokers1", ofc.partial.needed, [53] + [255] * 12, ValueError, "top position 0", "53",
    "jokers=1", more=(_JK1,))
bad("partial-complete_rows-joker-jokers0", ofc.partial.complete_rows, "X1 / -- / --", ValueError,
    "joker 'X1'", "jokers=0")
bad("partial-row_values-third-joker", ofc.partial.row_values, [54, 0, 1] + [255] * 10, ValueError, "54",
    more=(_JK2,))
# treys and phevaluator have no jokers: the compat doors refuse joker codes and text, saying so
NO_JOKERS = "treys and phevaluator have no jokers"
bad("compat.evaluate_cards-joker-code", ofc.compat.evaluate_cards, 52, ValueError, "position 0",
    "52 is a joker", NO_JOKERS, more=(46, 42, 38, 34))
bad("compat.evaluate_cards-joker-53-last", ofc.compat.evaluate_cards, 50, ValueError, "position 4",
    "53 is a joker", NO_JOKERS, more=(46, 42, 38, 53))
bad("compat.evaluate_cards-joker-np", ofc.compat.evaluate_cards, 50, ValueError, "position 2",
    "52 is a joker", more=(46, np.uint8(52), 38, 34))
bad("compat.evaluate_cards-joker-text", ofc.compat.evaluate_cards, "X1", ValueError, "position 0",
    "'X1' is a joker (code 52)", NO_JOKERS, more=("Kh", "Qh", "Jh", "Th"))
bad("compat.evaluate_cards-joker-emoji", ofc.compat.evaluate_cards, "Ah", ValueError, "position 3",
    "'\U0001f0cf' is a joker", NO_JOKERS, more=("Kh", "Qh", "\U0001f0cf", "Th"))
bad("compat.evaluate_cards-joker-7", ofc.compat.evaluate_cards, "Ah", ValueError, "position 6",
    "'X2' is a joker (code 53)", more=("Kh", "Qh", "Jh", "Th", "2c", "X2"))
bad("compat.to_treys-joker-text", ofc.compat.to_treys, "Ah X1", ValueError, "position 1",
    "X1 in 'Ah X1' is a joker", NO_JOKERS)
bad("compat.to_treys-joker-code", ofc.compat.to_treys, [50, 53], ValueError, "position 1",
    "53 is a joker", NO_JOKERS)
bad("compat.to_treys-joker-array", ofc.compat.to_treys, np.array([[50, 46], [42, 52]], np.uint8),
    ValueError, "position 3", "52 is a joker", NO_JOKERS)
bad("compat.to_pokerkit-joker", ofc.compat.to_pokerkit, "Ah Xj", ValueError, "position 1",
    "X1 in 'Ah Xj' is a joker", NO_JOKERS)
bad("compat.to_eval7-joker", ofc.compat.to_eval7, "JK", ValueError, "position 0", "'JK' is a joker",
    NO_JOKERS)
bad("compat.Evaluator.evaluate-joker-code", ofc.compat.Evaluator().evaluate, [1, 53], ValueError,
    "position 1", "53 is not a Cactus Kev card integer", "a joker", NO_JOKERS, more=([2, 3, 4],))
bad("compat.Evaluator.evaluate_row-joker-code", ofc.compat.Evaluator().evaluate_row, [52, 1, 2],
    ValueError, "position 0", "52 is not a Cactus Kev card integer", NO_JOKERS)
bad("compat.from_treys-joker-code", ofc.compat.from_treys, [268442665, 52], ValueError, "position 1",
    "52", NO_JOKERS)

# --- the rl layer: VecEnv (more rows in tests/test_rl_vecenv.py) ----------------------


def _stepped(actions: Any) -> Any:
    from ofc_fast.rl import VecEnv
    env = VecEnv("pineapple", 2, num_envs=3, seed=1)
    env.reset()
    return env.step(actions)


def _vecenv(n: Any) -> Any:
    from ofc_fast.rl import VecEnv
    return VecEnv("pineapple", 2, num_envs=n)


bad("rl.VecEnv-num_envs-0", _vecenv, 0, ValueError, "num_envs", "0")
bad("rl.VecEnv-num_envs-huge", _vecenv, 1 << 40, ValueError, "num_envs", str(1 << 40))


def _sampled(seed: Any) -> Any:
    from ofc_fast.rl import VecEnv
    env = VecEnv("pineapple", 2, num_envs=3, seed=1)
    env.reset()
    return env.sample_actions(seed=seed)


def _rendered(mode: Any) -> Any:
    from ofc_fast.rl.gym import OFCEnv
    return OFCEnv("pineapple", 2, render_mode=mode)


def _env_spec(env_id: Any) -> Any:
    from ofc_fast.rl.registration import env_spec
    return env_spec(env_id)


bad("rl.VecEnv.sample_actions-seed-negative", _sampled, -1, ValueError, "seed", "-1")
bad("rl.VecEnv.sample_actions-seed-huge", _sampled, 2**64, ValueError, "seed", str(2**64))
bad("rl.VecEnv.sample_actions-seed-float", _sampled, 1.5, TypeError, "seed", "1.5")
bad("rl.VecEnv.sample_actions-seed-str", _sampled, "7", TypeError, "seed", "'7'")
bad("rl.OFCEnv-render_mode", _rendered, "rgb_array", ValueError, "render_mode", "'rgb_array'")
bad("rl.OFCEnv-render_mode-int", _rendered, 1, ValueError, "render_mode", "got 1")
bad("rl.env_spec-unknown", _env_spec, "ofc_fast/Pineapple-v9", ValueError, "env_id", "'ofc_fast/Pineapple-v9'")
bad("rl.env_spec-int", _env_spec, 3, ValueError, "env_id", "got 3")
bad("rl.VecEnv.step-float", _stepped, np.zeros(3), TypeError, "integer array", "float64")
bad("rl.VecEnv.step-shape", _stepped, np.zeros((3, 2), dtype=int), ValueError, "(3,)", "(3, 2)")
bad("rl.VecEnv.step-illegal", _stepped, np.array([0, 0, 258]), ValueError, "env 2", "action 258")
bad("rl.VecEnv.step-range", _stepped, np.array([0, 300, 0]), ValueError, "env 1", "action 300", "-1..258")


def _fl_start(chance: Any) -> Any:
    from ofc_fast.rl import VecEnv
    return VecEnv("pineapple", 2, num_envs=2, fantasyland_start=chance)


def _by_card(actions: Any) -> Any:
    from ofc_fast.rl import VecEnv
    from ofc_fast.rl.fantasyland import CardByCard
    env = CardByCard(VecEnv("pineapple", 2, num_envs=3, seed=1, fantasyland="agent", fantasyland_start=1.0))
    env.reset()
    return env.step(actions)


bad("rl.VecEnv-fantasyland_start", _fl_start, -0.5, ValueError, "fantasyland_start", "-0.5")
bad("rl.CardByCard.step-row-action", _by_card, np.array([259, 0, 259]), ValueError, "env 1", "action 0",
    "Fantasyland")
bad("rl.CardByCard.step-dtype", _by_card, np.zeros(3), TypeError, "integer array", "float64")


# issue 28: Fantasyland boards (no wrap modulo 256), bad opponent returns, raise mode's
# -1 and non-integer actions, reset_envs of nothing, merges that cannot be one result
def _fl_boards(change: tuple[int, int]) -> Any:
    from ofc_fast.rl import VecEnv
    env = VecEnv("pineapple", 2, num_envs=2, seed=1, fantasyland="agent", fantasyland_start=1.0)
    env.reset()
    cards = env.observation()["cards"]
    boards = np.stack([np.flatnonzero(cards[i, 3])[:13] for i in range(2)]).astype(np.int64)
    boards[1, change[0]] = change[1]
    return env.step(np.zeros(2, dtype=np.int64), fantasyland=boards)


def _opponent_returns(value: Any) -> Any:
    from ofc_fast.rl import VecEnv

    def stubborn(obs: Any, masks: Any, envs: Any) -> Any:
        return np.full(len(envs), value) if isinstance(value, int) else value

    return VecEnv("pineapple", 2, num_envs=4, seed=4, hero=1, opponent=stubborn).reset()


def _ofcenv_step(action: Any) -> Any:
    from ofc_fast.rl.gym import OFCEnv
    env = OFCEnv("pineapple", 2, illegal="raise")
    env.reset(seed=1)
    return env.step(action)


def _merge_with(other: Any) -> Any:
    from ofc_fast.sim.selfplay import merge_simulations
    return merge_simulations([ofc.simulate("pineapple", 2, 20, seed=1), other])


bad("rl.VecEnv.step-fantasyland-283", _fl_boards, (4, 283), ValueError, "env 1: Fantasyland board, middle position 1",
    "card code 283", "0..51")
bad("rl.VecEnv.step-fantasyland--226", _fl_boards, (0, -226), ValueError, "env 1: Fantasyland board, top position 0",
    "card code -226")
bad("rl.VecEnv.step-fantasyland-joker", _fl_boards, (12, 52), ValueError, "bottom position 4", "card code 52",
    "jokers=0")
bad("rl.VecEnv-opponent-returns--1", _opponent_returns, -1, ValueError, "the opponent stubborn",
    "seat 0", "action -1")
bad("rl.VecEnv-opponent-returns-str", _opponent_returns, "3", TypeError, "the opponent stubborn", "'3'")
bad("rl.VecEnv-opponent-returns-huge", _opponent_returns, 2**40, ValueError, "stubborn", str(2**40))


# --- the rl layer: a trained agent (more rows in tests/test_rl_agents.py) ---------------
def _agent_with(mask: Any = "legal", hidden: int = 4, actions: int = 1) -> Any:
    from ofc_fast.rl.agents import MLPAgent
    return MLPAgent("pineapple", [(np.zeros((153, hidden)), np.zeros(hidden)),
                                  (np.zeros((hidden, actions)), np.zeros(actions))], mask)


def _agent_act(masks: Any) -> Any:
    from ofc_fast.rl import VecEnv
    env = VecEnv("pineapple", 2, num_envs=3, seed=1)
    obs, _ = env.reset()
    return _agent_with().act(obs, masks, env.held_cards())


def _agent_observe(seat: Any) -> Any:
    from ofc_fast.rl.agents import observe_game
    return observe_game(ofc.Game("pineapple", 2, seed=1), seat)


def _agent_placement(value: Any, more: str = "x") -> Any:
    from ofc_fast.rl.agents import action_digits, placement_features
    args = {"x": np.zeros((2, 153)), "held": np.zeros((2, 5), dtype=np.uint8),
            "digits": action_digits("pineapple")[:232]}
    args[more] = value
    return placement_features(args["x"], args["held"], args["digits"])


def _agent_load(text: str) -> Any:
    import os
    import tempfile

    from ofc_fast.rl.agents import MLPAgent
    path = os.path.join(tempfile.mkdtemp(), text)
    np.savez(path, x=np.zeros(3))
    return MLPAgent.load(path)


bad("rl.MLPAgent-mask", _agent_with, "safe", ValueError, "mask", "'safe'")
bad("rl.MLPAgent-scores", _agent_with, "legal", ValueError, "weights", "one score", "2", more=(4, 2))
bad("rl.MLPAgent.act-masks", _agent_act, np.ones((3, 5), dtype=bool), ValueError, "masks", "(3, 5)", "259")
bad("rl.MLPAgent.load-not-agent", _agent_load, "plain.npz", ValueError, "plain.npz", "not an MLPAgent file")
bad("rl.placement_features-x", _agent_placement, np.zeros((2, 50)), ValueError, "x", "153", "(2, 50)")
bad("rl.placement_features-held", _agent_placement, np.zeros((3, 5), dtype=np.uint8), ValueError, "held",
    "(3, 5)", more=("held",))
bad("rl.placement_features-digits", _agent_placement, np.zeros((10, 5, 3)), ValueError, "digits",
    "(10, 5, 3)", more=("digits",))
bad("rl.observe_game-seat", _agent_observe, 2, ValueError, "seat", "0..1", "2")
bad("rl.observe_game-seat-str", _agent_observe, "0", ValueError, "seat", "'0'")


def _reset_envs(envs: Any) -> Any:
    from ofc_fast.rl import VecEnv
    env = VecEnv("pineapple", 2, num_envs=3, seed=1)
    env.reset()
    env.reset_envs([])   # (no env: nothing to do, not a float64 TypeError)
    return env.reset_envs(envs)


bad("rl.VecEnv.reset_envs-float", _reset_envs, [0.5], TypeError, "env indices", "float64")
bad("rl.VecEnv.reset_envs-range", _reset_envs, [1, 3], ValueError, "0..2", "[1, 3]")
for _a, _exc, _needles in ((-1, ValueError, ("action -1 is not allowed",)),
                           ("3", TypeError, ("an action is an integer", "str")),
                           (b"3", TypeError, ("an action is an integer", "bytes")),
                           (1.7, TypeError, ("an action is an integer", "float 1.7")),
                           (True, TypeError, ("an action is an integer", "bool"))):
    bad(f"rl.OFCEnv.step-{_a!r}", _ofcenv_step, _a, _exc, *_needles)
bad("sim.merge_simulations-rules", _merge_with, Lazy(lambda: ofc.simulate("original", 2, 20, seed=1)),
    ValueError, "part 0 was played under 'pineapple'", "part 1 under 'original'")
bad("sim.merge_simulations-players", _merge_with, Lazy(lambda: ofc.simulate("pineapple", 3, 20, seed=1)),
    ValueError, "part 0 is of 2 players", "part 1 of 3")
bad("sim.merge_simulations-None", _merge_with, None, TypeError, "part 1 is NoneType None")


@pytest.mark.parametrize("case", TABLE, ids=[c.name for c in TABLE])
def test_bad_input(case: Bad) -> None:
    args = tuple(a.make() if isinstance(a, Lazy) else a for a in case.args)
    with pytest.raises(case.exc) as info:
        case.fn(*args, **case.kwargs)
    msg = str(info.value)
    missing = [n for n in case.needles if not _matches(n, msg)]
    assert not missing, f"{missing} not in message {msg!r}"
    still_works()


def test_table_covers_every_public_function() -> None:
    """Every public function (and Board's constructors and methods) is in the table."""
    covered = {c.name.split("-")[0] for c in TABLE}
    functions = {name for name in ofc.__all__ if callable(getattr(ofc, name))
                 and not isinstance(getattr(ofc, name), type)}
    functions -= {"get_include", "get_sources"}          # no arguments to get wrong
    functions |= {"Board", "Board.parse", "Rules", "with_stay",
                  *(f"Board.{m}" for m in ("analyze", "strength", "royalties", "fouled", "fantasyland", "stays"))}
    assert functions - covered == set()
    assert len(TABLE) > 500


def test_no_argument_functions_reject_arguments() -> None:
    with pytest.raises(TypeError):
        ofc.get_include("x")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ofc.get_sources("x")  # type: ignore[call-arg]
    assert ofc.get_sources() and all(s.endswith(".c") for s in ofc.get_sources())


# ----------------------------------------------------------------- valid edge cases

EMPTY_CASES: list[tuple[str, Callable[[], Any], Callable[[Any], bool]]] = [
    ("strength-(0,5)", lambda: ofc.strength(np.zeros((0, 5), np.uint8)),
     lambda r: r.shape == (0,) and r.dtype == np.uint16),
    ("strength-(0,3)-int64", lambda: ofc.strength(np.zeros((0, 3), np.int64)),
     lambda r: r.shape == (0,) and r.dtype == np.uint16),
    ("strength-(4,0,5)", lambda: ofc.strength(np.zeros((4, 0, 5), np.uint8)),
     lambda r: r.shape == (4, 0) and r.dtype == np.uint16),
    ("strength-(0,5)-workers", lambda: ofc.strength(np.zeros((0, 5), np.uint8), workers=-1),
     lambda r: r.shape == (0,)),
    ("lowball27-(0,5)", lambda: ofc.lowball27(np.zeros((0, 5), np.uint8)),
     lambda r: r.shape == (0,) and r.dtype == np.uint16),
    ("lowball27-(0,5)-fortran", lambda: ofc.lowball27(np.asfortranarray(np.zeros((0, 5), np.int32))),
     lambda r: r.shape == (0,)),
    ("category-empty", lambda: ofc.category(np.zeros(0, np.uint16)),
     lambda r: r.shape == (0,) and r.dtype == np.uint8),
    ("describe-empty", lambda: ofc.describe(np.zeros(0, np.uint16)), lambda r: r == []),
    ("to_cactus_rank-empty", lambda: ofc.to_cactus_rank(np.zeros((0, 2), np.int64)),
     lambda r: r.shape == (0, 2)),
    ("cards-empty-text", lambda: ofc.cards(""), lambda r: r.shape == (0,) and r.dtype == np.uint8),
    ("cards-(0,5)", lambda: ofc.cards(np.zeros((0, 5), np.int64)),
     lambda r: r.shape == (0, 5) and r.dtype == np.uint8),
    ("cards-empty-list", lambda: ofc.cards([]), lambda r: r.shape == (0,) and r.dtype == np.uint8),
    ("card_str-empty", lambda: ofc.card_str(np.zeros(0, np.uint8)), lambda r: r == ""),
    ("card_str-(0,5)", lambda: ofc.card_str(np.zeros((0, 5), np.uint8)), lambda r: r == []),
    ("to_cactus-empty", lambda: ofc.to_cactus(np.zeros(0, np.uint8)), lambda r: r.shape == (0,)),
    ("to_cactus-empty-list", lambda: ofc.to_cactus([]), lambda r: r.shape == (0,)),
    ("from_cactus-empty", lambda: ofc.from_cactus(np.zeros((0, 5), np.int64)),
     lambda r: r.shape == (0, 5) and r.dtype == np.uint8),
    ("from_cactus-empty-list", lambda: ofc.from_cactus([]), lambda r: r.shape == (0,) and r.dtype == np.uint8),
    ("analyze-(0,13)", lambda: ofc.analyze(np.zeros((0, 13), np.uint8)),
     lambda r: r.fouled.shape == (0,) and r.strength.shape == (0, 3) and r.royalties.shape == (0, 3)
     and r.fantasyland.shape == (0,) and r.stays.shape == (0,)),
    ("analyze-(2,0,13)-int64", lambda: ofc.analyze(np.zeros((2, 0, 13), np.int64), ofc.LOW),
     lambda r: r.fouled.shape == (2, 0) and r.strength.shape == (2, 0, 3)),
    ("analyze-(0,13)-infl-True", lambda: ofc.analyze(np.zeros((0, 13), np.uint8), in_fantasyland=True),
     lambda r: r.fantasyland.shape == (0,)),
    ("analyze-(0,13)-infl-empty-list", lambda: ofc.analyze(np.zeros((0, 13), np.uint8), in_fantasyland=[]),
     lambda r: r.fantasyland.shape == (0,)),
    ("score-(0,2,13)", lambda: ofc.score(np.zeros((0, 2, 13), np.uint8)),
     lambda r: r.shape == (0, 2) and r.dtype == np.int32),
    ("score-(0,4,13)-original", lambda: ofc.score(np.zeros((0, 4, 13), np.uint8), ofc.ORIGINAL, workers=2),
     lambda r: r.shape == (0, 4)),
    ("score_matrix-(0,3,13)", lambda: ofc.score_matrix(np.zeros((0, 3, 13), np.uint8)),
     lambda r: r.shape == (0, 3, 3) and r.dtype == np.int32),
    ("score_matrix-(5,0,2,13)", lambda: ofc.score_matrix(np.zeros((5, 0, 2, 13), np.int16)),
     lambda r: r.shape == (5, 0, 2, 2)),
]


@pytest.mark.parametrize("name,call,ok", EMPTY_CASES, ids=[c[0] for c in EMPTY_CASES])
def test_empty_input_gives_empty_result(name: str, call: Callable[[], Any], ok: Callable[[Any], bool]) -> None:
    result = call()
    assert ok(result), f"{name}: {result!r}"
    still_works()


def _layouts(arr: np.ndarray) -> dict[str, tuple[np.ndarray, Callable[[np.ndarray], np.ndarray]]]:
    """Views of ``arr``'s data in other memory layouts, with how to map a result back."""
    same = lambda r: r  # noqa: E731
    ro = arr.copy()
    ro.setflags(write=False)
    wide = np.zeros(arr.shape[:-1] + (arr.shape[-1] * 3,), arr.dtype)
    wide[..., ::3] = arr
    rows2 = np.repeat(arr, 2, axis=0)
    flipped = arr[::-1]
    return {
        "readonly": (ro, same),
        "fortran": (np.asfortranarray(arr), same),
        "strided-cards": (wide[..., ::3], same),
        "strided-rows": (rows2[::2], same),
        "negative-stride": (flipped, lambda r: r[::-1]),
        "negative-stride-readonly": (np.lib.stride_tricks.as_strided(flipped, writeable=False), lambda r: r[::-1]),
        "transposed-copy": (np.ascontiguousarray(np.moveaxis(arr, -1, 0)).transpose(
            tuple(range(1, arr.ndim)) + (0,)), same),
        "int64": (arr.astype(np.int64), same),
        "big-endian-int32": (arr.astype(">i4"), same),
        "readonly-fortran-int16": (np.asfortranarray(arr.astype(np.int16)), same),
    }


def _as_tuple(result: Any) -> tuple[np.ndarray, ...]:
    return tuple(np.asarray(x) for x in result) if isinstance(result, tuple) else (np.asarray(result),)


LAYOUT_FUNCS: dict[str, tuple[Callable[[np.ndarray], Any], Callable[[], np.ndarray]]] = {
    "strength5": (ofc.strength, lambda: _hands(300, 5, 11)),
    "strength3": (ofc.strength, lambda: _hands(300, 3, 12)),
    "strength-3d": (ofc.strength, lambda: _hands(60, 5, 13).reshape(6, 10, 5)),
    "strength-workers2": (lambda a: ofc.strength(a, workers=2), lambda: _hands(300_000, 5, 14)),
    "lowball27": (ofc.lowball27, lambda: _hands(300, 5, 15)),
    "analyze": (lambda a: ofc.analyze(a, ofc.PROGRESSIVE), lambda: _hands(300, 13, 16)),
    "analyze-low": (lambda a: ofc.analyze(a, ofc.LOW, in_fantasyland=True), lambda: _hands(300, 13, 17)),
    "score": (ofc.score, lambda: _hands(200, 26, 18).reshape(200, 2, 13)),
    "score_matrix": (lambda a: ofc.score_matrix(a, ofc.ORIGINAL), lambda: _hands(100, 52, 19).reshape(100, 4, 13)),
    "cards": (ofc.cards, lambda: _hands(50, 5, 20)),
    "to_cactus": (ofc.to_cactus, lambda: _hands(50, 5, 21)),
    "card_str": (lambda a: np.array(ofc.card_str(a)), lambda: _hands(20, 5, 22)),
}


@pytest.mark.parametrize("fname", LAYOUT_FUNCS)
def test_valid_memory_layouts_equal_contiguous(fname: str) -> None:
    fn, make = LAYOUT_FUNCS[fname]
    arr = make()
    want = _as_tuple(fn(arr))
    for layout, (view, back) in _layouts(arr).items():
        before = view.copy()
        got = _as_tuple(fn(view))
        assert np.array_equal(view, before), f"{fname}/{layout}: input modified"
        assert len(got) == len(want)
        for g, w in zip(got, want):
            g = back(g) if g.ndim else g
            assert g.shape == w.shape and g.dtype == w.dtype, f"{fname}/{layout}: {g.dtype}{g.shape}"
            assert np.array_equal(g, w), f"{fname}/{layout}: differs from the contiguous result"


@pytest.mark.parametrize("layout", ["readonly", "strided", "negative-stride", "fortran-2d"])
def test_layouts_of_value_arrays(layout: str) -> None:
    """category / describe / to_cactus_rank / from_cactus on odd layouts."""
    s = ofc.strength(_hands(40, 5, 30)).astype(np.int64)
    c = ofc.to_cactus(_hands(40, 5, 31))
    views: dict[str, Callable[[np.ndarray], np.ndarray]] = {
        "readonly": lambda a: np.lib.stride_tricks.as_strided(a, writeable=False),
        "strided": lambda a: np.repeat(a, 2)[::2],
        "negative-stride": lambda a: a[::-1].copy()[::-1],
        "fortran-2d": lambda a: np.asfortranarray(a.reshape(8, -1)),
    }
    view = views[layout]
    for fn, arr in ((ofc.category, s), (ofc.to_cactus_rank, s), (ofc.from_cactus, c)):
        v = view(arr)
        assert np.array_equal(fn(v), fn(np.ascontiguousarray(v)))
    v = view(s)
    assert ofc.describe(v) == ofc.describe(np.ascontiguousarray(v))


def test_real_suit_symbols_are_accepted() -> None:
    plain = ofc.cards("As Kh Qd Jc").tolist()
    assert ofc.cards("A\u2660 K\u2665 Q\u2666 J\u2663").tolist() == plain       # ♠ ♥ ♦ ♣
    assert ofc.cards("A\u2664 K\u2661 Q\u2662 J\u2667").tolist() == plain       # ♤ ♡ ♢ ♧
    assert ofc.card("10\u2665") == ofc.card("Th")
    assert ofc.strength("A\u2665 K\u2665 Q\u2665 J\u2665 T\u2665") == ofc.STRENGTH_MAX
    assert ofc.parse_boards(B1_TEXT.replace("Kh", "K\u2665")).tolist() == B1.tolist()
    still_works()


def test_numpy_scalar_codes_inside_lists_are_fine() -> None:
    for t in (np.uint8, np.int8, np.int16, np.uint16, np.int64, np.uint64):
        assert ofc.strength([t(c) for c in ROYAL]) == ofc.STRENGTH_MAX
        assert ofc.lowball27(tuple(t(c) for c in NUTS_LOW)) == ofc.LOWBALL_MAX
        assert ofc.cards([t(50), "Kd", t(0)]).tolist() == [50, 45, 0]
        assert ofc.card_str([t(50), t(45)]) == "Ah Kd"
        assert ofc.analyze([t(c) for c in B1]).royalties.tolist() == list(EXPECT_ROYALTIES)
        assert ofc.score([[t(c) for c in B1], [t(c) for c in B2]]).tolist() == EXPECT_DEAL
        assert ofc.strength([[t(c) for c in ROYAL], [t(c) for c in TOP_QQ5 + [0, 1]]])[0] == ofc.STRENGTH_MAX
        assert ofc.category(t(ofc.STRENGTH_MAX) if np.iinfo(t).max >= ofc.STRENGTH_MAX else ofc.STRENGTH_MAX) \
            == ofc.HandCategory.ROYAL_FLUSH


def test_numpy_integer_workers_accepted() -> None:
    hands = _hands(5 * 65536, 5, 40)
    want = ofc.strength(hands)
    for w in (np.int64(2), np.uint8(3), np.int32(-1)):
        assert np.array_equal(ofc.strength(hands, workers=w), want)
