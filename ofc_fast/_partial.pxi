# Partial boards (csrc/board/ofc_partial.c), included in ofc_fast/_core.pyx: the
# board layer's bindings of boards with empty slots; the Python API is
# ofc_fast/board/partial.py.  Batch functions work on rows [start, stop)
# without the GIL, for ofc_fast._workers to split over threads; the boards may
# hold the rules' jokers (rules.jr: none for a deck without jokers).


def partial_first_bad(const uint8_t[:, ::1] boards, int jokers=0):
    """(row, position) of the first bad byte of (n, 13) partial boards (a deck with
    `jokers` jokers), or None."""
    cdef Py_ssize_t i
    cdef int pos = -1
    for i in range(boards.shape[0]):
        pos = ofc_partial_first_bad_jokers(&boards[i, 0], jokers)
        if pos >= 0:
            return i, pos
    return None


def partial_board_rows(RuleTables rules not None, const uint8_t[:, ::1] boards, int8_t[:, ::1] need,
                       uint16_t[:, ::1] value, Py_ssize_t start, Py_ssize_t stop):
    """Cards needed and values of the complete rows of checked partial boards [start, stop)."""
    cdef Py_ssize_t i
    with nogil:
        for i in range(start, stop):
            ofc_partial_needed(&boards[i, 0], &need[i, 0])
            ofc_partial_values_jokers(&boards[i, 0], &rules.c, &rules.jr, &value[i, 0])
    return -1


def can_avoid_foul_rows(RuleTables rules not None, const uint8_t[:, ::1] boards, const uint8_t[:, ::1] pools,
                        const int32_t[::1] npool, int16_t[::1] out, int64_t budget,
                        Py_ssize_t start, Py_ssize_t stop, const uint64_t[::1] dead=None):
    """ofc_partial_can_avoid_foul of boards [start, stop) with their pools into out (1, 0,
    or the status code OFC_BOARD_SHORT_POOL or OFC_BOARD_BUDGET); with the rules' jokers,
    dead: a bit mask per board of the cards joker_pool "unseen" excludes."""
    cdef Py_ssize_t i
    cdef const ofc_joker_rules *jr = &rules.jr
    if jr.jokers and (dead is None or dead.shape[0] < stop):
        raise ValueError("can_avoid_foul_rows: a dead mask per board with jokers")
    with nogil:
        for i in range(start, stop):
            if jr.jokers:
                out[i] = <int16_t>ofc_partial_can_avoid_foul_jokers(&boards[i, 0], &pools[i, 0], npool[i],
                                                                    dead[i], &rules.c, jr, budget)
            else:
                out[i] = <int16_t>ofc_partial_can_avoid_foul(&boards[i, 0], &pools[i, 0], npool[i],
                                                             &rules.c, budget)
    return -1
