/* Board kernels: evaluate the three rows, check the foul, count royalties,
 * Fantasyland and the stay, and score deals, in one pass per board. */
#include "ofc_fast.h"

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

void ofc_board_eval(const uint8_t *b, int in_fantasyland, const ofc_rules *r,
                    ofc_board_result *res)
{
    uint16_t top = ofc_strength3_unchecked(b[0], b[1], b[2]);
    uint16_t bottom = ofc_strength5_unchecked(b[8], b[9], b[10], b[11], b[12]);
    uint16_t middle;
    int fouled;
    if (r->middle_live) {
        /* Low: the middle is a live 2-7 low, the bottom must beat the top */
        middle = ofc_lowball27_unchecked(b[3], b[4], b[5], b[6], b[7]);
        fouled = !r->middle_live[middle] | (top > bottom);
    } else {
        middle = ofc_strength5_unchecked(b[3], b[4], b[5], b[6], b[7]);
        fouled = (top > middle) | (middle > bottom);
    }
    res->value[0] = top;
    res->value[1] = middle;
    res->value[2] = bottom;
    res->fouled = fouled;
    /* a fouled board scores no royalties and neither enters nor stays */
    int32_t keep = fouled ? 0 : -1;
    res->royalty[0] = r->royalty[0][top] & keep;
    res->royalty[1] = r->royalty[1][middle] & keep;
    res->royalty[2] = r->royalty[2][bottom] & keep;
    int stays = (!fouled) & (r->stay[0][top] | r->stay[1][middle] | r->stay[2][bottom]);
    res->stays = stays;
    if (in_fantasyland) {
        res->fantasyland = stays ? r->stay_cards : 0;
    } else {
        int t = r->fl_top[top];
        int m = r->fl_middle ? r->fl_middle[middle] : 0;
        int entry = (t && m) ? r->fl_both : (r->fl_both_required ? 0 : (t > m ? t : m));
        res->fantasyland = fouled ? 0 : entry;
    }
}

int64_t ofc_analyze_batch(const uint8_t *boards, int64_t n, const uint8_t *in_fl,
                          const ofc_rules *r, uint8_t *fouled, uint16_t *strength,
                          int32_t *royalties, uint8_t *fantasyland, uint8_t *stays)
{
    ofc_board_result res;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *b = boards + 13 * i;
        if (OFC_UNLIKELY(ofc_bad_deal(b, 13))) return i;
        ofc_board_eval(b, in_fl ? in_fl[i] : 0, r, &res);
        if (fouled) fouled[i] = (uint8_t)res.fouled;
        if (strength) {
            strength[3 * i] = res.value[0];
            strength[3 * i + 1] = res.value[1];
            strength[3 * i + 2] = res.value[2];
        }
        if (royalties) {
            royalties[3 * i] = res.royalty[0];
            royalties[3 * i + 1] = res.royalty[1];
            royalties[3 * i + 2] = res.royalty[2];
        }
        if (fantasyland) fantasyland[i] = (uint8_t)res.fantasyland;
        if (stays) stays[i] = (uint8_t)res.stays;
    }
    return -1;
}

static inline int ofc_sign(int d) { return (d > 0) - (d < 0); }

/* What player a wins from player b (RULES 6). */
static int32_t ofc_pair_points(const ofc_board_result *a, const ofc_board_result *b,
                               int32_t scoop_bonus)
{
    if (a->fouled & b->fouled) return 0;
    int32_t ra = a->royalty[0] + a->royalty[1] + a->royalty[2];
    int32_t rb = b->royalty[0] + b->royalty[1] + b->royalty[2];
    if (a->fouled) return -(3 + scoop_bonus) - rb;   /* loses every row: scooped */
    if (b->fouled) return 3 + scoop_bonus + ra;
    int rows = ofc_sign((int)a->value[0] - (int)b->value[0])
             + ofc_sign((int)a->value[1] - (int)b->value[1])
             + ofc_sign((int)a->value[2] - (int)b->value[2]);
    /* rows is +3 / -3 exactly when one side won all three */
    int32_t scoop = rows == 3 ? scoop_bonus : rows == -3 ? -scoop_bonus : 0;
    return rows + scoop + ra - rb;
}

int64_t ofc_score_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *r,
                        int32_t *net, int32_t *matrix)
{
    ofc_board_result res[4];
    const int cards = 13 * players;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *d = deals + (int64_t)cards * i;
        if (OFC_UNLIKELY(ofc_bad_deal(d, cards))) return i;
        for (int p = 0; p < players; p++) ofc_board_eval(d + 13 * p, 0, r, &res[p]);
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
    return -1;
}
