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

#define OFC_FL_MAX_CARDS     17                                  /* a Fantasyland hand: 13 to 17 cards */
#define OFC_FL_MAX_DISCARDS  (OFC_FL_MAX_CARDS - OFC_BOARD_SIZE) /* the cards it leaves out */
#define OFC_FL_MAX_OPPONENTS (OFC_MAX_SEATS - 1)                 /* the other seats' boards */

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
    uint8_t board[OFC_BOARD_SIZE];         /* top 3, middle 5, bottom 5; each row in descending code order */
    uint8_t discards[OFC_FL_MAX_DISCARDS]; /* the n - 13 cards left out, descending; OFC_EMPTY past them */
    uint8_t jokers[OFC_MAX_JOKERS];        /* the card joker 52 / 53 became on the board; OFC_EMPTY when the
                                            * hand has none or it is discarded (ofc_solve_fantasyland_jokers) */
    int32_t royalty[OFC_ROWS];             /* top, middle, bottom; 0 when fouled */
    int32_t stays;                         /* not fouled and a row meets its stay condition */
    int32_t fouled;                        /* 1 only when no legal setting exists */
    double value;                          /* royalty total + stay_value when it stays; 0 when fouled */
} ofc_fantasyland_result;

/* Status codes of the solve layer (see ofc_hand.h, "Status codes"); a bad
 * card is OFC_HAND_BAD_CARDS, a failed allocation OFC_NO_MEMORY. */
#define OFC_SOLVE_STATUS(X)                                                                       \
    X(OFC_FL_BAD_COUNT, -301, "a Fantasyland hand has 13 to " OFC_STR(OFC_FL_MAX_CARDS) " cards") \
    X(OFC_FL_BAD_VALUE, -302, "the stay value is not finite")                                     \
    X(OFC_FL_BAD_OPPONENTS, -303, "1 to 3 other boards (OFC_FL_MAX_OPPONENTS)")                   \
    X(OFC_FL_BAD_BOARDS, -304,                                                                    \
      "an other board with a byte that is not a card, or a card of the hand or of another board") \
    X(OFC_FL_STOPPED, -305, "the Fantasyland search was stopped (*stop was set) before it ended")
enum ofc_solve_status { OFC_SOLVE_STATUS(OFC_STATUS_ENUM) };
#define OFC_FL_BAD_CARDS OFC_HAND_BAD_CARDS /* a code past the deck or a card twice */
#define OFC_FL_NO_MEMORY OFC_NO_MEMORY

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

/* ---- Fantasyland with jokers (docs/VARIANTS.md, "Jokers") ---------------
 * ofc_solve_fantasyland for a hand that may hold the jokers jr->jokers
 * deals (codes OFC_JOKER1, OFC_JOKER2): each setting is scored as the board
 * layer resolves it (ofc_board_eval_jokers, in Fantasyland with n cards:
 * the resolved rows' royalties, their stay, fouled as the resolution
 * leaves it), and the jokers' cards are in out->jokers.  The cards the
 * player has seen are the hand's own (joker_pool "unseen": no joker becomes
 * a card of the hand, discards included).  Rows compare in the tie-break by
 * their resolved values in the rules' order (ofc_order_key), sets by codes
 * (a joker is the highest).  A hand without a joker gets exactly the answer
 * of ofc_solve_fantasyland.  Returns 0 or one of OFC_FL_* (OFC_FL_BAD_CARDS
 * also for a joker the rules do not deal). */
int ofc_solve_fantasyland_jokers(const uint8_t *cards, int n, const ofc_rules *rules,
                                 const ofc_joker_rules *jr, double stay_value, ofc_fantasyland_result *out);

/* ofc_solve_fantasyland_batch for hands that may hold jokers. */
int64_t ofc_solve_fantasyland_jokers_batch(const uint8_t *hands, int64_t count, int k, const ofc_rules *rules,
                                           const ofc_joker_rules *jr, double stay_value,
                                           ofc_fantasyland_result *out);

/* ofc_fantasyland_enumerate with jokers: every setting resolved by
 * ofc_board_eval_jokers (the reference of ofc_solve_fantasyland_jokers). */
int ofc_fantasyland_enumerate_jokers(const uint8_t *cards, int n, const ofc_rules *rules,
                                     const ofc_joker_rules *jr, const double *stay_values, int count,
                                     ofc_fantasyland_result *out);

/* ---- Fantasyland against known boards ------------------------------------
 * The setting of 13 of the n (13..17) cards that wins the most points from
 * the m (1..3) other seats' complete boards (boards: m * 13 codes, each may
 * be fouled), as the game engine scores the hand (ofc_game_result): each
 * board evaluated by the board layer, with jokers resolved by
 * ofc_board_eval_jokers (the Fantasyland seat with its n cards, seat j with
 * in_fantasyland[j], NULL: 0; under "unseen" no joker becomes a card of
 * another board), every pair scored by ofc_score_pair; value = the points +
 * stay_value when the setting stays.  Never fouled while a legal setting
 * exists (as ofc_solve_fantasyland: a fouled setting would win more only
 * with negative royalties, a negative stay value, or an other board's joker
 * that a card discarded under "unseen" makes worse); without one, the
 * setting of ofc_solve_fantasyland(_jokers), its points as scored.  Ties in
 * value go as in ofc_solve_fantasyland (the stronger bottom, then the set
 * holding the highest card, then the middle, then the top).  jr NULL: no
 * jokers.  stop: the search ends, returning OFC_FL_STOPPED, soon after *stop
 * becomes nonzero (NULL: never).  Returns 0 or one of OFC_FL_*
 * (OFC_FL_BAD_CARDS: the hand; OFC_FL_BAD_BOARDS: the other boards). */
typedef struct ofc_fantasyland_points {
    ofc_fantasyland_result setting;       /* the setting; its value is points + the stay value */
    int32_t points;                       /* net points won from the other boards */
    int32_t versus[OFC_FL_MAX_OPPONENTS]; /* what it wins from each (0 past m) */
} ofc_fantasyland_points;

int ofc_solve_fantasyland_points(const uint8_t *cards, int n, const uint8_t *boards, int m,
                                 const uint8_t *in_fantasyland, const ofc_rules *rules,
                                 const ofc_joker_rules *jr, double stay_value, const volatile int *stop,
                                 ofc_fantasyland_points *out);

/* The same answer by plain enumeration of every setting, each scored as
 * above (the reference the solver is tested against; slow: up to 171,531,360
 * settings for 17 cards, stopped as above). */
int ofc_fantasyland_points_enumerate(const uint8_t *cards, int n, const uint8_t *boards, int m,
                                     const uint8_t *in_fantasyland, const ofc_rules *rules,
                                     const ofc_joker_rules *jr, double stay_value, const volatile int *stop,
                                     ofc_fantasyland_points *out);

#ifdef __cplusplus
}
#endif
#endif /* OFC_SOLVE_H */
