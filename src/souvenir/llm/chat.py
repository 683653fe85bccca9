"""Chat model clients (httpx): OpenAI-compatible chat completions and Ollama's native API.

Every call has an explicit timeout in seconds and goes through a circuit breaker of its
model (one per model name: the reflection's model failing does not stop the summary's).
Transport errors, HTTP errors and unusable answers are mapped to
:class:`~souvenir.errors.ModelError` here, at the boundary; a refused call of an open
breaker is :class:`~souvenir.errors.ModelUnavailableError` (not an attempt), a request
every format of which the server refuses is :class:`~souvenir.errors.ModelConfigError`.

Structured output (:mod:`souvenir.llm.structured`): a JSON schema is sent in the strongest
form the server takes — OpenAI ``json_schema``, else ``json_object`` with the schema
(llama-cpp-python's server), else a plain JSON instruction — and what each model accepted
is remembered, so a refusal costs one extra call once per model, not a failed job. The
answer is parsed strictly by the caller either way
(:func:`souvenir.write.reflection.parse_reflection`).
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from typing import Any

import httpx

from souvenir.errors import ModelConfigError, ModelError, ModelUnavailableError
from souvenir.llm.circuit import BreakerOpenError, CircuitBreaker
from souvenir.llm.structured import FALLBACK_STATUS, REFUSAL_STATUS, FormatMemory, with_instruction
from souvenir.redaction import scrub
from souvenir.urls import without_userinfo

log = logging.getLogger(__name__)


class _Refused(Exception):
    """An HTTP error answer inside one format attempt (the chain decides what it means)."""

    def __init__(self, status: int, body: str, error: ModelError) -> None:
        super().__init__(str(error))
        self.status = status
        self.body = body
        self.error = error


class ChatClient:
    """Base: ``complete(messages, model=None, schema=None) -> str`` (the answer's text).

    ``breaker_cooldown_s``: how long a failed model is skipped (its breaker's cool-down).
    ``formats``: the structured-output forms this protocol can send, strongest first.
    """

    kind = "chat"
    formats: tuple[str, ...] = ("plain",)

    def __init__(self, base_url: str, model: str, api_key: str = "", timeout_s: float = 60.0,
                 breaker: CircuitBreaker | None = None, breaker_cooldown_s: float = 30.0) -> None:
        if not base_url or not model:
            raise ModelError("a chat model needs a base URL and a model name")
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.model = model
        self.timeout_s = timeout_s
        self.breaker_cooldown_s = breaker_cooldown_s
        self._breakers: dict[str, CircuitBreaker] = {}
        if breaker is not None:
            self._breakers[model] = breaker
        self._lock = threading.Lock()
        self.structured = FormatMemory(self.formats)
        #: ``config_errors``: requests refused in every format (a configuration error).
        self.counts: Counter[str] = Counter()
        self._config_errors: dict[str, str] = {}  # per model, until a call succeeds
        self._client = httpx.Client(base_url=base_url.rstrip("/"), headers=headers,
                                    timeout=httpx.Timeout(timeout_s))

    # -- breakers ------------------------------------------------------------------------------
    def breaker_for(self, model: str | None = None) -> CircuitBreaker:
        """The breaker of ``model`` (default the main one), created on first use."""
        name = model or self.model
        with self._lock:
            found = self._breakers.get(name)
            if found is None:
                found = self._breakers[name] = CircuitBreaker(f"{self.kind}:{name}",
                                                              cooldown_s=self.breaker_cooldown_s)
            return found

    @property
    def breaker(self) -> CircuitBreaker:
        """The main model's breaker."""
        return self.breaker_for(self.model)

    def breakers(self) -> dict[str, CircuitBreaker]:
        """Every model's breaker used so far, by model name."""
        with self._lock:
            return dict(self._breakers)

    # -- one call --------------------------------------------------------------------------------
    def _request(self, messages: list[dict], model: str, schema: dict | None,
                 form: str) -> tuple[str, dict]:
        raise NotImplementedError

    def _text(self, body: Any) -> str:
        raise NotImplementedError

    def _post(self, path: str, payload: dict, timeout_s: float, model: str) -> str:
        where = f"{self.kind} model {model!r} at {without_userinfo(str(self._client.base_url))}"
        try:
            response = self._client.post(path, json=payload, timeout=timeout_s)
        except httpx.HTTPError as exc:
            raise ModelError(without_userinfo(f"{where}: {exc!r}"), model=model) from exc
        if response.status_code >= 400:
            body = response.text[:300]
            error = ModelError(f"{where}: HTTP {response.status_code}: {body}", model=model)
            raise _Refused(response.status_code, body, error)
        try:
            return self._text(response.json())
        except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
            raise ModelError(f"{where}: unusable answer: {exc!r}", model=model) from exc

    def _structured(self, messages: list[dict], model: str, schema: dict | None,
                    timeout_s: float) -> str:
        """One answer, falling back through the formats this model has not refused."""
        forms = self.structured.order(model) if schema is not None else ("plain",)
        refused: list[tuple[str, _Refused]] = []
        for form in forms:
            path, payload = self._request(with_instruction(messages, schema, form), model, schema, form)
            try:
                text = self._post(path, payload, timeout_s, model)
            except _Refused as exc:
                same = bool(refused) and (refused[-1][1].status, refused[-1][1].body) == (exc.status, exc.body)
                refused.append((form, exc))
                if exc.status not in FALLBACK_STATUS or same:
                    break  # an outage, a refused key, or the same answer whatever the format
                continue
            if schema is not None:
                for bad, refusal in refused:
                    if self.structured.refuse(model, bad, scrub(f"HTTP {refusal.status}: {refusal.body[:120]}")):
                        log.warning("%s refused structured output %r (HTTP %s); using %r from now on",
                                    model, bad, refusal.status, form)
                self.structured.accept(model, form)
            return text
        last = refused[-1][1]
        if last.status in REFUSAL_STATUS:
            causes = "; ".join(f"{form}: HTTP {exc.status} {exc.body[:80]}" for form, exc in refused)
            # the upstream's answers may echo the API key: known_secrets redacts it here too
            # (diagnostics.json's service part shows the message)
            message = scrub(f"configuration error: {self.kind} model {model!r} at "
                            f"{without_userinfo(str(self._client.base_url))} "
                            f"refused the request ({causes})")
            self.counts["config_errors"] += 1
            with self._lock:
                self._config_errors[model] = message
            log.error("%s", message)
            raise ModelConfigError(message, model=model)
        raise last.error

    def complete(self, messages: list[dict], model: str | None = None, schema: dict | None = None,
                 timeout_s: float | None = None) -> str:
        """The model's answer text. Raises :class:`ModelError`; while the model's breaker is
        open, :class:`ModelUnavailableError` without calling it."""
        name = model or self.model

        def call() -> str:
            return self._structured(messages, name, schema, timeout_s or self.timeout_s)

        try:
            text = self.breaker_for(name).call(call, failure=(ModelError,))
        except BreakerOpenError as exc:
            raise ModelUnavailableError(str(exc), model=name, retry_in_s=exc.retry_in_s) from exc
        with self._lock:
            self._config_errors.pop(name, None)
        return text

    def config_errors(self) -> dict[str, str]:
        """Models whose last call was refused in every format, with the cause."""
        with self._lock:
            return dict(self._config_errors)

    def health(self) -> dict:
        """What /health and /metrics show of the chat models: per model, its breaker, the
        structured output it accepts, the forms it refused, and its configuration error
        (``None`` once a call succeeded since)."""
        errors = self.config_errors()
        return {name: {"breaker": b.state, "last_failure": b.last_failure, **self.structured.describe(name),
                       "config_error": errors.get(name)}
                for name, b in self.breakers().items()}

    def close(self) -> None:
        self._client.close()


class OpenAIChatClient(ChatClient):
    """``POST /v1/chat/completions`` (vLLM, LiteLLM, OpenAI, llama.cpp's llama-server,
    llama-cpp-python's server). ``base_url`` is the server root or ends with ``/v1``.

    Formats: ``json_schema`` (``response_format: {type: json_schema, json_schema: {name,
    schema}}``), ``json_object`` (``{type: json_object, schema}``: llama-cpp-python takes the
    schema there, others ignore it) and ``plain`` (no ``response_format``)."""

    kind = "openai"
    formats = ("json_schema", "json_object", "plain")

    def _request(self, messages: list[dict], model: str, schema: dict | None,
                 form: str) -> tuple[str, dict]:
        payload: dict[str, Any] = {"model": model, "messages": messages, "temperature": 0}
        if schema is not None and form == "json_schema":
            payload["response_format"] = {
                "type": "json_schema", "json_schema": {"name": "reflection", "schema": schema}}
        elif schema is not None and form == "json_object":
            payload["response_format"] = {"type": "json_object", "schema": schema}
        base = str(self._client.base_url).rstrip("/")
        return ("/chat/completions" if base.endswith("/v1") else "/v1/chat/completions"), payload

    def _text(self, body: Any) -> str:
        content = body["choices"][0]["message"]["content"]
        if not isinstance(content, str):
            raise ValueError("message content is not a string")
        return content


class OllamaChatClient(ChatClient):
    """Ollama ``POST /api/chat`` (``stream: false``). Formats: ``json_schema`` (``format`` =
    the schema, Ollama ≥ 0.5), ``json_object`` (``format: "json"``), ``plain``."""

    kind = "ollama"
    formats = ("json_schema", "json_object", "plain")

    def _request(self, messages: list[dict], model: str, schema: dict | None,
                 form: str) -> tuple[str, dict]:
        payload: dict[str, Any] = {"model": model, "messages": messages, "stream": False,
                                   "options": {"temperature": 0}}
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
