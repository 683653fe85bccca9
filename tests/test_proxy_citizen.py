"""Issue #13, the proxy as a good OpenAI citizen: the memory block after the caller's
system/developer prompt whatever its shape, X-Souvenir-User, a counter for requests naming
no user, tool-call legs are not exchanges, a client's retry is recorded once, a reply the
client never got is not recorded. Against a scripted model on loopback."""

from __future__ import annotations

import json
import socket
import sqlite3
import time
from http.server import BaseHTTPRequestHandler

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.api.proxy_request import with_memory
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread, _LoopbackServer, _send_json


class ToolServer(_LoopbackServer):
    """Answers a request ending with a user message by a tool call, one ending with a tool
    result by a text reply."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                if "response_format" in body:
                    message = {"role": "assistant", "content": '{"memories": []}'}
                    finish = "stop"
                elif body["messages"][-1]["role"] == "user":
                    message = {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {"id": "c1", "type": "function", "function": {"name": "track", "arguments": "{}"}}
                        ],
                    }
                    finish = "tool_calls"
                else:
                    message, finish = {"role": "assistant", "content": "It ships on Monday."}, "stop"
                _send_json(
                    self,
                    200,
                    json.dumps({"choices": [{"index": 0, "message": message, "finish_reason": finish}]}).encode(),
                )

        self._serve(Handler)


def _app(tmp_path, upstream_url: str):
    settings = stub_model_settings(f"sqlite:///{tmp_path / 'c.db'}", upstream_url, summary_enabled=True)
    return UvicornThread(create_app(settings))


def _turns(tmp_path) -> list[tuple]:
    with sqlite3.connect(tmp_path / "c.db") as conn:
        return conn.execute("SELECT message, reply FROM turns ORDER BY id").fetchall()


def test_the_memory_block_goes_after_the_callers_prompt_whatever_its_shape():
    block = "MEMORY"
    dev = [{"role": "developer", "content": [{"type": "text", "text": "Be brief."}]}, {"role": "user", "content": "hi"}]
    assert with_memory(dev, block)[0]["content"][-1] == {"type": "text", "text": "MEMORY"}
    two = [{"role": "system", "content": "A"}, {"role": "developer", "content": "B"}, {"role": "user", "content": "hi"}]
    out = with_memory(two, block)
    assert out[0]["content"] == "A" and out[1]["content"] == "B\n\nMEMORY"
    odd = [{"role": "system", "content": None}, {"role": "user", "content": "hi"}]
    assert with_memory(odd, block)[1] == {"role": "system", "content": "MEMORY"}
    assert with_memory([{"role": "user", "content": "hi"}], block)[0] == {"role": "system", "content": "MEMORY"}


def test_user_header_no_user_counter_and_retries_recorded_once(tmp_path):
    with ChatServer(reply="Your order ships today.") as upstream, _app(tmp_path, upstream.url) as server:
        request = {"model": "stub", "messages": [{"role": "user", "content": "Where is my parcel to Ipoh?"}]}
        for _ in range(3):  # the client retries the same request
            r = httpx.post(f"{server.url}/v1/chat/completions", json=request, headers={"X-Souvenir-User": "42"})
            assert r.status_code == 200
        time.sleep(0.5)
        assert _turns(tmp_path) == [("Where is my parcel to Ipoh?", "Your order ships today.")]
        r = httpx.post(f"{server.url}/v1/chat/completions", json=request)  # names no user (litellm)
        assert r.status_code == 200
        metrics = httpx.get(f"{server.url}/metrics").text
        assert 'souvenir_proxy_events_total{event="proxy_no_user"} 1.0' in metrics
        assert 'souvenir_proxy_events_total{event="proxy_retries_recorded_once"} 2.0' in metrics


def test_tool_call_legs_are_not_exchanges(tmp_path):
    with ToolServer() as upstream, _app(tmp_path, upstream.url) as server:
        messages = [{"role": "user", "content": "When does my parcel to Ipoh ship?"}]
        first = httpx.post(
            f"{server.url}/v1/chat/completions", json={"model": "stub", "user": "7", "messages": messages}
        ).json()
        call = first["choices"][0]["message"]
        messages += [call, {"role": "tool", "tool_call_id": "c1", "content": '{"ships": "Monday"}'}]
        final = httpx.post(
            f"{server.url}/v1/chat/completions", json={"model": "stub", "user": "7", "messages": messages}
        )
        assert final.json()["choices"][0]["message"]["content"] == "It ships on Monday."
        time.sleep(0.5)
        assert _turns(tmp_path) == [("When does my parcel to Ipoh ship?", "It ships on Monday.")]
        assert 'event="proxy_tool_call_legs"} 1.0' in httpx.get(f"{server.url}/metrics").text


def test_a_reply_the_client_never_got_is_not_recorded(tmp_path):
    with ChatServer(reply="Here it is.") as upstream, _app(tmp_path, upstream.url) as server:
        upstream.chat_mode, upstream.delay_s = "slow", 2.0
        with pytest.raises(httpx.ReadTimeout):
            httpx.post(
                f"{server.url}/v1/chat/completions",
                timeout=0.5,
                json={"model": "stub", "user": "9", "messages": [{"role": "user", "content": "I moved to Ipoh"}]},
            )
        time.sleep(3.0)
        assert _turns(tmp_path) == []
        assert 'event="proxy_client_gone"} 1.0' in httpx.get(f"{server.url}/metrics").text


def test_a_client_gone_before_its_body_was_read_is_counted_not_a_500(tmp_path):
    """The client sends its headers and half its body, then hangs up: the proxy never saw a
    request, so nothing is forwarded or recorded; it is counted as a client gone."""
    with ChatServer(reply="Here it is.") as upstream, _app(tmp_path, upstream.url) as server:
        host, port = server.url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=5) as client:
            client.sendall(
                b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 400\r\n\r\n"
                b'{"model": "stub", "user": "9", "messages": ['
            )
        deadline, metrics = time.monotonic() + 10, ""
        while 'event="proxy_client_gone"} 1.0' not in metrics and time.monotonic() < deadline:
            time.sleep(0.1)
            metrics = httpx.get(f"{server.url}/metrics").text
        assert 'event="proxy_client_gone"} 1.0' in metrics
        assert upstream.requests == []
        assert _turns(tmp_path) == []


_STREAM = {
    "model": "stub",
    "user": "9",
    "stream": True,
    "messages": [{"role": "user", "content": "I moved to Ipoh last week"}],
}


def test_a_stream_the_model_cut_short_is_counted_not_recorded(tmp_path):
    """The model server drops the connection after two words, without ``[DONE]``: the
    client got a partial reply, so the exchange is not stored as said; it is counted."""
    with ChatServer(reply="That sounds like a big move for you.") as upstream, _app(tmp_path, upstream.url) as server:
        upstream.cut_after_words = 2
        with httpx.stream("POST", f"{server.url}/v1/chat/completions", json=_STREAM, timeout=10) as answer:
            assert answer.status_code == 200
            assert "That" in "".join(answer.iter_text())
        deadline = time.monotonic() + 10
        metrics = ""
        while 'event="proxy_stream_cut"} 1.0' not in metrics and time.monotonic() < deadline:
            time.sleep(0.1)
            metrics = httpx.get(f"{server.url}/metrics").text
        assert 'event="proxy_stream_cut"} 1.0' in metrics
        assert _turns(tmp_path) == []


def test_a_client_that_leaves_mid_stream_gets_nothing_recorded(tmp_path):
    """The client reads the first words and hangs up while the model is still streaming:
    the rest never reached anyone, so nothing is recorded; it is counted."""
    with (
        ChatServer(reply="one two three four five six seven eight") as upstream,
        _app(tmp_path, upstream.url) as server,
    ):
        upstream.word_delay_s = 0.3
        with httpx.stream("POST", f"{server.url}/v1/chat/completions", json=_STREAM, timeout=10) as answer:
            first = next(answer.iter_text())
            assert "one" in first
        deadline = time.monotonic() + 10
        metrics = ""
        while (
            'proxy_stream_cut"} 1.0' not in metrics
            and 'proxy_client_gone"} 1.0' not in metrics
            and time.monotonic() < deadline
        ):
            time.sleep(0.2)
            metrics = httpx.get(f"{server.url}/metrics").text
        time.sleep(3.0)  # the model's whole reply (8 words × 0.3 s) has had time to end
        assert _turns(tmp_path) == []
        assert 'event="proxy_stream_cut"} 1.0' in metrics or 'event="proxy_client_gone"} 1.0' in metrics


def _lang(tmp_path) -> str | None:
    with sqlite3.connect(tmp_path / "c.db") as conn:
        row = conn.execute("SELECT value FROM user_kv WHERE key = 'lang'").fetchone()
    return row[0] if row else None


def test_the_channels_language_header_comes_first_for_lang(tmp_path):
    """Seed 001 §5.1: the channel's language code > the stored lang > detection. The proxy
    takes it from ``X-Souvenir-Language`` (the REST turn's ``language``); streaming too."""
    with ChatServer(reply="Sure.") as upstream, _app(tmp_path, upstream.url) as server:
        url = f"{server.url}/v1/chat/completions"

        def say(text: str, headers: dict | None = None, stream: bool = False) -> httpx.Response:
            return httpx.post(
                url,
                timeout=30,
                headers=headers or {},
                json={"model": "stub", "user": "9", "stream": stream, "messages": [{"role": "user", "content": text}]},
            )

        def settled(expected: str) -> str | None:
            deadline = time.monotonic() + 10
            while _lang(tmp_path) != expected and time.monotonic() < deadline:
                time.sleep(0.1)
            return _lang(tmp_path)

        assert say("Hello, I need help with my order please").status_code == 200
        assert settled("en") == "en"
        assert say("我的订单什么时候到？").status_code == 200
        time.sleep(1.0)
        assert _lang(tmp_path) == "en"  # stored beats detection (the rule, not a bug)
        assert say("我想查一下快递单号", {"X-Souvenir-Language": "zh-CN"}).status_code == 200
        assert settled("zh") == "zh"
        assert say("Bila bungkusan saya sampai?", {"X-Souvenir-Language": "ms"}, stream=True).status_code == 200
        assert settled("ms") == "ms"
        refused = say("hi", {"X-Souvenir-Language": "x" * 36})
        assert refused.status_code == 422 and refused.json()["error"]["param"] == "X-Souvenir-Language"


def test_health_says_when_the_upstream_model_fails_the_proxy(tmp_path):
    """A model server that is down left /health "ok" while every proxied request got a 502:
    the proxy's latest upstream answer is a cause (its class only: /health is public)."""
    with ChatServer(reply="Fine.") as upstream, _app(tmp_path, upstream.url) as server:
        url = f"{server.url}/v1/chat/completions"
        assert httpx.get(f"{server.url}/health").json()["proxy"]["upstream"] == "unknown"
        upstream.chat_mode = "500"
        assert (
            httpx.post(
                url, timeout=30, json={"model": "stub", "messages": [{"role": "user", "content": "hello there"}]}
            ).status_code
            == 500
        )
        body = httpx.get(f"{server.url}/health").json()
        assert body["status"] == "degraded" and body["proxy"]["upstream"] == "failing"
        assert body["proxy"]["last_failure"] == "HTTP 500"
        assert [c["part"] for c in body["causes"]] == ["proxy"]
        upstream.chat_mode = "ok"
        assert (
            httpx.post(
                url, timeout=30, json={"model": "stub", "messages": [{"role": "user", "content": "hello again"}]}
            ).status_code
            == 200
        )
        body = httpx.get(f"{server.url}/health").json()
        assert body["status"] == "ok" and body["proxy"]["upstream"] == "ok" and body["causes"] == []
    gone = f"http://127.0.0.1:{_free_port()}"
    with _app(tmp_path, gone) as server:
        assert (
            httpx.post(
                f"{server.url}/v1/chat/completions",
                timeout=30,
                json={"model": "stub", "messages": [{"role": "user", "content": "anyone?"}]},
            ).status_code
            == 502
        )
        body = httpx.get(f"{server.url}/health/ready").json()
        assert body["proxy"]["last_failure"] == "ConnectError" and "127.0.0.1" not in str(body["causes"])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
