"""Every request and response on the wire, as pydantic models: one shape per thing.

One memory has one shape everywhere (:class:`MemoryPublic`): in the REST answers, in a
context result (:class:`SelectedMemory` adds why it was chosen), in ``souvenir memories
--json``, in the diagnostics and in the library's and the client's return values. A field
that goes on the wire is declared here first; the REST routes use these models as
``response_model``, so ``/openapi.json`` describes every JSON answer and a client can be
generated from it.

Conversions from the engine's plain data (:mod:`souvenir.ground.types`, :mod:`souvenir.ground.results`)
are the ``from_*`` class methods; nothing here does I/O. Times are timezone-aware
``datetime`` (ISO 8601 on the wire). Request models bound every input (lengths in
characters, texts in UTF-8 bytes: :data:`souvenir.ground.limits.MAX_TEXT_BYTES`).

The package: :mod:`~souvenir.schemas.wire` (the base classes and literal types),
:mod:`~souvenir.schemas.memory_shapes`, :mod:`~souvenir.schemas.turn_shapes`,
:mod:`~souvenir.schemas.service_shapes` and :mod:`~souvenir.schemas.argcheck` (the library's
argument checks).
"""

from souvenir.schemas.wire import (
    DEFAULT_CHANNEL,
    HistoryEvent,
    KindName,
    PassName,
    RowId,
    ScopeName,
    StatusFilter,
    StatusName,
    WriteAction,
)
from souvenir.schemas.argcheck import checked_arguments, validated
from souvenir.schemas.memory_shapes import (
    BatchWritten,
    Counters,
    FoundMemory,
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
    SelectedMemory,
    UserDeleted,
    UserSummary,
    UsersPage,
    UserExport,
    WritePublic,
    memory_json,
    selected_json,
)
from souvenir.schemas.turn_shapes import (
    ContextPublic,
    ContextQuery,
    HistoryTurn,
    StoryLayer,
    StoryPosition,
    TurnCreate,
    TurnRecorded,
)
from souvenir.schemas.service_shapes import (
    ApiKey,
    ChatCompletion,
    DegradedEvent,
    Diagnostics,
    ErrorBody,
    Health,
    IndexStatus,
    Job,
    JobList,
    JobRetry,
    JobStatus,
    JobsRequeued,
    ModelList,
    OpenAIErrorBody,
    OpenAIErrorDetail,
    ParkedJob,
    Profile,
    SelectionRecord,
    Timezone,
    TimezoneSet,
    UserRef,
    WriteEvent,
)

__all__ = [
    "WriteAction",
    "DEFAULT_CHANNEL",
    "ApiKey",
    "BatchWritten",
    "ChatCompletion",
    "ContextPublic",
    "ContextQuery",
    "Counters",
    "DegradedEvent",
    "Diagnostics",
    "WriteEvent",
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
    "UserSummary",
    "UsersPage",
    "UserExport",
    "UserRef",
    "WritePublic",
    "checked_arguments",
    "memory_json",
    "selected_json",
    "validated",
]
