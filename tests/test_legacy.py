"""The module paths and pickles of ofc_fast 0.1.0 still work after the layered tree (ofc_fast._legacy)."""
import importlib
import pickle
from pathlib import Path

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import _legacy

DATA = Path(__file__).resolve().parent / "data"


@pytest.mark.parametrize("old", sorted(_legacy.OLD_PATHS))
def test_old_path_is_its_home(old):
    module = importlib.import_module(f"ofc_fast.{old}")
    assert module is importlib.import_module(f"ofc_fast.{_legacy.OLD_PATHS[old]}")


def test_old_paths_keep_their_names():
    from ofc_fast.engine import POLICIES, Game  # noqa: F401
    from ofc_fast.rules import PINEAPPLE as p
    assert p is ofc.PINEAPPLE
    assert ofc.deal.__name__ == "deal" and callable(ofc.deal)   # the function, not the module
    assert callable(ofc.cards) and ofc.partial.__name__ == "ofc_fast.board.partial"
    from ofc_fast.cli import main
    assert callable(main)


def test_public_classes_live_in_ofc_fast():
    for name in ofc.__all__:
        obj = getattr(ofc, name)
        if isinstance(obj, type):
            assert obj.__module__ == "ofc_fast", name


def test_pickles_of_0_1_0_load():
    with open(DATA / "pickles_0.1.0.pkl", "rb") as f:
        objs = pickle.load(f)   # they name ofc_fast.rules.Rules, ofc_fast.boards.Board, ...
    assert objs["rules_preset"] == ofc.PINEAPPLE
    assert objs["rules_custom"] == ofc.Rules(name="house", scoop_bonus=6)
    assert objs["board"] == ofc.Board("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")
    deal = np.stack([ofc.cards("Qh Qd 2c 5s 6s 7s 8s 9d Kc Kd Kh Ks 2d"),
                     ofc.cards("Ah Jd 3c 4s 4d 7h 8h 9c Tc Td Th 3s 3d")])
    a = ofc.analyze(deal)
    assert isinstance(objs["analysis"], ofc.Analysis)
    for x, y in zip(objs["analysis"], a):
        np.testing.assert_array_equal(x, y)
    for x, y in zip(objs["score_details"], ofc.score_details(deal)):
        np.testing.assert_array_equal(x, y)
    assert isinstance(objs["best_hand"], ofc.BestHand)
    assert objs["best_hand"].strength == ofc.best_hand("Ah Ad Kc Kd 2s 3s 9h").strength
    assert isinstance(objs["fantasyland"], ofc.FantasylandResult)
    r = ofc.rollout(["Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad"], n=100, seed=1,
                    policy="random")   # 0.1.0's default
    np.testing.assert_array_equal(objs["rollout"].mean, r.mean)
    assert isinstance(objs["simulation"], ofc.SimulationResult)
    np.testing.assert_array_equal(objs["simulation"].mean, ofc.simulate("pineapple", 2, 50, seed=3).mean)
    assert objs["category"] is ofc.HandCategory.FLUSH


def test_new_pickles_round_trip():
    board = ofc.Board("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")
    for obj in (ofc.PINEAPPLE, ofc.Rules(name="x", scoop_bonus=4), board, ofc.HandCategory.PAIR):
        data = pickle.dumps(obj)
        assert b"ofc_fast.board" not in data and b"ofc_fast.hand" not in data   # the public path
        assert pickle.loads(data) == obj


def test_pickles_of_0_1_0_results_have_the_new_fields_empty():
    """RolloutResult, SimulationResult and Placements grew fields (issue 19) after the old
    ones, with defaults: 0.1.0 pickles load with them None, and merge still works."""
    with open(DATA / "pickles_0.1.0.pkl", "rb") as f:
        objs = pickle.load(f)
    old = objs["rollout"]
    assert (old.min, old.max, old.fantasyland_value, old.fantasyland_split) == (None, None, None, None)
    from ofc_fast.sim.rollout import merge
    np.testing.assert_array_equal(merge([old, old]).mean, old.mean)
    assert objs["simulation"].fantasyland_value is None and objs["simulation"].fantasyland_split is None
    # a Placements pickled by 0.1.0 holds its five fields: the class takes them alone
    five = ([10], np.zeros((1, 13), np.uint8), np.zeros(1), np.zeros(1), np.zeros(1))
    p = pickle.loads(pickle.dumps(ofc.Placements(*five)))
    assert p.codes == [10] and p.seat_mean is None and p.n == 0
    assert ofc.Placements._fields[:5] == ("codes", "boards", "mean", "stderr", "foul_rate")
    assert ofc.RolloutResult._fields[:7] == ("mean", "stderr", "foul_rate", "fantasyland_rate", "royalties",
                                             "n", "sums")
