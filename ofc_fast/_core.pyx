# (the Cython directives are set once, in setup.py: OFC_FAST_DEBUG=1 turns on bounds checks)
"""Bindings of the hand and board layers of the C core (csrc/ofc_hand.h,
csrc/ofc_board.h): the hand evaluators, the rule tables, the board kernels
(analysis, scoring, the pairwise score details), partial boards
(_partial.pxi) and the one-item fast paths (_scalar.pxi).  numpy buffers in,
numpy buffers out; the Python API is ofc_fast.hand and ofc_fast.board.

Each batch function evaluates rows [start, stop) of a C-contiguous uint8
array into its outputs without the GIL and returns -1, or the row index of
the first invalid item (a byte that is not a card or a card twice);
ofc_fast._workers splits calls over threads.
"""
import numpy as np
from libc.stdlib cimport malloc, free
from libc.string cimport memset

STRENGTH_MAX = OFC_STRENGTH_MAX
LOWBALL_MAX = OFC_LOWBALL_MAX
# jokers (csrc/ofc_hand.h, "Jokers"): their codes, the largest strength with
# five of a kind, the order key of a royal flush ranked above five of a kind
JOKERS = (OFC_JOKER1, OFC_JOKER2)
STRENGTH_FIVE_MAX = OFC_STRENGTH_FIVE_MAX
ROYAL_OVER_FIVE = OFC_ROYAL_OVER_FIVE


# Status codes: each binding exports its layer's by their C names (OFC_HAND_BAD_SIZE
# here, OFC_ERR_DEALING in ofc_fast._play, ...: cpdef enums of the .pxd files), and
# this gives the message of any of them, from the one list in the C headers.
def status_message(int code):
    """The message of a C status code of any layer (ofc_status_message), or
    "error <code>" for a number that is none."""
    cdef const char *text = ofc_status_message(code)
    return f"error {code}" if text == NULL else text.decode()


# Every kernel entry checks its arguments (a few compares per call): these
# functions are importable, and a wrong one must be an exception, not a read
# or write past a buffer.
cdef int _check_range(Py_ssize_t start, Py_ssize_t stop, Py_ssize_t rows, Py_ssize_t out_rows,
                      str what) except -1:
    if start < 0 or stop > rows:
        raise IndexError(f"rows [{start}, {stop}) are not within the {rows} {what}")
    if out_rows < rows:
        raise ValueError(f"the output has {out_rows} rows for {rows} {what}")
    return 0


def strength_rows(const uint8_t[:, ::1] cards not None, uint16_t[::1] out not None,
                  Py_ssize_t start, Py_ssize_t stop):
    """Strength of rows [start, stop) of a (n, 3) or (n, 5) array into out."""
    cdef int64_t bad = -1
    cdef int size = <int>cards.shape[1]
    if size != 3 and size != 5:
        raise ValueError(f"hands have 3 or 5 cards, got rows of {size}")
    _check_range(start, stop, cards.shape[0], out.shape[0], "hands")
    if stop <= start:
        return -1
    with nogil:
        if size == 5:
            bad = ofc_strength5_batch(&cards[start, 0], stop - start, &out[start])
        else:
            bad = ofc_strength3_batch(&cards[start, 0], stop - start, &out[start])
    return bad if bad < 0 else bad + start


def strength_jokers_rows(const uint8_t[:, ::1] cards not None, uint16_t[::1] out not None,
                         Py_ssize_t start, Py_ssize_t stop, int jokers, int five_kind):
    """Strength of rows [start, stop) of a (n, 3) or (n, 5) array that may hold up to
    ``jokers`` jokers (0..2) into out; ``five_kind``: five of a kind is a hand."""
    cdef int64_t bad = -1
    cdef int size = <int>cards.shape[1]
    if size != 3 and size != 5:
        raise ValueError(f"hands have 3 or 5 cards, got rows of {size}")
    if not 0 <= jokers <= OFC_MAX_JOKERS:
        raise ValueError(f"jokers must be 0, 1 or 2, got {jokers}")
    _check_range(start, stop, cards.shape[0], out.shape[0], "hands")
    if stop <= start:
        return -1
    with nogil:
        bad = ofc_strength_jokers_batch(&cards[start, 0], stop - start, size, jokers, five_kind, &out[start])
    return bad if bad < 0 else bad + start


def subset_jokers_rows(const uint8_t[:, ::1] cards not None, int k, uint16_t[:, ::1] out not None,
                       Py_ssize_t start, Py_ssize_t stop, int jokers, int five_kind):
    """subset_rows for hands that may hold up to ``jokers`` jokers (0..2)."""
    cdef int64_t bad = -1
    cdef int m = <int>cards.shape[1]
    if (k != 3 and k != 5) or m < k or m > OFC_DECK_SIZE + OFC_MAX_JOKERS:
        raise ValueError(f"subsets of {k} of hands of {m} cards")
    if not 0 <= jokers <= OFC_MAX_JOKERS:
        raise ValueError(f"jokers must be 0, 1 or 2, got {jokers}")
    if out.shape[1] != ofc_choose(m, k):
        raise ValueError(f"the output has {out.shape[1]} columns for {ofc_choose(m, k)} subsets")
    _check_range(start, stop, cards.shape[0], out.shape[0], "hands")
    if stop <= start:
        return -1
    with nogil:
        bad = ofc_subset_strengths_jokers_batch(&cards[start, 0], stop - start, m, k, jokers, five_kind,
                                                &out[start, 0])
    return bad if bad < 0 else bad + start


def best_jokers_rows(const uint8_t[:, ::1] cards not None, int k, uint16_t[::1] best not None,
                     uint8_t[:, ::1] positions not None, Py_ssize_t start, Py_ssize_t stop, int jokers,
                     int five_kind, int below_royal):
    """best_rows for hands that may hold up to ``jokers`` jokers; the best by the rules'
    order (``below_royal``: five of a kind under the royal flush)."""
    cdef int64_t bad = -1
    cdef int m = <int>cards.shape[1]
    if (k != 3 and k != 5) or m < k or m > OFC_DECK_SIZE + OFC_MAX_JOKERS:
        raise ValueError(f"subsets of {k} of hands of {m} cards")
    if not 0 <= jokers <= OFC_MAX_JOKERS:
        raise ValueError(f"jokers must be 0, 1 or 2, got {jokers}")
    if positions.shape[1] != k:
        raise ValueError(f"positions have {k} columns")
    _check_range(start, stop, cards.shape[0], min(best.shape[0], positions.shape[0]), "hands")
    if stop <= start:
        return -1
    with nogil:
        bad = ofc_best_hand_jokers_batch(&cards[start, 0], stop - start, m, k, jokers, five_kind, below_royal,
                                         &best[start], &positions[start, 0])
    return bad if bad < 0 else bad + start


def partial_jokers_rows(const uint8_t[:, ::1] rows not None, uint16_t[::1] out not None,
                        Py_ssize_t start, Py_ssize_t stop, int jokers, int five_kind):
    """partial_rows for rows that may hold up to ``jokers`` jokers."""
    cdef int64_t bad = -1
    cdef int k = <int>rows.shape[1]
    if k > 5:
        raise ValueError(f"a row holds at most 5 cards, got rows of {k}")
    if not 0 <= jokers <= OFC_MAX_JOKERS:
        raise ValueError(f"jokers must be 0, 1 or 2, got {jokers}")
    _check_range(start, stop, rows.shape[0], out.shape[0], "rows")
    if stop <= start:
        return -1
    with nogil:
        bad = ofc_partial_strength_jokers_batch(&rows[start, 0] if k else NULL, stop - start, k, jokers, five_kind, &out[start])
    return bad if bad < 0 else bad + start


def lowball27_jokers_rows(const uint8_t[:, ::1] cards not None, uint16_t[::1] out not None,
                          Py_ssize_t start, Py_ssize_t stop, int jokers):
    """lowball27_rows for hands that may hold up to ``jokers`` jokers."""
    cdef int64_t bad = -1
    if cards.shape[1] != 5:
        raise ValueError(f"lowball hands have 5 cards, got rows of {cards.shape[1]}")
    if not 0 <= jokers <= OFC_MAX_JOKERS:
        raise ValueError(f"jokers must be 0, 1 or 2, got {jokers}")
    _check_range(start, stop, cards.shape[0], out.shape[0], "hands")
    if stop <= start:
        return -1
    with nogil:
        bad = ofc_lowball27_jokers_batch(&cards[start, 0], stop - start, jokers, &out[start])
    return bad if bad < 0 else bad + start


def lowball27_rows(const uint8_t[:, ::1] cards not None, uint16_t[::1] out not None,
                   Py_ssize_t start, Py_ssize_t stop):
    """Deuce-to-seven rank of rows [start, stop) of a (n, 5) array into out."""
    cdef int64_t bad = -1
    if cards.shape[1] != 5:
        raise ValueError(f"lowball hands have 5 cards, got rows of {cards.shape[1]}")
    _check_range(start, stop, cards.shape[0], out.shape[0], "hands")
    if stop <= start:
        return -1
    with nogil:
        bad = ofc_lowball27_batch(&cards[start, 0], stop - start, &out[start])
    return bad if bad < 0 else bad + start


def strength_info():
    """Per strength 0..STRENGTH_MAX: category | cards << 4 | ranks << 8 (uint32)."""
    return np.asarray(<const uint32_t[:OFC_STRENGTH_MAX + 1]>ofc_strength_info).copy()


def cactus_ranks():
    """Per strength 0..STRENGTH_MAX: Cactus Kev rank of 5-card strengths, else 0."""
    return np.asarray(<const uint16_t[:OFC_STRENGTH_MAX + 1]>ofc_cactus_rank).copy()


def lowball_info():
    """Per lowball rank 0..LOWBALL_MAX: category | 5 << 4 | ranks << 8 (uint32)."""
    return np.asarray(<const uint32_t[:OFC_LOWBALL_MAX + 1]>ofc_lowball_info).copy()


# --- boards -----------------------------------------------------------------

cdef Py_ssize_t TABLE_LEN = OFC_STRENGTH_MAX + 1

NO_STAY = OFC_NO_STAY
PRESETS = {"original": 0, "pineapple": 1, "progressive": 2, "low": 3}
# the fields of ofc_rules_spec: name -> length (0 for a scalar)
SPEC_FIELDS = {
    "low": 0, "top_pair": 13, "top_trips": 13, "middle": 10, "bottom": 10, "low_middle": 13,
    "low_nuts": 0, "scoop_bonus": 0, "fl_top_pair": 13, "fl_top_trips": 13, "fl_low_nuts": 0,
    "fl_low_both": 0, "fl_low_both_required": 0, "stay_cards": 0, "stay_top": 0,
    "stay_middle": 0, "stay_bottom": 0, "top_high": 13, "stay_entry": 0, "stay_cards_mode": 0,
}


cdef int32_t *_field(ofc_rules_spec *s, str name) except NULL:
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
    if name == "top_high": return s.top_high
    if name == "stay_entry": return &s.stay_entry
    if name == "stay_cards_mode": return &s.stay_cards_mode
    raise KeyError(name)


def preset_spec(str name):
    """The ofc_rules_spec that ofc_rules_preset fills for a preset name, as a dict."""
    cdef ofc_rules_spec s
    memset(&s, 0, sizeof(s))
    if ofc_rules_preset(&s, PRESETS[name]) != 0:
        raise ValueError(name)
    out = {}
    for name, size in SPEC_FIELDS.items():
        p = _field(&s, name)
        out[name] = p[0] if size == 0 else tuple(p[i] for i in range(size))
    return out


cdef class RuleTables:
    """The lookup tables of a rules object, in the layout of the C struct ofc_rules.

    Built by the C builder ofc_rules_build from a dict with the fields of the
    C struct ofc_rules_spec (SPEC_FIELDS), and the joker fields (the C struct
    ofc_joker_rules) from ``joker_spec``, Rules.joker_spec's seven ints, or
    None for a deck without jokers: the kernels that take jokers read them
    from here.  ofc_fast.rules.Rules.tables fills it from a validated Rules
    object.  ``arrays``: read-only copies of the
    tables the kernels read, (row_info top, middle, bottom, stay_count) and
    for a Low variant middle_live last; each row_info table is indexed by a row value (a
    strength, or the lowball rank of a Low middle) 0..STRENGTH_MAX.
    """

    def __init__(self, dict spec not None, joker_spec=None):
        cdef ofc_rules_spec s
        cdef int32_t *p
        cdef ofc_rules_storage *st
        cdef const uint32_t[::1] info
        cdef const uint8_t[::1] u8
        self.ready = False   # until every pointer is set again (a second __init__)
        _joker_rules(joker_spec, &self.jr)
        memset(&s, 0, sizeof(s))
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
        st = <ofc_rules_storage *>malloc(sizeof(ofc_rules_storage))
        if st == NULL:
            raise MemoryError()
        try:
            # the Python Rules validates first with clear messages: this is
            # the safety net for a spec made by hand
            if ofc_rules_build(&s, st) != 0:
                raise ValueError(f"ofc_rules_build rejected the spec {spec!r}")
            # copies the object owns (read-only), so st is freed at once
            keep = [np.asarray(<const uint32_t[:TABLE_LEN]>st.info[i]).copy() for i in range(3)]
            keep.append(np.asarray(<const uint8_t[:256]>st.stay_count).copy())
            if st.rules.middle_live != NULL:
                keep.append(np.asarray(<const uint8_t[:TABLE_LEN]>st.live).copy())
            self.c = st.rules
        finally:
            free(st)
        for arr in keep:
            arr.setflags(write=False)
        for row in range(3):
            info = keep[row]
            self.c.row_info[row] = &info[0]
        u8 = keep[3]
        self.c.stay_count = &u8[0]
        self.c.middle_live = NULL
        if len(keep) > 4:
            u8 = keep[4]
            self.c.middle_live = &u8[0]
        self.arrays = tuple(keep)
        self.ready = True

    def scalars(self):
        """(scoop_bonus, fl_both, fl_both_required, stay_cards) as the C struct holds them."""
        return (self.c.scoop_bonus, self.c.fl_both, self.c.fl_both_required, self.c.stay_cards)

    def joker_rules(self):
        """The joker fields as the C struct ofc_joker_rules holds them (Rules.joker_spec's
        order; all 0 for a deck without jokers)."""
        return (self.jr.jokers, self.jr.pool, self.jr.five_kind, self.jr.five_kind_royalty[0],
                self.jr.five_kind_royalty[1], self.jr.resolution, self.jr.natural_beats_wild)


def analyze_rows(RuleTables rules not None, const uint8_t[:, ::1] boards not None, in_fantasyland,
                 uint8_t[::1] fouled not None, uint16_t[:, ::1] strength not None,
                 int16_t[:, ::1] royalties not None, uint8_t[::1] fantasyland not None,
                 uint8_t[::1] stays not None, Py_ssize_t start, Py_ssize_t stop):
    """Analyze boards [start, stop) of a (n, 13) array into the (n,) / (n, 3) outputs."""
    cdef const uint8_t[::1] infl
    cdef const uint8_t *infl_p = NULL
    cdef int64_t bad
    cdef Py_ssize_t n = boards.shape[0]
    if not rules.ready:
        raise ValueError("RuleTables object was not initialised")
    if boards.shape[1] != 13:
        raise ValueError("boards have 13 cards")
    if strength.shape[1] != 3 or royalties.shape[1] != 3:
        raise ValueError("strength and royalties have 3 columns (top, middle, bottom)")
    _check_range(start, stop, n, min(fouled.shape[0], strength.shape[0], royalties.shape[0],
                                     fantasyland.shape[0], stays.shape[0]), "boards")
    if in_fantasyland is not None:
        infl = in_fantasyland
        if infl.shape[0] != n:
            raise ValueError(f"in_fantasyland has {infl.shape[0]} flags for {n} boards")
    if stop <= start:
        return -1
    if in_fantasyland is not None:
        infl_p = &infl[start]
    with nogil:
        bad = ofc_analyze_batch(&boards[start, 0], stop - start, infl_p, &rules.c,
                                &fouled[start], &strength[start, 0], &royalties[start, 0],
                                &fantasyland[start], &stays[start])
    return bad if bad < 0 else bad + start


def score_rows(RuleTables rules not None, const uint8_t[:, ::1] deals not None, int players,
               int32_t[:, ::1] net, int32_t[:, ::1] matrix, Py_ssize_t start, Py_ssize_t stop):
    """Score deals [start, stop) of a (n, 13 * players) array; net (n, P) and/or matrix (n, P*P)."""
    cdef int64_t bad
    cdef int32_t *net_p = NULL
    cdef int32_t *mat_p = NULL
    cdef Py_ssize_t n = deals.shape[0]
    if not rules.ready:
        raise ValueError("RuleTables object was not initialised")
    if players < 2 or players > 4 or deals.shape[1] != 13 * players:
        raise ValueError("deals have 2 to 4 boards of 13 cards")
    if net is not None and net.shape[1] != players:
        raise ValueError(f"net has one column per player ({players}), got {net.shape[1]}")
    if matrix is not None and matrix.shape[1] != players * players:
        raise ValueError(f"matrix has players x players ({players * players}) columns, "
                         f"got {matrix.shape[1]}")
    _check_range(start, stop, n, min(net.shape[0] if net is not None else n,
                                     matrix.shape[0] if matrix is not None else n), "deals")
    if stop <= start:
        return -1
    if net is not None:
        net_p = &net[start, 0]
    if matrix is not None:
        mat_p = &matrix[start, 0]
    with nogil:
        bad = ofc_score_batch(&deals[start, 0], stop - start, players, &rules.c, net_p, mat_p)
    return bad if bad < 0 else bad + start


cdef int _joker_rules(object spec, ofc_joker_rules *jr) except -1:
    """Fill jr from (jokers, pool, five_kind, royalty middle, royalty bottom, resolution,
    natural_beats_wild), the ints of Rules.joker_spec, or all 0 (no jokers) for None: the
    one conversion of the joker fields into C, made with the rules' tables."""
    memset(jr, 0, sizeof(ofc_joker_rules))
    if spec is None:
        return 0
    if not isinstance(spec, tuple) or len(spec) != 7:
        raise ValueError(f"a joker spec is a tuple of 7 ints (Rules.joker_spec), got {spec!r}")
    jr.jokers, jr.pool, jr.five_kind = spec[0], spec[1], spec[2]
    jr.five_kind_royalty[0], jr.five_kind_royalty[1] = spec[3], spec[4]
    jr.resolution, jr.natural_beats_wild = spec[5], spec[6]
    if not (0 <= jr.jokers <= OFC_MAX_JOKERS and 0 <= jr.pool <= 3 and 0 <= jr.five_kind <= 2
            and 0 <= jr.resolution <= 1):
        memset(jr, 0, sizeof(ofc_joker_rules))
        raise ValueError(f"bad joker spec {spec!r}")
    return 0


def analyze_jokers_rows(RuleTables rules not None,
                        const uint8_t[:, ::1] boards not None, in_fantasyland, uint64_t dead,
                        uint8_t[::1] fouled not None, uint16_t[:, ::1] strength not None,
                        int16_t[:, ::1] royalties not None, uint8_t[::1] fantasyland not None,
                        uint8_t[::1] stays not None, uint8_t[:, ::1] jokers not None,
                        Py_ssize_t start, Py_ssize_t stop):
    """analyze_rows for boards that may hold the rules' jokers (rules.jr); jokers (n, 2):
    the card each became."""
    cdef const uint8_t[::1] infl
    cdef const uint8_t *infl_p = NULL
    cdef int64_t bad
    cdef Py_ssize_t n = boards.shape[0]
    if not rules.ready:
        raise ValueError("RuleTables object was not initialised")
    if boards.shape[1] != 13 or strength.shape[1] != 3 or royalties.shape[1] != 3 or jokers.shape[1] != 2:
        raise ValueError("boards have 13 cards, strength and royalties 3 columns, jokers 2")
    _check_range(start, stop, n, min(fouled.shape[0], strength.shape[0], royalties.shape[0],
                                     fantasyland.shape[0], stays.shape[0], jokers.shape[0]), "boards")
    if in_fantasyland is not None:
        infl = in_fantasyland
        if infl.shape[0] != n:
            raise ValueError(f"in_fantasyland has {infl.shape[0]} flags for {n} boards")
    if stop <= start:
        return -1
    if in_fantasyland is not None:
        infl_p = &infl[start]
    with nogil:
        bad = ofc_analyze_jokers_batch(&boards[start, 0], stop - start, infl_p, dead, &rules.c, &rules.jr,
                                       &fouled[start], &strength[start, 0], &royalties[start, 0],
                                       &fantasyland[start], &stays[start], &jokers[start, 0])
    return bad if bad < 0 else bad + start


def score_jokers_rows(RuleTables rules not None, const uint8_t[:, ::1] deals not None, int players,
                      int32_t[:, ::1] net, int32_t[:, ::1] matrix, Py_ssize_t start, Py_ssize_t stop):
    """score_rows for deals that may hold the rules' jokers (rules.jr)."""
    cdef int64_t bad
    cdef int32_t *net_p = NULL
    cdef int32_t *mat_p = NULL
    cdef Py_ssize_t n = deals.shape[0]
    if not rules.ready:
        raise ValueError("RuleTables object was not initialised")
    if players < 2 or players > 4 or deals.shape[1] != 13 * players:
        raise ValueError("deals have 2 to 4 boards of 13 cards")
    if net is not None and net.shape[1] != players:
        raise ValueError(f"net has one column per player ({players}), got {net.shape[1]}")
    if matrix is not None and matrix.shape[1] != players * players:
        raise ValueError(f"matrix has players x players ({players * players}) columns")
    _check_range(start, stop, n, min(net.shape[0] if net is not None else n,
                                     matrix.shape[0] if matrix is not None else n), "deals")
    if stop <= start:
        return -1
    if net is not None:
        net_p = &net[start, 0]
    if matrix is not None:
        mat_p = &matrix[start, 0]
    with nogil:
        bad = ofc_score_jokers_batch(&deals[start, 0], stop - start, players, &rules.c, &rules.jr, net_p,
                                     mat_p)
    return bad if bad < 0 else bad + start


def score_details_rows(RuleTables rules not None, const uint8_t[:, ::1] deals not None, int players,
                       int8_t[:, ::1] rows not None, int32_t[::1] row_points not None,
                       int32_t[::1] scoop not None, int32_t[:, ::1] royalties not None,
                       int32_t[::1] total not None, Py_ssize_t start, Py_ssize_t stop):
    """Every pair's points, part by part (ofc_score_pair), of deals [start, stop) of a
    (n, 13 * players) array: K = players (players - 1) / 2 pairs a deal, rows (n K, 3),
    row_points, scoop, total (n K,), royalties (n K, 2).  The deals may hold the rules'
    jokers (rules.jr)."""
    cdef int64_t bad
    cdef Py_ssize_t n = deals.shape[0], k
    cdef bint jokers = rules.jr.jokers != 0
    if not rules.ready:
        raise ValueError("RuleTables object was not initialised")
    if players < 2 or players > 4 or deals.shape[1] != 13 * players:
        raise ValueError("deals have 2 to 4 boards of 13 cards")
    k = players * (players - 1) // 2
    if rows.shape[1] != 3 or royalties.shape[1] != 2:
        raise ValueError("rows have 3 columns (top, middle, bottom), royalties 2 (a, b)")
    _check_range(start, stop, n, min(rows.shape[0], row_points.shape[0], scoop.shape[0],
                                     royalties.shape[0], total.shape[0]) // k, "deals")
    if stop <= start:
        return -1
    with nogil:
        if jokers:
            bad = ofc_score_details_jokers_batch(&deals[start, 0], stop - start, players, &rules.c, &rules.jr,
                                                 &rows[k * start, 0], &row_points[k * start],
                                                 &scoop[k * start], &royalties[k * start, 0],
                                                 &total[k * start])
        else:
            bad = ofc_score_details_batch(&deals[start, 0], stop - start, players, &rules.c,
                                          &rows[k * start, 0], &row_points[k * start], &scoop[k * start],
                                          &royalties[k * start, 0], &total[k * start])
    return bad if bad < 0 else bad + start


include "_partial.pxi"
include "_scalar.pxi"
