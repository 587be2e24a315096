"""The search API of ofc_fast.sim.rollout (issue 19): candidates and common random
numbers, every seat's figures per option, fantasyland_value (exact), known cards,
Python callable policies, and estimate_fantasyland_value (ofc_fast.sim.fantasyland_value)."""
from __future__ import annotations

import threading
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from interrupts import cpu_seconds, pressing_ctrl_c

import ofc_fast as ofc
from ofc_fast.sim.rollout import merge

EMPTY2 = ["-- / -- / --"] * 2
OPEN = (EMPTY2, "Ah Ad 7c 8c 9c")
MID = ["Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad"]


# --- candidates and common random numbers --------------------------------------------

def test_candidates_equal_their_rows_of_the_full_ranking() -> None:
    full = ofc.evaluate_placements(OPEN, n=300, seed=5)
    row = {c: i for i, c in enumerate(full.codes)}
    pick = [full.codes[7], full.codes[0], full.codes[200]]
    # codes, and a board (its row order shuffled: the same placement)
    b = full.boards[row[full.codes[100]]].copy()
    top = b[:3][b[:3] != 255]
    b[:len(top)] = top[::-1]
    part = ofc.evaluate_placements(OPEN, n=300, seed=5, candidates=pick + [b])
    assert sorted(part.codes) == sorted(pick + [full.codes[100]])
    for k, code in enumerate(part.codes):
        i = row[code]
        for field in ("mean", "stderr", "foul_rate", "fantasyland_rate", "royalties", "min", "max"):
            assert getattr(part, field)[k] == getattr(full, field)[i], field
        for field in ("seat_mean", "seat_stderr", "seat_foul_rate", "seat_fantasyland_rate",
                      "seat_royalties"):
            assert (getattr(part, field)[k] == getattr(full, field)[i]).all(), field
        assert (part.boards[k] == full.boards[i]).all()


def test_common_random_numbers_across_separate_calls_and_workers() -> None:
    a = ofc.evaluate_placements(OPEN, n=500, seed=9, candidates=[10])
    b = ofc.evaluate_placements(OPEN, n=500, seed=9, candidates=[26, 10], workers=2)
    assert a.mean[0] == b.mean[b.codes.index(10)]
    # the same deals for every option: a rollout of the option's boards gives the same sums
    board = a.boards[0]
    r = ofc.rollout(np.stack([board, np.full(13, 255, np.uint8)]), n=500, seed=9)
    assert r.mean[0] == a.mean[0]
    # every figure, all seats: the placements' vectorised figures are the rollout's floats
    for f in ("mean", "stderr", "foul_rate", "fantasyland_rate", "royalties"):
        assert getattr(a, f"seat_{f}")[0].tolist() == getattr(r, f).tolist(), f
    assert (a.min[0], a.max[0]) == (r.min[0], r.max[0])


def test_every_seat_and_range_per_option() -> None:
    p = ofc.evaluate_placements(OPEN, n=200, seed=2)
    assert p.n == 200 and p.seat_mean.shape == (232, 2)
    assert (p.seat_mean[:, 0] == p.mean).all()
    assert np.allclose(p.seat_mean.sum(axis=1), 0)        # heads-up points are zero-sum
    assert (p.min <= p.mean).all() and (p.mean <= p.max).all()
    assert p.fantasyland_rate is not None and (p.fantasyland_rate >= 0).all()


def test_bad_candidates() -> None:
    with pytest.raises(ValueError, match="candidates\\[1\\]: action 3 is not a legal placement"):
        ofc.evaluate_placements(OPEN, n=5, seed=1, candidates=[10, 3])
    with pytest.raises(ValueError, match="candidates\\[1\\] is the same placement as candidates\\[0\\]"):
        ofc.evaluate_placements(OPEN, n=5, seed=1, candidates=[10, 10])
    with pytest.raises(ValueError, match="is not a legal placement"):
        ofc.evaluate_placements(OPEN, n=5, seed=1, candidates=["Ah Ad Kc / -- / --"])
    with pytest.raises(ValueError, match="empty"):
        ofc.evaluate_placements(OPEN, n=5, seed=1, candidates=[])


# --- fantasyland_value -------------------------------------------------------------------

def _direct(r: ofc.RolloutResult, value: dict[int, Fraction]) -> list[Fraction]:
    """Mean points with the value, from the split (what the credited sums must equal)."""
    assert r.fantasyland_split is not None
    out = []
    for p in range(r.sums.shape[0]):
        total = Fraction(int(r.sums[p, 0]))
        for k in range(r.fantasyland_split.shape[1]):
            total += value.get(k, 0) * int(r.fantasyland_split[p, k, 0])
        out.append(total / r.n)
    return out


def test_fantasyland_value_is_credited_exactly() -> None:
    base = ofc.rollout(MID, n=3000, seed=1)
    for v in (10, 2.5, 0.1):
        r = ofc.rollout(MID, n=3000, seed=1, fantasyland_value=v)
        assert (r.sums == base.sums).all()        # the hands' own sums are unchanged
        want = _direct(base, {14: Fraction(v)})
        assert r.mean.tolist() == [float(w) for w in want]
        assert r.fantasyland_value == {14: v}
    assert base.fantasyland_rate[0] > 0


def test_fantasyland_value_mapping_progressive_and_merge() -> None:
    value = {14: 5, 15: 7.5, 16: 10, 17: 12}
    r = ofc.rollout(EMPTY2, "progressive", n=20_000, seed=3, fantasyland_value=value)
    base = ofc.rollout(EMPTY2, "progressive", n=20_000, seed=3)
    assert r.mean.tolist() == [float(w) for w in _direct(base, {k: Fraction(v) for k, v in value.items()})]
    a = ofc.rollout(EMPTY2, "progressive", n=8000, seed=3, fantasyland_value=value)
    b = ofc.rollout(EMPTY2, "progressive", n=12_000, seed=3, start=8000, fantasyland_value=value)
    m = merge([a, b])
    assert m.mean.tolist() == r.mean.tolist() and m.stderr.tolist() == r.stderr.tolist()
    assert m.min.tolist() == r.min.tolist() and m.max.tolist() == r.max.tolist()
    with pytest.raises(ValueError, match="different fantasyland_value"):
        merge([a, ofc.rollout(EMPTY2, "progressive", n=10, seed=3)])


def test_fantasyland_value_in_simulate_and_placements() -> None:
    s0 = ofc.simulate("pineapple", 2, 50_000, seed=4)
    s1 = ofc.simulate("pineapple", 2, 50_000, seed=4, fantasyland_value=20)
    assert (s0.sums == s1.sums).all() and (s0.points_hist == s1.points_hist).all()
    assert np.allclose(s1.mean - s0.mean, 20 * s0.fantasyland_rate)
    p0 = ofc.evaluate_placements(OPEN, n=300, seed=2, candidates=[10])
    p1 = ofc.evaluate_placements(OPEN, n=300, seed=2, candidates=[10], fantasyland_value=25)
    assert p1.mean[0] == pytest.approx(p0.mean[0] + 25 * p0.fantasyland_rate[0], abs=1e-12)


def test_the_greatest_fantasyland_value_keeps_every_figure_finite() -> None:
    """MAX_VALUE (1e150): the standard error squares the value credited, and its square is
    still a float; every figure of rollout, merge, simulate and evaluate_placements is finite
    at the bound (above it: tests/test_bad_input.py; 1e200 overflowed)."""
    top = ofc.sim.worth.MAX_VALUE
    assert top == 1e150
    a = ofc.rollout(MID, n=300, seed=1, fantasyland_value=top)
    b = ofc.rollout(MID, n=2, seed=1, start=300, fantasyland_value={14: top})
    s = ofc.simulate("progressive", 2, 4000, seed=1, policy="heuristic",
                     fantasyland_value={14: top, 17: int(top)})
    p = ofc.evaluate_placements(OPEN, n=50, seed=2, candidates=[10, 26], fantasyland_value=top)
    assert a.fantasyland_rate[0] > 0 and s.fantasyland_rate.sum() > 0
    for figures in (a.mean, a.stderr, a.min, a.max, merge([a, b]).stderr, b.stderr, s.mean, s.stderr, s.ci95,
                    p.mean, p.stderr, p.max, p.seat_stderr):
        assert np.isfinite(figures).all(), figures
    assert a.mean[0] > 1e146


def test_no_value_keeps_the_old_figures() -> None:
    r = ofc.rollout(MID, n=1000, seed=8)
    z = ofc.rollout(MID, n=1000, seed=8, fantasyland_value=0)
    assert r.mean.tolist() == z.mean.tolist() and r.stderr.tolist() == z.stderr.tolist()
    assert z.fantasyland_value is None


# --- known cards -----------------------------------------------------------------------

def _first_held(boards, **kw):  # type: ignore[no-untyped-def]
    seen: dict[int, list[int]] = {}

    def policy(s):  # type: ignore[no-untyped-def]
        seen.setdefault(s.turn, s.held.tolist())
        return s.builtin("random")

    ofc.rollout(boards, n=1, seed=1, policy=policy, **kw)
    return seen


def test_known_next_cards_in_order() -> None:
    seen = _first_held(MID, known="As Ks Qs")
    assert seen[0][:3] == ofc.cards("As Ks Qs").tolist()


def test_known_cards_of_a_seat() -> None:
    seen = _first_held(MID, known={1: "As 2s"})
    assert seen[1][:2] == ofc.cards("As 2s").tolist()
    # the known cards come to that seat in every completion
    r = ofc.rollout(MID, n=200, seed=1, known={1: "As Ah Jd"})
    assert r.n == 200


def test_known_cards_keep_common_random_numbers() -> None:
    a = ofc.evaluate_placements(OPEN, n=300, seed=6, known={1: "Ks Kh"}, candidates=[10, 26])
    b = ofc.evaluate_placements(OPEN, n=300, seed=6, known={1: "Ks Kh"})
    i = b.codes.index(a.codes[0])
    assert a.mean[0] == b.mean[i]


def test_bad_known() -> None:
    with pytest.raises(ValueError, match="known card Qh \\(position 0\\) is also on the board of player 0"):
        ofc.rollout(MID, n=1, seed=1, known="Qh")
    with pytest.raises(ValueError, match="known card As \\(position 1\\) is also known"):
        ofc.rollout(MID, n=1, seed=1, known="As As")
    with pytest.raises(ValueError, match="next turn is dealt 3"):
        ofc.rollout(MID, n=1, seed=1, known={1: "As Ks Qs Js"})
    with pytest.raises(ValueError, match="a key is a seat"):
        ofc.rollout(MID, n=1, seed=1, known={2: "As"})
    with pytest.raises(ValueError, match="no turn left"):
        ofc.rollout(["Qh Qd Qc / 5s 6s 7s 8s 9s / Kc Kd Kh Ks 2d", EMPTY2[1]], n=1, seed=1, known={0: "As"})
    with pytest.raises(ValueError, match="known card Ah \\(position 0\\) is also held"):
        ofc.evaluate_placements(OPEN, n=1, seed=1, known="Ah")


# --- Python callable policies (the slow path) ------------------------------------------

@pytest.mark.parametrize("name,n", [("random", 3000), ("greedy", 40)])
def test_callable_policy_equals_the_built_in(name: str, n: int) -> None:
    """A callable that takes the built-in's action (from the completion's own policy stream)
    gives the built-in result bit for bit: the slow path deals, orders turns and scores as
    the C kernel does."""
    for boards, fl in ((MID, None), (["Qh Qd / 5s 6s 7s / Kc Kd", EMPTY2[1]], [0, 14])):
        built = ofc.rollout(boards, n=n, seed=7, policy=name, fantasyland=fl, fantasyland_value=3)
        calls = [0]

        def policy(s):  # type: ignore[no-untyped-def]
            calls[0] += 1
            return s.builtin(name)

        slow = ofc.rollout(boards, n=n, seed=7, policy=policy, fantasyland=fl, fantasyland_value=3)
        assert (slow.sums == built.sums).all() and slow.mean.tolist() == built.mean.tolist()
        assert (slow.fantasyland_split == built.fantasyland_split).all()
        assert calls[0] >= n


def test_callable_policy_falling_back_on_a_policy_with_parameters() -> None:
    """builtin() takes a Policy too: its parameters reach the C policy, as in the built-in run."""
    tuned = ofc.Policy("heuristic", foul=5.0, royalty=4.0)
    built = ofc.rollout(MID, n=40, seed=3, policy=tuned)
    slow = ofc.rollout(MID, n=40, seed=3, policy=lambda s: s.builtin(tuned))
    assert (slow.sums == built.sums).all() and slow.policy == "<lambda>"
    assert not (ofc.rollout(MID, n=40, seed=3, policy="heuristic").sums == built.sums).all()


def test_callable_policy_of_its_own() -> None:
    """A Python policy that always takes the lowest legal code: legal, and the same result
    whatever the workers."""
    def lowest(s):  # type: ignore[no-untyped-def]
        if s.fantasyland[s.turn]:
            return s.builtin("random")
        return s.legal_actions()[0]

    a = ofc.rollout(MID, n=100, seed=1, policy=lowest)
    b = ofc.rollout(MID, n=100, seed=1, policy=lowest, workers=2)
    assert (a.sums == b.sums).all()
    p = ofc.evaluate_placements(OPEN, n=30, seed=1, policy=lowest, candidates=[10, 26])
    assert p.n == 30


def test_callable_policy_errors() -> None:
    with pytest.raises(ValueError, match="completion 0, board 0: the policy's action 3 is illegal"):
        ofc.rollout(MID, n=5, seed=1, policy=lambda s: 3)
    with pytest.raises(TypeError, match="not an action code"):
        ofc.rollout(MID, n=5, seed=1, policy=lambda s: "top")
    with pytest.raises(ZeroDivisionError):
        ofc.rollout(MID, n=5, seed=1, policy=lambda s: 1 // 0)


# --- estimate_fantasyland_value ----------------------------------------------------------

def test_estimate_agrees_with_a_direct_simulation() -> None:
    """The Fantasyland hand's mean from the estimate (solver setting + rollouts) agrees
    with Games played out directly (seat 0 set by the solver, seat 1 random)."""
    est = ofc.estimate_fantasyland_value("pineapple", "random", hands=150, completions=8,
                                         normal_hands=20_000, seed=11, iterations=1)
    pts = []
    for h in range(600):
        g = ofc.Game("pineapple", 2, seed=1000 + h, fantasyland=[14, 0], match=False)
        g.play_hand([lambda g: ofc.solve_fantasyland(g.held, "pineapple").board, "random"])
        pts.append(int(g.scores[0]))
    direct, se = float(np.mean(pts)), float(np.std(pts, ddof=1) / np.sqrt(len(pts)))
    assert abs(est.hand[14] - direct) < 4 * np.hypot(se, est.hand_stderr[14]), (est, direct, se)
    # the worth solves its equation
    v = est.value[14]
    assert v == pytest.approx(est.hand[14] + est.stay_rate[14] * v - est.entry_rate[14] * v)
    assert "14 cards: worth" in str(est)


def test_estimate_against_a_policy_with_parameters() -> None:
    """A Policy is measured against as itself (its label in the estimate); its stderr counts
    the sampled stay rate's noise: a worth near staying for ever has a wide error."""
    kw = dict(hands=8, completions=2, normal_hands=2000, seed=3, iterations=1)
    tuned = ofc.Policy("heuristic", foul=30.0)
    est = ofc.estimate_fantasyland_value("pineapple", tuned, **kw)
    assert est.policy == "heuristic(foul=30.0)" and np.isfinite(est.value[14])
    same = ofc.estimate_fantasyland_value("pineapple", ofc.Policy("heuristic"), **kw)
    assert same.value == ofc.estimate_fantasyland_value("pineapple", "heuristic", **kw).value
    keep = ofc.estimate_fantasyland_value(ofc.HOUSE_RULES["progressive_keep"], hands=40, completions=2,
                                          normal_hands=2000, seed=1, iterations=1)
    for k, v in keep.value.items():   # the rates' part of the error grows as 1 / (1 - stay)
        assert keep.stderr[k] > (v - keep.hand[k]) / 10, (k, keep)


def test_estimate_progressive_has_every_count() -> None:
    est = ofc.estimate_fantasyland_value("progressive", hands=20, completions=4, normal_hands=5000,
                                         seed=1)
    assert sorted(est.value) == [14, 15, 16, 17]
    assert all(np.isfinite(list(est.value.values())))


def test_estimate_deals_its_fantasyland_hands_from_the_deck_with_the_jokers(monkeypatch: Any) -> None:
    """Issue 28, 3: under joker rules the Fantasyland hands were dealt from 52 cards (none
    of 40 held a joker; about 45% of 14-card hands from 54 cards hold one), so the estimate
    valued a Fantasyland without jokers.  They come from the rules' deck; without jokers,
    the same 52-card hands as before."""
    import dataclasses

    from ofc_fast.sim import fantasyland_value as fv

    class Dealt(Exception):
        pass

    seen: list[np.ndarray] = []

    def spy(hands: Any, *a: Any, **k: Any) -> Any:
        seen.append(np.array(hands))
        raise Dealt

    monkeypatch.setattr(fv, "solve_fantasyland", spy)
    j2 = dataclasses.replace(ofc.PINEAPPLE, name="pineapple_j2", jokers=2)
    with pytest.raises(Dealt):
        ofc.estimate_fantasyland_value(j2, hands=200, completions=1, normal_hands=200, seed=1)
    hands = seen[-1]
    assert hands.shape == (200, 14) and hands.max() <= 53
    share = float((hands >= 52).any(axis=1).mean())   # 1 - C(52,14)/C(54,14) = 0.47
    assert 0.3 < share < 0.65, share
    for h in hands:
        assert len(set(h.tolist())) == 14
    with pytest.raises(Dealt):
        ofc.estimate_fantasyland_value("pineapple", hands=50, completions=1, normal_hands=200, seed=1)
    gen = np.random.default_rng([1, 0xF1])   # (the hands dealt before jokers existed)
    assert seen[-1].tolist() == [gen.permutation(52)[:14].tolist() for _ in range(50)]


def test_estimate_under_joker_rules_runs() -> None:
    import dataclasses
    j1 = dataclasses.replace(ofc.PINEAPPLE, name="pineapple_j1", jokers=1)
    est = ofc.estimate_fantasyland_value(j1, hands=6, completions=2, normal_hands=500, seed=2, iterations=1)
    assert np.isfinite(est.value[14])


# --- threads, Ctrl-C, memory ------------------------------------------------------------

def test_threads_share_the_search_calls() -> None:
    want = ofc.evaluate_placements(OPEN, n=100, seed=3, candidates=[10, 26], fantasyland_value=5,
                                   known={1: "Ks"})
    out: list[object] = []

    def work() -> None:
        got = ofc.evaluate_placements(OPEN, n=100, seed=3, candidates=[10, 26], fantasyland_value=5,
                                      known={1: "Ks"}, workers=2)
        out.append(got.mean.tolist() == want.mean.tolist())

    ts = [threading.Thread(target=work) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert out == [True] * 4


@pytest.mark.parametrize("which", ["callable", "known-value", "estimate"])
def test_interrupt_then_next_call_is_right(which: str) -> None:
    def long_run() -> None:
        if which == "callable":
            ofc.rollout(EMPTY2, n=10**6, seed=1, policy=lambda s: s.builtin("random"))
        elif which == "known-value":
            ofc.evaluate_placements(OPEN, n=10**6, seed=1, known="Ks Kh", fantasyland_value=9.5,
                                    workers=2)
        else:
            ofc.estimate_fantasyland_value("progressive", hands=10**5, completions=10, seed=1,
                                           normal_hands=1000)

    t0_cpu = cpu_seconds()
    with pressing_ctrl_c(), pytest.raises(KeyboardInterrupt):
        long_run()
    assert cpu_seconds() - t0_cpu < 10
    a = ofc.rollout(MID, n=500, seed=2, fantasyland_value=2.5, known="As")
    assert (a.sums == ofc.rollout(MID, n=500, seed=2, known="As").sums).all()


def test_no_memory_growth_of_the_search_calls() -> None:
    from rss import rss_growth
    snippet = """
import ofc_fast as ofc
def work():
    ofc.evaluate_placements((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), n=20, seed=1, candidates=[10, 26],
                            known={1: "Ks"}, fantasyland_value=4.5)
    ofc.rollout(["-- / -- / --"] * 2, n=30, seed=1, policy=lambda s: s.builtin("random"))
    ofc.simulate("progressive", 2, 2000, seed=1, fantasyland_value={14: 3})
warm = work
"""
    grew = rss_growth(snippet, 3)
    assert grew < 8 * 2**20, f"RSS grew by {grew / 2**20:.1f} MiB"


# --- the docs and the bot table ------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not (ROOT / "docs" / "BOTS.md").is_file(), reason="source tree only")
def test_bots_doc_examples() -> None:
    import doctest
    result = doctest.testfile(str(ROOT / "docs" / "BOTS.md"), module_relative=False)
    assert result.attempted >= 8 and result.failed == 0


@pytest.mark.skipif(not (ROOT / "bench" / "bots.py").is_file(), reason="source tree only")
def test_bench_bots_plays_every_policy() -> None:
    import importlib.util
    spec = importlib.util.spec_from_file_location("bots", ROOT / "bench" / "bots.py")
    assert spec is not None and spec.loader is not None
    bots = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bots)
    names = bots.bot_names([5], 10)
    assert set(ofc.play.game.POLICIES) <= set(names) and "mc5" in names and "mc5+fl10" in names
    r = bots.run_pair("mc5+fl10", "random", 2, 1, 1)
    assert r["deals"] == 2 and 0 <= r["foul_random"] <= 1 and r["ms_mc5+fl10"] > 0


@pytest.mark.skipif(not (ROOT / "bench" / "bots.py").is_file(), reason="source tree only")
def test_bench_bots_other_presets_and_seats(tmp_path: Path) -> None:
    import importlib.util

    from ofc_fast.rl.agents import MLPAgent
    spec = importlib.util.spec_from_file_location("bots", ROOT / "bench" / "bots.py")
    assert spec is not None and spec.loader is not None
    bots = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bots)
    # 3 seats: each deal played 3 times, A in each seat, B in the other two
    part = bots.play_deals("heuristic", "random", 1, 0, 3, "low", 3)
    assert len(part["pts"]) == 3
    assert part["clock"]["heuristic"][1] == 3 * 3 * 5 and part["clock"]["random"][1] == 3 * 3 * 2 * 5
    r = bots.run_pair("greedy", "heuristic", 3, 1, 1, "original", 4)
    assert (r["rules"], r["players"], r["deals"], r["seatings"]) == ("original", 4, 3, 12)
    assert r["ci95"][0] <= r["mean"] <= r["ci95"][1]
    assert 0 <= r["foul_greedy"] <= 1 and 0 <= r["foul_heuristic"] <= 1
    # a deal's points: A's mean over its seatings, net against every B as Game.scores has it
    total = 0
    for seat in range(3):
        g = ofc.Game("pineapple", 3, seed=1_000_003, button=2, match=False)
        while not g.done:
            g.play("heuristic" if g.turn == seat else "random")
        total += int(g.scores[seat])
    assert bots.play_deals("heuristic", "random", 1, 0, 1, "pineapple", 3)["pts"] == [total / 3]
    # heads-up is the duplicate of before: the default rules and seats
    assert bots.run_pair("heuristic", "random", 2, 1, 1)["seatings"] == 4
    # a trained agent plays a heads-up id of another preset with its rules, and not 3 seats
    path = tmp_path / "agent.npz"
    MLPAgent.random("pineapple", hidden=(8,), seed=0).save(path)
    r = bots.run_pair(f"agent:{path}", "greedy", 1, 1, 1, "original", 2)
    assert r["seatings"] == 2 and r[f"ms_agent:{path}"] > 0
    with pytest.raises(ValueError, match="heads-up"):
        bots.run_pair(f"agent:{path}", "greedy", 1, 1, 1, "low", 3)


@pytest.mark.skipif(not (ROOT / "bench" / "foul_floor.py").is_file(), reason="source tree only")
def test_bench_foul_floor_is_exact_on_known_futures() -> None:
    import importlib.util
    spec = importlib.util.spec_from_file_location("foul_floor", ROOT / "bench" / "foul_floor.py")
    assert spec is not None and spec.loader is not None
    floor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(floor)
    # no spade, at most a pair below queens, no 3/4/8/9: the middle cannot beat QQ
    doomed = "2d 2h Tc Th Jc Jd Kh Ah Qc"
    # aces over 5-6-7 beat the queens, kings and jacks at the bottom beat the aces
    saved = "Ah 2d 2h As Tc Th Jc Jd 3h"
    fut = np.array([ofc.cards(doomed), ofc.cards(saved)], dtype=np.uint8)
    assert floor.floor_spot(fut) == 1
    assert floor.floor_spot(fut[1:]) == 0
    # a seat that sees its 17 cards can always set 13 of them unfouled (a random sample)
    assert floor.floor_whole(30, 1) == (0, 30)
    assert floor.wilson(0, 100)[0] == 0.0 and floor.wilson(50, 100)[0] < 0.5 < floor.wilson(50, 100)[1]
