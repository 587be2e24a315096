"""House rules as data (docs/VARIANTS.md): HOUSE_RULES, top_high, stay_mode,
stay_cards_mode and in_fantasyland counts.

* Every named house variant has golden cases (ofc_fast/golden/, ids
  ``house-<name>-...``) whose ``rules_changes`` rebuild it from its preset.
* Differential: the C kernel (analyze, score, Board) against the plain-Python
  reference on random and built boards, for every house variant and for
  generated rules using the new fields, with in_fantasyland drawn from 0, 1
  and the counts 13..17.  A quick sample by default; ``-m slow`` runs more.
* The Fantasyland solver against its plain enumeration under the new stay
  modes, and ``stay_value`` mappings keyed by the count kept.
"""
from __future__ import annotations

import dataclasses
import doctest
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import _solve
from ofc_fast import reference as R

H = ofc.HandCategory
GOLDEN = Path(ofc.__file__).resolve().parent / "golden"
VARIANTS_MD = Path(__file__).resolve().parent.parent / "docs" / "VARIANTS.md"


@pytest.mark.skipif(not VARIANTS_MD.is_file(), reason="source tree only")
def test_variants_doc_examples() -> None:
    """The examples of docs/VARIANTS.md run."""
    result = doctest.testfile(str(VARIANTS_MD), module_relative=False)
    assert result.attempted >= 10 and result.failed == 0


# ------------------------------------------------------------------- golden

def _golden_house_cases() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out += [(data["rules"], c) for c in data["cases"] if c["id"].startswith("house-")]
    return out


def test_every_house_variant_has_golden_cases() -> None:
    named: dict[str, int] = {}
    for preset, case in _golden_house_cases():
        rules = dataclasses.replace(ofc.PRESETS[preset], **case["rules_changes"])
        name = next((n for n in ofc.HOUSE_RULES if case["id"].startswith(f"house-{n}-")), None)
        if name is not None:
            # the case's rules are the named variant, field for field
            assert dataclasses.replace(rules, name=name) == ofc.HOUSE_RULES[name], case["id"]
            named[name] = named.get(name, 0) + 1
    assert set(named) == set(ofc.HOUSE_RULES), named


def test_old_pickles_take_the_new_fields_defaults() -> None:
    """A Rules pickled before top_high / stay_mode / stay_cards_mode existed loads with their defaults."""
    import pickle
    state = {k: v for k, v in ofc.PINEAPPLE.__getstate__().items()
             if k not in ("top_high", "stay_mode", "stay_cards_mode")}
    r = object.__new__(ofc.Rules)
    r.__setstate__(state)
    assert r == ofc.PINEAPPLE and pickle.loads(pickle.dumps(r)) == r
    assert r.tables.arrays[0].tobytes() == ofc.PINEAPPLE.tables.arrays[0].tobytes()


def test_house_rules_are_rules() -> None:
    for name, r in ofc.HOUSE_RULES.items():
        assert isinstance(r, ofc.Rules) and r.name == name
        assert repr(r) == f"ofc_fast.HOUSE_RULES[{name!r}]"
        assert name not in ofc.PRESETS
    keep = ofc.HOUSE_RULES["progressive_keep"]
    assert keep.stay_conditions == (None, None, H.FOUR_OF_A_KIND)
    assert (keep.stay_mode, keep.stay_cards_mode) == ("entry", "current")


# ------------------------------------------------------------- differential

def _built_board(rng: random.Random) -> list[int]:
    """A board with a made top (pair / trips, often QQ+) and a strong bottom, the rest random."""
    deck = list(range(52))
    rng.shuffle(deck)
    by_rank: dict[int, list[int]] = {}
    for c in deck:
        by_rank.setdefault(c // 4, []).append(c)
    ranks = list(range(13))
    rng.shuffle(ranks)
    top_rank = rng.choice([10, 11, 12, rng.randrange(13)])
    top = by_rank[top_rank][:rng.choice([2, 2, 3])]
    bottom_rank = next(r for r in ranks if r != top_rank)
    bottom = by_rank[bottom_rank][:rng.choice([3, 4])]
    taken = set(top + bottom)
    fill = iter([c for c in deck if c not in taken])
    top += [next(fill) for _ in range(3 - len(top))]
    bottom += [next(fill) for _ in range(5 - len(bottom))]
    return top + [next(fill) for _ in range(5)] + bottom


def _low_board(rng: random.Random) -> list[int]:
    """A board with a live (often the nuts) 2-7 middle."""
    deck = list(range(52))
    rng.shuffle(deck)
    ranks = rng.choice([[5, 3, 2, 1, 0], [6, 4, 2, 1, 0], rng.sample(range(9), 5)])
    middle = [r * 4 + rng.randrange(4) for r in ranks]
    rest = [c for c in deck if c not in middle]
    return rest[:3] + middle + rest[3:8]


def _boards(rules: ofc.Rules, n: int, seed: int) -> np.ndarray:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.3:
            out.append(rng.sample(range(52), 13))
        elif rules.low and kind < 0.65:
            out.append(_low_board(rng))
        else:
            out.append(_built_board(rng))
    return np.array(out, dtype=np.uint8)


def _variants() -> dict[str, ofc.Rules]:
    rng = random.Random(7)
    out = dict(ofc.HOUSE_RULES)
    for i in range(6):
        base = rng.choice([ofc.ORIGINAL, ofc.PINEAPPLE, ofc.PROGRESSIVE, ofc.LOW])
        low_both = base.low and rng.random() < 0.3
        out[f"generated-{i}"] = dataclasses.replace(
            base, name=f"generated-{i}", top_high=tuple(rng.randrange(-3, 6) for _ in range(13)),
            stay_mode="conditions" if low_both else rng.choice(["conditions", "entry"]),
            stay_cards_mode=rng.choice(["fixed", "current"]),
            fl_low_mode="both" if low_both else base.fl_low_mode,
            stay_top=rng.choice([None, H.PAIR, H.THREE_OF_A_KIND]),
            # at most 3 seats, so that in_fantasyland counts up to 17 fit (fantasyland_limit)
            max_players=min(base.max_players, 3))
    return out


VARIANTS = _variants()


def _differential(rules: ofc.Rules, n: int, seed: int) -> None:
    boards = _boards(rules, n, seed)
    rng = np.random.default_rng(seed)
    counts = [c for c in (0, 1, 13, 14, 15, 16, 17) if c <= rules.fantasyland_limit]
    infl = rng.choice(np.array(counts), size=n)
    if rules.stay_cards_mode == "fixed":
        infl = np.minimum(infl, 1)   # a bare flag: counts mean nothing here
    a = ofc.analyze(boards, rules, in_fantasyland=infl)
    for i, b in enumerate(boards.tolist()):
        want = (R.fouled(b, rules), list(R.royalties(b, rules)), R.stays(b, rules, int(infl[i]) or True),
                R.fantasyland(b, rules, int(infl[i])))
        got = (bool(a.fouled[i]), a.royalties[i].tolist(), bool(a.stays[i]), int(a.fantasyland[i]))
        assert got == want, f"{rules.name}: board {ofc.card_str(boards[i])}, in_fantasyland {infl[i]}"
    # coverage: valid boards, stays, and counts kept where the rules keep them
    # (a tier stay needs the top's exact tier: rarer on random boards)
    assert (~a.fouled).sum() >= n // 10 and a.stays.sum() >= n // (200 if rules.stay_mode == "tier" else 50)
    if rules.stay_cards_mode == "current":
        kept = ((infl >= 13) & (a.fantasyland == infl) & (infl != rules.stay_cards)).sum()
        assert kept >= n // (400 if rules.stay_mode == "tier" else 100)
    # the one-board paths agree with the batch
    for i in range(min(n, 50)):
        one = ofc.analyze(boards[i], rules, in_fantasyland=int(infl[i]))
        assert int(one.fantasyland) == int(a.fantasyland[i])
        board = ofc.Board(boards[i])
        assert board.fantasyland(rules, int(infl[i])) == int(a.fantasyland[i])
        assert board.royalties(rules) == tuple(a.royalties[i].tolist())
    # whole deals: scores against the reference (top_high reaches them)
    players = 2
    deals = np.array([np.random.default_rng(seed + j).permutation(52)[:13 * players]
                      for j in range(min(n, 200))], dtype=np.uint8).reshape(-1, players, 13)
    got_scores = ofc.score(deals, rules)
    for j, d in enumerate(deals.tolist()):
        assert got_scores[j].tolist() == R.score(d, rules), rules.name


@pytest.mark.parametrize("name", VARIANTS)
def test_differential_sample(name: str) -> None:
    _differential(VARIANTS[name], 1500, seed=sorted(VARIANTS).index(name))


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
def test_differential_long(name: str) -> None:
    _differential(VARIANTS[name], 100_000, seed=1000 + sorted(VARIANTS).index(name))


# ------------------------------------------------------------ the new fields

def test_top_high_pays_high_card_tops_only() -> None:
    r = dataclasses.replace(ofc.PINEAPPLE, top_high=(0,) * 9 + (1, 2, 3, 4))   # J 1 .. A 4
    assert ofc.Board.parse("Ah 3d 4c / 7s 7d 5c 5h 9d / 8s 8d 8c Kh Kd").royalties(r) == (4, 0, 6)
    assert ofc.Board.parse("Jh 3d 4c / 7s 7d 5c 5h 9d / 8s 8d 8c Kh Kd").royalties(r) == (1, 0, 6)
    assert ofc.Board.parse("Th 3d 4c / 7s 7d 5c 5h 9d / 8s 8d 8c Kh Kd").royalties(r) == (0, 0, 6)
    # a pair on top keeps its pair royalty; a fouled board pays nothing
    assert ofc.Board.parse("Ah Ad 4c / 7s 7d 5c 5h 9d / 8s 8d Kc Kh Ks").royalties(r) == (9, 0, 6)
    assert ofc.Board.parse("Ah 3d 4c / 7s 7d 5c 5h 9d / 8s 8d 2c 3h Kd").royalties(r) == (0, 0, 0)
    # the royalty query of one row uses the same tables
    assert ofc.royalty("Ah 3d 4c", "top", r) == 4


def test_stay_by_entry_and_count_kept() -> None:
    keep = ofc.HOUSE_RULES["progressive_keep"]
    kk = ofc.Board.parse("Kh Kd 2c / 5s 6s 7s 8s 9d / Ac Ad Ah 3s 3d")
    assert [kk.fantasyland(keep, v) for v in (False, True, 13, 14, 15, 16, 17)] == [15, 14, 13, 14, 15, 16, 17]
    assert [kk.fantasyland(ofc.PROGRESSIVE, v) for v in (False, True, 16)] == [15, 0, 0]
    # arrays of counts broadcast like flags
    boards = np.stack([kk.codes] * 3)
    assert ofc.analyze(boards, keep, in_fantasyland=[0, 1, 16]).fantasyland.tolist() == [15, 14, 16]
    assert ofc.analyze(boards, keep, in_fantasyland=np.uint8(17)).fantasyland.tolist() == [17] * 3
    # with a fixed stay count a count is only "in Fantasyland", but it is still checked
    standard = ofc.PINEAPPLE.with_stay("standard")
    assert ofc.analyze(boards, standard, in_fantasyland=[0, 1, 16]).fantasyland.tolist() == [14, 0, 0]
    for bad in (2, -7, 255):
        with pytest.raises(ValueError, match=rf"in_fantasyland\[1\] = {bad}\b"):
            ofc.analyze(boards, standard, in_fantasyland=[0, bad, 16])


@pytest.mark.parametrize("bad", [2, 12, 40, 255, -1, 256])
def test_bad_counts(bad: int) -> None:
    keep = ofc.HOUSE_RULES["progressive_keep"]
    board = ofc.parse_boards("Kh Kd 2c / 5s 6s 7s 8s 9d / Ac Ad Ah 3s 3d")
    with pytest.raises(ValueError, match=rf"in_fantasyland\[1\] = {bad}\b"):
        ofc.analyze(np.stack([board, board]), keep, in_fantasyland=np.array([14, bad], np.int64))


# ------------------------------------------------------------------ solver

def _random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("name", ["progressive_keep", "progressive_16", "pineapple_top_bottom",
                                  "generated-0", "generated-3"])
@pytest.mark.parametrize("k", [13, 14])
def test_solver_against_enumeration(name: str, k: int) -> None:
    rules = VARIANTS[name]
    hands = _random_hands(12 if k == 13 else 4, k, seed=k)
    stays = np.array([0.0, 25.0])
    want = _solve.enumerate_rows(rules.tables, hands, stays, 0, hands.shape[0])
    for s, expected in zip(stays, want):
        got = ofc.solve_fantasyland(hands, rules, stay_value=float(s))
        for field, a, b in zip(got._fields, got, expected):
            assert np.array_equal(np.asarray(a), np.asarray(b)), (name, k, s, field)


def test_solver_stay_value_keyed_by_kept_count() -> None:
    keep = ofc.HOUSE_RULES["progressive_keep"]
    values = {13: 1.0, 14: 2.0, 15: 30.0, 16: 40.0, 17: 50.0}
    hands = _random_hands(6, 15, seed=3)
    by_map = ofc.solve_fantasyland(hands, keep, stay_value=values)
    by_number = ofc.solve_fantasyland(hands, keep, stay_value=30.0)   # 15 cards: kept 15
    assert np.array_equal(by_map.value, by_number.value)
    fixed = ofc.solve_fantasyland(hands, ofc.PROGRESSIVE, stay_value=values)
    assert np.array_equal(fixed.value, ofc.solve_fantasyland(hands, ofc.PROGRESSIVE, stay_value=2.0).value)
    with pytest.raises(ValueError, match="no entry for 15 cards"):
        ofc.solve_fantasyland(hands, keep, stay_value={14: 1.0})


# --------------------------------------------------------------------- CLI

def test_cli_takes_house_variant_names(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from ofc_fast.cli import load_rules_file, main
    qq = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"
    aa = "Ah Ad 3c / 2s 2h 7d 8c 9c / Tc Td Th 3s 3d"
    assert main(["score", qq, aa, "--rules", "Original_2012"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("rules: original_2012\n")
    path = tmp_path / "club.json"
    path.write_text('{"preset": "progressive_keep", "scoop_bonus": 5}', encoding="utf-8")
    club = load_rules_file(str(path))
    assert club == dataclasses.replace(ofc.HOUSE_RULES["progressive_keep"], name="club", scoop_bonus=5)


def test_cli_in_fantasyland_counts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from ofc_fast.cli import main
    kk = "Kh Kd 2c / 5s 6s 7s 8s 9d / Ac Ad Ah 3s 3d"
    jj = "Jh Jd 4c / Tc Td 2h 2d 4d / Qs Qc Qd 6h 6d"
    assert main(["score", kk, jj, "--rules", "progressive_keep", "--in-fantasyland", "16,15"]) == 0
    assert "royalties 18, Fantasyland 16 cards" in capsys.readouterr().out
    deals = tmp_path / "deals.txt"
    deals.write_text(f"{kk} ; {jj}\n", encoding="utf-8")
    assert main(["analyze", str(deals), "--rules", "progressive_keep", "--in-fantasyland", "17,0",
                 "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["fantasyland"] for r in rows] == [17, 0]
    # fixed-count rules: a count is just "in Fantasyland"
    assert main(["analyze", str(deals), "--rules", "progressive", "--in-fantasyland", "17",
                 "--format", "json"]) == 0
    assert [r["fantasyland"] for r in json.loads(capsys.readouterr().out)] == [0, 0]
    # a count the deck cannot deal, or under 13
    assert main(["analyze", str(deals), "--rules", "progressive_keep", "--in-fantasyland", "45"]) == 2
    assert "in_fantasyland" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["score", kk, jj, "--in-fantasyland", "12"])


def test_rule_names_are_the_presets_and_house_variants() -> None:
    """board/rule_names.py (the command line's light choices) names PRESETS and HOUSE_RULES in
    their order, and rules.py takes the joker settings' values from it."""
    from ofc_fast.board import rule_names, rules
    assert rule_names.PRESET_NAMES == tuple(ofc.PRESETS) == tuple(r.name for r in ofc.PRESETS.values())
    assert rule_names.HOUSE_RULE_NAMES == tuple(ofc.HOUSE_RULES)
    assert all(r.name == name for name, r in ofc.HOUSE_RULES.items())
    assert rules.JOKER_POOLS is rule_names.JOKER_POOLS
    assert rules.FIVE_OF_A_KIND_ORDERS is rule_names.FIVE_OF_A_KIND_ORDERS
