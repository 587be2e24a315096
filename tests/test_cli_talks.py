"""A command line that talks (issue 32): progress lines that reach a log, an estimate of long
runs, output paths checked before the work, file errors in the CLI's words, score --json,
rollout --plot, simulate --against, analyze's stays, a light --version."""
from __future__ import annotations

import doctest
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ofc_fast as ofc
import ofc_fast.cli.options as options
from ofc_fast.cli import main

EMPTY2 = ["-- / -- / --", "-- / -- / --"]
QQ = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"
TT = "Ah Jd 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"
TRIPS = "Qh Qd Qc / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"     # trips on top: stays in Fantasyland
AA = "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def talkative(monkeypatch: pytest.MonkeyPatch) -> None:
    """Progress lines from the first update on (a short test run is a long run in miniature)."""
    monkeypatch.setattr(options, "PROGRESS_FIRST", 0.0)
    monkeypatch.setattr(options, "PROGRESS_GAP", 0.0)


# --- progress that reaches a log -------------------------------------------------------

def test_progress_lines_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str],
                                                      talkative: None) -> None:
    code, out, err = run(capsys, "simulate", "--hands", "2000")     # capsys: not a terminal
    lines = err.splitlines()
    assert code == 0 and out.startswith("2000 hands")
    assert lines and all(line.startswith("ofc-fast: pineapple x2 random: ") for line in lines), err
    assert "of 2,000 hands" in lines[0] and lines[-1].endswith("s") and "done, 2,000 hands" in lines[-1]
    assert "\r" not in err                                          # lines, not a bar


@pytest.mark.parametrize("flag", ["--quiet", "-q", "--no-progress"])
def test_quiet_silences_progress(capsys: pytest.CaptureFixture[str], talkative: None, flag: str) -> None:
    code, out, err = run(capsys, "simulate", "--hands", "2000", flag)
    assert code == 0 and out and err == ""


def test_short_runs_stay_silent_in_a_log(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rollout", *EMPTY2, "-n", "50")
    assert code == 0 and err == ""


def test_rollout_progress_lines(capsys: pytest.CaptureFixture[str], talkative: None) -> None:
    code, _, err = run(capsys, "rollout", *EMPTY2, "--hand", "Ah Ad 7c 8c 9c", "-n", "3")
    assert code == 0 and "ofc-fast: placements: " in err and "games" in err and "done" in err


def test_analyze_reports_progress(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                  talkative: None) -> None:
    path = tmp_path / "deals.txt"
    path.write_text(f"{QQ} ; {TT}\n" * 300, encoding="utf-8")
    code, out, err = run(capsys, "analyze", str(path))
    assert code == 0 and len(out.splitlines()) == 1 + 600
    assert "ofc-fast: analyze: 300 deals in" in err and "done, 300 deals" in err
    code, _, err = run(capsys, "analyze", str(path), "--quiet")
    assert code == 0 and err == ""


BEST = ["best", *EMPTY2, "--hand", "Ah Ad 7c 8c 9c", "--budget", "2000", "--top", "3"]


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_best_progress_lines(capsys: pytest.CaptureFixture[str], talkative: None, json_flag: list[str]) -> None:
    """best reports its search's completions as the other long commands do, stdout unchanged;
    -q silences it."""
    code, out, err = run(capsys, *BEST, *json_flag)
    lines = err.splitlines()
    assert code == 0 and lines and all(line.startswith("ofc-fast: best: ") for line in lines), err
    assert "of 2,000 completions" in lines[0] and lines[-1].startswith("ofc-fast: best: done, 2,000 completions")
    code, quiet, err = run(capsys, *BEST, *json_flag, "-q")
    assert code == 0 and err == ""
    # the same output, but for the time it took
    if json_flag:
        assert {**json.loads(out), "seconds": 0} == {**json.loads(quiet), "seconds": 0}
    else:
        assert out.split(" ms,")[1] == quiet.split(" ms,")[1] and out.startswith("best move for")


def test_best_estimate_and_its_time_limit(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """An estimate before a long search, capped by --seconds (the search stops there)."""
    monkeypatch.setattr(options, "ESTIMATE_AFTER", 0.0)
    monkeypatch.setattr(options, "ESTIMATE_WARN", 0.0)
    code, _, err = run(capsys, *BEST, "--no-progress")
    assert code == 0 and err.count("\n") == 1
    assert err.startswith("ofc-fast: best: about ") and "s for 2,000 completions (timed on the first" in err
    code, _, err = run(capsys, *BEST, "--quiet")
    assert code == 0 and err == ""
    monkeypatch.setattr(options, "ESTIMATE_WARN", 20.0)
    p = options.Progress(1000, "completion", "best", None, lines=False, limit=30.0)
    p.start -= 1.0                      # the first completion took a second: 1,000 s in all
    p.update(1)
    err = capsys.readouterr().err
    assert err.startswith("ofc-fast: best: about 30 s, the time limit (1,000 completions would take about ")
    assert p._line(1.0).endswith("about 29 s left")


def test_estimate_of_a_long_run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The time of the whole work, from its first part, when it passes ESTIMATE_WARN."""
    monkeypatch.setattr(options, "ESTIMATE_AFTER", 0.0)
    monkeypatch.setattr(options, "ESTIMATE_WARN", 0.0)
    code, _, err = run(capsys, "simulate", "--hands", "20", "--policy", "heuristic", "--histories",
                       "/dev/null", "--no-progress")
    assert code == 0 and err.count("\n") == 1
    assert err.startswith("ofc-fast: pineapple x2 heuristic: about ") and "s for 20 hands (timed on the first" in err
    code, _, err = run(capsys, "simulate", "--hands", "20", "--policy", "heuristic", "--histories",
                       "/dev/null", "--quiet")
    assert code == 0 and err == ""


def test_progress_counts_updates_from_threads() -> None:
    import threading
    p = options.Progress(4000, "game", "t", None, lines=False)
    workers = [threading.Thread(target=lambda: [p.update(1) for _ in range(1000)]) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    p.close()
    assert p.done == 4000


# --- output paths checked before the work ----------------------------------------------

@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any simulation or rollout run fails the test: the check must come first."""
    import ofc_fast.sim.rollout as rollout
    import ofc_fast.sim.selfplay as selfplay

    def ran(*args: object, **kwargs: object) -> None:
        raise AssertionError("the work ran before the output paths were checked")
    for module, name in ((selfplay, "simulate"), (selfplay, "summarise_hands"), (rollout, "rollout"),
                         (rollout, "evaluate_placements")):
        monkeypatch.setattr(module, name, ran)


@pytest.mark.parametrize("argv, option", [
    (["simulate", "--hands", "10", "--plot"], "--plot"),
    (["simulate", "--hands", "10", "--histories"], "--histories"),
    (["rollout", *EMPTY2, "-n", "10", "--plot"], "--plot"),
    (["rollout", *EMPTY2, "--hand", "Ah Ad 7c 8c 9c", "-n", "10", "--plot"], "--plot"),
    (["show", QQ, "--svg"], "--svg"),
    (["show", QQ, "--html"], "--html"),
])
def test_output_paths_checked_before_the_work(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              no_work: None, argv: list[str], option: str) -> None:
    path = "/no/such/dir/p.png"
    code, out, err = run(capsys, *argv, path)
    assert code == 2 and out == ""
    assert err == f"ofc-fast: error: {option} {path}: no folder /no/such/dir to write it in\n"
    code, out, err = run(capsys, *argv, str(tmp_path))          # a folder, not a file
    assert code == 2 and out == "" and err == f"ofc-fast: error: {option} {tmp_path}: is a folder; give a file name\n"
    assert list(tmp_path.iterdir()) == []


# --- file errors in the CLI's own words -------------------------------------------------

@pytest.mark.parametrize("argv, want", [
    (["analyze", "nothere.txt"], "nothere.txt: no such file or folder"),
    (["analyze", "."], ".: is a folder, not a file"),
    (["fantasyland", "--file", "nothere.txt"], "nothere.txt: no such file or folder"),
    (["show", "--history", "nothere.json"], "nothere.json: no such file or folder"),
])
def test_file_errors_in_the_clis_words(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch, argv: list[str], want: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err == f"ofc-fast: error: {want}\n"
    assert "Errno" not in err


def test_file_error_in_a_subprocess(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "ofc_fast.cli", "analyze", "nothere.txt"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120,
                          env={**__import__("os").environ, "PYTHONPATH": str(Path(ofc.__file__).parents[1])})
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "ofc-fast: error: nothere.txt: no such file or folder\n"


# --- score --json, rollout --plot, simulate --against ------------------------------------

def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", QQ, TT, "--json")
    assert code == 0 and err == ""
    got = json.loads(out)
    deal = np.stack([ofc.parse_boards(QQ), ofc.parse_boards(TT)])
    a, points = ofc.analyze(deal, "pineapple"), ofc.score(deal, "pineapple")
    assert got["rules"] == "pineapple" and len(got["players"]) == 2
    for p, player in enumerate(got["players"]):
        assert player["board"] == str(ofc.Board(deal[p])) and player["points"] == int(points[p])
        assert player["fouled"] == bool(a.fouled[p]) and player["royalties"] == int(a.royalties[p].sum())
        assert player["fantasyland"] == int(a.fantasyland[p]) and player["stays"] is None
        assert [player["rows"][name]["strength"] for name in ofc.ROWS] == a.strength[p].tolist()
        assert [player["rows"][name]["royalties"] for name in ofc.ROWS] == a.royalties[p].tolist()
    assert got["players"][0]["rows"]["top"] == {"cards": "Qh Qd 2c", "strength": int(a.strength[0, 0]),
                                                "name": "Pair of Queens, Two kicker", "royalties": 7}
    code, out, _ = run(capsys, "score", TRIPS, AA, "--in-fantasyland", "1,0", "--json")
    assert code == 0 and [p["stays"] for p in json.loads(out)["players"]] == [True, None]


def test_rollout_plot_writes_a_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "r.png"
    code, out, _ = run(capsys, "rollout", "Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad",
                       "-n", "200", "--plot", str(png))
    assert code == 0 and out.startswith("200 completions") and png.read_bytes()[:4] == b"\x89PNG"
    png2 = tmp_path / "h.png"
    code, out, _ = run(capsys, "rollout", *EMPTY2, "--hand", "Ah Ad 7c 8c 9c", "-n", "4", "--top", "5",
                       "--plot", str(png2))
    assert code == 0 and png2.read_bytes()[:4] == b"\x89PNG"


def test_simulate_against(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "simulate", "--hands", "30", "--policy", "heuristic", "--against",
                         "random", "--json")
    res = json.loads(out)
    assert code == 0 and res["hands"] == 60 and res["seats"] == ["heuristic", "random"]
    assert res["policy"] == "heuristic vs random"
    assert res["mean"][0] == -res["mean"][1] and res["mean"][0] > 0       # heuristic beats random
    # duplicate play: each deal once per seat; the histories hold every hand played
    hist = tmp_path / "h.ofc"
    code, out, _ = run(capsys, "simulate", "--hands", "5", "--players", "3", "--policy", "heuristic",
                       "--against", "random", "--histories", str(hist))
    assert code == 0 and len(list(ofc.read_histories(str(hist)))) == 15
    assert "  heuristic: " in out and "  random (1): " in out and "  random (2): " in out


def test_simulate_against_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "vs.png"
    code, _, _ = run(capsys, "simulate", "--hands", "40", "--policy", "heuristic", "--against", "random",
                     "--plot", str(png), "-q")
    assert code == 0 and png.read_bytes()[:4] == b"\x89PNG"


# --- analyze: stays only for boards in Fantasyland ------------------------------------------

def test_analyze_stays_only_in_fantasyland(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "d.txt"
    path.write_text(f"*{TRIPS} ; {AA}\n{TRIPS} ; {AA}\n", encoding="utf-8")
    code, out, _ = run(capsys, "analyze", str(path), "--format", "jsonl")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["stays"] for r in rows] == [True, None, None, None]
    assert rows[2]["fantasyland"] > 0      # entering Fantasyland is its own column
    code, out, _ = run(capsys, "analyze", str(path))
    assert code == 0 and [line.split(",")[-2] for line in out.splitlines()[1:]] == ["True", "", "", ""]


# --- a light --version -----------------------------------------------------------------------

def test_version_loads_no_command_modules(tmp_path: Path) -> None:
    """--version prints at once: no parser, none of the commands' modules (the package's own
    import is the rest of its time)."""
    code = ("import sys\nfrom ofc_fast.cli import main\ntry: main(['--version'])\nexcept SystemExit: pass\n"
            "print(sorted(m for m in sys.modules if m in ('matplotlib', 'tqdm', 'ofc_fast.cli.play', "
            "'ofc_fast.cli.analysis', 'ofc_fast.cli.writer')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(Path(ofc.__file__).parents[1])})
    assert proc.returncode == 0 and proc.stdout == f"ofc-fast {ofc.__version__}\n[]\n", proc


HELP_ARGVS = [["--help"]] + [[command, "--help"] for command in (
    "eval", "score", "analyze", "fantasyland", "show", "review", "simulate", "rollout", "best")]


@pytest.mark.parametrize("argv", HELP_ARGVS, ids=" ".join)
def test_help_loads_no_numpy_nor_core(tmp_path: Path, argv: list[str]) -> None:
    """--help of ofc-fast and of each command builds the parser only: its choices (presets,
    policies, joker pools) come from light modules and the commands' modules load when they
    run, so neither numpy nor the compiled core is imported."""
    code = (f"import sys\nfrom ofc_fast.cli import main\ntry: main({argv!r})\n"
            "except SystemExit as e: print('exit', e.code)\n"
            "print(sorted(m for m in sys.modules if m == 'numpy' or m.startswith('ofc_fast._') "
            "and m not in ('ofc_fast._version', 'ofc_fast._legacy')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(Path(ofc.__file__).parents[1])})
    assert proc.returncode == 0 and proc.stderr == "", proc
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("usage: ofc-fast") and lines[-2:] == ["exit 0", "[]"], proc.stdout


def test_doctests_of_the_cli_helpers() -> None:
    import ofc_fast.cli.commands as commands
    for module in (options, commands):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_cli_page_examples() -> None:
    """docs/CLI.md's examples run and print what the page shows."""
    page = Path(__file__).resolve().parent.parent / "docs" / "CLI.md"
    result = doctest.testfile(str(page), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 5 and result.failed == 0
