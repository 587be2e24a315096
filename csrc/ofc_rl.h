/*
 * ofc_rl.h -- the rl layer of the C core: num_envs hands or matches stepped
 * together for reinforcement learning (csrc/rl/ofc_vecenv.c), over the play
 * layer's state machine and policies: the seats that do not learn are played
 * by a built-in policy, Fantasyland turns by the exact solver, and each
 * env's observation and action mask are written into caller arrays.
 * Includes the sim layer (ofc_sim.h); ofc_fast.h includes every layer.
 */
#ifndef OFC_RL_H
#define OFC_RL_H

#include "ofc_sim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a batch of envs plays.  The dealing fields are the rules'. */
typedef struct ofc_env_spec {
    int players, first_round, rounds, round_cards, round_play;
    int hero;             /* the learning seat, or -1: every seat learns (self-play) */
    int opponent;         /* built-in policy of the other seats, or -1: the caller plays them */
    int opponent_nparams; /* 0: the opponent plays with its tuned defaults */
    double opponent_params[OFC_POLICY_MAX_PARAMS]; /* else its parameters (ofc_policy_play) */
    int fl_agent; /* 0: every Fantasyland turn set by the exact solver; 1: a learning seat's is the caller's */
    int match;    /* 0: an episode is one hand; 1: a match, until a stack reaches 0 */
    int match_points, fl_keeps_button;
    int foul_safe;      /* masks leave out actions after which every completion fouls */
    int compact;        /* 1: the compact action space; 0: the engine's codes */
    int autoreset;      /* 1: a finished env starts its next episode on the next step (its action ignored) */
    int deck;           /* the card axis of the planes: the rules' deck (52 + jr.jokers) */
    ofc_joker_rules jr; /* the jokers of the deck and what they become (all 0: none) */
    /* each seat starts an episode in Fantasyland with fl_start_cards cards
     * with probability fl_start / 2^53 (0: never), drawn per episode */
    uint64_t fl_start;
    int fl_start_cards;
    uint64_t seed;
} ofc_env_spec;

/* The compact action space: the placements of street 0 (first_round cards,
 * none discarded, rows that fit an empty board), then those of a later
 * street (round_cards cards, round_cards - round_play discarded), each list
 * in the order of the codes.  Pineapple: 232 + 27; Original: 232 + 3. */
typedef struct ofc_env_space {
    int actions; /* compact actions in all */
    int opening; /* compact actions 0 .. opening-1 are street 0's */
    int16_t to_code[2 * OFC_ACTIONS];
    int16_t to_compact[2][OFC_ACTIONS];       /* [0: street 0, 1: later][code]: compact action or -1 */
    uint8_t count[2 * OFC_ACTIONS][OFC_ROWS]; /* cards the action puts in the top, middle, bottom */
} ofc_env_space;

/* One entry of an episode's history: a hand starts (code: the hand), a code,
 * or a Fantasyland board (code: its index in the env's boards).  A built-in
 * policy's turn is kept as OFC_ENV_PENDING (code: where its cards lie in the
 * deck) until ofc_vec_settle turns it into its code: readers settle first. */
enum { OFC_ENV_HAND = 0, OFC_ENV_CODE = 1, OFC_ENV_BOARD = 2, OFC_ENV_PENDING = 3 };
typedef struct ofc_env_record {
    uint8_t kind, seat;
    uint32_t code;
} ofc_env_record;

/* What the observation arrays hold of an env, so a step writes only what
 * changed: the cards of each seat's rows, own discards, the held cards and
 * the mask row (ofc_vec.mask_rows). */
typedef struct ofc_env_shown {
    int seat; /* the seat the arrays show; -1: nothing known (rewrite all) */
    int discards;
    int mask;  /* the row of mask_rows written; -1: none (all zero); -2: not a row */
    int fixed; /* the scalars that stay the same all hand (seat, button, hand, stacks..) are written */
    uint16_t slots[OFC_MAX_SEATS]; /* a bit per board slot written, per seat counted from `seat` */
    uint64_t held;                 /* a bit per card in the held plane */
} ofc_env_shown;

typedef struct ofc_env {
    ofc_game g;
    ofc_env_shown shown;
    ofc_rng episodes; /* stream (seed, env index): one draw a new episode */
    ofc_rng policy;   /* the built-in policies' stream of this episode */
    uint64_t ep_seed; /* the episode's seed: hand h is dealt from stream (ep_seed, h), as Game deals */
    int64_t episode;  /* episodes started */
    int hand, button, button0;
    int fl0[OFC_MAX_SEATS]; /* Fantasyland cards per seat of the episode's first hand */
    int32_t stacks[OFC_MAX_SEATS];
    int done;       /* the episode is over */
    int info_dirty; /* its row of fouled, royalties and Fantasyland holds a hand's result (or anything) */
    int pending;    /* OFC_ENV_PENDING records since the hand's record */
    ofc_env_record *hist;
    int64_t nhist, cap;
    int64_t hand_rec;                  /* the index of the current hand's OFC_ENV_HAND record */
    uint8_t (*boards)[OFC_BOARD_SIZE]; /* the Fantasyland settings of the history */
    int64_t nboards, boards_cap;
} ofc_env;

/* The arrays the envs write, row i for env i (any pointer but cards,
 * scalars, mask and current may be NULL). */
typedef struct ofc_env_out {
    uint8_t *cards;   /* (N, planes, deck) card planes of the seat observed */
    int32_t *scalars; /* (N, nscalars) */
    uint8_t *mask;    /* (N, actions) legal actions of that seat (none when it does not act) */
    int32_t
        *current;  /* (N,) the seat observed: the learning seat to act, or the seat that ended the episode */
    float *reward; /* (N, R) net points of the hands finished: R = 1 (the hero) or players */
    uint8_t *terminated;  /* (N,) */
    uint8_t *fl_turn;     /* (N,) a Fantasyland setting is the caller's (fl_agent) */
    uint8_t *waiting;     /* (N,) a seat the caller plays for the opponent is to act */
    int32_t *hands;       /* (N,) hands finished this step */
    uint8_t *fouled;      /* (N, P) of the last hand finished */
    int32_t *royalties;   /* (N, P, 3) of the last hand finished */
    int32_t *fantasyland; /* (N, P) Fantasyland cards earned in the last hand finished */
    int planes, nscalars, actions;
} ofc_env_out;

/* What the foul-safe mask of an env's own arrays left out at one decision
 * (the seat to act after nhist records of episode `episode`): the check of
 * an action reads this, never the caller's arrays. */
typedef struct ofc_env_dropped {
    int64_t episode, nhist;
    int seat;
    uint64_t bits[2 * OFC_ACTIONS / 64]; /* a bit per action left out */
} ofc_env_dropped;

typedef struct ofc_vec {
    ofc_env_spec spec;
    const ofc_rules *rules;
    ofc_env_space space;
    ofc_env *envs;
    int64_t n;
    /* the legal actions of every turn, a row of `actions` bytes each: row
     * OFC_ENV_MASK_ROW(street 0?, filled rows) (the engine's placement table) */
    uint8_t *mask_rows;
    int16_t (*mask_span)[2]; /* [row]: the entries set lie in [lo, hi) (widened to 16 where A allows) */
    /* a hand with no seat in Fantasyland as ofc_game_start_jokers begins it,
     * before its deck is shuffled, per button (a copy starts a hand) */
    ofc_game *start;
    int need;                       /* the cards such a hand deals */
    int slot_plane[OFC_BOARD_SIZE]; /* where a board slot's row plane starts: row * deck */
    uint16_t slots[4 * 6 * 6];      /* [f0 * 36 + f1 * 6 + f2]: the slots of rows of f0, f1, f2 cards */
    ofc_env_dropped *dropped;       /* foul_safe: per env (else NULL) */
    /* per env, what its learning seat decides now, as the last step or reset
     * left it (the check's view of the env, beside the mask it wrote): the
     * row of mask_rows, or OFC_ENV_NO_DECISION, OFC_ENV_SETS_FL, OFC_ENV_OVER */
    int16_t *decision;
    /* nonzero: the calls running end soon (OFC_ENV_STOPPED), the foul-safe
     * searches too; another thread sets it (Ctrl-C), the caller clears it */
    volatile int stop;
} ofc_vec;

/* Search nodes of the exact foul search per action of a foul-safe mask
 * under joker_pool "unseen" / "not_on_board" (where a node costs up to about
 * 50 us and a search up to 30 s): an action whose search runs out stays in
 * the mask, not proven to foul (in random play about 1 action in 1,400
 * under resolution "row", 1 in 4,500 under "board"; the other pools'
 * searches are exact). */
#define OFC_ENV_FOUL_NODES 4000

#define OFC_ENV_MASK_ROWS  (2 * 4 * 6 * 6)
enum { OFC_ENV_NO_DECISION = -1, OFC_ENV_SETS_FL = -2, OFC_ENV_OVER = -3 };
#define OFC_ENV_MASK_ROW(first, f) (((first) ? 0 : 144) + (f)[0] * 36 + (f)[1] * 6 + (f)[2])

/* Errors, besides the engine's (enum ofc_game_error) and OFC_NO_MEMORY: the
 * status codes of the rl layer (see ofc_hand.h, "Status codes").  An action
 * outside -1 .. actions - 1; one the mask does not allow; one for a finished
 * env while autoreset is off; a Fantasyland setting that is the caller's
 * without a board; a call that ended early since ofc_vec.stop was set (Ctrl-C
 * of a foul-safe search: the envs it reached are then mid-step). */
#define OFC_RL_STATUS(X)                                                                                 \
    X(OFC_ENV_RANGE, -601, "not in the action space")                                                    \
    X(OFC_ENV_ILLEGAL, -602, "not allowed by the mask")                                                  \
    X(OFC_ENV_FINISHED, -603,                                                                            \
      "the env's episode is over and autoreset is off: reset it, or give it the action -1")              \
    X(OFC_ENV_NO_BOARD, -604,                                                                            \
      "the learning seat sets a Fantasyland hand: pass step(actions, fantasyland=boards) (or action -1 " \
      "to wait)")                                                                                        \
    X(OFC_ENV_STOPPED, -605, "the call was stopped (ofc_vec.stop was set) before it ended: reset the envs")
enum ofc_rl_status { OFC_RL_STATUS(OFC_STATUS_ENUM) };
#define OFC_ENV_NO_MEMORY OFC_NO_MEMORY

/* Card planes and scalars of an observation for `players` seats. */
int ofc_env_planes(int players);
int ofc_env_scalars(int players);
/* Builds the compact action space of spec's dealing; 0 or OFC_ERR_DEALING. */
int ofc_env_space_build(const ofc_env_spec *spec, ofc_env_space *space);
/* n envs (not started: ofc_vec_reset starts them); 0, OFC_ERR_DEALING or OFC_ENV_NO_MEMORY. */
int ofc_vec_init(ofc_vec *v, const ofc_env_spec *spec, const ofc_rules *rules, int64_t n);
void ofc_vec_free(ofc_vec *v);
/* Starts a new episode in envs [lo, hi) (those with which[i] set when which
 * is not NULL) and plays to the first decision of the caller: outputs as a step. */
int64_t ofc_vec_reset(ofc_vec *v, int64_t lo, int64_t hi, const uint8_t *which, const ofc_env_out *out);
/* The first env in [lo, hi) whose action is refused (-1: none), its error in
 * *err: actions[i] = -1 skips env i (always allowed).  Judged from the envs'
 * own state, never from arrays the caller can write: an action of a
 * learning seat (acting NULL) must be in the legal table of its turn and not
 * left out by its foul-safe mask (ofc_vec.dropped); one of a seat the caller
 * plays for the opponent (acting: the (N, actions) mask of the `acting`
 * arrays, written by ofc_vec_observe_acting into memory the caller never
 * gets) in the table and that mask.  boards (N, 13): the Fantasyland
 * settings of envs whose learning seat sets one (whose action is then any
 * but -1). */
int64_t ofc_vec_check(const ofc_vec *v, int64_t lo, int64_t hi, const int64_t *actions, const uint8_t *acting,
                      const uint8_t *boards, int *err);
/* Whether env i's learning seat sets a Fantasyland hand now (its action then needs a board). */
int ofc_vec_sets_fantasyland(const ofc_vec *v, int64_t i);
/* Whether ofc_vec_check allows action a (>= 0) of a normal turn of env i. */
int ofc_vec_allowed(const ofc_vec *v, int64_t i, int64_t a, const uint8_t *acting);
/* Plays checked actions of envs [lo, hi) (a negative one: that env does not
 * move), then every turn up to the caller's next decision, and writes the
 * outputs.  begin: a new step (rewards and info zeroed first), else the
 * caller's opponent moves continue the step.  Returns -1, or the env index
 * where the engine refused a move (its error in *err). */
int64_t ofc_vec_step(ofc_vec *v, int64_t lo, int64_t hi, const int64_t *actions, const uint8_t *boards,
                     int begin, const ofc_env_out *out, int *err);
/* Turns env i's OFC_ENV_PENDING records into codes (before its history is read). */
void ofc_vec_settle(ofc_vec *v, int64_t i);
/* Observation and mask of envs [lo, hi) for their seat to act (the caller's
 * opponent turns): -1, or the env where ofc_vec.stop ended the call. */
int64_t ofc_vec_observe_acting(const ofc_vec *v, int64_t lo, int64_t hi, const ofc_env_out *out);
/* Observation and mask of env i for any seat (a mask only when it acts), into row `row` of out. */
void ofc_vec_observe_seat(const ofc_vec *v, int64_t i, int seat, const ofc_env_out *out, int64_t row);
/* One action per row of masks [lo, hi) ((N, A) bytes of 0 or 1, as the envs
 * write them), drawn uniformly among the row's allowed actions from stream
 * (seed, row): the same seed and masks draw the same actions, for any split
 * of the rows; -1 where a row allows none (that env does not move). */
void ofc_env_sample(const uint8_t *mask, int A, int64_t lo, int64_t hi, uint64_t seed, int64_t *actions);

#ifdef __cplusplus
}
#endif
#endif /* OFC_RL_H */
