"""``GET /health`` (live) and ``GET /health/ready`` (ready): open to every caller, never
waiting on the store (:mod:`souvenir.api.health_report`)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from souvenir.api.deps import SouvenirDep
from souvenir.api.health_report import report
from souvenir.schemas import Health

router = APIRouter(tags=["service"])


@router.get("/health", response_model=Health)
def health(mem: SouvenirDep, request: Request) -> Health:
    """Live: answers while the process serves; ``ready``, ``status`` (ok or degraded) and
    ``causes`` (store, embedder, chat, breaker, proxy) say more."""
    return Health.model_validate(report(mem.runtime, request.app.state.proxy_upstream)[0])


@router.get("/health/ready", response_model=Health, responses={503: {"model": Health}})
def ready(mem: SouvenirDep, request: Request) -> JSONResponse:
    """Ready: 200 when the store can be read, 503 otherwise (the same body as /health)."""
    body, is_ready = report(mem.runtime, request.app.state.proxy_upstream)
    return JSONResponse(body, status_code=200 if is_ready else 503)
