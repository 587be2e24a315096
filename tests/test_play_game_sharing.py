"""Game shared, copied, pickled, replayed, and driven by callables (issue: reliability round three).

Each test here failed on 0.1.0: threads corrupted histories, pickling and copying
failed or shared the hand state, a policy that played the turn itself had its
action applied to the next seat, forged histories and Fantasyland counts were
accepted, and a match could not be turned off.
"""
from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import threading

import pytest

import ofc_fast as ofc
from ofc_fast import Game


def test_threads_sharing_a_game_keep_its_history_replayable() -> None:
    failures = 0
    for seed in range(40):
        g = Game("pineapple", 3, seed=seed)
        barrier = threading.Barrier(4)

        def worker() -> None:
            barrier.wait()
            for _ in range(20):
                try:
                    g.play("random")
                except ValueError:      # the hand ended under another thread
                    return

        threads = [threading.Thread(target=worker) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert g.done
        h = Game.replay(g.to_json())
        failures += h.boards.tolist() != g.boards.tolist() or h.scores.tolist() != g.scores.tolist()
    assert failures == 0


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy, Game.clone,
                                    lambda g: pickle.loads(pickle.dumps(g))])
def test_copies_are_independent_games_in_the_same_position(copier) -> None:  # type: ignore[no-untyped-def]
    g = Game("progressive", 3, seed=11, fantasyland=[0, 15, 0])
    g.play("random")
    g.play("greedy")
    c = copier(g)
    assert c is not g
    assert c.to_json() == g.to_json() and c.boards.tolist() == g.boards.tolist()
    assert (c.turn, c.held.tolist(), c.hand_number, c.points.tolist()) == \
        (g.turn, g.held.tolist(), g.hand_number, g.points.tolist())
    before = (g.to_json(), g.boards.tolist(), g.turn)
    c.play_hand("random")
    assert c.done and not g.done
    assert (g.to_json(), g.boards.tolist(), g.turn) == before
    g.play_hand("random")
    assert int(g.scores.sum()) == 0 and int(c.scores.sum()) == 0
    # the same policies from the same position give the same hand (the streams are the game's)
    d = copier(g)
    assert d.scores.tolist() == g.scores.tolist()


def test_pickle_keeps_a_finished_hand_and_the_match_setting() -> None:
    g = Game("original", 2, seed=3, match=False)
    g.play_hand("random")
    h = pickle.loads(pickle.dumps(g))
    assert h.done and h.scores.tolist() == g.scores.tolist() and h.match_over is False
    assert json.loads(h.to_json())["match"] is False


def test_a_policy_that_plays_the_turn_itself_is_refused() -> None:
    g = Game("pineapple", 2, seed=1)

    def sneaky(game: Game) -> int:
        game.play("random")          # plays seat 0's turn itself...
        return game.legal_actions()[0]   # ...and returns an action for seat 1

    with pytest.raises(RuntimeError, match="played the turn itself"):
        g.play(sneaky)
    # nothing was applied to the next seat
    assert g.turn == 1 and len(json.loads(g.to_json())["hands"][0]) == 1


@pytest.mark.parametrize("policy,match", [(None, "NoneType None"), (b"random", "bytes"),
                                          (1, "int 1"), ("nope", "unknown policy")])
def test_bad_policies_are_named(policy: object, match: str) -> None:
    g = Game("pineapple", 2, seed=1)
    with pytest.raises((TypeError, ValueError), match=match):
        g.play(policy)  # type: ignore[arg-type]
    with pytest.raises((TypeError, ValueError), match=match):
        g.play_hand(policy)  # type: ignore[arg-type]
    assert g.turn == 0 and not g.done


def test_play_hand_names_the_bad_seat_policy() -> None:
    with pytest.raises(TypeError, match=r"policies\[1\]"):
        Game("pineapple", 2, seed=1).play_hand(["random", None])  # type: ignore[list-item]


def test_match_false_plays_hands_without_end() -> None:
    r = dataclasses.replace(ofc.PINEAPPLE, match_points=20)
    g = Game(r, 2, seed=5, match=False)
    m = Game(r, 2, seed=5)
    ended = None
    for hand in range(400):
        g.play_hand("random")
        if ended is None:
            m.play_hand("random")
            if m.match_over:
                ended = hand
                with pytest.raises(RuntimeError, match="match=False"):
                    m.next_hand()
            else:
                m.next_hand()
        g.next_hand()
    assert ended is not None and not g.match_over and g.hand_number == 400
    with pytest.raises(TypeError, match="match"):
        Game("pineapple", 2, seed=1, match="no")  # type: ignore[arg-type]


def _history(**change: object) -> str:
    g = Game("pineapple", 2, seed=9)
    g.play_hand("random")
    g.next_hand()
    g.play_hand("random")
    data = json.loads(g.to_json())
    data.update(change)
    return json.dumps(data)


def test_replay_refuses_a_hand_after_an_unfinished_one() -> None:
    data = json.loads(_history())
    data["hands"][0] = data["hands"][0][:3]
    with pytest.raises(ValueError, match="history hand 1: hand 0 is not over"):
        Game.replay(json.dumps(data))


def test_replay_refuses_a_hand_after_the_match_ended() -> None:
    g = Game(dataclasses.replace(ofc.PINEAPPLE, match_points=20), 2, seed=2)
    while True:
        g.play_hand("random")
        if g.match_over:
            break
        g.next_hand()
    data = json.loads(g.to_json())
    data["hands"].append([])
    with pytest.raises(ValueError, match=f"history hand {len(data['hands']) - 1}: the match ended"):
        Game.replay(json.dumps(data))


def test_replay_of_deeply_nested_json_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="nests too deeply"):
        Game.replay("[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize("rules,fl", [("pineapple", [30, 0]), ("pineapple", [13, 0]),
                                      ("pineapple", [26, 26]), ("original", [14, 0]),
                                      ("progressive", [18, 0])])
def test_forged_fantasyland_counts_are_refused(rules: str, fl: list[int]) -> None:
    with pytest.raises(ValueError, match="fantasyland"):
        Game(rules, 2, seed=1, fantasyland=fl)
    data = json.loads(_history())
    data.update(rules=rules, fantasyland=fl, hands=[])
    with pytest.raises(ValueError, match="fantasyland"):
        Game.replay(json.dumps(data))


@pytest.mark.parametrize("rules,count", [("pineapple", 14), ("progressive", 17), ("low", 15),
                                         ("original", 13)])
def test_counts_the_rules_deal_are_accepted(rules: str, count: int) -> None:
    g = Game(rules, 2, seed=1, fantasyland=[count, 0])
    assert g.held.size == count


def test_an_illegal_mapping_is_named_as_written_not_as_a_code() -> None:
    g = Game("original", 2, seed=1)
    h = g.held
    with pytest.raises(ValueError, match=r"placement top \S+ \S+ \S+ \S+, middle \S+, bottom -") as e:
        g.apply({"top": h[:4], "middle": h[4:]})
    assert "action 4" not in str(e.value) and "no room" in str(e.value)
