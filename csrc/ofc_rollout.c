/* Monte Carlo: complete partial boards many times with the unseen cards,
 * dealt as the variant deals them and placed by a policy (ofc_sim.h). */
#include <string.h>
#include "ofc_sim.h"

int ofc_rollout_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                      int round_play, int policy, const double *params, const uint8_t *boards, const int *fl_cards,
                      const uint8_t *pool, int npool, uint64_t seed, int64_t index0, int64_t n, int64_t *sums)
{
    /* the state every completion starts from */
    ofc_game start;
    int seat = 0;
    int need = ofc_game_from_boards(&start, players, first_round, rounds, round_cards, round_play, boards,
                                    fl_cards, &seat);
    if (need == OFC_ERR_BOARD) return -1 - seat;
    if (need < 0) return OFC_ROLLOUT_DEALING;
    if (policy < 0 || policy >= ofc_policy_count) return OFC_ROLLOUT_POLICY;
    if (need > npool) return OFC_ROLLOUT_POOL;
    memcpy(start.deck, pool, (size_t)npool);
    ofc_draw_group grp[(OFC_DECK_SIZE + 2) / 3];
    ofc_draw_groups(npool, need, grp);
    ofc_game g = start;
    for (int64_t i = 0; i < n; i++) {
        ofc_game_restart(&g, &start);
        memcpy(g.deck, start.deck, sizeof g.deck);
        uint64_t index = (uint64_t)(index0 + i);
        ofc_rng deal_rng, rng;
        ofc_rng_init(&deal_rng, seed, index);
        ofc_rng_init(&rng, seed ^ 0xA0761D6478BD642Full, index);
        /* the first `need` cards of a shuffle of the pool (partial
         * Fisher-Yates), drawn in place: start.deck holds the pool */
        ofc_draw_prefix(&deal_rng, g.deck, need, grp);
        ofc_game_deal(&g);
        if (ofc_policy_finish(&g, policy, rules, params, &rng)) return OFC_ROLLOUT_POLICY;
        int32_t net[OFC_MAX_SEATS], roy[3 * OFC_MAX_SEATS], f[OFC_MAX_SEATS], fl[OFC_MAX_SEATS];
        ofc_game_result(&g, rules, net, roy, f, fl);
        for (int p = 0; p < players; p++) {
            int64_t *s = sums + 5 * p;
            s[0] += net[p];
            s[1] += (int64_t)net[p] * net[p];
            s[2] += f[p];
            s[3] += fl[p] != 0;
            s[4] += roy[3 * p] + roy[3 * p + 1] + roy[3 * p + 2];
        }
    }
    return 0;
}
