/* The game state machine: one hand of OFC dealt as the rules' dealing fields
 * say, whose turn it is, the legal actions, placing them, and the result
 * (ofc_play.h).  The policies that choose actions are in ofc_policy_<name>.c
 * (registry: ofc_policies.c). */
#include <string.h>
#include "ofc_play.h"

/* Dealing the engine cannot play: a normal turn holds 1 to OFC_MAX_HELD
 * cards (the action codes and the policies' placement tables cover no
 * more), places 1 or more of them, and the turns fit the schedule. */
static int bad_dealing(int players, int first_round, int rounds, int round_cards, int round_play)
{
    return players < 1 || players > OFC_MAX_SEATS || first_round < 1 || first_round > OFC_MAX_HELD
           || rounds < 0 || round_play < 1 || round_cards < round_play || round_cards > OFC_MAX_HELD
           || (rounds + 1) * players > OFC_MAX_TURNS;
}

/* A game of these seats and dealing fields with no card placed and no turn
 * (both ways of starting a hand begin here); OFC_ERR_DEALING for dealing the
 * engine cannot play.  Only what a hand reads is cleared, not the whole
 * struct: the held cards, deck, discards and schedule are read only up to
 * their counts (batches of envs start a hand every few turns). */
static int begin(ofc_game *g, int players, int first_round, int rounds, int round_cards, int round_play,
                 int button)
{
    g->nturns = g->step = g->turn = g->nheld = g->deck_pos = 0;
    memset(g->fl_cards, 0, sizeof g->fl_cards);
    memset(g->street, 0, sizeof g->street);
    memset(g->ndiscards, 0, sizeof g->ndiscards);
    memset(g->filled, 0, sizeof g->filled);
    memset(g->board, OFC_EMPTY, sizeof g->board);
    memset(&g->jr, 0, sizeof g->jr);
    g->players = g->first_round = g->rounds = g->round_cards = g->round_play = g->button = 0;
    if (bad_dealing(players, first_round, rounds, round_cards, round_play)) return OFC_ERR_DEALING;
    g->players = players;
    g->first_round = first_round;
    g->rounds = rounds;
    g->round_cards = round_cards;
    g->round_play = round_play;
    g->button = button;
    return OFC_GAME_OK;
}

int ofc_game_start(ofc_game *g, int players, int first_round, int rounds, int round_cards, int round_play,
                   uint64_t seed, uint64_t hand, int button, const int *fl_cards)
{
    return ofc_game_start_jokers(g, players, first_round, rounds, round_cards, round_play, seed, hand, button,
                                 fl_cards, NULL);
}

int ofc_game_start_jokers(ofc_game *g, int players, int first_round, int rounds, int round_cards,
                          int round_play, uint64_t seed, uint64_t hand, int button, const int *fl_cards,
                          const ofc_joker_rules *jr)
{
    int need = 0, k = 0;
    int err = begin(g, players, first_round, rounds, round_cards, round_play, button);
    if (err) return err;
    if (jr) g->jr = *jr;
    for (int p = 0; p < players; p++) {
        g->fl_cards[p] = fl_cards ? fl_cards[p] : 0;
        need += g->fl_cards[p] ? g->fl_cards[p] : first_round + rounds * round_cards;
    }
    if (need > ofc_game_deck_size(g)) return OFC_ERR_DECK;
    /* Fantasyland seats first (docs/RULES.md section 7: engines let them act first), in seat
     * order from the left of the button, then street by street */
    for (int i = 1; i <= players; i++) {
        int p = (button + i) % players;
        if (g->fl_cards[p]) g->schedule[k++] = (uint8_t)p;
    }
    for (int s = 0; s <= rounds; s++)
        for (int i = 1; i <= players; i++) {
            int p = (button + i) % players;
            if (!g->fl_cards[p]) g->schedule[k++] = (uint8_t)p;
        }
    g->nturns = k;
    ofc_shuffle_jokers(seed, hand, need, g->jr.jokers, g->deck);
    ofc_game_deal(g);
    return OFC_GAME_OK;
}

/* Turns a normal seat's partial board has left: all of them for an empty
 * board, else (13 - placed) / round_play; -1 when the count placed is not
 * one a hand reaches (first_round, then round_play a turn). */
static int turns_left(const uint8_t *board, int first_round, int rounds, int round_play)
{
    int placed = 0;
    for (int i = 0; i < OFC_BOARD_SIZE; i++) placed += board[i] != OFC_EMPTY;
    if (placed == 0) return rounds + 1;
    if (placed < first_round || (placed - first_round) % round_play) return -1;
    return (OFC_BOARD_SIZE - placed) / round_play;
}

int ofc_game_from_boards(ofc_game *g, int players, int first_round, int rounds, int round_cards,
                         int round_play, const uint8_t *boards, const int *fl_cards, int *seat)
{
    int turns[OFC_MAX_SEATS], need = 0, most = 0, k = 0;
    int err = begin(g, players, first_round, rounds, round_cards, round_play, players - 1);
    if (err) return err;
    for (int p = 0; p < players; p++) {
        const uint8_t *b = boards + OFC_BOARD_SIZE * p;
        g->fl_cards[p] = fl_cards ? fl_cards[p] : 0;
        if (g->fl_cards[p]) { /* one turn (all 13 set at once) for an empty board, none for a complete one */
            int placed = 0;
            for (int i = 0; i < OFC_BOARD_SIZE; i++) placed += b[i] != OFC_EMPTY;
            if (placed != 0 && placed != OFC_BOARD_SIZE) goto bad_board;
            turns[p] = !placed;
            need += placed ? 0 : g->fl_cards[p];
        } else {
            turns[p] = turns_left(b, first_round, rounds, round_play);
            if (turns[p] < 0) goto bad_board;
            need += turns[p] == 0            ? 0
                    : turns[p] == rounds + 1 ? first_round + rounds * round_cards
                                             : turns[p] * round_cards;
            if (turns[p] > most) most = turns[p];
        }
        memcpy(g->board[p], b, OFC_BOARD_SIZE);
        for (int r = 0; r < 3; r++) {
            int f = 0;
            while (f < OFC_ROW_SIZE(r) && b[OFC_ROW_START(r) + f] != OFC_EMPTY) f++;
            g->filled[p][r] = (uint8_t)f;
        }
        g->street[p] = rounds + 1 - turns[p];
        continue;
    bad_board:
        if (seat) *seat = p;
        return OFC_ERR_BOARD;
    }
    /* Fantasyland seats first (as in ofc_game_start), then turns round the
     * table until every board is complete */
    for (int p = 0; p < players; p++)
        if (g->fl_cards[p] && turns[p]) g->schedule[k++] = (uint8_t)p;
    for (int t = 0; t < most; t++)
        for (int p = 0; p < players; p++)
            if (!g->fl_cards[p] && turns[p] > t) g->schedule[k++] = (uint8_t)p;
    g->nturns = k;
    g->turn = -1;
    return need;
}

/* Cards the seat to act is dealt this turn. */
static int to_deal(const ofc_game *g, int p)
{
    return g->fl_cards[p] ? g->fl_cards[p] : g->street[p] == 0 ? g->first_round : g->round_cards;
}

void ofc_game_deal(ofc_game *g)
{
    g->step = 0;
    g->deck_pos = 0;
    if (g->nturns == 0) {
        g->turn = -1;
        g->nheld = 0;
        return;
    }
    int p = g->schedule[0], n = to_deal(g, p);
    g->turn = p;
    memcpy(g->held, g->deck, (size_t)n);
    g->nheld = n;
    g->deck_pos = n;
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
    int n = to_deal(g, p);
    g->turn = p;
    const uint8_t *top = g->deck + g->deck_pos;
    /* a normal turn: a fixed copy, no call */
    if (n <= OFC_MAX_HELD && g->deck_pos + OFC_MAX_HELD <= OFC_DECK_SIZE) {
        memcpy(g->held, top, OFC_MAX_HELD);
    } else {
        memcpy(g->held, top, (size_t)n);
    }
    g->nheld = n;
    g->deck_pos += n;
}

void ofc_game_end_turn(ofc_game *g)
{
    g->street[g->turn]++;
    advance(g);
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
    if (g->nheld > OFC_MAX_HELD) return OFC_ERR_DEALING;
    if (code >= (1u << (2 * g->nheld))) return OFC_ERR_CODE;
    int count[4] = {0, 0, 0, 0};
    for (int i = 0; i < g->nheld; i++) count[(code >> (2 * i)) & 3u]++;
    if (count[3] != g->nheld - to_place(g)) return OFC_ERR_DISCARDS;
    for (int r = 0; r < 3; r++)
        if (g->filled[g->turn][r] + count[r] > OFC_ROW_SIZE(r)) return OFC_ERR_ROW_FULL;
    return OFC_GAME_OK;
}

int ofc_game_legal_codes(const ofc_game *g, uint16_t *codes)
{
    if (g->turn < 0 || g->fl_cards[g->turn] || g->nheld > OFC_MAX_HELD) return 0;
    int n = g->nheld, m = to_place(g), k = 0;
    const uint8_t *f = g->filled[g->turn];
    /* the placements of m cards into the rooms left (tools/gen_tables.py, placements()):
     * an entry gives the row of the q-th card kept at bits 5q, 5q + 1 */
    int s = OFC_PLACE_STATE(m, OFC_ROW_SIZE(0) - f[0], OFC_ROW_SIZE(1) - f[1], OFC_ROW_SIZE(2) - f[2]);
    const uint32_t *first = ofc_place + ofc_place_start[s], *last = ofc_place + ofc_place_start[s + 1];
    for (unsigned drop = 0; drop < (1u << n); drop++) { /* each set of n - m discards */
        int kept[OFC_MAX_HELD], q = 0;
        unsigned base = 0;
        for (int i = 0; i < n; i++) {
            if (drop >> i & 1u)
                base |= 3u << (2 * i);
            else
                kept[q++] = i;
        }
        if (q != m) continue;
        for (const uint32_t *e = first; e < last; e++) {
            unsigned code = base;
            for (int j = 0; j < m; j++) code |= (*e >> (5 * j) & 3u) << (2 * kept[j]);
            codes[k++] = (uint16_t)code;
        }
    }
    return k;
}

int ofc_game_legal(const ofc_game *g, uint8_t *mask)
{
    uint16_t codes[OFC_MAX_LEGAL];
    int n = ofc_game_legal_codes(g, codes);
    memset(mask, 0, OFC_ACTIONS);
    for (int i = 0; i < n; i++) mask[codes[i]] = 1;
    return n;
}

int ofc_game_apply(ofc_game *g, unsigned code)
{
    int err = ofc_game_check(g, code);
    if (err) return err;
    ofc_game_apply_legal(g, code);
    return OFC_GAME_OK;
}

void ofc_game_apply_legal(ofc_game *g, unsigned code)
{
    int p = g->turn;
    for (int i = 0; i < g->nheld; i++) {
        unsigned d = (code >> (2 * i)) & 3u;
        if (d == 3) {
            g->discards[p][g->ndiscards[p]++] = g->held[i];
        } else {
            g->board[p][OFC_ROW_START(d) + g->filled[p][d]++] = g->held[i];
        }
    }
    ofc_game_end_turn(g);
}

int ofc_game_set(ofc_game *g, const uint8_t *board)
{
    if (g->turn < 0) return OFC_ERR_OVER;
    if (!g->fl_cards[g->turn]) return OFC_ERR_NOT_FANTASYLAND;
    uint64_t held = 0, seen = 0;
    for (int i = 0; i < g->nheld; i++) held |= (uint64_t)1 << g->held[i];
    for (int i = 0; i < OFC_BOARD_SIZE; i++) {
        if (board[i] == OFC_EMPTY) return OFC_ERR_EMPTY_SLOT;
        if (board[i] >= ofc_game_deck_size(g) || !(held >> board[i] & 1u) || (seen >> board[i] & 1u))
            return OFC_ERR_NOT_HELD;
        seen |= (uint64_t)1 << board[i];
    }
    int p = g->turn;
    memcpy(g->board[p], board, OFC_BOARD_SIZE);
    for (int r = 0; r < 3; r++) g->filled[p][r] = (uint8_t)OFC_ROW_SIZE(r);
    for (int i = 0; i < g->nheld; i++)
        if (!(seen >> g->held[i] & 1u)) g->discards[p][g->ndiscards[p]++] = g->held[i];
    ofc_game_end_turn(g);
    return OFC_GAME_OK;
}

/* ofc_game_result of a hand with jokers: each board resolved by the board
 * layer (ofc_board_eval_jokers, "unseen" excluding the other boards as
 * ofc_score_jokers_batch does), the rows compared by ofc_joker_score_key. */
static void result_jokers(const ofc_game *g, const ofc_rules *rules, int32_t *net, int32_t *royalties,
                          int32_t *fouled, int32_t *fantasyland)
{
    uint16_t key[3 * OFC_MAX_SEATS];
    int32_t fl[OFC_MAX_SEATS], roy[OFC_MAX_SEATS];
    int low = rules->middle_live != 0;
    for (int p = 0; p < g->players; p++) {
        uint64_t dead = 0;
        for (int q = 0; q < g->players; q++)
            for (int i = 0; q != p && i < OFC_BOARD_SIZE; i++)
                if (g->board[q][i] < OFC_DECK_SIZE) dead |= (uint64_t)1 << g->board[q][i];
        ofc_board_result res;
        uint8_t card[2], natural[3];
        ofc_board_eval_jokers(g->board[p], g->fl_cards[p], dead, rules, &g->jr, &res, card, natural);
        if (royalties)
            for (int r = 0; r < 3; r++) royalties[3 * p + r] = res.royalty[r];
        if (fouled) fouled[p] = res.fouled;
        if (fantasyland) fantasyland[p] = res.fantasyland;
        for (int r = 0; r < 3; r++)
            key[3 * p + r] = ofc_joker_score_key(&g->jr, low, r, res.value[r], natural[r]);
        fl[p] = res.fouled;
        roy[p] = res.royalty[0] + res.royalty[1] + res.royalty[2];
    }
    if (net) ofc_score_seats(key, fl, roy, g->players, rules->scoop_bonus, net, NULL);
}

void ofc_game_result(const ofc_game *g, const ofc_rules *rules, int32_t *net, int32_t *royalties,
                     int32_t *fouled, int32_t *fantasyland)
{
    if (OFC_UNLIKELY(g->jr.jokers)) {
        result_jokers(g, rules, net, royalties, fouled, fantasyland);
        return;
    }
    ofc_board_result res;
    uint16_t value[3 * OFC_MAX_SEATS];
    int32_t fl[OFC_MAX_SEATS], roy[OFC_MAX_SEATS];
    for (int p = 0; p < g->players; p++) {
        /* the count a seat is in Fantasyland with: a stay may keep it (stay_cards_mode
         * "current") and a tier stay needs it (stay_mode "tier") */
        ofc_board_eval(g->board[p], g->fl_cards[p], rules, &res);
        if (royalties)
            for (int r = 0; r < 3; r++) royalties[3 * p + r] = res.royalty[r];
        if (fouled) fouled[p] = res.fouled;
        if (fantasyland) fantasyland[p] = res.fantasyland;
        for (int r = 0; r < 3; r++) value[3 * p + r] = res.value[r];
        fl[p] = res.fouled;
        roy[p] = res.royalty[0] + res.royalty[1] + res.royalty[2];
    }
    if (net) ofc_score_seats(value, fl, roy, g->players, rules->scoop_bonus, net, NULL);
}

void ofc_game_restart(ofc_game *g, const ofc_game *start)
{
    memcpy(g->board, start->board, sizeof g->board);
    memcpy(g->filled, start->filled, sizeof g->filled);
    memcpy(g->ndiscards, start->ndiscards, sizeof g->ndiscards);
    memcpy(g->street, start->street, sizeof g->street);
    g->deck_pos = start->deck_pos;
    g->nheld = start->nheld;
    g->step = start->step;
    g->turn = start->turn;
}
