"""The C kernel against the pure-Python oracle (``ofc_fast.reference``).

* ``test_differential[preset]`` (slow): at least ``OFC_FAST_DIFF_DEALS``
  deals per preset (default 1,000,000; Original with 2, 3 and 4 players, the
  others with 2 and 3), compared field by field: ``fouled``, royalties,
  Fantasyland outside AND inside Fantasyland, stays, ``score`` and
  ``score_matrix``, and the order of the C row strengths against the
  reference's ``row_key`` (``lowball_key`` for a Low middle).  The order is
  checked globally: every reference key seen maps to exactly one C strength,
  and sorting the keys sorts the strengths strictly -- so the order of the
  rows within every deal (and across deals) agrees.

  Deals are *built*, not only drawn: each row is drawn from a targeted
  distribution (top pairs and trips of every rank, QQ/KK/AA, every 5-card
  category up to the royal flush, wheels and steel wheels), boards are built
  in row order (mostly valid) or out of it (fouls), with the top-vs-middle
  kicker edges (``QQ5`` vs ``QQ432`` / ``QQ532``, ``AKQ`` vs ``AKQ32`` /
  ``AKJT9``), middle == bottom, rows copied between players (ties), Low
  middles live (the nuts, 7/8/9/T high) and dead (pair, straight, flush,
  J+), all with distinct cards in every deal.  A part of the batches use rule
  variants (stay conventions, scoop bonus, random royalty and Fantasyland
  tables, ``fl_low_mode="both"``).  Coverage counts are printed and a
  minimum for every feature is asserted.

  Runs in forked worker processes (one per CPU; in this process where fork is
  not available), each on its own seed; the reference's pure functions are
  memoised (see ``_memoise_reference``).  About 240-300 CPU seconds per
  preset and 1M deals (1,090 for all four, measured on a loaded 2-core
  machine): 8-9 minutes on 2 idle cores, longer on a busy one; the CPU
  seconds of each part are printed.  Environment:
  ``OFC_FAST_DIFF_DEALS`` (deals per preset), ``OFC_FAST_DIFF_REPORT`` (a
  file to append each preset's counts to, as JSON lines).  Marked slow: it
  runs with ``pytest -m slow`` (and in ``.ci/run``), not in the quick run.
* ``test_differential_sample[preset]`` (in the quick run): the same
  comparison and coverage checks on ``OFC_FAST_DIFF_SAMPLE`` deals per preset
  (default 5,000; about 10 CPU seconds for all four).
* ``test_properties_*`` (fast, hypothesis): zero-sum, antisymmetry, the
  fouled-vs-valid amount and ``score`` == ``score`` rebuilt from ``analyze``.
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import multiprocessing
import os
import queue as queue_module
import random
import time
import traceback
from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ofc_fast as ofc
from ofc_fast import reference as R

DEALS = int(os.environ.get("OFC_FAST_DIFF_DEALS", "1000000"))
# the quick run's sample (test_differential_sample), deals per preset
SAMPLE_DEALS = int(os.environ.get("OFC_FAST_DIFF_SAMPLE", "5000"))
BATCH = 4000
PRESET_NAMES = ("original", "pineapple", "progressive", "low")
PLAYERS = {"original": (2, 3, 4), "pineapple": (2, 3), "progressive": (2, 3), "low": (2, 3)}

# 5-card categories as used by the generator (reference numbering)
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, SF, ROYAL = range(10)
RANKS13 = tuple(range(13))


# ============================================================== generator

class _Fail(Exception):
    """A row pattern cannot be realised from the cards left."""


def _table(weights: dict[Any, int]) -> tuple[Any, ...]:
    """A tuple in which each item appears ``weight`` times (uniform pick = weighted pick)."""
    return tuple(item for item, w in weights.items() for _ in range(w))


# weights of the top's pair/trips rank: every rank, more of 66+ and QQ+
TOP_RANKS = _table({r: (1 if r < 4 else 2 if r < 10 else 4) for r in range(13)})
TOP_CATS = _table({HIGH: 2, PAIR: 8, TRIPS: 3})
_CAT5_WEIGHTS = {HIGH: 15, PAIR: 15, TWO_PAIR: 15, TRIPS: 15, STRAIGHT: 15, FLUSH: 15,
                 FULL_HOUSE: 15, QUADS: 10, SF: 6, ROYAL: 3}
CAT5 = _table(_CAT5_WEIGHTS)
CAT5_AT_LEAST = [_table({c: w for c, w in _CAT5_WEIGHTS.items() if c >= lvl}) for lvl in range(10)]
TOP_LEVEL = {HIGH: 0, PAIR: 1, TRIPS: 3}
SF_HIGHS = (3, 3, 4, 5, 6, 7, 8, 9, 10, 11)      # 3: the steel wheel, twice as often
MODES = _table({"ordered": 45, "edge_pair": 10, "edge_high": 8, "equal": 5,
                "random_cats": 17, "random": 15})
LOW_MODES = _table({"ordered": 65, "random_cats": 25, "random": 10})
COPY_ROW = 0.2     # chance that a board copies a row pattern of an earlier player (ties)

Spec = tuple[list[int], "int | None", bool]      # (ranks, flush suit, offsuit); [] = random cards


class DealGen:
    """Builds deals with distinct cards from targeted row distributions (seeded)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rnd = self.rng.random
        self.free: list[list[int]] = []      # free cards by rank, during a deal
        self.new_order()

    def new_order(self) -> None:
        """A new random order of the 52 cards, that cards within a row are put in."""
        self.order = self.sample(range(52), 52)

    # ---- small fast helpers (random.sample/choices are slow)
    def pick(self, seq: Any) -> Any:
        return seq[int(self.rnd() * len(seq))]

    def sample(self, seq: Any, k: int) -> list[Any]:
        pool = list(seq)
        n = len(pool)
        if n < k:
            raise _Fail
        rnd = self.rnd
        out = []
        for _ in range(k):
            i = int(rnd() * n)
            out.append(pool[i])
            n -= 1
            pool[i] = pool[n]
        return out

    def others(self, k: int, exclude: tuple[int, ...], below: int = 13) -> list[int]:
        """``k`` distinct ranks below ``below``, not in ``exclude``, with a free card."""
        free = self.free
        return self.sample([r for r in range(below) if free[r] and r not in exclude], k)

    def ranks_with(self, k: int) -> list[int]:
        """Ranks with at least ``k`` free cards."""
        return [r for r, f in enumerate(self.free) if len(f) >= k]

    def top_rank(self, k: int) -> int:
        """A rank for a pair (k = 2) or trips (k = 3) on top, weighted to 66+ and QQ+."""
        for _ in range(4):
            r = self.pick(TOP_RANKS)
            if len(self.free[r]) >= k:
                return r
        return self.pick(self.ranks_with(k) or [-1])

    def straight_highs(self, suit: int | None) -> list[int]:
        """High ranks (3 = five-high) of the straights (flushes in ``suit``) still possible."""
        free = self.free
        if suit is None:
            ok = [bool(f) for f in free]
        else:
            ok = [r * 4 + suit in free[r] for r in range(13)]
        return [h for h in range(3, 13) if ok[h] and ok[h - 1] and ok[h - 2] and ok[h - 3]
                and ok[h - 4 if h > 3 else 12]]

    # ---- rows
    def spec3(self, cat: int) -> Spec:
        if cat == HIGH:
            return self.others(3, ()), None, False
        r = self.top_rank(2 if cat == PAIR else 3)
        if r < 0:
            raise _Fail
        if cat == PAIR:
            return [r, r] + self.others(1, (r,)), None, False
        return [r, r, r], None, False

    def spec5(self, cat: int) -> Spec:
        """A 5-card row of category ``cat`` (reference numbering) from the free cards."""
        if cat == HIGH:
            return self.others(5, ()), None, False
        if cat in (PAIR, TRIPS, QUADS):
            k = {PAIR: 2, TRIPS: 3, QUADS: 4}[cat]
            r = self.pick(self.ranks_with(k) or [-1])
            if r < 0:
                raise _Fail
            return [r] * k + self.others(5 - k, (r,)), None, False
        if cat == TWO_PAIR:
            a, b = self.sample(self.ranks_with(2), 2)
            return [a, a, b, b] + self.others(1, (a, b)), None, False
        if cat == FULL_HOUSE:
            a = self.pick(self.ranks_with(3) or [-1])
            if a < 0:
                raise _Fail
            b = self.pick([r for r in self.ranks_with(2) if r != a] or [-1])
            if b < 0:
                raise _Fail
            return [a, a, a, b, b], None, False
        if cat == FLUSH:
            s = int(self.rnd() * 4)
            free = self.free
            return self.sample([r for r in range(13) if r * 4 + s in free[r]], 5), s, False
        if cat == ROYAL:
            s = self.pick([s for s in range(4) if 12 in self.straight_highs(s)] or [-1])
            if s < 0:
                raise _Fail
            return [8, 9, 10, 11, 12], s, False
        suit = int(self.rnd() * 4) if cat == SF else None
        highs = self.straight_highs(suit)
        if cat == SF:
            highs = [h for h in highs if h < 12]     # not the royal
            if 3 in highs and self.rnd() < 0.2:      # the steel wheel, often
                highs = [3]
        if cat == STRAIGHT and 3 in highs and self.rnd() < 0.1:   # the wheel, often
            highs = [3]
        h = self.pick(highs or [-1])
        if h < 0:
            raise _Fail
        return ([12, 0, 1, 2, 3] if h == 3 else list(range(h - 4, h + 1))), suit, False

    def low_live(self, high: int) -> list[int]:
        """Ranks of a live 2-7 low with the given high rank (5 = 7 .. 8 = T)."""
        for _ in range(10):
            ranks = [high] + self.others(4, (high,), below=high)
            if high - min(ranks) != 4:
                return ranks
        raise _Fail

    def low_middle(self) -> Spec:
        """A Low middle, live or dead (docs/RULES.md §9)."""
        kind = self.rnd()
        if kind < 0.16:
            return [5, 3, 2, 1, 0], None, True                       # the nuts
        if kind < 0.55:
            return self.low_live(5 + int(self.rnd() * 4)), None, True   # 7/8/9/T high
        if kind < 0.63:                                              # dead: a pair
            r = self.pick([r for r in self.ranks_with(2) if r < 9] or [-1])
            if r < 0:
                raise _Fail
            return [r, r] + self.others(3, (r,), below=9), None, False
        if kind < 0.71:                                              # dead: a straight
            h = self.pick([h for h in self.straight_highs(None) if 4 <= h <= 8] or [-1])
            if h < 0:
                raise _Fail
            return list(range(h - 4, h + 1)), None, True
        if kind < 0.79:                                              # dead: a flush (the nuts too)
            ranks = [5, 3, 2, 1, 0] if self.rnd() < 0.3 else self.low_live(5 + int(self.rnd() * 4))
            free = self.free
            suits = [s for s in range(4) if all(r * 4 + s in free[r] for r in ranks)]
            if not suits:
                raise _Fail
            return ranks, self.pick(suits), False
        if kind < 0.90:                                              # dead: J, Q, K or A
            if self.rnd() < 0.25:
                return [12, 3, 2, 1, 0], None, True                  # A-5-4-3-2: ace high
            hi = self.pick([r for r in range(9, 13) if self.free[r]] or [-1])
            if hi < 0:
                raise _Fail
            return [hi] + self.others(4, (), below=9), None, True
        return [], None, False                                       # random cards

    def take(self, spec: Spec, size: int) -> list[int]:
        """Cards for ``spec`` among the free ones (``self.free[rank]``; raises _Fail)."""
        ranks, suit, offsuit = spec
        free = self.free
        if not ranks:
            return self.sample([c for f in free for c in f], size)
        if suit is not None:
            out = [r * 4 + suit for r in ranks]
            for c in out:
                if c not in free[c >> 2]:
                    raise _Fail
            return out
        rnd = self.rnd
        counts: dict[int, int] = {}
        for r in ranks:
            counts[r] = counts.get(r, 0) + 1
        out = []
        for r, k in counts.items():
            f = free[r]
            n = len(f)
            if n < k:
                raise _Fail
            if k == 1:
                out.append(f[int(rnd() * n)])
            else:
                out += f if k == n else self.sample(f, k)
        if offsuit and len(out) == 5 and len({c & 3 for c in out}) == 1:
            for i, c in enumerate(out):       # change the suit of one card
                alt = [x for x in free[c >> 2] if x != c]
                if alt:
                    out[i] = self.pick(alt)
                    break
            else:
                raise _Fail
        return out

    # ---- boards
    def board_makers(self, low: bool, mode: str) -> list[Any]:
        """Three callables giving a fresh spec of the top, middle and bottom."""
        if low:
            if mode == "ordered":
                tcat = self.pick(TOP_CATS)
                bcat = self.pick(CAT5_AT_LEAST[TOP_LEVEL[tcat]])
            else:
                tcat = self.pick((HIGH, PAIR, TRIPS))
                bcat = self.pick(CAT5)
            return [lambda: self.spec3(tcat), self.low_middle, lambda: self.spec5(bcat)]
        if mode == "ordered":
            tcat = self.pick(TOP_CATS)
            mcat = self.pick(CAT5_AT_LEAST[TOP_LEVEL[tcat] + (self.rnd() < 0.8)])
            bcat = self.pick(CAT5_AT_LEAST[min(9, mcat + (self.rnd() < 0.7))])
            return [lambda: self.spec3(tcat), lambda: self.spec5(mcat), lambda: self.spec5(bcat)]
        if mode == "random_cats":
            tcat, mcat, bcat = self.pick((HIGH, PAIR, TRIPS)), self.pick(CAT5), self.pick(CAT5)
            return [lambda: self.spec3(tcat), lambda: self.spec5(mcat), lambda: self.spec5(bcat)]
        if mode == "random":
            return [lambda: ([], None, False)] * 3
        if mode == "equal":
            # middle and bottom of the same ranks (equal rows are allowed)
            tcat = self.pick((HIGH, PAIR, PAIR, TRIPS))
            ranks, suit, _ = self.spec5(self.pick((HIGH, PAIR, TWO_PAIR, STRAIGHT, FLUSH,
                                                   FULL_HOUSE, SF)))
            suit2 = None if suit is None else (suit + 1 + int(self.rnd() * 3)) % 4
            mid: Spec = (ranks, suit, False)
            bot: Spec = (list(ranks), suit2, False)
            return [lambda: self.spec3(tcat), lambda: mid, lambda: bot]
        bottom = self.pick(CAT5_AT_LEAST[TWO_PAIR if mode == "edge_pair" else
                                         self.pick((HIGH, PAIR, STRAIGHT))])
        try:
            top, mid = self.edge_pair() if mode == "edge_pair" else self.edge_high()
        except _Fail:
            return self.board_makers(low, "ordered")
        return [lambda: top, lambda: mid, lambda: self.spec5(bottom)]

    def edge_pair(self) -> tuple[Spec, Spec]:
        """Top and middle share a pair rank: QQ5 vs QQ432 (top higher: foul),
        QQ5 vs QQ532 (middle higher: more kickers), QQ5 vs QQ7xx."""
        free = self.free
        r = self.pick(TOP_RANKS)
        if len(free[r]) < 4:
            r = self.pick([x for x in range(13) if len(free[x]) == 4] or [-1])
            if r < 0:
                raise _Fail
        how = int(self.rnd() * 3)
        k = self.pick([x for x in range(13) if x != r and len(free[x]) >= 1 + (how == 1)] or [-1])
        if k < 0:
            raise _Fail
        if how == 0:                   # every middle kicker below k
            ks = self.others(3, (r,), below=k)
        elif how == 1:                 # the same first kicker, then more
            ks = [k] + self.others(2, (r, k), below=k)
        else:                          # a higher kicker
            x = self.pick([x for x in range(k + 1, 13) if x != r and free[x]] or [-1])
            if x < 0:
                raise _Fail
            ks = [x] + self.others(2, (r, x))
        return ([r, r, k], None, False), ([r, r] + ks, None, False)

    def edge_high(self) -> tuple[Spec, Spec]:
        """Top a-b-c: middle a-b-c-x-y (middle higher), a-b-c'.. c' < c or a-b'..
        (top higher: foul); AKQ vs AKQ32 / AKJT9."""
        free = self.free
        a, b, c = sorted(self.sample([r for r in range(2, 13) if len(free[r]) >= 2], 3), reverse=True)
        how = int(self.rnd() * 3)
        if how == 0:
            mid = [a, b, c] + self.others(2, (), below=c)
        elif how == 1 and c >= 3:
            c2 = self.pick([r for r in range(2, c) if free[r]] or [-1])
            if c2 < 0:
                raise _Fail
            mid = [a, b, c2] + self.others(2, (), below=c2)
        elif b > 3:
            b2 = self.pick([r for r in range(3, b) if free[r]] or [-1])
            if b2 < 0:
                raise _Fail
            mid = [a, b2] + self.others(3, (), below=b2)
        else:
            raise _Fail
        return ([a, b, c], None, False), (mid, None, True)

    def deal(self, players: int, low: bool) -> list[list[int]]:
        """``players`` boards of 13 cards, distinct over the deal."""
        self.free = free = [[4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3] for r in range(13)]
        boards: list[list[int]] = []
        seen: list[list[Spec]] = []
        for _ in range(players):
            try:
                makers = self.board_makers(low, self.pick(LOW_MODES if low else MODES))
            except _Fail:
                makers = self.board_makers(low, "ordered")
            if seen and self.rnd() < COPY_ROW:
                row = int(self.rnd() * 3)
                ranks, suit, offsuit = self.pick(seen)[row]
                if suit is not None:
                    suit = (suit + 1 + int(self.rnd() * 3)) % 4
                copied: Spec = (list(ranks), suit, offsuit)
                makers[row] = lambda: copied
            board: list[int] = []
            specs: list[Spec] = []
            for maker, size in zip(makers, (3, 5, 5)):
                for _attempt in range(3):
                    try:
                        spec = maker()
                        cards = self.take(spec, size)
                        break
                    except _Fail:
                        pass
                else:
                    spec = ([], None, False)
                    cards = self.take(spec, size)
                cards.sort(key=self.order.__getitem__)     # a random order in the row
                for c in cards:
                    free[c >> 2].remove(c)
                board += cards
                specs.append(spec)
            seen.append(specs)
            boards.append(board)
        return boards


def make_deal(rng: random.Random, players: int, low: bool) -> list[list[int]]:
    """One deal from a generator seeded by ``rng``."""
    return DealGen(rng.getrandbits(64)).deal(players, low)


# ---- rule variants

def _fl_count(rng: random.Random, limit: int) -> int:
    """A Fantasyland count the variant allows (up to 52 // max_players)."""
    return rng.choice([c for c in (0, 0, 13, 14, 15, 16, 17, 20, 26) if c <= limit])


def make_variant(rng: random.Random, base: ofc.Rules) -> ofc.Rules:
    """A random valid variant of ``base`` (dataclasses.replace / with_stay)."""
    kind = rng.randrange(6)
    if kind == 0:
        return base.with_stay(rng.choice(sorted(ofc.STAY_CONVENTIONS)))
    if kind == 1:
        return dataclasses.replace(base, scoop_bonus=rng.choice((0, 1, 2, 4, 6, 10)))
    if kind == 2:
        r = dataclasses.replace(
            base, name="random-royalties",
            top_pair=tuple(rng.randrange(-3, 15) for _ in range(13)),
            top_trips=tuple(rng.randrange(-3, 40) for _ in range(13)),
            bottom=tuple(rng.randrange(-3, 40) for _ in range(10)),
            scoop_bonus=rng.randrange(0, 8))
        if base.low:
            return dataclasses.replace(r, low_middle=tuple(rng.randrange(-3, 12) for _ in range(13)),
                                       low_nuts=rng.randrange(-3, 30))
        return dataclasses.replace(r, middle=tuple(rng.randrange(-3, 60) for _ in range(10)))
    if kind == 3:
        r = dataclasses.replace(
            base, name="random-fantasyland",
            fl_top_pair=tuple(_fl_count(rng, base.fantasyland_limit) for _ in range(13)),
            fl_top_trips=tuple(_fl_count(rng, base.fantasyland_limit) for _ in range(13)),
            stay_cards=rng.choice([c for c in (13, 14, 15) if c <= base.fantasyland_limit]))
        if base.low:
            limit = base.fantasyland_limit
            return dataclasses.replace(r, fl_low_nuts=_fl_count(rng, limit), fl_low_both=_fl_count(rng, limit),
                                       fl_low_mode=rng.choice(("either", "both")))
        return r
    if kind == 4:
        cats = list(ofc.HandCategory)[:10]   # natural categories (no five of a kind)
        top = rng.choice((None, ofc.HandCategory.PAIR, ofc.HandCategory.THREE_OF_A_KIND))
        mid = None if base.low else rng.choice([None] + cats)
        bot = rng.choice([None] + cats[4:])
        return dataclasses.replace(base, name="random-stay", stay_top=top, stay_middle=mid,
                                   stay_bottom=bot)
    if base.low:
        return dataclasses.replace(base, fl_low_mode="both")
    return dataclasses.replace(base, scoop_bonus=6).with_stay(rng.choice(sorted(ofc.STAY_CONVENTIONS)))


def _describe_rules(rules: ofc.Rules, base: ofc.Rules) -> str:
    diff = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
            if getattr(rules, f.name) != getattr(base, f.name)}
    return f"dataclasses.replace(ofc.{base.name.upper()}, **{diff!r})" if diff else f"ofc.{base.name.upper()}"


# ============================================================== oracle

def _memoise_reference() -> dict[str, Any]:
    """Memoise the reference's pure functions (it is called millions of times).

    Row functions (``row_key``, ``lowball_key``, ``category``, ``is_live_low``,
    ``_is_low_nuts``, ``_rank_groups``) depend on the set of cards only and
    are keyed on the sorted cards; behind that exact cache, a second level
    keyed on (ranks, all one suit) -- all these functions read of a card --
    avoids recomputing a row seen in other suits, and every 16th such hit is
    recomputed and compared, so the assumption is checked as the test runs.
    The input check ``_check_cards`` is keyed on the cards in order; the board
    functions ``fouled``, ``royalties`` and ``stays`` on (board, id of the
    rules) in a small cache emptied by ``_new_deal`` before each deal.  The
    module attributes are replaced, so every internal call of the reference
    goes through the caches; the originals are returned for restoring.
    """
    saved: dict[str, Any] = {}

    def by_set(fn: Any, limit: int = 250_000) -> Any:
        exact: dict[tuple[int, ...], Any] = {}
        by_class: dict[tuple[Any, ...], Any] = {}
        spot_check = itertools.count()

        def cached(cards: Any) -> Any:
            key = tuple(sorted(cards))
            try:
                return exact[key]
            except KeyError:
                pass
            if len(exact) > limit:
                exact.clear()
            # second level: the ranks and whether all cards share a suit
            suit = key[0] & 3
            cls = (tuple([c >> 2 for c in key]), all(c & 3 == suit for c in key))
            try:
                value = by_class[cls]
            except KeyError:
                value = by_class[cls] = fn(cards)
            else:
                if next(spot_check) % 16 == 0:     # the class assumption, checked
                    direct = fn(cards)
                    assert direct == value, (fn.__name__, cards, direct, value)
            exact[key] = value
            return value
        return cached

    def by_board(fn: Any) -> Any:
        cache: dict[tuple[Any, ...], Any] = {}

        def cached(board: Any, rules: Any) -> Any:
            key = (tuple(board), id(rules))
            try:
                return cache[key]
            except KeyError:
                value = cache[key] = fn(board, rules)
                return value
        cached.cache = cache  # type: ignore[attr-defined]
        return cached

    def check_cards(fn: Any) -> Any:
        cache: dict[tuple[Any, ...], list[int]] = {}

        def cached(cards: Any, sizes: tuple[int, ...]) -> list[int]:
            key = (tuple(cards), sizes)
            try:
                return list(cache[key])      # a new list, as the original returns
            except KeyError:
                if len(cache) > 50_000:
                    cache.clear()
                value = cache[key] = fn(cards, sizes)
                return list(value)
        return cached

    for name in ("row_key", "lowball_key", "category", "is_live_low", "_is_low_nuts",
                 "_rank_groups"):
        saved[name] = getattr(R, name)
        setattr(R, name, by_set(saved[name]))
    for name in ("fouled", "royalties", "stays"):
        saved[name] = getattr(R, name)
        setattr(R, name, by_board(saved[name]))
    saved["_check_cards"] = R._check_cards
    R._check_cards = check_cards(R._check_cards)
    return saved


def _new_deal() -> None:
    """Empty the board-level caches (the rules object may change between deals)."""
    R.fouled.cache.clear()
    R.royalties.cache.clear()
    R.stays.cache.clear()


def _reference_deal(boards: list[list[int]], rules: ofc.Rules) -> dict[str, Any]:
    _new_deal()
    return {
        "fouled": [R.fouled(b, rules) for b in boards],
        "royalties": [list(R.royalties(b, rules)) for b in boards],
        "fantasyland": [R.fantasyland(b, rules, False) for b in boards],
        "fantasyland_in": [R.fantasyland(b, rules, True) for b in boards],
        "stays": [R.stays(b, rules) for b in boards],
        "score_matrix": R.score_matrix(boards, rules),
    }


def _text(board: list[int]) -> str:
    return " / ".join(" ".join(R.card_str(c) for c in board[lo:hi]) for lo, hi in ((0, 3), (3, 8), (8, 13)))


# ============================================================== worker

FEATURES_ROW = ("top", "middle", "bottom")


def _run_slice(preset: str, seed: int, n_deals: int) -> dict[str, Any]:
    """Build and compare ``n_deals`` deals; counts, mismatches and the strength maps."""
    base = ofc.get_rules(preset)
    low = base.low
    gen = DealGen(seed)
    rng = gen.rng
    saved = _memoise_reference()
    stats: Counter[str] = Counter()
    mismatches: list[str] = []
    # reference key -> C strength (5-card and 3-card rows; Low middles apart)
    high_map: dict[tuple[int, ...], int] = {}
    low_map: dict[tuple[int, ...], int] = {}
    conflicts: list[str] = []
    raw: Counter[Any] = Counter()    # per-board summaries of the reference keys
    timing: Counter[str] = Counter()
    try:
        row_key, lowball_key, is_live_low = R.row_key, R.lowball_key, R.is_live_low
        done = 0
        batch = max(50, min(BATCH, n_deals // 20))     # >= 20 batches: players and rules vary
        while done < n_deals:
            n = min(batch, n_deals - done)
            players = rng.choice(PLAYERS[preset])
            rules = base if rng.random() < 0.5 else make_variant(rng, base)
            if rules is not base:
                stats["deals under a rule variant"] += n
                if rules.low and rules.fl_low_mode == "both":
                    stats["deals with fl_low_mode both"] += n
            stats[f"deals with {players} players"] += n
            t0 = time.process_time()
            gen.new_order()
            deals = [gen.deal(players, low) for _ in range(n)]
            t1 = time.process_time()
            arr = np.array(deals, dtype=np.uint8)
            assert arr.shape == (n, players, 13)
            a0 = ofc.analyze(arr, rules, in_fantasyland=False)
            a1 = ofc.analyze(arr, rules, in_fantasyland=True)
            c_score = ofc.score(arr, rules)
            c_matrix = ofc.score_matrix(arr, rules)
            c_strength = a0.strength.tolist()
            t2 = time.process_time()
            refs = [_reference_deal(d, rules) for d in deals]
            t3 = time.process_time()
            ref = {k: np.array([r[k] for r in refs]) for k in refs[0]}
            ref_score = ref["score_matrix"].sum(axis=2)
            checks = {
                "fouled": (a0.fouled, ref["fouled"]),
                "royalties": (a0.royalties, ref["royalties"]),
                "fantasyland(in_fantasyland=False)": (a0.fantasyland, ref["fantasyland"]),
                "fantasyland(in_fantasyland=True)": (a1.fantasyland, ref["fantasyland_in"]),
                "stays": (a0.stays, ref["stays"]),
                "stays(in_fantasyland=True)": (a1.stays, ref["stays"]),
                "fouled(in_fantasyland=True)": (a1.fouled, ref["fouled"]),
                "royalties(in_fantasyland=True)": (a1.royalties, ref["royalties"]),
                "score": (c_score, ref_score),
                "score_matrix": (c_matrix, ref["score_matrix"]),
            }
            for what, (got, want) in checks.items():
                got = np.asarray(got).astype(np.int64)
                want = want.astype(np.int64)
                bad = (got != want).reshape(n, -1).any(axis=1)
                for i in np.flatnonzero(bad)[:2]:
                    if len(mismatches) < 20:
                        mismatches.append(
                            f"{what} differs: rules={_describe_rules(rules, base)}, deal "
                            f"{[_text(b) for b in deals[i]]}: reference {want[i].tolist()}, "
                            f"C {got[i].tolist()}")
                stats[f"mismatch {what}"] += int(bad.sum())
            # R.score itself on a sample (it is the row sums of score_matrix)
            for i in range(0, n, 97):
                if R.score(deals[i], rules) != c_score[i].tolist():
                    stats["mismatch R.score"] += 1
                    if len(mismatches) < 20:
                        mismatches.append(f"score differs: rules={_describe_rules(rules, base)}, "
                                          f"deal {[_text(b) for b in deals[i]]}: reference "
                                          f"{R.score(deals[i], rules)}, C {c_score[i].tolist()}")
            # strength order (reference key -> C strength, one to one) and coverage
            for d, deal in enumerate(deals):
                fouled = refs[d]["fouled"]
                strengths = c_strength[d]
                for p, board in enumerate(deal):
                    s_top, s_mid, s_bot = strengths[p]
                    kt, km, kb = row_key(board[0:3]), row_key(board[3:8]), row_key(board[8:13])
                    if high_map.setdefault(kt, s_top) != s_top:
                        conflicts.append(f"top key {kt}: C strength {s_top}, earlier "
                                         f"{high_map[kt]} (deal {deal}, player {p})")
                    if high_map.setdefault(kb, s_bot) != s_bot:
                        conflicts.append(f"bottom key {kb}: C strength {s_bot}, earlier "
                                         f"{high_map[kb]} (deal {deal}, player {p})")
                    if low:
                        kl = lowball_key(board[3:8])
                        if low_map.setdefault(kl, s_mid) != s_mid:
                            conflicts.append(f"Low middle key {kl}: C strength {s_mid}, earlier "
                                             f"{low_map[kl]} (deal {deal}, player {p})")
                        raw[(fouled[p], kt[:2], kb[:2], is_live_low(board[3:8]), kl, km[:2])] += 1
                    else:
                        if high_map.setdefault(km, s_mid) != s_mid:
                            conflicts.append(f"middle key {km}: C strength {s_mid}, earlier "
                                             f"{high_map[km]} (deal {deal}, player {p})")
                        edge = 0
                        if kt[0] == km[0] == R.PAIR and kt[1] == km[1]:
                            edge = 1 if kt > km else 2
                        elif kt[0] == km[0] == R.HIGH_CARD and kt[1:3] == km[1:3]:
                            edge = (3 if kt > km else 4) + 2 * (kt[1:4] == km[1:4])
                        raw[(fouled[p], kt[:2], kb[:2], km[:2], km == kb, edge)] += 1
            del conflicts[10:]
            _count(stats, a0, a1, c_matrix)
            t4 = time.process_time()
            timing["generating deals"] += t1 - t0
            timing["C kernel (and numpy)"] += t2 - t1
            timing["reference"] += t3 - t2
            timing["comparing and counting"] += t4 - t3
            done += n
        stats["deals compared"] += done
        _expand(stats, raw, low)
    except Exception:   # pragma: no cover - reported by the parent
        mismatches.append("worker crashed:\n" + traceback.format_exc())
    finally:
        for name, fn in saved.items():
            setattr(R, name, fn)
    return {"stats": dict(stats), "timing": dict(timing), "mismatches": mismatches,
            "conflicts": conflicts,
            "high_map": list(high_map.items()), "low_map": list(low_map.items())}


def _count(stats: Counter[str], a0: Any, a1: Any, matrix: np.ndarray) -> None:
    """Coverage counts of one batch from the (checked) C results."""
    fouled = a0.fouled
    valid = ~fouled
    stats["boards"] += fouled.size
    stats["boards fouled"] += int(fouled.sum())
    stats["boards valid"] += int(valid.sum())
    for r, name in enumerate(FEATURES_ROW):
        stats[f"royalty > 0 {name}"] += int((a0.royalties[..., r] > 0).sum())
        stats[f"royalty < 0 {name}"] += int((a0.royalties[..., r] < 0).sum())
    for v, k in zip(*np.unique(a0.fantasyland, return_counts=True)):
        stats[f"fantasyland {int(v)} (entry)"] += int(k)
    for v, k in zip(*np.unique(a1.fantasyland, return_counts=True)):
        stats[f"fantasyland {int(v)} (in Fantasyland)"] += int(k)
    stats["stays"] += int(a0.stays.sum())
    # scoops: a wins all three rows from a valid b; and a valid against a fouled b
    n, players = fouled.shape
    s = a0.strength.astype(np.int32)
    for a in range(players):
        for b in range(players):
            if a == b:
                continue
            both = valid[:, a] & valid[:, b]
            wins = (s[:, a] > s[:, b]).all(axis=1)
            ties = (s[:, a] == s[:, b])
            stats["scoops (all three rows won)"] += int((both & wins).sum())
            stats["scoops of a fouled board"] += int((valid[:, a] & fouled[:, b]).sum())
            if a < b:
                stats["both fouled"] += int((fouled[:, a] & fouled[:, b]).sum())
                for r, name in enumerate(FEATURES_ROW):
                    stats[f"tied {name} rows (both valid)"] += int((both & ties[:, r]).sum())
    stats["deals with a nonzero score"] += int((matrix != 0).any(axis=(1, 2)).sum())


def _cat(key: tuple[int, ...]) -> str:
    """Category name of a reference key's first two entries (a royal apart)."""
    if key[0] == R.STRAIGHT_FLUSH and key[1] == 12:
        return "royal flush"
    return R.CATEGORY_NAMES[key[0]]


_EDGES = {1: "edge: top and middle pair of one rank, top higher",
          2: "edge: top and middle pair of one rank, middle higher",
          3: "edge: top and middle high card, same two top ranks, top higher",
          4: "edge: top and middle high card, same two top ranks, middle higher",
          5: "edge: top and middle high card, same two top ranks, top higher",
          6: "edge: top and middle high card, same two top ranks, middle higher"}


def _expand(stats: Counter[str], raw: Counter[Any], low: bool) -> None:
    """Named coverage counts from the per-board key summaries."""
    for info, k in raw.items():
        fouled, kt, kb = info[0], info[1], info[2]
        tag = "fouled" if fouled else "valid"
        stats[f"top {_cat(kt)} ({tag})"] += k
        if kt[0] == R.PAIR and kt[1] >= 4:
            stats[f"top pair 66+ ({tag})"] += k
        if kt[0] != R.HIGH_CARD and kt[1] >= 10:
            stats[f"top QQ+ or trips ({tag})"] += k
        if kt[0] == R.PAIR and kt[1] >= 10:
            stats[f"top {'QKA'[kt[1] - 10] * 2} ({tag})"] += k
        stats[f"bottom {_cat(kb)} ({tag})"] += k
        if kb[0] in (R.STRAIGHT, R.STRAIGHT_FLUSH) and kb[1] == 3:
            stats[f"bottom {'wheel' if kb[0] == R.STRAIGHT else 'steel wheel'}"] += k
        if low:
            live, kl, km = info[3], info[4], info[5]
            if live:
                high = -kl[1]          # lowball key: negated high-card key
                stats["low middle the nuts" if kl == (0, -5, -3, -2, -1, 0)
                      else f"low middle live {'23456789T'[high]} high"] += k
            else:
                why = ("pair+" if km[0] in (R.PAIR, R.TWO_PAIR, R.TRIPS, R.FULL_HOUSE, R.QUADS) else
                       "straight" if km[0] in (R.STRAIGHT, R.STRAIGHT_FLUSH) else
                       "flush" if km[0] == R.FLUSH else
                       "J+ high" if km[1] > 8 else "?")
                stats[f"low middle dead: {why}"] += k
            if live and kb <= kt:
                stats["low bottom not above top (live middle)"] += k
            continue
        km, equal, edge = info[3], info[4], info[5]
        stats[f"middle {_cat(km)} ({tag})"] += k
        if km[0] in (R.STRAIGHT, R.STRAIGHT_FLUSH) and km[1] == 3:
            stats[f"middle {'wheel' if km[0] == R.STRAIGHT else 'steel wheel'}"] += k
        if equal:
            stats["middle equal to bottom"] += k
        if edge:
            stats[_EDGES[edge]] += k
        if edge in (5, 6):     # top a-b-c, middle a-b-c-x-y
            stats["edge: top a-b-c vs middle a-b-c-x-y"] += k


# ============================================================== the test

def _parallel(preset: str, n_deals: int) -> list[dict[str, Any]]:
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:      # not on Linux
        cpus = os.cpu_count() or 1
    procs = max(1, min(cpus, 16))
    parts = [n_deals * i // procs for i in range(procs + 1)]
    seeds = [1_000_003 * (PRESET_NAMES.index(preset) + 1) + i for i in range(procs)]
    if procs == 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [_run_slice(preset, seed, parts[i + 1] - parts[i]) for i, seed in enumerate(seeds)]
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()

    def child(i: int) -> None:
        queue.put((i, _run_slice(preset, seeds[i], parts[i + 1] - parts[i])))

    workers = [ctx.Process(target=child, args=(i,), daemon=True) for i in range(procs)]
    for w in workers:
        w.start()
    results: dict[int, dict[str, Any]] = {}
    try:
        while len(results) < procs:
            try:
                i, res = queue.get(timeout=2)
                results[i] = res
            except queue_module.Empty:
                # a worker that died (a crash in the kernel) without a result
                dead = [j for j, w in enumerate(workers)
                        if j not in results and w.exitcode not in (None, 0)]
                assert not dead, f"worker {dead[0]} died with exit code {workers[dead[0]].exitcode}"
    finally:
        for w in workers:
            w.join(timeout=10)
            if w.is_alive():
                w.terminate()
    for w in workers:
        assert w.exitcode == 0, f"worker exited with {w.exitcode}"
    return [results[i] for i in range(procs)]


def _check_order(pairs: list[tuple[tuple[int, ...], int]], what: str) -> int:
    """Sorting the reference keys must sort the C strengths strictly."""
    pairs.sort()
    for (k1, s1), (k2, s2) in zip(pairs, pairs[1:]):
        assert k1 != k2 or s1 == s2, f"{what}: key {k1} has C strengths {s1} and {s2}"
        assert s1 < s2, (f"{what}: reference key {k1} < {k2} but C strength {s1} >= {s2} "
                         f"(the order of the rows disagrees)")
    return len(pairs)


# minimum share of boards (or of ordered player pairs for scoops) hitting each
# feature; about a third of what the generator reaches, so a generator that
# stops hitting one fails here.  {preset: {feature: share of boards}}
_COMMON = {
    "boards fouled": 0.05, "boards valid": 0.2,
    "royalty > 0 top": 0.1, "royalty > 0 middle": 0.05, "royalty > 0 bottom": 0.1,
    "stays": 0.02, "scoops (all three rows won)": 0.01, "scoops of a fouled board": 0.02,
    "both fouled": 0.005, "tied top rows (both valid)": 0.002,
    "tied middle rows (both valid)": 0.0005, "tied bottom rows (both valid)": 0.0005,
    "top three of a kind (valid)": 0.02, "top pair 66+ (valid)": 0.05,
    "top QQ (valid)": 0.01, "top KK (valid)": 0.01, "top AA (valid)": 0.01,
    "bottom royal flush (valid)": 0.001, "bottom straight flush (valid)": 0.003,
    "bottom four of a kind (valid)": 0.005, "bottom full house (valid)": 0.01,
    "bottom flush (valid)": 0.01, "bottom straight (valid)": 0.01,
    "bottom wheel": 0.0005, "bottom steel wheel": 0.0002,
    "deals under a rule variant": 0.1,
}
_HIGH_ONLY = {
    "middle royal flush (valid)": 0.0003, "middle straight flush (valid)": 0.001,
    "middle four of a kind (valid)": 0.002, "middle full house (valid)": 0.01,
    "middle flush (valid)": 0.01, "middle straight (valid)": 0.01,
    "middle three of a kind (valid)": 0.01, "middle wheel": 0.0005, "middle steel wheel": 0.0002,
    "middle equal to bottom": 0.003,
    "edge: top and middle pair of one rank, top higher": 0.003,
    "edge: top and middle pair of one rank, middle higher": 0.005,
    "edge: top and middle high card, same two top ranks, top higher": 0.002,
    "edge: top and middle high card, same two top ranks, middle higher": 0.003,
    "edge: top a-b-c vs middle a-b-c-x-y": 0.002,
}
_LOW_ONLY = {
    "low middle the nuts": 0.04, "low middle live 7 high": 0.01, "low middle live 8 high": 0.01,
    "low middle live 9 high": 0.01, "low middle live T high": 0.01,
    "low middle dead: pair+": 0.02, "low middle dead: straight": 0.01,
    "low middle dead: flush": 0.01, "low middle dead: J+ high": 0.02,
    "low bottom not above top (live middle)": 0.005, "deals with fl_low_mode both": 0.01,
}
# Fantasyland values of each preset that must appear (entry, and stay_cards inside)
_FL_VALUES = {"original": (13,), "pineapple": (14,), "progressive": (14, 15, 16, 17),
              "low": (14, 15)}


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_differential(preset: str, capsys: pytest.CaptureFixture[str],
                      record_property: Any) -> None:
    """OFC_FAST_DIFF_DEALS deals per preset (default 1,000,000): minutes; opt-in."""
    _differential(preset, DEALS, capsys, record_property, show=True)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_differential_sample(preset: str, capsys: pytest.CaptureFixture[str],
                             record_property: Any) -> None:
    """The same comparison on SAMPLE_DEALS deals per preset, in the quick run (seconds)."""
    _differential(preset, SAMPLE_DEALS, capsys, record_property, show=False)


def _differential(preset: str, deals: int, capsys: pytest.CaptureFixture[str],
                  record_property: Any, show: bool) -> None:
    t0 = time.perf_counter()
    results = _parallel(preset, deals)
    stats: Counter[str] = Counter()
    mismatches: list[str] = []
    conflicts: list[str] = []
    high_pairs: dict[tuple[int, ...], int] = {}
    low_pairs: dict[tuple[int, ...], int] = {}
    for res in results:
        stats.update(res["stats"])
        mismatches += res["mismatches"]
        conflicts += res["conflicts"]
        for pairs, merged in ((res["high_map"], high_pairs), (res["low_map"], low_pairs)):
            for k, s in pairs:
                old = merged.setdefault(tuple(k), s)
                if old != s:
                    conflicts.append(f"reference key {k}: C strengths {old} and {s}")
    elapsed = time.perf_counter() - t0
    timing: Counter[str] = Counter()
    for res in results:
        timing.update(res["timing"])
    report = "\n".join(f"  {k}: {v}" for k, v in sorted(stats.items()))
    report += "\n  CPU seconds: " + ", ".join(f"{k} {v:.1f}" for k, v in timing.items())
    summary = (f"\n[differential {preset}] {stats['deals compared']} deals, "
               f"{stats['boards']} boards, {len(results)} processes, {elapsed:.1f} s\n{report}")
    if show:    # the long run shows its coverage; the quick run's shows only if it fails
        with capsys.disabled():
            print(summary)
    else:
        print(summary)
    record_property("deals_compared", stats["deals compared"])
    record_property("coverage", dict(stats))
    report_file = os.environ.get("OFC_FAST_DIFF_REPORT")
    if report_file:
        with open(report_file, "a", encoding="utf-8") as f:
            f.write(json.dumps({"preset": preset, "seconds": round(elapsed, 1),
                                "stats": dict(stats), "cpu_seconds": dict(timing)}) + "\n")
    assert not mismatches, "C kernel differs from the reference:\n" + "\n".join(mismatches[:20])
    assert not conflicts, "C strengths disagree with the reference order:\n" + "\n".join(conflicts[:10])
    assert not {k: v for k, v in stats.items() if k.startswith("mismatch") and v}, stats
    assert stats["deals compared"] == deals

    # strength order, globally (covers the order within each deal)
    n_high = _check_order(list(high_pairs.items()), "3- and 5-card rows")
    n_low = _check_order(list(low_pairs.items()), "Low middles (2-7)") if low_pairs else 0
    stats["distinct row keys"] = n_high
    stats["distinct Low middle keys"] = n_low

    # coverage
    boards = stats["boards"]
    low = preset == "low"
    minimum = dict(_COMMON, **(_LOW_ONLY if low else _HIGH_ONLY))
    # (a feature whose minimum is under 3 boards is not asserted on a small run)
    short = {k: (stats[k], int(share * boards)) for k, share in minimum.items()
             if stats[k] < int(share * boards) and int(share * boards) >= 3}
    assert not short, f"generator coverage too low (feature: (got, minimum)): {short}"
    for players in PLAYERS[preset]:
        assert stats[f"deals with {players} players"] >= deals // 10, players
    for v in _FL_VALUES[preset]:
        assert stats[f"fantasyland {v} (entry)"] >= boards // 2000, (v, stats)
    assert stats[f"fantasyland {ofc.get_rules(preset).stay_cards} (in Fantasyland)"] >= boards // 100
    if deals >= 100_000:
        assert n_high >= 5000, n_high
        if low:
            assert n_low >= 200, n_low


# ============================================================== properties

@st.composite
def deals(draw: Any, presets: tuple[str, ...] = PRESET_NAMES) -> tuple[ofc.Rules, np.ndarray]:
    preset = draw(st.sampled_from(presets))
    rules = ofc.get_rules(preset)
    if draw(st.booleans()):
        rules = dataclasses.replace(rules, scoop_bonus=draw(st.integers(0, 12)))
    players = draw(st.integers(2, rules.max_players))
    perm = draw(st.permutations(range(52)))
    return rules, np.array(perm[:13 * players], dtype=np.uint8).reshape(players, 13)


@st.composite
def built_deals(draw: Any) -> tuple[ofc.Rules, np.ndarray]:
    """Deals from the targeted generator (royalties, fouls, Fantasyland happen)."""
    preset = draw(st.sampled_from(PRESET_NAMES))
    rng = random.Random(draw(st.integers(0, 2**32)))
    base = ofc.get_rules(preset)
    rules = make_variant(rng, base) if draw(st.booleans()) else base
    players = rng.choice(PLAYERS[preset])
    return rules, np.array(make_deal(rng, players, base.low), dtype=np.uint8)


def _score_from_analysis(deal: np.ndarray, rules: ofc.Rules) -> np.ndarray:
    """Pairwise points rebuilt from analyze() alone (docs/RULES.md §6)."""
    a = ofc.analyze(deal, rules)
    p = deal.shape[0]
    m = np.zeros((p, p), dtype=np.int64)
    total = a.royalties.sum(axis=1).astype(np.int64)
    for i in range(p):
        for j in range(p):
            if i == j or (a.fouled[i] and a.fouled[j]):
                continue
            if a.fouled[i]:
                rows = -3
                sweep = -1
            elif a.fouled[j]:
                rows = 3
                sweep = 1
            else:
                d = np.sign(a.strength[i].astype(np.int64) - a.strength[j].astype(np.int64))
                rows = int(d.sum())
                sweep = 1 if (d == 1).all() else -1 if (d == -1).all() else 0
            m[i, j] = rows + sweep * rules.scoop_bonus + total[i] - total[j]
    return m


def _properties(rules: ofc.Rules, deal: np.ndarray) -> None:
    net = ofc.score(deal, rules)
    m = ofc.score_matrix(deal, rules)
    a = ofc.analyze(deal, rules)
    p = deal.shape[0]
    assert net.shape == (p,) and m.shape == (p, p)
    assert net.dtype == np.int32 and m.dtype == np.int32
    assert int(net.sum()) == 0                                  # zero-sum
    assert (m == -m.T).all() and (np.diag(m) == 0).all()        # antisymmetric
    assert (m.sum(axis=1) == net).all()
    assert (a.royalties[a.fouled] == 0).all()
    assert (a.fantasyland[a.fouled] == 0).all() and not a.stays[a.fouled].any()
    total = a.royalties.sum(axis=1)
    for i in range(p):
        for j in range(p):
            if i == j:
                continue
            if a.fouled[i] and a.fouled[j]:
                assert m[i, j] == 0
            elif a.fouled[i]:                                   # fouled vs valid
                assert m[i, j] == -(3 + rules.scoop_bonus + int(total[j])), (i, j, m)
    assert (m == _score_from_analysis(deal, rules)).all()
    # each board analysed alone == analysed in the deal
    for i in range(p):
        one = ofc.analyze(deal[i], rules)
        assert bool(one.fouled) == bool(a.fouled[i])
        assert (one.royalties == a.royalties[i]).all() and (one.strength == a.strength[i]).all()
    # relabelling the players permutes the result
    order = np.arange(p)[::-1]
    assert (ofc.score(deal[order], rules) == net[order]).all()
    assert (ofc.score_matrix(deal[order], rules) == m[np.ix_(order, order)]).all()


@settings(max_examples=300, deadline=None)
@given(deals())
def test_properties_random_deals(case: tuple[ofc.Rules, np.ndarray]) -> None:
    _properties(*case)


@settings(max_examples=300, deadline=None)
@given(built_deals())
def test_properties_built_deals(case: tuple[ofc.Rules, np.ndarray]) -> None:
    _properties(*case)


@settings(max_examples=150, deadline=None)
@given(built_deals())
def test_reference_agrees_on_built_deals(case: tuple[ofc.Rules, np.ndarray]) -> None:
    """A quick differential (not slow): built deals against the reference."""
    rules, deal = case
    boards = deal.tolist()
    a = ofc.analyze(deal, rules)
    assert a.fouled.tolist() == [R.fouled(b, rules) for b in boards]
    assert a.royalties.tolist() == [list(R.royalties(b, rules)) for b in boards]
    assert a.fantasyland.tolist() == [R.fantasyland(b, rules) for b in boards]
    assert ofc.analyze(deal, rules, in_fantasyland=True).fantasyland.tolist() == \
        [R.fantasyland(b, rules, True) for b in boards]
    assert a.stays.tolist() == [R.stays(b, rules) for b in boards]
    assert ofc.score_matrix(deal, rules).tolist() == R.score_matrix(boards, rules)
    assert ofc.score(deal, rules).tolist() == R.score(boards, rules)


def test_generator_deals_are_valid() -> None:
    """Every built deal has distinct cards in 0..51, 13 per board."""
    rng = random.Random(7)
    for preset in PRESET_NAMES:
        for players in PLAYERS[preset]:
            for _ in range(300):
                deal = make_deal(rng, players, preset == "low")
                flat = [c for b in deal for c in b]
                assert len(deal) == players and all(len(b) == 13 for b in deal)
                assert len(set(flat)) == len(flat) and all(0 <= c <= 51 for c in flat)


def test_memoised_reference_is_restored() -> None:
    saved = _memoise_reference()
    try:
        assert R.row_key([0, 4, 8]) == saved["row_key"]([0, 4, 8])
        assert R.row_key is not saved["row_key"]
    finally:
        for name, fn in saved.items():
            setattr(R, name, fn)
    assert R.row_key is saved["row_key"]


def test_small_differential_runs_in_process() -> None:
    """The slow test's worker on a few deals, in this process (so it always runs)."""
    for preset in PRESET_NAMES:
        res = _run_slice(preset, 99, 600)
        assert res["mismatches"] == [] and res["conflicts"] == []
        assert res["stats"]["deals compared"] == 600
        assert res["stats"]["boards fouled"] > 0 and res["stats"]["royalty > 0 top"] > 0
        _check_order(list(res["high_map"]), preset)
