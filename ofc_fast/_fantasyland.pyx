# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Bindings of the Fantasyland solver (csrc/ofc_fantasyland.c), its plain
enumeration (csrc/ofc_fantasyland_enum.c) and the C rules builder
(csrc/ofc_rules.c).  The Python API is ofc_fast.fantasyland.

solve_rows solves hands [start, stop) of a C-contiguous uint8 (n, k) array
without the GIL and returns -1, or the index of the first hand with a bad
card; ofc_fast._workers splits calls over threads.
"""
import numpy as np
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy
from libc.stdint cimport uint8_t, int16_t, int32_t, int64_t, uint32_t
from ofc_fast._core cimport ofc_rules, OFC_STRENGTH_MAX

cdef extern from "ofc_fast.h" nogil:
    ctypedef struct ofc_rules_spec:
        int32_t low
        int32_t top_pair[13]
        int32_t top_trips[13]
        int32_t middle[10]
        int32_t bottom[10]
        int32_t low_middle[13]
        int32_t low_nuts
        int32_t scoop_bonus
        int32_t fl_top_pair[13]
        int32_t fl_top_trips[13]
        int32_t fl_low_nuts
        int32_t fl_low_both
        int32_t fl_low_both_required
        int32_t stay_cards
        int32_t stay_top
        int32_t stay_middle
        int32_t stay_bottom

    ctypedef struct ofc_rules_storage:
        ofc_rules rules

    ctypedef struct ofc_fantasyland_result:
        uint8_t board[13]
        uint8_t discards[4]
        int32_t royalty[3]
        int32_t stays
        int32_t fouled
        double value

    enum: OFC_NO_STAY
    int ofc_rules_preset(ofc_rules_spec *spec, int preset)
    int ofc_rules_build(const ofc_rules_spec *spec, ofc_rules_storage *st)
    int64_t ofc_solve_fantasyland_batch(const uint8_t *hands, int64_t count, int k,
                                        const ofc_rules *rules, double stay_value,
                                        ofc_fantasyland_result *out)
    int ofc_fantasyland_enumerate(const uint8_t *cards, int n, const ofc_rules *rules,
                                  const double *stay_values, int count, ofc_fantasyland_result *out)

NO_STAY = OFC_NO_STAY
PRESETS = {"original": 0, "pineapple": 1, "progressive": 2, "low": 3}
# the fields of ofc_rules_spec: name -> length (0 for a scalar)
SPEC_FIELDS = {
    "low": 0, "top_pair": 13, "top_trips": 13, "middle": 10, "bottom": 10, "low_middle": 13,
    "low_nuts": 0, "scoop_bonus": 0, "fl_top_pair": 13, "fl_top_trips": 13, "fl_low_nuts": 0,
    "fl_low_both": 0, "fl_low_both_required": 0, "stay_cards": 0, "stay_top": 0,
    "stay_middle": 0, "stay_bottom": 0,
}


cdef int32_t *_field(ofc_rules_spec *s, str name):
    if name == "low": return &s.low
    if name == "top_pair": return s.top_pair
    if name == "top_trips": return s.top_trips
    if name == "middle": return s.middle
    if name == "bottom": return s.bottom
    if name == "low_middle": return s.low_middle
    if name == "low_nuts": return &s.low_nuts
    if name == "scoop_bonus": return &s.scoop_bonus
    if name == "fl_top_pair": return s.fl_top_pair
    if name == "fl_top_trips": return s.fl_top_trips
    if name == "fl_low_nuts": return &s.fl_low_nuts
    if name == "fl_low_both": return &s.fl_low_both
    if name == "fl_low_both_required": return &s.fl_low_both_required
    if name == "stay_cards": return &s.stay_cards
    if name == "stay_top": return &s.stay_top
    if name == "stay_middle": return &s.stay_middle
    if name == "stay_bottom": return &s.stay_bottom
    raise KeyError(name)


cdef dict _spec_dict(ofc_rules_spec *s):
    out = {}
    for name, size in SPEC_FIELDS.items():
        p = _field(s, name)
        out[name] = p[0] if size == 0 else tuple(p[i] for i in range(size))
    return out


def preset_spec(str name):
    """The ofc_rules_spec that ofc_rules_preset fills for a preset name, as a dict."""
    cdef ofc_rules_spec s
    if ofc_rules_preset(&s, PRESETS[name]) != 0:
        raise ValueError(name)
    return _spec_dict(&s)


cdef class CRules:
    """Rule tables built in C (ofc_rules_build) from a spec dict with the
    fields of ofc_rules_spec (SPEC_FIELDS)."""
    cdef ofc_rules_storage *st

    def __cinit__(self, dict spec):
        cdef ofc_rules_spec s
        cdef int32_t *p
        for name, size in SPEC_FIELDS.items():
            p = _field(&s, name)
            value = spec[name]
            if size == 0:
                p[0] = value
            else:
                if len(value) != size:
                    raise ValueError(f"{name} has {size} entries, got {len(value)}")
                for i in range(size):
                    p[i] = value[i]
        self.st = <ofc_rules_storage *>malloc(sizeof(ofc_rules_storage))
        if self.st == NULL:
            raise MemoryError()
        if ofc_rules_build(&s, self.st) != 0:
            raise ValueError(f"ofc_rules_build rejected the spec {spec!r}")

    def __dealloc__(self):
        free(self.st)

    def tables(self):
        """(row_info top, middle, bottom, middle_live or None, scoop_bonus, fl_both,
        fl_both_required, stay_cards): copies of what the C struct holds."""
        cdef ofc_rules *r = &self.st.rules
        cdef Py_ssize_t n = OFC_STRENGTH_MAX + 1
        info = tuple(np.asarray(<const uint32_t[:n]>r.row_info[i]).copy() for i in range(3))
        live = None if r.middle_live == NULL else np.asarray(<const uint8_t[:n]>r.middle_live).copy()
        return info + (live, r.scoop_bonus, r.fl_both, r.fl_both_required, r.stay_cards)


cdef void _copy_out(const ofc_fantasyland_result *res, Py_ssize_t n, int ndisc, uint8_t *board,
                    uint8_t *discards, int16_t *royalties, uint8_t *stays, uint8_t *fouled,
                    double *value) noexcept nogil:
    cdef Py_ssize_t i
    cdef int j
    for i in range(n):
        memcpy(board + 13 * i, res[i].board, 13)
        for j in range(ndisc):
            discards[ndisc * i + j] = res[i].discards[j]
        for j in range(3):
            royalties[3 * i + j] = <int16_t>res[i].royalty[j]
        stays[i] = <uint8_t>res[i].stays
        fouled[i] = <uint8_t>res[i].fouled
        value[i] = res[i].value


def solve_rows(CRules rules, const uint8_t[:, ::1] hands, double stay_value,
               uint8_t[:, ::1] board, uint8_t[:, ::1] discards, int16_t[:, ::1] royalties,
               uint8_t[::1] stays, uint8_t[::1] fouled, double[::1] value,
               Py_ssize_t start, Py_ssize_t stop):
    """Solve hands [start, stop) of a (n, k) array into the (n, ...) outputs."""
    cdef int k = <int>hands.shape[1]
    cdef int64_t bad = -1
    cdef Py_ssize_t count = stop - start
    cdef ofc_fantasyland_result *res
    if count <= 0:
        return -1
    if k < 13 or k > 17 or discards.shape[1] != k - 13:
        raise ValueError("hands have 13 to 17 cards")
    res = <ofc_fantasyland_result *>malloc(count * sizeof(ofc_fantasyland_result))
    if res == NULL:
        raise MemoryError()
    try:
        with nogil:
            bad = ofc_solve_fantasyland_batch(&hands[start, 0], count, k, &rules.st.rules,
                                              stay_value, res)
            if bad == -1:
                _copy_out(res, count, k - 13, &board[start, 0],
                          &discards[start, 0] if k > 13 else NULL,
                          &royalties[start, 0], &stays[start], &fouled[start], &value[start])
    finally:
        free(res)
    if bad < -1:
        raise ValueError(f"ofc_solve_fantasyland_batch failed with code {bad}")
    return bad if bad < 0 else bad + start


def enumerate_rows(CRules rules, const uint8_t[:, ::1] hands, const double[::1] stay_values,
                   Py_ssize_t start, Py_ssize_t stop):
    """The plain enumeration of hands [start, stop) for each stay value: a list
    (one per stay value) of (board, discards, royalties, stays, fouled, value) arrays."""
    cdef int k = <int>hands.shape[1]
    cdef int m = <int>stay_values.shape[0]
    cdef Py_ssize_t count = stop - start, i
    cdef int s, rc = 0
    cdef ofc_fantasyland_result *res
    if count <= 0 or m == 0:
        raise ValueError("no hands or no stay values")
    res = <ofc_fantasyland_result *>malloc(count * m * sizeof(ofc_fantasyland_result))
    if res == NULL:
        raise MemoryError()
    out = []
    try:
        with nogil:
            for i in range(count):
                rc = ofc_fantasyland_enumerate(&hands[start + i, 0], k, &rules.st.rules,
                                               &stay_values[0], m, res + m * i)
                if rc != 0:
                    break
        if rc != 0:
            raise ValueError(f"ofc_fantasyland_enumerate failed with code {rc} (hand {start + i})")
        for s in range(m):
            arrays = (np.empty((count, 13), np.uint8), np.empty((count, max(k - 13, 1)), np.uint8),
                      np.empty((count, 3), np.int16), np.empty(count, np.uint8),
                      np.empty(count, np.uint8), np.empty(count, np.float64))
            _fill(res, m, s, count, k - 13, arrays[0], arrays[1], arrays[2], arrays[3],
                  arrays[4], arrays[5])
            out.append((arrays[0], arrays[1][:, :k - 13], arrays[2], arrays[3].view(np.bool_),
                        arrays[4].view(np.bool_), arrays[5]))
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
