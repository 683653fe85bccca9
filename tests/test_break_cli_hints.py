"""Adversarial, the command line: `souvenir index` never retires the embedder its settings use; the unknown-user hint quotes the channel it suggests."""

from __future__ import annotations

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
from tests.servers import ChatServer, EmbeddingServer, UvicornThread

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


def test_souvenir_index_refuses_to_retire_the_embedder_its_settings_use(tmp_path):
    """``souvenir index --retire NAME --drop-vectors`` with NAME the embedder the same
    settings use (the server's .env): every vector was deleted and the queue dropped, the
    server kept it again within a minute and re-embedded the whole store, and meanwhile
    every turn went without its cosines, none counted degraded. Refused, nothing deleted."""
    from typer.testing import CliRunner

    from souvenir.cli.main import app

    url = f"sqlite:///{tmp_path / 'r.db'}"
    with EmbeddingServer() as server:
        env = {"SOUVENIR_DATABASE_URL": url, "SOUVENIR_EMBEDDER": "openai", "SOUVENIR_EMBEDDER_URL": server.url,
               "SOUVENIR_EMBEDDER_MODEL": "model-a", "SOUVENIR_WINDOW_EMBEDDER": "none",
               "SOUVENIR_LLM_BASE_URL": ""}
        assert CliRunner().invoke(app, ["remember", "--user", "q", "I live in Ipoh"], env=env).exit_code == 0
        assert CliRunner().invoke(app, ["index"], env=env, catch_exceptions=False).exit_code == 0
        store = open_store(url)
        name = next(iter(store.kept_embedders()))
        store.close()
        retired = CliRunner().invoke(app, ["index", "--retire", name, "--drop-vectors"], env=env)
        assert retired.exit_code != 0, retired.stdout
        store = open_store(url)
        try:
            assert name in store.kept_embedders() and store.count_stale_vectors(name) == 0
        finally:
            store.close()


def test_the_unknown_user_hint_quotes_the_channel_it_suggests(tmp_path):
    """A channel is any text a REST caller chose (spaces, ``;``, ``$(…)`` included): the
    hint's ``add --channel X`` is a command an operator pastes, so X is quoted for a shell."""
    from typer.testing import CliRunner

    from souvenir.cli.main import app

    url = f"sqlite:///{tmp_path / 'c.db'}"
    store = open_store(url)
    store.ensure_user(" ;touch pwned", "bob", NOW)
    store.close()
    env = {"SOUVENIR_DATABASE_URL": url, "SOUVENIR_EMBEDDER": "none", "SOUVENIR_WINDOW_EMBEDDER": "none",
           "SOUVENIR_LLM_BASE_URL": ""}
    result = CliRunner().invoke(app, ["memories", "--user", "bob"], env=env, catch_exceptions=False)
    assert result.exit_code == 0
    assert "add --channel ' ;touch pwned'" in " ".join(result.output.split()), result.output

