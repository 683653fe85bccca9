"""The read path warmed at start (issue #28): what a user's first context builds, built in
the background before the user asks (:class:`ReadWarmer`).

A process starts with empty caches: a user's first context reads the user's memories into
the read cache, builds the fused score's per-user columns (memory languages, BM25 tokens
and index, the priors' columns), reads each embedder's vectors and, for a large user,
projects the window vectors on their leading directions. At 100,000 memories that was
10–12 s on the first query after start, against 15–50 ms for the next ones
(docs/benchmarks.md, "Latency").

The warmer walks the users served most recently (the last context kept for diagnostics,
with its story), newest first, while their memories fit in the read cache, and builds for
each what a context of that story builds. It runs on its own daemon thread: start-up and
``/health`` do not wait for it. A context for a user the warmer is building is never made
to wait for it: it is served at once by rank, without scores (the selection's degraded
path), and counted as a degraded turn with its cause, like an embedder that failed; the
user's next context, once warm, is scored (a user of fewer than :data:`DEGRADE_FROM`
memories is not served by rank: the turn builds what it needs beside the warmer). A context for a user the warmer has not reached
builds what it needs itself, as without a warmer (the warmer then finds it built).

After a large user's columns (and after the first user's, whatever its size), the warmer
rehearses one context (:meth:`ReadWarmer.rehearse`): the query embeddings of a message of a
usual length, the fused score and the selection, nothing counted or kept. What a context
builds on first use beyond the columns is then built too — the relation columns (0.8 s at
100,000 memories on the first message naming a relation), the shortlist path's placed
memories and priors' bounds, the first calls of the code.
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from typing import Any

from souvenir.candidates import Pool
from souvenir.read.selection import SelectionConfig, select

__all__ = ["DEGRADE_FROM", "REHEARSAL", "WARMING_CAUSE", "ReadWarmer", "settle_heap"]

log = logging.getLogger(__name__)

#: The degraded turn's cause while the warmer builds that user's read path.
WARMING_CAUSE = "read path warming after start: served by rank, without scores"

#: Memories from which a context arriving while its user is warmed is served by rank: below,
#: the turn builds what it needs itself (tens of milliseconds; beside the warmer's build).
DEGRADE_FROM = 2000

#: The message of the warm-up's rehearsed context (:meth:`ReadWarmer.rehearse`): a question
#: of a usual length naming a relation (the relation columns are read on the first such
#: message) and a period.
REHEARSAL = "what did I tell you about my sister's plans for last weekend?"


def settle_heap() -> None:
    """Move what the process holds now (the warmed read caches: about 190,000 objects the
    cycle collector tracks at 100,000 memories) out of the collector's generations
    (``gc.freeze``), after one collection: a full collection walked them all, 0.1–0.3 s
    holding the GIL during some request (docs/journal.md, "Session 12, lane speed").
    Frozen objects are still freed when no longer referenced (reference counting); only
    cycles among them are no longer looked for (the read cache's rows hold none)."""
    gc.collect()
    gc.freeze()


class ReadWarmer:
    """Warms the read path of ``store``'s recent users (module docstring). ``scores``: the
    engine's :class:`~souvenir.engine.query_scores.QueryScorer` (its fused score, ``None``
    on the cosine path, is read when a user is warmed); ``indexes``: (index, whether its
    coarse cosines are read: the window embedder's) pairs; ``shortlist_from``: the candidate
    count above which they are; ``capacity``: memories the read cache keeps (users past it
    are not warmed: they would push the first ones out); ``selection``: the engine's selection
    configuration, for the context rehearsed after each large user (:meth:`rehearse`)."""

    def __init__(
        self,
        store: Any,
        scores: Any,
        indexes: Sequence[tuple[Any, bool]],
        shortlist_from: int = 0,
        coarse_dims: int = 0,
        capacity: int | None = None,
        selection: SelectionConfig | None = None,
        write_pools: Any = None,
    ) -> None:
        self.store = store
        #: the writer's :class:`~souvenir.engine.write_pools.WritePools` (``None``: no write index
        #: warmed): after the read paths, each warmed user's write index is built (:meth:`run`)
        self.write_pools = write_pools
        self.scores = scores  # the engine's QueryScorer (its ``scorer`` may be swapped)
        self.indexes = list(indexes)
        self.shortlist_from = shortlist_from
        self.coarse_dims = coarse_dims
        self.capacity = capacity
        #: the engine's selection configuration (the rehearsed context's; ``None``: no rehearsal)
        self.selection: SelectionConfig | None = selection
        #: whether a context was rehearsed in this process (:meth:`rehearse`)
        self.rehearsed = False
        self._lock = threading.Lock()
        self._busy: int | None = None  # the user being warmed now, when large (DEGRADE_FROM)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: on or off (``SOUVENIR_READ_WARM_USERS`` 0), users warmed, memories read, the users
        #: planned, seconds spent, running or not
        self.state: dict[str, Any] = {
            "enabled": False,
            "running": False,
            "users": 0,
            "memories": 0,
            "planned": 0,
            "seconds": 0.0,
            "write_indexes": 0,
        }

    def busy(self, user_id: int) -> bool:
        """Whether the warmer is building ``user_id``'s read path right now, the user
        holding at least :data:`DEGRADE_FROM` memories."""
        return self._busy == user_id

    def start(self, max_users: int, on_done: Callable[[], None] | None = None) -> None:
        """Warm at most ``max_users`` users on a daemon thread (0: nothing); once."""
        if self._thread is not None or max_users <= 0:
            return
        self.state["enabled"] = self.state["running"] = True

        def run() -> None:
            started = time.monotonic()
            try:
                self.run(max_users)
                settle_heap()
            except Exception:  # noqa: BLE001 - a failed warm-up only leaves the first queries cold
                log.exception("read path warm-up failed")
            finally:
                self.state["seconds"] = round(time.monotonic() - started, 3)
                self.state["running"] = False
                if on_done is not None:
                    on_done()

        self._thread = threading.Thread(target=run, name="souvenir-warm-reads", daemon=True)
        self._thread.start()

    def stop(self, timeout_s: float = 5.0) -> None:
        """Stop after the user being warmed (waits at most ``timeout_s``)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)

    def wait(self, timeout_s: float | None = None) -> bool:
        """Wait until the warm-up ended (``True``) or ``timeout_s`` passed; tests, benches."""
        if self._thread is None:
            return True
        self._thread.join(timeout_s)
        return not self._thread.is_alive()

    def run(self, max_users: int) -> None:
        """Warm the recent users in this thread, newest first."""
        plan = self.plan(max_users)
        self.state["planned"] = len(plan)
        for user_id, story_id, count in plan:
            if self._stop.is_set():
                return
            with self._lock:
                self._busy = user_id if count >= DEGRADE_FROM else None
            try:
                self.warm(user_id, story_id, count)
            finally:
                with self._lock:
                    self._busy = None
            self.state["users"] += 1
            self.state["memories"] += count
        self.warm_writes(plan)

    def warm_writes(self, plan: Sequence[tuple[int, int | None, int]]) -> None:
        """Build the write index (:class:`~souvenir.engine.write_pools.WritePools`) of the users
        of ``plan``, in order, while their memories fit in what the pools hold: a user's first
        write in a process built it before deciding (32–36 s of CPU at 100,000 memories,
        docs/benchmarks.md). After every read path: a first context waits for its read path,
        a turn's write runs after its context. A writer arriving during a build waits for
        that build (the pools' per-user gate), never a second one."""
        pools = self.write_pools
        if pools is None:
            return
        held = 0
        for user_id, _story, count in plan:
            held += count
            if self._stop.is_set() or held > pools.max_held:
                return
            pools.warm(user_id, lambda: self.store.memories(user_id, "active"))  # noqa: B023 - called here
            self.state["write_indexes"] += 1

    def plan(self, max_users: int) -> list[tuple[int, int | None, int]]:
        """(user, story of the user's last context, active memories) of the users whose
        last contexts are the newest, while their memories fit in the read cache."""
        rows = self.store._query(
            "SELECT s.user_id, s.story_id FROM selections s WHERE s.id IN "
            "(SELECT MAX(id) FROM selections GROUP BY user_id) ORDER BY s.id DESC LIMIT ?",
            (max_users,),
        )
        plan: list[tuple[int, int | None, int]] = []
        total = 0
        for user_id, story_id in rows:
            found = self.store._query(
                "SELECT COUNT(*) FROM memories WHERE user_id = ? AND status = 'active'", (user_id,)
            )
            count = int(found[0][0]) if found else 0
            if self.capacity is not None and total + count > self.capacity:
                break
            total += count
            plan.append((int(user_id), None if story_id is None else int(story_id), count))
        return plan

    def warm(self, user_id: int, story_id: int | None, count: int = 0) -> None:
        """Build what a context of ``story_id`` builds for ``user_id``: the read cache's
        memories and vectors (and, for a large user, the window vectors' coarse projection),
        the selection's columns and the fused score's per-user columns."""
        candidates = self.store.candidates(user_id, story_id)
        if isinstance(candidates, Pool):
            candidates.static()
        scorer = self.scores.scorer
        if scorer is not None and candidates:
            scorer.prepare(user_id, candidates, "warm-up", datetime.now(timezone.utc))
            scorer.read_kinds(user_id, candidates)  # a first list question reads one column
        large = 0 < self.shortlist_from < len(candidates)
        warm_vectors = getattr(self.store, "warm_vectors", None)
        if warm_vectors is not None:
            for index, coarse in self.indexes:
                warm_vectors(user_id, index.name, self.coarse_dims if coarse and large else 0)
        if large or not self.rehearsed:
            try:
                self.rehearse(user_id, story_id, candidates)
            except Exception:  # noqa: BLE001 - the next users are warmed all the same
                log.exception("read path warm-up: the rehearsed context failed")

    def rehearse(self, user_id: int, story_id: int | None, candidates: Any) -> None:
        """One context's scores and selection for :data:`REHEARSAL`, nothing counted nor
        kept for diagnostics: what a context builds on first use beyond the columns
        (the relation columns, 0.8 s at 100,000 memories; the placed memories and the
        priors' bounds of the shortlist path; the query threads' and the model's first
        message of a real length) is built before the first context (issue #28: the first
        request after the warm-up took twice the median at 100,000). Only with embedders
        that run in this process (a remote one is not called at start) and a selection
        configuration; a failure is logged and leaves it to the first context."""
        if self.selection is None or not candidates:
            return
        if not all(getattr(index.embedder, "local", False) for index, _ in self.indexes):
            return
        now = datetime.now(timezone.utc)
        scores = self.scores.rehearse(user_id, REHEARSAL, candidates, now)
        if scores is not None:
            select(candidates, scores, self.selection, now, story_id)
            self.rehearsed = True
