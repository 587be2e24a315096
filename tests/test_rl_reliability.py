"""VecEnv under stress: Ctrl-C during a long step batch (the env then asks for a
reset and works after it), no memory growth over a million steps, envs of
different threads independent, and one VecEnv refused to a second caller;
issue 28: a step acts on exactly the actions it checked, judged by the envs'
own state, a foul-safe joker step costs milliseconds and stops on Ctrl-C, bad
opponent returns and Fantasyland boards are errors, clear errors elsewhere."""
from __future__ import annotations

import _thread
import dataclasses
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from typing import Any

import numpy as np
import pytest
from interrupts import cpu_seconds, pressing_ctrl_c, raise_sigint
from rss import rss_growth

import ofc_fast as ofc
from ofc_fast.rl import VecEnv


def _first_legal(env: VecEnv) -> np.ndarray:
    return env.action_masks().argmax(1)


# Ctrl-C both ways and on 1 or 2 threads: the quick run presses each way once (one on each
# thread count), the slow run (.ci/run) every pair
CTRL_C = [("interrupt_main", 1), ("raise_signal", 2), pytest.param("raise_signal", 1, marks=pytest.mark.slow),
          pytest.param("interrupt_main", 2, marks=pytest.mark.slow)]


@pytest.mark.parametrize(("how", "threads"), CTRL_C)
def test_ctrl_c_during_a_long_step(how: str, threads: int) -> None:
    assert threading.current_thread() is threading.main_thread()
    if how == "raise_signal":
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    env = VecEnv("pineapple", 2, num_envs=2_000, seed=1, opponent="greedy", threads=threads)
    env.reset()
    start_cpu = cpu_seconds()
    with pressing_ctrl_c(press=_thread.interrupt_main if how == "interrupt_main" else raise_sigint), \
            pytest.raises(KeyboardInterrupt):
        for _ in range(50):   # each step plays 2,000 greedy turns: about a second
            env.step(_first_legal(env))
    assert cpu_seconds() - start_cpu < 5
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
    for _ in range(5):
        env.step(env.sample_actions())
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


# --- issue 28: what a step trusts, a foul-safe step's cost and Ctrl-C, bad returns ---------

def _run_child(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter importing the ofc_fast these tests import (a crash
    fails the test instead of ending the run)."""
    import ofc_fast
    env = dict(os.environ)
    where = os.path.dirname(os.path.dirname(os.path.abspath(ofc_fast.__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (where, env.get("PYTHONPATH", "")) if p)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=tempfile.gettempdir(), check=False)


RACING_WRITES = """
import threading, numpy as np
from ofc_fast.rl import VecEnv
for threads in (1, 2):
    env = VecEnv("pineapple", 2, num_envs=256, seed=1, opponent="heuristic", threads=threads)
    env.reset()
    acts = np.zeros(256, dtype=np.int64)
    stop = False
    def writer():
        while not stop:
            acts[100] = 10**12   # far past the action space, then a legal action again
            acts[100] = 0
            acts[7] = -5
            acts[7] = 0
    t = threading.Thread(target=writer)
    t.start()
    played = refused = 0
    try:
        for _ in range(1500):
            acts[:] = env.action_masks().argmax(1)
            try:
                env.step(acts)
                played += 1
            except ValueError as e:
                # (the writer's value, or the stale legal action it wrote back)
                assert str(e).startswith(("env 100: action", "env 7: action")), e
                refused += 1
    finally:
        stop = True
        t.join()
    print(threads, played, refused)
"""


@pytest.mark.slow   # half a minute of racing threads: the slow run (.ci/run) has it
def test_a_racing_write_to_the_actions_never_reaches_a_step() -> None:
    """Issue 28, 1: another thread writing a huge value into the actions array between the
    check and the play crashed the process (SIGSEGV within 13 steps).  The step copies the
    actions first and checks and plays the copy: each step plays, or refuses the value it
    saw, and no env moves then."""
    r = _run_child(RACING_WRITES, timeout=240)
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    assert len(r.stdout.split("\n")) >= 2


@pytest.mark.parametrize("actions", ["compact", "codes"])
def test_a_mask_made_writeable_again_is_not_trusted(actions: str) -> None:
    """Issue 28, 2: action_masks() is a read-only view, but numpy lets a caller make it
    writeable; the check read it, so an illegal code was played (five cards into the
    three-slot top: SIGSEGV).  The check reads the envs' own state: the action is refused,
    naming what the envs really allow, and nothing moves."""
    env = VecEnv("pineapple", 2, num_envs=2, seed=1, actions=actions)
    env.reset()
    masks = env.action_masks()
    legal = [np.flatnonzero(m).tolist() for m in masks]
    masks.flags.writeable = True
    masks[:] = True    # every action, the five-cards-on-top code 0 included
    before = env.observation()["cards"].copy()
    bad = 0 if actions == "codes" else next(a for a in range(env.num_actions) if a not in legal[1])
    with pytest.raises(ValueError, match=rf"env 1: action {bad}\b.*not allowed by the mask, which allows "
                                         rf"\[{legal[1][0]}, "):
        env.step(np.array([legal[0][0], bad]))
    assert np.array_equal(env.observation()["cards"], before)
    # the flags are the envs' own too: a Fantasyland turn made up changes nothing (the
    # legal actions play as in a twin never touched, the boards unread)
    fl = env.fantasyland_turn
    fl.flags.writeable = True
    fl[:] = True
    twin = VecEnv("pineapple", 2, num_envs=2, seed=1, actions=actions)
    twin.reset()
    acts = np.array([legal[0][0], legal[1][0]])
    env.step(acts, fantasyland=np.full((2, 13), 255, np.uint8))
    twin.step(acts)
    assert np.array_equal(env.observation()["cards"], twin.observation()["cards"])


def test_a_real_fantasyland_turn_cleared_in_the_flags_still_needs_its_board() -> None:
    """The other way round: a Fantasyland setting whose flag the caller cleared (and whose
    mask it filled) is still a setting: without boards it is refused, not played."""
    env = VecEnv("pineapple", 2, num_envs=1, seed=1, fantasyland="agent", fantasyland_start=1.0)
    env.reset()
    assert env.fantasyland_turn[0]
    fl, masks = env.fantasyland_turn, env.action_masks()
    fl.flags.writeable = masks.flags.writeable = True
    fl[:] = False
    masks[:] = True
    with pytest.raises(ValueError, match="env 0: action 5: the learning seat sets a Fantasyland hand"):
        env.step(np.array([5]))


def _opponent_env(returns: Any) -> tuple[VecEnv, list[int]]:
    calls: list[int] = []

    def sly(obs: dict, masks: np.ndarray, envs: np.ndarray) -> Any:
        calls.append(envs.size)
        return returns(masks) if callable(returns) else returns

    return VecEnv("pineapple", 2, num_envs=2, seed=4, hero=1, opponent=sly), calls


@pytest.mark.parametrize(("returns", "exc", "needles"), [
    (lambda m: np.full(len(m), -1), ValueError, ("the opponent", "sly", "seat 0", "action -1", "must move")),
    (lambda m: np.full(len(m), 10**6), ValueError, ("sly", "seat 0", "action 1000000")),
    (lambda m: np.array([-3] * len(m)), ValueError, ("sly", "seat 0", "action -3")),
    ([1.5, 2.5], TypeError, ("the opponent", "sly", "float64")),
    ("0", TypeError, ("the opponent", "sly")),
    (None, TypeError, ("the opponent", "sly", "None")),
    (lambda m: np.zeros(len(m) + 1, dtype=int), ValueError, ("the opponent sly", "shape (")),
    (lambda m: (~m).argmax(1), ValueError, ("env 1: the opponent sly (seat 0): action", "not allowed")),
])
def test_a_bad_opponent_return_is_an_error_naming_it(returns: Any, exc: type, needles: tuple[str, ...]) -> None:
    """Issue 28, 5: an opponent callable returning -1 was asked again for ever.  Whatever it
    returns that is not one allowed action per env is an error naming the opponent, the
    seat and the value, after one call."""
    env, calls = _opponent_env(returns)
    with pytest.raises(exc) as info:
        env.reset()
    for n in needles:
        assert n in str(info.value), (n, str(info.value))
    assert len(calls) == 1


def test_fantasyland_boards_with_codes_past_a_byte_are_refused() -> None:
    """Issue 28, 6: boards passed to step wrapped modulo 256 (283 or -226 played as 2c
    ... 27, 30): a code that is no card is refused naming its value and place, and no env
    moves; a board of an env that sets no hand is not read (any filler)."""
    from ofc_fast.rl.fantasyland import CardByCard  # noqa: F401  (the adapters' path: below)
    for rules, deck in (("pineapple", 52), (dataclasses.replace(ofc.PINEAPPLE, name="j2", jokers=2), 54)):
        env = VecEnv(rules, 2, num_envs=2, seed=1, fantasyland="agent", fantasyland_start=1.0)
        env.reset()
        assert env.fantasyland_turn.all()
        cards = env.observation()["cards"]
        boards = np.stack([np.flatnonzero(cards[i, 3])[:13] for i in range(2)]).astype(np.int64)
        before = cards.copy()
        for value, where in ((boards[1, 4] + 256, "middle position 1"), (boards[1, 4] - 256, "middle position 1"),
                             (deck, "middle position 1"), (-1, "middle position 1")):
            b = boards.copy()
            b[1, 4] = value
            with pytest.raises(ValueError, match=rf"env 1: Fantasyland board, {where}: card code {value} is not in "
                                                 rf"0\.\.{deck - 1}.*no env moved"):
                env.step(np.zeros(2, dtype=np.int64), fantasyland=b)
            assert np.array_equal(env.observation()["cards"], before)
        b = boards.copy()
        b[1, 2] = 283     # env 1 waits (-1): its board is not read
        env.step(np.array([0, -1]), fantasyland=b)
        assert not env.fantasyland_turn[0] and env.fantasyland_turn[1]
        u8 = boards.astype(np.uint8)
        u8[1, 0] = 200
        with pytest.raises(ValueError, match="env 1: Fantasyland board, top position 0: card code 200 is not in"):
            env.step(np.array([-1, 0]), fantasyland=u8)
        with pytest.raises(ValueError, match="env 1: Fantasyland board: top position 0: card code 300"):
            env.step(np.array([-1, 0]), fantasyland=[boards[0].tolist(), [300] + boards[1, 1:].tolist()])



def _stepping_thread(env: VecEnv, steps: int = 5) -> tuple[threading.Thread, list[BaseException], list[int]]:
    """A started thread stepping env ``steps`` times (a step that starts while the main thread's
    call runs is refused too, and tried again), its errors, and ``[refused steps]``."""
    started = threading.Event()
    errors: list[BaseException] = []
    refused = [0]

    def stepping() -> None:
        started.set()
        try:
            done = 0
            while done < steps:
                try:
                    env.step(_first_legal(env))
                    done += 1
                except RuntimeError as e:
                    if "another call is stepping" not in str(e):
                        raise
                    refused[0] += 1
        except BaseException as e:   # (reported by the caller)
            errors.append(e)

    t = threading.Thread(target=stepping)
    t.start()
    started.wait()
    return t, errors, refused


def test_to_json_while_another_thread_steps_says_so() -> None:
    """Issue 28, 9: to_json during another thread's step said "a step was interrupted: call
    reset() first" (wrong, and following it threw the episodes away)."""
    env = VecEnv("pineapple", 2, num_envs=500, seed=1, opponent="greedy")   # a step: a quarter second
    env.reset()
    t, errors, stepped_refused = _stepping_thread(env)
    said = set()
    while t.is_alive():
        for call in (lambda: env.to_json(0), lambda: env.episode_info(0), lambda: env.observe(0, 0)):
            try:
                call()
            except RuntimeError as e:
                said.add(str(e).split(":")[0])
                assert "in progress" in str(e) and "call reset" not in str(e), e
        time.sleep(0.001)
    t.join()
    assert not errors and said, (errors, said)
    ofc.Game.replay(env.to_json(0))   # the episodes are all there


def test_sample_actions_while_another_thread_steps_says_so_and_threads_draw_alike() -> None:
    """Issue 31: sample_actions reads the masks a step writes: refused (clearly) while
    another thread steps the same envs; envs of their own in threads draw as alone."""
    env = VecEnv("pineapple", 2, num_envs=500, seed=1, opponent="greedy")   # a step: a quarter second
    env.reset()
    t, errors, stepped_refused = _stepping_thread(env)
    refused = 0
    while t.is_alive():
        try:
            env.sample_actions()
        except RuntimeError as e:
            assert "VecEnv.sample_actions" in str(e) and "in progress" in str(e), e
            refused += 1
        time.sleep(0.001)
    t.join()
    assert not errors and refused + stepped_refused[0]

    def run(out: list[np.ndarray], seed: int) -> None:
        e = VecEnv("pineapple", 3, num_envs=256, seed=seed, seats="all")
        e.reset()
        for _ in range(30):
            e.step(e.sample_actions())
        out.append(e.observation()["cards"].copy())

    alone: list[np.ndarray] = []
    for s in range(3):
        run(alone, s)
    together: list[list[np.ndarray]] = [[] for _ in range(3)]
    ts = [threading.Thread(target=run, args=(together[s], s)) for s in range(3)]
    for th in ts:
        th.start()
    for th in ts:
        th.join()
    assert all(np.array_equal(together[s][0], alone[s]) for s in range(3))


def test_close_inside_the_opponent_callable_is_refused_clearly() -> None:
    env: VecEnv

    def closing(obs: dict, masks: np.ndarray, envs: np.ndarray) -> np.ndarray:
        env.close()
        return masks.argmax(1)

    env = VecEnv("pineapple", 2, num_envs=2, opponent=closing)
    with pytest.raises(RuntimeError, match="VecEnv.close: a step or reset of these envs is in progress"):
        env.reset()


def test_reset_envs_of_no_env_does_nothing() -> None:
    env = VecEnv("pineapple", 2, num_envs=3, seed=2)
    env.reset()
    before = env.observation()["cards"].copy()
    env.reset_envs([])
    env.reset_envs(np.array([], dtype=np.int64))
    env.reset_envs(np.zeros(3, dtype=bool))
    assert np.array_equal(env.observation()["cards"], before)


def test_envs_are_neither_pickled_nor_copied() -> None:
    """Issue 28, 9: pickling said Cython's words (or "cannot pickle '_thread.lock'"), and
    copy.copy shared the original's envs (a step of the copy moved the original)."""
    import copy
    import pickle
    env = VecEnv("pineapple", 2, num_envs=2, seed=1)
    env.reset()
    for how in (pickle.dumps, copy.copy, copy.deepcopy):
        with pytest.raises(TypeError, match=r"VecEnv cannot be (pickled|copied|deep-copied): its envs|would share"):
            how(env)
    adapters: list[Any] = []
    gym = pytest.importorskip("gymnasium")   # noqa: F841
    from ofc_fast.rl.fantasyland import CardByCard
    from ofc_fast.rl.gym import GymVectorEnv, OFCEnv
    adapters += [OFCEnv(), GymVectorEnv(num_envs=2),
                 CardByCard(VecEnv("pineapple", 2, num_envs=2, fantasyland="agent"))]
    try:
        from ofc_fast.rl.pettingzoo import OFCAECEnv
        adapters.append(OFCAECEnv())
    except ImportError:
        pass
    for a in adapters:
        for how in (pickle.dumps, copy.copy, copy.deepcopy):
            with pytest.raises(TypeError, match=rf"{type(a).__name__} cannot be pickled or copied: its VecEnv"):
                how(a)
    states: list[Any] = []
    ofc.rollout(["--/--/--"] * 2, n=1, seed=1, policy=lambda s: (states.append(s), s.legal_actions()[0])[1])
    with pytest.raises(TypeError, match="RolloutState cannot be pickled or copied"):
        pickle.dumps(states[0])


# a foul-safe mask under jokers that the search has to work for (issue 28, 4)
JOKER_ROW = {pool: dataclasses.replace(ofc.PINEAPPLE, name=f"j2_{pool}", jokers=2, joker_pool=pool,
                                       joker_resolution="row") for pool in ("unseen", "not_on_board")}


@pytest.mark.parametrize("pool", ["unseen", "not_on_board"])
def test_foul_safe_joker_masks_cost_milliseconds(pool: str) -> None:
    """Issue 28, 4: with joker_pool "unseen" / "not_on_board" and resolution "row", one step
    of one env took 6 to 20 s (each of a hand's 232 placements ran the exact joker search,
    up to about 1 s a board: a bottom needing a pair against a joker on top).  Random
    completions find such a clean completion at once, and the search runs at most
    OFC_ENV_FOUL_NODES nodes an action.  The first streets of seeds 7 and 10 took 3 to 7 s
    each; now milliseconds (the same masks: every placement can avoid the foul)."""
    for seed in (7, 10):
        env = VecEnv(JOKER_ROW[pool], 2, num_envs=1, seed=seed, mask="foul_safe")
        start_cpu = cpu_seconds()
        env.reset()
        assert cpu_seconds() - start_cpu < 1.0, seed
        assert env.action_masks().sum() == 232
    env = VecEnv(JOKER_ROW[pool], 2, num_envs=16, seed=5, mask="foul_safe")
    start_cpu = cpu_seconds()
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(6):
        m = env.action_masks()
        env.step(np.array([rng.choice(np.flatnonzero(r)) if r.any() else 0 for r in m]))
    assert cpu_seconds() - start_cpu < 10


def test_can_avoid_foul_finds_a_clean_completion_behind_a_joker_on_top() -> None:
    """The boards of issue 28's slow steps (9.8 s and 1.5 s before): a joker on top, the
    bottom four cards that pair nothing.  The answer (True) is the search's; found at once."""
    r = JOKER_ROW["unseen"]
    for board in ("X2 -- -- / -- -- -- -- -- / 4d Js 9d 5h --", "-- -- -- / X2 -- -- -- -- / 4d Js 9d 5h --"):
        start_cpu = cpu_seconds()
        assert ofc.partial.can_avoid_foul(board, r, dead=["Kd", "Ad", "2s", "2h", "8s"])
        assert cpu_seconds() - start_cpu < 1, board


@pytest.mark.parametrize(("how", "threads"), CTRL_C)
def test_ctrl_c_during_a_foul_safe_joker_step(how: str, threads: int) -> None:
    """Issue 28, 4: SIGINT landed 4.5 to 8 s after it was sent (the C loop never looked).
    The searches poll a stop flag that an interrupt sets: a step stops within a second
    (about 0.1 s here), then asks for a reset, and works after it."""
    env = VecEnv(JOKER_ROW["unseen"], 2, num_envs=512, seed=5, mask="foul_safe", threads=threads)
    env.reset()
    pressed: list[float] = []

    def press() -> None:   # when, in this process's CPU seconds (load does not stretch them)
        pressed.append(cpu_seconds())
        (_thread.interrupt_main if how == "interrupt_main" else raise_sigint)()

    with pressing_ctrl_c(first=0.3, press=press), pytest.raises(KeyboardInterrupt):
        for _ in range(100):   # each step: about a second
            m = env.action_masks()
            env.step(np.where(m.any(1), m.argmax(1), 0))
    latency = cpu_seconds() - pressed[-1]
    assert latency < 1.0 * threads, latency
    with pytest.raises(RuntimeError, match="interrupted: call reset"):
        env.step(np.zeros(512, dtype=np.int64))
    with pressing_ctrl_c(first=0.3, press=press), pytest.raises(KeyboardInterrupt):
        for seed in range(10):   # each reset: a first street of 512 envs, about 0.5 to 4 s
            env.reset(seed=seed)
    assert cpu_seconds() - pressed[-1] < 1.0 * threads
    env.reset()
    m = env.action_masks()
    env.step(np.where(m.any(1), m.argmax(1), 0))
