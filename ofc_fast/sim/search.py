"""The best move in one call: a budgeted search of one decision (csrc/sim/ofc_search.c).

:func:`best_move` spends a budget of completions on the legal placements of the
seat to act: a first round (a cheap pass: a few completions each) over every one of them
(or the heuristic policy's best few by its static score, ``cheap_pass``), which keeps
the ``shortlist`` best by mean points, then successive halving: each round completes
the options still in and keeps the better half by mean, the budget left spread evenly
over the rounds left.  Completions use common random numbers throughout: an option's
completion ``i`` of ``seed`` deals the same cards and draws the same policy stream
as :func:`~ofc_fast.sim.rollout.evaluate_placements`' completion ``i`` of the same
seed, so an option's figures after ``n`` completions are exactly those of
``evaluate_placements(position, candidates=[code], n=n, seed=seed)``.

Exact on the last street: when the move completes the seat's board and the unseen
cards can fall at most ``exact_limit`` ways to the turns left (the opponents' last
turns: C(24, 3) = 2024 heads-up in Pineapple; one way when every other board is
complete), every option is scored over every one of those ways once, with equal
weight, instead of a sample.  The model: each turn left is dealt a set of the
unseen cards (the sets of the turns disjoint, each set dealt in the order of the
unseen cards, sorted by code), the known cards (``known=``) where they were said to
come; every other seat plays its turns by ``policy``, deal ``j`` (the turns' sets
in lexicographic order of the unseen cards' positions, the first turn's set
outermost) drawing the policy stream of completion ``j`` of ``seed``; the figure
is the mean over the deals, its standard error 0.  With every other board complete
it is the move's exact score.

A Fantasyland turn sets all 13 cards: against complete boards, the setting that wins
the most points from them, exactly (:func:`~ofc_fast.solve_fantasyland` with
``against=``); with boards still to come, the royalty solver's settings (the stay
credited as ``fantasyland_value``, none, and a stay above all) each scored by the same
completions of the other boards, the best mean winning.

>>> m = best_move((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), budget=400, seed=1)
>>> m.move in m.codes, m.codes[0] == m.move, m.board.shape
(True, True, (13,))
>>> bool(m.completions <= 420), bool(m.exact.any())
(True, False)
>>> last = best_move((["Qh Qd 2c / 5s 6s 7s 8s / Kc Kd Kh Ks", "2d 3d 4d / 8d 9d Td Jd 7h / Ac Ad 2h 3h 4h"],
...                   "As Jc 3c", "4c 5c 6c 7c"), seed=1)
>>> bool(last.exact.all()), float(last.stderr[0])      # every other board complete: the exact score
(True, 0.0)
"""
from __future__ import annotations

import math
import threading
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import _sim, _workers
from .._checks import check_seed, count, is_int, shown
from ..board.boards import board_text
from ..board.partial import read_position
from ..board.rules import PINEAPPLE, Rules, get_rules
from ..hand.cards import EMPTY
from ..play.game import Game, Policy, seat_fantasyland
from ..solve.fantasyland import FantasylandResult, solve_fantasyland
from . import summary, totals, worth
from .position import known_deals, read_decision, read_policy, status_error, unseen_cards
from .rollout import rollout

__all__ = ["DEFAULT_BUDGET", "DEFAULT_CHEAP_PASS", "DEFAULT_PER_OPTION", "DEFAULT_POLICY", "DEFAULT_SHORTLIST",
           "EXACT_LIMIT", "BestMove", "best_move"]

#: the policy that plays every completion unless ``policy=`` says otherwise (one line to switch)
DEFAULT_POLICY = "heuristic"
#: completions a decision by default (``budget=None``): DEFAULT_BUDGET and DEFAULT_PER_OPTION
#: for each legal placement (the opening's 232 get more: tuned with bench/bots.py, docs/BOTS.md)
DEFAULT_BUDGET = 2000
DEFAULT_PER_OPTION = 16
#: options the first round keeps for successive halving
DEFAULT_SHORTLIST = 16
#: options the first round (the cheap pass) completes, the heuristic's best (None: every one)
DEFAULT_CHEAP_PASS: int | None = None
#: the most ways the unseen cards may fall for an exact last street
EXACT_LIMIT = 3000


class BestMove(NamedTuple):
    """The move :func:`best_move` chose, and the figures behind it for the candidates kept
    (those that got completions), best first: the move is ``codes[0]``.  Per-candidate
    fields are arrays in the order of ``codes``, for the player to act."""

    move: Any
    """An action code (int), or on a Fantasyland turn the 13 cards of the setting (uint8)."""
    board: npt.NDArray[np.uint8]
    """(13,) the board the move makes."""
    codes: list[int]
    """The candidates' action codes (empty on a Fantasyland turn)."""
    boards: npt.NDArray[np.uint8]
    """(k, 13) the board each candidate makes."""
    mean: npt.NDArray[np.float64]
    """Mean net points (plus any ``fantasyland_value`` credited)."""
    stderr: npt.NDArray[np.float64]
    """Standard error of ``mean`` (0 for an exact figure)."""
    foul_rate: npt.NDArray[np.float64]
    fantasyland_rate: npt.NDArray[np.float64]
    royalties: npt.NDArray[np.float64]
    n: npt.NDArray[np.int64]
    """Completions each (exact: the ways the unseen cards can fall)."""
    exact: npt.NDArray[np.bool_]
    """Whether each figure is the exact expectation (the last street), not a sample."""
    completions: int
    """Completions played in all."""
    seconds: float
    """Wall time the call took."""
    policy: str = ""
    """The policy that played the completions (as ``Placements.policy``)."""

    def __repr__(self) -> str:
        """A few lines: the move and its board, the search's size, then the best few
        candidates (mean with its 95% interval, rates); every figure stays a field."""
        move = self.move if isinstance(self.move, int) else "the setting"
        head = summary.header("BestMove", f"move={move}, {len(self.mean)} candidates, "
                              f"{self.completions} completions in {self.seconds:.2f} s", self.policy)
        return "\n".join([head, f"  board {board_text(np.asarray(self.board).tolist())}",
                          *summary.option_lines(self.codes, self.boards, self.mean, self.stderr,
                                                self.foul_rate, self.fantasyland_rate, self.royalties)])


def _check_seconds(seconds: Any) -> float | None:
    if seconds is None:
        return None
    if isinstance(seconds, (bool, np.bool_)) or not isinstance(seconds, (int, float, np.integer, np.floating)):
        raise TypeError(f"seconds must be a number of seconds (or None), got {shown(seconds)}")
    s = float(seconds)
    if math.isnan(s) or s <= 0:
        raise ValueError(f"seconds must be a positive number of seconds (or None), got {shown(seconds)}")
    return None if math.isinf(s) else s


def best_move(position: Any, rules: Rules | str | None = None, *, budget: int | None = None,
              seconds: float | None = None, seed: int, policy: str | Policy = DEFAULT_POLICY,
              workers: int = 1, fantasyland: Sequence[int] | None = None, known: Any = None,
              fantasyland_value: Any = None, shortlist: int = DEFAULT_SHORTLIST,
              cheap_pass: int | None = DEFAULT_CHEAP_PASS, exact_limit: int = EXACT_LIMIT) -> BestMove:
    """The best placement of the cards in hand by a budgeted search (module docstring).

    ``position``, ``rules``, ``fantasyland``, ``known`` and ``fantasyland_value`` as in
    :func:`~ofc_fast.sim.rollout.evaluate_placements` (a :class:`~ofc_fast.Game`, or
    ``(boards, held)`` / ``(boards, held, dead)`` with player 0 to act).  ``budget``:
    completions to spend (at least one per option a round; None: :data:`DEFAULT_BUDGET`
    and :data:`DEFAULT_PER_OPTION` for each legal placement); ``seconds``:
    a time limit besides (None: none), whichever comes first.  With only ``budget``
    the answer depends on the position, ``seed``, ``budget``, ``policy``,
    ``shortlist``, ``cheap_pass`` and ``exact_limit`` alone, never on ``workers`` or timing.
    ``policy``: the built-in policy (a name or a :class:`~ofc_fast.Policy`) that plays
    every completion.  ``cheap_pass``: how many placements the first round completes
    (the heuristic's best by its static score; None: every legal one); ``shortlist``:
    how many of them, the best by mean, successive halving goes on with.
    ``exact_limit``: the most ways the unseen cards may fall for the exact last street
    (0: always sample).  ``workers``: threads (-1:
    every core).  Ctrl-C stops the search within about a second.

    A Fantasyland turn (a Game whose seat to act is in Fantasyland, or ``fantasyland``
    giving player 0 a card count, ``held`` its cards and its board empty) returns a setting
    of the 13 cards as the move (module docstring): exact against complete boards.

    >>> from ofc_fast import evaluate_placements
    >>> m = best_move((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), budget=400, seed=2)
    >>> one = evaluate_placements((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), n=int(m.n[0]),
    ...                           seed=2, candidates=[m.move])
    >>> float(one.mean[0]) == float(m.mean[0])        # common random numbers, exactly
    True
    """
    t0 = time.perf_counter()
    if budget is not None:
        budget = count(budget, "budget", 1)
    limit = _check_seconds(seconds)
    s = check_seed(seed)
    w = _workers.resolve_workers(workers)
    shortlist = count(shortlist, "shortlist", 1)
    wide = 2**31 - 1 if cheap_pass is None else count(cheap_pass, "cheap_pass", 1)
    exact_limit = count(exact_limit, "exact_limit", 0)
    pol, params, label = read_policy(policy)
    if not is_int(pol):
        raise TypeError(f"policy: best_move plays its completions in C: a built-in policy name or a "
                        f"Policy, got {shown(policy)}")
    turn = _fantasyland_turn(position, rules, fantasyland)
    if turn is not None:
        return _fantasyland_move(turn, fantasyland_value=fantasyland_value, budget=budget, seed=s,
                                 policy=policy, workers=w, t0=t0)
    if isinstance(position, Game) and position.done:
        raise ValueError("position: the hand is over (a finished game has no move to make)")
    r, flat, held, dead, fl, seats, pool, codes, boards, known = read_decision(position, rules, fantasyland,
                                                                                known)
    value = worth.check_value(fantasyland_value, r)
    if budget is None:
        budget = DEFAULT_BUDGET + DEFAULT_PER_OPTION * len(codes)
    # the squared points of an option's completions must fit the sums' int64 words
    most = totals.safe_block(r, 2**62)
    if budget > most:
        raise ValueError(f"budget must be at most {most} under {r.name!r} (the sums of squared points of "
                         f"its deals must fit 64 bits), got {budget}")
    players = flat.shape[0]
    after = flat.copy()
    after[0] = boards[0]
    fixed, kc = known_deals(known, np.ascontiguousarray(after), r, fl, seats)
    if kc is not None:
        pool = unseen_cards(flat, dead, held, kc, r.jokers)
    search = _sim.Search(r.tables, players, r.first_round, r.rounds, r.round_cards, r.round_play, int(pol),
                         np.ascontiguousarray(flat.reshape(-1)), np.ascontiguousarray(held, np.uint8),
                         pool, s, fl, fixed, params)
    if search.status:
        raise status_error(search.status, r, pool, fl)
    if value:
        search.value([float(value.get(c, 0)) for c in range(_sim.FL_BUCKETS)])
    out_of_time = threading.Event()

    def stop() -> None:
        search.stop(1)

    timer = None
    if limit is not None:
        def expire() -> None:
            out_of_time.set()
            search.stop(1)
        timer = threading.Timer(limit, expire)
        timer.daemon = True
        timer.start()
    try:
        deals = search.deals()
        exact = 0 < deals <= exact_limit
        if exact:
            last = np.arange(search.options, dtype=np.int32)
            _run(search, last, None, w, stop, r, pool, fl)
        else:
            search.halving(budget, min(wide, search.options), shortlist)
            last = np.zeros(0, np.int32)
            while not out_of_time.is_set():
                step = search.next_round()
                if step is None:
                    break
                last, target = step
                _run(search, last, target, w, stop, r, pool, fl)
    finally:
        if timer is not None:
            timer.cancel()
    return _figures(search, last, bool(exact), deals, value, label, time.perf_counter() - t0)


def _run(search: Any, which: npt.NDArray[np.int32], target: int | None, workers: int, stop: Any,
         r: Rules, pool: npt.NDArray[np.uint8], fl: list[int] | None) -> None:
    """Options ``which`` extended to ``target`` completions (None: exact), on ``workers``
    threads (each option on one: the same sums whatever the split)."""
    def kernel(lo: int, hi: int) -> int:
        err = search.exact(which, lo, hi) if target is None else search.extend(which, lo, hi, target)
        if err and err != _sim.OFC_SEARCH_STOPPED:
            raise status_error(err, r, pool, fl)
        return -1

    _workers.run(kernel, len(which), workers, chunk=1, stop=stop)


def _figures(search: Any, last: npt.NDArray[np.int32], exact: bool, deals: int, value: Any, label: str,
             seconds: float) -> BestMove:
    """The candidates kept (those completed), best first: the best mean of the last round's
    options (all of them when exact), then by completions and mean."""
    codes = search.codes()
    all_boards = search.boards()
    rank = {o: i for i, o in enumerate(search.ranking())}
    rows = []
    for o in range(search.options):
        sums, split, n = search.sums(o)
        if n == 0:
            continue
        if value:
            mean, stderr, _, _ = worth.credited(sums, split, n, value)
        else:
            mean, stderr = totals.mean_stderr(sums[:, 0], sums[:, 1], n)
        full = exact and n == deals
        rows.append((o, n, float(mean[0]), 0.0 if full else float(stderr[0]),
                     float(totals.rate(sums[:, 2], n)[0]), float(totals.rate(sums[:, 3], n)[0]),
                     float(totals.rate(sums[:, 4], n)[0]), full))
    final = {int(o) for o in last}
    # the last round's options by mean (a round cut short by the time limit too), then the
    # options dropped earlier by completions (the later they dropped, the more) and mean
    rows.sort(key=lambda x: (0, -x[2], 0, rank[x[0]]) if x[0] in final else (1, -x[1], -x[2], rank[x[0]]))
    if not rows:   # stopped before any completion: the heuristic's choice, without figures
        rows = [(search.ranking()[0], 0, math.nan, math.nan, math.nan, math.nan, math.nan, False)]
    col = list(zip(*rows))
    order = list(col[0])
    board = all_boards[order[0]].copy()
    return BestMove(int(codes[order[0]]), board, [int(codes[o]) for o in order], all_boards[order].copy(),
                    np.array(col[2]), np.array(col[3]), np.array(col[4]), np.array(col[5]), np.array(col[6]),
                    np.array(col[1], dtype=np.int64), np.array(col[7], dtype=bool),
                    int(sum(col[1])), seconds, label)


class _FantasylandTurn(NamedTuple):
    """A Fantasyland turn read: the rules, the cards held, and the other boards in turn order
    from the seat after it (hidden ones empty), with their Fantasyland card counts."""
    rules: Rules
    held: npt.NDArray[np.uint8]
    others: npt.NDArray[np.uint8]
    others_fl: list[int]


def _fantasyland_turn(position: Any, rules: Rules | str | None,
                      fantasyland: Sequence[int] | None) -> _FantasylandTurn | None:
    """The Fantasyland turn of the seat to act, or None when it is not in Fantasyland."""
    if isinstance(position, Game):
        g = position
        if g.done or not g.fantasyland[g.turn or 0]:
            return None
        if rules is not None and get_rules(rules) != g.rules:
            raise ValueError(f"the game is played under {g.rules.name!r}, not {get_rules(rules).name!r}: "
                             f"leave rules out for a Game position")
        seat = g.turn or 0
        order = [(seat + i) % g.players for i in range(1, g.players)]
        boards = g.observation(seat)["boards"]      # another Fantasyland seat's board stays hidden
        return _FantasylandTurn(g.rules, g.held.copy(), np.ascontiguousarray(boards[order]),
                                [g.fantasyland[p] for p in order])
    if fantasyland is not None and isinstance(position, (tuple, list)) and len(position) in (2, 3) \
            and len(fantasyland) > 0 and is_int(fantasyland[0]) and int(fantasyland[0]) > 0:
        r = get_rules(PINEAPPLE if rules is None else rules)
        pos = read_position(position[0], r.jokers, held=position[1])
        held = np.asarray(pos.held, np.uint8).reshape(-1)
        flat = np.asarray(pos.boards, np.uint8).reshape(-1, 13)
        fl = seat_fantasyland(fantasyland, flat.shape[0], r)
        if held.size != fl[0]:
            raise ValueError(f"player 0 is in Fantasyland with {fl[0]} cards but holds {held.size}")
        if (flat[0] != EMPTY).any():
            raise ValueError("player 0 is in Fantasyland: its board is set by the move, give it empty")
        r.check_players(flat.shape[0])
        return _FantasylandTurn(r, held, np.ascontiguousarray(flat[1:]), fl[1:])
    return None


#: the stay values whose royalty-solver settings make the shortlist of a Fantasyland turn
#: against boards still to come (besides the one credited): none, and a stay above all else
_FL_STAYS = (0.0, 1000.0)


def _fantasyland_move(turn: _FantasylandTurn, *, fantasyland_value: Any, budget: int | None, seed: int,
                      policy: Any, workers: int, t0: float) -> BestMove:
    """A Fantasyland turn: the setting of the seat's ``held`` cards that wins the most points.

    Every other board complete: the exact points solver
    (:func:`~ofc_fast.solve_fantasyland` with ``against=``): the most net points
    against them (plus ``fantasyland_value`` for a stay), ``exact`` true.  Otherwise (the
    others still to play, their boards empty or partly set): a shortlist of the
    royalty solver's settings (with the stay credited as ``fantasyland_value``, with none,
    and with a stay above all else), each scored by ``budget`` completions of the other
    boards between them (:func:`~ofc_fast.rollout`, the same deals for each: common
    random numbers) played by ``policy``; the best mean wins."""
    r, held = turn.rules, turn.held
    value = worth.check_value(fantasyland_value, r)
    stay = dict(value) if value else 0.0
    others = turn.others
    if others.shape[0] and bool((others != EMPTY).all()):
        res = solve_fantasyland(held, r, stay_value=stay, against=others,
                                against_fantasyland=[int(c) for c in turn.others_fl])
        assert isinstance(res, FantasylandResult)   # (one hand: one result)
        board = np.asarray(res.board.codes, dtype=np.uint8).reshape(13)
        return BestMove(board.copy(), board, [], board.reshape(1, 13).copy(), np.array([float(res.value)]),
                        np.zeros(1), np.array([float(res.fouled)]), np.array([float(res.stays)]),
                        np.array([float(sum(res.royalties))]), np.zeros(1, np.int64), np.ones(1, bool), 0,
                        time.perf_counter() - t0, "solve_fantasyland(against=)")
    settings: list[npt.NDArray[np.uint8]] = []
    for sv in (stay, *_FL_STAYS):
        res = solve_fantasyland(held, r, stay_value=sv)
        assert isinstance(res, FantasylandResult)
        b = np.asarray(res.board.codes, dtype=np.uint8).reshape(13)
        if not any(np.array_equal(b, x) for x in settings):   # (the solver's rows come sorted)
            settings.append(b)
    n = max(1, (DEFAULT_BUDGET if budget is None else budget) // len(settings))
    fl = [int(held.size), *turn.others_fl]
    results = []
    for b in settings:
        dead = np.array([c for c in held.tolist() if c not in set(b.tolist())], np.uint8)
        boards = np.concatenate([b.reshape(1, 13), others]).astype(np.uint8)
        results.append(rollout(boards, r, dead=dead, policy=policy, n=n, seed=seed, workers=workers,
                               fantasyland=fl, fantasyland_value=fantasyland_value))
    order = sorted(range(len(settings)), key=lambda k: -float(results[k].mean[0]))
    label = results[0].policy

    def col(field: str) -> npt.NDArray[np.float64]:
        return np.array([float(getattr(results[k], field)[0]) for k in order])

    best = settings[order[0]]
    return BestMove(best.copy(), best.copy(), [], np.stack([settings[k] for k in order]), col("mean"),
                    col("stderr"), col("foul_rate"), col("fantasyland_rate"), col("royalties"),
                    np.full(len(order), n, np.int64), np.zeros(len(order), bool), n * len(order),
                    time.perf_counter() - t0, label)
