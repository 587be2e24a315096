# Stubs of the compiled module ofc_fast._sim (ofc_fast/_sim.pyx): self-play and rollouts.

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ._core import RuleTables

def rollout_sums(rules: RuleTables, players: int, first_round: int, rounds: int, round_cards: int,
                 round_play: int, policy: int, boards: npt.NDArray[np.uint8],
                 pool: npt.NDArray[np.uint8], seed: int, start: int,
                 stop: int, fl_cards: Sequence[int] | None = ...,
                 params: npt.NDArray[np.float64] | None = ...) -> npt.NDArray[np.int64] | int: ...
def selfplay_totals(rules: RuleTables, players: int, first_round: int, rounds: int, round_cards: int,
                    round_play: int, policy: int, seed: int, sums: npt.NDArray[np.int64],
                    points_hist: npt.NDArray[np.int64], royalty_hist: npt.NDArray[np.int64],
                    index0: int, n: int, params: npt.NDArray[np.float64] | None = ...) -> int: ...
