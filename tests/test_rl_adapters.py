"""The adapters of ofc_fast.rl, each checked by its own ecosystem's checker:
gymnasium's check_env, PettingZoo's api_test, SB3's check of a VecEnv through
MaskablePPO's own mask reading (skipped when the library is missing)."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast.rl import VecEnv


def test_gymnasium_single_env_passes_check_env() -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from ofc_fast.rl.gym import OFCEnv
    for preset, players in (("pineapple", 2), ("original", 3)):
        env = OFCEnv(preset, players)
        check_env(env, skip_render_check=True)


def test_gymnasium_single_env_plays_hands() -> None:
    pytest.importorskip("gymnasium")
    from ofc_fast.rl.gym import OFCEnv
    env = OFCEnv("pineapple", 2, opponent="random")
    obs, info = env.reset(seed=3)
    ends = 0
    for _ in range(40):
        a = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, term, trunc, info = env.step(a)
        assert env.observation_space.contains(obs) and not info["illegal"]
        if term:
            ends += 1
            h = ofc.Game.replay(env.env.to_json(0))
            assert reward == h.scores[0]
            obs, info = env.reset()
    assert ends >= 5
    strict = OFCEnv("pineapple", 2, illegal="raise")
    _, info = strict.reset(seed=1)
    bad = int(np.flatnonzero(~info["action_mask"])[0])
    with pytest.raises(ValueError, match=f"env 0: action {bad}"):
        strict.step(bad)
    lenient = OFCEnv("pineapple", 2)
    lenient.reset(seed=1)
    *_, info = lenient.step(bad)
    assert info["illegal"]


def test_actions_are_integers_and_raise_mode_refuses_every_action_outside_the_mask() -> None:
    """Issue 28, 7: OFCEnv(illegal="raise").step(-1) returned reward 0 without moving (-1
    is the VecEnv's "no move"), and "3", b"3", 1.7 were taken through int().  Raise mode
    refuses every action outside the mask, -1 included; an action is an integer in either
    mode (numpy integers and one-element integer arrays too).  The same for PettingZoo."""
    pytest.importorskip("gymnasium")
    from ofc_fast.rl.gym import OFCEnv
    strict = OFCEnv("pineapple", 2, illegal="raise")
    _, info = strict.reset(seed=1)
    before = strict._obs()["cards"].copy()
    for bad in (-1, -2, 259, 10**9):
        with pytest.raises(ValueError, match=f"env 0: action {bad} is not allowed"):
            strict.step(bad)
    lenient = OFCEnv("pineapple", 2)
    lenient.reset(seed=1)
    for env in (strict, lenient):
        for bad in ("3", b"3", 1.7, np.float64(3.0), True, np.bool_(True), None, [3], np.array([1.0])):
            with pytest.raises(TypeError, match="OFCEnv.step: an action is an integer"):
                env.step(bad)
    assert np.array_equal(strict._obs()["cards"], before)   # nothing moved
    a = int(np.flatnonzero(info["action_mask"])[0])
    for good in (np.int64(a), np.array(a), np.array([a], dtype=np.int32)):
        twin = OFCEnv("pineapple", 2, illegal="raise")
        twin.reset(seed=1)
        twin.step(good)
    *_, info = lenient.step(-1)   # "first": the first allowed action instead
    assert info["illegal"]
    pytest.importorskip("pettingzoo")
    from ofc_fast.rl.pettingzoo import OFCAECEnv
    aec = OFCAECEnv("pineapple", 2)
    aec.reset(seed=1)
    agent = aec.agent_selection
    with pytest.raises(ValueError, match=f"{agent}: action -1 is not allowed"):
        aec.step(-1)
    with pytest.raises(TypeError, match="an action is an integer"):
        aec.step("3")
    assert aec.agent_selection == agent


def test_gymnasium_vector_env_equals_the_raw_env() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from ofc_fast.rl.gym import GymVectorEnv
    venv = GymVectorEnv("pineapple", 2, num_envs=8, seed=4)
    raw = VecEnv("pineapple", 2, num_envs=8, seed=4)
    assert isinstance(venv, gymnasium.vector.VectorEnv)
    assert venv.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    obs, info = venv.reset()
    robs, _ = raw.reset()
    for _ in range(12):
        assert venv.observation_space.contains(obs)
        assert np.array_equal(obs["cards"], robs["cards"]) and np.array_equal(info["action_mask"], raw.action_masks())
        acts = info["action_mask"].argmax(1)
        assert venv.action_space.contains(acts)
        obs, rew, term, trunc, info = venv.step(acts)
        robs, rrew, rterm, _, _ = raw.step(acts)
        assert np.array_equal(rew, rrew) and np.array_equal(term, rterm)
    held = obs["cards"].copy()
    venv.step(info["action_mask"].argmax(1))
    assert np.array_equal(obs["cards"], held)   # a copy: the next step does not overwrite it
    venv.close()


# the observation is PettingZoo's documented {"observation", "action_mask"} dict, which
# api_test passes but warns about (it prefers a bare Box or Discrete)
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
def test_pettingzoo_aec_env_passes_api_test() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from ofc_fast.rl.pettingzoo import OFCAECEnv
    for preset, players in (("pineapple", 2), ("pineapple", 3), ("original", 4)):
        api_test(OFCAECEnv(preset, players), num_cycles=200)


def test_pettingzoo_rewards_are_the_hand_and_zero_sum() -> None:
    pytest.importorskip("pettingzoo")
    from ofc_fast.rl.pettingzoo import OFCAECEnv
    env = OFCAECEnv("pineapple", 3)
    env.reset(seed=2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        # no card of another seat's discards in this seat's planes
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    g = ofc.Game.replay(env.env.to_json(0))
    assert [totals[a] for a in env.possible_agents] == g.scores.tolist()
    assert sum(totals.values()) == 0


def test_sb3_vec_env_for_maskable_ppo() -> None:
    pytest.importorskip("stable_baselines3")
    pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.vec_env import VecMonitor

    from ofc_fast.rl.sb3 import SB3VecEnv
    venv = SB3VecEnv("pineapple", 2, num_envs=6, seed=1)
    assert is_masking_supported(venv)
    obs = venv.reset()
    assert venv.observation_space.contains({k: v[0] for k, v in obs.items()})
    mon = VecMonitor(venv)
    mon.reset()
    episodes = 0
    for _ in range(30):
        masks = get_action_masks(mon)
        assert masks.shape == (6, 259) and masks.any(1).all()   # same-step reset: never a dead mask
        obs, rewards, dones, infos = mon.step(masks.argmax(1))
        for i in np.flatnonzero(dones):
            episodes += 1
            assert "terminal_observation" in infos[i] and "episode" in infos[i]
            assert infos[i]["episode"]["r"] == rewards[i]
    assert episodes >= 6
    assert venv.env_method("action_masks", indices=[0, 2])[1].shape == (259,)


@pytest.mark.slow   # 18 s of training; the quick run builds the SB3 env (test above), tools/rl_smoke.sh trains
def test_sb3_maskable_ppo_learns_a_few_steps() -> None:
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from ofc_fast.rl.sb3 import SB3VecEnv
    venv = SB3VecEnv("pineapple", 2, num_envs=8, seed=0)
    model = MaskablePPO("MultiInputPolicy", venv, n_steps=16, batch_size=64, n_epochs=1, seed=0, device="cpu")
    model.learn(256)


# --- Fantasyland set by the agent, a card a step, through every adapter ------------------------

def _play_masked(step_mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random allowed action per row of masks (0 where none is)."""
    noise = np.where(step_mask, rng.random(step_mask.shape), -1.0)
    return np.where(step_mask.any(1), noise.argmax(1), 0)


def test_fantasyland_by_card_sets_the_boards_the_actions_build() -> None:
    from ofc_fast.rl.fantasyland import EXTRA_ACTIONS, CardByCard
    env = CardByCard(VecEnv("pineapple", 2, num_envs=6, seed=3, fantasyland="agent", fantasyland_start=1.0))
    obs, _ = env.reset()
    A = env.base_actions
    assert env.num_actions == A + EXTRA_ACTIONS and env.fantasyland_turn.all()
    assert obs["cards"][:, 3].sum(1).tolist() == [14] * 6
    rng = np.random.default_rng(0)
    masks = env.action_masks()
    assert not masks[:, :A].any() and masks[:, A:].all()
    with pytest.raises(ValueError, match="env 0: action 0 is not allowed while its seat sets Fantasyland"):
        env.step(np.zeros(6, dtype=np.int64))
    built: list[list[int]] = [[] for _ in range(6)]
    for k in range(14):
        before = env.observation()["cards"][:, 3].copy()
        acts = _play_masked(env.action_masks(), rng)
        for i in range(6):
            built[i].append(int(np.flatnonzero(before[i])[0]))   # the lowest held card is placed
        obs, reward, term, _, _ = env.step(acts)
        assert (not reward.any() and not term.any()) or k == 13
    # both seats were in Fantasyland: the last card ends the hand
    assert not env.fantasyland_turn.any() and term.all()
    for i in range(6):
        g = ofc.Game.replay(env.to_json(i))
        assert g.fantasyland[0] == 14
        board = g.boards[0]
        assert sorted(board.tolist() + g.discards(0).tolist()) == sorted(built[i])
        # the cards are where the actions put them: the planes of the own rows
        for r, (a, b) in enumerate(((0, 3), (3, 8), (8, 13))):
            assert set(np.flatnonzero(obs["cards"][i][r]).tolist()) == set(board[a:b].tolist())
        assert reward[i] == g.scores[0]


def test_gymnasium_adapters_with_fantasyland_set_by_the_agent() -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from ofc_fast.rl.gym import GymVectorEnv, OFCEnv
    single = OFCEnv("pineapple", 2, fantasyland="agent", fantasyland_start=0.5)
    check_env(single, skip_render_check=True)
    venv = GymVectorEnv("pineapple", 2, num_envs=8, seed=2, fantasyland="agent", fantasyland_start=0.5)
    assert venv.single_action_space.n == 263
    obs, info = venv.reset()
    rng = np.random.default_rng(1)
    settings = ends = 0
    for _ in range(60):
        assert venv.observation_space.contains(obs)
        settings += int(info["action_mask"][:, 259:].any(1).sum())
        obs, reward, term, _, info = venv.step(_play_masked(info["action_mask"], rng))
        ends += int(term.sum())
    assert settings > 0 and ends >= 8


def test_sb3_and_pettingzoo_with_fantasyland_set_by_the_agent() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from ofc_fast.rl.pettingzoo import OFCAECEnv
    with pytest.warns(UserWarning):   # api_test's dict-observation warnings
        api_test(OFCAECEnv("pineapple", 2, fantasyland="agent", fantasyland_start=1.0), num_cycles=100)
    env = OFCAECEnv("pineapple", 2, fantasyland="agent", fantasyland_start=1.0)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        m = obs["action_mask"].astype(bool)
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(m))))
    g = ofc.Game.replay(env.env.to_json(0))
    assert list(g.fantasyland) == [14, 14] and [totals[a] for a in env.possible_agents] == g.scores.tolist()
    pytest.importorskip("stable_baselines3")
    from ofc_fast.rl.sb3 import SB3VecEnv
    venv = SB3VecEnv("pineapple", 2, num_envs=4, seed=1, fantasyland="agent", fantasyland_start=1.0)
    venv.reset()
    masks = np.stack(venv.env_method("action_masks"))
    assert masks.shape == (4, 263) and masks[:, 259:].all()
    dones = 0
    for _ in range(40):
        _, _, done, _ = venv.step(_play_masked(np.stack(venv.env_method("action_masks")), rng))
        dones += int(done.sum())
    assert dones >= 4


# --- decks with jokers: every adapter over 54 card columns ------------------------------------

def _joker_rules() -> ofc.Rules:
    return dataclasses.replace(ofc.PINEAPPLE, name="pineapple_j2", jokers=2)


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
def test_adapters_with_jokers_pass_their_checkers() -> None:
    """Two jokers (54 card columns): check_env, the vector env against the raw env,
    api_test, SB3's masks; rewards the engine's joker-resolving result."""
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from ofc_fast.rl.gym import GymVectorEnv, OFCEnv
    r = _joker_rules()
    single = OFCEnv(r, 2)
    assert single.observation_space["cards"].shape == (9, 54)
    check_env(single, skip_render_check=True)
    check_env(OFCEnv(r, 2, fantasyland="agent", fantasyland_start=0.5), skip_render_check=True)
    venv = GymVectorEnv(r, 2, num_envs=8, seed=4)
    raw = VecEnv(r, 2, num_envs=8, seed=4)
    obs, info = venv.reset()
    raw.reset()
    ends = 0
    for _ in range(12):
        assert venv.observation_space.contains(obs)
        acts = info["action_mask"].argmax(1)
        obs, rew, term, _, info = venv.step(acts)
        _, rrew, _, _, _ = raw.step(acts)
        assert np.array_equal(rew, rrew)
        for i in np.flatnonzero(term):
            ends += 1
            assert rew[i] == ofc.Game.replay(raw.to_json(int(i))).scores[0]
    assert ends >= 8
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from ofc_fast.rl.pettingzoo import OFCAECEnv
    api_test(OFCAECEnv(r, 2), num_cycles=200)
    pytest.importorskip("stable_baselines3")
    from ofc_fast.rl.sb3 import SB3VecEnv
    sb = SB3VecEnv(r, 2, num_envs=4, seed=1)
    o = sb.reset()
    assert o["cards"].shape == (4, 9, 54)
    for _ in range(10):
        masks = np.stack(sb.env_method("action_masks"))
        assert masks.any(1).all()
        sb.step(masks.argmax(1))
