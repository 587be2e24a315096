"""The game engine: hands and matches of any preset, played in C (docs/RULES.md §7, §8, §10).

``Game(rules, players, *, seed)`` deals a hand as the rules' dealing fields
say: ``first_round`` cards, then ``rounds`` rounds of ``round_cards`` of which
``round_play`` are placed (the rest discarded face down); a player in
Fantasyland gets all their cards at once, acts first and sets 13.  Seats
act in turn from the left of the button, street after street.  At the end
of a hand: net points (:func:`~ofc_fast.score`), royalties, fouls and the
Fantasyland cards of the next hand; :meth:`Game.next_hand` moves the button
one seat left and carries Fantasyland; a match ends when a stack reaches 0
(as :func:`~ofc_fast.play_match`).

Actions.  A normal turn's action is an int code with one base-4 digit per
held card, least significant first, in the order of :attr:`Game.held`:
0 top, 1 middle, 2 bottom, 3 discard.  Codes are below :data:`ACTIONS`
(1024), so :meth:`Game.action_mask` is a fixed-size bool array.  A row's
cards fill its slots left to right, so distinct legal codes give distinct
boards.  A Fantasyland turn's action is the 13 cards of the board (text,
codes or a Board); the held cards not on it are discarded.

>>> g = Game("pineapple", 2, seed=7)
>>> g.turn, g.held.size, len(g.legal_actions())
(0, 5, 232)
>>> g.apply(g.encode(top=g.held[:1], middle=g.held[1:3], bottom=g.held[3:]))
>>> g.turn
1
>>> while not g.done:
...     g.play("random")
>>> int(g.scores.sum()), g.boards.shape
(0, (2, 13))
>>> Game.replay(g.to_json()).boards.tolist() == g.boards.tolist()
True
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .. import _play
from .._checks import check_int, check_seed, is_int, shown
from .._core import status_message
from .._play import HandState
from ..board import drawing
from ..board.boards import Board, board_array, board_text
from ..board.geometry import ROW_SLICES, ROWS
from ..board.partial import unseen
from ..board.rules import Rules, get_rules
from ..hand.cards import DECK_SIZE, EMPTY, card_str, cards
from .dealing import next_button
from .history import HandRecord, History, read_history, write_history

__all__ = ["ACTIONS", "POLICIES", "ROW_CODES", "Game", "Policy"]

#: the most cards a turn outside Fantasyland holds (the C core's OFC_MAX_HELD)
MAX_HELD: Final = int(_play.MAX_HELD)
#: size of an action mask: codes are below 4**MAX_HELD
ACTIONS: Final = int(_play.ACTIONS)
#: the digit of each destination in an action code
ROW_CODES: Final = {"top": 0, "middle": 1, "bottom": 2, "discard": 3}
#: the built-in policies, played in C: name -> number, read from the C core's policy
#: registry (csrc/play/ofc_policies.c, where a policy is added); "random" (a uniform legal
#: placement), "greedy" (the heuristic's 8 best placements scored by the board each makes
#: and by 32 completions played by the heuristic; the exact solver in Fantasyland), "heuristic" (each
#: placement scored by a static outlook of the board it makes, no sampling; takes
#: weights, see Policy)
POLICIES: Final = {name: number for number, (name, _, _) in enumerate(_play.policies())}
#: the one-line description of each built-in policy, from the same registry
POLICY_DESCRIPTIONS: Final = {name: text for name, text, _ in _play.policies()}
#: hands or completions per C call of each policy's long work (self-play, rollouts),
#: from the same registry: Ctrl-C is noticed between calls
POLICY_BLOCKS: Final = {name: block for name, _, block in _play.policies()}
#: the parameters each built-in policy takes, from the same registry: name -> {parameter:
#: tuned default}, in the order the C policy reads them (empty for one that takes none)
POLICY_PARAMS: Final = {name: dict(zip(names, defaults))
                        for (name, _, _), (names, defaults) in zip(_play.policies(), _play.policy_params())}

_Result = tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.bool_],
                npt.NDArray[np.int32]]
Action = int | str | Sequence[Any] | npt.NDArray[Any] | Board | Mapping[str, Any]

class Policy:
    """A built-in policy with its parameters: ``Policy("heuristic", foul=25.0)`` or
    ``Policy("heuristic", weights=[...])`` (every weight, in the order of
    :data:`POLICY_PARAMS`), accepted wherever a policy name is (:meth:`Game.play`,
    :func:`~ofc_fast.simulate`, :func:`~ofc_fast.rollout`,
    :func:`~ofc_fast.evaluate_placements`).  Parameters not given keep their tuned
    defaults, so ``Policy("heuristic")`` plays as ``"heuristic"``; the C policy gets them
    as numbers, so a bot tunes without C.

    >>> p = Policy("heuristic", foul=40.0)
    >>> p.name, p.params["foul"], str(p)
    ('heuristic', 40.0, 'heuristic(foul=40.0)')
    >>> Policy("random", foul=1.0)
    Traceback (most recent call last):
    ...
    TypeError: policy 'random' takes no parameters, got foul
    """

    __slots__ = ("_code", "_name", "_values")

    def __init__(self, name: str, weights: Sequence[float] | Mapping[str, float] | None = None,
                 **params: float) -> None:
        code = policy_code(name)
        key = name.lower()
        defaults = POLICY_PARAMS[key]
        values = dict(defaults)
        given: dict[str, Any] = {}
        if weights is not None:
            if isinstance(weights, Mapping):
                given.update(weights)
            elif isinstance(weights, (str, bytes)) or not isinstance(weights, (Sequence, np.ndarray)):
                raise TypeError(f"policy {key!r}: weights is a sequence of {len(defaults)} numbers "
                                f"({', '.join(defaults) or 'none'}) or a mapping of them, got "
                                f"{type(weights).__name__} {weights!r}")
            else:
                if isinstance(weights, np.ndarray) and weights.ndim != 1:
                    raise ValueError(f"policy {key!r}: weights is one row of {len(defaults)} numbers, "
                                     f"got an array of shape {weights.shape}")
                ws = list(weights)
                if len(ws) != len(defaults):
                    raise ValueError(f"policy {key!r} takes {len(defaults)} weights "
                                     f"({', '.join(defaults) or 'none'}), got {len(ws)}")
                given.update(zip(defaults, ws))
        for k, v in params.items():
            if k in given:
                raise TypeError(f"policy {key!r}: {k} given twice (in weights and by name)")
            given[k] = v
        if given and not defaults:
            raise TypeError(f"policy {key!r} takes no parameters, got {', '.join(given)}")
        for k, v in given.items():
            if k not in defaults:
                raise TypeError(f"policy {key!r} has no parameter {k!r}; its parameters: "
                                f"{', '.join(defaults)}")
            if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)):
                raise TypeError(f"policy {key!r}: {k} must be a number, got {type(v).__name__} {v!r}")
            if not np.isfinite(float(v)):
                raise ValueError(f"policy {key!r}: {k} must be finite, got {v!r}")
            values[k] = float(v)
        self._code = code
        self._name = key
        self._values = tuple(values.values())

    @property
    def name(self) -> str:
        return self._name

    @property
    def params(self) -> dict[str, float]:
        """Every parameter, given or default, in the order the C policy reads them."""
        return dict(zip(POLICY_PARAMS[self._name], self._values))

    def c_args(self) -> tuple[int, npt.NDArray[np.float64] | None]:
        """(registry number, parameters as a float64 array or None for none) for the C calls."""
        return self._code, (np.array(self._values, dtype=np.float64) if self._values else None)

    def __str__(self) -> str:
        changed = [f"{k}={v!r}" for (k, d), v in zip(POLICY_PARAMS[self._name].items(), self._values)
                   if v != d]
        return f"{self._name}({', '.join(changed)})" if changed else self._name

    def __repr__(self) -> str:
        changed = [f"{k}={v!r}" for (k, d), v in zip(POLICY_PARAMS[self._name].items(), self._values)
                   if v != d]
        return f"Policy({', '.join([repr(self._name)] + changed)})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Policy) and (self._name, self._values) == (other._name, other._values)

    def __hash__(self) -> int:
        return hash((self._name, self._values))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Policy, (self._name, list(self._values)))


#: what plays a turn: a built-in policy's name, a Policy (with parameters), or a callable
PolicyLike = str | Policy | Callable[["Game"], Any]


def policy_spec(policy: Any, also: str = "") -> tuple[int, npt.NDArray[np.float64] | None, str]:
    """(registry number, parameters or None, the label results carry) of a built-in policy
    given by name (any case) or as a :class:`Policy`."""
    if isinstance(policy, Policy):
        code, params = policy.c_args()
        return code, params, str(policy)
    code = policy_code(policy, also)
    return code, None, str(policy).lower()

_POLICY_SALT = 0x5EED_0F_C0FFEE
# determinize's streams: its own, not those of a game whose seed is the same number
_DETERMINIZE_SALT = 0xD07E_2A1F_5EED_0F


class Game:
    """A hand (and a match) of OFC for 2 to ``rules.max_players`` seats, seeded and reproducible.

    ``seed``: 0..2**64-1; hand ``h`` of a game is dealt from stream ``h`` of
    the seed (the same cards as ``deal(..., seed=seed, start=h)`` when nobody
    is in Fantasyland).  ``button``: the dealer seat of the first hand
    (seat ``button + 1`` acts first).  ``fantasyland``: cards dealt to each
    seat in Fantasyland in the first hand (0: none; else a count the rules
    deal, :attr:`Rules.fantasyland_deals`).

    ``match``: True (the default) plays a match: each seat starts with
    ``rules.match_points`` and :attr:`match_over` turns True once a stack
    reaches 0, after which :meth:`next_hand` raises.  False plays independent
    hands for as long as you like (stacks are still counted in :attr:`points`,
    and may go below 0); a bot or a training loop usually wants this.

    A Game may be shared by threads (each call holds the game's lock), pickled,
    and copied: ``copy.copy``, ``copy.deepcopy`` and :meth:`clone` give an
    independent game in the same position (search and RL branch positions).

    >>> g = Game("pineapple", 2, seed=1, match=False)
    >>> for _ in range(200):
    ...     g.play_hand("random"); g.next_hand()
    >>> g.hand_number, g.match_over
    (200, False)
    """

    def __init__(self, rules: Rules | str, players: int, *, seed: int, button: int = -1,
                 fantasyland: Sequence[int] | None = None, match: bool = True) -> None:
        r = get_rules(rules)
        players = check_int(players, "players")
        r.check_players(players)
        check_dealing(r)
        self._rules = r
        self._players = players
        self._seed = check_seed(seed)
        button = check_int(button, "button", "an int seat")
        button = button % players if button == -1 else button
        if not 0 <= button < players:
            raise ValueError(f"button must be a seat in 0..{players - 1}, got {button}")
        fl = seat_fantasyland(fantasyland, players, r)
        if not isinstance(match, (bool, np.bool_)):
            raise TypeError(f"match must be True (a match to a stack of 0) or False "
                            f"(independent hands), got {match!r}")
        self._match = bool(match)
        self._lock = threading.RLock()
        self._start: dict[str, Any] = {"button": button, "fantasyland": list(fl)}
        self._points = np.full(players, r.match_points, dtype=np.int64)
        self._hand = -1
        self._hands: list[list[Any]] = []
        # hand number -> its deck, for a hand not dealt from the seed (determinize)
        self._decks: dict[int, list[int]] = {}
        self._match_over = False
        self._begin(button, fl)

    # --- hands ------------------------------------------------------------------
    def _begin(self, button: int, fl: list[int]) -> None:
        r = self._rules
        # the new hand's state first: when it is refused (too many cards) nothing changes
        state = _play.HandState(r.tables, self._players, r.first_round, r.rounds, r.round_cards,
                                  r.round_play, self._seed, self._hand + 1, button, fl)
        self._state = state
        self._hand += 1
        self._button = button
        self._fl = list(fl)
        self._hands.append([])
        self._result: _Result | None = None

    def next_hand(self) -> None:
        """Start the next hand of the match: the button moves one seat left, Fantasyland carries.

        With ``rules.fl_keeps_button`` the button stays put for a hand in which
        a seat is in Fantasyland.

        >>> g = Game("original", 3, seed=1)
        >>> g.play_hand("random"); g.next_hand(); g.hand_number, g.button
        (1, 0)
        """
        with self._lock:
            if not self.done:
                raise RuntimeError("the hand is not over: play every turn before next_hand()")
            if self._match_over:
                raise RuntimeError(f"the match is over: seat(s) {self.match_losers} reached 0 "
                                   f"points (Game(..., match=False) plays hands without end)")
            fl = [int(c) for c in self.next_fantasyland]
            self._begin(next_button(self._rules, self._button, self._players, fl), fl)

    def _finish(self) -> None:
        if self._result is None and self._state.turn < 0:
            self._result = self._state.result(self._rules.tables)
            self._points += self._result[0]
            if self._match and (self._points <= 0).any():
                self._match_over = True

    # --- state ------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def players(self) -> int:
        return self._players

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def hand_number(self) -> int:
        """Hands started before this one in the match (0 for the first)."""
        return self._hand

    @property
    def button(self) -> int:
        return self._button

    @property
    def turn(self) -> int | None:
        """The seat to act, or None once the hand is over."""
        t = int(self._state.turn)
        return None if t < 0 else t

    @property
    def done(self) -> bool:
        """True once every seat has set 13 cards."""
        return int(self._state.turn) < 0

    @property
    def boards(self) -> npt.NDArray[np.uint8]:
        """(players, 13) boards, 255 for empty slots (every board: use :meth:`observation` for a seat's view)."""
        return self._state.boards

    @property
    def held(self) -> npt.NDArray[np.uint8]:
        """The cards of the seat to act, in the order action codes number them."""
        return self._state.held

    @property
    def fantasyland(self) -> list[int]:
        """Cards each seat gets in Fantasyland this hand (0: plays normally)."""
        return list(self._fl)

    def discards(self, seat: int) -> npt.NDArray[np.uint8]:
        """The cards ``seat`` has discarded this hand (only that seat sees them)."""
        return self._state.discards(self._seat(seat))

    def street(self, seat: int) -> int:
        """Turns ``seat`` has finished this hand."""
        return int(self._state.street(self._seat(seat)))

    def _seat(self, seat: Any) -> int:
        if not is_int(seat) or not 0 <= int(seat) < self._players:
            raise ValueError(f"seat must be in 0..{self._players - 1}, got {shown(seat)}")
        return int(seat)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees, as a dict:

        * ``seat``: the seat;
        * ``boards``: (players, 13) uint8, every board, 255 in the empty slots (a
          Fantasyland board of another seat stays hidden, all 255, until the hand ends);
        * ``rows``: the same boards as rows, one dict per seat,
          ``{"top": cards, "middle": cards, "bottom": cards}``, each a uint8 array of the
          cards placed in that row so far, left to right (no padding: ``len`` is the count;
          a hidden Fantasyland board has empty rows);
        * ``held``: the seat's cards to place, in the order action codes number them
          (empty unless it is to act);
        * ``discards``: the cards the seat has discarded this hand (only it sees them);
        * ``unseen``: the cards it cannot see, ascending (of the rules' deck: with jokers,
          codes 52 and 53 among them while unseen): the others' held cards and discards,
          hidden Fantasyland boards and the rest of the deck;

        and per seat, each an array of ``players`` values (public: every seat sees them):

        * ``street``: int32, turns the seat has finished this hand (:meth:`street`; a
          Fantasyland seat has one turn, so 0 or 1);
        * ``acted``: bool, True once the seat has played its turn of the street being
          played (the street of the seat to act; a Fantasyland seat, which sets its 13
          cards before anyone else acts, once it has set them; everyone once the hand is over);
        * ``discard_count``: int32, how many cards the seat has discarded (the others'
          discards are hidden, their count is not);
        * ``fantasyland``: int32, the cards the seat is dealt in Fantasyland this hand,
          0 when it plays normally (:attr:`fantasyland`: non-zero means in Fantasyland).

        >>> g = Game("pineapple", 2, seed=3)
        >>> sorted(g.observation(1))
        ['acted', 'boards', 'discard_count', 'discards', 'fantasyland', 'held', 'rows', 'seat', 'street', 'unseen']
        >>> g.play("heuristic"); g.play("heuristic"); g.play("heuristic")   # street 1: seat 0 acted
        >>> obs = g.observation(1)
        >>> obs["street"].tolist(), obs["acted"].tolist(), obs["discard_count"].tolist()
        ([2, 1], [True, False], [1, 0])
        >>> sum(len(cs) for cs in obs["rows"][0].values()), obs["held"].size, obs["unseen"].size
        (7, 3, 37)
        """
        with self._lock:
            s = self._seat(seat)
            boards = self.boards.copy()
            street, counts, filled = self._state.seat_counts()
            if not self.done:
                for other in range(self._players):
                    if other != s and self._fl[other]:
                        boards[other] = EMPTY
                        filled[other] = [0, 0, 0]
            held = self.held if self.turn == s else np.zeros(0, np.uint8)
            disc = self.discards(s)
            # a row's cards fill its slots left to right: its first `filled` slots
            cells = boards.copy()
            rows = [{name: cells[p, lo:lo + n] for name, (lo, _), n in zip(ROWS, ROW_SLICES, filled[p])}
                    for p in range(self._players)]
            return {"seat": s, "boards": boards, "rows": rows, "held": held.copy(), "discards": disc,
                    "unseen": unseen(boards, held, disc, jokers=self._rules.jokers),
                    "street": np.array(street, dtype=np.int32), "acted": self._acted(street),
                    "discard_count": np.array(counts, dtype=np.int32),
                    "fantasyland": np.array(self._fl, dtype=np.int32)}

    def _acted(self, street: list[int]) -> npt.NDArray[np.bool_]:
        """Per seat: has it played its turn of the street being played (observation)."""
        t = self.turn
        if t is None:
            return np.ones(self._players, dtype=bool)
        if self._fl[t]:     # the Fantasyland seats act first, each once
            return np.array([bool(f) and n >= 1 for f, n in zip(self._fl, street)], dtype=bool)
        return np.array([bool(f) or n > street[t] for f, n in zip(self._fl, street)], dtype=bool)

    # --- actions ------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        """Every legal action code of the turn, ascending (empty for a Fantasyland turn or a
        finished hand)."""
        return self._state.legal_codes()

    def action_mask(self) -> npt.NDArray[np.bool_]:
        """(ACTIONS,) bool: True at the legal codes (the engine's placement table)."""
        return self._state.legal_mask()

    def encode(self, *, top: Any = (), middle: Any = (), bottom: Any = (),
               discard: Any = None) -> int:
        """The code that places these held cards in these rows (the others are discarded).

        >>> g = Game("original", 2, seed=1)
        >>> g.decode(g.encode(top=g.held[:2], middle=g.held[2:], bottom=[]))["top"].size
        2
        """
        held = [int(c) for c in self.held]
        code = 0
        placed: dict[int, str] = {}
        for name, row in (("top", top), ("middle", middle), ("bottom", bottom),
                          ("discard", discard if discard is not None else ())):
            try:
                codes = (cards(row, jokers=self._rules.jokers).reshape(-1).tolist()
                         if not isinstance(row, tuple) or row else [])
            except (TypeError, ValueError) as e:
                raise type(e)(f"{name}: {e}") from None
            for c in codes:
                if c not in held:
                    raise ValueError(f"{name}: {card_str(c)} is not held (held: {card_str(self.held)})")
                if c in placed:
                    raise ValueError(f"{card_str(c)} is given to {placed[c]} and to {name}")
                placed[c] = name
                code |= ROW_CODES[name] << (2 * held.index(c))
        for i, c in enumerate(held):
            if c not in placed:
                code |= 3 << (2 * i)
        return code

    def decode(self, code: int) -> dict[str, npt.NDArray[np.uint8]]:
        """The cards an action code sends to each row and to the discards."""
        held = self.held
        code = check_int(code, "code", "an int (an action code)")
        if not 0 <= int(code) < 4 ** held.size:
            raise ValueError(f"action code {code} is not in 0..{4 ** held.size - 1} "
                             f"(two bits for each of the {held.size} held cards)")
        out: dict[str, list[int]] = {name: [] for name in ROW_CODES}
        names = list(ROW_CODES)
        for i, c in enumerate(held.tolist()):
            out[names[(int(code) >> (2 * i)) & 3]].append(c)
        return {k: np.array(v, dtype=np.uint8) for k, v in out.items()}

    def apply(self, action: Action) -> None:
        """Play the turn of the seat to act; an illegal action raises ValueError and changes nothing.

        ``action``: an int code (:meth:`legal_actions`), a mapping ``{"top": cards, ...}``
        (see :meth:`encode`), or, on a Fantasyland turn, the 13 cards of the board.
        """
        with self._lock:
            self._apply(action)

    def _apply(self, action: Action) -> None:
        if self.done:
            raise ValueError("the hand is over: no seat is to act")
        seat = int(self._state.turn)
        if self._fl[seat]:
            board = board_array(action, jokers=self._rules.jokers) if not isinstance(action, Mapping) else None
            if board is None or board.shape != (13,):
                raise ValueError(f"seat {seat} is in Fantasyland: the action is its 13 cards "
                                 f"(top, middle, bottom), got {action!r}")
            err = self._state.set_board(np.ascontiguousarray(board))
            if err:
                raise ValueError(f"seat {seat}: {status_message(err)} (held: "
                                 f"{card_str(self.held)}, board: {card_str(board)})")
            self._hands[-1].append(board.tolist())
        else:
            if isinstance(action, Mapping):
                odd = [k for k in action if k not in ROW_CODES]
                if odd:
                    raise ValueError(f"seat {seat}: an action maps rows ({', '.join(ROW_CODES)}) "
                                     f"to cards, got the key {odd[0]!r}")
                code = self.encode(**dict(action))
            elif is_int(action):
                code = int(action)
            else:
                raise TypeError(f"seat {seat}: an action is an int code or a mapping of rows "
                                f"to cards, got {type(action).__name__} {action!r}")
            if not 0 <= code < ACTIONS:
                raise ValueError(f"seat {seat}: action code {code} is not in 0..{ACTIONS - 1}")
            err = self._state.apply(code)
            if err:
                what = (f"placement {_placement_text(self.decode(code))}"
                        if isinstance(action, Mapping) else f"action {code}")
                raise ValueError(f"seat {seat}: {what} is illegal: {status_message(err)} "
                                 f"(held: {card_str(self.held)})")
            self._hands[-1].append(code)
        self._finish()

    def play(self, policy: PolicyLike = "random") -> None:
        """Play the turn with a built-in policy (``"random"``, ``"greedy"``, ``"heuristic"``,
        ``"lookahead"``, or a :class:`Policy` with parameters) or a callable.

        A callable gets this game and returns an action for :meth:`apply`; it must
        not play the turn itself.
        """
        with self._lock:
            self._play(policy)

    def _play(self, policy: PolicyLike) -> None:
        if self.done:
            raise ValueError("the hand is over: no seat is to act")
        if callable(policy):
            where = (self._hand, len(self._hands[-1]))
            action = policy(self)
            if (self._hand, len(self._hands[-1])) != where:
                raise RuntimeError(
                    f"policy {getattr(policy, '__name__', policy)!r} played the turn itself (it "
                    f"called apply() or play()): a policy returns the action and leaves the game "
                    f"alone; its action {action!r} was not applied")
            self._apply(action)
            return
        if not isinstance(policy, (str, Policy)):
            raise TypeError(f"policy must be a built-in policy name ({', '.join(POLICIES)}), a "
                            f"Policy or a callable, got {type(policy).__name__} {policy!r}")
        code, params, _ = policy_spec(policy, "or a callable")
        seat = int(self._state.turn)
        err, action = self._play_policy(self._state, code, params)
        if err:
            raise ValueError(f"seat {seat}: policy {policy!r} failed: {status_message(err)}")
        # record what the policy did, as the action it amounts to (the C side worked out
        # the code of a normal turn; a Fantasyland turn is the board it set)
        self._hands[-1].append(self._state.board_list(seat) if self._fl[seat] else action)
        self._finish()

    def _play_policy(self, state: HandState, code: int,
                     params: npt.NDArray[np.float64] | None) -> tuple[int, int]:
        """Play the turn on ``state`` (this game's or a copy) with built-in policy ``code``, from
        the stream of this turn: the seed and the position fix it, so a copy plays the same."""
        stream = (self._hand << 8) | len(self._hands[-1])
        err, action = state.play_policy(code, self._rules.tables, self._seed ^ _POLICY_SALT, stream, params)
        return int(err), int(action)

    def choose(self, policy: str | Policy = "random") -> int | npt.NDArray[np.uint8]:
        """The move built-in policy ``policy`` (a name or a :class:`Policy`) would make now,
        without playing it: an action code on a normal turn, the 13 cards of the board (a
        uint8 array: top, middle, bottom) on a Fantasyland turn.

        It is exactly what :meth:`play` with that policy plays next (a policy's random
        stream is fixed by the seed and the position, so asking first changes nothing, the
        game included), and :meth:`apply` takes it: ``g.apply(g.choose(p))`` plays as
        ``g.play(p)``.  A callable policy is its own chooser: call it with the game.

        >>> g = Game("pineapple", 2, seed=7)
        >>> code = g.choose("heuristic"); h = g.clone(); h.play("heuristic")
        >>> g.apply(code); g.boards.tolist() == h.boards.tolist()
        True
        >>> f = Game("pineapple", 2, seed=7, fantasyland=[14, 0])   # seat 0 sets 13 of 14
        >>> board = f.choose("greedy"); board.shape, f.turn
        ((13,), 0)
        >>> f.apply(board); f.turn
        1
        """
        if not isinstance(policy, (str, Policy)):
            raise TypeError(f"policy must be a built-in policy name ({', '.join(POLICIES)}) or a "
                            f"Policy (a callable chooses by itself: call it with the game), got "
                            f"{type(policy).__name__} {shown(policy)}")
        code, params, _ = policy_spec(policy)
        with self._lock:
            if self.done:
                raise ValueError("the hand is over: no seat is to act, so there is no move to choose")
            seat = int(self._state.turn)
            trial = self._state.copy()
            err, action = self._play_policy(trial, code, params)
            if err:
                raise ValueError(f"seat {seat}: policy {policy!r} failed: {status_message(err)}")
            if self._fl[seat]:
                return np.array(trial.board_list(seat), dtype=np.uint8)
            return int(action)

    def play_hand(self, policies: PolicyLike | Sequence[PolicyLike] = "random") -> None:
        """Play the rest of the hand, each seat with its policy (one for all, or one per seat)."""
        if isinstance(policies, (str, Policy)) or callable(policies):
            per_seat = [policies] * self._players
        elif isinstance(policies, Sequence) and not isinstance(policies, (bytes, bytearray)):
            per_seat = list(policies)
        else:
            raise TypeError(f"policies: a built-in policy name ({', '.join(POLICIES)}), a "
                            f"callable, or one of them per seat, got {type(policies).__name__} "
                            f"{policies!r}")
        if len(per_seat) != self._players:
            raise ValueError(f"one policy per seat ({self._players}), got {len(per_seat)}")
        for seat, p in enumerate(per_seat):
            if not (isinstance(p, (str, Policy)) or callable(p)):
                raise TypeError(f"policies[{seat}]: a built-in policy name ({', '.join(POLICIES)}) "
                                f"or a callable, got {type(p).__name__} {p!r}")
        with self._lock:
            while not self.done:
                self._play(per_seat[int(self._state.turn)])

    # --- results ------------------------------------------------------------------
    def _need_result(self) -> _Result:
        if self._result is None:
            raise ValueError("the hand is not over yet")
        return self._result

    @property
    def scores(self) -> npt.NDArray[np.int32]:
        """Net points of each seat for this hand (sums to 0), once the hand is over."""
        return self._need_result()[0].copy()

    @property
    def royalties(self) -> npt.NDArray[np.int32]:
        """(players, 3) royalties per row, 0 when fouled, once the hand is over."""
        return self._need_result()[1].copy()

    @property
    def fouled(self) -> npt.NDArray[np.bool_]:
        return self._need_result()[2].copy()

    @property
    def next_fantasyland(self) -> npt.NDArray[np.int32]:
        """Cards each seat gets in Fantasyland next hand (0: none), once the hand is over."""
        return self._need_result()[3].copy()

    @property
    def points(self) -> npt.NDArray[np.int64]:
        """Each seat's match stack after the hands finished so far."""
        return self._points.copy()

    @property
    def match_over(self) -> bool:
        """True once a stack reached 0 or less (docs/RULES.md §10)."""
        return self._match_over

    @property
    def match_losers(self) -> list[int]:
        return [int(s) for s in np.flatnonzero(self._points <= 0)]

    # --- copies ------------------------------------------------------------------
    def clone(self) -> Game:
        """An independent game in the same position (cheap: the C hand state is copied,
        not replayed); what one plays does not change the other.

        >>> g = Game("pineapple", 2, seed=4); h = g.clone(); h.play("random")
        >>> len(g.held), len(h.held), g.turn, h.turn
        (5, 5, 0, 1)
        """
        with self._lock:
            other = Game.__new__(Game)
            other.__dict__.update(self.__dict__)
            other._lock = threading.RLock()
            other._state = self._state.copy()
            other._points = self._points.copy()
            other._hands = [list(h) for h in self._hands]
            other._decks = {h: list(d) for h, d in self._decks.items()}
            other._fl = list(self._fl)
            other._start = {"button": self._start["button"],
                            "fantasyland": list(self._start["fantasyland"])}
            return other

    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.clone()

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # a pickle is the history: portable across builds and machines, replayed on load
        return (_from_history, (self.to_json(),))

    def determinize(self, seat: int, seed: int, *,
                    fantasyland_policy: str | Policy = "greedy") -> Game:
        """A new game in which every card ``seat`` cannot see is drawn again at random,
        consistently: this game is left as it was.

        The cards of :meth:`observation(seat) <observation>`'s ``unseen`` (the others' held
        cards and discards, any hidden Fantasyland board and the rest of the deck) are
        shuffled among those places, uniformly: each place gets each unseen card with the
        same chance, and every card lies in one place (no inference from how the others
        played: the draw a search over the hidden cards starts from).  Everything ``seat``
        sees stays as it is (the boards it sees, its held cards and discards, every count:
        ``observation(seat)`` is the same), and the new game plays on like any other
        (:meth:`apply`, :meth:`play`, :meth:`play_hand`, scores, :meth:`next_hand`); its
        history records the hand's new deck, so :meth:`to_json`, :meth:`replay` and pickles
        give it back.

        A hidden Fantasyland board (another seat's, set before the hand ends) is not a
        random arrangement of random cards: that seat gets the cards it is now dealt (its
        share of the new deck) and sets them again as ``fantasyland_policy`` (a built-in
        policy's name or a :class:`Policy`) would: ``"greedy"`` and ``"heuristic"`` set them
        with the exact solver (the most royalties and the best Fantasyland stay, ignoring
        the other boards), ``"random"`` at random; the cards it does not set are its discards.

        ``seed``: 0..2**64-1; the same seed gives the same game (its own streams, not
        those of the game's seed).

        >>> g = Game("pineapple", 2, seed=5, fantasyland=[14, 0]); g.play("greedy"); g.play("random")
        >>> d = g.determinize(1, seed=9)
        >>> all((d.observation(1)[k] == g.observation(1)[k]).all() for k in ("boards", "discards", "unseen"))
        True
        >>> d.turn, d.held.tolist() == g.held.tolist(), d.boards[0].tolist() == g.boards[0].tolist()
        (1, True, False)
        >>> d.play_hand("heuristic"); Game.replay(d.to_json()).scores.tolist() == d.scores.tolist()
        True
        """
        s = self._seat(seat)
        seed = check_seed(seed)
        if not isinstance(fantasyland_policy, (str, Policy)):
            raise TypeError(f"fantasyland_policy must be a built-in policy name "
                            f"({', '.join(POLICIES)}) or a Policy, got "
                            f"{type(fantasyland_policy).__name__} {shown(fantasyland_policy)}")
        code, params, _ = policy_spec(fantasyland_policy)
        with self._lock:
            hidden = np.ascontiguousarray(self.observation(s)["unseen"], dtype=np.uint8)
            salted = seed ^ _DETERMINIZE_SALT
            state = self._state.shuffled(hidden, salted, 0)
            actions = list(self._hands[-1])
            if not self.done:
                # the Fantasyland seats act first, in seat order from the left of the button
                order = [(self._button + i) % self._players for i in range(1, self._players + 1)]
                for i, q in enumerate(q for q in order if self._fl[q]):
                    if q == s or i >= len(actions):
                        continue
                    err = state.reset_fantasyland(q, code, self._rules.tables, salted, 1 + q, params)
                    if err:
                        raise ValueError(f"seat {q}: policy {fantasyland_policy!r} failed to set its "
                                         f"Fantasyland cards: {status_message(err)}")
                    actions[i] = state.board_list(q)
            other = self.clone()
            other._state = state
            other._hands[-1] = actions
            other._decks[self._hand] = state.deck.tolist()
            return other

    # --- history ------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as JSON: rules, seats, seed, the first hand's button and Fantasyland,
        and every action of every hand (codes; Fantasyland boards as 13 codes)."""
        with self._lock:
            return write_history(History(self._rules, self._players, self._seed, self._start["button"],
                                         self._start["fantasyland"], self._hands, self._match,
                                         self._decks))

    @classmethod
    def replay(cls, history: str | Mapping[str, Any] | HandRecord) -> Game:
        """The game a :meth:`to_json` history describes, every action applied again; or, for a
        :class:`~ofc_fast.HandRecord` (:func:`~ofc_fast.read_histories`), the game at the end
        of that hand.

        >>> g = Game("pineapple", 3, seed=2); g.play_hand(); g.next_hand(); g.play("random")
        >>> h = Game.replay(g.to_json()); h.hand_number, h.boards.tolist() == g.boards.tolist()
        (1, True)
        """
        rec = read_history(history.history() if isinstance(history, HandRecord) else history)
        g = cls(rec.rules, rec.players, seed=rec.seed, button=rec.button, fantasyland=rec.fantasyland,
                match=rec.match)
        for h, actions in enumerate(rec.hands):
            if h:
                if not g.done:
                    raise ValueError(f"history hand {h}: hand {h - 1} is not over (its actions "
                                     f"stop at seat {g.turn}'s turn), so no hand can follow it")
                if g.match_over:
                    raise ValueError(f"history hand {h}: the match ended with hand {h - 1} "
                                     f"(seat(s) {g.match_losers} reached 0 points)")
                g.next_hand()
            if h in rec.decks:
                g._deal_from(rec.decks[h], f"history 'decks' hand {h}")
            for i, a in enumerate(actions):
                try:
                    g.apply(a)
                except (TypeError, ValueError) as e:
                    kind = TypeError if isinstance(e, TypeError) else ValueError
                    raise kind(f"history hand {h}, action {i}: {e}") from None
        return g

    def _deal_from(self, deck: Any, where: str) -> None:
        """Deal the hand just begun from ``deck`` (a history's), recorded for to_json."""
        if not isinstance(deck, list) or not all(is_int(c) and 0 <= int(c) < 256 for c in deck):
            raise ValueError(f"{where}: a deck is a list of card codes, got {shown(deck)}")
        arr = np.array([int(c) for c in deck], dtype=np.uint8)
        try:
            self._state.set_deck(arr)
        except ValueError as e:
            raise ValueError(f"{where}: {str(e).removeprefix('set_deck: ')}") from None
        self._decks[self._hand] = arr.tolist()

    # --- text ------------------------------------------------------------------------
    def __repr__(self) -> str:
        """One line: the game, the hand, and whose turn it is with the cards it holds (or the
        scores once the hand is over)."""
        with self._lock:
            head = self._head()
            return head if self.done else f"{head}, holding {card_str(self.held)}"

    def _head(self) -> str:
        """:meth:`__repr__` without the held cards (the pictures draw them)."""
        head = f"Game({self._rules.name!r}, {self._players}, seed={self._seed}): hand {self._hand}"
        if self.done:
            return f"{head} over, scores {' '.join(f'{int(v):+d}' for v in self.scores)}"
        t = int(self._state.turn)
        when = "Fantasyland" if self._fl[t] else f"street {self.street(t)}"
        return f"{head}, seat {t} to act ({when})"

    def __str__(self) -> str:
        """The table: :meth:`__repr__`'s line, then a line per seat with its board as
        ``top / middle / bottom`` (``--`` for an empty slot; every board, Fantasyland ones
        included: this is the game's view, not a seat's), the button, Fantasyland, the
        cards of the seat to act and, once the hand is over, the scores and fouls.

        >>> g = Game("pineapple", 2, seed=7); g.play("heuristic")
        >>> print(g)
        Game('pineapple', 2, seed=7): hand 0, seat 1 to act (street 0), holding Tc Jh 8h 8c 7h
          seat 0: 4s 5s 3c / -- -- -- -- -- / Kc 9c -- -- --
          seat 1: -- -- -- / -- -- -- -- -- / -- -- -- -- --   button; to act: Tc Jh 8h 8c 7h
        """
        with self._lock:
            lines = [repr(self)]
            boards = self.boards
            done = self.done
            for p in range(self._players):
                notes = ["button"] if p == self._button else []
                if self._fl[p]:
                    notes.append(f"Fantasyland ({self._fl[p]} cards)")
                if self.turn == p:
                    notes.append(f"to act: {card_str(self.held)}")
                if done:
                    notes.append(f"{int(self.scores[p]):+d}" + (" fouled" if self.fouled[p] else ""))
                lines.append(f"  seat {p}: {board_text(boards[p])}" + ("   " + "; ".join(notes) if notes else ""))
            return "\n".join(lines)

    def draw(self, kind: str = "text", *, symbols: bool = True) -> str:
        """A picture of the table (:mod:`ofc_fast.board.drawing`): ``"text"`` with suit
        symbols, ``"svg"`` or ``"html"``: every seat's board (the game's view), the seat
        to act framed with the cards it holds, the button, Fantasyland and, once the hand is
        over, royalties per row, fouls and scores (``symbols=False``: the text's suits as
        letters). ``str(game)`` stays as it is.

        >>> g = Game("pineapple", 2, seed=7); g.play("heuristic")
        >>> print(g.draw())
        Game('pineapple', 2, seed=7): hand 0, seat 1 to act (street 0), holding Tc Jh 8h 8c 7h
        seat 0
          top     4♠ 5♠ 3♣
          middle  -- -- -- -- --
          bottom  K♣ 9♣ -- -- --
        seat 1: button
          top     -- -- --
          middle  -- -- -- -- --
          bottom  -- -- -- -- --
          to act: T♣ J♥ 8♥ 8♣ 7♥
        """
        if not isinstance(kind, str) or kind not in drawing.KINDS:
            raise ValueError(f"kind must be one of {', '.join(drawing.KINDS)}; got {kind!r}")
        with self._lock:
            done = self.done
            boards = self.boards
            result = self._result if done else None
            seats = []
            for p in range(self._players):
                notes = ["button"] if p == self._button else []
                if self._fl[p]:
                    notes.append(f"Fantasyland ({self._fl[p]} cards)")
                if result is not None:
                    notes.append(f"score {int(result[0][p]):+d}")
                    if result[3][p]:
                        notes.append(f"next hand Fantasyland ({int(result[3][p])} cards)")
                to_act = self.turn == p
                seats.append(drawing.Seat(
                    boards[p].tolist(), title=f"seat {p}", notes=tuple(notes), to_act=to_act,
                    held=self.held.tolist() if to_act else (),
                    royalties=tuple(int(v) for v in result[1][p]) if result is not None else None,  # type: ignore[arg-type]
                    fouled=bool(result[2][p]) if result is not None else False))
            heading = repr(self) if kind == "text" else self._head()
        if kind == "text":
            return drawing.text(seats, heading, symbols=symbols)
        return drawing.svg(seats, heading) if kind == "svg" else drawing.html(seats, heading)

    def _repr_svg_(self) -> str:
        """The SVG picture of :meth:`draw` for notebooks."""
        return self.draw("svg")

    def _repr_html_(self) -> str:
        return self.draw("html")


def check_dealing(r: Rules) -> None:
    """Refuse rules the engine cannot deal (a turn outside Fantasyland holds at most
    :data:`MAX_HELD` cards: the action codes and the C policies cover no more); shared by
    the game, self-play and rollouts."""
    if r.first_round > MAX_HELD or r.round_cards > MAX_HELD:
        raise ValueError(f"{r.name}: the engine deals at most {MAX_HELD} cards a turn outside "
                         f"Fantasyland (first_round = {r.first_round}, round_cards = "
                         f"{r.round_cards})")


def policy_code(policy: Any, also: str = "") -> int:
    """The C code of a built-in policy name, in any case ("random", "Greedy")."""
    if isinstance(policy, str) and policy.lower() in POLICIES:
        return POLICIES[policy.lower()]
    raise ValueError(f"unknown policy {policy!r}; one of {sorted(POLICIES)}{' ' + also if also else ''}")


def _placement_text(rows: Mapping[str, npt.NDArray[np.uint8]]) -> str:
    """'top Ah Ad, middle -, bottom 7c, discard -' for an error message."""
    return ", ".join(f"{name} {card_str(cs) if cs.size else '-'}" for name, cs in rows.items())


def _from_history(history: str) -> Game:
    """A pickled Game: its history replayed."""
    return Game.replay(history)


def policy_block(code: int) -> int:
    """Hands or completions per C call of long work by built-in policy ``code``."""
    return _BLOCKS[code]


_BLOCKS: Final = [block for _, _, block in _play.policies()]


def seat_fantasyland(fantasyland: Sequence[int] | None, players: int,
                       rules: Rules | None = None) -> list[int]:
    """Cards per seat in Fantasyland (0: plays normally), checked: one per seat, 0 or 13..52,
    and with ``rules`` a count those rules deal (:attr:`Rules.fantasyland_deals`)."""
    if fantasyland is None:
        return [0] * players
    if isinstance(fantasyland, (str, bytes)) or not isinstance(fantasyland, (Sequence, np.ndarray)):
        raise TypeError(f"fantasyland is a card count per seat, got {fantasyland!r}")
    fl = []
    for seat, c in enumerate(fantasyland):
        c = check_int(c, f"fantasyland[{seat}]", "an int card count")
        if c != 0 and not 13 <= c <= DECK_SIZE:
            raise ValueError(f"fantasyland[{seat}] = {c}: 0 or 13..{DECK_SIZE} cards")
        if c != 0 and rules is not None and int(c) not in rules.fantasyland_deals:
            raise ValueError(f"fantasyland[{seat}] = {c}: {rules.name} deals a player in "
                             f"Fantasyland {' or '.join(map(str, sorted(rules.fantasyland_deals)))} "
                             f"cards" if rules.fantasyland_deals else
                             f"fantasyland[{seat}] = {c}: {rules.name} has no Fantasyland")
        fl.append(int(c))
    if len(fl) != players:
        raise ValueError(f"fantasyland has one count per seat ({players}), got {len(fl)}")
    return fl
