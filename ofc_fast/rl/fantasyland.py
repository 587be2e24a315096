"""Fantasyland set by the agent one card at a time, for the adapters' one-integer actions.

:class:`CardByCard` wraps a :class:`~ofc_fast.rl.VecEnv` made with
``fantasyland="agent"``: where a learning seat sets a Fantasyland hand, it
places its held cards one step at a time, the lowest card code first, with
four actions after the env's own: ``num_actions - 4`` .. ``num_actions - 1``
put that card in the top, middle or bottom row or discard it.  The mask
allows a row with room and a discard while discards are left, so every
sequence of allowed actions sets a complete board; the last card sends the
board to the VecEnv.  Meanwhile the observation is the VecEnv's with the
cards placed so far in the own rows and discards planes and out of the held
plane (the lowest card left in the held plane is the one to place), and the
free slots in the scalars; that env's reward is 0 and nothing else moves in
it.  Everything else is the VecEnv's.

>>> from ofc_fast.rl import VecEnv
>>> env = CardByCard(VecEnv("pineapple", 2, num_envs=4, fantasyland="agent", fantasyland_start=1.0))
>>> obs, info = env.reset(seed=1)
>>> env.num_actions, bool(env.fantasyland_turn.all()), env.action_masks()[0, -4:].tolist()
(263, True, [True, True, True, True])
"""
from __future__ import annotations

import hashlib
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .. import _rl
from .._checks import shown
from ..board.geometry import BOARD_SIZE, ROW_SIZES, ROW_STARTS
from ..hand.cards import EMPTY
from .vecenv import VecEnv, actions_array

__all__ = ["CardByCard", "EXTRA_ACTIONS", "make_env"]

#: the actions CardByCard adds: the card to place goes to the top, middle, bottom row or the discards
EXTRA_ACTIONS: Final = 4


class _Setting:
    """A Fantasyland board being set: the cards held, where each went so far."""

    def __init__(self, held: list[int], discards: int) -> None:
        self.held = sorted(held)
        self.rows: list[list[int]] = [[], [], []]
        self.dropped: list[int] = []
        self.discards = discards

    @property
    def placed(self) -> int:
        return sum(map(len, self.rows)) + len(self.dropped)

    def allowed(self) -> list[bool]:
        return [len(self.rows[r]) < ROW_SIZES[r] for r in range(3)] + [len(self.dropped) < self.discards]

    def put(self, where: int) -> None:
        card = self.held[self.placed]
        (self.dropped if where == 3 else self.rows[where]).append(card)

    def undo(self) -> None:
        card = self.held[self.placed - 1]
        for row in (*self.rows, self.dropped):
            if row and row[-1] == card:
                row.pop()
                return

    def board(self) -> npt.NDArray[np.uint8]:
        b = np.full(BOARD_SIZE, EMPTY, dtype=np.uint8)
        for r in range(3):
            b[ROW_STARTS[r]:ROW_STARTS[r] + len(self.rows[r])] = self.rows[r]
        return b


class CardByCard:
    """``env`` (a VecEnv with ``fantasyland="agent"``) with Fantasyland hands set a card a step."""

    def __init__(self, env: VecEnv) -> None:
        if not isinstance(env, VecEnv) or not env.fantasyland_agent:
            raise ValueError(f"CardByCard wraps a VecEnv made with fantasyland='agent', got {shown(env)}")
        self.env = env
        self.base_actions = env.num_actions
        self.num_actions = env.num_actions + EXTRA_ACTIONS
        self._settings: dict[int, _Setting] = {}
        self._board_rows = np.zeros((env.num_envs, BOARD_SIZE), dtype=np.uint8)

    def __getattr__(self, name: str) -> Any:
        # everything CardByCard does not change is the VecEnv's (num_envs, players, to_json ...)
        if name == "env" or name.startswith("__"):   # (env not set yet; copy's hooks are its own)
            raise AttributeError(name)
        return getattr(self.env, name)

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise TypeError("CardByCard cannot be pickled or copied: its VecEnv's envs are C memory that no "
                        "pickle holds (a copy would share them); make a new one with the same arguments "
                        "and seed")

    # --- the settings in progress -----------------------------------------------------
    def _sync(self) -> None:
        """A setting for every env whose learning seat now sets Fantasyland; none elsewhere."""
        fl = self.env.fantasyland_turn
        for i in list(self._settings):
            if not fl[i]:
                del self._settings[i]
        if fl.any():
            cards = self.env.observation()["cards"]
            for i in np.flatnonzero(fl).tolist():
                if i not in self._settings:
                    held = np.flatnonzero(cards[i, 3]).tolist()
                    self._settings[i] = _Setting(held, len(held) - BOARD_SIZE)

    def _overlay(self, cards: npt.NDArray[np.uint8], scalars: npt.NDArray[np.int32], s: _Setting) -> None:
        """One env's planes and scalars with the setting's cards placed (in place)."""
        for r in range(3):
            cards[r, s.rows[r]] = 1
            scalars[6 + r] = ROW_SIZES[r] - len(s.rows[r])
        cards[4, s.dropped] = 1
        cards[3, s.held[:s.placed]] = 0

    def observation(self) -> dict[str, npt.NDArray[Any]]:
        obs = self.env.observation()
        if not self._settings:
            return obs
        cards, scalars = obs["cards"].copy(), obs["scalars"].copy()
        for i, s in self._settings.items():
            self._overlay(cards[i], scalars[i], s)
        return {"cards": cards, "scalars": scalars}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        base = self.env.action_masks()
        out = np.zeros((base.shape[0], self.num_actions), dtype=bool)
        out[:, :self.base_actions] = base
        for i, s in self._settings.items():
            out[i, self.base_actions:] = s.allowed()
        return out

    def info(self) -> dict[str, Any]:
        return self.env.info()

    def sample_actions(self, seed: int | None = None) -> npt.NDArray[np.int64]:
        """As :meth:`VecEnv.sample_actions`, over this wrapper's masks: an env setting
        Fantasyland draws among its four placing actions (from a stream of the other envs'
        draws: the same seed and state draw the same)."""
        out = self.env.sample_actions(seed)
        self._sync()
        if self._settings:
            rows = np.array(sorted(self._settings), dtype=np.intp)
            masks = np.ascontiguousarray(self.action_masks()[rows]).view(np.uint8)
            stream = int.from_bytes(hashlib.blake2b(out.tobytes(), digest_size=8).digest(), "little")
            drawn = np.empty(rows.size, dtype=np.int64)
            _rl.sample(masks, stream, drawn)
            out[rows] = drawn
        return out

    # the spaces of one env, with the four placing actions
    @property
    def observation_space(self) -> Any:
        from .spaces import observation_space
        return observation_space(self)

    @property
    def action_space(self) -> Any:
        from .spaces import action_space
        return action_space(self)

    single_observation_space = observation_space
    single_action_space = action_space

    # --- running -------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        _, info = self.env.reset(seed=seed, options=options)
        self._settings.clear()
        self._sync()
        return self.observation(), info

    def reset_envs(self, envs: Any) -> None:
        self.env.reset_envs(envs)
        idx = np.asarray(envs)
        for i in (np.flatnonzero(idx) if idx.dtype == bool else idx.reshape(-1)).tolist():
            self._settings.pop(int(i), None)   # a new episode: any setting in progress is gone
        self._sync()

    def step(self, actions: Any) -> tuple[dict[str, npt.NDArray[Any]], npt.NDArray[np.float32],
                                          npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        """As VecEnv.step, with the four card actions where a seat sets Fantasyland; a
        refused action raises ValueError naming the env, and no env moves."""
        n, A = self.env.num_envs, self.base_actions
        acts = actions_array(actions, n).copy()
        setting = np.zeros(n, dtype=bool)
        for i, s in self._settings.items():
            a = int(acts[i])
            allowed = s.allowed()
            if not A <= a < A + EXTRA_ACTIONS or not allowed[a - A]:
                legal = [A + k for k in range(EXTRA_ACTIONS) if allowed[k]]
                raise ValueError(f"env {i}: action {a} is not allowed while its seat sets Fantasyland a card "
                                 f"at a time (the mask allows {legal}); no env moved")
            setting[i] = True
        stray = (acts >= A) & ~setting
        if stray.any():
            i = int(np.flatnonzero(stray)[0])
            raise ValueError(f"env {i}: action {int(acts[i])} is a Fantasyland card action, and that env "
                             f"sets no Fantasyland hand now; no env moved")
        moved = [int(i) for i in np.flatnonzero(setting)]
        for i in moved:
            self._settings[i].put(int(acts[i]) - A)
        done = [i for i in moved if self._settings[i].placed == len(self._settings[i].held)]
        acts[setting] = -1   # the envs still setting wait; a complete board goes to the VecEnv
        for i in done:
            self._board_rows[i] = self._settings[i].board()
            acts[i] = 0
        try:
            _, reward, terminated, truncated, info = self.env.step(acts, self._board_rows if done else None)
        except BaseException:
            for i in moved:   # nothing moved in the VecEnv: neither here
                self._settings[i].undo()
            raise
        for i in done:
            del self._settings[i]
        self._sync()
        return self.observation(), reward, terminated, truncated, info

    def observe(self, i: int, seat: int) -> dict[str, npt.NDArray[Any]]:
        """As VecEnv.observe, the setting in progress shown to the seat setting it."""
        view = self.env.observe(i, seat)
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[:self.base_actions] = view["mask"]
        s = self._settings.get(int(i))
        if s is not None and int(self.env.current_player[i]) == seat:
            self._overlay(view["cards"], view["scalars"], s)
            mask[self.base_actions:] = s.allowed()
        return {"cards": view["cards"], "scalars": view["scalars"], "mask": mask}


def make_env(rules: Any, players: int, num_envs: int, **kw: Any) -> VecEnv | CardByCard:
    """The adapters' env: a VecEnv, wrapped in CardByCard under ``fantasyland="agent"``."""
    env = VecEnv(rules, players, num_envs, **kw)
    return CardByCard(env) if env.fantasyland_agent else env
