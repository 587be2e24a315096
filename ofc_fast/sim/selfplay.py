"""Self-play: many independent hands played by a policy in C, summarised.

Hand ``i`` of a seed is dealt from stream ``i`` (as :func:`~ofc_fast.deal`),
with the button on seat ``i % players`` and nobody in Fantasyland; every
seat plays ``policy``.  The summary is made of integer sums and histograms,
so parts over disjoint hand ranges merge exactly (:func:`merge_simulations`;
``ofc_fast.distributed`` runs the parts on Dask).

>>> s = simulate("pineapple", 2, 20_000, seed=7)
>>> s.hands, round(float(s.mean.sum()), 9), bool(0.5 < s.foul_rate[0] < 0.9)
(20000, 0.0, True)
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import _sim, _workers
from .._checks import check_int, check_seed, check_start, count
from .._core import status_message
from ..board.rules import Rules, get_rules
from ..play.game import Policy, check_dealing, policy_block, policy_spec
from . import summary, totals, worth

__all__ = ["SimulationResult", "merge_simulations", "simulate", "summarise_hands"]

#: net points per hand are histogrammed over -POINTS_RANGE .. POINTS_RANGE (clipped)
POINTS_RANGE = 300
#: royalties per hand are histogrammed over 0 .. ROYALTY_RANGE (clipped)
ROYALTY_RANGE = 120


class SimulationResult(NamedTuple):
    """Per seat: the results of ``hands`` self-played hands."""

    hands: int
    mean: npt.NDArray[np.float64]
    """Mean net points per hand."""
    stderr: npt.NDArray[np.float64]
    ci95: npt.NDArray[np.float64]
    """(P, 2) 95% confidence interval of the mean (normal approximation)."""
    foul_rate: npt.NDArray[np.float64]
    fantasyland_rate: npt.NDArray[np.float64]
    royalties: npt.NDArray[np.float64]
    """Mean royalties per hand."""
    sums: npt.NDArray[np.int64]
    """(P, 5) exact sums: net, net squared, fouls, Fantasyland entries, royalties (int64;
    Python ints, dtype object, only if a sum passes 2**63 - 1)."""
    points_hist: npt.NDArray[np.int64]
    """(P, 2 * POINTS_RANGE + 1): hands by net points, index = points + POINTS_RANGE."""
    royalty_hist: npt.NDArray[np.int64]
    """(P, ROYALTY_RANGE + 1): hands by total royalties."""
    fantasyland_value: dict[int, int | float] | None = None
    """The points credited per Fantasyland card count (None: nothing); ``mean``,
    ``stderr`` and ``ci95`` count them, ``sums`` and the histograms do not."""
    fantasyland_split: npt.NDArray[Any] | None = None
    """(P, 53, 4) hands by the Fantasyland cards earned (0: none): count, sum of net
    points, least and greatest net points (ofc_fast.sim.worth)."""
    policy: str | None = None
    """The policy every seat played (a :class:`~ofc_fast.Policy` as ``str`` shows it;
    None in a result made before this field existed)."""
    rules: Rules | None = None
    """The rules the hands were played under (None in a result made before this field
    existed): :func:`merge_simulations` merges only results of the same rules."""

    def __repr__(self) -> str:
        """A few lines: hands, the policy, the rules, then each seat's mean with its 95%
        interval (``ci95``) and rates; the arrays and histograms stay fields."""
        return "\n".join([summary.header("SimulationResult", f"hands={self.hands}", self.policy, self.rules,
                                          self.fantasyland_value),
                          *summary.seat_lines("seat", self.mean, self.stderr, self.foul_rate,
                                              self.fantasyland_rate, self.royalties)])

    def to_dict(self) -> dict[str, Any]:
        """Plain lists and numbers (for JSON)."""
        return {"hands": self.hands, "policy": self.policy, "mean": self.mean.tolist(), "stderr": self.stderr.tolist(),
                "ci95": self.ci95.tolist(), "foul_rate": self.foul_rate.tolist(),
                "fantasyland_rate": self.fantasyland_rate.tolist(),
                "royalties": self.royalties.tolist(),
                "royalty_hist": {str(k): self.royalty_hist[:, k].tolist()
                                 for k in np.flatnonzero(self.royalty_hist.sum(axis=0))}}


def _summary(hands: int, sums: npt.NDArray[Any], points: npt.NDArray[np.int64],
             royalty: npt.NDArray[np.int64], split: npt.NDArray[Any] | None = None,
             value: worth.FantasylandValue = None, policy: str | None = None,
             rules: Rules | None = None) -> SimulationResult:
    sums = totals.narrow(sums)
    mean, stderr = totals.mean_stderr(sums[:, 0], sums[:, 1], hands)
    if split is not None:
        split = totals.narrow(split)
        if value:
            mean, stderr, _, _ = worth.credited(sums, split, hands, value)
    ci = np.stack([mean - 1.96 * stderr, mean + 1.96 * stderr], axis=1)
    return SimulationResult(hands, mean, stderr, ci, totals.rate(sums[:, 2], hands),
                            totals.rate(sums[:, 3], hands), totals.rate(sums[:, 4], hands),
                            sums, points, royalty, value, split, policy, rules)


def merge_simulations(parts: Sequence[SimulationResult]) -> SimulationResult:
    """One summary from summaries of disjoint hand ranges (exact: integer sums add).

    ``parts``: any iterable of results of the same rules, player count, policy and
    ``fantasyland_value``; others are refused, naming both sides.

    >>> a = simulate("pineapple", 2, 1000, seed=1)
    >>> b = simulate("pineapple", 2, 1000, seed=1, start=1000)
    >>> bool((merge_simulations([a, b]).sums == simulate("pineapple", 2, 2000, seed=1).sums).all())
    True
    """
    parts = totals.mergeable(parts, SimulationResult, "merge_simulations")
    worth.same_value([p.fantasyland_value for p in parts], "merge_simulations")
    policies = {p.policy for p in parts}
    if len(policies) > 1:
        raise ValueError(f"merge_simulations: the hands were played by different policies "
                         f"({', '.join(sorted(map(repr, policies)))})")
    splits = [p.fantasyland_split for p in parts]
    sums, split = worth.add_parts([p.sums for p in parts],
                                  None if any(b is None for b in splits) else splits)
    points = sum((p.points_hist for p in parts[1:]), parts[0].points_hist.copy())
    royalty = sum((p.royalty_hist for p in parts[1:]), parts[0].royalty_hist.copy())
    return _summary(sum(p.hands for p in parts), sums, points, royalty, split, parts[0].fantasyland_value,
                    parts[0].policy, next((p.rules for p in parts if p.rules is not None), None))


def simulate(rules: Rules | str, players: int, hands: int, *, policy: str | Policy = "random",
             seed: int, start: int = 0, workers: int = 1,
             progress: Callable[[int], None] | None = None,
             fantasyland_value: Any = None) -> SimulationResult:
    """Self-play ``hands`` hands (streams ``start`` to ``start + hands - 1`` of ``seed``) and summarise them.

    ``policy``: ``"random"`` (millions of hands a second, but it fouls most boards: the
    default, for speed and for the results of earlier versions), ``"heuristic"``
    (tens of thousands of hands a second, fouls like a careful player), ``"greedy"``,
    or a :class:`~ofc_fast.Policy` with parameters.
    ``progress``: called with the number of hands just finished, from the
    worker threads (e.g. ``tqdm.update``).  The result does not depend on
    ``workers``.  ``fantasyland_value``: points credited for each Fantasyland
    earned, as in :func:`~ofc_fast.rollout` (exact; the histograms stay those
    of the hands' own points).  With ``rules.jokers`` the hands are dealt from
    the deck with its jokers, as :class:`~ofc_fast.Game` deals them.
    """
    r = get_rules(rules)
    P = check_int(players, "players")
    r.check_players(P)
    hands = count(hands, "hands", 1)   # a mean of no hands is no number
    start = count(start, "start", 0)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (or None), got {type(progress).__name__} {progress!r}")
    pol, params, label = policy_spec(policy)
    check_dealing(r)
    value = worth.check_value(fantasyland_value, r)
    s = check_seed(seed)
    w = _workers.resolve_workers(workers)
    tables = r.tables
    n = int(hands)
    start = int(start)
    check_start(start, n, 2**63 - 1)
    # the registry's block (Ctrl-C lands between calls), fewer hands a call when the
    # rules pay so much that a block's squared points could pass an int64
    chunk = totals.safe_block(r, policy_block(pol))
    lock = threading.Lock()
    # each block's sums and split, joined once at the end (worth.add_parts); the histograms
    # (counts of hands: no int64 can overflow) added as they come
    hist = [np.zeros((P, 2 * POINTS_RANGE + 1), np.int64), np.zeros((P, ROYALTY_RANGE + 1), np.int64)]
    parts: dict[int, tuple[Any, Any]] = {}

    def kernel(lo: int, hi: int) -> int:
        m = hi - lo
        sums = np.zeros((P, 5), np.int64)
        ph = np.zeros((P, 2 * POINTS_RANGE + 1), np.int64)
        rh = np.zeros((P, ROYALTY_RANGE + 1), np.int64)
        split = _sim.fl_split(P)
        # the C kernel keeps the sums and histograms (no per-hand arrays)
        err = _sim.selfplay_totals(tables, P, r.first_round, r.rounds, r.round_cards, r.round_play,
                                   pol, s, sums, ph, rh, start + lo, m, split, params)
        if err:
            raise ValueError(f"{r.name}: self-play failed: {status_message(err)}")
        with lock:
            parts[lo] = (sums, split)
            hist[0] += ph
            hist[1] += rh
        if progress is not None:
            progress(m)
        return -1

    _workers.run(kernel, n, w, chunk=chunk)
    if not parts:   # no hands
        parts[0] = (np.zeros((P, 5), np.int64), _sim.fl_split(P))
    sums, split = worth.add_parts([a for a, _ in parts.values()], [b for _, b in parts.values()])
    return _summary(n, sums, hist[0], hist[1], split, value, label, r)


def summarise_hands(rules: Rules | str, players: int, hands: Iterable[Any], *,
                    policy: str | Policy | None = None) -> SimulationResult:
    """The summary :func:`simulate` gives, of hands played elsewhere (e.g. by
    :class:`~ofc_fast.Game`): ``hands`` yields each finished hand's
    ``(scores, royalties, fouled, next_fantasyland)``, one value a seat each, as a
    Game's properties of those names give them (royalties: a seat's total or its 3 rows).

    >>> import ofc_fast as ofc
    >>> games = [ofc.Game("pineapple", 2, seed=s) for s in range(3)]
    >>> for g in games: g.play_hand("heuristic")
    >>> s = summarise_hands("pineapple", 2, ((g.scores, g.royalties, g.fouled, g.next_fantasyland)
    ...                                       for g in games), policy="heuristic")
    >>> s.hands, s.sums[:, 0].tolist() == sum(g.scores.astype(int) for g in games).tolist()
    (3, True)
    """
    r = get_rules(rules)
    P = check_int(players, "players")
    r.check_players(P)
    label = None if policy is None else policy_spec(policy)[2]
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise TypeError(f"hands: an iterable of (scores, royalties, fouled, next_fantasyland), got "
                        f"{type(hands).__name__}")
    sums = [[0] * 5 for _ in range(P)]     # Python ints: no sum wraps
    points = np.zeros((P, 2 * POINTS_RANGE + 1), np.int64)
    royalty = np.zeros((P, ROYALTY_RANGE + 1), np.int64)
    split = _sim.fl_split(P)
    buckets = split.shape[1]
    n = 0
    for k, hand in enumerate(hands):
        net, roy, foul, fl = _hand_results(hand, k, P)
        for p in range(P):
            v, f = int(net[p]), int(fl[p])
            s = sums[p]
            s[0] += v
            s[1] += v * v
            s[2] += int(foul[p] != 0)
            s[3] += int(f != 0)
            s[4] += int(roy[p])
            points[p, POINTS_RANGE + min(max(v, -POINTS_RANGE), POINTS_RANGE)] += 1
            royalty[p, min(max(int(roy[p]), 0), ROYALTY_RANGE)] += 1
            b = split[p, f if 0 <= f < buckets else 0]
            b[2] = v if b[0] == 0 else min(int(b[2]), v)
            b[3] = v if b[0] == 0 else max(int(b[3]), v)
            b[0] += 1
            b[1] += v
        n += 1
    if not n:
        raise ValueError("hands: a mean of no hands is no number: give 1 or more")
    big = max(abs(x) for row in sums for x in row) > 2**62
    return _summary(n, np.array(sums, dtype=object if big else np.int64), points, royalty, split,
                    None, label, r)


def _hand_results(hand: Any, k: int, P: int) -> list[npt.NDArray[np.int64]]:
    """A hand's (scores, royalties, fouled, next_fantasyland) as int64 arrays of a value a seat
    (royalties given per row are added up); ValueError naming the hand for anything else."""
    want = (f"hands[{k}] is (scores, royalties, fouled, next_fantasyland), each of integers, one "
            f"a seat ({P}; royalties may be 3 a seat)")
    try:
        parts = [np.asarray(x) for x in hand]
    except TypeError:
        raise ValueError(f"{want}, got {type(hand).__name__} {hand!r}"[:300]) from None
    if len(parts) != 4:
        raise ValueError(f"{want}, got {len(parts)} items")
    out: list[npt.NDArray[np.int64]] = []
    for j, (a, name) in enumerate(zip(parts, ("scores", "royalties", "fouled", "next_fantasyland"))):
        ok = a.dtype.kind in "iub" and (a.shape == (P,) or (j == 1 and a.shape == (P, 3)))
        if not ok:
            raise ValueError(f"{want}: its {name} is {a.dtype} of shape {a.shape}"[:300])
        out.append(a.reshape(P, -1).sum(axis=1).astype(np.int64))
    return out
