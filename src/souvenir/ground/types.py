"""Plain data shared by the pure core (dedup, filters, selection) and the edges.

Nothing here does I/O. Times are timezone-aware ``datetime`` objects in UTC.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

Kind = Literal["fact", "preference", "promise", "episode", "rule"]
Scope = Literal["global", "story"]
Status = Literal["active", "superseded", "deleted"]

KINDS: tuple[str, ...] = ("fact", "preference", "promise", "episode", "rule")
CANDIDATE_KINDS: tuple[str, ...] = ("fact", "preference", "promise", "episode")
SCOPES: tuple[str, ...] = ("global", "story")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A memory proposed for writing (by a model, an import, a replay or a person).

    ``time`` is when the user said it (the exchange's time): relative dates are
    resolved against it and it becomes the memory's date. ``speaker`` (who said it) and
    ``session`` (the conversation it belongs to) place an episode among its neighbours
    for the read path's fused score (:mod:`souvenir.read.scoring.fusion`).
    """

    text: str
    kind: str = "fact"
    scope: str = "global"
    confidence: float = 1.0
    source: str | None = None
    story_id: int | None = None
    time: datetime | None = None
    pinned: bool = False
    speaker: str | None = None
    session: str | None = None


@dataclass(frozen=True, slots=True)
class Memory:
    """One stored memory as the core sees it.

    ``updated_at`` is the date of the current wording (the recency key of the
    read path); ``created_at`` the date the memory first appeared.
    """

    id: int
    user_id: int
    text: str
    kind: str = "fact"
    scope: str = "global"
    story_id: int | None = None
    confidence: float = 1.0
    pinned: bool = False
    status: str = "active"
    created_at: datetime | None = None
    updated_at: datetime | None = None
    source: str | None = None
    content_hash: str = ""
    candidate_count: int = 0
    served_count: int = 0
    served_semantic_count: int = 0
    speaker: str | None = None
    session: str | None = None


@dataclass(frozen=True, slots=True)
class Selection:
    """One memory chosen for the context, with the pass that admitted it.

    ``pass_name`` is one of ``rule``, ``pinned``, ``global``, ``semantic``,
    ``quota``, ``rescue``; ``reason`` is a human sentence for the diagnostics
    page; ``score`` the cosine similarity to the message, or ``None`` when the
    memory had no vector (or the turn was degraded).
    """

    memory: Memory
    pass_name: str
    reason: str
    score: float | None = None


@dataclass(frozen=True, slots=True)
class SelectionResult:
    """The output of the read path: ``memories`` within the budget, ``rules`` outside it."""

    memories: list[Selection] = field(default_factory=list)
    rules: list[Selection] = field(default_factory=list)
    degraded: bool = False
    degraded_cause: str | None = None
