/* Dealing: seeded, counter-based shuffles (ofc_play.h: ofc_rng, ofc_draw_prefix).
 *
 * A shuffle is a partial Fisher-Yates: deck[i] swaps with deck[i + j], j
 * uniform below n - i.  The positions go three at a time (ofc_draw3: the
 * digits of one 32-bit draw), two groups per 64-bit output, its low half
 * first.  The kernels here are that one loop, inlined with a constant length
 * for the usual deals so that it unrolls into fixed offsets. */
#include <string.h>
#include "ofc_play.h"

/* the 52 cards in code order, then the jokers (a deck with j jokers: the first 52 + j) */
static const uint8_t fresh_deck[OFC_MAX_DECK] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,         17,
    18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34,         35,
    36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, OFC_JOKER1, OFC_JOKER2};

void ofc_draw_groups(int n, int k, ofc_draw_group *grp)
{
    for (int q = 0; 3 * q < k; q++) {
        uint32_t b[3];
        for (int r = 0; r < 3; r++) b[r] = n - 3 * q - r > 1 ? (uint32_t)(n - 3 * q - r) : 1u;
        uint32_t prod = b[0] * b[1] * b[2];
        grp[q] = (ofc_draw_group){b[0], b[1], b[2], (uint32_t)(-prod) % prod};
    }
}

/* The groups of a 52-card deck (ofc_draw_groups(52, 52, ...)) as constants. */
#define DRAW_GROUP(b0, b1, b2) {b0, b1, b2, (uint32_t)(((uint64_t)1 << 32) % ((uint64_t)(b0) * (b1) * (b2)))}
static const ofc_draw_group deck_groups[(OFC_DECK_SIZE + 2) / 3] = {
    DRAW_GROUP(52, 51, 50), DRAW_GROUP(49, 48, 47), DRAW_GROUP(46, 45, 44), DRAW_GROUP(43, 42, 41),
    DRAW_GROUP(40, 39, 38), DRAW_GROUP(37, 36, 35), DRAW_GROUP(34, 33, 32), DRAW_GROUP(31, 30, 29),
    DRAW_GROUP(28, 27, 26), DRAW_GROUP(25, 24, 23), DRAW_GROUP(22, 21, 20), DRAW_GROUP(19, 18, 17),
    DRAW_GROUP(16, 15, 14), DRAW_GROUP(13, 12, 11), DRAW_GROUP(10, 9, 8),   DRAW_GROUP(7, 6, 5),
    DRAW_GROUP(4, 3, 2),    DRAW_GROUP(1, 1, 1)};

/* Positions i .. i+cnt-1 from the 32 random bits h: ofc_draw3's digits (the
 * rejection test against the group's precomputed 2^32 mod product), then the
 * swaps; each card drawn is written to o[where[position]], or with where
 * NULL (a constant: no branch) to deck[position], the shuffle in place. */
static OFC_ALWAYS_INLINE void draw_group(ofc_rng *g, uint32_t h, const ofc_draw_group *b, uint8_t *deck,
                                         int i, int cnt, const uint8_t *where, uint8_t *o)
{
    uint64_t m0, m1, m2;
    for (;;) {
        m0 = (uint64_t)h * b->b0;
        m1 = (uint64_t)(uint32_t)m0 * b->b1;
        m2 = (uint64_t)(uint32_t)m1 * b->b2;
        if (OFC_LIKELY((uint32_t)m2 >= b->reject)) break;
        h = (uint32_t)ofc_rng_next(g);
    }
    uint32_t j[3] = {(uint32_t)(m0 >> 32), (uint32_t)(m1 >> 32), (uint32_t)(m2 >> 32)};
    for (int r = 0; r < cnt; r++) {
        uint8_t c = deck[i + r + (int)j[r]];
        deck[i + r + (int)j[r]] = deck[i + r];
        if (where)
            o[where[i + r]] = c;
        else
            deck[i + r] = c;
    }
}

/* The first k positions of the shuffle. */
static OFC_ALWAYS_INLINE void draw(ofc_rng *g, uint8_t *deck, int k, const ofc_draw_group *grp,
                                   const uint8_t *where, uint8_t *o)
{
    int i = 0, q = 0;
    OFC_UNROLL(9)
    for (; i + 6 <= k; i += 6, q += 2) {
        uint64_t x = ofc_rng_next(g);
        draw_group(g, (uint32_t)x, grp + q, deck, i, 3, where, o);
        draw_group(g, (uint32_t)(x >> 32), grp + q + 1, deck, i + 3, 3, where, o);
    }
    if (i < k) { /* the last one or two groups */
        uint64_t x = ofc_rng_next(g);
        draw_group(g, (uint32_t)x, grp + q, deck, i, k - i < 3 ? k - i : 3, where, o);
        if (i + 3 < k) draw_group(g, (uint32_t)(x >> 32), grp + q + 1, deck, i + 3, k - i - 3, where, o);
    }
}

void ofc_draw_prefix(ofc_rng *g, uint8_t *deck, int k, const ofc_draw_group *grp)
{
    draw(g, deck, k, grp, NULL, deck);
}

void ofc_shuffle(uint64_t seed, uint64_t index, int k, uint8_t *deck)
{
    ofc_rng g;
    ofc_rng_init(&g, seed, index);
    memcpy(deck, fresh_deck, OFC_DECK_SIZE);
    /* the decks of self-play (2 or 3 players, 13 or 17 cards each) unrolled */
    switch (k) {
    case 26: draw(&g, deck, 26, deck_groups, NULL, deck); break;
    case 34: draw(&g, deck, 34, deck_groups, NULL, deck); break;
    case 39: draw(&g, deck, 39, deck_groups, NULL, deck); break;
    case 51: draw(&g, deck, 51, deck_groups, NULL, deck); break;
    default: draw(&g, deck, k, deck_groups, NULL, deck);
    }
}

/* A deck with jokers: the same partial Fisher-Yates over 52 + jokers cards
 * (the groups of that deck size, computed per call). */
void ofc_shuffle_jokers(uint64_t seed, uint64_t index, int k, int jokers, uint8_t *deck)
{
    if (jokers <= 0) {
        ofc_shuffle(seed, index, k, deck);
        return;
    }
    int size = OFC_DECK_WITH_JOKERS(jokers);
    ofc_draw_group grp[(OFC_MAX_DECK + 2) / 3];
    ofc_rng g;
    ofc_draw_groups(size, k, grp);
    ofc_rng_init(&g, seed, index);
    memcpy(deck, fresh_deck, (size_t)size);
    draw(&g, deck, k, grp, NULL, deck);
}

/* where[] of the usual deals of complete boards (13 cards a player, 5 then
 * 3 a round, or 5 then 1), as constants so that each card is stored at a
 * fixed offset; ofc_deal_batch uses one only where it equals the where[] it
 * computed. */
static const uint8_t where_2_3[26] = {0,  1,  2,  3, 4, 13, 14, 15, 16, 17, 5,  6,  7,
                                      18, 19, 20, 8, 9, 10, 21, 22, 23, 11, 12, 24, 25};
static const uint8_t where_3_3[39] = {0,  1,  2,  3,  4,  13, 14, 15, 16, 17, 26, 27, 28,
                                      29, 30, 5,  6,  7,  18, 19, 20, 31, 32, 33, 8,  9,
                                      10, 21, 22, 23, 34, 35, 36, 11, 12, 24, 25, 37, 38};
static const uint8_t where_2_1[26] = {0,  1, 2,  3, 4,  13, 14, 15, 16, 17, 5,  18, 6,
                                      19, 7, 20, 8, 21, 9,  22, 10, 23, 11, 24, 12, 25};
static const uint8_t where_3_1[39] = {0,  1,  2,  3,  4,  13, 14, 15, 16, 17, 26, 27, 28,
                                      29, 30, 5,  18, 31, 6,  19, 32, 7,  20, 33, 8,  21,
                                      34, 9,  22, 35, 10, 23, 36, 11, 24, 37, 12, 25, 38};
static const uint8_t where_4_1[52] = {0,  1,  2,  3,  4,  13, 14, 15, 16, 17, 26, 27, 28, 29, 30, 39, 40, 41,
                                      42, 43, 5,  18, 31, 44, 6,  19, 32, 45, 7,  20, 33, 46, 8,  21, 34, 47,
                                      9,  22, 35, 48, 10, 23, 36, 49, 11, 24, 37, 50, 12, 25, 38, 51};

/* Deal `index` of the batch: ofc_shuffle's first `total` draws, each card
 * written out as it is drawn (the deck keeps only the cards still to draw). */
static OFC_ALWAYS_INLINE void deal_one(uint64_t seed, uint64_t index, int total, const uint8_t *where,
                                       uint8_t *o)
{
    uint8_t deck
        [OFC_DECK_BUFFER]; /* the deck; the padding keeps gcc's bounds analysis of the unrolled tail quiet */
    ofc_rng g;
    ofc_rng_init(&g, seed, index);
    memcpy(deck, fresh_deck, OFC_DECK_SIZE);
    draw(&g, deck, total, deck_groups, where, o);
}

/* where[i]: the output byte of the deck's i-th card.  The top of the deck
 * goes round the table: first_round cards to each player, then rounds of
 * round_cards (the last may be short). */
static void deal_order(int players, int cards, int first_round, int round_cards, uint8_t *where)
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

#define DEAL_ALL(total, where) \
    for (int64_t d = 0; d < n; d++) deal_one(seed, (uint64_t)(index0 + d), total, where, out + (total) * d)

void ofc_deal_batch(uint64_t seed, int64_t index0, int64_t n, int players, int cards, int first_round,
                    int round_cards, uint8_t *out)
{
    uint8_t where[OFC_DECK_BUFFER]; /* a position per card of the deck; padded like deal_one's deck */
    int total = players * cards;
    deal_order(players, cards, first_round, round_cards, where);
    if (total == 26 && !memcmp(where, where_2_3, 26)) {
        DEAL_ALL(26, where_2_3);
    } else if (total == 39 && !memcmp(where, where_3_3, 39)) {
        DEAL_ALL(39, where_3_3);
    } else if (total == 26 && !memcmp(where, where_2_1, 26)) {
        DEAL_ALL(26, where_2_1);
    } else if (total == 39 && !memcmp(where, where_3_1, 39)) {
        DEAL_ALL(39, where_3_1);
    } else if (total == 52 && !memcmp(where, where_4_1, 52)) {
        DEAL_ALL(52, where_4_1);
    } else {
        for (int64_t d = 0; d < n; d++)
            deal_one(seed, (uint64_t)(index0 + d), total, where, out + (int64_t)total * d);
    }
}

void ofc_deal_jokers_batch(uint64_t seed, int64_t index0, int64_t n, int players, int cards, int first_round,
                           int round_cards, int jokers, uint8_t *out)
{
    if (jokers <= 0) {
        ofc_deal_batch(seed, index0, n, players, cards, first_round, round_cards, out);
        return;
    }
    uint8_t where[OFC_DECK_BUFFER];
    ofc_draw_group grp[(OFC_MAX_DECK + 2) / 3];
    int total = players * cards, size = OFC_DECK_WITH_JOKERS(jokers);
    deal_order(players, cards, first_round, round_cards, where);
    ofc_draw_groups(size, total, grp);
    for (int64_t d = 0; d < n; d++) {
        uint8_t deck[OFC_DECK_BUFFER];
        ofc_rng g;
        ofc_rng_init(&g, seed, (uint64_t)(index0 + d));
        memcpy(deck, fresh_deck, (size_t)size);
        draw(&g, deck, total, grp, where, out + (int64_t)total * d);
    }
}
