"""Gymnasium ids of the envs: one per preset and seat count, registered by ``import ofc_fast.rl``.

``ofc_fast/<Preset>-v<N>`` is heads-up, ``ofc_fast/<Preset>-<P>p-v<N>`` has
``P`` seats (every count the preset deals for): the learning seat 0 against
the ``random`` policy, one hand an episode, the compact actions and the legal
mask, as :class:`~ofc_fast.rl.gym.OFCEnv` plays by default; any keyword of
``OFCEnv`` (``opponent=``, ``mask="foul_safe"``, ``episode="match"``,
``render_mode="ansi"`` ...) passes through ``gymnasium.make``.  The envs'
cards are in docs/ENVS.md.

:data:`ENV_VERSION` is the ``N`` of every id: it is bumped whenever a change
could change what an agent learns (the observation, the actions or their
order, the masks, the rewards, the dealing, the built-in opponents' moves),
so a result quoted for an id stays reproducible.  tests/test_rl_registration.py
pins a digest of a fixed rollout of every id: a change that moves it fails
that test, and is released with the version bumped and the digests renewed.

>>> import gymnasium
>>> import ofc_fast.rl
>>> env = gymnasium.make("ofc_fast/Pineapple-v0")
>>> env.spec.id, env.unwrapped.env.num_actions
('ofc_fast/Pineapple-v0', 259)
>>> env_ids()[:3]
['ofc_fast/Original-v0', 'ofc_fast/Original-3p-v0', 'ofc_fast/Original-4p-v0']
"""
from __future__ import annotations

from typing import Any, Final

from ..board.rules import PRESETS

__all__ = ["ENV_VERSION", "NAMESPACE", "env_ids", "env_spec", "register_envs"]

#: the version of every id: bumped whenever a change could change learning
ENV_VERSION: Final = 0
#: the namespace of the ids
NAMESPACE: Final = "ofc_fast"
#: the entry point of every id
ENTRY_POINT: Final = "ofc_fast.rl.gym:OFCEnv"


def _id(preset: str, players: int) -> str:
    seats = "" if players == 2 else f"-{players}p"
    return f"{NAMESPACE}/{preset.capitalize()}{seats}-v{ENV_VERSION}"


def _specs() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name, rules in PRESETS.items():
        for players in range(2, rules.max_players + 1):
            out[_id(name, players)] = {"rules": name, "players": players}
    return out


_SPECS: Final = _specs()


def env_ids() -> list[str]:
    """Every registered id, preset by preset, heads-up first."""
    return list(_SPECS)


def env_spec(env_id: str) -> dict[str, Any]:
    """The keywords of ``OFCEnv`` an id makes: ``{"rules": preset, "players": seats}``.

    >>> env_spec("ofc_fast/Pineapple-3p-v0")
    {'rules': 'pineapple', 'players': 3}
    """
    if not isinstance(env_id, str) or env_id not in _SPECS:
        raise ValueError(f"env_id must be one of {', '.join(_SPECS)}, got {env_id!r:.80}")
    return dict(_SPECS[env_id])


def register_envs() -> list[str]:
    """Register every id with Gymnasium (again: nothing changes); the ids.  Called by
    ``import ofc_fast.rl`` when Gymnasium is installed."""
    import gymnasium
    for env_id, kwargs in _SPECS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs=dict(kwargs),
                               disable_env_checker=False)
    return env_ids()
