"""Dask distributed runs equal the local ones, for every ``workers=`` value, on
clusters whose workers have any names; the arguments are checked before any
task exists."""
from __future__ import annotations

import tracemalloc
from typing import Any

import numpy as np
import pytest

from ofc_fast.sim.distributed import ranges, rollout_distributed, simulate_distributed
from ofc_fast.sim.rollout import rollout
from ofc_fast.sim.selfplay import simulate

distributed = pytest.importorskip("distributed")

BOARDS = ["Qh Qd / 5s 6s 7s / Kc Kd", "-- / -- / --"]


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.fixture(scope="module")
def named():  # type: ignore[no-untyped-def]
    """Two in-process workers named "alpha" and "beta" (no worker is named 0 or 1,
    so a task pinned to a worker by Dask's own ``workers=`` never runs)."""
    spec = {name: {"cls": distributed.Worker, "options": {"nthreads": 2, "name": name}}
            for name in ("alpha", "beta")}
    cluster = distributed.SpecCluster(
        scheduler={"cls": distributed.Scheduler, "options": {"dashboard_address": None}},
        workers=spec)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_ranges_cover() -> None:
    for total, parts in ((0, 3), (10, 3), (7, 7), (5, 9), (1, 1)):
        rs = ranges(total, parts)
        assert sum(c for _, c in rs) == total
        assert all(c > 0 for _, c in rs)
        assert len(rs) == min(total, parts)
        assert all(rs[i][0] + rs[i][1] == rs[i + 1][0] for i in range(len(rs) - 1))
    assert ranges(np.int64(10), np.int32(3)) == ranges(10, 3)  # type: ignore[arg-type]


def test_ranges_are_capped_at_the_total() -> None:
    """A huge part count costs nothing: no list of that many bounds is built."""
    tracemalloc.start()
    try:
        rs = ranges(10, 10**6)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert rs == [(i, 1) for i in range(10)]
    assert peak < 100_000, peak
    assert ranges(10, 10**9) == rs


@pytest.mark.parametrize("total,parts,exc,match", [
    (10, 0, ValueError, "parts"), (10, -3, ValueError, "parts"), (10, 2.5, TypeError, "parts"),
    (10, True, TypeError, "parts"), (10, "4", TypeError, "parts"), (-1, 3, ValueError, "total"),
    (10.5, 3, TypeError, "total"), (None, 3, TypeError, "total"),
])
def test_ranges_bad_arguments(total: object, parts: object, exc: type, match: str) -> None:
    with pytest.raises(exc, match=match):
        ranges(total, parts)  # type: ignore[arg-type]


@pytest.mark.parametrize("kw,exc,match", [
    ({"hands": 0}, ValueError, "hands must be an int >= 1, got 0"),
    ({"hands": -5}, ValueError, "hands must be an int >= 1, got -5"),
    ({"hands": 10.5}, TypeError, "hands must be an int >= 1, got 10.5"),
    ({"hands": True}, TypeError, "hands"),
    ({"parts": 0}, ValueError, "parts must be an int >= 1, got 0"),
    ({"parts": 2.0}, TypeError, "parts"),
    ({"seed": -1}, ValueError, "seed"),
    ({"seed": 1.5}, TypeError, "seed"),
    ({"seed": None}, TypeError, "seed"),
    ({"workers": 0}, ValueError, "workers"),
    ({"workers": -2}, ValueError, "workers"),
    ({"workers": 1.5}, TypeError, "workers"),
])
def test_simulate_distributed_checks_before_any_task(kw: dict[str, Any], exc: type, match: str) -> None:
    args: dict[str, Any] = {"hands": 100, "seed": 1, "parts": 4, "workers": 1} | kw
    hands = args.pop("hands")
    # no task is submitted: a client that refuses every call is never used
    with pytest.raises(exc, match=match):
        simulate_distributed(None, "pineapple", 2, hands, **args)


@pytest.mark.parametrize("kw,exc,match", [
    ({"n": 0}, ValueError, "n must be an int >= 1, got 0"),
    ({"n": 10.5}, TypeError, "n must be"),
    ({"parts": -1}, ValueError, "parts"),
    ({"seed": 2**64}, ValueError, "seed"),
    ({"workers": "2"}, TypeError, "workers"),
])
def test_rollout_distributed_checks_before_any_task(kw: dict[str, Any], exc: type, match: str) -> None:
    args: dict[str, Any] = {"n": 100, "seed": 1, "parts": 4, "workers": 1} | kw
    with pytest.raises(exc, match=match):
        rollout_distributed(None, BOARDS, "pineapple", **args)


@pytest.mark.parametrize("workers", [1, 2, -1, None])
def test_dask_equals_local_on_named_workers(named, workers: int | None) -> None:  # type: ignore[no-untyped-def]
    """Every ``workers`` value (None: the default) runs on workers named "alpha" / "beta"."""
    kw: dict[str, Any] = {} if workers is None else {"workers": workers}
    local = simulate("pineapple", 3, 3000, seed=5)
    remote = simulate_distributed(named, "pineapple", 3, 3000, seed=5, parts=3, **kw)
    assert remote.hands == local.hands
    assert (remote.sums == local.sums).all()
    assert (remote.points_hist == local.points_hist).all()
    assert (remote.royalty_hist == local.royalty_hist).all()
    assert remote.stderr.tolist() == local.stderr.tolist()
    got = rollout_distributed(named, BOARDS, "pineapple", n=2000, seed=3, parts=3, **kw)
    want = rollout(BOARDS, "pineapple", n=2000, seed=3)
    assert got.n == want.n and (got.sums == want.sums).all()
    # more parts than hands: one hand a task
    few = simulate_distributed(named, "pineapple", 2, 5, seed=9, parts=50, **kw)
    assert (few.sums == simulate("pineapple", 2, 5, seed=9).sums).all()


@pytest.mark.slow
def test_dask_equals_local(client) -> None:  # type: ignore[no-untyped-def]
    local = simulate("pineapple", 3, 60_000, seed=5)
    remote = simulate_distributed(client, "pineapple", 3, 60_000, seed=5, parts=7)
    assert (remote.sums == local.sums).all()
    assert (remote.points_hist == local.points_hist).all()
    assert (remote.royalty_hist == local.royalty_hist).all()
    assert remote.stderr.tolist() == local.stderr.tolist()
    assert (rollout_distributed(client, BOARDS, "pineapple", n=20_000, seed=3, parts=5).sums
            == rollout(BOARDS, "pineapple", n=20_000, seed=3).sums).all()
    assert (rollout_distributed(client, BOARDS, "pineapple", n=20_000, seed=3, parts=5,
                                workers=-1).sums
            == rollout(BOARDS, "pineapple", n=20_000, seed=3).sums).all()
