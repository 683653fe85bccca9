"""Real HTTP on loopback for tests: run our app with uvicorn, and small protocol stand-ins.

The stand-ins replace a model or embedder we cannot run here at its HTTP boundary (never by
patching our own code): :class:`EmbeddingServer` speaks OpenAI's ``/v1/embeddings`` and can
answer, stall, or fail on demand; :class:`ChatServer` and :class:`AnswerServer` speak its chat protocol
(:class:`tests.slot_server.SlotModelServer`, the single-slot one, in its own module).
"""

from __future__ import annotations

import hashlib
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import uvicorn


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def hold_write_lock(db, seconds: float) -> subprocess.Popen:
    """Another process holding the SQLite file ``db``'s write lock for ``seconds`` (kill it
    to release); returns once the lock is held."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, time\n"
            f"c = sqlite3.connect({str(db)!r}, isolation_level=None)\n"
            f"c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep({seconds})\n",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    return holder


class UvicornThread:
    """Serve an ASGI app on 127.0.0.1:<free port> in a thread; ``url`` once started."""

    def __init__(self, app, host: str = "127.0.0.1") -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host=host, port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "UvicornThread":
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


class _LoopbackServer:
    """A ``ThreadingHTTPServer`` on 127.0.0.1:<free port> in a daemon thread (``url``)."""

    def _serve(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """``handler`` served on 127.0.0.1:<free port> in a daemon thread; yields the server's URL,
    shut down and closed on exit."""
    server = _LoopbackServer()
    server._serve(handler)
    with server:
        yield server.url


def _send_json(handler: BaseHTTPRequestHandler, status: int, payload: bytes, ctype: str = "application/json") -> None:
    try:
        handler.send_response(status)
        handler.send_header("Content-Type", ctype)
        handler.send_header("Content-Length", str(len(payload)))
        handler.end_headers()
        handler.wfile.write(payload)
    except OSError:
        pass


class _ModelHandler(BaseHTTPRequestHandler):
    """A model server's handler: HTTP/1.1, quiet, ``GET`` lists the one model ``model_id``."""

    protocol_version = "HTTP/1.1"
    model_id = "stub"

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802
        _send_json(
            self, 200, json.dumps({"object": "list", "data": [{"id": self.model_id, "object": "model"}]}).encode()
        )


class CannedServer(_LoopbackServer):
    """An upstream answering every GET and POST with a canned answer: ``status``, ``ctype``
    (``None``: no Content-Type), ``encoding`` (``None``: no Content-Encoding), ``extra``
    headers and ``body``, each settable between requests; ``routes`` maps a path prefix to
    its own ``(headers, body)`` (status 200). The break tests' model server or upstream
    whose answer's type, coding or size is the attack. Starts at once; :meth:`close` ends it
    (or use ``with``). A client that stops reading is not an error here."""

    def __init__(self, body: bytes = b"{}", ctype: str | None = "application/json") -> None:
        self.status, self.ctype, self.encoding, self.body = 200, ctype, None, body
        self.extra: list[tuple[str, str]] = []
        self.routes: dict[str, tuple[dict[str, str], bytes]] = {}
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def _answer(self) -> None:
                route = next((r for p, r in outer.routes.items() if self.path.startswith(p)), None)
                if route is not None:
                    status, headers, body = 200, list(route[0].items()), route[1]
                else:
                    status, body = outer.status, outer.body
                    headers = [("Content-Type", outer.ctype)] if outer.ctype is not None else []
                    headers += [("Content-Encoding", outer.encoding)] if outer.encoding is not None else []
                    headers += outer.extra
                try:
                    self.send_response(status)
                    for name, value in headers:
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:  # the client stopped reading: what a bound is for
                    pass

            def handle(self) -> None:
                try:
                    super().handle()
                except OSError:  # the client reset the kept-alive connection
                    pass

            def do_GET(self) -> None:  # noqa: N802
                self._answer()

            def do_POST(self) -> None:  # noqa: N802
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self._answer()

        self._serve(Handler)
        self.thread.start()

    def __enter__(self):
        return self

    def close(self) -> None:
        self.__exit__()


class EmbeddingServer(_LoopbackServer):
    """An OpenAI-compatible ``/v1/embeddings`` on loopback with a switchable behaviour.

    ``mode``: ``ok`` (deterministic 16-d vectors from a hash of each text), ``stall``
    (sleeps ``stall_s`` seconds before answering), ``500``, ``garbage`` (not JSON),
    ``strings`` (vectors of strings), ``ints`` (items that are not objects), ``short`` (8-d
    vectors: a model of another dimension), ``zero`` (all-zero vectors). Batches of more
    than one text sleep ``batch_sleep_s`` first (a slow background indexing batch).
    """

    def __init__(self, mode: str = "ok", stall_s: float = 60.0) -> None:
        self.mode = mode
        self.stall_s = stall_s
        self.batch_sleep_s = 0.0
        self.batches_started = 0
        self.calls = 0
        self.texts: list[str] = []  # every text received, in order
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # quiet
                pass

            def do_POST(self) -> None:  # noqa: N802
                outer.calls += 1
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                texts = body["input"]
                outer.texts.extend(texts if isinstance(texts, list) else [texts])
                if len(texts) > 1:
                    outer.batches_started += 1
                    time.sleep(outer.batch_sleep_s)
                if outer.mode == "stall":
                    time.sleep(outer.stall_s)
                if outer.mode == "500":
                    _send_json(self, 500, b"{}")
                    return
                if outer.mode == "garbage":
                    payload = b"<html>not json"
                elif outer.mode == "strings":
                    payload = json.dumps(
                        {"data": [{"index": i, "embedding": ["a"] * 16} for i in range(len(texts))]}
                    ).encode()
                elif outer.mode == "ints":
                    payload = json.dumps({"data": [1] * len(texts)}).encode()
                elif outer.mode in ("short", "zero"):
                    shape = (lambda v: v[:8]) if outer.mode == "short" else (lambda v: [0.0] * len(v))
                    payload = json.dumps(
                        {"data": [{"index": i, "embedding": shape(_vector(t))} for i, t in enumerate(texts)]}
                    ).encode()
                elif self.path == "/api/embed":  # Ollama's native protocol
                    payload = json.dumps({"model": body["model"], "embeddings": [_vector(t) for t in texts]}).encode()
                else:
                    data = [{"index": i, "embedding": _vector(t)} for i, t in enumerate(texts)]
                    payload = json.dumps({"data": data, "model": body["model"]}).encode()
                _send_json(self, 200, payload)

        self._serve(Handler)


def _vector(text: str) -> list[float]:
    words = text.lower().split()
    vec = [0.0] * 16
    for word in words:
        vec[int(hashlib.md5(word.encode()).hexdigest(), 16) % 16] += 1.0
    return vec


def _form(body: dict) -> str:
    """The structured output form of a chat request (OpenAI or Ollama)."""
    if "format" in body:
        return "json_schema" if isinstance(body["format"], dict) else "json_object"
    kind = (body.get("response_format") or {}).get("type")
    return kind if kind in ("json_schema", "json_object") else "plain"


class ChatServer(_LoopbackServer):
    """An OpenAI-compatible chat server on loopback with scripted behaviour.

    Chat requests (the proxy's), reflection requests (those with ``response_format``) and
    summary requests (the summariser's system prompt) have separate modes: ``ok``, ``slow`` (sleeps ``delay_s`` then answers), ``hang``
    (sleeps ``hang_s``), ``500``, ``garbage`` (not JSON), ``close`` (drops the connection).
    ``requests`` keeps every request body received.
    """

    def __init__(self, reply: str = "Noted!", reflection_answer: str = '{"memories": []}') -> None:
        self.reply = reply
        self.reflection_answer = reflection_answer
        self.chat_mode = "ok"
        self.reflection_mode = "ok"
        self.summary_mode = "ok"
        self.summary_answer = "Customer profile."
        self.summary_calls = 0
        self.delay_s = 0.5
        self.hang_s = 60.0
        #: Streamed chat replies: seconds between two words, and the number of words after
        #: which the connection is dropped without ``[DONE]`` (``None``: the whole reply).
        self.word_delay_s = 0.0
        self.cut_after_words: int | None = None
        self.requests: list[dict] = []
        #: Structured output forms the server takes for reflections (json_schema, json_object,
        #: plain); any other is answered ``refusal_status`` and listed in ``refused``.
        self.accepts = {"json_schema", "json_object", "plain"}
        self.refusal_status = 500
        self.refusal_body: bytes | None = None  # None: a body naming the refused form
        self.refused: list[str] = []
        outer = self

        class Handler(_ModelHandler):
            model_id = "stub-model"

            def _send(self, status: int, payload: bytes, ctype: str = "application/json") -> None:
                _send_json(self, status, payload, ctype)

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                first = (body.get("messages") or [{}])[0].get("content") or ""
                first = first if isinstance(first, str) else ""
                reflection = (
                    "response_format" in body or "format" in body or first.startswith("You maintain long-term notes")
                )
                summary = first.startswith("You keep a short profile")
                form = _form(body)
                if reflection and form not in outer.accepts:
                    # a server without that structured output (llama-cpp-python: 500 on json_schema)
                    outer.refused.append(form)
                    self._send(
                        outer.refusal_status,
                        outer.refusal_body
                        or json.dumps({"error": {"message": f"response_format {form} is not supported"}}).encode(),
                    )
                    return
                mode = outer.reflection_mode if reflection else outer.summary_mode if summary else outer.chat_mode
                if summary:
                    outer.summary_calls += 1
                try:
                    if mode == "hang":
                        time.sleep(outer.hang_s)
                    if mode == "slow":
                        time.sleep(outer.delay_s)
                    if mode == "close":
                        self.close_connection = True
                        self.connection.shutdown(2)
                        return
                    if mode == "500":
                        self._send(500, b'{"error": "boom"}')
                        return
                    if mode == "garbage":
                        self._send(200, b"<html>not json")
                        return
                    content = (
                        outer.reflection_answer if reflection else outer.summary_answer if summary else outer.reply
                    )
                    if body.get("stream"):
                        self.send_response(200)
                        self.send_header("Content-Type", "text/event-stream")
                        self.end_headers()
                        for n, word in enumerate(content.split(" ")):
                            if outer.cut_after_words is not None and n >= outer.cut_after_words:
                                self.close_connection = True
                                return
                            chunk = {"choices": [{"index": 0, "delta": {"content": word + " "}}]}
                            self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                            self.wfile.flush()
                            time.sleep(outer.word_delay_s)
                        self.wfile.write(b"data: [DONE]\n\n")
                        self.close_connection = True
                        return
                    if self.path == "/api/chat":  # Ollama's native protocol
                        answer = {
                            "model": body.get("model"),
                            "done": True,
                            "message": {"role": "assistant", "content": content},
                        }
                        self._send(200, json.dumps(answer).encode())
                        return
                    answer = {
                        "id": "x",
                        "object": "chat.completion",
                        "model": body.get("model"),
                        "choices": [
                            {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}
                        ],
                    }
                    self._send(200, json.dumps(answer).encode())
                except OSError:
                    pass

        self._serve(Handler)


class AnswerServer(_LoopbackServer):
    """An OpenAI-protocol chat server answering every request by a function of it:
    ``answer(body) -> (text, finish_reason[, pause_s])``. A streamed answer is the text in
    ``pieces`` pieces then its end (``finish_reason``), ``pause_s`` seconds between two of these
    writes (a slow answer: a few tokens a second, or a call past its timeout); a whole answer
    comes at once. ``requests`` keeps every body."""

    def __init__(self, answer: Callable[[dict], tuple], pieces: int = 1) -> None:
        self.answer = answer
        self.pieces = pieces
        self.requests: list[dict] = []
        outer = self

        class Handler(_ModelHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                text, finish, *pause = outer.answer(body)
                if not body.get("stream"):
                    choice = {"index": 0, "finish_reason": finish, "message": {"role": "assistant", "content": text}}
                    _send_json(
                        self, 200, json.dumps({"id": "x", "object": "chat.completion", "choices": [choice]}).encode()
                    )
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                step = max(1, -(-len(text) // outer.pieces))
                pieces = [text[i : i + step] for i in range(0, len(text), step)] or [""]
                chunks = [({"content": piece}, None) for piece in pieces] + [({}, finish)]
                try:
                    for i, (delta, reason) in enumerate(chunks):
                        if i and pause:
                            time.sleep(pause[0])
                        chunk = {"choices": [{"index": 0, "delta": delta, "finish_reason": reason}]}
                        self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                        self.wfile.flush()
                    self.wfile.write(b"data: [DONE]\n\n")
                    self.wfile.flush()
                except OSError:
                    pass
                self.close_connection = True

        self._serve(Handler)
