"""Test-session setup: which ofc_fast the tests import.

The tests run against the installed package (``pip install .``).  Under
``python -m pytest`` the current folder comes first on ``sys.path``, so from a
checkout the source folder ``ofc_fast/`` would shadow the installed package;
when that folder holds no compiled extension (it was not built in place), the
checkout is taken off ``sys.path`` here, before any test imports ofc_fast.  An
in-place build (``python setup.py build_ext --inplace``) or an editable
install is used as it is.
"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import signal
import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent

# A runner started as a background job of a non-interactive shell inherits SIGINT
# ignored, and Python then raises no KeyboardInterrupt at all (interrupt_main does
# nothing): the Ctrl-C tests need Python's own handler, as in a terminal.
if signal.getsignal(signal.SIGINT) in (signal.SIG_IGN, signal.SIG_DFL):
    signal.signal(signal.SIGINT, signal.default_int_handler)


def _built_in_place() -> bool:
    return any((_ROOT / "ofc_fast" / f"_core{suffix}").exists()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def _is_root(entry: str) -> bool:
    try:
        return Path(entry or ".").resolve() == _ROOT
    except OSError:
        return False


if _built_in_place():
    # the tests' subprocesses (the CLI, fuzz targets, Ctrl-C runs) import this
    # same build, not whatever else is installed
    import os

    _paths = os.environ.get("PYTHONPATH", "")
    if str(_ROOT) not in _paths.split(os.pathsep):
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(_ROOT), _paths) if p)
else:
    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if not _is_root(p)]
    if importlib.util.find_spec("ofc_fast") is None:
        # not installed either: keep the checkout, whose import error says what to do
        sys.path[:] = saved
    else:
        for name in [m for m in sys.modules if m == "ofc_fast" or m.startswith("ofc_fast.")]:
            del sys.modules[name]

# the tests' shared helpers (engine_model, rss) import as top-level modules
# under --import-mode=importlib, which puts no test folder on sys.path
sys.path.insert(0, str(Path(__file__).resolve().parent))
