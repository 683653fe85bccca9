"""HTTP embedders: Ollama's native ``/api/embed`` and OpenAI-compatible ``/v1/embeddings``.

Every call carries an explicit timeout in seconds; transport and protocol failures are
mapped to :class:`~souvenir.ground.errors.EmbedderError` here, at the boundary.
"""

from __future__ import annotations

import json
import time
from typing import Sequence

import httpx
import numpy as np

from souvenir.ground.http_codings import by_deadline, model_client, read_bounded

from souvenir.embedding.contract import normalise_rows
from souvenir.ground.errors import EmbedderError, plain
from souvenir.ground.urls import without_userinfo


class _HTTPEmbedder:
    path = ""

    def __init__(self, base_url: str, model: str, api_key: str = "", timeout_s: float = 30.0) -> None:
        if not base_url or not model:
            raise EmbedderError("an HTTP embedder needs SOUVENIR_EMBEDDER_URL and SOUVENIR_EMBEDDER_MODEL")
        self.model = model
        self.name = f"{self.kind}:{model}"
        #: The whole answer's bound in seconds (httpx's timeout is per read: a byte a
        #: second held the model lock for minutes).
        self.timeout_s = timeout_s
        self._client = model_client(base_url, api_key, timeout_s)

    kind = "http"

    def _payload(self, texts: list[str]) -> dict:
        raise NotImplementedError

    def _vectors(self, body: dict) -> list[list[float]]:
        raise NotImplementedError

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, 1), dtype=np.float32)
        deadline = time.monotonic() + self.timeout_s
        try:
            with by_deadline(deadline), self._client.stream("POST", self.path, json=self._payload(texts)) as response:
                raw = read_bounded(response, who=f"{self.name}'s answer", deadline=deadline)  # bounded (http_codings)
            response.raise_for_status()
            vectors = self._vectors(json.loads(raw))
        except httpx.HTTPError as exc:
            raise EmbedderError(without_userinfo(f"{self.name} at {self._client.base_url}: {plain(exc)}")) from exc
        except (ValueError, KeyError, TypeError) as exc:
            raise EmbedderError(f"{self.name}: malformed embedding response: {exc}") from exc
        if len(vectors) != len(texts):
            raise EmbedderError(f"{self.name}: {len(vectors)} vectors for {len(texts)} texts")
        return normalise_rows(np.asarray(vectors, dtype=np.float32))

    def encode_query(self, text: str) -> np.ndarray:
        return self.encode([text])[0]

    def close(self) -> None:
        self._client.close()


class OllamaEmbedder(_HTTPEmbedder):
    """Ollama ``POST /api/embed`` ({model, input} → {embeddings})."""

    kind = "ollama"
    path = "/api/embed"

    def _payload(self, texts: list[str]) -> dict:
        return {"model": self.model, "input": texts}

    def _vectors(self, body: dict) -> list[list[float]]:
        return body["embeddings"]


class OpenAIEmbedder(_HTTPEmbedder):
    """OpenAI-compatible ``POST /v1/embeddings`` ({model, input} → {data: [{embedding, index}]})."""

    kind = "openai"
    path = "/v1/embeddings"

    def _payload(self, texts: list[str]) -> dict:
        return {"model": self.model, "input": texts}

    def _vectors(self, body: dict) -> list[list[float]]:
        data = sorted(body["data"], key=lambda item: item.get("index", 0))
        return [item["embedding"] for item in data]
