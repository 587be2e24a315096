"""score_details adds up to score / score_matrix; find_duplicates finds the repeated cards."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import reference as ref

RNG = np.random.default_rng(5)


def _deals(n: int, players: int) -> np.ndarray:
    return np.argsort(RNG.random((n, 52)), axis=1)[:, :13 * players].astype(np.uint8).reshape(n, players, 13)


# unfouled boards, no card in two of them, so that royalties, scoops and ties all occur
GOOD = [ofc.parse_boards(t) for t in (
    "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d",
    "3h 4d 6c / 5h 5d 7h 8h 9c / Tc Td Th 3s 3c",
    "Ah Ad Ac / 2h 4h 6h 9h Jh / Js Jd Jc 4s 4c",
)]


@pytest.mark.parametrize(("players", "rules"), [
    pytest.param(p, r, id=f"{r.name}-{p}") for r in ofc.PRESETS.values()
    for p in range(r.min_players, r.max_players + 1)])
def test_details_add_up_to_score(players: int, rules: ofc.Rules) -> None:
    deals = _deals(800, players)
    d = ofc.score_details(deals, rules)
    pairs = list(itertools.combinations(range(players), 2))
    assert d.pairs.tolist() == [list(p) for p in pairs]
    k = len(pairs)
    assert d.rows.shape == (800, k, 3) and d.total.shape == (800, k) and d.royalties.shape == (800, k, 2)
    matrix = ofc.score_matrix(deals, rules)
    net = ofc.score(deals, rules)
    fouled = ofc.analyze(deals, rules).fouled
    assert fouled.any() and (~fouled).any()
    for j, (a, b) in enumerate(pairs):
        assert np.array_equal(d.total[:, j], matrix[:, a, b])
        assert np.array_equal(d.row_points[:, j], d.rows[:, j].sum(axis=-1))
        assert np.array_equal(d.total[:, j], d.row_points[:, j] + d.scoop[:, j]
                              + d.royalties[:, j, 0] - d.royalties[:, j, 1])
        both = fouled[:, a] & fouled[:, b]
        assert (d.rows[both, j] == 0).all()
        only_a = fouled[:, a] & ~fouled[:, b]
        assert (d.rows[only_a, j] == -1).all() and (d.scoop[only_a, j] == -rules.scoop_bonus).all()
    got = np.zeros_like(net)
    for j, (a, b) in enumerate(pairs):
        got[:, a] += d.total[:, j]
        got[:, b] -= d.total[:, j]
    assert np.array_equal(got, net)


def test_details_of_one_deal_against_the_reference() -> None:
    for a, b in itertools.permutations(GOOD, 2):
        deal = [a.tolist(), b.tolist()]
        d = ofc.score_details(deal, ofc.PINEAPPLE)
        assert d.rows.shape == (1, 3) and d.total.shape == (1,)
        assert int(d.total[0]) == ref.score_matrix(deal, ofc.PINEAPPLE)[0][1]
        assert d.royalties[0].tolist() == [sum(ref.royalties(a.tolist(), ofc.PINEAPPLE)),
                                           sum(ref.royalties(b.tolist(), ofc.PINEAPPLE))]
    d = ofc.score_details([GOOD[0], GOOD[1]], "pineapple")
    assert d.rows.tolist() == [[1, 1, 1]] and d.scoop.tolist() == [3]
    assert d.royalties.tolist() == [[21, 6]] and d.total.tolist() == [21]


def test_find_duplicates() -> None:
    boards = _deals(50, 1).reshape(50, 13)
    assert ofc.find_duplicates(boards).tolist() == []
    bad = boards.copy()
    bad[7, 12] = bad[7, 0]
    bad[31, 4] = bad[31, 3]
    assert ofc.find_duplicates(bad).tolist() == [7, 31]
    assert ofc.find_duplicates(bad.astype(np.int64)).tolist() == [7, 31]
    # empty slots are not repeats
    part = boards.copy()
    part[3, 5:] = 255
    assert ofc.find_duplicates(part).tolist() == []
    assert ofc.find_duplicates(np.where(part == 255, -1, part.astype(np.int64))).tolist() == []
    # deals: each whole deal is one row
    deals = _deals(20, 2)
    deals[9, 1, 2] = deals[9, 0, 11]
    assert ofc.find_duplicates(deals).tolist() == []            # each board on its own is fine
    assert ofc.find_duplicates(deals.reshape(20, -1)).tolist() == [9]
    # text, Board objects, one board
    assert ofc.find_duplicates([ofc.card_str(b) for b in bad[5:9]]).tolist() == [2]
    assert ofc.find_duplicates([ofc.Board(b) for b in boards[:3]]).tolist() == []
    assert ofc.find_duplicates(bad[7]).tolist() == [0]
    # every board it does not list is accepted by analyze
    ok = np.setdiff1d(np.arange(50), ofc.find_duplicates(bad))
    ofc.analyze(bad[ok])
