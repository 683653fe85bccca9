"""An OpenAI-compatible proxy: any OpenAI client talks to Souvenir as if it were the model.

``POST /v1/chat/completions`` takes a standard request (the ``user`` field names the user,
or :func:`~souvenir.api.proxy_request.request_user`'s other places: ``X-Souvenir-User``, ``safety_identifier``, ``metadata``;
header ``X-Souvenir-Channel`` the channel, default ``api`` as every face's; ``X-Souvenir-Story`` the story;
``X-Souvenir-Timezone`` the user's zone, an IANA name or offset, stored as the profile's
``tz`` and used for this block's days; ``X-Souvenir-Language`` the channel's language code,
first in seed 001's priority for the profile's ``lang``, as ``language`` on ``/v1/turns``),
adds the memory block to the system prompt, forwards to the upstream model, and returns its
answer unchanged (streaming too). Then, off the reply's path, the exchange is recorded and
its reflection queued. Whatever happens to memory, the request still gets its answer: a
memory failure forwards the request unmodified and is counted. A reply is live: from its
memory read to its last byte, background calls on the same model server (reflections,
summaries) yield to it (:mod:`souvenir.llm.gate`), so it never waits behind them.

``GET /v1/models`` passes through.
"""

from __future__ import annotations

import asyncio
import codecs
import functools
import json
import logging
import time
from collections.abc import AsyncIterator
from datetime import datetime

import httpx
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect

from souvenir.api.auth import check_channel, openai_error
from souvenir.api.proxy_decode import decoded_bytes
from souvenir.ground.http_codings import PastDeadline
from souvenir.api.proxy_answer import (
    JSON,
    MAX_ANSWER_BYTES,
    MAX_EVENT_LINE_BYTES,
    SSE,
    UpstreamTooLarge,
    answer_kind,
    each,
    fetch,
    held,
    not_relayable,
    relayable_headers,
    reply_text,
    sse_delta,
)
from souvenir.api.proxy_records import (
    RETRY_WINDOW_S,
    RecordBacklog,
    acted_retry,
    client_retry,
    fitted,
    request_key,
)
from souvenir.api.proxy_upstream import STREAM_TIMEOUT as _STREAM_TIMEOUT
from souvenir.api.proxy_upstream import UpstreamHealth, tool_call_answer as _tool_call_answer
from souvenir.api.proxy_request import (
    continues_a_reply,
    default_user,
    last_question,
    last_user_text,
    needs_store_check,
    prompt_texts,
    conversation_texts,
    no_default_why,
    refuse_new_lookalike,
    request_user,
    souvenir_header,
    through_last_user,
    with_memory,
)
from souvenir.ground.errors import ErasedError, InputError, SouvenirError, StoreBusyError, plain
from souvenir.ground.limits import MAX_TEXT_BYTES, check_language
from souvenir.llm.block_bound import block_tokens
from souvenir.llm.gate import gate_for
from souvenir.privacy import redact_answer
from souvenir.privacy.relay import EventScrubber, RelayScrubber
from souvenir.schemas import DEFAULT_CHANNEL, ChatCompletion, ModelList
from souvenir.ground.timeutil import utcnow
from souvenir.ground.timezones import canonical_zone

log = logging.getLogger(__name__)


def _scrubber(request: Request) -> RelayScrubber:
    """What must not leave in a relayed body or header: the configured secrets and the
    caller's own token (:mod:`souvenir.privacy.relay`)."""
    auth = request.headers.get("authorization", "")
    return RelayScrubber([auth.split(" ", 1)[1].strip() if " " in auth else None, request.headers.get("x-api-key")])


def _invalid(message: str, param: str | None = None) -> JSONResponse:
    body = openai_error(422, message)
    body["error"]["param"] = param
    return JSONResponse(body, status_code=422)


def build_router(
    get_souvenir,
    upstream: httpx.AsyncClient,
    counters,
    health: UpstreamHealth | None = None,
    share: float | None = None,
) -> APIRouter:
    """The proxy routes. ``get_souvenir()`` returns the library (:class:`~souvenir.library.Souvenir`)
    they act through; ``counters`` is a
    ``collections.Counter`` the metrics read (``proxy_memory_failures`` …); ``health`` is
    told how each upstream request went; ``share``: ``SOUVENIR_PROXY_BLOCK_SHARE``, the live
    bound's share a reply's memory block may take to read (``None``: read from the gate at each
    reply, :mod:`souvenir.llm.block_bound`)."""
    router = APIRouter()
    health = health or UpstreamHealth()
    backlog = RecordBacklog(counters)

    def record(
        channel: str,
        user: str | None,
        story: str | None,
        message: str | None,
        reply: str | None,
        source: str | None = None,
        tz: str | None = None,
        language: str | None = None,
        question: str | None = None,
        began: datetime | None = None,
        retry: bool = False,
        clock: int | None = None,
    ) -> None:
        if user is None or message is None:  # nothing to remember (the callers check it first)
            return
        reply, question = fitted(reply), fitted(question, tail=True)  # never the user's message lost to them
        # stamped with the exchange's time, and refused if the user (or a memory of theirs) was
        # erased since it began: neither a reply racing a deletion nor a retry undoes it
        when = began or utcnow()
        attempt = functools.partial(
            attempt_record, channel, user, story, message, reply, source, tz, language, question, when, retry, clock
        )
        try:
            attempt()
        except ErasedError:
            counters["proxy_record_erased"] += 1
        except StoreBusyError as exc:  # the client has its reply and will not resend it: kept for later
            log.warning("proxy: an exchange on channel %s waits for the store: %s", channel, exc)
            backlog.add(attempt)
        except SouvenirError as exc:
            counters["proxy_record_failures"] += 1
            log.warning("proxy: an exchange on channel %s not recorded: %s", channel, exc)

    def attempt_record(
        channel: str,
        user: str,
        story: str | None,
        message: str,
        reply: str | None,
        source: str | None,
        tz: str | None,
        language: str | None,
        question: str | None,
        began: datetime,
        retry: bool = False,
        clock: int | None = None,
    ) -> None:
        """Record one exchange now (a retry of it is recorded once: ``source``), at the time
        it ``began``, unless its user was erased since (:class:`ErasedError`): since its
        context read the store's erasure number ``clock`` (exact across replicas), else since
        ``began`` (no context read: the wall clock)."""
        memory = get_souvenir()
        since: datetime | int = clock if clock is not None else began
        if source is None:
            memory.add_turn(
                user,
                message,
                reply,
                story=story,
                time=began,
                language=language,
                channel=channel,
                timezone=tz,
                question=question,
                unless_erased_since=since,
            )
        elif not memory.add_turn_once(
            user,
            message,
            reply,
            source=source,
            within_s=RETRY_WINDOW_S,
            story=story,
            time=began,
            language=language,
            channel=channel,
            timezone=tz,
            question=question,
            unless_erased_since=since,
            client_retry=retry,
        ):
            counters["proxy_retries_recorded_once"] += 1  # a retry racing its first attempt

    @router.get("/v1/models", response_model=None, responses={200: {"model": ModelList}})
    async def models(request: Request) -> Response:
        try:
            answer = await fetch(upstream, "GET", "/models")
        except httpx.HTTPError as exc:
            raise _upstream_error(exc) from exc
        health.answered(answer.status_code)
        scrubber = _scrubber(request)
        if answer_kind(answer.headers.get("content-type"), answer.content) != "json":
            return _bad_type(answer.status_code, answer.headers.get("content-type"), scrubber.scrub(answer.content))
        return Response(scrubber.scrub(answer.content), status_code=answer.status_code, media_type=JSON)

    @router.post(
        "/v1/chat/completions",
        response_model=None,
        responses={200: {"model": ChatCompletion, "content": {"text/event-stream": {}}}},
    )
    async def chat_completions(request: Request) -> Response:
        began = utcnow()  # the exchange's time: its turn's, and what a later erasure is compared to
        try:
            raw = await request.body()
        except ClientDisconnect:  # gone before its request was read: no reply reached anyone
            counters["proxy_client_gone"] += 1
            return Response(status_code=499)
        try:
            body = json.loads(raw)
            json.dumps(body, ensure_ascii=False).encode("utf-8")  # lone surrogates cannot be forwarded
        except (ValueError, UnicodeError, RecursionError):
            return _invalid("the request body is not valid JSON in UTF-8 (or nests too deep)")
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            return _invalid("a chat completion request needs 'messages' (a list)", "messages")
        try:
            channel = souvenir_header(request, "x-souvenir-channel") or DEFAULT_CHANNEL
            story = souvenir_header(request, "x-souvenir-story")
            named = request_user(request, body)
        except InputError as exc:
            return _invalid(str(exc), "user")
        try:  # the channel's language code (Telegram's language_code…): first for the profile's lang
            language = souvenir_header(request, "x-souvenir-language")
            check_language(language, "X-Souvenir-Language")
        except InputError as exc:
            return _invalid(str(exc), "X-Souvenir-Language")
        tz = request.headers.get("x-souvenir-timezone") or None
        if tz is not None:
            try:
                tz = canonical_zone(tz)
            except InputError as exc:
                return _invalid(f"X-Souvenir-Timezone: {exc}", "X-Souvenir-Timezone")
        if named is not None and not isinstance(named, str):
            return _invalid("'user' must be a string", "user")
        user = named or default_user(request)  # SOUVENIR_DEFAULT_USER: keyless loopback mode only
        if user is not None and not named:
            counters["proxy_default_user"] += 1
        try:
            if user is not None:
                if needs_store_check(channel, user, story):  # a new look-alike id: refused before the reply
                    await run_in_threadpool(refuse_new_lookalike, get_souvenir(), channel, user)
        except InputError as exc:
            return _invalid(str(exc), "user")
        if user is None:
            counters["proxy_no_user"] += 1  # a litellm app drops `user`: say so, once in a while
            if counters["proxy_no_user"] in (1, 10, 100, 1000) or counters["proxy_no_user"] % 10000 == 0:
                log.warning(
                    "proxy: %d %s named no user (no X-Souvenir-User header, `user`, "
                    "`safety_identifier` nor `metadata.user_id`): forwarded without memory "
                    "(litellm drops `user=` for a model it does not know: add "
                    "allowed_openai_params=['user'], docs/recipes.md; %s)",
                    counters["proxy_no_user"],
                    "request" if counters["proxy_no_user"] == 1 else "requests",
                    no_default_why(request),
                )
        message = last_user_text(body["messages"])
        question = last_question(body["messages"])  # a bare answer to it is a secret (issue #27)
        remember = user is not None and bool(message and message.strip())
        # a reply continued (the request ends on the assistant's words) is no new exchange: its
        # user message was recorded with the reply it continues, and is not said again
        replayed = continues_a_reply(body["messages"])
        if user is not None:
            check_channel(request, channel)  # 403 (OpenAI's shape) outside the key's channels
        # a leg after tool results continues the user's turn: its context counts nothing new
        user_leg = (
            bool(body["messages"])
            and isinstance(body["messages"][-1], dict)
            and body["messages"][-1].get("role") == "user"
        )
        # the user's turn is the key: a tool-result leg or a replay of it within the retry window
        # is that turn's exchange again, recorded once (a "forget everything" replayed erased anew)
        source = (
            request_key(channel, user, story, through_last_user(body["messages"]))
            if remember and user is not None
            else None
        )
        gate = gate_for(str(upstream.base_url))  # background calls on this server yield to this reply
        live = gate.live_enter((upstream.timeout.read or 600.0) + 60.0)
        # the block's memory lines within what the server reads in the bound's share left (no
        # bound for a hosted API, a server with several slots, or a read rate not measured yet)
        block_budget = block_tokens(gate, share)
        retry = client_retry(request.headers)
        if source and user_leg and await run_in_threadpool(acted_retry, get_souvenir(), user, source, channel, retry):
            counters["proxy_retries_recorded_once"] += 1  # a retry of a request acted on: no read
            remember = False
        clock: int | None = None
        if remember:
            try:
                asked = redact_answer(message, question) if message else message  # kept for diagnostics
                result = await run_in_threadpool(
                    functools.partial(
                        get_souvenir().context,
                        user,
                        asked,
                        story=story,
                        channel=channel,
                        timezone=tz,
                        count=user_leg,
                        messages=prompt_texts(body["messages"]),  # what the model sees takes no place
                        conversation=conversation_texts(body["messages"]),  # the turns: no system prompt
                        block_tokens=block_budget,
                    )
                )
                clock = result.erasure_clock  # what a later erasure of the user is ordered against
                body = {**body, "messages": with_memory(body["messages"], result.block)}
                if result.degraded:
                    counters["proxy_degraded"] += 1
            except Exception as exc:  # noqa: BLE001 - memory never breaks the reply
                counters["proxy_memory_failures"] += 1
                log.warning("proxy: memory skipped on channel %s: %s", channel, exc)  # never a user's id
        if body.get("stream"):
            return await _stream(
                request,
                body,
                channel,
                user,
                story,
                message,
                remember and not replayed,  # a continued reply is recorded with the one it continues
                source,
                tz,
                language,
                functools.partial(gate.live_exit, live),
                question,
                began,
                clock,
            )
        call = asyncio.ensure_future(fetch(upstream, "POST", "/chat/completions", json=body))
        # the bound is on the whole answer: httpx's is per read (a byte a second never trips it)
        ends = time.monotonic() + (upstream.timeout.read or 600.0)
        try:
            while True:  # a client that hangs up stops the upstream call and records nothing
                done, _ = await asyncio.wait({call}, timeout=0.25)
                if done:
                    break
                if time.monotonic() > ends:
                    call.cancel()
                    counters["proxy_upstream_timeouts"] += 1
                    raise HTTPException(
                        504, "the upstream model did not finish its answer in time: SOUVENIR_LLM_TIMEOUT_S bounds it"
                    )
                if await request.is_disconnected():
                    call.cancel()
                    counters["proxy_client_gone"] += 1
                    return Response(status_code=499)
        finally:
            gate.live_exit(live)
        try:
            answer = call.result()
        except httpx.HTTPError as exc:
            raise _upstream_error(exc) from exc
        health.answered(answer.status_code)
        if answer.status_code >= 500:
            counters["proxy_upstream_errors"] += 1
        if answer_kind(answer.headers.get("content-type"), answer.content) != "json":  # never a page on our origin
            return _bad_type(
                answer.status_code, answer.headers.get("content-type"), _scrubber(request).scrub(answer.content)
            )
        reply = reply_text(answer.content) if answer.status_code == 200 else None
        parsed = None
        try:
            parsed = json.loads(answer.content) if answer.status_code == 200 else None
        except ValueError:
            pass
        tool_leg = _tool_call_answer(parsed)
        if tool_leg:
            counters["proxy_tool_call_legs"] += 1  # not an exchange: no reply reached the user
        elif answer.status_code == 200 and reply is None:
            counters["proxy_upstream_malformed"] += 1  # relayed unchanged; recorded without a reply
        task = None
        if remember and answer.status_code == 200 and not tool_leg and not replayed:
            if await request.is_disconnected():
                counters["proxy_client_gone"] += 1
            else:
                task = BackgroundTask(
                    run_in_threadpool,
                    functools.partial(
                        record,
                        channel,
                        user,
                        story,
                        message,
                        reply,
                        source,
                        tz,
                        language,
                        question,
                        began,
                        retry,
                        clock,
                    ),
                )
        scrubber = _scrubber(request)  # the upstream may echo a key (issue #27)
        headers = scrubber.headers(relayable_headers(answer.headers.items()))
        return Response(
            scrubber.scrub(answer.content),
            status_code=answer.status_code,
            headers=headers,
            media_type=JSON,
            background=task,
        )

    def _bad_type(status: int, content_type: str | None, body: bytes) -> Response:
        """An answer of another type than JSON or an event stream: an error that names it."""
        counters["proxy_upstream_bad_type"] += 1
        if status < 400:
            health.failed("not JSON")
        served, payload = not_relayable(status, content_type, body[:4096].decode("utf-8", "replace"))
        return Response(payload, status_code=served, media_type=JSON)

    def _upstream_error(exc: httpx.HTTPError) -> HTTPException:
        health.failed(type(exc).__name__)
        if isinstance(exc, UpstreamTooLarge):
            counters["proxy_upstream_too_large"] += 1
            return HTTPException(502, str(exc))
        if isinstance(exc, httpx.TimeoutException):
            counters["proxy_upstream_timeouts"] += 1
            return HTTPException(504, f"the upstream model did not answer in time: {plain(exc)}")
        counters["proxy_upstream_failures"] += 1
        return HTTPException(502, f"the upstream model server (SOUVENIR_LLM_BASE_URL) failed: {plain(exc)}")

    async def _stream(
        client: Request,
        body: dict,
        channel: str,
        user: str | None,
        story: str | None,
        message: str | None,
        remember: bool,
        source: str | None,
        tz: str | None,
        language: str | None,
        ended,
        question: str | None = None,
        began: datetime | None = None,
        clock: int | None = None,
    ) -> Response:
        request = upstream.build_request("POST", "/chat/completions", json=body)
        # the bound is on the whole answer, its head and its stream included (httpx's is per read)
        ends = time.monotonic() + (upstream.timeout.read or 600.0)
        try:
            answer = await asyncio.wait_for(upstream.send(request, stream=True), max(ends - time.monotonic(), 0.001))
        except TimeoutError:
            ended()
            raise _upstream_error(PastDeadline("the upstream's answer did not begin in time")) from None
        except httpx.HTTPError as exc:
            ended()
            raise _upstream_error(exc) from exc
        health.answered(answer.status_code)
        kind = answer_kind(answer.headers.get("content-type"))
        if kind is None:  # not an event stream nor JSON: read (bounded), then an error naming it
            head = b""
            try:
                async for chunk in decoded_bytes(answer, ends):
                    head += chunk
                    if len(head) >= 65536:
                        break
            except httpx.HTTPError:
                pass
            finally:
                ended()
                await answer.aclose()
            if answer_kind(answer.headers.get("content-type"), head) != "json":
                return _bad_type(answer.status_code, answer.headers.get("content-type"), _scrubber(client).scrub(head))
            return Response(_scrubber(client).scrub(head), status_code=answer.status_code, media_type=JSON)
        whole: list[bytes] | None = None
        if kind == "json":  # held until whole: a body cut short has no error event (a clear 504)
            try:
                whole = await held(answer, ends)
            except httpx.HTTPError as exc:
                ended()
                raise _upstream_error(exc) from None
        pieces: list[str] = []
        #: complete: every byte relayed; done: the reply's end marker read; delivered: the
        #: client's send of the bytes holding that marker returned (the openai SDK closes at
        #: ``[DONE]``, before a keep-alive server's last chunk: the whole reply was got).
        state = {"complete": False, "done": False, "tools": False, "kept": 0, "delivered": False}

        scrubber: RelayScrubber | EventScrubber = _scrubber(client)
        if kind == "sse":
            scrubber = EventScrubber(_scrubber(client))  # a secret split across two events too

        async def relay() -> AsyncIterator[bytes]:
            decoder = codecs.getincrementaldecoder("utf-8")("replace")
            buffer = ""

            def read(out: bytes, final: bool = False) -> None:
                """What the caller got is what is recorded (scrubbed)."""
                nonlocal buffer
                buffer += decoder.decode(out, final)
                *lines, buffer = buffer.split("\n")
                for line in lines + ([buffer] if final else []):
                    if state["kept"] < 4 * MAX_TEXT_BYTES:  # what is recorded is cut to 16 KiB (fitted)
                        pieces.append(sse_delta(line))
                        state["kept"] += len(pieces[-1])
                    state["done"] |= (
                        line.strip() == "data: [DONE]"
                        or '"finish_reason": "stop"' in line
                        or '"finish_reason":"stop"' in line
                    )
                    state["tools"] |= '"tool_calls"' in line

            pending = 0  # bytes of the line not ended yet (event streams), or of the whole answer
            try:
                async for chunk in decoded_bytes(answer, ends) if whole is None else each(whole):
                    end = chunk.rfind(b"\n") if kind == "sse" else -1
                    pending = len(chunk) - end - 1 if end >= 0 else pending + len(chunk)
                    if pending > (MAX_EVENT_LINE_BYTES if kind == "sse" else MAX_ANSWER_BYTES):
                        counters["proxy_upstream_too_large"] += 1  # cut: counted, never recorded
                        log.warning("proxy: the upstream's stream passed its bound (a line or answer too long): cut")
                        return
                    if out := scrubber.feed(chunk):
                        read(out)
                        yield out
                        state["delivered"] |= state["done"]
                out = scrubber.flush()
                read(out, final=True)
                if out:
                    yield out
                state["complete"] = True  # every byte relayed: the client got the whole reply
            except PastDeadline:
                counters["proxy_upstream_timeouts"] += 1  # cut at SOUVENIR_LLM_TIMEOUT_S, never recorded
                log.warning("proxy: the upstream's stream was still coming at its bound (SOUVENIR_LLM_TIMEOUT_S): cut")
                if kind == "sse":  # an error event (OpenAI's clients raise it), after a blank line
                    yield b"\n" + _STREAM_TIMEOUT
            except httpx.HTTPError as exc:
                counters["proxy_upstream_failures"] += 1
                health.failed(type(exc).__name__)
                log.warning("proxy: upstream stream broke: %r", exc)
            finally:
                ended()  # the reply is over: background calls may use the server again
                await answer.aclose()

        task = None
        if remember and answer.status_code == 200:

            async def after() -> None:
                if state["tools"]:
                    counters["proxy_tool_call_legs"] += 1
                elif not ((state["complete"] or state["delivered"]) and state["done"]):
                    counters["proxy_stream_cut"] += 1  # counted, never stored as said
                else:
                    await run_in_threadpool(
                        record,
                        channel,
                        user,
                        story,
                        message,
                        "".join(pieces) or None,
                        source,
                        tz,
                        language,
                        question,
                        began,
                        client_retry(client.headers),
                        clock,
                    )

            task = BackgroundTask(after)
        return StreamingResponse(
            relay(), status_code=answer.status_code, media_type=SSE if kind == "sse" else JSON, background=task
        )

    return router
