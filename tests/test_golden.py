"""The C path against the hand-worked golden vectors (ofc_fast/golden/README.md).

The vectors are read from the INSTALLED package (``ofc_fast.golden``, shipped
in the wheel), and, when the source tree is present, the installed files must
equal ``ofc_fast/golden/`` of the checkout.  Every case of every preset file is checked through
every entry point: ``analyze`` (with the case's ``in_fantasyland``, one case
at a time and all boards of a file in one batch), ``score``,
``score_matrix`` (one deal and stacked deals), and the ``Board`` methods.
The joker file (``jokers.json``, each case with its own joker fields) goes through
the same entry points, plus ``Analysis.jokers`` and ``analyze(dead=...)``.
"""
from __future__ import annotations

import dataclasses
import importlib.resources
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ofc_fast as ofc

FORMAT = "ofc_fast-golden-1"
PRESETS = ("original", "pineapple", "progressive", "low")
JOKER_FILE = "jokers"   # Pineapple with each case's joker fields (README.md here)
SOURCE_DIR = Path(__file__).parent.parent / "ofc_fast" / "golden"


def _installed() -> dict[str, str]:
    root = importlib.resources.files("ofc_fast.golden")
    return {entry.name: entry.read_text(encoding="utf-8") for entry in root.iterdir()
            if entry.name.endswith((".json", ".md"))}


INSTALLED = _installed()
FILES = {name[:-5]: json.loads(text) for name, text in INSTALLED.items() if name.endswith(".json")}
CASES = [(preset, case) for preset in PRESETS for case in FILES.get(preset, {"cases": []})["cases"]]
JOKER_CASES = FILES.get(JOKER_FILE, {"cases": []})["cases"]


def test_installed_files() -> None:
    assert set(FILES) == {*PRESETS, JOKER_FILE}, sorted(FILES)
    assert "README.md" in INSTALLED
    for name, data in FILES.items():
        assert data["format"] == FORMAT
        assert data["rules"] == (name if name in PRESETS else "pineapple")
        ids = [c["id"] for c in data["cases"]]
        assert len(ids) == len(set(ids)) >= (40 if name in PRESETS else 25), name
    assert len(CASES) >= 200
    assert all(c["rules_changes"]["jokers"] for c in JOKER_CASES)


def test_installed_files_equal_source_tree() -> None:
    """The wheel ships exactly the vectors of the source tree (when it is here)."""
    source = {p.name: p.read_text(encoding="utf-8") for p in SOURCE_DIR.iterdir()
              if p.suffix in (".json", ".md")} if SOURCE_DIR.is_dir() else {}
    if not source:     # an installed test run without the source tree
        assert INSTALLED
        return
    assert source == INSTALLED


def _expect(case: dict[str, Any]) -> tuple[list[str], list[bool], dict[str, Any]]:
    boards = case["boards"]
    in_fl = case.get("in_fantasyland", [False] * len(boards))
    assert len(in_fl) == len(boards)
    return boards, in_fl, case["expect"]


@pytest.mark.parametrize("preset, case", CASES, ids=[f"{p}:{c['id']}" for p, c in CASES])
def test_case(preset: str, case: dict[str, Any]) -> None:
    rules = ofc.get_rules(preset)
    if "rules_changes" in case:   # the preset with a few fields changed
        rules = dataclasses.replace(rules, **case["rules_changes"])
        preset = rules   # type: ignore[assignment]  # for the by-name calls below
    boards, in_fl, expect = _expect(case)
    n = len(boards)
    codes = np.stack([ofc.parse_boards(b) for b in boards])
    assert codes.shape == (n, 13) and codes.dtype == np.uint8

    a = ofc.analyze(codes, rules, in_fantasyland=in_fl)
    assert a.fouled.tolist() == expect["fouled"]
    assert a.royalties.tolist() == expect["royalties"]
    assert a.fantasyland.tolist() == expect["fantasyland"]
    assert a.stays.tolist() == expect["stays"]
    # text input and the rules given by name give the same
    t = ofc.analyze(boards, preset, in_fantasyland=in_fl)
    for got, want in zip(t, a):
        assert (got == want).all()
    # in_fantasyland only changes the Fantasyland count (and, under stay_mode "tier",
    # whether the board stays: the tier is the count the player is in Fantasyland with)
    for flag in (False, True) if rules.stay_mode != "tier" else ():
        other = ofc.analyze(codes, rules, in_fantasyland=flag)
        assert (other.fouled == a.fouled).all() and (other.royalties == a.royalties).all()
        assert (other.stays == a.stays).all() and (other.strength == a.strength).all()
        sel = np.asarray(in_fl) == flag
        assert (other.fantasyland[sel] == a.fantasyland[sel]).all()
        if flag:
            assert other.fantasyland.tolist() == [rules.stay_cards if s else 0 for s in expect["stays"]]

    if n >= 2:
        assert ofc.score(codes, rules).tolist() == expect["score"]
        assert ofc.score_matrix(codes, rules).tolist() == expect["score_matrix"]
        assert ofc.score(boards, preset).tolist() == expect["score"]
        # a batch of the same deal twice
        two = np.stack([codes, codes])
        assert ofc.score(two, rules).tolist() == [expect["score"]] * 2
        assert ofc.score_matrix(two, rules).tolist() == [expect["score_matrix"]] * 2
        assert sum(expect["score"]) == 0

    for i, text in enumerate(boards):
        b = ofc.Board.parse(text)
        assert b == ofc.Board(codes[i])
        assert ofc.Board.parse(str(b)) == b
        assert b.fouled(rules) is expect["fouled"][i]
        assert b.royalties(rules) == tuple(expect["royalties"][i])
        if rules.stay_mode != "tier":   # Board.stays: the base tier (stay_cards)
            assert b.stays(rules) is expect["stays"][i]
        assert b.fantasyland(rules, in_fl[i]) == expect["fantasyland"][i]
        assert b.strength(rules) == tuple(int(x) for x in a.strength[i])
        one = b.analyze(rules, in_fl[i])
        assert bool(one.fouled) == expect["fouled"][i]
        assert one.royalties.tolist() == expect["royalties"][i]
        assert int(one.fantasyland) == expect["fantasyland"][i]


@pytest.mark.parametrize("preset", PRESETS)
def test_whole_file_in_one_batch(preset: str) -> None:
    """All boards of a file in one (n, 13) call, and with workers=2, equal the expectations."""
    rules = ofc.get_rules(preset)
    texts: list[str] = []
    flags: list[bool] = []
    want: dict[str, list[Any]] = {"fouled": [], "royalties": [], "fantasyland": [], "stays": []}
    for p, case in CASES:
        if p != preset or "rules_changes" in case:
            continue
        boards, in_fl, expect = _expect(case)
        texts += boards
        flags += in_fl
        for k in want:
            want[k] += expect[k]
    codes = np.stack([ofc.parse_boards(t) for t in texts])
    for workers in (1, 2):
        a = ofc.analyze(codes, rules, in_fantasyland=np.array(flags), workers=workers)
        assert a.fouled.tolist() == want["fouled"]
        assert a.royalties.tolist() == want["royalties"]
        assert a.fantasyland.tolist() == want["fantasyland"]
        assert a.stays.tolist() == want["stays"]
    # the same boards as signed ints, in a (1, n, 13) array
    a = ofc.analyze(codes.astype(np.int64)[None], rules, in_fantasyland=np.array(flags)[None])
    assert a.royalties[0].tolist() == want["royalties"]


@pytest.mark.parametrize("preset", PRESETS)
def test_all_deals_stacked(preset: str) -> None:
    """Deals of one player count, stacked (n, P, 13), scored in one call."""
    rules = ofc.get_rules(preset)
    by_players: dict[int, list[tuple[np.ndarray, dict[str, Any]]]] = {}
    for p, case in CASES:
        if p == preset and len(case["boards"]) >= 2 and "rules_changes" not in case:
            codes = np.stack([ofc.parse_boards(b) for b in case["boards"]])
            by_players.setdefault(len(case["boards"]), []).append((codes, case["expect"]))
    assert set(by_players) >= {2, 3}
    for items in by_players.values():
        deals = np.stack([c for c, _ in items])
        assert ofc.score(deals, rules).tolist() == [e["score"] for _, e in items]
        assert ofc.score_matrix(deals, rules, workers=2).tolist() == [e["score_matrix"] for _, e in items]


def test_golden_covers_every_feature() -> None:
    """A golden file change that drops a whole feature fails here."""
    seen: dict[str, set[int]] = {p: set() for p in PRESETS}
    players: dict[str, set[int]] = {p: set() for p in PRESETS}
    fouled: dict[str, int] = dict.fromkeys(PRESETS, 0)
    for preset, case in CASES:
        seen[preset].update(case["expect"]["fantasyland"])
        players[preset].add(len(case["boards"]))
        fouled[preset] += sum(case["expect"]["fouled"])
    assert seen["original"] >= {0, 13}
    assert seen["pineapple"] >= {0, 14}
    assert seen["progressive"] >= {0, 14, 15, 16, 17}
    assert seen["low"] >= {0, 14, 15}
    assert 4 in players["original"]
    assert all({2, 3} <= players[p] for p in PRESETS)
    assert all(fouled[p] >= 3 for p in PRESETS)


# ---------------------------------------------------------------- jokers

def _joker_rules(case: dict[str, Any]) -> ofc.Rules:
    return dataclasses.replace(ofc.get_rules(FILES[JOKER_FILE]["rules"]), **case["rules_changes"])


def _seen(case: dict[str, Any], codes: np.ndarray, i: int) -> Any:
    """What player i has seen under "unseen": the case's dead cards and the other boards
    (what score does); None under the other pools."""
    if _joker_rules(case).joker_pool != "unseen":
        return None
    others = [int(c) for j in range(len(codes)) if j != i for c in codes[j] if int(c) not in ofc.JOKERS]
    return ofc.cards(" ".join(case.get("dead", []))).tolist() + others


@pytest.mark.parametrize("case", JOKER_CASES, ids=[c["id"] for c in JOKER_CASES])
def test_joker_case(case: dict[str, Any]) -> None:
    rules = _joker_rules(case)
    boards, in_fl, expect = _expect(case)
    n = len(boards)
    codes = np.stack([ofc.parse_boards(b, jokers=rules.jokers) for b in boards])
    assert not case.get("dead") or (rules.joker_pool == "unseen" and n == 1)

    got = [ofc.analyze(codes[i], rules, in_fantasyland=in_fl[i], dead=_seen(case, codes, i)) for i in range(n)]
    assert [bool(a.fouled) for a in got] == expect["fouled"]
    assert [a.royalties.tolist() for a in got] == expect["royalties"]
    assert [int(a.fantasyland) for a in got] == expect["fantasyland"]
    assert [bool(a.stays) for a in got] == expect["stays"]
    assert [ofc.card_str(a.jokers) for a in got] == expect["jokers"]
    if rules.joker_pool != "unseen":
        # all boards in one call, from text too, and the Board methods
        a = ofc.analyze(boards, rules, in_fantasyland=in_fl)
        assert a.royalties.tolist() == expect["royalties"] and a.fouled.tolist() == expect["fouled"]
        assert ofc.card_str(a.jokers) == expect["jokers"]
        for i, text in enumerate(boards):
            b = ofc.Board.parse(text)
            assert str(b) == text
            assert b.fouled(rules) is expect["fouled"][i]
            assert b.royalties(rules) == tuple(expect["royalties"][i])
            assert b.fantasyland(rules, in_fl[i]) == expect["fantasyland"][i]
            assert ofc.card_str(b.analyze(rules, in_fl[i]).jokers) == expect["jokers"][i]

    if n >= 2:
        assert ofc.score(codes, rules).tolist() == expect["score"]
        assert ofc.score_matrix(codes, rules).tolist() == expect["score_matrix"]
        assert ofc.score(boards, rules).tolist() == expect["score"]
        two = np.stack([codes, codes])
        assert ofc.score_matrix(two, rules, workers=2).tolist() == [expect["score_matrix"]] * 2
        assert sum(expect["score"]) == 0


def test_joker_cases_in_batches() -> None:
    """The boards of all joker cases with the same rules in one call, with 1 and 2 workers."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for case in JOKER_CASES:
        if _joker_rules(case).joker_pool != "unseen":
            groups.setdefault(json.dumps(case["rules_changes"], sort_keys=True), []).append(case)
    assert len(groups) >= 5
    for cases in groups.values():
        rules = _joker_rules(cases[0])
        texts = [b for c in cases for b in c["boards"]]
        flags = [f for c in cases for f in _expect(c)[1]]
        want = {k: [v for c in cases for v in c["expect"][k]] for k in ("fouled", "royalties", "jokers")}
        codes = np.stack([ofc.parse_boards(t, jokers=rules.jokers) for t in texts])
        for workers in (1, 2):
            a = ofc.analyze(codes, rules, in_fantasyland=np.array(flags), workers=workers)
            assert a.fouled.tolist() == want["fouled"]
            assert a.royalties.tolist() == want["royalties"]
            assert ofc.card_str(a.jokers) == want["jokers"]
