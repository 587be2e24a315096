/* Fantasyland by plain enumeration: every bottom, every middle of the rest,
 * every top of what is left; the reference that the solver
 * (ofc_fantasyland.c) is tested and benchmarked against.  It shares no code
 * with the solver: rows are evaluated with the public evaluators, sets are
 * compared by their card masks (bit = code), not by subset ranks.
 *
 * One pass serves any number of stay values: it keeps the best setting that
 * stays and the best that does not, by (royalties, tie-break); for a stay
 * value S the answer is the better of the two with S added to the first.
 * With jokers (ofc_fantasyland_enumerate_jokers) every setting is one board
 * resolved by the board layer (ofc_board_eval_jokers), nothing else. */
#include <math.h>
#include <string.h>
#include "ofc_solve.h"

typedef struct {
    int found;
    int32_t royalty;     /* total */
    uint16_t bv, mv, tv; /* row values */
    uint64_t bm, mm, tm; /* card masks */
    int32_t roy[3];
    uint8_t jokers[2]; /* what joker 52 / 53 became (OFC_EMPTY: none on the board) */
} enum_best;

/* Compare settings by (bottom value, bottom cards, middle ..., top ...). */
static int order_cmp(uint16_t bv, uint64_t bm, uint16_t mv, uint64_t mm, uint16_t tv, uint64_t tm,
                     const enum_best *e)
{
    if (bv != e->bv) return bv > e->bv ? 1 : -1;
    if (bm != e->bm) return bm > e->bm ? 1 : -1;
    if (mv != e->mv) return mv > e->mv ? 1 : -1;
    if (mm != e->mm) return mm > e->mm ? 1 : -1;
    if (tv != e->tv) return tv > e->tv ? 1 : -1;
    if (tm != e->tm) return tm > e->tm ? 1 : -1;
    return 0;
}

/* The cards of mask, descending, into out; returns how many. */
static int mask_cards(uint64_t mask, uint8_t *out)
{
    int k = 0;
    for (int code = OFC_JOKER2; code >= 0; code--)
        if (mask >> code & 1u) out[k++] = (uint8_t)code;
    return k;
}

/* Keep in *e the setting (bv, bm, mv, mm, tv, tm) of royalty total roy
 * (per row: roys) when it beats what *e holds: royalties, then the
 * tie-break order. */
static inline void keep(enum_best *e, int32_t roy, uint16_t bv, uint64_t bm, uint16_t mv, uint64_t mm,
                        uint16_t tv, uint64_t tm, const int32_t *roys, const uint8_t *jokers)
{
    if (e->found && (roy < e->royalty || (roy == e->royalty && order_cmp(bv, bm, mv, mm, tv, tm, e) <= 0)))
        return;
    e->found = 1;
    e->royalty = roy;
    e->bv = bv, e->mv = mv, e->tv = tv;
    e->bm = bm, e->mm = mm, e->tm = tm;
    for (int i = 0; i < 3; i++) e->roy[i] = roys[i];
    e->jokers[0] = jokers[0];
    e->jokers[1] = jokers[1];
}

static void write_result(const enum_best *e, uint64_t all, int stays, int fouled, double value,
                         ofc_fantasyland_result *out)
{
    mask_cards(e->tm, out->board);
    mask_cards(e->mm, out->board + 3);
    mask_cards(e->bm, out->board + 8);
    memset(out->discards, OFC_EMPTY, sizeof out->discards);
    mask_cards(all & ~(e->tm | e->mm | e->bm), out->discards);
    out->jokers[0] = e->jokers[0];
    out->jokers[1] = e->jokers[1];
    for (int i = 0; i < 3; i++) out->royalty[i] = e->roy[i];
    out->stays = stays;
    out->fouled = fouled;
    out->value = value;
}

/* The order key of a resolved row value (the order the board layer compares rows by). */
static unsigned joker_key(const ofc_rules *r, const ofc_joker_rules *jr, int row, uint16_t v)
{
    if (r->middle_live && row == 1) return v;
    return ofc_order_key(v, jr->five_kind == OFC_FIVE_BELOW_ROYAL);
}

/* One board of a hand with jokers, resolved by the board layer: kept in
 * best[stays] when legal, else in *any (royalties 0). */
static inline void joker_setting(const uint8_t *board, int n, const ofc_rules *r, const ofc_joker_rules *jr,
                                 uint64_t seen, uint64_t bm, uint64_t mm, uint64_t tm, enum_best best[2],
                                 enum_best *any)
{
    static const int32_t none[3] = {0, 0, 0};
    ofc_board_result res;
    uint8_t card[2], natural[3];
    ofc_board_eval_jokers(board, n, seen, r, jr, &res, card, natural);
    uint16_t kt = (uint16_t)joker_key(r, jr, 0, res.value[0]),
             km = (uint16_t)joker_key(r, jr, 1, res.value[1]),
             kb = (uint16_t)joker_key(r, jr, 2, res.value[2]);
    if (res.fouled)
        keep(any, 0, kb, bm, km, mm, kt, tm, none, card);
    else
        keep(&best[res.stays != 0], res.royalty[0] + res.royalty[1] + res.royalty[2], kb, bm, km, mm, kt, tm,
             res.royalty, card);
}

/* Every setting of the n cards c: each bottom, each middle of the rest, each
 * top of what is left.  Without jokers (J = 0) rows are scored with the
 * public evaluators: legal = 1, the best legal settings by stay class into
 * best[0..1]; legal = 0, the greatest setting in the tie-break order, legal
 * or not, into *any.  With jokers (J = 1) each board is resolved by
 * ofc_board_eval_jokers (seen: the cards "unseen" excludes), both at once. */
static OFC_ALWAYS_INLINE void settings(const uint8_t *c, int n, const ofc_rules *r, const ofc_joker_rules *jr,
                                       uint64_t seen, int legal, enum_best best[2], enum_best *any,
                                       const int J)
{
    static const int32_t none[3] = {0, 0, 0};
    static const uint8_t no_jokers[2] = {OFC_EMPTY, OFC_EMPTY};
    const int low = r->middle_live != 0;
    int b[5], m[5], t[3];
    uint8_t board[OFC_BOARD_SIZE]; /* top, middle, bottom */
    const uint8_t *mo = board + OFC_ROW_START(1), *bo = board + OFC_ROW_START(2);
    for (b[0] = 0; b[0] < n; b[0]++)
        for (b[1] = b[0] + 1; b[1] < n; b[1]++)
            for (b[2] = b[1] + 1; b[2] < n; b[2]++)
                for (b[3] = b[2] + 1; b[3] < n; b[3]++)
                    for (b[4] = b[3] + 1; b[4] < n; b[4]++) {
                        uint64_t bm = 0;
                        for (int i = 0; i < 5; i++) {
                            board[OFC_ROW_START(2) + i] = c[b[i]];
                            bm |= 1ull << c[b[i]];
                        }
                        uint16_t bv = J ? 0 : ofc_strength5_unchecked(bo[0], bo[1], bo[2], bo[3], bo[4]);
                        uint32_t ib = J ? 0 : r->row_info[2][bv];
                        int rest[17], nr = 0;
                        for (int i = 0; i < n; i++)
                            if (!(bm >> c[i] & 1u)) rest[nr++] = c[i];
                        for (m[0] = 0; m[0] < nr; m[0]++)
                            for (m[1] = m[0] + 1; m[1] < nr; m[1]++)
                                for (m[2] = m[1] + 1; m[2] < nr; m[2]++)
                                    for (m[3] = m[2] + 1; m[3] < nr; m[3]++)
                                        for (m[4] = m[3] + 1; m[4] < nr; m[4]++) {
                                            uint64_t mm = 0;
                                            for (int i = 0; i < 5; i++) {
                                                board[OFC_ROW_START(1) + i] = (uint8_t)rest[m[i]];
                                                mm |= 1ull << rest[m[i]];
                                            }
                                            uint16_t mv = 0;
                                            uint32_t im = 0;
                                            if (!J) {
                                                mv = low ? ofc_lowball27_unchecked(mo[0], mo[1], mo[2], mo[3],
                                                                                   mo[4])
                                                         : ofc_strength5_unchecked(mo[0], mo[1], mo[2], mo[3],
                                                                                   mo[4]);
                                                /* docs/RULES.md sections 4 and 9: a high middle above the bottom, or a dead low, fouls */
                                                int middle_fouls = low ? !r->middle_live[mv] : mv > bv;
                                                if (legal && middle_fouls) continue;
                                                im = r->row_info[1][mv];
                                            }
                                            int left[17], nl = 0;
                                            for (int i = 0; i < nr; i++)
                                                if (!(mm >> rest[i] & 1u)) left[nl++] = rest[i];
                                            for (t[0] = 0; t[0] < nl; t[0]++)
                                                for (t[1] = t[0] + 1; t[1] < nl; t[1]++)
                                                    for (t[2] = t[1] + 1; t[2] < nl; t[2]++) {
                                                        uint64_t tm = 0;
                                                        for (int i = 0; i < 3; i++) {
                                                            board[i] = (uint8_t)left[t[i]];
                                                            tm |= 1ull << left[t[i]];
                                                        }
                                                        if (J) {
                                                            joker_setting(board, n, r, jr, seen, bm, mm, tm,
                                                                          best, any);
                                                            continue;
                                                        }
                                                        uint16_t tv = ofc_strength3_unchecked(
                                                            board[0], board[1], board[2]);
                                                        if (!legal) {
                                                            keep(any, 0, bv, bm, mv, mm, tv, tm, none,
                                                                 no_jokers);
                                                            continue;
                                                        }
                                                        if (low ? tv > bv : tv > mv)
                                                            continue; /* the top beats its row: fouled */
                                                        uint32_t it = r->row_info[0][tv];
                                                        const int32_t roys[3] = {OFC_ROYALTY(it),
                                                                                 OFC_ROYALTY(im),
                                                                                 OFC_ROYALTY(ib)};
                                                        keep(&best[OFC_STAY(it | im | ib)
                                                                   | ofc_tier_stays(r, it, (unsigned)n)],
                                                             roys[0] + roys[1] + roys[2], bv, bm, mv, mm, tv,
                                                             tm, roys, no_jokers);
                                                    }
                                        }
                    }
}

/* The answers for each stay value from the best settings by stay class
 * (or, with neither, the greatest fouled setting `any`). */
static void write_answers(const enum_best best[2], const enum_best *any, uint64_t all,
                          const double *stay_values, int count, ofc_fantasyland_result *out)
{
    if (!best[0].found && !best[1].found) {
        for (int i = 0; i < count; i++) write_result(any, all, 0, 1, 0.0, out + i);
        return;
    }
    for (int i = 0; i < count; i++) {
        double S = stay_values[i];
        double v0 = best[0].found ? (double)best[0].royalty : -HUGE_VAL;
        double v1 = best[1].found ? (double)best[1].royalty + S : -HUGE_VAL;
        int pick = v1 > v0   ? 1
                   : v1 < v0 ? 0
                             : order_cmp(best[1].bv, best[1].bm, best[1].mv, best[1].mm, best[1].tv,
                                         best[1].tm, &best[0])
                                   > 0;
        write_result(&best[pick], all, pick, 0, pick ? v1 : v0, out + i);
    }
}

int ofc_fantasyland_enumerate(const uint8_t *hand, int n, const ofc_rules *rules, const double *stay_values,
                              int count, ofc_fantasyland_result *out)
{
    uint8_t cards[17];
    if (n < OFC_BOARD_SIZE || n > 17) return OFC_FL_BAD_COUNT;
    memcpy(cards, hand, (size_t)n); /* checked and read from a copy: the caller's may change meanwhile */
    if (ofc_bad_cards(cards, n)) return OFC_FL_BAD_CARDS;
    for (int i = 0; i < count; i++)
        if (!isfinite(stay_values[i])) return OFC_FL_BAD_VALUE;
    uint64_t all = 0;
    for (int i = 0; i < n; i++) all |= 1ull << cards[i];
    enum_best best[2], any;
    memset(best, 0, sizeof best);
    memset(&any, 0, sizeof any);
    settings(cards, n, rules, NULL, 0, 1, best, &any, 0);
    if (!best[0].found && !best[1].found) settings(cards, n, rules, NULL, 0, 0, best, &any, 0);
    write_answers(best, &any, all, stay_values, count, out);
    return 0;
}

int ofc_fantasyland_enumerate_jokers(const uint8_t *hand, int n, const ofc_rules *rules,
                                     const ofc_joker_rules *jr, const double *stay_values, int count,
                                     ofc_fantasyland_result *out)
{
    uint8_t cards[17];
    if (n < OFC_BOARD_SIZE || n > 17) return OFC_FL_BAD_COUNT;
    memcpy(cards, hand, (size_t)n); /* checked and read from a copy: the caller's may change meanwhile */
    if (ofc_bad_cards_jokers(cards, n, ofc_joker_allowed(jr->jokers))) return OFC_FL_BAD_CARDS;
    for (int i = 0; i < count; i++)
        if (!isfinite(stay_values[i])) return OFC_FL_BAD_VALUE;
    uint64_t all = 0, seen = 0;
    for (int i = 0; i < n; i++) {
        all |= 1ull << cards[i];
        if (cards[i] < OFC_JOKER1) seen |= 1ull << cards[i];
    }
    enum_best best[2], any;
    memset(best, 0, sizeof best);
    memset(&any, 0, sizeof any);
    settings(cards, n, rules, jr, seen, 1, best, &any, 1);
    write_answers(best, &any, all, stay_values, count, out);
    return 0;
}
