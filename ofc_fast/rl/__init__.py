"""The rl layer: batched OFC environments for reinforcement learning.

:class:`VecEnv` steps ``num_envs`` hands or matches in C (the play layer's
engine and policies, the GIL released); ``ofc_fast.rl.gym``,
``ofc_fast.rl.sb3`` and ``ofc_fast.rl.pettingzoo`` adapt it to Gymnasium,
Stable-Baselines3 and PettingZoo (each imports its library only when used).
It builds on the sim layer and those below.  With Gymnasium installed,
importing it registers an id per preset and seat count
(``gymnasium.make("ofc_fast/Pineapple-v0")``: ``ofc_fast.rl.registration``).
"""
from importlib.util import find_spec as _find_spec

from .registration import ENV_VERSION, env_ids
from .vecenv import MAX_ENVS, VecEnv

__all__ = ["ENV_VERSION", "MAX_ENVS", "VecEnv", "env_ids"]

if _find_spec("gymnasium") is not None:
    from .registration import register_envs as _register

    _register()
