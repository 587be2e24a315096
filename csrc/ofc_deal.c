/* Dealing: seeded, counter-based shuffles (ofc_fast.h: ofc_rng). */
#include <string.h>
#include "ofc_fast.h"

static const uint8_t fresh_deck[52] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
    26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48,
    49, 50, 51};

/* x * n / 2^32 for a uniform 32-bit x, redrawn in the rare case that would
 * favour some values (Lemire's method; the threshold needs a division only
 * when the low half is below n). */
static inline uint32_t bounded(uint32_t x, uint32_t n, ofc_rng *g)
{
    uint64_t m = (uint64_t)x * n;
    if (OFC_UNLIKELY((uint32_t)m < n)) {
        uint32_t t = (uint32_t)(-n) % n;
        while ((uint32_t)m < t) m = (uint64_t)(uint32_t)ofc_rng_next(g) * n;
    }
    return (uint32_t)(m >> 32);
}

static inline void shuffle(uint64_t seed, uint64_t index, int k, uint8_t *deck)
{
    ofc_rng g;
    ofc_rng_init(&g, seed, index);
    memcpy(deck, fresh_deck, 52);
    /* position i takes a uniform card among those not yet dealt; one 64-bit
     * draw serves two positions */
    int i = 0;
    for (; i + 1 < k; i += 2) {
        uint64_t x = ofc_rng_next(&g);
        int j = i + (int)bounded((uint32_t)x, (uint32_t)(52 - i), &g);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        j = i + 1 + (int)bounded((uint32_t)(x >> 32), (uint32_t)(51 - i), &g);
        t = deck[i + 1];
        deck[i + 1] = deck[j];
        deck[j] = t;
    }
    if (i < k) {
        int j = i + (int)bounded((uint32_t)ofc_rng_next(&g), (uint32_t)(52 - i), &g);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

void ofc_shuffle(uint64_t seed, uint64_t index, int k, uint8_t *deck)
{
    shuffle(seed, index, k, deck);
}

void ofc_deal_batch(uint64_t seed, int64_t index0, int64_t n, int players, int cards,
                    int first_round, int round_cards, uint8_t *out)
{
    uint8_t deck[52], where[52];
    int total = players * cards;
    /* where[i]: the output byte of the deck's i-th card.  The top of the deck
     * goes round the table: first_round cards to each player, then rounds of
     * round_cards (the last may be short) */
    {
        int pos = 0, got = 0;
        int step = first_round < cards ? first_round : cards;
        while (got < cards) {
            for (int p = 0; p < players; p++)
                for (int c = 0; c < step; c++) where[pos++] = (uint8_t)(p * cards + got + c);
            got += step;
            step = cards - got < round_cards ? cards - got : round_cards;
        }
    }
    for (int64_t d = 0; d < n; d++) {
        /* the shuffle of ofc_shuffle, each card written out as it is drawn */
        uint8_t *o = out + (int64_t)total * d;
        ofc_rng g;
        ofc_rng_init(&g, seed, (uint64_t)(index0 + d));
        memcpy(deck, fresh_deck, 52);
        int i = 0;
        for (; i + 1 < total; i += 2) {
            uint64_t x = ofc_rng_next(&g);
            int j = i + (int)bounded((uint32_t)x, (uint32_t)(52 - i), &g);
            uint8_t c = deck[j];
            deck[j] = deck[i];
            o[where[i]] = c;
            j = i + 1 + (int)bounded((uint32_t)(x >> 32), (uint32_t)(51 - i), &g);
            c = deck[j];
            deck[j] = deck[i + 1];
            o[where[i + 1]] = c;
        }
        if (i < total) {
            int j = i + (int)bounded((uint32_t)ofc_rng_next(&g), (uint32_t)(52 - i), &g);
            o[where[i]] = deck[j];
        }
    }
}
