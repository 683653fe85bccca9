"""What the engine answers: the write path's result for one candidate, the read path's for
one message (plain data, no I/O)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from souvenir.types import Selection

__all__ = ["ContextResult", "WriteResult"]


@dataclass(frozen=True, slots=True)
class WriteResult:
    """What the write path did with one candidate.

    ``action``: ``insert`` / ``absorb`` / ``replace`` / ``supersede`` / ``dropped``;
    ``memory_id`` the memory that now holds it (``None`` when dropped); ``reason`` why
    a filter dropped it.
    """

    action: str
    memory_id: int | None
    text: str
    reason: str | None = None
    superseded_id: int | None = None


@dataclass(slots=True)
class ContextResult:
    """The read path's answer for one message (``memories`` within the budget)."""

    memories: list[Selection] = field(default_factory=list)
    rules: list[Selection] = field(default_factory=list)
    profile: dict[str, object] = field(default_factory=dict)
    block: str = ""
    history: list[dict] = field(default_factory=list)
    story: dict | None = None
    degraded: bool = False
    degraded_cause: str | None = None
    #: The score the engine computed for each candidate memory (id -> score) before the
    #: passes ran; empty without an index or on a degraded turn. Read by the benchmarks
    #: (``souvenir bench recall`` ranks it for recall@5/@10); not part of :meth:`as_json`.
    scores: Mapping[int, float] = field(default_factory=dict)
    #: The user's zone (profile ``tz``): each memory's ``day`` is the user's own day.
    tz: str | None = None

    def as_json(self) -> dict:
        """The shape of ``souvenir context --json`` and ``POST /v1/context``
        (:class:`souvenir.schemas.ContextPublic`) as JSON-ready data."""
        from souvenir.schemas import ContextPublic

        return ContextPublic.from_result(self).model_dump(mode="json")
