"""A large user's diagnostics made when they are read, not in every turn (:class:`Explanations`).

The diagnostics page shows, per kept memory, its rank among all the candidates and the
score's parts (:func:`souvenir.read.explain.explain`). Above ``shortlist_from`` candidates a
context's scores are exact on a shortlist and bounded elsewhere
(:class:`~souvenir.candidates.score_map.LazyScores`): the rank of a memory the quota or
global passes took deep in the order needs the complete score, ~5 ms of CPU a context at
100,000 memories that no answer needs (docs/journal.md, "Session 17, lane speed2"). So such a
selection is kept at once without ranks and parts, its scores are held here, and the ranks
and parts are made and written into its row (:meth:`Store.explain_selection`) — the same
values, from the same scores — when the first of these comes:

- something waits for the bookkeeping (:meth:`Bookkeeping.flush`: the diagnostics page and
  its JSON, the export, a listing…), so whatever reads the kept selections reads them whole;
- the process has had no bookkeeping job for :data:`IDLE_S` (a chat's next message comes
  seconds later: the work is done between turns);
- the engine closes;
- the held scores must be let go: the user's next context reads a newer pool (the scores
  hold the user's columns of their own pool), or more than :data:`MAX_PENDING_SLOTS`
  candidates' scores are held (the oldest first).

A selection pruned before that (the store keeps :data:`KEEP_SELECTIONS` a user) is dropped
unmade: nothing can show it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from souvenir.candidates.score_map import LazyScores
from souvenir.engine.bookkeeping import Bookkeeping
from souvenir.ground.errors import StoreError
from souvenir.read.explain import explain
from souvenir.read.explain_conversation import ConversationRead
from souvenir.store.diagnostic_reads import KEEP_SELECTIONS
from souvenir.store.protocol import Store

__all__ = ["IDLE_S", "MAX_PENDING_SLOTS", "Explanations"]

log = logging.getLogger(__name__)

#: Seconds without a bookkeeping job after which the held selections are explained: the
#: contexts of one conversation come seconds apart (the user reads, then types), those of a
#: burst (a benchmark, a batch) milliseconds apart.
IDLE_S = 1.0
#: Candidates whose scores may be held at once (each held selection counts its user's
#: candidates): the :data:`KEEP_SELECTIONS` selections a user of 100,000 memories keeps, ~43
#: bytes a candidate (4.3 MB a selection at 100,000, measured): ≤ ~90 MB.
MAX_PENDING_SLOTS = KEEP_SELECTIONS * 100_000


@dataclass(eq=False)  # held by identity (the scores compare by value: a completion)
class _Held:
    user_id: int
    selection_id: int
    scores: LazyScores
    parts: dict | None
    memory_ids: list[int]
    pool: int | None
    conversation: ConversationRead | None = None


class Explanations:
    """The selections of ``store`` kept without their ranks and parts, explained off the
    turns through ``bookkeeping`` (its thread runs every explanation; :meth:`hold` is called
    there too). ``idle_s``: see :data:`IDLE_S`."""

    def __init__(self, store: Store, bookkeeping: Bookkeeping, idle_s: float = IDLE_S) -> None:
        self.store = store
        self.bookkeeping = bookkeeping
        self._held: list[_Held] = []
        self._slots = 0
        self._lock = threading.Condition()
        self._idle_s = idle_s
        self._closed = False
        self._thread: threading.Thread | None = None
        bookkeeping.before_flush.append(self.queue)

    @property
    def idle_s(self) -> float:
        """Seconds of an idle bookkeeping after which the held selections are explained."""
        return self._idle_s

    @idle_s.setter
    def idle_s(self, seconds: float) -> None:
        with self._lock:
            self._idle_s = seconds
            self._lock.notify_all()  # the watch waits by the new value

    @property
    def held(self) -> int:
        """Selections kept without their ranks and parts yet."""
        with self._lock:
            return len(self._held)

    def hold(
        self,
        user_id: int,
        selection_id: int,
        scores: LazyScores,
        parts: dict | None,
        memory_ids: Sequence[int],
        pool: int | None,
        conversation: ConversationRead | None = None,
    ) -> None:
        """Hold the scores of a selection just kept (``selection_id``) without ranks and
        parts: ``memory_ids`` the ids to explain, ``parts`` the dict the scores fill when
        completed, ``pool`` the serial of the candidates they were read from (``None``:
        unknown), ``conversation`` the turns the message was read with (its part made with
        the others, while the user's columns are still those of ``pool``). Run on the
        bookkeeping thread."""
        older: list[_Held] = []
        with self._lock:
            mine = [h for h in self._held if h.user_id == user_id]
            for h in mine:
                if pool is None or h.pool != pool:
                    older.append(h)  # their scores hold the columns of an older pool
            left = [h for h in mine if h not in older]
            pruned = left[: max(0, len(left) - (KEEP_SELECTIONS - 1))]  # the store has pruned their rows
            for h in older + pruned:
                self._drop(h)
            self._held.append(_Held(user_id, selection_id, scores, parts, list(memory_ids), pool, conversation))
            self._slots += len(scores)
            while self._slots > MAX_PENDING_SLOTS and len(self._held) > 1:
                h = self._held[0]
                older.append(h)
                self._drop(h)
            self._start()
            self._lock.notify_all()
        for h in older:
            self._explain(h)

    def queue(self) -> None:
        """Queue one bookkeeping job per held selection (:meth:`Bookkeeping.flush` calls it:
        each job is a few milliseconds, so a read's wait never sees one job run long)."""
        with self._lock:
            n = len(self._held)
        for _ in range(n):
            self.bookkeeping.later(self.explain_one)

    def explain_one(self) -> None:
        """Explain the oldest held selection, if any (on the bookkeeping thread)."""
        with self._lock:
            if not self._held:
                return
            h = self._held[0]
            self._drop(h)
        self._explain(h)

    def close(self) -> None:
        """Queue every held selection's explanation (the bookkeeping's close runs them) and
        stop the idle watch."""
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self.queue()

    def _drop(self, h: _Held) -> None:
        self._held.remove(h)
        self._slots -= len(h.scores)

    def _explain(self, h: _Held) -> None:
        """Complete ``h``'s scores and write each memory's rank and parts into its row."""
        try:
            with self.bookkeeping.computing():  # work, not a stalled store: a read waits for it
                h.scores.complete()
                why = explain(h.scores, h.parts, h.memory_ids)
                if h.conversation is not None:
                    why = h.conversation.explained(why, h.scores, h.memory_ids)
            self.store.explain_selection(h.selection_id, dict(why))
        except StoreError as exc:
            log.warning("selection's ranks not kept for diagnostics: %s", exc)

    def _start(self) -> None:
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._watch, name="souvenir-explain-idle", daemon=True)
            self._thread.start()

    def _watch(self) -> None:
        """Queue the held selections once the bookkeeping has been idle for :attr:`idle_s`."""
        with self._lock:
            while not self._closed:
                if not self._held:
                    self._lock.wait()
                    continue
                quiet = time.monotonic() - self.bookkeeping.last_job
                if quiet < self._idle_s:
                    self._lock.wait(self._idle_s - quiet)
                    continue
                n = len(self._held)
                self._lock.release()
                try:
                    for _ in range(n):
                        self.bookkeeping.later(self.explain_one)
                finally:
                    self._lock.acquire()
                # the jobs just queued count as activity: the next look is idle_s later
