"""ofc_fast: fast, exact Open Face Chinese Poker evaluation.

Hand strength for 3- and 5-card rows on one scale, deuce-to-seven lowball,
royalties, fouls, Fantasyland and scoring for every preset variant (rules as
data), over numpy arrays with the GIL released.

>>> import ofc_fast as ofc
>>> ofc.cards("Ah Kd 2c").tolist()
[50, 45, 0]
>>> ofc.describe(ofc.strength("Qh Qd 5c"))
'Pair of Queens, Five kicker'
"""
import _thread
import importlib.util as _importlib_util
import os as _os
import sys as _sys
import types as _types
import typing as _typing

from . import _legacy
from ._version import __version__

# the compiled extension is looked for here, and imported (with numpy and every layer) on the
# first use of a public name: ofc_fast._api
if _importlib_util.find_spec(__name__ + "._core") is None:  # pragma: no cover - only from a source folder
    _here = _os.path.dirname(_os.path.abspath(__file__))
    if _os.path.exists(_os.path.join(_here, _os.pardir, "csrc", "ofc_fast.h")):
        _installed = None
        try:   # an installed copy that this source folder hides (sys.path puts "" first)
            from importlib.metadata import PackageNotFoundError, distribution

            _installed = distribution("ofc_fast").version
        except (ImportError, PackageNotFoundError):
            pass
        if _installed is not None:
            raise ImportError(
                f"the source folder {_here} hides the installed ofc_fast {_installed}, and it has no "
                "compiled extension: run from another folder (cd elsewhere) to use the installed "
                "one, or build this one in place (python setup.py build_ext --inplace)") from None
        raise ImportError(
            "you are importing ofc_fast from its source folder without its compiled extension; "
            "install it (pip install .) or build in place (python setup.py build_ext --inplace), "
            "or run from another folder") from None
    raise ImportError(f"ofc_fast's compiled extension {__name__}._core is missing: reinstall ofc_fast "
                      "(pip install --force-reinstall ofc_fast)")

if _typing.TYPE_CHECKING:   # the names as type checkers see them; loaded on first use below
    from ._api import *  # noqa: F403
# ruff: noqa: F405  (__all__ names what _api holds)

__all__ = [
    "EMPTY", "RANKS", "SUITS", "card", "card_str", "cards", "from_cactus", "to_cactus",
    "LOWBALL_MAX", "STRENGTH_MAX", "HandCategory", "category", "describe", "lowball27",
    "strength", "to_cactus_rank", "get_include", "get_sources", "__version__",
    "LOW", "ORIGINAL", "PINEAPPLE", "PRESETS", "PROGRESSIVE", "STAY_CONVENTIONS", "Rules",
    "get_rules", "HOUSE_RULES", "ROWS", "Analysis", "Board", "analyze", "parse_boards", "score", "score_matrix",
    "MatchResult", "play_match",
    "STRENGTH_TABLE_DTYPE", "ranks", "strength_table", "BestHand", "best_hand", "subset_strengths",
    "partial_strength", "royalty", "ScoreDetails", "find_duplicates", "score_details", "compat",
    "FantasylandArrays", "FantasylandResult", "solve_fantasyland",
]
__all__ += ["JOKERS", "FIVE_OF_A_KIND_MIN", "STRENGTH_FIVE_MAX"]   # decks with jokers
__all__ += ["partial", "deal", "Game", "POLICIES", "POLICY_PARAMS", "Policy", "Placements", "RolloutResult",
            "evaluate_placements", "rollout", "SimulationResult", "simulate"]
__all__ += ["FantasylandValueEstimate", "estimate_fantasyland_value"]
__all__ += ["HandRecord", "HistoryError", "read_histories", "records_from_json", "write_histories"]
__all__ += ["read_ofcenv_json", "write_ofcenv_json"]
__all__ += ["BestMove", "best_move"]
__all__ += ["Decision", "Review", "review"]


def get_include() -> str:
    """Folder holding ``ofc_fast.h`` (and the core's C sources), for C and Cython users.

    In an installed wheel this is the package's ``include`` folder; run from a
    source checkout (an in-place build or ``pip install -e .``) it is the
    checkout's ``csrc`` folder.

    >>> import os
    >>> os.path.exists(os.path.join(get_include(), "ofc_fast.h"))
    True
    """
    here = _os.path.dirname(_os.path.abspath(__file__))
    for folder in (_os.path.join(here, "include"), _os.path.join(_os.path.dirname(here), "csrc")):
        if _os.path.isfile(_os.path.join(folder, "ofc_fast.h")):
            return folder
    raise FileNotFoundError(f"ofc_fast.h is neither in {here}/include nor in a source checkout's "
                            f"csrc/: this installation of ofc_fast is incomplete")


def get_sources() -> list[str]:
    """Paths of the C core's sources, to compile into another extension (with
    ``-I get_include()``); each layer's sources are in its own folder under
    :func:`get_include`, and no two share a base name.

    >>> any(path.endswith("ofc_strength.c") for path in get_sources())
    True
    """
    inc = get_include()
    return sorted(_os.path.join(inc, layer, f)
                  for layer in sorted(_os.listdir(inc)) if _os.path.isdir(_os.path.join(inc, layer))
                  for f in _os.listdir(_os.path.join(inc, layer)) if f.endswith(".c"))


_loaded = False       # every public name is here
_loading = False      # this thread is loading them (a module the load runs may look one up)
_load_lock = _thread.RLock()   # another thread waits for the names, as it would for an import


def _load() -> None:
    """Import every public name (ofc_fast._api): the compiled core, numpy and every layer."""
    global _loaded, _loading
    with _load_lock:
        if _loaded or _loading:
            return
        _loading = True
        try:
            from . import _api
        finally:
            _loading = False
        names = globals()
        for name in __all__:
            if name not in names:
                names[name] = getattr(_api, name)
        # The public classes are reached as ofc_fast.<name>: that is their module for
        # repr, help and pickle (pickles of 0.1.0 name the old paths, see _legacy).
        for name in __all__:
            obj = names[name]
            if isinstance(obj, type) and obj.__module__.startswith("ofc_fast."):
                obj.__module__ = "ofc_fast"
        _legacy.install()
        _loaded = True


if not _typing.TYPE_CHECKING:    # type checkers see the names themselves (above)
    def __getattr__(name: str) -> object:
        """The public names load on first use (PEP 562): ``import ofc_fast`` stays quick.

        A private name loads nothing: ``from .. import _core`` in a module that the
        load runs then imports that submodule alone."""
        if not _loaded and not name.startswith("_"):
            _load()
            if name in globals():
                return globals()[name]
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        _load()
        return sorted(globals())

    class _Package(_types.ModuleType):
        """ofc_fast itself: importing an old module path of 0.1.0 whose name is now a public
        function (``import ofc_fast.deal``, ``ofc_fast.rollout``: _legacy) leaves the function."""

        def __setattr__(self, name: str, value: object) -> None:
            if isinstance(value, _types.ModuleType) and name in __all__:
                _load()
                if globals().get(name, value) is not value:
                    return
            super().__setattr__(name, value)

    _sys.modules[__name__].__class__ = _Package

_legacy.install()      # old module paths are found on first import
