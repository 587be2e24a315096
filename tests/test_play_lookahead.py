"""The lookahead policy (csrc/play/ofc_policy_lookahead.c): legal moves under every preset, house
rule and joker deck, the same play for the same seed however the work is split, its parameters
reaching C, and a late spot where its completions see a foul that the heuristic's static outlook
misses.  (Its strength against heuristic and greedy is measured by tools/tune_policy.py duel, not
asserted here: docs/BOTS.md.)"""
from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast.play.game import POLICY_PARAMS, Game, Policy


def _legal_hands(rules: object, hands: int, seed: int, policy: object = "lookahead",
                 fantasyland: list[int] | None = None) -> None:
    for h in range(hands):
        g = Game(rules, 2, seed=seed + h, fantasyland=fantasyland)  # type: ignore[arg-type]
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
                assert mask[action], (rules, seed + h, action)


@pytest.mark.parametrize("rules", sorted(ofc.HOUSE_RULES))
def test_legal_moves_under_house_rules(rules: str) -> None:
    _legal_hands(ofc.HOUSE_RULES[rules], 6, seed=1)
    deals = sorted(ofc.HOUSE_RULES[rules].fantasyland_deals)
    if deals:
        _legal_hands(ofc.HOUSE_RULES[rules], 1, seed=50, fantasyland=[0, deals[-1]])


@pytest.mark.parametrize("jokers", [1, 2])
@pytest.mark.parametrize("base", ["pineapple", "original", "low"])
def test_legal_moves_with_jokers(base: str, jokers: int) -> None:
    rules = dataclasses.replace(ofc.get_rules(base), name=f"{base}_j{jokers}", jokers=jokers)
    _legal_hands(rules, 6, seed=3)
    r = ofc.simulate(rules, 2, 40, seed=2, policy="lookahead")
    assert r.hands == 40


@pytest.mark.parametrize("rules", sorted(ofc.PRESETS))
def test_other_parameters_make_only_legal_moves(rules: str) -> None:
    # the extremes of the counts (clamped in C) and a deeper look-ahead
    for seed, params in enumerate(({"shortlist": 1, "fills": 1, "fills2": 0},
                                   {"shortlist": 40, "fills": 200, "shortlist2": 40, "fills2": -3,
                                    "outlook_foul": 0.0},
                                   {"shortlist2": 2, "fills2": 2, "shortlist": 0, "fills": 1e9})):
        _legal_hands(rules, 2, seed=10 * seed, policy=Policy("lookahead", **params))


def test_same_play_for_the_same_seed_whatever_the_workers() -> None:
    a = ofc.simulate("pineapple", 2, 200, seed=7, policy="lookahead", workers=1)
    b = ofc.simulate("pineapple", 2, 200, seed=7, policy="lookahead", workers=2)
    c = ofc.simulate("pineapple", 2, 200, seed=8, policy="lookahead", workers=1)
    assert a.sums.tolist() == b.sums.tolist() and a.points_hist.tolist() == b.points_hist.tolist()
    assert a.sums.tolist() != c.sums.tolist()
    g, h = Game("original", 3, seed=4), Game("original", 3, seed=4)
    g.play_hand("lookahead")
    h.play_hand("lookahead")
    assert g.to_json() == h.to_json()
    boards = ["Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad"]
    r1 = ofc.rollout(boards, n=300, seed=3, policy="lookahead", workers=1)
    r2 = ofc.rollout(boards, n=300, seed=3, policy="lookahead", workers=2)
    assert r1.sums.tolist() == r2.sums.tolist() and r1.policy == "lookahead"


def test_parameters_reach_c() -> None:
    assert list(POLICY_PARAMS["lookahead"])[:4] == ["shortlist", "fills", "shortlist2", "fills2"]
    # the heuristic's weights are its last ones, named alike
    assert list(POLICY_PARAMS["lookahead"])[-len(POLICY_PARAMS["heuristic"]):] == list(POLICY_PARAMS["heuristic"])
    default = ofc.simulate("pineapple", 2, 200, seed=2, policy="lookahead")
    same = ofc.simulate("pineapple", 2, 200, seed=2,
                        policy=Policy("lookahead", weights=list(POLICY_PARAMS["lookahead"].values())))
    assert default.sums.tolist() == same.sums.tolist()
    # no look-ahead and the heuristic's own weights: the heuristic's moves
    heuristic = ofc.simulate("pineapple", 2, 200, seed=2, policy="heuristic")
    plain = Policy("lookahead", fills=0, fills2=0, **POLICY_PARAMS["heuristic"])
    assert ofc.simulate("pineapple", 2, 200, seed=2, policy=plain).sums.tolist() == heuristic.sums.tolist()
    careless = ofc.simulate("pineapple", 2, 300, seed=2,
                            policy=Policy("lookahead", foul=0.0, shape=0.0, outlook_foul=0.0))
    assert careless.foul_rate.mean() > default.foul_rate.mean() + 0.05


# A late spot found on heuristic self-play (Pineapple, seed 487, the seat's fourth turn: one more
# after it).  Seat 0 holds 4c 4d 7s over "4s / Qh 8s 9d Td / Jd Ad Kc As" (its discards Qs 4h; the
# other board "3c 2c / 6c 7c Tc 9c 2d / Js Ks").  The heuristic's static outlook sends both fours
# to the top for trips and their royalties, and the middle can then only beat them with a jack
# for the straight, which the aces below cannot beat: every completion fouls.  lookahead's
# completions see that.
SPOT_ACTIONS = [105, 534, 45, 52, 30, 23]
TRIPS_ON_TOP = 0 | 0 << 2 | 3 << 4   # 4c top, 4d top, 7s discarded


def _spot() -> Game:
    g = Game("pineapple", 2, seed=487, match=False)
    for a in SPOT_ACTIONS:
        g.apply(a)
    return g


def test_a_late_spot_where_it_must_avoid_a_foul() -> None:
    g = _spot()
    assert g.turn == 0 and sorted(ofc.card_str(c) for c in g.held) == ["4c", "4d", "7s"]
    assert ofc.card_str(int(g.boards[0][0])) == "4s"
    h, a = g.clone(), g.clone()
    h.play("heuristic")
    a.play("lookahead")
    code_h = json.loads(h.to_json())["hands"][-1][-1]
    code_a = json.loads(a.to_json())["hands"][-1][-1]
    assert code_h == TRIPS_ON_TOP and code_a != TRIPS_ON_TOP
    # the two boards completed every way the last turn can fall (sampled, many times)
    p = ofc.evaluate_placements(g, n=400, seed=1, candidates=[code_h, code_a])
    fouls = dict(zip(p.codes, p.foul_rate.tolist()))
    assert fouls[code_h] > 0.95 and fouls[code_a] < 0.05, fouls
    # whatever the seed of its completions
    for seed in range(5):
        c = _spot()
        c.play_hand(["lookahead", "heuristic"]) if seed == 0 else c.play("lookahead")
        assert json.loads(c.to_json())["hands"][-1][len(SPOT_ACTIONS)] != TRIPS_ON_TOP


def test_block_and_description() -> None:
    assert "lookahead" in ofc.POLICIES and ofc.POLICIES["lookahead"] == 3
    assert np.isfinite(list(POLICY_PARAMS["lookahead"].values())).all()
