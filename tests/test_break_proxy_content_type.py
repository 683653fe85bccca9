"""The proxy serves a model server's bytes from Souvenir's origin: an upstream answering
``text/html`` (a page with a script) must not be served as a page there. Only JSON and event
streams are relayed as such; anything else becomes an OpenAI error naming the type; every
proxy response carries ``nosniff`` and a CSP that runs nothing; headers that act on the
origin (cookies, CORS, CSP) are not relayed. An upstream speaking OpenAI's protocol on
loopback, a real SQLite file, real HTTP."""

from __future__ import annotations

import json

import httpx
import pytest

from souvenir.api.app import create_app
from tests.attack_support import COMPLETION, completion_upstream, stub_model_settings
from tests.servers import UvicornThread

PAGE = b"<html><script>fetch('/v1/users/api/ann/export').then(r=>r.text()).then(t=>alert(t))</script></html>"


@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    upstream = completion_upstream()
    db = tmp_path_factory.mktemp("ctype") / "p.db"
    settings = stub_model_settings(f"sqlite:///{db}", upstream.url)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        yield upstream, client
    upstream.close()


def _safe(r: httpx.Response) -> None:
    assert r.headers["x-content-type-options"] == "nosniff", r.headers
    assert r.headers["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'; sandbox"


CHAT = {"model": "stub", "user": "ann", "messages": [{"role": "user", "content": "hello"}]}


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("ctype", ["text/html", "text/html; charset=utf-8", "image/svg+xml", "application/xml", None])
def test_a_page_from_the_upstream_is_not_served_from_our_origin(proxy, ctype, stream):
    """Before: 200 text/html relayed as text/html, with no CSP: the page's script ran on
    Souvenir's origin and could read every user's export through the keyless mode."""
    upstream, client = proxy
    upstream.status, upstream.ctype, upstream.body = 200, ctype, PAGE
    r = client.post("/v1/chat/completions", json={**CHAT, "stream": stream})
    assert r.status_code == 502, (r.status_code, r.headers, r.text[:200])
    assert r.headers["content-type"] == "application/json"
    error = r.json()["error"]
    assert error["code"] == "upstream_content_type" and (ctype or "no Content-Type").split(";")[0] in error["message"]
    _safe(r)


def test_an_upstream_error_page_keeps_its_status_as_an_openai_error(proxy):
    upstream, client = proxy
    upstream.status, upstream.ctype, upstream.body = 429, "text/html", b"<h1>Too many requests</h1>"
    r = client.post("/v1/chat/completions", json=CHAT)
    assert r.status_code == 429 and r.headers["content-type"] == "application/json"
    assert "Too many requests" in r.json()["error"]["message"]
    _safe(r)


def test_models_relays_json_only(proxy):
    upstream, client = proxy
    upstream.status, upstream.ctype, upstream.body = 200, "text/html", PAGE
    r = client.get("/v1/models")
    assert r.status_code == 502 and r.headers["content-type"] == "application/json"
    _safe(r)
    upstream.ctype, upstream.body = "application/json", b'{"object": "list", "data": []}'
    r = client.get("/v1/models")
    assert r.status_code == 200 and r.json() == {"object": "list", "data": []}
    _safe(r)


def test_json_labelled_loosely_is_served_as_json_and_origin_headers_are_dropped(proxy):
    upstream, client = proxy
    upstream.status, upstream.ctype, upstream.body = 200, "text/plain", json.dumps(COMPLETION).encode()
    upstream.extra = [
        ("Set-Cookie", "session=evil; Path=/"),
        ("Access-Control-Allow-Origin", "*"),
        ("Content-Security-Policy", "default-src *"),
        ("X-Request-Id", "req-1"),
    ]
    try:
        r = client.post("/v1/chat/completions", json=CHAT)
    finally:
        upstream.extra = []
    assert r.status_code == 200 and r.json()["choices"][0]["message"]["content"] == "Hi there"
    assert r.headers["content-type"] == "application/json"
    assert "set-cookie" not in r.headers and "access-control-allow-origin" not in r.headers
    assert r.headers["x-request-id"] == "req-1"
    _safe(r)


def test_the_upstreams_date_and_server_lines_are_not_added_to_ours(proxy):
    """A relayed completion carried two ``Date`` and two ``Server`` lines (uvicorn's and the
    model server's: RFC 9110 allows one Date); ``/v1/models`` and streams already had one."""
    upstream, client = proxy
    upstream.status, upstream.ctype, upstream.body = 200, "application/json", json.dumps(COMPLETION).encode()
    r = client.post("/v1/chat/completions", json=CHAT)
    assert r.status_code == 200 and r.json()["choices"][0]["message"]["content"] == "Hi there"
    names = [name.lower() for name, _ in r.headers.multi_items()]
    assert names.count("date") == 1 and names.count("server") == 1, r.headers
    assert "BaseHTTP" not in r.headers["server"]


def test_a_stream_is_served_as_an_event_stream_and_errors_carry_the_headers(proxy):
    upstream, client = proxy
    event = {"choices": [{"index": 0, "delta": {"content": "Hi"}, "finish_reason": "stop"}]}
    upstream.status, upstream.ctype = 200, "text/event-stream"
    upstream.body = f"data: {json.dumps(event)}\n\ndata: [DONE]\n\n".encode()
    r = client.post("/v1/chat/completions", json={**CHAT, "stream": True})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    assert "[DONE]" in r.text
    _safe(r)
    r = client.post("/v1/chat/completions", content=b"{", headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    _safe(r)
    r = client.post("/v1/chat/completions", content=b"x", headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    _safe(r)
    r = client.get("/v1/users/api/ann/memories")
    assert r.headers["x-content-type-options"] == "nosniff"


def _events(client: httpx.Client) -> dict[str, float]:
    out = {}
    for line in client.get("/metrics").text.splitlines():
        if line.startswith("souvenir_proxy_events_total{"):
            out[line.split('"')[1]] = float(line.split()[-1])
    return out


def test_an_answer_past_its_bound_is_not_read_whole(proxy):
    """Before: a whole answer was read into memory whatever its size, and a stream's line
    held until it ended (a looping or hostile model server filled the process's memory)."""
    upstream, client = proxy
    before = _events(client).get("proxy_upstream_too_large", 0)
    upstream.status, upstream.ctype = 200, "application/json"
    upstream.body = b'{"choices": [{"message": {"content": "' + b"a" * (17 * 1024 * 1024) + b'"}}]}'
    r = client.post("/v1/chat/completions", json=CHAT)
    assert r.status_code == 502 and "over 16777216 bytes" in r.json()["error"]["message"]
    _safe(r)
    upstream.ctype = "text/event-stream"
    upstream.body = b"data: " + b"b" * (2 * 1024 * 1024) + b"\n\n"
    r = client.post("/v1/chat/completions", json={**CHAT, "stream": True})
    assert r.status_code == 200 and len(r.content) < 1024 * 1024  # cut before the line ended
    assert _events(client)["proxy_upstream_too_large"] == before + 2
    upstream.ctype, upstream.body = "application/json", json.dumps(COMPLETION).encode()
    assert client.post("/v1/chat/completions", json=CHAT).status_code == 200
