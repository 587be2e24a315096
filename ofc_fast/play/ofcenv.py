"""The site hand-history JSON that suren-tamrazyan/ofcenv reads for curriculum learning: its
writer (:func:`write_ofcenv_json`) and its reader (:func:`read_ofcenv_json`), in terms of the
history module's :class:`~ofc_fast.HandRecord` (docs/HISTORY.md, "Other formats").

What is known of the format comes from the public programs that read it (ofcenv's
``v2/hh_parser.py``, and a Java OFC solver's ``PlayerHh``/``Estimator``, which read the same
keys): JSON objects one after another (ofcenv splits them at ``}`` then ``{``; the Java reader
at a line holding only ``}``), each ``{"joined": ..., "rules": "classic", "handData": {id:
[player, ...]}}``; a player has ``playerName`` (``playerId`` for the Java reader), ``hero``,
``inFantasy``, ``orderIndex``, ``rows`` (``"top/middle/bottom"``, cards split by spaces) and
``dead`` (the discards), each card written as its text and the round it was placed in
(``As0``: round 0 the first 5 cards, rounds 1-4 the Pineapple streets).  The file holds no
scores, no button and no order of the cards dealt; what the reader assumes is said below.
"""
from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, Literal, TextIO, overload

from .._checks import is_int
from ..board.rules import PRESETS, Rules, get_rules
from ..hand.cards import card, card_str
from .history import HandRecord, HistoryError, Turn, put_text, records_from_json, records_of

__all__ = ["read_ofcenv_json", "write_ofcenv_json"]

#: the site's rules strings this module knows, and the preset each is (the Java reader maps
#: "classic" to its regular Pineapple; its progressive and joker strings have no known preset)
SITE_RULES: Final = {"classic": "pineapple"}
_ROW_SIZES: Final = (3, 5, 5)
_ROW_NAMES: Final = ("top", "middle", "bottom")
# what ofcenv splits a file at: one object's closing brace, then the next one's opening
_NEXT: Final = re.compile(r"}\s*{")
# what the reader drops before reading: ofcenv drops SUB and NUL (some of the site's files hold
# them), and a byte-order mark
_JUNK: Final = "\x1a\x00\ufeff"


def _pineapple_shape(r: Rules) -> bool:
    """Rules the format can hold: 5 cards, then 4 streets of 3 dealt and 2 placed, no jokers."""
    return (r.first_round, r.rounds, r.round_cards, r.round_play, r.jokers) == (5, 4, 3, 2, 0)


@overload
def write_ofcenv_json(hands: Iterable[Any], file: None = None, *, hero: int | None = None,
                      names: Sequence[str] | None = None, start: int = 1) -> str: ...
@overload
def write_ofcenv_json(hands: Iterable[Any], file: str | os.PathLike[str] | TextIO, *,
                      hero: int | None = None, names: Sequence[str] | None = None,
                      start: int = 1) -> None: ...


def write_ofcenv_json(hands: Iterable[Any], file: Any = None, *, hero: int | None = None,
                      names: Sequence[str] | None = None, start: int = 1) -> str | None:
    """Write finished hands as the site JSON that ofcenv (suren-tamrazyan/ofcenv) reads.

    ``hands``: :class:`~ofc_fast.Game` objects (their finished hands) and
    :class:`~ofc_fast.HandRecord` objects, in any mix; the format holds heads-up and 3-max
    Pineapple (the ``pineapple`` preset, written ``"rules": "classic"``) with no Fantasyland
    seat, and anything else raises ValueError naming the hand and why.  Each hand is one JSON
    object (indented, its closing brace alone on a line, as both known readers split files),
    its id the key of ``handData``: ``start``, then one more a hand.  A player's
    ``orderIndex`` is its place in the order of play counted from the button (the button 0,
    the seat after it 1, ...), as the readers of the format take it.  ``hero``: the seat
    marked ``"hero"`` (the site's user: ofcenv learns from its moves); None: a record's
    ``meta["_hero"]`` (a hand read by :func:`read_ofcenv_json`), else seat 0.  ``names``:
    the players' names a seat (``playerName`` and ``playerId``); None: a record's
    ``meta["players"]``, else ``p1``, ``p2``, ...  ``file``: None returns the text; a path is
    written; a text file object is written to.

    >>> import ofc_fast as ofc
    >>> g = ofc.Game("pineapple", 2, seed=1); g.play_hand("heuristic")
    >>> text = ofc.write_ofcenv_json([g])
    >>> import json; hand = json.loads(text)
    >>> hand["rules"], g.button, [(p["playerName"], p["orderIndex"], p["hero"]) for p in hand["handData"]["1"]]
    ('classic', 1, [('p2', 0, False), ('p1', 1, True)])
    >>> hand["handData"]["1"][1]["rows"], hand["handData"]["1"][1]["dead"]
    ('4c0 2h2 9c4/4s1 Kd1 2s2 Ks3 Js4/7s0 8h0 7d0 8s0 8c3', '6s1 Qc2 6c3 Jc4')
    """
    if hero is not None and (not is_int(hero) or isinstance(hero, bool)):
        raise TypeError(f"hero must be a seat (an int) or None, got {type(hero).__name__} {hero!r}"[:200])
    if names is not None and (isinstance(names, str) or not isinstance(names, Sequence)
                              or not all(isinstance(n, str) for n in names)):
        raise TypeError(f"names must be a list of strings, one a seat, got {type(names).__name__} "
                        f"{names!r}"[:200])
    if not is_int(start) or isinstance(start, bool):
        raise TypeError(f"start must be an int (the first hand's id), got {type(start).__name__} {start!r}"[:200])
    if start < 1:
        raise ValueError(f"start must be at least 1 (the first hand's id), got {start}")
    out: list[str] = []
    n = int(start) - 1
    for i, item in enumerate(hands):
        for rec in records_of(item, i):
            n += 1
            out.append(_hand_json(rec, str(n), f"hands[{i}] (hand {n})", hero, names))
    return put_text("".join(out), file)


def _hand_json(rec: HandRecord, hid: str, where: str, hero: int | None, names: Sequence[str] | None) -> str:
    """One hand as the site's JSON object, or ValueError naming ``where`` and what the format
    cannot hold."""
    r, p = rec.rules, rec.players
    if not _pineapple_shape(r):
        raise ValueError(f"{where}: the ofcenv format holds Pineapple without jokers (5 cards, then 3 "
                         f"dealt and 2 placed a street), not the rules {r.name!r}")
    # the rules that count, not their name: a copy of the preset under another name is written too
    site = next((k for k, v in SITE_RULES.items() if dataclasses.replace(r, name=v) == PRESETS[v]), None)
    if site is None:
        raise ValueError(f"{where}: the ofcenv format names only the pineapple preset (\"classic\"); "
                         f"the rules {r.name!r} have no known name on the site")
    if any(rec.fantasyland):
        seat = next(s for s, f in enumerate(rec.fantasyland) if f)
        raise ValueError(f"{where}: seat {seat} plays Fantasyland ({rec.fantasyland[seat]} cards), which "
                         f"the ofcenv format does not hold")
    h = hero if hero is not None else rec.meta.get("_hero") if is_int(rec.meta.get("_hero")) else 0
    if not is_int(h) or not 0 <= h < p:
        raise ValueError(f"{where}: hero is a seat 0..{p - 1}, got {h!r}")
    who = list(names) if names is not None else rec.meta.get("players")
    if not (isinstance(who, list) and len(who) == p and all(isinstance(x, str) for x in who)):
        if names is not None:
            raise ValueError(f"{where}: names holds {len(names)} names, the hand has {p} seats")
        who = [f"p{s + 1}" for s in range(p)]
    street: dict[int, int] = {}
    dead: list[list[int]] = [[] for _ in range(p)]
    for t in rec.turns:
        for c in (*t.rows[0], *t.rows[1], *t.rows[2], *t.discards):
            street[c] = t.street
        dead[t.seat] += t.discards

    def text(codes: Sequence[int]) -> str:
        return " ".join(f"{card_str(c)}{street[c]}" for c in codes)

    players = []
    for k in range(p):      # in the order of play: the button last, orderIndex 0
        s = (rec.button + k) % p
        b = rec.boards[s]
        players.append({"playerName": who[s], "playerId": who[s], "hero": s == h, "inFantasy": False,
                        "orderIndex": k, "rows": "/".join(text(b[a:z]) for a, z in ((0, 3), (3, 8), (8, 13))),
                        "dead": text(dead[s])})
    return json.dumps({"joined": True, "rules": site, "appName": "ofc_fast", "handData": {hid: players}},
                      indent=2) + "\n"


def read_ofcenv_json(source: str | os.PathLike[str] | TextIO, *,
                     button: int | Literal["dealer", "ofcenv"] = "dealer", rules: str | Rules | None = None,
                     on_error: Callable[[HistoryError], Any] | None = None) -> Iterator[HandRecord]:
    """The hands of a site JSON file that ofcenv reads, one :class:`~ofc_fast.HandRecord` a
    hand (every hand of each ``handData``), read in order.

    ``source``: a path, a text file object, or the text itself (a ``str`` starting with
    ``{`` or ``[``).  The objects may follow one another with or without whitespace, or sit
    in one JSON list.  Each hand is checked: its players (``orderIndex`` 0..n-1 once each,
    2-3 players), every card (written once, its round 0-4), each row's size, and each
    street's counts (round 0: 5 placed, no discard; rounds 1-4: 2 placed, 1 discarded), then
    played by the engine.  Anything wrong is a :class:`~ofc_fast.HistoryError` naming the
    file, the line, the hand's id and the player; ``on_error``: None raises, a callable is
    given each bad hand's error and the reading goes on (what it raises stops it).

    What the file does not say, the reader assumes: the scores are the engine's (the file has
    none); a turn's dealt cards are the cards placed in that round (top, middle, bottom, in
    the file's order) and then its discards (the order they were dealt is not kept); the
    seats follow ``orderIndex`` (the order of play).  ``button``: ``"dealer"`` (the default)
    takes the player of ``orderIndex`` 0 as the button, seat 0, as the Java reader of the
    format does (``orderIndex`` 1 acts first); ``"ofcenv"`` takes ofcenv's own guess (its
    parser's TODO): the seat before the hero's (the two agree when the hero is
    ``orderIndex`` 1); an int puts the button, still ``orderIndex`` 0, at that seat (seat =
    (``orderIndex`` + button) mod players).  ``rules``: None reads the file's ``rules``
    (``"classic"`` is the ``pineapple`` preset; other strings are an error); a preset's
    name or a :class:`~ofc_fast.Rules` of Pineapple's shape is used for every hand.
    Fantasyland hands (``inFantasy``) are refused.  ``meta`` keeps ``players`` (names),
    ``_hand_id``, ``_hero`` (a seat), ``_rules`` (the file's string) and, when the file has
    them, ``_joined``, ``_stakes`` and ``_stacks``.

    >>> import ofc_fast as ofc
    >>> g = ofc.Game("pineapple", 3, seed=2); g.play_hand("heuristic")
    >>> rec, = ofc.read_ofcenv_json(ofc.write_ofcenv_json([g]), button=g.button)
    >>> rec.boards == tuple(map(tuple, g.boards.tolist())), rec.scores == tuple(g.scores.tolist())
    (True, True)
    >>> rec.meta["_hand_id"], rec.meta["players"]
    ('1', ['p1', 'p2', 'p3'])
    """
    if isinstance(button, bool) or not (is_int(button) or button in ("dealer", "ofcenv")):
        raise TypeError(f"button must be \"dealer\", \"ofcenv\" or a seat (an int), got "
                        f"{type(button).__name__} {button!r}"[:200])
    if is_int(button) and not 0 <= int(button) < 3:      # the format holds 2-3 players
        raise ValueError(f"button must be a seat 0..2, got {button}")
    fixed: Rules | None = None
    if rules is not None:
        fixed = get_rules(rules) if isinstance(rules, str) else rules
        if not isinstance(fixed, Rules):
            raise TypeError(f"rules must be None, a preset's name or a Rules, got {type(rules).__name__}")
        if not _pineapple_shape(fixed):
            raise ValueError(f"rules must be of Pineapple's shape without jokers (5 cards, then 3 dealt "
                             f"and 2 placed a street), got {fixed.name!r}")
    if on_error is not None and not callable(on_error):
        raise TypeError(f"on_error must be None or a callable taking a HistoryError, got "
                        f"{type(on_error).__name__} {on_error!r}"[:200])
    name, text = _read_source(source)
    return _stream(name, text, button, fixed, on_error)


def _read_source(source: Any) -> tuple[str, str]:
    if isinstance(source, str) and source.lstrip(_JUNK + " \t\r\n")[:1] in ("{", "["):
        name, text = "<text>", source
    elif isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        try:
            with open(name, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError as e:
            raise HistoryError(f"{name}: cannot be read: {e.strerror}") from None
    elif hasattr(source, "read"):
        name, text = str(getattr(source, "name", "<file>")), source.read()
        if not isinstance(text, str):
            raise TypeError(f"source must be a text file, its read() gave {type(text).__name__}")
    else:
        raise TypeError(f"source must be a path, a text file or the text, got {type(source).__name__}")
    for c in _JUNK:
        text = text.replace(c, "")
    return str(name), text


def _stream(name: str, text: str, button: Any, fixed: Rules | None,
            on_error: Callable[[HistoryError], Any] | None) -> Iterator[HandRecord]:
    dec = json.JSONDecoder()
    pos, n = 0, len(text)
    line, counted = 1, 0        # the line of ``pos``, counted on from ``counted`` (not from 0 each time)
    # between objects: whitespace, or the brackets and commas of one JSON list of them
    gap = re.compile(r"[\s,\[\]]*")
    while True:
        pos = gap.match(text, pos).end()  # type: ignore[union-attr]
        if pos >= n:
            return
        line += text.count("\n", counted, pos)
        counted = pos
        try:
            obj, end = dec.raw_decode(text, pos)
        except ValueError as e:
            err = HistoryError(f"{name}: line {line}: not a JSON object: {e}")
            if on_error is None:
                raise err from None
            on_error(err)
            m = _NEXT.search(text, pos + 1)       # go on from the next object, as ofcenv splits
            if m is None:
                return
            pos = m.start() + 1
            continue
        except RecursionError:
            raise HistoryError(f"{name}: line {line}: the JSON nests too deeply") from None
        pos = end
        for rec in _hands(name, line, obj, button, fixed, on_error):
            yield rec


def _hands(name: str, line: int, obj: Any, button: Any, fixed: Rules | None,
           on_error: Callable[[HistoryError], Any] | None) -> Iterator[HandRecord]:
    def fail(err: HistoryError) -> None:
        if on_error is None:
            raise err
        on_error(err)

    where = f"{name}: line {line}"
    data = obj.get("handData") if isinstance(obj, dict) else None
    if not isinstance(data, dict):
        fail(HistoryError(f"{where}: a hand is a JSON object with a 'handData' object (hand id -> players), "
                          f"got {_shown(obj)}"))
        return
    for hid, players in data.items():
        try:
            yield _hand(f"{where}: hand {hid}", obj, str(hid), players, button, fixed)
        except HistoryError as e:
            fail(e)


def _shown(x: Any) -> str:
    text = repr(x)
    return f"{type(x).__name__} {text if len(text) <= 60 else text[:57] + '...'}"


def _hand(where: str, obj: dict[str, Any], hid: str, players: Any, button: Any, fixed: Rules | None) -> HandRecord:
    site = obj.get("rules")
    if fixed is not None:
        r = fixed
    elif isinstance(site, str) and site in SITE_RULES:
        r = PRESETS[SITE_RULES[site]]
    else:
        raise HistoryError(f"{where}: rules {site!r} is not a rules string this reader knows "
                           f"({', '.join(map(repr, SITE_RULES))}); give rules= to read it as a preset")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise HistoryError(f"{where}: the hand is a list of players (JSON objects), got {_shown(players)}")
    p = len(players)
    if not r.min_players <= p <= r.max_players:
        raise HistoryError(f"{where}: {p} players; the rules {r.name!r} seat {r.min_players}..{r.max_players}")
    by_order: dict[int, dict[str, Any]] = {}
    for i, pl in enumerate(players):
        k = pl.get("orderIndex")
        who = f"{where}, player {pl.get('playerName', pl.get('playerId', i))!r}"
        if type(k) is not int or not 0 <= k < p:
            raise HistoryError(f"{who}: orderIndex is 0..{p - 1}, got {k!r}")
        if k in by_order:
            raise HistoryError(f"{who}: orderIndex {k} is given twice")
        if pl.get("inFantasy", False) is not False:
            raise HistoryError(f"{who}: a Fantasyland hand (inFantasy), which this reader does not read")
        by_order[k] = pl
    heroes = [k for k, pl in by_order.items() if pl.get("hero") is True]
    if button == "ofcenv":
        if len(heroes) != 1:
            raise HistoryError(f"{where}: button=\"ofcenv\" needs one hero, the hand has {len(heroes)}")
        shift, b = 0, (heroes[0] - 1) % p
    else:
        b = 0 if button == "dealer" else int(button)
        if b >= p:
            raise HistoryError(f"{where}: button {b} is not a seat of its {p} players")
        shift = b
    seat_of = {k: (k + shift) % p for k in range(p)}
    names: list[str] = [""] * p
    boards: list[list[int]] = [[] for _ in range(p)]
    placed: dict[tuple[int, int], list[list[int]]] = {}
    dead: dict[tuple[int, int], list[int]] = {}
    seen: dict[int, str] = {}
    for k, pl in by_order.items():
        s = seat_of[k]
        pname = pl.get("playerName", pl.get("playerId", f"orderIndex {k}"))
        names[s] = str(pname)
        who = f"{where}, player {pname!r} (seat {s})"
        rows_text, dead_text = pl.get("rows", ""), pl.get("dead", "")
        if not isinstance(rows_text, str) or not isinstance(dead_text, str):
            raise HistoryError(f"{who}: rows and dead are text (\"As0 Kd1/...\"), got {_shown(rows_text)} "
                               f"and {_shown(dead_text)}")
        rows = rows_text.split("/")
        if len(rows) != 3:
            raise HistoryError(f"{who}: rows is \"top/middle/bottom\" (3 rows split by /), got {rows_text!r}")
        for row, part in enumerate((*rows, dead_text)):
            cards = [(c, rnd) for c, rnd in (_card(who, t, r.rounds, seen) for t in part.split())]
            if row < 3:
                if len(cards) > _ROW_SIZES[row]:
                    raise HistoryError(f"{who}: the {_ROW_NAMES[row]} row holds {len(cards)} cards, more than "
                                       f"its {_ROW_SIZES[row]}")
                if len(cards) < _ROW_SIZES[row]:
                    raise HistoryError(f"{who}: the {_ROW_NAMES[row]} row holds {len(cards)} cards of its "
                                       f"{_ROW_SIZES[row]} (the hand is not over)")
                boards[s] += [c for c, _ in cards]
            for c, rnd in cards:
                if row < 3:
                    placed.setdefault((s, rnd), [[], [], []])[row].append(c)
                else:
                    dead.setdefault((s, rnd), []).append(c)
        for rnd in range(r.rounds + 1):
            got = sum(map(len, placed.get((s, rnd), [[]])))
            gone = len(dead.get((s, rnd), []))
            want = r.first_round if rnd == 0 else r.round_play
            drop = 0 if rnd == 0 else r.round_cards - r.round_play
            if (got, gone) != (want, drop):
                raise HistoryError(f"{who}: round {rnd} places {got} cards and discards {gone}; the rules "
                                   f"place {want} and discard {drop} in round {rnd}")
    turns: list[Turn] = []
    order = [(b + i) % p for i in range(1, p + 1)]
    for rnd in range(r.rounds + 1):
        for s in order:
            rows3 = placed[(s, rnd)]
            disc = tuple(dead.get((s, rnd), ()))
            turns.append(Turn(s, rnd, tuple(rows3[0] + rows3[1] + rows3[2]) + disc,
                              (tuple(rows3[0]), tuple(rows3[1]), tuple(rows3[2])), disc))
    draft = HandRecord(r, p, b, (0,) * p, tuple(turns), tuple(map(tuple, boards)), ())
    try:
        played, = records_from_json(draft.history())
    except ValueError as e:       # the checks above leave the engine nothing to refuse
        raise HistoryError(f"{where}: the engine refuses the hand: {e}") from None
    meta: dict[str, Any] = {"players": names, "_hand_id": hid,
                            "_hero": seat_of[heroes[0]] if len(heroes) == 1 else None, "_rules": site}
    if obj.get("joined", True) is not True:
        meta["_joined"] = obj.get("joined")
    if "stakes" in obj:
        meta["_stakes"] = obj["stakes"]
    if any("stack" in pl for pl in players):
        meta["_stacks"] = [by_order[k].get("stack") for k in sorted(by_order, key=seat_of.__getitem__)]
    return HandRecord(r, p, b, (0,) * p, tuple(turns), played.boards, played.scores, meta=meta)


def _card(who: str, token: str, rounds: int, seen: dict[int, str]) -> tuple[int, int]:
    """A card of the file (``As0``: its text, then the round it was placed in) as its code and
    round; HistoryError for a bad one or one written twice in the hand."""
    if len(token) < 3 or not token[-1].isdigit():
        raise HistoryError(f"{who}: {token!r} is not a card and its round (As0, Td4)")
    try:
        c = card(token[:-1])
    except ValueError as e:
        raise HistoryError(f"{who}: {token!r}: {e}") from None
    rnd = int(token[-1])
    if rnd > rounds:
        raise HistoryError(f"{who}: {token!r} is placed in round {rnd}; the rounds are 0..{rounds}")
    if c in seen:
        raise HistoryError(f"{who}: {card_str(c)} is written twice in the hand (first {seen[c]})")
    seen[c] = f"by {who.rsplit(', player ', 1)[-1]}"
    return c, rnd
