/* Partial boards: boards with empty slots (OFC_EMPTY) in the middle
 * of a hand.  Which rows are complete, how many cards each still needs,
 * and whether some completion from a pool of cards avoids the foul.
 *
 * The foul question is answered exactly.  A few greedy completions come
 * first (the weakest cards on top, the strongest on the bottom): an easy
 * True needs no search.  Then a search over completions: the middle first
 * (it is bounded on both sides), then the strongest bottoms and the weakest
 * tops (Low: the weakest tops, then the bottoms), stopping at the first
 * completion that does not foul.  Bounds computed once over the whole pool
 * (the weakest top and the strongest bottom any completion can reach,
 * ignoring that the rows share the pool), and for each middle the weakest
 * top its leftover cards allow, cut the middles that cannot work before any
 * nested search; they only prune, the answer is always from a real
 * completion.  The search stops after `budget` nodes so that a caller can
 * split a long one into short calls (ofc_fast.partial does, for Ctrl-C). */
#include "ofc_board.h"
#include <stdlib.h>
#include <string.h>

/* the joker paths stay out of line: the search without jokers keeps its code */
#if defined(__GNUC__) || defined(__clang__)
#define COLD __attribute__((noinline, cold))
#else
#define COLD
#endif

int ofc_partial_first_bad(const uint8_t *board)
{
    return ofc_partial_first_bad_jokers(board, 0);
}

int ofc_partial_first_bad_jokers(const uint8_t *board, int jokers)
{
    uint64_t seen = 0;
    for (int i = 0; i < OFC_BOARD_SIZE; i++) {
        unsigned c = board[i];
        if (c == OFC_EMPTY) continue;
        if (c >= (unsigned)OFC_DECK_WITH_JOKERS(jokers) || (seen >> c & 1u)) return i;
        seen |= (uint64_t)1 << c;
    }
    return -1;
}

void ofc_partial_needed(const uint8_t *board, int8_t *need)
{
    for (int r = 0; r < 3; r++) {
        int k = 0;
        for (int i = 0; i < OFC_ROW_SIZE(r); i++) k += board[OFC_ROW_START(r) + i] == OFC_EMPTY;
        need[r] = (int8_t)k;
    }
}

/* Value of a full row r of cards c: strength, or the lowball rank of a Low middle. */
static inline unsigned row_value(const uint8_t *c, int r, int low)
{
    if (r == 0) return ofc_strength3_unchecked(c[0], c[1], c[2]);
    if (r == 1 && low) return ofc_lowball27_unchecked(c[0], c[1], c[2], c[3], c[4]);
    return ofc_strength5_unchecked(c[0], c[1], c[2], c[3], c[4]);
}

void ofc_partial_values(const uint8_t *board, const ofc_rules *rules, uint16_t *value)
{
    int low = rules->middle_live != 0;
    int8_t need[3];
    ofc_partial_needed(board, need);
    for (int r = 0; r < 3; r++)
        value[r] = need[r] ? 0 : (uint16_t)row_value(board + OFC_ROW_START(r), r, low);
}

/* Jokers: a row holding one is worth the strongest hand it can make (the
 * hand layer's joker strength: a joker takes a card not in its row, or makes
 * five of a kind where the rules have it). */
static inline unsigned row_value_jokers(const uint8_t *c, int r, int five_kind)
{
    if (r == 0) return ofc_strength3_jokers_unchecked(c[0], c[1], c[2]);
    return ofc_strength5_jokers_unchecked(c[0], c[1], c[2], c[3], c[4], five_kind);
}

void ofc_partial_values_jokers(const uint8_t *board, const ofc_rules *rules, const ofc_joker_rules *jr,
                               uint16_t *value)
{
    if (!jr || !jr->jokers) {
        ofc_partial_values(board, rules, value);
        return;
    }
    int five = jr->pool == OFC_POOL_DUPLICATES && jr->five_kind != OFC_FIVE_NONE;
    int8_t need[3];
    ofc_partial_needed(board, need);
    for (int r = 0; r < 3; r++)
        value[r] = need[r] ? 0 : (uint16_t)row_value_jokers(board + OFC_ROW_START(r), r, five);
}

typedef struct search {
    int low;
    const uint8_t *live; /* Low: middle_live table */
    const int *order;    /* rows in search order */
    uint8_t row[3][5];   /* the fixed cards first, the chosen ones after */
    int fixed[3], need[3];
    uint8_t pool[OFC_DECK_WITH_JOKERS(OFC_MAX_JOKERS)];
    int n;
    uint64_t used; /* pool indices taken by rows chosen so far */
    unsigned value[3];
    unsigned min_top, max_bottom;
    int64_t budget;           /* nodes left before giving up (-1: none), beyond those of `tick` */
    int64_t tick;             /* nodes before the next look at the budget and the stop flag */
    const volatile int *stop; /* the caller's stop flag (NULL: none): nonzero ends the search */
    int stopped;              /* the search ended on the stop flag */
    /* jokers on the board or in the pool (else NULL): a row's value is a
     * range, value[] its low ends and high[] its high ends (in the order of
     * ofc_order_key), and a completion is judged whole by the board layer */
    const ofc_joker_rules *jr;
    const ofc_rules *rules;
    uint64_t dead;
    unsigned high[3];
    unsigned cap;  /* the strongest middle at most the chosen bottom (high variants) */
    unsigned done; /* bit r: row r chosen (jokers) */
    /* the row being filled and its cards chosen so far, for row_floor; and
     * 1 where a complete top holding a joker is bounded from below while the
     * bottom is filled (resolution "row" under "not_on_board" / "unseen") */
    int part_row, part_k, top_floor;
    /* 1 where rows holding jokers are bounded from below by the kinds their
     * jokers must make (kind_floor; the same pools and resolution) */
    int kind_floor;
} search;

static COLD int row_range(const search *s, int r, unsigned *lo, unsigned *hi);
static COLD int board_fine(const search *s);
static COLD int fill_done_jokers(search *s, int st, int r);
static COLD unsigned extreme_jokers(const search *s, int r, int want_max);
static COLD int top_fits(search *s, int k);
static COLD int kinds_fit(search *s, int r, int k);

typedef void extreme_fn(search *s, int r, int k, int start, int want_max, unsigned *best);

/* One step of the extreme value of row r over every completion from the pool
 * indices not in `used` (want_max: the largest, else the smallest): a leaf
 * valued by its row (wild: by an end of its joker range), a deeper step by
 * `next`.  Inlined into a plain and a joker recursion, so that the leaves
 * without jokers test nothing. */
static OFC_ALWAYS_INLINE void extreme_step(search *s, int r, int k, int start, int want_max, unsigned *best,
                                           int wild, extreme_fn *next)
{
    if (k == s->need[r]) {
        unsigned v = wild ? extreme_jokers(s, r, want_max) : row_value(s->row[r], r, s->low);
        if (want_max ? v > *best : v < *best) *best = v;
        return;
    }
    for (int i = start; i <= s->n - (s->need[r] - k); i++) {
        if (s->used >> i & 1u) continue;
        s->row[r][s->fixed[r] + k] = s->pool[i];
        next(s, r, k + 1, i + 1, want_max, best);
    }
}

static void extreme_plain(search *s, int r, int k, int start, int want_max, unsigned *best)
{
    extreme_step(s, r, k, start, want_max, best, 0, extreme_plain);
}

static COLD void extreme_wild(search *s, int r, int k, int start, int want_max, unsigned *best)
{
    extreme_step(s, r, k, start, want_max, best, 1, extreme_wild);
}

/* The largest (want_max) or the smallest value row r reaches with cards of the pool. */
static inline unsigned extreme(search *s, int r, int want_max)
{
    unsigned best = want_max ? 0 : 0xFFFFu;
    if (OFC_UNLIKELY(s->jr != NULL))
        extreme_wild(s, r, 0, 0, want_max, &best);
    else
        extreme_plain(s, r, 0, 0, want_max, &best);
    return best;
}

static int stage(search *s, int st);

/* Rows in search order.  High middles: the middle (bounded on both sides),
 * then the strongest bottoms, then the weakest tops (a top rarely needs the
 * high cards a bottom takes).  Low: the live middle, the weakest tops, then
 * the bottoms that beat the top. */
static const int order_high[3] = {1, 2, 0}, order_low[3] = {1, 0, 2};

/* With jokers: whether one top, of the lowest cards left, is at most hi
 * (its weakest value, as extreme() values a top): then so is the weakest
 * top, without trying them all. */
static COLD int weak_top_fits(search *s, unsigned hi)
{
    int k = 0;
    for (int i = 0; i < s->n && k < s->need[0]; i++)
        if (!(s->used >> i & 1u)) s->row[0][s->fixed[0] + k++] = s->pool[i];
    return k == s->need[0] && extreme_jokers(s, 0, 0) <= hi;
}

/* Whether a middle whose value lies in lo..hi may fit: between the weakest
 * top and the strongest bottom, and some top from the cards it leaves is at
 * most it (else no bottom needs to be tried). */
static int middle_fits(search *s, unsigned lo, unsigned hi)
{
    if (hi < s->min_top || lo > s->max_bottom) return 0;
    if (s->need[0] == 0) return 1;
    if (OFC_UNLIKELY(s->jr != NULL) && weak_top_fits(s, hi)) return 1; /* the minimum is at most it */
    return extreme(s, 0, 0) <= hi;
}

/* Whether row r of value v fits the rows chosen before it. */
static int accept(search *s, int r, unsigned v)
{
    switch (r) {
    case 1: /* middle: live in Low; else between the weakest top and the strongest bottom */
        return s->low ? s->live[v] : middle_fits(s, v, v);
    case 0: /* top: at most the middle (Low: at most the strongest bottom) */
        return v <= (s->low ? s->max_bottom : s->value[1]);
    default: /* bottom: at least the middle (Low: at least the top) */
        return v >= (s->low ? s->value[0] : s->value[1]);
    }
}

static COLD long middle_cap(const search *s, unsigned hi, unsigned bound);

/* Whether the chosen Low middle, its natural cards live (live_card), may be
 * live once its jokers become cards: some ranks of two to ten not in the row
 * (a suit the first natural lacks, so no flush) make no straight.  Pools
 * that restrict a joker further only make fewer middles live: a bound; the
 * board layer judges the whole board. */
static COLD int low_live(const search *s)
{
    uint8_t x[5];
    int j[2] = {-1, -1}, nj = 0, suit = -1;
    memcpy(x, s->row[1], 5);
    for (int i = 0; i < 5; i++) {
        if (x[i] >= OFC_JOKER1)
            j[nj++] = i;
        else if (suit < 0)
            suit = x[i] % 4;
    }
    if (nj == 0) return s->live[ofc_lowball27_unchecked(x[0], x[1], x[2], x[3], x[4])];
    /* the cards two to ten of a suit the first natural lacks (at least three naturals: suit >= 0) */
    const uint64_t low = OFC_SUIT_CARDS((suit + 1) % 4) & (((uint64_t)1 << (4 * 9)) - 1);
    OFC_FOR_JOKER_CARDS(x, j, nj, low, low, a, b, {
        if (s->live[ofc_lowball27_unchecked(x[0], x[1], x[2], x[3], x[4])]) return 1;
    });
    return 0;
}

/* accept with jokers: whether row r, whose value lies in lo..hi, may fit the
 * rows chosen before it (bounds only: the whole board is judged at the end).
 * In the high variants a middle's range may hold no value between the top
 * and the bottom (a queen and a joker against a king-high bottom and a king
 * on top): the strongest middle at most the bottom (middle_cap) must still
 * reach the top. */
static COLD int accept_range(search *s, int r, unsigned lo, unsigned hi)
{
    long cap;
    if (s->low) /* the middle is not compared, only live; the bottom beats the top */
        return r == 1 ? low_live(s) : r == 0 ? lo <= s->max_bottom : hi >= s->value[0];
    switch (r) {
    case 1: /* the cheap bounds first, the tops of the leftover cards (middle_fits) once */
        if (hi < s->min_top || lo > s->max_bottom) return 0;
        cap = middle_cap(s, hi, s->max_bottom);
        return cap >= (long)s->min_top && middle_fits(s, lo, (unsigned)cap);
    case 0: return lo <= s->high[1] && lo <= s->cap;
    default:
        if (hi < s->value[1]) return 0;
        cap = middle_cap(s, s->high[1], hi);
        s->cap = cap < 0 ? 0 : (unsigned)cap;
        return cap >= 0;
    }
}

/* Whether card c may join the first fixed + k cards of a Low middle: a live
 * middle (docs/RULES.md section 9, ofc_rules.c) is ten high or lower and
 * has no pair, so a higher card or a second card of a rank kills it. */
static int live_card(const search *s, int k, unsigned c)
{
    if (c >= OFC_JOKER1) return 1; /* a joker may become a live card (the board layer decides) */
    if (c / 4 > 8) return 0;
    for (int m = 0; m < s->fixed[1] + k; m++)
        if (s->row[1][m] / 4 == c / 4) return 0;
    return 1;
}

/* Every OFC_POLL_NODES nodes: the stop flag (a long search of a caller that
 * polls for Ctrl-C ends within milliseconds), and the budget in steps: 1
 * when the search must end (the budget ran out, or stop), else 0 and the
 * nodes before the next look.  The nodes allowed in all are the budget's. */
#define OFC_POLL_NODES 256
static int out_of_nodes(search *s)
{
    if (s->stop && *s->stop) {
        s->stopped = 1;
        return 1;
    }
    int64_t step = OFC_POLL_NODES;
    if (s->budget >= 0) {
        if (s->budget == 0) return 1;
        if (s->budget < step) step = s->budget;
        s->budget -= step;
    }
    s->tick = step - 1; /* this node is the first of the step */
    return 0;
}

/* Choose the k-th missing card of the row of stage st among pool indices
 * from `from` (bottom: downwards, strongest first; the others: upwards). */
static int fill(search *s, int st, int k, int from)
{
    int r = s->order[st];
    if (k == s->need[r]) {
        if (OFC_UNLIKELY(s->jr != NULL)) return fill_done_jokers(s, st, r);
        unsigned v = row_value(s->row[r], r, s->low);
        if (!accept(s, r, v)) return 0;
        s->value[r] = v;
        return st == 2 ? 1 : stage(s, st + 1);
    }
    if (OFC_UNLIKELY(--s->tick < 0) && out_of_nodes(s)) return -1;
    if (OFC_UNLIKELY(s->top_floor) && r == 2 && k > 0 && !top_fits(s, k)) return 0;
    if (OFC_UNLIKELY(s->kind_floor) && !kinds_fit(s, r, k)) return 0;
    int left = s->need[r] - k - 1; /* cards still to choose after this one */
    if (r == 2) {
        for (int i = from; i >= left; i--) {
            if (s->used >> i & 1u) continue;
            s->used |= (uint64_t)1 << i;
            s->row[r][s->fixed[r] + k] = s->pool[i];
            int got = fill(s, st, k + 1, i - 1);
            s->used &= ~((uint64_t)1 << i);
            if (got) return got;
        }
    } else {
        for (int i = from; i < s->n - left; i++) {
            if (s->used >> i & 1u) continue;
            if (r == 1 && s->low && !live_card(s, k, s->pool[i])) continue;
            s->used |= (uint64_t)1 << i;
            s->row[r][s->fixed[r] + k] = s->pool[i];
            int got = fill(s, st, k + 1, i + 1);
            s->used &= ~((uint64_t)1 << i);
            if (got) return got;
        }
    }
    return 0;
}

static int stage(search *s, int st)
{
    return fill(s, st, 0, s->order[st] == 2 ? s->n - 1 : 0);
}

/* Whether rows holding these cards do not foul (complete rows). */
static int valid_rows(search *s)
{
    if (OFC_UNLIKELY(s->jr != NULL)) return board_fine(s);
    unsigned v[3];
    for (int r = 0; r < 3; r++) v[r] = row_value(s->row[r], r, s->low);
    if (s->low) return s->live[v[1]] && v[0] <= v[2];
    return v[0] <= v[1] && v[1] <= v[2];
}

/* Take pool cards for row r: from the low end (up) or the high end, skipping
 * cards whose rank the row already holds while other cards are left (a top
 * or a Low middle wants no pair).  0 when the pool runs short. */
static int take(search *s, int r, int up, int distinct, uint64_t *taken)
{
    for (int k = 0; k < s->need[r]; k++) {
        int pick = -1;
        for (int pass = 0; pass < 2 && pick < 0; pass++) {
            for (int j = 0; j < s->n && pick < 0; j++) {
                int i = up ? j : s->n - 1 - j;
                if (*taken >> i & 1u) continue;
                if (pass == 0 && distinct) {
                    int dup = 0;
                    for (int m = 0; m < s->fixed[r] + k; m++) dup |= s->row[r][m] / 4 == s->pool[i] / 4;
                    if (dup) continue;
                }
                pick = i;
            }
        }
        if (pick < 0) return 0;
        *taken |= (uint64_t)1 << pick;
        s->row[r][s->fixed[r] + k] = s->pool[pick];
    }
    return 1;
}

/* A few greedy completions, each checked: the weakest cards on top, the
 * strongest on the bottom, the middle from what is left (the strongest or,
 * in Low and as a second try, the weakest).  Only a witness: 1 when one of
 * them does not foul, else 0 and the search decides. */
static int witness(search *s)
{
    for (int try_ = 0; try_ < 4; try_++) {
        uint64_t taken = 0;
        int mid_up = s->low ? 1 : (try_ & 1);
        int top_first = try_ < 2;
        int ok;
        if (top_first) {
            ok = take(s, 0, 1, 1, &taken) && take(s, 2, 0, 0, &taken)
                 && take(s, 1, mid_up, s->low || mid_up, &taken);
        } else {
            ok = take(s, 2, 0, 0, &taken) && take(s, 1, mid_up, s->low || mid_up, &taken)
                 && take(s, 0, 1, 1, &taken);
        }
        if (!ok) return 0;
        if (valid_rows(s)) return 1;
        /* middle and bottom both chosen whole: their cards may change places */
        if (!s->low && s->fixed[1] == 0 && s->fixed[2] == 0) {
            uint8_t tmp[5];
            memcpy(tmp, s->row[1], 5);
            memcpy(s->row[1], s->row[2], 5);
            memcpy(s->row[2], tmp, 5);
            if (valid_rows(s)) return 1;
        }
    }
    return 0;
}

/* With jokers, after witness(): random completions, each judged whole.  A
 * joker on top makes the top a pair or better, so a clean completion needs a
 * bottom (and a middle) that pairs too, which the greedy completions (the
 * strongest cards on the bottom) miss; a search that must find it can take
 * seconds, where a few random completions find one at once whenever clean
 * completions are not rare.  Only a witness (a False still comes from the
 * search), from a fixed stream: the same answer and work every call. */
#define RANDOM_WITNESSES 128
static COLD int random_witness(search *s)
{
    uint8_t idx[OFC_DECK_WITH_JOKERS(OFC_MAX_JOKERS)];
    int total = s->need[0] + s->need[1] + s->need[2];
    if (total == 0 || total > s->n) return 0;
    for (int i = 0; i < s->n; i++) idx[i] = (uint8_t)i;
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int t = 0; t < RANDOM_WITNESSES; t++) {
        for (int k = 0; k < total; k++) { /* a partial shuffle: the first `total` of idx */
            x += 0x9E3779B97F4A7C15ull;
            uint64_t z = x;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            z ^= z >> 31;
            int j = k + (int)(z % (uint64_t)(s->n - k));
            uint8_t tmp = idx[k];
            idx[k] = idx[j];
            idx[j] = tmp;
        }
        int k = 0;
        for (int r = 0; r < 3; r++)
            for (int m = 0; m < s->need[r]; m++) s->row[r][s->fixed[r] + m] = s->pool[idx[k++]];
        if (board_fine(s)) return 1;
    }
    return 0;
}

/* ---- jokers ---------------------------------------------------------------
 * A row's value with jokers depends on what they become, so the search
 * bounds each chosen row by a range (lo..hi in the rules' order: the weakest
 * and the strongest hand its jokers could make alone, a row without one its
 * value) and prunes with the ranges only; a complete board is judged by
 * ofc_board_eval_jokers itself, so the answer is exact whatever the pool and
 * resolution rules. */

/* 1 where a row holding jokers is worth exactly its strongest hand alone
 * (resolution "row" under pool "any" or "duplicates": no other row restricts
 * its jokers). */
static inline int row_alone(const ofc_joker_rules *jr)
{
    return jr->resolution == OFC_RESOLVE_ROW && (jr->pool == OFC_POOL_ANY || jr->pool == OFC_POOL_DUPLICATES);
}

/* row_floor for few cards still to place (m): the least, over every set B
 * of at most m cards they may take, of the row's strongest value avoiding
 * B.  To weaken the best assignment, B must hold one of its cards: one
 * branch for each (exact; 0 when no assignment).  item: value << 12 | a << 6
 * | b for each assignment, `blocked` the cards of B so far. */
static unsigned hit_floor(const uint32_t *item, int n, int nj, uint64_t blocked, int m)
{
    uint32_t best = 0;
    int any = 0;
    for (int i = 0; i < n; i++) {
        unsigned a = item[i] >> 6 & 63u, b = item[i] & 63u;
        if (blocked >> a & 1u || (nj == 2 && blocked >> b & 1u)) continue;
        if (!any || item[i] >> 12 > best >> 12) best = item[i], any = 1;
    }
    if (!any) return 0;
    if (m == 0) return best >> 12;
    unsigned least = hit_floor(item, n, nj, blocked | (uint64_t)1 << (best >> 6 & 63u), m - 1);
    if (nj == 2) {
        unsigned v = hit_floor(item, n, nj, blocked | (uint64_t)1 << (best & 63u), m - 1);
        if (v < least) least = v;
    }
    return least;
}

/* Resolution "row" under "not_on_board" / "unseen": row r, holding the nj
 * jokers at j and the naturals `own`, is worth its strongest hand with cards
 * on no row and (unseen) not dead.  The cards not yet placed (m: the empty
 * slots of rows not chosen, and another joker's card) can take at most m of
 * them, so the (m+1)-th strongest card, or for two jokers the (m+1)-th of
 * disjoint pairs taken strongest first, is still there: a floor on its value
 * (0 when too few cards). */
static unsigned row_floor(const search *s, int r, const int *j, int nj, uint64_t own)
{
    uint64_t seen = own | (s->jr->pool == OFC_POOL_UNSEEN ? s->dead : 0);
    unsigned other = nj == 1 && s->jr->jokers == 2 ? (unsigned)(OFC_JOKER1 + OFC_JOKER2 - s->row[r][j[0]])
                                                   : (unsigned)OFC_EMPTY;
    int m = 0, other_first = 0, other_placed = 0;
    for (int q = 0; q < 3; q++) {
        if (q == r) continue;
        int k = s->done >> q & 1u ? OFC_ROW_SIZE(q) : s->fixed[q] + (q == s->part_row ? s->part_k : 0);
        for (int i = 0; i < k; i++) {
            if (s->row[q][i] < OFC_JOKER1) seen |= (uint64_t)1 << s->row[q][i];
            if (s->row[q][i] == other) other_placed = 1, other_first |= q > r;
        }
        m += OFC_ROW_SIZE(q) - k;
        if (k < OFC_ROW_SIZE(q) && q > r) other_first |= 2; /* the other joker may still go there */
    }
    /* resolution "row" picks the bottom's jokers, then the middle's, then the
     * top's: the other joker takes a card first only from a row below */
    if (other != OFC_EMPTY) m += other_placed ? other_first & 1 : other_first != 0;
    uint8_t x[5];
    memcpy(x, s->row[r], (size_t)OFC_ROW_SIZE(r));
    int below = s->jr->five_kind == OFC_FIVE_BELOW_ROYAL;
    /* value << 12 | a << 6 | b, sorted strongest first */
    static const int max_items = OFC_DECK_SIZE * (OFC_DECK_SIZE - 1) / 2;
    uint32_t item[OFC_DECK_SIZE * (OFC_DECK_SIZE - 1) / 2];
    int n = 0;
    OFC_FOR_JOKER_CARDS(x, j, nj, ~seen, ~seen, a, b, {
        unsigned v = r == 0 ? ofc_strength3_unchecked(x[0], x[1], x[2])
                            : ofc_strength5_unchecked(x[0], x[1], x[2], x[3], x[4]);
        if (n < max_items) item[n++] = (uint32_t)ofc_order_key((uint16_t)v, below) << 12 | a << 6 | b;
    });
    if (m <= 3) return hit_floor(item, n, nj, 0, m);
    /* the items strongest first, each taking its cards: the (m+1)-th item
     * taken, found by m+1 scans for the strongest item left (the keys are
     * distinct, so this is the order a sort gives, at a fraction of a sort's
     * cost: this runs at every node of the search) */
    uint64_t taken = 0;
    for (int count = 0;; count++) {
        uint32_t best = 0;
        int any = 0;
        for (int i = 0; i < n; i++) {
            unsigned a = item[i] >> 6 & 63u, b = item[i] & 63u;
            if (taken >> a & 1u || (nj == 2 && taken >> b & 1u)) continue;
            if (!any || item[i] > best) best = item[i], any = 1;
        }
        if (!any) return 0;
        if (count == m) return best >> 12;
        taken |= (uint64_t)1 << (best >> 6 & 63u) | (nj == 2 ? (uint64_t)1 << (best & 63u) : 0);
    }
}

/* The strongest (hi) and the weakest (lo, when not NULL) value of chosen row
 * r over what its jokers may become alone; the number of jokers it holds.
 * The weakest is a bound for the pools that restrict a joker further. */
static int row_range(const search *s, int r, unsigned *lo, unsigned *hi)
{
    const ofc_joker_rules *jr = s->jr;
    const uint8_t *c = s->row[r];
    int n = OFC_ROW_SIZE(r), nj = 0, five = jr->pool == OFC_POOL_DUPLICATES && jr->five_kind != OFC_FIVE_NONE,
        below = jr->five_kind == OFC_FIVE_BELOW_ROYAL;
    int j[2] = {-1, -1};
    uint64_t own = 0;
    for (int i = 0; i < n; i++) {
        if (c[i] >= OFC_JOKER1)
            j[nj++] = i;
        else
            own |= (uint64_t)1 << c[i];
    }
    *hi = ofc_order_key((uint16_t)row_value_jokers(c, r, five), below);
    if (!lo) return nj;
    if (!nj || row_alone(jr)) {
        *lo = *hi;
        return 0;
    }
    if (jr->resolution == OFC_RESOLVE_ROW
        && (jr->pool == OFC_POOL_NOT_ON_BOARD || jr->pool == OFC_POOL_UNSEEN)) {
        unsigned f = row_floor(s, r, j, nj, own); /* a value of the row, so at least its weakest */
        if (f) {
            *lo = f < *hi ? f : *hi;
            return nj;
        }
    }
    uint8_t x[5];
    memcpy(x, c, (size_t)n);
    unsigned least = 0xFFFFu;
    if (r == 0) { /* the top goes by ranks: each joker every rank (the first in suit 0,
                   * the second in suit 1 from the first's rank up: each pair of ranks once) */
        const uint64_t suit0 = OFC_SUIT_CARDS(0), suit1 = OFC_SUIT_CARDS(1);
        OFC_FOR_JOKER_CARDS(x, j, nj, suit0, suit1, a, b, {
            unsigned v = ofc_strength3_unchecked(x[0], x[1], x[2]);
            if (v < least) least = v;
        });
    } else { /* every card not in the row, two jokers two different ones (a card of
              * the row, or one card twice, only pairs: never weaker) */
        OFC_FOR_JOKER_CARDS(x, j, nj, ~own, ~own, a, b, {
            unsigned v = ofc_strength5_unchecked(x[0], x[1], x[2], x[3], x[4]);
            if (v < least) least = v;
        });
    }
    *lo = ofc_order_key((uint16_t)least, below);
    if (*lo > *hi) *lo = *hi;
    return nj;
}

/* The strongest value (in the order of ofc_order_key) the chosen middle, of
 * strongest value hi, can take at most `bound`; -1 when none.  Its jokers
 * run over every card not in the row, two jokers two different cards: all a
 * pool but "duplicates" allows (there, min(hi, bound) only). */
static long middle_cap(const search *s, unsigned hi, unsigned bound)
{
    if (hi <= bound) return (long)hi;
    if (row_alone(s->jr)) return -1; /* the middle is worth hi, above the bound */
    const uint8_t *c = s->row[1];
    int j[2] = {-1, -1}, nj = 0, below = s->jr->five_kind == OFC_FIVE_BELOW_ROYAL;
    uint64_t own = 0;
    for (int i = 0; i < 5; i++) {
        if (c[i] >= OFC_JOKER1)
            j[nj++] = i;
        else
            own |= (uint64_t)1 << c[i];
    }
    if (nj == 0) return -1; /* its one value is above the bound */
    if (s->jr->pool == OFC_POOL_DUPLICATES) return (long)bound;
    uint8_t x[5];
    memcpy(x, c, 5);
    long best = -1;
    OFC_FOR_JOKER_CARDS(x, j, nj, ~own, ~own, a, b, {
        unsigned v = ofc_order_key(ofc_strength5_unchecked(x[0], x[1], x[2], x[3], x[4]), below);
        if (v <= bound && (long)v > best) best = (long)v;
    });
    return best;
}

/* One end of row r's range (extreme() with jokers). */
static unsigned extreme_jokers(const search *s, int r, int want_max)
{
    unsigned lo, hi;
    row_range(s, r, want_max ? NULL : &lo, &hi);
    return want_max ? hi : lo;
}

/* Whether the complete top, holding a joker, may still be at most the chosen
 * middle once the first k missing cards of the bottom are on the board (they
 * only take cards from the top's jokers under the pools of row_floor). */
static int top_fits(search *s, int k)
{
    int j[2] = {-1, -1}, nj = 0;
    uint64_t own = 0;
    for (int i = 0; i < 3; i++) {
        if (s->row[0][i] >= OFC_JOKER1)
            j[nj++] = i;
        else
            own |= (uint64_t)1 << s->row[0][i];
    }
    s->part_row = 2;
    s->part_k = k;
    unsigned f = row_floor(s, 0, j, nj, own);
    s->part_row = -1;
    return f <= s->high[1];
}

/* The weakest hand of row r holding c[a] cards of each rank a (at most 4,
 * at most the row's size in all), the other cards the lowest ranks not in
 * it; 0 when it holds no pair (then a straight or a flush could be weaker
 * to build than to bound). */
static unsigned weakest_with(const int *c, int r)
{
    uint8_t x[5];
    int n = 0, pair = 0;
    for (int a = 0; a < OFC_RANKS; a++) {
        pair |= c[a] >= 2;
        for (int i = 0; i < c[a]; i++) x[n++] = (uint8_t)(4 * a + i);
    }
    if (!pair || n > OFC_ROW_SIZE(r)) return 0;
    /* a pair: neither straight nor flush, so any suits */
    for (int a = 0; n < OFC_ROW_SIZE(r); a++)
        if (!c[a]) x[n++] = (uint8_t)(4 * a);
    return r == 0 ? ofc_strength3_unchecked(x[0], x[1], x[2])
                  : ofc_strength5_unchecked(x[0], x[1], x[2], x[3], x[4]);
}

/* Resolution "row" under "not_on_board" / "unseen": a floor on the final
 * value of row r (its cards chosen so far), from the
 * ranks its jokers must be able to copy.  A rank of which g cards are in no
 * row yet (and, unseen, not dead), beyond the empty slots of the other rows
 * and the other joker's card (when it may be resolved first), ends with at
 * least g of them in this row or free for its jokers: with e of its
 * jokers on that rank (e <= g) the row holds at least cnt + e cards of it,
 * so it is at least the weakest hand holding those ranks (weakest_with; no
 * five of a kind in these pools).  0 when no choice gives a pair. */
static unsigned kind_floor(const search *s, int r)
{
    int known = s->done >> r & 1u ? OFC_ROW_SIZE(r) : s->fixed[r] + (r == s->part_row ? s->part_k : 0);
    int nj = 0, cnt[OFC_RANKS] = {0};
    for (int i = 0; i < known; i++) {
        if (s->row[r][i] >= OFC_JOKER1)
            nj++;
        else
            cnt[s->row[r][i] / 4]++;
    }
    if (!nj) return 0;
    uint64_t seen = s->jr->pool == OFC_POOL_UNSEEN ? s->dead : 0;
    int m = 0, other_placed = -1, other_below_open = 0;
    for (int q = 0; q < 3; q++) {
        int k = s->done >> q & 1u ? OFC_ROW_SIZE(q) : s->fixed[q] + (q == s->part_row ? s->part_k : 0);
        for (int i = 0; i < k; i++) {
            uint8_t c = s->row[q][i];
            if (c < OFC_JOKER1)
                seen |= (uint64_t)1 << c;
            else if (q != r)
                other_placed = q;
        }
        if (q != r) m += OFC_ROW_SIZE(q) - k;
        if (q > r && k < OFC_ROW_SIZE(q)) other_below_open = 1;
    }
    /* the other joker, when not in this row: resolution "row" picks the
     * bottom's jokers first, so it takes a card first only from a row below */
    int out = s->jr->jokers - nj; /* jokers not yet in this row (the row's own may come) */
    if (out > 0) {
        if (other_placed >= 0)
            m += other_placed > r;
        else
            m += other_below_open;
    }
    /* the ranks with a card guaranteed (g >= 1), then none (OFC_RANKS) */
    int g[OFC_RANKS + 1], rank[OFC_RANKS + 1], nr = 0;
    for (int a = 0; a < OFC_RANKS; a++) {
        int free_ = 0;
        for (int su = 0; su < 4; su++) free_ += !(seen >> (4 * a + su) & 1u);
        g[a] = free_ - m;
        if (g[a] >= 1) rank[nr++] = a;
    }
    rank[nr++] = OFC_RANKS;
    /* each joker on such a rank or on none */
    unsigned best = 0;
    for (int ia = 0; ia < nr; ia++) {
        int a = rank[ia];
        for (int ib = nj == 2 ? ia : nr - 1; ib < nr; ib++) {
            int b = rank[ib];
            if (b == a && b < OFC_RANKS && g[b] < 2) continue;
            /* a joker alone on a rank the row lacks adds no pair */
            if (b != a && ((a < OFC_RANKS && !cnt[a]) || (b < OFC_RANKS && !cnt[b]))) continue;
            int c[OFC_RANKS];
            memcpy(c, cnt, sizeof c);
            if (a < OFC_RANKS) c[a]++;
            if (b < OFC_RANKS) c[b]++;
            unsigned v = weakest_with(c, r);
            if (v) {
                v = ofc_order_key((uint16_t)v, s->jr->five_kind == OFC_FIVE_BELOW_ROYAL);
                if (v > best) best = v;
            }
        }
    }
    return best;
}

/* Whether the rows holding jokers may still fit once the first k missing
 * cards of row r are chosen (high variants): the middle's floor at most the
 * strongest bottom, the top's at most the strongest middle. */
static int kinds_fit(search *s, int r, int k)
{
    int pr = s->part_row, pk = s->part_k;
    s->part_row = r;
    s->part_k = k;
    unsigned bot_hi = s->done >> 2 & 1u ? s->high[2] : s->max_bottom, mid_hi = bot_hi;
    if (s->done >> 1 & 1u) {
        mid_hi = s->high[1];
        if (s->done >> 2 & 1u && s->cap < mid_hi) mid_hi = s->cap; /* cap: set with the bottom */
    }
    int ok = kind_floor(s, 1) <= bot_hi && kind_floor(s, 0) <= mid_hi;
    s->part_row = pr;
    s->part_k = pk;
    return ok;
}

/* fill() with jokers, row r of stage st chosen: its range fits, then the
 * next stage, or at the last the whole board judged. */
static int fill_done_jokers(search *s, int st, int r)
{
    unsigned lo = 0, hi = 0;
    if (!(s->low && r == 1)) row_range(s, r, &lo, &hi); /* a Low middle's strength is no bound */
    if (!accept_range(s, r, lo, hi)) return 0;
    if (s->kind_floor && r == 2 && s->done >> 1 & 1u) {
        /* the middle's floor again, now that only the top's cards are to come */
        unsigned mlo, mhi;
        s->done |= 1u << 2;
        row_range(s, 1, &mlo, &mhi);
        s->done &= ~(1u << 2);
        if (mlo > hi) return 0;
    }
    s->value[r] = lo;
    s->high[r] = hi;
    if (st == 2) return board_fine(s);
    s->done |= 1u << r;
    int got = stage(s, st + 1);
    s->done &= ~(1u << r);
    return got;
}

/* Whether the complete board of the chosen rows is not fouled once the board
 * layer resolves its jokers. */
static int board_fine(const search *s)
{
    uint8_t b[OFC_BOARD_SIZE], card[2], natural[3];
    for (int r = 0; r < 3; r++) memcpy(b + OFC_ROW_START(r), s->row[r], (size_t)OFC_ROW_SIZE(r));
    ofc_board_result res;
    ofc_board_eval_jokers(b, 0, s->dead, s->rules, s->jr, &res, card, natural);
    return !res.fouled;
}

int ofc_partial_can_avoid_foul(const uint8_t *board, const uint8_t *pool, int npool, const ofc_rules *rules,
                               int64_t budget)
{
    return ofc_partial_can_avoid_foul_stop(board, pool, npool, 0, rules, NULL, budget, NULL);
}

int ofc_partial_can_avoid_foul_jokers(const uint8_t *board, const uint8_t *pool, int npool, uint64_t dead,
                                      const ofc_rules *rules, const ofc_joker_rules *jr, int64_t budget)
{
    return ofc_partial_can_avoid_foul_stop(board, pool, npool, dead, rules, jr, budget, NULL);
}

/* (the search itself, also without jokers) */
int ofc_partial_can_avoid_foul_stop(const uint8_t *board, const uint8_t *pool, int npool, uint64_t dead,
                                    const ofc_rules *rules, const ofc_joker_rules *jr, int64_t budget,
                                    const volatile int *stop)
{
    search s;
    int total = 0;
    s.jr = NULL;
    s.rules = rules;
    s.dead = dead;
    s.low = rules->middle_live != 0;
    s.live = rules->middle_live;
    s.order = s.low ? order_low : order_high;
    s.budget = budget;
    s.tick = 0;
    s.stop = stop;
    s.stopped = 0;
    s.used = 0;
    s.done = 0;
    s.part_row = -1;
    s.part_k = 0;
    s.top_floor = 0;
    s.kind_floor = 0;
    for (int r = 0; r < 3; r++) {
        s.fixed[r] = 0;
        s.value[r] = 0;
        for (int i = 0; i < OFC_ROW_SIZE(r); i++) {
            uint8_t c = board[OFC_ROW_START(r) + i];
            if (c != OFC_EMPTY) s.row[r][s.fixed[r]++] = c;
        }
        s.need[r] = OFC_ROW_SIZE(r) - s.fixed[r];
        total += s.need[r];
    }
    /* the pool sorted by code (rank-major): tops are tried weakest first (the
     * jokers last: bottoms try them first) */
    uint64_t bits = 0;
    int deck = OFC_DECK_SIZE;
    for (int i = 0; i < npool; i++) bits |= (uint64_t)1 << pool[i];
    if (jr && jr->jokers) {
        uint64_t on_board = 0;
        for (int i = 0; i < OFC_BOARD_SIZE; i++)
            if (board[i] != OFC_EMPTY) on_board |= (uint64_t)1 << board[i];
        deck = OFC_DECK_WITH_JOKERS(jr->jokers);
        /* a joker on the board or in the pool: the search of ranges */
        if ((bits | on_board) >> OFC_JOKER1) s.jr = jr;
        s.top_floor = s.jr && !s.low && jr->resolution == OFC_RESOLVE_ROW
                      && (jr->pool == OFC_POOL_NOT_ON_BOARD || jr->pool == OFC_POOL_UNSEEN)
                      && (board[0] >= OFC_JOKER1 || board[1] >= OFC_JOKER1 || board[2] >= OFC_JOKER1)
                      && board[2] != OFC_EMPTY;
        s.kind_floor = s.jr && !s.low && jr->resolution == OFC_RESOLVE_ROW
                       && (jr->pool == OFC_POOL_NOT_ON_BOARD || jr->pool == OFC_POOL_UNSEEN);
    }
    s.n = 0;
    for (int c = 0; c < deck; c++)
        if (bits >> c & 1u) s.pool[s.n++] = (uint8_t)c;
    if (total > s.n) return OFC_BOARD_SHORT_POOL;
    /* a Low middle already dead: every completion fouls */
    for (int k = 0; s.low && k < s.fixed[1]; k++) {
        s.fixed[1] = k;
        int ok = live_card(&s, 0, s.row[1][k]);
        s.fixed[1] = OFC_ROW_SIZE(1) - s.need[1];
        if (!ok) return 0;
    }
    if (witness(&s)) return 1;
    if (OFC_UNLIKELY(s.jr != NULL) && random_witness(&s)) return 1;
    /* bounds over the whole pool: cheap for rows missing at most 3 cards;
     * a row missing more keeps the trivial bound (pruning only) */
    s.min_top = 0;
    s.max_bottom = 0xFFFFu;
    s.high[1] = 0xFFFFu;
    s.cap = 0xFFFFu;
    if (s.need[0] <= 3) s.min_top = extreme(&s, 0, 0);
    if (s.need[2] <= 3) s.max_bottom = extreme(&s, 2, 1);
    /* every top beats every bottom: no middle to try */
    if (s.min_top > s.max_bottom) return 0;
    int found = stage(&s, 0);
    if (s.stopped) return OFC_PARTIAL_STOPPED;
    return found < 0 ? OFC_BOARD_BUDGET : found; /* the search's -1: out of budget */
}
