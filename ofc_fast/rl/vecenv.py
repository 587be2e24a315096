"""VecEnv: ``num_envs`` OFC hands (or matches) stepped together in C.

The envs run in C without the GIL (``threads=`` splits them over threads);
each writes its observation, action mask, reward and episode end into numpy
arrays this object owns, and :meth:`VecEnv.step` returns read-only views of
them (no copies: copy what you keep past the next step).  Env ``i`` draws
every card and every built-in move from its own streams of ``seed``, so the
same seed plays the same trajectories for any thread count.

>>> import ofc_fast as ofc
>>> env = VecEnv("pineapple", 2, num_envs=4, seed=1)
>>> obs, info = env.reset()
>>> obs["cards"].shape, obs["scalars"].shape, env.action_masks().shape
((4, 9, 52), (4, 18), (4, 259))
>>> rng = np.random.default_rng(0)
>>> for _ in range(5):   # five turns a hand in Pineapple
...     acts = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()])
...     obs, reward, terminated, truncated, info = env.step(acts)
>>> bool(terminated.all()), reward.dtype
(True, dtype('float32'))
>>> h = ofc.Game.replay(env.to_json(0)); h.done, int(h.scores[env.hero]) == int(reward[0])
(True, True)
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .. import _rl, _workers
from .._checks import check_int, check_seed, count, is_int, shown
from .._core import status_message
from ..board.rules import Rules, get_rules
from ..play.game import ACTIONS, POLICIES, POLICY_BLOCKS, Policy, check_dealing, policy_spec
from ..play.history import History, write_history

__all__ = ["MAX_ENVS", "VecEnv", "actions_array"]

#: the most envs one VecEnv holds (about 3 KB each)
MAX_ENVS: Final = 1 << 22

Opponent = Callable[[dict[str, npt.NDArray[Any]], npt.NDArray[np.bool_], npt.NDArray[np.int64]], Any]

_CHOICES: Final = {
    "seats": ("hero", "all"),
    "fantasyland": ("solver", "agent"),
    "episode": ("hand", "match"),
    "actions": ("compact", "codes"),
    "mask": ("legal", "foul_safe"),
}


def _choice(value: Any, name: str) -> str:
    if not isinstance(value, str) or value not in _CHOICES[name]:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, _CHOICES[name]))}, got {shown(value)}")
    return value


def actions_array(actions: Any, n: int, name: str = "actions") -> npt.NDArray[np.int64]:
    """actions as an (n,) int64 array, or TypeError / ValueError (the values are checked in C,
    with the mask)."""
    a = np.asarray(actions)
    if a.dtype == bool or a.dtype.kind not in "iu":
        raise TypeError(f"{name} must be an integer array of shape ({n},), got dtype {a.dtype}")
    if a.shape != (n,):
        raise ValueError(f"{name} must have shape ({n},) (one action per env), got {a.shape}")
    if a.dtype == np.uint64 and a.size and a.max() > np.iinfo(np.int64).max:
        i = int(a.argmax())
        raise ValueError(f"env {i}: action {int(a[i])} is not in the action space")
    return np.ascontiguousarray(a, dtype=np.int64)


def _fantasyland_start(r: Rules, players: int, chance: Any, cards: Any) -> tuple[int, int]:
    """The chance a seat starts an episode in Fantasyland as a count of 2^-53 (exact for any
    double), and its cards."""
    if isinstance(chance, bool) or not isinstance(chance, (int, float, np.integer, np.floating)) \
            or not 0.0 <= float(chance) <= 1.0:
        raise ValueError(f"fantasyland_start must be a chance from 0 to 1, got {shown(chance)}")
    deals = sorted(r.fantasyland_deals)
    if cards is None:
        cards = deals[0] if deals else 0
    if not is_int(cards) or int(cards) not in deals:
        raise ValueError(f"fantasyland_cards must be a count these rules deal in Fantasyland "
                         f"({', '.join(map(str, deals)) or 'none'}), got {shown(cards)}")
    if float(chance) and int(cards) * players > r.deck_size:
        raise ValueError(f"fantasyland_cards: {players} seats of {int(cards)} cards need more than the deck")
    return int(float(chance) * 2.0**53), int(cards)


_INT64: Final = np.dtype(np.int64)
_INT64_STRIDES: Final = (8,)


def _readonly(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    v = a.view()
    v.flags.writeable = False
    return v


class VecEnv:
    """``num_envs`` games of ``rules`` for ``players`` seats, stepped together in C.

    ``seats``: ``"hero"`` (one learning seat, ``hero``; the others played by
    ``opponent``: a built-in policy name or :class:`~ofc_fast.Policy` (with its
    parameters), played in C, or a callable
    ``opponent(obs, masks, envs) -> actions`` called once per turn round with
    the rows of the envs where an opponent is to act, seen from that seat
    (``obs["held"]``: its held cards in action order, as :meth:`held_cards`; a trained
    :class:`~ofc_fast.rl.agents.MLPAgent` is such a callable) or
    ``"all"`` (self-play: every seat learns; :attr:`current_player` is the
    seat each env's observation is for, and rewards are ``(N, players)``).
    ``fantasyland``: ``"solver"`` sets every Fantasyland hand with the exact
    solver, ``"agent"`` leaves the learning seats' to the caller
    (``step(..., fantasyland=boards)`` where :attr:`fantasyland_turn` is set).
    ``episode``: ``"hand"`` (one hand; the button is drawn per episode) or
    ``"match"`` (hands until a stack reaches 0, Fantasyland carried).
    ``actions``: ``"compact"`` (:attr:`num_actions` placements of the variant,
    :attr:`to_code`) or ``"codes"`` (the engine's 1024 codes, as
    :meth:`Game.legal_actions`).  ``mask``: ``"legal"`` or ``"foul_safe"``
    (without the actions after which every completion fouls, by the exact
    :func:`can_avoid_foul`; when every action fouls, all legal ones stay).
    ``autoreset``: True steps a finished env into its next episode on the next
    step (its action ignored: Gymnasium's next-step mode); False refuses an
    action for a finished env (give it -1) until :meth:`reset`.
    ``fantasyland_start``: the chance (0 to 1) that each seat starts an
    episode in Fantasyland, drawn per seat and episode from the env's own
    stream, with ``fantasyland_cards`` cards (default: the fewest the rules
    deal there, 14 in Pineapple); 0 deals exactly what it dealt before.
    Rules with jokers (``rules.jokers`` 1 or 2) deal 53- or 54-card decks: the
    card planes have a column per joker (codes 52, 53), rewards and ``info``
    are the engine's results with each board's jokers resolved as the rules
    say, the solver sets Fantasyland hands holding jokers, and ``"foul_safe"``
    judges completions with the jokers wild.
    """

    metadata: Final = {"autoreset_mode": "NextStep"}

    def __init__(self, rules: Rules | str = "pineapple", players: int = 2, num_envs: int = 1024, *,
                 seed: int = 0, seats: str = "hero", hero: int = 0, opponent: str | Policy | Opponent = "random",
                 fantasyland: str = "solver", episode: str = "hand", actions: str = "compact",
                 mask: str = "legal", autoreset: bool = True, threads: int = 1,
                 fantasyland_start: float = 0.0, fantasyland_cards: int | None = None) -> None:
        r = get_rules(rules)
        players = check_int(players, "players")
        r.check_players(players)
        check_dealing(r)
        n = count(num_envs, "num_envs", 1, MAX_ENVS)
        self._seats = _choice(seats, "seats")
        if self._seats == "hero":
            if not is_int(hero) or not 0 <= int(hero) < players:
                raise ValueError(f"hero must be a seat in 0..{players - 1}, got {shown(hero)}")
            self._hero = int(hero)
            if callable(opponent) and not isinstance(opponent, Policy):
                self._opponent: Opponent | None = opponent
                opp_code, opp_params = -1, None
            else:
                opp_code, opp_params, _ = policy_spec(opponent, "or a callable")
                self._opponent = None
        else:
            self._hero = -1
            self._opponent = None
            opp_code, opp_params = -1, None
        self._fl_agent = _choice(fantasyland, "fantasyland") == "agent"
        self._match = _choice(episode, "episode") == "match"
        self._compact = _choice(actions, "actions") == "compact"
        self._foul_safe = _choice(mask, "mask") == "foul_safe"
        if not isinstance(autoreset, (bool, np.bool_)):
            raise TypeError(f"autoreset must be True or False, got {shown(autoreset)}")
        self._threads = _workers.resolve_workers(threads, "threads")
        fl_start, fl_cards = _fantasyland_start(r, players, fantasyland_start, fantasyland_cards)
        self._rules = r
        self._players = players
        self._n = n
        self._autoreset = bool(autoreset)
        self._opp_code = opp_code
        to_code, to_compact, opening, counts = _rl.action_space(r.first_round, r.rounds, r.round_cards,
                                                                r.round_play)
        self.to_code: npt.NDArray[np.int16] = _readonly(to_code)
        self.to_compact: npt.NDArray[np.int16] = _readonly(to_compact)
        self.opening_actions: int = int(opening)
        self.action_rows: npt.NDArray[np.uint8] = _readonly(counts)
        self.num_actions: int = int(to_code.size) if self._compact else ACTIONS
        self.planes, self.num_scalars = (int(x) for x in _rl.sizes(players))
        #: the card axis of the planes: the rules' deck (52, and a column per joker)
        self.deck_size: int = int(r.deck_size)
        self._arrays = self._allocate(n, rewards=True)
        self._acting = self._allocate(n, rewards=False) if self._opponent is not None else None
        # the step in C chunks that Ctrl-C can land between (tens of milliseconds)
        block = POLICY_BLOCKS["greedy" if (opp_code == 1 or self._foul_safe) else "random"]
        # a worker thread takes at least half a block of the C opponent's policy: handing
        # a step to a thread costs tens of microseconds (75 us on a loaded 2-vCPU VM), as
        # much as a step of 1,024 envs against the random policy, so fewer envs run on
        # fewer threads (the same results: envs draw only from their own streams)
        plays = "greedy" if self._foul_safe else next(
            (name for name, code in POLICIES.items() if code == opp_code), "random")
        self._used = max(1, min(self._threads, n // max(1, POLICY_BLOCKS[plays] // 2)))
        self._chunk = max(1, min(block, -(-n // self._used)))
        self._truncated = _readonly(np.zeros(n, dtype=bool))
        self._views = self._make_views()
        self._shape = (n,)
        self._obs_views = {"cards": self._views["cards"], "scalars": self._views["scalars"]}
        self._info_views = self._info()
        self._core: Any = None
        self._seed = check_seed(seed)
        self._spec: dict[str, Any] = {"players": players, "first_round": r.first_round, "rounds": r.rounds,
                      "round_cards": r.round_cards, "round_play": r.round_play, "hero": self._hero,
                      "opponent": opp_code,
                      "opponent_params": None if opp_params is None else opp_params.tolist(),
                      "fl_agent": int(self._fl_agent), "match": int(self._match),
                      "match_points": int(r.match_points), "fl_keeps_button": int(bool(r.fl_keeps_button)),
                      "foul_safe": int(self._foul_safe), "compact": int(self._compact),
                      "autoreset": int(self._autoreset), "deck": self.deck_size,
                      "fl_start": fl_start, "fl_start_cards": fl_cards}
        self._no_moves = np.full(n, -1, dtype=np.int64)
        self._stale = "reset() has not been called"
        self._busy = threading.Lock()

    @contextmanager
    def _using(self, what: str = "") -> Iterator[None]:
        """One call at a time: a second thread (or an opponent callable) stepping the same
        envs would interleave their moves, and one reading them (``what``: to_json,
        observe, close ...) would read a move half made."""
        if not self._busy.acquire(blocking=False):
            if what:
                raise RuntimeError(f"VecEnv.{what}: a step or reset of these envs is in progress (in "
                                   f"another thread, or this is the opponent callable): call it when "
                                   f"that step returns")
            raise RuntimeError("VecEnv: another call is stepping these envs (another thread, or the "
                               "opponent callable): use one VecEnv per thread")
        try:
            yield
        finally:
            self._busy.release()

    # --- no pickles, no copies: the envs are C memory ------------------------------
    def __reduce_ex__(self, protocol: Any) -> Any:
        raise TypeError(f"{type(self).__name__} cannot be pickled: its envs are C memory that no pickle "
                        f"holds; make a new VecEnv with the same arguments and seed (the same seed deals "
                        f"the same episodes), or keep an episode with to_json(i)")

    def __copy__(self) -> VecEnv:
        raise TypeError("VecEnv cannot be copied: a copy would share the original's envs (a step of "
                        "one would move the other); make a new VecEnv with the same arguments and seed")

    def __deepcopy__(self, memo: Any) -> VecEnv:
        raise TypeError("VecEnv cannot be deep-copied: its envs are C memory; make a new VecEnv with "
                        "the same arguments and seed")

    def _allocate(self, n: int, rewards: bool) -> dict[str, npt.NDArray[Any]]:
        P = self._players
        a: dict[str, npt.NDArray[Any]] = {
            "cards": np.zeros((n, self.planes, self.deck_size), dtype=np.uint8),
            "scalars": np.zeros((n, self.num_scalars), dtype=np.int32),
            "mask": np.zeros((n, self.num_actions), dtype=np.uint8),
            "current": np.zeros(n, dtype=np.int32),
            "fl_turn": np.zeros(n, dtype=np.uint8),
        }
        if rewards:
            a.update({
                "reward": np.zeros((n, 1 if self._hero >= 0 else P), dtype=np.float32),
                "terminated": np.zeros(n, dtype=np.uint8),
                "waiting": np.zeros(n, dtype=np.uint8),
                "hands": np.zeros(n, dtype=np.int32),
                "fouled": np.zeros((n, P), dtype=np.uint8),
                "royalties": np.zeros((n, P, 3), dtype=np.int32),
                "fantasyland": np.zeros((n, P), dtype=np.int32),
            })
        return a

    def _make_views(self) -> dict[str, npt.NDArray[Any]]:
        a = self._arrays
        reward = a["reward"][:, 0] if self._hero >= 0 else a["reward"]
        return {"cards": _readonly(a["cards"]), "scalars": _readonly(a["scalars"]),
                "mask": _readonly(a["mask"].view(np.bool_)), "current": _readonly(a["current"]),
                "reward": _readonly(reward), "terminated": _readonly(a["terminated"].view(np.bool_)),
                "fl_turn": _readonly(a["fl_turn"].view(np.bool_)), "hands": _readonly(a["hands"]),
                "fouled": _readonly(a["fouled"].view(np.bool_)), "royalties": _readonly(a["royalties"]),
                "fantasyland": _readonly(a["fantasyland"])}

    # --- properties ----------------------------------------------------------------
    @property
    def num_envs(self) -> int:
        return self._n

    @property
    def players(self) -> int:
        return self._players

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def hero(self) -> int:
        """The learning seat, or -1 in self-play (``seats="all"``)."""
        return self._hero

    @property
    def threads(self) -> int:
        """The ``threads=`` asked for (``-1``: every core), as a count."""
        return self._threads

    @property
    def threads_used(self) -> int:
        """Threads a step runs on: at most :attr:`threads`, fewer where a thread would get
        under half a policy block of envs (2,048 against the random policy, 128 against
        ``"heuristic"``, 1 against ``"greedy"`` or with ``mask="foul_safe"``), whose
        handoff would cost more than its share of the step."""
        return self._used

    @property
    def current_player(self) -> npt.NDArray[np.int32]:
        """(N,) the seat each env's observation and mask are for (the seat to act, in self-play)."""
        return self._views["current"]

    @property
    def fantasyland_agent(self) -> bool:
        """The learning seats set their Fantasyland hands (``fantasyland="agent"``)."""
        return self._fl_agent

    @property
    def started(self) -> bool:
        """reset() has made the envs (and close() not freed them)."""
        return self._core is not None

    def info(self) -> dict[str, Any]:
        """The ``info`` of the last step or reset (views, as step returns them)."""
        return dict(self._info_views)

    @property
    def fantasyland_turn(self) -> npt.NDArray[np.bool_]:
        """(N,) the learning seat sets a Fantasyland hand (``fantasyland="agent"``)."""
        return self._views["fl_turn"]

    def observation(self) -> dict[str, npt.NDArray[Any]]:
        """The last observations: ``{"cards": (N, planes, deck_size) uint8, "scalars": (N, S) int32}``."""
        return {"cards": self._views["cards"], "scalars": self._views["scalars"]}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """(N, num_actions) bool, True where an action is allowed: a read-only view, no copy.
        What it shows, never what a step checks: a step judges an action by the envs' own
        state, so a mask made writeable again and edited allows nothing more."""
        return self._views["mask"]

    def sample_actions(self, seed: int | None = None) -> npt.NDArray[np.int64]:
        """(N,) int64: an action per env drawn uniformly from its mask (:meth:`action_masks`),
        in C; -1 where the mask allows none (an env that does not move: a Fantasyland
        setting of the agent's, or a finished one without autoreset), and 0 for a finished
        env under autoreset (ignored: the step starts its next episode).  A ``seed`` draws the same actions from
        the same masks; without one, each call draws from the next stream of this env's
        ``seed``, so a run is reproducible.  A new array each call.

        >>> env = VecEnv("pineapple", 2, num_envs=3, seed=1, mask="foul_safe")
        >>> _ = env.reset()
        >>> a = env.sample_actions(seed=7)
        >>> bool(env.action_masks()[np.arange(3), a].all()), (a == env.sample_actions(seed=7)).all()
        (True, np.True_)
        """
        with self._using("sample_actions"):
            self._ready()
            if seed is None:
                self._draws = getattr(self, "_draws", 0) + 1
                stream = (self._seed * 0x9E3779B97F4A7C15 + self._draws) % 2**64
            else:
                stream = check_seed(seed)
            out = np.empty(self._n, dtype=np.int64)
            _rl.sample(self._arrays["mask"], stream, out)
            if self._autoreset:   # a finished env moves into its next episode (-1 would hold it)
                out[self._arrays["terminated"].view(bool)] = 0
            return out

    def held_cards(self) -> npt.NDArray[np.uint8]:
        """(N, 5) uint8: the cards each env's observed seat holds now, in the order its
        action codes address them: code ``to_code[a]`` sends card ``k`` to row
        ``(code >> 2k) & 3`` (0 top, 1 middle, 2 bottom, 3 discard), as
        :meth:`Game.decode <ofc_fast.Game.decode>`.  The held plane of the observation is
        the same cards as a set, without this order, which is the deal's: a policy that
        reads which card an action puts where (a structured action head) needs it.
        ``255`` past the cards held and where the seat places no cards now.  A fresh array.
        A callable opponent gets its own held cards the same way, as ``obs["held"]``.

        >>> env = VecEnv("pineapple", 2, num_envs=2, seed=3)
        >>> obs, _ = env.reset()
        >>> held = env.held_cards()
        >>> sorted(held[0].tolist()) == np.flatnonzero(obs["cards"][0, 3]).tolist()
        True
        >>> code = int(env.to_code[0]); [int(code >> 2 * k & 3) for k in range(5)]   # compact action 0
        [1, 1, 0, 0, 0]
        """
        with self._using("held_cards"):
            self._ready()
            return self._held()

    def _held(self) -> npt.NDArray[np.uint8]:
        out = np.empty((self._n, 5), dtype=np.uint8)   # OFC_MAX_HELD: the most a turn deals
        self._core.held(out)
        return out

    # the spaces of one env (as SB3's VecEnv and Gymnasium's single_* spaces): gymnasium is
    # imported when they are first asked for
    @property
    def observation_space(self) -> Any:
        """One env's observation as a ``gymnasium.spaces.Dict`` (as the adapters' spaces:
        ``ofc_fast.rl.gym.observation_space``); the same as :attr:`single_observation_space`."""
        from .spaces import observation_space
        return observation_space(self)

    @property
    def action_space(self) -> Any:
        """One env's action as ``gymnasium.spaces.Discrete(num_actions)``; the same as
        :attr:`single_action_space`."""
        from .spaces import action_space
        return action_space(self)

    single_observation_space = observation_space
    single_action_space = action_space

    def _info(self) -> dict[str, Any]:
        v = self._views
        return {"current_player": v["current"], "hands": v["hands"], "fouled": v["fouled"],
                "royalties": v["royalties"], "fantasyland": v["fantasyland"],
                "fantasyland_turn": v["fl_turn"]}

    # --- running -----------------------------------------------------------------
    def _run(self, kernel: Callable[[int, int], int]) -> int:
        if not self._foul_safe:
            return _workers.run(kernel, self._n, self._used, chunk=self._chunk)
        # a foul-safe mask runs exact searches, seconds for one env at worst: the kernels
        # run on pool threads while this one waits (Ctrl-C lands at once), and an
        # interrupt sets the flag their C loops poll (ofc_vec.stop)
        core = self._core
        core.clear_stop()
        return _workers.run(kernel, self._n, self._used, chunk=self._chunk, stop=core.request_stop)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """Start a new episode in every env (a new ``seed`` restarts the streams)."""
        with self._using():
            return self._reset(seed)

    def _reset(self, seed: int | None) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        if seed is not None:
            self._seed = check_seed(seed)
        if self._core is None or seed is not None:
            self._core = _rl.VecCore(self._rules.tables, dict(self._spec, seed=self._seed), self._n,
                                     self._arrays, self._acting)
        self._stale = "a reset was interrupted"
        bad = self._run(lambda lo, hi: self._core.reset_rows(lo, hi))
        if bad >= 0:
            raise RuntimeError(f"env {bad}: the engine could not start the hand")
        self._opponents()
        self._stale = ""
        return self.observation(), self._info()

    def reset_envs(self, envs: Any) -> None:
        """Start a new episode in the envs listed (indices, or an (N,) bool array)."""
        with self._using():
            self._reset_envs(envs)

    def _reset_envs(self, envs: Any) -> None:
        self._ready()
        which = np.zeros(self._n, dtype=np.uint8)
        idx = np.asarray(envs)
        if idx.size == 0 and idx.ndim == 1 and idx.dtype != bool:
            return   # no env listed (an empty list reads as float64): nothing to reset
        if idx.dtype == bool:
            if idx.shape != (self._n,):
                raise ValueError(f"envs: a bool array has shape ({self._n},), got {idx.shape}")
            which[idx] = 1
        else:
            if idx.dtype.kind not in "iu":
                raise TypeError(f"envs: env indices (ints) or an (N,) bool array, got {idx.dtype}")
            if idx.size and (idx.min() < 0 or idx.max() >= self._n):
                raise ValueError(f"envs: indices in 0..{self._n - 1}, got {shown(idx.tolist())}")
            which[idx.reshape(-1)] = 1
        self._stale = "a reset was interrupted"
        self._run(lambda lo, hi: self._core.reset_rows(lo, hi, which))
        self._opponents()
        self._stale = ""

    def _ready(self) -> None:
        if self._stale:
            raise RuntimeError(f"VecEnv: {self._stale}: call reset() first")

    def _actions(self, actions: Any, name: str = "actions", n: int | None = None) -> npt.NDArray[np.int64]:
        return actions_array(actions, self._n if n is None else n, name)

    def _boards(self, fantasyland: Any, acts: npt.NDArray[np.int64]) -> npt.NDArray[np.uint8] | None:
        """The boards of ``step(..., fantasyland=)`` as (N, 13) uint8, a code that is no card
        in a board that is played (an env setting Fantasyland, its action not -1) refused
        naming its value and place; elsewhere one that fits no byte stays no card (never
        wrapped modulo 256 into one)."""
        if fantasyland is None:
            return None
        from ..board.boards import board_array
        from ..board.geometry import place
        from ..hand.cards import JOKERS
        jokers = self._rules.jokers
        if not isinstance(fantasyland, np.ndarray):
            rows = []
            for i, x in enumerate(fantasyland):
                try:
                    rows.append(board_array(x, jokers=jokers))
                except (TypeError, ValueError) as e:
                    raise type(e)(f"env {i}: Fantasyland board: {e}") from None
            b = np.stack(rows) if rows else np.zeros((0, 13), np.uint8)
        else:
            b = fantasyland
        if b.shape != (self._n, 13) or b.dtype.kind not in "iu" or b.dtype == bool:
            raise ValueError(f"fantasyland: an ({self._n}, 13) integer array of boards, got "
                             f"{b.shape} {b.dtype}")
        deck = self.deck_size
        bad = (b < 0) | (b >= deck)
        if bad.any():
            played = (np.asarray(acts) >= 0) & self._core.setting()
            hit = bad & played[:, None]
            if hit.any():
                i, j = (int(x) for x in np.argwhere(hit)[0])
                v = int(b[i, j])
                note = f" (a joker: the rules have jokers={jokers})" if v in JOKERS else ""
                raise ValueError(f"env {i}: Fantasyland board, {place((), j, False)}: card code {v} is "
                                 f"not in 0..{deck - 1}{note}; no env moved")
            if b.dtype != np.uint8:   # (boards not played: no card either way)
                b = np.where(bad, 254, b)
        return np.ascontiguousarray(b, dtype=np.uint8)

    def _opponent_name(self) -> str:
        f = self._opponent
        return getattr(f, "__name__", None) or repr(f)

    def _refused(self, i: int, acting: bool, err: int | None = None) -> Exception:
        """The error of env i's staged action (acting: the opponent callable's)."""
        if err is None:
            err = self._core.check_error(i, acting)
        a = int(self._core.action(i))
        who = ""
        if acting:
            seat = int(self._acting["current"][i]) if self._acting is not None else -1
            who = f"the opponent {self._opponent_name()} (seat {seat}): "
        what, text = f"action {a}", status_message(err)
        if err == _rl.OFC_ENV_RANGE:
            text += f" -1..{self.num_actions - 1}"
        elif err == _rl.OFC_ENV_ILLEGAL:
            what += f" (code {int(self.to_code[a])})" if self._compact else ""
            legal = self._core.allowed(i, acting)   # the envs' own state, not the arrays handed out
            text += f", which allows {shown(legal.tolist(), 60)}"
        return ValueError(f"env {i}: {who}{what}: {text}; no env moved")

    def step(self, actions: Any, fantasyland: Any = None) -> tuple[
            dict[str, npt.NDArray[Any]], npt.NDArray[np.float32], npt.NDArray[np.bool_],
            npt.NDArray[np.bool_], dict[str, Any]]:
        """Play one action per env; (observations, rewards, terminated, truncated, info).

        ``actions``: (N,) ints of the action space (-1: that env does not move;
        a finished env's action is ignored under autoreset, which starts its
        next episode).  A refused action raises
        ValueError naming the env and the action, and no env moves.
        ``fantasyland``: (N, 13) boards for the envs of :attr:`fantasyland_turn`
        (whose action is then anything but -1; -1 leaves that env waiting).
        The arrays returned are read-only views that the next step overwrites.
        The actions (and boards) are copied before anything runs: the step plays exactly
        what it checked, whatever another thread writes into them meanwhile.
        """
        # the lock by hand and an int64 array as it is: this is the per-step path
        if not self._busy.acquire(blocking=False):
            raise RuntimeError("VecEnv: another call is stepping these envs (another thread, or the "
                               "opponent callable): use one VecEnv per thread")
        try:
            if self._stale:
                raise RuntimeError(f"VecEnv: {self._stale}: call reset() first")
            acts = actions
            if not (type(acts) is np.ndarray and acts.dtype is _INT64 and acts.shape == self._shape
                    and acts.strides == _INT64_STRIDES):
                acts = self._actions(actions)
            boards = None if fantasyland is None else self._boards(fantasyland, acts)
            core = self._core
            # the core copies the actions (and boards) first and checks and plays that copy:
            # another thread writing into the caller's array meanwhile reaches no step
            if self._used == 1 and not self._foul_safe:
                self._stale = "a step was interrupted"
                bad, err = core.step(acts, boards, self._chunk)
                if bad >= 0 and err:   # refused (err 0: the engine refused a move)
                    self._stale = ""
                    raise self._refused(bad, False, err)
            else:
                # the check in this thread (about a nanosecond an env): one handoff to
                # the workers a step instead of two
                core.stage(acts, boards)
                bad = core.check_rows(0, self._n, False)
                if bad >= 0:
                    raise self._refused(bad, False)
                self._stale = "a step was interrupted"
                bad = self._run(lambda lo, hi: core.step_rows(lo, hi, True))
            if bad >= 0:
                raise RuntimeError(f"env {bad}: the engine refused a move")
            if self._opponent is not None:
                self._opponents()
            self._stale = ""
            v = self._views
            return (dict(self._obs_views), v["reward"], v["terminated"], self._truncated,
                    dict(self._info_views))
        finally:
            self._busy.release()

    def _opponents(self) -> None:
        """The caller's opponent plays every env where one of its seats is to act."""
        if self._opponent is None:
            return
        core = self._core
        acting = self._acting
        assert acting is not None
        while True:
            envs = np.flatnonzero(self._arrays["waiting"])
            if envs.size == 0:
                return
            self._run(lambda lo, hi: core.observe_acting_rows(lo, hi))
            obs = {"cards": acting["cards"][envs], "scalars": acting["scalars"][envs],
                   "held": self._held()[envs]}
            masks = acting["mask"][envs].view(bool)
            chosen = self._opponent_actions(self._opponent(obs, masks, envs), envs)
            acts = np.full(self._n, -1, dtype=np.int64)
            acts[envs] = chosen
            core.stage(acts)
            bad = core.check_rows(0, self._n, True)
            if bad >= 0:
                raise self._refused(bad, True)
            bad = self._run(lambda lo, hi: core.step_rows(lo, hi, False))
            if bad >= 0:
                raise RuntimeError(f"env {bad}: the engine refused the opponent's move")

    def _opponent_actions(self, got: Any, envs: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
        """What the opponent callable returned, checked: one action of the action space per
        env it was given (-1 is no move, and a seat to act must move: asked again, it would
        be asked for ever)."""
        name = self._opponent_name()
        try:
            chosen = actions_array(got, envs.size, "its actions")
        except (TypeError, ValueError) as e:
            raise type(e)(f"the opponent {name} returned {shown(got, 60)} for envs "
                          f"{shown(envs.tolist(), 60)}: {e}") from None
        wrong = (chosen < 0) | (chosen >= self.num_actions)
        if wrong.any():
            k = int(np.argmax(wrong))
            i = int(envs[k])
            seat = int(self._acting["current"][i]) if self._acting is not None else -1
            legal = np.flatnonzero(self._acting["mask"][i]).tolist() if self._acting is not None else []
            raise ValueError(f"env {i}: the opponent {name} (seat {seat}) chose action {int(chosen[k])}, "
                             f"not one of 0..{self.num_actions - 1}: the seat to act must move (its "
                             f"mask allows {shown(legal, 60)}); no opponent move of this round was played")
        return chosen

    def observe(self, i: int, seat: int) -> dict[str, npt.NDArray[Any]]:
        """Env i as ``seat`` sees it now (fresh arrays): ``cards``, ``scalars`` and ``mask``
        (empty unless that seat is to decide)."""
        with self._using("observe"):
            i = self._env(i)
            if not is_int(seat) or not 0 <= int(seat) < self._players:
                raise ValueError(f"seat must be in 0..{self._players - 1}, got {shown(seat)}")
            one: dict[str, npt.NDArray[Any]] = {
                "cards": np.zeros((1, self.planes, self.deck_size), dtype=np.uint8),
                "scalars": np.zeros((1, self.num_scalars), dtype=np.int32),
                "mask": np.zeros((1, self.num_actions), dtype=np.uint8),
                "current": np.zeros(1, dtype=np.int32)}
            core = self._core
            if self._foul_safe:   # its mask's searches: off this thread, Ctrl-C stops them
                core.clear_stop()
                _workers.call(lambda: core.observe_seat(i, int(seat), one), core.request_stop)
            else:
                core.observe_seat(i, int(seat), one)
            return {"cards": one["cards"][0], "scalars": one["scalars"][0], "mask": one["mask"][0].view(bool)}

    # --- histories ---------------------------------------------------------------
    def episode_info(self, i: int) -> dict[str, Any]:
        """Env i's episode: its seed, first button, Fantasyland cards per seat of its first
        hand, hands played, stacks, whether it is over."""
        with self._using("episode_info"):
            return self._episode_info(i)

    def _episode_info(self, i: int) -> dict[str, Any]:
        i = self._env(i)
        seed, button, hands, stacks, hand, done, episode, fl = self._core.episode(i)
        return {"seed": seed, "button": button, "hand": hand, "stacks": list(stacks)[:self._players],
                "done": done, "episode": episode, "hands": hands, "fantasyland": list(fl)[:self._players]}

    def _env(self, i: Any) -> int:
        self._ready()
        if not is_int(i) or not 0 <= int(i) < self._n:
            raise ValueError(f"env index must be in 0..{self._n - 1}, got {shown(i)}")
        return int(i)

    def to_json(self, i: int) -> str:
        """Env i's episode as :meth:`Game.to_json` writes it, which :meth:`Game.replay` plays back."""
        with self._using("to_json"):
            e = self._episode_info(i)
        # an episode of one hand is written as independent hands ("match": false)
        return write_history(History(self._rules, self._players, e["seed"], e["button"], e["fantasyland"],
                                     e["hands"], match=self._match))

    def close(self) -> None:
        """Frees the envs (a later reset() makes new ones).  Refused while a step runs (in
        another thread, or from the opponent callable)."""
        with self._using("close"):
            self._core = None
            self._stale = "the env is closed"

    def __repr__(self) -> str:
        mode = f"hero seat {self._hero}" if self._hero >= 0 else "self-play"
        return (f"VecEnv({self._rules.name!r}, {self._players}, num_envs={self._n}, {mode}, "
                f"{self.num_actions} actions)")
