"""A PettingZoo AEC env over :class:`~ofc_fast.rl.VecEnv` (needs ``pettingzoo``: ``pip install ofc_fast[rl]``).

Every seat is an agent (``player_0`` ...), one hand (or a match) per
episode; each observation is ``{"observation": {"cards", "scalars"},
"action_mask"}`` for that seat, with only what it may see.

>>> env = OFCAECEnv("pineapple", 2)
>>> env.reset(seed=0)
>>> obs = env.observe(env.agent_selection)
>>> int(obs["action_mask"].sum()), env.agent_selection in env.agents
(232, True)
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from .fantasyland import make_env
from .gym import RENDER_MODES, action_int, check_render_mode, no_pickle, observation_space, render_table

__all__ = ["OFCAECEnv"]


class OFCAECEnv(AECEnv):  # type: ignore[misc,unused-ignore]
    """Self-play of ``players`` seats; keywords as :class:`VecEnv` (``seats`` is "all")."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4, "name": "ofc_fast_v0",
                "is_parallelizable": False}

    def __init__(self, rules: Any = "pineapple", players: int = 2, *, render_mode: str | None = None,
                 **kw: Any) -> None:
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self.env = make_env(rules, players, 1, seats="all", autoreset=False, **kw)
        self.possible_agents = [f"player_{p}" for p in range(players)]
        A = self.env.num_actions
        self._obs_space = spaces.Dict({"observation": observation_space(self.env),
                                       "action_mask": spaces.Box(0, 1, (A,), dtype=np.int8)})
        self._act_space = spaces.Discrete(A)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._seeded = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or not self._seeded:
            self.env.reset(seed=seed)
            self._seeded = True
        else:
            self.env.reset_envs([0])
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[int(self.env.current_player[0])]

    def observe(self, agent: str) -> dict[str, Any]:
        view = self.env.observe(0, self.possible_agents.index(agent))
        return {"observation": {"cards": view["cards"], "scalars": view["scalars"]},
                "action_mask": view["mask"].astype(np.int8)}

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        return self.observe(agent)["action_mask"]  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        code = action_int(action, f"OFCAECEnv.step ({agent})")
        if code < 0:   # the VecEnv's "no move": the agent would stay selected for ever
            raise ValueError(f"{agent}: action {code} is not allowed (an action of its mask)")
        self._cumulative_rewards[agent] = 0.0
        _, reward, terminated, _, info = self.env.step(np.array([code]))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if terminated[0]:
            for p, a in enumerate(self.possible_agents):
                self.rewards[a] = float(reward[0][p])
                self.terminations[a] = True
                self.infos[a] = {"fouled": bool(info["fouled"][0][p]),
                                 "royalties": int(info["royalties"][0][p].sum()),
                                 "fantasyland": int(info["fantasyland"][0][p])}
        else:
            self.agent_selection = self.possible_agents[int(self.env.current_player[0])]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text (render_mode "ansi", the game's view of every seat), printed for
        "human"; None without a render_mode."""
        return render_table(self.env, self.render_mode)

    def close(self) -> None:
        pass

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise no_pickle(self)
