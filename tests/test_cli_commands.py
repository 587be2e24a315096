"""The command line (ofc_fast.cli.main): eval, score and analyze, their output parsed
back and checked against the library, and errors (exit code 2, message on stderr)."""
from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ofc_fast as ofc
from ofc_fast.board.boards import board_text
from ofc_fast.cli import main
from ofc_fast.cli.writer import COLUMNS

QQ = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"       # valid: 7 + 4 + 10, Fantasyland
AA = "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"       # fouled
LOW_P0 = "Kh Kd 2c / 7h 5d 4c 3s 2h / Ac Ad Ah 9s 9d"   # KK top + the nuts: 15 cards
LOW_P1 = "Qh Qd 3c / 8h 6d 5c 4s 3h / Tc Td Th Js Jd"   # 8-high low
LOW_P2 = "2d 4d 6c / 8s 9h Jc Qc Kc / 5h 5s 7c 7d 7s"   # dead middle (J Q K)
ORIG4 = ["2c 3c 4c / 5c 6c 7c 8c 9c / Tc Jc Qc Kc Ac",
         "Qd Qh 2d / 3d 3h 3s 4d 4h / 8d 8h 8s 9d 9h",
         "As Ah 5d / 6d 6h 7d 7h 7s / Td Th Ts Jd Jh",
         "2h 2s 4s / 5h 5s 6s 9s Js / Qs Kd Kh Ks Ad"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------ eval

def test_eval(capsys: pytest.CaptureFixture[str]) -> None:
    hands = ["Ah Kd 2c", "Qh Qd 5c 5d 2s", "7h 5d 4c 3s 2h", "As Ks Qs Js Ts", "3c 3d 3h"]
    code, out, err = run(capsys, "eval", *hands)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == len(hands)
    for hand, line in zip(hands, lines):
        s = int(ofc.strength(hand))
        assert line.startswith(f"{ofc.card_str(ofc.cards(hand))}: strength {s}, ")
        assert ofc.category(s).label in line and ofc.describe(s) in line
        if len(hand.split()) == 5:
            assert line.endswith(f"2-7 lowball rank {int(ofc.lowball27(hand))}")
        else:
            assert "lowball" not in line
    assert "Royal flush" in lines[3]
    assert f"2-7 lowball rank {ofc.LOWBALL_MAX}" in lines[2]


@pytest.mark.parametrize("hand, msg", [("Ah Kd", "3 or 5 cards"), ("Ah Kd Zz", "unknown card 'Zz'"),
                                       ("Ah Ah Kd", "Ah"), ("Ah Kd 2c 3c", "3 or 5 cards")])
def test_eval_errors(capsys: pytest.CaptureFixture[str], hand: str, msg: str) -> None:
    code, out, err = run(capsys, "eval", "Qh Qd 5c", hand)
    assert code == 2
    assert err.startswith("ofc-fast: error: ") and msg in err


# ------------------------------------------------------------------ score

def _parse_score(out: str) -> dict[int, dict[str, Any]]:
    players: dict[int, dict[str, Any]] = {}
    current = -1
    for line in out.splitlines():
        m = re.match(r"player (\d+): (.*?)( FOULED)?$", line)
        if m:
            current = int(m.group(1))
            players[current] = {"board": m.group(2), "fouled": bool(m.group(3)), "rows": []}
            continue
        m = re.match(r"  (top|middle|bottom)\s+(.*?)\s{2,}(.*?)\s+royalties (-?\d+)$", line)
        if m:
            players[current]["rows"].append((m.group(1), m.group(2), m.group(3).strip(), int(m.group(4))))
            continue
        m = re.match(r"  royalties (-?\d+), Fantasyland (no|(\d+) cards), points ([+-]\d+)$", line)
        if m:
            players[current].update(royalties=int(m.group(1)),
                                    fantasyland=int(m.group(3) or 0), points=int(m.group(4)))
    return players


def _check_score_output(out: str, boards: list[str], rules: ofc.Rules) -> dict[int, dict[str, Any]]:
    assert out.splitlines()[0] == f"rules: {rules.name}"
    got = _parse_score(out)
    deal = np.stack([ofc.parse_boards(b) for b in boards])
    a = ofc.analyze(deal, rules)
    points = ofc.score(deal, rules)
    assert sorted(got) == list(range(len(boards)))
    for p, b in enumerate(boards):
        g = got[p]
        assert ofc.Board.parse(g["board"]) == ofc.Board.parse(b)
        assert g["fouled"] == bool(a.fouled[p])
        assert [r[0] for r in g["rows"]] == ["top", "middle", "bottom"]
        assert [r[3] for r in g["rows"]] == a.royalties[p].tolist()
        assert g["royalties"] == int(a.royalties[p].sum())
        assert g["fantasyland"] == int(a.fantasyland[p])
        assert g["points"] == int(points[p])
    assert sum(g["points"] for g in got.values()) == 0
    return got


def test_score_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", QQ, AA)
    assert code == 0 and err == ""
    got = _check_score_output(out, [QQ, AA], ofc.PINEAPPLE)
    assert got[0]["points"] == 27 and got[1]["points"] == -27
    assert got[0]["fantasyland"] == 14 and got[1]["fouled"]
    assert got[0]["rows"][1][2] == "Straight, Nine high"
    code, out, _ = run(capsys, "score", QQ, AA, "--rules", "progressive")
    assert code == 0 and _check_score_output(out, [QQ, AA], ofc.PROGRESSIVE)[0]["fantasyland"] == 14
    code, out, _ = run(capsys, "score", AA.replace(" / ", " | "), QQ, "--rules", "original")
    assert code == 0
    assert _check_score_output(out, [AA, QQ], ofc.ORIGINAL)[1]["fantasyland"] == 13


def test_score_three_players_low(capsys: pytest.CaptureFixture[str]) -> None:
    boards = [LOW_P0, LOW_P1, LOW_P2]
    code, out, err = run(capsys, "score", *boards, "--rules", "low")
    assert code == 0 and err == ""
    got = _check_score_output(out, boards, ofc.LOW)
    assert got[0]["fantasyland"] == 15
    assert got[0]["rows"][1][2] == "2-7: the nuts" and got[0]["rows"][1][3] == 8
    assert got[1]["rows"][1][2] == "2-7: 8 high low"
    assert got[2]["fouled"] and got[2]["rows"][1][2] == "dead (fouls)"
    assert [ln.endswith("FOULED") for ln in out.splitlines() if ln.startswith("player")] == \
        [False, False, True]


def test_score_four_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", *ORIG4, "--rules", "original")
    assert code == 0 and err == ""
    got = _check_score_output(out, ORIG4, ofc.ORIGINAL)
    assert [got[p]["fouled"] for p in range(4)] == [False, False, False, False]
    code, out, err = run(capsys, "score", *ORIG4, "--rules", "pineapple")
    assert code == 2 and out == ""
    assert "pineapple is played by 2 to 3 players, not 4" in err


@pytest.mark.parametrize("boards, msg", [
    ([QQ, QQ], "used twice"),
    ([QQ, "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s"], "bottom row has 5 cards, got 4"),
    ([QQ, "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s Xx"], "unknown card 'Xx'"),
    ([QQ.replace("2d", "Qh")], "card Qh (code 42) is used twice"),
    ([QQ], "not 1"),
])
def test_score_errors(capsys: pytest.CaptureFixture[str], boards: list[str], msg: str) -> None:
    code, out, err = run(capsys, "score", *boards)
    assert code == 2 and out == ""
    assert err.startswith("ofc-fast: error: ") and msg in err


def test_bad_rules_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["score", QQ, AA, "--rules", "chinese"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "unknown rules 'chinese': one of low, original, pineapple, progressive" in err


# ------------------------------------------------------------------ analyze

DEALS = [[QQ, AA], [LOW_P0], [LOW_P0, LOW_P1, LOW_P2], [AA]]


def _write_text(tmp_path: Path, deals: list[list[str]]) -> Path:
    lines = ["# deals, one a line, boards separated by ';'", ""]
    for d in deals:
        lines.append(" ; ".join(d) + "   # a comment")
        lines.append("")
    path = tmp_path / "deals.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def _expected_rows(deals: list[list[str]], rules: ofc.Rules) -> list[dict[str, Any]]:
    rows = []
    for d, boards in enumerate(deals):
        codes = np.stack([ofc.parse_boards(b) for b in boards])
        a = ofc.analyze(codes, rules)
        points = ofc.score(codes, rules) if len(boards) > 1 else [0]
        for p in range(len(boards)):
            rows.append({
                "deal": d, "player": p, "board": str(ofc.Board(codes[p])),
                "fouled": bool(a.fouled[p]),
                "strength_top": int(a.strength[p, 0]), "strength_middle": int(a.strength[p, 1]),
                "strength_bottom": int(a.strength[p, 2]),
                "royalty_top": int(a.royalties[p, 0]), "royalty_middle": int(a.royalties[p, 1]),
                "royalty_bottom": int(a.royalties[p, 2]), "royalties": int(a.royalties[p].sum()),
                # nobody is in Fantasyland: stays is left empty (null)
                "fantasyland": int(a.fantasyland[p]), "stays": None,
                "points": int(points[p]),
            })
    return rows


def _from_csv(text: str) -> list[dict[str, Any]]:
    out = []
    for row in csv.DictReader(io.StringIO(text)):
        conv: dict[str, Any] = {}
        for k, v in row.items():
            conv[k] = v if k == "board" else (v == "True") if v in ("True", "False") else \
                None if k == "stays" and v == "" else int(v)
        out.append(conv)
    return out


@pytest.mark.parametrize("rules", ["pineapple", "low", "progressive"])
def test_analyze_text_csv_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   rules: str) -> None:
    path = _write_text(tmp_path, DEALS)
    want = _expected_rows(DEALS, ofc.get_rules(rules))
    code, out, err = run(capsys, "analyze", str(path), "--rules", rules)
    assert code == 0 and err == ""
    assert out.splitlines()[0] == ",".join(want[0])          # the header, in this order
    assert _from_csv(out) == want
    code, out, err = run(capsys, "analyze", str(path), "--rules", rules, "--format", "json")
    assert code == 0 and err == ""
    assert json.loads(out) == want
    # points of a deal sum to 0, a lone board scores 0
    for d in range(len(DEALS)):
        assert sum(r["points"] for r in want if r["deal"] == d) == 0


def test_analyze_default_rules_and_values(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _write_text(tmp_path, [[QQ, AA]])
    code, out, _ = run(capsys, "analyze", str(path))
    assert code == 0
    rows = _from_csv(out)
    assert [r["points"] for r in rows] == [27, -27]
    assert [r["royalties"] for r in rows] == [21, 0]
    assert [r["fouled"] for r in rows] == [False, True]
    assert [r["fantasyland"] for r in rows] == [14, 0]


def test_analyze_json_input(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    want = _expected_rows(DEALS, ofc.ORIGINAL)
    as_list = tmp_path / "deals.json"
    as_list.write_text(json.dumps(DEALS), encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(as_list), "--rules", "original", "--format", "json")
    assert code == 0 and err == "" and json.loads(out) == want
    as_dict = tmp_path / "deals2.json"
    as_dict.write_text(json.dumps({"deals": [DEALS[0], QQ]}), encoding="utf-8")   # a string: one board
    code, out, _ = run(capsys, "analyze", str(as_dict), "--rules", "original")
    assert code == 0 and _from_csv(out) == _expected_rows([DEALS[0], [QQ]], ofc.ORIGINAL)
    # '-' reads stdin
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(DEALS)))
    code, out, _ = run(capsys, "analyze", "-", "--rules", "original", "--format", "json")
    assert code == 0 and json.loads(out) == want
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{QQ} ; {AA}\n"))
    code, out, _ = run(capsys, "analyze", "-")
    assert code == 0 and _from_csv(out) == _expected_rows([[QQ, AA]], ofc.PINEAPPLE)


def test_analyze_empty_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("# nothing\n\n", encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path))
    assert code == 0 and err == "" and out == ",".join(COLUMNS) + "\n"
    code, out, _ = run(capsys, "analyze", str(path), "--format", "json")
    assert code == 0 and json.loads(out) == []
    path.write_bytes(b"")
    for fmt in ("csv", "json", "jsonl"):
        code, out, err = run(capsys, "analyze", str(path), "--format", fmt)
        assert code == 0 and err == "" and out == {"csv": ",".join(COLUMNS) + "\n", "json": "[]\n",
                                                   "jsonl": ""}[fmt]


def test_analyze_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = QQ.replace("2d", "Qh")                          # Qh twice in one board
    path = _write_text(tmp_path, [[QQ, AA], [bad]])
    code, out, err = run(capsys, "analyze", str(path))
    assert code == 2
    assert _from_csv(out) == _expected_rows([[QQ, AA]], ofc.PINEAPPLE)   # the deal before it
    assert err.startswith(f"ofc-fast: error: {path}, line 5, deal 1: player 0: card Qh (code 42) "
                          f"is used twice") and err.count("\n") == 1
    path = tmp_path / "dup.txt"
    path.write_text(f"{QQ} ; {QQ}\n", encoding="utf-8")   # the same cards for two players
    code, out, err = run(capsys, "analyze", str(path))
    assert code == 2 and out == ",".join(COLUMNS) + "\n"
    assert "line 1, deal 0: card Qh (code 42) is used twice: at player 0, top position 0 and at " \
           "player 1, top position 0" in err
    path.write_text(f"{QQ} ; Ah Ad 3c / 4s 4d 7h 8h 9c\n", encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path))
    assert code == 2 and "three rows" in err
    path.write_text('{"boards": 3}', encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path))
    assert code == 2 and "JSON input is a list of deals" in err
    code, out, err = run(capsys, "analyze", str(tmp_path / "missing.txt"))
    assert code == 2 and "missing.txt" in err
    # after all that, a good run still works
    good = _write_text(tmp_path, [[QQ, AA]])
    assert run(capsys, "analyze", str(good))[0] == 0


def test_analyze_error_names_the_file_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The line number in the message is the line of the file (comments and blank lines count)."""
    path = tmp_path / "deals.txt"
    path.write_text(f"{QQ} ; {AA}\n# comment\n\n{QQ.replace('2d', 'Qh')}\n", encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path))
    assert code == 2 and len(_from_csv(out)) == 2
    assert f"{path}, line 4, deal 1: " in err, err


# ------------------------------------------------------------------ hand histories: files, errors, streaming

_NAMES = np.array([r + s for r in ofc.RANKS for s in ofc.SUITS])


def _deals_file(n: int, seed: int = 5, players: tuple[int, ...] = (2, 3)) -> tuple[list[list[str]], np.ndarray]:
    """n random deals as text boards, and their codes (n, 4, 13) (players past a deal's own: unused)."""
    rng = np.random.default_rng(seed)
    perm = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (n, 1)), axis=1).reshape(n, 4, 13)
    counts = rng.choice(players, size=n)
    names = _NAMES[perm[:, :max(players)]].tolist()
    text = [[" ".join(row[:3]) + " / " + " ".join(row[3:8]) + " / " + " ".join(row[8:])
             for row in deal[:c]] for deal, c in zip(names, counts.tolist())]
    return text, perm


def _want_rows(texts: list[list[str]], rules: ofc.Rules, codes: np.ndarray | None = None) -> list[dict[str, Any]]:
    """Rows computed with one ofc.analyze / ofc.score call per player count."""
    rows: dict[int, list[dict[str, Any]]] = {}
    by_p: dict[int, list[int]] = {}
    for d, t in enumerate(texts):
        by_p.setdefault(len(t), []).append(d)
    for p, idx in by_p.items():
        if codes is None:
            deals = np.stack([np.stack([ofc.parse_boards(b) for b in texts[d]]) for d in idx])
        else:
            deals = codes[idx, :p]
        a = ofc.analyze(deals, rules)
        pts = ofc.score(deals, rules) if p > 1 else np.zeros((len(idx), 1), dtype=np.int32)
        for i, d in enumerate(idx):
            rows[d] = [{
                "deal": d, "player": q, "board": texts[d][q],
                "fouled": bool(a.fouled[i, q]),
                **{f"strength_{n}": int(a.strength[i, q, r]) for r, n in enumerate(ofc.ROWS)},
                **{f"royalty_{n}": int(a.royalties[i, q, r]) for r, n in enumerate(ofc.ROWS)},
                "royalties": int(a.royalties[i, q].sum()), "fantasyland": int(a.fantasyland[i, q]),
                "stays": None, "points": int(pts[i, q])} for q in range(p)]
    return [r for d in sorted(rows) for r in rows[d]]


def _want_csv(texts: list[list[str]], codes: np.ndarray, rules: ofc.Rules) -> str:
    """The CSV for many deals, from ofc.analyze and ofc.score on all deals at once."""
    counts = np.array([len(t) for t in texts])
    rows: list[list[str]] = [[] for _ in texts]
    for p in np.unique(counts).tolist():
        idx = np.flatnonzero(counts == p)
        a = ofc.analyze(codes[idx, :p], rules)
        pts = ofc.score(codes[idx, :p], rules) if p > 1 else np.zeros((len(idx), 1), dtype=np.int32)
        roy = a.royalties.astype(int)
        for d, fouled, sv, ry, fl, pt in zip(idx.tolist(), a.fouled.tolist(), a.strength.tolist(),
                                             roy.tolist(), a.fantasyland.tolist(), pts.tolist()):
            # nobody is in Fantasyland: the stays cell is empty
            rows[d] = [",".join(map(str, [d, q, texts[d][q], fouled[q], *sv[q], *ry[q], sum(ry[q]), fl[q],
                                          "", pt[q]])) + "\n" for q in range(p)]
    return ",".join(COLUMNS) + "\n" + "".join(line for r in rows for line in r)


def test_analyze_many_deals_equal_the_library(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """25,000 deals (two chunks of deals, three blocks of bytes), 2 and 3 players, text in; JSON
    and JSON Lines in and out."""
    texts, codes = _deals_file(25_000)
    for rules, n in (("pineapple", 25_000), ("low", 10_000)):
        path = tmp_path / "many.txt"
        path.write_text("".join(" ; ".join(t) + "\n" for t in texts[:n]), encoding="utf-8")
        code, out, err = run(capsys, "analyze", str(path), "--rules", rules)
        assert code == 0 and err == ""
        assert out == _want_csv(texts[:n], codes, ofc.get_rules(rules))
    few = texts[:5000]
    want = _want_rows(few, ofc.LOW, codes)
    path = tmp_path / "many.json"
    path.write_text(json.dumps(few, indent=1), encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path), "--rules", "low", "--format", "json")
    assert code == 0 and err == "" and json.loads(out) == want
    path = tmp_path / "many.jsonl"
    path.write_text("".join(json.dumps(t) + "\n" for t in few), encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path), "--rules", "low", "--format", "jsonl")
    assert code == 0 and err == "" and [json.loads(line) for line in out.splitlines()] == want


@pytest.mark.parametrize("preset", sorted(ofc.PRESETS))
def test_analyze_other_spellings_equal_the_library(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   preset: str) -> None:
    """Lines the fast reader leaves to the library's parser (10 for T, commas, glued cards,
    suit symbols, 13 cards without '/', lower case, trailing ';') give the same rows."""
    rules = ofc.get_rules(preset)
    players = rules.max_players
    texts, codes = _deals_file(300, seed=9, players=(players,))
    lines = []
    for k, t in enumerate(texts):
        spelled = [b.replace("T", "10") if k % 6 == 0 else b.replace(" ", ",") if k % 6 == 1 else
                   b.replace(" ", "") if k % 6 == 2 else b.replace("h", "♥") if k % 6 == 3 else
                   b.replace(" / ", " ").lower() if k % 6 == 4 else b for b in t]
        lines.append(" ; ".join(spelled) + (" ;" if k % 6 == 5 else ""))
    path = tmp_path / "spellings.txt"
    path.write_text("\n".join(lines), encoding="utf-8")               # no newline at the end
    code, out, err = run(capsys, "analyze", str(path), "--rules", preset)
    assert code == 0 and err == ""
    assert _from_csv(out) == _want_rows(texts, rules, codes)


def test_chunk_boundaries(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    """With small blocks, lines and JSON values cut across blocks read right, and an error
    past the first chunk names its line; the rows before it are written."""
    import ofc_fast.cli.sources as sources
    monkeypatch.setattr(sources, "BLOCK", 1000)
    texts, codes = _deals_file(2000, seed=3)
    want = _want_rows(texts, ofc.PINEAPPLE, codes)
    lines = [" ; ".join(t) for t in texts]
    lines[1500] = lines[1500].replace(texts[1500][0][:2], "Zz", 1)    # an unknown card
    path = tmp_path / "deals.txt"
    path.write_text("# header comment\n" + "\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path))
    assert code == 2
    assert f"{path}, line 1502, deal 1500: player 0: top row: unknown card 'Zz'" in err
    assert _from_csv(out) == [r for r in want if r["deal"] < 1500]
    code, out, err = run(capsys, "analyze", str(path), "--skip-bad")
    assert code == 1 and _from_csv(out) == [r for r in want if r["deal"] != 1500]
    assert err.splitlines()[0].startswith(f"ofc-fast: skipped {path}, line 1502, deal 1500: ")
    assert err.splitlines()[1] == "ofc-fast: skipped 1 of 2000 deals"
    # JSON: values straddle blocks; an error in the middle names its line
    doc = json.dumps(texts, indent=2)
    bad = doc.replace(f'"{texts[1700][0]}"', '{"x": 1}', 1)
    for text, fmt in ((doc, "json"), (bad, "json")):
        path = tmp_path / "deals.json"
        path.write_text(text, encoding="utf-8")
        code, out, err = run(capsys, "analyze", str(path), "--format", fmt)
        if text is doc:
            assert code == 0 and json.loads(out) == want
        else:
            line = bad[:bad.index('{"x": 1}')].count("\n") + 1
            assert code == 2 and f"{path} (JSON), line {line - 1}, deal 1700: player 0: a board is " \
                                 f"a string or a list of 13 cards" in err, err
            assert json.loads(out) == [r for r in want if r["deal"] < 1700]  # still valid JSON
    lines_jsonl = [json.dumps(t) for t in texts]
    lines_jsonl[1999] = "[" + lines_jsonl[1999]
    path = tmp_path / "deals.jsonl"
    path.write_text("\n".join(lines_jsonl), encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path), "--skip-bad", "--format", "jsonl")
    assert code == 1 and len(out.splitlines()) == len([r for r in want if r["deal"] != 1999])
    assert f"{path} (JSON Lines), line 2000, deal 1999: not valid JSON: column" in err


def test_skip_bad(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = [f"{QQ} ; {AA}", f"{QQ} ; {QQ}", ";;;", "", f"{LOW_P0}", "Ah Kd", *ORIG4[:1],
             " ; ".join(ORIG4), f"{QQ} ; {AA}   # fine"]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path), "--skip-bad")
    assert code == 1
    rows = _from_csv(out)
    assert sorted({r["deal"] for r in rows}) == [0, 3, 5, 7]     # deal numbers count the skipped
    assert [r["points"] for r in rows if r["deal"] == 7] == [27, -27]
    skipped = err.splitlines()
    assert [re.search(r"line (\d+), deal (\d+)", s).groups() for s in skipped[:-1]] == \
        [("2", "1"), ("3", "2"), ("6", "4"), ("8", "6")]          # type: ignore[union-attr]
    assert "used twice" in skipped[0] and "no boards in ';;;'" in skipped[1]
    assert "pineapple is played by 2 to 3 players, not 4" in skipped[3]
    assert skipped[-1] == "ofc-fast: skipped 4 of 8 deals"
    assert all(s.startswith("ofc-fast: skipped ") for s in skipped)
    # nothing bad: exit status 0 with --skip-bad too
    good = _write_text(tmp_path, [[QQ, AA]])
    assert run(capsys, "analyze", str(good), "--skip-bad")[:3:2] == (0, "")


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("name, content, message", [
    ("binary.txt", b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "line 1, deal 0: not UTF-8 text (a binary file?): "
                                                     "byte 0x89 at column 1"),
    ("binary.json", b'["\xff\xfe"]', "not UTF-8 text (JSON is UTF-8): line 1: byte 0xff"),
    ("binary.jsonl", b'["\xff\xfe"]\n', "(JSON Lines), line 1, deal 0: not UTF-8 text"),
    ("broken.json", b"[\n\n", "broken.json: not valid JSON: line 3 column 1: Expecting value"),
    ("broken2.json", f'[["{QQ}"],\n  oops]'.encode(), "not valid JSON: line 2 column 3: Expecting value"),
    ("comma.json", f'[["{QQ}"],]'.encode(), "not valid JSON: line 1 column 49: Expecting value"),
    ("extra.json", f'[["{QQ}"]] []'.encode(), "not valid JSON: line 1 column 50: Extra data"),
    ("cut.json", f'[["{QQ}"'.encode(), "not valid JSON: line 1 column 47: Expecting ',' delimiter"),
    ("null.json", b"[null]", '(JSON), line 1, deal 0: a deal is a board string, a list of boards, '
                             'or {"boards": [...], "in_fantasyland": [...]}; got null'),
    ("semis.txt", b";;;\n", "line 1, deal 0: no boards in ';;;'"),
    ("empty.json", b"[[]]", "(JSON), line 1, deal 0: a deal holds at least one board, got []"),
    ("nothing.json", b"[\n[\n]]", "(JSON), line 2, deal 0: a deal holds at least one board, got []"),
    ("noboard.json", b"[[[]]]", "(JSON), line 1, deal 0: player 0: a board is 13 cards (top 3, middle 5, "
                                "bottom 5), got 0 items: a list []"),
    ("deep.json", DEEP.encode(), "deep.json: not valid JSON: line 1 column 2: nested too deeply"),
    ("deep.jsonl", DEEP.encode() + b"\n", "(JSON Lines), line 1, deal 0: not valid JSON: nested too deeply"),
    ("deep.txt", ("[" * 5000 + "\n").encode(), "deep.txt: not valid JSON: line 1 column 2: nested too deeply"),
    ("number.json", b"3", "JSON input is a list of deals (each a list of board strings) or "
                          '{"deals": [...]}, got a number 3'),
    ("string.json", b'"x"', "got a string 'x'"),
    ("deals.json", b'{"deals": 3}', '"deals" must be a list of deals'),
    ("nodeals.json", b'{"other": [1, 2]}', 'no "deals" here'),
    ("item.json", b"[3]", "(JSON), line 1, deal 0: a deal is a board string"),
    ("ints.json", b"[[1, 2, 3]]", "player 0: a board is a string or a list of 13 cards (texts or codes), "
                                  "got a number 1"),
    ("code.json", json.dumps([[list(range(12)) + [52]]]).encode(), "player 0: position 12: card code 52 "
                                                                   "is not in 0..51"),
    ("bool.json", json.dumps([[[True] * 13]]).encode(), "player 0: position 0: expected card text or an "
                                                        "integer code, got bool True"),
    ("float.json", json.dumps([[[1.0] * 13]]).encode(),
     "player 0: position 0: expected card text or an integer code, got float 1.0"),
    ("keys.json", json.dumps([{"boards": [QQ], "fl": [1]}]).encode(), "got an object with keys "
                                                                      "['boards', 'fl']"),
    ("flags.json", json.dumps([{"boards": [QQ, AA], "in_fantasyland": [True]}]).encode(),
     "in_fantasyland is one bool per board (2 here) or one bool for all, got a list [true]"),
    ("dup.txt", f"{QQ} ; {QQ}\n".encode(), "line 1, deal 0: card Qh (code 42) is used twice"),
    ("dup.json", json.dumps([[QQ, QQ]]).encode(), "(JSON), line 1, deal 0: card Qh (code 42) is used twice"),
    ("empty_slot.json", json.dumps([[QQ.replace("2d", "--")]]).encode(),
     "player 0: bottom row: empty slot '--' where a card is needed"),
    ("five.txt", (" ; ".join([QQ] * 5) + "\n").encode(), "pineapple is played by 2 to 3 players, not 5"),
    ("star.txt", f"{QQ} * ; {AA}\n".encode(), "player 0: bottom row: cannot read card text '*'"),
    ("long.txt", b"A" * (2 << 20), "line 1 is longer than 1048576 bytes"),
])
def test_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, content: bytes,
                   message: str) -> None:
    """Each bad file: exit status 2 and one line naming the file, the place and the reason."""
    path = tmp_path / name
    path.write_bytes(content)
    code, out, err = run(capsys, "analyze", str(path))
    assert code == 2, (out, err)
    assert err.startswith(f"ofc-fast: error: {path}") and err.count("\n") == 1, err
    assert message in err, err
    assert "Traceback" not in err and len(err) < 700


def test_bom_tolerated(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    want = _expected_rows([[QQ, AA], [LOW_P0]], ofc.PINEAPPLE)
    bom = b"\xef\xbb\xbf"
    for name, text in (("bom.txt", f"{QQ} ; {AA}\n{LOW_P0}\n"), ("bom.json", json.dumps([[QQ, AA], LOW_P0])),
                       ("bom.jsonl", f"{json.dumps([QQ, AA])}\n{json.dumps(LOW_P0)}\n"),
                       ("bom_list.data", f"[{json.dumps([QQ, AA])},\n{json.dumps([LOW_P0])}]")):
        path = tmp_path / name
        path.write_bytes(bom + text.encode())
        code, out, err = run(capsys, "analyze", str(path))
        assert code == 0 and err == "" and _from_csv(out) == want, name


def test_json_card_codes_and_objects(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Integer codes (as the API takes them), 13 separate cards, objects with in_fantasyland."""
    qq = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Jc 8c 4c 5c"      # QQ on top: Fantasyland, no stay
    qq_codes, aa_codes = (ofc.parse_boards(b).tolist() for b in (qq, AA))
    deals = [[qq_codes, aa_codes], [qq.replace(" /", "").split(), AA], qq_codes,
             {"boards": [qq, AA], "in_fantasyland": [True, False]},
             {"boards": qq, "in_fantasyland": True}]
    path = tmp_path / "codes.json"
    path.write_text(json.dumps(deals), encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path), "--format", "json")
    assert code == 0 and err == ""
    rows = json.loads(out)
    want = _expected_rows([[qq, AA], [qq, AA], [qq]], ofc.PINEAPPLE)
    assert rows[:5] == want and want[0]["fantasyland"] == 14
    fl = ofc.analyze(np.stack([qq_codes, aa_codes]), in_fantasyland=[True, False])
    assert [r["fantasyland"] for r in rows[5:]] == [int(fl.fantasyland[0]), 0, int(fl.fantasyland[0])] \
        == [0, 0, 0]
    assert [r["points"] for r in rows[5:]] == [r["points"] for r in want[:2]] + [0]


def test_in_fantasyland(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """'*' before a board in the text, and --in-fantasyland for every deal."""
    stays = "Qh Qd Qc / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"     # trips on top: stays
    path = tmp_path / "fl.txt"
    path.write_text(f"*{stays} ; {AA}\n{stays} ; * {AA}\n{stays} ; {AA}\n", encoding="utf-8")
    deal = np.stack([ofc.parse_boards(stays), ofc.parse_boards(AA)])

    def fl(flags: list[bool]) -> list[int]:
        return ofc.analyze(deal, in_fantasyland=flags).fantasyland.tolist()

    code, out, err = run(capsys, "analyze", str(path))
    assert code == 0 and err == ""
    assert [r["fantasyland"] for r in _from_csv(out)] == fl([True, False]) + fl([False, True]) + \
        fl([False, False])
    assert fl([True, False]) == [14, 0] and fl([False, False]) == [17 if False else 14, 0]
    code, out, _ = run(capsys, "analyze", str(path), "--in-fantasyland", "0,1")
    assert [r["fantasyland"] for r in _from_csv(out)] == fl([True, True]) + fl([False, True]) * 2
    code, out, _ = run(capsys, "analyze", str(path), "--in-fantasyland", "yes")
    assert [r["fantasyland"] for r in _from_csv(out)] == fl([True, True]) * 3
    # a deal with another number of players than the flags: a bad deal
    path.write_text(f"{stays} ; {AA}\n{LOW_P0} ; {LOW_P1} ; {LOW_P2}\n", encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path), "--in-fantasyland", "1,0", "--skip-bad")
    assert code == 1 and "line 2, deal 1: --in-fantasyland gives 2 players, this deal has 3" in err
    with pytest.raises(SystemExit):
        main(["analyze", str(path), "--in-fantasyland", "1,maybe"])
    assert "expected a flag per player such as 1,0" in capsys.readouterr().err
    # score takes it too
    code, out, err = run(capsys, "score", stays, AA, "--in-fantasyland", "1,0")
    assert code == 0 and _parse_score(out)[0]["fantasyland"] == fl([True, False])[0]
    code, out, err = run(capsys, "score", stays, AA, "--in-fantasyland", "1,0,1")
    assert code == 2 and "--in-fantasyland gives 3 players, the deal has 2" in err


@pytest.mark.parametrize("spelling", ["PINEAPPLE", "Pineapple", "pineapple", " low ", "Original"])
def test_rules_names_any_case(capsys: pytest.CaptureFixture[str], tmp_path: Path, spelling: str) -> None:
    rules = ofc.PRESETS[spelling.strip().lower()]
    boards = ORIG4[:2]
    code, out, err = run(capsys, "score", *boards, "--rules", spelling)
    assert code == 0 and err == "" and out.startswith(f"rules: {rules.name}\n")
    path = _write_text(tmp_path, [boards])
    code, out, err = run(capsys, "analyze", str(path), "--rules", spelling)
    assert code == 0 and _from_csv(out) == _expected_rows([boards], rules)


def test_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({
        "preset": "Progressive", "scoop_bonus": 6, "stay_middle": "four_of_a_kind",
        "top_pair": [0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]}).encode())
    house = dataclasses.replace(ofc.PROGRESSIVE, name="house", scoop_bonus=6,
                                stay_middle=ofc.HandCategory.FOUR_OF_A_KIND,
                                top_pair=(0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9))
    code, out, err = run(capsys, "score", QQ, AA, "--rules-file", str(path))
    assert code == 0 and err == ""
    _check_score_output(out, [QQ, AA], house)
    deals = _write_text(tmp_path, DEALS)
    code, out, err = run(capsys, "analyze", str(deals), "--rules-file", str(path))
    assert code == 0 and _from_csv(out) == _expected_rows(DEALS, house)
    assert _expected_rows(DEALS, house) != _expected_rows(DEALS, ofc.PROGRESSIVE)
    named = tmp_path / "named.json"
    named.write_text('{"name": "club", "preset": "low"}', encoding="utf-8")
    code, out, _ = run(capsys, "score", LOW_P0, LOW_P1, "--rules-file", str(named))
    assert code == 0 and out.startswith("rules: club\n")
    with pytest.raises(SystemExit):      # one or the other
        main(["score", QQ, AA, "--rules", "low", "--rules-file", str(path)])
    assert "not allowed with argument" in capsys.readouterr().err


@pytest.mark.parametrize("content, message", [
    (b'{"preset": "pineapple", "scoop_bonus": "6"}', "Rules 'bad': scoop_bonus must be an int, got '6'"),
    (b'{"scop_bonus": 6}', "unknown field 'scop_bonus' for Rules; the fields are name, low, top_pair"),
    (b'{"preset": "chinese"}', 'field "preset" is one of low, original, pineapple, progressive, '
                               "or a house variant (pineapple_top_bottom, progressive_16, "
                               "progressive_keep, progressive_tier, original_flat_trips, original_2012, "
                               "pineapple_double_middle), got 'chinese'"),
    (b'{"stay_top": "FLUSH"}', "Rules 'bad': stay_top must be None or one of HIGH_CARD, PAIR, "
                               "THREE_OF_A_KIND"),
    (b'{"stay_top": "trips"}', "field \"stay_top\": 'trips' is not a hand category"),
    (b'{"top_pair": [1, 2]}', "Rules 'bad': top_pair must be a sequence (tuple or list) of 13 ints"),
    (b'{"fl_low_nuts": 14}', "Rules 'bad': fl_low_nuts is a Low (2-7) rule"),
    (b'{"scoop_bonus": 6,}', "not valid JSON: line 1 column 19: Expecting property name"),
    (b"[1, 2]", "a rules file is a JSON object such as"),
    (b"\xff\xfe{}", "not UTF-8 text: byte 0xff at offset 0"),
    (DEEP.encode(), "not valid JSON: nested too deeply"),
])
def test_bad_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    for argv in (["score", QQ, AA], ["analyze", str(_write_text(tmp_path, [[QQ, AA]]))]):
        code, out, err = run(capsys, *argv, "--rules-file", str(path))
        assert code == 2 and out == ""
        assert err.startswith(f"ofc-fast: error: {path}: ") and err.count("\n") == 1, err
        assert message in err, err
    code, out, err = run(capsys, "score", QQ, AA, "--rules-file", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json: cannot read the rules file: No such file" in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"ofc-fast {ofc.__version__}\n"


def _subprocess_env() -> dict[str, str]:
    """The environment for `python -m ofc_fast` to import the ofc_fast these tests import."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(Path(ofc.__file__).resolve().parent.parent),
                                         env.get("PYTHONPATH", "")])
    return env


@pytest.mark.skipif(sys.platform == "win32", reason="needs a shell pipe into head")
def test_broken_pipe_is_quiet(tmp_path: Path) -> None:
    texts, _ = _deals_file(20_000)
    path = tmp_path / "big.txt"
    path.write_text("".join(" ; ".join(t) + "\n" for t in texts), encoding="utf-8")
    for fmt in ("csv", "json"):
        proc = subprocess.run(
            f'"{sys.executable}" -m ofc_fast analyze "{path}" --format {fmt} | head -1; '
            f'exit "${{PIPESTATUS[0]}}"', shell=True, executable="/bin/bash",
            capture_output=True, text=True, env=_subprocess_env(), timeout=120, cwd=tmp_path)
        assert proc.stderr == "" and proc.returncode == 141, proc
        assert proc.stdout.startswith("deal,player,board" if fmt == "csv" else "[")


def test_output_streams(tmp_path: Path) -> None:
    """Rows come out while the input is still open (stdin from a pipe)."""
    proc = subprocess.Popen([sys.executable, "-m", "ofc_fast", "analyze", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_subprocess_env(),
                            cwd=tmp_path)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(f"{QQ} ; {AA}\n".encode())
        proc.stdin.flush()
        lines: list[bytes] = []
        reader = threading.Thread(target=lambda: lines.extend(proc.stdout.readline() for _ in range(3)))  # type: ignore[union-attr]
        reader.start()
        reader.join(timeout=60)
        assert not reader.is_alive(), "no output before the end of the input"
        assert lines[1].startswith(b"0,0,Qh Qd 2c") and lines[2].startswith(b"0,1,Ah Ad 3c")
        proc.stdin.write(f"{AA} ; {QQ}\n".encode())
        proc.stdin.close()
        rest = proc.stdout.read()
        assert rest.startswith(b"1,0,Ah Ad 3c")
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
        proc.wait()


def test_stdin_formats(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """From stdin the format is read from the content: text, a JSON list, JSON Lines."""
    want = _expected_rows([[QQ, AA], [LOW_P0]], ofc.PINEAPPLE)
    for text in (f"{QQ} ; {AA}\n{LOW_P0}\n", json.dumps([[QQ, AA], [LOW_P0]]),
                 f"{json.dumps([QQ, AA])}\n{json.dumps([LOW_P0])}\n",
                 f'{{"deals": [\n{json.dumps([QQ, AA])},\n{json.dumps(LOW_P0)}]}}\n'):
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))
        code, out, err = run(capsys, "analyze", "-")
        assert code == 0 and err == "" and _from_csv(out) == want, text
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps([QQ, AA]) + "\n"))
    code, out, _ = run(capsys, "analyze", "-", "--input-format", "jsonl")   # one deal of 2 players
    assert code == 0 and _from_csv(out) == _expected_rows([[QQ, AA]], ofc.PINEAPPLE)


def test_workers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _write_text(tmp_path, DEALS)
    want = _expected_rows(DEALS, ofc.PINEAPPLE)
    for workers in ("1", "2", "-1"):
        code, out, err = run(capsys, "analyze", str(path), "--workers", workers)
        assert code == 0 and err == "" and _from_csv(out) == want
    code, out, err = run(capsys, "analyze", str(path), "--workers", "0")
    assert code == 2 and out == "" and "workers must be" in err     # before any output


def test_json_lines_named_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """JSON Lines in a file named .json is read as JSON Lines, not as a list of one-board deals."""
    path = tmp_path / "lines.json"
    path.write_text(f"{json.dumps([QQ, AA])}\n{json.dumps([LOW_P0, LOW_P1])}\n", encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path))
    assert code == 0 and err == ""
    assert _from_csv(out) == _expected_rows([[QQ, AA], [LOW_P0, LOW_P1]], ofc.PINEAPPLE)
    code, out, err = run(capsys, "analyze", str(path), "--input-format", "json")
    assert code == 2 and "not valid JSON: line 2 column 1: Extra data" in err


# ------------------------------------------------------------------ the fast text reader against the library's

_TOKENS = ["Ah", "ah", "AH", "Kd", "2c", "Tc", "tS", "9h", "10h", "A♥", "Qs", "Jd", " ", " ", "  ", "\t",
           " / ", "/", "|", " | ", ";", " ; ", "*", "* ", ",", "x", "A", "h", "--", "\r"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_TOKENS), max_size=40), min_size=1, max_size=8),
       st.randoms(use_true_random=False))
def test_fast_reader_agrees_with_the_library(pieces: list[list[str]], rnd: Any) -> None:
    """Every line the array reader accepts, the library's parser reads to the same cards and
    marks; lines it leaves go to the library's parser (so one that parser refuses is refused)."""
    from ofc_fast.cli.deals import _slow_line
    from ofc_fast.cli.fastlines import fast_lines
    lines = ["".join(p) for p in pieces]
    # and well-formed deals, written in varied ways, so that many lines are accepted
    for _ in range(4):
        deck = rnd.sample(range(52), 26)
        boards = []
        for p in range(rnd.choice([1, 2])):
            names = [ofc.card_str(c) for c in deck[13 * p:13 * p + 13]]
            names = [n.lower() if rnd.random() < 0.2 else n for n in names]
            sep = rnd.choice([" ", "", "  "])
            rows = [sep.join(names[:3]), sep.join(names[3:8]), sep.join(names[8:])]
            text = rnd.choice([" / ", "/", " | ", " "]).join(rows)
            boards.append(("*" if rnd.random() < 0.3 else "") + text)
        lines.append(rnd.choice([" ; ", ";"]).join(boards))
    data = "\n".join(lines).encode()
    fast = fast_lines(data)
    offset = 0
    for k, line in enumerate(data.split(b"\n")):
        try:
            codes, marks = _slow_line(line)
        except ValueError:
            codes = None
        if fast.good[k]:
            p = int(fast.players[int(fast.good[:k].sum())])
            assert codes is not None and codes.shape == (p, 13), line
            assert (fast.boards[offset:offset + p] == codes).all(), line
            assert (fast.marks[offset:offset + p] == marks).all(), line
            offset += p
        if fast.blank[k]:
            assert not line.strip(), line


# ------------------------------------------------------------------ best

def test_best_prints_the_move_and_the_figures_of_best_move(capsys: pytest.CaptureFixture[str]) -> None:
    boards = ["-- / -- / --", "-- / -- / --"]
    code, out, err = run(capsys, "best", *boards, "--hand", "Ah Ad 7c 8c 9c", "--budget", "600", "--seed", "3",
                         "--json")
    assert code == 0 and err == ""
    got = json.loads(out)
    m = ofc.best_move((boards, "Ah Ad 7c 8c 9c"), budget=600, seed=3)
    assert got["move"] == m.move
    assert got["board"] == board_text(m.board) and got["completions"] == m.completions
    assert [c["mean"] for c in got["candidates"]] == m.mean.tolist()
    assert [c["n"] for c in got["candidates"]] == m.n.tolist()
    placed = " ".join(v for v in got["placed"].values() if v)
    assert sorted(placed.split()) == sorted("Ah Ad 7c 8c 9c".split())
    code, text, err = run(capsys, "best", *boards, "--hand", "Ah Ad 7c 8c 9c", "--budget", "600", "--seed", "3",
                          "--top", "2")
    assert code == 0 and board_text(m.board) in text and f"{m.mean[0]:+.3f}" in text
    assert "candidates kept (2 of 232)" in text


def test_best_last_street_and_fantasyland(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "best", "Qh Qd 2c / 5s 6s 7s 8s / Kc Kd Kh Ks",
                       "2d 3d 4d / 8d 9d Td Jd 7h / Ac Ad 2h 3h 4h", "--hand", "As Jc 3c", "--dead", "4c 5c 6c 7c",
                       "--json")
    got = json.loads(out)
    assert code == 0 and all(c["exact"] for c in got["candidates"]) and len(got["candidates"]) == 6
    assert got["candidates"][0]["foul_rate"] == 0.0
    other = "3d 3c Kh / 4s 6h 8s 4d 9s / 2s 2c 6d 4c 6s"
    hand = "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd"
    code, out, _ = run(capsys, "best", "-- / -- / --", other, "--hand", hand, "--fantasyland", "14,0", "--json")
    got = json.loads(out)
    want = ofc.solve_fantasyland(hand, against=other)
    assert code == 0 and got["board"] == str(want.board) and got["candidates"][0]["mean"] == want.value
    assert got["discarded"] == ofc.card_str(want.discards)


@pytest.mark.parametrize(("argv", "needle"), [
    (["best", "-- / -- / --", "-- / -- / --", "--hand", "Ah Ad 7c 8c 9c", "--budget", "0"], "--budget is 1 or more"),
    (["best", "-- / -- / --", "-- / -- / --", "--hand", "Ah Ah 7c 8c 9c"], "Ah"),
    (["best", "-- / -- / --", "-- / -- / --", "--hand", "Ah Ad 7c 8c 9c", "--seconds", "-1"], "seconds"),
    (["best", "-- / -- / --", "-- / -- / --"], "--hand"),
])
def test_best_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    with pytest.raises(SystemExit) as e:
        code = main(argv)
        raise SystemExit(code)
    assert e.value.code == 2
    assert needle in capsys.readouterr().err
