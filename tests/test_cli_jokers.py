"""Jokers through the command line: every reader (text lines, the array reader, JSON, JSON
Lines), every command that reads or prints cards, the joker options and the rules file.

Outputs are parsed back and checked against the library (``ofc.analyze``, ``ofc.score``,
``ofc.strength``), which resolves the jokers: the command line only reads and prints them.
Commands that play (``simulate``, ``rollout``, ``fantasyland`` with a joker in the hand)
need the engine to deal and place jokers: their tests check that the rules arrive
unchanged and, where the library cannot take jokers yet, skip with the library's words.
"""
from __future__ import annotations

import argparse
import csv
import dataclasses
import io
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from card_text_table import JOKER_BOARDS, Error

import ofc_fast as ofc
from ofc_fast.board.boards import parse_boards
from ofc_fast.cli import main
from ofc_fast.cli.deals import text_deals
from ofc_fast.cli.fastlines import fast_lines
from ofc_fast.cli.options import add_rules_args, load_rules_file, rules_of
from ofc_fast.cli.writer import COLUMNS, JOKER_COLUMNS
from ofc_fast.hand.cards import DECK_SIZE, EMPTY

NAMES = [r + s for r in ofc.RANKS for s in ofc.SUITS] + ["X1", "X2"]
JK1 = dataclasses.replace(ofc.PINEAPPLE, jokers=1)
JK2 = dataclasses.replace(ofc.PINEAPPLE, jokers=2)

# the documented cases of docs/VARIANTS.md, and boards that need the joint resolution
GOLDEN = [
    "Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 3s",      # KK + joker top stays KK: KKK would foul
    "As X1 X2 / 5s 6s 7s 8s 9d / Tc Jc Qc Kc Ac",      # As + two jokers on top: trips
    "Qh Qd 2c / 8c 8d 8h 9s X2 / 2s 3s 4s 5s X1",      # 8-8-8-9 + joker quads; 2s-5s + joker straight flush
    "Qh Qd 2c / 5h 6h 7h 8h 9d / As Ks Qs Ts X1",      # royal flush
    "Ah X1 3c / Kh Kd 7h 8h 9c / Tc Td Th 3s X2",      # a joker copies a card of another row
    "X1 X2 2c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d",      # two jokers that would foul as aces
]


def codes_of(canonical: str) -> list[int]:
    return [NAMES.index(name) for name in canonical.split()]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def rules_file(tmp_path: Path, **fields: Any) -> str:
    path = tmp_path / "jokers.json"
    path.write_text(json.dumps({"preset": "pineapple", **fields}), encoding="utf-8")
    return str(path)


def card_or_none(code: int) -> str | None:
    return None if code == EMPTY else ofc.card_str(code)


def expected_rows(deals: list[np.ndarray], rules: ofc.Rules) -> list[dict[str, Any]]:
    """The rows of ``ofc-fast analyze`` from the library, deal by deal (jokers as ofc.score
    resolves them: under "unseen" the other boards of a deal are face up)."""
    rows = []
    for k, deal in enumerate(deals):
        points = ofc.score(deal, rules) if len(deal) > 1 else np.zeros(1, dtype=np.int32)
        for p, board in enumerate(deal):
            others = np.delete(deal, p, axis=0).ravel()
            dead = others[others < DECK_SIZE] if rules.joker_pool == "unseen" and len(deal) > 1 \
                and (board >= DECK_SIZE).any() else None
            a = ofc.analyze(board, rules, dead=dead)
            row = {"deal": k, "player": p, "board": str(ofc.Board(board)), "fouled": bool(a.fouled),
                   "strength_top": int(a.strength[0]), "strength_middle": int(a.strength[1]),
                   "strength_bottom": int(a.strength[2]), "royalty_top": int(a.royalties[0]),
                   "royalty_middle": int(a.royalties[1]), "royalty_bottom": int(a.royalties[2]),
                   "royalties": int(a.royalties.sum()), "fantasyland": int(a.fantasyland),
                   "stays": None, "points": int(points[p])}     # nobody in Fantasyland
            for j, name in enumerate(JOKER_COLUMNS[:rules.jokers]):
                row[name] = card_or_none(int(a.jokers[j]))
            rows.append(row)
    return rows


def parse_output(out: str, fmt: str) -> list[dict[str, Any]]:
    if fmt == "json":
        rows: list[dict[str, Any]] = json.loads(out)
        return rows
    if fmt == "jsonl":
        return [json.loads(line) for line in out.splitlines()]
    rows = []
    for r in csv.DictReader(io.StringIO(out)):
        row: dict[str, Any] = {}
        for key, value in r.items():
            if key == "stays" and value == "":
                row[key] = None
            elif key in ("fouled", "stays"):
                row[key] = value == "True"
            elif key in JOKER_COLUMNS:
                row[key] = value or None
            elif key == "board":
                row[key] = value
            else:
                row[key] = int(value)
        rows.append(row)
    return rows


def random_deals(rules: ofc.Rules, n: int, seed: int, players: tuple[int, ...] = (1, 2, 3)) -> list[np.ndarray]:
    """Deals from a deck with the rules' jokers (most of them hold one)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        p = int(rng.choice(players))
        deck = rng.permutation(rules.deck_size)
        # the jokers first now and then, so that boards with two of them are common
        if rng.random() < 0.5:
            jokers = np.arange(DECK_SIZE, rules.deck_size)
            deck = np.concatenate([jokers, deck[deck < DECK_SIZE]])
            deck[:13 * p] = rng.permutation(deck[:13 * p])
        out.append(deck[:13 * p].reshape(p, 13).astype(np.uint8))
    return out


def spelled(board: np.ndarray, rng: np.random.Generator) -> str:
    """A board's text in one of the spellings the readers take."""
    text = str(ofc.Board(board))
    kind = int(rng.integers(4))
    if kind == 1:
        text = text.lower()
    elif kind == 2:
        text = text.replace(" ", "")
    elif kind == 3:
        text = text.replace(" / ", " ")
    return text


# ------------------------------------------------------------------ the readers, one table

@pytest.mark.parametrize("text", list(JOKER_BOARDS))
def test_joker_board_readers(text: str) -> None:
    """Each board of the table through parse_boards, analyze, the array reader and the deal
    reader of the command line; where the rules deal no jokers (or one), every reader refuses."""
    want = JOKER_BOARDS[text]
    line = (text + "\n").encode()
    fast = fast_lines(line, 2)
    deals = text_deals(line, 1, 2)
    if isinstance(want, Error):
        with pytest.raises(ValueError) as info:
            parse_boards(text, 2)
        assert want.words in str(info.value)
        assert not fast.good.any(), f"the array reader accepts {text!r}"
        assert want.words in deals.errors[0]
        return
    codes = codes_of(want)
    assert parse_boards(text, 2).tolist() == codes
    got, expect = ofc.analyze(text, JK2), ofc.analyze(np.array(codes, dtype=np.uint8), JK2)
    assert (got.strength.tolist(), got.jokers.tolist()) == (expect.strength.tolist(), expect.jokers.tolist())
    assert deals.errors == {} and deals.boards.tolist() == [codes]
    if fast.good.any():
        assert fast.boards.tolist() == [codes]
    elif "X1" in text.upper() and "XJ" not in text.upper() and "JK" not in text.upper() \
            and "\U0001f0cf" not in text:
        pytest.fail(f"the array reader leaves {text!r} to the parser")
    # no jokers in the rules: refused by both readers, the parser's words naming the joker
    for jokers in (0, 1):
        if max(codes) < DECK_SIZE + jokers:
            continue
        assert not fast_lines(line, jokers).good.any()
        err = text_deals(line, 1, jokers).errors[0]
        assert "joker" in err and f"jokers={jokers}" in err


def test_array_reader_against_the_parser() -> None:
    """Random joker boards in random spellings: the array reader reads what the parser reads."""
    rng = np.random.default_rng(17)
    for jokers, rules in ((1, JK1), (2, JK2)):
        deals = random_deals(rules, 300, jokers)
        lines = [";".join(spelled(b, rng) for b in deal) for deal in deals]
        data = ("\n".join(lines) + "\n").encode()
        fast = fast_lines(data, jokers)
        assert fast.good.all()
        assert fast.boards.tolist() == np.concatenate(deals).tolist()
        assert text_deals(data, 1, jokers).boards.tolist() == fast.boards.tolist()
        # the same text where the rules deal fewer jokers: every line with one is left to the parser
        fewer = fast_lines(data, jokers - 1)
        holds = [bool((deal >= DECK_SIZE + jokers - 1).any()) for deal in deals]
        assert fewer.good.tolist() == [not h for h in holds]


# ------------------------------------------------------------------ analyze

@pytest.mark.parametrize("fmt", ["csv", "json", "jsonl"])
@pytest.mark.parametrize("input_format", ["text", "json", "jsonl"])
def test_analyze_round_trip(capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str,
                            input_format: str) -> None:
    """Joker deals written in every input format: the rows are the library's, jokers too."""
    rng = np.random.default_rng(3)
    deals = random_deals(JK2, 120, 5) + [parse_boards(b, 2)[None] for b in GOLDEN]
    path = tmp_path / f"deals.{input_format}"
    if input_format == "text":
        path.write_text("\n".join(";".join(spelled(b, rng) for b in d) for d in deals) + "\n",
                        encoding="utf-8")
    else:
        # boards as strings, lists of codes (52, 53 the jokers) and lists of card texts
        values = [[str(ofc.Board(b)) if k % 3 == 0 else b.tolist() if k % 3 == 1 else
                   ofc.card_str(b).split() for b in d] for k, d in enumerate(deals)]
        text = json.dumps(values) if input_format == "json" else "\n".join(map(json.dumps, values))
        path.write_text(text + "\n", encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path), "--jokers", "2", "--format", fmt,
                         "--input-format", input_format)
    assert (code, err) == (0, "")
    got = parse_output(out, fmt)
    assert got == expected_rows(deals, JK2)
    if fmt == "csv":
        assert out.splitlines()[0] == ",".join(COLUMNS + JOKER_COLUMNS)


@pytest.mark.parametrize("fields", [
    {"jokers": 1},
    {"jokers": 2, "joker_pool": "not_on_board"},
    {"jokers": 2, "joker_pool": "unseen"},
    {"jokers": 2, "joker_pool": "duplicates", "five_of_a_kind": "above_straight_flush"},
    {"jokers": 2, "joker_pool": "duplicates", "five_of_a_kind": "below_royal",
     "five_of_a_kind_middle": 40, "natural_beats_wild": True},
    {"jokers": 2, "joker_resolution": "row"},
])
def test_analyze_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, fields: dict[str, Any]) -> None:
    """--rules-file with the joker fields: Rules.from_dict reads them; the rows are the library's."""
    path = rules_file(tmp_path, **fields)
    rules = load_rules_file(path)
    assert rules == ofc.Rules.from_dict({**ofc.PINEAPPLE.to_dict(), **fields, "name": "jokers"})
    deals = random_deals(rules, 150, rules.jokers + 11)
    data = tmp_path / "deals.txt"
    data.write_text("\n".join(";".join(str(ofc.Board(b)) for b in d) for d in deals) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(data), "--rules-file", path, "--format", "jsonl")
    assert (code, err) == (0, "")
    assert parse_output(out, "jsonl") == expected_rows(deals, rules)
    # the same rules from the options: the same output
    argv = ["analyze", str(data), "--format", "jsonl"]
    for key, value in fields.items():
        option = "--" + key.replace("_", "-")
        if key == "five_of_a_kind_middle":
            continue
        argv += [option] if value is True else [option, str(value)]
    if "five_of_a_kind_middle" not in fields:
        code, again, err = run(capsys, *argv)
        assert (code, err, again) == (0, "", out)


def test_golden_boards(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The documented joker boards through ``analyze`` (from stdin) and ``score``: the
    library's answer, and what each joker became (printed X1 = card)."""
    deals = [parse_boards(b, 2)[None] for b in GOLDEN]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(GOLDEN) + "\n"))
    code, out, err = run(capsys, "analyze", "-", "--jokers", "2", "--format", "json")
    assert (code, err) == (0, "")
    rows = parse_output(out, "json")
    assert rows == [dict(r, deal=k) for k, r in enumerate(expected_rows(deals, JK2))]
    # the cases of docs/VARIANTS.md
    assert rows[0]["fouled"] is False and ofc.describe(rows[0]["strength_top"]).startswith("Pair of Kings")
    assert ofc.describe(rows[1]["strength_top"]) == "Three Aces"
    assert ofc.category(rows[2]["strength_middle"]) == ofc.HandCategory.FOUR_OF_A_KIND
    assert ofc.category(rows[2]["strength_bottom"]) == ofc.HandCategory.STRAIGHT_FLUSH   # 6-high
    assert ofc.category(rows[3]["strength_bottom"]) == ofc.HandCategory.ROYAL_FLUSH
    assert rows[3]["joker_x1"] == "Js" and rows[3]["joker_x2"] is None
    # score prints the same boards with each joker's card
    for board in GOLDEN:
        natural = [c for c in range(DECK_SIZE) if c not in parse_boards(board, 2).tolist()]
        code, out, err = run(capsys, "score", board, str(ofc.Board(natural[:13])), "--jokers", "2")
        assert (code, err) == (0, "")
        out = out.split("\nplayer 1: ")[0] + "\n"
        a = ofc.analyze(board, JK2)
        held = [j for j in ("X1", "X2") if j in board]
        became = ", ".join(f"{j} = {ofc.card_str(int(a.jokers[NAMES.index(j) - 52]))}" for j in held)
        assert f"\n  jokers {became}\n" in out
        assert out.startswith("rules: pineapple, 2 jokers (joker_pool any, joker_resolution board)\n")
        assert f"royalties {int(a.royalties.sum())}, " in out


def test_joker_free_output_unchanged(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Rules without jokers print what they printed before; rules with jokers add only the
    joker columns (empty for a board without one)."""
    deals = random_deals(ofc.PINEAPPLE, 60, 8)
    path = tmp_path / "deals.txt"
    path.write_text("\n".join(";".join(str(ofc.Board(b)) for b in d) for d in deals) + "\n", encoding="utf-8")
    code, plain, _ = run(capsys, "analyze", str(path))
    assert code == 0 and plain.splitlines()[0] == ",".join(COLUMNS)
    code, zero, _ = run(capsys, "analyze", str(path), "--jokers", "0")
    assert zero == plain
    code, two, _ = run(capsys, "analyze", str(path), "--jokers", "2")
    assert [line + ",," for line in plain.splitlines()[1:]] == two.splitlines()[1:]
    code, plain, _ = run(capsys, "score", *GOLDEN[0:1], "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d")
    assert code == 2      # X1 without jokers: refused (below); a natural deal prints as before
    nat = ["Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"]
    code, plain, _ = run(capsys, "score", *nat)
    code, two, _ = run(capsys, "score", *nat, "--jokers", "2")
    assert plain.startswith("rules: pineapple\n")
    assert two.replace("rules: pineapple, 2 jokers (joker_pool any, joker_resolution board)\n",
                       "rules: pineapple\n") == plain and "jokers X" not in two


# ------------------------------------------------------------------ bad input

@pytest.mark.parametrize("argv, lines, words", [
    # a joker where the rules deal none: text, JSON codes, JSON Lines
    ([], ["Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", "Ks Kd X1 / 5s 6s 7s 8s 9d / Ac Ad Ah As 2d"],
     "line 2, deal 1: player 0: top row: joker 'X1' (code 52) in 'Ks Kd X1': the rules have no jokers (jokers=0)"),
    ([], ["Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", "Ks Kd xj / 5s 6s 7s 8s 9d / Ac Ad Ah As 2d"],
     "line 2, deal 1: player 0: top row: joker 'xj' (code 52)"),
    # code 53 (X2) with jokers=1
    (["--jokers", "1"], ["Ks Kd X1 / 5s 6s 7s 8s 9d / Ac Ad Ah X2 2d"],
     "line 1, deal 0: player 0: bottom row: joker 'X2' (code 53) in 'Ac Ad Ah X2 2d': the rules have 1 joker"),
    # a third joker: X1 X2 and one more
    (["--jokers", "2"], ["X1 X2 Jk / 5s 6s 7s 8s 9d / Ac Ad Ah As 2d"],
     "line 1, deal 0: player 0: top row: joker 'Jk' in 'X1 X2 Jk': no joker is left: the rules have 2 "
     "(jokers=2) and X1 and X2 are already there"),
    # a joker on two boards of a deal
    (["--jokers", "2"], ["Ks Kd X1 / 5s 6s 7s 8s 9d / Ac Ad Ah As 2d;Qh Qd X1 / 5c 6c 7c 8c 9c / Kc Kh 3h 3s 3d"],
     "line 1, deal 0: card X1 (code 52) is used twice"),
    # a generic joker where a later board names the only joker
    (["--jokers", "1"], ["Ks Kd Xj / 5s 6s 7s 8s 9d / Ac Ad Ah As 2d;Qh Qd X1 / 5c 6c 7c 8c 9c / Kc Kh 3h 3s 3d"],
     "line 1, deal 0: player 0: top row: joker 'Xj' in 'Ks Kd Xj': no joker is left: the rules have 1 "
     "(jokers=1) and X1 is already there"),
])
def test_bad_joker_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str],
                         lines: list[str], words: str) -> None:
    path = tmp_path / "deals.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path), *argv)
    assert code == 2 and words in err, err
    assert err.startswith(f"ofc-fast: error: {path}")
    assert len(out.splitlines()) == len(lines)       # the header and the rows before the bad deal
    code, out, err = run(capsys, "analyze", str(path), "--skip-bad", *argv)
    assert code == 1 and words in err


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
@pytest.mark.parametrize("jokers, code_, words", [
    (0, 52, "position 2: card code 52 is not in 0..51 (a joker: the rules have jokers=0)"),
    (1, 53, "position 2: card code 53 is not in 0..52 (a joker: the rules have jokers=1)"),
    (2, 54, "position 2: card code 54 is not in 0..53"),
])
def test_bad_joker_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str, jokers: int,
                         code_: int, words: str) -> None:
    good = parse_boards("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d").tolist()
    bad = list(good)
    bad[2] = code_
    values = [[good], [bad]]
    path = tmp_path / f"deals.{fmt}"
    text = "\n".join(map(json.dumps, values))
    path.write_text(f"[\n{text.replace(chr(10), ','+chr(10))}\n]\n" if fmt == "json" else text, encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path), "--jokers", str(jokers))
    assert code == 2
    line = 3 if fmt == "json" else 2        # where the bad deal starts
    assert f"line {line}, deal 1: player 0: {words}" in err, err


@pytest.mark.parametrize("argv, words", [
    (["score", "Ks Kd X1 / 5s 6s 7s 8s 9d / Ac Ad Ah As 2d", "Qh Qd 2c / 5c 6c 7c 8c 9c / Kc Kh 3h 3s 3d"],
     "player 0: top row: joker 'X1' (code 52) in 'Ks Kd X1': the rules have no jokers (jokers=0)"),
    (["score", "Qh Qd 2c / 5c 6c 7c 8c 9c / Kc Kh 3h 3s 3d", "Ks Kd X1 / 5s 6s 7s 8s 9d / Ac Ad Ah X2 2d",
      "--jokers", "1"], "player 1: bottom row: joker 'X2' (code 53) in 'Ac Ad Ah X2 2d'"),
    (["score", "Ks Kd X1 / 5s 6s 7s 8s 9d / Ac Ad Ah As 2d", "Qh Qd X1 / 5c 6c 7c 8c 9c / Kc Kh 3h 3s 3d",
      "--jokers", "2"], "card X1 (code 52) is used twice"),
    (["eval", "As X1 X2"], "joker 'X1' (code 52) in 'As X1 X2': the rules have no jokers (jokers=0)"),
    (["eval", "As X1 X2", "--jokers", "1"], "joker 'X2' (code 53) in 'As X1 X2': the rules have 1 joker"),
    (["eval", "As X1 X2 Xj", "--jokers", "2"], "joker 'Xj' in 'As X1 X2 Xj': no joker is left"),
    (["eval", "Xj As X1", "--jokers", "1"], "joker 'Xj' in 'Xj As X1': no joker is left"),
    (["score", "Ks Kd Xj / 5s 6s 7s 8s 9d / Ac Ad Ah As 2d", "Qh Qd X1 / 5c 6c 7c 8c 9c / Kc Kh 3h 3s 3d",
      "--jokers", "1"], "player 0: top row: joker 'Xj' in 'Ks Kd Xj': no joker is left"),
    (["eval", "As X1 X1", "--jokers", "2"], "X1"),
    (["rollout", "Xj Ah / Kd Qd / 2s", "Xj 2c / 8d 9d / Ts", "--jokers", "1"],
     "player 1, top row: joker 'Xj' in 'Xj 2c': no joker is left: the rules have 1 (jokers=1) and X1 is "
     "already there"),
    (["rollout", "Xj Ah / Kd Qd / 2s", "-- / -- / --", "--hand", "Xj 3c 4d", "--jokers", "1"],
     "the cards in hand: joker 'Xj' in 'Xj 3c 4d': no joker is left"),
    (["rollout", "Xj Ah / Kd Qd / 2s", "-- / -- / --", "--hand", "Xj 3c 4d", "--dead", "7h Xj", "--jokers", "2"],
     "dead cards: joker 'Xj' in '7h Xj': no joker is left: the rules have 2 (jokers=2) and X1 and X2"),
    (["fantasyland", "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c X1"],
     "hand 0: joker 'X1' (code 52) in 'As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c X1': the rules have no jokers"),
    (["eval", "As Ks Qs", "--jokers", "3"], "--jokers: Rules 'pineapple': jokers must be 0, 1 or 2"),
    (["eval", "As Ks Qs", "--jokers", "2", "--joker-pool", "dupes"],
     "--joker-pool: Rules 'pineapple': joker_pool must be one of 'any', 'not_on_board', 'unseen', "
     "'duplicates', got 'dupes'"),
    (["eval", "As Ks Qs", "--jokers", "2", "--five-of-a-kind", "below_royal"],
     "needs joker_pool 'duplicates'"),
    (["eval", "As Ks Qs", "--joker-resolution", "player"], "joker_resolution must be 'board' or 'row', got 'player'"),
])
def test_bad_joker_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("ofc-fast: error: ") and words in err, err


@pytest.mark.parametrize("fields, words", [
    ({"jokers": 3}, "jokers must be 0, 1 or 2"),
    ({"jokers": 2, "joker_pool": "anything"}, "joker_pool must be one of"),
    ({"jokers": 2, "five_of_a_kind": "above_straight_flush"}, "needs joker_pool 'duplicates'"),
    ({"jokers": 2, "natural_beats_wild": "yes"}, "natural_beats_wild must be a bool"),
    ({"jokers": 2, "joker_resolutions": "row"}, "unknown field 'joker_resolutions'"),
])
def test_bad_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, fields: dict[str, Any],
                        words: str) -> None:
    path = rules_file(tmp_path, **fields)
    code, out, err = run(capsys, "score", "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d",
                         "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d", "--rules-file", path)
    assert code == 2 and out == ""
    assert err.startswith(f"ofc-fast: error: {path}: ") and words in err, err


def test_options_over_rules_file(tmp_path: Path) -> None:
    """The joker options set fields on top of a rules file; --five-of-a-kind none clears it."""
    ap = argparse.ArgumentParser()
    add_rules_args(ap)
    path = rules_file(tmp_path, jokers=2, joker_pool="duplicates", five_of_a_kind="below_royal",
                      scoop_bonus=6)
    base = rules_of(ap.parse_args(["--rules-file", path]))
    assert (base.jokers, base.five_of_a_kind, base.scoop_bonus) == (2, "below_royal", 6)
    changed = rules_of(ap.parse_args(["--rules-file", path, "--jokers", "1", "--five-of-a-kind", "None",
                                      "--joker-resolution", "row", "--natural-beats-wild"]))
    assert changed == dataclasses.replace(base, jokers=1, five_of_a_kind=None, joker_resolution="row",
                                          natural_beats_wild=True)
    assert rules_of(ap.parse_args([])) is ofc.PINEAPPLE


# ------------------------------------------------------------------ eval, score, fantasyland

def test_eval_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    hands = ["As X1 X2", "As Ks Qs Ts X1", "2s 3s 4s 5s xj", "8c 8d 8h 9s JK", "Ah 9c 9d X1 X2", "Ah Kd 2c",
             "7h 5d 4c 3s 2h"]
    code, out, err = run(capsys, "eval", *hands, "--jokers", "2")
    assert (code, err) == (0, "")
    for hand, line in zip(hands, out.splitlines()):
        s = int(ofc.strength(hand, rules=JK2))
        assert line.startswith(f"{ofc.card_str(ofc.cards(hand, jokers=2))}: strength {s}, ")
        assert ofc.describe(s) in line
        assert ("lowball" in line) == (len(hand.split()) == 5 and "X" not in line)
    lines = out.splitlines()
    assert "Three Aces" in lines[0] and "Royal flush" in lines[1] and "Four Nines" in lines[4]
    # five of a kind where the rules make it a hand
    code, out, err = run(capsys, "eval", "Ah Ad Ac X1 X2", "--jokers", "2", "--joker-pool", "duplicates",
                         "--five-of-a-kind", "above_straight_flush")
    assert code == 0 and "Five of a kind" in out, out + err
    # joker-free hands print as before the options existed
    code, plain, _ = run(capsys, "eval", *hands[5:])
    code, two, _ = run(capsys, "eval", *hands[5:], "--jokers", "2")
    assert plain == two


def test_score_jokers_unseen(capsys: pytest.CaptureFixture[str]) -> None:
    """Under "unseen" score resolves a board's jokers with the other boards face up; the rows
    printed are that resolution (ofc.analyze with the other boards dead)."""
    rules = dataclasses.replace(JK2, joker_pool="unseen")
    deals = [d for d in random_deals(rules, 400, 21, players=(2, 3)) if (d >= 52).any()][:25]
    for deal in deals:
        boards = [str(ofc.Board(b)) for b in deal]
        code, out, err = run(capsys, "score", *boards, "--jokers", "2", "--joker-pool", "unseen")
        assert (code, err) == (0, "")
        for row in expected_rows([deal], rules):
            p = row["player"]
            block = out.split(f"player {p}: ")[1].split("\nplayer ")[0]
            assert f"royalties {row['royalties']}, " in block and f"points {row['points']:+d}" in block
            for name in JOKER_COLUMNS:
                if row.get(name):
                    assert f"X{name[-1]} = {row[name]}" in block


def test_fantasyland_joker_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """A joker-free hand under rules with jokers: solved as before, no joker to report."""
    hand = "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd"
    code, plain, _ = run(capsys, "fantasyland", hand, "--json")
    code, two, err = run(capsys, "fantasyland", hand, "--json", "--jokers", "2")
    assert (code, err) == (0, "")
    a, b = json.loads(plain), json.loads(two)
    assert b[0].pop("jokers") == {} and a == b
    code, text, _ = run(capsys, "fantasyland", hand, "--jokers", "2")
    assert "(14 cards, pineapple, 2 jokers (joker_pool any, joker_resolution board))" in text


def _library_refuses(call: Any) -> str | None:
    """The library's words where it refuses jokers today (the engine work), else None."""
    try:
        call()
    except ValueError as e:
        return str(e)
    return None


def test_fantasyland_joker_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """Needs the solver to take jokers: the setting and what each joker became, as analyze says."""
    hand = "As Ks Qs Js 9h 9d 9c 2h 2d 5c 6c 7c X1 X2"
    refused = _library_refuses(lambda: ofc.solve_fantasyland(ofc.cards(hand, jokers=2), JK2))
    code, out, err = run(capsys, "fantasyland", hand, "--jokers", "2", "--json")
    if refused is not None:
        assert code == 2 and refused[:40] in err     # the library's error, as it said it
        pytest.skip(f"solve_fantasyland takes no jokers yet: {refused}")
    assert (code, err) == (0, "")
    r = json.loads(out)[0]
    a = ofc.analyze(r["board"], JK2)
    held = [j for j in ("X1", "X2") if j in r["board"]]
    assert r["jokers"] == {j: ofc.card_str(int(a.jokers[int(j[1]) - 1])) for j in held}
    assert r["royalties"] == a.royalties.tolist()
    code, text, _ = run(capsys, "fantasyland", hand, "--jokers", "2")
    assert "  jokers X" in text


# ------------------------------------------------------------------ the commands that play

def test_play_commands_pass_the_rules(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                      tmp_path: Path) -> None:
    """simulate and rollout hand the joker rules to the library unchanged."""
    import ofc_fast.sim.rollout as rollout_mod
    import ofc_fast.sim.selfplay as selfplay_mod
    seen: list[Any] = []

    def catch(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs)
        raise ValueError("stopped by the test")

    monkeypatch.setattr(selfplay_mod, "simulate", lambda rules, *a, **k: catch(rules=rules, **k))
    monkeypatch.setattr(rollout_mod, "rollout", catch)
    monkeypatch.setattr(rollout_mod, "evaluate_placements", catch)
    path = rules_file(tmp_path, jokers=2, joker_pool="not_on_board", joker_resolution="row")
    want = load_rules_file(path)
    boards = ["Qh X1 / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac X2"]
    for argv in (["simulate", "--hands", "10", "--rules-file", path],
                 ["rollout", *boards, "-n", "10", "--rules-file", path],
                 ["rollout", "-- / -- / --", "-- / -- / --", "--hand", "Ah X1 7c 8c X2", "--dead", "Kd",
                  "-n", "10", "--rules-file", path]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and "stopped by the test" in err
        assert seen[-1]["rules"] == want
    assert seen[1]["boards"] == boards
    # (a valid position: the command counts its placements, for the bar, before the library runs)
    assert seen[2]["position"] == (["-- / -- / --", "-- / -- / --"], "Ah X1 7c 8c X2", "Kd")


def test_generic_jokers_of_a_deal_share_the_deck(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Xj on two boards of one deal are X1 then X2, as the library's score reads them."""
    deal = ["Qh Qd Xj / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", "2c 3c 4c / 8d 9h Td Jd Xj / Ac Ad Ah As 3h"]
    code, out, err = run(capsys, "score", *deal, "--jokers", "2")
    assert (code, err) == (0, "") and "X1" in out and "X2" in out
    path = tmp_path / "deals.txt"
    path.write_text(" ; ".join(deal) + "\n" + " ; ".join(d.replace("Xj", x) for d, x in zip(deal, ("X1", "X2"))) + "\n")
    code, out, err = run(capsys, "analyze", str(path), "--jokers", "2")
    rows = [line.split(",", 1)[1] for line in out.splitlines()[1:]]
    assert (code, err) == (0, "") and rows[:2] == rows[2:] and len(rows) == 4


def test_generic_joker_leaves_the_named_ones(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Xj before an explicit X1 of a later board is X2: score, analyze of text, JSON and JSON Lines."""
    deal = ["Qh Qd Xj / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", "2c 3c 4c / 8d 9h Td Jd X1 / Ac Ad Ah As 3h"]
    explicit = [deal[0].replace("Xj", "X2"), deal[1]]
    code, out, err = run(capsys, "score", *deal, "--jokers", "2")
    assert (code, err) == (0, "")
    assert out == run(capsys, "score", *explicit, "--jokers", "2")[1]
    want = run(capsys, "score", *explicit, "--jokers", "2")[1]
    assert "player 0: Qh Qd X2 /" in want
    text = tmp_path / "deals.txt"
    text.write_text(" ; ".join(deal) + "\n*" + " ; *".join(deal) + "\n" + " ; ".join(explicit) + "\n")
    cards = [parse_boards(b, 2).tolist() for b in explicit]
    one_by_one = [["Xj" if c == 53 else c for c in cards[0]], cards[1]]   # codes and text, one card each
    jsonl = tmp_path / "deals.jsonl"
    jsonl.write_text("\n".join(map(json.dumps, [deal, one_by_one, [one_by_one[0], deal[1]], explicit])) + "\n")
    for path, deals in ((text, 3), (jsonl, 4)):
        code, out, err = run(capsys, "analyze", str(path), "--jokers", "2", "--format", "jsonl")
        rows = [json.loads(line) for line in out.splitlines()]
        assert (code, err) == (0, "") and len(rows) == 2 * deals
        # ('*' marks a player in Fantasyland: the same boards and points)
        assert [(r["board"], r["points"]) for r in rows] == [(r["board"], r["points"]) for r in rows[-2:]] * deals
        assert rows[0]["board"] == explicit[0]
    # a marked board ('*', in Fantasyland) naming X1 first
    line = f"{deal[0]} ; *X1 3c 4c / 8d 9h Td Jd 2h / Ac Ad Ah As 3h\n".encode()
    assert ofc.card_str(text_deals(line, 1, 2).boards[:, :3].reshape(-1)) == "Qh Qd X2 X1 3c 4c"


def test_rollout_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    """Needs the engine to deal jokers: partial boards holding them, completed by the policy."""
    boards = ["Qh X1 / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac X2"]
    refused = _library_refuses(lambda: ofc.rollout(boards, JK2, n=4, seed=1))
    code, out, err = run(capsys, "rollout", *boards, "-n", "50", "--seed", "3", "--jokers", "2", "--json")
    if refused is not None:
        assert code == 2 and refused in err
        pytest.skip(f"rollout takes no jokers yet: {refused}")
    assert (code, err) == (0, "")
    got = json.loads(out)
    res = ofc.rollout(boards, JK2, n=50, seed=3)
    assert [r["mean"] for r in got] == res.mean.tolist()
    assert {r["policy"] for r in got} == {"heuristic"}   # each row names what filled the boards


def test_rollout_placements_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    """Needs the engine: the placements of a hand holding a joker print it as X1."""
    position = (["-- / -- / --", "-- / -- / --"], "Ah Ad 7c 8c X1", None)
    refused = _library_refuses(lambda: ofc.evaluate_placements(position, JK1, n=2, seed=1))
    code, out, err = run(capsys, "rollout", "-- / -- / --", "-- / -- / --", "--hand", "Ah Ad 7c 8c X1",
                         "-n", "20", "--jokers", "1", "--json", "--top", "3")
    if refused is not None:
        assert code == 2 and refused in err
        pytest.skip(f"evaluate_placements takes no jokers yet: {refused}")
    assert (code, err) == (0, "")
    rows = json.loads(out)
    assert rows and all("X1" in r["board"] and r["policy"] == "heuristic" for r in rows)


def test_rollout_generic_jokers_share_the_deck(capsys: pytest.CaptureFixture[str]) -> None:
    """ofc-fast rollout reads its boards, --hand and --dead as one deal: Xj on two boards is
    X1 then X2, an Xj held after a board's is X2, an explicit X1 keeps its joker."""
    def rolled(*argv: str) -> list[dict[str, Any]]:
        code, out, err = run(capsys, "rollout", *argv, "-n", "30", "--seed", "3", "--jokers", "2", "--json")
        assert (code, err) == (0, "")
        return json.loads(out)  # type: ignore[no-any-return]

    a, b = "Xj Ah / Kd Qd / 2s", "Xj 2c / 8d 9d / Ts"
    assert rolled(a, b) == rolled(a.replace("Xj", "X1"), b.replace("Xj", "X2"))
    assert rolled(a, b.replace("Xj", "X1")) == rolled(a.replace("Xj", "X2"), b.replace("Xj", "X1"))
    empty = "-- / -- / --"
    assert rolled(a, empty, "--hand", "Xj 3c 4d", "--dead", "5h") == \
        rolled(a.replace("Xj", "X1"), empty, "--hand", "X2 3c 4d", "--dead", "5h")
    assert rolled(empty, empty, "--hand", "Xj 3c 4d 5h 6s", "--dead", "X1") == \
        rolled(empty, empty, "--hand", "X2 3c 4d 5h 6s", "--dead", "X1")


def test_simulate_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    """Needs the engine to deal 54 cards: the hands then differ from the joker-free ones."""
    dealt = ofc.deal(200, JK2, 2, seed=1)
    if int(dealt.max()) < DECK_SIZE:
        pytest.skip("the engine deals no jokers yet (ofc.deal with jokers=2 gives 52-card deals)")
    code, plain, _ = run(capsys, "simulate", "--hands", "200", "--seed", "1", "--json")
    code, two, err = run(capsys, "simulate", "--hands", "200", "--seed", "1", "--json", "--jokers", "2")
    assert (code, err) == (0, "") and json.loads(two) != json.loads(plain)
    code, text, _ = run(capsys, "simulate", "--hands", "20", "--jokers", "2")
    assert text.startswith("20 hands of pineapple, 2 jokers (joker_pool any, joker_resolution board)")
