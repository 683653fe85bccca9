"""An OpenAI-compatible proxy: any OpenAI client talks to Souvenir as if it were the model.

``POST /v1/chat/completions`` takes a standard request (the ``user`` field names the user;
header ``X-Souvenir-Channel`` the channel, default ``api``; ``X-Souvenir-Story`` the story;
``X-Souvenir-Timezone`` the user's zone, an IANA name or offset, stored as the profile's
``tz`` and used for this block's days),
adds the memory block to the system prompt, forwards to the upstream model, and returns its
answer unchanged (streaming too). Then, off the reply's path, the exchange is recorded and
its reflection queued. Whatever happens to memory, the request still gets its answer: a
memory failure forwards the request unmodified and is counted.

``GET /v1/models`` passes through.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator

import httpx
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool

from souvenir.errors import InputError, SouvenirError
from souvenir.schemas import ChatCompletion, ModelList
from souvenir.timezones import canonical_zone

log = logging.getLogger(__name__)

_HOP_HEADERS = {"content-length", "transfer-encoding", "connection", "content-encoding", "keep-alive"}


def last_user_text(messages: list) -> str | None:
    """Text of the last ``user`` message (string content, or the text parts of a list)."""
    for message in reversed(messages):
        if isinstance(message, dict) and message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, str):
                return content
            if isinstance(content, list):
                parts = [p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text"]
                return "\n".join(p for p in parts if p) or None
            return None
    return None


def with_memory(messages: list, block: str) -> list:
    """The messages with ``block`` appended to the first system message (or a new one first)."""
    if not block:
        return messages
    out = list(messages)
    if out and isinstance(out[0], dict) and out[0].get("role") == "system" and isinstance(out[0].get("content"), str):
        out[0] = {**out[0], "content": out[0]["content"].rstrip() + "\n\n" + block}
    else:
        out.insert(0, {"role": "system", "content": block})
    return out


def _reply_text(body: bytes) -> str | None:
    try:
        return json.loads(body)["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        return None


def _sse_delta(line: str) -> str:
    if not line.startswith("data:"):
        return ""
    data = line[5:].strip()
    if not data or data == "[DONE]":
        return ""
    try:
        return json.loads(data)["choices"][0]["delta"].get("content") or ""
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return ""


def build_router(get_runtime, upstream: httpx.AsyncClient, counters) -> APIRouter:
    """The proxy routes. ``get_runtime()`` returns the :class:`Runtime`; ``counters`` is a
    ``collections.Counter`` the metrics read (``proxy_memory_failures`` …)."""
    router = APIRouter()

    def record(channel: str, user: str, story: str | None, message: str, reply: str | None,
               tz: str | None = None) -> None:
        try:
            rt = get_runtime()
            rt.engine.record_turn(channel, user, message, reply, story=story, timezone=tz)
            if rt.worker is not None:
                rt.worker.wake()
        except SouvenirError as exc:
            counters["proxy_record_failures"] += 1
            log.warning("proxy: exchange of %s:%s not recorded: %s", channel, user, exc)

    @router.get("/v1/models", response_model=None, responses={200: {"model": ModelList}})
    async def models() -> Response:
        try:
            answer = await upstream.get("/v1/models")
        except httpx.HTTPError as exc:
            raise HTTPException(502, f"upstream model server unreachable: {exc!r}") from exc
        return Response(answer.content, status_code=answer.status_code,
                        media_type=answer.headers.get("content-type", "application/json"))

    @router.post("/v1/chat/completions", response_model=None,
                 responses={200: {"model": ChatCompletion, "content": {"text/event-stream": {}}}})
    async def chat_completions(request: Request) -> Response:
        try:
            body = json.loads(await request.body())
        except (ValueError, UnicodeDecodeError):
            return JSONResponse({"detail": "the request body is not valid JSON in UTF-8"}, status_code=422)
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            return JSONResponse({"detail": "a chat completion request needs 'messages' (a list)"},
                                status_code=422)
        channel = request.headers.get("x-souvenir-channel", "api")
        story = request.headers.get("x-souvenir-story") or None
        tz = request.headers.get("x-souvenir-timezone") or None
        if tz is not None:
            try:
                tz = canonical_zone(tz)
            except InputError as exc:
                return JSONResponse({"detail": f"X-Souvenir-Timezone: {exc}"}, status_code=422)
        user = body.get("user") if isinstance(body.get("user"), str) and body.get("user") else None
        message = last_user_text(body["messages"])
        remember = user is not None and bool(message and message.strip())
        if remember:
            try:
                result = await run_in_threadpool(get_runtime().engine.context, channel, user, message,
                                                 story, tz=tz)
                body = {**body, "messages": with_memory(body["messages"], result.block)}
                if result.degraded:
                    counters["proxy_degraded"] += 1
            except Exception as exc:  # noqa: BLE001 - memory never breaks the reply
                counters["proxy_memory_failures"] += 1
                log.warning("proxy: memory skipped for %s:%s: %s", channel, user, exc)
        if body.get("stream"):
            return await _stream(body, channel, user, story, message, remember, tz)
        try:
            answer = await upstream.post("/v1/chat/completions", json=body)
        except httpx.HTTPError as exc:
            counters["proxy_upstream_failures"] += 1
            raise HTTPException(502, f"upstream model server failed: {exc!r}") from exc
        if answer.status_code >= 500:
            counters["proxy_upstream_errors"] += 1
        reply = _reply_text(answer.content) if answer.status_code == 200 else None
        if answer.status_code == 200 and reply is None:
            counters["proxy_upstream_malformed"] += 1  # relayed unchanged; recorded without a reply
        task = None
        if remember and answer.status_code == 200:
            task = BackgroundTask(run_in_threadpool, record, channel, user, story, message, reply, tz)
        headers = {k: v for k, v in answer.headers.items() if k.lower() not in _HOP_HEADERS}
        return Response(answer.content, status_code=answer.status_code, headers=headers, background=task)

    async def _stream(body: dict, channel: str, user: str | None, story: str | None,
                      message: str | None, remember: bool, tz: str | None) -> Response:
        request = upstream.build_request("POST", "/v1/chat/completions", json=body)
        try:
            answer = await upstream.send(request, stream=True)
        except httpx.HTTPError as exc:
            counters["proxy_upstream_failures"] += 1
            raise HTTPException(502, f"upstream model server failed: {exc!r}") from exc
        pieces: list[str] = []

        async def relay() -> AsyncIterator[bytes]:
            buffer = ""
            try:
                async for chunk in answer.aiter_bytes():
                    yield chunk
                    buffer += chunk.decode("utf-8", "replace")
                    *lines, buffer = buffer.split("\n")
                    pieces.extend(_sse_delta(line) for line in lines)
            except httpx.HTTPError as exc:
                counters["proxy_upstream_failures"] += 1
                log.warning("proxy: upstream stream broke: %r", exc)
            finally:
                await answer.aclose()

        task = None
        if remember and answer.status_code == 200:
            async def after() -> None:
                await run_in_threadpool(record, channel, user, story, message, "".join(pieces) or None, tz)
            task = BackgroundTask(after)
        return StreamingResponse(relay(), status_code=answer.status_code,
                                 media_type=answer.headers.get("content-type", "text/event-stream"),
                                 background=task)

    return router
