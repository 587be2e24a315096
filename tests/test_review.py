"""ofc.review (issue 30, ofc_fast.sim.review): each decision of played hands searched again from the
seat's own view; the points lost under common random numbers; per-player figures that merge exactly;
the same results on any workers or executor; ``ofc-fast review`` end to end."""
from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
import tracemalloc
import xml.etree.ElementTree as ET
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest
from interrupts import pressing_ctrl_c, raise_sigint

import ofc_fast as ofc
from ofc_fast.cli import main
from ofc_fast.sim.review import _view_seed

ROOT = Path(__file__).resolve().parent.parent


def _hands(n: int, seed: int = 1, rules: str = "pineapple", players: int = 2, policy: str = "heuristic",
           **kw: object) -> list[ofc.HandRecord]:
    g = ofc.Game(rules, players, seed=seed, match=False, **kw)   # type: ignore[arg-type]
    for k in range(n):
        if k:
            g.next_hand()
        g.play_hand(policy)
    return ofc.records_from_json(g.to_json())


def _same(a: ofc.Review, b: ofc.Review) -> bool:
    """The same figures (NaN equal to NaN: repr) and the same decisions' values."""
    return repr(a.players) == repr(b.players) and \
        [(d.player, d.played, d.best, d.played_value, d.best_value, d.loss, d.n) for d in a.decisions] == \
        [(d.player, d.played, d.best, d.played_value, d.best_value, d.loss, d.n) for d in b.decisions]


def test_a_bad_move_loses_points_and_the_best_differs() -> None:
    """Seat p1 plays its last street as badly as it can (the placement the exact last street
    scores lowest): that decision loses points, exactly, and the best move is another."""
    g = ofc.Game("pineapple", 2, seed=11, match=False)
    while not g.done:
        if g.turn == 0 and g.street(0) == 4:
            m = ofc.best_move(g, budget=50, seed=1)
            assert m.exact.all()
            worst = m.codes[int(np.argmin(m.mean))]
            spread = float(m.mean.max() - m.mean.min())
            g.apply(worst)
        else:
            g.play("heuristic")
    assert spread > 0
    r = ofc.review([g], budget=50, seed=3)
    d = next(d for d in r.decisions if d.seat == 0 and d.street == 4)
    assert d.exact and d.loss > 0 and d.best != d.played
    assert d.loss == pytest.approx(spread)
    assert r.worst(1)[0].loss >= d.loss


def test_playing_the_searchs_move_loses_exactly_zero() -> None:
    """Every seat plays the move the review's search finds (the same seed from the same view):
    every decision loses exactly 0, and its played value is the best."""
    g = ofc.Game("pineapple", 2, seed=5, match=False)
    while not g.done:
        seat = g.turn or 0
        m = ofc.best_move(g, budget=40, seed=_view_seed(9, g, seat))
        g.apply(m.move)
    r = ofc.review([g], budget=40, seed=9)
    assert len(r.decisions) == 10
    assert all(d.loss == 0.0 and d.played == d.best and d.played_value == d.best_value for d in r.decisions)


def test_the_played_move_is_scored_on_the_best_moves_completions() -> None:
    """A played move the search dropped is scored by evaluate_placements with the best's count and
    seed: the best's own figure comes out the same way (common random numbers)."""
    rec = _hands(1, seed=2, policy="random")[0]
    r = ofc.review([rec], budget=60, seed=4)
    g = ofc.Game.replay({**rec.history(), "hands": [[]]})
    d = r.decisions[0]
    best = ofc.best_move(g, budget=60, seed=d.seed)
    one = ofc.evaluate_placements(g, candidates=[best.move], n=d.n, seed=d.seed)
    assert float(one.mean[0]) == d.best_value
    played = g.encode(top=[c for c in d.played[:3] if c != 255], middle=[c for c in d.played[3:8] if c != 255],
                      bottom=[c for c in d.played[8:] if c != 255])
    two = ofc.evaluate_placements(g, candidates=[played], n=d.n, seed=d.seed)
    assert float(two.mean[0]) == d.played_value
    assert d.loss == (0.0 if played == best.move else d.best_value - d.played_value)


def test_the_seat_sees_no_hidden_card() -> None:
    """The other seat's discards changed (for cards nobody was dealt): every decision of p1 is
    reviewed the same, and p2's before the turn it made that discard."""
    rec = _hands(1, seed=3)[0]
    text = ofc.write_histories([rec])
    dealt = {c for t in rec.turns for c in t.dealt}
    spare = [c for c in range(52) if c not in dealt]
    p2 = [t for t in rec.turns if t.seat == 1 and t.discards]
    swaps = {ofc.card_str(t.discards[0]): ofc.card_str(spare[k]) for k, t in enumerate(p2)}
    lines = []
    for line in text.splitlines():
        if '"d dh p2' in line or '"p2 pl' in line:
            for a, b in swaps.items():
                line = line.replace(f" {a}", f" {b}")
        lines.append(line)
    other = list(ofc.read_histories("\n".join(lines) + "\n"))[0]
    assert other.turns != rec.turns and other.scores == rec.scores
    a = ofc.review([rec], budget=40, seed=1)
    b = ofc.review([other], budget=40, seed=1)
    assert [d for d in a.decisions if d.seat == 0] == [d for d in b.decisions if d.seat == 0]
    first = next(i for i, t in enumerate(rec.turns) if t.seat == 1 and t.discards)
    assert [d for d in a.decisions if d.seat == 1 and d.turn < first] == \
        [d for d in b.decisions if d.seat == 1 and d.turn < first]
    assert a.hands == b.hands


def test_merge_equals_the_review_of_the_union() -> None:
    recs = _hands(2, seed=7)
    a = ofc.review(recs[:1], budget=20, seed=2)
    b = ofc.review(recs[1:], budget=20, seed=2)
    whole = ofc.review(recs, budget=20, seed=2)
    assert _same(a + b, whole) and _same(sum([a, b]), whole) and _same(a.merge(b), whole)   # type: ignore[arg-type]
    assert _same(b + a, ofc.review(recs[1:] + recs[:1], budget=20, seed=2))
    assert (a + b).hand_count == 2 and repr(a + b).startswith("Review of 2 hands, 20 decisions")
    # the per-player figures do not depend on the order merged (exact sums)
    assert repr((b + a).players) == repr(whole.players)
    with pytest.raises(ValueError, match="other settings"):
        a.merge(ofc.review(recs[:1], budget=21, seed=2))


def test_workers_and_executors_give_the_same_review() -> None:
    recs = _hands(2, seed=8)
    want = ofc.review(recs, budget=20, seed=5)
    assert ofc.review(recs, budget=20, seed=5, workers=2) == want
    with ThreadPoolExecutor(2) as ex:
        assert ofc.review(recs, budget=20, seed=5, executor=ex) == want
    with ProcessPoolExecutor(2) as ex:
        assert ofc.review(recs, budget=20, seed=5, executor=ex) == want


@pytest.mark.parametrize("preset", sorted(ofc.PRESETS))
def test_every_preset(preset: str) -> None:
    rules = ofc.PRESETS[preset]
    recs = _hands(1, seed=4, rules=preset, players=2)
    r = ofc.review(recs, budget=20, seed=1)
    assert len(r.hands) == 2 and len(r.decisions) == len(recs[0].turns)
    assert np.isfinite(r.losses).all()
    assert {d.street for d in r.decisions} == set(range(rules.rounds + 1))
    assert [h.points for h in r.hands] == list(recs[0].scores)


def test_fantasyland_turns_and_hand_figures() -> None:
    """A Fantasyland turn compares settings (the solver's played: loses 0); fouls, royalties,
    scoops and Fantasyland entries and stays counted from the engine's own results."""
    g = ofc.Game("progressive", 3, seed=3, match=False, fantasyland=[15, 0, 0])
    g.play_hand("heuristic")
    r = ofc.review([g], budget=40, seed=1)
    fl = [d for d in r.decisions if d.fantasyland]
    assert len(fl) == 1 and fl[0].street_label == "FL" and fl[0].loss == 0.0
    assert "FL" in r.players["p1"].loss_by_street
    for h in r.hands:
        assert h.points == int(g.scores[h.seat]) and h.fouled == bool(g.fouled[h.seat])
        assert h.royalties == int(g.royalties[h.seat].sum())
        assert h.stayed == (h.seat == 0 and int(g.next_fantasyland[0]) > 0)
        assert not h.entered or h.seat != 0
    d = ofc.score_details(g.boards, g.rules)
    assert sum(h.scoops for h in r.hands) == int((np.abs(d.rows.sum(axis=-1)) == 3).sum())


def test_names_figures_and_pictures() -> None:
    recs = _hands(3, seed=9)
    text = ofc.write_histories(recs).replace("seat_count = 2", 'seat_count = 2\nplayers = ["ann", "bo"]')
    r = ofc.review(text, budget=20, seed=0)
    assert sorted(r.players) == ["ann", "bo"]
    ann = r.players["ann"]
    pts = [h.points for h in r.hands if h.player == "ann"]
    assert ann.hands == 3 and ann.mean == pytest.approx(np.mean(pts))
    assert ann.stderr == pytest.approx(np.std(pts, ddof=1) / np.sqrt(3))
    assert ann.ci95[0] < ann.mean < ann.ci95[1] or ann.stderr == 0
    assert ann.loss == pytest.approx(np.mean([d.loss for d in r.decisions if d.player == "ann"]))
    assert sum(n for n, _, _ in ann.loss_by_street.values()) == ann.decisions == 15
    assert len(repr(r).splitlines()) == 3 and "ann" in repr(r)
    d = r.worst(1)[0]
    assert "played" in str(d) and "best" in str(d) and "top" in str(d)
    assert ET.fromstring(d._repr_svg_()).tag.endswith("svg")
    assert d._repr_html_().startswith("<div")
    assert json.loads(json.dumps(r.to_dict()))["players"][0]["player"] == "ann"
    assert r.worst(0) == [] and len(r.worst(100)) == 30


def test_bad_arguments() -> None:
    recs = _hands(1)
    with pytest.raises(ValueError, match="budget"):
        ofc.review(recs, budget=0)
    with pytest.raises(TypeError, match="executor"):
        ofc.review(recs, executor="pool")
    with pytest.raises(TypeError, match="hands"):
        ofc.review(42)
    with pytest.raises(TypeError, match=r"hands\[0\]"):
        ofc.review([42])
    with pytest.raises(ValueError, match="policy"):
        ofc.review(recs, policy="clever")
    with pytest.raises(ofc.HistoryError, match="cannot be read"):
        ofc.review("/no/such/file.ofc")


def _growth(rounds: int, traced: bool) -> tuple[int, int, int]:
    """(traced bytes, gc objects, references to the input) grown over ``rounds`` pairs of reviews
    (one here, one on 2 threads), after a warm-up."""
    recs = _hands(1, seed=12)
    rec = recs[0]

    def once() -> None:
        ofc.review(recs, budget=1, seed=1)
        ofc.review(recs, budget=1, seed=1, workers=2)
    for _ in range(2):
        once()
    gc.collect()
    refs = sys.getrefcount(rec)
    objects = len(gc.get_objects())
    if traced:
        tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(rounds):
            once()
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        if traced:
            tracemalloc.stop()
    return after - before, len(gc.get_objects()) - objects, sys.getrefcount(rec) - refs


def test_no_leak_over_many_reviews() -> None:
    """The leak battery of tests/test_memory.py in small (a review costs ~0.1 s a hand): no gc
    objects or references to the input left behind."""
    _, objects, refs = _growth(2, traced=False)
    assert objects < 200 and refs == 0


@pytest.mark.slow   # tracemalloc slows a review tenfold
def test_no_traced_memory_growth_over_many_reviews() -> None:
    grew, _, _ = _growth(8, traced=True)
    assert grew < 100_000, f"traced memory grew by {grew} bytes"


@pytest.mark.parametrize(("workers", "signal"), [(1, False), (2, False), (1, True)])
def test_ctrl_c_stops_a_review(workers: int, signal: bool) -> None:
    """Ctrl-C (interrupt_main, or a real SIGINT) stops a long review within a second or so."""
    recs = _hands(2, seed=6) * 200
    t0 = time.perf_counter()
    with pressing_ctrl_c(**({"press": raise_sigint} if signal else {})), pytest.raises(KeyboardInterrupt):
        ofc.review(recs, budget=400, seed=1, workers=workers)
    assert time.perf_counter() - t0 < 5
    assert ofc.review(recs[:1], budget=20, seed=1) == ofc.review(recs[:1], budget=20, seed=1)


# --- ofc-fast review ------------------------------------------------------------------------

class _Ran(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> _Ran:
    code = main(["review", *args])
    out, err = capsys.readouterr()
    return _Ran(code, out, err)


@pytest.mark.slow   # a new interpreter and tqdm: seconds
def test_cli_runs_as_a_program(tmp_path: Path) -> None:
    hands = tmp_path / "hands.ofc"
    ofc.write_histories(_hands(1, seed=10), hands)
    # the package these tests import (an in-place build, or the installed one in CI), run from
    # outside the checkout, whose unbuilt source folder would hide the installed package
    env = {**os.environ, "PYTHONPATH": str(Path(ofc.__file__).resolve().parents[1])}
    ran = subprocess.run([sys.executable, "-m", "ofc_fast", "review", str(hands), "--budget", "10", "--top", "1",
                          "--progress"], capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert "played" in ran.stdout and "hand/s" in ran.stderr     # the tqdm bar


def test_cli_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = tmp_path / "hands.ofc"
    ofc.write_histories(_hands(1, seed=10), hands)
    out = _cli(capsys, str(hands), "--budget", "20", "--top", "2", "--json", str(tmp_path / "r.json"), "--csv",
               str(tmp_path / "r.csv"), "--plot", str(tmp_path / "r.png"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("played") == 2 and "per player" in out.stdout and "lost" in out.stdout
    data = json.loads((tmp_path / "r.json").read_text())
    want = ofc.review(str(hands), budget=20)
    assert [d["loss"] for d in data["decisions"]] == want.losses.tolist()
    assert (tmp_path / "r.csv").read_text().count("\n") == 1 + len(want.decisions)
    assert (tmp_path / "r.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    js = _cli(capsys, str(hands), "--budget", "20", "--json", "-")
    assert js.returncode == 0 and json.loads(js.stdout)["settings"]["budget"] == 20


def test_cli_checks_outputs_before_the_work_and_skips_bad_hands(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    hands = tmp_path / "hands.ofc"
    ofc.write_histories(_hands(2, seed=10), hands)
    for flag in ("--json", "--csv", "--plot"):
        bad = _cli(capsys, str(hands), flag, str(tmp_path / "nowhere" / "x.out"))
        assert bad.returncode == 2 and "no folder" in bad.stderr and flag in bad.stderr
        assert bad.stdout == ""                 # nothing reviewed
    text = hands.read_text()
    (tmp_path / "bad.ofc").write_text(text.replace("scores = [", "scores = [1, -1] #", 1))
    skip = _cli(capsys, str(tmp_path / "bad.ofc"), "--budget", "20", "--skip-bad")
    assert skip.returncode == 1 and "skipped" in skip.stderr and "hand 1" in skip.stderr
    assert "1 hands" in skip.stdout
    stop = _cli(capsys, str(tmp_path / "bad.ofc"), "--budget", "20")
    assert stop.returncode == 2 and "do not match" in stop.stderr


def test_the_docs_examples() -> None:
    """docs/REVIEW.md's example gives what it shows."""
    import doctest
    path = ROOT / "docs" / "REVIEW.md"
    if not path.is_file():
        pytest.skip("source tree only")
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0
