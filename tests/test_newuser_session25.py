"""Session 25, a new user's walk (lane newuser10): what the walk met, on real parts — real
SQLite files, real PostgreSQL on 127.0.0.1:5432 where it runs, real HTTP on loopback, the
official ``openai`` SDK against the proxy, a scripted model server on loopback."""

from __future__ import annotations

import json
import sqlite3
import time
from http.server import BaseHTTPRequestHandler

import httpx
import pytest
from openai import OpenAI

from souvenir.api.app import create_app
from tests.attack_support import stub_model_settings
from tests.servers import UvicornThread, _LoopbackServer

WORDS = {
    "en": "My sister Mei is getting married in Penang in March.",
    "fr": "Ma sœur Mei se marie à Penang en mars.",
    "zh": "我妹妹小美三月要在槟城结婚。",
    "ms": "Adik saya Mei akan berkahwin di Pulau Pinang pada bulan Mac.",
}


class LingeringStream(_LoopbackServer):
    """An OpenAI-compatible server that streams its reply, sends ``data: [DONE]``, then keeps
    the connection open ``linger_s`` seconds before closing it (as a keep-alive server does
    before its last chunk): the ``openai`` SDK stops reading at ``[DONE]`` and closes."""

    def __init__(self, reply: str = "How lovely, congratulations!", linger_s: float = 0.5) -> None:
        self.requests: list[dict] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                if not body.get("stream"):  # reflection or summary: nothing proposed
                    answer = {"choices": [{"index": 0, "finish_reason": "stop", "message": {"content": "{}"}}]}
                    payload = json.dumps(answer).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                try:
                    for word in reply.split(" "):
                        chunk = {"choices": [{"index": 0, "delta": {"content": word + " "}}]}
                        self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    end = {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
                    self.wfile.write(f"data: {json.dumps(end)}\n\ndata: [DONE]\n\n".encode())
                    self.wfile.flush()
                    time.sleep(linger_s)
                except OSError:
                    pass
                self.close_connection = True

        self._serve(Handler)


def _turns(db) -> list[str]:
    with sqlite3.connect(db) as conn:
        return [row[0] for row in conn.execute("SELECT message FROM turns WHERE message != '' ORDER BY id")]


def _wait_turns(db, n: int, seconds: float = 15.0) -> list[str]:
    deadline = time.monotonic() + seconds
    while len(turns := _turns(db)) < n and time.monotonic() < deadline:
        time.sleep(0.1)
    return turns


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_stream_the_openai_sdk_read_to_done_is_recorded(tmp_path, lang):
    """The official SDK breaks out at ``data: [DONE]`` and closes the connection while the
    model server still holds it: the client got the whole reply, so the exchange is recorded
    (it was counted ``proxy_stream_cut`` and lost, two streams in five on the walk)."""
    db = tmp_path / "s.db"
    with LingeringStream() as upstream, UvicornThread(create_app(stub_model_settings(f"sqlite:///{db}", upstream.url))) as server:
        client = OpenAI(base_url=f"{server.url}/v1", api_key="none", max_retries=0)
        said = ""
        for chunk in client.chat.completions.create(
            model="stub",
            user="kai",
            stream=True,
            messages=[{"role": "system", "content": "You are Aria."}, {"role": "user", "content": WORDS[lang]}],
        ):
            if chunk.choices and chunk.choices[0].delta.content:
                said += chunk.choices[0].delta.content
        assert said.strip() == "How lovely, congratulations!"
        assert _wait_turns(db, 1) == [WORDS[lang]]
        metrics = httpx.get(f"{server.url}/metrics").text
        assert 'event="proxy_stream_cut"} 0.0' in metrics
