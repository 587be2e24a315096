# Partial boards (csrc/board/ofc_partial.c), included in ofc_fast/_core.pyx: the
# board layer's bindings of boards with empty slots; the Python API is
# ofc_fast/board/partial.py.  Batch functions work on rows [start, stop)
# without the GIL, for ofc_fast._workers to split over threads.  joker_spec:
# Rules.joker_spec (None: a deck without jokers).

cdef extern from "ofc_fast.h" nogil:
    int ofc_partial_first_bad_jokers(const uint8_t *board, int jokers)
    void ofc_partial_values_jokers(const uint8_t *board, const ofc_rules *rules,
                                   const ofc_joker_rules *jr, uint16_t *value)
    int ofc_partial_can_avoid_foul_jokers(const uint8_t *board, const uint8_t *pool, int npool,
                                          uint64_t dead, const ofc_rules *rules,
                                          const ofc_joker_rules *jr, int64_t budget)


cdef int _partial_jokers(object spec, ofc_joker_rules *jr) except -1:
    """jr from a joker spec, or no jokers for None."""
    if spec is None:
        memset(jr, 0, sizeof(ofc_joker_rules))
        return 0
    return _joker_rules(spec, jr)


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


def partial_board_rows(RuleTables rules, const uint8_t[:, ::1] boards, int8_t[:, ::1] need,
                       uint16_t[:, ::1] value, Py_ssize_t start, Py_ssize_t stop, joker_spec=None):
    """Cards needed and values of the complete rows of checked partial boards [start, stop)."""
    cdef Py_ssize_t i
    cdef ofc_joker_rules jr
    _partial_jokers(joker_spec, &jr)
    with nogil:
        for i in range(start, stop):
            ofc_partial_needed(&boards[i, 0], &need[i, 0])
            ofc_partial_values_jokers(&boards[i, 0], &rules.c, &jr, &value[i, 0])
    return -1


def can_avoid_foul_rows(RuleTables rules, const uint8_t[:, ::1] boards, const uint8_t[:, ::1] pools,
                        const int32_t[::1] npool, int8_t[::1] out, int64_t budget,
                        Py_ssize_t start, Py_ssize_t stop, joker_spec=None,
                        const uint64_t[::1] dead=None):
    """ofc_partial_can_avoid_foul of boards [start, stop) with their pools into out; with
    jokers, dead: a bit mask per board of the cards joker_pool "unseen" excludes."""
    cdef Py_ssize_t i
    cdef ofc_joker_rules jr
    _partial_jokers(joker_spec, &jr)
    if jr.jokers and (dead is None or dead.shape[0] < stop):
        raise ValueError("can_avoid_foul_rows: a dead mask per board with jokers")
    with nogil:
        for i in range(start, stop):
            if jr.jokers:
                out[i] = <int8_t>ofc_partial_can_avoid_foul_jokers(&boards[i, 0], &pools[i, 0], npool[i],
                                                                   dead[i], &rules.c, &jr, budget)
            else:
                out[i] = <int8_t>ofc_partial_can_avoid_foul(&boards[i, 0], &pools[i, 0], npool[i],
                                                            &rules.c, budget)
    return -1
