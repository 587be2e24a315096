"""ofc_fast.rl.VecEnv against the engine it wraps: every step of every env is
replayed through Game (to_json -> Game.replay) and its boards, masks, visible
cards, rewards and stacks compared; thread-count invariance; the compact
action tables; no hidden card in another seat's planes; bad input.  Each runs
on decks with jokers too (53 or 54 cards: the joker columns of the planes,
the engine's joker-resolving results)."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast.board.partial import can_avoid_foul
from ofc_fast.board.rules import PRESETS
from ofc_fast.hand.cards import DECK_SIZE, EMPTY
from ofc_fast.play.game import ACTIONS
from ofc_fast.rl import MAX_ENVS, VecEnv

#: decks with jokers, each convention once: two jokers as most engines deal them, one
#: joker where it may not copy a card seen, five of a kind under row resolution
JOKER_RULES = {
    "pineapple_j2": dataclasses.replace(PRESETS["pineapple"], name="pineapple_j2", jokers=2),
    "pineapple_j1": dataclasses.replace(PRESETS["pineapple"], name="pineapple_j1", jokers=1),
    "progressive_j1": dataclasses.replace(PRESETS["progressive"], name="progressive_j1", jokers=1,
                                          joker_pool="unseen"),
    "original_j2": dataclasses.replace(PRESETS["original"], name="original_j2", jokers=2,
                                       joker_pool="duplicates", five_of_a_kind="above_straight_flush",
                                       joker_resolution="row"),
}
RULES = {**PRESETS, **JOKER_RULES}
CASES = [(name, p) for name, r in PRESETS.items() for p in range(2, r.max_players + 1)]
JOKER_CASES = [("pineapple_j2", 2), ("pineapple_j2", 3), ("progressive_j1", 3), ("original_j2", 4)]


def _random_actions(env: VecEnv, rng: np.random.Generator) -> np.ndarray:
    m = env.action_masks()
    noise = rng.random(m.shape)
    acts = np.where(m, noise, -1.0).argmax(1)
    return np.where(m.any(1), acts, 0)


def _code_mask(env: VecEnv, row: np.ndarray) -> np.ndarray:
    """A mask row of env's action space as a (1024,) mask over codes."""
    if env.num_actions == ACTIONS:
        return row.copy()
    out = np.zeros(ACTIONS, dtype=bool)
    out[env.to_code[np.flatnonzero(row)]] = True
    return out


def _cards_of(plane: np.ndarray) -> set[int]:
    return set(np.flatnonzero(plane).tolist())


def _check_env(env: VecEnv, obs: dict[str, Any], i: int, foul_safe: bool = False) -> ofc.Game:
    """Env i's observation and mask equal what Game shows the same seat."""
    g = ofc.Game.replay(env.to_json(i))
    seat = int(env.current_player[i])
    P = env.players
    view = g.observation(seat)
    planes = obs["cards"][i]
    boards = view["boards"]
    rows = ((0, 3), (3, 8), (8, 13))
    for r, (a, b) in enumerate(rows):
        assert _cards_of(planes[r]) == {c for c in boards[seat][a:b].tolist() if c != EMPTY}
    assert _cards_of(planes[3]) == set(view["held"].tolist())
    assert _cards_of(planes[4]) == set(view["discards"].tolist())
    for j in range(1, P):
        o = (seat + j) % P
        for r, (a, b) in enumerate(rows):
            assert _cards_of(planes[5 + 3 * (j - 1) + r]) == {c for c in boards[o][a:b].tolist() if c != EMPTY}
    assert _cards_of(planes[-1]) == set(view["unseen"].tolist())
    x = obs["scalars"][i]
    assert x[0] == seat and x[1] == g.button and x[10] == g.hand_number
    assert x[3] == g.street(seat)
    mask = _code_mask(env, env.action_masks()[i])
    if not g.done and g.turn == seat and not g.fantasyland[seat]:
        want = g.action_mask()
        if foul_safe:
            assert not (mask & ~want).any()
        else:
            assert np.array_equal(mask, want)
    else:
        assert not mask.any()
    return g


@pytest.mark.parametrize(("preset", "players"), CASES + JOKER_CASES)
@pytest.mark.parametrize("actions", ["compact", "codes"])
def test_self_play_equals_game(preset: str, players: int, actions: str) -> None:
    env = VecEnv(RULES[preset], players, num_envs=6, seed=11, seats="all", actions=actions)
    obs, _ = env.reset()
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(3 * 14 + 2):
        before = env.current_player.copy()
        obs, reward, terminated, truncated, info = env.step(_random_actions(env, rng))
        assert reward.shape == (6, players) and not truncated.any()
        assert np.array_equal(reward.sum(1), np.zeros(6))   # zero-sum
        for i in range(env.num_envs):
            g = _check_env(env, obs, i)
            if terminated[i]:
                ended += 1
                assert g.done and np.array_equal(reward[i], g.scores)
                assert np.array_equal(info["fouled"][i], g.fouled)
                assert np.array_equal(info["royalties"][i], g.royalties)
                assert np.array_equal(info["fantasyland"][i], g.next_fantasyland)
                assert info["hands"][i] == 1
            else:
                assert not reward[i].any() or before[i] < 0
    assert ended >= 6


@pytest.mark.parametrize(("preset", "players"), CASES + JOKER_CASES)
def test_hero_against_a_policy_equals_game(preset: str, players: int) -> None:
    env = VecEnv(RULES[preset], players, num_envs=4, seed=3, hero=players - 1, opponent="random")
    obs, _ = env.reset()
    rng = np.random.default_rng(1)
    for _ in range(20):
        obs, reward, terminated, _, _ = env.step(_random_actions(env, rng))
        assert reward.shape == (4,)
        for i in range(4):
            assert env.current_player[i] == players - 1
            g = _check_env(env, obs, i)
            if terminated[i]:
                assert reward[i] == g.scores[players - 1]
            else:
                assert not g.done and g.turn == players - 1 and reward[i] == 0


@pytest.mark.parametrize("preset", ["pineapple", "pineapple_j2"])
def test_match_against_greedy_equals_game_and_hides_fantasyland(preset: str) -> None:
    """Matches: stacks, Fantasyland carried and set by the solver (jokers in the hand too),
    an opponent's Fantasyland board hidden until its hand ends."""
    envs = 8 if RULES[preset].jokers else 16   # (jokers reach Fantasyland far more often)
    env = VecEnv(RULES[preset], 2, num_envs=envs, seed=2, opponent="greedy", episode="match")
    obs, _ = env.reset()
    rng = np.random.default_rng(2)
    points = np.full((envs, 2), 100)
    ended = np.zeros(envs, dtype=bool)
    hidden = 0
    for _ in range(60):
        obs, reward, terminated, _, info = env.step(_random_actions(env, rng))
        for i in range(envs):
            g = _check_env(env, obs, i)
            assert terminated[i] == g.match_over
            # the net points of the hands finished in this step (none in a step that starts an episode)
            assert reward[i] == (0 if ended[i] else (g.points - points[i])[0])
            points[i] = g.points
            assert obs["scalars"][i][11] == g.points[0] and obs["scalars"][i][17] == g.points[1]
            if not g.done and g.fantasyland[1]:
                hidden += 1
                assert not obs["cards"][i][5:8].any()
                assert set(g.boards[1][g.boards[1] != EMPTY].tolist()) <= _cards_of(obs["cards"][i][-1])
        ended = terminated.copy()
    assert hidden > 0, hidden


@pytest.mark.parametrize("preset", ["pineapple", "pineapple_j2", "progressive_j1"])
def test_opponents_discards_never_leak(preset: str) -> None:
    env = VecEnv(RULES[preset], 3, num_envs=8, seed=4, seats="all")
    obs, _ = env.reset()
    rng = np.random.default_rng(4)
    for _ in range(30):
        obs, *_ = env.step(_random_actions(env, rng))
        for i in range(8):
            g = ofc.Game.replay(env.to_json(i))
            seat = int(env.current_player[i])
            visible = set(np.flatnonzero(obs["cards"][i][:-1].any(0)).tolist())
            for o in range(3):
                if o != seat:
                    d = set(g.discards(o).tolist())
                    assert not d & visible
                    assert d <= _cards_of(obs["cards"][i][-1])
            assert obs["cards"][i].sum(0).max() == 1 and obs["cards"][i].sum() == env.deck_size


def test_the_opponent_may_be_a_policy_with_parameters() -> None:
    def trace(opponent: Any) -> list[tuple[np.ndarray, np.ndarray]]:
        env = VecEnv("pineapple", 2, num_envs=16, seed=5, opponent=opponent)
        env.reset()
        rng = np.random.default_rng(1)
        out = []
        for _ in range(30):
            obs, reward, _, _, _ = env.step(_random_actions(env, rng))
            out.append((obs["cards"].copy(), reward.copy()))
        return out

    base = trace("heuristic")
    for (a, r), (b, s) in zip(trace(ofc.Policy("heuristic")), base):   # the defaults: the same moves
        assert np.array_equal(a, b) and np.array_equal(r, s)
    tuned = trace(ofc.Policy("heuristic", foul=0.0, royalty=0.0, fantasyland=0.0))
    assert any(not np.array_equal(a, b) for (a, _), (b, _) in zip(tuned, base))
    with pytest.raises(TypeError, match="takes no parameters"):
        VecEnv("pineapple", 2, num_envs=2, opponent=ofc.Policy("random", foul=1.0))


def test_a_thread_gets_half_a_policy_block_of_envs_at_least() -> None:
    # a smaller share would cost more in handoff than it saves (the results are the same)
    assert VecEnv("pineapple", 2, num_envs=1024, threads=4).threads_used == 1
    assert VecEnv("pineapple", 2, num_envs=4096, threads=4).threads_used == 2
    assert VecEnv("pineapple", 2, num_envs=8192, threads=3).threads_used == 3
    assert VecEnv("pineapple", 2, num_envs=300, threads=4, opponent="heuristic").threads_used == 2
    assert VecEnv("pineapple", 2, num_envs=3, threads=4, opponent="greedy").threads_used == 3
    assert VecEnv("pineapple", 2, num_envs=2, threads=4, mask="foul_safe").threads_used == 2
    env = VecEnv("pineapple", 2, num_envs=8, threads=-1)
    assert env.threads >= 1 and env.threads_used == 1


@pytest.mark.parametrize("preset", ["pineapple", "pineapple_j2"])
def test_the_same_seed_the_same_trajectories_whatever_the_threads(preset: str) -> None:
    runs = []
    n = 389  # enough heuristic envs for 3 threads (128 a thread at least), not a multiple of them
    for threads in (1, 2, 3):
        env = VecEnv(RULES[preset], 2, num_envs=n, seed=9, threads=threads, episode="match",
                     opponent="heuristic")
        assert env.threads_used == threads and env._chunk <= -(-n // threads)
        obs, _ = env.reset()
        rng = np.random.default_rng(0)
        trace = []
        for _ in range(25):
            obs, reward, term, _, _ = env.step(_random_actions(env, rng))
            trace.append((obs["cards"].copy(), obs["scalars"].copy(), reward.copy(), term.copy(),
                          env.action_masks().copy()))
        runs.append((trace, [env.to_json(i) for i in range(n)]))
    for other in runs[1:]:
        assert other[1] == runs[0][1]
        for a, b in zip(runs[0][0], other[0]):
            for x, y in zip(a, b):
                assert np.array_equal(x, y)


def test_a_new_seed_new_deals_and_the_same_seed_again() -> None:
    env = VecEnv("pineapple", 2, num_envs=8, seed=1)
    a = env.reset()[0]["cards"].copy()
    b = env.reset(seed=2)[0]["cards"].copy()
    c = env.reset(seed=1)[0]["cards"].copy()
    assert not np.array_equal(a, b) and np.array_equal(a, c)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_compact_tables_are_a_bijection_on_legal_moves(preset: str) -> None:
    r = PRESETS[preset]
    env = VecEnv(preset, 2, num_envs=1)
    A = env.num_actions
    assert env.to_code.shape == (A,)
    if preset == "original":
        assert (env.opening_actions, A) == (232, 235)
    else:
        assert (env.opening_actions, A) == (232, 259)
    for a in range(A):
        street = 0 if a < env.opening_actions else 1
        assert env.to_compact[street, env.to_code[a]] == a
    for street in (0, 1):
        back = env.to_compact[street]
        assert np.array_equal(np.sort(back[back >= 0]),
                              np.arange(0, env.opening_actions) if street == 0
                              else np.arange(env.opening_actions, A))
    # every legal code of every turn of many games has its compact action
    for seed in range(30):
        g = ofc.Game(r, 2, seed=seed)
        while not g.done:
            street = 0 if g.street(g.turn) == 0 else 1
            for code in g.legal_actions():
                a = env.to_compact[street, code]
                assert a >= 0 and env.to_code[a] == code
            g.play("random")


@pytest.mark.parametrize("preset", ["pineapple", "pineapple_j1"])
def test_foul_safe_masks_keep_only_actions_with_a_clean_completion(preset: str) -> None:
    """Every action the foul-safe mask removes fouls whatever comes, and (some of) those it
    keeps can avoid the foul: can_avoid_foul over the cards this seat has not seen (with a
    joker among them: a clean completion may use it)."""
    r = RULES[preset]
    env = VecEnv(r, 2, num_envs=6, seed=8, mask="foul_safe", seats="all")
    plain = VecEnv(r, 2, num_envs=6, seed=8, seats="all")
    obs, _ = env.reset()
    plain.reset()
    rng = np.random.default_rng(3)
    removed = 0
    for _ in range(24):
        m, p = env.action_masks(), plain.action_masks()
        assert not (m & ~p).any()
        for i in range(6):
            _check_env(env, obs, i, foul_safe=True)
            if not p[i].any():
                continue
            g = ofc.Game.replay(env.to_json(i))
            seat = int(env.current_player[i])
            view = g.observation(seat)
            removed += bool((m[i] != p[i]).any())
            for a, kept in [(a, False) for a in np.flatnonzero(p[i] & ~m[i])[:3]] + \
                           [(a, True) for a in np.flatnonzero(m[i])[:2]]:
                h = g.clone()
                h.apply(int(env.to_code[a]))
                board = h.boards[seat]
                dead = np.setdiff1d(np.setdiff1d(np.arange(env.deck_size), view["unseen"]), board)
                clean = bool(can_avoid_foul(board, r, dead=dead))
                # kept: clean, unless every action fouls (then the legal ones all stay)
                assert clean == kept or (kept and np.array_equal(m[i], p[i]))
        acts = _random_actions(env, rng)
        obs, *_ = env.step(acts)
        plain.step(acts)
    assert removed > 0


def test_callable_opponent_sees_its_own_seat_and_is_batched() -> None:
    calls = []

    def first_legal(obs: dict[str, np.ndarray], masks: np.ndarray, envs: np.ndarray) -> np.ndarray:
        calls.append(envs.size)
        assert obs["cards"].shape[0] == masks.shape[0] == envs.size
        assert (obs["scalars"][:, 0] == 1).all()       # the opponent's own seat
        return masks.argmax(1)

    env = VecEnv("pineapple", 2, num_envs=8, seed=6, opponent=first_legal)
    obs, _ = env.reset()
    rng = np.random.default_rng(6)
    for _ in range(12):
        obs, reward, term, _, _ = env.step(_random_actions(env, rng))
        for i in range(8):
            g = _check_env(env, obs, i)
            if term[i]:
                assert reward[i] == g.scores[0]
    assert max(calls) > 1


def _greedy_actions(env: VecEnv) -> np.ndarray:
    """The greedy policy's choice in each env (through Game), in env's action space."""
    acts = np.zeros(env.num_envs, dtype=np.int64)
    for i in range(env.num_envs):
        g = ofc.Game.replay(env.to_json(i))
        if g.done or g.fantasyland[g.turn]:
            continue
        street = 0 if g.street(g.turn) == 0 else 1
        h = g.clone()
        h.play("greedy")
        acts[i] = env.to_compact[street, json.loads(h.to_json())["hands"][-1][-1]]
    return acts


@pytest.mark.parametrize("preset", ["pineapple", "pineapple_j2"])
def test_fantasyland_left_to_the_agent(preset: str) -> None:
    r = RULES[preset]
    env = VecEnv(r, 2, num_envs=8, seed=5, seats="all", fantasyland="agent", episode="match")
    env.reset()
    seen = 0
    for _ in range(120):
        fl = env.fantasyland_turn.copy()
        boards = None
        if fl.any():
            seen += 1
            boards = np.zeros((8, 13), dtype=np.uint8)
            for i in np.flatnonzero(fl):
                g = ofc.Game.replay(env.to_json(i))
                assert len(g.held) == 14 and not env.action_masks()[i].any()
                boards[i] = ofc.solve_fantasyland(g.held, r).board.codes
            with pytest.raises(ValueError, match="Fantasyland"):
                env.step(_greedy_actions(env))
            bad = boards.copy()
            bad[fl] = bad[fl][:, ::-1]   # a fouled order is still a setting; a card not held is not
            bad[np.flatnonzero(fl)[0], 0] = 51 if 51 not in boards[fl][0] else 50   # not held
            with pytest.raises(ValueError, match=f"env {np.flatnonzero(fl)[0]}"):
                env.step(_greedy_actions(env), fantasyland=bad)
        obs, *_ = env.step(_greedy_actions(env), fantasyland=boards)
        for i in np.flatnonzero(fl):
            g = _check_env(env, obs, i)
            assert g.hand_number >= 1
        if seen >= 1:
            break
    assert seen > 0


def test_illegal_action_names_the_env_and_changes_nothing() -> None:
    env = VecEnv("pineapple", 2, num_envs=5, seed=1)
    obs, _ = env.reset()
    before = {k: v.copy() for k, v in obs.items()}
    acts = env.action_masks().argmax(1)
    bad = int(np.flatnonzero(~env.action_masks()[3])[0])
    acts[3] = bad
    with pytest.raises(ValueError, match=rf"env 3: action {bad} \(code \d+\): not allowed by the mask, which allows"):
        env.step(acts)
    for k, v in env.observation().items():
        assert np.array_equal(v, before[k])
    assert [ofc.Game.replay(env.to_json(i)).street(0) for i in range(5)] == [0] * 5
    env.step(env.action_masks().argmax(1))   # still usable


@pytest.mark.parametrize(("actions", "exc", "match"), [
    (np.zeros(4, dtype=np.float32), TypeError, "integer array"),
    (np.zeros(5, dtype=bool), TypeError, "integer array"),
    (np.zeros((5, 1), dtype=np.int64), ValueError, r"shape \(5,\)"),
    (np.zeros(4, dtype=np.int64), ValueError, r"shape \(5,\)"),
    (np.full(5, 259), ValueError, "env 0: action 259: not in the action space -1..258"),
    (np.array([0, 0, -2, 0, 0]), ValueError, "env 2: action -2"),
    ("abc", TypeError, "integer array"),
])
def test_bad_actions(actions: Any, exc: type, match: str) -> None:
    env = VecEnv("pineapple", 2, num_envs=5, seed=1)
    env.reset()
    with pytest.raises(exc, match=match):
        env.step(actions)


@pytest.mark.parametrize(("kw", "exc", "match"), [
    ({"num_envs": 0}, ValueError, "num_envs must be in 1.."),
    ({"num_envs": MAX_ENVS + 1}, ValueError, "num_envs must be in 1.."),
    ({"num_envs": 2.0}, TypeError, "num_envs must be an int"),
    ({"players": 5}, ValueError, "players"),
    ({"seats": "some"}, ValueError, "seats must be one of"),
    ({"hero": 2}, ValueError, "hero must be a seat in 0..1"),
    ({"opponent": "smart"}, ValueError, "unknown policy"),
    ({"mask": "safe"}, ValueError, "mask must be one of"),
    ({"episode": 3}, ValueError, "episode must be one of"),
    ({"actions": "all"}, ValueError, "actions must be one of"),
    ({"seed": -1}, ValueError, "seed"),
    ({"threads": 0}, ValueError, "threads must be a positive int"),
    ({"threads": 1.5}, TypeError, "threads must be an int"),
    ({"autoreset": "yes"}, TypeError, "autoreset"),
])
def test_bad_arguments(kw: dict[str, Any], exc: type, match: str) -> None:
    args = {"num_envs": 2, **kw}
    with pytest.raises(exc, match=match):
        VecEnv("pineapple", **args)


def test_step_before_reset_and_after_close() -> None:
    env = VecEnv("pineapple", 2, num_envs=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.zeros(2, dtype=int))
    env.reset()
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.step(np.zeros(2, dtype=int))


def test_without_autoreset_a_finished_env_refuses_actions() -> None:
    env = VecEnv("pineapple", 2, num_envs=3, seed=1, autoreset=False)
    env.reset()
    for _ in range(5):
        _, _, term, _, _ = env.step(env.action_masks().argmax(1))
    assert term.all()
    with pytest.raises(ValueError, match="env 0: action 0: the env's episode is over"):
        env.step(np.zeros(3, dtype=int))
    _, reward, term, _, _ = env.step(np.full(3, -1))
    assert term.all() and not reward.any()
    env.reset_envs([1])
    assert list(env.observation()["scalars"][:, 3]) == [5, 0, 5]
    env.step(np.array([-1, int(env.action_masks()[1].argmax()), -1]))


def test_autoreset_is_next_step() -> None:
    env = VecEnv("pineapple", 2, num_envs=2, seed=1)
    assert env.metadata["autoreset_mode"] == "NextStep"
    env.reset()
    for _ in range(5):
        _, _, term, _, _ = env.step(env.action_masks().argmax(1))
    assert term.all() and not env.action_masks().any()
    old = env.to_json(0)
    _, reward, term, _, _ = env.step(np.zeros(2, dtype=int))   # actions ignored: new episodes
    assert not term.any() and not reward.any() and env.to_json(0) != old
    assert env.action_masks().sum(1).tolist() == [232, 232]


def test_outputs_are_read_only_views() -> None:
    env = VecEnv("pineapple", 2, num_envs=2)
    obs, _ = env.reset()
    assert env.action_masks() is env.action_masks()
    for a in (obs["cards"], obs["scalars"], env.action_masks()):
        with pytest.raises(ValueError):
            a[0] = 1


@pytest.mark.parametrize(("preset", "players"), [("pineapple", 2), ("progressive", 3), ("original", 4),
                                               ("pineapple_j2", 2), ("progressive_j1", 3)])
def test_fantasyland_start_equals_game(preset: str, players: int) -> None:
    """Seats starting in Fantasyland (drawn per episode): replayed by Game from to_json,
    the boards set by the solver (with jokers too), hidden from the other seats until the
    hand ends."""
    env = VecEnv(RULES[preset], players, num_envs=8, seed=7, seats="all", fantasyland_start=0.5)
    obs, _ = env.reset()
    rng = np.random.default_rng(7)
    started = 0
    for _ in range(2 * 14):
        for i in range(8):
            g = _check_env(env, obs, i)
            started += g.hand_number == 0 and any(g.fantasyland)
        obs, *_ = env.step(_random_actions(env, rng))
    assert started > 0


def test_fantasyland_start_zero_deals_as_before() -> None:
    a = VecEnv("pineapple", 2, num_envs=16, seed=5).reset()[0]["cards"].copy()
    b = VecEnv("pineapple", 2, num_envs=16, seed=5, fantasyland_start=0.0).reset()[0]["cards"]
    assert np.array_equal(a, b)
    c = VecEnv("pineapple", 2, num_envs=16, seed=5, fantasyland_start=1.0, fantasyland_cards=14)
    c.reset()
    assert all(c.episode_info(i)["fantasyland"] == [14, 14] for i in range(16))


@pytest.mark.parametrize(("kw", "match"), [
    ({"fantasyland_start": 1.5}, "fantasyland_start must be a chance from 0 to 1, got 1.5"),
    ({"fantasyland_start": "x"}, "fantasyland_start must be a chance"),
    ({"fantasyland_start": 0.5, "fantasyland_cards": 20}, r"fantasyland_cards must be a count .*\(14\), got 20"),
])
def test_bad_fantasyland_start(kw: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        VecEnv("pineapple", 2, num_envs=2, **kw)


def test_incremental_observations_equal_fresh_ones() -> None:
    """The planes and masks a step writes over the last ones equal a fresh write of the same
    state (observe), over hands, episodes, Fantasyland and every player count."""
    for preset, players in (("pineapple", 2), ("progressive", 3), ("original", 4)):
        env = VecEnv(preset, players, num_envs=6, seed=2, episode="match", opponent="greedy",
                     fantasyland_start=0.3)
        obs, _ = env.reset()
        rng = np.random.default_rng(2)
        for _ in range(40):
            masks = env.action_masks()
            for i in range(6):
                fresh = env.observe(i, env.hero)
                assert np.array_equal(fresh["cards"], obs["cards"][i])
                assert np.array_equal(fresh["scalars"], obs["scalars"][i])
                assert np.array_equal(fresh["mask"], masks[i])
            obs, *_ = env.step(_random_actions(env, rng))


def test_card_axis_is_the_rules_deck() -> None:
    env = VecEnv("pineapple", 2, num_envs=2)
    assert env.deck_size == ofc.get_rules("pineapple").deck_size == DECK_SIZE
    assert env.reset()[0]["cards"].shape == (2, env.planes, env.deck_size)


@pytest.mark.parametrize("preset", ["pineapple_j1", "pineapple_j2"])
def test_card_axis_holds_the_jokers(preset: str) -> None:
    r = RULES[preset]
    env = VecEnv(r, 2, num_envs=3, seed=1)
    obs, _ = env.reset()
    assert env.deck_size == r.deck_size == DECK_SIZE + r.jokers
    assert obs["cards"].shape == (3, env.planes, DECK_SIZE + r.jokers)
    assert (obs["cards"][:, :, DECK_SIZE:].sum(1) == 1).all()   # each joker on one plane (unseen or held)


def test_joker_codes_the_deck_lacks_are_refused() -> None:
    """A Fantasyland setting holding joker 53 (X2) under one joker: refused, naming the env;
    nothing moves."""
    r = RULES["pineapple_j1"]
    env = VecEnv(r, 2, num_envs=2, seed=1, seats="all", fantasyland="agent", fantasyland_start=1.0)
    env.reset()
    assert env.fantasyland_turn.all()
    boards = np.stack([ofc.solve_fantasyland(ofc.Game.replay(env.to_json(i)).held, r).board.codes
                       for i in range(2)])
    bad = boards.copy()
    bad[1, 0] = 53
    before = env.to_json(1)
    with pytest.raises(ValueError, match="env 1: .*no env moved"):
        env.step(np.zeros(2, dtype=np.int64), fantasyland=bad)
    with pytest.raises(ValueError, match="X2"):
        env.step(np.zeros(2, dtype=np.int64), fantasyland=[["X2"] + ["2c"] * 12, boards[1]])
    assert env.to_json(1) == before
    env.step(np.zeros(2, dtype=np.int64), fantasyland=boards)
    assert env.to_json(1) != before   # set: the other seat sets its hand now


BENCH_RL = Path(__file__).resolve().parent.parent / "bench" / "rl.py"


@pytest.mark.skipif(not BENCH_RL.is_file(), reason="source tree only")
def test_bench_rl_table_and_ratios() -> None:
    """bench/rl.py's rows, timing and report (bench/compare.py prints them too): every row
    named, each ratio the issue names computed from the rates."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("rl_bench", BENCH_RL)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = bench.row_table(envs=64, big_envs=128)
    assert {"vec1", "big1", "vec2", "sim", "loop"} <= set(rows)
    rows = {k: rows[k] for k in ("vec1", "sim", "loop")}
    best, ratios = bench.measure(rows, 0.01, 1)
    assert all(rate > 0 for rate in best.values())
    sim = ratios["VecEnv / engine decisions in simulate (issue: >= 0.3)"]
    assert sim == pytest.approx(best["vec1"] / best["sim"])
    lines = bench.report(rows, best, ratios)
    assert lines[2].startswith("| VecEnv, 64 envs, threads=1 |") and lines[2].endswith("| 1x |")
    assert any(line.startswith("VecEnv / Python loop over Game") for line in lines)
