"""Self-play and rollouts on many machines with Dask distributed (``pip install ofc_fast[dask]``).

The hands ``[0, hands)`` of a seed are cut into ranges, each range runs as
one task (:func:`~ofc_fast.selfplay.simulate` with ``start=``, its own
threads), and the parts merge exactly (integer sums and histograms), so the
result equals ``simulate(...)`` on one machine for the same seed, whatever
the number of parts or workers.

On a real cluster (a scheduler on one host, workers on others)::

    # shell, on the scheduler host:   dask scheduler            (prints tcp://HOST:8786)
    # on each worker host:            dask worker tcp://HOST:8786 --nthreads 1 --nworkers 4
    from dask.distributed import Client
    from ofc_fast.distributed import simulate_distributed
    client = Client("tcp://HOST:8786")
    res = simulate_distributed(client, "pineapple", 3, 10**9, seed=7, parts=400)

Every worker needs the same ofc_fast version installed.
"""
from __future__ import annotations

from typing import Any

from .rollout import RolloutResult, merge, rollout
from .selfplay import SimulationResult, merge_simulations, simulate

__all__ = ["ranges", "rollout_distributed", "simulate_distributed"]


def ranges(total: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` contiguous ranges ``(start, count)`` covering ``[0, total)``.

    >>> ranges(10, 3)
    [(0, 3), (3, 3), (6, 4)]
    """
    if isinstance(parts, bool) or not isinstance(parts, int) or parts < 1:
        raise ValueError(f"parts must be a positive int, got {parts!r}")
    bounds = [total * i // parts for i in range(parts + 1)]
    return [(bounds[i], bounds[i + 1] - bounds[i]) for i in range(parts)
            if bounds[i + 1] > bounds[i]]


def simulate_distributed(client: Any, rules: Any, players: int, hands: int, *,
                         policy: str = "random", seed: int, parts: int = 16,
                         workers: int = 1) -> SimulationResult:
    """:func:`~ofc_fast.selfplay.simulate` split into ``parts`` tasks on a Dask ``client``.

    ``workers``: threads each task uses on its machine.  Equal to the local
    run for the same arguments.
    """
    futures = [client.submit(simulate, rules, players, count, policy=policy, seed=seed,
                             start=start, workers=workers, pure=False)
               for start, count in ranges(hands, parts)]
    return merge_simulations(client.gather(futures))


def rollout_distributed(client: Any, boards: Any, rules: Any, *, n: int, seed: int,
                        dead: Any = None, policy: str = "random", parts: int = 16,
                        workers: int = 1) -> RolloutResult:
    """:func:`~ofc_fast.rollout.rollout` split into ``parts`` tasks on a Dask ``client``."""
    futures = [client.submit(rollout, boards, rules, dead=dead, policy=policy, n=count,
                             seed=seed, start=start, workers=workers, pure=False)
               for start, count in ranges(n, parts)]
    return merge(client.gather(futures))
