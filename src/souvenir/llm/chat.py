"""Chat model clients (httpx): OpenAI-compatible chat completions and Ollama's native API.

Every call has an explicit timeout in seconds and goes through a circuit breaker of its
model (one per model name: the reflection's model failing does not stop the summary's).
Transport errors, HTTP errors and unusable answers are mapped to
:class:`~souvenir.ground.errors.ModelError` here, at the boundary; a refused call of an open
breaker is :class:`~souvenir.ground.errors.ModelUnavailableError` (not an attempt), a request
every format of which the server refuses is :class:`~souvenir.ground.errors.ModelConfigError`.

Bounded calls (issue #25): a call may carry ``max_tokens``, ``stop`` sequences and a
``temperature`` (:mod:`souvenir.llm.budget` sizes them from the call's contract), and its
``timeout_s`` is a deadline on the whole answer, not on each read. A *background* call
(reflection, summary) first takes its place at its server's gate
(:mod:`souvenir.llm.gate`: a concurrency budget, live replies first) and, on the OpenAI
protocol, streams its answer: it is read token by token, cut where it starts to loop
(:func:`~souvenir.llm.budget.is_looping`), and closed — which stops the server generating
it — at its deadline or when a live reply needs the server
(:class:`~souvenir.ground.errors.ModelBusyError`, not an attempt). :meth:`ChatClient.ask` returns
the text with how it ended (:class:`Answer`).

Structured output (:mod:`souvenir.llm.structured`): a JSON schema is sent in the strongest
form the server takes — OpenAI ``json_schema``, else ``json_object`` with the schema
(llama-cpp-python's server), else a plain JSON instruction — and what each model accepted
is remembered, so a refusal costs one extra call once per model, not a failed job. The
answer is parsed strictly by the caller either way
(:func:`souvenir.write.reflection.parse_reflection`).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import httpx

from souvenir.ground.http_codings import (
    by_deadline,
    model_client,
    PastDeadline,
    MODEL_ANSWER_BYTES,
    bounded_lines,
    decoded_pieces,
    read_bounded,
    within,
)

from souvenir.ground.errors import (
    ModelBusyError,
    ModelConfigError,
    ModelError,
    ModelTimeoutError,
    ModelUnavailableError,
    plain,
)
from souvenir.llm.budget import is_looping
from souvenir.llm.circuit import BreakerOpenError, CircuitBreaker, breaker_key
from souvenir.llm.gate import Ticket, UpstreamGate, gate_for
from souvenir.llm.structured import FALLBACK_STATUS, REFUSAL_STATUS, FormatMemory, with_instruction
from souvenir.privacy.scrub import scrub
from souvenir.ground.urls import openai_api_base, without_userinfo

log = logging.getLogger(__name__)


class _Refused(Exception):
    """An HTTP error answer inside one format attempt (the chain decides what it means)."""

    def __init__(self, status: int, body: str, error: ModelError) -> None:
        super().__init__(str(error))
        self.status = status
        self.body = body
        self.error = error


@dataclass(frozen=True, slots=True)
class Answer:
    """A model's answer: its ``text`` and how it ended, ``finish``: ``stop`` (the model
    ended it), ``length`` (cut at ``max_tokens`` by the server), ``loop`` (cut by us where it
    began to repeat itself); ``chunks``: streamed pieces read (0 when not streamed)."""

    text: str
    finish: str = "stop"
    chunks: int = 0

    @property
    def cut(self) -> bool:
        """The answer did not end by itself (a bound or a loop ended it)."""
        return self.finish in ("length", "loop")


@dataclass(slots=True)
class _Timing:
    """A streamed call's clock (monotonic seconds): ``sent``, its ``first`` piece of the answer
    (``None``: none came), its ``last``, and the ``pieces`` read. A piece is a chunk with text
    or the answer's end: a chunk with the role alone says nothing of the read (a relay, or a
    hostile server, sends it at once: the read measured at the ceiling; docs/security.md, "A
    read rate measured from the answer's text")."""

    sent: float
    first: float | None = None
    last: float = 0.0
    pieces: int = 0

    def piece(self) -> None:
        now = time.monotonic()
        if self.first is None:
            self.first = now
        self.last = now
        self.pieces += 1


@dataclass(frozen=True, slots=True)
class CallOptions:
    """What bounds one request: ``max_tokens`` (``None``: the server's default), ``stop``
    sequences, ``temperature``, ``stream`` (read the answer token by token)."""

    max_tokens: int | None = None
    stop: tuple[str, ...] = ()
    temperature: float = 0.0
    stream: bool = False


class ChatClient:
    """Base: ``complete(messages, model=None, schema=None) -> str`` (the answer's text).

    ``breaker_cooldown_s``: how long a failed model is skipped (its breaker's cool-down).
    ``formats``: the structured-output forms this protocol can send, strongest first.
    """

    kind = "chat"
    formats: tuple[str, ...] = ("plain",)
    #: Whether background calls stream their answer on this protocol.
    streams = False

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str = "",
        timeout_s: float = 60.0,
        breaker: CircuitBreaker | None = None,
        breaker_cooldown_s: float = 30.0,
        gate: UpstreamGate | None = None,
    ) -> None:
        if not base_url or not model:
            raise ModelError("a chat model needs a base URL and a model name")
        self.model = model
        self.timeout_s = timeout_s
        self.breaker_cooldown_s = breaker_cooldown_s
        #: One breaker for the upstream (its base URL), shared by every model name on it.
        self._upstream_breaker = breaker or CircuitBreaker(
            f"{self.kind}:{breaker_key(base_url)}", cooldown_s=breaker_cooldown_s
        )
        self._breakers: dict[str, CircuitBreaker] = {model: self._upstream_breaker}
        self._lock = threading.Lock()
        self.structured = FormatMemory(self.formats)
        #: ``config_errors``: requests refused in every format (a configuration error).
        self.counts: Counter[str] = Counter()
        self._config_errors: dict[str, str] = {}  # per model, until a call succeeds
        self._client = model_client(base_url, api_key, timeout_s)
        #: The server's gate (a concurrency budget shared with the proxy; live calls first).
        self.gate = gate or gate_for(base_url)

    # -- breakers ------------------------------------------------------------------------------
    def breaker_for(self, model: str | None = None) -> CircuitBreaker:
        """The breaker ``model`` (default the main one) is called through: the upstream's,
        whatever the model name (issue #25: an outage is the server's)."""
        name = model or self.model
        with self._lock:
            return self._breakers.setdefault(name, self._upstream_breaker)

    @property
    def breaker(self) -> CircuitBreaker:
        """The main model's breaker."""
        return self.breaker_for(self.model)

    def breakers(self) -> dict[str, CircuitBreaker]:
        """The breaker of every model name used so far (one object: the upstream's)."""
        with self._lock:
            return dict(self._breakers)

    # -- one call --------------------------------------------------------------------------------
    def _request(
        self, messages: list[dict], model: str, schema: dict | None, form: str, options: CallOptions = CallOptions()
    ) -> tuple[str, dict]:
        raise NotImplementedError

    def _text(self, body: Any) -> str:
        raise NotImplementedError

    def _finish(self, body: Any) -> str:
        """How a whole (not streamed) answer ended: ``stop`` or ``length``."""
        return "stop"

    def _where(self, model: str) -> str:
        return f"{self.kind} model {model!r} at {without_userinfo(str(self._client.base_url))}"

    def _post(self, path: str, payload: dict, deadline: float, model: str, ticket: Ticket | None = None) -> Answer:
        where = self._where(model)
        left = deadline - time.monotonic()
        if left <= 0:
            raise ModelError(f"{where}: no time left for the call", model=model)
        timeout = httpx.Timeout(left, connect=min(left, 10.0))
        try:
            if payload.get("stream"):
                with by_deadline(deadline):  # the head too (http_codings)
                    return self._streamed(path, payload, deadline, timeout, model, ticket)
            with by_deadline(deadline), self._client.stream("POST", path, json=payload, timeout=timeout) as response:
                raw = read_bounded(response, deadline=deadline)  # bounded in bytes and time (http_codings)
        except httpx.HTTPError as exc:  # a stall (no answer begun) is an outage, not a slow answer
            raise ModelError(without_userinfo(f"{where}: {plain(exc)}"), model=model) from exc
        self._check_status(response, where, model, raw)
        return self._whole(raw, where, model)

    def _whole(self, raw: bytes, where: str, model: str) -> Answer:
        """A whole (not streamed) answer's text and how it ended; :class:`ModelError` when
        unusable."""
        try:
            body = json.loads(raw)
            return Answer(self._text(body), self._finish(body))
        except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
            raise ModelError(f"{where}: unusable answer: {plain(exc)}", model=model) from exc

    @staticmethod
    def _check_status(response: httpx.Response, where: str, model: str, raw: bytes) -> None:
        if response.status_code >= 400:
            body = raw[:300].decode("utf-8", errors="replace")
            error = ModelError(f"{where}: HTTP {response.status_code}: {body}", model=model)
            raise _Refused(response.status_code, body, error)

    def _streamed(
        self, path: str, payload: dict, deadline: float, timeout: httpx.Timeout, model: str, ticket: Ticket | None
    ) -> Answer:
        """Read a streamed answer (server-sent events) piece by piece; the stream is closed —
        the server stops generating — at the deadline, where the answer loops, or when the
        gate asks the call to yield (:meth:`Ticket.must_stop`: at once before the answer has
        begun, else once its ``finish_s`` or ``wait_s`` has passed). A stream the server ends
        (``[DONE]``) while a live reply waits and before any piece said how the answer ended was
        cut for that reply (llama-cpp-python's ``interrupt_requests``, on by default):
        :class:`ModelBusyError`, never read as a whole answer. A background call's timings are
        the server's rates' samples (:meth:`_measure`), whatever the answer's end."""
        timing = _Timing(time.monotonic())
        try:
            return self._stream_pieces(path, payload, deadline, timeout, model, ticket, timing)
        finally:
            if ticket is not None:
                self._measure(ticket, timing)

    def _measure(self, ticket: Ticket, timing: _Timing) -> None:
        """One streamed call's samples for the server's rates (:mod:`souvenir.llm.server_rates`):
        its read — the tokens the caller counted over the seconds to the first piece — and its
        generation — the pieces after the first over their seconds."""
        if timing.first is None:
            return
        if ticket.read_tokens:
            self.gate.rates.add_read(ticket.read_tokens, timing.first - timing.sent)
        if timing.pieces > 1:
            self.gate.rates.add_generation(timing.pieces - 1, timing.last - timing.first)

    def _stream_pieces(
        self,
        path: str,
        payload: dict,
        deadline: float,
        timeout: httpx.Timeout,
        model: str,
        ticket: Ticket | None,
        timing: _Timing,
    ) -> Answer:
        where = self._where(model)
        with self._client.stream("POST", path, json=payload, timeout=timeout) as response:
            if response.status_code >= 400:
                self._check_status(response, where, model, read_bounded(response, deadline=deadline))
            if "text/event-stream" not in response.headers.get("content-type", ""):
                return self._whole(read_bounded(response, deadline=deadline), where, model)  # "stream" ignored
            parts: list[str] = []
            size = chunks = 0
            finish = "stop"
            ended = False  # a piece said how the answer ended (finish_reason)
            pieces = decoded_pieces(response, deadline=deadline)  # a byte a second ends at the deadline too
            try:
                for line in bounded_lines(within(pieces, MODEL_ANSWER_BYTES)):
                    # a piece of the answer (a data line) means the server has read the prompt
                    if ticket is not None and ticket.must_stop(answering=chunks > 0 or line.startswith("data:")):
                        raise ModelBusyError(f"{where}: stopped after {chunks} pieces for a live reply", model=model)
                    if time.monotonic() > deadline and chunks:
                        raise ModelTimeoutError(
                            f"{where}: answer not finished in time ({size} characters "
                            f"in {chunks} pieces: a bound too large for this model's speed)",
                            model=model,
                        )
                    if not line.startswith("data:"):
                        continue
                    data = line[5:].strip()
                    if data == "[DONE]":
                        if not ended and ticket is not None and ticket.yielded.is_set():
                            # llama-cpp-python's interrupt_requests: cut for the live reply
                            raise ModelBusyError(
                                f"{where}: the server ended the answer after {chunks} pieces, unfinished "
                                "(another request was waiting)",
                                model=model,
                            )
                        break
                    try:
                        choice = json.loads(data)["choices"][0]
                        piece = (choice.get("delta") or {}).get("content") or ""
                    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
                        continue  # a keep-alive or a chunk without a choice
                    chunks += 1
                    if piece or choice.get("finish_reason"):
                        timing.piece()
                    if piece:
                        parts.append(piece)
                        size += len(piece)
                    if choice.get("finish_reason"):
                        ended = True
                        finish = "length" if choice["finish_reason"] == "length" else "stop"
                    if piece and size > 360 and chunks % 8 == 0 and is_looping("".join(parts)):
                        finish = "loop"
                        break
            except (PastDeadline, httpx.ReadTimeout) as exc:  # the bytes came too slowly (one a second)
                past = isinstance(exc, PastDeadline) or time.monotonic() >= deadline  # not a stall before it
                kind = ModelTimeoutError if chunks and past else ModelError
                raise kind(f"{where}: answer not finished in time ({chunks} pieces): {exc}", model=model) from exc
            if time.monotonic() > deadline and not chunks:
                raise ModelError(f"{where}: no answer begun in time", model=model)
            return Answer("".join(parts), finish, chunks)

    def _structured(
        self,
        messages: list[dict],
        model: str,
        schema: dict | None,
        deadline: float,
        options: CallOptions,
        ticket: Ticket | None,
    ) -> Answer:
        """One answer, falling back through the formats this model has not refused."""
        forms = self.structured.order(model) if schema is not None else ("plain",)
        refused: list[tuple[str, _Refused]] = []
        for form in forms:
            path, payload = self._request(with_instruction(messages, schema, form), model, schema, form, options)
            try:
                text = self._post(path, payload, deadline, model, ticket)
            except _Refused as exc:
                same = bool(refused) and (refused[-1][1].status, refused[-1][1].body) == (exc.status, exc.body)
                refused.append((form, exc))
                if exc.status not in FALLBACK_STATUS or same:
                    break  # an outage, a refused key, or the same answer whatever the format
                continue
            if schema is not None:
                for bad, refusal in refused:
                    if self.structured.refuse(model, bad, scrub(f"HTTP {refusal.status}: {refusal.body[:120]}")):
                        log.warning(
                            "%s refused structured output %r (HTTP %s); using %r from now on",
                            model,
                            bad,
                            refusal.status,
                            form,
                        )
                self.structured.accept(model, form)
            return text
        last = refused[-1][1]
        if last.status in REFUSAL_STATUS:
            causes = "; ".join(f"{form}: HTTP {exc.status} {exc.body[:80]}" for form, exc in refused)
            # the upstream's answers may echo the API key: known_secrets redacts it here too
            # (diagnostics.json's service part shows the message)
            message = scrub(
                f"configuration error: {self.kind} model {model!r} at "
                f"{without_userinfo(str(self._client.base_url))} "
                f"refused the request ({causes})"
            )
            self.counts["config_errors"] += 1
            with self._lock:
                self._config_errors[model] = message
            log.error("%s", message)
            raise ModelConfigError(message, model=model)
        raise last.error

    def complete(
        self,
        messages: list[dict],
        model: str | None = None,
        schema: dict | None = None,
        timeout_s: float | None = None,
        **bounds: Any,
    ) -> str:
        """The model's answer text (:meth:`ask`'s, same arguments)."""
        return self.ask(messages, model, schema, timeout_s, **bounds).text

    def ask(
        self,
        messages: list[dict],
        model: str | None = None,
        schema: dict | None = None,
        timeout_s: float | None = None,
        *,
        max_tokens: int | None = None,
        stop: tuple[str, ...] = (),
        temperature: float = 0.0,
        background: bool = False,
        read_tokens: float | None = None,
    ) -> Answer:
        """The model's answer within ``timeout_s`` seconds (default the client's), at most
        ``max_tokens`` tokens, ended at a ``stop`` sequence. ``read_tokens``: the tokens the
        server is to read for a background call (its data past the system prompt, as the caller
        counts them): the call's read is then a sample of the server's read rate
        (:attr:`UpstreamGate.rates`).

        A ``background`` call waits (at most ``timeout_s``) for a place at the server's gate
        and streams where the protocol allows; a live call takes its place at once.
        Raises :class:`ModelError` (:class:`ModelTimeoutError` when a streamed answer was still
        coming at the deadline: a bound too large for the model's speed); while the
        model's breaker is open, :class:`ModelUnavailableError` without calling it; when a
        background call gave way to live requests, :class:`ModelBusyError` (not counted
        by the breaker)."""
        name = model or self.model
        bound = timeout_s or self.timeout_s
        options = CallOptions(max_tokens, tuple(stop), temperature, stream=background and self.streams)
        breaker = self.breaker_for(name)
        ticket: Ticket | None = None
        live = 0
        if background:
            if breaker.retry_in() > 0:  # do not wait at the gate for a call that will be refused
                raise ModelUnavailableError(
                    f"{breaker.name} skipped for {breaker.retry_in():.0f} s after a failure",
                    model=name,
                    retry_in_s=breaker.retry_in(),
                )
            ticket = self.gate.acquire(bound)
            if ticket is None:
                raise ModelBusyError(
                    f"{self._where(name)}: no place at the server for {bound:.0f} s (live requests first)", model=name
                )
            ticket.read_tokens = read_tokens
        else:
            live = self.gate.live_enter(bound)
        deadline = time.monotonic() + bound

        def call() -> Answer:
            return self._structured(messages, name, schema, deadline, options, ticket)

        answered = False
        try:
            # a slow answer is no outage: it was coming (the job retries it with a smaller bound)
            # a request refused for its model name or format is no outage of the shared server
            answer = breaker.call(
                call, failure=(ModelError,), neutral=(ModelBusyError, ModelTimeoutError, ModelConfigError)
            )
            answered = True
        except BreakerOpenError as exc:
            raise ModelUnavailableError(str(exc), model=name, retry_in_s=exc.retry_in_s) from exc
        finally:
            if ticket is not None:
                self.gate.release(ticket, answered=answered)
            else:
                self.gate.live_exit(live)
        with self._lock:
            self._config_errors.pop(name, None)
        return answer

    def config_errors(self) -> dict[str, str]:
        """Models whose last call was refused in every format, with the cause."""
        with self._lock:
            return dict(self._config_errors)

    def health(self) -> dict:
        """What /health and /metrics show of the chat models: per model, its breaker, the
        structured output it accepts, the forms it refused, and its configuration error
        (``None`` once a call succeeded since)."""
        errors = self.config_errors()
        return {
            name: {
                "breaker": b.state,
                "last_failure": b.last_failure,
                **self.structured.describe(name),
                "config_error": errors.get(name),
            }
            for name, b in self.breakers().items()
        }

    def close(self) -> None:
        self._client.close()


class OpenAIChatClient(ChatClient):
    """``POST /v1/chat/completions`` (vLLM, LiteLLM, OpenAI, llama.cpp's llama-server,
    llama-cpp-python's server). ``base_url`` is the server root (``/v1`` is added) or, as the
    OpenAI SDK's ``base_url``, a path naming the API version (``…/v1``, ``…/v1beta/openai``,
    ``…/api/v3``: ``/chat/completions`` is added), :func:`~souvenir.ground.urls.openai_api_base`.

    Formats: ``json_schema`` (``response_format: {type: json_schema, json_schema: {name,
    schema}}``), ``json_object`` (``{type: json_object, schema}``: llama-cpp-python takes the
    schema there, others ignore it) and ``plain`` (no ``response_format``)."""

    kind = "openai"
    formats = ("json_schema", "json_object", "plain")
    streams = True

    def _request(
        self, messages: list[dict], model: str, schema: dict | None, form: str, options: CallOptions = CallOptions()
    ) -> tuple[str, dict]:
        payload: dict[str, Any] = {"model": model, "messages": messages, "temperature": options.temperature}
        if options.max_tokens:
            payload["max_tokens"] = options.max_tokens
        if options.stop:
            payload["stop"] = list(options.stop)[:4]  # OpenAI takes at most 4
        if options.stream:
            payload["stream"] = True
        if schema is not None and form == "json_schema":
            payload["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "reflection", "schema": schema},
            }
        elif schema is not None and form == "json_object":
            payload["response_format"] = {"type": "json_object", "schema": schema}
        base = str(self._client.base_url).rstrip("/")  # a root gets /v1, a versioned base (…/v1beta/openai) none
        return ("/chat/completions" if openai_api_base(base) == base else "/v1/chat/completions"), payload

    def _text(self, body: Any) -> str:
        content = body["choices"][0]["message"]["content"]
        if not isinstance(content, str):
            raise ValueError("message content is not a string")
        return content

    def _finish(self, body: Any) -> str:
        return "length" if body["choices"][0].get("finish_reason") == "length" else "stop"


class OllamaChatClient(ChatClient):
    """Ollama ``POST /api/chat`` (``stream: false``). Formats: ``json_schema`` (``format`` =
    the schema, Ollama ≥ 0.5), ``json_object`` (``format: "json"``), ``plain``."""

    kind = "ollama"
    formats = ("json_schema", "json_object", "plain")

    def _request(
        self, messages: list[dict], model: str, schema: dict | None, form: str, options: CallOptions = CallOptions()
    ) -> tuple[str, dict]:
        settings: dict[str, Any] = {"temperature": options.temperature}
        if options.max_tokens:
            settings["num_predict"] = options.max_tokens
        if options.stop:
            settings["stop"] = list(options.stop)
        payload: dict[str, Any] = {"model": model, "messages": messages, "stream": False, "options": settings}
        if schema is not None and form == "json_schema":
            payload["format"] = schema
        elif schema is not None and form == "json_object":
            payload["format"] = "json"
        return "/api/chat", payload

    def _text(self, body: Any) -> str:
        content = body["message"]["content"]
        if not isinstance(content, str):
            raise ValueError("message content is not a string")
        return content

    def _finish(self, body: Any) -> str:
        return "length" if body.get("done_reason") == "length" else "stop"
