"""Game histories: the one writer and the one reader of the JSON that
:meth:`Game.to_json <ofc_fast.Game.to_json>` and :meth:`VecEnv.to_json
<ofc_fast.rl.vecenv.VecEnv.to_json>` write and :meth:`Game.replay
<ofc_fast.Game.replay>` reads (internal: the public face is those methods).

A history is a JSON object: ``rules`` (a preset's name, or
:meth:`Rules.to_dict <ofc_fast.Rules.to_dict>` for any other rules),
``players``, ``seed``, the first hand's ``button`` and ``fantasyland`` (cards
per seat), and ``hands``: every action of every hand (a normal turn's action
code, a Fantasyland turn's board as 13 codes).  ``"match": false`` is written
only for independent hands (a Game with ``match=False``, a VecEnv episode of
one hand), so a match, the default, reads the same as the histories of 0.1.0.
``decks`` is written only for a hand not dealt from the seed's stream (a game
from :meth:`Game.determinize <ofc_fast.Game.determinize>`): ``{"hand": [deck]}``,
the hand's number as text and its whole deck in the order dealt.

:func:`read_history` checks the JSON's shape and reads the rules; the values
(seats, seed, button, Fantasyland counts, actions) are checked by the Game
that plays them back, as any Game's arguments and actions are.

The hand-history text format (docs/HISTORY.md: PHH-style, one hand a ``[id]``
section, one deal or placement a line, readable and writable by hand) lives here
too: :func:`write_histories`, :func:`read_histories` (a stream of
:class:`HandRecord`, every hand checked; ``Game.replay(record)`` gives the
engine's Game at its end) and :func:`records_from_json`, the importer of the JSON above.
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TextIO, overload

import numpy as np

from .. import _play
from .._checks import check_seed, is_int
from .._core import status_message
from ..board.boards import board_text
from ..board.rules import PRESETS, Rules, get_rules
from .dealing import next_button

__all__ = ["HandRecord", "History", "HistoryError", "Turn", "read_histories", "read_history",
           "records_from_json", "write_histories", "write_history"]

#: the keys every history has ("match" and "decks" are optional)
KEYS: Final = ("rules", "players", "seed", "button", "fantasyland", "hands")


@dataclasses.dataclass(frozen=True)
class History:
    """What a history holds: the setup of a game's first hand and every action since."""

    rules: Rules
    players: int
    seed: int
    button: int
    fantasyland: list[int]
    hands: list[list[Any]]
    match: bool = True
    #: hand number -> its deck in the order dealt, for the hands not dealt from the seed
    decks: dict[int, list[int]] = dataclasses.field(default_factory=dict)


def write_history(h: History) -> str:
    """The JSON text of a history (keys in the order of :data:`KEYS`, then ``match``)."""
    r = h.rules
    rules: Any = r.name if PRESETS.get(r.name) == r else r.to_dict()
    data: dict[str, Any] = {"rules": rules, "players": h.players, "seed": h.seed, "button": h.button,
                            "fantasyland": h.fantasyland, "hands": h.hands}
    if not h.match:
        data["match"] = False
    if h.decks:
        data["decks"] = {str(k): v for k, v in sorted(h.decks.items())}
    return json.dumps(data)


def read_history(history: str | bytes | Mapping[str, Any]) -> History:
    """The history of :func:`write_history`'s text (or its dict), its shape checked:
    ValueError (TypeError for neither text nor a mapping) naming what is wrong."""
    if isinstance(history, (str, bytes)):
        try:
            data = json.loads(history)
        except ValueError as e:
            raise ValueError(f"history is not JSON: {e}") from None
        except RecursionError:
            raise ValueError("history is not Game.to_json() text: its JSON nests too deeply") from None
    elif isinstance(history, Mapping):
        data = dict(history)
    else:
        raise TypeError(f"history is Game.to_json() text or its dict, got {type(history).__name__}")
    if not isinstance(data, dict):
        raise ValueError(f"history is a JSON object (Game.to_json()), got {_shown_json(data)}")
    missing = [k for k in KEYS if k not in data]
    if missing:
        raise ValueError(f"history lacks {', '.join(map(repr, missing))} (keys of Game.to_json())")
    hands = data["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise ValueError(f"history 'hands' is a list of lists of actions, got {_shown_json(hands)}")
    rules = data["rules"]
    if isinstance(rules, str):
        r = get_rules(rules)
    elif isinstance(rules, Mapping):
        try:
            r = Rules.from_dict(rules)
        except (TypeError, ValueError) as e:
            raise type(e)(f"history 'rules': {e}") from None
    else:
        raise ValueError(f"history 'rules' is a preset name or a dict of fields, got {_shown_json(rules)}")
    match = data.get("match", True)
    if not isinstance(match, bool):
        raise ValueError(f"history 'match' is true or false, got {_shown_json(match)}")
    decks = data.get("decks", {})
    if not isinstance(decks, dict) or not all(isinstance(k, str) and k.isdigit() and k.isascii()
                                              and isinstance(v, list) for k, v in decks.items()):
        raise ValueError(f"history 'decks' maps hand numbers (\"0\", \"1\", ...) to lists of card "
                         f"codes, got {_shown_json(decks)}")
    read = {int(k): v for k, v in decks.items()}
    late = [k for k in read if k >= len(hands)]
    if late:
        raise ValueError(f"history 'decks' has a deck for hand {min(late)}, but the history has "
                         f"{len(hands)} hand{'s' if len(hands) != 1 else ''}")
    return History(r, data["players"], data["seed"], data["button"], data["fantasyland"], hands, match,
                   read)


def _shown_json(x: Any) -> str:
    """A short view of a JSON value for an error message."""
    text = repr(x)
    return f"{type(x).__name__} {text if len(text) <= 60 else text[:57] + '...'}"


# --- the OFC hand-history text format (docs/HISTORY.md) ------------------------------------------

#: the variant code of an OFC hand in a PHH-style file
VARIANT: Final = "OFC"
#: the rows a placement names, in the order of a line ``top / middle / bottom``
ROW_NAMES: Final = ("top", "middle", "bottom")
#: metadata keys a hand may carry as they are (PHH's optional fields, and date/site), besides
#: any key starting with ``_`` (PHH's user-defined fields)
META_KEYS: Final = frozenset({"author", "event", "url", "address", "city", "region", "postal_code",
                              "country", "time", "time_zone", "day", "month", "year", "date", "site",
                              "table", "players", "currency", "level", "match", "hand"})
#: the keys of the game itself
GAME_KEYS: Final = ("variant", "rules", "seat_count", "button", "fantasyland", "starting_stacks",
                    "actions", "scores", "finishing_stacks")
_ROW_SIZES: Final = (3, 5, 5)


@dataclasses.dataclass(frozen=True)
class Turn:
    """One turn of a hand: the seat (0-based), its street (0 first; a Fantasyland turn is
    street 0), the cards dealt in the order dealt, the cards it put in each row this turn
    (``rows[0]`` top, ``[1]`` middle, ``[2]`` bottom) and its hidden discards (card codes)."""

    seat: int
    street: int
    dealt: tuple[int, ...]
    rows: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    discards: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class HandRecord:
    """One hand of an OFC hand-history file (:func:`read_histories`, :func:`write_histories`).

    ``button`` and the seats of ``turns`` are 0-based (the file's ``p1`` is seat 0);
    ``fantasyland``: cards each seat was dealt in Fantasyland (0: none); ``boards``: each
    seat's final board, 13 card codes (top, middle, bottom); ``scores``: net points;
    ``starting_stacks``/``finishing_stacks``: the match stacks (empty when not written);
    ``meta``: the other keys (PHH's ``event``, ``day``, ``players``, ``_site`` ...).
    """

    rules: Rules
    players: int
    button: int
    fantasyland: tuple[int, ...]
    turns: tuple[Turn, ...]
    boards: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    starting_stacks: tuple[int, ...] = ()
    finishing_stacks: tuple[int, ...] = ()
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)

    if not TYPE_CHECKING:
        def __getattr__(self, name):
            # a record of the fast reader holds its turns packed until they are asked for
            # (most readers want the boards and scores: 10 Turn objects cost more than the rest)
            if name == "turns":
                packed = self.__dict__.get("_packed")
                if packed is not None:
                    turns = _unpack(packed)
                    object.__setattr__(self, "turns", turns)
                    return turns
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __repr__(self) -> str:
        """A few lines: the rules, seats, button and turns, then each seat's final board and
        score (the turns, stacks and ``meta`` stay fields)."""
        fl = f", fantasyland={self.fantasyland}" if any(self.fantasyland) else ""
        head = (f"HandRecord(rules={self.rules.name!r}, players={self.players}, button={self.button}"
                f"{fl}, {len(self.turns)} turns)")
        return "\n".join([head, *(f"  seat {p}: {board_text(list(b))}  {s:+d}"
                                   for p, (b, s) in enumerate(zip(self.boards, self.scores)))])

    def deck(self) -> list[int]:
        """The hand's whole deck in the order dealt: the dealt cards, then the rest in code order.

        >>> import ofc_fast as ofc
        >>> g = ofc.Game("original", 2, seed=4); g.play_hand()
        >>> rec, = ofc.records_from_json(g.to_json()); d = rec.deck()
        >>> len(d), sorted(d) == list(range(52)), d[:5] == list(rec.turns[0].dealt)
        (52, True, True)
        """
        dealt = [c for t in self.turns for c in t.dealt]
        seen = set(dealt)
        return dealt + [c for c in range(52 + self.rules.jokers) if c not in seen]

    def history(self) -> dict[str, Any]:
        """This hand as a :meth:`Game.to_json <ofc_fast.Game.to_json>` history (a dict): one
        independent hand dealt from :meth:`deck`.

        >>> import ofc_fast as ofc
        >>> g = ofc.Game("pineapple", 3, seed=6); g.play_hand("heuristic")
        >>> rec, = ofc.records_from_json(g.to_json()); h = rec.history()
        >>> h["players"], len(h["hands"][0]), ofc.Game.replay(h).scores.tolist() == g.scores.tolist()
        (3, 15, True)
        """
        actions = [_action(self, t) for t in self.turns]
        rules: Any = self.rules.name if PRESETS.get(self.rules.name) == self.rules else self.rules.to_dict()
        return {"rules": rules, "players": self.players, "seed": 0, "button": self.button,
                "fantasyland": list(self.fantasyland), "hands": [actions], "match": False,
                "decks": {"0": self.deck()}}


def _action(rec: HandRecord, t: Turn) -> Any:
    """A turn as the engine's action: a Fantasyland board's 13 codes, else the action code (a
    base-4 digit per dealt card: 0 top, 1 middle, 2 bottom, 3 discard)."""
    if rec.fantasyland[t.seat]:
        return [c for row in t.rows for c in row]
    code = 0
    for i, c in enumerate(t.dealt):
        d = 0 if c in t.rows[0] else 1 if c in t.rows[1] else 2 if c in t.rows[2] else 3
        code |= d << (2 * i)
    return code


class HistoryError(ValueError):
    """A hand-history file that is malformed or describes an impossible hand; the message names
    the file, the hand, the line and, where one is at fault, the seat and the street."""


def _card_table(jokers: int) -> dict[str, int]:
    from ..hand.cards import card_str
    table = {card_str(c): c for c in range(52 + jokers)}
    table.update({k.lower(): v for k, v in list(table.items())})
    return table


_CARDS: Final = [_card_table(j) for j in range(3)]


def _text(codes: Sequence[int]) -> str:
    from ..hand.cards import card_str
    return card_str(list(codes)) if codes else "-"


@overload
def write_histories(hands: Iterable[Any], file: None = None, *, start: int = 1) -> str: ...
@overload
def write_histories(hands: Iterable[Any], file: str | os.PathLike[str] | TextIO, *, start: int = 1) -> None: ...


def write_histories(hands: Iterable[Any], file: Any = None, *, start: int = 1) -> str | None:
    """Write finished hands as OFC hand-history text (docs/HISTORY.md).

    ``hands``: :class:`~ofc_fast.Game` objects (every finished hand of each is written; a
    last hand with no turn played yet is left out, one played in part is an error) and
    :class:`HandRecord` objects (from :func:`read_histories`), in any mix.  ``file``: None
    returns the text; a path (``str``/``os.PathLike``) is written; a text file object is
    written to.  ``start``: the id of the first hand written (``[start]``, then one more a
    hand): a file written in several calls, each appending, numbers its hands on with
    ``start=`` one more than the hands already written (a reader refuses an id twice).

    >>> import ofc_fast as ofc
    >>> g = ofc.Game("pineapple", 2, seed=1); g.play_hand("heuristic")
    >>> print(ofc.write_histories([g]).splitlines()[:4])
    ['[1]', 'variant = "OFC"', 'rules = "pineapple"', 'seat_count = 2']
    >>> text = ofc.write_histories([g]) + ofc.write_histories([g], start=2)   # appended
    >>> [line for line in text.splitlines() if line.startswith("[")]
    ['[1]', '[2]']
    """
    if not is_int(start):
        raise TypeError(f"start must be an int (the first hand's id), got {type(start).__name__} {start!r}"[:200])
    start = int(start)
    if start < 1:
        raise ValueError(f"start must be at least 1 (the first hand's id), got {start}")
    out: list[str] = []
    n = start - 1
    for i, item in enumerate(hands):
        for rec in records_of(item, i):
            n += 1
            out.append(_format(rec, n))
    return put_text("".join(out), file)


def records_of(item: Any, i: int) -> list[HandRecord]:
    """The records of ``hands[i]`` for a writer: a HandRecord, or every hand of a Game."""
    if isinstance(item, HandRecord):
        return [item]
    to_json = getattr(item, "to_json", None)     # a Game (this module sits below the engine's class)
    if callable(to_json):
        return records_from_json(to_json())
    raise TypeError(f"hands holds Games and HandRecords, got {type(item).__name__} at hands[{i}]")


def put_text(text: str, file: str | os.PathLike[str] | TextIO | None) -> str | None:
    """What a writer made: returned (``file`` None), or written to a path or a text file."""
    if file is None:
        return text
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w", encoding="utf-8") as f:
            f.write(text)
    elif hasattr(file, "write"):
        file.write(text)
    else:
        raise TypeError(f"file must be None, a path or a text file, got {type(file).__name__}")
    return None


def records_from_json(history: str | bytes | Mapping[str, Any]) -> list[HandRecord]:
    """The hands of a :meth:`Game.to_json <ofc_fast.Game.to_json>` history as records (the
    importer of that JSON): every finished hand; a last hand with no turn played is left out
    (:meth:`Game.next_hand` begins one), one played in part raises ValueError.

    >>> import ofc_fast as ofc
    >>> g = ofc.Game("original", 3, seed=2); g.play_hand(); g.next_hand(); g.play_hand()
    >>> [r.meta["hand"] for r in ofc.records_from_json(g.to_json())]
    [1, 2]
    """
    h = read_history(history)
    r = h.rules
    r.check_players(h.players)
    check_seed(h.seed)
    if not is_int(h.button) or not 0 <= h.button < h.players:
        raise ValueError(f"history 'button' is a seat in 0..{h.players - 1}, got {_shown_json(h.button)}")
    if (not isinstance(h.fantasyland, list) or len(h.fantasyland) != h.players
            or not all(is_int(c) for c in h.fantasyland)):
        raise ValueError(f"history 'fantasyland' is a count a seat, got {_shown_json(h.fantasyland)}")
    hands = h.hands
    if hands and not hands[-1]:
        hands = hands[:-1]
    recs: list[HandRecord] = []
    button, fl = h.button, list(h.fantasyland)
    stacks = [r.match_points] * h.players
    for k, actions in enumerate(hands):
        if k:
            button = next_button(r, button, h.players, fl)
        try:
            state = _hand_state(r, h.players, button, fl, h.seed, k, h.decks.get(k))
        except ValueError as e:
            raise ValueError(f"history hand {k}: {e}") from None
        turns: list[Turn] = []
        for i, a in enumerate(actions):
            seat = int(state.turn)
            if seat < 0:
                raise ValueError(f"history hand {k}, action {i}: the hand is over")
            held = tuple(int(c) for c in state.held)
            street = int(state.street(seat))
            if fl[seat]:
                board = [int(c) for c in a] if isinstance(a, list) else []
                rows = (tuple(board[:3]), tuple(board[3:8]), tuple(board[8:]))
                disc = tuple(c for c in held if c not in board)
            else:
                code = int(a) if type(a) is int else -1
                digits = [(code >> (2 * j)) & 3 for j in range(len(held))]
                rows = (tuple(c for c, d in zip(held, digits) if d == 0),
                        tuple(c for c, d in zip(held, digits) if d == 1),
                        tuple(c for c, d in zip(held, digits) if d == 2))
                disc = tuple(c for c, d in zip(held, digits) if d == 3)
            try:
                _act(state, fl[seat], a)
            except ValueError as e:
                raise ValueError(f"history hand {k}, action {i}: seat {seat}: {e}") from None
            turns.append(Turn(seat, street, held, rows, disc))
        if state.turn >= 0:
            raise ValueError(f"history hand {k}: the hand is not over (seat {state.turn} is to act)")
        scores, _, _, nxt = state.result(r.tables)
        start = tuple(stacks)
        stacks = [a + int(b) for a, b in zip(stacks, scores)]
        meta: dict[str, Any] = {"hand": k + 1} if h.match else {}
        recs.append(HandRecord(r, h.players, button, tuple(fl), tuple(turns),
                               tuple(tuple(int(c) for c in b) for b in state.boards),
                               tuple(int(x) for x in scores),
                               start if h.match else (), tuple(stacks) if h.match else (), meta))
        fl = [int(c) for c in nxt]
    return recs


def _hand_state(r: Rules, players: int, button: int, fl: Sequence[int], seed: int, hand: int,
                deck: Sequence[int] | None) -> _play.HandState:
    """The engine's hand (the C state Game drives): stream ``hand`` of ``seed``, or ``deck``."""
    state = _play.HandState(r.tables, players, r.first_round, r.rounds, r.round_cards, r.round_play,
                            seed, hand, button, list(fl))
    if deck is not None:
        state.set_deck(np.array(deck, dtype=np.uint8))
    return state


def _act(state: _play.HandState, fantasyland: int, action: Any) -> None:
    """Play one turn in the engine: a code, or a Fantasyland board; ValueError when it refuses."""
    if fantasyland:
        err = state.set_board(np.array(action, dtype=np.uint8)) if isinstance(action, list) \
            and len(action) == 13 and all(type(c) is int and 0 <= c < 256 for c in action) else -1
    else:
        err = state.apply(action) if type(action) is int and 0 <= action < 4 ** _play.MAX_HELD else -1
    if err:
        raise ValueError(f"action {action!r}: " + (status_message(err) if err > 0 else "not an action"))


def _format(rec: HandRecord, n: int) -> str:
    r = rec.rules
    rules = json.dumps(r.name if PRESETS.get(r.name) == r else json.dumps(r.to_dict()))
    lines = [f"[{n}]", f'variant = "{VARIANT}"', f"rules = {rules}", f"seat_count = {rec.players}",
             f"button = {rec.button + 1}"]
    if any(rec.fantasyland):
        lines.append(f"fantasyland = {list(rec.fantasyland)}")
    for k, v in rec.meta.items():
        lines.append(f"{k} = {json.dumps(v)}")
    if rec.starting_stacks:
        lines.append(f"starting_stacks = {list(rec.starting_stacks)}")
    lines.append("actions = [")
    for t in rec.turns:
        p = f"p{t.seat + 1}"
        lines.append(f'  "d dh {p} {_text(t.dealt)}",')
        place = " / ".join(_text(row) for row in t.rows)
        lines.append(f'  "{p} pl {place}' + (f' x {_text(t.discards)}",' if t.discards else '",'))
    lines.append("]")
    lines.append(f"scores = {list(rec.scores)}")
    if rec.finishing_stacks:
        lines.append(f"finishing_stacks = {list(rec.finishing_stacks)}")
    return "\n".join(lines) + "\n\n"


def read_histories(file: str | os.PathLike[str] | TextIO, *, check: bool = True,
                   on_error: Callable[[HistoryError], Any] | None = None) -> Iterator[HandRecord]:
    """The hands of OFC hand-history text (docs/HISTORY.md), one :class:`HandRecord` a hand,
    read as a stream.

    ``file``: a path (``str`` naming an existing file, or ``os.PathLike``), a text file
    object, or the text itself (a ``str`` holding a newline).  Every hand is checked as it
    is read: its shape and its cards (a card dealt twice, a card placed that was not dealt,
    a row over its size, a seat acting out of turn), then, with ``check`` (the default),
    played again by the engine, its ``scores`` (and stacks) compared with the engine's.
    Anything wrong raises :class:`HistoryError` (a ValueError) naming the file, the hand,
    the line and, where one is at fault, the seat and the street.  ``on_error``: None (the
    default) raises; a callable is given each bad hand's :class:`HistoryError` instead, and
    the reading goes on from the next ``[id]`` header (``ofc-fast show --skip-bad`` names
    each hand it skips so); what it raises stops the reading.

    >>> import ofc_fast as ofc
    >>> g = ofc.Game("progressive", 3, seed=5); g.play_hand("greedy")
    >>> recs = list(ofc.read_histories(ofc.write_histories([g])))
    >>> len(recs), recs[0].scores == tuple(g.scores.tolist())
    (1, True)
    >>> ofc.Game.replay(recs[0]).boards.tolist() == g.boards.tolist()   # the Game at the hand's end
    True
    >>> good = ofc.write_histories([g]); bad = []
    >>> text = good.replace('variant = "OFC"', 'variant = "NLHE"') + good.replace("[1]", "[2]")
    >>> [r.scores == recs[0].scores for r in ofc.read_histories(text, on_error=bad.append)]
    [True]
    >>> print(bad[0])
    <text>: hand 1, line 2: variant is 'OFC', got 'NLHE'
    """
    if not isinstance(check, bool):
        raise TypeError(f"check must be True or False, got {type(check).__name__} {check!r}")
    if on_error is not None and not callable(on_error):
        raise TypeError(f"on_error must be None or a callable taking a HistoryError, got "
                        f"{type(on_error).__name__} {on_error!r}"[:200])
    name, lines = _open(file)
    return _stream(name, lines, check, on_error)


def _stream(name: str, lines: Any, check: bool,
            on_error: Callable[[HistoryError], Any] | None) -> Iterator[HandRecord]:
    prev: tuple[HandRecord, list[int]] | None = None
    try:
        for block in _blocks(name, lines, on_error is not None, check):
            if isinstance(block, HistoryError):
                assert on_error is not None
                on_error(block)
                prev = None           # the next hand follows none that was read
                continue
            g: list[int] | None = None
            try:
                if isinstance(block, _Read):      # read (and checked) by the fast path
                    rec, g = block.record, block.next_fantasyland
                    if check:
                        assert g is not None
                        if prev is not None:
                            _follows(name, block.hid, block.hline, prev, rec)
                        prev = (rec, g)
                else:
                    rec = _record(name, *block)
                    if check:
                        g = _check(name, block[0], block[2]["scores"][1], rec)
                        if prev is not None:
                            _follows(name, block[0], block[1], prev, rec)
                        prev = (rec, g)
            except HistoryError as e:
                if on_error is None:
                    raise
                on_error(e)
                # a hand that plays but does not follow its match's last one is still where the
                # next hand starts from
                prev = (rec, g) if g is not None else None
                continue
            yield rec
    finally:
        if hasattr(lines, "close"):
            lines.close()


def _open(file: Any) -> tuple[str, Any]:
    """The file's name and its pieces (:func:`_pieces`)."""
    if isinstance(file, os.PathLike) or (isinstance(file, str) and "\n" not in file and file):
        path = os.fspath(file)
        try:
            f = open(path, encoding="utf-8")
        except OSError as e:
            raise HistoryError(f"{path}: cannot be read: {e.strerror}") from None
        return str(path), _Pieces(_chunk_pieces(iter(lambda: f.read(1 << 16), ""), _file_lines), f)
    if isinstance(file, str):
        return "<text>", _Pieces(_chunk_pieces(iter((file,)), str.splitlines), None)
    if hasattr(file, "read"):
        return str(getattr(file, "name", "<file>")), _Pieces(_line_pieces(iter(file)), None)
    raise TypeError(f"file must be a path, a text file or the text, got {type(file).__name__}")


# A piece of a file: its text from a line starting with "[" (a hand's header, as a rule) up to
# the next such line, and a function giving its lines as the reader of that input splits them
# (str.splitlines for text, at "\n" for a file).  A hand in the writer's layout is one piece,
# read whole by the fast path (:func:`_fast`); any other piece is read line by line.
_Piece = tuple[str, Callable[[str], list[str]]]


class _Pieces:
    """The pieces of a file, and the file to close once read (None: the caller's)."""

    def __init__(self, pieces: Iterator[_Piece], file: TextIO | None) -> None:
        self.pieces, self.file = pieces, file

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def _file_lines(text: str) -> list[str]:
    """The lines of a piece of a file as iterating the file gives them (split at newlines)."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _chunk_pieces(chunks: Iterator[str], split: Callable[[str], list[str]]) -> Iterator[_Piece]:
    """The pieces of text read in chunks, cut where a line starts with "[" (after a newline,
    where both ways of splitting lines end one)."""
    rest = ""
    for chunk in chunks:
        rest += chunk
        cut = rest.rfind("\n[")
        if cut < 0:
            continue
        parts = rest[:cut].split("\n[")
        rest = rest[cut + 1:]
        yield parts[0] + "\n", split
        for part in parts[1:]:
            yield "[" + part + "\n", split
    if rest:
        yield rest, split


def _line_pieces(lines: Iterator[str]) -> Iterator[_Piece]:
    """The pieces of a file object's lines (each piece keeps its own lines)."""
    piece: list[str] = []
    for line in lines:
        if line[:1] == "[" and piece:
            text = "".join(piece)
            yield text, _kept(piece)
            piece = []
        piece.append(line)
    if piece:
        yield "".join(piece), _kept(piece)


def _kept(lines: list[str]) -> Callable[[str], list[str]]:
    return lambda _text: lines


_Block = tuple[str, int, dict[str, tuple[Any, int]]]


def _with_next(pieces: Iterator[_Piece]) -> Iterator[tuple[_Piece, _Piece | None]]:
    """Each piece with the one after it (None after the last)."""
    prev: _Piece | None = None
    for piece in pieces:
        if prev is not None:
            yield prev, piece
        prev = piece
    if prev is not None:
        yield prev, None


_FIRST_LINE: Final = re.compile("[^\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]*")


def _opens_hand(text: str, split: Callable[[str], list[str]]) -> bool:
    """Whether a piece's first line, as its input splits lines, is a header ([id]) for the line
    reader."""
    if split is str.splitlines:
        m = _FIRST_LINE.match(text)
        first = m.group() if m else ""
    else:
        first = text.split("\n", 1)[0]
    first = first.strip()
    return first.startswith("[") and first.endswith("]")




def _blocks(name: str, pieces: _Pieces, resume: bool = False,
            check: bool = True) -> Iterator[_Block | _Read | HistoryError]:
    """Each hand's header id, header line and ``key -> (value, line)`` (actions: a list of
    (text, line)), or a hand the fast path read (:class:`_Read`).  ``resume``: a malformed hand
    is yielded as its HistoryError, and the lines up to the next ``[id]`` header are passed over
    (else the error is raised).  ``check``: the fast path also plays its hands again."""
    cur: dict[str, tuple[Any, int]] | None = None
    hid, hline = "", 0
    ids: set[str] = set()
    acts: list[tuple[str, int]] | None = None
    skipping = False
    n = 0
    for (text, split), after in _with_next(pieces.pieces):
        if acts is None and text[:1] == "[" and (after is None or _opens_hand(*after)):
            # between hands, at a header: a hand in the writer's layout is read whole (when the
            # next piece opens a hand for the line reader too: a line such as "[" would be
            # that reader's error inside this hand)
            read = _fast(text, check, ids, n + 1)
            if read is not None:
                if cur is not None:
                    yield hid, hline, cur
                cur, skipping = None, False
                ids.add(read.hid)
                n += text.count("\n") + (not text.endswith("\n"))
                yield read
                continue
        for raw in split(text):
            n += 1
            line = raw.strip()
            if skipping:
                if not (line.startswith("[") and line.endswith("]")):
                    continue
                skipping = False
            try:
                if acts is not None:
                    if line == "]":
                        acts = None
                        continue
                    if not line or line.startswith("#"):
                        continue
                    # the writer's plain line, "...", read without the JSON decoder (most of a file)
                    s = (line[1:-2] if line.endswith('",') and line[0] == '"' and line.count('"') == 2
                         and "\\" not in line else _value(line, trailing=","))
                    if not isinstance(s, str):
                        raise HistoryError(f"{name}: hand {hid}, line {n}: an action is a quoted string "
                                           f"(\"d dh p1 Ah Kd ...\"), got {line!r}")
                    acts.append((s, n))
                    continue
                if not line or line.startswith("#"):
                    continue
                if line.startswith("[") and line.endswith("]"):
                    if cur is not None:
                        yield hid, hline, cur
                    hid, hline, cur = line[1:-1].strip(), n, {}
                    if not hid or hid in ids:
                        raise HistoryError(f"{name}: line {n}: a hand's header is [id] with an id of its "
                                           f"own, got {line!r}" + (" (a second time)" if hid else ""))
                    ids.add(hid)
                    continue
                key, eq, value = line.partition("=")
                key, value = key.strip(), value.strip()
                if not eq or not key:
                    raise HistoryError(f"{name}: line {n}: expected [id] or key = value, got {line!r}")
                if cur is None:
                    raise HistoryError(f"{name}: line {n}: {key!r} comes before the first hand's [id] header")
                if key in cur:
                    raise HistoryError(f"{name}: hand {hid}, line {n}: {key!r} is given twice "
                                       f"(first on line {cur[key][1]})")
                if key == "actions" and value == "[":
                    acts = []
                    cur[key] = (acts, n)
                    continue
                v = _value(value)
                if v is _BAD:
                    raise HistoryError(f"{name}: hand {hid}, line {n}: the value of {key!r} is not a "
                                       f"string, number or list: {value!r}")
                if key == "actions":
                    if not isinstance(v, list) or not all(isinstance(a, str) for a in v):
                        raise HistoryError(f"{name}: hand {hid}, line {n}: 'actions' is a list of strings")
                    v = [(a, n) for a in v]
                cur[key] = (v, n)
            except HistoryError as e:
                if not resume:
                    raise
                yield e
                cur, acts, skipping = None, None, True
    if acts is not None:
        cut = HistoryError(f"{name}: hand {hid}, line {n}: the file ends inside 'actions' (no closing ])")
        if not resume:
            raise cut
        yield cut
    elif cur is not None:
        yield hid, hline, cur


_BAD: Final = object()


def _value(text: str, trailing: str = "") -> Any:
    """The JSON (and TOML) value of ``text``, after a ``# comment`` and the ``trailing``
    character (an array item's comma) are taken off; :data:`_BAD` for none."""
    cuts = itertools.chain((len(text),), (i for i, ch in enumerate(text) if ch == "#"))
    for cut in cuts:
        t = text[:cut].rstrip()
        if trailing and t.endswith(trailing):
            t = t[:-1].rstrip()
        try:
            return json.loads(t)
        except ValueError:
            continue
    return _BAD


def _record(name: str, hid: str, hline: int, d: dict[str, tuple[Any, int]]) -> HandRecord:
    def err(msg: str, line: int = hline) -> HistoryError:
        return HistoryError(f"{name}: hand {hid}, line {line}: {msg}")

    for k in ("variant", "rules", "seat_count", "button", "actions", "scores"):
        if k not in d:
            raise err(f"the hand has no {k!r}")
    odd = [k for k in d if k not in GAME_KEYS and k not in META_KEYS and not k.startswith("_")]
    if odd:
        raise err(f"unknown key {odd[0]!r} (a field of docs/HISTORY.md, or _name for your own)", d[odd[0]][1])
    variant, vl = d["variant"]
    if variant != VARIANT:
        raise err(f"variant is {VARIANT!r}, got {variant!r}", vl)
    rv, rl = d["rules"]
    try:
        if not isinstance(rv, str):
            raise ValueError(f"a preset's name or a rules dict as JSON text, got {rv!r}")
        rules = Rules.from_dict(json.loads(rv)) if rv.lstrip().startswith("{") else get_rules(rv)
    except (TypeError, ValueError) as e:
        raise err(f"rules: {e}", rl) from None
    players, pl = d["seat_count"]
    if type(players) is not int or not rules.min_players <= players <= rules.max_players:
        raise err(f"seat_count is {rules.min_players}..{rules.max_players} for {rules.name}, got {players!r}", pl)
    button, bl = d["button"]
    if type(button) is not int or not 1 <= button <= players:
        raise err(f"button is a seat 1..{players}, got {button!r}", bl)

    def ints(key: str, default: list[int] | None) -> tuple[int, ...]:
        if key not in d:
            return tuple(default) if default is not None else ()
        v, line = d[key]
        if not isinstance(v, list) or len(v) != players or not all(type(x) is int for x in v):
            raise err(f"{key} is a list of {players} integers, one a seat, got {v!r}", line)
        return tuple(v)

    fl = ints("fantasyland", [0] * players)
    for s, f in enumerate(fl):
        if f and f not in rules.fantasyland_deals:
            raise err(f"fantasyland: seat p{s + 1} gets {f} cards; the rules deal "
                      f"{sorted(rules.fantasyland_deals)} (or 0)", d["fantasyland"][1])
    scores = ints("scores", None)
    start, finish = ints("starting_stacks", []), ints("finishing_stacks", [])
    if finish and not start:
        raise err("finishing_stacks without starting_stacks", d["finishing_stacks"][1])
    table = _CARDS[rules.jokers]
    b0 = button - 1
    order = [(b0 + i) % players for i in range(1, players + 1)]
    schedule = [(p, 0) for p in order if fl[p]] + [(p, s) for s in range(rules.rounds + 1)
                                                   for p in order if not fl[p]]
    acts: list[tuple[str, int]] = d["actions"][0]
    boards: list[list[list[int]]] = [[[], [], []] for _ in range(players)]
    seen: dict[int, tuple[int, int]] = {}
    turns: list[Turn] = []
    names = [f"p{p + 1}" for p in range(players)]
    i, nacts = 0, len(acts)
    for seat, street in schedule:
        # the common case runs without building a message: each is made only to be raised
        pname = names[seat]
        where = f"seat {pname}, street {street}"
        if i + 1 >= nacts:
            line = acts[-1][1] if acts else d["actions"][1]
            raise err(f"the actions stop before {where}'s turn (the hand is not over)", line)
        (deal, dline), (place, line) = acts[i], acts[i + 1]
        i += 2
        tok = deal.split()
        if len(tok) < 3 or tok[0] != "d" or tok[1] != "dh":
            raise err(f"{where}: expected the deal \"d dh {pname} <cards>\", got {deal!r}", dline)
        if tok[2] != pname:
            raise err(f"{where}: the deal goes to {tok[2]} out of turn ({pname} is to act), in {deal!r}", dline)
        try:
            dealt = [table[t] for t in tok[3:]]
        except KeyError:
            dealt = _cards(tok[3:], table, lambda m: err(f"{where}: {m}", dline))
        want = fl[seat] or (rules.first_round if street == 0 else rules.round_cards)
        if len(dealt) != want:
            raise err(f"{where}: {len(dealt)} cards dealt, the rules deal {want} on this turn", dline)
        for c in dealt:
            if c in seen:
                s0, t0 = seen[c]
                raise err(f"{where}: {_text([c])} is dealt a second time (first seat p{s0 + 1}, street {t0})",
                          dline)
            seen[c] = (seat, street)
        ptok = place.split()
        if len(ptok) < 2 or ptok[1] != "pl" or ptok[0][:1] != "p":
            raise err(f"{where}: expected the placement \"{pname} pl <top> / <middle> / <bottom>"
                      f" [x <discards>]\", got {place!r}", line)
        if ptok[0] != pname:
            raise err(f"{where}: {ptok[0]} acts out of turn ({pname} is to act), in {place!r}", line)
        body = ptok[2:]
        disc_t: list[str] = []
        if "x" in body:
            xi = body.index("x")
            body, disc_t = body[:xi], body[xi + 1:]
        groups: list[list[str]] = [[]]
        for t in body:
            if t == "/":
                groups.append([])
            elif t != "-":
                groups[-1].append(t)
        if len(groups) != 3:
            raise err(f"{where}: a placement names 3 rows split by ' / ' (- for none), got {place!r}", line)
        try:
            rows = [[table[t] for t in g] for g in groups]
            disc = [table[t] for t in disc_t]
        except KeyError:
            def bad_card(m: str) -> HistoryError:
                return err(f"{where}: {m}", line)
            rows = [_cards(g, table, bad_card) for g in groups]
            disc = _cards(disc_t, table, bad_card)
        used = rows[0] + rows[1] + rows[2] + disc
        dset, uset = set(dealt), set(used)
        if not uset <= dset:
            c = next(c for c in used if c not in dset)
            raise err(f"{where}: {_text([c])} is placed but was not dealt on this turn (dealt {_text(dealt)})",
                      line)
        if len(uset) != len(used):
            raise err(f"{where}: a card is placed twice in {place!r}", line)
        if len(used) != len(dealt):
            missing = [c for c in dealt if c not in uset]
            raise err(f"{where}: {_text(missing)} dealt but neither placed nor discarded (x)", line)
        placed = len(used) - len(disc)
        need = 13 if fl[seat] else rules.first_round if street == 0 else rules.round_play
        if placed != need:
            raise err(f"{where}: {placed} cards placed, the rules place {need} on this turn", line)
        board = boards[seat]
        for r in range(3):
            row = rows[r]
            if len(board[r]) + len(row) > _ROW_SIZES[r]:
                raise err(f"{where}: the {ROW_NAMES[r]} row would hold {len(board[r]) + len(row)} cards, "
                          f"more than its {_ROW_SIZES[r]}", line)
            # the engine fills a row in the order the cards were dealt (a Fantasyland board as written)
            if len(row) > 1 and not fl[seat]:
                row = rows[r] = [c for c in dealt if c in row]
            board[r] += row
        turns.append(Turn(seat, street, tuple(dealt), (tuple(rows[0]), tuple(rows[1]), tuple(rows[2])),
                          tuple(disc)))
    if i < len(acts):
        raise err(f"an action after the hand is over: {acts[i][0]!r}", acts[i][1])
    meta = {k: v for k, (v, _) in d.items() if k not in GAME_KEYS}
    return HandRecord(rules, players, b0, fl, tuple(turns),
                      tuple(tuple(b[0] + b[1] + b[2]) for b in boards), scores, start, finish, meta)


# --- the fast path of the reader: a hand in the writer's own layout, read whole -------------------
# A piece that matches _HEAD, then action lines the C reader (csrc/play/ofc_history.c) takes, then
# _TAIL, is read in one go; every check of _record and _check is made (the C reader refuses what
# _record would), and anything it does not take is read by the line reader above, which names the
# fault.  No character of a read piece splits a line but "\n", so its lines are the same however
# the input splits them.  tests/test_play_histories_fast.py compares the two readers.
_NL: Final = "\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029"      # what str.splitlines ends a line at
_INT: Final = r"-?(?:0|[1-9][0-9]*)"
_INTS: Final = rf"\[(?:{_INT}(?:, {_INT})*)?\]"
_HEAD: Final = re.compile(
    rf'\[([0-9A-Za-z_.-]+)\]\nvariant = "OFC"\nrules = ("(?:[^"\\{_NL}]|\\[^{_NL}])*")\n'
    rf'seat_count = ([1-9])\nbutton = ([1-9])\n(?:fantasyland = ({_INTS})\n)?'
    rf'((?:(?!starting_stacks = |actions = )[a-z_][a-z0-9_]* = [^{_NL}]*\n)*)'
    rf'(?:starting_stacks = ({_INTS})\n)?actions = \[\n')
_TAIL: Final = re.compile(rf'\]\nscores = ({_INTS})\n(?:finishing_stacks = ({_INTS})\n)?\n*')


class _Read(tuple):  # type: ignore[type-arg]
    """A hand the fast path read: its id, its header's line, its record and (checked) the
    Fantasyland counts of the next hand."""

    __slots__ = ()

    hid = property(lambda self: self[0])
    hline = property(lambda self: self[1])
    record = property(lambda self: self[2])
    next_fantasyland = property(lambda self: self[3])


# rules text (a name or a rules dict's JSON, as written) -> what the fast path reads of them
_FAST_RULES: dict[str, tuple[Any, ...]] = {}


def _fast_rules(raw: str) -> tuple[Any, ...] | None:
    got = _FAST_RULES.get(raw)
    if got is None:
        try:
            rv = json.loads(raw)
            r = Rules.from_dict(json.loads(rv)) if rv.lstrip().startswith("{") else get_rules(rv)
        except (TypeError, ValueError, AttributeError, RecursionError):
            return None
        got = (r, r.tables, r.fantasyland_deals, r.min_players, r.max_players, r.first_round, r.rounds,
               r.round_cards, r.round_play)
        if len(_FAST_RULES) < 256:
            _FAST_RULES[raw] = got
    return got


def _ints(text: str | None) -> tuple[int, ...]:
    return tuple(map(int, text[1:-1].split(", "))) if text and len(text) > 2 else ()


def _fast(text: str, check: bool, ids: set[str], hline: int) -> _Read | None:
    """A piece read by the fast path, or None: the line reader reads it."""
    m = _HEAD.match(text)
    if m is None:
        return None
    hid, rules_text, seats, button, fl_text, meta_text, start_text = m.groups()
    b = text.find("\n]\n", m.end() - 1)
    if b < 0 or hid in ids:
        return None
    t = _TAIL.fullmatch(text, b + 1)
    if t is None:
        return None
    got = _fast_rules(rules_text)
    if got is None:
        return None
    rules, tables, deals, lo, hi, first_round, rounds, round_cards, round_play = got
    players, b0 = int(seats), int(button) - 1
    if not lo <= players <= hi or b0 >= players:
        return None
    fl = _ints(fl_text) if fl_text else (0,) * players
    scores, start, finish = _ints(t[1]), _ints(start_text), _ints(t[2])
    if (len(fl) != players or len(scores) != players or (fl_text and any(f and f not in deals for f in fl))
            or (start_text and len(start) != players) or (t[2] and (len(finish) != players or not start_text))):
        return None
    meta: dict[str, Any] = {}
    if meta_text:
        for line in meta_text[:-1].split("\n"):
            key, _, value = line.partition("=")
            key = key.strip()
            if key in meta or key in GAME_KEYS or (key not in META_KEYS and key[0] != "_"):
                return None
            try:
                meta[key] = json.loads(value)
            except ValueError:
                return None
    acts = text[m.end():b + 1]
    if not acts.isascii():      # the C reader takes letters, digits, spaces, quotes and / - , only
        return None
    read = _play.read_history_hand(acts, tables, players, first_round, rounds, round_cards, round_play, b0, fl,
                                   scores if check else None)
    if read is None:
        return None
    packed, boards, nxt = read
    if check and start and finish and tuple(a + c for a, c in zip(start, scores)) != finish:
        return None
    rec = HandRecord.__new__(HandRecord)
    rec.__dict__.update(rules=rules, players=players, button=b0, fantasyland=fl, _packed=packed, boards=boards,
                        scores=scores, starting_stacks=start, finishing_stacks=finish, meta=meta)
    return _Read((hid, hline, rec, nxt))


def _unpack(packed: bytes) -> tuple[Turn, ...]:
    """The turns of a hand the fast path read (csrc/ofc_play.h, ofc_history_read)."""
    turns: list[Turn] = []
    i, n = 0, len(packed)
    while i < n:
        seat, street, k = packed[i], packed[i + 1], packed[i + 2]
        i += 3
        dealt = tuple(packed[i:i + k])
        i += k
        rows = []
        for _ in range(3):
            k = packed[i]
            rows.append(tuple(packed[i + 1:i + 1 + k]))
            i += 1 + k
        k = packed[i]
        disc = tuple(packed[i + 1:i + 1 + k])
        i += 1 + k
        turns.append(Turn(seat, street, dealt, (rows[0], rows[1], rows[2]), disc))
    return tuple(turns)


def _cards(tokens: Sequence[str], table: Mapping[str, int], err: Any) -> list[int]:
    out: list[int] = []
    for t in tokens:
        c = table.get(t)
        if c is None:
            c = table.get(t.lower())
        if c is None:
            raise err(f"unknown card {t!r} (cards are written as Ah Td 2c, jokers X1 X2)")
        out.append(c)
    return out


def _follows(name: str, hid: str, hline: int, prev: tuple[HandRecord, list[int]], rec: HandRecord) -> None:
    """A hand that follows the one before it in its match (its ``hand`` one more, the same
    ``match``, rules and seats) starts where that hand left the match: the button, the
    Fantasyland and the stacks the engine gives after it."""
    last, nxt = prev
    k, j = rec.meta.get("hand"), last.meta.get("hand")
    if (type(k) is not int or type(j) is not int or k != j + 1 or rec.meta.get("match") != last.meta.get("match")
            or rec.rules != last.rules or rec.players != last.players):
        return
    button = next_button(rec.rules, last.button, rec.players, nxt)
    for what, got, want in (("button", rec.button + 1, button + 1),
                            ("fantasyland", list(rec.fantasyland), nxt),
                            ("starting_stacks", list(rec.starting_stacks), list(last.finishing_stacks))):
        if got != want and (what != "starting_stacks" or (got and want)):
            raise HistoryError(f"{name}: hand {hid}, line {hline}: hand {k} of its match follows hand {j}, "
                               f"so its {what} is {want}, but the file says {got}")


def _check(name: str, hid: str, hline: int, rec: HandRecord) -> list[int]:
    """Play the hand again in the engine and compare its results with the file's (``hline``:
    the line of its scores); the Fantasyland counts of the next hand."""
    try:
        state = _hand_state(rec.rules, rec.players, rec.button, rec.fantasyland, 0, 0, rec.deck())
        for t in rec.turns:
            _act(state, rec.fantasyland[t.seat], _action(rec, t))
    except ValueError as e:
        raise HistoryError(f"{name}: hand {hid}, line {hline}: the engine refuses the hand: {e}") from None
    scores, _, _, nxt = state.result(rec.rules.tables)
    got = tuple(int(s) for s in scores)
    if got != rec.scores:
        raise HistoryError(f"{name}: hand {hid}, line {hline}: scores {list(rec.scores)} do not match "
                           f"the boards, which score {list(got)}")
    if rec.starting_stacks and rec.finishing_stacks:
        want = tuple(a + b for a, b in zip(rec.starting_stacks, got))
        if want != rec.finishing_stacks:
            raise HistoryError(f"{name}: hand {hid}, line {hline}: finishing_stacks "
                               f"{list(rec.finishing_stacks)} are not starting_stacks plus the scores "
                               f"({list(want)})")
    return [int(c) for c in nxt]
