# One hand, one board: the scalar fast paths of the public functions.
# Included at the end of _core.pyx.
#
# A Python loop calling ofc_fast once per hand pays for every check and
# conversion of the array path (numpy allocations, dtype checks, error
# wording).  The readers here take the common one-item inputs (a list or
# tuple of ints, a 1-D integer numpy array, plain card text) straight into a
# byte buffer; anything else, and any input that is not valid, makes them
# give up (-1 / None) so that the general Python path runs and words the
# error.  Answers are the same either way (tests/test_scalar.py).
#
# The public one-item functions (strength, category, to_cactus_rank,
# describe, analyze, compat.evaluate_cards) are made by the *_door factories
# below from the general Python function the API passes in; the other
# helpers here (board_codes, score_one, best_one, from_cactus_one) are called
# by the public Python functions directly and give None to decline.
cimport numpy as cnp
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.list cimport PyList_GET_SIZE, PyList_GET_ITEM
from cpython.tuple cimport PyTuple_GET_SIZE, PyTuple_GET_ITEM
from cpython.unicode cimport PyUnicode_GET_LENGTH, PyUnicode_READ_CHAR
from libc.string cimport memcpy
from libc.stdint cimport int8_t
from cpython.object cimport PyTypeObject
from cpython.ref cimport PyObject

cdef extern from "Python.h":
    PyTypeObject PyTuple_Type

cnp.import_array()

# The deck for the Python API (ofc_fast.hand.cards reads DECK_SIZE, RANKS and SUITS
# from here; the size is the C header's, OFC_DECK_SIZE): card codes are
# 0 .. OFC_DECK_SIZE - 1, code = rank * 4 + suit, rank RANKS[r] (deuce first),
# suit SUITS[s].
DECK_SIZE = OFC_DECK_SIZE
RANKS = "23456789TJQKA"
SUITS = "cdhs"

# --- readers ------------------------------------------------------------------

cdef inline int _code_of(object item) except -2:
    """0..OFC_DECK_SIZE - 1 for an exact int that is a card code, else -1."""
    cdef int overflow = 0
    cdef long v
    if type(item) is not int:
        return -1
    v = PyLong_AsLongAndOverflow(item, &overflow)
    if overflow or v < 0 or v >= OFC_DECK_SIZE:
        return -1
    return <int>v


cdef int _read_array(cnp.ndarray arr, uint8_t *buf, int maxn) except -2:
    """Codes of a 1-D or 2-D integer array of at most maxn items (C order), or -1."""
    cdef int ndim = cnp.PyArray_NDIM(arr)
    cdef Py_ssize_t rows, cols, i, j
    cdef Py_ssize_t s0, s1
    cdef char *data = <char *>cnp.PyArray_DATA(arr)
    cdef int size = <int>cnp.PyArray_ITEMSIZE(arr)
    cdef bint signed
    cdef long long v
    cdef char *p
    if not cnp.PyArray_ISINTEGER(arr) or not cnp.PyArray_ISNOTSWAPPED(arr):
        return -1
    signed = cnp.PyArray_ISSIGNED(arr)
    if ndim == 1:
        rows, cols = 1, cnp.PyArray_DIMS(arr)[0]
        s0, s1 = 0, cnp.PyArray_STRIDES(arr)[0]
    elif ndim == 2:
        rows, cols = cnp.PyArray_DIMS(arr)[0], cnp.PyArray_DIMS(arr)[1]
        s0, s1 = cnp.PyArray_STRIDES(arr)[0], cnp.PyArray_STRIDES(arr)[1]
    else:
        return -1
    if rows * cols > maxn:
        return -1
    for i in range(rows):
        for j in range(cols):
            p = data + i * s0 + j * s1
            if size == 1:
                v = (<int8_t *>p)[0] if signed else (<uint8_t *>p)[0]
            elif size == 2:
                v = (<int16_t *>p)[0] if signed else (<uint16_t *>p)[0]
            elif size == 4:
                v = (<int32_t *>p)[0] if signed else (<uint32_t *>p)[0]
            elif size == 8:
                v = (<int64_t *>p)[0]
                if not signed and v < 0:
                    return -1
            else:
                return -1
            if v < 0 or v >= OFC_DECK_SIZE:
                return -1
            buf[i * cols + j] = <uint8_t>v
    return <int>(rows * cols)


# rank and suit of a card character, -1 for anything else
cdef signed char _RANK_OF[128]
cdef signed char _SUIT_OF[128]
for _i in range(128):
    _RANK_OF[_i] = -1
    _SUIT_OF[_i] = -1
for _i, _ch in enumerate(RANKS):
    _RANK_OF[ord(_ch)] = _i
    _RANK_OF[ord(_ch.lower())] = _i
for _i, _ch in enumerate(SUITS):
    _SUIT_OF[ord(_ch)] = _i
    _SUIT_OF[ord(_ch.upper())] = _i


cdef int _read_text(str text, uint8_t *buf, int maxn, int *row_ends) except -2:
    """Codes of plain card text ("Ah Kd 2c", "AhKd2c"), or -1.

    Spaces separate cards.  With row_ends (a board), '/' or '|' may split the
    rows: their card counts go to row_ends[0..1] (else both stay -1).  Any
    other spelling (10, suit symbols, commas, empty slots) gives -1: the
    general parser reads it.
    """
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0
    cdef Py_UCS4 ch, sc
    cdef int count = 0, r, s, splits = 0
    while i < n:
        ch = PyUnicode_READ_CHAR(text, i)
        if ch == u' ':
            i += 1
            continue
        if (ch == u'/' or ch == u'|') and row_ends != NULL:
            if splits == 2:
                return -1
            row_ends[splits] = count
            splits += 1
            i += 1
            continue
        if ch >= 128 or i + 1 >= n:
            return -1
        sc = PyUnicode_READ_CHAR(text, i + 1)
        if sc >= 128:
            return -1
        r = _RANK_OF[ch]
        s = _SUIT_OF[sc]
        if r < 0 or s < 0 or count == maxn:
            return -1
        buf[count] = <uint8_t>(r * 4 + s)
        count += 1
        i += 2
    if splits == 1:
        return -1
    return count



def _read_text_codes(str text, int maxn=17, bint board=False):
    """What the fast reader makes of card text: (codes, row ends), or None where it
    leaves the text to the general parser.  For tests/test_card_text.py, which runs
    one table of card texts through every reader."""
    cdef uint8_t buf[17]
    cdef int ends[2]
    cdef int n
    ends[0] = -1
    ends[1] = -1
    n = _read_text(text, buf, min(maxn, 17), ends if board else NULL)
    if n < 0:
        return None
    return [buf[i] for i in range(n)], (ends[0], ends[1])

cdef inline int _item_code(object item) except -2:
    """The code of one list item: an exact int card code or a card's two characters
    ("Ah", "ah"), else -1."""
    cdef Py_UCS4 rc, sc
    if type(item) is str:
        if PyUnicode_GET_LENGTH(<str>item) != 2:
            return -1
        rc = PyUnicode_READ_CHAR(<str>item, 0)
        sc = PyUnicode_READ_CHAR(<str>item, 1)
        if rc >= 128 or sc >= 128 or _RANK_OF[rc] < 0 or _SUIT_OF[sc] < 0:
            return -1
        return _RANK_OF[rc] * 4 + _SUIT_OF[sc]
    return _code_of(item)


cdef int _read_codes(object x, uint8_t *buf, int maxn) except -2:
    """Codes of one hand or board: list / tuple of ints or card texts, 1-D integer array,
    text; or -1."""
    cdef Py_ssize_t n, i
    cdef int c
    cdef type t = type(x)
    if t is list:
        n = PyList_GET_SIZE(x)
        if n > maxn:
            return -1
        for i in range(n):
            c = _item_code(<object>PyList_GET_ITEM(x, i))
            if c < 0:
                return -1
            buf[i] = <uint8_t>c
        return <int>n
    if t is tuple:
        n = PyTuple_GET_SIZE(x)
        if n > maxn:
            return -1
        for i in range(n):
            c = _item_code(<object>PyTuple_GET_ITEM(x, i))
            if c < 0:
                return -1
            buf[i] = <uint8_t>c
        return <int>n
    if t is cnp.ndarray:
        if cnp.PyArray_NDIM(<cnp.ndarray>x) != 1:
            return -1
        return _read_array(<cnp.ndarray>x, buf, maxn)
    if t is str:
        return _read_text(<str>x, buf, maxn, NULL)
    return -1


# --- the public one-item functions ---------------------------------------------
# Each *_door(general, ...) takes the general Python function of a public name
# and gives the function the API binds to that name: it answers the common
# one-item call here and hands every other input, valid or not, to
# ``general``, which words the errors.  _core holds no reference to the API:
# the API module builds its doors in one visible block.

# Python ints 0..STRENGTH_MAX, made once: returning one is an incref
cdef list _INTS = list(range(OFC_STRENGTH_FIVE_MAX + 1))   # five of a kind included


cdef object _dressed(object door, object general):
    """``door`` with the name, docs and module of ``general`` (``door.__wrapped__``)."""
    for attr in ("__doc__", "__name__", "__qualname__", "__module__"):
        setattr(door, attr, getattr(general, attr))
    door.__wrapped__ = general
    return door


cdef inline long _strength_arg(object s):
    """1..STRENGTH_MAX for an exact int strength, else 0."""
    cdef int overflow = 0
    cdef long v
    if type(s) is not int:
        return 0
    v = PyLong_AsLongAndOverflow(s, &overflow)
    if overflow or v < 1 or v > OFC_STRENGTH_MAX:
        return 0
    return v


cdef int _strength_jokers_one(object hands, object rules) except -2:
    """Strength of a list or tuple of 3 or 5 codes (jokers allowed as the rules deal them),
    or 0 to leave the hand (and the rules) to the general path."""
    cdef uint8_t buf[5]
    cdef Py_ssize_t n, i
    cdef int c
    if type(hands) is not list and type(hands) is not tuple:
        return 0
    n = len(hands)
    if n != 3 and n != 5:
        return 0
    for i in range(n):
        c = _code_of_joker(hands[i])
        if c < 0:
            return 0
        buf[i] = <uint8_t>c
    try:
        jokers = rules.jokers
        five = rules.five_of_a_kind is not None and rules.joker_pool == "duplicates"
    except AttributeError:
        return 0
    if type(jokers) is not int or not 0 <= jokers <= OFC_MAX_JOKERS:
        return 0
    c = ofc_strength_jokers(buf, <int>n, <int>jokers, 1 if five else 0)
    return c if c > 0 else 0


cdef inline int _code_of_joker(object item) except -2:
    """0..53 for an exact int that is a card or joker code, else -1."""
    cdef int overflow = 0
    cdef long v
    if type(item) is not int:
        return -1
    v = PyLong_AsLongAndOverflow(item, &overflow)
    if overflow or v < 0 or v > OFC_JOKER2:
        return -1
    return <int>v


def strength_door(general):
    """``strength`` with one hand of 3 or 5 valid cards (ints, array or text) answered in C."""
    def strength(hands, *, workers=1, rules=None):
        cdef uint8_t buf[5]
        cdef int n, s
        if rules is not None:   # jokers: a list or tuple of codes here, the rest in general
            if type(workers) is int and workers == 1:
                s = _strength_jokers_one(hands, rules)
                if s > 0:
                    return <object>PyList_GET_ITEM(_INTS, s)
            return general(hands, workers=workers, rules=rules)
        if type(workers) is int and workers == 1:
            n = _read_codes(hands, buf, 5)
            if n == 5 or n == 3:
                s = ofc_strength(buf, n)
                if s > 0:
                    return <object>PyList_GET_ITEM(_INTS, s)
        return general(hands, workers=workers)
    return _dressed(strength, general)


def category_door(general, list category_of):
    """``category`` with one int strength answered from ``category_of`` (its member per strength)."""
    def category(s):
        cdef long v = _strength_arg(s)
        if v:
            return <object>PyList_GET_ITEM(category_of, v)
        return general(s)
    return _dressed(category, general)


def to_cactus_rank_door(general):
    """``to_cactus_rank`` with one int strength of a 5-card hand answered in C."""
    def to_cactus_rank(s):
        cdef long v = _strength_arg(s)
        if v and ofc_cactus_rank[v]:
            return <object>PyList_GET_ITEM(_INTS, ofc_cactus_rank[v])
        return general(s)
    return _dressed(to_cactus_rank, general)


def describe_door(general, list names):
    """``describe`` with one int strength answered from ``names`` (its text, None until made)."""
    def describe(x, *, rules=None):
        cdef long v = _strength_arg(x)
        cdef object name
        if v:
            name = <object>PyList_GET_ITEM(names, v)
            if name is not None:
                return name
        return general(x, rules=rules)
    return _dressed(describe, general)


# --- one board, one deal --------------------------------------------------------

cdef int _read_board(object x, uint8_t *buf) except -2:
    """13 valid codes of one board, or -1 (text may split its rows 3 / 5 / 5)."""
    cdef int ends[2]
    cdef int n
    if type(x) is str:
        ends[0] = -1
        ends[1] = -1
        n = _read_text(<str>x, buf, 13, ends)
        if ends[0] >= 0 and (ends[0] != 3 or ends[1] != 8):
            return -1
    else:
        n = _read_codes(x, buf, 13)
    if n != 13 or ofc_bad_cards(buf, 13):
        return -1
    return 13


cdef object _MISSING = object()   # rules not given: the general function's default


def analyze_door(general, analysis_type, board_type, rules_type, default_rules, get_rules):
    """``analyze`` with one complete board (codes, text or a Board) answered in C.

    ``analysis_type`` is the result (a named tuple), ``board_type`` Board,
    ``rules_type`` Rules, ``default_rules`` analyze's default and
    ``get_rules`` the lookup of rules given by name (its errors are the
    general function's: it looks rules up first too).
    """
    def analyze(boards, rules=_MISSING, *, in_fantasyland=None, workers=1, dead=None):
        cdef object r, one
        if dead is not None:   # jokers: the general path
            return general(boards, default_rules if rules is _MISSING else rules,
                           in_fantasyland=in_fantasyland, workers=workers, dead=dead)
        if type(workers) is int and workers == 1:
            r = default_rules if rules is _MISSING else rules
            if type(r) is not rules_type:
                r = get_rules(r)
            one = _analyze_one(analysis_type,
                               boards._codes if type(boards) is board_type else boards,
                               r.tables, in_fantasyland)
            if one is not None:
                return one
        if rules is _MISSING:
            return general(boards, in_fantasyland=in_fantasyland, workers=workers)
        return general(boards, rules, in_fantasyland=in_fantasyland, workers=workers)
    return _dressed(analyze, general)


cdef inline object _scalar_array(int typenum):
    return cnp.PyArray_SimpleNew(0, NULL, typenum)


cdef object _analyze_one(object analysis_type, object boards, RuleTables tables,
                         object in_fantasyland):
    """Analysis of one board (0-d / (3,) arrays), or None to take the general path."""
    cdef uint8_t buf[13]
    cdef ofc_board_result res
    cdef int infl, i
    cdef cnp.npy_intp three = 3
    cdef cnp.ndarray fouled, strength, royalties, fantasyland, stays
    if in_fantasyland is None or in_fantasyland is False:
        infl = 0
    elif in_fantasyland is True:
        infl = 1
    else:
        return None
    if _read_board(boards, buf) < 0:
        return None
    ofc_board_eval(buf, infl, &tables.c, &res)
    fouled = _scalar_array(cnp.NPY_BOOL)
    (<uint8_t *>cnp.PyArray_DATA(fouled))[0] = <uint8_t>res.fouled
    strength = cnp.PyArray_SimpleNew(1, &three, cnp.NPY_UINT16)
    royalties = cnp.PyArray_SimpleNew(1, &three, cnp.NPY_INT16)
    for i in range(3):
        (<uint16_t *>cnp.PyArray_DATA(strength))[i] = res.value[i]
        (<int16_t *>cnp.PyArray_DATA(royalties))[i] = <int16_t>res.royalty[i]
    fantasyland = _scalar_array(cnp.NPY_UINT8)
    (<uint8_t *>cnp.PyArray_DATA(fantasyland))[0] = <uint8_t>res.fantasyland
    stays = _scalar_array(cnp.NPY_BOOL)
    (<uint8_t *>cnp.PyArray_DATA(stays))[0] = <uint8_t>res.stays
    # tuple's own constructor called directly: a named tuple without a Python frame
    cdef tuple wrap = ((fouled, strength, royalties, fantasyland, stays),)
    return PyTuple_Type.tp_new(analysis_type, <PyObject *>wrap, NULL)


def board_values(cnp.ndarray codes, RuleTables tables, bint in_fantasyland):
    """(fouled, values, royalties, fantasyland, stays) of one checked board, as Python scalars.

    ``codes``: a Board's (13,) C-contiguous uint8 array of valid, distinct cards."""
    cdef ofc_board_result res
    if (cnp.PyArray_TYPE(codes) != cnp.NPY_UINT8 or cnp.PyArray_NDIM(codes) != 1
            or cnp.PyArray_DIMS(codes)[0] != 13 or not cnp.PyArray_IS_C_CONTIGUOUS(codes)):
        raise ValueError("board_values takes a (13,) contiguous uint8 array")
    ofc_board_eval(<const uint8_t *>cnp.PyArray_DATA(codes), in_fantasyland, &tables.c, &res)
    return (bool(res.fouled), (res.value[0], res.value[1], res.value[2]),
            (res.royalty[0], res.royalty[1], res.royalty[2]), res.fantasyland, bool(res.stays))


def board_codes(x):
    """Read-only (13,) uint8 codes of one valid board, or None to take the general path."""
    cdef uint8_t buf[13]
    cdef cnp.npy_intp n13 = 13
    cdef cnp.ndarray out
    if _read_board(x, buf) < 0:
        return None
    out = cnp.PyArray_SimpleNew(1, &n13, cnp.NPY_UINT8)
    memcpy(cnp.PyArray_DATA(out), buf, 13)
    cnp.PyArray_CLEARFLAGS(out, cnp.NPY_ARRAY_WRITEABLE)
    return out


def score_one(deals, RuleTables tables, int min_players, int max_players, bint want_net):
    """Net points (P,) or the matrix (P, P) of one deal, or None to take the general path."""
    cdef uint8_t buf[OFC_MAX_SEATS * OFC_BOARD_SIZE]   # up to 4 boards
    cdef Py_ssize_t players, p
    cdef cnp.npy_intp dims[2]
    cdef cnp.ndarray out
    cdef int64_t bad
    if type(deals) is list or type(deals) is tuple:
        players = len(deals)
        if players < 2 or players > 4:
            return None
        for p in range(players):
            if _read_board(deals[p], buf + 13 * p) < 0:
                return None
    elif type(deals) is cnp.ndarray:
        if cnp.PyArray_NDIM(<cnp.ndarray>deals) != 2 or cnp.PyArray_DIMS(<cnp.ndarray>deals)[1] != 13:
            return None
        players = cnp.PyArray_DIMS(<cnp.ndarray>deals)[0]
        if players < 2 or players > 4 or _read_array(<cnp.ndarray>deals, buf, 4 * 13) < 0:
            return None
    else:
        return None
    if players < min_players or players > max_players:
        return None
    dims[0] = players
    dims[1] = players
    out = cnp.PyArray_SimpleNew(1 if want_net else 2, dims, cnp.NPY_INT32)
    if want_net:
        bad = ofc_score_batch(buf, 1, <int>players, &tables.c, <int32_t *>cnp.PyArray_DATA(out), NULL)
    else:
        bad = ofc_score_batch(buf, 1, <int>players, &tables.c, NULL, <int32_t *>cnp.PyArray_DATA(out))
    return out if bad < 0 else None


# --- Cactus Kev (treys / deuces) card integers -------------------------------------

cdef int _PRIMES[13]
for _i, _p in enumerate((2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)):
    _PRIMES[_i] = _p


cdef inline int _cactus_code(object item) except -2:
    """The card code of one exact-int Cactus Kev card, or -1."""
    cdef int overflow = 0
    cdef long v
    cdef int rank, suit, bits
    if type(item) is not int:
        return -1
    v = PyLong_AsLongAndOverflow(item, &overflow)
    if overflow or v < 0 or v >= (1L << 31):
        return -1
    rank = (v >> 8) & 15
    bits = (v >> 12) & 15
    # one suit bit: 8 = clubs, 4 = diamonds, 2 = hearts, 1 = spades
    suit = 0 if bits == 8 else 1 if bits == 4 else 2 if bits == 2 else 3 if bits == 1 else -1
    if rank > 12 or suit < 0:
        return -1
    # the integer must be exactly the one this card encodes to
    if v != ((1L << (16 + rank)) | (bits << 12) | (rank << 8) | _PRIMES[rank]):
        return -1
    return rank * 4 + suit


cdef int _read_cactus(object x, uint8_t *buf, int start, int maxn) except -2:
    """Append the codes of a list / tuple of Cactus Kev ints at buf[start:]; new count or -1."""
    cdef Py_ssize_t n, i
    cdef int c
    if type(x) is list:
        n = PyList_GET_SIZE(x)
    elif type(x) is tuple:
        n = PyTuple_GET_SIZE(x)
    else:
        return -1
    if start + n > maxn:
        return -1
    for i in range(n):
        c = _cactus_code(<object>(PyList_GET_ITEM(x, i) if type(x) is list else PyTuple_GET_ITEM(x, i)))
        if c < 0:
            return -1
        buf[start + i] = <uint8_t>c
    return <int>(start + n)


def from_cactus_one(ints):
    """uint8 codes of a list or tuple of valid Cactus Kev ints, or None."""
    cdef uint8_t buf[OFC_DECK_SIZE]
    cdef cnp.npy_intp n
    cdef cnp.ndarray out
    n = _read_cactus(ints, buf, 0, OFC_DECK_SIZE)
    if n < 0:
        return None
    out = cnp.PyArray_SimpleNew(1, &n, cnp.NPY_UINT8)
    if n:
        memcpy(cnp.PyArray_DATA(out), buf, n)
    return out


# --- subsets -----------------------------------------------------------------------

def choose(int m, int k):
    """m choose k."""
    return ofc_choose(m, k)


def subset_rows(const uint8_t[:, ::1] cards, int k, uint16_t[:, ::1] out, Py_ssize_t start, Py_ssize_t stop):
    """Strengths of every k-subset of hands [start, stop) of an (n, m) array into out (n, C(m, k))."""
    cdef int64_t bad = -1
    cdef int m = <int>cards.shape[1]
    if stop <= start:
        return -1
    if out.shape[1] != ofc_choose(m, k) or out.shape[0] != cards.shape[0]:
        raise ValueError("subset_rows: out has the wrong shape")
    with nogil:
        bad = ofc_subset_strengths_batch(&cards[start, 0], stop - start, m, k, &out[start, 0])
    if bad == OFC_HAND_BAD_SIZE:
        raise ValueError(f"subset_rows: cannot take subsets of {k} from {m} cards")
    return bad if bad < 0 else bad + start


def best_rows(const uint8_t[:, ::1] cards, int k, uint16_t[::1] best, uint8_t[:, ::1] positions,
              Py_ssize_t start, Py_ssize_t stop):
    """Best k-subset of hands [start, stop) of an (n, m) array: strength and positions."""
    cdef int64_t bad = -1
    cdef int m = <int>cards.shape[1]
    if stop <= start:
        return -1
    if positions.shape[1] != k or positions.shape[0] != cards.shape[0] or best.shape[0] != cards.shape[0]:
        raise ValueError("best_rows: outputs have the wrong shape")
    with nogil:
        bad = ofc_best_hand_batch(&cards[start, 0], stop - start, m, k, &best[start], &positions[start, 0])
    if bad == OFC_HAND_BAD_SIZE:
        raise ValueError(f"best_rows: cannot take subsets of {k} from {m} cards")
    return bad if bad < 0 else bad + start


def best_one(hand, int k):
    """(strength, cards, positions) of the best k cards of one hand, or None to take the general path."""
    cdef uint8_t buf[OFC_DECK_SIZE]
    cdef uint8_t pos[5]
    cdef uint16_t best
    cdef cnp.npy_intp kk = k
    cdef cnp.ndarray cards_out, pos_out
    cdef int n = _read_codes(hand, buf, OFC_DECK_SIZE), i
    if (k != 3 and k != 5) or n < k or ofc_bad_cards(buf, n):
        return None
    ofc_best_hand_batch(buf, 1, n, k, &best, pos)
    cards_out = cnp.PyArray_SimpleNew(1, &kk, cnp.NPY_UINT8)
    pos_out = cnp.PyArray_SimpleNew(1, &kk, cnp.NPY_UINT8)
    for i in range(k):
        (<uint8_t *>cnp.PyArray_DATA(cards_out))[i] = buf[pos[i]]
        (<uint8_t *>cnp.PyArray_DATA(pos_out))[i] = pos[i]
    return (<object>PyList_GET_ITEM(_INTS, best), cards_out, pos_out)


def partial_rows(const uint8_t[:, ::1] rows, uint16_t[::1] out, Py_ssize_t start, Py_ssize_t stop):
    """Strength of partial rows [start, stop) of an (n, k) array (255 = empty slot) into out."""
    cdef int64_t bad = -1
    cdef int k = <int>rows.shape[1]
    if stop <= start:
        return -1
    if k > 5:
        raise ValueError(f"partial_rows: a row has at most 5 slots, got {k}")
    with nogil:
        bad = ofc_partial_strength_batch(&rows[start, 0] if k else NULL, stop - start, k, &out[start])
    return bad if bad < 0 else bad + start


cdef class TreysEvaluatorBase:
    """The compiled calls of ofc_fast.compat.Evaluator (a Python subclass adds the rest)."""

    def evaluate(self, cards, board=()):
        """Best Cactus Kev rank of ``cards`` + ``board`` (5 to 7 Cactus Kev ints in all).

        1 (royal flush) .. 7462 (7-5-4-3-2), as treys' ``Evaluator.evaluate``.
        """
        cdef uint8_t buf[7]
        cdef uint8_t pos[5]
        cdef uint16_t best
        cdef int n = _read_cactus(cards, buf, 0, 7)
        if n >= 0:
            n = _read_cactus(board, buf, n, 7)
        if n >= 5 and not ofc_bad_cards(buf, n):
            if n == 5:
                best = ofc_strength5_unchecked(buf[0], buf[1], buf[2], buf[3], buf[4])
            else:
                ofc_best_hand_batch(buf, 1, n, 5, &best, pos)
            return <object>PyList_GET_ITEM(_INTS, ofc_cactus_rank[best])
        return self._evaluate_general(cards, board)

    def evaluate_row(self, cards):
        """Rank of one OFC row of 3 or 5 Cactus Kev ints: 1 (royal flush) .. 7917 (4-3-2 on top).

        ``STRENGTH_MAX + 1 - strength``: one scale for the top and the other
        rows, lower = better (not treys' scale, which has no 3-card hands).
        """
        cdef uint8_t buf[5]
        cdef int n = _read_cactus(cards, buf, 0, 5)
        cdef int s
        if n == 3 or n == 5:
            s = ofc_strength(buf, n)
            if s > 0:
                return <object>PyList_GET_ITEM(_INTS, OFC_STRENGTH_MAX + 1 - s)
        return self._evaluate_row_general(cards)


def evaluate_cards_door(general):
    """compat's ``evaluate_cards`` with 5 to 7 valid card codes answered in C."""
    def evaluate_cards(*cards):
        cdef uint8_t buf[7]
        cdef uint8_t pos[5]
        cdef uint16_t best
        cdef int n = _read_codes(cards, buf, 7)
        if n >= 5 and not ofc_bad_cards(buf, n):
            if n == 5:
                best = ofc_strength5_unchecked(buf[0], buf[1], buf[2], buf[3], buf[4])
            else:
                ofc_best_hand_batch(buf, 1, n, 5, &best, pos)
            return <object>PyList_GET_ITEM(_INTS, ofc_cactus_rank[best])
        return general(*cards)
    return _dressed(evaluate_cards, general)


# --- one row's royalty, one partial board ------------------------------------------

def royalty_door(general, rules_type, default_rules, get_rules):
    """``royalty`` of one complete row of valid cards (ints, array or text) answered in C.

    The rules are looked up first, as the general function does (its errors)."""
    def royalty(row, name, rules=_MISSING):
        cdef uint8_t buf[5]
        cdef int n, index, value
        cdef RuleTables tables
        cdef object r = default_rules if rules is _MISSING else rules
        if type(r) is not rules_type:
            r = get_rules(r)
        index = (0 if name == "top" else 1 if name == "middle" else 2 if name == "bottom" else -1) \
            if type(name) is str else -1
        if index >= 0:
            n = _read_codes(row, buf, 5)
            if n == (3 if index == 0 else 5) and not ofc_bad_cards(buf, n):
                # a Low middle is valued by its lowball rank, every other row by its strength
                value = ofc_lowball27(buf, 5) if index == 1 and r.low else ofc_strength(buf, n)
                if value > 0:
                    tables = r.tables
                    return <int16_t>(tables.c.row_info[index][value] & 0xFFFF)
        return general(row, name, r)
    return _dressed(royalty, general)


cdef int _read_partial_text(str text, uint8_t *board) except -2:
    """The 13 slots of a partial board written "top / middle / bottom" (cards and ``--``,
    each followed by a space, a row split or the end; a short row padded with empty
    slots), or -1: any other spelling is the general parser's."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0
    cdef Py_UCS4 ch, sc
    cdef int row = 0, slots = 0, placed = 0, lo = 0, r, s, k
    cdef int size[3]
    size[0] = 3
    size[1] = 5
    size[2] = 5
    while True:
        if i >= n or PyUnicode_READ_CHAR(text, i) == u'/' or PyUnicode_READ_CHAR(text, i) == u'|':
            if slots > size[row]:
                return -1
            for k in range(placed, size[row]):
                board[lo + k] = OFC_EMPTY
            lo += size[row]
            row += 1
            if i >= n:
                return 13 if row == 3 else -1
            if row == 3:
                return -1
            slots = 0
            placed = 0
            i += 1
            continue
        ch = PyUnicode_READ_CHAR(text, i)
        if ch == u' ':
            i += 1
            continue
        if i + 1 >= n:
            return -1
        sc = PyUnicode_READ_CHAR(text, i + 1)
        if i + 2 < n and PyUnicode_READ_CHAR(text, i + 2) not in (u' ', u'/', u'|'):
            return -1
        if ch == u'-' and sc == u'-':
            slots += 1
        else:
            if ch >= 128 or sc >= 128:
                return -1
            r = _RANK_OF[ch]
            s = _SUIT_OF[sc]
            if r < 0 or s < 0 or placed == size[row]:
                return -1
            board[lo + placed] = <uint8_t>(r * 4 + s)
            placed += 1
            slots += 1
        i += 2


cdef int _read_partial(object x, uint8_t *board) except -2:
    """13 slots of one partial board without jokers, rows filled left to right: text, a
    list / tuple of 13 card codes and empty slots (255 or -1), or a (13,) uint8 array;
    or -1."""
    cdef Py_ssize_t i
    cdef int c, lo, hi, k, placed
    cdef object item
    cdef uint8_t slots[13]
    cdef cnp.ndarray arr
    if type(x) is str:
        if _read_partial_text(<str>x, board) < 0:
            return -1
        return -1 if ofc_partial_first_bad(board) >= 0 else 13
    if (type(x) is list or type(x) is tuple) and len(x) == 13:
        for i in range(13):
            item = x[i]
            c = _code_of(item)
            if c < 0:
                if type(item) is not int or (item != -1 and item != OFC_EMPTY):
                    return -1
                c = OFC_EMPTY
            slots[i] = <uint8_t>c
    elif type(x) is cnp.ndarray:
        arr = <cnp.ndarray>x
        if (cnp.PyArray_TYPE(arr) != cnp.NPY_UINT8 or cnp.PyArray_NDIM(arr) != 1
                or cnp.PyArray_DIMS(arr)[0] != 13 or not cnp.PyArray_IS_C_CONTIGUOUS(arr)):
            return -1
        memcpy(slots, cnp.PyArray_DATA(arr), 13)
    else:
        return -1
    if ofc_partial_first_bad(slots) >= 0:
        return -1
    # rows fill left to right: a card after an empty slot moves up (as partial_boards)
    for lo, hi in ((0, 3), (3, 8), (8, 13)):
        placed = lo
        for k in range(lo, hi):
            if slots[k] != OFC_EMPTY:
                board[placed] = slots[k]
                placed += 1
        for k in range(placed, hi):
            board[k] = OFC_EMPTY
    return 13


def can_avoid_foul_door(general, rules_type, default_rules, get_rules, int64_t first_budget):
    """``can_avoid_foul`` of one partial board (text or 13 codes), dead cards given as one
    list (or none), no jokers, answered in C when its search ends within ``first_budget`` nodes (the general
    path's first pass: a longer search goes there, in short Ctrl-C-safe calls)."""
    def can_avoid_foul(boards, rules=_MISSING, *, dead=None, budget=-1, workers=1):
        cdef uint8_t board[13]
        cdef uint8_t pool[OFC_DECK_SIZE]
        cdef uint8_t seen[OFC_DECK_SIZE]
        cdef uint8_t gone[OFC_DECK_SIZE]
        cdef int npool = 0, ndead = 0, got, i
        cdef RuleTables tables
        cdef cnp.ndarray out
        cdef object r = default_rules if rules is _MISSING else rules
        if type(budget) is int and budget == -1 and type(workers) is int and workers == 1:
            if type(r) is not rules_type:
                r = get_rules(r)
            tables = r.tables
            if dead is not None:   # one list of cards (codes or text), or card text
                ndead = _read_codes(dead, gone, OFC_DECK_SIZE) if type(dead) is not cnp.ndarray else -1
            if tables.jr.jokers == 0 and ndead >= 0 and _read_partial(boards, board) == 13:
                memset(seen, 0, OFC_DECK_SIZE)
                for i in range(13):
                    if board[i] != OFC_EMPTY:
                        seen[board[i]] = 1
                for i in range(ndead):
                    if seen[gone[i]]:   # on the board or dead twice: the general path words it
                        return general(boards, r, dead=dead, budget=budget, workers=workers)
                    seen[gone[i]] = 1
                for i in range(OFC_DECK_SIZE):   # the pool: the cards left, in code order
                    if not seen[i]:
                        pool[npool] = <uint8_t>i
                        npool += 1
                with nogil:
                    got = ofc_partial_can_avoid_foul(board, pool, npool, &tables.c, first_budget)
                if got == 0 or got == 1:
                    out = _scalar_array(cnp.NPY_BOOL)
                    (<uint8_t *>cnp.PyArray_DATA(out))[0] = <uint8_t>got
                    return out
        return general(boards, r, dead=dead, budget=budget, workers=workers)
    return _dressed(can_avoid_foul, general)


# --- one 2-7 hand, one partial row ---------------------------------------------------

def lowball27_door(general):
    """``lowball27`` with one hand of 5 valid cards (ints, array or text) answered in C."""
    def lowball27(hands, *, workers=1, rules=None):
        cdef uint8_t buf[5]
        cdef int v
        if rules is None and type(workers) is int and workers == 1:
            if _read_codes(hands, buf, 5) == 5:
                v = ofc_lowball27(buf, 5)
                if v > 0:
                    return <object>PyList_GET_ITEM(_INTS, v)
        return general(hands, workers=workers, rules=rules)
    return _dressed(lowball27, general)


def partial_strength_door(general):
    """``partial_strength`` with one row of 1 to 5 valid cards (ints, array or text)
    answered in C."""
    def partial_strength(rows, *, workers=1, rules=None):
        cdef uint8_t buf[5]
        cdef uint16_t v
        cdef int n
        if rules is None and type(workers) is int and workers == 1:
            n = _read_codes(rows, buf, 5)
            if n >= 1 and ofc_partial_strength_batch(buf, 1, n, &v) < 0:
                return <object>PyList_GET_ITEM(_INTS, v)
        return general(rows, workers=workers, rules=rules)
    return _dressed(partial_strength, general)
