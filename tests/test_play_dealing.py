"""Dealing: every card once per deal, the variant's order, uniformity, seeds and workers."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ofc_fast as ofc
from ofc_fast.play.dealing import deal


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), preset=st.sampled_from(sorted(ofc.PRESETS)),
       data=st.data())
def test_each_card_once(seed: int, preset: str, data: st.DataObject) -> None:
    r = ofc.PRESETS[preset]
    players = data.draw(st.integers(r.min_players, r.max_players))
    street = data.draw(st.one_of(st.none(), st.integers(0, r.rounds)))
    d = deal(50, r, players, seed=seed, street=street)
    k = 13 if street is None else r.first_round + street * r.round_cards
    assert d.shape == (50, players, k)
    flat = d.reshape(50, -1)
    assert flat.max() <= 51
    s = np.sort(flat, axis=1)
    assert (s[:, 1:] != s[:, :-1]).all()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_streets_extend_each_other(seed: int) -> None:
    """Street s+1 keeps street s's cards as its first ones: the deck goes round the table."""
    r = ofc.PINEAPPLE
    prev = deal(20, r, 3, seed=seed, street=0)
    for s in range(1, r.rounds + 1):
        cur = deal(20, r, 3, seed=seed, street=s)
        assert (cur[:, :, :prev.shape[2]] == prev).all()
        prev = cur
    assert prev.shape[2] == r.cards_dealt


def test_round_robin_order() -> None:
    """Player p's first-round cards are the deck's cards 5p..5p+4, then rounds of 3 in turn:
    the full deal is one shuffle read round the table."""
    d = deal(200, ofc.PINEAPPLE, 3, seed=3, street=ofc.PINEAPPLE.rounds)
    deck = np.concatenate([d[:, :, :5].reshape(200, -1)] +
                          [d[:, :, 5 + 3 * s:8 + 3 * s].reshape(200, -1) for s in range(4)], axis=1)
    s = np.sort(deck, axis=1)
    assert (s[:, 1:] != s[:, :-1]).all() and deck.shape == (200, 51)


def test_seed_workers_and_start() -> None:
    a = deal(300_000, ofc.PINEAPPLE, 2, seed=11, workers=1)
    b = deal(300_000, ofc.PINEAPPLE, 2, seed=11, workers=2)
    assert (a == b).all()
    c = deal(1000, ofc.PINEAPPLE, 2, seed=11, start=123_456)
    assert (c == a[123_456:124_456]).all()
    assert not (deal(10, ofc.PINEAPPLE, 2, seed=12) == a[:10]).all()


def test_uniform() -> None:
    """Each card is equally likely at each position (chi-square, loose bound)."""
    n = 200_000
    d = deal(n, ofc.ORIGINAL, 4, seed=99).reshape(n, 52)
    for pos in (0, 17, 51):
        counts = np.bincount(d[:, pos], minlength=52)
        expected = n / 52
        chi2 = float(((counts - expected) ** 2 / expected).sum())
        assert chi2 < 110, (pos, chi2)     # 51 degrees of freedom; p ~ 1e-6


def test_scores_as_boards() -> None:
    d = deal(1000, ofc.PINEAPPLE, 3, seed=1)
    net = ofc.score(d, ofc.PINEAPPLE)
    assert (net.sum(axis=1) == 0).all()


@pytest.mark.parametrize("kwargs,exc,match", [
    ({"n": -1}, ValueError, "n must be"),
    ({"n": 1.5}, TypeError, "n must be an int"),
    ({"players": 5}, ValueError, "players"),
    ({"players": 4}, ValueError, "2 to 3 players"),
    ({"seed": -1}, ValueError, "seed must be in"),
    ({"seed": "7"}, TypeError, "seed must be an int"),
    ({"street": 5}, ValueError, "street must be in 0..4"),
    ({"workers": 0}, ValueError, "workers"),
])
def test_bad_arguments(kwargs: dict, exc: type, match: str) -> None:
    args = {"n": 2, "rules": ofc.PINEAPPLE, "players": 2, "seed": 1}
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        deal(args.pop("n"), args.pop("rules"), args.pop("players"), **args)
