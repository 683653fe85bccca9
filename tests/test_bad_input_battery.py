"""Issue #13, input: every bad input answers 4xx and writes nothing — bodies over the cap
(413 before they are read), lone surrogates and deep nesting on the proxy, huge ids, NUL and
control characters in paths, user ids no route could address (422 at creation)."""

from __future__ import annotations

import sqlite3

import httpx
import pytest

from souvenir.api.app import create_app
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread

JSON = {"Content-Type": "application/json"}
DEEP = b'{"model": "x", "messages": ' + b"[" * 5_000 + b"]" * 5_000 + b"}"
BAD = [
    (
        "POST",
        "/v1/chat/completions",
        b'{"model": "x", "user": "u", "messages": [{"role": "user", "content": "hi \\ud800"}]}',
    ),
    (
        "POST",
        "/v1/chat/completions",
        b'{"model": "x", "user": "u\\ud800", "messages": [{"role": "user", "content": "hi"}]}',
    ),
    ("POST", "/v1/chat/completions", DEEP),
    ("POST", "/v1/chat/completions", b'{"model": "x", "user": "a/b", "messages": [{"role": "user", "content": "hi"}]}'),
    ("POST", "/v1/chat/completions", b'{"model": "x", "user": 12, "messages": "no"}'),
    ("POST", "/v1/chat/completions", b"[1, 2]"),
    ("POST", "/v1/chat/completions", b"\xff\xfe"),
    ("POST", "/v1/turns", DEEP),
    ("POST", "/v1/turns", b'{"user": "a/b", "message": "I live in Ipoh"}'),
    ("POST", "/v1/turns", b'{"user": "..", "message": "I live in Ipoh"}'),
    ("POST", "/v1/turns", b'{"user": "a\\nb", "message": "I live in Ipoh"}'),
    ("POST", "/v1/turns", b'{"user": "a\\u2028b", "message": "I live in Ipoh"}'),  # a log line split
    ("POST", "/v1/turns", b'{"user": "\\u202enimda", "message": "I live in Ipoh"}'),  # shown as "admin"
    ("POST", "/v1/turns", b'{"channel": "shop\\u2066x", "user": "a", "message": "I live in Ipoh"}'),
    ("POST", "/v1/turns", b'{"channel": "x/y", "user": "a", "message": "I live in Ipoh"}'),
    ("POST", "/v1/turns", b'{"user": "' + b"u" * 300 + b'", "message": "I live in Ipoh"}'),
    ("POST", "/v1/context", b'{"user": "a", "message": "hi", "story": "s\\u0000"}'),
    ("POST", "/v1/users/api/u/memories", b'{"text": "Lives in Ipoh", "confidence": 1e999}'),
    ("POST", "/v1/users/api/u/memories", b'{"text": "Lives in Ipoh", "kind": "rule", "date": "99999-01-01"}'),
    ("POST", "/v1/users/api/u/memories/99999999999999999999999/pin", b""),
    ("DELETE", "/v1/users/api/u/memories/99999999999999999999999", b""),
    ("DELETE", "/v1/users/api/u/memories/-1", b""),
    ("GET", "/v1/users/api/u%00x/memories", b""),
    ("GET", "/v1/users/api/u%00x/export", b""),
    ("DELETE", "/v1/users/api/u%00x", b""),
    ("GET", "/v1/users/api/k/forgotten?min_candidate=99999999999999999999999", b""),
    ("POST", "/v1/users/api/k/memories/99999999999999999999999/pin", b""),
    ("GET", "/v1/users/api/u/memories?status=weird", b""),
    ("GET", "/v1/users/api/u/diagnostics.json?story=%00", b""),
    ("GET", "/v1/users/" + "c" * 300 + "/u/memories", b""),
]


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    db = tmp_path_factory.mktemp("bad") / "bad.db"
    with ChatServer(reply="ok") as upstream:
        settings = stub_model_settings(f"sqlite:///{db}", upstream.url, summary_enabled=True, max_body_bytes=64 * 1024)
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            client.post("/v1/users/api/k/memories", json={"text": "Keeps bees in Ipoh"})  # a known user
            yield client, db, upstream


def _rows(db) -> int:
    with sqlite3.connect(db) as conn:
        return sum(
            conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
            for t in ("users", "turns", "memories", "user_kv", "outbox")
        )


@pytest.mark.parametrize("method, path, body", BAD, ids=range(len(BAD)))
def test_a_bad_input_gets_a_4xx_and_writes_nothing(api, method, path, body):
    client, db, upstream = api
    before, asked = _rows(db), len(upstream.requests)
    r = client.request(method, path, content=body or None, headers=JSON if body else {})
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    assert _rows(db) == before
    if path.startswith("/v1/chat"):
        assert "error" in r.json() and len(upstream.requests) == asked


def test_a_body_over_the_cap_is_refused_before_it_is_read(api):
    client, db, _ = api
    r = client.post("/v1/turns", content=b'{"user": "u", "message": "' + b"x" * 70_000 + b'"}', headers=JSON)
    assert r.status_code == 413 and "SOUVENIR_MAX_BODY_BYTES" in r.text

    def chunks():  # no Content-Length: counted as it streams
        yield b'{"user": "u", "message": "'
        for _ in range(100):
            yield b"x" * 1000
        yield b'"}'

    r = client.post("/v1/turns", content=chunks(), headers=JSON)
    assert r.status_code == 413
    r = client.post("/v1/chat/completions", content=b'{"messages": "' + b"x" * 70_000 + b'"}', headers=JSON)
    assert r.status_code == 413 and r.json()["error"]["type"] == "invalid_request_error"
    assert _rows(db) == 2  # the known user and its memory only
