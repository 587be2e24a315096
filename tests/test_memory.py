"""Memory: no growth, no leaked references, inputs untouched, outputs owned.

* ~2000 repeated calls of every entry point (good ones and failing ones),
  after a warm-up, do not grow traced memory (tracemalloc) nor the resident
  set (RSS, for memory the C side allocates), nor the number of objects the
  garbage collector tracks.
* The reference counts of the inputs, of the rules objects and of their
  tables are the same after the calls as before.
* No function modifies its inputs (arrays: bytes and flags; lists, Rules and
  Boards: equal copies and hashes).
* Outputs own their memory: they share none with the input, are writable,
  and writing into one does not change what a later call returns.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import gc
import json
import pickle
import sys
import tracemalloc
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from rss import rss_growth

import ofc_fast as ofc

# ----------------------------------------------------------------- inputs


def _cards(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


B1_TEXT = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"
B2_TEXT = "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"
HANDS5 = _cards(2000, 5, 1)
HANDS3 = _cards(2000, 3, 2)
BOARDS = _cards(1000, 13, 3)
DEALS = _cards(500, 39, 4).reshape(-1, 3, 13)
STRENGTHS = ofc.strength(HANDS5)
CACTUS = ofc.to_cactus(HANDS5)


def _bad(arr: np.ndarray, value: int = 52, dtype: Any = None) -> np.ndarray:
    out = arr.astype(dtype or arr.dtype)
    out.reshape(out.shape[0], -1)[-1, -1] = value
    return out


BAD_HANDS = _bad(HANDS5)
BAD_HANDS64 = _bad(HANDS5, 77, np.int64)
DUP_HANDS = HANDS5.copy()
DUP_HANDS[-1, 4] = DUP_HANDS[-1, 0]
BAD_BOARDS = _bad(BOARDS)
BAD_DEALS = DEALS.copy()
BAD_DEALS[-1, 2, 12] = BAD_DEALS[-1, 0, 0]
HOUSE = ofc.PINEAPPLE.with_stay("quads_middle")
HANDS7 = _cards(500, 7, 5)
HAND7 = HANDS7[0].tolist()
HAND13 = BOARDS[1].tolist()
TREYS7 = ofc.to_cactus(HANDS7[1]).tolist()


# name -> (call, arguments that must not be modified nor leaked)
GOOD: dict[str, tuple[Callable[[], Any], tuple[Any, ...]]] = {
    "strength": (lambda: ofc.strength(HANDS5), (HANDS5,)),
    "strength3": (lambda: ofc.strength(HANDS3, workers=2), (HANDS3,)),
    "strength-one-list": (lambda: ofc.strength([50, 46, 42, 38, 34]), ()),
    "strength-text": (lambda: ofc.strength("Ah Kh Qh Jh Th"), ()),
    "lowball27": (lambda: ofc.lowball27(HANDS5, workers=2), (HANDS5,)),
    "category": (lambda: ofc.category(STRENGTHS), (STRENGTHS,)),
    "describe": (lambda: ofc.describe(STRENGTHS[:50]), (STRENGTHS,)),
    "to_cactus_rank": (lambda: ofc.to_cactus_rank(STRENGTHS), (STRENGTHS,)),
    "cards": (lambda: ofc.cards("Ah Kd 2c 10h"), ()),
    "cards-array": (lambda: ofc.cards(HANDS5), (HANDS5,)),
    "card": (lambda: ofc.card("As"), ()),
    "card_str": (lambda: ofc.card_str(HANDS5[:50]), (HANDS5,)),
    "to_cactus": (lambda: ofc.to_cactus(HANDS5), (HANDS5,)),
    "from_cactus": (lambda: ofc.from_cactus(CACTUS[:200]), (CACTUS,)),
    "parse_boards": (lambda: ofc.parse_boards(B1_TEXT), ()),
    "Board": (lambda: ofc.Board.parse(B1_TEXT).royalties(HOUSE), (HOUSE,)),
    "analyze": (lambda: ofc.analyze(BOARDS, ofc.PROGRESSIVE), (BOARDS, ofc.PROGRESSIVE)),
    "analyze-infl": (lambda: ofc.analyze(BOARDS, ofc.LOW, in_fantasyland=True, workers=2), (BOARDS, ofc.LOW)),
    "score": (lambda: ofc.score(DEALS, HOUSE), (DEALS, HOUSE)),
    "score_matrix": (lambda: ofc.score_matrix(DEALS, "original", workers=2), (DEALS, ofc.ORIGINAL)),
    "get_rules": (lambda: ofc.get_rules("low"), (ofc.LOW,)),
    # one hand / one board at a time, subsets, rows, details, compat (issue 10)
    "strength-one-tuple-array": (lambda: (ofc.strength(tuple(HAND7[:5])), ofc.strength(HANDS5[3])), (HANDS5,)),
    "scalars": (lambda: (ofc.category(7000), ofc.to_cactus_rank(7000), ofc.describe(7000), ofc.ranks(7000)), ()),
    "analyze-one": (lambda: (ofc.analyze(B1_TEXT, HOUSE), ofc.analyze(BOARDS[0], ofc.LOW, in_fantasyland=True)),
                    (BOARDS, HOUSE, ofc.LOW)),
    "score-one": (lambda: ofc.score_matrix([B1_TEXT, B2_TEXT], HOUSE), (HOUSE,)),
    "Board-values": (lambda: ofc.Board(HAND13).fantasyland(HOUSE, True), (HAND13, HOUSE)),
    "Board.draw": (lambda: (ofc.Board.parse(B1_TEXT).draw("svg", HOUSE), ofc.Board.parse(B1_TEXT).draw()), (HOUSE,)),
    "best_hand": (lambda: (ofc.best_hand(HAND7), ofc.best_hand(HANDS7, 3, workers=2)), (HAND7, HANDS7)),
    "subset_strengths": (lambda: ofc.subset_strengths(HANDS7, 5), (HANDS7,)),
    "partial_strength": (lambda: ofc.partial_strength(np.where(HANDS5 > 40, 255, HANDS5)), (HANDS5,)),
    "royalty": (lambda: ofc.royalty(HANDS5, "middle", ofc.LOW), (HANDS5, ofc.LOW)),
    "score_details": (lambda: ofc.score_details(DEALS[:50], HOUSE), (DEALS, HOUSE)),
    "find_duplicates": (lambda: ofc.find_duplicates(BOARDS), (BOARDS,)),
    "compat": (lambda: (ofc.compat.Evaluator().evaluate(TREYS7[:2], TREYS7[2:]),
                        ofc.compat.evaluate_cards(*HAND7), ofc.from_cactus(TREYS7)), (HAND7, TREYS7)),
}


# jokers (issue 17): the joker batch paths, good and bad
JK = dataclasses.replace(ofc.PINEAPPLE, name="memory-jokers", jokers=2)
JK_LOW = dataclasses.replace(ofc.LOW, name="memory-jokers-low", jokers=2, joker_pool="not_on_board")
JK_BOARDS = BOARDS.copy()
JK_BOARDS[:, 0], JK_BOARDS[::2, 7] = 52, 53
JK_DEALS = DEALS.copy()
JK_DEALS[:, 0, 0], JK_DEALS[:, 1, 5] = 52, 53
JK_HANDS7 = HANDS7.copy()
JK_HANDS7[:, 0] = 52
JK_HANDS5 = HANDS5.copy()
JK_HANDS5[:, 2] = 52
GOOD["jokers-analyze-score"] = (lambda: (ofc.analyze(JK_BOARDS, JK, workers=2), ofc.analyze(JK_BOARDS, JK_LOW),
                                         ofc.score(JK_DEALS, JK), ofc.score_details(JK_DEALS[:50], JK)),
                                (JK_BOARDS, JK_DEALS, JK))
GOOD["jokers-hands"] = (lambda: (ofc.strength(JK_HANDS5, rules=JK, workers=2), ofc.lowball27(JK_HANDS5, rules=JK),
                                 ofc.best_hand(JK_HANDS7, 3, rules=JK), ofc.subset_strengths(JK_HANDS7, 5, rules=JK),
                                 ofc.partial_strength(np.where(JK_HANDS5 > 40, 255, JK_HANDS5), rules=JK),
                                 ofc.royalty(JK_HANDS5, "bottom", JK)), (JK_HANDS5, JK_HANDS7, JK))


def _game_copies() -> Any:
    g = ofc.Game("pineapple", 2, seed=1, match=False)
    g.play("random")
    c = g.clone()
    c.play_hand("random")
    return c, copy.deepcopy(g), pickle.loads(pickle.dumps(g))


GOOD["Game-clone-copy-pickle"] = (_game_copies, ())


def _over_game() -> ofc.Game:
    g = ofc.Game("pineapple", 2, seed=1)
    g.play_hand("random")
    return g


def _game_glue() -> Any:
    """Issue 29's glue: a policy's move unplayed, a seat's view, determinisation (a hidden
    Fantasyland board set again), the text of a game, a history with a deck."""
    g = ofc.Game("pineapple", 3, seed=2, fantasyland=[0, 14, 0])
    g.play("heuristic")
    out = [g.choose("heuristic"), g.choose("random"), g.observation(0), str(g), repr(g)]
    d = g.determinize(0, seed=3)
    out.append(ofc.Game.replay(d.to_json()))
    d.play_hand("random")
    out += [d, str(d), g.determinize(2, seed=4, fantasyland_policy="random")]
    return out


GOOD["Game-choose-observe-determinize"] = (_game_glue, ())


def _heuristic_with_weights() -> Any:
    p = ofc.Policy("heuristic", foul=25.0)
    g = ofc.Game("pineapple", 2, seed=1)
    g.play_hand(p)
    return g, ofc.rollout(["--/--/--"] * 2, n=50, seed=1, policy=p), ofc.simulate("low", 2, 20, seed=1, policy=p)


GOOD["heuristic-Policy"] = (_heuristic_with_weights, ())


def _lookahead() -> Any:
    p = ofc.Policy("lookahead", fills=4)
    g = ofc.Game("pineapple", 2, seed=1)
    g.play_hand(p)
    return g, ofc.rollout(["--/--/--"] * 2, n=20, seed=1, policy="lookahead"), \
        ofc.simulate("low", 2, 10, seed=1, policy=p)


GOOD["lookahead"] = (_lookahead, ())
GOOD["estimate_fantasyland_value"] = (
    lambda: ofc.estimate_fantasyland_value("pineapple", hands=2, completions=2, normal_hands=200,
                                           iterations=1, seed=1), ())

JOKERS2 = ofc.Rules.from_dict(dict(ofc.PINEAPPLE.to_dict(), name="jk2", jokers=2, joker_pool="unseen"))
JOKERS1 = ofc.Rules.from_dict(dict(ofc.PINEAPPLE.to_dict(), name="jk1", jokers=1))
JOKER_BOARDS = ["Qh X1 / 5s 6s 7s / Kc Kd", "-- / -- / --"]


def _play_with_jokers() -> Any:
    """Game, self-play, rollouts and the foul search on a 54-card deck (issue 17; placements
    and the greedy policy in tests/test_play_jokers.py, whose calls take longer)."""
    g = ofc.Game(JOKERS2, 2, seed=1, match=False)
    g.play_hand("heuristic")
    return (g, ofc.simulate(JOKERS2, 2, 30, seed=1), ofc.rollout(JOKER_BOARDS, JOKERS2, n=10, seed=1, dead=["X2"]),
            ofc.partial.can_avoid_foul(["X1 Ad / 2c 3d X2 5s / --"] * 4, JOKERS2),
            ofc.deal(50, JOKERS1, 3, seed=1))


GOOD["play-jokers"] = (_play_with_jokers, (JOKERS2, JOKERS1))
FL_AGAINST = "3d 3c Kh / 4s 6h 8s 4d 9s / 2s 2c 6d 4c 6s"
GOOD["solve_fantasyland-against"] = (
    lambda: (ofc.solve_fantasyland("As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd", against=FL_AGAINST),
             ofc.solve_fantasyland("As Ks Qs Js X1 9h 9d 9c 2h 2d 5c 6c 7c", JOKERS2,
                                   against=[FL_AGAINST, "Jh Jd X2 / 7h 7d 8h 8d 8c / Ah Ad Ac Kc Kd"])), ())


def _history_game() -> Any:
    g = ofc.Game("progressive", 3, seed=2, fantasyland=[15, 0, 0])
    g.play_hand("heuristic")
    return g


HIST_GAME = _history_game()
HIST_TEXT = ofc.write_histories([HIST_GAME])
REVIEW_RECS = ofc.records_from_json(HIST_GAME.to_json())
HIST_BAD = HIST_TEXT.replace("scores = [", "scores = [1, -1, 0] #")   # scores the boards do not give
GOOD["read_write_histories"] = (lambda: [ofc.Game.replay(r) for r in ofc.read_histories(ofc.write_histories(
    [HIST_GAME]))], (HIST_GAME,))
def _fast_read_and_skip() -> Any:
    """The fast reader (turns unpacked on demand), a bad hand skipped with on_error, and the hands
    summed by summarise_hands."""
    from ofc_fast.sim.selfplay import summarise_hands
    skipped: list[ofc.HistoryError] = []
    recs = list(ofc.read_histories(HIST_TEXT + HIST_BAD.replace("[1]", "[2]") + HIST_TEXT.replace("[1]", "[3]"),
                                   on_error=skipped.append))
    games = [ofc.Game.replay(r) for r in recs]
    res = summarise_hands(HIST_GAME.rules, 3, ((g.scores, g.royalties, g.fouled, g.next_fantasyland) for g in games))
    return [r.turns for r in recs], skipped, res


GOOD["read_histories-on_error-summarise_hands"] = (_fast_read_and_skip, (HIST_GAME,))



def _sampled_steps() -> Any:
    """VecEnv.sample_actions drawing the actions of a few steps (issue 31)."""
    from ofc_fast.rl import VecEnv
    env = VecEnv("pineapple", 2, num_envs=16, seed=1)
    env.reset()
    for _ in range(3):
        env.step(env.sample_actions())
    return env.sample_actions(seed=2)


GOOD["VecEnv-sample_actions"] = (_sampled_steps, ())

def _ofcenv_round_trip() -> Any:
    """The ofcenv site JSON: written from a Game, read back with a bad hand skipped (on_error)."""
    g = ofc.Game("pineapple", 3, seed=4)
    g.play_hand("heuristic")
    text = ofc.write_ofcenv_json([g])
    skipped: list[ofc.HistoryError] = []
    recs = list(ofc.read_ofcenv_json(text + text.replace("0/", "9/", 1) + text, on_error=skipped.append))
    return recs, skipped, [ofc.Game.replay(r).scores for r in recs]


GOOD["ofcenv_json"] = (_ofcenv_round_trip, ())
GOOD["best_move"] = (lambda: (ofc.best_move((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), budget=40, seed=1,
                                            known="Ks", fantasyland_value=2),
                              ofc.best_move((JOKER_BOARDS, "X2 2c 3c"), JOKERS2, budget=20, seed=1)), (JOKERS2,))

BAD: dict[str, tuple[Callable[[], Any], tuple[Any, ...]]] = {
    "read_histories-scores": (lambda: list(ofc.read_histories(HIST_BAD)), ()),
    "write_histories-start": (lambda: ofc.write_histories([HIST_GAME], start=0), (HIST_GAME,)),
    "read_ofcenv_json-twice": (lambda: list(ofc.read_ofcenv_json(
        '{"rules": "classic", "handData": {"7": [{"orderIndex": 0, "rows": "As0/Kd0/Ah0", "dead": "As1"},'
        ' {"orderIndex": 1}]}}')), ()),
    "write_ofcenv_json-fantasyland": (lambda: ofc.write_ofcenv_json([HIST_GAME]), (HIST_GAME,)),
    "strength-code": (lambda: ofc.strength(BAD_HANDS), (BAD_HANDS,)),
    "strength-code-int64": (lambda: ofc.strength(BAD_HANDS64, workers=2), (BAD_HANDS64,)),
    "strength-dup": (lambda: ofc.strength(DUP_HANDS), (DUP_HANDS,)),
    "strength-text": (lambda: ofc.strength("Ah Kh Qh Jh Tx"), ()),
    "strength-type": (lambda: ofc.strength(HANDS5.astype(float)), ()),
    "lowball27-size": (lambda: ofc.lowball27(HANDS3), (HANDS3,)),
    "category": (lambda: ofc.category(STRENGTHS - STRENGTHS), (STRENGTHS,)),
    "cards": (lambda: ofc.cards([1, 2, 99]), ()),
    "card_str": (lambda: ofc.card_str(_bad(BAD_HANDS[-20:], 54)), (BAD_HANDS,)),   # 52, 53 print as jokers
    "from_cactus": (lambda: ofc.from_cactus([5]), ()),
    "Board": (lambda: ofc.Board.parse(B1_TEXT.replace("2d", "2c")), ()),
    "Board.draw": (lambda: ofc.Board.parse(B1_TEXT).draw("png"), ()),
    "analyze-code": (lambda: ofc.analyze(BAD_BOARDS, ofc.PROGRESSIVE, workers=2), (BAD_BOARDS, ofc.PROGRESSIVE)),
    "analyze-rules": (lambda: ofc.analyze(BOARDS, "nope"), (BOARDS,)),
    "score-dup": (lambda: ofc.score(BAD_DEALS, HOUSE), (BAD_DEALS, HOUSE)),
    "score_matrix-players": (lambda: ofc.score_matrix(DEALS[:, :1], ofc.LOW), (DEALS, ofc.LOW)),
    "Rules": (lambda: ofc.Rules(name="x", scoop_bonus=-1), ()),
    "strength-one-dup": (lambda: ofc.strength((1, 2, 1)), ()),
    "analyze-one-dup": (lambda: ofc.analyze(B1_TEXT.replace("2d", "2c")), ()),
    "score-one-dup": (lambda: ofc.score([B1_TEXT, B1_TEXT]), ()),
    "best_hand-dup": (lambda: ofc.best_hand(HAND7[:6] + HAND7[:1]), (HAND7,)),
    "compat-dup": (lambda: ofc.compat.Evaluator().evaluate(TREYS7[:2], TREYS7[:5]), (TREYS7,)),
    "jokers-analyze-53": (lambda: ofc.analyze(JK_BOARDS, dataclasses.replace(JK, jokers=1)), (JK_BOARDS,)),
    "jokers-score-0": (lambda: ofc.score(JK_DEALS, HOUSE), (JK_DEALS, HOUSE)),
    "jokers-best_hand-0": (lambda: ofc.best_hand(JK_HANDS7, 5), (JK_HANDS7,)),
    "jokers-partial-third": (lambda: ofc.partial_strength([54, 52, 255], rules=JK), ()),
    "Game-forged-fantasyland": (lambda: ofc.Game("pineapple", 2, seed=1, fantasyland=[13, 0]), ()),
    "solve_fantasyland-against-dup": (lambda: ofc.solve_fantasyland("As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd",
                                                                    against=FL_AGAINST.replace("3d", "As")), ()),
    "Game-policy-None": (lambda: ofc.Game("pineapple", 2, seed=1).play_hand(None), ()),  # type: ignore[arg-type]
    "rollout-53-jokers1": (lambda: ofc.rollout(["X2 Ah / -- / --", "-- / -- / --"], JOKERS1, n=5, seed=1),
                           (JOKERS1,)),
    "rollout-joker-dead-jokers0": (lambda: ofc.rollout(JOKER_BOARDS[1:] * 2, n=5, seed=1, dead=[52]), ()),
    "Game-choose-over": (lambda: _over_game().choose("random"), ()),
    "Game-determinize-seat": (lambda: ofc.Game("pineapple", 2, seed=1).determinize(5, seed=1), ()),
    "Game-determinize-policy": (lambda: ofc.Game("pineapple", 2, seed=1).determinize(
        0, seed=1, fantasyland_policy="best"), ()),
    "Game-replay-bad-deck": (lambda: ofc.Game.replay(dict(json.loads(ofc.Game("pineapple", 2, seed=1).to_json()),
                                                          decks={"0": [0] * 52})), ()),
    "HandState-shuffled-twice": (lambda: ofc.Game("pineapple", 2, seed=1)._state.shuffled(
        np.array([3, 3], np.uint8), 1, 0), ()),
    "Game-encode-third-joker": (lambda: ofc.Game(JOKERS2, 2, seed=1).encode(top=[54]), (JOKERS2,)),
    "evaluate_placements-held-53-jokers1": (lambda: ofc.evaluate_placements(
        (["-- / -- / --"] * 2, [53, 0, 1, 2, 3]), JOKERS1, n=2, seed=1), (JOKERS1,)),
    "best_move-held-twice": (lambda: ofc.best_move((["-- / -- / --"] * 2, "Ah Ah 7c 8c 9c"), seed=1), ()),
    "best_move-budget-0": (lambda: ofc.best_move((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), budget=0, seed=1), ()),
    # a good review costs ~0.1 s a hand: its own leak test is tests/test_review.py's
    "review-scores": (lambda: ofc.review(HIST_BAD, budget=1), ()),
    "review-budget-0": (lambda: ofc.review(REVIEW_RECS, budget=0), (REVIEW_RECS,)),
}


def _call(fn: Callable[[], Any], failing: bool) -> None:
    if failing:
        try:
            fn()
        except (ValueError, TypeError):
            return
        raise AssertionError("expected a failure")
    fn()


# ----------------------------------------------------------------- growth

@functools.lru_cache(maxsize=None)
def _growth(failing: bool, rounds: int) -> tuple[int, dict[str, tuple[int, int]], int]:
    """One measured run of ``rounds`` rounds of every entry point (100: ~5000 calls), after a
    warm-up, shared by the three growth tests below: (traced memory growth in bytes, the
    references of an input, a preset or a table that changed: repr -> (before, after), the
    growth of the number of objects the garbage collector tracks). Shorter runs are not
    traced (tracemalloc makes every call about ten times slower): their growth reads 0."""
    calls = BAD if failing else GOOD
    traced = rounds >= 100
    warm_up = 20 if traced else 5
    objects = {id(o): o for _, args in calls.values() for o in args}
    objects.update({id(r): r for r in ofc.PRESETS.values()})
    objects.update({id(r.tables): r.tables for r in (*ofc.PRESETS.values(), HOUSE)})

    def refcounts() -> dict[int, int]:
        return {k: sys.getrefcount(objects[k]) for k in objects}

    for fn, _ in calls.values():         # warm-up: caches, the thread pool, tables
        for _ in range(warm_up):
            _call(fn, failing)
    gc.collect()
    if traced:
        tracemalloc.start()
    try:
        for _ in range(5):
            for fn, _ in calls.values():
                _call(fn, failing)
        gc.collect()
        # the counts first, the traced memory last: what counting allocates is not growth
        refs_before = refcounts()
        objects_before = len(gc.get_objects())
        gc.collect()
        before, _ = tracemalloc.get_traced_memory()
        for _ in range(rounds):                            # 100 x ~50 functions = ~5000 calls
            for fn, _ in calls.values():
                _call(fn, failing)
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
        objects_after = len(gc.get_objects())
        refs_after = refcounts()
    finally:
        tracemalloc.stop()
    changed = {repr(objects[k])[:60]: (refs_before[k], refs_after[k]) for k in objects
               if refs_before[k] != refs_after[k]}
    return after - before, changed, objects_after - objects_before


# every good row called 100 times over, traced, takes half a minute: the slow run (.ci/run) has
# it; the quick run calls each 20 times untraced (a leaked reference shows at the first call)
GOOD_FULL = pytest.param(False, 100, marks=pytest.mark.slow, id="good")
RUNS = [GOOD_FULL, pytest.param(False, 20, id="good-quick"), pytest.param(True, 100, id="failing")]


@pytest.mark.parametrize(("failing", "rounds"), [GOOD_FULL, pytest.param(True, 100, id="failing")])
def test_no_traced_memory_growth(failing: bool, rounds: int) -> None:
    grew = _growth(failing, rounds)[0]
    assert grew < 200_000, f"traced memory grew by {grew} bytes"


RSS_SNIPPET = """
import sys
import numpy as np
import ofc_fast as ofc

def cards(n, k, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)

failing = sys.argv[2] == "failing"
hands = cards(20_000, 5, 9)
boards = cards(5_000, 13, 10)
deals = cards(5_000, 26, 11).reshape(-1, 2, 13)
if failing:
    hands[-1, 0] = 99
    boards[-1, 0] = boards[-1, 1]
    deals[-1, 1, 0] = deals[-1, 0, 0]
calls = [lambda: ofc.strength(hands), lambda: ofc.lowball27(hands.astype(np.int32), workers=2),
         lambda: ofc.analyze(boards), lambda: ofc.score_matrix(deals, workers=2),
         lambda: ofc.cards(hands), lambda: ofc.to_cactus(hands)]

def work():
    for fn in calls:
        try:
            fn()
        except ValueError:
            assert failing
        else:
            assert not failing

def warm():
    for _ in range(30):
        work()
"""


@pytest.mark.parametrize("failing", [False, True], ids=["good", "failing"])
def test_no_rss_growth_on_large_calls(failing: bool) -> None:
    """~2400 calls on 20 000-row arrays: a leaked output (40 kB+ a call) would show as 100 MB."""
    grew = rss_growth(RSS_SNIPPET, 400, "failing" if failing else "good", timeout=120)
    assert grew < 24 * 2**20, f"RSS grew by {grew / 2**20:.1f} MiB"


@pytest.mark.parametrize(("failing", "rounds"), RUNS)
def test_no_reference_leaks(failing: bool, rounds: int) -> None:
    changed = _growth(failing, rounds)[1]
    assert not changed, changed


@pytest.mark.parametrize(("failing", "rounds"), RUNS)
def test_gc_object_count_is_stable(failing: bool, rounds: int) -> None:
    grew = _growth(failing, rounds)[2]
    assert grew < 200, f"{grew} more objects tracked by gc"


def test_refcount_of_one_hand_list_items() -> None:
    """The one-hand fast path (a list of ints) does not leak references to its items."""
    big = 10**30                                    # a fresh, unshared int object
    hand = [0, 5, 10, 15, big]
    hand_ok = [0, 5, 10, 15, 20]
    before = (sys.getrefcount(big), sys.getrefcount(hand), sys.getrefcount(hand_ok))
    for _ in range(2000):
        try:
            ofc.strength(hand)
        except ValueError:
            pass
        ofc.strength(hand_ok)
    assert (sys.getrefcount(big), sys.getrefcount(hand), sys.getrefcount(hand_ok)) == before


# ----------------------------------------------------------------- inputs untouched

def _fingerprint(x: Any) -> Any:
    if isinstance(x, np.ndarray):
        return (x.tobytes(), x.dtype.str, x.shape, x.strides, x.flags.writeable)
    if isinstance(x, ofc.Rules):
        return (hash(x), repr(x), tuple(a.tobytes() for a in x.tables.arrays))
    if isinstance(x, ofc.Board):
        return (hash(x), x.codes.tobytes())
    return copy.deepcopy(x)


def _inputs() -> dict[str, tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]]:
    """Fresh inputs per call (writable, so that a modification would be possible)."""
    hands = _cards(300, 5, 20)
    boards = _cards(200, 13, 21)
    deals = _cards(100, 26, 22).reshape(-1, 2, 13)
    infl = np.arange(200) % 2 == 0
    bad_hands = hands.astype(np.int64)
    bad_hands[-1, -1] = 52
    bad_deals = deals.copy()
    bad_deals[-1, 1, 3] = bad_deals[-1, 0, 3]
    board = ofc.Board(boards[0])
    s = ofc.strength(hands)
    return {
        "strength": (ofc.strength, (hands,), {"workers": 2}),
        "strength-fortran": (ofc.strength, (np.asfortranarray(hands.astype(np.int32)),), {}),
        "strength-list": (ofc.strength, (hands[:10].tolist(),), {}),
        "strength-one-list": (ofc.strength, ([50, 46, 42, 38, 34],), {}),
        "strength-bad": (ofc.strength, (bad_hands,), {}),
        "strength-strided": (ofc.strength, (np.repeat(hands, 2, axis=1)[:, ::2],), {}),
        "lowball27": (ofc.lowball27, (hands,), {}),
        "lowball27-int16": (ofc.lowball27, (hands.astype(np.int16),), {"workers": 3}),
        "category": (ofc.category, (s,), {}),
        "describe": (ofc.describe, (s[:20],), {}),
        "to_cactus_rank": (ofc.to_cactus_rank, (s,), {}),
        "cards": (ofc.cards, (hands,), {}),
        "cards-list": (ofc.cards, ([[50, "Kd"], [np.uint8(3), "2c"]],), {}),
        "cards-allow-empty": (ofc.cards, (np.array([-1, 3, 255], np.int16),), {"allow_empty": True}),
        "card_str": (ofc.card_str, (hands,), {}),
        "to_cactus": (ofc.to_cactus, (hands,), {}),
        "from_cactus": (ofc.from_cactus, (ofc.to_cactus(hands),), {}),
        "analyze": (ofc.analyze, (boards, ofc.PINEAPPLE), {"in_fantasyland": infl}),
        "analyze-low": (ofc.analyze, (boards.astype(np.int64), ofc.LOW), {"workers": 2}),
        "analyze-boards": (ofc.analyze, ([board, ofc.Board(boards[1])], ofc.PROGRESSIVE), {}),
        "score": (ofc.score, (deals, ofc.PROGRESSIVE), {}),
        "score-bad": (ofc.score, (bad_deals, ofc.PROGRESSIVE), {}),
        "score_matrix": (ofc.score_matrix, (deals, ofc.LOW), {"workers": 2}),
        "Board": (ofc.Board, (boards[2],), {}),
        "Board.analyze": (board.analyze, (ofc.ORIGINAL,), {"in_fantasyland": True}),
        "with_stay": (ofc.PINEAPPLE.with_stay, ("top_bottom",), {}),
    }


@pytest.mark.parametrize("name", list(_inputs()))
def test_inputs_are_never_modified(name: str) -> None:
    fn, args, kwargs = _inputs()[name]
    before = [_fingerprint(a) for a in (*args, *kwargs.values())]
    try:
        fn(*args, **kwargs)
    except (ValueError, TypeError):
        pass
    after = [_fingerprint(a) for a in (*args, *kwargs.values())]
    for b, a in zip(before, after):
        assert type(a) is type(b)
        if isinstance(a, tuple) and a and isinstance(a[0], bytes):
            assert a == b, f"{name}: input array changed"
        else:
            assert repr(a) == repr(b), f"{name}: input changed"


def test_presets_unchanged_after_use() -> None:
    snapshot = {k: (hash(r), repr(r), tuple(a.tobytes() for a in r.tables.arrays)) for k, r in ofc.PRESETS.items()}
    boards = _cards(100, 13, 30)
    deals = _cards(50, 39, 31).reshape(-1, 3, 13)
    for r in ofc.PRESETS.values():
        ofc.analyze(boards, r)
        ofc.score(deals, r)
        r.with_stay("top_bottom")
    assert snapshot == {k: (hash(r), repr(r), tuple(a.tobytes() for a in r.tables.arrays))
                        for k, r in ofc.PRESETS.items()}
    for r in ofc.PRESETS.values():
        assert all(not a.flags.writeable for a in r.tables.arrays)


# ----------------------------------------------------------------- outputs owned

def _arrays(result: Any) -> list[np.ndarray]:
    if isinstance(result, tuple):
        return [np.asarray(x) for x in result]
    return [result] if isinstance(result, np.ndarray) else []


OUTPUTS: dict[str, tuple[Callable[[Any], Any], Callable[[], Any]]] = {
    "strength-uint8": (ofc.strength, lambda: _cards(100, 5, 40)),
    "strength-int64": (ofc.strength, lambda: _cards(100, 5, 41).astype(np.int64)),
    "strength-workers": (lambda a: ofc.strength(a, workers=2), lambda: np.resize(_cards(100, 5, 42), (300_000, 5))),
    "lowball27": (ofc.lowball27, lambda: _cards(100, 5, 43)),
    "category": (ofc.category, lambda: ofc.strength(_cards(100, 5, 44))),
    "category-uint8": (ofc.category, lambda: ofc.strength(_cards(100, 5, 44)).astype(np.int64)),
    "to_cactus_rank": (ofc.to_cactus_rank, lambda: ofc.strength(_cards(100, 5, 45))),
    "cards-uint8": (ofc.cards, lambda: _cards(100, 5, 46)),
    "cards-int16": (ofc.cards, lambda: _cards(100, 5, 47).astype(np.int16)),
    "to_cactus": (ofc.to_cactus, lambda: _cards(100, 5, 48)),
    "from_cactus": (ofc.from_cactus, lambda: ofc.to_cactus(_cards(100, 5, 49))),
    "parse_boards": (ofc.parse_boards, lambda: B1_TEXT),
    "analyze": (ofc.analyze, lambda: _cards(100, 13, 50)),
    "analyze-one": (ofc.analyze, lambda: _cards(1, 13, 51)[0]),
    "analyze-int64": (lambda a: ofc.analyze(a, ofc.LOW), lambda: _cards(100, 13, 52).astype(np.int64)),
    "score": (ofc.score, lambda: _cards(100, 26, 53).reshape(-1, 2, 13)),
    "score-one": (ofc.score, lambda: _cards(1, 26, 54).reshape(2, 13)),
    "score_matrix": (ofc.score_matrix, lambda: _cards(100, 39, 55).reshape(-1, 3, 13)),
}


@pytest.mark.parametrize("name", OUTPUTS)
def test_outputs_own_their_memory(name: str) -> None:
    fn, make = OUTPUTS[name]
    arg = make()
    first = fn(arg)
    outs = _arrays(first)
    assert outs, f"{name}: no array output"
    want = [o.copy() for o in outs]
    for o in outs:
        if isinstance(arg, np.ndarray):
            assert o.base is None or o.base is not arg
            assert not np.shares_memory(o, arg), f"{name}: output shares memory with the input"
        assert o.flags.writeable, f"{name}: output is read-only"
    for i, o in enumerate(outs):       # outputs of one call do not overlap each other
        for p in outs[i + 1:]:
            assert not np.shares_memory(o, p)
    # scribble over the outputs: a later call is not affected
    for o in outs:
        o[...] = 1 if o.dtype != np.bool_ else True
    again = _arrays(fn(arg))
    for a, w in zip(again, want):
        assert a.dtype == w.dtype and np.array_equal(a, w), f"{name}: a later call saw the change"
    for o in outs:
        for a in again:
            assert not np.shares_memory(o, a), f"{name}: two calls return the same memory"


def test_board_codes_are_read_only_copies() -> None:
    codes = _cards(1, 13, 60)[0]
    board = ofc.Board(codes)
    codes[:] = np.arange(13)                          # the caller changes the array afterwards
    assert board.codes.tolist() != codes.tolist()
    assert not board.codes.flags.writeable
    assert not np.shares_memory(board.codes, codes)
    with pytest.raises(ValueError):
        board.codes[0] = 1
    with pytest.raises(ValueError):
        board.top[0] = 1
    a = board.analyze()
    a.royalties[...] = 99                            # results of the method are the caller's
    assert board.royalties() != (99, 99, 99)


def test_python_results_are_fresh_objects() -> None:
    s = ofc.strength(_cards(10, 5, 61))
    names = ofc.describe(s)
    names.append("scribble")
    assert len(ofc.describe(s)) == 10
    text = ofc.card_str(_cards(3, 5, 62))
    assert isinstance(text, list)
    text.clear()
    assert len(ofc.card_str(_cards(3, 5, 62))) == 3
