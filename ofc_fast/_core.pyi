"""Type stubs of the compiled bindings (ofc_fast/_core.pyx)."""
from typing import Any

import numpy as np
import numpy.typing as npt

STRENGTH_MAX: int
LOWBALL_MAX: int

def strength_rows(cards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int) -> int: ...
def lowball27_rows(cards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int) -> int: ...
def strength_codes(hand: list[Any]) -> int: ...
def strength_info() -> npt.NDArray[np.uint32]: ...
def cactus_ranks() -> npt.NDArray[np.uint16]: ...
def lowball_info() -> npt.NDArray[np.uint32]: ...

class RuleTables:
    arrays: tuple[npt.NDArray[Any], ...]
    def __init__(
        self,
        royalty: tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]],
        stay: list[npt.NDArray[np.uint8]],
        qualify: tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]],
        entry: tuple[npt.NDArray[np.integer[Any]], npt.NDArray[np.integer[Any]], npt.NDArray[np.integer[Any]]],
        middle_live: npt.NDArray[np.uint8] | None,
        scoop_bonus: int,
        fl_both: int,
        fl_both_required: int,
        stay_cards: int,
    ) -> None: ...

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
