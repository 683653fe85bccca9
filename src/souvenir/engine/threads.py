"""Thread priority for background work that must not take the core a turn needs."""

from __future__ import annotations

import os
import sys
import threading

__all__ = ["yield_to_turns"]


def yield_to_turns() -> None:
    """Lower the calling thread's CPU priority (Linux: a thread has its own nice value).

    The bookkeeping thread writes every candidate's forgetting counter after each turn (15 ms
    at 3,000 memories); on a busy 2-core machine it took the core the next turn needed: a
    context call's p50 / p99 went from 10 / 24 ms to 5 / 14-21 ms at 3,000 memories with it
    at nice 15 (docs/benchmarks.md, "Latency"). Elsewhere a no-op.
    """
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 15)
        except OSError:  # not allowed here: the thread keeps its priority
            pass
