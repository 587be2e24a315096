"""Check the pure-Python reference against the hand-worked golden vectors
in ofc_fast/golden/*.json (format documented in ofc_fast/golden/README.md)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from ofc_fast import golden as ofc_golden
from ofc_fast import reference as R
from ofc_fast import rules as ofc_rules

GOLDEN_DIR = Path(ofc_golden.__file__).parent   # the package's own copy
FORMAT = "ofc_fast-golden-1"


# The package's presets: the reference reads only their fields, so these
# checks tie the reference, the preset values and the hand-worked vectors.
PRESETS = dict(ofc_rules.PRESETS)
EXPECT_KEYS = {"fouled", "royalties", "fantasyland", "stays", "score", "score_matrix"}


def _load() -> list[tuple[str, dict[str, Any]]]:
    files = sorted(GOLDEN_DIR.glob("*.json"))
    assert {f.stem for f in files} >= set(PRESETS), "missing golden files"
    out = []
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["format"] == FORMAT, path
        assert data["rules"] in PRESETS, path
        assert data["description"]
        ids = [c["id"] for c in data["cases"]]
        assert len(ids) == len(set(ids)), f"duplicate ids in {path.name}"
        out += [(data["rules"], case) for case in data["cases"]]
    return out


CASES = _load()


def _parse_board(text: str) -> list[int]:
    rows = text.split("/")
    assert len(rows) == 3, text
    cards = [R.parse(row) for row in rows]
    assert [len(r) for r in cards] == [3, 5, 5], text
    return cards[0] + cards[1] + cards[2]


@pytest.mark.parametrize("preset, case", CASES,
                         ids=[f"{preset}:{case['id']}" for preset, case in CASES])
def test_golden_case(preset: str, case: dict[str, Any]) -> None:
    rules = PRESETS[preset]
    if "rules_changes" in case:   # the preset with a few fields changed
        rules = dataclasses.replace(rules, **case["rules_changes"])
    boards = [_parse_board(b) for b in case["boards"]]
    n = len(boards)
    deal = [c for b in boards for c in b]
    assert len(set(deal)) == len(deal), "a card repeats within the case"
    in_fl = case.get("in_fantasyland", [False] * n)
    assert len(in_fl) == n
    expect = case["expect"]
    assert set(expect) <= EXPECT_KEYS
    assert {"fouled", "royalties", "fantasyland", "stays"} <= set(expect)
    assert ("score" in expect) == ("score_matrix" in expect) == (n >= 2)

    assert [R.fouled(b, rules) for b in boards] == expect["fouled"]
    assert [list(R.royalties(b, rules)) for b in boards] == expect["royalties"]
    assert [R.stays(b, rules, f or True) for b, f in zip(boards, in_fl)] == expect["stays"]
    assert [R.fantasyland(b, rules, f) for b, f in zip(boards, in_fl)] == expect["fantasyland"]
    if n >= 2:
        assert R.score_matrix(boards, rules) == expect["score_matrix"]
        assert R.score(boards, rules) == expect["score"]
        assert sum(expect["score"]) == 0


def test_golden_coverage() -> None:
    """Every royalty value of every preset appears in some golden case."""
    seen: dict[str, set[tuple[str, int]]] = {p: set() for p in PRESETS}
    players: dict[str, set[int]] = {p: set() for p in PRESETS}
    fl_counts: dict[str, set[int]] = {p: set() for p in PRESETS}
    for preset, case in CASES:
        if "rules_changes" in case:   # not the preset's own rules
            continue
        players[preset].add(len(case["boards"]))
        fl_counts[preset].update(case["expect"]["fantasyland"])
        for t, m, b in case["expect"]["royalties"]:
            seen[preset].update({("top", t), ("middle", m), ("bottom", b)})
    for preset, rules in PRESETS.items():
        tops = set(rules.top_pair[4:]) | set(rules.top_trips)
        assert {("top", v) for v in tops} <= seen[preset], preset
        assert {("bottom", v) for v in rules.bottom[4:]} <= seen[preset], preset
        mids = {4, 2, 1, 8, 0} if rules.low else set(rules.middle[3:])
        assert {("middle", v) for v in mids} <= seen[preset], preset
        assert {2, 3} <= players[preset]
    assert 4 in players["original"]
    assert fl_counts["original"] == {0, 13}
    assert fl_counts["pineapple"] == {0, 14}
    assert fl_counts["progressive"] == {0, 14, 15, 16, 17}
    assert fl_counts["low"] == {0, 14, 15}
