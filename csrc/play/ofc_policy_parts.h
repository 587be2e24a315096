/* What the policies share (private: only csrc/play/'s files include it):
 * each policy's entry for the registry (ofc_policies.c), what one policy
 * lends another, the exact solver's Fantasyland setting (ofc_policy_parts.c)
 * and, inline, the helpers both greedy and the heuristic run in their turns:
 * the bit tricks, a seat's unseen cards, a turn played on a scratch copy of
 * the hand and a complete board's result (greedy's outlook and lookahead's
 * completions), jokers' stand-ins (wild_row) and
 * greedy's value of a row that the heuristic weighs as its shape (row_score,
 * level_of).  Those were static calls when the policies shared one file;
 * called in another file, the heuristic's turn ran about 2% slower (its
 * loops no longer knew what the calls leave alone), and inline it runs 1-2%
 * fewer instructions than the one-file build (callgrind), as fast (bench).
 * Each policy is one file, ofc_policy_<name>.c; its functions that other
 * files call are declared here, named ofc_pol_* (hidden, as the whole core:
 * no clash with the public ofc_policy_* names of ofc_play.h). */
#ifndef OFC_POLICY_PARTS_H
#define OFC_POLICY_PARTS_H

#include <string.h>
#include "ofc_play.h"

/* ---- each policy's entry in the registry (ofc_policy_fn) ----------------- */
int ofc_pol_random(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng);
int ofc_pol_greedy(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng);
int ofc_pol_heuristic(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng);
int ofc_pol_lookahead(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng);

/* The heuristic's parameters: their names and tuned weights. */
enum { OFC_POL_HEURISTIC_PARAMS = 9 };
extern const char *const ofc_pol_heuristic_names[OFC_POL_HEURISTIC_PARAMS];
extern const double ofc_pol_heuristic_weights[OFC_POL_HEURISTIC_PARAMS];

/* The lookahead policy's parameters: their names and tuned weights (the
 * last OFC_POL_HEURISTIC_PARAMS are the heuristic's, for its static value). */
enum { OFC_POL_LOOKAHEAD_PARAMS = 7 + OFC_POL_HEURISTIC_PARAMS };
extern const char *const ofc_pol_lookahead_names[OFC_POL_LOOKAHEAD_PARAMS];
extern const double ofc_pol_lookahead_weights[OFC_POL_LOOKAHEAD_PARAMS];

/* ---- what one policy lends another ---------------------------------------- */
/* A random board of 13 of the held cards (Fantasyland; ofc_policy_random.c). */
void ofc_pol_random_set(const ofc_game *g, ofc_rng *rng, uint8_t *board);
/* The heuristic policy with its tuned weights (ofc_policy_heuristic.c): its
 * choice (its k best placements: ofc_policy_heuristic_shortlist, ofc_play.h). */
unsigned ofc_pol_heuristic_default_code(const ofc_game *g, const ofc_rules *rules);
/* The heuristic's k best placements under weights w (codes, best first) and
 * their values (values: NULL, or k of them); returns how many. */
int ofc_pol_heuristic_ranked(const ofc_game *g, const ofc_rules *rules, const double *w, int k,
                             uint16_t *best, double *values);

/* ---- Fantasyland (ofc_policy_parts.c) -------------------------------------- */
/* Fantasyland: the exact solver on up to 17 cards (greedy and heuristic). */
void ofc_pol_solver_set(const ofc_game *g, const ofc_rules *rules, ofc_rng *rng, uint8_t *board);

/* ---- inline helpers (static: their short names stay in each file) ---------- */
/* Cards the seat to act must place this turn. */
static inline int to_place(const ofc_game *g)
{
    return g->street[g->turn] == 0 ? g->first_round : g->round_play;
}

/* Bit tricks (lowest_bit: a plain loop where the compiler has no builtin). */
static inline int bit_count(uint64_t x)
{
    /* by halves, nibbles and bytes (no popcnt instruction is assumed) */
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

static inline int lowest_bit(unsigned x) /* x != 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#else
    int k = 0;
    while (!((x >> k) & 1u)) k++;
    return k;
#endif
}

static inline int lowest_bit64(uint64_t x) /* x != 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int k = 0;
    while (!((x >> k) & 1u)) k++;
    return k;
#endif
}

/* The cards the seat to act cannot see, a bit each. */
static inline uint64_t unseen_mask(const ofc_game *g)
{
    uint64_t seen = 0;
    int p = g->turn;
    for (int q = 0; q < g->players; q++) {
        if (q != p && g->fl_cards[q]) continue; /* a Fantasyland board stays hidden */
        for (int i = 0; i < OFC_BOARD_SIZE; i++)
            if (g->board[q][i] != OFC_EMPTY) seen |= (uint64_t)1 << g->board[q][i];
    }
    for (int i = 0; i < g->ndiscards[p]; i++) seen |= (uint64_t)1 << g->discards[p][i];
    for (int i = 0; i < g->nheld; i++) seen |= (uint64_t)1 << g->held[i];
    return ~seen & (~(uint64_t)0 >> (64 - ofc_game_deck_size(g)));
}

/* ---- completions on a scratch copy of the hand (greedy's outlook, lookahead) */

/* Plays placement `code` of the held cards for seat p on the scratch state s:
 * the kept cards into their rows, the others onto the seat's discards. */
static inline void play_on(ofc_game *s, int p, unsigned code)
{
    for (int i = 0; i < s->nheld; i++) {
        unsigned d = code >> (2 * i) & 3u;
        if (d == 3)
            s->discards[p][s->ndiscards[p]++] = s->held[i];
        else
            s->board[p][OFC_ROW_START(d) + s->filled[p][d]++] = s->held[i];
    }
}

/* A complete board's result, its jokers (if the deck has any) resolved as the
 * board layer resolves them. */
static inline void complete_board(const uint8_t *b, const ofc_rules *rules, const ofc_joker_rules *jr,
                                  ofc_board_result *res)
{
    if (OFC_UNLIKELY(jr->jokers)) {
        uint8_t card[2], natural[3];
        ofc_board_eval_jokers(b, 0, 0, rules, jr, res, card, natural);
    } else {
        ofc_board_eval(b, 0, rules, res);
    }
}

/* ---- jokers (docs/VARIANTS.md, "Jokers") -----------------------------------
 * The greedy and heuristic policies read a row holding a joker as the row
 * with each joker replaced by a natural stand-in: in a complete row the
 * cards that make it strongest (its value is then the joker row's), in a row
 * still filling another card of its largest group (the highest such rank; an
 * ace in a row of jokers only) in the suit the row holds most of, so made
 * pairs, trips and draws count the joker.  A stand-in may repeat a card of
 * the row: only a row's counts of ranks and suits read it. */
static inline void wild_row(uint8_t *c, int n, int size)
{
    int nj = 0, count[OFC_RANKS] = {0}, suits[OFC_SUITS] = {0};
    uint64_t own = 0;
    for (int i = 0; i < n; i++) {
        if (c[i] >= OFC_JOKER1) {
            nj++;
            continue;
        }
        count[c[i] >> 2]++;
        suits[c[i] & 3]++;
        own |= (uint64_t)1 << c[i];
    }
    if (!nj) return;
    int j[2] = {-1, -1};
    for (int i = 0, k = 0; i < n; i++)
        if (c[i] >= OFC_JOKER1) j[k++] = i;
    if (n == size) { /* complete: the strongest natural cards (a joker never copies one of its row) */
        unsigned best = 0;
        uint8_t x[5], pick[2] = {0, 0};
        memcpy(x, c, (size_t)n);
        OFC_FOR_JOKER_CARDS(x, j, nj, ~own, ~own, a, b, {
            unsigned v = size == OFC_TOP_SIZE ? ofc_strength3_unchecked(x[0], x[1], x[2])
                                              : ofc_strength5_unchecked(x[0], x[1], x[2], x[3], x[4]);
            if (v > best) {
                best = v;
                pick[0] = (uint8_t)a;
                pick[1] = (uint8_t)b;
            }
        });
        c[j[0]] = pick[0];
        if (nj == 2) c[j[1]] = pick[1];
        return;
    }
    int rank = OFC_RANKS - 1, suit = 0;
    for (int k = OFC_RANKS - 1, most = 0; k >= 0; k--)
        if (count[k] > most) {
            most = count[k];
            rank = k;
        }
    for (int t = 1; t < OFC_SUITS; t++)
        if (suits[t] > suits[suit]) suit = t;
    for (int k = 0; k < nj; k++) c[j[k]] = (uint8_t)(4 * rank + suit);
}

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
static inline double row_score(const uint8_t *count, int n, int lo, int hi, unsigned multi, int msuit, int r,
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
static inline double level_of(const uint8_t *count)
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

#endif /* OFC_POLICY_PARTS_H */
