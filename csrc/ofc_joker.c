/* Hand strength with jokers (ofc_hand.h, "Jokers"): single hands and arrays. */
#include <string.h>
#include "ofc_hand.h"

int ofc_strength_jokers(const uint8_t *c, int n, int jokers, int five_kind)
{
    if (n != 3 && n != 5) return -2;
    if (ofc_bad_cards_jokers(c, n, ofc_joker_allowed(jokers))) return -1;
    return n == 5 ? ofc_strength5_jokers_unchecked(c[0], c[1], c[2], c[3], c[4], five_kind)
                  : ofc_strength3_jokers_unchecked(c[0], c[1], c[2]);
}

/* Blocks are copied before they are checked and evaluated, as in ofc_eval.c:
 * a byte checked is the byte looked up. */
#define OFC_JBLOCK 1024

int64_t ofc_strength_jokers_batch(const uint8_t *cards, int64_t n, int size, int jokers, int five_kind,
                                  uint16_t *out)
{
    uint8_t snap[OFC_JBLOCK * 5];
    if (size != 3 && size != 5) return -2;
    for (int64_t start = 0; start < n; start += OFC_JBLOCK) {
        int64_t len = n - start < OFC_JBLOCK ? n - start : OFC_JBLOCK;
        memcpy(snap, cards + size * start, (size_t)(size * len));
        const uint8_t *c = snap;
        int64_t bad = ofc_first_bad_hand_jokers(c, len, size, jokers);
        if (OFC_UNLIKELY(bad >= 0)) return start + bad;
        uint16_t *o = out + start;
        if (size == 5)
            for (int64_t i = 0; i < len; i++, c += 5)
                o[i] = ofc_strength5_jokers_unchecked(c[0], c[1], c[2], c[3], c[4], five_kind);
        else
            for (int64_t i = 0; i < len; i++, c += 3) o[i] = ofc_strength3_jokers_unchecked(c[0], c[1], c[2]);
    }
    return -1;
}
