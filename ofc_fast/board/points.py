"""Deals in detail: where each pair's points come from, and finding repeated cards.

:func:`score_details` splits what :func:`~ofc_fast.score_matrix` gives for
every pair of players into its parts (docs/RULES.md §6): each row's result, the row
points, the scoop bonus and both sides' royalties.  :func:`find_duplicates`
lists the boards (or deals) that hold a card twice -- which every other
function refuses (a real deck has each card once; an answer for such a
board would be an answer about a game that cannot happen).

>>> d = score_details(["Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d",
...                    "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"], PINEAPPLE)
>>> d.rows.tolist(), int(d.scoop[0]), d.royalties.tolist(), int(d.total[0])   # player 1 fouled
([[1, 1, 1]], 3, [[21, 0]], 27)
"""
from __future__ import annotations

import itertools
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import _core
from ..hand.cards import EMPTY, cards
from .boards import Board, deal_array, score_matrix
from .rules import PINEAPPLE, Rules, get_rules

__all__ = ["ScoreDetails", "score_details", "find_duplicates"]


class ScoreDetails(NamedTuple):
    """Result of :func:`score_details`; ``K`` = number of pairs of players."""

    pairs: npt.NDArray[np.intp]
    """(K, 2): the players (a, b) of each pair, a < b, in the order of ``itertools.combinations``."""
    rows: npt.NDArray[np.int8]
    """(..., K, 3): +1 / 0 / -1 per row (top, middle, bottom) for a against b; a fouled player
    loses every row, two fouled players tie them all."""
    row_points: npt.NDArray[np.int32]
    """(..., K): the sum of ``rows``."""
    scoop: npt.NDArray[np.int32]
    """(..., K): +scoop_bonus when a won all three rows, -scoop_bonus when b did, else 0."""
    royalties: npt.NDArray[np.int32]
    """(..., K, 2): the royalties of a and of b (totals of their boards; 0 when fouled)."""
    total: npt.NDArray[np.int32]
    """(..., K): what a wins from b = row_points + scoop + royalties of a - royalties of b
    (``score_matrix[..., a, b]``)."""


def score_details(deals: Any, rules: Rules | str = PINEAPPLE) -> ScoreDetails:
    """Each pair's points, part by part, for deals ``(..., P, 13)`` (2 <= P <= 4).

    Same input and checks as :func:`~ofc_fast.score` (a card twice anywhere in a
    deal is an error).  ``total`` equals ``score_matrix`` for every pair, and the
    totals of a player's pairs add up to ``score``.
    """
    r = get_rules(rules)
    flat, lead, players, _ = deal_array(deals, r)
    score_matrix(flat.reshape(-1, players, 13), r)   # checks every deal, words the errors
    n = flat.shape[0]
    pairs = np.array(list(itertools.combinations(range(players), 2)), dtype=np.intp)
    k = len(pairs)
    # the parts from the C core's one pairwise scorer (ofc_score_pair), pair after pair
    rows = np.zeros((n * k, 3), np.int8)
    row_points = np.zeros(n * k, np.int32)
    scoop = np.zeros(n * k, np.int32)
    royalties = np.zeros((n * k, 2), np.int32)
    total = np.zeros(n * k, np.int32)
    deals_flat = np.ascontiguousarray(flat.reshape(n, players * 13))
    bad = _core.score_details_rows(r.tables, deals_flat, players, rows, row_points, scoop, royalties,
                                   total, 0, n)
    if bad >= 0:   # score_matrix above refused every bad deal already
        raise ValueError(f"deal {bad} holds a byte that is not a card, or a card twice")
    return ScoreDetails(pairs, rows.reshape(lead + (k, 3)), row_points.reshape(lead + (k,)),
                        scoop.reshape(lead + (k,)), royalties.reshape(lead + (k, 2)),
                        total.reshape(lead + (k,)))


def find_duplicates(boards: Any, rules: Rules | str | None = None) -> npt.NDArray[np.intp]:
    """Indices of the rows of cards that hold a card twice (empty slots aside).

    ``boards``: an array ``(..., k)`` of codes (or text, or lists of them, as
    :func:`~ofc_fast.analyze` takes); a row is everything on the last axis.
    Gives the indices over the leading axes, flattened in C order (an int
    array; empty when all are fine).  For deals ``(n, P, 13)`` pass
    ``deals.reshape(n, -1)`` to check each whole deal.  ``rules`` that deal
    jokers let the rows hold them, each joker a card of its own (``X1`` twice
    is a card twice; ``X1`` and ``X2`` are two cards).

    >>> find_duplicates(["Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d",
    ...                  "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks Qh"]).tolist()
    [1]
    >>> jk = Rules(name="jokers", jokers=2)
    >>> find_duplicates(["Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d X1",
    ...                  "Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d X2"], jk).tolist()
    [0]
    """
    jokers = 0 if rules is None else get_rules(rules).jokers
    if isinstance(boards, (bool, np.bool_)) or (isinstance(boards, (int, np.integer))
                                                 and np.ndim(boards) == 0):
        raise TypeError(f"find_duplicates takes rows of cards, not a single value: {boards!r}")
    if isinstance(boards, np.ndarray) and boards.dtype.kind not in "iuUS":
        raise TypeError(f"cards must be integer codes or text, got a {boards.dtype} array")
    if isinstance(boards, Board):
        boards = boards.codes
    elif isinstance(boards, (list, tuple)) and any(isinstance(b, Board) for b in boards):
        boards = [b.codes if isinstance(b, Board) else b for b in boards]
    if isinstance(boards, (list, tuple)) and len(boards) == 0:
        return np.zeros(0, dtype=np.intp)   # no rows, none with a card twice
    arr = cards(boards, allow_empty=True, jokers=jokers)
    if arr.ndim == 0:
        raise TypeError("find_duplicates takes rows of cards, not a single value")
    flat = np.sort(arr.reshape(-1, arr.shape[-1]).astype(np.int64), axis=1)
    rep = ((flat[:, 1:] == flat[:, :-1]) & (flat[:, 1:] != EMPTY)).any(axis=1)
    out: npt.NDArray[np.intp] = np.flatnonzero(rep)
    return out

