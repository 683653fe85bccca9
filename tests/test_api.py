"""The HTTP API through a real uvicorn server on loopback, on a real SQLite file."""

from __future__ import annotations

import time

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from tests.servers import EmbeddingServer, UvicornThread


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    db = tmp_path_factory.mktemp("api") / "api.db"
    settings = Settings(database_url=f"sqlite:///{db}", embedder="use", index_interval_s=0.2, _env_file=None)
    with UvicornThread(create_app(settings)) as server:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            yield client


def _wait_embedded(client: httpx.Client, channel: str, user: str, message: str) -> dict:
    deadline = time.monotonic() + 30
    while True:
        body = client.post("/v1/context", json={"channel": channel, "user": user, "message": message}).json()
        if any(m["score"] is not None for m in body["memories"]) or time.monotonic() > deadline:
            return body
        time.sleep(0.2)


def test_health_and_openapi(service):
    assert service.get("/health").json()["status"] == "ok"
    assert "/v1/context" in service.get("/openapi.json").json()["paths"]


def test_turns_become_memories_and_context_explains_them(service):
    for text in [
        "I adopted a cat called Kopi last spring",
        "My sister lives in Ipoh",
        "I work as a night nurse in Toulouse",
    ]:
        r = service.post("/v1/turns", json={"channel": "telegram", "user": "7", "message": text, "reply": "Noted!"})
        assert r.status_code == 200, r.text
        assert r.json()["memory"]["action"] == "insert"
    body = _wait_embedded(service, "telegram", "7", "how is my cat doing?")
    assert 0 < len(body["memories"]) <= 24
    first = body["memories"][0]
    assert {"id", "text", "kind", "scope", "source", "reason", "pass", "score"} <= set(first)
    assert all(m["reason"] for m in body["memories"])
    assert "Kopi" in body["block"] and body["rules"] == []
    assert body["profile"]["last_queries"]


def test_memories_list_and_add_through_write_path(service):
    r = service.post(
        "/v1/users/api/ann/memories",
        json={"text": "Aime le jazz et la bossa nova", "kind": "preference", "date": "2024-01-10"},
    )
    assert r.json()["action"] == "insert"
    r = service.post(
        "/v1/users/api/ann/memories", json={"text": "Aime le jazz", "kind": "preference", "date": "2024-05-01"}
    )
    assert r.json()["action"] == "absorb"
    listed = service.get("/v1/users/api/ann/memories").json()["memories"]
    assert [m["text"] for m in listed] == ["Aime le jazz et la bossa nova"]
    assert listed[0]["updated_at"].startswith("2024-01-10")


def test_unknown_user_gets_an_empty_selection(service):
    r = service.post("/v1/context", json={"channel": "api", "user": "nobody", "message": "hello"})
    assert r.status_code == 200 and r.json()["memories"] == []


@pytest.mark.parametrize("message, why", [("", "empty"), ("   ", "empty"), ("x" * 16385, "16384")])
def test_bad_messages_get_a_422_that_says_why(service, message, why):
    r = service.post("/v1/context", json={"user": "u", "message": message})
    assert r.status_code == 422 and why in r.text
    r = service.post("/v1/turns", json={"user": "u", "message": message})
    assert r.status_code == 422 and why in r.text


@pytest.mark.parametrize(
    "path, body, field",
    [
        ("/v1/turns", {"user": "u", "message": "Je vis à Lyon", "lang": "fr"}, "lang"),
        ("/v1/context", {"user": "u", "message": "où est-ce que je vis ?", "tz": "Europe/Paris"}, "tz"),
        ("/v1/users/api/u/memories", {"text": "likes jazz", "type": "preference"}, "type"),
        ("/v1/users/api/u/search", {"query": "jazz", "limt": 3}, "limt"),
    ],
)
def test_a_field_the_route_does_not_know_is_a_422_naming_it(service, path, body, field):
    """A misspelt field (``lang`` for ``language``) was dropped without a word: refused, nothing written."""
    before = service.get("/v1/users/api/u/memories").json() if field != "tz" else None
    r = service.post(path, json=body)
    assert r.status_code == 422
    assert [e["loc"][-1] for e in r.json()["detail"]] == [field]
    assert r.json()["detail"][0]["type"] == "extra_forbidden"
    if before is not None:
        assert service.get("/v1/users/api/u/memories").json() == before


def test_non_utf8_body_is_rejected_clearly(service):
    r = service.post(
        "/v1/turns", content=b'{"user": "u", "message": "caf\xe9"}', headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 422 and "UTF-8" in r.json()["detail"]


@pytest.mark.parametrize(
    "method, path",
    [("DELETE", "/v1/users/api/ann/memories/notanid"), ("POST", "/v1/users/api/ann/memories/notanid/pin")],
)
def test_a_bad_memory_id_is_reported_once(service, method, path):
    """The route and its ownership check both read ``memory_id``: one error, not one each."""
    r = service.request(method, path)
    assert r.status_code == 422
    assert [e["loc"] for e in r.json()["detail"]] == [["path", "memory_id"]]


def test_the_proxy_without_a_chat_model_says_how_to_turn_it_on(service):
    for r in (service.post("/v1/chat/completions", json={"model": "m", "messages": []}), service.get("/v1/models")):
        assert r.status_code == 404 and "SOUVENIR_LLM_BASE_URL" in r.json()["error"]["message"]


def test_a_stalled_embedder_never_holds_the_turn(tmp_path):
    with EmbeddingServer(mode="stall", stall_s=60) as embedder:
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'stall.db'}",
            embedder="openai",
            embedder_url=embedder.url,
            embedder_model="stub",
            query_embedding_timeout_s=1.0,
            _env_file=None,
        )
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn("api", "u", "I live in Ipoh")
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                started = time.monotonic()
                r = httpx.post(
                    f"{server.url}/v1/context", json={"user": "u", "message": "where do I live?"}, timeout=30
                )
                elapsed = time.monotonic() - started
            body = r.json()
            assert elapsed < 3.0, elapsed  # 1 s bound against a 60 s stall
            assert body["degraded"] and "embedder" in body["degraded_cause"]
            assert [m["text"] for m in body["memories"]] == ["I live in Ipoh"]
            assert rt.engine.degraded_turns() == 1
            memory = rt.engine.memories("api", "u")[0]
            assert memory.candidate_count == 0 and memory.served_count == 0  # degraded: nothing counted
        finally:
            rt.store.close()
