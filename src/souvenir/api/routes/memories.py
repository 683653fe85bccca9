"""One user's memories: list, add through the write path, pin, delete, history."""

from __future__ import annotations

from fastapi import APIRouter

from souvenir.api.deps import SouvenirDep
from souvenir.schemas import (
    MemoriesPublic, MemoryCreate, MemoryDeleted, MemoryHistory, MemoryPublic, StatusFilter,
    WritePublic,
)

router = APIRouter(prefix="/v1/users/{channel}/{user}/memories", tags=["memories"])


@router.get("", response_model=MemoriesPublic)
def list_memories(channel: str, user: str, mem: SouvenirDep,
                  status: StatusFilter = "active") -> MemoriesPublic:
    """The user's memories with ``status`` (``all`` for every status), oldest first."""
    return mem.memories(user, status=status, channel=channel)


@router.post("", response_model=WritePublic)
def add_memory(channel: str, user: str, body: MemoryCreate, mem: SouvenirDep) -> WritePublic:
    """Write one memory through the write path (secrets filter, dedup, merge)."""
    return mem.remember(user, channel=channel, **body.model_dump())


@router.get("/{memory_id}/history", response_model=MemoryHistory)
def history(channel: str, user: str, memory_id: int, mem: SouvenirDep) -> MemoryHistory:
    """The memory as it is now and its chain: earlier wordings, absorbed duplicates,
    memories it superseded."""
    return mem.history(user, memory_id, channel=channel)


@router.post("/{memory_id}/pin", response_model=MemoryPublic)
def pin(channel: str, user: str, memory_id: int, mem: SouvenirDep) -> MemoryPublic:
    """Pin a memory by hand (the pinned pass serves it before the others)."""
    return mem.pin(user, memory_id, True, channel=channel)


@router.delete("/{memory_id}/pin", response_model=MemoryPublic)
def unpin(channel: str, user: str, memory_id: int, mem: SouvenirDep) -> MemoryPublic:
    """Unpin a memory."""
    return mem.pin(user, memory_id, False, channel=channel)


@router.delete("/{memory_id}", response_model=MemoryDeleted)
def delete_memory(channel: str, user: str, memory_id: int, mem: SouvenirDep) -> MemoryDeleted:
    """Delete one memory (an explicit act; its vectors go with it)."""
    return mem.forget(user, memory_id, channel=channel)
