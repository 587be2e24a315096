"""stay_mode "tier" (issue 19; victorywys/OFC_Solver): a player in Fantasyland keeps the
tier they are in only when the top earns that tier's entry again; trips do not keep a
QQ tier.  HOUSE_RULES["progressive_tier"]; golden cases in ofc_fast/golden/progressive.json
(ids house-progressive_tier-...); the C kernels against the reference in
test_board_rules_house.py (differential, solver against enumeration)."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import reference as R

TIER = ofc.HOUSE_RULES["progressive_tier"]
KK = "Kh Kd 2c / 5s 6s 7s 8s 9d / Ac Ad Ah 3s 3d"


def test_the_house_rule_is_data() -> None:
    assert (TIER.stay_mode, TIER.stay_cards_mode) == ("tier", "current")
    assert TIER.can_stay and TIER.stay_conditions == (None, None, None)
    assert ofc.Rules.from_dict(TIER.to_dict()) == TIER
    assert ofc.get_rules("Progressive_Tier") is TIER
    with pytest.raises(ValueError, match="stay_mode must be 'conditions', 'entry' or 'tier'"):
        dataclasses.replace(ofc.PROGRESSIVE, stay_mode="tiers")
    with pytest.raises(ValueError, match="stay_cards is 0 but stay_mode is 'tier'"):
        dataclasses.replace(ofc.PROGRESSIVE, stay_mode="tier", stay_cards=0, stay_top=None,
                            stay_middle=None, stay_bottom=None)


def test_each_tier_is_kept_by_its_own_entry_only() -> None:
    b = ofc.Board.parse(KK)
    # KK earns 15: kept in the KK tier only; 0/1 (a bare flag) is the base tier, 14
    assert [b.fantasyland(TIER, v) for v in (14, 15, 16, 17)] == [0, 15, 0, 0]
    assert ofc.analyze(np.stack([b.codes] * 4), TIER, in_fantasyland=[0, 1, 15, 16]).stays.tolist() == \
        [False, False, True, False]
    trips = ofc.Board.parse("5h 5d 5c / 8s 8d 8c 8h 2d / As Ks Qs Js Ts")
    assert [trips.fantasyland(TIER, v) for v in (14, 17)] == [0, 17]
    # outside Fantasyland entry is as Progressive
    assert b.fantasyland(TIER, False) == b.fantasyland(ofc.PROGRESSIVE, False) == 15
    # the reference agrees
    assert [R.fantasyland(ofc.parse_boards(KK).tolist(), TIER, v) for v in (14, 15, 16)] == [0, 15, 0]


def test_the_solver_keeps_a_tier_with_that_entry() -> None:
    # 14 cards (the QQ tier) holding QQQ: trips on top earn 17, so only a QQ pair keeps 14
    hand = "Qh Qd Qc 2s 3s 4s 5s 7s 9h Th Jh Kh 8c 6d"
    keep = ofc.solve_fantasyland(hand, TIER, stay_value={14: 1000})
    queens = set(ofc.cards("Qh Qd Qc").tolist())
    assert keep.stays and len(queens & set(keep.board.codes[:3].tolist())) == 2
    assert keep.board.fantasyland(TIER, 14) == 14
    # under Progressive's own rules the trips stay (stay_top trips): no such constraint
    assert ofc.solve_fantasyland(hand, ofc.PROGRESSIVE, stay_value=1000).stays


def test_a_game_keeps_the_count_it_is_in_fantasyland_with() -> None:
    """ofc_game_result judges a Fantasyland seat with its count (a tier, or a count kept
    under stay_cards_mode "current"), as analyze(in_fantasyland=count) does."""
    for rules in (TIER, ofc.HOUSE_RULES["progressive_keep"]):
        stayed = 0
        for seed in range(40):
            g = ofc.Game(rules, 2, seed=seed, fantasyland=[16, 0], match=False)
            g.play_hand([lambda g: ofc.solve_fantasyland(g.held, g.rules, stay_value=500).board, "random"])
            want = int(ofc.analyze(g.boards[0], rules, in_fantasyland=16).fantasyland)
            assert int(g.next_fantasyland[0]) == want
            stayed += want == 16
        assert stayed > 0, rules.name
