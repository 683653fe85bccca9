"""Why each memory was chosen: the diagnostics page and its JSON twin (one dict, two
views), and the service's Prometheus metrics."""

from __future__ import annotations

from collections import Counter
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST

from souvenir.api.deps import EngineDep, RuntimeDep, get_proxy_counters
from souvenir.api.diagnostics_page import render_page
from souvenir.api.metrics import render as render_metrics
from souvenir.schemas import Diagnostics

router = APIRouter(tags=["diagnostics"])


@router.get("/metrics", response_class=PlainTextResponse)
def metrics(rt: RuntimeDep, counters: Annotated[Counter[str], Depends(get_proxy_counters)]) -> Response:
    """Prometheus exposition text (every name prefixed ``souvenir_``)."""
    return Response(render_metrics(lambda: rt, counters), media_type=CONTENT_TYPE_LATEST)


@router.get("/v1/users/{channel}/{user}/diagnostics.json", response_model=Diagnostics)
def diagnostics_json(channel: str, user: str, rt: RuntimeDep, story: str | None = None) -> Diagnostics:
    """Why each memory was in the last contexts, counters, degradations, backlog, parked jobs,
    and the service's counters."""
    return Diagnostics.model_validate(rt.engine.diagnostics(channel, user, story) | {"service": rt.status()})


@router.get("/v1/users/{channel}/{user}/diagnostics", response_class=HTMLResponse)
def diagnostics_html(channel: str, user: str, engine: EngineDep, story: str | None = None) -> HTMLResponse:
    """The same data as diagnostics.json, as a page."""
    data = Diagnostics.model_validate(engine.diagnostics(channel, user, story)).model_dump(mode="json")
    return HTMLResponse(render_page(data))
