/*
 * ofc_sim.h -- the sim layer of the C core: self-play of whole hands
 * (csrc/ofc_selfplay.c) and Monte Carlo completions of partial boards
 * (csrc/ofc_rollout.c), every seat played by a policy.  Includes the play
 * layer (ofc_play.h); ofc_fast.h includes every layer.
 */
#ifndef OFC_SIM_H
#define OFC_SIM_H

#include "ofc_play.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Self-play (csrc/ofc_selfplay.c) ------------------------------------- */
/* Totals of a batch of self-play, added to (not overwritten): per seat p,
 * sums[5p .. 5p+4] = net points, their squares, fouls, Fantasyland entries and
 * royalties; points_hist[p * (2 points_range + 1) + points_range + net points
 * clipped to +-points_range] and royalty_hist[p * (royalty_range + 1) +
 * royalties clipped to 0..royalty_range] count hands. */
typedef struct ofc_selfplay_totals {
    int64_t *sums, *points_hist, *royalty_hist;
    int points_range, royalty_range;
} ofc_selfplay_totals;

/* Self-play of hands index0 .. index0+n-1 (hand i deals from stream (seed,
 * i), the button on seat i % players, nobody in Fantasyland), every seat played by
 * `policy` with its parameters (NULL: its defaults).  Per hand and seat: net points, royalties (sum), fouled, and the
 * Fantasyland cards earned, and the batch's totals; any output may be NULL.
 * Returns 0, or an error of ofc_game_start or ofc_policy_play (nothing
 * written then). */
int ofc_selfplay_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                       int round_play, int policy, const double *params, uint64_t seed, int64_t index0, int64_t n, int32_t *net,
                       int32_t *royalty, uint8_t *fouled, uint8_t *fantasyland, ofc_selfplay_totals *totals);

/* ---- Monte Carlo (csrc/ofc_rollout.c) --------------------------------------
 * Completions index0 .. index0+n-1 of `players` partial boards (13 bytes
 * each, seats in turn order): the first cards of a shuffle of the pool (the
 * unseen cards) by stream (seed, i) are dealt to the boards' remaining turns
 * round the table and placed by `policy` (params: its parameters, NULL:
 * its defaults).  fl_cards (NULL: nobody) gives a
 * seat in Fantasyland its card count: its board is empty (it sets all 13
 * from that many cards, before the others' turns) or complete, and its
 * stay in Fantasyland is judged as the rules say for a player in it.  Per
 * player, sums[5p .. 5p+4] += net points, their squares, fouls, Fantasyland
 * entries (or stays), royalties.  Returns 0, -1-p when player p's board has
 * an impossible count, or one of OFC_ROLLOUT_*. */
enum {
    OFC_ROLLOUT_POOL = -10,    /* the pool has fewer cards than the turns left deal */
    OFC_ROLLOUT_DEALING = -11, /* dealing the engine cannot play (OFC_ERR_DEALING) */
    OFC_ROLLOUT_POLICY = -12   /* no policy has that number */
};
int ofc_rollout_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                      int round_play, int policy, const double *params, const uint8_t *boards, const int *fl_cards,
                      const uint8_t *pool, int npool, uint64_t seed, int64_t index0, int64_t n,
                      int64_t *sums);

#ifdef __cplusplus
}
#endif
#endif /* OFC_SIM_H */
