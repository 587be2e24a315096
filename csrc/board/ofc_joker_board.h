/* Private header of the joker board files (csrc/board/ofc_joker_*.c; no
 * other file includes it).  Boards with jokers (ofc_board.h, "Jokers on
 * boards"): what each joker becomes, in four rooms:
 *   - ofc_joker_search.c: the exact search (every value a joker row reaches,
 *     the best board by the rules' order);
 *   - ofc_joker_fast.c: ofc_board_eval_jokers, which reads the board and
 *     tries the fast path first: where the strongest rows are the best board
 *     (every preset), a table read per row instead of the search;
 *   - ofc_joker_ladders.c: the lean path of pool "any" for batches, each
 *     joker row's values read from ladders built once;
 *   - ofc_joker_batch.c: the batch kernels (analyze, score), which choose
 *     the lean path or the search per batch.
 * Here: what they share, the search's view of a board, and the small
 * helpers their hot loops inline (static inline, so each room inlines them).
 * The calls between the rooms are of whole steps (a board, a batch's
 * rules), never inside a hot loop. */
#ifndef OFC_JOKER_BOARD_H
#define OFC_JOKER_BOARD_H

#include "ofc_board.h"

#define OFC_NO_CARD 0xFFu

/* The info word of a row value: five of a kind (above OFC_STRENGTH_MAX) pays
 * its own royalty and keeps a player in Fantasyland wherever a royal flush
 * would (it meets every stay category a row can ask for). */
static inline uint32_t row_info(const ofc_rules *r, const ofc_joker_rules *jr, int row, unsigned v)
{
    return ofc_joker_row_info(r, jr, row, v);
}

static inline unsigned order_key(const ofc_joker_rules *jr, int low, int row, uint16_t v)
{
    return ofc_joker_order_key(jr, low, row, v);
}

static inline unsigned lowest(unsigned m)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctz(m);
#else
    unsigned t = 0;
    while (!(m >> t & 1u)) t++;
    return t;
#endif
}

/* What a search needs of a board: the rules, the rows' values, keys and info
 * words (those of the joker rows are filled in as options are tried). */
typedef struct {
    const ofc_rules *r;
    const ofc_joker_rules *jr;
    int low, in_fl, five;
    uint16_t v[3];
    unsigned k[3];
    uint32_t info[3];
} ofc_search;

/* ---- Between the rooms ---------------------------------------------------- */

/* ofc_joker_fast.c: ofc_board_eval_jokers, with `monotone` from
 * ofc_jb_rules_monotone (0 when not known): the board read, the fast path
 * where the rules allow it, else the search; whether the fast path holds
 * for the rules (every value's royalty, entry and stay rise with it). */
void ofc_jb_eval(const uint8_t *b, int in_fl, uint64_t dead, const ofc_rules *r, const ofc_joker_rules *jr,
                 int monotone, ofc_board_result *res, uint8_t *card, uint8_t *natural);
int ofc_jb_rules_monotone(const ofc_rules *r, const ofc_joker_rules *jr);

/* ofc_joker_search.c: the search for a board the fast path left (see
 * there); the value of a row that may hold the same card twice (a
 * "duplicates" copy), 0 when it is no hand. */
int ofc_jb_search(const uint8_t *b, ofc_search *s, const int *jrow, int njrows, const int *jokers_in,
                  const int *joker_of, const uint64_t *banned, uint8_t *card);
uint16_t ofc_jb_row_value(const uint8_t *c, int n, int row, int low, int five_kind);

/* ofc_joker_ladders.c: the ladders built (by the first caller); the lean
 * path of pool "any" (the same answer as the fast path). */
int ofc_jb_ladders_ready(void);
void ofc_jb_lean_any(const uint8_t *b, int in_fl, const ofc_rules *r, const ofc_joker_rules *jr,
                     ofc_board_result *res, uint8_t *card, uint8_t *natural);

#endif /* OFC_JOKER_BOARD_H */
