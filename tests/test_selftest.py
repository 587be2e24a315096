"""The user's self-test, ``python -m ofc_fast.test``: it passes on this build, fails (and
says which check) on a wrong answer, and docs/INSTALL.md's examples run."""
from __future__ import annotations

import doctest
import io
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from ofc_fast import test as selftest

INSTALL = Path(__file__).resolve().parent.parent / "docs" / "INSTALL.md"


def test_the_self_test_passes_from_the_command_line() -> None:
    """In a fresh interpreter, from a folder without the checkout: exit status 0 and a line a
    check, then the summary."""
    r = subprocess.run([sys.executable, "-m", "ofc_fast.test"], capture_output=True, text=True, timeout=300,
                       cwd=tempfile.gettempdir(), env=_env())
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("ofc_fast ")
    assert [line.split(None, 1)[1].split(":")[0] for line in lines[1:-1]] == [name for name, _ in selftest.CHECKS]
    assert all(line.startswith("  ok ") for line in lines[1:-1]), r.stdout
    assert lines[-1].startswith(f"all {len(selftest.CHECKS)} checks passed in "), r.stdout
    quiet = subprocess.run([sys.executable, "-m", "ofc_fast.test", "-q"], capture_output=True, text=True,
                           timeout=300, cwd=tempfile.gettempdir(), env=_env())
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", "")


def _env() -> dict[str, str]:
    """This process's environment with the imported ofc_fast first on the path (an in-place
    build of the checkout, or the installed package)."""
    import os

    import ofc_fast
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(Path(ofc_fast.__file__).parent.parent), env.get("PYTHONPATH", "")])
    return env


@pytest.mark.parametrize("pin, value", [("SELFPLAY_SUMS", [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]),
                                        ("ROLLOUT_SUMS", [[1, 0, 0, 0, 0], [-1, 0, 0, 0, 0]]),
                                        ("FANTASYLAND_ROYALTIES", (9, 20, 26)),
                                        ("FIVE_CARD_COUNTS", [0] * 10)])
def test_a_wrong_answer_fails_and_names_its_check(monkeypatch: pytest.MonkeyPatch, pin: str, value: object) -> None:
    """A build whose answer differs from a pinned one fails that check (the others still run
    and pass), says what it got, and main() exits 1."""
    monkeypatch.setattr(selftest, pin, value)
    out = io.StringIO()
    assert selftest.run(stream=out) is False
    text = out.getvalue()
    failed = [line for line in text.splitlines() if line.startswith("  FAIL ")]
    assert len(failed) == 1, text
    assert "expected" in failed[0] and str(value) in failed[0], failed[0]
    assert text.splitlines()[-1].startswith(f"1 of {len(selftest.CHECKS)} checks failed"), text
    assert selftest.main(["-q"]) == 1


def test_a_crash_in_a_check_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check that raises something other than AssertionError (a broken build) fails too."""
    def broken() -> str:
        raise RuntimeError("the core is broken")
    monkeypatch.setattr(selftest, "CHECKS", [("broken", broken), *selftest.CHECKS[:1]])
    out = io.StringIO()
    assert selftest.run(stream=out) is False
    assert "  FAIL broken: RuntimeError: the core is broken" in out.getvalue()


def test_install_page_examples() -> None:
    result = doctest.testfile(str(INSTALL), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 2, "docs/INSTALL.md lost its examples"
    assert result.failed == 0
