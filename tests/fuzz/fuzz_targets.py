#!/usr/bin/env python3
"""Fuzz targets for every ofc_fast entry point that takes user data.

    python tests/fuzz/fuzz_targets.py TARGET [libFuzzer / atheris arguments]
    python tests/fuzz/fuzz_targets.py --list

TARGET is one of ``text``, ``array``, ``values``, ``boards``, ``deals`` and
``rules`` (see ``TARGETS``).  Each target turns the fuzzer's bytes into an
input, calls the library, and checks the contract: either a valid result
(right type, dtype, shape and range; for small inputs the same answer as the
pure-Python oracle ``ofc_fast.reference``) or a ``ValueError`` /
``TypeError`` with a message.  Anything else (another exception, a wrong
answer, an error for a valid input, a crash in the C core) is a finding.

With atheris installed this is coverage-guided (ofc_fast's Python modules are
instrumented); without it a plain random driver runs the same targets and
understands ``-runs=N``, ``-max_total_time=S``, ``-seed=N`` and input files
(to replay a crash).  See tests/fuzz/README.md.
"""
from __future__ import annotations

import dataclasses
import os
import random
import sys
import time
import traceback
import types
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

try:
    import atheris
except ImportError:  # pragma: no cover - the fallback driver below is used
    atheris = None

import ofc_fast as ofc
from ofc_fast import reference as ref

# Coverage instrumentation of ofc_fast's Python code (the C core is not
# instrumented; a crash there still ends the run as a finding).
#
# atheris (3.0) leaks the result of every instrumented comparison that is not a
# plain Python value: each ``arr == 3`` on a numpy array, traced for dataflow,
# stays in memory.  So comparisons are traced (dataflow, good for parsing) only
# in the modules that compare plain ints and strings (cards: text parsing;
# reference: the oracle, whose branches follow the hand categories); the
# numpy-heavy modules get control-flow coverage only.
# OFC_FUZZ_INSTRUMENT=none turns instrumentation off, =all traces dataflow everywhere.
INSTRUMENT = os.environ.get("OFC_FUZZ_INSTRUMENT", "default")
DATAFLOW_MODULES = {"ofc_fast.hand.cards", "ofc_fast.reference"}


def _functions(module: Any) -> list[Any]:
    """The Python functions defined in a module (also methods, properties, cached properties)."""
    found: list[Any] = []

    def add(obj: Any) -> None:
        for attr in ("fget", "fset", "func", "__func__"):
            inner = getattr(obj, attr, None)
            if inner is not None and not isinstance(obj, type):
                add(inner)
        if isinstance(obj, types.FunctionType) and obj.__module__ == module.__name__:
            found.append(obj)

    for obj in vars(module).values():
        if isinstance(obj, type) and obj.__module__ == module.__name__:
            for member in vars(obj).values():
                add(member)
        else:
            add(obj)
    return found


def instrument() -> int:
    """Instrument every ofc_fast module; the number of functions instrumented."""
    if atheris is None or INSTRUMENT == "none":
        return 0
    from atheris.instrument_bytecode import patch_code
    count = 0
    for name, module in sorted(sys.modules.items()):
        if name != "ofc_fast" and not name.startswith("ofc_fast."):
            continue
        dataflow = INSTRUMENT == "all" or name in DATAFLOW_MODULES
        for func in _functions(module):
            func.__code__ = patch_code(func.__code__, dataflow)
            count += 1
    return count


ALLOWED = (ValueError, TypeError)
SMALL = 12                      # inputs up to this many rows are checked against the oracle


# ----------------------------------------------------------------- fuzz bytes

class Data:
    """Reads choices from the fuzzer's bytes; zeros once they run out."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            return 0
        b = self.data[self.pos]
        self.pos += 1
        return b

    def int(self, lo: int, hi: int) -> int:
        """An int in lo..hi (inclusive)."""
        span = hi - lo
        if span <= 0:
            return lo
        v = 0
        for _ in range((span.bit_length() + 7) // 8):
            v = (v << 8) | self.byte()
        return lo + v % (span + 1)

    def bool(self) -> bool:
        return bool(self.byte() & 1)

    def chance(self, in_256: int) -> bool:
        return self.byte() < in_256

    def pick(self, seq: Sequence[Any]) -> Any:
        return seq[self.int(0, len(seq) - 1)]

    def deck(self) -> list[int]:
        """A permutation of the 52 cards."""
        deck = list(range(52))
        for i in range(51, 0, -1):
            j = self.int(0, i)
            deck[i], deck[j] = deck[j], deck[i]
        return deck


# ----------------------------------------------------------------- contract helpers

def attempt(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[bool, Any]:
    """(True, result) or (False, the allowed exception); anything else propagates."""
    try:
        return True, fn(*args, **kwargs)
    except ALLOWED as e:
        assert str(e), f"{type(e).__name__} without a message from {getattr(fn, '__name__', fn)}"
        return False, e


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def check_order(values: Sequence[int], keys: Sequence[Any]) -> None:
    """The library's values order the rows as the oracle's keys do."""
    for i in range(len(values)):
        for j in range(i + 1, len(values)):
            want = sign((keys[i] > keys[j]) - (keys[i] < keys[j]))
            got = sign(int(values[i]) - int(values[j]))
            assert got == want, f"order of rows {i}, {j}: {values[i]} vs {values[j]}, oracle {keys[i]} vs {keys[j]}"


def valid_hands(arr: np.ndarray, sizes: tuple[int, ...]) -> bool:
    """Is an integer array a valid batch of hands?"""
    if arr.ndim == 0 or arr.shape[-1] not in sizes:
        return False
    flat = arr.reshape(-1, arr.shape[-1]).astype(object)
    if not all(0 <= int(v) <= 51 for v in flat.reshape(-1)):
        return False
    return all(len({int(v) for v in row}) == len(row) for row in flat)


# ----------------------------------------------------------------- target: text

POOL = (list("23456789TJQKAtjqkacdhsCDHS10xX-_?/|,;[] \t\n")
        + ["\u2660", "\u2665", "\u2666", "\u2663", "\u2664", "\u2661", "\u2662", "\u2667",  # real suits
           "\u0441", "\u0410", "\uff21", "\u03bf", "\u039a", "\u04bb", "\u0455", "\u0501",  # look-alikes
           "\uff12", "\u212a", "\U0001d400", "\uff53", "\u2764", "\u200b", "\u0301", "\x00",
           "\u00a0", "\u2028", "\ud800", "\u0662", "\u2169", "\u0131", "\u017f", "\ufb00"])
TOKENS = ([r + s for r in "23456789TJQKA" for s in "cdhs"] + ["10h", "10s", "ah", "KD", "tS",
          "A\u2660", "10\u2665", "--", "__", "??", "xx", "XX", "1", "0", "10", "A", "h"])
SEPARATORS = [" ", "", ",", " / ", "|", "  ", "\t", ";", "[", "]", "/", " | "]


def make_text(d: Data) -> str:
    mode = d.int(0, 3)
    if mode == 0:                                  # characters from the pool
        return "".join(d.pick(POOL) for _ in range(d.int(0, 50)))
    if mode == 1:                                  # any code point
        out = []
        for _ in range(d.int(0, 20)):
            out.append(chr(d.int(0, 0x10FFFF)))
        return "".join(out)
    # tokens with separators: mostly card-like text
    n = d.pick([1, 3, 5, 13, d.int(0, 20)])
    parts = []
    for _ in range(n):
        tok = d.pick(TOKENS) if mode == 2 or d.chance(200) else d.pick(POOL)
        parts.append(tok)
        parts.append(d.pick(SEPARATORS) if d.chance(230) else d.pick(POOL))
    return "".join(parts)


ASCII_CARD_TEXT = set("23456789TJQKAtjqkacdhsCDHS10 \t\n/|")


def fuzz_text(data: bytes) -> None:
    d = Data(data)
    text = make_text(d)

    ok, codes = attempt(ofc.cards, text)
    if ok:
        assert isinstance(codes, np.ndarray) and codes.dtype == np.uint8 and codes.ndim == 1
        assert (codes <= 51).all()
        assert ofc.cards(ofc.card_str(codes)).tolist() == codes.tolist()
        if set(text) <= ASCII_CARD_TEXT:          # the oracle's simpler grammar agrees
            assert ref.parse(text) == codes.tolist(), (text, codes)
    ok_e, codes_e = attempt(ofc.cards, text, allow_empty=True)
    if ok:
        assert ok_e and codes_e.tolist() == codes.tolist()
    if ok_e:
        assert codes_e.dtype == np.uint8 and ((codes_e <= 51) | (codes_e == 255)).all()
        assert ofc.cards(ofc.card_str(codes_e), allow_empty=True).tolist() == codes_e.tolist()
    else:
        assert not ok

    ok1, one = attempt(ofc.card, text)
    if ok1:
        assert isinstance(one, int) and 0 <= one <= 51 and ok and codes.tolist() == [one]
    elif ok:
        assert len(codes) != 1

    hand_ok = ok and len(codes) in (3, 5) and len(set(codes.tolist())) == len(codes)
    ok_s, s = attempt(ofc.strength, text)
    assert ok_s == hand_ok, (text, ok_s, s)
    if ok_s:
        assert isinstance(s, int) and 1 <= s <= ofc.STRENGTH_MAX
        assert int(ofc.category(s)) == ref.category(codes.tolist())
        assert s == ofc.strength(codes) == ofc.strength(codes.tolist())
        ok_d, name = attempt(ofc.describe, text)
        assert ok_d and isinstance(name, str) and name == ofc.describe(s)
    ok_l, low = attempt(ofc.lowball27, text)
    assert ok_l == (hand_ok and len(codes) == 5)
    if ok_l:
        assert isinstance(low, int) and 1 <= low <= ofc.LOWBALL_MAX
        assert low == ofc.lowball27(codes)

    ok_p, board = attempt(ofc.parse_boards, text)
    if ok_p:
        assert board.dtype == np.uint8 and board.shape == (13,) and (board <= 51).all()
    ok_b, b = attempt(ofc.Board.parse, text)
    assert ok_b == (ok_p and len(set(board.tolist())) == 13), (text, ok_p, ok_b)
    if ok_b:
        assert b.codes.tolist() == board.tolist()
        assert str(ofc.Board.parse(str(b))) == str(b)
        rules = d.pick(list(ofc.PRESETS.values()))
        check_boards(board[None], rules, None, ofc.analyze(text, rules))


# ----------------------------------------------------------------- target: array

INT_DTYPES = ["i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", ">i4", ">u2", "<i2"]
OTHER_DTYPES = ["f4", "f8", "?", "c8", "O", "U4", "S4", "M8[s]", "f2"]
SPECIAL = [-1, 52, 255, 256, 2**31, 2**31 - 1, 2**63 - 1, -(2**31), 2**15, 77, -128, 2**64 - 1]


def make_codes(d: Data, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    """Mostly valid hands (distinct cards per row), sometimes spoiled."""
    size = int(np.prod(shape))
    k = shape[-1] if shape else 1
    out: list[Any] = []
    deck = d.deck() if size else []
    for i in range(size):
        if i % max(k, 1) == 0 and i:
            # a new row: a fresh stretch of a rotated deck keeps rows distinct
            rot = d.int(0, 51)
            deck = deck[rot:] + deck[:rot]
        v: Any = deck[i % max(k, 1) % 52] if k <= 52 else d.int(0, 51)
        if d.chance(8):
            v = d.pick(SPECIAL)
        elif d.chance(6) and out:
            v = out[-1]                            # a duplicate
        out.append(v)
    if dtype in INT_DTYPES:
        info = np.iinfo(np.dtype(dtype))
        out = [v if info.min <= v <= info.max else info.max for v in out]
        return np.array(out, dtype=dtype).reshape(shape)
    if dtype == "O":
        objs = [ofc.card_str(v) if isinstance(v, int) and 0 <= v <= 51 and d.bool() else v for v in out]
        if d.chance(20) and objs:
            objs[d.int(0, len(objs) - 1)] = d.pick([None, 1.5, b"Ah", True, object(), [1], "Zz"])
        arr = np.empty(size, dtype=object)
        arr[:] = objs
        return arr.reshape(shape)
    if dtype in ("U4", "S4"):
        names = [ofc.card_str(v) if 0 <= v <= 51 else "Zz" for v in out]
        return np.array(names, dtype=dtype).reshape(shape)
    if dtype == "M8[s]":
        fits = [v if -(2**63) <= v < 2**63 else 0 for v in out]
        return np.array(fits, dtype="i8").astype(dtype).reshape(shape) if size else np.zeros(shape, dtype)
    return np.array([v % 997 for v in out]).astype(dtype).reshape(shape)


def relayout(d: Data, arr: np.ndarray) -> np.ndarray:
    how = d.int(0, 5)
    if arr.ndim == 0 or how == 0:
        return arr
    if how == 1:
        return np.asfortranarray(arr)
    if how == 2:
        return np.ascontiguousarray(arr[::-1])[::-1]
    if how == 3:
        wide = np.zeros(arr.shape[:-1] + (arr.shape[-1] * 2,), arr.dtype)
        wide[..., ::2] = arr
        return wide[..., ::2]
    if how == 4:
        ro = arr.copy()
        ro.setflags(write=False)
        return ro
    return np.lib.stride_tricks.as_strided(arr, writeable=False)


def make_shape(d: Data, lasts: Sequence[int]) -> tuple[int, ...]:
    ndim = d.pick([1, 1, 2, 2, 2, 3, 0])
    if ndim == 0:
        return ()
    lead = tuple(d.pick([0, 1, 2, 3, 5, 7]) for _ in range(ndim - 1))
    return lead + (d.pick(lasts),)


def fuzz_array(data: bytes) -> None:
    d = Data(data)
    dtype = d.pick(INT_DTYPES * 3 + OTHER_DTYPES)
    shape = make_shape(d, [0, 1, 2, 3, 3, 4, 5, 5, 5, 6, 12, 13, 14])
    arr = relayout(d, make_codes(d, shape, dtype))
    workers = d.pick([1, 1, 2, 3, -1])
    before = arr.tobytes() if arr.dtype != object else None
    is_int = arr.dtype.kind in "iu"

    for fn, sizes, top in ((ofc.strength, (3, 5), ofc.STRENGTH_MAX), (ofc.lowball27, (5,), ofc.LOWBALL_MAX)):
        ok, out = attempt(fn, arr, workers=workers)
        if is_int:
            assert ok == valid_hands(arr, sizes), (fn.__name__, arr.dtype, arr.shape, out)
        elif arr.dtype.kind not in "OU":
            assert not ok and isinstance(out, TypeError), (fn.__name__, arr.dtype, out)
        if not ok:
            continue
        codes = ofc.cards(arr) if arr.ndim else None
        assert codes is not None
        if arr.ndim == 1:
            assert isinstance(out, int) and 1 <= out <= top
            flat_out = [out]
        else:
            assert isinstance(out, np.ndarray) and out.dtype == np.uint16 and out.shape == codes.shape[:-1]
            assert out.size == 0 or (1 <= out.min() and out.max() <= top)
            flat_out = out.reshape(-1).tolist()
        rows = codes.reshape(-1, codes.shape[-1]).tolist()
        if len(rows) <= SMALL:
            key = ref.row_key if fn is ofc.strength else ref.lowball_key
            check_order(flat_out, [key(r) for r in rows])
            if fn is ofc.strength:
                assert [int(ofc.category(v)) for v in flat_out] == [ref.category(r) for r in rows]

    ok, codes = attempt(ofc.cards, arr)
    if is_int:
        in_range = arr.size == 0 or bool(((arr >= 0) & (arr <= 51)).all())
        assert ok == in_range, (arr.dtype, arr.shape, codes)
        if ok:
            assert codes.dtype == np.uint8 and codes.shape == arr.shape
            assert np.array_equal(codes, arr.astype(np.int64))
    if ok and codes.ndim >= 1:
        cactus = ofc.to_cactus(codes)
        assert cactus.shape == codes.shape
        assert np.array_equal(ofc.from_cactus(cactus), codes)
        if codes.size <= 200:
            text = ofc.card_str(codes)
            if codes.ndim == 1:
                assert ofc.cards(text).tolist() == codes.tolist()
    if is_int and arr.size <= 200:
        ok_t, text = attempt(ofc.card_str, arr)
        # 52 and 53 print as the jokers X1, X2
        in_range_or_empty = arr.size == 0 or bool((((arr >= 0) & (arr <= 53)) | (arr == 255)
                                                   | ((arr == -1) if arr.dtype.kind == "i" else False)).all())
        assert ok_t == in_range_or_empty, (arr.dtype, arr.shape, text)
    if before is not None:
        assert arr.tobytes() == before, "input modified"


# ----------------------------------------------------------------- target: values

def fuzz_values(data: bytes) -> None:
    """Strength values for category / describe / to_cactus_rank; Cactus Kev ints for from_cactus."""
    d = Data(data)
    dtype = d.pick(INT_DTYPES + ["f8", "?", "O"])
    shape = make_shape(d, [0, 1, 2, 3, 7])
    size = int(np.prod(shape)) if shape else 1
    vals = []
    for _ in range(size):
        vals.append(d.pick([d.int(1, ofc.STRENGTH_MAX), d.int(1, ofc.STRENGTH_MAX), d.int(1, ofc.STRENGTH_MAX),
                            0, -1, ofc.STRENGTH_MAX + 1, ofc.STRENGTH_FIVE_MAX + 1, 2**16, 2**31, 2**63 - 1,
                            2**64 - 1]))
    if dtype in INT_DTYPES:
        info = np.iinfo(np.dtype(dtype))
        vals = [v if info.min <= v <= info.max else info.max for v in vals]
    arr = np.array(vals, dtype=object if dtype == "O" else None)
    if dtype != "O":
        with np.errstate(all="ignore"):
            arr = arr.astype(dtype, casting="unsafe")
    arr = relayout(d, arr.reshape(shape))
    # strengths run to STRENGTH_FIVE_MAX: five of a kind (jokers) is above STRENGTH_MAX
    info_ok = arr.dtype.kind in "iu" and (arr.size == 0 or bool(((arr >= 1) & (arr <= ofc.STRENGTH_FIVE_MAX)).all()))

    ok, cat = attempt(ofc.category, arr)
    if arr.dtype.kind in "iu":
        assert ok == info_ok, (arr, cat)
    if ok:
        if arr.ndim == 0:
            assert isinstance(cat, ofc.HandCategory)
        else:
            assert cat.dtype == np.uint8 and cat.shape == arr.shape and (cat <= 10).all()
    ok_d, names = attempt(ofc.describe, arr)
    assert ok_d == ok
    if ok_d and arr.ndim == 0:
        assert isinstance(names, str) and names
    ok_c, rank = attempt(ofc.to_cactus_rank, arr)
    if ok_c:
        r = np.asarray(rank)
        assert r.shape == arr.shape and (r.size == 0 or (1 <= r.min() and r.max() <= 7462))
        assert ok and (np.asarray(cat) >= 0).all()
    elif ok:
        assert isinstance(rank, ValueError) and ("3-card" in str(rank) or "five of a kind" in str(rank))

    # Cactus Kev integers: real ones, spoiled ones
    n = d.int(0, 8)
    codes = np.array([d.int(0, 51) for _ in range(n)], dtype=np.int64)
    ints = [int(v) for v in ofc.to_cactus(codes)]
    if ints and d.chance(80):
        ints[d.int(0, n - 1)] ^= 1 << d.int(0, 31)
    ok_f, back = attempt(ofc.from_cactus, np.array(ints, dtype=np.int64))
    assert ok_f == all(v in ALL_CACTUS for v in ints), (ints, back)
    if ok_f:
        assert back.dtype == np.uint8 and back.shape == (n,)
        assert [int(v) for v in ofc.to_cactus(back)] == ints


ALL_CACTUS = frozenset(int(v) for v in ofc.to_cactus(np.arange(52)))


# ----------------------------------------------------------------- rules

HC = ofc.HandCategory
INT_CHOICES = [0, 1, -1, 2, 3, 12, 13, 14, 15, 17, 26, 39, 40, 52, 255, 256, 10_000, 10_001,
               -10_000, -10_001, 2**31, 2**63, -(2**63)]
RULE_FIELDS = [f.name for f in dataclasses.fields(ofc.Rules)]


def fuzz_value(d: Data, field: str) -> Any:
    kind = d.int(0, 9)
    current = getattr(ofc.PINEAPPLE, field)
    if kind == 0:
        return d.pick([None, "x", 1.5, True, False, b"x", [], (), "either", "both", "standard"])
    if kind == 1:
        return d.pick(list(HC))
    if kind == 2:
        return np.int64(d.pick(INT_CHOICES[:14]))
    if isinstance(current, tuple) or kind == 3:
        n = d.pick([len(current) if isinstance(current, tuple) else 13, 10, 13, 12, 14, 9])
        items = [d.pick(INT_CHOICES[:16]) if d.chance(100) else d.int(0, 30) for _ in range(n)]
        if d.chance(10) and items:
            items[0] = d.pick([1.5, None, "1", True])
        return d.pick([tuple(items), list(items), np.array(items, dtype=object) if d.chance(30) else tuple(items)])
    if isinstance(current, bool):
        return d.bool() if kind < 8 else d.pick([0, 1, "yes", np.bool_(True)])
    if isinstance(current, str):
        return d.pick(["either", "both", "", "x", "low", "pineapple"])
    return d.pick(INT_CHOICES) if kind < 6 else d.int(0, 20)


def make_rules(d: Data) -> ofc.Rules | None:
    base = d.pick(list(ofc.PRESETS.values()))
    changes = {}
    for _ in range(d.int(0, 4)):
        field = d.pick(RULE_FIELDS)
        changes[field] = fuzz_value(d, field)
    ok, r = attempt(dataclasses.replace, base, **changes)
    if not ok:
        return None
    assert isinstance(r, ofc.Rules)
    return r


def check_rules_invariants(r: ofc.Rules) -> None:
    assert dataclasses.replace(r) == r and hash(dataclasses.replace(r)) == hash(r)
    for field in ("top_pair", "top_trips", "middle", "bottom", "low_middle", "fl_top_pair", "fl_top_trips"):
        v = getattr(r, field)
        assert isinstance(v, tuple) and all(type(x) is int for x in v)
    assert 2 <= r.min_players <= r.max_players <= 4
    assert r.first_round + r.rounds * r.round_play == 13
    tables = r.tables
    assert all(not a.flags.writeable for a in tables.arrays)


# ----------------------------------------------------------------- target: boards

def check_boards(boards: np.ndarray, rules: ofc.Rules, infl: Any, a: ofc.Analysis) -> None:
    """An analysis against the oracle, board by board."""
    lead = boards.shape[:-1]
    assert a.fouled.shape == lead and a.fouled.dtype == np.bool_
    assert a.strength.shape == lead + (3,) and a.strength.dtype == np.uint16
    assert a.royalties.shape == lead + (3,) and a.royalties.dtype == np.int16
    assert a.fantasyland.shape == lead and a.fantasyland.dtype == np.uint8
    assert a.stays.shape == lead and a.stays.dtype == np.bool_
    flags = np.broadcast_to(np.asarray(infl if infl is not None else False) != 0, lead)
    rows = boards.reshape(-1, 13).tolist()
    for i, (b, f) in enumerate(zip(rows, flags.reshape(-1).tolist())):
        idx = np.unravel_index(i, lead) if lead else ()
        assert bool(a.fouled[idx]) == ref.fouled(b, rules), (b, rules.name)
        assert tuple(int(x) for x in a.royalties[idx]) == ref.royalties(b, rules), (b, rules)
        assert int(a.fantasyland[idx]) == ref.fantasyland(b, rules, bool(f)), (b, rules, f)
        assert bool(a.stays[idx]) == ref.stays(b, rules), (b, rules)
        mid = ofc.lowball27(b[3:8]) if rules.low else ofc.strength(b[3:8])
        assert [int(x) for x in a.strength[idx]] == [ofc.strength(b[0:3]), mid, ofc.strength(b[8:13])]


def fuzz_boards(data: bytes) -> None:
    d = Data(data)
    rules = make_rules(d) if d.chance(60) else d.pick(list(ofc.PRESETS.values()))
    if rules is None:
        rules = ofc.PINEAPPLE
    n = d.pick([0, 1, 2, 3, 5, 8, SMALL])
    boards = np.array([d.deck()[:13] for _ in range(n)], dtype=np.int64).reshape(n, 13)
    spoiled = False
    if n and d.chance(70):
        i, j = d.int(0, n - 1), d.int(0, 12)
        how = d.int(0, 2)
        if how == 0:
            boards[i, j] = d.pick([-1, 52, 255, 256, 2**31, -2])
        else:
            k = (j + d.int(1, 12)) % 13
            boards[i, j] = boards[i, k]
        spoiled = True
    if n % 2 == 0 and n and d.bool():
        boards = boards.reshape(2, n // 2, 13)
    dtype = d.pick(["u1", "i8", "i2", "u2"])
    if dtype == "u1":
        boards = np.where(boards < 0, 255, boards)
    info = np.iinfo(np.dtype(dtype))
    boards = np.clip(boards, info.min, info.max).astype(dtype)
    arr = relayout(d, boards)
    infl_kind = d.int(0, 3)
    lead = arr.shape[:-1]
    infl: Any = None
    if infl_kind == 1:
        infl = d.bool()
    elif infl_kind == 2:
        infl = np.array([d.bool() for _ in range(int(np.prod(lead)))], dtype=bool).reshape(lead)
    elif infl_kind == 3 and lead:
        infl = np.array([d.int(0, 2) for _ in range(lead[-1])], dtype=np.uint8)
    workers = d.pick([1, 2, 3])
    ok, a = attempt(ofc.analyze, arr, rules, in_fantasyland=infl, workers=workers)
    really_bad = spoiled and not bool(((arr >= 0) & (arr <= 51)).all() and all(
        len(set(r)) == 13 for r in np.asarray(arr).reshape(-1, 13).tolist()))
    # a uint8 count of 2 is neither a flag nor a Fantasyland card count (13..17)
    bad_infl = infl_kind == 3 and bool(lead) and bool((np.asarray(infl) == 2).any())
    assert ok == (not (really_bad or bad_infl)), (arr, a)
    if not ok:
        return
    check_boards(np.asarray(arr).astype(np.int64), rules, infl, a)
    if arr.ndim == 2 and arr.shape[0]:
        b = ofc.Board(arr[0])
        assert b.royalties(rules) == tuple(int(x) for x in a.royalties[0])


# ----------------------------------------------------------------- target: deals

def fuzz_deals(data: bytes) -> None:
    d = Data(data)
    rules = make_rules(d) if d.chance(60) else d.pick(list(ofc.PRESETS.values()))
    if rules is None:
        rules = ofc.ORIGINAL
    players = d.pick([2, 2, 3, 3, 4, 1, 5])
    n = d.pick([0, 1, 2, 3, 6])
    cards = min(13 * players, 52)
    deals = np.zeros((n, players, 13), dtype=np.int64)
    for i in range(n):
        deck = d.deck()
        deals[i].reshape(-1)[:cards] = deck[:cards]
    if n and d.chance(80):
        i, p, j = d.int(0, n - 1), d.int(0, players - 1), d.int(0, 12)
        if d.bool():
            deals[i, p, j] = d.pick([-1, 52, 255, 1000])
        else:
            q, k = d.int(0, players - 1), d.int(0, 12)
            if (q, k) != (p, j):
                deals[i, p, j] = deals[i, q, k]
    dtype = d.pick(["u1", "i8", "i4"])
    if dtype == "u1":
        deals = np.where(deals < 0, 255, np.minimum(deals, 255))
    arr = relayout(d, deals.astype(dtype))
    workers = d.pick([1, 2, 3])
    players_ok = rules.min_players <= players <= rules.max_players
    flat = np.asarray(arr).astype(np.int64).reshape(n, players * 13)
    cards_ok = bool(((flat >= 0) & (flat <= 51)).all()) and all(len(set(r)) == len(r) for r in flat.tolist())
    for fn in (ofc.score, ofc.score_matrix):
        ok, out = attempt(fn, arr, rules, workers=workers)
        assert ok == (players_ok and cards_ok), (fn.__name__, players, rules.name, out)
        if not ok:
            continue
        assert out.dtype == np.int32
        if fn is ofc.score:
            assert out.shape == (n, players)
            assert (out.sum(axis=-1) == 0).all()
        else:
            assert out.shape == (n, players, players)
            assert np.array_equal(out, -np.swapaxes(out, -1, -2))
        for i in range(min(n, SMALL)):
            deal = flat[i].reshape(players, 13).tolist()
            want = ref.score(deal, rules) if fn is ofc.score else ref.score_matrix(deal, rules)
            assert out[i].tolist() == want, (deal, rules)
    if n and players_ok and cards_ok:
        one = ofc.score(np.asarray(arr)[0], rules)
        assert one.shape == (players,) and one.tolist() == ofc.score(arr, rules)[0].tolist()


# ----------------------------------------------------------------- target: rules

def fuzz_rules(data: bytes) -> None:
    d = Data(data)
    r = make_rules(d)
    if r is None:
        return
    check_rules_invariants(r)
    for conv in ofc.STAY_CONVENTIONS:
        ok, r2 = attempt(r.with_stay, conv)
        if ok:
            check_rules_invariants(r2)
    assert ofc.get_rules(r) is r
    # boards and deals under these rules, against the oracle
    n = d.int(1, 4)
    boards = np.array([d.deck()[:13] for _ in range(n)], dtype=np.uint8)
    infl = d.bool()
    check_boards(boards.astype(np.int64), r, infl, ofc.analyze(boards, r, in_fantasyland=infl))
    players = d.int(r.min_players, r.max_players)
    deck = d.deck()
    deal = np.array(deck[:13 * players], dtype=np.uint8).reshape(players, 13)
    assert ofc.score(deal, r).tolist() == ref.score(deal.tolist(), r)
    assert ofc.score_matrix(deal, r).tolist() == ref.score_matrix(deal.tolist(), r)


# ----------------------------------------------------------------- driver

TARGETS: dict[str, Callable[[bytes], None]] = {
    "text": fuzz_text,
    "array": fuzz_array,
    "values": fuzz_values,
    "boards": fuzz_boards,
    "deals": fuzz_deals,
    "rules": fuzz_rules,
}


def _fallback(target: Callable[[bytes], None], args: list[str]) -> None:  # pragma: no cover
    """A random driver with libFuzzer's basic flags, for platforms without atheris."""
    opts = {a[1:].split("=", 1)[0]: a.split("=", 1)[1] for a in args if a.startswith("-") and "=" in a}
    files = [a for a in args if not a.startswith("-")]
    inputs: list[bytes] = []
    for f in files:
        if os.path.isdir(f):
            inputs += [open(os.path.join(f, x), "rb").read() for x in sorted(os.listdir(f))]
        elif os.path.exists(f):
            inputs.append(open(f, "rb").read())
    rng = random.Random(int(opts.get("seed", "0")) or None)
    runs = int(opts.get("runs", "-1"))
    deadline = time.monotonic() + float(opts.get("max_total_time", "0") or "inf")
    done = 0

    def run_one(data: bytes) -> None:
        try:
            target(data)
        except BaseException:
            traceback.print_exc()
            path = opts.get("artifact_prefix", "") + "crash-fallback"
            with open(path, "wb") as f:
                f.write(data)
            print(f"== finding; input written to {path}", file=sys.stderr)
            sys.exit(1)

    for data in inputs:
        run_one(data)
        done += 1
    if files and not opts.get("runs") and not opts.get("max_total_time"):
        print(f"Done {done} runs (replayed inputs)", file=sys.stderr)
        return
    while (runs < 0 or done < runs) and time.monotonic() < deadline:
        run_one(bytes(rng.getrandbits(8) for _ in range(rng.choice([0, 8, 64, 256, 1024]))))
        done += 1
    print(f"Done {done} runs (random driver, no atheris)", file=sys.stderr)


def main(argv: list[str]) -> None:
    if len(argv) < 2 or argv[1] not in TARGETS:
        print(__doc__.split("\n\n")[1] if argv[1:2] != ["--list"] else "", file=sys.stderr)
        print("targets: " + " ".join(TARGETS))
        sys.exit(0 if argv[1:2] == ["--list"] else 2)
    target = TARGETS[argv[1]]
    args = [argv[0]] + argv[2:]
    if atheris is None:  # pragma: no cover
        _fallback(target, args[1:])
        return
    print(f"INFO: instrumented {instrument()} ofc_fast functions", file=sys.stderr)
    atheris.Setup(args, target)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
