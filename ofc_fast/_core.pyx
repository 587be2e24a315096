# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Bindings of the hand evaluators: numpy buffers in, numpy buffers out.

Each batch function evaluates rows [start, stop) of a C-contiguous uint8
(n, 3|5) array into `out` without the GIL and returns -1, or the row index of
the first invalid hand (a byte > 51 or a card twice); ofc_fast._workers
splits calls over threads.  The Python API in ofc_fast.hands builds on these.
"""
import numpy as np
from cpython.long cimport PyLong_AsLong

STRENGTH_MAX = OFC_STRENGTH_MAX
LOWBALL_MAX = OFC_LOWBALL_MAX


def strength_rows(const uint8_t[:, ::1] cards, uint16_t[::1] out, Py_ssize_t start, Py_ssize_t stop):
    """Strength of rows [start, stop) of a (n, 3) or (n, 5) array into out."""
    cdef int64_t bad = -1
    cdef int size = <int>cards.shape[1]
    if stop <= start:
        return -1
    with nogil:
        if size == 5:
            bad = ofc_strength5_batch(&cards[start, 0], stop - start, &out[start])
        else:
            bad = ofc_strength3_batch(&cards[start, 0], stop - start, &out[start])
    return bad if bad < 0 else bad + start


def lowball27_rows(const uint8_t[:, ::1] cards, uint16_t[::1] out, Py_ssize_t start, Py_ssize_t stop):
    """Deuce-to-seven rank of rows [start, stop) of a (n, 5) array into out."""
    cdef int64_t bad = -1
    if stop <= start:
        return -1
    with nogil:
        bad = ofc_lowball27_batch(&cards[start, 0], stop - start, &out[start])
    return bad if bad < 0 else bad + start


def strength_codes(object hand):
    """Strength of one hand given as a list or tuple of 3 or 5 ints.

    Returns -1 when a code is out of 0..51 or repeats, -2 for a wrong count,
    -3 when an item is not an int; the caller words the error.
    """
    cdef uint8_t buf[5]
    cdef Py_ssize_t n = len(hand), i
    cdef long v
    if n != 3 and n != 5:
        return -2
    for i in range(n):
        item = hand[i]
        if type(item) is not int:
            return -3
        v = PyLong_AsLong(item) if -(1 << 62) < item < (1 << 62) else 255
        if v < 0 or v > 51:
            return -1
        buf[i] = <uint8_t>v
    return ofc_strength(buf, <int>n)


def strength_info():
    """Per strength 0..STRENGTH_MAX: category | cards << 4 | ranks << 8 (uint32)."""
    return np.asarray(<const uint32_t[:OFC_STRENGTH_MAX + 1]>ofc_strength_info).copy()


def cactus_ranks():
    """Per strength 0..STRENGTH_MAX: Cactus Kev rank of 5-card strengths, else 0."""
    return np.asarray(<const uint16_t[:OFC_STRENGTH_MAX + 1]>ofc_cactus_rank).copy()
