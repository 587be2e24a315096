"""Deals of a file a chunk at a time: text lines and JSON values into boards and marks.

Input formats (the documentation's command line page, docs/cli.md, says the same):

``text``
    One deal a line: its boards separated by ``;``, each written
    ``top / middle / bottom`` (or ``|``) or as 13 cards in order.  ``#``
    starts a comment; blank lines are skipped; a ``*`` before a board says
    that player is in Fantasyland.
``json``
    One JSON document: a list of deals, or ``{"deals": [...]}``.  It is read
    one deal at a time, so a large file is never held whole.
``jsonl``
    JSON Lines: one deal a line.

A JSON deal is a board string, a list of boards (strings, or lists of 13
card texts or integer codes), or ``{"boards": [...], "in_fantasyland":
[...]}`` with one bool per board.

Jokers (``X1``, ``X2``, codes 52 and 53) are cards where the rules deal them
(``jokers``, ``Rules.jokers``): every reader here is told how many.

Lines of text are parsed a chunk at a time with numpy (``fastlines``, about a
megabyte, some 12,000 deals); a line this fast path cannot read (other
spellings, a mistake) goes through the library's own parser, which gives
the reason.  JSON deals whose boards are strings take the same fast path.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..board.boards import one_card_each, parse_boards
from ..hand.cards import cards_among, jokers_among, named_jokers
from .fastlines import fast_lines
from .jsonstream import Bad, JsonStream, jsonl_values, short
from .sources import Source, line_chunks


class Deals(NamedTuple):
    """Deals of one chunk, in file order."""

    lines: npt.NDArray[np.int64]
    """(n,) the file line of each deal."""
    players: npt.NDArray[np.int64]
    """(n,) boards in each deal; 0 for a deal that could not be read."""
    boards: npt.NDArray[np.uint8]
    """(players.sum(), 13) the boards, deal after deal."""
    marks: npt.NDArray[np.bool_]
    """(players.sum(),) in Fantasyland according to the file."""
    errors: dict[int, str]
    """deal index -> why it could not be read."""


def assemble(n: int, fast: npt.NDArray[np.bool_], fast_players: npt.NDArray[np.int64],
              fast_boards: npt.NDArray[np.uint8], fast_marks: npt.NDArray[np.bool_],
              slow: dict[int, tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]],
              errors: dict[int, str], lines: npt.NDArray[np.int64]) -> Deals:
    """Deals from the fast path's deals (where ``fast``) and the others one by one."""
    players = np.zeros(n, dtype=np.int64)
    players[fast] = fast_players
    for k, (b, _) in slow.items():
        players[k] = len(b)
    if not slow:
        return Deals(lines, players, fast_boards, fast_marks, errors)
    total = int(players.sum())
    boards = np.empty((total, 13), dtype=np.uint8)
    marks = np.zeros(total, dtype=np.bool_)
    in_fast = np.repeat(fast, players)
    boards[in_fast] = fast_boards
    marks[in_fast] = fast_marks
    offsets = np.cumsum(players) - players
    for k, (b, m) in slow.items():
        boards[offsets[k]:offsets[k] + len(b)] = b
        marks[offsets[k]:offsets[k] + len(b)] = m
    return Deals(lines, players, boards, marks, errors)


_COMMENT = re.compile(rb"#[^\n]*")


def _board_of_text(text: str, k: int, jokers: int, before: list[int]) -> tuple[npt.NDArray[np.uint8], bool]:
    mark = text.startswith("*")
    if mark:
        text = text[1:].lstrip()
    try:
        return parse_boards(text, jokers, before), mark
    except (ValueError, TypeError) as e:
        raise ValueError(f"player {k}: {e}") from None


def _slow_line(raw: bytes, jokers: int = 0) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
    """One deal line through the library's parser (any spelling it accepts), or why not."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"not UTF-8 text (a binary file?): byte 0x{raw[e.start]:02x} at "
                         f"column {e.start + 1}") from None
    parts = [part.strip() for part in text.split(";")]
    parts = [part for part in parts if part]
    if not parts:
        raise ValueError(f"no boards in {text.strip()!r}: a deal is boards separated by ';'")
    read: list[tuple[npt.NDArray[np.uint8], bool]] = []
    named = [named_jokers(part.lstrip("*")) for part in parts] if jokers else []
    for k, part in enumerate(parts):
        # one deck: Xj is the next joker no board holds or names
        held = [*jokers_among([b for b, _ in read]), *(j for later in named[k + 1:] for j in later)]
        read.append(_board_of_text(part, k, jokers, held))
    return np.stack([b for b, _ in read]), np.array([m for _, m in read], dtype=np.bool_)


def text_deals(chunk: bytes, first_line: int, jokers: int = 0) -> Deals:
    """The deals of whole lines of a text file (``first_line``: the number of the first)."""
    if b"#" in chunk:
        chunk = _COMMENT.sub(b"", chunk)
    fast = fast_lines(chunk, jokers)
    keep = np.flatnonzero(~fast.blank)
    lines = (keep + first_line).astype(np.int64)
    good = fast.good[keep]
    slow: dict[int, tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]] = {}
    errors: dict[int, str] = {}
    todo = np.flatnonzero(~good)
    if len(todo):
        raw = chunk.split(b"\n")
        for k in todo.tolist():
            try:
                slow[k] = _slow_line(raw[int(keep[k])], jokers)
            except ValueError as e:
                errors[k] = str(e)
    return assemble(len(keep), good, fast.players, fast.boards, fast.marks, slow, errors, lines)


_DEAL_SHAPE = ('a deal is a board string, a list of boards, or {"boards": [...], '
               '"in_fantasyland": [...]}')


def _json_board(board: Any, k: int, jokers: int, before: list[int]) -> npt.NDArray[np.uint8]:
    where = f"player {k}: "
    if isinstance(board, str):
        try:
            return parse_boards(board, jokers, before)
        except ValueError as e:
            raise ValueError(where + str(e)) from None
    if not isinstance(board, list):
        raise TypeError(f"{where}a board is a string or a list of 13 cards (texts or codes), "
                         f"got {short(board)}")
    if len(board) != 13:
        raise ValueError(f"{where}a board is 13 cards (top 3, middle 5, bottom 5), got {len(board)} "
                         f"items: {short(board)}")
    try:
        codes = cards_among(board, before, jokers=jokers)
    except (ValueError, TypeError) as e:
        raise type(e)(where + str(e)) from None
    if codes.shape != (13,):
        raise ValueError(f"{where}a board given as a list holds one card per item, "
                         f"got {short(board)}")
    return codes


def _json_flags(value: Any, players: int) -> npt.NDArray[np.bool_]:
    if isinstance(value, bool):
        return np.full(players, value)
    if not isinstance(value, list) or len(value) != players or \
            not all(isinstance(v, bool) or v in (0, 1) for v in value):
        raise ValueError(f"in_fantasyland is one bool per board ({players} here) or one bool "
                         f"for all, got {short(value)}")
    return np.array([bool(v) for v in value], dtype=np.bool_)


def _json_deal(value: Any, jokers: int = 0) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
    """Boards and Fantasyland flags of one JSON deal, or why not."""
    flags = None
    if isinstance(value, Bad):
        raise ValueError(value.reason)  # noqa: TRY004  (the reason a line could not be read)
    if isinstance(value, dict):
        unknown = sorted(set(value) - {"boards", "in_fantasyland"})
        if unknown or "boards" not in value:
            raise ValueError(f"{_DEAL_SHAPE}; got an object with keys {sorted(value)}")
        flags = value.get("in_fantasyland")
        value = value["boards"]
        if isinstance(value, str):
            value = [value]
    elif isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise TypeError(f"{_DEAL_SHAPE}; got {short(value)}")
    if not value:
        raise ValueError("a deal holds at least one board, got []")
    if one_card_each(value):
        value = [value]          # one board written as 13 cards
    read: list[npt.NDArray[np.uint8]] = []
    named = [named_jokers(b) for b in value] if jokers else []
    for k, b in enumerate(value):
        # one deck: Xj is the next joker no board holds or names
        held = [*jokers_among(read), *(j for later in named[k + 1:] for j in later)] if jokers else []
        read.append(_json_board(b, k, jokers, held))
    boards = np.stack(read)
    marks = np.zeros(len(boards), dtype=np.bool_) if flags is None else _json_flags(flags, len(boards))
    return boards, marks


_NOT_IN_TEXT = re.compile(r"[\n#*]")


def _text_of_json(value: Any) -> str | None:
    """The deal as a line of the text format when it is boards as strings, else None."""
    if isinstance(value, str):
        value = [value]
    try:
        line = ";".join(value)        # TypeError unless a list of strings
    except TypeError:
        return None
    if not value or line.count(";") != len(value) - 1 or _NOT_IN_TEXT.search(line):
        return None
    return line


def json_deals(values: list[Any], lines: list[int], jokers: int = 0) -> Deals:
    """The deals of parsed JSON values (``lines``: the file line where each starts)."""
    n = len(values)
    texts: list[str | None] = []
    flags: dict[int, Any] = {}            # in_fantasyland of objects read as text
    for k, v in enumerate(values):
        if isinstance(v, dict) and "boards" in v and set(v) <= {"boards", "in_fantasyland"}:
            texts.append(_text_of_json(v["boards"]))
            if "in_fantasyland" in v and texts[-1] is not None:
                flags[k] = v["in_fantasyland"]
        else:
            texts.append(_text_of_json(v))
    as_text = np.array([t is not None for t in texts], dtype=np.bool_)
    fast = fast_lines("\n".join(t for t in texts if t is not None).encode("utf-8"), jokers)
    good = np.zeros(n, dtype=np.bool_)
    good[as_text] = fast.good[:int(as_text.sum())] if as_text.any() else False
    slow: dict[int, tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]] = {}
    errors: dict[int, str] = {}
    for k in np.flatnonzero(~good).tolist():
        try:
            slow[k] = _json_deal(values[k], jokers)
        except (ValueError, TypeError) as e:
            errors[k] = str(e)
    deals = assemble(n, good, fast.players, fast.boards, fast.marks, slow, errors,
                      np.array(lines, dtype=np.int64))
    if flags:
        offsets = np.cumsum(deals.players) - deals.players
        for k, value in flags.items():
            if good[k]:
                start, p = int(offsets[k]), int(deals.players[k])
                try:
                    deals.marks[start:start + p] = _json_flags(value, p)
                except ValueError as e:
                    errors[k] = str(e)
    return deals


def _chunked(items: Iterator[tuple[Any, int]], size: int, jokers: int) -> Iterator[Deals]:
    values: list[Any] = []
    lines: list[int] = []
    for value, line in items:
        values.append(value)
        lines.append(line)
        if len(values) == size:
            yield json_deals(values, lines, jokers)
            values, lines = [], []
    if values:
        yield json_deals(values, lines, jokers)


def read_deals(src: Source, chunk: int = 16384, jokers: int = 0) -> Iterator[Deals]:
    """The deals of a source, a chunk at a time (``jokers``: the jokers the rules deal)."""
    if src.format == "text":
        for data, first in line_chunks(src):
            yield text_deals(data, first, jokers)
        return
    values = JsonStream(src).values() if src.format == "json" else jsonl_values(src)
    yield from _chunked(values, chunk, jokers)

