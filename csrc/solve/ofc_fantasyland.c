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
 * joker as a wildcard (ofc_fantasyland_wild.c), and each setting with a
 * joker on the board is scored as the board layer resolves it (joker_leaf);
 * those leaves cost the most, so over each middle they are tried in order of their
 * bounds, strongest first, and skipped once the best one beats their bound.
 * The search is one body (search, explore_body) for both, compiled once
 * without jokers (every joker branch folded away) and once with.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ofc_solve.h"
#include "ofc_fantasyland_work.h"

/* C(p, j) for positions p = 0..16: colex ranks of subsets */
const uint16_t ofc_fl_binom[17][6] = {
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

/* The best setting found so far: its place in the order (fl_rank) and what
 * the answer reports of it. */
typedef struct {
    fl_rank rank;
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
                        int i = ofc_fl_binom[a][1] + ofc_fl_binom[b][2] + ofc_fl_binom[cc][3]
                                + ofc_fl_binom[d][4] + ofc_fl_binom[e][5];
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
                fl_three *t = &w->three[ofc_fl_binom[a][1] + ofc_fl_binom[b][2] + ofc_fl_binom[cc][3]];
                t->mask = (1u << a) | (1u << b) | (1u << cc);
                t->tv = ofc_strength3_unchecked(c[a], c[b], c[cc]);
                uint32_t it = r->row_info[0][t->tv];
                t->rt = OFC_ROYALTY(it);
                t->st = (uint8_t)(OFC_STAY(it) | ofc_tier_stays(r, it, (unsigned)n)); /* in with n cards */
            }
}

void ofc_fl_fill_subsets(fl_work *w, const uint8_t *c, int n, int nat, const ofc_rules *r)
{
    fill_subsets(w, c, n, nat, r);
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

/* Record a setting as the best one (its jokers' cards apart). */
static inline void set_best(fl_best *best, double v, int bi, int mi, int ti, uint16_t kb, uint16_t km,
                            uint16_t kt, int32_t rt, int32_t rm, int32_t rb, int stays)
{
    fl_rank_record(&best->rank, v, bi, mi, ti, kb, km, kt);
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
    if (!fl_leaf_wins(&best->rank, v, kb, bi, km, mi, kt, ti)) return;
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

/* 1 when leaf a's bounds come before b's (in fl_leaf_wins's order over one middle). */
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
#define FL_THRESHOLDS()                                                             \
    if (best->rank.found) {                                                         \
        thr[0] = int_threshold(best->rank.value - (double)(b->rb + low_tb));        \
        thr[1] = int_threshold(best->rank.value - (double)(b->rb + low_tb) - Spos); \
    }
    FL_THRESHOLDS()
    for (int j4 = 4; j4 < k; j4++) {
        int i4 = ofc_fl_binom[r[j4]][5];
        for (int j3 = 3; j3 < j4; j3++) {
            int i3 = i4 + ofc_fl_binom[r[j3]][4];
            for (int j2 = 2; j2 < j3; j2++) {
                int i2 = i3 + ofc_fl_binom[r[j2]][3];
                for (int j1 = 1; j1 < j2; j1++) {
                    int i1 = i2 + ofc_fl_binom[r[j1]][2];
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
                        if (!fl_could_win(&best->rank, bound, b->hv, bi, mi, m->mv)) continue;
                        /* the leaf: the best top among the n - 10 cards left; with
                         * jokers, the leaves to resolve wait in order of their bounds
                         * (cap bounds the middle's value too) */
                        fl_leaf leaves[FL_LEAVES];
                        int nleaves = 0;
                        int x[FL_MAX_CARDS], nx = positions(all & ~b->mask & ~m->mask, x);
                        for (int t2 = 2; t2 < nx; t2++)
                            for (int t1 = 1; t1 < t2; t1++)
                                for (int t0 = 0; t0 < t1; t0++) {
                                    int ti = ofc_fl_binom[x[t0]][1] + ofc_fl_binom[x[t1]][2]
                                             + ofc_fl_binom[x[t2]][3];
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
                                        if (!fl_leaf_wins(&best->rank, leaf.bound, b->hv, bi, (uint16_t)cap,
                                                          mi, leaf.kt, ti))
                                            continue;
                                        int j = nleaves++;
                                        for (; j > 0 && leaf_first(&leaf, &leaves[j - 1]); j--)
                                            leaves[j] = leaves[j - 1];
                                        leaves[j] = leaf;
                                        continue;
                                    }
                                    int stays = (int)(sbm | t->st);
                                    double v = (double)(base + t->rt) + (stays ? S : 0.0);
                                    if (!fl_leaf_wins(&best->rank, v, b->hv, bi, m->mv, mi, t->tv, ti))
                                        continue;
                                    set_best(best, v, bi, mi, ti, b->hv, m->mv, t->tv, t->rt, m->rm, b->rb,
                                             stays);
                                    if (J) best->jokers[0] = best->jokers[1] = OFC_EMPTY;
                                    FL_THRESHOLDS()
                                }
                        /* in that order the bounds only fall: done at the first that cannot win */
                        for (int j = 0; J && j < nleaves; j++) {
                            const fl_leaf *leaf = &leaves[j];
                            if (!fl_leaf_wins(&best->rank, leaf->bound, b->hv, bi, (uint16_t)cap, mi,
                                              leaf->kt, leaf->ti))
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
                int i = ofc_fl_binom[x[t0]][1] + ofc_fl_binom[x[t1]][2] + ofc_fl_binom[x[t2]][3];
                if (ti < 0 || w->three[i].tv > w->three[ti].tv
                    || (w->three[i].tv == w->three[ti].tv && i > ti))
                    ti = i;
            }
    best->rank.found = 1;
    best->rank.value = 0.0;
    best->rank.bi = bi;
    best->rank.mi = mi;
    best->rank.ti = ti;
    best->roy[0] = best->roy[1] = best->roy[2] = 0;
    best->stays = 0;
}

static uint32_t three_mask(int ti, int n)
{
    /* invert the colex rank: the greatest position first */
    uint32_t mask = 0;
    for (int j = 3; j >= 1; j--) {
        int p = n - 1;
        while (ofc_fl_binom[p][j] > ti) p--;
        ti -= ofc_fl_binom[p][j];
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
    const int n5 = ofc_fl_binom[n - 1][5] + ofc_fl_binom[n - 1][4]; /* C(n, 5) */
    const int n3 = ofc_fl_binom[n - 1][3] + ofc_fl_binom[n - 1][2]; /* C(n, 3) */
    const double Spos = S > 0 ? S : 0.0;                            /* a stay adds at most this */
    const fl_joker_space *js = w->js;
    fill_subsets(w, c, n, nat, r);
    if (J) ofc_fl_fill_joker_subsets(w, c, n, nat, r, w->jr);

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
            if (!fl_could_win(&best.rank, bound, w->five[i].hv, i, -1, 0)) continue;
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
            if (best.rank.found && bound < best.rank.value) break;
            int bi = (int)(key & 8191);
            if (!fl_could_win(&best.rank, bound, w->five[bi].hv, bi, -1, 0)) continue;
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
            if (!fl_could_win(&best.rank, refined, f->hv, bi, -1, 0)) continue;
            if (J)
                explore_bottom_jokers(w, n, bi, S, Spos, tb, ts, &best);
            else
                explore_bottom(w, n, low, bi, S, Spos, tb, ts, &best);
        }
    }
    int fouled = !best.rank.found;
    if (fouled && J) return 1;
    if (fouled) best_fouled(w, n, n5, &best);

    const uint32_t all = (1u << n) - 1u;
    uint32_t tm = three_mask(best.rank.ti, n), mm = w->five[best.rank.mi].mask,
             bm = w->five[best.rank.bi].mask;
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
    out->value = best.rank.value;
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
