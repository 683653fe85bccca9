"""The read path's bookkeeping, off the turn: forgetting counters, kept selections and
degraded-turn events are written by one background thread, so a locked store never holds a
context call (:class:`Bookkeeping`)."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout

from souvenir.threads import yield_to_turns

__all__ = ["MAX_BOOKKEEPING", "SETTLE_S", "Bookkeeping"]

#: Pending bookkeeping jobs (counters, selections, degraded events) past which new ones are
#: dropped and counted: a store locked for long must not grow the queue without bound.
MAX_BOOKKEEPING = 1000
#: Longest a read (diagnostics, export, forgotten…) waits for pending bookkeeping (seconds).
SETTLE_S = 2.0


class Bookkeeping:
    """One worker thread running best-effort jobs in order. ``counters``: the engine's
    in-process counts, where ``bookkeeping_dropped`` counts the jobs refused past
    :data:`MAX_BOOKKEEPING` pending ones."""

    def __init__(self, counters: Counter[str]) -> None:
        self.counters = counters
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="souvenir-counters",
                                            initializer=yield_to_turns)
        self._pending = 0
        self._pending_lock = threading.Lock()

    def later(self, fn: Callable[..., object], *args: object,
              on_drop: Callable[[], None] | None = None) -> None:
        """Run ``fn(*args)`` off the turn; dropped (counted, and ``on_drop`` called) past
        :data:`MAX_BOOKKEEPING` pending jobs, when the store stays locked."""
        with self._pending_lock:
            if self._pending >= MAX_BOOKKEEPING:
                self.counters["bookkeeping_dropped"] += 1
                if on_drop is not None:
                    on_drop()
                return
            self._pending += 1

        def run() -> None:
            try:
                fn(*args)
            finally:
                with self._pending_lock:
                    self._pending -= 1

        self._executor.submit(run)

    def flush(self, timeout_s: float | None = SETTLE_S) -> None:
        """Wait until the jobs submitted so far are done, at most ``timeout_s`` (seconds;
        ``None`` = until done): the reads that call it go on without them when the store is
        locked (each queued write waits its own bound)."""
        try:
            self._executor.submit(lambda: None).result(timeout=timeout_s)
        except FuturesTimeout:
            pass

    def close(self) -> None:
        """Finish the pending jobs and stop the thread."""
        self._executor.shutdown(wait=True)
