"""A stand-in for a chat model: an OpenAI-compatible server on loopback, Python's standard
library only, to try Souvenir's proxy, reflection and `souvenir chat` without a real model.

    python3 examples/fake_model.py [--port 8081]

Chat requests get "(fake model) you said: …" (``"stream": true`` too); a reflection request
(one asking for JSON) gets ``{"memories": []}``, so each message is kept as an episode as in
no-model mode; ``GET /v1/models`` lists ``fake``. Nothing is stored. docs/proxy.md.
"""

from __future__ import annotations

import argparse
import json
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def answer(body: dict) -> str:
    """The text answer to a chat request ``body`` (an OpenAI chat completion request)."""
    messages = body.get("messages") or [{}]
    system = " ".join(str(m.get("content")) for m in messages if m.get("role") == "system")
    if "response_format" in body or "JSON" in system:
        return json.dumps({"memories": []})
    return "(fake model) you said: " + str(messages[-1].get("content", ""))[:200]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:
        pass

    def _json(self, status: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        if self.path.rstrip("/").endswith("/models"):
            self._json(200, {"object": "list", "data": [{"id": "fake", "object": "model", "owned_by": "you"}]})
        else:
            self._json(404, {"error": {"message": "only /v1/models and /v1/chat/completions", "type": "not_found"}})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._json(404, {"error": {"message": "only /v1/chat/completions", "type": "not_found"}})
            return
        text, model, now = answer(body), body.get("model", "fake"), int(time.time())
        if not body.get("stream"):
            choice = {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
            usage = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
            self._json(
                200,
                {
                    "id": "fake-1",
                    "object": "chat.completion",
                    "created": now,
                    "model": model,
                    "choices": [choice],
                    "usage": usage,
                },
            )
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        for piece, finish in ((text, None), ("", "stop")):
            chunk = {
                "id": "fake-1",
                "object": "chat.completion.chunk",
                "created": now,
                "model": model,
                "choices": [{"index": 0, "delta": {"content": piece} if piece else {}, "finish_reason": finish}],
            }
            self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\n\n")
        self.wfile.write(b"data: [DONE]\n\n")
        self.close_connection = True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8081)
    port = parser.parse_args().port
    print(f"fake model on http://127.0.0.1:{port} (model 'fake'); Ctrl-C stops it", flush=True)
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


if __name__ == "__main__":
    main()
