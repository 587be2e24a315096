/* Monte Carlo: complete partial boards many times with the unseen cards,
 * dealt as the variant deals them and placed by a policy (ofc_fast.h). */
#include <string.h>
#include "ofc_fast.h"

static const int row_lo[3] = {0, 3, 8}, row_len[3] = {3, 5, 5};

int ofc_rollout_turns(const uint8_t *board, int first_round, int rounds, int round_play)
{
    int placed = 0;
    for (int i = 0; i < 13; i++) placed += board[i] != OFC_EMPTY;
    if (placed == 0) return rounds + 1;
    if (placed < first_round || (placed - first_round) % round_play) return -1;
    return (13 - placed) / round_play;
}

int ofc_rollout_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                      int round_play, int policy, const uint8_t *boards, const int *fl_cards,
                      const uint8_t *pool, int npool, uint64_t seed, int64_t index0, int64_t n, int64_t *sums)
{
    int turns[OFC_MAX_SEATS], fl[OFC_MAX_SEATS], need = 0, most = 0;
    for (int p = 0; p < players; p++) {
        fl[p] = fl_cards ? fl_cards[p] : 0;
        if (fl[p]) { /* one turn (all 13 set at once) for an empty board, none for a complete one */
            int placed = 0;
            for (int i = 0; i < 13; i++) placed += boards[13 * p + i] != OFC_EMPTY;
            if (placed != 0 && placed != 13) return -1 - p;
            turns[p] = !placed;
            need += placed ? 0 : fl[p];
            continue;
        }
        turns[p] = ofc_rollout_turns(boards + 13 * p, first_round, rounds, round_play);
        if (turns[p] < 0) return -1 - p;
        need += turns[p] == 0
                    ? 0
                    : (turns[p] == rounds + 1 ? first_round + rounds * round_cards : turns[p] * round_cards);
        if (turns[p] > most) most = turns[p];
    }
    if (need > npool) return -10;
    /* the state every completion starts from */
    ofc_game start;
    memset(&start, 0, sizeof start);
    start.players = players;
    start.first_round = first_round;
    start.rounds = rounds;
    start.round_cards = round_cards;
    start.round_play = round_play;
    start.button = players - 1;
    for (int p = 0; p < players; p++) {
        start.fl_cards[p] = fl[p];
        memcpy(start.board[p], boards + 13 * p, 13);
        for (int r = 0; r < 3; r++) {
            int k = 0;
            while (k < row_len[r] && start.board[p][row_lo[r] + k] != OFC_EMPTY) k++;
            start.filled[p][r] = (uint8_t)k;
        }
        start.street[p] = rounds + 1 - turns[p];
    }
    /* Fantasyland seats first (as in ofc_game_start), then turns round the
     * table until every board is complete */
    int k = 0;
    for (int p = 0; p < players; p++)
        if (fl[p] && turns[p]) start.schedule[k++] = p;
    for (int t = 0; t < most; t++)
        for (int p = 0; p < players; p++)
            if (!fl[p] && turns[p] > t) start.schedule[k++] = p;
    start.nturns = k;
    memcpy(start.deck, pool, (size_t)npool);
    ofc_draw_group grp[18];
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
        if (k > 0) {
            int p = g.schedule[0];
            int m = g.fl_cards[p] ? g.fl_cards[p] : g.street[p] == 0 ? first_round : round_cards;
            g.step = 0;
            g.turn = p;
            memcpy(g.held, g.deck, (size_t)m);
            g.nheld = m;
            g.deck_pos = m;
        } else {
            g.turn = -1;
        }
        ofc_policy_finish(&g, policy, rules, &rng);
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
