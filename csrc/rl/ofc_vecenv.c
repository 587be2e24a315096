/* Batched environments for reinforcement learning (ofc_rl.h): many hands or
 * matches of the play layer's engine stepped together, the other seats and
 * the Fantasyland turns played by the engine's policies, each env's
 * observation and mask written for the seat that decides next.  Every env
 * draws only from its own streams, so a batch split over threads plays the
 * same moves as one thread. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "ofc_rl.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The built-in policies' stream of an episode: far from the hands' streams (ep_seed, h). */
#define POLICY_STREAM   0x8000000000000000ull
#define FL_START_STREAM 0x8000000000000001ull
#define CARD_BIT(c)     ((uint64_t)1 << (c))

/* The lowest card of a nonzero set of card bits. */
static inline int low_card(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int c = 0;
    while (!(x >> c & 1u)) c++;
    return c;
#endif
}

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

/* The mask rows: the legal codes of a turn (the engine's ofc_game_legal, from
 * its placement table) for every street kind and filling of the rows, in
 * the action space of the spec. */
static void build_masks(ofc_vec *v)
{
    const ofc_env_spec *s = &v->spec;
    int A = s->compact ? v->space.actions : OFC_ACTIONS;
    uint8_t legal[OFC_ACTIONS];
    for (int first = 0; first < 2; first++)
        for (int f0 = 0; f0 <= OFC_ROW_SIZE(0); f0++)
            for (int f1 = 0; f1 <= OFC_ROW_SIZE(1); f1++)
                for (int f2 = 0; f2 <= OFC_ROW_SIZE(2); f2++) {
                    ofc_game t;
                    memset(&t, 0, sizeof t);
                    t.players = 1;
                    t.first_round = s->first_round;
                    t.round_play = s->round_play;
                    t.street[0] = !first;
                    t.nheld = first ? s->first_round : s->round_cards;
                    t.filled[0][0] = (uint8_t)f0;
                    t.filled[0][1] = (uint8_t)f1;
                    t.filled[0][2] = (uint8_t)f2;
                    int row = OFC_ENV_MASK_ROW(first, t.filled[0]);
                    uint8_t *m = v->mask_rows + (size_t)row * (size_t)A;
                    int lo = A, hi = 0;
                    if (!first && s->rounds == 0) t.nheld = 0; /* no later street */
                    if (t.nheld)
                        ofc_game_legal(&t, legal);
                    else
                        memset(legal, 0, sizeof legal);
                    for (int code = 0; code < OFC_ACTIONS; code++) {
                        if (!legal[code]) continue;
                        int a = s->compact ? v->space.to_compact[!first][code] : code;
                        if (a < 0) continue; /* cannot happen: the compact space holds every placement */
                        m[a] = 1;
                        lo = a < lo ? a : lo;
                        hi = a + 1 > hi ? a + 1 : hi;
                    }
                    if (lo >= hi) lo = hi = 0;
                    /* at least 16 wide, so a copy is whole 16-byte blocks (put_mask):
                     * the bytes a wider span adds hold the row's zeros */
                    if (lo < hi && hi - lo < 16 && A >= 16) {
                        hi = lo + 16 < A ? lo + 16 : A;
                        lo = hi - 16;
                    }
                    v->mask_span[row][0] = (int16_t)lo;
                    v->mask_span[row][1] = (int16_t)hi;
                }
}

int ofc_vec_init(ofc_vec *v, const ofc_env_spec *spec, const ofc_rules *rules, int64_t n)
{
    memset(v, 0, sizeof *v);
    v->spec = *spec;
    v->rules = rules;
    if (spec->players < 2 || spec->players > OFC_MAX_SEATS || spec->hero >= spec->players || n < 1
        || spec->jr.jokers < 0 || spec->jr.jokers > OFC_MAX_JOKERS
        || spec->deck != OFC_DECK_WITH_JOKERS(spec->jr.jokers))
        return OFC_ERR_DEALING;
    int err = ofc_env_space_build(spec, &v->space);
    if (err) return err;
    int A = spec->compact ? v->space.actions : OFC_ACTIONS;
    v->mask_rows = (uint8_t *)calloc((size_t)OFC_ENV_MASK_ROWS, (size_t)A);
    v->mask_span = (int16_t (*)[2])calloc((size_t)OFC_ENV_MASK_ROWS, sizeof *v->mask_span);
    v->envs = (ofc_env *)calloc((size_t)n, sizeof(ofc_env));
    v->decision = (int16_t *)malloc((size_t)n * sizeof *v->decision);
    if (spec->foul_safe) v->dropped = (ofc_env_dropped *)calloc((size_t)n, sizeof *v->dropped);
    if (!v->envs || !v->mask_rows || !v->mask_span || !v->decision || (spec->foul_safe && !v->dropped)) {
        ofc_vec_free(v);
        return OFC_ENV_NO_MEMORY;
    }
    build_masks(v);
    /* the start of a hand with no Fantasyland seat, per button: a copy of it
     * and a shuffled deck start such a hand (where the engine refuses the
     * dealing, start_hand takes the engine's own path and its error) */
    v->start = (ofc_game *)calloc((size_t)spec->players, sizeof(ofc_game));
    if (!v->start) {
        ofc_vec_free(v);
        return OFC_ENV_NO_MEMORY;
    }
    v->need = spec->players * (spec->first_round + spec->rounds * spec->round_cards);
    for (int k = 0; k < OFC_BOARD_SIZE; k++)
        v->slot_plane[k] = (k < OFC_ROW_START(1) ? 0 : k < OFC_ROW_START(2) ? 1 : 2) * spec->deck;
    for (int f0 = 0; f0 <= OFC_ROW_SIZE(0); f0++)
        for (int f1 = 0; f1 <= OFC_ROW_SIZE(1); f1++)
            for (int f2 = 0; f2 <= OFC_ROW_SIZE(2); f2++)
                v->slots[f0 * 36 + f1 * 6 + f2] =
                    (uint16_t)(((1u << f0) - 1) | ((1u << f1) - 1) << OFC_ROW_START(1)
                               | ((1u << f2) - 1) << OFC_ROW_START(2));
    for (int b = 0; b < spec->players; b++)
        if (ofc_game_start_jokers(&v->start[b], spec->players, spec->first_round, spec->rounds,
                                  spec->round_cards, spec->round_play, 0, 0, b, NULL, &spec->jr))
            v->need = 0;
    v->n = n;
    for (int64_t i = 0; i < n; i++) {
        ofc_rng_init(&v->envs[i].episodes, spec->seed, (uint64_t)i);
        v->envs[i].done = 1;
        v->envs[i].shown.seat = -1;
        v->decision[i] = OFC_ENV_OVER;
    }
    return 0;
}

void ofc_vec_free(ofc_vec *v)
{
    if (v->envs)
        for (int64_t i = 0; i < v->n; i++) {
            free(v->envs[i].hist);
            free(v->envs[i].boards);
        }
    free(v->envs);
    free(v->mask_rows);
    free(v->mask_span);
    free(v->start);
    free(v->dropped);
    free(v->decision);
    v->dropped = NULL;
    v->decision = NULL;
    v->envs = NULL;
    v->start = NULL;
    v->mask_rows = NULL;
    v->mask_span = NULL;
    v->n = 0;
}

/* Grows *buf (of *cap items of `size` bytes) to hold one more than `used`. */
static int room(void **buf, int64_t *cap, int64_t used, size_t size)
{
    if (used < *cap) return 0;
    int64_t grown = *cap ? 2 * *cap : 64;
    void *b = realloc(*buf, (size_t)grown * size);
    if (!b) return OFC_ENV_NO_MEMORY;
    *buf = b;
    *cap = grown;
    return 0;
}

static int record(ofc_env *e, int kind, int seat, unsigned code, const uint8_t *board)
{
    if (room((void **)&e->hist, &e->cap, e->nhist, sizeof *e->hist)) return OFC_ENV_NO_MEMORY;
    if (board) {
        if (room((void **)&e->boards, &e->boards_cap, e->nboards, sizeof *e->boards))
            return OFC_ENV_NO_MEMORY;
        memcpy(e->boards[e->nboards], board, OFC_BOARD_SIZE);
        code = (unsigned)e->nboards++;
    }
    ofc_env_record *r = &e->hist[e->nhist++];
    r->kind = (uint8_t)kind;
    r->seat = (uint8_t)seat;
    r->code = code;
    return 0;
}

/* Starts hand e->hand as ofc_game_start_jokers does; with no seat in
 * Fantasyland, as a copy of the start of that button's hands and its own
 * deck (every field the engine's start sets is the copy's, the deck its
 * shuffle and the first turn its deal).  The previous hand's records must be
 * settled (or dropped) first. */
static int start_hand(const ofc_vec *v, ofc_env *e, const int *fl)
{
    const ofc_env_spec *s = &v->spec;
    int any_fl = 0;
    for (int p = 0; p < s->players; p++) any_fl |= fl[p];
    if (v->need && !any_fl) {
        memcpy(&e->g, &v->start[e->button], offsetof(ofc_game, discards));
        ofc_shuffle_jokers(e->ep_seed, (uint64_t)e->hand, v->need, s->jr.jokers, e->g.deck);
        ofc_game_deal(&e->g);
    } else {
        int err = ofc_game_start_jokers(&e->g, s->players, s->first_round, s->rounds, s->round_cards,
                                        s->round_play, e->ep_seed, (uint64_t)e->hand, e->button, fl, &s->jr);
        if (err) return err;
    }
    e->shown.seat = -1; /* a new hand: the observation is written afresh */
    e->hand_rec = e->nhist;
    e->pending = 0;
    return record(e, OFC_ENV_HAND, e->button, (unsigned)e->hand, NULL);
}

/* The codes of the hand's OFC_ENV_PENDING records: each card held lies in its
 * seat's rows or discards for the rest of the hand, so the row of each card
 * there, read once per seat, gives each turn's digits. */
static void settle(ofc_env *e)
{
    if (!e->pending) return;
    const ofc_game *g = &e->g;
    ofc_env_record *first = e->hist + e->hand_rec, *end = e->hist + e->nhist;
    uint8_t where[OFC_MAX_SEATS][64];
    unsigned seats = 0;
    for (const ofc_env_record *r = first; r < end; r++)
        if (r->kind == OFC_ENV_PENDING) seats |= 1u << r->seat;
    for (int p = 0; p < g->players; p++) {
        if (!(seats >> p & 1u)) continue;
        for (int row = 0; row < 3; row++)
            for (int k = 0; k < g->filled[p][row]; k++)
                where[p][g->board[p][OFC_ROW_START(row) + k]] = (uint8_t)row;
        for (int k = 0; k < g->ndiscards[p]; k++) where[p][g->discards[p][k]] = 3;
    }
    for (ofc_env_record *r = first; r < end; r++) {
        if (r->kind != OFC_ENV_PENDING) continue;
        unsigned pos = r->code >> 8, n = r->code & 0xffu, code = 0;
        for (unsigned k = 0; k < n; k++) code |= (unsigned)where[r->seat][g->deck[pos + k]] << (2 * k);
        r->kind = OFC_ENV_CODE;
        r->code = code;
    }
    e->pending = 0;
}

void ofc_vec_settle(ofc_vec *v, int64_t i)
{
    settle(&v->envs[i]);
}

static int begin_episode(const ofc_vec *v, ofc_env *e)
{
    const ofc_env_spec *s = &v->spec;
    e->ep_seed = ofc_rng_next(&e->episodes);
    e->episode++;
    ofc_rng_init(&e->policy, e->ep_seed, POLICY_STREAM);
    for (int p = 0; p < OFC_MAX_SEATS; p++) e->fl0[p] = 0;
    if (s->fl_start) {
        /* who starts in Fantasyland: a stream of its own, so fl_start = 0
         * deals what it dealt before the option existed */
        ofc_rng r;
        ofc_rng_init(&r, e->ep_seed, FL_START_STREAM);
        for (int p = 0; p < s->players; p++)
            e->fl0[p] = (ofc_rng_next(&r) >> 11) < s->fl_start ? s->fl_start_cards : 0;
    }
    e->hand = 0;
    e->button = e->button0 = (int)((e->ep_seed >> 32) % (uint64_t)s->players);
    for (int p = 0; p < OFC_MAX_SEATS; p++) e->stacks[p] = s->match_points;
    e->nhist = 0; /* the last episode's history goes, pending records too */
    e->nboards = 0;
    e->done = 0;
    return start_hand(v, e, e->fl0);
}

static int learns(const ofc_env_spec *s, int seat)
{
    return s->hero < 0 || seat == s->hero;
}

/* Plays the turn of the seat to act with built-in policy `policy`, recorded:
 * a normal turn as pending (the code it amounts to is read from where its
 * cards went only when the history is: settle), its cards being the deck's
 * nheld from deck_pos - nheld (a turn's cards are the next in the deck). */
static int play_fantasyland(const ofc_vec *v, ofc_env *e, int policy)
{
    ofc_game *g = &e->g;
    int seat = g->turn, err = ofc_policy_play(g, policy, v->rules, NULL, &e->policy);
    return err ? err : record(e, OFC_ENV_BOARD, seat, 0, g->board[seat]);
}

static inline int play_policy(const ofc_vec *v, ofc_env *e, int policy)
{
    ofc_game *g = &e->g;
    int seat = g->turn;
    if (g->fl_cards[seat]) return play_fantasyland(v, e, policy);
    unsigned at = (unsigned)(g->deck_pos - g->nheld) << 8 | (unsigned)g->nheld;
    /* the opponent's parameters (a Fantasyland turn above is the solver's) */
    const double *params = v->spec.opponent_nparams ? v->spec.opponent_params : NULL;
    int err = ofc_policy_play(g, policy, v->rules, params, &e->policy);
    if (err) return err;
    e->pending++;
    return record(e, OFC_ENV_PENDING, seat, at, NULL);
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
    e->info_dirty = 1;
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
    e->shown.fixed = 0; /* the stacks changed */
    if (over) {
        e->done = 1;
        return 0;
    }
    /* the next hand as Game.next_hand: the button one seat left (kept in a
     * Fantasyland hand under fl_keeps_button), Fantasyland carried */
    if (!(s->fl_keeps_button && any_fl)) e->button = (e->button + 1) % P;
    e->hand++;
    settle(e); /* before the board and deck go */
    int cards[OFC_MAX_SEATS] = {0, 0, 0, 0};
    for (int p = 0; p < P; p++) cards[p] = fl[p];
    return start_hand(v, e, cards);
}

/* Plays every turn that is not the caller's until the caller's next decision
 * or the end of the episode. */
static int advance(const ofc_vec *v, ofc_env *e, int64_t i, const ofc_env_out *out)
{
    const ofc_env_spec *s = &v->spec;
    ofc_game *g = &e->g;
    for (;;) { /* e->done is 0 here: the callers start an episode or move first */
        int t = g->turn, err;
        if (t < 0) {
            err = end_hand(v, e, i, out);
            if (err || e->done) return err;
            continue;
        }
        if (OFC_UNLIKELY(g->fl_cards[t])) {
            if (s->fl_agent && learns(s, t)) return 0;
            /* the greedy policy sets Fantasyland with the exact solver */
            err = play_policy(v, e, OFC_POLICY_GREEDY);
        } else if (learns(s, t) || s->opponent < 0) {
            return 0;
        } else {
            err = play_policy(v, e, s->opponent);
        }
        if (err) return err;
    }
}

/* ---- observations --------------------------------------------------------- */

/* Cards seat `seat` sees: its rows, held cards and discards, and the rows of
 * others not hidden in Fantasyland (the foul-safe mask's dead cards). */
static uint64_t seen_by(const ofc_game *g, int seat)
{
    uint64_t seen = 0;
    int P = g->players, over = g->turn < 0;
    for (int j = 0; j < P; j++) {
        int o = (seat + j) % P;
        if (j && !over && g->fl_cards[o]) continue;
        for (int r = 0; r < 3; r++)
            for (int k = 0; k < g->filled[o][r]; k++) seen |= CARD_BIT(g->board[o][OFC_ROW_START(r) + k]);
    }
    if (g->turn == seat)
        for (int k = 0; k < g->nheld; k++) seen |= CARD_BIT(g->held[k]);
    for (int k = 0; k < g->ndiscards[seat]; k++) seen |= CARD_BIT(g->discards[seat][k]);
    return seen;
}

/* The slots of a board with f[r] cards in row r: a bit per slot. */
static inline unsigned slots_of(const ofc_vec *v, const uint8_t *f)
{
    return v->slots[f[0] * 36 + f[1] * 6 + f[2]];
}

/* The cards seat o placed since the slots `*have` were written: set in its
 * rows' planes from `base`, gone from the unseen plane.  One pass over the
 * new slots, as many as the cards placed (no branch on which rows). */
static OFC_ALWAYS_INLINE void put_rows(const ofc_vec *v, uint8_t *restrict base, uint8_t *restrict unseen,
                                       const ofc_game *g, int o, uint16_t *have)
{
    unsigned now = slots_of(v, g->filled[o]), add = now & ~(unsigned)*have;
    *have = (uint16_t)now;
    const uint8_t *b = g->board[o];
    for (; add; add &= add - 1) {
        int k = low_card(add), c = b[k];
        base[v->slot_plane[k] + c] = 1;
        unseen[c] = 0;
    }
}

/* The card planes of `seat` (P seats: a constant where the caller can make
 * it one), bringing what `shown` says they hold up to date: the cards that
 * joined a row or the discards since, the held cards that came and went (a
 * card leaves the held plane only for its seat's rows or discards, so the
 * unseen plane loses cards and never regains one within a hand).
 * shown->seat -1 (or another seat): written afresh. */
static OFC_ALWAYS_INLINE void put_cards(const ofc_vec *v, const ofc_game *g, int seat,
                                        uint8_t *restrict planes, int K, size_t D, ofc_env_shown *shown,
                                        const int P)
{
    uint8_t *restrict unseen = planes + (size_t)(K - 1) * D;
    if (OFC_UNLIKELY(shown->seat != seat)) {
        memset(planes, 0, (size_t)(K - 1) * D);
        memset(unseen, 1, D);
        memset(shown->slots, 0, sizeof shown->slots);
        shown->discards = 0;
        shown->held = 0;
        shown->seat = seat;
        shown->fixed = 0;
    }
    /* the cards held at the last write leave, then those held now come (one
     * in both is set again) */
    uint8_t *restrict held_plane = planes + 3 * D;
    for (uint64_t was = shown->held; was; was &= was - 1) held_plane[low_card(was)] = 0;
    uint64_t held = 0;
    if (g->turn == seat)
        for (int k = 0, n = g->nheld; k < n; k++) {
            int c = g->held[k];
            held |= CARD_BIT(c);
            held_plane[c] = 1;
            unseen[c] = 0;
        }
    shown->held = held;
    put_rows(v, planes, unseen, g, seat, &shown->slots[0]);
    int over = g->turn < 0;
    for (int j = 1; j < P; j++) {
        int o = seat + j < P ? seat + j : seat + j - P;
        /* a Fantasyland board stays hidden until the hand ends */
        if (over || !g->fl_cards[o])
            put_rows(v, planes + (size_t)(2 + 3 * j) * D, unseen, g, o, &shown->slots[j]);
    }
    int k = shown->discards, end = g->ndiscards[seat];
    if (k < end) {
        uint8_t *restrict discards = planes + 4 * D;
        const uint8_t *dropped = g->discards[seat];
        shown->discards = end;
        for (; k < end; k++) {
            int c = dropped[k];
            discards[c] = 1;
            unseen[c] = 0;
        }
    }
}

/* Whether some completion of a partial board with cards of the pool avoids a
 * foul (the engine's exact ofc_partial_can_avoid_foul): 1 (or, with jokers
 * of pool "unseen" / "not_on_board", not proven to foul in
 * OFC_ENV_FOUL_NODES nodes), 0, or
 * OFC_PARTIAL_STOPPED once v->stop is set.  With jokers, a completion of a
 * joker-free board with natural cards only is judged as without jokers, so
 * that search goes first: it finds nearly every clean completion at once;
 * only when it finds none are the jokers tried. */
static int avoids_foul(const ofc_vec *v, const uint8_t *board, const uint8_t *pool, int npool, uint64_t dead,
                       const ofc_joker_rules *jr)
{
    int got;
    if (!jr) {
        got = ofc_partial_can_avoid_foul_stop(board, pool, npool, 0, v->rules, NULL, -1, &v->stop);
        return got == OFC_PARTIAL_STOPPED ? got : got != 0;
    }
    int natural = 1, nnat = 0;
    for (int i = 0; i < OFC_BOARD_SIZE; i++) natural &= !OFC_IS_JOKER(board[i]);
    while (nnat < npool && pool[nnat] < OFC_DECK_SIZE) nnat++; /* the pool goes in code order */
    if (natural) {
        got = ofc_partial_can_avoid_foul_stop(board, pool, nnat, 0, v->rules, NULL, -1, &v->stop);
        if (got == 1 || got == OFC_PARTIAL_STOPPED) return got;
    }
    /* the pools that keep a joker off the cards of the board (and, unseen, the
     * other boards) make searches of seconds: there the search has a budget;
     * under "any" and "duplicates" it is exact */
    int64_t budget =
        jr->pool == OFC_POOL_UNSEEN || jr->pool == OFC_POOL_NOT_ON_BOARD ? OFC_ENV_FOUL_NODES : -1;
    got = ofc_partial_can_avoid_foul_stop(board, pool, npool, dead, v->rules, jr, budget, &v->stop);
    return got == OFC_PARTIAL_STOPPED ? got : got != 0;
}

/* Without the actions after which every completion fouls (put_mask); rec:
 * where to note them (the env's own arrays), or NULL. */
static void drop_fouls(const ofc_vec *v, const ofc_env *e, int seat, uint8_t *m, ofc_env_shown *shown,
                       ofc_env_dropped *rec);

/* n bytes (a mask row's span) from src: whole 16-byte blocks, the last one
 * overlapping, where n allows (build_masks makes spans at least 16 wide). */
static inline void copy16(uint8_t *dst, const uint8_t *src)
{
#if defined(__SSE2__)
    _mm_storeu_si128((__m128i *)(void *)dst, _mm_loadu_si128((const __m128i *)(const void *)src));
#else
    memcpy(dst, src, 16);
#endif
}

static inline void copy_span(uint8_t *restrict dst, const uint8_t *restrict src, int n)
{
    if (n < 16) {
        memcpy(dst, src, (size_t)n);
        return;
    }
    if (n > 32) { /* (a compiler may make this loop a call of memcpy) */
        for (int k = 16; k < n - 16; k += 16) copy16(dst + k, src + k);
    }
    copy16(dst, src);
    copy16(dst + n - 16, src + n - 16);
}

/* The mask of `seat`: the table row of its turn (none when it does not act
 * or sets Fantasyland), written over the span where it differs from the row
 * `shown` says is there; with foul_safe, without the actions after which
 * every completion fouls (unless that leaves none). */
static inline void put_mask(const ofc_vec *v, const ofc_env *e, int seat, uint8_t *restrict m, int A,
                            ofc_env_shown *shown)
{
    const ofc_game *g = &e->g;
    int acts = g->turn == seat && !g->fl_cards[seat];
    int row = acts ? OFC_ENV_MASK_ROW(g->street[seat] == 0, g->filled[seat]) : -1;
    int old = shown->mask;
    if (old == row) return;
    if (OFC_UNLIKELY(old == -2)) {
        memset(m, 0, (size_t)A);
        old = -1;
    }
    int lo = A, hi = 0;
    if (old >= 0) {
        lo = v->mask_span[old][0];
        hi = v->mask_span[old][1];
    }
    shown->mask = row;
    if (row >= 0) {
        int rlo = v->mask_span[row][0], rhi = v->mask_span[row][1];
        lo = rlo < lo ? rlo : lo;
        hi = rhi > hi ? rhi : hi;
        if (lo < hi) copy_span(m + lo, v->mask_rows + (size_t)row * (size_t)A + lo, hi - lo);
        if (OFC_UNLIKELY(v->spec.foul_safe))
            drop_fouls(v, e, seat, m, shown, shown == &e->shown ? &v->dropped[e - v->envs] : NULL);
    } else if (lo < hi) {
        memset(m + lo, 0, (size_t)(hi - lo));
    }
}

static void drop_fouls(const ofc_vec *v, const ofc_env *e, int seat, uint8_t *m, ofc_env_shown *shown,
                       ofc_env_dropped *rec)
{
    const ofc_game *g = &e->g;
    const ofc_env_space *sp = &v->space;
    int street0 = g->street[seat] == 0;
    int first = street0 ? 0 : sp->opening, last = street0 ? sp->opening : sp->actions, kept = 0;
    uint64_t seen = seen_by(g, seat);
    uint8_t pool[OFC_MAX_DECK];
    int npool = 0;
    for (int c = 0; c < v->spec.deck; c++)
        if (!(seen >> c & 1u)) pool[npool++] = (uint8_t)c;
    /* with jokers, joker_pool "unseen" excludes the other boards' cards, as the
     * result does (ofc_game_result): here those this seat sees */
    const ofc_joker_rules *jr = v->spec.jr.jokers ? &v->spec.jr : NULL;
    uint64_t dead = 0;
    if (jr)
        for (int o = 0; o < g->players; o++)
            for (int k = 0; o != seat && !g->fl_cards[o] && k < OFC_BOARD_SIZE; k++)
                if (g->board[o][k] < OFC_DECK_SIZE) dead |= CARD_BIT(g->board[o][k]);
    uint8_t drop[2 * OFC_ACTIONS];
    const uint8_t *f = g->filled[seat];
    for (int a = first; a < last; a++) {
        int idx = v->spec.compact ? a : sp->to_code[a];
        drop[a] = 0;
        if (!m[idx]) continue;
        if (OFC_UNLIKELY(v->stop)) return;
        uint8_t board[OFC_BOARD_SIZE], fill[3];
        unsigned code = (unsigned)sp->to_code[a];
        memcpy(board, g->board[seat], OFC_BOARD_SIZE);
        memcpy(fill, f, 3);
        for (int k = 0; k < g->nheld; k++) {
            unsigned d = (code >> (2 * k)) & 3u;
            if (d < 3) board[OFC_ROW_START(d) + fill[d]++] = g->held[k];
        }
        int got = avoids_foul(v, board, pool, npool, dead, jr);
        if (OFC_UNLIKELY(got == OFC_PARTIAL_STOPPED)) return; /* the caller ends the call (v->stop) */
        drop[a] = !got;
        kept += !drop[a];
    }
    if (rec) {
        memset(rec->bits, 0, sizeof rec->bits);
        rec->episode = e->episode;
        rec->nhist = e->nhist;
        rec->seat = seat;
    }
    if (!kept) return; /* every action fouls: the legal ones stay */
    for (int a = first; a < last; a++)
        if (drop[a]) {
            int idx = v->spec.compact ? a : sp->to_code[a];
            m[idx] = 0;
            if (rec) rec->bits[idx >> 6] |= (uint64_t)1 << (idx & 63);
        }
    shown->mask = -2; /* no longer a table row */
}

/* Observation and mask of env e for seat `seat` into row i of out, over what
 * `shown` says that row holds: the scalars that stay the same all hand only
 * when they are not written yet.  P: g->players, a constant in observe's calls. */
static OFC_ALWAYS_INLINE void observe_p(const ofc_vec *v, const ofc_env *e, int64_t i, int seat,
                                        const ofc_env_out *out, ofc_env_shown *shown, const int P)
{
    const ofc_game *g = &e->g;
    const ofc_env_spec *s = &v->spec;
    int K = out->planes, A = s->compact ? v->space.actions : OFC_ACTIONS;
    size_t D = (size_t)s->deck;
    put_cards(v, g, seat, out->cards + (size_t)i * (size_t)K * D, K, D, shown, P);

    int32_t *restrict x = out->scalars + i * out->nscalars;
    if (!shown->fixed) {
        shown->fixed = 1;
        x[0] = seat;
        x[1] = g->button;
        int after = seat - g->button - 1; /* 0: acts first */
        x[2] = after + (after < 0) * P;
        x[9] = g->fl_cards[seat];
        x[10] = e->hand;
        x[11] = s->match ? e->stacks[seat] : 0;
        for (int j = 1; j < P; j++) {
            int o = seat + j < P ? seat + j : seat + j - P;
            int32_t *y = x + 12 + 6 * (j - 1);
            y[4] = g->fl_cards[o];
            y[5] = s->match ? e->stacks[o] : 0;
        }
    }
    int turn = g->turn, street = g->street[seat];
    int acting = turn == seat;
    x[3] = street;
    x[4] = acting && !g->fl_cards[seat] ? (street == 0 ? g->first_round : g->round_play) : 0;
    x[5] = acting ? g->nheld : 0;
    x[6] = OFC_ROW_SIZE(0) - g->filled[seat][0];
    x[7] = OFC_ROW_SIZE(1) - g->filled[seat][1];
    x[8] = OFC_ROW_SIZE(2) - g->filled[seat][2];
    for (int j = 1; j < P; j++) {
        int o = seat + j < P ? seat + j : seat + j - P;
        int32_t *y = x + 12 + 6 * (j - 1);
        if (turn >= 0 && g->fl_cards[o]) { /* hidden until the hand ends */
            y[0] = 0;
            y[1] = OFC_ROW_SIZE(0);
            y[2] = OFC_ROW_SIZE(1);
            y[3] = OFC_ROW_SIZE(2);
        } else {
            y[0] = g->street[o];
            y[1] = OFC_ROW_SIZE(0) - g->filled[o][0];
            y[2] = OFC_ROW_SIZE(1) - g->filled[o][1];
            y[3] = OFC_ROW_SIZE(2) - g->filled[o][2];
        }
    }
    put_mask(v, e, seat, out->mask + i * A, A, shown);
    out->current[i] = seat;
}

static OFC_ALWAYS_INLINE void observe(const ofc_vec *v, const ofc_env *e, int64_t i, int seat,
                                      const ofc_env_out *out, ofc_env_shown *shown)
{
    switch (e->g.players) {
    case 2: observe_p(v, e, i, seat, out, shown, 2); break;
    case 3: observe_p(v, e, i, seat, out, shown, 3); break;
    default: observe_p(v, e, i, seat, out, shown, e->g.players); break;
    }
}

/* A fresh write (arrays other than the envs' own: the caller's opponent's, one seat's view). */
static void observe_afresh(const ofc_vec *v, const ofc_env *e, int64_t i, int seat, const ofc_env_out *out)
{
    ofc_env_shown none;
    memset(&none, 0, sizeof none);
    none.seat = -1;
    none.mask = -2;
    observe(v, e, i, seat, out, &none);
}

static void finish(const ofc_vec *v, ofc_env *e, int64_t i, int last, const ofc_env_out *out)
{
    const ofc_game *g = &e->g;
    int done = e->done, turn = done ? -1 : g->turn;
    int learner = turn >= 0 && learns(&v->spec, turn);
    /* the seat observed: the hero, or the learning seat to act, or the last one */
    int seat = v->spec.hero >= 0 ? v->spec.hero : learner ? turn : last < 0 ? 0 : last;
    int fl = learner && g->fl_cards[turn];
    observe(v, e, i, seat, out, &e->shown);
    v->decision[i] = (int16_t)(done       ? OFC_ENV_OVER
                               : !learner ? OFC_ENV_NO_DECISION
                               : fl       ? OFC_ENV_SETS_FL
                                          : OFC_ENV_MASK_ROW(g->street[turn] == 0, g->filled[turn]));
    if (out->terminated) out->terminated[i] = (uint8_t)done;
    if (out->fl_turn) out->fl_turn[i] = (uint8_t)fl;
    if (out->waiting) out->waiting[i] = (uint8_t)(turn >= 0 && !learner);
}

/* Env i's rewards and info zeroed for a new step: the result rows only where
 * a hand's result was written since (most steps end no hand). */
static inline void zero_row(const ofc_vec *v, ofc_env *e, int64_t i, const ofc_env_out *out)
{
    int P = v->spec.players;
    if (out->reward) {
        if (v->spec.hero >= 0)
            out->reward[i] = 0.0f;
        else
            for (int k = 0; k < P; k++) out->reward[i * P + k] = 0.0f;
    }
    if (out->hands) out->hands[i] = 0;
    if (!e->info_dirty) return;
    e->info_dirty = 0;
    for (int p = 0; p < P; p++) {
        if (out->fouled) out->fouled[i * P + p] = 0;
        if (out->fantasyland) out->fantasyland[i * P + p] = 0;
        if (out->royalties)
            for (int r = 0; r < 3; r++) out->royalties[(i * P + p) * 3 + r] = 0;
    }
}

int64_t ofc_vec_reset(ofc_vec *v, int64_t lo, int64_t hi, const uint8_t *which, const ofc_env_out *out)
{
    for (int64_t i = lo; i < hi; i++) {
        if (which && !which[i]) continue;
        ofc_env *e = &v->envs[i];
        e->shown.mask = -2; /* the arrays may hold anything (a new core over old arrays) */
        e->info_dirty = 1;
        zero_row(v, e, i, out);
        int err = begin_episode(v, e);
        if (!err) err = advance(v, e, i, out);
        if (err) return i;
        finish(v, e, i, v->spec.hero >= 0 ? v->spec.hero : 0, out);
        if (OFC_UNLIKELY(v->spec.foul_safe) && v->stop) return i; /* the caller sees v->stop */
    }
    return -1;
}

/* The error of action a >= 0 for env i (0: allowed), from the env's own
 * state: ofc_vec_check.  A learning seat's action is judged by what the last
 * step left the env deciding (v->decision: one small read an env, as the
 * mask's was); the caller's opponent's by the env's state itself. */
static int check_one(const ofc_vec *v, int64_t i, int64_t a, const uint8_t *acting, const uint8_t *boards)
{
    const ofc_env *e = &v->envs[i];
    int A = v->spec.compact ? v->space.actions : OFC_ACTIONS, row;
    if (!acting) {
        row = v->decision[i];
        if (OFC_UNLIKELY(row < 0)) {
            if (row == OFC_ENV_OVER) return v->spec.autoreset ? 0 : OFC_ENV_FINISHED;
            if (row == OFC_ENV_NO_DECISION) return OFC_ENV_ILLEGAL;
            if (!boards) return OFC_ENV_NO_BOARD; /* OFC_ENV_SETS_FL */
            ofc_game tmp = e->g;
            return ofc_game_set(&tmp, boards + i * OFC_BOARD_SIZE);
        }
    } else {
        const ofc_game *g = &e->g;
        int t = g->turn;
        /* a seat the caller plays for the opponent, to act in a normal turn */
        if (e->done || t < 0 || learns(&v->spec, t) || g->fl_cards[t]) return OFC_ENV_ILLEGAL;
        row = OFC_ENV_MASK_ROW(g->street[t] == 0, g->filled[t]);
    }
    if (!v->mask_rows[(size_t)row * (size_t)A + (size_t)a]) return OFC_ENV_ILLEGAL;
    if (acting) return acting[i * A + a] ? 0 : OFC_ENV_ILLEGAL;
    if (OFC_UNLIKELY(v->dropped != NULL)) {
        const ofc_env_dropped *d = &v->dropped[i];
        if (d->episode == e->episode && d->nhist == e->nhist && d->seat == e->g.turn
            && (d->bits[a >> 6] >> (a & 63) & 1u))
            return OFC_ENV_ILLEGAL;
    }
    return 0;
}

int ofc_vec_sets_fantasyland(const ofc_vec *v, int64_t i)
{
    return v->decision[i] == OFC_ENV_SETS_FL;
}

int ofc_vec_allowed(const ofc_vec *v, int64_t i, int64_t a, const uint8_t *acting)
{
    int A = v->spec.compact ? v->space.actions : OFC_ACTIONS;
    if (a < 0 || a >= A || (!acting && v->decision[i] < 0)) return 0;
    return check_one(v, i, a, acting, NULL) == 0;
}

int64_t ofc_vec_check(const ofc_vec *v, int64_t lo, int64_t hi, const int64_t *actions, const uint8_t *acting,
                      const uint8_t *boards, int *err)
{
    int A = v->spec.compact ? v->space.actions : OFC_ACTIONS;
    for (int64_t i = lo; i < hi; i++) {
        int64_t a = actions[i];
        if (OFC_UNLIKELY((uint64_t)(a + 1) > (uint64_t)A)) { /* a < -1 or a >= A */
            *err = OFC_ENV_RANGE;
            return i;
        }
        if (a < 0) continue;
        if (!acting) { /* the common case at once: a legal action of a normal turn */
            int row = v->decision[i];
            if (OFC_LIKELY(row >= 0) && v->mask_rows[(size_t)row * (size_t)A + (size_t)a] && !v->dropped)
                continue;
        }
        int r = check_one(v, i, a, acting, boards);
        if (OFC_UNLIKELY(r)) {
            *err = r;
            return i;
        }
    }
    return -1;
}

int64_t ofc_vec_step(ofc_vec *v, int64_t lo, int64_t hi, const int64_t *actions, const uint8_t *boards,
                     int begin, const ofc_env_out *out, int *err)
{
    for (int64_t i = lo; i < hi; i++) {
        ofc_env *e = &v->envs[i];
        ofc_game *g = &e->g;
        int64_t a = actions[i];
        int last = g->turn, r = 0;
        if (begin) zero_row(v, e, i, out);
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
            r = boards ? ofc_game_set(g, boards + i * OFC_BOARD_SIZE) : OFC_ENV_NO_BOARD;
            if (!r) r = record(e, OFC_ENV_BOARD, last, 0, g->board[last]);
        } else {
            /* legal: ofc_vec_check found it in the mask, the engine's legal codes */
            unsigned code = v->spec.compact ? (unsigned)v->space.to_code[a] : (unsigned)a;
            ofc_game_apply_legal(g, code);
            r = record(e, OFC_ENV_CODE, last, code, NULL);
        }
        if (!r) r = advance(v, e, i, out);
        if (r) {
            *err = r;
            return i;
        }
        finish(v, e, i, last, out);
        if (OFC_UNLIKELY(v->spec.foul_safe) && v->stop) {
            *err = OFC_ENV_STOPPED;
            return i;
        }
    }
    return -1;
}

int64_t ofc_vec_observe_acting(const ofc_vec *v, int64_t lo, int64_t hi, const ofc_env_out *out)
{
    for (int64_t i = lo; i < hi; i++) {
        const ofc_env *e = &v->envs[i];
        int seat = e->g.turn >= 0 && !e->done ? e->g.turn : 0;
        observe_afresh(v, e, i, seat, out);
        if (OFC_UNLIKELY(v->spec.foul_safe) && v->stop) return i;
    }
    return -1;
}

void ofc_vec_observe_seat(const ofc_vec *v, int64_t i, int seat, const ofc_env_out *out, int64_t row)
{
    observe_afresh(v, &v->envs[i], row, seat, out);
}

/* ---- a random legal action per env ---------------------------------------- */

/* The ones among 8 mask bytes of 0 or 1: their sum, in the top byte of one product. */
static inline int ones8(uint64_t w)
{
    return (int)((w * 0x0101010101010101ull) >> 56);
}

void ofc_env_sample(const uint8_t *mask, int A, int64_t lo, int64_t hi, uint64_t seed, int64_t *actions)
{
    int words = A >> 3;
    for (int64_t i = lo; i < hi; i++) {
        const uint8_t *m = mask + (size_t)i * (size_t)A;
        int ones = 0;
        for (int w = 0; w < words; w++) {
            uint64_t x;
            memcpy(&x, m + 8 * w, 8);
            ones += ones8(x);
        }
        for (int k = 8 * words; k < A; k++) ones += m[k];
        if (!ones) {
            actions[i] = -1;
            continue;
        }
        ofc_rng r;
        ofc_rng_init(&r, seed, (uint64_t)i);
        int k = (int)ofc_rng_below(&r, (uint32_t)ones), a = 0;
        /* the k-th allowed action: whole words first, then bytes */
        for (; a + 8 <= A; a += 8) {
            uint64_t x;
            memcpy(&x, m + a, 8);
            int c = ones8(x);
            if (k < c) break;
            k -= c;
        }
        for (;; a++)
            if (m[a] && k-- == 0) break;
        actions[i] = a;
    }
}
