#!/usr/bin/env python3
"""Generate csrc/hand/ofc_tables.c (and csrc/ofc_tables.h): every lookup table of the C core.

Run ``python tools/gen_tables.py`` after changing this file;
``python tools/gen_tables.py --check`` exits 1 when the committed tables
differ from what this script produces (CI runs it).

The script is deliberately self-contained (standard library only) and shares
no code with ``ofc_fast.reference``: the two are independent derivations of
docs/RULES.md and the tests compare them.

Scales produced
---------------
strength   One order over every 5-card class (7462) and every 3-card class
           (455): category first, then ranks by significance, a missing
           kicker lower than any card (docs/RULES.md §3).  1 = weakest (3-card 4-3-2
           high) .. 7917 = royal flush; 0 is never a hand.
lowball    Deuce-to-seven order of 5 cards (docs/RULES.md §11): 1 = worst (royal
           flush) .. 7462 = 7-5-4-3-2 offsuit.

Perfect hash for 5 cards
------------------------
The rank multiset of a hand is summed as a base-5 number
``q = sum(5 ** rank)`` (the low 32 bits of the summed card keys) (a rank occurs at most 4 times, so no digit carries:
q is unique per multiset, and < 5**13 < 2**32).  The 6175 possible values of
q are mapped to 8192 slots by a two-level (hash-and-displace) perfect hash:

    p    = q * MULT                      (64-bit product)
    slot = ((p >> 40) & 8191) ^ DISP[p >> 53]

Each slot holds a 32-bit word: the strength when the suits differ (low 16
bits) and when all five cards share a suit (high 16 bits), so a hand costs
five key loads, one multiply and two table loads.

Jokers (codes 52 and 53, docs/VARIANTS.md)
------------------------------------------
A joker's key adds nothing to the sum; the kernels add JOKER_Q = 5**13 per
joker (a 14th base-5 digit, so q < 2**32 still).  The 1820 + 455 keys of
four natural cards + one joker and three + two are hashed the same way into
their own 4096 slots (ofc_hand5j).  A slot holds the best strength over every
card the jokers may become, when the naturals' suits differ (low 16 bits) and
when they share one suit (high 16 bits, the best of both); for naturals of
one rank (never suited) the high half holds the five of a kind instead
(OFC_STRENGTH_MAX + 1 + rank, above every natural strength), which the
kernel takes only where the rules allow it.  The top row uses a direct table
on three ranks in which a joker is rank 13 (its code >> 2).  The best is
found here by plain substitution of ranks, independently of the kernels.
"""
from __future__ import annotations

import argparse
import itertools
import random
import sys
from pathlib import Path

RANKS = "23456789TJQKA"
NR = 13
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "csrc" / "hand" / "ofc_tables.c"
OUT_H = ROOT / "csrc" / "ofc_tables.h"

HASH_BITS = 13          # 8192 slots for 6175 keys (load 0.75)
JHASH_BITS = 12         # jokers: 4096 slots for 2275 keys
JBUCKET_BITS = 10
JSLOT_SHIFT = 64 - JBUCKET_BITS - JHASH_BITS
JBUCKET_SHIFT = 64 - JBUCKET_BITS
JOKER_Q = 5 ** 13       # a joker's digit in the base-5 rank sum
BUCKET_BITS = 11        # 2048 buckets, ~3 keys each
SLOT_SHIFT = 64 - BUCKET_BITS - HASH_BITS   # 40
BUCKET_SHIFT = 64 - BUCKET_BITS             # 53

# categories (HandCategory in Python)
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SFLUSH, ROYAL = range(10)


def straight_high(distinct_desc: list[int], wheel: bool) -> int | None:
    """High rank of a 5-rank straight, or None.  ``wheel``: A-2-3-4-5 counts (high 5)."""
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if wheel and distinct_desc == [12, 3, 2, 1, 0]:
        return 3
    return None


def high_key(ranks: tuple[int, ...], flush: bool, wheel: bool = True) -> tuple[int, ...]:
    """Order key of a 3- or 5-card high hand; missing kickers pad with -1.

    Key = (category, ranks by significance...).  Royal flush sorts as the top
    straight flush; its category is told apart separately.
    """
    counts = {r: ranks.count(r) for r in set(ranks)}
    # ranks grouped by multiplicity, then by rank: e.g. KKK55 -> K, 5
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if len(ranks) == 5 and shape == [1] * 5:
        hi = straight_high(groups, wheel)
        if hi is not None:
            return (SFLUSH if flush else STRAIGHT, hi, -1, -1, -1, -1)
        cat = FLUSH if flush else HIGH
    else:
        cat = {
            (1, 1, 1): HIGH, (1, 1, 1, 1, 1): HIGH,
            (2, 1): PAIR, (2, 1, 1, 1): PAIR,
            (2, 2, 1): TWO_PAIR,
            (3,): TRIPS, (3, 1, 1): TRIPS,
            (3, 2): FULL, (4, 1): QUADS,
        }[tuple(shape)]
    return (cat, *groups, *([-1] * (5 - len(groups))))


def category_of(key: tuple[int, ...]) -> int:
    if key[0] == SFLUSH and key[1] == 12:
        return ROYAL
    return key[0]


def rank_multisets(size: int, most: int):
    """Every multiset of ``size`` ranks with no rank more than ``most`` times, as sorted tuples."""
    for combo in itertools.combinations_with_replacement(range(NR), size):
        if max(combo.count(r) for r in combo) <= most:
            yield combo


def build():
    five = list(rank_multisets(5, 4))          # 6175
    three = list(rank_multisets(3, 3))         # 455
    assert len(five) == 6175 and len(three) == 455

    # --- the merged strength scale --------------------------------------
    classes: dict[tuple, int] = {}             # key -> card count
    for ms in five:
        classes[high_key(ms, False)] = 5
        if len(set(ms)) == 5:
            classes[high_key(ms, True)] = 5
    n5 = len(classes)
    for ms in three:
        classes[high_key(ms, False)] = 3
    assert n5 == 7462 and len(classes) == 7462 + 455
    order = sorted(classes)
    strength = {k: i + 1 for i, k in enumerate(order)}
    nmax = len(order)

    # per strength: category, card count, ranks (4-bit each, 15 = none)
    info = [0] * (nmax + 1)
    cactus = [0] * (nmax + 1)
    five_rank = 0
    for k in order:
        s = strength[k]
        nib = 0
        for i, r in enumerate(k[1:6]):
            nib |= (r if r >= 0 else 15) << (4 * i)
        info[s] = category_of(k) | (classes[k] << 4) | (nib << 8)
        if classes[k] == 5:
            five_rank += 1                      # 1 = weakest 5-card class
            cactus[s] = 7463 - five_rank        # Cactus Kev: 1 = royal flush

    # --- deuce-to-seven lowball ------------------------------------------
    low_keys = set()
    for ms in five:
        low_keys.add(high_key(ms, False, wheel=False))
        if len(set(ms)) == 5:
            low_keys.add(high_key(ms, True, wheel=False))
    low_order = sorted(low_keys)                # weakest high hand = best low
    assert len(low_order) == 7462
    lowball = {k: 7462 - i for i, k in enumerate(low_order)}
    # per lowball rank: category (A-2-3-4-5 is ace high here) | ranks << 8
    low_info = [0] * 7463
    for k, v in lowball.items():
        nib = 0
        for i, r in enumerate(k[1:6]):
            nib |= (r if r >= 0 else 15) << (4 * i)
        low_info[v] = category_of(k) | (5 << 4) | (nib << 8)

    # --- perfect hash of the base-5 rank sum ------------------------------
    def qsum(ms):
        return sum(5 ** r for r in ms)

    qs = [qsum(ms) for ms in five]
    assert len(set(qs)) == len(qs) and max(qs) < 2 ** 32
    mult, disp, slot_of = perfect_hash(qs)

    hand5 = [0] * (1 << HASH_BITS)
    low5 = [0] * (1 << HASH_BITS)
    for ms, q in zip(five, qs):
        slot = slot_of[q]
        plain = strength[high_key(ms, False)]
        suited = strength[high_key(ms, True)] if len(set(ms)) == 5 else 0
        hand5[slot] = plain | (suited << 16)
        lplain = lowball[high_key(ms, False, wheel=False)]
        lsuited = lowball[high_key(ms, True, wheel=False)] if len(set(ms)) == 5 else 0
        low5[slot] = lplain | (lsuited << 16)

    # --- top row: direct table on (r0, r1, r2) ---------------------------
    top3 = [0] * (NR ** 3)
    for r0, r1, r2 in itertools.product(range(NR), repeat=3):
        ms = tuple(sorted((r0, r1, r2)))
        if max(ms.count(r) for r in ms) <= 3:
            top3[r0 * NR * NR + r1 * NR + r2] = strength[high_key(ms, False)]

    jt = joker_tables(strength, nmax)
    return dict(nmax=nmax, info=info, cactus=cactus, mult=mult, disp=disp,
                hand5=hand5, low5=low5, top3=top3, low_info=low_info, **jt)


def joker_tables(strength: dict, nmax: int) -> dict:
    """The joker tables (module doc): the best over every rank (and suit) the jokers take."""
    def best_plain(nat: tuple[int, ...], nj: int) -> int:
        # the jokers take ranks; a rank may not pass 4 cards (no five of a kind)
        best = 0
        for extra in itertools.combinations_with_replacement(range(NR), nj):
            ms = tuple(sorted(nat + extra))
            if max(ms.count(r) for r in ms) <= 4:
                best = max(best, strength[high_key(ms, False)])
        return best

    def best_suited(nat: tuple[int, ...], nj: int) -> int:
        # naturals of one suit: the jokers take cards of that suit not already there
        best = 0
        for extra in itertools.combinations([r for r in range(NR) if r not in nat], nj):
            best = max(best, strength[high_key(tuple(sorted(nat + extra)), True)])
        return best

    keys, words = [], []
    for nj in (1, 2):
        for nat in rank_multisets(5 - nj, 4):
            plain = best_plain(nat, nj)
            if len(set(nat)) == 1:
                high = nmax + 1 + nat[0]               # five of a kind, where allowed
            elif len(set(nat)) == 5 - nj:
                high = max(plain, best_suited(nat, nj))
            else:
                high = 0                               # naturals of one suit repeat no rank
            keys.append(sum(5 ** r for r in nat) + nj * JOKER_Q)
            words.append(plain | (high << 16))
    assert len(keys) == 1820 + 455 and max(keys) < 2 ** 32
    jmult, jdisp, jslot = perfect_hash(keys, JHASH_BITS, JBUCKET_BITS)
    hand5j = [0] * (1 << JHASH_BITS)
    for q, w in zip(keys, words):
        hand5j[jslot[q]] = w

    # top row: ranks 0..12, a joker 13; the best rank a joker takes (3 cards
    # never pass 3 of a rank, and a pair's two suits leave two for trips)
    top3j = [0] * (14 ** 3)
    for idx in itertools.product(range(14), repeat=3):
        nat = tuple(r for r in idx if r < NR)
        nj = 3 - len(nat)
        if nj == 3:
            continue
        best = 0
        for extra in itertools.combinations_with_replacement(range(NR), nj):
            best = max(best, strength[high_key(tuple(sorted(nat + extra)), False)])
        top3j[(idx[0] * 14 + idx[1]) * 14 + idx[2]] = best
    return dict(jmult=jmult, jdisp=jdisp, hand5j=hand5j, top3j=top3j)


def perfect_hash(qs: list[int], hash_bits: int = HASH_BITS, bucket_bits: int = BUCKET_BITS):
    """Find MULT and DISP so that every q lands in its own slot (see module doc)."""
    rng = random.Random(20261130)               # fixed seed: the output is reproducible
    size = 1 << hash_bits
    SLOT_SHIFT = 64 - bucket_bits - hash_bits    # noqa: N806 (the module's names, for these sizes)
    BUCKET_SHIFT = 64 - bucket_bits              # noqa: N806
    mask64 = (1 << 64) - 1
    for _ in range(1000):
        mult = rng.getrandbits(64) | 1
        buckets: dict[int, list[int]] = {}
        for q in qs:
            p = (q * mult) & mask64
            buckets.setdefault(p >> BUCKET_SHIFT, []).append(q)
        ok = True
        for members in buckets.values():
            h = [((q * mult) & mask64) >> SLOT_SHIFT & (size - 1) for q in members]
            if len(set(h)) != len(h):
                ok = False
                break
        if not ok:
            continue
        taken = bytearray(size)
        disp = [0] * (1 << bucket_bits)
        slot_of: dict[int, int] = {}
        for b in sorted(buckets, key=lambda b: (-len(buckets[b]), b)):
            members = buckets[b]
            h = [((q * mult) & mask64) >> SLOT_SHIFT & (size - 1) for q in members]
            for d in range(size):
                slots = [x ^ d for x in h]
                if not any(taken[s] for s in slots):
                    break
            else:
                ok = False
                break
            disp[b] = d
            for q, s in zip(members, slots):
                taken[s] = 1
                slot_of[q] = s
        if ok:
            return mult, disp, slot_of
    raise SystemExit("no perfect hash found")


def placements():
    """Uniform random placements (csrc/play/ofc_policy_random.c, random_turn).

    A state s = ((m * 4 + r0) * 6 + r1) * 6 + r2 is m cards to place into rows
    with room r0, r1, r2 (top, middle, bottom).  Its legal placements, row per
    card, in lexicographic order (card 0 first, top < middle < bottom), are
    ofc_place[ofc_place_start[s] .. ofc_place_start[s + 1]); a uniform index
    below their count is a uniform legal placement.  An entry packs, for card
    q, its row (2 bits) and its rank among this turn's cards in that row (3
    bits) at bit 5q, then the cards sent top (bits 25-26) and middle (27-29).
    Positions q >= m name row 3 (no row: the caller's scratch byte), so a
    caller may store all five without a branch on m.
    """
    start, entries = [], []
    for m in range(6):
        for r0 in range(4):
            for r1 in range(6):
                for r2 in range(6):
                    start.append(len(entries))
                    for rows in itertools.product(range(3), repeat=m):
                        count = [rows.count(r) for r in range(3)]
                        if count[0] > r0 or count[1] > r1 or count[2] > r2:
                            continue
                        e = 0
                        for q, r in enumerate(rows):
                            e |= (r | rows[:q].count(r) << 2) << (5 * q)
                        for q in range(m, 5):
                            e |= 3 << (5 * q)
                        entries.append(e | count[0] << 25 | count[1] << 27)
    start.append(len(entries))
    return start, entries


def c_array(ctype: str, name: str, values: list[int], per_line: int, comment: str,
            suffix: str = "") -> str:
    text = [f"{v}{suffix}" for v in values]
    width = max(len(v) for v in text)
    lines = []
    for i in range(0, len(text), per_line):
        lines.append("    " + ", ".join(v.rjust(width) for v in text[i:i + per_line]) + ",")
    return f"/* {comment} */\nconst {ctype} {name}[{len(values)}] = {{\n" + "\n".join(lines) + "\n};\n"


def render(t) -> str:
    # Per byte value (a card code, or garbage for 52..255):
    #   ofc_card_key: 5**rank in bits 0-31 (summed: the rank multiset in base 5)
    #                 + 1 << (32 + 4*suit) (summed: a 4-bit count per suit; a
    #                 count of 5 is a flush), 0 for a byte that is no card.
    #   ofc_card_bit: 1 << code, or 1 << 63 for a byte that is no card: a hand
    #                 is valid iff the OR of its bits equals their sum (no card
    #                 twice) and bit 63 is clear.
    card_key = [(5 ** (c >> 2)) | (1 << (32 + 4 * (c & 3))) if c < 52 else 0 for c in range(256)]
    card_bit = [(1 << c) if c < 52 else (1 << 63) for c in range(256)]
    # with jokers: a joker's key is JOKER_Q (a 14th base-5 digit, no suit)
    card_key_joker = card_key[:52] + [JOKER_Q, JOKER_Q] + [0] * 202
    # with jokers: codes 52 and 53 have bits of their own
    card_bit_joker = [(1 << c) if c < 54 else (1 << 63) for c in range(256)]
    # Same-hand masks for the vector duplicate check over 16 hands of n bytes:
    # byte p and byte p + d are in one hand iff p % n + d < n.
    mask5 = [[255 if p % 5 + d < 5 else 0 for p in range(80)] for d in range(1, 5)]
    mask3 = [[255 if p % 3 + d < 3 else 0 for p in range(48)] for d in range(1, 3)]
    place_start, place = placements()
    parts = [
        "/* Generated by tools/gen_tables.py -- do not edit; run the script instead. */\n",
        '#include "ofc_tables.h"\n\n',
        c_array("uint64_t", "ofc_card_key", card_key, 4,
                "per byte: 5**rank + 1 << (32 + 4*suit); 0 for a byte that is no card", "ULL"),
        "\n",
        c_array("uint64_t", "ofc_card_bit", card_bit, 4,
                "per byte: 1 << code for a card, 1 << 63 for anything else", "ULL"),
        "\n",
        c_array("uint64_t", "ofc_card_key_joker", card_key_joker, 4,
                "per byte: ofc_card_key, and OFC_JOKER_Q for a joker (52, 53)", "ULL"),
        "\n",
        c_array("uint64_t", "ofc_card_bit_joker", card_bit_joker, 4,
                "per byte: 1 << code for a card or a joker (52, 53), 1 << 63 for anything else", "ULL"),
        "\n",
        c_array("uint16_t", "ofc_hash_disp", t["disp"], 16,
                "displacement per bucket: slot = (bits 40..52 of q*MULT) ^ disp[q*MULT >> 53]"),
        "\n",
        c_array("uint32_t", "ofc_hand5", t["hand5"], 8,
                "strength by slot: low 16 bits offsuit, high 16 bits all one suit (0: no such flush)"),
        "\n",
        c_array("uint32_t", "ofc_low5", t["low5"], 8,
                "deuce-to-seven rank by slot, packed like ofc_hand5"),
        "\n",
        c_array("uint16_t", "ofc_top3", t["top3"], 13,
                "strength of a top row by ranks: index r0*169 + r1*13 + r2 (0: impossible triple)"),
        "\n",
        c_array("uint16_t", "ofc_hash_disp_joker", t["jdisp"], 16,
                "jokers: displacement per bucket of the joker hash (OFC_JHASH_*)"),
        "\n",
        c_array("uint32_t", "ofc_hand5j", t["hand5j"], 8,
                "jokers: best strength by slot of naturals + jokers: low 16 bits offsuit naturals, high 16 "
                "naturals of one suit (the best of both), or a five of a kind (> OFC_STRENGTH_MAX)"),
        "\n",
        c_array("uint16_t", "ofc_top3j", t["top3j"], 14,
                "jokers: best strength of a top row by ranks, a joker rank 13: index (r0*14 + r1)*14 + r2"),
        "\n",
        c_array("uint32_t", "ofc_strength_info", t["info"], 8,
                "per strength: bits 0-3 category, 4-7 card count, 8-27 ranks by significance (4 bits each, 15 = none)"),
        "\n",
        c_array("uint32_t", "ofc_lowball_info", t["low_info"], 8,
                "per deuce-to-seven rank: like ofc_strength_info, A-2-3-4-5 being ace high (not a straight)"),
        "\n",
        c_array("uint16_t", "ofc_cactus_rank", t["cactus"], 12,
                "per strength: Cactus Kev rank (1 = royal flush .. 7462 = 7-5-4-3-2), 0 for 3-card strengths"),
        "\n",
        c_array("uint8_t", "ofc_same_hand5", sum(mask5, []), 20,
                "[d-1][p]: 255 when bytes p and p+d of 16 five-card hands are in one hand"),
        "\n",
        c_array("uint8_t", "ofc_same_hand3", sum(mask3, []), 24,
                "[d-1][p]: 255 when bytes p and p+d of 16 three-card hands are in one hand"),
        "\n",
        c_array("uint16_t", "ofc_place_start", place_start, 16,
                "per state ((m*4 + room top)*6 + room middle)*6 + room bottom: its first entry of ofc_place; "
                "the next state's start - its start = the number of legal placements"),
        "\n",
        c_array("uint32_t", "ofc_place", place, 8,
                "legal placements per state, lexicographic: per card q, bits 5q..5q+4 = row | rank in row << 2 "
                "(row 3: no card q); bits 25-26 cards sent top, 27-29 middle"),
    ]
    return "".join(parts)


def render_header(t) -> str:
    return f"""/* Generated by tools/gen_tables.py -- do not edit; run the script instead.
 * The lookup tables of the C core, defined once in ofc_tables.c. */
#ifndef OFC_TABLES_H
#define OFC_TABLES_H
#include <stdint.h>

#define OFC_STRENGTH_MAX {t['nmax']}  /* strongest hand: royal flush */
#define OFC_LOWBALL_MAX 7462   /* best deuce-to-seven low: 7-5-4-3-2 offsuit */

/* 5-card perfect hash: p = q * OFC_HASH_MULT (64-bit),
 * slot = ((p >> {SLOT_SHIFT}) & {(1 << HASH_BITS) - 1}) ^ ofc_hash_disp[p >> {BUCKET_SHIFT}] */
#define OFC_HASH_MULT {t['mult']}ULL
#define OFC_HASH_SLOT_SHIFT {SLOT_SHIFT}
#define OFC_HASH_SLOT_MASK {(1 << HASH_BITS) - 1}u
#define OFC_HASH_BUCKET_SHIFT {BUCKET_SHIFT}

/* the same for naturals + jokers (a joker adds OFC_JOKER_Q to q) */
#define OFC_JOKER_Q {JOKER_Q}u
#define OFC_JHASH_MULT {t['jmult']}ULL
#define OFC_JHASH_SLOT_SHIFT {JSLOT_SHIFT}
#define OFC_JHASH_SLOT_MASK {(1 << JHASH_BITS) - 1}u
#define OFC_JHASH_BUCKET_SHIFT {JBUCKET_SHIFT}

extern const uint64_t ofc_card_key[256];
extern const uint64_t ofc_card_bit[256];
extern const uint64_t ofc_card_key_joker[256];
extern const uint64_t ofc_card_bit_joker[256];
extern const uint16_t ofc_hash_disp[{1 << BUCKET_BITS}];
extern const uint16_t ofc_hash_disp_joker[{1 << JBUCKET_BITS}];
extern const uint32_t ofc_hand5j[{1 << JHASH_BITS}];
extern const uint16_t ofc_top3j[{14 ** 3}];
extern const uint32_t ofc_hand5[{1 << HASH_BITS}];
extern const uint32_t ofc_low5[{1 << HASH_BITS}];
extern const uint16_t ofc_top3[{NR ** 3}];
extern const uint32_t ofc_strength_info[{t['nmax'] + 1}];
extern const uint16_t ofc_cactus_rank[{t['nmax'] + 1}];
extern const uint32_t ofc_lowball_info[7463];
extern const uint8_t ofc_same_hand5[4 * 80];
extern const uint8_t ofc_same_hand3[2 * 48];

/* Uniform random placements: see tools/gen_tables.py, placements() */
#define OFC_PLACE_STATE(m, r0, r1, r2) ((((m) * 4 + (r0)) * 6 + (r1)) * 6 + (r2))
extern const uint16_t ofc_place_start[{len(placements()[0])}];
extern const uint32_t ofc_place[{len(placements()[1])}];

#endif
"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the generated tables are stale")
    args = ap.parse_args(argv)
    tables = build()
    return write_or_check({OUT: render(tables), OUT_H: render_header(tables)}, args.check,
                          "tools/gen_tables.py", "generated tables")


def write_or_check(outputs, check: bool, script: str, what: str) -> int:
    """Write the generated files, or with ``check`` exit 1 naming each stale one
    (every table generator of tools/ ends here)."""
    if check:
        stale = [p for p, text in outputs.items() if not p.exists() or p.read_text() != text]
        for p in stale:
            print(f"{p.relative_to(ROOT)} is stale: run python {script}", file=sys.stderr)
        if not stale:
            print(f"{what} are current")
        return 1 if stale else 0
    for p, text in outputs.items():
        p.write_text(text)
        print(f"wrote {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
