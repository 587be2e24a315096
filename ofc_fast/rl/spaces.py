"""The Gymnasium spaces of one env (needs ``gymnasium``): one home for the adapters and
:attr:`VecEnv.observation_space <ofc_fast.rl.VecEnv.observation_space>`.

>>> from ofc_fast.rl import VecEnv
>>> action_space(VecEnv("pineapple", 2, num_envs=1))
Discrete(259)
"""
from __future__ import annotations

from typing import Protocol

import numpy as np
from gymnasium import spaces

__all__ = ["action_space", "observation_space"]

_I32 = np.iinfo(np.int32)


class Sized(Protocol):
    """What the spaces read of an env (a VecEnv or a CardByCard)."""

    @property
    def planes(self) -> int: ...
    @property
    def deck_size(self) -> int: ...
    @property
    def num_scalars(self) -> int: ...
    @property
    def num_actions(self) -> int: ...


def observation_space(env: Sized) -> spaces.Dict:
    """One env's observation: card planes (planes, deck_size) of 0/1 and the scalars (int32)."""
    return spaces.Dict({
        "cards": spaces.Box(0, 1, (env.planes, env.deck_size), dtype=np.uint8),
        "scalars": spaces.Box(int(_I32.min), int(_I32.max), (env.num_scalars,), dtype=np.int32),
    })


def action_space(env: Sized) -> spaces.Discrete:
    """One env's action: ``Discrete(num_actions)``."""
    return spaces.Discrete(env.num_actions)
