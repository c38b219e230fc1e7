"""Hopping from background threads (serial reader, gpiozero callbacks) to the main thread.

Everything in ``hardware/`` that calls the application takes a ``post`` callable: it receives a
function of no arguments and must arrange for it to run on the main thread. In the Kivy app that
is ``lambda fn: Clock.schedule_once(lambda _dt: fn())``; the command line and the tests use a
:class:`MainThreadQueue`.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable

Post = Callable[[Callable[[], None]], None]
"""Schedules a call on the application's main thread; must not block."""


class MainThreadQueue:
    """A queue of calls that the main thread runs when it chooses (:meth:`run_pending`)."""

    def __init__(self) -> None:
        self._calls: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()

    def post(self, call: Callable[[], None]) -> None:
        """Queue ``call``; safe from any thread, never blocks."""
        self._calls.put(call)

    def run_pending(self, timeout: float = 0.0) -> int:
        """Run the queued calls, waiting up to ``timeout`` seconds for the first one; returns
        how many ran."""
        ran = 0
        try:
            call = self._calls.get(timeout=timeout) if timeout > 0 else self._calls.get_nowait()
        except queue.Empty:
            return 0
        while True:
            call()
            ran += 1
            try:
                call = self._calls.get_nowait()
            except queue.Empty:
                return ran

    def run_until(self, done: Callable[[], bool], timeout: float) -> bool:
        """Run queued calls as they come until ``done()`` is true or ``timeout`` seconds pass;
        returns ``done()``."""
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                return done()
            self.run_pending(timeout=min(left, 0.05))
        return True
