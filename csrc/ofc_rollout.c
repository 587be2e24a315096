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
    if (need == OFC_ERR_BOARD) return -1 - seat;
    if (need < 0) return OFC_ROLLOUT_DEALING;
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

void ofc_rollout_begin(const ofc_rollout_setup *s, ofc_game *g, uint64_t seed, uint64_t index, ofc_rng *rng)
{
    ofc_rng deal_rng;
    ofc_game_restart(g, &s->start);
    memcpy(g->deck, s->start.deck, sizeof g->deck);
    ofc_rng_init(&deal_rng, seed, index);
    ofc_rng_init(rng, seed ^ 0xA0761D6478BD642Full, index);
    /* the first nrandom cards of a shuffle of the pool (partial Fisher-Yates),
     * drawn in place: start.deck holds the pool */
    ofc_draw_prefix(&deal_rng, g->deck, s->nrandom, s->grp);
    if (s->fixed) { /* the known cards at their positions, the drawn ones in the rest, in order */
        uint8_t drawn[OFC_MAX_DECK];
        memcpy(drawn, g->deck, (size_t)s->nrandom);
        for (int i = 0, j = 0; i < s->need; i++)
            g->deck[i] = s->fixed[i] != OFC_EMPTY ? s->fixed[i] : drawn[j++];
    }
    ofc_game_deal(g);
}

void ofc_rollout_add(const ofc_game *g, const ofc_rules *rules, int64_t *sums, int64_t *by_fantasyland)
{
    int32_t net[OFC_MAX_SEATS], roy[3 * OFC_MAX_SEATS], f[OFC_MAX_SEATS], fl[OFC_MAX_SEATS];
    ofc_game_result(g, rules, net, roy, f, fl);
    for (int p = 0; p < g->players; p++) {
        int64_t *s = sums + 5 * p;
        s[0] += net[p];
        s[1] += (int64_t)net[p] * net[p];
        s[2] += f[p];
        s[3] += fl[p] != 0;
        s[4] += roy[3 * p] + roy[3 * p + 1] + roy[3 * p + 2];
        if (by_fantasyland) ofc_fl_split_add(by_fantasyland, p, fl[p], net[p]);
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
    if (policy < 0 || policy >= ofc_policy_count) return OFC_ROLLOUT_POLICY;
    if (jr) s.start.jr = *jr;
    ofc_game g = s.start;
    int fl = 0;
    for (int p = 0; p < players; p++) fl |= s.start.fl_cards[p];
    if (policy == OFC_POLICY_RANDOM && !fl && s.start.turn >= 0 && first_round <= OFC_MAX_HELD
        && round_cards <= OFC_MAX_HELD) {
        /* the engine's speed test: the checks of ofc_policy_finish once for
         * the batch, not once a completion */
        for (int64_t i = 0; i < n; i++) {
            ofc_rng rng;
            ofc_rollout_begin(&s, &g, seed, (uint64_t)(index0 + i), &rng);
            ofc_policy_random_finish(&g, &rng);
            ofc_rollout_add(&g, rules, sums, by_fantasyland);
        }
        return 0;
    }
    for (int64_t i = 0; i < n; i++) {
        ofc_rng rng;
        ofc_rollout_begin(&s, &g, seed, (uint64_t)(index0 + i), &rng);
        if (ofc_policy_finish(&g, policy, rules, params, &rng)) return OFC_ROLLOUT_POLICY;
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
    if (need == OFC_ERR_BOARD) return -1 - seat;
    if (need < 0) return OFC_ROLLOUT_DEALING;
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
