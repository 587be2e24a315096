"""Type stubs of the compiled solve-layer bindings, the Fantasyland solver (ofc_fast/_solve.pyx)."""
from typing import Any

import numpy as np
import numpy.typing as npt

from ._core import RuleTables

# the solve layer's status codes (csrc/ofc_solve.h)
OFC_FL_BAD_COUNT: int
OFC_FL_BAD_VALUE: int
OFC_FL_BAD_OPPONENTS: int
OFC_FL_BAD_BOARDS: int
OFC_FL_STOPPED: int

def solve_rows(
    rules: RuleTables,
    hands: npt.NDArray[np.uint8],
    stay_value: float,
    board: npt.NDArray[np.uint8],
    discards: npt.NDArray[np.uint8],
    royalties: npt.NDArray[np.int16],
    stays: npt.NDArray[np.uint8],
    fouled: npt.NDArray[np.uint8],
    value: npt.NDArray[np.float64],
    start: int,
    stop: int,
    jokers: npt.NDArray[np.uint8] | None = ...,
) -> int: ...
def enumerate_rows(
    rules: RuleTables,
    hands: npt.NDArray[np.uint8],
    stay_values: npt.NDArray[np.float64],
    start: int,
    stop: int,
) -> list[tuple[npt.NDArray[Any], ...]]: ...


class StopFlag:
    def request_stop(self) -> None: ...

def solve_points(
    rules: RuleTables,
    hand: npt.NDArray[np.uint8],
    boards: npt.NDArray[np.uint8],
    in_fantasyland: npt.NDArray[np.uint8],
    stay_value: float,
    stop: StopFlag,
    enumerate: bool = ...,
) -> tuple[bytes, bytes, bytes, tuple[int, int, int], bool, bool, float, int, tuple[int, ...]] | None: ...
