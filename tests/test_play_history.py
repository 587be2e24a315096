"""Game.to_json histories: the rules in them go through Rules.to_dict / from_dict, and the
histories written by 0.1.0 (tests/data/histories_0.1.0.json) still replay to the same game."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import ofc_fast as ofc
from ofc_fast import Game

OLD = json.loads((Path(__file__).parent / "data" / "histories_0.1.0.json").read_text())


@pytest.mark.parametrize("k", range(len(OLD)))
def test_old_histories_replay(k: int) -> None:
    item = OLD[k]
    g = Game.replay(item["history"])
    assert g.boards.tolist() == item["boards"]
    assert g.scores.tolist() == item["scores"] and g.points.tolist() == item["points"]
    # and written back the same way
    assert json.loads(g.to_json()) == item["history"]


def test_history_rules_are_to_dict() -> None:
    house = dataclasses.replace(ofc.PROGRESSIVE, name="house", scoop_bonus=5)
    g = Game(house, 2, seed=3)
    g.play_hand()
    assert json.loads(g.to_json())["rules"] == house.to_dict()
    assert json.loads(Game("low", 2, seed=3).to_json())["rules"] == "low"
    assert Game.replay(g.to_json()).rules == house


def test_history_bad_rules_named() -> None:
    g = json.loads(Game(dataclasses.replace(ofc.PINEAPPLE, name="h"), 2, seed=1).to_json())
    g["rules"]["scop_bonus"] = 1
    with pytest.raises(ValueError, match="history 'rules': unknown field 'scop_bonus'"):
        Game.replay(g)
    g["rules"] = "progressive_keep"          # a house variant by name
    assert Game.replay(g).rules is ofc.HOUSE_RULES["progressive_keep"]
