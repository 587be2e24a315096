"""The command line's reliability fixes and newcomer frictions (issue 16): bounded reads of
fantasyland --file and --rules-file, counts of 0 refused, checks before any run, progress,
policy and rules choices, boards printed as rows, help text, bench/cli.py errors."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from interrupts import cpu_seconds

import ofc_fast as ofc
from ofc_fast.cli import main
from ofc_fast.play.game import POLICIES

HAND14 = "As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd"
EMPTY2 = ["-- / -- / --", "-- / -- / --"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- defect 5, 12: bounded, streamed reads ------------------------------------------

@pytest.mark.parametrize("flag", ["--file", "--rules-file"])
def test_dev_zero_fails_fast(capsys: pytest.CaptureFixture[str], flag: str) -> None:
    argv = ["fantasyland", HAND14, flag, "/dev/zero"]
    t0_cpu = cpu_seconds()
    code, out, err = run(capsys, *argv)
    assert code == 2 and cpu_seconds() - t0_cpu < 5
    assert err.startswith("ofc-fast: error: /dev/zero") and "longer than" in err and err.count("\n") == 1


@pytest.mark.parametrize("flag", ["--file", "--rules-file"])
def test_huge_whitespace_file_fails_fast(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         flag: str) -> None:
    path = tmp_path / "blank.txt"
    path.write_bytes(b" " * (3 << 20))
    code, out, err = run(capsys, "fantasyland", HAND14, flag, str(path))
    assert code == 2 and "longer than 1048576 bytes" in err and str(path) in err


def test_rules_file_bounded_for_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["simulate", "--hands", "10"], ["rollout", *EMPTY2, "-n", "10"],
                 ["score", "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"]):
        code, _, err = run(capsys, *argv, "--rules-file", "/dev/zero")
        assert code == 2 and "/dev/zero: longer than" in err


def test_fantasyland_file_not_utf8_names_file_and_line(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(HAND14.encode() + b"\n# fine\n\xff\xfe bad\n")
    code, out, err = run(capsys, "fantasyland", "--file", str(path))
    assert code == 2
    assert f"{path}, line 3: not UTF-8 text" in err and "byte 0xff at column 1" in err


def test_fantasyland_streams(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Output of the hands before a bad one is written; a JSON list stays valid."""
    from ofc_fast.cli.scoring import FANTASYLAND_CHUNK
    path = tmp_path / "hands.txt"
    path.write_text(f"{HAND14}\n" * FANTASYLAND_CHUNK + "Zz\n", encoding="utf-8")
    code, out, err = run(capsys, "fantasyland", "--file", str(path), "--json")
    assert code == 2 and f"{path}, line {FANTASYLAND_CHUNK + 1}: " in err and "Zz" in err
    assert len(json.loads(out)) == FANTASYLAND_CHUNK
    code, out, err = run(capsys, "fantasyland", "--file", str(path))
    assert code == 2 and out.count("line ") == FANTASYLAND_CHUNK


def test_fantasyland_progress(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    code, _, err = run(capsys, "fantasyland", HAND14, HAND14, "--progress")
    assert code == 0 and "fantasyland" in err and "100%" in err


# --- defect 11, friction 7: refused before any work ----------------------------------

@pytest.mark.parametrize("argv", [["simulate", "--hands", "0"], ["simulate", "--hands", "-3"],
                                  ["rollout", *EMPTY2, "-n", "0"]])
def test_counts_of_zero_refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "is 1 or more" in capsys.readouterr().err


def test_top_needs_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rollout", *EMPTY2, "--top", "3", "-n", "10")
    assert code == 2 and out == "" and "--top ranks the placements of --hand" in err


def test_players_checked_before_the_bar(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--players", "5", "--progress", "--hands", "10")
    assert code == 2 and out == ""
    assert err == "ofc-fast: error: pineapple is played by 2 to 3 players, not 5\n"


def test_plot_checked_before_the_run(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import ofc_fast.sim.selfplay as selfplay
    monkeypatch.setitem(sys.modules, "matplotlib", None)        # not installed

    def no_run(*args: object, **kwargs: object) -> None:
        raise AssertionError("simulate ran before the plot check")
    monkeypatch.setattr(selfplay, "simulate", no_run)
    code, out, err = run(capsys, "simulate", "--hands", "10", "--plot", str(tmp_path / "p.png"))
    assert code == 2 and "--plot needs matplotlib" in err and "pip install '.[plot]'" in err


def test_plot_draws_each_seat(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "points.png"
    code, out, _ = run(capsys, "simulate", "--hands", "3000", "--players", "3", "--plot", str(png),
                       "--no-progress")
    assert code == 0 and png.read_bytes()[:4] == b"\x89PNG"


# --- friction 1, 2: progress, policy, rows ----------------------------------------------

def test_simulate_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    code, _, err = run(capsys, "simulate", "--hands", "2000", "--progress")
    assert code == 0 and "pineapple x2 random" in err and "2.00k/2.00k" in err
    code, _, err = run(capsys, "simulate", "--hands", "2000")        # stderr is not a terminal
    assert code == 0 and err == ""


@pytest.mark.parametrize("workers", ["1", "2"])
def test_rollout_hand_progress_bar_reaches_its_total(capsys: pytest.CaptureFixture[str], workers: str) -> None:
    """--hand: the bar counts n completions for each legal placement, and ends at that total."""
    pytest.importorskip("tqdm")
    hand = "Ah Ad 7c 8c 9c"
    total = 4 * len(ofc.evaluate_placements((EMPTY2, hand), n=1, seed=0).codes)     # 4 x 232: under 1k
    code, _, err = run(capsys, "rollout", *EMPTY2, "--hand", hand, "-n", "4", "--workers", workers, "--progress")
    last = err.replace("\r", "\n").strip().splitlines()[-1]
    assert code == 0 and last.startswith("placements: 100%") and f"| {total}/{total} [" in last, last


def test_rollout_says_the_policy_and_prints_rows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rollout", "Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad",
                       "-n", "200")
    assert code == 0 and out.splitlines()[0].startswith("200 completions of the boards, filled by "
                                                       "policy heuristic: every legal placement")
    code, out, _ = run(capsys, "rollout", "Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad",
                       "-n", "200", "--policy", "random")
    assert "fouls most boards" in out.splitlines()[0]
    code, out, _ = run(capsys, "rollout", "Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad",
                       "-n", "4", "--policy", "Greedy")
    assert code == 0 and "policy greedy" in out.splitlines()[0]
    code, out, _ = run(capsys, "rollout", *EMPTY2, "--hand", "Ah Ad 7c 8c 9c", "-n", "20",
                       "--top", "3", "--policy", "Heuristic")
    lines = out.splitlines()
    assert "policy heuristic" in lines[0] and len(lines) == 4
    for line in lines[1:]:
        board = line.strip().split(":")[0]
        assert board.count(" / ") == 2 and [len(r.split()) for r in board.split(" / ")] == [3, 5, 5]


def test_house_rules_policies_and_rules_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "simulate", "--rules", "progressive_keep", "--hands", "50", "--json")
    want = ofc.simulate(ofc.HOUSE_RULES["progressive_keep"], 2, 50, seed=0)
    assert code == 0 and json.loads(out)["mean"] == want.mean.tolist()
    path = tmp_path / "club.json"
    path.write_text('{"preset": "progressive_keep", "scoop_bonus": 5}', encoding="utf-8")
    club = ofc.Rules.from_dict({**ofc.HOUSE_RULES["progressive_keep"].to_dict(), "name": "club",
                                "scoop_bonus": 5})
    code, out, _ = run(capsys, "simulate", "--rules-file", str(path), "--hands", "50", "--json")
    assert code == 0 and json.loads(out)["mean"] == ofc.simulate(club, 2, 50, seed=0).mean.tolist()
    boards = ["Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad"]
    code, out, _ = run(capsys, "rollout", *boards, "--rules-file", str(path), "-n", "300", "--json")
    assert code == 0
    assert [r["mean"] for r in json.loads(out)] == ofc.rollout(boards, club, n=300, seed=0).mean.tolist()
    with pytest.raises(SystemExit):
        main(["simulate", "--policy", "smart"])
    err = capsys.readouterr().err
    assert "unknown policy 'smart': one of " + ", ".join(POLICIES) in err


# --- friction 7, 9: help and eval ---------------------------------------------------------

def test_help_texts(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "130 interrupted" in capsys.readouterr().out
    for command in ("simulate", "rollout"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        assert "(default: 0)" in text and "--rules-file" in text and "--progress" in text
        assert all(name in text for name in POLICIES)


def test_eval_names_a_hand_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", "Qh Qd 5c 5d 2s", "As Ks Qs Js Ts", "Ah Kd 2c")
    lines = out.splitlines()
    assert "Two pair: Two pair" not in out and "Royal flush: Royal flush" not in out
    assert lines[0].startswith("Qh Qd 5c 5d 2s: strength 5108, Two pair, Queens and Fives")
    assert lines[2].startswith("Ah Kd 2c: strength 1389, High card: Ace high")


# --- friction 5: bench/cli.py shows the real error -----------------------------------------

def test_bench_cli_shows_the_import_error(tmp_path: Path) -> None:
    bench = Path(__file__).resolve().parent.parent / "bench" / "cli.py"
    env = {"PATH": "/usr/bin:/bin"}
    probe = subprocess.run([sys.executable, "-c", "import ofc_fast"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=120)
    if "No module named 'ofc_fast'" not in probe.stderr:   # installed (or a sanitizer build)
        pytest.skip("ofc_fast imports in this interpreter: there is no import error to show")
    proc = subprocess.run([sys.executable, str(bench), "--deals", "5", "--repeat", "1"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0
    assert "CalledProcessError" not in proc.stderr
    assert "No module named 'ofc_fast'" in proc.stderr


# --- issue 30, point 6: simulate --histories, a dataset of the hands played ---------------

@pytest.mark.parametrize("policy", list(POLICIES))
def test_simulate_histories_are_the_hands_summarised(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     policy: str) -> None:
    path = tmp_path / "hands.ofc"
    n = 6 if policy == "lookahead" else 30
    code, out, err = run(capsys, "simulate", "--players", "3", "--hands", str(n), "--policy", policy,
                         "--seed", "5", "--json", "--histories", str(path))
    assert code == 0 and err == ""
    summary = json.loads(out)
    recs = list(ofc.read_histories(path))          # read back, every hand checked by the engine
    assert [r.meta for r in recs] == [{}] * n and summary["hands"] == n
    points = [sum(r.scores[p] for r in recs) for p in range(3)]
    assert [round(m * n) for m in summary["mean"]] == points and any(points)
    assert all(r.rules.name == "pineapple" and r.players == 3 and not any(r.fantasyland) for r in recs)
    assert [r.button for r in recs] == [i % 3 for i in range(n)]   # the button goes round, as in self-play


def test_simulate_histories_deal_the_self_play_hands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # the deals are self-play's: with a policy that draws no random numbers the hands are the same
    plain = ofc.simulate("pineapple", 2, 40, policy="heuristic", seed=9)
    code, out, _ = run(capsys, "simulate", "--hands", "40", "--policy", "heuristic", "--seed", "9",
                       "--json", "--histories", str(tmp_path / "h.ofc"))
    assert code == 0 and json.loads(out)["mean"] == plain.mean.tolist()
    recs = list(ofc.read_histories(tmp_path / "h.ofc"))
    deals = ofc.deal(40, "pineapple", 2, seed=9, street=0)
    assert [list(r.turns[0].dealt) for r in recs] == deals[:, 0].tolist()


def test_simulate_histories_progress_and_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("tqdm")
    code, _, err = run(capsys, "simulate", "--hands", "20", "--progress", "--histories", str(tmp_path / "a"))
    assert code == 0 and "20.0/20.0" in err
    code, out, err = run(capsys, "simulate", "--hands", "5", "--histories", "-")
    assert code == 2 and out == "" and "--histories -" in err
    code, out, err = run(capsys, "simulate", "--hands", "5", "--histories", str(tmp_path / "no" / "h.ofc"))
    assert code == 2 and out == "" and "h.ofc" in err


def test_summarise_hands_is_simulate_of_the_same_hands() -> None:
    # heuristic draws no random numbers, so Game plays self-play's hands move for move
    from ofc_fast.cli.play import hand_game
    from ofc_fast.sim.selfplay import summarise_hands
    rules = ofc.get_rules("progressive")
    games = [hand_game(rules, 3, 11, i) for i in range(60)]
    for g in games:
        g.play_hand("heuristic")
    got = summarise_hands(rules, 3, ((g.scores, g.royalties, g.fouled, g.next_fantasyland) for g in games),
                          policy="heuristic")
    want = ofc.simulate(rules, 3, 60, policy="heuristic", seed=11)
    for field in ("sums", "points_hist", "royalty_hist", "fantasyland_split", "mean", "stderr"):
        assert np.array_equal(getattr(got, field), getattr(want, field)), field
    assert got.policy == want.policy and got.rules == want.rules and got.sums[:, 3].any()


# --- issue 30, point 3: show --history FILE of hand histories, --skip-bad --------------------

def _hand_file(tmp_path: Path) -> tuple[Path, list[ofc.Game]]:
    """Four hands; the 2nd with scores that do not match, the 3rd's actions with no closing ]."""
    games = [ofc.Game("pineapple", 2, seed=s) for s in range(4)]
    for g in games:
        g.play_hand("heuristic")
    texts = [ofc.write_histories([g]).replace("[1]", f"[{k + 1}]") for k, g in enumerate(games)]
    texts[1] = texts[1].replace("scores = [", "scores = [100, -100] # ")
    texts[2] = texts[2].replace("\n]\n", "\n")
    path = tmp_path / "hands.ofc"
    path.write_text("".join(texts), encoding="utf-8")
    return path, games


def test_show_history_file_draws_every_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    games = [ofc.Game("original", 3, seed=s) for s in range(3)]
    for g in games:
        g.play_hand("greedy")
    path = tmp_path / "h.ofc"
    ofc.write_histories(games, path)
    html = tmp_path / "h.html"
    code, out, err = run(capsys, "show", "--history", str(path), "--ascii", "--html", str(html))
    assert code == 0 and err == ""
    for k, g in enumerate(games, 1):
        assert f"hand {k}\n" in out
        assert ofc.Game.replay(next(iter(ofc.read_histories(ofc.write_histories([g]))))).draw(symbols=False) in out
    assert html.read_text(encoding="utf-8").count("<svg") >= 3


def test_show_history_stops_at_the_first_bad_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, _ = _hand_file(tmp_path)
    code, out, err = run(capsys, "show", "--history", str(path))
    assert code == 2 and "hand 1\n" in out and "hand 2\n" not in out
    assert err.startswith(f"ofc-fast: error: {path}: hand 2, line ") and "do not match the boards" in err
    assert err.count("\n") == 1


def test_show_history_skip_bad_names_each_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, games = _hand_file(tmp_path)
    code, out, err = run(capsys, "show", "--history", str(path), "--skip-bad")
    assert code == 1
    skips = [line for line in err.splitlines() if line.startswith(f"ofc-fast: skipped {path}")]
    assert len(skips) == 2, err          # hand 3's actions run into its scores; hand 4 reads again
    assert f"{path}: hand 2, line " in skips[0] and "do not match the boards" in skips[0]
    assert f"{path}: hand 3, line " in skips[1]
    assert "an action is a quoted string" in skips[1]
    assert err.splitlines()[-1] == "ofc-fast: skipped 2 of 4 hands"
    assert out.startswith("hand 1\n") and "\nhand 4\n" in out and "hand 2" not in out and "hand 3" not in out
    four = ofc.Game.replay(next(iter(ofc.read_histories(ofc.write_histories([games[3]])))))
    assert out.endswith(four.draw() + "\n")      # drawn as it was played: nothing repaired
    # stdin reads the same
    import io as _io
    import sys as _sys
    old = _sys.stdin
    _sys.stdin = _io.StringIO(path.read_text(encoding="utf-8"))
    try:
        code, out2, err2 = run(capsys, "show", "--history", "-", "--skip-bad")
    finally:
        _sys.stdin = old
    assert code == 1 and out2 == out and "ofc-fast: skipped <stdin>: hand 2" in err2


def test_show_skip_bad_needs_a_hand_history_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    g = ofc.Game("pineapple", 2, seed=1)
    g.play_hand()
    path = tmp_path / "g.json"
    path.write_text(g.to_json(), encoding="utf-8")
    for argv in (["--history", str(path), "--skip-bad"], [EMPTY2[0], "--skip-bad"]):
        code, out, err = run(capsys, "show", *argv)
        assert code == 2 and out == "" and "--skip-bad skips the bad hands" in err
    code, out, _ = run(capsys, "show", "--history", str(path))
    assert code == 0 and out == g.draw() + "\n"
