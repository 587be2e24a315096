/* Boards with jokers (ofc_board.h, "Jokers on boards"): what each joker
 * becomes, by an exact search.  A row holding jokers lists every value its
 * substitutions reach (each with the smallest cards reaching it); the rows
 * are then combined, every combination of the (at most two) joker rows, and
 * the best by the rules' order is kept.  Boards without a joker take the
 * plain path of ofc_board.c. */
#include <string.h>
#include "ofc_board.h"

#define OFC_NO_CARD     0xFFu
#define OFC_MAX_OPTIONS 182 /* classes of a row: 91 rank pairs, suited or not */

/* one value a joker row can take, with the smallest cards reaching it: for a
 * row with one joker its two smallest cards (the second OFC_NO_CARD if none),
 * for a row with both jokers the smallest (card of 52, card of 53) */
typedef struct {
    uint16_t value;
    uint8_t w[2];
} ofc_option;

/* Value of a row that may hold the same card twice (a "duplicates" copy):
 * 0 when it is no hand (five of a kind where the rules have none).  A row
 * holding a card twice is ranked by its ranks alone (never a flush). */
static uint16_t row_value(const uint8_t *c, int n, int row, int low, int five_kind)
{
    uint64_t any = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        any |= (uint64_t)1 << c[i];
        sum += (uint64_t)1 << c[i];
    }
    int repeat = any != sum;
    if (n == 3) return ofc_strength3_unchecked(c[0], c[1], c[2]);
    unsigned r0 = c[0] >> 2;
    if (OFC_UNLIKELY((c[1] >> 2) == r0 && (c[2] >> 2) == r0 && (c[3] >> 2) == r0 && (c[4] >> 2) == r0))
        return five_kind && !(low && row == 1) ? (uint16_t)OFC_FIVE_KIND(r0) : 0;
    uint64_t key = ofc_key5(c[0], c[1], c[2], c[3], c[4]);
    const uint32_t *t = (low && row == 1) ? ofc_low5 : ofc_hand5;
    uint32_t w = t[ofc_slot5(key)];
    return repeat ? (uint16_t)w : (uint16_t)(w >> ofc_flush_shift(key));
}

/* Add (value, witnesses) to the options.  A value reached by two classes is
 * listed twice: the search over combinations keeps the smallest cards among
 * equal results, so the smallest witnesses of the union win either way. */
static inline int add_option(ofc_option *opt, int nopt, uint16_t value, uint8_t a, uint8_t b, int single)
{
    (void)single;
    opt[nopt].value = value;
    opt[nopt].w[0] = a;
    opt[nopt].w[1] = b;
    return nopt + 1;
}

/* Every value of row `row` (cards at c, n of them) whose jokers take cards
 * outside `banned` (a bit mask; under "duplicates" nothing is banned).
 *
 * A row's value depends only on the ranks its jokers take and on whether all
 * five cards then share a suit: the cards of one rank whose suits are all
 * the naturals' suit (a flush, when the naturals share one) or not all of it
 * reach one value.  So each class of (ranks, suited or not) is evaluated
 * once, with its smallest allowed cards as witnesses (for one joker its two
 * smallest: a second one for when the other joker must differ). */
static int row_options(const uint8_t *c, int n, int row, int low, int five_kind, uint64_t banned,
                       ofc_option *opt)
{
    uint8_t x[5];
    int pos[2] = {0, 0}, nj = 0, nopt = 0,
        fs = -2; /* fs: the naturals' one suit, -1 when they have several */
    for (int i = 0; i < n; i++) {
        x[i] = c[i];
        if (c[i] >= OFC_JOKER1) {
            pos[nj++] = i;
        } else {
            int s = c[i] & 3;
            fs = fs == -2 ? s : fs == s ? s : -1;
        }
    }
    if (n == 3 || fs < 0) fs = -1; /* no flush on top, nor with naturals of two suits */
    if (nj == 1) {
        for (unsigned r = 0; r < OFC_RANKS; r++) {
            for (int suited = 0; suited <= (fs >= 0); suited++) {
                uint8_t w[2] = {OFC_NO_CARD, OFC_NO_CARD};
                for (int t = 0; t < OFC_SUITS; t++) {
                    unsigned card = r * 4 + (unsigned)t;
                    if ((banned >> card & 1) || (fs >= 0 && (t == fs) != suited)) continue;
                    if (w[0] == OFC_NO_CARD)
                        w[0] = (uint8_t)card;
                    else if (w[1] == OFC_NO_CARD)
                        w[1] = (uint8_t)card;
                }
                if (w[0] == OFC_NO_CARD) continue;
                x[pos[0]] = w[0];
                uint16_t v = row_value(x, n, row, low, five_kind);
                if (v) nopt = add_option(opt, nopt, v, w[0], w[1], 1);
            }
        }
        return nopt;
    }
    /* both jokers here: joker 52 takes the smaller card of the pair */
    int p52 = c[pos[0]] == OFC_JOKER1 ? pos[0] : pos[1], p53 = pos[0] + pos[1] - p52;
    int same_ok = banned == 0; /* "duplicates": the two may be one card */
    for (unsigned r1 = 0; r1 < OFC_RANKS; r1++) {
        for (unsigned r2 = r1; r2 < OFC_RANKS; r2++) {
            for (int suited = 0; suited <= (fs >= 0); suited++) {
                /* the smallest allowed pair of this class: ascending (a, b), a <= b */
                unsigned best_a = OFC_NO_CARD, best_b = OFC_NO_CARD;
                for (int t1 = 0; t1 < OFC_SUITS; t1++) {
                    for (int t2 = 0; t2 < OFC_SUITS; t2++) {
                        unsigned c1 = r1 * 4 + (unsigned)t1, c2 = r2 * 4 + (unsigned)t2;
                        if ((banned >> c1 & 1) || (banned >> c2 & 1)) continue;
                        if (c1 == c2 && !same_ok) continue;
                        if (fs >= 0 && ((t1 == fs && t2 == fs) != suited)) continue;
                        unsigned a = c1 < c2 ? c1 : c2, b = c1 < c2 ? c2 : c1;
                        if (a < best_a || (a == best_a && b < best_b)) {
                            best_a = a;
                            best_b = b;
                        }
                    }
                }
                if (best_a == OFC_NO_CARD) continue;
                x[p52] = (uint8_t)best_a;
                x[p53] = (uint8_t)best_b;
                uint16_t v = row_value(x, n, row, low, five_kind);
                if (v) nopt = add_option(opt, nopt, v, (uint8_t)best_a, (uint8_t)best_b, 0);
            }
        }
    }
    return nopt;
}

/* The info word of a row value: five of a kind (above OFC_STRENGTH_MAX) pays
 * its own royalty and keeps a player in Fantasyland wherever a royal flush
 * would (it meets every stay category a row can ask for). */
static inline uint32_t row_info(const ofc_rules *r, const ofc_joker_rules *jr, int row, unsigned v)
{
    return ofc_joker_row_info(r, jr, row, v);
}

static inline unsigned order_key(const ofc_joker_rules *jr, int low, int row, uint16_t v)
{
    if (low && row == 1) return v;
    return ofc_order_key(v, jr->five_kind == OFC_FIVE_BELOW_ROYAL);
}

/* The rules applied to resolved row values (board_rules of ofc_board.c, with
 * five of a kind and the order of the rules). */
static void joker_board_rules(const uint16_t *v, int in_fl, int low, const ofc_rules *r,
                              const ofc_joker_rules *jr, ofc_board_result *res)
{
    unsigned kt = order_key(jr, low, 0, v[0]), km = order_key(jr, low, 1, v[1]),
             kb = order_key(jr, low, 2, v[2]);
    int fouled = low ? (!r->middle_live[v[1]]) | (kt > kb) : (kt > km) | (km > kb);
    for (int i = 0; i < 3; i++) res->value[i] = v[i];
    ofc_board_apply(row_info(r, jr, 0, v[0]), row_info(r, jr, 1, v[1]), row_info(r, jr, 2, v[2]), fouled,
                    in_fl, r, res);
}

/* 1 when resolution a is better than b (the order of ofc_board.h). */
static int better(const ofc_board_result *a, const ofc_board_result *b, int low, const ofc_joker_rules *jr)
{
    if (jr->resolution == OFC_RESOLVE_BOARD) {
        if (a->fouled != b->fouled) return a->fouled < b->fouled;
        int32_t ra = a->royalty[0] + a->royalty[1] + a->royalty[2];
        int32_t rb = b->royalty[0] + b->royalty[1] + b->royalty[2];
        if (ra != rb) return ra > rb;
        if (a->fantasyland != b->fantasyland) return a->fantasyland > b->fantasyland;
    }
    for (int row = 2; row >= 0; row--) {
        unsigned ka = order_key(jr, low, row, a->value[row]), kb = order_key(jr, low, row, b->value[row]);
        if (ka != kb) return ka > kb;
    }
    return 0;
}

void ofc_board_eval_jokers(const uint8_t *b, int in_fl, uint64_t dead, const ofc_rules *r,
                           const ofc_joker_rules *jr, ofc_board_result *res, uint8_t *card, uint8_t *natural)
{
    const int low = r->middle_live != 0;
    const int five = jr->pool == OFC_POOL_DUPLICATES && jr->five_kind != OFC_FIVE_NONE;
    int jrow[2] = {-1, -1}, njrows = 0;
    uint64_t on_board = 0;
    card[0] = card[1] = OFC_NO_CARD;
    for (int row = 0; row < 3; row++) {
        int has = 0;
        for (int i = OFC_ROW_START(row); i < OFC_ROW_START(row) + OFC_ROW_SIZE(row); i++) {
            if (b[i] >= OFC_JOKER1)
                has = 1;
            else
                on_board |= (uint64_t)1 << b[i];
        }
        natural[row] = (uint8_t)!has;
        if (has) jrow[njrows++] = row;
    }
    uint16_t v[3];
    for (int row = 0; row < 3; row++)
        if (natural[row]) v[row] = row_value(b + OFC_ROW_START(row), OFC_ROW_SIZE(row), row, low, five);
    if (njrows == 0) {
        joker_board_rules(v, in_fl, low, r, jr, res);
        return;
    }
    /* the cards no joker may take, per joker row */
    uint64_t banned[2];
    for (int k = 0; k < njrows; k++) {
        int row = jrow[k];
        uint64_t own = 0;
        for (int i = OFC_ROW_START(row); i < OFC_ROW_START(row) + OFC_ROW_SIZE(row); i++)
            if (b[i] < OFC_JOKER1) own |= (uint64_t)1 << b[i];
        banned[k] = jr->pool == OFC_POOL_DUPLICATES ? 0
                    : jr->pool == OFC_POOL_ANY      ? own
                    : jr->pool == OFC_POOL_UNSEEN   ? on_board | dead
                                                    : on_board;
    }
    ofc_option opt[2][OFC_MAX_OPTIONS];
    int nopt[2] = {0, 0};
    for (int k = 0; k < njrows; k++)
        nopt[k] = row_options(b + OFC_ROW_START(jrow[k]), OFC_ROW_SIZE(jrow[k]), jrow[k], low, five,
                              banned[k], opt[k]);
    /* which joker each joker row holds (one joker per row when there are two rows) */
    int joker_of[2] = {0, 0};
    for (int k = 0; k < njrows; k++)
        for (int i = OFC_ROW_START(jrow[k]); i < OFC_ROW_START(jrow[k]) + OFC_ROW_SIZE(jrow[k]); i++)
            if (b[i] >= OFC_JOKER1) joker_of[k] = b[i] - OFC_JOKER1;
    const int distinct = jr->pool == OFC_POOL_NOT_ON_BOARD || jr->pool == OFC_POOL_UNSEEN;
    ofc_board_result best, cur;
    int found = 0;
    uint8_t best_card[2] = {OFC_NO_CARD, OFC_NO_CARD};
    int n1 = njrows == 2 ? nopt[1] : 1;
    for (int i = 0; i < nopt[0]; i++) {
        for (int j = 0; j < n1; j++) {
            uint8_t cc[2] = {OFC_NO_CARD, OFC_NO_CARD};
            v[jrow[0]] = opt[0][i].value;
            if (njrows == 1) {
                int nj = 0;
                for (int q = OFC_ROW_START(jrow[0]); q < OFC_ROW_START(jrow[0]) + OFC_ROW_SIZE(jrow[0]); q++)
                    nj += b[q] >= OFC_JOKER1;
                if (nj == 2) {
                    cc[0] = opt[0][i].w[0];
                    cc[1] = opt[0][i].w[1];
                } else {
                    cc[joker_of[0]] = opt[0][i].w[0];
                }
            } else {
                v[jrow[1]] = opt[1][j].value;
                /* the smallest cards: joker 52 first, then 53, different where they must be */
                const ofc_option *o52 = joker_of[0] == 0 ? &opt[0][i] : &opt[1][j];
                const ofc_option *o53 = joker_of[0] == 0 ? &opt[1][j] : &opt[0][i];
                cc[0] = o52->w[0];
                cc[1] = o53->w[0];
                if (distinct && cc[1] == cc[0]) {
                    if (o53->w[1] != OFC_NO_CARD)
                        cc[1] = o53->w[1];
                    else if (o52->w[1] != OFC_NO_CARD)
                        cc[0] = o52->w[1];
                    else
                        continue; /* both rows need the one same card */
                }
            }
            joker_board_rules(v, in_fl, low, r, jr, &cur);
            int take = !found || better(&cur, &best, low, jr);
            if (!take && !better(&best, &cur, low, jr))
                take = cc[0] < best_card[0] || (cc[0] == best_card[0] && cc[1] < best_card[1]);
            if (take) {
                best = cur;
                best_card[0] = cc[0];
                best_card[1] = cc[1];
                found = 1;
            }
        }
    }
    if (OFC_UNLIKELY(!found)) {
        /* "unseen" with every card seen: the jokers take what "any" allows */
        ofc_joker_rules any = *jr;
        any.pool = OFC_POOL_ANY;
        ofc_board_eval_jokers(b, in_fl, 0, r, &any, res, card, natural);
        return;
    }
    *res = best;
    card[0] = best_card[0];
    card[1] = best_card[1];
}

int64_t ofc_analyze_jokers_batch(const uint8_t *boards, int64_t n, const uint8_t *in_fl, uint64_t dead,
                                 const ofc_rules *r, const ofc_joker_rules *jr, uint8_t *fouled,
                                 uint16_t *strength, int16_t *royalties, uint8_t *fantasyland, uint8_t *stays,
                                 uint8_t *joker_cards)
{
    uint64_t allowed = ofc_joker_allowed(jr->jokers);
    for (int64_t i = 0; i < n; i++) {
        uint8_t b[OFC_BOARD_SIZE], card[2], natural[3];
        memcpy(b, boards + OFC_BOARD_SIZE * i, OFC_BOARD_SIZE); /* checked and read from a copy */
        if (OFC_UNLIKELY(ofc_bad_cards_jokers(b, OFC_BOARD_SIZE, allowed))) return i;
        ofc_board_result res;
        ofc_board_eval_jokers(b, in_fl ? in_fl[i] : 0, dead, r, jr, &res, card, natural);
        if (fouled) fouled[i] = (uint8_t)res.fouled;
        if (stays) stays[i] = (uint8_t)res.stays;
        if (fantasyland) fantasyland[i] = (uint8_t)res.fantasyland;
        for (int k = 0; k < 3; k++) {
            if (strength) strength[3 * i + k] = res.value[k];
            if (royalties) royalties[3 * i + k] = (int16_t)res.royalty[k];
        }
        if (joker_cards) {
            joker_cards[2 * i] = card[0];
            joker_cards[2 * i + 1] = card[1];
        }
    }
    return -1;
}

int64_t ofc_score_jokers_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *r,
                               const ofc_joker_rules *jr, int32_t *net, int32_t *matrix)
{
    const int P = players, low = r->middle_live != 0;
    if (P < 2 || P > OFC_MAX_SEATS) return -2;
    uint64_t allowed = ofc_joker_allowed(jr->jokers);
    for (int64_t i = 0; i < n; i++) {
        uint8_t d[OFC_BOARD_SIZE * OFC_MAX_SEATS];
        memcpy(d, deals + (int64_t)OFC_BOARD_SIZE * P * i, (size_t)(OFC_BOARD_SIZE * P));
        if (OFC_UNLIKELY(ofc_bad_cards_jokers(d, OFC_BOARD_SIZE * P, allowed))) return i;
        uint16_t key[3 * OFC_MAX_SEATS];
        int32_t fouled[OFC_MAX_SEATS], roy[OFC_MAX_SEATS];
        for (int p = 0; p < P; p++) {
            /* "unseen": the other boards of the deal are face up */
            uint64_t dead = 0;
            for (int q = 0; q < P; q++)
                if (q != p)
                    for (int k = 0; k < OFC_BOARD_SIZE; k++)
                        if (d[OFC_BOARD_SIZE * q + k] < OFC_JOKER1)
                            dead |= (uint64_t)1 << d[OFC_BOARD_SIZE * q + k];
            ofc_board_result res;
            uint8_t card[2], natural[3];
            ofc_board_eval_jokers(d + OFC_BOARD_SIZE * p, 0, dead, r, jr, &res, card, natural);
            fouled[p] = res.fouled;
            roy[p] = res.royalty[0] + res.royalty[1] + res.royalty[2];
            /* rows compare by the rules' order; natural_beats_wild breaks ties for a row without a joker */
            for (int k = 0; k < 3; k++)
                key[3 * p + k] = ofc_joker_score_key(jr, low, k, res.value[k], natural[k]);
        }
        ofc_score_seats(key, fouled, roy, P, r->scoop_bonus, net ? net + (int64_t)P * i : NULL,
                        matrix ? matrix + (int64_t)P * P * i : NULL);
    }
    return -1;
}
