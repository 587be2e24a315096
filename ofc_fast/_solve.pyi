"""Type stubs of the compiled solve-layer bindings, the Fantasyland solver (ofc_fast/_solve.pyx)."""
from typing import Any

import numpy as np
import numpy.typing as npt

from ._core import RuleTables

# the solve layer's status codes (csrc/ofc_solve.h)
OFC_FL_BAD_COUNT: int
OFC_FL_BAD_VALUE: int

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
