"""Wiring: settings → store, embedder, vector index, engine. The CLI and the API share it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from souvenir.ground.urls import url_passwords

from souvenir.ground.blas import limit_blas_threads
from souvenir.ground.config import PROMPT_TOKENS_PER_S, Settings
from souvenir.embedding import make_embedder, make_window_embedder, threshold_for
from souvenir.ground.errors import InputError
from souvenir.privacy import known_secrets
from souvenir.engine.core import Engine
from souvenir.index.vectors import VectorIndex
from souvenir.read.scoring import ScoringConfig
from souvenir.index.pgvector import index_class
from souvenir.llm import ChatClient, OllamaChatClient, OpenAIChatClient
from souvenir.llm.gate import default_capacity, gate_for
from souvenir.llm.server_rates import ServerRates
from souvenir.llm.prompt_bound import background_read_s, data_bound
from souvenir.store import open_store
from souvenir.store.deadline import bounded
from souvenir.store.protocol import Store
from souvenir.engine.worker import ReflectionWorker

#: Longest a health or metrics probe waits on the store, all its waits together (seconds):
#: a table locked by another process (PostgreSQL's ``lock_timeout``, SQLite's busy handler)
#: or a full pool then fails the probe at once, and ``/health`` says ``degraded`` without
#: waiting for the probe's own ceiling (:data:`souvenir.api.health_report.PROBE_S`, 1 s:
#: what ``/health`` took under a held lock before, issue #27). A quarter of that ceiling,
#: so that a probe that is merely slow on a loaded machine still has room for its work.
PROBE_WAIT_S = 0.25


@dataclass
class Runtime:
    """Everything one process needs; :meth:`close` stops the indexer and the store."""

    settings: Settings
    store: Store
    index: VectorIndex | None
    engine: Engine
    worker: ReflectionWorker | None = None
    window_index: VectorIndex | None = None

    @property
    def indexes(self) -> list[VectorIndex]:
        """Every vector index of this runtime (the main one first)."""
        return [i for i in (self.index, self.window_index) if i is not None]

    def status(self) -> dict:
        """Service-wide counters for diagnostics and /metrics: reflections and summaries by
        outcome, the outbox by status, the chat breaker, degraded turns, and this replica's
        share of the coordination with others (jobs taken back; memories whose indexer claim had
        expired, taken over from a dead claimer or lost by this slow one)."""
        counts = self.worker.snapshot() if self.worker is not None else {}
        chat = self.engine.chat
        return {
            "reflections": {k: counts.get(k, 0) for k in ("ok", "failed", "parked", "dropped_items")},
            "summaries": {
                "run": counts.get("summary_ok", 0),
                "failed": counts.get("summary_failed", 0),
                "parked": counts.get("summary_parked", 0),
                "queued": self.engine.counters.get("summaries_queued", 0),
                "skipped": self.engine.counters.get("summaries_skipped", 0),
                "superseded": counts.get("summary_superseded", 0),
                "rejected": self.engine.counters.get("summaries_rejected", 0),
                "story_rejected": self.engine.counters.get("story_summaries_rejected", 0),
            },
            "outbox": self.store.outbox_counts(),
            "breaker": {"chat": chat.breaker.state if chat is not None else None},
            "chat": chat.health() if chat is not None else {},
            "deferred": counts.get("deferred", 0),
            "yielded": counts.get("yielded", 0),
            "upstream_gate": chat.gate.describe() if chat is not None else None,
            "prompts_bounded": {
                key.split(":", 1)[1]: n for key, n in self.engine.counters.items() if key.startswith("prompt_bounded:")
            },
            # memories left out of proxied replies' blocks for their read time (souvenir.llm.block_bound)
            "block_memories_left_out": self.engine.counters.get("block_memories_left_out", 0),
            "degraded_turns": self.store.count_events("degraded_turn"),
            "replicas": {
                "stale_jobs": counts.get("stale", 0),
                "requeued": counts.get("requeued", 0),
                "erased_meanwhile": counts.get("erased_meanwhile", 0),
                "index_claims_taken_over": sum(i.claims_taken_over for i in self.indexes),
                "index_claims_lost": sum(i.claims_lost for i in self.indexes),
                "index_claims_ended": sum(i.claims_ended for i in self.indexes),
            },
        }

    @contextmanager
    def probing(self) -> Iterator[None]:
        """Run a probe's reads of the store with at most :data:`PROBE_WAIT_S` of waiting
        (:class:`~souvenir.ground.errors.StoreBusyError` past it)."""
        with bounded(PROBE_WAIT_S):
            yield

    def probe_store(self) -> int:
        """The degraded-turn count, read as a probe (:meth:`probing`)."""
        with self.probing():
            return self.store.count_events("degraded_turn")

    def close(self) -> None:
        self.engine.warmer.stop()  # before the store closes under it
        if self.worker is not None:
            self.worker.stop()
        for index in self.indexes:
            index.stop()
        self.engine.close()
        self.store.close()


def open_runtime(settings: Settings, start_indexer: bool = False) -> Runtime:
    """Open the store (migrated), the embedder and the engine.

    ``start_indexer`` starts the background indexer (the server does; one-shot CLI
    commands run it explicitly instead).
    """
    limit_blas_threads(settings.blas_threads)
    known_secrets(
        settings.llm_api_key,
        settings.embedder_api_key,
        *(
            p
            for url in (settings.database_url, settings.llm_base_url, settings.embedder_url)
            for p in url_passwords(url)
        ),
    )
    if settings.scoring not in ("fused", "cosine"):
        raise InputError(f"SOUVENIR_SCORING must be fused or cosine, not {settings.scoring!r}")
    # The models first: a bad name fails before the store exists (no empty file left behind).
    embedder = make_embedder(settings)
    window = make_window_embedder(settings) if settings.scoring == "fused" else None
    chat = make_chat(settings)
    store = open_store(settings.database_url, cache_memories=settings.cache_memories)
    index = window_index = None
    if embedder is not None:
        index = index_class(store, settings.pgvector)(
            store,
            embedder,
            batch=settings.index_batch,
            query_timeout_s=settings.query_embedding_timeout_s,
            lease_s=settings.index_lease_s,
        )
    if window is not None:
        window_index = index_class(store, settings.pgvector)(
            store,
            window,
            batch=settings.index_batch,
            query_timeout_s=settings.query_embedding_timeout_s,
            windowed=True,
            lease_s=settings.index_lease_s,
        )
    if start_indexer:
        for each in (index, window_index):
            if each is not None:
                each.start(settings.index_interval_s)
    engine = Engine(
        store,
        index,
        limit=settings.context_limit,
        semantic_threshold=threshold_for(embedder, settings),
        chat=chat,
        reflection_model=settings.reflection_model,
        reflection_timeout_s=settings.reflection_timeout_s,
        min_confidence=settings.reflection_min_confidence,
        summary_enabled=settings.summary_enabled,
        summary_model=settings.summary_model,
        history_turns=settings.history_turns,
        self_citation_chars=settings.position_self_citation_chars,
        scoring=ScoringConfig() if settings.scoring == "fused" else None,
        window_index=window_index,
    )
    engine.writer.max_memories = settings.max_memories_per_user
    read_s = background_read_s(settings, chat)
    engine.proposals.data_bound = data_bound(read_s, settings.llm_prompt_tokens_per_s or PROMPT_TOKENS_PER_S)
    if chat is not None and read_s:
        # the live wait is bounded to the read's seconds, and the read to the rate measured now
        gate_for(settings.llm_base_url, wait_s=read_s)
        rates = chat.gate.rates
        engine.proposals.bound_now = lambda: data_bound(read_s, rates.read_rate())
    worker = None
    if chat is not None:
        worker = ReflectionWorker(
            engine,
            park_after_s=settings.reflection_park_after_s,
            backoff_s=settings.reflection_backoff_s,
            backoff_max_s=settings.reflection_backoff_max_s,
            # more threads than the server's budget would only claim jobs to
            # wait at its gate (and pick them before the slot frees)
            workers=min(settings.reflection_workers, chat.gate.capacity),
        )
        if start_indexer:
            worker.start()
    return Runtime(settings, store, index, engine, worker, window_index)


def make_chat(settings: Settings) -> ChatClient | None:
    """The chat client of ``settings`` (``None`` in no-model mode). Raises :class:`InputError`
    for an unknown ``llm_kind``."""
    if not settings.llm_base_url:
        return None
    kinds = {"openai": OpenAIChatClient, "ollama": OllamaChatClient}
    if settings.llm_kind not in kinds:
        raise InputError(f"SOUVENIR_LLM_KIND must be openai or ollama, not {settings.llm_kind!r}")
    capacity = settings.llm_concurrency or default_capacity(settings.llm_base_url, settings.reflection_workers)
    return kinds[settings.llm_kind](
        settings.llm_base_url,
        settings.llm_model or "default",
        settings.llm_api_key,
        timeout_s=settings.reflection_timeout_s,
        breaker_cooldown_s=settings.llm_breaker_cooldown_s,
        # a new meter for each service: the rate set by the operator stands, else it is measured
        gate=gate_for(
            settings.llm_base_url,
            capacity,
            settings.llm_finish_s,
            wait_s=0.0,  # the read bound's seconds once known (open_runtime)
            rates=ServerRates(
                settings.llm_prompt_tokens_per_s or PROMPT_TOKENS_PER_S,
                fixed=settings.llm_prompt_tokens_per_s is not None,
            ),
        ),
    )
