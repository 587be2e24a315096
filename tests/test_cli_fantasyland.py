"""``ofc-fast fantasyland``: text and JSON output checked against the library,
hands from arguments, a file and stdin, stay values, and errors (exit 2)."""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

import ofc_fast as ofc
from ofc_fast.cli import main

HAND14 = "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd"
HAND15 = "Ah Ad Ac Kh Kd 2s 3s 4s 5s 6s 7h 8h 9h Th Qc"
NO_LOW = "Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac 2c"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "fantasyland", HAND14, "--rules", "progressive", "--stay-value", "20")
    assert code == 0 and err == ""
    r = ofc.solve_fantasyland(HAND14, "progressive", stay_value=20)
    lines = out.splitlines()
    assert lines[0] == f"hand 0: {HAND14} (14 cards, progressive)"
    for row, line in zip(range(3), lines[1:4]):
        name = ofc.ROWS[row]
        cards = ofc.card_str(r.board.codes[(0, 3, 8)[row]:(3, 8, 13)[row]])
        assert line.split()[0] == name and cards in line
        assert line.endswith(f"royalties {r.royalties[row]}")
    assert lines[4] == f"  royalties {sum(r.royalties)}, stays in Fantasyland: yes, value {r.value:g}"
    assert lines[5] == f"  discards {ofc.card_str(r.discards)}"
    assert "Royal flush" in lines[3]


def test_json_output_many_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fantasyland", HAND15, HAND14, NO_LOW, "--rules", "low",
                       "--stay-value", "14=30,15=1", "--json", "--workers", "2")
    assert code == 0
    data = json.loads(out)
    assert len(data) == 3
    for item, hand in zip(data, (HAND15, HAND14, NO_LOW)):
        r = ofc.solve_fantasyland(hand, "low", stay_value=30)
        assert item["board"] == str(r.board)
        assert item["royalties"] == list(r.royalties)
        assert (item["stays"], item["fouled"], item["value"]) == (r.stays, r.fouled, r.value)
        assert item["discards"] == ofc.card_str(r.discards)
        assert item["top"] + " / " + item["middle"] + " / " + item["bottom"] == item["board"]
    assert data[2]["fouled"] and data[2]["value"] == 0


def test_file_and_stdin(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(f"# Fantasyland hands\n{HAND14}\n\n{HAND15}  # a comment\n")
    code, out, _ = run(capsys, "fantasyland", "--file", str(path), "--json")
    assert code == 0
    from_file = json.loads(out)
    assert [d["hand"] for d in from_file] == [HAND14, HAND15]
    monkeypatch.setattr(sys, "stdin", io.StringIO(path.read_text()))
    code, out, _ = run(capsys, "fantasyland", "--file", "-", "--json")
    assert code == 0 and json.loads(out) == from_file
    code, out, _ = run(capsys, "fantasyland", "--file", str(path))
    assert code == 0
    assert out.splitlines()[0].startswith(f"line 2: {HAND14}")
    assert f"line 4: {HAND15}" in out


@pytest.mark.parametrize("argv,needles", [
    (["fantasyland", "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c"], ["hand 0", "13 to 17 cards, got 12"]),
    (["fantasyland", HAND14, HAND14 + " Qd"], ["hand 1", "Qd", "twice", "at position 13 and at position 14"]),
    (["fantasyland", HAND14, "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Zz"], ["hand 1", "Zz"]),
    (["fantasyland", HAND14, "--stay-value", "15=3"], ["no entry for 14 cards"]),
    (["fantasyland"], ["no hands"]),
    (["fantasyland", "--file", "/nonexistent/hands.txt"], ["/nonexistent/hands.txt"]),
])
def test_errors(capsys: pytest.CaptureFixture[str], argv: list[str], needles: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("ofc-fast: error:")
    for needle in needles:
        assert needle in err


def test_bad_stay_value_argument(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["fantasyland", HAND14, "--stay-value", "lots"])
    assert info.value.code == 2
    assert "14=20,15=25" in capsys.readouterr().err
