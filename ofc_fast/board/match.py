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

#: scores and stacks are points of ofc.score (int32); larger values are refused
#: so that sums and stacks over any number of hands stay exact in int64
_LIMIT = 2**31 - 1


def _int_array(x: Any, what: str) -> npt.NDArray[Any]:
    """An integer array of ``x`` (bools, floats, text, objects refused with ``what`` named)."""
    if isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{what} must be integer points, not bool {x!r}")
    if isinstance(x, np.ma.MaskedArray):
        raise TypeError(f"{what} must be a plain integer array, not a masked array")
    if isinstance(x, (list, tuple)) and len(x) == 0:
        raise ValueError(f"no {what} given (an empty list); pass an integer array of shape "
                         f"(..., 0, players) for no hands" if what == "scores" else
                         f"{what} is empty")
    try:
        arr = np.asarray(x)
    except ValueError as e:   # ragged lists
        raise ValueError(f"{what} must be a rectangular array of integers: {e}") from None
    if arr.dtype == object and arr.size and all(
            isinstance(v, int) and not isinstance(v, bool) for v in arr.reshape(-1)):
        big = [v for v in arr.reshape(-1) if not -_LIMIT <= v <= _LIMIT]
        if not big:   # small Python ints in an object array: plain integers
            return arr.astype(np.int64)
        raise ValueError(f"{what}: {big[0]} is out of -{_LIMIT}..{_LIMIT}")
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{what} must be integer points, got {arr.dtype}"
                        + (f" ({x!r})" if arr.size <= 4 else ""))
    return arr


def _check_range(arr: npt.NDArray[Any], what: str, where: Any) -> None:
    if arr.dtype.itemsize < 4 or arr.dtype == np.int32:
        return
    bad = (arr < -_LIMIT) | (arr > _LIMIT)
    if bad.any():
        index = tuple(int(i) for i in np.unravel_index(int(np.argmax(bad)), arr.shape)) if arr.ndim else ()
        raise ValueError(f"{where(index[:-1])} {arr[index] if arr.ndim else arr} is out of "
                         f"-{_LIMIT}..{_LIMIT} ({what} are points of ofc.score, int32)")


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
    arr = _int_array(scores, "scores")
    if arr.ndim < 2 or not 2 <= arr.shape[-1] <= 4:
        raise ValueError(f"scores have shape (..., hands, players) with 2 to 4 players, "
                         f"got {arr.shape}")
    _check_range(arr, "scores", lambda i: f"hand {i[-1] if len(i) == 1 else i}: score")
    arr = arr.astype(np.int64)    # |score| < 2**31: sums and stacks cannot wrap
    sums = arr.sum(axis=-1)
    if (sums != 0).any():
        index = tuple(int(i) for i in np.argwhere(sums != 0)[0])
        raise ValueError(f"hand {index[-1] if len(index) == 1 else index}: scores "
                         f"{arr[index].tolist()} do not sum to 0")
    players = arr.shape[-1]
    r.check_players(players)
    if start is None:
        begin = np.full(players, r.match_points, dtype=np.int64)
    else:
        st = _int_array(start, "start")
        _check_range(st, "start", lambda i: f"start{list(i) if i else ''}:")
        if (st <= 0).any():   # a stack at 0 or below has already lost
            index = tuple(int(i) for i in np.argwhere(st <= 0)[0])
            raise ValueError(f"start{list(index) if index else ''} = {int(st[index])}: a stack "
                             f"starts above 0 points")
        try:
            begin = np.broadcast_to(st.astype(np.int64), arr.shape[:-2] + (players,))
        except ValueError:
            raise ValueError(f"start of shape {st.shape} does not broadcast to the stacks' "
                             f"shape {arr.shape[:-2] + (players,)} (..., players)") from None
    hands = arr.shape[-2]
    if hands == 0:
        points = np.broadcast_to(begin, arr.shape[:-2] + (players,)).copy()
        played = np.zeros(arr.shape[:-2], dtype=np.int64)
    else:
        stacks = begin[..., None, :] + np.cumsum(arr, axis=-2)                 # after each hand
        busted = (stacks <= 0).any(axis=-1)                                    # (..., hands)
        ended = np.where(busted.any(axis=-1), busted.argmax(axis=-1), hands - 1)   # last hand played
        points = np.take_along_axis(stacks, ended[..., None, None], axis=-2)[..., 0, :]
        played = ended + 1
    losers = points <= 0
    hands_played: Any = int(played) if np.ndim(played) == 0 else played
    return MatchResult(points, hands_played, losers)
