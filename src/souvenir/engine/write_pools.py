"""Each user's :class:`~souvenir.write.pool_reach.PoolIndex`, kept by the :class:`~souvenir.engine.writer.Writer`.

Derived, never a truth: before each decision the writer brings the user's index in step with the
active memories the store just gave (:meth:`PoolIndex.sync`: a walk of the ids, reading only the
memories added or reworded since), so a write by another process or a restart costs a re-read, never a
wrong decision. Held for the users written most recently, up to :data:`MAX_HELD` memories in all (the
least recently written user's index goes first; one user's is always kept): about 2.5 KB a memory
(its reach keys and its dedup fingerprint; docs/benchmarks.md, "Decide against the user's memories").

A user's first write in a process builds the index (~0.3 ms a memory: 28 s of CPU at 100,000) *before*
the store's write lock (:meth:`WritePools.warm`, from a read of the user's memories outside any
transaction): under the lock, :meth:`WritePools.synced` then only reads what changed in between. On
SQLite the write lock is the whole file's, so a build under it stalled every user's write. A large
index is then settled out of the cycle collector's walks (:data:`SETTLE_FROM`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence

from souvenir.engine.warm_reads import settle_heap
from souvenir.ground.types import Memory
from souvenir.write.pool_reach import PoolIndex

__all__ = ["MAX_HELD", "SETTLE_FROM", "WritePools"]

MAX_HELD = 100_000
"""Memories held in all users' indexes (~250 MB at 2.5 KB a memory); beyond it the least recently
written users' indexes are dropped (rebuilt at their next write)."""


SETTLE_FROM = 10_000
"""Memories from which a built index is moved out of the cycle collector's generations
(:func:`~souvenir.engine.warm_reads.settle_heap`): its millions of small objects were walked by every
full collection that a write's read of the user's memories set off — at 50,000 memories the
fingerprints' list of one decide took 326 ms of CPU, 21 ms once settled, and the median decide 0.153 →
0.061 s (docs/benchmarks.md, "Decide against the user's memories", session 20). The index holds no
cycle: reference counting still frees it."""


class WritePools:
    """The users' indexes, most recently written last. Thread-safe for the map; one user's index is
    used under that user's write lock (``Store.lock_user``); an index :meth:`warm` builds is its own
    until it is published, complete, into the map."""

    def __init__(self, max_held: int = MAX_HELD) -> None:
        self.max_held = max_held
        self._pools: OrderedDict[int, PoolIndex] = OrderedDict()
        self._lock = threading.Lock()
        #: one build at a time a user (a second writer of the user waits for it, outside the store's lock)
        self._gates: dict[int, threading.Lock] = {}
        #: counts the erasures: a build that saw one begin after its read is not published
        self._erasures = 0

    def warm(self, user_id: int, read: Callable[[], Sequence[Memory]]) -> None:
        """Build ``user_id``'s index from ``read()`` (the user's active memories, read outside the
        store's write lock) when none is held: call it before taking that lock. Nothing when one is
        held (the lock's :meth:`synced` brings it in step). A build during which the user's memories
        were erased (:meth:`forget`) is dropped: nothing of an erased text stays held."""
        with self._lock:
            if user_id in self._pools:
                return
            gate = self._gates.setdefault(user_id, threading.Lock())
        with gate:
            with self._lock:
                if user_id in self._pools:
                    return
                erasures = self._erasures
            index = PoolIndex()
            index.sync(read())
            with self._lock:
                if self._gates.get(user_id) is gate:
                    del self._gates[user_id]
                kept = erasures == self._erasures and user_id not in self._pools
                if kept:
                    self._pools[user_id] = index
                    self._trim(user_id)
            if kept and len(index) >= SETTLE_FROM:
                settle_heap()

    def synced(self, user_id: int, memories: Sequence[Memory]) -> PoolIndex:
        """The index of ``user_id`` holding exactly ``memories`` (created or brought in step here)."""
        with self._lock:
            index = self._pools.pop(user_id, None) or PoolIndex()
            self._pools[user_id] = index
        index.sync(memories)
        with self._lock:
            self._trim(user_id)
        return index

    def _trim(self, user_id: int) -> None:
        """Drop the least recently written users' indexes beyond :attr:`max_held` (``user_id``'s kept);
        under ``self._lock``."""
        held = sum(len(p) for p in self._pools.values())
        while held > self.max_held and len(self._pools) > 1:
            first = next(iter(self._pools))
            if first == user_id:
                self._pools.move_to_end(first)
                continue
            held -= len(self._pools.pop(first))

    def clear(self) -> None:
        """Hold no user's index (the engine closed)."""
        with self._lock:
            self._erasures += 1
            self._pools.clear()

    def forget(self, user_id: int) -> None:
        """Drop ``user_id``'s index (its memories were erased: nothing of them stays in memory)."""
        with self._lock:
            self._erasures += 1
            self._pools.pop(user_id, None)
