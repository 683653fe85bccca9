"""What of an upstream model server's answer the proxy serves from Souvenir's origin.

Souvenir's origin holds every user's memories: an upstream that answers ``text/html`` (a
misconfigured URL landing on a web UI, a compromised or hostile model server) must not have
a page served from it. So only JSON and ``text/event-stream`` are relayed as such, under
Souvenir's own ``Content-Type`` (:func:`answer_kind`); any other answer becomes an OpenAI
error body naming the type (:func:`not_relayable`), with the upstream's status kept when it
was an error (a 429 stays a 429) and a 502 when it said 200. The upstream's headers are
relayed but for those that act on the origin or the browser (:func:`relayable_headers`:
cookies, CORS, CSP, redirects…). Every proxy response carries :data:`SAFE_HEADERS`
(``souvenir.api.auth.GuardMiddleware`` adds them).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator

import httpx

from souvenir.api.auth import SAFE_HEADERS, openai_error
from souvenir.api.proxy_decode import decoded_bytes
from souvenir.ground.http_codings import PastDeadline

__all__ = [
    "MAX_ANSWER_BYTES",
    "MAX_EVENT_LINE_BYTES",
    "SAFE_HEADERS",
    "UpstreamTooLarge",
    "answer_kind",
    "each",
    "fetch",
    "held",
    "not_relayable",
    "relayable_headers",
    "reply_text",
    "sse_delta",
]

#: The largest whole (not streamed) answer read from the upstream: a model server looping
#: without a token limit, or a hostile one, must not fill the process's memory.
MAX_ANSWER_BYTES = 16 * 1024 * 1024
#: The longest line of an event stream: a line is held until it is whole (to scrub a key
#: split across events), so one that never ends would be held without bound.
MAX_EVENT_LINE_BYTES = 1024 * 1024


class UpstreamTooLarge(httpx.HTTPError):
    """The upstream's answer (or one line of its stream) passed its bound."""


async def fetch(upstream: httpx.AsyncClient, method: str, path: str, **kwargs) -> httpx.Response:
    """``upstream.request`` with its body read up to :data:`MAX_ANSWER_BYTES` (else
    :class:`UpstreamTooLarge`); the answer returned holds the (decoded) body. The whole call,
    head included, ends by the client's read timeout (``SOUVENIR_LLM_TIMEOUT_S``) from now:
    :class:`~souvenir.ground.http_codings.PastDeadline` past it (httpx's timeout is per read)."""
    deadline = time.monotonic() + (upstream.timeout.read or 600.0)
    request = upstream.build_request(method, path, **kwargs)
    try:
        answer = await asyncio.wait_for(upstream.send(request, stream=True), upstream.timeout.read or 600.0)
    except TimeoutError:
        raise PastDeadline("the upstream's answer did not begin in time", request=request) from None
    try:
        chunks, size = [], 0
        async for chunk in decoded_bytes(answer, deadline):  # a bounded step at a time
            size += len(chunk)
            if size > MAX_ANSWER_BYTES:
                raise UpstreamTooLarge(f"the upstream's answer is over {MAX_ANSWER_BYTES} bytes: not relayed")
            chunks.append(chunk)
    finally:
        await answer.aclose()
    headers = [(k, v) for k, v in answer.headers.multi_items() if k.lower() != "content-encoding"]
    return httpx.Response(answer.status_code, headers=headers, content=b"".join(chunks), request=answer.request)


async def held(answer: httpx.Response, deadline: float) -> list[bytes]:
    """A streamed request's answer that came as plain JSON, read whole (decoded) before its
    head is relayed: the client gets a clear 504 or 502 (:class:`PastDeadline` past
    ``deadline``, ``time.monotonic()``; :class:`UpstreamTooLarge` over
    :data:`MAX_ANSWER_BYTES`), never a 200 whose body stops (a JSON body has no error event).
    The answer is closed when read or refused."""
    chunks, size = [], 0
    try:
        async for chunk in decoded_bytes(answer, deadline):
            size += len(chunk)
            if size > MAX_ANSWER_BYTES:
                raise UpstreamTooLarge(f"the upstream's answer is over {MAX_ANSWER_BYTES} bytes: not relayed")
            chunks.append(chunk)
    except BaseException:
        await answer.aclose()
        raise
    return chunks


async def each(chunks: list[bytes]) -> AsyncIterator[bytes]:
    """``chunks`` (what :func:`held` read) as the stream the relay reads."""
    for chunk in chunks:
        yield chunk


def reply_text(body: bytes) -> str | None:
    """A whole answer's reply text (``choices[0].message.content``); ``None`` if it has none."""
    try:
        return json.loads(body)["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        return None


def sse_delta(line: str) -> str:
    """One event-stream line's text (``choices[0].delta.content``); ``""`` for any other line."""
    if not line.startswith("data:"):
        return ""
    data = line[5:].strip()
    if not data or data == "[DONE]":
        return ""
    try:
        return json.loads(data)["choices"][0]["delta"].get("content") or ""
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return ""


#: The media types served as such, under these exact values.
JSON, SSE = "application/json", "text/event-stream; charset=utf-8"
#: Never relayed: the transport's own, and those that act on Souvenir's origin or on a browser.
_DROPPED = {
    "date",  # the server's own (uvicorn's): a second Date or Server line is a duplicate
    "server",
    "content-length",
    "transfer-encoding",
    "connection",
    "content-encoding",
    "keep-alive",
    "content-type",
    "set-cookie",
    "set-cookie2",
    "location",
    "refresh",
    "link",
    "content-disposition",
    "content-security-policy",
    "content-security-policy-report-only",
    "x-content-type-options",
    "x-frame-options",
    "strict-transport-security",
    "clear-site-data",
    "alt-svc",
    "origin-agent-cluster",
    "cross-origin-opener-policy",
    "cross-origin-embedder-policy",
    "cross-origin-resource-policy",
    "permissions-policy",
    "service-worker-allowed",
}


def answer_kind(content_type: str | None, body: bytes | None = None) -> str | None:
    """``"json"``, ``"sse"`` or ``None`` (not relayable) for an upstream ``Content-Type``.
    A ``text/plain`` or missing type whose (whole) ``body`` is JSON counts as JSON: some
    servers label their JSON loosely, and it is served as ``application/json``."""
    kind = (content_type or "").split(";")[0].strip().lower()
    if kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json")):
        return "json"
    if kind == "text/event-stream":
        return "sse"
    if kind in ("", "text/plain") and body is not None:
        try:
            json.loads(body)
        except (ValueError, UnicodeError, RecursionError):
            return None
        return "json"
    return None


def relayable_headers(items) -> list[tuple[str, str]]:
    """The upstream's headers (name, value pairs) that may be relayed."""
    return [
        (k, v)
        for k, v in items
        if k.lower() not in _DROPPED and not k.lower().startswith(("access-control-", "sec-", "x-xss"))
    ]


def not_relayable(status: int, content_type: str | None, text: str) -> tuple[int, bytes]:
    """The status and OpenAI error body served instead of an upstream answer of another
    type: the upstream's error status kept (4xx, 5xx), 502 for anything else; the message
    names the type and quotes the body's start as text (already scrubbed by the caller)."""
    shown = (content_type or "no Content-Type").split(";")[0].strip()[:100] or "no Content-Type"
    served = status if status >= 400 else 502
    excerpt = " ".join(text.split())[:300]
    message = (
        f"the upstream model server (SOUVENIR_LLM_BASE_URL) answered HTTP {status} with Content-Type "
        f"{shown!r}, not JSON or an event stream: not relayed" + (f"; it began: {excerpt}" if excerpt else "")
    )
    return served, json.dumps(openai_error(served, message, "upstream_content_type")).encode()
