/* Private header of the Fantasyland solver against known boards
 * (csrc/solve/ofc_fantasyland_points.c) and its plain enumeration
 * (ofc_fantasyland_points_enum.c; no other file includes it): the other
 * seats as the game engine scores them, and the scoring of one setting
 * (ofc_fantasyland_points_game.c), which both call. */
#ifndef OFC_FANTASYLAND_POINTS_H
#define OFC_FANTASYLAND_POINTS_H

#include "ofc_solve.h"

/* The other seats' boards as scored against the Fantasyland seat: each row's
 * key (ofc_score_pair compares them), foul and royalty total. */
typedef struct {
    uint16_t key[OFC_FL_MAX_OPPONENTS][OFC_ROWS];
    int32_t fouled[OFC_FL_MAX_OPPONENTS], roy[OFC_FL_MAX_OPPONENTS];
} fp_seats;

/* One hand against its other boards, checked and evaluated (fp_begin). */
typedef struct {
    int n, m;
    uint8_t cards[OFC_FL_MAX_CARDS]; /* the hand, sorted by code (jokers last) */
    uint8_t boards[OFC_FL_MAX_OPPONENTS * OFC_BOARD_SIZE];
    uint8_t in_fl[OFC_FL_MAX_OPPONENTS];
    uint64_t dead; /* the natural cards of the other boards: "unseen" for the Fantasyland seat */
    const ofc_rules *r;
    const ofc_joker_rules *jr; /* NULL: no jokers dealt */
    double S;
    /* Under "unseen" a joker of another board may not become a card of the
     * Fantasyland seat's board, so that board's evaluation depends on the
     * cards discarded: then seats holds one entry per set of discard
     * positions (by colex rank, fp_rank), else one. */
    int dep, nd;
    fp_seats *seats;
} fp_game;

/* Check the hand and the boards (copies are kept) and evaluate the boards:
 * 0, or one of OFC_FL_*; fp_end frees what a 0 leaves. */
int fp_begin(fp_game *g, const uint8_t *cards, int n, const uint8_t *boards, int m, const uint8_t *in_fl,
             const ofc_rules *r, const ofc_joker_rules *jr, double S);
void fp_end(fp_game *g);

/* The colex rank of a set of positions (bits of mask, at most 4 of them). */
int fp_rank(uint32_t mask);

/* The scoring of one setting (board: 13 codes of the hand; dmask: the
 * positions in g->cards of the cards left out): 1 when fouled, else 0 with
 * out's royalties, stays, jokers, points, versus and value (points + S when
 * it stays) written and key[3] the rows' values in the tie-break order (the
 * rules' order of the resolved values: ofc_joker_order_key). */
int fp_score(const fp_game *g, const uint8_t *board, uint32_t dmask, ofc_fantasyland_points *out,
             uint16_t *key);

/* The fallback when no setting is legal: the setting of the royalty solver
 * (enumerate 1: of its plain enumeration), its points as scored. */
int fp_fouled(const fp_game *g, int enumerate, ofc_fantasyland_points *out);

#endif /* OFC_FANTASYLAND_POINTS_H */
