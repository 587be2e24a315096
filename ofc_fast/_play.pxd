# Declarations of the play layer of the C core (csrc/ofc_play.h): the random
# streams, dealing, the game state (struct ofc_game), the policy registry and
# the play layer's status codes (cpdef: ofc_fast._play exports them by name),
# the one home of these C names for the bindings (_sim and _rl cimport them).
# Array sizes are the header's constants.  Below them, the views of one hand's
# state that HandState (_play.pyx) and Completions (_sim.pyx) both give.
cimport numpy as cnp
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t
from libc.string cimport memcpy
from ofc_fast._core cimport (ofc_rules, ofc_joker_rules, RuleTables, OFC_DECK_SIZE, OFC_MAX_JOKERS, OFC_EMPTY,
                             OFC_BOARD_SIZE, OFC_ROWS, OFC_MAX_SEATS)

cdef extern from "ofc_play.h" nogil:
    enum: OFC_MAX_HELD
    enum: OFC_ACTIONS
    enum: OFC_DECK_BUFFER
    enum: OFC_MAX_TURNS
    enum: OFC_MAX_DECK
    enum: OFC_MAX_LEGAL
    enum: OFC_POLICY_MAX_PARAMS
    cpdef enum:
        OFC_ERR_OVER
        OFC_ERR_CODE
        OFC_ERR_DISCARDS
        OFC_ERR_ROW_FULL
        OFC_ERR_FANTASYLAND
        OFC_ERR_NOT_HELD
        OFC_ERR_EMPTY_SLOT
        OFC_ERR_DECK
        OFC_ERR_NOT_FANTASYLAND
        OFC_ERR_DEALING
        OFC_ERR_BOARD
        OFC_ERR_POLICY

    # random streams and dealing (csrc/play/ofc_dealing.c)
    ctypedef struct ofc_rng:
        uint64_t state
        uint32_t spare
        int has_spare
    void ofc_rng_init(ofc_rng *g, uint64_t seed, uint64_t index)
    uint32_t ofc_rng_below(ofc_rng *g, uint32_t n)
    void ofc_deal_jokers_batch(uint64_t seed, int64_t index0, int64_t n, int players, int cards,
                               int first_round, int round_cards, int jokers, uint8_t *out)

    # the game engine (csrc/play/ofc_game.c)
    ctypedef struct ofc_game:
        int players, first_round, rounds, round_cards, round_play
        int button
        int nturns, step
        int turn
        int nheld
        int deck_pos
        int fl_cards[OFC_MAX_SEATS]
        int street[OFC_MAX_SEATS]
        int ndiscards[OFC_MAX_SEATS]
        uint8_t filled[OFC_MAX_SEATS][OFC_ROWS]
        uint8_t board[OFC_MAX_SEATS][OFC_BOARD_SIZE]
        uint8_t held[OFC_MAX_DECK]
        uint8_t deck[OFC_DECK_BUFFER]
        ofc_joker_rules jr
        uint8_t schedule[OFC_MAX_TURNS]
        uint8_t discards[OFC_MAX_SEATS][OFC_MAX_DECK]
    int ofc_game_start_jokers(ofc_game *g, int players, int first_round, int rounds, int round_cards,
                              int round_play, uint64_t seed, uint64_t hand, int button,
                              const int *fl_cards, const ofc_joker_rules *jr)
    int ofc_game_from_boards(ofc_game *g, int players, int first_round, int rounds, int round_cards,
                             int round_play, const uint8_t *boards, const int *fl_cards, int *seat)
    int ofc_game_deck_size(const ofc_game *g)
    void ofc_game_deal(ofc_game *g)
    int ofc_game_legal(const ofc_game *g, uint8_t *mask)
    int ofc_game_legal_codes(const ofc_game *g, uint16_t *codes)
    int ofc_game_apply(ofc_game *g, unsigned code)
    int ofc_game_set(ofc_game *g, const uint8_t *board)
    void ofc_game_result(const ofc_game *g, const ofc_rules *rules, int32_t *net,
                         int32_t *royalties, int32_t *fouled, int32_t *fantasyland)

    # the hand-history reader's fast path (csrc/play/ofc_history.c)
    enum: OFC_HISTORY_TURN_BYTES
    int ofc_history_read(const char *text, size_t len, int players, int first_round, int rounds,
                         int round_cards, int round_play, int button, const int *fl_cards,
                         const ofc_joker_rules *jr, const ofc_rules *rules, const int32_t *scores,
                         uint8_t *turns, int *turns_len, uint8_t *boards, int32_t *next_fl)

    # the policies (csrc/play/ofc_policies.c, the registry)
    ctypedef struct ofc_policy_info:
        const char *name
        const char *description
        int block
        int nparams
        const char *const *param_names
        const double *defaults
    const ofc_policy_info ofc_policies[]
    const int ofc_policy_count
    int ofc_policy_play(ofc_game *g, int policy, const ofc_rules *rules, const double *params,
                        ofc_rng *rng)


# --- one hand's state as Python sees it (uint8 arrays the caller owns) ------------------

cdef inline cnp.ndarray held_of(const ofc_game *g):
    # the cards of the seat to act: (nheld,)
    cdef cnp.npy_intp n = g.nheld
    cdef cnp.ndarray out = cnp.PyArray_SimpleNew(1, &n, cnp.NPY_UINT8)
    memcpy(cnp.PyArray_DATA(out), g.held, <size_t>n)
    return out


cdef inline cnp.ndarray boards_of(const ofc_game *g):
    # every seat's board: (players, OFC_BOARD_SIZE)
    cdef cnp.npy_intp dims[2]
    dims[0] = g.players
    dims[1] = OFC_BOARD_SIZE
    cdef cnp.ndarray out = cnp.PyArray_SimpleNew(2, dims, cnp.NPY_UINT8)
    memcpy(cnp.PyArray_DATA(out), g.board, <size_t>(g.players * OFC_BOARD_SIZE))
    return out


cdef inline cnp.ndarray discards_of(const ofc_game *g, int seat):
    # the cards `seat` has discarded: (ndiscards,)
    cdef cnp.npy_intp n = g.ndiscards[seat]
    cdef cnp.ndarray out = cnp.PyArray_SimpleNew(1, &n, cnp.NPY_UINT8)
    memcpy(cnp.PyArray_DATA(out), g.discards[seat], <size_t>n)
    return out


cdef inline int set_board_of(ofc_game *g, const uint8_t[::1] board) except? -1:
    # a Fantasyland seat's 13 cards: 0 or the engine's status code
    if board.shape[0] != OFC_BOARD_SIZE:
        raise ValueError(f"set_board: {OFC_BOARD_SIZE} cards")
    return ofc_game_set(g, &board[0])
