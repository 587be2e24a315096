"""The text format's usual spelling read with array operations: the fast path of deal lines.

A good line is boards separated by ';', each 13 two-character cards (rank
then suit, any case; ``X1`` / ``X2`` where the rules deal jokers) separated
by blanks or not at all, with no row separator or with '/' or '|' after the
3rd and 8th card, and at most one '*' before its first card.  It reads the
same grammar as :func:`ofc_fast.cards` (tests/card_text_table.py drives
both); a line it cannot read (other joker spellings among them) is left to
that parser, which reads it or says why not.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..hand.cards import JOKERS, RANKS, SUITS

_WS, _RANK, _SUIT, _ROWSEP, _SEMI, _NL, _MARK, _OTHER, _X = range(9)
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
_CLASS[ord("x")] = _CLASS[ord("X")] = _X       # a joker, X1 / X2, where the rules deal one
_CLASS_TABLE, _RANK_TABLE, _SUIT_TABLE = (t.tobytes() for t in (_CLASS, _RANK_OF, _SUIT_OF))


def _count(mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32]:
    """Running count of a mask (through int8: numpy's cumsum of bools is slow)."""
    out: npt.NDArray[np.int32] = np.cumsum(mask.view(np.int8), dtype=np.int32)
    return out


class Lines(NamedTuple):
    blank: npt.NDArray[np.bool_]      # (lines,) nothing on the line
    good: npt.NDArray[np.bool_]       # (lines,) read by the fast path
    players: npt.NDArray[np.int64]    # (good lines,)
    boards: npt.NDArray[np.uint8]     # (boards of good lines, 13)
    marks: npt.NDArray[np.bool_]      # (boards of good lines,)


def fast_lines(data: bytes, jokers: int = 0) -> Lines:
    """The lines of ``data`` that hold deals in the usual spelling, read with array operations.

    A good line is boards separated by ';', each 13 two-character cards
    (rank then suit, any case; ``X1`` and, with two, ``X2`` when the rules
    deal ``jokers``) separated by blanks or not at all, with no row
    separator or with '/' or '|' after the 3rd and 8th card, and at most
    one '*' before its first card.  Anything else is left to the library's
    parser.
    """
    if not data.endswith(b"\n"):
        data += b"\n"
    a = np.frombuffer(data, dtype=np.uint8)
    cls = np.frombuffer(data.translate(_CLASS_TABLE), dtype=np.uint8)   # faster than _CLASS[a]
    is_rank, is_suit = cls == _RANK, cls == _SUIT
    card = np.zeros(len(a), dtype=np.bool_)
    card[:-1] = is_rank[:-1] & is_suit[1:]                     # a card: rank then suit
    joker = None
    if jokers:
        is_x = cls == _X
        if is_x.any():
            # X1 (X2 with two jokers): the digit after the X starts no card ('X2d' is not X2, 2d)
            digit = (a == ord("1")) | ((a == ord("2")) if jokers > 1 else False)
            joker = np.zeros(len(a), dtype=np.bool_)
            joker[:-1] = is_x[:-1] & digit[1:]
            joker_digit = np.zeros(len(a), dtype=np.bool_)
            joker_digit[1:] = joker[:-1]
            card = (card & ~joker_digit) | joker
    after_card = np.zeros(len(a), dtype=np.bool_)
    after_card[1:] = card[:-1]
    loose = (cls >= _OTHER) | (is_rank & ~card) | (is_suit & ~after_card)
    if joker is not None:
        loose &= ~(joker | joker_digit)
    # tokens: cards (at their rank, or X), row separators, ';', newlines and '*', in order
    tok = np.flatnonzero(card | ((cls - np.uint8(_ROWSEP)) <= _MARK - _ROWSEP))
    kind = cls[tok]
    is_card = kind == _RANK if joker is None else card[tok]
    is_sep, is_mark = kind == _ROWSEP, kind == _MARK
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
    codes = rank * np.uint8(4) + suit
    if joker is not None:
        at = joker[p]
        codes[at] = np.uint8(JOKERS[0]) + (a[p[at] + 1] == ord("2"))
    codes = codes.reshape(-1, 13)
    marks = (nmark > 0)[seg_good]
    return Lines(blank, good, per_line[good].astype(np.int64), codes, marks)
