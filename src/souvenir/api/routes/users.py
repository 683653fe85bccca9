"""A user's data is theirs: the profile, the forgetting report, export, deletion."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request

from souvenir.api import scopes
from souvenir.api.auth import principal_of

from souvenir.api.deps import SouvenirDep
from souvenir.schemas import MemoriesPublic, Profile, UserDeleted, UserExport, UsersPage

router = APIRouter(prefix="/v1/users/{channel}/{user}", tags=["users"])
#: The channel's users: reached by a key of that channel or an admin key (the app-wide
#: ``{channel}`` check, :func:`souvenir.api.auth.authorize`).
channel_router = APIRouter(prefix="/v1/users/{channel}", tags=["users"])


@channel_router.get("", response_model=UsersPage)
def users(
    channel: str,
    mem: SouvenirDep,
    limit: int = Query(100, ge=1, le=1000),
    cursor: str | None = Query(None, max_length=64),
) -> UsersPage:
    """The channel's users, first known first, with their active memories (one page;
    ``next_cursor`` for the next)."""
    return mem.users(channel=channel, limit=limit, cursor=cursor)


@router.get("/profile", response_model=Profile, response_model_exclude_unset=True)
def profile(channel: str, user: str, mem: SouvenirDep) -> dict[str, Any]:
    """The user-level profile (seed 001: ``lang``, ``summary``, ``last_queries``…)."""
    return mem.profile(user, channel=channel)


@router.get("/forgotten", response_model=MemoriesPublic)
def forgotten(channel: str, user: str, mem: SouvenirDep, min_candidate: int = Query(10, ge=0)) -> MemoriesPublic:
    """Memories that were candidates at least ``min_candidate`` times and never served."""
    return mem.forgotten(user, min_candidate=min_candidate, channel=channel)


@router.get("/export", response_model=UserExport)
def export(channel: str, user: str, mem: SouvenirDep, request: Request) -> UserExport:
    """Everything stored about the user, table by table (a channel key reads a job's cause
    without the model server's address: :func:`souvenir.api.scopes.without_addresses`)."""
    found = mem.export_user(user, channel=channel)
    principal = principal_of(request)
    for row in found.tables.get("outbox", []):
        if isinstance(row.get("last_error"), str):
            row["last_error"] = scopes.without_addresses(principal, row["last_error"])
    return found


@router.delete("", response_model=UserDeleted)
def delete_user(channel: str, user: str, mem: SouvenirDep) -> UserDeleted:
    """Delete the user and everything derived from them (vectors, counters, history, profile)."""
    return mem.delete_user(user, channel=channel)
