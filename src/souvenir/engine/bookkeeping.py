"""The read path's bookkeeping, off the turn: forgetting counters, kept selections and
degraded-turn events are written by one background thread, so a locked store never holds a
context call (:class:`Bookkeeping`)."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from contextlib import contextmanager

from souvenir.store.deadline import active, left
from souvenir.engine.threads import yield_to_turns

__all__ = ["MAX_BOOKKEEPING", "SETTLE_S", "Bookkeeping"]

#: Pending bookkeeping jobs (counters, selections, degraded events) past which new ones are
#: dropped and counted: a store locked for long must not grow the queue without bound.
MAX_BOOKKEEPING = 1000
#: Longest a read (diagnostics, export, forgotten…) waits for pending bookkeeping (seconds).
SETTLE_S = 2.0
#: A bookkeeping job running longer than this (seconds) waits on the store, not on work (one
#: takes milliseconds: 15 ms at 3,000 memories): a read stops waiting for it.
STALL_S = 0.25


class Bookkeeping:
    """One worker thread running best-effort jobs in order. ``counters``: the engine's
    in-process counts, where ``bookkeeping_dropped`` counts the jobs refused past
    :data:`MAX_BOOKKEEPING` pending ones."""

    def __init__(self, counters: Counter[str]) -> None:
        self.counters = counters
        self._executor = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="souvenir-counters", initializer=yield_to_turns
        )
        self._pending = 0
        self._pending_lock = threading.Lock()
        self._running_since: float | None = None
        #: when the last job was queued (``time.monotonic()``)
        self.last_job = time.monotonic()
        #: called at the start of each :meth:`flush`, to queue work kept for when it is
        #: read (:class:`~souvenir.engine.explanations.Explanations`)
        self.before_flush: list[Callable[[], None]] = []

    def later(self, fn: Callable[..., object], *args: object, on_drop: Callable[[], None] | None = None) -> None:
        """Run ``fn(*args)`` off the turn; dropped (counted, and ``on_drop`` called) past
        :data:`MAX_BOOKKEEPING` pending jobs, when the store stays locked."""
        self.last_job = time.monotonic()
        with self._pending_lock:
            if self._pending >= MAX_BOOKKEEPING:
                self.counters["bookkeeping_dropped"] += 1
                if on_drop is not None:
                    on_drop()
                return
            self._pending += 1

        def run() -> None:
            self._running_since = time.monotonic()
            try:
                fn(*args)
            finally:
                self._running_since = None
                with self._pending_lock:
                    self._pending -= 1

        self._executor.submit(run)

    @contextmanager
    def computing(self) -> Iterator[None]:
        """Around a job's work that reads no store (a large user's scores completed, the message
        alone scored for the page's conversation part: tens to hundreds of milliseconds of CPU
        on a loaded machine): a read waiting for the bookkeeping does not take it for a job
        stalled on the store (:data:`STALL_S`) and waits for it, within its own bound. The
        job's stall clock starts again after it. On the bookkeeping thread only."""
        self._running_since = None
        try:
            yield
        finally:
            self._running_since = time.monotonic()

    def flush(self, timeout_s: float | None = SETTLE_S) -> None:
        """Wait until the jobs submitted so far are done, at most ``timeout_s`` (seconds;
        ``None`` = until done): the reads that call it go on without them when the store is
        locked (each queued write waits its own bound).
        Inside an operation's deadline (:mod:`souvenir.store.deadline`) it waits no longer
        than what is left of it, and not at all once the job running has taken more than
        :data:`STALL_S` (a store locked by another process: the job waits out its own bound).
        The work kept for when it is read (:attr:`before_flush`) is queued first.
        """
        for queue in self.before_flush:
            queue()
        done = self._executor.submit(lambda: None)
        wait = left(timeout_s) if timeout_s is not None else (left(SETTLE_S) if active() else None)
        if wait is None:
            done.result()
            return
        ends = time.monotonic() + wait
        while True:
            try:
                done.result(timeout=max(0.0, min(0.05, ends - time.monotonic())))
                return
            except FuturesTimeout:
                since = self._running_since
                if time.monotonic() >= ends or (since is not None and time.monotonic() - since > STALL_S):
                    return

    def close(self) -> None:
        """Finish the pending jobs and stop the thread."""
        self._executor.shutdown(wait=True)
