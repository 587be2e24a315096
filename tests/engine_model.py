"""A plain-Python model of dealing and of one hand of OFC (docs/RULES.md §7), written
from the rules, not from the C engine: the tests drive both and compare.

Its random streams follow the documented construction (ofc_fast.h: ofc_rng):
splitmix64's finaliser over a Weyl sequence started at a hash of (seed, index),
and Lemire's unbiased bounded draws batched three to 32 bits (six per 64-bit output).
"""
from __future__ import annotations

from typing import Any

from ofc_fast import reference

M64 = (1 << 64) - 1
M32 = (1 << 32) - 1
GAMMA = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


class Stream:
    def __init__(self, seed: int, index: int) -> None:
        self.state = mix64(mix64((seed + 0x632BE59BD9B4E019) & M64) ^ ((index * GAMMA) & M64))

    def next(self) -> int:
        self.state = (self.state + GAMMA) & M64
        return mix64(self.state)

    def draw3(self, h: int, bounds: tuple[int, int, int]) -> list[int]:
        """Three uniform digits j[q] < bounds[q] from 32 bits h: Lemire's
        multiply-shift chained through the low halves, h redrawn (the low half
        of the next output) while the last low half is below 2**32 mod the
        product of the bounds."""
        prod = bounds[0] * bounds[1] * bounds[2]
        while True:
            digits, low = [], h
            for b in bounds:
                m = low * b
                digits.append(m >> 32)
                low = m & M32
            if low >= ((1 << 32) - prod) % prod:
                return digits
            h = self.next() & M32


def shuffle(seed: int, index: int, k: int, deck: list[int] | None = None) -> list[int]:
    """The first k cards of the deck of stream (seed, index) (or of a shuffle
    of ``deck``): Fisher-Yates positions three at a time, two groups of three
    per 64-bit output, its low half first."""
    g = Stream(seed, index)
    deck = list(range(52)) if deck is None else list(deck)
    n = len(deck)
    i = 0
    while i < k:
        x = g.next()
        for half in (x & M32, x >> 32):
            if i >= k:
                break
            bounds = (n - i, max(n - i - 1, 1), max(n - i - 2, 1))
            j = g.draw3(half, bounds)
            for q in range(3):
                if i + q < k:
                    a = i + q
                    deck[a], deck[a + j[q]] = deck[a + j[q]], deck[a]
            i += 3
    return deck[:k]


def deal_cards(seed: int, index: int, players: int, cards: int, rules: Any) -> list[list[int]]:
    """Cards each player receives, dealt round the table as the variant deals."""
    deck = shuffle(seed, index, players * cards, list(range(getattr(rules, "deck_size", 52))))
    out: list[list[int]] = [[] for _ in range(players)]
    pos, got, step = 0, 0, min(rules.first_round, cards)
    while got < cards:
        for p in range(players):
            out[p] += deck[pos:pos + step]
            pos += step
        got += step
        step = min(rules.round_cards, cards - got)
    return out


ROW_SLOTS = ((0, 3), (3, 8), (8, 13))


class HandModel:
    """One hand: turn order, dealing on each turn, legal placements, the result."""

    def __init__(self, rules: Any, players: int, seed: int, hand: int, button: int,
                 fl: list[int]) -> None:
        self.rules, self.players, self.fl = rules, players, list(fl)
        need = sum(c if c else rules.cards_dealt for c in fl)
        self.deck = shuffle(seed, hand, need, list(range(getattr(rules, "deck_size", 52))))
        self.pos = 0
        order = [(button + i) % players for i in range(1, players + 1)]
        self.schedule = [p for p in order if fl[p]]
        for _ in range(rules.rounds + 1):
            self.schedule += [p for p in order if not fl[p]]
        self.boards = [[255] * 13 for _ in range(players)]
        self.discards: list[list[int]] = [[] for _ in range(players)]
        self.streets = [0] * players
        self.step = -1
        self.held: list[int] = []
        self._advance()

    @property
    def turn(self) -> int | None:
        return self.schedule[self.step] if self.step < len(self.schedule) else None

    def _advance(self) -> None:
        self.step += 1
        self.held = []
        p = self.turn
        if p is None:
            return
        n = self.fl[p] or (self.rules.first_round if self.streets[p] == 0 else self.rules.round_cards)
        self.held = self.deck[self.pos:self.pos + n]
        self.pos += n

    def room(self, p: int) -> list[int]:
        return [sum(1 for c in self.boards[p][lo:hi] if c == 255) for lo, hi in ROW_SLOTS]

    def legal(self) -> list[int]:
        p = self.turn
        if p is None or self.fl[p]:
            return []
        n = len(self.held)
        place = self.rules.first_round if self.streets[p] == 0 else self.rules.round_play
        room = self.room(p)
        out = []
        for code in range(4 ** n):
            digits = [(code >> (2 * i)) & 3 for i in range(n)]
            counts = [digits.count(d) for d in range(4)]
            if counts[3] == n - place and all(counts[r] <= room[r] for r in range(3)):
                out.append(code)
        return out

    def apply(self, code: int) -> None:
        p = self.turn
        assert p is not None and code in self.legal()
        for i, c in enumerate(self.held):
            d = (code >> (2 * i)) & 3
            if d == 3:
                self.discards[p].append(c)
            else:
                lo, hi = ROW_SLOTS[d]
                slot = self.boards[p].index(255, lo, hi)
                self.boards[p][slot] = c
        self.streets[p] += 1
        self._advance()

    def set_board(self, board: list[int]) -> None:
        p = self.turn
        assert p is not None and self.fl[p]
        assert len(set(board)) == 13 and set(board) <= set(self.held)
        self.boards[p] = list(board)
        self.discards[p] = [c for c in self.held if c not in board]
        self.streets[p] += 1
        self._advance()

    def result(self) -> tuple[list[int], list[bool], list[int]]:
        r = self.rules
        net = reference.score(self.boards, r)
        fouled = [reference.fouled(b, r) for b in self.boards]
        fl = [reference.fantasyland(b, r, bool(self.fl[p])) for p, b in enumerate(self.boards)]
        return net, fouled, fl
