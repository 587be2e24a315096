/*
 * ofc_solve.h -- the solve layer of the C core: the exact Fantasyland
 * solver and its plain enumeration.  Includes the board layer
 * (ofc_board.h); ofc_fast.h includes every layer.
 */
#ifndef OFC_SOLVE_H
#define OFC_SOLVE_H

#include "ofc_board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Fantasyland: the best setting of 13 to 17 cards --------------------
 * The setting of 13 of the cards that maximises its value: royalties of the
 * three rows plus stay_value when it stays in Fantasyland (rules->row_info
 * stay bits), never fouled while a legal setting exists.  Ties go to the
 * setting with the stronger bottom (row value, then its cards compared as a
 * set: the one holding the highest card code that the other lacks), then the
 * middle, then the top; so the answer depends on the set of cards only.
 * With no legal setting (Low without a live middle) the answer is the
 * greatest setting in that order, fouled, with value 0. */
typedef struct ofc_fantasyland_result {
    uint8_t board[OFC_BOARD_SIZE]; /* top 3, middle 5, bottom 5; each row in descending code order */
    uint8_t discards[4];           /* the n - 13 cards left out, descending; OFC_EMPTY past them */
    int32_t royalty[3];            /* top, middle, bottom; 0 when fouled */
    int32_t stays;                 /* not fouled and a row meets its stay condition */
    int32_t fouled;                /* 1 only when no legal setting exists */
    double value;                  /* royalty total + stay_value when it stays; 0 when fouled */
} ofc_fantasyland_result;

#define OFC_FL_BAD_CARDS (-1) /* a code past the deck or a card twice */
#define OFC_FL_BAD_COUNT (-2) /* n is not 13..17 */
#define OFC_FL_BAD_VALUE (-3) /* stay_value is not finite */
#define OFC_FL_NO_MEMORY (-4)

/* Solve one hand of n (13..17) cards.  Returns 0 or one of OFC_FL_*. */
int ofc_solve_fantasyland(const uint8_t *cards, int n, const ofc_rules *rules, double stay_value,
                          ofc_fantasyland_result *out);

/* Solve `count` hands of k cards stored row after row, with one workspace
 * for all.  Returns -1 when all are solved; the index of the first hand with
 * a bad card (results before it are written); or OFC_FL_BAD_COUNT,
 * OFC_FL_BAD_VALUE, OFC_FL_NO_MEMORY (nothing written). */
int64_t ofc_solve_fantasyland_batch(const uint8_t *hands, int64_t count, int k, const ofc_rules *rules,
                                    double stay_value, ofc_fantasyland_result *out);

/* The same answers by plain enumeration of every setting (up to 171,531,360
 * for 17 cards: slow; the reference the solver is tested against), for
 * `count` stay values at once: out[i] is the answer for stay_values[i].
 * Returns 0 or one of OFC_FL_*. */
int ofc_fantasyland_enumerate(const uint8_t *cards, int n, const ofc_rules *rules, const double *stay_values,
                              int count, ofc_fantasyland_result *out);

#ifdef __cplusplus
}
#endif
#endif /* OFC_SOLVE_H */
