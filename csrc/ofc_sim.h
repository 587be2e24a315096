/*
 * ofc_sim.h -- the sim layer of the C core: self-play of whole hands
 * (csrc/sim/ofc_selfplay.c) and Monte Carlo completions of partial boards
 * (csrc/sim/ofc_rollout.c), every seat played by a policy.  Includes the play
 * layer (ofc_play.h); ofc_fast.h includes every layer.
 */
#ifndef OFC_SIM_H
#define OFC_SIM_H

#include "ofc_play.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The policies' random stream of hand (or completion) i of seed s is stream
 * (OFC_POLICY_SEED(s), i), beside the deck's (s, i). */
#define OFC_POLICY_SEED(seed) ((seed) ^ 0xA0761D6478BD642Full)

/* ---- Self-play (csrc/sim/ofc_selfplay.c) ------------------------------------- */
/* Totals of a batch of self-play, added to (not overwritten): per seat p,
 * sums[5p .. 5p+4] = net points, their squares, fouls, Fantasyland entries and
 * royalties; points_hist[p * (2 points_range + 1) + points_range + net points
 * clipped to +-points_range] and royalty_hist[p * (royalty_range + 1) +
 * royalties clipped to 0..royalty_range] count hands. */
typedef struct ofc_selfplay_totals {
    int64_t *sums, *points_hist, *royalty_hist;
    int points_range, royalty_range;
    int64_t *by_fantasyland; /* NULL, or as ofc_fl_split_add (a Fantasyland value's exact sums) */
} ofc_selfplay_totals;

/* Hands split by the Fantasyland cards each earns, so that a value credited
 * for Fantasyland (fantasyland_value in Python) is added exactly afterwards:
 * per seat p and card count k (0: no Fantasyland; else the cards of the next
 * hand, entry or stay), by[OFC_FL_SPLIT * (OFC_FL_BUCKETS * p + k) ..] holds
 * hands, the sum of their net points, and their least and greatest net
 * points (the last two meaningful once hands > 0). */
#define OFC_FL_BUCKETS (OFC_DECK_SIZE + 1)
#define OFC_FL_SPLIT   4
static inline void ofc_fl_split_add(int64_t *by, int p, int cards, int32_t net)
{
    int64_t *b = by + OFC_FL_SPLIT * (OFC_FL_BUCKETS * p + (cards < 0 || cards > OFC_DECK_SIZE ? 0 : cards));
    if (b[0] == 0 || net < b[2]) b[2] = net;
    if (b[0] == 0 || net > b[3]) b[3] = net;
    b[0]++;
    b[1] += net;
}

/* Self-play of hands index0 .. index0+n-1 (hand i deals from stream (seed,
 * i), the button on seat i % players, nobody in Fantasyland), every seat played by
 * `policy` with its parameters (NULL: its defaults).  Per hand and seat: net points, royalties (sum), fouled, and the
 * Fantasyland cards earned, and the batch's totals; any output may be NULL.
 * Returns 0, or an error of ofc_game_start or ofc_policy_play (nothing
 * written then). */
int ofc_selfplay_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                       int round_play, int policy, const double *params, uint64_t seed, int64_t index0,
                       int64_t n, int32_t *net, int32_t *royalty, uint8_t *fouled, uint8_t *fantasyland,
                       ofc_selfplay_totals *totals);
/* ofc_selfplay_batch from a deck with jokers (jr, NULL: none; each hand as
 * ofc_game_start_jokers deals it); jr->jokers 0 is ofc_selfplay_batch. */
int ofc_selfplay_jokers_batch(const ofc_rules *rules, const ofc_joker_rules *jr, int players, int first_round,
                              int rounds, int round_cards, int round_play, int policy, const double *params,
                              uint64_t seed, int64_t index0, int64_t n, int32_t *net, int32_t *royalty,
                              uint8_t *fouled, uint8_t *fantasyland, ofc_selfplay_totals *totals);

/* ---- Monte Carlo (csrc/sim/ofc_rollout.c) --------------------------------------
 * Completions index0 .. index0+n-1 of `players` partial boards (13 bytes
 * each, seats in turn order): the cards the boards' remaining turns deal,
 * round the table, are the first cards of a shuffle of the pool (the
 * unseen cards) by stream (seed, i), placed by `policy`
 * (params: its parameters, NULL: its defaults).  fixed (NULL: none)
 * holds a card for each of those dealt positions, or OFC_EMPTY where the
 * shuffle deals (known cards: not in the pool); the shuffle's cards fill the
 * OFC_EMPTY positions in order, so completion i deals the same cards there
 * whatever the boards' options (common random numbers).  fl_cards (NULL:
 * nobody) gives a seat in Fantasyland its card count: its board is empty (it
 * sets all 13 from that many cards, before the others' turns) or complete,
 * and its stay in Fantasyland is judged as the rules say for a player in it.
 * Per player, sums[5p .. 5p+4] += net points, their squares, fouls,
 * Fantasyland entries (or stays), royalties; by_fantasyland (NULL: not
 * kept) as ofc_fl_split_add.  Returns 0, OFC_ROLLOUT_POOL, OFC_ROLLOUT_BOARD
 * - p when player p's board has an impossible count, or the engine's
 * OFC_ERR_DEALING (dealing it cannot play) or OFC_ERR_POLICY. */
/* The status codes of the sim layer (see ofc_hand.h, "Status codes"):
 * OFC_ROLLOUT_BOARD - p for player p, so -510 .. -513 are its. */
#define OFC_SIM_STATUS(X)                                                                   \
    X(OFC_ROLLOUT_POOL, -501, "the boards need more cards than are left unseen")            \
    X(OFC_ROLLOUT_BOARD, -510, "a player's board holds a count of cards no hand reaches")   \
    X(OFC_SEARCH_STOPPED, -520, "the search was stopped (ofc_search_stop) before it ended") \
    X(OFC_SEARCH_NO_MOVE, -521, "the seat to act has no placement to make")
enum ofc_sim_status { OFC_SIM_STATUS(OFC_STATUS_ENUM) };
#define OFC_ROLLOUT_DEALING OFC_ERR_DEALING /* the engine's codes, under their names of 0.1 */
#define OFC_ROLLOUT_POLICY  OFC_ERR_POLICY
int ofc_rollout_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                      int round_play, int policy, const double *params, const uint8_t *boards,
                      const int *fl_cards, const uint8_t *pool, int npool, uint64_t seed, int64_t index0,
                      int64_t n, int64_t *sums, const uint8_t *fixed, int64_t *by_fantasyland);
/* ofc_rollout_batch where the boards, the pool or `fixed` may hold jokers:
 * jr (NULL: none) resolves them (ofc_game_result); jr->jokers 0 is
 * ofc_rollout_batch.  The pieces below take jokers by setting s->start.jr
 * after ofc_rollout_prepare. */
int ofc_rollout_jokers_batch(const ofc_rules *rules, const ofc_joker_rules *jr, int players, int first_round,
                             int rounds, int round_cards, int round_play, int policy, const double *params,
                             const uint8_t *boards, const int *fl_cards, const uint8_t *pool, int npool,
                             uint64_t seed, int64_t index0, int64_t n, int64_t *sums, const uint8_t *fixed,
                             int64_t *by_fantasyland);

/* The pieces of ofc_rollout_batch, for a caller that plays the turns itself
 * (a policy written in Python): ofc_rollout_prepare checks the position and
 * keeps it (returns the cards the turns left deal, or an error as
 * ofc_rollout_batch; fixed: as there, kept by pointer), ofc_rollout_begin
 * deals completion `index` into g (and the policies' stream into rng), and
 * ofc_rollout_add adds a finished completion to the sums. */
typedef struct ofc_rollout_setup {
    ofc_game start;
    int players, need, nrandom, npool;
    const uint8_t *fixed;
    ofc_draw_group grp[(OFC_MAX_DECK + 2) / 3];
} ofc_rollout_setup;
int ofc_rollout_prepare(ofc_rollout_setup *s, int players, int first_round, int rounds, int round_cards,
                        int round_play, const uint8_t *boards, const int *fl_cards, const uint8_t *pool,
                        int npool, const uint8_t *fixed);
void ofc_rollout_begin(const ofc_rollout_setup *s, ofc_game *g, uint64_t seed, uint64_t index, ofc_rng *rng);
void ofc_rollout_add(const ofc_game *g, const ofc_rules *rules, int64_t *sums, int64_t *by_fantasyland);
/* Where each seat's next turn starts among the cards the turns left deal
 * (offset[p], -1 when it has none) and how many it is dealt (count[p]);
 * ofc_rollout_prepare's errors. */
int ofc_rollout_next_turns(int players, int first_round, int rounds, int round_cards, int round_play,
                           const uint8_t *boards, const int *fl_cards, int *offset, int *count);

/* ---- The search of one decision (csrc/sim/ofc_search.c) ------------------------
 * Player 0 of `boards` (players x 13, turn order) holds `held` (a normal
 * turn); its options are its legal placements (ofc_game_legal, in code
 * order; ofc_search_code, ofc_search_boards: the boards each makes), each
 * completed as ofc_rollout_batch completes its boards: option k's completion
 * i (ofc_search_extend) deals the same cards and draws the same policy
 * stream as ofc_rollout_batch's completion i of `seed` with the same pool,
 * fl_cards and fixed (common random numbers).  ofc_search_new returns 0 (the
 * search in *out, freed by ofc_search_free), ofc_rollout_prepare's errors,
 * OFC_ERR_POLICY, OFC_SEARCH_NO_MOVE or OFC_NO_MEMORY.  The search keeps
 * `rules` by pointer.  Calls on different options may run at once (threads). */
typedef struct ofc_search ofc_search;
int ofc_search_new(ofc_search **out, const ofc_rules *rules, const ofc_joker_rules *jr, int players,
                   int first_round, int rounds, int round_cards, int round_play, int policy,
                   const double *params, const uint8_t *boards, const uint8_t *held, int nheld,
                   const int *fl_cards, const uint8_t *pool, int npool, const uint8_t *fixed, uint64_t seed);
void ofc_search_free(ofc_search *s);
int ofc_search_options(const ofc_search *s);
int ofc_search_code(const ofc_search *s, int option);
const uint8_t *ofc_search_boards(const ofc_search *s, int option);
/* The option at place `place` of the heuristic policy's static ranking (best first). */
int ofc_search_rank(const ofc_search *s, int place);
/* Option's sums (players x 5, as ofc_rollout_batch's) and completions (*n). */
const int64_t *ofc_search_sums(const ofc_search *s, int option, int64_t *n);
/* Option's by-Fantasyland table (players x OFC_FL_BUCKETS x OFC_FL_SPLIT, as
 * ofc_fl_split_add). */
const int64_t *ofc_search_split(const ofc_search *s, int option);
/* Points credited to player 0 per Fantasyland card count (value[c], c <
 * OFC_FL_BUCKETS; NULL: none) in the means successive halving compares. */
void ofc_search_value(ofc_search *s, const double *value);
/* Completions of `option` up to n in all (from those it has): 0,
 * OFC_SEARCH_STOPPED (ofc_search_stop: the completions done are kept) or
 * OFC_ERR_POLICY. */
int ofc_search_extend(ofc_search *s, int option, int64_t n);
/* Any call running on s (in any thread) ends soon with OFC_SEARCH_STOPPED
 * while on is nonzero (Ctrl-C, a time limit). */
void ofc_search_stop(ofc_search *s, int on);
/* The exact model: when the move completes player 0's board, the number of
 * ways the unseen cards can fall to the turns left (every turn's drawn
 * positions a set of the pool's cards, turn after turn: the product of the
 * binomials; 1 when no turn is left), else -1 (also past 2**40).
 * ofc_search_exact replaces option's sums with the sum over every one of
 * those deals once: deal j (the turns' sets in lexicographic order of the
 * pool's positions, the first turn's outermost; each set dealt in pool
 * order) is ofc_rollout_batch's completion j of `seed` with every position
 * fixed to it (the policies draw stream (OFC_POLICY_SEED(seed), j)); 0,
 * OFC_SEARCH_NO_MOVE (no exact model), OFC_SEARCH_STOPPED or OFC_ERR_POLICY. */
int64_t ofc_search_deals(const ofc_search *s);
int ofc_search_exact(ofc_search *s, int option);
/* Successive halving with a budget of completions: ofc_search_halving
 * starts it, the first round over the heuristic's `first` best options (a
 * cheap pass: few completions each), cut to the `shortlist` best by mean
 * when it holds more, then halved round after round; each
 * ofc_search_next_round keeps the better options of the last round (by
 * mean, the ranking's order among equals; none dropped before the first),
 * writes them to which (*count), and returns the completions each is to
 * reach (extend them to it), spreading what is left of the budget evenly
 * over the rounds left (at least one completion each); 0 once done.  The
 * rounds depend only on the sums, never on timing or threads. */
void ofc_search_halving(ofc_search *s, int64_t budget, int first, int shortlist);
int64_t ofc_search_next_round(ofc_search *s, int *which, int *count);

#ifdef __cplusplus
}
#endif
#endif /* OFC_SIM_H */
