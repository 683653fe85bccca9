"""Wiring: settings → store, embedder, vector index, engine. The CLI and the API share it."""

from __future__ import annotations

from dataclasses import dataclass

from souvenir.config import Settings
from souvenir.embedding import make_embedder, threshold_for
from souvenir.engine import Engine
from souvenir.index import VectorIndex
from souvenir.store import open_store


@dataclass
class Runtime:
    """Everything one process needs; :meth:`close` stops the indexer and the store."""

    settings: Settings
    store: object
    index: VectorIndex | None
    engine: Engine

    def close(self) -> None:
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
        index = VectorIndex(store, embedder, batch=settings.index_batch,
                            query_timeout_s=settings.query_embedding_timeout_s)
        if start_indexer:
            index.start(settings.index_interval_s)
    engine = Engine(store, index, limit=settings.context_limit,
                    semantic_threshold=threshold_for(embedder, settings))
    return Runtime(settings, store, index, engine)
