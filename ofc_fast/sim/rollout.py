"""Monte Carlo: complete partial boards many times and average the results.

:func:`rollout` deals the unseen cards (the deck minus every board and the
``dead`` cards) to the turns the boards have left, as the variant deals
them (docs/RULES.md §7: ``round_cards`` a turn, ``round_play`` placed), and
lets a policy place them; completion ``i`` of a seed draws from its own
counter-based stream, so results do not depend on ``workers``, and the sums
behind the means are integers that merge exactly (:func:`merge`).
:func:`evaluate_placements` ranks every legal placement of the cards in hand
by expected points, every option completed with the same deals (common
random numbers), so differences between options have small errors.

>>> r = rollout(["Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad"], n=2000, seed=1)
>>> r.mean.shape, round(float(r.mean.sum()), 9), r.n
((2,), 0.0, 2000)
>>> p = evaluate_placements((["--/--/--", "--/--/--"], "Ah Ad 7c 8c 9c"), n=200, seed=3)
>>> len(p.codes), bool(p.mean[0] >= p.mean[-1])
(232, True)
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import _play, _sim, _workers
from .._checks import check_seed, check_start
from ..board.partial import dead_array, partial_boards, unseen
from ..board.rules import PINEAPPLE, Rules, get_rules
from ..hand.cards import DECK_SIZE, EMPTY, card_str, cards
from ..play.game import Game, Policy, check_dealing, policy_block, policy_spec, seat_fantasyland
from . import totals

__all__ = ["Placements", "RolloutResult", "evaluate_placements", "merge", "rollout"]


class RolloutResult(NamedTuple):
    """Per player (in the order of the boards): means over ``n`` completions."""

    mean: npt.NDArray[np.float64]
    """Mean net points per hand."""
    stderr: npt.NDArray[np.float64]
    """Standard error of ``mean`` (sample standard deviation / sqrt(n))."""
    foul_rate: npt.NDArray[np.float64]
    fantasyland_rate: npt.NDArray[np.float64]
    """Share of completions that enter Fantasyland."""
    royalties: npt.NDArray[np.float64]
    """Mean royalties (all three rows; 0 when fouled)."""
    n: int
    sums: npt.NDArray[np.int64]
    """(players, 5) exact integer sums: net, net squared, fouls, Fantasyland entries,
    royalties (int64; Python ints, dtype object, only if a sum passes 2**63 - 1)."""
    policy: str = ""
    """The policy that filled the boards: its name, with the parameters that differ from
    its defaults (``"heuristic(foul=40.0)"``); ``""`` in results pickled by 0.1.0."""


def _result(sums: npt.NDArray[Any], n: int, policy: str) -> RolloutResult:
    sums = totals.narrow(sums)
    mean, stderr = totals.mean_stderr(sums[:, 0], sums[:, 1], n)
    return RolloutResult(mean, stderr, totals.rate(sums[:, 2], n), totals.rate(sums[:, 3], n),
                         totals.rate(sums[:, 4], n), n, sums, policy)


def merge(results: Sequence[RolloutResult]) -> RolloutResult:
    """One result from results over disjoint completions (exact: the integer sums add).

    >>> a = rollout(["--/--/--"] * 2, n=100, seed=1)
    >>> b = rollout(["--/--/--"] * 2, n=100, seed=1, start=100)
    >>> bool((merge([a, b]).sums == rollout(["--/--/--"] * 2, n=200, seed=1).sums).all())
    True
    """
    if not results:
        raise ValueError("merge needs at least one result")
    policies = {r.policy for r in results}
    if len(policies) > 1:
        raise ValueError(f"merge: the results were filled by different policies "
                         f"({', '.join(sorted(map(repr, policies)))})")
    total = None
    for r in results:
        total = totals.add(total, r.sums)
    assert total is not None
    return _result(total, sum(r.n for r in results), results[0].policy)


def _count(n: Any, name: str) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {n!r}")
    if int(n) < 0:
        raise ValueError(f"{name} must be >= 0, got {n}")
    return int(n)


def _pool(flat: npt.NDArray[np.uint8], dead: npt.NDArray[np.uint8],
          held: npt.NDArray[np.uint8] | None = None) -> npt.NDArray[np.uint8]:
    """The unseen cards: the deck minus the boards, the held cards and the dead ones,
    each card in at most one of those places (docs/RULES.md §1)."""
    where: dict[int, str] = {}
    owner: dict[int, int] = {}
    for i, c in enumerate(flat.reshape(-1).tolist()):
        if c != EMPTY:
            if c in owner:
                raise ValueError(f"card {card_str(c)} is on two boards: player {owner[c]} and "
                                 f"player {i // 13}")
            owner[c] = i // 13
            where[c] = f"on the board of player {i // 13}"
    for label, extra in (("held", held), ("dead", dead)):
        for k, c in enumerate(() if extra is None else extra.tolist()):
            if c >= DECK_SIZE:
                raise ValueError(f"{label} card {k} is {c}: not a card (0..{DECK_SIZE - 1})")
            if c in where:
                raise ValueError(f"{label} card {card_str(c)} (position {k}) is also {where[c]}")
            where[c] = f"{label} (position {k})"
    return unseen(list(where))


def _error(out: int, r: Rules, pool: npt.NDArray[np.uint8], fl: Sequence[int] | None) -> ValueError:
    """The message of a C status code of ofc_rollout_batch (OFC_ROLLOUT_* or -1-p)."""
    if out == -10:
        return ValueError(f"the boards need more cards than the {pool.size} left unseen")
    if out == -11:
        return ValueError(f"{r.name}: the engine cannot deal these rules (first_round = "
                          f"{r.first_round}, round_cards = {r.round_cards})")
    if out == -12:
        return ValueError("no built-in policy has that number")
    p = -1 - out
    if fl is not None and fl[p]:
        return ValueError(f"player {p} is in Fantasyland: the board is empty (set from "
                          f"{fl[p]} cards) or complete, not partial")
    return ValueError(f"player {p}: a board with that many cards is not one a {r.name} hand reaches")


def _run(flat: npt.NDArray[np.uint8], pool: npt.NDArray[np.uint8], r: Rules, policy: int,
         n: int, seed: int, start: int, workers: int, fl: list[int] | None = None,
         progress: Callable[[int], None] | None = None,
         params: npt.NDArray[np.float64] | None = None, label: str = "") -> RolloutResult:
    players = flat.shape[0]
    tables = r.tables
    boards = np.ascontiguousarray(flat.reshape(-1))
    parts: dict[int, Any] = {}
    lock = threading.Lock()

    def kernel(lo: int, hi: int) -> int:
        out = _sim.rollout_sums(tables, players, r.first_round, r.rounds, r.round_cards,
                                   r.round_play, policy, boards, pool, seed, start + lo, start + hi,
                                   fl, params)
        if isinstance(out, int):
            raise _error(out, r, pool, fl)
        with lock:
            parts[lo] = out
        if progress is not None:
            progress(hi - lo)
        return -1

    # blocks of the policy's size (Ctrl-C lands between them), fewer completions a
    # block when the rules pay so much that a block's squared points could pass an int64
    _workers.run(kernel, n, workers, chunk=totals.safe_block(r, policy_block(policy)))
    sums = np.zeros((players, 5), dtype=object)
    for v in parts.values():
        sums = totals.add(sums, v)
    return _result(sums, n, label)


def rollout(boards: Any, rules: Rules | str = PINEAPPLE, *, dead: Any = None,
            policy: str | Policy = "heuristic", n: int = 1000, seed: int, start: int = 0,
            workers: int = 1, fantasyland: Sequence[int] | None = None,
            progress: Callable[[int], None] | None = None) -> RolloutResult:
    """Complete partial boards ``n`` times; each player's mean points, stderr and rates.

    ``boards``: ``(P, 13)`` partial boards of the players, in turn order (255
    or ``--`` for empty slots; each must hold a count of cards a hand reaches:
    0, ``first_round``, then ``round_play`` more a turn).  ``dead``: cards known
    to be out (discards).  ``policy``: the built-in policy that places the cards:
    ``"heuristic"`` (the default: fast, and fouls about as often as a careful player),
    ``"greedy"`` (stronger, hundreds of times slower), ``"random"`` (fastest, but it
    fouls most boards), or a :class:`~ofc_fast.Policy` with parameters; the result's
    ``policy`` says which.  Completions
    ``start .. start + n - 1`` of ``seed``; the same result whatever ``workers``.
    ``fantasyland``: the cards of each seat in Fantasyland (0: plays normally),
    as in :class:`~ofc_fast.Game`; such a seat's board is empty (its hidden
    setting: the policy sets 13 of that many unseen cards, ``greedy`` with the
    exact solver) or complete, and its ``fantasyland_rate`` is the rate at which
    it stays.  ``progress``: called with the number of completions just finished,
    from the worker threads (e.g. ``tqdm.update``).

    The players' streets may differ by more than one turn (one board complete,
    another empty): a what-if the game itself cannot reach, allowed for analysis;
    the remaining turns are dealt round the table in the order of ``boards``.

    >>> r = rollout(["Qh Qd / 5s 6s 7s / Kc Kd", "-- / -- / --"], n=500, seed=2, fantasyland=[0, 14])
    >>> r.n, bool(r.mean[0] == -r.mean[1])
    (500, True)

    >>> r = rollout(["Ah Ad / -- / --", "-- / -- / --"], n=500, seed=2)
    Traceback (most recent call last):
    ...
    ValueError: player 0: a board with that many cards is not one a pineapple hand reaches
    """
    r = get_rules(rules)
    check_dealing(r)
    flat = partial_boards(boards)
    if flat.ndim != 2:
        raise ValueError(f"boards are (players, 13), got shape {flat.shape}")
    r.check_players(flat.shape[0])
    d = np.zeros(0, np.uint8) if dead is None else dead_array(dead).reshape(-1)
    d = d[d != EMPTY]
    pool = _pool(flat, d)
    fl = None if fantasyland is None else seat_fantasyland(fantasyland, flat.shape[0], r)
    n = _count(n, "n")
    start = _count(start, "start")
    check_start(start, n, 2**63 - 1)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (or None), got {type(progress).__name__} {progress!r}")
    pol, params, label = policy_spec(policy)
    return _run(np.ascontiguousarray(flat), pool, r, pol, n, check_seed(seed), start,
                _workers.resolve_workers(workers), fl, progress, params, label)


class Placements(NamedTuple):
    """Every legal placement, best first."""

    codes: list[int]
    """Action codes (ofc_fast.engine), in the order of the other fields."""
    boards: npt.NDArray[np.uint8]
    """(k, 13) the board each placement makes."""
    mean: npt.NDArray[np.float64]
    """Expected net points of the player to act."""
    stderr: npt.NDArray[np.float64]
    foul_rate: npt.NDArray[np.float64]
    policy: str = ""
    """The policy that completed the boards (as :attr:`RolloutResult.policy`)."""


def evaluate_placements(position: Any, rules: Rules | str | None = None, *, n: int = 1000,
                        seed: int, policy: str | Policy = "heuristic", workers: int = 1,
                        fantasyland: Sequence[int] | None = None,
                        progress: Callable[[int], None] | None = None) -> Placements:
    """Rank every legal placement of the held cards by expected points (common random numbers).

    ``position``: a :class:`~ofc_fast.Game` (the seat to act; its discards are
    dead; an opponent in Fantasyland, whose board stays hidden, sets 13 of
    its cards from the unseen ones in every completion), or ``(boards, held)``
    / ``(boards, held, dead)`` with player 0 to act, and ``fantasyland`` the
    cards of each seat in Fantasyland (as in :func:`rollout`; not player 0).
    Each placement is completed ``n`` times with the same deals, by ``policy`` (as in
    :func:`rollout`: ``"heuristic"`` by default).
    ``rules``: the variant (default Pineapple); a Game plays its own, and
    other rules given with it are an error.  ``progress``: called with the number
    of completions just finished (``n`` per placement in all), from the worker threads.

    >>> best = evaluate_placements((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), n=200, seed=1)
    >>> len(best.codes), best.boards.shape       # every legal placement, best first
    (232, (232, 13))
    >>> bool(best.mean[0] >= best.mean[-1]), float(best.foul_rate[0]) <= 1.0
    (True, True)
    """
    r = get_rules(PINEAPPLE if rules is None else rules)
    fl: list[int] | None = None
    if isinstance(position, Game):
        g = position
        if rules is not None and r != g.rules:
            raise ValueError(f"the game is played under {g.rules.name!r}, not {r.name!r}: leave "
                             f"rules out for a Game position")
        if g.done or g.fantasyland[g.turn or 0]:
            raise ValueError("the position has no placement to make (hand over or Fantasyland)")
        seat = g.turn or 0
        obs = g.observation(seat)
        r = g.rules
        order = [(seat + i) % g.players for i in range(g.players)]
        flat = np.ascontiguousarray(obs["boards"][order])
        fl = [g.fantasyland[p] for p in order] if any(g.fantasyland) else None
        held = obs["held"]
        dead = obs["discards"]
    else:
        if not isinstance(position, (tuple, list)) or len(position) not in (2, 3):
            raise TypeError("position is a Game, or (boards, held) / (boards, held, dead)")
        flat = np.ascontiguousarray(partial_boards(position[0]))
        if flat.ndim != 2:
            raise ValueError(f"boards are (players, 13), got shape {flat.shape}")
        held = cards(position[1]).reshape(-1)
        dead = np.zeros(0, np.uint8) if len(position) == 2 or position[2] is None \
            else dead_array(position[2]).reshape(-1)
        dead = dead[dead != EMPTY]
        if fantasyland is not None:
            fl = seat_fantasyland(fantasyland, flat.shape[0], r)
            if fl[0]:
                raise ValueError("player 0 is to act, so not in Fantasyland (fantasyland[0] must be 0)")
    r.check_players(flat.shape[0])
    check_dealing(r)
    placed = int((flat[0] != EMPTY).sum())
    want = r.first_round if placed == 0 else r.round_cards
    if held.size != want:
        raise ValueError(f"player 0 has {placed} cards placed and holds {held.size}: a "
                         f"{r.name} turn holds {want}")
    if 13 - placed < (r.first_round if placed == 0 else r.round_play):
        raise ValueError("player 0's board is complete: no placement to make")
    pool = _pool(flat, dead, held)
    n = _count(n, "n")
    s = check_seed(seed)
    w = _workers.resolve_workers(workers)
    pol, params, label = policy_spec(policy)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (or None), got {type(progress).__name__} {progress!r}")
    # the legal codes, in code order: the engine's own legal mask (ofc_game_legal) on
    # player 0's board holding these cards, and the board each code makes
    legal = _play.legal_placements(np.ascontiguousarray(flat[0]), np.ascontiguousarray(held, np.uint8),
                                   r.first_round, r.rounds, r.round_cards, r.round_play)
    if isinstance(legal, int):   # a C status code: player 0's board has an impossible count
        raise _error(-1, r, pool, None)
    codes = [int(c) for c in legal[0]]
    boards = list(legal[1])
    # the work: (option, block of completions) units in parallel, each option over the
    # completion range [0, n) (the same deals for all); blocks of the policy's registry
    # block of completions keep Ctrl-C answered within a block, even for a huge n
    # Ctrl-C answered within a block even for a huge n
    tables = r.tables
    players = flat.shape[0]
    option_boards = []
    for b in boards:
        f = flat.copy()
        f[0] = b
        option_boards.append(np.ascontiguousarray(f.reshape(-1)))
    block = totals.safe_block(r, policy_block(pol))
    blocks = max(1, -(-n // block))
    sums = np.zeros((len(boards), players, 5), dtype=object)
    lock = threading.Lock()

    def kernel(lo: int, hi: int) -> int:
        for unit in range(lo, hi):
            k, b = divmod(unit, blocks)
            out = _sim.rollout_sums(tables, players, r.first_round, r.rounds, r.round_cards,
                                       r.round_play, pol, option_boards[k], pool, s,
                                    b * block, min(n, (b + 1) * block), fl, params)
            if isinstance(out, int):  # a C status code
                raise _error(out, r, pool, fl)
            with lock:
                sums[k] = totals.add(sums[k], out)
            if progress is not None:
                progress(min(n, (b + 1) * block) - b * block)
        return -1

    _workers.run(kernel, len(boards) * blocks, w, chunk=1)
    results = [_result(sums[k], n, label) for k in range(len(boards))]
    means = [res.mean[0] for res in results]
    errs = [res.stderr[0] for res in results]
    fouls = [res.foul_rate[0] for res in results]
    order_ = np.argsort(-np.array(means), kind="stable")
    return Placements([codes[i] for i in order_], np.array(boards, dtype=np.uint8)[order_],
                      np.array(means)[order_], np.array(errs)[order_], np.array(fouls)[order_], label)
