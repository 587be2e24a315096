"""VecEnv under stress: Ctrl-C during a long step batch (the env then asks for a
reset and works after it), no memory growth over a million steps, envs of
different threads independent, and one VecEnv refused to a second caller."""
from __future__ import annotations

import _thread
import signal
import threading
import time

import numpy as np
import pytest
from interrupts import pressing_ctrl_c, raise_sigint
from rss import rss_growth

from ofc_fast.rl import VecEnv


def _first_legal(env: VecEnv) -> np.ndarray:
    return env.action_masks().argmax(1)


@pytest.mark.parametrize("how", ["interrupt_main", "raise_signal"])
@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_during_a_long_step(how: str, threads: int) -> None:
    assert threading.current_thread() is threading.main_thread()
    if how == "raise_signal":
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    env = VecEnv("pineapple", 2, num_envs=2_000, seed=1, opponent="greedy", threads=threads)
    env.reset()
    start = time.monotonic()
    with pressing_ctrl_c(press=_thread.interrupt_main if how == "interrupt_main" else raise_sigint), \
            pytest.raises(KeyboardInterrupt):
        for _ in range(50):   # each step plays 2,000 greedy turns: about a second
            env.step(_first_legal(env))
    assert time.monotonic() - start < 5
    with pytest.raises(RuntimeError, match="interrupted: call reset"):
        env.step(_first_legal(env))
    small = VecEnv("pineapple", 2, num_envs=8, seed=3)
    want = small.reset()[0]["cards"].copy()
    env2 = VecEnv("pineapple", 2, num_envs=8, seed=3, threads=threads)
    assert np.array_equal(env2.reset()[0]["cards"], want)


def test_envs_in_different_threads_are_independent() -> None:
    def run(out: list[np.ndarray], seed: int) -> None:
        env = VecEnv("pineapple", 3, num_envs=64, seed=seed, seats="all")
        env.reset()
        for _ in range(40):
            env.step(_first_legal(env))
        out.append(env.observation()["cards"].copy())

    alone: list[np.ndarray] = []
    for s in range(4):
        run(alone, s)
    together: list[list[np.ndarray]] = [[] for _ in range(4)]
    ts = [threading.Thread(target=run, args=(together[s], s)) for s in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    for s in range(4):
        assert np.array_equal(together[s][0], alone[s])


def test_a_second_caller_is_refused() -> None:
    env: VecEnv

    def sneaky(obs: dict, masks: np.ndarray, envs: np.ndarray) -> np.ndarray:
        env.step(np.zeros(env.num_envs, dtype=int))
        return masks.argmax(1)

    env = VecEnv("pineapple", 2, num_envs=2, opponent=sneaky)
    with pytest.raises(RuntimeError, match="another call is stepping"):
        env.reset()


RSS_SNIPPET = """
import dataclasses
import numpy as np
import ofc_fast as ofc
from ofc_fast.rl import VecEnv
JOKERS = dataclasses.replace(ofc.PINEAPPLE, name="pineapple_j2", jokers=2)
env = VecEnv("pineapple", 2, num_envs=1024, seed=1)
env.reset()
masks = env.action_masks()

def work():
    # 1024 envs x 10 steps; a new env now and then (freed with the old one)
    global env, masks
    for _ in range(10):
        env.step(masks.argmax(1))
    fl = VecEnv("pineapple", 2, num_envs=64, seed=3, episode="match", fantasyland_start=0.5)
    fl.reset()
    for _ in range(3):
        fl.step(fl.action_masks().argmax(1))
    jk = VecEnv(JOKERS, 2, num_envs=64, seed=4, episode="match", fantasyland_start=0.5)
    jk.reset()
    for _ in range(3):
        jk.step(jk.action_masks().argmax(1))
    small = VecEnv("original", 3, num_envs=64, seed=2, seats="all")
    small.reset()
    small.step(small.action_masks().argmax(1))
    try:
        small.step(np.full(64, 10**6))
    except ValueError:
        pass

def warm():
    for _ in range(20):
        work()
"""


def test_no_rss_growth_over_a_million_steps() -> None:
    """100 rounds of 10 steps of 1024 envs: a million env steps (each hand's history reuses
    the last one's memory) and 300 envs made and freed (Fantasyland, jokers, self-play); a
    leak would show as tens of MB.
    (A match's history keeps the room of the longest match its env played.)"""
    grew = rss_growth(RSS_SNIPPET, 100, timeout=300)
    assert grew < 16 * 2**20, f"RSS grew by {grew / 2**20:.1f} MiB"
