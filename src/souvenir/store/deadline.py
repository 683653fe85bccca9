"""One deadline for a whole operation: every wait it makes on the store fits in it.

A face's call (the library's :class:`~souvenir.library.Souvenir`, hence REST, MCP, the
proxy) runs inside :func:`bounded`; the store's waits — this process's writer lock, SQLite's
busy handler, PostgreSQL's pool and ``lock_timeout``, the wait for pending bookkeeping — take
at most what is :func:`left` of it, so an operation made of several transactions and reads
does not add their bounds up. Past the deadline a wait becomes one try without waiting: an
operation that was merely slow still succeeds when nothing holds the store; one that meets a
held lock raises :class:`~souvenir.ground.errors.StoreBusyError`.

Bounds (seconds, of waiting; the work itself is not cut): :data:`WRITE_BOUND_S` for a
write, :data:`READ_BOUND_S` for a read. They come from the service's promise under a lock
held by another process (issue 27: a write answered 503 within 5 s, a read within 1 s),
less the room the rest of a request takes (docs/operations.md, "A store locked by another
process"). The deadline is a context variable: each thread (each request) has its own, and
the background threads (bookkeeping, worker, indexer) have none (the store's
``busy_timeout_s`` per transaction).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["READ_BOUND_S", "WRITE_BOUND_S", "active", "bound_methods", "bounded", "left"]

#: Longest a write waits on the store, all its waits together (then 503 / StoreBusyError).
WRITE_BOUND_S = 4.5
#: Longest a read waits on the store (pool, locks, pending bookkeeping) all together.
READ_BOUND_S = 0.6

#: A wait past the deadline still gets this much (seconds): a lock held for a moment by this
#: process's own background writer (bookkeeping, indexer) does not fail a slow operation.
MIN_WAIT_S = 0.1

_deadline: ContextVar[float | None] = ContextVar("souvenir_store_deadline", default=None)


@contextmanager
def bounded(seconds: float) -> Iterator[None]:
    """Run the block with at most ``seconds`` of store waits from now (an enclosing,
    earlier deadline is kept)."""
    ends = time.monotonic() + seconds
    outer = _deadline.get()
    token = _deadline.set(ends if outer is None else min(outer, ends))
    try:
        yield
    finally:
        _deadline.reset(token)


def left(default: float) -> float:
    """Seconds a wait may take now: ``default`` (the wait's own bound) or what is left of
    the operation's deadline, whichever is less; :data:`MIN_WAIT_S` once it has passed."""
    ends = _deadline.get()
    if ends is None:
        return default
    return min(default, max(MIN_WAIT_S, ends - time.monotonic()))


def active() -> bool:
    """Whether the calling context runs under a deadline."""
    return _deadline.get() is not None


def bound_methods(cls: type, reads: Iterable[str], writes: Iterable[str]) -> None:
    """Run each named method of ``cls`` inside :func:`bounded`: ``reads`` with
    :data:`READ_BOUND_S`, ``writes`` with :data:`WRITE_BOUND_S` (a face's calls)."""
    for names, seconds in ((reads, READ_BOUND_S), (writes, WRITE_BOUND_S)):
        for name in names:
            setattr(cls, name, _bounded_method(getattr(cls, name), seconds))


def _bounded_method(method: Callable, seconds: float) -> Callable:
    @functools.wraps(method)
    def call(*args, **kwargs):
        with bounded(seconds):
            return method(*args, **kwargs)

    return call
