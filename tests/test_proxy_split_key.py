"""Issue #27: a configured secret split across two SSE events of a streamed proxied reply is
still scrubbed. An upstream that speaks OpenAI's streaming protocol echoes the operator's
model key (or the caller's own service key) in the ``delta.content`` of two (or three)
``data:`` events, cut at every kind of point — so the key never stands whole in the bytes —
and writes each event in its own flushed chunk, or byte by byte. Through the real proxy on
loopback; the :class:`~souvenir.privacy.relay.EventScrubber` alone on every split point."""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.privacy import configured_secrets
from souvenir.privacy.relay import EventScrubber, RelayScrubber
from tests.attack_support import stub_model_settings
from tests.servers import UvicornThread, _LoopbackServer

MODEL_KEY = "sk-operator-Zq8Lm2Xp9Tr4Wv7Yb1Nc"
CALLER_KEY = "sv_" + "Qw3rT9yU1iO5pA7sD2fG4hJ6kL8zX0cV_bN-mQ1wE3r"


def _event(content: str | None, finish: str | None = None) -> bytes:
    delta = {} if content is None else {"content": content}
    payload = {"id": "c1", "object": "chat.completion.chunk", "model": "stub"}
    payload["choices"] = [{"index": 0, "delta": delta, "finish_reason": finish}]
    return f"data: {json.dumps(payload)}\n\n".encode()


def _stream(pieces: list[str]) -> list[bytes]:
    return [_event(p) for p in pieces] + [_event(None, "stop"), b"data: [DONE]\n\n"]


def _split(text: str, cuts: tuple[int, ...]) -> list[str]:
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


def _received(body: str) -> str:
    """The reply's text as the caller's SDK joins it: every ``delta.content`` in order."""
    out = []
    for line in body.split("\n"):
        if line.startswith("data:") and line[5:].strip() != "[DONE]":
            out.append(json.loads(line[5:])["choices"][0]["delta"].get("content") or "")
    return "".join(out)


class SplitEchoServer(_LoopbackServer):
    """Streams ``f"your key {KEY} is wrong"`` with ``KEY`` (the model key it was sent, or the
    caller's key it finds in the messages) cut at ``cuts``; ``byte_by_byte`` writes the
    stream one byte per chunk, else one event per chunk."""

    def __init__(self) -> None:
        self.cuts: tuple[int, ...] = (10,)
        self.byte_by_byte = False
        self.echo = "model"
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
                key = self.headers["Authorization"].split(" ", 1)[1]
                if outer.echo == "caller":
                    key = body["messages"][-1]["content"].split()[-1]
                prefix = "your key "
                text = f"{prefix}{key} is wrong"
                pieces = _split(text, tuple(len(prefix) + c for c in outer.cuts))
                chunks = _stream(pieces)
                if outer.byte_by_byte:
                    chunks = [bytes([b]) for b in b"".join(chunks)]
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for chunk in chunks:
                    self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                    self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")

        self._serve(Handler)


#: Where the key is cut (characters into it): after its first character, in its middle,
#: before its last, and in three pieces.
CUTS = [(1,), (len(MODEL_KEY) // 2,), (len(MODEL_KEY) - 1,), (3, 20)]


@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    with SplitEchoServer() as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path_factory.mktemp('split') / 's.db'}",
            upstream.url,
            summary_enabled=True,
            llm_api_key=MODEL_KEY,
        )
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            yield upstream, client


@pytest.mark.parametrize("byte_by_byte", [False, True])
@pytest.mark.parametrize("cuts", CUTS)
def test_a_model_key_split_across_events_never_leaves(proxy, cuts, byte_by_byte):
    upstream, client = proxy
    upstream.echo, upstream.cuts, upstream.byte_by_byte = "model", cuts, byte_by_byte
    r = client.post(
        "/v1/chat/completions",
        json={"model": "stub", "user": "u1", "stream": True, "messages": [{"role": "user", "content": "hi"}]},
    )
    assert r.status_code == 200
    assert _received(r.text) == "your key [redacted] is wrong"  # the whole reply, scrubbed
    assert MODEL_KEY not in r.text and r.text.rstrip().endswith("data: [DONE]")


@pytest.mark.parametrize("cuts", [(2,), (24,), (45,)])
def test_the_callers_key_split_across_events_never_leaves(proxy, cuts):
    upstream, client = proxy
    upstream.echo, upstream.cuts, upstream.byte_by_byte = "caller", cuts, False
    r = client.post(
        "/v1/chat/completions",
        json={
            "model": "stub",
            "user": "u1",
            "stream": True,
            "messages": [{"role": "user", "content": f"k {CALLER_KEY}"}],
        },
    )
    assert r.status_code == 200
    assert _received(r.text) == "your key [redacted] is wrong" and CALLER_KEY not in r.text


def test_every_split_point_and_the_carry_is_bounded():
    """Every cut of the key into two events; what is held back is never more than the
    longest secret minus one character (the process's configured secrets count: other tests
    configure theirs), and deltas whose ends cannot begin a secret (a line break: no key holds
    one) are relayed byte for byte."""
    text = f"key {MODEL_KEY} end"
    for cut in range(len(text) + 1):
        scrubber = EventScrubber(RelayScrubber([MODEL_KEY]))
        out = b""
        for chunk in _stream([text[:cut], text[cut:]]):
            out += scrubber.feed(chunk)
            held = max(map(len, scrubber._carry.values()), default=0)  # noqa: SLF001 - the bound under test
            assert held <= max(len(MODEL_KEY), len(CALLER_KEY), *map(len, configured_secrets())) - 1
        out += scrubber.flush()
        assert _received(out.decode()) == "key [redacted] end", cut
    plain = b"".join(_stream(["Hello", " there, ", "sk-", "is a prefix"]))
    scrubber = EventScrubber(RelayScrubber([MODEL_KEY]))
    relayed = b"".join(scrubber.feed(plain[i : i + 7]) for i in range(0, len(plain), 7)) + scrubber.flush()
    assert _received(relayed.decode()) == "Hello there, sk-is a prefix"
    scrubber = EventScrubber(RelayScrubber([MODEL_KEY]))
    ordinary = b"".join(_stream(["Hello\n", "there, friend\n"]))
    assert scrubber.feed(ordinary) + scrubber.flush() == ordinary  # nothing held, nothing rewritten


def _tool_event(index: int, arguments: str, name: str | None = None) -> bytes:
    call: dict = {"index": index, "function": {"arguments": arguments}}
    if name is not None:
        call |= {"id": f"call_{index}", "type": "function", "function": {"name": name, "arguments": arguments}}
    payload = {"id": "c1", "object": "chat.completion.chunk", "model": "stub"}
    payload["choices"] = [{"index": 0, "delta": {"tool_calls": [call]}, "finish_reason": None}]
    return f"data: {json.dumps(payload)}\n\n".encode()


def _arguments(body: str) -> dict[int, str]:
    """Each tool call's arguments as an SDK joins them, by the call's index."""
    joined: dict[int, str] = {}
    for line in body.split("\n"):
        if line.startswith("data:") and line[5:].strip() != "[DONE]":
            for call in json.loads(line[5:])["choices"][0]["delta"].get("tool_calls") or []:
                joined[call["index"]] = joined.get(call["index"], "") + call["function"].get("arguments", "")
    return joined


def test_a_key_split_across_tool_call_arguments_never_leaves():
    """A tool call's ``arguments`` stream in pieces too (session 9's attacker lane: a key cut
    across two of them passed whole, each piece scrubbed as bytes alone). Every cut, two
    calls interleaved, the content beside them: each stream is scrubbed as one text."""
    args = '{"note": "key ' + MODEL_KEY + ' end"}'
    for cut in range(len(args) + 1):
        scrubber = EventScrubber(RelayScrubber([MODEL_KEY]))
        events = [
            _tool_event(0, args[:cut], name="save"),
            _tool_event(1, '{"x": 1', name="other"),
            _event("and the text " + MODEL_KEY[:9]),
            _tool_event(0, args[cut:]),
            _event(MODEL_KEY[9:]),
            _tool_event(1, "}"),
            _event(None, "tool_calls"),
            b"data: [DONE]\n\n",
        ]
        out = (b"".join(scrubber.feed(e) for e in events) + scrubber.flush()).decode()
        assert MODEL_KEY not in out.replace("\\", "")
        assert _arguments(out) == {0: '{"note": "key [redacted] end"}', 1: '{"x": 1}'}, cut
        assert _received(out) == "and the text [redacted]", cut
