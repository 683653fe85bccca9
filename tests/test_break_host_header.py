"""The keyless loopback mode's Host check, attacked with Host values a lenient split let
through ("localhost:80@evil" read as "localhost"). Real HTTP on loopback, a real SQLite file."""

from __future__ import annotations

import socket

import pytest

from souvenir.api.app import create_app
from souvenir.api.auth import parse_host
from souvenir.ground.config import Settings
from tests.servers import UvicornThread


def _status(port: int, host: bytes) -> int:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"GET /v1/users/api/ann/memories HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    return int(data.split(b" ", 2)[1])


BAD = [
    b"localhost:80@evil.example",
    b"localhost@evil.example",
    b"localhost:80:81",
    b"localhost:evil",
    b"localhost:",
    b"localhost:999999",
    b"127.0.0.1.evil.example",
    b"[::1]evil.example",
    b"[::1]:80@evil",
    b"[::1:80",
    b"localhost/evil",
    b"localhost evil",
    b"localhost%00",
    b"",
]
GOOD = [b"localhost", b"localhost:8765", b"127.0.0.1", b"127.0.0.1:8765", b"[::1]", b"[::1]:8765", b"LOCALHOST:1"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("host") / "h.db"
    settings = Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as running:
        yield running


@pytest.mark.parametrize("host", BAD, ids=[h.decode() or "empty" for h in BAD])
def test_a_malformed_host_is_refused_while_keyless(server, host):
    """Before: 'localhost:80@evil.example' (one colon: split at it) passed as 'localhost'."""
    assert _status(server.port, host) == 400


@pytest.mark.parametrize("host", GOOD, ids=[h.decode() for h in GOOD])
def test_a_localhost_name_with_or_without_its_port_is_served(server, host):
    assert _status(server.port, host) in (200, 404)


def test_parse_host_reads_host_and_port_strictly():
    assert parse_host("Example.COM:443") == "example.com"
    assert parse_host("[::1]:80") == "[::1]"
    assert parse_host("[fe80::1%25eth0]") is None  # a zone id is no Host
    for bad in ("a:b:c", "a b", "a@b", "[::1", "[zz::1]", "host:", ":80", "-a.com", "a..b", "ĥost"):
        assert parse_host(bad) is None, bad
