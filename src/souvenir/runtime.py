"""Wiring: settings → store, embedder, vector index, engine. The CLI and the API share it."""

from __future__ import annotations

from dataclasses import dataclass

from souvenir.config import Settings
from souvenir.embedding import make_embedder, threshold_for
from souvenir.engine import Engine
from souvenir.index import VectorIndex
from souvenir.index_pgvector import index_class
from souvenir.llm import ChatClient, OllamaChatClient, OpenAIChatClient
from souvenir.store import open_store
from souvenir.worker import ReflectionWorker


@dataclass
class Runtime:
    """Everything one process needs; :meth:`close` stops the indexer and the store."""

    settings: Settings
    store: object
    index: VectorIndex | None
    engine: Engine
    worker: ReflectionWorker | None = None

    def status(self) -> dict:
        """Service-wide counters for diagnostics and /metrics: reflections and summaries by
        outcome, the outbox by status, the chat breaker, degraded turns."""
        counts = dict(self.worker.counts) if self.worker is not None else {}
        chat = self.engine.chat
        return {
            "reflections": {k: counts.get(k, 0) for k in ("ok", "failed", "parked", "dropped_items")},
            "summaries": {"run": counts.get("summary_ok", 0), "failed": counts.get("summary_failed", 0),
                          "parked": counts.get("summary_parked", 0),
                          "queued": self.engine.counters.get("summaries_queued", 0),
                          "skipped": self.engine.counters.get("summaries_skipped", 0)},
            "outbox": self.store.outbox_counts(),  # type: ignore[attr-defined]
            "breaker": {"chat": chat.breaker.state if chat is not None else None},
            "degraded_turns": self.engine.degraded_turns(),
        }

    def close(self) -> None:
        if self.worker is not None:
            self.worker.stop()
        if self.index is not None:
            self.index.stop()
        self.engine.close()
        self.store.close()  # type: ignore[attr-defined]


def open_runtime(settings: Settings, start_indexer: bool = False) -> Runtime:
    """Open the store (migrated), the embedder and the engine.

    ``start_indexer`` starts the background indexer (the server does; one-shot CLI
    commands run it explicitly instead).
    """
    store = open_store(settings.database_url)
    embedder = make_embedder(settings)
    index = None
    if embedder is not None:
        index = index_class(store, settings.pgvector)(
            store, embedder, batch=settings.index_batch,
            query_timeout_s=settings.query_embedding_timeout_s)
        if start_indexer:
            index.start(settings.index_interval_s)
    chat = make_chat(settings)
    engine = Engine(store, index, limit=settings.context_limit,
                    semantic_threshold=threshold_for(embedder, settings), chat=chat,
                    reflection_model=settings.reflection_model,
                    reflection_timeout_s=settings.reflection_timeout_s,
                    min_confidence=settings.reflection_min_confidence,
                    summary_enabled=settings.summary_enabled, summary_model=settings.summary_model,
                    history_turns=settings.history_turns,
                    self_citation_chars=settings.position_self_citation_chars)
    worker = None
    if chat is not None:
        worker = ReflectionWorker(engine, max_attempts=settings.reflection_max_attempts)
        if start_indexer:
            worker.start()
    return Runtime(settings, store, index, engine, worker)


def make_chat(settings: Settings) -> ChatClient | None:
    """The chat client of ``settings`` (``None`` in no-model mode). Raises ``ValueError``
    for an unknown ``llm_kind``."""
    if not settings.llm_base_url:
        return None
    kinds = {"openai": OpenAIChatClient, "ollama": OllamaChatClient}
    if settings.llm_kind not in kinds:
        raise ValueError(f"SOUVENIR_LLM_KIND must be openai or ollama, not {settings.llm_kind!r}")
    return kinds[settings.llm_kind](settings.llm_base_url, settings.llm_model or "default",
                                    settings.llm_api_key, timeout_s=settings.reflection_timeout_s)
