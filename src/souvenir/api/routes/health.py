"""``GET /health``: open to every caller (no authentication)."""

from __future__ import annotations

from fastapi import APIRouter

from souvenir.api.deps import RuntimeDep
from souvenir.schemas import Health

router = APIRouter(tags=["service"])


@router.get("/health", response_model=Health)
def health(rt: RuntimeDep) -> Health:
    """The service is up; its embedders and their breakers, each chat model's breaker and
    structured output, the degraded turns counted so far. ``degraded`` with ``problems``
    when a chat model refuses every request format (a configuration error)."""
    chat = rt.engine.chat.health() if rt.engine.chat is not None else {}
    problems = [m["config_error"] for m in chat.values() if m.get("config_error")]
    return Health(status="degraded" if problems else "ok", problems=problems,
                  embedder=rt.index.name if rt.index else None,
                  window_embedder=rt.window_index.name if rt.window_index else None,
                  embedder_breakers={i.name: i.breaker.state for i in rt.indexes},
                  chat=chat, degraded_turns=rt.engine.degraded_turns())
