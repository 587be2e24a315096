"""The module paths of ofc_fast 0.1.0, kept for one release after the layered tree.

``ofc_fast.engine`` is now ``ofc_fast.play.game``, ``ofc_fast.boards`` is
``ofc_fast.board.boards`` and so on (``OLD_PATHS``); the private bindings
``ofc_fast._fantasyland`` and ``ofc_fast._engine`` are ``ofc_fast._solve`` and
``ofc_fast._play`` (the partial-board bindings of ``_engine`` moved to
``_core``, self-play and rollouts to ``_sim``).  Each old path is the
same module object as its new home, so ``import ofc_fast.engine``,
``importlib.import_module("ofc_fast.rules")`` and pickles written by 0.1.0
(which name ``ofc_fast.rules.Rules``, ``ofc_fast.boards.Board``, ...) keep
working.  Old paths whose home is already imported by ``import ofc_fast``
are put in ``sys.modules`` at once; the others (the command line, the Dask
functions) are found on first import by ``_OldPathFinder``.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType
from typing import Final

# old module path -> its new home (both under ofc_fast)
OLD_PATHS: Final = {
    "cards": "hand.cards", "hands": "hand.strength", "subsets": "hand.subsets", "compat": "hand.compat",
    "rules": "board.rules", "boards": "board.boards", "rows": "board.rows", "partial": "board.partial",
    "deals": "board.points", "match": "board.match",
    "fantasyland": "solve.fantasyland",
    "deal": "play.dealing", "engine": "play.game",
    "rollout": "sim.rollout", "selfplay": "sim.selfplay", "distributed": "sim.distributed",
    "cli_play": "cli.play", "_cli_io": "cli.analysis",
    # the compiled bindings of 0.1.0 (private): one binding per layer now
    "_fantasyland": "_solve", "_engine": "_play",
}


class _OldPathFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``ofc_fast.<old path>`` not yet imported: its home module, loaded."""

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        package, _, old = fullname.partition(".")
        if package != "ofc_fast" or old not in OLD_PATHS:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module("ofc_fast." + OLD_PATHS[spec.name.partition(".")[2]])

    def exec_module(self, module: ModuleType) -> None:
        pass   # the home module ran when it was imported


def install() -> None:
    """Alias every old path whose home is imported; find the rest on demand."""
    for old, new in OLD_PATHS.items():
        home = sys.modules.get("ofc_fast." + new)
        if home is not None:
            sys.modules.setdefault("ofc_fast." + old, home)
    if not any(isinstance(f, _OldPathFinder) for f in sys.meta_path):
        sys.meta_path.append(_OldPathFinder())
