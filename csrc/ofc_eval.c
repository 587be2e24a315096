/* Hand strength kernels: single hands and arrays of hands, always checked. */
#include <string.h>
#include "ofc_fast.h"

int ofc_strength(const uint8_t *c, int n)
{
    if (n != 3 && n != 5) return -2;
    if (ofc_bad_cards(c, n)) return -1;
    return n == 5 ? ofc_strength5_unchecked(c[0], c[1], c[2], c[3], c[4])
                  : ofc_strength3_unchecked(c[0], c[1], c[2]);
}

int ofc_lowball27(const uint8_t *c, int n)
{
    if (n != 5) return -2;
    if (ofc_bad_cards(c, 5)) return -1;
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

/* Nonzero when one of the 16 hands at b is bad.  Reads 16*size + size - 1
 * bytes: the caller leaves a hand after the block. */
static inline int ofc_bad16(const uint8_t *b, int size, const uint8_t *same_hand)
{
    const ofc_v16 last_card = {51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51};
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
            if (OFC_UNLIKELY(ofc_bad16(cards + size * i, size, same_hand))) break;
#endif
    int64_t r = ofc_first_bad_scalar(cards + size * i, n - i, size);
    return r < 0 ? -1 : r + i;
}

/* Copy n hands of `size` bytes from src to dst and return the index of the
 * first bad one in dst, or -1.  The check reads the copy (or the registers
 * the copy was made from), never src a second time: see OFC_BATCH. */
#if defined(OFC_VECTOR_CHECK) && defined(__SSE2__)
#include <emmintrin.h>
/* bytes D.. of the 32-byte concatenation a:b (SSE2 byte shifts) */
#define OFC_SHIFT(a, b, D) ((ofc_v16)_mm_or_si128(_mm_srli_si128((__m128i)(a), D), \
                                                  _mm_slli_si128((__m128i)(b), 16 - (D))))

/* ofc_bad16 on 16 hands loaded once: the vectors are stored to dst and the
 * shifted copies for the repeat check are made from the same registers.  The
 * bytes after the 16 hands are taken as 0: the mask drops pairs across hands. */
static inline int ofc_copy_bad16(const uint8_t *b, uint8_t *dst, int size, const uint8_t *same_hand)
{
    const ofc_v16 last_card = {51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51};
    ofc_v16 v[6], bad = {0};
    for (int k = 0; k < size; k++) {
        v[k] = ofc_load16(b + 16 * k);
        memcpy(dst + 16 * k, &v[k], 16);
    }
    v[size] = (ofc_v16){0};
    for (int k = 0; k < size; k++) {
        const uint8_t *m = same_hand + 16 * k;
        bad |= (ofc_v16)(v[k] > last_card);
        bad |= (ofc_v16)(v[k] == OFC_SHIFT(v[k], v[k + 1], 1)) & ofc_load16(m);
        bad |= (ofc_v16)(v[k] == OFC_SHIFT(v[k], v[k + 1], 2)) & ofc_load16(m + 16 * size);
        if (size == 5) {
            bad |= (ofc_v16)(v[k] == OFC_SHIFT(v[k], v[k + 1], 3)) & ofc_load16(m + 32 * size);
            bad |= (ofc_v16)(v[k] == OFC_SHIFT(v[k], v[k + 1], 4)) & ofc_load16(m + 48 * size);
        }
    }
    uint64_t w[2];
    memcpy(w, &bad, 16);
    return (w[0] | w[1]) != 0;
}

static int64_t ofc_copy_first_bad(const uint8_t *src, uint8_t *dst, int64_t n, int size)
{
    int64_t i = 0;
    const uint8_t *same_hand = size == 5 ? ofc_same_hand5 : ofc_same_hand3;
    for (; i + 16 <= n; i += 16)
        if (OFC_UNLIKELY(ofc_copy_bad16(src + size * i, dst + size * i, size, same_hand))) break;
    /* the rest (or from a bad group on): copied again, then checked in the copy */
    memcpy(dst + size * i, src + size * i, (size_t)(size * (n - i)));
    int64_t r = ofc_first_bad_scalar(dst + size * i, n - i, size);
    return r < 0 ? -1 : r + i;
}
#else
static int64_t ofc_copy_first_bad(const uint8_t *src, uint8_t *dst, int64_t n, int size)
{
    memcpy(dst, src, (size_t)(size * n));
    return ofc_first_bad_hand(dst, n, size);
}
#endif

/* Blocks of this many hands are checked, then evaluated, while in L1. */
#define OFC_BLOCK 1024

/* Each block is copied (while it is checked), then evaluated from the copy: if
 * another thread changes the input during the call (which callers must not
 * do), no byte is checked as one card and then looked up as another, so every
 * output is the strength of a valid hand and no table is read out of bounds.
 * The copy is of a few KB into L1, made from the vectors the check loads. */
#define OFC_BATCH(NAME, SIZE, EVAL)                                            \
    int64_t NAME(const uint8_t *cards, int64_t n, uint16_t *out)               \
    {                                                                          \
        uint8_t snap[OFC_BLOCK * (SIZE)];                                      \
        for (int64_t start = 0; start < n; start += OFC_BLOCK) {               \
            int64_t len = n - start < OFC_BLOCK ? n - start : OFC_BLOCK;       \
            int64_t bad = ofc_copy_first_bad(cards + (SIZE) * start, snap, len, (SIZE)); \
            const uint8_t *c = snap;                                           \
            if (OFC_UNLIKELY(bad >= 0)) return start + bad;                    \
            uint16_t *o = out + start;                                         \
            for (int64_t i = 0; i < len; i++, c += (SIZE)) o[i] = EVAL;        \
        }                                                                      \
        return -1;                                                             \
    }

OFC_BATCH(ofc_strength5_batch, 5, ofc_strength5_unchecked(c[0], c[1], c[2], c[3], c[4]))
OFC_BATCH(ofc_lowball27_batch, 5, ofc_lowball27_unchecked(c[0], c[1], c[2], c[3], c[4]))
OFC_BATCH(ofc_strength3_batch, 3, ofc_strength3_unchecked(c[0], c[1], c[2]))
