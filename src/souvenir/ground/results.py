"""What the engine answers: the write path's result for one candidate, the read path's for
one message (plain data, no I/O)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from souvenir.ground.types import Selection

__all__ = ["ERASED_CODE", "ERASED_REASON", "ContextResult", "WriteResult"]


@dataclass(frozen=True, slots=True)
class WriteResult:
    """What the write path did with one candidate.

    ``action``: ``insert`` / ``absorb`` / ``replace`` / ``supersede`` / ``dropped``;
    ``memory_id`` the memory that now holds it (``None`` when dropped); ``reason`` why, in
    a sentence (the filter's for a drop); ``code`` the same in one word (the admission
    rule, or the filter's name); ``previous`` the stored text it was absorbed into,
    replaced or superseded.
    """

    action: str
    memory_id: int | None
    text: str
    reason: str | None = None
    superseded_id: int | None = None
    code: str = ""
    previous: str | None = None


#: ``code`` of an import or replay line left out because the user erased its text
#: (:mod:`souvenir.store.erased_texts`).
ERASED_CODE = "erased"
#: Its reason: no text of it is said (the erased text is not repeated in an output or a log).
ERASED_REASON = (
    "erased: the user erased this text (a memory forgotten, everything forgotten, or the user "
    "deleted); an import or a replay does not bring back what the user erased"
)


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
    #: (``souvenir bench recall`` ranks it for recall@5/@10); not part of its JSON
    #: (:class:`souvenir.schemas.ContextPublic`).
    scores: Mapping[int, float] = field(default_factory=dict)
    #: The user's zone (profile ``tz``): each memory's ``day`` is the user's own day.
    tz: str | None = None
    #: The store's erasure number read before this context read any of the user's data
    #: (:mod:`souvenir.store.erasure_clock`): a caller recording the exchange later passes it as
    #: ``add_turn(..., unless_erased_since=result.erasure_clock)`` and the write is refused
    #: (:class:`~souvenir.ground.errors.ErasedError`) when an erasure of the user committed after this
    #: read, on whichever replica — an order kept by the store, not by wall clocks. ``None``
    #: before migration 0026. Not part of its JSON.
    erasure_clock: int | None = None
