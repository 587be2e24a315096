"""mypy --strict passes on the package and on tests/typing_check.py (the whole public API).

mypy runs in a subprocess from the repository root with the project's own
configuration (pyproject.toml: [tool.mypy] strict, files = ["ofc_fast",
"tests/typing_check.py"]).  A second run on a snippet with deliberate misuses
shows the check is not vacuous: the annotations do reject wrong calls.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _mypy(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("MYPYPATH", None)
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.slow   # 20 s; .ci/run's step 3 runs mypy itself
def test_mypy_strict_passes_on_package_and_typing_check() -> None:
    assert (ROOT / "tests" / "typing_check.py").is_file()
    proc = _mypy()
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert "Success: no issues found" in out
    # both the package and the typing check were checked
    assert int(out.split("in ")[-1].split()[0]) >= 2, out


def test_typing_check_covers_the_public_api() -> None:
    import ofc_fast

    text = (ROOT / "tests" / "typing_check.py").read_text()
    missing = [name for name in ofc_fast.__all__ if name not in text]
    assert not missing, f"typing_check.py does not use {missing}"


def test_mypy_rejects_misuse(tmp_path: Path) -> None:
    """The same annotations catch wrong calls (so a pass above means something)."""
    bad = tmp_path / "misuse.py"
    bad.write_text(textwrap.dedent("""
        import ofc_fast as ofc
        from ofc_fast import PINEAPPLE

        name: str = ofc.card("As")
        ofc.analyze("Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", 5)
        ofc.get_rules(None)
        PINEAPPLE.scoop_bonus = 1
        ofc.score([], workers="all")
    """))
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nstrict = True\n")
    # run from the repository root: the checkout's ofc_fast is the one checked
    proc = _mypy("--config-file", str(config), str(bad))
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    for line in (5, 6, 7, 8, 9):
        assert f"misuse.py:{line}: error" in out, out
    assert "Found 5 errors" in out, out
