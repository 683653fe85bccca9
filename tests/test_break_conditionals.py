"""Adversarial: a conditional or someone else's negative keeps the stored memory (the multi-statement flip)."""

from __future__ import annotations

from datetime import datetime, timezone

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.config import Settings
from souvenir.embedding.http import OpenAIEmbedder
from souvenir.engine.core import Engine
from souvenir.errors import SouvenirError
from souvenir.index.vectors import VectorIndex
from souvenir.engine.runtime import Runtime, open_runtime
from souvenir.read.scoring import ScoringConfig
from souvenir.store import open_store
from tests.servers import ChatServer, UvicornThread

NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)
KEY = "sk-live-SECRETKEY1234567890"
PASSWORD = "pwSECRETPW"


def _health_after_refusals(tmp_path, accepts: set[str], status: int) -> str:
    with ChatServer() as chat:
        chat.accepts = accepts
        chat.refusal_status = status
        chat.refusal_body = ('{"error": {"message": "Incorrect API key provided: ' + KEY + '"}}').encode()
        url = chat.url.replace("http://", f"http://alice:{PASSWORD}@")
        settings = Settings(database_url=f"sqlite:///{tmp_path / 'h.db'}", embedder="none",
                            window_embedder="none", llm_base_url=url, llm_model="m", llm_api_key=KEY,
                            _env_file=None)
        rt = open_runtime(settings)
        try:
            try:
                rt.engine.chat.complete([{"role": "user", "content": "hi"}], schema={"type": "object"})
            except SouvenirError:
                pass
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                r = httpx.get(f"{server.url}/health", timeout=30)
                assert r.status_code == 200
                return r.text
        finally:
            rt.close()


def _window_runtime(tmp_path, main, window, timeout_s: float = 2.0) -> tuple[Runtime, Settings]:
    """A runtime whose window embedder is an HTTP stand-in (``window``), as e5 would be: the
    settings only build a local e5, so the parts are wired as open_runtime wires them."""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'w.db'}", embedder="none",
                        window_embedder="none", _env_file=None)
    store = open_store(settings.database_url)
    index = VectorIndex(store, OpenAIEmbedder(main.url, "stub"), query_timeout_s=timeout_s)
    win = VectorIndex(store, OpenAIEmbedder(window.url, "stub"), windowed=True, query_timeout_s=timeout_s)
    engine = Engine(store, index, scoring=ScoringConfig(), window_index=win)
    for text in ("I live in Ipoh", "My cat is called Kopi", "I work as a nurse", "I like durian"):
        engine.record_turn("api", "u", text)
    index.run_once()
    win.run_once()
    return Runtime(settings, store, index, engine, None, win), settings


@pytest.mark.parametrize(("old", "new"), [
    ("I drink coffee every morning", "When I'm sick, I don't drink coffee"),
    ("每天都喝奶茶", "医生说，不要再喝奶茶了"),
    ("Makan daging", "Isteri saya vegetarian, tak makan daging lagi"),
    ("Mange de la viande", "Ma femme est végétarienne, ne mange plus de viande"),
])
def test_a_conditional_or_someone_elses_negative_keeps_the_stored_memory(tmp_path, old, new):
    """Through POST /v1/turns on a SQLite file: the second message's negative statement (after
    a condition, a speaker, another person) superseded the first memory — a true fact erased."""
    with UvicornThread(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'f.db'}", embedder="none",
                                           window_embedder="none", _env_file=None))) as server:
        for text in (old, new):
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": text}, timeout=30)
            assert r.status_code in (200, 201), r.text
        assert r.json()["memory"]["action"] == "insert", r.json()["memory"]
        listed = httpx.get(f"{server.url}/v1/users/api/u/memories", timeout=30).json()
        texts = {m["text"] for m in (listed if isinstance(listed, list) else listed["memories"])
                 if m["status"] == "active"}
        assert old in texts and new in texts

