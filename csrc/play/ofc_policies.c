/* The policy registry (ofc_play.h): each built-in policy's row of
 * ofc_policies, its number being its index (enum ofc_policy), and playing a
 * turn or the rest of a hand by number.  Each policy is its own file,
 * ofc_policy_<name>.c, whose entry point ofc_policy_parts.h declares: a new
 * policy is that file and one row here (tests/test_csrc.py checks it). */
#include "ofc_play.h"
#include "ofc_policy_parts.h"

const ofc_policy_info ofc_policies[] = {
    {"random",
     "a uniform legal placement each turn (a uniform setting in Fantasyland): the fastest, but it "
     "fouls most boards, far more than any player would",
     ofc_pol_random, 4096, 0, NULL, NULL},
    {"greedy",
     "the heuristic's 8 best placements scored by the board each makes plus 32 completions of it, "
     "the seat's later turns dealt at random and played by the heuristic (how often they foul, "
     "what they earn); the exact solver in Fantasyland",
     ofc_pol_greedy, 1, 0, NULL, NULL},
    {"heuristic",
     "every legal placement scored by a static outlook of the board it makes (row potentials from "
     "generated tables and the live cards: chances of fouling, royalties, Fantasyland), no "
     "sampling; the exact solver in Fantasyland",
     ofc_pol_heuristic, 256, OFC_POL_HEURISTIC_PARAMS, ofc_pol_heuristic_names, ofc_pol_heuristic_weights},
    {"lookahead",
     "the heuristic (its weights tuned against greedy), and with one or two turns left after this one "
     "its few best placements each completed a few times, the seat's later turns dealt at random "
     "(the same deals for each) and the last one placed exactly, scored by how often they foul and "
     "what they earn; the exact solver in Fantasyland",
     ofc_pol_lookahead, 64, OFC_POL_LOOKAHEAD_PARAMS, ofc_pol_lookahead_names, ofc_pol_lookahead_weights},
};
const int ofc_policy_count = (int)(sizeof ofc_policies / sizeof ofc_policies[0]);

int ofc_policy_play(ofc_game *g, int policy, const ofc_rules *rules, const double *params, ofc_rng *rng)
{
    if (policy < 0 || policy >= ofc_policy_count) return OFC_ERR_POLICY;
    if (g->turn < 0) return OFC_GAME_OK;
    /* the placement tables and the action codes cover at most OFC_MAX_HELD cards */
    if (!g->fl_cards[g->turn] && g->nheld > OFC_MAX_HELD) return OFC_ERR_DEALING;
    return ofc_policies[policy].play(g, rules, params ? params : ofc_policies[policy].defaults, rng);
}

int ofc_policy_finish(ofc_game *g, int policy, const ofc_rules *rules, const double *params, ofc_rng *rng)
{
    int fl = 0;
    if (policy < 0 || policy >= ofc_policy_count) return OFC_ERR_POLICY;
    if (g->first_round > OFC_MAX_HELD || g->round_cards > OFC_MAX_HELD) return OFC_ERR_DEALING;
    for (int p = 0; p < g->players; p++) fl |= g->fl_cards[p];
    if (policy == OFC_POLICY_RANDOM && !fl && g->turn >= 0) {
        ofc_policy_random_finish(g, rng);
        return OFC_GAME_OK;
    }
    while (g->turn >= 0) {
        int err = ofc_policy_play(g, policy, rules, params, rng);
        if (err) return err;
    }
    return OFC_GAME_OK;
}
