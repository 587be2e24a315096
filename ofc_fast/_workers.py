"""Running a batch kernel over row ranges, on one thread or several.

A kernel is ``kernel(start, stop) -> int``: it processes rows [start, stop)
without the GIL and returns -1, or the index of the first invalid row.  Work
is cut into chunks of a few hundred microseconds so that Ctrl-C is noticed
between chunks (the interpreter runs signal handlers whenever a chunk returns
to Python) and worker threads stop early once one of them fails or the
caller is interrupted.  The row reported is always the first invalid one,
whatever the number of threads.
"""
from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import TypeVar

from ._checks import check_int

Kernel = Callable[[int, int], int]
T = TypeVar("T")

#: rows per chunk; a chunk of 5-card hands takes about 0.2 ms
CHUNK = 1 << 16

_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


def _forget_pool_in_child() -> None:
    """After fork: the child has the pool's bookkeeping but none of its threads
    (only the forking thread survives), so submitting to it would wait forever.
    Drop it and start from no pool; the lock may have been held at the fork."""
    global _pool, _pool_size, _pool_lock
    _pool = None
    _pool_size = 0
    _pool_lock = threading.Lock()


if hasattr(os, "register_at_fork"):  # not on Windows, which has no fork
    os.register_at_fork(after_in_child=_forget_pool_in_child)


def cpu_count() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def resolve_workers(workers: object, name: str = "workers") -> int:
    """Thread count for ``workers=`` (or the argument ``name``): a positive int, or -1 for
    every core."""
    workers = check_int(workers, name, "an int (-1 for all cores)")
    if workers == -1:
        return cpu_count()
    if workers < 1:
        raise ValueError(f"{name} must be a positive int or -1 for all cores, got {workers}")
    return workers


def _get_pool(size: int) -> ThreadPoolExecutor:
    global _pool, _pool_size
    with _pool_lock:
        if _pool is None or _pool_size < size:
            # the smaller pool is dropped, not shut down: other threads may be
            # submitting to it now; its idle workers exit once it is collected
            _pool = ThreadPoolExecutor(max_workers=size, thread_name_prefix="ofc_fast")
            _pool_size = size
        return _pool


class _FirstBad:
    """The smallest failing row found so far; parts past it stop early."""

    def __init__(self, n: int) -> None:
        self.row = n
        self.lock = threading.Lock()

    def report(self, row: int) -> None:
        with self.lock:
            self.row = min(self.row, row)


def _run_range(kernel: Kernel, start: int, stop: int, first: _FirstBad, chunk: int = CHUNK) -> int:
    for lo in range(start, stop, chunk):
        if lo > first.row:  # a row before this one already failed
            return -1
        bad = kernel(lo, min(lo + chunk, stop))
        if bad >= 0:
            first.report(bad)
            return bad
    return -1


def run(kernel: Kernel, n: int, workers: int, chunk: int = CHUNK,
        stop: Callable[[], None] | None = None) -> int:
    """Run ``kernel`` over rows [0, n); the first invalid row index, or -1.

    The answer does not depend on ``workers``: each thread takes a contiguous
    part and the smallest failing row over all parts is returned.  ``chunk``:
    rows per call of ``kernel`` (fewer for kernels that do more per row:
    Fantasyland hands).  ``stop``: for a kernel whose C loop polls a stop flag
    (one row may take seconds): every part runs on a pool thread while this
    one waits, so Ctrl-C lands at once, and ``stop()`` (called on an
    interrupt) sets the flag, so the parts end within milliseconds.
    """
    threads = min(workers, max(1, -(-n // chunk)))
    first_bad = _FirstBad(n)
    extra = {} if chunk == CHUNK else {"chunk": chunk}
    if threads == 1 and stop is None:
        return _run_range(kernel, 0, n, first_bad, **extra)
    bounds = [n * i // threads for i in range(threads + 1)]
    here = stop is None   # this thread takes the first part, or only waits
    pool = _get_pool(threads - here)
    futures: list[Future[int]] = [
        pool.submit(_run_range, kernel, bounds[i], bounds[i + 1], first_bad, **extra)
        for i in range(int(here), threads)
    ]
    try:
        if here:
            _run_range(kernel, bounds[0], bounds[1], first_bad, **extra)
        pending = set(futures)
        while pending:  # a timed wait lets Ctrl-C through
            _, pending = wait(pending, timeout=0.05)
    except BaseException:
        first_bad.report(-1)  # every part stops at its next chunk
        if stop is not None:
            stop()            # and within its chunk
        wait(futures)
        raise
    for f in futures:
        f.result()  # re-raise an exception from a worker
    return first_bad.row if first_bad.row < n else -1


def call(fn: Callable[[], T], stop: Callable[[], None]) -> T:
    """``fn()`` (a C call that polls a stop flag) on a pool thread while this thread waits:
    Ctrl-C lands at once, ``stop()`` sets the flag, and the interrupt is raised once
    ``fn`` has returned."""
    future = _get_pool(1).submit(fn)
    try:
        while not future.done():   # a timed wait lets Ctrl-C through
            wait([future], timeout=0.05)
    except BaseException:
        stop()
        wait([future])
        raise
    return future.result()
