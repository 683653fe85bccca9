"""FastAPI dependencies shared by the routers: the library, the settings.

Handlers never reach the runtime any other way (FastAPI full-stack template style:
``SouvenirDep`` is to a route what ``SessionDep`` is there); they act through the library
(:class:`souvenir.library.Souvenir`), so the Python and HTTP doors behave alike. What every protected router is
included with — authentication, scope checks — is :func:`route_dependencies`: one list,
applied by :func:`souvenir.api.app.create_app` to each router of
:data:`souvenir.api.routes.PROTECTED`.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any

from fastapi import Depends, Request

from souvenir.ground.config import Settings
from souvenir.library import Souvenir

__all__ = ["SettingsDep", "SouvenirDep", "get_settings", "get_souvenir", "route_dependencies"]


async def get_souvenir(request: Request) -> Souvenir:
    """The library over the app's runtime: the routes' one way to act (one behaviour for
    the Python and the HTTP doors)."""
    return request.app.state.souvenir


SouvenirDep = Annotated[Souvenir, Depends(get_souvenir)]


async def get_settings(request: Request) -> Settings:
    return request.app.state.settings


SettingsDep = Annotated[Settings, Depends(get_settings)]


async def get_proxy_counters(request: Request) -> Counter[str]:
    """The proxy's event counts (read by ``/metrics``)."""
    return request.app.state.proxy_counters


def route_dependencies(settings: Settings) -> list[Any]:
    """The dependencies (``fastapi.Depends(…)``) every protected router is included with.

    The key was checked by :class:`~souvenir.api.auth.GuardMiddleware` before the body was
    read; :func:`~souvenir.api.auth.authorize` checks the ``{channel}`` of the path against
    the key's scope (403). Channels named in a body are checked by :func:`channel_scope`."""
    from souvenir.api.auth import authorize

    return [Depends(authorize)]
