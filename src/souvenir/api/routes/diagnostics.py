"""Why each memory was chosen: the diagnostics page and its JSON twin (one dict, two
views), and the service's Prometheus metrics."""

from __future__ import annotations

from collections import Counter
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST

from souvenir.api.deps import SouvenirDep, get_proxy_counters
from souvenir.api.diagnostics_page import render_page
from souvenir.api import scopes
from souvenir.api.auth import is_admin, principal_of, require_admin
from souvenir.api.metrics import metrics_app
from souvenir.schemas import Diagnostics

router = APIRouter(tags=["diagnostics"])

#: The page is one document with an inline style and no script: the browser is told to load
#: nothing else and run nothing (a memory's text that slipped past escaping could not either),
#: and not to be framed or to send the page's address (the user's id) to a link it follows.
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@router.get("/metrics", response_class=PlainTextResponse, dependencies=[Depends(require_admin)])
def metrics(request: Request, counters: Annotated[Counter[str], Depends(get_proxy_counters)]) -> Response:
    """Prometheus exposition text (every name prefixed ``souvenir_``; admin key). One
    collector per app: while the store is down it shows the last values it read."""
    state = request.app.state
    if getattr(state, "render_metrics", None) is None:
        state.render_metrics = metrics_app(lambda: state.souvenir.runtime, counters)
    return Response(state.render_metrics(), media_type=CONTENT_TYPE_LATEST)


@router.get("/v1/users/{channel}/{user}/diagnostics.json", response_model=Diagnostics)
def diagnostics_json(
    channel: str, user: str, mem: SouvenirDep, request: Request, story: str | None = None
) -> Diagnostics:
    """Why each memory was in the last contexts, counters, degradations, backlog, parked jobs,
    and, with an admin key, the service's counters (``service``)."""
    found = mem.diagnostics(user, story=story, service=is_admin(request), channel=channel)
    return _for_caller(found, request)


def _for_caller(found: Diagnostics, request: Request) -> Diagnostics:
    """A channel key reads a parked job's cause without the model server's address."""
    principal = principal_of(request)
    for job in found.parked:
        job.error = scopes.without_addresses(principal, job.error)
    return found


@router.get("/v1/users/{channel}/{user}/diagnostics", response_class=HTMLResponse)
def diagnostics_html(
    channel: str, user: str, mem: SouvenirDep, request: Request, story: str | None = None
) -> HTMLResponse:
    """The same data as diagnostics.json, as a page."""
    data = _for_caller(mem.diagnostics(user, story=story, channel=channel), request).model_dump(mode="json")
    return HTMLResponse(render_page(data), headers=PAGE_HEADERS)
