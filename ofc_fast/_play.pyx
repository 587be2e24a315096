# (the Cython directives are set once, in setup.py: OFC_FAST_DEBUG=1 turns on bounds checks)
"""Bindings of the play layer of the C core (csrc/ofc_play.h): dealing
(csrc/play/ofc_dealing.c), the game state machine (csrc/play/ofc_game.c) and the policy
registry (csrc/play/ofc_policies.c).  The Python API is ofc_fast.play.dealing and
ofc_fast.play.game; ofc_fast._engine is this module's 0.1.0 name.

deal_rows works on rows [start, stop) without the GIL, for ofc_fast._workers
to split over threads.
"""
import numpy as np
cimport numpy as cnp
from libc.string cimport memset
from cpython.unicode cimport PyUnicode_AsUTF8AndSize

from ofc_fast._core import status_message

cnp.import_array()
# the C declarations: _play.pxd (the play layer), _core.pxd (the rules' tables)

ACTIONS = OFC_ACTIONS
MAX_HELD = OFC_MAX_HELD   # the most cards a turn outside Fantasyland holds


def policies():
    """The policy registry of the C core (ofc_policies): (name, description, block) per
    policy, in the order of their numbers; block: hands or completions per call of
    interruptible work."""
    return [(ofc_policies[i].name.decode(), ofc_policies[i].description.decode(),
             ofc_policies[i].block) for i in range(ofc_policy_count)]


def policy_params():
    """The parameters of each policy of the registry, in the order of their numbers:
    (names, tuned defaults) per policy, both empty for a policy that takes none."""
    out = []
    for i in range(ofc_policy_count):
        k = ofc_policies[i].nparams
        out.append((tuple(ofc_policies[i].param_names[j].decode() for j in range(k)),
                    tuple(ofc_policies[i].defaults[j] for j in range(k))))
    return out


# --- dealing ------------------------------------------------------------------------

def deal_rows(uint64_t seed, uint64_t index0, uint8_t[:, ::1] out, int players, int cards,
              int first_round, int round_cards, Py_ssize_t start, Py_ssize_t stop, int jokers=0):
    """Deals index0 + [start, stop) into rows [start, stop) of out ((n, players * cards)),
    from a deck with `jokers` jokers (0..2)."""
    if not 0 <= jokers <= OFC_MAX_JOKERS or players * cards > OFC_DECK_SIZE + jokers:
        raise ValueError(f"deal_rows: {players} x {cards} cards from a deck of {OFC_DECK_SIZE} + {jokers}")
    if stop > start:
        with nogil:
            ofc_deal_jokers_batch(seed, <int64_t>(index0 + start), stop - start, players, cards,
                                  first_round, round_cards, jokers, &out[start, 0])
    return -1


# --- legal placements -------------------------------------------------------------------

def legal_placements(const uint8_t[::1] board, const uint8_t[::1] held, int first_round, int rounds,
                     int round_cards, int round_play):
    """The legal placements of the cards held on one partial board, from the engine's own
    legal mask: (codes, boards) in the order of the codes, or the C error code (a board
    with a count of cards no hand reaches, or dealing the engine cannot play)."""
    cdef ofc_game g
    cdef int seat = 0, err, n, i, k = 0
    cdef unsigned code
    cdef uint8_t mask[OFC_ACTIONS]
    if board.shape[0] != OFC_BOARD_SIZE or held.shape[0] > OFC_MAX_HELD:
        raise ValueError(f"legal_placements: a board of {OFC_BOARD_SIZE} slots and at most {OFC_MAX_HELD} "
                         f"cards held")
    err = ofc_game_from_boards(&g, 1, first_round, rounds, round_cards, round_play, &board[0],
                               NULL, &seat)
    if err < 0:
        return err
    for i in range(held.shape[0]):
        g.deck[i] = held[i]
    ofc_game_deal(&g)
    if g.turn != 0 or g.nheld != held.shape[0]:
        raise ValueError(f"legal_placements: the turn holds {g.nheld} cards, not {held.shape[0]}")
    n = ofc_game_legal(&g, mask)
    codes = np.zeros(n, dtype=np.int64)
    boards = np.zeros((n, OFC_BOARD_SIZE), dtype=np.uint8)
    cdef int64_t[::1] c_ = codes
    cdef uint8_t[:, ::1] b_ = boards
    cdef ofc_game after
    for code in range(1u << (2 * g.nheld)):
        if mask[code]:
            after = g
            ofc_game_apply(&after, code)
            c_[k] = code
            for i in range(OFC_BOARD_SIZE):
                b_[k, i] = after.board[0][i]
            k += 1
    return codes, boards


# --- one hand -----------------------------------------------------------------------------

def read_history_hand(str text not None, RuleTables rules not None, int players, int first_round, int rounds,
                      int round_cards, int round_play, int button, tuple fl not None, tuple scores):
    """The fast path of the hand-history reader (csrc/play/ofc_history.c): one hand's action
    lines in the writer's layout read, checked and, with ``scores`` (None: not), played again
    and scored.  (turns: the packed turns, boards: a tuple of 13 codes a seat, the next hand's
    Fantasyland counts or None), or None for a hand the Python reader reads itself."""
    cdef Py_ssize_t n
    cdef const char *t = PyUnicode_AsUTF8AndSize(text, &n)
    cdef int fl_c[OFC_MAX_SEATS]
    cdef int32_t want[OFC_MAX_SEATS]
    cdef int32_t nxt[OFC_MAX_SEATS]
    cdef uint8_t boards[OFC_MAX_SEATS * OFC_BOARD_SIZE]
    cdef uint8_t turns[OFC_MAX_TURNS * OFC_HISTORY_TURN_BYTES]
    cdef int nbytes = 0, p, i
    if players < 1 or players > OFC_MAX_SEATS or len(fl) != players \
            or (scores is not None and len(scores) != players):
        return None
    try:
        for p in range(OFC_MAX_SEATS):
            fl_c[p] = fl[p] if p < players else 0
            want[p] = scores[p] if scores is not None and p < players else 0
    except (OverflowError, TypeError):     # no hand of the engine's: the reader says why
        return None
    if ofc_history_read(t, <size_t>n, players, first_round, rounds, round_cards, round_play, button, fl_c,
                        &rules.jr, &rules.c, want if scores is not None else NULL, turns, &nbytes,
                        boards, nxt):
        return None
    board_tuple = tuple([tuple([boards[p * OFC_BOARD_SIZE + i] for i in range(OFC_BOARD_SIZE)])
                         for p in range(players)])
    return (turns[:nbytes], board_tuple,
            [nxt[p] for p in range(players)] if scores is not None else None)


cdef class HandState:
    """One hand in the C engine (struct ofc_game); ofc_fast.play.game.Game drives it.  The
    deck holds the jokers of `rules` (its RuleTables)."""
    cdef ofc_game g

    def __init__(self, RuleTables rules not None, int players, int first_round, int rounds,
                 int round_cards, int round_play, uint64_t seed, uint64_t hand, int button, fl_cards):
        cdef int fl[OFC_MAX_SEATS]
        cdef const ofc_joker_rules *jr = &rules.jr
        for p in range(OFC_MAX_SEATS):
            fl[p] = fl_cards[p] if p < players else 0
        err = ofc_game_start_jokers(&self.g, players, first_round, rounds, round_cards, round_play,
                                    seed, hand, button, fl, jr)
        if err == OFC_ERR_DECK and jr.jokers:
            raise ValueError(f"the seats need more than {OFC_DECK_SIZE + jr.jokers} cards ({OFC_DECK_SIZE} "
                             f"and {jr.jokers} joker{'s' if jr.jokers > 1 else ''})")
        if err:
            raise ValueError(status_message(err))

    def copy(self):
        """An independent copy of the hand (Game.clone: a struct copy, no replay)."""
        cdef HandState other = HandState.__new__(HandState)
        other.g = self.g
        return other

    @property
    def turn(self):
        return self.g.turn

    @property
    def held(self):
        return held_of(&self.g)

    @property
    def boards(self):
        return boards_of(&self.g)

    def board_list(self, int seat):
        """The board of `seat` as a list of 13 ints (255: empty)."""
        return [self.g.board[seat][i] for i in range(OFC_BOARD_SIZE)]

    def discards(self, int seat):
        return discards_of(&self.g, seat)

    def street(self, int seat):
        return self.g.street[seat]

    def seat_counts(self):
        """(streets, discard counts, cards per row): per seat, turns finished, cards discarded
        and the cards in each of its rows (a list of 3), as lists."""
        return ([self.g.street[p] for p in range(self.g.players)],
                [self.g.ndiscards[p] for p in range(self.g.players)],
                [[self.g.filled[p][r] for r in range(OFC_ROWS)] for p in range(self.g.players)])

    def legal_mask(self):
        """(ACTIONS,) bool, True at the legal codes (from the engine's placement table)."""
        cdef cnp.npy_intp size = OFC_ACTIONS
        cdef cnp.ndarray mask = cnp.PyArray_ZEROS(1, &size, cnp.NPY_BOOL, 0)
        cdef uint8_t *m = <uint8_t *>cnp.PyArray_DATA(mask)
        cdef uint16_t codes[OFC_MAX_LEGAL]
        cdef int n = ofc_game_legal_codes(&self.g, codes), i
        for i in range(n):
            m[codes[i]] = 1
        return mask

    def legal_codes(self):
        """The legal codes, ascending (a list of ints)."""
        cdef uint8_t mask[OFC_ACTIONS]
        cdef int n = ofc_game_legal(&self.g, mask), c
        return [c for c in range(1 << (2 * self.g.nheld)) if mask[c]] if n else []

    def apply(self, unsigned code):
        return ofc_game_apply(&self.g, code)

    def set_board(self, const uint8_t[::1] board):
        return set_board_of(&self.g, board)

    def play_policy(self, int policy, RuleTables rules, uint64_t seed, uint64_t stream,
                    const double[::1] params=None):
        """Play the turn of the seat to act with policy number `policy` (params: its
        parameters, None: its defaults): (0, the code it amounts to) for a normal turn,
        (0, -1) for a Fantasyland setting, or (the C error, -1)."""
        cdef ofc_rng rng
        cdef uint8_t held[OFC_MAX_DECK]
        cdef int nheld = self.g.nheld, seat = self.g.turn, i, j, err, code = 0, dest
        cdef const double *pp = NULL
        if params is not None:
            if not 0 <= policy < ofc_policy_count or params.shape[0] != ofc_policies[policy].nparams:
                raise ValueError("play_policy: the policy takes a different number of parameters")
            pp = &params[0]
        for i in range(nheld):
            held[i] = self.g.held[i]
        ofc_rng_init(&rng, seed, stream)
        err = ofc_policy_play(&self.g, policy, &rules.c, pp, &rng)
        if err or seat < 0 or nheld > OFC_MAX_HELD:
            return err, -1
        # the code: where each held card went (the rows by slot, else discarded)
        for i in range(nheld):
            dest = 3
            for j in range(OFC_BOARD_SIZE):
                if self.g.board[seat][j] == held[i]:
                    dest = 0 if j < 3 else 1 if j < 8 else 2
                    break
            code |= dest << (2 * i)
        return 0, code

    # --- the deck, and the cards a seat cannot see (Game.determinize) -----------------
    @property
    def deck(self):
        """The hand's deck in the order it is dealt: its 52 cards and jokers, each once,
        the cards dealt so far first."""
        cdef cnp.npy_intp n = ofc_game_deck_size(&self.g)
        cdef cnp.ndarray out = cnp.PyArray_SimpleNew(1, &n, cnp.NPY_UINT8)
        memcpy(cnp.PyArray_DATA(out), self.g.deck, <size_t>n)
        return out

    def set_deck(self, const uint8_t[::1] deck):
        """Deal the hand from `deck` (its 52 cards and jokers, each once, in the order dealt)
        instead of its seeded shuffle, before any seat has acted: a replayed history whose
        hand was dealt so (a determinised game).  ValueError naming what is wrong."""
        cdef int size = ofc_game_deck_size(&self.g), i, p, begun = self.g.step != 0
        cdef uint64_t seen = 0
        for p in range(self.g.players):
            begun |= self.g.street[p] != 0
        if begun:
            raise ValueError("set_deck: a seat has acted this hand; a deck is set before the first turn")
        if deck.shape[0] != size:
            raise ValueError(f"set_deck: a deck of {size} cards (the rules' 52 and jokers), got {deck.shape[0]}")
        for i in range(size):
            if deck[i] >= size:
                raise ValueError(f"set_deck: position {i}: card code {deck[i]} is not in 0..{size - 1}")
            if (seen >> deck[i]) & 1u:
                raise ValueError(f"set_deck: position {i}: card code {deck[i]} is in the deck twice")
            seen |= (<uint64_t>1) << deck[i]
        memcpy(self.g.deck, &deck[0], <size_t>size)
        ofc_game_deal(&self.g)

    def shuffled(self, const uint8_t[::1] cards, uint64_t seed, uint64_t stream):
        """A copy of the hand in which `cards` (distinct cards of its deck) trade places
        uniformly at random: a Fisher-Yates shuffle of them from stream (seed, stream) maps
        each to its image, and wherever one lay (a board, the held cards, the discards,
        the deck) its image lies instead.  The copy holds every card once, as the hand
        did; the cards not listed stay where they were.  ValueError for a card outside
        the deck or listed twice."""
        cdef int size = ofc_game_deck_size(&self.g), n = cards.shape[0], i, j, p
        cdef uint8_t image[OFC_MAX_DECK]
        cdef uint8_t pool[OFC_MAX_DECK]
        cdef uint8_t t
        cdef uint64_t seen = 0
        cdef ofc_rng rng
        if n > size:
            raise ValueError(f"shuffled: {n} cards, more than the deck's {size}")
        for i in range(n):
            if cards[i] >= size:
                raise ValueError(f"shuffled: cards[{i}]: card code {cards[i]} is not in 0..{size - 1}")
            if (seen >> cards[i]) & 1u:
                raise ValueError(f"shuffled: cards[{i}]: card code {cards[i]} is listed twice")
            seen |= (<uint64_t>1) << cards[i]
            pool[i] = cards[i]
        ofc_rng_init(&rng, seed, stream)
        for i in range(n - 1, 0, -1):
            j = ofc_rng_below(&rng, i + 1)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        for i in range(size):
            image[i] = i
        for i in range(n):
            image[cards[i]] = pool[i]
        cdef HandState other = HandState.__new__(HandState)
        other.g = self.g
        cdef ofc_game *g = &other.g
        for p in range(g.players):
            for i in range(OFC_BOARD_SIZE):
                if g.board[p][i] < size:
                    g.board[p][i] = image[g.board[p][i]]
            for i in range(g.ndiscards[p]):
                g.discards[p][i] = image[g.discards[p][i]]
        for i in range(g.nheld):
            g.held[i] = image[g.held[i]]
        for i in range(size):
            g.deck[i] = image[g.deck[i]]
        return other

    def reset_fantasyland(self, int seat, int policy, RuleTables rules not None, uint64_t seed,
                          uint64_t stream, const double[::1] params=None):
        """Set the 13 cards of Fantasyland seat `seat`, which has set them, again: from the
        cards it was dealt (its part of the deck, in the order dealt) as policy number
        `policy` sets them (params: its parameters, None: its defaults; stream (seed,
        stream)), the rest its discards, as had it played so.  0 or the C error."""
        cdef int k = 0, pos = 0, n, err
        cdef const double *pp = NULL
        cdef ofc_rng rng
        cdef ofc_game t
        if not 0 <= seat < self.g.players or not self.g.fl_cards[seat] or self.g.street[seat] < 1:
            raise ValueError(f"reset_fantasyland: seat {seat} is not a Fantasyland seat that has set its cards")
        if params is not None:
            if not 0 <= policy < ofc_policy_count or params.shape[0] != ofc_policies[policy].nparams:
                raise ValueError("reset_fantasyland: the policy takes a different number of parameters")
            pp = &params[0]
        # Fantasyland seats act first, dealt in the order they act
        while k < self.g.nturns and self.g.schedule[k] != seat:
            pos += self.g.fl_cards[self.g.schedule[k]]
            k += 1
        n = self.g.fl_cards[seat]
        t = self.g
        t.turn = seat
        t.nheld = n
        memcpy(t.held, &self.g.deck[pos], <size_t>n)
        memset(t.board[seat], OFC_EMPTY, OFC_BOARD_SIZE)
        memset(t.filled[seat], 0, OFC_ROWS)
        t.ndiscards[seat] = 0
        t.street[seat] = 0
        t.step = t.nturns - 1      # its setting ends this scratch hand: nothing more is dealt
        ofc_rng_init(&rng, seed, stream)
        err = ofc_policy_play(&t, policy, &rules.c, pp, &rng)
        if err:
            return err
        if t.street[seat] != 1:
            return OFC_ERR_FANTASYLAND
        memcpy(self.g.board[seat], t.board[seat], OFC_BOARD_SIZE)
        memcpy(self.g.filled[seat], t.filled[seat], OFC_ROWS)
        memcpy(self.g.discards[seat], t.discards[seat], <size_t>t.ndiscards[seat])
        self.g.ndiscards[seat] = t.ndiscards[seat]
        return 0

    def result(self, RuleTables rules):
        cdef int P = self.g.players
        net = np.zeros(P, dtype=np.int32)
        roy = np.zeros((P, 3), dtype=np.int32)
        fouled = np.zeros(P, dtype=np.int32)
        fl = np.zeros(P, dtype=np.int32)
        cdef int32_t[::1] n_ = net, f_ = fouled, l_ = fl
        cdef int32_t[:, ::1] r_ = roy
        ofc_game_result(&self.g, &rules.c, &n_[0], &r_[0, 0], &f_[0], &l_[0])
        return net, roy, fouled.astype(bool), fl
