"""The site JSON that suren-tamrazyan/ofcenv reads (ofc_fast/play/ofcenv.py, docs/HISTORY.md
"Other formats"): exact round trips of many generated hands, hand-written files read as the
format's facts say, the layouts both known readers split, and what the writer refuses."""
from __future__ import annotations

import dataclasses
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from interrupts import cpu_seconds, pressing_ctrl_c

import ofc_fast as ofc
from ofc_fast import Game


def _records(n: int, seed: int = 0) -> list[ofc.HandRecord]:
    rng = random.Random(seed)
    recs: list[ofc.HandRecord] = []
    for _ in range(n):
        p = rng.choice((2, 3))
        g = Game("pineapple", p, seed=rng.randrange(2**64), button=rng.randrange(p), match=False)
        g.play_hand(rng.choice(("random", "heuristic", "greedy")))
        recs.extend(ofc.records_from_json(g.to_json()))
    return recs


def _same_hand(a: ofc.HandRecord, b: ofc.HandRecord) -> None:
    """Equal boards, scores, button and turns; a turn's dealt cards equal as a set (the format
    keeps where each card went, not the order it was dealt in)."""
    assert (a.rules, a.players, a.button, a.fantasyland) == (b.rules, b.players, b.button, b.fantasyland)
    assert a.boards == b.boards and a.scores == b.scores
    assert [(t.seat, t.street, t.rows, t.discards) for t in a.turns] == \
        [(t.seat, t.street, t.rows, t.discards) for t in b.turns]
    assert [sorted(t.dealt) for t in a.turns] == [sorted(t.dealt) for t in b.turns]


def test_round_trip_many_hands() -> None:
    recs = _records(300)
    assert {r.players for r in recs} == {2, 3} and len({r.button for r in recs}) == 3
    for rec in recs:
        text = ofc.write_ofcenv_json([rec])
        back, = ofc.read_ofcenv_json(text, button=rec.button)
        _same_hand(rec, back)
        # the hand replays into the engine's Game, which scores it so
        assert ofc.Game.replay(back).scores.tolist() == list(rec.scores)
    # many hands a file (ids 1, 2, ...), the button read as the file's order of play: seats rotate
    text = ofc.write_ofcenv_json(recs[:40])
    back = list(ofc.read_ofcenv_json(text))
    assert [r.meta["_hand_id"] for r in back] == [str(i) for i in range(1, 41)]
    for rec, b in zip(recs[:40], back):
        assert b.button == 0
        rot = [(s + rec.button) % rec.players for s in range(rec.players)]   # new seat -> old seat
        assert b.boards == tuple(rec.boards[s] for s in rot)
        assert b.scores == tuple(rec.scores[s] for s in rot)


def test_round_trip_of_a_game_and_its_records() -> None:
    g = Game("pineapple", 3, seed=9, match=False)
    for _ in range(3):
        g.play_hand("heuristic")
        g.next_hand()
    recs = ofc.records_from_json(g.to_json())
    assert ofc.write_ofcenv_json([g]) == ofc.write_ofcenv_json(recs)
    back = [next(ofc.read_ofcenv_json(ofc.write_ofcenv_json([r]), button=r.button)) for r in recs]
    for a, b in zip(recs, back):
        _same_hand(a, b)
    # what was read writes the same again (names, hero and ids kept in meta)
    named = ofc.write_ofcenv_json(recs, names=["ann", "bob", "cy"], hero=2)
    again = list(ofc.read_ofcenv_json(named))
    assert ofc.write_ofcenv_json(again) == named
    assert again[0].meta["players"] == [["ann", "bob", "cy"][(s + recs[0].button) % 3] for s in range(3)]


def test_files_paths_and_layouts(tmp_path: Path) -> None:
    recs = _records(6, seed=1)
    path = tmp_path / "hands.txt"
    ofc.write_ofcenv_json(recs, path)
    text = path.read_text(encoding="utf-8")
    assert ofc.write_ofcenv_json(recs) == text
    # each hand's closing brace alone on a line (the Java reader's split) and `}` then `{`
    # between hands (ofcenv's split)
    assert text.count("\n}\n") == len(recs) and text.count("}\n{") == len(recs) - 1
    want = list(ofc.read_ofcenv_json(text))
    assert list(ofc.read_ofcenv_json(path)) == want
    assert list(ofc.read_ofcenv_json(str(path))) == want
    with open(path, encoding="utf-8") as f:
        assert list(ofc.read_ofcenv_json(f)) == want
    buf = io.StringIO()
    assert ofc.write_ofcenv_json(recs, buf) is None and buf.getvalue() == text
    # the same objects on one line each, glued, in a JSON list, and with the SUB/NUL bytes
    # ofcenv strips
    objs = [json.loads(t) for t in ofc.write_ofcenv_json(recs).split("\n}\n") if t.strip()
            for t in [t + "}"]]
    for layout in ("\n".join(map(json.dumps, objs)), "".join(map(json.dumps, objs)), json.dumps(objs),
                   "\x00" + "\x1a".join(map(json.dumps, objs)) + "\x1a"):
        assert list(ofc.read_ofcenv_json(layout)) == want


def test_a_hand_written_from_the_formats_facts() -> None:
    """A heads-up hand as the site writes one: cards ``As0`` (text, then the round), rows
    ``top/middle/bottom``, discards in ``dead``, ``orderIndex`` 0 the button; keys the reader
    does not use kept or ignored."""
    hand = {"joined": True, "rules": "classic", "stakes": 0.5, "handData": {"777": [
        {"playerName": "villain", "hero": False, "inFantasy": False, "orderIndex": 0, "stack": 90,
         "rows": "Qh0 Qd1 2c4/9s0 9h0 8c2 8d3 3s4/Ks0 Kh0 Kc1 7d2 7s3",
         "dead": "4h1 5h2 6h3 Jd4"},
        {"playerName": "me", "hero": True, "inFantasy": False, "orderIndex": 1, "stack": 110,
         "rows": "Ac0 2d1 3c2/Td0 Jh0 Tc1 Jc2 4c3/5s0 6s0 Ts4 8s3 9c4",
         "dead": "2s1 3d2 4s3 5c4"}]}}
    rec, = ofc.read_ofcenv_json(json.dumps(hand))
    assert rec.players == 2 and rec.button == 0 and rec.rules == ofc.PRESETS["pineapple"]
    assert ofc.card_str(list(rec.boards[0])) == "Qh Qd 2c 9s 9h 8c 8d 3s Ks Kh Kc 7d 7s"
    # the engine fills a row in the order of play: 8s (round 3) before Ts and 9c (round 4)
    assert ofc.card_str(list(rec.boards[1])) == "Ac 2d 3c Td Jh Tc Jc 4c 5s 6s 8s Ts 9c"
    assert rec.meta == {"players": ["villain", "me"], "_hand_id": "777", "_hero": 1, "_rules": "classic",
                        "_stakes": 0.5, "_stacks": [90, 110]}
    # the order of play: orderIndex 1 (seat 1) first, then the button
    assert [(t.seat, t.street) for t in rec.turns[:4]] == [(1, 0), (0, 0), (1, 1), (0, 1)]
    # a turn's cards: those placed that round, top to bottom, then its discards
    assert ofc.card_str(list(rec.turns[1].dealt)) == "Qh 9s 9h Ks Kh"
    me = rec.turns[2]
    assert ofc.card_str(list(me.dealt)) == "2d Tc 2s" and ofc.card_str(list(me.discards)) == "2s"
    # the engine's scores: seat 1 fouls (two pair in the middle over ten high at the bottom)
    g = ofc.Game.replay(rec)
    assert rec.scores == tuple(g.scores.tolist()) and sum(rec.scores) == 0 and rec.scores[0] > 6
    assert g.fouled.tolist() == [False, True]
    # ofcenv's guess of the button: the seat before the hero's (here the same)
    assert next(ofc.read_ofcenv_json(json.dumps(hand), button="ofcenv")).button == 0
    # the button at another seat: seats rotate with it
    r2, = ofc.read_ofcenv_json(json.dumps(hand), button=1)
    assert r2.button == 1 and r2.boards == rec.boards[::-1] and r2.scores == rec.scores[::-1]


def _hand_text(**changes: Any) -> str:
    rec = _records(1, seed=5)[0]
    obj = json.loads(ofc.write_ofcenv_json([rec]))
    for k, v in changes.items():
        if k in ("rules", "joined"):
            obj[k] = v
        else:
            obj["handData"]["1"][0][k] = v
    return json.dumps(obj)


def test_bad_hands_are_named_and_skipped_with_on_error() -> None:
    good = _hand_text()
    obj = json.loads(good)
    rows = obj["handData"]["1"][0]["rows"]
    bad = _hand_text(rows=rows.replace("0", "7", 1))
    with pytest.raises(ofc.HistoryError, match=r"<text>: line 1: hand 1, player 'p\d'.*round 7"):
        list(ofc.read_ofcenv_json(bad))
    errors: list[ofc.HistoryError] = []
    got = list(ofc.read_ofcenv_json(good + bad + "{not json}" + good, on_error=errors.append))
    assert len(got) == 2 and len(errors) == 2
    assert "not a JSON object" in str(errors[1])
    # a hand the engine scores is read the same beside bad ones
    assert got[0] == got[1] == next(ofc.read_ofcenv_json(good))
    # the line named is where the bad hand's object starts
    two = ofc.write_ofcenv_json(_records(2, seed=8))
    cut = two.index("\n}\n") + 3
    spoilt = two[:cut] + two[cut:].replace("0/", "9/", 1)
    with pytest.raises(ofc.HistoryError, match=rf"<text>: line {two[:cut].count(chr(10)) + 1}: hand 2, "):
        list(ofc.read_ofcenv_json(spoilt))
    with pytest.raises(ZeroDivisionError):     # what on_error raises stops the reading
        list(ofc.read_ofcenv_json(bad + good, on_error=lambda e: 1 / 0))


@pytest.mark.parametrize("changes, needles", [
    ({"rules": "progressive17_jokers"}, ("hand 1", "rules 'progressive17_jokers'", "rules=")),
    ({"orderIndex": 5}, ("player 'p", "orderIndex is 0..")),
    ({"inFantasy": True}, ("Fantasyland",)),
    ({"rows": "As0/Kd0"}, ("3 rows split by /",)),
    ({"rows": 3}, ("rows and dead are text",)),
    ({"dead": "Zz1"}, ("'Zz1'", "unknown card")),
    ({"dead": "A1"}, ("'A1' is not a card and its round",)),
])
def test_bad_players(changes: dict[str, Any], needles: tuple[str, ...]) -> None:
    with pytest.raises(ofc.HistoryError) as e:
        list(ofc.read_ofcenv_json(_hand_text(**changes)))
    for n in needles:
        assert n in str(e.value), (n, str(e.value))


def test_impossible_hands() -> None:
    obj = json.loads(_hand_text())
    p0, p1, *more = obj["handData"]["1"]
    top0 = p0["rows"].split("/")[0].split()
    # a card twice (in two players' boards)
    twice = dict(p1, rows=p1["rows"].replace(p1["rows"].split()[0], top0[0], 1))
    with pytest.raises(ofc.HistoryError, match="written twice in the hand"):
        list(ofc.read_ofcenv_json(json.dumps({**obj, "handData": {"1": [p0, twice, *more]}})))
    # a row over its size (a discard moved to the top row)
    d0, *rest = p0["dead"].split()
    over = dict(p0, rows=p0["rows"].replace("/", f" {d0}/", 1), dead=" ".join(rest))
    with pytest.raises(ofc.HistoryError, match="the top row holds 4 cards, more than its 3"):
        list(ofc.read_ofcenv_json(json.dumps({**obj, "handData": {"1": [over, p1, *more]}})))
    # a street's counts: a card's round changed (round 0 then places 4)
    tok = next(t for t in p0["rows"].replace("/", " ").split() if t.endswith("0"))
    moved = dict(p0, rows=p0["rows"].replace(tok, tok[:-1] + "1", 1))
    with pytest.raises(ofc.HistoryError, match=r"round 0 places 4 cards and discards 0; the rules place 5"):
        list(ofc.read_ofcenv_json(json.dumps({**obj, "handData": {"1": [moved, p1, *more]}})))
    # a hand not over (a row short)
    short = dict(p0, rows=p0["rows"].replace(top0[0] + " ", "", 1))
    with pytest.raises(ofc.HistoryError, match="the hand is not over"):
        list(ofc.read_ofcenv_json(json.dumps({**obj, "handData": {"1": [short, p1, *more]}})))
    # no handData
    with pytest.raises(ofc.HistoryError, match="'handData'"):
        list(ofc.read_ofcenv_json('{"joined": true}'))


def test_what_the_writer_refuses() -> None:
    g = Game("pineapple", 2, seed=1, fantasyland=[14, 0])
    g.play_hand("heuristic")
    with pytest.raises(ValueError, match=r"hands\[0\] \(hand 1\): seat 0 plays Fantasyland"):
        ofc.write_ofcenv_json([g])
    for name, why in (("original", "holds Pineapple"), ("progressive", "no known name on the site")):
        h = Game(name, 2, seed=1)
        h.play_hand("heuristic")
        with pytest.raises(ValueError, match=why):
            ofc.write_ofcenv_json([h])
    low = dataclasses.replace(ofc.PRESETS["pineapple"], name="mine")    # equal to pineapple: written
    h = Game(low, 2, seed=1)
    h.play_hand("heuristic")
    assert '"rules": "classic"' in ofc.write_ofcenv_json([h])
    rec = _records(1)[0]
    with pytest.raises(ValueError, match="hero is a seat"):
        ofc.write_ofcenv_json([rec], hero=rec.players)
    with pytest.raises(ValueError, match="names holds 1 names"):
        ofc.write_ofcenv_json([rec], names=["x"])


def test_reading_stops_on_ctrl_c() -> None:
    text = ofc.write_ofcenv_json(_records(20, seed=3))
    want = list(ofc.read_ofcenv_json(text))
    t0_cpu = cpu_seconds()
    with pressing_ctrl_c(), pytest.raises(KeyboardInterrupt):
        for _ in range(10**6):
            list(ofc.read_ofcenv_json(text))
    assert cpu_seconds() - t0_cpu < 5
    assert list(ofc.read_ofcenv_json(text)) == want
