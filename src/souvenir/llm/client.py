"""Chat model clients (httpx): OpenAI-compatible chat completions and Ollama's native API.

Every call has an explicit timeout in seconds and goes through a circuit breaker. Transport
errors, HTTP errors and unusable answers are mapped to :class:`~souvenir.errors.ModelError`
here, at the boundary. Structured output: a JSON schema is sent where the server takes one
(OpenAI ``response_format: json_schema``, Ollama ``format``); the answer is parsed strictly
by the caller either way (:func:`souvenir.reflection.parse_reflection`).
"""

from __future__ import annotations

from typing import Any

import httpx

from souvenir.errors import ModelError
from souvenir.llm.breaker import BreakerOpenError, CircuitBreaker


class ChatClient:
    """Base: ``complete(messages, model=None, schema=None) -> str`` (the answer's text)."""

    kind = "chat"

    def __init__(self, base_url: str, model: str, api_key: str = "", timeout_s: float = 60.0,
                 breaker: CircuitBreaker | None = None) -> None:
        if not base_url or not model:
            raise ModelError("a chat model needs a base URL and a model name")
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.model = model
        self.timeout_s = timeout_s
        self.breaker = breaker or CircuitBreaker(f"{self.kind}:{model}", cooldown_s=30.0)
        self._client = httpx.Client(base_url=base_url.rstrip("/"), headers=headers,
                                    timeout=httpx.Timeout(timeout_s))

    def _request(self, messages: list[dict], model: str, schema: dict | None) -> tuple[str, dict]:
        raise NotImplementedError

    def _text(self, body: Any) -> str:
        raise NotImplementedError

    def complete(self, messages: list[dict], model: str | None = None, schema: dict | None = None,
                 timeout_s: float | None = None) -> str:
        """The model's answer text. Raises :class:`ModelError` (breaker open included)."""
        path, payload = self._request(messages, model or self.model, schema)

        def call() -> str:
            try:
                response = self._client.post(path, json=payload,
                                             timeout=timeout_s or self.timeout_s)
                response.raise_for_status()
                return self._text(response.json())
            except httpx.HTTPError as exc:
                raise ModelError(f"{self.kind} model at {self._client.base_url}: {exc!r}") from exc
            except (ValueError, KeyError, IndexError, TypeError) as exc:
                raise ModelError(f"{self.kind} model: unusable answer: {exc!r}") from exc

        try:
            return self.breaker.call(call, failure=(ModelError,))
        except BreakerOpenError as exc:
            raise ModelError(str(exc)) from exc

    def close(self) -> None:
        self._client.close()


class OpenAIChatClient(ChatClient):
    """``POST /v1/chat/completions`` (vLLM, LiteLLM, OpenAI, llama.cpp's llama-server).

    ``base_url`` is the server root (``http://host:8000``) or ends with ``/v1``."""

    kind = "openai"

    def _request(self, messages: list[dict], model: str, schema: dict | None) -> tuple[str, dict]:
        payload: dict[str, Any] = {"model": model, "messages": messages, "temperature": 0}
        if schema is not None:
            payload["response_format"] = {
                "type": "json_schema", "json_schema": {"name": "reflection", "schema": schema}}
        base = str(self._client.base_url).rstrip("/")
        return ("/chat/completions" if base.endswith("/v1") else "/v1/chat/completions"), payload

    def _text(self, body: Any) -> str:
        content = body["choices"][0]["message"]["content"]
        if not isinstance(content, str):
            raise ValueError("message content is not a string")
        return content


class OllamaChatClient(ChatClient):
    """Ollama ``POST /api/chat`` (``stream: false``; ``format`` = the JSON schema)."""

    kind = "ollama"

    def _request(self, messages: list[dict], model: str, schema: dict | None) -> tuple[str, dict]:
        payload: dict[str, Any] = {"model": model, "messages": messages, "stream": False,
                                   "options": {"temperature": 0}}
        if schema is not None:
            payload["format"] = schema
        return "/api/chat", payload

    def _text(self, body: Any) -> str:
        content = body["message"]["content"]
        if not isinstance(content, str):
            raise ValueError("message content is not a string")
        return content
