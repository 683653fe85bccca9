"""Adversarial (session 11, second wave): an upstream's answer compressed past the proxy's
bound. The whole answer is read up to 16 MiB and a stream's line up to 1 MiB — counted on
the decoded bytes httpx yields, but httpx decodes each network chunk whole: 8 KB of zstd
(``Content-Encoding: zstd``, which httpx decodes whenever ``zstandard`` is installed, asked
for or not) came out as one 256 MiB chunk before any bound was checked, and a few hundred
KB would be gigabytes. An upstream speaking OpenAI's protocol on loopback, a real SQLite
file, real HTTP; the process's peak memory is what is measured."""

from __future__ import annotations

import gzip
import json
import resource
import zlib

import httpx
import pytest
import zstandard

from souvenir.api.app import create_app
from tests.attack_support import COMPLETION, completion_upstream, stub_model_settings
from tests.servers import UvicornThread

BOMB = 1024 * 1024 * 1024


@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    upstream = completion_upstream()
    db = tmp_path_factory.mktemp("enc") / "p.db"
    with (
        UvicornThread(create_app(stub_model_settings(f"sqlite:///{db}", upstream.url))) as server,
        httpx.Client(base_url=server.url, timeout=60) as client,
    ):
        yield upstream, client
    upstream.close()


def _bomb(encoding: str) -> bytes:
    """``BOMB`` bytes of one event line, compressed a MiB at a time (never held whole)."""
    packer = zstandard.ZstdCompressor(level=19).compressobj() if encoding == "zstd" else zlib.compressobj(9, wbits=31)
    out = [packer.compress(b"data: ")]
    piece = b" " * (1024 * 1024)
    out += [packer.compress(piece) for _ in range(BOMB // len(piece))]
    return b"".join(out) + packer.flush()


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _ask(client: httpx.Client, stream: bool) -> httpx.Response:
    body = {"model": "stub", "user": "ann", "stream": stream, "messages": [{"role": "user", "content": "Hello"}]}
    return client.post("/v1/chat/completions", json=body)


@pytest.mark.parametrize("encoding", ["zstd", "gzip"])
@pytest.mark.parametrize("stream", [False, True])
def test_a_compressed_answer_is_bounded_while_decoded(proxy, stream, encoding):
    upstream, client = proxy
    upstream.ctype = "text/event-stream" if stream else "application/json"
    upstream.encoding = encoding
    upstream.body = _bomb(encoding)
    assert len(upstream.body) < 2 * 1024 * 1024
    before = _peak_mib()
    r = _ask(client, stream)
    assert r.status_code in (200, 502)
    assert len(r.content) < 2 * 1024 * 1024
    assert _peak_mib() - before < 128, "the decoded answer was held past its bound"


def test_a_gzip_answer_is_still_relayed(proxy):
    upstream, client = proxy
    upstream.ctype, upstream.encoding = "application/json", "gzip"
    upstream.body = gzip.compress(json.dumps(COMPLETION).encode())
    r = _ask(client, False)
    assert r.status_code == 200, r.text
    assert r.json()["choices"][0]["message"]["content"] == "Hi there"
    assert "content-encoding" not in r.headers
