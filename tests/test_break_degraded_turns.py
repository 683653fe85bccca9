"""Adversarial: a query vector the scores cannot use, a store that stays locked, a query the stopping index cancelled: each a counted degradation, never a crash."""

from __future__ import annotations

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.embedding.http import OpenAIEmbedder
from souvenir.engine.core import Engine
from souvenir.engine.runtime import Runtime
from souvenir.index.vectors import VectorIndex
from souvenir.read.scoring import ScoringConfig
from souvenir.store import open_store
from tests.servers import EmbeddingServer, UvicornThread, hold_write_lock


def _window_runtime(tmp_path, main, window, timeout_s: float = 2.0) -> tuple[Runtime, Settings]:
    """A runtime whose window embedder is an HTTP stand-in (``window``), as e5 would be: the
    settings only build a local e5, so the parts are wired as open_runtime wires them."""
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'w.db'}", embedder="none", window_embedder="none", _env_file=None
    )
    store = open_store(settings.database_url)
    index = VectorIndex(store, OpenAIEmbedder(main.url, "stub"), query_timeout_s=timeout_s)
    win = VectorIndex(store, OpenAIEmbedder(window.url, "stub"), windowed=True, query_timeout_s=timeout_s)
    engine = Engine(store, index, scoring=ScoringConfig(), window_index=win)
    for text in ("I live in Ipoh", "My cat is called Kopi", "I work as a nurse", "I like durian"):
        engine.record_turn("api", "u", text)
    index.run_once()
    win.run_once()
    return Runtime(settings, store, index, engine, None, win), settings


@pytest.mark.parametrize("side", ["window", "main"])
@pytest.mark.parametrize("mode", ["short", "zero"])
def test_a_query_vector_the_scores_cannot_use_is_a_counted_degradation(tmp_path, side, mode):
    """The embedder answers the turn's query with a vector of another dimension than the
    vectors it indexed (a model swapped behind the same name, two versions behind one
    balancer) or an all-zero one: the store's cosines came back empty, the signal was gone,
    and the turn answered ``degraded: false`` with nothing counted. Expected: degraded,
    its cause named, counted."""
    with EmbeddingServer() as main, EmbeddingServer() as window:
        rt, settings = _window_runtime(tmp_path, main, window)
        try:
            (window if side == "window" else main).mode = mode
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                r = httpx.post(
                    f"{server.url}/v1/context", json={"user": "u", "message": "where do I live?"}, timeout=30
                )
            assert r.status_code == 200 and r.headers["content-type"] == "application/json"
            body = r.json()
            assert body["degraded"], body["degraded_cause"]
            assert body["degraded_cause"].startswith("window embedder" if side == "window" else "embedder")
            assert len(body["memories"]) == 4 and rt.engine.degraded_turns() == 1
        finally:
            rt.engine.close()
            rt.store.close()


def test_a_degraded_turn_is_counted_while_the_store_stays_locked(tmp_path):
    """The window embedder fails while another process holds the SQLite file's write lock
    past the store's bound: the turn is answered at once (degraded), but its event was
    refused and the degradation counted nowhere (/metrics 0, degraded_turns 0)."""
    with EmbeddingServer() as main, EmbeddingServer() as window:
        rt, settings = _window_runtime(tmp_path, main, window)
        try:
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                holder = hold_write_lock(tmp_path / "w.db", 60)
                try:
                    window.mode = "500"
                    r = httpx.post(
                        f"{server.url}/v1/context", json={"user": "u", "message": "where do I live?"}, timeout=30
                    )
                    assert r.status_code == 200 and r.json()["degraded"]
                    rt.engine.flush(timeout_s=None)  # the event's write gave up after the store's bound
                finally:
                    holder.kill()
                    holder.wait()
                metrics = httpx.get(f"{server.url}/metrics", timeout=30).text
                health = httpx.get(f"{server.url}/health", timeout=30).json()
            assert "souvenir_degraded_turns_total 1.0" in metrics
            assert health["degraded_turns"] == 1 and rt.engine.degraded_turns() == 1
        finally:
            rt.engine.close()
            rt.store.close()


def test_a_query_the_stopping_index_cancelled_is_an_embedder_error(tmp_path):
    """Shutdown while turns wait for the query thread: a query cancelled before it ran is a
    degraded turn's EmbedderError, not a CancelledError (a 500)."""
    from souvenir.ground.errors import EmbedderError
    from souvenir.index.vectors import QUERY_THREADS

    store = open_store(f"sqlite:///{tmp_path / 'x.db'}")
    with EmbeddingServer(mode="stall", stall_s=2.0) as server:
        index = VectorIndex(store, OpenAIEmbedder(server.url, "m"), query_timeout_s=5.0)
        try:
            pending = [index.start_query(f"question {i}") for i in range(QUERY_THREADS + 1)]
            index.stop()  # the last one is still queued: cancelled
            with pytest.raises(EmbedderError, match="stopping"):
                pending[-1].result()
        finally:
            store.close()
