/* Fantasyland against known boards: the setting of 13 to 17 cards that wins
 * the most points from the other seats' complete boards, exact, by
 * branch-and-bound over the bottoms (ofc_solve.h).
 *
 * Against m other boards a legal setting wins, from each, its rows (+1 / 0 /
 * -1 each), the scoop bonus when it takes or loses all three, and its
 * royalties less theirs; so its value is a sum over its rows of
 * m x royalty + the rows it wins (each a function of the row's value, as
 * ofc_fantasyland.c's royalties are), plus the scoops, a constant and the
 * stay value.  The subsets' tables are the royalty solver's
 * (ofc_fl_fill_subsets; with jokers, ofc_fl_fill_joker_subsets: a joker
 * row's greatest royalty and value bound it); each row gets its points bound
 * (g: m x royalty + the rows of the other boards it can beat) and the set of
 * boards it can beat (for the scoop bound).
 *
 * 1. Prefix maxima by row value: the best top no stronger than s, the best
 *    middle + the best top under it no stronger than s (Low: any live
 *    middle, the top capped by the bottom).
 * 2. Each bottom's bound: its g + the best middle and top under it + the
 *    scoops of the boards whose bottom it can beat + the constant + the stay
 *    value when some row could stay; bottoms are tried by bound, greatest
 *    first, until the bound falls below the best value found.
 * 3. Over a bottom every middle of the free cards, bounded with the best top
 *    under it and the scoops both rows allow; over a middle every top, bounded
 *    exactly but for the scoop and the jokers, then scored exactly: from the
 *    tables for a board without jokers (royalties and stays as
 *    ofc_board_apply gives them, every pair by ofc_score_pair), else by
 *    fp_score (the board layer resolves it).
 * Bounds only ever ignore constraints, so they are true upper bounds for any
 * royalty table; equality with the best value is pruned only where the
 * tie-break already loses, so ties are decided exactly, in the order of
 * ofc_solve_fantasyland.  Low with jokers, which the royalty solver also
 * leaves to its enumeration, is solved by the plain enumeration. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ofc_solve.h"
#include "ofc_fantasyland_points.h"
#include "ofc_fantasyland_work.h"

#define FP_VALUES (OFC_ROYAL_OVER_FIVE + 1) /* row values, in the rules' order with jokers */
#define FP_NONE   (-0x40000000)             /* no row fits */

typedef struct {
    fl_work *w;
    const fp_game *g;
    int n, m, low, J, keyj, nbw; /* J: the hand holds jokers; keyj: the rules deal them (score keys) */
    double S, Spos;
    int32_t scoop, cmax; /* the scoop bonus; a bound on minus the other boards' royalties */
    int32_t kmin[OFC_FL_MAX_OPPONENTS]
                [OFC_ROWS]; /* the least key of each row of each board (-1: it may foul) */
    int32_t gb[FL_FIVES], gm[FL_FIVES], gt[FL_THREES]; /* points bounds as a bottom, a middle, a top */
    uint8_t wb[FL_FIVES], wm[FL_FIVES], wt[FL_THREES]; /* the boards whose row it can beat */
    uint16_t lo5[FL_FIVES], lo3[FL_THREES];            /* the least value (a joker row's) */
    int32_t top_best[FP_VALUES], mid_best[FP_VALUES];
    uint8_t top_stay[FP_VALUES], mid_stay[FP_VALUES];
    double ub[FL_FIVES];
    int order[FL_FIVES], tmp[FL_FIVES];
} fp_work;

/* The best setting so far: its place in the order (fl_rank) and its points. */
typedef struct {
    fl_rank rank;
    ofc_fantasyland_points p;
} fp_best;

static inline int popcount(unsigned x)
{
    int k = 0;
    for (; x; x &= x - 1u) k++;
    return k;
}

/* The points bound of a row of value key x (a score key) and royalty roy in
 * row r, and in *beats the boards whose row r it can beat. */
static inline int32_t row_bound(const fp_work *f, int r, int32_t x, int32_t roy, uint8_t *beats)
{
    int32_t g = f->m * roy;
    unsigned b = 0;
    for (int j = 0; j < f->m; j++) {
        int d = x > f->kmin[j][r] ? 1 : x < f->kmin[j][r] ? -1 : 0;
        g += d;
        b |= (unsigned)(d > 0) << j;
    }
    *beats = (uint8_t)b;
    return g;
}

/* The score key of a row of the hand from its value in the tables (jokers:
 * the order key doubled, the natural bit, as ofc_joker_score_key). */
static inline int32_t score_key(const fp_work *f, unsigned v, int natural)
{
    return f->keyj ? (int32_t)(v << 1 | (unsigned)(natural && f->nbw)) : (int32_t)v;
}

static void row_cards(uint32_t mask, const uint8_t *c, int n, uint8_t *out)
{
    for (int p = n - 1; p >= 0; p--)
        if (mask >> p & 1u) *out++ = c[p];
}

/* The bounds of the other boards over every set of discards. */
static void opponent_bounds(fp_work *f)
{
    const fp_game *g = f->g;
    f->cmax = 0;
    for (int j = 0; j < g->m; j++) {
        int32_t worst = INT32_MIN;
        for (int k = 0; k < OFC_ROWS; k++) f->kmin[j][k] = INT32_MAX;
        for (int d = 0; d < g->nd; d++) {
            const fp_seats *s = &g->seats[d];
            int32_t minus = s->fouled[j] ? 0 : -s->roy[j];
            worst = minus > worst ? minus : worst;
            for (int k = 0; k < OFC_ROWS; k++) {
                int32_t key = s->fouled[j] ? -1 : (int32_t)s->key[j][k];
                f->kmin[j][k] = key < f->kmin[j][k] ? key : f->kmin[j][k];
            }
        }
        f->cmax += worst;
    }
}

/* The bounds of every subset: points, boards it can beat, least value. */
static void subset_bounds(fp_work *f, int n5, int n3)
{
    const fl_work *w = f->w;
    for (int i = 0; i < n5; i++) {
        const fl_five *s = &w->five[i];
        const int joker = f->J && (s->mask & w->jm);
        f->lo5[i] = f->keyj ? w->js->lo5[i] : s->hv;
        f->gb[i] = row_bound(f, 2, score_key(f, s->hv, !joker), s->rb, &f->wb[i]);
        f->gm[i] = row_bound(f, 1, score_key(f, s->mv, !joker), s->rm, &f->wm[i]);
    }
    for (int i = 0; i < n3; i++) {
        const fl_three *t = &w->three[i];
        const int joker = f->J && (t->mask & w->jm);
        f->lo3[i] = f->keyj ? w->js->lo3[i] : t->tv;
        f->gt[i] = row_bound(f, 0, score_key(f, t->tv, !joker), t->rt, &f->wt[i]);
    }
}

static void prefix_max(int32_t *best, uint8_t *stay, int nv)
{
    int32_t b = FP_NONE;
    uint8_t s = 0;
    for (int v = 0; v < nv; v++) {
        b = best[v] > b ? best[v] : b;
        s |= stay[v];
        best[v] = b;
        stay[v] = s;
    }
}

/* Every middle and top over bottom bi; J: the hand holds jokers. */
static OFC_ALWAYS_INLINE void explore_body(const fp_work *f, int bi, fp_best *best, const int J)
{
    const fl_work *w = f->w;
    const fl_five *b = &w->five[bi];
    const int n = f->n, low = f->low;
    const uint32_t all = (1u << n) - 1u;
    const double S = f->S, Spos = f->Spos;
    const int32_t base_b = f->gb[bi] + f->cmax;
    int r[FL_MAX_CARDS], k = 0;
    for (int p = 0; p < n; p++)
        if (!(b->mask >> p & 1u)) r[k++] = p;
    for (int j4 = 4; j4 < k; j4++)
        for (int j3 = 3; j3 < j4; j3++)
            for (int j2 = 2; j2 < j3; j2++)
                for (int j1 = 1; j1 < j2; j1++)
                    for (int j0 = 0; j0 < j1; j0++) {
                        int mi = ofc_fl_binom[r[j0]][1] + ofc_fl_binom[r[j1]][2] + ofc_fl_binom[r[j2]][3]
                                 + ofc_fl_binom[r[j3]][4] + ofc_fl_binom[r[j4]][5];
                        const fl_five *md = &w->five[mi];
                        unsigned cap;
                        if (low) {
                            if (!md->live) continue;
                            cap = b->hv;
                        } else {
                            if (f->lo5[mi] > b->hv) continue;
                            cap = md->hv < b->hv ? md->hv : b->hv;
                        }
                        int32_t tb = f->top_best[cap];
                        if (tb == FP_NONE) continue;
                        const int32_t base = base_b + f->gm[mi];
                        const unsigned sbm = b->sb | md->sm;
                        const unsigned beats = f->wb[bi] & f->wm[mi];
                        double bound = (double)(base + tb + f->scoop * popcount(beats))
                                       + ((sbm | f->top_stay[cap]) ? Spos : 0.0);
                        if (!fl_could_win(&best->rank, bound, b->hv, bi, mi, md->mv)) continue;
                        int x[FL_MAX_CARDS], nx = 0;
                        for (int p = 0; p < n; p++)
                            if (!((b->mask | md->mask) >> p & 1u)) x[nx++] = p;
                        for (int t2 = 2; t2 < nx; t2++)
                            for (int t1 = 1; t1 < t2; t1++)
                                for (int t0 = 0; t0 < t1; t0++) {
                                    int ti = ofc_fl_binom[x[t0]][1] + ofc_fl_binom[x[t1]][2]
                                             + ofc_fl_binom[x[t2]][3];
                                    const fl_three *t = &w->three[ti];
                                    if (f->lo3[ti] > cap) continue;
                                    const unsigned stays = sbm | t->st;
                                    double tbound =
                                        (double)(base + f->gt[ti] + f->scoop * popcount(beats & f->wt[ti]))
                                        + (stays ? Spos : 0.0);
                                    if (!fl_leaf_wins(&best->rank, tbound, b->hv, bi, md->mv, mi, t->tv, ti))
                                        continue;
                                    const uint32_t tm = t->mask, dmask = all & ~(b->mask | md->mask | tm);
                                    ofc_fantasyland_points p;
                                    uint16_t kb = b->hv, km = md->mv, kt = t->tv;
                                    if (J && ((b->mask | md->mask | tm) & w->jm)) {
                                        /* a joker on the board: the board layer resolves it */
                                        uint8_t board[OFC_BOARD_SIZE];
                                        uint16_t key[OFC_ROWS];
                                        row_cards(tm, w->cards, n, board);
                                        row_cards(md->mask, w->cards, n, board + 3);
                                        row_cards(b->mask, w->cards, n, board + 8);
                                        if (fp_score(f->g, board, dmask, &p, key)) continue;
                                        kt = key[0], km = key[1], kb = key[2];
                                    } else {
                                        const fp_seats *s = &f->g->seats[f->g->dep ? fp_rank(dmask) : 0];
                                        uint16_t sk[OFC_ROWS] = {(uint16_t)score_key(f, t->tv, 1),
                                                                 (uint16_t)score_key(f, md->mv, 1),
                                                                 (uint16_t)score_key(f, b->hv, 1)};
                                        int32_t roy = t->rt + md->rm + b->rb;
                                        p.points = 0;
                                        for (int j = 0; j < OFC_FL_MAX_OPPONENTS; j++) p.versus[j] = 0;
                                        for (int j = 0; j < f->m; j++) {
                                            ofc_pair_score ps;
                                            ofc_score_pair(sk, 0, roy, s->key[j], s->fouled[j], s->roy[j],
                                                           f->scoop, &ps);
                                            p.versus[j] = ps.total;
                                            p.points += ps.total;
                                        }
                                        p.setting.royalty[0] = t->rt;
                                        p.setting.royalty[1] = md->rm;
                                        p.setting.royalty[2] = b->rb;
                                        p.setting.stays = (int32_t)(stays != 0);
                                        p.setting.fouled = 0;
                                        p.setting.jokers[0] = p.setting.jokers[1] = OFC_EMPTY;
                                        p.setting.value = (double)p.points + (stays ? S : 0.0);
                                    }
                                    if (!fl_leaf_wins(&best->rank, p.setting.value, kb, bi, km, mi, kt, ti))
                                        continue;
                                    fl_rank_record(&best->rank, p.setting.value, bi, mi, ti, kb, km, kt);
                                    best->p = p;
                                }
                    }
}

static void explore_natural(const fp_work *f, int bi, fp_best *best)
{
    explore_body(f, bi, best, 0);
}

static void explore_jokers(const fp_work *f, int bi, fp_best *best)
{
    explore_body(f, bi, best, 1);
}

/* 1 when bottom i comes before bottom j: the greater bound, then the
 * stronger bottom, then the greater set (the tie-break order). */
static inline int first(const fp_work *f, int i, int j)
{
    if (f->ub[i] != f->ub[j]) return f->ub[i] > f->ub[j];
    if (f->w->five[i].hv != f->w->five[j].hv) return f->w->five[i].hv > f->w->five[j].hv;
    return i > j;
}

/* Sort the bottoms a[0..n-1] by first (a merge sort through tmp). */
static void sort_bottoms(const fp_work *f, int *a, int *tmp, int n)
{
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = first(f, a[j], a[i]) ? a[j++] : a[i++];
            while (i < mid) tmp[k++] = a[i++];
            while (j < hi) tmp[k++] = a[j++];
        }
        memcpy(a, tmp, (size_t)n * sizeof *a);
    }
}

static int search(fp_work *f, const volatile int *stop, fp_best *best)
{
    fl_work *w = f->w;
    const int n = f->n, low = f->low;
    const int n5 = ofc_fl_binom[n - 1][5] + ofc_fl_binom[n - 1][4];
    const int n3 = ofc_fl_binom[n - 1][3] + ofc_fl_binom[n - 1][2];
    opponent_bounds(f);
    subset_bounds(f, n5, n3);
    for (int v = 0; v < FP_VALUES; v++) f->top_best[v] = f->mid_best[v] = FP_NONE;
    memset(f->top_stay, 0, sizeof f->top_stay);
    memset(f->mid_stay, 0, sizeof f->mid_stay);
    for (int i = 0; i < n3; i++) {
        unsigned v = f->lo3[i];
        if (f->gt[i] > f->top_best[v]) f->top_best[v] = f->gt[i];
        f->top_stay[v] |= w->three[i].st;
    }
    prefix_max(f->top_best, f->top_stay, FP_VALUES);
    int32_t live_best = FP_NONE;
    uint8_t live_stay = 0;
    for (int i = 0; i < n5; i++) {
        const fl_five *s = &w->five[i];
        if (low) {
            if (!s->live) continue;
            live_best = f->gm[i] > live_best ? f->gm[i] : live_best;
            live_stay |= s->sm;
            continue;
        }
        int32_t tb = f->top_best[s->hv];
        if (tb == FP_NONE) continue;
        unsigned v = f->lo5[i];
        if (f->gm[i] + tb > f->mid_best[v]) f->mid_best[v] = f->gm[i] + tb;
        f->mid_stay[v] |= (uint8_t)(s->sm | f->top_stay[s->hv]);
    }
    if (!low) prefix_max(f->mid_best, f->mid_stay, FP_VALUES);
    int nb = 0;
    for (int i = 0; i < n5; i++) {
        const fl_five *s = &w->five[i];
        int32_t rest =
            low ? (live_best == FP_NONE || f->top_best[s->hv] == FP_NONE ? FP_NONE
                                                                         : live_best + f->top_best[s->hv])
                : f->mid_best[s->hv];
        if (rest == FP_NONE) continue;
        unsigned st = s->sb | (low ? (live_stay | f->top_stay[s->hv]) : f->mid_stay[s->hv]);
        f->ub[i] = (double)(f->gb[i] + rest + f->cmax + f->scoop * popcount(f->wb[i])) + (st ? f->Spos : 0.0);
        f->order[nb++] = i;
    }
    sort_bottoms(f, f->order, f->tmp, nb);
    for (int k = 0; k < nb; k++) {
        int bi = f->order[k];
        if (best->rank.found && f->ub[bi] < best->rank.value) break;
        if (!fl_could_win(&best->rank, f->ub[bi], w->five[bi].hv, bi, -1, 0)) continue;
        if (stop && *stop) return OFC_FL_STOPPED;
        if (f->J)
            explore_jokers(f, bi, best);
        else
            explore_natural(f, bi, best);
    }
    return 0;
}

int ofc_solve_fantasyland_points(const uint8_t *cards, int n, const uint8_t *boards, int m,
                                 const uint8_t *in_fantasyland, const ofc_rules *rules,
                                 const ofc_joker_rules *jr, double stay_value, const volatile int *stop,
                                 ofc_fantasyland_points *out)
{
    fp_game g;
    int rc = fp_begin(&g, cards, n, boards, m, in_fantasyland, rules, jr, stay_value);
    if (rc) {
        fp_end(&g);
        return rc;
    }
    int nj = 0;
    for (int i = 0; i < n; i++) nj += g.cards[i] >= OFC_JOKER1;
    if (nj && rules->middle_live) {
        /* Low with jokers: as the royalty solver, the plain enumeration */
        fp_end(&g);
        return ofc_fantasyland_points_enumerate(cards, n, boards, m, in_fantasyland, rules, jr, stay_value,
                                                stop, out);
    }
    fp_work *f = (fp_work *)malloc(sizeof *f);
    fl_work *w = (fl_work *)malloc(sizeof *w);
    /* where the rules deal jokers, rows are in the rules' order (a royal flush may rank above five
     * of a kind) even in a hand without one: ofc_fl_fill_joker_subsets makes the values so */
    fl_joker_space *js = g.jr ? (fl_joker_space *)malloc(sizeof *js) : NULL;
    if (!f || !w || (g.jr && !js)) {
        free(f), free(w), free(js);
        fp_end(&g);
        return OFC_FL_NO_MEMORY;
    }
    w->js = js;
    memcpy(w->cards, g.cards, (size_t)n);
    w->jm = nj ? ((1u << nj) - 1u) << (n - nj) : 0;
    ofc_fl_fill_subsets(w, g.cards, n, n - nj, rules);
    if (g.jr) ofc_fl_fill_joker_subsets(w, g.cards, n, n - nj, rules, g.jr);
    f->w = w;
    f->g = &g;
    f->n = n;
    f->m = m;
    f->low = rules->middle_live != 0;
    f->J = nj != 0;
    f->keyj = g.jr != NULL;
    f->nbw = g.jr && g.jr->natural_beats_wild;
    f->S = stay_value;
    f->Spos = stay_value > 0 ? stay_value : 0.0;
    f->scoop = rules->scoop_bonus;
    fp_best best;
    memset(&best, 0, sizeof best);
    rc = search(f, stop, &best);
    if (rc == 0 && !best.rank.found) rc = fp_fouled(&g, 0, out);
    if (rc == 0 && best.rank.found) {
        const uint32_t all = (1u << n) - 1u;
        uint32_t tm = w->three[best.rank.ti].mask, mm = w->five[best.rank.mi].mask,
                 bm = w->five[best.rank.bi].mask;
        *out = best.p;
        row_cards(tm, g.cards, n, out->setting.board);
        row_cards(mm, g.cards, n, out->setting.board + 3);
        row_cards(bm, g.cards, n, out->setting.board + 8);
        memset(out->setting.discards, OFC_EMPTY, sizeof out->setting.discards);
        row_cards(all & ~(tm | mm | bm), g.cards, n, out->setting.discards);
    }
    free(js);
    free(w);
    free(f);
    fp_end(&g);
    return rc;
}
