"""Every request and response on the wire, as pydantic models: one shape per thing.

One memory has one shape everywhere (:class:`MemoryPublic`): in the REST answers, in a
context result (:class:`SelectedMemory` adds why it was chosen), in ``souvenir memories
--json``, in the diagnostics and in the library's and the client's return values. A field
that goes on the wire is declared here first; the REST routes use these models as
``response_model``, so ``/openapi.json`` describes every JSON answer and a client can be
generated from it.

Conversions from the engine's plain data (:mod:`souvenir.types`, :mod:`souvenir.results`)
are the ``from_*`` class methods; nothing here does I/O. Times are timezone-aware
``datetime`` (ISO 8601 on the wire). Request models bound every input (lengths in
characters, texts in UTF-8 bytes: :data:`souvenir.limits.MAX_TEXT_BYTES`).
"""

from __future__ import annotations

import functools
import inspect
from collections import abc
from collections.abc import Callable
from datetime import datetime
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from souvenir.errors import InputError
from souvenir.limits import MAX_LANGUAGE_CHARS, MAX_TEXT_BYTES, check_text
from souvenir.results import ContextResult, WriteResult
from souvenir.timezones import local_day
from souvenir.types import KINDS, Memory, Selection

__all__ = [
    "DEFAULT_CHANNEL",
    "ApiKey",
    "BatchWritten",
    "ChatCompletion",
    "ContextPublic",
    "ContextQuery",
    "Counters",
    "DegradedEvent",
    "Diagnostics",
    "ErrorBody",
    "FoundMemory",
    "Health",
    "HistoryEntry",
    "HistoryTurn",
    "HistoryEvent",
    "IndexStatus",
    "Job",
    "JobList",
    "JobRetry",
    "JobStatus",
    "JobsRequeued",
    "KindName",
    "MemoriesPublic",
    "MemoryBatch",
    "MemoryCreate",
    "MemoryDeleted",
    "MemoryHistory",
    "MemoryPublic",
    "MemoryUpdate",
    "ModelList",
    "OpenAIErrorBody",
    "OpenAIErrorDetail",
    "ParkedJob",
    "PassName",
    "Profile",
    "RowId",
    "ScopeName",
    "SearchQuery",
    "SearchResults",
    "SelectedMemory",
    "SelectionRecord",
    "StatusFilter",
    "StatusName",
    "StoryLayer",
    "StoryPosition",
    "Timezone",
    "TimezoneSet",
    "TurnCreate",
    "TurnRecorded",
    "UserDeleted",
    "UserExport",
    "UserRef",
    "WritePublic",
    "checked_arguments",
    "memory_json",
    "selected_json",
    "validated",
]

_M = TypeVar("_M", bound=BaseModel)

KindName = Literal["fact", "preference", "promise", "episode", "rule"]
ScopeName = Literal["global", "story"]
StatusName = Literal["active", "superseded", "deleted"]
#: A stored row's id in a body: 1 to 2^63 − 1 (past 64 bits no row exists, and the store
#: could not even compare it: 422, as for an id in a path).
RowId = Annotated[int, Field(ge=1, le=2**63 - 1)]
#: A list's status filter: one status, or ``all``.
StatusFilter = Literal["active", "superseded", "deleted", "all"]
#: The selection pass that admitted a memory (:data:`souvenir.read.selection.PASSES`).
PassName = Literal["rule", "pinned", "global", "semantic", "quota", "rescue"]
#: A link of a memory's history chain (:class:`HistoryEntry`).
HistoryEvent = Literal["replaced", "absorbed", "supersedes", "erased"]
#: What the write path did with one candidate (:class:`souvenir.results.WriteResult`).
WriteAction = Literal["insert", "absorb", "replace", "supersede", "dropped", "unchanged"]

#: The channel of every face when none is named: the library, the REST bodies, the HTTP
#: client, the proxy (``X-Souvenir-Channel``), the CLI and MCP (``--channel``). Stores written
#: by the CLI before it shared this default hold its users in channel ``cli``: a read of an
#: unknown user names the channels where the id exists (``unknown_user``, 404 details).
DEFAULT_CHANNEL = "api"

_CHANNEL = Field(
    DEFAULT_CHANNEL, min_length=1, max_length=64, description="Channel of the user (telegram, lazada, api…)."
)
_USER = Field(..., min_length=1, max_length=256, description="The user's id on that channel.")
_STORY = Field(
    None, max_length=256, description="Story (thread, role-play); none = the user's story-less conversation."
)


def validated(model: type[_M], **fields: Any) -> _M:
    """``model(**fields)``, a validation failure raised as :class:`InputError` (one line per
    field, the input never echoed)."""
    try:
        return model(**fields)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'input'}: {e['msg'].removeprefix('Value error, ')}"
            for e in exc.errors(include_input=False)
        )
        raise InputError(problems) from None


_C = TypeVar("_C", bound=type)


#: Classes pydantic has no schema for are checked with ``isinstance``.
_LAX_OBJECTS = ConfigDict(arbitrary_types_allowed=True)


def checked_arguments(cls: _C) -> _C:
    """Class decorator: every public method of ``cls`` checks its arguments against its
    annotations (pydantic's lax mode: ``"10"`` is 10, ``"ten"`` is not an int) before it
    runs, and a wrong one is an :class:`InputError` naming the method, the parameter and
    the type it got (never the value: it may be a secret) — not a ``TypeError`` from deep
    inside. An unknown or missing argument is an :class:`InputError` too. The adapters are
    built on a method's first call (its annotations may name classes defined later)."""
    for name, member in list(vars(cls).items()):
        if not name.startswith("_") and inspect.isfunction(member):
            setattr(cls, name, _checked(member))
    return cls


def _eager(hint: Any) -> Any:
    """``hint`` with ``Iterable[X]`` (alone or in a union) read as ``list[X]``: an iterable
    is consumed once, so it is checked as the list it becomes, before the method runs."""
    if get_origin(hint) is abc.Iterable:
        return list[get_args(hint)[0]]  # type: ignore[misc]
    if get_origin(hint) in (Union, UnionType):
        return Union[tuple(_eager(arm) for arm in get_args(hint))]  # noqa: UP007
    return hint


def _consumed(hint: Any) -> bool:
    return _eager(hint) != hint


#: Inputs a lax check may convert ("10" to 10, an ISO string to a datetime): the method then
#: gets the converted value. Any other value (an object, a list, a callable) is checked and
#: passed on as it is: the check never swaps a caller's object for a copy.
_SCALARS = (str, int, float, bool, bytes)


def _checked(method: Callable[..., Any]) -> Callable[..., Any]:
    signature = inspect.signature(method)
    adapters: dict[str, tuple[TypeAdapter[Any], bool]] = {}
    built: list[bool] = []

    def build() -> None:
        try:
            hints = get_type_hints(method)
        except Exception:  # noqa: BLE001 - an annotation only a type checker resolves: no run-time check
            hints = {}
        for param in list(signature.parameters.values())[1:]:
            hint = hints.get(param.name, Any)
            if hint is Any:
                continue
            try:
                adapters[param.name] = (TypeAdapter(_eager(hint), config=_LAX_OBJECTS), _consumed(hint))
            except Exception:  # noqa: BLE001 - a type pydantic cannot check (os.PathLike[str]…): unchecked
                continue
        built.append(True)

    @functools.wraps(method)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not built:
            build()
        try:
            bound = signature.bind(self, *args, **kwargs)
        except TypeError as exc:
            raise InputError(f"{method.__name__}(): {exc}") from None
        for name, value in list(bound.arguments.items()):
            if name not in adapters:
                continue
            adapter, consumed = adapters[name]
            try:
                checked = adapter.validate_python(value)
            except ValidationError as exc:
                first = exc.errors(include_input=False)[0]
                where = ".".join(map(str, (name, *first["loc"])))
                raise InputError(
                    f"{method.__name__}(): {where}: {first['msg'].removeprefix('Value error, ')} "
                    f"(got {type(value).__name__})"
                ) from None
            if consumed or isinstance(value, _SCALARS):
                bound.arguments[name] = checked
        return method(*bound.args, **bound.kwargs)

    return call


def _text_field(value: str) -> str:
    """A text the write and read paths accept (1 to MAX_TEXT_BYTES bytes of UTF-8)."""
    try:
        return check_text(value)
    except InputError as exc:
        raise ValueError(str(exc)) from exc


class _In(BaseModel):
    """A request body: a field it does not know is a 422 naming it (``extra_forbidden``), not
    dropped without a word (``lang`` sent for ``language`` was)."""

    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    """Base of the response models: built from our own data, read back by the client."""

    model_config = ConfigDict(validate_by_name=True, validate_by_alias=True, serialize_by_alias=True)


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
    unknown_user: str | None = Field(
        None,
        description="Set only when no user of this id exists in "
        "the channel asked: says so and names the channels where one exists.",
    )


# -- the turn loop -------------------------------------------------------------------------
class TurnCreate(_In):
    """One exchange: the user's ``message`` and the bot's ``reply``."""

    channel: str = _CHANNEL
    user: str = _USER
    story: str | None = _STORY
    message: str = Field(..., description=f"What the user said (1 to {MAX_TEXT_BYTES} bytes of UTF-8).")
    reply: str | None = Field(None, description="What the bot answered.")
    question: str | None = Field(
        None,
        description="What the bot said just before the message (its question), "
        "when the caller holds it: a bare answer to a request for a password or "
        "a code is not kept. Default: the previous recorded turn's reply.",
    )
    time: datetime | None = Field(
        None,
        description="When it was said (ISO 8601); default now. Its "
        "own UTC offset is the user's local day; a time without one (or "
        "in UTC) is read in the user's zone.",
    )
    language: str | None = Field(
        None,
        max_length=MAX_LANGUAGE_CHARS,
        description="The channel's language code (Telegram language_code…): first in seed 001's priority for `lang`.",
    )
    timezone: str | None = Field(
        None,
        max_length=64,
        description="The user's time zone (IANA name "
        "such as Europe/Paris, or an offset such as +08:00); stored as the "
        "profile's `tz`. A `time` with its own offset teaches it too.",
    )

    _check = field_validator("message")(_text_field)


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


class TurnRecorded(_Out):
    """A stored turn: ``reflection`` is ``queued`` with a chat model (``None`` without);
    ``memory`` what the no-model write path did with the message (``None`` for a command
    or with a model)."""

    turn_id: int
    reflection: Literal["queued"] | None = None
    memory: WritePublic | None = None


class ContextQuery(_In):
    """The message a context is wanted for."""

    channel: str = _CHANNEL
    user: str = _USER
    story: str | None = _STORY
    message: str = Field(..., description=f"The user's new message (1 to {MAX_TEXT_BYTES} bytes of UTF-8).")

    _check = field_validator("message")(_text_field)


class HistoryTurn(_Out):
    """One earlier exchange of the conversation, oldest first in a context."""

    message: str
    reply: str | None = None
    time: datetime | None = None


class StoryPosition(_Out):
    """A position the character holds in the story, with the sentence that justifies it."""

    model_config = ConfigDict(extra="allow")
    topic: str
    stance: str
    justification: str | None = None
    updated_at: datetime | None = None


class StoryLayer(_Out):
    """The current story's summary, anchors (facts held by code) and positions."""

    summary: str = ""
    anchors: list[str] = Field(default_factory=list)
    positions: list[StoryPosition] = Field(default_factory=list)


class ContextPublic(_Out):
    """The read path's answer for one message: ``memories`` within the budget (24 by
    default), ``rules`` outside it, the user's ``profile`` (seed 001's keys), the rendered
    ``block`` for the system prompt, the conversation's recent ``history``, the story layer,
    and whether the turn was degraded (and why)."""

    memories: list[SelectedMemory] = Field(default_factory=list)
    rules: list[SelectedMemory] = Field(default_factory=list)
    profile: dict[str, Any] = Field(default_factory=dict)
    block: str = ""
    history: list[HistoryTurn] = Field(default_factory=list)
    story: StoryLayer | None = None
    degraded: bool = False
    degraded_cause: str | None = None
    unknown_user: str | None = Field(
        None,
        description="Set only when no user of this id exists in "
        "the channel asked: says so and names the channels where one exists.",
    )

    @classmethod
    def from_result(cls, r: ContextResult) -> ContextPublic:
        return cls(
            memories=[SelectedMemory.from_selection(s, r.tz) for s in r.memories],
            rules=[SelectedMemory.from_selection(s, r.tz) for s in r.rules],
            profile=dict(r.profile),
            block=r.block,
            history=[HistoryTurn.model_validate(t) for t in r.history],
            story=None if r.story is None else StoryLayer.model_validate(r.story),
            degraded=r.degraded,
            degraded_cause=r.degraded_cause,
        )


# -- writing memories directly -------------------------------------------------------------
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
    unknown_user: str | None = Field(
        None,
        description="Set only when no user of this id exists in "
        "the channel asked: says so and names the channels where one exists.",
    )

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
    """Everything stored about a user, table by table (vectors without their floats)."""

    channel: str
    user: str
    tables: dict[str, list[dict[str, Any]]]


class UserDeleted(_Out):
    """Rows removed per table when a user was deleted."""

    deleted: dict[str, int]


# -- service and diagnostics ---------------------------------------------------------------
class Health(_Out):
    """The service is up (``live``); ``ready`` when the store can be read; ``status`` ok or
    degraded with its ``causes`` ({part, detail}: store, embedder, window_embedder, chat —
    a configuration error —, breaker, proxy); ``embedder_breakers`` each embedder's breaker;
    ``chat`` per chat model its breaker, the structured output it accepts, the forms it
    refused and its configuration error; ``proxy`` how the upstream model answered the
    proxy's latest request (``null`` without a proxy); the degraded turns counted so far."""

    model_config = ConfigDict(extra="allow")
    status: Literal["ok", "degraded"]
    embedder: str | None = None
    window_embedder: str | None = None
    embedder_breakers: dict[str, str] = Field(default_factory=dict)
    chat: dict[str, dict[str, Any]] = Field(default_factory=dict)
    proxy: dict[str, Any] | None = None
    degraded_turns: int = 0
    warming: list[str] = Field(
        default_factory=list,
        description="Embedders whose model is still loading at start: not ready until it is empty.",
    )


class Profile(_Out):
    """The user-level profile (seed 001): ``lang`` (detected or sent), ``summary`` (with a
    chat model), ``tz`` (IANA name or offset, once known), ``last_queries`` (the latest
    messages, newest last); ``state:*`` numbers and keys written by hand pass through as
    they are (``extra``). A key the user does not have yet is absent from the JSON."""

    model_config = ConfigDict(extra="allow")
    lang: str | None = None
    summary: str | None = None
    tz: str | None = None
    last_queries: list[str] | None = None


class ErrorBody(_Out):
    """An error answer of the REST routes: ``detail`` says what went wrong (a list of
    ``{loc, msg, type}`` for a request that fails validation: 422)."""

    detail: str | list[dict[str, Any]]


class OpenAIErrorDetail(_Out):
    message: str
    type: str
    param: str | None = None
    code: str | None = None


class OpenAIErrorBody(_Out):
    """An error answer of the proxy's routes, in OpenAI's shape (its clients read it)."""

    error: OpenAIErrorDetail


class UserRef(_Out):
    channel: str
    id: str
    story: str | None = None


class KeptSelection(SelectedMemory):
    """A memory of a selection kept for diagnostics: as :class:`SelectedMemory`, plus its
    ``rank`` among all candidates by score (1 = best) and the score's ``parts`` (the fused
    score's signed terms: use, e5, bm25, neighbours, speaker, period…; they sum to the
    score). Both ``None`` when the turn had no scores."""

    rank: int | None = None
    parts: dict[str, float] | None = None


class SelectionRecord(_Out):
    """One past selection kept for diagnostics: the message and the memories chosen, in order."""

    model_config = ConfigDict(extra="allow")
    id: int
    time: datetime
    message: str
    degraded: bool = False
    cause: str | None = None
    story_id: int | None = None
    items: list[KeptSelection]


class DegradedEvent(_Out):
    """A degraded turn or a dropped reflection item: when, what, why."""

    model_config = ConfigDict(extra="allow")
    time: datetime
    kind: str
    detail: str | None = None


class IndexStatus(_Out):
    model_config = ConfigDict(extra="allow")
    embedder: str | None = None
    backlog: int = 0


class ParkedJob(_Out):
    """An outbox job parked after its failures lasted ``SOUVENIR_REFLECTION_PARK_AFTER_S``
    (or at once on a configuration error), kept for review and ``souvenir jobs retry``:
    the ``model`` that failed and the real cause (``error``)."""

    model_config = ConfigDict(extra="allow")
    id: int
    job: str
    turn_id: int | None = None
    attempts: int = 0
    model: str | None = None
    error: str | None = None
    failing_since: datetime | None = None
    parked_at: datetime | None = None


class Diagnostics(_Out):
    """What the diagnostics page shows, as JSON: the last selections with each memory's
    reason, pass and score; every active memory with its forgetting counters (most often a
    candidate first); degraded turns; the indexer's backlog; parked jobs; the profile; and,
    in ``diagnostics.json``, the service's counters (``service``). Sections added by later
    versions pass through (``extra``)."""

    model_config = ConfigDict(extra="allow")
    user: UserRef
    selections: list[SelectionRecord]
    counters: list[MemoryPublic]
    degraded: list[DegradedEvent]
    index: IndexStatus
    parked: list[ParkedJob]
    profile: dict[str, Any]
    service: dict[str, Any] | None = None


class Timezone(_Out):
    """The user's zone (``null``: none known, days are UTC days)."""

    tz: str | None = Field(
        None, max_length=64, description="IANA name (Europe/Paris, Asia/Kuala_Lumpur) or offset (+08:00)."
    )


class TimezoneSet(_In):
    tz: str = Field(
        ..., min_length=1, max_length=64, description="IANA name (Europe/Paris, Asia/Kuala_Lumpur) or offset (+08:00)."
    )


# -- operators: the outbox and the API keys ------------------------------------------------
JobStatus = Literal["pending", "running", "done", "parked"]


class Job(_Out):
    """One outbox job: no text, its user, the model of its last real failure and the cause."""

    model_config = ConfigDict(extra="allow")
    id: int
    job: str
    status: str
    turn_id: int
    channel: str
    user: str
    attempts: int
    model: str | None = None
    error: str | None = None
    failing_since: str | None = None
    next_attempt_at: str | None = None
    created_at: str | None = None
    updated_at: str | None = None


class JobList(_Out):
    jobs: list[Job]


class JobRetry(_In):
    """Which jobs to requeue: ``ids`` (parked or pending ones), or every parked job."""

    ids: list[RowId] = Field(default_factory=list, max_length=10_000)
    parked: bool = Field(False, description="Requeue every parked job (with ids: only those parked).")


class JobsRequeued(_Out):
    requeued: int


class ApiKey(_Out):
    """An API key as listed: never the key, only its first characters (``prefix``); ``admin``
    or the ``channels`` it reaches; when it was created and revoked."""

    model_config = ConfigDict(extra="allow")
    id: int
    name: str
    prefix: str
    admin: bool = False
    channels: list[str] = Field(default_factory=list)
    created_at: str | None = None
    revoked_at: str | None = None


# -- the OpenAI-compatible proxy (documented, relayed unchanged) ---------------------------
class ChatCompletion(_Out):
    """An OpenAI chat completion as the upstream model returned it (relayed unchanged; with
    ``stream`` it comes as ``text/event-stream`` chunks instead)."""

    model_config = ConfigDict(extra="allow")
    id: str | None = None
    object: str | None = None
    created: int | None = None
    model: str | None = None
    choices: list[dict[str, Any]] = Field(default_factory=list)
    usage: dict[str, Any] | None = None


class ModelList(_Out):
    """The upstream model server's ``/v1/models`` answer, relayed unchanged."""

    model_config = ConfigDict(extra="allow")
    object: str | None = "list"
    data: list[dict[str, Any]] = Field(default_factory=list)
