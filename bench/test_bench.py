"""pytest-benchmark timings of ofc_fast, each one also a correctness test.

    pytest bench/ --benchmark-only                  # time them
    pytest bench/ --benchmark-disable               # just check the results, quickly

Not part of the default test run (pyproject: testpaths = ["tests"]).  Every
benchmark compares what it computed with a reference computed once per
session, so a wrong or changed result fails the test, not just a slow one:

* 5- and 3-card strength: the per-hand path ``ofc.strength(list)`` over all
  hands (a different entry point than the batch kernels, chunking and
  threads), itself checked on a sample against the pure-Python oracle
  ``ofc_fast.reference`` (same order of hands, ties included) and against
  phevaluator's Cactus Kev ranks;
* lowball: the batch result with workers=1, checked on a sample against the
  oracle's deuce-to-seven keys and against the per-hand call.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any, Sequence

import numpy as np
import pytest

pytest.importorskip("pytest_benchmark")

import ofc_fast as ofc  # noqa: E402
from ofc_fast import reference as R  # noqa: E402

N = 1_000_000          # hands per batch benchmark
N_CALL = 20_000        # hands per per-call benchmark (one Python call each)
N_ORACLE = 3_000       # hands checked against the pure-Python oracle
SEED = 12345


def _load_compare():
    """bench/compare.py as a module: one definition of the hands both tools use."""
    spec = importlib.util.spec_from_file_location("ofc_bench_compare", Path(__file__).with_name("compare.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


random_hands = _load_compare().random_hands


def assert_same_order(values: np.ndarray, keys: Sequence[Any]) -> None:
    """values (ints) rank the hands exactly as keys (tuples) do: ties included."""
    order = np.argsort(values, kind="stable")
    v = values[order]
    k = [keys[i] for i in order]
    for i in range(1, len(order)):
        if v[i] == v[i - 1]:
            assert k[i] == k[i - 1], f"equal values, different keys: {k[i - 1]} {k[i]}"
        else:
            assert k[i] > k[i - 1], f"values {v[i - 1]} < {v[i]} but keys {k[i - 1]} >= {k[i]}"


class Data:
    def __init__(self) -> None:
        self.hands5 = random_hands(N)
        self.hands3 = np.ascontiguousarray(self.hands5[:, :3])
        self.list5 = self.hands5.tolist()
        self.list3 = self.hands3.tolist()
        strength = ofc.strength
        self.ref5 = np.array([strength(h) for h in self.list5], dtype=np.uint16)
        self.ref3 = np.array([strength(h) for h in self.list3], dtype=np.uint16)
        self.ref_low = ofc.lowball27(self.hands5, workers=1)
        self.cactus = ofc.to_cactus_rank(self.ref5[:N_CALL])


@pytest.fixture(scope="module")
def data() -> Data:
    d = Data()
    # the references themselves, against the independent pure-Python oracle
    sample5 = d.list5[:N_ORACLE]
    assert_same_order(d.ref5[:N_ORACLE], [R.row_key(h) for h in sample5])
    assert_same_order(d.ref3[:N_ORACLE], [R.row_key(h) for h in d.list3[:N_ORACLE]])
    assert_same_order(d.ref_low[:N_ORACLE], [R.lowball_key(h) for h in sample5])
    # 3- and 5-card hands on one scale
    both = np.concatenate([d.ref5[:N_ORACLE], d.ref3[:N_ORACLE]])
    assert_same_order(both, [R.row_key(h) for h in sample5 + d.list3[:N_ORACLE]])
    low_calls = np.array([ofc.lowball27(h) for h in d.list5[:N_ORACLE]])
    assert np.array_equal(low_calls, d.ref_low[:N_ORACLE])
    return d


def per_hand(benchmark: Any, n: int) -> None:
    benchmark.extra_info["hands"] = n


# --- batch: one call over N hands ------------------------------------------

BATCH = [
    # (id, function, hands attribute, reference attribute)
    ("strength5", ofc.strength, "hands5", "ref5"),
    ("strength3", ofc.strength, "hands3", "ref3"),
    ("lowball27", ofc.lowball27, "hands5", "ref_low"),
]


@pytest.mark.parametrize("workers", [1, -1], ids=["workers=1", "workers=all"])
@pytest.mark.parametrize("name, fn, hands, ref", BATCH, ids=[b[0] for b in BATCH])
def test_batch(benchmark: Any, data: Data, name: str, fn: Any, hands: str, ref: str,
               workers: int) -> None:
    benchmark.group = f"batch {name}"
    per_hand(benchmark, N)
    out = benchmark(fn, getattr(data, hands), workers=workers)
    assert out.dtype == np.uint16 and np.array_equal(out, getattr(data, ref))


@pytest.mark.parametrize("fn", ["analyze", "score"])
def test_rules_layer(benchmark: Any, data: Data, fn: str) -> None:
    """analyze / score on random heads-up deals (26 distinct cards each)."""
    deals = random_hands(N // 4, k=26).reshape(-1, 2, 13)
    benchmark.group = "rules layer (heads-up deals)"
    out = benchmark(getattr(ofc, fn), deals, ofc.PINEAPPLE)
    if fn == "score":
        assert out.shape == (len(deals), 2) and (out.sum(axis=1) == 0).all()
    else:
        assert out.royalties.shape == (len(deals), 2, 3)
        # the same boards one at a time through the reference agree on the first few
        from ofc_fast import reference as ref
        for d in range(20):
            for p in range(2):
                board = [int(c) for c in deals[d, p]]
                assert bool(out.fouled[d, p]) == ref.fouled(board, ofc.PINEAPPLE)
                assert tuple(int(v) for v in out.royalties[d, p]) == ref.royalties(board, ofc.PINEAPPLE)


# --- one Python call per hand over N_CALL hands ---------------------------------

@pytest.mark.benchmark(group="per-call 5-card")
def test_strength_per_call(benchmark: Any, data: Data) -> None:
    per_hand(benchmark, N_CALL)
    hands, strength = data.list5[:N_CALL], ofc.strength
    out = benchmark(lambda: [strength(h) for h in hands])
    assert np.array_equal(out, data.ref5[:N_CALL])


@pytest.mark.benchmark(group="per-call 5-card")
def test_phevaluator_per_call(benchmark: Any, data: Data) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    per_hand(benchmark, N_CALL)
    hands, evaluate = data.list5[:N_CALL], phevaluator.evaluate_cards
    out = benchmark(lambda: [evaluate(*h) for h in hands])
    assert np.array_equal(out, data.cactus)   # phevaluator ranks are Cactus Kev ranks


@pytest.mark.benchmark(group="per-call 5-card")
def test_eval7_per_call(benchmark: Any, data: Data) -> None:
    eval7 = pytest.importorskip("eval7")
    per_hand(benchmark, N_CALL)
    deck = [eval7.Card(ofc.card_str([c])) for c in range(52)]
    hands = [[deck[c] for c in h] for h in data.list5[:N_CALL]]
    evaluate = eval7.evaluate
    out = np.array(benchmark(lambda: [evaluate(h) for h in hands]))
    # eval7 has its own scale: the same order of hands, ties included
    assert np.array_equal(np.unique(out, return_inverse=True)[1].ravel(),
                          np.unique(data.ref5[:N_CALL], return_inverse=True)[1].ravel())


@pytest.mark.benchmark(group="per-call 5-card")
def test_treys_per_call(benchmark: Any, data: Data) -> None:
    treys = pytest.importorskip("treys")
    per_hand(benchmark, N_CALL)
    hands = ofc.to_cactus(data.hands5[:N_CALL]).tolist()
    five = treys.Evaluator()._five
    out = benchmark(lambda: [five(h) for h in hands])
    assert np.array_equal(out, data.cactus)


# --- one hand, one board, one deal at a time (the scalar fast paths) --------------

@pytest.mark.benchmark(group="per-call 5-card")
def test_strength_tuple_and_row_per_call(benchmark: Any, data: Data) -> None:
    per_hand(benchmark, N_CALL)
    tuples, rows, strength = [tuple(h) for h in data.list5[:N_CALL]], list(data.hands5[:N_CALL]), ofc.strength
    out = benchmark(lambda: ([strength(h) for h in tuples], [strength(h) for h in rows]))
    assert np.array_equal(out[0], data.ref5[:N_CALL]) and np.array_equal(out[1], data.ref5[:N_CALL])


@pytest.mark.benchmark(group="per-call 5-card")
def test_compat_evaluator_per_call(benchmark: Any, data: Data) -> None:
    per_hand(benchmark, N_CALL)
    hands = ofc.to_cactus(data.hands5[:N_CALL]).tolist()
    evaluate = ofc.compat.Evaluator().evaluate
    out = benchmark(lambda: [evaluate([], h) for h in hands])
    assert np.array_equal(out, data.cactus)


@pytest.mark.benchmark(group="per-call strength tables")
def test_category_describe_per_call(benchmark: Any, data: Data) -> None:
    per_hand(benchmark, N_CALL)
    values = data.ref5[:N_CALL].tolist()
    category, describe, cactus = ofc.category, ofc.describe, ofc.to_cactus_rank
    out = benchmark(lambda: ([category(s) for s in values], [describe(s) for s in values],
                             [cactus(s) for s in values]))
    assert np.array_equal(out[0], ofc.category(data.ref5[:N_CALL]))
    assert np.array_equal(out[2], data.cactus)


@pytest.mark.parametrize("form", ["list", "uint8", "text"])
def test_analyze_one_board_per_call(benchmark: Any, form: str) -> None:
    boards = random_hands(5_000, k=13, seed=SEED + 1)
    items: list[Any] = {"list": boards.tolist(), "uint8": list(boards),
                        "text": [ofc.card_str(b) for b in boards]}[form]
    benchmark.group = "per-call one board"
    per_hand(benchmark, len(items))
    analyze, rules = ofc.analyze, ofc.PINEAPPLE
    out = benchmark(lambda: [analyze(b, rules) for b in items])
    batch = ofc.analyze(boards, rules)
    assert [bool(a.fouled) for a in out] == batch.fouled.tolist()
    assert [a.royalties.tolist() for a in out] == batch.royalties.tolist()


def test_score_one_deal_per_call(benchmark: Any) -> None:
    deals = random_hands(5_000, k=26, seed=SEED + 2).reshape(-1, 2, 13)
    items = deals.tolist()
    benchmark.group = "per-call one board"
    per_hand(benchmark, len(items))
    score, rules = ofc.score, ofc.PINEAPPLE
    out = benchmark(lambda: [score(d, rules) for d in items])
    assert np.array_equal(np.array(out), ofc.score(deals, rules))


@pytest.mark.parametrize("m", [7, 13, 17])
def test_best_hand_batch(benchmark: Any, m: int) -> None:
    hands = random_hands(20_000 if m < 17 else 2_000, k=m)
    benchmark.group = "best_hand batch"
    per_hand(benchmark, len(hands))
    out = benchmark(ofc.best_hand, hands)
    assert np.array_equal(out.strength[:50], ofc.subset_strengths(hands[:50]).max(axis=1))
    assert np.array_equal(ofc.strength(out.cards), out.strength)


# --- Fantasyland: the solver over random hands, beside the plain enumeration ------

N_FL = 200             # hands per size for the solver


@pytest.mark.parametrize("workers", [1, -1], ids=["workers=1", "workers=all"])
@pytest.mark.parametrize("k", [14, 17])
def test_fantasyland_solver(benchmark: Any, k: int, workers: int) -> None:
    """solve_fantasyland over an array of random hands; its boards analyzed give its answer."""
    hands = random_hands(N_FL, k=k, seed=SEED + k)
    benchmark.group = f"fantasyland {k} cards"
    per_hand(benchmark, N_FL)
    out = benchmark(ofc.solve_fantasyland, hands, ofc.PINEAPPLE, stay_value=15, workers=workers)
    a = ofc.analyze(out.board, ofc.PINEAPPLE, in_fantasyland=True)
    assert not out.fouled.any() and not a.fouled.any()
    assert np.array_equal(out.value, a.royalties.sum(axis=1) + np.where(a.stays, 15.0, 0.0))


@pytest.mark.parametrize("k", [13, 14])
def test_fantasyland_plain_enumeration(benchmark: Any, k: int) -> None:
    """Every setting enumerated in C (the reference of the solver's tests), on a few hands."""
    from ofc_fast import _solve
    hands = random_hands(10, k=k, seed=SEED + k)
    benchmark.group = f"fantasyland {k} cards"
    per_hand(benchmark, len(hands))
    tables = ofc.PINEAPPLE.tables
    stays = np.array([15.0])
    out = benchmark(_solve.enumerate_rows, tables, hands, stays, 0, len(hands))
    solved = ofc.solve_fantasyland(hands, ofc.PINEAPPLE, stay_value=15)
    assert np.array_equal(out[0][0], solved.board) and np.array_equal(out[0][5], solved.value)


# --- play in progress: the rows of bench/play.py, each result checked ----------------

sys.path.insert(0, str(Path(__file__).resolve().parent))
from play import play_cases  # noqa: E402

PLAY = {name: (fn, n) for name, fn, n, _ in play_cases(0.05)}


@pytest.mark.parametrize("name", list(PLAY))
def test_play(benchmark: Any, name: str) -> None:
    """Dealing, self-play, rollouts and placements (bench/play.py at 1/20 scale)."""
    fn, n = PLAY[name]
    benchmark.group = "play"
    per_hand(benchmark, n)
    out = benchmark.pedantic(fn, rounds=3, iterations=1, warmup_rounds=1)
    if isinstance(out, np.ndarray):            # deals: n rows, no card twice in one
        flat = np.sort(out.reshape(n, -1).astype(np.int16), axis=1)
        assert out.shape[0] == n and not (flat[:, 1:] == flat[:, :-1]).any()
    elif hasattr(out, "codes"):                # placements: every legal one, best first
        assert len(out.codes) == 232 and (np.diff(out.mean) <= 0).all()
    else:                                      # rollouts and self-play: zero-sum means
        assert abs(float(out.mean.sum())) < 1e-9
