# Partial boards (csrc/ofc_partial.c), included in ofc_fast/_core.pyx: the
# board layer's bindings of boards with empty slots; the Python API is
# ofc_fast/board/partial.py.  Batch functions work on rows [start, stop)
# without the GIL, for ofc_fast._workers to split over threads.


def partial_first_bad(const uint8_t[:, ::1] boards):
    """(row, position) of the first bad byte of (n, 13) partial boards, or None."""
    cdef Py_ssize_t i
    cdef int pos = -1
    for i in range(boards.shape[0]):
        pos = ofc_partial_first_bad(&boards[i, 0])
        if pos >= 0:
            return i, pos
    return None


def partial_board_rows(RuleTables rules, const uint8_t[:, ::1] boards, int8_t[:, ::1] need,
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
