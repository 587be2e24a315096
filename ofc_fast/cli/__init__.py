"""The ``ofc-fast`` command line: the top layer, over the public API.

``main`` is the entry point (``commands``: the parser, ``eval``, ``score``,
``analyze`` and ``fantasyland``; ``play``: ``simulate`` and ``rollout``; ``review``:
``review``).
``analyze`` reads deals files with ``sources`` (opening, format sniffing,
bounded reads), ``fastlines`` (the array reader of deal lines),
``jsonstream`` (JSON one value at a time) and ``deals`` (chunks of deals),
evaluates them in ``analysis`` and writes rows with ``writer``.
"""
from .commands import cmd_analyze, cmd_eval, cmd_score, main
from .options import load_rules_file

__all__ = ["main", "load_rules_file", "cmd_eval", "cmd_score", "cmd_analyze"]
