/* What several policies share out of line (ofc_policy_parts.h): the exact
 * solver's Fantasyland setting of greedy and the heuristic.  The helpers
 * their turns run in loops are inline in the header. */
#include <string.h>
#include "ofc_play.h"
#include "ofc_policy_parts.h"

/* ---- Fantasyland (greedy and heuristic) ---------------------------------- */
/* 1 when the held cards include a joker. */
static int holds_joker(const ofc_game *g)
{
    for (int i = 0; i < g->nheld; i++)
        if (g->held[i] >= OFC_JOKER1) return 1;
    return 0;
}

/* Fantasyland: the exact solver on up to 17 cards (beyond that, the first 17). */
void ofc_pol_solver_set(const ofc_game *g, const ofc_rules *rules, ofc_rng *rng, uint8_t *board)
{
    ofc_fantasyland_result res;
    int n = g->nheld < 17 ? g->nheld : 17;
    /* a hand holding a joker: the solver that resolves it as the board layer does */
    int err = OFC_UNLIKELY(g->jr.jokers && holds_joker(g))
                  ? ofc_solve_fantasyland_jokers(g->held, n, rules, &g->jr, 10.0, &res)
                  : ofc_solve_fantasyland(g->held, n, rules, 10.0, &res);
    if (err == 0) {
        memcpy(board, res.board, OFC_BOARD_SIZE);
    } else {
        ofc_pol_random_set(g, rng, board);
    }
}
