/* Fantasyland against known boards by plain enumeration: every bottom, every
 * middle of the rest, every top of what is left, each setting scored as the
 * game engine scores the hand (fp_score, ofc_fantasyland_points_game.c); the
 * reference that the solver (ofc_fantasyland_points.c) is tested against.
 * It shares no search code with the solver: the best is kept by (value,
 * bottom key, bottom cards, middle key, middle cards, top key, top cards),
 * the card sets compared by their position masks (the order of the colex
 * ranks the solver compares). */
#include <string.h>
#include "ofc_solve.h"
#include "ofc_fantasyland_points.h"

typedef struct {
    int found;
    double value;
    uint16_t key[OFC_ROWS];
    uint32_t mask[OFC_ROWS];
    ofc_fantasyland_points p;
} enum_best;

/* 1 when (v, key, mask) comes before the best (bottom first). */
static int before(const enum_best *e, double v, const uint16_t *key, const uint32_t *mask)
{
    if (!e->found || v != e->value) return !e->found || v > e->value;
    for (int k = 2; k >= 0; k--) {
        if (key[k] != e->key[k]) return key[k] > e->key[k];
        if (mask[k] != e->mask[k]) return mask[k] > e->mask[k];
    }
    return 0;
}

/* The cards at the positions of mask, descending, into out. */
static void mask_cards(const uint8_t *c, int n, uint32_t mask, uint8_t *out)
{
    for (int p = n - 1; p >= 0; p--)
        if (mask >> p & 1u) *out++ = c[p];
}

/* The next greater mask with as many bits set (Gosper's hack). */
static uint32_t next_subset(uint32_t x)
{
    uint32_t c = x & -x, r = x + c;
    return (((r ^ x) >> 2) / c) | r;
}

/* The positions pos[k] for the bits k of sub. */
static uint32_t spread(uint32_t sub, const int *pos, int np)
{
    uint32_t mask = 0;
    for (int k = 0; k < np; k++)
        if (sub >> k & 1u) mask |= 1u << pos[k];
    return mask;
}

int ofc_fantasyland_points_enumerate(const uint8_t *cards, int n, const uint8_t *boards, int m,
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
    const uint32_t all = (1u << n) - 1u;
    enum_best best;
    memset(&best, 0, sizeof best);
    for (uint32_t bm = 31u; bm <= all && rc == 0; bm = next_subset(bm)) {
        if (stop && *stop) rc = OFC_FL_STOPPED;
        int rest[OFC_FL_MAX_CARDS], nr = 0;
        for (int p = 0; p < n; p++)
            if (!(bm >> p & 1u)) rest[nr++] = p;
        for (uint32_t mi = 31u; mi < (1u << nr) && rc == 0; mi = next_subset(mi)) {
            uint32_t mm = spread(mi, rest, nr);
            int left[OFC_FL_MAX_CARDS], nl = 0;
            for (int k = 0; k < nr; k++)
                if (!(mi >> k & 1u)) left[nl++] = rest[k];
            for (uint32_t ti = 7u; ti < (1u << nl); ti = next_subset(ti)) {
                uint32_t tm = spread(ti, left, nl);
                uint8_t board[OFC_BOARD_SIZE];
                mask_cards(g.cards, n, tm, board);
                mask_cards(g.cards, n, mm, board + 3);
                mask_cards(g.cards, n, bm, board + 8);
                ofc_fantasyland_points p;
                uint16_t key[OFC_ROWS];
                if (fp_score(&g, board, all & ~(bm | mm | tm), &p, key)) continue;
                const uint32_t mask[OFC_ROWS] = {tm, mm, bm};
                if (!before(&best, p.setting.value, key, mask)) continue;
                best.found = 1;
                best.value = p.setting.value;
                memcpy(best.key, key, sizeof key);
                memcpy(best.mask, mask, sizeof mask);
                best.p = p;
            }
        }
    }
    if (rc == 0 && !best.found) rc = fp_fouled(&g, 1, out);
    if (rc == 0 && best.found) {
        *out = best.p;
        mask_cards(g.cards, n, best.mask[0], out->setting.board);
        mask_cards(g.cards, n, best.mask[1], out->setting.board + 3);
        mask_cards(g.cards, n, best.mask[2], out->setting.board + 8);
        memset(out->setting.discards, OFC_EMPTY, sizeof out->setting.discards);
        mask_cards(g.cards, n, all & ~(best.mask[0] | best.mask[1] | best.mask[2]), out->setting.discards);
    }
    fp_end(&g);
    return rc;
}
