"""The service's shapes: health, profile, errors, diagnostics, zones, the outbox, the API keys
and the OpenAI-compatible proxy's answers.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import AliasChoices, ConfigDict, Field

from souvenir.schemas.memory_shapes import MemoryPublic, SelectedMemory
from souvenir.schemas.wire import RowId, UtcTime, _In, _Out


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
    conversation: list[str] = Field(
        default_factory=list,
        description="The earlier turns of the caller's messages the message was read with (a short message: "
        "their vectors and words count), redacted as the message is; their share of each memory's score is "
        "the part 'conversation'.",
    )
    degraded: bool = False
    cause: str | None = None
    story_id: int | None = None
    items: list[KeptSelection]


class DegradedEvent(_Out):
    """One of the user's incidents: when, what (``kind``), why (``detail``). The kinds and the
    ``/metrics`` counter each adds to: ``degraded_turn`` (``souvenir_degraded_turns``: a turn
    served without semantic scores), ``reflection_item_dropped``
    (``souvenir_reflection_items_dropped``), ``summary_rejected``
    (``souvenir_summaries{outcome="rejected"}``); and, counted nowhere else,
    ``forget_shown_elsewhere`` ("don't remember that" sent with another conversation than the
    recorded one: nothing erased, ``detail`` the request's ``turn:N``)."""

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


class WriteEvent(_Out):
    """One write decision or drop of the write log (:mod:`souvenir.write.writelog`): when,
    the ``action`` (insert, absorb, dropped, forget…), its ``reason`` code, the sentence
    (``detail``, textless once its memory was forgotten) and ``memory_id``, the memory the
    decision wrote or kept (the new one of an insert or a supersede; ``null`` for a drop, a
    forgotten memory's decision, or one recorded before session 19): why memory N is there."""

    model_config = ConfigDict(extra="allow")
    time: datetime
    action: str
    reason: str = ""
    detail: str | None = None
    memory_id: int | None = None


class Diagnostics(_Out):
    """What the diagnostics page shows, as JSON: the last selections with each memory's
    reason, pass and score; every active memory with its forgetting counters (most often a
    candidate first); ``incidents`` (degraded turns, dropped reflection items, rejected
    summaries: :class:`DegradedEvent`); the indexer's backlog; parked jobs; the profile; and,
    in ``diagnostics.json``, the service's counters (``service``). Sections added by later
    versions pass through (``extra``). ``incidents`` was ``degraded`` before session 20 (it
    held more than degraded turns): a document with ``degraded`` is still read."""

    model_config = ConfigDict(extra="allow")
    user: UserRef
    selections: list[SelectionRecord]
    counters: list[MemoryPublic]
    incidents: list[DegradedEvent] = Field(validation_alias=AliasChoices("incidents", "degraded"))
    index: IndexStatus
    parked: list[ParkedJob]
    profile: dict[str, Any]
    writes: list[WriteEvent] = Field(default_factory=list)
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
    failing_since: UtcTime | None = None
    next_attempt_at: UtcTime | None = None
    created_at: UtcTime | None = None
    updated_at: UtcTime | None = None


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
    created_at: UtcTime | None = None
    revoked_at: UtcTime | None = None


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
