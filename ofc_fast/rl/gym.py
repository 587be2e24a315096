"""Gymnasium adapters of :class:`~ofc_fast.rl.VecEnv` (needs ``gymnasium``: ``pip install ofc_fast[rl]``).

:class:`GymVectorEnv` is a ``gymnasium.vector.VectorEnv`` over one VecEnv
(next-step autoreset, as Gymnasium's own vector envs); :class:`OFCEnv` is a
single ``gymnasium.Env`` (one hand or match per episode, the learning seat
against a built-in policy).  Observations are ``{"cards", "scalars"}``
(:func:`observation_space`); the action mask is ``info["action_mask"]`` and
``action_masks()``.  Both return copies, so what they hand out stays valid.

>>> env = OFCEnv("pineapple", 2)
>>> obs, info = env.reset(seed=1)
>>> sorted(obs), info["action_mask"].sum()
(['cards', 'scalars'], np.int64(232))
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector.utils import batch_space

from .._checks import is_int
from .fantasyland import CardByCard, make_env
from .spaces import action_space, observation_space
from .vecenv import VecEnv

__all__ = ["GymVectorEnv", "OFCEnv", "RENDER_MODES", "action_space", "observation_space", "table_text"]

#: what render() makes: text of the table (returned, or printed)
RENDER_MODES = ("ansi", "human")


def check_render_mode(mode: Any) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(map(repr, RENDER_MODES))} or None, "
                         f"got {mode!r:.60}")
    return None if mode is None else str(mode)


def table_text(env: VecEnv | CardByCard, i: int = 0) -> str:
    """Env i's table as text (:meth:`Game.draw <ofc_fast.Game.draw>` of its episode so far)."""
    from ..play.game import Game
    return Game.replay(env.to_json(i)).draw("text")


def render_table(env: VecEnv | CardByCard, render_mode: str | None) -> str | None:
    """What an adapter's ``render()`` gives: env 0's table as text ("ansi"), printed and None
    ("human"), None without a render_mode."""
    if render_mode is None:
        return None
    out = table_text(env)
    if render_mode == "human":
        print(out)
        return None
    return out


def _copy(obs: dict[str, npt.NDArray[Any]]) -> dict[str, npt.NDArray[Any]]:
    return {k: v.copy() for k, v in obs.items()}


def action_int(action: Any, who: str) -> int:
    """One env's action as an int: an integer (a Python int, a numpy integer, or an integer
    array of one element); text, bytes, floats and bools are refused (TypeError)."""
    if isinstance(action, np.ndarray) and action.size == 1 and action.dtype.kind in "iu":
        return int(action.reshape(-1)[0])
    if not is_int(action):
        raise TypeError(f"{who}: an action is an integer of the action space, got "
                        f"{type(action).__name__} {action!r:.60}")
    return int(action)


def no_pickle(obj: Any) -> TypeError:
    return TypeError(f"{type(obj).__name__} cannot be pickled or copied: its VecEnv's envs are C memory "
                     f"that no pickle holds (a copy would share them); make a new one with the same "
                     f"arguments and seed")


class GymVectorEnv(gymnasium.vector.VectorEnv):  # type: ignore[misc,unused-ignore]
    """``num_envs`` envs as a Gymnasium vector env; keywords as :class:`VecEnv` (one learning seat).

    ``info``: ``action_mask`` (N, A) and the hand results of :meth:`VecEnv.step`.
    """

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP}

    def __init__(self, rules: Any = "pineapple", players: int = 2, num_envs: int = 1024, **kw: Any) -> None:
        if kw.get("seats", "hero") != "hero":
            raise ValueError("GymVectorEnv plays one learning seat (seats='hero'); PettingZoo's adapter "
                             "plays every seat")
        self.env = make_env(rules, players, num_envs, **kw)
        self.num_envs = num_envs
        self.single_observation_space = observation_space(self.env)
        self.single_action_space = action_space(self.env)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        obs, info = self.env.reset(seed=seed)
        return _copy(obs), self._info(info)

    def _info(self, info: dict[str, Any]) -> dict[str, Any]:
        out = {k: np.array(v) for k, v in info.items()}
        out["action_mask"] = self.env.action_masks().copy()
        return out

    def step(self, actions: Any) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(actions)
        return _copy(obs), reward.copy(), terminated.copy(), truncated.copy(), self._info(info)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return self.env.action_masks().copy()

    def close_extras(self, **kwargs: Any) -> None:
        self.env.close()

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise no_pickle(self)


class OFCEnv(gymnasium.Env):  # type: ignore[misc,unused-ignore]
    """One env: the learning seat (``hero``) against ``opponent``; keywords as :class:`VecEnv`.

    ``illegal``: what an action outside the mask does: ``"first"`` (the default)
    plays the first allowed action instead and sets ``info["illegal"]`` (so any
    sample of the action space is a valid step, as Gymnasium asks);
    ``"raise"`` refuses it (ValueError), -1 included.  An action is an integer
    (TypeError for text, bytes, floats or bools, in either mode).
    ``render_mode``: ``"ansi"`` (:meth:`render` returns the table as text: every
    seat's board, the cards to place, once the hand ends royalties, fouls and
    scores) or ``"human"`` (printed after each reset and step), or None.

    >>> env = OFCEnv("pineapple", 2, render_mode="ansi")
    >>> _ = env.reset(seed=7)
    >>> print(env.render().splitlines()[1])
    seat 0
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(self, rules: Any = "pineapple", players: int = 2, *, illegal: str = "first",
                 render_mode: str | None = None, **kw: Any) -> None:
        if illegal not in ("first", "raise"):
            raise ValueError(f"illegal must be 'first' or 'raise', got {illegal!r}")
        self.render_mode = check_render_mode(render_mode)
        if kw.get("seats", "hero") != "hero":
            raise ValueError("OFCEnv plays one learning seat (seats='hero')")
        self.env = make_env(rules, players, 1, autoreset=False, **kw)
        self.illegal = illegal
        self.observation_space = observation_space(self.env)
        self.action_space = action_space(self.env)

    def _obs(self) -> dict[str, npt.NDArray[Any]]:
        return {k: v[0].copy() for k, v in self.env.observation().items()}

    def _info(self, info: dict[str, Any], illegal: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {k: np.array(v[0]) for k, v in info.items()}
        out["action_mask"] = self.env.action_masks()[0].copy()
        out["illegal"] = illegal
        return out

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None and self.env.started:
            self.env.reset_envs([0])
            self._show()
            return self._obs(), self._info(self.env.info())
        _, info = self.env.reset(seed=seed)
        self._show()
        return self._obs(), self._info(info)

    def render(self) -> str | None:
        """The table as text (render_mode "ansi"), or printed (render_mode "human"); None
        without a render_mode."""
        return render_table(self.env, self.render_mode)

    def _show(self) -> None:
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        mask = self.env.action_masks()[0]
        a = action_int(action, "OFCEnv.step")
        illegal = not (0 <= a < mask.size and mask[a])
        if illegal and self.illegal == "raise":
            # (-1, the VecEnv's "no move", too: it would leave the env where it is)
            raise ValueError(f"env 0: action {a} is not allowed (the mask allows "
                             f"{np.flatnonzero(mask).tolist()[:20]}{' ...' if mask.sum() > 20 else ''})")
        if illegal and mask.any():
            a = int(mask.argmax())
        _, reward, terminated, truncated, info = self.env.step(np.array([a]))
        self._show()
        return self._obs(), float(reward[0]), bool(terminated[0]), bool(truncated[0]), self._info(info, illegal)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return np.array(self.env.action_masks()[0])

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise no_pickle(self)
