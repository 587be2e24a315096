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
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import _sim, _workers
from .._checks import check_int, check_seed, check_start, count
from .._core import status_message
from ..board.rules import Rules, get_rules
from ..play.game import Policy, check_dealing, policy_block, policy_spec
from . import totals, worth

__all__ = ["SimulationResult", "merge_simulations", "simulate"]

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
    """Self-play ``hands`` hands (``start .. start + hands - 1`` of ``seed``) and summarise them.

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
