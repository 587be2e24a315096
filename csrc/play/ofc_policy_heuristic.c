/* The heuristic policy (ofc_play.h): every legal placement scored by a
 * static outlook of the board it makes, no sampling: each row's chances of
 * ending at each category when its empty slots are filled from the unseen
 * cards (the pairing categories from the generated row potentials,
 * ofc_policy_tables.c from tools/gen_policy_tables.py; flushes and straights
 * from the live cards of a suit or a rank), and from them the chance the
 * board fouls (a row beating the one below it; in Low also a dead middle),
 * its expected royalties and its chance of Fantasyland.  A row's outlook
 * depends only on its cards, so a turn works out each row with each subset
 * of the held cards once and scores a placement from three of them.
 * Fantasyland: the exact solver, as greedy (ofc_policy_parts.c).  Its
 * shortlist and its default choice serve greedy's look-ahead too. */
#include <math.h>
#include <string.h>
#include "ofc_play.h"
#include "ofc_policy_parts.h"
#include "ofc_policy_tables.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

const char *const ofc_pol_heuristic_names[OFC_POL_HEURISTIC_PARAMS] = {
    "foul", "royalty", "fantasyland", "strength", "rank", "low_spent", "tie", "shape", "order",
};
/* tuned by heads-up play against greedy in Pineapple, Original and Low, 3000 hands each
 * (python tools/tune_policy.py tune --against greedy --rules pineapple,original,low
 * --hands 3000 --rounds 2, from foul 30 and royalty 1) */
const double ofc_pol_heuristic_weights[OFC_POL_HEURISTIC_PARAMS] = {
    20.1, 2.25, 8.0, 0.5, 0.5, 3.0, 3.0, 1.0, 0.0,
};
enum { W_FOUL, W_ROYALTY, W_FANTASYLAND, W_STRENGTH, W_RANK, W_LOW_SPENT, W_TIE, W_SHAPE, W_ORDER };

/* The categories of a row's outlook: the pairing ones, straight and flush
 * between them as in ofc_category, straight flushes counted as quads. */
enum { C_HIGH, C_PAIR, C_TWO_PAIR, C_TRIPS, C_STRAIGHT, C_FLUSH, C_FULL, C_QUADS, NCAT };

typedef struct row_outlook {
    float p[NCAT];      /* chance of ending at each category */
    float category;     /* the expected category (0..1) */
    double solo;        /* the terms of the value that depend on this row alone */
    float rank;         /* for ties within a pairing category: the (likely) rank of the pair */
    float high;         /* for ties of high cards: the (likely) highest rank */
    float royalty;      /* expected royalties */
    float fl;           /* top: chance of qualifying for Fantasyland */
    float live;         /* a Low middle: chance it ends live (1 elsewhere) */
    float spent;        /* Low: cards of ten or below spent on the top or bottom */
    float shape;        /* greedy's value of the cards placed (made pairs and trips, draws) */
    float shape_bottom; /* a high variant's middle: shape of the same cards on the bottom */
    float level;        /* greedy's made-hand level of the cards placed (row_level) */
    int complete;
    uint16_t value; /* complete: the row's value */
    /* p side by side with the chance of ending under each category (below),
     * as beats2 reads them: the row as the upper one (p, p), as the
     * lower one (below, p) */
    float upper[NCAT][2], lower[NCAT][2];
} row_outlook;

/* What a turn's scoring knows: the unseen cards and what the rules pay. */
typedef struct heuristic_ctx {
    const ofc_rules *rules;
    const double *w;
    float slope; /* beats: how the chance of winning a tie grows with the rank ahead */
    int low, npool;
    int live_rank[OFC_RANKS], live_suit[OFC_SUITS];
    float top_pair[OFC_RANKS], top_trips[OFC_RANKS];       /* royalties */
    float top_pair_fl[OFC_RANKS], top_trips_fl[OFC_RANKS]; /* 1: enters Fantasyland */
    float top_pair_mean, top_pair_fl_mean;                 /* over the ranks */
    float row5[3][NCAT];                                   /* royalties of the middle and bottom */
    float most[OFC_ROW5_SIZE + 1]; /* [empty slots]: the likely highest rank the fills bring */
} heuristic_ctx;

static const int category_of[10] = {C_HIGH,  C_PAIR, C_TWO_PAIR, C_TRIPS, C_STRAIGHT,
                                    C_FLUSH, C_FULL, C_QUADS,    C_QUADS, C_QUADS};

static void heuristic_init(heuristic_ctx *c, const ofc_game *g, const ofc_rules *rules, const double *w)
{
    c->rules = rules;
    c->w = w;
    c->slope = (float)w[W_TIE] / OFC_RANKS;
    c->low = rules->middle_live != 0;
    c->top_pair_mean = c->top_pair_fl_mean = 0.0f;
    for (int e = 0; e <= OFC_ROW5_SIZE; e++) c->most[e] = (OFC_RANKS - 1) * (float)e / (e + 1);
    /* the unseen cards counted by rank (card 4k + s) and by suit; an unseen
     * joker is wild: a live card of every rank and suit */
    uint64_t unseen = unseen_mask(g), clubs = 0;
    for (int k = 0; k < OFC_RANKS; k++) clubs |= (uint64_t)1 << (4 * k);
    int wild = bit_count(unseen >> OFC_JOKER1);
    c->npool = bit_count(unseen);
    /* each rank's four cards counted at once: nibble k of by_rank */
    uint64_t by_rank = unseen - (unseen >> 1 & 0x5555555555555555ull);
    by_rank = (by_rank & 0x3333333333333333ull) + (by_rank >> 2 & 0x3333333333333333ull);
    for (int k = 0; k < OFC_RANKS; k++) c->live_rank[k] = (int)(by_rank >> (4 * k) & 0xFu) + wild;
    for (int x = 0; x < OFC_SUITS; x++) c->live_suit[x] = bit_count(unseen & clubs << x) + wild;
    for (int r = 0; r < OFC_RANKS; r++) {
        unsigned k = r ? 0u : 1u; /* the lowest other rank as kicker */
        uint32_t pair = rules->row_info[0][ofc_strength3_unchecked(4u * r, 4u * r + 1, 4u * k + 2)];
        uint32_t trips = rules->row_info[0][ofc_strength3_unchecked(4u * r, 4u * r + 1, 4u * r + 2)];
        c->top_pair[r] = (float)OFC_ROYALTY(pair);
        c->top_trips[r] = (float)OFC_ROYALTY(trips);
        c->top_pair_fl[r] = OFC_ENTRY(pair) ? 1.0f : 0.0f;
        c->top_trips_fl[r] = OFC_ENTRY(trips) ? 1.0f : 0.0f;
        c->top_pair_mean += c->top_pair[r] / OFC_RANKS;
        c->top_pair_fl_mean += c->top_pair_fl[r] / OFC_RANKS;
    }
    /* a representative hand of each category (royalties of 5-card rows go by category) */
    static const uint8_t hands[NCAT][5] = {
        {0, 9, 18, 27, 32},   /* T-8-6-4-2 */
        {20, 21, 2, 11, 28},  /* 7-7-9-4-2 */
        {20, 21, 10, 11, 28}, /* 7-7-4-4-9 */
        {20, 21, 22, 3, 28},  /* 7-7-7-9-2 */
        {12, 17, 22, 27, 28}, /* 9-8-7-6-5 */
        {0, 8, 16, 24, 32},   /* T-8-6-4-2 of clubs */
        {20, 21, 22, 11, 8},  /* 7-7-7-4-4 */
        {20, 21, 22, 23, 0},  /* 7-7-7-7-2 */
    };
    for (int k = 0; k < NCAT; k++) {
        const uint8_t *h = hands[k];
        uint16_t v = ofc_strength5_unchecked(h[0], h[1], h[2], h[3], h[4]);
        for (int r = 1; r < 3; r++)
            c->row5[r][k] = (r == 1 && c->low) ? 0.0f : (float)OFC_ROYALTY(rules->row_info[r][v]);
    }
}

/* Chance that e cards drawn from the unseen ones hold at least one of `live` given cards. */
static inline float hit(const heuristic_ctx *c, int live, int e)
{
    int n = c->npool;
    if (e <= 0 || live <= 0 || n < e) return 0.0f;
    return (float)(1.0 - ofc_pol_choose[n - live][e] / ofc_pol_choose[n][e]);
}

/* What a row's outlook reads of its cards, counted card by card (a turn
 * counts each subset of the held cards from a smaller one). */
typedef struct row_cards {
    uint8_t count[OFC_RANKS], suits[OFC_SUITS]; /* (bytes: a turn copies these counts often) */
    uint8_t groups[6];                          /* ranks held 1..4 times (groups[0]: unused; 5: a stand-in) */
    int n, hi, lo, lows, sum; /* cards; highest and lowest rank; ranks <= ten; sum of ranks held once */
    int best, bestn;          /* the highest rank held most often (twice or more; -1: none), how often */
    unsigned ranks, multi;    /* the ranks held, and held twice or more, a bit each */
    int msuit;                /* the most cards of one suit */
} row_cards;

static const row_cards no_cards = {{0}, {0}, {0}, 0, -1, OFC_RANKS, 0, 0, -1, 0, 0, 0, 0};

static inline void row_cards_add(row_cards *x, unsigned card)
{
    int k = (int)(card >> 2), was = x->count[k];
    x->count[k] = was + 1;
    int su = ++x->suits[card & 3];
    x->msuit = su > x->msuit ? su : x->msuit;
    x->groups[was]--;
    x->groups[was + 1]++;
    x->n++;
    x->sum += k * ((was == 0) - (was == 1));
    x->multi |= (unsigned)(was > 0) << k;
    x->ranks |= 1u << k;
    x->hi = k > x->hi ? k : x->hi;
    x->lo = k < x->lo ? k : x->lo;
    x->lows += k <= 8;
    if (was > 0 && (was + 1 > x->bestn || (was + 1 == x->bestn && k > x->best))) {
        x->best = k;
        x->bestn = was + 1;
    }
}

/* The outlook of row r holding `cards` (n of them, counted in x). */
static void row_outlook_of(const heuristic_ctx *c, int r, const uint8_t *cards, int n, const row_cards *x,
                           row_outlook *o)
{
    int size = OFC_ROW_SIZE(r), e = size - n;
    const uint8_t *count = x->count, *suits = x->suits;
    int hi = x->hi, lo = x->lo, best = x->best, lows = x->lows, sum = x->sum;
    unsigned ranks = x->ranks, multi = x->multi;
    for (int k = 0; k < NCAT; k++) o->p[k] = 0.0f;
    o->royalty = o->fl = o->spent = o->level = 0.0f;
    o->live = 1.0f;
    o->complete = 0;
    o->value = 0;

    /* with the same cards as a high variant's bottom (bottom_from_middle) */
    double shape_bottom = 0.0;
    o->shape = (float)row_score(count, n, lo, hi, multi, x->msuit, r, c->low,
                                r == 1 && !c->low ? &shape_bottom : NULL);
    if (r == 1 && !c->low) o->shape_bottom = (float)shape_bottom;
    if (c->w[W_ORDER] != 0.0) o->level = (float)level_of(count);
    int n1 = x->groups[1], n2 = x->groups[2], n3 = x->groups[3], n4 = x->groups[4];
    /* the rank of the pair when the row ends paired: made, else one of its ranks pairing
     * up or a fresh pair; the highest card of a high-card row: its own or the fills' */
    o->rank = best >= 0 ? (float)best : 6.0f;
    o->high = hi;
    if (e > 0) {
        float most = c->most[e];
        if (most > o->high) o->high = most;
    }
    if (c->low && r != 1) o->spent = (float)lows;
    if (e == 0) {
        uint16_t v;
        o->complete = 1;
        if (r == 0) {
            v = ofc_strength3_unchecked(cards[0], cards[1], cards[2]);
        } else if (r == 1 && c->low) {
            v = ofc_lowball27_unchecked(cards[0], cards[1], cards[2], cards[3], cards[4]);
            o->live = c->rules->middle_live[v] ? 1.0f : 0.0f;
        } else {
            v = ofc_strength5_unchecked(cards[0], cards[1], cards[2], cards[3], cards[4]);
        }
        o->value = v;
        uint32_t info = c->rules->row_info[r][v];
        o->royalty = (float)OFC_ROYALTY(info);
        if (r == 0) o->fl = OFC_ENTRY(info) ? 1.0f : 0.0f;
        if (!(r == 1 && c->low)) o->p[category_of[ofc_strength_category(v)]] = 1.0f;
        return;
    }
    if (r == 1 && c->low) {
        /* a live low: e more ranks of ten or below, none held yet (straights
         * and flushes left to the late exact check) */
        if (hi > 8 || n2 + n3 + n4) {
            o->live = 0.0f;
            return;
        }
        int free = 0, good = 0;
        for (int k = 0; k <= 8; k++)
            if (!count[k]) {
                free++;
                good += c->live_rank[k];
            }
        double live = 1.0;
        for (int i = 0; i < e; i++) {
            if (free <= i || c->npool <= i) {
                live = 0.0;
                break;
            }
            live *= (double)good * (free - i) / free / (c->npool - i);
        }
        o->live = (float)live;
        o->rank = (float)hi;
        return;
    }
    const float *t = ofc_pol_potential[r != 0][OFC_POT_KEY(n1, n2, n3, n4)];
    if (best < 0 && n1) {
        float up = t[6] * n1, fresh = t[1] - up;
        if (fresh < 0) fresh = 0;
        if (up + fresh > 0) o->rank = (t[6] * sum + fresh * 6.0f) / (up + fresh);
    }
    o->p[C_HIGH] = t[0];
    o->p[C_PAIR] = t[1];
    o->p[C_TWO_PAIR] = t[2];
    o->p[C_TRIPS] = t[3];
    o->p[C_FULL] = t[4];
    o->p[C_QUADS] = t[5];
    if (r == 0) {
        /* royalties and Fantasyland of the top: by the rank that pairs */
        float roy = 0.0f, fl = 0.0f, paired = 0.0f;
        for (unsigned x = ranks; x; x &= x - 1) {
            int k = lowest_bit(x);
            if (count[k] == 2) {
                float up = hit(c, c->live_rank[k], e);
                roy += (1 - up) * c->top_pair[k] + up * c->top_trips[k];
                fl += (1 - up) * c->top_pair_fl[k] + up * c->top_trips_fl[k];
                paired = 1.0f;
            } else if (count[k] == 3) {
                roy += c->top_trips[k];
                fl += c->top_trips_fl[k];
                paired = 1.0f;
            } else if (count[k] == 1) {
                float up = hit(c, c->live_rank[k], e);
                roy += up * c->top_pair[k];
                fl += up * c->top_pair_fl[k];
                paired += up;
            }
        }
        /* a pair of a rank not held yet: as likely any rank (the table's rest) */
        float fresh = t[1] + t[3] - paired;
        if (fresh > 0 && n < 2) {
            roy += fresh * c->top_pair_mean;
            fl += fresh * c->top_pair_fl_mean;
        }
        o->royalty = roy;
        o->fl = fl;
        return;
    }
    if (!(n2 + n3 + n4)) {
        /* flushes and straights need every card different: out of the high-card share */
        float flush = 0.0f, straight = 0.0f;
        if (n) {
            for (int s = 0; s < OFC_SUITS; s++)
                if (suits[s] == n && c->npool >= e)
                    flush = (float)(ofc_pol_choose[c->live_suit[s]][e] / ofc_pol_choose[c->npool][e]);
            /* each window of five ranks (the wheel first) that holds every rank held:
             * one live card of each rank it lacks */
            int first = hi - 4 < 0 ? 0 : hi - 4, last = lo < 8 ? lo : 8;
            if (!(ranks & ~0x100Fu)) first = -1; /* the wheel too */
            for (int w0 = first; w0 <= last; w0++) {
                if (w0 >= 0 && w0 < hi - 4) continue;
                unsigned win = w0 < 0 ? 0x100Fu : 0x1Fu << w0;
                if (ranks & ~win) continue;
                double ways = 1.0;
                for (unsigned x = win & ~ranks; x; x &= x - 1) {
                    int k = lowest_bit(x);
                    ways *= c->live_rank[k];
                }
                if (c->npool >= e) straight += (float)(ways / ofc_pol_choose[c->npool][e]);
            }
        }
        float both = flush + straight;
        if (both > o->p[C_HIGH]) {
            flush *= o->p[C_HIGH] / both;
            straight *= o->p[C_HIGH] / both;
        }
        o->p[C_HIGH] -= flush + straight;
        o->p[C_FLUSH] = flush;
        o->p[C_STRAIGHT] = straight;
    }
    float roy = 0.0f;
    for (int k = 0; k < NCAT; k++) roy += o->p[k] * c->row5[r][k];
    o->royalty = roy;
}

/* The terms of the value that depend on row r alone: stronger rows win more
 * of the row points (the middle and bottom; in Low the top and bottom, and a
 * lower middle); Low spends low cards on the top and bottom. */
static double solo_terms(const heuristic_ctx *c, int r, const row_outlook *o)
{
    const double *w = c->w;
    int counted = c->low ? r != 1 : r != 0;
    return (counted ? w[W_STRENGTH] * o->category : 0.0)
           + (r == 0 ? 0.0 : w[W_RANK] * (c->low && r == 1 ? -o->rank : o->rank) / OFC_RANKS)
           - w[W_LOW_SPENT] * o->spent + w[W_SHAPE] * o->shape;
}

/* row_outlook_of with the chances of ending under each category. */
static void row_outlook_full(const heuristic_ctx *c, int r, const uint8_t *cards, int n, const row_cards *x,
                             row_outlook *o)
{
    row_outlook_of(c, r, cards, n, x, o);
    float sum = 0.0f, category = 0.0f;
    for (int k = 0; k < NCAT; k++) {
        o->lower[k][0] = sum; /* the chance of ending under category k */
        o->upper[k][0] = o->upper[k][1] = o->lower[k][1] = o->p[k];
        sum += o->p[k];
        category += k * o->p[k];
    }
    o->category = category / NCAT;
    o->solo = solo_terms(c, r, o);
}

/* The bottom's outlook from the middle's (a high variant, the same cards in
 * both): only the shape, the royalties and the terms of one row differ. */
static void bottom_from_middle(const heuristic_ctx *c, const row_outlook *m, row_outlook *o)
{
    *o = *m;
    o->shape = m->shape_bottom;
    if (o->complete) {
        o->royalty = (float)OFC_ROYALTY(c->rules->row_info[2][o->value]);
    } else {
        float roy = 0.0f;
        for (int k = 0; k < NCAT; k++) roy += o->p[k] * c->row5[2][k];
        o->royalty = roy;
    }
    o->solo = solo_terms(c, 2, o);
}

#if defined(__SSE2__)
/* Two floats (8 bytes) into the low lanes, the high lanes zero. */
static inline __m128 load2(const float *f)
{
    return _mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(const void *)f));
}
#endif

/* The categories a top row (three cards) can end at: its chances of the
 * others are exact zeros, whose terms leave beats2's sums as they are. */
static OFC_ALWAYS_INLINE int top_category(int k)
{
    return k == C_HIGH || k == C_PAIR || k == C_TRIPS;
}

/* Chance that row a ends stronger than row b (b is the row below: a foul):
 * a above b's category, or in the same one and ahead there (by the rank of
 * its pair, or its high card), for two pairs of rows at once (a1 over b1,
 * a2 over b2).  Each chance adds its terms in category order, the SSE2 path
 * in lanes (under1, same1, under2, same2), so both paths give the same
 * floats; the terms of categories a cannot end at are exact zeros, which
 * leave a sum as it is. */
static OFC_ALWAYS_INLINE void beats2_of(const heuristic_ctx *c, const row_outlook *a1, const row_outlook *b1,
                                        const row_outlook *a2, const row_outlook *b2, float *out, int top,
                                        int complete)
{
#if defined(__SSE2__)
    __m128 acc = _mm_setzero_ps(), l0 = acc, r0 = acc;
    for (int k = 0; k < NCAT; k++) {
        if (top && !top_category(k)) continue;
        __m128 l = _mm_loadh_pi(load2(a1->upper[k]), (const __m64 *)a2->upper[k]);
        __m128 r = _mm_loadh_pi(load2(b1->lower[k]), (const __m64 *)b2->lower[k]);
        acc = _mm_add_ps(acc, _mm_mul_ps(l, r));
        if (k == C_HIGH) {
            l0 = l;
            r0 = r;
        }
    }
    /* q (pairs) and qh (high cards) of both: lanes (q1, qh1, q2, qh2) */
    __m128 ar = _mm_loadh_pi(load2(&a1->rank), (const __m64 *)&a2->rank);
    __m128 br = _mm_loadh_pi(load2(&b1->rank), (const __m64 *)&b2->rank);
    __m128 q = _mm_add_ps(_mm_set1_ps(0.5f), _mm_mul_ps(_mm_set1_ps(c->slope), _mm_sub_ps(ar, br)));
    q = _mm_min_ps(_mm_max_ps(q, _mm_set1_ps(0.02f)), _mm_set1_ps(0.98f));
    __m128 qq = _mm_shuffle_ps(q, q, _MM_SHUFFLE(2, 2, 0, 0)),
           qh = _mm_shuffle_ps(q, q, _MM_SHUFFLE(3, 3, 1, 1));
    __m128 under = _mm_shuffle_ps(acc, acc, _MM_SHUFFLE(2, 2, 0, 0));
    /* lanes 1 and 3: under + q * same + (qh - q) * a's high-card chance * b's */
    __m128 x = _mm_add_ps(_mm_add_ps(under, _mm_mul_ps(qq, acc)),
                          _mm_mul_ps(_mm_mul_ps(_mm_sub_ps(qh, qq), l0), r0));
    float lanes[4];
    _mm_storeu_ps(lanes, x);
    out[0] = lanes[1];
    out[1] = lanes[3];
#else
    const row_outlook *a[2] = {a1, a2}, *b[2] = {b1, b2};
    for (int j = 0; j < 2; j++) {
        float under = 0.0f, same = 0.0f;
        for (int k = 0; k < NCAT; k++) {
            if (top && !top_category(k)) continue;
            under += a[j]->p[k] * b[j]->lower[k][0];
            same += a[j]->p[k] * b[j]->p[k];
        }
        float q = 0.5f + c->slope * (a[j]->rank - b[j]->rank),
              qh = 0.5f + c->slope * (a[j]->high - b[j]->high);
        /* clamped to 0.02 .. 0.98 */
        q = q < 0.02f ? 0.02f : q;
        q = q > 0.98f ? 0.98f : q;
        qh = qh < 0.02f ? 0.02f : qh;
        qh = qh > 0.98f ? 0.98f : qh;
        out[j] = under + q * same + (qh - q) * a[j]->p[C_HIGH] * b[j]->p[C_HIGH];
    }
#endif
    /* two complete rows: by their values (one branch for both pairs; none
     * when no placement of the turn completes both rows) */
    if (complete && ((a1->complete & b1->complete) | (a2->complete & b2->complete))) {
        if (a1->complete & b1->complete) out[0] = a1->value > b1->value ? 1.0f : 0.0f;
        if (a2->complete & b2->complete) out[1] = a2->value > b2->value ? 1.0f : 0.0f;
    }
}

/* beats2 of any rows, and of two top rows over the rows below them (the
 * top's categories only); complete: 0 when no two of the rows can both be
 * complete. */
static OFC_ALWAYS_INLINE void beats2(const heuristic_ctx *c, const row_outlook *a1, const row_outlook *b1,
                                     const row_outlook *a2, const row_outlook *b2, float *out, int complete)
{
    beats2_of(c, a1, b1, a2, b2, out, 0, complete);
}

static OFC_ALWAYS_INLINE void beats2_top(const heuristic_ctx *c, const row_outlook *t1, const row_outlook *b1,
                                         const row_outlook *t2, const row_outlook *b2, float *out,
                                         int complete)
{
    beats2_of(c, t1, b1, t2, b2, out, 1, complete);
}

#if OFC_MAX_HELD != 5
#error "subset_size covers 5 held cards"
#endif
/* The cards in each subset of 5 held cards. */
static const uint8_t subset_size[32] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                        1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5};

/* The legal placements of the seat to act in the order of
 * ofc_game_legal_codes (the same placement table, each set of discards in
 * turn), each as the held cards (a bit each) it sends to the top, middle and
 * bottom; returns how many. */
static int heuristic_options(const ofc_game *g, uint8_t (*sub)[3])
{
    int n = g->nheld, m = to_place(g), k = 0;
    const uint8_t *f = g->filled[g->turn];
    int s = OFC_PLACE_STATE(m, OFC_ROW_SIZE(0) - f[0], OFC_ROW_SIZE(1) - f[1], OFC_ROW_SIZE(2) - f[2]);
    const uint32_t *first = ofc_place + ofc_place_start[s];
    int nplace = (int)(ofc_place_start[s + 1] - ofc_place_start[s]);
    unsigned kept_all = (1u << m) - 1;
    /* each placement's rows as the kept cards (bit q: the q-th) each gets:
     * the low and high bits of each card's row (bits 5q, 5q + 1) gathered as
     * bits q, the multiply moving bit 5q to bit 16 + q without carries.  With
     * nothing to discard they are the placements themselves. */
    uint8_t rows_kept[OFC_MAX_LEGAL][3], (*rows)[3] = n == m ? sub : rows_kept;
    for (int e = 0; e < nplace; e++) {
        uint32_t code = first[e];
        unsigned one = (unsigned)(((uint64_t)(code & 0x108421u) * 0x11111u) >> 16) & 31u;
        unsigned two = (unsigned)(((uint64_t)(code >> 1 & 0x108421u) * 0x11111u) >> 16) & 31u;
        rows[e][0] = (uint8_t)(kept_all & ~one & ~two);
        rows[e][1] = (uint8_t)(one & ~two);
        rows[e][2] = (uint8_t)(two & ~one);
    }
    if (n == m) return nplace;
    /* each set of discards in turn: the kept cards' bits as held cards' bits */
    unsigned all = (1u << n) - 1;
    for (unsigned drop = 0; drop <= all; drop++) {
        unsigned keep = all & ~drop;
        if (subset_size[keep] != m) continue;
        /* held[x]: the held cards (a bit each) of x, a set of the cards kept (bit q: the q-th) */
        uint8_t kept[OFC_MAX_HELD], held[1 << OFC_MAX_HELD];
        int q = 0;
        for (unsigned x = keep; x; x &= x - 1) kept[q++] = (uint8_t)(x & -x);
        held[0] = 0;
        for (unsigned x = 1; x < (1u << m); x++) held[x] = (uint8_t)(held[x & (x - 1)] | kept[lowest_bit(x)]);
        for (int e = 0; e < nplace; e++, k++) {
            sub[k][0] = held[rows_kept[e][0]];
            sub[k][1] = held[rows_kept[e][1]];
            sub[k][2] = held[rows_kept[e][2]];
        }
    }
    return k;
}

/* The code of a placement from its rows' held cards (heuristic_options). */
static unsigned option_code(const ofc_game *g, const uint8_t *sub)
{
    unsigned code = 0;
    for (int i = 0; i < g->nheld; i++) {
        unsigned row = sub[0] >> i & 1u ? 0u : sub[1] >> i & 1u ? 1u : sub[2] >> i & 1u ? 2u : 3u;
        code |= row << (2 * i);
    }
    return code;
}

/* A placement's value (low: c->low, order: the weight of rows out of order
 * is not zero; both as constants where the caller's loop is specialized). */
static OFC_ALWAYS_INLINE double value_fine(const heuristic_ctx *c, const row_outlook *t, const row_outlook *m,
                                           const row_outlook *b, double fine, int low, int order)
{
    const double *w = c->w;
    double v = fine * (w[W_ROYALTY] * (t->royalty + m->royalty + b->royalty) + w[W_FANTASYLAND] * t->fl)
               - w[W_FOUL] * (1.0 - fine);
    v += t->solo + m->solo + b->solo;
    /* rows out of order so far, whatever the empty slots bring (as greedy;
     * with no weight, terms of exact zeros) */
    if (!order) {
    } else if (!low) {
        if (t->level > m->level) v -= w[W_ORDER] * (t->level - m->level);
        if (m->level > b->level) v -= w[W_ORDER] * (m->level - b->level);
    } else if (t->level > b->level) {
        v -= w[W_ORDER] * (t->level - b->level);
    }
    return v;
}

/* value_fine of two placements (i, j) of a high variant: no foul when
 * neither row beats the one below; each pass of beats2 for two of them. */
static OFC_ALWAYS_INLINE void values_high(const heuristic_ctx *c, const row_outlook *(*at)[1 << OFC_MAX_HELD],
                                          const uint8_t *si, const uint8_t *sj, double *vi, double *vj,
                                          int order, int complete)
{
    const row_outlook *ti = at[0][si[0]], *mi = at[1][si[1]], *bi = at[2][si[2]];
    const row_outlook *tj = at[0][sj[0]], *mj = at[1][sj[1]], *bj = at[2][sj[2]];
    float over_middle[2], over_bottom[2];
    beats2_top(c, ti, mi, tj, mj, over_middle, complete);
    beats2(c, mi, bi, mj, bj, over_bottom, complete);
    *vi = value_fine(c, ti, mi, bi, (1.0 - over_middle[0]) * (1.0 - over_bottom[0]), 0, order);
    *vj = value_fine(c, tj, mj, bj, (1.0 - over_middle[1]) * (1.0 - over_bottom[1]), 0, order);
}

/* The value of each placement into value; returns the first best. (A
 * function of its own: the loop keeps its rows in registers.) */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int score_options(const heuristic_ctx *c, row_outlook (*rows)[1 << OFC_MAX_HELD], int nheld,
                         uint8_t (*sub)[3], int n, double *value, int complete)
{
    /* each row's outlooks by pointer: the loop then reads a row at fixed offsets */
    const row_outlook *at[3][1 << OFC_MAX_HELD];
    for (int r = 0; r < 3; r++)
        for (int x = 0; x < (1 << nheld); x++) at[r][x] = &rows[r][x];
    int top = 0, low = c->low, order = c->w[W_ORDER] != 0.0;
    if (low) {
        /* Low: no foul when the top does not beat the bottom and the middle is
         * live; two placements' beats at once */
        for (int i = 0; i < n; i += 2) {
            int j = i + 1 < n ? i + 1 : i;
            const row_outlook *ti = at[0][sub[i][0]], *mi = at[1][sub[i][1]], *bi = at[2][sub[i][2]];
            const row_outlook *tj = at[0][sub[j][0]], *mj = at[1][sub[j][1]], *bj = at[2][sub[j][2]];
            float beat[2];
            beats2_top(c, ti, bi, tj, bj, beat, complete);
            value[i] = value_fine(c, ti, mi, bi, (1.0 - beat[0]) * mi->live, 1, order);
            value[j] = value_fine(c, tj, mj, bj, (1.0 - beat[1]) * mj->live, 1, order);
        }
        for (int i = 1; i < n; i++)
            if (value[i] > value[top]) top = i;
    } else if (!order && !complete) { /* the default weights of a high variant: loops for them alone */
        for (int i = 0; i < n; i += 2) {
            int j = i + 1 < n ? i + 1 : i;
            values_high(c, at, sub[i], sub[j], &value[i], &value[j], 0, 0);
        }
    } else if (!order) {
        for (int i = 0; i < n; i += 2) {
            int j = i + 1 < n ? i + 1 : i;
            values_high(c, at, sub[i], sub[j], &value[i], &value[j], 0, 1);
        }
    } else {
        for (int i = 0; i < n; i += 2) {
            int j = i + 1 < n ? i + 1 : i;
            values_high(c, at, sub[i], sub[j], &value[i], &value[j], 1, 1);
        }
    }
    if (!low)
        for (int i = 1; i < n; i++)
            if (value[i] > value[top]) top = i;
    return top;
}

/* The k best placements of the seat to act (codes into best, best first, the
 * first in code order among equal values) and their values (values: NULL, or
 * k of them); returns how many. */
static int heuristic_best(const ofc_game *g, const ofc_rules *rules, const double *w, int k, uint16_t *best,
                          double *values)
{
    if (g->turn < 0 || g->fl_cards[g->turn] || g->nheld > OFC_MAX_HELD) return 0;
    heuristic_ctx c;
    heuristic_init(&c, g, rules, w);
    int p = g->turn, n = g->nheld;
    const uint8_t *board = g->board[p];
    /* each row with each subset of the held cards (in held order) that fits */
    row_outlook rows[3][1 << OFC_MAX_HELD];
    int m = to_place(g);
    /* empty middle and bottom (a first turn) in a high variant: the same
     * outlooks but for the terms of one row */
    int shared = !c.low && !g->filled[p][1] && !g->filled[p][2];
    int jokers = g->jr.jokers != 0;
    /* the row's cards counted with each subset: from the subset without its
     * lowest card; an empty row's counts kept for the next empty row (valid:
     * counted[s] holds them for the subsets of up to that many cards) */
    row_cards counted[1 << OFC_MAX_HELD];
    int valid = -1;
    for (int r = 0; r < 3; r++) {
        int f = g->filled[p][r], room = OFC_ROW_SIZE(r) - f, reuse = f == 0 ? valid : -1;
        if (reuse < 0) {
            counted[0] = no_cards;
            /* with jokers in the deck the stand-ins are counted instead (below):
             * a joker's code is no rank to count */
            if (!jokers)
                for (int i = 0; i < f; i++) row_cards_add(&counted[0], board[OFC_ROW_START(r) + i]);
        }
        int upto = room < m ? room : m;
        valid = f == 0 ? (reuse > upto ? reuse : upto) : -1;
        for (unsigned s = 0; s < (1u << n); s++) {
            int k = subset_size[s];
            if (k > room || k > m) continue;
            if (r == 2 && shared) {
                bottom_from_middle(&c, &rows[1][s], &rows[2][s]);
                continue;
            }
            if (s && k > reuse && !jokers) {
                counted[s] = counted[s & (s - 1)];
                row_cards_add(&counted[s], g->held[lowest_bit(s)]);
            }
            const row_cards *x = &counted[s];
            row_cards wild;
            /* the cards themselves: for a complete row's value, or jokers' stand-ins */
            uint8_t cards[OFC_ROW5_SIZE + OFC_MAX_HELD]; /* room for the stores of cards not taken */
            k += f;
            if (k == OFC_ROW_SIZE(r) || OFC_UNLIKELY(jokers)) {
                /* a fixed size (no call), then the subset's cards with no branch on its bits */
                memcpy(cards, board + OFC_ROW_START(r), OFC_ROW5_SIZE);
                for (int i = 0, j = f; i < n; i++) {
                    cards[j] = g->held[i];
                    j += s >> i & 1u;
                }
                if (OFC_UNLIKELY(jokers)) { /* the stand-ins counted instead */
                    wild_row(cards, k, OFC_ROW_SIZE(r));
                    wild = no_cards;
                    for (int i = 0; i < k; i++) row_cards_add(&wild, cards[i]);
                    x = &wild;
                }
            }
            row_outlook_full(&c, r, cards, k, x, &rows[r][s]);
        }
    }
    uint8_t sub[OFC_MAX_LEGAL][3]; /* each placement's rows (heuristic_options) */
    int ncodes = heuristic_options(g, sub);
    if (ncodes == 0) return 0;
    double value[OFC_MAX_LEGAL];
    /* can a placement complete two rows that are compared (the top and the
     * middle, the middle and the bottom; the top and the bottom in Low)? */
    const uint8_t *f = g->filled[p];
    int room0 = OFC_ROW_SIZE(0) - f[0], room1 = OFC_ROW_SIZE(1) - f[1], room2 = OFC_ROW_SIZE(2) - f[2];
    int complete = room0 + room1 <= m || room1 + room2 <= m || room0 + room2 <= m;
    int top = score_options(&c, rows, n, sub, ncodes, value, complete);
    best[0] = (uint16_t)option_code(g, sub[top]);
    if (values) values[0] = value[top];
    /* the next best, one by one (a shortlist of a few) */
    int nbest = 1;
    for (; nbest < k && nbest < ncodes; nbest++) {
        value[top] = -HUGE_VAL;
        top = 0;
        for (int i = 1; i < ncodes; i++)
            if (value[i] > value[top]) top = i;
        best[nbest] = (uint16_t)option_code(g, sub[top]);
        if (values) values[nbest] = value[top];
    }
    return nbest;
}

static unsigned heuristic_code(const ofc_game *g, const ofc_rules *rules, const double *w)
{
    uint16_t best = 0;
    heuristic_best(g, rules, w, 1, &best, NULL);
    return best;
}

unsigned ofc_pol_heuristic_default_code(const ofc_game *g, const ofc_rules *rules)
{
    return heuristic_code(g, rules, ofc_pol_heuristic_weights);
}

int ofc_pol_heuristic_ranked(const ofc_game *g, const ofc_rules *rules, const double *w, int k,
                             uint16_t *best, double *values)
{
    return heuristic_best(g, rules, w, k, best, values);
}

int ofc_policy_heuristic_shortlist(const ofc_game *g, const ofc_rules *rules, int k, uint16_t *best)
{
    return heuristic_best(g, rules, ofc_pol_heuristic_weights, k, best, NULL);
}

/* The policy's turn (its registry entry, ofc_policies.c). */
int ofc_pol_heuristic(ofc_game *g, const ofc_rules *rules, const double *params, ofc_rng *rng)
{
    if (g->fl_cards[g->turn]) {
        uint8_t board[OFC_BOARD_SIZE];
        ofc_pol_solver_set(g, rules, rng, board);
        return ofc_game_set(g, board);
    }
    uint16_t best = 0;
    /* a placement from the legal ones needs no check (with none, 0 is checked as before) */
    if (heuristic_best(g, rules, params, 1, &best, NULL) == 1) {
        ofc_game_apply_legal(g, best);
        return OFC_GAME_OK;
    }
    return ofc_game_apply(g, best);
}
