"""The README's examples and every docstring example run and give what they show."""
import doctest
import importlib
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
MODULES = ["ofc_fast", "ofc_fast.cards", "ofc_fast.hands", "ofc_fast.rules", "ofc_fast.boards",
           "ofc_fast.match", "ofc_fast.fantasyland",
           "ofc_fast.subsets", "ofc_fast.rows", "ofc_fast.deals", "ofc_fast.compat",
           "ofc_fast.partial", "ofc_fast.deal", "ofc_fast.engine", "ofc_fast.rollout",
           "ofc_fast.selfplay", "ofc_fast.distributed"]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False, optionflags=FLAGS)
    assert result.attempted >= 30, "the README lost its examples"
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS)
    assert result.attempted > 0, f"{name} has no runnable examples"
    assert result.failed == 0
