"""Hand strength: one scale for 3- and 5-card hands, deuce-to-seven lowball.

``strength`` is a uint16, larger = stronger, comparable between a top row (3
cards) and a middle or bottom row (5 cards): category first, then ranks by
significance, and a missing kicker is lower than any card (docs/RULES.md §3).  5-card
hands take 7462 distinct values, 3-card hands 455, in 1..STRENGTH_MAX.

>>> strength("Qh Qd 5c") > strength("Qs Qc 4d 3h 2s")
True
>>> describe(strength("Qh Qd Kc"))
'Pair of Queens, King kicker'
"""
from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, Final, overload

import numpy as np
import numpy.typing as npt

from .. import _core, _workers
from .._checks import is_int, ragged, refuse_odd, shown
from .bad_rows import raise_bad_hand
from .cards import DECK_SIZE, JOKERS, Array1, Array2, cards, parse_text

__all__ = [
    "HandCategory", "STRENGTH_MAX", "LOWBALL_MAX", "strength", "lowball27",
    "category", "describe", "to_cactus_rank", "hand_array",
    "ranks", "strength_table", "STRENGTH_TABLE_DTYPE", "FIVE_OF_A_KIND_MIN", "STRENGTH_FIVE_MAX",
]

#: strongest strength (royal flush); strengths run 1..STRENGTH_MAX
STRENGTH_MAX: Final[int] = _core.STRENGTH_MAX
#: best deuce-to-seven rank (7-5-4-3-2 offsuit); ranks run 1..LOWBALL_MAX
LOWBALL_MAX: Final[int] = _core.LOWBALL_MAX
#: five of a kind (jokers, joker_pool "duplicates"): FIVE_OF_A_KIND_MIN + rank, above every
#: natural strength; rules ranking it "below_royal" compare rows by order_key (docs/VARIANTS.md)
FIVE_OF_A_KIND_MIN: Final[int] = STRENGTH_MAX + 1
#: the largest strength of all (five aces)
STRENGTH_FIVE_MAX: Final[int] = _core.STRENGTH_FIVE_MAX


class HandCategory(enum.IntEnum):
    """Hand category, weakest first; a royal flush is told apart from other straight flushes."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9
    FIVE_OF_A_KIND = 10     # only with jokers that may copy a card (Rules.five_of_a_kind)

    @property
    def label(self) -> str:
        """Readable name: ``HandCategory.FULL_HOUSE.label == 'Full house'``."""
        return self.name.replace("_", " ").capitalize()


_INFO = np.concatenate([_core.strength_info(),   # category | cards << 4 | ranks << 8
                        [10 | 5 << 4 | (r | 0xFFFF0) << 8 for r in range(13)]]).astype(np.uint32)
_CATEGORY = (_INFO & 15).astype(np.uint8)
_NCARDS = ((_INFO >> 4) & 15).astype(np.uint8)
_CACTUS = np.concatenate([_core.cactus_ranks(), np.zeros(13, np.uint16)])   # none for five of a kind


# --- input ------------------------------------------------------------------

def hand_array(x: Any, sizes: tuple[int, ...] = (3, 5),
               jokers: int = 0) -> tuple[npt.NDArray[np.uint8], tuple[int, ...], bool]:
    """(C-contiguous uint8 (n, k) array, leading shape, is-one-hand) of a hands argument.

    Integer arrays of any dtype and memory order are accepted; codes that are
    no card are reported here with their original value, before any narrowing.
    ``jokers``: the jokers the rules deal (their codes and text are cards then).
    """
    if isinstance(x, (bool, np.bool_)):
        raise TypeError(f"cards must be integer codes or text, not bool {x!r}")
    if type(x) is not np.ndarray:   # a plain array needs no look (dtypes are checked below)
        refuse_odd(x)
    elif x.dtype.kind in "mM":
        raise TypeError(f"cards must be integer codes or text, got a {x.dtype} array")
    if isinstance(x, (int, np.integer, np.ndarray)) and np.ndim(x) == 0:
        raise TypeError(f"a hand is a sequence of {' or '.join(map(str, sizes))} cards, "
                        f"not a single value: {type(x).__name__} {shown(x)}")
    if isinstance(x, str):
        arr = np.array(parse_text(x, False, "", jokers), dtype=np.uint8)
    elif isinstance(x, np.ndarray) and x.dtype == np.uint8:
        arr = x
    elif isinstance(x, np.ndarray) and x.dtype.kind in "iu":
        arr = _narrow(x, jokers)
    else:
        if isinstance(x, np.ndarray) and x.dtype.kind not in "US":
            raise TypeError(f"cards must be integer codes or text, got a {x.dtype} array")
        arr = cards(x, jokers=jokers)
    if arr.ndim == 0:
        raise TypeError("a hand is a sequence of cards, not a single value")
    k = arr.shape[-1]
    if k not in sizes:
        want = " or ".join(str(s) for s in sizes)
        raise ValueError(f"a hand has {want} cards: got {k} (last dimension of shape {arr.shape})")
    lead = arr.shape[:-1]
    flat = np.ascontiguousarray(arr.reshape(-1, k))
    return flat, lead, arr.ndim == 1


def _narrow(x: npt.NDArray[Any], jokers: int = 0) -> npt.NDArray[np.uint8]:
    """uint8 copy of an integer array after checking every code is a card."""
    bad = (x < 0) | (x >= DECK_SIZE + jokers)
    if bad.any():
        index = tuple(int(i) for i in np.unravel_index(int(np.argmax(bad)), x.shape))
        lead, pos = index[:-1], index[-1]
        where = f"hand {lead[0] if len(lead) == 1 else lead}, " if lead else ""
        value = x[index]
        what = "an empty slot" if value in (-1, 255) else "card code"
        note = f" (a joker: the rules have jokers={jokers})" if value in JOKERS else ""
        raise ValueError(f"{where}position {pos}: {what} {value} is not in 0..{DECK_SIZE + jokers - 1}{note}")
    return x.astype(np.uint8)


def joker_rules(rules: Any) -> tuple[int, int]:
    """(jokers, five_kind) of a ``rules=`` argument: None (no jokers) or an object with the
    joker fields of ``Rules`` (``jokers``, ``joker_pool``, ``five_of_a_kind``)."""
    if rules is None:
        return 0, 0
    try:
        jokers, pool, five = rules.jokers, rules.joker_pool, rules.five_of_a_kind
    except AttributeError:
        raise TypeError(f"rules must be a Rules object (its joker fields) or None, got "
                        f"{type(rules).__name__} {shown(rules)}") from None
    return int(jokers), int(five is not None and pool == "duplicates")


def five_below_royal(rules: Any) -> int:
    """1 when the rules rank five of a kind below the royal flush (``five_of_a_kind="below_royal"``)."""
    return int(rules is not None and getattr(rules, "five_of_a_kind", None) == "below_royal")


def _batch(rows_fn: Any, x: Any, sizes: tuple[int, ...], workers: int, jokers: int = 0) -> Any:
    w = _workers.resolve_workers(workers)
    flat, lead, one = hand_array(x, sizes, jokers)
    out = np.empty(flat.shape[0], dtype=np.uint16)
    bad = _workers.run(lambda lo, hi: rows_fn(flat, out, lo, hi), flat.shape[0], w)
    if bad >= 0:
        raise_bad_hand(flat, bad, lead, jokers)
    if one:
        return int(out[0])
    return out.reshape(lead)


# --- public API -------------------------------------------------------------

@overload
def strength(hands: str | Sequence[int], *, workers: int = ..., rules: Any = ...) -> int: ...
@overload
def strength(hands: Array2 | Sequence[Sequence[Any]], *, workers: int = ...,
             rules: Any = ...) -> npt.NDArray[np.uint16]: ...
@overload
def strength(hands: Array1, *, workers: int = ..., rules: Any = ...) -> int: ...
@overload
def strength(hands: npt.NDArray[Any], *, workers: int = ..., rules: Any = ...) -> npt.NDArray[np.uint16]: ...


def strength(hands: Any, *, workers: int = 1, rules: Any = None) -> Any:
    """Strength of hands of 3 or 5 cards: larger = stronger, one scale for both.

    ``hands`` is an integer array of shape ``(..., 5)`` or ``(..., 3)`` (any
    integer dtype, any memory order) giving a uint16 array of shape ``(...)``,
    or one hand as text or a list, giving an int.  ``workers``: threads
    (-1 = every core); the GIL is released while hands are evaluated, so
    other threads must not change ``hands`` while the call runs.

    >>> strength("Qh Qd 5c") > strength("Qs Qc 4d 3h 2s")   # docs/RULES.md §3: QQ5 beats QQ432
    True
    >>> strength([[48, 44, 40, 36, 32], [0, 1, 2, 4, 8]]).tolist()   # royal flush, three deuces
    [7917, 5439]

    ``rules``: the rules of a deck with jokers (``Rules.jokers`` 1 or 2;
    None: no jokers).  A joker is then worth the card that makes the hand
    strongest among the cards it may become in a row: a card not already in
    the hand, or under ``joker_pool="duplicates"`` with ``five_of_a_kind``
    set any card, five of a kind being ``FIVE_OF_A_KIND_MIN + rank`` (above
    ``STRENGTH_MAX``: every joker-free strength keeps its value).

    >>> import dataclasses, ofc_fast as ofc
    >>> jk = dataclasses.replace(ofc.PINEAPPLE, name="jokers", jokers=2)
    >>> describe(strength("As Ks Qs Ts X1", rules=jk)), describe(strength("8c 8d 8h 9s X1", rules=jk))
    ('Royal flush', 'Four Eights, Nine kicker')
    """
    jokers, five_kind = joker_rules(rules)
    if jokers:
        def rows(flat: Any, out: Any, lo: int, hi: int) -> int:
            return int(_core.strength_jokers_rows(flat, out, lo, hi, jokers, five_kind))
        return _batch(rows, hands, (3, 5), workers, jokers)
    return _batch(_core.strength_rows, hands, (3, 5), workers)


@overload
def lowball27(hands: str | Sequence[int], *, workers: int = ..., rules: Any = ...) -> int: ...
@overload
def lowball27(hands: Array2 | Sequence[Sequence[Any]], *, workers: int = ...,
              rules: Any = ...) -> npt.NDArray[np.uint16]: ...
@overload
def lowball27(hands: Array1, *, workers: int = ..., rules: Any = ...) -> int: ...
@overload
def lowball27(hands: npt.NDArray[Any], *, workers: int = ..., rules: Any = ...) -> npt.NDArray[np.uint16]: ...


def lowball27(hands: Any, *, workers: int = 1, rules: Any = None) -> Any:
    """Deuce-to-seven lowball rank of 5-card hands: larger = better low.

    Aces are high, straights and flushes count against the hand; 7-5-4-3-2
    offsuit is LOWBALL_MAX (7462), a royal flush 1.  Same input rules as
    :func:`strength`.

    >>> lowball27("7c 5d 4h 3s 2c") == LOWBALL_MAX
    True
    >>> lowball27("Ah 5d 4h 3s 2c") > lowball27("6h 5d 4h 3s 2c")  # A-5 is ace high, 6-2 a straight
    True

    ``rules``: the rules of a deck with jokers, as for :func:`strength`; a
    joker is then the card (not in the hand; two jokers two cards) that
    makes the best low.
    """
    jokers, _ = joker_rules(rules)
    if jokers:
        def rows(flat: Any, out: Any, lo: int, hi: int) -> int:
            return int(_core.lowball27_jokers_rows(flat, out, lo, hi, jokers))
        return _batch(rows, hands, (5,), workers, jokers)
    return _batch(_core.lowball27_rows, hands, (5,), workers)


def _item(index: tuple[int, ...]) -> str:
    """'item 3: ' (or 'item (1, 2): ') for an index into an array of strengths."""
    return f"item {index[0] if len(index) == 1 else index}: " if index else ""


def _first_bool(s: Any, index: tuple[int, ...] = ()) -> tuple[tuple[int, ...], Any] | None:
    """(index, value) of the first bool (or timedelta) inside nested lists, or None."""
    for i, v in enumerate(s):
        if isinstance(v, (list, tuple)):
            found = _first_bool(v, index + (i,))
            if found:
                return found
        elif isinstance(v, (bool, np.bool_, np.timedelta64, np.datetime64)):
            return index + (i,), v
    return None


def _strength_array(s: Any) -> tuple[npt.NDArray[Any], bool]:
    top = STRENGTH_FIVE_MAX   # five of a kind included
    if isinstance(s, int) and not isinstance(s, bool) and not 1 <= s <= top:
        raise ValueError(f"strength {s} is not in 1..{top}")
    refuse_odd(s, "strength values")
    if isinstance(s, (list, tuple)):
        for i, v in enumerate(s):
            if isinstance(v, int) and not isinstance(v, bool) and not 1 <= v <= top:
                raise ValueError(f"{_item((i,))}strength {v} is not in 1..{top}")
        found = _first_bool(s)
        if found:
            raise TypeError(f"{_item(found[0])}strength values must be integers, not "
                            f"{type(found[1]).__name__} {found[1]!r}")
    try:
        arr = np.asarray(s)
    except ValueError:   # ragged lists
        raise ValueError(ragged(s) or "nested lists must be rectangular") from None
    if arr.dtype == object and arr.size:
        # name the first item that is no int (None, a float, an int beyond int64)
        for index in np.ndindex(arr.shape):
            v = arr[index]
            if not is_int(v):
                raise TypeError(f"{_item(index)}strength values must be integers, got "
                                f"{type(v).__name__} {v!r}")
            if not 1 <= v <= top:
                raise ValueError(f"{_item(index)}strength {v} is not in 1..{top}")
        arr = arr.astype(np.int64)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"strength values must be integers, got {arr.dtype}")
    bad = (arr < 1) | (arr > top)
    if bad.any():
        index = tuple(int(i) for i in np.unravel_index(int(np.argmax(bad)), arr.shape))
        raise ValueError(f"{_item(index)}strength {arr[index]} is not in 1..{top}")
    return arr, arr.ndim == 0


@overload
def category(s: int | np.integer[Any]) -> HandCategory: ...
@overload
def category(s: npt.NDArray[Any] | Sequence[Any]) -> npt.NDArray[np.uint8]: ...


def category(s: Any) -> Any:
    """HandCategory of a strength, or a uint8 array of categories for an array.

    >>> category(strength("Ah Kh Qh Jh Th"))
    <HandCategory.ROYAL_FLUSH: 9>
    >>> category(strength([[0, 1, 2], [4, 8, 12]])).tolist()
    [3, 0]
    """
    arr, one = _strength_array(s)
    out = _CATEGORY[arr]
    return HandCategory(int(out)) if one else out


@overload
def to_cactus_rank(s: int | np.integer[Any]) -> int: ...
@overload
def to_cactus_rank(s: npt.NDArray[Any] | Sequence[Any]) -> npt.NDArray[np.uint16]: ...


def to_cactus_rank(s: Any) -> Any:
    """Cactus Kev rank of 5-card strengths: 1 = royal flush .. 7462 = 7-5-4-3-2.

    The rank used by Cactus Kev's evaluator, treys and phevaluator, so tables
    built on them keep working.

    >>> to_cactus_rank(strength("Ah Kh Qh Jh Th")), to_cactus_rank(strength("7c 5d 4h 3s 2c"))
    (1, 7462)
    """
    arr, one = _strength_array(s)
    out = _CACTUS[arr]
    if (out == 0).any():
        index = tuple(int(i) for i in np.unravel_index(int(np.argmax(out == 0)), arr.shape))
        what = "five of a kind" if arr[index] > STRENGTH_MAX else "a 3-card hand"
        raise ValueError(f"{_item(index)}strength {arr[index]} is {what}; "
                         f"Cactus Kev ranks are for 5 natural cards")
    return int(out) if one else out


_RANK_NAMES = ["Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
               "Ten", "Jack", "Queen", "King", "Ace"]


def _plural(r: int) -> str:
    return "Sixes" if r == 4 else _RANK_NAMES[r] + "s"


def _kickers(ranks: list[int]) -> str:
    if not ranks:
        return ""
    word = "kicker" if len(ranks) == 1 else "kickers"
    return ", " + "-".join(_RANK_NAMES[r] for r in ranks) + " " + word


def _describe_one(s: int) -> str:
    info = int(_INFO[s])
    cat = HandCategory(info & 15)
    ranks = [(info >> (8 + 4 * i)) & 15 for i in range(5)]
    ranks = [r for r in ranks if r != 15]
    if cat == HandCategory.HIGH_CARD:
        return f"{_RANK_NAMES[ranks[0]]} high{_kickers(ranks[1:])}"
    if cat == HandCategory.PAIR:
        return f"Pair of {_plural(ranks[0])}{_kickers(ranks[1:])}"
    if cat == HandCategory.TWO_PAIR:
        return f"Two pair, {_plural(ranks[0])} and {_plural(ranks[1])}{_kickers(ranks[2:])}"
    if cat == HandCategory.THREE_OF_A_KIND:
        return f"Three {_plural(ranks[0])}{_kickers(ranks[1:])}"
    if cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        return f"{cat.label}, {_RANK_NAMES[ranks[0]]} high"
    if cat == HandCategory.FLUSH:
        return "Flush, " + "-".join(_RANK_NAMES[r] for r in ranks)
    if cat == HandCategory.FULL_HOUSE:
        return f"Full house, {_plural(ranks[0])} full of {_plural(ranks[1])}"
    if cat == HandCategory.FOUR_OF_A_KIND:
        return f"Four {_plural(ranks[0])}{_kickers(ranks[1:])}"
    if cat == HandCategory.FIVE_OF_A_KIND:
        return f"Five {_plural(ranks[0])}"
    return "Royal flush"


_NAMES: list[str | None] = [None] * (STRENGTH_FIVE_MAX + 1)   # describe() text, filled on use


def _name_of(s: int) -> str:
    name = _NAMES[s]
    if name is None:
        name = _NAMES[s] = _describe_one(s)
    return name


@overload
def describe(x: str | int | np.integer[Any], *, rules: Any = ...) -> str: ...
@overload
def describe(x: npt.NDArray[Any] | Sequence[Any], *, rules: Any = ...) -> list[Any]: ...


def describe(x: Any, *, rules: Any = None) -> Any:
    """Readable name of a hand: a strength (int), or one hand as text.

    Arrays of strengths give a list of names.

    >>> describe(strength("Qh Qd 5c Kd 2s"))
    'Pair of Queens, King-Five-Two kickers'
    >>> describe("Ah 2d 3c 4s 5h")
    'Straight, Five high'

    ``rules``: a hand given as text may hold the jokers those rules deal
    (:func:`strength`); strengths need no rules.
    """
    if isinstance(x, str):
        x = strength(x, rules=rules)
    arr, one = _strength_array(x)
    if one:
        return _name_of(int(arr))
    return [_describe_one(int(v)) for v in arr.reshape(-1)] if arr.ndim == 1 else \
        [describe(a) for a in arr]


# --- what a strength is made of -------------------------------------------------

_RANKS5 = np.stack([((_INFO >> (8 + 4 * i)) & 15).astype(np.int8) for i in range(5)], axis=-1)
_RANKS5[_RANKS5 == 15] = -1
_RANKS5.setflags(write=False)
_RANK_TUPLES: list[tuple[int, ...] | None] = [None] * (STRENGTH_FIVE_MAX + 1)   # ranks(int), filled on use


def _rank_tuple(s: int) -> tuple[int, ...]:
    t = _RANK_TUPLES[s]
    if t is None:
        t = _RANK_TUPLES[s] = tuple(r for r in _RANKS5[s].tolist() if r >= 0)
    return t


@overload
def ranks(s: int | np.integer[Any]) -> tuple[int, ...]: ...
@overload
def ranks(s: npt.NDArray[Any] | Sequence[Any]) -> npt.NDArray[np.int8]: ...


def ranks(s: Any) -> Any:
    """The ranks that decide a hand, most significant first (0 = deuce .. 12 = ace).

    A pair gives the pair's rank then the kickers; two pair the high pair, the
    low pair, the kicker; a full house the trips then the pair; a straight (and
    a straight flush) only its high card (5 for the wheel A-2-3-4-5); a
    3-card top has at most 3.  An int gives a tuple; an array of strengths
    gives an int8 array of shape ``(..., 5)`` padded with -1.

    >>> ranks(strength("Qh Qd 5c Kd 2s"))        # Q Q, then K 5 2
    (10, 11, 3, 0)
    >>> ranks(strength("Ah 2d 3c 4s 5h"))        # the wheel: five high
    (3,)
    >>> ranks(strength([[0, 1, 2], [4, 8, 12]])).tolist()   # trip deuces; 5-4-3
    [[0, -1, -1, -1, -1], [3, 2, 1, -1, -1]]
    """
    if type(s) is int and 1 <= s <= STRENGTH_FIVE_MAX:
        return _rank_tuple(s)
    arr, one = _strength_array(s)
    if one:
        return _rank_tuple(int(arr))
    out: npt.NDArray[np.int8] = _RANKS5[arr]
    return out


#: dtype of :func:`strength_table`
STRENGTH_TABLE_DTYPE: Final = np.dtype([
    ("strength", np.uint16), ("category", np.uint8), ("cards", np.uint8),
    ("ranks", np.int8, (5,)), ("cactus", np.uint16), ("describe", "U48"),
])
_TABLE: list[npt.NDArray[np.void]] = []


def strength_table() -> npt.NDArray[np.void]:
    """Everything about every strength, in one read-only structured array.

    Row ``s`` describes strength ``s`` (row 0 is no hand: category 0, 0 cards,
    no ranks, empty text), so a peer translates a strength in one lookup:
    fields ``strength``, ``category`` (:class:`HandCategory` value),
    ``cards`` (3 for a top hand, 5 otherwise), ``ranks`` (as :func:`ranks`,
    5 int8 padded with -1), ``cactus`` (:func:`to_cactus_rank`, 0 for 3-card
    hands) and ``describe`` (:func:`describe`).  Built once, on first use.

    >>> t = strength_table()
    >>> row = t[strength("Qh Qd 5c")]
    >>> int(row["category"]), int(row["cards"]), row["ranks"].tolist(), str(row["describe"])
    (1, 3, [10, 3, -1, -1, -1], 'Pair of Queens, Five kicker')
    >>> int(t[STRENGTH_MAX]["cactus"]), len(t) == STRENGTH_MAX + 1
    (1, True)
    """
    if not _TABLE:
        t = np.zeros(STRENGTH_MAX + 1, dtype=STRENGTH_TABLE_DTYPE)
        t["strength"] = np.arange(STRENGTH_MAX + 1)
        natural = slice(0, STRENGTH_MAX + 1)   # the table covers the natural strengths
        t["category"] = _CATEGORY[natural]
        t["cards"] = _NCARDS[natural]
        t["ranks"] = _RANKS5[natural]
        t["ranks"][0] = -1
        t["cactus"] = _CACTUS[natural]
        t["describe"] = [""] + [_name_of(s) for s in range(1, STRENGTH_MAX + 1)]
        t["category"][0] = 0
        t["cards"][0] = 0
        t.setflags(write=False)
        _TABLE.append(t)
    return _TABLE[0]


# --- one hand at C speed ------------------------------------------------------------
# The public names: strength, lowball27, category, to_cactus_rank and describe of one
# hand or one int are answered in C by the doors of _core (ofc_fast/_scalar.pxi);
# every other input, and every invalid one, goes on to the general function
# above (``fn.__wrapped__``), which words the errors.

strength = _core.strength_door(strength)
lowball27 = _core.lowball27_door(lowball27)
_MEMBERS = list(HandCategory)
category = _core.category_door(category, [None] + [_MEMBERS[c] for c in _CATEGORY[1:].tolist()])
to_cactus_rank = _core.to_cactus_rank_door(to_cactus_rank)
describe = _core.describe_door(describe, _NAMES)
