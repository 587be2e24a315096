/* Dealing: seeded, counter-based shuffles (ofc_fast.h: ofc_rng). */
#include <string.h>
#include "ofc_fast.h"

static const uint8_t fresh_deck[52] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
    26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48,
    49, 50, 51};

void ofc_shuffle(uint64_t seed, uint64_t index, int k, uint8_t *deck)
{
    ofc_rng g;
    ofc_rng_init(&g, seed, index);
    memcpy(deck, fresh_deck, 52);
    /* position i takes a uniform card among those not yet dealt */
    for (int i = 0; i < k; i++) {
        int j = i + (int)ofc_rng_below(&g, (uint32_t)(52 - i));
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

void ofc_deal_batch(uint64_t seed, int64_t index0, int64_t n, int players, int cards,
                    int first_round, int round_cards, uint8_t *out)
{
    uint8_t deck[52];
    int total = players * cards;
    for (int64_t d = 0; d < n; d++) {
        ofc_shuffle(seed, (uint64_t)(index0 + d), total, deck);
        uint8_t *o = out + (int64_t)total * d;
        /* the top of the deck goes round the table: first_round cards to
         * each player, then rounds of round_cards (the last may be short) */
        int pos = 0, got = 0;
        int step = first_round < cards ? first_round : cards;
        while (got < cards) {
            for (int p = 0; p < players; p++)
                for (int c = 0; c < step; c++) o[p * cards + got + c] = deck[pos++];
            got += step;
            step = cards - got < round_cards ? cards - got : round_cards;
        }
    }
}
