"""Front doors shaped like other evaluators, so code written for them runs on ofc_fast.

* :class:`Evaluator`: the treys / deuces ``Evaluator`` (Cactus Kev card
  integers in, their rank out: 1 = royal flush .. 7462 = 7-5-4-3-2), plus
  :meth:`Evaluator.evaluate_row` for a 3-card top row, which those libraries
  lack.
* :func:`evaluate_cards`: phevaluator's ``evaluate_cards`` (its card ids,
  which are ofc_fast's codes, or card text; the same rank, lower = better).
* Card conversions: treys / deuces integers, pokerkit cards, eval7 cards and
  text, to ofc_fast codes and back.

The libraries themselves are needed only to make their card objects
(``to_pokerkit``, ``to_eval7``).

treys and phevaluator have no jokers, so these doors take none: a joker
code (52, 53) or its text (``X1``, ``JK``, ...) is a ValueError that says so
and where it was. Hands with jokers are ranked by ``ofc.strength(hands,
rules=...)`` under rules that deal them (docs/VARIANTS.md, "Jokers").

>>> ev = Evaluator()
>>> ev.evaluate(to_treys("Ah Kh"), to_treys("Qh Jh Th 2c 3d"))
1
>>> ev.class_to_string(ev.get_rank_class(ev.evaluate([], to_treys("Qh Qd 5c 4s 2d"))))
'Pair'
>>> evaluate_cards("Ah", "Kh", "Qh", "Jh", "Th") == evaluate_cards(50, 46, 42, 38, 34) == 1
True
"""
from __future__ import annotations

import numbers
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._checks import check_int, is_int, shown
from .bad_rows import explain_bad_row
from .cards import DECK_SIZE, JOKERS, MAX_JOKERS, card_str, cards, from_cactus, to_cactus
from .strength import STRENGTH_MAX, strength, to_cactus_rank
from .subsets import best_hand

__all__ = [
    "Evaluator", "evaluate_cards", "ROW_RANK_MAX",
    "from_treys", "to_treys", "from_pokerkit", "to_pokerkit", "from_eval7", "to_eval7",
]

#: worst rank of :meth:`Evaluator.evaluate_row` (4-3-2 on top); 1 is a royal flush
ROW_RANK_MAX = STRENGTH_MAX

# the worst Cactus Kev rank of each class, best class first (royal flush .. high card)
_CLASS_MAX = (1, 10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462)
_CLASS_NAMES = ("Royal Flush", "Straight Flush", "Four of a Kind", "Full House", "Flush",
                "Straight", "Three of a Kind", "Two Pair", "Pair", "High Card")


def _read(x: Any, given: Any) -> npt.NDArray[np.uint8]:
    """Card codes of ``x`` as :func:`~ofc_fast.cards` reads them; a joker (code or text)
    is refused saying that treys and phevaluator have none.  ``given``: what the caller
    passed, to name the value."""
    try:
        return cards(x)
    except ValueError:
        joker = _joker_message(x, given)   # looked for on the error path only
        if joker is None:
            raise
        raise ValueError(joker) from None


def _joker_message(x: Any, given: Any) -> str | None:
    """What to say of the first joker in ``x``; None where it holds none (or does not read
    even with jokers)."""
    try:
        flat = cards(x, jokers=MAX_JOKERS).reshape(-1)
    except ValueError:
        return None
    hits = np.flatnonzero(flat >= DECK_SIZE)
    if not hits.size:
        return None
    i, code = int(hits[0]), int(flat[hits[0]])
    if isinstance(given, (list, tuple)) and len(given) == flat.size:
        item = given[i]
        value = shown(int(item) if isinstance(item, np.integer) else item)
    elif isinstance(given, str):
        value = shown(given) if flat.size == 1 else f"{card_str(code)} in {shown(given)}"
    else:
        value = str(code)
    return (f"position {i}: {value} is a joker (code {code}): treys and phevaluator have no "
            f"jokers, so ofc.compat takes none (ofc.strength(hands, rules=...) ranks hands with "
            f"jokers under rules that deal them)")


def _from_cactus(ints: Any) -> npt.NDArray[np.uint8]:
    """:func:`~ofc_fast.from_cactus`, saying so where a bad int is a joker's code (52, 53)."""
    try:
        return from_cactus(ints)
    except ValueError:
        flat = np.asarray(ints, dtype=object).reshape(-1) if isinstance(ints, (list, tuple, np.ndarray)) else ()
        for i, x in enumerate(flat):
            if isinstance(x, (int, np.integer)) and not isinstance(x, bool) and int(x) in JOKERS:
                raise ValueError(f"position {i}: {int(x)} is not a Cactus Kev card integer (it is "
                                 f"ofc_fast's code of a joker, and treys and phevaluator have no "
                                 f"jokers)") from None
        raise


def _all_cactus(cards_: Any, board: Any) -> npt.NDArray[np.uint8]:
    """Codes of the Cactus Kev ints of hand + board, checked (5 to 7 distinct cards)."""
    both = [*_as_list(cards_, "cards"), *_as_list(board, "board")]
    codes = _from_cactus(both) if both else np.zeros(0, np.uint8)
    if not 5 <= codes.size <= 7:
        raise ValueError(f"evaluate takes 5 to 7 cards in all (hand + board), got {codes.size}")
    _check_distinct(codes)
    return codes


def _as_list(x: Any, what: str) -> list[Any]:
    if isinstance(x, (str, bytes)) or not isinstance(x, Iterable):
        raise TypeError(f"{what} must be a list of Cactus Kev card integers, got "
                        f"{type(x).__name__} {x!r}")
    return list(x)


def _check_distinct(codes: npt.NDArray[np.uint8]) -> None:
    if len(set(codes.tolist())) != codes.size:
        explain_bad_row(codes.tolist(), lambda i: f"position {i}", "the cards")


class Evaluator(_core.TreysEvaluatorBase):
    """treys / deuces ``Evaluator``: Cactus Kev card integers in, Cactus Kev rank out.

    ``evaluate(cards, board)`` is the best 5 of the 5 to 7 cards, 1 (royal
    flush) .. 7462 (7-5-4-3-2), lower = better, exactly as treys gives it; one
    call costs a fraction of a microsecond.  Bad input (not a card, a card
    twice, a wrong count) raises ValueError or TypeError, where treys answers
    or raises KeyError.

    :meth:`evaluate_row` ranks a 3- or 5-card OFC row on one scale, lower =
    better: ``ROW_RANK_MAX + 1 - strength``, 1 (royal flush) .. 7917 (4-3-2 on
    top).  It is not the treys scale (3-card hands have no treys rank): use it
    to compare a top row with a middle one.

    >>> ev = Evaluator()
    >>> ev.evaluate_row(to_treys("Qh Qd 5c")) < ev.evaluate_row(to_treys("Qs Qc 4d 3h 2s"))
    True
    >>> ev.get_five_card_rank_percentage(ev.evaluate([], to_treys("7c 5d 4h 3s 2c")))
    1.0
    """

    # evaluate(cards, board) and evaluate_row(cards) are compiled
    # (ofc_fast/_scalar.pxi); any input they do not take, or that is not
    # valid, comes here to be checked and its error worded

    if TYPE_CHECKING:
        def evaluate(self, cards: Sequence[int], board: Sequence[int] = ()) -> int:
            """Best Cactus Kev rank of ``cards`` + ``board`` (5 to 7 Cactus Kev ints in all)."""

        def evaluate_row(self, cards: Sequence[int]) -> int:
            """Rank of one OFC row of 3 or 5 Cactus Kev ints: 1 (royal flush) .. ROW_RANK_MAX (4-3-2)."""

    def _evaluate_general(self, cards: Any, board: Any) -> int:
        codes = _all_cactus(cards, board)
        return int(to_cactus_rank(best_hand(codes, 5).strength))

    def _evaluate_row_general(self, cards: Any) -> int:
        codes = _from_cactus(_as_list(cards, "cards"))
        return ROW_RANK_MAX + 1 - int(strength(codes))

    def get_rank_class(self, hand_rank: int) -> int:
        """Class of a Cactus Kev rank: 0 = royal flush, 1 = straight flush .. 9 = high card."""
        hand_rank = check_int(hand_rank, "hand_rank", "an int (a Cactus Kev rank)")
        if not 1 <= hand_rank <= _CLASS_MAX[-1]:
            raise ValueError(f"hand rank {hand_rank} is not in 1..{_CLASS_MAX[-1]}")
        return next(i for i, top in enumerate(_CLASS_MAX) if hand_rank <= top)

    def class_to_string(self, class_int: int) -> str:
        """Name of a class from :meth:`get_rank_class` ('Royal Flush' .. 'High Card')."""
        class_int = check_int(class_int, "class_int", "an int (a rank class)")
        if not 0 <= class_int < len(_CLASS_NAMES):
            raise ValueError(f"rank class {class_int} is not in 0..{len(_CLASS_NAMES) - 1}")
        return _CLASS_NAMES[class_int]

    def get_five_card_rank_percentage(self, hand_rank: int) -> float:
        """``hand_rank / 7462``: near 0 for the best hands, 1.0 for the worst."""
        if not is_int(hand_rank) or not 1 <= hand_rank <= _CLASS_MAX[-1]:
            raise ValueError(f"hand_rank is a Cactus Kev rank 1..{_CLASS_MAX[-1]}, got {hand_rank!r}")
        return float(hand_rank) / float(_CLASS_MAX[-1])


def evaluate_cards(*cards_: Any) -> int:
    """phevaluator's ``evaluate_cards``: the rank of the best 5 of 5 to 7 cards, 1 = royal flush.

    Cards are phevaluator's ids (``rank * 4 + suit``, the codes of ofc_fast),
    card text ("Ah") or objects that convert with ``int()`` (phevaluator's
    ``Card``).

    >>> evaluate_cards(48, 44, 40, 36, 32, 0, 1)   # A-K-Q-J-T of clubs, 2c, 2d
    1
    """
    items = [c if isinstance(c, (str, int, np.integer)) and not isinstance(c, bool) else _phe_int(c)
             for c in cards_]
    codes = _read(items, list(cards_))
    if codes.ndim != 1:
        raise ValueError(f"evaluate_cards takes one card per argument (evaluate_cards(*cards)), got "
                         f"{len(cards_)} argument(s) holding {codes.size} cards")
    if not 5 <= codes.size <= 7:
        raise ValueError(f"evaluate_cards takes 5 to 7 cards, got {codes.size}")
    _check_distinct(codes)
    return int(to_cactus_rank(best_hand(codes, 5).strength))


def _phe_int(c: Any) -> int:
    # numbers that are not ints (2.5, Fraction, Decimal, np.float64, np.bool_) would be
    # truncated by int(): refused, like bool
    if isinstance(c, (bool, np.bool_, numbers.Number, np.ndarray, list, tuple)) or not hasattr(c, "__int__"):
        raise TypeError(f"a card is an int id, text or a phevaluator Card, got {type(c).__name__} {c!r}")
    return int(c)


# --- card conversions ---------------------------------------------------------------

def from_treys(ints: Any) -> npt.NDArray[np.uint8]:
    """Codes of treys / deuces card integers (``Card.new``); same as :func:`~ofc_fast.from_cactus`.

    >>> card_str(from_treys([268442665, 134236965]))
    'As Kd'
    """
    return _from_cactus(ints)


def to_treys(codes: Any) -> list[int]:
    """treys / deuces card integers (a list, as treys takes them) of codes or text.

    >>> to_treys("As Kd")
    [268442665, 134236965]
    """
    out: list[int] = to_cactus(_read(codes, codes)).tolist()
    return out


def from_pokerkit(pk_cards: Iterable[Any]) -> npt.NDArray[np.uint8]:
    """Codes of pokerkit ``Card`` objects (anything with ``.rank.value`` and ``.suit.value``)."""
    if isinstance(pk_cards, (str, bytes)) or not isinstance(pk_cards, Iterable):
        raise TypeError(f"from_pokerkit takes an iterable of pokerkit Card objects, got "
                        f"{type(pk_cards).__name__} {pk_cards!r}")
    text = []
    for i, c in enumerate(pk_cards):
        try:
            text.append(f"{c.rank.value}{c.suit.value}")
        except AttributeError:
            raise TypeError(f"position {i}: not a pokerkit Card: {type(c).__name__} {c!r}") from None
    return cards(" ".join(text))


def to_pokerkit(codes: Any) -> list[Any]:
    """pokerkit ``Card`` objects of codes or text (needs pokerkit)."""
    text = card_str(_read(codes, codes).reshape(-1))
    import pokerkit

    return list(pokerkit.Card.parse(text.replace(" ", ""))) if text else []


def from_eval7(e7_cards: Iterable[Any]) -> npt.NDArray[np.uint8]:
    """Codes of eval7 ``Card`` objects (their text is the card: ``str(card) == "Ah"``)."""
    if isinstance(e7_cards, (str, bytes)) or not isinstance(e7_cards, Iterable):
        raise TypeError(f"from_eval7 takes an iterable of eval7 Card objects, got "
                        f"{type(e7_cards).__name__} {e7_cards!r}")
    text = []
    for i, c in enumerate(e7_cards):
        if type(c).__name__ != "Card" or isinstance(c, str):
            raise TypeError(f"position {i}: not an eval7 Card: {type(c).__name__} {c!r}")
        text.append(str(c))
    return cards(" ".join(text))


def to_eval7(codes: Any) -> list[Any]:
    """eval7 ``Card`` objects of codes or text (needs eval7)."""
    text = card_str(_read(codes, codes).reshape(-1))
    import eval7  # type: ignore[import-untyped,unused-ignore]

    return [eval7.Card(s) for s in text.split()]


# --- one call at C speed -----------------------------------------------------------
# The public name: evaluate_cards of 5 to 7 valid codes is answered in C by the
# door of _core (ofc_fast/_scalar.pxi); anything else goes on to the general
# function above (``evaluate_cards.__wrapped__``), which words the errors.
evaluate_cards = _core.evaluate_cards_door(evaluate_cards)
