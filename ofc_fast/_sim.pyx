# (the Cython directives are set once, in setup.py: OFC_FAST_DEBUG=1 turns on bounds checks)
"""Bindings of the sim layer of the C core (csrc/ofc_sim.h): self-play
(csrc/sim/ofc_selfplay.c) and Monte Carlo completions of partial boards
(csrc/sim/ofc_rollout.c).  The Python API is ofc_fast.sim.selfplay and
ofc_fast.sim.rollout.

Each works on hands or completions [start, stop) without the GIL, for
ofc_fast._workers to split over threads.
"""
import numpy as np
cimport numpy as cnp
from ofc_fast._core cimport OFC_DECK_SIZE, OFC_BOARD_SIZE, OFC_MAX_SEATS
from ofc_fast._play cimport (OFC_ACTIONS, OFC_MAX_LEGAL, ofc_policies, ofc_policy_count, ofc_policy_play, ofc_game_legal,
                             ofc_game_apply, held_of, boards_of, discards_of, set_board_of)

cnp.import_array()
# the C declarations: _sim.pxd (the sim layer), _play.pxd, _core.pxd

#: per seat, buckets of the Fantasyland cards a hand earns (0: none), and what each keeps
FL_BUCKETS = OFC_FL_BUCKETS
FL_SPLIT = OFC_FL_SPLIT


def fl_split(int players):
    """A zeroed by-Fantasyland table: (players, FL_BUCKETS, FL_SPLIT) int64 (hands, sum of
    net points, least and greatest net points)."""
    return np.zeros((players, OFC_FL_BUCKETS, OFC_FL_SPLIT), dtype=np.int64)


cdef int64_t *_split_ptr(object by_fl, int players) except? NULL:
    cdef int64_t[:, :, ::1] b
    if by_fl is None:
        return NULL
    b = by_fl
    if b.shape[0] < players or b.shape[1] != OFC_FL_BUCKETS or b.shape[2] != OFC_FL_SPLIT:
        raise ValueError("by_fl: a table of the wrong shape (fl_split makes one)")
    return &b[0, 0, 0]

cdef _check_params(int policy, const double[::1] params):
    """The C policy reads its registry's count of parameters: refuse another count."""
    if not 0 <= policy < ofc_policy_count or params.shape[0] != ofc_policies[policy].nparams:
        raise ValueError("the policy takes a different number of parameters")


def selfplay_totals(RuleTables rules not None, int players, int first_round, int rounds, int round_cards,
                    int round_play, int policy, uint64_t seed, int64_t[:, ::1] sums,
                    int64_t[:, ::1] points_hist, int64_t[:, ::1] royalty_hist, int64_t index0,
                    Py_ssize_t n, by_fl=None, const double[::1] params=None):
    """Self-play of hands index0 .. index0+n-1, added to the totals: sums (players, 5),
    points_hist (players, 2R+1) over net points -R..R, royalty_hist (players, RR+1).
    by_fl: None, or a table of fl_split(players) added to.
    params: the policy's parameters (None: its defaults).  The deck holds the jokers of
    the rules (rules.jr).
    Returns 0, or the C status code (an error of the engine or the policies)."""
    cdef ofc_selfplay_totals t
    cdef int err = 0
    cdef const double *pp = NULL
    if sums.shape[0] < players or sums.shape[1] != 5 or points_hist.shape[0] < players \
            or points_hist.shape[1] % 2 != 1 or royalty_hist.shape[0] < players or royalty_hist.shape[1] < 1:
        raise ValueError("selfplay_totals: outputs of the wrong shape")
    t.sums = &sums[0, 0]
    t.points_hist = &points_hist[0, 0]
    t.royalty_hist = &royalty_hist[0, 0]
    t.points_range = <int>(points_hist.shape[1] // 2)
    t.royalty_range = <int>(royalty_hist.shape[1] - 1)
    t.by_fantasyland = _split_ptr(by_fl, players)
    if params is not None:
        _check_params(policy, params)
        pp = &params[0]
    if n > 0:
        with nogil:
            err = ofc_selfplay_jokers_batch(&rules.c, &rules.jr, players, first_round, rounds,
                                            round_cards, round_play, policy, pp, seed, index0, n, NULL,
                                            NULL, NULL, NULL, &t)
    return err


def rollout_sums(RuleTables rules not None, int players, int first_round, int rounds, int round_cards,
                 int round_play, int policy, const uint8_t[::1] boards, const uint8_t[::1] pool,
                 uint64_t seed, Py_ssize_t start, Py_ssize_t stop, fl_cards=None, fixed=None,
                 by_fl=None, const double[::1] params=None):
    """Sums over completions [start, stop): (players, 5) int64 (net, net**2, fouls,
    Fantasyland entries, royalties), or the C status code.  fl_cards: a card count per
    seat in Fantasyland (0: not), or None.  fixed: None, or a card (255: drawn) for each
    card the turns left deal.  by_fl: None, or a table of fl_split(players) added to.
    params: the policy's parameters (None: its defaults).  The boards, pool and fixed
    cards may hold the jokers of the rules (rules.jr)."""
    sums = np.zeros((players, 5), dtype=np.int64)
    cdef int64_t[:, ::1] s = sums
    cdef int err = 0
    cdef int npool = <int>pool.shape[0]
    cdef int fl[OFC_MAX_SEATS]
    cdef int *flp = NULL
    cdef const uint8_t[::1] fx
    cdef const uint8_t *fxp = NULL
    cdef int64_t *byp = _split_ptr(by_fl, players)
    if fixed is not None:
        fx = fixed
        if fx.shape[0] > 0:
            fxp = &fx[0]
    cdef const double *pp = NULL
    if players < 1 or players > OFC_MAX_SEATS or boards.shape[0] != OFC_BOARD_SIZE * players \
            or npool > OFC_DECK_SIZE + rules.jr.jokers:
        raise ValueError("rollout_sums: boards are 13 bytes a player (1..4), the pool at most the deck")
    if fl_cards is not None:
        for p in range(OFC_MAX_SEATS):
            fl[p] = int(fl_cards[p]) if p < players else 0
        flp = fl
    if params is not None:
        _check_params(policy, params)
        pp = &params[0]
    if stop > start:
        with nogil:
            err = ofc_rollout_jokers_batch(&rules.c, &rules.jr, players, first_round, rounds,
                                           round_cards, round_play, policy, pp, &boards[0], flp, &pool[0],
                                           npool, seed, start, stop - start, &s[0, 0], fxp, byp)
    return err if err else sums


def next_turns(int players, int first_round, int rounds, int round_cards, int round_play,
               const uint8_t[::1] boards, fl_cards=None):
    """The cards the turns left deal, and per seat where its next turn starts among them
    (-1: it has none) and how many cards it is dealt: (need, offsets, counts), or the C
    error code."""
    cdef int fl[OFC_MAX_SEATS]
    cdef int *flp = NULL
    cdef int off[OFC_MAX_SEATS]
    cdef int cnt[OFC_MAX_SEATS]
    if players < 1 or players > OFC_MAX_SEATS or boards.shape[0] != OFC_BOARD_SIZE * players:
        raise ValueError("next_turns: boards are 13 bytes a player (1..4)")
    if fl_cards is not None:
        for p in range(OFC_MAX_SEATS):
            fl[p] = int(fl_cards[p]) if p < players else 0
        flp = fl
    err = ofc_rollout_next_turns(players, first_round, rounds, round_cards, round_play, &boards[0],
                                 flp, off, cnt)
    if err < 0:
        return err
    return err, [off[p] for p in range(players)], [cnt[p] for p in range(players)]


cdef class Completions:
    """The completions of one position, dealt as ofc_rollout_batch deals them, for a
    policy that plays its turns from Python: begin(index) deals completion index, the
    caller plays every turn (apply, set_board, or play_builtin for the action a built-in
    policy would take from the completion's policy stream), and add() adds the result."""
    cdef ofc_rollout_setup s
    cdef ofc_game g
    cdef ofc_rng rng
    cdef RuleTables rules
    cdef object _keep
    cdef readonly int status
    cdef readonly int players

    def __init__(self, RuleTables rules not None, int players, int first_round, int rounds, int round_cards,
                 int round_play, const uint8_t[::1] boards, const uint8_t[::1] pool, fl_cards=None,
                 fixed=None):
        cdef int fl[OFC_MAX_SEATS]
        cdef int *flp = NULL
        cdef const uint8_t[::1] fx
        cdef const uint8_t *fxp = NULL
        if players < 1 or players > OFC_MAX_SEATS or boards.shape[0] != OFC_BOARD_SIZE * players \
                or pool.shape[0] > OFC_DECK_SIZE + rules.jr.jokers:
            raise ValueError("Completions: boards are 13 bytes a player (1..4), the pool at most the deck")
        self.rules = rules
        self.players = players
        if fl_cards is not None:
            for p in range(OFC_MAX_SEATS):
                fl[p] = int(fl_cards[p]) if p < players else 0
            flp = fl
        if fixed is not None:
            self._keep = np.ascontiguousarray(fixed, dtype=np.uint8)   # prepare keeps a pointer
            fx = self._keep
            if fx.shape[0] > 0:
                fxp = &fx[0]
        self.status = ofc_rollout_prepare(&self.s, players, first_round, rounds, round_cards,
                                          round_play, &boards[0], flp,
                                          &pool[0] if pool.shape[0] else NULL,
                                          <int>pool.shape[0], fxp)
        self.s.start.jr = rules.jr   # the result and the policies resolve the jokers
        self.g = self.s.start

    def begin(self, uint64_t seed, uint64_t index):
        ofc_rollout_begin(&self.s, &self.g, seed, index, &self.rng)

    @property
    def turn(self):
        return self.g.turn

    @property
    def held(self):
        return held_of(&self.g)

    @property
    def boards(self):
        return boards_of(&self.g)

    def fantasyland(self, int seat):
        return self.g.fl_cards[seat]

    def street(self, int seat):
        return self.g.street[seat]

    def discards(self, int seat):
        return discards_of(&self.g, seat)

    def legal(self):
        """The legal-code mask of a normal turn (OFC_ACTIONS bytes)."""
        mask = np.zeros(OFC_ACTIONS, dtype=np.uint8)
        cdef uint8_t[::1] m = mask
        ofc_game_legal(&self.g, &m[0])
        return mask

    def apply(self, unsigned code):
        return ofc_game_apply(&self.g, code)

    def set_board(self, const uint8_t[::1] board):
        return set_board_of(&self.g, board)

    def play_builtin(self, int policy, const double[::1] params=None):
        """The action built-in policy number `policy` takes here (with `params`, or its
        defaults for None), drawing from this completion's policy stream as the C kernel
        does (the game is left as it is): a code for a normal turn, the 13 cards of the
        board for a Fantasyland turn; or the C error code as (err,)."""
        cdef ofc_game h = self.g
        cdef int seat = h.turn
        cdef const double *p = &params[0] if params is not None and params.shape[0] else NULL
        cdef int err = ofc_policy_play(&h, policy, &self.rules.c, p, &self.rng)
        if err:
            return (err,)
        board = np.array([h.board[seat][i] for i in range(OFC_BOARD_SIZE)], dtype=np.uint8)
        if self.g.fl_cards[seat]:
            return board
        code = 0
        for i in range(self.g.nheld):
            c = self.g.held[i]
            dest = 3
            for j in range(OFC_BOARD_SIZE):
                if board[j] == c and self.g.board[seat][j] != c:
                    dest = 0 if j < 3 else 1 if j < 8 else 2
            code |= dest << (2 * i)
        return code

    def add(self, int64_t[:, ::1] sums, by_fl=None):
        """Add the finished completion to sums (players, 5) and by_fl."""
        if sums.shape[0] < self.players or sums.shape[1] != 5:
            raise ValueError("add: sums of the wrong shape")
        ofc_rollout_add(&self.g, &self.rules.c, &sums[0, 0], _split_ptr(by_fl, self.players))


cdef class Search:
    """The search of one decision (csrc/sim/ofc_search.c): player 0 of `boards` holding
    `held`, its legal placements completed with common random numbers (option k's
    completion i is rollout_sums' completion i of `seed` for that option's boards).
    status: 0, or the C status code of ofc_search_new (nothing else works then).
    extend(options, lo, hi, n) and exact(options, lo, hi) work on options[lo:hi] without
    the GIL (threads may run them on disjoint options); stop(1) ends them soon."""
    cdef ofc_search *s
    cdef RuleTables rules
    cdef readonly int status
    cdef readonly int players
    cdef readonly int options

    def __init__(self, RuleTables rules not None, int players, int first_round, int rounds,
                 int round_cards, int round_play, int policy, const uint8_t[::1] boards,
                 const uint8_t[::1] held, const uint8_t[::1] pool, uint64_t seed, fl_cards=None,
                 fixed=None, const double[::1] params=None):
        cdef int fl[OFC_MAX_SEATS]
        cdef int *flp = NULL
        cdef const uint8_t[::1] fx
        cdef const uint8_t *fxp = NULL
        cdef const double *pp = NULL
        if players < 1 or players > OFC_MAX_SEATS or boards.shape[0] != OFC_BOARD_SIZE * players \
                or pool.shape[0] > OFC_DECK_SIZE + rules.jr.jokers or held.shape[0] < 1:
            raise ValueError("Search: boards are 13 bytes a player (1..4), the pool at most the deck, "
                             "some cards held")
        self.rules = rules
        self.players = players
        if fl_cards is not None:
            for p in range(OFC_MAX_SEATS):
                fl[p] = int(fl_cards[p]) if p < players else 0
            flp = fl
        if fixed is not None:
            fx = fixed
            if fx.shape[0] > 0:
                fxp = &fx[0]
        if params is not None:
            _check_params(policy, params)
            pp = &params[0]
        self.status = ofc_search_new(&self.s, &rules.c, &rules.jr, players, first_round, rounds,
                                     round_cards, round_play, policy, pp, &boards[0], &held[0],
                                     <int>held.shape[0], flp, &pool[0] if pool.shape[0] else NULL,
                                     <int>pool.shape[0], fxp, seed)
        self.options = ofc_search_options(self.s) if self.s != NULL else 0

    def __dealloc__(self):
        ofc_search_free(self.s)

    cdef _check(self):
        if self.s == NULL:
            raise ValueError(f"Search: not made (status {self.status})")

    def codes(self):
        """The options' action codes (code order)."""
        self._check()
        return [ofc_search_code(self.s, i) for i in range(self.options)]

    def boards(self):
        """(options, 13) player 0's board after each option."""
        self._check()
        out = np.zeros((self.options, OFC_BOARD_SIZE), dtype=np.uint8)
        cdef uint8_t[:, ::1] o = out
        cdef const uint8_t *b
        for i in range(self.options):
            b = ofc_search_boards(self.s, i)
            for j in range(OFC_BOARD_SIZE):
                o[i, j] = b[j]
        return out

    def ranking(self):
        """The options in the heuristic policy's static order, best first."""
        self._check()
        return [ofc_search_rank(self.s, i) for i in range(self.options)]

    def sums(self, int option):
        """(option's sums (players, 5) int64, its by-Fantasyland table (fl_split), its
        completions)."""
        self._check()
        if not 0 <= option < self.options:
            raise ValueError(f"sums: no option {option}")
        cdef int64_t n = 0
        cdef const int64_t *p = ofc_search_sums(self.s, option, &n)
        cdef const int64_t *q = ofc_search_split(self.s, option)
        out = np.zeros((self.players, 5), dtype=np.int64)
        split = fl_split(self.players)
        cdef int64_t[:, ::1] o = out
        cdef int64_t[:, :, ::1] b = split
        for i in range(self.players):
            for j in range(5):
                o[i, j] = p[5 * i + j]
            for j in range(OFC_FL_BUCKETS):
                for m in range(OFC_FL_SPLIT):
                    b[i, j, m] = q[(i * OFC_FL_BUCKETS + j) * OFC_FL_SPLIT + m]
        return out, split, n

    def value(self, value):
        """Points credited to player 0 per Fantasyland card count (a sequence of
        FL_BUCKETS floats) in the means halving compares; None: none."""
        self._check()
        cdef double v[OFC_FL_BUCKETS]
        if value is None:
            ofc_search_value(self.s, NULL)
            return
        for c in range(OFC_FL_BUCKETS):
            v[c] = float(value[c])
        ofc_search_value(self.s, v)

    def deals(self):
        """Ways the unseen cards can fall when the move completes player 0's board, else -1."""
        self._check()
        return ofc_search_deals(self.s)

    def stop(self, int on):
        self._check()
        ofc_search_stop(self.s, on)

    def extend(self, const int[::1] which, Py_ssize_t lo, Py_ssize_t hi, int64_t n):
        """Options which[lo:hi] completed up to n each: 0 or the first C status code."""
        self._check()
        cdef int err = 0
        cdef Py_ssize_t i
        if lo < 0 or hi > which.shape[0]:
            raise ValueError("extend: a range outside which")
        for i in range(lo, hi):
            if not 0 <= which[i] < self.options:
                raise ValueError(f"extend: no option {which[i]}")
        with nogil:
            for i in range(lo, hi):
                err = ofc_search_extend(self.s, which[i], n)
                if err:
                    break
        return err

    def exact(self, const int[::1] which, Py_ssize_t lo, Py_ssize_t hi):
        """Options which[lo:hi] summed over every deal (ofc_search_exact): 0 or a C status code."""
        self._check()
        cdef int err = 0
        cdef Py_ssize_t i
        if lo < 0 or hi > which.shape[0]:
            raise ValueError("exact: a range outside which")
        for i in range(lo, hi):
            if not 0 <= which[i] < self.options:
                raise ValueError(f"exact: no option {which[i]}")
        with nogil:
            for i in range(lo, hi):
                err = ofc_search_exact(self.s, which[i])
                if err:
                    break
        return err

    def halving(self, int64_t budget, int first, int shortlist):
        """Start successive halving (ofc_search_halving)."""
        self._check()
        ofc_search_halving(self.s, budget, first, shortlist)

    def next_round(self):
        """(the options of the next round (int32 array), the completions each is to reach),
        or None once done."""
        self._check()
        which = np.zeros(OFC_MAX_LEGAL, dtype=np.int32)
        cdef int[::1] w = which
        cdef int count = 0
        cdef int64_t target = ofc_search_next_round(self.s, &w[0], &count)
        if target == 0:
            return None
        return which[:count].copy(), target
