/* Hand histories (docs/HISTORY.md): the fast path of the reader.  One hand's
 * action lines, in the layout the writer makes, are read, checked as the
 * Python reader checks them and (scores given) played again by the engine
 * and scored.  Anything else -- another layout, a card the reader would
 * read another way, a hand the reader refuses -- returns 1, and the Python
 * reader reads the hand itself, so its messages name what is wrong. */
#include <string.h>
#include "ofc_play.h"

#define MAX_TOKENS 24 /* a Fantasyland turn of 17 cards, its x and its two slashes, and the seat */

typedef struct token {
    const char *s;
    int n;
} token;

/* The card a token names (ranks and suits in either case, jokers X1 X2 up to
 * `jokers`), or -1. */
static int card_of(const token *t, int jokers)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "CDHS";
    if (t->n != 2) return -1;
    int a = t->s[0] & ~0x20, b = t->s[1];
    if (a == 'X') {
        int j = b - '1';
        return j >= 0 && j < jokers ? OFC_DECK_SIZE + j : -1;
    }
    if (t->s[0] >= '2' && t->s[0] <= '9') a = t->s[0];
    const char *r = memchr(ranks, a, 13), *s = memchr(suits, b & ~0x20, 4);
    return r && s && b >= 'A' ? (int)(r - ranks) * 4 + (int)(s - suits) : -1;
}

/* The next line of text at *pos, `  "...",`: its tokens (split on spaces).
 * Returns the token count, or -1 for a line of another shape or characters
 * other than letters, digits, spaces, '/' and '-'. */
static int next_line(const char *text, size_t len, size_t *pos, token *tok)
{
    size_t i = *pos;
    while (i < len && text[i] == ' ') i++;
    if (i >= len || text[i] != '"') return -1;
    int n = 0;
    for (i++; i < len && text[i] != '"'; i++) {
        char c = text[i];
        if (c == ' ') continue;
        if (!((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '/' || c == '-'))
            return -1;
        if (n == MAX_TOKENS) return -1;
        tok[n].s = text + i;
        while (i + 1 < len && text[i + 1] != ' ' && text[i + 1] != '"') {
            char d = text[++i];
            if (!((d >= '0' && d <= '9') || ((d | 0x20) >= 'a' && (d | 0x20) <= 'z') || d == '/' || d == '-'))
                return -1;
        }
        tok[n].n = (int)(text + i + 1 - tok[n].s);
        n++;
    }
    if (i + 2 >= len || text[i + 1] != ',' || text[i + 2] != '\n') return -1;
    *pos = i + 3;
    return n;
}

static int is(const token *t, const char *word)
{
    size_t n = strlen(word);
    return (size_t)t->n == n && memcmp(t->s, word, n) == 0;
}

/* Is the token the seat pK (K = seat + 1, one digit: at most OFC_MAX_SEATS seats)? */
static int is_seat(const token *t, int seat)
{
    return t->n == 2 && t->s[0] == 'p' && t->s[1] == '1' + seat;
}

int ofc_history_read(const char *text, size_t len, int players, int first_round, int rounds, int round_cards,
                     int round_play, int button, const int *fl_cards, const ofc_joker_rules *jr,
                     const ofc_rules *rules, const int32_t *scores, uint8_t *turns, int *turns_len,
                     uint8_t *boards, int32_t *next_fl)
{
    int jokers = jr ? jr->jokers : 0, nsched = 0;
    int sched_seat[OFC_MAX_TURNS], sched_street[OFC_MAX_TURNS];
    uint8_t filled[OFC_MAX_SEATS][OFC_ROWS] = {{0}}, order[OFC_MAX_DECK];
    uint64_t seen = 0;
    int norder = 0, out = 0;
    token tok[MAX_TOKENS];
    size_t pos = 0;

    if (players < 1 || players > OFC_MAX_SEATS || players > 9 || rounds < 0
        || (rounds + 1) * players > OFC_MAX_TURNS)
        return 1;
    for (int i = 1; i <= players; i++) {
        int p = (button + i) % players;
        if (fl_cards[p]) sched_seat[nsched] = p, sched_street[nsched++] = 0;
    }
    for (int s = 0; s <= rounds; s++)
        for (int i = 1; i <= players; i++) {
            int p = (button + i) % players;
            if (!fl_cards[p]) sched_seat[nsched] = p, sched_street[nsched++] = s;
        }
    memset(boards, OFC_EMPTY, (size_t)players * OFC_BOARD_SIZE);
    for (int k = 0; k < nsched; k++) {
        int seat = sched_seat[k], street = sched_street[k], fl = fl_cards[seat];
        int want = fl ? fl : street == 0 ? first_round : round_cards;
        int need = fl ? OFC_BOARD_SIZE : street == 0 ? first_round : round_play;
        uint8_t dealt[OFC_MAX_DECK], rows[OFC_ROWS][OFC_BOARD_SIZE], disc[OFC_MAX_DECK];
        int nrow[OFC_ROWS] = {0, 0, 0}, ndisc = 0, group = 0, in_disc = 0;
        uint64_t dset = 0, used = 0;
        /* the deal: d dh pK <cards> */
        int n = next_line(text, len, &pos, tok);
        if (n < 3 || n - 3 != want || want > OFC_MAX_DECK || !is(&tok[0], "d") || !is(&tok[1], "dh")
            || !is_seat(&tok[2], seat))
            return 1;
        for (int i = 0; i < want; i++) {
            int c = card_of(&tok[3 + i], jokers);
            if (c < 0 || (seen >> c) & 1) return 1;
            seen |= (uint64_t)1 << c;
            dset |= (uint64_t)1 << c;
            dealt[i] = (uint8_t)c;
        }
        /* the placement: pK pl <top> / <middle> / <bottom> [x <discards>] */
        n = next_line(text, len, &pos, tok);
        if (n < 2 || !is_seat(&tok[0], seat) || !is(&tok[1], "pl")) return 1;
        for (int i = 2; i < n; i++) {
            int c;
            if (!in_disc && is(&tok[i], "x")) {
                in_disc = 1;
                continue;
            }
            if (!in_disc && is(&tok[i], "/")) {
                if (++group > 2) return 1;
                continue;
            }
            if (!in_disc && is(&tok[i], "-")) continue;
            c = card_of(&tok[i], jokers);
            if (c < 0 || !((dset >> c) & 1) || (used >> c) & 1) return 1;
            used |= (uint64_t)1 << c;
            if (in_disc)
                disc[ndisc++] = (uint8_t)c;
            else {
                if (nrow[group] == OFC_BOARD_SIZE) return 1;
                rows[group][nrow[group]++] = (uint8_t)c;
            }
        }
        if (group != 2 || used != dset || nrow[0] + nrow[1] + nrow[2] != need) return 1;
        /* the record: seat, street, the cards dealt, each row's cards, the discards */
        turns[out++] = (uint8_t)seat;
        turns[out++] = (uint8_t)street;
        turns[out++] = (uint8_t)want;
        memcpy(turns + out, dealt, (size_t)want);
        out += want;
        for (int r = 0; r < OFC_ROWS; r++) {
            uint8_t *b = &boards[seat * OFC_BOARD_SIZE + OFC_ROW_START(r)];
            if (filled[seat][r] + nrow[r] > OFC_ROW_SIZE(r)) return 1;
            turns[out++] = (uint8_t)nrow[r];
            if (fl) {
                memcpy(turns + out, rows[r], (size_t)nrow[r]);
            } else { /* a row of a normal turn fills in the order the cards were dealt */
                int m = 0;
                for (int i = 0; i < want; i++)
                    for (int j = 0; j < nrow[r]; j++)
                        if (rows[r][j] == dealt[i]) turns[out + m++] = dealt[i];
            }
            memcpy(b + filled[seat][r], turns + out, (size_t)nrow[r]);
            filled[seat][r] = (uint8_t)(filled[seat][r] + nrow[r]);
            out += nrow[r];
        }
        turns[out++] = (uint8_t)ndisc;
        memcpy(turns + out, disc, (size_t)ndisc);
        out += ndisc;
        memcpy(order + norder, dealt, (size_t)want);
        norder += want;
    }
    if (pos != len) return 1; /* an action after the hand is over, or another line */
    for (int p = 0; p < players; p++)
        for (int r = 0; r < OFC_ROWS; r++)
            if (filled[p][r] != OFC_ROW_SIZE(r)) return 1; /* dealing that leaves a board short */
    *turns_len = out;
    if (!scores) return 0;

    /* play it again: the deck is the cards dealt in the order dealt, then the rest */
    ofc_game g;
    int size = OFC_DECK_WITH_JOKERS(jokers);
    if (ofc_game_start_jokers(&g, players, first_round, rounds, round_cards, round_play, 0, 0, button,
                              fl_cards, jr))
        return 1;
    if (norder > size) return 1;
    memcpy(g.deck, order, (size_t)norder);
    for (int c = 0, i = norder; c < size; c++)
        if (!((seen >> c) & 1)) g.deck[i++] = (uint8_t)c;
    ofc_game_deal(&g);
    for (int k = 0, at = 0; k < nsched; k++) {
        int seat = turns[at], want = turns[at + 2];
        const uint8_t *dealt = turns + at + 3, *p = dealt + want;
        if (g.turn != seat) return 1;
        if (fl_cards[seat]) {
            uint8_t board[OFC_BOARD_SIZE];
            int m = 0;
            for (int r = 0; r < OFC_ROWS; r++, p += 1 + *p) {
                memcpy(board + m, p + 1, *p);
                m += *p;
            }
            if (ofc_game_set(&g, board)) return 1;
        } else {
            unsigned code = 0;
            for (int i = 0; i < want; i++) code |= 3u << (2 * i); /* discard, unless a row holds it */
            for (int r = 0; r < OFC_ROWS; r++, p += 1 + *p)
                for (int j = 0; j < *p; j++)
                    for (int i = 0; i < want; i++)
                        if (dealt[i] == p[1 + j]) code = (code & ~(3u << (2 * i))) | ((unsigned)r << (2 * i));
            if (ofc_game_apply(&g, code)) return 1;
        }
        at = (int)(p + 1 + *p - turns);
    }
    if (g.turn >= 0) return 1;
    int32_t net[OFC_MAX_SEATS];
    ofc_game_result(&g, rules, net, NULL, NULL, next_fl);
    for (int p = 0; p < players; p++)
        if (net[p] != scores[p]) return 1;
    return 0;
}
