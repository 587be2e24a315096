/* The greedy policy (ofc_play.h): one step of look-ahead.  The heuristic
 * policy's few best placements (ofc_policy_heuristic.c) are each scored by
 * a hand-made value of the board it makes plus a sampled outlook, and a
 * placement after which every completion fouls (ofc_partial_can_avoid_foul
 * over the cards the seat cannot see) is taken only when all are.  The
 * value: royalties of complete rows, made pairs and trips, flush and
 * straight draws in the 5-card rows (Low: low, unpaired cards in the
 * middle), a bonus for a Fantasyland top, and a penalty for a top that
 * outranks what the middle holds so far.  The outlook: the board completed a
 * few dozen times (the seat's later turns dealt from the unseen cards and
 * played by the heuristic policy), scored by how often that fouls and what
 * it earns.  Fantasyland: the exact solver (ofc_policy_parts.c). */
#include <string.h>
#include "ofc_play.h"
#include "ofc_policy_parts.h"

/* Value of the placed cards of one row (len = its slots). */
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

/* Made-hand level of the placed cards of a row (level_of). */
static double row_level(const uint8_t *row, int len)
{
    uint8_t count[OFC_RANKS] = {0};
    for (int i = 0; i < len; i++)
        if (row[i] != OFC_EMPTY) count[row[i] >> 2]++;
    return level_of(count);
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

/* greedy looks ahead from the heuristic's best few placements only (the
 * completions cost a heuristic turn each of the seat's turns left) */
enum { GREEDY_SHORTLIST = 8 };

/* Counts a completed board f: a foul, or what it earns (royalties and the
 * Fantasyland bonus). */
static void outlook_add(const uint8_t *f, const ofc_game *g, const ofc_rules *rules, int *fouls,
                        double *earned)
{
    ofc_board_result res;
    complete_board(f, rules, &g->jr, &res);
    if (res.fouled)
        (*fouls)++;
    else
        *earned +=
            res.royalty[0] + res.royalty[1] + res.royalty[2] + (res.fantasyland ? outlook_fantasyland : 0.0);
}

/* OUTLOOK_FILLS completions of the seat's board after placement `code` of g
 * (board b, at least one empty slot; jokers resolved as the deck's rules
 * say): the seat's turns left dealt from a
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
                play_on(&s, p, ofc_pol_heuristic_default_code(&s, rules));
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
    int npool = unseen_pool(g, pool);
    int nshort = ofc_policy_heuristic_shortlist(g, rules, GREEDY_SHORTLIST, shortlist);
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

/* The policy's turn (its registry entry, ofc_policies.c). */
int ofc_pol_greedy(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng)
{
    (void)params;
    if (g->fl_cards[g->turn]) {
        uint8_t board[OFC_BOARD_SIZE];
        ofc_pol_solver_set(g, rules, rng, board);
        return ofc_game_set(g, board);
    }
    return ofc_game_apply(g, greedy_code(g, rules, rng));
}
