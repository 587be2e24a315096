"""The ``ofc-fast`` command line: the top layer, over the public API.

``main`` is the entry point; the commands and their parser are in
``commands`` (hands and boards) and ``play`` (simulate, rollout), the
readers and writers of deals in ``io``.
"""
from .commands import cmd_analyze, cmd_eval, cmd_score, load_rules_file, main

__all__ = ["main", "load_rules_file", "cmd_eval", "cmd_score", "cmd_analyze"]
