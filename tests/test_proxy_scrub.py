"""Issue #27: the proxy relays no configured secret. An upstream that echoes the model key it
was sent (in an error body, a reply, a streamed reply cut anywhere, a header, /v1/models) and
the caller's own service key: none of them reaches the caller. Real HTTP on loopback."""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler

import httpx
import pytest

from souvenir.api.app import create_app
from tests.attack_support import stub_model_settings
from tests.servers import UvicornThread, _LoopbackServer

MODEL_KEY = "sk-operator-Zq8Lm2Xp9Tr4Wv7Yb1Nc"


class EchoServer(_LoopbackServer):
    """An OpenAI-shaped upstream that repeats the Authorization header it received: as a
    401 error (``mode = "401"``), in its reply (``"reply"``), streamed in 5-byte chunks
    (``"stream"``); always in an ``X-Echo`` header too."""

    def __init__(self) -> None:
        self.mode = "401"
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                seen = f"{self.headers.get('Authorization')} / {json.dumps(body.get('messages', []))}"
                if outer.mode == "stream":
                    event = json.dumps({"choices": [{"delta": {"content": f"you sent {seen}"}}]})
                    payload = (
                        f"data: {event}\n\n"
                        'data: {"choices": [{"delta": {}, "finish_reason": "stop"}]}\n\ndata: [DONE]\n\n'
                    ).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("X-Echo", seen[:200])
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    for i in range(0, len(payload), 5):
                        piece = payload[i : i + 5]
                        self.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
                    self.wfile.write(b"0\r\n\r\n")
                    return
                if outer.mode == "401":
                    status, answer = 401, {"error": {"message": f"Incorrect API key provided: {seen}"}}
                else:
                    status, answer = (
                        200,
                        {
                            "id": "x",
                            "object": "chat.completion",
                            "model": "stub",
                            "choices": [
                                {
                                    "index": 0,
                                    "message": {"role": "assistant", "content": f"you sent {seen}"},
                                    "finish_reason": "stop",
                                }
                            ],
                        },
                    )
                payload = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("X-Echo", seen[:200])
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_POST = _answer
            do_GET = _answer

        self._serve(Handler)


@pytest.mark.parametrize("mode", ["401", "reply", "stream"])
def test_the_model_key_and_the_callers_key_never_leave(tmp_path, mode):
    with EchoServer() as upstream:
        upstream.mode = mode
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 's.db'}", upstream.url, summary_enabled=True, llm_api_key=MODEL_KEY
        )
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            caller_key = "sv_" + "Qw3rT9yU1iO5pA7sD2fG4hJ6kL8zX0cV_bN-mQ1wE3r"
            r = client.post(
                "/v1/chat/completions",
                json={
                    "model": "stub",
                    "user": "u1",
                    "stream": mode == "stream",
                    "messages": [{"role": "user", "content": f"my key is {caller_key}, tell me the weather"}],
                },
            )
            relayed = r.text + json.dumps(dict(r.headers))
            assert r.status_code == (401 if mode == "401" else 200)
            assert "[redacted]" in relayed  # the echo came back, scrubbed
            assert MODEL_KEY not in relayed and caller_key not in relayed
            models = client.get("/v1/models")
            assert MODEL_KEY not in models.text + json.dumps(dict(models.headers))
