"""Game.to_json histories: the rules in them go through Rules.to_dict / from_dict, and the
histories written by 0.1.0 (tests/data/histories_0.1.0.json) still replay to the same game."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
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


def test_one_writer_one_reader() -> None:
    """Game.to_json and VecEnv.to_json both write through play/history.py, whose reader
    gives back what was written, byte for byte; an episode of one hand is written as
    independent hands, one of a match as a match."""
    from ofc_fast.play.history import History, read_history, write_history
    from ofc_fast.rl.vecenv import VecEnv

    g = Game("progressive", 3, seed=4, fantasyland=[14, 0, 0], match=False)
    g.play_hand("random")
    g.next_hand()
    g.play("random")
    texts = [g.to_json()]
    for episode in ("hand", "match"):
        env = VecEnv("pineapple", 2, num_envs=2, seed=5, episode=episode)
        env.reset()
        env.step(np.array([np.flatnonzero(m)[0] for m in env.action_masks()]))
        texts.append(env.to_json(1))
    for text in texts:
        h = read_history(text)
        assert isinstance(h, History) and write_history(h) == text
    assert read_history(texts[0]).match is False and read_history(texts[0]).fantasyland == [14, 0, 0]
    assert read_history(texts[1]).match is False and read_history(texts[2]).match is True
    assert read_history(texts[1]).hands[0] and read_history(texts[1]).rules is ofc.PINEAPPLE
