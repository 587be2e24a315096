"""Analyze and score the deals of a file: a chunk at a time, batched per player count.

``run_deals`` is ``ofc-fast analyze``: it reads (``deals``), evaluates
(``evaluate``) and writes (``writer``) a chunk at a time, so output starts at
once and memory stays small.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any

import numpy as np
import numpy.typing as npt

from ..board.boards import Analysis, analyze, score
from ..board.rules import Rules
from ..hand.cards import DECK_SIZE
from .deals import Deals, read_deals
from .sources import Source
from .writer import Results, Writer


def analyze_deals(codes: npt.NDArray[np.uint8], rules: Rules, in_fantasyland: Any = None,
                  workers: int = 1) -> Analysis:
    """``ofc.analyze`` of deals ``(n, players, 13)``, each board's jokers resolved as
    ``ofc.score`` resolves them: under ``joker_pool="unseen"`` the other boards of the
    deal are face up, so they are the board's ``dead`` cards."""
    a = analyze(codes, rules, in_fantasyland=in_fantasyland, workers=workers)
    if not rules.jokers or rules.joker_pool != "unseen" or codes.shape[-2] < 2:
        return a
    flags = None if in_fantasyland is None else np.broadcast_to(in_fantasyland, codes.shape[:-1])
    for i, p in np.argwhere((codes >= DECK_SIZE).any(axis=-1)).tolist():
        others = np.delete(codes[i], p, axis=0).ravel()
        one = analyze(codes[i, p], rules, in_fantasyland=None if flags is None else flags[i, p],
                      dead=others[others < DECK_SIZE])
        mine: tuple[Any, ...] = (*a, a.jokers)
        for field, value in zip(mine, (*one, one.jokers)):
            field[i, p] = value
    return a


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
    jokers = np.full((total, 2), 255, dtype=np.uint8)
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
        bad = flat.max(axis=1) >= rules.deck_size
        bits = np.left_shift(np.uint64(1), np.minimum(flat, 63).astype(np.uint64))
        bad |= np.bitwise_or.reduce(bits, axis=1) != bits.sum(axis=1, dtype=np.uint64)
        for i in np.flatnonzero(bad).tolist():
            errors[int(idx[i])] = _library_error(codes[i], rules)
        good = ~bad
        slots, codes = slots[good], codes[good]
        a = analyze_deals(codes, rules, infl[slots], workers)
        fouled[slots], strength[slots], royalties[slots] = a.fouled, a.strength, a.royalties
        fantasyland[slots], stays[slots] = a.fantasyland, a.stays
        if rules.jokers:
            jokers[slots] = a.jokers
        if p > 1:
            points[slots] = score(codes, rules, workers=workers)
    good_deal = players > 0
    if errors:
        good_deal[list(errors)] = False
    keep = np.repeat(good_deal, players)
    deal = np.repeat(np.arange(n, dtype=np.int64) + first_deal, players)[keep]
    player = (np.arange(total, dtype=np.int64) - np.repeat(offsets, players))[keep]
    return Results(deal, player, deals.boards[keep], fouled[keep], strength[keep],
                   royalties[keep], fantasyland[keep], stays[keep], points[keep], jokers[keep],
                   infl[keep] > 0), errors


def run_deals(src: Source, out: IO[str], fmt: str, rules: Rules, flags: npt.NDArray[np.uint8] | None,
              skip_bad: bool, report: Callable[[str], None], workers: int = 1,
              progress: Callable[[int], None] | None = None) -> tuple[int, int]:
    """Analyze and score every deal of ``src``, writing rows to ``out`` as each chunk is done.

    Returns (deals read, deals skipped).  A bad deal raises ValueError with
    its file and line, after the rows of the deals before it were written,
    unless ``skip_bad``: then ``report`` gets its message and the rest goes on.
    ``progress``: called with the count of deals of each chunk done.
    """
    writer = Writer(out, fmt, rules.jokers)
    kind = {"text": "", "json": " (JSON)", "jsonl": " (JSON Lines)"}[src.format]
    count = skipped = 0
    try:
        for deals in read_deals(src, jokers=rules.jokers):
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
            if progress is not None:
                progress(len(deals.players))
    except (ValueError, TypeError):
        writer.end()
        raise
    writer.end()
    return count, skipped
