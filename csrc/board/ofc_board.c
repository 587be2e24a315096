/* Board kernels: evaluate the three rows, check the foul, count royalties,
 * Fantasyland and the stay, and score deals.
 *
 * Boards go through in blocks, each block in three short loops (check the
 * cards, evaluate the rows, apply the rules) rather than one long loop body
 * per board: a short body lets the out-of-order core overlap the table
 * lookups of many boards, which one 170-instruction body cannot.  The block
 * (a few KB) stays in L1 between the loops. */
#include <string.h>
#include "ofc_board.h"

#define OFC_BOARD_BLOCK 256 /* boards per block */

/* Index of the first of n deals of OFC_BOARD_SIZE * players bytes with a bad card, or -1.
 * The card count is a constant in each case so the compiler unrolls it. */
static int64_t first_bad_deal_scalar(const uint8_t *d, int64_t n, int players)
{
    int64_t i;
#define OFC_SCAN(P)         \
    for (i = 0; i < n; i++) \
        if (OFC_UNLIKELY(ofc_bad_cards(d + OFC_BOARD_SIZE * (P) * i, OFC_BOARD_SIZE * (P)))) return i;
    switch (players) {
    case 1: OFC_SCAN(1) break;
    case 2: OFC_SCAN(2) break;
    case 3: OFC_SCAN(3) break;
    default: OFC_SCAN(4) break;
    }
#undef OFC_SCAN
    return -1;
}

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
/* x86-64 with AVX2 (checked at run time, so the build needs no -m flag):
 * the 13 card bits of a board come from four variable shifts of 1 by the
 * zero-extended codes (vpsllvq) instead of 13 table loads.  The cards of a
 * deal are valid iff their OR has exactly one bit per card (a repeat loses
 * one; a byte >= 64 shifts to nothing) and none at 52 or above (52..63).
 * Reads 16 bytes per board, so the last board of an array is left to the
 * scalar path. */
#include <immintrin.h>
#define OFC_AVX2_PATH 1

__attribute__((target("avx2"))) static inline __m256i board_bits_avx2(const uint8_t *b)
{
    const __m256i one = _mm256_set1_epi64x(1), first = _mm256_set_epi64x(0, 0, 0, -1);
    __m128i x = _mm_loadu_si128((const __m128i *)b);
    __m256i s0 = _mm256_sllv_epi64(one, _mm256_cvtepu8_epi64(x));
    __m256i s1 = _mm256_sllv_epi64(one, _mm256_cvtepu8_epi64(_mm_srli_si128(x, 4)));
    __m256i s2 = _mm256_sllv_epi64(one, _mm256_cvtepu8_epi64(_mm_srli_si128(x, 8)));
    __m256i s3 = _mm256_and_si256(_mm256_sllv_epi64(one, _mm256_cvtepu8_epi64(_mm_srli_si128(x, 12))), first);
    return _mm256_or_si256(_mm256_or_si256(s0, s1), _mm256_or_si256(s2, s3));
}

__attribute__((target("avx2,popcnt"))) static int64_t first_bad_deal_avx2(const uint8_t *d, int64_t n,
                                                                          int players)
{
    const int cards = OFC_BOARD_SIZE * players;
    for (int64_t i = 0; i + 1 < n; i++) {
        __m256i any = board_bits_avx2(d + (int64_t)cards * i);
        for (int p = 1; p < players; p++)
            any = _mm256_or_si256(any, board_bits_avx2(d + (int64_t)cards * i + OFC_BOARD_SIZE * p));
        __m128i a = _mm_or_si128(_mm256_castsi256_si128(any), _mm256_extracti128_si256(any, 1));
        uint64_t bits = (uint64_t)_mm_cvtsi128_si64(_mm_or_si128(a, _mm_unpackhi_epi64(a, a)));
        /* all cards distinct iff the deal's OR has one bit per card */
        if (OFC_UNLIKELY((_mm_popcnt_u64(bits) != (unsigned)cards) | (bits >> OFC_DECK_SIZE != 0))) return i;
    }
    /* the last deal: its last board has no 3 bytes after it to over-read */
    return n > 0 && first_bad_deal_scalar(d + (int64_t)cards * (n - 1), 1, players) >= 0 ? n - 1 : -1;
}

static int ofc_has_avx2(void)
{
    static volatile int cached = -1; /* idempotent: a race only repeats the query */
    if (cached < 0) {
        __builtin_cpu_init();
        cached = __builtin_cpu_supports("avx2") ? 1 : 0;
    }
    return cached;
}
#endif

static int64_t first_bad_deal(const uint8_t *d, int64_t n, int players)
{
#ifdef OFC_AVX2_PATH
    if (ofc_has_avx2()) return first_bad_deal_avx2(d, n, players);
#endif
    return first_bad_deal_scalar(d, n, players);
}

/* Row values of nb checked boards into v (3 per board): strength, and for a
 * Low middle its lowball rank.  The middle and bottom hash lookups are
 * independent, so one loop over both keeps two chains in flight. */
static void row_values(const uint8_t *b, int64_t nb, int low, uint16_t *v)
{
    const uint32_t *mid = low ? ofc_low5 : ofc_hand5;
    for (int64_t j = 0; j < nb; j++) {
        const uint8_t *c = b + OFC_BOARD_SIZE * j;
        uint64_t km = ofc_key5(c[3], c[4], c[5], c[6], c[7]);
        uint64_t kb = ofc_key5(c[8], c[9], c[10], c[11], c[12]);
        v[3 * j] = ofc_strength3_unchecked(c[0], c[1], c[2]);
        v[3 * j + 1] = (uint16_t)(mid[ofc_slot5(km)] >> ofc_flush_shift(km));
        v[3 * j + 2] = (uint16_t)(ofc_hand5[ofc_slot5(kb)] >> ofc_flush_shift(kb));
    }
}

/* The rules applied to one board's row values. */
static inline void board_rules(const uint16_t *v, int in_fantasyland, int low, const ofc_rules *r,
                               ofc_board_result *res)
{
    unsigned top = v[0], middle = v[1], bottom = v[2];
    int fouled = low ? (!r->middle_live[middle]) | (top > bottom) /* dead low, or bottom under top */
                     : (top > middle) | (middle > bottom);
    res->value[0] = (uint16_t)top;
    res->value[1] = (uint16_t)middle;
    res->value[2] = (uint16_t)bottom;
    ofc_board_apply(r->row_info[0][top], r->row_info[1][middle], r->row_info[2][bottom], fouled,
                    in_fantasyland, r, res);
}

void ofc_board_eval(const uint8_t *b, int in_fantasyland, const ofc_rules *r, ofc_board_result *res)
{
    uint16_t v[3];
    row_values(b, 1, r->middle_live != 0, v);
    board_rules(v, in_fantasyland, r->middle_live != 0, r, res);
}

/* The rules over a block of row values, written straight to the outputs: the
 * same arithmetic as board_rules, flattened for the common case (no
 * Fantasyland entry). */
static inline void analyze_rules(const uint16_t *v, int64_t len, const int low, const uint8_t *in_fl,
                                 const ofc_rules *r, uint8_t *fouled, int16_t *royalties,
                                 uint8_t *fantasyland, uint8_t *stays)
{
    const uint32_t *ri0 = r->row_info[0], *ri1 = r->row_info[1], *ri2 = r->row_info[2];
    for (int64_t j = 0; j < len; j++) {
        unsigned t = v[3 * j], m = v[3 * j + 1], b = v[3 * j + 2];
        uint32_t it = ri0[t], im = ri1[m], ib = ri2[b];
        unsigned f = low ? (unsigned)(!r->middle_live[m]) | (t > b) : (t > m) | (m > b);
        uint32_t keep = f - 1u; /* all ones unless fouled */
        fouled[j] = (uint8_t)f;
        /* the royalty is the low 16 bits of the row's info word */
        royalties[3 * j] = (int16_t)(it & keep);
        royalties[3 * j + 1] = (int16_t)(im & keep);
        royalties[3 * j + 2] = (int16_t)(ib & keep);
        unsigned st = (OFC_STAY(it | im | ib) | ofc_tier_stays(r, it, in_fl ? in_fl[j] : 0u)) & ~f;
        stays[j] = (uint8_t)st;
        unsigned cards = 0;
        if (in_fl && in_fl[j]) {
            cards = st ? (unsigned)ofc_stay_count(r, in_fl[j]) : 0u;
        } else if (OFC_UNLIKELY(OFC_QUALIFIES(it | im))) {
            cards = ofc_fl_entry(it, im, r) & keep;
        }
        fantasyland[j] = (uint8_t)cards;
    }
}

int64_t ofc_analyze_batch(const uint8_t *boards, int64_t n, const uint8_t *in_fl, const ofc_rules *r,
                          uint8_t *fouled, uint16_t *strength, int16_t *royalties, uint8_t *fantasyland,
                          uint8_t *stays)
{
    const int low = r->middle_live != 0;
    uint8_t snap[OFC_BOARD_SIZE * OFC_BOARD_BLOCK]; /* checked and read from a copy: see ofc_strength.c */
    for (int64_t start = 0; start < n; start += OFC_BOARD_BLOCK) {
        int64_t len = n - start < OFC_BOARD_BLOCK ? n - start : OFC_BOARD_BLOCK;
        memcpy(snap, boards + OFC_BOARD_SIZE * start, (size_t)(OFC_BOARD_SIZE * len));
        if (start + len < n)
            ofc_prefetch(boards + OFC_BOARD_SIZE * (start + len),
                         OFC_BOARD_SIZE * (n - start - len < len ? n - start - len : len));
        const uint8_t *b = snap;
        int64_t bad = first_bad_deal(b, len, 1);
        if (OFC_UNLIKELY(bad >= 0)) return start + bad;
        uint16_t *v = strength + 3 * start; /* the row values are the strength output */
        row_values(b, len, low, v);
        /* literal arguments: each call is inlined with its tests folded away */
#define OFC_RULES(LOW, INFL)                                                                        \
    analyze_rules(v, len, LOW, INFL, r, fouled + start, royalties + 3 * start, fantasyland + start, \
                  stays + start)
        if (in_fl) {
            if (low)
                OFC_RULES(1, in_fl + start);
            else
                OFC_RULES(0, in_fl + start);
        } else {
            if (low)
                OFC_RULES(1, 0);
            else
                OFC_RULES(0, 0);
        }
#undef OFC_RULES
    }
    return -1;
}

/* Points of one deal of P boards from their row values v (3 per board):
 * each board's foul and royalty total, then ofc_score_seats (docs/RULES.md
 * section 6 for every pair), written to net[P] and/or matrix[P*P]. */
static inline void score_deal(const uint16_t *v, const int P, const int low, const ofc_rules *r, int32_t *net,
                              int32_t *matrix)
{
    const uint32_t *ri0 = r->row_info[0], *ri1 = r->row_info[1], *ri2 = r->row_info[2];
    int32_t fouled[4], roy[4];
    for (int p = 0; p < P; p++) {
        unsigned t = v[3 * p], m = v[3 * p + 1], b = v[3 * p + 2];
        int f = low ? (!r->middle_live[m]) | (t > b) : (t > m) | (m > b);
        fouled[p] = f;
        roy[p] = (OFC_ROYALTY(ri0[t]) + OFC_ROYALTY(ri1[m]) + OFC_ROYALTY(ri2[b])) & (f - 1);
    }
    ofc_score_seats(v, fouled, roy, P, r->scoop_bonus, net, matrix);
}

int64_t ofc_score_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *r, int32_t *net,
                        int32_t *matrix)
{
    const int low = r->middle_live != 0;
    const int64_t block = OFC_BOARD_BLOCK / 4; /* deals per block: at most 256 boards */
    uint16_t v[3 * OFC_BOARD_BLOCK];
    uint8_t snap[OFC_BOARD_SIZE * OFC_BOARD_BLOCK]; /* checked and read from a copy: see ofc_strength.c */
    for (int64_t start = 0; start < n; start += block) {
        int64_t len = n - start < block ? n - start : block;
        memcpy(snap, deals + (int64_t)OFC_BOARD_SIZE * players * start,
               (size_t)(OFC_BOARD_SIZE * players * len));
        if (start + len < n)
            ofc_prefetch(deals + (int64_t)OFC_BOARD_SIZE * players * (start + len),
                         OFC_BOARD_SIZE * players * (n - start - len < len ? n - start - len : len));
        const uint8_t *d = snap;
        int64_t bad = first_bad_deal(d, len, players);
        if (OFC_UNLIKELY(bad >= 0)) return start + bad;
        row_values(d, len * players, low, v);
        int32_t *nt = net ? net + players * start : 0;
        int32_t *mt = matrix ? matrix + players * players * start : 0;
        /* one loop per player count, so each is unrolled for its P */
#define OFC_SCORE_LOOP(P)             \
    for (int64_t j = 0; j < len; j++) \
        score_deal(v + 3 * (P) * j, (P), low, r, nt ? nt + (P) * j : 0, mt ? mt + (P) * (P) * j : 0);
        switch (players) {
        case 2: OFC_SCORE_LOOP(2) break;
        case 3: OFC_SCORE_LOOP(3) break;
        default: OFC_SCORE_LOOP(4) break;
        }
#undef OFC_SCORE_LOOP
    }
    return -1;
}

int64_t ofc_score_details_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *rules,
                                int8_t *rows, int32_t *row_points, int32_t *scoop, int32_t *royalties,
                                int32_t *total)
{
    const int64_t cards = (int64_t)OFC_BOARD_SIZE * players;
    const int K = players * (players - 1) / 2;
    if (players < 2 || players > OFC_MAX_SEATS) return OFC_BOARD_BAD_PLAYERS;
    int64_t bad = first_bad_deal(deals, n, players);
    if (bad >= 0) return bad; /* nothing written: the caller words the error */
    for (int64_t i = 0; i < n; i++) {
        ofc_board_result res;
        uint16_t value[3 * OFC_MAX_SEATS];
        int32_t fouled[OFC_MAX_SEATS], roy[OFC_MAX_SEATS];
        /* read from a copy, checked again: the caller's array may have changed
         * since the check above (another thread), and a card checked must be
         * the card looked up */
        uint8_t d[OFC_BOARD_SIZE * OFC_MAX_SEATS];
        memcpy(d, deals + cards * i, (size_t)cards);
        if (OFC_UNLIKELY(first_bad_deal(d, 1, players) >= 0)) return i;
        for (int p = 0; p < players; p++) {
            ofc_board_eval(d + OFC_BOARD_SIZE * p, 0, rules, &res);
            for (int r = 0; r < 3; r++) value[3 * p + r] = res.value[r];
            fouled[p] = res.fouled;
            roy[p] = res.royalty[0] + res.royalty[1] + res.royalty[2];
        }
        ofc_score_details_seats(value, fouled, roy, players, rules->scoop_bonus, (int64_t)K * i, rows,
                                row_points, scoop, royalties, total);
    }
    return -1;
}
