/*
 * ofc_fast.h -- the public C API of ofc_fast, every layer: C users include
 * this one header.  Plain C99, no Python.  One header per layer, each
 * including the ones below it (a C file includes only its own layer's
 * header and those below):
 *
 *   ofc_hand.h   card codes, hand strength, lowball, subsets (hand)
 *   ofc_board.h  rules tables, board kernels, pairwise scoring, partial boards (board)
 *   ofc_solve.h  the Fantasyland solver (solve)
 *   ofc_play.h   random streams, dealing, the game engine, the policies (play)
 *   ofc_sim.h    self-play and Monte Carlo rollouts (sim)
 *   ofc_rl.h     batched environments for reinforcement learning (rl)
 */
#ifndef OFC_FAST_H
#define OFC_FAST_H

#include "ofc_hand.h"
#include "ofc_board.h"
#include "ofc_solve.h"
#include "ofc_play.h"
#include "ofc_sim.h"
#include "ofc_rl.h"

/* The message of a status code of any layer (ofc_hand.h, "Status codes"), or
 * NULL for a number that is none.  Its cases are the layers' lists, so two
 * codes of one value would not compile. */
#define OFC_STATUS_CASE(name, value, message) \
    case value: return message;
static inline const char *ofc_status_message(int code)
{
    /* OFC_ROLLOUT_BOARD - p: the board of player p */
    if (code < OFC_ROLLOUT_BOARD && code > OFC_ROLLOUT_BOARD - OFC_MAX_SEATS) code = OFC_ROLLOUT_BOARD;
    switch (code) {
        OFC_HAND_STATUS(OFC_STATUS_CASE)
        OFC_BOARD_STATUS(OFC_STATUS_CASE)
        OFC_SOLVE_STATUS(OFC_STATUS_CASE)
        OFC_PLAY_STATUS(OFC_STATUS_CASE)
        OFC_SIM_STATUS(OFC_STATUS_CASE)
        OFC_RL_STATUS(OFC_STATUS_CASE)
    default: return NULL;
    }
}

#endif /* OFC_FAST_H */
