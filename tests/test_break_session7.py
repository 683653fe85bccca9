"""Adversarial, session 7's changes: the public /health, the restructured read path, the
multi-statement flip, retired embedders (real SQLite files, real HTTP on loopback)."""

from __future__ import annotations

import json
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
from tests.servers import ChatServer, EmbeddingServer, UvicornThread, hold_write_lock

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


# -- the read path: a window embedder whose answer the scores cannot use ---------------------
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
                r = httpx.post(f"{server.url}/v1/context", json={"user": "u", "message": "where do I live?"},
                               timeout=30)
            assert r.status_code == 200 and r.headers["content-type"] == "application/json"
            body = r.json()
            assert body["degraded"], body["degraded_cause"]
            assert body["degraded_cause"].startswith("window embedder" if side == "window" else "embedder")
            assert len(body["memories"]) == 4 and rt.engine.degraded_turns() == 1
        finally:
            rt.engine.close()
            rt.store.close()


# -- souvenir index --retire ------------------------------------------------------------------
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


# -- the CLI's unknown-user hint -------------------------------------------------------------
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


# -- a password in an embedder's or chat model's address -------------------------------------
def test_a_password_in_the_embedders_address_never_reaches_a_turns_answer(tmp_path):
    """SOUVENIR_EMBEDDER_URL=http://alice:PASSWORD@host: a failed query embedding made the
    turn's ``degraded_cause`` (sent to any caller, a tenant's key included, and kept in the
    events) name the address with its password."""
    with EmbeddingServer() as embedder:
        settings = Settings(database_url=f"sqlite:///{tmp_path / 'p.db'}", embedder="openai",
                            embedder_url=embedder.url.replace("http://", f"http://alice:{PASSWORD}@"),
                            embedder_model="stub", window_embedder="none", _env_file=None)
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn("api", "u", "I live in Ipoh")
            embedder.mode = "500"
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                r = httpx.post(f"{server.url}/v1/context", json={"user": "u", "message": "where do I live?"},
                               timeout=30)
            assert r.status_code == 200 and r.json()["degraded"]
            assert PASSWORD not in r.text and "alice" not in r.text, r.json()["degraded_cause"]
            rt.engine.flush()
            events = rt.store.export_user(rt.store.find_user("api", "u"))["events"]
            assert any(e["kind"] == "degraded_turn" for e in events) and PASSWORD not in str(events)
        finally:
            rt.close()


def test_a_password_in_the_chat_models_address_never_reaches_its_errors(tmp_path):
    """The chat model's failures (kept in parked jobs, shown by the diagnostics) named its
    address with the password."""
    with ChatServer() as chat:
        chat.reflection_mode = "500"
        settings = Settings(database_url=f"sqlite:///{tmp_path / 'm.db'}", embedder="none", window_embedder="none",
                            llm_base_url=chat.url.replace("http://", f"http://alice:{PASSWORD}@"), llm_model="m",
                            _env_file=None)
        rt = open_runtime(settings)
        try:
            with pytest.raises(SouvenirError) as failed:
                rt.engine.chat.complete([{"role": "user", "content": "hi"}], schema={"type": "object"})
            assert PASSWORD not in str(failed.value) and "alice" not in str(failed.value)
        finally:
            rt.close()


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
                    r = httpx.post(f"{server.url}/v1/context", json={"user": "u", "message": "where do I live?"},
                                   timeout=30)
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


# -- a bot command's secret in the write log --------------------------------------------------
@pytest.mark.parametrize("command", ["/password hunter2pass", "/login bob hunter2pass", "/2fa 492183"])
def test_a_command_that_carries_a_secret_keeps_it_nowhere(tmp_path, command):
    """A command is now answered ``dropped`` with an event that quotes it (session 7): a
    secret the redactor did not see in a command ("/password hunter2pass": a plain word
    after the password word) went to the turn, to the answer and to the write log."""
    secret = command.split()[-1]
    with UvicornThread(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'k.db'}", embedder="none",
                                           window_embedder="none", _env_file=None))) as server:
        r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": command}, timeout=30)
        assert r.status_code in (200, 201) and r.json()["memory"]["action"] == "dropped", r.text
        assert secret not in r.text
        exported = httpx.get(f"{server.url}/v1/users/api/u/export", timeout=30)
        assert exported.status_code == 200 and secret not in exported.text
        assert "[redacted]" in exported.text


# -- the write path: a negative statement that ends no state of the user ---------------------
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


def test_a_query_the_stopping_index_cancelled_is_an_embedder_error(tmp_path):
    """Shutdown while turns wait for the query thread: a query cancelled before it ran is a
    degraded turn's EmbedderError, not a CancelledError (a 500)."""
    from souvenir.errors import EmbedderError
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
