"""A Stable-Baselines3 ``VecEnv`` over :class:`~ofc_fast.rl.VecEnv`, for sb3-contrib's MaskablePPO.

SB3 is imported when this module is, not by ``ofc_fast.rl``.  SB3 resets a
finished env in the same step (the final observation in
``infos[i]["terminal_observation"]``), and ``env_method("action_masks")``
gives each env's mask, which MaskablePPO reads.

>>> from sb3_contrib.common.maskable.utils import get_action_masks
>>> venv = SB3VecEnv("pineapple", 2, num_envs=4, seed=0)
>>> obs = venv.reset()
>>> get_action_masks(venv).shape
(4, 259)
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from stable_baselines3.common.vec_env.base_vec_env import VecEnv as _SB3VecEnv

from .fantasyland import make_env
from .gym import action_space, observation_space

__all__ = ["SB3VecEnv"]


class SB3VecEnv(_SB3VecEnv):  # type: ignore[misc,unused-ignore]
    """``num_envs`` envs, the learning seat against ``opponent``; keywords as :class:`VecEnv`."""

    def __init__(self, rules: Any = "pineapple", players: int = 2, num_envs: int = 64, **kw: Any) -> None:
        if kw.get("seats", "hero") != "hero":
            raise ValueError("SB3VecEnv plays one learning seat (seats='hero')")
        self.env = make_env(rules, players, num_envs, autoreset=False, **kw)
        self._seed_next: int | None = kw.get("seed")
        self.render_mode = None
        super().__init__(num_envs, observation_space(self.env), action_space(self.env))
        self._actions: npt.NDArray[np.int64] | None = None

    def _obs(self) -> dict[str, npt.NDArray[Any]]:
        return {k: v.copy() for k, v in self.env.observation().items()}

    def reset(self) -> dict[str, npt.NDArray[Any]]:
        seed = self._seed_next
        self._seed_next = None
        self.env.reset(seed=seed)
        return self._obs()

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs)

    def step_wait(self) -> tuple[dict[str, npt.NDArray[Any]], npt.NDArray[np.float32],
                                 npt.NDArray[np.bool_], list[dict[str, Any]]]:
        assert self._actions is not None, "step_async first"
        obs, reward, terminated, _, info = self.env.step(self._actions)
        rewards, dones = reward.copy(), terminated.copy()
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        done = np.flatnonzero(dones)
        if done.size:
            for i in done:
                infos[i] = {"terminal_observation": {k: v[i].copy() for k, v in obs.items()},
                            "TimeLimit.truncated": False, "fouled": bool(info["fouled"][i][self.env.hero]),
                            "hands": int(info["hands"][i]), "points": float(rewards[i])}
            self.env.reset_envs(done)
        return self._obs(), rewards, dones, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return self.env.action_masks().copy()

    def close(self) -> None:
        self.env.close()

    def seed(self, seed: int | None = None) -> Sequence[None | int]:
        self._seed_next = seed
        return [seed] * self.num_envs

    def _indices(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(self, attr_name) for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any) -> list[Any]:
        idx = self._indices(indices)
        if method_name == "action_masks":
            masks = self.env.action_masks()
            return [masks[i].copy() for i in idx]
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result for _ in idx]

    def env_is_wrapped(self, wrapper_class: type, indices: int | Iterable[int] | None = None) -> list[bool]:
        return [False for _ in self._indices(indices)]

    def get_images(self) -> Sequence[None]:
        return [None] * self.num_envs
