"""Another replica's erasure reaches this process's caches of what was read from texts.

An erasure drops, in the process that makes it, what the process read from the erased texts:
the lexical caches' readings (:mod:`souvenir.lexical.erased_readings`) and the query vectors
kept of a chat's turns (:mod:`souvenir.index.query_vectors`). Two instances on one PostgreSQL
database (replicas) each hold their own: an erasure made by one left the other's readings and
vectors of the erased texts in memory until eviction — and those caches are keyed by text,
never by user, so the other instance cannot tell which entries were the erased ones.

The store counts every erasure (migration 0026): each erasure's transaction moves the one row
of ``erasure_clock`` on and writes which instance it was in ``erasure_log`` (the last
:data:`LOG_KEPT` erasures). The row's lock orders erasures: a number read is every smaller
one committed. Each context reads the number in the round trip it already makes
(:meth:`~souvenir.store.base.SQLStore.find_user_story`, no other query); when it moved,
:meth:`ErasureWatch.observe` reads which instances erased since (one indexed range, only
then), and when any was another — or the log no longer holds them all — drops every entry of
those caches (:func:`souvenir.lexical.text_cache.forget_all`): read again when next needed.
An erasure of this instance's own moves nothing here (it dropped its texts' entries itself).

Bounds: an erasure elsewhere empties this process's caches at its next context (a process
serving no context meanwhile keeps them until it serves one); erasures are ordered store-wide
(each holds the row's lock from its tick to its commit: the tick is the erasure's last
statement)."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable

__all__ = ["LOG_KEPT", "ErasureWatch", "tick_erasure_clock"]

#: Erasures whose instance the log keeps: an instance that saw none of the last ones read
#: (a lag longer than this) empties its caches as for another's.
LOG_KEPT = 4096


def tick_erasure_clock(conn, instance: str) -> int:
    """Inside an erasure's transaction, as its last statement: the store's erasure number moves
    on (the row stays locked until the commit), ``instance`` made it; returns the number."""
    n = conn.execute("UPDATE erasure_clock SET n = n + 1 WHERE id = 1 RETURNING n").fetchone()[0]
    conn.execute("INSERT INTO erasure_log (n, instance) VALUES (?, ?)", (n, instance))
    conn.execute("DELETE FROM erasure_log WHERE n <= ?", (n - LOG_KEPT,))
    return int(n)


class ErasureWatch:
    """One store instance's view of the store's erasure number (module docstring).

    ``instance``: this instance's random mark (never a secret: it names no one); ``seen``: the
    number up to which every erasure was taken into account (``None`` before the first read);
    ``counts``: ``foreign`` (erasures elsewhere seen) and ``cleared`` (times the caches were
    emptied for them), for ``/metrics``."""

    def __init__(self, clear: Callable[[], object]) -> None:
        self.instance = secrets.token_hex(8)
        self.seen: int | None = None
        self.counts = {"foreign": 0, "cleared": 0}
        self._clear = clear
        self._lock = threading.Lock()

    def start(self, n: int | None) -> None:
        """The number when the instance opened (nothing read from any text yet)."""
        with self._lock:
            if self.seen is None and n is not None:
                self.seen = int(n)

    def observe(self, n: int | None, log: Callable[[int, int], list[tuple[int, str]]]) -> bool:
        """The store's number ``n`` as a context read it; ``log(after, upto)``: the log's
        (number, instance) rows in that range. Empties the caches when an erasure of another
        instance is among those not yet seen; ``True`` then."""
        if n is None:
            return False
        n = int(n)
        with self._lock:
            seen = self.seen
            if seen is None or n == seen:
                if seen is None:
                    self.seen = n
                return False
        if n < seen:  # another database behind the same name (a restore): nothing is known
            foreign = 1
        else:
            rows = log(seen, n)
            foreign = sum(1 for _, made_by in rows if made_by != self.instance) + (n - seen - len(rows))
        with self._lock:
            if self.seen == seen:
                self.seen = n
            elif self.seen is not None and n > self.seen:
                self.seen = n
        if foreign:
            self.counts["foreign"] += foreign
            self.counts["cleared"] += 1
            self._clear()
            return True
        return False
