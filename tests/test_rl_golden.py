"""VecEnv trajectories pinned: a digest of every output of a few thousand env
steps (observations, masks, rewards, episode ends, info, histories and
per-seat views) for presets, 2 to 4 seats, hero and self-play, jokers,
matches with Fantasyland, the agent's Fantasyland settings, engine codes,
foul-safe masks, a callable opponent and autoreset off.

The step path writes only what changed since the last step (a per-env record
of what the arrays hold) and records the built-in policies' turns lazily: a
fast path that drifts from what the arrays should hold changes a digest.
The digests are those of the env before those shortcuts; a deliberate change
of the engine's dealing, policies or observation layout must update them.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

import numpy as np
import pytest

from ofc_fast.board.rules import PRESETS
from ofc_fast.rl import VecEnv

J2 = dataclasses.replace(PRESETS["pineapple"], name="pineapple_j2", jokers=2)
J1 = dataclasses.replace(PRESETS["progressive"], name="progressive_j1", jokers=1, joker_pool="unseen")


def _first_legal(obs: Any, masks: np.ndarray, envs: np.ndarray) -> np.ndarray:
    """A stand-in for a snapshot policy: the first legal action."""
    return np.where(masks.any(1), masks.argmax(1), 0)


#: name -> (rules, players, VecEnv options, num_envs, steps, digest)
CASES: dict[str, tuple[Any, int, dict[str, Any], int, int, str]] = {
    "pine2_hero": (PRESETS["pineapple"], 2, {}, 64, 120, "92d73632fe753056"),
    "pine3_hero": (PRESETS["pineapple"], 3, {}, 32, 120, "e82e61e296333e03"),
    "orig2_hero": (PRESETS["original"], 2, {}, 32, 120, "4bf1f4cb086b864c"),
    "prog3_hero": (PRESETS["progressive"], 3, {"hero": 2}, 32, 100, "ff77c79f3d7885e6"),
    "low2_hero": (PRESETS["low"], 2, {"hero": 1}, 32, 100, "06404dcb68db7f24"),
    "pine2_all": (PRESETS["pineapple"], 2, {"seats": "all"}, 32, 150, "f673005fa94b3e5c"),
    "pine3_all": (PRESETS["pineapple"], 3, {"seats": "all"}, 32, 150, "af2315c5779cffdc"),
    "orig4_all": (PRESETS["original"], 4, {"seats": "all"}, 16, 150, "f8a0f889acf21621"),
    "j2_2_hero": (J2, 2, {}, 32, 100, "f85d4c56743b8f12"),
    "j2_3_all": (J2, 3, {"seats": "all"}, 16, 120, "ca20ff8ad2eb4b68"),
    "j1_3_hero": (J1, 3, {}, 16, 80, "42d14cd6ce3f2567"),
    "pine2_match_fl": (PRESETS["pineapple"], 2, {"episode": "match", "fantasyland_start": 0.3}, 16, 150,
                       "119cde23c0657297"),
    "pine3_all_match_fl": (PRESETS["pineapple"], 3,
                           {"seats": "all", "episode": "match", "fantasyland_start": 0.3}, 8, 150,
                           "9637f47eeaa96781"),
    "pine2_fl_agent": (PRESETS["pineapple"], 2,
                       {"fantasyland": "agent", "episode": "match", "fantasyland_start": 0.5}, 16, 120,
                       "c04fdb60d55e1ee7"),
    "pine2_all_fl_agent": (PRESETS["pineapple"], 2,
                           {"seats": "all", "fantasyland": "agent", "fantasyland_start": 0.5}, 16, 120,
                           "ea2b6f17c14d5cb0"),
    "pine2_codes": (PRESETS["pineapple"], 2, {"actions": "codes"}, 16, 60, "2b429b3ee13bf1e4"),
    "pine2_foulsafe": (PRESETS["pineapple"], 2, {"mask": "foul_safe"}, 8, 40, "da00ac0cac2fa765"),
    "j2_2_foulsafe": (J2, 2, {"mask": "foul_safe", "seats": "all"}, 4, 30, "853c68e2c124511f"),
    "pine3_callable": (PRESETS["pineapple"], 3, {"opponent": _first_legal}, 16, 80, "2c7a658f0dcf38eb"),
    "pine2_noauto": (PRESETS["pineapple"], 2, {"autoreset": False}, 16, 80, "b1151b5b0c2632aa"),
    "pine2_threads": (PRESETS["pineapple"], 2, {"threads": 2}, 64, 60, "57ed2fa0f3656048"),
}


def trajectory_digest(rules: Any, players: int, options: dict[str, Any], n: int, steps: int) -> str:
    """The first 16 hex digits of a SHA-256 over every output of `steps` steps of n envs
    (seed 7; the learners play uniformly random legal actions of a fixed stream, Fantasyland
    settings the first 13 cards held), then env 0..5's histories and views of every seat."""
    env = VecEnv(rules, players, num_envs=n, seed=7, **options)
    h = hashlib.sha256()
    rng = np.random.default_rng(3)
    autoreset = options.get("autoreset", True)

    def feed(obs: dict[str, np.ndarray], reward: np.ndarray, terminated: np.ndarray,
             info: dict[str, Any]) -> None:
        for a in (obs["cards"], obs["scalars"], env.action_masks(), reward, terminated,
                  info["current_player"], info["hands"], info["fouled"], info["royalties"],
                  info["fantasyland"], info["fantasyland_turn"]):
            h.update(np.ascontiguousarray(a).tobytes())

    obs, info = env.reset()
    feed(obs, np.zeros(1), np.zeros(1), info)
    terminated = np.zeros(n, dtype=bool)
    for k in range(steps):
        m = env.action_masks()
        acts = np.where(m.any(1), np.where(m, rng.random(m.shape), -1.0).argmax(1), 0)
        boards = None
        if env.fantasyland_turn.any():
            boards = np.zeros((n, 13), np.uint8)
            for i in np.flatnonzero(env.fantasyland_turn):
                boards[i] = np.flatnonzero(obs["cards"][i, 3])[:13]
        if not autoreset:
            done = np.flatnonzero(terminated)
            acts[done] = -1
            if k % 10 == 9 and done.size:
                env.reset_envs(done)
                obs = env.observation()
                m = env.action_masks()
                acts = np.where(m.any(1), m.argmax(1), 0)
        obs, reward, terminated, _, info = env.step(acts, fantasyland=boards)
        feed(obs, reward, terminated, info)
    for i in range(min(n, 6)):
        h.update(env.to_json(i).encode())
        h.update(json.dumps(env.episode_info(i), sort_keys=True).encode())
        for seat in range(players):
            for a in env.observe(i, seat).values():
                h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("name", list(CASES))
def test_trajectories_equal_the_pinned_ones(name: str) -> None:
    rules, players, options, n, steps, digest = CASES[name]
    assert trajectory_digest(rules, players, options, n, steps) == digest


def test_digest_sees_one_changed_byte() -> None:
    """The digest covers the outputs: the same run with another seed differs."""
    rules, players, options, n, steps, digest = CASES["pine2_hero"]
    assert trajectory_digest(rules, players, dict(options, hero=1), n, steps) != digest
