"""The README's examples, every example of the documentation site's pages (docs/**/*.md)
and every docstring example run and give what they show."""
import doctest
import importlib
import inspect
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
# the site's Markdown pages (docs/, the guides under docs/guide/); BOTS.md and VARIANTS.md run in
# tests/test_sim_search.py and tests/test_board_rules_house.py
PAGES = sorted(p for p in (ROOT / "docs").rglob("*.md")
               if "_build" not in p.parts and "generated" not in p.parts and p.name not in ("BOTS.md", "VARIANTS.md"))
# the pages that teach by example (the others are prose, tables or generated)
WITH_EXAMPLES = {"getting-started.md", "hands.md", "boards.md", "variants.md", "jokers.md", "fantasyland.md",
                 "engine.md", "montecarlo.md", "histories.md", "rl.md"}
MODULES = ["ofc_fast", "ofc_fast.hand.cards", "ofc_fast.hand.strength", "ofc_fast.hand.subsets",
           "ofc_fast.hand.compat", "ofc_fast.hand.bad_rows", "ofc_fast.board.geometry",
           "ofc_fast.board.rules", "ofc_fast.board.rule_names", "ofc_fast.board.boards", "ofc_fast.board.rows",
           "ofc_fast.board.partial", "ofc_fast.board.points", "ofc_fast.board.match",
           "ofc_fast.solve.fantasyland", "ofc_fast.play.dealing", "ofc_fast.play.game", "ofc_fast.play.policy_names",
           "ofc_fast.play.history",
           "ofc_fast.sim.rollout", "ofc_fast.sim.selfplay", "ofc_fast.sim.summary", "ofc_fast.sim.distributed",
           "ofc_fast.sim.review", "ofc_fast.rl.vecenv", "ofc_fast.rl.gym", "ofc_fast.rl.pettingzoo",
           "ofc_fast.rl.registration", "ofc_fast.rl.spaces", "ofc_fast.rl.agents"]
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


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_page_examples(page):
    result = doctest.testfile(str(page), module_relative=False, optionflags=FLAGS)
    if page.name in WITH_EXAMPLES:
        assert result.attempted > 0, f"{page} lost its examples"
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
