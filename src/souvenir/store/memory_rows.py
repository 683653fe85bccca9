"""A memory's row: the columns every memory read selects, in order, and the
:class:`~souvenir.ground.types.Memory` built from one (shared by the store and its read cache)."""

from __future__ import annotations

from collections.abc import Sequence

from souvenir.store.counters import CANDIDATE_COUNT
from souvenir.ground.timeutil import from_text
from souvenir.ground.types import Memory

__all__ = ["MEMORY_COLUMNS", "memory_from_row"]

#: The columns of a memory read, in the order :func:`memory_from_row` reads them (the
#: candidate count is derived: :mod:`souvenir.store.counters`).
MEMORY_COLUMNS = (
    "id, user_id, text, kind, scope, story_id, confidence, pinned, status, created_at, "
    f"updated_at, source, content_hash, {CANDIDATE_COUNT}, served_count, served_semantic_count, "
    "speaker, session"
)


def memory_from_row(row: Sequence) -> Memory:
    """The memory of one row selected with :data:`MEMORY_COLUMNS`."""
    return Memory(
        id=row[0],
        user_id=row[1],
        text=row[2],
        kind=row[3],
        scope=row[4],
        story_id=row[5],
        confidence=row[6],
        pinned=bool(row[7]),
        status=row[8],
        created_at=from_text(row[9]),
        updated_at=from_text(row[10]),
        source=row[11],
        content_hash=row[12],
        candidate_count=row[13],
        served_count=row[14],
        served_semantic_count=row[15],
        speaker=row[16],
        session=row[17],
    )
