"""The write path's orchestration (:class:`Writer`): one candidate through the filters and
the admission decision (:mod:`souvenir.write.filters`, :mod:`souvenir.write.admission`,
both pure) to the store, in the user's local time, the vector indexes woken or told which
window vectors went stale."""

from __future__ import annotations

from dataclasses import replace
from collections.abc import Sequence
from datetime import datetime

from souvenir.engine.cache_budget import read_long
from souvenir.engine.identity import check_ids, own_names
from souvenir.engine.identity import story_id as story_id_of
from souvenir.engine.write_pools import WritePools
from souvenir.ground.errors import InputError
from souvenir.index.vectors import VectorIndex
from souvenir.lexical.tokens import load_jieba_for
from souvenir.ground.limits import check_field, check_text, check_time
from souvenir.ground.results import WriteResult
from souvenir.store.protocol import Store
from souvenir.ground.timeutil import aware, utcnow
from souvenir.ground.timezones import TZ_KEY, localize
from souvenir.privacy import Redacted
from souvenir.ground.types import Candidate
from souvenir.write import admission
from souvenir.write.back_over import away_ids
from souvenir.write.filters import DIRECT_CHAIN, MODEL_CHAIN, Exchange, Filter, run_filters
from souvenir.write.writelog import event_detail, event_kind

__all__ = ["Writer", "checked_candidate"]


def checked_candidate(candidate: Candidate, story: str | None, now: datetime | None = None) -> Candidate:
    """``candidate`` with its text stripped, once it is writable: a usable text
    (:func:`~souvenir.ground.limits.check_text`), a source of at most 1 KiB, a time within the
    accepted years (and, with ``now``, not ahead of it by more than
    :data:`~souvenir.ground.limits.MAX_AHEAD_S`), and a story when it is story-scoped. Raises
    :class:`~souvenir.ground.errors.InputError` saying why not."""
    text = check_text(candidate.text, "memory text")
    check_field(candidate.source, "source", 1024)
    check_time(candidate.time, "memory time", now)
    if candidate.scope == "story" and candidate.story_id is None and not story:
        raise InputError("a story-scoped memory needs a story")
    return candidate if text == candidate.text else replace(candidate, text=text)


class Writer:
    """Writes memories into ``store``; ``index`` and ``window_index`` (either may be
    ``None``) are the vector indexes to wake after a write and whose window vectors a
    changed memory makes stale."""

    #: Most active memories one user may hold (0: no cap); a new one beyond it is dropped
    #: (``memory_cap``). Set by the runtime from ``SOUVENIR_MAX_MEMORIES_PER_USER``.
    max_memories: int = 0

    def __init__(self, store: Store, index: VectorIndex | None, window_index: VectorIndex | None) -> None:
        self.store = store
        self.index = index
        self.window_index = window_index
        #: each user's pool index (derived from the store at each write: souvenir.engine.write_pools)
        self.pools = WritePools()

    def remember(
        self,
        channel: str,
        external_id: str,
        candidate: Candidate,
        exchange: Exchange | None = None,
        story: str | None = None,
        now: datetime | None = None,
        chain: Sequence[Filter] | None = None,
    ) -> WriteResult:
        """Check the ids and ``candidate`` (:func:`checked_candidate`), then :meth:`write` it."""
        now = aware(now or utcnow())
        check_ids(channel, external_id, story)
        return self.write(channel, external_id, checked_candidate(candidate, story, now), exchange, story, now, chain)

    def write(
        self,
        channel: str,
        external_id: str,
        candidate: Candidate,
        exchange: Exchange | None = None,
        story: str | None = None,
        now: datetime | None = None,
        chain: Sequence[Filter] | None = None,
    ) -> WriteResult:
        """Write one candidate whose ids and fields were checked (:meth:`remember` checks
        them) through filters and dedup for the user.

        ``exchange`` given = a model proposed it from that exchange (the full filter chain);
        otherwise a person, an agent or an import wrote it (:data:`DIRECT_CHAIN`). ``candidate.time``
        is when it was said (default ``now``); its own UTC offset is the user's local day for
        grounding "tomorrow"; a naive time, a date alone or a UTC time is read in the user's
        zone (profile key ``tz``, :func:`souvenir.ground.timezones.localize`). ``chain``: the filters, when
        not the default for the case (a reflection adds grounding: ``REFLECTION_CHAIN``)."""
        now = aware(now or utcnow())
        text = candidate.text
        read_long(text)  # a long text's readings are not kept for ever (cache_budget)
        user_id = self.store.ensure_user(channel, external_id, now)
        # the user's local time: "tomorrow" is grounded in their day (souvenir.ground.timezones)
        said_at = localize(candidate.time, self.store.kv_get(user_id, TZ_KEY), now)
        story_id = candidate.story_id
        if story_id is None and candidate.scope == "story":
            story_id = story_id_of(self.store, user_id, story, True, now)
        candidate = Candidate(
            text=text,
            kind=candidate.kind,
            scope=candidate.scope,
            confidence=min(1.0, max(0.0, float(candidate.confidence))),
            source=candidate.source,
            story_id=story_id,
            time=said_at,
            pinned=candidate.pinned,
            speaker=candidate.speaker,
            session=candidate.session,
        )
        chain = chain or (MODEL_CHAIN if exchange is not None else DIRECT_CHAIN)
        grounded = any(getattr(step, "__name__", "") == "grounding_filter" for step in chain)
        note = candidate.text if grounded else None  # a model's note may name the user ("Caroline adopted…")
        if exchange is not None and (names := own_names(self.store, user_id, exchange.user_message, note)):
            exchange = replace(exchange, user_names=names)  # a transcript's "Caroline:" lines are hers
        verdict = run_filters(candidate, exchange or Exchange(user_message=text), chain)
        if not verdict.kept:
            # The decision's candidate is the redacted one: a dropped secret is never echoed.
            reason = f"{verdict.filter}: {verdict.reason}"
            self.store.record_event(
                user_id, event_kind("dropped", verdict.filter), event_detail(reason, verdict.candidate.text), now
            )
            return WriteResult("dropped", None, verdict.candidate.text, reason=reason, code=verdict.filter)
        candidate = verdict.candidate
        load_jieba_for(candidate.text)  # its one-time load (1-3 s) never under the write lock (remember, import)
        self.pools.warm(user_id, lambda: self.store.memories(user_id, "active"))  # a first build off the lock
        with self.store.transaction():
            self.store.lock_user(user_id)  # replicas: decide and apply from one fresh read
            existing = self.store.memories(user_id, "active")
            moves = away_ids(candidate.text, existing)  # a return may go back to what a move superseded
            history = self.store.superseded_by_any(user_id, moves) if moves else []
            decision = admission.decide(candidate, existing, said_at, self.pools.synced(user_id, existing), history)
            if decision.action == "insert" and 0 < self.max_memories <= len(existing):
                reason = (
                    f"memory_cap: the user already holds {len(existing)} active memories, the cap "
                    f"(SOUVENIR_MAX_MEMORIES_PER_USER); forget some before adding more"
                )
                self.store.record_event(
                    user_id, event_kind("dropped", "memory_cap"), event_detail(reason, candidate.text), now
                )
                return WriteResult("dropped", None, candidate.text, reason=reason, code="memory_cap")
            previous = next((m.text for m in existing if m.id == decision.target_id), None)
            written = self._apply(user_id, candidate, decision, said_at, now, previous)
            self.store.record_event(  # after it, naming the memory it wrote or kept
                user_id,
                event_kind(decision.action, decision.code),
                event_detail(decision.reason, decision.text, decision.target_id, previous, written.memory_id),
                now,
            )
            return written

    def _apply(
        self,
        user_id: int,
        candidate: Candidate,
        decision: admission.Decision,
        said_at: datetime,
        now: datetime,
        previous: str | None = None,
    ) -> WriteResult:
        text = decision.text
        if type(candidate.text) is Redacted and text == candidate.text:
            text = candidate.text  # the same words, already read by the secrets filter

        def result(action: str, memory_id: int | None, superseded_id: int | None = None) -> WriteResult:
            return WriteResult(
                action,
                memory_id,
                text,
                reason=decision.reason,
                code=decision.code,
                previous=previous,
                superseded_id=superseded_id,
            )

        target = decision.target_id
        if decision.action in ("absorb", "replace", "supersede"):
            assert target is not None, f"{decision.action} without a target"
            self.drop_windows_around(target)
            if decision.action == "absorb":
                self.store.absorb(target, text, candidate.source, said_at, now)
                for middle in decision.retires:  # a return: the value between moves to history
                    self.drop_windows_around(middle)
                    self.store.supersede(middle, target, said_at)
                if decision.retires:
                    self.wake_indexer()
                return result("absorb", target)
            if decision.action == "replace":
                self.store.replace_wording(target, text, candidate.confidence, candidate.source, said_at, now)
                for middle in decision.retires:  # a return over a move away: the move goes to history
                    self.drop_windows_around(middle)
                    self.store.supersede(middle, target, said_at)
                self.wake_indexer()
                return result("replace", target)
        new_id = self.store.insert_memory(
            user_id,
            text,
            candidate.kind,
            candidate.scope,
            candidate.story_id,
            candidate.confidence,
            candidate.pinned,
            candidate.source,
            said_at,
            speaker=candidate.speaker,
            session=candidate.session,
        )
        if candidate.session is not None and self.window_index is not None:
            # the previous episode's window now ends on this one: re-embed it
            self.store.drop_neighbour_vectors(new_id, self.window_index.name, after=False)
        if decision.action == "supersede" and target is not None:  # (asserted above)
            self.store.supersede(target, new_id, said_at)  # superseded when said
            for middle in decision.retires:  # a return to a value in history: every move away goes
                self.drop_windows_around(middle)
                self.store.supersede(middle, new_id, said_at)
            self.wake_indexer()
            return result("supersede", new_id, superseded_id=target)
        self.wake_indexer()
        return result("insert", new_id)

    def wake_indexer(self) -> None:
        """Tell the vector indexes a memory is waiting for its vector."""
        for index in (self.index, self.window_index):
            if index is not None:
                index.wake()

    def drop_windows_around(self, memory_id: int) -> None:
        """A memory's words leave (delete) or change (replace, absorb, supersede): its
        session neighbours' window vectors held them, so they are re-embedded."""
        if self.window_index is not None:
            self.store.drop_neighbour_vectors(memory_id, self.window_index.name)
