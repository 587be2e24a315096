/* The lean path of pool "any" for batches of boards with jokers (ofc_board.h,
 * "Jokers on boards"; ofc_joker_batch.c chooses it).  Under pool "any" a
 * joker takes any card not in its own row, so the rows do not share cards
 * and each row's values depend only on its naturals' ranks and whether they
 * share a suit.  For each such row ("rank multiset, suited") a ladder lists
 * the values its jokers reach, strongest first, each with the ranks the
 * jokers take and whether they make a flush.  Built once (122,031 entries,
 * 0.5 MB) from the hand tables; the fast path's answer (ofc_joker_fast.c:
 * strongest bottom, strongest middle not above it, strongest top not above
 * that, or the strongest rows where that fouls) is then a look at the head
 * of each joker row's ladder, or a binary search down it, and the cards
 * follow from the ranks: the smallest the row does not hold. */
#include <string.h>
#include "ofc_board.h"
#include "ofc_joker_board.h"

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
 * or 5) with nj jokers, as every value ofc_jb_row_value gives the row for the
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
                uint16_t v = ofc_jb_row_value(x, size, size == 3 ? 0 : 2, 0, 0);
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
int ofc_jb_ladders_ready(void)
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
int ofc_jb_ladders_ready(void)
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
int ofc_jb_ladders_ready(void)
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

/* The fast path under pool "any" by the ladders (ofc_jb_rules_monotone holds, or
 * "row" resolution; no Low middle); the same answer as ofc_jb_fast_resolve. */
void ofc_jb_lean_any(const uint8_t *b, int in_fl, const ofc_rules *r, const ofc_joker_rules *jr,
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
