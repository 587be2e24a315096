"""The command line (ofc_fast.cli.main): eval, score and analyze, their output parsed
back and checked against the library, and errors (exit code 2, message on stderr)."""
from __future__ import annotations

import csv
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast._cli_io import COLUMNS
from ofc_fast.cli import main

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
                "fantasyland": int(a.fantasyland[p]), "stays": bool(a.stays[p]),
                "points": int(points[p]),
            })
    return rows


def _from_csv(text: str) -> list[dict[str, Any]]:
    out = []
    for row in csv.DictReader(io.StringIO(text)):
        conv: dict[str, Any] = {}
        for k, v in row.items():
            conv[k] = v if k == "board" else (v == "True") if v in ("True", "False") else int(v)
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
