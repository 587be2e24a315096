/* Board kernels: evaluate the three rows, check the foul, count royalties,
 * Fantasyland and the stay, and score deals.
 *
 * Boards go through in blocks, each block in a few short loops (check the
 * cards, top rows, middle rows, bottom rows, then the rules) rather than one
 * long loop body per board: a short body lets the out-of-order core overlap
 * the table lookups of many boards, which one 200-instruction body cannot.
 * The block (a few KB) stays in L1 between the loops. */
#include "ofc_fast.h"

#define OFC_BOARD_BLOCK 256   /* boards per block */

int ofc_bad_deal(const uint8_t *c, int n)
{
    /* the OR of distinct card bits equals their sum; a repeat carries into
     * another bit, and a byte > 51 sets bit 63 (52 cards cannot overflow) */
    uint64_t any = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = ofc_card_bit[c[i]];
        any |= bit;
        sum += bit;
    }
    return (any != sum) | (int)(any >> 63);
}

/* Index of the first of n deals of 13 * players bytes with a bad card, or -1.
 * The card count is a constant in each case so the compiler unrolls it. */
static int64_t first_bad_deal(const uint8_t *d, int64_t n, int players)
{
    int64_t i;
#define OFC_SCAN(P)                                                   \
    for (i = 0; i < n; i++)                                           \
        if (OFC_UNLIKELY(ofc_bad_deal(d + 13 * (P) * i, 13 * (P)))) return i;
    switch (players) {
    case 1: OFC_SCAN(1) break;
    case 2: OFC_SCAN(2) break;
    case 3: OFC_SCAN(3) break;
    default: OFC_SCAN(4) break;
    }
#undef OFC_SCAN
    return -1;
}

/* Row values of nb checked boards into v (3 per board): strength, and for a
 * Low middle its lowball rank.  One loop per row keeps each body short. */
static void row_values(const uint8_t *b, int64_t nb, int low, uint16_t *v)
{
    for (int64_t j = 0; j < nb; j++) {
        const uint8_t *c = b + 13 * j;
        v[3 * j] = ofc_strength3_unchecked(c[0], c[1], c[2]);
    }
    if (low) {
        for (int64_t j = 0; j < nb; j++) {
            const uint8_t *c = b + 13 * j + 3;
            v[3 * j + 1] = ofc_lowball27_unchecked(c[0], c[1], c[2], c[3], c[4]);
        }
    } else {
        for (int64_t j = 0; j < nb; j++) {
            const uint8_t *c = b + 13 * j + 3;
            v[3 * j + 1] = ofc_strength5_unchecked(c[0], c[1], c[2], c[3], c[4]);
        }
    }
    for (int64_t j = 0; j < nb; j++) {
        const uint8_t *c = b + 13 * j + 8;
        v[3 * j + 2] = ofc_strength5_unchecked(c[0], c[1], c[2], c[3], c[4]);
    }
}

/* The rules applied to one board's row values. */
static inline void board_rules(const uint16_t *v, int in_fantasyland, int low,
                               const ofc_rules *r, ofc_board_result *res)
{
    unsigned top = v[0], middle = v[1], bottom = v[2];
    int fouled = low ? (!r->middle_live[middle]) | (top > bottom)   /* dead low, or bottom under top */
                     : (top > middle) | (middle > bottom);
    uint32_t it = r->row_info[0][top], im = r->row_info[1][middle], ib = r->row_info[2][bottom];
    res->value[0] = (uint16_t)top;
    res->value[1] = (uint16_t)middle;
    res->value[2] = (uint16_t)bottom;
    res->fouled = fouled;
    /* a fouled board scores no royalties and neither enters nor stays */
    int32_t keep = fouled ? 0 : -1;
    res->royalty[0] = OFC_ROYALTY(it) & keep;
    res->royalty[1] = OFC_ROYALTY(im) & keep;
    res->royalty[2] = OFC_ROYALTY(ib) & keep;
    int stays = (!fouled) & (int)(OFC_STAY(it) | OFC_STAY(im) | OFC_STAY(ib));
    res->stays = stays;
    if (in_fantasyland) {
        res->fantasyland = stays ? r->stay_cards : 0;
    } else {
        int t = (int)OFC_ENTRY(it), m = (int)OFC_ENTRY(im);
        int entry = t | m;   /* rarely nonzero: the common case is one test */
        if (OFC_UNLIKELY(entry))
            entry = (t && m) ? r->fl_both : (r->fl_both_required ? 0 : (t > m ? t : m));
        res->fantasyland = entry & keep;
    }
}

void ofc_board_eval(const uint8_t *b, int in_fantasyland, const ofc_rules *r,
                    ofc_board_result *res)
{
    uint16_t v[3];
    row_values(b, 1, r->middle_live != 0, v);
    board_rules(v, in_fantasyland, r->middle_live != 0, r, res);
}

int64_t ofc_analyze_batch(const uint8_t *boards, int64_t n, const uint8_t *in_fl,
                          const ofc_rules *r, uint8_t *fouled, uint16_t *strength,
                          int16_t *royalties, uint8_t *fantasyland, uint8_t *stays)
{
    const int low = r->middle_live != 0;
    ofc_board_result res;
    for (int64_t start = 0; start < n; start += OFC_BOARD_BLOCK) {
        int64_t len = n - start < OFC_BOARD_BLOCK ? n - start : OFC_BOARD_BLOCK;
        const uint8_t *b = boards + 13 * start;
        int64_t bad = first_bad_deal(b, len, 1);
        if (OFC_UNLIKELY(bad >= 0)) return start + bad;
        uint16_t *v = strength + 3 * start;   /* the row values are the strength output */
        row_values(b, len, low, v);
        for (int64_t j = 0; j < len; j++) {
            int64_t i = start + j;
            board_rules(v + 3 * j, in_fl ? in_fl[i] : 0, low, r, &res);
            fouled[i] = (uint8_t)res.fouled;
            royalties[3 * i] = (int16_t)res.royalty[0];
            royalties[3 * i + 1] = (int16_t)res.royalty[1];
            royalties[3 * i + 2] = (int16_t)res.royalty[2];
            fantasyland[i] = (uint8_t)res.fantasyland;
            stays[i] = (uint8_t)res.stays;
        }
    }
    return -1;
}

static inline int ofc_sign(int d) { return (d > 0) - (d < 0); }

/* What player a wins from player b (RULES 6), without branches: fouls are
 * as common as not in random deals, so a branch on them would mispredict. */
static inline int32_t ofc_pair_points(const ofc_board_result *a, const ofc_board_result *b,
                                      int32_t scoop_bonus)
{
    int32_t ra = a->royalty[0] + a->royalty[1] + a->royalty[2];   /* 0 when fouled */
    int32_t rb = b->royalty[0] + b->royalty[1] + b->royalty[2];
    int rows = ofc_sign((int)a->value[0] - (int)b->value[0])
             + ofc_sign((int)a->value[1] - (int)b->value[1])
             + ofc_sign((int)a->value[2] - (int)b->value[2]);
    /* a fouled player loses every row; both fouled: nothing moves */
    rows = (a->fouled | b->fouled) ? 3 * (b->fouled - a->fouled) : rows;
    /* rows is +3 / -3 exactly when one side won all three */
    int32_t scoop = (rows == 3) * scoop_bonus - (rows == -3) * scoop_bonus;
    return rows + scoop + ra - rb;
}

int64_t ofc_score_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *r,
                        int32_t *net, int32_t *matrix)
{
    const int low = r->middle_live != 0;
    const int64_t block = OFC_BOARD_BLOCK / 4;   /* deals per block: at most 256 boards */
    uint16_t v[3 * OFC_BOARD_BLOCK];
    ofc_board_result res[4];
    for (int64_t start = 0; start < n; start += block) {
        int64_t len = n - start < block ? n - start : block;
        const uint8_t *d = deals + (int64_t)13 * players * start;
        int64_t bad = first_bad_deal(d, len, players);
        if (OFC_UNLIKELY(bad >= 0)) return start + bad;
        row_values(d, len * players, low, v);
        for (int64_t j = 0; j < len; j++) {
            int64_t i = start + j;
            for (int p = 0; p < players; p++)
                board_rules(v + 3 * (j * players + p), 0, low, r, &res[p]);
            int32_t total[4] = {0, 0, 0, 0};
            int32_t *m = matrix ? matrix + (int64_t)players * players * i : 0;
            for (int a = 0; a < players; a++) {
                if (m) m[a * players + a] = 0;
                for (int b = a + 1; b < players; b++) {
                    int32_t pts = ofc_pair_points(&res[a], &res[b], r->scoop_bonus);
                    total[a] += pts;
                    total[b] -= pts;
                    if (m) {
                        m[a * players + b] = pts;
                        m[b * players + a] = -pts;
                    }
                }
            }
            if (net)
                for (int p = 0; p < players; p++) net[(int64_t)players * i + p] = total[p];
        }
    }
    return -1;
}
