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
 * pairs decides.  ofc_board_eval_jokers (ofc_joker_fast.c) reads the board
 * and calls the search where the fast path does not answer; boards without a
 * joker take the plain path of ofc_board.c.
 * Batches under pool "any" (the default) skip all that where the rules
 * allow: each joker row's values are precomputed ladders
 * (ofc_joker_ladders.c, chosen by ofc_joker_batch.c). */
#include "ofc_board.h"
#include "ofc_joker_board.h"

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

/* Value of a row that may hold the same card twice (a "duplicates" copy):
 * 0 when it is no hand (five of a kind where the rules have none).  A row
 * holding a card twice is ranked by its ranks alone (never a flush). */
uint16_t ofc_jb_row_value(const uint8_t *c, int n, int row, int low, int five_kind)
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
 * other joker must differ).  The values are those of ofc_jb_row_value on the
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

/* The search, for a board the fast path left: its joker rows jrow[0..njrows
 * - 1] (jokers_in, joker_of: as ofc_jb_eval reads them), the natural rows'
 * values, keys and info words in s, the cards each row's jokers may not take
 * in banned.  The joker rows' values into s->v, the cards into card; 0 when
 * no setting is allowed (pool "unseen" with every card seen). */
int ofc_jb_search(const uint8_t *b, ofc_search *s, const int *jrow, int njrows, const int *jokers_in,
                  const int *joker_of, const uint64_t *banned, uint8_t *card)
{
    const ofc_joker_rules *jr = s->jr;
    ofc_option opt[2][OFC_MAX_OPTIONS];
    int nopt[2] = {0, 0};
    for (int x = 0; x < njrows; x++)
        nopt[x] = row_options(b + OFC_ROW_START(jrow[x]), OFC_ROW_SIZE(jrow[x]), jrow[x], s, banned[jrow[x]],
                              opt[x]);
    int found = nopt[0] > 0 && (njrows == 1 || nopt[1] > 0);
    if (found && njrows == 1) {
        int row = jrow[0], both = jokers_in[row] == 2;
        const ofc_option *o = best_single(s, row, opt[0], nopt[0], both);
        s->v[row] = o->value;
        if (both) {
            card[0] = o->w[0];
            card[1] = o->w[1];
        } else {
            card[joker_of[row]] = o->w[0];
        }
    } else if (found) {
        const int distinct = jr->pool == OFC_POOL_NOT_ON_BOARD || jr->pool == OFC_POOL_UNSEEN;
        ofc_pair p = {0, 0, {0, 0}};
        found = best_two(s, jrow[0], jrow[1], opt[0], nopt[0], opt[1], nopt[1], joker_of[jrow[0]] == 0,
                         distinct, &p);
        if (found) {
            s->v[jrow[0]] = p.a->value;
            s->v[jrow[1]] = p.b->value;
            card[0] = p.cc[0];
            card[1] = p.cc[1];
        }
    }
    return found;
}
