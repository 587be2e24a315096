"""JSON deals read one value at a time: one JSON document (``JsonStream``) or JSON Lines.

Each yields (value, line where it starts); a JSON Lines line that cannot be
read yields ``Bad`` with the reason, so that the deals around it go on.
"""
from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from typing import Any

from .sources import MAX_LINE, InputError, Source, line_chunks

_JSON_TYPES = {bool: "a bool", int: "a number", float: "a number", str: "a string",
               list: "a list", dict: "an object"}


def short(value: Any) -> str:
    """A JSON value in a message: its kind and its start ('a list [1, 2, 3]')."""
    if value is None:
        return "null"
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    text = text if len(text) <= 60 else text[:57] + "..."
    return f"{_JSON_TYPES.get(type(value), type(value).__name__)} {text}"


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
                             f'board strings) or {{"deals": [...]}}, got {short(value)}')
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


def jsonl_values(src: Source) -> Iterator[tuple[Any, int]]:
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
                yield Bad(f"not UTF-8 text (a binary file?): byte 0x{ord(line[e.start]) & 255:02x} "
                           f"at column {e.start + 1}"), first + k
            except json.JSONDecodeError as e:
                yield Bad(f"not valid JSON: column {e.colno}: {e.msg}"), first + k
            except RecursionError:
                yield Bad("not valid JSON: nested too deeply"), first + k


class Bad:
    """A JSON line that could not be read, standing in for its deal."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
