# Declarations of the hand and board layers of the C core (csrc/ofc_hand.h,
# csrc/ofc_board.h, through csrc/ofc_fast.h), the one home of these C names for
# every binding (_solve, _play, _sim and _rl cimport them) and for other Cython
# modules:
#     from ofc_fast._core cimport ofc_strength5_unchecked
# compile with include_dirs=[ofc_fast.get_include()] and the sources
# ofc_fast.get_sources(), or link against this extension's symbols.  Array sizes
# are the header's constants; each higher layer's binding has its own .pxd
# (_solve.pxd, _play.pxd, _sim.pxd, _rl.pxd).
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int8_t, int16_t, int32_t, int64_t

# The deck and the board's geometry, the status codes of the hand and board layers
# (cpdef: ofc_fast._core exports them by name), and the message of any layer's code.
cdef extern from "ofc_fast.h" nogil:
    enum: OFC_DECK_SIZE
    enum: OFC_RANKS
    enum: OFC_EMPTY
    enum: OFC_CATEGORIES
    enum: OFC_BOARD_SIZE
    enum: OFC_ROWS
    enum: OFC_MAX_SEATS
    enum: OFC_STAY_COUNTS
    cpdef enum:
        OFC_NO_MEMORY
        OFC_HAND_BAD_CARDS
        OFC_HAND_BAD_SIZE
        OFC_BOARD_BAD_PLAYERS
        OFC_BOARD_BAD_SPEC
        OFC_BOARD_BAD_PRESET
        OFC_BOARD_SHORT_POOL
        OFC_BOARD_BUDGET
        OFC_PARTIAL_STOPPED
    const char *ofc_status_message(int code)

cdef extern from "ofc_fast.h" nogil:
    enum: OFC_STRENGTH_MAX
    enum: OFC_LOWBALL_MAX
    const uint32_t ofc_strength_info[]
    const uint16_t ofc_cactus_rank[]

    uint16_t ofc_strength5_unchecked(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e)
    uint16_t ofc_strength3_unchecked(unsigned a, unsigned b, unsigned c)
    uint16_t ofc_lowball27_unchecked(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e)
    int ofc_strength_category(uint16_t s)
    int ofc_strength(const uint8_t *cards, int n)
    int ofc_lowball27(const uint8_t *cards, int n)
    int64_t ofc_first_bad_hand(const uint8_t *cards, int64_t n, int size)
    int64_t ofc_strength5_batch(const uint8_t *cards, int64_t n, uint16_t *out)
    int64_t ofc_strength3_batch(const uint8_t *cards, int64_t n, uint16_t *out)
    int64_t ofc_lowball27_batch(const uint8_t *cards, int64_t n, uint16_t *out)

    # jokers (csrc/hand/ofc_joker.c)
    enum: OFC_JOKER1
    enum: OFC_JOKER2
    enum: OFC_MAX_JOKERS
    enum: OFC_FIVE_OF_A_KIND
    enum: OFC_STRENGTH_FIVE_MAX
    enum: OFC_ROYAL_OVER_FIVE
    uint16_t ofc_strength5_jokers_unchecked(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e,
                                            int five_kind)
    uint16_t ofc_strength3_jokers_unchecked(unsigned a, unsigned b, unsigned c)
    uint64_t ofc_joker_allowed(int jokers)
    int ofc_bad_cards_jokers(const uint8_t *c, int n, uint64_t allowed)
    uint16_t ofc_order_key(uint16_t s, int below_royal)
    int ofc_strength_jokers(const uint8_t *cards, int n, int jokers, int five_kind)
    int64_t ofc_strength_jokers_batch(const uint8_t *cards, int64_t n, int size, int jokers, int five_kind,
                                      uint16_t *out)
    int64_t ofc_subset_strengths_jokers_batch(const uint8_t *cards, int64_t n, int m, int k, int jokers,
                                              int five_kind, uint16_t *out)
    int64_t ofc_best_hand_jokers_batch(const uint8_t *cards, int64_t n, int m, int k, int jokers,
                                       int five_kind, int below_royal, uint16_t *best, uint8_t *positions)
    int64_t ofc_partial_strength_jokers_batch(const uint8_t *rows, int64_t n, int k, int jokers, int five_kind,
                                              uint16_t *out)
    int64_t ofc_lowball27_jokers_batch(const uint8_t *cards, int64_t n, int jokers, uint16_t *out)

    ctypedef struct ofc_rules:
        const uint32_t *row_info[OFC_ROWS]
        const uint8_t *middle_live
        int32_t scoop_bonus
        int32_t fl_both
        int32_t fl_both_required
        int32_t stay_cards
        const uint8_t *stay_count

    ctypedef struct ofc_board_result:
        uint16_t value[OFC_ROWS]
        int32_t royalty[OFC_ROWS]
        int32_t fouled
        int32_t fantasyland
        int32_t stays

    const uint32_t ofc_lowball_info[]
    int ofc_bad_cards(const uint8_t *c, int n)
    void ofc_board_eval(const uint8_t *board, int in_fantasyland, const ofc_rules *rules,
                        ofc_board_result *res)
    int64_t ofc_analyze_batch(const uint8_t *boards, int64_t n, const uint8_t *in_fantasyland,
                              const ofc_rules *rules, uint8_t *fouled, uint16_t *strength,
                              int16_t *royalties, uint8_t *fantasyland, uint8_t *stays)
    int64_t ofc_score_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *rules,
                            int32_t *net, int32_t *matrix)
    int64_t ofc_score_details_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *rules,
                                    int8_t *rows, int32_t *row_points, int32_t *scoop,
                                    int32_t *royalties, int32_t *total)

# Jokers on boards (csrc/board/ofc_joker_*.c)
cdef extern from "ofc_fast.h" nogil:
    # the joker fields of the rules: RuleTables.jr, built once with the tables
    ctypedef struct ofc_joker_rules:
        int32_t jokers
        int32_t pool
        int32_t five_kind
        int32_t five_kind_royalty[2]
        int32_t resolution
        int32_t natural_beats_wild
    void ofc_board_eval_jokers(const uint8_t *board, int in_fantasyland, uint64_t dead, const ofc_rules *rules,
                               const ofc_joker_rules *jr, ofc_board_result *res, uint8_t *card,
                               uint8_t *natural)
    int64_t ofc_analyze_jokers_batch(const uint8_t *boards, int64_t n, const uint8_t *in_fantasyland,
                                     uint64_t dead, const ofc_rules *rules, const ofc_joker_rules *jr,
                                     uint8_t *fouled, uint16_t *strength, int16_t *royalties,
                                     uint8_t *fantasyland, uint8_t *stays, uint8_t *joker_cards)
    int64_t ofc_score_jokers_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *rules,
                                   const ofc_joker_rules *jr, int32_t *net, int32_t *matrix)
    int64_t ofc_score_details_jokers_batch(const uint8_t *deals, int64_t n, int players,
                                           const ofc_rules *rules, const ofc_joker_rules *jr, int8_t *rows,
                                           int32_t *row_points, int32_t *scoop, int32_t *royalties,
                                           int32_t *total)

# Partial boards (csrc/board/ofc_partial.c)
cdef extern from "ofc_fast.h" nogil:
    int ofc_partial_first_bad(const uint8_t *board)
    void ofc_partial_needed(const uint8_t *board, int8_t *need)
    void ofc_partial_values(const uint8_t *board, const ofc_rules *rules, uint16_t *value)
    int ofc_partial_can_avoid_foul(const uint8_t *board, const uint8_t *pool, int npool,
                                   const ofc_rules *rules, int64_t budget)
    int ofc_partial_first_bad_jokers(const uint8_t *board, int jokers)
    void ofc_partial_values_jokers(const uint8_t *board, const ofc_rules *rules,
                                   const ofc_joker_rules *jr, uint16_t *value)
    int ofc_partial_can_avoid_foul_jokers(const uint8_t *board, const uint8_t *pool, int npool,
                                          uint64_t dead, const ofc_rules *rules,
                                          const ofc_joker_rules *jr, int64_t budget)

# Subsets (csrc/hand/ofc_subsets.c)
cdef extern from "ofc_fast.h" nogil:
    int64_t ofc_choose(int m, int k)
    int64_t ofc_subset_strengths_batch(const uint8_t *cards, int64_t n, int m, int k, uint16_t *out)
    int64_t ofc_best_hand_batch(const uint8_t *cards, int64_t n, int m, int k, uint16_t *best,
                                uint8_t *positions)
    int64_t ofc_partial_strength_batch(const uint8_t *rows, int64_t n, int k, uint16_t *out)

# Rules from C (csrc/board/ofc_rules.c): the one builder of the rule tables
cdef extern from "ofc_fast.h" nogil:
    ctypedef struct ofc_rules_spec:
        int32_t low
        int32_t top_pair[OFC_RANKS]
        int32_t top_trips[OFC_RANKS]
        int32_t middle[OFC_CATEGORIES]
        int32_t bottom[OFC_CATEGORIES]
        int32_t low_middle[OFC_RANKS]
        int32_t low_nuts
        int32_t scoop_bonus
        int32_t fl_top_pair[OFC_RANKS]
        int32_t fl_top_trips[OFC_RANKS]
        int32_t fl_low_nuts
        int32_t fl_low_both
        int32_t fl_low_both_required
        int32_t stay_cards
        int32_t stay_top
        int32_t stay_middle
        int32_t stay_bottom
        int32_t top_high[OFC_RANKS]
        int32_t stay_entry
        int32_t stay_cards_mode

    ctypedef struct ofc_rules_storage:
        uint32_t info[OFC_ROWS][OFC_STRENGTH_MAX + 1]
        uint8_t live[OFC_STRENGTH_MAX + 1]
        uint8_t stay_count[OFC_STAY_COUNTS]
        ofc_rules rules

    enum: OFC_NO_STAY
    int ofc_rules_preset(ofc_rules_spec *spec, int preset)
    int ofc_rules_build(const ofc_rules_spec *spec, ofc_rules_storage *st)


# The rules' tables as the kernels read them (ofc_fast._core.RuleTables):
# declared here so the bindings of the higher layers (_solve, _play, _sim, _rl) take
# the same object.  jr: the rules' jokers (all 0 for a deck without jokers), made
# with the tables, so that every kernel that takes jokers reads them from here.
cdef class RuleTables:
    cdef ofc_rules c
    cdef ofc_joker_rules jr
    cdef bint ready   # __init__ done: c points at tables (not so after __new__ alone)
    cdef readonly object arrays
