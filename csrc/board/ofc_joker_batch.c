/* The batch kernels of boards with jokers (ofc_board.h, "Jokers on
 * boards"): ofc_analyze_jokers_batch and the scorers, each board checked and
 * read from a copy, then resolved by the lean path of pool "any"
 * (ofc_joker_ladders.c) where a batch's rules allow it, else by the search
 * (ofc_joker_search.c, which tries the fast path first). */
#include <string.h>
#include "ofc_board.h"
#include "ofc_joker_board.h"

/* Batches of at least this many boards check the rules for the fast path
 * first (a pass over the row tables, some microseconds). */
#define OFC_HINT_MIN_BOARDS 64

/* 1 when a batch of n boards takes ofc_jb_lean_any (where no Fantasyland
 * stay tier applies): pool "any", no Low middle, ofc_jb_rules_monotone or
 * "row" resolution, and the ladders built. */
static int lean_rules(int64_t n, const ofc_rules *r, const ofc_joker_rules *jr, int monotone)
{
    return n >= OFC_HINT_MIN_BOARDS && jr->pool == OFC_POOL_ANY && !r->middle_live
           && (monotone || jr->resolution == OFC_RESOLVE_ROW) && ofc_jb_ladders_ready();
}

int64_t ofc_analyze_jokers_batch(const uint8_t *boards, int64_t n, const uint8_t *in_fl, uint64_t dead,
                                 const ofc_rules *r, const ofc_joker_rules *jr, uint8_t *fouled,
                                 uint16_t *strength, int16_t *royalties, uint8_t *fantasyland, uint8_t *stays,
                                 uint8_t *joker_cards)
{
    uint64_t allowed = ofc_joker_allowed(jr->jokers);
    const int monotone = n >= OFC_HINT_MIN_BOARDS && ofc_jb_rules_monotone(r, jr);
    const int lean = lean_rules(n, r, jr, monotone);
    for (int64_t i = 0; i < n; i++) {
        uint8_t b[OFC_BOARD_SIZE], card[2], natural[3];
        memcpy(b, boards + OFC_BOARD_SIZE * i, OFC_BOARD_SIZE); /* checked and read from a copy */
        if (OFC_UNLIKELY(ofc_bad_cards_jokers(b, OFC_BOARD_SIZE, allowed))) return i;
        ofc_board_result res;
        const int fl = in_fl ? in_fl[i] : 0;
        if (lean && (jr->resolution == OFC_RESOLVE_ROW || !(r->stay_tier && fl)))
            ofc_jb_lean_any(b, fl, r, jr, &res, card, natural);
        else
            ofc_jb_eval(b, fl, dead, r, jr, monotone, &res, card, natural);
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
            ofc_jb_lean_any(d + OFC_BOARD_SIZE * p, 0, r, jr, &res, card, natural);
        else
            ofc_jb_eval(d + OFC_BOARD_SIZE * p, 0, dead, r, jr, monotone, &res, card, natural);
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
    const int monotone = n * P >= OFC_HINT_MIN_BOARDS && ofc_jb_rules_monotone(r, jr);
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
