"""Complete boards and deals: fouls, royalties, Fantasyland and scoring, over arrays.

A board is 13 card codes in the order top (3), middle (5), bottom (5); an
array of boards has shape ``(..., 13)``, a deal ``(P, 13)`` and an array of
deals ``(n, P, 13)`` for 2 <= P <= 4 players.  One C kernel evaluates the
rows, checks the foul, counts royalties, Fantasyland and the stay, and
scores, without the GIL; the rules reach it as tables (``Rules.tables``).

>>> b = Board.parse("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")
>>> b.royalties(PINEAPPLE), b.fouled(PINEAPPLE), b.fantasyland(PROGRESSIVE)
((7, 4, 10), False, 14)
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import _core, _workers
from .._checks import is_int, refuse_odd, shown
from ..hand.bad_rows import explain_bad_row
from ..hand.cards import (
    DECK_SIZE,
    EMPTY,
    MAX_JOKERS,
    card_str,
    cards,
    cards_among,
    jokers_among,
    named_jokers,
    parse_text,
    read_in_turn,
)
from ..hand.strength import describe, strength
from .geometry import BOARD_SIZE, ROW_SLICES, ROW_SPLIT, ROWS, place, within
from .rules import HOUSE_RULES, PINEAPPLE, PROGRESSIVE, Rules, get_rules  # noqa: F401  (doctests)

__all__ = ["Analysis", "Board", "ROWS", "analyze", "board_text", "row_texts", "score", "score_matrix",
           "parse_boards"]

class _AnalysisFields(NamedTuple):
    """The five arrays of :class:`Analysis`."""

    fouled: npt.NDArray[np.bool_]
    """True for a fouled board."""
    strength: npt.NDArray[np.uint16]
    """(..., 3) row values: strength (a Low middle: its lowball27 rank)."""
    royalties: npt.NDArray[np.int16]
    """(..., 3) royalties per row (int16), 0 when fouled."""
    fantasyland: npt.NDArray[np.uint8]
    """Cards dealt next hand, 0 = no Fantasyland."""
    stays: npt.NDArray[np.bool_]
    """Not fouled and meets the stay condition."""


class Analysis(_AnalysisFields):
    """Result of :func:`analyze`, one entry per board: ``fouled``, ``strength``,
    ``royalties``, ``fantasyland``, ``stays`` (a named tuple of five arrays), and
    ``jokers``."""

    @property
    def jokers(self) -> npt.NDArray[np.uint8]:
        """(..., 2) the card joker 52 and joker 53 became on each board (255 where the
        board holds none; docs/VARIANTS.md, "Jokers")."""
        found = self.__dict__.get("_jokers")
        if found is None:
            found = np.full(np.shape(self.fouled) + (2,), EMPTY, dtype=np.uint8)
        out: npt.NDArray[np.uint8] = found
        return out

    def __reduce__(self) -> Any:
        return (_analysis, (tuple(self), self.__dict__.get("_jokers")))


def _analysis(fields: tuple[Any, ...], jokers: Any = None) -> Analysis:
    """An Analysis of its five arrays and the jokers' cards (None: no jokers)."""
    a = Analysis(*fields)
    if jokers is not None:
        a.__dict__["_jokers"] = jokers
    return a


# --- input ------------------------------------------------------------------

def parse_boards(text: str, jokers: int = 0, before: Sequence[int] = ()) -> npt.NDArray[np.uint8]:
    """Codes of one board written ``"top / middle / bottom"`` (or ``|``), or 13 cards in order.
    ``before``: the codes of the boards before it in the same deal and the jokers the
    boards after it name (a generic joker, ``Xj``, takes the first joker the deal neither
    holds nor names).

    >>> parse_boards("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d").shape
    (13,)
    """
    if not isinstance(text, str):
        raise TypeError(f"a board's text must be a str, not {type(text).__name__} {shown(text)}")
    parts = ROW_SPLIT.split(text.strip())
    if len(parts) == 1:
        codes = parse_text(text, False, "", jokers, before)
        if len(codes) != 13:
            raise ValueError(f"a board has 13 cards (3 / 5 / 5), got {len(codes)} in {shown(text)}")
        return np.array(codes, dtype=np.uint8)
    if len(parts) != 3:
        raise ValueError(f"a board has three rows separated by '/' or '|', got {len(parts)} in {shown(text)}")
    rows: list[int] = []
    named = named_jokers(text) if jokers else []   # X1 in the bottom row is not the top's Xj
    for name, part, (lo, hi) in zip(ROWS, parts, ROW_SLICES):
        codes = parse_text(part, False, f"{name} row: ", jokers, [*before, *named, *rows])
        if len(codes) != hi - lo:
            raise ValueError(f"the {name} row has {hi - lo} cards, got {len(codes)} in {shown(part)}")
        rows += codes
    return np.array(rows, dtype=np.uint8)


def board_array(x: Any, deal: bool = False, jokers: int = 0, before: Sequence[int] = ()) -> npt.NDArray[np.uint8]:
    """uint8 array (..., 13) of a boards argument: an array, text, Board, or lists of them.

    A list of 13 single-card strings or ints is one board; other lists hold
    boards (or deals) and are stacked.  Empty slots stay 255 here; the
    kernels reject them with their position.  ``deal``: the boards are the
    players of a deal (for the wording of errors).  ``jokers``: the jokers the
    rules deal (their codes and text are cards then).  ``before``: as in
    :func:`parse_boards`, for one board of a deal.
    """
    if isinstance(x, (bool, np.bool_)):
        raise TypeError(f"boards must be card codes, text or Board objects, not bool {x!r}")
    if type(x) is not np.ndarray and not isinstance(x, Board):
        refuse_odd(x, "boards")
    if isinstance(x, (int, np.integer, np.ndarray)) and np.ndim(x) == 0:
        raise TypeError(f"a board is 13 cards (top 3, middle 5, bottom 5), not a single "
                        f"value of shape (): {type(x).__name__} {shown(x)}")
    if isinstance(x, Board):
        arr = x.codes
    elif isinstance(x, str):
        arr = parse_boards(x, jokers, before)
    elif isinstance(x, np.ndarray) and x.dtype == np.uint8:
        arr = x
    elif isinstance(x, np.ndarray) and x.dtype.kind in "iu":
        arr = narrow_board(x, deal, jokers)
    elif isinstance(x, np.ndarray) and x.dtype.kind not in "US":
        raise TypeError(f"boards must be integer card codes or text, got a {x.dtype} array")
    elif isinstance(x, (list, tuple, np.ndarray)):
        items = list(x)
        if not items:
            raise ValueError("no boards given (an empty list); pass an array of shape (0, 13) "
                             "for no boards")
        if any(isinstance(i, (Board,) + _BOARDLIKE) for i in items) and not one_card_each(items):
            arr = _stack_boards(items, deal, jokers)
        elif all(is_int(i) for i in items):
            for k, i in enumerate(items):   # Python ints past int64: name the place here
                if not -2**63 <= i < 2**63:
                    raise ValueError(f"{place((), k, deal)}: card code {i} is not in 0..{DECK_SIZE - 1}")
            arr = narrow_board(np.asarray(items, dtype=np.int64), deal, jokers)   # codes: name the row
        else:
            arr = cards_among(items, before, allow_empty=True, jokers=jokers)
    else:
        raise TypeError(f"boards must be card codes, text or Board objects, not "
                        f"{type(x).__name__} {shown(x)}")
    if arr.ndim == 0 or arr.shape[-1] != 13:
        raise ValueError(f"a board has 13 cards (top 3, middle 5, bottom 5): got last "
                         f"dimension {arr.shape[-1] if arr.ndim else None} of shape {arr.shape}")
    return arr


_BOARDLIKE = (str, list, tuple, np.ndarray)


def one_card_each(items: list[Any]) -> bool:
    """True for a board written as 13 separate cards (texts or codes)."""
    return len(items) == 13 and all(
        (isinstance(i, str) and len(parse_text(i, True, "", MAX_JOKERS)) == 1)
        or is_int(i) for i in items)


def _holds_boards(items: list[Any]) -> bool:
    """True for a list whose items are boards (Board, text of a board, nested sequences)."""
    return any(isinstance(j, (Board, list, tuple, np.ndarray))
               or (isinstance(j, str) and len(parse_text(j, True, "", MAX_JOKERS)) > 1) for j in items)


def _stack_boards(items: list[Any], deal: bool, jokers: int = 0) -> npt.NDArray[np.uint8]:
    """Stack a list of boards (or of deals), naming the item that is not one."""
    # a list of lists of boards is a list of deals; a list of boards is a deal
    # (score) or a list of boards (analyze)
    nested = any(isinstance(i, (list, tuple)) and _holds_boards(list(i)) for i in items)
    label = "deal" if nested else ("player" if deal else "board")

    def read(k: int, item: Any, before: list[int]) -> npt.NDArray[np.uint8]:
        if not isinstance(item, _BOARDLIKE):   # (a Board comes as its codes)
            raise TypeError(f"{label} {k}: expected a board (text, 13 card codes or a Board), "
                            f"got {type(item).__name__} {shown(item)}")
        try:
            return board_array(item, deal, jokers, before)
        except (ValueError, TypeError) as e:
            raise type(e)(within(f"{label} {k}", str(e))) from None

    # the boards of one deal share the deck: a generic joker takes the first one
    # no earlier board holds and no later board names
    out = read_in_turn([i.codes if isinstance(i, Board) else i for i in items], read,
                       jokers if label == "player" else 0)
    shapes = {a.shape for a in out}
    if len(shapes) > 1:
        raise ValueError(f"the {label}s have different shapes: {sorted(shapes)}")
    return np.stack(out)


def narrow_board(x: npt.NDArray[Any], deal: bool, jokers: int = 0) -> npt.NDArray[np.uint8]:
    """uint8 copy of integer boards; -1 (empty) becomes 255, other codes must be cards."""
    bad = ((x < 0) | (x >= DECK_SIZE + jokers)) & (x != -1) & (x != EMPTY)
    if bad.any():
        index = tuple(int(i) for i in np.unravel_index(int(np.argmax(bad)), x.shape))
        v = int(x[index])
        note = f" (a joker: the rules have jokers={jokers})" if v in (DECK_SIZE, DECK_SIZE + 1) else ""
        raise ValueError(f"{place(index[:-1], index[-1], deal)}: card code {v} "
                         f"is not in 0..{DECK_SIZE + jokers - 1}{note}")
    return np.where(x < 0, EMPTY, x).astype(np.uint8)


def _partial_note(board: list[int]) -> str:
    """' (complete rows: top; ofc_fast.partial handles partial boards)' for an error message."""
    done = [name for name, (lo, hi) in zip(ROWS, ROW_SLICES) if EMPTY not in board[lo:hi]]
    return (f" (complete rows: {', '.join(done) or 'none'}; ofc_fast.partial handles "
            f"partial boards)")


def _explain(flat: npt.NDArray[np.uint8], row: int, lead: tuple[int, ...], players: int = 0,
             jokers: int = 0) -> None:
    """Raise the error for row ``row`` of ``flat`` that a kernel rejected.

    ``players`` = 0: rows are single boards; else rows are deals of that many boards.
    """
    codes = [int(c) for c in flat[row]]
    index = tuple(int(i) for i in np.unravel_index(row, lead)) if lead else ()

    def where(i: int) -> str:
        if players:
            return place(index + (i // BOARD_SIZE,), i % BOARD_SIZE, True)
        return place(index, i, False)

    first = next((i for i, c in enumerate(codes) if c == EMPTY), None)
    note = "" if first is None else _partial_note(
        codes[first - first % BOARD_SIZE:first - first % BOARD_SIZE + BOARD_SIZE])
    whole = ("deal " + (str(index[0]) if len(index) == 1 else str(index))) if players and index \
        else "the deal" if players else where(0).rsplit(", ", 1)[0] if index else "the board"
    explain_bad_row(codes, where, whole, empty_note=note, jokers=jokers)


# --- analyze ------------------------------------------------------------------

def _in_fantasyland_codes(values: npt.NDArray[Any], r: Rules) -> npt.NDArray[np.uint8]:
    """in_fantasyland as counts (uint8), each 0, 1 or 13..limit, or a ValueError naming the first bad one."""
    # a copy, checked: the kernel reads it without the GIL (a count indexes a table), and the
    # caller's array may change meanwhile
    values = np.array(values)
    limit = r.fantasyland_limit
    bad = (values != 0) & (values != 1) & ((values < 13) | (values > limit))
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        name = f"in_fantasyland[{', '.join(map(str, where))}]" if where else "in_fantasyland"
        r.in_fantasyland_count(int(values[where]), name)
    return np.ascontiguousarray(values.reshape(-1), dtype=np.uint8)


def analyze(boards: Any, rules: Rules | str = PINEAPPLE, *, in_fantasyland: Any = None,
            workers: int = 1, dead: Any = None) -> Analysis:
    """Fouls, row strengths, royalties, Fantasyland and stays of complete boards.

    ``boards``: uint8 (or any integer) array ``(..., 13)`` (top 3, middle 5,
    bottom 5), or text / Board objects.  ``in_fantasyland``: None, a bool, or
    bools broadcastable to ``boards.shape[:-1]``: a player in Fantasyland gets
    ``rules.stay_cards`` when the board stays, else 0.  With
    ``rules.stay_cards_mode == "current"`` it may also hold the count each
    player is in Fantasyland with (0 = not in it, 1 = True, or 13..), which a
    player who stays keeps (:meth:`Rules.stay_cards_for`).  Each board is checked on
    its own (a card twice within a board is an error); use :func:`score` to
    check whole deals.  The GIL is released while boards are evaluated:
    other threads must not change the inputs while the call runs.

    >>> a = analyze(["Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d",
    ...              "Ah Ad 2c / Ks Kd 7s 8s 9d / Tc Td Th 3s 3d"], PROGRESSIVE)
    >>> a.fouled.tolist(), a.royalties.tolist(), a.fantasyland.tolist()
    ([False, True], [[7, 4, 10], [0, 0, 0]], [14, 0])
    >>> keep = HOUSE_RULES["progressive_keep"]     # stays keep their count
    >>> analyze("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", keep, in_fantasyland=16).fantasyland
    array(16, dtype=uint8)

    With jokers (``rules.jokers``), each board's jokers become cards as the
    rules say (``joker_pool``, ``joker_resolution``; docs/VARIANTS.md) and
    ``Analysis.jokers`` tells which; ``dead``: the cards the player has seen
    off the board (for ``joker_pool="unseen"``), one set for every board.

    >>> import dataclasses
    >>> jk = dataclasses.replace(PINEAPPLE, name="jk", jokers=2)
    >>> a = analyze("Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 3s", jk)   # KKK would foul
    >>> bool(a.fouled), describe(int(a.strength[0])), card_str(a.jokers), a.royalties.tolist()
    (False, 'Pair of Kings, Ace kicker', 'Ac --', [8, 0, 0])
    """
    r = rules if type(rules) is Rules else get_rules(rules)
    w = _workers.resolve_workers(workers)
    if dead is not None and not r.jokers:
        raise ValueError("dead cards are for jokers (joker_pool 'unseen'); these rules have none")
    arr = board_array(boards, jokers=r.jokers)
    lead = arr.shape[:-1]
    flat = np.ascontiguousarray(arr.reshape(-1, 13))
    n = flat.shape[0]
    infl = None
    if in_fantasyland is not None:
        refuse_odd(in_fantasyland, "in_fantasyland")
        flags = np.asarray(in_fantasyland)
        if flags.size == 0:
            flags = flags.astype(np.bool_)   # [] for no boards
        if flags.dtype.kind not in "biu":
            raise TypeError(f"in_fantasyland must be bools, got {flags.dtype}")
        try:
            wide = np.broadcast_to(flags, lead)
        except ValueError:
            raise ValueError(f"in_fantasyland of shape {flags.shape} does not broadcast to the "
                             f"boards' shape {lead}") from None
        if wide.dtype.kind in "iu":
            # the count each player is in Fantasyland with: 0, 1 (True) or 13..limit;
            # with fixed stay counts only whether it is 0 matters
            infl = _in_fantasyland_codes(wide, r)
            if r.stay_cards_mode != "current":
                infl = (infl != 0).astype(np.uint8)
        else:
            infl = np.ascontiguousarray((wide != 0).reshape(-1), dtype=np.uint8)
    # one allocation for the five outputs: a large one is backed by huge pages,
    # five smaller ones would each pay page faults on first touch
    buf = np.empty(15 * n, dtype=np.uint8)
    strength = buf[:6 * n].view(np.uint16).reshape(n, 3)
    royalties = buf[6 * n:12 * n].view(np.int16).reshape(n, 3)
    fouled, fantasyland, stays = buf[12 * n:13 * n], buf[13 * n:14 * n], buf[14 * n:]
    tables = r.tables
    jokers = None
    if r.jokers:
        jokers = np.empty((n, 2), dtype=np.uint8)
        mask = _dead_mask(dead, r.jokers)
        bad = _workers.run(
            lambda lo, hi: _core.analyze_jokers_rows(tables, flat, infl, mask, fouled, strength,
                                                     royalties, fantasyland, stays, jokers, lo, hi), n, w)
    else:
        bad = _workers.run(
            lambda lo, hi: _core.analyze_rows(tables, flat, infl, fouled, strength, royalties,
                                              fantasyland, stays, lo, hi), n, w)
    if bad >= 0:
        _explain(flat, bad, lead, jokers=r.jokers)
    return _analysis((
        fouled.view(np.bool_).reshape(lead), strength.reshape(lead + (3,)),
        royalties.reshape(lead + (3,)), fantasyland.reshape(lead), stays.view(np.bool_).reshape(lead)),
        None if jokers is None else jokers.reshape(lead + (2,)))


def _dead_mask(dead: Any, jokers: int) -> int:
    """The bit mask (bit c for card c) of a ``dead`` argument: None, card text or codes
    (the rules' jokers among them are allowed and left out: no joker becomes a joker)."""
    if dead is None:
        return 0
    try:
        codes = cards(dead, jokers=jokers)
    except (TypeError, ValueError) as err:
        raise type(err)(f"dead: {err}") from None
    if codes.ndim != 1:
        raise ValueError(f"dead is one set of cards, got shape {codes.shape}")
    mask = 0
    for c in codes.tolist():
        if c < DECK_SIZE:
            mask |= 1 << int(c)
    return mask


# --- scoring ------------------------------------------------------------------

def deal_array(deals: Any, rules: Rules) -> tuple[npt.NDArray[np.uint8], tuple[int, ...], int, bool]:
    arr = board_array(deals, deal=True, jokers=rules.jokers)
    if arr.ndim < 2:
        raise ValueError(f"a deal is (players, 13) cards, got shape {arr.shape}")
    players = arr.shape[-2]
    rules.check_players(players)
    lead = arr.shape[:-2]
    flat = np.ascontiguousarray(arr.reshape(-1, 13 * players))
    return flat, lead, players, arr.ndim == 2


def _score(deals: Any, rules: Rules | str, workers: int, want_net: bool) -> Any:
    r = rules if type(rules) is Rules else get_rules(rules)
    if type(workers) is int and workers == 1:   # one deal: straight to C (_scalar.pxi)
        out = _core.score_one(deals, r.tables, r.min_players, r.max_players, want_net)
        if out is not None:
            return out
    w = _workers.resolve_workers(workers)
    flat, lead, players, one = deal_array(deals, r)
    n = flat.shape[0]
    net = np.empty((n, players), dtype=np.int32) if want_net else None
    matrix = None if want_net else np.empty((n, players * players), dtype=np.int32)
    tables = r.tables
    if r.jokers:
        bad = _workers.run(lambda lo, hi: _core.score_jokers_rows(tables, flat, players, net, matrix,
                                                                  lo, hi), n, w)
    else:
        bad = _workers.run(lambda lo, hi: _core.score_rows(tables, flat, players, net, matrix, lo, hi), n, w)
    if bad >= 0:
        _explain(flat, bad, lead, players, r.jokers)
    if net is not None:
        return net.reshape(lead + (players,))
    assert matrix is not None
    return matrix.reshape(lead + (players, players))


def score(deals: Any, rules: Rules | str = PINEAPPLE, *, workers: int = 1) -> npt.NDArray[np.int32]:
    """Net points of each player: ``(n, P)`` int32 for deals ``(n, P, 13)``, ``(P,)`` for one deal.

    Every pair of players is scored (docs/RULES.md §6): +1 / -1 per row won / lost, the
    scoop bonus for all three, the difference of royalties; a fouled player
    loses every row.  Each deal sums to 0.  A card used twice anywhere in a
    deal is an error.

    >>> score(["Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d",
    ...        "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"], PINEAPPLE).tolist()
    [27, -27]
    """
    out: npt.NDArray[np.int32] = _score(deals, rules, workers, True)
    return out


def score_matrix(deals: Any, rules: Rules | str = PINEAPPLE, *, workers: int = 1) -> npt.NDArray[np.int32]:
    """Pairwise points: ``[..., a, b]`` is what player a wins from player b (antisymmetric).

    >>> score_matrix(["Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d",
    ...               "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"]).tolist()
    [[0, 27], [-27, 0]]
    """
    out: npt.NDArray[np.int32] = _score(deals, rules, workers, False)
    return out


# --- one board ----------------------------------------------------------------

def row_texts(codes: Any) -> dict[str, str]:
    """``{"top": "Ah Ad --", "middle": ..., "bottom": ...}``: the text of each row of a board's
    13 codes (:func:`~ofc_fast.card_str`: empty slots print as ``--``, jokers as ``X1``, ``X2``).

    >>> row_texts([50, 49, 255] + [255] * 5 + list(range(5)))["top"]
    'Ah Ad --'
    """
    return {name: card_str([int(c) for c in codes[lo:hi]]) for name, (lo, hi) in zip(ROWS, ROW_SLICES)}


def board_text(codes: Any) -> str:
    """``'top / middle / bottom'`` of a board's 13 codes: the one layout of a board as text
    (:class:`Board`, :class:`~ofc_fast.Game`, the command line), empty slots as ``--``.

    >>> board_text([50, 49, 255] + [255] * 5 + list(range(5)))
    'Ah Ad -- / -- -- -- -- -- / 2c 2d 2h 2s 3c'
    """
    return " / ".join(row_texts(codes).values())


@functools.cache
def _picture_rules(jokers: bool) -> Rules:
    """The rules a notebook draws a board under: pineapple, with two jokers if it holds one
    (made once: a board's figures are cached per rules object)."""
    return Rules(name="pineapple, 2 jokers", jokers=2) if jokers else get_rules(PINEAPPLE)


class Board:
    """One complete board: top (3 cards), middle (5), bottom (5).

    >>> b = Board.parse("Qh Qd 2c | 5s 6s 7s 8s 9d | Kc Kd Kh Ks 2d")
    >>> str(b)
    'Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d'
    >>> b.describe()
    ('Pair of Queens, Two kicker', 'Straight, Nine high', 'Four Kings, Two kicker')

    A Board may hold jokers (codes 52, 53; ``X1``, ``X2`` in text): the rules
    it is analyzed with decide what they become, and refuse them where they
    deal none.
    """

    __slots__ = ("_codes", "_cache", "_jokers")

    def __init__(self, top: Any, middle: Any = None, bottom: Any = None) -> None:
        """``Board(codes13)``, ``Board(text)`` or ``Board(top, middle, bottom)``."""
        # per (rules, in_fantasyland): the board's analysis as Python scalars
        self._cache: dict[tuple[int, bool], tuple[Rules, tuple[Any, ...]]] = {}
        if middle is None and bottom is None:
            fast = _core.board_codes(top)   # 13 valid codes as a list, text or array
            if fast is not None:   # natural cards only
                self._codes = fast
                self._jokers = False
                return
        if middle is None and bottom is None:
            codes = board_array(top, jokers=MAX_JOKERS)
            if codes.shape != (13,):
                raise ValueError(f"a Board is one board of 13 cards, got shape {codes.shape}")
        elif middle is not None and bottom is not None:
            rows: list[npt.NDArray[np.uint8]] = []
            # one board: a generic joker leaves the jokers of the other rows alone
            named = [j for row in (top, middle, bottom) for j in named_jokers(row)]
            for name, row, (lo, hi) in zip(ROWS, (top, middle, bottom), ROW_SLICES):
                try:
                    arr = cards_among(row, [*named, *jokers_among(rows)], jokers=MAX_JOKERS)
                except ValueError as e:
                    raise ValueError(f"{name} row: {e}") from None
                if arr.shape != (hi - lo,):
                    got = f"shape {arr.shape}" if arr.ndim != 1 else f"{arr.size} cards"
                    raise ValueError(f"the {name} row has {hi - lo} cards, got {got}")
                rows.append(arr)
            codes = np.concatenate(rows)
        else:
            raise TypeError("Board takes 13 cards, or top, middle and bottom rows")
        if (codes >= DECK_SIZE + MAX_JOKERS).any() or np.unique(codes).size != BOARD_SIZE:
            _explain(codes.reshape(1, 13), 0, (), jokers=MAX_JOKERS)
        codes = codes.copy()
        codes.setflags(write=False)
        self._codes = codes
        self._jokers = bool((codes >= DECK_SIZE).any())

    @classmethod
    def parse(cls, text: str) -> Board:
        """A board from ``"top / middle / bottom"`` (``/`` or ``|``), or 13 cards in order."""
        fast = _core.board_codes(text) if type(text) is str else None   # plain text: read in C
        if fast is None:
            return cls(parse_boards(text, MAX_JOKERS))
        if cls is not Board:
            return cls(fast)
        board = object.__new__(Board)   # the codes are read and checked: __init__'s fast path, once
        board._cache = {}
        board._codes = fast
        board._jokers = False
        return board

    @property
    def codes(self) -> npt.NDArray[np.uint8]:
        """The 13 codes (read-only)."""
        return self._codes

    @property
    def top(self) -> npt.NDArray[np.uint8]:
        return self._codes[slice(*ROW_SLICES[0])]

    @property
    def middle(self) -> npt.NDArray[np.uint8]:
        return self._codes[slice(*ROW_SLICES[1])]

    @property
    def bottom(self) -> npt.NDArray[np.uint8]:
        return self._codes[slice(*ROW_SLICES[2])]

    def __str__(self) -> str:
        return board_text(self._codes)

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"

    def draw(self, kind: str = "text", rules: Rules | str = PINEAPPLE, *, symbols: bool = True) -> str:
        """A picture of the board: ``"text"`` (rows with suit symbols and royalties), ``"svg"``
        or ``"html"`` (cards, empty slots, royalties per row, a fouled board stamped
        ``FOULED``), its figures under ``rules`` (:mod:`ofc_fast.board.drawing`).
        ``str(board)`` stays the one-line ``'Qh Qd 2c / ...'``; notebooks show the SVG;
        ``symbols=False`` writes the text's suits as letters.

        >>> print(Board.parse("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d").draw())
        royalties 21
          top     Q♥ Q♦ 2♣        royalties 7
          middle  5♠ 6♠ 7♠ 8♠ 9♦  royalties 4
          bottom  K♣ K♦ K♥ K♠ 2♦  royalties 10
        >>> Board.parse("Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d").draw("svg").count("FOULED") > 0
        True
        """
        from . import drawing
        if not isinstance(kind, str) or kind not in drawing.KINDS:
            raise ValueError(f"kind must be one of {', '.join(drawing.KINDS)}; got {kind!r}")
        seat = drawing.Seat(self._codes.tolist(), royalties=self.royalties(rules), fouled=self.fouled(rules))
        if kind == "text":
            return drawing.text([seat], symbols=symbols)
        return drawing.svg([seat]) if kind == "svg" else drawing.html([seat])

    def _repr_svg_(self) -> str:
        """The SVG picture of :meth:`draw` for notebooks (pineapple royalties; a board with
        jokers as the default joker rules resolve it)."""
        return self.draw("svg", _picture_rules(self._jokers))

    def _repr_html_(self) -> str:
        return self.draw("html", _picture_rules(self._jokers))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and bool((self._codes == other._codes).all())

    def __hash__(self) -> int:
        return hash(self._codes.tobytes())

    # immutable: copies are the board itself, and pickling rebuilds it through
    # __init__ (checked, read-only codes; the cache of analyses is rebuilt on use)
    def __copy__(self) -> Board:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self

    def __reduce__(self) -> tuple[type[Board], tuple[list[int]]]:
        return (Board, (self._codes.tolist(),))

    def analyze(self, rules: Rules | str = PINEAPPLE, in_fantasyland: bool | int = False) -> Analysis:
        """:func:`analyze` of this board (scalars and 3-element arrays)."""
        return analyze(self._codes, rules, in_fantasyland=in_fantasyland)

    def _values(self, rules: Rules | str, in_fantasyland: bool = False) -> tuple[Any, ...]:
        """(fouled, values, royalties, fantasyland, stays), computed once per rules (cached)."""
        r = rules if type(rules) is Rules else get_rules(rules)
        key = (id(r), in_fantasyland)
        hit = self._cache.get(key)
        if hit is None or hit[0] is not r:
            if self._jokers:   # resolved (or refused) by analyze
                a = analyze(self._codes, r, in_fantasyland=in_fantasyland)
                values: tuple[Any, ...] = (bool(a.fouled), tuple(a.strength.tolist()), tuple(a.royalties.tolist()),
                                           int(a.fantasyland), bool(a.stays))
            else:
                values = _core.board_values(self._codes, r.tables, in_fantasyland)
            hit = self._cache[key] = (r, values)
        return hit[1]

    def strength(self, rules: Rules | str = PINEAPPLE) -> tuple[int, int, int]:
        """Row values (top, middle, bottom); a Low middle is its lowball27 rank."""
        v: tuple[int, int, int] = self._values(rules)[1]
        return v

    def royalties(self, rules: Rules | str = PINEAPPLE) -> tuple[int, int, int]:
        """Royalties of (top, middle, bottom); all 0 when fouled."""
        v: tuple[int, int, int] = self._values(rules)[2]
        return v

    def fouled(self, rules: Rules | str = PINEAPPLE) -> bool:
        """True when the rows are out of order (or a Low middle is dead)."""
        return bool(self._values(rules)[0])

    def fantasyland(self, rules: Rules | str = PINEAPPLE, in_fantasyland: bool | int = False) -> int:
        """Cards dealt next hand in Fantasyland (0 = none).

        ``in_fantasyland``: a bool, or with ``stay_cards_mode="current"`` rules
        the count the player is in Fantasyland with (see :func:`analyze`).
        """
        if type(in_fantasyland) is not bool:   # other flags: the general path checks them
            return int(self.analyze(rules, in_fantasyland).fantasyland)
        return int(self._values(rules, in_fantasyland)[3])

    def stays(self, rules: Rules | str = PINEAPPLE) -> bool:
        """True when, played from Fantasyland, this board stays in it."""
        return bool(self._values(rules)[4])

    def describe(self, rules: Rules | str = PINEAPPLE) -> tuple[str, str, str]:
        """Names of the three rows as high hands.  A board holding jokers takes the
        ``rules`` that deal them: each joker row is named as the hand the board's
        resolution makes of it (:func:`analyze`; a Low middle as its cards, each joker
        the card it became, :attr:`Analysis.jokers`).

        >>> jk = Rules(name="jokers", jokers=1)
        >>> Board("Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 2s").describe(jk)[0]
        'Pair of Kings, Ace kicker'
        """
        if not self._jokers:
            t, m, b = (describe(strength(self._codes[lo:hi].tolist())) for lo, hi in ROW_SLICES)
            return t, m, b
        r = get_rules(rules)
        if not r.jokers:
            raise ValueError(f"board {self}: it holds jokers, so describe() needs the rules that deal "
                             f"them (board.describe(rules)); {r.name} has none")
        a = self.analyze(r)
        names = [describe(int(v)) for v in a.strength.tolist()]
        if r.low:   # the middle's value is its 2-7 rank: named from its resolved cards
            mid = self._codes[slice(*ROW_SLICES[1])].copy()
            for k, j in enumerate(a.jokers.tolist()):
                mid[mid == DECK_SIZE + k] = j
            names[1] = describe(strength(mid.tolist()))
        return names[0], names[1], names[2]


# --- one board at C speed ------------------------------------------------------
# The public name: analyze of one board is answered in C by the door of _core
# (ofc_fast/_scalar.pxi); every other input goes on to the general function
# above (``analyze.__wrapped__``), which words the errors.
analyze = _core.analyze_door(analyze, Analysis, Board, Rules, PINEAPPLE, get_rules)
