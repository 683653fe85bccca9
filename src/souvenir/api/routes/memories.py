"""One user's memories: list, add through the write path, pin, delete."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from souvenir.api.deps import EngineDep
from souvenir.schemas import (
    MemoriesPublic, MemoryCreate, MemoryDeleted, MemoryPublic, StatusFilter, WritePublic,
)
from souvenir.types import Candidate

router = APIRouter(prefix="/v1/users/{channel}/{user}/memories", tags=["memories"])


@router.get("", response_model=MemoriesPublic)
def list_memories(channel: str, user: str, engine: EngineDep,
                  status: StatusFilter = "active") -> MemoriesPublic:
    """The user's memories with ``status`` (``all`` for every status), oldest first."""
    found = engine.memories(channel, user, None if status == "all" else status)
    return MemoriesPublic(memories=[MemoryPublic.from_memory(m) for m in found])


@router.post("", response_model=WritePublic)
def add_memory(channel: str, user: str, body: MemoryCreate, engine: EngineDep) -> WritePublic:
    """Write one memory through the write path (secrets filter, dedup, merge)."""
    if body.scope == "story" and not body.story:
        raise HTTPException(422, "a story-scoped memory needs 'story'")
    candidate = Candidate(text=body.text, kind=body.kind, scope=body.scope, confidence=body.confidence,
                          source=body.source, time=body.date, pinned=body.pinned)
    return WritePublic.from_result(engine.remember(channel, user, candidate, story=body.story))


@router.post("/{memory_id}/pin", response_model=MemoryPublic)
def pin(channel: str, user: str, memory_id: int, engine: EngineDep) -> MemoryPublic:
    """Pin a memory by hand (the pinned pass serves it before the others)."""
    return MemoryPublic.from_memory(engine.pin(channel, user, memory_id, True))


@router.delete("/{memory_id}/pin", response_model=MemoryPublic)
def unpin(channel: str, user: str, memory_id: int, engine: EngineDep) -> MemoryPublic:
    return MemoryPublic.from_memory(engine.pin(channel, user, memory_id, False))


@router.delete("/{memory_id}", response_model=MemoryDeleted)
def delete_memory(channel: str, user: str, memory_id: int, engine: EngineDep) -> MemoryDeleted:
    """Delete one memory (an explicit act; its vectors go with it)."""
    engine.delete_memory(channel, user, memory_id)
    return MemoryDeleted(deleted=memory_id)
