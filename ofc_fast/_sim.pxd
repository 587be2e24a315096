# Declarations of the sim layer of the C core (csrc/ofc_sim.h): self-play, Monte
# Carlo completions and the sim layer's status codes (cpdef: ofc_fast._sim
# exports them by name); the play layer's names come from _play.pxd.
from libc.stdint cimport uint8_t, uint64_t, int32_t, int64_t
from ofc_fast._core cimport ofc_rules, ofc_joker_rules, RuleTables
from ofc_fast._play cimport ofc_game, ofc_rng

cdef extern from "ofc_sim.h" nogil:
    enum: OFC_FL_BUCKETS
    enum: OFC_FL_SPLIT
    cpdef enum:
        OFC_ROLLOUT_POOL
        OFC_ROLLOUT_BOARD

    ctypedef struct ofc_selfplay_totals:
        int64_t *sums
        int64_t *points_hist
        int64_t *royalty_hist
        int points_range, royalty_range
        int64_t *by_fantasyland
    int ofc_selfplay_jokers_batch(const ofc_rules *rules, const ofc_joker_rules *jr, int players,
                                  int first_round, int rounds, int round_cards, int round_play,
                                  int policy, const double *params, uint64_t seed, int64_t index0,
                                  int64_t n, int32_t *net, int32_t *royalty, uint8_t *fouled,
                                  uint8_t *fantasyland, ofc_selfplay_totals *totals)
    int ofc_rollout_jokers_batch(const ofc_rules *rules, const ofc_joker_rules *jr, int players,
                                 int first_round, int rounds, int round_cards, int round_play,
                                 int policy, const double *params, const uint8_t *boards,
                                 const int *fl_cards, const uint8_t *pool, int npool, uint64_t seed,
                                 int64_t index0, int64_t n, int64_t *sums, const uint8_t *fixed,
                                 int64_t *by_fantasyland)
    int ofc_rollout_next_turns(int players, int first_round, int rounds, int round_cards,
                               int round_play, const uint8_t *boards, const int *fl_cards,
                               int *offset, int *count)

    ctypedef struct ofc_rollout_setup:   # (the fields the binding reads)
        ofc_game start
        int players, need
    int ofc_rollout_prepare(ofc_rollout_setup *s, int players, int first_round, int rounds,
                            int round_cards, int round_play, const uint8_t *boards,
                            const int *fl_cards, const uint8_t *pool, int npool, const uint8_t *fixed)
    void ofc_rollout_begin(const ofc_rollout_setup *s, ofc_game *g, uint64_t seed, uint64_t index,
                           ofc_rng *rng)
    void ofc_rollout_add(const ofc_game *g, const ofc_rules *rules, int64_t *sums,
                         int64_t *by_fantasyland)

    cpdef enum:
        OFC_SEARCH_STOPPED
        OFC_SEARCH_NO_MOVE
    ctypedef struct ofc_search:
        pass
    int ofc_search_new(ofc_search **out, const ofc_rules *rules, const ofc_joker_rules *jr, int players,
                       int first_round, int rounds, int round_cards, int round_play, int policy,
                       const double *params, const uint8_t *boards, const uint8_t *held, int nheld,
                       const int *fl_cards, const uint8_t *pool, int npool, const uint8_t *fixed,
                       uint64_t seed)
    void ofc_search_free(ofc_search *s)
    int ofc_search_options(const ofc_search *s)
    int ofc_search_code(const ofc_search *s, int option)
    const uint8_t *ofc_search_boards(const ofc_search *s, int option)
    int ofc_search_rank(const ofc_search *s, int place)
    const int64_t *ofc_search_sums(const ofc_search *s, int option, int64_t *n)
    const int64_t *ofc_search_split(const ofc_search *s, int option)
    void ofc_search_value(ofc_search *s, const double *value)
    int ofc_search_extend(ofc_search *s, int option, int64_t n)
    void ofc_search_stop(ofc_search *s, int on)
    int64_t ofc_search_deals(const ofc_search *s)
    int ofc_search_exact(ofc_search *s, int option)
    void ofc_search_halving(ofc_search *s, int64_t budget, int first, int shortlist)
    int64_t ofc_search_next_round(ofc_search *s, int *which, int *count)
