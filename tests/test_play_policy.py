"""The built-in policies (csrc/play/ofc_policy_<name>.c) and their parameters (ofc_fast.play.game.Policy):
legal moves only, the heuristic's foul rates and strength, parameters reaching C."""
from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import pickle
import platform

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast.play.game import POLICIES, POLICY_PARAMS, Game, Policy
from ofc_fast.sim.rollout import merge

# the bounds on the heuristic's heads-up foul rate (issue 19)
FOUL_BOUND = {"pineapple": 0.12, "original": 0.20, "low": 0.15, "progressive": 0.12}


def _legal_hand(rules: str, policy: object, seed: int, fantasyland: list[int] | None = None) -> None:
    g = Game(rules, 2, seed=seed, fantasyland=fantasyland)
    while not g.done:
        seat = g.turn
        mask = g.action_mask()
        fl = g.fantasyland[seat]
        held = set(g.held.tolist())
        g.play(policy)  # type: ignore[arg-type]
        action = json.loads(g.to_json())["hands"][-1][-1]
        if fl:
            assert len(set(action)) == 13 and set(action) <= held
        else:
            assert mask[action], (rules, policy, seed, action)


@pytest.mark.parametrize("rules", sorted(ofc.PRESETS))
@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_every_policy_makes_only_legal_moves(rules: str, policy: str) -> None:
    hands = 2 if policy == "greedy" else 30
    for seed in range(hands):
        _legal_hand(rules, policy, seed)
    deals = sorted(ofc.get_rules(rules).fantasyland_deals)
    if deals:   # a Fantasyland seat sets 13 of its cards (the exact solver, or at random)
        _legal_hand(rules, policy, 99, [0, deals[0]])


def test_heuristic_with_other_weights_makes_only_legal_moves() -> None:
    for seed, foul in enumerate((0.0, 1.0, 100.0)):
        _legal_hand("pineapple", Policy("heuristic", foul=foul, tie=0.0), seed)


@pytest.mark.parametrize("rules", sorted(FOUL_BOUND))
def test_heuristic_fouls_within_bounds(rules: str) -> None:
    # 3000 hands, 6000 boards: the rates measured are a third of the bounds or less, so a
    # pass is far outside noise (the bound is many standard errors away)
    s = ofc.simulate(rules, 2, 3000, seed=5, policy="heuristic")
    rate = float(s.foul_rate.mean())
    se = math.sqrt(FOUL_BOUND[rules] * (1 - FOUL_BOUND[rules]) / 6000)
    assert rate < FOUL_BOUND[rules] - 4 * se, (rules, rate)


@pytest.mark.slow
@pytest.mark.parametrize("rules", sorted(FOUL_BOUND))
def test_heuristic_fouls_within_bounds_many_hands(rules: str) -> None:
    s = ofc.simulate(rules, 2, 100_000, seed=6, policy="heuristic", workers=-1)
    assert float(s.foul_rate.mean()) < FOUL_BOUND[rules], rules


def _head_to_head(rules: str, a: object, b: object, hands: int, seed: int) -> tuple[float, float]:
    g = Game(rules, 2, seed=seed, match=False)
    pts = []
    for h in range(hands):
        seat = h % 2
        g.play_hand([a, b] if seat == 0 else [b, a])  # type: ignore[list-item]
        pts.append(int(g.scores[seat]))
        g.next_hand()
    x = np.array(pts, dtype=float)
    return float(x.mean()), float(x.std(ddof=1) / math.sqrt(hands))


@pytest.mark.parametrize("rules", ["pineapple", "original", "low"])
def test_heuristic_beats_random_by_a_wide_margin(rules: str) -> None:
    mean, se = _head_to_head(rules, "heuristic", "random", 300, seed=3)
    assert mean - 4 * se > 2.0, (mean, se)


@pytest.mark.slow
def test_greedy_look_ahead_adds_to_the_heuristic() -> None:
    """greedy is the heuristic's best few placements, each with 32 completions played by the
    heuristic: it beats the heuristic (by about 1.8 points a hand in Pineapple, measured
    2026-12-02; the issue's bound of 1 point held against the greedy of random fills,
    -0.40 +- 0.33 in the same run)."""
    mean, se = _head_to_head("pineapple", "heuristic", "greedy", 3000, seed=8)
    assert mean + 1.96 * se < 0 and mean - 1.96 * se > -3.0, (mean, se)


def test_policy_parameters_reach_c() -> None:
    default = ofc.simulate("pineapple", 2, 300, seed=2, policy="heuristic")
    same = ofc.simulate("pineapple", 2, 300, seed=2, policy=Policy("heuristic"))
    tuned = ofc.simulate("pineapple", 2, 300, seed=2,
                         policy=Policy("heuristic", weights=list(POLICY_PARAMS["heuristic"].values())))
    assert (same.sums == default.sums).all() and (tuned.sums == default.sums).all()
    # no fear of fouling: far more fouls
    careless = ofc.simulate("pineapple", 2, 300, seed=2, policy=Policy("heuristic", foul=0.0, shape=0.0,
                                                                       order=0.0))
    assert careless.foul_rate.mean() > default.foul_rate.mean() + 0.05


def test_policy_parameters_in_game_and_rollout() -> None:
    p = Policy("Heuristic", foul=0.0, shape=0.0, order=0.0)
    g, h = Game("pineapple", 2, seed=4), Game("pineapple", 2, seed=4)
    g.play_hand(p)
    h.play_hand(p)
    assert g.to_json() == h.to_json()
    r = ofc.rollout(["-- / -- / --"] * 2, n=300, seed=1, policy=p)
    assert r.policy == str(p) and r.policy.startswith("heuristic(foul=0.0, ")
    assert r.foul_rate[0] > ofc.rollout(["-- / -- / --"] * 2, n=300, seed=1).foul_rate[0] + 0.05


def test_policy_object() -> None:
    p = Policy("HEURISTIC", foul=40)
    assert p.name == "heuristic" and p.params["foul"] == 40.0
    assert list(p.params) == list(POLICY_PARAMS["heuristic"])
    assert p == Policy("heuristic", weights={"foul": 40.0}) and hash(p) == hash(Policy("heuristic", foul=40.0))
    assert p != Policy("heuristic")
    assert str(Policy("heuristic")) == "heuristic" and repr(p) == "Policy('heuristic', foul=40.0)"
    assert pickle.loads(pickle.dumps(p)) == p
    assert Policy("random").params == {} and str(Policy("greedy")) == "greedy"
    assert POLICY_PARAMS["random"] == {} and POLICY_PARAMS["greedy"] == {}


def test_results_say_which_policy_filled_the_boards() -> None:
    boards = ["Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad"]
    assert ofc.rollout(boards, n=10, seed=1).policy == "heuristic"          # the default
    assert ofc.rollout(boards, n=10, seed=1, policy="Random").policy == "random"
    p = ofc.evaluate_placements((["--/--/--"] * 2, "Ah Ad 7c 8c 9c"), n=5, seed=1)
    assert p.policy == "heuristic"
    a = ofc.rollout(boards, n=10, seed=1, policy="random")
    b = ofc.rollout(boards, n=10, seed=1, start=10, policy="random")
    assert merge([a, b]).policy == "random"
    with pytest.raises(ValueError, match="different policies"):
        merge([a, ofc.rollout(boards, n=10, seed=1, start=10)])


def test_heuristic_rollout_is_believable() -> None:
    # the README's example: the random policy fouls player 0's board 98% of the time
    r = ofc.rollout(["Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad"], n=2000, seed=1)
    assert float(r.foul_rate[0]) < 0.9   # a hard position (QQ on top over 5-6-7): greedy fouls 70%


def test_legal_actions_match_the_engine_check() -> None:
    """The placement table's codes are exactly the codes the engine accepts, ascending."""
    for rules in sorted(ofc.PRESETS):
        g = Game(rules, 3 if rules != "low" else 2, seed=11)
        while not g.done:
            if not g.fantasyland[g.turn or 0]:
                legal = g.legal_actions()
                assert legal == sorted(legal)
                mask = g.action_mask()
                assert np.flatnonzero(mask).tolist() == legal
                ok = []
                for code in range(4 ** g.held.size):
                    h = g.clone()
                    try:
                        h.apply(code)
                        ok.append(code)
                    except ValueError:
                        pass
                assert ok == legal
            g.play("random")


# The heuristic's choices, bit for bit: digests of fixed-seed self-play (every preset, 2 and 3
# players, jokers, other weights, greedy's look-ahead over the heuristic) taken from the build
# before its scoring was made faster.  Another compiler's rounding (a fused multiply-add) may
# change a near tie, so the digests are checked on x86-64 only.
_GOLDEN_RULES = {
    "pineapple": ofc.PINEAPPLE, "original": ofc.ORIGINAL, "progressive": ofc.PROGRESSIVE, "low": ofc.LOW,
    "pineapple_jokers": dataclasses.replace(ofc.PINEAPPLE, name="pineapple_jokers", jokers=2),
    "original_joker": dataclasses.replace(ofc.ORIGINAL, name="original_joker", jokers=1),
}
_GOLDEN_POLICIES = {"heuristic": "heuristic", "greedy": "greedy",
                    "tuned": Policy("heuristic", foul=25.0, order=0.5, tie=2.0)}
HEURISTIC_GOLDEN = [
    # rules, players, policy, hands, seed, digest
    ('pineapple', 2, 'heuristic', 400, 1, '27a51176f966526b'),
    ('pineapple', 3, 'heuristic', 300, 2, '1b9e608b049f9632'),
    ('original', 2, 'heuristic', 300, 3, '2af3b897cecbad2f'),
    ('original', 3, 'heuristic', 200, 4, 'b6c891864c71f5f1'),
    ('progressive', 2, 'heuristic', 400, 5, '7e61d8ac0218a17b'),
    ('progressive', 3, 'heuristic', 200, 6, '86925cefc2d734bb'),
    ('low', 2, 'heuristic', 400, 7, '6347ff7633b87474'),
    ('low', 3, 'heuristic', 200, 8, '86e4a7c0052cb57d'),
    ('pineapple_jokers', 2, 'heuristic', 200, 9, '42924f719778d483'),
    ('original_joker', 3, 'heuristic', 100, 10, 'b6e663e59f2d18aa'),
    ('pineapple', 2, 'tuned', 300, 11, 'b4f38a3d3b324f5d'),
    ('low', 2, 'tuned', 200, 12, 'bbbd8a84549a36ec'),
    ('pineapple', 2, 'greedy', 6, 13, '9b7f57fcba5de2b8'),
]


def _selfplay_digest(rules: str, players: int, policy: str, hands: int, seed: int) -> str:
    s = ofc.simulate(_GOLDEN_RULES[rules], players, hands, seed=seed, policy=_GOLDEN_POLICIES[policy])
    h = hashlib.sha256()
    for a in (s.sums, s.points_hist, s.royalty_hist, s.fantasyland_split):
        h.update(np.ascontiguousarray(a, dtype="<i8").tobytes())
    return h.hexdigest()[:16]


@pytest.mark.skipif(platform.machine().lower() not in ("x86_64", "amd64"), reason="digests of x86-64 floats")
@pytest.mark.parametrize(("rules", "players", "policy", "hands", "seed", "digest"), HEURISTIC_GOLDEN)
def test_heuristic_choices_are_golden(rules: str, players: int, policy: str, hands: int, seed: int,
                                      digest: str) -> None:
    assert _selfplay_digest(rules, players, policy, hands, seed) == digest
