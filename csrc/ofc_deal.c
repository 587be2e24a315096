/* Dealing: seeded, counter-based shuffles (ofc_fast.h: ofc_rng, ofc_draw_cards). */
#include <string.h>
#include "ofc_fast.h"

static const uint8_t fresh_deck[52] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,
                                       18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
                                       36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51};

void ofc_shuffle(uint64_t seed, uint64_t index, int k, uint8_t *deck)
{
    ofc_rng g;
    ofc_rng_init(&g, seed, index);
    memcpy(deck, fresh_deck, 52);
    ofc_draw_cards(&g, deck, 52, k);
}

void ofc_deal_batch(uint64_t seed, int64_t index0, int64_t n, int players, int cards, int first_round,
                    int round_cards, uint8_t *out)
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
    /* the bounds of each group of three positions (ofc_draw_cards) */
    uint32_t bound[18][3];
    for (int q = 0; 3 * q < total; q++)
        for (int r = 0; r < 3; r++) bound[q][r] = 52 - 3 * q - r > 1 ? (uint32_t)(52 - 3 * q - r) : 1u;
    for (int64_t d = 0; d < n; d++) {
        /* ofc_shuffle's draws (ofc_draw_cards), each card written out as it
         * is drawn (the deck keeps only the cards still to draw) */
        uint8_t *o = out + (int64_t)total * d;
        ofc_rng g;
        ofc_rng_init(&g, seed, (uint64_t)(index0 + d));
        memcpy(deck, fresh_deck, 52);
        int i = 0, q = 0;
        for (; i + 6 <= total; i += 6, q += 2) { /* two whole groups per 64-bit output */
            uint64_t x = ofc_rng_next(&g);
            uint32_t j[6], h = (uint32_t)x;
            while (!ofc_draw3(h, bound[q][0], bound[q][1], bound[q][2], j)) h = (uint32_t)ofc_rng_next(&g);
            h = (uint32_t)(x >> 32);
            while (!ofc_draw3(h, bound[q + 1][0], bound[q + 1][1], bound[q + 1][2], j + 3))
                h = (uint32_t)ofc_rng_next(&g);
            for (int r = 0; r < 6; r++) {
                uint8_t c = deck[i + r + (int)j[r]];
                deck[i + r + (int)j[r]] = deck[i + r];
                o[where[i + r]] = c;
            }
        }
        if (i < total) { /* the last one or two groups */
            uint64_t x = ofc_rng_next(&g);
            for (int half = 0; half < 2 && i < total; half++, i += 3, q++) {
                uint32_t j[3], h = (uint32_t)(x >> (32 * half));
                while (!ofc_draw3(h, bound[q][0], bound[q][1], bound[q][2], j))
                    h = (uint32_t)ofc_rng_next(&g);
                for (int r = 0; r < 3 && i + r < total; r++) {
                    uint8_t c = deck[i + r + (int)j[r]];
                    deck[i + r + (int)j[r]] = deck[i + r];
                    o[where[i + r]] = c;
                }
            }
        }
    }
}
