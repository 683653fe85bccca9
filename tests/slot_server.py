"""A single-slot model server stand-in for tests: computes like llama-cpp-python's on a small
machine (one request at a time, a whole answer computed for nobody after a hang-up, a streamed one
stopped). Moved out of :mod:`tests.servers` (its loopback base and handlers stay there)."""

from __future__ import annotations

import json
import select
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler

from tests.servers import _LoopbackServer, _ModelHandler, _send_json


class SlotModelServer(_LoopbackServer):
    """A model server that computes like llama-cpp-python's on a small machine: one slot.

    OpenAI ``/v1/chat/completions``; one request computes at a time (the others queue on the
    slot, as on llama-cpp-python's lock), ``token_s`` seconds a token (a token is a word of
    the answer). A whole (not streamed) answer is computed to its end even when its client
    has gone; a streamed one stops at the next token after its client hung up. It honours
    ``max_tokens`` (``finish_reason: length``) and ``stop``; without ``max_tokens`` it writes
    until ``context_tokens``.

    Behaviours per kind of request — ``chat`` (the proxy's), ``reflection`` (the reflection
    prompt), ``summary`` (the summariser's): ``ok`` (the scripted answer), ``loop`` (the
    scripted answer's first part, then one memory repeated until the token limit),
    ``invert`` (the scripted reflection with its confidences inverted: ``1 - c``), ``copy``
    (a reflection: the user's message as a note at confidence 0.05, an invention at 1), ``echo``
    (the request's last message echoed back as the answer).

    Records: ``log`` (one dict per request: kind, stream, max_tokens, temperature, stop,
    tokens computed, finish, whether its client was gone), ``max_waiting`` (requests queued
    at once behind the slot), ``abandoned_tokens`` (tokens computed for clients gone).
    """

    def __init__(self, token_s: float = 0.01, context_tokens: int = 2000) -> None:
        self.token_s = token_s
        self.context_tokens = context_tokens
        self.modes = {"chat": "ok", "reflection": "ok", "summary": "ok"}
        self.answers = {
            "chat": "Noted, thank you.",
            "reflection": json.dumps(
                {"memories": [{"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}]}
            ),
            "summary": "Lives in Ipoh.",
        }
        self.log: list[dict] = []
        self.waiting = 0
        self.max_waiting = 0
        self.abandoned_tokens = 0
        self._slot = threading.Lock()
        self._count = threading.Lock()
        outer = self

        class Handler(_ModelHandler):
            model_id = "slot"

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                messages = body.get("messages") or [{}]
                first = messages[0].get("content") if isinstance(messages[0].get("content"), str) else ""
                kind = (
                    "reflection"
                    if first.startswith("You maintain long-term notes")
                    else "summary"
                    if first.startswith("You keep a short profile")
                    else "chat"
                )
                entry = {
                    "kind": kind,
                    "stream": bool(body.get("stream")),
                    "max_tokens": body.get("max_tokens"),
                    "temperature": body.get("temperature"),
                    "stop": body.get("stop"),
                    "tokens": 0,
                    "finish": None,
                    "client_gone": False,
                }
                outer.log.append(entry)
                words = outer._words(kind, messages)
                limit = min(body.get("max_tokens") or outer.context_tokens, outer.context_tokens)
                with outer._count:
                    outer.waiting += 1
                    outer.max_waiting = max(outer.max_waiting, outer.waiting)
                with outer._slot:
                    with outer._count:
                        outer.waiting -= 1
                    outer._answer(self, entry, words, limit, body)

        self._serve(Handler)

    def _words(self, kind: str, messages: list) -> list[str]:
        mode = self.modes[kind]
        if mode == "echo":
            last = messages[-1].get("content") if isinstance(messages[-1].get("content"), str) else ""
            return last.split(" ")
        if mode == "invert" and kind == "reflection":
            data = json.loads(self.answers["reflection"])
            for item in data.get("memories", []):
                item["confidence"] = round(1 - float(item["confidence"]), 2)
            return json.dumps(data).split(" ")
        if mode == "copy" and kind == "reflection":
            # what SmolLM2 does: a near-copy of the user's words at a low confidence, and an
            # invention at a high one
            exchange = json.loads(messages[-1]["content"].split("\n", 1)[1])
            items = [
                {"text": exchange["user"][:200], "kind": "fact", "scope": "global", "confidence": 0.05},
                {"text": "Is vegan and lives in Johor", "kind": "fact", "scope": "global", "confidence": 1},
            ]
            return json.dumps({"memories": items}, ensure_ascii=False).split(" ")
        if mode == "loop":
            item = (
                '{"text": "You are a hero, I am glad you are here with us today", "kind": "fact", '
                '"scope": "global", "confidence": 1},'
            )
            head = '{"memories": [' + item
            return head.split(" ") + item.split(" ") * (self.context_tokens // 10 + 1)
        return self.answers[kind].split(" ")

    def _answer(self, handler: BaseHTTPRequestHandler, entry: dict, words: list[str], limit: int, body: dict) -> None:
        stops = body.get("stop") or []
        stops = [stops] if isinstance(stops, str) else list(stops)
        text, finish = "", "length"
        if body.get("stream"):
            try:
                handler.send_response(200)
                handler.send_header("Content-Type", "text/event-stream")
                handler.end_headers()
            except OSError:
                entry["client_gone"] = True
                return
        for n, word in enumerate(words):
            if n >= limit:
                break
            piece = word if n == 0 else " " + word
            if any(stop in text + piece for stop in stops):
                finish = "stop"
                break
            time.sleep(self.token_s)
            entry["tokens"] += 1
            text += piece
            if body.get("stream") and _gone(handler):  # a streamed answer stops at the hang-up
                entry["client_gone"] = True
                handler.close_connection = True
                return
            if body.get("stream"):
                chunk = {"choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]}
                try:
                    handler.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    if self._interrupts():  # ended for a waiting request, no finish_reason
                        entry["interrupted"] = True
                        handler.wfile.write(b"data: [DONE]\n\n")
                        handler.close_connection = True
                    handler.wfile.flush()
                except OSError:  # the client hung up: a streamed answer stops here
                    entry["client_gone"] = True
                    handler.close_connection = True
                    return
                if entry.get("interrupted"):
                    return
        else:
            finish = "stop"
        entry["finish"] = finish
        if body.get("stream"):
            last = {"choices": [{"index": 0, "delta": {}, "finish_reason": finish}]}
            try:
                handler.wfile.write(f"data: {json.dumps(last)}\n\ndata: [DONE]\n\n".encode())
                handler.wfile.flush()
            except OSError:
                entry["client_gone"] = True
            handler.close_connection = True
            return
        if _gone(handler):  # computed to its end for nobody (llama-cpp-python's whole answers)
            entry["client_gone"] = True
            self.abandoned_tokens += entry["tokens"]
        answer = {
            "id": "x",
            "object": "chat.completion",
            "model": body.get("model"),
            "choices": [{"index": 0, "finish_reason": finish, "message": {"role": "assistant", "content": text}}],
            "usage": {"completion_tokens": entry["tokens"]},
        }
        _send_json(handler, 200, json.dumps(answer).encode())

    def _interrupts(self) -> bool:
        """Whether a stream ends here because another request waits (a subclass's)."""
        return False

    def background(self) -> list[dict]:
        """The log's reflection and summary requests."""
        return [e for e in self.log if e["kind"] != "chat"]


def _gone(handler: BaseHTTPRequestHandler) -> bool:
    """Whether the request's client has closed its connection (a read would see its end)."""
    try:
        readable, _, _ = select.select([handler.connection], [], [], 0)
        return bool(readable) and handler.connection.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True
