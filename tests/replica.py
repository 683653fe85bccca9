"""One Souvenir replica in its own OS process, for the two-worker test (not a test module).

:func:`run_replica` is the target of a ``multiprocessing`` spawn: it opens its own store on
the shared database, its own chat client to the stand-in server on loopback, writes
``writes`` candidates straight into the shared user (as a replica's API would) while its
reflection worker drains the outbox, and reports its counts on ``results``.
"""

from __future__ import annotations

import time

#: Near-duplicate wordings of one preference: each write replaces or absorbs into one memory.
VARIANTS = (
    "Wants deliveries sent to the office in Cyberjaya",
    "Wants all deliveries sent to the office in Cyberjaya",
    "Wants deliveries sent to the Cyberjaya office",
)
SHARED_USER = "shared"


def run_replica(url: str, chat_url: str, name: str, writes: int, ready, go, results) -> None:
    from souvenir.engine.core import Engine
    from souvenir.llm import OpenAIChatClient
    from souvenir.store import open_store
    from souvenir.ground.types import Candidate
    from souvenir.engine.worker import ReflectionWorker

    store = open_store(url)
    engine = Engine(store, None, chat=OpenAIChatClient(chat_url, "stub", timeout_s=30), summary_enabled=False)
    worker = ReflectionWorker(engine, backoff_s=0.05)
    ready.put(name)
    go.wait(60)
    for i in range(writes):
        engine.remember(
            "api", SHARED_USER, Candidate(text=VARIANTS[i % len(VARIANTS)], kind="preference", source=f"{name}:{i}")
        )
        worker.run_once()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # until every job is done, whoever runs it
        if not worker.run_once():
            counts = store.outbox_counts()
            if not counts.get("pending") and not counts.get("running"):
                break
            time.sleep(0.02)
    engine.close()
    store.close()
    results.put((name, dict(worker.counts)))


def run_stuck_worker(url: str, chat_url: str, ready) -> None:
    """A replica's reflection worker that claims jobs until it is killed (the crash tests
    stall the model so that it dies holding a ``running`` job)."""
    from souvenir.engine.core import Engine
    from souvenir.llm import OpenAIChatClient
    from souvenir.store import open_store
    from souvenir.engine.worker import ReflectionWorker

    store = open_store(url)
    engine = Engine(store, None, chat=OpenAIChatClient(chat_url, "stub", timeout_s=120), summary_enabled=False)
    worker = ReflectionWorker(engine)
    ready.put("worker")
    while True:
        worker.run_once()
        time.sleep(0.02)


def run_stuck_indexer(url: str, embed_url: str, lease_s: float, batch: int, ready) -> None:
    """A replica's indexer that claims a batch and waits on the embedder until it is killed."""
    from souvenir.embedding.http import OpenAIEmbedder
    from souvenir.index.vectors import VectorIndex
    from souvenir.store import open_store

    index = VectorIndex(open_store(url), OpenAIEmbedder(embed_url, "m", timeout_s=120), batch=batch, lease_s=lease_s)
    ready.put("indexer")
    index.run_once()
