"""A large user's read path rebuilt after a write, off the turn (:class:`ReadRefresher`).

After a write that is not an append — a memory reworded (``replace``) or contradicted
(``supersede``) by a reflection, the chat's usual writes; a memory edited or forgotten by
hand (:class:`~souvenir.engine.curation.Curation`); memories erased by a request to forget
in chat (:class:`~souvenir.engine.turn_writer.TurnWriter`) — the user's candidate pool is a
new one that does not extend the held one, so the fused score's per-user columns
(:class:`~souvenir.read.scoring.user_columns.UserColumns`: the BM25 index, languages,
priors, relation columns) are read again whole. At 100,000 memories that took ~0.6 s of
CPU (2–3 s of wall time on a loaded machine) inside the *next* context, the user waiting
for it (docs/journal.md, "Session 17, lane speed2"). The refresher reads them as soon as
the write is done, on one background thread at a low priority
(:func:`~souvenir.engine.threads.yield_to_turns`), so that the next context finds them held: the
same calls on the same candidates a context would make (nothing about the scores or the
selection changes, only when they are read). The indexer's writes are told too
(:meth:`ReadRefresher.vectors_written`): the memories whose vectors were written are read
again, a new pool of the same memories (~50 ms of the next turn at 100,000).

Only users whose held columns are of at least ``refresh_from`` candidates (a small user's
columns cost a few milliseconds in the turn; a user not read yet has none to keep); the
story is that of the user's last kept selection (its pool is the one the next context
reads). A context arriving while the refresh runs builds what it needs itself, as without
a refresher. A refresh never raises (logged).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from souvenir.engine.query_scores import SETTLE_FROM
from souvenir.ground.results import WriteResult
from souvenir.engine.threads import yield_to_turns

__all__ = ["REBUILDING_ACTIONS", "ReadRefresher"]

log = logging.getLogger(__name__)

#: Write actions whose new pool does not extend the held one (an ``insert`` appends: the
#: columns are extended in the turn, reading only the new memories).
REBUILDING_ACTIONS = frozenset({"replace", "supersede"})


class ReadRefresher:
    """Rebuilds large users' read paths after writes (module docstring). ``store``: the
    engine's store (its read cache); ``scores``: the engine's
    :class:`~souvenir.engine.query_scores.QueryScorer`."""

    def __init__(self, store: Any, scores: Any, refresh_from: int = SETTLE_FROM) -> None:
        self.store = store
        self.scores = scores
        #: candidates from which a user's read path is refreshed after a write
        self.refresh_from = refresh_from
        #: refreshes run, and those that read the columns (not already held)
        self.counts = {"refreshed": 0, "built": 0}
        self._pending: set[int] = set()
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None
        self._closed = False  # after close(): nothing queued any more
        #: erasures seen per user (:meth:`erased`): a refresh that read before one holds nothing
        self._erasures: dict[int, int] = {}
        #: told ``user_id`` after an erasure, beside the read path (the writer's pool index of the user)
        self.also_erased: Callable[[int], object] | None = None

    def after_writes(self, user_id: int, results: Iterable[WriteResult]) -> bool:
        """Queue a refresh of ``user_id`` when ``results`` hold a write that rebuilds the
        columns (:data:`REBUILDING_ACTIONS`); one pending refresh a user. ``True`` when
        queued."""
        if not any(r.action in REBUILDING_ACTIONS for r in results):
            return False
        return self.changed(user_id)

    def changed(self, user_id: int) -> bool:
        """Queue a refresh of ``user_id`` (its pool no longer extends the held one); one
        pending refresh a user. Only when the columns held for the user are of at least
        ``refresh_from`` candidates (a user not read yet, or a small one, is left to its next
        turn: nothing runs in the background). ``True`` when queued."""
        scorer = self.scores.scorer
        if scorer is None or scorer.held(user_id) < self.refresh_from:
            return False
        return self._queue(user_id)

    def _queue(self, user_id: int) -> bool:
        with self._lock:
            if self._closed or user_id in self._pending:
                return False
            self._pending.add(user_id)
            if self._executor is None:
                self._executor = ThreadPoolExecutor(
                    max_workers=1, thread_name_prefix="souvenir-refresh", initializer=yield_to_turns
                )
            executor = self._executor
        executor.submit(self._run, user_id)
        return True

    def erased(self, user_id: int, rebuild: bool = True) -> bool:
        """After an erasure of the user's (a memory forgotten, everything, the user deleted) has
        committed: nothing read of them before it stays held in the process — the scorer's
        columns and the store's read cache carried the erased texts until the user's next
        context (for a deleted user, until evicted), and the query vectors of their texts —,
        and a refresh that read the candidates before it does not install them after it. ``rebuild``: a large user's columns (as
        :meth:`changed` reads them) are read again now, off the next turn (not for a deleted
        user). ``True`` when a refresh was queued."""
        with self._lock:
            self._erasures[user_id] = self._erasures.get(user_id, 0) + 1
        if self.also_erased is not None:
            self.also_erased(user_id)
        self.scores.vectors.forget_user(user_id)  # nor the query vectors of their texts
        scorer = self.scores.scorer
        held = scorer.held(user_id) if scorer is not None else 0
        if scorer is not None:
            scorer.drop(user_id)
        self.store.drop_held(user_id)
        return rebuild and held >= self.refresh_from and self._queue(user_id)

    def vectors_written(self, memory_ids: list[int]) -> int:
        """After the indexer wrote vectors of ``memory_ids`` (an edited memory's, a new
        one's): those memories are read again, so the pool is a new one of the same memories
        (~50 ms of the next turn at 100,000: the pool and its selection columns); queue a
        refresh of each large user holding one of them. Returns how many were queued."""
        scorer = self.scores.scorer
        if scorer is None or not memory_ids:
            return 0
        return sum(self.changed(user_id) for user_id in scorer.holding(memory_ids, self.refresh_from))

    def _run(self, user_id: int) -> None:
        with self._lock:
            self._pending.discard(user_id)
        try:
            self.refresh(user_id)
        except Exception:  # noqa: BLE001 - the next context builds what it needs itself
            log.exception("read path refresh after a write failed")

    def refresh(self, user_id: int, story_id: int | None = None, last_story: bool = True) -> bool:
        """Read ``user_id``'s pool of ``story_id`` (with ``last_story``: the story of the
        user's last kept selection) and build its columns now (:meth:`Scorer.refresh`);
        ``True`` when they were read (a large user whose columns were not held)."""
        scorer = self.scores.scorer
        if scorer is None:
            return False
        if last_story:
            story_id = self._last_story(user_id)
        with self._lock:
            seen = self._erasures.get(user_id, 0)
        with self.store.read_turn():
            candidates = self.store.candidates(user_id, story_id)
        if len(candidates) < self.refresh_from:
            return False
        static = getattr(candidates, "static", None)
        if static is not None:
            static()  # the selection's columns of the new pool
        done = scorer.refresh(user_id, candidates)
        with self._lock:
            stale = self._erasures.get(user_id, 0) != seen
        if stale:  # erased while it read: what it built carries the erased texts
            scorer.drop(user_id)
            self.store.drop_held(user_id)
            return False
        self.counts["refreshed"] += 1
        if done:
            self.counts["built"] += 1
        # the new columns out of the collector's generations: a freeze, no collection (one
        # would hold the interpreter's lock tens of milliseconds while a turn may be running)
        self.scores.settle_pool(user_id, candidates)
        return done

    def _last_story(self, user_id: int) -> int | None:
        rows = self.store._query(
            "SELECT story_id FROM selections WHERE user_id = ? ORDER BY id DESC LIMIT 1", (user_id,)
        )
        return None if not rows or rows[0][0] is None else int(rows[0][0])

    def flush(self) -> None:
        """Wait for the refreshes queued so far (tests, benches)."""
        with self._lock:
            executor = self._executor
        if executor is not None:
            executor.submit(lambda: None).result()

    def close(self) -> None:
        """Finish the queued refreshes and stop the thread."""
        with self._lock:
            executor, self._executor = self._executor, None
            self._closed = True
        if executor is not None:
            executor.shutdown(wait=True)
