"""Matches (docs/RULES.md §10): stacks that move by each hand's score until someone busts.

Every player starts a match with ``rules.match_points`` (100). After every
hand the points of :func:`~ofc_fast.score` move; a player whose points reach
0 or less loses the match at once, and the match ends there (for every
player: with more than two players, the hand that busts one player ends it).

>>> import ofc_fast as ofc
>>> result = play_match([[30, -30], [40, -40], [50, -50]], ofc.PINEAPPLE)
>>> result.points.tolist(), result.hands_played, result.losers.tolist()
([220, -20], 3, [False, True])
"""
from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .rules import PINEAPPLE, Rules, get_rules

__all__ = ["MatchResult", "play_match"]


class MatchResult(NamedTuple):
    """Where a match (or an array of matches) stands after its hands."""

    points: npt.NDArray[np.int64]
    """(..., P) points of each player when the match ended (or after the last hand)."""
    hands_played: Any
    """Hands until the match ended (an int, or an int array for many matches)."""
    losers: npt.NDArray[np.bool_]
    """(..., P) True for a player who reached 0 or less (all False: nobody busted)."""


def play_match(scores: Any, rules: Rules | str = PINEAPPLE, *,
               start: Any = None) -> MatchResult:
    """Play the hands' net scores ``(..., hands, P)`` through a match.

    ``scores`` are the per-hand results of :func:`~ofc_fast.score`, in order
    (each row sums to 0); leading axes are independent matches.  ``start``:
    the stacks at the start (default ``rules.match_points`` each).  Hands
    after the one that busts a player are not played.

    >>> r = play_match(np.array([[[10, -10], [-200, 200]], [[5, -5], [5, -5]]]))
    >>> r.hands_played.tolist(), r.points.tolist()
    ([2, 2], [[-90, 290], [110, 90]])
    """
    r = get_rules(rules)
    arr = np.asarray(scores)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"scores must be integer points, got {arr.dtype}")
    if arr.ndim < 2 or not 2 <= arr.shape[-1] <= 4:
        raise ValueError(f"scores have shape (..., hands, players) with 2 to 4 players, "
                         f"got {arr.shape}")
    if (arr.sum(axis=-1) != 0).any():
        index = tuple(int(i) for i in np.argwhere(arr.sum(axis=-1) != 0)[0])
        raise ValueError(f"hand {index[-1] if len(index) == 1 else index}: scores "
                         f"{arr[index].tolist()} do not sum to 0")
    players = arr.shape[-1]
    begin = np.full(players, r.match_points, dtype=np.int64) if start is None \
        else np.broadcast_to(np.asarray(start, dtype=np.int64), arr.shape[:-2] + (players,))
    stacks = begin[..., None, :] + np.cumsum(arr.astype(np.int64), axis=-2)   # after each hand
    busted = (stacks <= 0).any(axis=-1)                                        # (..., hands)
    hands = arr.shape[-2]
    ended = np.where(busted.any(axis=-1), busted.argmax(axis=-1), hands - 1)   # last hand played
    if hands == 0:
        points = np.broadcast_to(begin, arr.shape[:-2] + (players,)).copy()
        played = np.zeros(arr.shape[:-2], dtype=np.int64)
    else:
        points = np.take_along_axis(stacks, ended[..., None, None], axis=-2)[..., 0, :]
        played = ended + 1
    losers = points <= 0
    hands_played: Any = int(played) if np.ndim(played) == 0 else played
    return MatchResult(points, hands_played, losers)
