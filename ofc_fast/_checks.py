"""Argument checks shared by every layer: integers that may be codes or counts,
values shown in messages, inputs numpy would misread, nested lists that are not
rectangular, seeds and stream ranges.

One home for each check, so every entry point words the same error the same way.
"""
from __future__ import annotations

from typing import Any, TypeGuard

import numpy as np

__all__ = ["NOT_INT", "check_int", "check_seed", "check_start", "count", "is_int", "ragged", "refuse_odd",
           "shown"]

#: integer types that are no codes: bools, and numpy's timedelta64 (a numpy integer)
NOT_INT = (bool, np.bool_, np.timedelta64)


def is_int(v: Any) -> TypeGuard[int | np.integer[Any]]:
    """True for a Python or numpy integer that may be a code (not a bool or a timedelta)."""
    return isinstance(v, (int, np.integer)) and not isinstance(v, NOT_INT)


def shown(value: Any, limit: int = 40) -> str:
    """repr of ``value`` for a message, cut to about ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


PLAIN = frozenset({str, list, tuple, int, bool, type(None)})


def refuse_odd(x: Any, what: str = "cards") -> None:
    """TypeError for inputs whose items numpy would misread as codes or values.

    Bytes (their byte values), dicts and sets (their keys, in no set order),
    masked arrays (the masked values too) and datetimes / timedeltas.
    """
    if type(x) in PLAIN:   # the common inputs, at the cost of one lookup
        return
    if isinstance(x, (bytes, bytearray, memoryview)):
        raise TypeError(f"{what}: {type(x).__name__} is not accepted (its byte values are not "
                        f"card codes); decode text to str first: {shown(x)}")
    if isinstance(x, (dict, set, frozenset)):
        why = "only its keys would be read" if isinstance(x, dict) else "its items have no order"
        raise TypeError(f"{what}: a {type(x).__name__} is not accepted ({why}); pass a list "
                        f"or an array: {shown(x)}")
    if isinstance(x, np.ma.MaskedArray):
        raise TypeError(f"{what}: masked arrays are not accepted (the masked entries would be "
                        f"read too); pass arr.compressed() or arr.filled(...)")
    if isinstance(x, np.ndarray) and x.dtype.kind in "mM":
        raise TypeError(f"{what}: datetime and timedelta values are not integers (a {x.dtype} array)")
    if isinstance(x, (np.datetime64, np.timedelta64)):
        raise TypeError(f"{what}: datetime and timedelta values are not integers: {shown(x)}")
def ragged(x: Any, index: tuple[int, ...] = ()) -> str | None:
    """Where nested lists stop being rectangular: 'row 1 has 3 items where row 0 has 5'."""
    if not isinstance(x, (list, tuple, np.ndarray)) or isinstance(x, np.ndarray) and x.dtype != object:
        return None
    items = list(x)
    nested = [isinstance(i, (list, tuple, np.ndarray)) for i in items]
    sizes = [len(i) if n else None for i, n in zip(items, nested)]
    for k in range(1, len(items)):
        if sizes[k] != sizes[0]:
            def row(j: int) -> str:
                at = index + (j,)
                return f"row {at[0] if len(at) == 1 else at}"

            def have(s: int | None) -> str:
                return "a single value" if s is None else f"{s} item{'s' * (s != 1)}"
            return (f"{row(k)} has {have(sizes[k])} where {row(0)} has {have(sizes[0])}: "
                    f"nested lists must be rectangular")
    for k, item in enumerate(items):
        inner = ragged(item, index + (k,))
        if inner:
            return inner
    return None


def check_int(value: Any, name: str, what: str = "an int") -> int:
    """``value`` as an int (a Python or numpy integer, no bool: :func:`is_int`), or a
    TypeError naming it: "``name`` must be ``what``, got ``value``"."""
    if type(value) is int:   # the common case first: every batch call checks its workers=
        return value
    if not is_int(value):
        raise TypeError(f"{name} must be {what}, got {shown(value)}")
    return int(value)


def check_seed(seed: Any, name: str = "seed") -> int:
    """``seed`` as an int in 0 .. 2**64 - 1, or a clear error."""
    s = check_int(seed, name, "an int in 0..2**64-1")
    if not 0 <= s < 2**64:
        raise ValueError(f"{name} must be in 0..2**64-1, got {s}")
    return s


def count(value: Any, name: str, lo: int, hi: int | None = None) -> int:
    """``value`` as an int in ``lo..hi`` (no upper bound for None), or a TypeError /
    ValueError naming it."""
    v = check_int(value, name)
    if v < lo or (hi is not None and v > hi):
        raise ValueError(f"{name} must be in {lo}..{hi}, got {v}" if hi is not None else
                         f"{name} must be >= {lo}, got {v}")
    return v


def check_start(start: int, n: int, limit: int) -> None:
    """Indices start .. start + n - 1 fit the kernel's counter (below ``limit``): no wrapping."""
    if start + n > limit:
        raise ValueError(f"start + n must be at most {limit} (the streams' index range), got "
                         f"start = {start}, n = {n}")
