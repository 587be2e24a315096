"""Dealing in C: seeded random deals as the variant deals them (docs/RULES.md §7).

Deal ``i`` of a seed is a shuffle drawn from its own counter-based random
stream (a hash of the seed and ``i``), so the array does not depend on the
number of worker threads, and deals ``[a, b)`` of a long run can be made
anywhere (``start=``).  The stream is splitmix64's finaliser over a Weyl
sequence; the shuffle is a partial Fisher-Yates over the 52 cards (and the
jokers of rules that deal them), three
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

import numpy as np
import numpy.typing as npt

from .. import _play, _workers
from .._checks import check_seed, check_start, count
from ..board.rules import Rules, get_rules

__all__ = ["check_seed", "check_start", "deal", "next_button"]


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
    With ``rules.jokers`` the deck holds 52 + jokers cards (codes 52, 53 after
    the natural ones), shuffled alike; without, the deals of a seed are those
    of every earlier release.

    >>> deal(1, "original", 4, seed=1).shape
    (1, 4, 13)
    >>> first = deal(3, "pineapple", 2, seed=5, street=0)
    >>> first.shape, bool((deal(3, "pineapple", 2, seed=5, street=1)[:, :, :5] == first).all())
    ((3, 2, 5), True)
    """
    r = get_rules(rules)
    n = count(n, "n", 0)
    players = count(players, "players", 1, 4)
    r.check_players(players)
    s = check_seed(seed)
    start = count(start, "start", 0)
    check_start(start, n, 2**64)
    w = _workers.resolve_workers(workers)
    if street is None:
        k = 13
    else:
        street = count(street, "street", 0, r.rounds)
        k = r.first_round + street * r.round_cards
    out = np.empty((n, players * k), dtype=np.uint8)
    _workers.run(lambda lo, hi: _play.deal_rows(s, start, out, players, k, r.first_round,
                                                  r.round_cards, lo, hi, r.jokers), n, w)
    return out.reshape(n, players, k)


def next_button(rules: Rules, button: int, players: int, fantasyland: list[int]) -> int:
    """The button of the next hand: one seat left, or where it is when ``rules.fl_keeps_button``
    and a seat plays the next hand in Fantasyland (a house rule, docs/RULES.md §7); the one
    home of the rule (Game.next_hand, the hand histories).

    >>> next_button(get_rules("pineapple"), 1, 2, [14, 0])
    0
    """
    keep = rules.fl_keeps_button and any(fantasyland)
    return button if keep else (button + 1) % players
