# Declarations of the rl layer of the C core (csrc/ofc_rl.h): batched
# environments and the rl layer's status codes (cpdef: ofc_fast._rl exports them
# by name).  Array sizes are the header's constants.
from libc.stdint cimport uint8_t, int16_t, uint32_t, uint64_t, int32_t, int64_t
from ofc_fast._core cimport (ofc_rules, ofc_joker_rules, RuleTables, OFC_BOARD_SIZE, OFC_ROWS, OFC_MAX_SEATS,
                             OFC_NO_MEMORY)
from ofc_fast._play cimport OFC_ACTIONS, OFC_POLICY_MAX_PARAMS, ofc_game

cdef extern from "ofc_rl.h" nogil:
    cpdef enum:
        OFC_ENV_RANGE
        OFC_ENV_ILLEGAL
        OFC_ENV_FINISHED
        OFC_ENV_NO_BOARD
        OFC_ENV_STOPPED

    ctypedef struct ofc_env_spec:
        int players, first_round, rounds, round_cards, round_play
        int hero, opponent, opponent_nparams, fl_agent, match, match_points, fl_keeps_button
        double opponent_params[OFC_POLICY_MAX_PARAMS]
        int foul_safe, compact, autoreset, deck
        ofc_joker_rules jr
        uint64_t fl_start
        int fl_start_cards
        uint64_t seed
    ctypedef struct ofc_env_space:
        int actions
        int opening
        int16_t to_code[2 * OFC_ACTIONS]
        int16_t to_compact[2][OFC_ACTIONS]
        uint8_t count[2 * OFC_ACTIONS][OFC_ROWS]
    ctypedef struct ofc_env_record:
        uint8_t kind, seat
        uint32_t code
    ctypedef struct ofc_env:
        ofc_game g
        uint64_t ep_seed
        int64_t episode
        int hand, button, button0
        int fl0[OFC_MAX_SEATS]
        int32_t stacks[OFC_MAX_SEATS]
        int done
        ofc_env_record *hist
        int64_t nhist
        uint8_t (*boards)[OFC_BOARD_SIZE]
    ctypedef struct ofc_env_out:
        uint8_t *cards
        int32_t *scalars
        uint8_t *mask
        int32_t *current
        float *reward
        uint8_t *terminated
        uint8_t *fl_turn
        uint8_t *waiting
        int32_t *hands
        uint8_t *fouled
        int32_t *royalties
        int32_t *fantasyland
        int planes, nscalars, actions
    ctypedef struct ofc_vec:
        ofc_env_spec spec
        ofc_env_space space
        ofc_env *envs
        int64_t n
        int stop
    enum: OFC_ENV_HAND
    enum: OFC_ENV_CODE
    enum: OFC_ENV_BOARD
    int ofc_env_planes(int players)
    int ofc_env_scalars(int players)
    int ofc_env_space_build(const ofc_env_spec *spec, ofc_env_space *space)
    int ofc_vec_init(ofc_vec *v, const ofc_env_spec *spec, const ofc_rules *rules, int64_t n)
    void ofc_vec_free(ofc_vec *v)
    int64_t ofc_vec_reset(ofc_vec *v, int64_t lo, int64_t hi, const uint8_t *which, const ofc_env_out *out)
    int64_t ofc_vec_check(const ofc_vec *v, int64_t lo, int64_t hi, const int64_t *actions,
                          const uint8_t *acting, const uint8_t *boards, int *err)
    int64_t ofc_vec_step(ofc_vec *v, int64_t lo, int64_t hi, const int64_t *actions,
                         const uint8_t *boards, int begin, const ofc_env_out *out, int *err)
    int ofc_vec_allowed(const ofc_vec *v, int64_t i, int64_t a, const uint8_t *acting)
    int ofc_vec_sets_fantasyland(const ofc_vec *v, int64_t i)
    void ofc_vec_settle(ofc_vec *v, int64_t i)
    int64_t ofc_vec_observe_acting(const ofc_vec *v, int64_t lo, int64_t hi, const ofc_env_out *out)
    void ofc_vec_observe_seat(const ofc_vec *v, int64_t i, int seat, const ofc_env_out *out, int64_t row)
