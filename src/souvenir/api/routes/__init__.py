"""The REST routes, one module-level ``APIRouter`` per area.

:data:`PROTECTED` routers are included with :func:`souvenir.api.deps.route_dependencies`
(authentication); :data:`OPEN` ones (``/health``) with none.
"""

from __future__ import annotations

from fastapi import APIRouter

from souvenir.api.routes import diagnostics, health, jobs, memories, timezone, turns, users

__all__ = ["OPEN", "PROTECTED"]

#: Area name → router, behind :func:`~souvenir.api.deps.route_dependencies`.
PROTECTED: dict[str, APIRouter] = {
    "turns": turns.router,
    "memories": memories.router,
    "users": users.router,
    # a channel's users (a key of that channel, or an admin key: the app-wide channel check)
    "user_list": users.channel_router,
    "diagnostics": diagnostics.router,
    "timezone": timezone.router,
    # operators' routes: every user's outbox jobs (admin keys only: require_admin)
    "jobs": jobs.router,
}
#: Routers open to every caller.
OPEN: dict[str, APIRouter] = {"health": health.router}
