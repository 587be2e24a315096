/* Every k-subset of a hand and the best one (k = 3 or 5): the inner loop of
 * Fantasyland and placement searches.
 *
 * Subsets run in lexicographic order of card positions (0 1 2 3 4, 0 1 2 3 5,
 * ...).  The 5-card loops keep running sums of the card keys, so a subset
 * costs one addition and one hash lookup; the 3-card loops index the top
 * table directly. */
#include "ofc_hand.h"
#include <string.h>

int64_t ofc_choose(int m, int k)
{
    if (k < 0 || m < 0 || k > m) return 0;
    int64_t r = 1;
    for (int i = 1; i <= k; i++) r = r * (m - k + i) / i; /* exact at each step */
    return r;
}

static inline uint16_t strength_of_key(uint64_t key)
{
    return (uint16_t)(ofc_hand5[ofc_slot5(key)] >> ofc_flush_shift(key));
}

/* The strengths of every 5-subset of the m cards c into out. */
static void subsets5(const uint8_t *c, int m, uint16_t *out)
{
    uint64_t key[OFC_DECK_SIZE];
    for (int i = 0; i < m; i++) key[i] = ofc_card_key[c[i]];
    for (int a = 0; a < m - 4; a++)
        for (int b = a + 1; b < m - 3; b++) {
            uint64_t kab = key[a] + key[b];
            for (int d = b + 1; d < m - 2; d++) {
                uint64_t kabd = kab + key[d];
                for (int e = d + 1; e < m - 1; e++) {
                    uint64_t k4 = kabd + key[e];
                    for (int f = e + 1; f < m; f++) *out++ = strength_of_key(k4 + key[f]);
                }
            }
        }
}

static void subsets3(const uint8_t *c, int m, uint16_t *out)
{
    unsigned r[OFC_DECK_SIZE];
    for (int i = 0; i < m; i++) r[i] = c[i] >> 2;
    for (int a = 0; a < m - 2; a++)
        for (int b = a + 1; b < m - 1; b++) {
            const uint16_t *t = ofc_top3 + r[a] * 169u + r[b] * 13u;
            for (int d = b + 1; d < m; d++) *out++ = t[r[d]];
        }
}

/* The best 5-subset: its strength, and its positions in pos[0..4] (the first
 * best subset in lexicographic order). */
static uint16_t best5(const uint8_t *c, int m, uint8_t *pos)
{
    uint64_t key[OFC_DECK_SIZE];
    uint16_t best = 0;
    for (int i = 0; i < m; i++) key[i] = ofc_card_key[c[i]];
    for (int a = 0; a < m - 4; a++)
        for (int b = a + 1; b < m - 3; b++) {
            uint64_t kab = key[a] + key[b];
            for (int d = b + 1; d < m - 2; d++) {
                uint64_t kabd = kab + key[d];
                for (int e = d + 1; e < m - 1; e++) {
                    uint64_t k4 = kabd + key[e];
                    for (int f = e + 1; f < m; f++) {
                        uint16_t s = strength_of_key(k4 + key[f]);
                        if (OFC_UNLIKELY(s > best)) {
                            best = s;
                            pos[0] = (uint8_t)a;
                            pos[1] = (uint8_t)b;
                            pos[2] = (uint8_t)d;
                            pos[3] = (uint8_t)e;
                            pos[4] = (uint8_t)f;
                        }
                    }
                }
            }
        }
    return best;
}

static uint16_t best3(const uint8_t *c, int m, uint8_t *pos)
{
    unsigned r[OFC_DECK_SIZE];
    uint16_t best = 0;
    for (int i = 0; i < m; i++) r[i] = c[i] >> 2;
    for (int a = 0; a < m - 2; a++)
        for (int b = a + 1; b < m - 1; b++) {
            const uint16_t *t = ofc_top3 + r[a] * 169u + r[b] * 13u;
            for (int d = b + 1; d < m; d++)
                if (OFC_UNLIKELY(t[r[d]] > best)) {
                    best = t[r[d]];
                    pos[0] = (uint8_t)a;
                    pos[1] = (uint8_t)b;
                    pos[2] = (uint8_t)d;
                }
        }
    return best;
}

int64_t ofc_subset_strengths_batch(const uint8_t *cards, int64_t n, int m, int k, uint16_t *out)
{
    if ((k != 3 && k != 5) || m < k || m > OFC_DECK_SIZE) return OFC_HAND_BAD_SIZE;
    const int64_t per = ofc_choose(m, k);
    uint8_t c[OFC_DECK_SIZE];
    for (int64_t i = 0; i < n; i++) {
        memcpy(c, cards + (int64_t)m * i, (size_t)m); /* checked and read from a copy (ofc_strength.c) */
        if (OFC_UNLIKELY(ofc_bad_cards(c, m))) return i;
        if (k == 5)
            subsets5(c, m, out + per * i);
        else
            subsets3(c, m, out + per * i);
    }
    return -1;
}

int64_t ofc_best_hand_batch(const uint8_t *cards, int64_t n, int m, int k, uint16_t *best, uint8_t *positions)
{
    if ((k != 3 && k != 5) || m < k || m > OFC_DECK_SIZE) return OFC_HAND_BAD_SIZE;
    uint8_t c[OFC_DECK_SIZE];
    for (int64_t i = 0; i < n; i++) {
        memcpy(c, cards + (int64_t)m * i, (size_t)m); /* checked and read from a copy (ofc_strength.c) */
        if (OFC_UNLIKELY(ofc_bad_cards(c, m))) return i;
        best[i] = k == 5 ? best5(c, m, positions + 5 * i) : best3(c, m, positions + 3 * i);
    }
    return -1;
}

/* ---- partial rows ---------------------------------------------------------
 * A row of k slots (k <= 5) holding fewer cards is worth the least strength
 * whose pattern is at least its own.  A pattern is the category, then the
 * distinct ranks by significance (count first, then rank), each rank + 1 as
 * a base-14 digit and 0 for a missing one; the strengths' patterns increase
 * with the strength (ofc_strength_info), so a binary search finds it. */

static uint32_t pattern_of_strength(unsigned s)
{
    uint32_t info = ofc_strength_info[s], key = info & 15u;
    for (int i = 0; i < 5; i++) {
        unsigned r = (info >> (8 + 4 * i)) & 15u;
        key = key * 14u + (r == 15u ? 0u : r + 1u);
    }
    return key;
}

static uint16_t partial_row(const uint8_t *c, int k)
{
    uint8_t cards[5];
    int n = 0;
    for (int i = 0; i < k; i++)
        if (c[i] != OFC_EMPTY) cards[n++] = c[i];
    if (n == 0) return 0;
    if (n == 5) return ofc_strength5_unchecked(cards[0], cards[1], cards[2], cards[3], cards[4]);
    if (n == 3) return ofc_strength3_unchecked(cards[0], cards[1], cards[2]);
    /* 1, 2 or 4 cards: no straight or flush yet; the rank counts decide */
    int count[OFC_RANKS] = {0};
    for (int i = 0; i < n; i++) count[cards[i] >> 2]++;
    int most = 0, pairs = 0;
    for (int r = 0; r < OFC_RANKS; r++) {
        if (count[r] > most) most = count[r];
        pairs += count[r] == 2;
    }
    uint32_t key = most >= 4    ? OFC_FOUR_OF_A_KIND
                   : most == 3  ? OFC_THREE_OF_A_KIND
                   : pairs >= 2 ? OFC_TWO_PAIR
                   : pairs == 1 ? OFC_PAIR
                                : OFC_HIGH_CARD;
    int digits = 0;
    for (int m = 4; m >= 1; m--) /* larger groups first, each by rank */
        for (int r = 12; r >= 0; r--)
            if (count[r] == m) {
                key = key * 14u + (uint32_t)r + 1u;
                digits++;
            }
    for (; digits < 5; digits++) key *= 14u;
    unsigned lo = 1, hi = OFC_STRENGTH_MAX; /* the least s with pattern >= key */
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (pattern_of_strength(mid) >= key)
            hi = mid;
        else
            lo = mid + 1;
    }
    return (uint16_t)lo;
}

int64_t ofc_partial_strength_batch(const uint8_t *rows, int64_t n, int k, uint16_t *out)
{
    if (k < 0 || k > 5) return OFC_HAND_BAD_SIZE;
    uint8_t c[5];
    for (int64_t i = 0; i < n; i++) {
        /* checked and read from a copy (ofc_strength.c); rows may be NULL for k == 0 */
        if (k > 0) memcpy(c, rows + (int64_t)k * i, (size_t)k);
        uint64_t seen = 0;
        for (int j = 0; j < k; j++) {
            if (c[j] == OFC_EMPTY) continue;
            uint64_t bit = ofc_card_bit[c[j]];
            /* not a card (bit 63), or a card twice */
            if (OFC_UNLIKELY((bit >> 63) | ((seen & bit) != 0))) return i;
            seen |= bit;
        }
        out[i] = partial_row(c, k);
    }
    return -1;
}
