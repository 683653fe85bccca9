"""What every shape on the wire shares: the base classes of requests (:class:`_In`, bounded,
unknown fields refused) and answers (:class:`_Out`), the literal types and the default channel.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from souvenir.ground.errors import InputError
from souvenir.ground.limits import check_text


KindName = Literal["fact", "preference", "promise", "episode", "rule"]
ScopeName = Literal["global", "story"]
StatusName = Literal["active", "superseded", "deleted"]


def no_bool(value: object) -> object:
    """A whole number is no ``true``/``false``: pydantic reads JSON's booleans as 1 and 0, so
    MCP's ``forget {"memory_id": true}`` forgot memory 1 and ``{"ids": [true]}`` retried job 1."""
    if isinstance(value, bool):
        raise ValueError("must be a whole number, not true or false")
    return value


#: A stored row's id in a body: 1 to 2^63 − 1 (past 64 bits no row exists, and the store
#: could not even compare it: 422, as for an id in a path); never a boolean.
RowId = Annotated[int, BeforeValidator(no_bool), Field(ge=1, le=2**63 - 1)]
#: A list's status filter: one status, or ``all``.
StatusFilter = Literal["active", "superseded", "deleted", "all"]
#: The selection pass that admitted a memory (:data:`souvenir.read.selection.PASSES`); in
#: the diagnostics only, ``in_prompt``: a memory the caller's prompt already showed word for
#: word, given no place (:mod:`souvenir.read.in_prompt`; never in a context's memories);
#: ``read_time``: a memory selected and left out of a proxied reply's block for its read time on
#: a slow single-slot server (:mod:`souvenir.read.block_budget`).
PassName = Literal["rule", "pinned", "global", "semantic", "quota", "rescue", "in_prompt", "read_time"]
#: A link of a memory's history chain (:class:`HistoryEntry`).
HistoryEvent = Literal["replaced", "absorbed", "supersedes", "erased"]
#: What the write path did with one candidate (:class:`souvenir.ground.results.WriteResult`).
WriteAction = Literal["insert", "absorb", "replace", "supersede", "dropped", "unchanged"]


def _utc_z(value: str | None) -> str | None:
    """A stored UTC time's text (``…+00:00``, :func:`souvenir.ground.timeutil.to_text`) as every
    answer prints it (``…Z``): the export's time columns."""
    return value[:-6] + "Z" if value and value.endswith("+00:00") else value


def _in_utc(value: datetime) -> datetime:
    """An aware time in UTC (a naive one is read as UTC, as the store writes only UTC)."""
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


#: A stored UTC time (ISO 8601 text) in an answer: a ``datetime`` in UTC, as every other time
#: of the models (``MemoryPublic.created_at``, ``ParkedJob.failing_since``), written ``…Z`` in
#: JSON. Session 15's new user met ``2026-12-06T10:20:31+00:00`` in ``users()`` beside ``…Z``
#: in the memories; session 16's, a ``str`` there beside a ``datetime`` in the memories.
UtcTime = Annotated[datetime, AfterValidator(_in_utc)]

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
#: A read's note when no user of the id exists in the channel asked (every list and context).
_UNKNOWN_USER = Field(
    None,
    description="Set only when no user of this id exists in "
    "the channel asked: says so and names the channels where one exists.",
)


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
