"""Deals files for the command line: read in chunks, parsed in batches, results written as they come.

Input formats (the README's "Command line" section says the same):

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

Lines of text are parsed a chunk at a time with numpy (about a megabyte, some
12,000 deals); a line this fast path cannot read (other spellings, a
mistake) goes through the library's own parser, which gives the reason.
The deals of a chunk then go to the C kernels in one call per player count.
"""
from __future__ import annotations

import codecs
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any, NamedTuple, TextIO

import numpy as np
import numpy.typing as npt

from ..board.boards import analyze, one_card_each, parse_boards, score
from ..board.rules import Rules
from ..hand.cards import DECK_SIZE, RANKS, SUITS, cards

#: bytes read at a time; a chunk of text is the whole lines of one read
BLOCK = 1 << 20
#: longest line (text, JSON Lines) and longest deal in a JSON document
MAX_LINE = 1 << 20
FORMATS = ("text", "json", "jsonl")
_BOM = codecs.BOM_UTF8


class InputError(ValueError):
    """A file that cannot be read any further (its message names the file and the place)."""


# --- sources --------------------------------------------------------------------

class _TextReader:
    """Bytes from a text stream (a replaced sys.stdin, as in tests)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def read(self, n: int) -> bytes:
        return self.stream.read(n).encode("utf-8", "surrogateescape")

    def close(self) -> None:
        pass


class Source:
    """An open deals file (or stdin for ``-``), its display name and format."""

    def __init__(self, path: str, fmt: str = "auto") -> None:
        self.name = "<stdin>" if path == "-" else path
        self.stream: Any
        if path == "-":
            buffer = getattr(sys.stdin, "buffer", None)
            self.stream = buffer if buffer is not None else _TextReader(sys.stdin)
            self.owned = False
        else:
            self.stream = open(path, "rb")   # noqa: SIM115  (closed by close())
            self.owned = True
        self.first: bytes | None = None
        try:
            first = self.read()
            while first and b"\n" not in first and len(first) < BLOCK:   # a pipe: a whole line
                more = self.read()
                if not more:
                    break
                first += more
        except OSError:
            self.close()
            raise
        first = first.removeprefix(_BOM)
        self.first = first
        self.format = _sniff(path, first) if fmt == "auto" else fmt

    def close(self) -> None:
        if self.owned:
            self.stream.close()

    def read(self) -> bytes:
        """The next block of bytes (the first block first), b'' at the end."""
        if self.first:
            block, self.first = self.first, None
            return block
        # from a pipe, take what has come (output keeps up with a slow writer)
        read = getattr(self.stream, "read1", None) if not self.owned else None
        return bytes((read or self.stream.read)(BLOCK))


def _sniff(path: str, first: bytes) -> str:
    """The format of a file: JSON Lines by its extension, else by its first bytes.

    Text that starts with ``[`` or ``{`` is JSON: JSON Lines when its first
    line is a whole JSON value and more follows (one JSON document could not
    go on), else one JSON document.  Other text is the text format, unless
    the name ends in ``.json``.
    """
    ext = os.path.splitext(path)[1].lower()
    if ext in (".jsonl", ".ndjson"):
        return "jsonl"
    head = first.lstrip()
    if not head[:1] or head[:1] not in b"[{":
        return "json" if ext == ".json" else "text"
    cut = head.find(b"\n")
    if cut < 0 or not head[cut:].strip():
        return "json"
    try:
        json.loads(head[:cut])
    except (ValueError, RecursionError):
        return "json"
    return "jsonl"


def line_chunks(src: Source) -> Iterator[tuple[bytes, int]]:
    """(whole lines, number of the first) of a file, a block at a time."""
    pending = b""
    line = 1
    while True:
        block = src.read()
        pending += block
        if not block:
            cut = len(pending)
        else:
            cut = pending.rfind(b"\n") + 1
            if cut == 0:
                if len(pending) > MAX_LINE:
                    raise InputError(f"{src.name}: line {line} is longer than {MAX_LINE} bytes: "
                                     f"not a file of deals?")
                continue
        chunk, pending = pending[:cut], pending[cut:]
        if chunk:
            yield chunk, line
            line += chunk.count(b"\n")
        if not block:
            return


# --- a chunk of deals -------------------------------------------------------

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


def _assemble(n: int, fast: npt.NDArray[np.bool_], fast_players: npt.NDArray[np.int64],
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


# --- text ---------------------------------------------------------------------------

_WS, _RANK, _SUIT, _ROWSEP, _SEMI, _NL, _MARK, _OTHER = range(8)
_CLASS = np.full(256, _OTHER, dtype=np.uint8)
_RANK_OF = np.zeros(256, dtype=np.uint8)
_SUIT_OF = np.zeros(256, dtype=np.uint8)
for _c in b" \t\r\v\f":
    _CLASS[_c] = _WS
for _i, _r in enumerate(RANKS):
    for _b in {_r, _r.lower()}:
        _CLASS[ord(_b)] = _RANK
        _RANK_OF[ord(_b)] = _i
for _i, _s in enumerate(SUITS):
    for _b in (_s, _s.upper()):
        _CLASS[ord(_b)] = _SUIT
        _SUIT_OF[ord(_b)] = _i
_CLASS[ord("/")] = _CLASS[ord("|")] = _ROWSEP
_CLASS[ord(";")] = _SEMI
_CLASS[ord("\n")] = _NL
_CLASS[ord("*")] = _MARK
_CLASS_TABLE, _RANK_TABLE, _SUIT_TABLE = (t.tobytes() for t in (_CLASS, _RANK_OF, _SUIT_OF))
_COMMENT = re.compile(rb"#[^\n]*")


def _count(mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32]:
    """Running count of a mask (through int8: numpy's cumsum of bools is slow)."""
    out: npt.NDArray[np.int32] = np.cumsum(mask.view(np.int8), dtype=np.int32)
    return out


class _Lines(NamedTuple):
    blank: npt.NDArray[np.bool_]      # (lines,) nothing on the line
    good: npt.NDArray[np.bool_]       # (lines,) read by the fast path
    players: npt.NDArray[np.int64]    # (good lines,)
    boards: npt.NDArray[np.uint8]     # (boards of good lines, 13)
    marks: npt.NDArray[np.bool_]      # (boards of good lines,)


def _fast_lines(data: bytes) -> _Lines:
    """The lines of ``data`` that hold deals in the usual spelling, read with array operations.

    A good line is boards separated by ';', each 13 two-character cards
    (rank then suit, any case) separated by blanks or not at all, with no
    row separator or with '/' or '|' after the 3rd and 8th card, and at
    most one '*' before its first card.  Anything else is left to the
    library's parser.
    """
    if not data.endswith(b"\n"):
        data += b"\n"
    a = np.frombuffer(data, dtype=np.uint8)
    cls = np.frombuffer(data.translate(_CLASS_TABLE), dtype=np.uint8)   # faster than _CLASS[a]
    is_rank, is_suit = cls == _RANK, cls == _SUIT
    card = np.zeros(len(a), dtype=np.bool_)
    card[:-1] = is_rank[:-1] & is_suit[1:]                     # a card: rank then suit
    after_card = np.zeros(len(a), dtype=np.bool_)
    after_card[1:] = card[:-1]
    loose = (cls == _OTHER) | (is_rank & ~card) | (is_suit & ~after_card)
    # tokens: cards (at their rank), row separators, ';', newlines and '*', in order
    tok = np.flatnonzero(card | ((cls - np.uint8(_ROWSEP)) <= _MARK - _ROWSEP))
    kind = cls[tok]
    is_card, is_sep, is_mark = kind == _RANK, kind == _ROWSEP, kind == _MARK
    is_nl = kind == _NL
    is_end = is_nl | (kind == _SEMI)
    ends = np.flatnonzero(is_end)                               # segment k ends at token ends[k]
    nseg, nlines = len(ends), int(is_nl.sum())
    seg = _count(is_end) - is_end                               # segment of each token
    seg_line = _count(is_nl[ends]) - is_nl[ends]
    cards_upto = _count(is_card)                                # cards up to each token
    seps_upto = _count(is_sep)
    cards_before = np.zeros(nseg, dtype=np.int64)               # ... before each segment
    seps_before = np.zeros(nseg, dtype=np.int64)
    cards_before[1:] = cards_upto[ends[:-1]]
    seps_before[1:] = seps_upto[ends[:-1]]
    ncards = cards_upto[ends] - cards_before
    nseps = seps_upto[ends] - seps_before
    mark_seg = seg[is_mark]
    nmark = np.bincount(mark_seg, minlength=nseg)
    ok = (ncards == 13) & (nmark <= 1) & ((nseps == 0) | (nseps == 2))
    if nseps.any():
        # separators come after the 3rd and the 8th card of a board
        sep_seg = seg[is_sep]
        nth = seps_upto[is_sep] - 1 - seps_before[sep_seg]
        cards_left = cards_upto[is_sep] - cards_before[sep_seg]
        ok[sep_seg[cards_left != np.where(nth == 0, 3, 8)]] = False
    if len(mark_seg):
        # a '*' comes before its board's first card
        late = cards_upto[is_mark] > cards_before[mark_seg]
        ok[mark_seg[late | (ncards[mark_seg] == 0)]] = False
    empty = (ncards == 0) & (nseps == 0) & (nmark == 0)
    per_line = np.bincount(seg_line, minlength=nlines)
    line_bad = np.zeros(nlines, dtype=np.bool_)
    if loose.any():
        line_bad[np.searchsorted(np.flatnonzero(cls == _NL), np.flatnonzero(loose))] = True
    good = ~line_bad & (np.bincount(seg_line, weights=ok, minlength=nlines) == per_line)
    blank = ~line_bad & (per_line == 1) & (np.bincount(seg_line, weights=empty, minlength=nlines) == 1)
    good &= ~blank
    seg_good = good[seg_line]
    p = tok[is_card]
    if not (good | blank).all():
        p = p[seg_good[seg[is_card]]]
    rank = np.frombuffer(a[p].tobytes().translate(_RANK_TABLE), dtype=np.uint8)
    suit = np.frombuffer(a[p + 1].tobytes().translate(_SUIT_TABLE), dtype=np.uint8)
    codes = (rank * np.uint8(4) + suit).reshape(-1, 13)
    marks = (nmark > 0)[seg_good]
    return _Lines(blank, good, per_line[good].astype(np.int64), codes, marks)


def _board_of_text(text: str, k: int) -> tuple[npt.NDArray[np.uint8], bool]:
    mark = text.startswith("*")
    if mark:
        text = text[1:].lstrip()
    try:
        return parse_boards(text), mark
    except (ValueError, TypeError) as e:
        raise ValueError(f"player {k}: {e}") from None


def _slow_line(raw: bytes) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
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
    read = [_board_of_text(part, k) for k, part in enumerate(parts)]
    return np.stack([b for b, _ in read]), np.array([m for _, m in read], dtype=np.bool_)


def text_deals(chunk: bytes, first_line: int) -> Deals:
    """The deals of whole lines of a text file (``first_line``: the number of the first)."""
    if b"#" in chunk:
        chunk = _COMMENT.sub(b"", chunk)
    fast = _fast_lines(chunk)
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
                slow[k] = _slow_line(raw[int(keep[k])])
            except ValueError as e:
                errors[k] = str(e)
    return _assemble(len(keep), good, fast.players, fast.boards, fast.marks, slow, errors, lines)


# --- JSON ---------------------------------------------------------------------------

_DEAL_SHAPE = ('a deal is a board string, a list of boards, or {"boards": [...], '
               '"in_fantasyland": [...]}')
_JSON_TYPES = {bool: "a bool", int: "a number", float: "a number", str: "a string",
               list: "a list", dict: "an object"}


def _short(value: Any) -> str:
    """A JSON value in a message: its kind and its start ('a list [1, 2, 3]')."""
    if value is None:
        return "null"
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    text = text if len(text) <= 60 else text[:57] + "..."
    return f"{_JSON_TYPES.get(type(value), type(value).__name__)} {text}"


def _json_board(board: Any, k: int) -> npt.NDArray[np.uint8]:
    where = f"player {k}: "
    if isinstance(board, str):
        try:
            return parse_boards(board)
        except ValueError as e:
            raise ValueError(where + str(e)) from None
    if not isinstance(board, list):
        raise TypeError(f"{where}a board is a string or a list of 13 cards (texts or codes), "
                         f"got {_short(board)}")
    if len(board) != 13:
        raise ValueError(f"{where}a board is 13 cards (top 3, middle 5, bottom 5), got {len(board)} "
                         f"items: {_short(board)}")
    try:
        codes = cards(board)
    except (ValueError, TypeError) as e:
        raise type(e)(where + str(e)) from None
    if codes.shape != (13,):
        raise ValueError(f"{where}a board given as a list holds one card per item, "
                         f"got {_short(board)}")
    return codes


def _json_flags(value: Any, players: int) -> npt.NDArray[np.bool_]:
    if isinstance(value, bool):
        return np.full(players, value)
    if not isinstance(value, list) or len(value) != players or \
            not all(isinstance(v, bool) or v in (0, 1) for v in value):
        raise ValueError(f"in_fantasyland is one bool per board ({players} here) or one bool "
                         f"for all, got {_short(value)}")
    return np.array([bool(v) for v in value], dtype=np.bool_)


def _json_deal(value: Any) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
    """Boards and Fantasyland flags of one JSON deal, or why not."""
    flags = None
    if isinstance(value, _Bad):
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
        raise TypeError(f"{_DEAL_SHAPE}; got {_short(value)}")
    if not value:
        raise ValueError("a deal holds at least one board, got []")
    if one_card_each(value):
        value = [value]          # one board written as 13 cards
    boards = np.stack([_json_board(b, k) for k, b in enumerate(value)])
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


def json_deals(values: list[Any], lines: list[int]) -> Deals:
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
    fast = _fast_lines("\n".join(t for t in texts if t is not None).encode("utf-8"))
    good = np.zeros(n, dtype=np.bool_)
    good[as_text] = fast.good[:int(as_text.sum())] if as_text.any() else False
    slow: dict[int, tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]] = {}
    errors: dict[int, str] = {}
    for k in np.flatnonzero(~good).tolist():
        try:
            slow[k] = _json_deal(values[k])
        except (ValueError, TypeError) as e:
            errors[k] = str(e)
    deals = _assemble(n, good, fast.players, fast.boards, fast.marks, slow, errors,
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


class JsonStream:
    """The deals of one JSON document, read one value at a time (a list or {"deals": [...]})."""

    _WS = re.compile(r"[ \t\n\r]*")
    _SEP = re.compile(r"[ \t\n\r]*([,\]])[ \t\n\r]*")

    def __init__(self, src: Source) -> None:
        self.src = src
        self.decoder = json.JSONDecoder()
        self.bytes_in = codecs.getincrementaldecoder("utf-8")("strict")
        self.buf = ""
        self.pos = 0
        self.eof = False
        # line and column (0-based) of buf[self.mark]; marks only move forward
        self.mark = 0
        self.line = 1
        self.col = 0

    # --- buffer ---
    def _more(self) -> bool:
        """Read a block; False at the end of the file."""
        if self.eof:
            return False
        block = self.src.read()
        try:
            text = self.bytes_in.decode(block, final=not block)
        except UnicodeDecodeError as e:
            self._where(len(self.buf))
            line = self.line + e.object[:e.start].count(b"\n")
            raise InputError(f"{self.src.name}: not UTF-8 text (JSON is UTF-8): line {line}: "
                             f"byte 0x{e.object[e.start]:02x}") from None
        if not block:
            self.eof = True
            return False
        self._where(self.pos)         # keep the line count, then drop what is read
        self.buf = self.buf[self.pos:] + text
        self.pos = self.mark = 0
        return True

    def _where(self, p: int) -> tuple[int, int]:
        """(line, column), 1-based, of buf[p] (p >= the last place asked for)."""
        nls = self.buf.count("\n", self.mark, p)
        if nls:
            self.line += nls
            self.col = p - self.buf.rfind("\n", self.mark, p) - 1
        else:
            self.col += p - self.mark
        self.mark = p
        return self.line, self.col + 1

    def _fail(self, p: int, msg: str) -> InputError:
        line, col = self._where(p)
        return InputError(f"{self.src.name}: not valid JSON: line {line} column {col}: {msg}")

    def _peek(self) -> str:
        """The next character that is not blank ('' at the end)."""
        while True:
            m = self._WS.match(self.buf, self.pos)
            assert m is not None
            self.pos = m.end()
            if self.pos < len(self.buf) or not self._more():
                return self.buf[self.pos:self.pos + 1]

    def _value(self) -> Any:
        self._peek()
        start = self.pos
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as e:
                if len(self.buf) - start < MAX_LINE and self._more():
                    start = self.pos
                    continue
                raise self._fail(max(e.pos, self.pos), e.msg) from None
            except RecursionError:
                raise self._fail(self.pos, "nested too deeply") from None
            if end == len(self.buf) and self._more():   # a number cut at the block's end
                continue
            self.pos = end
            return value

    def _expect(self, chars: str, msg: str) -> str:
        c = self._peek()
        if not c or c not in chars:
            raise self._fail(self.pos, msg)
        self.pos += 1
        return c

    # --- grammar ---
    def values(self) -> Iterator[tuple[Any, int]]:
        """(deal, line where it starts), one at a time."""
        c = self._peek()
        if c == "[":
            self.pos += 1
            yield from self._items()
        elif c == "{":
            self.pos += 1
            found = False
            if self._peek() == "}":
                self.pos += 1
            else:
                while True:
                    if self._peek() != '"':
                        raise self._fail(self.pos, "Expecting property name enclosed in double quotes")
                    key = self._value()
                    self._expect(":", "Expecting ':' delimiter")
                    if key == "deals":
                        if self._peek() != "[":
                            raise InputError(f'{self.src.name}: "deals" must be a list of deals')
                        self.pos += 1
                        found = True
                        yield from self._items()
                    else:
                        self._value()
                    if self._expect(",}", "Expecting ',' delimiter") == "}":
                        break
            if not found:
                raise InputError(f'{self.src.name}: JSON input is a list of deals (each a list '
                                 f'of board strings) or {{"deals": [...]}}: no "deals" here')
        elif c:
            value = self._value()
            raise InputError(f'{self.src.name}: JSON input is a list of deals (each a list of '
                             f'board strings) or {{"deals": [...]}}, got {_short(value)}')
        if self._peek():
            raise self._fail(self.pos, "Extra data")

    def _items(self) -> Iterator[tuple[Any, int]]:
        if self._peek() == "]":
            self.pos += 1
            return
        decode = self.decoder.raw_decode
        sep = self._SEP
        while True:
            # the usual case: a value, ',' and the start of the next one are in the buffer
            buf, pos = self.buf, self.pos
            try:
                value, end = decode(buf, pos)
                m = sep.match(buf, end)
            except (json.JSONDecodeError, RecursionError):
                m = None
            if m is not None and m.end() < len(buf):
                line = self._where(pos)[0]
                self.pos = m.end()
                yield value, line
                if m.group(1) == "]":
                    return
                continue
            # else read on, or say what is wrong
            self._peek()
            line = self._where(self.pos)[0]
            yield self._value(), line
            if self._expect(",]", "Expecting ',' delimiter") == "]":
                return
            self._peek()               # at the next value, for the usual case


def _chunked(items: Iterator[tuple[Any, int]], size: int) -> Iterator[Deals]:
    values: list[Any] = []
    lines: list[int] = []
    for value, line in items:
        values.append(value)
        lines.append(line)
        if len(values) == size:
            yield json_deals(values, lines)
            values, lines = [], []
    if values:
        yield json_deals(values, lines)


def _jsonl_values(src: Source) -> Iterator[tuple[Any, int]]:
    decode = json.JSONDecoder().raw_decode
    for chunk, first in line_chunks(src):
        try:
            lines = chunk.decode("utf-8").split("\n")
            check = False
        except UnicodeDecodeError:     # find the line, keep the others
            lines = [raw.decode("utf-8", "surrogateescape") for raw in chunk.split(b"\n")]
            check = True
        for k, line in enumerate(lines):
            if not line or line.isspace():
                continue
            try:
                value, end = decode(line, len(line) - len(line.lstrip()))
                if end != len(line) and not line[end:].isspace():
                    raise json.JSONDecodeError("Extra data", line, end)
                if check:
                    line.encode("utf-8")   # a surrogate: the line was not UTF-8
                yield value, first + k
            except UnicodeEncodeError as e:
                yield _Bad(f"not UTF-8 text (a binary file?): byte 0x{ord(line[e.start]) & 255:02x} "
                           f"at column {e.start + 1}"), first + k
            except json.JSONDecodeError as e:
                yield _Bad(f"not valid JSON: column {e.colno}: {e.msg}"), first + k
            except RecursionError:
                yield _Bad("not valid JSON: nested too deeply"), first + k


class _Bad:
    """A JSON line that could not be read, standing in for its deal."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def read_deals(src: Source, chunk: int = 16384) -> Iterator[Deals]:
    """The deals of a source, a chunk at a time."""
    if src.format == "text":
        for data, first in line_chunks(src):
            yield text_deals(data, first)
        return
    values = JsonStream(src).values() if src.format == "json" else _jsonl_values(src)
    yield from _chunked(values, chunk)


# --- evaluating a chunk -------------------------------------------------------------------

class Results(NamedTuple):
    """Per board of the good deals of a chunk, in order."""

    deal: npt.NDArray[np.int64]
    player: npt.NDArray[np.int64]
    boards: npt.NDArray[np.uint8]
    fouled: npt.NDArray[np.bool_]
    strength: npt.NDArray[np.uint16]
    royalties: npt.NDArray[np.int16]
    fantasyland: npt.NDArray[np.uint8]
    stays: npt.NDArray[np.bool_]
    points: npt.NDArray[np.int32]

    def select(self, rows: npt.NDArray[np.bool_]) -> Results:
        return Results(self.deal[rows], self.player[rows], self.boards[rows], self.fouled[rows],
                       self.strength[rows], self.royalties[rows], self.fantasyland[rows],
                       self.stays[rows], self.points[rows])


def _library_error(codes: npt.NDArray[np.uint8], rules: Rules) -> str:
    """The library's message for a deal that the batch check refused."""
    try:
        if len(codes) > 1:
            score(codes, rules)
        else:
            analyze(codes[0], rules)
    except (ValueError, TypeError) as e:
        return str(e) if len(codes) > 1 else f"player 0: {e}"
    return "rejected by the kernel"   # pragma: no cover  (the batch check agrees with it)


def evaluate(deals: Deals, rules: Rules, flags: npt.NDArray[np.uint8] | None, first_deal: int,
             workers: int = 1) -> tuple[Results, dict[int, str]]:
    """Analyze and score every deal of a chunk, a batch per player count.

    ``flags``: in Fantasyland per player for every deal (one value: all
    players).  Returns the results of the good deals and the errors by deal
    index (reading errors included).
    """
    players = deals.players
    n = len(players)
    offsets = np.cumsum(players) - players
    errors = dict(deals.errors)
    total = len(deals.boards)
    fouled = np.zeros(total, dtype=np.bool_)
    strength = np.zeros((total, 3), dtype=np.uint16)
    royalties = np.zeros((total, 3), dtype=np.int16)
    fantasyland = np.zeros(total, dtype=np.uint8)
    stays = np.zeros(total, dtype=np.bool_)
    points = np.zeros(total, dtype=np.int32)
    # 0 / 1 flags, or the count a player is in Fantasyland with (--in-fantasyland 16)
    infl = deals.marks.astype(np.uint8)
    if flags is not None and len(flags) == 1:
        infl = np.maximum(infl, flags[0])
    elif flags is not None:
        fits = players == len(flags)
        rows = np.repeat(fits, players)
        infl[rows] = np.maximum(infl[rows], np.tile(flags, int(fits.sum())))
        for k in np.flatnonzero(~fits & (players > 0)).tolist():
            errors.setdefault(k, f"--in-fantasyland gives {len(flags)} players, this deal has "
                                 f"{int(players[k])}")
    ok = players > 0
    if errors:
        ok[list(errors)] = False
    for p in np.unique(players[ok]).tolist():
        idx = np.flatnonzero(ok & (players == p))
        if p > 1:
            try:
                rules.check_players(p)
            except ValueError as e:
                for k in idx.tolist():
                    errors[k] = str(e)
                continue
        slots = offsets[idx][:, None] + np.arange(p)
        codes = deals.boards[slots]
        flat = codes.reshape(len(idx), 13 * p)
        # a card twice: the sum of the cards' bits is not their union
        bad = flat.max(axis=1) >= DECK_SIZE
        bits = np.left_shift(np.uint64(1), np.minimum(flat, 63).astype(np.uint64))
        bad |= np.bitwise_or.reduce(bits, axis=1) != bits.sum(axis=1, dtype=np.uint64)
        for i in np.flatnonzero(bad).tolist():
            errors[int(idx[i])] = _library_error(codes[i], rules)
        good = ~bad
        slots, codes = slots[good], codes[good]
        a = analyze(codes, rules, in_fantasyland=infl[slots], workers=workers)
        fouled[slots], strength[slots], royalties[slots] = a.fouled, a.strength, a.royalties
        fantasyland[slots], stays[slots] = a.fantasyland, a.stays
        if p > 1:
            points[slots] = score(codes, rules, workers=workers)
    good_deal = players > 0
    if errors:
        good_deal[list(errors)] = False
    keep = np.repeat(good_deal, players)
    deal = np.repeat(np.arange(n, dtype=np.int64) + first_deal, players)[keep]
    player = (np.arange(total, dtype=np.int64) - np.repeat(offsets, players))[keep]
    return Results(deal, player, deals.boards[keep], fouled[keep], strength[keep],
                   royalties[keep], fantasyland[keep], stays[keep], points[keep]), errors


# --- writing ------------------------------------------------------------------------

COLUMNS = ("deal", "player", "board", "fouled", "strength_top", "strength_middle",
           "strength_bottom", "royalty_top", "royalty_middle", "royalty_bottom", "royalties",
           "fantasyland", "stays", "points")
_LOW, _HIGH = -(1 << 15), 1 << 16
_NUMBERS: npt.NDArray[Any] | None = None
# a board's text: 'Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d', 42 characters
_BOARD = "xx xx xx / xx xx xx xx xx / xx xx xx xx xx"
_CARD_AT = np.array([m.start() for m in re.finditer("xx", _BOARD)], dtype=np.int64)
_NAMES = np.array([[ord(r), ord(s)] for r in RANKS for s in SUITS], dtype=np.uint8)
_NAME_AT = np.stack([_CARD_AT, _CARD_AT + 1], axis=1).ravel()     # where each name's 2 characters go


def _numbers(values: npt.NDArray[Any]) -> npt.NDArray[np.object_]:
    """Decimal text of integers (an object array of str), by table lookup."""
    global _NUMBERS
    wide = values.astype(np.int64)
    if wide.size and (wide.min() < _LOW or wide.max() >= _HIGH):
        lo = int(wide.min())
        if int(wide.max()) - lo < 2 * len(wide):      # a close range (deal numbers): a table of it
            table = np.array(list(map(str, range(lo, int(wide.max()) + 1))), dtype=object)
            out: npt.NDArray[np.object_] = table[wide - lo]
            return out
        return np.array(list(map(str, wide.tolist())), dtype=object)
    if _NUMBERS is None:
        _NUMBERS = np.array(list(map(str, range(_LOW, _HIGH))), dtype=object)
    out = _NUMBERS[wide - _LOW]
    return out


def _board_texts(boards: npt.NDArray[np.uint8], quote: str) -> list[str]:
    """'Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d' of each board."""
    text = (quote + _BOARD + quote).encode()
    chars = np.empty((len(boards), len(text)), dtype=np.uint8)
    chars[:] = np.frombuffer(text, dtype=np.uint8)
    chars[:, _NAME_AT + len(quote)] = _NAMES[boards].reshape(len(boards), 26)
    out: list[str] = list(map(bytes.decode, chars.view(f"S{len(text)}").ravel().tolist()))
    return out


class Writer:
    """Rows of results in CSV, JSON (one list) or JSON Lines, written a chunk at a time."""

    def __init__(self, out: IO[str], fmt: str) -> None:
        self.out = out
        self.format = fmt
        self.rows = 0
        self.ended = False
        if fmt == "csv":
            self._write(",".join(COLUMNS) + "\n")
            self.words = ("False", "True")
            self.quote = ""
            # the text before each cell and after the last
            glue = [""] + [","] * (len(COLUMNS) - 1) + ["\n"]
        else:
            if fmt == "json":
                self._write("[")
            self.words = ("false", "true")
            self.quote = '"'
            glue = ["{" + f'"{COLUMNS[0]}": '] + [f', "{c}": ' for c in COLUMNS[1:]] + \
                ["},\n" if fmt == "json" else "}\n"]
        self.glue = glue

    def _write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()

    def write(self, r: Results) -> None:
        n = len(r.deal)
        if not n:
            return
        # one object array of cells and the text between them, joined once
        cells = np.empty((n, 2 * len(COLUMNS) + 1), dtype=object)
        cells[:, 0::2] = self.glue
        words = np.array(self.words, dtype=object)
        royalties = r.royalties.astype(np.int32)
        columns = [_numbers(r.deal), _numbers(r.player), _board_texts(r.boards, self.quote),
                   words[r.fouled.view(np.uint8)], _numbers(r.strength[:, 0]),
                   _numbers(r.strength[:, 1]), _numbers(r.strength[:, 2]),
                   _numbers(royalties[:, 0]), _numbers(royalties[:, 1]), _numbers(royalties[:, 2]),
                   _numbers(royalties.sum(axis=1)), _numbers(r.fantasyland),
                   words[r.stays.view(np.uint8)], _numbers(r.points)]
        for k, column in enumerate(columns):
            cells[:, 2 * k + 1] = column
        if self.format == "json":
            # rows are separated by ',\n': the last one's comma waits for the next chunk
            cells[-1, -1] = "}"
        text = "".join(cells.ravel().tolist())
        if self.format == "json":
            text = (",\n" if self.rows else "\n") + text
        self._write(text)
        self.rows += n

    def end(self) -> None:
        """Close the JSON list (also after an error: what was written stays valid)."""
        if not self.ended and self.format == "json":
            self._write("\n]\n" if self.rows else "]\n")
        self.ended = True


def run_deals(src: Source, out: IO[str], fmt: str, rules: Rules, flags: npt.NDArray[np.uint8] | None,
              skip_bad: bool, report: Callable[[str], None], workers: int = 1) -> tuple[int, int]:
    """Analyze and score every deal of ``src``, writing rows to ``out`` as each chunk is done.

    Returns (deals read, deals skipped).  A bad deal raises ValueError with
    its file and line, after the rows of the deals before it were written,
    unless ``skip_bad``: then ``report`` gets its message and the rest goes on.
    """
    writer = Writer(out, fmt)
    kind = {"text": "", "json": " (JSON)", "jsonl": " (JSON Lines)"}[src.format]
    count = skipped = 0
    try:
        for deals in read_deals(src):
            results, errors = evaluate(deals, rules, flags, count, workers)
            if errors:
                order = sorted(errors)
                if not skip_bad:
                    k = order[0]
                    before = results.deal < count + k
                    writer.write(results.select(before))
                    raise ValueError(f"{src.name}{kind}, line {int(deals.lines[k])}, deal "
                                     f"{count + k}: {errors[k]}")
                for k in order:
                    report(f"{src.name}{kind}, line {int(deals.lines[k])}, deal {count + k}: "
                           f"{errors[k]}")
                skipped += len(order)
            writer.write(results)
            count += len(deals.players)
    except (ValueError, TypeError):
        writer.end()
        raise
    writer.end()
    return count, skipped
