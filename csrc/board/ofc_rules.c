/* Rules from C: the four presets as specs, and the row tables of a spec.
 *
 * ofc_rules_build is the one table builder: the Python Rules object fills a
 * spec from its fields and the binding calls it (ofc_fast/board/rules.py,
 * Rules.tables; _core.RuleTables); tests/test_solve_fantasyland_rules.py reads
 * every table entry back against the plain-Python rules of
 * ofc_fast/reference.py. */
#include <string.h>
#include "ofc_board.h"

static const int32_t default_middle[10] = {0, 0, 0, 2, 4, 8, 12, 20, 30, 50};
static const int32_t default_bottom[10] = {0, 0, 0, 0, 2, 4, 6, 10, 15, 25};

/* ranks: 0 = deuce .. 12 = ace */
enum { R6 = 4, R7 = 5, R8 = 6, R9 = 7, RQ = 10, RK = 11, RA = 12 };

int ofc_rules_preset(ofc_rules_spec *s, int preset)
{
    if (preset < OFC_PRESET_ORIGINAL || preset > OFC_PRESET_LOW) return OFC_BOARD_BAD_PRESET;
    memset(s, 0, sizeof *s);
    /* Pineapple, the base of the others: docs/RULES.md sections 5 and 8 */
    for (int r = R6; r <= RA; r++) s->top_pair[r] = r - R6 + 1;   /* 66 = 1 .. AA = 9 */
    for (int r = 0; r < OFC_RANKS; r++) s->top_trips[r] = 10 + r; /* 222 = 10 .. AAA = 22 */
    memcpy(s->middle, default_middle, sizeof s->middle);
    memcpy(s->bottom, default_bottom, sizeof s->bottom);
    s->scoop_bonus = 3;
    for (int r = RQ; r <= RA; r++) s->fl_top_pair[r] = 14;
    for (int r = 0; r < OFC_RANKS; r++) s->fl_top_trips[r] = 14;
    s->stay_cards = 14;
    s->stay_top = OFC_THREE_OF_A_KIND;
    s->stay_middle = OFC_FULL_HOUSE;
    s->stay_bottom = OFC_FOUR_OF_A_KIND;
    switch (preset) {
    case OFC_PRESET_ORIGINAL:
        for (int r = RQ; r <= RA; r++) s->fl_top_pair[r] = 13;
        for (int r = 0; r < OFC_RANKS; r++) s->fl_top_trips[r] = 13;
        s->stay_cards = 13;
        break;
    case OFC_PRESET_PROGRESSIVE:
        /* one more card per step above QQ, at most 3 more */
        s->fl_top_pair[RQ] = 14;
        s->fl_top_pair[RK] = 15;
        s->fl_top_pair[RA] = 16;
        for (int r = 0; r < OFC_RANKS; r++) s->fl_top_trips[r] = 17;
        break;
    case OFC_PRESET_LOW: /* docs/RULES.md section 9 */
        s->low = 1;
        memset(s->middle, 0, sizeof s->middle);
        s->low_middle[R9] = 1;
        s->low_middle[R8] = 2;
        s->low_middle[R7] = 4;
        s->low_nuts = 8;
        s->fl_top_pair[RQ] = 0;
        s->fl_low_nuts = 14;
        s->fl_low_both = 15;
        s->stay_middle = OFC_NO_STAY;
        break;
    default: break;
    }
    return 0;
}

static int bad_royalty(const int32_t *v, int n)
{
    for (int i = 0; i < n; i++)
        if (v[i] < -32768 || v[i] > 32767) return 1;
    return 0;
}

static int bad_count(int32_t v)
{
    return v != 0 && (v < OFC_BOARD_SIZE || v > OFC_DECK_SIZE);
}

static int bad_spec(const ofc_rules_spec *s)
{
    if ((s->low != 0 && s->low != 1) || (s->fl_low_both_required & ~1)
        || (s->stay_entry < OFC_STAY_CONDITIONS || s->stay_entry > OFC_STAY_TIER))
        return 1;
    if (s->stay_cards_mode != OFC_STAY_CARDS_FIXED && s->stay_cards_mode != OFC_STAY_CARDS_CURRENT) return 1;
    /* stays by entry or by tier read the entry condition row by row (below),
     * which Low's "both conditions together" is not */
    if (s->stay_entry && s->low && s->fl_low_both_required) return 1;
    if (bad_royalty(s->top_high, OFC_RANKS) || bad_royalty(s->top_pair, OFC_RANKS)
        || bad_royalty(s->top_trips, OFC_RANKS) || bad_royalty(s->middle, 10) || bad_royalty(s->bottom, 10)
        || bad_royalty(s->low_middle, OFC_RANKS) || bad_royalty(&s->low_nuts, 1))
        return 1;
    if (s->scoop_bonus < 0) return 1;
    for (int r = 0; r < OFC_RANKS; r++)
        if (bad_count(s->fl_top_pair[r]) || bad_count(s->fl_top_trips[r])) return 1;
    if (bad_count(s->fl_low_nuts) || bad_count(s->fl_low_both) || bad_count(s->stay_cards)) return 1;
    /* a stay category the row can hold; Low's middle is no poker hand */
    if (s->stay_top != OFC_NO_STAY && s->stay_top != OFC_HIGH_CARD && s->stay_top != OFC_PAIR
        && s->stay_top != OFC_THREE_OF_A_KIND)
        return 1;
    if (s->stay_middle != OFC_NO_STAY && (s->stay_middle < 0 || s->stay_middle > OFC_ROYAL_FLUSH)) return 1;
    if (s->stay_bottom != OFC_NO_STAY && (s->stay_bottom < 0 || s->stay_bottom > OFC_ROYAL_FLUSH)) return 1;
    if (s->stay_cards == 0
        && (s->stay_top != OFC_NO_STAY || s->stay_middle != OFC_NO_STAY || s->stay_bottom != OFC_NO_STAY
            || s->stay_entry))
        return 1;
    if (s->low && s->stay_middle != OFC_NO_STAY) return 1;
    if (!s->low) {
        if (s->low_nuts || s->fl_low_nuts || s->fl_low_both || s->fl_low_both_required) return 1;
        for (int r = 0; r < OFC_RANKS; r++)
            if (s->low_middle[r]) return 1;
    }
    return 0;
}

static uint32_t pack(int32_t royalty, int stay, int qualify, int32_t entry)
{
    return ((uint32_t)royalty & 0xFFFFu) | (uint32_t)(stay != 0) << 16 | (uint32_t)(qualify != 0) << 17
           | (uint32_t)entry << 24;
}

int ofc_rules_build(const ofc_rules_spec *s, ofc_rules_storage *st)
{
    if (bad_spec(s)) return OFC_BOARD_BAD_SPEC;
    memset(st, 0, sizeof *st);
    for (int v = 0; v <= OFC_STRENGTH_MAX; v++) {
        uint32_t info = ofc_strength_info[v];
        int cat = (int)(info & 15u), ncards = (int)(info >> 4 & 15u), lead = (int)(info >> 8 & 15u);
        if (lead == 15) lead = 0; /* no cards: strength 0 */
        if (ncards == 3) {
            int32_t roy = 0, fl = 0;
            if (cat == OFC_HIGH_CARD) roy = s->top_high[lead];
            if (cat == OFC_PAIR) roy = s->top_pair[lead], fl = s->fl_top_pair[lead];
            if (cat == OFC_THREE_OF_A_KIND) roy = s->top_trips[lead], fl = s->fl_top_trips[lead];
            /* stay_entry: a top that enters stays too; with entry needing
             * either condition alone (checked above) the union of the rows'
             * stay bits is then exactly "stays or would enter" */
            int stay = (s->stay_top != OFC_NO_STAY && cat >= s->stay_top)
                       || (s->stay_entry == OFC_STAY_ENTRY && fl > 0);
            st->info[0][v] = pack(roy, stay, fl > 0, fl);
        } else if (ncards == 5) {
            if (!s->low)
                st->info[1][v] =
                    pack(s->middle[cat], s->stay_middle != OFC_NO_STAY && cat >= s->stay_middle, 0, 0);
            st->info[2][v] =
                pack(s->bottom[cat], s->stay_bottom != OFC_NO_STAY && cat >= s->stay_bottom, 0, 0);
        }
    }
    if (s->low) {
        /* the middle's value is its lowball rank; live: no pair, straight or
         * flush, ten high or lower (docs/RULES.md section 9) */
        for (int v = 1; v <= OFC_LOWBALL_MAX; v++) {
            uint32_t info = ofc_lowball_info[v];
            int high = (int)(info >> 8 & 15u);
            if ((info & 15u) == OFC_HIGH_CARD && high <= 8) {
                st->live[v] = 1;
                st->info[1][v] = pack(s->low_middle[high], 0, 0, 0);
            }
        }
        /* the nuts: their own royalty, and they qualify even with no count */
        st->info[1][OFC_LOWBALL_MAX] =
            pack(s->low_nuts, s->stay_entry == OFC_STAY_ENTRY && s->fl_low_nuts > 0, 1, s->fl_low_nuts);
    }
    for (int v = 0; v < 256; v++)
        st->stay_count[v] =
            (uint8_t)(s->stay_cards_mode == OFC_STAY_CARDS_CURRENT && v >= OFC_BOARD_SIZE ? v
                                                                                          : s->stay_cards);
    st->rules.row_info[0] = st->info[0];
    st->rules.row_info[1] = st->info[1];
    st->rules.row_info[2] = st->info[2];
    st->rules.middle_live = s->low ? st->live : 0;
    st->rules.scoop_bonus = s->scoop_bonus;
    st->rules.fl_both = s->low ? s->fl_low_both : 0;
    st->rules.fl_both_required = s->low && s->fl_low_both_required;
    st->rules.stay_cards = s->stay_cards;
    st->rules.stay_count = st->stay_count;
    st->rules.stay_tier = s->stay_entry == OFC_STAY_TIER;
    return 0;
}
