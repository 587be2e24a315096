"""A decision's position read for the sim layer's searches: the one home of what
:func:`~ofc_fast.sim.rollout.rollout`, :func:`~ofc_fast.sim.rollout.evaluate_placements`
and :func:`~ofc_fast.sim.search.best_move` share: the unseen cards (:func:`unseen_cards`),
the ``known=`` cards as the C kernel's fixed deal (:func:`known_deals`), the ``policy=``
argument (:func:`read_policy`), a position of the seat to act with its legal placements
(:func:`read_decision`), and the error of a C status code of the completions
(:func:`status_error`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _play, _sim
from .._checks import is_int
from .._core import status_message
from ..board.partial import read_position, unseen
from ..board.rules import PINEAPPLE, Rules, get_rules
from ..hand.cards import DECK_SIZE, EMPTY, card_str, cards
from ..play.game import POLICIES, Game, Policy, check_dealing, policy_spec, seat_fantasyland

__all__ = ["cards_of", "known_deals", "read_decision", "read_policy", "status_error", "unseen_cards"]


def cards_of(what: str, x: Any, jokers: int) -> npt.NDArray[np.uint8]:
    """``cards(x)`` flat, its error naming the argument ``what`` the bad card was in."""
    try:
        return cards(x, jokers=jokers).reshape(-1)
    except (ValueError, TypeError) as e:
        raise type(e)(f"{what}: {e}") from None


def unseen_cards(flat: npt.NDArray[np.uint8], dead: npt.NDArray[np.uint8],
                 held: npt.NDArray[np.uint8] | None = None,
                 known: npt.NDArray[np.uint8] | None = None, jokers: int = 0) -> npt.NDArray[np.uint8]:
    """The unseen cards: the deck (52 cards and ``jokers`` jokers) minus the boards, the
    held cards, the dead ones and the known ones, each card in at most one of those
    places (docs/RULES.md §1)."""
    where: dict[int, str] = {}
    owner: dict[int, int] = {}
    for i, c in enumerate(flat.reshape(-1).tolist()):
        if c != EMPTY:
            if c in owner:
                raise ValueError(f"card {card_str(c)} is on two boards: player {owner[c]} and "
                                 f"player {i // 13}")
            owner[c] = i // 13
            where[c] = f"on the board of player {i // 13}"
    for label, extra in (("held", held), ("dead", dead), ("known", known)):
        for k, c in enumerate(() if extra is None else extra.tolist()):
            if c >= DECK_SIZE + jokers:
                note = f" (a joker: the rules have jokers={jokers})" if c < DECK_SIZE + 2 else ""
                raise ValueError(f"{label} card {k} is {c}: not a card (0..{DECK_SIZE + jokers - 1})"
                                 f"{note}")
            if c in where:
                raise ValueError(f"{label} card {card_str(c)} (position {k}) is also {where[c]}")
            where[c] = f"{label} (position {k})"
    return unseen(list(where), jokers=jokers)


def status_error(out: int, r: Rules, pool: npt.NDArray[np.uint8], fl: Sequence[int] | None) -> ValueError:
    """The error of a C status code of ofc_rollout_batch: its own (OFC_ROLLOUT_POOL,
    OFC_ROLLOUT_BOARD - p for player p) or the engine's, with what the caller knows."""
    p = _sim.OFC_ROLLOUT_BOARD - out   # the player of an OFC_ROLLOUT_BOARD code
    if out == _sim.OFC_ROLLOUT_POOL:
        return ValueError(f"{status_message(out)} (only {pool.size})")
    if out == _play.OFC_ERR_DEALING:
        return ValueError(f"{r.name} (first_round = {r.first_round}, round_cards = {r.round_cards}): "
                          f"{status_message(out)}")
    if not 0 <= p < r.max_players:   # any other code: its message
        return ValueError(status_message(out))
    if fl is not None and fl[p]:
        return ValueError(f"player {p} is in Fantasyland: the board is empty (set from "
                          f"{fl[p]} cards) or complete, not partial")
    return ValueError(f"player {p}: a board with that many cards is not one a {r.name} hand reaches")


def known_deals(known: Any, flat: npt.NDArray[np.uint8], r: Rules, fl: list[int] | None,
                seats: Sequence[int] | None = None) -> tuple[npt.NDArray[np.uint8] | None,
                                                             npt.NDArray[np.uint8] | None]:
    """``known=`` as (the known cards, one per dealt position with EMPTY where the deck
    deals: the C kernel's ``fixed``) or (None, None).  A sequence of cards is the next
    cards dealt, in order; a mapping {seat: cards} the first cards of that seat's next
    turn (``seats``: the seat of each board, for a Game position)."""
    if known is None:
        return None, None
    players = flat.shape[0]
    got = _sim.next_turns(players, r.first_round, r.rounds, r.round_cards, r.round_play,
                          np.ascontiguousarray(flat.reshape(-1)), fl)
    if isinstance(got, int):
        raise status_error(got, r, np.zeros(0, np.uint8), fl)
    need, offsets, counts = got
    fixed = np.full(need, EMPTY, dtype=np.uint8)
    if isinstance(known, Mapping):
        index = {s: i for i, s in enumerate(seats if seats is not None else range(players))}
        every = []
        for seat, cs in known.items():
            if not is_int(seat) or int(seat) not in index:
                raise ValueError(f"known: a key is a seat ({', '.join(map(str, sorted(index)))}), "
                                 f"got {seat!r}")
            i = index[int(seat)]
            arr = cards_of(f"known[{seat}]", cs, r.jokers)
            if offsets[i] < 0:
                raise ValueError(f"known[{seat}]: seat {seat} has no turn left to be dealt cards")
            if arr.size > counts[i]:
                raise ValueError(f"known[{seat}]: {arr.size} cards, but seat {seat}'s next turn is "
                                 f"dealt {counts[i]}")
            fixed[offsets[i]:offsets[i] + arr.size] = arr
            every.append(arr)
        kc = np.concatenate(every) if every else np.zeros(0, np.uint8)
    else:
        kc = cards_of("known", known, r.jokers)
        if kc.size > need:
            raise ValueError(f"known: {kc.size} cards, but the turns left deal only {need}")
        fixed[:kc.size] = kc
    return (fixed, kc) if kc.size else (None, None)


def read_policy(policy: Any) -> tuple[int | Callable[..., Any], npt.NDArray[np.float64] | None, str]:
    """(a built-in policy's number or the Python callable itself, the built-in's
    parameters or None, the label results carry)."""
    if isinstance(policy, Policy):
        return policy_spec(policy)
    if callable(policy) and not isinstance(policy, str):
        return policy, None, getattr(policy, "__name__", "a Python callable")
    if not isinstance(policy, str):
        raise TypeError(f"policy must be a built-in policy name ({', '.join(POLICIES)}), a Policy or "
                        f"a callable, got {type(policy).__name__} {policy!r}")
    return policy_spec(policy, "or a callable")


def read_decision(position: Any, rules: Rules | str | None, fantasyland: Sequence[int] | None,
                  known: Any = None) -> tuple[
        Rules, npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8], list[int] | None,
        list[int] | None, npt.NDArray[np.uint8], list[int], list[npt.NDArray[np.uint8]], Any]:
    """The position of a decision (:func:`~ofc_fast.sim.rollout.evaluate_placements`,
    :func:`~ofc_fast.sim.search.best_move`) read and checked: (rules, boards, held,
    dead, fantasyland, seats, the unseen cards, the legal placement codes in code order,
    the board each makes, and ``known`` read with the rest: one deck for generic jokers)."""
    r = get_rules(PINEAPPLE if rules is None else rules)
    fl: list[int] | None = None
    seats: list[int] | None = None
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
        seats = order
        flat = np.ascontiguousarray(obs["boards"][order])
        fl = [g.fantasyland[p] for p in order] if any(g.fantasyland) else None
        held = obs["held"]
        dead = obs["discards"]
        known = read_position(flat, r.jokers, held=held, dead=dead, known=known).known
    else:
        if not isinstance(position, (tuple, list)) or len(position) not in (2, 3):
            raise TypeError("position is a Game, or (boards, held) / (boards, held, dead)")
        if position[1] is None:
            raise TypeError("the cards in hand: cards() takes text, card codes or a sequence of them, "
                            "not None")
        # the boards, held, dead and known cards of one deal: generic jokers share its deck
        pos = read_position(position[0], r.jokers, held=position[1],
                            dead=None if len(position) == 2 else position[2], known=known)
        flat = np.ascontiguousarray(pos.boards)
        if flat.ndim != 2:
            raise ValueError(f"boards are (players, 13), got shape {flat.shape}")
        assert pos.held is not None
        held, known = pos.held, pos.known
        dead = np.zeros(0, np.uint8) if pos.dead is None else pos.dead.reshape(-1)
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
    pool = unseen_cards(flat, dead, held, None, r.jokers)
    # the legal codes, in code order: the engine's own legal mask (ofc_game_legal) on
    # player 0's board holding these cards, and the board each code makes
    legal = _play.legal_placements(np.ascontiguousarray(flat[0]), np.ascontiguousarray(held, np.uint8),
                                   r.first_round, r.rounds, r.round_cards, r.round_play)
    if isinstance(legal, int):   # a C status code: player 0's board has an impossible count
        raise status_error(_sim.OFC_ROLLOUT_BOARD if legal == _play.OFC_ERR_BOARD else legal, r, pool, None)
    codes = [int(c) for c in legal[0]]
    boards = list(legal[1])
    return r, flat, held, dead, fl, seats, pool, codes, boards, known
