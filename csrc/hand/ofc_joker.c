/* Hand strength with jokers (ofc_hand.h, "Jokers"): single hands and arrays. */
#include <string.h>
#include "ofc_hand.h"

int ofc_strength_jokers(const uint8_t *c, int n, int jokers, int five_kind)
{
    if (n != 3 && n != 5) return OFC_HAND_BAD_SIZE;
    if (ofc_bad_cards_jokers(c, n, ofc_joker_allowed(jokers))) return OFC_HAND_BAD_CARDS;
    return n == 5 ? ofc_strength5_jokers_unchecked(c[0], c[1], c[2], c[3], c[4], five_kind)
                  : ofc_strength3_jokers_unchecked(c[0], c[1], c[2]);
}

/* Blocks are copied before they are checked and evaluated, as in ofc_strength.c:
 * a byte checked is the byte looked up. */
#define OFC_JBLOCK 1024

int64_t ofc_strength_jokers_batch(const uint8_t *cards, int64_t n, int size, int jokers, int five_kind,
                                  uint16_t *out)
{
    uint8_t snap[OFC_JBLOCK * 5];
    if (size != 3 && size != 5) return OFC_HAND_BAD_SIZE;
    for (int64_t start = 0; start < n; start += OFC_JBLOCK) {
        int64_t len = n - start < OFC_JBLOCK ? n - start : OFC_JBLOCK;
        memcpy(snap, cards + size * start, (size_t)(size * len));
        const uint8_t *c = snap;
        int64_t bad = ofc_first_bad_hand_jokers(c, len, size, jokers);
        if (OFC_UNLIKELY(bad >= 0)) return start + bad;
        uint16_t *o = out + start;
        if (size == 5)
            for (int64_t i = 0; i < len; i++, c += 5)
                o[i] = ofc_strength5_jokers_unchecked(c[0], c[1], c[2], c[3], c[4], five_kind);
        else
            for (int64_t i = 0; i < len; i++, c += 3) o[i] = ofc_strength3_jokers_unchecked(c[0], c[1], c[2]);
    }
    return -1;
}

/* ---- Subsets, rows being filled and lowball, with jokers ----------------- */

/* Strength of k (3 or 5) codes that may hold jokers. */
static inline uint16_t strength_k(const uint8_t *c, int k, int five_kind)
{
    return k == 5 ? ofc_strength5_jokers_unchecked(c[0], c[1], c[2], c[3], c[4], five_kind)
                  : ofc_strength3_jokers_unchecked(c[0], c[1], c[2]);
}

/* Nonzero when the m codes of a hand are not all cards or dealt jokers, or repeat one. */
static inline int bad_hand_jokers(const uint8_t *c, int m, int jokers)
{
    return m > OFC_DECK_WITH_JOKERS(OFC_MAX_JOKERS) || ofc_bad_cards_jokers(c, m, ofc_joker_allowed(jokers));
}

/* The next k-subset of positions 0..m-1 after pos in lexicographic order;
 * 0 after the last. */
static int next_subset(uint8_t *pos, int m, int k)
{
    int i = k - 1;
    while (i >= 0 && pos[i] == m - k + i) i--;
    if (i < 0) return 0;
    pos[i]++;
    for (int q = i + 1; q < k; q++) pos[q] = (uint8_t)(pos[q - 1] + 1);
    return 1;
}

int64_t ofc_subset_strengths_jokers_batch(const uint8_t *cards, int64_t n, int m, int k, int jokers,
                                          int five_kind, uint16_t *out)
{
    if ((k != 3 && k != 5) || m < k || m > OFC_DECK_WITH_JOKERS(OFC_MAX_JOKERS)) return OFC_HAND_BAD_SIZE;
    const int64_t per = ofc_choose(m, k);
    for (int64_t i = 0; i < n; i++) {
        uint8_t c[OFC_DECK_WITH_JOKERS(OFC_MAX_JOKERS)], pos[5], sub[5];
        memcpy(c, cards + (int64_t)m * i, (size_t)m); /* checked and read from a copy */
        if (bad_hand_jokers(c, m, jokers)) return i;
        uint16_t *o = out + per * i;
        for (int q = 0; q < k; q++) pos[q] = (uint8_t)q;
        do {
            for (int q = 0; q < k; q++) sub[q] = c[pos[q]];
            *o++ = strength_k(sub, k, five_kind);
        } while (next_subset(pos, m, k));
    }
    return -1;
}

int64_t ofc_best_hand_jokers_batch(const uint8_t *cards, int64_t n, int m, int k, int jokers, int five_kind,
                                   int below_royal, uint16_t *best, uint8_t *positions)
{
    if ((k != 3 && k != 5) || m < k || m > OFC_DECK_WITH_JOKERS(OFC_MAX_JOKERS)) return OFC_HAND_BAD_SIZE;
    for (int64_t i = 0; i < n; i++) {
        uint8_t c[OFC_DECK_WITH_JOKERS(OFC_MAX_JOKERS)], pos[5], sub[5];
        memcpy(c, cards + (int64_t)m * i, (size_t)m);
        if (bad_hand_jokers(c, m, jokers)) return i;
        uint16_t b = 0, bkey = 0;
        /* the first best subset in lexicographic order, by the rules' order of hands */
        for (int q = 0; q < k; q++) pos[q] = (uint8_t)q;
        do {
            for (int q = 0; q < k; q++) sub[q] = c[pos[q]];
            uint16_t s = strength_k(sub, k, five_kind), key = ofc_order_key(s, below_royal);
            if (key > bkey) {
                bkey = key;
                b = s;
                memcpy(positions + (int64_t)k * i, pos, (size_t)k);
            }
        } while (next_subset(pos, m, k));
        best[i] = b;
    }
    return -1;
}

/* A row being filled (k slots, OFC_EMPTY empty) that may hold jokers: each
 * joker is the card that makes the row worth most (ofc_partial_strength_batch
 * on the row with it).  A row of 3 or 5 cards is its strength; with fewer
 * only the ranks count, so each joker tries the thirteen ranks (a suit not
 * in the row). */
static uint16_t partial_jokers(const uint8_t *c, int k, int five_kind)
{
    uint8_t x[5];
    int n = 0, nj = 0, jpos[2] = {0, 0};
    uint64_t used = 0;
    for (int i = 0; i < k; i++)
        if (c[i] != OFC_EMPTY) {
            if (c[i] >= OFC_JOKER1)
                jpos[nj++] = n;
            else
                used |= (uint64_t)1 << c[i];
            x[n++] = c[i];
        }
    if (n == 3 || n == 5) return strength_k(x, n, five_kind);
    if (!nj) {
        uint16_t v;
        ofc_partial_strength_batch(x, 1, n, &v);
        return v;
    }
    uint16_t best = 0;
    for (unsigned r1 = 0; r1 < OFC_RANKS; r1++)
        for (unsigned r2 = nj == 2 ? r1 : 0; r2 < (nj == 2 ? OFC_RANKS : 1u); r2++) {
            uint64_t taken = used;
            int ok = 1;
            for (int j = 0; j < nj && ok; j++) {
                unsigned r = j ? r2 : r1, t = 0;
                while (t < OFC_SUITS && (taken >> (4 * r + t) & 1)) t++;
                if (t == OFC_SUITS)
                    ok = 0;
                else {
                    x[jpos[j]] = (uint8_t)(4 * r + t);
                    taken |= (uint64_t)1 << (4 * r + t);
                }
            }
            if (!ok) continue;
            uint16_t v;
            ofc_partial_strength_batch(x, 1, n, &v);
            if (v > best) best = v;
        }
    return best;
}

int64_t ofc_partial_strength_jokers_batch(const uint8_t *rows, int64_t n, int k, int jokers, int five_kind,
                                          uint16_t *out)
{
    if (k < 0 || k > 5) return OFC_HAND_BAD_SIZE;
    uint64_t allowed = ofc_joker_allowed(jokers);
    for (int64_t i = 0; i < n; i++) {
        uint8_t c[5], x[5];
        int nc = 0;
        if (k > 0) memcpy(c, rows + (int64_t)k * i, (size_t)k); /* rows may be NULL for k == 0 */
        for (int j = 0; j < k; j++)
            if (c[j] != OFC_EMPTY) x[nc++] = c[j];
        if (ofc_bad_cards_jokers(x, nc, allowed)) return i;
        out[i] = partial_jokers(c, k, five_kind);
    }
    return -1;
}

/* The best deuce-to-seven rank of the five cards x over every card each of
 * its nj jokers (at jpos) may be: a card not in the hand (used), the two
 * jokers two cards.  Inlined with nj a constant: one tight loop each. */
static OFC_ALWAYS_INLINE uint16_t lowball_best(uint8_t *x, const int *jpos, int nj, uint64_t used)
{
    uint16_t best = 0;
    OFC_FOR_JOKER_CARDS(x, jpos, nj, ~used, ~used, a, b, {
        uint16_t v = ofc_lowball27_unchecked(x[0], x[1], x[2], x[3], x[4]);
        if (v > best) best = v;
    });
    return best;
}

/* Deuce-to-seven rank of five codes holding jokers: the best over every card
 * each joker may be (a card not in the hand, the two jokers two cards). */
static uint16_t lowball_jokers(const uint8_t *c)
{
    uint8_t x[5];
    int jpos[2], nj = 0;
    uint64_t used = 0;
    for (int i = 0; i < 5; i++) {
        x[i] = c[i];
        if (c[i] >= OFC_JOKER1)
            jpos[nj++] = i;
        else
            used |= (uint64_t)1 << c[i];
    }
    if (!nj) return ofc_lowball27_unchecked(x[0], x[1], x[2], x[3], x[4]);
    return nj == 1 ? lowball_best(x, jpos, 1, used) : lowball_best(x, jpos, 2, used);
}

int64_t ofc_lowball27_jokers_batch(const uint8_t *cards, int64_t n, int jokers, uint16_t *out)
{
    uint64_t allowed = ofc_joker_allowed(jokers);
    for (int64_t i = 0; i < n; i++) {
        uint8_t c[5];
        memcpy(c, cards + 5 * i, 5);
        if (ofc_bad_cards_jokers(c, 5, allowed)) return i;
        out[i] = lowball_jokers(c);
    }
    return -1;
}
