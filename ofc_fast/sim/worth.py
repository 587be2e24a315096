"""Points credited for earning Fantasyland (``fantasyland_value=``), added exactly.

Earning Fantasyland is worth more than the hand's points: the next hand is
played with many cards at once.  ``fantasyland_value`` is that worth in
points (0 to ``MAX_VALUE`` = 1e150), a number for every entry, or a mapping
from the cards a player in Fantasyland is dealt to a value (Progressive:
``{14: 8, 15: 11, 16: 14, 17: 18}``); a stay counts as an entry with the
cards it deals.  The bound keeps every figure finite: the standard error
squares the points credited, and the square of 1e150 (1e300) is still a
float with room to spare (the largest is about 1.8e308), where 1e200 would
overflow.

The C kernels split each seat's hands by the Fantasyland cards they earn
(``_sim.fl_split``: hands, sum of net points, least and greatest net points
per card count), and the credited sums come from that split in exact
rational arithmetic: with ``v_k`` the value of ``k`` cards, ``c_k`` the
hands that earned ``k`` and ``S_k`` their net points,

    sum (net + v)   = sum net   + sum_k v_k c_k
    sum (net + v)^2 = sum net^2 + sum_k (2 v_k S_k + v_k^2 c_k)

so a float value is exact too (a float is a rational number): only the
final mean and standard error are rounded, once.  The ``sums`` of a result
stay those of the hands' own points.
"""
from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .._checks import is_int, shown
from ..board.rules import Rules
from ..hand.cards import DECK_SIZE
from . import totals

__all__ = ["FantasylandValue", "add_split", "check_value", "credited", "extremes"]

#: the checked form of ``fantasyland_value``: cards dealt -> points (None: nothing credited)
FantasylandValue = dict[int, int | float] | None

#: the greatest worth taken: its square (in the standard error) must stay a finite float
MAX_VALUE: Final = 1e150
_MAX_TEXT: Final = "1e150"


def _number(v: Any, where: str) -> int | float:
    """One worth: a finite number of points, 0 or more (earning Fantasyland is never a loss:
    a negative worth is a sign slip, and would steer a bot away from Fantasyland)."""
    if is_int(v):
        out: int | float = int(v)
        if abs(out) > sys.float_info.max:   # the means are floats: an int beyond them is infinite
            raise ValueError(f"{where} must be finite, got {shown(v)}")
    elif isinstance(v, (float, np.floating)) and not isinstance(v, bool):
        if not math.isfinite(float(v)):
            raise ValueError(f"{where} must be finite, got {v!r}")
        f = float(v)
        out = int(f) if f.is_integer() else f
    else:
        raise TypeError(f"{where} must be a number of points (int or float), got {type(v).__name__} {v!r}")
    if out < 0:
        raise ValueError(f"{where} must be 0 or more (the points earning Fantasyland is worth), got {v!r}")
    if out > MAX_VALUE:   # the standard error squares it: beyond the bound that overflows a float
        raise ValueError(f"{where} must be at most {_MAX_TEXT} points (the standard error squares it), "
                         f"got {shown(v)}")
    return out


def check_value(value: Any, rules: Rules) -> FantasylandValue:
    """``fantasyland_value`` as cards -> points for every count ``rules`` deal a player in
    Fantasyland (a number: the same for all; a mapping: its entries, 0 for counts it
    leaves out); None or 0: nothing credited.  A key that is no card count, or a count
    these rules never deal, and a value that is negative, NaN, infinite or above
    :data:`MAX_VALUE` (1e150), are a ValueError naming them."""
    if value is None:
        return None
    deals = sorted(rules.fantasyland_deals)
    if isinstance(value, Mapping):
        out: dict[int, int | float] = {}
        for key, v in value.items():
            if not is_int(key):
                raise TypeError(f"fantasyland_value: a key is the cards dealt in Fantasyland (an int), "
                                f"got {type(key).__name__} {key!r}")
            k = int(key)
            if not 13 <= k <= DECK_SIZE:
                raise ValueError(f"fantasyland_value[{k}]: a key is the cards dealt in Fantasyland, "
                                 f"13..{DECK_SIZE}, got {k}")
            if k not in deals:
                raise ValueError(f"fantasyland_value[{k}]: {rules.name} never deals {k} cards in "
                                 f"Fantasyland (it deals {deals or 'none'})")
            out[k] = _number(v, f"fantasyland_value[{k}]")
    else:
        v = _number(value, "fantasyland_value")
        out = dict.fromkeys(deals, v)
    out = {k: v for k, v in out.items() if v != 0}
    return out or None


def add_split(total: npt.NDArray[Any] | None, part: npt.NDArray[np.int64]) -> npt.NDArray[Any]:
    """Two by-Fantasyland tables of disjoint hands as one (hands and sums add exactly as
    Python ints, least and greatest combine where a bucket has hands)."""
    if total is None:
        return part.astype(object)
    out = total.copy()
    out[..., :2] = totals.add(total[..., :2], part[..., :2])
    a_has, b_has = total[..., 0] > 0, part[..., 0] > 0
    for col, pick in ((2, np.minimum), (3, np.maximum)):
        both = pick(total[..., col].astype(object), part[..., col].astype(object))
        out[..., col] = np.where(a_has & b_has, both, np.where(b_has, part[..., col], total[..., col]))
    return out


def add_parts(sums: Sequence[npt.NDArray[Any]], splits: Sequence[npt.NDArray[Any]] | None
              ) -> tuple[npt.NDArray[Any], npt.NDArray[Any] | None]:
    """The totals of disjoint parts as one, in Python ints (dtype object): their sums
    added, and (``splits`` not None) their by-Fantasyland tables as :func:`add_split`
    joins them, in one pass over all the parts (not a part at a time)."""
    total = np.stack([np.asarray(s).astype(object) for s in sums]).sum(axis=0)
    if splits is None:
        return total, None
    every = np.stack([np.asarray(b).astype(object) for b in splits])
    out = every[0].copy()
    out[..., :2] = every[..., :2].sum(axis=0)
    has = every[..., 0] > 0
    any_has = has.any(axis=0)
    big = 2**256   # beyond any net points: stands for "no hands" in the least and greatest
    lo = np.where(has, every[..., 2], big).min(axis=0)
    hi = np.where(has, every[..., 3], -big).max(axis=0)
    out[..., 2] = np.where(any_has, lo, out[..., 2])
    out[..., 3] = np.where(any_has, hi, out[..., 3])
    return total, out


def same_value(values: Sequence[Any], what: str) -> None:
    """Refuse to join results that credit different ``fantasyland_value``."""
    seen = {repr(v) for v in values}
    if len(seen) > 1:
        raise ValueError(f"{what}: the results credit different fantasyland_value ({', '.join(sorted(seen))})")


def extremes(split: npt.NDArray[Any]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Per seat, the least and greatest net points over the hands (no value credited;
    NaN with no hands)."""
    has = split[:, :, 0] != 0
    lo = np.where(has, split[:, :, 2], np.iinfo(np.int64).max).min(axis=1).astype(np.float64)
    hi = np.where(has, split[:, :, 3], np.iinfo(np.int64).min).max(axis=1).astype(np.float64)
    empty = ~has.any(axis=1)
    lo[empty] = np.nan
    hi[empty] = np.nan
    return lo, hi


def credited(sums: npt.NDArray[Any], split: npt.NDArray[Any], n: int, value: FantasylandValue
             ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64],
                        npt.NDArray[np.float64]]:
    """Per seat: mean and standard error of net points plus the value credited, and the
    least and greatest of them over the hands (NaN with no hands)."""
    value = value or {}
    players = sums.shape[0]
    mean = np.zeros(players)
    stderr = np.full(players, np.nan)
    lo = np.full(players, np.nan)
    hi = np.full(players, np.nan)
    for p in range(players):
        total = Fraction(int(sums[p, 0]))
        square = Fraction(int(sums[p, 1]))
        least = greatest = None
        for k in np.flatnonzero(split[p, :, 0] != 0).tolist():
            c = int(split[p, k, 0])
            v = Fraction(value.get(k, 0))
            total += v * c
            square += 2 * v * int(split[p, k, 1]) + v * v * c
            a, b = int(split[p, k, 2]) + v, int(split[p, k, 3]) + v
            least = a if least is None else min(least, a)
            greatest = b if greatest is None else max(greatest, b)
        mean[p] = float(total / max(n, 1))
        if n > 1:
            stderr[p] = math.sqrt(max(float((square - total * total / n) / (n - 1)), 0.0) / n)
        if least is not None and greatest is not None:
            lo[p], hi[p] = float(least), float(greatest)
    return mean, stderr, lo, hi
