/* The random policy (ofc_play.h): a uniform legal placement each turn, a
 * uniform setting in Fantasyland; its play to the end of a hand
 * (ofc_policy_random_finish) and over a block of hands at a time
 * (ofc_random_turns, ofc_policy_random_block: the kernels of the sim layer).
 * random_turn is all of their work: it stays inline in each (one file). */
#include <string.h>
#include "ofc_play.h"
#include "ofc_policy_parts.h"

/* The number of legal placements of state s (tools/gen_tables.py, placements()). */
static inline uint32_t ways_of(int s)
{
    return (uint32_t)(ofc_place_start[s + 1] - ofc_place_start[s]);
}

/* A seat's rows as random_turn plays them, kept in locals over many turns:
 * the first free slot of each row (first[3]: a scratch byte for the positions
 * a turn leaves unused), the rooms as a state index (r0 * 36 + r1 * 6 + r2,
 * OFC_PLACE_STATE without the cards) and where its next discard goes. */
typedef struct seat_view {
    uint8_t *first[4];
    int rooms;
    uint8_t *discard;
    uint8_t scratch;
} seat_view;

static inline void view_load(ofc_game *g, int p, seat_view *v)
{
    const uint8_t *f = g->filled[p];
    for (int r = 0; r < 3; r++) v->first[r] = g->board[p] + OFC_ROW_START(r) + f[r];
    v->first[3] = &v->scratch;
    v->rooms = OFC_PLACE_STATE(0, 3 - f[0], 5 - f[1], 5 - f[2]);
    v->discard = g->discards[p] + g->ndiscards[p];
}

static inline void view_store(ofc_game *g, int p, const seat_view *v)
{
    for (int r = 0; r < 3; r++) g->filled[p][r] = (uint8_t)(v->first[r] - (g->board[p] + OFC_ROW_START(r)));
    g->ndiscards[p] = (int)(v->discard - g->discards[p]);
}

/* A seat plays its n held cards (m placed, the rest discarded) as a uniform
 * legal code would: a uniform set of discards, then a uniform index u below
 * the legal placements of the cards left, which ofc_place lists in the order
 * of the codes (card 0 top first).  With at most one discard (every preset)
 * one 32-bit draw picks both: the discard and u are the digits of a batched
 * Lemire draw (ofc_draw3).  The table entry gives each card its row and its
 * rank in that row this turn, so the cards go straight onto their slots, with
 * no chain from one card to the next.  held must have 8 readable bytes
 * (g->held, or g->deck with its padding). */
static OFC_ALWAYS_INLINE void random_turn(seat_view *v, const uint8_t *held, int n, int m, ofc_rng *rng)
{
    int d = n - m, s = OFC_PLACE_STATE(m, 0, 0, 0) + v->rooms;
    uint32_t w = ways_of(s), u;
    uint64_t cards; /* the cards placed, in order, a byte each */
    if (d <= 1) {
        uint32_t j[3];
        uint32_t h = ofc_rng_u32(rng), nd = d ? (uint32_t)n : 1u;
        while (!ofc_draw3(h, nd, w, 1u, j)) h = (uint32_t)ofc_rng_next(rng);
        u = j[1];
        /* with one discard, byte k of the held cards leaves and the bytes
         * above it move down one (no discard: k = 8, nothing moves) */
        unsigned k = d ? j[0] : 8u;
        uint64_t x, below = k < 8 ? ((uint64_t)1 << (8 * k)) - 1 : ~(uint64_t)0;
        memcpy(&x, held, 8);
        cards = (x & below) | ((x >> 8) & ~below);
        /* written always, counted only when there is a discard (no branch) */
        *v->discard = (uint8_t)(x >> (8 * (k & 7u)));
        v->discard += d;
    } else {
        uint32_t drop = 0;
        for (int x = 0; x < d; x++) { /* d distinct discards */
            int i;
            do i = (int)ofc_rng_below(rng, (uint32_t)n);
            while (drop >> i & 1u);
            drop |= 1u << i;
        }
        u = ofc_rng_below(rng, w);
        cards = 0;
        for (int i = 0, q = 0; i < n; i++) {
            if (drop >> i & 1u)
                *v->discard++ = held[i];
            else
                cards |= (uint64_t)held[i] << (8 * q++);
        }
    }
    uint32_t e = ofc_place[ofc_place_start[s] + u];
    /* two cards (every later turn of a preset) or five: a branch the
     * pattern of turns predicts */
    if (m == 2) {
        v->first[e & 3u][e >> 2 & 7u] = (uint8_t)cards;
        v->first[e >> 5 & 3u][e >> 7 & 7u] = (uint8_t)(cards >> 8);
    } else {
        for (int q = 0; q < 5; q++) {
            uint32_t x = e >> (5 * q);
            v->first[x & 3u][x >> 2 & 7u] = (uint8_t)(cards >> (8 * q));
        }
    }
    int top = (int)(e >> 25 & 3u), middle = (int)(e >> 27 & 7u), bottom = m - top - middle;
    v->first[0] += top;
    v->first[1] += middle;
    v->first[2] += bottom;
    v->rooms -= top * 36 + middle * 6 + bottom;
}

static void random_place(ofc_game *g, ofc_rng *rng)
{
    seat_view v;
    view_load(g, g->turn, &v);
    random_turn(&v, g->held, g->nheld, to_place(g), rng);
    view_store(g, g->turn, &v);
    ofc_game_end_turn(g);
}

/* A random board of 13 of the held cards (Fantasyland, random policy; the
 * solver's fallback). */
void ofc_pol_random_set(const ofc_game *g, ofc_rng *rng, uint8_t *board)
{
    uint8_t h[OFC_MAX_DECK];
    int n = g->nheld;
    memcpy(h, g->held, (size_t)n);
    for (int i = 0; i < OFC_BOARD_SIZE; i++) {
        int j = i + (int)ofc_rng_below(rng, (uint32_t)(n - i));
        uint8_t t = h[i];
        h[i] = h[j];
        h[j] = t;
        board[i] = h[i];
    }
}

/* The policy's turn (its registry entry, ofc_policies.c). */
int ofc_pol_random(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng)
{
    (void)rules;
    (void)params;
    if (g->fl_cards[g->turn]) {
        uint8_t board[OFC_BOARD_SIZE];
        ofc_pol_random_set(g, rng, board);
        return ofc_game_set(g, board);
    }
    random_place(g, rng);
    return OFC_GAME_OK;
}

void ofc_policy_random_finish(ofc_game *g, ofc_rng *rng)
{
    /* every turn a normal one: random_place's moves, each seat's rows kept in
     * locals and its cards read where they lie in the deck rather than
     * handed over */
    seat_view v[OFC_MAX_SEATS];
    for (int p = 0; p < g->players; p++) view_load(g, p, &v[p]);
    int step = g->step, pos = g->deck_pos;
    random_turn(&v[g->turn], g->held, g->nheld, to_place(g), rng);
    g->street[g->turn]++;
    for (step++; step < g->nturns; step++) {
        int p = g->schedule[step], first = g->street[p] == 0;
        int n = first ? g->first_round : g->round_cards;
        random_turn(&v[p], g->deck + pos, n, first ? g->first_round : g->round_play, rng);
        g->street[p]++;
        pos += n;
    }
    for (int p = 0; p < g->players; p++) view_store(g, p, &v[p]);
    g->step = g->nturns;
    g->turn = -1;
    g->nheld = 0;
    g->deck_pos = pos;
}

/* ---- random, a block of hands at a time ------------------------------------
 * ofc_policy_random_finish's moves for many hands at once: each step of the
 * loop plays one turn of every hand in the block, so the out-of-order core
 * overlaps the hands' independent chains (draw, table lookups, stores)
 * instead of waiting on one hand's.  The policy stream gives each turn one
 * 32-bit draw (ofc_rng_u32: the halves of each 64-bit output in turn) as long
 * as no batched draw is redrawn, so turn t's draw is a half of output t / 2,
 * computed straight from the stream's start; a hand whose draw would be
 * redrawn (2^32 mod the product of its bounds in 2^32: under 1 in 10^7
 * turns) is flagged for the caller to replay with ofc_policy_random_finish. */

int ofc_random_turns(const ofc_game *g, ofc_random_turn *t)
{
    int street[OFC_MAX_SEATS], k = 0, offset = 0;
    memcpy(street, g->street, sizeof street);
    for (int step = g->step; g->turn >= 0 && step < g->nturns; step++, k++) {
        int p = g->schedule[step], first = street[p] == 0;
        int n = step == g->step ? g->nheld : first ? g->first_round : g->round_cards;
        int m = first ? g->first_round : g->round_play;
        t[k] = (ofc_random_turn){(uint8_t)p, (uint8_t)offset, (uint8_t)n, (uint8_t)m};
        offset += n;
        street[p]++;
    }
    return k;
}

#if defined(_MSC_VER) && !defined(__clang__)
#define OFC_RESTRICT __restrict
#else
#define OFC_RESTRICT restrict
#endif

/* One turn of every hand: m cards placed of n (n - m <= 1), the draw h[i].
 * Everything a hand's turn reads is loaded before its bytes are stored (a
 * byte store may alias anything the compiler cannot tell apart). */
static OFC_ALWAYS_INLINE void random_block_turn(const int p, const int off, const int n, const int m,
                                                const int players, const int nhands,
                                                const uint8_t *OFC_RESTRICT decks, const int deck_stride,
                                                const uint32_t *OFC_RESTRICT h, uint8_t *OFC_RESTRICT boards,
                                                uint32_t *OFC_RESTRICT next, int16_t *OFC_RESTRICT rooms,
                                                uint8_t *OFC_RESTRICT redo)
{
    const int d = n - m, s0 = OFC_PLACE_STATE(m, 0, 0, 0);
    const uint32_t nd = d ? (uint32_t)n : 1u;
    for (int i = 0; i < nhands; i++) {
        const int k = players * i + p;
        const int room = rooms[k], s = s0 + room;
        const uint32_t slot = next[k], w = ways_of(s), prod = nd * w;
        const uint64_t m0 = (uint64_t)h[i] * nd, m1 = (uint64_t)(uint32_t)m0 * w;
        const uint32_t low = (uint32_t)m1;
        /* ofc_draw3(h, nd, w, 1): a redraw takes the stream off the plan */
        if (OFC_UNLIKELY(low < prod)) redo[i] |= low < (uint32_t)(-prod) % prod;
        const unsigned j = d ? (unsigned)(m0 >> 32) : 8u;
        uint64_t x;
        const uint64_t below = j < 8 ? ((uint64_t)1 << (8 * j)) - 1 : ~(uint64_t)0;
        memcpy(&x, decks + (size_t)deck_stride * i + off, 8);
        const uint64_t cards = (x & below) | ((x >> 8) & ~below);
        const uint32_t e = ofc_place[ofc_place_start[s] + (uint32_t)(m1 >> 32)];
        const uint32_t top = e >> 25 & 3u, middle = e >> 27 & 7u, bottom = (uint32_t)m - top - middle;
        next[k] = slot + top + (middle << 8) + (bottom << 16);
        rooms[k] = (int16_t)(room - (int)(top * 36 + middle * 6 + bottom));
        uint8_t *b = boards + OFC_BOARD_SIZE * k;
        for (int q = 0; q < m; q++) {
            const uint32_t y = e >> (5 * q);
            b[(slot >> (8 * (y & 3u)) & 0xFFu) + (y >> 2 & 7u)] = (uint8_t)(cards >> (8 * q));
        }
    }
}

void ofc_policy_random_block(const ofc_game *start, const ofc_random_turn *turns, int nturns, int nhands,
                             const uint8_t *decks, int deck_stride, const uint64_t *rng_state,
                             uint8_t *boards, uint8_t *redo)
{
    const int P = start->players;
    uint32_t h[OFC_RANDOM_BLOCK], hi[OFC_RANDOM_BLOCK], next[OFC_RANDOM_BLOCK * OFC_MAX_SEATS];
    int16_t rooms[OFC_RANDOM_BLOCK * OFC_MAX_SEATS];
    for (int i = 0; i < nhands; i++) {
        redo[i] = 0;
        for (int p = 0; p < P; p++) {
            const uint8_t *f = start->filled[p];
            memcpy(boards + OFC_BOARD_SIZE * (P * i + p), start->board[p], OFC_BOARD_SIZE);
            next[P * i + p] = (uint32_t)f[0] | (uint32_t)(OFC_ROW_START(1) + f[1]) << 8
                              | (uint32_t)(OFC_ROW_START(2) + f[2]) << 16;
            rooms[P * i + p] = (int16_t)OFC_PLACE_STATE(0, 3 - f[0], 5 - f[1], 5 - f[2]);
        }
    }
    for (int t = 0; t < nturns; t++) {
        /* turn t's draw: the low half of output t / 2 of the stream, then its high half */
        if (t % 2 == 0) {
            uint64_t add = (uint64_t)(t / 2 + 1) * 0x9E3779B97F4A7C15ull;
            for (int i = 0; i < nhands; i++) {
                uint64_t x = ofc_mix64(rng_state[i] + add);
                h[i] = (uint32_t)x;
                hi[i] = (uint32_t)(x >> 32);
            }
        }
        const uint32_t *draw = t % 2 ? hi : h;
        const ofc_random_turn *tt = turns + t;
        /* the usual turns with constant counts, so the card loop unrolls */
#define OFC_BLOCK_TURN(N, M)                                                                                \
    random_block_turn(tt->seat, tt->offset, N, M, P, nhands, decks, deck_stride, draw, boards, next, rooms, \
                      redo)
        if (tt->cards == 3 && tt->place == 2)
            OFC_BLOCK_TURN(3, 2);
        else if (tt->cards == 5 && tt->place == 5)
            OFC_BLOCK_TURN(5, 5);
        else if (tt->cards == 1 && tt->place == 1)
            OFC_BLOCK_TURN(1, 1);
        else
            OFC_BLOCK_TURN(tt->cards, tt->place);
#undef OFC_BLOCK_TURN
    }
}
