"""Dask distributed runs equal the local ones (LocalCluster, two worker processes)."""
from __future__ import annotations

import pytest

from ofc_fast.sim.distributed import ranges, rollout_distributed, simulate_distributed
from ofc_fast.sim.rollout import rollout
from ofc_fast.sim.selfplay import simulate

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_ranges_cover() -> None:
    for total, parts in ((0, 3), (10, 3), (7, 7), (5, 9)):
        rs = ranges(total, parts)
        assert sum(c for _, c in rs) == total
        assert all(rs[i][0] + rs[i][1] == rs[i + 1][0] for i in range(len(rs) - 1))
    with pytest.raises(ValueError):
        ranges(10, 0)


@pytest.mark.slow
def test_dask_equals_local(client) -> None:  # type: ignore[no-untyped-def]
    local = simulate("pineapple", 3, 60_000, seed=5)
    remote = simulate_distributed(client, "pineapple", 3, 60_000, seed=5, parts=7)
    assert (remote.sums == local.sums).all()
    assert (remote.points_hist == local.points_hist).all()
    assert (remote.royalty_hist == local.royalty_hist).all()
    assert remote.stderr.tolist() == local.stderr.tolist()
    boards = ["Qh Qd / 5s 6s 7s / Kc Kd", "-- / -- / --"]
    assert (rollout_distributed(client, boards, "pineapple", n=20_000, seed=3, parts=5).sums
            == rollout(boards, "pineapple", n=20_000, seed=3).sums).all()
