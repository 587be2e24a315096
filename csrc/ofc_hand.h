/*
 * ofc_hand.h -- the hand layer of the C core: card codes, the strength of
 * 3- and 5-card hands, deuce-to-seven lowball, subsets and rows still being
 * filled.  Plain C99, no Python; ofc_fast.h includes every layer.
 *
 * Card codes: code = rank * 4 + suit, rank 0 = deuce .. 12 = ace, suit
 * 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades (2c = 0, 2s = 3, Ac = 48,
 * As = 51), the numbering of PokerHandEvaluator.  OFC_EMPTY (255) marks an
 * empty slot.
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
#ifndef OFC_HAND_H
#define OFC_HAND_H

#include <stddef.h>
#include <stdint.h>
#include "ofc_tables.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The deck: OFC_DECK_SIZE cards, codes 0 .. OFC_DECK_SIZE - 1 (OFC_LAST_CARD),
 * OFC_RANKS ranks of OFC_SUITS suits; OFC_EMPTY is no card (an empty slot). */
#define OFC_DECK_SIZE 52
#define OFC_LAST_CARD (OFC_DECK_SIZE - 1)
#define OFC_RANKS     13
#define OFC_SUITS     4
#define OFC_EMPTY     255u
/* A number macro as a string literal (OFC_STR(OFC_DECK_SIZE) is "52"). */
#define OFC_STR_(x)   #x
#define OFC_STR(x)    OFC_STR_(x)

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
#define OFC_CATEGORIES (OFC_ROYAL_FLUSH + 1) /* the categories of natural hands (royalty tables) */

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

/* Nonzero when the n codes (n <= OFC_DECK_SIZE: a hand, a board or a deal) hold a byte
 * that is not a card (> OFC_LAST_CARD) or a card twice: the OR of their bits differs
 * from the sum exactly when a bit repeats, and bytes past the deck carry bit 63. */
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

/* Ask for `bytes` of input from p on (a batch kernel's next block) while this
 * block is worked on, so the block's copy then reads from cache instead of
 * waiting on memory.  One line of 64 bytes a prefetch. */
static inline void ofc_prefetch(const uint8_t *p, int64_t bytes)
{
#if defined(__GNUC__) || defined(__clang__)
    for (int64_t i = 0; i < bytes; i += 64) __builtin_prefetch(p + i);
#else
    (void)p;
    (void)bytes;
#endif
}

/* Category of a strength in 1..OFC_STRENGTH_MAX (enum ofc_category). */
static inline int ofc_strength_category(uint16_t s)
{
    return (int)(ofc_strength_info[s] & 15u);
}

/* ---- Status codes ----------------------------------------------------------
 * A function that fails returns a negative status code named in its layer's
 * header, each layer in a range of its own so that no two codes share a
 * value: hand -1xx, board -2xx, solve -3xx, play -4xx, sim -5xx, rl -6xx (a
 * function may return the codes of the layers below its own).  Each layer
 * lists its codes once, OFC_<LAYER>_STATUS(X): X(name, value, message) a
 * code; its enum is made from that list, and ofc_status_message (ofc_fast.h)
 * gives the message of any code.  The -1 of the batch kernels ("no bad
 * row", beside the index of the first bad one) is no status code. */
#define OFC_STATUS_ENUM(name, value, message) name = value,

#define OFC_HAND_STATUS(X)                                                  \
    X(OFC_NO_MEMORY, -100, "out of memory")                                 \
    X(OFC_HAND_BAD_CARDS, -101,                                             \
      "a byte that is not a card (or a joker the rules do not deal), or a " \
      "card twice")                                                         \
    X(OFC_HAND_BAD_SIZE, -102, "a count of cards the function does not take")
enum ofc_hand_status { OFC_HAND_STATUS(OFC_STATUS_ENUM) };

/* ---- Jokers (docs/VARIANTS.md, "Jokers") ---------------------------------
 * A deck may hold 0, 1 or 2 jokers, codes OFC_JOKER1 and OFC_JOKER2 (after the
 * natural cards, whose count OFC_DECK_SIZE does not change); a joker's rank
 * (code >> 2) reads as 13.  In a row a joker becomes the card that makes the
 * row strongest among the cards it may become: any card not already in the
 * row (two cards of a row are never the same card), or, where the rules allow
 * duplicates and five of a kind, also a card of the row itself.
 *
 * Five of a kind (rank r) has strength OFC_FIVE_KIND(r) = OFC_STRENGTH_MAX +
 * 1 + r, above every natural strength, so every joker-free strength keeps its
 * value.  Rules that rank it "below_royal" compare rows by ofc_order_key
 * (the royal flush then sorts above every five of a kind); rules that rank it
 * "above_straight_flush" compare strengths as they are. */
#define OFC_JOKER1              52
#define OFC_JOKER2              53
#define OFC_MAX_JOKERS          2
#define OFC_DECK_WITH_JOKERS(j) (OFC_DECK_SIZE + (j)) /* cards in a deck with j jokers */
#define OFC_IS_JOKER(c)         ((c) == OFC_JOKER1 || (c) == OFC_JOKER2)
#define OFC_FIVE_OF_A_KIND      10 /* category number of five of a kind (after OFC_ROYAL_FLUSH) */
#define OFC_FIVE_KIND(r)        (OFC_STRENGTH_MAX + 1 + (r))
#define OFC_STRENGTH_FIVE_MAX   OFC_FIVE_KIND(OFC_RANKS - 1) /* the largest strength with jokers */
/* the order key of a royal flush where five of a kind ranks below it */
#define OFC_ROYAL_OVER_FIVE     (OFC_STRENGTH_FIVE_MAX + 1)

/* the card bits jokers = 0, 1, 2 allow (ofc_bad_cards_jokers) */
static inline uint64_t ofc_joker_allowed(int jokers)
{
    uint64_t cards = ((uint64_t)1 << OFC_DECK_SIZE) - 1;
    return cards | (jokers >= 1 ? (uint64_t)1 << OFC_JOKER1 : 0)
           | (jokers >= 2 ? (uint64_t)1 << OFC_JOKER2 : 0);
}

/* As ofc_bad_cards, where `allowed` (ofc_joker_allowed) may admit the jokers. */
static inline int ofc_bad_cards_jokers(const uint8_t *c, int n, uint64_t allowed)
{
    uint64_t any = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = ofc_card_bit_joker[c[i]];
        any |= bit;
        sum += bit;
    }
    return (any != sum) | ((any & ~allowed) != 0);
}

/* Slot of the joker hash (naturals + jokers) for a key from ofc_key5 + jokers * OFC_JOKER_Q. */
static inline uint32_t ofc_slot5j(uint64_t key)
{
    uint64_t p = (uint64_t)(uint32_t)key * OFC_JHASH_MULT;
    return ((uint32_t)(p >> OFC_JHASH_SLOT_SHIFT) & OFC_JHASH_SLOT_MASK)
           ^ ofc_hash_disp_joker[p >> OFC_JHASH_BUCKET_SHIFT];
}

/* Strength of five valid, distinct codes that may hold jokers.  five_kind:
 * nonzero when a joker may copy a card of its row and five of a kind is a
 * hand (joker_pool "duplicates" with five_of_a_kind set). */
static inline uint16_t ofc_strength5_jokers_unchecked(unsigned a, unsigned b, unsigned c, unsigned d,
                                                      unsigned e, int five_kind)
{
    /* a joker's key is OFC_JOKER_Q: the 14th base-5 digit counts the jokers */
    uint64_t key = ofc_card_key_joker[a] + ofc_card_key_joker[b] + ofc_card_key_joker[c]
                   + ofc_card_key_joker[d] + ofc_card_key_joker[e];
    uint32_t q = (uint32_t)key;
    if (OFC_LIKELY(q < OFC_JOKER_Q)) return (uint16_t)(ofc_hand5[ofc_slot5(key)] >> ofc_flush_shift(key));
    unsigned nj = 1 + (q >= 2 * OFC_JOKER_Q);
    uint32_t w = ofc_hand5j[ofc_slot5j(key)];
    uint16_t high = (uint16_t)(w >> 16);
    if (OFC_UNLIKELY(high > OFC_STRENGTH_MAX)) return five_kind ? high : (uint16_t)w;
    /* the 5 - nj naturals share a suit: its count + 3 + nj reaches 8 */
    unsigned suited = ((((unsigned)(key >> 32) + (3 + nj) * 0x1111u) & 0x8888u) != 0);
    return suited ? high : (uint16_t)w;
}

/* Strength of three valid, distinct codes that may hold jokers. */
static inline uint16_t ofc_strength3_jokers_unchecked(unsigned a, unsigned b, unsigned c)
{
    return ofc_top3j[((a >> 2) * 14u + (b >> 2)) * 14u + (c >> 2)];
}

/* Category of a strength in 1..OFC_STRENGTH_FIVE_MAX. */
static inline int ofc_strength_category_jokers(uint16_t s)
{
    return s > OFC_STRENGTH_MAX ? OFC_FIVE_OF_A_KIND : (int)(ofc_strength_info[s] & 15u);
}

/* The order of row values under rules with five of a kind: below_royal
 * nonzero puts the royal flush above every five of a kind; every other
 * strength is its own key. */
static inline uint16_t ofc_order_key(uint16_t s, int below_royal)
{
    return (below_royal && s == OFC_STRENGTH_MAX) ? (uint16_t)OFC_ROYAL_OVER_FIVE : s;
}

/* The cards of suit t (0..3): a mask of card bits, one per rank. */
#define OFC_SUIT_CARDS(t) (UINT64_C(0x1111111111111) << (t))

/* The one home of "try each joker as every card": runs the statements
 * `...` for each way the nj (1 or 2) jokers of the cards x, at positions
 * j[0] (and j[1]), can be natural cards, with x holding them and a and b
 * (unsigned, declared here) the cards of joker j[0] and j[1] (b 0 for one
 * joker).  Joker j[0] takes each card of the mask `first` (bit c for card
 * c) in ascending order; a second joker each card of `second` above it, so
 * two jokers are two different cards and each pair comes once.  Every card
 * not in own, the best value:
 *     OFC_FOR_JOKER_CARDS(x, j, nj, ~own, ~own, a, b, {
 *         unsigned v = ofc_strength5_unchecked(x[0], x[1], x[2], x[3], x[4]);
 *         if (v > best) best = v;
 *     });
 * In the statements `continue` goes to the next card, `return` stops.  The
 * statements are written out once: a hot caller passes nj as a constant
 * (an inline function called with 1 and with 2) to get a loop for each
 * count of jokers; a copy of them per count here would grow every caller's
 * code, which changes how the compiler inlines a caller's other loops
 * (ofc_partial.c's search without jokers).  The arguments are read more
 * than once: plain variables. */
#define OFC_FOR_JOKER_CARDS(x, j, nj, first, second, a, b, ...)                                  \
    do {                                                                                         \
        for (unsigned a = 0; a < OFC_DECK_SIZE; a++)                                             \
            if (!((first) >> a & 1u)) {                                                          \
            } else                                                                               \
                for (unsigned b = ((x)[(j)[0]] = (uint8_t)a, (nj) == 2 ? a + 1 : 0);             \
                     b < ((nj) == 2 ? (unsigned)OFC_DECK_SIZE : 1u); b++)                        \
                    if ((nj) == 2 && !(((second) >> b & 1u) && ((x)[(j)[1]] = (uint8_t)b, 1))) { \
                    } else                                                                       \
                        __VA_ARGS__                                                              \
    } while (0)

/* Checked: the strength of n = 3 or 5 codes holding at most `jokers` jokers
 * (0..2: code 52 allowed from 1, 53 from 2), OFC_HAND_BAD_CARDS for a byte
 * that is no card (or a joker the rules do not deal) or a code twice,
 * OFC_HAND_BAD_SIZE for a bad n. */
int ofc_strength_jokers(const uint8_t *cards, int n, int jokers, int five_kind);

/* As ofc_first_bad_hand, where the rules deal `jokers` jokers. */
int64_t ofc_first_bad_hand_jokers(const uint8_t *cards, int64_t n, int size, int jokers);

/* Batch: n hands of `size` (3 or 5) codes, as ofc_strength5_batch (OFC_HAND_BAD_SIZE for another size). */
int64_t ofc_strength_jokers_batch(const uint8_t *cards, int64_t n, int size, int jokers, int five_kind,
                                  uint16_t *out);

/* As ofc_subset_strengths_batch and ofc_best_hand_batch for hands that may
 * hold `jokers` jokers (m up to OFC_DECK_WITH_JOKERS(OFC_MAX_JOKERS)): each
 * subset is worth its strength with jokers (five_kind as in
 * ofc_strength5_jokers_unchecked); the best subset is the first greatest by
 * ofc_order_key (below_royal: five of a kind ranks below the royal flush). */
int64_t ofc_subset_strengths_jokers_batch(const uint8_t *cards, int64_t n, int m, int k, int jokers,
                                          int five_kind, uint16_t *out);
int64_t ofc_best_hand_jokers_batch(const uint8_t *cards, int64_t n, int m, int k, int jokers, int five_kind,
                                   int below_royal, uint16_t *best, uint8_t *positions);

/* As ofc_partial_strength_batch for rows that may hold jokers: a joker is the
 * card that makes the row worth most (a row of 3 or 5 cards: its strength). */
int64_t ofc_partial_strength_jokers_batch(const uint8_t *rows, int64_t n, int k, int jokers, int five_kind,
                                          uint16_t *out);

/* As ofc_lowball27_batch for hands that may hold jokers: a joker is the card
 * (not in the hand; two jokers two cards) that makes the best low. */
int64_t ofc_lowball27_jokers_batch(const uint8_t *cards, int64_t n, int jokers, uint16_t *out);

/* Checked single-hand entry points: the strength, or OFC_HAND_BAD_CARDS when
 * a code is not a card or a card repeats, OFC_HAND_BAD_SIZE when n is not 3
 * or 5 (lowball: not 5). */
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

/* ---- Subsets: every k-subset of a hand, and the best one ----------------
 * A hand here is m distinct cards, k <= m <= OFC_DECK_SIZE, k = 3 or 5.  Subsets are
 * taken in lexicographic order of positions (for m = 6, k = 5: 01234,
 * 01235, 01245, 01345, 02345, 12345). */

/* m choose k (0 when k > m). */
int64_t ofc_choose(int m, int k);

/* Strengths of every k-subset of each of n hands of m bytes: ofc_choose(m, k)
 * values per hand, hand after hand.  Returns -1, the index of the first hand
 * with a byte that is no card or a card twice, or OFC_HAND_BAD_SIZE for a bad
 * m or k. */
int64_t ofc_subset_strengths_batch(const uint8_t *cards, int64_t n, int m, int k, uint16_t *out);

/* The best k-subset of each of n hands of m bytes: its strength in best[i]
 * and its k positions (ascending; the first best subset in lexicographic
 * order) in positions[k * i ..].  Returns as ofc_subset_strengths_batch. */
int64_t ofc_best_hand_batch(const uint8_t *cards, int64_t n, int m, int k, uint16_t *best,
                            uint8_t *positions);

/* Strength of rows still being filled: n rows of k slots (k <= 5), OFC_EMPTY in an
 * empty slot.  A row is worth the least strength whose category and ranks
 * (missing ones lowest) are at least its own: 3 or 5 cards their strength,
 * no card 0.  Returns -1, the index of the first row with a byte that is no
 * card nor OFC_EMPTY or a card twice, or OFC_HAND_BAD_SIZE for a bad k. */
int64_t ofc_partial_strength_batch(const uint8_t *rows, int64_t n, int k, uint16_t *out);

#ifdef __cplusplus
}
#endif
#endif /* OFC_HAND_H */
