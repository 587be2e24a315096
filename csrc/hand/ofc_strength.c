/* Hand strength kernels: single hands and arrays of hands, always checked. */
#include <string.h>
#include "ofc_hand.h"

int ofc_strength(const uint8_t *c, int n)
{
    if (n != 3 && n != 5) return OFC_HAND_BAD_SIZE;
    if (ofc_bad_cards(c, n)) return OFC_HAND_BAD_CARDS;
    return n == 5 ? ofc_strength5_unchecked(c[0], c[1], c[2], c[3], c[4])
                  : ofc_strength3_unchecked(c[0], c[1], c[2]);
}

int ofc_lowball27(const uint8_t *c, int n)
{
    if (n != 5) return OFC_HAND_BAD_SIZE;
    if (ofc_bad_cards(c, 5)) return OFC_HAND_BAD_CARDS;
    return ofc_lowball27_unchecked(c[0], c[1], c[2], c[3], c[4]);
}

/* Checking 16 hands at once.  A card twice in a hand of n bytes means byte p
 * equals byte p + d (d < n) with p % n + d < n; comparing the block with
 * itself shifted by d, masked to same-hand pairs (ofc_same_hand*), finds every
 * such pair with a few vector instructions instead of n*(n-1)/2 compares per
 * hand.  GCC/Clang vector extensions compile to SSE2 on x86-64 and NEON on
 * arm64 without any -march flag; other compilers use the scalar check. */
#if defined(__GNUC__) || defined(__clang__)
#define OFC_VECTOR_CHECK 1
typedef uint8_t ofc_v16 __attribute__((vector_size(16)));

static inline ofc_v16 ofc_load16(const uint8_t *p)
{
    ofc_v16 v;
    memcpy(&v, p, 16);
    return v;
}

/* Nonzero when one of the 16 hands at b is bad (a byte above `last`, or a
 * byte twice in a hand).  Reads 16*size + size - 1 bytes: the caller leaves a
 * hand after the block.  `last` is OFC_LAST_CARD, or the last joker code where
 * the rules deal jokers (a constant where inlined: the same code as before). */
static inline int ofc_bad16(const uint8_t *b, int size, const uint8_t *same_hand, uint8_t last)
{
    const ofc_v16 last_card = {last, last, last, last, last, last, last, last,
                               last, last, last, last, last, last, last, last};
    ofc_v16 bad = {0};
    for (int k = 0; k < size; k++) {
        ofc_v16 v = ofc_load16(b + 16 * k);
        bad |= (ofc_v16)(v > last_card);
        for (int d = 1; d < size; d++)
            bad |= (ofc_v16)(v == ofc_load16(b + 16 * k + d))
                   & ofc_load16(same_hand + (d - 1) * 16 * size + 16 * k);
    }
    uint64_t w[2];
    memcpy(w, &bad, 16);
    return (w[0] | w[1]) != 0;
}
#endif

static int64_t ofc_first_bad_scalar(const uint8_t *cards, int64_t n, int size)
{
    for (int64_t i = 0; i < n; i++)
        if (ofc_bad_cards(cards + size * i, size)) return i;
    return -1;
}

int64_t ofc_first_bad_hand(const uint8_t *cards, int64_t n, int size)
{
    int64_t i = 0;
#ifdef OFC_VECTOR_CHECK
    const uint8_t *same_hand = size == 5 ? ofc_same_hand5 : ofc_same_hand3;
    if (size == 5 || size == 3)
        for (; i + 16 < n; i += 16)
            if (OFC_UNLIKELY(ofc_bad16(cards + size * i, size, same_hand, OFC_LAST_CARD))) break;
#endif
    int64_t r = ofc_first_bad_scalar(cards + size * i, n - i, size);
    return r < 0 ? -1 : r + i;
}

int64_t ofc_first_bad_hand_jokers(const uint8_t *cards, int64_t n, int size, int jokers)
{
    int64_t i = 0;
    uint64_t allowed = ofc_joker_allowed(jokers);
#ifdef OFC_VECTOR_CHECK
    const uint8_t *same_hand = size == 5 ? ofc_same_hand5 : ofc_same_hand3;
    uint8_t last = (uint8_t)(OFC_LAST_CARD
                             + (jokers < 0                ? 0
                                : jokers > OFC_MAX_JOKERS ? OFC_MAX_JOKERS
                                                          : jokers));
    if (size == 5 || size == 3)
        for (; i + 16 < n; i += 16)
            if (OFC_UNLIKELY(ofc_bad16(cards + size * i, size, same_hand, last))) break;
#endif
    for (; i < n; i++)
        if (ofc_bad_cards_jokers(cards + size * i, size, allowed)) return i;
    return -1;
}

/* Blocks of this many hands are checked, then evaluated, while in L1. */
#define OFC_BLOCK 1024

/* Each block is copied first, then checked and evaluated from the copy: if
 * another thread changes the input during the call (which callers must not
 * do), no byte is checked as one card and then looked up as another, so every
 * output is the strength of a valid hand and no table is read out of bounds.
 * The copy is of a few KB into L1, which the check then reads anyway. */
#define OFC_BATCH(NAME, SIZE, EVAL)                                                                 \
    int64_t NAME(const uint8_t *cards, int64_t n, uint16_t *out)                                    \
    {                                                                                               \
        uint8_t snap[OFC_BLOCK * (SIZE)];                                                           \
        for (int64_t start = 0; start < n; start += OFC_BLOCK) {                                    \
            int64_t len = n - start < OFC_BLOCK ? n - start : OFC_BLOCK;                            \
            memcpy(snap, cards + (SIZE) * start, (size_t)((SIZE) * len));                           \
            if (start + len < n)                                                                    \
                ofc_prefetch(cards + (SIZE) * (start + len),                                        \
                             (SIZE) * (n - start - len < OFC_BLOCK ? n - start - len : OFC_BLOCK)); \
            const uint8_t *c = snap;                                                                \
            int64_t bad = ofc_first_bad_hand(c, len, (SIZE));                                       \
            if (OFC_UNLIKELY(bad >= 0)) return start + bad;                                         \
            uint16_t *o = out + start;                                                              \
            for (int64_t i = 0; i < len; i++, c += (SIZE)) o[i] = EVAL;                             \
        }                                                                                           \
        return -1;                                                                                  \
    }

OFC_BATCH(ofc_strength5_batch, 5, ofc_strength5_unchecked(c[0], c[1], c[2], c[3], c[4]))
OFC_BATCH(ofc_lowball27_batch, 5, ofc_lowball27_unchecked(c[0], c[1], c[2], c[3], c[4]))
OFC_BATCH(ofc_strength3_batch, 3, ofc_strength3_unchecked(c[0], c[1], c[2]))
