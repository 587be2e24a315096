#!/usr/bin/env python3
"""One-table benchmark of ofc_fast against its own C core and other evaluators.

    python bench/compare.py [--hands 10000000] [--repeat 7] [--json out.json] [--rl 0.5]

Every row evaluates the same random hands (seed 12345) in one process, and
reports the median of ``--repeat`` timed runs (after one untimed warm-up;
the Python rows are timed round-robin, the C rows in one C process each).

* batch rows: ``ofc.strength`` / ``ofc.lowball27`` over a (n, 5) or (n, 3)
  uint8 array, with ``workers=1`` and ``workers=-1`` (every core);
* C rows: a plain C loop (``out[i] = ofc_strength5_unchecked(...)``) over
  the same hands, compiled from ``ofc.get_include()`` / ``ofc.get_sources()``
  with ``cc -O3 -std=c99`` and timed in C with clock_gettime -- the ceiling
  for the batch rows -- and the checked C batch kernels called directly;
* per-call rows: one Python call per hand (``ofc.strength(list)``,
  phevaluator, eval7, treys) over the first ``--per-call-hands`` hands.

Adding a row is one line: ``rows.append(Row(name, callable, n, group))``;
see :func:`build_rows` and :func:`optional_rows`.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import functools
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import numpy as np

import ofc_fast as ofc

SEED = 12345


# --------------------------------------------------------------------- hands

def random_hands(n: int, k: int = 5, seed: int = SEED, chunk: int = 1 << 20) -> np.ndarray:
    """(n, k) uint8 array of random hands of k distinct cards (codes 0..51).

    A partial Fisher-Yates shuffle of a fresh deck per row, vectorised over a
    chunk of rows (np.random.default_rng(seed)): exact, uniform, and an order
    of magnitude faster than argsort of (n, 52) random floats.
    """
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    base = np.arange(52, dtype=np.uint8)
    for lo in range(0, n, chunk):
        m = min(chunk, n - lo)
        deck = np.tile(base, (m, 1))
        rows = np.arange(m)
        for i in range(k):
            j = rng.integers(i, 52, size=m)
            picked = deck[rows, j]
            deck[rows, j] = deck[:, i]
            deck[:, i] = picked
        out[lo:lo + m] = deck[:, :k]
    return out


def check_hands(h: np.ndarray) -> None:
    s = np.sort(h, axis=1)
    if not (np.diff(s.astype(np.int16), axis=1) > 0).all() or s.max() > 51:
        raise SystemExit("internal error: generated hands hold a repeated or invalid card")


# ---------------------------------------------------------------------- rows

@dataclass
class Row:
    """One line of the table.

    ``fn()`` evaluates ``n`` hands (its return value from the warm-up call
    is kept as ``result`` for the checks).  ``group``: "batch" (ratio vs the
    C row named by ``ref``), "c" (timed inside C: ``measure()`` returns the
    seconds of one run), or "call" (one Python call per hand; ratio vs
    phevaluator).
    """
    name: str
    fn: Optional[Callable[[], Any]]
    n: int
    group: str = "batch"
    ref: Optional[str] = None          # name of the C row this batch row is compared with
    measure: Optional[Callable[[], float]] = None   # times itself (C rows); else perf_counter around fn
    times: list[float] = field(default_factory=list)
    result: Any = None
    error: Optional[str] = None

    @property
    def median(self) -> float:
        return statistics.median(self.times) if self.times else float("nan")

    @property
    def rate(self) -> float:           # evaluations per second
        return self.n / self.median if self.times else float("nan")


class Ctx:
    """Inputs shared by every row."""

    def __init__(self, hands: int, per_call: int, workers_all: int) -> None:
        self.n = hands
        self.hands5 = random_hands(hands)
        check_hands(self.hands5)
        self.hands3 = np.ascontiguousarray(self.hands5[:, :3])
        self.m = min(per_call, hands)
        self.list5 = self.hands5[:self.m].tolist()
        self.list3 = self.hands3[:self.m].tolist()
        self.workers_all = workers_all
        self._cache: dict[tuple[int, int], np.ndarray] = {}
        self.c: Optional[CLoop] = None

    def boards(self, n: int) -> np.ndarray:
        """(n, 13) uint8 random complete boards (top 0:3, middle 3:8, bottom 8:13)."""
        if (n, 13) not in self._cache:
            self._cache[(n, 13)] = random_hands(n, k=13, seed=SEED + 1)
        return self._cache[(n, 13)]

    def deals(self, n: int, players: int = 2) -> np.ndarray:
        """(n, players, 13) uint8 random deals: no card twice within a deal."""
        k = 13 * players
        if (n, k) not in self._cache:
            self._cache[(n, k)] = random_hands(n, k=k, seed=SEED + 2)
        return self._cache[(n, k)].reshape(n, players, 13)


C5, C3, CLOW = "C loop ofc_strength5_unchecked", "C loop ofc_strength3_unchecked", "C loop ofc_lowball27_unchecked"


def build_rows(ctx: Ctx) -> list[Row]:
    h5, h3, n, W = ctx.hands5, ctx.hands3, ctx.n, ctx.workers_all
    strength, lowball27 = ofc.strength, ofc.lowball27
    rows: list[Row] = []
    add = rows.append
    # --- batch: numpy array in, uint16 array out (one call for all n hands)
    add(Row("ofc.strength 5-card batch, workers=1", lambda: strength(h5, workers=1), n, ref=C5))
    add(Row(f"ofc.strength 5-card batch, workers=-1 ({W})", lambda: strength(h5, workers=-1), n, ref=C5))
    add(Row("ofc.strength 3-card batch, workers=1", lambda: strength(h3, workers=1), n, ref=C3))
    add(Row(f"ofc.strength 3-card batch, workers=-1 ({W})", lambda: strength(h3, workers=-1), n, ref=C3))
    add(Row("ofc.lowball27 batch, workers=1", lambda: lowball27(h5, workers=1), n, ref=CLOW))
    add(Row(f"ofc.lowball27 batch, workers=-1 ({W})", lambda: lowball27(h5, workers=-1), n, ref=CLOW))
    # --- C rows: the same hands through a compiled C program (timed inside C)
    if ctx.c is not None:
        add(ctx.c.row(C5, "s5"))
        add(ctx.c.row(C3, "s3"))
        add(ctx.c.row(CLOW, "low"))
        add(ctx.c.row("C ofc_strength5_batch (checked kernel)", "batch5", ref=C5))
        add(ctx.c.row("C ofc_strength3_batch (checked kernel)", "batch3", ref=C3))
    # --- one Python call per hand, over the first m hands
    rows.extend(per_call_rows(ctx))
    rows.extend(scalar_rows(ctx))
    rows.extend(optional_rows(ctx))
    rows.extend(joker_rows(ctx))
    rows.extend(play_rows(ctx))
    rows.extend(joker_play_rows(ctx))
    return rows


def play_rows(ctx: Ctx) -> list[Row]:
    """Play in progress (bench/play.py): dealing, self-play, rollouts, placements."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from play import play_cases
    return [Row(name, fn, n, "play") for name, fn, n, _ in play_cases(min(1.0, ctx.n / 10_000_000))]


#: the play rows timed with and without jokers: (label, call of (rules, n), items at scale 1)
PLAIN_DECK, JOKER_DECK = "deck of 52", "deck of 54 (2 jokers)"
_FIRST5 = ["Qh 2c / 5s 6s / Kd", "-- / -- / --"]


def _joker_play_cases() -> list[tuple[str, Callable[[Any, int], Any], int]]:
    from ofc_fast.sim.rollout import rollout
    from ofc_fast.sim.selfplay import simulate
    return [
        ("simulate random heads-up Pineapple", lambda r, n: simulate(r, 2, n, seed=1), 400_000),
        ("simulate greedy heads-up Pineapple", lambda r, n: simulate(r, 2, n, seed=1, policy="greedy"), 400),
        ("rollout random completions from 5 cards placed",
         lambda r, n: rollout(_FIRST5, r, n=n, seed=1, policy="random"), 400_000),
        ("rollout heuristic completions from 5 cards placed",
         lambda r, n: rollout(_FIRST5, r, n=n, seed=1), 4_000),
    ]


def joker_play_rows(ctx: Ctx) -> list[Row]:
    """Self-play and rollouts on a 54-card deck (2 jokers) and on the plain deck, the same
    calls in the same run: the ratio is the cost of jokers in play (issue 17)."""
    import dataclasses
    jokers = dataclasses.replace(ofc.PINEAPPLE, name="pineapple_2_jokers", jokers=2)
    scale = min(1.0, ctx.n / 10_000_000)
    rows = []
    for label, call, n in _joker_play_cases():
        k = max(1, int(n * scale))
        rows.append(Row(f"{label}, {PLAIN_DECK}, workers=1", functools.partial(call, ofc.PINEAPPLE, k), k, "play"))
        rows.append(Row(f"{label}, {JOKER_DECK}, workers=1", functools.partial(call, jokers, k), k, "play"))
    return rows


def joker_play_ratios(rows: list[Row]) -> list[tuple[str, str, Optional[float]]]:
    """Time on the deck with jokers / on the plain deck, per joker play case."""
    out: list[tuple[str, str, Optional[float]]] = []
    for label, _, _ in _joker_play_cases():
        plain, jk = find(rows, f"{label}, {PLAIN_DECK}"), find(rows, f"{label}, {JOKER_DECK}")
        v = plain.rate / jk.rate if plain and jk else None
        out.append((f"{label}: time on a {JOKER_DECK} / a {PLAIN_DECK}", f"{v:.2f}x" if v is not None else "n/a", v))
    return out


def per_call_rows(ctx: Ctx) -> list[Row]:
    m, L5, L3 = ctx.m, ctx.list5, ctx.list3
    rows: list[Row] = []
    strength = ofc.strength
    rows.append(Row("ofc.strength(list of 5) per call", lambda: [strength(h) for h in L5], m, "call"))
    rows.append(Row("ofc.strength(list of 3) per call", lambda: [strength(h) for h in L3], m, "call"))
    try:
        import phevaluator
        phe = phevaluator.evaluate_cards
        rows.append(Row("phevaluator.evaluate_cards(*ints) per call",
                        lambda: [phe(*h) for h in L5], m, "call"))
    except ImportError:
        print("note: phevaluator not installed, row skipped", file=sys.stderr)
    try:
        import eval7
        deck = [eval7.Card(ofc.card_str([c])) for c in range(52)]
        E7 = [[deck[c] for c in h] for h in L5]        # converted once, outside timing
        ev7 = eval7.evaluate
        rows.append(Row("eval7.evaluate([Card]*5) per call", lambda: [ev7(h) for h in E7], m, "call"))
    except ImportError:
        print("note: eval7 not installed, row skipped", file=sys.stderr)
    try:
        import treys
        T5 = ofc.to_cactus(ctx.hands5[:m]).tolist()      # Cactus Kev ints, converted once
        ev = treys.Evaluator()
        tev, t5 = ev.evaluate, ev._five
        rows.append(Row("treys Evaluator.evaluate([], hand) per call", lambda: [tev([], h) for h in T5], m, "call"))
        rows.append(Row("treys Evaluator._five(hand) per call", lambda: [t5(h) for h in T5], m, "call"))
    except ImportError:
        print("note: treys not installed, row skipped", file=sys.stderr)
    return rows


def scalar_rows(ctx: Ctx) -> list[Row]:
    """One call per hand, board or deal through the scalar fast paths, beside the peers.

    Hands: the first ``--per-call-hands`` hands (7-card rows: 7 distinct cards
    of seed 12345 + 3); boards and deals: the first 20,000 of the board rows'
    random boards / heads-up deals.  The inputs are converted once, outside
    the timing.
    """
    rows: list[Row] = []
    add = rows.append
    m, L5 = ctx.m, ctx.list5
    T5 = [tuple(h) for h in L5]
    A5 = list(ctx.hands5[:m])                                   # (5,) uint8 rows
    S5 = ofc.strength(ctx.hands5[:m]).tolist()
    strength, category, cactus, describe = ofc.strength, ofc.category, ofc.to_cactus_rank, ofc.describe
    add(Row("ofc.strength(tuple of 5) per call", lambda: [strength(h) for h in T5], m, "call"))
    add(Row("ofc.strength(uint8 row of 5) per call", lambda: [strength(h) for h in A5], m, "call"))
    add(Row("ofc.category(int) per call", lambda: [category(s) for s in S5], m, "call"))
    add(Row("ofc.to_cactus_rank(int) per call", lambda: [cactus(s) for s in S5], m, "call"))
    add(Row("ofc.describe(int) per call", lambda: [describe(s) for s in S5], m, "call"))
    K5 = ofc.to_cactus(ctx.hands5[:m]).tolist()
    from_cactus = ofc.from_cactus
    add(Row("ofc.from_cactus(5 treys ints) per call", lambda: [from_cactus(h) for h in K5], m, "call"))
    ev = ofc.compat.Evaluator()
    cev, cphe = ev.evaluate, ofc.compat.evaluate_cards
    add(Row("ofc.compat.Evaluator.evaluate([], 5 treys ints) per call", lambda: [cev([], h) for h in K5], m, "call"))
    add(Row("ofc.compat.evaluate_cards(*5 ints) per call", lambda: [cphe(*h) for h in L5], m, "call"))
    h7 = random_hands(m, k=7, seed=SEED + 3)
    L7, K7 = h7.tolist(), ofc.to_cactus(h7).tolist()
    H7, B7 = [h[:2] for h in K7], [h[2:] for h in K7]
    add(Row("ofc.compat.Evaluator.evaluate(2, 5): 7 cards per call",
            lambda: [cev(a, b) for a, b in zip(H7, B7)], m, "call7"))
    add(Row("ofc.compat.evaluate_cards(*7 ints) per call", lambda: [cphe(*h) for h in L7], m, "call7"))
    best = ofc.best_hand
    add(Row("ofc.best_hand(list of 7).strength per call", lambda: [best(h).strength for h in L7], m, "call7"))
    try:
        import treys
        tev = treys.Evaluator().evaluate
        add(Row("treys Evaluator.evaluate(2, 5): 7 cards per call",
                lambda: [tev(a, b) for a, b in zip(H7, B7)], m, "call7"))
    except ImportError:
        pass
    try:
        import phevaluator
        phe = phevaluator.evaluate_cards
        add(Row("phevaluator.evaluate_cards(*7 ints) per call", lambda: [phe(*h) for h in L7], m, "call7"))
    except ImportError:
        pass
    try:
        import eval7
        deck = [eval7.Card(ofc.card_str([c])) for c in range(52)]
        E7 = [[deck[c] for c in h] for h in L7]
        ev7 = eval7.evaluate
        add(Row("eval7.evaluate([Card]*7) per call", lambda: [ev7(h) for h in E7], m, "call7"))
    except ImportError:
        pass
    # one board, one deal
    nb = min(m, 20_000)
    boards = ctx.boards(max(nb, 1))[:nb]
    BL = boards.tolist()
    BA = list(boards)
    BT = [" / ".join(ofc.card_str(b[lo:hi]) for lo, hi in ((0, 3), (3, 8), (8, 13))) for b in boards]
    deals = ctx.deals(max(nb, 1))[:nb]
    DL = deals.tolist()
    rules = ofc.PINEAPPLE
    analyze, score, Board = ofc.analyze, ofc.score, ofc.Board
    add(Row("ofc.analyze(one board, list of 13) per call", lambda: [analyze(b, rules) for b in BL], nb, "board"))
    add(Row("ofc.analyze(one board, uint8 array) per call", lambda: [analyze(b, rules) for b in BA], nb, "board"))
    add(Row("ofc.analyze(one board, text) per call", lambda: [analyze(b, rules) for b in BT], nb, "board"))
    add(Row("ofc.score(one heads-up deal, 2 lists) per call", lambda: [score(d, rules) for d in DL], nb, "board"))
    add(Row("ofc.Board(list of 13).fouled() per call", lambda: [Board(b).fouled(rules) for b in BL], nb, "board"))
    objs = [Board(b) for b in BL]
    add(Row("Board.fouled() again (cached) per call", lambda: [b.fouled(rules) for b in objs], nb, "board"))
    rows.extend(text_rows(ctx, boards, deals))
    return rows


#: (function, text row, codes row): each function of one item timed with card text and
#: with codes (a list of ints or a uint8 array), for the text / codes ratios of derived()
TEXT_PAIRS: list[tuple[str, str, str]] = []


def text_rows(ctx: Ctx, boards: np.ndarray, deals: np.ndarray) -> list[Row]:
    """One call per item through every function that takes card text: the text form and
    the codes form of the same items (boards and deals as in scalar_rows; rows: their top
    3 cards and middle 5; partial boards: the boards with their last 6 slots empty, so
    the foul search has cards to place; 7-card hands as in scalar_rows)."""
    from ofc_fast import compat, partial
    rows: list[Row] = []
    nb = len(boards)

    def pair(fn: str, texts: list[Any], codes: list[Any], call: Callable[[Any], Any], what: str,
             n: Optional[int] = None) -> None:
        k = len(texts) if n is None else n
        t_name, c_name = f"{fn}, text, per call", f"{fn}, {what}, per call"
        rows.append(Row(t_name, lambda: [call(x) for x in texts[:k]], k, "board"))
        rows.append(Row(c_name, lambda: [call(x) for x in codes[:k]], k, "board"))
        if (fn, t_name, c_name) not in TEXT_PAIRS:
            TEXT_PAIRS.append((fn, t_name, c_name))

    def text(codes: np.ndarray) -> str:
        return ofc.card_str([int(c) for c in codes])

    def board_text(b: np.ndarray) -> str:
        return " / ".join(" ".join(ofc.card_str(int(c)) if c != 255 else "--" for c in b[lo:hi])
                          for lo, hi in ((0, 3), (3, 8), (8, 13)))

    tops, mids = boards[:, :3], boards[:, 3:8]
    pair("ofc.strength(5 cards)", [text(h) for h in mids], mids.tolist(), ofc.strength, "list of ints")
    pair("ofc.lowball27(5 cards)", [text(h) for h in mids], mids.tolist(), ofc.lowball27, "list of ints")
    pair("ofc.partial_strength(2 cards)", [text(h[:2]) for h in mids], mids[:, :2].tolist(),
         ofc.partial_strength, "list of ints")
    pair('ofc.royalty(top row, "top", "pineapple")', [text(h) for h in tops], tops.tolist(),
         lambda r: ofc.royalty(r, "top", "pineapple"), "list of ints")
    pair('ofc.royalty(middle row, "middle", "low")', [text(h) for h in mids], mids.tolist(),
         lambda r: ofc.royalty(r, "middle", "low"), "list of ints")
    pair("ofc.Board.parse(text) / ofc.Board(codes)", [board_text(b) for b in boards], boards.tolist(),
         lambda b: ofc.Board.parse(b) if isinstance(b, str) else ofc.Board(b), "list of 13")
    pair('ofc.analyze(one board, "pineapple")', [board_text(b) for b in boards], boards.tolist(),
         lambda b: ofc.analyze(b, "pineapple"), "list of 13")
    pair('ofc.score(one heads-up deal, "pineapple")', [[board_text(b) for b in d] for d in deals],
         deals.tolist(), lambda d: ofc.score(d, "pineapple"), "2 lists of 13")
    h7 = random_hands(nb, k=7, seed=SEED + 3)
    pair("ofc.compat.evaluate_cards(7 cards)", [text(h).split() for h in h7], h7.tolist(),
         lambda h: compat.evaluate_cards(*h), "ints")
    part = boards.copy()
    part[:, [2, 6, 7, 10, 11, 12]] = 255
    pair("partial.can_avoid_foul(board with 6 empty slots)", [board_text(b) for b in part],
         list(part), partial.can_avoid_foul, "uint8 array", n=min(nb, 2_000))
    return rows


def optional_rows(ctx: Ctx) -> list[Row]:
    """Rows for the board-level API on the same random legal heads-up deals.

    At most 1M deals (26 distinct cards each, seed 12345 + 2).  The baseline
    is ``ofc.strength`` on the same three rows of every board, given as
    contiguous (2n, 3) / (2n, 5) arrays (the copies are made once, outside
    the timing), so the ratios charge analyze and score for everything they
    do beyond evaluating the rows.  The pure-Python reference runs on the
    first 1,000 deals and is compared per deal.
    """
    rows: list[Row] = []
    add = rows.append
    if not (hasattr(ofc, "analyze") and hasattr(ofc, "score")):
        return rows
    W = ctx.workers_all
    nd = min(ctx.n, 1_000_000)
    deals = ctx.deals(nd)                       # (nd, 2, 13)
    boards = deals.reshape(-1, 13)
    top = np.ascontiguousarray(boards[:, :3])
    mid = np.ascontiguousarray(boards[:, 3:8])
    bot = np.ascontiguousarray(boards[:, 8:])
    rules = ofc.PINEAPPLE

    def rows3() -> tuple:
        return ofc.strength(top), ofc.strength(mid), ofc.strength(bot)

    add(Row(ROWS3, rows3, nd, "deal"))
    add(Row(ANALYZE, lambda: ofc.analyze(deals, rules, workers=1), nd, "deal"))
    add(Row(SCORE, lambda: ofc.score(deals, rules, workers=1), nd, "deal"))
    add(Row(f"ofc.analyze heads-up deals, workers=-1 ({W})",
            lambda: ofc.analyze(deals, rules, workers=-1), nd, "deal"))
    add(Row(f"ofc.score heads-up deals, workers=-1 ({W})",
            lambda: ofc.score(deals, rules, workers=-1), nd, "deal"))
    from ofc_fast import reference as ref
    few = [[[int(c) for c in b] for b in d] for d in deals[:1000]]

    def ref_analyze() -> list:
        return [(ref.fouled(b, rules), ref.royalties(b, rules), ref.fantasyland(b, rules),
                 ref.stays(b, rules)) for d in few for b in d]

    add(Row(REF_ANALYZE, ref_analyze, len(few), "deal"))
    add(Row(REF_SCORE, lambda: [ref.score(d, rules) for d in few], len(few), "deal"))
    return rows


def joker_rows(ctx: Ctx) -> list[Row]:
    """Jokers (docs/VARIANTS.md, "Jokers"): the same random hands and boards with one joker
    (and for boards two) in place of as many cards, at random places, under the Pineapple
    rules with ``jokers=2`` (joker_pool "any", joker_resolution "board"); the joker-free rows
    beside them are the baselines of the ratios."""
    import dataclasses
    rows: list[Row] = []
    add = rows.append
    if not hasattr(ofc, "JOKERS"):
        return rows
    jk = dataclasses.replace(ofc.PINEAPPLE, name="bench-jokers", jokers=2)
    rng = np.random.default_rng(SEED + 3)
    h5 = ctx.hands5.copy()
    h5[np.arange(len(h5)), rng.integers(0, 5, len(h5))] = ofc.JOKERS[0]
    add(Row(JOKER_FREE5, lambda: ofc.strength(ctx.hands5, workers=1), ctx.n, "joker"))
    add(Row(JOKER5, lambda: ofc.strength(h5, rules=jk, workers=1), ctx.n, "joker"))
    nb = min(ctx.n, 1_000_000)
    plain = ctx.boards(nb)
    one, two = plain.copy(), plain.copy()
    places = np.argsort(rng.random((nb, 13)), axis=1)[:, :2]
    one[np.arange(nb), places[:, 0]] = ofc.JOKERS[0]
    two[np.arange(nb), places[:, 0]] = ofc.JOKERS[0]
    two[np.arange(nb), places[:, 1]] = ofc.JOKERS[1]
    add(Row(JOKER_FREE_BOARDS, lambda: ofc.analyze(plain, ofc.PINEAPPLE, workers=1), nb, "joker"))
    add(Row(JOKER_BOARDS1, lambda: ofc.analyze(one, jk, workers=1), nb, "joker"))
    add(Row(JOKER_BOARDS2, lambda: ofc.analyze(two, jk, workers=1), nb, "joker"))
    # the other pools, and Low (against joker-free Low), on the same two-joker boards
    for pool in JOKER_POOLS:
        r = dataclasses.replace(jk, joker_pool=pool)
        add(Row(JOKER_BOARDS2 + f", joker_pool {pool}", lambda r=r: ofc.analyze(two, r, workers=1), nb, "joker"))
    low_jk = dataclasses.replace(ofc.LOW, name="bench-low-jokers", jokers=2)
    add(Row(JOKER_FREE_BOARDS + ", Low", lambda: ofc.analyze(plain, ofc.LOW, workers=1), nb, "joker"))
    add(Row(JOKER_BOARDS2 + ", Low", lambda: ofc.analyze(two, low_jk, workers=1), nb, "joker"))
    return rows


#: the joker pools besides the default "any" (docs/VARIANTS.md, "Jokers")
JOKER_POOLS = ("not_on_board", "unseen", "duplicates")


JOKER_FREE5 = "ofc.strength 5-card batch, no joker (joker baseline), workers=1"
JOKER5 = "ofc.strength 5-card batch, one joker each, workers=1"
JOKER_FREE_BOARDS = "ofc.analyze random boards, no joker (joker baseline), workers=1"
JOKER_BOARDS1 = "ofc.analyze random boards, one joker each, workers=1"
JOKER_BOARDS2 = "ofc.analyze random boards, two jokers each, workers=1"

ROWS3 = "ofc.strength on the deals' 3 rows (baseline), workers=1"
ANALYZE = "ofc.analyze heads-up deals, workers=1"
SCORE = "ofc.score heads-up deals, workers=1"
REF_ANALYZE = "reference (pure Python) analyze, per deal"
REF_SCORE = "reference (pure Python) score, per deal"


# ---------------------------------------------------------------------- timing

def warm_up(row: Row) -> None:
    """One untimed call; its result is what the checks look at."""
    assert row.fn is not None
    try:
        row.result = row.fn()
    except Exception as e:                    # noqa: BLE001 - report the row and go on
        row.error = f"{type(e).__name__}: {e}"


def time_rows(rows: list[Row], repeat: int) -> None:
    """Time the rows round-robin: run r of every row, then run r + 1 ...

    Interleaving spreads a slow spell of the machine (a busy neighbour, a
    descheduled vCPU) over all rows instead of spoiling one row's median.
    """
    live = [r for r in rows if r.error is None]
    for _ in range(repeat):
        for row in live:
            if row.measure is not None:
                row.times.append(row.measure())
                continue
            assert row.fn is not None
            t0 = time.perf_counter()
            row.fn()
            row.times.append(time.perf_counter() - t0)


C_LOOP = r"""
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ofc_fast.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* loop <hands file> <n> <mode> <repeat> <out file>
 * mode: s5 s3 low (plain loops over the unchecked evaluators),
 *       batch5 batch3 (the checked batch kernels).
 * Prints one time in seconds per repeat, after one untimed warm-up pass;
 * writes the results to <out file> unless it is "-". */
int main(int argc, char **argv)
{
    if (argc != 6) { fprintf(stderr, "usage: loop file n mode repeat outfile\n"); return 2; }
    int64_t n = atoll(argv[2]);
    const char *mode = argv[3];
    int repeat = atoi(argv[4]);
    int k = (strcmp(mode, "s3") == 0 || strcmp(mode, "batch3") == 0) ? 3 : 5;
    uint8_t *h = malloc((size_t)n * k);
    uint16_t *out = malloc((size_t)n * sizeof *out);
    FILE *f = fopen(argv[1], "rb");
    if (!h || !out || !f || fread(h, (size_t)k, (size_t)n, f) != (size_t)n) { fprintf(stderr, "read failed\n"); return 2; }
    fclose(f);
    memset(out, 0, (size_t)n * sizeof *out);
    for (int r = 0; r <= repeat; r++) {
        double t0 = now();
        int64_t bad = -1;
        if (strcmp(mode, "s5") == 0) {
            for (int64_t i = 0; i < n; i++) {
                const uint8_t *c = h + 5 * i;
                out[i] = ofc_strength5_unchecked(c[0], c[1], c[2], c[3], c[4]);
            }
        } else if (strcmp(mode, "s3") == 0) {
            for (int64_t i = 0; i < n; i++) {
                const uint8_t *c = h + 3 * i;
                out[i] = ofc_strength3_unchecked(c[0], c[1], c[2]);
            }
        } else if (strcmp(mode, "low") == 0) {
            for (int64_t i = 0; i < n; i++) {
                const uint8_t *c = h + 5 * i;
                out[i] = ofc_lowball27_unchecked(c[0], c[1], c[2], c[3], c[4]);
            }
        } else if (strcmp(mode, "batch5") == 0) {
            bad = ofc_strength5_batch(h, n, out);
        } else if (strcmp(mode, "batch3") == 0) {
            bad = ofc_strength3_batch(h, n, out);
        } else { fprintf(stderr, "bad mode %s\n", mode); return 2; }
        double t1 = now();
        if (bad >= 0) { fprintf(stderr, "kernel rejected hand %lld\n", (long long)bad); return 3; }
        if (r > 0) printf("%.9f\n", t1 - t0);
    }
    if (strcmp(argv[5], "-") == 0) return 0;
    f = fopen(argv[5], "wb");
    if (!f || fwrite(out, sizeof *out, (size_t)n, f) != (size_t)n) { fprintf(stderr, "write failed\n"); return 2; }
    fclose(f);
    return 0;
}
"""

def compiler_info(cc: str) -> str:
    try:
        return subprocess.run([cc, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "?"


class CLoop:
    """The C loop program, compiled once in a temporary folder, and the hands as binary files.

    Each measure() call is one process: it reads the hands, runs one untimed
    warm-up pass, then one pass timed with clock_gettime, so C runs can be
    interleaved with the Python rows.
    """

    def __init__(self, cc: str, ctx: Ctx) -> None:
        self.tmp = tempfile.TemporaryDirectory(prefix="ofc_bench_")
        d = self.tmp.name
        src, self.exe = os.path.join(d, "loop.c"), os.path.join(d, "loop")
        with open(src, "w") as f:
            f.write(C_LOOP)
        cmd = [cc, "-O3", "-std=c99", "-I" + ofc.get_include(), src, *ofc.get_sources(), "-o", self.exe]
        self.command = " ".join([os.path.basename(cc), "-O3", "-std=c99", "-I<get_include()>",
                                 "loop.c", "<get_sources()>"])
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError("compiling the C loop failed: " + p.stderr.strip()[-500:])
        self.files = {5: os.path.join(d, "hands5.bin"), 3: os.path.join(d, "hands3.bin")}
        ctx.hands5.tofile(self.files[5])
        ctx.hands3.tofile(self.files[3])
        self.n = ctx.n

    def _run(self, mode: str, repeat: int, out: str) -> list[float]:
        k = 3 if mode in ("s3", "batch3") else 5
        p = subprocess.run([self.exe, self.files[k], str(self.n), mode, str(repeat), out],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError(f"C loop {mode} failed ({p.returncode}): {p.stderr.strip()}")
        return [float(t) for t in p.stdout.split()]

    def result(self, mode: str) -> np.ndarray:
        out = os.path.join(self.tmp.name, "out.bin")
        self._run(mode, 1, out)
        return np.fromfile(out, dtype=np.uint16)

    def row(self, name: str, mode: str, ref: Optional[str] = None) -> Row:
        return Row(name, lambda: self.result(mode), self.n, "c", ref=ref,
                   measure=lambda: self._run(mode, 1, "-")[0])

    def close(self) -> None:
        self.tmp.cleanup()


# ---------------------------------------------------------------- machine info

def machine_info() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.lower().startswith(("model name", "hardware", "cpu model")):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    from ofc_fast import _workers
    info = {
        "cpu": cpu,
        "machine": platform.machine(),
        "cores_usable": _workers.cpu_count(),
        "cores_os": os.cpu_count(),
        "os": platform.platform(),
        "python": platform.python_version() + " " + platform.python_implementation(),
        "numpy": np.__version__,
        "ofc_fast": getattr(ofc, "__version__", "?") + " (" + os.path.dirname(ofc.__file__) + ")",
        "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }
    for mod in ("phevaluator", "eval7", "treys"):
        try:
            from importlib.metadata import version
            info[mod] = version(mod)
        except Exception:  # noqa: BLE001
            info[mod] = "not installed"
    return info


def cpu_snapshot() -> Optional[tuple[float, float, float]]:
    """(busy CPU seconds of the whole machine, of this process and its children, wall time)."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    user, nice, system, _idle, _iowait, irq, softirq = fields[:7]
    busy = (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")
    t = os.times()
    return busy, t.user + t.system + t.children_user + t.children_system, time.perf_counter()


def other_load(before: Optional[tuple[float, float, float]],
               after: Optional[tuple[float, float, float]]) -> Optional[float]:
    """Average cores used by other processes between two snapshots."""
    if before is None or after is None or after[2] <= before[2]:
        return None
    return max(0.0, ((after[0] - before[0]) - (after[1] - before[1])) / (after[2] - before[2]))


# ---------------------------------------------------------------------- checks

def find(rows: list[Row], start: str) -> Optional[Row]:
    for r in rows:
        if r.name.startswith(start) and r.times:
            return r
    return None


def correctness(rows: list[Row], ctx: Ctx) -> list[str]:
    """Cross-checks of the results; returns failure messages (empty = all good)."""
    bad: list[str] = []
    by = {r.name: r for r in rows if r.result is not None}

    def same(a: str, b: str, take: Optional[int] = None) -> None:
        if a in by and b in by:
            x, y = np.asarray(by[a].result), np.asarray(by[b].result)
            if take is not None:
                x, y = x[:take], y[:take]
            if x.shape != y.shape or not np.array_equal(x, y):
                bad.append(f"{a} != {b}")

    W = ctx.workers_all
    b5, b3 = "ofc.strength 5-card batch, workers=1", "ofc.strength 3-card batch, workers=1"
    bl = "ofc.lowball27 batch, workers=1"
    same(b5, f"ofc.strength 5-card batch, workers=-1 ({W})")
    same(b3, f"ofc.strength 3-card batch, workers=-1 ({W})")
    same(bl, f"ofc.lowball27 batch, workers=-1 ({W})")
    same(b5, C5)
    same(b3, C3)
    same(bl, CLOW)
    same(b5, "C ofc_strength5_batch (checked kernel)")
    same(b3, "C ofc_strength3_batch (checked kernel)")
    m = ctx.m
    if b5 in by:
        s5 = np.asarray(by[b5].result)[:m]
        cactus = ofc.to_cactus_rank(s5)
        for name, want in (("ofc.strength(list of 5) per call", s5),
                           ("phevaluator.evaluate_cards(*ints) per call", cactus),
                           ("treys Evaluator.evaluate([], hand) per call", cactus),
                           ("treys Evaluator._five(hand) per call", cactus)):
            if name in by and not np.array_equal(np.asarray(by[name].result), want):
                bad.append(f"{name} disagrees with the batch strength")
        name = "eval7.evaluate([Card]*5) per call"
        if name in by:   # eval7 has its own scale: compare the orders (dense ranks)
            e = np.asarray(by[name].result, dtype=np.int64)
            if not np.array_equal(np.unique(e, return_inverse=True)[1].ravel(),
                                  np.unique(s5, return_inverse=True)[1].ravel()):
                bad.append(f"{name} orders hands differently from ofc.strength")
    # the scalar rows: the same answers as the batch path and the peers
    if b5 in by:
        s5 = np.asarray(by[b5].result)[:m]
        for name, want in (("ofc.strength(tuple of 5) per call", s5),
                           ("ofc.strength(uint8 row of 5) per call", s5),
                           ("ofc.to_cactus_rank(int) per call", ofc.to_cactus_rank(s5)),
                           ("ofc.compat.Evaluator.evaluate([], 5 treys ints) per call", ofc.to_cactus_rank(s5)),
                           ("ofc.compat.evaluate_cards(*5 ints) per call", ofc.to_cactus_rank(s5))):
            if name in by and not np.array_equal(np.asarray(by[name].result), want):
                bad.append(f"{name} disagrees with the batch strength")
    ours7, phe7 = "ofc.compat.evaluate_cards(*7 ints) per call", "phevaluator.evaluate_cards(*7 ints) per call"
    cev7 = "ofc.compat.Evaluator.evaluate(2, 5): 7 cards per call"
    tev7 = "treys Evaluator.evaluate(2, 5): 7 cards per call"
    for a, b in ((cev7, tev7), (ours7, phe7), (ours7, cev7)):
        if a in by and b in by and by[a].result != by[b].result:
            bad.append(f"{a} != {b}")
    if b3 in by and "ofc.strength(list of 3) per call" in by:
        if not np.array_equal(np.asarray(by["ofc.strength(list of 3) per call"].result),
                              np.asarray(by[b3].result)[:m]):
            bad.append("ofc.strength(list of 3) per call disagrees with the batch strength")
    return bad


def derived(rows: list[Row]) -> list[tuple[str, str, Optional[float]]]:
    out: list[tuple[str, str, Optional[float]]] = []

    def pct(label: str, a: Optional[Row], b: Optional[Row]) -> None:
        v = 100.0 * a.rate / b.rate if a and b else None
        out.append((label, f"{v:.1f} %" if v is not None else "n/a", v))

    def times(label: str, a: Optional[Row], b: Optional[Row]) -> None:
        v = a.rate / b.rate if a and b else None
        out.append((label, f"{v:.2f}x" if v is not None else "n/a", v))

    b5w1, b5wa = find(rows, "ofc.strength 5-card batch, workers=1"), find(rows, "ofc.strength 5-card batch, workers=-1")
    b3w1, b3wa = find(rows, "ofc.strength 3-card batch, workers=1"), find(rows, "ofc.strength 3-card batch, workers=-1")
    lw1, lwa = find(rows, "ofc.lowball27 batch, workers=1"), find(rows, "ofc.lowball27 batch, workers=-1")
    c5, c3, cl = find(rows, C5), find(rows, C3), find(rows, CLOW)
    pct("batch5 workers=1 / C loop rate", b5w1, c5)
    pct("batch3 workers=1 / C3 loop rate", b3w1, c3)
    pct("lowball27 workers=1 / C lowball loop rate", lw1, cl)
    pct("C checked batch5 kernel / C loop rate", find(rows, "C ofc_strength5_batch"), c5)
    times("5-card workers=-1 / workers=1 speed-up", b5wa, b5w1)
    times("3-card workers=-1 / workers=1 speed-up", b3wa, b3w1)
    times("lowball27 workers=-1 / workers=1 speed-up", lwa, lw1)
    for label, r in (("C loop ns/hand (5-card)", c5), ("C loop ns/hand (3-card)", c3)):
        v = 1e9 / r.rate if r else None
        out.append((label, f"{v:.2f} ns" if v is not None else "n/a", v))
    times("per-hand ofc.strength(list) vs phevaluator", find(rows, "ofc.strength(list of 5)"),
          find(rows, "phevaluator"))
    times("per-hand ofc.strength(list) vs eval7", find(rows, "ofc.strength(list of 5)"), find(rows, "eval7"))
    base, an, sc = find(rows, ROWS3), find(rows, ANALYZE), find(rows, SCORE)
    for label, r in (("analyze time / strength on the same rows", an), ("score time / strength on the same rows", sc)):
        v = base.rate / r.rate if base and r else None
        out.append((label, f"{v:.2f}x" if v is not None else "n/a", v))
    times("analyze vs pure-Python reference, per deal", an, find(rows, REF_ANALYZE))
    # jokers: time with jokers / time without (the targets: at most 2x and 10x)
    times("5-card batch strength with one joker / joker-free, time", find(rows, JOKER_FREE5), find(rows, JOKER5))
    times("analyze boards with one joker / joker-free, time", find(rows, JOKER_FREE_BOARDS),
          find(rows, JOKER_BOARDS1))
    times("analyze boards with two jokers / joker-free, time", find(rows, JOKER_FREE_BOARDS),
          find(rows, JOKER_BOARDS2))
    for pool in JOKER_POOLS:
        times(f"analyze boards with two jokers, joker_pool {pool} / joker-free, time",
              find(rows, JOKER_FREE_BOARDS), find(rows, JOKER_BOARDS2 + f", joker_pool {pool}"))
    times("analyze Low boards with two jokers / joker-free Low, time", find(rows, JOKER_FREE_BOARDS + ", Low"),
          find(rows, JOKER_BOARDS2 + ", Low"))
    times("score vs pure-Python reference, per deal", sc, find(rows, REF_SCORE))
    # one call: the time with card text / with codes (issue 32's target: at most about 2x)
    for fn, t_name, c_name in TEXT_PAIRS:
        times(f"{fn}: text / codes, time per call", find(rows, c_name), find(rows, t_name))
    out.extend(joker_play_ratios(rows))
    return out


# ---------------------------------------------------------------------- output

def table(rows: list[Row]) -> str:
    byname = {r.name: r for r in rows}
    phe = find(rows, "phevaluator")
    lines = ["| method | hands (deals) | median s | M/s | ns each | vs C loop | vs phevaluator |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        if r.error:
            lines.append(f"| {r.name} | {r.n:,} | error: {r.error[:80]} | | | | |")
            continue
        if not r.times:
            continue
        vs_c = vs_p = ""
        ref = byname.get(r.ref) if r.ref else None
        if r.group in ("batch", "c") and ref is not None and ref.times:
            vs_c = f"{r.rate / ref.rate:.2f}"
        elif r.group == "c" and r.ref is None:
            vs_c = "1.00"
        if r.group == "call" and phe is not None:
            vs_p = f"{r.rate / phe.rate:.2f}x"
        lines.append(f"| {r.name} | {r.n:,} | {r.median:.4f} | {r.rate / 1e6:,.1f} | "
                     f"{1e9 / r.rate:,.2f} | {vs_c} | {vs_p} |")
    return "\n".join(lines)


# ---------------------------------------------------------------- Fantasyland

#: what the Fantasyland C programs share: headers, a clock, the rules' tables
C_FL_PRELUDE = r"""
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ofc_fast.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static ofc_rules_storage storage;
"""

C_FANTASYLAND = C_FL_PRELUDE + r"""
/* fl <hands file> <n> <k> <preset> <stay value> <enumerated hands>
 * Prints the seconds of ofc_solve_fantasyland on each hand (the least of 3
 * calls, made in 3 passes over all after an untimed one, so that a busy
 * neighbour does not pass for a slow hand), then "enum", the seconds of the plain
 * enumeration on each of the first hands, then "mismatches" and how many of
 * those answers differ from the solver's. */
int main(int argc, char **argv)
{
    if (argc != 7) { fprintf(stderr, "usage: fl file n k preset stay enum\n"); return 2; }
    int n = atoi(argv[2]), k = atoi(argv[3]), preset = atoi(argv[4]), ne = atoi(argv[6]);
    double stay = atof(argv[5]);
    uint8_t *h = malloc((size_t)n * k);
    ofc_fantasyland_result *res = malloc((size_t)n * sizeof *res);
    FILE *f = fopen(argv[1], "rb");
    if (!h || !res || !f || fread(h, (size_t)k, (size_t)n, f) != (size_t)n) { fprintf(stderr, "read failed\n"); return 2; }
    fclose(f);
    ofc_rules_spec spec;
    if (ofc_rules_preset(&spec, preset) != 0 || ofc_rules_build(&spec, &storage) != 0) return 2;
    double *best = malloc((size_t)n * sizeof *best);
    if (!best) return 2;
    for (int i = 0; i < n; i++) ofc_solve_fantasyland(h + k * i, k, &storage.rules, stay, res + i);
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < n; i++) {
            double t0 = now();
            if (ofc_solve_fantasyland(h + k * i, k, &storage.rules, stay, res + i) != 0) return 3;
            double t = now() - t0;
            best[i] = pass == 0 || t < best[i] ? t : best[i];
        }
    for (int i = 0; i < n; i++) printf("%.9f\n", best[i]);
    printf("enum\n");
    int mismatches = 0;
    for (int i = 0; i < ne && i < n; i++) {
        ofc_fantasyland_result e;
        double t0 = now();
        if (ofc_fantasyland_enumerate(h + k * i, k, &storage.rules, &stay, 1, &e) != 0) return 3;
        printf("%.9f\n", now() - t0);
        mismatches += memcmp(e.board, res[i].board, 13) != 0 || e.value != res[i].value;
    }
    printf("mismatches %d\n", mismatches);
    return 0;
}
"""

#: hands per size given to the plain enumeration (0.8 s a hand at 17 cards)
FL_ENUM_HANDS = {13: 50, 14: 20, 15: 10, 16: 4, 17: 2}


def build_c_program(cc: Optional[str], source: str, folder: str, name: str, failures: list[str]) -> Optional[str]:
    """The executable of a C program on the library's sources, built in folder
    (None, with a line in failures, when it does not compile; None without a C compiler)."""
    if cc is None:
        return None
    src, exe = os.path.join(folder, name + ".c"), os.path.join(folder, name)
    with open(src, "w") as f:
        f.write(source)
    p = subprocess.run([cc, "-O3", "-std=c99", "-I" + ofc.get_include(), src, *ofc.get_sources(), "-o", exe, "-lm"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        failures.append(f"compiling the C program {name} failed: " + p.stderr.strip()[-300:])
        return None
    return exe


def fantasyland_section(cc: Optional[str], hands: int, workers_all: int) -> tuple[list[str], list[str]]:
    """Markdown lines of the Fantasyland table, and failures.

    Per size 13..17: ``hands`` random hands (seed 12345 + size), Pineapple,
    stay value 0.  The C columns time ``ofc_solve_fantasyland`` per hand (one
    core, the least of 3 calls; median, 99th percentile and worst of the
    hands); the
    Python columns one ``solve_fantasyland`` call on the whole array, per
    hand; the plain enumeration (``ofc_fantasyland_enumerate``, every
    setting) runs on the first FL_ENUM_HANDS hands in the same C process
    and must give the solver's answers.
    """
    failures: list[str] = []
    lines = ["| cards | C solver median | p99 | worst | mean | Python array, workers=1 (per hand) "
             f"| workers=-1 ({workers_all}) | plain enumeration in C, median (hands) | solver speed-up |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    tmp = tempfile.TemporaryDirectory(prefix="ofc_fl_bench_")
    exe = build_c_program(cc, C_FANTASYLAND, tmp.name, "fl", failures)

    def ms(x: float) -> str:
        return f"{x * 1e3:.3f} ms" if x == x else "n/a"

    try:
        for k in range(13, 18):
            h = random_hands(hands, k=k, seed=SEED + k)
            check_hands(h)
            t0 = time.perf_counter()
            ofc.solve_fantasyland(h, ofc.PINEAPPLE, workers=1)
            py1 = (time.perf_counter() - t0) / hands
            t0 = time.perf_counter()
            ofc.solve_fantasyland(h, ofc.PINEAPPLE, workers=-1)
            pyall = (time.perf_counter() - t0) / hands
            med = p99 = worst = mean = enum = float("nan")
            ne = min(hands, FL_ENUM_HANDS[k])
            if exe is not None:
                path = os.path.join(tmp.name, f"hands{k}.bin")
                h.tofile(path)
                p = subprocess.run([exe, path, str(hands), str(k), "1", "0", str(ne)],
                                   capture_output=True, text=True)
                if p.returncode != 0:
                    failures.append(f"Fantasyland C program failed on {k} cards: {p.stderr.strip()}")
                    continue
                out = p.stdout.split()
                cut = out.index("enum")
                solve_t = np.array([float(x) for x in out[:cut]])
                enum_t = [float(x) for x in out[cut + 1:-2]]
                med, worst, mean = float(np.median(solve_t)), float(solve_t.max()), float(solve_t.mean())
                p99 = float(np.percentile(solve_t, 99))
                enum = statistics.median(enum_t) if enum_t else float("nan")
                if int(out[-1]) != 0:
                    failures.append(f"Fantasyland {k} cards: {out[-1]} of {ne} answers differ from "
                                    f"the plain enumeration")
            lines.append(f"| {k} | {ms(med)} | {ms(p99)} | {ms(worst)} | {ms(mean)} | {ms(py1)} | "
                         f"{ms(pyall)} | {ms(enum)} ({ne}) | {enum / med:,.0f}x |" if med == med else
                         f"| {k} | n/a | n/a | n/a | n/a | {ms(py1)} | {ms(pyall)} | n/a | n/a |")
    finally:
        tmp.cleanup()
    return lines, failures


C_FANTASYLAND_JOKERS = C_FL_PRELUDE + r"""
/* flj <n> <k> <enumerated hands> <file of 0 jokers> <of 1> <of 2>
 * Pineapple; the hands with jokers under jokers = 2 and the default joker
 * fields (pool "any", "board" resolution), those without by the plain solver.
 * Prints per set the seconds of each hand (the least of 3 calls, made in 3
 * passes over the three sets in turn after an untimed one), then "enum" and
 * how many of the first hands' answers differ from the plain enumeration. */
int main(int argc, char **argv)
{
    if (argc != 7) { fprintf(stderr, "usage: flj n k enum file0 file1 file2\n"); return 2; }
    int n = atoi(argv[1]), k = atoi(argv[2]), ne = atoi(argv[3]);
    uint8_t *h[3];
    double *best[3];
    ofc_fantasyland_result *res = malloc((size_t)n * sizeof *res);
    ofc_rules_spec spec;
    if (!res || ofc_rules_preset(&spec, OFC_PRESET_PINEAPPLE) != 0 || ofc_rules_build(&spec, &storage) != 0) return 2;
    ofc_joker_rules jr;
    memset(&jr, 0, sizeof jr);
    jr.jokers = 2;
    for (int s = 0; s < 3; s++) {
        FILE *f = fopen(argv[4 + s], "rb");
        h[s] = malloc((size_t)n * k);
        best[s] = malloc((size_t)n * sizeof *best[s]);
        if (!f || !h[s] || !best[s] || fread(h[s], (size_t)k, (size_t)n, f) != (size_t)n) { fprintf(stderr, "read failed\n"); return 2; }
        fclose(f);
    }
#define SOLVE(s, i) ((s) == 0 ? ofc_solve_fantasyland(h[s] + k * (i), k, &storage.rules, 0.0, res + (i)) \
                              : ofc_solve_fantasyland_jokers(h[s] + k * (i), k, &storage.rules, &jr, 0.0, res + (i)))
    for (int pass = -1; pass < 3; pass++)
        for (int s = 0; s < 3; s++)
            for (int i = 0; i < n; i++) {
                double t0 = now();
                if (SOLVE(s, i) != 0) return 3;
                double t = now() - t0;
                if (pass >= 0) best[s][i] = pass == 0 || t < best[s][i] ? t : best[s][i];
            }
    for (int s = 0; s < 3; s++) {
        printf("set\n");
        for (int i = 0; i < n; i++) printf("%.9f\n", best[s][i]);
    }
    int mismatches = 0;
    for (int s = 0; s < 3; s++)
        for (int i = 0; i < ne && i < n; i++) {
            ofc_fantasyland_result e;
            double stay = 0.0;
            if (SOLVE(s, i) != 0 || ofc_fantasyland_enumerate_jokers(h[s] + k * i, k, &storage.rules, &jr, &stay, 1, &e) != 0) return 3;
            mismatches += memcmp(e.board, res[i].board, 13) != 0 || memcmp(e.jokers, res[i].jokers, 2) != 0
                          || e.value != res[i].value;
        }
    printf("mismatches %d\n", mismatches);
    return 0;
}
"""

#: 14-card hands per joker count given to the plain enumeration (some 5 s each with jokers)
FL_JOKER_ENUM_HANDS = 2


def joker_hands(n: int, k: int, jokers: int, seed: int) -> np.ndarray:
    """(n, k) hands of k - jokers random cards and the jokers (codes 52, 53), shuffled."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    for i in range(n):
        out[i] = rng.permutation(np.concatenate([rng.permutation(52)[:k - jokers], [52, 53][:jokers]]))
    return out


def fantasyland_joker_section(cc: Optional[str], hands: int, repeat: int = 3) -> tuple[list[str], list[str]]:
    """Markdown lines of the solver on 14-card Pineapple hands holding 0, 1 and 2
    jokers, timed in one run, and failures.

    The hands with jokers are solved under ``jokers=2`` (the default joker
    fields), those without by the plain rules.  C columns: one call per hand
    (the least of 3, the three sets in turn in one process; median, 99th
    percentile and worst); Python: one ``solve_fantasyland`` call on each
    array, per hand (the least of ``repeat``, the sets in turn).  The first
    FL_JOKER_ENUM_HANDS hands of each set must get the answers of the plain
    enumeration with joker resolution.
    """
    import dataclasses
    k = 14
    failures: list[str] = []
    sets = [joker_hands(hands, k, j, SEED + 100 * j) for j in range(3)]
    rules = [ofc.PINEAPPLE] + [dataclasses.replace(ofc.PINEAPPLE, name="pineapple-jokers", jokers=2)] * 2
    py = [float("inf")] * 3
    for _ in range(repeat):
        for j in range(3):
            t0 = time.perf_counter()
            ofc.solve_fantasyland(sets[j], rules[j], workers=1)
            py[j] = min(py[j], (time.perf_counter() - t0) / hands)
    c_times: list[Optional[np.ndarray]] = [None] * 3
    with tempfile.TemporaryDirectory(prefix="ofc_flj_bench_") as tmp:
        exe = build_c_program(cc, C_FANTASYLAND_JOKERS, tmp, "flj", failures)
        if exe is not None:
            paths = [os.path.join(tmp, f"jokers{j}.bin") for j in range(3)]
            for j in range(3):
                sets[j].tofile(paths[j])
            p = subprocess.run([exe, str(hands), str(k), str(FL_JOKER_ENUM_HANDS), *paths],
                               capture_output=True, text=True)
            if p.returncode != 0:
                failures.append(f"Fantasyland joker C program failed: {p.stderr.strip()}")
            else:
                parts = p.stdout.split("set")[1:]
                c_times = [np.array([float(x) for x in part.split()[:hands]]) for part in parts]
                bad = int(p.stdout.split()[-1])
                if bad:
                    failures.append(f"Fantasyland with jokers: {bad} of {3 * FL_JOKER_ENUM_HANDS} answers "
                                    f"differ from the plain enumeration")

    def ms(x: float) -> str:
        return f"{x * 1e3:.3f} ms"

    lines = ["| jokers in the hand | C solver median | p99 | worst | mean | Python array, per hand (workers=1) "
             "| median vs no joker |", "|---:|---:|---:|---:|---:|---:|---:|"]
    base = float(np.median(c_times[0])) if c_times[0] is not None else float("nan")
    for j in range(3):
        t = c_times[j]
        if t is None:
            lines.append(f"| {j} | n/a | n/a | n/a | n/a | {ms(py[j])} | n/a |")
            continue
        med = float(np.median(t))
        lines.append(f"| {j} | {ms(med)} | {ms(float(np.percentile(t, 99)))} | {ms(float(t.max()))} | "
                     f"{ms(float(t.mean()))} | {ms(py[j])} | {med / base:.1f}x |")
    return lines, failures


def print_section(title: str, lines: list[str], failures: list[str]) -> list[str]:
    """Print a table of its own under the main one; returns its failures."""
    print()
    print(title)
    print()
    print("\n".join(lines))
    for f in failures:
        print(f"- FAILED: {f}")
    return failures


def rl_section(seconds: float, rounds: int = 3) -> dict[str, Any]:
    """bench/rl.py's table (the batched RL env against the engine, Gymnasium and Python envs)
    in this run: printed, and its figures returned."""
    from rl import measure, report, row_table
    rows = row_table()
    best, ratios = measure(rows, seconds, rounds)
    print()
    print(f"RL environment (bench/rl.py: heads-up Pineapple, the learner against the random policy; "
          f"the best burst of each row over {rounds} interleaved rounds of {seconds:g} s):")
    print()
    print("\n".join(report(rows, best, ratios)))
    print()
    return {"rows": {rows[k][0]: v for k, v in best.items()}, "ratios": ratios}


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=10_000_000, help="hands for batch and C rows")
    ap.add_argument("--per-call-hands", type=int, default=200_000,
                    help="hands (the first ones) for the one-call-per-hand rows")
    ap.add_argument("--repeat", type=int, default=7, help="timed runs per row; the median is shown")
    ap.add_argument("--json", metavar="FILE", help="also write every time and check to FILE")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"), help="C compiler for the C loop rows")
    ap.add_argument("--no-c", action="store_true", help="skip the C loop rows")
    ap.add_argument("--fantasyland", type=int, default=1000, metavar="N",
                    help="random Fantasyland hands per size 13..17 for the solver table (0: skip)")
    ap.add_argument("--rl", type=float, default=0.5, metavar="SECONDS",
                    help="timing per row and round of the RL environment table (bench/rl.py; 0: skip)")
    args = ap.parse_args(argv)
    if args.hands < 1 or args.repeat < 1:
        ap.error("--hands and --repeat must be positive")

    info = machine_info()
    cc = None if args.no_c else shutil.which(args.cc)
    info["cc"] = compiler_info(cc) if cc else "none"
    t_start = time.perf_counter()
    snap0 = cpu_snapshot()
    ctx = Ctx(args.hands, args.per_call_hands, info["cores_usable"])
    compile_note = "C rows skipped (--no-c)" if args.no_c else "C rows skipped: no C compiler"
    if cc is not None:
        try:
            ctx.c = CLoop(cc, ctx)
            compile_note = ctx.c.command
        except RuntimeError as e:
            compile_note = f"C rows skipped: {e}"
            print(f"warning: {e}", file=sys.stderr)
    try:
        rows = build_rows(ctx)
        for r in rows:
            print(f"  warm-up {r.name} ...", file=sys.stderr, flush=True)
            warm_up(r)
        print(f"  timing {len(rows)} rows x {args.repeat} (round-robin) ...", file=sys.stderr, flush=True)
        time_rows(rows, args.repeat)
    finally:
        if ctx.c is not None:
            ctx.c.close()
    others = other_load(snap0, cpu_snapshot())
    info["other_processes_cores"] = others
    failures = correctness(rows, ctx)
    checks = derived(rows)
    elapsed = time.perf_counter() - t_start

    print(f"# ofc_fast benchmark: {info['date']}")
    print()
    print(f"- CPU: {info['cpu']} ({info['machine']}), {info['cores_usable']} usable cores "
          f"({info['cores_os']} in the OS)")
    print(f"- {info['os']}; Python {info['python']}; numpy {info['numpy']}; ofc_fast {info['ofc_fast']}")
    print(f"- peers: phevaluator {info['phevaluator']}, eval7 {info['eval7']}, treys {info['treys']}")
    print(f"- C: {info['cc']}; {compile_note}")
    print(f"- hands: {ctx.n:,} random 5-card hands (seed {SEED}); 3-card rows use their first 3 cards; "
          f"per-call rows the first {ctx.m:,}; median of {args.repeat} runs after a warm-up, rows timed round-robin")
    if others is not None:
        warn = ("  WARNING: the machine was shared; timings, workers=-1 rows above all, are pessimistic"
                if others > 0.25 else "")
        print(f"- other processes used {others:.2f} of {info['cores_os']} cores on average during the run{warn}")
    print()
    print(table(rows))
    print()
    print("Derived:")
    for label, text, _ in checks:
        print(f"- {label}: {text}")
    print(f"- correctness cross-checks: {'all passed' if not failures else 'FAILED'}")
    for f in failures:
        print(f"  - FAILED: {f}")
    sections: list[dict[str, Any]] = []   # the tables printed below the main one, for --json too
    if args.fantasyland > 0:
        print(f"  Fantasyland: {args.fantasyland} hands per size ...", file=sys.stderr, flush=True)
        for title, (lines, fails) in (
                (f"Fantasyland solver (ofc.solve_fantasyland, Pineapple, stay value 0; "
                 f"{args.fantasyland} random hands per size; C: one call per hand, the least of 3):",
                 fantasyland_section(cc, args.fantasyland, info["cores_usable"])),
                (f"Fantasyland solver with jokers (14 cards, Pineapple, stay value 0; {args.fantasyland} random "
                 f"hands per joker count, timed in one run; C: one call per hand, the least of 3):",
                 fantasyland_joker_section(cc, args.fantasyland))):
            failures += print_section(title, lines, fails)
            sections.append({"title": title, "markdown": lines})
        elapsed = time.perf_counter() - t_start
    rl: dict[str, Any] = {}
    if args.rl > 0:
        print("  RL environment rows ...", file=sys.stderr, flush=True)
        rl = rl_section(args.rl)
        elapsed = time.perf_counter() - t_start
    print(f"- total run time: {elapsed:.1f} s")

    if args.json:
        doc = {
            "machine": info,
            "args": vars(args),
            "seed": SEED,
            "rows": [{"name": r.name, "group": r.group, "n": r.n, "ref": r.ref, "times_s": r.times,
                      "median_s": r.median if r.times else None,
                      "evals_per_s": r.rate if r.times else None, "error": r.error} for r in rows],
            "derived": {label: v for label, _, v in checks},
            "failures": failures,
            "rl": rl,
            "sections": sections,
            "elapsed_s": elapsed,
        }
        with open(args.json, "w") as fh:
            json.dump(doc, fh, indent=1)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
