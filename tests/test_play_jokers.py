"""Jokers in the play layer (docs/VARIANTS.md, "Jokers"): dealing from 53- and
54-card decks against the plain-Python model of the stream, games whose results
are the board layer's (and the reference's brute force) for every joker_pool and
joker_resolution, the policies on joker decks, replay, observations, bad input."""
from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any

import engine_model as model
import numpy as np
import pytest
from interrupts import cpu_seconds, pressing_ctrl_c

import ofc_fast as ofc
from ofc_fast import partial, reference
from ofc_fast.play.dealing import deal
from ofc_fast.play.game import Game


def joker_rules(jokers: int = 2, base: ofc.Rules = ofc.PINEAPPLE, **fields: object) -> ofc.Rules:
    return dataclasses.replace(base, name=f"{base.name}_j{jokers}", jokers=jokers, **fields)


#: every joker_pool x joker_resolution, five of a kind both ways under "duplicates"
CONVENTIONS = [dict(joker_pool=p, joker_resolution=res) for p in ("any", "not_on_board", "unseen")
               for res in ("board", "row")] + [
    dict(joker_pool="duplicates", joker_resolution="board", five_of_a_kind="above_straight_flush"),
    dict(joker_pool="duplicates", joker_resolution="row", five_of_a_kind="below_royal"),
    dict(joker_pool="any", joker_resolution="board", natural_beats_wild=True),
]


@pytest.mark.parametrize("jokers", [1, 2])
@pytest.mark.parametrize("preset", ["pineapple", "original", "progressive"])
def test_deal_is_the_model_stream(jokers: int, preset: str) -> None:
    """A deck of 52 + jokers cards shuffled by the documented stream (tests/engine_model.py
    with the longer deck), bit for bit, every table size and street."""
    r = joker_rules(jokers, ofc.PRESETS[preset])
    for players in range(r.min_players, r.max_players + 1):
        for street in (None, 0, r.rounds):
            k = 13 if street is None else r.first_round + street * r.round_cards
            d = deal(8, r, players, seed=2**63 + 11, street=street, start=500)
            for i in range(8):
                assert d[i].tolist() == model.deal_cards(2**63 + 11, 500 + i, players, k, r)


def test_deal_each_card_once_and_joker_frequency() -> None:
    """No card twice in a deal; each joker is dealt as often as any card (39 of 54 cards
    for three Pineapple-sized boards: 13/18 of the deals), within 5 standard errors."""
    r = joker_rules(2)
    n = 40000
    d = deal(n, r, 3, seed=3).reshape(n, -1)
    assert d.max() == 53
    s = np.sort(d, axis=1)
    assert (s[:, 1:] != s[:, :-1]).all()
    p = 39 / 54
    for code in (52, 53, 0, 51):
        rate = (d == code).any(axis=1).mean()
        assert abs(rate - p) < 5 * (p * (1 - p) / n) ** 0.5, (code, rate)
    one = deal(n, joker_rules(1), 3, seed=3).reshape(n, -1)
    assert one.max() == 52
    assert abs((one == 52).any(axis=1).mean() - 39 / 53) < 5 * ((39 / 53) * (14 / 53) / n) ** 0.5


def test_deal_without_jokers_unchanged() -> None:
    """jokers=0 is the deck of every earlier release (the same seed, the same cards)."""
    r = ofc.PINEAPPLE
    assert (deal(50, joker_rules(0), 3, seed=9) == deal(50, r, 3, seed=9)).all()
    g0, g1 = Game(r, 2, seed=5), Game(joker_rules(0), 2, seed=5)
    g0.play_hand("heuristic"), g1.play_hand("heuristic")
    assert g0.boards.tolist() == g1.boards.tolist() and g0.scores.tolist() == g1.scores.tolist()


def test_deal_workers_and_start_with_jokers() -> None:
    r = joker_rules(2)
    a = deal(300, r, 2, seed=4, workers=1)
    assert (a == deal(300, r, 2, seed=4, workers=3)).all()
    assert (a[100:] == deal(200, r, 2, seed=4, start=100)).all()


def test_game_deals_the_model_hand() -> None:
    """A game without Fantasyland holds the cards deal() gives (the same stream)."""
    r = joker_rules(2)
    g = Game(r, 3, seed=21)
    g.play_hand("random")
    seen = [sorted(g.boards[p].tolist() + g.discards(p).tolist()) for p in range(3)]
    button = g.button
    cards = deal(1, r, 3, seed=21, start=0, street=r.rounds)[0]
    # player 0 of deal() sits left of the button
    for i in range(3):
        assert seen[(button + 1 + i) % 3] == sorted(cards[i].tolist())


def _check_result(g: Game, r: ofc.Rules) -> None:
    """The game's end-of-hand results are the board layer's for its final boards."""
    boards = g.boards
    P = g.players
    all_cards = np.concatenate([boards.reshape(-1)] + [g.discards(p) for p in range(P)])
    assert len(set(all_cards.tolist())) == all_cards.size   # every card dealt at most once
    assert all_cards.max() < r.deck_size
    fl = g.fantasyland
    for p in range(P):
        dead = [int(c) for q in range(P) if q != p for c in boards[q] if c < 52]
        a = ofc.analyze(boards[p], r, in_fantasyland=fl[p] or None, dead=dead or None)
        assert g.royalties[p].tolist() == a.royalties.tolist()
        assert bool(g.fouled[p]) == bool(a.fouled)
        assert int(g.next_fantasyland[p]) == int(a.fantasyland)
    if not any(fl):
        assert g.scores.tolist() == ofc.score(boards, r).tolist()


@pytest.mark.parametrize("conv", CONVENTIONS, ids=lambda c: "-".join(map(str, c.values())))
def test_games_score_as_the_board_layer(conv: dict) -> None:
    """Hands on 53- and 54-card decks, every convention: scores, royalties, fouls and
    Fantasyland are those of analyze / score of the final boards."""
    for jokers in (1, 2):
        r = joker_rules(jokers, **conv)
        g = Game(r, 3, seed=jokers, match=False)
        with_joker = 0
        for h in range(40):
            g.play_hand(["random", "heuristic", "random"][h % 3] if h % 2 else "random")
            with_joker += int((g.boards >= 52).any())
            _check_result(g, r)
            g.next_hand()
        assert with_joker > 20


@pytest.mark.parametrize("base", [ofc.LOW, ofc.ORIGINAL, ofc.PROGRESSIVE], ids=lambda b: b.name)
@pytest.mark.parametrize("policy", ["random", "heuristic", "greedy"])
def test_games_of_other_presets_with_jokers(base: ofc.Rules, policy: str) -> None:
    """Low (2-7), Original and Progressive on a 54-card deck: each policy's hands score
    as analyze / score of their final boards, and against the brute force."""
    r = joker_rules(2, base)
    g = Game(r, 2, seed=5, match=False)
    with_joker = 0
    for _ in range(3 if policy == "greedy" else 20):
        g.play_hand(policy)
        if (g.boards >= 52).any():
            with_joker += 1
            if not any(g.fantasyland):
                m = reference.joker_score_matrix(g.boards.tolist(), r)
                assert g.scores.tolist() == [sum(row) for row in m]
        _check_result(g, r)
        g.next_hand()
    assert with_joker > 0


@pytest.mark.parametrize("conv", CONVENTIONS[:4] + CONVENTIONS[6:], ids=lambda c: "-".join(map(str, c.values())))
def test_games_score_as_the_reference(conv: dict) -> None:
    """Net points against the plain-Python brute-force resolution of every joker
    (reference.joker_score_matrix), on hands that hold a joker."""
    r = joker_rules(2, **conv)
    g = Game(r, 2, seed=77, match=False)
    checked = 0
    while checked < 6:
        g.play_hand("random")
        if (g.boards >= 52).any():
            m = reference.joker_score_matrix(g.boards.tolist(), r)
            assert g.scores.tolist() == [sum(row) for row in m]
            checked += 1
        g.next_hand()


def test_fantasyland_seats_with_jokers() -> None:
    """A seat in Fantasyland on a joker deck (random setting): its stay judged with its
    count, the other seats as usual."""
    r = joker_rules(2, base=ofc.PROGRESSIVE)
    for seed in range(12):
        g = Game(r, 2, seed=seed, fantasyland=[14, 0], match=False)
        g.play_hand("random")
        _check_result(g, r)


@pytest.mark.parametrize("policy", ["random", "heuristic", "greedy"])
def test_policies_play_legal_moves_on_joker_decks(policy: str) -> None:
    """Every policy plays whole hands from a 54-card deck (holding and placing jokers)."""
    r = joker_rules(2)
    g = Game(r, 2, seed=8, match=False)
    hands = 3 if policy == "greedy" else 30
    placed = 0
    for _ in range(hands):
        g.play_hand(policy)
        placed += int((g.boards >= 52).sum())
        _check_result(g, r)
        g.next_hand()
    assert placed > 0


def test_heuristic_uses_jokers_well() -> None:
    """The heuristic knows a joker is wild: on a 54-card deck it fouls no more often and
    earns more royalties than on 52 (jokers only help a player who reads them)."""
    plain = ofc.simulate(ofc.PINEAPPLE, 2, 3000, seed=1, policy="heuristic")
    wild = ofc.simulate(joker_rules(2), 2, 3000, seed=1, policy="heuristic")
    assert wild.foul_rate.mean() <= plain.foul_rate.mean() + 0.02
    assert wild.royalties.mean() > plain.royalties.mean()


def test_replay_and_observation_with_jokers() -> None:
    r = joker_rules(2, joker_pool="unseen", joker_resolution="row")
    g = Game(r, 2, seed=12, match=False)
    obs = g.observation(0)
    assert obs["unseen"].max() == 53 and obs["unseen"].size == 54 - 5
    for _ in range(5):
        g.play_hand("heuristic")
        g.next_hand()
    g.play("random")
    h = Game.replay(g.to_json())
    assert h.rules == r and h.boards.tolist() == g.boards.tolist() and h.points.tolist() == g.points.tolist()
    assert g.action_mask().sum() == len(g.legal_actions())


def test_encode_and_fantasyland_actions_take_jokers() -> None:
    r = joker_rules(2)
    for seed in range(200):
        g = Game(r, 2, seed=seed)
        if (g.held >= 52).any():
            break
    held = g.held
    joker = [int(c) for c in held if c >= 52][0]
    code = g.encode(bottom=[ofc.card_str(joker)], middle=[c for c in held if c != joker][:4])
    g.apply(code)
    assert joker in g.boards.reshape(-1).tolist()


def test_bad_joker_codes() -> None:
    """A joker the deck does not hold is an error naming it, wherever a card is taken."""
    one = joker_rules(1)
    empty = ["-- / -- / --"] * 2
    with pytest.raises(ValueError, match="53"):
        ofc.rollout(["X2 Ah Kd / -- / --", "-- / -- / --"], one, n=10, seed=1)
    with pytest.raises(ValueError, match="53|joker"):
        ofc.rollout(empty, one, n=10, seed=1, dead=[53])
    with pytest.raises(ValueError, match="53|joker"):
        ofc.rollout(empty, one, n=10, seed=1, known=["X2"])
    with pytest.raises(ValueError, match="52|joker"):
        ofc.rollout(empty, ofc.PINEAPPLE, n=10, seed=1, dead=[52])
    with pytest.raises(ValueError, match="53|joker"):
        ofc.evaluate_placements((empty, [53, 0, 1, 2, 3]), one, n=10, seed=1)
    with pytest.raises(ValueError, match="53|joker"):
        ofc.partial.can_avoid_foul([53, 1, 2] + [255] * 10, one)
    with pytest.raises(ValueError, match="52|joker"):
        ofc.partial.can_avoid_foul([52, 1, 2] + [255] * 10, ofc.PINEAPPLE)
    g = Game(one, 2, seed=1)
    with pytest.raises(ValueError, match="53|joker"):
        g.encode(top=[53])


def test_jokers_known_and_dead_in_rollouts() -> None:
    """Known and dead jokers: a known joker is dealt where said, a dead one never."""
    r = joker_rules(2)
    empty = ["-- / -- / --"] * 2
    base = ofc.rollout(empty, r, n=200, seed=3, policy="random", dead=["X1", "X2"])
    plain = ofc.rollout(empty, ofc.PINEAPPLE, n=200, seed=3, policy="random")
    # with both jokers dead the pool is the 52 cards: the same deals as without jokers
    assert base.mean.tolist() == plain.mean.tolist()
    assert base.foul_rate.tolist() == plain.foul_rate.tolist()
    k = ofc.rollout(empty, r, n=200, seed=3, policy="heuristic", known={0: ["X1", "X2"]})
    assert k.n == 200


def _same_rollout(got: Any, want: Any) -> None:
    assert got.sums.tolist() == want.sums.tolist() and got.mean.tolist() == want.mean.tolist()
    assert got.fantasyland_split.tolist() == want.fantasyland_split.tolist()


#: two boards of a Pineapple deal after the first round, each holding a generic joker
XJ_A, XJ_B = "Xj Ah / Kd Qd / 2s", "Xj 2c / 8d 9d / Ts"


def test_generic_jokers_share_the_deck_of_a_rollout() -> None:
    """The boards, dead and known cards of a rollout are one deal: a generic joker takes
    the first joker no other part holds or names (explicit ones first, then the boards in
    seat order, the dead cards, the known ones), as if written out."""
    r = joker_rules(2)

    def roll(boards: list[str], **kw: Any) -> Any:
        return ofc.rollout(boards, r, n=40, seed=4, **kw)

    def named(text: str, joker: str) -> str:
        return text.replace("Xj", joker)

    # Xj on two boards: X1 then X2 (it was 'card X1 is on two boards')
    _same_rollout(roll([XJ_A, XJ_B]), roll([named(XJ_A, "X1"), named(XJ_B, "X2")]))
    # an explicit X1 on a later board keeps it: the earlier Xj is X2
    _same_rollout(roll([XJ_A, named(XJ_B, "X1")]), roll([named(XJ_A, "X2"), named(XJ_B, "X1")]))
    # the dead and known cards after the boards, and their explicit jokers reserved first
    plain = named(XJ_B, "3c")
    _same_rollout(roll([XJ_A, plain], dead="Xj 3h"), roll([named(XJ_A, "X1"), plain], dead="X2 3h"))
    _same_rollout(roll([XJ_A, plain], dead=["3h", "X1"]), roll([named(XJ_A, "X2"), plain], dead="3h X1"))
    _same_rollout(roll([XJ_A, plain], known={1: "Xj"}), roll([named(XJ_A, "X1"), plain], known={1: "X2"}))
    _same_rollout(roll([XJ_A, plain], known=["X1"]), roll([named(XJ_A, "X2"), plain], known=["X1"]))
    bare = [named(XJ_A, "Jc"), plain]
    _same_rollout(roll(bare, dead="Xj", known=["Xj"]), roll(bare, dead="X1", known=["X2"]))
    # card by card too, and the library's reader of a deal's partial boards says the same
    by_card = ["Xj", "Ah", "--", "Kd", "Qd", "--", "--", "--", "2s", "--", "--", "--", "--"]
    _same_rollout(roll([XJ_B, by_card]), roll([named(XJ_B, "X1"), named(XJ_A, "X2")]))
    assert ofc.card_str(partial.partial_boards([XJ_A, XJ_B], 2, deal=True)[:, 0]) == "X1 X2"
    # no joker left: the error names the generic joker and where it is
    with pytest.raises(ValueError, match=r"^player 1, top row: joker 'Xj' in 'Xj 2c': no joker is left: "
                                         r"the rules have 1 \(jokers=1\) and X1 is already there"):
        ofc.rollout([XJ_A, XJ_B], joker_rules(1), n=1, seed=1)
    with pytest.raises(ValueError, match=r"^player 0, top row: joker 'Xj' in 'Xj Ah': no joker is left"):
        ofc.rollout([XJ_A, named(XJ_B, "X1")], joker_rules(1), n=1, seed=1)
    with pytest.raises(ValueError, match=r"^dead cards: joker 'Xj' in 'Xj 3h': no joker is left.*X1 and X2"):
        roll([XJ_A, XJ_B], dead="Xj 3h")
    with pytest.raises(ValueError, match=r"^known\[0\]: joker 'Xj' in 'Xj': no joker is left.*X1 and X2"):
        roll([XJ_A, plain], dead="Xj", known={0: "Xj"})


def test_generic_jokers_share_the_deck_of_a_placement() -> None:
    """evaluate_placements' (boards, held, dead): one deal, one deck for the generic jokers
    (boards, then held, then dead; explicit jokers anywhere first), candidates too."""
    r = joker_rules(2)
    empty = "-- / -- / --"

    def ranked(position: tuple, **kw: Any) -> Any:
        return ofc.evaluate_placements(position, r, n=12, seed=2, **kw)

    def same(got: Any, want: Any) -> None:
        assert got.codes == want.codes and got.mean.tolist() == want.mean.tolist()
        assert got.boards.tolist() == want.boards.tolist()

    x1 = XJ_A.replace("Xj", "X1")
    # a board's Xj is X1: the held Xj is X2 (it was 'held card X1 ... is also on the board')
    same(ranked(([XJ_A, empty], "Xj 3c 4d")), ranked(([x1, empty], "X2 3c 4d")))
    mine = "Jh Ah / Kd Qd / 2s"
    same(ranked(([mine, XJ_B], "Xj 3c 4d")), ranked(([mine, XJ_B.replace("Xj", "X1")], "X2 3c 4d")))
    # an explicit X1 held keeps it: the board's Xj is X2
    same(ranked(([XJ_A, empty], "X1 3c 4d")), ranked(([XJ_A.replace("Xj", "X2"), empty], "X1 3c 4d")))
    # the dead cards after the held ones; an explicit dead X1 reserved first
    first = ([empty, empty], "Xj 3c 4d 5h 6s")
    same(ranked((*first, "Xj")), ranked(([empty, empty], "X1 3c 4d 5h 6s", "X2")))
    same(ranked((*first, "X1")), ranked(([empty, empty], "X2 3c 4d 5h 6s", "X1")))
    # a candidate board's Xj leaves the other boards' jokers alone
    pos = ([mine, XJ_B], "Xj 3c 4d")     # the held Xj is X2
    want = ranked(pos, candidates=["Jh Ah X2 / Kd Qd 3c / 2s"])
    same(ranked(pos, candidates=["Jh Ah Xj / Kd Qd 3c / 2s"]), want)
    assert len(want.codes) == 1
    # no joker left: the error names where
    with pytest.raises(ValueError, match=r"^the cards in hand: joker 'Xj' in 'Xj 3c 4d': no joker is left: "
                                         r"the rules have 1 \(jokers=1\) and X1 is already there"):
        ofc.evaluate_placements(([XJ_A, empty], "Xj 3c 4d"), joker_rules(1), n=1, seed=1)
    with pytest.raises(ValueError, match=r"^dead cards: joker 'Xj' in 'Xj': no joker is left.*X1 and X2"):
        ranked(([XJ_A, empty], "Xj 3c 4d", "Xj"))
    with pytest.raises(ValueError, match=r"^player 1, top row: joker 'Xj' in 'Xj 2c': no joker is left"):
        ranked(([XJ_A, XJ_B], "X2 3c 4d"))


@pytest.mark.parametrize("conv", CONVENTIONS[::2], ids=lambda c: "-".join(map(str, c.values())))
def test_rollout_sums_are_the_games(conv: dict) -> None:
    """A rollout of empty boards is self-play of whole hands: its sums are exactly those of
    the completions replayed through Game-free scoring (score of the final boards)."""
    r = joker_rules(2, **conv)
    res = ofc.rollout(["-- / -- / --"] * 2, r, n=300, seed=5, policy="random")
    again = ofc.rollout(["-- / -- / --"] * 2, r, n=300, seed=5, policy="random", workers=3)
    assert res.mean.tolist() == again.mean.tolist() and res.sums.tolist() == again.sums.tolist()
    assert res.sums[:, 0].sum() == 0


def test_can_avoid_foul_values_with_jokers() -> None:
    """row_values of a complete joker row is its strength under the rules."""
    r = joker_rules(2)
    v = ofc.partial.row_values("Kc Kd X1 / 2c 3c / --", r)
    assert int(v[0]) == int(ofc.strength("Kc Kd X1", rules=r))


def _random_partial(rng: np.random.Generator, jokers: int) -> list[int]:
    """A partial board of a deck with ``jokers`` jokers: each slot empty or not at random."""
    deck = rng.permutation(52 + jokers)[:13]
    return [255 if rng.random() < 0.4 else int(c) for c in deck]


@pytest.mark.parametrize("jokers", [1, 2])
def test_needed_and_complete_rows_with_jokers(jokers: int) -> None:
    """needed / complete_rows under rules dealing jokers take boards holding them, a joker
    counted as a card: against counting the empty slots of each row (a row fills left to
    right, so a gap only moves its cards up)."""
    r = joker_rules(jokers)
    rng = np.random.default_rng(17 + jokers)
    boards = [_random_partial(rng, jokers) for _ in range(400)]
    boards += [[52] + [255] * 12, [255] * 7 + [51 + jokers] + [255] * 5, list(range(52 - 13 + jokers, 52 + jokers))]
    want = [[sum(b[i] == 255 for i in range(lo, hi)) for lo, hi in ((0, 3), (3, 8), (8, 13))] for b in boards]
    assert any(c >= 52 for b in boards for c in b if c != 255)
    arr = np.array(boards, np.uint8)
    assert ofc.partial.needed(arr, r).tolist() == want
    assert ofc.partial.complete_rows(arr, r).tolist() == [[n == 0 for n in w] for w in want]
    assert ofc.partial.needed(arr[:400].reshape(20, 20, 13), r).reshape(-1, 3).tolist() == want[:400]
    # one board as text, and the joker-free default unchanged
    assert ofc.partial.needed("X1 Ah / -- / Kc", r).tolist() == [1, 5, 4]
    assert ofc.partial.complete_rows("Kc Kd X1 / -- / --", r).tolist() == [True, False, False]
    assert ofc.partial.needed("Ah / -- / Kc").tolist() == [2, 5, 4]
    with pytest.raises(ValueError, match="jokers=0"):
        ofc.partial.needed("X1 Ah / -- / Kc")


@pytest.mark.parametrize("pool", ["any", "not_on_board", "unseen"])
def test_row_values_with_jokers_against_substitution(pool: str) -> None:
    """row_values of a complete row holding jokers is the best natural hand over every
    substitution of its jokers by cards not in the row (a row never holds one card
    twice); rows without one, and incomplete rows, as without jokers."""
    r = joker_rules(2, joker_pool=pool)
    rng = np.random.default_rng(len(pool))
    boards = []
    for i in range(16):   # both jokers, or one (odd i), somewhere on the board; now and then a gap
        naturals = [int(c) for c in rng.permutation(52)[:12]]
        b = [int(c) for c in rng.permutation(naturals[:11] + [52, naturals[11] if i % 2 else 53])]
        if i % 4 == 3:
            b[int(rng.integers(0, 13))] = 255
        boards.append(b)
    got = ofc.partial.row_values(np.array(boards, np.uint8), r)
    for b, v in zip(boards, got.tolist()):
        for k, (lo, hi) in enumerate(((0, 3), (3, 8), (8, 13))):
            row = b[lo:hi]
            if 255 in row:
                assert v[k] == 0
                continue
            slots = [i for i, c in enumerate(row) if c >= 52]
            free = [c for c in range(52) if c not in row]
            subs = []
            for cs in itertools.combinations(free, len(slots)):
                x = list(row)
                for i, c in zip(slots, cs):
                    x[i] = c
                subs.append(x)
            assert v[k] == int(ofc.strength(np.array(subs, np.uint8)).max()), (ofc.card_str(row), k)


def _brute_force(board: list[int], pool: list[int], r: ofc.Rules, dead: list[int]) -> bool:
    """Some completion of board with distinct cards of pool is not fouled (analyze)."""
    rows = [(0, 3), (3, 8), (8, 13)]
    empty = [[i for i in range(lo, hi) if board[i] == 255] for lo, hi in rows]
    boards = []
    for top in itertools.combinations(pool, len(empty[0])):
        rest = [c for c in pool if c not in top]
        for mid in itertools.combinations(rest, len(empty[1])):
            rest2 = [c for c in rest if c not in mid]
            for bot in itertools.combinations(rest2, len(empty[2])):
                b = list(board)
                for slots, cs in zip(empty, (top, mid, bot)):
                    for i, c in zip(slots, cs):
                        b[i] = c
                boards.append(b)
    a = ofc.analyze(np.array(boards, np.uint8), r, dead=[c for c in dead if c < 52] or None)
    return bool((~a.fouled).any())


@pytest.mark.parametrize("conv", CONVENTIONS, ids=lambda c: "-".join(map(str, c.values())))
def test_can_avoid_foul_with_jokers_is_exact(conv: dict) -> None:
    """can_avoid_foul on boards and pools holding jokers equals the brute force over every
    completion, each judged by analyze (the board layer's resolution)."""
    r = joker_rules(2, **conv)
    rng = np.random.default_rng(len(str(conv)))
    answers = []
    for _ in range(60):
        deck = rng.permutation(54)
        board = [int(c) for c in deck[:13]]
        k = int(rng.integers(1, 5))
        for _ in range(k):   # empty the last filled slot of a random row
            row = int(rng.integers(0, 3))
            lo, hi = ((0, 3), (3, 8), (8, 13))[row]
            filled = [i for i in range(lo, hi) if board[i] != 255]
            if filled:
                board[filled[-1]] = 255
        # a small pool (the rest dead), always holding a joker when one is off the board
        rest = [int(c) for c in deck[13:]]
        pool = rest[:7]
        if not any(c >= 52 for c in pool + board):
            pool[0] = 52 if 52 in rest else 53
            if pool[0] not in rest:
                continue
        dead = [c for c in rest if c not in pool] + [c for c in deck[:13].tolist() if c not in board]
        if sum(c == 255 for c in board) > len(pool):
            continue
        want = _brute_force(board, pool, r, dead)
        got = bool(ofc.partial.can_avoid_foul(np.array(board, np.uint8), r, dead=dead))
        assert got == want, (ofc.card_str(board), ofc.card_str(pool))
        answers.append(want)
    assert len(set(answers)) == 2   # both answers met


@pytest.mark.parametrize("conv", CONVENTIONS[::2], ids=lambda c: "-".join(map(str, c.values())))
def test_can_avoid_foul_two_jokers_left_for_one_row(conv: dict) -> None:
    """Both jokers in the pool and a five-card row missing two or three cards (the range
    search bounds such a row by the weakest hand its two jokers make): equal to the
    brute force, foul edges included (a middle that must beat its bottom)."""
    r = joker_rules(2, **conv)
    rng = np.random.default_rng(7 + len(str(conv)))
    answers = []
    for _ in range(40):
        naturals = [int(c) for c in rng.permutation(52)]
        board = naturals[:13]
        row = int(rng.integers(1, 3))
        lo, hi = ((0, 3), (3, 8), (8, 13))[row]
        for i in range(hi - int(rng.integers(2, 4)), hi):
            board[i] = 255
        if rng.random() < 0.5:   # and a top slot now and then
            board[2] = 255
        pool = [52, 53] + naturals[13:18]
        dead = naturals[18:] + [c for c in naturals[:13] if c not in board]
        want = _brute_force(board, pool, r, dead)
        got = bool(ofc.partial.can_avoid_foul(np.array(board, np.uint8), r, dead=dead))
        assert got == want, (ofc.card_str(board), ofc.card_str(pool))
        answers.append(want)
    assert len(set(answers)) == 2   # both answers met


def test_fantasyland_hands_with_a_joker_set_by_the_solver() -> None:
    """A greedy or heuristic seat in Fantasyland holding a joker sets its hand with the
    solver that resolves jokers (ofc_solve_fantasyland_jokers): never fouled from 14
    cards here, results as the board layer's."""
    r = joker_rules(2, base=ofc.PROGRESSIVE)
    done = 0
    for seed in range(40):
        g = Game(r, 2, seed=seed, fantasyland=[14, 0], match=False)
        if not (g.held >= 52).any():
            continue
        g.play("greedy" if done % 2 else "heuristic")
        g.play_hand("random")
        assert not g.fouled[0]
        _check_result(g, r)
        done += 1
        if done == 2:
            break
    assert done == 2


@pytest.mark.parametrize("policy", ["random", "heuristic", "lookahead"])
def test_simulate_with_jokers_whatever_the_workers(policy: str) -> None:
    r = joker_rules(2, joker_pool="unseen")
    a = ofc.simulate(r, 3, 600, seed=4, policy=policy, workers=1)
    b = ofc.simulate(r, 3, 600, seed=4, policy=policy, workers=3)
    assert a.sums.tolist() == b.sums.tolist() and a.points_hist.tolist() == b.points_hist.tolist()
    pos = (["Kc X1 / 2c 3c / 9d", "-- / -- / --"], "X2 Ah 7d")
    e1 = ofc.evaluate_placements(pos, joker_rules(2), n=64, seed=2, policy=policy, workers=1)
    e3 = ofc.evaluate_placements(pos, joker_rules(2), n=64, seed=2, policy=policy, workers=3)
    assert e1.codes == e3.codes and e1.mean.tolist() == e3.mean.tolist()


# --- threads, workers, Ctrl-C, memory: the joker kernels ----------------------------------

LATE_JOKERS = ["Qh X1 3d / 5s 6s 7h / Kd Ks 4c", "Ah 3h / 7c X2 9h Tc / Ac Ad 4d"]
OPEN_JOKERS = (["-- / -- / --"] * 2, "X1 Ad 7c 8c 9c")


def _joker_kernels() -> dict[str, Callable[[int], Any]]:
    """name -> a call of a kernel that deals, plays or searches with jokers (taking workers)."""
    r = joker_rules(2, joker_pool="unseen")
    empty = ["-- / -- / --"] * 2
    rng = np.random.default_rng(23)
    boards = np.array([_random_partial(rng, 2) for _ in range(300)], np.uint8)
    some = ofc.evaluate_placements(OPEN_JOKERS, r, n=1, seed=2, policy="random").codes[::29]
    return {
        "deal": lambda w: deal(5000, r, 3, seed=2, workers=w),
        "rollout-random": lambda w: ofc.rollout(empty, r, n=3000, seed=2, policy="random", workers=w).sums,
        "rollout-heuristic": lambda w: ofc.rollout(LATE_JOKERS, r, n=600, seed=2, workers=w).sums,
        "rollout-greedy": lambda w: ofc.rollout(LATE_JOKERS, r, n=40, seed=2, policy="greedy", workers=w).sums,
        "rollout-lookahead": lambda w: ofc.rollout(LATE_JOKERS, r, n=200, seed=2, policy="lookahead",
                                                   workers=w).sums,
        "simulate-greedy": lambda w: ofc.simulate(r, 2, 24, seed=2, policy="greedy", workers=w).sums,
        "placements-greedy": lambda w: ofc.evaluate_placements(OPEN_JOKERS, r, n=4, seed=2, policy="greedy",
                                                               workers=w, candidates=some).mean,
        "can_avoid_foul": lambda w: ofc.partial.can_avoid_foul(boards, r, workers=w),
    }


@pytest.mark.parametrize("name", list(_joker_kernels()))
def test_joker_kernels_whatever_the_workers_and_threads(name: str) -> None:
    """Each joker kernel gives the same result on 1 worker, on 3, and from 4 Python
    threads calling it at once (2 workers each)."""
    from concurrent.futures import ThreadPoolExecutor
    call = _joker_kernels()[name]
    want = np.asarray(call(1))
    assert np.array_equal(np.asarray(call(3)), want)
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda _: bool(np.array_equal(np.asarray(call(2)), want)), range(4)))
    assert got == [True] * 4


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("which", ["simulate", "rollout", "simulate-greedy", "rollout-greedy",
                                   "placements-greedy"])
def test_ctrl_c_stops_the_long_joker_paths(which: str, workers: int) -> None:
    """Ctrl-C (interrupt_main) stops a long run on a joker deck between chunks; the next
    call is exact."""
    r = joker_rules(2)
    empty = ["-- / -- / --"] * 2

    def long_run() -> None:   # some 20-40 s of work, so that a missed interrupt fails, not hangs
        if which == "simulate":
            ofc.simulate(r, 2, 2 * 10**7, seed=1, workers=workers)
        elif which == "rollout":
            ofc.rollout(empty, r, n=4 * 10**7, seed=1, policy="random", workers=workers)
        elif which == "simulate-greedy":
            ofc.simulate(r, 2, 5000, seed=1, policy="greedy", workers=workers)
        elif which == "rollout-greedy":
            ofc.rollout(empty, r, n=5000, seed=1, policy="greedy", workers=workers)
        else:
            ofc.evaluate_placements(OPEN_JOKERS, r, n=4096, seed=1, policy="greedy", workers=workers)

    want = ofc.rollout(LATE_JOKERS, r, n=300, seed=2, policy="random").sums
    t0_cpu = cpu_seconds()
    with pressing_ctrl_c(), pytest.raises(KeyboardInterrupt):
        long_run()
    assert cpu_seconds() - t0_cpu < 5
    assert (ofc.rollout(LATE_JOKERS, r, n=300, seed=2, policy="random", workers=workers).sums == want).all()


def test_no_memory_growth_of_the_joker_paths() -> None:
    """Repeated games, self-play, rollouts, placements and searches on joker decks, good
    calls and failing ones: the process does not grow."""
    from rss import rss_growth
    snippet = """
import dataclasses
import ofc_fast as ofc
r = dataclasses.replace(ofc.PINEAPPLE, name="jk2", jokers=2, joker_pool="unseen")
one = dataclasses.replace(ofc.PINEAPPLE, name="jk1", jokers=1)
empty = ["-- / -- / --"] * 2
def work():
    g = ofc.Game(r, 2, seed=1, match=False)
    g.play_hand(["greedy", "heuristic"])
    g.to_json()
    ofc.Game.replay(g.to_json())
    ofc.simulate(r, 3, 2000, seed=1)
    ofc.simulate(r, 2, 4, seed=1, policy="greedy")
    ofc.rollout(["Qh X1 / 5s 6s 7s / Kc Kd", "-- / -- / --"], r, n=2000, seed=1, workers=2, dead=["2c"])
    ofc.rollout(empty, r, n=10, seed=1, policy="greedy", known={1: "X2"})
    ofc.evaluate_placements((empty, "X1 Ad 7c 8c 9c"), r, n=10, seed=1)
    ofc.partial.can_avoid_foul(["X1 Ad / 2c 3d X2 5s / --"] * 50, r, dead=["Ac"])
    ofc.deal(20_000, r, 3, seed=1)
    for bad in (lambda: ofc.rollout(["X2 Ah / -- / --", "-- / -- / --"], one, n=5, seed=1),
                lambda: ofc.evaluate_placements((empty, [53, 0, 1, 2, 3]), one, n=5, seed=1),
                lambda: ofc.Game(one, 2, seed=1).encode(top=[53])):
        try:
            bad()
        except ValueError:
            pass
warm = work
"""
    grew = rss_growth(snippet, 3)
    assert grew < 8 * 2**20, f"RSS grew by {grew / 2**20:.1f} MiB"


@pytest.mark.parametrize("conv", CONVENTIONS, ids=lambda c: "-".join(map(str, c.values())))
def test_can_avoid_foul_middle_with_no_room(conv: dict) -> None:
    """Kh on top, Qc in the middle, a king-high bottom 8c 5h Kd 2s 7d: a middle with a
    king (a joker may be one) is K-Q-.. above the bottom, one without is below the
    top's king, so every completion fouls, jokers or not (this board took seconds
    with two jokers before the middle's strongest value under the bottom bounded it)."""
    board = partial.parse_partial("Kh -- -- / -- -- Qc -- -- / 8c 5h Kd 2s 7d", jokers=2)
    for jokers in (0, 1, 2):
        r = joker_rules(jokers, **conv) if jokers else ofc.PINEAPPLE
        assert not partial.can_avoid_foul(board, rules=r)
    # one card less on top: a 2-3 top fits under a queen-high middle
    board[0] = 255
    assert partial.can_avoid_foul(board, rules=joker_rules(2, **conv))
