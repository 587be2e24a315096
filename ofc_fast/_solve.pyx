# (the Cython directives are set once, in setup.py: OFC_FAST_DEBUG=1 turns on bounds checks)
"""Bindings of the solve layer of the C core (csrc/ofc_solve.h): the
Fantasyland solver (csrc/solve/ofc_fantasyland.c) and its plain enumeration
(csrc/solve/ofc_fantasyland_enum.c), on the rules' tables of
ofc_fast._core.RuleTables (Rules.tables).  The Python API is
ofc_fast.solve.fantasyland; ofc_fast._fantasyland is this module's 0.1.0 name.

solve_rows solves hands [start, stop) of a C-contiguous uint8 (n, k) array
without the GIL and returns -1, or the index of the first hand with a bad
card; ofc_fast._workers splits calls over threads.  Where the rules deal
jokers (their RuleTables' jr), solve_rows and enumerate_rows take hands that
may hold jokers and tell what each became.  solve_points solves one hand
against the other seats' complete boards (ofc_solve_fantasyland_points, or its
plain enumeration), polling a StopFlag that ofc_fast._workers.call sets on
Ctrl-C.
"""
import numpy as np
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy
from libc.stdint cimport uint8_t, int16_t, int32_t, int64_t
from ofc_fast._core import status_message
# the C declarations: _solve.pxd (the solve layer), _core.pxd (the rules' tables)

cdef void _copy_out(const ofc_fantasyland_result *res, Py_ssize_t n, int ndisc, uint8_t *board,
                    uint8_t *discards, int16_t *royalties, uint8_t *stays, uint8_t *fouled,
                    double *value) noexcept nogil:
    cdef Py_ssize_t i
    cdef int j
    for i in range(n):
        memcpy(board + OFC_BOARD_SIZE * i, res[i].board, OFC_BOARD_SIZE)
        for j in range(ndisc):
            discards[ndisc * i + j] = res[i].discards[j]
        for j in range(OFC_ROWS):
            royalties[OFC_ROWS * i + j] = <int16_t>res[i].royalty[j]
        stays[i] = <uint8_t>res[i].stays
        fouled[i] = <uint8_t>res[i].fouled
        value[i] = res[i].value


def solve_rows(RuleTables rules not None, const uint8_t[:, ::1] hands, double stay_value,
               uint8_t[:, ::1] board, uint8_t[:, ::1] discards, int16_t[:, ::1] royalties,
               uint8_t[::1] stays, uint8_t[::1] fouled, double[::1] value,
               Py_ssize_t start, Py_ssize_t stop, uint8_t[:, ::1] jokers=None):
    """Solve hands [start, stop) of a (n, k) array into the (n, ...) outputs.  Where the
    rules deal jokers (rules.jr) the hands may hold them: jokers (n, 2) gets the card each
    became."""
    cdef int k = <int>hands.shape[1]
    cdef int64_t bad = -1
    cdef Py_ssize_t count = stop - start, i
    cdef ofc_fantasyland_result *res
    cdef bint with_jokers = rules.jr.jokers != 0
    if not rules.ready:
        raise ValueError("RuleTables object was not initialised")
    if count <= 0:
        return -1
    if k < OFC_BOARD_SIZE or k > OFC_FL_MAX_CARDS or discards.shape[1] != k - OFC_BOARD_SIZE:
        raise ValueError("hands have 13 to 17 cards")
    if with_jokers and (jokers is None or jokers.shape[1] != OFC_MAX_JOKERS):
        raise ValueError("hands with jokers need a jokers output of 2 columns")
    res = <ofc_fantasyland_result *>malloc(count * sizeof(ofc_fantasyland_result))
    if res == NULL:
        raise MemoryError()
    try:
        with nogil:
            if with_jokers:
                bad = ofc_solve_fantasyland_jokers_batch(&hands[start, 0], count, k, &rules.c, &rules.jr,
                                                         stay_value, res)
            else:
                bad = ofc_solve_fantasyland_batch(&hands[start, 0], count, k, &rules.c, stay_value, res)
            if bad == -1:
                _copy_out(res, count, k - OFC_BOARD_SIZE, &board[start, 0],
                          &discards[start, 0] if k > OFC_BOARD_SIZE else NULL,
                          &royalties[start, 0], &stays[start], &fouled[start], &value[start])
                if with_jokers:
                    for i in range(count):
                        jokers[start + i, 0] = res[i].jokers[0]
                        jokers[start + i, 1] = res[i].jokers[1]
    finally:
        free(res)
    if bad < -1:
        raise ValueError(f"ofc_solve_fantasyland{'_jokers' if with_jokers else ''}_batch failed: "
                         f"{status_message(bad)}")
    return bad if bad < 0 else bad + start


def enumerate_rows(RuleTables rules not None, const uint8_t[:, ::1] hands, const double[::1] stay_values,
                   Py_ssize_t start, Py_ssize_t stop):
    """The plain enumeration of hands [start, stop) for each stay value: a list
    (one per stay value) of (board, discards, royalties, stays, fouled, value) arrays;
    where the rules deal jokers (rules.jr: the hands may hold them, each setting resolved
    by the board layer) a seventh, jokers (n, 2), the card each became."""
    cdef int k = <int>hands.shape[1]
    cdef int m = <int>stay_values.shape[0]
    cdef Py_ssize_t count = stop - start, i
    cdef int s, j, rc = 0
    cdef ofc_fantasyland_result *res
    cdef bint with_jokers = rules.jr.jokers != 0
    if not rules.ready:
        raise ValueError("RuleTables object was not initialised")
    if count <= 0 or m == 0:
        raise ValueError("no hands or no stay values")
    res = <ofc_fantasyland_result *>malloc(count * m * sizeof(ofc_fantasyland_result))
    if res == NULL:
        raise MemoryError()
    out = []
    name = "ofc_fantasyland_enumerate_jokers" if with_jokers else "ofc_fantasyland_enumerate"
    try:
        with nogil:
            for i in range(count):
                if with_jokers:
                    rc = ofc_fantasyland_enumerate_jokers(&hands[start + i, 0], k, &rules.c, &rules.jr,
                                                          &stay_values[0], m, res + m * i)
                else:
                    rc = ofc_fantasyland_enumerate(&hands[start + i, 0], k, &rules.c,
                                                   &stay_values[0], m, res + m * i)
                if rc != 0:
                    break
        if rc != 0:
            raise ValueError(f"{name} failed: {status_message(rc)} (hand {start + i})")
        for s in range(m):
            arrays = (np.empty((count, 13), np.uint8), np.empty((count, max(k - 13, 1)), np.uint8),
                      np.empty((count, 3), np.int16), np.empty(count, np.uint8),
                      np.empty(count, np.uint8), np.empty(count, np.float64))
            _fill(res, m, s, count, k - 13, arrays[0], arrays[1], arrays[2], arrays[3],
                  arrays[4], arrays[5])
            fields = (arrays[0], arrays[1][:, :k - 13], arrays[2], arrays[3].view(np.bool_),
                      arrays[4].view(np.bool_), arrays[5])
            if with_jokers:
                cards = np.array([[res[m * i + s].jokers[j] for j in range(2)] for i in range(count)],
                                 dtype=np.uint8).reshape(count, 2)
                fields += (cards,)
            out.append(fields)
    finally:
        free(res)
    return out


cdef void _fill(ofc_fantasyland_result *res, int m, int s, Py_ssize_t count, int ndisc,
                uint8_t[:, ::1] board, uint8_t[:, ::1] discards, int16_t[:, ::1] royalties,
                uint8_t[::1] stays, uint8_t[::1] fouled, double[::1] value):
    cdef Py_ssize_t i
    for i in range(count):
        _copy_out(res + m * i + s, 1, ndisc, &board[i, 0], &discards[i, 0], &royalties[i, 0],
                  &stays[i], &fouled[i], &value[i])


cdef class StopFlag:
    """A flag that a long solve polls: request_stop() makes it end soon (OFC_FL_STOPPED)."""
    cdef int flag

    def request_stop(self):
        self.flag = 1


def solve_points(RuleTables rules not None, const uint8_t[::1] hand, const uint8_t[:, ::1] boards,
                 const uint8_t[::1] in_fantasyland, double stay_value, StopFlag stop not None,
                 bint enumerate=False):
    """ofc_solve_fantasyland_points (enumerate: ofc_fantasyland_points_enumerate) of one hand
    against boards (m, 13), the other seats in Fantasyland with in_fantasyland (m,): None when
    stop ended it, else (board (13,), discards, jokers (2,), royalties (3,), stays, fouled, value,
    points, versus (m,))."""
    cdef ofc_fantasyland_points out
    cdef int rc, n = <int>hand.shape[0], m = <int>boards.shape[0], i
    if not rules.ready:
        raise ValueError("RuleTables object was not initialised")
    if boards.shape[1] != OFC_BOARD_SIZE or in_fantasyland.shape[0] != m or m < 1:
        raise ValueError("boards are (m, 13) with m >= 1, in_fantasyland (m,)")
    cdef const ofc_joker_rules *jr = &rules.jr if rules.jr.jokers != 0 else NULL
    with nogil:
        if enumerate:
            rc = ofc_fantasyland_points_enumerate(&hand[0], n, &boards[0, 0], m, &in_fantasyland[0], &rules.c,
                                                  jr, stay_value, &stop.flag, &out)
        else:
            rc = ofc_solve_fantasyland_points(&hand[0], n, &boards[0, 0], m, &in_fantasyland[0], &rules.c, jr,
                                              stay_value, &stop.flag, &out)
    if rc == OFC_FL_STOPPED:
        return None
    if rc != 0:
        raise ValueError(f"ofc_solve_fantasyland_points failed: {status_message(rc)}")
    board = bytes(out.setting.board[:OFC_BOARD_SIZE])
    discards = bytes(out.setting.discards[:n - OFC_BOARD_SIZE])
    jokers = bytes(out.setting.jokers[:OFC_MAX_JOKERS])
    royalties = tuple(int(out.setting.royalty[i]) for i in range(OFC_ROWS))
    versus = tuple(int(out.versus[i]) for i in range(m))
    return (board, discards, jokers, royalties, bool(out.setting.stays), bool(out.setting.fouled),
            float(out.setting.value), int(out.points), versus)
