"""The README's examples and every docstring example run and give what they show."""
import doctest
import importlib
import inspect
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
MODULES = ["ofc_fast", "ofc_fast.hand.cards", "ofc_fast.hand.strength", "ofc_fast.hand.subsets",
           "ofc_fast.hand.compat", "ofc_fast.hand.bad_rows", "ofc_fast.board.geometry",
           "ofc_fast.board.rules", "ofc_fast.board.boards", "ofc_fast.board.rows",
           "ofc_fast.board.partial", "ofc_fast.board.points", "ofc_fast.board.match",
           "ofc_fast.solve.fantasyland", "ofc_fast.play.dealing", "ofc_fast.play.game", "ofc_fast.play.history",
           "ofc_fast.sim.rollout", "ofc_fast.sim.selfplay", "ofc_fast.sim.distributed",
           "ofc_fast.rl.vecenv", "ofc_fast.rl.gym", "ofc_fast.rl.pettingzoo", "ofc_fast.rl.agents"]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _home(cls):
    """The module whose code defines a public class (its __module__ is "ofc_fast")."""
    for f in vars(cls).values():
        f = getattr(f, "fget", getattr(f, "__func__", f))
        g = getattr(inspect.unwrap(f), "__globals__", None) if callable(f) else None
        if g is not None and g.get("__name__", "").startswith("ofc_fast."):
            return g["__name__"]
    return "ofc_fast"


class _LayerFinder(doctest.DocTestFinder):
    """Finds a public class's examples in the module that defines it, not in ofc_fast."""

    def _from_module(self, module, object):
        if inspect.isclass(object) and object.__module__ == "ofc_fast":
            return _home(object) == module.__name__
        return super()._from_module(module, object)


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False, optionflags=FLAGS)
    assert result.attempted >= 30, "the README lost its examples"
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = _run(module)
    assert result.attempted > 0, f"{name} has no runnable examples"
    assert result.failed == 0


def _run(module):
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in _LayerFinder().find(module, module.__name__):
        runner.run(test)
    return runner.summarize(verbose=False)
