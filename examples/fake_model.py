"""A stand-in for a chat model: an OpenAI-compatible server on loopback, Python's standard
library only, to try Souvenir's proxy, reflection and `souvenir chat` without a real model.

    python3 examples/fake_model.py [--port 8081] [--show-system]

Chat requests get "(fake model) you said: …" (``"stream": true`` too); with
``--show-system`` the answer ends with the system prompt it was sent, "[system] …": the
memory block Souvenir's proxy added, as the model reads it. A reflection request
(one asking for JSON) gets ``{"memories": []}``, so each message is kept as an episode as in
no-model mode; a profile-summary request gets a stand-in line in the customer's language
naming the order codes they wrote; ``GET /v1/models`` lists ``fake``. Nothing is stored.
docs/proxy.md.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


SHOW_SYSTEM = False  # --show-system: each chat answer ends with the system prompt it was sent


#: The opening of Souvenir's summariser prompt (souvenir.profile.prompt.SUMMARY_SYSTEM).
SUMMARY_OPENING = "You keep a short profile of a customer"
#: A stand-in profile line in the customer's language: {n} messages, {codes} the order or SKU codes.
SUMMARY_LINES = {
    "en": "Stand-in profile from the fake model: a customer whose recent messages number {n}{codes}.",
    "fr": "Profil factice du faux modèle : un client dont les messages récents sont au nombre de {n}{codes}.",
    "zh": "假模型的占位画像：这位客户最近发了{n}条消息{codes}。",
    "ms": "Profil olok-olok daripada model palsu: pelanggan yang menghantar {n} mesej baru-baru ini{codes}.",
}
MENTIONED = {"en": ", about {}", "fr": ", au sujet de {}", "zh": "，提到{}", "ms": ", tentang {}"}
CODE = re.compile(r"\b[A-Za-z]{2,}-?\d{2,}\b")


def summary(data: str) -> str:
    """The stand-in answer to Souvenir's summariser (its request's user message, ``data``: JSON
    with ``recent_questions``, ``new_message`` and ``language``): one line in the customer's
    language (en, fr, zh, ms; English otherwise) naming the codes they wrote, so the profile's
    ``summary`` fills as a real model's would, without pretending to understand anything."""
    try:
        found = json.loads(data)
    except ValueError:
        found = {}
    found = found if isinstance(found, dict) else {}
    said = [str(q) for q in found.get("recent_questions") or []] + [str(found.get("new_message") or "")]
    language = str(found.get("language") or "en").split("-")[0].lower()
    language = language if language in SUMMARY_LINES else "en"
    codes = sorted({code.upper() for text in said for code in CODE.findall(text)})
    mentioned = MENTIONED[language].format(", ".join(codes)) if codes else ""
    return SUMMARY_LINES[language].format(n=len({text for text in said if text}), codes=mentioned)


def answer(body: dict, show_system: bool = False) -> str:
    """The text answer to a chat request ``body`` (an OpenAI chat completion request);
    ``show_system``: followed by "\n[system] " and the system prompt (none: "(none)")."""
    messages = body.get("messages") or [{}]
    system = "\n".join(str(m.get("content")) for m in messages if m.get("role") == "system")
    if system.startswith(SUMMARY_OPENING):
        return summary(str(messages[-1].get("content") or ""))
    if "response_format" in body or "JSON" in system:
        return json.dumps({"memories": []})
    text = "(fake model) you said: " + str(messages[-1].get("content", ""))[:200]
    return text + "\n[system] " + (system or "(none)") if show_system else text


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
        text, model, now = answer(body, SHOW_SYSTEM), body.get("model", "fake"), int(time.time())
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
    global SHOW_SYSTEM
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8081)
    parser.add_argument("--show-system", action="store_true", help="end each answer with the system prompt it was sent")
    args = parser.parse_args()
    port, SHOW_SYSTEM = args.port, args.show_system
    print(f"fake model on http://127.0.0.1:{port} (model 'fake'); Ctrl-C stops it", flush=True)
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


if __name__ == "__main__":
    main()
