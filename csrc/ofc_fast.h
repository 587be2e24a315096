/*
 * ofc_fast.h -- the public C API of ofc_fast: poker hand strength for Open
 * Face Chinese Poker (5-card rows, 3-card top row, deuce-to-seven lowball)
 * and batch kernels over arrays of hands and boards.  Plain C99, no Python.
 *
 * Card codes: code = rank * 4 + suit, rank 0 = deuce .. 12 = ace, suit
 * 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades (2c = 0, 2s = 3, Ac = 48,
 * As = 51), the numbering of PokerHandEvaluator.  255 marks an empty slot.
 *
 * Strength: one scale for 3- and 5-card hands, 1 (4-3-2 on top) ..
 * OFC_STRENGTH_MAX (royal flush), larger = stronger.  Category first, then
 * ranks by significance, a missing kicker lower than any card, so a top row
 * compares with a middle row directly (top Q-Q-5 > middle Q-Q-4-3-2).
 * Lowball: deuce-to-seven rank of 5 cards, 1 (royal flush) ..
 * OFC_LOWBALL_MAX (7-5-4-3-2 offsuit), larger = better low.
 *
 * The ofc_*_unchecked evaluators trust their input (codes 0..51, no card
 * twice); the batch kernels check every hand and report the first bad one.
 */
#ifndef OFC_FAST_H
#define OFC_FAST_H

#include <stddef.h>
#include <stdint.h>
#include "ofc_tables.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define OFC_UNLIKELY(x)   __builtin_expect(!!(x), 0)
#define OFC_LIKELY(x)     __builtin_expect(!!(x), 1)
#define OFC_ALWAYS_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define OFC_UNLIKELY(x)   (x)
#define OFC_LIKELY(x)     (x)
#define OFC_ALWAYS_INLINE __forceinline
#else
#define OFC_UNLIKELY(x)   (x)
#define OFC_LIKELY(x)     (x)
#define OFC_ALWAYS_INLINE inline
#endif
/* OFC_UNROLL(n): unroll the loop that follows n times (a hint) */
#if defined(__clang__)
#define OFC_PRAGMA(x) _Pragma(#x)
#define OFC_UNROLL(n) OFC_PRAGMA(unroll n)
#elif defined(__GNUC__)
#define OFC_PRAGMA(x) _Pragma(#x)
#define OFC_UNROLL(n) OFC_PRAGMA(GCC unroll n)
#else
#define OFC_UNROLL(n)
#endif

/* Category numbers of ofc_strength_category (HandCategory in Python). */
enum ofc_category {
    OFC_HIGH_CARD = 0,
    OFC_PAIR,
    OFC_TWO_PAIR,
    OFC_THREE_OF_A_KIND,
    OFC_STRAIGHT,
    OFC_FLUSH,
    OFC_FULL_HOUSE,
    OFC_FOUR_OF_A_KIND,
    OFC_STRAIGHT_FLUSH,
    OFC_ROYAL_FLUSH
};

/* Sum of the card keys of five cards: the rank multiset as a base-5 number
 * in bits 0-31 (sum of 5**rank), a 4-bit card count per suit in bits 32-47. */
static inline uint64_t ofc_key5(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e)
{
    return ofc_card_key[a] + ofc_card_key[b] + ofc_card_key[c] + ofc_card_key[d] + ofc_card_key[e];
}

/* Slot of the 5-card perfect hash for a key from ofc_key5. */
static inline uint32_t ofc_slot5(uint64_t key)
{
    uint64_t p = (uint64_t)(uint32_t)key * OFC_HASH_MULT;
    return ((uint32_t)(p >> OFC_HASH_SLOT_SHIFT) & OFC_HASH_SLOT_MASK)
           ^ ofc_hash_disp[p >> OFC_HASH_BUCKET_SHIFT];
}

/* 16 when a suit count of the key reached 5 (a flush), else 0: adding 3 to
 * each 4-bit count sets its top bit exactly when the count is 5. */
static inline unsigned ofc_flush_shift(uint64_t key)
{
    return ((((unsigned)(key >> 32) + 0x3333u) & 0x8888u) != 0) << 4;
}

/* Strength of five valid, distinct cards. */
static inline uint16_t ofc_strength5_unchecked(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e)
{
    /* a slot holds the offsuit strength in bits 0-15, the flush one in 16-31 */
    uint64_t key = ofc_key5(a, b, c, d, e);
    return (uint16_t)(ofc_hand5[ofc_slot5(key)] >> ofc_flush_shift(key));
}

/* Strength of three valid, distinct cards (the top row). */
static inline uint16_t ofc_strength3_unchecked(unsigned a, unsigned b, unsigned c)
{
    /* direct table on the three ranks: index = r0*169 + r1*13 + r2 */
    return ofc_top3[(a >> 2) * 169u + (b >> 2) * 13u + (c >> 2)];
}

/* Deuce-to-seven rank of five valid, distinct cards. */
static inline uint16_t ofc_lowball27_unchecked(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e)
{
    uint64_t key = ofc_key5(a, b, c, d, e);
    return (uint16_t)(ofc_low5[ofc_slot5(key)] >> ofc_flush_shift(key));
}

/* Nonzero when the n codes (n <= 52: a hand, a board or a deal) hold a byte
 * that is not a card (> 51) or a card twice: the OR of their bits differs
 * from the sum exactly when a bit repeats, and bytes > 51 carry bit 63. */
static inline int ofc_bad_cards(const uint8_t *c, int n)
{
    uint64_t any = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = ofc_card_bit[c[i]];
        any |= bit;
        sum += bit;
    }
    return (any != sum) | (int)(any >> 63);
}

/* Category of a strength in 1..OFC_STRENGTH_MAX (enum ofc_category). */
static inline int ofc_strength_category(uint16_t s)
{
    return (int)(ofc_strength_info[s] & 15u);
}

/* Checked single-hand entry points: the strength, or -1 when a code is not
 * a card or a card repeats, -2 when n is not 3 or 5 (lowball: not 5). */
int ofc_strength(const uint8_t *cards, int n);
int ofc_lowball27(const uint8_t *cards, int n);

/* Index of the first of n hands of `size` (3 or 5) bytes that holds a byte
 * that is no card or a card twice, or -1 when all are valid. */
int64_t ofc_first_bad_hand(const uint8_t *cards, int64_t n, int size);

/* Batch kernels over n hands stored row after row (5 or 3 bytes each).
 * Each writes out[i] for every hand and returns -1, or stops at the first
 * invalid hand and returns its index (out[] before it is written). */
int64_t ofc_strength5_batch(const uint8_t *cards, int64_t n, uint16_t *out);
int64_t ofc_strength3_batch(const uint8_t *cards, int64_t n, uint16_t *out);
int64_t ofc_lowball27_batch(const uint8_t *cards, int64_t n, uint16_t *out);

/* ---- Boards: royalties, fouls, Fantasyland, scoring ---------------------
 * A board is 13 codes: top (3), middle (5), bottom (5).  A row's value is its
 * strength, except a Low (2-7) middle, whose value is its lowball rank.  The
 * rules of a variant reach the kernels as lookup tables indexed by row value,
 * built from the rules object (ofc_fast.rules), so no rule is a constant here.
 */
typedef struct ofc_rules {
    /* [row][value]: what a row with that value brings, packed in one word so
     * a row costs one lookup: royalty (int16, bits 0-15), 1 in bit 16 when
     * it keeps a player in Fantasyland, 1 in bit 17 when it qualifies for
     * entry (the top row; and the middle in Low, whose nuts qualify), and the
     * cards dealt when it alone qualifies in bits 24-31 */
    const uint32_t *row_info[3];
    const uint8_t *middle_live; /* [lowball rank]: 1 for a live Low middle; NULL: a high middle */
    int32_t scoop_bonus;        /* paid by a player who loses all three rows */
    int32_t fl_both;            /* cards when the top and the middle both qualify */
    int32_t fl_both_required;   /* 1: entry needs the top and the middle together */
    int32_t stay_cards;         /* cards dealt to a player who stays in Fantasyland */
    /* [in_fantasyland value 0..255]: cards dealt on staying, so the count may
     * follow the count a player is in Fantasyland with; NULL: stay_cards */
    const uint8_t *stay_count;
} ofc_rules;

#define OFC_ROYALTY(info)   ((int32_t)(int16_t)((info) & 0xFFFFu))
#define OFC_STAY(info)      (((info) >> 16) & 1u)
#define OFC_QUALIFIES(info) (((info) >> 17) & 1u)
#define OFC_ENTRY(info)     ((info) >> 24)

/* Everything known about one complete board. */
typedef struct ofc_board_result {
    uint16_t value[3];  /* row values: strength, or lowball rank for a Low middle */
    int32_t royalty[3]; /* 0 when fouled */
    int32_t fouled;
    int32_t fantasyland; /* cards next hand, 0 = none */
    int32_t stays;       /* not fouled and a row meets its stay condition */
} ofc_board_result;

/* Evaluate one valid board (codes checked by the caller).  in_fantasyland:
 * 0 = not in Fantasyland, 1 = in it with the rules' base count (stay_cards),
 * 13..255 = in it with that many cards (rules->stay_count reads it). */
void ofc_board_eval(const uint8_t *board, int in_fantasyland, const ofc_rules *rules, ofc_board_result *res);

/* n boards of 13 bytes.  in_fantasyland: n values as for ofc_board_eval,
 * or NULL (none in Fantasyland).  Any output pointer may be NULL.  strength and royalties hold
 * 3 values per board.  Returns -1, or the index of the first board with a
 * byte that is no card or a card twice (outputs before it are written). */
int64_t ofc_analyze_batch(const uint8_t *boards, int64_t n, const uint8_t *in_fantasyland,
                          const ofc_rules *rules, uint8_t *fouled, uint16_t *strength, int16_t *royalties,
                          uint8_t *fantasyland, uint8_t *stays);

/* n deals of `players` boards (2..4) of 13 bytes.  net: n*players points
 * (each deal sums to 0); matrix: n*players*players, [a][b] = what a wins from
 * b.  Either may be NULL.  Returns -1, or the index of the first deal with a
 * byte that is no card or a card used twice anywhere in the deal. */
int64_t ofc_score_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *rules, int32_t *net,
                        int32_t *matrix);

/* ---- Subsets: every k-subset of a hand, and the best one ----------------
 * A hand here is m distinct cards, k <= m <= 52, k = 3 or 5.  Subsets are
 * taken in lexicographic order of positions (for m = 6, k = 5: 01234,
 * 01235, 01245, 01345, 02345, 12345). */

/* m choose k (0 when k > m). */
int64_t ofc_choose(int m, int k);

/* Strengths of every k-subset of each of n hands of m bytes: ofc_choose(m, k)
 * values per hand, hand after hand.  Returns -1, the index of the first hand
 * with a byte that is no card or a card twice, or -2 for a bad m or k. */
int64_t ofc_subset_strengths_batch(const uint8_t *cards, int64_t n, int m, int k, uint16_t *out);

/* The best k-subset of each of n hands of m bytes: its strength in best[i]
 * and its k positions (ascending; the first best subset in lexicographic
 * order) in positions[k * i ..].  Returns as ofc_subset_strengths_batch. */
int64_t ofc_best_hand_batch(const uint8_t *cards, int64_t n, int m, int k, uint16_t *best,
                            uint8_t *positions);

/* Strength of rows still being filled: n rows of k slots (k <= 5), 255 in an
 * empty slot.  A row is worth the least strength whose category and ranks
 * (missing ones lowest) are at least its own: 3 or 5 cards their strength,
 * no card 0.  Returns -1, the index of the first row with a byte that is no
 * card nor 255 or a card twice, or -2 for a bad k. */
int64_t ofc_partial_strength_batch(const uint8_t *rows, int64_t n, int k, uint16_t *out);

/* ---- Rules from C: a plain spec, its tables, the four presets -----------
 * ofc_rules points into tables; C users build them from an ofc_rules_spec
 * (the table-driving fields of the Python Rules, ofc_fast/rules.py) into an
 * ofc_rules_storage, filled by hand or by ofc_rules_preset:
 *
 *     static ofc_rules_storage st;      (about 100 KB: keep it off small stacks)
 *     ofc_rules_spec spec;
 *     ofc_rules_preset(&spec, OFC_PRESET_PINEAPPLE);
 *     spec.scoop_bonus = 6;             (a house variant)
 *     if (ofc_rules_build(&spec, &st) != 0) ... invalid spec ...
 *     ofc_analyze_batch(boards, n, NULL, &st.rules, ...);
 *
 * Ranks index 0 = deuce .. 12 = ace; categories are enum ofc_category. */
enum ofc_preset { OFC_PRESET_ORIGINAL = 0, OFC_PRESET_PINEAPPLE, OFC_PRESET_PROGRESSIVE, OFC_PRESET_LOW };

#define OFC_NO_STAY (-1) /* a stay_* field: this row never keeps a player in Fantasyland */

typedef struct ofc_rules_spec {
    int32_t low;                  /* 1: Low (2-7) OFC, the middle is a deuce-to-seven low */
    int32_t top_pair[13];         /* royalty of a pair of rank r on top */
    int32_t top_trips[13];        /* royalty of trips of rank r on top */
    int32_t middle[10];           /* royalty of a middle of category c (high middles) */
    int32_t bottom[10];           /* royalty of a bottom of category c */
    int32_t low_middle[13];       /* Low: royalty of a live middle whose highest rank is r */
    int32_t low_nuts;             /* Low: royalty of 7-5-4-3-2 (instead of its 7-high one) */
    int32_t scoop_bonus;          /* extra points for winning all three rows */
    int32_t fl_top_pair[13];      /* cards dealt on entering Fantasyland with that top pair, 0 = none */
    int32_t fl_top_trips[13];     /* the same for trips on top */
    int32_t fl_low_nuts;          /* Low: cards for the nuts in the middle alone */
    int32_t fl_low_both;          /* Low: cards for the nuts together with a qualifying top */
    int32_t fl_low_both_required; /* Low: 1 = entry needs both conditions */
    int32_t stay_cards;           /* cards dealt to a player who stays in Fantasyland */
    int32_t stay_top, stay_middle, stay_bottom; /* least category that stays, or OFC_NO_STAY */
    int32_t top_high[13];                       /* royalty of a high-card top whose highest rank is r */
    int32_t stay_entry;                         /* 1: meeting the entry condition again also stays (not with
                                * fl_low_both_required) */
    int32_t stay_cards_mode;                    /* OFC_STAY_CARDS_FIXED or OFC_STAY_CARDS_CURRENT */
} ofc_rules_spec;

/* What a player who stays gets: stay_cards, or the count they are in
 * Fantasyland with (stay_cards for in_fantasyland 1, a bare flag). */
enum { OFC_STAY_CARDS_FIXED = 0, OFC_STAY_CARDS_CURRENT = 1 };

typedef struct ofc_rules_storage {
    uint32_t info[3][OFC_STRENGTH_MAX + 1]; /* the row_info tables */
    uint8_t live[OFC_STRENGTH_MAX + 1];     /* middle_live of a Low variant */
    uint8_t stay_count[256];                /* the stay_count table */
    ofc_rules rules;                        /* points into this storage: do not copy the storage */
} ofc_rules_storage;

/* Fill spec with a preset (the Python presets ORIGINAL, PINEAPPLE,
 * PROGRESSIVE, LOW).  Returns 0, or -1 for an unknown preset.  The house
 * variants of docs/VARIANTS.md are these with a few fields changed. */
int ofc_rules_preset(ofc_rules_spec *spec, int preset);

/* Build the tables of spec into st and point st->rules at them.  Returns 0,
 * or -1 when a value is out of range (royalties -32768..32767, card counts
 * 0 or 13..52, a stay category that the row cannot hold, a Low field set in a
 * high variant or a middle stay in Low, stay_entry with fl_low_both_required);
 * st->rules is then unusable. */
int ofc_rules_build(const ofc_rules_spec *spec, ofc_rules_storage *st);

/* ---- Fantasyland: the best setting of 13 to 17 cards --------------------
 * The setting of 13 of the cards that maximises its value: royalties of the
 * three rows plus stay_value when it stays in Fantasyland (rules->row_info
 * stay bits), never fouled while a legal setting exists.  Ties go to the
 * setting with the stronger bottom (row value, then its cards compared as a
 * set: the one holding the highest card code that the other lacks), then the
 * middle, then the top; so the answer depends on the set of cards only.
 * With no legal setting (Low without a live middle) the answer is the
 * greatest setting in that order, fouled, with value 0. */
typedef struct ofc_fantasyland_result {
    uint8_t board[13];   /* top 3, middle 5, bottom 5; each row in descending code order */
    uint8_t discards[4]; /* the n - 13 cards left out, descending; 255 past them */
    int32_t royalty[3];  /* top, middle, bottom; 0 when fouled */
    int32_t stays;       /* not fouled and a row meets its stay condition */
    int32_t fouled;      /* 1 only when no legal setting exists */
    double value;        /* royalty total + stay_value when it stays; 0 when fouled */
} ofc_fantasyland_result;

#define OFC_FL_BAD_CARDS (-1) /* a code > 51 or a card twice */
#define OFC_FL_BAD_COUNT (-2) /* n is not 13..17 */
#define OFC_FL_BAD_VALUE (-3) /* stay_value is not finite */
#define OFC_FL_NO_MEMORY (-4)

/* Solve one hand of n (13..17) cards.  Returns 0 or one of OFC_FL_*. */
int ofc_solve_fantasyland(const uint8_t *cards, int n, const ofc_rules *rules, double stay_value,
                          ofc_fantasyland_result *out);

/* Solve `count` hands of k cards stored row after row, with one workspace
 * for all.  Returns -1 when all are solved; the index of the first hand with
 * a bad card (results before it are written); or OFC_FL_BAD_COUNT,
 * OFC_FL_BAD_VALUE, OFC_FL_NO_MEMORY (nothing written). */
int64_t ofc_solve_fantasyland_batch(const uint8_t *hands, int64_t count, int k, const ofc_rules *rules,
                                    double stay_value, ofc_fantasyland_result *out);

/* The same answers by plain enumeration of every setting (up to 171,531,360
 * for 17 cards: slow; the reference the solver is tested against), for
 * `count` stay values at once: out[i] is the answer for stay_values[i].
 * Returns 0 or one of OFC_FL_*. */
int ofc_fantasyland_enumerate(const uint8_t *cards, int n, const ofc_rules *rules, const double *stay_values,
                              int count, ofc_fantasyland_result *out);

#ifdef __cplusplus
}
#endif
#endif /* OFC_FAST_H */

/* ---- Play in progress: partial boards, dealing, the game engine ---------
 * (csrc/ofc_partial.c, csrc/ofc_deal.c, csrc/ofc_engine.c)  A partial board
 * holds OFC_EMPTY in its empty slots; rows fill left to right. */
#ifndef OFC_FAST_PLAY_H
#define OFC_FAST_PLAY_H
#ifdef __cplusplus
extern "C" {
#endif

#define OFC_EMPTY 255u

/* Position (0..12) of the first byte of a partial board that is neither a
 * card nor OFC_EMPTY, or a card seen earlier on the board; -1 when valid. */
int ofc_partial_first_bad(const uint8_t *board);
/* Empty slots of the top, middle and bottom rows. */
void ofc_partial_needed(const uint8_t *board, int8_t *need);
/* Row values of the complete rows of a valid partial board (0: incomplete). */
void ofc_partial_values(const uint8_t *board, const ofc_rules *rules, uint16_t *value);
/* 1 when some completion of a valid partial board with distinct cards of the
 * pool (cards not on the board) is not fouled, 0 when every one fouls, -2 when
 * the pool has fewer cards than the empty slots, -1 when `budget` search
 * nodes (-1: no limit) ran out first.  Exact: a search over completions. */
int ofc_partial_can_avoid_foul(const uint8_t *board, const uint8_t *pool, int npool, const ofc_rules *rules,
                               int64_t budget);

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
 * Fisher-Yates over 0..51): deck[0..k) are the cards in the order dealt. */
void ofc_shuffle(uint64_t seed, uint64_t index, int k, uint8_t *deck);

/* Deals index0 .. index0+n-1 of `players` players, `cards` cards each (cards
 * a player receives, in order), dealt round-robin as the variant deals them:
 * first_round to each player in turn, then round_cards a round.  out holds
 * n * players * cards bytes, player-major within a deal. */
void ofc_deal_batch(uint64_t seed, int64_t index0, int64_t n, int players, int cards, int first_round,
                    int round_cards, uint8_t *out);

/* ---- The game engine (csrc/ofc_engine.c) --------------------------------
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
 * below OFC_ACTIONS (at most 5 cards held).  Different legal codes give
 * different boards: the cards of a row fill its slots left to right. */
#define OFC_ACTIONS   1024
#define OFC_MAX_SEATS 4

typedef struct ofc_game {
    int players, first_round, rounds, round_cards, round_play;
    int button;                  /* the dealer seat; seat button+1 acts first */
    int fl_cards[OFC_MAX_SEATS]; /* cards of a Fantasyland seat this hand, 0: plays normally */
    uint8_t deck[64];            /* 52 cards and padding: a turn reads its cards 8 bytes at a time */
    int deck_pos;
    uint8_t board[OFC_MAX_SEATS][13];
    uint8_t filled[OFC_MAX_SEATS][3];
    uint8_t held[52]; /* the cards of the seat to act (only it holds any) */
    int nheld;
    uint8_t discards[OFC_MAX_SEATS][52];
    int ndiscards[OFC_MAX_SEATS];
    int street[OFC_MAX_SEATS]; /* turns this seat has finished */
    int schedule[64];          /* seats in the order they act */
    int nturns, step;
    int turn; /* seat to act, -1 once the hand is over */
} ofc_game;

/* Errors of ofc_game_start / ofc_game_apply / ofc_game_set (negative). */
enum ofc_game_error {
    OFC_GAME_OK = 0,
    OFC_ERR_OVER = -1,
    OFC_ERR_CODE = -2,
    OFC_ERR_DISCARDS = -3,
    OFC_ERR_ROW_FULL = -4,
    OFC_ERR_FANTASYLAND = -5,
    OFC_ERR_NOT_HELD = -6,
    OFC_ERR_EMPTY_SLOT = -7,
    OFC_ERR_DECK = -8,
    OFC_ERR_NOT_FANTASYLAND = -9
};

/* Start a hand (fl_cards: per seat, or NULL for none).  0, or OFC_ERR_DECK
 * when the seats need more than 52 cards. */
int ofc_game_start(ofc_game *g, int players, int first_round, int rounds, int round_cards, int round_play,
                   uint64_t seed, uint64_t hand, int button, const int *fl_cards);
/* 0 when code is a legal action of the seat to act (a normal turn), else an error. */
int ofc_game_check(const ofc_game *g, unsigned code);
/* Legal codes of the turn into mask[OFC_ACTIONS] (1 = legal); their count. */
int ofc_game_legal(const ofc_game *g, uint8_t *mask);
/* Play a normal turn; nothing changes when it is refused (the error). */
int ofc_game_apply(ofc_game *g, unsigned code);
/* Set a Fantasyland seat's 13 cards (top, middle, bottom) from the held
 * ones, the rest discarded; nothing changes when it is refused. */
int ofc_game_set(ofc_game *g, const uint8_t *board);
/* Once the hand is over: net points, royalties (3 per seat), fouls and the
 * Fantasyland cards of the next hand per seat (any output may be NULL). */
void ofc_game_result(const ofc_game *g, const ofc_rules *rules, int32_t *net, int32_t *royalties,
                     int32_t *fouled, int32_t *fantasyland);

/* Policies: choose and play the turn of the seat to act. */
enum ofc_policy { OFC_POLICY_RANDOM = 0, OFC_POLICY_GREEDY = 1 };
/* Back to the state of start (a game of the same seats and schedule): the
 * boards, rows filled, discards and streets, whose turn and the deck position;
 * the deck and the held cards are left as they are (the caller deals them). */
void ofc_game_restart(ofc_game *g, const ofc_game *start);

void ofc_policy_play(ofc_game *g, int policy, const ofc_rules *rules, ofc_rng *rng);
/* Play every turn left with `policy` (the same moves as ofc_policy_play turn
 * after turn). */
void ofc_policy_finish(ofc_game *g, int policy, const ofc_rules *rules, ofc_rng *rng);

/* Totals of a batch of self-play, added to (not overwritten): per seat p,
 * sums[5p .. 5p+4] = net points, their squares, fouls, Fantasyland entries and
 * royalties; points_hist[p * (2 points_range + 1) + points_range + net points
 * clipped to +-points_range] and royalty_hist[p * (royalty_range + 1) +
 * royalties clipped to 0..royalty_range] count hands. */
typedef struct ofc_selfplay_totals {
    int64_t *sums, *points_hist, *royalty_hist;
    int points_range, royalty_range;
} ofc_selfplay_totals;

/* Self-play of hands index0 .. index0+n-1 (hand i deals from stream (seed,
 * i), the button on seat i % players, nobody in Fantasyland), every seat played by
 * `policy`.  Per hand and seat: net points, royalties (sum), fouled, and the
 * Fantasyland cards earned, and the batch's totals; any output may be NULL. */
void ofc_selfplay_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                        int round_play, int policy, uint64_t seed, int64_t index0, int64_t n, int32_t *net,
                        int32_t *royalty, uint8_t *fouled, uint8_t *fantasyland, ofc_selfplay_totals *totals);

/* ---- Monte Carlo (csrc/ofc_rollout.c) --------------------------------------
 * Turns a partial board has left: all of them for an empty board, else
 * (13 - placed) / round_play; -1 when the count placed is not one a hand
 * reaches (first_round, then round_play a turn). */
int ofc_rollout_turns(const uint8_t *board, int first_round, int rounds, int round_play);
/* Completions index0 .. index0+n-1 of `players` partial boards (13 bytes
 * each, seats in turn order): the first cards of a shuffle of the pool (the
 * unseen cards) by stream (seed, i) are dealt to the boards' remaining turns
 * round the table and placed by `policy`.  fl_cards (NULL: nobody) gives a
 * seat in Fantasyland its card count: its board is empty (it sets all 13
 * from that many cards, before the others' turns) or complete, and its
 * stay in Fantasyland is judged as the rules say for a player in it.  Per
 * player, sums[5p .. 5p+4] += net points, their squares, fouls, Fantasyland
 * entries (or stays), royalties.  Returns 0, -1-p when player p's board has
 * an impossible count, -10 when the pool is too small. */
int ofc_rollout_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                      int round_play, int policy, const uint8_t *boards, const int *fl_cards,
                      const uint8_t *pool, int npool, uint64_t seed, int64_t index0, int64_t n,
                      int64_t *sums);

#ifdef __cplusplus
}
#endif
#endif /* OFC_FAST_PLAY_H */
