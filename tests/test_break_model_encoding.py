"""Adversarial (session 11, second wave): a model server's compressed answer to Souvenir's
own clients (the reflection's chat client, the HTTP embedders). httpx decodes
``Content-Encoding: zstd`` whenever ``zstandard`` is installed, each network chunk whole:
32 KB of zstd was 1 GiB in memory before the answer was even parsed. A loopback server
speaking OpenAI's protocol, our clients unpatched; the process's peak memory is measured."""

from __future__ import annotations

import resource
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import zstandard

from souvenir.embedding.http import OpenAIEmbedder
from souvenir.errors import EmbedderError, ModelError
from souvenir.llm.chat import OpenAIChatClient
from tests.servers import free_port

BOMB = 1024 * 1024 * 1024


def _bomb() -> bytes:
    packer = zstandard.ZstdCompressor(level=19).compressobj()
    piece = b" " * (1024 * 1024)
    return b"".join(packer.compress(piece) for _ in range(BOMB // len(piece))) + packer.flush()


@pytest.fixture(scope="module")
def upstream():
    body = _bomb()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "zstd")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_the_chat_client_does_not_inflate_a_zstd_answer(upstream):
    before = _peak_mib()
    with pytest.raises(ModelError):
        OpenAIChatClient(upstream, "stub", timeout_s=30).ask([{"role": "user", "content": "hi"}])
    assert _peak_mib() - before < 128


def test_an_http_embedder_does_not_inflate_a_zstd_answer(upstream):
    before = _peak_mib()
    with pytest.raises(EmbedderError):
        OpenAIEmbedder(upstream, "stub", timeout_s=30).encode(["hi"])
    assert _peak_mib() - before < 128
