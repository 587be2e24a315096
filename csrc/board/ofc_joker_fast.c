/* Boards with jokers (ofc_board.h, "Jokers on boards"): ofc_board_eval_jokers
 * and the fast path it tries first.
 * Where what a row brings (royalty, Fantasyland entry, stay) never falls as
 * the row grows stronger (every preset), the settings of the jokers that do
 * not foul have one that is the strongest in every row at once: the
 * strongest bottom, the strongest middle not above it, the strongest top not
 * above that.  It is then the best by the rules' order (royalties, cards and
 * rows alike), and a board that fouls whatever the jokers become takes the
 * strongest rows ("row" resolution always does).  A row's strongest value is
 * one lookup in the joker tables of the hand layer; the smallest cards
 * making it follow from its ranks.  The search (ofc_joker_search.c) decides
 * the rest: Low, other rules, and boards where the strongest value cannot be
 * reached (a card the pool bars) or the two jokers would need one card.
 * The board is read here (ofc_jb_eval) so that the fast path, which answers
 * most boards, is inlined into it as it was before the files were split. */
#include "ofc_board.h"
#include "ofc_joker_board.h"

/* 1 when the rules' row tables never fall along the order of row values:
 * royalty, stay, and the entry a top qualifies with; no middle qualifies. */
int ofc_jb_rules_monotone(const ofc_rules *r, const ofc_joker_rules *jr)
{
    if (r->middle_live) return 0;
    const int five = jr->pool == OFC_POOL_DUPLICATES && jr->five_kind != OFC_FIVE_NONE;
    const int royal_last = jr->five_kind == OFC_FIVE_BELOW_ROYAL;
    for (int row = 0; row < 3; row++) {
        int32_t roy = -0x8000;
        unsigned stay = 0, entry = 0;
        const unsigned cards = row == 0 ? 3u : 5u;
        /* the values in the order of their keys: five of a kind after the
         * straight flushes, below or above the royal flush */
        for (int i = 1; i <= OFC_STRENGTH_MAX + OFC_RANKS; i++) {
            int j = i - OFC_STRENGTH_MAX; /* from 0: the royal flush and the five of a kinds */
            int v = j < 0 ? i : !royal_last ? i : j < OFC_RANKS ? i + 1 : OFC_STRENGTH_MAX;
            if (v > OFC_STRENGTH_MAX ? (!five || row == 0) : (ofc_strength_info[v] >> 4 & 15u) != cards)
                continue;
            uint32_t info = row_info(r, jr, row, (unsigned)v);
            int32_t ry = OFC_ROYALTY(info);
            unsigned st = OFC_STAY(info), en = OFC_QUALIFIES(info) ? OFC_ENTRY(info) + 1 : 0;
            if (row == 1 && en) return 0;
            if (ry < roy || st < stay || en < entry) return 0;
            roy = ry;
            stay = st;
            entry = en;
        }
    }
    return 1;
}

/* The ranks the jokers of a row (its naturals' cards `own`, nn of them, and
 * nj jokers) take to make it worth v, ascending, into out; 0 when no ranks
 * do.  Each rank of the hand v beyond the naturals' count of it is a
 * joker's. */
static int joker_ranks(uint16_t v, uint64_t own, int nn, int nj, unsigned *out)
{
    unsigned rk[5], mult[5], k = 0;
    if (v > OFC_STRENGTH_MAX) {
        rk[0] = v - OFC_STRENGTH_MAX - 1u;
        mult[0] = 5;
        k = 1;
    } else {
        static const uint8_t lead[10][2] = {{1, 1}, {2, 1}, {2, 2}, {3, 1}, {1, 1},
                                            {1, 1}, {3, 2}, {4, 1}, {1, 1}, {1, 1}};
        uint32_t info = ofc_strength_info[v];
        unsigned cat = info & 15u, high = (info >> 8) & 15u;
        if (high == 15u) return 0;
        if (cat == OFC_STRAIGHT || cat == OFC_STRAIGHT_FLUSH || cat == OFC_ROYAL_FLUSH) {
            for (unsigned i = 0; i < 5; i++) { /* the wheel's five-high runs down to the ace */
                rk[i] = high >= i ? high - i : OFC_RANKS - 1;
                mult[i] = 1;
            }
            k = 5;
        } else {
            for (; k < 5; k++) {
                unsigned x = (info >> (8 + 4 * k)) & 15u;
                if (x == 15u) break;
                rk[k] = x;
                mult[k] = k < 2 ? lead[cat][k] : 1u;
            }
        }
    }
    int got = 0, seen = 0;
    for (unsigned i = 0; i < k; i++) {
        unsigned m = (unsigned)(own >> (4 * rk[i])) & 15u;
        int have = (int)((m & 1u) + (m >> 1 & 1u) + (m >> 2 & 1u) + (m >> 3 & 1u));
        if (have > (int)mult[i] || got + (int)mult[i] - have > nj) return 0;
        for (int e = have; e < (int)mult[i]; e++) out[got++] = rk[i];
        seen += have;
    }
    if (got != nj || seen != nn) return 0;
    if (nj == 2 && out[0] > out[1]) {
        unsigned t = out[0];
        out[0] = out[1];
        out[1] = t;
    }
    return 1;
}

/* The smallest cards (w[0] for joker 52's role: the smaller of a pair) the
 * jokers of a row take, outside banned, to make it worth exactly v; 0 when
 * none do.  The same cards as row_options gives that value. */
static int witness(const uint8_t *c, int n, int row, const ofc_search *s, uint64_t banned, int nj, uint16_t v,
                   uint8_t *w)
{
    uint64_t own = 0;
    int fs = -2;
    for (int i = 0; i < n; i++)
        if (c[i] < OFC_JOKER1) {
            own |= (uint64_t)1 << c[i];
            int t = c[i] & 3;
            fs = fs == -2 ? t : fs == t ? fs : -1;
        }
    unsigned jrk[2];
    if (!joker_ranks(v, own, n - nj, nj, jrk)) return 0;
    if (n == 3 || fs < 0) fs = -1;
    const int same_ok = banned == 0;
    unsigned cat = v > OFC_STRENGTH_MAX ? OFC_FIVE_OF_A_KIND : ofc_strength_info[v] & 15u;
    const int flush = fs >= 0 && (cat == OFC_FLUSH || cat == OFC_STRAIGHT_FLUSH || cat == OFC_ROYAL_FLUSH);
    unsigned a = OFC_NO_CARD, b = OFC_NO_CARD;
    if (nj == 1) {
        unsigned m = (unsigned)(~banned >> (4 * jrk[0])) & 15u;
        for (unsigned t = 0; t < OFC_SUITS && a == OFC_NO_CARD; t++) {
            unsigned card = 4 * jrk[0] + t;
            /* a card of the naturals' suit makes a flush, unless it copies one of them */
            int makes_flush = (int)t == fs && !(own >> card & 1);
            if ((m >> t & 1) && makes_flush == flush) a = card;
        }
    } else {
        unsigned r1 = jrk[0], r2 = jrk[1];
        unsigned m1 = (unsigned)(~banned >> (4 * r1)) & 15u, m2 = (unsigned)(~banned >> (4 * r2)) & 15u;
        for (unsigned t1 = 0; t1 < OFC_SUITS && a == OFC_NO_CARD; t1++) {
            if (!(m1 >> t1 & 1)) continue;
            for (unsigned t2 = r1 == r2 ? t1 : 0; t2 < OFC_SUITS; t2++) {
                unsigned x = 4 * r1 + t1, y = 4 * r2 + t2;
                if (!(m2 >> t2 & 1) || (x == y && !same_ok)) continue;
                int copy = x == y || (own >> x & 1) || (own >> y & 1);
                if (((int)t1 == fs && (int)t2 == fs && !copy) != flush) continue;
                a = x;
                b = y;
                break;
            }
        }
    }
    if (a == OFC_NO_CARD) return 0;
    /* the value of the row with these cards, to be sure */
    uint8_t x[5];
    for (int i = 0, k = 0; i < n; i++) x[i] = c[i] < OFC_JOKER1 ? c[i] : (uint8_t)(k++ ? b : a);
    if (ofc_jb_row_value(x, n, row, s->low, s->five) != v) return 0;
    w[0] = (uint8_t)a;
    w[1] = (uint8_t)b;
    return 1;
}

/* the smallest card of rank r among suits m, and the next one (OFC_NO_CARD if none) */
static inline void two_smallest(unsigned r, unsigned m, uint8_t *w)
{
    unsigned rest = m & (m - 1);
    w[0] = (uint8_t)(4 * r + lowest(m));
    w[1] = (uint8_t)(rest ? 4 * r + lowest(rest) : OFC_NO_CARD);
}

/* 5 ** r, the base-5 digit of rank r in a rank key (ofc_key5) */
static const uint32_t pow5[OFC_RANKS] = {1u,     5u,      25u,      125u,     625u,      3125u,     15625u,
                                         78125u, 390625u, 1953125u, 9765625u, 48828125u, 244140625u};

/* The rank key (sum of 5 ** rank over the cards) of a 5-card strength that
 * is no five of a kind. */
static uint32_t rank_key(uint16_t v)
{
    static const uint8_t lead[10][2] = {{1, 1}, {2, 1}, {2, 2}, {3, 1}, {1, 1},
                                        {1, 1}, {3, 2}, {4, 1}, {1, 1}, {1, 1}};
    uint32_t info = ofc_strength_info[v], key = 0;
    unsigned cat = info & 15u, high = (info >> 8) & 15u;
    if (cat == OFC_STRAIGHT || cat == OFC_STRAIGHT_FLUSH || cat == OFC_ROYAL_FLUSH) {
        /* five in a row down from the high card; the wheel's five-high ends with the ace */
        key = high == 3u ? pow5[0] + pow5[1] + pow5[2] + pow5[3] + pow5[12]
                         : pow5[high] + pow5[high - 1] + pow5[high - 2] + pow5[high - 3] + pow5[high - 4];
        return key;
    }
    for (unsigned k = 0; k < 5; k++) {
        unsigned x = (info >> (8 + 4 * k)) & 15u;
        if (x == 15u) break;
        key += (k < 2 ? lead[cat][k] : 1u) * pow5[x];
    }
    return key;
}

/* The smallest card the one joker of a middle or bottom row takes to make it
 * worth exactly v (a value of the joker tables), outside banned; 0 when none.
 * The rank is the one digit the key of v has beyond the naturals' key; the
 * hand is then v exactly when the card makes a flush just when v is one. */
static int one_joker_card(const uint8_t *c, uint16_t v, uint64_t banned, uint8_t *w)
{
    uint32_t nat = 0;
    uint64_t own = 0;
    int fs = -2;
    for (int i = 0; i < OFC_ROW5_SIZE; i++)
        if (c[i] < OFC_JOKER1) {
            nat += (uint32_t)ofc_card_key[c[i]];
            own |= (uint64_t)1 << c[i];
            int t = c[i] & 3;
            fs = fs == -2 ? t : fs == t ? fs : -1;
        }
    unsigned r;
    if (v > OFC_STRENGTH_MAX) {
        r = v - OFC_STRENGTH_MAX - 1u;
        if ((own >> (4 * r) & 15u) != 15u) return 0; /* five of a kind: four naturals of its rank */
    } else {
        /* 5 ** r modulo 64 differs for every rank */
        static const uint8_t rank_of_mod64[64] = {0, 0,  0, 0, 0, 1, 0, 0, 0, 6,  0, 0, 0, 0,  0, 0,
                                                  0, 12, 0, 0, 0, 0, 0, 0, 0, 2,  0, 0, 0, 11, 0, 0,
                                                  0, 8,  0, 0, 0, 9, 0, 0, 0, 0,  0, 0, 0, 7,  0, 0,
                                                  0, 4,  0, 0, 0, 5, 0, 0, 0, 10, 0, 0, 0, 3,  0, 0};
        uint32_t d = rank_key(v) - nat;
        r = rank_of_mod64[d & 63u];
        if (pow5[r] != d) return 0;
    }
    unsigned cat = v > OFC_STRENGTH_MAX ? OFC_FIVE_OF_A_KIND : ofc_strength_info[v] & 15u;
    int flush = fs >= 0 && (cat == OFC_FLUSH || cat == OFC_STRAIGHT_FLUSH || cat == OFC_ROYAL_FLUSH);
    unsigned m = (unsigned)(~banned >> (4 * r)) & 15u, fits = 0;
    for (unsigned t = 0; t < OFC_SUITS; t++)
        if ((m >> t & 1) && ((int)t == fs && !(own >> (4 * r + t) & 1)) == flush) fits |= 1u << t;
    if (!fits) return 0;
    two_smallest(r, fits, w);
    return 1;
}

/* A joker row's strongest value [0] and its strongest with key at most a
 * bound [1]: value (0: none), key, cards, and whether the cards are known. */
typedef struct {
    uint16_t v[2], k[2];
    uint8_t w[2][2];
    uint8_t known[2];
} ofc_row_best;

static inline void set_best(ofc_row_best *o, int which, uint16_t v, unsigned k, unsigned r, unsigned m)
{
    o->v[which] = v;
    o->k[which] = (uint16_t)k;
    two_smallest(r, m, o->w[which]);
    o->known[which] = 1;
}

/* ofc_row_best of a top with one joker: one table read per rank. */
static void top_one_joker(const uint8_t *c, uint64_t banned, unsigned most, ofc_row_best *o)
{
    unsigned nat[2], nn = 0;
    for (int i = 0; i < OFC_TOP_SIZE; i++)
        if (c[i] < OFC_JOKER1) nat[nn++] = c[i] >> 2;
    const uint16_t *t = ofc_top3 + nat[0] * 169u + nat[1] * 13u;
    unsigned mx = 0, mr = 0, bl = 0, br = 0;
    for (unsigned r = 0; r < OFC_RANKS; r++) {
        unsigned v = ((~banned >> (4 * r)) & 15u) ? t[r] : 0u;
        if (v > mx) mx = v, mr = r;
        if (v <= most && v > bl) bl = v, br = r;
    }
    /* a top's values are their keys; distinct ranks give distinct values */
    o->v[0] = o->v[1] = 0;
    o->known[0] = o->known[1] = 0;
    if (mx) set_best(o, 0, (uint16_t)mx, mx, mr, (unsigned)(~banned >> (4 * mr)) & 15u);
    if (bl) set_best(o, 1, (uint16_t)bl, bl, br, (unsigned)(~banned >> (4 * br)) & 15u);
}

/* ofc_row_best of a middle or bottom with one joker: one table read per rank
 * (its offsuit and flush values); the cards as row_options gives them. */
static void five_one_joker(const uint8_t *c, const ofc_search *s, uint64_t banned, unsigned most,
                           ofc_row_best *o)
{
    uint32_t ranks = 0;
    uint64_t own = 0;
    int fs = -2, one_rank = -1, nn = 0;
    for (int i = 0; i < OFC_ROW5_SIZE; i++) {
        if (c[i] >= OFC_JOKER1) continue;
        int sct = c[i] & 3, rk = c[i] >> 2;
        fs = fs == -2 ? sct : fs == sct ? fs : -1;
        one_rank = nn++ == 0 ? rk : one_rank == rk ? one_rank : -1;
        ranks += (uint32_t)ofc_card_key[c[i]];
        own |= (uint64_t)1 << c[i];
    }
    const unsigned fbit = fs >= 0 ? 1u << fs : 0u;
    const int royal_over = s->five && s->jr->five_kind == OFC_FIVE_BELOW_ROYAL;
    unsigned mx = 0, mk = 0, mr = 0, mm = 0, bl = 0, bk = 0, br = 0, bm = 0;
    if (fs < 0 && one_rank < 0) {
        /* the common row: no flush, no five of a kind; every value is its own key */
        for (unsigned r = 0; r < OFC_RANKS; r++) {
            unsigned m = (unsigned)(~banned >> (4 * r)) & 15u;
            if (!m) continue;
            unsigned v = ofc_hand5[ofc_slot5(ranks + (uint32_t)ofc_card_key[4 * r])] & 0xFFFFu;
            if (v > mk) mx = mk = v, mr = r, mm = m;
            if (v <= most && v > bk) bl = bk = v, br = r, bm = m;
        }
        goto done;
    }
    for (unsigned r = 0; r < OFC_RANKS; r++) {
        unsigned m = (unsigned)(~banned >> (4 * r)) & 15u;
        if (!m) continue;
        unsigned lo, hi;
        if (OFC_UNLIKELY(one_rank == (int)r)) {
            lo = hi = s->five ? OFC_FIVE_KIND(r) : 0u;
        } else {
            uint32_t w = ofc_hand5[ofc_slot5(ranks + (uint32_t)ofc_card_key[4 * r])];
            lo = w & 0xFFFFu;
            hi = w >> 16;
        }
        /* the naturals' suit makes a flush unless the card copies a natural */
        unsigned fcard = 4 * r + (unsigned)(fs < 0 ? 0 : fs);
        int fs_ok = (m & fbit) != 0, fs_copy = fs_ok && (own >> fcard & 1);
        unsigned mlo = (m & ~fbit) | (fs_copy ? fbit : 0u);
        if (mlo && lo) {
            unsigned k = lo;
            if (k > mk) mx = lo, mk = k, mr = r, mm = mlo;
            if (k <= most && k > bk) bl = lo, bk = k, br = r, bm = mlo;
        }
        if (fs_ok && !fs_copy) {
            unsigned k = royal_over && hi == OFC_STRENGTH_MAX ? OFC_ROYAL_OVER_FIVE : hi;
            if (k > mk) mx = hi, mk = k, mr = r, mm = fbit;
            if (k <= most && k > bk) bl = hi, bk = k, br = r, bm = fbit;
        }
    }
done:
    o->v[0] = o->v[1] = 0;
    o->known[0] = o->known[1] = 0;
    if (mx) set_best(o, 0, (uint16_t)mx, mk, mr, mm);
    if (bl) set_best(o, 1, (uint16_t)bl, bk, br, bm);
}

static inline unsigned suit_count(unsigned m)
{
    return (m & 1u) + (m >> 1 & 1u) + (m >> 2 & 1u) + (m >> 3 & 1u);
}

/* The strongest value with key at most `most` of a row holding both jokers
 * (0: none), by one table read per pair of ranks; its cards are the
 * witness of that value. */
static uint16_t two_jokers_below(const uint8_t *c, int n, const ofc_search *s, uint64_t banned, unsigned most)
{
    uint32_t ranks = 0;
    uint64_t own = 0;
    int fs = -2, one_rank = -1, nn = 0;
    unsigned nat = 0;
    for (int i = 0; i < n; i++) {
        if (c[i] >= OFC_JOKER1) continue;
        int sct = c[i] & 3, rk = c[i] >> 2;
        fs = fs == -2 ? sct : fs == sct ? fs : -1;
        one_rank = nn++ == 0 ? rk : one_rank == rk ? one_rank : -1;
        ranks += (uint32_t)ofc_card_key[c[i]];
        own |= (uint64_t)1 << c[i];
        nat = (unsigned)rk;
    }
    if (n == 3 || fs < 0) fs = -1;
    const int same_ok = banned == 0;
    const int royal_over = s->five && s->jr->five_kind == OFC_FIVE_BELOW_ROYAL;
    unsigned best = 0, bk = 0;
    if (n == 5 && fs < 0 && one_rank < 0) {
        /* the common row: no flush, no five of a kind; every value is its own key */
        unsigned pc[OFC_RANKS];
        for (unsigned r = 0; r < OFC_RANKS; r++) pc[r] = suit_count((unsigned)(~banned >> (4 * r)) & 15u);
        for (unsigned r1 = 0; r1 < OFC_RANKS; r1++) {
            if (!pc[r1]) continue;
            uint32_t base = ranks + (uint32_t)ofc_card_key[4 * r1];
            if (pc[r1] >= 2 || same_ok) { /* both jokers of rank r1 */
                unsigned v = ofc_hand5[ofc_slot5(base + (uint32_t)ofc_card_key[4 * r1])] & 0xFFFFu;
                if (v <= most && v > best) best = v;
            }
            for (unsigned r2 = r1 + 1; r2 < OFC_RANKS; r2++) {
                if (!pc[r2]) continue;
                unsigned v = ofc_hand5[ofc_slot5(base + (uint32_t)ofc_card_key[4 * r2])] & 0xFFFFu;
                if (v <= most && v > best) best = v;
            }
        }
        return (uint16_t)best;
    }
    for (unsigned r1 = 0; r1 < OFC_RANKS; r1++) {
        unsigned m1 = (unsigned)(~banned >> (4 * r1)) & 15u;
        if (!m1) continue;
        unsigned p1 = suit_count(m1);
        for (unsigned r2 = r1; r2 < OFC_RANKS; r2++) {
            unsigned m2 = (unsigned)(~banned >> (4 * r2)) & 15u;
            if (!m2) continue;
            unsigned lo, hi;
            if (n == 3) {
                lo = hi = ofc_top3[nat * 169u + r1 * 13u + r2];
            } else if (OFC_UNLIKELY(r1 == r2 && one_rank == (int)r1)) {
                lo = hi = s->five ? OFC_FIVE_KIND(r1) : 0u;
            } else {
                uint32_t w = ofc_hand5[ofc_slot5(ranks + (uint32_t)ofc_card_key[4 * r1]
                                                 + (uint32_t)ofc_card_key[4 * r2])];
                lo = w & 0xFFFFu;
                hi = w >> 16;
            }
            /* the pairs of cards: a flush only from two cards of the naturals' suit, both new */
            unsigned pairs = r1 != r2 ? p1 * suit_count(m2) : p1 * (p1 - 1) / 2 + (same_ok ? p1 : 0);
            unsigned flush = fs >= 0 && r1 != r2 && (m1 >> fs & 1) && (m2 >> fs & 1)
                             && !(own >> (4 * r1 + (unsigned)fs) & 1)
                             && !(own >> (4 * r2 + (unsigned)fs) & 1);
            if (pairs > flush && lo && lo <= most && lo > bk) best = lo, bk = lo;
            if (flush) {
                unsigned k = royal_over && hi == OFC_STRENGTH_MAX ? OFC_ROYAL_OVER_FIVE : hi;
                if (k <= most && k > bk) best = hi, bk = k;
            }
        }
    }
    return (uint16_t)best;
}

/* The fast path: 1 when it resolved the board (the joker rows' values into
 * s->v, the cards into card), 0 to leave the board to the search. */
static int fast_resolve(const uint8_t *b, ofc_search *s, const int *jokers_in, const int *joker_of,
                        const uint64_t *banned, uint8_t *card)
{
    ofc_row_best o[3];
    int feasible = s->jr->resolution == OFC_RESOLVE_BOARD;
    const int distinct = s->jr->pool == OFC_POOL_NOT_ON_BOARD || s->jr->pool == OFC_POOL_UNSEEN;
    if (!jokers_in[0] && !jokers_in[2] && s->k[0] > s->k[2]) feasible = 0; /* the naturals foul already */
    /* bottom to top, each bounded by the row below it: the strongest bottom,
     * the strongest middle not above it, the strongest top not above that */
    unsigned most = 0xFFFFu;
    for (int row = 2; row >= 0; row--) {
        const uint8_t *c = b + OFC_ROW_START(row);
        const int nj = jokers_in[row];
        if (!nj) {
            if (s->k[row] > most) feasible = 0;
            most = s->k[row];
            continue;
        }
        ofc_row_best *x = &o[row];
        if (row == 0 && nj == 1) {
            top_one_joker(c, banned[0], most, x);
        } else {
            /* the strongest from the joker tables, its cards found when needed */
            x->v[0] = row == 0 ? ofc_strength3_jokers_unchecked(c[0], c[1], c[2])
                               : ofc_strength5_jokers_unchecked(c[0], c[1], c[2], c[3], c[4], s->five);
            x->k[0] = (uint16_t)order_key(s->jr, 0, row, x->v[0]);
            x->known[0] = x->known[1] = 0;
            if (distinct) {
                /* the tables know only the row: the strongest may need a card of the board */
                x->known[0] = (uint8_t)(row && nj == 1 ? one_joker_card(c, x->v[0], banned[row], x->w[0])
                                                       : witness(c, OFC_ROW_SIZE(row), row, s, banned[row],
                                                                 nj, x->v[0], x->w[0]));
                if (!x->known[0] && nj == 2) { /* the strongest the pool allows, by one pass */
                    x->v[0] = two_jokers_below(c, OFC_ROW_SIZE(row), s, banned[row], 0xFFFFu);
                    if (!x->v[0]) return 0;
                    x->k[0] = (uint16_t)order_key(s->jr, 0, row, x->v[0]);
                }
            }
            if (distinct && !x->known[0] && nj == 1) {
                five_one_joker(c, s, banned[row], feasible ? most : 0xFFFFu, x);
            } else if (!feasible || x->k[0] <= most) {
                x->v[1] = x->v[0];
                x->k[1] = x->k[0];
                x->known[1] = x->known[0];
                x->w[1][0] = x->w[0][0];
                x->w[1][1] = x->w[0][1];
            } else if (nj == 1) {
                five_one_joker(c, s, banned[row], most, x);
            } else {
                x->v[1] = two_jokers_below(c, OFC_ROW_SIZE(row), s, banned[row], most);
                x->k[1] = (uint16_t)order_key(s->jr, 0, row, x->v[1]);
            }
        }
        if (!x->v[0]) return 0;
        if (!x->v[1]) feasible = 0;
        if (feasible) most = x->k[1];
    }
    int pick = feasible ? 1 : 0; /* else every setting fouls: the strongest rows */
    for (int row = 0; row < 3; row++) {
        const int nj = jokers_in[row];
        if (!nj) continue;
        ofc_row_best *x = &o[row];
        const uint8_t *c = b + OFC_ROW_START(row);
        if (!x->known[pick]
            && !(row && nj == 1
                     ? one_joker_card(c, x->v[pick], banned[row], x->w[pick])
                     : witness(c, OFC_ROW_SIZE(row), row, s, banned[row], nj, x->v[pick], x->w[pick])))
            return 0; /* not a value the pool allows: the search decides */
        s->v[row] = x->v[pick];
        if (nj == 2) {
            card[0] = x->w[pick][0];
            card[1] = x->w[pick][1];
        } else {
            card[joker_of[row]] = x->w[pick][0];
        }
    }
    /* two jokers, one a row, that must be two cards: the next smallest for one of them */
    if (distinct && card[0] == card[1] && card[0] != OFC_NO_CARD) {
        const uint8_t *w52 = 0, *w53 = 0;
        for (int row = 0; row < 3; row++)
            if (jokers_in[row] == 1) {
                if (joker_of[row])
                    w53 = o[row].w[pick];
                else
                    w52 = o[row].w[pick];
            }
        if (!w52 || !w53) return 0;
        if (w53[1] != OFC_NO_CARD)
            card[1] = w53[1];
        else if (w52[1] != OFC_NO_CARD)
            card[0] = w52[1];
        else
            return 0; /* both need the one same card: the search decides */
    }
    return 1;
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

/* ofc_board_eval_jokers, with `monotone` from ofc_jb_rules_monotone (0 when not known) */
void ofc_jb_eval(const uint8_t *b, int in_fl, uint64_t dead, const ofc_rules *r, const ofc_joker_rules *jr,
                 int monotone, ofc_board_result *res, uint8_t *card, uint8_t *natural)
{
    ofc_search s;
    s.r = r;
    s.jr = jr;
    s.low = r->middle_live != 0;
    s.in_fl = in_fl;
    s.five = jr->pool == OFC_POOL_DUPLICATES && jr->five_kind != OFC_FIVE_NONE;
    int jrow[2] = {-1, -1}, njrows = 0, jokers_in[3], joker_of[3];
    uint64_t on_board = 0, own[3];
    card[0] = card[1] = OFC_NO_CARD;
    for (int row = 0; row < 3; row++) {
        /* the row's codes as bits: the naturals below OFC_JOKER1, the jokers at it and after */
        const uint8_t *c = b + OFC_ROW_START(row);
        uint64_t bits = (uint64_t)1 << c[0] | (uint64_t)1 << c[1] | (uint64_t)1 << c[2];
        if (row) bits |= (uint64_t)1 << c[3] | (uint64_t)1 << c[4];
        unsigned j = (unsigned)(bits >> OFC_JOKER1) & 3u;
        jokers_in[row] = (int)((j & 1u) + (j >> 1));
        joker_of[row] = j == 2u; /* the row's one joker is 53 */
        own[row] = bits & (((uint64_t)1 << OFC_DECK_SIZE) - 1);
        on_board |= own[row];
        natural[row] = (uint8_t)!j;
        if (j) jrow[njrows++] = row;
    }
    if (njrows == 0) { /* the plain board: nothing the joker rules change */
        ofc_board_eval(b, in_fl, r, res);
        return;
    }
    for (int row = 0; row < 3; row++)
        if (natural[row]) {
            const uint8_t *c = b + OFC_ROW_START(row);
            /* a row without a joker holds distinct cards */
            s.v[row] = row == 0            ? ofc_strength3_unchecked(c[0], c[1], c[2])
                       : s.low && row == 1 ? ofc_lowball27_unchecked(c[0], c[1], c[2], c[3], c[4])
                                           : ofc_strength5_unchecked(c[0], c[1], c[2], c[3], c[4]);
            s.k[row] = order_key(jr, s.low, row, s.v[row]);
            s.info[row] = row_info(r, jr, row, s.v[row]);
        }
    /* the cards no joker may take, per row */
    uint64_t banned[3];
    for (int row = 0; row < 3; row++)
        banned[row] = jr->pool == OFC_POOL_DUPLICATES ? 0
                      : jr->pool == OFC_POOL_ANY      ? own[row]
                      : jr->pool == OFC_POOL_UNSEEN   ? on_board | dead
                                                      : on_board;
    if (!s.low && (jr->resolution == OFC_RESOLVE_ROW || (monotone && !(r->stay_tier && in_fl)))) {
        uint8_t cc[2] = {OFC_NO_CARD, OFC_NO_CARD};
        if (fast_resolve(b, &s, jokers_in, joker_of, banned, cc)) {
            card[0] = cc[0];
            card[1] = cc[1];
            joker_board_rules(s.v, in_fl, s.low, r, jr, res);
            return;
        }
    }
    if (OFC_UNLIKELY(!ofc_jb_search(b, &s, jrow, njrows, jokers_in, joker_of, banned, card))) {
        /* "unseen" with every card seen: the jokers take what "any" allows */
        ofc_joker_rules any = *jr;
        any.pool = OFC_POOL_ANY;
        ofc_jb_eval(b, in_fl, 0, r, &any, 0, res, card, natural);
        return;
    }
    joker_board_rules(s.v, in_fl, s.low, r, jr, res);
}

void ofc_board_eval_jokers(const uint8_t *b, int in_fl, uint64_t dead, const ofc_rules *r,
                           const ofc_joker_rules *jr, ofc_board_result *res, uint8_t *card, uint8_t *natural)
{
    ofc_jb_eval(b, in_fl, dead, r, jr, 0, res, card, natural);
}
