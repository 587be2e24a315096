"""Monte Carlo: complete partial boards many times and average the results.

:func:`rollout` deals the unseen cards (the deck minus every board and the
``dead`` cards) to the turns the boards have left, as the variant deals
them (docs/RULES.md §7: ``round_cards`` a turn, ``round_play`` placed), and
lets a policy place them; completion ``i`` of a seed draws from its own
counter-based stream, so results do not depend on ``workers``, and the sums
behind the means are integers that merge exactly (:func:`merge`).
:func:`evaluate_placements` ranks every legal placement of the cards in hand
(or a shortlist, ``candidates``) by expected points, every option completed
with the same deals (common random numbers: the same in separate calls with
the same seed and position), so differences between options have small
errors.  Both take ``fantasyland_value`` (points for a Fantasyland earned,
credited exactly: ofc_fast.sim.worth), ``known`` cards, and a Python
callable as ``policy`` (the slow path: :class:`RolloutState`); docs/BOTS.md.

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
from .._checks import check_seed, check_start, count, is_int
from .._core import status_message
from ..board.partial import partial_among, partial_boards, read_position
from ..board.rules import PINEAPPLE, Rules, get_rules
from ..hand.cards import EMPTY, card_str, jokers_among
from ..play.game import (
    ACTIONS,
    Policy,
    check_dealing,
    policy_block,
    policy_spec,
    seat_fantasyland,
)
from . import summary, totals, worth
from .position import known_deals as _known
from .position import read_decision as _position
from .position import read_policy as _policy
from .position import status_error as _error
from .position import unseen_cards as _pool

__all__ = ["Placements", "RolloutResult", "RolloutState", "evaluate_placements", "merge", "rollout"]


class RolloutResult(NamedTuple):
    """Per player (in the order of the boards): means over ``n`` completions.

    With ``fantasyland_value``, ``mean``, ``stderr``, ``min`` and ``max`` count
    the value credited for each Fantasyland earned; ``sums`` stay those of the
    hands' own points (the credited sums are exact: ofc_fast.sim.worth).
    """

    mean: npt.NDArray[np.float64]
    """Mean net points per hand (plus the Fantasyland value credited)."""
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
    min: npt.NDArray[np.float64] | None = None
    """Least points of a completion (with the value credited); NaN for n = 0."""
    max: npt.NDArray[np.float64] | None = None
    """Greatest points of a completion (with the value credited)."""
    fantasyland_value: dict[int, int | float] | None = None
    """The value credited per Fantasyland card count (None: nothing)."""
    fantasyland_split: npt.NDArray[Any] | None = None
    """(players, 53, 4) completions by the Fantasyland cards earned (0: none): count, sum
    of net points, least and greatest net points (what merge needs)."""


    policy: str = ""
    """The policy that filled the boards: its name, with the parameters that differ from
    its defaults (``"heuristic(foul=40.0)"``); ``""`` in results pickled by 0.1.0."""
    rules: Rules | None = None
    """The rules the boards were completed under (None in a result made before this field
    existed): :func:`merge` merges only results of the same rules."""

    def __repr__(self) -> str:
        """A few lines: n, the policy, the rules, then each player's mean with its 95%
        interval and rates (the arrays stay fields).

        >>> print(repr(rollout(["Ah Ad / 2c 3d 4h / --", "-- / -- / --"], n=200, seed=1)))
        RolloutResult(n=200, policy='heuristic', rules='pineapple')
          player 0: mean ... (95% ... .. ...), fouls ...%, Fantasyland ...%, royalties ...
          player 1: mean ...
        """
        return "\n".join([summary.header("RolloutResult", f"n={self.n}", self.policy, self.rules,
                                          self.fantasyland_value),
                          *summary.seat_lines("player", self.mean, self.stderr, self.foul_rate,
                                              self.fantasyland_rate, self.royalties)])


def _result(sums: npt.NDArray[Any], n: int, split: npt.NDArray[Any] | None = None,
            value: worth.FantasylandValue = None, policy: str = "", rules: Rules | None = None) -> RolloutResult:
    sums = totals.narrow(sums)
    mean, stderr = totals.mean_stderr(sums[:, 0], sums[:, 1], n)
    lo = hi = None
    if split is not None:
        split = totals.narrow(split)
        if value:
            mean, stderr, lo, hi = worth.credited(sums, split, n, value)
        else:
            lo, hi = worth.extremes(split)
    return RolloutResult(mean, stderr, totals.rate(sums[:, 2], n), totals.rate(sums[:, 3], n),
                         totals.rate(sums[:, 4], n), n, sums, lo, hi, value, split, policy, rules)


def merge(results: Sequence[RolloutResult]) -> RolloutResult:
    """One result from results over disjoint completions (exact: the integer sums add).

    ``results``: any iterable of results of the same rules, player count, policy and
    ``fantasyland_value``; others are refused, naming both sides.

    >>> a = rollout(["--/--/--"] * 2, n=100, seed=1)
    >>> b = rollout(["--/--/--"] * 2, n=100, seed=1, start=100)
    >>> bool((merge([a, b]).sums == rollout(["--/--/--"] * 2, n=200, seed=1).sums).all())
    True
    """
    results = totals.mergeable(results, RolloutResult, "merge")
    worth.same_value([r.fantasyland_value for r in results], "merge")
    policies = {r.policy for r in results}
    if len(policies) > 1:
        raise ValueError(f"merge: the results were filled by different policies "
                         f"({', '.join(sorted(map(repr, policies)))})")
    splits = [r.fantasyland_split for r in results]
    total, split = worth.add_parts([r.sums for r in results],
                                   None if any(b is None for b in splits) else splits)
    return _result(total, sum(r.n for r in results), split, results[0].fantasyland_value,
                   results[0].policy, next((r.rules for r in results if r.rules is not None), None))


class RolloutState:
    """What a Python policy of :func:`rollout` sees: the position of one completion.

    Read like a :class:`~ofc_fast.Game`: ``turn`` (the board index to act),
    ``held``, ``boards``, ``fantasyland`` (cards per board, 0: plays normally),
    ``street(i)``, ``discards(i)``, ``legal_actions()``, ``action_mask()``,
    ``rules``, ``players``, ``index`` (the completion).  The policy returns an
    action code (a normal turn) or the 13 cards of the board (a Fantasyland
    turn).  ``builtin(policy)`` gives the action a built-in policy (a name or a
    :class:`~ofc_fast.Policy` with its parameters) would take
    here, from the same random stream as the C kernel, so a Python policy that
    falls back on one gives the built-in result exactly.
    """

    def __init__(self, comp: Any, rules: Rules) -> None:
        self._c = comp
        self.rules = rules
        self.players = comp.players
        self.index = -1

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise TypeError("RolloutState cannot be pickled or copied: it is a view of the completion that "
                        "rollout() is playing (C memory, valid only during the policy's call); keep "
                        "what you need of it instead (boards, held, legal_actions() ...)")

    @property
    def turn(self) -> int:
        return int(self._c.turn)

    @property
    def done(self) -> bool:
        return self.turn < 0

    @property
    def held(self) -> npt.NDArray[np.uint8]:
        return self._c.held  # type: ignore[no-any-return]

    @property
    def boards(self) -> npt.NDArray[np.uint8]:
        return self._c.boards  # type: ignore[no-any-return]

    @property
    def fantasyland(self) -> list[int]:
        return [int(self._c.fantasyland(p)) for p in range(self.players)]

    def street(self, seat: int) -> int:
        return int(self._c.street(seat))

    def discards(self, seat: int) -> npt.NDArray[np.uint8]:
        return self._c.discards(seat)  # type: ignore[no-any-return]

    def action_mask(self) -> npt.NDArray[np.bool_]:
        return self._c.legal().view(np.bool_)  # type: ignore[no-any-return]

    def legal_actions(self) -> list[int]:
        return np.flatnonzero(self._c.legal()).tolist()

    def builtin(self, policy: str | Policy) -> Any:
        code, params, _ = policy_spec(policy)
        out = self._c.play_builtin(code, params)
        if isinstance(out, tuple):
            raise ValueError(f"policy {policy!r} failed: {status_message(out[0])}")
        return out


def _play_python(comp: Any, view: RolloutState, fn: Callable[[RolloutState], Any], seed: int,
                 index: int, jokers: int = 0) -> None:
    """Completion ``index`` played to the end by the Python policy ``fn``."""
    comp.begin(seed, index)
    view.index = index
    while comp.turn >= 0:
        seat = int(comp.turn)
        action = fn(view)
        if comp.fantasyland(seat):
            board = partial_boards(action, jokers).reshape(-1)
            if board.size != 13:
                raise ValueError(f"completion {index}: the policy set {board.size // 13} boards for "
                                 f"board {seat} in Fantasyland, not one")
            err = comp.set_board(np.ascontiguousarray(board))
        else:
            if not is_int(action):
                raise TypeError(f"completion {index}, board {seat}: the policy returned "
                                f"{type(action).__name__} {action!r}, not an action code")
            code = int(action)
            err = comp.apply(code) if 0 <= code < ACTIONS else _play.OFC_ERR_CODE
        if err:
            raise ValueError(f"completion {index}, board {seat}: the policy's action {action!r} is "
                             f"illegal: {status_message(err)} (held: {card_str(comp.held)})")


def _run(flat: npt.NDArray[np.uint8], pool: npt.NDArray[np.uint8], r: Rules, policy: int | Callable[..., Any],
         n: int, seed: int, start: int, workers: int, fl: list[int] | None = None,
         progress: Callable[[int], None] | None = None, fixed: npt.NDArray[np.uint8] | None = None,
         value: worth.FantasylandValue = None, params: npt.NDArray[np.float64] | None = None,
         label: str = "") -> RolloutResult:
    sums, split = _sums(flat, pool, r, policy, n, seed, start, workers, fl, progress, fixed, params)
    return _result(sums, n, split, value, label, r)


def _sums(flat: npt.NDArray[np.uint8], pool: npt.NDArray[np.uint8], r: Rules,
          policy: int | Callable[..., Any], n: int, seed: int, start: int, workers: int,
          fl: list[int] | None, progress: Callable[[int], None] | None,
          fixed: npt.NDArray[np.uint8] | None,
          params: npt.NDArray[np.float64] | None = None) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """Exact sums and by-Fantasyland split of completions ``start .. start + n - 1``."""
    players = flat.shape[0]
    tables = r.tables
    boards = np.ascontiguousarray(flat.reshape(-1))
    parts: dict[int, Any] = {}
    lock = threading.Lock()
    if callable(policy):
        # the slow path: one completion after another, every turn a Python call
        comp = _sim.Completions(tables, players, r.first_round, r.rounds, r.round_cards, r.round_play,
                                boards, pool, fl, fixed)
        if comp.status < 0:
            raise _error(comp.status, r, pool, fl)
        view = RolloutState(comp, r)
        fn = policy

        def kernel(lo: int, hi: int) -> int:
            s = np.zeros((players, 5), np.int64)
            b = _sim.fl_split(players)
            for i in range(lo, hi):
                _play_python(comp, view, fn, seed, start + i, r.jokers)
                comp.add(s, b)
            parts[lo] = (s, b)
            if progress is not None:
                progress(hi - lo)
            return -1

        _workers.run(kernel, n, 1, chunk=_PYTHON_BLOCK)
    else:
        code = policy

        def kernel(lo: int, hi: int) -> int:
            b = _sim.fl_split(players)
            out = _sim.rollout_sums(tables, players, r.first_round, r.rounds, r.round_cards,
                                    r.round_play, code, boards, pool, seed, start + lo, start + hi,
                                    fl, fixed, b, params)
            if isinstance(out, int):
                raise _error(out, r, pool, fl)
            with lock:
                parts[lo] = (out, b)
            if progress is not None:
                progress(hi - lo)
            return -1

        # blocks of the policy's size (Ctrl-C lands between them), fewer completions a
        # block when the rules pay so much that a block's squared points could pass an int64
        _workers.run(kernel, n, workers, chunk=totals.safe_block(r, policy_block(code)))
    if len(parts) == 1:   # one C call: its int64 sums as they are
        return next(iter(parts.values()))  # type: ignore[no-any-return]
    # every block's sums at once (a block at a time cost random rollouts a tenth of their time)
    sums, split = worth.add_parts([s for s, _ in parts.values()], [b for _, b in parts.values()])
    assert split is not None
    return sums, split


#: completions per call of a Python policy's slow path (Ctrl-C and progress between calls)
_PYTHON_BLOCK = 16


def rollout(boards: Any, rules: Rules | str = PINEAPPLE, *, dead: Any = None,
            policy: str | Policy | Callable[[RolloutState], Any] = "heuristic", n: int = 1000, seed: int,
            start: int = 0, workers: int = 1, fantasyland: Sequence[int] | None = None,
            progress: Callable[[int], None] | None = None, fantasyland_value: Any = None,
            known: Any = None) -> RolloutResult:
    """Complete partial boards ``n`` times; each player's mean points, stderr and rates.

    ``boards``: ``(P, 13)`` partial boards of the players, in turn order (255
    or ``--`` for empty slots; each must hold a count of cards a hand reaches:
    0, ``first_round``, then ``round_play`` more a turn).  ``dead``: cards known
    to be out (discards).  ``policy``: the built-in policy that places the cards:
    ``"heuristic"`` (the default: fast, and fouls about as often as a careful player),
    ``"lookahead"`` (stronger, about 3x its cost: the heuristic with a short look-ahead
    on the late streets), ``"greedy"`` (stronger still, hundreds of times slower), ``"random"`` (fastest, but it
    fouls most boards), a :class:`~ofc_fast.Policy` with parameters, or a Python
    callable (the slow path: one Python call a turn, one thread; it gets a
    :class:`RolloutState` and returns an action code, or the 13 cards of the board
    on a Fantasyland turn); the result's ``policy`` says which.  Completions
    ``start .. start + n - 1`` of ``seed``; the same result whatever ``workers``.
    ``fantasyland``: the cards of each seat in Fantasyland (0: plays normally),
    as in :class:`~ofc_fast.Game`; such a seat's board is empty (its hidden
    setting: the policy sets 13 of that many unseen cards, ``greedy`` with the
    exact solver) or complete, and its ``fantasyland_rate`` is the rate at which
    it stays.  ``progress``: called with the number of completions just finished,
    from the worker threads (e.g. ``tqdm.update``).
    ``fantasyland_value``: points credited to a player for each Fantasyland
    earned (entry or stay): a number (0 to 1e150), or a mapping from the
    cards dealt in Fantasyland to points (ofc_fast.sim.worth; exact, floats too; see
    :func:`estimate_fantasyland_value` for what to pass).  ``known``: cards
    known to come, not on any board: a sequence is the next cards dealt, in
    order; a mapping ``{player: cards}`` the cards that player's next turn is
    dealt (held, not placed yet).  The other dealt cards are drawn from the
    rest, and completion ``i`` draws them the same way whatever the boards.
    With ``rules.jokers`` the deck holds them (codes 52, 53): the boards,
    ``dead`` and ``known`` may hold them, the unseen ones are dealt like any
    card, and each completed board is scored as :func:`~ofc_fast.score` scores
    it (a seat in Fantasyland as :func:`~ofc_fast.analyze` with its count).
    The boards, ``dead`` and ``known`` are one deal: a generic joker (``Xj``)
    in any of them takes the first joker that no other part holds or names
    (the explicit ``X1`` / ``X2`` keep theirs; then the boards in seat order,
    ``dead``, ``known``: :func:`ofc_fast.partial.read_position`).

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
    # the boards, dead and known cards of one deal: generic jokers share its deck
    pos = read_position(boards, r.jokers, dead=dead, known=known)
    flat = pos.boards
    if flat.ndim != 2:
        raise ValueError(f"boards are (players, 13), got shape {flat.shape}")
    r.check_players(flat.shape[0])
    d = np.zeros(0, np.uint8) if pos.dead is None else pos.dead.reshape(-1)
    d = d[d != EMPTY]
    fl = None if fantasyland is None else seat_fantasyland(fantasyland, flat.shape[0], r)
    fixed, kc = _known(pos.known, np.ascontiguousarray(flat), r, fl)
    pool = _pool(flat, d, None, kc, r.jokers)
    n = count(n, "n", 1)   # a mean of no completions is no number: refuse it rather than print 0.0
    start = count(start, "start", 0)
    check_start(start, n, 2**63 - 1)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (or None), got {type(progress).__name__} {progress!r}")
    value = worth.check_value(fantasyland_value, r)
    pol, params, label = _policy(policy)
    return _run(np.ascontiguousarray(flat), pool, r, pol, n, check_seed(seed), start,
                _workers.resolve_workers(workers), fl, progress, fixed, value, params, label)


class Placements(NamedTuple):
    """Every legal placement (or the ``candidates``), best first.

    The per-option fields are arrays in the order of ``codes``; ``seat_*`` are
    ``(k, players)``, players in the order of the position (the player to act
    first).  With ``fantasyland_value`` the means, ``min`` and ``max`` count it.
    """

    codes: list[int]
    """Action codes (ofc_fast.engine), in the order of the other fields."""
    boards: npt.NDArray[np.uint8]
    """(k, 13) the board each placement makes."""
    mean: npt.NDArray[np.float64]
    """Expected net points of the player to act."""
    stderr: npt.NDArray[np.float64]
    foul_rate: npt.NDArray[np.float64]
    fantasyland_rate: npt.NDArray[np.float64] | None = None
    """Share of completions in which the player to act earns Fantasyland."""
    royalties: npt.NDArray[np.float64] | None = None
    """Mean royalties of the player to act."""
    min: npt.NDArray[np.float64] | None = None
    """Least points of the player to act over the option's completions."""
    max: npt.NDArray[np.float64] | None = None
    """Greatest points of the player to act over the option's completions."""
    seat_mean: npt.NDArray[np.float64] | None = None
    """(k, players) every player's mean points."""
    seat_stderr: npt.NDArray[np.float64] | None = None
    seat_foul_rate: npt.NDArray[np.float64] | None = None
    seat_fantasyland_rate: npt.NDArray[np.float64] | None = None
    seat_royalties: npt.NDArray[np.float64] | None = None
    n: int = 0
    """Completions per option."""
    policy: str = ""
    """The policy that completed the boards (as :attr:`RolloutResult.policy`)."""

    def __repr__(self) -> str:
        """A few lines: the options, n, the policy, then the best few options (code, board,
        mean with its 95% interval, rates); every figure stays an array field.

        >>> print(repr(evaluate_placements((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), n=200, seed=1)))
        Placements(232 options, n=200 each, policy='heuristic')
          code 677  -- -- -- / Ah Ad -- -- -- / 7c 8c 9c -- --: mean +7.460 (95% +6.363 .. +8.557), ...
          ...
          ... 227 more (every field is an array in this order, best first)
        """
        head = summary.header("Placements", f"{len(self.mean)} options, n={self.n} each", self.policy)
        return "\n".join([head, *summary.option_lines(self.codes, self.boards, self.mean, self.stderr,
                                                       self.foul_rate, self.fantasyland_rate,
                                                       self.royalties)])


def _candidates(candidates: Any, codes: list[int], boards: list[npt.NDArray[np.uint8]],
                jokers: int = 0, taken: Sequence[int] = ()) -> list[int]:
    """The indices into the legal placements of ``candidates`` (codes or boards); ``taken``:
    the jokers a generic joker of a candidate board leaves alone (the rest of the deal)."""
    if isinstance(candidates, (str, bytes)) or not isinstance(candidates, (Sequence, np.ndarray)):
        raise TypeError(f"candidates is a sequence of action codes or boards, got "
                        f"{type(candidates).__name__} {candidates!r:.60}")
    if len(candidates) == 0:
        raise ValueError("candidates is empty: give at least one placement")
    by_code = {c: i for i, c in enumerate(codes)}

    def rows(b: npt.NDArray[np.uint8]) -> tuple[tuple[int, ...], ...]:
        # a board by its rows' cards, whatever their order within a row
        return tuple(tuple(sorted(int(c) for c in b[s:e] if c != EMPTY))
                     for s, e in ((0, 3), (3, 8), (8, 13)))

    by_rows = {rows(b): i for i, b in enumerate(boards)}
    out: list[int] = []
    seen: dict[int, int] = {}
    for j, cand in enumerate(candidates):
        if is_int(cand):
            if int(cand) not in by_code:
                raise ValueError(f"candidates[{j}]: action {int(cand)} is not a legal placement of "
                                 f"the held cards")
            i = by_code[int(cand)]
        else:
            if isinstance(cand, (bool, np.bool_, float, np.floating)) or cand is None:
                raise TypeError(f"candidates[{j}]: a candidate is an action code or one board, got "
                                f"{type(cand).__name__} {cand!r}")
            try:
                b = partial_among(cand, taken, jokers)
            except (TypeError, ValueError) as err:   # the reader's words, with where
                raise type(err)(f"candidates[{j}]: {err}") from None
            if b.shape != (13,):
                raise ValueError(f"candidates[{j}]: a candidate is an action code or one board, got "
                                 f"shape {b.shape}")
            key = rows(b)
            if key not in by_rows:
                raise ValueError(f"candidates[{j}]: board {card_str(b)!r} is not a legal placement of "
                                 f"the held cards")
            i = by_rows[key]
        if i in seen:
            raise ValueError(f"candidates[{j}] is the same placement as candidates[{seen[i]}]")
        seen[i] = j
        out.append(i)
    return out


def evaluate_placements(position: Any, rules: Rules | str | None = None, *, n: int = 1000,
                        seed: int, policy: str | Policy | Callable[[RolloutState], Any] = "heuristic",
                        workers: int = 1, fantasyland: Sequence[int] | None = None,
                        progress: Callable[[int], None] | None = None, candidates: Any = None,
                        fantasyland_value: Any = None, known: Any = None) -> Placements:
    """Rank every legal placement of the held cards by expected points (common random numbers).

    ``position``: a :class:`~ofc_fast.Game` (the seat to act; its discards are
    dead; an opponent in Fantasyland, whose board stays hidden, sets 13 of
    its cards from the unseen ones in every completion), or ``(boards, held)``
    / ``(boards, held, dead)`` with player 0 to act, and ``fantasyland`` the
    cards of each seat in Fantasyland (as in :func:`rollout`; not player 0).
    The boards, held, dead and ``known`` cards are one deal: a generic joker
    (``Xj``) takes the first joker no other part holds or names, in that order
    (as in :func:`rollout`).
    Each placement is completed ``n`` times with the same deals, by ``policy``
    (as in :func:`rollout`: ``"heuristic"`` by default; a name, a Policy, or a Python
    callable).
    ``rules``: the variant (default Pineapple); a Game plays its own, and
    other rules given with it are an error.  ``progress``: called with the number
    of completions just finished (``n`` per placement in all), from the worker threads.
    ``candidates``: score only these placements (action codes, or the boards
    they make); one that is not legal is an error.  ``fantasyland_value`` and
    ``known`` (seats of the Game, or players of ``boards``) as in :func:`rollout`.

    Common random numbers, a guarantee: completion ``i`` of ``seed`` deals the
    same cards (and the policies draw the same stream) for every option, in
    this call and in any other call with the same seed, position and ``n``;
    so an option's result is the same whether it is scored alone, among
    ``candidates`` or among all, and differences between options have small
    errors.

    >>> best = evaluate_placements((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), n=200, seed=1)
    >>> len(best.codes), best.boards.shape       # every legal placement, best first
    (232, (232, 13))
    >>> bool(best.mean[0] >= best.mean[-1]), float(best.foul_rate[0]) <= 1.0
    (True, True)
    >>> two = evaluate_placements((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), n=200, seed=1,
    ...                           candidates=best.codes[:2])
    >>> two.mean.tolist() == best.mean[:2].tolist()
    True
    """
    r, flat, held, dead, fl, seats, pool, codes, boards, known = _position(position, rules, fantasyland, known)
    n = count(n, "n", 1)
    s = check_seed(seed)
    w = _workers.resolve_workers(workers)
    pol, params, label = _policy(policy)
    value = worth.check_value(fantasyland_value, r)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (or None), got {type(progress).__name__} {progress!r}")
    if candidates is not None:
        # a candidate's generic joker leaves the other boards' jokers and the dead ones alone
        pick = _candidates(candidates, codes, boards, r.jokers, jokers_among([flat[1:], dead]))
        codes = [codes[i] for i in pick]
        boards = [boards[i] for i in pick]
    players = flat.shape[0]
    option_boards = []
    for b in boards:
        f = flat.copy()
        f[0] = b
        option_boards.append(np.ascontiguousarray(f))
    # every option places the same count of cards: the known cards' positions are theirs all
    fixed, kc = _known(known, option_boards[0], r, fl, seats)
    if kc is not None:
        pool = _pool(flat, dead, held, kc, r.jokers)
    # the work: (option, block of completions) units in parallel, each option over the
    # completion range [0, n) (the same deals for all: common random numbers); blocks of
    # the policy's registry size keep Ctrl-C answered within a block, even for a huge n
    block = totals.safe_block(r, policy_block(pol)) if isinstance(pol, int) else max(n, 1)
    blocks = max(1, -(-n // block))
    parts: list[list[Any]] = [[] for _ in boards]
    lock = threading.Lock()

    def kernel(lo: int, hi: int) -> int:
        for unit in range(lo, hi):
            k, b = divmod(unit, blocks)
            a, e = b * block, min(n, (b + 1) * block)
            out = _sums(option_boards[k], pool, r, pol, e - a, s, a, 1, fl, None, fixed, params)
            with lock:
                parts[k].append(out)
            if progress is not None:
                progress(e - a)
        return -1

    _workers.run(kernel, len(boards) * blocks, w if isinstance(pol, int) else 1, chunk=1)
    k = len(boards)
    if not value and all(len(p) == 1 for p in parts) and n < 2**53:
        # the common case at once: one int64 block an option, nothing credited
        stats = _stats_at_once(np.stack([p[0][0] for p in parts]), np.stack([p[0][1] for p in parts]), n)
    else:
        results = []
        for i in range(k):
            if len(parts[i]) == 1:   # one block: its int64 sums as they are
                sums, split = parts[i][0]
            else:
                sums = np.zeros((players, 5), dtype=object)
                split = None
                for s_, b_ in parts[i]:
                    sums = totals.add(sums, s_)
                    split = worth.add_split(split, b_)
            results.append(_result(sums, n, split, value, label, r))
        stats = {f: np.array([getattr(x, f) for x in results], dtype=np.float64).reshape(k, players)
                 for f in ("mean", "stderr", "foul_rate", "fantasyland_rate", "royalties", "min", "max")}
    order_ = np.argsort(-stats["mean"][:, 0], kind="stable")
    st = {f: a[order_] for f, a in stats.items()}
    return Placements([codes[i] for i in order_], np.array(boards, dtype=np.uint8)[order_].reshape(-1, 13),
                      st["mean"][:, 0].copy(), st["stderr"][:, 0].copy(), st["foul_rate"][:, 0].copy(),
                      st["fantasyland_rate"][:, 0].copy(), st["royalties"][:, 0].copy(),
                      st["min"][:, 0].copy(), st["max"][:, 0].copy(), st["mean"], st["stderr"],
                      st["foul_rate"], st["fantasyland_rate"], st["royalties"], n, label)


def placement_count(position: Any, rules: Rules | str | None = None, *,
                    fantasyland: Sequence[int] | None = None) -> int:
    """How many placements :func:`evaluate_placements` scores for ``position`` (without
    ``candidates``): its ``progress`` reports ``n`` completions each (a progress bar's total)."""
    return len(_position(position, rules, fantasyland)[7])


def _stats_at_once(sums: npt.NDArray[np.int64], split: npt.NDArray[np.int64],
                   n: int) -> dict[str, npt.NDArray[np.float64]]:
    """Every option's figures (k, players) from int64 sums (k, players, 5) and splits, the
    same floats as :func:`_result` gives one by one (``totals``: exact sums, one
    rounding), when no value is credited."""
    k, players = sums.shape[:2]
    flat = sums.reshape(k * players, 5)
    mean, stderr = totals.mean_stderr(flat[:, 0], flat[:, 1], n)
    lo, hi = worth.extremes(split.reshape(k * players, *split.shape[2:]))
    out = {"mean": mean, "stderr": stderr, "foul_rate": totals.rate(flat[:, 2], n),
           "fantasyland_rate": totals.rate(flat[:, 3], n), "royalties": totals.rate(flat[:, 4], n),
           "min": lo, "max": hi}
    return {f: a.reshape(k, players) for f, a in out.items()}
