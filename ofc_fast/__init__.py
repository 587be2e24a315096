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
from __future__ import annotations

import os

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
from .boards import ROWS, Analysis, Board, analyze, parse_boards, score, score_matrix
from .match import MatchResult, play_match
from .fantasyland import FantasylandArrays, FantasylandResult, solve_fantasyland
# play in progress: partial boards, dealing, the game engine, Monte Carlo, self-play
from . import partial
from .deal import deal
from .engine import Game
from .rollout import Placements, RolloutResult, evaluate_placements, rollout

__version__ = "0.1.0"

__all__ = [
    "EMPTY", "RANKS", "SUITS", "card", "card_str", "cards", "from_cactus", "to_cactus",
    "LOWBALL_MAX", "STRENGTH_MAX", "HandCategory", "category", "describe", "lowball27",
    "strength", "to_cactus_rank", "get_include", "get_sources", "__version__",
    "LOW", "ORIGINAL", "PINEAPPLE", "PRESETS", "PROGRESSIVE", "STAY_CONVENTIONS", "Rules",
    "get_rules", "ROWS", "Analysis", "Board", "analyze", "parse_boards", "score", "score_matrix",
    "MatchResult", "play_match",
    "FantasylandArrays", "FantasylandResult", "solve_fantasyland",
]
__all__ += ["partial", "deal", "Game", "Placements", "RolloutResult", "evaluate_placements",
            "rollout"]


def get_include() -> str:
    """Folder holding ``ofc_fast.h`` (and the core's C sources), for C and Cython users.

    >>> os.path.exists(os.path.join(get_include(), "ofc_fast.h"))
    True
    """
    return os.path.join(os.path.dirname(__file__), "include")


def get_sources() -> list[str]:
    """Paths of the C core's sources, to compile into another extension."""
    inc = get_include()
    return sorted(os.path.join(inc, f) for f in os.listdir(inc) if f.endswith(".c"))
