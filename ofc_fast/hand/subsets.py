"""Best of N cards and every k-subset of a hand, in C (k = 3 or 5).

The inner loop of Fantasyland and placement searches: the strength of every
3- or 5-card subset of a hand of m cards, or only the best one.  Subsets are
taken in lexicographic order of card positions: for 6 cards and k = 5,
(0 1 2 3 4), (0 1 2 3 5), (0 1 2 4 5), (0 1 3 4 5), (0 2 3 4 5), (1 2 3 4 5),
the order of ``itertools.combinations(range(m), k)``.

>>> best_hand("Ah Ad 7c 7d 2s Kh Ac").strength == strength("Ah Ad Ac 7c 7d")
True
>>> subset_strengths("Ah Ad 7c 7d 2s Kh", 5).shape
(6,)
"""
from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import _core, _workers
from .._checks import is_int
from .bad_rows import raise_bad_hand
from .cards import DECK_SIZE, card_str, cards  # noqa: F401 (card_str: in the examples)
from .strength import describe, five_below_royal, joker_rules, strength  # noqa: F401 (describe: examples)

__all__ = ["BestHand", "best_hand", "subset_strengths"]


class BestHand(NamedTuple):
    """Result of :func:`best_hand`: ints and a (k,) array for one hand, arrays for many."""

    strength: Any
    """Strength of the best subset (int, or uint16 array of shape ``(...)``)."""
    cards: Any
    """Its cards, in the order they had in the hand (uint8 ``(k,)`` or ``(..., k)``)."""
    positions: Any
    """Their positions in the hand, ascending (uint8 ``(k,)`` or ``(..., k)``); the first
    best subset in lexicographic order when several tie."""


def _hands(x: Any, k: Any, jokers: int = 0) -> tuple[npt.NDArray[np.uint8], tuple[int, ...], bool]:
    if not is_int(k) or int(k) not in (3, 5):
        raise ValueError(f"k (cards per subset) must be 3 or 5, got {k!r}")
    if isinstance(x, (bool, np.bool_)) or (isinstance(x, (int, np.integer)) and np.ndim(x) == 0):
        raise TypeError(f"a hand is a sequence of cards, not a single value: {x!r}")
    if isinstance(x, np.ndarray) and x.dtype.kind not in "iuUS":
        raise TypeError(f"cards must be integer codes or text, got a {x.dtype} array")
    arr = cards(x, jokers=jokers)
    if arr.ndim == 0:
        raise TypeError("a hand is a sequence of cards, not a single value")
    m = arr.shape[-1]
    if not int(k) <= m <= DECK_SIZE + jokers:
        raise ValueError(f"a hand for subsets of {int(k)} has {int(k)} to {DECK_SIZE + jokers} cards: got {m} "
                         f"(last dimension of shape {arr.shape})")
    lead = arr.shape[:-1]
    return np.ascontiguousarray(arr.reshape(-1, m)), lead, arr.ndim == 1


def _chunk(m: int, k: int) -> int:
    """Hands per chunk: about as many subsets as a chunk of the batch strength."""
    return max(1, _workers.CHUNK // max(1, int(_core.choose(m, k))))


def subset_strengths(hands: Any, k: int = 5, *, workers: int = 1, rules: Any = None) -> npt.NDArray[np.uint16]:
    """Strength of every k-subset (k = 3 or 5) of each hand of m cards (k <= m <= 52).

    ``hands``: one hand (text, list of codes, 1-D array) or an integer array
    ``(..., m)``.  Gives uint16 ``(C(m, k),)`` for one hand, ``(..., C(m, k))``
    for many, in lexicographic order of positions
    (``itertools.combinations(range(m), k)``).  A card twice in a hand is an
    error.  ``workers``: threads; the GIL is released.

    >>> subset_strengths("Qh Qd 5c 2s", 3).tolist() == [strength(h) for h in
    ...     ("Qh Qd 5c", "Qh Qd 2s", "Qh 5c 2s", "Qd 5c 2s")]
    True

    ``rules``: the rules of a deck with jokers (:func:`~ofc_fast.strength`):
    the hands may hold them, and each subset is worth its strength with them.
    """
    w = _workers.resolve_workers(workers)
    jokers, five_kind = joker_rules(rules)
    flat, lead, one = _hands(hands, k, jokers)
    n, m = flat.shape
    per = int(_core.choose(m, int(k)))
    out = np.empty((n, per), dtype=np.uint16)
    if jokers:
        bad = _workers.run(lambda lo, hi: _core.subset_jokers_rows(flat, int(k), out, lo, hi, jokers, five_kind),
                           n, w, chunk=_chunk(m, int(k)))
    else:
        bad = _workers.run(lambda lo, hi: _core.subset_rows(flat, int(k), out, lo, hi), n, w,
                           chunk=_chunk(m, int(k)))
    if bad >= 0:
        raise_bad_hand(flat, bad, lead, jokers)
    return out[0] if one else out.reshape(lead + (per,))


def best_hand(hands: Any, k: int = 5, *, workers: int = 1, rules: Any = None) -> BestHand:
    """The best k cards (k = 3 or 5) of each hand of m cards (k <= m <= 52; 5 to 17 in OFC).

    Gives :class:`BestHand` ``(strength, cards, positions)``: an int and two
    uint8 ``(k,)`` arrays for one hand; arrays ``(...)``, ``(..., k)`` and
    ``(..., k)`` for an array of hands ``(..., m)``.  Same input rules as
    :func:`subset_strengths`.

    >>> b = best_hand("2c 5h Ah Kh Qh Jh 9d Th")
    >>> describe(b.strength), card_str(b.cards), b.positions.tolist()
    ('Royal flush', 'Ah Kh Qh Jh Th', [2, 3, 4, 5, 7])
    >>> [describe(s) for s in best_hand([[0, 1, 2, 3, 4, 8], [48, 49, 50, 44, 45, 40]], 3).strength]
    ['Three Twos', 'Three Aces']

    ``rules``: the rules of a deck with jokers, as for :func:`subset_strengths`;
    the best subset is then the strongest in the rules' order (with
    ``five_of_a_kind="below_royal"`` a royal flush beats five of a kind).
    """
    jokers, five_kind = joker_rules(rules)
    if not jokers and type(workers) is int and workers == 1 and type(k) is int:   # one hand: straight to C
        fast = _core.best_one(hands, k)
        if fast is not None:
            return BestHand._make(fast)
    w = _workers.resolve_workers(workers)
    flat, lead, one = _hands(hands, k, jokers)
    n, m = flat.shape
    kk = int(k)
    best = np.empty(n, dtype=np.uint16)
    pos = np.empty((n, kk), dtype=np.uint8)
    if jokers:
        below = five_below_royal(rules)
        bad = _workers.run(lambda lo, hi: _core.best_jokers_rows(flat, kk, best, pos, lo, hi, jokers, five_kind,
                                                                 below), n, w, chunk=_chunk(m, kk))
    else:
        bad = _workers.run(lambda lo, hi: _core.best_rows(flat, kk, best, pos, lo, hi), n, w,
                           chunk=_chunk(m, kk))
    if bad >= 0:
        raise_bad_hand(flat, bad, lead, jokers)
    chosen = np.take_along_axis(flat, pos.astype(np.intp), axis=1)
    if one:
        return BestHand(int(best[0]), chosen[0], pos[0])
    return BestHand(best.reshape(lead), chosen.reshape(lead + (kk,)), pos.reshape(lead + (kk,)))

