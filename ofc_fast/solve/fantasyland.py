"""Fantasyland: the best setting of 13 to 17 cards, exactly, in C.

A player in Fantasyland gets all their cards at once (docs/RULES.md §8),
sets 13 of them and discards the rest.  :func:`solve_fantasyland` finds the
setting with the greatest value, the royalties of its three rows plus
``stay_value`` when it stays in Fantasyland, for any :class:`Rules` (custom
royalty tables, every stay convention, Low's 2-7 middle).  It never returns a
fouled setting while a legal one exists; ties go to the stronger bottom, then
middle, then top, so the answer depends on the set of cards only.

>>> r = solve_fantasyland("As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd", PINEAPPLE)
>>> str(r.board), card_str(r.discards)
('Qd 7c 6c / 9h 9d 9c 2h 2d / As Ks Qs Js Ts', '5c')
>>> r.royalties, r.stays, r.value
((0, 12, 25), True, 37.0)
>>> solve_fantasyland("As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd", stay_value=20).value
57.0

With jokers in the deck (``rules.jokers``), a hand may hold them: each
setting is scored as the board layer resolves its jokers (docs/VARIANTS.md,
"Jokers"), and ``jokers`` tells what each became.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, overload

import numpy as np
import numpy.typing as npt

from .. import _solve, _workers
from ..board.boards import Board, board_array
from ..board.geometry import place
from ..board.rules import PINEAPPLE, Rules, get_rules
from ..hand.bad_rows import raise_bad_hand
from ..hand.cards import EMPTY, card_str
from ..hand.strength import hand_array

__all__ = ["FantasylandArrays", "FantasylandResult", "solve_fantasyland"]

#: other seats' boards at most (a table seats 4)
_MAX_AGAINST = 3

#: hands per kernel call: a few ms to a few tens of ms, so Ctrl-C is noticed quickly
_CHUNK = 64
#: the same for hands that may hold jokers (a few ms each at most)
_JOKER_CHUNK = 8
_SIZES = (13, 14, 15, 16, 17)


def _no_jokers() -> npt.NDArray[np.uint8]:
    out = np.full(2, EMPTY, dtype=np.uint8)
    out.setflags(write=False)
    return out


@dataclass(frozen=True, eq=False)
class FantasylandResult:
    """The best setting of one Fantasyland hand (:func:`solve_fantasyland`)."""

    board: Board
    """The 13 cards set: top, middle, bottom, each row in descending card order."""
    discards: npt.NDArray[np.uint8]
    """The cards left out (read-only codes, descending): 0 to 4 of them."""
    royalties: tuple[int, int, int]
    """Royalties of the top, middle and bottom (0 when fouled)."""
    stays: bool
    """The setting stays in Fantasyland (the rules' stay conditions)."""
    fouled: bool
    """True only when no legal setting exists (Low without a live middle)."""
    value: float
    """Royalty total, plus ``stay_value`` when it stays; 0 when fouled."""
    jokers: npt.NDArray[np.uint8] = field(default_factory=_no_jokers)
    """(2,) the card joker 52 and joker 53 became on the board (read-only; 255 where
    the hand has none or it is discarded), as ``Analysis.jokers``."""
    points: int | None = None
    """With ``against=``: the net points the setting wins from those boards (its
    ``value`` less the stay value when it stays); None without."""
    versus: tuple[int, ...] = ()
    """With ``against=``: the points it wins from each of those boards, in their order."""

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, FantasylandResult) and self.board == other.board
                and self.discards.tolist() == other.discards.tolist()
                and (self.royalties, self.stays, self.fouled, self.value, self.points, self.versus)
                == (other.royalties, other.stays, other.fouled, other.value, other.points, other.versus)
                and self.jokers.tolist() == other.jokers.tolist())

    def __hash__(self) -> int:
        return hash((self.board, self.discards.tobytes(), self.royalties, self.value))

    def __str__(self) -> str:
        what = "FOULED (no legal setting)" if self.fouled else (
            f"royalties {'+'.join(map(str, self.royalties))}"
            f"{', stays in Fantasyland' if self.stays else ''}")
        discards = card_str(self.discards) if len(self.discards) else "none"
        became = "".join(f"; {card_str([52 + i])} is {card_str([int(c)])}"
                         for i, c in enumerate(self.jokers.tolist()) if c != EMPTY)
        won = "" if self.points is None else f"; points {self.points:+d} ({', '.join(f'{v:+d}' for v in self.versus)})"
        return f"{self.board}; {what}; value {self.value:g}{won}; discards {discards}{became}"


class _FantasylandFields(NamedTuple):
    """Result of :func:`solve_fantasyland` for an array of hands, one entry per hand."""

    board: npt.NDArray[np.uint8]
    """(..., 13) the boards set: top 3, middle 5, bottom 5 (each row descending)."""
    discards: npt.NDArray[np.uint8]
    """(..., k - 13) the cards left out, descending."""
    royalties: npt.NDArray[np.int16]
    """(..., 3) royalties of top, middle and bottom (0 when fouled)."""
    stays: npt.NDArray[np.bool_]
    """The setting stays in Fantasyland."""
    fouled: npt.NDArray[np.bool_]
    """No legal setting exists (Low without a live middle)."""
    value: npt.NDArray[np.float64]
    """Royalty total, plus the stay value when it stays; 0 when fouled."""


class FantasylandArrays(_FantasylandFields):
    """Result of :func:`solve_fantasyland` for an array of hands, one entry per hand:
    ``board``, ``discards``, ``royalties``, ``stays``, ``fouled``, ``value`` (a named
    tuple of six arrays), and ``jokers``."""

    @property
    def jokers(self) -> npt.NDArray[np.uint8]:
        """(..., 2) the card joker 52 and joker 53 became on each board (255 where the
        hand has none or it is discarded), as ``Analysis.jokers``."""
        found = self.__dict__.get("_jokers")
        if found is None:
            found = np.full(np.shape(self.value) + (2,), EMPTY, dtype=np.uint8)
        out: npt.NDArray[np.uint8] = found
        return out

    def __reduce__(self) -> Any:
        return (_arrays, (tuple(self), self.__dict__.get("_jokers")))


def _arrays(fields: tuple[Any, ...], jokers: Any = None) -> FantasylandArrays:
    """FantasylandArrays of its six arrays and the jokers' cards (None: no jokers)."""
    a = FantasylandArrays(*fields)
    if jokers is not None:
        a.__dict__["_jokers"] = jokers
    return a


def _stay_value(stay_value: Any, rules: Rules, k: int) -> float:
    """One number: ``stay_value`` itself, or its entry for the count a player
    in Fantasyland with ``k`` cards gets on staying (``rules.stay_cards_for(k)``)."""
    if isinstance(stay_value, Mapping):
        if not rules.can_stay:
            return 0.0   # these rules never stay
        # rules.stay_cards_for(k), without its check that k fits a deal of the
        # variant: the solver takes any hand of 13..17 cards
        count = k if rules.stay_cards_mode == "current" else rules.stay_cards
        if count in stay_value:
            value = stay_value[count]
        else:
            raise ValueError(f"stay_value has no entry for {count} cards, the count a player "
                             f"in Fantasyland with {k} cards gets on staying in {rules.name!r} "
                             f"(rules.stay_cards_for({k})); its keys are {sorted(stay_value)!r}")
        where = f"stay_value[{count}]"
    else:
        value, where = stay_value, "stay_value"
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{where} must be a number (or a mapping from Fantasyland card count "
                        f"to a number), got {type(value).__name__} {value!r}")
    try:
        out = float(value)
    except OverflowError:   # an int beyond the float range
        out = math.inf
    if not math.isfinite(out):
        raise ValueError(f"{where} must be finite, got {value!r}")
    return out


@overload
def solve_fantasyland(cards: str, rules: Rules | str = ..., *, stay_value: float | Mapping[int, float] = ...,
                      workers: int = ..., against: Any = ..., against_fantasyland: Any = ...,
                      ) -> FantasylandResult: ...
@overload
def solve_fantasyland(cards: Any, rules: Rules | str = ..., *, stay_value: float | Mapping[int, float] = ...,
                      workers: int = ..., against: Any = ..., against_fantasyland: Any = ...,
                      ) -> FantasylandResult | FantasylandArrays: ...


def solve_fantasyland(cards: Any, rules: Rules | str = PINEAPPLE, *,
                      stay_value: float | Mapping[int, float] = 0.0,
                      workers: int = 1, against: Any = None,
                      against_fantasyland: Any = None) -> FantasylandResult | FantasylandArrays:
    """The best setting of a Fantasyland hand of 13 to 17 cards, exactly.

    ``cards``: one hand (text, or a sequence / 1-d array of codes or card
    texts) gives a :class:`FantasylandResult`; an integer array ``(..., k)``
    of hands (13 <= k <= 17) gives :class:`FantasylandArrays` with leading
    shape ``(...)``.  The value of a setting is its royalty total (the rules'
    tables) plus ``stay_value`` when it stays in Fantasyland; ``stay_value``
    may be a mapping from a Fantasyland card count to a value (Progressive:
    ``{14: 20, 15: 25, ...}``), and the entry used is the count a player who
    stays gets, ``rules.stay_cards_for(k)``: ``rules.stay_cards``, or with
    ``stay_cards_mode="current"`` the k cards the player holds now.  A fouled setting is returned only when
    no legal one exists (Low: no live middle), with value 0.  Ties in value go
    to the stronger bottom (row value, then the set holding the highest card
    the other lacks), then the middle, then the top.  ``workers``: threads
    (-1 = every core); the GIL is released while hands are solved.

    Jokers: where ``rules.jokers`` deals them, a hand may hold codes 52 and
    53 (``X1``, ``X2``); elsewhere they are refused, naming the value and its
    position.  Each setting is scored as ``analyze`` scores its board in
    Fantasyland with k cards: the jokers become cards as ``joker_pool`` and
    ``joker_resolution`` say (under "unseen", not a card of the hand, the
    discards included: the player holds them), and a setting the resolution
    leaves fouled is not legal.  Rows tie-break by their resolved values
    (a joker's code, the highest, in the card sets).  The board holds the
    jokers in place; ``jokers`` gives the card each became (255 where there
    is none or it is discarded), as ``Analysis.jokers``.  Exact: a
    branch-and-bound in which a joker is a wildcard for the bounds.

    >>> r = solve_fantasyland("Ah Ad Ac Kh Kd 2s 3s 4s 5s 6s 7h 8h 9h Th", "progressive",
    ...                       stay_value={14: 30})
    >>> print(r)
    Ah Ad Ac / Kh Th 9h 8h 7h / 6s 5s 4s 3s 2s; royalties 22+8+15, stays in Fantasyland; value 75; discards Kd
    >>> from ofc_fast import cards
    >>> hands = cards(["Ah Ad Ac Kh Kd 2s 3s 4s 5s 6s 7h 8h 9h Th 2c",
    ...                "2c 3d 4h 5s 7c 8d 9h Tc Jd Qh Ks Ad 6h 8c 9d"])
    >>> many = solve_fantasyland(hands, "low", stay_value=10)
    >>> many.royalties.tolist(), many.stays.tolist(), many.value.tolist()
    ([[22, 0, 15], [4, 8, 2]], [True, False], [47.0, 14.0])
    >>> card_str(many.board[1])
    '9h 9d 8d 7c 5s 4h 3d 2c Ad Ks Qh Jd Tc'

    Against known boards: ``against`` holds the other seats' complete boards
    (one board, or 1 to ``rules.max_players - 1`` of them: text, codes or
    :class:`Board`; each may be fouled), and the setting maximises the net
    points it wins from them plus ``stay_value`` when it stays, as the game
    scores the hand (``Game.scores``): each pair's rows, scoop bonus and
    royalties (:func:`score`), a fouled board losing every row; with jokers
    each board resolved as the game resolves it at the end of the hand (this
    seat in Fantasyland with its k cards, the others with
    ``against_fantasyland``, one value each as ``analyze``'s ``in_fantasyland``,
    default 0; under "unseen" no joker becomes a card of another board).
    ``points`` and ``versus`` give what it wins in all and from each board, and
    ``value`` is ``points`` + the stay value when it stays.  Never fouled while
    a legal setting exists (a fouled one could win more only with negative
    royalties or stay value, or where an other board's joker under "unseen"
    needs a card this hand discards); with none, the setting without
    ``against``, its points as scored.  Ties in value go as above.  Exact: a
    branch-and-bound whose bound gives each row its royalty from every board
    and +1 from each board whose row it can beat (``ofc_solve_fantasyland_points``
    in C); one hand per call, the GIL released, Ctrl-C honoured.  Boards still
    being filled are refused: for a position with partly known boards use
    ``ofc.best_move``, which samples their completions.

    >>> hand = "Ac 7h 6d Tc 7d Kd Jc Qc 9c 2h Jh 8h 9d Jd"
    >>> other = "3d 3c Kh / 4s 6h Js 4d 9s / 2d 2c 6c 4c 6s"
    >>> print(solve_fantasyland(hand))           # royalties alone: two flushes
    Jh 8h 7h / Kd Jd 9d 7d 6d / Ac Qc Jc Tc 9c; royalties 0+8+4; value 12; discards 2h
    >>> r = solve_fantasyland(hand, against=other)
    >>> print(r)                                 # against that board: the scoop
    Jd Jc 6d / 9d 9c 8h 7h 7d / Ac Kd Qc Jh Tc; royalties 6+0+2; value 14; points +14 (+14); discards 2h
    >>> r.points, r.versus
    (14, (14,))
    """
    r = get_rules(rules)
    w = _workers.resolve_workers(workers)
    if not isinstance(stay_value, Mapping):
        _stay_value(stay_value, r, 13)   # a bad value is reported before the cards
    flat, lead, one = hand_array(cards, _SIZES, r.jokers)
    n, k = flat.shape
    stay = _stay_value(stay_value, r, k)
    if against is not None:
        if not one:
            raise ValueError(f"against= takes one hand (a Fantasyland seat's cards), got hands of shape "
                             f"{lead + (k,)}; solve them one at a time")
        return _against(flat[0], r, stay, against, against_fantasyland)
    if against_fantasyland is not None:
        raise ValueError("against_fantasyland is for against= (the other seats' boards); against is None")
    board = np.empty((n, 13), dtype=np.uint8)
    discards = np.empty((n, k - 13), dtype=np.uint8)
    royalties = np.empty((n, 3), dtype=np.int16)
    stays = np.empty(n, dtype=np.uint8)
    fouled = np.empty(n, dtype=np.uint8)
    value = np.empty(n, dtype=np.float64)
    tables = r.tables
    jokers = np.empty((n, 2), dtype=np.uint8) if r.jokers else None
    bad = _workers.run(
        lambda lo, hi: _solve.solve_rows(tables, flat, stay, board, discards, royalties, stays, fouled, value,
                                         lo, hi, jokers), n, w, _JOKER_CHUNK if r.jokers else _CHUNK)
    if bad >= 0:
        raise_bad_hand(flat, bad, lead, r.jokers)
    if one:
        disc = discards[0].copy()
        disc.setflags(write=False)
        became = _no_jokers()
        if jokers is not None:
            became = jokers[0].copy()
            became.setflags(write=False)
        return FantasylandResult(Board(board[0]), disc, (int(royalties[0, 0]), int(royalties[0, 1]),
                                 int(royalties[0, 2])), bool(stays[0]), bool(fouled[0]), float(value[0]),
                                 became)
    return _arrays((board.reshape(lead + (13,)), discards.reshape(lead + (k - 13,)),
                    royalties.reshape(lead + (3,)), stays.view(np.bool_).reshape(lead),
                    fouled.view(np.bool_).reshape(lead), value.reshape(lead)),
                   None if jokers is None else jokers.reshape(lead + (2,)))


def _against_boards(against: Any, r: Rules, hand: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The other seats' boards of ``against=`` as a checked (m, 13) uint8 array: complete,
    codes of the rules' deck, no card twice among them and the hand."""
    try:
        arr = board_array(against, deal=True, jokers=r.jokers)
    except (TypeError, ValueError) as err:
        raise type(err)(f"against: {err}") from None
    if arr.ndim == 1:
        arr = arr.reshape(1, 13)
    if arr.ndim != 2 or not 1 <= arr.shape[0] <= _MAX_AGAINST:
        raise ValueError(f"against holds 1 to {_MAX_AGAINST} boards of 13 cards (the other seats'), "
                         f"got shape {arr.shape}")
    m = arr.shape[0]
    if m + 1 > r.max_players:
        raise ValueError(f"against holds {m} boards: with the Fantasyland seat {m + 1} players, but "
                         f"{r.name} is played by {r.min_players} to {r.max_players}")
    boards = np.array(arr, dtype=np.uint8)   # a copy: the solver reads it without the GIL
    seen = {int(c): f"the hand (position {i})" for i, c in enumerate(hand.tolist())}
    for j in range(m):
        for i, c in enumerate(boards[j].tolist()):
            where = f"against[{j}], {place((), i, False)}" if m > 1 else f"against, {place((), i, False)}"
            if c == EMPTY:
                raise ValueError(f"{where} is empty: the boards must be complete (13 cards each); for "
                                 f"boards still being filled use ofc.best_move, which samples their "
                                 f"completions")
            if c >= r.deck_size:
                raise ValueError(f"{where}: card code {c} is not a card of {r.name!r}'s deck "
                                 f"(0..{r.deck_size - 1})")
            if c in seen:
                raise ValueError(f"{where}: {card_str([c])} is also in {seen[c]}")
            seen[c] = where
    return boards


def _against(hand: npt.NDArray[np.uint8], r: Rules, stay: float, against: Any,
             against_fantasyland: Any) -> FantasylandResult:
    """solve_fantasyland of one checked hand against the other seats' boards."""
    boards = _against_boards(against, r, hand)
    m = boards.shape[0]
    infl = np.zeros(m, dtype=np.uint8)
    if against_fantasyland is not None:
        if isinstance(against_fantasyland, (bool, int, np.bool_, np.integer)):
            values = [against_fantasyland] * m
        else:
            values = list(against_fantasyland)
            if len(values) != m:
                raise ValueError(f"against_fantasyland has {len(values)} values for {m} boards")
        for j, v in enumerate(values):
            infl[j] = r.in_fantasyland_count(v, f"against_fantasyland[{j}]")
    stop = _solve.StopFlag()
    tables = r.tables
    out = _workers.call(lambda: _solve.solve_points(tables, hand, boards, infl, stay, stop), stop.request_stop)
    if out is None:   # stopped without an interrupt left to raise
        raise KeyboardInterrupt
    board, discards, jokers, royalties, stays, fouled, value, points, versus = out
    disc = np.frombuffer(discards, dtype=np.uint8).copy()
    disc.setflags(write=False)
    became = np.frombuffer(jokers, dtype=np.uint8).copy()
    became.setflags(write=False)
    return FantasylandResult(Board(np.frombuffer(board, dtype=np.uint8).copy()), disc, royalties, stays, fouled,
                             value, became, points, versus)
