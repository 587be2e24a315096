/* Boards with jokers (ofc_board.h, "Jokers on boards"): what each joker
 * becomes, by an exact search.  A row holding jokers lists every value its
 * substitutions reach (each with the smallest cards reaching it); the best
 * board by the rules' order is then found without trying every combination
 * of the (at most two) joker rows:
 *   - one joker row: one pass over its values;
 *   - two joker rows ("board" resolution): the values of each row fall into
 *     classes by what they bring (the info word: royalty, entry, stay), and
 *     a pair of classes fixes the royalties and Fantasyland cards, so pairs
 *     of classes are tried best first and, inside a pair, the strongest rows
 *     that do not foul are found by a pass over each row;
 *   - "row" resolution, or a board that fouls whatever the jokers become:
 *     the strongest bottom, middle, top, again by a pass over each row.
 * Two jokers that must be different cards are kept apart by the second
 * smallest card of each value; where that is not enough a plain scan of the
 * pairs decides.  Boards without a joker take the plain path of ofc_board.c.
 * Batches under pool "any" (the default) skip all that where the rules
 * allow: each joker row's values are precomputed ladders (lean_any). */
#include <string.h>
#include "ofc_board.h"

#define OFC_NO_CARD     0xFFu
#define OFC_MAX_OPTIONS 182 /* classes of a row: 91 rank pairs, suited or not */
#define OFC_MAX_CLASSES 26  /* classes of info words in a row with one joker: its options at most */

/* one value a joker row can take, with the smallest cards reaching it: for a
 * row with one joker its two smallest cards (the second OFC_NO_CARD if none),
 * for a row with both jokers the smallest (card of 52, card of 53); key: its
 * order key, info: its info word (ofc_rules.row_info), cls: its class of info
 * words in a search over two rows */
typedef struct {
    uint16_t value, key;
    uint32_t info;
    uint8_t w[2];
    uint8_t cls;
} ofc_option;

/* The info word of a row value: five of a kind (above OFC_STRENGTH_MAX) pays
 * its own royalty and keeps a player in Fantasyland wherever a royal flush
 * would (it meets every stay category a row can ask for). */
static inline uint32_t row_info(const ofc_rules *r, const ofc_joker_rules *jr, int row, unsigned v)
{
    return ofc_joker_row_info(r, jr, row, v);
}

static inline unsigned order_key(const ofc_joker_rules *jr, int low, int row, uint16_t v)
{
    return ofc_joker_order_key(jr, low, row, v);
}

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

/* What a search needs of a board: the rules, the rows' values, keys and info
 * words (those of the joker rows are filled in as options are tried). */
typedef struct {
    const ofc_rules *r;
    const ofc_joker_rules *jr;
    int low, in_fl, five;
    uint16_t v[3];
    unsigned k[3];
    uint32_t info[3];
} ofc_search;

static inline void add_option(ofc_option *o, const ofc_search *s, int row, uint16_t value, unsigned a,
                              unsigned b)
{
    o->value = value;
    o->key = (uint16_t)order_key(s->jr, s->low, row, value);
    o->info = row_info(s->r, s->jr, row, value);
    o->w[0] = (uint8_t)a;
    o->w[1] = (uint8_t)b;
    o->cls = 0;
}

static inline unsigned lowest(unsigned m)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctz(m);
#else
    unsigned t = 0;
    while (!(m >> t & 1u)) t++;
    return t;
#endif
}

/* The two values of a 5-card row whose ranks sum (base 5, as ofc_key5) to
 * `ranks`: offsuit in the low half, flush in the high half; table t is
 * ofc_hand5, or ofc_low5 for a Low middle. */
static inline uint32_t both_values(const uint32_t *t, uint32_t ranks)
{
    return t[ofc_slot5(ranks)];
}

/* Every value of row `row` (cards at c, n of them) whose jokers take cards
 * outside `banned` (a bit mask; under "duplicates" nothing is banned).
 *
 * A row's value depends only on the ranks its jokers take and on whether all
 * five cards then share a suit: the cards of one rank whose suits are all
 * the naturals' suit (a flush, when the naturals share one) or not all of it
 * reach one value.  So each class of (ranks, suited or not) is evaluated
 * once (one table word holds both), with its smallest allowed cards as
 * witnesses (for one joker its two smallest: a second one for when the
 * other joker must differ).  The values are those of row_value on the
 * witnesses. */
static int row_options(const uint8_t *c, int n, int row, const ofc_search *s, uint64_t banned,
                       ofc_option *opt)
{
    const int low_row = s->low && row == 1;
    const uint32_t *t = low_row ? ofc_low5 : ofc_hand5;
    uint32_t ranks = 0;           /* the naturals' ranks, base 5 */
    unsigned nat_rank[5], nn = 0; /* the naturals' ranks */
    uint64_t own = 0;             /* the naturals' cards */
    int nj = 0, fs = -2;          /* fs: the naturals' one suit, -1 when they have several */
    int one_rank = -1;            /* the naturals' rank when they all share one, else -1 */
    for (int i = 0; i < n; i++) {
        if (c[i] >= OFC_JOKER1) {
            nj++;
            continue;
        }
        unsigned sct = c[i] & 3u, rk = c[i] >> 2;
        fs = fs == -2 ? (int)sct : fs == (int)sct ? fs : -1;
        one_rank = nn == 0 ? (int)rk : one_rank == (int)rk ? one_rank : -1;
        nat_rank[nn++] = rk;
        ranks += (uint32_t)ofc_card_key[c[i]];
        own |= (uint64_t)1 << c[i];
    }
    if (n == 3 || fs < 0) fs = -1; /* no flush on top, nor with naturals of two suits */
    const unsigned fbit = fs >= 0 ? 1u << fs : 0u;
    const int same_ok = banned == 0; /* "duplicates": a joker may be a card of its row, or the other joker */
    const int five_hand = s->five && !low_row;
    int nopt = 0;
    if (nj == 1) {
        for (unsigned r = 0; r < OFC_RANKS; r++) {
            unsigned m = (unsigned)(~banned >> (4 * r)) & 15u;
            if (!m) continue;
            uint16_t lo, hi;
            if (n == 3) {
                lo = hi = ofc_top3[nat_rank[0] * 169u + nat_rank[1] * 13u + r];
            } else if (OFC_UNLIKELY(one_rank == (int)r)) {
                lo = hi = five_hand ? (uint16_t)OFC_FIVE_KIND(r) : 0;
            } else {
                uint32_t w = both_values(t, ranks + (uint32_t)ofc_card_key[4 * r]);
                lo = (uint16_t)w;
                hi = (uint16_t)(w >> 16);
            }
            unsigned ms = m & fbit, mu = m & ~fbit;
            if (ms) { /* the naturals' suit: a flush, unless the card is one of them (a copy) */
                unsigned card = 4 * r + (unsigned)fs;
                uint16_t v = (own >> card & 1) ? lo : hi;
                if (v) add_option(&opt[nopt++], s, row, v, card, OFC_NO_CARD);
            }
            if (mu && lo) {
                unsigned t0 = lowest(mu), rest = mu & (mu - 1);
                add_option(&opt[nopt++], s, row, lo, 4 * r + t0, rest ? 4 * r + lowest(rest) : OFC_NO_CARD);
            }
        }
        return nopt;
    }
    /* both jokers here: joker 52 takes the smaller card of the pair */
    for (unsigned r1 = 0; r1 < OFC_RANKS; r1++) {
        unsigned m1 = (unsigned)(~banned >> (4 * r1)) & 15u;
        if (!m1) continue;
        for (unsigned r2 = r1; r2 < OFC_RANKS; r2++) {
            unsigned m2 = (unsigned)(~banned >> (4 * r2)) & 15u;
            if (!m2) continue;
            uint16_t lo, hi;
            if (n == 3) {
                lo = hi = ofc_top3[nat_rank[0] * 169u + r1 * 13u + r2];
            } else if (OFC_UNLIKELY(r1 == r2 && one_rank == (int)r1)) {
                lo = hi = five_hand ? (uint16_t)OFC_FIVE_KIND(r1) : 0;
            } else {
                uint32_t w =
                    both_values(t, ranks + (uint32_t)ofc_card_key[4 * r1] + (uint32_t)ofc_card_key[4 * r2]);
                lo = (uint16_t)w;
                hi = (uint16_t)(w >> 16);
            }
            if ((m1 & fbit) && (m2 & fbit) && (r1 != r2 || same_ok)) { /* both of the naturals' suit */
                unsigned a = 4 * r1 + (unsigned)fs, b = 4 * r2 + (unsigned)fs;
                int copy = a == b || (own >> a & 1) || (own >> b & 1);
                uint16_t v = copy ? lo : hi;
                if (v) add_option(&opt[nopt++], s, row, v, a, b);
            }
            if (!lo) continue;
            /* not both of the naturals' suit: the smallest pair (a <= b) in order */
            unsigned a = OFC_NO_CARD, b = OFC_NO_CARD;
            for (unsigned t1 = 0; t1 < OFC_SUITS && a == OFC_NO_CARD; t1++) {
                if (!(m1 >> t1 & 1)) continue;
                for (unsigned t2 = r1 == r2 ? t1 : 0; t2 < OFC_SUITS; t2++) {
                    if (!(m2 >> t2 & 1) || ((fbit >> t1 & 1) && (fbit >> t2 & 1))) continue;
                    if (r1 == r2 && t1 == t2 && !same_ok) continue;
                    a = 4 * r1 + t1;
                    b = 4 * r2 + t2;
                    break;
                }
            }
            if (a != OFC_NO_CARD) add_option(&opt[nopt++], s, row, lo, a, b);
        }
    }
    return nopt;
}

/* 1 when the rows' keys (and a Low middle's value) make a board that does not foul. */
static inline int no_foul(const ofc_search *s)
{
    if (s->low) return s->r->middle_live[s->v[1]] && s->k[0] <= s->k[2];
    return s->k[0] <= s->k[1] && s->k[1] <= s->k[2];
}

/* Royalties and Fantasyland cards of a board that does not foul, from the
 * rows' info words, as one number: the larger the better. */
static inline uint32_t gain(const ofc_search *s)
{
    ofc_board_result res;
    ofc_board_apply(s->info[0], s->info[1], s->info[2], 0, s->in_fl, s->r, &res);
    int32_t roy = res.royalty[0] + res.royalty[1] + res.royalty[2];
    return ((uint32_t)(roy + (1 << 17)) << 8) | (uint32_t)(res.fantasyland & 255);
}

/* 1 when option a beats option b of one row by value, then by smaller cards
 * (both cards where the row holds both jokers). */
static inline int stronger(const ofc_option *a, const ofc_option *b, int both)
{
    if (a->key != b->key) return a->key > b->key;
    if (a->w[0] != b->w[0]) return a->w[0] < b->w[0];
    return both && a->w[1] < b->w[1];
}

/* The best option of the one joker row (the other rows natural). */
static const ofc_option *best_single(ofc_search *s, int row, const ofc_option *opt, int n, int both)
{
    const ofc_option *best = 0;
    if (s->jr->resolution == OFC_RESOLVE_BOARD) {
        uint32_t best_gain = 0, last_info = 0, last_gain = 0;
        int have_last = 0;
        for (int i = 0; i < n; i++) {
            const ofc_option *o = &opt[i];
            s->k[row] = o->key;
            s->v[row] = o->value;
            if (!no_foul(s)) continue;
            if (!have_last || o->info != last_info) {
                s->info[row] = o->info;
                last_gain = gain(s);
                last_info = o->info;
                have_last = 1;
            }
            if (!best || last_gain > best_gain || (last_gain == best_gain && stronger(o, best, both))) {
                best = o;
                best_gain = last_gain;
            }
        }
        if (best) return best;
    }
    /* "row", or every value fouls: the strongest */
    for (int i = 0; i < n; i++)
        if (!best || stronger(&opt[i], best, both)) best = &opt[i];
    return best;
}

/* The cards of joker 52 and 53 for options oa (row A) and ob (row B), one
 * joker each: the smallest, kept apart where they must differ; 0 when they
 * cannot be (both need the one same card). */
static inline int pair_cards(const ofc_option *oa, const ofc_option *ob, int a_holds_52, int distinct,
                             uint8_t cc[2])
{
    const ofc_option *o52 = a_holds_52 ? oa : ob, *o53 = a_holds_52 ? ob : oa;
    cc[0] = o52->w[0];
    cc[1] = o53->w[0];
    if (!distinct || cc[0] != cc[1]) return 1;
    if (o53->w[1] != OFC_NO_CARD) {
        cc[1] = o53->w[1];
        return 1;
    }
    if (o52->w[1] != OFC_NO_CARD) {
        cc[0] = o52->w[1];
        return 1;
    }
    return 0;
}

/* The choice of two joker rows A (the upper) and B (the lower, compared
 * first): options and cards. */
typedef struct {
    const ofc_option *a, *b;
    uint8_t cc[2];
} ofc_pair;

/* 1 when pair x beats pair y: the lower row's value, the upper's, then the
 * smaller card of joker 52, then of 53. */
static inline int pair_better(const ofc_pair *x, const ofc_pair *y)
{
    if (x->b->key != y->b->key) return x->b->key > y->b->key;
    if (x->a->key != y->a->key) return x->a->key > y->a->key;
    if (x->cc[0] != y->cc[0]) return x->cc[0] < y->cc[0];
    return x->cc[1] < y->cc[1];
}

/* The best pair of options of class ca in row A and class cb in row B
 * (class -1: every option) by pair_better, with A's key at most B's where
 * `chained`; 0 when there is none.  The strongest B that some A fits under,
 * then the strongest A under it; a plain scan of the pairs only when those
 * two need the one same card. */
static int best_pair(const ofc_option *oa, int na, int ca, const ofc_option *ob, int nb, int cb, int chained,
                     int a_holds_52, int distinct, ofc_pair *out)
{
    unsigned min_a = 0xFFFFu;
    if (chained)
        for (int i = 0; i < na; i++)
            if ((ca < 0 || oa[i].cls == ca) && oa[i].key < min_a) min_a = oa[i].key;
    const ofc_option *b = 0, *a = 0;
    for (int j = 0; j < nb; j++)
        if ((cb < 0 || ob[j].cls == cb) && (!chained || ob[j].key >= min_a) && (!b || stronger(&ob[j], b, 0)))
            b = &ob[j];
    if (!b) return 0;
    for (int i = 0; i < na; i++)
        if ((ca < 0 || oa[i].cls == ca) && (!chained || oa[i].key <= b->key)
            && (!a || stronger(&oa[i], a, 0)))
            a = &oa[i];
    if (!a) return 0;
    out->a = a;
    out->b = b;
    if (pair_cards(a, b, a_holds_52, distinct, out->cc)) return 1;
    /* the two strongest need the one same card: every pair */
    int found = 0;
    for (int j = 0; j < nb; j++) {
        if (cb >= 0 && ob[j].cls != cb) continue;
        for (int i = 0; i < na; i++) {
            if ((ca >= 0 && oa[i].cls != ca) || (chained && oa[i].key > ob[j].key)) continue;
            ofc_pair p = {&oa[i], &ob[j], {0, 0}};
            if (!pair_cards(p.a, p.b, a_holds_52, distinct, p.cc)) continue;
            if (!found || pair_better(&p, out)) {
                *out = p;
                found = 1;
            }
        }
    }
    return found;
}

/* Number the distinct info words of the n options whose flag is set (class
 * numbers in cls, the words in words); returns how many. */
static int classify(ofc_option *opt, int n, const uint8_t *ok, uint32_t *words)
{
    int nc = 0;
    for (int i = 0; i < n; i++) {
        if (!ok[i]) {
            opt[i].cls = 0xFF;
            continue;
        }
        int c = 0;
        while (c < nc && words[c] != opt[i].info) c++;
        if (c == nc) words[nc++] = opt[i].info;
        opt[i].cls = (uint8_t)c;
    }
    return nc;
}

/* The best choice for two joker rows A < B (one joker each), the third row N
 * natural (its value, key and info in s).  0 when every choice needs the two
 * jokers to be one card where they must differ. */
static int best_two(ofc_search *s, int A, int B, ofc_option *oa, int na, ofc_option *ob, int nb,
                    int a_holds_52, int distinct, ofc_pair *best)
{
    const int N = 3 - A - B;
    if (s->jr->resolution == OFC_RESOLVE_BOARD) {
        /* which values of A and B fit the natural row, and whether A and B are
         * chained to each other (A's key at most B's) */
        int chained;
        uint8_t oka[OFC_MAX_OPTIONS], okb[OFC_MAX_OPTIONS];
        int any_a = 0, any_b = 0;
        if (s->low) {
            /* Low: the top at most the bottom, the middle live */
            chained = N == 1;
            int feasible = N != 1 || s->r->middle_live[s->v[1]];
            for (int i = 0; i < na; i++) {
                oka[i] = (uint8_t)(feasible
                                   && (A == 1   ? s->r->middle_live[oa[i].value] != 0
                                       : N == 2 ? oa[i].key <= s->k[2]
                                                : 1));
                any_a |= oka[i];
            }
            for (int j = 0; j < nb; j++) {
                okb[j] = (uint8_t)(feasible
                                   && (B == 1   ? s->r->middle_live[ob[j].value] != 0
                                       : N == 0 ? ob[j].key >= s->k[0]
                                                : 1));
                any_b |= okb[j];
            }
        } else {
            chained = N != 1;
            unsigned kn = s->k[N];
            for (int i = 0; i < na; i++) {
                oka[i] = (uint8_t)(A < N ? oa[i].key <= kn : oa[i].key >= kn);
                any_a |= oka[i];
            }
            for (int j = 0; j < nb; j++) {
                okb[j] = (uint8_t)(B < N ? ob[j].key <= kn : ob[j].key >= kn);
                any_b |= okb[j];
            }
        }
        if (any_a && any_b) {
            uint32_t wa[OFC_MAX_OPTIONS], wb[OFC_MAX_OPTIONS];
            int nca = classify(oa, na, oka, wa), ncb = classify(ob, nb, okb, wb);
            /* the gain of each pair of classes; tried best first, level by level */
            uint32_t g[OFC_MAX_CLASSES * OFC_MAX_CLASSES];
            uint32_t top = 0;
            for (int x = 0; x < nca; x++)
                for (int y = 0; y < ncb; y++) {
                    s->info[A] = wa[x];
                    s->info[B] = wb[y];
                    g[x * ncb + y] = gain(s);
                    if (g[x * ncb + y] > top) top = g[x * ncb + y];
                }
            for (;;) {
                int found = 0;
                uint32_t next = 0;
                for (int x = 0; x < nca; x++)
                    for (int y = 0; y < ncb; y++) {
                        uint32_t gx = g[x * ncb + y];
                        if (gx != top) {
                            if (gx < top && gx > next) next = gx;
                            continue;
                        }
                        ofc_pair p = {0, 0, {0, 0}}; /* set by best_pair where it returns 1 */
                        if (best_pair(oa, na, x, ob, nb, y, chained, a_holds_52, distinct, &p)
                            && (!found || pair_better(&p, best))) {
                            *best = p;
                            found = 1;
                        }
                    }
                if (found) return 1;
                if (next == 0) break;
                top = next;
            }
        }
    }
    /* "row", or every choice fouls: the strongest rows */
    return best_pair(oa, na, -1, ob, nb, -1, 0, a_holds_52, distinct, best);
}

/* ---- The fast path ---------------------------------------------------------
 * Where what a row brings (royalty, Fantasyland entry, stay) never falls as
 * the row grows stronger (every preset), the settings of the jokers that do
 * not foul have one that is the strongest in every row at once: the
 * strongest bottom, the strongest middle not above it, the strongest top not
 * above that.  It is then the best by the rules' order (royalties, cards and
 * rows alike), and a board that fouls whatever the jokers become takes the
 * strongest rows ("row" resolution always does).  A row's strongest value is
 * one lookup in the joker tables of the hand layer; the smallest cards
 * making it follow from its ranks.  The search above decides the rest: Low,
 * other rules, and boards where the strongest value cannot be reached (a
 * card the pool bars) or the two jokers would need one card. */

/* 1 when the rules' row tables never fall along the order of row values:
 * royalty, stay, and the entry a top qualifies with; no middle qualifies. */
static int rules_monotone(const ofc_rules *r, const ofc_joker_rules *jr)
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
    if (row_value(x, n, row, s->low, s->five) != v) return 0;
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

/* ---- The lean path of pool "any" -------------------------------------------
 * Under pool "any" a joker takes any card not in its own row, so the rows do
 * not share cards and each row's values depend only on its naturals' ranks
 * and whether they share a suit.  For each such row ("rank multiset,
 * suited") a ladder lists the values its jokers reach, strongest first, each
 * with the ranks the jokers take and whether they make a flush.  Built once
 * (122,031 entries, 0.5 MB) from the hand tables; the fast path's
 * answer (strongest bottom, strongest middle not above it, strongest top not
 * above that, or the strongest rows where that fouls) is then a look at the
 * head of each joker row's ladder, or a binary search down it, and the cards
 * follow from the ranks: the smallest the row does not hold. */

/* a ladder entry: value << 16 | flush << 8 | rank of joker 52's card << 4 |
 * rank of the other (rows with both jokers; a row with one: the same rank) */
#define OFC_LAD_ENTRIES 122031 /* what lad_build fills */
#define OFC_LAD_FLUSH   0x100u
static uint32_t lad_entry[OFC_LAD_ENTRIES];
/* each ladder: its first entry << 32 | where it starts << 8 | its length
 * (the first entry here spares a read of the ladder most of the time); 5-card
 * rows by the slot of their joker key (ofc_slot5j) and suited or not, tops by
 * their index in ofc_top3j (0: no ladder) */
static uint64_t lad5[OFC_JHASH_SLOT_MASK + 1][2];
static uint64_t lad3[14 * 14 * 14];

/* Fill ladder: the values of the row of `n` natural cards nat (n + nj = 3
 * or 5) with nj jokers, as every value row_value gives the row for the
 * smallest cards the jokers may take (pool "any"), sorted; returns the
 * length, 0 when something is not as the lean path assumes. */
static unsigned lad_fill(const uint8_t *nat, int n, int nj, uint32_t *out)
{
    const int size = n + nj;
    uint64_t own = 0;
    int fs = -2;
    for (int i = 0; i < n; i++) {
        own |= (uint64_t)1 << nat[i];
        fs = fs == -2 ? (nat[i] & 3) : fs == (nat[i] & 3) ? fs : -1;
    }
    if (size == 3 || fs < 0) fs = -1;
    uint8_t x[5];
    for (int i = 0; i < n; i++) x[i] = nat[i];
    unsigned len = 0;
    for (unsigned r1 = 0; r1 < OFC_RANKS; r1++)
        for (unsigned r2 = nj == 2 ? r1 : 0; r2 < (nj == 2 ? OFC_RANKS : 1u); r2++) {
            /* each choice of flush or not: its smallest cards (as lean_cards finds them) */
            for (int flush = 0; flush < 2; flush++) {
                int a = -1, b = -1;
                for (int t1 = 0; t1 < OFC_SUITS && a < 0; t1++) {
                    unsigned ca = 4 * r1 + (unsigned)t1;
                    if (own >> ca & 1) continue;
                    if (nj == 1) {
                        if ((t1 == fs) == flush) a = (int)ca;
                        continue;
                    }
                    for (int t2 = 0; t2 < OFC_SUITS; t2++) {
                        unsigned cb = 4 * r2 + (unsigned)t2;
                        if ((own >> cb & 1) || cb <= ca) continue;
                        if ((t1 == fs && t2 == fs) != flush) continue;
                        a = (int)ca;
                        b = (int)cb;
                        break;
                    }
                }
                if (a < 0) continue;
                x[n] = (uint8_t)a;
                if (nj == 2) x[n + 1] = (uint8_t)b;
                uint16_t v = row_value(x, size, size == 3 ? 0 : 2, 0, 0);
                if (!v) return 0;
                uint32_t e = (uint32_t)v << 16 | (flush ? OFC_LAD_FLUSH : 0u) | r2 << 4 | r1;
                if (nj == 1) e = (e & ~0xF0u) | r1 << 4;
                unsigned k = len++;
                for (; k && out[k - 1] < e; k--) out[k] = out[k - 1];
                out[k] = e;
            }
        }
    for (unsigned k = 1; k < len; k++) /* one entry per value (the cards follow from it) */
        if (out[k] >> 16 == out[k - 1] >> 16) return 0;
    return len;
}

/* Build every ladder; 1 when all are as the lean path assumes. */
static int lad_build(void)
{
    unsigned used = 0;
    memset(lad5, 0, sizeof lad5);
    memset(lad3, 0, sizeof lad3);
    /* 5-card rows: naturals of ranks r[0] <= ... <= r[n-1] (n = 4 or 3) */
    for (int nj = 1; nj <= 2; nj++) {
        const int n = 5 - nj;
        unsigned r[4] = {0, 0, 0, 0};
        for (;;) {
            /* suits: a card's copies of its rank take suits 0, 1, ...; the
             * distinct ranks also once all of suit 0 (suited) */
            int distinct = 1;
            for (int i = 1; i < n; i++) distinct &= r[i] != r[i - 1];
            int ok = 1;
            for (int suited = 0; suited <= distinct && ok; suited++) {
                uint8_t nat[4];
                uint64_t key = (uint64_t)nj * ofc_card_key_joker[OFC_JOKER1];
                for (int i = 0, t = 0; i < n; i++) {
                    t = i && r[i] == r[i - 1] ? t + 1 : 0;
                    if (t > 3) ok = 0;
                    /* unsuited with distinct ranks: the last card of another suit */
                    int suit = suited ? 0 : distinct ? (i == n - 1) : t;
                    nat[i] = (uint8_t)(4 * r[i] + (unsigned)(suit & 3));
                    key += ofc_card_key_joker[nat[i]];
                }
                if (!ok) break;
                uint32_t slot = ofc_slot5j(key);
                if (lad5[slot][suited] || used + 182 > OFC_LAD_ENTRIES) return 0;
                unsigned len = lad_fill(nat, n, nj, lad_entry + used);
                if (!len) return 0;
                lad5[slot][suited] = (uint64_t)lad_entry[used] << 32 | used << 8 | len;
                used += len;
            }
            /* the next multiset */
            int i = n - 1;
            while (i >= 0 && r[i] == OFC_RANKS - 1) i--;
            if (i < 0) break;
            r[i]++;
            for (int k = i + 1; k < n; k++) r[k] = r[i];
        }
    }
    /* tops: every order of the ranks (the joker's rank is 13) shares its multiset's ladder */
    for (unsigned idx = 0; idx < 14 * 14 * 14; idx++) {
        unsigned d[3] = {idx / 196, idx / 14 % 14, idx % 14}, nj = 0, n = 0;
        uint8_t nat[3];
        for (int i = 0; i < 3; i++) {
            if (d[i] == OFC_RANKS)
                nj++;
            else
                nat[n++] = (uint8_t)d[i];
        }
        if (nj == 0 || nj == 3) continue;
        if (n == 2 && nat[0] > nat[1]) {
            uint8_t t = nat[0];
            nat[0] = nat[1];
            nat[1] = t;
        }
        unsigned canon = n == 2 ? (nat[0] * 14u + nat[1]) * 14u + 13u : (nat[0] * 14u + 13u) * 14u + 13u;
        if (canon != idx) continue;
        for (unsigned i = 0; i < n; i++) nat[i] = (uint8_t)(4 * nat[i] + i); /* a pair's two suits */
        if (used + 91 > OFC_LAD_ENTRIES) return 0;
        unsigned len = lad_fill(nat, (int)n, (int)nj, lad_entry + used);
        if (!len) return 0;
        lad3[idx] = (uint64_t)lad_entry[used] << 32 | used << 8 | len;
        used += len;
    }
    for (unsigned idx = 0; idx < 14 * 14 * 14; idx++) {
        unsigned d[3] = {idx / 196, idx / 14 % 14, idx % 14}, s[3] = {d[0], d[1], d[2]};
        if ((d[0] == 13) + (d[1] == 13) + (d[2] == 13) - 1u > 1u) continue;
        for (int i = 0; i < 2; i++) /* sorted: the jokers' 13s last */
            for (int k = 0; k < 2 - i; k++)
                if (s[k] > s[k + 1]) {
                    unsigned t = s[k];
                    s[k] = s[k + 1];
                    s[k + 1] = t;
                }
        lad3[idx] = lad3[(s[0] * 14u + s[1]) * 14u + s[2]];
        if (!lad3[idx]) return 0;
    }
    return 1;
}

/* The ladders, built by the first caller (once: a thread that finds another
 * building them goes on without, by the search).  1 when they are ready. */
#if defined(__GNUC__) || defined(__clang__)
static int lad_state; /* 0: not built, 1: building, 2: ready, 3: failed */
static int ladders_ready(void)
{
    int st = __atomic_load_n(&lad_state, __ATOMIC_ACQUIRE), zero = 0;
    if (st != 0) return st == 2;
    if (!__atomic_compare_exchange_n(&lad_state, &zero, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return 0;
    int done = lad_build() ? 2 : 3;
    __atomic_store_n(&lad_state, done, __ATOMIC_RELEASE);
    return done == 2;
}
#elif defined(_MSC_VER)
#include <intrin.h>
static volatile long lad_state;
static int ladders_ready(void)
{
    /* the interlocked calls are full barriers */
    long st = _InterlockedCompareExchange(&lad_state, 0, 0);
    if (st != 0) return st == 2;
    if (_InterlockedCompareExchange(&lad_state, 1, 0) != 0) return 0;
    long done = lad_build() ? 2 : 3;
    _InterlockedExchange(&lad_state, done);
    return done == 2;
}
#else
static int ladders_ready(void)
{
    return 0; /* no portable once-guard: the search path */
}
#endif

/* The cards the jokers of a row take for ladder entry e (pool "any"): the
 * smallest outside the row's own cards, of the naturals' suit fs (fbit:
 * 1 << fs, 0 when they share none) just for a flush; a row with both jokers:
 * the smallest pair (w[0] < w[1]) not both of suit fs unless a flush. */
static inline void lean_cards(uint32_t e, uint64_t own, unsigned fbit, int nj, uint8_t *w)
{
    const unsigned r1 = e & 15u, r2 = e >> 4 & 15u, flush = (e & OFC_LAD_FLUSH) != 0;
    unsigned m1 = (unsigned)(~own >> (4 * r1)) & 15u;
    if (nj == 1) {
        w[0] = (uint8_t)(4 * r1 + lowest(m1 & (flush ? fbit : ~fbit)));
        return;
    }
    if (flush) {
        w[0] = (uint8_t)(4 * r1 + lowest(fbit));
        w[1] = (uint8_t)(4 * r2 + lowest(fbit));
        return;
    }
    const unsigned m2 = (unsigned)(~own >> (4 * r2)) & 15u;
    for (;;) { /* the smallest first card that has a second */
        unsigned t1 = lowest(m1), m = m2;
        if (r1 == r2) m &= ~((2u << t1) - 1u);
        if (fbit >> t1 & 1) m &= ~fbit;
        if (m) {
            w[0] = (uint8_t)(4 * r1 + t1);
            w[1] = (uint8_t)(4 * r2 + lowest(m));
            return;
        }
        m1 &= m1 - 1u;
    }
}

/* The first entry of ladder `at` (lad5, lad3) with value at most `most` (0
 * when none) and the ladder's first entry. */
static inline uint32_t lad_below(uint64_t at, unsigned most, uint32_t *first)
{
    *first = (uint32_t)(at >> 32);
    if (*first >> 16 <= most) return *first;
    const uint32_t *e = lad_entry + ((uint32_t)at >> 8);
    unsigned n = at & 255u;
    unsigned lo = 1, hi = n; /* e[lo - 1] is above most; the first not above is in [lo, hi] */
    while (lo < hi) {
        unsigned mid = (lo + hi) >> 1;
        if (e[mid] >> 16 <= most)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo < n ? e[lo] : 0u;
}

/* The fast path under pool "any" by the ladders (rules_monotone holds, or
 * "row" resolution; no Low middle); the same answer as fast_resolve. */
static void lean_any(const uint8_t *b, int in_fl, const ofc_rules *r, const ofc_joker_rules *jr,
                     ofc_board_result *res, uint8_t *card, uint8_t *natural)
{
    uint64_t own[3];
    own[0] = (uint64_t)1 << b[0] | (uint64_t)1 << b[1] | (uint64_t)1 << b[2];
    own[1] = (uint64_t)1 << b[3] | (uint64_t)1 << b[4] | (uint64_t)1 << b[5] | (uint64_t)1 << b[6]
             | (uint64_t)1 << b[7];
    own[2] = (uint64_t)1 << b[8] | (uint64_t)1 << b[9] | (uint64_t)1 << b[10] | (uint64_t)1 << b[11]
             | (uint64_t)1 << b[12];
    const unsigned jbits[3] = {(unsigned)(own[0] >> OFC_JOKER1), (unsigned)(own[1] >> OFC_JOKER1),
                               (unsigned)(own[2] >> OFC_JOKER1)};
    card[0] = card[1] = OFC_NO_CARD;
    for (int row = 0; row < 3; row++) natural[row] = (uint8_t)!jbits[row];
    if (!(jbits[0] | jbits[1] | jbits[2])) { /* the plain board */
        ofc_board_eval(b, in_fl, r, res);
        return;
    }
    uint16_t v[3];
    uint64_t at[3];
    uint32_t best[3], pick[3];
    unsigned fbit[3] = {0, 0, 0};
    int feasible = jr->resolution == OFC_RESOLVE_BOARD;
    unsigned most = 0xFFFFu;
    for (int row = 2; row >= 0; row--) {
        const uint8_t *c = b + OFC_ROW_START(row);
        if (!jbits[row]) {
            v[row] = row ? ofc_strength5_unchecked(c[0], c[1], c[2], c[3], c[4])
                         : ofc_strength3_unchecked(c[0], c[1], c[2]);
            if (v[row] > most) feasible = 0;
            most = v[row];
            continue;
        }
        if (row) {
            uint64_t key = ofc_card_key_joker[c[0]] + ofc_card_key_joker[c[1]] + ofc_card_key_joker[c[2]]
                           + ofc_card_key_joker[c[3]] + ofc_card_key_joker[c[4]];
            /* the naturals share a suit: its count + 3 + the jokers reaches 8 */
            unsigned sm = ((unsigned)(key >> 32) + (4u + (jbits[row] == 3u)) * 0x1111u) & 0x8888u;
            fbit[row] = sm ? 1u << (lowest(sm) >> 2) : 0u;
            at[row] = lad5[ofc_slot5j(key)][sm != 0];
        } else {
            at[0] = lad3[((c[0] >> 2) * 14u + (c[1] >> 2)) * 14u + (c[2] >> 2)];
        }
        own[row] &= ((uint64_t)1 << OFC_DECK_SIZE) - 1;
        if (feasible) {
            pick[row] = lad_below(at[row], most, &best[row]);
            if (!pick[row]) feasible = 0;
            most = pick[row] >> 16;
        } else {
            best[row] = (uint32_t)(at[row] >> 32);
        }
    }
    for (int row = 0; row < 3; row++) {
        if (!jbits[row]) continue;
        uint32_t e = feasible ? pick[row] : best[row];
        v[row] = (uint16_t)(e >> 16);
        if (jbits[row] == 3u)
            lean_cards(e, own[row], fbit[row], 2, card);
        else
            lean_cards(e, own[row], fbit[row], 1, card + (jbits[row] == 2u));
    }
    /* values of pool "any" are at most OFC_STRENGTH_MAX: their order is theirs */
    for (int i = 0; i < 3; i++) res->value[i] = v[i];
    ofc_board_apply(r->row_info[0][v[0]], r->row_info[1][v[1]], r->row_info[2][v[2]],
                    (v[0] > v[1]) | (v[1] > v[2]), in_fl, r, res);
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

/* ofc_board_eval_jokers, with `monotone` from rules_monotone (0 when not known) */
static void eval_jokers(const uint8_t *b, int in_fl, uint64_t dead, const ofc_rules *r,
                        const ofc_joker_rules *jr, int monotone, ofc_board_result *res, uint8_t *card,
                        uint8_t *natural)
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
    ofc_option opt[2][OFC_MAX_OPTIONS];
    int nopt[2] = {0, 0};
    for (int x = 0; x < njrows; x++)
        nopt[x] = row_options(b + OFC_ROW_START(jrow[x]), OFC_ROW_SIZE(jrow[x]), jrow[x], &s, banned[jrow[x]],
                              opt[x]);
    int found = nopt[0] > 0 && (njrows == 1 || nopt[1] > 0);
    if (found && njrows == 1) {
        int row = jrow[0], both = jokers_in[row] == 2;
        const ofc_option *o = best_single(&s, row, opt[0], nopt[0], both);
        s.v[row] = o->value;
        if (both) {
            card[0] = o->w[0];
            card[1] = o->w[1];
        } else {
            card[joker_of[row]] = o->w[0];
        }
    } else if (found) {
        const int distinct = jr->pool == OFC_POOL_NOT_ON_BOARD || jr->pool == OFC_POOL_UNSEEN;
        ofc_pair p = {0, 0, {0, 0}};
        found = best_two(&s, jrow[0], jrow[1], opt[0], nopt[0], opt[1], nopt[1], joker_of[jrow[0]] == 0,
                         distinct, &p);
        if (found) {
            s.v[jrow[0]] = p.a->value;
            s.v[jrow[1]] = p.b->value;
            card[0] = p.cc[0];
            card[1] = p.cc[1];
        }
    }
    if (OFC_UNLIKELY(!found)) {
        /* "unseen" with every card seen: the jokers take what "any" allows */
        ofc_joker_rules any = *jr;
        any.pool = OFC_POOL_ANY;
        eval_jokers(b, in_fl, 0, r, &any, 0, res, card, natural);
        return;
    }
    joker_board_rules(s.v, in_fl, s.low, r, jr, res);
}

void ofc_board_eval_jokers(const uint8_t *b, int in_fl, uint64_t dead, const ofc_rules *r,
                           const ofc_joker_rules *jr, ofc_board_result *res, uint8_t *card, uint8_t *natural)
{
    eval_jokers(b, in_fl, dead, r, jr, 0, res, card, natural);
}

/* Batches of at least this many boards check the rules for the fast path
 * first (a pass over the row tables, some microseconds). */
#define OFC_HINT_MIN_BOARDS 64

/* 1 when a batch of n boards takes lean_any (where no Fantasyland stay tier
 * applies): pool "any", no Low middle, rules_monotone or "row" resolution,
 * and the ladders built. */
static int lean_rules(int64_t n, const ofc_rules *r, const ofc_joker_rules *jr, int monotone)
{
    return n >= OFC_HINT_MIN_BOARDS && jr->pool == OFC_POOL_ANY && !r->middle_live
           && (monotone || jr->resolution == OFC_RESOLVE_ROW) && ladders_ready();
}

int64_t ofc_analyze_jokers_batch(const uint8_t *boards, int64_t n, const uint8_t *in_fl, uint64_t dead,
                                 const ofc_rules *r, const ofc_joker_rules *jr, uint8_t *fouled,
                                 uint16_t *strength, int16_t *royalties, uint8_t *fantasyland, uint8_t *stays,
                                 uint8_t *joker_cards)
{
    uint64_t allowed = ofc_joker_allowed(jr->jokers);
    const int monotone = n >= OFC_HINT_MIN_BOARDS && rules_monotone(r, jr);
    const int lean = lean_rules(n, r, jr, monotone);
    for (int64_t i = 0; i < n; i++) {
        uint8_t b[OFC_BOARD_SIZE], card[2], natural[3];
        memcpy(b, boards + OFC_BOARD_SIZE * i, OFC_BOARD_SIZE); /* checked and read from a copy */
        if (OFC_UNLIKELY(ofc_bad_cards_jokers(b, OFC_BOARD_SIZE, allowed))) return i;
        ofc_board_result res;
        const int fl = in_fl ? in_fl[i] : 0;
        if (lean && (jr->resolution == OFC_RESOLVE_ROW || !(r->stay_tier && fl)))
            lean_any(b, fl, r, jr, &res, card, natural);
        else
            eval_jokers(b, fl, dead, r, jr, monotone, &res, card, natural);
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

/* The seats of one checked deal d of P boards: what ofc_score_seats and
 * ofc_score_pair read (row keys in the rules' order, natural_beats_wild in
 * the last bit; fouls; royalty totals). */
static void joker_seats(const uint8_t *d, int P, const ofc_rules *r, const ofc_joker_rules *jr, int monotone,
                        int lean, uint16_t *key, int32_t *fouled, int32_t *roy)
{
    const int low = r->middle_live != 0;
    for (int p = 0; p < P; p++) {
        /* "unseen": the other boards of the deal are face up */
        uint64_t dead = 0;
        for (int q = 0; q < P && jr->pool == OFC_POOL_UNSEEN; q++)
            if (q != p)
                for (int k = 0; k < OFC_BOARD_SIZE; k++)
                    if (d[OFC_BOARD_SIZE * q + k] < OFC_JOKER1)
                        dead |= (uint64_t)1 << d[OFC_BOARD_SIZE * q + k];
        ofc_board_result res;
        uint8_t card[2], natural[3];
        if (lean)
            lean_any(d + OFC_BOARD_SIZE * p, 0, r, jr, &res, card, natural);
        else
            eval_jokers(d + OFC_BOARD_SIZE * p, 0, dead, r, jr, monotone, &res, card, natural);
        fouled[p] = res.fouled;
        roy[p] = res.royalty[0] + res.royalty[1] + res.royalty[2];
        /* rows compare by the rules' order; natural_beats_wild breaks ties for a row without a joker */
        for (int k = 0; k < 3; k++)
            key[3 * p + k] = ofc_joker_score_key(jr, low, k, res.value[k], natural[k]);
    }
}

/* The one loop of the joker scorers: each deal checked, its seats resolved,
 * then its points (net, matrix) and its details pair by pair; any output may
 * be NULL. */
static int64_t score_jokers(const uint8_t *deals, int64_t n, int P, const ofc_rules *r,
                            const ofc_joker_rules *jr, int32_t *net, int32_t *matrix, int8_t *rows,
                            int32_t *row_points, int32_t *scoop, int32_t *royalties, int32_t *total)
{
    if (P < 2 || P > OFC_MAX_SEATS) return OFC_BOARD_BAD_PLAYERS;
    const int K = P * (P - 1) / 2, details = rows || row_points || scoop || royalties || total;
    uint64_t allowed = ofc_joker_allowed(jr->jokers);
    const int monotone = n * P >= OFC_HINT_MIN_BOARDS && rules_monotone(r, jr);
    const int lean = lean_rules(n * P, r, jr, monotone);
    for (int64_t i = 0; i < n; i++) {
        uint8_t d[OFC_BOARD_SIZE * OFC_MAX_SEATS];
        memcpy(d, deals + (int64_t)OFC_BOARD_SIZE * P * i, (size_t)(OFC_BOARD_SIZE * P));
        if (OFC_UNLIKELY(ofc_bad_cards_jokers(d, OFC_BOARD_SIZE * P, allowed))) return i;
        uint16_t key[3 * OFC_MAX_SEATS];
        int32_t fouled[OFC_MAX_SEATS], roy[OFC_MAX_SEATS];
        joker_seats(d, P, r, jr, monotone, lean, key, fouled, roy);
        if (net || matrix)
            ofc_score_seats(key, fouled, roy, P, r->scoop_bonus, net ? net + (int64_t)P * i : NULL,
                            matrix ? matrix + (int64_t)P * P * i : NULL);
        if (details)
            ofc_score_details_seats(key, fouled, roy, P, r->scoop_bonus, (int64_t)K * i, rows, row_points,
                                    scoop, royalties, total);
    }
    return -1;
}

int64_t ofc_score_jokers_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *r,
                               const ofc_joker_rules *jr, int32_t *net, int32_t *matrix)
{
    return score_jokers(deals, n, players, r, jr, net, matrix, NULL, NULL, NULL, NULL, NULL);
}

int64_t ofc_score_details_jokers_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *r,
                                       const ofc_joker_rules *jr, int8_t *rows, int32_t *row_points,
                                       int32_t *scoop, int32_t *royalties, int32_t *total)
{
    return score_jokers(deals, n, players, r, jr, NULL, NULL, rows, row_points, scoop, royalties, total);
}
