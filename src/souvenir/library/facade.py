""":class:`Souvenir`: the turn loop (:meth:`~Souvenir.add_turn`, :meth:`~Souvenir.context`),
a user's memories and data, over one store. How users, channels, answers and errors are
named is in the package's docstring (:mod:`souvenir.library`); a user's data as a whole
(profile, export, deletion, time zone, a channel's users) is its base,
:class:`~souvenir.library.user_data.UserData`, and the service's side (index, outbox, keys,
counters) that one's, :class:`~souvenir.library.operations.Operations`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any


from souvenir.ground.config import Settings
from souvenir.library.opening import settings_for
from souvenir.library.user_data import UserData
from souvenir.library.id_checks import checked_ids
from souvenir.ground.errors import CapacityError, InputError
from souvenir.ground.limits import MAX_TEXT_BYTES, check_erased_since, check_field, check_seconds
from souvenir.engine.curation import MAX_BATCH
from souvenir.engine.runtime import Runtime, open_runtime
from souvenir.schemas import (
    DEFAULT_CHANNEL,
    BatchWritten,
    ContextPublic,
    ContextQuery,
    Diagnostics,
    HistoryEntry,
    MemoriesPublic,
    MemoryBatch,
    MemoryCreate,
    MemoryDeleted,
    MemoryHistory,
    MemoryPublic,
    MemoryUpdate,
    SearchQuery,
    SearchResults,
    StatusFilter,
    TurnCreate,
    TurnRecorded,
    WritePublic,
    checked_arguments,
    validated,
)
from souvenir.schemas import KindName, ScopeName
from souvenir.engine.search import SearchFilter
from souvenir.store.deadline import bound_methods
from souvenir.ground.timeutil import utcnow
from souvenir.ground.results import ERASED_REASON, WriteResult
from souvenir.ground.types import Candidate


@checked_arguments  # a wrongly typed argument is an InputError naming it, not a TypeError
class Souvenir(UserData):
    """Long-term memory over one store (see the module docstring). Thread-safe: one instance
    serves every thread of a process. Close it (or use ``with``) to stop its background
    indexer and reflection worker and finish pending bookkeeping."""

    def __init__(self, runtime: Runtime, *, channel: str = DEFAULT_CHANNEL, owns_runtime: bool = True) -> None:
        self.runtime = runtime
        self.channel = channel
        self._owns = owns_runtime

    @classmethod
    def open(
        cls,
        target: str | os.PathLike[str] | Settings | None = None,
        *,
        channel: str = DEFAULT_CHANNEL,
        background: bool = True,
        **settings: Any,
    ) -> Souvenir:
        """Open (and migrate) the store of ``target`` — a database URL, a SQLite file path, a
        :class:`Settings`, or ``None`` for ``SOUVENIR_*`` variables — with its embedders.

        ``background`` runs the indexer (new memories get their vectors within
        ``index_interval_s``) and, with a chat model, the reflection worker, as the server
        does; without it, call :meth:`index` when new memories should get their vectors.
        ``settings`` override fields of :class:`Settings` (``embedder="none"``…).
        Raises :class:`InputError` for bad settings, :class:`StoreError` when the store
        cannot be opened."""
        runtime = open_runtime(settings_for(target, **settings), start_indexer=background)
        return cls(runtime, channel=channel)

    def close(self) -> None:
        """Stop the background work and close the store (when this instance opened it)."""
        if self._owns:
            self.runtime.close()
        else:
            self.runtime.engine.flush(None)  # what this instance's calls queued, written

    def __enter__(self) -> Souvenir:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # -- the turn loop ---------------------------------------------------------------------
    def add_turn(
        self,
        user: str,
        message: str,
        reply: str | None = None,
        *,
        story: str | None = None,
        time: datetime | None = None,
        language: str | None = None,
        channel: str | None = None,
        timezone: str | None = None,
        question: str | None = None,
        unless_erased_since: datetime | int | None = None,
        source: str | None = None,
    ) -> TurnRecorded:
        """Store one exchange after the bot replied. With a chat model its reflection is
        queued (the worker extracts the memories); without one the user's message goes
        through the write path now (``memory`` says what happened). ``time`` keeps its own
        UTC offset; ``timezone`` (IANA name or offset) sets the user's zone (profile ``tz``):
        relative dates are grounded in the user's local day. ``question``: what the bot said
        just before ``message`` (default: the previous recorded turn's reply): a bare answer to
        its request for a secret is not kept. ``unless_erased_since``: raise
        :class:`~souvenir.ground.errors.ErasedError`, writing nothing, when the user was deleted or one
        of their memories forgotten since then (a late write of an earlier exchange: the
        proxy's): the :attr:`~souvenir.ground.results.ContextResult.erasure_clock` of the exchange's
        context (exact across replicas: the store's own order), or a time (replicas' wall
        clocks compared). ``source``: the caller's own id of the exchange (``schemas.turn_source``: at most 256
        characters, no secret, not ``turn:`` / ``proxy:`` / ``request:``), carried by the memories the
        turn writes; default ``turn:<id>``."""
        check_erased_since(unless_erased_since)
        turn = validated(
            TurnCreate,
            channel=self._who(channel),
            user=user,
            story=story,
            message=message,
            reply=reply,
            question=question,
            time=time,
            language=language,
            timezone=timezone,
            source=source,
        )
        rt = self.runtime
        turn_id, written = self._record(turn, source=turn.source, unless_erased_since=unless_erased_since)
        if rt.worker is not None:
            rt.worker.wake()
        return TurnRecorded(
            turn_id=turn_id,
            reflection="queued" if rt.engine.chat is not None else None,
            memory=None if written is None else WritePublic.from_result(written),
        )

    def request_acted(
        self, user: str, source: str, *, within_s: float, channel: str | None = None, client_retry: bool = False
    ) -> bool:
        """Whether the request of key ``source`` (the proxy's retry key) was recorded for the
        user in the last ``within_s`` seconds and erased since (a "forget everything about me"
        acted on): a client's retry of it reads nothing (its message would stay in the read's
        records) and is not recorded again (:meth:`add_turn_once`). Not when a memory of the
        user was written since, unless ``client_retry`` (the client says the request is its
        retry): the user then asks again (``Store.was_acted``)."""
        rt = self.runtime
        user_id = rt.store.find_user(self._who(channel), user)
        since = utcnow() - timedelta(seconds=check_seconds(within_s, "within_s"))
        return user_id is not None and rt.store.was_acted(user_id, source, since, client_retry=client_retry)

    def add_turn_once(
        self,
        user: str,
        message: str,
        reply: str | None = None,
        *,
        source: str,
        within_s: float,
        story: str | None = None,
        time: datetime | None = None,
        language: str | None = None,
        channel: str | None = None,
        timezone: str | None = None,
        question: str | None = None,
        unless_erased_since: datetime | int | None = None,
        client_retry: bool = False,
    ) -> bool:
        """:meth:`add_turn` unless a turn of the same ``source`` (a request's key: the proxy
        uses it for a client's retry) was recorded for the user in the last ``within_s``
        seconds; checked and written in one transaction under the user's lock, so two
        racing retries record one turn. Returns whether this call recorded it. ``question``,
        ``time`` and ``unless_erased_since``: as in :meth:`add_turn` (the proxy reads the
        question in the request's ``messages``); ``client_retry``: as in :meth:`request_acted`."""
        check_erased_since(unless_erased_since)
        turn = validated(
            TurnCreate,
            channel=self._who(channel),
            user=user,
            story=story,
            message=message,
            reply=reply,
            question=question,
            time=time,
            language=language,
            timezone=timezone,
        )
        rt = self.runtime
        window = timedelta(seconds=check_seconds(within_s, "within_s"))
        with rt.store.transaction():
            user_id = rt.store.find_user(turn.channel, turn.user)
            if user_id is not None:
                rt.store.lock_user(user_id)
                since = utcnow() - window
                if rt.store.has_turn(user_id, source, since, client_retry=client_retry):
                    return False
            self._record(turn, source=source, unless_erased_since=unless_erased_since)
        if rt.worker is not None:
            rt.worker.wake()
        return True

    def _record(
        self, turn: TurnCreate, source: str | None = None, unless_erased_since: datetime | int | None = None
    ) -> tuple[int, WriteResult | None]:
        """The engine records a validated turn: its id, and the no-model write's result."""
        return self.runtime.engine.record_turn(
            turn.channel,
            turn.user,
            turn.message,
            turn.reply,
            time=turn.time,
            story=turn.story,
            source=source,
            language=turn.language,
            timezone=turn.timezone,
            question=turn.question,
            unless_erased_since=unless_erased_since,
        )

    def context(
        self,
        user: str,
        message: str,
        *,
        story: str | None = None,
        channel: str | None = None,
        timezone: str | None = None,
        count: bool = True,
        messages: Sequence[str] | None = None,
        conversation: Sequence[str] | None = None,
        block_tokens: int | None = None,
    ) -> ContextPublic:
        """The memories for the user's new ``message`` (24 by default), each with the pass
        that admitted it and why, and ``block``, the text for the system prompt. This is a
        turn: the forgetting counters move (``count=False``: a look that moves none, as
        ``souvenir context`` without ``--count`` or a tool-call leg of the proxy).
        ``timezone``: the zone this block's days are shown in (default the user's stored
        one). ``messages``: the texts the model's prompt already shows (the conversation so
        far, at most :data:`~souvenir.ground.limits.MAX_PROMPT_MESSAGES`, each at most 16 KiB): a
        memory whose text is one of them takes no place (the diagnostics page shows it "in
        the prompt"). ``conversation``: the turns of the chat among them (what the user and
        the assistant said, oldest first; the same bounds): a short message is read with its
        last turns; ``None`` (the default) reads ``messages`` as the turns — leave a system
        prompt or a tool's output out of ``conversation``. ``block_tokens``: the most tokens
        the memories' lines may take in ``block`` (the proxy's read budget on a slow single-slot
        server, :mod:`souvenir.llm.block_bound`; ``None``: no bound): the lowest-ranked are left
        out, shown on the diagnostics page as ``read_time``. An unknown user gets an empty
        selection and ``unknown_user``. Raises :class:`InputError` for too many or too long
        ``messages`` or ``conversation``."""
        query = validated(
            ContextQuery,
            channel=self._who(channel),
            user=user,
            story=story,
            message=message,
            messages=list(messages) if messages is not None else None,
            conversation=list(conversation) if conversation is not None else None,
        )
        answer = ContextPublic.from_result(
            self.engine.context(
                query.channel,
                query.user,
                query.message,
                story=query.story,
                count=count,
                tz=timezone,
                messages=query.messages,
                conversation=query.conversation,
                block_tokens=block_tokens,
            )
        )
        if not (answer.memories or answer.rules or answer.history):
            answer.unknown_user = self._unknown(query.channel, query.user)
        return answer

    # -- memories ----------------------------------------------------------------------------
    def remember(
        self,
        user: str,
        text: str,
        *,
        kind: KindName = "fact",
        scope: ScopeName = "global",
        story: str | None = None,
        confidence: float = 1.0,
        pinned: bool = False,
        date: datetime | None = None,
        source: str | None = None,
        channel: str | None = None,
    ) -> WritePublic:
        """Write one memory through the write path (secrets filter, dedup, merge): ``action``
        says whether it was inserted, absorbed by a richer variant, replaced a poorer one,
        superseded a contradicted one, or was dropped (``reason``)."""
        memory = validated(
            MemoryCreate,
            text=text,
            kind=kind,
            scope=scope,
            story=story,
            confidence=confidence,
            pinned=pinned,
            date=date,
            source=source,
        )
        return self._remember(user, memory, self._who(channel))

    def _remember(self, user: str, memory: MemoryCreate, channel: str) -> WritePublic:
        if memory.scope == "story" and not memory.story:
            raise InputError("a story-scoped memory needs 'story'")
        written = self.engine.remember(channel, user, _candidate(memory), story=memory.story)
        if written.code == "memory_cap":  # a person's write is refused, not silently dropped (409)
            raise CapacityError(written.reason or "memory cap reached")
        return WritePublic.from_result(written)

    def remember_many(
        self, user: str, memories: Iterable[MemoryCreate | Mapping[str, Any]], *, channel: str | None = None
    ) -> BatchWritten:
        """Write 1 to 100 memories in order, each through the write path (each a
        :class:`MemoryCreate` or a dict of its fields). All are checked first: one bad item
        writes nothing (:class:`InputError` naming it)."""
        items = list(memories)
        if not 1 <= len(items) <= MAX_BATCH:
            raise InputError(f"remember_many(): memories: a batch holds 1 to {MAX_BATCH} memories, not {len(items)}")
        batch = validated(MemoryBatch, memories=items)
        for i, memory in enumerate(batch.memories):
            if memory.scope == "story" and not memory.story:
                raise InputError(f"memories.{i}: a story-scoped memory needs 'story'; nothing written")
        results = self.engine.remember_many(
            self._who(channel), user, [_candidate(m) for m in batch.memories], stories=[m.story for m in batch.memories]
        )
        return BatchWritten(results=[WritePublic.from_result(r) for r in results])

    def memories(
        self,
        user: str,
        *,
        status: StatusFilter = "active",
        limit: int = 100,
        cursor: str | None = None,
        channel: str | None = None,
    ) -> MemoriesPublic:
        """One page of the user's memories with ``status`` (``all`` for every status), oldest
        first: at most ``limit`` (1 to 1000); pass ``next_cursor`` back as ``cursor`` for the
        next page (``None`` on the last). An unknown user has one empty page."""
        if status not in ("active", "superseded", "deleted", "all"):
            raise InputError("status must be active, superseded, deleted or all")
        found, after = self.engine.memories_page(
            self._who(channel), user, None if status == "all" else status, limit=limit, cursor=cursor
        )
        return MemoriesPublic(
            memories=[MemoryPublic.from_memory(m) for m in found],
            next_cursor=after,
            unknown_user=None if found or cursor else self._unknown(self._who(channel), user),
        )

    def memory(self, user: str, memory_id: int, *, channel: str | None = None) -> MemoryPublic:
        """One of the user's memories, any status (:class:`UnknownError` when it is not
        theirs: one user never reaches another's memory by guessing an id)."""
        who = self._who(channel)
        self.engine.flush()
        with self._hinted(who, user):
            return MemoryPublic.from_memory(self.engine.own_memory(who, user, memory_id))

    def forgotten(self, user: str, *, min_candidate: int = 10, channel: str | None = None) -> MemoriesPublic:
        """Memories that were candidates at least ``min_candidate`` times and never served,
        most often passed over first (one page, no cursor)."""
        if isinstance(min_candidate, bool) or not isinstance(min_candidate, int) or min_candidate < 0:
            raise InputError("min_candidate must be an integer of 0 or more")
        who = self._who(channel)
        found = self.engine.forgotten(who, user, min_candidate)
        return MemoriesPublic(
            memories=[MemoryPublic.from_memory(m) for m in found],
            unknown_user=None if found else self._unknown(who, user),
        )

    def search(
        self,
        user: str,
        query: str,
        *,
        kind: KindName | list[KindName] | None = None,
        scope: ScopeName | None = None,
        story: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int = 10,
        channel: str | None = None,
    ) -> SearchResults:
        """The user's memories ranked for ``query`` with the read path's score, best first,
        without moving any counter. Filters: ``kind`` (one or several), ``scope``, ``since``
        (inclusive) / ``until`` (exclusive) on the memory's date; ``story`` searches as a
        context of that story would (global memories plus the story's own)."""
        q = validated(
            SearchQuery, query=query, kind=kind, scope=scope, story=story, since=since, until=until, limit=limit
        )
        where = SearchFilter(kinds=frozenset(q.kind) if q.kind else None, scope=q.scope, since=q.since, until=q.until)
        self.engine.flush()  # counters of the contexts already answered
        ranked, cause = self.engine.search(self._who(channel), user, q.query, where, story=q.story, limit=q.limit)
        found = SearchResults.from_ranked(ranked, cause)
        if not ranked:
            found.unknown_user = self._unknown(self._who(channel), user)
        return found

    def update(
        self,
        user: str,
        memory_id: int,
        text: str,
        *,
        date: datetime | None = None,
        source: str | None = None,
        channel: str | None = None,
    ) -> WritePublic:
        """A new wording for one of the user's memories, through the write path's filters;
        the old wording stays as its history (:meth:`history`). ``action``: ``replace``,
        ``unchanged`` (same text) or ``dropped`` (``reason``; nothing changed)."""
        edit = validated(MemoryUpdate, text=text, date=date, source=source)
        with self._hinted(self._who(channel), user):
            return WritePublic.from_result(
                self.engine.update_memory(
                    self._who(channel), user, memory_id, edit.text, source=edit.source, said_at=edit.date
                )
            )

    def forget(self, user: str, memory_id: int, *, channel: str | None = None) -> MemoryDeleted:
        """Forget one memory (an explicit act): no text of it stays in the store or the
        export, only a textless tombstone (:mod:`souvenir.store.erasure`)."""
        with self._hinted(self._who(channel), user):
            self.engine.delete_memory(self._who(channel), user, memory_id)
        return MemoryDeleted(deleted=memory_id)

    def pin(self, user: str, memory_id: int, pinned: bool = True, *, channel: str | None = None) -> MemoryPublic:
        """Pin (or, with ``pinned=False``, unpin) a memory by hand."""
        with self._hinted(self._who(channel), user):
            memory = self.engine.pin(self._who(channel), user, memory_id, pinned)
        self.engine.flush()
        return MemoryPublic.from_memory(self.engine.own_memory(self._who(channel), user, memory.id))

    def history(self, user: str, memory_id: int, *, channel: str | None = None) -> MemoryHistory:
        """A memory as it is now and its chain of earlier wordings and superseded memories."""
        self.engine.flush()
        with self._hinted(self._who(channel), user):
            memory, chain = self.engine.memory_history(self._who(channel), user, memory_id)
        return MemoryHistory(
            memory=MemoryPublic.from_memory(memory), history=[HistoryEntry.model_validate(e) for e in chain]
        )

    def diagnostics(
        self, user: str, *, story: str | None = None, service: bool = False, channel: str | None = None
    ) -> Diagnostics:
        """Why each memory was in the user's last contexts, the forgetting counters, degraded
        turns, the index backlog, parked jobs, the profile; with ``service`` also the
        service-wide counters (an operator's view: the REST route gives it to admin keys
        only). :class:`UnknownError` for an unknown user."""
        who = self._who(channel)
        with self._hinted(who, user):
            found = self.engine.diagnostics(who, user, story)
        return Diagnostics.model_validate(found | {"service": self.runtime.status()} if service else found)

    # -- files: replay and import -----------------------------------------------------------------
    def replay(
        self,
        path: str | os.PathLike[str],
        *,
        user: str | None = None,
        speaker: str | None = None,
        channel: str | None = None,
        progress: Callable[[int], None] | None = None,
        total: Callable[[int], None] | None = None,
    ) -> list[WritePublic]:
        """Replay a conversation file into the store: a LoCoMo ``.json`` (``user`` defaults to
        the conversation's name; with ``speaker`` that speaker's turns are the user's
        messages) or a chat ``.jsonl`` of ``{user, message, reply, time}`` lines (``user``
        overrides each line's). ``total(n)`` is told the number of turns first,
        ``progress(k)`` each batch done. Returns what the write path did with each message.
        Raises :class:`~souvenir.ground.errors.FileFormatError` naming the bad line."""
        from souvenir.replay.apply import replay_chat, replay_locomo
        from souvenir.replay.formats import parse_chat_jsonl, parse_locomo

        file, who = Path(path), self._who(channel)
        advance = progress or (lambda n: None)
        if file.suffix == ".jsonl":
            lines = parse_chat_jsonl(file)
            if total is not None:
                total(len(lines))
            results = replay_chat(self.engine, str(file), lines, who, user, progress=advance)
        else:
            conv = parse_locomo(file)
            if total is not None:
                total(len(conv.turns))
            results = replay_locomo(self.engine, conv, who, user or conv.name, speaker, progress=advance)
        return [WritePublic.from_result(r) for r in results]

    def import_file(
        self,
        path: str | os.PathLike[str],
        user: str,
        *,
        channel: str | None = None,
        profile: dict[str, Any] | None = None,
    ) -> list[WritePublic]:
        """Import a memories JSONL file (one ``{text, kind, scope, date, source}`` a line), or
        a user's export, through the write path; returns what was done with each line
        (``dropped`` with its ``reason`` for those the filters refused). An export's profile
        comes too (``tz``, ``lang``, ``summary``, ``last_queries``, ``state:*``; bounded and
        validated; a key the user has here stays; one read from the user's words only when the
        user erased nothing here: :func:`souvenir.replay.apply.import_profile`). ``profile``: a
        dict filled with ``carried`` (the keys written) and ``left_out`` (key → why).
        ``channel`` None: an export's own channel (the user's memories go back where they were,
        under the marks of what that user erased), else this instance's; a channel that is not
        valid UTF-8 or holds a NUL is a :class:`TextError`."""
        from souvenir.replay.apply import import_memories, import_profile
        from souvenir.replay.formats import export_channel_of, export_profile_of, parse_memories_jsonl

        lines = parse_memories_jsonl(Path(path))
        who = self._who(channel if channel is not None else export_channel_of(Path(path)))
        check_field(who, "channel", MAX_TEXT_BYTES)
        results = [WritePublic.from_result(r) for r in import_memories(self.engine, str(path), lines, who, user)]
        exported = export_profile_of(Path(path))
        if exported is not None and _all_erased(results) and who not in self.user_channels(user):
            # a deleted user's old export: its profile alone (tz) would bring the id back
            if profile is not None:
                profile.update(carried=[], left_out={"profile": DELETED_NOT_RESTORED})
            return results
        done = import_profile(self.engine, who, user, exported) if exported is not None else None
        if profile is not None and done is not None:
            profile.update(carried=sorted(done.values), left_out=dict(sorted(done.left_out.items())))
        return results


#: Why an export whose every memory the user erased here, of a user this store no longer has
#: (deleted), writes nothing — not even its profile's ``tz``, which re-created the user's id.
DELETED_NOT_RESTORED = "every memory of the export was erased here and the user is not in this store: nothing written"


def _all_erased(results: list[WritePublic]) -> bool:
    return bool(results) and all(r.action == "dropped" and r.reason == ERASED_REASON for r in results)


# The methods that read one user, and those that change what is kept of one user by id.
_USER_READS = (
    "context",
    "memories",
    "memory",
    "forgotten",
    "search",
    "history",
    "profile",
    "export_user",
    "timezone",
    "diagnostics",
    "user_channels",
)
_USER_CHANGES = ("update", "forget", "pin", "set_timezone", "delete_user")

# An id no store can hold (NUL, a lone surrogate) is bad input before any store is asked
checked_ids(Souvenir, _USER_READS + _USER_CHANGES)

# Every face's call waits on the store within one bound as a whole (503 / StoreBusyError
# past it; docs/operations.md, "A store locked by another process").
bound_methods(
    Souvenir,
    reads=(*_USER_READS, "request_acted"),
    writes=("add_turn", "add_turn_once", "remember", "remember_many", *_USER_CHANGES),
)


def _candidate(memory: MemoryCreate) -> Candidate:
    return Candidate(
        text=memory.text,
        kind=memory.kind,
        scope=memory.scope,
        confidence=memory.confidence,
        source=memory.source,
        time=memory.date,
        pinned=memory.pinned,
    )
