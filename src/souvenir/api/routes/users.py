"""A user's data is theirs: the forgetting report, export, deletion."""

from __future__ import annotations

from fastapi import APIRouter

from souvenir.api.deps import EngineDep
from souvenir.schemas import MemoriesPublic, MemoryPublic, UserDeleted, UserExport

router = APIRouter(prefix="/v1/users/{channel}/{user}", tags=["users"])


@router.get("/forgotten", response_model=MemoriesPublic)
def forgotten(channel: str, user: str, engine: EngineDep, min_candidate: int = 10) -> MemoriesPublic:
    """Memories that were candidates at least ``min_candidate`` times and never served."""
    return MemoriesPublic(memories=[MemoryPublic.from_memory(m)
                                    for m in engine.forgotten(channel, user, min_candidate)])


@router.get("/export", response_model=UserExport)
def export(channel: str, user: str, engine: EngineDep) -> UserExport:
    """Everything stored about the user, table by table."""
    return UserExport.model_validate(engine.export_user(channel, user))


@router.delete("", response_model=UserDeleted)
def delete_user(channel: str, user: str, engine: EngineDep) -> UserDeleted:
    """Delete the user and everything derived from them (vectors, counters, history, profile)."""
    return UserDeleted(deleted=engine.delete_user(channel, user))
