"""best_move (issue 29, ofc_fast.sim.search): the search's figures equal evaluate_placements'
(common random numbers), the same answer for any workers, the exact last street against a
plain enumeration with the engine's own completions, the time limit, Ctrl-C, Fantasyland
turns."""
from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from interrupts import cpu_seconds, pressing_ctrl_c

import ofc_fast as ofc
from ofc_fast import _sim
from ofc_fast.sim import totals
from ofc_fast.sim.position import read_decision, read_policy

EMPTY2 = ["-- / -- / --"] * 2
OPEN = (EMPTY2, "Ah Ad 7c 8c 9c")
JOKERS = dataclasses.replace(ofc.PINEAPPLE, name="bm-jokers", jokers=2)
FIELDS = ("mean", "stderr", "foul_rate", "fantasyland_rate", "royalties")


def position(rules: Any, players: int, street: int, seed: int) -> ofc.Game:
    """A hand played by the heuristic policy until the seat to act is on ``street``."""
    g = ofc.Game(rules, players, seed=seed, match=False)
    while not g.done and g.street(g.turn) < street:   # type: ignore[arg-type]
        g.play("heuristic")
    assert not g.done
    return g


def same_as_evaluate_placements(g: Any, m: ofc.BestMove, seed: int, **kw: Any) -> None:
    for i, code in enumerate(m.codes):
        e = ofc.evaluate_placements(g, n=int(m.n[i]), seed=seed, candidates=[code], **kw)
        for f in FIELDS:   # (the standard error of one completion is NaN in both)
            assert np.array_equal(getattr(e, f)[:1], getattr(m, f)[i:i + 1], equal_nan=True), (code, f)
        assert (e.boards[0] == m.boards[i]).all()


# --- common random numbers: a candidate's figures are evaluate_placements' -----------------

@pytest.mark.parametrize("rules, players, street", [
    ("pineapple", 2, 0), ("pineapple", 2, 2), ("original", 3, 3), ("progressive", 2, 1),
    ("low", 2, 2), (JOKERS, 2, 1), ("pineapple", 3, 1), ("original", 4, 0)])
def test_candidates_equal_evaluate_placements(rules: Any, players: int, street: int) -> None:
    g = position(rules, players, street, seed=11)
    m = ofc.best_move(g, budget=240, seed=7, exact_limit=0)
    assert m.move == m.codes[0] and (m.board == m.boards[0]).all()
    assert m.completions == int(m.n.sum()) and not m.exact.any()
    same_as_evaluate_placements(g, m, 7)


def test_known_cards_and_fantasyland_value_as_evaluate_placements() -> None:
    kw: dict[str, Any] = {"known": "Ks 2d", "fantasyland_value": 7.5}
    m = ofc.best_move(OPEN, budget=200, seed=3, **kw)
    same_as_evaluate_placements(OPEN, m, 3, **kw)


def test_policy_argument() -> None:
    g = position("pineapple", 2, 3, seed=4)
    for policy in ("random", ofc.Policy("heuristic", foul=30.0)):
        m = ofc.best_move(g, budget=60, seed=2, policy=policy, exact_limit=0)
        same_as_evaluate_placements(g, m, 2, policy=policy)


def test_deterministic_whatever_the_workers() -> None:
    g = position("pineapple", 2, 1, seed=5)
    a = ofc.best_move(g, budget=500, seed=9)
    for w in (2, 3):
        b = ofc.best_move(g, budget=500, seed=9, workers=w)
        assert a.codes == b.codes and (a.n == b.n).all()
        for f in FIELDS:
            assert (getattr(a, f) == getattr(b, f)).all(), f


def test_successive_halving_shape() -> None:
    # a cheap pass over all 232 placements (one completion each), then 16, 8, 4 and 2
    m = ofc.best_move(OPEN, budget=1000, seed=1, shortlist=16)
    assert len(m.codes) == 232 and m.completions == 1000
    assert [int((m.n > 1).sum()), int((m.n > 13).sum()), int((m.n > 37).sum()), int((m.n > 85).sum())] \
        == [16, 8, 4, 2]
    assert m.n[0] == m.n[1] == m.n.max() and (np.diff(m.n) <= 0).all() and m.mean[0] >= m.mean[1]
    # the default budget: 2000 and 16 a placement
    assert ofc.best_move(OPEN, seed=1).completions == 2000 + 16 * 232
    # the heuristic's 16 best only: 16, 8, 4, 2
    h = ofc.best_move(OPEN, budget=1000, seed=1, shortlist=16, cheap_pass=16)
    assert len(h.codes) == 16 and h.completions <= 1000
    assert h.n[0] == h.n[1] == h.n.max() and (np.diff(h.n) <= 0).all() and h.mean[0] >= h.mean[1]


def test_time_limit_stops_a_huge_budget() -> None:
    m = ofc.best_move(OPEN, budget=10**9, seed=1, seconds=0.2)
    assert m.completions < 10**9 and m.move in m.codes


# --- the exact last street -------------------------------------------------------------

def _deals(pool: list[int], sizes: list[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way to give each turn its set of cards, turn after turn (lexicographic)."""
    if not sizes:
        yield ()
        return
    for first in itertools.combinations(pool, sizes[0]):
        rest = [c for c in pool if c not in first]
        for more in _deals(rest, sizes[1:]):
            yield (first,) + more


def exact_by_enumeration(g: Any, seed: int, policy: str = "heuristic") -> dict[int, tuple[np.ndarray, int]]:
    """Every placement's sums over every deal of the unseen cards, one rollout_sums call a
    deal (the library's own completions, every card fixed)."""
    r, flat, held, dead, fl, seats, pool, codes, boards, _ = read_decision(g, None, None)
    code, params, _ = read_policy(policy)
    players = flat.shape[0]
    out = {}
    for c, b in zip(codes, boards):
        f = flat.copy()
        f[0] = b
        fb = np.ascontiguousarray(f.reshape(-1))
        need, offs, counts = _sim.next_turns(players, r.first_round, r.rounds, r.round_cards, r.round_play,
                                             fb, fl)
        groups = sorted((o, k) for o, k in zip(offs, counts) if o >= 0)
        assert sum(k for _, k in groups) == need   # each other seat has one turn left
        sums = np.zeros((players, 5), np.int64)
        j = 0
        for deal in _deals(pool.tolist(), [k for _, k in groups]):
            fixed = np.full(need, 255, np.uint8)
            for (o, k), cs in zip(groups, deal):
                fixed[o:o + k] = cs
            s = _sim.rollout_sums(r.tables, players, r.first_round, r.rounds, r.round_cards, r.round_play,
                                  code, fb, pool, seed, j, j + 1, fl, fixed, None, params)
            assert not isinstance(s, int)
            sums += s
            j += 1
        out[c] = (sums, j)
    return out


def check_exact(g: Any, seed: int) -> None:
    m = ofc.best_move(g, seed=seed)
    want = exact_by_enumeration(g, seed)
    assert sorted(m.codes) == sorted(want) and m.exact.all() and (m.stderr == 0).all()
    for i, c in enumerate(m.codes):
        sums, n = want[c]
        assert m.n[i] == n
        assert m.mean[i] == totals.mean_stderr(sums[:, 0], sums[:, 1], n)[0][0]
        assert m.foul_rate[i] == totals.rate(sums[:, 2], n)[0]
        assert m.royalties[i] == totals.rate(sums[:, 4], n)[0]
    assert m.mean[0] == m.mean.max()


def last_street(rules: Any, players: int, seed: int) -> ofc.Game:
    r = ofc.get_rules(rules) if isinstance(rules, str) else rules
    return position(rules, players, r.rounds, seed)   # (rounds: the turns after the first)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_exact_last_street_original(players: int) -> None:
    for seed in range(3):
        check_exact(last_street("original", players, 20 + seed), seed)


def test_exact_score_when_every_other_board_is_complete() -> None:
    g = last_street("pineapple", 2, 3)
    g.play("heuristic")   # the first seat's last turn: the other acts last
    m = ofc.best_move(g, seed=1)
    assert m.exact.all() and (m.n == 1).all()
    seat = int(g.turn)   # type: ignore[arg-type]
    for i, c in enumerate(m.codes):
        h = g.clone()
        h.apply(c)
        assert h.done and m.mean[i] == h.scores[seat]


@pytest.mark.slow
@pytest.mark.parametrize("rules, players", [("pineapple", 2), ("pineapple", 3), ("original", 2),
                                            ("progressive", 2), ("low", 2), (JOKERS, 2), ("original", 4)])
def test_exact_last_street_many_positions(rules: Any, players: int) -> None:
    for seed in range(40 if players > 2 or rules == "original" else 15):
        g = last_street(rules, players, 100 + seed)
        if rules == "pineapple" and players == 3:
            # the second seat of the last street: one opponent left (before two, the unseen
            # cards fall C(15, 3) * C(12, 3) ways: sampled)
            assert not ofc.best_move(g, budget=100, seed=1).exact.any()
            g.play("heuristic")
        check_exact(g, seed)


# --- Fantasyland, Ctrl-C, memory -------------------------------------------------------

def test_fantasyland_turn_before_the_others_scores_the_solvers_settings() -> None:
    """The others still to play: the royalty solver's settings (stay credited, none, above
    all), each scored by the same completions of the other boards (rollout, common random
    numbers); the best mean is the move."""
    g = ofc.Game("pineapple", 2, seed=3, fantasyland=[14, 0], match=False)
    assert g.fantasyland[g.turn or 0]
    m = ofc.best_move(g, seed=1, budget=300, fantasyland_value=8)
    settings = {tuple(ofc.solve_fantasyland(g.held, "pineapple", stay_value=v).board.codes)
                for v in ({14: 8.0}, 0.0, 1000.0)}
    assert {tuple(b) for b in m.boards} == settings and m.codes == []
    assert (m.move == m.boards[0]).all() and list(m.mean) == sorted(m.mean, reverse=True)
    n = int(m.n[0])
    for b, mean in zip(m.boards, m.mean):
        dead = [c for c in g.held.tolist() if c not in b.tolist()]
        want = ofc.rollout([b, [255] * 13], dead=dead, n=n, seed=1, fantasyland=[14, 0], fantasyland_value=8)
        assert float(want.mean[0]) == float(mean)
    g.apply(m.move)   # the setting is the action of a Fantasyland turn


@pytest.mark.parametrize("rules", ["pineapple", "progressive", "original"])
def test_fantasyland_turn_against_complete_boards_is_the_points_solver(rules: str) -> None:
    rng = np.random.default_rng(len(rules))
    r = ofc.get_rules(rules)
    for _ in range(12):
        deck = rng.permutation(52).astype(np.uint8)
        k = 14 if rules != "original" else 13
        held, other = deck[:k], deck[k:k + 13]
        m = ofc.best_move(([[255] * 13, other], held), r, fantasyland=[k, 0], seed=1)
        want = ofc.solve_fantasyland(held, r, against=other)
        assert (m.move == np.asarray(want.board.codes)).all() and bool(m.exact[0])
        assert float(m.mean[0]) == float(want.value) and float(m.stderr[0]) == 0.0
        # and no other setting of these cards scores more against that board
        assert float(m.mean[0]) >= float(ofc.solve_fantasyland(held, r, against=other, stay_value=0).points)


def test_ctrl_c_stops_a_huge_budget() -> None:
    t0_cpu = cpu_seconds()
    with pressing_ctrl_c(), pytest.raises(KeyboardInterrupt):
        ofc.best_move(OPEN, budget=10**9, seed=1, workers=2)
    assert cpu_seconds() - t0_cpu < 10
    assert ofc.best_move(OPEN, budget=300, seed=1).completions == 300


def test_no_memory_growth() -> None:
    from rss import rss_growth
    snippet = """
import ofc_fast as ofc
g = ofc.Game("original", 3, seed=2, match=False)
while g.street(g.turn) < 8:
    g.play("heuristic")
def work():
    ofc.best_move((["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c"), budget=60, seed=1, known="Ks", fantasyland_value=3)
    ofc.best_move(g, seed=1)
    try:
        ofc.best_move((["-- / -- / --"] * 2, "Ah Ah 7c 8c 9c"), seed=1)
    except ValueError:
        pass
warm = work
"""
    grew = rss_growth(snippet, 3)
    assert grew < 8 * 2**20, f"RSS grew by {grew / 2**20:.1f} MiB"
