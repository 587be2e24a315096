# (the Cython directives are set once, in setup.py: OFC_FAST_DEBUG=1 turns on bounds checks)
"""Bindings of the sim layer of the C core (csrc/ofc_sim.h): self-play
(csrc/ofc_selfplay.c) and Monte Carlo completions of partial boards
(csrc/ofc_rollout.c).  The Python API is ofc_fast.sim.selfplay and
ofc_fast.sim.rollout.

Each works on hands or completions [start, stop) without the GIL, for
ofc_fast._workers to split over threads.
"""
import numpy as np
from libc.stdint cimport uint8_t, uint64_t, int32_t, int64_t
from ofc_fast._core cimport ofc_rules, RuleTables

cdef extern from "ofc_sim.h" nogil:
    ctypedef struct ofc_policy_info:
        int nparams
    const ofc_policy_info ofc_policies[]
    const int ofc_policy_count

    ctypedef struct ofc_selfplay_totals:
        int64_t *sums
        int64_t *points_hist
        int64_t *royalty_hist
        int points_range, royalty_range
    int ofc_selfplay_batch(const ofc_rules *rules, int players, int first_round, int rounds,
                           int round_cards, int round_play, int policy, const double *params, uint64_t seed,
                           int64_t index0, int64_t n, int32_t *net, int32_t *royalty,
                           uint8_t *fouled, uint8_t *fantasyland, ofc_selfplay_totals *totals)
    int ofc_rollout_batch(const ofc_rules *rules, int players, int first_round, int rounds,
                          int round_cards, int round_play, int policy, const double *params,
                          const uint8_t *boards,
                          const int *fl_cards, const uint8_t *pool, int npool, uint64_t seed,
                          int64_t index0, int64_t n, int64_t *sums)


cdef _check_params(int policy, const double[::1] params):
    """The C policy reads its registry's count of parameters: refuse another count."""
    if not 0 <= policy < ofc_policy_count or params.shape[0] != ofc_policies[policy].nparams:
        raise ValueError("the policy takes a different number of parameters")


def selfplay_totals(RuleTables rules, int players, int first_round, int rounds, int round_cards,
                    int round_play, int policy, uint64_t seed, int64_t[:, ::1] sums,
                    int64_t[:, ::1] points_hist, int64_t[:, ::1] royalty_hist, int64_t index0,
                    Py_ssize_t n, const double[::1] params=None):
    """Self-play of hands index0 .. index0+n-1, added to the totals: sums (players, 5),
    points_hist (players, 2R+1) over net points -R..R, royalty_hist (players, RR+1).
    params: the policy's parameters (None: its defaults).
    Returns -1, or the C error code (an error of the engine or the policies)."""
    cdef ofc_selfplay_totals t
    cdef int err = 0
    cdef const double *pp = NULL
    if sums.shape[0] < players or sums.shape[1] != 5 or points_hist.shape[0] < players \
            or points_hist.shape[1] % 2 != 1 or royalty_hist.shape[0] < players or royalty_hist.shape[1] < 1:
        raise ValueError("selfplay_totals: outputs of the wrong shape")
    t.sums = &sums[0, 0]
    t.points_hist = &points_hist[0, 0]
    t.royalty_hist = &royalty_hist[0, 0]
    t.points_range = <int>(points_hist.shape[1] // 2)
    t.royalty_range = <int>(royalty_hist.shape[1] - 1)
    if params is not None:
        _check_params(policy, params)
        pp = &params[0]
    if n > 0:
        with nogil:
            err = ofc_selfplay_batch(&rules.c, players, first_round, rounds, round_cards, round_play,
                                     policy, pp, seed, index0, n, NULL, NULL, NULL, NULL, &t)
    return err if err else -1


def rollout_sums(RuleTables rules, int players, int first_round, int rounds, int round_cards,
                 int round_play, int policy, const uint8_t[::1] boards, const uint8_t[::1] pool,
                 uint64_t seed, Py_ssize_t start, Py_ssize_t stop, fl_cards=None,
                 const double[::1] params=None):
    """Sums over completions [start, stop): (players, 5) int64 (net, net**2, fouls,
    Fantasyland entries, royalties), or the C error code.  fl_cards: a card count per
    seat in Fantasyland (0: not), or None.  params: the policy's parameters (None: its
    defaults)."""
    sums = np.zeros((players, 5), dtype=np.int64)
    cdef int64_t[:, ::1] s = sums
    cdef int err = 0
    cdef int npool = <int>pool.shape[0]
    cdef int fl[4]
    cdef int *flp = NULL
    cdef const double *pp = NULL
    if players < 1 or players > 4 or boards.shape[0] != 13 * players or npool > 52:
        raise ValueError("rollout_sums: boards are 13 bytes a player (1..4), the pool at most 52 cards")
    if fl_cards is not None:
        for p in range(4):
            fl[p] = int(fl_cards[p]) if p < players else 0
        flp = fl
    if params is not None:
        _check_params(policy, params)
        pp = &params[0]
    if stop > start:
        with nogil:
            err = ofc_rollout_batch(&rules.c, players, first_round, rounds, round_cards,
                                    round_play, policy, pp, &boards[0], flp, &pool[0], npool, seed,
                                    start, stop - start, &s[0, 0])
    return err if err else sums
