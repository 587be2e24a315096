"""Cards: the card codes of the deck, read from text and integers and printed back.

A card code is ``rank * 4 + suit`` (rank 0 = deuce .. 12 = ace; suit 0 = c,
1 = d, 2 = h, 3 = s), the numbering of PokerHandEvaluator; 255 (or -1) marks
an empty slot in a partial board.  Decks with jokers (``Rules.jokers``) add
codes 52 and 53 (``JOKERS``), read from ``X1`` / ``X2`` (or ``Xj``, ``JK``,
the joker emoji: the first joker the board or deal neither holds nor names)
and printed ``X1``, ``X2``; a reader accepts them only when told how many
jokers the rules deal.

>>> cards("Ah Kd 2c")
array([50, 45,  0], dtype=uint8)
>>> card_str([50, 45, 0])
'Ah Kd 2c'
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeAlias, TypeVar, overload

import numpy as np
import numpy.typing as npt

from .. import _core
from .._checks import is_int, ragged, refuse_odd, shown

__all__ = [
    "RANKS", "SUITS", "SUIT_SYMBOLS", "EMPTY", "cards", "card_str", "card",
    "from_cactus", "to_cactus", "JOKERS", "MAX_JOKERS",
]

# the deck as the compiled core reads it (spelled once, in ofc_fast/_scalar.pxi)
#: rank characters, deuce first: rank r of a card is RANKS[r]
RANKS: Final[str] = _core.RANKS
#: suit characters: suit s of a card is SUITS[s]
SUITS: Final[str] = _core.SUITS
#: cards in the deck: codes run 0 .. DECK_SIZE - 1
DECK_SIZE: Final[int] = _core.DECK_SIZE
#: the code of an empty slot (also written -1, or ``--`` in text)
EMPTY: Final[int] = 255
#: the codes of the jokers, in the order a deck adds them (decks hold 0..MAX_JOKERS)
JOKERS: Final[tuple[int, int]] = _core.JOKERS
MAX_JOKERS: Final[int] = len(JOKERS)
# joker text, any case: X1 and X2 name a joker; Xj, JK and the emoji the first one unused
_JOKER_NAMED = {"x1": JOKERS[0], "x2": JOKERS[1]}
_JOKER_ANY = {"xj", "jk", "\U0001f0cf"}
_JOKER_NAMES = {JOKERS[0]: "X1", JOKERS[1]: "X2"}
#: suit symbols, in the order of SUITS (the text the drawings print, ofc_fast.board.drawing)
SUIT_SYMBOLS: Final[str] = "\u2663\u2666\u2665\u2660"
# read too: the solid symbols and the hollow ones
_SUIT_SYMBOLS = {**{c: s for s, c in enumerate(SUIT_SYMBOLS)}, **{c: s for s, c in enumerate("♧♢♡♤")}}

# every spelling of every card: "Ah", "ah", "AH", "aH", "10h", "A♥" ...
_CODE: dict[str, int] = {}
for _r, _rc in enumerate(RANKS):
    for _s, _sc in enumerate(SUITS):
        for _rr in {_rc, _rc.lower()} | ({"10"} if _rc == "T" else set()):
            for _ss in (_sc, _sc.upper()):
                _CODE[_rr + _ss] = _r * 4 + _s
        for _sym, _si in _SUIT_SYMBOLS.items():
            if _si == _s:
                for _rr in {_rc, _rc.lower()} | ({"10"} if _rc == "T" else set()):
                    _CODE[_rr + _sym] = _r * 4 + _s
_EMPTY_TOKENS = {"--", "__", "??", "xx", "XX"}
_NAMES = [RANKS[c >> 2] + SUITS[c & 3] for c in range(DECK_SIZE)]
_TOKEN = re.compile(r"10|\U0001f0cf|\S")
_SEPARATORS = re.compile(r"[\s,;/|\[\]]+")


def jokers_among(boards: Iterable[Any]) -> list[int]:
    """The joker codes in these arrays of codes: what the earlier boards of a deal hold (they
    share one deck, so a generic joker, ``Xj``, takes the first one none of them holds)."""
    return [int(c) for b in boards for c in np.asarray(b).reshape(-1).tolist() if c in JOKERS]


def _pairs(chunk: str) -> list[str] | None:
    """The cards of a chunk written together ("AhKd2c"): rank then suit, repeatedly; None
    for an odd count of characters."""
    toks = [t for tok in _TOKEN.findall(chunk) for t in ((tok, "") if tok == "\U0001f0cf" else (tok,))]
    return None if len(toks) % 2 else [toks[i] + toks[i + 1] for i in range(0, len(toks), 2)]


def _named_in_text(text: str) -> list[int]:
    """The jokers ``text`` names, ``X1`` / ``X2``, read as :func:`parse_text` reads it."""
    if "x1" not in text.lower() and "x2" not in text.lower():
        return []
    out: list[int] = []
    for chunk in _SEPARATORS.split(text.strip()):
        low = chunk.lower()
        if low in _JOKER_NAMED:
            out.append(_JOKER_NAMED[low])
        elif chunk not in _CODE and low not in _JOKER_ANY and chunk not in _EMPTY_TOKENS:
            out += [_JOKER_NAMED[t.lower()] for t in _pairs(chunk) or () if t.lower() in _JOKER_NAMED]
    return out


def named_jokers(board: Any) -> list[int]:
    """The jokers one board (or row) names: ``X1`` / ``X2`` in its text, codes 52 / 53 in
    its codes, or either among its cards given one by one (or in nested lists of them);
    anything else names none.
    A generic joker (``Xj``) leaves these to the card that names them, wherever it is
    in the board or deal."""
    if isinstance(board, str):
        return _named_in_text(board)
    if isinstance(board, np.ndarray) and board.dtype.kind in "iu":
        return [j for j in JOKERS if (board == j).any()]
    if isinstance(board, np.ndarray):
        board = board.reshape(-1).tolist()
    if not isinstance(board, (list, tuple)):
        return []
    return [j for c in board for j in (_named_in_text(c) if isinstance(c, str) else
                                       [int(c)] if is_int(c) and c in JOKERS else
                                       named_jokers(c) if isinstance(c, (list, tuple, np.ndarray)) else [])]


_T = TypeVar("_T")


def read_in_turn(items: Sequence[Any], read: Callable[[int, Any, list[int]], _T], jokers: int) -> list[_T]:
    """``read(k, item, before)`` for each part of ONE board or deal (one deck), in order: the
    one home of how generic jokers share a deck.  ``before``: the jokers the parts read
    before it hold and the jokers the parts after it name (:func:`named_jokers`), so a
    generic joker (``Xj``) takes the first joker no other part holds or names; empty
    without jokers (``jokers`` 0)."""
    named = [named_jokers(i) for i in items] if jokers else []
    out: list[_T] = []
    for k, item in enumerate(items):
        before = [*jokers_among(out), *(j for later in named[k + 1:] for j in later)] if jokers else []
        out.append(read(k, item, before))
    return out


def _joker(token: str, out: list[int], jokers: int, where: str, text: str, before: Sequence[int] = ()) -> bool:
    """Append the joker ``token`` names (True), or False when it names none.  ``before``:
    the codes read elsewhere in the same hand or board (a generic joker takes the first
    joker not there, not in ``out`` and not named in ``text``)."""
    low = token.lower()
    if low in _JOKER_NAMED:
        code = _JOKER_NAMED[low]
    elif low in _JOKER_ANY:
        # a joker named later in the text (X1 in "Xj X1") is its own: the generic leaves it
        named = _named_in_text(text)
        used = [j for j in JOKERS if j in out or j in before or j in named]
        code = next((j for j in JOKERS if j not in used), JOKERS[-1] + 1)
        if used and code - JOKERS[0] >= jokers:
            raise ValueError(f"{where}joker {shown(token)} in {shown(text)}: no joker is left: the rules "
                             f"have {jokers} (jokers={jokers}) and {' and '.join(_JOKER_NAMES[j] for j in used)} "
                             f"{'is' if len(used) == 1 else 'are'} already there")
    else:
        return False
    if code - JOKERS[0] >= jokers:
        have = "no jokers" if jokers == 0 else f"{jokers} joker"
        raise ValueError(f"{where}joker {shown(token)} (code {code}) in {shown(text)}: the rules "
                         f"have {have} (jokers={jokers})")
    out.append(code)
    return True


def parse_text(text: str, allow_empty: bool, where: str = "", jokers: int = 0,
               before: Sequence[int] = ()) -> list[int]:
    """Codes of the cards in ``text`` ("Ah Kd 2c", "AhKd2c", "ah,kd,10c"); ``jokers``:
    how many jokers the rules deal (their text is an error beyond it); ``before``: the
    codes of the same board or deal a generic joker must leave alone (the rows and boards
    read before this one, and the jokers named in those after it)."""
    out: list[int] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        code = _CODE.get(chunk)
        if code is not None:
            out.append(code)
            continue
        if _joker(chunk, out, jokers, where, text, before):
            continue
        if chunk in _EMPTY_TOKENS:
            if not allow_empty:
                raise ValueError(f"{where}empty slot {shown(chunk)} where a card is needed")
            out.append(EMPTY)
            continue
        # cards written together ("AhKd2c"): rank then suit, repeatedly
        pairs = _pairs(chunk)
        if pairs is None:
            raise ValueError(f"{where}cannot read card text {shown(chunk)} in {shown(text)}")
        for tok in pairs:
            code = _CODE.get(tok)
            if code is None and _joker(tok, out, jokers, where, text, before):
                continue
            if code is None:
                if tok in _EMPTY_TOKENS and allow_empty:
                    out.append(EMPTY)
                    continue
                raise ValueError(
                    f"{where}unknown card {shown(tok)} in {shown(text)}: a card is a rank "
                    f"({' '.join(RANKS)}, or 10) then a suit (c d h s)")
            out.append(code)
    return out


def _joker_note(v: int, jokers: int) -> str:
    """' (a joker: the rules have jokers=0)' for a joker code the rules do not deal."""
    return f" (a joker: the rules have jokers={jokers})" if v in JOKERS else ""


def _check_int(v: int, where: str, allow_empty: bool, jokers: int = 0) -> int:
    if 0 <= v < DECK_SIZE + jokers:
        return v
    if allow_empty and v in (-1, EMPTY):
        return EMPTY
    raise ValueError(f"{where}card code {v} is not in 0..{DECK_SIZE + jokers - 1}{_joker_note(v, jokers)}")


def cards(x: str | Iterable[Any] | npt.ArrayLike, *, allow_empty: bool = False,
          jokers: int = 0) -> npt.NDArray[np.uint8]:
    """Card codes of ``x`` as a uint8 array.

    ``x`` is text (``"Ah Kd 2c"``, ``"AhKd2c"``, any case, ``10`` for ``T``,
    suit symbols allowed), an iterable of card texts or codes, or a nested
    list / array of them (each text element may hold one card or a whole
    hand; a hand per element adds a last axis).  ``allow_empty`` accepts
    ``--`` / ``-1`` / ``255`` as an empty slot (code 255).  ``jokers``: how
    many jokers the rules deal (``Rules.jokers``): codes 52 (and 53) and their
    text ``X1`` (``X2``) are cards then, an error otherwise.

    >>> cards("As Ks Qs Ts X1", jokers=1).tolist()
    [51, 47, 43, 35, 52]

    >>> cards("Ah Kd 2c").tolist()
    [50, 45, 0]
    >>> cards(["Qh Qd 5c", "As Ks Qs"]).shape
    (2, 3)
    >>> cards([51, "2c"]).tolist()
    [51, 0]
    """
    if isinstance(x, str):
        return np.array(parse_text(x, allow_empty, "", jokers), dtype=np.uint8)
    if isinstance(x, (bytes, bytearray)):
        raise TypeError(f"card text must be str, not {type(x).__name__} ({shown(x)})")
    refuse_odd(x)
    if isinstance(x, np.ndarray) and x.dtype.kind in "iu":
        return _int_array(x, allow_empty, jokers)
    if is_int(x):
        return np.array([_check_int(int(x), "", allow_empty, jokers)], dtype=np.uint8)
    if x is None:
        raise TypeError("cards() takes text, card codes or a sequence of them, not None")
    if isinstance(x, np.ndarray) and x.dtype == object:
        raise TypeError("card codes must be an integer array or text, not an object array")
    if isinstance(x, np.ndarray) and x.dtype.kind == "S":
        raise TypeError(f"card text must be str, not bytes (a {x.dtype} array); decode it first")
    if not isinstance(x, (np.ndarray, list, tuple)) and isinstance(x, Iterable):
        x = list(x)   # an iterator or generator of cards
    try:
        arr = np.asarray(x, dtype=object) if not isinstance(x, np.ndarray) else x
    except ValueError:   # ragged in a way numpy cannot hold even as objects
        raise ValueError(ragged(x) or "nested lists must be rectangular") from None
    if arr.dtype.kind in "iu":
        return _int_array(arr, allow_empty, jokers)
    if arr.dtype.kind == "b" or arr.dtype.kind in "fc":
        raise TypeError(f"card codes must be integers, got a {arr.dtype} array")
    if arr.ndim == 0:
        raise TypeError(f"cannot read cards from {type(x).__name__} {shown(x)}")
    return _object_array(arr, allow_empty, jokers)


def cards_among(x: Any, before: Sequence[int], *, allow_empty: bool = False,
                jokers: int = 0) -> npt.NDArray[np.uint8]:
    """:func:`cards` of one row or board of a board or deal given as text or card by card:
    a generic joker there leaves ``before`` (as in :func:`parse_text`) alone."""
    if jokers and before and isinstance(x, str):
        return np.array(parse_text(x, allow_empty, "", jokers, before), dtype=np.uint8)
    if jokers and before and isinstance(x, (list, tuple)) and x \
            and all(isinstance(c, str) or is_int(c) for c in x):
        return _object_array(np.array(x, dtype=object), allow_empty, jokers, before)
    return cards(x, allow_empty=allow_empty, jokers=jokers)


def _where(index: tuple[int, ...]) -> str:
    """'hand 3, position 4: ' for an index whose last axis runs over the cards of a hand."""
    if len(index) <= 1:
        return f"position {index[0]}: " if index else ""
    lead = index[:-1]
    return f"hand {lead[0] if len(lead) == 1 else lead}, position {index[-1]}: "


def _int_array(arr: npt.NDArray[Any], allow_empty: bool, jokers: int = 0) -> npt.NDArray[np.uint8]:
    bad = (arr < 0) | (arr >= DECK_SIZE + jokers)
    if allow_empty:
        bad &= (arr != -1) & (arr != EMPTY)
    if bad.any():
        index = tuple(int(i) for i in np.unravel_index(int(np.argmax(bad)), arr.shape))
        v = int(arr[index])
        raise ValueError(f"{_where(index)}card code {v} is not in 0..{DECK_SIZE + jokers - 1}"
                         f"{_joker_note(v, jokers)}")
    return arr.astype(np.uint8)


def _object_array(arr: npt.NDArray[Any], allow_empty: bool, jokers: int = 0,
                  before: Sequence[int] = ()) -> npt.NDArray[np.uint8]:
    """Element by element: ints are codes, text is one card or a whole hand; ``before``:
    as in :func:`parse_text`, for every hand."""
    if arr.size == 0:   # an empty list or text array holds no cards
        return np.zeros(arr.shape, dtype=np.uint8)
    rows: list[list[int]] = []
    for index in np.ndindex(arr.shape):
        item = arr[index]
        where = _where(index)
        if isinstance(item, str):
            codes = parse_text(item, allow_empty, where, jokers, before)
            if not codes:
                raise ValueError(f"{where}empty text {shown(item)}: an item holds one card or a "
                                 f"whole hand")
            rows.append(codes)
        elif isinstance(item, (list, tuple, np.ndarray)):   # numpy kept a ragged level
            raise ValueError(ragged(arr) or f"{where}a nested sequence where a card is needed")  # noqa: TRY004
        elif is_int(item):
            rows.append([_check_int(int(item), where, allow_empty, jokers)])
        else:
            raise TypeError(f"{where}expected card text or an integer code, got "
                            f"{type(item).__name__} {shown(item)}")
    counts = {len(r) for r in rows}
    if counts == {1}:
        flat = np.array([r[0] for r in rows], dtype=np.uint8).reshape(arr.shape)
        if jokers:   # a generic joker takes the first joker unused in its hand (the last axis)
            generic: dict[tuple[int, ...], str] = {}
            for index in np.ndindex(arr.shape):
                cell = arr[index]
                if isinstance(cell, str) and cell.strip().lower() in _JOKER_ANY:
                    generic[index] = cell
            for index, text in generic.items():
                # the cards before it, and the jokers named after it (X1 in ["Xj", "X1"])
                hand = [*before, *(int(flat[index[:-1] + (i,)]) for i in range(arr.shape[-1])
                                   if i < index[-1] or index[:-1] + (i,) not in generic)]
                flat[index] = int(parse_text(text, False, _where(index), jokers, hand)[0])
        return flat
    if len(counts) == 1:
        k = counts.pop()
        return np.array(rows, dtype=np.uint8).reshape(arr.shape + (k,))
    k = next(i for i, r in enumerate(rows) if len(r) != len(rows[0]))
    first, other = (_where(idx).rsplit(":", 1)[0] for idx in
                    (next(iter(np.ndindex(arr.shape))), list(np.ndindex(arr.shape))[k]))
    raise ValueError(f"{other} holds {len(rows[k])} card{'s' * (len(rows[k]) != 1)} where {first} "
                     f"holds {len(rows[0])}; "
                     f"give one card or one whole hand per item")


def card(text: str) -> int:
    """Code of one card.

    >>> card("As"), card("10h")
    (51, 34)
    """
    if not isinstance(text, str):
        raise TypeError(f"card() takes the text of one card, not {type(text).__name__} {shown(text)}")
    codes = parse_text(text, False)
    if len(codes) != 1:
        raise ValueError(f"expected one card, got {len(codes)} in {shown(text)}")
    return codes[0]


# For the overloads: a 1-D array is one hand (one result), anything else a
# batch.  An array whose number of dimensions the type checker does not know
# is taken as a batch (it matches the 2-D alias first).
Array1: TypeAlias = "np.ndarray[tuple[int], np.dtype[Any]]"
Array2: TypeAlias = "np.ndarray[tuple[int, int], np.dtype[Any]]"


@overload
def card_str(codes: int | np.integer[Any] | Sequence[int], sep: str = ...) -> str: ...
@overload
def card_str(codes: Array2 | Sequence[Sequence[int]], sep: str = ...) -> list[str]: ...
@overload
def card_str(codes: Array1, sep: str = ...) -> str: ...
@overload
def card_str(codes: npt.NDArray[Any], sep: str = ...) -> Any: ...


def card_str(codes: Any, sep: str = " ") -> Any:
    """Canonical text of card codes: ``"Ah Kd 2c"``; 255 / -1 print as ``--``, jokers
    (52, 53) as ``X1``, ``X2``.

    A single code gives one card; a 1-D sequence gives one string; a 2-D or
    deeper array gives a list (nested like the array) of strings, one per row.

    >>> card_str([50, 45, 0])
    'Ah Kd 2c'
    >>> card_str(51)
    'As'
    """
    if not isinstance(sep, str):
        raise TypeError(f"sep must be a str, not {type(sep).__name__} {sep!r}")
    refuse_odd(codes, "card_str()")
    if is_int(codes):
        return _name(int(codes), "")
    return _card_str(codes, sep, ())


def _card_str(codes: Any, sep: str, index: tuple[int, ...]) -> Any:
    if isinstance(codes, (list, tuple)) and codes and not isinstance(codes[0], (list, tuple, np.ndarray)):
        # a flat list: Python ints of any size, named by position if out of range
        items = list(codes)
        for i, c in enumerate(items):
            if not is_int(c):
                raise TypeError(f"{_where(index + (i,))}card_str() takes integer card codes, "
                                f"got {type(c).__name__} {shown(c)}")
        return sep.join(_name(int(c), _where(index + (i,))) for i, c in enumerate(items))
    if isinstance(codes, (list, tuple)) and codes and all(isinstance(x, (list, tuple, np.ndarray)) for x in codes):
        # nested lists, ragged or not: a list of the items' strings
        return [_card_str(a, sep, index + (i,)) for i, a in enumerate(codes)]
    arr = np.asarray(codes)
    if arr.dtype.kind not in "iu":
        if arr.size == 0:
            return "" if arr.ndim <= 1 else [_card_str(a, sep, index + (i,)) for i, a in enumerate(arr)]
        if arr.dtype == object and arr.ndim >= 1:
            return [_card_str(a, sep, index + (i,)) for i, a in enumerate(codes)]
        raise TypeError(f"card_str() takes integer card codes, got a {arr.dtype} array")
    if arr.ndim == 0:
        return _name(int(arr), _where(index) if index else "")
    if arr.ndim == 1:
        return sep.join(_name(int(c), _where(index + (i,))) for i, c in enumerate(arr))
    return [_card_str(a, sep, index + (i,)) for i, a in enumerate(arr)]


def _name(code: int, where: str) -> str:
    if 0 <= code < DECK_SIZE:
        return _NAMES[code]
    if code in (-1, EMPTY):
        return "--"
    if code in _JOKER_NAMES:
        return _JOKER_NAMES[code]
    raise ValueError(f"{where}card code {code} is not in 0..{DECK_SIZE + len(_JOKER_NAMES) - 1} "
                     f"({', '.join(f'{c} is the joker {t}' for c, t in _JOKER_NAMES.items())}; "
                     f"255 or -1 an empty slot)")


# --- Cactus Kev card integers (treys, deuces) -------------------------------
# bits: xxxbbbbb bbbbbbbb cdhsrrrr xxpppppp  (b: rank bit, cdhs: suit bit,
# r: rank 0..12, p: prime of the rank)
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_CACTUS_SUIT = (8, 4, 2, 1)       # clubs, diamonds, hearts, spades
_TO_CACTUS = np.array(
    [(1 << (16 + (c >> 2))) | (_CACTUS_SUIT[c & 3] << 12) | ((c >> 2) << 8) | _PRIMES[c >> 2]
     for c in range(DECK_SIZE)], dtype=np.int64)
_SUIT_OF_BIT = np.array([-1, 3, 2, -1, 1, -1, -1, -1, 0, -1, -1, -1, -1, -1, -1, -1])  # bit -> suit


def to_cactus(codes: Any) -> npt.NDArray[np.int64]:
    """Cactus Kev card integers (as used by treys / deuces) of card codes.

    >>> int(to_cactus(cards("As"))[0])   # treys Card.new("As")
    268442665
    """
    out: npt.NDArray[np.int64] = _TO_CACTUS[cards(codes)]
    return out


def from_cactus(ints: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """Card codes of Cactus Kev card integers (treys / deuces ``Card.new``).

    >>> card_str(from_cactus([268442665, 134236965]))
    'As Kd'
    """
    refuse_odd(ints, "from_cactus()")
    if isinstance(ints, (list, tuple)):
        fast = _core.from_cactus_one(ints)   # valid Cactus Kev ints: straight to C
        if fast is not None:
            return fast
        for i, v in enumerate(ints):
            if isinstance(v, (bool, np.bool_, np.timedelta64)):
                raise TypeError(f"position {i}: Cactus Kev cards are integers, not "
                                f"{type(v).__name__} {v!r}")
            if isinstance(v, int) and not isinstance(v, bool) and not 0 <= v < 2**31:
                raise ValueError(f"position {i}: {v} is not a Cactus Kev card integer")
    arr = np.asarray(ints)
    if arr.size == 0:
        return np.zeros(arr.shape, dtype=np.uint8)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"Cactus Kev cards are integers, got a {arr.dtype} array")
    # rank in bits 8-11, one suit bit in 12-15: the code they name must encode
    # back to exactly this integer, or it is not a card
    wide = arr.astype(np.int64) if arr.dtype != np.uint64 else arr.astype(np.int64, casting="unsafe")
    rank = (wide >> 8) & 15
    suit = _SUIT_OF_BIT[(wide >> 12) & 15]
    code = np.where((rank < 13) & (suit >= 0), rank * 4 + suit, 0)
    bad = (_TO_CACTUS[code] != wide) | (arr < 0)
    if arr.dtype == np.uint64:
        bad |= arr > np.iinfo(np.int64).max
    if bad.any():
        index = tuple(int(j) for j in np.unravel_index(int(np.argmax(bad)), arr.shape)) if arr.ndim else ()
        raise ValueError(f"{_where(index)}{arr[index] if arr.ndim else arr} is not a Cactus Kev card integer")
    out: npt.NDArray[np.uint8] = code.astype(np.uint8)
    return out
