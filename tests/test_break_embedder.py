"""Adversarial: a turn never fails nor waits on the embedder; a busy embedder is not a dead one."""

from __future__ import annotations

import time

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.config import Settings
from souvenir.runtime import open_runtime
from tests.servers import EmbeddingServer, UvicornThread


@pytest.mark.parametrize("mode", ["strings", "ints"])
def test_a_garbage_embedding_answer_degrades_the_turn_instead_of_a_500(tmp_path, mode):
    """The HTTP embedders map only ValueError/KeyError/TypeError raised inside their ``try``:
    vectors of strings fail in ``np.asarray`` after it (ValueError), items that are not
    objects fail in ``item.get`` (AttributeError). Either escapes embed_query as a non-
    EmbedderError, so POST /v1/context answers 500, nothing is counted as degraded and the
    cool-down never starts. Expected: 200, degraded with an "embedder" cause, counted."""
    with EmbeddingServer() as embedder:
        settings = Settings(database_url=f"sqlite:///{tmp_path / 'g.db'}", embedder="openai",
                            embedder_url=embedder.url, embedder_model="stub", _env_file=None)
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn("api", "u", "I live in Ipoh")
            embedder.mode = mode
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                r = httpx.post(f"{server.url}/v1/context", json={"user": "u", "message": "where do I live?"},
                               timeout=30)
            assert r.status_code == 200, (r.status_code, r.text[:200])
            assert r.json()["degraded"] and rt.engine.degraded_turns() == 1
        finally:
            rt.close()


def test_a_busy_model_lock_does_not_open_the_breaker(tmp_path):
    """A slow background indexing batch holds the model lock; a query that arrives meanwhile
    waits its bound and degrades (fine), but the "embedder busy" error also opens the 30 s
    breaker, so every turn after the batch has finished is still degraded although the
    embedder answers single queries instantly. The index module claims small batches keep
    the query from waiting long; batches are 64 texts of up to 16 KiB each (64 x 16 KiB takes
    25 s with the default USE model). Expected: once the lock is free the next turn is
    scored (lock contention is not an embedder failure)."""
    with EmbeddingServer() as embedder:
        embedder.batch_sleep_s = 4.0
        settings = Settings(database_url=f"sqlite:///{tmp_path / 'b.db'}", embedder="openai",
                            embedder_url=embedder.url, embedder_model="stub",
                            query_embedding_timeout_s=1.0, index_interval_s=0.1, _env_file=None)
        rt = open_runtime(settings, start_indexer=True)
        try:
            for text in ("I live in Ipoh", "My cat is called Kopi", "I work as a nurse"):
                rt.engine.record_turn("api", "u", text)
            deadline = time.monotonic() + 20
            while not embedder.batches_started and time.monotonic() < deadline:
                time.sleep(0.05)  # wait until the indexer is inside its 4 s batch
            time.sleep(0.2)
            first = rt.engine.context("api", "u", "where do I live?")
            assert first.degraded  # waited its 1 s bound: acceptable
            deadline = time.monotonic() + 20
            while rt.index.backlog() and time.monotonic() < deadline:
                time.sleep(0.2)
            assert rt.index.backlog() == 0
            after = rt.engine.context("api", "u", "where do I live?")
            assert not after.degraded, after.degraded_cause
        finally:
            rt.close()
