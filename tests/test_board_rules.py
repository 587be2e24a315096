"""Rules: validation of every field, the presets of docs/RULES.md, variants and player counts."""
from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import reference as R

H = ofc.HandCategory
PRESETS = (ofc.ORIGINAL, ofc.PINEAPPLE, ofc.PROGRESSIVE, ofc.LOW)


def _board(text: str) -> list[int]:
    return [int(c) for c in ofc.parse_boards(text)]


def refused(base: ofc.Rules, field: str | tuple[str, ...], **changes: Any) -> str:
    """dataclasses.replace(base, **changes) must raise ValueError naming ``field``."""
    with pytest.raises(ValueError) as info:
        dataclasses.replace(base, **changes)
    msg = str(info.value)
    fields = (field,) if isinstance(field, str) else field
    assert any(re.search(rf"(?<!\w){re.escape(f)}(?!\w)", msg) for f in fields), \
        f"message does not name {field!r}: {msg!r}"
    return msg


# ---------------------------------------------------------------- presets

def test_presets_are_rules_md() -> None:
    top_pair = (0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)          # 66 = 1 .. AA = 9
    top_trips = tuple(range(10, 23))                             # 222 = 10 .. AAA = 22
    middle = (0, 0, 0, 2, 4, 8, 12, 20, 30, 50)                  # trips 2 .. royal 50
    bottom = (0, 0, 0, 0, 2, 4, 6, 10, 15, 25)                   # straight 2 .. royal 25
    for r in PRESETS:
        assert r.top_pair == top_pair and r.top_trips == top_trips, r.name
        assert r.bottom == bottom, r.name
        assert r.scoop_bonus == 3 and r.match_points == 100 and r.min_players == 2, r.name
        assert r.stay_top == H.THREE_OF_A_KIND and r.stay_bottom == H.FOUR_OF_A_KIND, r.name
        assert isinstance(r.stay_top, H)
    for r in (ofc.ORIGINAL, ofc.PINEAPPLE, ofc.PROGRESSIVE):
        assert not r.low and r.middle == middle and r.stay_middle == H.FULL_HOUSE
        assert r.low_middle == (0,) * 13 and r.low_nuts == r.fl_low_nuts == r.fl_low_both == 0
    o = ofc.ORIGINAL
    assert o.name == "original" and o.max_players == 4
    assert o.fl_top_pair == (0,) * 10 + (13, 13, 13) and o.fl_top_trips == (13,) * 13
    assert o.stay_cards == 13
    assert (o.first_round, o.rounds, o.round_cards, o.round_play) == (5, 8, 1, 1)
    assert o.cards_dealt == 13
    p = ofc.PINEAPPLE
    assert p.name == "pineapple" and p.max_players == 3
    assert p.fl_top_pair == (0,) * 10 + (14, 14, 14) and p.fl_top_trips == (14,) * 13
    assert p.stay_cards == 14
    assert (p.first_round, p.rounds, p.round_cards, p.round_play) == (5, 4, 3, 2)
    assert p.cards_dealt == 17
    g = ofc.PROGRESSIVE
    assert g.name == "progressive" and g.max_players == 3
    assert g.fl_top_pair == (0,) * 10 + (14, 15, 16) and g.fl_top_trips == (17,) * 13
    assert g.stay_cards == 14
    assert (g.first_round, g.rounds, g.round_cards, g.round_play) == (5, 4, 3, 2)
    w = ofc.LOW
    assert w.name == "low" and w.low and w.max_players == 3
    assert w.low_middle == (0, 0, 0, 0, 0, 4, 2, 1, 0, 0, 0, 0, 0)   # 7 high 4, 8 high 2, 9 high 1
    assert w.low_nuts == 8
    assert w.fl_top_pair == (0,) * 11 + (14, 14) and w.fl_top_trips == (14,) * 13   # KK+
    assert (w.fl_low_nuts, w.fl_low_both, w.fl_low_mode) == (14, 15, "either")
    assert w.stay_middle is None and w.stay_cards == 14
    assert (w.first_round, w.rounds, w.round_cards, w.round_play) == (5, 4, 3, 2)   # as Pineapple
    assert set(ofc.PRESETS) == {"original", "pineapple", "progressive", "low"}
    assert all(ofc.PRESETS[r.name] is r for r in PRESETS)


def test_stay_conventions() -> None:
    assert ofc.STAY_CONVENTIONS == {
        "standard": (H.THREE_OF_A_KIND, H.FULL_HOUSE, H.FOUR_OF_A_KIND),
        "quads_middle": (H.THREE_OF_A_KIND, H.FOUR_OF_A_KIND, H.FOUR_OF_A_KIND),
        "top_bottom": (H.THREE_OF_A_KIND, None, H.FOUR_OF_A_KIND),
    }
    for r in PRESETS:
        for name, (top, mid, bot) in ofc.STAY_CONVENTIONS.items():
            v = r.with_stay(name)
            assert v.stay_conditions == (top, None if r.low else mid, bot)
            assert v.name == r.name and v.stay_cards == r.stay_cards
    with pytest.raises(ValueError, match="convention"):
        ofc.PINEAPPLE.with_stay("nope")


def test_get_rules() -> None:
    for r in PRESETS:
        assert ofc.get_rules(r.name) is r
        assert ofc.get_rules(r.name.upper()) is r
        assert ofc.get_rules(r) is r
    house = dataclasses.replace(ofc.PINEAPPLE, name="house")
    assert ofc.get_rules(house) is house
    for bad in (None, 3, ofc.PRESETS, b"pineapple"):
        with pytest.raises(TypeError, match="rules"):
            ofc.get_rules(bad)  # type: ignore[arg-type]
    for name in ("house", "", "pine", "PINE"):
        # an unknown name lists the presets
        with pytest.raises(ValueError, match="original, pineapple, progressive, low") as info:
            ofc.get_rules(name)
        assert repr(name) in str(info.value)
    with pytest.raises(ValueError, match="'house'"):
        ofc.analyze("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", "house")


def test_one_default_rules_object() -> None:
    """Every function and method that takes rules defaults to PINEAPPLE."""
    import inspect

    takers = [ofc.analyze, ofc.score, ofc.score_matrix, ofc.play_match]
    takers += [getattr(ofc.Board, m) for m in dir(ofc.Board)
               if not m.startswith("_") and callable(getattr(ofc.Board, m))]
    seen = 0
    for fn in takers:
        params = inspect.signature(fn).parameters
        if "rules" in params:
            assert params["rules"].default is ofc.PINEAPPLE, fn
            seen += 1
    assert seen >= 9
    # AA on top: 14 cards in Pineapple (16 would be Progressive)
    board = ofc.Board.parse("Ah Ad 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")
    assert board.fantasyland() == 14 == int(ofc.analyze(board).fantasyland)


def test_rules_repr() -> None:
    """Presets print as their name in the package, other rules by what differs."""
    for r in PRESETS:
        assert repr(r) == f"ofc_fast.{r.name.upper()}"
    house = dataclasses.replace(ofc.PINEAPPLE, name="house", scoop_bonus=6)
    assert repr(house) == "Rules(name='house', scoop_bonus=6)"
    renamed_low = dataclasses.replace(ofc.LOW, name="low2", fl_low_mode="both")
    changed = dataclasses.replace(ofc.PINEAPPLE, scoop_bonus=4)   # a preset's name, other values
    quads = ofc.PINEAPPLE.with_stay("quads_middle")
    assert "stay_middle=HandCategory.FOUR_OF_A_KIND" in repr(quads)
    for r in (house, renamed_low, changed, quads):
        assert eval(repr(r), {"Rules": ofc.Rules, "HandCategory": ofc.HandCategory}) == r
    assert repr(changed) == "Rules(name='pineapple', scoop_bonus=4)"
    # the short repr changes neither equality, hashing nor pickling
    assert house == dataclasses.replace(house) and hash(house) == hash(dataclasses.replace(house))
    assert "= ofc_fast.PINEAPPLE" in str(__import__("inspect").signature(ofc.analyze))


def test_rules_are_frozen_and_hashable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        ofc.PINEAPPLE.scoop_bonus = 6  # type: ignore[misc]
    assert dataclasses.replace(ofc.PINEAPPLE) == ofc.PINEAPPLE
    assert hash(dataclasses.replace(ofc.PINEAPPLE)) == hash(ofc.PINEAPPLE)
    assert len({*PRESETS, *PRESETS}) == 4


def test_numpy_and_list_values_are_normalised() -> None:
    r = dataclasses.replace(ofc.PINEAPPLE, top_pair=list(np.arange(13, dtype=np.int64)),
                            scoop_bonus=np.int32(5), stay_top=3, stay_middle=np.int8(7))
    assert r.top_pair == tuple(range(13)) and all(type(v) is int for v in r.top_pair)
    assert type(r.scoop_bonus) is int and r.scoop_bonus == 5
    assert r.stay_top is H.THREE_OF_A_KIND and r.stay_middle is H.FOUR_OF_A_KIND
    assert dataclasses.replace(ofc.LOW, low=np.bool_(True)).low is True


# ------------------------------------------------------------- validation

TABLES = {"top_high": 13, "top_pair": 13, "top_trips": 13, "middle": 10, "bottom": 10, "low_middle": 13,
          "fl_top_pair": 13, "fl_top_trips": 13}
SCALARS = ("low_nuts", "scoop_bonus", "fl_low_nuts", "fl_low_both", "stay_cards", "min_players",
           "max_players", "first_round", "rounds", "round_cards", "round_play", "match_points")


@pytest.mark.parametrize("field, size", TABLES.items())
def test_table_shape_and_items(field: str, size: int) -> None:
    base = ofc.LOW if field == "low_middle" else ofc.PINEAPPLE
    ok = getattr(base, field)
    for bad in (ok[:-1], ok + (0,), (), "0" * size, b"\0" * size, 5, None):
        refused(base, field, **{field: bad})
    for item in (1.0, 1.5, "1", None, True, False, np.float64(2.0), [1]):
        table = list(ok)
        table[3] = item
        msg = refused(base, field, **{field: tuple(table)})
        assert f"{field}[3]" in msg
    # numpy arrays and lists of the right size are accepted
    assert getattr(dataclasses.replace(base, **{field: np.array(ok)}), field) == ok
    assert getattr(dataclasses.replace(base, **{field: list(ok)}), field) == ok


@pytest.mark.parametrize("field", SCALARS)
def test_scalar_fields_are_ints(field: str) -> None:
    base = ofc.LOW
    for bad in (1.0, "3", None, True, False, (3,), np.float32(3)):
        refused(base, field, **{field: bad})


def test_royalty_ranges() -> None:
    for field in ("top_high", "top_pair", "top_trips", "middle", "bottom"):
        for v in (32_768, -32_769):     # a row's royalty is an int16
            table = list(getattr(ofc.PINEAPPLE, field))
            table[-1] = v
            refused(ofc.PINEAPPLE, f"{field}[{len(table) - 1}]", **{field: tuple(table)})
        table = list(getattr(ofc.PINEAPPLE, field))
        table[-1] = -10_000     # negative royalties are allowed (house rules)
        assert getattr(dataclasses.replace(ofc.PINEAPPLE, **{field: tuple(table)}), field)[-1] == -10_000
    refused(ofc.LOW, "low_middle[5]", low_middle=(0,) * 5 + (32_768,) + (0,) * 7)
    refused(ofc.LOW, "low_nuts", low_nuts=32_768)
    refused(ofc.LOW, "low_nuts", low_nuts=-32_769)
    refused(ofc.PINEAPPLE, "scoop_bonus", scoop_bonus=-1)
    refused(ofc.PINEAPPLE, "scoop_bonus", scoop_bonus=2**31)
    # each field fits, but together a deal's score could overflow int32 (see test_reliability)
    refused(ofc.ORIGINAL, ("scoop_bonus", "max_players", "int32"), scoop_bonus=2**30)
    assert dataclasses.replace(ofc.PINEAPPLE, scoop_bonus=0).scoop_bonus == 0


def test_fantasyland_counts() -> None:
    for bad in (1, 12, 18, 40, 53, 255, 256, -1, -14):
        refused(ofc.PINEAPPLE, "fl_top_pair[12]", fl_top_pair=(0,) * 12 + (bad,))
        refused(ofc.PINEAPPLE, "fl_top_trips[0]", fl_top_trips=(bad,) + (14,) * 12)
        refused(ofc.PINEAPPLE, "stay_cards", stay_cards=bad)
        refused(ofc.LOW, "fl_low_nuts", fl_low_nuts=bad)
        refused(ofc.LOW, "fl_low_both", fl_low_both=bad)
    for good in (0, 13, 17):
        assert dataclasses.replace(ofc.PINEAPPLE, fl_top_pair=(good,) * 13).fl_top_pair[0] == good
    # every seat may be in Fantasyland at once: max_players x count <= 52 (docs/RULES.md §7)
    assert (ofc.PINEAPPLE.fantasyland_limit, ofc.ORIGINAL.fantasyland_limit) == (17, 13)
    refused(ofc.ORIGINAL, "fl_top_pair[12]", fl_top_pair=(0,) * 12 + (14,))
    assert dataclasses.replace(ofc.ORIGINAL, max_players=3, fl_top_pair=(0,) * 12 + (14,)).fantasyland_limit == 17
    two = dataclasses.replace(ofc.PINEAPPLE, max_players=2, fl_top_pair=(26,) * 13)
    assert two.fl_top_pair[0] == two.fantasyland_limit == 26
    refused(two, "fl_top_pair[0]", max_players=3)
    with pytest.raises(ValueError, match="in_fantasyland"):
        ofc.analyze("Qh Qd 2c / 5s 6s 7s 8s 9s / Kc Kd Kh Ks 2d", ofc.HOUSE_RULES["progressive_keep"],
                    in_fantasyland=18)
    # no stay count while a stay condition is set; fine once every condition is None
    refused(ofc.PINEAPPLE, "stay_cards", stay_cards=0)
    none = dataclasses.replace(ofc.PINEAPPLE, stay_cards=0, stay_top=None, stay_middle=None,
                               stay_bottom=None)
    assert none.stay_conditions == (None, None, None)


def test_stay_categories() -> None:
    for bad in (H.TWO_PAIR, H.STRAIGHT, H.FLUSH, H.FULL_HOUSE, H.FOUR_OF_A_KIND, H.ROYAL_FLUSH, 4, 9):
        refused(ofc.PINEAPPLE, "stay_top", stay_top=bad)       # impossible on a 3-card top
    for field in ("stay_top", "stay_middle", "stay_bottom"):
        for bad in (10, -1, True, "FULL_HOUSE", 6.0):
            refused(ofc.PINEAPPLE, field, **{field: bad})
    for cat in list(H)[:10]:   # natural categories: five of a kind sets no stay
        assert dataclasses.replace(ofc.PINEAPPLE, stay_middle=cat, stay_bottom=cat).stay_bottom is cat
    for cat in (H.HIGH_CARD, H.PAIR, H.THREE_OF_A_KIND):
        assert dataclasses.replace(ofc.PINEAPPLE, stay_top=cat).stay_top is cat


def test_low_only_fields() -> None:
    refused(ofc.LOW, "stay_middle", stay_middle=H.FULL_HOUSE)     # a Low middle is a 2-7 low
    refused(ofc.PINEAPPLE, "low_nuts", low_nuts=8)
    refused(ofc.PINEAPPLE, "fl_low_nuts", fl_low_nuts=14)
    refused(ofc.PINEAPPLE, "fl_low_both", fl_low_both=15)
    refused(ofc.PINEAPPLE, "low_middle", low_middle=ofc.LOW.low_middle)
    # switching low off without clearing them is refused too
    refused(ofc.LOW, ("low_nuts", "fl_low_nuts", "fl_low_both", "low_middle"), low=False,
            stay_middle=H.FULL_HOUSE)
    for bad in ("neither", "Both", "", None, 1):
        refused(ofc.LOW, "fl_low_mode", fl_low_mode=bad)
    refused(ofc.PINEAPPLE, "low", low=1)
    refused(ofc.PINEAPPLE, "low", low="yes")
    assert dataclasses.replace(ofc.LOW, fl_low_mode="both").fl_low_mode == "both"


def test_stay_modes() -> None:
    for bad in ("Entry", "", None, 1, "current"):
        refused(ofc.PINEAPPLE, "stay_mode", stay_mode=bad)
    for bad in ("Fixed", "", None, 0, "entry", "upgrade"):
        refused(ofc.PINEAPPLE, "stay_cards_mode", stay_cards_mode=bad)
    # meeting the entry condition stays: needs a stay count
    refused(ofc.PINEAPPLE, ("stay_cards", "stay_mode"), stay_mode="entry", stay_cards=0,
            stay_top=None, stay_middle=None, stay_bottom=None)
    # Low's "both" entry spans two rows: not a stay condition
    refused(ofc.LOW, ("stay_mode", "fl_low_mode"), stay_mode="entry", fl_low_mode="both")
    r = dataclasses.replace(ofc.LOW, stay_mode="entry", stay_cards_mode="current")
    assert (r.stay_mode, r.stay_cards_mode) == ("entry", "current")
    assert r.can_stay and not dataclasses.replace(
        ofc.PINEAPPLE, stay_cards=0, stay_top=None, stay_middle=None, stay_bottom=None).can_stay


def test_stay_cards_for() -> None:
    keep = dataclasses.replace(ofc.PROGRESSIVE, stay_cards_mode="current")
    assert [keep.stay_cards_for(v) for v in (True, 1, 13, 14, 15, 16, 17)] == [14, 14, 13, 14, 15, 16, 17]
    assert [ofc.PROGRESSIVE.stay_cards_for(v) for v in (True, 15, 17)] == [14, 14, 14]
    for bad in (0, False, 2, 12, 53, -1):
        with pytest.raises(ValueError, match="in_fantasyland"):
            keep.stay_cards_for(bad)
    for bad in (14.0, "14", None):
        with pytest.raises(TypeError, match="in_fantasyland"):
            keep.stay_cards_for(bad)  # type: ignore[arg-type]


def test_too_many_players_for_the_deck() -> None:
    # 4 x 17 cards (Pineapple dealing) > 52: the message must say which field to change
    for base in (ofc.PINEAPPLE, ofc.PROGRESSIVE, ofc.LOW):
        msg = refused(base, "max_players", max_players=4)
        assert "52" in msg
    # 3 + 5 rounds of 2 from 3: 18 cards each, 3 x 18 > 52; fine for 2 players
    refused(ofc.PINEAPPLE, "max_players", first_round=3, rounds=5, round_cards=3, round_play=2)
    two = dataclasses.replace(ofc.PINEAPPLE, first_round=3, rounds=5, round_cards=3, round_play=2,
                              max_players=2)
    assert two.cards_dealt == 18
    assert dataclasses.replace(ofc.PINEAPPLE, max_players=2).max_players == 2


def test_player_range() -> None:
    for mn, mx in ((1, 3), (0, 2), (3, 2), (2, 5), (5, 5), (-1, 3)):
        refused(ofc.ORIGINAL, ("min_players", "max_players"), min_players=mn, max_players=mx)
    assert dataclasses.replace(ofc.ORIGINAL, min_players=3).min_players == 3


def test_dealing_places_13_cards() -> None:
    dealing = ("first_round", "rounds", "round_play")
    refused(ofc.ORIGINAL, dealing, first_round=4)          # 4 + 8 x 1 = 12
    refused(ofc.ORIGINAL, dealing, rounds=9)               # 5 + 9 x 1 = 14
    refused(ofc.PINEAPPLE, dealing, round_play=1)          # 5 + 4 x 1 = 9
    refused(ofc.PINEAPPLE, ("round_cards", "round_play"), round_cards=1)   # plays 2 of 1
    refused(ofc.PINEAPPLE, "first_round", first_round=0, rounds=6, round_play=2, round_cards=2)
    refused(ofc.PINEAPPLE, "rounds", rounds=-1)
    house = dataclasses.replace(ofc.PINEAPPLE, first_round=3, rounds=5, round_cards=2,
                                round_play=2)
    assert house.cards_dealt == 13


def test_other_scalars() -> None:
    refused(ofc.PINEAPPLE, "match_points", match_points=0)
    refused(ofc.PINEAPPLE, "match_points", match_points=-100)
    refused(ofc.PINEAPPLE, "name", name="")
    refused(ofc.PINEAPPLE, "name", name=3)
    assert dataclasses.replace(ofc.PINEAPPLE, match_points=1).match_points == 1
    for bad in (1, 0, "yes", None, 1.0):
        refused(ofc.PINEAPPLE, "fl_keeps_button", fl_keeps_button=bad)
    assert dataclasses.replace(ofc.PINEAPPLE, fl_keeps_button=np.True_).fl_keeps_button is True


def test_every_field_is_validated() -> None:
    """Each field of Rules is covered by one of the checks above (no field slips through)."""
    covered = set(TABLES) | set(SCALARS) | {"name", "low", "fl_low_mode", "stay_top",
                                            "stay_middle", "stay_bottom", "stay_mode",
                                            "stay_cards_mode", "fl_keeps_button"} | set(JOKER_FIELDS)
    assert {f.name for f in dataclasses.fields(ofc.Rules)} == covered


# ------------------------------------------------------------- variants

P0 = "2c 3d 4h / 5c 5d 7h 8s 9c / Tc Td Jh Js Kd"        # valid, no royalties
P1_FOULED = "Ah Ad Kc / 2s 3s 4d 6h 8c / 9d 9h Qc Qd Ks"   # AA over a high card: fouled
LOW_P0 = "2c 3d 4h / Tc 8d 6c 5s 3h / Jc Jd Qh Qs Kd"     # Low: valid, T-high middle pays 0
LOW_P1_FOULED = "Ah Ad Kc / 2s 3s 4d 6h Kh / 9d 9h Qc Qd Ks"   # Low: K in the middle, dead
FH_MIDDLE = "Ah Kd 2c / 3s 3d 3h 4s 4d / 8c 8d 8h 9s 9d"   # stays by the middle only
QUADS_MIDDLE = "Ah Kd 2c / 3s 3d 3h 3c 4d / 8c 8d 8h 8s 9d"
TRIPS_TOP = "5c 5d 5h / 9c 9d 9h 2s 2d / Ac Ad Ah Kc Kd"


@pytest.mark.parametrize("base", PRESETS, ids=lambda r: r.name)
def test_scoop_bonus_changes_scores(base: ofc.Rules) -> None:
    boards = (LOW_P0, LOW_P1_FOULED) if base.low else (P0, P1_FOULED)
    deal = np.stack([ofc.parse_boards(b) for b in boards])
    a = ofc.analyze(deal, base)
    assert a.fouled.tolist() == [False, True] and a.royalties.sum() == 0
    for bonus in (0, 3, 6, 10):
        r = dataclasses.replace(base, scoop_bonus=bonus)
        got = ofc.score_matrix(deal, r).tolist()
        assert got == [[0, 3 + bonus], [-3 - bonus, 0]]
        assert got == R.score_matrix(deal.tolist(), r)
        assert ofc.score(deal, r).tolist() == [3 + bonus, -3 - bonus]


def test_custom_royalty_tables() -> None:
    board = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"     # QQ top, straight, quads
    assert ofc.Board.parse(board).royalties(ofc.PINEAPPLE) == (7, 4, 10)
    r = dataclasses.replace(ofc.PINEAPPLE, name="house", top_pair=(1,) * 13,
                            middle=(0, 0, 0, 0, 100, 0, 0, 0, 0, 0), bottom=(0,) * 7 + (-5, 0, 0))
    assert ofc.Board.parse(board).royalties(r) == (1, 100, -5)
    assert ofc.Board.parse(board).royalties(ofc.PINEAPPLE) == (7, 4, 10)     # the preset is unchanged
    other = "2h 3d 4c / 6c 6d 7h 8h 9c / Tc Td Jh Js 3s"   # no royalties
    deal = np.stack([ofc.parse_boards(board), ofc.parse_boards(other)])
    # rows: top QQ > 432, straight > pair, quads > two pair: a scoop
    assert ofc.score(deal, r).tolist() == [3 + 3 + 96, -(3 + 3 + 96)]
    assert ofc.score(deal, ofc.PINEAPPLE).tolist() == [3 + 3 + 21, -(3 + 3 + 21)]
    assert ofc.score(deal, r).tolist() == R.score(deal.tolist(), r)
    trips = dataclasses.replace(ofc.PINEAPPLE, top_trips=tuple(range(100, 113)))
    assert ofc.Board.parse(TRIPS_TOP).royalties(trips) == (103, 12, 6)


def test_fantasyland_tables() -> None:
    board = ofc.Board.parse("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")
    assert board.fantasyland(ofc.ORIGINAL) == 13
    assert board.fantasyland(ofc.PINEAPPLE) == 14
    assert board.fantasyland(ofc.PROGRESSIVE) == 14
    r = dataclasses.replace(ofc.PINEAPPLE, fl_top_pair=(0,) * 10 + (0, 15, 16))   # KK+ only
    assert board.fantasyland(r) == 0
    r = dataclasses.replace(ofc.PINEAPPLE, fl_top_pair=(0,) * 10 + (17, 15, 16))
    assert board.fantasyland(r) == 17
    assert ofc.Board.parse(TRIPS_TOP).fantasyland(ofc.PROGRESSIVE) == 17
    r = dataclasses.replace(ofc.PROGRESSIVE, fl_top_trips=(0,) * 3 + (13,) + (0,) * 9)   # 555 only
    assert ofc.Board.parse(TRIPS_TOP).fantasyland(r) == 13
    r = dataclasses.replace(ofc.PROGRESSIVE, stay_cards=16)
    assert ofc.Board.parse(TRIPS_TOP).fantasyland(r, in_fantasyland=True) == 16


def test_stay_conventions_change_results() -> None:
    fh, quads, trips = (ofc.Board.parse(t) for t in (FH_MIDDLE, QUADS_MIDDLE, TRIPS_TOP))
    assert not fh.fouled() and not quads.fouled() and not trips.fouled()
    a, b, c = (ofc.PINEAPPLE.with_stay(n) for n in ("standard", "quads_middle", "top_bottom"))
    # (a) full house+ in the middle stays; (b) needs quads; (c) the middle never counts
    assert fh.stays(a) and not fh.stays(b) and not fh.stays(c)
    assert fh.fantasyland(a, True) == 14 and fh.fantasyland(b, True) == 0 == fh.fantasyland(c, True)
    # quads in the middle: the bottom is quads too (it must be as strong), so all stay
    assert quads.stays(a) and quads.stays(b) and quads.stays(c)
    assert trips.stays(a) and trips.stays(b) and trips.stays(c)
    # a middle-only rule tells (b) apart: quads middle stays, full house does not
    mid_only = dataclasses.replace(ofc.PINEAPPLE, stay_top=None, stay_middle=H.FOUR_OF_A_KIND,
                                   stay_bottom=None)
    assert quads.stays(mid_only) and not fh.stays(mid_only) and not trips.stays(mid_only)
    no_stay = dataclasses.replace(ofc.PINEAPPLE, stay_top=None, stay_middle=None, stay_bottom=None)
    assert not any(x.stays(no_stay) for x in (fh, quads, trips))
    for x in (fh, quads, trips):
        for r in (a, b, c, mid_only, no_stay):
            assert x.stays(r) == R.stays(x.codes.tolist(), r)
    # Original counts 13, the stay count is the base count, never progressive
    assert trips.fantasyland(ofc.ORIGINAL, True) == 13
    assert trips.fantasyland(ofc.PROGRESSIVE, True) == 14


def test_low_fantasyland_modes() -> None:
    nuts = ofc.Board.parse("Qh Qd 2c / 7h 5d 4c 3s 2h / 9c 9d 9h 9s Kd")      # nuts, QQ top
    kk = ofc.Board.parse("Kh Kd 2c / 8h 6d 5c 4s 3h / Ac Ad Ah 9s 9d")        # KK top, 8 high
    both = ofc.Board.parse("Kh Kd 2c / 7h 5d 4c 3s 2h / Ac Ad Ah 9s 9d")      # KK and the nuts
    none = ofc.Board.parse("Qh Qd 2c / 8h 6d 5c 4s 3h / Ac Ad Ah 9s 9d")
    either, need_both = ofc.LOW, dataclasses.replace(ofc.LOW, fl_low_mode="both")
    assert [x.fantasyland(either) for x in (nuts, kk, both, none)] == [14, 14, 15, 0]
    assert [x.fantasyland(need_both) for x in (nuts, kk, both, none)] == [0, 0, 15, 0]
    assert both.royalties(either) == (8, 8, 6)
    counts = dataclasses.replace(ofc.LOW, fl_low_nuts=13, fl_low_both=17)
    assert [x.fantasyland(counts) for x in (nuts, kk, both, none)] == [13, 14, 17, 0]
    for x in (nuts, kk, both, none):
        for r in (either, need_both, counts):
            assert x.fantasyland(r) == R.fantasyland(x.codes.tolist(), r)
    royal = dataclasses.replace(ofc.LOW, low_middle=(0,) * 8 + (3,) + (0,) * 4, low_nuts=50)
    assert ofc.Board.parse("2h 3c 4d / Th 8d 6c 5s 3h / Ac Ad Ah 9s 9d").royalties(royal) == (0, 3, 6)
    assert both.royalties(royal) == (8, 50, 6)


@pytest.mark.parametrize("mode", ["either", "both"])
@pytest.mark.parametrize("nuts, both_count", [(0, 15), (14, 0), (0, 0), (0, 17), (13, 0)])
def test_low_fantasyland_zero_counts(mode: str, nuts: int, both_count: int) -> None:
    """fl_low_nuts / fl_low_both of 0 (allowed by validation): C equals the reference.

    docs/RULES.md §9 / the Rules docstring: fl_low_nuts is for the nuts alone, fl_low_both
    for the nuts together with a qualifying top -- whatever fl_low_nuts is; a
    fl_low_both of 0 deals the larger of the two single counts.
    """
    r = dataclasses.replace(ofc.LOW, fl_low_nuts=nuts, fl_low_both=both_count, fl_low_mode=mode)
    boards = ["Kh Kd 2c / 7h 5d 4c 3s 2h / Ac Ad Ah 9s 9d",      # KK top + the nuts
              "Qh Qd 2c / 7h 5d 4c 3s 2h / 9c 9d 9h 9s Kd",      # the nuts alone
              "Kh Kd 2c / 8h 6d 5c 4s 3h / Ac Ad Ah 9s 9d",      # KK alone
              "5c 5d 5h / 7h 6d 4c 3s 2h / Ac Ad Ah Kc Kd"]      # trips alone
    got = [ofc.Board.parse(b).fantasyland(r) for b in boards]
    want = [R.fantasyland(_board(b), r) for b in boards]
    assert got == want, f"fl_low_nuts={nuts}, fl_low_both={both_count}, mode={mode}: C {got}, reference {want}"
    # fl_low_both 0: no count of its own, both give the larger single count
    both = both_count or max(14, nuts)
    if mode == "either":
        assert want == [both, nuts, 14, 14]
    else:
        assert want == [both, 0, 0, 0]


def test_extreme_royalty_tables() -> None:
    """Royalties at the validation limits: totals beyond int16 are scored exactly."""
    deal = ["Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d",
            "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d",
            "2h 3h 4h / 5h 6h 7c 8c 9s / Jc Jd Js Qc Qs"]
    boards = [_board(b) for b in deal]
    for sign in (1, -1):
        r = dataclasses.replace(ofc.ORIGINAL, name="extreme", top_pair=(sign * 10_000,) * 13,
                                top_trips=(sign * 10_000,) * 13, middle=(sign * 10_000,) * 10,
                                bottom=(sign * 10_000,) * 10, scoop_bonus=10_000)
        a = ofc.analyze(np.array(boards), r)
        assert a.royalties.tolist() == [list(R.royalties(b, r)) for b in boards]
        assert ofc.score_matrix(boards, r).tolist() == R.score_matrix(boards, r)
        assert ofc.score(boards, r).tolist() == R.score(boards, r)
        if sign == 1:
            assert int(np.abs(ofc.score(boards, r)).max()) > 32_767


# ------------------------------------------------------------- players

DEAL4 = [
    "2c 3c 4c / 5c 6c 7c 8c 9c / Tc Jc Qc Kc Ac",
    "2d 3d 4d / 5d 6d 7d 8d 9d / Td Jd Qd Kd Ad",
    "2h 3h 4h / 5h 6h 7h 8h 9h / Th Jh Qh Kh Ah",
    "2s 3s 4s / 5s 6s 7s 8s 9s / Ts Js Qs Ks As",
]


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_player_counts(rules: ofc.Rules) -> None:
    allowed = range(2, 5) if rules is ofc.ORIGINAL else range(2, 4)
    for players in range(1, 6):
        boards = (DEAL4 + ["2c 3c 4c / 5c 6c 7c 8c 9c / Tc Jc Qc Kc Ac"])[:players]
        if players in allowed:
            rules.check_players(players)
            net = ofc.score(boards, rules)
            assert net.shape == (players,) and int(net.sum()) == 0
            assert ofc.score_matrix(boards, rules).shape == (players, players)
        else:
            with pytest.raises(ValueError, match=rf"{rules.name}.*not {players}"):
                rules.check_players(players)
            with pytest.raises(ValueError, match=rf"not {players}"):
                ofc.score(boards, rules)
            with pytest.raises(ValueError, match=rf"not {players}"):
                ofc.score_matrix(boards, rules)
    # analyze is per board: any number of boards
    assert ofc.analyze(DEAL4, rules).fouled.shape == (4,)


def test_four_players_original_only() -> None:
    assert ofc.score(DEAL4, ofc.ORIGINAL).tolist() == R.score([_board(b) for b in DEAL4], ofc.ORIGINAL)
    with pytest.raises(ValueError, match="pineapple is played by 2 to 3 players, not 4"):
        ofc.score(DEAL4, ofc.PINEAPPLE)
    two = dataclasses.replace(ofc.ORIGINAL, max_players=2)
    with pytest.raises(ValueError, match="not 3"):
        ofc.score(DEAL4[:3], two)


# ------------------------------------------------------ rules as data, one lookup

@pytest.mark.parametrize("rules", [*PRESETS, *ofc.HOUSE_RULES.values(),
                                   dataclasses.replace(ofc.LOW, name="low6", scoop_bonus=6,
                                                       stay_top=None)])
def test_to_dict_round_trip(rules: ofc.Rules) -> None:
    d = rules.to_dict()
    assert json.loads(json.dumps(d)) == d                 # plain JSON data
    assert ofc.Rules.from_dict(d) == rules
    assert ofc.Rules.from_dict(json.loads(json.dumps(d))) == rules
    # every field, the joker fields only where set (files without jokers read as before)
    assert list(d) == [f.name for f in dataclasses.fields(ofc.Rules)
                       if f.name not in JOKER_FIELDS or getattr(rules, f.name) != f.default]
    assert all(v is None or type(v) is int for k, v in d.items() if k.startswith("stay_") and
               k not in ("stay_cards", "stay_mode", "stay_cards_mode"))


def test_from_dict_spellings_and_defaults() -> None:
    r = ofc.Rules.from_dict({"name": "h", "stay_middle": " Four_Of_A_Kind ", "stay_top": None})
    assert r == dataclasses.replace(ofc.PINEAPPLE, name="h", stay_top=None,
                                    stay_middle=ofc.HandCategory.FOUR_OF_A_KIND)
    assert ofc.Rules.from_dict({"name": "h", "stay_bottom": 7}).stay_bottom == ofc.HandCategory.FOUR_OF_A_KIND


@pytest.mark.parametrize("d, kind, message", [
    ({"name": "x", "scop_bonus": 6}, ValueError, "unknown field 'scop_bonus' for Rules"),
    ({"scoop_bonus": 6}, ValueError, "no 'name'"),
    ({"name": "x", "scoop_bonus": "6"}, ValueError, "scoop_bonus must be an int, got '6'"),
    ({"name": "x", "stay_top": "trips"}, ValueError, "\"stay_top\": 'trips' is not a hand category"),
    ({"name": "x", "top_pair": [1, 2]}, ValueError, "top_pair must be a sequence"),
    ([("name", "x")], TypeError, "dict of fields"),
    ("pineapple", TypeError, "dict of fields"),
])
def test_from_dict_errors(d: object, kind: type, message: str) -> None:
    with pytest.raises(kind) as info:
        ofc.Rules.from_dict(d)  # type: ignore[arg-type]
    assert message in str(info.value)


@pytest.mark.parametrize("name", [*ofc.HOUSE_RULES, "PROGRESSIVE_KEEP", " Original_2012 "])
def test_get_rules_takes_house_rules(name: str) -> None:
    assert ofc.get_rules(name) is ofc.HOUSE_RULES[name.strip().lower()]
    with pytest.raises(ValueError, match="progressive_keep"):    # listed in the error
        ofc.get_rules("progressive_kept")


# --- jokers (docs/VARIANTS.md, "Jokers") ------------------------------------------
JOKER_FIELDS = {
    "jokers": (3, -1, True, 1.0, "1"),
    "joker_pool": ("all", None, 1),
    "five_of_a_kind": ("above", 1, True),
    "five_of_a_kind_middle": (2**15, 1.5, None),
    "five_of_a_kind_bottom": (-2**15 - 1, "5"),
    "joker_resolution": ("rows", None),
    "natural_beats_wild": (1, "yes", None),
}


@pytest.mark.parametrize("field", sorted(JOKER_FIELDS))
def test_joker_fields_are_validated(field: str) -> None:
    base = dataclasses.replace(ofc.PINEAPPLE, name="jk", jokers=2, joker_pool="duplicates")
    for bad in JOKER_FIELDS[field]:
        with pytest.raises(ValueError, match=field):
            dataclasses.replace(base, **{field: bad})


def test_joker_defaults_and_round_trip() -> None:
    for preset in (*ofc.PRESETS.values(), *ofc.HOUSE_RULES.values()):
        assert (preset.jokers, preset.joker_pool, preset.five_of_a_kind, preset.joker_resolution,
                preset.natural_beats_wild, preset.deck_size) == (0, "any", None, "board", False, 52)
    jk = dataclasses.replace(ofc.PINEAPPLE, name="jk", jokers=2, joker_pool="duplicates",
                             five_of_a_kind="below_royal", five_of_a_kind_middle=40,
                             joker_resolution="row", natural_beats_wild=True)
    assert jk.deck_size == 54 and jk.five_kind
    assert ofc.Rules.from_dict(jk.to_dict()) == jk
    assert eval(repr(jk), {"Rules": ofc.Rules, "HandCategory": ofc.HandCategory}) == jk
    with pytest.raises(ValueError, match="needs joker_pool 'duplicates'"):
        dataclasses.replace(ofc.PINEAPPLE, name="jk", jokers=1, five_of_a_kind="below_royal")
    low = dataclasses.replace(ofc.LOW, name="jk", jokers=1, joker_pool="duplicates",
                              five_of_a_kind="below_royal")     # Low deals jokers too (docs/VARIANTS.md)
    assert low.deck_size == 53 and ofc.Rules.from_dict(low.to_dict()) == low


def test_joker_fields_reach_c_with_the_tables() -> None:
    """The joker fields become the C struct once, beside the rule tables, where every
    kernel reads them: none for rules without jokers (whatever their other joker fields)."""
    jk = dataclasses.replace(ofc.PINEAPPLE, name="jk", jokers=2, joker_pool="duplicates",
                             five_of_a_kind="below_royal", five_of_a_kind_middle=40,
                             joker_resolution="row", natural_beats_wild=True)
    assert jk.tables.joker_rules() == jk.joker_spec == (2, 3, 2, 40, 25, 1, 1)
    assert jk.tables is jk.tables   # built once
    none = dataclasses.replace(jk, name="none", jokers=0)
    assert none.tables.joker_rules() == (0,) * 7 and none.joker_spec[0] == 0
    assert ofc.PINEAPPLE.tables.joker_rules() == (0,) * 7
