"""Ctrl-C for the tests: interrupt the main thread until the call under test stops.

Python drops a KeyboardInterrupt that lands in a weakref callback or a
``__del__`` ("Exception ignored in ..."), so one Ctrl-C can be lost, as a user's
sometimes is; the user presses again, and so does this.  What the tests hold the
library to: the call stops soon after an interrupt that Python delivers.
"""
from __future__ import annotations

import _thread
import contextlib
import gc
import signal
import threading
import time
from collections.abc import Callable, Iterator


@contextlib.contextmanager
def pressing_ctrl_c(first: float = 0.3, every: float = 0.5, times: int = 20,
                    press: Callable[[], None] = _thread.interrupt_main) -> Iterator[None]:
    """Ctrl-C ``first`` seconds in, then every ``every`` seconds (``times`` at most)
    while the block runs.  ``press``: ``_thread.interrupt_main`` or a real SIGINT."""
    done = threading.Event()

    def presser() -> None:
        if done.wait(first):
            return
        for _ in range(times):
            press()
            if done.wait(every):
                return

    # gc callbacks (hypothesis installs one) would swallow a press as "Exception ignored"
    # and print it: they wait until the block ends
    callbacks = gc.callbacks[:]
    gc.callbacks.clear()
    thread = threading.Thread(target=presser, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        while True:   # a press that came as the block ended is taken here, not by the test
            try:
                thread.join()
                time.sleep(0.02)
                break
            except KeyboardInterrupt:
                continue
        gc.callbacks[:] = callbacks + [c for c in gc.callbacks if c not in callbacks]


def raise_sigint() -> None:
    """A real SIGINT to this process (the handler runs in the main thread)."""
    signal.raise_signal(signal.SIGINT)


def cpu_seconds() -> float:
    """CPU seconds this process has used, all its threads: how long a call took to stop,
    in a unit that other processes loading the machine do not stretch. (Wall time does:
    the bounds on it failed now and then on a loaded 2-core machine.)"""
    return time.process_time()
