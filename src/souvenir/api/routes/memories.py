"""One user's memories: list (paged), search, add (one or a batch) through the write path,
edit, history, pin, delete."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request

from souvenir.api import scopes
from souvenir.api.auth import principal_of, require_admin_for_rules
from souvenir.api.deps import SouvenirDep
from souvenir.ground.limits import MAX_PAGE
from souvenir.schemas import (
    BatchWritten,
    MemoriesPublic,
    MemoryBatch,
    MemoryCreate,
    MemoryDeleted,
    MemoryHistory,
    MemoryPublic,
    MemoryUpdate,
    SearchQuery,
    SearchResults,
    StatusFilter,
    WritePublic,
)

router = APIRouter(prefix="/v1/users/{channel}/{user}", tags=["memories"])


def rule_owner(channel: str, user: str, memory_id: int, mem: SouvenirDep, request: Request) -> None:
    """A route changing memory ``memory_id``: 404 unless it is the user's, 403 when it is a
    rule and the key is not an admin's (:func:`souvenir.api.scopes.change_memory`, the check
    the MCP tools make too)."""
    scopes.change_memory(principal_of(request), mem, channel, user, memory_id)


#: The dependency of every route that changes one existing memory.
_CHANGES = [Depends(rule_owner)]


@router.get("/memories", response_model=MemoriesPublic)
def list_memories(
    channel: str,
    user: str,
    mem: SouvenirDep,
    status: StatusFilter = "active",
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 100,
    cursor: Annotated[str | None, Query(max_length=64)] = None,
) -> MemoriesPublic:
    """One page of the user's memories with ``status`` (``all`` for every status), oldest
    first; ``next_cursor`` (passed back as ``cursor``) fetches the next page."""
    return mem.memories(user, status=status, limit=limit, cursor=cursor, channel=channel)


@router.post("/search", response_model=SearchResults)
def search(channel: str, user: str, body: SearchQuery, mem: SouvenirDep) -> SearchResults:
    """The user's memories ranked for ``query`` by the read path's score, filtered by kind,
    scope, story and date; moves no counter (not a turn)."""
    return mem.search(
        user,
        body.query,
        kind=list(body.kind) if body.kind else None,
        scope=body.scope,
        story=body.story,
        since=body.since,
        until=body.until,
        limit=body.limit,
        channel=channel,
    )


@router.post("/memories", response_model=WritePublic)
def add_memory(channel: str, user: str, body: MemoryCreate, mem: SouvenirDep, request: Request) -> WritePublic:
    """Write one memory through the write path (secrets filter, dedup, merge). A ``rule``
    (carried by every later context of the user) needs an admin key."""
    require_admin_for_rules(request, {body.kind})
    return mem.remember(user, channel=channel, **body.model_dump())


@router.post("/memories/batch", response_model=BatchWritten)
def add_memories(channel: str, user: str, body: MemoryBatch, mem: SouvenirDep, request: Request) -> BatchWritten:
    """Write 1 to 100 memories in order, each through the write path; all are checked
    before the first is written. A ``rule`` among them needs an admin key."""
    require_admin_for_rules(request, {m.kind for m in body.memories})
    return mem.remember_many(user, body.memories, channel=channel)


@router.patch("/memories/{memory_id}", response_model=WritePublic, dependencies=_CHANGES)
def update_memory(channel: str, user: str, memory_id: int, body: MemoryUpdate, mem: SouvenirDep) -> WritePublic:
    """A new wording through the write path's filters; the old one stays as history. A
    rule's needs an admin key."""
    return mem.update(user, memory_id, body.text, date=body.date, source=body.source, channel=channel)


@router.get("/memories/{memory_id}/history", response_model=MemoryHistory)
def history(channel: str, user: str, memory_id: int, mem: SouvenirDep) -> MemoryHistory:
    """The memory as it is now and its chain: earlier wordings, absorbed duplicates,
    memories it superseded."""
    return mem.history(user, memory_id, channel=channel)


@router.post("/memories/{memory_id}/pin", response_model=MemoryPublic, dependencies=_CHANGES)
def pin(channel: str, user: str, memory_id: int, mem: SouvenirDep) -> MemoryPublic:
    """Pin a memory by hand (the pinned pass serves it before the others)."""
    return mem.pin(user, memory_id, True, channel=channel)


@router.delete("/memories/{memory_id}/pin", response_model=MemoryPublic, dependencies=_CHANGES)
def unpin(channel: str, user: str, memory_id: int, mem: SouvenirDep) -> MemoryPublic:
    """Unpin a memory."""
    return mem.pin(user, memory_id, False, channel=channel)


@router.delete("/memories/{memory_id}", response_model=MemoryDeleted, dependencies=_CHANGES)
def delete_memory(channel: str, user: str, memory_id: int, mem: SouvenirDep) -> MemoryDeleted:
    """Delete one memory (an explicit act; its vectors go with it). A rule needs an admin key."""
    return mem.forget(user, memory_id, channel=channel)
