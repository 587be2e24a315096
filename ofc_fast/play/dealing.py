"""Dealing in C: seeded random deals as the variant deals them (docs/RULES.md §7).

Deal ``i`` of a seed is a shuffle drawn from its own counter-based random
stream (a hash of the seed and ``i``), so the array does not depend on the
number of worker threads, and deals ``[a, b)`` of a long run can be made
anywhere (``start=``).  The stream is splitmix64's finaliser over a Weyl
sequence; the shuffle is a partial Fisher-Yates over the 52 cards, three
positions from each 32-bit half of an output (Lemire's multiply-shift
chained through the low halves, with the rare rejection that keeps it
exactly uniform).  tests/engine_model.py reproduces it in plain Python.

>>> d = deal(2, "pineapple", 3, seed=7)
>>> d.shape, d.dtype.name
((2, 3, 13), 'uint8')
>>> bool((np.sort(d.reshape(2, -1), axis=1)[:, 1:] != np.sort(d.reshape(2, -1), axis=1)[:, :-1]).all())
True
>>> bool((deal(2, "pineapple", 3, seed=7) == d).all())
True
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _engine, _workers
from ..board.rules import Rules, get_rules

__all__ = ["check_seed", "check_start", "deal"]


def check_seed(seed: Any, name: str = "seed") -> int:
    """``seed`` as an int in 0 .. 2**64 - 1, or a clear error."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"{name} must be an int in 0..2**64-1, got {seed!r}")
    if not 0 <= int(seed) < 2**64:
        raise ValueError(f"{name} must be in 0..2**64-1, got {seed}")
    return int(seed)


def _count(value: Any, name: str, lo: int, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {value!r}")
    v = int(value)
    if v < lo or (hi is not None and v > hi):
        raise ValueError(f"{name} must be in {lo}..{hi if hi is not None else ''}, got {v}")
    return v


def check_start(start: int, n: int, limit: int) -> None:
    """Indices start .. start + n - 1 fit the kernel's counter (below ``limit``): no wrapping."""
    if start + n > limit:
        raise ValueError(f"start + n must be at most {limit} (the streams' index range), got "
                         f"start = {start}, n = {n}")


def deal(n: int, rules: Rules | str, players: int, *, seed: int, street: int | None = None,
         start: int = 0, workers: int = 1) -> npt.NDArray[np.uint8]:
    """``n`` random deals: uint8 ``(n, players, k)``, no card twice within a deal.

    ``street=None``: 13 cards a player, the cards of complete boards (give
    them to :func:`~ofc_fast.score` as boards).  ``street=s`` (0 = the first
    round): the cards each player has received after street ``s``, in the
    order received (``first_round + s * round_cards``; all ``cards_dealt``
    at ``s = rules.rounds``), exactly what :class:`~ofc_fast.Game` deals a
    hand with nobody in Fantasyland; player 0 sits left of the button.  The
    deck goes round the table: ``first_round`` cards to each player in turn,
    then ``round_cards`` a round.  ``seed``: 0..2**64-1; deals ``start ..
    start + n - 1`` of that seed (the same arrays whatever ``workers``).

    >>> deal(1, "original", 4, seed=1).shape
    (1, 4, 13)
    >>> first = deal(3, "pineapple", 2, seed=5, street=0)
    >>> first.shape, bool((deal(3, "pineapple", 2, seed=5, street=1)[:, :, :5] == first).all())
    ((3, 2, 5), True)
    """
    r = get_rules(rules)
    n = _count(n, "n", 0)
    players = _count(players, "players", 1, 4)
    r.check_players(players)
    s = check_seed(seed)
    start = _count(start, "start", 0)
    check_start(start, n, 2**64)
    w = _workers.resolve_workers(workers)
    if street is None:
        k = 13
    else:
        street = _count(street, "street", 0, r.rounds)
        k = r.first_round + street * r.round_cards
    out = np.empty((n, players * k), dtype=np.uint8)
    _workers.run(lambda lo, hi: _engine.deal_rows(s, start, out, players, k, r.first_round,
                                                  r.round_cards, lo, hi), n, w)
    return out.reshape(n, players, k)
