"""Type stubs of the compiled bindings of the hand and board layers (ofc_fast/_core.pyx)."""
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

_F = TypeVar("_F", bound=Callable[..., Any])

STRENGTH_MAX: int
DECK_SIZE: int
RANKS: str
SUITS: str
LOWBALL_MAX: int
JOKERS: tuple[int, int]
STRENGTH_FIVE_MAX: int
ROYAL_OVER_FIVE: int

# status codes: the hand and board layers' (csrc/ofc_hand.h, csrc/ofc_board.h); each
# higher binding exports its own layer's, and status_message words any of them
OFC_NO_MEMORY: int
OFC_HAND_BAD_CARDS: int
OFC_HAND_BAD_SIZE: int
OFC_BOARD_BAD_PLAYERS: int
OFC_BOARD_BAD_SPEC: int
OFC_BOARD_BAD_PRESET: int
OFC_BOARD_SHORT_POOL: int
OFC_BOARD_BUDGET: int
OFC_PARTIAL_STOPPED: int

def status_message(code: int) -> str: ...

def strength_rows(cards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int) -> int: ...
def strength_jokers_rows(cards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int,
                         jokers: int, five_kind: int) -> int: ...
def lowball27_rows(cards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int) -> int: ...
def strength_info() -> npt.NDArray[np.uint32]: ...
def cactus_ranks() -> npt.NDArray[np.uint16]: ...
def lowball_info() -> npt.NDArray[np.uint32]: ...

NO_STAY: int
PRESETS: dict[str, int]
SPEC_FIELDS: dict[str, int]

def preset_spec(name: str) -> dict[str, Any]: ...

class RuleTables:
    arrays: tuple[npt.NDArray[Any], ...]
    def __init__(self, spec: dict[str, Any],
                 joker_spec: tuple[int, int, int, int, int, int, int] | None = ...) -> None: ...
    def scalars(self) -> tuple[int, int, int, int]: ...
    def joker_rules(self) -> tuple[int, int, int, int, int, int, int]: ...

def analyze_rows(
    rules: RuleTables,
    boards: npt.NDArray[np.uint8],
    in_fantasyland: npt.NDArray[np.uint8] | None,
    fouled: npt.NDArray[np.uint8],
    strength: npt.NDArray[np.uint16],
    royalties: npt.NDArray[np.int16],
    fantasyland: npt.NDArray[np.uint8],
    stays: npt.NDArray[np.uint8],
    start: int,
    stop: int,
) -> int: ...
def score_rows(
    rules: RuleTables,
    deals: npt.NDArray[np.uint8],
    players: int,
    net: npt.NDArray[np.int32] | None,
    matrix: npt.NDArray[np.int32] | None,
    start: int,
    stop: int,
) -> int: ...

def analyze_jokers_rows(
    rules: RuleTables,
    boards: npt.NDArray[np.uint8],
    in_fantasyland: npt.NDArray[np.uint8] | None,
    dead: int,
    fouled: npt.NDArray[np.uint8],
    strength: npt.NDArray[np.uint16],
    royalties: npt.NDArray[np.int16],
    fantasyland: npt.NDArray[np.uint8],
    stays: npt.NDArray[np.uint8],
    jokers: npt.NDArray[np.uint8],
    start: int,
    stop: int,
) -> int: ...
def score_jokers_rows(
    rules: RuleTables,
    deals: npt.NDArray[np.uint8],
    players: int,
    net: npt.NDArray[np.int32] | None,
    matrix: npt.NDArray[np.int32] | None,
    start: int,
    stop: int,
) -> int: ...

def score_details_rows(
    rules: RuleTables,
    deals: npt.NDArray[np.uint8],
    players: int,
    rows: npt.NDArray[np.int8],
    row_points: npt.NDArray[np.int32],
    scoop: npt.NDArray[np.int32],
    royalties: npt.NDArray[np.int32],
    total: npt.NDArray[np.int32],
    start: int,
    stop: int,
) -> int: ...

def subset_jokers_rows(cards: npt.NDArray[np.uint8], k: int, out: npt.NDArray[np.uint16], start: int, stop: int,
                       jokers: int, five_kind: int) -> int: ...
def best_jokers_rows(cards: npt.NDArray[np.uint8], k: int, best: npt.NDArray[np.uint16],
                     positions: npt.NDArray[np.uint8], start: int, stop: int, jokers: int, five_kind: int,
                     below_royal: int) -> int: ...
def partial_jokers_rows(rows: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int,
                        jokers: int, five_kind: int) -> int: ...
def lowball27_jokers_rows(cards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int,
                          jokers: int) -> int: ...

# --- partial boards (_partial.pxi) -------------------------------------------
def partial_first_bad(boards: npt.NDArray[np.uint8], jokers: int = ...) -> tuple[int, int] | None: ...
def partial_board_rows(rules: RuleTables, boards: npt.NDArray[np.uint8], need: npt.NDArray[np.int8],
                       value: npt.NDArray[np.uint16], start: int, stop: int) -> int: ...
def can_avoid_foul_rows(rules: RuleTables, boards: npt.NDArray[np.uint8], pools: npt.NDArray[np.uint8],
                        npool: npt.NDArray[np.int32], out: npt.NDArray[np.int16], budget: int,
                        start: int, stop: int, dead: npt.NDArray[np.uint64] | None = ...) -> int: ...

# --- one hand, one board (_scalar.pxi) ---------------------------------------
# each *_door(general, ...) gives the public function: one item in C, the rest by general
def strength_door(general: _F) -> _F: ...
def category_door(general: _F, category_of: list[Any]) -> _F: ...
def to_cactus_rank_door(general: _F) -> _F: ...
def describe_door(general: _F, names: list[str | None]) -> _F: ...
def analyze_door(general: _F, analysis_type: type, board_type: type, rules_type: type,
                 default_rules: Any, get_rules: Callable[[Any], Any]) -> _F: ...
def board_values(codes: npt.NDArray[np.uint8], tables: RuleTables,
                 in_fantasyland: bool) -> tuple[bool, tuple[int, int, int], tuple[int, int, int], int, bool]: ...
def board_codes(x: Any) -> npt.NDArray[np.uint8] | None: ...
def score_one(deals: Any, tables: RuleTables, min_players: int, max_players: int,
              want_net: bool) -> npt.NDArray[np.int32] | None: ...
def from_cactus_one(ints: Any) -> npt.NDArray[np.uint8] | None: ...
def lowball27_door(general: _F) -> _F: ...
def partial_strength_door(general: _F) -> _F: ...
def royalty_door(general: _F, rules_type: type, default_rules: Any, get_rules: Callable[[Any], Any]) -> _F: ...
def can_avoid_foul_door(general: _F, rules_type: type, default_rules: Any, get_rules: Callable[[Any], Any],
                        first_budget: int) -> _F: ...

# --- subsets -------------------------------------------------------------------
def choose(m: int, k: int) -> int: ...
def subset_rows(cards: npt.NDArray[np.uint8], k: int, out: npt.NDArray[np.uint16], start: int, stop: int) -> int: ...
def best_rows(cards: npt.NDArray[np.uint8], k: int, best: npt.NDArray[np.uint16],
              positions: npt.NDArray[np.uint8], start: int, stop: int) -> int: ...
def best_one(hand: Any, k: int) -> tuple[int, npt.NDArray[np.uint8], npt.NDArray[np.uint8]] | None: ...
def partial_rows(rows: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int) -> int: ...

class TreysEvaluatorBase:
    def evaluate(self, cards: Any, board: Any = ()) -> int: ...
    def evaluate_row(self, cards: Any) -> int: ...
def evaluate_cards_door(general: _F) -> _F: ...
