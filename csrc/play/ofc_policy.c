/* The policies: how a seat chooses and plays its turn (random, greedy,
 * heuristic), and
 * the registry that names them (ofc_play.h).  A new policy is one function
 * here and one entry of ofc_policies. */
#include <math.h>
#include <string.h>
#include "ofc_play.h"
#include "ofc_policy_tables.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Cards the seat to act must place this turn. */
static int to_place(const ofc_game *g)
{
    return g->street[g->turn] == 0 ? g->first_round : g->round_play;
}

/* ---- random ------------------------------------------------------------- */

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

/* A random board of 13 of the held cards (Fantasyland, random policy). */
static void random_set(const ofc_game *g, ofc_rng *rng, uint8_t *board)
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

/* ---- jokers (docs/VARIANTS.md, "Jokers") -----------------------------------
 * The greedy and heuristic policies read a row holding a joker as the row
 * with each joker replaced by a natural stand-in: in a complete row the
 * cards that make it strongest (its value is then the joker row's), in a row
 * still filling another card of its largest group (the highest such rank; an
 * ace in a row of jokers only) in the suit the row holds most of, so made
 * pairs, trips and draws count the joker.  A stand-in may repeat a card of
 * the row: only a row's counts of ranks and suits read it. */
static void wild_row(uint8_t *c, int n, int size)
{
    int nj = 0, count[OFC_RANKS] = {0}, suits[OFC_SUITS] = {0};
    uint64_t own = 0;
    for (int i = 0; i < n; i++) {
        if (c[i] >= OFC_JOKER1) {
            nj++;
            continue;
        }
        count[c[i] >> 2]++;
        suits[c[i] & 3]++;
        own |= (uint64_t)1 << c[i];
    }
    if (!nj) return;
    int j[2] = {-1, -1};
    for (int i = 0, k = 0; i < n; i++)
        if (c[i] >= OFC_JOKER1) j[k++] = i;
    if (n == size) { /* complete: the strongest natural cards (a joker never copies one of its row) */
        unsigned best = 0;
        uint8_t x[5], pick[2] = {0, 0};
        memcpy(x, c, (size_t)n);
        for (unsigned a = 0; a < OFC_DECK_SIZE; a++) {
            if (own >> a & 1u) continue;
            x[j[0]] = (uint8_t)a;
            for (unsigned b = nj == 2 ? a + 1 : 0; b < (nj == 2 ? OFC_DECK_SIZE : 1u); b++) {
                if (nj == 2) {
                    if (own >> b & 1u) continue;
                    x[j[1]] = (uint8_t)b;
                }
                unsigned v = size == OFC_TOP_SIZE ? ofc_strength3_unchecked(x[0], x[1], x[2])
                                                  : ofc_strength5_unchecked(x[0], x[1], x[2], x[3], x[4]);
                if (v > best) {
                    best = v;
                    pick[0] = (uint8_t)a;
                    pick[1] = (uint8_t)b;
                }
            }
        }
        c[j[0]] = pick[0];
        if (nj == 2) c[j[1]] = pick[1];
        return;
    }
    int rank = OFC_RANKS - 1, suit = 0;
    for (int k = OFC_RANKS - 1, most = 0; k >= 0; k--)
        if (count[k] > most) {
            most = count[k];
            rank = k;
        }
    for (int t = 1; t < OFC_SUITS; t++)
        if (suits[t] > suits[suit]) suit = t;
    for (int k = 0; k < nj; k++) c[j[k]] = (uint8_t)(4 * rank + suit);
}

/* A board's rows through wild_row (rows fill left to right). */
static void wild_board(const uint8_t *b, uint8_t *out)
{
    memcpy(out, b, OFC_BOARD_SIZE);
    for (int r = 0; r < 3; r++) {
        int n = 0;
        while (n < OFC_ROW_SIZE(r) && out[OFC_ROW_START(r) + n] != OFC_EMPTY) n++;
        wild_row(out + OFC_ROW_START(r), n, OFC_ROW_SIZE(r));
    }
}

/* 1 when the held cards include a joker. */
static int holds_joker(const ofc_game *g)
{
    for (int i = 0; i < g->nheld; i++)
        if (g->held[i] >= OFC_JOKER1) return 1;
    return 0;
}

/* ---- greedy ----------------------------------------------------------------
 * One step of look-ahead: the heuristic policy's few best placements
 * (below) are each scored by a hand-made value of the board it makes plus a
 * sampled outlook, and a placement after
 * which every completion fouls (ofc_partial_can_avoid_foul over the cards the
 * seat cannot see) is taken only when all are.  The value: royalties of
 * complete rows, made pairs and trips, flush and straight draws in the 5-card
 * rows (Low: low, unpaired cards in the middle), a bonus for a Fantasyland
 * top, and a penalty for a top that outranks what the middle holds so far.
 * The outlook: the board completed a few dozen times (the seat's later turns
 * dealt from the unseen cards and played by the heuristic policy), scored by
 * how often that fouls and what it earns. */

/* Value of the placed cards of one row (len = its slots). */
/* Low: the cost of a card of ten or below on the top or bottom (tuned on
 * heads-up greedy self-play: 0 fouls 59% of boards, 1.0 20%, 3.0 6% with
 * 2.8 royalties a board, 5.0 4.5% with fewer royalties) */
static const double low_spent = 3.0;

static double row_score(const uint8_t *count, int n, int lo, int hi, unsigned multi, int msuit, int r,
                        int low, double *bottom);
static inline int lowest_bit(unsigned x);

static double row_heuristic(const uint8_t *row, int len, int r, int low)
{
    uint8_t count[OFC_RANKS] = {0};
    int suits[OFC_SUITS] = {0}, n = 0, lo = OFC_RANKS, hi = -1;
    unsigned multi = 0;
    for (int i = 0; i < len; i++) {
        if (row[i] == OFC_EMPTY) continue;
        int k = row[i] >> 2;
        count[k]++;
        suits[row[i] & 3]++;
        n++;
        if (k < lo) lo = k;
        if (k > hi) hi = k;
        if (count[k] == 2) multi |= 1u << k;
    }
    int msuit = 0;
    for (int x = 0; x < 4; x++) msuit = suits[x] > msuit ? suits[x] : msuit;
    return row_score(count, n, lo, hi, multi, msuit, r, low, NULL);
}

/* row_heuristic from the row's counts of each rank, its card count, its
 * lowest and highest rank, the ranks it holds twice or more (a bit each) and
 * the most cards it holds of one suit (the heuristic policy counts once for
 * several uses).  bottom (a high variant's middle only; NULL: none): the
 * value of the same cards on the bottom, in the same pass. */
static double row_score(const uint8_t *count, int n, int lo, int hi, unsigned multi, int msuit, int r,
                        int low, double *bottom)
{
    if (!n) {
        if (bottom) *bottom = 0.0;
        return 0.0;
    }
    double v = 0.0, vb = 0.0;
    int paired = multi != 0;
    for (; multi; multi &= multi - 1) { /* by rank, the lowest first */
        int k = lowest_bit(multi);
        if (count[k] == 2) {
            v += r == 0 ? (k >= 10 ? 3.0 : 0.5) : (r == 2 ? 1.2 : 1.0) + k / 12.0;
            vb += 1.2 + k / 12.0;
        } else if (count[k] == 3) {
            v += r == 0 ? 12.0 + k : 4.0;
            vb += 4.0;
        } else {
            v += 10.0;
            vb += 10.0;
        }
    }
    if (r == 1 && low) {
        /* a live low (docs/RULES.md section 9): five different ranks, none
         * above a ten (rank 8), no straight, no flush.  A card above a ten
         * or a pair kills the middle now: a sure foul */
        if (hi > 8 || paired) return -100.0;
        /* progress (cards placed), the lower the better (royalties by the
         * highest rank), and the risks of a flush or a straight */
        double w = 1.0 * n - 0.6 * hi;
        if (msuit == n && n >= 3) w -= 2.0 * (n - 2);
        if (n >= 3 && hi - lo == n - 1) w -= 1.5 * (n - 2); /* consecutive so far */
        if (n == 5 && (msuit == 5 || hi - lo == 4)) return -100.0;
        return w;
    }
    if (low) {
        /* Low: the middle needs five different ranks of ten or below; such a
         * card spent on the top or bottom is one the middle may miss */
        int spent = 0;
        for (int k = 0; k <= 8; k++) spent += count[k];
        v -= low_spent * spent;
    }
    if (r == 0) {
        /* an unpaired high top spends a high card (not in Low, where high
         * cards are the ones the middle cannot use) */
        if (!paired && n && !low) v -= 0.15 * hi;
        return v;
    }
    if (msuit == n && n >= 2) {
        v += (r == 2 ? 0.9 : 0.6) * (n - 1);
        vb += 0.9 * (n - 1);
    }
    if (!paired && n >= 2 && hi - lo <= 4) {
        v += (r == 2 ? 0.5 : 0.35) * (n - 1);
        vb += 0.5 * (n - 1);
    }
    if (bottom) *bottom = vb;
    return v;
}

/* Made-hand level of the placed cards of a row: the category so far (0 high
 * card, 1 pair, 2 two pair, 3 trips, 6 full house, 7 quads) plus the rank
 * of its best group / 13. */
static double level_of(const uint8_t *count);

static double row_level(const uint8_t *row, int len)
{
    uint8_t count[OFC_RANKS] = {0};
    for (int i = 0; i < len; i++)
        if (row[i] != OFC_EMPTY) count[row[i] >> 2]++;
    return level_of(count);
}

/* row_level from the row's count of each rank. */
static double level_of(const uint8_t *count)
{
    int pairs = 0, trips = 0, quads = 0, best = -1, hi = -1;
    for (int k = 0; k < OFC_RANKS; k++) {
        if (count[k]) hi = k;
        if (count[k] == 2) {
            pairs++;
            best = k;
        }
        if (count[k] == 3) {
            trips++;
            best = k;
        }
        if (count[k] == 4) {
            quads++;
            best = k;
        }
    }
    if (hi < 0) return 0.0;
    double cat = quads ? 7 : (trips && pairs) ? 6 : trips ? 3 : pairs >= 2 ? 2 : pairs ? 1 : 0;
    return cat + (best >= 0 ? best : hi) / (double)OFC_RANKS;
}

static double board_heuristic(const uint8_t *b, const ofc_rules *rules)
{
    int low = rules->middle_live != 0;
    double v = 0.0;
    int8_t need[3];
    uint16_t value[3];
    ofc_partial_needed(b, need);
    ofc_partial_values(b, rules, value);
    for (int r = 0; r < 3; r++) {
        if (!need[r]) {
            uint32_t info = rules->row_info[r][value[r]];
            v += OFC_ROYALTY(info) + row_heuristic(b + OFC_ROW_START(r), OFC_ROW_SIZE(r), r, low)
                 + value[r] * 1e-5;
            if (r == 0 && OFC_ENTRY(info)) v += 8.0; /* Fantasyland on top */
        } else {
            v += row_heuristic(b + OFC_ROW_START(r), OFC_ROW_SIZE(r), r, low);
        }
    }
    /* rows out of order so far (what the cards placed make, whatever the
     * empty slots may bring): a steep penalty, since a foul costs far more
     * than the royalties a greedier placement chases (weight tuned on
     * self-play before the outlook: 10% fouls heads-up in Pineapple) */
    double lt = row_level(b + OFC_ROW_START(0), OFC_ROW_SIZE(0)),
           lm = row_level(b + OFC_ROW_START(1), OFC_ROW_SIZE(1)),
           lb = row_level(b + OFC_ROW_START(2), OFC_ROW_SIZE(2));
    if (!low) {
        if (lt > lm) v -= 20.0 * (lt - lm);
        if (lm > lb) v -= 20.0 * (lm - lb);
    } else if (lt > lb) {
        v -= 20.0 * (lt - lb);
    }
    return v;
}

/* Bit tricks (lowest_bit: a plain loop where the compiler has no builtin). */
static inline int bit_count(uint64_t x)
{
    /* by halves, nibbles and bytes (no popcnt instruction is assumed) */
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

static inline int lowest_bit(unsigned x) /* x != 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#else
    int k = 0;
    while (!((x >> k) & 1u)) k++;
    return k;
#endif
}

static inline int lowest_bit64(uint64_t x) /* x != 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int k = 0;
    while (!((x >> k) & 1u)) k++;
    return k;
#endif
}

/* The cards the seat to act cannot see, a bit each. */
static uint64_t unseen_mask(const ofc_game *g)
{
    uint64_t seen = 0;
    int p = g->turn;
    for (int q = 0; q < g->players; q++) {
        if (q != p && g->fl_cards[q]) continue; /* a Fantasyland board stays hidden */
        for (int i = 0; i < OFC_BOARD_SIZE; i++)
            if (g->board[q][i] != OFC_EMPTY) seen |= (uint64_t)1 << g->board[q][i];
    }
    for (int i = 0; i < g->ndiscards[p]; i++) seen |= (uint64_t)1 << g->discards[p][i];
    for (int i = 0; i < g->nheld; i++) seen |= (uint64_t)1 << g->held[i];
    return ~seen & (~(uint64_t)0 >> (64 - ofc_game_deck_size(g)));
}

/* The cards the seat to act cannot see, in order. */
static int unseen_pool(const ofc_game *g, uint8_t *pool)
{
    uint64_t unseen = unseen_mask(g);
    int n = 0;
    for (; unseen; unseen &= unseen - 1) pool[n++] = (uint8_t)lowest_bit64(unseen);
    return n;
}

/* The outlook (weights tuned on heads-up greedy self-play with random fills,
 * each against the greedy without it: +1.4 points a hand in Original, +0.8
 * in Pineapple, +0.4 in Low; fouls 33% -> 6% in Original, 10% -> 1.4% in
 * Pineapple) */
enum { OUTLOOK_FILLS = 32 };
static const double outlook_foul = 10.0, outlook_earned = 2.0, outlook_fantasyland = 8.0;

/* The heuristic policy with its own weights (below): its choice, and its k
 * best placements (codes, best first; returns how many). */
static unsigned heuristic_default_code(const ofc_game *g, const ofc_rules *rules);
static int heuristic_shortlist(const ofc_game *g, const ofc_rules *rules, int k, uint16_t *best);
/* greedy looks ahead from the heuristic's best few placements only (the
 * completions cost a heuristic turn each of the seat's turns left) */
enum { GREEDY_SHORTLIST = 8 };

/* Counts a completed board f: a foul, or what it earns (royalties and the
 * Fantasyland bonus). */
static void outlook_add(const uint8_t *f, const ofc_game *g, const ofc_rules *rules, int *fouls,
                        double *earned)
{
    ofc_board_result res;
    if (OFC_UNLIKELY(g->jr.jokers)) { /* a deck with jokers: the board layer resolves them */
        uint8_t card[2], natural[3];
        ofc_board_eval_jokers(f, 0, 0, rules, &g->jr, &res, card, natural);
    } else {
        ofc_board_eval(f, 0, rules, &res);
    }
    if (res.fouled)
        (*fouls)++;
    else
        *earned +=
            res.royalty[0] + res.royalty[1] + res.royalty[2] + (res.fantasyland ? outlook_fantasyland : 0.0);
}

/* OUTLOOK_FILLS completions of the seat's board after placement `code` of g
 * (board b, at least one empty slot; jokers resolved as the deck's rules say): the seat's turns left dealt from a
 * shuffle of the pool and played by the heuristic policy where those turns
 * fill the board exactly (every preset's hand), else the empty slots filled
 * at random from the pool.  -outlook_foul x the share that foul, plus
 * outlook_earned x the mean of what the others earn. */
static double outlook(const ofc_game *g, unsigned code, const uint8_t *b, const uint8_t *pool, int npool,
                      const ofc_rules *rules, ofc_rng *rng)
{
    uint8_t deck[OFC_MAX_DECK];
    int fouls = 0, p = g->turn, empties = 0;
    double earned = 0.0;
    for (int i = 0; i < OFC_BOARD_SIZE; i++) empties += b[i] == OFC_EMPTY;
    int turns = g->rounds - g->street[p], n = g->round_cards;
    memcpy(deck, pool, (size_t)npool);
    if (turns > 0 && turns * g->round_play == empties && turns * n <= npool && n <= OFC_MAX_HELD) {
        /* the seat's later turns on a copy of the hand: its board, its
         * discards (this turn's too) and the cards each turn deals it */
        ofc_game s = *g;
        uint8_t filled[3];
        int nd = g->ndiscards[p];
        for (int i = 0; i < g->nheld; i++)
            if ((code >> (2 * i) & 3u) == 3u) s.discards[p][nd++] = g->held[i];
        for (int r = 0; r < 3; r++) {
            filled[r] = 0;
            while (filled[r] < OFC_ROW_SIZE(r) && b[OFC_ROW_START(r) + filled[r]] != OFC_EMPTY) filled[r]++;
        }
        for (int x = 0; x < OUTLOOK_FILLS; x++) {
            memcpy(s.board[p], b, OFC_BOARD_SIZE);
            memcpy(s.filled[p], filled, 3);
            s.ndiscards[p] = nd;
            for (int t = 0, k = 0; t < turns; t++) {
                /* a partial Fisher-Yates over the deck as the last fill left it */
                for (int i = 0; i < n; i++, k++) {
                    int j = k + (int)ofc_rng_below(rng, (uint32_t)(npool - k));
                    uint8_t c = deck[j];
                    deck[j] = deck[k];
                    deck[k] = c;
                    s.held[i] = c;
                }
                s.nheld = n;
                s.street[p] = g->street[p] + 1 + t;
                unsigned h = heuristic_default_code(&s, rules);
                for (int i = 0; i < n; i++) {
                    unsigned d = h >> (2 * i) & 3u;
                    if (d == 3)
                        s.discards[p][s.ndiscards[p]++] = s.held[i];
                    else
                        s.board[p][OFC_ROW_START(d) + s.filled[p][d]++] = s.held[i];
                }
            }
            outlook_add(s.board[p], g, rules, &fouls, &earned);
        }
    } else {
        for (int x = 0; x < OUTLOOK_FILLS; x++) {
            uint8_t f[OFC_BOARD_SIZE];
            int k = 0;
            /* a partial Fisher-Yates over the deck as the last fill left it:
             * uniform whatever its order */
            for (int i = 0; i < OFC_BOARD_SIZE; i++) {
                f[i] = b[i];
                if (b[i] != OFC_EMPTY) continue;
                int j = k + (int)ofc_rng_below(rng, (uint32_t)(npool - k));
                uint8_t t = deck[j];
                deck[j] = deck[k];
                deck[k++] = t;
                f[i] = t;
            }
            outlook_add(f, g, rules, &fouls, &earned);
        }
    }
    return (outlook_earned * earned - outlook_foul * fouls) / OUTLOOK_FILLS;
}

static unsigned greedy_code(const ofc_game *g, const ofc_rules *rules, ofc_rng *rng)
{
    uint8_t pool[OFC_MAX_DECK];
    uint16_t shortlist[GREEDY_SHORTLIST];
    int npool = unseen_pool(g, pool), nshort = heuristic_shortlist(g, rules, GREEDY_SHORTLIST, shortlist);
    const ofc_joker_rules *jr = g->jr.jokers ? &g->jr : NULL; /* a deck with jokers */
    unsigned best = 0;
    double best_v = -1e300;
    for (int x = 0; x < nshort; x++) {
        unsigned c = shortlist[x];
        uint8_t b[OFC_BOARD_SIZE];
        uint8_t filled[3];
        memcpy(b, g->board[g->turn], OFC_BOARD_SIZE);
        memcpy(filled, g->filled[g->turn], 3);
        for (int i = 0; i < g->nheld; i++) {
            unsigned d = (c >> (2 * i)) & 3u;
            if (d < 3) b[OFC_ROW_START(d) + filled[d]++] = g->held[i];
        }
        double v;
        if (OFC_UNLIKELY(jr != NULL)) {
            uint8_t wild[OFC_BOARD_SIZE];
            wild_board(b, wild);
            v = board_heuristic(wild, rules);
        } else {
            v = board_heuristic(b, rules);
        }
        /* late in the hand, an exact check that some completion avoids the
         * foul (bounded: when the search runs out the placement counts as safe) */
        int empties = 0;
        for (int i = 0; i < OFC_BOARD_SIZE; i++) empties += b[i] == OFC_EMPTY;
        if (empties <= 4 && ofc_partial_can_avoid_foul_jokers(b, pool, npool, 0, rules, jr, 20000) == 0)
            v -= 1000.0;
        if (empties > 0 && empties <= npool) v += outlook(g, c, b, pool, npool, rules, rng);
        v += (ofc_rng_u32(rng) >> 8) * 1e-12; /* ties broken at random */
        if (v > best_v) {
            best_v = v;
            best = c;
        }
    }
    return best;
}

/* Fantasyland: the exact solver on up to 17 cards (beyond that, the first 17). */
static void greedy_set(const ofc_game *g, const ofc_rules *rules, ofc_rng *rng, uint8_t *board)
{
    ofc_fantasyland_result res;
    int n = g->nheld < 17 ? g->nheld : 17;
    /* a hand holding a joker: the solver that resolves it as the board layer does */
    int err = OFC_UNLIKELY(g->jr.jokers && holds_joker(g))
                  ? ofc_solve_fantasyland_jokers(g->held, n, rules, &g->jr, 10.0, &res)
                  : ofc_solve_fantasyland(g->held, n, rules, 10.0, &res);
    if (err == 0) {
        memcpy(board, res.board, OFC_BOARD_SIZE);
    } else {
        random_set(g, rng, board);
    }
}

static int random_policy(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng)
{
    (void)rules;
    (void)params;
    if (g->fl_cards[g->turn]) {
        uint8_t board[OFC_BOARD_SIZE];
        random_set(g, rng, board);
        return ofc_game_set(g, board);
    }
    random_place(g, rng);
    return OFC_GAME_OK;
}

static int greedy_policy(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng)
{
    (void)params;
    if (g->fl_cards[g->turn]) {
        uint8_t board[OFC_BOARD_SIZE];
        greedy_set(g, rules, rng, board);
        return ofc_game_set(g, board);
    }
    return ofc_game_apply(g, greedy_code(g, rules, rng));
}

/* ---- heuristic ---------------------------------------------------------------
 * Every legal placement scored by a static outlook of the board it makes, no
 * sampling: each row's chances of ending at each category when its empty
 * slots are filled from the unseen cards (the pairing categories from the
 * generated row potentials, tools/gen_policy_tables.py; flushes and
 * straights from the live cards of a suit or a rank), and from them the
 * chance the board fouls (a row beating the one below it; in Low also a dead
 * middle), its expected royalties and its chance of Fantasyland.  A row's
 * outlook depends only on its cards, so a turn works out each row with each
 * subset of the held cards once and scores a placement from three of them.
 * Fantasyland: the exact solver, as greedy. */

enum { HEURISTIC_PARAMS = 9 };
static const char *const heuristic_names[HEURISTIC_PARAMS] = {
    "foul", "royalty", "fantasyland", "strength", "rank", "low_spent", "tie", "shape", "order",
};
/* tuned by heads-up play against greedy in Pineapple, Original and Low, 3000 hands each
 * (python tools/tune_policy.py tune --against greedy --rules pineapple,original,low
 * --hands 3000 --rounds 2, from foul 30 and royalty 1) */
static const double heuristic_weights[HEURISTIC_PARAMS] = {
    20.1, 2.25, 8.0, 0.5, 0.5, 3.0, 3.0, 1.0, 0.0,
};
enum { W_FOUL, W_ROYALTY, W_FANTASYLAND, W_STRENGTH, W_RANK, W_LOW_SPENT, W_TIE, W_SHAPE, W_ORDER };

/* The categories of a row's outlook: the pairing ones, straight and flush
 * between them as in ofc_category, straight flushes counted as quads. */
enum { C_HIGH, C_PAIR, C_TWO_PAIR, C_TRIPS, C_STRAIGHT, C_FLUSH, C_FULL, C_QUADS, NCAT };

typedef struct row_outlook {
    float p[NCAT];      /* chance of ending at each category */
    float category;     /* the expected category (0..1) */
    double solo;        /* the terms of the value that depend on this row alone */
    float rank;         /* for ties within a pairing category: the (likely) rank of the pair */
    float high;         /* for ties of high cards: the (likely) highest rank */
    float royalty;      /* expected royalties */
    float fl;           /* top: chance of qualifying for Fantasyland */
    float live;         /* a Low middle: chance it ends live (1 elsewhere) */
    float spent;        /* Low: cards of ten or below spent on the top or bottom */
    float shape;        /* greedy's value of the cards placed (made pairs and trips, draws) */
    float shape_bottom; /* a high variant's middle: shape of the same cards on the bottom */
    float level;        /* greedy's made-hand level of the cards placed (row_level) */
    int complete;
    uint16_t value; /* complete: the row's value */
    /* p side by side with the chance of ending under each category (below),
     * as beats2 reads them: the row as the upper one (p, p), as the
     * lower one (below, p) */
    float upper[NCAT][2], lower[NCAT][2];
} row_outlook;

/* What a turn's scoring knows: the unseen cards and what the rules pay. */
typedef struct heuristic_ctx {
    const ofc_rules *rules;
    const double *w;
    float slope; /* beats: how the chance of winning a tie grows with the rank ahead */
    int low, npool;
    int live_rank[OFC_RANKS], live_suit[OFC_SUITS];
    float top_pair[OFC_RANKS], top_trips[OFC_RANKS];       /* royalties */
    float top_pair_fl[OFC_RANKS], top_trips_fl[OFC_RANKS]; /* 1: enters Fantasyland */
    float top_pair_mean, top_pair_fl_mean;                 /* over the ranks */
    float row5[3][NCAT];                                   /* royalties of the middle and bottom */
    float most[OFC_ROW5_SIZE + 1]; /* [empty slots]: the likely highest rank the fills bring */
} heuristic_ctx;

static const int category_of[10] = {C_HIGH,  C_PAIR, C_TWO_PAIR, C_TRIPS, C_STRAIGHT,
                                    C_FLUSH, C_FULL, C_QUADS,    C_QUADS, C_QUADS};

static void heuristic_init(heuristic_ctx *c, const ofc_game *g, const ofc_rules *rules, const double *w)
{
    c->rules = rules;
    c->w = w;
    c->slope = (float)w[W_TIE] / OFC_RANKS;
    c->low = rules->middle_live != 0;
    c->top_pair_mean = c->top_pair_fl_mean = 0.0f;
    for (int e = 0; e <= OFC_ROW5_SIZE; e++) c->most[e] = (OFC_RANKS - 1) * (float)e / (e + 1);
    /* the unseen cards counted by rank (card 4k + s) and by suit; an unseen
     * joker is wild: a live card of every rank and suit */
    uint64_t unseen = unseen_mask(g), clubs = 0;
    for (int k = 0; k < OFC_RANKS; k++) clubs |= (uint64_t)1 << (4 * k);
    int wild = bit_count(unseen >> OFC_JOKER1);
    c->npool = bit_count(unseen);
    /* each rank's four cards counted at once: nibble k of by_rank */
    uint64_t by_rank = unseen - (unseen >> 1 & 0x5555555555555555ull);
    by_rank = (by_rank & 0x3333333333333333ull) + (by_rank >> 2 & 0x3333333333333333ull);
    for (int k = 0; k < OFC_RANKS; k++) c->live_rank[k] = (int)(by_rank >> (4 * k) & 0xFu) + wild;
    for (int x = 0; x < OFC_SUITS; x++) c->live_suit[x] = bit_count(unseen & clubs << x) + wild;
    for (int r = 0; r < OFC_RANKS; r++) {
        unsigned k = r ? 0u : 1u; /* the lowest other rank as kicker */
        uint32_t pair = rules->row_info[0][ofc_strength3_unchecked(4u * r, 4u * r + 1, 4u * k + 2)];
        uint32_t trips = rules->row_info[0][ofc_strength3_unchecked(4u * r, 4u * r + 1, 4u * r + 2)];
        c->top_pair[r] = (float)OFC_ROYALTY(pair);
        c->top_trips[r] = (float)OFC_ROYALTY(trips);
        c->top_pair_fl[r] = OFC_ENTRY(pair) ? 1.0f : 0.0f;
        c->top_trips_fl[r] = OFC_ENTRY(trips) ? 1.0f : 0.0f;
        c->top_pair_mean += c->top_pair[r] / OFC_RANKS;
        c->top_pair_fl_mean += c->top_pair_fl[r] / OFC_RANKS;
    }
    /* a representative hand of each category (royalties of 5-card rows go by category) */
    static const uint8_t hands[NCAT][5] = {
        {0, 9, 18, 27, 32},   /* T-8-6-4-2 */
        {20, 21, 2, 11, 28},  /* 7-7-9-4-2 */
        {20, 21, 10, 11, 28}, /* 7-7-4-4-9 */
        {20, 21, 22, 3, 28},  /* 7-7-7-9-2 */
        {12, 17, 22, 27, 28}, /* 9-8-7-6-5 */
        {0, 8, 16, 24, 32},   /* T-8-6-4-2 of clubs */
        {20, 21, 22, 11, 8},  /* 7-7-7-4-4 */
        {20, 21, 22, 23, 0},  /* 7-7-7-7-2 */
    };
    for (int k = 0; k < NCAT; k++) {
        const uint8_t *h = hands[k];
        uint16_t v = ofc_strength5_unchecked(h[0], h[1], h[2], h[3], h[4]);
        for (int r = 1; r < 3; r++)
            c->row5[r][k] = (r == 1 && c->low) ? 0.0f : (float)OFC_ROYALTY(rules->row_info[r][v]);
    }
}

/* Chance that e cards drawn from the unseen ones hold at least one of `live` given cards. */
static inline float hit(const heuristic_ctx *c, int live, int e)
{
    int n = c->npool;
    if (e <= 0 || live <= 0 || n < e) return 0.0f;
    return (float)(1.0 - ofc_pol_choose[n - live][e] / ofc_pol_choose[n][e]);
}

/* What a row's outlook reads of its cards, counted card by card (a turn
 * counts each subset of the held cards from a smaller one). */
typedef struct row_cards {
    uint8_t count[OFC_RANKS], suits[OFC_SUITS]; /* (bytes: a turn copies these counts often) */
    uint8_t groups[6];                          /* ranks held 1..4 times (groups[0]: unused; 5: a stand-in) */
    int n, hi, lo, lows, sum; /* cards; highest and lowest rank; ranks <= ten; sum of ranks held once */
    int best, bestn;          /* the highest rank held most often (twice or more; -1: none), how often */
    unsigned ranks, multi;    /* the ranks held, and held twice or more, a bit each */
    int msuit;                /* the most cards of one suit */
} row_cards;

static const row_cards no_cards = {{0}, {0}, {0}, 0, -1, OFC_RANKS, 0, 0, -1, 0, 0, 0, 0};

static inline void row_cards_add(row_cards *x, unsigned card)
{
    int k = (int)(card >> 2), was = x->count[k];
    x->count[k] = was + 1;
    int su = ++x->suits[card & 3];
    x->msuit = su > x->msuit ? su : x->msuit;
    x->groups[was]--;
    x->groups[was + 1]++;
    x->n++;
    x->sum += k * ((was == 0) - (was == 1));
    x->multi |= (unsigned)(was > 0) << k;
    x->ranks |= 1u << k;
    x->hi = k > x->hi ? k : x->hi;
    x->lo = k < x->lo ? k : x->lo;
    x->lows += k <= 8;
    if (was > 0 && (was + 1 > x->bestn || (was + 1 == x->bestn && k > x->best))) {
        x->best = k;
        x->bestn = was + 1;
    }
}

/* The outlook of row r holding `cards` (n of them, counted in x). */
static void row_outlook_of(const heuristic_ctx *c, int r, const uint8_t *cards, int n, const row_cards *x,
                           row_outlook *o)
{
    int size = OFC_ROW_SIZE(r), e = size - n;
    const uint8_t *count = x->count, *suits = x->suits;
    int hi = x->hi, lo = x->lo, best = x->best, lows = x->lows, sum = x->sum;
    unsigned ranks = x->ranks, multi = x->multi;
    for (int k = 0; k < NCAT; k++) o->p[k] = 0.0f;
    o->royalty = o->fl = o->spent = o->level = 0.0f;
    o->live = 1.0f;
    o->complete = 0;
    o->value = 0;

    /* with the same cards as a high variant's bottom (bottom_from_middle) */
    double shape_bottom = 0.0;
    o->shape = (float)row_score(count, n, lo, hi, multi, x->msuit, r, c->low,
                                r == 1 && !c->low ? &shape_bottom : NULL);
    if (r == 1 && !c->low) o->shape_bottom = (float)shape_bottom;
    if (c->w[W_ORDER] != 0.0) o->level = (float)level_of(count);
    int n1 = x->groups[1], n2 = x->groups[2], n3 = x->groups[3], n4 = x->groups[4];
    /* the rank of the pair when the row ends paired: made, else one of its ranks pairing
     * up or a fresh pair; the highest card of a high-card row: its own or the fills' */
    o->rank = best >= 0 ? (float)best : 6.0f;
    o->high = hi;
    if (e > 0) {
        float most = c->most[e];
        if (most > o->high) o->high = most;
    }
    if (c->low && r != 1) o->spent = (float)lows;
    if (e == 0) {
        uint16_t v;
        o->complete = 1;
        if (r == 0) {
            v = ofc_strength3_unchecked(cards[0], cards[1], cards[2]);
        } else if (r == 1 && c->low) {
            v = ofc_lowball27_unchecked(cards[0], cards[1], cards[2], cards[3], cards[4]);
            o->live = c->rules->middle_live[v] ? 1.0f : 0.0f;
        } else {
            v = ofc_strength5_unchecked(cards[0], cards[1], cards[2], cards[3], cards[4]);
        }
        o->value = v;
        uint32_t info = c->rules->row_info[r][v];
        o->royalty = (float)OFC_ROYALTY(info);
        if (r == 0) o->fl = OFC_ENTRY(info) ? 1.0f : 0.0f;
        if (!(r == 1 && c->low)) o->p[category_of[ofc_strength_category(v)]] = 1.0f;
        return;
    }
    if (r == 1 && c->low) {
        /* a live low: e more ranks of ten or below, none held yet (straights
         * and flushes left to the late exact check) */
        if (hi > 8 || n2 + n3 + n4) {
            o->live = 0.0f;
            return;
        }
        int free = 0, good = 0;
        for (int k = 0; k <= 8; k++)
            if (!count[k]) {
                free++;
                good += c->live_rank[k];
            }
        double live = 1.0;
        for (int i = 0; i < e; i++) {
            if (free <= i || c->npool <= i) {
                live = 0.0;
                break;
            }
            live *= (double)good * (free - i) / free / (c->npool - i);
        }
        o->live = (float)live;
        o->rank = (float)hi;
        return;
    }
    const float *t = ofc_pol_potential[r != 0][OFC_POT_KEY(n1, n2, n3, n4)];
    if (best < 0 && n1) {
        float up = t[6] * n1, fresh = t[1] - up;
        if (fresh < 0) fresh = 0;
        if (up + fresh > 0) o->rank = (t[6] * sum + fresh * 6.0f) / (up + fresh);
    }
    o->p[C_HIGH] = t[0];
    o->p[C_PAIR] = t[1];
    o->p[C_TWO_PAIR] = t[2];
    o->p[C_TRIPS] = t[3];
    o->p[C_FULL] = t[4];
    o->p[C_QUADS] = t[5];
    if (r == 0) {
        /* royalties and Fantasyland of the top: by the rank that pairs */
        float roy = 0.0f, fl = 0.0f, paired = 0.0f;
        for (unsigned x = ranks; x; x &= x - 1) {
            int k = lowest_bit(x);
            if (count[k] == 2) {
                float up = hit(c, c->live_rank[k], e);
                roy += (1 - up) * c->top_pair[k] + up * c->top_trips[k];
                fl += (1 - up) * c->top_pair_fl[k] + up * c->top_trips_fl[k];
                paired = 1.0f;
            } else if (count[k] == 3) {
                roy += c->top_trips[k];
                fl += c->top_trips_fl[k];
                paired = 1.0f;
            } else if (count[k] == 1) {
                float up = hit(c, c->live_rank[k], e);
                roy += up * c->top_pair[k];
                fl += up * c->top_pair_fl[k];
                paired += up;
            }
        }
        /* a pair of a rank not held yet: as likely any rank (the table's rest) */
        float fresh = t[1] + t[3] - paired;
        if (fresh > 0 && n < 2) {
            roy += fresh * c->top_pair_mean;
            fl += fresh * c->top_pair_fl_mean;
        }
        o->royalty = roy;
        o->fl = fl;
        return;
    }
    if (!(n2 + n3 + n4)) {
        /* flushes and straights need every card different: out of the high-card share */
        float flush = 0.0f, straight = 0.0f;
        if (n) {
            for (int s = 0; s < OFC_SUITS; s++)
                if (suits[s] == n && c->npool >= e)
                    flush = (float)(ofc_pol_choose[c->live_suit[s]][e] / ofc_pol_choose[c->npool][e]);
            /* each window of five ranks (the wheel first) that holds every rank held:
             * one live card of each rank it lacks */
            int first = hi - 4 < 0 ? 0 : hi - 4, last = lo < 8 ? lo : 8;
            if (!(ranks & ~0x100Fu)) first = -1; /* the wheel too */
            for (int w0 = first; w0 <= last; w0++) {
                if (w0 >= 0 && w0 < hi - 4) continue;
                unsigned win = w0 < 0 ? 0x100Fu : 0x1Fu << w0;
                if (ranks & ~win) continue;
                double ways = 1.0;
                for (unsigned x = win & ~ranks; x; x &= x - 1) {
                    int k = lowest_bit(x);
                    ways *= c->live_rank[k];
                }
                if (c->npool >= e) straight += (float)(ways / ofc_pol_choose[c->npool][e]);
            }
        }
        float both = flush + straight;
        if (both > o->p[C_HIGH]) {
            flush *= o->p[C_HIGH] / both;
            straight *= o->p[C_HIGH] / both;
        }
        o->p[C_HIGH] -= flush + straight;
        o->p[C_FLUSH] = flush;
        o->p[C_STRAIGHT] = straight;
    }
    float roy = 0.0f;
    for (int k = 0; k < NCAT; k++) roy += o->p[k] * c->row5[r][k];
    o->royalty = roy;
}

/* The terms of the value that depend on row r alone: stronger rows win more
 * of the row points (the middle and bottom; in Low the top and bottom, and a
 * lower middle); Low spends low cards on the top and bottom. */
static double solo_terms(const heuristic_ctx *c, int r, const row_outlook *o)
{
    const double *w = c->w;
    int counted = c->low ? r != 1 : r != 0;
    return (counted ? w[W_STRENGTH] * o->category : 0.0)
           + (r == 0 ? 0.0 : w[W_RANK] * (c->low && r == 1 ? -o->rank : o->rank) / OFC_RANKS)
           - w[W_LOW_SPENT] * o->spent + w[W_SHAPE] * o->shape;
}

/* row_outlook_of with the chances of ending under each category. */
static void row_outlook_full(const heuristic_ctx *c, int r, const uint8_t *cards, int n, const row_cards *x,
                             row_outlook *o)
{
    row_outlook_of(c, r, cards, n, x, o);
    float sum = 0.0f, category = 0.0f;
    for (int k = 0; k < NCAT; k++) {
        o->lower[k][0] = sum; /* the chance of ending under category k */
        o->upper[k][0] = o->upper[k][1] = o->lower[k][1] = o->p[k];
        sum += o->p[k];
        category += k * o->p[k];
    }
    o->category = category / NCAT;
    o->solo = solo_terms(c, r, o);
}

/* The bottom's outlook from the middle's (a high variant, the same cards in
 * both): only the shape, the royalties and the terms of one row differ. */
static void bottom_from_middle(const heuristic_ctx *c, const row_outlook *m, row_outlook *o)
{
    *o = *m;
    o->shape = m->shape_bottom;
    if (o->complete) {
        o->royalty = (float)OFC_ROYALTY(c->rules->row_info[2][o->value]);
    } else {
        float roy = 0.0f;
        for (int k = 0; k < NCAT; k++) roy += o->p[k] * c->row5[2][k];
        o->royalty = roy;
    }
    o->solo = solo_terms(c, 2, o);
}

#if defined(__SSE2__)
/* Two floats (8 bytes) into the low lanes, the high lanes zero. */
static inline __m128 load2(const float *f)
{
    return _mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(const void *)f));
}
#endif

/* The categories a top row (three cards) can end at: its chances of the
 * others are exact zeros, whose terms leave beats2's sums as they are. */
static OFC_ALWAYS_INLINE int top_category(int k)
{
    return k == C_HIGH || k == C_PAIR || k == C_TRIPS;
}

/* Chance that row a ends stronger than row b (b is the row below: a foul):
 * a above b's category, or in the same one and ahead there (by the rank of
 * its pair, or its high card), for two pairs of rows at once (a1 over b1,
 * a2 over b2).  Each chance adds its terms in category order, the SSE2 path
 * in lanes (under1, same1, under2, same2), so both paths give the same
 * floats; the terms of categories a cannot end at are exact zeros, which
 * leave a sum as it is. */
static OFC_ALWAYS_INLINE void beats2_of(const heuristic_ctx *c, const row_outlook *a1, const row_outlook *b1,
                                        const row_outlook *a2, const row_outlook *b2, float *out, int top,
                                        int complete)
{
#if defined(__SSE2__)
    __m128 acc = _mm_setzero_ps(), l0 = acc, r0 = acc;
    for (int k = 0; k < NCAT; k++) {
        if (top && !top_category(k)) continue;
        __m128 l = _mm_loadh_pi(load2(a1->upper[k]), (const __m64 *)a2->upper[k]);
        __m128 r = _mm_loadh_pi(load2(b1->lower[k]), (const __m64 *)b2->lower[k]);
        acc = _mm_add_ps(acc, _mm_mul_ps(l, r));
        if (k == C_HIGH) {
            l0 = l;
            r0 = r;
        }
    }
    /* q (pairs) and qh (high cards) of both: lanes (q1, qh1, q2, qh2) */
    __m128 ar = _mm_loadh_pi(load2(&a1->rank), (const __m64 *)&a2->rank);
    __m128 br = _mm_loadh_pi(load2(&b1->rank), (const __m64 *)&b2->rank);
    __m128 q = _mm_add_ps(_mm_set1_ps(0.5f), _mm_mul_ps(_mm_set1_ps(c->slope), _mm_sub_ps(ar, br)));
    q = _mm_min_ps(_mm_max_ps(q, _mm_set1_ps(0.02f)), _mm_set1_ps(0.98f));
    __m128 qq = _mm_shuffle_ps(q, q, _MM_SHUFFLE(2, 2, 0, 0)),
           qh = _mm_shuffle_ps(q, q, _MM_SHUFFLE(3, 3, 1, 1));
    __m128 under = _mm_shuffle_ps(acc, acc, _MM_SHUFFLE(2, 2, 0, 0));
    /* lanes 1 and 3: under + q * same + (qh - q) * a's high-card chance * b's */
    __m128 x = _mm_add_ps(_mm_add_ps(under, _mm_mul_ps(qq, acc)),
                          _mm_mul_ps(_mm_mul_ps(_mm_sub_ps(qh, qq), l0), r0));
    float lanes[4];
    _mm_storeu_ps(lanes, x);
    out[0] = lanes[1];
    out[1] = lanes[3];
#else
    const row_outlook *a[2] = {a1, a2}, *b[2] = {b1, b2};
    for (int j = 0; j < 2; j++) {
        float under = 0.0f, same = 0.0f;
        for (int k = 0; k < NCAT; k++) {
            if (top && !top_category(k)) continue;
            under += a[j]->p[k] * b[j]->lower[k][0];
            same += a[j]->p[k] * b[j]->p[k];
        }
        float q = 0.5f + c->slope * (a[j]->rank - b[j]->rank),
              qh = 0.5f + c->slope * (a[j]->high - b[j]->high);
        /* clamped to 0.02 .. 0.98 */
        q = q < 0.02f ? 0.02f : q;
        q = q > 0.98f ? 0.98f : q;
        qh = qh < 0.02f ? 0.02f : qh;
        qh = qh > 0.98f ? 0.98f : qh;
        out[j] = under + q * same + (qh - q) * a[j]->p[C_HIGH] * b[j]->p[C_HIGH];
    }
#endif
    /* two complete rows: by their values (one branch for both pairs; none
     * when no placement of the turn completes both rows) */
    if (complete && ((a1->complete & b1->complete) | (a2->complete & b2->complete))) {
        if (a1->complete & b1->complete) out[0] = a1->value > b1->value ? 1.0f : 0.0f;
        if (a2->complete & b2->complete) out[1] = a2->value > b2->value ? 1.0f : 0.0f;
    }
}

/* beats2 of any rows, and of two top rows over the rows below them (the
 * top's categories only); complete: 0 when no two of the rows can both be
 * complete. */
static OFC_ALWAYS_INLINE void beats2(const heuristic_ctx *c, const row_outlook *a1, const row_outlook *b1,
                                     const row_outlook *a2, const row_outlook *b2, float *out, int complete)
{
    beats2_of(c, a1, b1, a2, b2, out, 0, complete);
}

static OFC_ALWAYS_INLINE void beats2_top(const heuristic_ctx *c, const row_outlook *t1, const row_outlook *b1,
                                         const row_outlook *t2, const row_outlook *b2, float *out,
                                         int complete)
{
    beats2_of(c, t1, b1, t2, b2, out, 1, complete);
}

#if OFC_MAX_HELD != 5
#error "subset_size covers 5 held cards"
#endif
/* The cards in each subset of 5 held cards. */
static const uint8_t subset_size[32] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                        1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5};

/* The legal placements of the seat to act in the order of
 * ofc_game_legal_codes (the same placement table, each set of discards in
 * turn), each as the held cards (a bit each) it sends to the top, middle and
 * bottom; returns how many. */
static int heuristic_options(const ofc_game *g, uint8_t (*sub)[3])
{
    int n = g->nheld, m = to_place(g), k = 0;
    const uint8_t *f = g->filled[g->turn];
    int s = OFC_PLACE_STATE(m, OFC_ROW_SIZE(0) - f[0], OFC_ROW_SIZE(1) - f[1], OFC_ROW_SIZE(2) - f[2]);
    const uint32_t *first = ofc_place + ofc_place_start[s];
    int nplace = (int)(ofc_place_start[s + 1] - ofc_place_start[s]);
    unsigned kept_all = (1u << m) - 1;
    /* each placement's rows as the kept cards (bit q: the q-th) each gets:
     * the low and high bits of each card's row (bits 5q, 5q + 1) gathered as
     * bits q, the multiply moving bit 5q to bit 16 + q without carries.  With
     * nothing to discard they are the placements themselves. */
    uint8_t rows_kept[OFC_MAX_LEGAL][3], (*rows)[3] = n == m ? sub : rows_kept;
    for (int e = 0; e < nplace; e++) {
        uint32_t code = first[e];
        unsigned one = (unsigned)(((uint64_t)(code & 0x108421u) * 0x11111u) >> 16) & 31u;
        unsigned two = (unsigned)(((uint64_t)(code >> 1 & 0x108421u) * 0x11111u) >> 16) & 31u;
        rows[e][0] = (uint8_t)(kept_all & ~one & ~two);
        rows[e][1] = (uint8_t)(one & ~two);
        rows[e][2] = (uint8_t)(two & ~one);
    }
    if (n == m) return nplace;
    /* each set of discards in turn: the kept cards' bits as held cards' bits */
    unsigned all = (1u << n) - 1;
    for (unsigned drop = 0; drop <= all; drop++) {
        unsigned keep = all & ~drop;
        if (subset_size[keep] != m) continue;
        /* held[x]: the held cards (a bit each) of x, a set of the cards kept (bit q: the q-th) */
        uint8_t kept[OFC_MAX_HELD], held[1 << OFC_MAX_HELD];
        int q = 0;
        for (unsigned x = keep; x; x &= x - 1) kept[q++] = (uint8_t)(x & -x);
        held[0] = 0;
        for (unsigned x = 1; x < (1u << m); x++) held[x] = (uint8_t)(held[x & (x - 1)] | kept[lowest_bit(x)]);
        for (int e = 0; e < nplace; e++, k++) {
            sub[k][0] = held[rows_kept[e][0]];
            sub[k][1] = held[rows_kept[e][1]];
            sub[k][2] = held[rows_kept[e][2]];
        }
    }
    return k;
}

/* The code of a placement from its rows' held cards (heuristic_options). */
static unsigned option_code(const ofc_game *g, const uint8_t *sub)
{
    unsigned code = 0;
    for (int i = 0; i < g->nheld; i++) {
        unsigned row = sub[0] >> i & 1u ? 0u : sub[1] >> i & 1u ? 1u : sub[2] >> i & 1u ? 2u : 3u;
        code |= row << (2 * i);
    }
    return code;
}

/* A placement's value (low: c->low, order: the weight of rows out of order
 * is not zero; both as constants where the caller's loop is specialized). */
static OFC_ALWAYS_INLINE double value_fine(const heuristic_ctx *c, const row_outlook *t, const row_outlook *m,
                                           const row_outlook *b, double fine, int low, int order)
{
    const double *w = c->w;
    double v = fine * (w[W_ROYALTY] * (t->royalty + m->royalty + b->royalty) + w[W_FANTASYLAND] * t->fl)
               - w[W_FOUL] * (1.0 - fine);
    v += t->solo + m->solo + b->solo;
    /* rows out of order so far, whatever the empty slots bring (as greedy;
     * with no weight, terms of exact zeros) */
    if (!order) {
    } else if (!low) {
        if (t->level > m->level) v -= w[W_ORDER] * (t->level - m->level);
        if (m->level > b->level) v -= w[W_ORDER] * (m->level - b->level);
    } else if (t->level > b->level) {
        v -= w[W_ORDER] * (t->level - b->level);
    }
    return v;
}

/* value_fine of two placements (i, j) of a high variant: no foul when
 * neither row beats the one below; each pass of beats2 for two of them. */
static OFC_ALWAYS_INLINE void values_high(const heuristic_ctx *c, const row_outlook *(*at)[1 << OFC_MAX_HELD],
                                          const uint8_t *si, const uint8_t *sj, double *vi, double *vj,
                                          int order, int complete)
{
    const row_outlook *ti = at[0][si[0]], *mi = at[1][si[1]], *bi = at[2][si[2]];
    const row_outlook *tj = at[0][sj[0]], *mj = at[1][sj[1]], *bj = at[2][sj[2]];
    float over_middle[2], over_bottom[2];
    beats2_top(c, ti, mi, tj, mj, over_middle, complete);
    beats2(c, mi, bi, mj, bj, over_bottom, complete);
    *vi = value_fine(c, ti, mi, bi, (1.0 - over_middle[0]) * (1.0 - over_bottom[0]), 0, order);
    *vj = value_fine(c, tj, mj, bj, (1.0 - over_middle[1]) * (1.0 - over_bottom[1]), 0, order);
}

/* The value of each placement into value; returns the first best. (A
 * function of its own: the loop keeps its rows in registers.) */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int score_options(const heuristic_ctx *c, row_outlook (*rows)[1 << OFC_MAX_HELD], int nheld,
                         uint8_t (*sub)[3], int n, double *value, int complete)
{
    /* each row's outlooks by pointer: the loop then reads a row at fixed offsets */
    const row_outlook *at[3][1 << OFC_MAX_HELD];
    for (int r = 0; r < 3; r++)
        for (int x = 0; x < (1 << nheld); x++) at[r][x] = &rows[r][x];
    int top = 0, low = c->low, order = c->w[W_ORDER] != 0.0;
    if (low) {
        /* Low: no foul when the top does not beat the bottom and the middle is
         * live; two placements' beats at once */
        for (int i = 0; i < n; i += 2) {
            int j = i + 1 < n ? i + 1 : i;
            const row_outlook *ti = at[0][sub[i][0]], *mi = at[1][sub[i][1]], *bi = at[2][sub[i][2]];
            const row_outlook *tj = at[0][sub[j][0]], *mj = at[1][sub[j][1]], *bj = at[2][sub[j][2]];
            float beat[2];
            beats2_top(c, ti, bi, tj, bj, beat, complete);
            value[i] = value_fine(c, ti, mi, bi, (1.0 - beat[0]) * mi->live, 1, order);
            value[j] = value_fine(c, tj, mj, bj, (1.0 - beat[1]) * mj->live, 1, order);
        }
        for (int i = 1; i < n; i++)
            if (value[i] > value[top]) top = i;
    } else if (!order && !complete) { /* the default weights of a high variant: loops for them alone */
        for (int i = 0; i < n; i += 2) {
            int j = i + 1 < n ? i + 1 : i;
            values_high(c, at, sub[i], sub[j], &value[i], &value[j], 0, 0);
        }
    } else if (!order) {
        for (int i = 0; i < n; i += 2) {
            int j = i + 1 < n ? i + 1 : i;
            values_high(c, at, sub[i], sub[j], &value[i], &value[j], 0, 1);
        }
    } else {
        for (int i = 0; i < n; i += 2) {
            int j = i + 1 < n ? i + 1 : i;
            values_high(c, at, sub[i], sub[j], &value[i], &value[j], 1, 1);
        }
    }
    if (!low)
        for (int i = 1; i < n; i++)
            if (value[i] > value[top]) top = i;
    return top;
}

/* The k best placements of the seat to act (codes into best, best first, the
 * first in code order among equal values); returns how many. */
static int heuristic_best(const ofc_game *g, const ofc_rules *rules, const double *w, int k, uint16_t *best)
{
    if (g->turn < 0 || g->fl_cards[g->turn] || g->nheld > OFC_MAX_HELD) return 0;
    heuristic_ctx c;
    heuristic_init(&c, g, rules, w);
    int p = g->turn, n = g->nheld;
    const uint8_t *board = g->board[p];
    /* each row with each subset of the held cards (in held order) that fits */
    row_outlook rows[3][1 << OFC_MAX_HELD];
    int m = to_place(g);
    /* empty middle and bottom (a first turn) in a high variant: the same
     * outlooks but for the terms of one row */
    int shared = !c.low && !g->filled[p][1] && !g->filled[p][2];
    int jokers = g->jr.jokers != 0;
    /* the row's cards counted with each subset: from the subset without its
     * lowest card; an empty row's counts kept for the next empty row (valid:
     * counted[s] holds them for the subsets of up to that many cards) */
    row_cards counted[1 << OFC_MAX_HELD];
    int valid = -1;
    for (int r = 0; r < 3; r++) {
        int f = g->filled[p][r], room = OFC_ROW_SIZE(r) - f, reuse = f == 0 ? valid : -1;
        if (reuse < 0) {
            counted[0] = no_cards;
            /* with jokers in the deck the stand-ins are counted instead (below):
             * a joker's code is no rank to count */
            if (!jokers)
                for (int i = 0; i < f; i++) row_cards_add(&counted[0], board[OFC_ROW_START(r) + i]);
        }
        int upto = room < m ? room : m;
        valid = f == 0 ? (reuse > upto ? reuse : upto) : -1;
        for (unsigned s = 0; s < (1u << n); s++) {
            int k = subset_size[s];
            if (k > room || k > m) continue;
            if (r == 2 && shared) {
                bottom_from_middle(&c, &rows[1][s], &rows[2][s]);
                continue;
            }
            if (s && k > reuse && !jokers) {
                counted[s] = counted[s & (s - 1)];
                row_cards_add(&counted[s], g->held[lowest_bit(s)]);
            }
            const row_cards *x = &counted[s];
            row_cards wild;
            /* the cards themselves: for a complete row's value, or jokers' stand-ins */
            uint8_t cards[OFC_ROW5_SIZE + OFC_MAX_HELD]; /* room for the stores of cards not taken */
            k += f;
            if (k == OFC_ROW_SIZE(r) || OFC_UNLIKELY(jokers)) {
                /* a fixed size (no call), then the subset's cards with no branch on its bits */
                memcpy(cards, board + OFC_ROW_START(r), OFC_ROW5_SIZE);
                for (int i = 0, j = f; i < n; i++) {
                    cards[j] = g->held[i];
                    j += s >> i & 1u;
                }
                if (OFC_UNLIKELY(jokers)) { /* the stand-ins counted instead */
                    wild_row(cards, k, OFC_ROW_SIZE(r));
                    wild = no_cards;
                    for (int i = 0; i < k; i++) row_cards_add(&wild, cards[i]);
                    x = &wild;
                }
            }
            row_outlook_full(&c, r, cards, k, x, &rows[r][s]);
        }
    }
    uint8_t sub[OFC_MAX_LEGAL][3]; /* each placement's rows (heuristic_options) */
    int ncodes = heuristic_options(g, sub);
    if (ncodes == 0) return 0;
    double value[OFC_MAX_LEGAL];
    /* can a placement complete two rows that are compared (the top and the
     * middle, the middle and the bottom; the top and the bottom in Low)? */
    const uint8_t *f = g->filled[p];
    int room0 = OFC_ROW_SIZE(0) - f[0], room1 = OFC_ROW_SIZE(1) - f[1], room2 = OFC_ROW_SIZE(2) - f[2];
    int complete = room0 + room1 <= m || room1 + room2 <= m || room0 + room2 <= m;
    int top = score_options(&c, rows, n, sub, ncodes, value, complete);
    best[0] = (uint16_t)option_code(g, sub[top]);
    /* the next best, one by one (a shortlist of a few) */
    int nbest = 1;
    for (; nbest < k && nbest < ncodes; nbest++) {
        value[top] = -HUGE_VAL;
        top = 0;
        for (int i = 1; i < ncodes; i++)
            if (value[i] > value[top]) top = i;
        best[nbest] = (uint16_t)option_code(g, sub[top]);
    }
    return nbest;
}

static unsigned heuristic_code(const ofc_game *g, const ofc_rules *rules, const double *w)
{
    uint16_t best = 0;
    heuristic_best(g, rules, w, 1, &best);
    return best;
}

static unsigned heuristic_default_code(const ofc_game *g, const ofc_rules *rules)
{
    return heuristic_code(g, rules, heuristic_weights);
}

static int heuristic_shortlist(const ofc_game *g, const ofc_rules *rules, int k, uint16_t *best)
{
    return heuristic_best(g, rules, heuristic_weights, k, best);
}

static int heuristic_policy(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng)
{
    if (g->fl_cards[g->turn]) {
        uint8_t board[OFC_BOARD_SIZE];
        greedy_set(g, rules, rng, board);
        return ofc_game_set(g, board);
    }
    uint16_t best = 0;
    /* a placement from the legal ones needs no check (with none, 0 is checked as before) */
    if (heuristic_best(g, rules, params, 1, &best) == 1) {
        ofc_game_apply_legal(g, best);
        return OFC_GAME_OK;
    }
    return ofc_game_apply(g, best);
}

/* ---- the registry: a policy's number is its index (enum ofc_policy) ------ */
const ofc_policy_info ofc_policies[] = {
    {"random",
     "a uniform legal placement each turn (a uniform setting in Fantasyland): the fastest, but it "
     "fouls most boards, far more than any player would",
     random_policy, 4096, 0, NULL, NULL},
    {"greedy",
     "the heuristic's 8 best placements scored by the board each makes plus 32 completions of it, "
     "the seat's later turns dealt at random and played by the heuristic (how often they foul, "
     "what they earn); the exact solver in Fantasyland",
     greedy_policy, 1, 0, NULL, NULL},
    {"heuristic",
     "every legal placement scored by a static outlook of the board it makes (row potentials from "
     "generated tables and the live cards: chances of fouling, royalties, Fantasyland), no "
     "sampling; the exact solver in Fantasyland",
     heuristic_policy, 256, HEURISTIC_PARAMS, heuristic_names, heuristic_weights},
};
const int ofc_policy_count = (int)(sizeof ofc_policies / sizeof ofc_policies[0]);

int ofc_policy_play(ofc_game *g, int policy, const ofc_rules *rules, const double *params, ofc_rng *rng)
{
    if (policy < 0 || policy >= ofc_policy_count) return OFC_ERR_POLICY;
    if (g->turn < 0) return OFC_GAME_OK;
    /* the placement tables and the action codes cover at most OFC_MAX_HELD cards */
    if (!g->fl_cards[g->turn] && g->nheld > OFC_MAX_HELD) return OFC_ERR_DEALING;
    return ofc_policies[policy].play(g, rules, params ? params : ofc_policies[policy].defaults, rng);
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

int ofc_policy_finish(ofc_game *g, int policy, const ofc_rules *rules, const double *params, ofc_rng *rng)
{
    int fl = 0;
    if (policy < 0 || policy >= ofc_policy_count) return OFC_ERR_POLICY;
    if (g->first_round > OFC_MAX_HELD || g->round_cards > OFC_MAX_HELD) return OFC_ERR_DEALING;
    for (int p = 0; p < g->players; p++) fl |= g->fl_cards[p];
    if (policy == OFC_POLICY_RANDOM && !fl && g->turn >= 0) {
        ofc_policy_random_finish(g, rng);
        return OFC_GAME_OK;
    }
    while (g->turn >= 0) {
        int err = ofc_policy_play(g, policy, rules, params, rng);
        if (err) return err;
    }
    return OFC_GAME_OK;
}
