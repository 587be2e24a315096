/* What the policies share (private: only csrc/play/'s files include it):
 * each policy's hooks for the registry (ofc_policies.c), the pieces more
 * than one policy reads (ofc_policy_parts.c: jokers' stand-ins, greedy's
 * value of a row that the heuristic also weighs, the exact solver's
 * Fantasyland setting) and, inline, the bit helpers and a seat's unseen cards.
 * Each policy is one file, ofc_policy_<name>.c; its functions that other
 * files call are declared here, named ofc_pol_* (hidden, as the whole core:
 * no clash with the public ofc_policy_* names of ofc_play.h). */
#ifndef OFC_POLICY_PARTS_H
#define OFC_POLICY_PARTS_H

#include "ofc_play.h"

/* ---- each policy's entry in the registry (ofc_policy_fn) ----------------- */
int ofc_pol_random(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng);
int ofc_pol_greedy(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng);
int ofc_pol_heuristic(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng);

/* The heuristic's parameters: their names and tuned weights. */
enum { OFC_POL_HEURISTIC_PARAMS = 9 };
extern const char *const ofc_pol_heuristic_names[OFC_POL_HEURISTIC_PARAMS];
extern const double ofc_pol_heuristic_weights[OFC_POL_HEURISTIC_PARAMS];

/* ---- what one policy lends another ---------------------------------------- */
/* A random board of 13 of the held cards (Fantasyland; ofc_policy_random.c). */
void ofc_pol_random_set(const ofc_game *g, ofc_rng *rng, uint8_t *board);
/* The heuristic policy with its tuned weights (ofc_policy_heuristic.c): its
 * choice, and its k best placements (codes, best first; returns how many). */
unsigned ofc_pol_heuristic_default_code(const ofc_game *g, const ofc_rules *rules);
int ofc_pol_heuristic_shortlist(const ofc_game *g, const ofc_rules *rules, int k, uint16_t *best);

/* ---- shared pieces (ofc_policy_parts.c) ------------------------------------ */
/* Fantasyland: the exact solver on up to 17 cards (greedy and heuristic). */
void ofc_pol_solver_set(const ofc_game *g, const ofc_rules *rules, ofc_rng *rng, uint8_t *board);
/* A row holding a joker read as the row with natural stand-ins (c: its n
 * cards, size: its slots). */
void ofc_pol_wild_row(uint8_t *c, int n, int size);
/* Greedy's value of a row's placed cards from their counts (the heuristic
 * weighs it as the row's shape), and their made-hand level. */
double ofc_pol_row_score(const uint8_t *count, int n, int lo, int hi, unsigned multi, int msuit, int r,
                         int low, double *bottom);
double ofc_pol_level_of(const uint8_t *count);

/* ---- small helpers (static inline: their short names stay in each file) ---- */
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

#endif /* OFC_POLICY_PARTS_H */
