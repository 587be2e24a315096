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

#endif /* OFC_FAST_H */
