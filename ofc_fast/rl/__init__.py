"""The rl layer: batched OFC environments for reinforcement learning.

:class:`VecEnv` steps ``num_envs`` hands or matches in C (the play layer's
engine and policies, the GIL released); ``ofc_fast.rl.gym``,
``ofc_fast.rl.sb3`` and ``ofc_fast.rl.pettingzoo`` adapt it to Gymnasium,
Stable-Baselines3 and PettingZoo (each imports its library only when used).
It builds on the sim layer and those below.
"""
from .vecenv import MAX_ENVS, VecEnv

__all__ = ["MAX_ENVS", "VecEnv"]
