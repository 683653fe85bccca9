"""The REST service (FastAPI). OpenAPI at ``/docs``.

Endpoints: ``GET /health``; ``POST /v1/turns``; ``POST /v1/context``;
``GET``/``POST /v1/users/{channel}/{user}/memories``. Bad input gets a 422 that says why;
a busy store a 503; nothing is half-written.
"""

from __future__ import annotations

import threading
from collections import Counter
from contextlib import asynccontextmanager
from datetime import datetime

import httpx
from fastapi import FastAPI, HTTPException, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST
from pydantic import BaseModel, Field, field_validator
from starlette.exceptions import HTTPException as StarletteHTTPException

from souvenir.api.diagnostics_page import render_page
from souvenir.api.metrics import render as render_metrics
from souvenir.api import jobs, timezone_routes
from souvenir.api.proxy import build_router
from souvenir.config import Settings
from souvenir.errors import InputError, StoreBusyError, StoreError, UnknownError
from souvenir.lexical import content_words, normalize
from souvenir.limits import MAX_TEXT_BYTES, check_text
from souvenir.runtime import Runtime, open_runtime
from souvenir.types import CANDIDATE_KINDS, KINDS, Candidate


def _text_field(value: str) -> str:
    try:
        return check_text(value)
    except InputError as exc:
        raise ValueError(str(exc)) from exc


class TurnIn(BaseModel):
    """One exchange: the user's ``message`` and the bot's ``reply``."""

    channel: str = Field("api", min_length=1, max_length=64, description="Channel of the user (telegram, lazada, api…).")
    user: str = Field(..., min_length=1, max_length=256, description="The user's id on that channel.")
    story: str | None = Field(None, max_length=256, description="Story (thread, role-play) of the exchange.")
    message: str = Field(..., description=f"What the user said (1 to {MAX_TEXT_BYTES} bytes of UTF-8).")
    reply: str | None = Field(None, description="What the bot answered.")
    time: datetime | None = Field(None, description="When it was said (ISO 8601); default now. Its "
                                  "own UTC offset is the user's local day; a time without one (or "
                                  "in UTC) is read in the user's zone.")
    language: str | None = Field(None, max_length=35, description="The channel's language code "
                                 "(Telegram language_code…): first in seed 001's priority for `lang`.")
    timezone: str | None = Field(None, max_length=64, description="The user's time zone (IANA name "
                                 "such as Europe/Paris, or an offset such as +08:00); stored as the "
                                 "profile's `tz`. A `time` with its own offset teaches it too.")

    _check = field_validator("message")(_text_field)


class ContextIn(BaseModel):
    """The message a context is wanted for."""

    channel: str = Field("api", min_length=1, max_length=64)
    user: str = Field(..., min_length=1, max_length=256)
    story: str | None = Field(None, max_length=256)
    message: str = Field(..., description=f"The user's new message (1 to {MAX_TEXT_BYTES} bytes of UTF-8).")

    _check = field_validator("message")(_text_field)


class MemoryIn(BaseModel):
    """A memory written directly (a person, an import): it goes through the write path."""

    text: str = Field(..., description=f"The memory (1 to {MAX_TEXT_BYTES} bytes of UTF-8).")
    kind: str = Field("fact", description=f"One of {', '.join(KINDS)}.")
    scope: str = Field("global", description="global, or story (then 'story' names it).")
    story: str | None = None
    confidence: float = Field(1.0, ge=0.0, le=1.0)
    pinned: bool = False
    date: datetime | None = Field(None, description="When it was said; default now.")
    source: str | None = None

    _check = field_validator("text")(_text_field)

    @field_validator("kind")
    @classmethod
    def _kind(cls, value: str) -> str:
        if value not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}")
        return value

    @field_validator("scope")
    @classmethod
    def _scope(cls, value: str) -> str:
        if value not in ("global", "story"):
            raise ValueError("scope must be global or story")
        return value


def _memory_json(m) -> dict:
    return {
        "id": m.id, "text": m.text, "kind": m.kind, "scope": m.scope, "story_id": m.story_id,
        "confidence": m.confidence, "pinned": m.pinned, "status": m.status, "source": m.source,
        "created_at": m.created_at.isoformat() if m.created_at else None,
        "updated_at": m.updated_at.isoformat() if m.updated_at else None,
        "counters": {"candidate": m.candidate_count, "served": m.served_count,
                     "served_semantic": m.served_semantic_count},
    }


def create_app(settings: Settings | None = None, runtime: Runtime | None = None) -> FastAPI:
    """The FastAPI app. Pass ``runtime`` to share one (tests), else one is opened from ``settings``."""
    settings = settings or Settings()
    state: dict[str, Runtime] = {}
    counters: Counter[str] = Counter()
    upstream = None
    if settings.llm_base_url:
        headers = {"Authorization": f"Bearer {settings.llm_api_key}"} if settings.llm_api_key else {}
        upstream = httpx.AsyncClient(base_url=settings.llm_base_url.rstrip("/").removesuffix("/v1"),
                                     headers=headers, timeout=httpx.Timeout(settings.llm_timeout_s))

    @asynccontextmanager
    async def lifespan(_: FastAPI):
        state["rt"] = runtime or open_runtime(settings, start_indexer=True)
        if runtime is not None and runtime.worker is not None:
            runtime.worker.start()
        # Chinese word segmentation loads a dictionary on first use (~1-3 s): do it now.
        threading.Thread(target=lambda: content_words(normalize("预热")), daemon=True).start()
        try:
            yield
        finally:
            if upstream is not None:
                await upstream.aclose()
            if runtime is None:
                state["rt"].close()
            elif runtime.worker is not None:
                runtime.worker.stop()

    app = FastAPI(title="Souvenir", version="0.1.0", lifespan=lifespan,
                  description="Long-term memory for LLM chatbots.")

    @app.exception_handler(StoreBusyError)
    async def _busy(_: Request, exc: StoreBusyError) -> JSONResponse:
        return JSONResponse({"detail": f"store unavailable, nothing written: {exc}"}, status_code=503)

    @app.exception_handler(StoreError)
    async def _store(_: Request, exc: StoreError) -> JSONResponse:
        return JSONResponse({"detail": f"store error, nothing written: {exc}"}, status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and "parsing the body" in str(exc.detail):
            return JSONResponse(
                {"detail": "the request body is not valid JSON in UTF-8; nothing was written"},
                status_code=422)
        return await http_exception_handler(request, exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        # Never echo the input back: it may be 16 KiB, or not encodable (lone surrogates).
        errors = [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")), "type": e.get("type")}
                  for e in exc.errors()]
        return JSONResponse({"detail": errors}, status_code=422)

    @app.exception_handler(UnknownError)
    async def _unknown(_: Request, exc: UnknownError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=404)

    @app.exception_handler(InputError)
    async def _input(_: Request, exc: InputError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=422)

    def rt() -> Runtime:
        return state["rt"]

    if upstream is not None:
        app.include_router(build_router(rt, upstream, counters))
    app.include_router(timezone_routes.build_router(rt))
    app.include_router(jobs.build_router(rt))  # operators' routes (admin)

    @app.get("/metrics")
    def metrics() -> Response:
        return Response(render_metrics(rt, counters), media_type=CONTENT_TYPE_LATEST)

    @app.get("/health")
    def health() -> dict:
        """``status`` is ``ok``, or ``degraded`` with ``problems`` (a chat model refusing every
        request format: a configuration error); ``chat`` gives each model's breaker and the
        structured output it accepts."""
        index = rt().index
        window = rt().window_index
        chat = rt().engine.chat.health() if rt().engine.chat is not None else {}
        problems = [m["config_error"] for m in chat.values() if m.get("config_error")]
        return {"status": "degraded" if problems else "ok", "problems": problems,
                "embedder": index.name if index else None,
                "window_embedder": window.name if window else None,
                "embedder_breakers": {i.name: i.breaker.state for i in rt().indexes},
                "chat": chat, "degraded_turns": rt().engine.degraded_turns()}

    @app.post("/v1/turns")
    def post_turn(body: TurnIn) -> dict:
        turn_id, written = rt().engine.record_turn(
            body.channel, body.user, body.message, body.reply, time=body.time, story=body.story,
            language=body.language, timezone=body.timezone)
        if rt().worker is not None:
            rt().worker.wake()
        return {"turn_id": turn_id, "reflection": "queued" if rt().engine.chat is not None else None,
                "memory": None if written is None else {"action": written.action, "id": written.memory_id,
                                                        "reason": written.reason}}

    @app.post("/v1/context")
    def post_context(body: ContextIn) -> dict:
        return rt().engine.context(body.channel, body.user, body.message, story=body.story).as_json()

    @app.get("/v1/users/{channel}/{user}/memories")
    def list_memories(channel: str, user: str, status: str = "active") -> dict:
        if status not in ("active", "superseded", "deleted", "all"):
            raise HTTPException(422, "status must be active, superseded, deleted or all")
        found = rt().engine.memories(channel, user, None if status == "all" else status)
        return {"memories": [_memory_json(m) for m in found]}

    @app.post("/v1/users/{channel}/{user}/memories")
    def add_memory(channel: str, user: str, body: MemoryIn) -> dict:
        if body.scope == "story" and not body.story:
            raise HTTPException(422, "a story-scoped memory needs 'story'")
        candidate = Candidate(text=body.text, kind=body.kind, scope=body.scope,
                              confidence=body.confidence, source=body.source, time=body.date,
                              pinned=body.pinned)
        result = rt().engine.remember(channel, user, candidate, story=body.story)
        return {"action": result.action, "id": result.memory_id, "text": result.text,
                "reason": result.reason, "superseded_id": result.superseded_id}

    @app.post("/v1/users/{channel}/{user}/memories/{memory_id}/pin")
    def pin(channel: str, user: str, memory_id: int) -> dict:
        return _memory_json(rt().engine.pin(channel, user, memory_id, True))

    @app.delete("/v1/users/{channel}/{user}/memories/{memory_id}/pin")
    def unpin(channel: str, user: str, memory_id: int) -> dict:
        return _memory_json(rt().engine.pin(channel, user, memory_id, False))

    @app.delete("/v1/users/{channel}/{user}/memories/{memory_id}")
    def delete_memory(channel: str, user: str, memory_id: int) -> dict:
        rt().engine.delete_memory(channel, user, memory_id)
        return {"deleted": memory_id}

    @app.get("/v1/users/{channel}/{user}/forgotten")
    def forgotten(channel: str, user: str, min_candidate: int = 10) -> dict:
        """Memories that were candidates at least ``min_candidate`` times and never served."""
        return {"memories": rt().engine.forgotten(channel, user, min_candidate)}

    @app.get("/v1/users/{channel}/{user}/export")
    def export(channel: str, user: str) -> dict:
        """Everything stored about the user, table by table."""
        return rt().engine.export_user(channel, user)

    @app.delete("/v1/users/{channel}/{user}")
    def delete_user(channel: str, user: str) -> dict:
        """Delete the user and everything derived from them (vectors, counters, history, profile)."""
        return {"deleted": rt().engine.delete_user(channel, user)}

    @app.get("/v1/users/{channel}/{user}/diagnostics.json")
    def diagnostics_json(channel: str, user: str, story: str | None = None) -> dict:
        """Why each memory was in the last contexts, counters, degradations, backlog, parked jobs."""
        return rt().engine.diagnostics(channel, user, story) | {"service": rt().status()}

    @app.get("/v1/users/{channel}/{user}/diagnostics", response_class=HTMLResponse)
    def diagnostics_html(channel: str, user: str, story: str | None = None) -> HTMLResponse:
        """The same data as diagnostics.json, as a page."""
        return HTMLResponse(render_page(rt().engine.diagnostics(channel, user, story)))

    return app


__all__ = ["create_app", "CANDIDATE_KINDS"]
