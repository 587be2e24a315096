"""What earning Fantasyland is worth, measured by self-play.

The worth of entering Fantasyland with ``k`` cards is the points it adds to
the rest of the match over playing a normal hand instead: the relative value
of that state in the chain of hands (average reward, no discount).  With

* ``hand[k]``: a player's mean net points in a hand played in Fantasyland
  with ``k`` cards, set by the exact solver (:func:`~ofc_fast.solve_fantasyland`,
  crediting a stay with its own worth), the others playing ``policy``
  normally (a normal hand of self-play is worth 0 on average);
* ``stay_rate[k]``: how often that setting stays, for ``rules.stay_cards_for(k)``
  cards; ``entry_rate[j]``: how often a normal hand of ``policy`` earns ``j``,

the worths solve ``value[k] = hand[k] + stay_rate[k] * value[stay(k)] -
sum_j entry_rate[j] * value[j]`` (the last term: what the normal hand the
player gives up would have earned).  A bot passes ``value`` as
``fantasyland_value`` to :func:`~ofc_fast.rollout`,
:func:`~ofc_fast.evaluate_placements` or :func:`~ofc_fast.simulate`, measured
with the policy that fills its boards.  The model keeps the others out of
Fantasyland; their own entries change the worth little heads-up.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from .._checks import check_seed, count
from ..board.rules import Rules, get_rules
from ..play.game import Policy, check_dealing, policy_spec
from ..solve.fantasyland import solve_fantasyland
from .rollout import rollout
from .selfplay import simulate

__all__ = ["FantasylandValueEstimate", "estimate_fantasyland_value"]


class FantasylandValueEstimate(NamedTuple):
    """The worth of Fantasyland per card count (pass ``value`` as ``fantasyland_value``)."""

    value: dict[int, float]
    """Points worth earning Fantasyland with that many cards."""
    stderr: dict[int, float]
    """Standard error of ``value``, to first order: the noise of the Fantasyland hands'
    points and of the sampled stay and entry rates (a stay rate near 1 makes the worth
    large and its error larger: deal more ``hands``)."""
    hand: dict[int, float]
    """Mean net points of the Fantasyland hand itself."""
    hand_stderr: dict[int, float]
    stay_rate: dict[int, float]
    """Share of the solver's settings that stay."""
    entry_rate: dict[int, float]
    """Share of normal hands of the policy that earn that many cards."""
    hands: int
    """Fantasyland hands dealt per card count."""
    policy: str
    """The policy measured against (a :class:`~ofc_fast.Policy` as ``str`` shows it)."""

    def __repr__(self) -> str:
        """The policy and hands, then one line per card count (:meth:`__str__`)."""
        return "\n".join([f"FantasylandValueEstimate(hands={self.hands}, policy={self.policy!r})",
                          *("  " + line for line in str(self).splitlines())])

    def __str__(self) -> str:
        rows = [f"{k} cards: worth {self.value[k]:.2f} +- {self.stderr[k]:.2f} (hand "
                f"{self.hand[k]:+.2f}, stays {self.stay_rate[k]:.1%}, entry {self.entry_rate[k]:.2%})"
                for k in sorted(self.value)]
        return "\n".join(rows)


def estimate_fantasyland_value(rules: Rules | str, policy: str | Policy = "random", *, hands: int = 500,
                               completions: int = 20, normal_hands: int = 100_000, seed: int,
                               players: int = 2, iterations: int = 2, workers: int = 1,
                               progress: Callable[[int], None] | None = None
                               ) -> FantasylandValueEstimate:
    """Measure what Fantasyland is worth under ``rules`` against ``policy`` (module doc).

    ``hands`` Fantasyland hands per card count, each set by the exact solver
    and played out ``completions`` times against the others' normal hands;
    ``normal_hands`` of self-play give the entry rates.  ``iterations``: the
    solver credits a stay with the worth of the previous round (0 at first).
    ``progress``: called with 1 after each Fantasyland hand.

    >>> est = estimate_fantasyland_value("pineapple", hands=30, completions=10,
    ...                                  normal_hands=20_000, seed=1)
    >>> sorted(est.value), est.value[14] > 0
    ([14], True)
    """
    r = get_rules(rules)
    check_dealing(r)
    _, _, label = policy_spec(policy)
    s = check_seed(seed)
    for name, v in (("hands", hands), ("completions", completions), ("normal_hands", normal_hands),
                    ("iterations", iterations)):
        count(v, name, 1)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (or None), got {type(progress).__name__} {progress!r}")
    r.check_players(players)
    deals = sorted(r.fantasyland_deals)
    if not deals:
        raise ValueError(f"{r.name} has no Fantasyland: nothing to value")
    normal = simulate(r, players, int(normal_hands), policy=policy, seed=s, workers=workers)
    assert normal.fantasyland_split is not None
    entered = np.asarray(normal.fantasyland_split[:, :, 0], dtype=np.float64).sum(axis=0)
    entry = {k: float(entered[k]) / (players * int(normal_hands)) for k in deals}
    gen = np.random.default_rng([s, 0xF1])
    # from the rules' deck: its jokers too (52 cards without: the hands dealt before jokers)
    dealt = {k: np.stack([gen.permutation(r.deck_size)[:k] for _ in range(int(hands))]).astype(np.uint8)
             for k in deals}
    value = dict.fromkeys(deals, 0.0)
    stderr = dict.fromkeys(deals, 0.0)
    hand: dict[int, float] = {}
    hand_err: dict[int, float] = {}
    stay: dict[int, float] = {}
    empty = [[255] * 13] * (players - 1)
    for it in range(int(iterations)):
        for k in deals:
            stay_value = {r.stay_cards_for(k): value.get(r.stay_cards_for(k), 0.0)} if r.can_stay else 0.0
            sol = solve_fantasyland(dealt[k], r, stay_value=stay_value, workers=workers)
            boards = np.asarray(sol.board).reshape(-1, 13)
            means = np.empty(int(hands))
            for i in range(int(hands)):
                res = rollout([boards[i]] + empty, r, dead=sol.discards[i], policy=policy,
                              n=int(completions), seed=s, start=(k * int(hands) + i) * int(completions),
                              fantasyland=[k] + [0] * (players - 1), workers=workers)
                means[i] = res.mean[0]
                if progress is not None and it == int(iterations) - 1:
                    progress(1)
            hand[k] = float(means.mean())
            hand_err[k] = float(means.std(ddof=1) / np.sqrt(len(means))) if len(means) > 1 else float("nan")
            stay[k] = float(np.mean(sol.stays & ~sol.fouled))
        # value = hand + stay * value[stay(k)] - sum_j entry_j value_j, as A value = hand
        idx = {k: i for i, k in enumerate(deals)}
        a = np.eye(len(deals))
        for k in deals:
            if r.can_stay and stay[k] > 0:
                a[idx[k], idx[r.stay_cards_for(k)]] -= stay[k]
            for j in deals:
                a[idx[k], idx[j]] += entry[j]
        for k in deals:
            if r.can_stay and stay[k] >= 1.0 and r.stay_cards_for(k) == k:
                raise ValueError(f"{r.name}: every one of the {int(hands)} Fantasyland hands of {k} cards "
                                 f"stayed, so Fantasyland would last for ever and its worth has no finite "
                                 f"estimate: deal more hands")
        if np.linalg.cond(a) > 1e12:
            raise ValueError(f"{r.name}: the sampled stay rates ({', '.join(f'{k}: {stay[k]:.0%}' for k in deals)}) "
                             f"keep Fantasyland going for ever: its worth has no finite estimate; deal more hands")
        inv = np.linalg.inv(a)
        v = inv @ np.array([hand[k] for k in deals])
        # first-order noise: the hands' means, and the sampled stay and entry rates
        # (value = inv @ hand moves by -inv @ dA @ value when A moves by dA)
        var = (inv ** 2) @ np.array([hand_err[k] ** 2 for k in deals])
        for k in deals:
            if r.can_stay and 0 < stay[k] < 1:
                d = inv[:, idx[k]] * v[idx[r.stay_cards_for(k)]]
                var += d ** 2 * stay[k] * (1 - stay[k]) / int(hands)
        for j in deals:
            d = inv.sum(axis=1) * v[idx[j]]
            var += d ** 2 * entry[j] * (1 - entry[j]) / (players * int(normal_hands))
        value = {k: float(v[idx[k]]) for k in deals}
        stderr = {k: float(np.sqrt(var[idx[k]])) for k in deals}
    return FantasylandValueEstimate(value, stderr, hand, hand_err, stay, entry, int(hands), label)
