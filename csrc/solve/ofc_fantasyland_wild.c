/* The Fantasyland solver's bounds for the subsets holding jokers
 * (ofc_fantasyland.c searches; this fills their tables once per hand).
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
#include <string.h>
#include "ofc_solve.h"
#include "ofc_fantasyland_work.h"

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
void ofc_fl_fill_joker_subsets(fl_work *w, const uint8_t *c, int n, int nat, const ofc_rules *r,
                               const ofc_joker_rules *jr)
{
    fl_joker_space *js = w->js;
    js->nvals = 0;
    for (int i = 0, n5 = ofc_fl_binom[nat - 1][5] + ofc_fl_binom[nat - 1][4]; i < n5; i++) {
        fl_five *f = &w->five[i];
        if (jr->five_kind == OFC_FIVE_BELOW_ROYAL && f->hv == OFC_STRENGTH_MAX)
            f->hv = f->mv = OFC_ROYAL_OVER_FIVE;
        js->lo5[i] = f->hv;
    }
    for (int i = 0, n3 = ofc_fl_binom[nat - 1][3] + ofc_fl_binom[nat - 1][2]; i < n3; i++)
        js->lo3[i] = w->three[i].tv;
    for (int e = nat > 4 ? nat : 4; e < n; e++)
        for (int d = 3; d < e; d++)
            for (int cc = 2; cc < d; cc++)
                for (int b = 1; b < cc; b++)
                    for (int a = 0; a < b; a++) {
                        const int p[5] = {a, b, cc, d, e};
                        int i = ofc_fl_binom[a][1] + ofc_fl_binom[b][2] + ofc_fl_binom[cc][3]
                                + ofc_fl_binom[d][4] + ofc_fl_binom[e][5];
                        if (e > nat && d < nat)
                            wild_twin(w, 5, i, i - ofc_fl_binom[e][5] + ofc_fl_binom[nat][5],
                                      (1u << a) | (1u << b) | (1u << cc) | (1u << d) | (1u << e));
                        else
                            wild_subset(w, 5, i, p, c, nat, r, jr, n);
                    }
    for (int cc = nat > 2 ? nat : 2; cc < n; cc++)
        for (int b = 1; b < cc; b++)
            for (int a = 0; a < b; a++) {
                const int p[3] = {a, b, cc};
                int i = ofc_fl_binom[a][1] + ofc_fl_binom[b][2] + ofc_fl_binom[cc][3];
                if (cc > nat && b < nat)
                    wild_twin(w, 3, i, i - ofc_fl_binom[cc][3] + ofc_fl_binom[nat][3],
                              (1u << a) | (1u << b) | (1u << cc));
                else
                    wild_subset(w, 3, i, p, c, nat, r, jr, n);
            }
}
