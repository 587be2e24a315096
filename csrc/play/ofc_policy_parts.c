/* The pieces several policies share (ofc_policy_parts.h), out of line as
 * the compiler kept them when the policies shared one file: greedy's value
 * of a row's placed cards and their made-hand level (the heuristic weighs
 * both too), and the exact solver's Fantasyland setting.  The shared helpers
 * a heuristic turn runs faster inline are in the header. */
#include <string.h>
#include "ofc_play.h"
#include "ofc_policy_parts.h"

/* ---- greedy's value of a row (ofc_policy_greedy.c), the heuristic's shape ---- */
/* Low: the cost of a card of ten or below on the top or bottom (tuned on
 * heads-up greedy self-play: 0 fouls 59% of boards, 1.0 20%, 3.0 6% with
 * 2.8 royalties a board, 5.0 4.5% with fewer royalties) */
static const double low_spent = 3.0;

/* greedy's row_heuristic from the row's counts of each rank, its card count,
 * its lowest and highest rank, the ranks it holds twice or more (a bit each)
 * and the most cards it holds of one suit (the heuristic policy counts once for
 * several uses).  bottom (a high variant's middle only; NULL: none): the
 * value of the same cards on the bottom, in the same pass. */
double ofc_pol_row_score(const uint8_t *count, int n, int lo, int hi, unsigned multi, int msuit, int r,
                         int low, double *bottom)
{
    if (!n) {
        if (bottom) *bottom = 0.0;
        return 0.0;
    }
    double v = 0.0, vb = 0.0;
    int paired = multi != 0;
    for (; multi; multi &= multi - 1) { /* by rank, the lowest first */
        int k = lowest_bit(multi);
        if (count[k] == 2) {
            v += r == 0 ? (k >= 10 ? 3.0 : 0.5) : (r == 2 ? 1.2 : 1.0) + k / 12.0;
            vb += 1.2 + k / 12.0;
        } else if (count[k] == 3) {
            v += r == 0 ? 12.0 + k : 4.0;
            vb += 4.0;
        } else {
            v += 10.0;
            vb += 10.0;
        }
    }
    if (r == 1 && low) {
        /* a live low (docs/RULES.md section 9): five different ranks, none
         * above a ten (rank 8), no straight, no flush.  A card above a ten
         * or a pair kills the middle now: a sure foul */
        if (hi > 8 || paired) return -100.0;
        /* progress (cards placed), the lower the better (royalties by the
         * highest rank), and the risks of a flush or a straight */
        double w = 1.0 * n - 0.6 * hi;
        if (msuit == n && n >= 3) w -= 2.0 * (n - 2);
        if (n >= 3 && hi - lo == n - 1) w -= 1.5 * (n - 2); /* consecutive so far */
        if (n == 5 && (msuit == 5 || hi - lo == 4)) return -100.0;
        return w;
    }
    if (low) {
        /* Low: the middle needs five different ranks of ten or below; such a
         * card spent on the top or bottom is one the middle may miss */
        int spent = 0;
        for (int k = 0; k <= 8; k++) spent += count[k];
        v -= low_spent * spent;
    }
    if (r == 0) {
        /* an unpaired high top spends a high card (not in Low, where high
         * cards are the ones the middle cannot use) */
        if (!paired && n && !low) v -= 0.15 * hi;
        return v;
    }
    if (msuit == n && n >= 2) {
        v += (r == 2 ? 0.9 : 0.6) * (n - 1);
        vb += 0.9 * (n - 1);
    }
    if (!paired && n >= 2 && hi - lo <= 4) {
        v += (r == 2 ? 0.5 : 0.35) * (n - 1);
        vb += 0.5 * (n - 1);
    }
    if (bottom) *bottom = vb;
    return v;
}

/* Made-hand level of the placed cards of a row from its count of each rank
 * (greedy's row_level): the category so far (0 high card, 1 pair, 2 two
 * pair, 3 trips, 6 full house, 7 quads) plus the rank of its best group / 13. */
double ofc_pol_level_of(const uint8_t *count)
{
    int pairs = 0, trips = 0, quads = 0, best = -1, hi = -1;
    for (int k = 0; k < OFC_RANKS; k++) {
        if (count[k]) hi = k;
        if (count[k] == 2) {
            pairs++;
            best = k;
        }
        if (count[k] == 3) {
            trips++;
            best = k;
        }
        if (count[k] == 4) {
            quads++;
            best = k;
        }
    }
    if (hi < 0) return 0.0;
    double cat = quads ? 7 : (trips && pairs) ? 6 : trips ? 3 : pairs >= 2 ? 2 : pairs ? 1 : 0;
    return cat + (best >= 0 ? best : hi) / (double)OFC_RANKS;
}

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
