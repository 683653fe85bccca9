"""The front door for Python: :class:`Souvenir` (and :class:`AsyncSouvenir`) over one store.

    from souvenir import Souvenir

    with Souvenir.open("memories.db") as memory:
        memory.add_turn("ann", "I adopted a cat called Kopi", reply="Lovely!")
        print(memory.context("ann", "how is my cat?").block)

A user is named by their id (``user``) on a channel (``channel``, default the one given to
:meth:`Souvenir.open`, else ``api``). Every answer is a model of :mod:`souvenir.schemas`, the
same the REST service sends and :mod:`souvenir.client` returns, so the three give the same
answers for the same calls (a memory's counters count every context answered before the
call that returns it). Every error is a :class:`~souvenir.errors.SouvenirError`:
:class:`~souvenir.errors.InputError` for bad input (nothing written),
:class:`~souvenir.errors.UnknownError` for an unknown user or another user's memory,
:class:`~souvenir.errors.StoreError` when the store fails.

The REST routes call this class too (:mod:`souvenir.api.routes`): one behaviour, two doors.
"""

from __future__ import annotations

import asyncio
import difflib
import functools
import os
from collections.abc import Awaitable, Callable, Iterable, Mapping
from datetime import datetime
from types import TracebackType
from typing import Any, Concatenate, ParamSpec, TypeVar

from pydantic import ValidationError

from souvenir.config import Settings
from souvenir.engine.core import Engine
from souvenir.errors import InputError
from souvenir.engine.runtime import Runtime, open_runtime
from souvenir.schemas import (
    BatchWritten, ContextPublic, ContextQuery, HistoryEntry, MemoriesPublic, MemoryBatch, MemoryCreate,
    MemoryDeleted, MemoryHistory, MemoryPublic, MemoryUpdate, SearchQuery, SearchResults, StatusFilter,
    TurnCreate, TurnRecorded, UserDeleted, UserExport, WritePublic, checked_arguments, validated,
)
from souvenir.schemas import KindName, ScopeName
from souvenir.engine.search import SearchFilter
from souvenir.types import Candidate

__all__ = ["AsyncSouvenir", "Souvenir"]

P = ParamSpec("P")
R = TypeVar("R")


def settings_for(target: str | os.PathLike[str] | Settings | None = None, **overrides: Any) -> Settings:
    """Settings from a database URL (``sqlite:///…``, ``postgresql://…``), a SQLite file path,
    a :class:`Settings`, or ``None`` (``SOUVENIR_*`` variables and ``.env``); ``overrides``
    are settings fields (``embedder="none"``…); an unknown one is an :class:`InputError`
    naming the closest field (``Settings`` itself ignores unknown ``.env`` lines, so a
    misspelt keyword would otherwise be dropped without a word)."""
    unknown = sorted(set(overrides) - set(Settings.model_fields))
    if unknown:
        close = [m for name in unknown
                 for m in difflib.get_close_matches(name.lower().removeprefix("souvenir_"), Settings.model_fields, n=1)]
        raise InputError(f"unknown setting {', '.join(map(repr, unknown))}"
                         + (f": did you mean {', '.join(map(repr, close))}?" if close else "")
                         + " (the fields of souvenir.config.Settings, without the SOUVENIR_ prefix, lower case)")
    if isinstance(target, Settings):
        return target.model_copy(update=overrides) if overrides else target
    if target is not None:
        if not isinstance(target, (str, os.PathLike)):
            raise InputError(f"open(): target must be a database URL, a SQLite file path or a Settings, "
                             f"not {type(target).__name__}")
        text = os.fspath(target)
        overrides["database_url"] = text if "://" in text else f"sqlite:///{text}"
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        raise InputError(f"bad settings: {exc}") from None


@checked_arguments  # a wrongly typed argument is an InputError naming it, not a TypeError
class Souvenir:
    """Long-term memory over one store (see the module docstring). Thread-safe: one instance
    serves every thread of a process. Close it (or use ``with``) to stop its background
    indexer and reflection worker and finish pending bookkeeping."""

    def __init__(self, runtime: Runtime, *, channel: str = "api", owns_runtime: bool = True) -> None:
        self.runtime = runtime
        self.channel = channel
        self._owns = owns_runtime

    @classmethod
    def open(cls, target: str | os.PathLike[str] | Settings | None = None, *, channel: str = "api",
             background: bool = True, **settings: Any) -> Souvenir:
        """Open (and migrate) the store of ``target`` — a database URL, a SQLite file path, a
        :class:`Settings`, or ``None`` for ``SOUVENIR_*`` variables — with its embedders.

        ``background`` runs the indexer (new memories get their vectors within
        ``index_interval_s``) and, with a chat model, the reflection worker, as the server
        does; without it, call :meth:`Runtime.indexes`' ``run_once`` yourself.
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

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    @property
    def engine(self) -> Engine:
        return self.runtime.engine

    def _who(self, channel: str | None) -> str:
        return self.channel if channel is None else channel

    # -- the turn loop ---------------------------------------------------------------------
    def add_turn(self, user: str, message: str, reply: str | None = None, *, story: str | None = None,
                 time: datetime | None = None, language: str | None = None,
                 channel: str | None = None, timezone: str | None = None) -> TurnRecorded:
        """Store one exchange after the bot replied. With a chat model its reflection is
        queued (the worker extracts the memories); without one the user's message goes
        through the write path now (``memory`` says what happened). ``time`` keeps its own
        UTC offset; ``timezone`` (IANA name or offset) sets the user's zone (profile ``tz``):
        relative dates are grounded in the user's local day."""
        turn = validated(TurnCreate, channel=self._who(channel), user=user, story=story, message=message,
                         reply=reply, time=time, language=language, timezone=timezone)
        rt = self.runtime
        turn_id, written = rt.engine.record_turn(turn.channel, turn.user, turn.message, turn.reply,
                                                 time=turn.time, story=turn.story, language=turn.language,
                                                 timezone=turn.timezone)
        if rt.worker is not None:
            rt.worker.wake()
        return TurnRecorded(turn_id=turn_id, reflection="queued" if rt.engine.chat is not None else None,
                            memory=None if written is None else WritePublic.from_result(written))

    def context(self, user: str, message: str, *, story: str | None = None,
                channel: str | None = None) -> ContextPublic:
        """The memories for the user's new ``message`` (24 by default), each with the pass
        that admitted it and why, and ``block``, the text for the system prompt. This is a
        turn: the forgetting counters move. An unknown user gets an empty selection."""
        query = validated(ContextQuery, channel=self._who(channel), user=user, story=story, message=message)
        return ContextPublic.from_result(self.engine.context(query.channel, query.user, query.message,
                                                             story=query.story))

    # -- memories ----------------------------------------------------------------------------
    def remember(self, user: str, text: str, *, kind: KindName = "fact", scope: ScopeName = "global",
                 story: str | None = None, confidence: float = 1.0, pinned: bool = False,
                 date: datetime | None = None, source: str | None = None,
                 channel: str | None = None) -> WritePublic:
        """Write one memory through the write path (secrets filter, dedup, merge): ``action``
        says whether it was inserted, absorbed by a richer variant, replaced a poorer one,
        superseded a contradicted one, or was dropped (``reason``)."""
        memory = validated(MemoryCreate, text=text, kind=kind, scope=scope, story=story,
                           confidence=confidence, pinned=pinned, date=date, source=source)
        return self._remember(user, memory, self._who(channel))

    def _remember(self, user: str, memory: MemoryCreate, channel: str) -> WritePublic:
        if memory.scope == "story" and not memory.story:
            raise InputError("a story-scoped memory needs 'story'")
        return WritePublic.from_result(self.engine.remember(channel, user, _candidate(memory), story=memory.story))

    def remember_many(self, user: str, memories: Iterable[MemoryCreate | Mapping[str, Any]], *,
                      channel: str | None = None) -> BatchWritten:
        """Write 1 to 100 memories in order, each through the write path (each a
        :class:`MemoryCreate` or a dict of its fields). All are checked first: one bad item
        writes nothing (:class:`InputError` naming it)."""
        batch = validated(MemoryBatch, memories=list(memories))
        for i, memory in enumerate(batch.memories):
            if memory.scope == "story" and not memory.story:
                raise InputError(f"memories.{i}: a story-scoped memory needs 'story'; nothing written")
        results = self.engine.remember_many(self._who(channel), user, [_candidate(m) for m in batch.memories],
                                            stories=[m.story for m in batch.memories])
        return BatchWritten(results=[WritePublic.from_result(r) for r in results])

    def memories(self, user: str, *, status: StatusFilter = "active", limit: int = 100,
                 cursor: str | None = None, channel: str | None = None) -> MemoriesPublic:
        """One page of the user's memories with ``status`` (``all`` for every status), oldest
        first: at most ``limit`` (1 to 1000); pass ``next_cursor`` back as ``cursor`` for the
        next page (``None`` on the last). An unknown user has one empty page."""
        if status not in ("active", "superseded", "deleted", "all"):
            raise InputError("status must be active, superseded, deleted or all")
        found, after = self.engine.memories_page(self._who(channel), user, None if status == "all" else status,
                                                 limit=limit, cursor=cursor)
        return MemoriesPublic(memories=[MemoryPublic.from_memory(m) for m in found], next_cursor=after)

    def search(self, user: str, query: str, *, kind: KindName | list[KindName] | None = None,
               scope: ScopeName | None = None, story: str | None = None, since: datetime | None = None,
               until: datetime | None = None, limit: int = 10, channel: str | None = None) -> SearchResults:
        """The user's memories ranked for ``query`` with the read path's score, best first,
        without moving any counter. Filters: ``kind`` (one or several), ``scope``, ``since``
        (inclusive) / ``until`` (exclusive) on the memory's date; ``story`` searches as a
        context of that story would (global memories plus the story's own)."""
        q = validated(SearchQuery, query=query, kind=kind, scope=scope, story=story, since=since,
                      until=until, limit=limit)
        where = SearchFilter(kinds=frozenset(q.kind) if q.kind else None, scope=q.scope, since=q.since,
                             until=q.until)
        self.engine.flush()  # counters of the contexts already answered
        ranked, cause = self.engine.search(self._who(channel), user, q.query, where, story=q.story, limit=q.limit)
        return SearchResults.from_ranked(ranked, cause)

    def update(self, user: str, memory_id: int, text: str, *, date: datetime | None = None,
               source: str | None = None, channel: str | None = None) -> WritePublic:
        """A new wording for one of the user's memories, through the write path's filters;
        the old wording stays as its history (:meth:`history`). ``action``: ``replace``,
        ``unchanged`` (same text) or ``dropped`` (``reason``; nothing changed)."""
        edit = validated(MemoryUpdate, text=text, date=date, source=source)
        return WritePublic.from_result(self.engine.update_memory(self._who(channel), user, memory_id, edit.text,
                                                                 source=edit.source, said_at=edit.date))

    def forget(self, user: str, memory_id: int, *, channel: str | None = None) -> MemoryDeleted:
        """Forget one memory (an explicit act): no text of it stays in the store or the
        export, only a textless tombstone (:mod:`souvenir.store.erasure`)."""
        self.engine.delete_memory(self._who(channel), user, memory_id)
        return MemoryDeleted(deleted=memory_id)

    def pin(self, user: str, memory_id: int, pinned: bool = True, *,
            channel: str | None = None) -> MemoryPublic:
        """Pin (or, with ``pinned=False``, unpin) a memory by hand."""
        memory = self.engine.pin(self._who(channel), user, memory_id, pinned)
        self.engine.flush()
        return MemoryPublic.from_memory(self.engine.own_memory(self._who(channel), user, memory.id))

    def history(self, user: str, memory_id: int, *, channel: str | None = None) -> MemoryHistory:
        """A memory as it is now and its chain of earlier wordings and superseded memories."""
        self.engine.flush()
        memory, chain = self.engine.memory_history(self._who(channel), user, memory_id)
        return MemoryHistory(memory=MemoryPublic.from_memory(memory),
                             history=[HistoryEntry.model_validate(e) for e in chain])

    # -- the user -------------------------------------------------------------------------------
    def profile(self, user: str, *, channel: str | None = None) -> dict[str, Any]:
        """The user-level profile (``lang``, ``summary``, ``last_queries``…)."""
        return self.engine.profile(self._who(channel), user)

    def export_user(self, user: str, *, channel: str | None = None) -> UserExport:
        """Everything stored about the user, table by table."""
        return UserExport.model_validate(self.engine.export_user(self._who(channel), user))

    def delete_user(self, user: str, *, channel: str | None = None) -> UserDeleted:
        """Delete the user and everything derived from them; rows removed per table."""
        return UserDeleted(deleted=self.engine.delete_user(self._who(channel), user))


def _candidate(memory: MemoryCreate) -> Candidate:
    return Candidate(text=memory.text, kind=memory.kind, scope=memory.scope, confidence=memory.confidence,
                     source=memory.source, time=memory.date, pinned=memory.pinned)


def _in_thread(method: Callable[Concatenate[Souvenir, P], R]) -> Callable[Concatenate[AsyncSouvenir, P], Awaitable[R]]:
    """``method`` of :class:`Souvenir`, run in a worker thread by :class:`AsyncSouvenir`."""

    @functools.wraps(method)
    async def call(self: AsyncSouvenir, *args: P.args, **kwargs: P.kwargs) -> R:
        return await asyncio.to_thread(method, self.sync, *args, **kwargs)

    return call


class AsyncSouvenir:
    """:class:`Souvenir` for asyncio: the same methods, awaited; the store's work runs in
    worker threads so the event loop never waits on it."""

    def __init__(self, sync: Souvenir) -> None:
        self.sync = sync

    @classmethod
    async def open(cls, target: str | os.PathLike[str] | Settings | None = None, *, channel: str = "api",
                   background: bool = True, **settings: Any) -> AsyncSouvenir:
        """As :meth:`Souvenir.open` (the models load in a worker thread)."""
        sync = await asyncio.to_thread(functools.partial(Souvenir.open, target, channel=channel,
                                                         background=background, **settings))
        return cls(sync)

    async def __aenter__(self) -> AsyncSouvenir:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()

    close = _in_thread(Souvenir.close)
    add_turn = _in_thread(Souvenir.add_turn)
    context = _in_thread(Souvenir.context)
    remember = _in_thread(Souvenir.remember)
    remember_many = _in_thread(Souvenir.remember_many)
    memories = _in_thread(Souvenir.memories)
    search = _in_thread(Souvenir.search)
    update = _in_thread(Souvenir.update)
    forget = _in_thread(Souvenir.forget)
    pin = _in_thread(Souvenir.pin)
    history = _in_thread(Souvenir.history)
    profile = _in_thread(Souvenir.profile)
    export_user = _in_thread(Souvenir.export_user)
    delete_user = _in_thread(Souvenir.delete_user)

