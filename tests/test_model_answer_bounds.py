"""A model server's or embedder's answer is read within bounds (``souvenir.ground.http_codings``):
a gzip bomb, a plain answer over :data:`MODEL_ANSWER_BYTES`, a streamed line that never
ends — each is that model's error, never read whole into memory — while an ordinary
gzip-encoded answer is still read. A loopback server speaking OpenAI's protocol; our
clients unpatched."""

from __future__ import annotations

import gzip
import json
import resource
import zlib

import pytest

from souvenir.embedding.http import OpenAIEmbedder
from souvenir.ground.errors import EmbedderError, ModelError
from souvenir.ground.http_codings import MODEL_ANSWER_BYTES, MODEL_LINE_BYTES, StepDecoder, bounded_lines
from souvenir.llm.chat import OpenAIChatClient
from tests.servers import CannedServer

COMPLETION = {"choices": [{"message": {"content": "Bonjour, 你好, selamat pagi"}, "finish_reason": "stop"}]}
EMBEDDING = {"data": [{"embedding": [0.6, 0.8]}]}


def _gzip_bomb(size: int) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    piece = b" " * (1024 * 1024)
    return b"".join(packer.compress(piece) for _ in range(size // len(piece))) + packer.flush()


@pytest.fixture(scope="module")
def upstream():
    with CannedServer() as server:
        server.routes = {
            "/bomb": (
                {"Content-Type": "application/json", "Content-Encoding": "gzip"},
                _gzip_bomb(2 * MODEL_ANSWER_BYTES),
            ),
            "/plain": ({"Content-Type": "application/json"}, b" " * (MODEL_ANSWER_BYTES + 1024)),
            "/line": ({"Content-Type": "text/event-stream"}, b"data: " + b"x" * (2 * MODEL_LINE_BYTES)),
            "/fine": (
                {"Content-Type": "application/json", "Content-Encoding": "gzip"},
                gzip.compress(json.dumps({**COMPLETION, **EMBEDDING}, ensure_ascii=False).encode()),
            ),
        }
        yield server.url


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.mark.parametrize("path", ["/bomb", "/plain"])
def test_the_chat_client_stops_reading_past_the_bound(upstream, path):
    before = _peak_mib()
    with pytest.raises(ModelError, match="over"):
        OpenAIChatClient(upstream + path, "stub", timeout_s=30).ask([{"role": "user", "content": "hi"}])
    assert _peak_mib() - before < 3 * MODEL_ANSWER_BYTES / 2**20


def test_a_streamed_line_that_never_ends_is_cut(upstream):
    with pytest.raises(ModelError, match="line over"):
        OpenAIChatClient(upstream + "/line", "stub", timeout_s=30).ask(
            [{"role": "user", "content": "hi"}], background=True
        )


@pytest.mark.parametrize("path", ["/bomb", "/plain"])
def test_an_http_embedder_stops_reading_past_the_bound(upstream, path):
    before = _peak_mib()
    with pytest.raises(EmbedderError, match="over"):
        OpenAIEmbedder(upstream + path, "stub", timeout_s=30).encode(["hi"])
    assert _peak_mib() - before < 3 * MODEL_ANSWER_BYTES / 2**20


def test_an_ordinary_gzip_answer_is_read(upstream):
    answer = OpenAIChatClient(upstream + "/fine", "stub", timeout_s=30).ask([{"role": "user", "content": "hi"}])
    assert answer.text == "Bonjour, 你好, selamat pagi"
    vectors = OpenAIEmbedder(upstream + "/fine", "stub", timeout_s=30).encode(["hi"])
    assert vectors.shape == (1, 2)


def test_the_step_decoder_yields_bounded_pieces_and_lines_across_pieces():
    decoder = StepDecoder(["deflate"])
    raw = zlib.compress(b"a" * 300_000)
    pieces = [p for chunk in (raw[:10], raw[10:]) for p in decoder.feed(chunk)]
    assert b"".join(pieces) == b"a" * 300_000
    assert max(len(p) for p in pieces) <= 64 * 1024
    assert list(bounded_lines([b"data: 1\r\nda", b"ta: 2\n", b"tail"])) == ["data: 1", "data: 2", "tail"]
