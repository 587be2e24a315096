/* The lookahead policy (ofc_play.h): the heuristic's static outlook, and on
 * the late streets a short look-ahead.  Early in the hand it plays as the
 * heuristic does (ofc_policy_heuristic.c, its weights being this policy's
 * last nine parameters); once the seat has at most two turns left after
 * this one, the heuristic's `shortlist` best placements are each completed
 * `fills` times (two turns out: `shortlist2` and `fills2`; the seat's later
 * turns dealt from the cards it cannot see, the same deals for every
 * placement: common random numbers), the turns
 * before the last played by the heuristic and the last one exactly (every
 * way to place its cards, the one whose board scores best), and a placement
 * scores its static value plus the completions' mean: what they earn
 * (royalties, Fantasyland) less a penalty for each foul.  The static outlook
 * reads rows one by one and guesses how they will compare; on the late
 * streets, where a foul is decided, the completions see it.  Fantasyland:
 * the exact solver (ofc_policy_parts.c). */
#include <string.h>
#include "ofc_play.h"
#include "ofc_policy_parts.h"

const char *const ofc_pol_lookahead_names[OFC_POL_LOOKAHEAD_PARAMS] = {
    "shortlist",
    "fills",
    "shortlist2",
    "fills2",
    "outlook_foul",
    "outlook_earned",
    "outlook_fantasyland",
    /* the heuristic's weights (ofc_pol_heuristic_names), for its static value */
    "foul",
    "royalty",
    "fantasyland",
    "strength",
    "rank",
    "low_spent",
    "tie",
    "shape",
    "order",
};
/* the counts sized to about 3.3x the heuristic's cost a completion (tools/tune_policy.py cost); the
 * static weights from the heuristic's by hand (foul 10, royalty 3.5), then tuned against greedy in
 * Pineapple with the look-ahead of the time (3 placements x 5 completions with one or two turns left):
 * python tools/tune_policy.py tune --policy lookahead --against greedy --rules pineapple --hands 600
 * --steps 0.75,1.33 --margin 1.0 (royalty 4.655, tie 2.25, outlook_earned 0.75; one round, cut short);
 * docs/BOTS.md, "A stronger fill", says what each step bought */
const double ofc_pol_lookahead_weights[OFC_POL_LOOKAHEAD_PARAMS] = {
    8.0, 8.0, 3.0, 4.0, 10.0, 0.75, 8.0, 10.0, 4.655, 8.0, 0.5, 0.5, 3.0, 2.25, 1.0, 0.0,
};
enum { W_SHORTLIST, W_FILLS, W_SHORTLIST2, W_FILLS2, W_OUT_FOUL, W_OUT_EARNED, W_OUT_FL, W_STATIC };

/* the most placements and completions a turn looks at, and the most turns
 * after it (the look-ahead spans the last two turns of the seat) */
enum { MAX_SHORTLIST = 16, MAX_FILLS = 64, MAX_DEPTH = 2 };

/* What a turn's completions score a finished board by. */
typedef struct outlook_weights {
    double foul, earned, fantasyland;
    const ofc_rules *rules;
    const ofc_joker_rules *jr;
} outlook_weights;

/* A complete board's score: -foul when it fouls (*fouled 1), else what it earns. */
static double board_score(const uint8_t *b, const outlook_weights *o, int *fouled)
{
    ofc_board_result res;
    complete_board(b, o->rules, o->jr, &res);
    *fouled = res.fouled != 0;
    if (res.fouled) return -o->foul;
    return o->earned * (res.royalty[0] + res.royalty[1] + res.royalty[2])
           + (res.fantasyland ? o->fantasyland : 0.0);
}

/* The best score of the last turn (*fouled: whether that board fouls): held
 * cards i.. of n placed into the rows' room (which the turn fills) or
 * discarded (drops of them), board b holding filled[r] cards a row. */
static double last_turn(uint8_t *b, uint8_t *filled, const uint8_t *held, int i, int n, int drops,
                        const outlook_weights *o, int *fouled)
{
    if (i == n) return board_score(b, o, fouled);
    double best = -1e300;
    for (int r = 0; r < 3; r++) {
        if (filled[r] >= OFC_ROW_SIZE(r)) continue;
        int slot = OFC_ROW_START(r) + filled[r]++, f = 1;
        b[slot] = held[i];
        double v = last_turn(b, filled, held, i + 1, n, drops, o, &f);
        b[slot] = OFC_EMPTY;
        filled[r]--;
        if (v > best) {
            best = v;
            *fouled = f;
        }
    }
    if (drops > 0) {
        int f = 1;
        double v = last_turn(b, filled, held, i + 1, n, drops - 1, o, &f);
        if (v > best) {
            best = v;
            *fouled = f;
        }
    }
    return best;
}

/* A placement's board: the seat's board with the kept cards of `code`. */
static void place(const ofc_game *g, unsigned code, uint8_t *b, uint8_t *filled)
{
    memcpy(b, g->board[g->turn], OFC_BOARD_SIZE);
    memcpy(filled, g->filled[g->turn], 3);
    for (int i = 0; i < g->nheld; i++) {
        unsigned d = code >> (2 * i) & 3u;
        if (d < 3) b[OFC_ROW_START(d) + filled[d]++] = g->held[i];
    }
}

/* The mean score of the completions of placement `code`: the seat's `turns`
 * later turns dealt deals[x] (n cards a turn), the last played by last_turn
 * and those before by the heuristic with its tuned weights. */
static double completions(const ofc_game *g, unsigned code, int turns,
                          uint8_t (*deals)[MAX_DEPTH * OFC_MAX_HELD], int fills, const outlook_weights *o,
                          int *fouls)
{
    int p = g->turn, n = g->round_cards, m = g->round_play;
    ofc_game s = *g;
    uint8_t b[OFC_BOARD_SIZE], filled[3];
    place(g, code, b, filled);
    int nd = g->ndiscards[p];
    for (int i = 0; i < g->nheld; i++)
        if ((code >> (2 * i) & 3u) == 3u) s.discards[p][nd++] = g->held[i];
    double sum = 0.0;
    for (int x = 0; x < fills; x++) {
        memcpy(s.board[p], b, OFC_BOARD_SIZE);
        memcpy(s.filled[p], filled, 3);
        s.ndiscards[p] = nd;
        for (int t = 0; t < turns - 1; t++) {
            memcpy(s.held, deals[x] + n * t, (size_t)n);
            s.nheld = n;
            s.street[p] = g->street[p] + 1 + t;
            play_on(&s, p, ofc_pol_heuristic_default_code(&s, o->rules));
        }
        int fouled = 1;
        double v = last_turn(s.board[p], s.filled[p], deals[x] + n * (turns - 1), 0, n, n - m, o, &fouled);
        *fouls += fouled;
        sum += v;
    }
    return sum / fills;
}

/* A parameter as a count in lo..hi (rounded; NaN: lo). */
static int count_of(double v, int lo, int hi)
{
    if (!(v >= lo)) return lo;
    if (v >= hi) return hi;
    return (int)(v + 0.5);
}

static unsigned lookahead_code(const ofc_game *g, const ofc_rules *rules, const double *w, ofc_rng *rng)
{
    int p = g->turn, n = g->round_cards;
    int empties = 0;
    for (int r = 0; r < 3; r++) empties += OFC_ROW_SIZE(r) - g->filled[p][r];
    empties -= to_place(g);
    int turns = g->rounds - g->street[p]; /* the seat's turns after this one */
    /* one turn left after this one: shortlist and fills; two: shortlist2 and fills2 (0 fills:
     * no look-ahead) */
    int far = turns == 2;
    int k = count_of(w[far ? W_SHORTLIST2 : W_SHORTLIST], 1, MAX_SHORTLIST);
    int fills = count_of(w[far ? W_FILLS2 : W_FILLS], 0, MAX_FILLS);
    /* two turns out, a spot where even the best of the shortlist fouls often
     * (a forced spot: a top that the rows below must still beat) widens the
     * shortlist to the last look's */
    int wide = far ? count_of(w[W_SHORTLIST], 1, MAX_SHORTLIST) : k;
    if (wide < k) wide = k;
    uint8_t pool[OFC_MAX_DECK];
    int npool = 0;
    /* look ahead only where the later turns fill the board exactly (every
     * preset's hand) from the cards the seat cannot see */
    int look = turns > 0 && turns <= MAX_DEPTH && k > 1 && fills > 0 && turns * g->round_play == empties
               && n <= OFC_MAX_HELD;
    if (look) {
        for (uint64_t u = unseen_mask(g); u; u &= u - 1) pool[npool++] = (uint8_t)lowest_bit64(u);
        look = turns * n <= npool;
    }
    uint16_t best[MAX_SHORTLIST];
    double value[MAX_SHORTLIST];
    int nbest = ofc_pol_heuristic_ranked(g, rules, w + W_STATIC, look ? wide : 1, best, value);
    if (nbest <= 1) return nbest == 1 ? best[0] : 0u;
    /* the deals of the completions: a partial Fisher-Yates of the pool for
     * each, over the deck as the last one left it (uniform whatever its order) */
    uint8_t deals[MAX_FILLS][MAX_DEPTH * OFC_MAX_HELD];
    int need = turns * n;
    for (int x = 0; x < fills; x++)
        for (int i = 0; i < need; i++) {
            int j = i + (int)ofc_rng_below(rng, (uint32_t)(npool - i));
            uint8_t c = pool[j];
            pool[j] = pool[i];
            pool[i] = c;
            deals[x][i] = c;
        }
    outlook_weights o = {w[W_OUT_FOUL], w[W_OUT_EARNED], w[W_OUT_FL], rules, &g->jr};
    int top = 0, top_fouls = 0;
    double top_v = -1e300;
    for (int i = 0; i < nbest; i++) {
        /* past the shortlist only while the best so far fouls a third of its completions */
        if (i >= k && 3 * top_fouls < fills) break;
        int fouls = 0;
        double v = value[i] + completions(g, best[i], turns, deals, fills, &o, &fouls);
        if (v > top_v) { /* the heuristic's order among equals */
            top_v = v;
            top = i;
            top_fouls = fouls;
        }
    }
    return best[top];
}

/* The policy's turn (its registry entry, ofc_policies.c). */
int ofc_pol_lookahead(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng)
{
    if (g->fl_cards[g->turn]) {
        uint8_t board[OFC_BOARD_SIZE];
        ofc_pol_solver_set(g, rules, rng, board);
        return ofc_game_set(g, board);
    }
    unsigned code = lookahead_code(g, rules, params, rng);
    return ofc_game_apply(g, code);
}
