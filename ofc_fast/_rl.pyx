# (the Cython directives are set once, in setup.py: OFC_FAST_DEBUG=1 turns on bounds checks)
"""Bindings of the rl layer of the C core (csrc/ofc_rl.h): batched environments
(csrc/rl/ofc_vecenv.c).  The Python API is ofc_fast.rl.

Each kernel works on envs [lo, hi) without the GIL, for ofc_fast._workers to
split over threads; the arrays the envs write are numpy arrays that the
Python VecEnv owns and hands out.
"""
import numpy as np
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport uint8_t, int16_t, uint64_t, int32_t, int64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memset, memcpy
# the C declarations: _rl.pxd (the rl layer), _play.pxd, _core.pxd


def sizes(int players):
    """(card planes, scalars) of an observation for `players` seats."""
    return ofc_env_planes(players), ofc_env_scalars(players)


def action_space(int first_round, int rounds, int round_cards, int round_play):
    """The compact action space of a dealing: (to_code (A,) int16, to_compact (2, 1024)
    int16 (row 0: street 0, row 1: later streets; -1 where none), opening, counts (A, 3))."""
    cdef ofc_env_spec spec
    cdef ofc_env_space sp
    memset(&spec, 0, sizeof(spec))
    spec.first_round, spec.rounds, spec.round_cards, spec.round_play = first_round, rounds, round_cards, round_play
    if ofc_env_space_build(&spec, &sp):
        raise ValueError("action_space: dealing the engine cannot play")
    to_code = np.array([sp.to_code[a] for a in range(sp.actions)], dtype=np.int16)
    to_compact = np.array([[sp.to_compact[k][c] for c in range(OFC_ACTIONS)] for k in range(2)],
                          dtype=np.int16)
    counts = np.array([[sp.count[a][r] for r in range(OFC_ROWS)] for a in range(sp.actions)], dtype=np.uint8)
    return to_code, to_compact, sp.opening, counts


def sample(const uint8_t[:, ::1] mask, uint64_t seed, int64_t[::1] out):
    """A uniformly drawn allowed action per row of mask ((N, A) of 0/1) into out (N,), from
    streams (seed, row); -1 where a row allows none.  Blocks of rows without the GIL
    (Ctrl-C lands between them)."""
    cdef int64_t n = mask.shape[0], lo = 0, hi
    cdef int A = <int>mask.shape[1]
    if out.shape[0] != n:
        raise ValueError(f"sample: {out.shape[0]} actions for {n} rows")
    if A > 2 * OFC_ACTIONS:
        raise ValueError(f"sample: at most {2 * OFC_ACTIONS} actions, got {A}")
    if n == 0:
        return
    if A == 0:
        out[:] = -1
        return
    while lo < n:
        hi = lo + 65536 if lo + 65536 < n else n
        with nogil:
            ofc_env_sample(&mask[0, 0], A, lo, hi, seed, &out[0])
        lo = hi
        if lo < n:
            PyErr_CheckSignals()


cdef void _wire(ofc_env_out *o, dict a):
    cdef uint8_t[:, :, ::1] cards = a["cards"]
    cdef int32_t[:, ::1] scalars = a["scalars"]
    cdef uint8_t[:, ::1] mask = a["mask"]
    cdef int32_t[::1] current = a["current"]
    o.cards = &cards[0, 0, 0]
    o.scalars = &scalars[0, 0]
    o.mask = &mask[0, 0]
    o.current = &current[0]
    o.planes = <int>cards.shape[1]
    o.nscalars = <int>scalars.shape[1]
    o.actions = <int>mask.shape[1]
    cdef float[:, ::1] reward
    cdef uint8_t[::1] u1
    cdef int32_t[::1] i1
    cdef uint8_t[:, ::1] u2
    cdef int32_t[:, ::1] i2
    cdef int32_t[:, :, ::1] i3
    if "reward" in a:
        reward = a["reward"]
        o.reward = &reward[0, 0]
    if "terminated" in a:
        u1 = a["terminated"]
        o.terminated = &u1[0]
    if "fl_turn" in a:
        u1 = a["fl_turn"]
        o.fl_turn = &u1[0]
    if "waiting" in a:
        u1 = a["waiting"]
        o.waiting = &u1[0]
    if "hands" in a:
        i1 = a["hands"]
        o.hands = &i1[0]
    if "fouled" in a:
        u2 = a["fouled"]
        o.fouled = &u2[0, 0]
    if "fantasyland" in a:
        i2 = a["fantasyland"]
        o.fantasyland = &i2[0, 0]
    if "royalties" in a:
        i3 = a["royalties"]
        o.royalties = &i3[0, 0, 0]


cdef class VecCore:
    """num_envs envs in C (struct ofc_vec) and the arrays they write: `arrays` for the
    learning seats' view, `acting` (or None) for the view of a seat the caller plays.

    The actions (and Fantasyland boards) of a step are copied into buffers of
    this object first (stage), with the GIL held, and checked and played from
    there: what another thread writes into the caller's arrays meanwhile
    cannot reach a step.  The check judges them by the envs' own state (the
    legal table of each turn, the foul-safe mask's record), never by the
    arrays handed out."""
    cdef ofc_vec v
    cdef ofc_env_out out, acting
    cdef RuleTables rules
    cdef object _keep
    cdef int has_acting
    cdef int64_t *acts      # the staged actions (n)
    cdef uint8_t *boards    # the staged Fantasyland boards (n, 13), when has_boards
    cdef int has_boards

    def __cinit__(self):
        memset(&self.v, 0, sizeof(self.v))
        memset(&self.out, 0, sizeof(self.out))
        memset(&self.acting, 0, sizeof(self.acting))
        self.acts = NULL
        self.boards = NULL
        self.has_boards = 0

    def __reduce__(self):
        raise TypeError("VecCore cannot be pickled: its envs live in C memory")

    def __init__(self, RuleTables rules not None, dict spec, int64_t n, dict arrays, acting):
        cdef ofc_env_spec s
        memset(&s, 0, sizeof(s))
        s.players = spec["players"]
        s.first_round = spec["first_round"]
        s.rounds = spec["rounds"]
        s.round_cards = spec["round_cards"]
        s.round_play = spec["round_play"]
        s.hero = spec["hero"]
        s.opponent = spec["opponent"]
        params = spec.get("opponent_params")
        if params is not None:
            if len(params) > OFC_POLICY_MAX_PARAMS:
                raise ValueError(f"VecEnv: an opponent takes at most {OFC_POLICY_MAX_PARAMS} parameters")
            s.opponent_nparams = len(params)
            for k in range(len(params)):
                s.opponent_params[k] = params[k]
        s.fl_agent = spec["fl_agent"]
        s.match = spec["match"]
        s.match_points = spec["match_points"]
        s.fl_keeps_button = spec["fl_keeps_button"]
        s.foul_safe = spec["foul_safe"]
        s.compact = spec["compact"]
        s.autoreset = spec["autoreset"]
        s.deck = spec["deck"]
        s.jr = rules.jr
        s.fl_start = spec["fl_start"]
        s.fl_start_cards = spec["fl_start_cards"]
        s.seed = spec["seed"]
        self.rules = rules
        err = ofc_vec_init(&self.v, &s, &rules.c, n)
        if err == OFC_NO_MEMORY:
            raise MemoryError(f"VecEnv: no memory for {n} envs")
        if err:
            raise ValueError("VecEnv: dealing the engine cannot play")
        self.acts = <int64_t *>malloc(n * sizeof(int64_t))
        self.boards = <uint8_t *>malloc(n * 13)
        if self.acts == NULL or self.boards == NULL:
            raise MemoryError(f"VecEnv: no memory for {n} envs")
        _wire(&self.out, arrays)
        self.has_acting = acting is not None
        if acting is not None:
            _wire(&self.acting, acting)
        self._keep = (arrays, acting)

    def __dealloc__(self):
        ofc_vec_free(&self.v)
        free(self.acts)
        free(self.boards)

    # --- Ctrl-C: a flag the C loops poll (the foul-safe searches too) ---------------
    def request_stop(self):
        """Ask the calls running on these envs (in any thread) to end soon."""
        self.v.stop = 1

    def clear_stop(self):
        self.v.stop = 0

    @property
    def stopped(self):
        return self.v.stop != 0

    # --- the staged actions ---------------------------------------------------------
    def stage(self, const int64_t[::1] actions, const uint8_t[:, ::1] boards=None):
        """Copy a step's actions (and boards, or none) into this object's buffers: what
        check_rows, check_error and step_rows read."""
        self._stage(actions, boards)

    cdef int _stage(self, const int64_t[::1] actions, const uint8_t[:, ::1] boards) except -1:
        cdef int64_t n = self.v.n
        if actions.shape[0] != n:
            raise ValueError(f"step: {actions.shape[0]} actions for {n} envs")
        if boards is not None and (boards.shape[0] != n or boards.shape[1] != 13):
            raise ValueError(f"step: {boards.shape[0]} boards for {n} envs")
        memcpy(self.acts, &actions[0], n * sizeof(int64_t))
        self.has_boards = boards is not None
        if self.has_boards:
            memcpy(self.boards, &boards[0, 0], n * 13)
        return 0

    def action(self, int64_t i):
        """The staged action of env i."""
        return self.acts[i]

    @property
    def actions(self):
        return self.v.space.actions

    def reset_rows(self, int64_t lo, int64_t hi, const uint8_t[::1] which=None):
        """Start new episodes in envs [lo, hi) (only where which is set, when given): -1 or
        the first env where the engine failed."""
        cdef const uint8_t *w = &which[0] if which is not None else NULL
        cdef int64_t bad
        with nogil:
            bad = ofc_vec_reset(&self.v, lo, hi, w, &self.out)
        return bad

    def step(self, const int64_t[::1] actions, const uint8_t[:, ::1] boards, int64_t chunk):
        """Stage the actions (and boards), check every env's action, then play them all,
        `chunk` envs a call without the GIL (Ctrl-C lands between calls): (-1, 0), or
        (env, error) where an action was refused (nothing moved), or (env, 0) where the
        engine refused a move."""
        cdef int err = 0
        cdef int64_t bad, lo, hi, n = self.v.n
        self._stage(actions, boards)
        cdef const uint8_t *b = self.boards if self.has_boards else NULL
        with nogil:
            bad = ofc_vec_check(&self.v, 0, n, self.acts, NULL, b, &err)
        if bad >= 0:
            return bad, err
        lo = 0
        while lo < n:
            hi = lo + chunk if lo + chunk < n else n
            with nogil:
                bad = ofc_vec_step(&self.v, lo, hi, self.acts, b, 1, &self.out, &err)
            if bad >= 0:
                return bad, 0
            lo = hi
            if lo < n:
                PyErr_CheckSignals()
        return -1, 0

    cdef const uint8_t *_acting_mask(self, bint acting) except? NULL:
        if not acting:
            return NULL
        if not self.has_acting:
            raise ValueError("no arrays for the acting seat")
        return self.acting.mask

    def check_rows(self, int64_t lo, int64_t hi, bint acting):
        """The first env in [lo, hi) whose staged action is refused, or -1 (acting: the
        actions are for the seats the caller plays for the opponent)."""
        cdef int err = 0
        cdef int64_t bad
        cdef const uint8_t *m = self._acting_mask(acting)
        cdef const uint8_t *b = self.boards if self.has_boards else NULL
        if not 0 <= lo <= hi <= self.v.n:
            raise ValueError("check_rows: rows out of range")
        with nogil:
            bad = ofc_vec_check(&self.v, lo, hi, self.acts, m, b, &err)
        return bad

    def setting(self):
        """(n,) bool: the envs whose learning seat sets a Fantasyland hand now (their own state)."""
        cdef int64_t i
        out = np.zeros(self.v.n, dtype=np.bool_)
        cdef uint8_t[::1] o = out.view(np.uint8)
        for i in range(self.v.n):
            o[i] = <uint8_t>ofc_vec_sets_fantasyland(&self.v, i)
        return out

    def allowed(self, int64_t i, bint acting):
        """The actions the check allows env i now (a normal turn), as the envs' own state says."""
        cdef const uint8_t *m = self._acting_mask(acting)
        cdef int a, A = self.v.space.actions if self.v.spec.compact else 1024
        if not 0 <= i < self.v.n:
            raise ValueError("allowed: env out of range")
        return np.array([a for a in range(A) if ofc_vec_allowed(&self.v, i, a, m)], dtype=np.int64)

    def check_error(self, int64_t i, bint acting):
        """The error code of env i's staged action (0: allowed)."""
        cdef int err = 0
        cdef const uint8_t *m = self._acting_mask(acting)
        cdef const uint8_t *b = self.boards if self.has_boards else NULL
        if not 0 <= i < self.v.n:
            raise ValueError("check_error: env out of range")
        ofc_vec_check(&self.v, i, i + 1, self.acts, m, b, &err)
        return err

    def step_rows(self, int64_t lo, int64_t hi, bint begin):
        """Play the staged actions of envs [lo, hi) (checked first): -1, or the first env
        the engine refused (or where stop ended the call: see stopped)."""
        cdef int err = 0
        cdef int64_t bad
        cdef const uint8_t *b = self.boards if self.has_boards else NULL
        if not 0 <= lo <= hi <= self.v.n:
            raise ValueError("step_rows: rows out of range")
        with nogil:
            bad = ofc_vec_step(&self.v, lo, hi, self.acts, b, begin, &self.out, &err)
        return bad

    def observe_acting_rows(self, int64_t lo, int64_t hi):
        """The observation and mask of envs [lo, hi) for their seat to act, into `acting`:
        -1, or the env where stop ended the call."""
        cdef int64_t bad
        if not self.has_acting:
            raise ValueError("observe_acting_rows: no arrays for the acting seat")
        with nogil:
            bad = ofc_vec_observe_acting(&self.v, lo, hi, &self.acting)
        return bad

    def observe_seat(self, int64_t i, int seat, dict arrays):
        """Env i's observation for `seat` into row 0 of arrays (cards, scalars, mask, current)."""
        cdef ofc_env_out o
        memset(&o, 0, sizeof(o))
        _wire(&o, arrays)
        if not 0 <= i < self.v.n or not 0 <= seat < self.v.spec.players:
            raise ValueError(f"observe_seat: env {i}, seat {seat} out of range")
        with nogil:   # (a foul-safe mask may take long: the caller runs this off the main thread)
            ofc_vec_observe_seat(&self.v, i, seat, &o, 0)

    def held(self, uint8_t[:, ::1] out):
        """Into out (n, OFC_MAX_HELD): the cards the seat to act holds in each env (the
        observed seat between steps; an opponent's while a callable opponent is asked), in the
        order an action code addresses them (bits 2k, 2k+1: card k), 255 past them and where
        no seat places cards now (a finished env, a Fantasyland hand)."""
        cdef int64_t i
        cdef int k, seat
        cdef ofc_env *e
        if out.shape[0] != self.v.n or out.shape[1] != OFC_MAX_HELD:
            raise ValueError("held: an (n, OFC_MAX_HELD) array")
        for i in range(self.v.n):
            e = &self.v.envs[i]
            seat = e.g.turn
            for k in range(OFC_MAX_HELD):
                out[i, k] = 255
            if e.done or seat < 0 or e.g.nheld > OFC_MAX_HELD or e.g.fl_cards[seat]:
                continue
            for k in range(e.g.nheld):
                out[i, k] = e.g.held[k]

    def episode(self, int64_t i):
        """Env i's episode: (seed, first button, hands: a list of action lists (codes; 13-card
        lists for Fantasyland settings), stacks, hands played, done, episodes started,
        Fantasyland cards per seat of its first hand)."""
        cdef ofc_env *e = &self.v.envs[i]
        ofc_vec_settle(&self.v, i)   # the built-in policies' turns into codes
        hands = []
        cur = None
        for k in range(e.nhist):
            r = e.hist[k]
            if r.kind == OFC_ENV_HAND:
                cur = []
                hands.append(cur)
            elif r.kind == OFC_ENV_CODE:
                cur.append(int(r.code))
            else:
                cur.append([int(e.boards[r.code][j]) for j in range(OFC_BOARD_SIZE)])
        return (int(e.ep_seed), int(e.button0), hands,
                [int(e.stacks[p]) for p in range(OFC_MAX_SEATS)], int(e.hand), bool(e.done), int(e.episode),
                [int(e.fl0[p]) for p in range(OFC_MAX_SEATS)])
