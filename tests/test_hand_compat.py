"""ofc_fast.hand.compat against the real libraries, on thousands of random hands."""
from __future__ import annotations

import numpy as np
import pytest

import ofc_fast as ofc
from ofc_fast import compat

RNG = np.random.default_rng(99)
N = 3000


def _hands(n: int, k: int) -> np.ndarray:
    return np.argsort(RNG.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluator_matches_treys(k: int) -> None:
    treys = pytest.importorskip("treys")
    theirs, ours = treys.Evaluator(), compat.Evaluator()
    ints = compat.to_treys(_hands(N, k))
    for h in ints:
        hand, board = h[:2], h[2:]
        want = theirs.evaluate(hand, board)
        assert ours.evaluate(hand, board) == want
        assert ours.evaluate(tuple(hand), tuple(board)) == want
        assert ours.evaluate(np.array(hand), np.array(board)) == want   # the general path
        cls = theirs.get_rank_class(want)
        assert ours.get_rank_class(want) == cls
        assert ours.class_to_string(cls) == theirs.class_to_string(cls)
        assert ours.get_five_card_rank_percentage(want) == theirs.get_five_card_rank_percentage(want)
    for r in range(1, 7463):
        assert ours.get_rank_class(r) == theirs.get_rank_class(r)


def test_evaluator_rows_and_errors() -> None:
    ev = compat.Evaluator()
    top, mid = compat.to_treys("Qh Qd 5c"), compat.to_treys("Qs Qc 4d 3h 2s")
    assert ev.evaluate_row(top) == compat.ROW_RANK_MAX + 1 - ofc.strength("Qh Qd 5c")
    assert ev.evaluate_row(top) < ev.evaluate_row(mid)
    assert ev.evaluate_row(compat.to_treys("4c 3d 2h")) == compat.ROW_RANK_MAX
    assert ev.evaluate_row(compat.to_treys("Ah Kh Qh Jh Th")) == 1
    with pytest.raises(ValueError, match="5 to 7"):
        ev.evaluate(top, [])
    with pytest.raises(ValueError, match="twice"):
        ev.evaluate(top, top[:2])
    with pytest.raises(ValueError, match="not a Cactus Kev card"):
        ev.evaluate([1, 2], mid)
    with pytest.raises(TypeError):
        ev.evaluate("Ah Kd", mid)
    with pytest.raises(ValueError):
        ev.get_rank_class(0)
    with pytest.raises(ValueError):
        ev.class_to_string(10)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_cards_matches_phevaluator(k: int) -> None:
    phe = pytest.importorskip("phevaluator")
    for h in _hands(N, k).tolist():
        want = phe.evaluate_cards(*h)
        assert compat.evaluate_cards(*h) == want
        text = ofc.card_str(h).split()
        assert compat.evaluate_cards(*text) == want
        assert compat.evaluate_cards(*[phe.Card(c) for c in text]) == want
    with pytest.raises(ValueError, match="5 to 7"):
        compat.evaluate_cards(0, 1, 2, 3)
    with pytest.raises(ValueError, match="twice"):
        compat.evaluate_cards(0, 1, 2, 3, 0)
    with pytest.raises(ValueError, match="52"):
        compat.evaluate_cards(0, 1, 2, 3, 52)
    with pytest.raises(TypeError):
        compat.evaluate_cards(0, 1, 2, 3, None)


def test_card_conversions_round_trip() -> None:
    treys = pytest.importorskip("treys")
    eval7 = pytest.importorskip("eval7")
    pokerkit = pytest.importorskip("pokerkit")
    deck = np.arange(52, dtype=np.uint8)
    names = ofc.card_str(deck).split()
    assert compat.to_treys(deck) == [treys.Card.new(s) for s in names]
    assert compat.from_treys([treys.Card.new(s) for s in names]).tolist() == deck.tolist()
    e7 = [eval7.Card(s) for s in names]
    assert compat.from_eval7(e7).tolist() == deck.tolist()
    assert [str(c) for c in compat.to_eval7(deck)] == names
    pk = list(pokerkit.Card.parse("".join(names)))
    assert compat.from_pokerkit(pk).tolist() == deck.tolist()
    assert compat.to_pokerkit(deck) == pk
    assert compat.to_pokerkit([]) == [] and compat.from_eval7([]).tolist() == []
    # eval7 agrees on which hand is better (its own scale: higher = better)
    hands = _hands(N, 7)
    ours = ofc.best_hand(hands).strength
    theirs = np.array([eval7.evaluate(compat.to_eval7(h)) for h in hands])
    order = np.argsort(ours, kind="stable")
    assert (np.diff(theirs[order]) >= 0).all()
    with pytest.raises(TypeError, match="position 1"):
        compat.from_eval7([e7[0], "Ah"])
    with pytest.raises(TypeError, match="position 0"):
        compat.from_pokerkit(["Ah"])
