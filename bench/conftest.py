"""pytest-benchmark times one process: the project's ``-n auto`` (pyproject addopts, for the
tests) is turned off for ``pytest bench/`` (pytest-benchmark disables itself under xdist)."""
from __future__ import annotations

import pytest


def pytest_cmdline_main(config: pytest.Config) -> None:
    # runs before pytest-xdist's own hook (trylast), which starts the workers
    if getattr(config.option, "numprocesses", None):
        config.option.numprocesses = 0
