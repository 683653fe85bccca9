"""One memory's shapes (:class:`MemoryPublic`, :class:`SelectedMemory`), the writes of memories by a
caller, the search, a memory's history and a user's data.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field, field_validator

from souvenir.ground.limits import MAX_TEXT_BYTES, check_time
from souvenir.ground.timezones import local_day
from souvenir.ground.types import KINDS, Memory, Selection
from souvenir.ground.results import WriteResult
from souvenir.schemas.wire import (
    _UNKNOWN_USER,
    HistoryEvent,
    KindName,
    PassName,
    ScopeName,
    StatusName,
    UtcTime,
    WriteAction,
    _In,
    _Out,
    _text_field,
    _utc_z,
)


# -- one memory ----------------------------------------------------------------------------
class Counters(_Out):
    """Seed 000's forgetting counters: times a candidate, served, served because the
    message recalled it (the semantic pass)."""

    candidate: int = 0
    served: int = 0
    served_semantic: int = 0


class MemoryPublic(_Out):
    """One stored memory. ``updated_at`` is the date of the current wording (the read
    path's recency key), ``created_at`` the date it first appeared."""

    id: int
    text: str
    kind: KindName
    scope: ScopeName
    story_id: int | None = None
    confidence: float = Field(1.0, ge=0.0, le=1.0)
    pinned: bool = False
    status: StatusName = "active"
    source: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    counters: Counters = Field(default_factory=Counters)

    @classmethod
    def from_memory(cls, m: Memory) -> MemoryPublic:
        return cls(**_memory_fields(m))


def _memory_fields(m: Memory) -> dict[str, Any]:
    return {
        "id": m.id,
        "text": m.text,
        "kind": m.kind,
        "scope": m.scope,
        "story_id": m.story_id,
        "confidence": m.confidence,
        "pinned": m.pinned,
        "status": m.status,
        "source": m.source,
        "created_at": m.created_at,
        "updated_at": m.updated_at,
        "counters": Counters(
            candidate=m.candidate_count, served=m.served_count, served_semantic=m.served_semantic_count
        ),
    }


class SelectedMemory(MemoryPublic):
    """A memory chosen for a context: the memory, the pass that admitted it and why.

    ``pass`` is one of rule, pinned, global, semantic, quota, rescue; ``score`` the read
    path's score for the message (``None`` without vectors or on a degraded turn)."""

    reason: str
    pass_name: PassName = Field(alias="pass")
    score: float | None = None
    day: str | None = Field(
        None,
        description="The user's calendar day of ``updated_at`` (in the "
        "profile's `tz`; UTC when none is known), as the block prints it.",
    )

    @classmethod
    def from_selection(cls, sel: Selection, tz: str | None = None) -> SelectedMemory:
        score = None if sel.score is None else round(float(sel.score), 4)
        day = local_day(sel.memory.updated_at, tz)
        return cls(
            **_memory_fields(sel.memory),
            reason=sel.reason,
            pass_name=sel.pass_name,
            score=score,
            day=day.isoformat() if day else None,
        )


def memory_json(m: Memory) -> dict[str, Any]:
    """:class:`MemoryPublic` of ``m`` as JSON-ready data (what the diagnostics dict holds)."""
    return MemoryPublic.from_memory(m).model_dump(mode="json")


def selected_json(m: Memory, pass_name: str, reason: str, score: float | None, tz: str | None = None) -> dict[str, Any]:
    """:class:`SelectedMemory` as JSON-ready data, for a selection kept in the store (``day``
    in the user's zone ``tz``, as a context gives it)."""
    day = local_day(m.updated_at, tz)
    return SelectedMemory(
        **_memory_fields(m), pass_name=pass_name, reason=reason, score=score, day=day.isoformat() if day else None
    ).model_dump(mode="json")


class MemoriesPublic(_Out):
    """A page of memories; ``next_cursor`` fetches the next page (``None``: last page)."""

    memories: list[MemoryPublic]
    next_cursor: str | None = None
    unknown_user: str | None = _UNKNOWN_USER


# -- writing memories directly -------------------------------------------------------------
class WritePublic(_Out):
    """What the write path did with one candidate: ``insert``, ``absorb``, ``replace``,
    ``supersede`` or ``dropped`` (an edit: ``replace``, ``unchanged`` or ``dropped``); ``id`` the memory that now holds it (``None`` when
    dropped, then ``reason`` says which filter and why; a dropped secret is never echoed)."""

    action: WriteAction
    id: int | None
    text: str
    reason: str | None = None
    superseded_id: int | None = None

    @classmethod
    def from_result(cls, r: WriteResult) -> WritePublic:
        return cls(action=r.action, id=r.memory_id, text=r.text, reason=r.reason, superseded_id=r.superseded_id)


class MemoryCreate(_In):
    """A memory written directly (a person, an import): it goes through the write path."""

    text: str = Field(..., description=f"The memory (1 to {MAX_TEXT_BYTES} bytes of UTF-8).")
    kind: KindName = Field("fact", description=f"One of {', '.join(KINDS)}.")
    scope: ScopeName = Field("global", description="global, or story (then 'story' names it).")
    story: str | None = Field(None, max_length=256)
    confidence: float = Field(1.0, ge=0.0, le=1.0)
    pinned: bool = False
    date: datetime | None = Field(None, description="When it was said; default now.")
    source: str | None = Field(None, max_length=1024)

    _check = field_validator("text")(_text_field)

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, value: Any) -> Any:
        if value not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}")
        return value

    @field_validator("scope", mode="before")
    @classmethod
    def _scope(cls, value: Any) -> Any:
        if value not in ("global", "story"):
            raise ValueError("scope must be global or story")
        return value


class MemoryBatch(_In):
    """Memories written in order, each through the write path (1 to 100)."""

    memories: list[MemoryCreate] = Field(..., min_length=1, max_length=100)


class BatchWritten(_Out):
    """What the write path did with each memory of a batch, in order."""

    results: list[WritePublic]


class MemoryUpdate(_In):
    """A person's new wording for a memory: it goes through the write path's filters, and
    the old wording is kept as the memory's history."""

    text: str = Field(..., description=f"The new wording (1 to {MAX_TEXT_BYTES} bytes of UTF-8).")
    date: datetime | None = Field(None, description="When it was said; default now.")
    source: str | None = Field(
        None, max_length=1024, description="Where the new wording comes from; default the memory's source."
    )

    _check = field_validator("text")(_text_field)


class SearchQuery(_In):
    """A query to rank the user's memories for, with filters. A search moves no counter."""

    query: str = Field(..., description=f"What to look for (1 to {MAX_TEXT_BYTES} bytes of UTF-8).")
    kind: list[KindName] | None = Field(None, description="Only these kinds (none = all).")
    scope: ScopeName | None = Field(None, description="Only global or only story memories.")
    story: str | None = Field(
        None,
        max_length=256,
        description="Search as a context of this story "
        "would: global memories plus the story's own (none = global only).",
    )
    since: datetime | None = Field(None, description="Only memories dated at or after this.")
    until: datetime | None = Field(None, description="Only memories dated before this.")
    limit: int = Field(10, ge=1, le=100, description="Most results.")

    _check = field_validator("query")(_text_field)

    @field_validator("since", "until")
    @classmethod
    def _within_the_years(cls, value: datetime | None) -> datetime | None:
        """Year 1 east of UTC has no UTC instant (an OverflowError, a 500): the years a
        memory may be dated in (:func:`souvenir.ground.limits.check_time`)."""
        return check_time(value, "search bound")

    @field_validator("kind", mode="before")
    @classmethod
    def _one_kind(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value


class FoundMemory(MemoryPublic):
    """A memory a search found, with its score for the query (``None``: no vector yet, ranked
    after the scored ones by date)."""

    score: float | None = None


class SearchResults(_Out):
    """A search's answer, best first; ``degraded`` when an embedder failed (the other
    signals still ranked)."""

    results: list[FoundMemory]
    degraded: bool = False
    degraded_cause: str | None = None
    unknown_user: str | None = _UNKNOWN_USER

    @classmethod
    def from_ranked(cls, ranked: list[tuple[Memory, float | None]], cause: str | None) -> SearchResults:
        return cls(
            results=[FoundMemory(**_memory_fields(m), score=None if s is None else round(s, 4)) for m, s in ranked],
            degraded=cause is not None,
            degraded_cause=cause,
        )


class MemoryDeleted(_Out):
    """The id of the memory deleted."""

    deleted: int


class HistoryEntry(_Out):
    """One link of a memory's chain: ``replaced`` or ``absorbed`` (an earlier or a poorer
    wording), ``supersedes`` (a memory this one contradicted: ``memory_id``), ``erased``
    (forgotten, textless; ``source`` ``request:turn:N`` when the user asked in chat)."""

    event: HistoryEvent
    text: str
    source: str | None = None
    said_at: datetime | None = None
    recorded_at: datetime | None = None
    memory_id: int | None = None


class MemoryHistory(_Out):
    """A memory as it is now and its chain of earlier wordings."""

    memory: MemoryPublic
    history: list[HistoryEntry]


# -- a user's data -------------------------------------------------------------------------
class UserExport(_Out):
    """Everything stored about a user, table by table (vectors without their floats): the
    stored rows as they are, save their times (a column ``time`` or ``…_at``), written ``…Z``
    as every other answer writes them (the store keeps ``…+00:00``)."""

    channel: str
    user: str
    tables: dict[str, list[dict[str, Any]]]

    @field_validator("tables")
    @classmethod
    def _times_in_z(cls, tables: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
        return {
            name: [
                {
                    k: _utc_z(v) if isinstance(v, str) and (k == "time" or k.endswith("_at")) else v
                    for k, v in row.items()
                }
                for row in rows
            ]
            for name, rows in tables.items()
        }


class UserSummary(_Out):
    """One user of a channel: the id the channel gave, when Souvenir first saw them (ISO
    8601, UTC), and their active memories."""

    user: str
    created_at: UtcTime
    memories: int


class UsersPage(_Out):
    """A page of a channel's users, first known first; ``next_cursor`` fetches the next page
    (``None``: last page)."""

    channel: str
    users: list[UserSummary]
    next_cursor: str | None = None


class UserDeleted(_Out):
    """Rows removed per table when a user was deleted."""

    deleted: dict[str, int]
