"""The glue a bot needs around a Game (issue 29, point 4): a built-in policy's move without
playing it (Game.choose), observations with rows and per-seat counts, determinisation (every
card a seat cannot see drawn again, seeded: Game.determinize) and the game as text."""
from __future__ import annotations

import dataclasses
import functools
import json
import pickle
from typing import Any

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import _play
from ofc_fast.board.boards import board_text
from ofc_fast.play.game import Game

JK2 = dataclasses.replace(ofc.PINEAPPLE, name="view-jokers", jokers=2, joker_pool="unseen")


def _fl_seat(r: ofc.Rules) -> list[int]:
    """Fantasyland for the last seat (the fewest cards the rules deal there) where the deck allows."""
    n = min(r.fantasyland_deals) if r.fantasyland_deals else 0
    fits = n and (r.max_players - 1) * r.cards_dealt + n <= 52 + r.jokers
    return [0] * (r.max_players - 1) + [n if fits else 0]


def _state(g: Game) -> Any:
    """Everything a game holds: history, boards, held cards, every seat's discards, turn."""
    return (g.to_json(), g.boards.tolist(), g.held.tolist(),
            [g.discards(p).tolist() for p in range(g.players)], g.turn, g.points.tolist())


def _same_view(a: dict[str, Any], b: dict[str, Any]) -> bool:
    if sorted(a) != sorted(b):
        return False
    for k in a:
        if k == "rows":
            if any(sorted(x) != sorted(y) or any(not np.array_equal(x[r], y[r]) for r in x)
                   for x, y in zip(a[k], b[k])):
                return False
        elif not np.array_equal(np.asarray(a[k]), np.asarray(b[k])):
            return False
    return True


# --- choose -----------------------------------------------------------------------------
@pytest.mark.parametrize("policy", ["random", "heuristic", "greedy", ofc.Policy("heuristic", foul=40.0)],
                         ids=str)
@pytest.mark.parametrize("rules", [*sorted(ofc.PRESETS), JK2], ids=str)
def test_choose_is_what_play_plays(rules: Any, policy: Any) -> None:
    r = ofc.get_rules(rules)
    for seed in range(3 if policy == "greedy" else 8):
        g = Game(r, r.max_players, seed=seed, fantasyland=_fl_seat(r) if seed % 2 else None)
        while not g.done:
            before = _state(g)
            move = g.choose(policy)
            again = g.choose(policy)
            assert _state(g) == before                       # the game is untouched
            played = g.clone()
            played.play(policy)
            if g.fantasyland[g.turn or 0]:
                assert isinstance(move, np.ndarray) and move.dtype == np.uint8 and move.shape == (13,)
                assert np.array_equal(move, again)
            else:
                assert isinstance(move, int) and move == again and move in g.legal_actions()
            g.apply(move)
            assert _state(g) == _state(played)               # history included: the same move
        assert int(g.scores.sum()) == 0


def test_choose_leaves_the_policy_stream_alone() -> None:
    a, b = Game("pineapple", 3, seed=4), Game("pineapple", 3, seed=4)
    while not a.done:
        a.choose("random"), a.choose("greedy")
        a.play("random")
        b.play("random")
    assert a.to_json() == b.to_json()


def test_choose_errors() -> None:
    g = Game("pineapple", 2, seed=1)
    with pytest.raises(TypeError, match="call it with the game"):
        g.choose(lambda game: 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown policy 'best'"):
        g.choose("best")
    g.play_hand("random")
    with pytest.raises(ValueError, match="the hand is over"):
        g.choose("random")


# --- observation --------------------------------------------------------------------------
def test_observation_keys_rows_and_counts() -> None:
    r = ofc.PROGRESSIVE
    g = Game(r, 3, seed=2, fantasyland=[0, 15, 0])
    seen_streets = set()
    while True:
        for seat in range(3):
            obs = g.observation(seat)
            assert sorted(obs) == ["acted", "boards", "discard_count", "discards", "fantasyland", "held",
                                   "rows", "seat", "street", "unseen"]
            for p in range(3):
                rows = obs["rows"][p]
                assert list(rows) == ["top", "middle", "bottom"]
                flat = np.concatenate([rows["top"], rows["middle"], rows["bottom"]])
                assert sorted(flat.tolist()) == sorted(c for c in obs["boards"][p].tolist() if c != 255)
                for name, (lo, hi) in zip(("top", "middle", "bottom"), ((0, 3), (3, 8), (8, 13))):
                    n = rows[name].size
                    assert rows[name].dtype == np.uint8 and rows[name].tolist() == obs["boards"][p][lo:lo + n].tolist()
                    assert (obs["boards"][p][lo + n:hi] == 255).all()
            assert obs["street"].tolist() == [g.street(p) for p in range(3)]
            assert obs["discard_count"].tolist() == [g.discards(p).size for p in range(3)]
            assert obs["fantasyland"].tolist() == g.fantasyland
            assert obs["discards"].tolist() == g.discards(seat).tolist()
            if g.done:
                assert obs["acted"].all()
            else:
                t = g.turn
                assert t is not None and not obs["acted"][t]
                if not g.fantasyland[t]:
                    cur = g.street(t)
                    seen_streets.add(cur)
                    assert obs["acted"][1]                   # the Fantasyland seat set its cards first
                    assert [bool(obs["acted"][p]) for p in (0, 2)] == [g.street(p) > cur for p in (0, 2)]
                else:
                    assert not obs["acted"].any()
        if g.done:
            break
        g.play("heuristic")
    assert seen_streets == {0, 1, 2, 3, 4}


def test_acted_within_a_street() -> None:
    g = Game("pineapple", 3, seed=1)          # button 2: seats 0, 1, 2 act in turn
    assert g.observation(0)["acted"].tolist() == [False, False, False]
    g.play("random")
    assert g.observation(2)["acted"].tolist() == [True, False, False]
    g.play("random")
    assert g.observation(2)["acted"].tolist() == [True, True, False]
    g.play("random")                          # street 1 begins
    obs = g.observation(0)
    assert obs["acted"].tolist() == [False, False, False] and obs["street"].tolist() == [1, 1, 1]


# --- determinize --------------------------------------------------------------------------
@functools.lru_cache(maxsize=1)
def _positions() -> list[tuple[Game, int]]:
    """Games part-played (Fantasyland hidden or shown, one set and one to act, jokers, a
    finished hand) and a seat."""
    out = []
    for rules, players, fl, turns in [("pineapple", 2, None, 3), ("pineapple", 3, [0, 14, 0], 4),
                                      ("progressive", 2, [16, 0], 2), ("original", 4, None, 9),
                                      ("low", 2, None, 5), (JK2, 2, [14, 0], 3), (JK2, 3, None, 0),
                                      ("pineapple", 2, [0, 14], 20), ("progressive", 3, [14, 0, 15], 1)]:
        g = Game(rules, players, seed=11, fantasyland=fl)
        for _ in range(turns):
            if not g.done:
                g.play("heuristic")
        for seat in range(players):
            out.append((g, seat))
    return out


@pytest.mark.parametrize("k", range(23))
def test_determinize_keeps_the_view_and_every_card_once(k: int) -> None:
    g, seat = _positions()[k]
    before, view = _state(g), g.observation(seat)
    d = g.determinize(seat, seed=k)
    assert _state(g) == before                                 # the original is untouched
    assert _same_view(d.observation(seat), view)
    assert (d.turn, d.street(seat), d.hand_number, d.fantasyland) == (g.turn, g.street(seat), 0, g.fantasyland)
    size = 52 + d.rules.jokers
    deck = d._state.deck.tolist()
    assert sorted(deck) == list(range(size))
    placed = [c for c in d.boards.ravel().tolist() if c != 255] + d.held.tolist() + \
        [c for p in range(d.players) for c in d.discards(p).tolist()]
    assert len(placed) == len(set(placed)) and set(placed) == set(deck[:len(placed)])
    assert _state(d) == _state(g.determinize(seat, seed=k))    # same seed, same game
    assert _state(d) != _state(g.determinize(seat, seed=k + 1000)) or not view["unseen"].size
    # it plays on like any game, and its history (and pickle) gives it back
    assert _state(Game.replay(d.to_json())) == _state(d)
    assert _state(pickle.loads(pickle.dumps(d))) == _state(d)
    d.play_hand("heuristic")
    assert int(d.scores.sum()) == 0
    assert _state(Game.replay(d.to_json())) == _state(d)
    d.next_hand()
    d.play("random")
    assert _state(Game.replay(d.to_json())) == _state(d)


def test_determinize_redraws_what_the_seat_cannot_see() -> None:
    g = Game("pineapple", 3, seed=5, fantasyland=[0, 14, 0])
    g.play("greedy")      # seat 1 sets 13 of 14, hidden
    for _ in range(4):    # seats 0 and 2, streets 0 and 1
        g.play("heuristic")
    # seat 0 to act: it cannot see seat 1's board and discard, nor seat 2's discard
    assert g.turn == 0 and g.discards(2).size == 1
    d = g.determinize(0, seed=3)
    assert d.held.tolist() == g.held.tolist() and d.boards[2].tolist() == g.boards[2].tolist()
    assert d.boards[1].tolist() != g.boards[1].tolist()
    assert d.discards(2).tolist() != g.discards(2).tolist()
    # the hidden board is set again by the policy from the cards seat 1 is now dealt
    dealt = d._state.deck[:14]
    assert sorted(d.boards[1].tolist() + d.discards(1).tolist()) == sorted(dealt.tolist())
    f = Game("pineapple", 3, seed=5, fantasyland=[0, 14, 0])
    f._deal_from(d._state.deck.tolist(), "test")
    f.play("greedy")
    assert f.boards[1].tolist() == d.boards[1].tolist()           # "greedy": the solver's setting
    assert f.discards(1).tolist() == d.discards(1).tolist()
    r = g.determinize(0, seed=3, fantasyland_policy="random")
    f = Game("pineapple", 3, seed=5, fantasyland=[0, 14, 0])
    f._deal_from(r._state.deck.tolist(), "test")
    assert sorted(r.boards[1].tolist() + r.discards(1).tolist()) == sorted(f.held.tolist())
    # seat 1 sees its own board: it stays, and so does its discard
    d1 = g.determinize(1, seed=3)
    assert d1.boards[1].tolist() == g.boards[1].tolist() and d1.discards(1).tolist() == g.discards(1).tolist()
    assert d1.held.tolist() != g.held.tolist()
    # a finished hand: every board is seen, only discards and the deck move; the scores stay
    g.play_hand("heuristic")
    e = g.determinize(0, seed=1)
    assert e.boards.tolist() == g.boards.tolist() and e.scores.tolist() == g.scores.tolist()
    assert e.points.tolist() == g.points.tolist()


def _chi2(counts: np.ndarray) -> float:
    expected = counts.sum() / counts.size
    return float(((counts - expected) ** 2 / expected).sum())


def test_determinize_draws_hidden_cards_uniformly() -> None:
    g = Game("pineapple", 2, seed=8)
    g.play("heuristic")          # seat 1 to act: its 5 cards are hidden from seat 0
    unseen = g.observation(0)["unseen"].tolist()
    assert len(unseen) == 47
    index = {c: i for i, c in enumerate(unseen)}
    held0, held4, last = (np.zeros(47) for _ in range(3))
    per = 40
    for seed in range(47 * per):
        d = g.determinize(0, seed=seed)
        held0[index[int(d.held[0])]] += 1
        held4[index[int(d.held[4])]] += 1
        last[index[int(d._state.deck[-1])]] += 1
    # 46 degrees of freedom: 81.4 is the 0.001 quantile's bound; the seeds are fixed, so no flake
    for counts in (held0, held4, last):
        assert counts.sum() == 47 * per and counts.min() > 0
        assert _chi2(counts) < 81.4


def test_determinize_errors() -> None:
    g = Game("pineapple", 2, seed=1)
    with pytest.raises(ValueError, match="seat must be in 0..1, got 2"):
        g.determinize(2, seed=1)
    with pytest.raises(ValueError, match="seed must be in 0..2"):
        g.determinize(0, seed=-1)
    with pytest.raises(TypeError, match="fantasyland_policy"):
        g.determinize(0, seed=1, fantasyland_policy=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown policy 'best'"):
        g.determinize(0, seed=1, fantasyland_policy="best")


def test_history_decks() -> None:
    g = Game("pineapple", 2, seed=1)
    g.play("random")
    d = g.determinize(0, seed=2)
    data = json.loads(d.to_json())
    assert list(data["decks"]) == ["0"] and len(data["decks"]["0"]) == 52
    assert "decks" not in json.loads(g.to_json())
    for decks, match in [({"0": data["decks"]["0"][:51]}, "a deck of 52 cards"),
                         ({"0": data["decks"]["0"][:51] + [0]}, "twice"),
                         ({"0": [99] + data["decks"]["0"][1:]}, "card code 99"),
                         ({"1": data["decks"]["0"]}, "deck for hand 1"),
                         ({"x": []}, "hand numbers"),
                         ({"0": ["As"] * 52}, "list of card codes"),
                         ([], "hand numbers")]:
        with pytest.raises(ValueError, match=match):
            Game.replay(dict(data, decks=decks))


def test_binding_entries_refuse_bad_input() -> None:
    g = Game("pineapple", 2, seed=1, fantasyland=[14, 0])
    st = g._state
    with pytest.raises(ValueError, match="card code 52 is not in 0..51"):
        st.shuffled(np.array([1, 52], np.uint8), 1, 0)
    with pytest.raises(ValueError, match="card code 3 is listed twice"):
        st.shuffled(np.array([3, 3], np.uint8), 1, 0)
    with pytest.raises(ValueError, match="more than the deck"):
        st.shuffled(np.arange(53, dtype=np.uint8), 1, 0)
    with pytest.raises(ValueError, match="not a Fantasyland seat that has set"):
        st.reset_fantasyland(0, 0, g.rules.tables, 1, 0)         # it has not set yet
    g.play("greedy")
    with pytest.raises(ValueError, match="not a Fantasyland seat"):
        g._state.reset_fantasyland(1, 0, g.rules.tables, 1, 0)
    with pytest.raises(ValueError, match="not a Fantasyland seat"):
        g._state.reset_fantasyland(7, 0, g.rules.tables, 1, 0)
    assert g._state.reset_fantasyland(0, 99, g.rules.tables, 1, 0) == _play.OFC_ERR_POLICY
    with pytest.raises(ValueError, match="a seat has acted"):
        g._state.set_deck(np.arange(52, dtype=np.uint8))
    # the entries keep every card once: the shuffle of everything is a permutation of the state
    s = g._state.shuffled(np.arange(52, dtype=np.uint8), 5, 0)
    assert sorted(s.deck.tolist()) == list(range(52))


# --- text ---------------------------------------------------------------------------------
def test_str_and_repr() -> None:
    g = Game("pineapple", 3, seed=6, fantasyland=[0, 0, 14])
    text = str(g)
    assert repr(g) == text.splitlines()[0] and "\n" not in repr(g)
    assert "seat 2 to act (Fantasyland)" in repr(g) and ofc.card_str(g.held) in repr(g)
    assert "Fantasyland (14 cards)" in text.splitlines()[3]
    g.play("greedy")
    g.play("heuristic")
    lines = str(g).splitlines()
    assert len(lines) == 4
    for p in range(3):
        assert lines[1 + p].startswith(f"  seat {p}: {board_text(g.boards[p])}")
    assert "button" in lines[1 + g.button]
    assert f"to act: {ofc.card_str(g.held)}" in lines[1 + (g.turn or 0)]
    assert "hand 0, seat 1 to act (street 0)" in repr(g)
    g.play_hand("random")
    lines = str(g).splitlines()
    assert repr(g).endswith("over, scores " + " ".join(f"{int(v):+d}" for v in g.scores))
    for p in range(3):
        assert f"{int(g.scores[p]):+d}" in lines[1 + p]
        assert ("fouled" in lines[1 + p]) == bool(g.fouled[p])
    j = Game(JK2, 2, seed=3)
    while not ((j.boards >= 52) & (j.boards < 255)).any() and not j.done:
        j.play("random")
    assert "X1" in str(j) or "X2" in str(j)
