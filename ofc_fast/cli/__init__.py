"""The ``ofc-fast`` command line: the top layer, over the public API.

``main`` is the entry point (``commands``: the parser, light: no numpy, no core;
the commands' modules load when they run: ``scoring``: ``eval``, ``score``, ``analyze`` and
``fantasyland``; ``show``: ``show``; ``play``: ``simulate``, ``rollout`` and ``best``;
``review``: ``review``).
``analyze`` reads deals files with ``sources`` (opening, format sniffing,
bounded reads), ``fastlines`` (the array reader of deal lines),
``jsonstream`` (JSON one value at a time) and ``deals`` (chunks of deals),
evaluates them in ``analysis`` and writes rows with ``writer``.
The commands load on first use: ``ofc-fast --version`` imports none of them.
"""
from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .options import load_rules_file
    from .scoring import cmd_analyze, cmd_eval, cmd_score

__all__ = ["main", "load_rules_file", "cmd_eval", "cmd_score", "cmd_analyze"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ofc-fast`` with ``argv`` (default: the command line); returns the exit status."""
    if list(sys.argv[1:] if argv is None else argv) == ["--version"]:
        from .._version import __version__
        print(f"ofc-fast {__version__}")        # no parser to build; argparse's exit status
        raise SystemExit(0)
    from .commands import main as run
    return run(argv)


def __getattr__(name: str) -> object:
    """``cmd_eval``, ``cmd_score``, ``cmd_analyze`` and ``load_rules_file``, imported on first use."""
    if name in ("cmd_eval", "cmd_score", "cmd_analyze"):
        from . import scoring
        return getattr(scoring, name)
    if name == "load_rules_file":
        from .options import load_rules_file
        return load_rules_file
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
