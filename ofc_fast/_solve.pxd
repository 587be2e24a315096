# Declarations of the solve layer of the C core (csrc/ofc_solve.h): the
# Fantasyland solver, its plain enumeration and the solve layer's status codes
# (cpdef: ofc_fast._solve exports them by name).  Array sizes are the header's
# constants.
from libc.stdint cimport uint8_t, int32_t, int64_t
from ofc_fast._core cimport ofc_rules, ofc_joker_rules, RuleTables, OFC_BOARD_SIZE, OFC_ROWS, OFC_MAX_JOKERS

cdef extern from "ofc_solve.h" nogil:
    enum: OFC_FL_MAX_CARDS
    enum: OFC_FL_MAX_DISCARDS
    enum: OFC_FL_MAX_OPPONENTS
    cpdef enum:
        OFC_FL_BAD_COUNT
        OFC_FL_BAD_VALUE
        OFC_FL_BAD_OPPONENTS
        OFC_FL_BAD_BOARDS
        OFC_FL_STOPPED

    ctypedef struct ofc_fantasyland_result:
        uint8_t board[OFC_BOARD_SIZE]
        uint8_t discards[OFC_FL_MAX_DISCARDS]
        uint8_t jokers[OFC_MAX_JOKERS]
        int32_t royalty[OFC_ROWS]
        int32_t stays
        int32_t fouled
        double value

    int64_t ofc_solve_fantasyland_batch(const uint8_t *hands, int64_t count, int k,
                                        const ofc_rules *rules, double stay_value,
                                        ofc_fantasyland_result *out)
    int ofc_fantasyland_enumerate(const uint8_t *cards, int n, const ofc_rules *rules,
                                  const double *stay_values, int count, ofc_fantasyland_result *out)
    int64_t ofc_solve_fantasyland_jokers_batch(const uint8_t *hands, int64_t count, int k,
                                               const ofc_rules *rules, const ofc_joker_rules *jr,
                                               double stay_value, ofc_fantasyland_result *out)
    int ofc_fantasyland_enumerate_jokers(const uint8_t *cards, int n, const ofc_rules *rules,
                                         const ofc_joker_rules *jr, const double *stay_values, int count,
                                         ofc_fantasyland_result *out)

    ctypedef struct ofc_fantasyland_points:
        ofc_fantasyland_result setting
        int32_t points
        int32_t versus[OFC_FL_MAX_OPPONENTS]

    # stop: const volatile int * in C (an int the caller sets from another thread)
    int ofc_solve_fantasyland_points(const uint8_t *cards, int n, const uint8_t *boards, int m,
                                     const uint8_t *in_fantasyland, const ofc_rules *rules,
                                     const ofc_joker_rules *jr, double stay_value, const int *stop,
                                     ofc_fantasyland_points *out)
    int ofc_fantasyland_points_enumerate(const uint8_t *cards, int n, const uint8_t *boards, int m,
                                         const uint8_t *in_fantasyland, const ofc_rules *rules,
                                         const ofc_joker_rules *jr, double stay_value, const int *stop,
                                         ofc_fantasyland_points *out)
