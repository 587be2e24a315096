/* Fantasyland against known boards: the hand and the other seats' boards
 * checked and evaluated once, and the scoring of one setting as the game
 * engine scores the hand (ofc_game_result): each board evaluated by the
 * board layer (ofc_board_eval, or with jokers ofc_board_eval_jokers: "unseen"
 * excludes the other boards' natural cards), every pair scored by
 * ofc_score_pair.  The solver (ofc_fantasyland_points.c) and its plain
 * enumeration (ofc_fantasyland_points_enum.c) both score through here. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ofc_solve.h"
#include "ofc_fantasyland_points.h"
#include "ofc_fantasyland_work.h"

int fp_rank(uint32_t mask)
{
    /* sum of C(p_i, i + 1) over the positions p_0 < p_1 < ..., as the solver ranks its subsets */
    int rank = 0, i = 0;
    for (int p = 0; mask; p++, mask >>= 1)
        if (mask & 1u) rank += ofc_fl_binom[p][++i];
    return rank;
}

/* Board b of seat `seat` (in Fantasyland with in_fl, 0: not) evaluated as
 * the game engine does: its rows' score keys, foul and royalty total. */
static void eval_seat(const fp_game *g, const uint8_t *b, int in_fl, uint64_t dead, uint16_t *key,
                      int32_t *fouled, int32_t *roy, ofc_board_result *res, uint8_t *card)
{
    if (g->jr) {
        uint8_t natural[3];
        const int low = g->r->middle_live != 0;
        ofc_board_eval_jokers(b, in_fl, dead, g->r, g->jr, res, card, natural);
        for (int k = 0; k < OFC_ROWS; k++)
            key[k] = ofc_joker_score_key(g->jr, low, k, res->value[k], natural[k]);
    } else {
        ofc_board_eval(b, in_fl, g->r, res);
        for (int k = 0; k < OFC_ROWS; k++) key[k] = res->value[k];
        card[0] = card[1] = OFC_EMPTY;
    }
    *fouled = res->fouled;
    *roy = res->royalty[0] + res->royalty[1] + res->royalty[2];
}

/* The other boards against the Fantasyland seat's board holding the hand's
 * natural cards `on` (for "unseen"). */
static void eval_seats(const fp_game *g, uint64_t on, fp_seats *s)
{
    for (int j = 0; j < g->m; j++) {
        uint64_t dead = on;
        for (int q = 0; q < g->m; q++)
            for (int k = 0; q != j && k < OFC_BOARD_SIZE; k++)
                if (g->boards[OFC_BOARD_SIZE * q + k] < OFC_JOKER1)
                    dead |= (uint64_t)1 << g->boards[OFC_BOARD_SIZE * q + k];
        ofc_board_result res;
        uint8_t card[2];
        eval_seat(g, g->boards + OFC_BOARD_SIZE * j, g->in_fl[j], dead, s->key[j], &s->fouled[j], &s->roy[j],
                  &res, card);
    }
}

int fp_begin(fp_game *g, const uint8_t *cards, int n, const uint8_t *boards, int m, const uint8_t *in_fl,
             const ofc_rules *r, const ofc_joker_rules *jr, double S)
{
    uint8_t all[OFC_FL_MAX_CARDS + OFC_FL_MAX_OPPONENTS * OFC_BOARD_SIZE];
    g->seats = NULL;
    if (n < OFC_BOARD_SIZE || n > OFC_FL_MAX_CARDS) return OFC_FL_BAD_COUNT;
    if (m < 1 || m > OFC_FL_MAX_OPPONENTS) return OFC_FL_BAD_OPPONENTS;
    if (!isfinite(S)) return OFC_FL_BAD_VALUE;
    /* checked and read from copies: the caller's arrays may change meanwhile */
    memcpy(all, cards, (size_t)n);
    memcpy(all + n, boards, (size_t)(OFC_BOARD_SIZE * m));
    const uint64_t allowed = ofc_joker_allowed(jr ? jr->jokers : 0);
    if (ofc_bad_cards_jokers(all, n, allowed)) return OFC_FL_BAD_CARDS;
    if (ofc_bad_cards_jokers(all, n + OFC_BOARD_SIZE * m, allowed)) return OFC_FL_BAD_BOARDS;
    g->n = n;
    g->m = m;
    g->r = r;
    g->jr = jr && jr->jokers ? jr : NULL;
    g->S = S;
    for (int i = 0; i < n; i++) { /* sorted by code: positions as the solver's */
        int j = i;
        for (; j > 0 && g->cards[j - 1] > all[i]; j--) g->cards[j] = g->cards[j - 1];
        g->cards[j] = all[i];
    }
    memcpy(g->boards, all + n, (size_t)(OFC_BOARD_SIZE * m));
    g->dead = 0;
    int board_jokers = 0;
    for (int j = 0; j < m; j++) {
        g->in_fl[j] = in_fl ? in_fl[j] : 0;
        for (int k = 0; k < OFC_BOARD_SIZE; k++) {
            uint8_t c = g->boards[OFC_BOARD_SIZE * j + k];
            if (c < OFC_JOKER1)
                g->dead |= (uint64_t)1 << c;
            else
                board_jokers = 1;
        }
    }
    g->dep = g->jr && g->jr->pool == OFC_POOL_UNSEEN && board_jokers;
    const int d = n - OFC_BOARD_SIZE;
    g->nd = g->dep ? fp_rank(((1u << d) - 1u) << (n - d)) + 1 : 1; /* C(n, d) */
    g->seats = (fp_seats *)malloc((size_t)g->nd * sizeof *g->seats);
    if (!g->seats) return OFC_FL_NO_MEMORY;
    uint64_t hand = 0;
    for (int i = 0; i < n; i++)
        if (g->cards[i] < OFC_JOKER1) hand |= (uint64_t)1 << g->cards[i];
    if (!g->dep) {
        eval_seats(g, 0, g->seats);
        return 0;
    }
    for (uint32_t mask = 0; mask < (1u << n); mask++) {
        int bits = 0;
        for (uint32_t x = mask; x; x &= x - 1u) bits++;
        if (bits != d) continue;
        uint64_t on = hand;
        for (int p = 0; p < n; p++)
            if (mask >> p & 1u && g->cards[p] < OFC_JOKER1) on &= ~((uint64_t)1 << g->cards[p]);
        eval_seats(g, on, &g->seats[fp_rank(mask)]);
    }
    return 0;
}

void fp_end(fp_game *g)
{
    free(g->seats);
    g->seats = NULL;
}

int fp_score(const fp_game *g, const uint8_t *board, uint32_t dmask, ofc_fantasyland_points *out,
             uint16_t *key)
{
    uint16_t sk[OFC_ROWS];
    int32_t fouled, roy;
    ofc_board_result res;
    eval_seat(g, board, g->n, g->dead, sk, &fouled, &roy, &res, out->setting.jokers);
    const fp_seats *s = &g->seats[g->dep ? fp_rank(dmask) : 0];
    int32_t points = 0;
    for (int j = 0; j < OFC_FL_MAX_OPPONENTS; j++) out->versus[j] = 0;
    for (int j = 0; j < g->m; j++) {
        ofc_pair_score ps;
        ofc_score_pair(sk, fouled, roy, s->key[j], s->fouled[j], s->roy[j], g->r->scoop_bonus, &ps);
        out->versus[j] = ps.total;
        points += ps.total;
    }
    out->points = points;
    for (int k = 0; k < OFC_ROWS; k++) {
        out->setting.royalty[k] = res.royalty[k];
        key[k] = g->jr ? (uint16_t)ofc_joker_order_key(g->jr, g->r->middle_live != 0, k, res.value[k])
                       : res.value[k];
    }
    out->setting.stays = res.stays;
    out->setting.fouled = fouled;
    out->setting.value = (double)points + (res.stays ? g->S : 0.0);
    return fouled;
}

int fp_fouled(const fp_game *g, int enumerate, ofc_fantasyland_points *out)
{
    ofc_fantasyland_result res;
    int rc = g->jr
                 ? (enumerate ? ofc_fantasyland_enumerate_jokers(g->cards, g->n, g->r, g->jr, &g->S, 1, &res)
                              : ofc_solve_fantasyland_jokers(g->cards, g->n, g->r, g->jr, g->S, &res))
                 : (enumerate ? ofc_fantasyland_enumerate(g->cards, g->n, g->r, &g->S, 1, &res)
                              : ofc_solve_fantasyland(g->cards, g->n, g->r, g->S, &res));
    if (rc) return rc;
    uint32_t dmask = 0;
    for (int p = 0; p < g->n; p++)
        for (int i = 0; i < g->n - OFC_BOARD_SIZE; i++)
            if (res.discards[i] == g->cards[p]) dmask |= 1u << p;
    uint16_t key[OFC_ROWS];
    fp_score(g, res.board, dmask, out, key);
    memcpy(out->setting.board, res.board, sizeof res.board);
    memcpy(out->setting.discards, res.discards, sizeof res.discards);
    return 0;
}
