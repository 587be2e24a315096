"""Partial boards: hands in progress, with empty slots (255, ``--`` in text).

A row fills left to right, so a partial board is the cards placed so far in
each row followed by empty slots.  What a bot asks mid-hand: the cards each
row still needs, which rows are complete and their values, the cards it has
not seen (:func:`unseen`, the one home of that pool), and whether some
completion can still avoid the foul with the cards that are left (exact: a
search over completions, docs/RULES.md §4 and §9).

>>> b = parse_partial("Qh Qd / 5s 6s 7s 8s 9d / Kc Kd")
>>> card_str(b)
'Qh Qd -- 5s 6s 7s 8s 9d Kc Kd -- -- --'
>>> needed(b).tolist(), complete_rows(b).tolist()
([1, 0, 3], [False, True, False])
>>> bool(can_avoid_foul(b, PINEAPPLE))
True
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import _core, _workers
from .._checks import check_int
from ..hand.bad_rows import explain_bad_row
from ..hand.cards import (
    DECK_SIZE,
    EMPTY,
    card_str,
    cards,
    cards_among,
    named_jokers,
    parse_text,
    read_in_turn,
)
from .boards import Board, narrow_board, one_card_each
from .geometry import BOARD_SIZE, ROW_SLICES, ROW_SPLIT, ROWS, place, within
from .rules import PINEAPPLE, Rules, get_rules

__all__ = [
    "can_avoid_foul",
    "complete_rows",
    "needed",
    "parse_partial",
    "partial_boards",
    "row_values",
]


def parse_partial(text: str, jokers: int = 0, before: Sequence[int] = ()) -> npt.NDArray[np.uint8]:
    """Codes of a partial board ``"top / middle / bottom"``; a short row is padded with empty slots.

    Empty slots may also be written ``--``; a row may be empty.  ``jokers``: the
    jokers the deck holds (``X1``, ``X2``; an error beyond them).  ``before``: the
    jokers a generic joker (``Xj``) must leave alone besides those of this board (the
    other parts of its deal: :func:`read_position`).

    >>> parse_partial("Ah / -- / Kc Kd").tolist()[:4]
    [50, 255, 255, 255]
    """
    if not isinstance(text, str):
        raise TypeError(f"a board's text must be a str, not {type(text).__name__} {text!r}")
    parts = ROW_SPLIT.split(text.strip())
    if len(parts) != 3:
        raise ValueError(f"a partial board has three rows separated by '/' or '|', got "
                         f"{len(parts)} in {text!r}")
    out: list[int] = []
    named = named_jokers(text) if jokers else []   # one board: Xj leaves the other rows' jokers alone
    for name, part, (lo, hi) in zip(ROWS, parts, ROW_SLICES):
        codes = list(parse_text(part, True, f"{name} row: ", jokers, [*before, *named, *out]))
        placed = [c for c in codes if c != EMPTY]
        if len(codes) > hi - lo:
            raise ValueError(f"the {name} row has {hi - lo} slots, got {len(codes)} in {part!r}")
        out += placed + [EMPTY] * (hi - lo - len(placed))
    arr = np.array(out, dtype=np.uint8)
    _check(arr.reshape(1, BOARD_SIZE), (), jokers)
    return arr


def _check(flat: npt.NDArray[np.uint8], lead: tuple[int, ...], jokers: int = 0) -> None:
    bad = _core.partial_first_bad(flat, jokers)
    if bad is None:
        return
    row = bad[0]
    index = tuple(int(i) for i in np.unravel_index(row, lead)) if lead else ()
    explain_bad_row(flat[row].tolist(), lambda i: place(index, i, False),
                    place(index, 0, False).rsplit(", ", 1)[0] if index else "the board",
                    empty_ok=True, jokers=jokers)


def partial_boards(boards: Any, jokers: int = 0, *, deal: bool = False) -> npt.NDArray[np.uint8]:
    """Checked uint8 array ``(..., 13)`` of partial boards (text, codes with 255 / -1, Board).

    ``jokers``: the jokers the deck holds (codes 52, 53; a code beyond them is an error).
    A list of boards is a batch of separate positions: a generic joker (``Xj``, ``JK``,
    the emoji) takes the first joker its own board neither holds nor names.  ``deal``:
    the boards are the players of ONE deal, in seat order, dealt from one deck: a generic
    joker takes the first joker no board before it holds and no board names (as
    :func:`~ofc_fast.rollout` reads them; :func:`read_position`).

    >>> partial_boards([[0, 1, -1] + [-1] * 10]).shape
    (1, 13)
    >>> card_str(partial_boards(["Xj Ah / -- / --", "Xj 2c / -- / --"], 2, deal=True)[:, :2])
    ['X1 Ah', 'X2 2c']
    """
    if deal:
        return read_position(boards, jokers).boards
    if isinstance(boards, str):
        return parse_partial(boards, jokers)
    if isinstance(boards, Board):
        return boards.codes.copy()
    if isinstance(boards, (list, tuple)) and boards and all(isinstance(b, str) for b in boards) \
            and not one_card_each(list(boards)):
        return np.stack([parse_partial(b, jokers) for b in boards])
    if isinstance(boards, (list, tuple)) and boards and all(
            isinstance(b, (list, tuple)) and b and all(isinstance(x, str) for x in b) for b in boards):
        return np.stack([partial_boards(b, jokers) for b in boards])   # e.g. deals of board texts
    if isinstance(boards, (list, tuple)) and boards and all(
            isinstance(c, (int, np.integer)) and not isinstance(c, bool) for c in boards):
        boards = np.asarray(boards, dtype=np.int64)
    if isinstance(boards, np.ndarray) and boards.dtype.kind in "iu" and boards.dtype != np.uint8:
        arr = narrow_board(boards, False, jokers)     # names the row and position of a bad code
    elif isinstance(boards, np.ndarray) and boards.dtype == np.uint8:
        arr = boards.copy()   # the result is a new array, never a view of the caller's
    else:
        arr = cards(boards, allow_empty=True, jokers=jokers)
    if arr.ndim == 0 or arr.shape[-1] != BOARD_SIZE:
        raise ValueError(f"a board has 13 slots (top 3, middle 5, bottom 5): got shape {arr.shape}")
    flat = np.ascontiguousarray(arr.reshape(-1, BOARD_SIZE))
    _check(flat, arr.shape[:-1], jokers)
    # rows fill left to right: a card after an empty slot is moved up
    if ((flat[:, :-1] == EMPTY) & (flat[:, 1:] != EMPTY)).any():
        flat = flat.copy()
        for lo, hi in ROW_SLICES:
            seg = flat[:, lo:hi]
            order = np.argsort(seg == EMPTY, axis=1, kind="stable")
            flat[:, lo:hi] = np.take_along_axis(seg, order, axis=1)
    return flat.reshape(arr.shape)


def partial_among(board: Any, before: Sequence[int], jokers: int = 0) -> npt.NDArray[np.uint8]:
    """:func:`partial_boards` of one board of a deal (text, or card by card): a generic
    joker there leaves ``before`` alone (as in :func:`parse_partial`)."""
    if isinstance(board, str):
        return parse_partial(board, jokers, before)
    if jokers and before and isinstance(board, (list, tuple)) and one_card_each(list(board)):
        return partial_boards(cards_among(board, before, allow_empty=True, jokers=jokers), jokers)
    return partial_boards(board, jokers)


#: a reader of one part of a position: (its cards, the jokers a generic joker leaves alone)
_Reader = Callable[[Any, list[int]], npt.NDArray[np.uint8]]


class Position(NamedTuple):
    """The cards of one position (:func:`read_position`), each None where not given."""

    boards: npt.NDArray[np.uint8]
    """(players, 13) the partial boards, in seat order (or what ``boards`` held)."""
    held: npt.NDArray[np.uint8] | None
    """(k,) the cards in hand."""
    dead: npt.NDArray[np.uint8] | None
    """The dead cards, as :func:`dead_array` reads them."""
    known: npt.NDArray[np.uint8] | dict[Any, npt.NDArray[np.uint8]] | None
    """(k,) the known cards, or ``{seat: (k,)}`` for a mapping."""


def read_position(boards: Any, jokers: int = 0, *, held: Any = None, dead: Any = None,
                  known: Any = None) -> Position:
    """The cards of one position of ONE deal, all from one deck: the partial boards of the
    players in seat order, and (where given) the cards in hand, the dead cards and the
    known ones (a sequence, or ``{seat: cards}``).

    A generic joker (``Xj``, ``JK``, the emoji) anywhere in them takes the first joker
    that no other part of the position holds or names: the explicit ``X1`` / ``X2``
    (codes 52, 53) keep theirs wherever they are, then the generic ones fill in reading
    order: the boards in seat order, then the held, dead and known cards
    (``cards.read_in_turn``).  An error names the player (``player 1, top row: ...``) or
    the argument (``the cards in hand: ...``, ``dead cards: ...``, ``known[1]: ...``).

    >>> p = read_position(["Xj Ah / -- / --", "Qd / -- / --"], 2, held="Xj Kd 3c")
    >>> card_str(p.boards[0, :2]), card_str(p.held)
    ('X1 Ah', 'X2 Kd 3c')
    >>> card_str(read_position(["Xj Ah / -- / --", "X1 2c / -- / --"], 2).boards[:, :2])
    ['X2 Ah', 'X1 2c']
    """
    def board(b: Any, before: list[int]) -> npt.NDArray[np.uint8]:
        return partial_among(b, before, jokers)

    def some_cards(c: Any, before: list[int]) -> npt.NDArray[np.uint8]:
        return cards_among(c, before, jokers=jokers).reshape(-1)

    def dead_cards(d: Any, before: list[int]) -> npt.NDArray[np.uint8]:
        return dead_array(d, jokers, before)   # (its errors say 'dead cards')

    # the parts in reading order: (the words an error starts with, the reader, the cards)
    parts: list[tuple[str, _Reader, Any]] = []
    deal = isinstance(boards, (list, tuple)) and bool(boards) and not one_card_each(list(boards))
    if deal:
        parts += [(f"player {k}", board, b) for k, b in enumerate(boards)]
    else:   # an array, a Board or one board (not a deal: rollout refuses its shape)
        parts.append(("", board, boards))
    if held is not None:
        parts.append(("the cards in hand", some_cards, held))
    if dead is not None:
        parts.append(("", dead_cards, dead))
    seats = list(known) if isinstance(known, Mapping) else []
    if isinstance(known, Mapping):
        parts += [(f"known[{s}]", some_cards, known[s]) for s in seats]
    elif known is not None:
        parts.append(("known", some_cards, known))

    def read(k: int, cards_: Any, before: list[int]) -> npt.NDArray[np.uint8]:
        label, reader, _ = parts[k]
        try:
            return reader(cards_, before)
        except (ValueError, TypeError) as e:
            if not label:
                raise
            raise type(e)(within(label, str(e))) from None

    got = read_in_turn([c for _, _, c in parts], read, jokers)
    players = len(boards) if deal else 1
    if deal and len({a.shape for a in got[:players]}) > 1:
        raise ValueError(f"the players' boards have different shapes: "
                         f"{sorted({a.shape for a in got[:players]})}")
    rest = iter(got[players:])
    return Position(np.stack(got[:players]) if deal else got[0],
                    None if held is None else next(rest), None if dead is None else next(rest),
                    None if known is None else dict(zip(seats, rest)) if isinstance(known, Mapping)
                    else next(rest))


def _run(boards: Any, rules: Rules | str
         ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint16], tuple[int, ...]]:
    r = get_rules(rules)
    arr = partial_boards(boards, r.jokers)
    lead = arr.shape[:-1]
    flat = np.ascontiguousarray(arr.reshape(-1, BOARD_SIZE))
    n = flat.shape[0]
    need = np.empty((n, 3), dtype=np.int8)
    value = np.empty((n, 3), dtype=np.uint16)
    _core.partial_board_rows(r.tables, flat, need, value, 0, n)
    return need.reshape(lead + (3,)), value.reshape(lead + (3,)), lead


def needed(boards: Any, rules: Rules | str = PINEAPPLE) -> npt.NDArray[np.int8]:
    """Cards each row still needs: ``(..., 3)`` int8 (top, middle, bottom).

    A joker is a card like any other; the boards may hold the jokers ``rules``
    deals (``rules.jokers``).

    >>> needed("Ah / -- / Kc Kd Kh").tolist()
    [2, 5, 2]
    """
    return _run(boards, rules)[0]


def complete_rows(boards: Any, rules: Rules | str = PINEAPPLE) -> npt.NDArray[np.bool_]:
    """Which rows are complete: ``(..., 3)`` bool (the boards may hold the jokers ``rules`` deals).

    >>> complete_rows("Ah Ad Ac / -- / Kc Kd Kh 2c 3c").tolist()
    [True, False, True]
    """
    out: npt.NDArray[np.bool_] = _run(boards, rules)[0] == 0
    return out


def row_values(boards: Any, rules: Rules | str = PINEAPPLE) -> npt.NDArray[np.uint16]:
    """Values of the complete rows (``strength``; a Low middle: its lowball27 rank), 0 if incomplete.

    With jokers (``rules.jokers``) a complete row holding one is worth the strongest
    hand it can make alone (``strength(row, rules=rules)``).

    >>> from ofc_fast import strength
    >>> v = row_values("Qh Qd 5c / 5s 6s / --")
    >>> int(v[0]) == strength("Qh Qd 5c"), v[1:].tolist()
    (True, [0, 0])
    """
    return _run(boards, rules)[1]


def dead_array(dead: Any, jokers: int = 0, before: Sequence[int] = ()) -> npt.NDArray[np.uint8]:
    """Dead cards as uint8 ``(k,)`` or ``(..., k)``; per-board lists may differ in length.
    ``jokers``: the jokers the deck holds (a dead joker is a card too); ``before``: the
    jokers a generic joker among them leaves alone (the rest of its deal: :func:`read_position`)."""
    if isinstance(dead, np.ndarray) and dead.dtype == np.uint8:
        bad = (dead >= DECK_SIZE + jokers) & (dead != EMPTY)
        if bad.any():
            where = tuple(int(i) for i in np.argwhere(bad)[0])
            raise ValueError(f"dead card at position {where if len(where) > 1 else where[0]} is "
                             f"{int(dead[where])}: not a card (0..{DECK_SIZE + jokers - 1}, or {EMPTY} "
                             f"for none)")
        return dead
    if isinstance(dead, (list, tuple)) and dead and all(
            isinstance(x, (list, tuple, np.ndarray)) for x in dead):
        rows = [_dead_cards(list(x), jokers, f"dead cards of board {i}", before).reshape(-1) if len(x) else
                np.zeros(0, np.uint8) for i, x in enumerate(dead)]
        width = max(len(x) for x in rows)
        out = np.full((len(rows), width), EMPTY, dtype=np.uint8)
        for i, x in enumerate(rows):
            out[i, :len(x)] = x
        return out
    return _dead_cards(dead, jokers, "dead cards", before)


def _dead_cards(dead: Any, jokers: int, what: str, before: Sequence[int] = ()) -> npt.NDArray[np.uint8]:
    """``cards(dead)`` (generic jokers leaving ``before`` alone), its error naming ``what``
    the bad card was in."""
    try:
        return cards_among(dead, before, allow_empty=True, jokers=jokers)
    except (ValueError, TypeError) as e:
        raise type(e)(f"{what}: {e}") from None


#: can_avoid_foul's search, in C calls short enough for Ctrl-C: nodes per board
#: in the first pass (nearly every board ends there), boards per call in it,
#: and nodes per call for a board that needs more (its search split in parts)
_SEARCH_FIRST = 1 << 14
_SEARCH_BOARDS = 128
_SEARCH_STEP = 1 << 18


def unseen_rows(taken: npt.NDArray[np.uint8], jokers: int = 0) -> npt.NDArray[np.bool_]:
    """``(n, DECK_SIZE + jokers)`` bool: True for each card in no slot of row i of ``taken`` ``(n, k)``.

    The one computation of the unseen pool: the deck (52 cards and ``jokers``
    jokers) minus every card already placed, held or known to be out (empty
    slots, 255, are no card).
    """
    size = DECK_SIZE + jokers
    mark = np.zeros((taken.shape[0], size + 1), dtype=np.bool_)
    np.put_along_axis(mark, np.minimum(taken, size).astype(np.intp), True, axis=1)
    out: npt.NDArray[np.bool_] = ~mark[:, :size]
    return out


def unseen(*groups: npt.ArrayLike, jokers: int = 0) -> npt.NDArray[np.uint8]:
    """The cards in none of ``groups`` (boards, held cards, dead cards: checked codes,
    empty slots ignored), in code order: the cards a player has not seen.  ``jokers``:
    the jokers of the deck (codes 52, 53 come last).

    >>> card_str(unseen(cards("Ah Kd"), cards("2c"))[:3])
    '2d 2h 2s'
    """
    taken = np.concatenate([np.asarray(g, dtype=np.uint8).reshape(-1) for g in groups] or
                           [np.zeros(0, np.uint8)])
    return np.flatnonzero(unseen_rows(taken.reshape(1, -1), jokers)[0]).astype(np.uint8)


def can_avoid_foul(boards: Any, rules: Rules | str = PINEAPPLE, *, dead: Any = None,
                   budget: int = -1, workers: int = 1) -> npt.NDArray[np.bool_]:
    """Whether some completion with the cards left is not fouled: ``(...)`` bool.

    The cards left are the deck minus the board's cards and ``dead`` (cards
    known to be elsewhere: other boards, discards; one list for every board,
    or ``(..., k)`` per board, 255 padding).  Exact: a few greedy
    completions first, then a search over the completions, pruned by bounds
    and stopped at the first that does not foul.  ``budget``: at most that
    many search nodes per board (-1: no limit; a long search runs as short
    calls, each counted at its whole allowance); a board whose search runs
    out raises RuntimeError.  Ctrl-C stops a call within about a second.

    With jokers (``rules.jokers``) the board and the cards left may hold them:
    a completion is judged as :func:`~ofc_fast.analyze` judges it (each joker
    wild as ``joker_pool`` and ``joker_resolution`` say; ``dead`` is also
    what ``"unseen"`` excludes).

    >>> b = "Ah Ad / 2c 3d 4h 5s / --"      # the middle needs a straight: an ace or a six
    >>> can_avoid_foul([b, b], dead=[["Ac", "As", "6c", "6d", "6h", "6s"], []]).tolist()
    [False, True]
    """
    r = get_rules(rules)
    w = _workers.resolve_workers(workers)
    jokers, size = r.jokers, r.deck_size
    arr = partial_boards(boards, jokers)
    lead = arr.shape[:-1]
    flat = np.ascontiguousarray(arr.reshape(-1, BOARD_SIZE))
    n = flat.shape[0]
    budget = check_int(budget, "budget", "an int (-1 for no limit)")
    if not -1 <= budget < 2**63:
        raise ValueError(f"budget must be -1 (no limit) or 0..2**63-1 search nodes, got {budget}")
    # the pool of each board: the deck minus the board and the dead cards
    taken = flat
    masks = np.zeros(n, dtype=np.uint64)   # jokers: the dead cards "unseen" excludes
    if dead is not None:
        d = dead_array(dead, jokers)
        if d.ndim == 1:
            d = np.broadcast_to(d, (n, d.shape[0]))
        else:
            try:
                d = np.broadcast_to(d, lead + d.shape[-1:]).reshape(n, d.shape[-1])
            except ValueError:
                raise ValueError(f"dead of shape {d.shape} does not match the boards' shape "
                                 f"{lead}") from None
        if d.size:
            on_board = (flat[:, :, None] == d[:, None, :]) & (d[:, None, :] != EMPTY)
            if on_board.any():
                i, pos, _ = (int(v) for v in np.argwhere(on_board)[0])
                raise ValueError(f"dead card {card_str(int(flat[i, pos]))} is also on "
                                 f"board {i} at {place((), pos, False)}")
            taken = np.concatenate([flat, d], axis=1)
            if jokers:
                bits = np.where((d != EMPTY) & (d < DECK_SIZE), np.left_shift(
                    np.uint64(1), np.minimum(d, DECK_SIZE - 1).astype(np.uint64)), np.uint64(0))
                masks = np.bitwise_or.reduce(bits, axis=1).astype(np.uint64)
    free = unseen_rows(taken, jokers)
    npool = free.sum(axis=1).astype(np.int32)
    pools = np.zeros((n, size), dtype=np.uint8)
    # pool cards first in each row, in code order
    order = np.argsort(~free, axis=1, kind="stable").astype(np.uint8)
    pools[:] = order
    out = np.empty(n, dtype=np.int16)   # 1, 0 or a status code (OFC_BOARD_*)
    tables = r.tables
    # first pass: a short search of every board, _SEARCH_BOARDS boards a C
    # call (Ctrl-C is noticed between calls); nearly all end here
    first = _SEARCH_FIRST if budget == -1 else min(int(budget), _SEARCH_FIRST)
    _workers.run(lambda lo, hi: _core.can_avoid_foul_rows(tables, flat, pools, npool, out,
                                                          first, lo, hi, masks), n, w,
                 chunk=_SEARCH_BOARDS)
    if (out == _core.OFC_BOARD_SHORT_POOL).any():
        i = int(np.argmax(out == _core.OFC_BOARD_SHORT_POOL))
        need = int((flat[i] == EMPTY).sum())
        raise ValueError(f"board {i}: {need} empty slots but only {int(npool[i])} cards left")

    def split(board: npt.NDArray[np.uint8], pool: list[int]) -> list[tuple[Any, list[int]]]:
        """The completions of (board, pool) in disjoint parts: the highest card
        of the pool on top, in the middle, on the bottom, or left unused."""
        c, rest = pool[-1], pool[:-1]
        parts = []
        for lo, hi in ROW_SLICES[::-1]:
            slot = lo + int(np.argmax(board[lo:hi] == EMPTY))
            if board[slot] == EMPTY:
                child = board.copy()
                child[slot] = c
                parts.append((child, rest))
        if len(rest) >= int((board == EMPTY).sum()):
            parts.append((board, rest))
        return parts

    def search(i: int, left: int) -> int:
        """Board i, whose first search ran out, by searches of at most
        _SEARCH_STEP nodes each: a part whose search runs out is split."""
        stack = [(flat[i], [int(c) for c in pools[i, :npool[i]]])]
        got = np.empty(1, np.int16)
        while stack:
            board, pool = stack.pop()
            step = _SEARCH_STEP if left == -1 else min(_SEARCH_STEP, left)
            if step == 0:
                return _core.OFC_BOARD_BUDGET
            if left != -1:
                left -= step   # a call is charged its whole allowance
            p = np.zeros((1, size), np.uint8)
            p[0, :len(pool)] = pool
            _core.can_avoid_foul_rows(tables, board.reshape(1, 13), p,
                                      np.array([len(pool)], np.int32), got, step, 0, 1, masks[i:i + 1])
            if got[0] == 1:
                return 1
            if got[0] == _core.OFC_BOARD_BUDGET:
                stack.extend(reversed(split(board, pool)))   # the bottom part first
        return 0

    left = -1 if budget == -1 else int(budget) - first
    for i in np.flatnonzero(out == _core.OFC_BOARD_BUDGET).tolist():
        out[i] = search(i, left)
        if out[i] == _core.OFC_BOARD_BUDGET:
            break
    if (out == _core.OFC_BOARD_BUDGET).any():
        raise RuntimeError(f"board {int(np.argmax(out == _core.OFC_BOARD_BUDGET))}: "
                           f"{_core.status_message(_core.OFC_BOARD_BUDGET)} of {budget} nodes")
    return out.reshape(lead).astype(np.bool_)


# --- one board at C speed ---------------------------------------------------------
# The public name: can_avoid_foul of one board (no dead cards, no jokers) is answered
# in C by the door of _core (ofc_fast/_scalar.pxi) when its search ends within the
# first pass; every other input goes on to the general function above
# (``can_avoid_foul.__wrapped__``).
can_avoid_foul = _core.can_avoid_foul_door(can_avoid_foul, Rules, PINEAPPLE, get_rules, _SEARCH_FIRST)
