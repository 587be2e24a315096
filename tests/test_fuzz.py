"""The fuzz targets (tests/fuzz/fuzz_targets.py) run clean for a few seconds each.

* Each target runs in a subprocess under atheris (coverage-guided, ofc_fast's
  Python code instrumented) for ``FUZZ_RUNS`` inputs and must exit 0 with no
  crash file (a count of inputs, not a time: the same work on a fast machine
  and under a sanitizer on a loaded one).  Without atheris (a platform with no wheel) the script's random
  driver runs instead, and the test checks that it did.  The subprocesses run
  side by side, as many at a time as this process may use cores (each has a
  core of its own, as when they ran one after the other), started once for the
  module by a fixture; each target's test checks its own run.
* The same targets run in this process on fixed pseudo-random inputs (quick,
  deterministic, no atheris needed).
* The harness is not vacuous: with a deliberately wrong library function the
  targets do report a finding.

Longer runs: tests/fuzz/README.md.  Findings: tests/test_fuzz_regressions.py.
"""
from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
import zlib
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ofc_fast as ofc

SCRIPT = Path(__file__).resolve().parent / "fuzz" / "fuzz_targets.py"
TARGETS = ["text", "array", "values", "boards", "deals", "rules"]
FUZZ_RUNS = int(os.environ.get("OFC_FUZZ_RUNS", "300"))
HAS_ATHERIS = importlib.util.find_spec("atheris") is not None


def _load() -> ModuleType:
    """The targets module, imported without instrumentation (that happens in its main())."""
    spec = importlib.util.spec_from_file_location("ofc_fuzz_targets", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FT = _load()


def test_script_lists_every_target() -> None:
    assert sorted(FT.TARGETS) == sorted(TARGETS)
    proc = subprocess.run([sys.executable, str(SCRIPT), "--list"], capture_output=True, text=True,
                          timeout=60, cwd=SCRIPT.parent)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["targets:", *FT.TARGETS]


FuzzRun = tuple[subprocess.CompletedProcess[str], list[str]]


def _fuzz(target: str, tmp_path: Path) -> FuzzRun:
    """One target's run in a subprocess: the process and the names of its crash files."""
    cmd = [sys.executable, str(SCRIPT), target, f"-runs={FUZZ_RUNS}", "-seed=12345",
           f"-artifact_prefix={tmp_path}{os.sep}", "-rss_limit_mb=4096", "-timeout=20"]
    # cwd: outside the checkout, so the installed ofc_fast is fuzzed
    proc = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    crashes = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(("crash-", "oom-", "timeout-")))
    return proc, crashes


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:      # not on Linux
        return os.cpu_count() or 1


@pytest.fixture(scope="module")
def fuzz_runs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
              ) -> dict[str, Future[FuzzRun]]:
    """The run of every target this session tests, one subprocess per core at a time (a
    fuzzer works on one core: side by side, each fuzzes as long and as fast as alone)."""
    targets = [t for t in TARGETS if any(
        "fuzz_runs" in getattr(item, "fixturenames", ()) and getattr(item, "callspec", None) is not None
        and item.callspec.params.get("target") == t for item in request.session.items)]
    folders = {t: tmp_path_factory.mktemp(f"fuzz-{t}") for t in targets}
    with ThreadPoolExecutor(max_workers=max(1, min(_cores(), len(targets)))) as pool:
        futures = {t: pool.submit(_fuzz, t, folders[t]) for t in targets}
    return futures     # all done; a run's exception (a timeout) is raised in its own test


@pytest.mark.parametrize("target", TARGETS)
def test_fuzz_target_runs_clean(target: str, fuzz_runs: dict[str, Future[FuzzRun]]) -> None:
    proc, crashes = fuzz_runs[target].result()
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0 and not crashes, f"finding {crashes}:\n{out[-6000:]}"
    if HAS_ATHERIS:
        assert "instrumented" in out, out[-3000:]
        if "asan" not in os.environ.get("LD_PRELOAD", ""):   # a preloaded libasan hides atheris' coverage
            assert "cov:" in out, out[-3000:]
    else:
        assert "random driver" in out, out[-3000:]
    runs = int(out.split("Done ")[-1].split()[0])
    assert runs == FUZZ_RUNS, f"{runs} runs, not {FUZZ_RUNS}"


def _inputs(seed: int, count: int) -> list[bytes]:
    rng = random.Random(seed)
    return [bytes(rng.getrandbits(8) for _ in range(rng.choice([0, 1, 7, 40, 120, 400])))
            for _ in range(count)]


@pytest.mark.parametrize("target", TARGETS)
def test_fuzz_target_in_process(target: str) -> None:
    """Fixed pseudo-random inputs, run here: the contract holds (no exception escapes)."""
    fn = FT.TARGETS[target]
    for data in _inputs(zlib.crc32(target.encode()), 60 if target in ("deals", "rules") else 150):
        fn(data)


def test_harness_reports_a_wrong_strength(monkeypatch: pytest.MonkeyPatch) -> None:
    """A library that got one category wrong is caught by the text target."""
    real = ofc.strength

    def wrong(hands: object, *, workers: int = 1) -> object:
        out = real(hands, workers=workers)
        return out - 1 if isinstance(out, int) and out > 1 else out

    monkeypatch.setattr(ofc, "strength", wrong)
    with pytest.raises(AssertionError):
        for data in _inputs(1, 3000):
            FT.fuzz_text(data)


def test_harness_reports_a_wrong_score(monkeypatch: pytest.MonkeyPatch) -> None:
    real = ofc.score

    def wrong(deals: object, rules: object = ofc.PINEAPPLE, *, workers: int = 1) -> object:
        out = real(deals, rules, workers=workers)
        return np.zeros_like(out)

    monkeypatch.setattr(ofc, "score", wrong)
    with pytest.raises(AssertionError):
        for data in _inputs(2, 500):
            FT.fuzz_deals(data)


def test_harness_reports_an_unexpected_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only ValueError and TypeError are allowed; any other exception escapes the target."""
    def broken(*args: object, **kwargs: object) -> object:
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(ofc, "analyze", broken)
    with pytest.raises(IndexError):
        for data in _inputs(3, 200):
            FT.fuzz_boards(data)


def test_fallback_driver_replays_a_file(tmp_path: Path) -> None:
    """``python fuzz_targets.py TARGET FILE`` replays an input (how a finding is reproduced)."""
    sample = tmp_path / "input"
    sample.write_bytes(bytes(range(200)))
    proc = subprocess.run([sys.executable, str(SCRIPT), "boards", str(sample)], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Running: " + str(sample) in proc.stderr or "replayed" in proc.stderr
