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

/* A hand's results per seat (royalty: the seat's total) into the outputs. */
static void put_hand(int players, int64_t i, const int32_t *pts, const int32_t *royalty, const int32_t *f,
                     const int32_t *fl, int32_t *net, int32_t *royalty_out, uint8_t *fouled,
                     uint8_t *fantasyland, ofc_selfplay_totals *totals)
{
    for (int p = 0; p < players; p++) {
        int32_t r = royalty[p];
        if (net) net[players * i + p] = pts[p];
        if (royalty_out) royalty_out[players * i + p] = r;
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
            totals->points_hist[p * (2 * pr + 1) + pr + (pts[p] < -pr ? -pr : pts[p] > pr ? pr : pts[p])]++;
            totals->royalty_hist[p * (rr + 1) + (r < 0 ? 0 : r > rr ? rr : r)]++;
            if (totals->by_fantasyland) ofc_fl_split_add(totals->by_fantasyland, p, fl[p], pts[p]);
        }
    }
}

/* A finished hand's result into the outputs. */
static void put_game(const ofc_game *g, const ofc_rules *rules, int64_t i, int32_t *net, int32_t *royalty,
                     uint8_t *fouled, uint8_t *fantasyland, ofc_selfplay_totals *totals)
{
    int32_t roy[3 * OFC_MAX_SEATS], f[OFC_MAX_SEATS], fl[OFC_MAX_SEATS], pts[OFC_MAX_SEATS],
        total[OFC_MAX_SEATS];
    ofc_game_result(g, rules, pts, roy, f, fl);
    for (int p = 0; p < g->players; p++) total[p] = roy[3 * p] + roy[3 * p + 1] + roy[3 * p + 2];
    put_hand(g->players, i, pts, total, f, fl, net, royalty, fouled, fantasyland, totals);
}

/* Hand `hand` dealt into g (restarted from start, its button's game). */
static void deal_hand(ofc_game *g, const ofc_game *start, uint64_t seed, uint64_t hand, int need, int jokers)
{
    ofc_game_restart(g, start);
    ofc_shuffle_jokers(seed, hand, need, jokers, g->deck);
    memcpy(g->held, g->deck, (size_t)g->first_round);
}

/* The random policy's hands index0 .. index0+n-1, those of one button at a
 * time in blocks (ofc_policy_random_block; at most one discard a turn): the
 * block's decks dealt, its turns played, its boards scored together by the
 * board kernel (ofc_analyze_batch; with jokers each by ofc_game_result),
 * and a hand whose policy stream left the plan replayed one turn at a time.
 * The outputs are those of one hand after another. */
static void random_blocks(const ofc_rules *rules, const ofc_game *start, ofc_game *games, int need,
                          int jokers, uint64_t seed, int64_t index0, int64_t n, int32_t *net,
                          int32_t *royalty, uint8_t *fouled, uint8_t *fantasyland,
                          ofc_selfplay_totals *totals)
{
    enum { B = OFC_RANDOM_BLOCK };
    const int P = start[0].players;
    ofc_random_turn turns[OFC_MAX_SEATS][OFC_MAX_TURNS];
    int nturns[OFC_MAX_SEATS];
    uint8_t decks[B][OFC_DECK_BUFFER], boards[B * OFC_MAX_SEATS * OFC_BOARD_SIZE], redo[B];
    uint64_t state[B];
    int64_t which[B];
    uint8_t foul[B * OFC_MAX_SEATS], fa[B * OFC_MAX_SEATS], stays[B * OFC_MAX_SEATS];
    uint16_t value[3 * B * OFC_MAX_SEATS];
    int16_t roy[3 * B * OFC_MAX_SEATS];
    for (int b = 0; b < P; b++) nturns[b] = ofc_random_turns(&start[b], turns[b]);
    memset(decks, 0, sizeof decks); /* a turn reads 8 bytes: defined ones past the deck */
    /* B hands of each button from each P * B hands in turn */
    for (int64_t c0 = 0; c0 < n; c0 += (int64_t)P * B) {
        for (int b = 0; b < P; b++) {
            int len = 0;
            for (int64_t i = c0; i < n && i < c0 + (int64_t)P * B; i++) {
                uint64_t hand = (uint64_t)(index0 + i);
                if ((int)(hand % (uint64_t)P) != b) continue;
                ofc_rng rng;
                ofc_shuffle_jokers(seed, hand, need, jokers, decks[len]);
                ofc_rng_init(&rng, OFC_POLICY_SEED(seed), hand);
                state[len] = rng.state;
                which[len++] = i;
            }
            if (!len) continue;
            ofc_policy_random_block(&start[b], turns[b], nturns[b], len, decks[0], OFC_DECK_BUFFER, state,
                                    boards, redo);
            ofc_game *g = &games[b];
            if (!jokers)
                ofc_analyze_batch(boards, (int64_t)len * P, NULL, rules, foul, value, roy, fa, stays);
            for (int i = 0; i < len; i++) {
                if (OFC_UNLIKELY(redo[i])) { /* off the plan: one turn at a time */
                    ofc_rng rng;
                    uint64_t hand = (uint64_t)(index0 + which[i]);
                    deal_hand(g, &start[b], seed, hand, need, jokers);
                    ofc_rng_init(&rng, OFC_POLICY_SEED(seed), hand);
                    ofc_policy_random_finish(g, &rng);
                    put_game(g, rules, which[i], net, royalty, fouled, fantasyland, totals);
                } else if (jokers) {
                    memcpy(g->board, boards + OFC_BOARD_SIZE * P * i, (size_t)(OFC_BOARD_SIZE * P));
                    put_game(g, rules, which[i], net, royalty, fouled, fantasyland, totals);
                } else {
                    int32_t pts[OFC_MAX_SEATS], r[OFC_MAX_SEATS], f[OFC_MAX_SEATS], fl[OFC_MAX_SEATS];
                    int k = P * i;
                    ofc_score_analyzed(value + 3 * k, foul + k, fa + k, roy + 3 * k, P, rules->scoop_bonus,
                                       pts, r, f, fl);
                    put_hand(P, which[i], pts, r, f, fl, net, royalty, fouled, fantasyland, totals);
                }
            }
        }
    }
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
    /* the engine's speed test: the checks of ofc_policy_finish once for the
     * batch (with more than one discard a turn its draws are not one a turn:
     * below) */
    if (policy == OFC_POLICY_RANDOM && first_round <= OFC_MAX_HELD && round_cards <= OFC_MAX_HELD
        && round_cards - round_play <= 1 && start[0].turn >= 0) {
        random_blocks(rules, start, games, need, jokers, seed, index0, n, net, royalty, fouled, fantasyland,
                      totals);
        return OFC_GAME_OK;
    }
    for (int64_t i = 0; i < n; i++) {
        uint64_t hand = (uint64_t)(index0 + i);
        ofc_rng rng;
        /* the policies draw from a stream of their own, beside the deck's */
        ofc_rng_init(&rng, OFC_POLICY_SEED(seed), hand);
        /* the button goes round: seat (hand + 1) % players acts first */
        int b = (int)(hand % (uint64_t)players);
        ofc_game *g = &games[b];
        deal_hand(g, &start[b], seed, hand, need, jokers);
        int err = ofc_policy_finish(g, policy, rules, params, &rng);
        if (err) return err;
        put_game(g, rules, (int64_t)i, net, royalty, fouled, fantasyland, totals);
    }
    return OFC_GAME_OK;
}
