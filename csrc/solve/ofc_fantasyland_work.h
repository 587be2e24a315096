/* Private header of the Fantasyland solver (csrc/solve/ofc_fantasyland.c,
 * ofc_fantasyland_wild.c, and the solver against known boards,
 * ofc_fantasyland_points.c and _game.c; no other file includes it): the
 * workspace of one hand (the per-subset tables, the bounds' maxima, the orders of bottoms)
 * and what a hand with jokers adds to it, which the solver fills and reads
 * and the wildcard bounds (ofc_fantasyland_wild.c) fill for the subsets
 * holding a joker. */
#ifndef OFC_FANTASYLAND_WORK_H
#define OFC_FANTASYLAND_WORK_H

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

/* A setting's place in the solvers' order (ofc_solve.h): value first, then the
 * rows' order keys and the subsets' colex ranks (equal rank order = card-set
 * order), bottom first.  The royalty solver and the solver against known
 * boards keep their best setting's place in one of these and compare by the
 * two functions below. */
typedef struct {
    int found; /* 0 until a setting is recorded */
    double value;
    int bi, mi, ti;
    uint16_t bv, mv, tv;
} fl_rank;

/* Nonzero when a setting over (bottom bi, middle mi) whose value is at
 * least `value` could come before the best one (mi < 0: any middle). */
static inline int fl_could_win(const fl_rank *best, double value, uint16_t bv, int bi, int mi, uint16_t mv)
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
 * subsets bi, mi, ti comes before the best one; with bounds for v, kb, km,
 * kt: 0 when no such setting can. */
static inline int fl_leaf_wins(const fl_rank *best, double v, uint16_t kb, int bi, uint16_t km, int mi,
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

/* Record a setting as the best one. */
static inline void fl_rank_record(fl_rank *best, double v, int bi, int mi, int ti, uint16_t kb, uint16_t km,
                                  uint16_t kt)
{
    best->found = 1;
    best->value = v;
    best->bi = bi;
    best->mi = mi;
    best->ti = ti;
    best->bv = kb;
    best->mv = km;
    best->tv = kt;
}

/* C(p, j) for positions p = 0..16: colex ranks of subsets (ofc_fantasyland.c) */
extern const uint16_t ofc_fl_binom[17][6];

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

/* The tables of every 5- and 3-card subset of the first nat of the n sorted
 * cards c (ofc_fantasyland.c; the solver against known boards,
 * ofc_fantasyland_points.c, reads them too). */
void ofc_fl_fill_subsets(fl_work *w, const uint8_t *c, int n, int nat, const ofc_rules *r);

/* The subsets holding a joker (positions nat..n-1 of the sorted cards c, a
 * high variant): their wildcard values and bounds, into w and w->js, after
 * the natural subsets' tables (ofc_fantasyland_wild.c). */
void ofc_fl_fill_joker_subsets(fl_work *w, const uint8_t *c, int n, int nat, const ofc_rules *r,
                               const ofc_joker_rules *jr);

#endif /* OFC_FANTASYLAND_WORK_H */
