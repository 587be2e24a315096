/* Partial boards: boards with empty slots (OFC_EMPTY) in the middle
 * of a hand.  Which rows are complete, how many cards each still needs,
 * and whether some completion from a pool of cards avoids the foul.
 *
 * The foul question is answered exactly by a search over completions:
 * the middle first (it is bounded on both sides), then the weakest tops,
 * then the strongest bottoms, stopping at the first completion that does
 * not foul.  Bounds computed once over the whole pool (the weakest top and
 * the strongest bottom any completion can reach, ignoring that the rows
 * share the pool) cut the middles that cannot work before any nested
 * search; they only prune, the answer is always from a real completion. */
#include "ofc_board.h"

int ofc_partial_first_bad(const uint8_t *board)
{
    uint64_t seen = 0;
    for (int i = 0; i < OFC_BOARD_SIZE; i++) {
        unsigned c = board[i];
        if (c == OFC_EMPTY) continue;
        if (c > OFC_LAST_CARD || (seen >> c & 1u)) return i;
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

typedef struct search {
    int low;
    const uint8_t *live; /* Low: middle_live table */
    uint8_t row[3][5];   /* the fixed cards first, the chosen ones after */
    int fixed[3], need[3];
    uint8_t pool[OFC_DECK_SIZE];
    int n;
    uint64_t used; /* pool indices taken by rows chosen so far */
    unsigned value[3];
    unsigned min_top, max_bottom;
    int64_t budget; /* nodes left before giving up (-1: none) */
} search;

/* Extreme value of row r over every completion from the whole pool (want_max:
 * the largest, else the smallest). */
static void extreme(search *s, int r, int k, int start, int want_max, unsigned *best)
{
    if (k == s->need[r]) {
        unsigned v = row_value(s->row[r], r, s->low);
        if (want_max ? v > *best : v < *best) *best = v;
        return;
    }
    for (int i = start; i <= s->n - (s->need[r] - k); i++) {
        s->row[r][s->fixed[r] + k] = s->pool[i];
        extreme(s, r, k + 1, i + 1, want_max, best);
    }
}

static int stage(search *s, int st);

/* Rows in search order: middle, top, bottom. */
static const int order[3] = {1, 0, 2};

static int accept(search *s, int st, unsigned v)
{
    switch (st) {
    case 0: /* middle: live in Low; else between the weakest top and the strongest bottom */
        return s->low ? s->live[v] : (v >= s->min_top && v <= s->max_bottom);
    case 1: /* top: at most the middle (Low: at most the strongest bottom) */
        return v <= (s->low ? s->max_bottom : s->value[1]);
    default: /* bottom: at least the middle (Low: at least the top) */
        return v >= (s->low ? s->value[0] : s->value[1]);
    }
}

/* Choose the k-th missing card of the row of stage st among pool indices
 * from `from` (top: upwards, weakest first; bottom: downwards). */
static int fill(search *s, int st, int k, int from)
{
    int r = order[st];
    if (k == s->need[r]) {
        unsigned v = row_value(s->row[r], r, s->low);
        if (!accept(s, st, v)) return 0;
        s->value[r] = v;
        return st == 2 ? 1 : stage(s, st + 1);
    }
    if (s->budget >= 0 && --s->budget < 0) return -1;
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
    return fill(s, st, 0, order[st] == 2 ? s->n - 1 : 0);
}

int ofc_partial_can_avoid_foul(const uint8_t *board, const uint8_t *pool, int npool, const ofc_rules *rules,
                               int64_t budget)
{
    search s;
    int total = 0;
    s.low = rules->middle_live != 0;
    s.live = rules->middle_live;
    s.budget = budget;
    s.used = 0;
    for (int r = 0; r < 3; r++) {
        s.fixed[r] = 0;
        for (int i = 0; i < OFC_ROW_SIZE(r); i++) {
            uint8_t c = board[OFC_ROW_START(r) + i];
            if (c != OFC_EMPTY) s.row[r][s.fixed[r]++] = c;
        }
        s.need[r] = OFC_ROW_SIZE(r) - s.fixed[r];
        total += s.need[r];
    }
    /* the pool sorted by code (rank-major): tops are tried weakest first */
    uint64_t bits = 0;
    for (int i = 0; i < npool; i++) bits |= (uint64_t)1 << pool[i];
    s.n = 0;
    for (int c = 0; c < OFC_DECK_SIZE; c++)
        if (bits >> c & 1u) s.pool[s.n++] = (uint8_t)c;
    if (total > s.n) return -2;
    /* bounds over the whole pool: cheap for rows missing at most 3 cards;
     * a row missing more keeps the trivial bound (pruning only) */
    s.min_top = 0;
    s.max_bottom = 0xFFFFu;
    if (s.need[0] <= 3) {
        unsigned v = 0xFFFFu;
        extreme(&s, 0, 0, 0, 0, &v);
        s.min_top = v;
    }
    if (s.need[2] <= 3) {
        unsigned v = 0;
        extreme(&s, 2, 0, 0, 1, &v);
        s.max_bottom = v;
    }
    return stage(&s, 0);
}
