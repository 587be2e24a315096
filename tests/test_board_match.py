"""Matches (docs/RULES.md §10): stacks start at match_points, move by each hand's score, end at a bust."""
import dataclasses

import numpy as np
import pytest

import ofc_fast as ofc


def test_points_move_until_a_player_busts():
    r = ofc.play_match([[30, -30], [40, -40], [50, -50], [10, -10]], ofc.PINEAPPLE)
    # 100 - 30 - 40 - 50 = -20 after the third hand: the match ends there
    assert r.points.tolist() == [220, -20]
    assert r.hands_played == 3
    assert r.losers.tolist() == [False, True]


def test_exactly_zero_loses():
    r = ofc.play_match([[100, -100], [5, -5]])
    assert r.points.tolist() == [200, 0] and r.hands_played == 1 and r.losers.tolist() == [False, True]


def test_nobody_busts():
    r = ofc.play_match([[5, -5], [-3, 3]])
    assert r.points.tolist() == [102, 98] and r.hands_played == 2 and not r.losers.any()


def test_start_points_come_from_the_rules_or_the_caller():
    house = dataclasses.replace(ofc.PINEAPPLE, name="short", match_points=20)
    assert ofc.play_match([[25, -25]], house).losers.tolist() == [False, True]
    assert ofc.play_match([[25, -25]], ofc.PINEAPPLE).losers.tolist() == [False, False]
    r = ofc.play_match([[25, -25]], start=[10, 30])
    assert r.points.tolist() == [35, 5] and not r.losers.any()


def test_many_matches_at_once_equal_one_by_one():
    rng = np.random.default_rng(3)
    deals = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (40 * 30, 1)), axis=1)[:, :39]
    scores = ofc.score(deals.reshape(40, 30, 3, 13), ofc.ORIGINAL)
    many = ofc.play_match(scores, ofc.ORIGINAL)
    assert many.points.shape == (40, 3) and many.hands_played.shape == (40,)
    for m in range(40):
        one = ofc.play_match(scores[m], ofc.ORIGINAL)
        assert one.points.tolist() == many.points[m].tolist()
        assert one.hands_played == int(many.hands_played[m])
        # plain loop: the first hand after which someone is at 0 or less
        stacks, played = [100, 100, 100], 0
        for hand in scores[m]:
            stacks = [a + int(b) for a, b in zip(stacks, hand)]
            played += 1
            if min(stacks) <= 0:
                break
        assert stacks == one.points.tolist() and played == one.hands_played
        assert points_sum(one.points) == 300


def points_sum(points):
    return int(np.asarray(points).sum())


@pytest.mark.parametrize("bad, exc, needle", [
    ([[1, 0]], ValueError, "do not sum to 0"),
    ([1, -1], ValueError, "hands, players"),
    ([[1.5, -1.5]], TypeError, "float"),
    ([[1, -1, 0, 0, 0]], ValueError, "2 to 4 players"),
])
def test_bad_scores(bad, exc, needle):
    with pytest.raises(exc, match=needle):
        ofc.play_match(bad)
