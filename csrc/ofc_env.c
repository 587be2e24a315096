/* Batched environments for reinforcement learning (ofc_rl.h): many hands or
 * matches of the play layer's engine stepped together, the other seats and
 * the Fantasyland turns played by the engine's policies, each env's
 * observation and mask written for the seat that decides next.  Every env
 * draws only from its own streams, so a batch split over threads plays the
 * same moves as one thread. */
#include <stdlib.h>
#include <string.h>
#include "ofc_rl.h"

/* The built-in policies' stream of an episode: far from the hands' streams (ep_seed, h). */
#define POLICY_STREAM 0x8000000000000000ull
#define CARD_BIT(c)   ((uint64_t)1 << (c))

int ofc_env_planes(int players)
{
    /* own top, middle, bottom, held, discards; 3 rows per opponent; unseen */
    return 5 + 3 * (players - 1) + 1;
}

int ofc_env_scalars(int players)
{
    return 12 + 6 * (players - 1);
}

/* ---- the compact action space -------------------------------------------- */

static void add_actions(ofc_env_space *s, int cards, int discards, int street0)
{
    unsigned limit = 1u << (2 * cards);
    for (unsigned code = 0; code < limit; code++) {
        int count[4] = {0, 0, 0, 0};
        for (int i = 0; i < cards; i++) count[(code >> (2 * i)) & 3u]++;
        if (count[3] != discards) continue;
        int fits = 1;
        for (int r = 0; r < 3; r++) fits &= count[r] <= OFC_ROW_SIZE(r);
        if (!fits) continue;
        int a = s->actions++;
        s->to_code[a] = (int16_t)code;
        s->to_compact[street0 ? 0 : 1][code] = (int16_t)a;
        for (int r = 0; r < 3; r++) s->count[a][r] = (uint8_t)count[r];
    }
}

int ofc_env_space_build(const ofc_env_spec *spec, ofc_env_space *s)
{
    memset(s, 0, sizeof *s);
    for (int k = 0; k < 2; k++)
        for (int c = 0; c < OFC_ACTIONS; c++) s->to_compact[k][c] = -1;
    if (spec->first_round < 1 || spec->first_round > OFC_MAX_HELD || spec->round_cards > OFC_MAX_HELD
        || spec->round_play < 1 || spec->round_cards < spec->round_play)
        return OFC_ERR_DEALING;
    add_actions(s, spec->first_round, 0, 1);
    s->opening = s->actions;
    if (spec->rounds > 0) add_actions(s, spec->round_cards, spec->round_cards - spec->round_play, 0);
    return 0;
}

/* ---- envs ----------------------------------------------------------------- */

int ofc_vec_init(ofc_vec *v, const ofc_env_spec *spec, const ofc_rules *rules, int64_t n)
{
    memset(v, 0, sizeof *v);
    v->spec = *spec;
    v->rules = rules;
    if (spec->players < 2 || spec->players > OFC_MAX_SEATS || spec->hero >= spec->players || n < 1)
        return OFC_ERR_DEALING;
    int err = ofc_env_space_build(spec, &v->space);
    if (err) return err;
    v->envs = (ofc_env *)calloc((size_t)n, sizeof(ofc_env));
    if (!v->envs) return OFC_ENV_NO_MEMORY;
    v->n = n;
    for (int64_t i = 0; i < n; i++) {
        ofc_rng_init(&v->envs[i].episodes, spec->seed, (uint64_t)i);
        v->envs[i].done = 1;
    }
    return 0;
}

void ofc_vec_free(ofc_vec *v)
{
    if (v->envs)
        for (int64_t i = 0; i < v->n; i++) free(v->envs[i].hist);
    free(v->envs);
    v->envs = NULL;
    v->n = 0;
}

static int record(ofc_env *e, int kind, int seat, unsigned code, const uint8_t *board)
{
    if (e->nhist == e->cap) {
        int64_t cap = e->cap ? 2 * e->cap : 64;
        ofc_env_record *h = (ofc_env_record *)realloc(e->hist, (size_t)cap * sizeof *h);
        if (!h) return OFC_ENV_NO_MEMORY;
        e->hist = h;
        e->cap = cap;
    }
    ofc_env_record *r = &e->hist[e->nhist++];
    r->kind = (uint8_t)kind;
    r->seat = (uint8_t)seat;
    r->code = (uint16_t)code;
    if (board) memcpy(r->board, board, OFC_BOARD_SIZE);
    return 0;
}

static int start_hand(const ofc_vec *v, ofc_env *e, const int *fl)
{
    const ofc_env_spec *s = &v->spec;
    int err = ofc_game_start(&e->g, s->players, s->first_round, s->rounds, s->round_cards, s->round_play,
                             e->ep_seed, (uint64_t)e->hand, e->button, fl);
    if (err) return err;
    return record(e, OFC_ENV_HAND, e->button, (unsigned)e->hand, NULL);
}

static int begin_episode(const ofc_vec *v, ofc_env *e)
{
    const ofc_env_spec *s = &v->spec;
    int fl[OFC_MAX_SEATS] = {0, 0, 0, 0};
    e->ep_seed = ofc_rng_next(&e->episodes);
    e->episode++;
    ofc_rng_init(&e->policy, e->ep_seed, POLICY_STREAM);
    e->hand = 0;
    e->button = e->button0 = (int)((e->ep_seed >> 32) % (uint64_t)s->players);
    for (int p = 0; p < OFC_MAX_SEATS; p++) e->stacks[p] = s->match_points;
    e->nhist = 0;
    e->done = 0;
    return start_hand(v, e, fl);
}

static int learns(const ofc_env_spec *s, int seat)
{
    return s->hero < 0 || seat == s->hero;
}

/* The code a policy's normal turn amounts to: where each card held went. */
static unsigned code_played(const ofc_game *g, int seat, const uint8_t *held, int n)
{
    unsigned code = 0;
    for (int i = 0; i < n; i++) {
        unsigned d = 3;
        for (int k = 0; k < OFC_BOARD_SIZE; k++)
            if (g->board[seat][k] == held[i]) {
                d = k < OFC_ROW_START(1) ? 0u : k < OFC_ROW_START(2) ? 1u : 2u;
                break;
            }
        code |= d << (2 * i);
    }
    return code;
}

/* Plays the turn of the seat to act with built-in policy `policy`, recorded. */
static int play_policy(const ofc_vec *v, ofc_env *e, int policy)
{
    ofc_game *g = &e->g;
    int seat = g->turn, n = g->nheld, fl = g->fl_cards[seat] != 0;
    uint8_t held[OFC_MAX_HELD + 8];
    if (!fl) memcpy(held, g->held, (size_t)n);
    int err = ofc_policy_play(g, policy, v->rules, NULL, &e->policy);
    if (err) return err;
    return fl ? record(e, OFC_ENV_BOARD, seat, 0, g->board[seat])
              : record(e, OFC_ENV_CODE, seat, code_played(g, seat, held, n), NULL);
}

/* The hand is over: its result into the outputs, and the next hand of a match. */
static int end_hand(const ofc_vec *v, ofc_env *e, int64_t i, const ofc_env_out *out)
{
    const ofc_env_spec *s = &v->spec;
    int P = s->players;
    int32_t net[OFC_MAX_SEATS], roy[3 * OFC_MAX_SEATS], fouled[OFC_MAX_SEATS], fl[OFC_MAX_SEATS];
    ofc_game_result(&e->g, v->rules, net, roy, fouled, fl);
    if (out->reward) {
        if (s->hero >= 0) {
            out->reward[i] += (float)net[s->hero];
        } else {
            for (int p = 0; p < P; p++) out->reward[i * P + p] += (float)net[p];
        }
    }
    if (out->hands) out->hands[i]++;
    for (int p = 0; p < P; p++) {
        if (out->fouled) out->fouled[i * P + p] = (uint8_t)fouled[p];
        if (out->fantasyland) out->fantasyland[i * P + p] = fl[p];
        if (out->royalties)
            for (int r = 0; r < 3; r++) out->royalties[(i * P + p) * 3 + r] = roy[3 * p + r];
    }
    int over = !s->match, any_fl = 0;
    for (int p = 0; p < P; p++) {
        e->stacks[p] += net[p];
        over |= e->stacks[p] <= 0;
        any_fl |= fl[p] != 0;
    }
    if (over) {
        e->done = 1;
        return 0;
    }
    /* the next hand as Game.next_hand: the button one seat left (kept in a
     * Fantasyland hand under fl_keeps_button), Fantasyland carried */
    if (!(s->fl_keeps_button && any_fl)) e->button = (e->button + 1) % P;
    e->hand++;
    int cards[OFC_MAX_SEATS] = {0, 0, 0, 0};
    for (int p = 0; p < P; p++) cards[p] = fl[p];
    return start_hand(v, e, cards);
}

/* Plays every turn that is not the caller's until the caller's next decision
 * or the end of the episode. */
static int advance(const ofc_vec *v, ofc_env *e, int64_t i, const ofc_env_out *out)
{
    const ofc_env_spec *s = &v->spec;
    while (!e->done) {
        ofc_game *g = &e->g;
        int err;
        if (g->turn < 0) {
            err = end_hand(v, e, i, out);
        } else if (g->fl_cards[g->turn]) {
            if (s->fl_agent && learns(s, g->turn)) return 0;
            /* the greedy policy sets Fantasyland with the exact solver */
            err = play_policy(v, e, OFC_POLICY_GREEDY);
        } else if (learns(s, g->turn) || s->opponent < 0) {
            return 0;
        } else {
            err = play_policy(v, e, s->opponent);
        }
        if (err) return err;
    }
    return 0;
}

/* ---- observations --------------------------------------------------------- */

/* Cards seat `seat` sees (its rows, held cards, discards, the rows of others
 * not hidden in Fantasyland), written as planes when `planes` is not NULL. */
static uint64_t seen_by(const ofc_game *g, int seat, uint8_t *planes)
{
    uint64_t seen = 0;
    int P = g->players, over = g->turn < 0;
    for (int j = 0; j < P; j++) {
        int o = (seat + j) % P;
        if (j && !over && g->fl_cards[o]) continue; /* a Fantasyland board stays hidden until the hand ends */
        int base = j ? 5 + 3 * (j - 1) : 0;
        for (int r = 0; r < 3; r++)
            for (int k = 0; k < g->filled[o][r]; k++) {
                uint8_t c = g->board[o][OFC_ROW_START(r) + k];
                seen |= CARD_BIT(c);
                if (planes) planes[(base + r) * OFC_DECK_SIZE + c] = 1;
            }
    }
    if (g->turn == seat)
        for (int k = 0; k < g->nheld; k++) {
            seen |= CARD_BIT(g->held[k]);
            if (planes) planes[3 * OFC_DECK_SIZE + g->held[k]] = 1;
        }
    for (int k = 0; k < g->ndiscards[seat]; k++) {
        seen |= CARD_BIT(g->discards[seat][k]);
        if (planes) planes[4 * OFC_DECK_SIZE + g->discards[seat][k]] = 1;
    }
    return seen;
}

/* The mask of the seat to act (seat): legal actions, without those after
 * which every completion fouls when foul_safe (unless that leaves none). */
static void write_mask(const ofc_vec *v, const ofc_env *e, int seat, uint64_t seen, uint8_t *m)
{
    const ofc_env_space *sp = &v->space;
    const ofc_game *g = &e->g;
    int A = v->spec.compact ? sp->actions : OFC_ACTIONS;
    memset(m, 0, (size_t)A);
    if (g->turn != seat || g->fl_cards[seat]) return;
    int street0 = g->street[seat] == 0;
    int lo = street0 ? 0 : sp->opening, hi = street0 ? sp->opening : sp->actions, legal = 0;
    const uint8_t *f = g->filled[seat];
    for (int a = lo; a < hi; a++) {
        const uint8_t *c = sp->count[a];
        int ok = f[0] + c[0] <= OFC_ROW_SIZE(0) && f[1] + c[1] <= OFC_ROW_SIZE(1)
                 && f[2] + c[2] <= OFC_ROW_SIZE(2);
        m[v->spec.compact ? a : sp->to_code[a]] = (uint8_t)ok;
        legal += ok;
    }
    if (!v->spec.foul_safe || !legal) return;
    uint8_t pool[OFC_DECK_SIZE];
    int npool = 0, kept = 0;
    for (int c = 0; c < OFC_DECK_SIZE; c++)
        if (!(seen >> c & 1u)) pool[npool++] = (uint8_t)c;
    uint8_t drop[2 * OFC_ACTIONS];
    for (int a = lo; a < hi; a++) {
        int idx = v->spec.compact ? a : sp->to_code[a];
        drop[a] = 0;
        if (!m[idx]) continue;
        uint8_t board[OFC_BOARD_SIZE], fill[3];
        unsigned code = (unsigned)sp->to_code[a];
        memcpy(board, g->board[seat], OFC_BOARD_SIZE);
        memcpy(fill, f, 3);
        for (int k = 0; k < g->nheld; k++) {
            unsigned d = (code >> (2 * k)) & 3u;
            if (d < 3) board[OFC_ROW_START(d) + fill[d]++] = g->held[k];
        }
        drop[a] = ofc_partial_can_avoid_foul(board, pool, npool, v->rules, -1) == 0;
        kept += !drop[a];
    }
    if (!kept) return; /* every action fouls: the legal ones stay */
    for (int a = lo; a < hi; a++)
        if (drop[a]) m[v->spec.compact ? a : sp->to_code[a]] = 0;
}

/* Observation and mask of env i for seat `seat`. */
static void observe(const ofc_vec *v, const ofc_env *e, int64_t i, int seat, const ofc_env_out *out)
{
    const ofc_game *g = &e->g;
    const ofc_env_spec *s = &v->spec;
    int P = g->players, K = out->planes;
    uint8_t *planes = out->cards + i * K * OFC_DECK_SIZE;
    memset(planes, 0, (size_t)(K * OFC_DECK_SIZE));
    uint64_t seen = seen_by(g, seat, planes);
    uint8_t *unseen = planes + (K - 1) * OFC_DECK_SIZE;
    for (int c = 0; c < OFC_DECK_SIZE; c++) unseen[c] = !(seen >> c & 1u);

    int32_t *x = out->scalars + i * out->nscalars;
    int acting = g->turn == seat;
    x[0] = seat;
    x[1] = g->button;
    x[2] = (seat - g->button - 1 + 2 * P) % P; /* 0: acts first */
    x[3] = g->street[seat];
    x[4] = acting && !g->fl_cards[seat] ? (g->street[seat] == 0 ? g->first_round : g->round_play) : 0;
    x[5] = acting ? g->nheld : 0;
    for (int r = 0; r < 3; r++) x[6 + r] = OFC_ROW_SIZE(r) - g->filled[seat][r];
    x[9] = g->fl_cards[seat];
    x[10] = e->hand;
    x[11] = s->match ? e->stacks[seat] : 0;
    for (int j = 1; j < P; j++) {
        int o = (seat + j) % P, hidden = g->turn >= 0 && g->fl_cards[o];
        int32_t *y = x + 12 + 6 * (j - 1);
        y[0] = hidden ? 0 : g->street[o];
        for (int r = 0; r < 3; r++) y[1 + r] = OFC_ROW_SIZE(r) - (hidden ? 0 : g->filled[o][r]);
        y[4] = g->fl_cards[o];
        y[5] = s->match ? e->stacks[o] : 0;
    }
    write_mask(v, e, seat, seen, out->mask + i * out->actions);
    out->current[i] = seat;
}

/* The seat env i's observation is for: the learning seat to act (or the hero). */
static int view_seat(const ofc_vec *v, const ofc_env *e, int last)
{
    if (v->spec.hero >= 0) return v->spec.hero;
    if (!e->done && e->g.turn >= 0 && learns(&v->spec, e->g.turn)) return e->g.turn;
    return last;
}

static void finish(const ofc_vec *v, ofc_env *e, int64_t i, int last, const ofc_env_out *out)
{
    const ofc_game *g = &e->g;
    int waiting = !e->done && g->turn >= 0 && !learns(&v->spec, g->turn);
    observe(v, e, i, view_seat(v, e, last < 0 ? 0 : last), out);
    if (out->terminated) out->terminated[i] = (uint8_t)e->done;
    if (out->fl_turn)
        out->fl_turn[i] = (uint8_t)(!e->done && g->turn >= 0 && !waiting && g->fl_cards[g->turn]);
    if (out->waiting) out->waiting[i] = (uint8_t)waiting;
}

static void zero_row(const ofc_vec *v, int64_t i, const ofc_env_out *out)
{
    int P = v->spec.players, R = v->spec.hero >= 0 ? 1 : P;
    if (out->reward) memset(out->reward + i * R, 0, (size_t)R * sizeof(float));
    if (out->hands) out->hands[i] = 0;
    if (out->fouled) memset(out->fouled + i * P, 0, (size_t)P);
    if (out->fantasyland) memset(out->fantasyland + i * P, 0, (size_t)P * sizeof(int32_t));
    if (out->royalties) memset(out->royalties + i * P * 3, 0, (size_t)P * 3 * sizeof(int32_t));
}

int64_t ofc_vec_reset(ofc_vec *v, int64_t lo, int64_t hi, const uint8_t *which, const ofc_env_out *out)
{
    for (int64_t i = lo; i < hi; i++) {
        if (which && !which[i]) continue;
        ofc_env *e = &v->envs[i];
        zero_row(v, i, out);
        int err = begin_episode(v, e);
        if (!err) err = advance(v, e, i, out);
        if (err) return i;
        finish(v, e, i, v->spec.hero >= 0 ? v->spec.hero : 0, out);
    }
    return -1;
}

int64_t ofc_vec_check(const ofc_vec *v, int64_t lo, int64_t hi, const int32_t *actions, const uint8_t *mask,
                      const uint8_t *fl_turn, const uint8_t *boards, int *err)
{
    int A = v->spec.compact ? v->space.actions : OFC_ACTIONS;
    for (int64_t i = lo; i < hi; i++) {
        const ofc_env *e = &v->envs[i];
        int32_t a = actions[i];
        if (a < 0) continue;
        if (e->done) {
            if (v->spec.autoreset) continue;
            *err = OFC_ENV_FINISHED;
            return i;
        }
        if (fl_turn && fl_turn[i]) {
            ofc_game tmp = e->g;
            int r = boards ? ofc_game_set(&tmp, boards + i * OFC_BOARD_SIZE) : OFC_ERR_FANTASYLAND;
            if (r) {
                *err = r;
                return i;
            }
            continue;
        }
        if (a >= A || !mask[i * A + a]) {
            *err = OFC_ENV_ILLEGAL;
            return i;
        }
    }
    return -1;
}

int64_t ofc_vec_step(ofc_vec *v, int64_t lo, int64_t hi, const int32_t *actions, const uint8_t *boards,
                     int begin, const ofc_env_out *out, int *err)
{
    for (int64_t i = lo; i < hi; i++) {
        ofc_env *e = &v->envs[i];
        ofc_game *g = &e->g;
        int32_t a = actions[i];
        int last = g->turn, r = 0;
        if (begin) zero_row(v, i, out);
        if (e->done) {
            if (!v->spec.autoreset || a < 0) {
                finish(v, e, i, out->current[i], out);
                continue;
            }
            r = begin_episode(v, e);
            last = v->spec.hero >= 0 ? v->spec.hero : 0;
        } else if (a < 0) {
            /* no move: the outputs stay as they are (a continued step of other envs) */
            if (begin) finish(v, e, i, out->current[i], out);
            continue;
        } else if (g->fl_cards[g->turn]) {
            r = ofc_game_set(g, boards + i * OFC_BOARD_SIZE);
            if (!r) r = record(e, OFC_ENV_BOARD, last, 0, g->board[last]);
        } else {
            unsigned code = v->spec.compact ? (unsigned)v->space.to_code[a] : (unsigned)a;
            r = ofc_game_apply(g, code);
            if (!r) r = record(e, OFC_ENV_CODE, last, code, NULL);
        }
        if (!r) r = advance(v, e, i, out);
        if (r) {
            *err = r;
            return i;
        }
        finish(v, e, i, last, out);
    }
    return -1;
}

void ofc_vec_observe_acting(const ofc_vec *v, int64_t lo, int64_t hi, const ofc_env_out *out)
{
    for (int64_t i = lo; i < hi; i++) {
        const ofc_env *e = &v->envs[i];
        int seat = e->g.turn >= 0 && !e->done ? e->g.turn : 0;
        observe(v, e, i, seat, out);
    }
}

void ofc_vec_observe_seat(const ofc_vec *v, int64_t i, int seat, const ofc_env_out *out, int64_t row)
{
    observe(v, &v->envs[i], row, seat, out);
}
