"""lowball27 against pokerkit's ``StandardLowHand``, an independent 2-7 ranker.

pokerkit needs Python 3.11+, so on 3.10 (the oldest Python ofc_fast supports)
this module cannot run; the test extra installs pokerkit on every newer
Python and CI (.ci/run) runs it there.
"""
import sys

import numpy as np
import pytest

import ofc_fast as ofc

if sys.version_info < (3, 11):  # pragma: no cover - pokerkit is not installable
    pytest.skip("pokerkit requires Python 3.11+", allow_module_level=True)

from pokerkit import StandardLowHand  # noqa: E402


def _pk_hand(codes) -> StandardLowHand:
    return StandardLowHand.from_game("".join(ofc.card_str(int(c)) for c in codes))


def test_pokerkit_low_direction():
    # pokerkit: for low hands a better low compares greater
    assert _pk_hand([21, 13, 10, 7, 0]) > _pk_hand([25, 13, 10, 7, 0])   # 75432 > 85432


@pytest.mark.parametrize("n", [10_000, pytest.param(300_000, marks=pytest.mark.slow)])
def test_lowball_vs_pokerkit_random(n: int) -> None:
    """Order agreement with pokerkit StandardLowHand on n random hands (10,000 in the
    quick run, 300,000 under the slow marker).

    Sorted by our rank, each adjacent pair compares the same way in pokerkit
    (equal ranks <-> equal hands, larger <-> better), which by transitivity
    makes the whole order of the sample agree; 20,000 random pairs on top.
    """
    rng = np.random.default_rng(1234)
    hands = np.argsort(rng.random((n, 52)), axis=1)[:, :5].astype(np.uint8)
    ours = ofc.lowball27(hands).astype(np.int64)
    ours_list = ours.tolist()
    order = np.argsort(ours, kind="stable")
    pk = [_pk_hand(hands[i]) for i in range(n)]
    for a, b in zip(order[:-1], order[1:]):
        if ours[a] == ours[b]:
            assert pk[a] == pk[b], (ofc.card_str(hands[a]), ofc.card_str(hands[b]))
        else:
            assert pk[a] < pk[b], (ofc.card_str(hands[a]), ofc.card_str(hands[b]))
    for _ in range(20000):
        a, b = (int(i) for i in rng.integers(0, n, 2))
        sign_ours = (ours_list[a] > ours_list[b]) - (ours_list[a] < ours_list[b])
        sign_pk = (pk[a] > pk[b]) - (pk[a] < pk[b])
        assert sign_ours == sign_pk
