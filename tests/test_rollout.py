"""Monte Carlo rollouts against pure-Python references, workers, merging, placements."""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import reference
from ofc_fast.rollout import evaluate_placements, merge, rollout

EMPTY = 255


def _holes(board: list[int], k: int, rng: random.Random) -> list[int]:
    """Empty the last k slots of rows chosen at random (rows fill left to right)."""
    b = list(board)
    for _ in range(k):
        rows = [(lo, hi) for lo, hi in ((0, 3), (3, 8), (8, 13)) if b[lo] != EMPTY]
        lo, hi = rng.choice(rows)
        last = max(i for i in range(lo, hi) if b[i] != EMPTY)
        b[last] = EMPTY
    return b


def test_last_card_exact_expectation() -> None:
    """Original, one card left each: the rollout mean is the exact average over every deal."""
    rng = random.Random(5)
    deck = list(range(52))
    rng.shuffle(deck)
    b0 = _holes(deck[:13], 1, rng)
    b1 = _holes(deck[13:26], 1, rng)
    unseen = sorted(set(range(52)) - set(b0) - set(b1))
    want = np.zeros(2)
    fouls = np.zeros(2)
    pairs = list(itertools.permutations(unseen, 2))
    for c0, c1 in pairs:
        x0 = [c0 if c == EMPTY else c for c in b0]
        x1 = [c1 if c == EMPTY else c for c in b1]
        want += reference.score([x0, x1], ofc.ORIGINAL)
        fouls += [reference.fouled(x0, ofc.ORIGINAL), reference.fouled(x1, ofc.ORIGINAL)]
    want /= len(pairs)
    got = rollout(np.array([b0, b1], np.uint8), ofc.ORIGINAL, n=20000, seed=3)
    assert (np.abs(got.mean - want) <= 4 * got.stderr + 1e-9).all(), (got.mean, want, got.stderr)
    assert np.abs(got.foul_rate - fouls / len(pairs)).max() < 0.03


def _python_rollout(b0: list[int], b1: list[int], rules: ofc.Rules, n: int, seed: int) -> np.ndarray:
    """Independent Monte Carlo: one Pineapple turn each, a uniform legal placement."""
    rng = random.Random(seed)
    unseen = sorted(set(range(52)) - set(b0) - set(b1))
    out = np.zeros((n, 2))
    for i in range(n):
        cards = rng.sample(unseen, 6)
        boards = []
        for b, held in ((b0, cards[:3]), (b1, cards[3:])):
            holes = [j for j, c in enumerate(b) if c == EMPTY]
            # a uniform legal placement: which card is discarded, which slot each goes to;
            # the slots of one row are interchangeable, so place in row order
            options = []
            for drop in range(3):
                keep = [c for k, c in enumerate(held) if k != drop]
                for perm in itertools.permutations(keep):
                    x = list(b)
                    for j, c in zip(holes, perm):
                        x[j] = c
                    options.append(tuple(x))
            boards.append(list(rng.choice(sorted(set(options)))))
        out[i] = reference.score(boards, rules)
    return out


def test_pineapple_last_turn_matches_python() -> None:
    rng = random.Random(11)
    deck = list(range(52))
    rng.shuffle(deck)
    b0 = _holes(deck[:13], 2, rng)
    b1 = _holes(deck[13:26], 2, rng)
    py = _python_rollout(b0, b1, ofc.PINEAPPLE, 3000, 1)
    got = rollout(np.array([b0, b1], np.uint8), ofc.PINEAPPLE, n=30000, seed=2)
    err = np.sqrt(got.stderr ** 2 + py.std(axis=0, ddof=1) ** 2 / len(py))
    assert (np.abs(got.mean - py.mean(axis=0)) <= 4.5 * err).all(), (got.mean, py.mean(axis=0), err)


def test_workers_and_merge_identical() -> None:
    boards = ["Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad", "-- / -- / --"]
    a = rollout(boards, n=20000, seed=9, workers=1)
    b = rollout(boards, n=20000, seed=9, workers=2)
    assert (a.sums == b.sums).all() and a.mean.tolist() == b.mean.tolist()
    parts = [rollout(boards, n=5000, seed=9, start=s) for s in range(0, 20000, 5000)]
    m = merge(parts)
    assert (m.sums == a.sums).all() and m.stderr.tolist() == a.stderr.tolist()
    assert abs(float(a.mean.sum())) < 1e-9


def test_greedy_rollout_and_dead_cards() -> None:
    boards = ["Ah Ad / 2c 3d 4h / 5s 6s", "-- / -- / --"]
    r = rollout(boards, policy="greedy", n=50, seed=1, dead=["Ac", "As"])
    assert r.n == 50 and r.sums[:, 2].max() <= 50


def test_evaluate_placements_opening() -> None:
    p = evaluate_placements((["--/--/--", "--/--/--"], "Ah Ad 7c 8c 9c"), n=300, seed=3)
    assert len(p.codes) == 232 and len(set(p.codes)) == 232
    assert (np.diff(p.mean) <= 0).all()
    # AA on top with nothing below fouls more than AA on the bottom
    best = p.boards[0]
    assert ofc.card_str(best) != ""
    top_aa = [i for i, b in enumerate(p.boards) if set(b[:2].tolist()) == {ofc.card("Ah"), ofc.card("Ad")}]
    assert p.foul_rate[top_aa].min() > p.foul_rate[0]


def test_evaluate_placements_from_game() -> None:
    g = ofc.Game("pineapple", 2, seed=4)
    g.play("random")
    p = evaluate_placements(g, n=100, seed=1)
    assert sorted(p.codes) == g.legal_actions()


@pytest.mark.parametrize("kwargs,exc,match", [
    ({"n": -1}, ValueError, "n must be"),
    ({"policy": "smart"}, ValueError, "policy must be"),
    ({"seed": None}, TypeError, "seed"),
    ({"dead": ["Qh"]}, ValueError, "also on the board"),
    ({"workers": 0}, ValueError, "workers"),
])
def test_bad_rollout_arguments(kwargs: dict, exc: type, match: str) -> None:
    args: dict = {"n": 10, "seed": 1}
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        rollout(["Qh Qd / 5s 6s 7s / Kc Kd", "-- / -- / --"], **args)


def test_bad_boards() -> None:
    with pytest.raises(ValueError, match="two boards"):
        rollout(["Qh Qd / 5s 6s 7s / Kc Kd", "Qh 3c / 8d 9d Td / Ac Ad"], n=10, seed=1)
    with pytest.raises(ValueError, match="not one a pineapple hand reaches"):
        rollout(["Qh / -- / --", "-- / -- / --"], n=10, seed=1)
    with pytest.raises(ValueError, match="holds 3"):
        evaluate_placements((["Qh Qd / 5s 6s 7s / --", "--/--/--"], "2c 3c"), n=10, seed=1)
