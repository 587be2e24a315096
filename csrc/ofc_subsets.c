/* Every k-subset of a hand and the best one (k = 3 or 5): the inner loop of
 * Fantasyland and placement searches.
 *
 * Subsets run in lexicographic order of card positions (0 1 2 3 4, 0 1 2 3 5,
 * ...).  The 5-card loops keep running sums of the card keys, so a subset
 * costs one addition and one hash lookup; the 3-card loops index the top
 * table directly. */
#include "ofc_fast.h"

int64_t ofc_choose(int m, int k)
{
    if (k < 0 || m < 0 || k > m) return 0;
    int64_t r = 1;
    for (int i = 1; i <= k; i++) r = r * (m - k + i) / i;   /* exact at each step */
    return r;
}

static inline uint16_t strength_of_key(uint64_t key)
{
    return (uint16_t)(ofc_hand5[ofc_slot5(key)] >> ofc_flush_shift(key));
}

/* The strengths of every 5-subset of the m cards c into out. */
static void subsets5(const uint8_t *c, int m, uint16_t *out)
{
    uint64_t key[52];
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
    unsigned r[52];
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
    uint64_t key[52];
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
                            pos[0] = (uint8_t)a; pos[1] = (uint8_t)b; pos[2] = (uint8_t)d;
                            pos[3] = (uint8_t)e; pos[4] = (uint8_t)f;
                        }
                    }
                }
            }
        }
    return best;
}

static uint16_t best3(const uint8_t *c, int m, uint8_t *pos)
{
    unsigned r[52];
    uint16_t best = 0;
    for (int i = 0; i < m; i++) r[i] = c[i] >> 2;
    for (int a = 0; a < m - 2; a++)
        for (int b = a + 1; b < m - 1; b++) {
            const uint16_t *t = ofc_top3 + r[a] * 169u + r[b] * 13u;
            for (int d = b + 1; d < m; d++)
                if (OFC_UNLIKELY(t[r[d]] > best)) {
                    best = t[r[d]];
                    pos[0] = (uint8_t)a; pos[1] = (uint8_t)b; pos[2] = (uint8_t)d;
                }
        }
    return best;
}

int64_t ofc_subset_strengths_batch(const uint8_t *cards, int64_t n, int m, int k, uint16_t *out)
{
    if ((k != 3 && k != 5) || m < k || m > 52) return -2;
    const int64_t per = ofc_choose(m, k);
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = cards + (int64_t)m * i;
        if (OFC_UNLIKELY(ofc_bad_cards(c, m))) return i;
        if (k == 5) subsets5(c, m, out + per * i);
        else subsets3(c, m, out + per * i);
    }
    return -1;
}

int64_t ofc_best_hand_batch(const uint8_t *cards, int64_t n, int m, int k, uint16_t *best,
                            uint8_t *positions)
{
    if ((k != 3 && k != 5) || m < k || m > 52) return -2;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = cards + (int64_t)m * i;
        if (OFC_UNLIKELY(ofc_bad_cards(c, m))) return i;
        best[i] = k == 5 ? best5(c, m, positions + 5 * i) : best3(c, m, positions + 3 * i);
    }
    return -1;
}
