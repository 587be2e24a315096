"""Every public name of ofc_fast, imported from its layer: ``ofc_fast`` loads this module
on the first use of one of them (PEP 562), so ``import ofc_fast`` and ``ofc-fast --version``
import neither the compiled core nor numpy.  Each name is imported ``as`` itself: exported,
for type checkers, to ``ofc_fast``'s star import."""
from .hand.cards import (
    EMPTY as EMPTY, JOKERS as JOKERS, RANKS as RANKS, SUITS as SUITS, card as card, card_str as card_str,
    cards as cards, from_cactus as from_cactus, to_cactus as to_cactus,
)
from .hand.strength import (
    FIVE_OF_A_KIND_MIN as FIVE_OF_A_KIND_MIN, STRENGTH_FIVE_MAX as STRENGTH_FIVE_MAX,
    LOWBALL_MAX as LOWBALL_MAX, STRENGTH_MAX as STRENGTH_MAX, HandCategory as HandCategory,
    category as category, describe as describe, lowball27 as lowball27, strength as strength,
    to_cactus_rank as to_cactus_rank,
)
from .board.rules import (
    LOW as LOW, ORIGINAL as ORIGINAL, PINEAPPLE as PINEAPPLE, PRESETS as PRESETS, PROGRESSIVE as PROGRESSIVE,
    STAY_CONVENTIONS as STAY_CONVENTIONS, Rules as Rules, get_rules as get_rules,
)
from .board.rules import HOUSE_RULES as HOUSE_RULES
from .board.boards import (
    ROWS as ROWS, Analysis as Analysis, Board as Board, analyze as analyze, parse_boards as parse_boards,
    score as score, score_matrix as score_matrix,
)
from .board.match import MatchResult as MatchResult, play_match as play_match
from .hand.strength import (
    STRENGTH_TABLE_DTYPE as STRENGTH_TABLE_DTYPE, ranks as ranks, strength_table as strength_table,
)
from .hand.subsets import BestHand as BestHand, best_hand as best_hand, subset_strengths as subset_strengths
from .board.rows import partial_strength as partial_strength, royalty as royalty
from .board.points import (
    ScoreDetails as ScoreDetails, find_duplicates as find_duplicates, score_details as score_details,
)
from .hand import compat as compat
from .solve.fantasyland import (
    FantasylandArrays as FantasylandArrays, FantasylandResult as FantasylandResult,
    solve_fantasyland as solve_fantasyland,
)
# play in progress: partial boards, dealing, the game engine, Monte Carlo, self-play
from .board import partial as partial
from .play.dealing import deal as deal
from .play.game import POLICIES as POLICIES, POLICY_PARAMS as POLICY_PARAMS, Game as Game, Policy as Policy
from .play.history import (
    HandRecord as HandRecord, HistoryError as HistoryError, read_histories as read_histories,
    records_from_json as records_from_json, write_histories as write_histories,
)
from .play.ofcenv import read_ofcenv_json as read_ofcenv_json, write_ofcenv_json as write_ofcenv_json
from .sim.rollout import (
    Placements as Placements, RolloutResult as RolloutResult, evaluate_placements as evaluate_placements,
    rollout as rollout,
)
from .sim.selfplay import SimulationResult as SimulationResult, simulate as simulate
from .sim.fantasyland_value import (
    FantasylandValueEstimate as FantasylandValueEstimate,
    estimate_fantasyland_value as estimate_fantasyland_value,
)
from .sim.search import BestMove as BestMove, best_move as best_move
from .sim.review import Decision as Decision, Review as Review, review as review
