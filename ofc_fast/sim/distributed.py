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

from .._checks import check_int, check_seed
from .rollout import RolloutResult, merge, rollout
from .selfplay import SimulationResult, merge_simulations, simulate

__all__ = ["ranges", "rollout_distributed", "simulate_distributed"]


def _positive(value: Any, name: str) -> int:
    """``value`` as an int >= 1, or a TypeError / ValueError naming ``name``."""
    v = check_int(value, name, "an int >= 1")
    if v < 1:
        raise ValueError(f"{name} must be an int >= 1, got {v}")
    return v


def _threads(workers: Any) -> int:
    """``workers`` checked here (an int >= 1, or -1), but resolved on each worker
    machine: -1 means every core of the machine that runs the task."""
    w = check_int(workers, "workers", "an int (threads per task, -1 for every core of its machine)")
    if w != -1 and w < 1:
        raise ValueError(f"workers must be an int >= 1 or -1 (every core of the task's "
                         f"machine), got {w}")
    return w


def ranges(total: int, parts: int) -> list[tuple[int, int]]:
    """At most ``parts`` contiguous non-empty ranges ``(start, count)`` covering ``[0, total)``.

    No more ranges than ``total`` (a range holds at least one item), so a
    huge ``parts`` costs nothing.

    >>> ranges(10, 3)
    [(0, 3), (3, 3), (6, 4)]
    >>> ranges(3, 10**9)
    [(0, 1), (1, 1), (2, 1)]
    """
    total = check_int(total, "total", "an int >= 0")
    if total < 0:
        raise ValueError(f"total must be an int >= 0, got {total}")
    parts = min(_positive(parts, "parts"), total)
    if parts == 0:
        return []
    bounds = [total * i // parts for i in range(parts + 1)]
    return [(bounds[i], bounds[i + 1] - bounds[i]) for i in range(parts)]


def _simulate_part(rules: Any, players: int, start: int, count: int, policy: Any, seed: int,
                   threads: int) -> SimulationResult:
    """One task: hands ``start .. start + count - 1`` on ``threads`` threads of its machine."""
    return simulate(rules, players, count, policy=policy, seed=seed, start=start, workers=threads)


def _rollout_part(boards: Any, rules: Any, dead: Any, policy: Any, start: int, count: int,
                  seed: int, threads: int) -> RolloutResult:
    """One task: completions ``start .. start + count - 1`` on ``threads`` threads of its machine."""
    return rollout(boards, rules, dead=dead, policy=policy, n=count, seed=seed, start=start,
                   workers=threads)


def simulate_distributed(client: Any, rules: Any, players: int, hands: int, *,
                         policy: Any = "random", seed: int, parts: int = 16,
                         workers: int = 1) -> SimulationResult:
    """:func:`~ofc_fast.selfplay.simulate` split into ``parts`` tasks on a Dask ``client``.

    ``workers``: threads each task uses on its machine (-1: every core of
    that machine); any worker of the cluster may run any task.  Equal to
    the local run for the same arguments.
    """
    hands = _positive(hands, "hands")
    seed = check_seed(seed)
    threads = _threads(workers)
    # Dask's own ``workers=`` (allowed worker addresses) is never passed: the
    # thread count travels as an argument of the task
    futures = [client.submit(_simulate_part, rules, players, start, count, policy, seed, threads,
                             pure=False)
               for start, count in ranges(hands, parts)]
    return merge_simulations(client.gather(futures))


def rollout_distributed(client: Any, boards: Any, rules: Any, *, n: int, seed: int,
                        dead: Any = None, policy: Any = "heuristic", parts: int = 16,
                        workers: int = 1) -> RolloutResult:
    """:func:`~ofc_fast.rollout.rollout` split into ``parts`` tasks on a Dask ``client``.

    ``workers``: threads each task uses on its machine (-1: every core of
    that machine).  Equal to the local run for the same arguments.
    """
    n = _positive(n, "n")
    seed = check_seed(seed)
    threads = _threads(workers)
    futures = [client.submit(_rollout_part, boards, rules, dead, policy, start, count, seed, threads,
                             pure=False)
               for start, count in ranges(n, parts)]
    return merge(client.gather(futures))
