/* Fantasyland solver: the best setting of 13 to 17 cards, exact, by
 * branch-and-bound over the bottoms.
 *
 * The cards are sorted by code, so a subset of them is a bit mask over
 * positions 0..n-1 and its colex rank (sum of C(p_i, i+1)) indexes the
 * per-subset tables; colex order is the order of the masks as integers,
 * which is the order of the card sets used to break ties (ofc_solve.h).
 *
 * 1. Every 5-card subset gets its row values and royalties as a bottom and
 *    as a middle, every 3-card subset its top value and royalty.
 * 2. Prefix maxima by row value: the best top royalty with a value <= s
 *    (a top must not beat the row it is capped by), the best middle royalty
 *    with a value <= s, and whether any such row stays.
 * 3. Each bottom gets an upper bound on any setting over it: its royalty +
 *    the best middle royalty no stronger than it (Low: any live middle) +
 *    the best top no stronger than it + stay_value when some row could
 *    stay.  The bottom of greatest bound is solved first; the bottoms that
 *    can still beat it are sorted by bound (then in tie-break order) and
 *    taken until the bound falls below the best value found.  Each is
 *    bounded again with the tops that avoid its cards (the rich tops, those
 *    with a royalty, sorted by it) before its middles are tried.
 * 4. Over a bottom, every middle from the free cards: an integer filter,
 *    then the bound with the top capped by the middle (Low: by the bottom);
 *    a middle that can still win takes the best top among the cards left,
 *    exactly.
 * Bounds only ever ignore constraints (which cards the other rows use, the
 * exact cap within a bucket of values), so they are true upper bounds for
 * any royalty table; equality with the best value found is not pruned
 * unless the tie-break already loses, so ties are decided exactly.
 *
 * With jokers (solve_jokers) the same search runs on bounds that read a
 * joker as a wildcard (wild_values), and each setting with a joker on the
 * board is scored as the board layer resolves it (joker_leaf); those leaves
 * cost the most, so over each middle they are tried in order of their
 * bounds, strongest first, and skipped once the best one beats their bound.
 * The search is one body (search, explore_body) for both, compiled once
 * without jokers (every joker branch folded away) and once with.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ofc_solve.h"

#define FL_MAX_CARDS      OFC_FL_MAX_CARDS
#define FL_FIVES          6188 /* C(17, 5) */
#define FL_THREES         680  /* C(17, 3) */
/* The prefix maxima are kept per bucket of 16 row values: a bucket's entry
 * covers every value in it, a little above the cap too, which only loosens
 * the bound (the leaf checks the cap exactly) and cuts the per-hand set-up
 * from 7918 entries to 495. */
#define FL_SHIFT          4
#define FL_VALUES         ((OFC_ROYAL_OVER_FIVE >> FL_SHIFT) + 1) /* jokers: row values in the rules' order */
#define FL_NATURAL_VALUES ((OFC_STRENGTH_MAX >> FL_SHIFT) + 1)    /* the buckets used without jokers */
#define FL_NONE           (-0x40000000)                           /* no row at or under this value */

/* C(p, j) for positions p = 0..16: colex ranks of subsets */
static const uint16_t fl_binom[17][6] = {
    {1, 0, 0, 0, 0, 0},
    {1, 1, 0, 0, 0, 0},
    {1, 2, 1, 0, 0, 0},
    {1, 3, 3, 1, 0, 0},
    {1, 4, 6, 4, 1, 0},
    {1, 5, 10, 10, 5, 1},
    {1, 6, 15, 20, 15, 6},
    {1, 7, 21, 35, 35, 21},
    {1, 8, 28, 56, 70, 56},
    {1, 9, 36, 84, 126, 126},
    {1, 10, 45, 120, 210, 252},
    {1, 11, 55, 165, 330, 462},
    {1, 12, 66, 220, 495, 792},
    {1, 13, 78, 286, 715, 1287},
    {1, 14, 91, 364, 1001, 2002},
    {1, 15, 105, 455, 1365, 3003},
    {1, 16, 120, 560, 1820, 4368},
};

typedef struct {
    uint32_t mask;  /* positions of the cards */
    uint16_t hv;    /* high-hand strength: the value as a bottom (and a high middle);
                     * with jokers the greatest they can make, in the rules' order */
    uint16_t mv;    /* value as a middle: strength, or the lowball rank in Low */
    int32_t rb, rm; /* royalty as a bottom, as a middle (with jokers: the greatest) */
    uint8_t sb, sm; /* stays as a bottom, as a middle */
    uint8_t live;   /* may be a middle at all (Low: a live low) */
    uint8_t ms;     /* as a middle: it or a top under it may stay (high variants) */
    int32_t mb;     /* as a middle: bound on its royalty + the top's (high variants;
                        * Low: its royalty, the top being capped by the bottom) */
} fl_five;

typedef struct {
    uint32_t mask;
    uint16_t tv; /* value; with jokers the greatest they can make */
    uint8_t st;
    int32_t rt;
} fl_three;

/* One value a row holding jokers can have (in the rules' order), with its
 * royalty and stay as a top ([0]), or as a middle ([0]) and a bottom ([1]). */
typedef struct {
    uint16_t key;
    int16_t roy[2];
    uint8_t stay[2];
} fl_value;

/* Room for the values of every subset holding a joker (17 cards, two
 * jokers): C(15, 3) fives with both, 2 C(15, 4) with one (183 and 27
 * values at most: 91 rank pairs or 13 ranks, suited or not, and five of a
 * kind), and the tops (91 and 13 values); wild_values lists fewer. */
#define FL_VALS (455 * 183 + 2730 * 27 + 15 * 91 + 210 * 13)

/* What a hand with jokers adds to the workspace (allocated for them only). */
typedef struct {
    fl_value vals[FL_VALS];
    int nvals;
    /* the values of 5-card subset i holding a joker: count5[i] of them from
     * vals + first5[i]; the tops' the same way */
    int32_t first5[FL_FIVES], first3[FL_THREES];
    uint8_t count5[FL_FIVES], count3[FL_THREES];
    uint16_t lo5[FL_FIVES], lo3[FL_THREES]; /* the least value of each subset */
} fl_joker_space;

typedef struct fl_work {
    fl_five five[FL_FIVES];
    fl_three three[FL_THREES];
    int32_t top_best[FL_VALUES]; /* best top royalty with value <= s, FL_NONE if no top */
    uint8_t top_stay[FL_VALUES]; /* some top with value <= s stays */
    int32_t mid_best[FL_VALUES]; /* high variants: best middle royalty with value <= s */
    uint8_t mid_stay[FL_VALUES];
    uint64_t order[2][FL_FIVES]; /* bottoms by bound: [stays possible][..] */
    uint64_t tmp[FL_FIVES];
    int32_t ub[FL_FIVES]; /* bound of each bottom (royalties; stays apart) */
    uint8_t cs[FL_FIVES]; /* that bottom could stay */
    uint32_t count[256];
    /* tops for the bound of a bottom that avoids its cards: the ones with a
     * positive royalty by royalty, descending; the ones that stay */
    uint16_t rich[FL_THREES], stays3[FL_THREES];
    uint64_t keys3[FL_THREES], tmp3[FL_THREES];
    int nrich, nstays3;
    int32_t poor_max; /* best royalty of the other tops, FL_NONE if none */
    /* a hand with jokers (solve_jokers): its sorted cards, the jokers'
     * positions among them, what the leaves resolve with */
    uint8_t cards[FL_MAX_CARDS];
    uint32_t jm;
    uint64_t seen;
    const ofc_rules *rules;
    const ofc_joker_rules *jr;
    fl_joker_space *js;
} fl_work;

/* The best setting found so far, in the order of ofc_solve.h. */
typedef struct {
    int found;
    double value;
    int bi, mi, ti; /* colex ranks: equal rank order = card-set order */
    uint16_t bv, mv, tv;
    int32_t roy[3];
    int stays;
    uint8_t jokers[2]; /* what each joker became */
} fl_best;

/* Sort n 64-bit keys below 2**bits ascending, on bits `from` and up (the
 * keys are in order on the bits below already): insertion sort for a few,
 * else a stable LSD radix sort by bytes. */
static void sort_keys(uint64_t *a, uint64_t *tmp, uint32_t *count, int n, int from, int bits)
{
    if (n <= 32) {
        for (int i = 1; i < n; i++) {
            uint64_t key = a[i];
            int j = i;
            for (; j > 0 && a[j - 1] > key; j--) a[j] = a[j - 1];
            a[j] = key;
        }
        return;
    }
    for (int shift = from; shift < bits; shift += 8) {
        memset(count, 0, 256 * sizeof *count);
        for (int i = 0; i < n; i++) count[(a[i] >> shift) & 255]++;
        uint32_t sum = 0;
        for (int d = 0; d < 256; d++) {
            uint32_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (int i = 0; i < n; i++) tmp[count[(a[i] >> shift) & 255]++] = a[i];
        memcpy(a, tmp, (size_t)n * sizeof *a);
    }
}

/* ---- Jokers as wildcards, for the bounds --------------------------------
 * A row holding jokers gets its bounds from every value the jokers could
 * give it if each were any card not among the row's naturals (five of a kind
 * too where the rules have it): a superset of what any joker_pool and either
 * resolution can make of it, so the bounds stay true.  A value depends only
 * on the jokers' ranks and on whether all five cards then share a suit; the
 * hash slot of a rank multiset holds both (offsuit and flush), so each class
 * of ranks costs one lookup.
 *
 * The values are grouped by what they pay (royalty and stay in each row the
 * subset may be set in); of a group only the least value can matter to "the
 * best row at most this strong" and only the greatest to "the best rows
 * under this one" (both bounds grow with the value), so only those two are
 * listed. */
typedef struct {
    uint16_t lo, hi; /* least and greatest value, in the rules' order */
    int32_t roy[2];  /* greatest royalty: as a top, or as a middle and a bottom */
    uint8_t stay[2];
} fl_wild;

#define FL_GROUPS 184 /* room for every value of a row in a group of its own (a handful in practice) */

typedef struct {
    uint64_t pay; /* the royalties and stays, packed */
    uint16_t lo, hi;
} fl_group;

typedef struct {
    fl_group g[FL_GROUPS];
    int ng;
    int8_t recent[16]; /* a group of each pay's hash (wild_add), -1 for none yet */
} fl_groups;

/* What a value pays: the royalty and stay bits (0-16) of its info words as
 * a middle (or a top) and as a bottom, side by side. */
static inline uint64_t wild_pay(uint32_t first, uint32_t bottom)
{
    return (uint64_t)(first & 0x1FFFFu) | (uint64_t)(bottom & 0x1FFFFu) << 17;
}

/* Add a value of order key k paying `pay` (wild_pay). */
static inline void wild_add(fl_groups *gs, unsigned k, uint64_t pay)
{
    unsigned h = (unsigned)((pay * 0x9E3779B97F4A7C15ull) >> 60);
    int g = gs->recent[h];
    if (g < 0 || gs->g[g].pay != pay) {
        for (g = 0; g < gs->ng && gs->g[g].pay != pay; g++) {
        }
        if (g == gs->ng) {
            gs->ng++;
            gs->g[g].pay = pay;
            gs->g[g].lo = gs->g[g].hi = (uint16_t)k;
        }
        gs->recent[h] = (int8_t)g;
    }
    fl_group *e = &gs->g[g];
    e->lo = (uint16_t)(k < e->lo ? k : e->lo);
    e->hi = (uint16_t)(k > e->hi ? k : e->hi);
}

/* The wildcard values of a row of `size` cards whose naturals are h[0..k-1]
 * (the rest jokers): listed from js->vals + js->nvals (*count of them),
 * their bounds returned. */
static fl_wild wild_values(fl_joker_space *js, const uint8_t *h, int k, int size, const ofc_rules *r,
                           const ofc_joker_rules *jr, int n, int *count)
{
    fl_groups gs;
    gs.ng = 0;
    memset(gs.recent, -1, sizeof gs.recent);
    const int nj = size - k;
    unsigned free_suits[OFC_RANKS]; /* of each rank, the suits not among the naturals */
    for (int i = 0; i < OFC_RANKS; i++) free_suits[i] = 15u;
    uint32_t ranks = 0; /* the naturals' ranks, base 5 (the rank part of ofc_key5) */
    int fs = -2;        /* the naturals' one suit, -1 when none */
    for (int i = 0; i < k; i++) {
        free_suits[h[i] >> 2] &= ~(1u << (h[i] & 3));
        ranks += (uint32_t)ofc_card_key[h[i]];
        fs = fs == -2 || fs == (h[i] & 3) ? h[i] & 3 : -1;
    }
    if (size == 3 || fs < 0) fs = -1;
    const unsigned off = fs >= 0 ? 15u & ~(1u << fs) : 15u; /* suits that leave no flush */
    const int below = jr->five_kind == OFC_FIVE_BELOW_ROYAL;
    const uint32_t *top_info = r->row_info[0], *mid_info = r->row_info[1], *bot_info = r->row_info[2];
    for (unsigned r1 = 0; r1 < OFC_RANKS; r1++) {
        const unsigned f1 = free_suits[r1];
        if (!f1) continue;
        for (unsigned r2 = nj == 2 ? r1 : 0; r2 < (nj == 2 ? OFC_RANKS : 1u); r2++) {
            /* which classes the jokers' cards can reach: offsuit (no flush), suited (a flush) */
            unsigned offsuit, suited;
            if (nj == 1) {
                offsuit = (f1 & off) != 0;
                suited = fs >= 0 && (f1 >> fs & 1u);
            } else if (r2 == r1) {
                offsuit = (f1 & (f1 - 1u)) != 0; /* two suits of the rank, never both the flush's */
                suited = 0;
            } else {
                const unsigned f2 = free_suits[r2];
                if (!f2) continue;
                offsuit = ((f1 | f2) & off) != 0;
                suited = fs >= 0 && ((f1 & f2) >> fs & 1u);
            }
            if (size == 3) {
                unsigned v = k == 2 ? ofc_strength3_unchecked(h[0], h[1], r1 * 4)
                                    : ofc_strength3_unchecked(h[0], r1 * 4, r2 * 4);
                uint32_t it = top_info[v];
                if (offsuit)
                    wild_add(
                        &gs, v,
                        wild_pay((it & 0xFFFFu) | (OFC_STAY(it) | ofc_tier_stays(r, it, (unsigned)n)) << 16,
                                 0));
                continue;
            }
            uint32_t key =
                ranks + (uint32_t)ofc_card_key[r1 * 4] + (nj == 2 ? (uint32_t)ofc_card_key[r2 * 4] : 0u);
            uint32_t both = ofc_hand5[ofc_slot5(key)]; /* offsuit value in bits 0-15, flush in 16-31 */
            if (offsuit) {
                unsigned v = both & 0xFFFFu;
                wild_add(&gs, v, wild_pay(mid_info[v], bot_info[v]));
            }
            if (suited) {
                unsigned v = both >> 16;
                wild_add(&gs, ofc_order_key((uint16_t)v, below), wild_pay(mid_info[v], bot_info[v]));
            }
        }
    }
    if (size == 5 && jr->pool == OFC_POOL_DUPLICATES && jr->five_kind != OFC_FIVE_NONE) {
        int one_rank = 1;
        for (int i = 1; i < k; i++) one_rank &= (h[i] >> 2) == (h[0] >> 2);
        unsigned v = OFC_FIVE_KIND(h[0] >> 2);
        if (one_rank)
            wild_add(&gs, v, wild_pay(ofc_joker_row_info(r, jr, 1, v), ofc_joker_row_info(r, jr, 2, v)));
    }
    fl_wild x;
    x.lo = 0xFFFF;
    x.hi = 0;
    x.roy[0] = x.roy[1] = FL_NONE;
    x.stay[0] = x.stay[1] = 0;
    fl_value *e = js->vals + js->nvals;
    int m = 0;
    for (int g = 0; g < gs.ng; g++) {
        const fl_group *grp = &gs.g[g];
        fl_value v;
        uint32_t first = (uint32_t)(grp->pay & 0x1FFFFu), bottom = (uint32_t)(grp->pay >> 17);
        v.roy[0] = (int16_t)OFC_ROYALTY(first);
        v.roy[1] = (int16_t)OFC_ROYALTY(bottom);
        v.stay[0] = (uint8_t)OFC_STAY(first);
        v.stay[1] = (uint8_t)OFC_STAY(bottom);
        for (int i = 0; i < 2; i++) {
            x.roy[i] = v.roy[i] > x.roy[i] ? v.roy[i] : x.roy[i];
            x.stay[i] |= v.stay[i];
        }
        x.lo = grp->lo < x.lo ? grp->lo : x.lo;
        x.hi = grp->hi > x.hi ? grp->hi : x.hi;
        v.key = grp->lo;
        e[m++] = v;
        if (grp->hi != grp->lo) {
            v.key = grp->hi;
            e[m++] = v;
        }
    }
    js->nvals += m;
    *count = m;
    return x;
}

/* Subset i of `size` cards at positions p[] of the sorted cards c, holding
 * jokers (the positions from nat on): its wildcard values and bounds. */
static void wild_subset(fl_work *w, int size, int i, const int *p, const uint8_t *c, int nat,
                        const ofc_rules *r, const ofc_joker_rules *jr, int n)
{
    fl_joker_space *js = w->js;
    uint8_t h[5];
    uint32_t mask = 0;
    int k = 0;
    for (int j = 0; j < size; j++) {
        mask |= 1u << p[j];
        if (p[j] < nat) h[k++] = c[p[j]];
    }
    int first = js->nvals, count;
    fl_wild x = wild_values(js, h, k, size, r, jr, n, &count);
    if (size == 3) {
        fl_three *t = &w->three[i];
        js->first3[i] = first;
        js->count3[i] = (uint8_t)count;
        js->lo3[i] = x.lo;
        t->mask = mask;
        t->tv = x.hi;
        t->rt = x.roy[0];
        t->st = x.stay[0];
    } else {
        fl_five *f = &w->five[i];
        js->first5[i] = first;
        js->count5[i] = (uint8_t)count;
        js->lo5[i] = x.lo;
        f->mask = mask;
        f->hv = f->mv = x.hi;
        f->rm = x.roy[0];
        f->rb = x.roy[1];
        f->sm = x.stay[0];
        f->sb = x.stay[1];
        f->live = 1;
    }
}

/* Tables of every 5- and 3-card subset of the first nat of the sorted cards c
 * (inlined: the joker-free solver is as fast as before jokers only so). */
static OFC_ALWAYS_INLINE void fill_subsets(fl_work *w, const uint8_t *c, int n, int nat, const ofc_rules *r)
{
    const int low = r->middle_live != 0;
    for (int e = 4; e < nat; e++)
        for (int d = 3; d < e; d++)
            for (int cc = 2; cc < d; cc++)
                for (int b = 1; b < cc; b++)
                    for (int a = 0; a < b; a++) {
                        int i = fl_binom[a][1] + fl_binom[b][2] + fl_binom[cc][3] + fl_binom[d][4]
                                + fl_binom[e][5];
                        uint64_t key = ofc_key5(c[a], c[b], c[cc], c[d], c[e]);
                        uint32_t slot = ofc_slot5(key);
                        unsigned shift = ofc_flush_shift(key);
                        fl_five *f = &w->five[i];
                        f->mask = (1u << a) | (1u << b) | (1u << cc) | (1u << d) | (1u << e);
                        f->hv = (uint16_t)(ofc_hand5[slot] >> shift);
                        f->mv = low ? (uint16_t)(ofc_low5[slot] >> shift) : f->hv;
                        uint32_t ib = r->row_info[2][f->hv], im = r->row_info[1][f->mv];
                        f->rb = OFC_ROYALTY(ib);
                        f->sb = (uint8_t)OFC_STAY(ib);
                        f->rm = OFC_ROYALTY(im);
                        f->sm = (uint8_t)OFC_STAY(im);
                        f->live = low ? r->middle_live[f->mv] : 1;
                    }
    for (int cc = 2; cc < nat; cc++)
        for (int b = 1; b < cc; b++)
            for (int a = 0; a < b; a++) {
                fl_three *t = &w->three[fl_binom[a][1] + fl_binom[b][2] + fl_binom[cc][3]];
                t->mask = (1u << a) | (1u << b) | (1u << cc);
                t->tv = ofc_strength3_unchecked(c[a], c[b], c[cc]);
                uint32_t it = r->row_info[0][t->tv];
                t->rt = OFC_ROYALTY(it);
                t->st = (uint8_t)(OFC_STAY(it) | ofc_tier_stays(r, it, (unsigned)n)); /* in with n cards */
            }
}

/* Subset i of `size` cards (mask) holding joker 53 where its twin (subset
 * `twin`, the same naturals) holds joker 52: the same wildcard values. */
static void wild_twin(fl_work *w, int size, int i, int twin, uint32_t mask)
{
    fl_joker_space *js = w->js;
    if (size == 3) {
        w->three[i] = w->three[twin];
        w->three[i].mask = mask;
        js->first3[i] = js->first3[twin];
        js->count3[i] = js->count3[twin];
        js->lo3[i] = js->lo3[twin];
    } else {
        w->five[i] = w->five[twin];
        w->five[i].mask = mask;
        js->first5[i] = js->first5[twin];
        js->count5[i] = js->count5[twin];
        js->lo5[i] = js->lo5[twin];
    }
}

/* With jokers at positions nat..n-1 (a high variant): the natural subsets'
 * values in the rules' order (a royal flush above five of a kind), then the
 * subsets holding a joker (their last positions). */
static void fill_joker_subsets(fl_work *w, const uint8_t *c, int n, int nat, const ofc_rules *r,
                               const ofc_joker_rules *jr)
{
    fl_joker_space *js = w->js;
    js->nvals = 0;
    for (int i = 0, n5 = fl_binom[nat - 1][5] + fl_binom[nat - 1][4]; i < n5; i++) {
        fl_five *f = &w->five[i];
        if (jr->five_kind == OFC_FIVE_BELOW_ROYAL && f->hv == OFC_STRENGTH_MAX)
            f->hv = f->mv = OFC_ROYAL_OVER_FIVE;
        js->lo5[i] = f->hv;
    }
    for (int i = 0, n3 = fl_binom[nat - 1][3] + fl_binom[nat - 1][2]; i < n3; i++)
        js->lo3[i] = w->three[i].tv;
    for (int e = nat > 4 ? nat : 4; e < n; e++)
        for (int d = 3; d < e; d++)
            for (int cc = 2; cc < d; cc++)
                for (int b = 1; b < cc; b++)
                    for (int a = 0; a < b; a++) {
                        const int p[5] = {a, b, cc, d, e};
                        int i = fl_binom[a][1] + fl_binom[b][2] + fl_binom[cc][3] + fl_binom[d][4]
                                + fl_binom[e][5];
                        if (e > nat && d < nat)
                            wild_twin(w, 5, i, i - fl_binom[e][5] + fl_binom[nat][5],
                                      (1u << a) | (1u << b) | (1u << cc) | (1u << d) | (1u << e));
                        else
                            wild_subset(w, 5, i, p, c, nat, r, jr, n);
                    }
    for (int cc = nat > 2 ? nat : 2; cc < n; cc++)
        for (int b = 1; b < cc; b++)
            for (int a = 0; a < b; a++) {
                const int p[3] = {a, b, cc};
                int i = fl_binom[a][1] + fl_binom[b][2] + fl_binom[cc][3];
                if (cc > nat && b < nat)
                    wild_twin(w, 3, i, i - fl_binom[cc][3] + fl_binom[nat][3],
                              (1u << a) | (1u << b) | (1u << cc));
                else
                    wild_subset(w, 3, i, p, c, nat, r, jr, n);
            }
}

/* Running maxima over the value buckets. */
static void prefix_max(int32_t *best, uint8_t *stay, int nb)
{
    int32_t b = FL_NONE;
    uint8_t s = 0;
    for (int v = 0; v < nb; v++) {
        b = best[v] > b ? best[v] : b;
        s |= stay[v];
        best[v] = b;
        stay[v] = s;
    }
}

/* Nonzero when a setting over (bottom bi, middle mi) whose value is at
 * least `value` could come before the best one in the tie-break order. */
static inline int could_win(const fl_best *best, double value, uint16_t bv, int bi, int mi, uint16_t mv)
{
    if (!best->found || value > best->value) return 1;
    if (value < best->value) return 0;
    if (bv != best->bv) return bv > best->bv;
    if (bi != best->bi) return bi > best->bi;
    if (mi < 0) return 1;
    if (mv != best->mv) return mv > best->mv;
    return mi >= best->mi;
}

/* 1 when a setting of value v and row values (order keys) kb, km, kt over
 * subsets bi, mi, ti comes before the best one (ofc_solve.h); with bounds
 * for v, kb, km, kt: 0 when no such setting can. */
static inline int leaf_wins(const fl_best *best, double v, uint16_t kb, int bi, uint16_t km, int mi,
                            uint16_t kt, int ti)
{
    if (!best->found) return 1;
    if (v < best->value) return 0; /* the common case first */
    if (v > best->value) return 1;
    if (kb != best->bv) return kb > best->bv;
    if (bi != best->bi) return bi > best->bi;
    if (km != best->mv) return km > best->mv;
    if (mi != best->mi) return mi > best->mi;
    if (kt != best->tv) return kt > best->tv;
    return ti > best->ti;
}

/* Record a setting as the best one (its jokers' cards apart). */
static inline void set_best(fl_best *best, double v, int bi, int mi, int ti, uint16_t kb, uint16_t km,
                            uint16_t kt, int32_t rt, int32_t rm, int32_t rb, int stays)
{
    best->found = 1;
    best->value = v;
    best->bi = bi;
    best->mi = mi;
    best->ti = ti;
    best->bv = kb;
    best->mv = km;
    best->tv = kt;
    best->roy[0] = rt;
    best->roy[1] = rm;
    best->roy[2] = rb;
    best->stays = stays;
}

/* The least integer royalty bound that can still reach value t: a fast,
 * conservative filter (floor), clamped so that huge values stay in range. */
static inline int32_t int_threshold(double t)
{
    if (t < -1e9) return -0x7FFFFFFF;
    if (t > 1e9) return 0x7FFFFFFF;
    return (int32_t)floor(t);
}

/* The positions set in mask, ascending; returns how many. */
static inline int positions(uint32_t mask, int *p)
{
    int k = 0;
    for (int i = 0; mask; i++, mask >>= 1)
        if (mask & 1u) p[k++] = i;
    return k;
}

/* An upper bound on the royalty of a top that avoids the cards of mask and
 * is at most cap (FL_NONE: no top can), and in *stay whether such a top can
 * stay: the first rich top that fits, else the best of the others.  J: the
 * hand holds jokers (a top fits when its least value does). */
static OFC_ALWAYS_INLINE int32_t top_bound(const fl_work *w, uint32_t mask, unsigned cap, unsigned *stay,
                                           const int J)
{
    int32_t tb = w->poor_max;
    for (int i = 0; i < w->nrich; i++) {
        const fl_three *t = &w->three[w->rich[i]];
        if (!(t->mask & mask) && (J ? w->js->lo3[w->rich[i]] : t->tv) <= cap) {
            tb = t->rt; /* > 0 >= poor_max */
            break;
        }
    }
    *stay = 0;
    for (int i = 0; i < w->nstays3; i++) {
        const fl_three *t = &w->three[w->stays3[i]];
        if (!(t->mask & mask) && (J ? w->js->lo3[w->stays3[i]] : t->tv) <= cap) {
            *stay = 1;
            break;
        }
    }
    return tb;
}

/* The cards of a subset mask, descending, into out. */
static int row_cards(uint32_t mask, const uint8_t *c, int n, uint8_t *out)
{
    int k = 0;
    for (int p = n - 1; p >= 0; p--)
        if (mask >> p & 1u) out[k++] = c[p];
    return k;
}

/* The greatest royalty and (in *stay) stay of a row holding jokers among
 * its values at most cap ([0]: as a top or a middle; FL_NONE: none). */
static inline int32_t wild_under(const fl_value *e, int count, unsigned cap, unsigned *stay)
{
    int32_t roy = FL_NONE;
    unsigned st = 0;
    for (int j = 0; j < count; j++)
        if (e[j].key <= cap) {
            roy = e[j].roy[0] > roy ? e[j].roy[0] : roy;
            st |= e[j].stay[0];
        }
    *stay = st;
    return roy;
}

/* The best royalty of a row holding jokers ([row]: 0 as a top or a middle, 1
 * as a bottom) over its values, each with the best rows under it (the bucket
 * maxima u1 and, if not NULL, u2; FL_NONE: none fits), and in *stay whether
 * one of them can stay. */
static int32_t wild_over(const fl_value *e, int count, int row, const int32_t *u1, const uint8_t *s1,
                         const int32_t *u2, const uint8_t *s2, unsigned *stay)
{
    int32_t best = FL_NONE;
    unsigned st = 0;
    for (int j = 0; j < count; j++) {
        unsigned x = e[j].key >> FL_SHIFT;
        if (u1[x] == FL_NONE || (u2 && u2[x] == FL_NONE)) continue;
        int32_t b = e[j].roy[row] + u1[x] + (u2 ? u2[x] : 0);
        best = b > best ? b : best;
        st |= e[j].stay[row] | s1[x] | (s2 ? s2[x] : 0u);
    }
    *stay = st;
    return best;
}

/* The leaf of a setting with a joker on the board: resolved by the board
 * layer (in Fantasyland with n cards), scored as resolved. */
static void joker_leaf(const fl_work *w, int n, int bi, int mi, int ti, uint32_t tmask, double S,
                       fl_best *best)
{
    uint8_t board[OFC_BOARD_SIZE], card[2], natural[3];
    row_cards(tmask, w->cards, n, board + OFC_ROW_START(0));
    row_cards(w->five[mi].mask, w->cards, n, board + OFC_ROW_START(1));
    row_cards(w->five[bi].mask, w->cards, n, board + OFC_ROW_START(2));
    ofc_board_result res;
    ofc_board_eval_jokers(board, n, w->seen, w->rules, w->jr, &res, card, natural);
    if (res.fouled) return;
    const int below = w->jr->five_kind == OFC_FIVE_BELOW_ROYAL;
    uint16_t kt = ofc_order_key(res.value[0], below), km = ofc_order_key(res.value[1], below),
             kb = ofc_order_key(res.value[2], below);
    double v = (double)(res.royalty[0] + res.royalty[1] + res.royalty[2]) + (res.stays ? S : 0.0);
    if (!leaf_wins(best, v, kb, bi, km, mi, kt, ti)) return;
    set_best(best, v, bi, mi, ti, kb, km, kt, res.royalty[0], res.royalty[1], res.royalty[2], res.stays);
    best->jokers[0] = card[0];
    best->jokers[1] = card[1];
}

/* A leaf with a joker on the board, waiting over its middle: bounds on its
 * value and its top's value. */
typedef struct {
    double bound;
    uint16_t kt;
    int ti;
} fl_leaf;

#define FL_LEAVES 35 /* tops of the 7 cards left at most: C(7, 3) */

/* 1 when leaf a's bounds come before b's (in leaf_wins's order over one middle). */
static inline int leaf_first(const fl_leaf *a, const fl_leaf *b)
{
    if (a->bound != b->bound) return a->bound > b->bound;
    if (a->kt != b->kt) return a->kt > b->kt;
    return a->ti > b->ti;
}

/* Every middle over bottom bi, and the best top for each that can still win;
 * b_tb and b_ts bound the tops that avoid the bottom's cards (top_bound).
 * J: the hand holds jokers (w->jm), whose settings the board layer resolves. */
static OFC_ALWAYS_INLINE void explore_body(const fl_work *w, int n, int low, int bi, double S, double Spos,
                                           int32_t b_tb, unsigned b_ts, fl_best *best, const int J)
{
    const fl_five *b = &w->five[bi];
    const fl_joker_space *js = w->js;
    const uint32_t all = (1u << n) - 1u;
    int r[FL_MAX_CARDS], k = positions(all & ~b->mask, r);
    /* Low: the top is capped by the bottom, the same for every middle */
    const int32_t low_tb = low ? b_tb : 0;
    const unsigned low_ts = low ? b_ts : 0;
    if (b_tb == FL_NONE) return;
    /* a middle needs mb >= thr[stays possible] to reach the best value */
    int32_t thr[2] = {-0x7FFFFFFF, -0x7FFFFFFF};
#define FL_THRESHOLDS()                                                        \
    if (best->found) {                                                         \
        thr[0] = int_threshold(best->value - (double)(b->rb + low_tb));        \
        thr[1] = int_threshold(best->value - (double)(b->rb + low_tb) - Spos); \
    }
    FL_THRESHOLDS()
    for (int j4 = 4; j4 < k; j4++) {
        int i4 = fl_binom[r[j4]][5];
        for (int j3 = 3; j3 < j4; j3++) {
            int i3 = i4 + fl_binom[r[j3]][4];
            for (int j2 = 2; j2 < j3; j2++) {
                int i2 = i3 + fl_binom[r[j2]][3];
                for (int j1 = 1; j1 < j2; j1++) {
                    int i1 = i2 + fl_binom[r[j1]][2];
                    for (int j0 = 0; j0 < j1; j0++) {
                        int mi = i1 + r[j0];
                        const fl_five *m = &w->five[mi];
                        /* a high middle must not beat the bottom; a Low one must be live */
                        if (low ? !m->live : (J ? js->lo5[mi] : m->hv) > b->hv) continue;
                        if (m->mb < thr[(b->sb | m->ms | low_ts) != 0]) continue;
                        unsigned cap = low ? b->hv : m->hv; /* the top may not beat this */
                        int32_t rm = m->rm;
                        unsigned sm = m->sm;
                        if (J && (m->mask & w->jm)) {
                            /* a middle holding jokers: only its values under the bottom */
                            rm = wild_under(js->vals + js->first5[mi], js->count5[mi], b->hv, &sm);
                            if (rm == FL_NONE) continue;
                            cap = cap < b->hv ? cap : b->hv;
                        }
                        int32_t tb = w->top_best[cap >> FL_SHIFT];
                        if (tb == FL_NONE) continue;
                        tb = tb < b_tb ? tb : b_tb;
                        int32_t base = b->rb + rm;
                        unsigned sbm = b->sb | sm;
                        double bound = (double)(base + tb)
                                       + ((sbm | (w->top_stay[cap >> FL_SHIFT] & b_ts)) ? Spos : 0.0);
                        if (!could_win(best, bound, b->hv, bi, mi, m->mv)) continue;
                        /* the leaf: the best top among the n - 10 cards left; with
                         * jokers, the leaves to resolve wait in order of their bounds
                         * (cap bounds the middle's value too) */
                        fl_leaf leaves[FL_LEAVES];
                        int nleaves = 0;
                        int x[FL_MAX_CARDS], nx = positions(all & ~b->mask & ~m->mask, x);
                        for (int t2 = 2; t2 < nx; t2++)
                            for (int t1 = 1; t1 < t2; t1++)
                                for (int t0 = 0; t0 < t1; t0++) {
                                    int ti = fl_binom[x[t0]][1] + fl_binom[x[t1]][2] + fl_binom[x[t2]][3];
                                    const fl_three *t = &w->three[ti];
                                    if ((J ? js->lo3[ti] : t->tv) > cap) continue;
                                    if (J && ((b->mask | m->mask | t->mask) & w->jm)) {
                                        /* the wildcard bound first: resolving costs more */
                                        int32_t rt = t->rt;
                                        unsigned st = t->st;
                                        if (t->mask & w->jm)
                                            rt = wild_under(js->vals + js->first3[ti], js->count3[ti], cap,
                                                            &st);
                                        if (rt == FL_NONE) continue;
                                        fl_leaf leaf;
                                        leaf.bound = (double)(base + rt) + ((sbm | st) ? Spos : 0.0);
                                        leaf.kt = (uint16_t)(t->tv < cap ? t->tv : cap);
                                        leaf.ti = ti;
                                        if (!leaf_wins(best, leaf.bound, b->hv, bi, (uint16_t)cap, mi,
                                                       leaf.kt, ti))
                                            continue;
                                        int j = nleaves++;
                                        for (; j > 0 && leaf_first(&leaf, &leaves[j - 1]); j--)
                                            leaves[j] = leaves[j - 1];
                                        leaves[j] = leaf;
                                        continue;
                                    }
                                    int stays = (int)(sbm | t->st);
                                    double v = (double)(base + t->rt) + (stays ? S : 0.0);
                                    if (!leaf_wins(best, v, b->hv, bi, m->mv, mi, t->tv, ti)) continue;
                                    set_best(best, v, bi, mi, ti, b->hv, m->mv, t->tv, t->rt, m->rm, b->rb,
                                             stays);
                                    if (J) best->jokers[0] = best->jokers[1] = OFC_EMPTY;
                                    FL_THRESHOLDS()
                                }
                        /* in that order the bounds only fall: done at the first that cannot win */
                        for (int j = 0; J && j < nleaves; j++) {
                            const fl_leaf *leaf = &leaves[j];
                            if (!leaf_wins(best, leaf->bound, b->hv, bi, (uint16_t)cap, mi, leaf->kt,
                                           leaf->ti))
                                break;
                            joker_leaf(w, n, bi, mi, leaf->ti, w->three[leaf->ti].mask, S, best);
                            FL_THRESHOLDS()
                        }
                    }
                }
            }
        }
    }
}

#undef FL_THRESHOLDS

static void explore_bottom(const fl_work *w, int n, int low, int bi, double S, double Spos, int32_t b_tb,
                           unsigned b_ts, fl_best *best)
{
    explore_body(w, n, low, bi, S, Spos, b_tb, b_ts, best, 0);
}

static void explore_bottom_jokers(const fl_work *w, int n, int bi, double S, double Spos, int32_t b_tb,
                                  unsigned b_ts, fl_best *best)
{
    explore_body(w, n, 0, bi, S, Spos, b_tb, b_ts, best, 1);
}

/* No legal setting: the greatest one in the tie-break order, row by row. */
static void best_fouled(const fl_work *w, int n, int n5, fl_best *best)
{
    int bi = -1, mi = -1, ti = -1;
    for (int i = 0; i < n5; i++)
        if (bi < 0 || w->five[i].hv >= w->five[bi].hv) bi = i; /* ties: the later (greater) set */
    for (int i = 0; i < n5; i++)
        if (!(w->five[i].mask & w->five[bi].mask) && (mi < 0 || w->five[i].mv >= w->five[mi].mv)) mi = i;
    const uint32_t all = (1u << n) - 1u;
    int x[FL_MAX_CARDS], nx = positions(all & ~w->five[bi].mask & ~w->five[mi].mask, x);
    for (int t2 = 2; t2 < nx; t2++)
        for (int t1 = 1; t1 < t2; t1++)
            for (int t0 = 0; t0 < t1; t0++) {
                int i = fl_binom[x[t0]][1] + fl_binom[x[t1]][2] + fl_binom[x[t2]][3];
                if (ti < 0 || w->three[i].tv > w->three[ti].tv
                    || (w->three[i].tv == w->three[ti].tv && i > ti))
                    ti = i;
            }
    best->found = 1;
    best->value = 0.0;
    best->bi = bi;
    best->mi = mi;
    best->ti = ti;
    best->roy[0] = best->roy[1] = best->roy[2] = 0;
    best->stays = 0;
}

static uint32_t three_mask(int ti, int n)
{
    /* invert the colex rank: the greatest position first */
    uint32_t mask = 0;
    for (int j = 3; j >= 1; j--) {
        int p = n - 1;
        while (fl_binom[p][j] > ti) p--;
        ti -= fl_binom[p][j];
        mask |= 1u << p;
    }
    return mask;
}

/* Sorted codes: positions in code order (jokers last). */
static void sort_cards(const uint8_t *cards, int n, uint8_t *c)
{
    for (int i = 0; i < n; i++) {
        int j = i;
        for (; j > 0 && c[j - 1] > cards[i]; j--) c[j] = c[j - 1];
        c[j] = cards[i];
    }
}

/* The search over the n sorted cards c.  J: the hand holds jokers (a high
 * variant; the jokers at positions nat..n-1, w's joker fields set); then 1
 * is returned without writing out when no setting is legal. */
static OFC_ALWAYS_INLINE int search(fl_work *w, const uint8_t *c, int n, int nat, const ofc_rules *r,
                                    double S, ofc_fantasyland_result *out, const int J)
{
    const int low = J ? 0 : r->middle_live != 0;
    const int n5 = fl_binom[n - 1][5] + fl_binom[n - 1][4]; /* C(n, 5) */
    const int n3 = fl_binom[n - 1][3] + fl_binom[n - 1][2]; /* C(n, 3) */
    const double Spos = S > 0 ? S : 0.0;                    /* a stay adds at most this */
    const fl_joker_space *js = w->js;
    fill_subsets(w, c, n, nat, r);
    if (J) fill_joker_subsets(w, c, n, nat, r, w->jr);

    const int nb = J ? FL_VALUES : FL_NATURAL_VALUES;
    for (int v = 0; v < nb; v++) {
        w->top_best[v] = FL_NONE;
        w->mid_best[v] = FL_NONE;
    }
    memset(w->top_stay, 0, (size_t)nb);
    memset(w->mid_stay, 0, (size_t)nb);
    for (int i = 0; i < n3; i++) {
        const fl_three *t = &w->three[i];
        if (J && (t->mask & w->jm)) {
            /* a top holding jokers: each value it can have */
            const fl_value *e = js->vals + js->first3[i];
            for (int j = 0; j < js->count3[i]; j++) {
                unsigned v = e[j].key >> FL_SHIFT;
                if (e[j].roy[0] > w->top_best[v]) w->top_best[v] = e[j].roy[0];
                w->top_stay[v] |= e[j].stay[0];
            }
            continue;
        }
        unsigned v = t->tv >> FL_SHIFT;
        if (t->rt > w->top_best[v]) w->top_best[v] = t->rt;
        w->top_stay[v] |= t->st;
    }
    prefix_max(w->top_best, w->top_stay, nb);
    w->nrich = w->nstays3 = 0;
    w->poor_max = FL_NONE;
    for (int i = 0; i < n3; i++) {
        const fl_three *t = &w->three[i];
        if (t->rt > 0)
            w->keys3[w->nrich++] = (uint64_t)(32767 - t->rt) << 10 | (uint64_t)i;
        else if (t->rt > w->poor_max)
            w->poor_max = t->rt;
        if (t->st) w->stays3[w->nstays3++] = (uint16_t)i;
    }
    /* rich tops by royalty, descending (keys: 32767 - royalty, then rank) */
    sort_keys(w->keys3, w->tmp3, w->count, w->nrich, 10, 25);
    for (int i = 0; i < w->nrich; i++) w->rich[i] = (uint16_t)(w->keys3[i] & 1023);
    int32_t live_best = FL_NONE; /* Low: the best live middle, uncapped */
    uint8_t live_stay = 0;
    for (int i = 0; i < n5; i++) {
        const fl_five *f = &w->five[i];
        if (!f->live) continue;
        if (low) {
            live_best = f->rm > live_best ? f->rm : live_best;
            live_stay |= f->sm;
        } else if (J && (f->mask & w->jm)) {
            const fl_value *e = js->vals + js->first5[i];
            for (int j = 0; j < js->count5[i]; j++) {
                unsigned v = e[j].key >> FL_SHIFT;
                if (e[j].roy[0] > w->mid_best[v]) w->mid_best[v] = e[j].roy[0];
                w->mid_stay[v] |= e[j].stay[0];
            }
        } else {
            unsigned v = f->hv >> FL_SHIFT;
            if (f->rm > w->mid_best[v]) w->mid_best[v] = f->rm;
            w->mid_stay[v] |= f->sm;
        }
    }
    if (!low) prefix_max(w->mid_best, w->mid_stay, nb);
    for (int i = 0; i < n5; i++) {
        fl_five *f = &w->five[i];
        if (J && (f->mask & w->jm)) {
            /* as a middle: the best of its values, each with the best top under it */
            unsigned ms;
            f->mb = wild_over(js->vals + js->first5[i], js->count5[i], 0, w->top_best, w->top_stay, NULL,
                              NULL, &ms);
            f->ms = (uint8_t)ms;
            continue;
        }
        int32_t tb = low ? 0 : w->top_best[f->hv >> FL_SHIFT];
        f->mb = tb == FL_NONE ? FL_NONE : f->rm + tb;
        f->ms = (uint8_t)(f->sm | (low ? 0 : w->top_stay[f->hv >> FL_SHIFT]));
    }

    fl_best best;
    memset(&best, 0, sizeof best);
    best.jokers[0] = best.jokers[1] = OFC_EMPTY;
    if (!low || live_best != FL_NONE) {
        /* bounds of the bottoms, as sort keys: bound, then value, then rank */
        int32_t *ub = w->ub;
        uint8_t *cs = w->cs;
        int32_t lo = INT32_MAX, hi = INT32_MIN;
        for (int i = 0; i < n5; i++) {
            const fl_five *f = &w->five[i];
            unsigned v = f->hv >> FL_SHIFT;
            int32_t tb = w->top_best[v];
            int32_t mb = low ? live_best : w->mid_best[v];
            if (tb == FL_NONE || mb == FL_NONE) {
                ub[i] = FL_NONE;
                continue;
            }
            ub[i] = f->rb + mb + tb;
            cs[i] = (uint8_t)((f->sb | (low ? live_stay : w->mid_stay[v]) | w->top_stay[v]) && Spos > 0);
            if (J && (f->mask & w->jm)) {
                /* a bottom holding jokers: the best of its values, each with what fits under it */
                unsigned st;
                ub[i] = wild_over(js->vals + js->first5[i], js->count5[i], 1, w->mid_best, w->mid_stay,
                                  w->top_best, w->top_stay, &st);
                cs[i] = (uint8_t)(st && Spos > 0);
                if (ub[i] == FL_NONE) continue;
            }
            lo = ub[i] < lo ? ub[i] : lo;
            hi = ub[i] > hi ? ub[i] : hi;
        }
        /* the bottom of greatest bound first, for a best value to prune with:
         * only the bottoms that can still beat it are sorted */
        int first = -1;
        double first_bound = 0.0;
        for (int i = 0; i < n5; i++) {
            if (ub[i] == FL_NONE) continue;
            double bound = (double)ub[i] + (cs[i] ? Spos : 0.0);
            if (first < 0 || bound > first_bound
                || (bound == first_bound && w->five[i].hv >= w->five[first].hv)) {
                first = i;
                first_bound = bound;
            }
        }
        if (first >= 0) {
            unsigned ts;
            int32_t tb = top_bound(w, w->five[first].mask, w->five[first].hv, &ts, J);
            if (J)
                explore_bottom_jokers(w, n, first, S, Spos, tb, ts, &best);
            else
                explore_bottom(w, n, low, first, S, Spos, tb, ts, &best);
        }
        int len[2] = {0, 0};
        for (int i = 0; i < n5; i++) {
            if (ub[i] == FL_NONE || i == first) continue;
            double bound = (double)ub[i] + (cs[i] ? Spos : 0.0);
            if (!could_win(&best, bound, w->five[i].hv, i, -1, 0)) continue;
            uint64_t key =
                (uint64_t)(uint32_t)(ub[i] - lo) << 26 | (uint64_t)w->five[i].hv << 13 | (uint64_t)i;
            w->order[cs[i]][len[cs[i]]++] = key;
        }
        int bits = 26;
        for (uint32_t span = (uint32_t)(hi - lo); span; span >>= 1) bits++;
        /* the keys were made in rank order: sort on the bound and value only */
        sort_keys(w->order[0], w->tmp, w->count, len[0], 13, bits);
        sort_keys(w->order[1], w->tmp, w->count, len[1], 13, bits);
        /* merge the two lists from their ends: greatest bound first */
        int p0 = len[0] - 1, p1 = len[1] - 1;
        while (p0 >= 0 || p1 >= 0) {
            uint64_t k0 = p0 >= 0 ? w->order[0][p0] : 0, k1 = p1 >= 0 ? w->order[1][p1] : 0;
            double b0 = p0 >= 0 ? (double)((int32_t)(k0 >> 26) + lo) : -HUGE_VAL;
            double b1 = p1 >= 0 ? (double)((int32_t)(k1 >> 26) + lo) + Spos : -HUGE_VAL;
            int take1 = b1 > b0 || (b1 == b0 && (k1 & 0x3FFFFFF) > (k0 & 0x3FFFFFF));
            double bound = take1 ? b1 : b0;
            uint64_t key = take1 ? k1 : k0;
            if (take1)
                p1--;
            else
                p0--;
            if (best.found && bound < best.value) break;
            int bi = (int)(key & 8191);
            if (!could_win(&best, bound, w->five[bi].hv, bi, -1, 0)) continue;
            /* again with the tops that avoid this bottom's cards */
            const fl_five *f = &w->five[bi];
            unsigned ts;
            int32_t tb = top_bound(w, f->mask, f->hv, &ts, J);
            if (tb == FL_NONE) continue;
            int32_t mb = low ? live_best : w->mid_best[f->hv >> FL_SHIFT];
            unsigned ms = low ? live_stay : w->mid_stay[f->hv >> FL_SHIFT];
            int32_t roy = f->rb + mb + tb;
            if (J && roy > ub[bi]) roy = ub[bi]; /* both bound it: the wildcard one may be less */
            double refined = (double)roy + ((f->sb | ms | ts) && (!J || cs[bi]) ? Spos : 0.0);
            if (!could_win(&best, refined, f->hv, bi, -1, 0)) continue;
            if (J)
                explore_bottom_jokers(w, n, bi, S, Spos, tb, ts, &best);
            else
                explore_bottom(w, n, low, bi, S, Spos, tb, ts, &best);
        }
    }
    int fouled = !best.found;
    if (fouled && J) return 1;
    if (fouled) best_fouled(w, n, n5, &best);

    const uint32_t all = (1u << n) - 1u;
    uint32_t tm = three_mask(best.ti, n), mm = w->five[best.mi].mask, bm = w->five[best.bi].mask;
    row_cards(tm, c, n, out->board + OFC_ROW_START(0));
    row_cards(mm, c, n, out->board + OFC_ROW_START(1));
    row_cards(bm, c, n, out->board + OFC_ROW_START(2));
    memset(out->discards, OFC_EMPTY, sizeof out->discards);
    row_cards(all & ~(tm | mm | bm), c, n, out->discards);
    out->jokers[0] = best.jokers[0];
    out->jokers[1] = best.jokers[1];
    for (int i = 0; i < 3; i++) out->royalty[i] = best.roy[i];
    out->stays = best.stays;
    out->fouled = fouled;
    out->value = best.value;
    return 0;
}

static int solve(fl_work *w, const uint8_t *cards, int n, const ofc_rules *r, double S,
                 ofc_fantasyland_result *out)
{
    uint8_t c[FL_MAX_CARDS];
    if (n < OFC_BOARD_SIZE || n > FL_MAX_CARDS) return OFC_FL_BAD_COUNT;
    if (!isfinite(S)) return OFC_FL_BAD_VALUE;
    if (ofc_bad_cards(cards, n)) return OFC_FL_BAD_CARDS;
    sort_cards(cards, n, c);
    return search(w, c, n, n, r, S, out, 0);
}

/* A hand that may hold jokers (w has a joker space). */
static int solve_jokers(fl_work *w, const uint8_t *cards, int n, const ofc_rules *r,
                        const ofc_joker_rules *jr, double S, ofc_fantasyland_result *out)
{
    if (n < OFC_BOARD_SIZE || n > FL_MAX_CARDS) return OFC_FL_BAD_COUNT;
    if (!isfinite(S)) return OFC_FL_BAD_VALUE;
    if (ofc_bad_cards_jokers(cards, n, ofc_joker_allowed(jr->jokers))) return OFC_FL_BAD_CARDS;
    int nj = 0;
    for (int i = 0; i < n; i++) nj += cards[i] >= OFC_JOKER1;
    if (!nj) return solve(w, cards, n, r, S, out); /* no joker: the plain solver's answer */
    /* Low deals no jokers (docs/VARIANTS.md): the plain enumeration serves a C caller that tries */
    if (r->middle_live) return ofc_fantasyland_enumerate_jokers(cards, n, r, jr, &S, 1, out);
    sort_cards(cards, n, w->cards);
    w->jm = ((1u << nj) - 1u) << (n - nj);
    w->seen = 0;
    for (int i = 0; i < n - nj; i++) w->seen |= (uint64_t)1 << w->cards[i];
    w->rules = r;
    w->jr = jr;
    if (search(w, w->cards, n, n - nj, r, S, out, 1) == 0) return 0;
    /* no legal setting: the greatest fouled one, as the enumeration finds it */
    return ofc_fantasyland_enumerate_jokers(cards, n, r, jr, &S, 1, out);
}

/* A workspace, with room for the jokers' values where jr is not NULL. */
static fl_work *new_work(const ofc_joker_rules *jr)
{
    fl_work *w = (fl_work *)malloc(sizeof *w);
    if (!w) return NULL;
    w->js = NULL;
    if (jr && !(w->js = (fl_joker_space *)malloc(sizeof *w->js))) {
        free(w);
        return NULL;
    }
    return w;
}

static void free_work(fl_work *w)
{
    free(w->js);
    free(w);
}

/* One hand, or `count` hands of k cards row after row with one workspace (jr
 * NULL: no jokers); a batch returns as ofc_solve_fantasyland_batch. */
static int solve_one(const uint8_t *cards, int n, const ofc_rules *r, const ofc_joker_rules *jr, double S,
                     ofc_fantasyland_result *out)
{
    uint8_t copy[FL_MAX_CARDS];
    if (n < OFC_BOARD_SIZE || n > FL_MAX_CARDS) return OFC_FL_BAD_COUNT;
    memcpy(copy, cards, (size_t)n); /* checked and read from a copy: see solve_batch */
    fl_work *w = new_work(jr);
    if (!w) return OFC_FL_NO_MEMORY;
    int rc = jr ? solve_jokers(w, copy, n, r, jr, S, out) : solve(w, copy, n, r, S, out);
    free_work(w);
    return rc;
}

static int64_t solve_batch(const uint8_t *hands, int64_t count, int k, const ofc_rules *r,
                           const ofc_joker_rules *jr, double S, ofc_fantasyland_result *out)
{
    if (k < OFC_BOARD_SIZE || k > FL_MAX_CARDS) return OFC_FL_BAD_COUNT;
    if (!isfinite(S)) return OFC_FL_BAD_VALUE;
    if (count <= 0) return -1;
    fl_work *w = new_work(jr);
    if (!w) return OFC_FL_NO_MEMORY;
    int64_t bad = -1;
    for (int64_t i = 0; i < count; i++) {
        /* each hand checked and read from a copy: the caller's array may change
         * during the call (another thread), and a card checked must be the card used */
        uint8_t cards[FL_MAX_CARDS];
        memcpy(cards, hands + (int64_t)k * i, (size_t)k);
        int rc = jr ? solve_jokers(w, cards, k, r, jr, S, out + i) : solve(w, cards, k, r, S, out + i);
        if (rc != 0) {
            bad = rc == OFC_FL_BAD_CARDS ? i : rc;
            break;
        }
    }
    free_work(w);
    return bad;
}

int ofc_solve_fantasyland(const uint8_t *cards, int n, const ofc_rules *rules, double stay_value,
                          ofc_fantasyland_result *out)
{
    return solve_one(cards, n, rules, NULL, stay_value, out);
}

int64_t ofc_solve_fantasyland_batch(const uint8_t *hands, int64_t count, int k, const ofc_rules *rules,
                                    double stay_value, ofc_fantasyland_result *out)
{
    return solve_batch(hands, count, k, rules, NULL, stay_value, out);
}

int ofc_solve_fantasyland_jokers(const uint8_t *cards, int n, const ofc_rules *rules,
                                 const ofc_joker_rules *jr, double stay_value, ofc_fantasyland_result *out)
{
    return solve_one(cards, n, rules, jr, stay_value, out);
}

int64_t ofc_solve_fantasyland_jokers_batch(const uint8_t *hands, int64_t count, int k, const ofc_rules *rules,
                                           const ofc_joker_rules *jr, double stay_value,
                                           ofc_fantasyland_result *out)
{
    return solve_batch(hands, count, k, rules, jr, stay_value, out);
}
