#!/usr/bin/env python3
"""One table: ofc_fast.rl's batched env against the engine and against Python envs.

    python bench/rl.py [--envs 1024] [--seconds 2] [--rows vec1,sim] [--json out.json]

Heads-up Pineapple, the learning seat against the random policy, one hand
per episode; an env step is one decision of the learning seat with its
observation and mask written (the opponent's turn played in C in between).
The learner's actions are the first legal one (mask.argmax, not timed).
Rows, each a rate in one run and its ratio to the raw VecEnv:

* VecEnv, threads=1, and on a bigger batch threads=1 and threads=2 (raw
  arrays, no copies; the env step that starts a new episode counts, as
  Gymnasium's next-step autoreset makes it one);
* the engine's own decisions/s in ``simulate`` (every seat random, one core);
* the loop with a random legal action a step (timed with the step), drawn by
  ``VecEnv.sample_actions`` (in C) or the numpy way (a random key per action,
  the largest allowed: ``numpy_actions``), and each draw alone;
* GymVectorEnv (copies of every output, the mask in info);
* a Python loop over ``Game`` (apply, the opponent's ``play("random")``,
  ``observation(0)`` and ``action_mask()`` a step), one env;
* Gymnasium's SyncVectorEnv over 16 such per-game Python envs.

Every row runs once a round, the rounds interleaved; a row's rate is its
best burst of about 25 ms (one ``simulate`` call of 100,000 hands for the
engine row), the best over the rounds; then the ratios the RL issue asks for.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import time
from typing import Any, Callable

import numpy as np

import ofc_fast as ofc
from ofc_fast.rl import VecEnv

#: a rate is the best of bursts this long (as long as one ``simulate`` call of the engine
#: row): on a loaded machine a burst either runs alone or is preempted, and the best one
#: is what the code costs (an average over seconds counts the other processes' share too)
BURST_SECONDS = 0.025


def _rate(step: Any, per_call: int, seconds: float) -> float:
    """Env steps per second of `step()` (per_call env steps a call): the best burst of about
    BURST_SECONDS over about `seconds`."""
    step()
    best, spent = 0.0, 0.0
    while spent < seconds:
        n, burst = 0, 0.0
        while burst < BURST_SECONDS:
            t, k = step()
            burst += t
            n += k if k is not None else per_call
        spent += burst
        best = max(best, n / burst)
    return best


def vecenv_rate(envs: int, threads: int, seconds: float) -> float:
    env = VecEnv("pineapple", 2, num_envs=envs, seed=1, threads=threads)
    env.reset()

    def step() -> tuple[float, int]:
        acts = env.action_masks().argmax(1)
        t = time.perf_counter()
        env.step(acts)
        return time.perf_counter() - t, envs
    return _rate(step, envs, seconds)


def numpy_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniform legal action per env the numpy way: a random key per action, the largest
    key among the allowed ones (the loop the RL issue measured at 0.38M steps/s)."""
    return (rng.random(masks.shape) * masks).argmax(1)


def sampled_loop_rate(envs: int, how: str, seconds: float) -> float:
    """The learner's loop with a random legal action a step, drawn by ``VecEnv.sample_actions``
    (how "c") or the numpy way (how "numpy"), the draw timed with the step."""
    env = VecEnv("pineapple", 2, num_envs=envs, seed=1)
    env.reset()
    rng = np.random.default_rng(1)

    def step() -> tuple[float, int]:
        t = time.perf_counter()
        acts = env.sample_actions() if how == "c" else numpy_actions(env.action_masks(), rng)
        env.step(acts)
        return time.perf_counter() - t, envs
    return _rate(step, envs, seconds)


def draw_rate(envs: int, how: str, seconds: float) -> float:
    """Actions drawn a second (the draw alone, from the masks of a fixed state)."""
    env = VecEnv("pineapple", 2, num_envs=envs, seed=1)
    env.reset()
    env.step(env.sample_actions(seed=1))   # a later street: masks of 27 actions
    rng = np.random.default_rng(1)

    def step() -> tuple[float, int]:
        t = time.perf_counter()
        if how == "c":
            env.sample_actions()
        else:
            numpy_actions(env.action_masks(), rng)
        return time.perf_counter() - t, envs
    return _rate(step, envs, seconds)


def simulate_rate(seconds: float) -> float:
    hands = 100_000
    r = ofc.get_rules("pineapple")
    per_hand = 2 * (r.rounds + 1)
    best = 0.0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        t = time.perf_counter()
        ofc.simulate("pineapple", 2, hands, seed=1)
        best = max(best, hands * per_hand / (time.perf_counter() - t))
    return best


def gym_vector_rate(envs: int, seconds: float) -> float:
    from ofc_fast.rl.gym import GymVectorEnv
    venv = GymVectorEnv("pineapple", 2, num_envs=envs, seed=1)
    _, info = venv.reset()
    box = [info["action_mask"]]

    def step() -> tuple[float, int]:
        acts = box[0].argmax(1)
        t = time.perf_counter()
        _, _, _, _, info = venv.step(acts)
        dt = time.perf_counter() - t
        box[0] = info["action_mask"]
        return dt, envs
    return _rate(step, envs, seconds)


class GameEnv:
    """The per-game Python env every OFC project writes: Game, one hand an episode."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.k = 0

    def reset(self) -> tuple[dict[str, Any], np.ndarray]:
        self.g = ofc.Game("pineapple", 2, seed=self.seed + self.k, button=1, match=False)
        self.k += 1
        return self.g.observation(0), self.g.action_mask()

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, np.ndarray]:
        g = self.g
        g.apply(int(action))
        while not g.done and g.turn != 0:
            g.play("random")
        reward = float(g.scores[0]) if g.done else 0.0
        return g.observation(0), reward, g.done, g.action_mask()


def game_loop_rate(seconds: float) -> float:
    env = GameEnv(1)
    _, mask = env.reset()
    box = [mask]

    def step() -> tuple[float, int]:
        t = time.perf_counter()
        for _ in range(50):
            _, _, done, m = env.step(int(box[0].argmax()))
            box[0] = m if not done else env.reset()[1]
        return time.perf_counter() - t, 50
    return _rate(step, 50, seconds)


def sync_vector_rate(seconds: float, envs: int = 16) -> float:
    import gymnasium
    from gymnasium import spaces

    class OneGame(gymnasium.Env):  # type: ignore[misc]
        observation_space = spaces.Dict({"boards": spaces.Box(0, 255, (2, 13), np.uint8),
                                         "held": spaces.Box(0, 255, (5,), np.uint8)})
        action_space = spaces.Discrete(1024)

        def __init__(self, seed: int) -> None:
            self.env = GameEnv(seed)

        def _obs(self, o: dict[str, Any], mask: np.ndarray) -> tuple[dict[str, Any], dict[str, Any]]:
            held = np.full(5, 255, np.uint8)
            held[:o["held"].size] = o["held"]
            return {"boards": o["boards"], "held": held}, {"action_mask": mask}

        def reset(self, *, seed: int | None = None, options: Any = None) -> Any:
            return self._obs(*self.env.reset())

        def step(self, action: int) -> Any:
            o, r, done, mask = self.env.step(action)
            obs, info = self._obs(o, mask)
            return obs, r, done, False, info

    venv = gymnasium.vector.SyncVectorEnv([lambda s=s: OneGame(s) for s in range(envs)])
    _, info = venv.reset(seed=0)
    box = [info["action_mask"]]

    def step() -> tuple[float, int]:
        acts = np.array([m.argmax() if m.any() else 0 for m in box[0]])
        t = time.perf_counter()
        _, _, _, _, info = venv.step(acts)
        dt = time.perf_counter() - t
        box[0] = info["action_mask"]
        return dt, envs
    return _rate(step, envs, seconds)


def row_table(envs: int = 1024, big_envs: int = 16384) -> dict[str, tuple[str, Callable[[float], float]]]:
    """The rows by key: (name, rate of `seconds` of timing)."""
    try:
        import gymnasium  # noqa: F401
        has_gym = True
    except ImportError:
        has_gym = False
    rows: dict[str, tuple[str, Callable[[float], float]]] = {
        "vec1": (f"VecEnv, {envs} envs, threads=1", lambda s: vecenv_rate(envs, 1, s)),
        # threads need envs enough to pay for their handoff (VecEnv.threads_used): a bigger batch
        "big1": (f"VecEnv, {big_envs} envs, threads=1", lambda s: vecenv_rate(big_envs, 1, s)),
        "vec2": (f"VecEnv, {big_envs} envs, threads=2", lambda s: vecenv_rate(big_envs, 2, s)),
        "sim": ("engine decisions in simulate (every seat random), 1 core", simulate_rate),
        # a random legal action a step, drawn in C or the numpy way (issue 31)
        "rand_c": (f"VecEnv, {envs} envs, random legal actions by sample_actions (timed)",
                   lambda s: sampled_loop_rate(envs, "c", s)),
        "rand_np": (f"VecEnv, {envs} envs, random legal actions the numpy way (timed)",
                    lambda s: sampled_loop_rate(envs, "numpy", s)),
        "draw_c": (f"sample_actions alone, {envs} envs (actions drawn/s)", lambda s: draw_rate(envs, "c", s)),
        "draw_np": (f"numpy way alone, {envs} envs (actions drawn/s)", lambda s: draw_rate(envs, "numpy", s)),
    }
    if has_gym:
        rows["gym"] = (f"GymVectorEnv, {envs} envs (copies)", lambda s: gym_vector_rate(envs, s))
        rows["sync"] = ("gymnasium SyncVectorEnv over 16 Python Game envs", sync_vector_rate)
    rows["loop"] = ("Python loop over Game, 1 env", game_loop_rate)
    return rows


def measure(rows: dict[str, tuple[str, Callable[[float], float]]], seconds: float,
            rounds: int) -> tuple[dict[str, float], dict[str, float]]:
    """Every row once a round (the machine's load falls on all alike), `rounds` rounds: the
    best rate per row, and the ratios the RL issue asks for (to the row "vec1")."""
    best = dict.fromkeys(rows, 0.0)
    for _ in range(rounds):
        for key, (_, fn) in rows.items():
            best[key] = max(best[key], fn(seconds))
    raw = best["vec1"]
    ratios = {"VecEnv steps/s per core (issue: >= 1,000,000)": raw}
    if "sim" in best:
        ratios["VecEnv / engine decisions in simulate (issue: >= 0.3)"] = raw / best["sim"]
    if "rand_c" in best and "rand_np" in best:
        ratios["random legal loop: sample_actions / numpy way"] = best["rand_c"] / best["rand_np"]
    if "draw_c" in best and "draw_np" in best:
        ratios["the draw alone: sample_actions / numpy way (issue 31: >= 5)"] = best["draw_c"] / best["draw_np"]
    if "loop" in best:
        ratios["VecEnv / Python loop over Game (issue: >= 200)"] = raw / best["loop"]
    if "gym" in best:
        ratios["GymVectorEnv / VecEnv (issue: >= 0.5)"] = best["gym"] / raw
    if "sync" in best:
        ratios["VecEnv / SyncVectorEnv"] = raw / best["sync"]
    return best, ratios


def report(rows: dict[str, tuple[str, Callable[[float], float]]], best: dict[str, float],
           ratios: dict[str, float]) -> list[str]:
    """The table and the ratios, as lines."""
    raw = best["vec1"]
    lines = ["| row | env steps/s | vs VecEnv threads=1 |", "|---|---:|---:|"]
    lines += [f"| {rows[key][0]} | {rate:,.0f} | {rate / raw:.3g}x |" for key, rate in best.items()]
    lines.append("")
    lines += [f"{name}: {value:,.3g}" if value < 1e4 else f"{name}: {value:,.0f}" for name, value in ratios.items()]
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--big-envs", type=int, default=16384, help="envs of the rows with and without threads")
    ap.add_argument("--seconds", type=float, default=2.0, help="timing per row and round")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of every row, interleaved; the best counts")
    ap.add_argument("--rows", help="only these rows, comma-separated (vec1, big1, vec2, sim, rand_c, rand_np, "
                                   "draw_c, draw_np, gym, sync, loop); "
                                   "vec1 always runs: the ratios are to it")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args()
    rows = row_table(args.envs, args.big_envs)
    if "gym" not in rows:
        print("(gymnasium is not installed: no Gymnasium rows)")
    if args.rows:
        keep = {"vec1", *(k.strip() for k in args.rows.split(","))}
        unknown = keep - set(rows)
        if unknown:
            ap.error(f"--rows: no row {', '.join(sorted(unknown))} (rows: {', '.join(rows)})")
        rows = {k: r for k, r in rows.items() if k in keep}
    best, ratios = measure(rows, args.seconds, args.rounds)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"# {time.strftime('%Y-%m-%d %H:%M:%S')}  {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} CPUs, load {load:.2f}, Python {platform.python_version()}, ofc_fast {ofc.__version__}")
    print()
    print("\n".join(report(rows, best, ratios)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": {rows[k][0]: v for k, v in best.items()}, "ratios": ratios, "load": load}, f,
                      indent=1)


if __name__ == "__main__":
    main()
