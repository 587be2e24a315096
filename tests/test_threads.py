"""Threads: concurrent callers, ``workers=``, and Ctrl-C.

* Many Python threads calling the batch functions at once (on one shared
  array and on arrays of their own) get exactly the serial results.
* ``workers=N`` gives the same result as ``workers=1`` for every function
  that takes it, on arrays big enough to be cut into more than four chunks
  (``ofc_fast._workers.CHUNK`` rows each), and the same first bad row.
* A long computation can be interrupted (SIGINT in a subprocess, and
  ``_thread.interrupt_main`` / ``signal.raise_signal`` in this process), and
  the next call still gives the right answer.
"""
from __future__ import annotations

import _thread
import dataclasses
import queue
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from interrupts import cpu_seconds

import ofc_fast as ofc
from ofc_fast import _workers

CHUNK = _workers.CHUNK
N_SPLIT = 5 * CHUNK + 4321          # more than 4 chunks, not a multiple of one
N_THREADS = 8


def _cards(n: int, k: int, seed: int) -> np.ndarray:
    """n rows of k distinct cards: a random pool, tiled (cheap for big n)."""
    rng = np.random.default_rng(seed)
    pool = np.argsort(rng.random((min(n, 4096), 52)), axis=1)[:, :k].astype(np.uint8)
    rows = np.resize(pool, (n, k))
    # shuffle the rows so that chunks differ
    return np.ascontiguousarray(rows[rng.permutation(n)])


JK = dataclasses.replace(ofc.PINEAPPLE, name="threads-jokers", jokers=2)
JK_LOW = dataclasses.replace(ofc.LOW, name="threads-jokers-low", jokers=2, joker_pool="unseen")


def _jokers(rows: np.ndarray, nj: int) -> np.ndarray:
    """rows with their first nj cards turned into jokers 52 (and 53)."""
    out = rows.copy()
    out[:, 0] = 52
    if nj == 2:
        out[:, -1] = 53
    return out


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and bool(np.array_equal(a, b))


# --- the calls: name -> (function of (array, workers), array maker) -----------
CALLS: dict[str, tuple[Callable[[np.ndarray, int], Any], Callable[[int, int], np.ndarray]]] = {
    "strength5": (lambda a, w: ofc.strength(a, workers=w), lambda n, s: _cards(n, 5, s)),
    "strength3": (lambda a, w: ofc.strength(a, workers=w), lambda n, s: _cards(n, 3, s)),
    "strength5-int64-3d": (lambda a, w: ofc.strength(a, workers=w),
                           lambda n, s: _cards(n, 5, s).astype(np.int64).reshape(-1, 1, 5)),
    "lowball27": (lambda a, w: ofc.lowball27(a, workers=w), lambda n, s: _cards(n, 5, s)),
    # one Fantasyland hand of 17 cards against a board a call: rows of 30 cards
    "solve_fantasyland-against": (lambda a, w: tuple(
        (r.points, r.board.codes.tobytes()) for r in (
            ofc.solve_fantasyland(a[i, :17], ofc.PROGRESSIVE, against=a[i, 17:], workers=w) for i in range(6))),
        lambda n, s: _cards(n, 30, s)),
    "analyze": (lambda a, w: ofc.analyze(a, ofc.PROGRESSIVE, workers=w), lambda n, s: _cards(n, 13, s)),
    "analyze-low-infl": (lambda a, w: ofc.analyze(a, ofc.LOW, workers=w,
                                                  in_fantasyland=np.arange(a.shape[0]) % 3 == 0),
                         lambda n, s: _cards(n, 13, s)),
    "score2": (lambda a, w: ofc.score(a, ofc.PINEAPPLE, workers=w),
               lambda n, s: _cards(n, 26, s).reshape(n, 2, 13)),
    "score4": (lambda a, w: ofc.score(a, ofc.ORIGINAL, workers=w),
               lambda n, s: _cards(n, 52, s).reshape(n, 4, 13)),
    "score_matrix3": (lambda a, w: ofc.score_matrix(a, ofc.PROGRESSIVE, workers=w),
                      lambda n, s: _cards(n, 39, s).reshape(n, 3, 13)),
    "score_matrix2-low": (lambda a, w: ofc.score_matrix(a, ofc.LOW, workers=w),
                          lambda n, s: _cards(n, 26, s).reshape(n, 2, 13)),
    "best_hand7": (lambda a, w: tuple(ofc.best_hand(a, 5, workers=w)), lambda n, s: _cards(n, 7, s)),
    "subsets7-3": (lambda a, w: ofc.subset_strengths(a, 3, workers=w), lambda n, s: _cards(n, 7, s)),
    "partial_strength": (lambda a, w: ofc.partial_strength(a, workers=w),
                         lambda n, s: np.where(_cards(n, 5, s) % 3 == 0, 255, _cards(n, 5, s)).astype(np.uint8)),
    # jokers (issue 17): a joker or two in every item
    "strength5-jokers": (lambda a, w: ofc.strength(a, workers=w, rules=JK), lambda n, s: _jokers(_cards(n, 5, s), 1)),
    "analyze-jokers": (lambda a, w: ofc.analyze(a, JK, workers=w), lambda n, s: _jokers(_cards(n, 13, s), 2)),
    "analyze-jokers-unseen-low": (lambda a, w: ofc.analyze(a, JK_LOW, workers=w, dead=[0, 1, 2]),
                                  lambda n, s: _jokers(_cards(n, 13, s), 2)),
    "score-jokers": (lambda a, w: ofc.score(a, JK, workers=w),
                     lambda n, s: _jokers(_cards(n, 26, s), 2).reshape(n, 2, 13)),
    "best_hand7-jokers": (lambda a, w: tuple(ofc.best_hand(a, 5, workers=w, rules=JK)),
                          lambda n, s: _jokers(_cards(n, 7, s), 2)),
}


# --- workers= -------------------------------------------------------------------

@pytest.mark.parametrize("name", CALLS)
def test_workers_equal_one_worker(name: str) -> None:
    fn, make = CALLS[name]
    arr = make(N_SPLIT, 1)
    assert arr.shape[0] > 4 * CHUNK
    want = fn(arr, 1)
    for w in (2, 3, 4, 7, -1):
        assert _equal(fn(arr, w), want), f"{name}: workers={w} differs from workers=1"
    # a numpy integer is a valid workers count too
    assert _equal(fn(arr, np.int64(3)), want)  # type: ignore[arg-type]


def test_the_work_really_splits() -> None:
    """With workers=3 the kernel runs on more than one thread, over disjoint row ranges."""
    seen: dict[int, list[tuple[int, int]]] = {}
    lock = threading.Lock()
    real_run_range = _workers._run_range

    def spy(kernel: Callable[[int, int], int], start: int, stop: int, first: Any) -> int:
        with lock:
            seen.setdefault(threading.get_ident(), []).append((start, stop))
        return real_run_range(kernel, start, stop, first)

    hands = _cards(N_SPLIT, 5, 2)
    want = ofc.strength(hands)
    _workers._run_range = spy  # type: ignore[assignment]
    try:
        got = ofc.strength(hands, workers=3)
    finally:
        _workers._run_range = real_run_range  # type: ignore[assignment]
    assert np.array_equal(got, want)
    # three parts, on the calling thread and at least one pool thread
    assert threading.get_ident() in seen and len(seen) >= 2
    ranges = sorted(r for rs in seen.values() for r in rs)
    assert len(ranges) == 3
    assert ranges[0][0] == 0 and ranges[-1][1] == N_SPLIT
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))


@pytest.mark.parametrize("name", ["strength5", "lowball27", "analyze", "score2", "score_matrix3",
                                  "best_hand7"])
def test_first_bad_row_whatever_the_workers(name: str) -> None:
    """Bad rows in chunks 4 and 2: the one in chunk 2 is reported for every workers count."""
    fn, make = CALLS[name]
    arr = make(N_SPLIT, 3).copy()
    early, late = 2 * CHUNK + 17, 4 * CHUNK + 5
    for row in (late, early):
        arr.reshape(arr.shape[0], -1)[row, -1] = 52
    messages = set()
    for w in (1, 2, 3, 5, -1):
        with pytest.raises(ValueError) as info:
            fn(arr, w)
        messages.add(str(info.value))
    assert len(messages) == 1, messages
    (msg,) = messages
    assert str(early) in msg and "52" in msg and str(late) not in msg


# --- many Python threads ----------------------------------------------------------

def _hammer(jobs: list[Callable[[], Any]], rounds: int = 3) -> list[Any]:
    """Run every job in its own thread, all released at once, ``rounds`` times each."""
    barrier = threading.Barrier(len(jobs))
    results: list[Any] = [None] * len(jobs)
    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            barrier.wait()
            out = [jobs[i]() for _ in range(rounds)]
            results[i] = out
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a thread hung"
    assert not errors, errors
    return results


@pytest.mark.parametrize("workers", [1, 2])
def test_threads_on_one_shared_array(workers: int) -> None:
    """Every call on the same arrays from 8 threads at once: the serial results."""
    names = list(CALLS)
    arrays = {name: CALLS[name][1](20_000, 10 + i) for i, name in enumerate(names)}
    for a in arrays.values():
        a.setflags(write=False)
    want = {name: CALLS[name][0](arrays[name], 1) for name in names}
    jobs = []
    for t in range(N_THREADS):
        name = names[t % len(names)]
        jobs.append(lambda name=name: [CALLS[n][0](arrays[n], workers) for n in (name, *names)])
    for t, res in enumerate(_hammer(jobs)):
        name = names[t % len(names)]
        for rnd in res:
            for n, got in zip((name, *names), rnd):
                assert _equal(got, want[n]), f"thread {t}: {n} differs"


def test_threads_on_separate_arrays() -> None:
    """Each thread its own arrays (and rules, and workers): the serial results."""
    rules = [ofc.PINEAPPLE, ofc.PROGRESSIVE, ofc.LOW, ofc.ORIGINAL]
    data = []
    for t in range(N_THREADS):
        hands = _cards(30_000, 5, 100 + t)
        boards = _cards(10_000, 13, 200 + t)
        deals = _cards(10_000, 26, 300 + t).reshape(-1, 2, 13)
        r = rules[t % len(rules)]
        want = (ofc.strength(hands), ofc.lowball27(hands), ofc.analyze(boards, r),
                ofc.score(deals, r), ofc.score_matrix(deals, r))
        data.append((hands, boards, deals, r, want))

    def job(t: int) -> Any:
        hands, boards, deals, r, _ = data[t]
        w = 1 + t % 3
        return (ofc.strength(hands, workers=w), ofc.lowball27(hands, workers=w),
                ofc.analyze(boards, r, workers=w), ofc.score(deals, r, workers=w),
                ofc.score_matrix(deals, r, workers=w))

    results = _hammer([lambda t=t: job(t) for t in range(N_THREADS)])
    for t, res in enumerate(results):
        for got in res:
            assert _equal(got, data[t][4]), f"thread {t} differs"


def test_threads_mixing_good_and_bad_calls() -> None:
    """Failing calls in some threads do not disturb good calls in others."""
    hands = _cards(50_000, 5, 7)
    want = ofc.strength(hands)
    bad = hands.copy()
    bad[40_000, 2] = 99
    boards = _cards(20_000, 13, 8)
    want_a = ofc.analyze(boards)

    def good() -> bool:
        return _equal(ofc.strength(hands, workers=2), want) and _equal(ofc.analyze(boards), want_a)

    def failing() -> str:
        try:
            ofc.strength(bad, workers=2)
        except ValueError as e:
            return str(e)
        return "no error"

    jobs: list[Callable[[], Any]] = [good if t % 2 else failing for t in range(N_THREADS)]
    for t, res in enumerate(_hammer(jobs, rounds=5)):
        for r in res:
            if t % 2:
                assert r is True
            else:
                assert "hand 40000, position 2" in r and "99" in r


def test_threads_sharing_a_game_choose_observe_determinize() -> None:
    """Game.choose, observation, determinize and the game's text and pictures from 8 threads on one game
    (issue 29): each thread gets what one caller alone gets, and the game is left as it was;
    threads playing the determinised games they made play what one caller plays."""
    g = ofc.Game("pineapple", 3, seed=9, fantasyland=[0, 14, 0])
    for _ in range(4):
        g.play("heuristic")

    def view() -> Any:
        out: list[Any] = [g.choose("heuristic"), g.choose("random"), str(g), repr(g), g.draw(), g.draw("svg")]
        for seat in range(3):
            obs = g.observation(seat)
            out.append([obs[k].tolist() for k in ("boards", "unseen", "street", "acted", "discard_count")])
            d = g.determinize(seat, seed=seat)
            d.play_hand("heuristic")
            out.append((d.to_json(), d.scores.tolist()))
        return out

    before = g.to_json()
    want = view()
    for t, res in enumerate(_hammer([view] * N_THREADS)):
        for rnd in res:
            assert rnd == want, f"thread {t} differs"
    assert g.to_json() == before


def test_one_text_hand_from_many_threads() -> None:
    """The one-hand fast paths (list of ints, text) from many threads."""
    texts = ["Ah Kh Qh Jh Th", "7c 5d 4h 3s 2c", "Qh Qd 5c"]
    want = [ofc.strength(t) for t in texts] + [ofc.strength(ofc.cards(t).tolist()) for t in texts]

    def job() -> list[int]:
        out = []
        for _ in range(200):
            out = [ofc.strength(t) for t in texts] + [ofc.strength(ofc.cards(t).tolist()) for t in texts]
        return out

    for res in _hammer([job] * N_THREADS, rounds=1):
        assert res == [want]


def test_histories_from_many_threads() -> None:
    """Threads writing and reading hand histories of one shared Game at once."""
    g = ofc.Game("pineapple", 3, seed=3, match=False)
    for _ in range(3):
        g.play_hand("heuristic")
        g.next_hand()
    text = ofc.write_histories([g])
    want = [r.scores for r in ofc.read_histories(text)]

    def job() -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for _ in range(10):
            assert ofc.write_histories([g]) == text
            out = [ofc.Game.replay(r).scores.tolist() and r.scores for r in ofc.read_histories(text)]
        return out

    for res in _hammer([job] * N_THREADS, rounds=1):
        assert res == [want]


def test_ofcenv_json_from_many_threads() -> None:
    """Threads writing and reading the ofcenv site JSON of one shared Game at once."""
    g = ofc.Game("pineapple", 3, seed=5, match=False)
    for _ in range(3):
        g.play_hand("heuristic")
        g.next_hand()
    text = ofc.write_ofcenv_json([g])
    want = list(ofc.read_ofcenv_json(text))

    def job() -> list[Any]:
        out: list[Any] = []
        for _ in range(10):
            assert ofc.write_ofcenv_json([g]) == text
            out = list(ofc.read_ofcenv_json(text))
        return out

    for res in _hammer([job] * N_THREADS, rounds=1):
        assert res == [want]


def test_histories_skipped_and_summed_from_many_threads() -> None:
    """Threads reading one file with a bad hand (on_error), unpacking the turns of records they
    share (the fast reader packs them), and summing the hands with summarise_hands, at once."""
    from ofc_fast.sim.selfplay import summarise_hands
    g = ofc.Game("progressive", 3, seed=3, fantasyland=[0, 15, 0], match=False)
    g.play_hand("heuristic")
    good = ofc.write_histories([g])
    text = (good + good.replace("[1]", "[2]").replace("scores = [", "scores = [1, -1, 0] #")
            + ofc.write_histories([g], start=3))
    shared = list(ofc.read_histories(text, on_error=lambda e: None))

    def job() -> Any:
        skipped: list[str] = []
        recs = list(ofc.read_histories(text, on_error=lambda e: skipped.append(str(e))))
        games = [ofc.Game.replay(r) for r in recs]
        res = summarise_hands(g.rules, 3, ((h.scores, h.royalties, h.fouled, h.next_fantasyland) for h in games))
        return skipped, [r.turns for r in shared], res.sums.tolist(), recs == shared

    results = _hammer([job] * N_THREADS, rounds=2)
    first = results[0][0]
    assert len(first[0]) == 1 and "hand 2" in first[0][0] and first[3] is True
    assert len(first[1]) == 2 and all(len(t) == 11 for t in first[1])   # 2 normal seats x 5 turns, 1 FL
    for res in results:
        assert res == [first, first]


RACE_SCRIPT = textwrap.dedent("""
    import sys, threading
    import numpy as np
    import ofc_fast as ofc
    from ofc_fast import _workers
    sys.setswitchinterval(1e-6)          # switch threads as often as possible
    rng = np.random.default_rng(0)
    pool = np.argsort(rng.random((4096, 52)), axis=1)[:, :5].astype(np.uint8)
    hands = np.resize(pool, (9 * _workers.CHUNK + 7, 5))
    want = ofc.strength(hands)
    errors = []
    for rnd in range(int(sys.argv[1])):
        _workers._pool, _workers._pool_size = None, 0   # as in a fresh process
        barrier = threading.Barrier(8)
        def run(i):
            barrier.wait()
            try:
                if not np.array_equal(ofc.strength(hands, workers=2 + i), want):
                    errors.append("wrong result")
            except Exception as e:
                errors.append(repr(e))
        threads = [threading.Thread(target=run, args=(i,)) for i in range(8)]
        for t in threads: t.start()
        for t in threads: t.join()
    print(len(errors), sorted(set(errors)))
""")


def test_threads_asking_for_different_worker_counts() -> None:
    """Threads that start at once with different ``workers`` (so the shared pool grows
    while others submit to it) all succeed: a pool being replaced must not be shut
    down under a caller that is about to submit to it."""
    # run outside the checkout, so that the installed package is imported
    proc = subprocess.run([sys.executable, "-c", RACE_SCRIPT, "40"], capture_output=True,
                          text=True, timeout=120, cwd=tempfile.gettempdir())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "0 []", proc.stdout


# --- Ctrl-C --------------------------------------------------------------------------

CHILD = textwrap.dedent("""
    import signal, sys, traceback
    import numpy as np
    import ofc_fast as ofc
    if sys.platform == "win32":   # Ctrl-Break is what can be sent to a child process there
        signal.signal(signal.SIGBREAK, signal.default_int_handler)
    workers, what = int(sys.argv[1]), sys.argv[2]
    rng = np.random.default_rng(0)
    if what == "strength":
        pool = np.argsort(rng.random((4096, 52)), axis=1)[:, :5].astype(np.uint8)
        big = np.resize(pool, (4_000_000, 5))
        call = lambda: ofc.strength(big, workers=workers)
    elif what == "score":
        pool = np.argsort(rng.random((4096, 52)), axis=1)[:, :39].astype(np.uint8)
        big = np.resize(pool, (400_000, 39)).reshape(-1, 3, 13)
        call = lambda: ofc.score(big, workers=workers)
    elif what == "fantasyland_against":   # one 17-card hand against two boards a call, ms each
        deals = np.argsort(rng.random((64, 52)), axis=1)[:, :43].astype(np.uint8)
        call = lambda: [ofc.solve_fantasyland(d[:17], "progressive", against=d[17:].reshape(2, 13))
                        for d in deals]
    else:   # Fantasyland hands set by the solver and played out, many seconds a call
        call = lambda: ofc.estimate_fantasyland_value("progressive", hands=10**5, completions=10,
                                                      normal_hands=1000, seed=1, workers=workers)
        ofc.estimate_fantasyland_value("progressive", hands=20, completions=4, normal_hands=1000,
                                       seed=1, workers=workers)
    if what != "fantasyland_value":
        call()
    print("ready", flush=True)
    while True:
        try:
            while True:
                call()
        except KeyboardInterrupt:
            # one call takes milliseconds, so a signal can land between two calls, where
            # Python itself raises it: say so and wait for the next one
            if any("ofc_fast" in frame.filename for frame in traceback.extract_tb(sys.exc_info()[2])):
                raise
            print("between calls", flush=True)
""")


# every long loop in the quick run, on 1 and on 2 workers; the slow run adds the other worker count
@pytest.mark.parametrize("workers,what", [pytest.param(1, "strength", marks=pytest.mark.slow), (2, "strength"),
                                          (2, "score"),
                                          pytest.param(1, "fantasyland_value", marks=pytest.mark.slow),
                                          (2, "fantasyland_value"), (1, "fantasyland_against")])
def test_sigint_stops_a_long_loop_promptly(workers: int, what: str) -> None:
    windows = sys.platform == "win32"
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(workers), what], cwd=tempfile.gettempdir(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            creationflags=subprocess.CREATE_NEW_PROCESS_GROUP if windows else 0)
    lines: queue.Queue[str | None] = queue.Queue()

    def read(stream: Any) -> None:
        for line in stream:
            lines.put(line.strip())
        lines.put(None)   # the child ended

    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        threading.Thread(target=read, args=(proc.stdout,), daemon=True).start()
        for _ in range(40):   # until a signal lands inside the library (the first, nearly always)
            time.sleep(0.2)
            start = time.monotonic()
            proc.send_signal(signal.CTRL_BREAK_EVENT if windows else signal.SIGINT)
            line = lines.get(timeout=5)
            assert time.monotonic() - start < 5
            if line is None:
                break
            assert line == "between calls", line
        else:
            pytest.fail("40 signals all landed between two calls")
        proc.wait(timeout=5)
        assert proc.stderr is not None
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "KeyboardInterrupt" in err, err
    # the usual exit of a Python killed by an uncaught KeyboardInterrupt
    assert proc.returncode in (-signal.SIGINT, 1, 128 + signal.SIGINT, 0xC000013A), (proc.returncode, err)
    assert "Traceback" in err and "ofc_fast" in err, err   # interrupted inside the library


def _interrupt_after(delay: float, how: str) -> threading.Timer:
    if how == "interrupt_main":
        timer = threading.Timer(delay, _thread.interrupt_main)
    else:
        timer = threading.Timer(delay, signal.raise_signal, args=(signal.SIGINT,))
    timer.start()
    return timer


# each way of pressing Ctrl-C once in the quick run (one on each worker count), every pair slow
@pytest.mark.parametrize(("how", "workers"), [
    ("interrupt_main", 1), ("raise_signal", 2), pytest.param("raise_signal", 1, marks=pytest.mark.slow),
    pytest.param("interrupt_main", 2, marks=pytest.mark.slow)])
def test_interrupt_in_process_then_next_call_is_right(how: str, workers: int) -> None:
    assert threading.current_thread() is threading.main_thread()
    if how == "raise_signal":
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    big = _cards(2_000_000, 5, 5)
    small = big[:N_SPLIT]
    want_small = ofc.strength(small)
    boards = _cards(N_SPLIT, 13, 6)
    want_boards = ofc.analyze(boards)
    deals = _cards(N_SPLIT, 26, 9).reshape(-1, 2, 13)
    want_deals = ofc.score(deals)
    timer = _interrupt_after(0.3, how)
    start = time.monotonic()
    start_cpu = cpu_seconds()
    interrupted = False
    calls = 0
    try:
        while time.monotonic() - start < 10:
            ofc.strength(big, workers=workers)
            calls += 1
    except KeyboardInterrupt:
        interrupted = True
    finally:
        timer.cancel()
        timer.join()
    elapsed = cpu_seconds() - start_cpu
    assert interrupted, "no KeyboardInterrupt reached the caller"
    assert elapsed < 5 * workers
    assert calls >= 1
    # the next calls are right, on one worker and on several
    for w in (1, workers, 3):
        assert np.array_equal(ofc.strength(small, workers=w), want_small)
        assert _equal(ofc.analyze(boards, workers=w), want_boards)
        assert _equal(ofc.score(deals, workers=w), want_deals)


def _interrupt_repeated(call: Callable[[], Any]) -> None:
    """Ctrl-C (interrupt_main) 0.2 s into repeated calls stops them within 5 s."""
    timer = _interrupt_after(0.2, "interrupt_main")
    start = time.monotonic()
    start_cpu = cpu_seconds()
    try:
        with pytest.raises(KeyboardInterrupt):
            while time.monotonic() - start < 10:
                call()
    finally:
        timer.cancel()
        timer.join()
    assert cpu_seconds() - start_cpu < 5


def test_interrupt_during_analyze_and_score() -> None:
    boards = _cards(1_000_000, 13, 12)
    deals = _cards(300_000, 39, 13).reshape(-1, 3, 13)
    want_b = ofc.analyze(boards[:1000])
    want_d = ofc.score(deals[:1000])
    for call in (lambda: ofc.analyze(boards, workers=2), lambda: ofc.score(deals, workers=2)):
        _interrupt_repeated(call)
        assert _equal(ofc.analyze(boards[:1000]), want_b)
        assert _equal(ofc.score(deals[:1000], workers=2), want_d)


def test_interrupt_during_joker_calls() -> None:
    """Ctrl-C stops the joker batch paths (analyze, score, strength with jokers) and the next
    call is right."""
    boards = _jokers(_cards(400_000, 13, 14), 2)
    deals = _jokers(_cards(200_000, 26, 15), 2).reshape(-1, 2, 13)
    hands = _jokers(_cards(3_000_000, 5, 16), 1)
    want_b = ofc.analyze(boards[:1000], JK)
    want_d = ofc.score(deals[:1000], JK)
    want_h = ofc.strength(hands[:1000], rules=JK)
    for call in (lambda: ofc.analyze(boards, JK, workers=2), lambda: ofc.score(deals, JK, workers=2),
                 lambda: ofc.strength(hands, rules=JK, workers=1)):
        _interrupt_repeated(call)
        assert _equal(ofc.analyze(boards[:1000], JK), want_b)
        assert _equal(ofc.score(deals[:1000], JK, workers=2), want_d)
        assert _equal(ofc.strength(hands[:1000], rules=JK), want_h)


def test_best_move_from_many_threads() -> None:
    """best_move (issue 29) from 6 threads at once, each with its own worker threads: the
    serial answer every time."""
    pos = (["-- / -- / --"] * 2, "Ah Ad 7c 8c 9c")
    want = ofc.best_move(pos, budget=200, seed=3)
    jobs = [lambda w=w: ofc.best_move(pos, budget=200, seed=3, workers=w) for w in (1, 2) * 3]
    for res in _hammer(jobs, rounds=2):
        for m in res:
            assert m.codes == want.codes and (m.mean == want.mean).all() and (m.n == want.n).all()


def test_review_from_many_threads() -> None:
    """review (issue 30) from 4 threads at once, on its own threads or not: the serial review
    every time (each decision's seed comes from the seat's view, not from shared state)."""
    g = ofc.Game("pineapple", 2, seed=4)
    g.play_hand("heuristic")
    recs = ofc.records_from_json(g.to_json())
    want = ofc.review(recs, budget=10, seed=3)
    jobs = [lambda w=w: ofc.review(recs, budget=10, seed=3, workers=w) for w in (1, 2) * 2]
    for res in _hammer(jobs, rounds=1):
        for r in res:
            assert r == want
