"""``GET /health``: open to every caller (no authentication)."""

from __future__ import annotations

from fastapi import APIRouter

from souvenir.api.deps import RuntimeDep
from souvenir.schemas import Health

router = APIRouter(tags=["service"])


@router.get("/health", response_model=Health)
def health(rt: RuntimeDep) -> Health:
    """The service is up; its embedders and the degraded turns counted so far."""
    return Health(status="ok", embedder=rt.index.name if rt.index else None,
                  window_embedder=rt.window_index.name if rt.window_index else None,
                  degraded_turns=rt.engine.degraded_turns())
