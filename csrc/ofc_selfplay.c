/* Self-play: whole hands dealt from a seed, every seat played by one policy,
 * and the batch's totals and histograms (ofc_sim.h). */
#include <string.h>
#include "ofc_sim.h"

int ofc_selfplay_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                       int round_play, int policy, const double *params, uint64_t seed, int64_t index0,
                       int64_t n, int32_t *net, int32_t *royalty, uint8_t *fouled, uint8_t *fantasyland,
                       ofc_selfplay_totals *totals)
{
    return ofc_selfplay_jokers_batch(rules, NULL, players, first_round, rounds, round_cards, round_play,
                                     policy, params, seed, index0, n, net, royalty, fouled, fantasyland,
                                     totals);
}

int ofc_selfplay_jokers_batch(const ofc_rules *rules, const ofc_joker_rules *jr, int players, int first_round,
                              int rounds, int round_cards, int round_play, int policy, const double *params,
                              uint64_t seed, int64_t index0, int64_t n, int32_t *net, int32_t *royalty,
                              uint8_t *fouled, uint8_t *fantasyland, ofc_selfplay_totals *totals)
{
    int jokers = jr ? jr->jokers : 0;
    ofc_game start[OFC_MAX_SEATS], games[OFC_MAX_SEATS];
    int need = players * (first_round + rounds * round_cards);
    if (policy < 0 || policy >= ofc_policy_count) return OFC_ERR_POLICY;
    /* a hand as ofc_game_start begins it, per button: each hand restarts
     * that button's game and deals its own deck */
    for (int b = 0; b < players; b++) {
        int err = ofc_game_start_jokers(&start[b], players, first_round, rounds, round_cards, round_play,
                                        seed, 0, b, 0, jr);
        if (err) return err;
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
        ofc_shuffle_jokers(seed, hand, need, jokers, g->deck);
        memcpy(g->held, g->deck, (size_t)first_round);
        int err = ofc_policy_finish(g, policy, rules, params, &rng);
        if (err) return err;
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
                if (totals->by_fantasyland) ofc_fl_split_add(totals->by_fantasyland, p, fl[p], pts[p]);
            }
        }
    }
    return OFC_GAME_OK;
}
