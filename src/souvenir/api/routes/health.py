"""``GET /health`` (live) and ``GET /health/ready`` (ready): open to every caller, never
waiting on the store (:mod:`souvenir.api.health_report`).

Once API keys exist, a caller without an admin key gets ``status``, ``live`` and ``ready``
only (:func:`for_caller`): the models' names, the causes, the warm-up's store size and the
proxy's upstream state are an operator's, not the public's. Keyless (loopback only), the
whole body."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from souvenir.api.deps import SouvenirDep
from souvenir.api.health_report import report
from souvenir.schemas import Health

router = APIRouter(tags=["service"])
#: What /health tells a caller without an admin key once keys exist.
PUBLIC_FIELDS = ("status", "live", "ready")


def for_caller(body: dict, request: Request) -> dict:
    """``body`` whole for an admin key or a keyless service; else :data:`PUBLIC_FIELDS`."""
    principal = getattr(request.state, "principal", None)
    if not getattr(request.state, "keyed", False) or (principal is not None and principal.admin):
        return body
    return {name: body[name] for name in PUBLIC_FIELDS}


@router.get("/health", response_model=Health, response_model_exclude_unset=True)
def health(mem: SouvenirDep, request: Request) -> Health:
    """Live: answers while the process serves; ``ready``, ``status`` (ok or degraded) and
    ``causes`` (store, embedder, chat, breaker, proxy) say more."""
    return Health.model_validate(for_caller(report(mem.runtime, request.app.state.proxy_upstream)[0], request))


@router.get("/health/ready", response_model=Health, responses={503: {"model": Health}})
def ready(mem: SouvenirDep, request: Request) -> JSONResponse:
    """Ready: 200 when the store can be read, 503 otherwise (the same body as /health)."""
    body, is_ready = report(mem.runtime, request.app.state.proxy_upstream)
    return JSONResponse(for_caller(body, request), status_code=200 if is_ready else 503)
