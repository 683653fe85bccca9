"""Adversarial (session 11, second wave): a model server's compressed answer to Souvenir's
own clients (the reflection's chat client, the HTTP embedders). httpx decodes
``Content-Encoding: zstd`` whenever ``zstandard`` is installed, each network chunk whole:
32 KB of zstd was 1 GiB in memory before the answer was even parsed. A loopback server
speaking OpenAI's protocol, our clients unpatched; the process's peak memory is measured."""

from __future__ import annotations

import resource

import pytest
import zstandard

from souvenir.embedding.http import OpenAIEmbedder
from souvenir.ground.errors import EmbedderError, ModelError
from souvenir.llm.chat import OpenAIChatClient
from tests.servers import CannedServer

BOMB = 1024 * 1024 * 1024


def _bomb() -> bytes:
    packer = zstandard.ZstdCompressor(level=19).compressobj()
    piece = b" " * (1024 * 1024)
    return b"".join(packer.compress(piece) for _ in range(BOMB // len(piece))) + packer.flush()


@pytest.fixture(scope="module")
def upstream():
    with CannedServer(_bomb()) as server:
        server.encoding = "zstd"
        yield server.url


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
