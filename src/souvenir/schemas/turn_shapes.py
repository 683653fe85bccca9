"""The turn loop's shapes: a recorded exchange (:class:`TurnCreate`, :class:`TurnRecorded`) and
the context before a reply (:class:`ContextQuery`, :class:`ContextPublic`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, PrivateAttr, field_validator

from souvenir.ground.limits import MAX_LANGUAGE_CHARS, MAX_PROMPT_MESSAGES, MAX_TEXT_BYTES, check_language
from souvenir.schemas.turn_source import MAX_SOURCE_CHARS, check_source
from souvenir.ground.results import ContextResult
from souvenir.schemas.memory_shapes import SelectedMemory, WritePublic
from souvenir.schemas.wire import _UNKNOWN_USER, _CHANNEL, _STORY, _USER, _In, _Out, _text_field


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

    source: str | None = Field(
        None,
        max_length=MAX_SOURCE_CHARS,
        description=f"The caller's own id of the exchange (at most {MAX_SOURCE_CHARS} characters, no control "
        "character, no secret; not turn:, proxy: or request:, which Souvenir writes): the memories written from "
        'this turn carry it, and a request to forget "that" said in the next turn names them by it. '
        "Default: turn:<id>.",
    )

    _check = field_validator("message")(_text_field)

    @field_validator("language")
    @classmethod
    def _language_code(cls, value: str | None) -> str | None:
        return check_language(value)

    @field_validator("source")
    @classmethod
    def _source(cls, value: str | None) -> str | None:
        return check_source(value)


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
    messages: list[Annotated[str, Field(max_length=MAX_TEXT_BYTES)]] | None = Field(
        None,
        max_length=MAX_PROMPT_MESSAGES,
        description="The texts the model's prompt already shows (the conversation so far, "
        f"oldest first; at most {MAX_PROMPT_MESSAGES}): a memory whose text is one of them "
        "word for word takes no place, its place goes to one the prompt does not show.",
    )
    conversation: list[Annotated[str, Field(max_length=MAX_TEXT_BYTES)]] | None = Field(
        None,
        max_length=MAX_PROMPT_MESSAGES,
        description="The turns of the chat among `messages` (what the user and the assistant said, "
        f"oldest first; at most {MAX_PROMPT_MESSAGES}): a short message is read with its last turns. "
        "Omitted: `messages` are the turns. Leave a system prompt or a tool's output out.",
    )

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
    unknown_user: str | None = _UNKNOWN_USER
    #: kept out of the JSON: a store-wide count of erasures, every tenant's (a side channel)
    _erasure_clock: int | None = PrivateAttr(default=None)

    @property
    def erasure_clock(self) -> int | None:
        """The store's erasure number read before this context read the user's data
        (:attr:`~souvenir.ground.results.ContextResult.erasure_clock`): pass it to ``add_turn(...,
        unless_erased_since=)`` when recording the exchange later. The library's only; never
        in the HTTP answer (it counts every tenant's erasures)."""
        return self._erasure_clock

    @classmethod
    def from_result(cls, r: ContextResult) -> ContextPublic:
        public = cls._shape(r)
        public._erasure_clock = r.erasure_clock
        return public

    @classmethod
    def _shape(cls, r: ContextResult) -> ContextPublic:
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
