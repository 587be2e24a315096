"""One row at a time: the strength of a row still being filled, and a row's royalty.

A partial row is on the same scale as :func:`~ofc_fast.strength`: it is
worth what it has made so far, its missing cards counting lower than any
card.  Exactly: the cards' pattern (category from the rank counts -- high
card, pair, two pair, trips or quads; no straight or flush is made before
the fifth card -- then the distinct ranks by count and rank, missing ones
last and lowest) is placed on the strength scale, and the row gets the
smallest strength whose pattern is at least that (its ceiling, found by a
binary search over the strengths, in C).  So

* 3 cards are worth their 3-card strength and 5 cards their strength;
* a 2-card top "Ah Ad" is a pair of aces with no kicker: equal to A-A-2 on
  top, above every pair of kings;
* a 4-card middle "Kh Kd 7c 3s" is worth K-K-7-3-2, the least it can become;
* the value never exceeds that of any completion of the row, and more
  cards never lower it (tests/test_board_rows.py checks both on random rows).

>>> partial_strength("Ah Ad") == strength("Ah Ad 2c")
True
>>> partial_strength("Kh Kd 7c 3s") == strength("Kh Kd 7c 3s 2d")
True
>>> royalty("Qh Qd 5c", "top", PINEAPPLE), royalty("5s 6s 7s 8s 9s", "middle", PINEAPPLE)
(7, 30)
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from .. import _core, _workers
from ..hand.bad_rows import explain_bad_row
from ..hand.cards import cards
from ..hand.strength import STRENGTH_MAX, describe, joker_rules, lowball27, strength  # noqa: F401 (describe)
from .geometry import ROW_SIZES, ROWS
from .rules import PINEAPPLE, Rules, get_rules

__all__ = ["partial_strength", "royalty"]


def _rows_array(x: Any, jokers: int = 0) -> tuple[npt.NDArray[np.uint8], tuple[int, ...], bool]:
    if isinstance(x, (bool, np.bool_)) or (isinstance(x, (int, np.integer)) and np.ndim(x) == 0):
        raise TypeError(f"a row is a sequence of cards, not a single value: {x!r}")
    if isinstance(x, np.ndarray) and x.dtype.kind not in "iuUS":
        raise TypeError(f"cards must be integer codes or text, got a {x.dtype} array")
    arr = cards(x, allow_empty=True, jokers=jokers)
    if arr.ndim == 0:
        raise TypeError("a row is a sequence of cards, not a single value")
    k = arr.shape[-1]
    if k > 5:
        raise ValueError(f"a row holds at most 5 cards: got {k} (last dimension of shape {arr.shape})")
    n = int(np.prod(arr.shape[:-1], dtype=np.int64))
    return np.ascontiguousarray(arr.reshape(n, k)), arr.shape[:-1], arr.ndim == 1


@overload
def partial_strength(rows: str | Sequence[int], *, workers: int = ..., rules: Any = ...) -> int: ...
@overload
def partial_strength(rows: npt.NDArray[Any] | Sequence[Sequence[Any]], *, workers: int = ...,
                     rules: Any = ...) -> Any: ...


def partial_strength(rows: Any, *, workers: int = 1, rules: Any = None) -> Any:
    """Strength of rows holding 0 to 5 cards, on the scale of :func:`strength` (see the module).

    ``rows``: one row (text, codes) of up to 5 cards, or an array ``(..., 3)``
    or ``(..., 5)`` whose empty slots are 255 (or -1, or ``--`` in text).
    Gives an int, or a uint16 array ``(...)``; an empty row is 0.  A card
    twice in a row is an error.  In C; ``workers``: threads (the GIL is
    released).

    >>> describe(partial_strength("Ah")), partial_strength([])   # A-3-2 is the least ace high
    ('Ace high, Three-Two kickers', 0)
    >>> partial_strength([[50, 255, 255], [50, 51, 255]]).tolist() == [partial_strength("Ah"),
    ...                                                               partial_strength("Ah As")]
    True

    ``rules``: the rules of a deck with jokers (:func:`~ofc_fast.strength`):
    a joker is then the card that makes the row worth the most (a row of 3
    or 5 cards: its strength with jokers).
    """
    w = _workers.resolve_workers(workers)
    jokers, five_kind = joker_rules(rules)
    flat, lead, one = _rows_array(rows, jokers)
    n = flat.shape[0]
    out = np.empty(n, dtype=np.uint16)
    if jokers:
        bad = _workers.run(lambda lo, hi: _core.partial_jokers_rows(flat, out, lo, hi, jokers, five_kind), n, w)
    else:
        bad = _workers.run(lambda lo, hi: _core.partial_rows(flat, out, lo, hi), n, w)
    if bad >= 0:   # a card twice (codes out of range were refused when reading)
        explain_bad_row(flat[bad].tolist(), lambda i: f"position {i}", "the row",
                        label=f"row {bad}" if lead else "", empty_ok=True, jokers=jokers)
    if one:
        return int(out[0])
    return out.reshape(lead)


@overload
def royalty(row: str | Sequence[int], name: str, rules: Rules | str = ...) -> int: ...
@overload
def royalty(row: npt.NDArray[Any] | Sequence[Sequence[Any]], name: str, rules: Rules | str = ...) -> Any: ...


def royalty(row: Any, name: str, rules: Rules | str = PINEAPPLE) -> Any:
    """Royalty of complete rows of one kind: ``name`` is "top" (3 cards), "middle" or "bottom" (5).

    The points the row brings on an unfouled board (a Low middle: its 2-7
    points, 0 when dead).  One row gives an int, an array ``(..., 3|5)`` an
    int32 array ``(...)``.

    >>> royalty("Kc Kd Kh Ks 2d", "bottom", "pineapple"), royalty("7c 5d 4h 3s 2c", "middle", "low")
    (10, 8)

    With rules that deal jokers a row may hold them; it is resolved on its own
    (each joker the card that makes the row best: :func:`~ofc_fast.strength`,
    a Low middle :func:`~ofc_fast.lowball27`), five of a kind paying
    ``five_of_a_kind_middle`` / ``five_of_a_kind_bottom``.
    """
    r = get_rules(rules)
    if not isinstance(name, str) or name not in ROWS:
        raise ValueError(f"row name must be 'top', 'middle' or 'bottom', got {name!r}")
    index = ROWS.index(name)
    size = ROW_SIZES[index]
    if isinstance(row, (bool, np.bool_)) or (isinstance(row, (int, np.integer)) and np.ndim(row) == 0):
        raise TypeError(f"a row is a sequence of cards, not a single value: {row!r}")
    codes = row if isinstance(row, np.ndarray) and row.dtype.kind in "iu" else cards(row, jokers=r.jokers)
    if codes.ndim == 0 or codes.shape[-1] != size:
        got = codes.shape[-1] if codes.ndim else 0
        raise ValueError(f"the {name} row has {size} cards, got {got}")
    jk = r if r.jokers else None
    arr = np.asarray(lowball27(codes, rules=jk) if index == 1 and r.low else strength(codes, rules=jk))
    info = r.tables.arrays[index]
    five = arr > STRENGTH_MAX   # five of a kind: its own royalty (jokers only)
    pts = (info[np.where(five, 0, arr)] & 0xFFFF).astype(np.uint16).view(np.int16).astype(np.int32)
    if five.any():
        pts = np.where(five, (0, r.five_of_a_kind_middle, r.five_of_a_kind_bottom)[index], pts).astype(np.int32)
    return int(pts) if arr.ndim == 0 else pts


# --- one row at C speed -----------------------------------------------------------
# The public names: partial_strength and royalty of one row are answered in C by the
# doors of _core (ofc_fast/_scalar.pxi); every other input goes on to the general
# function above (``fn.__wrapped__``), which words the errors.
partial_strength = _core.partial_strength_door(partial_strength)
royalty = _core.royalty_door(royalty, Rules, PINEAPPLE, get_rules)
