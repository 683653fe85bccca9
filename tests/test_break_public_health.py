"""Adversarial: the public /health never shows an upstream's answer, address or a refused format's details (real SQLite files, real HTTP on loopback)."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import httpx

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


def test_the_public_health_never_shows_the_upstreams_answer_nor_its_address(tmp_path):
    """A chat server that refuses the key in every format (401) and echoes it in its answer,
    at an address with a password: /health (public, no key needed) showed the
    configuration error with both (``config_error`` and the ``chat`` cause). It says the
    status only; the log keeps the rest."""
    body = _health_after_refusals(tmp_path, set(), 401)
    assert "configuration error" in body and "HTTP 401" in body
    assert KEY not in body and PASSWORD not in body and "alice" not in body


def test_a_refusal_by_format_on_the_public_health_says_its_status_only(tmp_path):
    """The same answer (400, the key echoed) to every format: a configuration error whose
    status /health names, without the answer."""
    body = _health_after_refusals(tmp_path, {"plain"}, 400)
    state = json.loads(body)["chat"]["m"]
    assert "HTTP 400" in state["config_error"]
    assert all(cause.startswith("HTTP ") for cause in state["refused"].values())
    assert KEY not in body and PASSWORD not in body

