"""The hand-history reader's fast path (csrc/play/ofc_history.c, history._fast) against the line
reader it stands in for: the same records for many generated files (every preset, 2-4 players,
jokers, Fantasyland, matches, metadata; text, path and file object), and the same records and
errors, message for message, for files hypothesis corrupts line by line."""
from __future__ import annotations

import dataclasses
import io
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_play_histories import _game

import ofc_fast as ofc
from ofc_fast.play import history


def _slow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hand read by the line reader."""
    monkeypatch.setattr(history, "_fast", lambda *args: None)


def _outcome(source: Any, **kw: Any) -> tuple[Any, ...]:
    """The records and errors of reading ``source`` (errors collected), or the first error."""
    errors: list[ofc.HistoryError] = []
    try:
        recs = list(ofc.read_histories(source, on_error=errors.append, **kw))
    except ofc.HistoryError as e:
        return ("raised", str(e))
    return recs, [str(e) for e in errors]


def _first_error(source: Any, **kw: Any) -> tuple[Any, ...]:
    try:
        return ("read", list(ofc.read_histories(source, **kw)))
    except ofc.HistoryError as e:
        return ("raised", str(e))


def _with_meta(recs: list[ofc.HandRecord], rng: random.Random) -> list[ofc.HandRecord]:
    out = []
    for r in recs:
        if rng.random() < 0.5:
            meta = dict(r.meta, players=[f"p{i}" for i in range(r.players)], date="2026-12-07",
                        _site="a # in a value", table=rng.randint(1, 9))
            r = dataclasses.replace(r, meta=meta)
        out.append(r)
    return out


def _corpus(seed: int, games: int = 20) -> str:
    rng = random.Random(seed)
    recs = [r for _ in range(games) for r in ofc.records_from_json(_game(rng).to_json())]
    text = ofc.write_histories(_with_meta(recs, rng))
    assert text is not None
    return text


@pytest.mark.parametrize("seed", range(4))
def test_same_records_as_the_line_reader(seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _corpus(100 + seed)
    path = tmp_path / "h.ofc"
    path.write_text(text)
    fast = list(ofc.read_histories(text))
    # the fast path read (nearly) every hand: a record it made holds its turns packed
    assert sum("_packed" in vars(r) for r in fast) == len(fast)
    assert list(ofc.read_histories(path)) == fast
    with open(path) as f:
        assert list(ofc.read_histories(f)) == fast
    unchecked = list(ofc.read_histories(text, check=False))
    with monkeypatch.context() as m:
        _slow(m)
        slow = list(ofc.read_histories(text))
        assert "_packed" not in vars(slow[0])
        assert list(ofc.read_histories(text, check=False)) == unchecked == slow
    assert fast == slow
    assert [r.turns for r in fast] == [r.turns for r in slow]
    assert ofc.write_histories(fast) == text


CARDS = [ofc.card_str(c) for c in range(52)] + ["X1", "X2", "ah", "TD", "Zz", "1c", "-", "/", "x"]
CHARS = [" ", '"', ",", "#", "[", "]", "-", "/", "x", "\r", "\t", "0", "9", "p", "\x0c", "=", "é", "\\", "\ud800"]


def _mutate(lines: list[str], data: st.DataObject) -> list[str]:
    lines = list(lines)
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["drop", "dup", "swap", "card", "char", "digit", "replace"]))
        line = lines[i]
        if op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(i, line)
        elif op == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], line
        elif op == "card":
            words = line.split(" ")
            j = data.draw(st.integers(0, len(words) - 1))
            words[j] = data.draw(st.sampled_from(CARDS)) + ('",' if words[j].endswith('",') else "")
            lines[i] = " ".join(words)
        elif op == "char":
            j = data.draw(st.integers(0, len(line)))
            lines[i] = line[:j] + data.draw(st.sampled_from(CHARS)) + line[j:]
        elif op == "digit":
            digits = [j for j, ch in enumerate(line) if ch.isdigit()]
            if digits:
                j = data.draw(st.sampled_from(digits))
                lines[i] = line[:j] + str(data.draw(st.integers(0, 9))) + line[j + 1:]
        elif op == "replace":
            lines[i] = lines[data.draw(st.integers(0, len(lines) - 1))]
        if not lines:
            lines = [""]
    return lines


BASE = _corpus(7, games=6).splitlines(keepends=True)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_same_errors_as_the_line_reader(data: st.DataObject) -> None:
    text = "".join(_mutate(BASE, data))
    check = data.draw(st.booleans())
    fast = (_outcome(text, check=check), _first_error(text, check=check),
            _outcome(io.StringIO(text), check=check))
    with pytest.MonkeyPatch.context() as m:
        _slow(m)
        slow = (_outcome(text, check=check), _first_error(text, check=check),
                _outcome(io.StringIO(text), check=check))
    assert fast == slow
