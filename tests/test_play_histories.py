"""The OFC hand-history text format (docs/HISTORY.md, ofc_fast/play/history.py): exact round
trips over many seeded random games of every preset, 2-4 players, jokers, Fantasyland and
matches; the text is TOML; hand-written files; and every kind of bad file named precisely."""
from __future__ import annotations

import dataclasses
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
import tomllib
from interrupts import cpu_seconds, pressing_ctrl_c

import ofc_fast as ofc
from ofc_fast import Game

POLICIES = ("random", "heuristic")


def _game(rng: random.Random) -> Game:
    """A random finished game: any preset (or a joker variant), 2..max players, sometimes
    starting in Fantasyland, a match or independent hands, 1..3 hands."""
    name = rng.choice(list(ofc.PRESETS))
    rules = ofc.PRESETS[name]
    if rng.random() < 0.25:
        rules = dataclasses.replace(rules, name=f"{name}-jokers", jokers=rng.choice((1, 2)))
    players = rng.randint(2, min(rules.max_players, 3 if rules.jokers == 0 else rules.max_players))
    fl = [0] * players
    if rng.random() < 0.4:
        fl[rng.randrange(players)] = rng.choice(sorted(rules.fantasyland_deals))
    try:
        g = Game(rules, players, seed=rng.randrange(2**64), button=rng.randrange(players),
                 fantasyland=fl, match=rng.random() < 0.5)
    except ValueError:      # more cards than the deck holds: plainer setup
        g = Game(rules, players, seed=rng.randrange(2**64), match=rng.random() < 0.5)
    for h in range(rng.randint(1, 3)):
        if h:
            if g.match_over:
                break
            g.next_hand()
        g.play_hand(rng.choice(POLICIES))
    return g


@pytest.mark.parametrize("seed", range(6))
def test_round_trip_random_games(seed: int) -> None:
    rng = random.Random(seed)
    games = [_game(rng) for _ in range(25)]
    text = ofc.write_histories(games)
    assert text is not None
    recs = list(ofc.read_histories(text))
    want = [r for g in games for r in ofc.records_from_json(g.to_json())]
    assert recs == want
    assert ofc.write_histories(recs) == text          # byte for byte
    # each record replays to the game's hands: the last one to the game itself
    k = 0
    for g in games:
        n = len(ofc.records_from_json(g.to_json()))
        last = Game.replay(recs[k + n - 1])
        assert last.boards.tolist() == g.boards.tolist() and last.scores.tolist() == g.scores.tolist()
        assert [list(b) for b in recs[k + n - 1].boards] == g.boards.tolist()
        k += n
    assert len(tomllib.loads(text)) == len(recs)        # the text is TOML


def test_files_and_streams(tmp_path: Path) -> None:
    g = Game("original", 4, seed=9, match=False)
    g.play_hand("heuristic")
    path = tmp_path / "h.ofc"
    ofc.write_histories([g], path)
    assert list(ofc.read_histories(path)) == list(ofc.read_histories(str(path)))
    buf = io.StringIO()
    ofc.write_histories([g], buf)
    assert buf.getvalue() == path.read_text()
    with open(path) as f:
        (rec,) = ofc.read_histories(f)
    assert rec.scores == tuple(g.scores.tolist()) and rec.players == 4
    # a stream: the first hand comes before the rest of the file is read
    lines = iter((path.read_text() * 2).replace("[1]", "[2]", 1).splitlines(keepends=True))
    first = next(ofc.read_histories(io.StringIO("".join(next(lines) for _ in range(40)) + "".join(lines))))
    assert first.scores == rec.scores


HAND = """\
# a hand written by hand: Pineapple, heads-up, p2 on the button
[1]
variant = "OFC"
rules = "pineapple"
seat_count = 2
button = 2
players = ["alice", "bob"]
date = "2026-12-07"
_site = "kitchen table"
actions = [
  "d dh p1 Ah Ad 7c 7s 2d",
  "p1 pl Ah Ad / 7c 7s / 2d",
  "d dh p2 Kh Kd Qc Qs 3d",
  "p2 pl - / Kh Kd 3d / Qc Qs",
  "d dh p1 9c 9d 4h",
  "p1 pl - / 9c / 9d x 4h",
  "d dh p2 Jc Jd 5h",
  "p2 pl Jc / - / Jd x 5h",
  "d dh p1 2c 3c 4c",
  "p1 pl - / - / 2c 3c x 4c",
  "d dh p2 6c 6d 8h",
  "p2 pl - / 6c / 6d x 8h",
  "d dh p1 5c 5d 6h",
  "p1 pl 6h / - / 5c x 5d",
  "d dh p2 8c 8d Th",
  "p2 pl Th / - / 8c x 8d",
  "d dh p1 Tc Td 9h",
  "p1 pl - / Tc Td / - x 9h",
  "d dh p2 Jh Qh 4d",
  "p2 pl Jh / 4d / - x Qh",
]
scores = [%s]
"""


def _hand_scores() -> list[int]:
    rec = next(ofc.read_histories(HAND % "0, 0", check=False))
    return list(Game.replay(rec).scores)


def test_hand_written_file() -> None:
    scores = _hand_scores()
    (rec,) = ofc.read_histories(HAND % ", ".join(map(str, scores)))
    assert rec.meta == {"players": ["alice", "bob"], "date": "2026-12-07", "_site": "kitchen table"}
    assert rec.button == 1 and rec.turns[0].seat == 0 and rec.turns[0].discards == ()
    assert ofc.card_str(list(rec.boards[0])) == "Ah Ad 6h 7c 7s 9c Tc Td 2d 9d 2c 3c 5c"
    assert rec.turns[2].discards == (ofc.card("4h"),)


def _bad(old: str, new: str) -> str:
    text = HAND % ", ".join(map(str, _hand_scores()))
    assert old in text
    return text.replace(old, new, 1)


BAD = [
    ("card twice", lambda: _bad('"d dh p2 Jc Jd 5h"', '"d dh p2 Jc Jd Ah"'),
     ["<text>", "hand 1", "line 17", "seat p2, street 1", "Ah is dealt a second time"]),
    ("card not dealt", lambda: _bad('"p1 pl - / 9c / 9d x 4h"', '"p1 pl - / 9c / 9h x 4h"'),
     ["hand 1", "line 16", "seat p1, street 1", "9h is placed but was not dealt"]),
    ("row over its size", lambda: _bad('"p1 pl 6h / - / 5c x 5d"', '"p1 pl - / - / 5c 6h x 5d"'),
     ["line 24", "seat p1, street 3", "bottom row would hold 6 cards"]),
    ("out of turn", lambda: _bad('"d dh p2 Kh Kd Qc Qs 3d"', '"d dh p1 Kh Kd Qc Qs 3d"'),
     ["line 13", "seat p2, street 0", "out of turn"]),
    ("placement out of turn", lambda: _bad('"p2 pl - / Kh Kd 3d / Qc Qs"', '"p1 pl - / Kh Kd 3d / Qc Qs"'),
     ["line 14", "seat p2, street 0", "p1 acts out of turn"]),
    ("scores", lambda: _bad("scores = [", "scores = [1, -1] #"),
     ["hand 1", "line 32", "do not match the boards"]),
    ("scores malformed", lambda: _bad("scores = [", "scores = {"),
     ["hand 1", "line 32", "'scores' is not a string, number or list"]),
    ("unknown card", lambda: _bad('"d dh p1 9c 9d 4h"', '"d dh p1 9c 9d 1h"'),
     ["line 15", "seat p1, street 1", "unknown card '1h'"]),
    ("short deal", lambda: _bad('"d dh p1 9c 9d 4h"', '"d dh p1 9c 9d"'),
     ["line 15", "2 cards dealt, the rules deal 3"]),
    ("discard not written", lambda: _bad('"p1 pl - / 9c / 9d x 4h"', '"p1 pl - / 9c / 9d"'),
     ["line 16", "4h dealt but neither placed nor discarded"]),
    ("two rows", lambda: _bad('"p1 pl - / 9c / 9d x 4h"', '"p1 pl 9c / 9d x 4h"'),
     ["line 16", "3 rows split by ' / '"]),
    ("hand stops", lambda: _bad('  "d dh p2 Jh Qh 4d",\n  "p2 pl Jh / 4d / - x Qh",\n', ""),
     ["line 28", "stop before seat p2, street 4"]),
    ("extra action", lambda: _bad('  "p2 pl Jh / 4d / - x Qh",\n', '  "p2 pl Jh / 4d / - x Qh",\n  "d dh p1 As",\n'),
     ["line 31", "an action after the hand is over"]),
    ("variant", lambda: _bad('"OFC"', '"NT"'), ["line 3", "variant is 'OFC'"]),
    ("rules", lambda: _bad('"pineapple"', '"pinapple"'), ["line 4", "rules:", "pinapple"]),
    ("seat count", lambda: _bad("seat_count = 2", "seat_count = 5"), ["line 5", "seat_count", "got 5"]),
    ("button", lambda: _bad("button = 2", "button = 0"), ["line 6", "button is a seat 1..2"]),
    ("unknown key", lambda: _bad("date =", "dat ="), ["line 8", "unknown key 'dat'"]),
    ("key twice", lambda: _bad("date =", 'players = 1\ndate ='),
     ["line 8", "'players' is given twice (first on line 7)"]),
    ("no scores", lambda: _bad("scores = [", "#"), ["hand 1", "no 'scores'"]),
    ("no header", lambda: _bad("[1]\n", ""), ["line 2", "before the first hand's [id] header"]),
    ("header twice", lambda: _bad("[1]\n", "[1]\n") + _bad("[1]\n", "[1]\n"), ["line 34", "a second time"]),
    ("not key = value", lambda: _bad("button = 2", "button 2"), ["line 6", "expected [id] or key = value"]),
    ("unclosed actions", lambda: _bad("]\nscores", "scores").split("scores = [")[0],
     ["the file ends inside 'actions'"]),
    ("action not a string", lambda: _bad('"d dh p1 9c 9d 4h",', "d dh p1 9c 9d 4h,"),
     ["line 15", "an action is a quoted string"]),
    ("fantasyland count", lambda: _bad("button = 2", "button = 2\nfantasyland = [13, 0]"),
     ["line 7", "p1 gets 13 cards"]),
    ("stacks", lambda: _bad("scores = [", "starting_stacks = [100, 100]\nfinishing_stacks = [1, 2]\nscores = ["),
     ["finishing_stacks [1, 2] are not starting_stacks plus the scores"]),
]


@pytest.mark.parametrize("what,make,needles", BAD, ids=[b[0] for b in BAD])
def test_bad_histories(what: str, make: Any, needles: list[str]) -> None:
    with pytest.raises(ofc.HistoryError) as info:
        list(ofc.read_histories(make()))
    msg = str(info.value)
    assert all(n in msg for n in needles), (needles, msg)


def test_bad_file_and_arguments(tmp_path: Path) -> None:
    with pytest.raises(ofc.HistoryError, match="nope.ofc: cannot be read"):
        list(ofc.read_histories(str(tmp_path / "nope.ofc")))
    with pytest.raises(TypeError, match="a path, a text file or the text, got int"):
        list(ofc.read_histories(3))
    with pytest.raises(TypeError, match="Games and HandRecords, got str"):
        ofc.write_histories(["x"])
    with pytest.raises(TypeError, match="None, a path or a text file, got int"):
        ofc.write_histories([], 3)
    g = Game("pineapple", 2, seed=1)
    g.play("random")
    with pytest.raises(ValueError, match="hand 0: the hand is not over"):
        ofc.write_histories([g])
    g = Game("pineapple", 2, seed=1)
    g.play_hand()
    g.next_hand()        # a hand begun, no turn played: left out
    assert len(list(ofc.read_histories(ofc.write_histories([g])))) == 1
    p = tmp_path / "named.ofc"
    p.write_text(_bad("scores = [", "scores = [7, -7] #"))
    with pytest.raises(ofc.HistoryError, match="named.ofc: hand 1, line 32: scores"):
        list(ofc.read_histories(p))


def test_determinized_game_and_json_importer() -> None:
    g = Game("pineapple", 2, seed=5, fantasyland=[14, 0])
    g.play("greedy")
    g.play("random")
    d = g.determinize(1, seed=9)
    d.play_hand("heuristic")
    d.next_hand()
    d.play_hand("heuristic")
    recs = ofc.records_from_json(json.loads(d.to_json()))
    assert [r.meta["hand"] for r in recs] == [1, 2]
    assert Game.replay(recs[0]).boards.tolist() != [] and recs[0].scores != ()
    assert Game.replay(recs[1]).boards.tolist() == d.boards.tolist()
    assert list(ofc.read_histories(ofc.write_histories([d]))) == recs


def test_the_docs_examples_read() -> None:
    """docs/HISTORY.md's toml examples are hands the reader accepts, scores checked."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "HISTORY.md").read_text()
    blocks = [b.split("```")[0] for b in doc.split("```toml\n")[1:]]
    assert len(blocks) == 2
    recs = [r for b in blocks for r in ofc.read_histories(b)]
    assert recs[0].meta["players"] == ["ann", "bo", "cy"] and recs[0].fantasyland == (0, 15, 0)
    assert recs[1].finishing_stacks == (126, 74)


def test_ctrl_c_stops_a_long_read() -> None:
    """Reading a long file (pure Python, hand by hand) stops soon after Ctrl-C, and the next
    read is whole."""
    g = Game("pineapple", 2, seed=8, match=False)
    for _ in range(40):
        g.play_hand("random")
        g.next_hand()
    text = ofc.write_histories([g])
    assert text is not None
    want = list(ofc.read_histories(text))
    t0_cpu = cpu_seconds()
    with pressing_ctrl_c(), pytest.raises(KeyboardInterrupt):
        for _ in range(10**6):
            list(ofc.read_histories(text))
    assert cpu_seconds() - t0_cpu < 5
    assert list(ofc.read_histories(text)) == want


def test_a_match_continues() -> None:
    """Hands of one match that follow each other must start where the last left it: the
    button, Fantasyland and stacks the engine gives; each is named when it does not."""
    g = Game("pineapple", 2, seed=1, fantasyland=[14, 0])
    g.play_hand("heuristic")
    g.next_hand()
    g.play_hand("heuristic")
    first, second = ofc.records_from_json(g.to_json())
    assert list(ofc.read_histories(ofc.write_histories([first, second]))) == [first, second]

    def hand_2(button: int, fl: list[int]) -> ofc.HandRecord:
        h = Game("pineapple", 2, seed=3, button=button, fantasyland=fl, match=False)
        h.play_hand("heuristic")
        (rec,) = ofc.records_from_json(h.to_json())
        start = first.finishing_stacks
        return dataclasses.replace(rec, meta={"hand": 2}, starting_stacks=start,
                                   finishing_stacks=tuple(a + b for a, b in zip(start, rec.scores)))

    line = ofc.write_histories([first]).count("\n") + 1
    for rec, needle in ((hand_2(1, [0, 0]), "its button is 1, but the file says 2"),
                        (hand_2(0, [14, 0]), "its fantasyland is [0, 0], but the file says [14, 0]"),
                        (dataclasses.replace(second, starting_stacks=(100, 100), finishing_stacks=(106, 94)),
                         "its starting_stacks is [120, 80], but the file says [100, 100]")):
        with pytest.raises(ofc.HistoryError, match=re.escape(f"hand 2, line {line}: hand 2 of its match "
                                                             f"follows hand 1, so {needle}")):
            list(ofc.read_histories(ofc.write_histories([first, rec])))
    # a hand of another match (another "match" id) is not held to it
    other = dataclasses.replace(hand_2(1, [0, 0]), meta={"hand": 2, "match": "b"})
    assert len(list(ofc.read_histories(ofc.write_histories([first, other])))) == 2


# --- on_error: every bad hand reported, the reading goes on (ofc-fast show --skip-bad) ------

def _sections() -> list[str]:
    games = [Game("pineapple", 2, seed=s) for s in range(8)]
    for g in games:
        g.play_hand("heuristic")
    return [ofc.write_histories([g]).replace("[1]", f"[{k + 1}]") for k, g in enumerate(games)]


def test_on_error_reports_each_bad_hand_and_reads_on() -> None:
    s = _sections()
    spoilt = {2: s[1].replace("seat_count = 2", "seat_count = 2\nseat_count = 2"),     # a key twice
              3: s[2].replace("button = ", "button = [1, "),                            # not a value
              4: s[3].replace('  "d dh', '  d dh', 1),                                  # an unquoted action
              5: s[4].replace("p1 pl", "p2 pl", 1),                                     # out of turn
              6: s[5].replace("scores = [", "scores = [5, -5] #")}                      # wrong scores
    parts = ["early = 1\n"] + [spoilt.get(k + 1, t) for k, t in enumerate(s)]
    parts[-1] = parts[-1][:parts[-1].index("\n]\n") + 1]                                # the file ends inside
    text = "".join(parts)
    with pytest.raises(ofc.HistoryError, match="before the first hand"):
        list(ofc.read_histories(text))
    errors: list[ofc.HistoryError] = []
    recs = list(ofc.read_histories(text, on_error=errors.append))
    want = [ofc.read_histories(s[k]).__next__() for k in (0, 6)]
    assert recs == want
    assert [re.match(r"<text>: (hand \d+, )?line \d+", str(e)).group(1) for e in errors] == \
        [None, "hand 2, ", "hand 3, ", "hand 4, ", "hand 5, ", "hand 6, ", "hand 8, "]
    assert "given twice" in str(errors[1]) and "p2 acts out of turn" in str(errors[4])
    assert "do not match the boards" in str(errors[5]) and "ends inside 'actions'" in str(errors[6])
    # a duplicate header: the hand is skipped up to the next header, the one before it is kept
    errors.clear()
    recs = list(ofc.read_histories(s[0] + s[0] + s[1], on_error=errors.append))
    assert len(recs) == 2 and len(errors) == 1 and "a second time" in str(errors[0])


def test_on_error_may_stop_the_reading() -> None:
    s = _sections()

    def stop(e: ofc.HistoryError) -> None:
        raise RuntimeError(str(e))

    reader = ofc.read_histories(s[0] + s[1].replace("variant", "variety") + s[2], on_error=stop)
    assert next(reader).scores
    with pytest.raises(RuntimeError, match="hand 2"):
        next(reader)


def test_write_histories_start_numbers_appended_files(tmp_path: Path) -> None:
    games = [Game("pineapple", 2, seed=s, match=False) for s in range(3)]
    for g in games:
        g.play_hand("heuristic")
    path = tmp_path / "h.ofc"
    ofc.write_histories(games[:2], path)
    with open(path, "a", encoding="utf-8") as f:
        ofc.write_histories(games[2:], f, start=3)
    text = path.read_text()
    assert re.findall(r"^\[(\d+)\]$", text, flags=re.M) == ["1", "2", "3"]
    assert text == ofc.write_histories(games)
    assert [r.scores for r in ofc.read_histories(path)] == [tuple(g.scores.tolist()) for g in games]
    # without start= the appended hand's id repeats: the reader names it
    with open(path, "a", encoding="utf-8") as f:
        ofc.write_histories(games[:1], f)
    line = text.count("\n") + 1
    with pytest.raises(ofc.HistoryError, match=rf"h.ofc: line {line}: .*'\[1\]' \(a second time\)"):
        list(ofc.read_histories(path))
