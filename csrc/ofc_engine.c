/* The game engine: one hand of OFC, dealt as the rules' dealing fields say,
 * legal actions, and the built-in policies and self-play (ofc_fast.h). */
#include <string.h>
#include "ofc_fast.h"

static const int row_lo[3] = {0, 3, 8}, row_len[3] = {3, 5, 5};

int ofc_game_start(ofc_game *g, int players, int first_round, int rounds, int round_cards, int round_play,
                   uint64_t seed, uint64_t hand, int button, const int *fl_cards)
{
    int need = 0, k = 0;
    memset(g, 0, sizeof *g);
    g->players = players;
    g->first_round = first_round;
    g->rounds = rounds;
    g->round_cards = round_cards;
    g->round_play = round_play;
    g->button = button;
    for (int p = 0; p < players; p++) {
        g->fl_cards[p] = fl_cards ? fl_cards[p] : 0;
        need += g->fl_cards[p] ? g->fl_cards[p] : first_round + rounds * round_cards;
    }
    if (need > 52) return OFC_ERR_DECK;
    memset(g->board, OFC_EMPTY, sizeof g->board);
    /* Fantasyland seats first (docs/RULES.md section 7: engines let them act first), in seat
     * order from the left of the button, then street by street */
    for (int i = 1; i <= players; i++) {
        int p = (button + i) % players;
        if (g->fl_cards[p]) g->schedule[k++] = p;
    }
    for (int s = 0; s <= rounds; s++)
        for (int i = 1; i <= players; i++) {
            int p = (button + i) % players;
            if (!g->fl_cards[p]) g->schedule[k++] = p;
        }
    g->nturns = k;
    ofc_shuffle(seed, hand, need, g->deck);
    g->step = -1;
    g->turn = -1;
    /* the first turn: deal its cards */
    g->step = 0;
    g->turn = g->schedule[0];
    {
        int p = g->turn, n = g->fl_cards[p] ? g->fl_cards[p] : first_round;
        memcpy(g->held, g->deck, (size_t)n);
        g->nheld = n;
        g->deck_pos = n;
    }
    return OFC_GAME_OK;
}

/* Move to the next turn and deal the cards of the seat to act. */
static void advance(ofc_game *g)
{
    g->nheld = 0;
    if (++g->step >= g->nturns) {
        g->turn = -1;
        return;
    }
    int p = g->schedule[g->step];
    int n = g->fl_cards[p] ? g->fl_cards[p] : g->street[p] == 0 ? g->first_round : g->round_cards;
    g->turn = p;
    const uint8_t *top = g->deck + g->deck_pos;
    if (n <= 5 && g->deck_pos + 5 <= 52) { /* a normal turn: a fixed copy, no call */
        memcpy(g->held, top, 5);
    } else {
        memcpy(g->held, top, (size_t)n);
    }
    g->nheld = n;
    g->deck_pos += n;
}

/* Cards the seat to act must place this turn. */
static int to_place(const ofc_game *g)
{
    return g->street[g->turn] == 0 ? g->first_round : g->round_play;
}

int ofc_game_check(const ofc_game *g, unsigned code)
{
    if (g->turn < 0) return OFC_ERR_OVER;
    if (g->fl_cards[g->turn]) return OFC_ERR_FANTASYLAND;
    if (code >= (1u << (2 * g->nheld))) return OFC_ERR_CODE;
    int count[4] = {0, 0, 0, 0};
    for (int i = 0; i < g->nheld; i++) count[(code >> (2 * i)) & 3u]++;
    if (count[3] != g->nheld - to_place(g)) return OFC_ERR_DISCARDS;
    for (int r = 0; r < 3; r++)
        if (g->filled[g->turn][r] + count[r] > row_len[r]) return OFC_ERR_ROW_FULL;
    return OFC_GAME_OK;
}

int ofc_game_legal(const ofc_game *g, uint8_t *mask)
{
    int n = 0;
    memset(mask, 0, OFC_ACTIONS);
    if (g->turn < 0 || g->fl_cards[g->turn]) return 0;
    unsigned limit = 1u << (2 * g->nheld);
    for (unsigned c = 0; c < limit; c++) {
        int ok = ofc_game_check(g, c) == OFC_GAME_OK;
        mask[c] = (uint8_t)ok;
        n += ok;
    }
    return n;
}

/* Place a checked code. */
static void place(ofc_game *g, unsigned code)
{
    int p = g->turn;
    for (int i = 0; i < g->nheld; i++) {
        unsigned d = (code >> (2 * i)) & 3u;
        if (d == 3) {
            g->discards[p][g->ndiscards[p]++] = g->held[i];
        } else {
            g->board[p][row_lo[d] + g->filled[p][d]++] = g->held[i];
        }
    }
    g->street[p]++;
    advance(g);
}

int ofc_game_apply(ofc_game *g, unsigned code)
{
    int err = ofc_game_check(g, code);
    if (err) return err;
    place(g, code);
    return OFC_GAME_OK;
}

int ofc_game_set(ofc_game *g, const uint8_t *board)
{
    if (g->turn < 0) return OFC_ERR_OVER;
    if (!g->fl_cards[g->turn]) return OFC_ERR_NOT_FANTASYLAND;
    uint64_t held = 0, seen = 0;
    for (int i = 0; i < g->nheld; i++) held |= (uint64_t)1 << g->held[i];
    for (int i = 0; i < 13; i++) {
        if (board[i] == OFC_EMPTY) return OFC_ERR_EMPTY_SLOT;
        if (board[i] > 51 || !(held >> board[i] & 1u) || (seen >> board[i] & 1u)) return OFC_ERR_NOT_HELD;
        seen |= (uint64_t)1 << board[i];
    }
    int p = g->turn;
    memcpy(g->board[p], board, 13);
    g->filled[p][0] = 3;
    g->filled[p][1] = 5;
    g->filled[p][2] = 5;
    for (int i = 0; i < g->nheld; i++)
        if (!(seen >> g->held[i] & 1u)) g->discards[p][g->ndiscards[p]++] = g->held[i];
    g->street[p]++;
    advance(g);
    return OFC_GAME_OK;
}

static inline int sign(int d)
{
    return (d > 0) - (d < 0);
}

void ofc_game_result(const ofc_game *g, const ofc_rules *rules, int32_t *net, int32_t *royalties,
                     int32_t *fouled, int32_t *fantasyland)
{
    ofc_board_result res[OFC_MAX_SEATS];
    int32_t total[OFC_MAX_SEATS], roy[OFC_MAX_SEATS];
    for (int p = 0; p < g->players; p++) {
        ofc_board_eval(g->board[p], g->fl_cards[p] != 0, rules, &res[p]);
        if (royalties)
            for (int r = 0; r < 3; r++) royalties[3 * p + r] = res[p].royalty[r];
        if (fouled) fouled[p] = res[p].fouled;
        if (fantasyland) fantasyland[p] = res[p].fantasyland;
        roy[p] = res[p].royalty[0] + res[p].royalty[1] + res[p].royalty[2];
        total[p] = 0;
    }
    if (!net) return;
    /* docs/RULES.md section 6 for every pair, from the row values already computed (the
     * same arithmetic as ofc_score_batch) */
    for (int a = 0; a < g->players; a++)
        for (int b = a + 1; b < g->players; b++) {
            int fa = res[a].fouled, fb = res[b].fouled, rows;
            if (fa | fb) {
                rows = 3 * (fb - fa);
            } else {
                rows = 0;
                for (int r = 0; r < 3; r++) rows += sign((int)res[a].value[r] - (int)res[b].value[r]);
            }
            int32_t pts =
                rows + (rows == 3) * rules->scoop_bonus - (rows == -3) * rules->scoop_bonus + roy[a] - roy[b];
            total[a] += pts;
            total[b] -= pts;
        }
    for (int p = 0; p < g->players; p++) net[p] = total[p];
}

/* ---- policies -------------------------------------------------------------- */

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
    for (int r = 0; r < 3; r++) v->first[r] = g->board[p] + row_lo[r] + f[r];
    v->first[3] = &v->scratch;
    v->rooms = OFC_PLACE_STATE(0, 3 - f[0], 5 - f[1], 5 - f[2]);
    v->discard = g->discards[p] + g->ndiscards[p];
}

static inline void view_store(ofc_game *g, int p, const seat_view *v)
{
    for (int r = 0; r < 3; r++) g->filled[p][r] = (uint8_t)(v->first[r] - (g->board[p] + row_lo[r]));
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
    g->street[g->turn]++;
    advance(g);
}

/* A random board of 13 of the held cards (Fantasyland, random policy). */
static void random_set(const ofc_game *g, ofc_rng *rng, uint8_t *board)
{
    uint8_t h[52];
    int n = g->nheld;
    memcpy(h, g->held, (size_t)n);
    for (int i = 0; i < 13; i++) {
        int j = i + (int)ofc_rng_below(rng, (uint32_t)(n - i));
        uint8_t t = h[i];
        h[i] = h[j];
        h[j] = t;
        board[i] = h[i];
    }
}

/* ---- greedy ----------------------------------------------------------------
 * One step of look-ahead: every legal placement is scored by a hand-made
 * value of the board it makes plus a sampled outlook, and a placement after
 * which every completion fouls (ofc_partial_can_avoid_foul over the cards the
 * seat cannot see) is taken only when all are.  The value: royalties of
 * complete rows, made pairs and trips, flush and straight draws in the 5-card
 * rows (Low: low, unpaired cards in the middle), a bonus for a Fantasyland
 * top, and a penalty for a top that outranks what the middle holds so far.
 * The outlook: the board's empty slots filled at random from the unseen cards
 * a few dozen times, scored by how often that fouls and what it earns. */

/* Value of the placed cards of one row (len = its slots). */
/* Low: the cost of a card of ten or below on the top or bottom (tuned on
 * heads-up greedy self-play: 0 fouls 59% of boards, 1.0 20%, 3.0 6% with
 * 2.8 royalties a board, 5.0 4.5% with fewer royalties) */
static const double low_spent = 3.0;

static double row_heuristic(const uint8_t *row, int len, int r, int low)
{
    int count[13] = {0}, suits[4] = {0}, n = 0, lo = 13, hi = -1;
    for (int i = 0; i < len; i++) {
        if (row[i] == OFC_EMPTY) continue;
        int k = row[i] >> 2;
        count[k]++;
        suits[row[i] & 3]++;
        n++;
        if (k < lo) lo = k;
        if (k > hi) hi = k;
    }
    if (!n) return 0.0;
    double v = 0.0;
    int paired = 0;
    for (int k = 0; k < 13; k++) {
        if (count[k] == 2) {
            v += r == 0 ? (k >= 10 ? 3.0 : 0.5) : (r == 2 ? 1.2 : 1.0) + k / 12.0;
            paired = 1;
        }
        if (count[k] == 3) {
            v += r == 0 ? 12.0 + k : 4.0;
            paired = 1;
        }
        if (count[k] == 4) {
            v += 10.0;
            paired = 1;
        }
    }
    if (r == 1 && low) {
        /* a live low (docs/RULES.md section 9): five different ranks, none
         * above a ten (rank 8), no straight, no flush.  A card above a ten
         * or a pair kills the middle now: a sure foul */
        if (hi > 8 || paired) return -100.0;
        int msuit = 0;
        for (int x = 0; x < 4; x++) msuit = suits[x] > msuit ? suits[x] : msuit;
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
    int msuit = 0;
    for (int x = 0; x < 4; x++) msuit = suits[x] > msuit ? suits[x] : msuit;
    if (msuit == n && n >= 2) v += (r == 2 ? 0.9 : 0.6) * (n - 1);
    if (!paired && n >= 2 && hi - lo <= 4) v += (r == 2 ? 0.5 : 0.35) * (n - 1);
    return v;
}

/* Made-hand level of the placed cards of a row: the category so far (0 high
 * card, 1 pair, 2 two pair, 3 trips, 6 full house, 7 quads) plus the rank
 * of its best group / 13. */
static double row_level(const uint8_t *row, int len)
{
    int count[13] = {0}, pairs = 0, trips = 0, quads = 0, best = -1, hi = -1;
    for (int i = 0; i < len; i++)
        if (row[i] != OFC_EMPTY) count[row[i] >> 2]++;
    for (int k = 0; k < 13; k++) {
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
    return cat + (best >= 0 ? best : hi) / 13.0;
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
            v += OFC_ROYALTY(info) + row_heuristic(b + row_lo[r], row_len[r], r, low) + value[r] * 1e-5;
            if (r == 0 && OFC_ENTRY(info)) v += 8.0; /* Fantasyland on top */
        } else {
            v += row_heuristic(b + row_lo[r], row_len[r], r, low);
        }
    }
    /* rows out of order so far (what the cards placed make, whatever the
     * empty slots may bring): a steep penalty, since a foul costs far more
     * than the royalties a greedier placement chases (weight tuned on
     * self-play before the outlook: 10% fouls heads-up in Pineapple) */
    double lt = row_level(b, 3), lm = row_level(b + 3, 5), lb = row_level(b + 8, 5);
    if (!low) {
        if (lt > lm) v -= 20.0 * (lt - lm);
        if (lm > lb) v -= 20.0 * (lm - lb);
    } else if (lt > lb) {
        v -= 20.0 * (lt - lb);
    }
    return v;
}

/* The cards the seat to act cannot see. */
static int unseen_pool(const ofc_game *g, uint8_t *pool)
{
    uint64_t seen = 0;
    int p = g->turn, n = 0;
    for (int q = 0; q < g->players; q++) {
        if (q != p && g->fl_cards[q]) continue; /* a Fantasyland board stays hidden */
        for (int i = 0; i < 13; i++)
            if (g->board[q][i] != OFC_EMPTY) seen |= (uint64_t)1 << g->board[q][i];
    }
    for (int i = 0; i < g->ndiscards[p]; i++) seen |= (uint64_t)1 << g->discards[p][i];
    for (int i = 0; i < g->nheld; i++) seen |= (uint64_t)1 << g->held[i];
    for (int c = 0; c < 52; c++)
        if (!(seen >> c & 1u)) pool[n++] = (uint8_t)c;
    return n;
}

/* The outlook (weights tuned on heads-up greedy self-play, each against the
 * greedy without it: +1.4 points a hand in Original, +0.8 in Pineapple, +0.4
 * in Low; fouls 33% -> 6% in Original, 10% -> 1.4% in Pineapple) */
enum { OUTLOOK_FILLS = 32 };
static const double outlook_foul = 10.0, outlook_earned = 2.0, outlook_fantasyland = 8.0;

/* OUTLOOK_FILLS random fills of the empty slots of b (at least one) with
 * cards of the pool: -outlook_foul x the share that foul, plus outlook_earned
 * x the mean royalties (and Fantasyland bonus) of those that do not. */
static double outlook(const uint8_t *b, const uint8_t *pool, int npool, const ofc_rules *rules, ofc_rng *rng)
{
    uint8_t deck[52];
    int fouls = 0;
    double earned = 0.0;
    memcpy(deck, pool, (size_t)npool);
    for (int s = 0; s < OUTLOOK_FILLS; s++) {
        uint8_t f[13];
        int k = 0;
        /* a partial Fisher-Yates over the deck as the last fill left it:
         * uniform whatever its order */
        for (int i = 0; i < 13; i++) {
            f[i] = b[i];
            if (b[i] != OFC_EMPTY) continue;
            int j = k + (int)ofc_rng_below(rng, (uint32_t)(npool - k));
            uint8_t t = deck[j];
            deck[j] = deck[k];
            deck[k++] = t;
            f[i] = t;
        }
        ofc_board_result res;
        ofc_board_eval(f, 0, rules, &res);
        if (res.fouled)
            fouls++;
        else
            earned += res.royalty[0] + res.royalty[1] + res.royalty[2]
                      + (res.fantasyland ? outlook_fantasyland : 0.0);
    }
    return (outlook_earned * earned - outlook_foul * fouls) / OUTLOOK_FILLS;
}

static unsigned greedy_code(const ofc_game *g, const ofc_rules *rules, ofc_rng *rng)
{
    uint8_t pool[52];
    int npool = unseen_pool(g, pool);
    unsigned limit = 1u << (2 * g->nheld), best = 0;
    double best_v = -1e300;
    for (unsigned c = 0; c < limit; c++) {
        if (ofc_game_check(g, c)) continue;
        uint8_t b[13];
        uint8_t filled[3];
        memcpy(b, g->board[g->turn], 13);
        memcpy(filled, g->filled[g->turn], 3);
        for (int i = 0; i < g->nheld; i++) {
            unsigned d = (c >> (2 * i)) & 3u;
            if (d < 3) b[row_lo[d] + filled[d]++] = g->held[i];
        }
        double v = board_heuristic(b, rules);
        /* late in the hand, an exact check that some completion avoids the
         * foul (bounded: when the search runs out the placement counts as safe) */
        int empties = 0;
        for (int i = 0; i < 13; i++) empties += b[i] == OFC_EMPTY;
        if (empties <= 4 && ofc_partial_can_avoid_foul(b, pool, npool, rules, 20000) == 0) v -= 1000.0;
        if (empties > 0 && empties <= npool) v += outlook(b, pool, npool, rules, rng);
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
    if (ofc_solve_fantasyland(g->held, n, rules, 10.0, &res) == 0) {
        memcpy(board, res.board, 13);
    } else {
        random_set(g, rng, board);
    }
}

void ofc_policy_play(ofc_game *g, int policy, const ofc_rules *rules, ofc_rng *rng)
{
    if (g->turn < 0) return;
    if (g->fl_cards[g->turn]) {
        uint8_t board[13];
        if (policy == OFC_POLICY_GREEDY)
            greedy_set(g, rules, rng, board);
        else
            random_set(g, rng, board);
        ofc_game_set(g, board);
    } else {
        if (policy == OFC_POLICY_GREEDY)
            place(g, greedy_code(g, rules, rng));
        else
            random_place(g, rng);
    }
}

void ofc_policy_finish(ofc_game *g, int policy, const ofc_rules *rules, ofc_rng *rng)
{
    int fl = 0;
    for (int p = 0; p < g->players; p++) fl |= g->fl_cards[p];
    if (policy == OFC_POLICY_RANDOM && !fl && g->turn >= 0) {
        /* every turn a normal one: random_place's moves, each seat's rows
         * kept in locals and its cards read where they lie in the deck
         * rather than handed over */
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
    } else {
        while (g->turn >= 0) ofc_policy_play(g, policy, rules, rng);
    }
}

void ofc_game_restart(ofc_game *g, const ofc_game *start)
{
    memcpy(g->board, start->board, sizeof g->board);
    memcpy(g->filled, start->filled, sizeof g->filled);
    memcpy(g->ndiscards, start->ndiscards, sizeof g->ndiscards);
    memcpy(g->street, start->street, sizeof g->street);
    g->deck_pos = start->deck_pos;
    g->nheld = start->nheld;
    g->step = start->step;
    g->turn = start->turn;
}

void ofc_selfplay_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                        int round_play, int policy, uint64_t seed, int64_t index0, int64_t n, int32_t *net,
                        int32_t *royalty, uint8_t *fouled, uint8_t *fantasyland, ofc_selfplay_totals *totals)
{
    ofc_game start[OFC_MAX_SEATS], games[OFC_MAX_SEATS];
    int need = players * (first_round + rounds * round_cards);
    /* a hand as ofc_game_start begins it, per button: each hand restarts
     * that button's game and deals its own deck */
    for (int b = 0; b < players; b++) {
        ofc_game_start(&start[b], players, first_round, rounds, round_cards, round_play, seed, 0, b, 0);
        games[b] = start[b];
    }
    for (int64_t i = 0; i < n; i++) {
        uint64_t hand = (uint64_t)(index0 + i);
        ofc_rng rng;
        /* the policies draw from a stream of their own, beside the deck's */
        ofc_rng_init(&rng, seed ^ 0xA0761D6478BD642Full, hand);
        /* the button goes round: seat (hand + 1) % players acts first */
        int b = (int)(hand % (uint64_t)players);
        ofc_game *g = &games[b];
        ofc_game_restart(g, &start[b]);
        ofc_shuffle(seed, hand, need, g->deck);
        memcpy(g->held, g->deck, (size_t)first_round);
        ofc_policy_finish(g, policy, rules, &rng);
        int32_t roy[3 * OFC_MAX_SEATS], f[OFC_MAX_SEATS], fl[OFC_MAX_SEATS];
        int32_t pts[OFC_MAX_SEATS];
        ofc_game_result(g, rules, pts, roy, f, fl);
        for (int p = 0; p < players; p++) {
            int32_t r = roy[3 * p] + roy[3 * p + 1] + roy[3 * p + 2];
            if (net) net[players * i + p] = pts[p];
            if (royalty) royalty[players * i + p] = r;
            if (fouled) fouled[players * i + p] = (uint8_t)f[p];
            if (fantasyland) fantasyland[players * i + p] = (uint8_t)fl[p];
            if (totals) {
                int64_t *s = totals->sums + 5 * p;
                int pr = totals->points_range, rr = totals->royalty_range;
                s[0] += pts[p];
                s[1] += (int64_t)pts[p] * pts[p];
                s[2] += f[p];
                s[3] += fl[p] != 0;
                s[4] += r;
                totals->points_hist[p * (2 * pr + 1) + pr
                                    + (pts[p] < -pr  ? -pr
                                       : pts[p] > pr ? pr
                                                     : pts[p])]++;
                totals->royalty_hist[p * (rr + 1) + (r < 0 ? 0 : r > rr ? rr : r)]++;
            }
        }
    }
}
