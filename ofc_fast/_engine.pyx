# (the Cython directives are set once, in setup.py: OFC_FAST_DEBUG=1 turns on bounds checks)
"""Bindings of play in progress: partial boards (csrc/ofc_partial.c), dealing
(csrc/ofc_deal.c), the game engine and policies (csrc/ofc_engine.c).  The
Python API is in ofc_fast.partial, ofc_fast.deal and ofc_fast.engine.

Batch functions work on rows [start, stop) without the GIL, for
ofc_fast._workers to split over threads.
"""
import numpy as np
from libc.string cimport memcpy
from libc.stdint cimport uint8_t, int8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t
from ofc_fast._core cimport ofc_rules, OFC_STRENGTH_MAX, RuleTables

cdef extern from "ofc_fast.h" nogil:
    int ofc_partial_first_bad(const uint8_t *board)
    void ofc_partial_needed(const uint8_t *board, int8_t *need)
    void ofc_partial_values(const uint8_t *board, const ofc_rules *rules, uint16_t *value)
    int ofc_partial_can_avoid_foul(const uint8_t *board, const uint8_t *pool, int npool,
                                   const ofc_rules *rules, int64_t budget)
    void ofc_deal_batch(uint64_t seed, int64_t index0, int64_t n, int players, int cards,
                        int first_round, int round_cards, uint8_t *out)

    enum: OFC_ACTIONS
    enum: OFC_MAX_SEATS
    ctypedef struct ofc_rng:
        uint64_t state
    void ofc_rng_init(ofc_rng *g, uint64_t seed, uint64_t index)
    ctypedef struct ofc_game:
        int players, first_round, rounds, round_cards, round_play
        int button
        int fl_cards[4]
        uint8_t board[4][13]
        uint8_t filled[4][3]
        uint8_t held[52]
        int nheld
        uint8_t discards[4][52]
        int ndiscards[4]
        int street[4]
        int turn
        int step
    int ofc_game_start(ofc_game *g, int players, int first_round, int rounds, int round_cards,
                       int round_play, uint64_t seed, uint64_t hand, int button, const int *fl_cards)
    int ofc_game_check(const ofc_game *g, unsigned code)
    int ofc_game_legal(const ofc_game *g, uint8_t *mask)
    int ofc_game_apply(ofc_game *g, unsigned code)
    int ofc_game_set(ofc_game *g, const uint8_t *board)
    void ofc_game_result(const ofc_game *g, const ofc_rules *rules, int32_t *net,
                         int32_t *royalties, int32_t *fouled, int32_t *fantasyland)
    void ofc_policy_play(ofc_game *g, int policy, const ofc_rules *rules, ofc_rng *rng)
    int ofc_rollout_turns(const uint8_t *board, int first_round, int rounds, int round_play)
    int ofc_rollout_batch(const ofc_rules *rules, int players, int first_round, int rounds,
                          int round_cards, int round_play, int policy, const uint8_t *boards,
                          const int *fl_cards, const uint8_t *pool, int npool, uint64_t seed,
                          int64_t index0, int64_t n, int64_t *sums)
    ctypedef struct ofc_selfplay_totals:
        int64_t *sums
        int64_t *points_hist
        int64_t *royalty_hist
        int points_range, royalty_range
    void ofc_selfplay_batch(const ofc_rules *rules, int players, int first_round, int rounds,
                            int round_cards, int round_play, int policy, uint64_t seed,
                            int64_t index0, int64_t n, int32_t *net, int32_t *royalty,
                            uint8_t *fouled, uint8_t *fantasyland, ofc_selfplay_totals *totals)

ACTIONS = OFC_ACTIONS
ERRORS = {
    -1: "the hand is over",
    -2: "the code has a digit for a card the seat does not hold",
    -3: "wrong number of discards",
    -4: "a row has no room for that many cards",
    -5: "the seat to act is in Fantasyland: set its 13 cards (Game.set_fantasyland)",
    -6: "a card the seat does not hold, or a card twice",
    -7: "a Fantasyland board fills all 13 slots (it has an empty one)",
    -8: "the seats need more than 52 cards",
    -9: "the seat to act is not in Fantasyland",
}


# --- partial boards ---------------------------------------------------------------

def partial_first_bad(const uint8_t[:, ::1] boards):
    """(row, position) of the first bad byte of (n, 13) partial boards, or None."""
    cdef Py_ssize_t i
    cdef int pos = -1
    for i in range(boards.shape[0]):
        pos = ofc_partial_first_bad(&boards[i, 0])
        if pos >= 0:
            return i, pos
    return None


def partial_rows(RuleTables rules, const uint8_t[:, ::1] boards, int8_t[:, ::1] need,
                 uint16_t[:, ::1] value, Py_ssize_t start, Py_ssize_t stop):
    """Cards needed and values of the complete rows of checked partial boards [start, stop)."""
    cdef Py_ssize_t i
    with nogil:
        for i in range(start, stop):
            ofc_partial_needed(&boards[i, 0], &need[i, 0])
            ofc_partial_values(&boards[i, 0], &rules.c, &value[i, 0])
    return -1


def can_avoid_foul_rows(RuleTables rules, const uint8_t[:, ::1] boards, const uint8_t[:, ::1] pools,
                        const int32_t[::1] npool, int8_t[::1] out, int64_t budget,
                        Py_ssize_t start, Py_ssize_t stop):
    """ofc_partial_can_avoid_foul of boards [start, stop) with their pools into out."""
    cdef Py_ssize_t i
    with nogil:
        for i in range(start, stop):
            out[i] = <int8_t>ofc_partial_can_avoid_foul(&boards[i, 0], &pools[i, 0], npool[i],
                                                        &rules.c, budget)
    return -1


# --- dealing ------------------------------------------------------------------------

def deal_rows(uint64_t seed, uint64_t index0, uint8_t[:, ::1] out, int players, int cards,
              int first_round, int round_cards, Py_ssize_t start, Py_ssize_t stop):
    """Deals index0 + [start, stop) into rows [start, stop) of out ((n, players * cards))."""
    if stop > start:
        with nogil:
            ofc_deal_batch(seed, <int64_t>(index0 + start), stop - start, players, cards,
                           first_round, round_cards, &out[start, 0])
    return -1


# --- self-play ------------------------------------------------------------------------

def selfplay_totals(RuleTables rules, int players, int first_round, int rounds, int round_cards,
                    int round_play, int policy, uint64_t seed, int64_t[:, ::1] sums,
                    int64_t[:, ::1] points_hist, int64_t[:, ::1] royalty_hist, int64_t index0,
                    Py_ssize_t n):
    """Self-play of hands index0 .. index0+n-1, added to the totals: sums (players, 5),
    points_hist (players, 2R+1) over net points -R..R, royalty_hist (players, RR+1)."""
    cdef ofc_selfplay_totals t
    if sums.shape[0] < players or sums.shape[1] != 5 or points_hist.shape[0] < players \
            or points_hist.shape[1] % 2 != 1 or royalty_hist.shape[0] < players or royalty_hist.shape[1] < 1:
        raise ValueError("selfplay_totals: outputs of the wrong shape")
    t.sums = &sums[0, 0]
    t.points_hist = &points_hist[0, 0]
    t.royalty_hist = &royalty_hist[0, 0]
    t.points_range = <int>(points_hist.shape[1] // 2)
    t.royalty_range = <int>(royalty_hist.shape[1] - 1)
    if n > 0:
        with nogil:
            ofc_selfplay_batch(&rules.c, players, first_round, rounds, round_cards, round_play,
                               policy, seed, index0, n, NULL, NULL, NULL, NULL, &t)
    return -1


# --- Monte Carlo -------------------------------------------------------------------------

def rollout_turns(const uint8_t[::1] board, int first_round, int rounds, int round_play):
    return ofc_rollout_turns(&board[0], first_round, rounds, round_play)


def rollout_sums(RuleTables rules, int players, int first_round, int rounds, int round_cards,
                 int round_play, int policy, const uint8_t[::1] boards, const uint8_t[::1] pool,
                 uint64_t seed, Py_ssize_t start, Py_ssize_t stop, fl_cards=None):
    """Sums over completions [start, stop): (players, 5) int64 (net, net**2, fouls,
    Fantasyland entries, royalties), or the C error code.  fl_cards: a card count per
    seat in Fantasyland (0: not), or None."""
    sums = np.zeros((players, 5), dtype=np.int64)
    cdef int64_t[:, ::1] s = sums
    cdef int err = 0
    cdef int npool = <int>pool.shape[0]
    cdef int fl[4]
    cdef int *flp = NULL
    if players < 1 or players > 4 or boards.shape[0] != 13 * players or npool > 52:
        raise ValueError("rollout_sums: boards are 13 bytes a player (1..4), the pool at most 52 cards")
    if fl_cards is not None:
        for p in range(4):
            fl[p] = int(fl_cards[p]) if p < players else 0
        flp = fl
    if stop > start:
        with nogil:
            err = ofc_rollout_batch(&rules.c, players, first_round, rounds, round_cards,
                                    round_play, policy, &boards[0], flp, &pool[0], npool, seed,
                                    start, stop - start, &s[0, 0])
    return err if err else sums


# --- one hand -----------------------------------------------------------------------------

cdef class HandState:
    """One hand in the C engine (struct ofc_game); ofc_fast.engine.Game drives it."""
    cdef ofc_game g
    cdef uint64_t seed, hand

    def __init__(self, int players, int first_round, int rounds, int round_cards,
                 int round_play, uint64_t seed, uint64_t hand, int button, fl_cards):
        cdef int fl[4]
        for p in range(4):
            fl[p] = fl_cards[p] if p < players else 0
        self.seed = seed
        self.hand = hand
        err = ofc_game_start(&self.g, players, first_round, rounds, round_cards, round_play,
                             seed, hand, button, fl)
        if err:
            raise ValueError(ERRORS[err])

    def copy(self):
        cdef HandState other = HandState.__new__(HandState)
        other.g = self.g
        other.seed = self.seed
        other.hand = self.hand
        return other

    @property
    def turn(self):
        return self.g.turn

    @property
    def held(self):
        return np.array([self.g.held[i] for i in range(self.g.nheld)], dtype=np.uint8)

    @property
    def boards(self):
        return np.array([[self.g.board[p][i] for i in range(13)] for p in range(self.g.players)],
                        dtype=np.uint8)

    def discards(self, int seat):
        return np.array([self.g.discards[seat][i] for i in range(self.g.ndiscards[seat])],
                        dtype=np.uint8)

    def street(self, int seat):
        return self.g.street[seat]

    def fl_cards(self, int seat):
        return self.g.fl_cards[seat]

    def check(self, unsigned code):
        return ofc_game_check(&self.g, code)

    def legal_mask(self):
        mask = np.zeros(OFC_ACTIONS, dtype=np.uint8)
        cdef uint8_t[::1] m = mask
        ofc_game_legal(&self.g, &m[0])
        return mask.view(np.bool_)

    def apply(self, unsigned code):
        return ofc_game_apply(&self.g, code)

    def set_board(self, const uint8_t[::1] board):
        return ofc_game_set(&self.g, &board[0])

    def play_policy(self, int policy, RuleTables rules, uint64_t seed, uint64_t stream):
        cdef ofc_rng rng
        ofc_rng_init(&rng, seed, stream)
        ofc_policy_play(&self.g, policy, &rules.c, &rng)

    def result(self, RuleTables rules):
        cdef int P = self.g.players
        net = np.zeros(P, dtype=np.int32)
        roy = np.zeros((P, 3), dtype=np.int32)
        fouled = np.zeros(P, dtype=np.int32)
        fl = np.zeros(P, dtype=np.int32)
        cdef int32_t[::1] n_ = net, f_ = fouled, l_ = fl
        cdef int32_t[:, ::1] r_ = roy
        ofc_game_result(&self.g, &rules.c, &n_[0], &r_[0, 0], &f_[0], &l_[0])
        return net, roy, fouled.astype(bool), fl
