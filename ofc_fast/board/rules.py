"""Rules of an OFC variant as data: royalties, Fantasyland, stays, scoring, dealing.

Every rule that docs/RULES.md marks configurable is a field.  Presets:
``ORIGINAL``, ``PINEAPPLE``, ``PROGRESSIVE`` and ``LOW``; the house variants
of other sites and engines are in ``HOUSE_RULES`` (docs/VARIANTS.md).  Make a
variant with :func:`dataclasses.replace`, which validates the result:

>>> import dataclasses
>>> house = dataclasses.replace(PINEAPPLE, name="house", scoop_bonus=6)
>>> house.scoop_bonus
6
>>> PINEAPPLE.with_stay("quads_middle").stay_middle == HandCategory.FOUR_OF_A_KIND
True
>>> sorted(HOUSE_RULES)[:3]
['original_2012', 'original_flat_trips', 'pineapple_double_middle']

Tables are indexed by rank (0 = deuce .. 12 = ace) or by
:class:`~ofc_fast.HandCategory` (0 = high card .. 9 = royal flush).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final, Literal

import numpy as np

from .. import _core
from .._checks import check_int, is_int
from ..hand.cards import DECK_SIZE, MAX_JOKERS, RANKS
from ..hand.strength import HandCategory
from .rule_names import FIVE_OF_A_KIND_ORDERS, JOKER_POOLS

__all__ = [
    "Rules", "ORIGINAL", "PINEAPPLE", "PROGRESSIVE", "LOW", "PRESETS", "STAY_CONVENTIONS",
    "get_rules", "HOUSE_RULES", "JOKER_POOLS", "FIVE_OF_A_KIND_ORDERS",
]

H = HandCategory

#: the stay conditions in use, as (top, middle, bottom) minimum categories
STAY_CONVENTIONS: dict[str, tuple[HandCategory | None, HandCategory | None, HandCategory | None]] = {
    # trips top / full house+ middle / quads+ bottom (docs/RULES.md §8 default)
    "standard": (H.THREE_OF_A_KIND, H.FULL_HOUSE, H.FOUR_OF_A_KIND),
    # the same with quads+ in the middle
    "quads_middle": (H.THREE_OF_A_KIND, H.FOUR_OF_A_KIND, H.FOUR_OF_A_KIND),
    # trips top / quads+ bottom only
    "top_bottom": (H.THREE_OF_A_KIND, None, H.FOUR_OF_A_KIND),
}

_TOP_CATEGORIES = (H.HIGH_CARD, H.PAIR, H.THREE_OF_A_KIND)
_FIVE_CATEGORIES = tuple(c for c in H if c <= H.ROYAL_FLUSH)   # a stay is set by natural categories
_JOKER_FIELDS = ("jokers", "joker_pool", "five_of_a_kind", "five_of_a_kind_middle", "five_of_a_kind_bottom",
                 "joker_resolution", "natural_beats_wild")
_INT32_MAX = 2**31 - 1


def _by_rank(**points: int) -> tuple[int, ...]:
    """13 values by rank from keyword ranks: _by_rank(Q=7, K=8) (T = ten, _2.._9 digits)."""
    out = [0] * 13
    for key, value in points.items():
        out[RANKS.index(key.lstrip("_"))] = value
    return tuple(out)


@dataclass(frozen=True)
class Rules:
    """One OFC variant.  Immutable and validated; derive variants with ``dataclasses.replace``.

    Royalties
        ``top_pair[r]`` / ``top_trips[r]``: points for a pair / trips of rank r
        on top.  ``middle[c]`` / ``bottom[c]``: points for a 5-card category c
        (``HandCategory``; ``ROYAL_FLUSH`` is its own entry).  ``top_high[r]``:
        points for a high-card top whose highest rank is r (0 in the presets).  Low only:
        ``low_middle[r]`` points for a live 2-7 middle whose highest card is
        rank r, ``low_nuts`` for 7-5-4-3-2 (instead of its 7-high points).
    Scoring
        ``scoop_bonus``: extra points for winning all three rows against one
        opponent.  ``match_points``: each player's stack at the start of a match.
        ``fl_keeps_button``: the button stays where it is for a hand in which
        a player is in Fantasyland (False: it moves one seat left after every
        hand, docs/RULES.md §7).
    Fantasyland
        ``fl_top_pair[r]`` / ``fl_top_trips[r]``: cards dealt next hand for
        that top hand (0 = no entry).  Low: ``fl_low_nuts`` cards for the nuts
        in the middle alone, ``fl_low_both`` for the nuts together with a
        qualifying top (0: no count of its own, the larger of the two single
        counts), ``fl_low_mode`` "either" (one condition is enough) or
        "both" (both are needed).  Staying: ``stay_top`` / ``stay_middle`` /
        ``stay_bottom`` are the least category on that row that keeps a player
        in Fantasyland (None: that row cannot); ``stay_cards`` is dealt then.
        ``stay_mode`` "conditions" (only those), "entry" (meeting the entry
        condition again stays too) or "tier" (the top earning exactly the count
        the player is in Fantasyland with stays too: trips do not keep a QQ
        tier; in_fantasyland 0 or 1 is the ``stay_cards`` tier); ``stay_cards_mode`` "fixed" (deal
        ``stay_cards``) or "current" (keep the count the player is in
        Fantasyland with: ``in_fantasyland`` as a count, see
        :meth:`stay_cards_for`).
    Dealing
        ``first_round`` cards, then ``rounds`` rounds of ``round_cards``
        cards of which ``round_play`` are placed; 2 to ``max_players`` players.
    Jokers (docs/VARIANTS.md, "Jokers"; every preset has none)
        ``jokers``: 0, 1 or 2 jokers in the deck (codes 52, 53; ``deck_size``
        cards in all).  ``joker_pool``: what a joker may become: "any" (a
        card not already in its row), "not_on_board" (not a card on the
        player's board, and not the other joker's card), "unseen" (as
        "not_on_board", and not a card the player has seen: the ``dead``
        cards of a call) or "duplicates" (any card, even one in its row).
        ``five_of_a_kind``: None (not a hand), "above_straight_flush" or
        "below_royal" (only with "duplicates"), paying
        ``five_of_a_kind_middle`` / ``five_of_a_kind_bottom``.
        ``joker_resolution``: "board" (the player picks every joker's card
        at once: not fouled first, then royalties, then Fantasyland cards,
        then the bottom, middle, top strengths) or "row" (each row as
        strong as it can be alone, even when that fouls).
        ``natural_beats_wild``: a row without a joker wins a tie against an
        equal row made with one.
    """

    name: str
    low: bool = False
    top_pair: tuple[int, ...] = _by_rank(_6=1, _7=2, _8=3, _9=4, T=5, J=6, Q=7, K=8, A=9)
    top_trips: tuple[int, ...] = tuple(range(10, 23))
    middle: tuple[int, ...] = (0, 0, 0, 2, 4, 8, 12, 20, 30, 50)
    bottom: tuple[int, ...] = (0, 0, 0, 0, 2, 4, 6, 10, 15, 25)
    low_middle: tuple[int, ...] = (0,) * 13
    low_nuts: int = 0
    scoop_bonus: int = 3
    fl_top_pair: tuple[int, ...] = _by_rank(Q=14, K=14, A=14)
    fl_top_trips: tuple[int, ...] = (14,) * 13
    fl_low_nuts: int = 0
    fl_low_both: int = 0
    fl_low_mode: Literal["either", "both"] = "either"
    stay_cards: int = 14
    stay_top: HandCategory | None = H.THREE_OF_A_KIND
    stay_middle: HandCategory | None = H.FULL_HOUSE
    stay_bottom: HandCategory | None = H.FOUR_OF_A_KIND
    min_players: int = 2
    max_players: int = 3
    first_round: int = 5
    rounds: int = 4
    round_cards: int = 3
    round_play: int = 2
    match_points: int = 100
    fl_keeps_button: bool = False
    top_high: tuple[int, ...] = (0,) * 13
    stay_mode: Literal["conditions", "entry", "tier"] = "conditions"
    stay_cards_mode: Literal["fixed", "current"] = "fixed"
    jokers: int = 0
    joker_pool: Literal["any", "not_on_board", "unseen", "duplicates"] = "any"
    five_of_a_kind: Literal["above_straight_flush", "below_royal"] | None = None
    five_of_a_kind_middle: int = 50
    five_of_a_kind_bottom: int = 25
    joker_resolution: Literal["board", "row"] = "board"
    natural_beats_wild: bool = False

    # --- validation -------------------------------------------------------
    def __post_init__(self) -> None:
        def fail(msg: str) -> None:
            raise ValueError(f"Rules {self.name!r}: {msg}")

        if not isinstance(self.name, str) or not self.name:
            fail("name must be a non-empty str")
        for field, size in (("top_high", 13), ("top_pair", 13), ("top_trips", 13), ("middle", 10),
                            ("bottom", 10), ("low_middle", 13), ("fl_top_pair", 13),
                            ("fl_top_trips", 13)):
            value = getattr(self, field)
            if not isinstance(value, (list, tuple, np.ndarray)) or len(value) != size:
                fail(f"{field} must be a sequence (tuple or list) of {size} ints, got {value!r}")
            items = tuple(value)
            for i, v in enumerate(items):
                if not is_int(v):
                    fail(f"{field}[{i}] must be an int, got {v!r}")
            object.__setattr__(self, field, tuple(int(v) for v in items))
        for field in ("low_nuts", "scoop_bonus", "fl_low_nuts", "fl_low_both", "stay_cards",
                      "min_players", "max_players", "first_round", "rounds", "round_cards",
                      "round_play", "match_points", "jokers", "five_of_a_kind_middle",
                      "five_of_a_kind_bottom"):
            v = getattr(self, field)
            if not is_int(v):
                fail(f"{field} must be an int, got {v!r}")
            object.__setattr__(self, field, int(v))
        if not isinstance(self.low, (bool, np.bool_)):
            fail(f"low must be a bool, got {self.low!r}")
        object.__setattr__(self, "low", bool(self.low))
        if not isinstance(self.fl_keeps_button, (bool, np.bool_)):
            fail(f"fl_keeps_button must be a bool, got {self.fl_keeps_button!r}")
        object.__setattr__(self, "fl_keeps_button", bool(self.fl_keeps_button))
        self._check_jokers(fail)
        # a row's royalty is an int16 (Analysis.royalties); deal totals are
        # bounded together below
        for field in ("top_high", "top_pair", "top_trips", "middle", "bottom", "low_middle"):
            for i, v in enumerate(getattr(self, field)):
                if not -32_768 <= v <= 32_767:
                    fail(f"{field}[{i}] = {v} is out of -32768..32767 (an int16 per row)")
        if not 0 <= self.scoop_bonus <= _INT32_MAX:
            fail(f"scoop_bonus must be in 0..{_INT32_MAX}, got {self.scoop_bonus}")
        if not -32_768 <= self.low_nuts <= 32_767:
            fail(f"low_nuts = {self.low_nuts} is out of -32768..32767 (an int16 per row)")
        # players and dealing
        if not 2 <= self.min_players <= self.max_players <= 4:
            fail(f"min_players = {self.min_players}, max_players = {self.max_players}: "
                 f"players must satisfy 2 <= min_players <= max_players <= 4")
        if self.first_round < 1 or self.rounds < 0 or self.round_play < 1 \
                or self.round_cards < self.round_play:
            fail(f"first_round = {self.first_round}, rounds = {self.rounds}, round_cards = "
                 f"{self.round_cards}, round_play = {self.round_play}: dealing needs "
                 f"first_round >= 1, rounds >= 0 and round_cards >= round_play >= 1")
        if self.first_round + self.rounds * self.round_play != 13:
            fail(f"first_round + rounds x round_play = {self.first_round} + {self.rounds} x "
                 f"{self.round_play}: a board is 13 cards")
        dealt = self.cards_dealt
        if dealt * self.max_players > self.deck_size:
            fail(f"max_players = {self.max_players}: {self.max_players} players x {dealt} "
                 f"cards dealt is more than {self.deck_size}")
        # Fantasyland counts: 0 (no entry) or enough cards to set a board
        counts: list[tuple[str, int | None, int]] = [
            ("fl_top_pair", i, v) for i, v in enumerate(self.fl_top_pair)]
        counts += [("fl_top_trips", i, v) for i, v in enumerate(self.fl_top_trips)]
        counts += [(f, None, getattr(self, f)) for f in ("fl_low_nuts", "fl_low_both", "stay_cards")]
        limit = self.fantasyland_limit
        for field, idx, v in counts:
            if v != 0 and not 13 <= v <= limit:
                where = f"{field}[{idx}]" if idx is not None else field
                fail(f"{where} = {v}: a Fantasyland count is 0 (none) or 13..{limit} cards, so "
                     f"that max_players = {self.max_players} seats in Fantasyland fit one deck "
                     f"(fewer players allow more cards)")
        if self.stay_mode not in ("conditions", "entry", "tier"):
            fail(f"stay_mode must be 'conditions', 'entry' or 'tier', got {self.stay_mode!r}")
        if self.stay_cards_mode not in ("fixed", "current"):
            fail(f"stay_cards_mode must be 'fixed' or 'current', got {self.stay_cards_mode!r}")
        if self.stay_cards == 0 and any(s is not None for s in self.stay_conditions):
            fail("stay_cards is 0 but a stay condition is set")
        if self.stay_cards == 0 and self.stay_mode in ("entry", "tier"):
            fail(f"stay_cards is 0 but stay_mode is {self.stay_mode!r} (meeting the entry condition stays)")
        if self.fl_low_mode not in ("either", "both"):
            fail(f"fl_low_mode must be 'either' or 'both', got {self.fl_low_mode!r}")
        if not self.low:
            for f in ("low_nuts", "fl_low_nuts", "fl_low_both"):
                if getattr(self, f):
                    fail(f"{f} is a Low (2-7) rule; set low=True or leave it 0")
            if any(self.low_middle):
                fail("low_middle is a Low (2-7) rule; set low=True or leave it all 0")
        # stay conditions
        for row, allowed in (("stay_top", _TOP_CATEGORIES), ("stay_middle", _FIVE_CATEGORIES),
                             ("stay_bottom", _FIVE_CATEGORIES)):
            v = getattr(self, row)
            if v is None:
                continue
            if not is_int(v) or int(v) not in allowed:
                names = ", ".join(c.name for c in allowed)
                fail(f"{row} must be None or one of {names}; got {v!r}")
            object.__setattr__(self, row, HandCategory(int(v)))
        if self.low and self.stay_middle is not None:
            fail("stay_middle must be None in Low: its middle is a 2-7 low, not a poker hand")
        if self.low and self.stay_mode in ("entry", "tier") and self.fl_low_mode == "both":
            fail(f"stay_mode {self.stay_mode!r} needs fl_low_mode 'either': with 'both' the entry condition "
                 "spans two rows, which the stay tables cannot express")
        if not 1 <= self.match_points <= _INT32_MAX:
            fail(f"match_points must be in 1..{_INT32_MAX}, got {self.match_points}")
        # scores are int32: the most one player can win in a deal, from every
        # opponent (rows, scoop bonus, and the widest royalty difference)
        span = sum(max(0, *row) - min(0, *row) for row in self._royalty_rows())
        worst = self.max_deal_points
        if worst > _INT32_MAX:
            tables = "top_high, top_pair, top_trips, middle, bottom" + (", low_middle, low_nuts" if self.low else "")
            fail(f"scoop_bonus = {self.scoop_bonus} with royalties ({tables}) up to {span} apart "
                 f"and max_players = {self.max_players}: one player's score in a deal could "
                 f"reach {worst}, beyond the int32 scores ({_INT32_MAX}); lower them")

    @property
    def max_deal_points(self) -> int:
        """The most one player can win (or lose) in a deal: from each of up to
        ``max_players - 1`` opponents, 3 rows, the scoop bonus and the widest royalty
        difference.  Scores are int32, so it is at most 2**31 - 1; the simulators
        size their exact sums by it.

        >>> PINEAPPLE.max_deal_points
        206
        """
        span = sum(max(0, *row) - min(0, *row) for row in self._royalty_rows())
        return (self.max_players - 1) * (3 + self.scoop_bonus + span)

    def _check_jokers(self, fail: Any) -> None:
        """The joker fields (docs/VARIANTS.md, "Jokers")."""
        if self.jokers not in range(MAX_JOKERS + 1):
            fail(f"jokers must be 0, 1 or 2 (jokers in the deck), got {self.jokers}")
        if self.joker_pool not in JOKER_POOLS:
            fail(f"joker_pool must be one of {', '.join(map(repr, JOKER_POOLS))}, got {self.joker_pool!r}")
        if self.five_of_a_kind not in FIVE_OF_A_KIND_ORDERS:
            fail(f"five_of_a_kind must be None, 'above_straight_flush' or 'below_royal', "
                 f"got {self.five_of_a_kind!r}")
        if self.five_of_a_kind is not None and self.joker_pool != "duplicates":
            fail(f"five_of_a_kind = {self.five_of_a_kind!r} needs joker_pool 'duplicates': under "
                 f"{self.joker_pool!r} a joker never copies a card of its row, so no row holds five "
                 f"of a kind")
        for f in ("five_of_a_kind_middle", "five_of_a_kind_bottom"):
            if not -32_768 <= getattr(self, f) <= 32_767:
                fail(f"{f} = {getattr(self, f)} is out of -32768..32767 (an int16 per row)")
        if self.joker_resolution not in ("board", "row"):
            fail(f"joker_resolution must be 'board' or 'row', got {self.joker_resolution!r}")
        if not isinstance(self.natural_beats_wild, (bool, np.bool_)):
            fail(f"natural_beats_wild must be a bool, got {self.natural_beats_wild!r}")
        object.__setattr__(self, "natural_beats_wild", bool(self.natural_beats_wild))

    @property
    def deck_size(self) -> int:
        """Cards in the deck: the 52 natural cards and the jokers (53 or 54 with jokers).

        >>> PINEAPPLE.deck_size, dataclasses.replace(PINEAPPLE, name="j", jokers=2).deck_size
        (52, 54)
        """
        return DECK_SIZE + self.jokers

    @property
    def joker_spec(self) -> tuple[int, int, int, int, int, int, int]:
        """The joker fields as the C struct ofc_joker_rules holds them (ints): made into
        that struct once, with :attr:`tables`, where every kernel reads them."""
        return (self.jokers, JOKER_POOLS.index(self.joker_pool),
                FIVE_OF_A_KIND_ORDERS.index(self.five_of_a_kind),
                self.five_of_a_kind_middle, self.five_of_a_kind_bottom,
                ("board", "row").index(self.joker_resolution), int(self.natural_beats_wild))

    @property
    def five_kind(self) -> bool:
        """True when a row may hold five of a kind (joker_pool "duplicates" with five_of_a_kind set)."""
        return self.five_of_a_kind is not None and self.joker_pool == "duplicates"

    def _royalty_rows(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The royalties each row can pay (top, middle, bottom), as validated fields."""
        middle = self.low_middle + (self.low_nuts,) if self.low else self.middle
        bottom = self.bottom
        if self.five_of_a_kind is not None:   # jokers: five of a kind pays its own royalties
            middle, bottom = middle + (self.five_of_a_kind_middle,), bottom + (self.five_of_a_kind_bottom,)
        return self.top_high + self.top_pair + self.top_trips, middle, bottom

    def __repr__(self) -> str:
        # short, for help() signatures and error messages: a preset by its
        # name in the package, anything else by the fields that differ from
        # the defaults (the Pineapple values), so that eval(repr(r)) == r
        preset = PRESETS.get(self.name) if "PRESETS" in globals() else None
        if preset is not None and preset == self:
            return f"ofc_fast.{self.name.upper()}"
        house = HOUSE_RULES.get(self.name) if "HOUSE_RULES" in globals() else None
        if house is not None and house == self:
            return f"ofc_fast.HOUSE_RULES[{self.name!r}]"
        def show(v: Any) -> str:
            return f"HandCategory.{v.name}" if isinstance(v, HandCategory) else repr(v)

        changed = [f"{f.name}={show(getattr(self, f.name))}" for f in dataclasses.fields(self)
                   if f.name == "name" or getattr(self, f.name) != f.default]
        return f"Rules({', '.join(changed)})"

    # --- derived ------------------------------------------------------------
    @property
    def cards_dealt(self) -> int:
        """Cards a player not in Fantasyland sees in a hand (13 Original, 17 Pineapple)."""
        return self.first_round + self.rounds * self.round_cards

    @property
    def fantasyland_limit(self) -> int:
        """The most cards a Fantasyland count may deal: every seat in Fantasyland still fits
        one deck (52 // max_players: 17 for 3 players, 13 for 4; docs/RULES.md §7)."""
        return DECK_SIZE // self.max_players

    @property
    def fantasyland_deals(self) -> frozenset[int]:
        """The card counts these rules can deal a player in Fantasyland: every nonzero
        entry count (fl_top_pair, fl_top_trips, and Low's fl_low_nuts / fl_low_both)
        and the stay count.  A game starts only from these.

        >>> sorted(PROGRESSIVE.fantasyland_deals), sorted(ORIGINAL.fantasyland_deals)
        ([14, 15, 16, 17], [13])
        """
        counts = set(self.fl_top_pair) | set(self.fl_top_trips) | {self.stay_cards}
        if self.low:
            counts |= {self.fl_low_nuts, self.fl_low_both}
        return frozenset(counts - {0})

    @property
    def stay_conditions(self) -> tuple[HandCategory | None, HandCategory | None, HandCategory | None]:
        """(stay_top, stay_middle, stay_bottom)."""
        return (self.stay_top, self.stay_middle, self.stay_bottom)

    @property
    def can_stay(self) -> bool:
        """True when some board keeps a player in Fantasyland (a stay condition, or stay_mode
        'entry' or 'tier')."""
        return self.stay_cards != 0 and (any(c is not None for c in self.stay_conditions)
                                         or self.stay_mode in ("entry", "tier"))

    def stay_cards_for(self, in_fantasyland: bool | int = True) -> int:
        """Cards a player in Fantasyland who stays gets next hand.

        ``in_fantasyland``: True (or 1) for the base count, or the count the
        player is in Fantasyland with now (13 or more).  ``stay_cards_mode``
        "fixed" deals ``stay_cards`` whatever the count; "current" keeps the
        current count (``stay_cards`` for a bare True).

        >>> HOUSE_RULES["progressive_keep"].stay_cards_for(16), PROGRESSIVE.stay_cards_for(16)
        (16, 14)
        """
        v = self.in_fantasyland_count(in_fantasyland, "in_fantasyland")
        if v == 0:
            raise ValueError("in_fantasyland is 0 (False): a player not in Fantasyland does not stay")
        return v if self.stay_cards_mode == "current" and v >= 13 else self.stay_cards

    def in_fantasyland_count(self, value: Any, where: str = "in_fantasyland") -> int:
        """One ``in_fantasyland`` value (of analyze, Board) checked, as an int: 0 (not in
        Fantasyland), 1 (True: in it with the base count) or a card count 13..limit;
        ``where`` names it in the error.

        >>> PROGRESSIVE.in_fantasyland_count(True), PROGRESSIVE.in_fantasyland_count(16)
        (1, 16)
        """
        if isinstance(value, (bool, np.bool_)):
            return int(value)
        if not isinstance(value, (int, np.integer)):
            raise TypeError(f"{where} must be a bool or a Fantasyland card count, got "
                            f"{type(value).__name__} {value!r}")
        v = int(value)
        limit = self.fantasyland_limit
        if v not in (0, 1) and not 13 <= v <= limit:
            raise ValueError(f"{where} = {v}: 0 / False (not in Fantasyland), 1 / True (in it) "
                             f"or the count a player is in Fantasyland with, 13..{limit}")
        return v

    def with_stay(self, convention: Literal["standard", "quads_middle", "top_bottom"]) -> Rules:
        """A copy with one of the stay conventions in STAY_CONVENTIONS.

        >>> PINEAPPLE.with_stay("top_bottom").stay_middle is None
        True
        """
        if not isinstance(convention, str):
            raise TypeError(f"a stay convention is a name, one of {sorted(STAY_CONVENTIONS)}; "
                            f"got {convention!r}")
        if convention not in STAY_CONVENTIONS:
            raise ValueError(f"unknown stay convention {convention!r}; one of {sorted(STAY_CONVENTIONS)}")
        top, middle, bottom = STAY_CONVENTIONS[convention]
        if self.low:
            middle = None
        return dataclasses.replace(self, stay_top=top, stay_middle=middle, stay_bottom=bottom)

    def check_players(self, players: int) -> None:
        """Raise ValueError unless this variant allows ``players`` players (TypeError for a non-int)."""
        players = check_int(players, "players")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} is played by {self.min_players} to "
                             f"{self.max_players} players, not {players}")

    # --- as data ------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Every field as plain JSON data: tables as lists, ``stay_*`` as int categories or None;
        the joker fields only where they differ from their defaults (no jokers).

        The one conversion to data (``Game.to_json`` writes it); :meth:`from_dict`
        reads it back to an equal Rules.

        >>> d = PINEAPPLE.to_dict()
        >>> d["scoop_bonus"], d["stay_top"], d["top_pair"][-1]
        (3, 3, 9)
        >>> Rules.from_dict(d) == PINEAPPLE
        True
        """
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.name in _JOKER_FIELDS and v == f.default:
                continue   # a deck without jokers writes what it wrote before jokers existed
            if isinstance(v, tuple):
                v = list(v)
            elif isinstance(v, HandCategory):
                v = int(v)        # ints, as the histories of 0.1.0 hold them
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Rules:
        """Rules from a dict of fields (:meth:`to_dict`, a JSON object); missing fields take
        their defaults (the Pineapple values), ``name`` is required.

        ``stay_*`` may be a ``HandCategory``, its int, its name in any case
        (``"four_of_a_kind"``) or None; tables may be lists.  An unknown key or
        a bad value is a ValueError that names it (TypeError for a non-mapping).

        >>> Rules.from_dict({"name": "house", "scoop_bonus": 6, "stay_middle": "four_of_a_kind"})
        Rules(name='house', scoop_bonus=6, stay_middle=HandCategory.FOUR_OF_A_KIND)
        >>> Rules.from_dict({"name": "x", "scop_bonus": 6})
        Traceback (most recent call last):
        ValueError: unknown field 'scop_bonus' for Rules; the fields are name, low, top_pair, ...
        """
        if not isinstance(d, Mapping):
            raise TypeError(f"Rules.from_dict takes a dict of fields, got {type(d).__name__} {d!r:.60}")
        names = [f.name for f in dataclasses.fields(cls)]
        for key in d:
            if key not in names:
                raise ValueError(f"unknown field {key!r} for Rules; the fields are {', '.join(names)}")
        if "name" not in d:
            raise ValueError(f"Rules.from_dict: no 'name' in the fields {sorted(d)}")
        fields = dict(d)
        for row in ("stay_top", "stay_middle", "stay_bottom"):
            value = fields.get(row)
            if isinstance(value, str):
                try:
                    fields[row] = HandCategory[value.strip().upper()]
                except KeyError:
                    raise ValueError(f'field "{row}": {value!r} is not a hand category (one of '
                                     f'{", ".join(c.name for c in HandCategory)}, or None)') from None
        return cls(**fields)

    # --- pickling ----------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        # the fields only: the cached C tables (``tables``) are built again on
        # first use, and cannot be pickled
        state = dict(self.__dict__)
        state.pop("tables", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        state.pop("tables", None)
        # a pickle from before a field existed: that field's default
        for f in dataclasses.fields(self):
            state.setdefault(f.name, f.default)
        self.__dict__.update(state)   # frozen: no setattr

    # --- tables for the C kernels ----------------------------------------
    @cached_property
    def tables(self) -> _core.RuleTables:
        """The rules as lookup tables by row value, in the layout the C kernels read.

        Built once per object by the C builder (``ofc_rules_build``) from
        :meth:`_spec`, with the joker fields (:attr:`joker_spec`, none without
        jokers) beside them; the analysis, scoring, Fantasyland, game, rollout
        and RL kernels all read it.
        """
        return _core.RuleTables(self._spec(), self.joker_spec if self.jokers else None)

    def _spec(self) -> dict[str, Any]:
        """The fields of the C struct ofc_rules_spec for these (validated) rules."""
        def category(c: HandCategory | None) -> int:
            return int(_core.NO_STAY) if c is None else int(c)
        return {
            "low": int(self.low), "top_pair": self.top_pair, "top_trips": self.top_trips,
            "middle": self.middle, "bottom": self.bottom,
            "low_middle": self.low_middle, "low_nuts": self.low_nuts,
            "scoop_bonus": self.scoop_bonus, "fl_top_pair": self.fl_top_pair,
            "fl_top_trips": self.fl_top_trips, "fl_low_nuts": self.fl_low_nuts,
            "fl_low_both": self.fl_low_both,
            "fl_low_both_required": int(self.low and self.fl_low_mode == "both"),
            "stay_cards": self.stay_cards, "stay_top": category(self.stay_top),
            "stay_middle": category(self.stay_middle), "stay_bottom": category(self.stay_bottom),
            "top_high": self.top_high, "stay_entry": _STAY_MODES[self.stay_mode],
            "stay_cards_mode": int(self.stay_cards_mode == "current"),
        }


#: stay_mode as the C spec's stay_entry (OFC_STAY_CONDITIONS, OFC_STAY_ENTRY, OFC_STAY_TIER)
_STAY_MODES: Final = {"conditions": 0, "entry": 1, "tier": 2}

ORIGINAL = Rules(
    name="original",
    fl_top_pair=_by_rank(Q=13, K=13, A=13), fl_top_trips=(13,) * 13, stay_cards=13,
    max_players=4, first_round=5, rounds=8, round_cards=1, round_play=1,
)
PINEAPPLE = Rules(name="pineapple")
PROGRESSIVE = Rules(
    name="progressive",
    # one more card per step above QQ, at most 3 more: QQ 14, KK 15, AA 16, trips 17
    fl_top_pair=_by_rank(Q=14, K=15, A=16), fl_top_trips=(17,) * 13, stay_cards=14,
)
LOW = Rules(
    name="low", low=True,
    middle=(0,) * 10,
    low_middle=_by_rank(_9=1, _8=2, _7=4), low_nuts=8,
    fl_top_pair=_by_rank(K=14, A=14), fl_top_trips=(14,) * 13,
    fl_low_nuts=14, fl_low_both=15, fl_low_mode="either",
    stay_cards=14, stay_top=H.THREE_OF_A_KIND, stay_middle=None, stay_bottom=H.FOUR_OF_A_KIND,
)

PRESETS: dict[str, Rules] = {r.name: r for r in (ORIGINAL, PINEAPPLE, PROGRESSIVE, LOW)}

#: House variants of public OFC sites and engines, by name: the four presets
#: with a few fields changed (docs/VARIANTS.md says where each comes from and
#: gives recipes for the rest).  Each is an ordinary Rules object.
HOUSE_RULES: dict[str, Rules] = {r.name: r for r in (
    # Pineapple whose stay needs trips on top or quads+ on the bottom (no middle
    # condition), as several Pineapple sites deal it
    dataclasses.replace(PINEAPPLE.with_stay("top_bottom"), name="pineapple_top_bottom"),
    # Progressive with AA+ capped at 16: QQ 14, KK 15, AA and any trips 16;
    # a repeat is 14 cards; stay on trips top or quads+ bottom
    dataclasses.replace(
        PROGRESSIVE, name="progressive_16", fl_top_trips=(16,) * 13,
        stay_middle=None),
    # Fantasyland tiers kept on a repeat: a player stays by meeting the entry
    # condition again (QQ+ on top) or with quads+ on the bottom, and keeps the
    # count of the tier they are in (no upgrade); entry as PROGRESSIVE
    dataclasses.replace(
        PROGRESSIVE, name="progressive_keep", stay_mode="entry", stay_cards_mode="current",
        stay_top=None, stay_middle=None, stay_bottom=H.FOUR_OF_A_KIND),
    # Fantasyland stay by tier (victorywys/OFC_Solver): a player keeps the tier they
    # are in only when the top earns that tier's entry again (QQ keeps 14, KK 15, AA
    # 16, trips 17; trips do not keep a QQ tier, nor KK an AA one), and no other row
    # keeps it; entry as PROGRESSIVE
    dataclasses.replace(
        PROGRESSIVE, name="progressive_tier", stay_mode="tier", stay_cards_mode="current",
        stay_top=None, stay_middle=None, stay_bottom=None),
    # Original OFC (13 cards, one at a time) with any trips on top paying 20,
    # a royalty sheet common in Las Vegas rooms
    dataclasses.replace(ORIGINAL, name="original_flat_trips", top_trips=(20,) * 13),
    # the older royalty sheet: bottom royal flush 20, the middle paying double
    # the bottom (royal 40) and trips 2 in the middle
    dataclasses.replace(
        ORIGINAL, name="original_2012",
        bottom=(0, 0, 0, 0, 2, 4, 6, 10, 15, 20), middle=(0, 0, 0, 2, 4, 8, 12, 20, 30, 40)),
    # Pineapple whose middle pays double the bottom (royal 50, trips nothing)
    dataclasses.replace(PINEAPPLE, name="pineapple_double_middle",
                        middle=(0, 0, 0, 0, 4, 8, 12, 20, 30, 50)),
)}


def get_rules(rules: Rules | str) -> Rules:
    """A Rules object from itself, a preset name or a house variant's name (``HOUSE_RULES``).

    Names are accepted in any case; an unknown name is a ValueError that lists
    the names, anything else a TypeError.  The one lookup of rules by name
    (the command line's ``--rules`` too).

    >>> get_rules("PINEAPPLE") is PINEAPPLE
    True
    >>> get_rules("Progressive_Keep") is HOUSE_RULES["progressive_keep"]
    True
    >>> get_rules("pine")
    Traceback (most recent call last):
    ValueError: unknown rules name 'pine'; the presets are original, pineapple, ...
    """
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        found = _BY_NAME.get(rules) or _BY_NAME.get(rules.strip().lower())   # the exact name first
        if found is not None:
            return found
        raise ValueError(f"unknown rules name {rules!r}; {_NAMES_TEXT} (any case)")
    raise TypeError(f"rules must be a Rules object or a rules name ({_NAMES_TEXT}), "
                    f"got {type(rules).__name__} {rules!r}")


# every rules name get_rules knows: the presets, then the house variants
_BY_NAME: dict[str, Rules] = {**PRESETS, **HOUSE_RULES}
_NAMES_TEXT = (f"the presets are {', '.join(PRESETS)}, the house variants "
               f"{', '.join(HOUSE_RULES)}")
