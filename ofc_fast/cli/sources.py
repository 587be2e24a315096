"""Deals files for the command line: open a file or stdin, find its format, read it in blocks.

``Source`` reads bytes a block at a time (and whatever a pipe has sent);
``line_chunks`` cuts them into whole lines, at most ``MAX_LINE`` bytes each;
``read_limited`` reads a small file whole but refuses one past its limit
(``--rules-file``).  Any file that cannot be read further raises
``InputError`` naming the file and the place.
"""
from __future__ import annotations

import codecs
import json
import os
import sys
from collections.abc import Iterator
from typing import Any, TextIO

#: bytes read at a time; a chunk of text is the whole lines of one read
BLOCK = 1 << 20
#: longest line (text, JSON Lines) and longest deal in a JSON document
MAX_LINE = 1 << 20
FORMATS = ("text", "json", "jsonl")
_BOM = codecs.BOM_UTF8


class InputError(ValueError):
    """A file that cannot be read any further (its message names the file and the place)."""


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
        self.format = sniff(path, first) if fmt == "auto" else fmt

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


def sniff(path: str, first: bytes) -> str:
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


def text_lines(src: Source) -> Iterator[tuple[int, str]]:
    """(number, text) of each line of a UTF-8 text file, streamed; bad bytes name the line."""
    for chunk, first in line_chunks(src):
        for k, raw in enumerate(chunk.split(b"\n")[:chunk.count(b"\n") + (not chunk.endswith(b"\n"))]):
            try:
                yield first + k, raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise InputError(f"{src.name}, line {first + k}: not UTF-8 text (a binary file?): "
                                 f"byte 0x{raw[e.start]:02x} at column {e.start + 1}") from None


def read_limited(path: str, limit: int, what: str) -> bytes:
    """A small file read whole, or a clear error: one past ``limit`` bytes is refused."""
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise ValueError(f"{path}: cannot read the {what}: {e.strerror}") from None
    if len(data) > limit:
        raise InputError(f"{path}: longer than {limit} bytes: not a {what}?")
    return data
