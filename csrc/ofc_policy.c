/* The policies: how a seat chooses and plays its turn (random, greedy), and
 * the registry that names them (ofc_play.h).  A new policy is one function
 * here and one entry of ofc_policies. */
#include <string.h>
#include "ofc_play.h"

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

/* A random board of 13 of the held cards (Fantasyland, random policy). */
static void random_set(const ofc_game *g, ofc_rng *rng, uint8_t *board)
{
    uint8_t h[OFC_DECK_SIZE];
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
    int count[OFC_RANKS] = {0}, suits[OFC_SUITS] = {0}, n = 0, lo = OFC_RANKS, hi = -1;
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
    for (int k = 0; k < OFC_RANKS; k++) {
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
    int count[OFC_RANKS] = {0}, pairs = 0, trips = 0, quads = 0, best = -1, hi = -1;
    for (int i = 0; i < len; i++)
        if (row[i] != OFC_EMPTY) count[row[i] >> 2]++;
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

/* The cards the seat to act cannot see. */
static int unseen_pool(const ofc_game *g, uint8_t *pool)
{
    uint64_t seen = 0;
    int p = g->turn, n = 0;
    for (int q = 0; q < g->players; q++) {
        if (q != p && g->fl_cards[q]) continue; /* a Fantasyland board stays hidden */
        for (int i = 0; i < OFC_BOARD_SIZE; i++)
            if (g->board[q][i] != OFC_EMPTY) seen |= (uint64_t)1 << g->board[q][i];
    }
    for (int i = 0; i < g->ndiscards[p]; i++) seen |= (uint64_t)1 << g->discards[p][i];
    for (int i = 0; i < g->nheld; i++) seen |= (uint64_t)1 << g->held[i];
    for (int c = 0; c < OFC_DECK_SIZE; c++)
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
    uint8_t deck[OFC_DECK_SIZE];
    int fouls = 0;
    double earned = 0.0;
    memcpy(deck, pool, (size_t)npool);
    for (int s = 0; s < OUTLOOK_FILLS; s++) {
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
    uint8_t pool[OFC_DECK_SIZE];
    int npool = unseen_pool(g, pool);
    unsigned limit = 1u << (2 * g->nheld), best = 0;
    double best_v = -1e300;
    for (unsigned c = 0; c < limit; c++) {
        if (ofc_game_check(g, c)) continue;
        uint8_t b[OFC_BOARD_SIZE];
        uint8_t filled[3];
        memcpy(b, g->board[g->turn], OFC_BOARD_SIZE);
        memcpy(filled, g->filled[g->turn], 3);
        for (int i = 0; i < g->nheld; i++) {
            unsigned d = (c >> (2 * i)) & 3u;
            if (d < 3) b[OFC_ROW_START(d) + filled[d]++] = g->held[i];
        }
        double v = board_heuristic(b, rules);
        /* late in the hand, an exact check that some completion avoids the
         * foul (bounded: when the search runs out the placement counts as safe) */
        int empties = 0;
        for (int i = 0; i < OFC_BOARD_SIZE; i++) empties += b[i] == OFC_EMPTY;
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
        memcpy(board, res.board, OFC_BOARD_SIZE);
    } else {
        random_set(g, rng, board);
    }
}

static int random_policy(ofc_game *g, const ofc_rules *rules, ofc_rng *rng)
{
    (void)rules;
    if (g->fl_cards[g->turn]) {
        uint8_t board[OFC_BOARD_SIZE];
        random_set(g, rng, board);
        return ofc_game_set(g, board);
    }
    random_place(g, rng);
    return OFC_GAME_OK;
}

static int greedy_policy(ofc_game *g, const ofc_rules *rules, ofc_rng *rng)
{
    if (g->fl_cards[g->turn]) {
        uint8_t board[OFC_BOARD_SIZE];
        greedy_set(g, rules, rng, board);
        return ofc_game_set(g, board);
    }
    return ofc_game_apply(g, greedy_code(g, rules, rng));
}

/* ---- the registry: a policy's number is its index (enum ofc_policy) ------ */
const ofc_policy_info ofc_policies[] = {
    {"random",
     "a uniform legal placement each turn (a uniform setting in Fantasyland): the fastest, but it "
     "fouls most boards, far more than any player would",
     random_policy, 4096},
    {"greedy",
     "every legal placement scored by the board it makes plus 32 random fills of its empty slots "
     "(how often they foul, what they earn); the exact solver in Fantasyland",
     greedy_policy, 32},
};
const int ofc_policy_count = (int)(sizeof ofc_policies / sizeof ofc_policies[0]);

int ofc_policy_play(ofc_game *g, int policy, const ofc_rules *rules, ofc_rng *rng)
{
    if (policy < 0 || policy >= ofc_policy_count) return OFC_ERR_POLICY;
    if (g->turn < 0) return OFC_GAME_OK;
    /* the placement tables and the action codes cover at most OFC_MAX_HELD cards */
    if (!g->fl_cards[g->turn] && g->nheld > OFC_MAX_HELD) return OFC_ERR_DEALING;
    return ofc_policies[policy].play(g, rules, rng);
}

int ofc_policy_finish(ofc_game *g, int policy, const ofc_rules *rules, ofc_rng *rng)
{
    int fl = 0;
    if (policy < 0 || policy >= ofc_policy_count) return OFC_ERR_POLICY;
    if (g->first_round > OFC_MAX_HELD || g->round_cards > OFC_MAX_HELD) return OFC_ERR_DEALING;
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
        return OFC_GAME_OK;
    }
    while (g->turn >= 0) {
        int err = ofc_policy_play(g, policy, rules, rng);
        if (err) return err;
    }
    return OFC_GAME_OK;
}
