"""The :class:`~souvenir.ground.errors.SouvenirError` tree mapped to HTTP answers, in one place.

=====================  ======  ==========================================================
error                  status  body ``detail``
=====================  ======  ==========================================================
InputError             422     what is wrong with the input; nothing written
CapacityError          409     the user is at the memory cap (SOUVENIR_MAX_MEMORIES_PER_USER)
UnknownError           404     no such user or memory (for that user); where the id exists
AccessDeniedError      403     outside the key's scope (:mod:`souvenir.api.scopes`)
StoreBusyError         503     the store is locked or down; nothing written, retry later
StoreError             500     the store failed; nothing written
request validation     422     each error's ``loc``, ``msg`` and ``type`` (input never echoed)
body not JSON/UTF-8    422     says so
proxy without model    404     OpenAI's error shape: the proxy is off, which settings turn it on
no such route/method   404/405 where the routes are listed (/docs, docs/rest.md); the path not echoed
OpenAI's other APIs    404     OpenAI's shape: the proxy speaks Chat Completions only (/v1/responses…)
client gone mid-body   499     nobody reads it; nothing written, no traceback logged
=====================  ======  ==========================================================

A store's own cause (a file path, a server's address, SQL) is in the 503/500 answer of an
admin key (or the open loopback mode) only: a channel key is told to retry, the log says why.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from souvenir.api.auth import error_body, openai_error
from souvenir.ground.errors import (
    AccessDeniedError,
    CapacityError,
    InputError,
    StoreBusyError,
    StoreError,
    UnknownError,
)
from souvenir.privacy.scrub import scrub
from souvenir.schemas import ErrorBody, OpenAIErrorBody

log = logging.getLogger(__name__)

__all__ = ["ERROR_RESPONSES", "OPENAI_ERROR_RESPONSES", "OPEN_ERROR_RESPONSES", "errors_as_json", "install_handlers"]


def _operator(request: Request) -> bool:
    """Whether the caller runs the service (an admin key, the open loopback mode): a store's
    cause names its file path or its server's address, the operator's layout, not a
    tenant's business."""
    principal = getattr(request.state, "principal", None)
    return principal is not None and principal.admin


async def _busy(request: Request, exc: Exception) -> JSONResponse:
    if _operator(request):
        return JSONResponse({"detail": f"store unavailable, nothing written: {exc}"}, status_code=503)
    log.warning("store unavailable (answered 503): %s", exc)
    return JSONResponse(
        {"detail": "store unavailable (locked, unreachable or read-only), nothing written: retry later"},
        status_code=503,
    )


async def _store(request: Request, exc: Exception) -> JSONResponse:
    if _operator(request):
        return JSONResponse({"detail": f"store error, nothing written: {exc}"}, status_code=500)
    log.error("store error (answered 500): %s", exc)  # its SQL or values stay in the log
    return JSONResponse({"detail": "store error, nothing written (the service's log says why)"}, status_code=500)


async def _http(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400 and "parsing the body" in str(exc.detail):
        return JSONResponse(
            error_body(request.url.path, 422, "the request body is not valid JSON in UTF-8; nothing was written"),
            status_code=422,
        )
    if request.url.path.startswith(("/v1/chat/completions", "/v1/models")):  # OpenAI's shape
        detail = str(exc.detail)
        if exc.status_code == 404 and not request.app.state.settings.llm_base_url:
            detail = (
                "the OpenAI-compatible proxy is off: no chat model is configured "
                "(set SOUVENIR_LLM_BASE_URL and SOUVENIR_LLM_MODEL)"
            )
        return JSONResponse(
            error_body(request.url.path, exc.status_code, detail),
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )
    unserved = _openai_unserved(request.url.path)
    if unserved and exc.status_code in _NO_ROUTE and exc.detail == _NO_ROUTE[exc.status_code][0]:
        if not request.app.state.settings.llm_base_url:
            unserved += (
                "; the proxy is off here: no chat model is configured (SOUVENIR_LLM_BASE_URL, SOUVENIR_LLM_MODEL)"
            )
        return JSONResponse(openai_error(404, unserved), status_code=404)
    if exc.status_code in _NO_ROUTE and exc.detail == _NO_ROUTE[exc.status_code][0]:  # the router's own
        return JSONResponse(
            {
                "detail": _channel_left_out(request.url.path)
                or _one_memory(request.url.path, request.method, exc.status_code)
                or _NO_ROUTE[exc.status_code][1]
            },
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )
    return await http_exception_handler(request, exc)  # type: ignore[return-value]


#: The router's bare answers for a path or method no route has ("Not Found", "Method Not
#: Allowed"), said with where the routes are listed; the path is not echoed (it may carry a
#: user's id). A route's own 404 ("no user api:ann") has a sentence and is left as it is.
_NO_ROUTE = {
    404: (
        "Not Found",
        "no route at this path: every route is listed at /docs (OpenAPI) and in docs/rest.md; a user's "
        "routes are under /v1/users/{channel}/{user}/ (channel 'api' by default)",
    ),
    405: ("Method Not Allowed", "this route does not take this method: /docs lists each route's methods"),
}


#: OpenAI's other APIs, which an OpenAI client pointed at the proxy may call (the openai
#: SDK's ``client.responses.create``, the Vercel AI SDK's default model): answered in OpenAI's
#: shape, naming the one API the proxy speaks, rather than the router's "no route".
_OPENAI_OTHER = (
    "responses",
    "completions",
    "embeddings",
    "assistants",
    "threads",
    "audio",
    "images",
    "files",
    "batches",
    "moderations",
    "realtime",
)


def _openai_unserved(path: str) -> str | None:
    """The answer to ``/v1/responses`` and OpenAI's other APIs the proxy does not serve (the
    API's name is one of :data:`_OPENAI_OTHER`, never the caller's text)."""
    parts = path.strip("/").split("/")
    if len(parts) < 2 or parts[0] != "v1" or parts[1] not in _OPENAI_OTHER:
        return None
    return (
        f"Souvenir's proxy speaks OpenAI's Chat Completions only (POST /v1/chat/completions, GET /v1/models), "
        f"not /v1/{parts[1]}: call the chat API (the openai SDK's client.chat.completions.create, the "
        f"Vercel AI SDK's openai.chat(...), LangChain's ChatOpenAI); docs/recipes.md"
    )


#: What follows ``/v1/users/{channel}/{user}/`` in a user's routes.
_USER_ROUTES = ("memories", "profile", "export", "diagnostics", "diagnostics.json", "timezone", "forgotten", "search")


def _channel_left_out(path: str) -> str | None:
    """The answer to ``/v1/users/ann/memories`` (the channel left out: read as channel
    ``ann``, user ``memories``, a route of another method, 405): where the channel goes. The
    user's id is not echoed."""
    parts = path.strip("/").split("/")
    if len(parts) == 4 and parts[:2] == ["v1", "users"] and parts[3] in _USER_ROUTES:
        return (
            f"a user's routes name the channel first: /v1/users/{{channel}}/{{user}}/{parts[3]}, "
            f"with channel 'api' by default (/v1/users/api/{{user}}/{parts[3]}); /docs lists every route"
        )
    return None


def _one_memory(path: str, method: str, status: int) -> str | None:
    """The answer to ``GET /v1/users/{channel}/{user}/memories/{id}`` (405: that path takes
    PATCH and DELETE): where one memory is read. The ids are not echoed."""
    parts = path.strip("/").split("/")
    if (
        status == 405
        and method == "GET"
        and len(parts) == 6
        and parts[:2] == ["v1", "users"]
        and parts[4] == "memories"
    ):
        return (
            "one memory is read with its chain: GET /v1/users/{channel}/{user}/memories/{id}/history "
            "(`memory`, then `history`); this path takes PATCH (a new wording) and DELETE (forget it); /docs lists every route"
        )
    return None


#: A field name quoted by a 422 (an unknown field is the caller's text: a key of 100 KiB, or
#: one that is a secret) is cut to this many characters and redacted.
_LOC_CHARS = 64


def _loc(part: object) -> object:
    if not isinstance(part, str):
        return part
    part = scrub(part)
    return part if len(part) <= _LOC_CHARS else part[:_LOC_CHARS] + "…"


#: What to send instead, after pydantic's sentence, for the mistakes a newcomer makes first:
#: a date in words ("last week": pydantic said only "input is too short"), a body that is not
#: JSON, a field the route does not have (``user_id``, ``query`` for ``message``).
_ISO = ": send ISO 8601, a date 2025-06-02 or a time 2025-06-02T10:00:00+08:00"
_HINTS = {
    "datetime_from_date_parsing": _ISO,
    "datetime_parsing": _ISO,
    "datetime_type": _ISO,
    "date_from_datetime_parsing": _ISO,
    "date_parsing": _ISO,
    "json_invalid": " (loc gives the character where it stopped): the body is not valid JSON",
    "extra_forbidden": ": this route's fields are listed at /docs",
}


async def _invalid(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    # Never echo the input back: it may be 16 KiB, or not encodable (lone surrogates). A path
    # parameter read by the route and by a dependency (memory_id) fails once for each: said once.
    errors: dict[tuple, dict] = {}
    for e in exc.errors():
        msg = str(e.get("msg", "")) + _HINTS.get(str(e.get("type")), "")
        error = {"loc": [_loc(part) for part in e.get("loc", ())], "msg": msg, "type": e.get("type")}
        errors.setdefault((tuple(error["loc"]), error["msg"], error["type"]), error)
    return JSONResponse({"detail": list(errors.values())}, status_code=422)


async def _unknown(_: Request, exc: Exception) -> JSONResponse:
    # "no user api:<id>": a read route takes any id, one carrying an API key included
    return JSONResponse({"detail": scrub(str(exc))}, status_code=404)


async def _capacity(_: Request, exc: Exception) -> JSONResponse:
    return JSONResponse({"detail": scrub(str(exc))}, status_code=409)


async def _input(_: Request, exc: Exception) -> JSONResponse:
    return JSONResponse({"detail": scrub(str(exc))}, status_code=422)


async def _denied(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, AccessDeniedError)
    status = exc.status_code or 403
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(error_body(request.url.path, status, str(exc)), status_code=status, headers=headers)


async def _gone(_: Request, exc: Exception) -> Response:
    return Response(status_code=499)  # nginx's "client closed request": the client cannot read it


def _responses(model: type, statuses: dict[int, str]) -> dict[int | str, dict[str, Any]]:
    return {status: {"model": model, "description": text} for status, text in statuses.items()}


_AUTH = {
    401: "No API key, or an unknown or revoked one (once the store has keys).",
    403: "The key does not reach this channel or route (an admin route), or a cross-origin "
    "browser request, or a relayed request while no key exists.",
}
_INPUT = {
    422: "The input cannot be used (a message naming the problem, or a list of {loc, msg, type} "
    "for a request that fails validation); nothing was written."
}
_COMMON = {
    404: "No such user, memory or route (an unknown user's read answers an empty page instead).",
    413: "The request body is over SOUVENIR_MAX_BODY_BYTES; nothing was written.",
    503: "The store is locked or unavailable; nothing was written: retry later.",
}
#: The error answers every authenticated REST route declares in ``/openapi.json`` (with
#: FastAPI's own 422), in the ``detail`` shape (:class:`~souvenir.schemas.ErrorBody`).
ERROR_RESPONSES = _responses(ErrorBody, _AUTH | _INPUT | _COMMON)
#: The same for the proxy's routes, in OpenAI's error shape.
OPENAI_ERROR_RESPONSES = _responses(
    OpenAIErrorBody,
    _AUTH
    | _INPUT
    | _COMMON
    | {
        404: "The proxy is off (no chat model configured), or no such route.",
        502: "The upstream model server failed.",
        504: "The upstream model did not answer in time.",
    },
)
#: The open health probes: no key is asked for, so no 401/403.
OPEN_ERROR_RESPONSES = _responses(ErrorBody, {413: _COMMON[413]})


def errors_as_json(spec: dict[str, Any]) -> None:
    """Errors are JSON on every route: FastAPI files a declared error under the route's own
    media type (``text/plain`` for ``/metrics``, ``text/html`` for the page); move it."""
    for operations in spec.get("paths", {}).values():
        for operation in operations.values():
            for status, response in operation.get("responses", {}).items():
                content = response.get("content")
                if status.isdigit() and int(status) >= 400 and content and "application/json" not in content:
                    response["content"] = {"application/json": next(iter(content.values()))}


def install_handlers(app: FastAPI) -> None:
    """Register the mapping above on ``app``."""
    app.add_exception_handler(StoreBusyError, _busy)
    app.add_exception_handler(StoreError, _store)
    app.add_exception_handler(StarletteHTTPException, _http)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(UnknownError, _unknown)
    app.add_exception_handler(CapacityError, _capacity)
    app.add_exception_handler(AccessDeniedError, _denied)
    app.add_exception_handler(InputError, _input)
    app.add_exception_handler(ClientDisconnect, _gone)
