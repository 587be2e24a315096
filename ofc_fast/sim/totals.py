"""Exact totals of many hands: the integer sums that self-play and rollouts add up.

A C call adds, per player, net points, their squares, fouls, Fantasyland
entries and royalties into int64 words.  Rules may pay up to 2**31 - 1 points
a deal (``Rules.max_deal_points``), whose square nearly fills an int64, so a
call gets at most :func:`safe_block` hands (every hand the policy's block for
real rules; one hand a call for the most extreme ones) and the calls' sums are
added here as Python ints: a total never wraps.  The result stays an int64
array while it fits, and becomes an array of Python ints (dtype object) only
when a sum passes 2**63 - 1.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from .._checks import shown
from ..board.rules import Rules

_INT64_MAX = 2**63 - 1


def safe_block(rules: Rules, block: int) -> int:
    """Hands (or completions) per C call, at most ``block``, whose sums of squared
    points cannot pass an int64 under ``rules``."""
    worst = max(1, rules.max_deal_points)
    return max(1, min(block, _INT64_MAX // (worst * worst)))


def mergeable(parts: Any, kind: type, what: str) -> list[Any]:
    """The results ``parts`` to merge (any iterable of ``kind``) as a list, refused
    (naming both sides) where they cannot be one result: no result, an item of another
    type, another player count, other rules."""
    if isinstance(parts, kind):   # (a NamedTuple: iterable, over its fields)
        raise TypeError(f"{what} takes a sequence of {kind.__name__} objects, got one {kind.__name__}: "
                        f"pass [result]")
    if isinstance(parts, (str, bytes)) or not isinstance(parts, Iterable):
        raise TypeError(f"{what} takes a sequence of {kind.__name__} objects, got {type(parts).__name__} "
                        f"{shown(parts, 60)}")
    items = list(parts)
    if not items:
        raise ValueError(f"{what} needs at least one result")
    for k, p in enumerate(items):
        if not isinstance(p, kind):
            raise TypeError(f"{what}: part {k} is {type(p).__name__} {shown(p, 60)}, not a {kind.__name__}")
    first = items[0]
    seats = first.sums.shape[0]
    for k, p in enumerate(items[1:], 1):
        if p.sums.shape[0] != seats:
            raise ValueError(f"{what}: part 0 is of {seats} players, part {k} of {p.sums.shape[0]}: results "
                             f"of different player counts do not merge")
    ruled = [(k, p.rules) for k, p in enumerate(items) if p.rules is not None]
    for k, r in ruled[1:]:
        j, r0 = ruled[0]
        if r != r0:
            names = (f"{r0.name!r}, part {k} under {r.name!r}" if r.name != r0.name
                     else f"{r0.name!r}, part {k} under other rules of that name")
            raise ValueError(f"{what}: part {j} was played under {names}: results of different rules "
                             f"do not merge")
    return items


def add(total: npt.NDArray[Any] | None, part: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """``total + part`` in Python ints (dtype object): exact at any size."""
    wide = part.astype(object)
    return wide if total is None else total + wide


def narrow(total: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """``total`` as int64 when every sum fits, else as Python ints (dtype object)."""
    if total.dtype == np.int64:
        return total
    flat = total.reshape(-1).tolist()
    if all(-_INT64_MAX - 1 <= int(v) <= _INT64_MAX for v in flat):
        return np.asarray(total, dtype=object).astype(np.int64)
    return np.asarray(total, dtype=object)


def mean_stderr(net: npt.NDArray[Any], squares: npt.NDArray[Any],
                n: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Mean and standard error of the mean from exact sums of points and of their
    squares over ``n`` hands (the variance from integers: no cancellation beyond
    the final division's rounding; NaN stderr below 2 hands)."""
    s = [int(v) for v in net.tolist()]
    q = [int(v) for v in squares.tolist()]
    mean = np.array([v / max(n, 1) for v in s], dtype=np.float64)
    if n > 1:
        # (sum x^2 - (sum x)^2 / n) / (n - 1) as one exact ratio of ints, rounded once
        # (Python's int / int is correctly rounded)
        var = np.array([(n * b - a * a) / (n * (n - 1)) for a, b in zip(s, q)], dtype=np.float64)
        stderr: npt.NDArray[np.float64] = np.sqrt(np.maximum(var, 0.0) / n)
    else:
        stderr = np.full(len(s), np.nan)
    return mean, stderr


def rate(column: npt.NDArray[Any], n: int) -> npt.NDArray[np.float64]:
    """A column of exact counts or sums per hand, as float means."""
    if column.dtype == np.int64 and n < 2**53 and bool((np.abs(column) < 2**53).all()):
        # exact as floats: one correctly rounded division, as int / int
        return column.astype(np.float64) / float(max(n, 1))
    return np.array([int(v) / max(n, 1) for v in column.tolist()], dtype=np.float64)
