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
    if _os.path.exists(_os.path.join(_os.path.dirname(__file__), _os.pardir, "csrc", "ofc_fast.h")):
        raise ImportError(
            "you are importing ofc_fast from its source folder without its compiled extension; "
            "install it (pip install .) or build in place (python setup.py build_ext --inplace), "
            "or run from another folder") from None
    raise

from .cards import EMPTY, RANKS, SUITS, card, card_str, cards, from_cactus, to_cactus
from .hands import (
    LOWBALL_MAX,
    STRENGTH_MAX,
    HandCategory,
    category,
    describe,
    lowball27,
    strength,
    to_cactus_rank,
)
from .rules import LOW, ORIGINAL, PINEAPPLE, PRESETS, PROGRESSIVE, STAY_CONVENTIONS, Rules, get_rules
from .rules import HOUSE_RULES
from .boards import ROWS, Analysis, Board, analyze, parse_boards, score, score_matrix
from .match import MatchResult, play_match
from .hands import STRENGTH_TABLE_DTYPE, ranks, strength_table
from .subsets import BestHand, best_hand, subset_strengths
from .rows import partial_strength, royalty
from .deals import ScoreDetails, find_duplicates, score_details
from . import compat
from .fantasyland import FantasylandArrays, FantasylandResult, solve_fantasyland
# play in progress: partial boards, dealing, the game engine, Monte Carlo, self-play
from . import partial
from .deal import deal
from .engine import Game
from .rollout import Placements, RolloutResult, evaluate_placements, rollout
from .selfplay import SimulationResult, simulate

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
__all__ += ["partial", "deal", "Game", "Placements", "RolloutResult", "evaluate_placements",
            "rollout", "SimulationResult", "simulate"]


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
    """Paths of the C core's sources, to compile into another extension.

    >>> any(path.endswith("ofc_eval.c") for path in get_sources())
    True
    """
    inc = get_include()
    return sorted(_os.path.join(inc, f) for f in _os.listdir(inc) if f.endswith(".c"))
