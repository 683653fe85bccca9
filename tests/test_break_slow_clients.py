"""Slow clients (slowloris) and floods against the real server `souvenir serve` runs: a
client trickling its request's head or body is answered 408 and its connection closed within
``SOUVENIR_REQUEST_TIMEOUT_S``; past ``SOUVENIR_MAX_CONCURRENT_REQUESTS`` requests at once
a new one gets 503 at once; each counted in ``/metrics``. Real HTTP on loopback, real SQLite."""

from __future__ import annotations

import socket
import threading
import time

import httpx
import uvicorn

from souvenir.api.app import create_app
from souvenir.api.request_limits import server_config
from souvenir.ground.config import Settings
from tests.servers import ChatServer, free_port


class Served:
    """``souvenir serve``'s own uvicorn configuration, in a thread."""

    def __init__(self, settings: Settings) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(server_config(create_app(settings), settings, "127.0.0.1", self.port))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "Served":
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def _settings(tmp_path, **extra) -> Settings:
    return Settings(
        database_url=f"sqlite:///{tmp_path / 's.db'}",
        embedder="none",
        window_embedder="none",
        _env_file=None,
        **extra,
    )


def _read_all(sock: socket.socket, within_s: float) -> tuple[bytes, float]:
    """What the server sent until it closed the connection, and when it closed (seconds)."""
    start = time.monotonic()
    sock.settimeout(within_s)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except TimeoutError:
        pass
    return data, time.monotonic() - start


def _refused(client: httpx.Client, reason: str) -> float:
    for line in client.get("/metrics").text.splitlines():
        if line.startswith(f'souvenir_http_refused_total{{reason="{reason}"}}'):
            return float(line.split()[-1])
    raise AssertionError(f"no souvenir_http_refused_total{{reason={reason!r}}} series")


def test_a_trickled_body_gets_408_and_its_connection_closed(tmp_path):
    """Before: only the body's size was bounded; 1 byte a second of a declared 1 KB body held
    the connection (and a route's task) for 1,000 s."""
    settings = _settings(tmp_path, request_timeout_s=2)
    with Served(settings) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        before = _refused(client, "body_timeout")
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(
            b"POST /v1/turns HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n{"
        )
        stop = threading.Event()

        def trickle() -> None:
            while not stop.wait(0.3):
                try:
                    sock.sendall(b" ")
                except OSError:
                    return

        threading.Thread(target=trickle, daemon=True).start()
        data, took = _read_all(sock, 15)
        stop.set()
        sock.close()
        assert data.startswith(b"HTTP/1.1 408"), data[:200]
        assert b"SOUVENIR_REQUEST_TIMEOUT_S" in data
        assert took < 10, took  # closed, not held while the client keeps trickling
        assert _refused(client, "body_timeout") == before + 1
        assert client.get("/v1/users/api/ann/memories").status_code in (200, 404)  # still serving


def test_a_trickled_head_gets_408_and_its_connection_closed(tmp_path):
    settings = _settings(tmp_path, request_timeout_s=2)
    with Served(settings) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        before = _refused(client, "head_timeout")
        sock = socket.create_connection(("127.0.0.1", server.port))
        stop = threading.Event()

        def trickle() -> None:
            sock.sendall(b"GET /health HTTP/1.1\r\n")
            while not stop.wait(0.3):
                try:
                    sock.sendall(b"X-A: b\r\n")
                except OSError:
                    return

        threading.Thread(target=trickle, daemon=True).start()
        data, took = _read_all(sock, 15)
        stop.set()
        sock.close()
        assert data.startswith(b"HTTP/1.1 408"), data[:200]
        assert took < 10, took
        assert _refused(client, "head_timeout") == before + 1


def test_past_the_concurrency_bound_a_request_gets_503_at_once(tmp_path):
    """Requests held by a slow model fill the bound; the next one is refused at once with a
    503 that says why, /health still answers, and the held ones complete."""
    with ChatServer() as upstream:
        upstream.chat_mode, upstream.delay_s = "slow", 3.0
        settings = _settings(
            tmp_path, max_concurrent_requests=2, llm_base_url=upstream.url, llm_model="stub", summary_enabled=False
        )
        with Served(settings) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            before = _refused(client, "busy")
            chat = {"model": "stub", "messages": [{"role": "user", "content": "hello"}]}
            results: list[int] = []

            def held() -> None:
                with httpx.Client(base_url=server.url, timeout=30) as own:
                    results.append(own.post("/v1/chat/completions", json=chat).status_code)

            threads = [threading.Thread(target=held) for _ in range(2)]
            for thread in threads:
                thread.start()
            deadline = time.monotonic() + 5
            while len(upstream.requests) < 2:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            start = time.monotonic()
            r = client.post("/v1/chat/completions", json=chat)
            assert time.monotonic() - start < 2
            assert r.status_code == 503, r.text
            assert "SOUVENIR_MAX_CONCURRENT_REQUESTS" in r.json()["error"]["message"]
            assert r.headers["retry-after"] == "1"
            assert client.get("/health").status_code == 200  # the probes are never refused
            for thread in threads:
                thread.join()
            assert results == [200, 200]
            assert _refused(client, "busy") == before + 1
            assert client.post("/v1/chat/completions", json=chat).status_code == 200
