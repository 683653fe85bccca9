"""Each user's :class:`~souvenir.write.pool_reach.PoolIndex`, kept by the :class:`~souvenir.engine.writer.Writer`.

Derived, never a truth: before each decision the writer brings the user's index in step with the
active memories the store just gave (:meth:`PoolIndex.sync`: a walk of the ids, reading only the
memories added or reworded since), so a write by another process or a restart costs a re-read, never a
wrong decision. Held for the users written most recently, up to :data:`MAX_HELD` memories in all (the
least recently written user's index goes first; one user's is always kept): about 2.5 KB a memory
(its reach keys and its dedup fingerprint; docs/benchmarks.md, "Decide against the user's memories").
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

from souvenir.types import Memory
from souvenir.write.pool_reach import PoolIndex

__all__ = ["MAX_HELD", "WritePools"]

MAX_HELD = 100_000
"""Memories held in all users' indexes (~250 MB at 2.5 KB a memory); beyond it the least recently
written users' indexes are dropped (rebuilt at their next write)."""


class WritePools:
    """The users' indexes, most recently written last. Thread-safe for the map; one user's index is
    used under that user's write lock (``Store.lock_user``)."""

    def __init__(self, max_held: int = MAX_HELD) -> None:
        self.max_held = max_held
        self._pools: OrderedDict[int, PoolIndex] = OrderedDict()
        self._lock = threading.Lock()

    def synced(self, user_id: int, memories: Sequence[Memory]) -> PoolIndex:
        """The index of ``user_id`` holding exactly ``memories`` (created or brought in step here)."""
        with self._lock:
            index = self._pools.pop(user_id, None) or PoolIndex()
            self._pools[user_id] = index
        index.sync(memories)
        with self._lock:
            held = sum(len(p) for p in self._pools.values())
            while held > self.max_held and len(self._pools) > 1:
                first = next(iter(self._pools))
                if first == user_id:
                    self._pools.move_to_end(first)
                    continue
                held -= len(self._pools.pop(first))
        return index

    def forget(self, user_id: int) -> None:
        """Drop ``user_id``'s index (its memories were erased: nothing of them stays in memory)."""
        with self._lock:
            self._pools.pop(user_id, None)
