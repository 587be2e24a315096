/* Monte Carlo: complete partial boards many times with the unseen cards,
 * dealt as the variant deals them and placed by a policy (ofc_sim.h). */
#include <string.h>
#include "ofc_sim.h"

int ofc_rollout_prepare(ofc_rollout_setup *s, int players, int first_round, int rounds, int round_cards,
                        int round_play, const uint8_t *boards, const int *fl_cards, const uint8_t *pool,
                        int npool, const uint8_t *fixed)
{
    int seat = 0;
    int need = ofc_game_from_boards(&s->start, players, first_round, rounds, round_cards, round_play, boards,
                                    fl_cards, &seat);
    if (need == OFC_ERR_BOARD) return OFC_ROLLOUT_BOARD - seat;
    if (need < 0) return OFC_ERR_DEALING;
    int nrandom = need;
    if (fixed)
        for (int i = 0; i < need; i++) nrandom -= fixed[i] != OFC_EMPTY;
    if (nrandom > npool) return OFC_ROLLOUT_POOL;
    s->players = players;
    s->need = need;
    s->nrandom = nrandom;
    s->npool = npool;
    s->fixed = fixed;
    memcpy(s->start.deck, pool, (size_t)npool);
    ofc_draw_groups(npool, nrandom, s->grp);
    return need;
}

/* Completion `index`'s deck: the cards its turns deal, in order (deck holds
 * OFC_DECK_BUFFER bytes). */
static void deal_completion(const ofc_rollout_setup *s, uint64_t seed, uint64_t index, uint8_t *deck)
{
    ofc_rng deal_rng;
    memcpy(deck, s->start.deck, OFC_DECK_BUFFER);
    ofc_rng_init(&deal_rng, seed, index);
    /* the first nrandom cards of a shuffle of the pool (partial Fisher-Yates),
     * drawn in place: start.deck holds the pool */
    ofc_draw_prefix(&deal_rng, deck, s->nrandom, s->grp);
    if (s->fixed) { /* the known cards at their positions, the drawn ones in the rest, in order */
        uint8_t drawn[OFC_MAX_DECK];
        memcpy(drawn, deck, (size_t)s->nrandom);
        for (int i = 0, j = 0; i < s->need; i++)
            deck[i] = s->fixed[i] != OFC_EMPTY ? s->fixed[i] : drawn[j++];
    }
}

void ofc_rollout_begin(const ofc_rollout_setup *s, ofc_game *g, uint64_t seed, uint64_t index, ofc_rng *rng)
{
    ofc_game_restart(g, &s->start);
    deal_completion(s, seed, index, g->deck);
    ofc_rng_init(rng, OFC_POLICY_SEED(seed), index);
    ofc_game_deal(g);
}

/* A completion's results per seat (royalty: the seat's total) added to the sums. */
static void add_seats(int players, const int32_t *net, const int32_t *royalty, const int32_t *fouled,
                      const int32_t *fl, int64_t *sums, int64_t *by_fantasyland)
{
    for (int p = 0; p < players; p++) {
        int64_t *s = sums + 5 * p;
        s[0] += net[p];
        s[1] += (int64_t)net[p] * net[p];
        s[2] += fouled[p];
        s[3] += fl[p] != 0;
        s[4] += royalty[p];
        if (by_fantasyland) ofc_fl_split_add(by_fantasyland, p, fl[p], net[p]);
    }
}

void ofc_rollout_add(const ofc_game *g, const ofc_rules *rules, int64_t *sums, int64_t *by_fantasyland)
{
    int32_t net[OFC_MAX_SEATS], roy[3 * OFC_MAX_SEATS], f[OFC_MAX_SEATS], fl[OFC_MAX_SEATS],
        total[OFC_MAX_SEATS];
    ofc_game_result(g, rules, net, roy, f, fl);
    for (int p = 0; p < g->players; p++) total[p] = roy[3 * p] + roy[3 * p + 1] + roy[3 * p + 2];
    add_seats(g->players, net, total, f, fl, sums, by_fantasyland);
}

/* The random policy's completions index0 .. index0+n-1, a block at a time
 * (ofc_policy_random_block; nobody in Fantasyland, at most one discard a
 * turn): the block's decks dealt, its turns played, its boards scored
 * together by the board kernel (ofc_analyze_batch; with jokers each by
 * ofc_game_result), and a completion whose policy stream left the plan
 * replayed one turn at a time.  The sums are those of one completion after
 * another. */
static void random_blocks(const ofc_rollout_setup *s, const ofc_rules *rules, uint64_t seed, int64_t index0,
                          int64_t n, int64_t *sums, int64_t *by_fantasyland)
{
    enum { B = OFC_RANDOM_BLOCK };
    const int P = s->players;
    ofc_random_turn turns[OFC_MAX_TURNS];
    ofc_game g = s->start; /* dealt: its first turn, to list the turns */
    ofc_game_deal(&g);
    int nturns = ofc_random_turns(&g, turns);
    uint8_t decks[B][OFC_DECK_BUFFER], boards[B * OFC_MAX_SEATS * OFC_BOARD_SIZE], redo[B];
    uint64_t state[B];
    uint8_t fouled[B * OFC_MAX_SEATS], fantasyland[B * OFC_MAX_SEATS], stays[B * OFC_MAX_SEATS];
    uint16_t value[3 * B * OFC_MAX_SEATS];
    int16_t royalty[3 * B * OFC_MAX_SEATS];
    memset(decks, 0, sizeof decks); /* a turn reads 8 bytes: defined ones past the deck */
    for (int64_t i0 = 0; i0 < n; i0 += B) {
        int len = n - i0 < B ? (int)(n - i0) : B;
        for (int i = 0; i < len; i++) {
            ofc_rng rng;
            uint64_t index = (uint64_t)(index0 + i0 + i);
            deal_completion(s, seed, index, decks[i]);
            ofc_rng_init(&rng, OFC_POLICY_SEED(seed), index);
            state[i] = rng.state;
        }
        ofc_policy_random_block(&s->start, turns, nturns, len, decks[0], OFC_DECK_BUFFER, state, boards,
                                redo);
        if (!s->start.jr.jokers) {
            ofc_analyze_batch(boards, (int64_t)len * P, NULL, rules, fouled, value, royalty, fantasyland,
                              stays);
            for (int i = 0; i < len; i++) {
                if (OFC_UNLIKELY(redo[i])) continue;
                int32_t net[OFC_MAX_SEATS], roy[OFC_MAX_SEATS], f[OFC_MAX_SEATS], fl[OFC_MAX_SEATS];
                int k = P * i;
                ofc_score_analyzed(value + 3 * k, fouled + k, fantasyland + k, royalty + 3 * k, P,
                                   rules->scoop_bonus, net, roy, f, fl);
                add_seats(P, net, roy, f, fl, sums, by_fantasyland);
            }
        } else {
            for (int i = 0; i < len; i++) {
                if (OFC_UNLIKELY(redo[i])) continue;
                memcpy(g.board, boards + OFC_BOARD_SIZE * P * i, (size_t)(OFC_BOARD_SIZE * P));
                ofc_rollout_add(&g, rules, sums, by_fantasyland);
            }
        }
        for (int i = 0; i < len; i++) {
            if (OFC_LIKELY(!redo[i])) continue;
            ofc_rng rng;
            ofc_rollout_begin(s, &g, seed, (uint64_t)(index0 + i0 + i), &rng);
            ofc_policy_random_finish(&g, &rng);
            ofc_rollout_add(&g, rules, sums, by_fantasyland);
        }
    }
}

int ofc_rollout_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                      int round_play, int policy, const double *params, const uint8_t *boards,
                      const int *fl_cards, const uint8_t *pool, int npool, uint64_t seed, int64_t index0,
                      int64_t n, int64_t *sums, const uint8_t *fixed, int64_t *by_fantasyland)
{
    return ofc_rollout_jokers_batch(rules, NULL, players, first_round, rounds, round_cards, round_play,
                                    policy, params, boards, fl_cards, pool, npool, seed, index0, n, sums,
                                    fixed, by_fantasyland);
}

/* (the loop itself; with jokers each hand's game carries the joker rules:
 * its result resolves them, the policies read them) */
int ofc_rollout_jokers_batch(const ofc_rules *rules, const ofc_joker_rules *jr, int players, int first_round,
                             int rounds, int round_cards, int round_play, int policy, const double *params,
                             const uint8_t *boards, const int *fl_cards, const uint8_t *pool, int npool,
                             uint64_t seed, int64_t index0, int64_t n, int64_t *sums, const uint8_t *fixed,
                             int64_t *by_fantasyland)
{
    ofc_rollout_setup s;
    int need = ofc_rollout_prepare(&s, players, first_round, rounds, round_cards, round_play, boards,
                                   fl_cards, pool, npool, fixed);
    if (need < 0) return need;
    if (policy < 0 || policy >= ofc_policy_count) return OFC_ERR_POLICY;
    if (jr) s.start.jr = *jr;
    ofc_game g = s.start;
    int fl = 0;
    for (int p = 0; p < players; p++) fl |= s.start.fl_cards[p];
    /* the engine's speed test: the random policy a block of completions at
     * a time, the checks of ofc_policy_finish once for the batch (with more
     * than one discard a turn its draws are not one a turn: below) */
    if (policy == OFC_POLICY_RANDOM && !fl && s.start.nturns > 0 && first_round <= OFC_MAX_HELD
        && round_cards <= OFC_MAX_HELD && round_cards - round_play <= 1) {
        random_blocks(&s, rules, seed, index0, n, sums, by_fantasyland);
        return 0;
    }
    for (int64_t i = 0; i < n; i++) {
        ofc_rng rng;
        ofc_rollout_begin(&s, &g, seed, (uint64_t)(index0 + i), &rng);
        if (ofc_policy_finish(&g, policy, rules, params, &rng)) return OFC_ERR_POLICY;
        ofc_rollout_add(&g, rules, sums, by_fantasyland);
    }
    return 0;
}

int ofc_rollout_next_turns(int players, int first_round, int rounds, int round_cards, int round_play,
                           const uint8_t *boards, const int *fl_cards, int *offset, int *count)
{
    ofc_game g;
    int seat = 0;
    int need = ofc_game_from_boards(&g, players, first_round, rounds, round_cards, round_play, boards,
                                    fl_cards, &seat);
    if (need == OFC_ERR_BOARD) return OFC_ROLLOUT_BOARD - seat;
    if (need < 0) return OFC_ERR_DEALING;
    /* the engine's own dealing over a deck of positions: each turn's first
     * card is where it starts (turns end without placing anything) */
    for (int i = 0; i < OFC_DECK_BUFFER; i++) g.deck[i] = (uint8_t)i;
    for (int p = 0; p < players; p++) offset[p] = -1, count[p] = 0;
    ofc_game_deal(&g);
    while (g.turn >= 0) {
        if (offset[g.turn] < 0) offset[g.turn] = g.held[0], count[g.turn] = g.nheld;
        ofc_game_end_turn(&g);
    }
    return need;
}
