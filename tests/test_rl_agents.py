"""The trained-agent path without torch: VecEnv.held, the canonical action order, an MLPAgent
as a VecEnv opponent and in a Game, save and load, evaluate (issue 31)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast.rl import VecEnv
from ofc_fast.rl.agents import MLPAgent, evaluate, features, observe_game, sorted_action_map


def _lockstep(mask: str = "legal", n: int = 12, seed: int = 9) -> tuple[VecEnv, list[ofc.Game]]:
    env = VecEnv("pineapple", 2, num_envs=n, seed=seed, seats="all", autoreset=False, mask=mask)
    env.reset()
    return env, [ofc.Game.replay(env.to_json(i)) for i in range(n)]


def test_held_is_the_action_order() -> None:
    env, games = _lockstep()
    rng = np.random.default_rng(0)
    for _ in range(10):
        held = env.held_cards()
        assert held.shape == (12, 5) and held.dtype == np.uint8
        cards = env.observation()["cards"]
        for i, g in enumerate(games):
            k = g.held.size
            assert held[i, :k].tolist() == g.held.tolist()
            assert (held[i, k:] == 255).all()
            assert sorted(np.flatnonzero(cards[i, 3]).tolist()) == sorted(g.held.tolist())
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()])
        for g, a in zip(games, acts):
            g.apply(int(env.to_code[a]))
        env.step(acts)
    assert (env.held_cards() == 255).all()   # every hand over


def test_sorted_action_map() -> None:
    m = sorted_action_map("pineapple", np.array([[1, 2, 3, 4, 5], [5, 4, 3, 2, 1]], dtype=np.uint8))
    assert m[0, :232].tolist() == list(range(232))                   # sorted already: the same actions
    assert sorted(m[1, :232].tolist()) == list(range(232))           # a permutation of the opening
    later = sorted_action_map("pineapple", np.array([[9, 3, 7, 255, 255]], dtype=np.uint8))
    assert sorted(later[0, 232:].tolist()) == list(range(232, 259))
    # a placement keeps its cards' rows: the lowest card (3, index 1) to the top in both orders
    to_code = VecEnv("pineapple", 2, num_envs=1).to_code
    for a in range(232, 259):
        sorted_digits = [(int(to_code[a]) >> 2 * k) & 3 for k in range(3)]      # cards 3, 7, 9
        actual = int(to_code[later[0, a]])
        assert [(actual >> 2 * k) & 3 for k in (1, 2, 0)] == sorted_digits


def test_observe_game_matches_the_vecenv() -> None:
    env, games = _lockstep(n=16, seed=3)
    rng = np.random.default_rng(1)
    for _ in range(10):
        obs = env.observation()
        for i, g in enumerate(games):
            o = observe_game(g, int(g.turn))   # type: ignore[arg-type]
            assert np.array_equal(o["cards"][0], obs["cards"][i])
            assert np.array_equal(o["scalars"][0], obs["scalars"][i])
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()])
        for g, a in zip(games, acts):
            g.apply(int(env.to_code[a]))
        env.step(acts)


@pytest.mark.parametrize("mask", ["legal", "foul_safe"])
def test_choose_in_a_game_is_act_in_the_vecenv(mask: str) -> None:
    agent = MLPAgent.random("pineapple", hidden=(32,), seed=2)
    agent.mask = mask
    env, games = _lockstep(mask, n=8, seed=5)
    obs = env.observation()
    for _ in range(10):
        acts = agent.act(obs, env.action_masks(), env.held_cards())
        for g, a in zip(games, acts):
            code = agent.choose(g)
            assert code == int(env.to_code[a])
            g.apply(code)
        obs, *_ = env.step(acts)
    assert all(g.done for g in games)


def test_save_load_same_actions(tmp_path: Path) -> None:
    agent = MLPAgent.random("pineapple", hidden=(16, 8), seed=4)
    agent.mask = "foul_safe"
    path = tmp_path / "agent.npz"
    agent.save(path)
    back = MLPAgent.load(path)
    assert back.mask == "foul_safe" and repr(back) == repr(agent)
    env = VecEnv("pineapple", 2, num_envs=64, seed=1)
    obs, _ = env.reset()
    assert np.array_equal(agent.scores(obs, env.held_cards()), back.scores(obs, env.held_cards()))
    assert np.array_equal(agent.act(obs, env.action_masks(), env.held_cards()),
                          back.act(obs, env.action_masks(), env.held_cards()))


def test_agent_as_vecenv_opponent() -> None:
    """An agent is a callable opponent: it plays its seat through obs["held"], legally."""
    agent = MLPAgent.random("pineapple", hidden=(16,), seed=1)
    env = VecEnv("pineapple", 2, num_envs=32, seed=2, hero=0, opponent=agent, autoreset=False)
    obs, _ = env.reset()
    for _ in range(5):
        obs, reward, term, _, info = env.step(agent.act(obs, env.action_masks(), env.held_cards()))
    assert term.all()
    # the same hands replayed: every move of seat 1 is the agent's choice there
    for i in range(4):
        h = ofc.Game.replay(env.to_json(i))
        g = ofc.Game("pineapple", 2, seed=h.seed, button=env.episode_info(i)["button"], match=False)
        while not g.done:
            code = agent.choose(g)
            g.apply(code)
        assert g.boards.tolist() == h.boards.tolist()


def test_agent_opponent_needs_held() -> None:
    agent = MLPAgent.random("pineapple", hidden=(4,))
    env = VecEnv("pineapple", 2, num_envs=2, seed=1)
    obs, _ = env.reset()
    with pytest.raises(ValueError, match="held"):
        agent(dict(obs), env.action_masks(), np.arange(2))


def test_evaluate() -> None:
    agent = MLPAgent.random("pineapple", hidden=(16,), seed=0)
    r = evaluate(agent, "random", deals=50, seed=3)
    assert r["hands"] == 100 and r["ci95"][0] <= r["mean"] <= r["ci95"][1]
    assert 0 <= r["foul"] <= 1 and 0 <= r["opponent_foul"] <= 1
    assert evaluate(agent, "random", deals=50, seed=3) == r                  # the same deals
    # an agent against itself, seats swapped on the same cards: exactly even
    assert evaluate(agent, agent, deals=20, seed=1)["mean"] == 0.0
    with pytest.raises(ValueError, match="players"):
        evaluate(agent, "random", deals=5, players=3)


def test_features_and_afterstates() -> None:
    """The features of a board after a placement are the features before it plus its cards'
    terms: what the network's first layer reads, checked against the board actually made."""
    from ofc_fast.rl.agents import action_digits, card_features
    env, games = _lockstep(n=6, seed=8)
    digits = action_digits("pineapple")
    rng = np.random.default_rng(3)
    for _ in range(10):
        obs = env.observation()
        x = features(obs)
        assert x.shape == (6, 153) and x.dtype == np.float32
        held = env.held_cards()
        amap = sorted_action_map("pineapple", held)
        idx, amt = card_features(np.sort(held, axis=1))
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()])
        for i, g in enumerate(games):
            a_sorted = int(np.flatnonzero(amap[i] == acts[i])[0])
            after = x[i].copy()
            for k in range(5):
                for d in range(4):
                    if digits[a_sorted, k, d]:
                        np.add.at(after, idx[i, k, d], amt[i, k, d])
            g.apply(int(env.to_code[acts[i]]))
            seat = 1 - int(g.turn) if g.turn is not None else int(env.current_player[i])
            mover = int(env.current_player[i])
            o = observe_game(g, mover)
            want = features(o)[0]
            assert np.allclose(after[:67], want[:67]), (i, seat)    # own rows, sizes and discards
        env.step(acts)


def test_placement_features_match_the_board_made() -> None:
    """The placement features of a placement describe the rows of the board it makes (checked
    on the boards a Game actually makes): pairs, trips, empty slots, one-suit rows, and
    whether a row holding a pair or better outranks the row below it."""
    from ofc_fast.rl.agents import action_digits, placement_features
    env, games = _lockstep(n=6, seed=9)
    digits = action_digits("pineapple")
    rng = np.random.default_rng(4)
    checked = compared = 0
    for _ in range(10):
        obs = env.observation()
        x = features(obs)
        held = env.held_cards()
        amap = sorted_action_map("pineapple", held)
        first = obs["scalars"][:, 3] == 0
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()])
        for i, g in enumerate(games):
            span = slice(0, env.opening_actions) if first[i] else slice(env.opening_actions, None)
            a_sorted = int(np.flatnonzero(amap[i] == acts[i])[0])
            pf = placement_features(x[i:i + 1], np.sort(held[i:i + 1], axis=1), digits[span])
            f = pf[0, a_sorted - span.indices(digits.shape[0])[0]]
            mover = int(env.current_player[i])
            g.apply(int(env.to_code[acts[i]]))
            board = g.boards[mover]
            levels = []
            for r, (lo, size) in enumerate(((0, 3), (3, 5), (8, 5))):
                row = [int(c) for c in board[lo:lo + size] if c < 52]
                counts = np.bincount([c >> 2 for c in row], minlength=13)
                suits = {c & 3 for c in row}
                got = f[10 * r:10 * r + 10]
                assert got[0] == (counts.max(initial=0) >= 2) and got[2] == (counts.max(initial=0) >= 3)
                assert np.isclose(got[9], (size - len(row)) / 5)
                assert got[7] == (len(row) > 0 and len(suits) == 1)
                made = ofc.partial_strength(row) if row else 0
                # pairs, trips, full houses, quads (the levels leave straights and flushes out)
                levels.append(made if row and int(ofc.category(made)) in (1, 2, 3, 6, 7) else 0)
            for k in (0, 1):   # a pair or better above: the level order is the strength order
                if levels[k] and levels[k + 1] and ofc.category(levels[k]) != ofc.category(levels[k + 1]):
                    assert f[30 + k] == (levels[k] > levels[k + 1])
                    compared += 1
            checked += 1
        env.step(acts)
    assert checked == 60 and compared > 0


def test_placement_agent_saves_and_scores(tmp_path: Path) -> None:
    """An agent reading the placement features saves, loads and acts as itself."""
    from ofc_fast.rl.agents import FEATURES_HEADS_UP, PLACEMENT_FEATURES
    agent = MLPAgent.random("pineapple", hidden=(16,), seed=2, placement=True)
    assert agent.layers[0][0].shape[0] == FEATURES_HEADS_UP + PLACEMENT_FEATURES
    agent.save(tmp_path / "a.npz")
    again = MLPAgent.load(tmp_path / "a.npz")
    env = VecEnv("pineapple", 2, num_envs=8, seed=4)
    obs, _ = env.reset()
    for _ in range(5):
        a = agent.act(obs, env.action_masks(), env.held_cards())
        assert np.array_equal(a, again.act(obs, env.action_masks(), env.held_cards()))
        obs, *_ = env.step(a)


def test_recipe_doc_examples() -> None:
    import doctest
    doc = Path(__file__).resolve().parent.parent / "docs" / "RL_RECIPE.md"
    result = doctest.testfile(str(doc), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0
