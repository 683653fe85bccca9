"""The read path's cache: each user's active memories and vectors, kept between turns by
each process (each replica), on SQLite and on PostgreSQL.

Without it every turn reads all the user's memories and all their vectors from the store:
at 3,000 memories about 35 ms on SQLite and 88 ms on PostgreSQL, at 100,000 about 2 s and
3.5 s (docs/benchmarks.md). With it a turn reads one row — the user's tick — and, when
something changed, only the rows that changed.

The store stays the only truth. The ticks come from the database, written by triggers in
the same transaction as the change, whoever makes it (this process, another replica, a
hand-written UPDATE): ``read_ticks`` holds the user's last tick and the last one that
deleted a row, ``memory_ticks`` each memory's last tick (its vectors' writes included).
A turn reads the user's tick first, then the rows changed since the tick it holds, so the
cache is never older than the tick it is stamped with, provided a tick is visible only
once every smaller one is:

* SQLite (migration 0006): one clock for the file; writers are serialised, so tick order
  is commit order;
* PostgreSQL (migration 0019): one clock per user, the ``read_ticks`` row itself. A writer
  takes the next tick with an UPDATE of that row, whose lock it holds until it commits or
  rolls back; the user's next writer waits for it and counts on from the committed value.
  A user's ticks are therefore committed in order: a replica that reads tick T (one round
  trip, at the start of each read) reads every change up to T, whichever replica made it.
  The cost is on writes: one user's writes to memories and vectors are serialised (they
  already are, by the per-user advisory lock of the write path), and two transactions
  writing vectors of the same users in opposite orders may deadlock (PostgreSQL cancels
  one: a busy store, retried by the indexer's next pass).

Never filled inside a write transaction (it would hold uncommitted rows). The forgetting
counters move without a tick (a turn's bookkeeping does not invalidate the cache): the
cached memories' counters are those of their last real change (read ``memories()`` for
current counters).

Memory: each cached memory holds its :class:`~souvenir.ground.types.Memory` (about 1 KB with its
text) and one float32 vector per embedder read (512 dims with USE: 2 KiB; e5's 384: 1.5
KiB), and, once a large user's coarse cosines were asked for (``coarse_scores``), its
window vectors projected on their leading directions (96 floats: 384 bytes a memory);
``max_memories`` bounds the total (``cache_memories`` of the store, default
:data:`DEFAULT_MAX_MEMORIES`) and ``max_users`` the users, least recently used users first
out. ``counts``: hits, refreshes, reloads and evictions (``/metrics``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from souvenir.ground.blas import coarse_query, dot_columns, dot_rows, gathered_dot, leading_directions, project_columns
from souvenir.candidates.position_sets import unique
from souvenir.candidates import Pool
from souvenir.store.memory_rows import MEMORY_COLUMNS, memory_from_row
from souvenir.ground.types import Memory

#: Memories kept across all users (about 300 MB per 100,000 with USE vectors).
DEFAULT_MAX_MEMORIES = 200_000
#: Users kept (a user without memories costs a little too).
MAX_USERS = 10_000

#: Rows from which :meth:`_Block._subset` finds ids by a table, and how spread the ids may
#: be (span over count) for one (a user's ids are mostly consecutive: span ≈ count).
_LOOKUP_FROM = 10_000
_LOOKUP_SPAN = 4
_CHUNK = 5000  # vectors per read when a user's matrix is read whole
_IDS = 500  # ids per IN (…) list when changed vectors are read
_CHANGED = "SELECT memory_id FROM memory_ticks WHERE user_id = ? AND tick > ?"
_VECTORS = (
    "SELECT v.memory_id, v.vector FROM vectors v JOIN memories m ON m.id = v.memory_id "
    "WHERE m.user_id = ? AND m.status = 'active' AND v.embedder = ? "
    "AND v.content_hash = m.content_hash"
)


class _Block:
    """One embedder's vectors of one user: rows in slots, a freed slot reused."""

    def __init__(self, ids: list[int], vectors: list[bytes]) -> None:
        self.dim = len(vectors[0]) // 4 if vectors else 0
        n = len(ids)
        self.matrix = np.empty((max(n, 16), self.dim), np.float32)
        if n:
            self.matrix[:n] = np.frombuffer(b"".join(vectors), np.float32).reshape(n, self.dim)
        self.slot_ids = np.full(self.matrix.shape[0], -1, np.int64)
        self.slot_ids[:n] = ids
        self.slot_of = dict(zip(ids, range(n)))
        self.free: list[int] = []
        self.used = n
        self._order: np.ndarray | slice | None = None
        self._table: np.ndarray | None = None  # id → index among the live ids (_lookup)
        # The rows projected on their leading directions (slots × k), those directions
        # and how many live rows they were read on: made on first use, rows kept current
        # by ``update`` (the large user's coarse path, souvenir.read.scoring.shortlist).
        self._coarse: np.ndarray | None = None
        self._basis: np.ndarray | None = None
        self._basis_rows = 0

    def update(self, changed: list[int], rows: list[tuple[int, bytes]]) -> bool:
        """Drop the changed memories' vectors, then put the current ones. False when a
        vector's size differs (the block is then read again whole)."""
        touched: list[int] = []
        for memory_id in changed:
            slot = self.slot_of.pop(memory_id, None)
            if slot is not None:
                self.slot_ids[slot] = -1
                self.matrix[slot] = 0.0
                self.free.append(slot)
                touched.append(slot)
        for memory_id, blob in rows:
            if len(blob) != self.dim * 4:
                return False
            # A vector rewritten between the refresh's two reads comes back for a memory
            # not in ``changed``: overwrite its slot, never give it a second one.
            slot = self.slot_of.get(memory_id)
            if slot is None:
                slot = self.free.pop() if self.free else self._append()
            self.matrix[slot] = np.frombuffer(blob, np.float32)
            self.slot_ids[slot] = memory_id
            self.slot_of[memory_id] = slot
            touched.append(slot)
        self._order = None
        self._table = None
        if self._coarse is not None and self._basis is not None:
            if self._coarse.shape[1] < self.matrix.shape[0]:  # the matrix grew: project again
                self._coarse = None
            elif touched:
                slots = np.unique(np.asarray(touched, np.int64))
                self._coarse[:, slots] = project_columns(self.matrix[slots], self._basis)
        return True

    def _append(self) -> int:
        if self.used == self.matrix.shape[0]:
            grown = np.empty((2 * self.used, self.dim), np.float32)
            grown[: self.used] = self.matrix
            self.matrix = grown
            self.slot_ids = np.concatenate([self.slot_ids, np.full(self.used, -1, np.int64)])
        self.used += 1
        return self.used - 1

    def scores(self, query: np.ndarray, ids: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(memory ids ascending, float32 dot products with ``query``); ``ids``: only those
        (the ones without a vector are left out)."""
        self._ordered()
        if ids is not None:
            return self._subset(query, np.asarray(ids, np.int64))
        ids = self.slot_ids[self._order].copy()  # the caller keeps it; slots change
        if not ids.size or self.dim != query.shape[0]:
            return np.empty(0, np.int64), np.empty(0, np.float32)
        return ids, dot_rows(self.matrix[: self.used], query)[self._order]

    def _ordered(self) -> None:
        """Set ``_order``: the live slots in id order (a slice when no gather is needed)."""
        if self._order is None:
            held = self.slot_ids[: self.used]
            if (held >= 0).all() and (self.used < 2 or (held[1:] > held[:-1]).all()):
                self._order = slice(0, self.used)  # no freed slot, in id order: no gather
            else:
                live = np.flatnonzero(held >= 0)
                self._order = live[np.argsort(held[live], kind="stable")]

    def coarse_scores(self, query: np.ndarray, dims: int) -> tuple[np.ndarray, np.ndarray]:
        """(memory ids ascending, float32 coarse cosines): the rows and ``query`` projected
        on the ``dims`` leading directions of the rows (:func:`leading_directions`), then
        multiplied (``dims`` values a row instead of dim). The directions and the projected
        rows are kept: rows written later are projected on the same directions
        (:meth:`update`), until the live rows have doubled or halved since they were read."""
        if self.dim != query.shape[0] or not 0 < dims <= self.dim:
            return np.empty(0, np.int64), np.empty(0, np.float32)
        self._ordered()
        coarse, basis = self.project(dims)
        ids = self.slot_ids[self._order].copy()
        if not ids.size:
            return np.empty(0, np.int64), np.empty(0, np.float32)
        return ids, dot_columns(coarse[:, : self.used], coarse_query(query, basis))[self._order]

    def project(self, dims: int) -> tuple[np.ndarray, np.ndarray]:
        """(projected rows, directions): the ``dims`` leading directions read and the rows
        projected on them — float32 (``dims``, slots), a slot's projection a column, the form
        :func:`~souvenir.ground.blas.dot_columns` streams — unless those kept still serve (the live rows have not doubled or
        halved since)."""
        live = self.used - len(self.free)
        if (
            self._coarse is None
            or self._basis is None
            or self._basis.shape[1] != dims
            or not self._basis_rows // 2 <= live <= 2 * self._basis_rows
        ):
            self._basis = leading_directions(self.matrix[: self.used], dims)
            self._basis_rows = live
            self._coarse = np.zeros((dims, self.matrix.shape[0]), np.float32)
            self._coarse[:, : self.used] = project_columns(self.matrix[: self.used], self._basis)
        return self._coarse, self._basis

    def _lookup(self, known: np.ndarray) -> np.ndarray | None:
        """Per id from ``known[0]`` on, its index in ``known`` (the live ids ascending; −1:
        not held), made once per order (:meth:`_ordered`); ``None`` below
        ``_LOOKUP_FROM`` rows or when the ids are spread over more than ``_LOOKUP_SPAN``
        times their count (ids shared with other users: a binary search then). At 100,000
        rows the ~1,950 shortlisted ids were 0.25 ms of binary search a read; the table
        costs 8 bytes an id of the span."""
        if self._table is None and known.size >= _LOOKUP_FROM:
            span = int(known[-1]) - int(known[0]) + 1
            if span <= _LOOKUP_SPAN * known.size:
                table = np.full(span, -1, np.int64)
                table[known - known[0]] = np.arange(known.size)
                self._table = table
        return self._table

    def _subset(self, query: np.ndarray, wanted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # slots in id order (the slots themselves when no slot was freed)
        order = None if isinstance(self._order, slice) else self._order
        known = self.slot_ids[: self.used] if order is None else self.slot_ids[order]
        if wanted.size > 1 and not (wanted[1:] > wanted[:-1]).all():
            wanted = unique(wanted)
        table = self._lookup(known)
        if table is not None:  # id → index in ``known`` by one gather, no binary search
            low = int(known[0])
            inside = (wanted >= low) & (wanted < low + table.size)
            pos = np.zeros(wanted.shape, np.int64)
            pos[inside] = table[wanted[inside] - low]
            hit = inside & (pos >= 0)
            pos[~hit] = 0
        else:
            pos = np.minimum(np.searchsorted(known, wanted), max(known.size - 1, 0))
            hit = known[pos] == wanted if known.size else np.zeros(wanted.shape, bool)
        if not hit.any() or self.dim != query.shape[0]:
            return np.empty(0, np.int64), np.empty(0, np.float32)
        slots = pos[hit] if order is None else order[pos[hit]]
        return wanted[hit], gathered_dot(self.matrix, slots, query)


class _View:
    """One user's cached rows, stamped with the tick they are at least as new as."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.tick: int | None = None
        self.memories: dict[int, Memory] = {}
        self.top = 0  # the largest id among memories (a new memory beyond it is appended)
        self.pools: dict[int | None, Pool] = {}
        self.blocks: dict[str, _Block] = {}

    def pool(self, story_id: int | None) -> Pool:
        pool = self.pools.get(story_id)
        if pool is None:
            ms = self.memories
            pool = Pool(m for m in map(ms.__getitem__, sorted(ms)) if m.scope == "global" or m.story_id == story_id)
            if len(self.pools) >= 8:
                self.pools.clear()
            self.pools[story_id] = pool
        return pool


class ReadCache:
    """Per-user cache of :meth:`candidates` and :meth:`vector_scores` over one store
    (see the module docstring). Thread-safe; a user's refresh runs under that user's lock."""

    def __init__(self, max_memories: int = DEFAULT_MAX_MEMORIES, max_users: int = MAX_USERS) -> None:
        self.max_memories = max_memories
        self.max_users = max_users
        self._lock = threading.Lock()
        self._views: OrderedDict[int, _View] = OrderedDict()
        #: Per user read: served the copy, re-read what changed, re-read the user whole; and
        #: users dropped to stay within the bounds (``/metrics``: souvenir_read_cache_total).
        self.counts = {"hit": 0, "refresh": 0, "reload": 0, "evicted": 0}
        #: Ticks read from the store (one round trip each; one per turn inside :meth:`turn`).
        self.tick_reads = 0
        self._turns = threading.local()

    @contextmanager
    def turn(self) -> Iterator[None]:
        """One turn's reads (this thread's): the user's tick is read once, at the first read,
        and every later read of the turn is served at least as new as it (the candidates
        and each embedder's scores then come from one tick, in one round trip instead of
        three). A change committed during the turn is read by the next one. Nested: the
        outer turn's."""
        if getattr(self._turns, "ticks", None) is not None:
            yield
            return
        self._turns.ticks = {}
        try:
            yield
        finally:
            self._turns.ticks = None

    def candidates(self, store, user_id: int, story_id: int | None) -> Pool | None:
        """The user's active memories that are global or of ``story_id``, by id (what
        ``SQLStore.candidates`` selects); ``None`` when the user has no tick (read directly)."""
        view = self._fresh(store, user_id)
        if view is None:
            return None
        with view.lock:
            return view.pool(story_id)

    def vector_scores(
        self, store, user_id: int, embedder: str, query: np.ndarray, ids: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray] | None:
        """(ids ascending, float32 ``matrix @ query``) over the user's current vectors of
        ``embedder`` (only ``ids`` when given); ``None`` when the user has no tick (read
        directly)."""
        view = self._fresh(store, user_id)
        if view is None:
            return None
        with view.lock:
            return self._block(view, store, user_id, embedder).scores(query, ids)

    def coarse_scores(
        self, store, user_id: int, embedder: str, query: np.ndarray, dims: int
    ) -> tuple[np.ndarray, np.ndarray] | None:
        """(ids ascending, float32 coarse cosines on ``dims`` leading directions) over the
        user's current vectors of ``embedder`` (:meth:`_Block.coarse_scores`); ``None``
        when the user has no tick (read directly)."""
        view = self._fresh(store, user_id)
        if view is None:
            return None
        with view.lock:
            return self._block(view, store, user_id, embedder).coarse_scores(query, dims)

    def warm(self, store, user_id: int, embedder: str, coarse_dims: int = 0) -> bool:
        """Read the user's memories and ``embedder``'s vectors now, and with ``coarse_dims``
        their coarse projection (what the user's first :meth:`vector_scores` and
        :meth:`coarse_scores` would read: the read path's warm-up at start). ``False`` when
        the user has no tick (nothing cached)."""
        view = self._fresh(store, user_id)
        if view is None:
            return False
        with view.lock:
            block = self._block(view, store, user_id, embedder)
            if 0 < coarse_dims <= block.dim and block.used:
                block.project(coarse_dims)
        return True

    def coarse_basis(self, user_id: int, embedder: str) -> np.ndarray | None:
        """The directions the cached coarse cosines of the user's ``embedder`` vectors are
        drawn on (``None`` before any): for tests and diagnostics."""
        with self._lock:
            view = self._views.get(user_id)
        block = view.blocks.get(embedder) if view is not None else None
        return None if block is None else block._basis

    def _block(self, view: _View, store, user_id: int, embedder: str) -> _Block:
        """``embedder``'s block of the user's view, read on first use (under ``view.lock``)."""
        block = view.blocks.get(embedder)
        if block is None:
            block = view.blocks[embedder] = self._load_block(store, user_id, embedder)
        return block

    @staticmethod
    def _load_block(store, user_id: int, embedder: str) -> _Block:
        """All the user's current vectors of ``embedder``, read in chunks straight into the
        matrix (a whole read would leave as much again of freed blobs in the heap)."""
        block = _Block([], [])
        after = -1
        while True:
            rows = store._query(
                _VECTORS + " AND v.memory_id > ? ORDER BY v.memory_id LIMIT ?", (user_id, embedder, after, _CHUNK)
            )
            if not rows:
                return block
            if not block.dim:
                block = _Block([rows[0][0]], [rows[0][1]])
                rows = rows[1:]
            if not block.update([], rows):
                raise ValueError(f"vectors of {embedder} differ in size for user {user_id}")
            after = rows[-1][0] if rows else block.slot_ids[0]

    def clear(self) -> None:
        with self._lock:
            self._views.clear()

    def drop(self, user_id: int) -> None:
        """Hold nothing of the user (after an erasure: the view carries the erased texts until
        the user's next read, for ever for a deleted user)."""
        with self._lock:
            self._views.pop(user_id, None)

    # -- freshness ---------------------------------------------------------------------------
    def prime(self, user_id: int, rows: list[tuple[int, int]]) -> None:
        """The user's tick as read by another query of this turn (``rows``: the
        ``(read_tick, reload_tick)`` row, none when the user has none): inside :meth:`turn`
        the turn's reads use it instead of reading it again; outside, nothing."""
        memo = getattr(self._turns, "ticks", None)
        if memo is not None:
            memo[user_id] = rows
            self.tick_reads += 1

    def _fresh(self, store, user_id: int) -> _View | None:
        memo = getattr(self._turns, "ticks", None)
        rows = memo.get(user_id) if memo is not None else None
        if rows is None:
            rows = store._query("SELECT read_tick, reload_tick FROM read_ticks WHERE user_id = ?", (user_id,))
            self.tick_reads += 1
            if memo is not None:
                memo[user_id] = rows
        with self._lock:
            if not rows:
                self._views.pop(user_id, None)
                return None
            view = self._views.get(user_id)
            if view is None:
                view = self._views[user_id] = _View()
            self._views.move_to_end(user_id)
        tick, reload_tick = rows[0]
        with view.lock:
            if view.tick is not None and view.tick >= tick:
                self.counts["hit"] += 1
                return view
            if view.tick is None or reload_tick > view.tick:
                self._reload(store, user_id, view, tick)
            else:
                self._refresh(store, user_id, view, tick)
        self._evict(keep=user_id)
        return view

    def _reload(self, store, user_id: int, view: _View, tick: int) -> None:
        self.counts["reload"] += 1
        rows = store._query(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE user_id = ? AND status = 'active' ORDER BY id", (user_id,)
        )
        view.memories = {m.id: m for m in map(memory_from_row, rows)}
        view.top = max(view.memories, default=0)
        view.pools.clear()
        view.blocks.clear()  # read again on first use
        view.tick = tick

    def _refresh(self, store, user_id: int, view: _View, tick: int) -> None:
        """Read again only the memories (and their vectors) changed after ``view.tick``."""
        self.counts["refresh"] += 1
        since = (user_id, view.tick)
        rows = store._query(f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id IN ({_CHANGED})", since)
        changed, appended = [], []
        for memory in map(memory_from_row, rows):
            changed.append(memory.id)
            if memory.status == "active":
                if memory.id > view.top and memory.id not in view.memories:
                    appended.append(memory)
                view.memories[memory.id] = memory
            else:
                view.memories.pop(memory.id, None)
        view.top = max([view.top, *changed])
        if len(appended) == len(changed):  # only new memories, after every other one
            appended.sort(key=lambda m: m.id)
            view.pools = {
                story: pool.extended([m for m in appended if m.scope == "global" or m.story_id == story])
                for story, pool in view.pools.items()
            }
        else:
            view.pools.clear()
        for embedder, block in list(view.blocks.items()):
            # by the changed ids, on the vectors' key alone, checked against the memories just
            # read (PostgreSQL's planner, before a user's statistics are gathered, walked all
            # the user's vectors or memories to find one: 8 ms at 3,000). A change after the
            # read above has a later tick: the next read refreshes it.
            vectors = []
            for start in range(0, len(changed), _IDS):
                part = changed[start : start + _IDS]
                for mid, blob, hash_ in store._query(
                    "SELECT memory_id, vector, content_hash FROM vectors WHERE embedder = ? "
                    f"AND memory_id IN ({','.join('?' * len(part))})",
                    (embedder, *part),
                ):
                    held = view.memories.get(mid)
                    if held is not None and held.content_hash == hash_:
                        vectors.append((mid, blob))
            if not block.update(changed, vectors):
                del view.blocks[embedder]
        view.tick = tick

    def _evict(self, keep: int) -> None:
        with self._lock:
            total = sum(len(v.memories) for v in self._views.values())
            views = self._views
            while (total > self.max_memories or len(views) > self.max_users) and len(views) > 1:
                user_id, view = next(iter(views.items()))
                if user_id == keep:
                    views.move_to_end(user_id)
                    continue
                del views[user_id]
                total -= len(view.memories)
                self.counts["evicted"] += 1
