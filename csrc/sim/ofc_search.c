/* The search of one decision (ofc_sim.h): every legal placement of the seat
 * to act, ranked by the heuristic policy's static score, a shortlist of them
 * completed by successive halving with common random numbers (option k's
 * completion i deals and draws exactly as ofc_rollout_batch's completion i
 * of the same seed), and, where the move completes the seat's board and the
 * unseen cards can fall few enough ways, every way once: an exact expectation. */
#include <stdlib.h>
#include <string.h>
#include "ofc_sim.h"

enum { EXACT_GROUPS = 16, EXACT_CARDS = 32, SPLIT = OFC_FL_BUCKETS * OFC_FL_SPLIT };

struct ofc_search {
    const ofc_rules *rules;
    ofc_joker_rules jr;
    int policy, players, k;
    const double *params; /* NULL or params_copy */
    double params_copy[OFC_POLICY_MAX_PARAMS];
    uint64_t seed;
    int first_round, rounds, round_cards, round_play;
    int fl[OFC_MAX_SEATS], has_fl;
    uint8_t pool[OFC_MAX_DECK];
    int npool;
    uint8_t fixed[OFC_DECK_BUFFER];
    int has_fixed;
    uint16_t code[OFC_MAX_LEGAL];
    int rank[OFC_MAX_LEGAL]; /* options in the heuristic's order, best first */
    uint8_t *boards;         /* k * players * 13: each option's boards */
    ofc_rollout_setup *setup;
    int64_t *sums;                /* k * players * 5 */
    int64_t *split;               /* k * players * OFC_FL_BUCKETS * OFC_FL_SPLIT: as ofc_fl_split_add */
    double value[OFC_FL_BUCKETS]; /* points credited per Fantasyland card count (the choice's mean) */
    int64_t *n;
    /* the exact model: the turns left after the move, as groups of dealt
     * positions (the EMPTY ones of fixed), and how many deals they make */
    int ngroups, group_cards[EXACT_GROUPS], group_pos[EXACT_GROUPS][EXACT_CARDS];
    int64_t deals; /* -1: the move does not complete the seat's board */
    /* successive halving: the options still in, and the round */
    int alive[OFC_MAX_LEGAL], nalive, round, rounds_left, cut;
    int64_t spent, budget;
    volatile int stop;
};

void ofc_search_stop(ofc_search *s, int on)
{
    s->stop = on;
}

void ofc_search_free(ofc_search *s)
{
    if (!s) return;
    free(s->boards);
    free(s->setup);
    free(s->sums);
    free(s->split);
    free(s->n);
    free(s);
}

/* C(m, e), or cap + 1 past cap. */
static int64_t choose_capped(int m, int e, int64_t cap)
{
    if (e < 0 || e > m) return 0;
    int64_t c = 1;
    for (int i = 1; i <= e; i++) {
        c = c * (m - e + i) / i; /* exact: c * (m-e+i) is C(m-e+i, i) * i */
        if (c > cap) return cap + 1;
    }
    return c;
}

/* The turns the boards of option 0 have left, as groups of dealt positions
 * (the engine's dealing over a deck of positions, as ofc_rollout_next_turns),
 * and the number of deals of the unseen cards to their EMPTY positions. */
static void exact_groups(ofc_search *s)
{
    s->deals = -1;
    s->ngroups = 0;
    int placed = 0;
    for (int i = 0; i < OFC_BOARD_SIZE; i++) placed += s->boards[i] != OFC_EMPTY;
    if (placed != OFC_BOARD_SIZE) return;
    ofc_game g;
    int seat = 0;
    if (ofc_game_from_boards(&g, s->players, s->first_round, s->rounds, s->round_cards, s->round_play,
                             s->boards, s->has_fl ? s->fl : NULL, &seat)
        < 0)
        return;
    for (int i = 0; i < OFC_DECK_BUFFER; i++) g.deck[i] = (uint8_t)i;
    ofc_game_deal(&g);
    int64_t deals = 1, cap = (int64_t)1 << 40;
    int left = s->npool;
    while (g.turn >= 0) {
        if (s->ngroups == EXACT_GROUPS) return;
        int *pos = s->group_pos[s->ngroups], e = 0;
        for (int i = 0; i < g.nheld; i++)
            if (!s->has_fixed || s->fixed[g.held[i]] == OFC_EMPTY) {
                if (e == EXACT_CARDS) return;
                pos[e++] = g.held[i];
            }
        s->group_cards[s->ngroups++] = e;
        int64_t c = choose_capped(left, e, cap);
        if (c > cap / (deals > 0 ? deals : 1)) return;
        deals *= c;
        left -= e;
        ofc_game_end_turn(&g);
    }
    s->deals = deals;
}

int ofc_search_new(ofc_search **out, const ofc_rules *rules, const ofc_joker_rules *jr, int players,
                   int first_round, int rounds, int round_cards, int round_play, int policy,
                   const double *params, const uint8_t *boards, const uint8_t *held, int nheld,
                   const int *fl_cards, const uint8_t *pool, int npool, const uint8_t *fixed, uint64_t seed)
{
    *out = NULL;
    if (policy < 0 || policy >= ofc_policy_count) return OFC_ERR_POLICY;
    if (players < 1 || players > OFC_MAX_SEATS || npool < 0 || npool > OFC_MAX_DECK || nheld < 1
        || nheld > OFC_MAX_HELD)
        return OFC_ERR_DEALING;
    /* the legal placements: the engine's legal codes of player 0's board holding
     * these cards (alone: as _play.legal_placements lists them, in code order) */
    ofc_game g;
    int seat = 0;
    int err = ofc_game_from_boards(&g, 1, first_round, rounds, round_cards, round_play, boards, NULL, &seat);
    if (err == OFC_ERR_BOARD) return OFC_ROLLOUT_BOARD;
    if (err < 0) return OFC_ERR_DEALING;
    memcpy(g.deck, held, (size_t)nheld);
    ofc_game_deal(&g);
    if (g.turn != 0 || g.nheld != nheld || g.fl_cards[0]) return OFC_SEARCH_NO_MOVE;
    uint8_t mask[OFC_ACTIONS];
    int k = ofc_game_legal(&g, mask);
    if (k <= 0) return OFC_SEARCH_NO_MOVE;
    ofc_search *s = calloc(1, sizeof *s);
    if (!s) return OFC_NO_MEMORY;
    s->boards = malloc((size_t)k * (size_t)players * OFC_BOARD_SIZE);
    s->setup = malloc((size_t)k * sizeof *s->setup);
    s->sums = calloc((size_t)k * (size_t)players * 5, sizeof *s->sums);
    s->split = calloc((size_t)k * (size_t)players * SPLIT, sizeof *s->split);
    s->n = calloc((size_t)k, sizeof *s->n);
    if (!s->boards || !s->setup || !s->sums || !s->split || !s->n) {
        ofc_search_free(s);
        return OFC_NO_MEMORY;
    }
    s->rules = rules;
    if (jr) s->jr = *jr;
    s->policy = policy;
    if (params) {
        memcpy(s->params_copy, params, (size_t)ofc_policies[policy].nparams * sizeof(double));
        s->params = s->params_copy;
    }
    s->players = players;
    s->k = k;
    s->seed = seed;
    s->first_round = first_round;
    s->rounds = rounds;
    s->round_cards = round_cards;
    s->round_play = round_play;
    if (fl_cards) {
        s->has_fl = 1;
        memcpy(s->fl, fl_cards, sizeof s->fl);
    }
    memcpy(s->pool, pool, (size_t)npool);
    s->npool = npool;
    memset(s->fixed, OFC_EMPTY, sizeof s->fixed);
    for (unsigned c = 0, i = 0; c < (1u << (2 * g.nheld)); c++) {
        if (!mask[c]) continue;
        ofc_game after = g;
        ofc_game_apply_legal(&after, c);
        s->code[i] = (uint16_t)c;
        uint8_t *b = s->boards + (size_t)i * players * OFC_BOARD_SIZE;
        memcpy(b, boards, (size_t)players * OFC_BOARD_SIZE);
        memcpy(b, after.board[0], OFC_BOARD_SIZE);
        i++;
    }
    /* each option's completions: prepared as ofc_rollout_batch prepares them */
    for (int i = 0; i < k; i++) {
        int need = ofc_rollout_prepare(&s->setup[i], players, first_round, rounds, round_cards, round_play,
                                       s->boards + (size_t)i * players * OFC_BOARD_SIZE, fl_cards, pool,
                                       npool, NULL);
        if (need < 0) {
            ofc_search_free(s);
            return need;
        }
        if (i == 0 && fixed) {
            memcpy(s->fixed, fixed, (size_t)need);
            for (int j = 0; j < need; j++) s->has_fixed |= fixed[j] != OFC_EMPTY;
        }
        if (s->has_fixed) { /* again, with the known cards */
            need = ofc_rollout_prepare(&s->setup[i], players, first_round, rounds, round_cards, round_play,
                                       s->boards + (size_t)i * players * OFC_BOARD_SIZE, fl_cards, pool,
                                       npool, s->fixed);
            if (need < 0) {
                ofc_search_free(s);
                return need;
            }
        }
        if (jr) s->setup[i].start.jr = *jr;
    }
    /* the heuristic's order: ranked on the whole table when seat 0 acts first
     * there (the policy then sees every board), else on seat 0's board alone */
    uint16_t best[OFC_MAX_LEGAL];
    ofc_game table;
    int nbest = 0;
    if (ofc_game_from_boards(&table, players, first_round, rounds, round_cards, round_play, boards, fl_cards,
                             &seat)
        >= 0) {
        memcpy(table.deck, held, (size_t)nheld);
        ofc_game_deal(&table);
        if (table.turn == 0 && table.nheld == nheld) {
            if (jr) table.jr = *jr;
            nbest = ofc_policy_heuristic_shortlist(&table, rules, k, best);
        }
    }
    if (nbest == 0) {
        if (jr) g.jr = *jr;
        nbest = ofc_policy_heuristic_shortlist(&g, rules, k, best);
    }
    uint8_t taken[OFC_ACTIONS] = {0};
    int r = 0;
    for (int j = 0; j < nbest; j++)
        for (int i = 0; i < k; i++)
            if (s->code[i] == best[j] && !taken[best[j]]) {
                taken[best[j]] = 1;
                s->rank[r++] = i;
            }
    for (int i = 0; i < k; i++) /* any the ranking left out, in code order */
        if (!taken[s->code[i]]) s->rank[r++] = i;
    exact_groups(s);
    *out = s;
    return 0;
}

int ofc_search_options(const ofc_search *s)
{
    return s->k;
}

int ofc_search_code(const ofc_search *s, int option)
{
    return s->code[option];
}

int ofc_search_rank(const ofc_search *s, int place)
{
    return s->rank[place];
}

const uint8_t *ofc_search_boards(const ofc_search *s, int option)
{
    return s->boards + (size_t)option * s->players * OFC_BOARD_SIZE;
}

const int64_t *ofc_search_split(const ofc_search *s, int option)
{
    return s->split + (size_t)option * s->players * SPLIT;
}

void ofc_search_value(ofc_search *s, const double *value)
{
    for (int c = 0; c < OFC_FL_BUCKETS; c++) s->value[c] = value && c ? value[c] : 0.0;
}

const int64_t *ofc_search_sums(const ofc_search *s, int option, int64_t *n)
{
    if (n) *n = s->n[option];
    return s->sums + (size_t)option * s->players * 5;
}

int64_t ofc_search_deals(const ofc_search *s)
{
    return s->deals;
}

int ofc_search_extend(ofc_search *s, int option, int64_t n)
{
    const ofc_rollout_setup *st = &s->setup[option];
    int64_t *sums = s->sums + (size_t)option * s->players * 5;
    int64_t *split = s->split + (size_t)option * s->players * SPLIT;
    ofc_game g = st->start;
    for (int64_t i = s->n[option]; i < n; i++) {
        if (s->stop) return OFC_SEARCH_STOPPED;
        ofc_rng rng;
        ofc_rollout_begin(st, &g, s->seed, (uint64_t)i, &rng);
        if (ofc_policy_finish(&g, s->policy, s->rules, s->params, &rng)) return OFC_ERR_POLICY;
        ofc_rollout_add(&g, s->rules, sums, split);
        s->n[option] = i + 1;
    }
    return 0;
}

/* The next k-subset (ascending indices c[0..e) of 0..m-1); 0 after the last. */
static int next_subset(int *c, int e, int m)
{
    int i = e - 1;
    while (i >= 0 && c[i] == m - e + i) i--;
    if (i < 0) return 0;
    c[i]++;
    for (int j = i + 1; j < e; j++) c[j] = c[j - 1] + 1;
    return 1;
}

/* The cards left to group g+1 and on: avail[g] without group g's choice. */
static void avail_after(const int *c, int e, const uint8_t *avail, int m, uint8_t *next)
{
    for (int i = 0, j = 0, w = 0; i < m; i++) {
        if (j < e && c[j] == i) {
            j++;
            continue;
        }
        next[w++] = avail[i];
    }
}

int ofc_search_exact(ofc_search *s, int option)
{
    if (s->deals < 0) return OFC_SEARCH_NO_MOVE;
    /* the deal of every position: the known cards, and the group's choice */
    uint8_t deal[OFC_DECK_BUFFER];
    memcpy(deal, s->fixed, sizeof deal);
    int G = s->ngroups, c[EXACT_GROUPS][EXACT_CARDS], m[EXACT_GROUPS + 1];
    uint8_t avail[EXACT_GROUPS + 1][OFC_MAX_DECK];
    memcpy(avail[0], s->pool, (size_t)s->npool);
    m[0] = s->npool;
    for (int g = 0; g < G; g++) {
        for (int i = 0; i < s->group_cards[g]; i++) c[g][i] = i;
        avail_after(c[g], s->group_cards[g], avail[g], m[g], avail[g + 1]);
        m[g + 1] = m[g] - s->group_cards[g];
    }
    /* every position dealt: nothing drawn (the first deal in place for prepare) */
    for (int g = 0; g < G; g++)
        for (int i = 0; i < s->group_cards[g]; i++) deal[s->group_pos[g][i]] = avail[g][c[g][i]];
    ofc_rollout_setup st;
    int need = ofc_rollout_prepare(&st, s->players, s->first_round, s->rounds, s->round_cards, s->round_play,
                                   s->boards + (size_t)option * s->players * OFC_BOARD_SIZE,
                                   s->has_fl ? s->fl : NULL, s->pool, s->npool, deal);
    if (need < 0) return need;
    st.start.jr = s->jr;
    int64_t *sums = s->sums + (size_t)option * s->players * 5;
    int64_t *split = s->split + (size_t)option * s->players * SPLIT;
    memset(sums, 0, (size_t)s->players * 5 * sizeof *sums);
    memset(split, 0, (size_t)s->players * SPLIT * sizeof *split);
    s->n[option] = 0;
    ofc_game gm = st.start;
    for (int64_t j = 0;; j++) {
        if (s->stop) return OFC_SEARCH_STOPPED;
        for (int g = 0; g < G; g++)
            for (int i = 0; i < s->group_cards[g]; i++) deal[s->group_pos[g][i]] = avail[g][c[g][i]];
        ofc_rng rng;
        ofc_rollout_begin(&st, &gm, s->seed, (uint64_t)j, &rng);
        if (ofc_policy_finish(&gm, s->policy, s->rules, s->params, &rng)) return OFC_ERR_POLICY;
        ofc_rollout_add(&gm, s->rules, sums, split);
        s->n[option] = j + 1;
        /* the next deal: the last group's next subset, or an earlier group's
         * and every later group from its first */
        int g = G - 1;
        while (g >= 0 && !next_subset(c[g], s->group_cards[g], m[g])) g--;
        if (g < 0) break;
        for (int h = g; h < G - 1; h++) {
            avail_after(c[h], s->group_cards[h], avail[h], m[h], avail[h + 1]);
            for (int i = 0; i < s->group_cards[h + 1]; i++) c[h + 1][i] = i;
        }
    }
    return 0;
}

/* ---- successive halving ------------------------------------------------------ */

static double mean_of(const ofc_search *s, int option)
{
    int64_t n = s->n[option];
    if (!n) return 0.0;
    /* player 0's net points, and the value credited for its Fantasyland cards */
    double total = (double)s->sums[(size_t)option * s->players * 5];
    const int64_t *by = s->split + (size_t)option * s->players * SPLIT;
    for (int c = 1; c < OFC_FL_BUCKETS; c++)
        if (s->value[c] != 0.0) total += s->value[c] * (double)by[OFC_FL_SPLIT * c];
    return total / (double)n;
}

void ofc_search_halving(ofc_search *s, int64_t budget, int first, int shortlist)
{
    int K = first < s->k ? first : s->k;
    if (K < 1) K = 1;
    if (shortlist < 1) shortlist = 1;
    s->nalive = K;
    s->cut = shortlist;
    for (int i = 0; i < K; i++) s->alive[i] = s->rank[i];
    /* the first round, cut to the shortlist when it holds more, then halving */
    int rounds = K > shortlist, kept = K > shortlist ? shortlist : K, halvings = 0;
    while ((1 << halvings) < kept) halvings++;
    rounds += halvings;
    s->rounds_left = rounds < 1 ? 1 : rounds;
    s->round = 0;
    s->spent = 0;
    s->budget = budget;
}

int64_t ofc_search_next_round(ofc_search *s, int *which, int *count)
{
    if (s->rounds_left <= 0 || s->nalive <= 0) return 0;
    if (s->round > 0) {
        /* keep the shortlist after the first round, then the better half (by
         * mean; the heuristic's order among equals) */
        int keep = s->nalive > s->cut ? s->cut : (s->nalive + 1) / 2;
        for (int i = 1; i < s->nalive; i++) { /* a stable insertion sort: few options */
            int x = s->alive[i], j = i;
            double v = mean_of(s, x);
            while (j > 0 && mean_of(s, s->alive[j - 1]) < v) {
                s->alive[j] = s->alive[j - 1];
                j--;
            }
            s->alive[j] = x;
        }
        s->nalive = keep;
    }
    /* this round's share of what is left, spread over the options still in */
    int64_t share = (s->budget - s->spent) / s->rounds_left / s->nalive;
    if (share < 1) share = 1;
    int64_t target = 0;
    for (int i = 0; i < s->nalive; i++)
        if (s->n[s->alive[i]] > target) target = s->n[s->alive[i]];
    target += share;
    for (int i = 0; i < s->nalive; i++) {
        which[i] = s->alive[i];
        s->spent += target - s->n[s->alive[i]];
    }
    *count = s->nalive;
    s->round++;
    s->rounds_left--;
    return target;
}
