"""Static typing check of the WHOLE public API (mypy --strict; not collected by pytest).

    cd <repo> && mypy            # pyproject: files = ["ofc_fast", "tests/typing_check.py"]

Three kinds of line:

* ``assert_type(expr, T)``: the API's annotation gives exactly ``T``.
* ``x: T = expr``: the annotation is compatible with ``T`` (where it is
  ``Any``, because the type depends on the value, e.g. the depth of a nested list).
* ``expr  # type: ignore[code]``: a misuse that the annotations must reject.
  mypy --strict warns about unused ignores, so if the API stops rejecting the
  misuse this file fails.

The functions are never called: this file is for the type checker only.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Literal, assert_type

import numpy as np
import numpy.typing as npt

import ofc_fast as ofc
from ofc_fast import (
    EMPTY,
    LOW,
    LOWBALL_MAX,
    ORIGINAL,
    PINEAPPLE,
    PRESETS,
    PROGRESSIVE,
    RANKS,
    ROWS,
    STAY_CONVENTIONS,
    STRENGTH_MAX,
    SUITS,
    Analysis,
    Board,
    HandCategory,
    Rules,
)

U8 = npt.NDArray[np.uint8]
U16 = npt.NDArray[np.uint16]
I32 = npt.NDArray[np.int32]

BOARD_TEXT = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"
OTHER_TEXT = "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"


def constants() -> None:
    assert_type(ofc.__version__, str)
    assert_type(EMPTY, int)
    assert_type(RANKS, str)
    assert_type(SUITS, str)
    assert_type(STRENGTH_MAX, int)
    assert_type(LOWBALL_MAX, int)
    jokers: tuple[int, int] = ofc.JOKERS
    assert jokers == (52, 53)
    assert_type(ofc.FIVE_OF_A_KIND_MIN, int)
    assert_type(ofc.STRENGTH_FIVE_MAX, int)
    rows: tuple[str, str, str] = ROWS
    assert rows == ("top", "middle", "bottom")
    assert_type(PRESETS, dict[str, Rules])
    conventions: dict[str, tuple[HandCategory | None, HandCategory | None, HandCategory | None]] = STAY_CONVENTIONS
    assert "standard" in conventions
    assert_type(ofc.get_include(), str)
    assert_type(ofc.get_sources(), list[str])


def card_functions() -> None:
    assert_type(ofc.cards("Ah Kd 2c"), U8)
    assert_type(ofc.cards(["Ah", 45, np.uint8(0)]), U8)
    assert_type(ofc.cards(np.array([50, 45], dtype=np.int64), allow_empty=True), U8)
    assert_type(ofc.card("As"), int)
    one_name: str = ofc.card_str(51)
    hand_name: str = ofc.card_str([50, 45, 0])
    row_names: list[str] = ofc.card_str(np.zeros((2, 3), dtype=np.uint8), sep=",")
    # precise per overload: one code or one hand -> str, a batch of hands -> list[str]
    assert_type(ofc.card_str(51), str)
    assert_type(ofc.card_str([50, 45, 0]), str)
    assert_type(ofc.card_str(np.zeros(3, dtype=np.uint8)), str)
    assert_type(ofc.card_str([[50, 45, 0], [1, 2, 3]]), list[str])
    assert_type(ofc.card_str(np.zeros((2, 3), dtype=np.uint8)), list[str])
    assert (one_name, hand_name, row_names) == ("As", "Ah Kd 2c", ["2c,2c,2c", "2c,2c,2c"])
    cactus: npt.NDArray[np.int64] = ofc.to_cactus(ofc.cards("As Kd"))
    assert_type(ofc.from_cactus(cactus), U8)
    assert_type(ofc.from_cactus([268442665]), U8)

    ofc.card(5)  # type: ignore[arg-type]
    ofc.cards("Ah", allow_empty="yes")  # type: ignore[arg-type]


def hand_functions() -> None:
    assert_type(ofc.strength("Ah Kh Qh Jh Th"), int)
    assert_type(ofc.strength("Qh Qd 5c", workers=2), int)
    one: int = ofc.strength([50, 46, 42, 38, 34])
    many: U16 = ofc.strength(np.zeros((0, 5), dtype=np.uint8), workers=-1)
    low_one: int = ofc.lowball27("7c 5d 4h 3s 2c")
    low_many: U16 = ofc.lowball27(np.zeros((0, 5), dtype=np.int32), workers=2)
    # arrays: a known 1-D array is one hand (int); anything else is a batch
    assert_type(ofc.strength(np.zeros(5, dtype=np.uint8)), int)
    assert_type(ofc.strength(np.zeros((4, 5), dtype=np.uint8)), U16)
    batch: npt.NDArray[np.int64] = np.zeros((2, 3, 5), dtype=np.int64)
    assert_type(ofc.strength(batch), U16)
    assert_type(ofc.lowball27(batch), U16)
    assert_type(ofc.lowball27(np.zeros(5, dtype=np.int8)), int)
    assert one == STRENGTH_MAX and low_one == LOWBALL_MAX and many.shape == low_many.shape == (0,)

    cat: HandCategory = ofc.category(one)
    cats: U8 = ofc.category(np.array([one, 1], dtype=np.uint16))
    assert cat is HandCategory.ROYAL_FLUSH and cats.tolist() == [9, 0]
    assert_type(HandCategory.FLUSH.label, str)
    assert_type(HandCategory(3), HandCategory)
    assert_type(int(HandCategory.PAIR), int)

    name: str = ofc.describe(one)
    name_text: str = ofc.describe("Ah 2d 3c 4s 5h")
    names: list[str] = ofc.describe(np.array([one, 1]))
    assert name == "Royal flush" and name_text.startswith("Straight") and len(names) == 2
    rank: int = ofc.to_cactus_rank(one)
    ranks: npt.NDArray[np.uint16] = ofc.to_cactus_rank(np.array([one]))
    assert rank == 1 and ranks.tolist() == [1]

    ofc.strength("Ah Kh Qh", workers="2")  # type: ignore[call-overload]
    ofc.lowball27("7c 5d 4h 3s 2c", 2)  # type: ignore[call-overload]


def rules_objects() -> None:
    assert_type(ofc.get_rules("pineapple"), Rules)
    assert_type(ofc.get_rules(PROGRESSIVE), Rules)
    for r in (ORIGINAL, PINEAPPLE, PROGRESSIVE, LOW):
        assert_type(r, Rules)
    assert_type(PINEAPPLE.name, str)
    assert_type(PINEAPPLE.low, bool)
    assert_type(PINEAPPLE.top_pair, tuple[int, ...])
    assert_type(PINEAPPLE.top_trips, tuple[int, ...])
    assert_type(PINEAPPLE.middle, tuple[int, ...])
    assert_type(PINEAPPLE.bottom, tuple[int, ...])
    assert_type(PINEAPPLE.low_middle, tuple[int, ...])
    assert_type(PINEAPPLE.low_nuts, int)
    assert_type(PINEAPPLE.scoop_bonus, int)
    assert_type(PINEAPPLE.fl_top_pair, tuple[int, ...])
    assert_type(PINEAPPLE.fl_top_trips, tuple[int, ...])
    assert_type(PINEAPPLE.fl_low_nuts, int)
    assert_type(PINEAPPLE.fl_low_both, int)
    assert_type(PINEAPPLE.fl_low_mode, Literal["either", "both"])
    assert_type(PINEAPPLE.stay_cards, int)
    assert_type(PINEAPPLE.stay_top, HandCategory | None)
    assert_type(PINEAPPLE.stay_middle, HandCategory | None)
    assert_type(PINEAPPLE.stay_bottom, HandCategory | None)
    assert_type(PINEAPPLE.min_players, int)
    assert_type(PINEAPPLE.max_players, int)
    assert_type(PINEAPPLE.first_round, int)
    assert_type(PINEAPPLE.rounds, int)
    assert_type(PINEAPPLE.round_cards, int)
    assert_type(PINEAPPLE.round_play, int)
    assert_type(PINEAPPLE.match_points, int)
    assert_type(PINEAPPLE.cards_dealt, int)
    assert_type(PINEAPPLE.stay_conditions, tuple[HandCategory | None, HandCategory | None, HandCategory | None])
    assert_type(PINEAPPLE.with_stay("quads_middle"), Rules)
    assert_type(PINEAPPLE.check_players(2), None)
    house = dataclasses.replace(PINEAPPLE, name="house", scoop_bonus=6, fl_low_mode="either")
    assert_type(house, Rules)
    custom = Rules(name="custom", stay_top=HandCategory.THREE_OF_A_KIND, stay_middle=None)
    assert custom.stay_middle is None and house.scoop_bonus == 6
    tables = PINEAPPLE.tables            # the C kernel's view: opaque to users
    assert tables is PINEAPPLE.tables

    ofc.get_rules(5)  # type: ignore[arg-type]
    PINEAPPLE.scoop_bonus = 5  # type: ignore[misc]
    Rules(name="x", fl_low_mode="sometimes")  # type: ignore[arg-type]
    Rules(name="x", stay_top=3.5)  # type: ignore[arg-type]
    PINEAPPLE.with_stay(None)  # type: ignore[arg-type]

    # house rules (docs/VARIANTS.md)
    assert_type(ofc.HOUSE_RULES, dict[str, Rules])
    keep = ofc.HOUSE_RULES["progressive_keep"]
    assert_type(keep.top_high, tuple[int, ...])
    assert_type(keep.stay_mode, Literal["conditions", "entry", "tier"])
    assert_type(keep.stay_cards_mode, Literal["fixed", "current"])
    assert_type(keep.stay_cards_for(16), int)
    assert_type(keep.stay_cards_for(True), int)
    assert_type(keep.can_stay, bool)
    assert_type(Board.parse(BOARD_TEXT).fantasyland(keep, in_fantasyland=16), int)
    Rules(name="x", stay_mode="always")  # type: ignore[arg-type]
    Rules(name="x", stay_cards_mode="upgrade")  # type: ignore[arg-type]
    keep.stay_cards_for("16")  # type: ignore[arg-type]


def boards_and_deals() -> None:
    assert_type(ofc.parse_boards(BOARD_TEXT), U8)
    b = Board.parse(BOARD_TEXT)
    assert_type(b, Board)
    assert_type(Board(ofc.parse_boards(BOARD_TEXT)), Board)
    assert_type(Board("Qh Qd 2c", "5s 6s 7s 8s 9d", "Kc Kd Kh Ks 2d"), Board)
    assert_type(b.codes, U8)
    assert_type(b.top, U8)
    assert_type(b.middle, U8)
    assert_type(b.bottom, U8)
    assert_type(str(b), str)
    assert_type(repr(b), str)
    assert_type(b == Board.parse(BOARD_TEXT), bool)
    assert_type(hash(b), int)
    assert_type(b.analyze(), Analysis)
    assert_type(b.analyze(LOW, in_fantasyland=True), Analysis)
    assert_type(b.strength(), tuple[int, int, int])
    assert_type(b.royalties("progressive"), tuple[int, int, int])
    assert_type(b.fouled(PINEAPPLE), bool)
    assert_type(b.fantasyland(PROGRESSIVE, in_fantasyland=False), int)
    assert_type(b.stays(), bool)
    assert_type(b.describe(), tuple[str, str, str])

    boards = np.stack([ofc.parse_boards(BOARD_TEXT), ofc.parse_boards(OTHER_TEXT)])
    a = ofc.analyze(boards, PROGRESSIVE, in_fantasyland=[False, True], workers=2)
    assert_type(a, Analysis)
    assert_type(a.fouled, npt.NDArray[np.bool_])
    assert_type(a.strength, npt.NDArray[np.uint16])
    assert_type(a.royalties, npt.NDArray[np.int16])
    assert_type(a.fantasyland, npt.NDArray[np.uint8])
    assert_type(a.stays, npt.NDArray[np.bool_])
    fouled, strength, royalties, fantasyland, stays = a          # a NamedTuple unpacks
    assert fouled.shape == stays.shape == fantasyland.shape == (2,) and strength.shape == royalties.shape
    assert_type(ofc.analyze([BOARD_TEXT, OTHER_TEXT], "low"), Analysis)
    assert_type(ofc.analyze(b), Analysis)

    assert_type(ofc.score(boards, PINEAPPLE), I32)
    assert_type(ofc.score([BOARD_TEXT, OTHER_TEXT], "pineapple", workers=-1), I32)
    assert_type(ofc.score_matrix(boards[None], ORIGINAL), I32)
    net = ofc.score(boards)
    matrix = ofc.score_matrix(boards)
    assert net.tolist() == [int(row.sum()) for row in matrix]

    result = ofc.play_match(np.array([[30, -30], [80, -80]]), PINEAPPLE, start=[100, 100])
    assert_type(result, ofc.MatchResult)
    assert_type(result.points, npt.NDArray[np.int64])
    assert_type(result.losers, npt.NDArray[np.bool_])
    assert result.points.tolist() == [210, -10] and result.hands_played == 2
    ofc.play_match(net, rules=5)  # type: ignore[arg-type]

    ofc.analyze(boards, 5)  # type: ignore[arg-type]
    ofc.score(boards, workers=None)  # type: ignore[arg-type]
    ofc.score_matrix(boards, rules=None)  # type: ignore[arg-type]
    Board.parse(b"Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")  # type: ignore[arg-type]
    ofc.parse_boards(None)  # type: ignore[arg-type]
    b.fouled(3)  # type: ignore[arg-type]


def one_hand_subsets_rows_details() -> None:
    """ranks, strength_table, best_hand, subset_strengths, partial rows, royalty, details, compat."""
    assert_type(ofc.ranks(7917), tuple[int, ...])
    assert_type(ofc.ranks(np.array([1, 2])), npt.NDArray[np.int8])
    table = ofc.strength_table()
    assert_type(table, npt.NDArray[np.void])
    assert table.dtype == ofc.STRENGTH_TABLE_DTYPE
    best = ofc.best_hand("Ah Kd Qc Js Th 9h 2c")
    assert_type(best, ofc.BestHand)
    s: int = best.strength
    cards5: npt.NDArray[np.uint8] = best.cards
    assert_type(ofc.subset_strengths(np.zeros((2, 7), np.uint8), 3, workers=2), npt.NDArray[np.uint16])
    assert_type(ofc.partial_strength("Ah Ad"), int)
    assert_type(ofc.partial_strength([50, 51]), int)
    many: npt.NDArray[np.uint16] = ofc.partial_strength(np.zeros((2, 5), np.uint8))
    assert_type(ofc.royalty("Qh Qd 5c", "top", PINEAPPLE), int)
    pts: npt.NDArray[np.int32] = ofc.royalty(np.zeros((2, 5), np.uint8), "middle", "low")
    details = ofc.score_details([BOARD_TEXT, OTHER_TEXT], "pineapple")
    assert_type(details, ofc.ScoreDetails)
    assert_type(details.total, npt.NDArray[np.int32])
    assert_type(details.rows, npt.NDArray[np.int8])
    assert_type(ofc.find_duplicates(np.zeros((3, 13), np.uint8)), npt.NDArray[np.intp])
    ev = ofc.compat.Evaluator()
    assert_type(ev.evaluate([1], [2]), int)
    assert_type(ev.evaluate_row([1, 2, 3]), int)
    assert_type(ev.get_rank_class(1), int)
    assert_type(ev.class_to_string(0), str)
    assert_type(ev.get_five_card_rank_percentage(1), float)
    assert_type(ofc.compat.evaluate_cards(0, 1, 2, 3, 4), int)
    assert_type(ofc.compat.to_treys("Ah"), list[int])
    assert_type(ofc.compat.from_treys([1]), npt.NDArray[np.uint8])
    assert_type(ofc.compat.from_eval7([]), npt.NDArray[np.uint8])
    assert_type(ofc.compat.from_pokerkit([]), npt.NDArray[np.uint8])
    assert s and cards5.size and many.size and pts.size
    ofc.best_hand("Ah Kd Qc Js Th", workers="2")  # type: ignore[arg-type]
    ofc.royalty("Qh Qd 5c", 1)  # type: ignore[call-overload]
    ofc.score_details([BOARD_TEXT, OTHER_TEXT], rules=5)  # type: ignore[arg-type]
    ev.evaluate_row("Ah Kd")  # type: ignore[arg-type]


def play_in_progress() -> None:
    """Partial boards, dealing, the engine, Monte Carlo, self-play (never called)."""
    from ofc_fast import partial
    from ofc_fast.sim.rollout import Placements, RolloutResult, merge
    from ofc_fast.sim.selfplay import SimulationResult, merge_simulations, simulate

    assert_type(partial.needed("Ah / -- / --"), npt.NDArray[np.int8])
    assert_type(partial.complete_rows("Ah / -- / --"), npt.NDArray[np.bool_])
    assert_type(partial.needed("X1 / -- / --", "pineapple"), npt.NDArray[np.int8])
    assert_type(partial.complete_rows("X1 / -- / --", PINEAPPLE), npt.NDArray[np.bool_])
    assert_type(partial.row_values("Ah / -- / --", PINEAPPLE), npt.NDArray[np.uint16])
    assert_type(partial.can_avoid_foul("Ah / -- / --", dead=["Kd"]), npt.NDArray[np.bool_])
    assert_type(partial.parse_partial("Ah / -- / --"), npt.NDArray[np.uint8])
    partial.parse_partial(5)  # type: ignore[arg-type]

    assert_type(ofc.deal(10, PINEAPPLE, 2, seed=1), npt.NDArray[np.uint8])
    ofc.deal(10, PINEAPPLE, 2)  # type: ignore[call-arg]

    g = ofc.Game("pineapple", 2, seed=1)
    assert_type(g.legal_actions(), list[int])
    assert_type(g.action_mask(), npt.NDArray[np.bool_])
    assert_type(g.turn, int | None)
    assert_type(g.done, bool)
    assert_type(g.boards, npt.NDArray[np.uint8])
    g.apply(g.legal_actions()[0])
    g.play("random")
    g.play(lambda game: game.legal_actions()[0])
    pol = ofc.Policy("heuristic", foul=25.0)
    assert_type(pol.params, dict[str, float])
    assert_type(pol.name, str)
    g.play(pol)
    assert_type(ofc.POLICIES["heuristic"], int)
    assert_type(ofc.POLICY_PARAMS["heuristic"], dict[str, float])
    assert_type(g.scores, npt.NDArray[np.int32])
    assert_type(g.to_json(), str)
    assert_type(ofc.Game.replay(g.to_json()), ofc.Game)
    ofc.Game("pineapple", 2)  # type: ignore[call-arg]
    assert_type(g.choose("heuristic"), int | npt.NDArray[np.uint8])
    g.choose(lambda game: 0)  # type: ignore[arg-type]
    assert_type(g.determinize(0, seed=1, fantasyland_policy=pol), ofc.Game)
    assert_type(g.observation(0), dict[str, Any])
    assert_type(str(g), str)

    r = ofc.rollout(["Ah / -- / --"], n=10, seed=1)
    assert_type(r, RolloutResult)
    assert_type(r.mean, npt.NDArray[np.float64])
    assert_type(merge([r, r]), RolloutResult)
    assert_type(r.policy, str)
    assert_type(ofc.rollout(["Ah / -- / --"], n=10, seed=1, policy=pol).policy, str)
    p = ofc.evaluate_placements((["--/--/--"] * 2, "Ah Ad 2c 3c 4c"), n=10, seed=1)
    assert_type(p, Placements)
    assert_type(p.codes, list[int])
    s = simulate("pineapple", 2, 100, seed=1)
    assert_type(s, SimulationResult)
    assert_type(merge_simulations([s]), SimulationResult)
    assert_type(s.ci95, npt.NDArray[np.float64])
    # the search API (issue 19)
    p2 = ofc.evaluate_placements((["--/--/--"] * 2, "Ah Ad 2c 3c 4c"), n=10, seed=1, candidates=[10],
                                 fantasyland_value={14: 17.5}, known={1: "Ks"})
    assert_type(p2.seat_mean, npt.NDArray[np.float64] | None)
    r2 = ofc.rollout(["--/--/--"] * 2, n=10, seed=1, policy=lambda st: st.builtin("random"), known="Ks")
    assert_type(r2.fantasyland_value, dict[int, int | float] | None)
    est = ofc.estimate_fantasyland_value("pineapple", "greedy", seed=1)
    assert_type(est, ofc.FantasylandValueEstimate)
    # the best move in one call (issue 29)
    bm = ofc.best_move((["--/--/--"] * 2, "Ah Ad 2c 3c 4c"), budget=50, seed=1, seconds=1.0, workers=2,
                       progress=lambda k: None)
    assert_type(bm, ofc.BestMove)
    assert_type(bm.codes, list[int])
    assert_type(bm.exact, npt.NDArray[np.bool_])
    ofc.best_move((["--/--/--"] * 2, "Ah Ad 2c 3c 4c"), seed=1, policy=lambda st: 0)  # type: ignore[arg-type]
    assert_type(est.value, dict[int, float])
    # a review of played hands (issue 30)
    rv = ofc.review("hands.ofc", budget=50, seed=1, workers=2)
    assert_type(rv, ofc.Review)
    assert_type(rv.decisions[0], ofc.Decision)
    assert_type(rv.losses, npt.NDArray[np.float64])
    assert_type(rv.players["p1"].ci95, tuple[float, float])
    assert_type(rv + rv, ofc.Review)


def fantasyland_solver() -> None:
    one = ofc.solve_fantasyland("As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd", PROGRESSIVE,
                                stay_value={14: 20.0})
    assert_type(one, ofc.FantasylandResult)
    assert_type(one.board, Board)
    assert_type(one.discards, U8)
    assert_type(one.royalties, tuple[int, int, int])
    assert_type(one.stays, bool)
    assert_type(one.fouled, bool)
    assert_type(one.value, float)
    many = ofc.solve_fantasyland(np.zeros((2, 14), np.uint8), "low", stay_value=15, workers=-1)
    assert_type(many, ofc.FantasylandResult | ofc.FantasylandArrays)
    if isinstance(many, ofc.FantasylandArrays):
        assert_type(many.board, U8)
        assert_type(many.royalties, npt.NDArray[np.int16])
        assert_type(many.value, npt.NDArray[np.float64])
        assert_type(many.stays, npt.NDArray[np.bool_])
    ofc.solve_fantasyland("As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd", rules=5)  # type: ignore[call-overload]
    ofc.solve_fantasyland("As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd", stay_value="x")  # type: ignore[call-overload]


def rl_layer() -> None:
    """The rl layer: VecEnv, the Fantasyland card-by-card wrapper (never called)."""
    from ofc_fast.rl import VecEnv
    from ofc_fast.rl.fantasyland import CardByCard, make_env
    env = VecEnv("pineapple", 2, num_envs=4, fantasyland="agent", fantasyland_start=0.5)
    obs, info = env.reset(seed=1)
    assert_type(obs, dict[str, npt.NDArray[Any]])
    assert_type(env.action_masks(), npt.NDArray[np.bool_])
    _, reward, terminated, _, _ = env.step(env.action_masks().argmax(1))
    assert_type(reward, npt.NDArray[np.float32])
    assert_type(terminated, npt.NDArray[np.bool_])
    assert_type(env.deck_size, int)
    assert_type(CardByCard(env).num_actions, int)
    assert_type(make_env("pineapple", 2, 4), VecEnv | CardByCard)
    VecEnv("pineapple", 2, num_envs="4")  # type: ignore[arg-type]


def ofcenv_json() -> None:
    """The ofcenv site JSON: write_ofcenv_json, read_ofcenv_json (never called)."""
    g = ofc.Game("pineapple", 2, seed=1)
    assert_type(ofc.write_ofcenv_json([g]), str)
    assert_type(ofc.write_ofcenv_json([g], "hands.json", hero=1, names=["a", "b"]), None)
    for rec in ofc.read_ofcenv_json("hands.json", button="ofcenv", rules="pineapple"):
        assert_type(rec, ofc.HandRecord)
    ofc.read_ofcenv_json("hands.json", button="hero")  # type: ignore[arg-type]
    ofc.write_ofcenv_json([g], hero="0")  # type: ignore[call-overload]


def histories() -> None:
    """The hand histories: write_histories, read_histories, records_from_json (never called)."""
    g = ofc.Game("pineapple", 2, seed=1)
    assert_type(ofc.write_histories([g]), str)
    assert_type(ofc.write_histories([g], "hands.ofc"), None)
    recs = ofc.read_histories("hands.ofc", check=False)
    for rec in recs:
        assert_type(rec, ofc.HandRecord)
        assert_type(rec.scores, tuple[int, ...])
        assert_type(ofc.Game.replay(rec), ofc.Game)
    assert_type(ofc.records_from_json(g.to_json()), list[ofc.HandRecord])
    assert_type(issubclass(ofc.HistoryError, ValueError), bool)
    ofc.read_histories(3)  # type: ignore[arg-type]
    ofc.read_histories("hands.ofc", check="yes")  # type: ignore[arg-type]
