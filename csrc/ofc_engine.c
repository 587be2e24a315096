/* The game engine: one hand of OFC, dealt as the rules' dealing fields say,
 * legal actions, and the built-in policies and self-play (ofc_fast.h). */
#include <string.h>
#include "ofc_fast.h"

static const int row_lo[3] = {0, 3, 8}, row_len[3] = {3, 5, 5};

int ofc_game_start(ofc_game *g, int players, int first_round, int rounds, int round_cards, int round_play,
                   uint64_t seed, uint64_t hand, int button, const int *fl_cards)
{
    int need = 0, k = 0;
    memset(g, 0, sizeof *g);
    g->players = players;
    g->first_round = first_round;
    g->rounds = rounds;
    g->round_cards = round_cards;
    g->round_play = round_play;
    g->button = button;
    for (int p = 0; p < players; p++) {
        g->fl_cards[p] = fl_cards ? fl_cards[p] : 0;
        need += g->fl_cards[p] ? g->fl_cards[p] : first_round + rounds * round_cards;
    }
    if (need > 52) return OFC_ERR_DECK;
    memset(g->board, OFC_EMPTY, sizeof g->board);
    /* Fantasyland seats first (docs/RULES.md section 7: engines let them act first), in seat
     * order from the left of the button, then street by street */
    for (int i = 1; i <= players; i++) {
        int p = (button + i) % players;
        if (g->fl_cards[p]) g->schedule[k++] = p;
    }
    for (int s = 0; s <= rounds; s++)
        for (int i = 1; i <= players; i++) {
            int p = (button + i) % players;
            if (!g->fl_cards[p]) g->schedule[k++] = p;
        }
    g->nturns = k;
    ofc_shuffle(seed, hand, need, g->deck);
    g->step = -1;
    g->turn = -1;
    /* the first turn: deal its cards */
    g->step = 0;
    g->turn = g->schedule[0];
    {
        int p = g->turn, n = g->fl_cards[p] ? g->fl_cards[p] : first_round;
        memcpy(g->held, g->deck, (size_t)n);
        g->nheld = n;
        g->deck_pos = n;
    }
    return OFC_GAME_OK;
}

/* Move to the next turn and deal the cards of the seat to act. */
static void advance(ofc_game *g)
{
    g->nheld = 0;
    if (++g->step >= g->nturns) {
        g->turn = -1;
        return;
    }
    int p = g->schedule[g->step];
    int n = g->fl_cards[p] ? g->fl_cards[p] : g->street[p] == 0 ? g->first_round : g->round_cards;
    g->turn = p;
    const uint8_t *top = g->deck + g->deck_pos;
    if (n <= 5 && g->deck_pos + 5 <= 52) { /* a normal turn: a fixed copy, no call */
        memcpy(g->held, top, 5);
    } else {
        memcpy(g->held, top, (size_t)n);
    }
    g->nheld = n;
    g->deck_pos += n;
}

/* Cards the seat to act must place this turn. */
static int to_place(const ofc_game *g)
{
    return g->street[g->turn] == 0 ? g->first_round : g->round_play;
}

int ofc_game_check(const ofc_game *g, unsigned code)
{
    if (g->turn < 0) return OFC_ERR_OVER;
    if (g->fl_cards[g->turn]) return OFC_ERR_FANTASYLAND;
    if (code >= (1u << (2 * g->nheld))) return OFC_ERR_CODE;
    int count[4] = {0, 0, 0, 0};
    for (int i = 0; i < g->nheld; i++) count[(code >> (2 * i)) & 3u]++;
    if (count[3] != g->nheld - to_place(g)) return OFC_ERR_DISCARDS;
    for (int r = 0; r < 3; r++)
        if (g->filled[g->turn][r] + count[r] > row_len[r]) return OFC_ERR_ROW_FULL;
    return OFC_GAME_OK;
}

int ofc_game_legal(const ofc_game *g, uint8_t *mask)
{
    int n = 0;
    memset(mask, 0, OFC_ACTIONS);
    if (g->turn < 0 || g->fl_cards[g->turn]) return 0;
    unsigned limit = 1u << (2 * g->nheld);
    for (unsigned c = 0; c < limit; c++) {
        int ok = ofc_game_check(g, c) == OFC_GAME_OK;
        mask[c] = (uint8_t)ok;
        n += ok;
    }
    return n;
}

/* Place a checked code. */
static void place(ofc_game *g, unsigned code)
{
    int p = g->turn;
    for (int i = 0; i < g->nheld; i++) {
        unsigned d = (code >> (2 * i)) & 3u;
        if (d == 3) {
            g->discards[p][g->ndiscards[p]++] = g->held[i];
        } else {
            g->board[p][row_lo[d] + g->filled[p][d]++] = g->held[i];
        }
    }
    g->street[p]++;
    advance(g);
}

int ofc_game_apply(ofc_game *g, unsigned code)
{
    int err = ofc_game_check(g, code);
    if (err) return err;
    place(g, code);
    return OFC_GAME_OK;
}

int ofc_game_set(ofc_game *g, const uint8_t *board)
{
    if (g->turn < 0) return OFC_ERR_OVER;
    if (!g->fl_cards[g->turn]) return OFC_ERR_NOT_FANTASYLAND;
    uint64_t held = 0, seen = 0;
    for (int i = 0; i < g->nheld; i++) held |= (uint64_t)1 << g->held[i];
    for (int i = 0; i < 13; i++) {
        if (board[i] == OFC_EMPTY) return OFC_ERR_EMPTY_SLOT;
        if (board[i] > 51 || !(held >> board[i] & 1u) || (seen >> board[i] & 1u)) return OFC_ERR_NOT_HELD;
        seen |= (uint64_t)1 << board[i];
    }
    int p = g->turn;
    memcpy(g->board[p], board, 13);
    g->filled[p][0] = 3;
    g->filled[p][1] = 5;
    g->filled[p][2] = 5;
    for (int i = 0; i < g->nheld; i++)
        if (!(seen >> g->held[i] & 1u)) g->discards[p][g->ndiscards[p]++] = g->held[i];
    g->street[p]++;
    advance(g);
    return OFC_GAME_OK;
}

static inline int sign(int d)
{
    return (d > 0) - (d < 0);
}

void ofc_game_result(const ofc_game *g, const ofc_rules *rules, int32_t *net, int32_t *royalties,
                     int32_t *fouled, int32_t *fantasyland)
{
    ofc_board_result res[OFC_MAX_SEATS];
    int32_t total[OFC_MAX_SEATS], roy[OFC_MAX_SEATS];
    for (int p = 0; p < g->players; p++) {
        ofc_board_eval(g->board[p], g->fl_cards[p] != 0, rules, &res[p]);
        if (royalties)
            for (int r = 0; r < 3; r++) royalties[3 * p + r] = res[p].royalty[r];
        if (fouled) fouled[p] = res[p].fouled;
        if (fantasyland) fantasyland[p] = res[p].fantasyland;
        roy[p] = res[p].royalty[0] + res[p].royalty[1] + res[p].royalty[2];
        total[p] = 0;
    }
    if (!net) return;
    /* docs/RULES.md section 6 for every pair, from the row values already computed (the
     * same arithmetic as ofc_score_batch) */
    for (int a = 0; a < g->players; a++)
        for (int b = a + 1; b < g->players; b++) {
            int fa = res[a].fouled, fb = res[b].fouled, rows;
            if (fa | fb) {
                rows = 3 * (fb - fa);
            } else {
                rows = 0;
                for (int r = 0; r < 3; r++) rows += sign((int)res[a].value[r] - (int)res[b].value[r]);
            }
            int32_t pts =
                rows + (rows == 3) * rules->scoop_bonus - (rows == -3) * rules->scoop_bonus + roy[a] - roy[b];
            total[a] += pts;
            total[b] -= pts;
        }
    for (int p = 0; p < g->players; p++) net[p] = total[p];
}

/* ---- policies -------------------------------------------------------------- */

/* ways[((m * 4 + r0) * 6 + r1) * 6 + r2]: the number of ways to send m
 * distinct cards to rows with room r0, r1, r2 (the sum over a + b + c = m
 * within the rooms of m! / (a! b! c!)); tests/test_engine.py recomputes it. */
static const uint16_t ways[6 * 4 * 6 * 6] = {
    1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,  1,   1,
    1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,  1,   1,
    1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,  1,   1,
    1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,  1,   1,
    1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,  1,   1,
    1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,  1,   1,
    1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   0,  1,   1,
    1,   1,   1,   1,   2,   2,   2,   2,   2,   1,   2,   2,   2,   2,   2,   1,   2,   2,   2,  2,   2,
    1,   2,   2,   2,   2,   2,   1,   2,   2,   2,   2,   2,   1,   2,   2,   2,   2,   2,   2,  3,   3,
    3,   3,   3,   2,   3,   3,   3,   3,   3,   2,   3,   3,   3,   3,   3,   2,   3,   3,   3,  3,   3,
    2,   3,   3,   3,   3,   3,   1,   2,   2,   2,   2,   2,   2,   3,   3,   3,   3,   3,   2,  3,   3,
    3,   3,   3,   2,   3,   3,   3,   3,   3,   2,   3,   3,   3,   3,   3,   2,   3,   3,   3,  3,   3,
    1,   2,   2,   2,   2,   2,   2,   3,   3,   3,   3,   3,   2,   3,   3,   3,   3,   3,   2,  3,   3,
    3,   3,   3,   2,   3,   3,   3,   3,   3,   2,   3,   3,   3,   3,   3,   0,   0,   1,   1,  1,   1,
    0,   2,   3,   3,   3,   3,   1,   3,   4,   4,   4,   4,   1,   3,   4,   4,   4,   4,   1,  3,   4,
    4,   4,   4,   1,   3,   4,   4,   4,   4,   0,   2,   3,   3,   3,   3,   2,   6,   7,   7,  7,   7,
    3,   7,   8,   8,   8,   8,   3,   7,   8,   8,   8,   8,   3,   7,   8,   8,   8,   8,   3,  7,   8,
    8,   8,   8,   1,   3,   4,   4,   4,   4,   3,   7,   8,   8,   8,   8,   4,   8,   9,   9,  9,   9,
    4,   8,   9,   9,   9,   9,   4,   8,   9,   9,   9,   9,   4,   8,   9,   9,   9,   9,   1,  3,   4,
    4,   4,   4,   3,   7,   8,   8,   8,   8,   4,   8,   9,   9,   9,   9,   4,   8,   9,   9,  9,   9,
    4,   8,   9,   9,   9,   9,   4,   8,   9,   9,   9,   9,   0,   0,   0,   1,   1,   1,   0,  0,   3,
    4,   4,   4,   0,   3,   6,   7,   7,   7,   1,   4,   7,   8,   8,   8,   1,   4,   7,   8,  8,   8,
    1,   4,   7,   8,   8,   8,   0,   0,   3,   4,   4,   4,   0,   6,   12,  13,  13,  13,  3,  12,  18,
    19,  19,  19,  4,   13,  19,  20,  20,  20,  4,   13,  19,  20,  20,  20,  4,   13,  19,  20, 20,  20,
    0,   3,   6,   7,   7,   7,   3,   12,  18,  19,  19,  19,  6,   18,  24,  25,  25,  25,  7,  19,  25,
    26,  26,  26,  7,   19,  25,  26,  26,  26,  7,   19,  25,  26,  26,  26,  1,   4,   7,   8,  8,   8,
    4,   13,  19,  20,  20,  20,  7,   19,  25,  26,  26,  26,  8,   20,  26,  27,  27,  27,  8,  20,  26,
    27,  27,  27,  8,   20,  26,  27,  27,  27,  0,   0,   0,   0,   1,   1,   0,   0,   0,   4,  5,   5,
    0,   0,   6,   10,  11,  11,  0,   4,   10,  14,  15,  15,  1,   5,   11,  15,  16,  16,  1,  5,   11,
    15,  16,  16,  0,   0,   0,   4,   5,   5,   0,   0,   12,  20,  21,  21,  0,   12,  30,  38, 39,  39,
    4,   20,  38,  46,  47,  47,  5,   21,  39,  47,  48,  48,  5,   21,  39,  47,  48,  48,  0,  0,   6,
    10,  11,  11,  0,   12,  30,  38,  39,  39,  6,   30,  54,  62,  63,  63,  10,  38,  62,  70, 71,  71,
    11,  39,  63,  71,  72,  72,  11,  39,  63,  71,  72,  72,  0,   4,   10,  14,  15,  15,  4,  20,  38,
    46,  47,  47,  10,  38,  62,  70,  71,  71,  14,  46,  70,  78,  79,  79,  15,  47,  71,  79, 80,  80,
    15,  47,  71,  79,  80,  80,  0,   0,   0,   0,   0,   1,   0,   0,   0,   0,   5,   6,   0,  0,   0,
    10,  15,  16,  0,   0,   10,  20,  25,  26,  0,   5,   15,  25,  30,  31,  1,   6,   16,  26, 31,  32,
    0,   0,   0,   0,   5,   6,   0,   0,   0,   20,  30,  31,  0,   0,   30,  60,  70,  71,  0,  20,  60,
    90,  100, 101, 5,   30,  70,  100, 110, 111, 6,   31,  71,  101, 111, 112, 0,   0,   0,   10, 15,  16,
    0,   0,   30,  60,  70,  71,  0,   30,  90,  130, 140, 141, 10,  60,  130, 170, 180, 181, 15, 70,  140,
    180, 190, 191, 16,  71,  141, 181, 191, 192, 0,   0,   10,  20,  25,  26,  0,   20,  60,  90, 100, 101,
    10,  60,  130, 170, 180, 181, 20,  90,  170, 210, 220, 221, 25,  100, 180, 220, 230, 231, 26, 101, 181,
    221, 231, 232,
};

/* split[((m * 4 + r0) * 6 + r1) * 6 + r2]: for m cards and rooms r0, r1, r2,
 * the ways to place the other m - 1 cards once the first goes top (low 16
 * bits) or middle (high 16 bits), 0 where the row is full (from ways[];
 * tests/test_engine.py recomputes it). */
static const uint32_t split[6 * 4 * 6 * 6] = {
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00010000, 0x00010000,
    0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000,
    0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000,
    0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000,
    0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00000001, 0x00000001, 0x00000001, 0x00000001,
    0x00000001, 0x00000001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
    0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
    0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
    0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
    0x00000001, 0x00000001, 0x00000001, 0x00000001, 0x00000001, 0x00000001, 0x00010001, 0x00010001,
    0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
    0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
    0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
    0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00000001, 0x00000001, 0x00000001, 0x00000001,
    0x00000001, 0x00000001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
    0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
    0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
    0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00010000,
    0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00020000, 0x00020000, 0x00020000,
    0x00020000, 0x00020000, 0x00010000, 0x00020000, 0x00020000, 0x00020000, 0x00020000, 0x00020000,
    0x00010000, 0x00020000, 0x00020000, 0x00020000, 0x00020000, 0x00020000, 0x00010000, 0x00020000,
    0x00020000, 0x00020000, 0x00020000, 0x00020000, 0x00000000, 0x00000001, 0x00000001, 0x00000001,
    0x00000001, 0x00000001, 0x00010001, 0x00020002, 0x00020002, 0x00020002, 0x00020002, 0x00020002,
    0x00020001, 0x00030002, 0x00030002, 0x00030002, 0x00030002, 0x00030002, 0x00020001, 0x00030002,
    0x00030002, 0x00030002, 0x00030002, 0x00030002, 0x00020001, 0x00030002, 0x00030002, 0x00030002,
    0x00030002, 0x00030002, 0x00020001, 0x00030002, 0x00030002, 0x00030002, 0x00030002, 0x00030002,
    0x00000001, 0x00000002, 0x00000002, 0x00000002, 0x00000002, 0x00000002, 0x00010002, 0x00020003,
    0x00020003, 0x00020003, 0x00020003, 0x00020003, 0x00020002, 0x00030003, 0x00030003, 0x00030003,
    0x00030003, 0x00030003, 0x00020002, 0x00030003, 0x00030003, 0x00030003, 0x00030003, 0x00030003,
    0x00020002, 0x00030003, 0x00030003, 0x00030003, 0x00030003, 0x00030003, 0x00020002, 0x00030003,
    0x00030003, 0x00030003, 0x00030003, 0x00030003, 0x00000001, 0x00000002, 0x00000002, 0x00000002,
    0x00000002, 0x00000002, 0x00010002, 0x00020003, 0x00020003, 0x00020003, 0x00020003, 0x00020003,
    0x00020002, 0x00030003, 0x00030003, 0x00030003, 0x00030003, 0x00030003, 0x00020002, 0x00030003,
    0x00030003, 0x00030003, 0x00030003, 0x00030003, 0x00020002, 0x00030003, 0x00030003, 0x00030003,
    0x00030003, 0x00030003, 0x00020002, 0x00030003, 0x00030003, 0x00030003, 0x00030003, 0x00030003,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00010000, 0x00010000, 0x00010000, 0x00010000, 0x00000000, 0x00020000, 0x00030000, 0x00030000,
    0x00030000, 0x00030000, 0x00010000, 0x00030000, 0x00040000, 0x00040000, 0x00040000, 0x00040000,
    0x00010000, 0x00030000, 0x00040000, 0x00040000, 0x00040000, 0x00040000, 0x00010000, 0x00030000,
    0x00040000, 0x00040000, 0x00040000, 0x00040000, 0x00000000, 0x00000000, 0x00000001, 0x00000001,
    0x00000001, 0x00000001, 0x00000000, 0x00020002, 0x00030003, 0x00030003, 0x00030003, 0x00030003,
    0x00020001, 0x00060003, 0x00070004, 0x00070004, 0x00070004, 0x00070004, 0x00030001, 0x00070003,
    0x00080004, 0x00080004, 0x00080004, 0x00080004, 0x00030001, 0x00070003, 0x00080004, 0x00080004,
    0x00080004, 0x00080004, 0x00030001, 0x00070003, 0x00080004, 0x00080004, 0x00080004, 0x00080004,
    0x00000000, 0x00000002, 0x00000003, 0x00000003, 0x00000003, 0x00000003, 0x00010002, 0x00030006,
    0x00040007, 0x00040007, 0x00040007, 0x00040007, 0x00030003, 0x00070007, 0x00080008, 0x00080008,
    0x00080008, 0x00080008, 0x00040003, 0x00080007, 0x00090008, 0x00090008, 0x00090008, 0x00090008,
    0x00040003, 0x00080007, 0x00090008, 0x00090008, 0x00090008, 0x00090008, 0x00040003, 0x00080007,
    0x00090008, 0x00090008, 0x00090008, 0x00090008, 0x00000001, 0x00000003, 0x00000004, 0x00000004,
    0x00000004, 0x00000004, 0x00010003, 0x00030007, 0x00040008, 0x00040008, 0x00040008, 0x00040008,
    0x00030004, 0x00070008, 0x00080009, 0x00080009, 0x00080009, 0x00080009, 0x00040004, 0x00080008,
    0x00090009, 0x00090009, 0x00090009, 0x00090009, 0x00040004, 0x00080008, 0x00090009, 0x00090009,
    0x00090009, 0x00090009, 0x00040004, 0x00080008, 0x00090009, 0x00090009, 0x00090009, 0x00090009,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00010000, 0x00010000, 0x00010000, 0x00000000, 0x00000000, 0x00030000, 0x00040000,
    0x00040000, 0x00040000, 0x00000000, 0x00030000, 0x00060000, 0x00070000, 0x00070000, 0x00070000,
    0x00010000, 0x00040000, 0x00070000, 0x00080000, 0x00080000, 0x00080000, 0x00010000, 0x00040000,
    0x00070000, 0x00080000, 0x00080000, 0x00080000, 0x00000000, 0x00000000, 0x00000000, 0x00000001,
    0x00000001, 0x00000001, 0x00000000, 0x00000000, 0x00030003, 0x00040004, 0x00040004, 0x00040004,
    0x00000000, 0x00060003, 0x000C0006, 0x000D0007, 0x000D0007, 0x000D0007, 0x00030001, 0x000C0004,
    0x00120007, 0x00130008, 0x00130008, 0x00130008, 0x00040001, 0x000D0004, 0x00130007, 0x00140008,
    0x00140008, 0x00140008, 0x00040001, 0x000D0004, 0x00130007, 0x00140008, 0x00140008, 0x00140008,
    0x00000000, 0x00000000, 0x00000003, 0x00000004, 0x00000004, 0x00000004, 0x00000000, 0x00030006,
    0x0006000C, 0x0007000D, 0x0007000D, 0x0007000D, 0x00030003, 0x000C000C, 0x00120012, 0x00130013,
    0x00130013, 0x00130013, 0x00060004, 0x0012000D, 0x00180013, 0x00190014, 0x00190014, 0x00190014,
    0x00070004, 0x0013000D, 0x00190013, 0x001A0014, 0x001A0014, 0x001A0014, 0x00070004, 0x0013000D,
    0x00190013, 0x001A0014, 0x001A0014, 0x001A0014, 0x00000000, 0x00000003, 0x00000006, 0x00000007,
    0x00000007, 0x00000007, 0x00010003, 0x0004000C, 0x00070012, 0x00080013, 0x00080013, 0x00080013,
    0x00040006, 0x000D0012, 0x00130018, 0x00140019, 0x00140019, 0x00140019, 0x00070007, 0x00130013,
    0x00190019, 0x001A001A, 0x001A001A, 0x001A001A, 0x00080007, 0x00140013, 0x001A0019, 0x001B001A,
    0x001B001A, 0x001B001A, 0x00080007, 0x00140013, 0x001A0019, 0x001B001A, 0x001B001A, 0x001B001A,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00010000, 0x00010000, 0x00000000, 0x00000000, 0x00000000, 0x00040000,
    0x00050000, 0x00050000, 0x00000000, 0x00000000, 0x00060000, 0x000A0000, 0x000B0000, 0x000B0000,
    0x00000000, 0x00040000, 0x000A0000, 0x000E0000, 0x000F0000, 0x000F0000, 0x00010000, 0x00050000,
    0x000B0000, 0x000F0000, 0x00100000, 0x00100000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000001, 0x00000001, 0x00000000, 0x00000000, 0x00000000, 0x00040004, 0x00050005, 0x00050005,
    0x00000000, 0x00000000, 0x000C0006, 0x0014000A, 0x0015000B, 0x0015000B, 0x00000000, 0x000C0004,
    0x001E000A, 0x0026000E, 0x0027000F, 0x0027000F, 0x00040001, 0x00140005, 0x0026000B, 0x002E000F,
    0x002F0010, 0x002F0010, 0x00050001, 0x00150005, 0x0027000B, 0x002F000F, 0x00300010, 0x00300010,
    0x00000000, 0x00000000, 0x00000000, 0x00000004, 0x00000005, 0x00000005, 0x00000000, 0x00000000,
    0x0006000C, 0x000A0014, 0x000B0015, 0x000B0015, 0x00000000, 0x000C000C, 0x001E001E, 0x00260026,
    0x00270027, 0x00270027, 0x00060004, 0x001E0014, 0x00360026, 0x003E002E, 0x003F002F, 0x003F002F,
    0x000A0005, 0x00260015, 0x003E0027, 0x0046002F, 0x00470030, 0x00470030, 0x000B0005, 0x00270015,
    0x003F0027, 0x0047002F, 0x00480030, 0x00480030, 0x00000000, 0x00000000, 0x00000006, 0x0000000A,
    0x0000000B, 0x0000000B, 0x00000000, 0x0004000C, 0x000A001E, 0x000E0026, 0x000F0027, 0x000F0027,
    0x00040006, 0x0014001E, 0x00260036, 0x002E003E, 0x002F003F, 0x002F003F, 0x000A000A, 0x00260026,
    0x003E003E, 0x00460046, 0x00470047, 0x00470047, 0x000E000B, 0x002E0027, 0x0046003F, 0x004E0047,
    0x004F0048, 0x004F0048, 0x000F000B, 0x002F0027, 0x0047003F, 0x004F0047, 0x00500048, 0x00500048,
};

static inline unsigned ways_of(int m, const int *room)
{
    return ways[((m * 4 + room[0]) * 6 + room[1]) * 6 + room[2]];
}

/* Seat p plays its n held cards (place_n placed, the rest discarded) as a
 * uniform legal code would: a uniform set of discards, then each placed card
 * in turn goes to row r with probability (ways to place the rest after it) /
 * (ways to place them all), so every legal code has the same chance.  With
 * at most one discard (every preset) one 32-bit draw picks both: the discard
 * and an index u below the ways to place the rest are the digits of a
 * batched Lemire draw (ofc_draw3); u then names the rows card by card, each
 * row taking the next w_r values of u.  The cards go straight onto the
 * board (no code is built). */
static inline void random_turn(ofc_game *g, int p, const uint8_t *held, int n, int place_n, ofc_rng *rng)
{
    int d = n - place_n, m = place_n;
    uint8_t *board = g->board[p];
    /* rooms left in top, middle, bottom */
    int r0 = 3 - g->filled[p][0], r1 = 5 - g->filled[p][1], r2 = 5 - g->filled[p][2];
    int room[3] = {r0, r1, r2};
    if (d <= 1) {
        uint32_t j[3];
        uint32_t h = ofc_rng_u32(rng), nd = d ? (uint32_t)n : 1u, w = ways_of(m, room);
        while (!ofc_draw3(h, nd, w, 1u, j)) h = (uint32_t)ofc_rng_next(rng);
        int k = d ? (int)j[0] : n; /* the discarded card, n: none */
        uint32_t u = j[1];
        if (d) g->discards[p][g->ndiscards[p]++] = held[k];
        /* the state (cards left, rooms) as its index in ways[] / split[],
         * and the next free slot of each row */
        int s = ((m * 4 + r0) * 6 + r1) * 6 + r2;
        int t0 = 3 - r0, t1 = 8 - r1, t2 = 13 - r2;
        for (int q = 0; q < m; q++) {
            uint8_t c = held[q + (q >= k)];
            /* u's first split[s] & 0xffff values send this card top, the
             * next split[s] >> 16 middle, the rest bottom; compares, not
             * branches, pick the row */
            uint32_t w0 = split[s] & 0xffffu, w1 = split[s] >> 16;
            int ge0 = u >= w0, ge1 = u >= w0 + w1;
            u -= (w0 & -(uint32_t)ge0) + (w1 & -(uint32_t)ge1);
            board[ge1 ? t2 : ge0 ? t1 : t0] = c;
            t0 += !ge0;
            t1 += ge0 & !ge1;
            t2 += ge1;
            s -= 144 + (ge1 ? 1 : ge0 ? 6 : 36);
        }
        g->filled[p][0] = (uint8_t)t0;
        g->filled[p][1] = (uint8_t)(t1 - 3);
        g->filled[p][2] = (uint8_t)(t2 - 8);
    } else {
        uint32_t drop = 0;
        for (int k = 0; k < d; k++) { /* d distinct discards */
            int i;
            do i = (int)ofc_rng_below(rng, (uint32_t)n);
            while (drop >> i & 1u);
            drop |= 1u << i;
        }
        uint32_t u = ofc_rng_below(rng, ways_of(m, room));
        for (int i = 0; i < n; i++) {
            uint8_t c = held[i];
            if (drop >> i & 1u) {
                g->discards[p][g->ndiscards[p]++] = c;
                continue;
            }
            int base = (((m - 1) * 4 + room[0]) * 6 + room[1]) * 6 + room[2];
            uint32_t w0 = room[0] ? ways[base - 36] : 0;
            uint32_t w1 = room[1] ? ways[base - 6] : 0;
            unsigned ge0 = u >= w0, ge1 = u >= w0 + w1, r = ge0 + ge1;
            u -= (ge0 ? w0 : 0) + (ge1 ? w1 : 0);
            room[r]--;
            m--;
            board[row_lo[r] + g->filled[p][r]++] = c;
        }
    }
    g->street[p]++;
}

static void random_place(ofc_game *g, ofc_rng *rng)
{
    random_turn(g, g->turn, g->held, g->nheld, to_place(g), rng);
    advance(g);
}

/* A random board of 13 of the held cards (Fantasyland, random policy). */
static void random_set(const ofc_game *g, ofc_rng *rng, uint8_t *board)
{
    uint8_t h[52];
    int n = g->nheld;
    memcpy(h, g->held, (size_t)n);
    for (int i = 0; i < 13; i++) {
        int j = i + (int)ofc_rng_below(rng, (uint32_t)(n - i));
        uint8_t t = h[i];
        h[i] = h[j];
        h[j] = t;
        board[i] = h[i];
    }
}

/* ---- greedy ----------------------------------------------------------------
 * One step of look-ahead: every legal placement is scored by a hand-made
 * value of the board it makes, and a placement after which every completion
 * fouls (ofc_partial_can_avoid_foul over the cards the seat cannot see) is
 * taken only when all are.  The value: royalties of complete rows, made
 * pairs and trips, flush and straight draws in the 5-card rows (Low: low,
 * unpaired cards in the middle), a bonus for a Fantasyland top, and a
 * penalty for a top that outranks what the middle holds so far. */

/* Value of the placed cards of one row (len = its slots). */
static double row_heuristic(const uint8_t *row, int len, int r, int low)
{
    int count[13] = {0}, suits[4] = {0}, n = 0, lo = 13, hi = -1;
    for (int i = 0; i < len; i++) {
        if (row[i] == OFC_EMPTY) continue;
        int k = row[i] >> 2;
        count[k]++;
        suits[row[i] & 3]++;
        n++;
        if (k < lo) lo = k;
        if (k > hi) hi = k;
    }
    if (!n) return 0.0;
    double v = 0.0;
    int paired = 0;
    for (int k = 0; k < 13; k++) {
        if (count[k] == 2) {
            v += r == 0 ? (k >= 10 ? 3.0 : 0.5) : (r == 2 ? 1.2 : 1.0) + k / 12.0;
            paired = 1;
        }
        if (count[k] == 3) {
            v += r == 0 ? 12.0 + k : 4.0;
            paired = 1;
        }
        if (count[k] == 4) {
            v += 10.0;
            paired = 1;
        }
    }
    if (r == 1 && low) {
        /* a live low: distinct ranks, nothing above a ten */
        double w = -0.3 * (hi > 8 ? hi - 8 : 0) * 4.0 - (paired ? 6.0 : 0.0);
        return w + 0.2 * (8 - hi);
    }
    if (r == 0) {
        if (!paired && n) v -= 0.15 * hi; /* an unpaired high top spends a high card */
        return v;
    }
    int msuit = 0;
    for (int x = 0; x < 4; x++) msuit = suits[x] > msuit ? suits[x] : msuit;
    if (msuit == n && n >= 2) v += (r == 2 ? 0.9 : 0.6) * (n - 1);
    if (!paired && n >= 2 && hi - lo <= 4) v += (r == 2 ? 0.5 : 0.35) * (n - 1);
    return v;
}

/* Made-hand level of the placed cards of a row: the category so far (0 high
 * card, 1 pair, 2 two pair, 3 trips, 6 full house, 7 quads) plus the rank
 * of its best group / 13. */
static double row_level(const uint8_t *row, int len)
{
    int count[13] = {0}, pairs = 0, trips = 0, quads = 0, best = -1, hi = -1;
    for (int i = 0; i < len; i++)
        if (row[i] != OFC_EMPTY) count[row[i] >> 2]++;
    for (int k = 0; k < 13; k++) {
        if (count[k]) hi = k;
        if (count[k] == 2) {
            pairs++;
            best = k;
        }
        if (count[k] == 3) {
            trips++;
            best = k;
        }
        if (count[k] == 4) {
            quads++;
            best = k;
        }
    }
    if (hi < 0) return 0.0;
    double cat = quads ? 7 : (trips && pairs) ? 6 : trips ? 3 : pairs >= 2 ? 2 : pairs ? 1 : 0;
    return cat + (best >= 0 ? best : hi) / 13.0;
}

static double board_heuristic(const uint8_t *b, const ofc_rules *rules)
{
    int low = rules->middle_live != 0;
    double v = 0.0;
    int8_t need[3];
    uint16_t value[3];
    ofc_partial_needed(b, need);
    ofc_partial_values(b, rules, value);
    for (int r = 0; r < 3; r++) {
        if (!need[r]) {
            uint32_t info = rules->row_info[r][value[r]];
            v += OFC_ROYALTY(info) + row_heuristic(b + row_lo[r], row_len[r], r, low) + value[r] * 1e-5;
            if (r == 0 && OFC_ENTRY(info)) v += 8.0; /* Fantasyland on top */
        } else {
            v += row_heuristic(b + row_lo[r], row_len[r], r, low);
        }
    }
    /* rows out of order so far (what the cards placed make, whatever the
     * empty slots may bring): a steep penalty, since a foul costs far more
     * than the royalties a greedier placement chases (weight tuned on
     * self-play: 10% fouls heads-up in Pineapple) */
    double lt = row_level(b, 3), lm = row_level(b + 3, 5), lb = row_level(b + 8, 5);
    if (!low) {
        if (lt > lm) v -= 20.0 * (lt - lm);
        if (lm > lb) v -= 20.0 * (lm - lb);
    } else if (lt > lb) {
        v -= 20.0 * (lt - lb);
    }
    return v;
}

/* The cards the seat to act cannot see. */
static int unseen_pool(const ofc_game *g, uint8_t *pool)
{
    uint64_t seen = 0;
    int p = g->turn, n = 0;
    for (int q = 0; q < g->players; q++) {
        if (q != p && g->fl_cards[q]) continue; /* a Fantasyland board stays hidden */
        for (int i = 0; i < 13; i++)
            if (g->board[q][i] != OFC_EMPTY) seen |= (uint64_t)1 << g->board[q][i];
    }
    for (int i = 0; i < g->ndiscards[p]; i++) seen |= (uint64_t)1 << g->discards[p][i];
    for (int i = 0; i < g->nheld; i++) seen |= (uint64_t)1 << g->held[i];
    for (int c = 0; c < 52; c++)
        if (!(seen >> c & 1u)) pool[n++] = (uint8_t)c;
    return n;
}

static unsigned greedy_code(const ofc_game *g, const ofc_rules *rules, ofc_rng *rng)
{
    uint8_t pool[52];
    int npool = unseen_pool(g, pool);
    unsigned limit = 1u << (2 * g->nheld), best = 0;
    double best_v = -1e300;
    for (unsigned c = 0; c < limit; c++) {
        if (ofc_game_check(g, c)) continue;
        uint8_t b[13];
        uint8_t filled[3];
        memcpy(b, g->board[g->turn], 13);
        memcpy(filled, g->filled[g->turn], 3);
        for (int i = 0; i < g->nheld; i++) {
            unsigned d = (c >> (2 * i)) & 3u;
            if (d < 3) b[row_lo[d] + filled[d]++] = g->held[i];
        }
        double v = board_heuristic(b, rules);
        /* late in the hand, an exact check that some completion avoids the
         * foul (bounded: when the search runs out the placement counts as safe) */
        int empties = 0;
        for (int i = 0; i < 13; i++) empties += b[i] == OFC_EMPTY;
        if (empties <= 4 && ofc_partial_can_avoid_foul(b, pool, npool, rules, 20000) == 0) v -= 1000.0;
        v += (ofc_rng_u32(rng) >> 8) * 1e-12; /* ties broken at random */
        if (v > best_v) {
            best_v = v;
            best = c;
        }
    }
    return best;
}

/* Fantasyland: the exact solver on up to 17 cards (beyond that, the first 17). */
static void greedy_set(const ofc_game *g, const ofc_rules *rules, ofc_rng *rng, uint8_t *board)
{
    ofc_fantasyland_result res;
    int n = g->nheld < 17 ? g->nheld : 17;
    if (ofc_solve_fantasyland(g->held, n, rules, 10.0, &res) == 0) {
        memcpy(board, res.board, 13);
    } else {
        random_set(g, rng, board);
    }
}

void ofc_policy_play(ofc_game *g, int policy, const ofc_rules *rules, ofc_rng *rng)
{
    if (g->turn < 0) return;
    if (g->fl_cards[g->turn]) {
        uint8_t board[13];
        if (policy == OFC_POLICY_GREEDY)
            greedy_set(g, rules, rng, board);
        else
            random_set(g, rng, board);
        ofc_game_set(g, board);
    } else {
        if (policy == OFC_POLICY_GREEDY)
            place(g, greedy_code(g, rules, rng));
        else
            random_place(g, rng);
    }
}

void ofc_policy_finish(ofc_game *g, int policy, const ofc_rules *rules, ofc_rng *rng)
{
    int fl = 0;
    for (int p = 0; p < g->players; p++) fl |= g->fl_cards[p];
    if (policy == OFC_POLICY_RANDOM && !fl && g->turn >= 0) {
        /* every turn a normal one: random_place's moves, each seat's cards
         * read where they lie in the deck rather than handed over */
        int step = g->step, pos = g->deck_pos;
        random_turn(g, g->turn, g->held, g->nheld, to_place(g), rng);
        for (step++; step < g->nturns; step++) {
            int p = g->schedule[step], first = g->street[p] == 0;
            int n = first ? g->first_round : g->round_cards;
            random_turn(g, p, g->deck + pos, n, first ? g->first_round : g->round_play, rng);
            pos += n;
        }
        g->step = g->nturns;
        g->turn = -1;
        g->nheld = 0;
        g->deck_pos = pos;
    } else {
        while (g->turn >= 0) ofc_policy_play(g, policy, rules, rng);
    }
}

void ofc_selfplay_batch(const ofc_rules *rules, int players, int first_round, int rounds, int round_cards,
                        int round_play, int policy, uint64_t seed, int64_t index0, int64_t n, int32_t *net,
                        int32_t *royalty, uint8_t *fouled, uint8_t *fantasyland)
{
    ofc_game g, start[OFC_MAX_SEATS];
    int need = players * (first_round + rounds * round_cards);
    /* a hand as ofc_game_start begins it, per button: each hand copies one
     * and deals its own deck */
    for (int b = 0; b < players; b++)
        ofc_game_start(&start[b], players, first_round, rounds, round_cards, round_play, seed, 0, b, 0);
    for (int64_t i = 0; i < n; i++) {
        uint64_t hand = (uint64_t)(index0 + i);
        ofc_rng rng;
        /* the policies draw from a stream of their own, beside the deck's */
        ofc_rng_init(&rng, seed ^ 0xA0761D6478BD642Full, hand);
        /* the button goes round: seat (hand + 1) % players acts first */
        g = start[hand % (uint64_t)players];
        ofc_shuffle(seed, hand, need, g.deck);
        memcpy(g.held, g.deck, (size_t)first_round);
        ofc_policy_finish(&g, policy, rules, &rng);
        int32_t roy[3 * OFC_MAX_SEATS], f[OFC_MAX_SEATS], fl[OFC_MAX_SEATS];
        ofc_game_result(&g, rules, net ? net + players * i : 0, roy, f, fl);
        for (int p = 0; p < players; p++) {
            if (royalty) royalty[players * i + p] = roy[3 * p] + roy[3 * p + 1] + roy[3 * p + 2];
            if (fouled) fouled[players * i + p] = (uint8_t)f[p];
            if (fantasyland) fantasyland[players * i + p] = (uint8_t)fl[p];
        }
    }
}
