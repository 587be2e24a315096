"""Results print in a few lines (issue 32): counts, the policy, the rules, means with
their 95% intervals; the arrays stay fields, and Placements shows the best few."""
from __future__ import annotations

import pickle

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast.sim import summary

MAX_LINES = 10


def _check(text: str, first: str) -> list[str]:
    lines = text.splitlines()
    assert lines[0].startswith(first) and len(lines) <= MAX_LINES, text
    assert all(len(line) <= 160 for line in lines), text
    return lines


def _interval_of(mean: float, stderr: float) -> str:
    return summary.interval(mean, stderr)


def test_rollout_result_repr() -> None:
    r = ofc.rollout(["Ah Ad / 2c 3d 4h / --", "-- / -- / --"], n=300, seed=2)
    lines = _check(repr(r), "RolloutResult(n=300, policy='heuristic', rules='pineapple')")
    assert len(lines) == 3
    for p in range(2):
        assert _interval_of(r.mean[p], r.stderr[p]) in lines[1 + p]
        assert f"fouls {r.foul_rate[p]:.1%}" in lines[1 + p]
    assert r.fantasyland_split is not None and r.fantasyland_split.shape[1] == 53   # still a field
    assert repr(pickle.loads(pickle.dumps(r))) == repr(r)


def test_rollout_result_repr_names_the_fantasyland_value() -> None:
    r = ofc.rollout(["Ah Ad / 2c 3d 4h / --", "-- / -- / --"], n=50, seed=2, fantasyland_value={14: 10})
    assert "fantasyland_value={14: 10}" in _check(repr(r), "RolloutResult")[0]


def test_simulation_result_repr() -> None:
    s = ofc.simulate("low", 3, 300, seed=4)
    lines = _check(repr(s), "SimulationResult(hands=300, policy='random', rules='low')")
    assert len(lines) == 4
    for p in range(3):
        lo, hi = s.ci95[p]
        assert f"{lo:+.3f} .. {hi:+.3f}" in lines[1 + p]
    assert s.points_hist.ndim == 2


def test_placements_repr_shows_the_best_few() -> None:
    p = ofc.evaluate_placements((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), n=40, seed=3)
    lines = _check(repr(p), "Placements(232 options, n=40 each")
    assert len(lines) == 2 + summary.SHOWN_OPTIONS
    assert f"code {p.codes[0]:>3}" in lines[1] and _interval_of(p.mean[0], p.stderr[0]) in lines[1]
    assert lines[-1].startswith(f"  ... {232 - summary.SHOWN_OPTIONS} more")
    few = ofc.evaluate_placements((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), n=40, seed=3,
                                  candidates=p.codes[:2])
    assert len(_check(repr(few), "Placements(2 options")) == 3


def test_best_move_repr() -> None:
    m = ofc.best_move((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), budget=200, seed=1)
    lines = _check(repr(m), f"BestMove(move={m.move}, ")
    assert lines[1] == "  board " + ofc.board.boards.board_text(m.board.tolist())
    assert f"code {m.codes[0]:>3}" in lines[2]
    exact = ofc.best_move((["Qh Qd 2c / 5s 6s 7s 8s / Kc Kd Kh Ks", "2d 3d 4d / 8d 9d Td Jd 7h / Ac Ad 2h 3h 4h"],
                           "5h 6h 9h"), seed=1)
    assert "(exact)" in _check(repr(exact), "BestMove")[2]


def test_hand_record_repr() -> None:
    g = ofc.Game("pineapple", 3, seed=6)
    g.play_hand("heuristic")
    rec, = ofc.records_from_json(g.to_json())
    lines = _check(repr(rec), "HandRecord(rules='pineapple', players=3")
    assert len(lines) == 4
    for p in range(3):
        assert lines[1 + p].endswith(f"{int(g.scores[p]):+d}")


@pytest.mark.slow
def test_fantasyland_value_estimate_repr() -> None:
    e = ofc.estimate_fantasyland_value("pineapple", hands=20, completions=2, normal_hands=200, seed=1)
    lines = _check(repr(e), "FantasylandValueEstimate(hands=20, policy='random')")
    assert lines[1:] == ["  " + line for line in str(e).splitlines()]


def test_interval_text() -> None:
    assert summary.interval(np.float64(-1.0), 0.5) == "-1.000 (95% -1.980 .. -0.020)"
    assert summary.interval(3, 0) == "+3.000 (exact)"
