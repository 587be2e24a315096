"""Issue 31: the registered Gymnasium ids (every one made and checked with warnings as
errors, its version pinned by a digest of a fixed rollout), render(), the VecEnv's spaces,
and VecEnv.sample_actions (legal, uniform, deterministic per seed)."""
from __future__ import annotations

import hashlib
import warnings

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast.rl import ENV_VERSION, VecEnv, env_ids
from ofc_fast.rl.registration import env_spec

gymnasium = pytest.importorskip("gymnasium")

#: a digest of a fixed rollout of every id (see _rollout_digest): a change that moves one
#: could change learning, so it comes with ENV_VERSION bumped and these renewed
DIGESTS = {
    "ofc_fast/Original-v0": "52ea1266ec6a5e99", "ofc_fast/Original-3p-v0": "276e8d995534f06b",
    "ofc_fast/Original-4p-v0": "32f9114a396efbe4", "ofc_fast/Pineapple-v0": "a84cc41955a4346f",
    "ofc_fast/Pineapple-3p-v0": "d826bad6f12f7807", "ofc_fast/Progressive-v0": "a84cc41955a4346f",
    "ofc_fast/Progressive-3p-v0": "d826bad6f12f7807", "ofc_fast/Low-v0": "241176b8f6795012",
    "ofc_fast/Low-3p-v0": "763821faf3ba96ec",
}   # (Progressive's equal Pineapple's: this rollout earns no Fantasyland, where they differ)


def _rollout_digest(env_id: str, steps: int = 150) -> str:
    """sha256 of the observations, masks, rewards and ends of a fixed rollout: reset(seed=0),
    then the allowed action at index 7t mod (allowed count) at step t."""
    env = gymnasium.make(env_id)
    h = hashlib.sha256()
    obs, info = env.reset(seed=0)
    for t in range(steps):
        h.update(obs["cards"].tobytes() + obs["scalars"].tobytes() + info["action_mask"].tobytes())
        allowed = np.flatnonzero(info["action_mask"])
        obs, reward, term, trunc, info = env.step(int(allowed[7 * t % allowed.size]))
        h.update(np.float64(reward).tobytes() + bytes([term, trunc]) + info["fantasyland"].tobytes()
                 + info["fouled"].tobytes() + info["royalties"].tobytes())
        if term or trunc:
            obs, info = env.reset()
    return h.hexdigest()[:16]


def test_ids_cover_every_preset_and_seat_count() -> None:
    ids = env_ids()
    want = {(name, p) for name, r in ofc.PRESETS.items() for p in range(2, r.max_players + 1)}
    assert {(env_spec(i)["rules"], env_spec(i)["players"]) for i in ids} == want
    assert all(i.startswith("ofc_fast/") and i.endswith(f"-v{ENV_VERSION}") for i in ids)
    assert "ofc_fast/Pineapple-v0" in ids and "ofc_fast/Pineapple-3p-v0" in ids
    assert all(i in gymnasium.registry for i in ids)


@pytest.mark.parametrize("env_id", env_ids())
def test_every_id_makes_and_passes_check_env_without_warnings(env_id: str) -> None:
    from gymnasium.utils.env_checker import check_env
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium.make(env_id)
        assert env.spec is not None and env.spec.id == env_id
        spec = env_spec(env_id)
        inner = env.unwrapped
        assert inner.env.players == spec["players"] and inner.env.rules.name == spec["rules"]
        check_env(env.unwrapped)
        check_env(gymnasium.make(env_id, render_mode="ansi").unwrapped)


def test_keywords_pass_through_make() -> None:
    env = gymnasium.make("ofc_fast/Pineapple-v0", opponent="heuristic", mask="foul_safe")
    _, info = env.reset(seed=1)
    raw = VecEnv("pineapple", 2, num_envs=1, mask="foul_safe", opponent="heuristic", autoreset=False)
    assert env.unwrapped.env._spec == dict(raw._spec)   # the same env as asked
    assert info["action_mask"].any()


def test_rollout_digests_pin_every_id() -> None:
    """A change that moves a digest could change what an agent learns: bump ENV_VERSION
    (ofc_fast/rl/registration.py) and renew DIGESTS."""
    got = {i: _rollout_digest(i) for i in env_ids()}
    assert got == DIGESTS
    # the rollout itself is deterministic
    assert _rollout_digest("ofc_fast/Pineapple-v0") == got["ofc_fast/Pineapple-v0"]


def test_render_shows_the_table() -> None:
    from ofc_fast.rl.gym import OFCEnv
    env = gymnasium.make("ofc_fast/Pineapple-v0", render_mode="ansi")
    _, info = env.reset(seed=7)
    text = env.render()
    g = ofc.Game.replay(env.unwrapped.env.to_json(0))
    assert text == g.draw("text") and "seat 0" in text and "seat 1" in text and "to act" in text
    term = False
    while not term:
        a = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, term, _, info = env.step(a)
    final = env.render()
    assert "royalties" in final and final == ofc.Game.replay(env.unwrapped.env.to_json(0)).draw("text")
    assert OFCEnv("pineapple", 2).render() is None
    with pytest.raises(ValueError, match="render_mode must be one of 'ansi', 'human' or None, got 'rgb'"):
        OFCEnv("pineapple", 2, render_mode="rgb")


def test_render_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    env = gymnasium.make("ofc_fast/Original-3p-v0", render_mode="human")
    env.reset(seed=2)
    assert env.render() is None
    out = capsys.readouterr().out
    assert "seat 2" in out and "Game('original', 3" in out


def test_pettingzoo_render() -> None:
    pytest.importorskip("pettingzoo")
    from ofc_fast.rl.pettingzoo import OFCAECEnv
    env = OFCAECEnv("pineapple", 2, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert text is not None and text == ofc.Game.replay(env.env.to_json(0)).draw("text")
    assert OFCAECEnv("pineapple", 2).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        OFCAECEnv("pineapple", 2, render_mode="rgb_array")


def test_vecenv_spaces_equal_the_adapters_spaces() -> None:
    from ofc_fast.rl.gym import GymVectorEnv, OFCEnv
    for rules, players, kw in (("pineapple", 2, {}), ("original", 3, {"actions": "codes"}),
                               ("pineapple", 2, {"fantasyland": "agent"})):
        env = VecEnv(rules, players, num_envs=4, **kw)
        single = OFCEnv(rules, players, **kw)
        vec = GymVectorEnv(rules, players, num_envs=4, **kw)
        if kw.get("fantasyland") != "agent":   # (the adapters add CardByCard's 4 actions)
            assert env.observation_space == single.observation_space == vec.single_observation_space
            assert env.action_space == single.action_space == vec.single_action_space
        assert env.single_observation_space == env.observation_space
        assert env.single_action_space == env.action_space
        assert env.action_space.n == env.num_actions
        env.reset(seed=1)
        assert env.observation_space.contains({k: v[0].copy() for k, v in env.observation().items()})


# --- the sampler -------------------------------------------------------------------------

@pytest.mark.parametrize("preset", list(ofc.PRESETS))
@pytest.mark.parametrize("mask", ["legal", "foul_safe"])
def test_sampled_actions_are_legal_over_many_steps(preset: str, mask: str) -> None:
    players = 3 if preset == "original" else 2
    env = VecEnv(preset, players, num_envs=64 if mask == "legal" else 8, seed=5, mask=mask)
    env.reset()
    steps = 40 if mask == "legal" else 12
    ends = 0
    for _ in range(steps):
        m = env.action_masks()
        a = env.sample_actions()
        rows = np.arange(env.num_envs)
        has = m.any(1)
        done = env.info()["hands"] > 0   # finished last step: autoreset starts the next episode
        assert (a[~has & ~done] == -1).all() and (a[done] == 0).all() and m[rows[has], a[has]].all()
        _, _, term, _, _ = env.step(a)
        ends += int(term.sum())
    assert ends > 0


def test_sampler_self_play_codes_and_fantasyland_turns() -> None:
    env = VecEnv("pineapple", 2, num_envs=32, seed=2, seats="all", actions="codes")
    env.reset()
    moved = 0
    for _ in range(15):
        a = env.sample_actions()
        m = env.action_masks()
        has = m.any(1)
        assert m[np.flatnonzero(has), a[has]].all() and (a[~has] >= -1).all()
        moved += int(has.sum())
        env.step(a)
    assert moved >= 32 * 10
    fl = VecEnv("pineapple", 2, num_envs=8, seed=2, fantasyland="agent", fantasyland_start=1.0)
    fl.reset()
    a = fl.sample_actions()
    assert (a[fl.fantasyland_turn] == -1).all() and fl.fantasyland_turn.any()
    # without autoreset, a finished env gets -1 (it must not move until reset)
    held = VecEnv("pineapple", 2, num_envs=8, seed=2, autoreset=False)
    held.reset()
    for _ in range(5):
        held.step(held.sample_actions())
    assert held.info()["hands"].all() and (held.sample_actions() == -1).all()


def test_sampler_is_deterministic_per_seed_and_uniform() -> None:
    env = VecEnv("pineapple", 2, num_envs=256, seed=3)
    env.reset()
    a, b = env.sample_actions(seed=11), env.sample_actions(seed=11)
    assert (a == b).all() and not (a == env.sample_actions(seed=12)).all()
    assert not (env.sample_actions() == env.sample_actions()).all()   # the next stream each call
    again = VecEnv("pineapple", 2, num_envs=256, seed=3)
    again.reset()
    assert (again.sample_actions(seed=11) == a).all()
    e1, e2 = VecEnv("pineapple", 2, num_envs=256, seed=3), VecEnv("pineapple", 2, num_envs=256, seed=3)
    e1.reset()
    e2.reset()
    assert all((e1.sample_actions() == e2.sample_actions()).all() for _ in range(3))
    # uniform: one env's first-turn mask (232 placements), many seeds: every action drawn,
    # the counts a chi-square away from flat
    one = VecEnv("pineapple", 2, num_envs=1, seed=3)
    one.reset()
    allowed = np.flatnonzero(one.action_masks()[0])
    draws = np.array([one.sample_actions(seed=s)[0] for s in range(23200)])
    counts = np.bincount(draws, minlength=one.num_actions)[allowed]
    assert counts.sum() == draws.size and (counts > 0).all()
    chi2 = float(((counts - 100.0) ** 2 / 100.0).sum())
    assert chi2 < 231 + 5 * np.sqrt(2 * 231)


def test_sampler_bad_input_and_state() -> None:
    env = VecEnv("pineapple", 2, num_envs=4)
    with pytest.raises(RuntimeError, match="call reset"):
        env.sample_actions()
    env.reset()
    for bad, err in ((-1, ValueError), (2**64, ValueError), (1.5, TypeError), ("1", TypeError),
                     (True, TypeError)):
        with pytest.raises(err, match="seed"):
            env.sample_actions(seed=bad)
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.sample_actions()


@pytest.mark.parametrize("preset,players", [("pineapple", 2), ("original", 3)])
def test_held_cards_give_the_order_action_codes_address(preset: str, players: int) -> None:
    """Where each held card goes is (to_code[a] >> 2k) & 3 of held_cards()[k]: checked
    against the rows and discards the step then shows, over whole hands."""
    env = VecEnv(preset, players, num_envs=16, seed=8)
    obs, _ = env.reset()
    checked = 0
    for _ in range(3 * 13):
        held = env.held_cards()
        acts = env.sample_actions()
        before = obs["cards"].copy()
        obs, _, term, _, _ = env.step(acts)
        for i in np.flatnonzero((acts >= 0) & ~term):
            cards = [int(c) for c in held[i] if c != 255]
            assert sorted(cards) == np.flatnonzero(before[i, 3]).tolist()
            code = int(env.to_code[acts[i]])
            for k, c in enumerate(cards):
                where = code >> 2 * k & 3
                assert obs["cards"][i, 4 if where == 3 else where, c] == 1
            checked += 1
        assert (held[acts < 0] == 255).all()
    assert checked > 200
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.held_cards()


def test_envs_doc_examples_run() -> None:
    """docs/ENVS.md's examples run and give what they show."""
    import doctest
    from pathlib import Path
    doc = Path(__file__).resolve().parent.parent / "docs" / "ENVS.md"
    result = doctest.testfile(str(doc), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 10 and result.failed == 0


def test_card_by_card_spaces_and_sampler_count_its_four_actions() -> None:
    from ofc_fast.rl.fantasyland import CardByCard
    from ofc_fast.rl.gym import OFCEnv
    env = CardByCard(VecEnv("pineapple", 2, num_envs=8, seed=1, fantasyland="agent", fantasyland_start=1.0))
    assert env.action_space.n == 263 == OFCEnv("pineapple", 2, fantasyland="agent").action_space.n
    assert env.single_observation_space == env.observation_space
    env.reset()
    placed = 0
    for _ in range(40):
        m = env.action_masks()
        a = env.sample_actions()
        has = m.any(1)
        assert m[np.flatnonzero(has), a[has]].all()
        placed += int((a >= 259).sum())
        env.step(a)
    assert placed >= 8 * 13
    again = CardByCard(VecEnv("pineapple", 2, num_envs=8, seed=1, fantasyland="agent", fantasyland_start=1.0))
    again.reset()
    env.reset(seed=1)
    assert (env.sample_actions(seed=4) == again.sample_actions(seed=4)).all()
