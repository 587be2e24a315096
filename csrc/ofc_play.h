/*
 * ofc_play.h -- the play layer of the C core: random streams and dealing
 * (csrc/play/ofc_dealing.c), the game state machine (csrc/play/ofc_game.c) and the
 * policies that play a turn (csrc/play/ofc_policy_<name>.c, one file each, and
 * their registry csrc/play/ofc_policies.c).  Includes the solve layer
 * (ofc_solve.h: the greedy policy sets Fantasyland hands with the solver);
 * ofc_fast.h includes every layer.
 */
#ifndef OFC_PLAY_H
#define OFC_PLAY_H

#include "ofc_solve.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Random streams and dealing (csrc/play/ofc_dealing.c) ------------------------ */
/* Counter-based random streams: stream `index` of seed `seed` is the same
 * sequence whichever thread draws it, so results do not depend on how work
 * is split.  splitmix64's finaliser over a Weyl sequence whose start is a
 * hash of (seed, index). */
typedef struct ofc_rng {
    uint64_t state;
    uint32_t spare;
    int has_spare;
} ofc_rng;

static inline uint64_t ofc_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void ofc_rng_init(ofc_rng *g, uint64_t seed, uint64_t index)
{
    g->state = ofc_mix64(ofc_mix64(seed + 0x632BE59BD9B4E019ull) ^ (index * 0x9E3779B97F4A7C15ull));
    g->has_spare = 0;
    g->spare = 0;
}

static inline uint64_t ofc_rng_next(ofc_rng *g)
{
    g->state += 0x9E3779B97F4A7C15ull;
    return ofc_mix64(g->state);
}

/* 32 random bits: the halves of one 64-bit draw in turn. */
static inline uint32_t ofc_rng_u32(ofc_rng *g)
{
    if (g->has_spare) {
        g->has_spare = 0;
        return g->spare;
    }
    uint64_t x = ofc_rng_next(g);
    g->spare = (uint32_t)(x >> 32);
    g->has_spare = 1;
    return (uint32_t)x;
}

/* Uniform in 0..n-1 (1 <= n < 2^32), unbiased: Lemire's multiply-shift with
 * rejection of the few products that would favour some values. */
static inline uint32_t ofc_rng_below(ofc_rng *g, uint32_t n)
{
    uint64_t m = (uint64_t)ofc_rng_u32(g) * n;
    uint32_t low = (uint32_t)m;
    if (OFC_UNLIKELY(low < n)) {
        uint32_t t = (uint32_t)(-n) % n;
        while (low < t) {
            m = (uint64_t)ofc_rng_u32(g) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Three Fisher-Yates positions from 32 random bits h: the mixed-radix digits
 * j[0] < b0, j[1] < b1, j[2] < b2 of h * (b0 b1 b2) / 2^32 (Lemire's
 * multiply-shift three times over, each product's low half feeding the next:
 * batched bounded draws).  Returns 0 when the final low half falls below
 * 2^32 mod (b0 b1 b2): the caller redraws h (the low half of a fresh 64-bit
 * output), which makes the digits exactly uniform; the division runs only
 * when that low half is below b0 b1 b2 (under 1 in 30,000 for a 52-card
 * deck).  A bound of 1 gives digit 0. */
static inline int ofc_draw3(uint32_t h, uint32_t b0, uint32_t b1, uint32_t b2, uint32_t *j)
{
    uint64_t m0 = (uint64_t)h * b0;
    uint64_t m1 = (uint64_t)(uint32_t)m0 * b1;
    uint64_t m2 = (uint64_t)(uint32_t)m1 * b2;
    uint32_t low = (uint32_t)m2, prod = b0 * b1 * b2;
    j[0] = (uint32_t)(m0 >> 32);
    j[1] = (uint32_t)(m1 >> 32);
    j[2] = (uint32_t)(m2 >> 32);
    return !(OFC_UNLIKELY(low < prod) && low < (uint32_t)(-prod) % prod);
}

/* A group of three Fisher-Yates positions (ofc_draw3): their bounds, and
 * 2^32 mod their product, the final low halves below which are redrawn. */
typedef struct ofc_draw_group {
    uint32_t b0, b1, b2, reject;
} ofc_draw_group;

/* The groups of the first k positions of a shuffle of n cards (a bound past
 * the deck is 1): grp holds (k + 2) / 3 entries. */
void ofc_draw_groups(int n, int k, ofc_draw_group *grp);

/* The first k of deck[0..n) shuffled in place by stream g (a partial
 * Fisher-Yates: deck[i] swaps with deck[i + j], j uniform below n - i), grp
 * from ofc_draw_groups(n, k): positions go three at a time (ofc_draw3), two
 * groups per 64-bit output, its low half first. */
void ofc_draw_prefix(ofc_rng *g, uint8_t *deck, int k, const ofc_draw_group *grp);

/* The deck of stream (seed, index), shuffled in its first k cards (a partial
 * Fisher-Yates over the deck): deck[0..k) are the cards in the order dealt. */
void ofc_shuffle(uint64_t seed, uint64_t index, int k, uint8_t *deck);

/* ofc_shuffle of a deck with `jokers` jokers (0..OFC_MAX_JOKERS): the 52
 * cards, then codes OFC_JOKER1 (and OFC_JOKER2), shuffled alike; jokers 0 is
 * ofc_shuffle, the same cards for the same stream. */
void ofc_shuffle_jokers(uint64_t seed, uint64_t index, int k, int jokers, uint8_t *deck);

/* Deals index0 .. index0+n-1 of `players` players, `cards` cards each (cards
 * a player receives, in order), dealt round-robin as the variant deals them:
 * first_round to each player in turn, then round_cards a round.  out holds
 * n * players * cards bytes, player-major within a deal. */
void ofc_deal_batch(uint64_t seed, int64_t index0, int64_t n, int players, int cards, int first_round,
                    int round_cards, uint8_t *out);
/* ofc_deal_batch from a deck with `jokers` jokers (ofc_shuffle_jokers); jokers 0 is ofc_deal_batch. */
void ofc_deal_jokers_batch(uint64_t seed, int64_t index0, int64_t n, int players, int cards, int first_round,
                           int round_cards, int jokers, uint8_t *out);

/* ---- The game engine (csrc/play/ofc_game.c) ----------------------------------
 * One hand of 2..4 seats.  Fantasyland seats act first, each once (all their
 * cards at once, set 13, discard the rest); then every other seat in turn
 * from the left of the button, street after street: first_round cards on
 * street 0, round_cards on each later one, round_play placed.  Cards are
 * drawn from the top of the hand's deck (ofc_shuffle(seed, hand)) when a
 * seat's turn comes, so with no Fantasyland the seats get what
 * ofc_deal_batch deals.
 *
 * An action of a normal turn is a code with one base-4 digit per held card,
 * least significant first: 0 top, 1 middle, 2 bottom, 3 discard; codes are
 * below OFC_ACTIONS (a normal turn holds at most OFC_MAX_HELD cards).
 * Different legal codes give different boards: the cards of a row fill its
 * slots left to right. */
#define OFC_MAX_HELD    5    /* cards a normal turn holds at most (Python: _play.MAX_HELD) */
#define OFC_ACTIONS     1024 /* 4 ** OFC_MAX_HELD */
#define OFC_DECK_BUFFER 64   /* the deck and padding: a turn reads its cards 8 bytes at a time */
#define OFC_MAX_TURNS   64
#define OFC_MAX_DECK    OFC_DECK_WITH_JOKERS(OFC_MAX_JOKERS) /* the most cards a deck holds (54) */

typedef struct ofc_game {
    /* the fields a turn reads first, then the bulky ones (a batch of games
     * streams through the cache: a turn touches as few lines as it can) */
    int players, first_round, rounds, round_cards, round_play;
    int button; /* the dealer seat; seat button+1 acts first */
    int nturns, step;
    int turn; /* seat to act, -1 once the hand is over */
    int nheld;
    int deck_pos;
    int fl_cards[OFC_MAX_SEATS]; /* cards of a Fantasyland seat this hand, 0: plays normally */
    int street[OFC_MAX_SEATS];   /* turns this seat has finished */
    int ndiscards[OFC_MAX_SEATS];
    uint8_t filled[OFC_MAX_SEATS][OFC_ROWS];
    uint8_t board[OFC_MAX_SEATS][OFC_BOARD_SIZE];
    uint8_t held[OFC_MAX_DECK]; /* the cards of the seat to act (only it holds any) */
    uint8_t deck[OFC_DECK_BUFFER];
    /* the jokers of the deck and what they become (docs/VARIANTS.md, "Jokers"):
     * all 0 (no jokers) unless the hand was started by ofc_game_start_jokers
     * or a caller set it; the result and the policies read it */
    ofc_joker_rules jr;
    uint8_t schedule[OFC_MAX_TURNS]; /* seats in the order they act */
    /* past held[nheld], deck[52 + jokers], discards[p][ndiscards[p]] and
     * schedule[nturns] the bytes are whatever a hand left there */
    uint8_t discards[OFC_MAX_SEATS][OFC_MAX_DECK];
} ofc_game;

/* Cards in the deck of a hand: 52 and its jokers. */
static inline int ofc_game_deck_size(const ofc_game *g)
{
    return OFC_DECK_WITH_JOKERS(g->jr.jokers);
}

/* Errors of the engine and the policies: the status codes of the play layer
 * (see ofc_hand.h, "Status codes"). */
#define OFC_PLAY_STATUS(X)                                                                           \
    X(OFC_ERR_OVER, -401, "the hand is over")                                                        \
    X(OFC_ERR_CODE, -402, "the code has a digit for a card the seat does not hold")                  \
    X(OFC_ERR_DISCARDS, -403, "wrong number of discards")                                            \
    X(OFC_ERR_ROW_FULL, -404, "a row has no room for that many cards")                               \
    X(OFC_ERR_FANTASYLAND, -405,                                                                     \
      "the seat to act is in Fantasyland: set its 13 cards (Game.set_fantasyland)")                  \
    X(OFC_ERR_NOT_HELD, -406, "a card the seat does not hold, or a card twice")                      \
    X(OFC_ERR_EMPTY_SLOT, -407, "a Fantasyland board fills all 13 slots (it has an empty one)")      \
    X(OFC_ERR_DECK, -408, "the seats need more than " OFC_STR(OFC_DECK_SIZE) " cards")               \
    X(OFC_ERR_NOT_FANTASYLAND, -409, "the seat to act is not in Fantasyland")                        \
    /* dealing the engine cannot play: see ofc_game.c, bad_dealing */                                \
    X(OFC_ERR_DEALING, -410,                                                                         \
      "the engine deals 1 to " OFC_STR(OFC_MAX_HELD) " cards a normal turn and places at least one") \
    X(OFC_ERR_BOARD, -411, "a board holds a count of cards no hand reaches")                         \
    X(OFC_ERR_POLICY, -412, "no policy has that number")
enum ofc_game_error { OFC_GAME_OK = 0, OFC_PLAY_STATUS(OFC_STATUS_ENUM) };

/* Start a hand (fl_cards: per seat, or NULL for none).  0, OFC_ERR_DECK when
 * the seats need more than the deck, or OFC_ERR_DEALING. */
int ofc_game_start(ofc_game *g, int players, int first_round, int rounds, int round_cards, int round_play,
                   uint64_t seed, uint64_t hand, int button, const int *fl_cards);
/* ofc_game_start of a deck with jokers: jr (NULL: none) is kept in g->jr, the
 * deck is ofc_shuffle_jokers(seed, hand, .., jr->jokers), and the result
 * resolves the jokers of each board (ofc_board_eval_jokers). */
int ofc_game_start_jokers(ofc_game *g, int players, int first_round, int rounds, int round_cards,
                          int round_play, uint64_t seed, uint64_t hand, int button, const int *fl_cards,
                          const ofc_joker_rules *jr);
/* A hand in progress from the boards in play: `players` boards (13 bytes
 * each, seats in turn order: the button on the last seat), each holding a
 * count of cards a hand reaches (none, first_round, then round_play more a
 * turn; a Fantasyland seat's board empty or complete), the turns left round
 * the table (Fantasyland seats first).  The deck is left to the caller, who
 * fills g->deck and calls ofc_game_deal.  Returns the cards the turns left
 * deal, or OFC_ERR_DEALING, or OFC_ERR_BOARD with *seat the seat whose
 * board has an impossible count. */
int ofc_game_from_boards(ofc_game *g, int players, int first_round, int rounds, int round_cards,
                         int round_play, const uint8_t *boards, const int *fl_cards, int *seat);
/* The first turn of a hand whose deck is in place: its cards dealt from the
 * top of g->deck (the hand is over when no turn is left). */
void ofc_game_deal(ofc_game *g);
/* 0 when code is a legal action of the seat to act (a normal turn), else an error. */
int ofc_game_check(const ofc_game *g, unsigned code);
/* Legal codes of the turn into mask[OFC_ACTIONS] (1 = legal); their count. */
int ofc_game_legal(const ofc_game *g, uint8_t *mask);
/* The legal codes of the turn into codes[OFC_MAX_LEGAL] (from the placement
 * table: every set of discards, then every placement of the cards kept, in
 * no particular order); their count (0 for a Fantasyland turn or a finished
 * hand). */
#define OFC_MAX_LEGAL OFC_ACTIONS /* a code each at most (232 for Pineapple's first turn) */
int ofc_game_legal_codes(const ofc_game *g, uint16_t *codes);
/* Play a normal turn; nothing changes when it is refused (the error). */
int ofc_game_apply(ofc_game *g, unsigned code);
/* ofc_game_apply of a code known to be legal (ofc_game_check gave 0, or it
 * is one of ofc_game_legal_codes): the same move, unchecked. */
void ofc_game_apply_legal(ofc_game *g, unsigned code);
/* Set a Fantasyland seat's 13 cards (top, middle, bottom) from the held
 * ones, the rest discarded; nothing changes when it is refused. */
int ofc_game_set(ofc_game *g, const uint8_t *board);
/* The seat to act has placed its cards: its street is done, and the next
 * seat's cards are dealt (for the policies, which place cards themselves). */
void ofc_game_end_turn(ofc_game *g);
/* Once the hand is over: net points, royalties (3 per seat), fouls and the
 * Fantasyland cards of the next hand per seat (any output may be NULL).  With
 * jokers (g->jr) each board is resolved by ofc_board_eval_jokers as the board
 * layer scores a deal (ofc_score_jokers_batch: "unseen" excludes the other
 * boards), a seat in Fantasyland judged with its count. */
void ofc_game_result(const ofc_game *g, const ofc_rules *rules, int32_t *net, int32_t *royalties,
                     int32_t *fouled, int32_t *fantasyland);
/* Back to the state of start (a game of the same seats and schedule): the
 * boards, rows filled, discards and streets, whose turn and the deck position;
 * the deck and the held cards are left as they are (the caller deals them). */
void ofc_game_restart(ofc_game *g, const ofc_game *start);

/* ---- Hand histories (csrc/play/ofc_history.c) ------------------------------------ */
/* The fast path of the hand-history reader (docs/HISTORY.md): the action
 * lines of one hand (text, len: each `  "...",` and a newline, in the
 * writer's layout), read and checked for the seats, button and Fantasyland
 * counts given, and, with scores (NULL: not), played again by the engine
 * (the deck: the cards dealt in that order, then the rest) and its net
 * points compared with them.  Fills turns (per turn: seat, street, the count
 * and cards dealt, each row's count and cards in the engine's order, the
 * count and cards discarded; OFC_HISTORY_TURN_BYTES a turn at most),
 * *turns_len, boards (13 bytes a seat) and next_fl (with scores).  0 when
 * read, else 1: a hand of another layout or one the reader refuses, which
 * the Python reader then reads itself (its messages name the fault). */
#define OFC_HISTORY_TURN_BYTES 64
int ofc_history_read(const char *text, size_t len, int players, int first_round, int rounds, int round_cards,
                     int round_play, int button, const int *fl_cards, const ofc_joker_rules *jr,
                     const ofc_rules *rules, const int32_t *scores, uint8_t *turns, int *turns_len,
                     uint8_t *boards, int32_t *next_fl);

/* ---- Policies (csrc/play/ofc_policies.c, ofc_policy_<name>.c) -----------------
 * A policy chooses and plays the turn of the seat to act (a normal turn or
 * a Fantasyland setting) from its own random stream.  A new policy is one
 * file, csrc/play/ofc_policy_<name>.c, and one row of ofc_policies: its
 * number is its index there, and the Python POLICIES, the command line and
 * the docs read the registry.  A policy may take parameters (weights): nparams doubles
 * named by param_names, `defaults` when the caller passes NULL. */
typedef int (*ofc_policy_fn)(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng);

#define OFC_POLICY_MAX_PARAMS 16

typedef struct ofc_policy_info {
    const char *name;        /* as Python and the command line spell it */
    const char *description; /* one line */
    ofc_policy_fn play;
    /* hands (or completions) per call when a caller splits long work into
     * calls so that Ctrl-C lands between them: tens of milliseconds of one core */
    int block;
    int nparams;                    /* 0: the policy takes none */
    const char *const *param_names; /* nparams names (as Python's Policy(name, **params) spells them) */
    const double *defaults;         /* nparams values: the tuned weights */
} ofc_policy_info;

enum ofc_policy {
    OFC_POLICY_RANDOM = 0,
    OFC_POLICY_GREEDY = 1,
    OFC_POLICY_HEURISTIC = 2,
    OFC_POLICY_LOOKAHEAD = 3
};
extern const ofc_policy_info ofc_policies[];
extern const int ofc_policy_count;

/* Play the turn of the seat to act with policy number `policy` and its
 * parameters (NULL: the policy's defaults): 0 (also when the hand is over),
 * OFC_ERR_POLICY, or OFC_ERR_DEALING when a normal turn holds more than
 * OFC_MAX_HELD cards (nothing changes then). */
int ofc_policy_play(ofc_game *g, int policy, const ofc_rules *rules, const double *params, ofc_rng *rng);
/* Play every turn left with `policy` (the same moves as ofc_policy_play turn
 * after turn).  Returns as ofc_policy_play. */
int ofc_policy_finish(ofc_game *g, int policy, const ofc_rules *rules, const double *params, ofc_rng *rng);
/* The heuristic policy's static ranking (its tuned weights, no completions):
 * its k best placements of the seat to act (codes, best first, the first in
 * code order among equal values) into best; how many (0 for a Fantasyland
 * turn or a finished hand).  The search (ofc_sim.h) shortlists with it. */
int ofc_policy_heuristic_shortlist(const ofc_game *g, const ofc_rules *rules, int k, uint16_t *best);
/* ofc_policy_finish's random play, checked by the caller: a hand under way
 * (turn >= 0), nobody in Fantasyland, at most OFC_MAX_HELD cards a turn
 * (the kernels check once for a batch, not once a hand). */
void ofc_policy_random_finish(ofc_game *g, ofc_rng *rng);

/* The random policy over a block of hands (the kernels of ofc_sim.h): hands
 * that start as `start` (a hand under way, as for ofc_policy_random_finish,
 * with at most one discard a turn), each dealt its own deck.
 * ofc_random_turns lists the turns left (at most OFC_MAX_TURNS): the seat,
 * where its cards begin among those the turns deal (the held cards of the
 * turn to act first, then the deck from deck_pos), and how many it gets and
 * places.  ofc_policy_random_block plays them for nhands hands (at most
 * OFC_RANDOM_BLOCK): hand i's cards from decks + deck_stride * i (8 bytes
 * readable past each turn's cards), its policy stream the state of an
 * ofc_rng just initialised (rng_state[i]); it writes the finished boards,
 * players a hand (boards + OFC_BOARD_SIZE * (players * i + p)), and redo[i]:
 * 1 when that hand's stream left the plan (a batched draw redrawn, under 1
 * in 10^7 turns), its boards then to be replayed by
 * ofc_policy_random_finish; the boards are ofc_policy_random_finish's
 * otherwise (discards are not kept). */
#define OFC_RANDOM_BLOCK 64
typedef struct ofc_random_turn {
    uint8_t seat, offset, cards, place;
} ofc_random_turn;
int ofc_random_turns(const ofc_game *g, ofc_random_turn *turns);
void ofc_policy_random_block(const ofc_game *start, const ofc_random_turn *turns, int nturns, int nhands,
                             const uint8_t *decks, int deck_stride, const uint64_t *rng_state,
                             uint8_t *boards, uint8_t *redo);

#ifdef __cplusplus
}
#endif
#endif /* OFC_PLAY_H */
