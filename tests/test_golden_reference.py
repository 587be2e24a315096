"""Check the pure-Python reference against the hand-worked golden vectors
in ofc_fast/golden/*.json (format documented in ofc_fast/golden/README.md).
Boards holding jokers (jokers.json) go through the reference's own brute force,
``joker_board`` and ``joker_score_matrix``."""

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
EXPECT_KEYS = {"fouled", "royalties", "fantasyland", "stays", "score", "score_matrix", "jokers"}
JOKER_TEXT = {"X1": R.JOKERS[0], "X2": R.JOKERS[1]}   # as the golden files print them


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


def _parse_row(text: str) -> list[int]:
    """Cards of one row; the reference reads no joker text, so X1 / X2 are read here."""
    out: list[int] = []
    for token in text.split():
        out += [JOKER_TEXT[token]] if token in JOKER_TEXT else R.parse(token)
    return out


def _parse_board(text: str) -> list[int]:
    rows = text.split("/")
    assert len(rows) == 3, text
    cards = [_parse_row(row) for row in rows]
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

    if rules.jokers:
        _check_jokers(case, boards, rules, in_fl)
        return
    assert "jokers" not in expect and "dead" not in case
    assert [R.fouled(b, rules) for b in boards] == expect["fouled"]
    assert [list(R.royalties(b, rules)) for b in boards] == expect["royalties"]
    assert [R.stays(b, rules, f or True) for b, f in zip(boards, in_fl)] == expect["stays"]
    assert [R.fantasyland(b, rules, f) for b, f in zip(boards, in_fl)] == expect["fantasyland"]
    if n >= 2:
        assert R.score_matrix(boards, rules) == expect["score_matrix"]
        assert R.score(boards, rules) == expect["score"]
        assert sum(expect["score"]) == 0


def _joker_text(pair: tuple[int, int]) -> str:
    return " ".join("--" if c == 255 else R.card_str(c) for c in pair)


def _check_jokers(case: dict[str, Any], boards: list[list[int]], rules: Any, in_fl: list[Any]) -> None:
    """A case with jokers: each board resolved by the reference's brute force.  Under
    "unseen" a player has seen the case's ``dead`` cards and the other boards."""
    expect = case["expect"]
    assert "jokers" in expect, "a case with jokers says what each joker became"
    dead = [R.parse(c)[0] for c in case.get("dead", [])]
    assert not dead or (rules.joker_pool == "unseen" and len(boards) == 1), "dead: one board, 'unseen'"
    got = []
    for i, board in enumerate(boards):
        seen = dead + [c for j, other in enumerate(boards) if j != i for c in other if c not in R.JOKERS]
        got.append(R.joker_board(board, rules, in_fl[i], seen if rules.joker_pool == "unseen" else []))
    assert [g["fouled"] for g in got] == expect["fouled"]
    assert [list(g["royalties"]) for g in got] == expect["royalties"]
    assert [g["fantasyland"] for g in got] == expect["fantasyland"]
    assert [g["stays"] for g in got] == expect["stays"]
    assert [_joker_text(g["jokers"]) for g in got] == expect["jokers"]
    if len(boards) >= 2:
        assert R.joker_score_matrix(boards, rules) == expect["score_matrix"]
        assert [sum(row) for row in expect["score_matrix"]] == expect["score"]
        assert sum(expect["score"]) == 0


def test_golden_joker_coverage() -> None:
    """The joker vectors cover every convention (docs/VARIANTS.md, "Jokers") and each
    engine of its table ("The engines": ids engine-<name>-...)."""
    seen: dict[str, set[Any]] = {}
    ids = []
    for preset, case in CASES:
        rules = dataclasses.replace(PRESETS[preset], **case.get("rules_changes", {}))
        if not rules.jokers:
            continue
        ids.append(case["id"])
        for field in ("jokers", "joker_pool", "joker_resolution", "five_of_a_kind", "natural_beats_wild"):
            seen.setdefault(field, set()).add(getattr(rules, field))
        seen.setdefault("players", set()).add(len(case["boards"]))
        seen.setdefault("fouled", set()).update(case["expect"]["fouled"])
        seen.setdefault("in_fantasyland", set()).update(case.get("in_fantasyland", [False]))
        seen.setdefault("dead", set()).add("dead" in case)
    assert seen["jokers"] == {1, 2}
    assert seen["joker_pool"] == {"any", "not_on_board", "unseen", "duplicates"}
    assert seen["joker_resolution"] == {"board", "row"}
    assert seen["five_of_a_kind"] == {None, "above_straight_flush", "below_royal"}
    assert seen["natural_beats_wild"] == {False, True}
    assert seen["players"] == {1, 2} and seen["fouled"] == seen["in_fantasyland"] == seen["dead"] == {False, True}
    for engine in ("victorywys", "yutaura", "ainaosyusi", "giovinco", "vg1414", "pwchentw"):
        assert any(i.startswith(f"engine-{engine}-") for i in ids), engine


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
