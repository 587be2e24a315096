"""The game engine against a plain-Python model (tests/engine_model.py), replay,
policies, bad actions, and self-play."""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import engine_model as model
import numpy as np
import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

import ofc_fast as ofc
from ofc_fast.play.dealing import deal
from ofc_fast.play.game import ACTIONS, Game


def test_model_deck_is_the_c_deal() -> None:
    """The model's documented stream gives the C dealer's cards, bit for bit:
    every preset and table size (the usual ones run unrolled kernels), every street."""
    for preset in sorted(ofc.PRESETS):
        r = ofc.PRESETS[preset]
        for players in range(r.min_players, r.max_players + 1):
            for street in (None, *range(r.rounds + 1)):
                k = 13 if street is None else r.first_round + street * r.round_cards
                d = deal(12, r, players, seed=2**63 + 5, street=street, start=1000)
                for i in range(12):
                    assert d[i].tolist() == model.deal_cards(2**63 + 5, 1000 + i, players, k, r)



def test_model_deck_after_a_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 12778 of seed 7 redraws a group's 32 bits (the rare rejection of
    ofc_draw3, under 1 in 30,000 groups): still the model's cards."""
    r = ofc.PRESETS["pineapple"]
    d = deal(3, r, 3, seed=7, start=12777)
    for i in range(3):
        assert d[i].tolist() == model.deal_cards(7, 12777 + i, 3, 13, r)
    redraws = []
    draw3 = model.Stream.draw3

    def counting(self: model.Stream, h: int, bounds: tuple[int, int, int]) -> list[int]:
        prod = bounds[0] * bounds[1] * bounds[2]
        low = h
        for b in bounds:
            low = (low * b) & model.M32
        redraws.append(low < ((1 << 32) - prod) % prod)
        return draw3(self, h, bounds)

    monkeypatch.setattr(model.Stream, "draw3", counting)
    model.shuffle(7, 12778, 39)
    assert any(redraws)

class GameMachine(RuleBasedStateMachine):
    """Random legal and illegal actions on Game and on the model, states compared after each."""

    @initialize(preset=st.sampled_from(sorted(ofc.PRESETS)), data=st.data(),
                seed=st.integers(0, 2**64 - 1))
    def start(self, preset: str, data: st.DataObject, seed: int) -> None:
        # either button convention (docs/RULES.md §7): moving after every hand, or kept
        # for a hand with a seat in Fantasyland
        r = dataclasses.replace(ofc.PRESETS[preset], fl_keeps_button=data.draw(st.booleans()))
        players = data.draw(st.integers(r.min_players, r.max_players))
        button = data.draw(st.integers(0, players - 1))
        fl = [0] * players
        seat = data.draw(st.integers(-1, players - 1))
        if seat >= 0 and preset != "original":   # one seat in Fantasyland, if the deck allows
            count = data.draw(st.sampled_from(sorted(r.fantasyland_deals)))
            if count + (players - 1) * r.cards_dealt <= 52:
                fl[seat] = count
        self.rules, self.players, self.seed = r, players, seed
        self.game = Game(r, players, seed=seed, button=button, fantasyland=fl)
        self.model = model.HandModel(r, players, seed, 0, button, fl)
        self.hand = 0
        self.button = button
        self.stopped = False

    @invariant()
    def same_state(self) -> None:
        g, m = self.game, self.model
        assert g.turn == m.turn
        assert g.boards.tolist() == m.boards
        assert g.held.tolist() == m.held
        assert g.legal_actions() == m.legal()
        mask = g.action_mask()
        assert mask.shape == (ACTIONS,) and mask.sum() == len(m.legal())
        for p in range(self.players):
            assert g.discards(p).tolist() == m.discards[p]

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        """One rule, always enabled: a legal or an illegal action, or the end of a hand."""
        if self.model.turn is None:
            self.replay() if self.stopped else self.finish_and_next()
        elif data.draw(st.booleans(), label="illegal"):
            self.illegal(data)
        else:
            self.act(data)

    def act(self, data: st.DataObject) -> None:
        m = self.model
        if m.fl[m.turn]:
            held = list(m.held)
            chosen = data.draw(st.permutations(held))[:13]
            self.game.apply(np.array(chosen, dtype=np.uint8))
            m.set_board(chosen)
        else:
            code = data.draw(st.sampled_from(m.legal()))
            self.game.apply(code)
            m.apply(code)

    def illegal(self, data: st.DataObject) -> None:
        m = self.model
        before = (self.game.boards.copy(), self.game.held.copy(), self.game.turn)
        if m.fl[m.turn]:
            bad = list(m.held[:12]) + [c for c in range(52) if c not in m.held][:1]
            with pytest.raises(ValueError):
                self.game.apply(np.array(bad, dtype=np.uint8))
        else:
            legal = set(m.legal())
            code = data.draw(st.sampled_from([c for c in range(4 ** len(m.held)) if c not in legal]
                                             + [4 ** len(m.held), ACTIONS - 1]))
            with pytest.raises(ValueError):
                self.game.apply(code)
        assert self.game.boards.tolist() == before[0].tolist()
        assert self.game.held.tolist() == before[1].tolist() and self.game.turn == before[2]

    def replay(self) -> None:
        h = Game.replay(self.game.to_json())
        assert h.to_json() == self.game.to_json() and h.scores.tolist() == self.game.scores.tolist()

    def finish_and_next(self) -> None:
        g, m = self.game, self.model
        event(f"hand over, fantasyland seats {sum(1 for c in m.fl if c)}")
        net, fouled, fl = m.result()
        assert g.scores.tolist() == net
        assert g.fouled.tolist() == fouled
        assert g.next_fantasyland.tolist() == fl
        # a next hand must fit the deck; the model says whether it does
        if g.match_over or self.hand >= 2 or sum(c or self.rules.cards_dealt for c in fl) > 52:
            self.stopped = True
            return
        g.next_hand()
        self.hand += 1
        if not (self.rules.fl_keeps_button and any(fl)):
            self.button = (self.button + 1) % self.players
        assert g.button == self.button
        self.model = model.HandModel(self.rules, self.players, self.seed, self.hand,
                                     self.button, fl)


TestGameMachine = GameMachine.TestCase
# the quick run: 15 games of up to 40 steps; the slow twin below plays 60
TestGameMachine.settings = settings(max_examples=15, stateful_step_count=40, deadline=None)


@pytest.mark.slow
def test_game_machine_more_games() -> None:
    run_state_machine_as_test(GameMachine, settings=settings(max_examples=60, stateful_step_count=40,
                                                             deadline=None))


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("preset", sorted(ofc.PRESETS))
def test_policies_play_only_legal_moves(preset: str, policy: str) -> None:
    r = ofc.PRESETS[preset]
    for seed in range(30 if policy == "random" else 4):
        g = Game(r, r.max_players, seed=seed, fantasyland=[0] * (r.max_players - 1) + [
            r.stay_cards if r.max_players * r.cards_dealt - r.cards_dealt + r.stay_cards <= 52
            else 0])
        while not g.done:
            legal = set(g.legal_actions())
            seat = g.turn
            g.play(policy)
            code = g._hands[-1][-1]
            if not g.fantasyland[seat]:
                assert code in legal
        assert int(g.scores.sum()) == 0


def test_replay_reproduces() -> None:
    g = Game("progressive", 3, seed=123)
    for _ in range(4):
        g.play_hand(["random", lambda game: game.legal_actions()[0], "random"])
        if g.match_over:
            break
        g.next_hand()
    h = Game.replay(g.to_json())
    assert h.to_json() == g.to_json()
    assert h.boards.tolist() == g.boards.tolist() and h.points.tolist() == g.points.tolist()
    # custom rules travel in the history
    house = ofc.Rules(name="house", scoop_bonus=6)
    g2 = Game(house, 2, seed=1)
    g2.play_hand()
    assert Game.replay(json.loads(g2.to_json())).rules == house


def test_same_seed_same_game() -> None:
    a, b = Game("pineapple", 3, seed=9), Game("pineapple", 3, seed=9)
    a.play_hand()
    b.play_hand()
    assert a.to_json() == b.to_json()


def test_match_ends_like_play_match() -> None:
    r = ofc.Rules(name="short", match_points=10)
    g = Game(r, 2, seed=4)
    per_hand = []
    while True:
        g.play_hand()
        per_hand.append(g.scores.tolist())
        if g.match_over:
            break
        g.next_hand()
    want = ofc.play_match(per_hand, r)
    assert g.points.tolist() == want.points.tolist()
    assert want.hands_played == len(per_hand)
    with pytest.raises(RuntimeError, match="match is over"):
        g.next_hand()


def test_observation_hides_fantasyland_and_discards() -> None:
    g = Game("pineapple", 2, seed=5, fantasyland=[14, 0])
    assert g.turn == 0 and g.held.size == 14
    g.play("random")
    obs = g.observation(1)
    assert (obs["boards"][0] == 255).all()       # the Fantasyland board stays hidden
    assert obs["held"].size == 5
    assert set(obs["unseen"].tolist()).isdisjoint(obs["held"].tolist())
    g.play_hand()
    assert (g.observation(1)["boards"][0] != 255).all()
    assert g.observation(1)["discards"].size == 4
    assert g.discards(0).size == 1


@pytest.mark.parametrize("action,exc,match", [
    (-1, ValueError, "not in 0..1023"),
    (1024, ValueError, "not in 0..1023"),
    (3, ValueError, "wrong number of discards"),
    (0, ValueError, "no room"),
    ("top", TypeError, "int code"),
    (1.0, TypeError, "int code"),
    ({"top": ["2c"]}, ValueError, "is not held"),
])
def test_bad_actions(action: object, exc: type, match: str) -> None:
    g = Game("pineapple", 2, seed=1)
    before = g.to_json()
    with pytest.raises(exc, match=match):
        g.apply(action)  # type: ignore[arg-type]
    assert g.to_json() == before and g.held.size == 5


@pytest.mark.parametrize("kwargs,exc,match", [
    ({"players": 4}, ValueError, "2 to 3 players"),
    ({"players": "2"}, TypeError, "players must be an int"),
    ({"seed": -1}, ValueError, "seed"),
    ({"button": 5}, ValueError, "button"),
    ({"fantasyland": [14]}, ValueError, "one count per seat"),
    ({"fantasyland": [12, 0]}, ValueError, "0 or 13..52"),
    ({"fantasyland": [30, 30]}, ValueError, "pineapple deals a player in Fantasyland 14 cards"),
    ({"fantasyland": [13, 0]}, ValueError, "pineapple deals a player in Fantasyland 14 cards"),
])
def test_bad_games(kwargs: dict, exc: type, match: str) -> None:
    args: dict = {"players": 2, "seed": 1}
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        Game("pineapple", args.pop("players"), **args)


def test_not_over_errors() -> None:
    g = Game("pineapple", 2, seed=1)
    with pytest.raises(ValueError, match="not over"):
        _ = g.scores
    with pytest.raises(RuntimeError, match="not over"):
        g.next_hand()
    with pytest.raises(ValueError, match="unknown policy"):
        g.play("smart")


def test_greedy_beats_random() -> None:
    total = 0
    for seed in range(60):
        g = Game("pineapple", 2, seed=seed, button=seed % 2)
        g.play_hand(["greedy", "random"])
        total += int(g.scores[0])
    assert total > 0


def test_placement_tables_in_the_c_source() -> None:
    """csrc/hand/ofc_tables.c's ofc_place_start[] / ofc_place[] (uniform random
    placements) list, per state, every legal placement once, in the order of
    the action codes, with the rows, ranks and counts they say."""
    import re
    from math import comb
    src = (Path(__file__).resolve().parent.parent / "csrc" / "hand" / "ofc_tables.c").read_text()

    def array(name: str) -> list[int]:
        body = re.search(rf"const uint\d+_t {name}\[\d+\] = \{{(.*?)\}};", src, re.S)
        assert body is not None, name
        return [int(v) for v in re.findall(r"\d+", body.group(1))]

    start, place = array("ofc_place_start"), array("ofc_place")
    states = [(m, r0, r1, r2) for m in range(6) for r0 in range(4) for r1 in range(6) for r2 in range(6)]
    assert len(start) == len(states) + 1 and start[0] == 0 and start[-1] == len(place)
    for s, (m, r0, r1, r2) in enumerate(states):
        entries = place[start[s]:start[s + 1]]
        # the count, by a formula: choose the cards sent top, then middle
        assert len(entries) == sum(comb(m, a) * comb(m - a, b) for a in range(min(m, r0) + 1)
                                   for b in range(min(m - a, r1) + 1) if m - a - b <= r2)
        rows_seen = []
        for e in entries:
            rows = [(e >> (5 * q)) & 3 for q in range(5)]
            ranks = [(e >> (5 * q + 2)) & 7 for q in range(5)]
            assert rows[m:] == [3] * (5 - m) and ranks[m:] == [0] * (5 - m)
            assert ranks[:m] == [rows[:q].count(rows[q]) for q in range(m)]
            counts = [rows[:m].count(r) for r in range(3)]
            assert counts[0] <= r0 and counts[1] <= r1 and counts[2] <= r2
            assert (e >> 25 & 3, e >> 27 & 7) == (counts[0], counts[1]) and e >> 30 == 0
            rows_seen.append(rows[:m])
        # distinct and in the order of the codes (card 0 first, top < middle < bottom)
        assert rows_seen == sorted(rows_seen) and len(set(map(tuple, rows_seen))) == len(rows_seen)


def test_random_policy_is_uniform_over_legal_codes() -> None:
    """The first Pineapple street: each of the 232 legal codes about equally often."""
    counts: dict[int, int] = {}
    for seed in range(6000):
        g = Game("pineapple", 2, seed=7)
        g._seed = seed   # the policy's stream only: the same cards every time
        g.play("random")
        code = g._hands[-1][-1]
        counts[code] = counts.get(code, 0) + 1
    assert len(counts) == 232
    expected = 6000 / 232
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 231 + 5 * (2 * 231) ** 0.5


def test_next_hand_refused_when_fantasyland_needs_too_many_cards() -> None:
    """A next hand whose Fantasyland counts overflow the deck is refused; nothing changes."""
    # (counts the rules deal always fit: Rules.fantasyland_limit; a forged one is refused)
    with pytest.raises(ValueError, match="deals a player in Fantasyland"):
        Game("pineapple", 3, seed=1, fantasyland=[30, 0, 0])
    g = Game("pineapple", 2, seed=1)
    g.play_hand("random")
    before = (g.hand_number, g.button, g.boards.tolist(), g.scores.tolist())
    with pytest.raises(ValueError, match="more than 52"):
        g._begin(0, [30, 30])   # what next_hand would do with such counts
    assert (g.hand_number, g.button, g.boards.tolist(), g.scores.tolist()) == before and g.done


def test_fl_keeps_button() -> None:
    """docs/RULES.md §7: the button moves after every hand, or with fl_keeps_button stays
    put for a hand in which a seat is in Fantasyland."""
    keep = dataclasses.replace(ofc.PINEAPPLE, name="keep", fl_keeps_button=True)
    moved = kept = 0
    for seed in range(400):
        g, d = Game(keep, 3, seed=seed), Game(ofc.PINEAPPLE, 3, seed=seed)
        g.play_hand("greedy")
        d.play_hand("greedy")
        assert g.next_fantasyland.tolist() == d.next_fantasyland.tolist()
        fl, b = any(g.next_fantasyland), g.button
        g.next_hand()
        d.next_hand()
        assert d.button == (b + 1) % 3
        assert g.button == (b if fl else (b + 1) % 3)
        assert Game.replay(g.to_json()).button == g.button
        kept += fl
        moved += not fl
        if kept and moved > 5:
            break
    assert kept and moved > 5


def test_policies_come_from_the_c_registry() -> None:
    """POLICIES is the C core's registry (csrc/play/ofc_policies.c), in its order, and the
    guide's table of the built-in policies (docs/guide/engine.md) and play/policy_names.py
    name exactly those."""
    from ofc_fast import _play
    from ofc_fast.play.game import POLICIES, POLICY_DESCRIPTIONS
    registry = _play.policies()
    # earlier numbers unchanged
    assert POLICIES == {"random": 0, "greedy": 1, "heuristic": 2, "lookahead": 3}
    assert list(POLICIES.items()) == [(name, i) for i, (name, _, _) in enumerate(registry)]
    assert all(POLICY_DESCRIPTIONS[name] for name in POLICIES)
    readme = (Path(__file__).resolve().parent.parent / "docs" / "guide" / "engine.md").read_text()
    start = readme.index("| policy | what it does |")
    table = readme[start:readme.index("\n\n", start)]
    rows = dict(re.findall(r"^\| `(\w+)` \| (.+) \|$", table, flags=re.M))
    assert rows == POLICY_DESCRIPTIONS, rows
    # the command line's light module (play/policy_names.py, generated by tools/gen_policy_names.py:
    # --help loads no core) is the registry's
    from ofc_fast.play import policy_names
    assert list(policy_names.POLICY_DESCRIPTIONS.items()) == list(POLICY_DESCRIPTIONS.items())


def test_unknown_policy_number_is_refused_in_c() -> None:
    from ofc_fast import _play
    g = Game("pineapple", 2, seed=1)
    assert g._state.play_policy(len(_play.policies()), ofc.PINEAPPLE.tables, 1, 0) == (_play.OFC_ERR_POLICY, -1)
    assert g.held.size == 5   # nothing played
