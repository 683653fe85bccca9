"""The REST service (FastAPI). OpenAPI at ``/docs`` (Swagger UI) and ``/redoc``, served
offline from a package's assets; every JSON answer has a schema (:mod:`souvenir.schemas`).

Routes live in module-level routers (:mod:`souvenir.api.routes`), act through the library
(:class:`~souvenir.library.Souvenir`, a dependency of :mod:`souvenir.api.deps`) and never catch errors themselves: the
:class:`~souvenir.ground.errors.SouvenirError` tree is mapped to statuses in
:mod:`souvenir.api.http_errors` (bad input 422, unknown 404, busy store 503; nothing is
half-written).
"""

from __future__ import annotations

import json
import logging

import threading
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
from fastapi import FastAPI
from fastapi_offline import FastAPIOffline

from souvenir.api import routes
from souvenir.api.accesslog import install_access_log_filter
from souvenir.api.proxy_decode import ACCEPT_ENCODING
from souvenir.api.auth import PUBLIC, GuardMiddleware, error_body
from souvenir.api.deps import route_dependencies
from souvenir.api.http_errors import (
    ERROR_RESPONSES,
    OPEN_ERROR_RESPONSES,
    OPENAI_ERROR_RESPONSES,
    errors_as_json,
    install_handlers,
)
from souvenir.api.proxy import build_router
from souvenir.api.proxy_upstream import UpstreamHealth
from souvenir.api.request_limits import RequestLimits
from souvenir.ground.config import Settings
from souvenir.lexical import content_words, normalize
from souvenir.api.keys import KeyRing
from souvenir.library import Souvenir
from souvenir.privacy.scrub import install_log_redaction
from souvenir.ground.urls import openai_api_base

__all__ = ["create_app"]


log = logging.getLogger(__name__)

#: Said at start-up when no API key exists (issue #27): the keyless mode cannot tell a relay
#: on this machine that adds no forwarding header from a local client (docs/security.md).
KEYLESS_WARNING = (
    "no API key is configured: Souvenir is open to loopback clients only, and it cannot tell a "
    "local client from a remote one relayed by a proxy on this machine that adds no forwarding "
    "header (nginx's default proxy_pass, ssh -L, socat): create a key with `souvenir keys create --name NAME "
    "--admin` before putting anything in front of it"
)


def create_app(settings: Settings | None = None, runtime: Any = None) -> FastAPI:
    """The FastAPI app. Pass ``runtime`` (a :class:`~souvenir.engine.runtime.Runtime`, or a
    :class:`~souvenir.library.Souvenir`) to share one (tests): the app starts its worker and
    stops it, the caller closes it; else the library is opened from ``settings`` when the app
    starts and closed when it stops."""
    settings = settings or Settings()
    install_log_redaction()  # no secret reaches a log line either
    install_access_log_filter()  # nor a user's id its access line
    keyring = KeyRing(None)  # its store is the runtime's, set at start-up (fails closed until then)
    upstream = None
    if settings.llm_base_url:
        headers = {"Authorization": f"Bearer {settings.llm_api_key}"} if settings.llm_api_key else {}
        headers["Accept-Encoding"] = ACCEPT_ENCODING  # what proxy_decode decodes, bounded
        upstream = httpx.AsyncClient(
            base_url=openai_api_base(settings.llm_base_url),  # the SDK's base_url: /chat/completions, /models
            headers=headers,
            timeout=httpx.Timeout(settings.llm_timeout_s),
        )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        install_access_log_filter()  # again, should a logging config have been loaded since
        if runtime is None:
            memory = Souvenir.open(settings, background=True)
            memory.warm_reads()  # the recent users' read path, built off start-up (issue #28)
        else:
            memory = runtime if isinstance(runtime, Souvenir) else Souvenir(runtime, owns_runtime=False)
            memory.start_worker()
        app.state.souvenir = memory
        keyring.store = memory.key_table  # the keys' table, reloaded off the requests
        keyring.start()
        if not keyring.configured():
            log.warning(KEYLESS_WARNING)
        # Chinese word segmentation loads a dictionary on first use (~1-3 s): do it now.
        threading.Thread(target=lambda: content_words(normalize("预热")), daemon=True).start()
        try:
            yield
        finally:
            keyring.stop()
            if upstream is not None:
                await upstream.aclose()
            if runtime is None:
                memory.close()
            else:
                memory.stop_worker()

    # /docs and /redoc from the assets fastapi-offline ships (Swagger UI 5, ReDoc): no CDN.
    app = FastAPIOffline(
        title="Souvenir", version="0.1.0", lifespan=lifespan, description="Long-term memory for LLM chatbots."
    )
    app.state.settings = settings
    app.state.proxy_counters = Counter()
    app.state.proxy_upstream = UpstreamHealth() if upstream is not None else None
    app.state.keyring = keyring
    # how long a body may take and how many requests run at once (souvenir.api.request_limits)
    app.add_middleware(
        RequestLimits,
        max_concurrent=settings.max_concurrent_requests,
        timeout_s=settings.request_timeout_s,
        error_body=lambda path, status, message: json.dumps(error_body(path, status, message)).encode(),
    )
    # who may call, checked before any body is read (souvenir.api.auth); outermost
    app.add_middleware(
        GuardMiddleware, keyring=keyring, allowed_hosts=settings.allowed_hosts, max_body_bytes=settings.max_body_bytes
    )
    install_handlers(app)
    protected = route_dependencies(settings)
    for router in routes.PROTECTED.values():
        app.include_router(router, dependencies=protected, responses=ERROR_RESPONSES)
    for router in routes.OPEN.values():
        app.include_router(router, responses=OPEN_ERROR_RESPONSES)
    if upstream is not None:
        app.include_router(
            build_router(
                lambda: app.state.souvenir,
                upstream,
                app.state.proxy_counters,
                app.state.proxy_upstream,
                settings.proxy_block_share,
            ),
            dependencies=protected,
            responses=OPENAI_ERROR_RESPONSES,
        )
    _declare_bearer(app)
    return app


def _declare_bearer(app: FastAPI) -> None:
    """``/openapi.json`` declares the ``Authorization: Bearer KEY`` every route but the
    health probes needs once keys exist (``GuardMiddleware``), so generated clients and
    Swagger's Authorize button know it."""
    build = app.openapi

    def openapi() -> dict:
        if app.openapi_schema is not None:
            return app.openapi_schema
        spec = build()
        spec.setdefault("components", {}).setdefault("securitySchemes", {})["bearer"] = {
            "type": "http",
            "scheme": "bearer",
            "description": "An API key (`souvenir keys create`); needed once the store has keys.",
        }
        spec["security"] = [{"bearer": []}]
        errors_as_json(spec)
        for method, path in PUBLIC:
            operation = spec.get("paths", {}).get(path, {}).get(method.lower())
            if operation is not None:
                operation["security"] = []
        app.openapi_schema = spec
        return spec

    app.openapi = openapi  # type: ignore[method-assign]
