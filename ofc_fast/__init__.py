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
import os as _os

from ._version import __version__

try:
    from . import _core  # noqa: F401  (the compiled extension; everything below needs it)
except ImportError as _exc:  # pragma: no cover - only from a source folder
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
    raise

from .hand.cards import EMPTY, JOKERS, RANKS, SUITS, card, card_str, cards, from_cactus, to_cactus
from .hand.strength import (
    FIVE_OF_A_KIND_MIN,
    STRENGTH_FIVE_MAX,
    LOWBALL_MAX,
    STRENGTH_MAX,
    HandCategory,
    category,
    describe,
    lowball27,
    strength,
    to_cactus_rank,
)
from .board.rules import LOW, ORIGINAL, PINEAPPLE, PRESETS, PROGRESSIVE, STAY_CONVENTIONS, Rules, get_rules
from .board.rules import HOUSE_RULES
from .board.boards import ROWS, Analysis, Board, analyze, parse_boards, score, score_matrix
from .board.match import MatchResult, play_match
from .hand.strength import STRENGTH_TABLE_DTYPE, ranks, strength_table
from .hand.subsets import BestHand, best_hand, subset_strengths
from .board.rows import partial_strength, royalty
from .board.points import ScoreDetails, find_duplicates, score_details
from .hand import compat
from .solve.fantasyland import FantasylandArrays, FantasylandResult, solve_fantasyland
# play in progress: partial boards, dealing, the game engine, Monte Carlo, self-play
from .board import partial
from .play.dealing import deal
from .play.game import POLICIES, POLICY_PARAMS, Game, Policy
from .play.history import HandRecord, HistoryError, read_histories, records_from_json, write_histories
from .play.ofcenv import read_ofcenv_json, write_ofcenv_json
from .sim.rollout import Placements, RolloutResult, evaluate_placements, rollout
from .sim.selfplay import SimulationResult, simulate
from .sim.fantasyland_value import FantasylandValueEstimate, estimate_fantasyland_value
from .sim.search import BestMove, best_move
from .sim.review import Decision, Review, review

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


# The public classes are reached as ofc_fast.<name>: that is their module for
# repr, help and pickle (pickles of 0.1.0 name the old paths, see _legacy).
for _name in __all__:
    _obj = globals()[_name]
    if isinstance(_obj, type) and _obj.__module__.startswith("ofc_fast."):
        _obj.__module__ = "ofc_fast"
del _name, _obj

from . import _legacy  # noqa: E402
_legacy.install()
