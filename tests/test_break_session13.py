"""Hardening lane, session 13: session 12's attack leftovers, over real HTTP on loopback, real
SQLite files and small loopback servers speaking a model's protocol (our code unpatched).

- A model server that sends its response *head* a byte at a time (status line and headers,
  within h11's head limit), and the proxy's streamed relay of an answer that keeps coming,
  are bounded by the call's deadline, not per read.
- A request with both ``Content-Length`` and ``Transfer-Encoding`` is refused with 400 on
  every face served over HTTP (request smuggling behind a front proxy).
"""

from __future__ import annotations

import json
import socket
import time
from http.server import BaseHTTPRequestHandler

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.embedding.http import OpenAIEmbedder
from souvenir.ground.errors import EmbedderError, ModelError
from souvenir.llm.chat import OpenAIChatClient
from tests.attack_support import stub_model_settings
from tests.servers import UvicornThread, serving

#: Seconds between two bytes of a dripped head; a head of ~400 bytes takes ~40 s.
DRIP_S = 0.1
TIMEOUT_S = 1.5
#: A bound far under the 40 s a dripped answer takes, far over the 1.5 s deadline.
WITHIN_S = 10.0

_EVENT = b'data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n\n'


@pytest.fixture(scope="module")
def slow():
    """``/head/json``, ``/head/sse``: the head a byte every 0.1 s, then a whole answer;
    ``/events``: the head at once, then one whole event every 0.3 s for 60 s."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802
            if self.path.startswith("/drip"):  # the head at once, the body a byte every 0.1 s
                self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n")
                try:
                    for _ in range(400):
                        self.wfile.write(b" ")
                        self.wfile.flush()
                        time.sleep(DRIP_S)
                except OSError:
                    pass
                return
            self.headers["Content-Length"] = "0"
            self.do_POST()

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers["Content-Length"] or 0))
            try:
                if self.path.startswith("/events"):
                    self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n")
                    for _ in range(200):
                        self.wfile.write(_EVENT)
                        self.wfile.flush()
                        time.sleep(0.3)
                    return
                sse = self.path.startswith("/head/sse")
                body = _EVENT + b"data: [DONE]\n\n" if sse else b'{"choices":[{"message":{"content":"ok"}}]}'
                ctype = b"text/event-stream" if sse else b"application/json"
                head = (
                    b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\nX-Pad: " + b"a" * 300 + b"\r\n"
                    b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n"
                )
                for i in range(len(head)):
                    self.wfile.write(head[i : i + 1])
                    self.wfile.flush()
                    time.sleep(DRIP_S)
                self.wfile.write(body)
            except OSError:  # the client hung up: what the deadline is for
                pass

    with serving(Handler) as url:
        yield url


def _timed(call) -> float:
    started = time.monotonic()
    call()
    return time.monotonic() - started


@pytest.mark.parametrize("background", [False, True])
def test_a_model_dripping_its_head_is_cut_at_the_calls_deadline(slow, background):
    client = OpenAIChatClient(slow + ("/head/sse" if background else "/head/json"), "stub", timeout_s=TIMEOUT_S)

    def call() -> None:
        with pytest.raises(ModelError):
            client.ask([{"role": "user", "content": "hi"}], background=background)

    assert _timed(call) < WITHIN_S


def test_an_embedder_dripping_its_head_is_cut_at_its_timeout(slow):
    embedder = OpenAIEmbedder(slow + "/head/json", "stub", timeout_s=TIMEOUT_S)

    def call() -> None:
        with pytest.raises(EmbedderError):
            embedder.encode(["hi"])

    assert _timed(call) < WITHIN_S


def _proxy_settings(tmp_path, base_url: str) -> Settings:
    return stub_model_settings(
        f"sqlite:///{tmp_path / 'p.db'}", base_url, summary_enabled=True, llm_timeout_s=TIMEOUT_S
    )


@pytest.mark.parametrize("stream", [False, True])
def test_the_proxy_bounds_an_upstream_dripping_its_head(tmp_path, slow, stream):
    chat = {"model": "stub", "user": "ann", "stream": stream, "messages": [{"role": "user", "content": "hi"}]}
    with UvicornThread(create_app(_proxy_settings(tmp_path, slow + ("/head/sse" if stream else "/head/json")))) as s:
        started = time.monotonic()
        answer = httpx.post(s.url + "/v1/chat/completions", json=chat, timeout=60)
        assert answer.status_code == 504, answer.text
        assert time.monotonic() - started < WITHIN_S


@pytest.mark.parametrize("path", ["/head/json", "/drip"])
def test_the_proxys_model_list_is_bounded_by_its_deadline(tmp_path, slow, path):
    """``GET /v1/models`` read the upstream's answer with httpx's per-read timeout only."""
    with UvicornThread(create_app(_proxy_settings(tmp_path, slow + path))) as server:
        started = time.monotonic()
        answer = httpx.get(server.url + "/v1/models", timeout=60)
        assert answer.status_code == 504, answer.text
        assert time.monotonic() - started < WITHIN_S


def test_the_proxys_streamed_relay_ends_at_its_deadline(tmp_path, slow):
    chat = {"model": "stub", "user": "ann", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    with UvicornThread(create_app(_proxy_settings(tmp_path, slow + "/events"))) as server:
        started = time.monotonic()
        with httpx.stream("POST", server.url + "/v1/chat/completions", json=chat, timeout=60) as answer:
            assert answer.status_code == 200
            got = b"".join(answer.iter_raw())
        assert time.monotonic() - started < WITHIN_S
        assert got.startswith(b"data: ")  # what came before the deadline was relayed
        last = got.strip().rsplit(b"\n\n", 1)[-1]
        assert last.startswith(b"data: ") and "SOUVENIR_LLM_TIMEOUT_S" in json.loads(last[6:])["error"]["message"]
        metrics = httpx.get(server.url + "/metrics", timeout=10).text
        assert "proxy_stream_cut" in metrics or "stream_cut" in metrics


# -- Content-Length with Transfer-Encoding ---------------------------------------------------------
def _raw(url: str, request: bytes) -> bytes:
    port = int(url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        sock.shutdown(socket.SHUT_WR)
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
    return out


def _smuggled(path: str, body: bytes) -> bytes:
    chunked = hex(len(body))[2:].encode() + b"\r\n" + body + b"\r\n0\r\n\r\n"
    return (
        b"POST " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Accept: application/json, text/event-stream\r\n"
        b"Content-Length: " + str(len(chunked)).encode() + b"\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked
    )


def test_a_request_with_both_lengths_is_refused_on_rest_and_the_proxy(tmp_path):
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 's.db'}", embedder="none", window_embedder="none", _env_file=None
    )
    memory = json.dumps({"text": "I live in Lyon"}).encode()
    chat = json.dumps({"model": "stub", "user": "ann", "messages": [{"role": "user", "content": "hi"}]}).encode()
    with UvicornThread(create_app(settings)) as server:
        for path, body in (("/v1/users/shop/ann/memories", memory), ("/v1/chat/completions", chat)):
            answer = _raw(server.url, _smuggled(path, body))
            assert answer.startswith(b"HTTP/1.1 400"), (path, answer[:200])
        listed = httpx.get(server.url + "/v1/users/shop/ann/memories", timeout=10).json()
        assert not listed.get("memories"), listed  # nothing written


def test_a_request_with_both_lengths_is_refused_by_the_mcp_face(tmp_path):
    from souvenir.library import Souvenir
    from souvenir.mcp.server import http_app

    with Souvenir.open(tmp_path / "m.db", embedder="none", window_embedder="none", background=False) as memory:
        call = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
        with UvicornThread(http_app(memory)) as server:
            answer = _raw(server.url, _smuggled("/mcp", json.dumps(call).encode()))
            assert answer.startswith(b"HTTP/1.1 400"), answer[:200]


# -- files that hold a user's data are their owner's alone -----------------------------------------
def _cli(*args: str, shell_out: str | None = None) -> None:
    import shlex
    import subprocess
    import sys

    command = " ".join(shlex.quote(a) for a in (sys.executable, "-m", "souvenir.cli.main", *args))
    if shell_out is not None:
        command += " > " + shlex.quote(shell_out)
    subprocess.run(["sh", "-c", "umask 022; " + command], check=True, timeout=120)


def test_an_export_redirected_to_a_file_or_written_with_out_is_0600(tmp_path):
    import os
    import stat

    from souvenir.library import Souvenir

    db = tmp_path / "e.db"
    with Souvenir.open(db, embedder="none", window_embedder="none", background=False) as memory:
        memory.remember("ann", "I am allergic to peanuts")
    base = ("--db", str(db), "--embedder", "none")
    _cli(*base, "export", "--user", "ann", shell_out=str(tmp_path / "redirected.json"))
    _cli(*base, "export", "--user", "ann", "--out", str(tmp_path / "out.json"))
    (tmp_path / "existing.json").write_text("")
    os.chmod(tmp_path / "existing.json", 0o644)
    _cli(*base, "export", "--user", "ann", "--out", str(tmp_path / "existing.json"))
    for name in ("redirected.json", "out.json", "existing.json"):
        path = tmp_path / name
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, name
        assert "peanuts" in path.read_text(), name


# -- no hash of an erased text stays ---------------------------------------------------------------
def test_a_forgotten_proxied_turn_keeps_no_hash_of_its_request(tmp_path):
    """The proxy's turn source is a SHA-256 of the request (channel, user, messages): kept on
    the cleared turn, it confirmed a guessed message ("I have HIV") by hashing candidates."""
    import sqlite3

    from souvenir.api.proxy_records import request_key
    from souvenir.schemas import DEFAULT_CHANNEL
    from souvenir.library import Souvenir
    from tests.servers import ChatServer

    messages = [{"role": "user", "content": "I am allergic to peanuts"}]
    with ChatServer() as model:
        settings = _proxy_settings(tmp_path, model.url)
        with UvicornThread(create_app(settings)) as server:
            chat = {"model": "stub", "user": "ann", "messages": messages}
            assert httpx.post(server.url + "/v1/chat/completions", json=chat, timeout=60).status_code == 200
            guess = request_key(DEFAULT_CHANNEL, "ann", None, messages)
            db = tmp_path / "p.db"
            deadline = time.monotonic() + 30
            while True:  # the exchange is recorded off the reply's path
                with sqlite3.connect(db) as conn:
                    if conn.execute("SELECT count(*) FROM turns WHERE source = ?", (guess,)).fetchone()[0]:
                        break
                assert time.monotonic() < deadline, conn.execute("SELECT source FROM turns").fetchall()
                time.sleep(0.2)
    with Souvenir.open(db, embedder="none", window_embedder="none", background=False) as memory:
        kept = memory.remember("ann", "I am allergic to peanuts")
        memory.forget("ann", kept.id)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM turns WHERE source = ?", (guess,)).fetchone()[0] == 0


def _source_held(memory, guess: str) -> dict[str, int]:
    store = memory.runtime.store
    return {
        table: store._query(f"SELECT count(*) FROM {table} WHERE source = ?", (guess,))[0][0]
        for table in ("memories", "turns")
    }


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_forgotten_memory_of_a_proxied_turn_keeps_no_hash_of_its_request(tmp_path, backend):
    """Without a model the proxy's turn source became the memory's source: the tombstone of a
    memory forgotten through the API kept the SHA-256 of the request that said it."""
    from contextlib import nullcontext

    from souvenir.api.proxy_records import request_key
    from souvenir.library import Souvenir
    from tests.pgtest import fresh_database

    messages = [{"role": "user", "content": "I am allergic to peanuts"}]
    guess = request_key("shop", "ann", None, messages)
    with fresh_database() if backend == "postgres" else nullcontext(str(tmp_path / "t.db")) as url:
        with Souvenir.open(url, embedder="none", window_embedder="none", background=False) as memory:
            memory.add_turn_once("ann", messages[0]["content"], "Noted!", source=guess, within_s=600, channel="shop")
            kept = memory.memories("ann", channel="shop").memories
            assert kept and _source_held(memory, guess) == {"memories": 1, "turns": 1}
            for one in kept:
                memory.forget("ann", one.id, channel="shop")
            assert _source_held(memory, guess) == {"memories": 0, "turns": 0}


# -- the write lock is not held across the Chinese dictionary's one-time load ----------------------
_FIRST_CHINESE_TURN = """
import sqlite3, sys, threading, time
from souvenir.library import Souvenir
db = sys.argv[1]
with Souvenir.open(db, embedder="none", window_embedder="none", background=False) as memory:
    memory.add_turn("lin", "hello", "hi")  # the schema exists; no Chinese text read yet
    refused, done = [], threading.Event()
    def other_writer():
        conn = sqlite3.connect(db, timeout=1.0, isolation_level=None)
        while not done.is_set():
            try:
                conn.execute("BEGIN IMMEDIATE"); conn.execute("COMMIT")
            except sqlite3.OperationalError:
                refused.append(1)
            time.sleep(0.01)
        conn.close()
    thread = threading.Thread(target=other_writer); thread.start()
    memory.add_turn("lin", "我住在上海，我喜欢爵士乐", "好的")
    done.set(); thread.join()
    print("refused", len(refused))
"""


def test_the_first_chinese_turn_holds_no_write_lock_while_the_dictionary_loads(tmp_path):
    """jieba's dictionary loads on the first Chinese text (1.7 s here, more under load): it
    loaded inside the turn's write transaction, so another writer (the chat's background
    reflection, another process) waited on the store all that time, past its 1 s here."""
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", _FIRST_CHINESE_TURN, str(tmp_path / "zh.db")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert "refused 0" in out, out


# -- the CLI's files: bounded, and a clear error for what is not one ---------------------------
def _import(tmp_path, path):
    from souvenir.library import Souvenir

    with Souvenir.open(tmp_path / "i.db", embedder="none", window_embedder="none", background=False) as memory:
        return memory.import_file(path, "ann")


@pytest.mark.parametrize("line", ["[" * 200_000, '{"text": ' + "[" * 200_000 + "}"])
def test_an_import_line_nested_too_deep_is_a_clear_error(tmp_path, line):
    from souvenir.ground.errors import FileFormatError

    path = tmp_path / "deep.jsonl"
    path.write_text('{"text": "I live in Lyon"}\n' + line + "\n")
    with pytest.raises(FileFormatError, match=":2: .*nest"):
        _import(tmp_path, path)


def test_a_device_or_a_fifo_is_not_read_as_an_import_file(tmp_path):
    """``souvenir import /dev/zero`` read until memory ran out (a MemoryError traceback); a
    FIFO waited for ever for a writer."""
    import os

    from souvenir.ground.errors import FileFormatError

    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    for path in ("/dev/zero", fifo):
        with pytest.raises(FileFormatError, match="not a regular file"):
            _import(tmp_path, path)


def test_a_replay_file_nested_too_deep_is_a_clear_error(tmp_path):
    from souvenir.ground.errors import FileFormatError
    from souvenir.replay.formats import parse_chat_jsonl, parse_locomo

    deep = tmp_path / "conv.json"
    deep.write_text("[" * 200_000)
    with pytest.raises(FileFormatError, match="nest"):
        parse_locomo(deep)
    chat = tmp_path / "chat.jsonl"
    chat.write_text('{"user": "ann", "message": ' + "[" * 200_000 + "}\n")
    with pytest.raises(FileFormatError, match=":1: .*nest"):
        parse_chat_jsonl(chat)


# -- a search bounded by a date at the edge of the calendar ----------------------------------------
EDGES = ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:00-14:00"]


@pytest.mark.parametrize("edge", EDGES)
def test_a_search_dated_at_the_calendars_edge_is_the_callers_error(tmp_path, edge):
    """``since`` / ``until`` of year 1 east of UTC (or 9999 west of it) has no UTC instant: an
    OverflowError from the filter's conversion, a 500 on REST."""
    from datetime import datetime

    from souvenir.ground.errors import InputError
    from souvenir.library import Souvenir

    with Souvenir.open(tmp_path / "d.db", embedder="none", window_embedder="none", background=False) as memory:
        memory.remember("ann", "I live in Lyon")
        for bound in ("since", "until"):
            with pytest.raises(InputError):
                memory.search("ann", "Lyon", **{bound: datetime.fromisoformat(edge)})
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            for bound in ("since", "until"):
                answer = httpx.post(
                    server.url + "/v1/users/api/ann/search", json={"query": "Lyon", bound: edge}, timeout=30
                )
                assert answer.status_code == 422, answer.text


# -- no password of a configured URL in an error ----------------------------------------------------
def test_an_unsupported_database_urls_password_is_not_printed(tmp_path):
    """``--db mysql://u:PASSWORD@h/db`` printed "unsupported database URL 'mysql://u:PASSWORD@…'"
    on stderr (a service manager's journal keeps it)."""
    import subprocess
    import sys

    password = "Zq8xS3cretPassw0rd"
    for url in (f"mysql://u:{password}@h/db", f"postgres+asyncpg://u:{password}@h/db"):
        done = subprocess.run(
            [sys.executable, "-m", "souvenir.cli.main", "--db", url, "--embedder", "none", "memories", "--user", "a"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode != 0
        assert "unsupported database URL" in done.stdout + done.stderr
        assert password not in done.stdout + done.stderr, done.stderr


def test_the_deadline_keeps_the_environments_proxy(monkeypatch):
    """Giving httpx a transport of its own would have dropped ``HTTP_PROXY``: an embedder
    reached through the operator's proxy must still be reached through it."""
    from tests.servers import CannedServer

    answer = json.dumps({"data": [{"index": 0, "embedding": [0.6, 0.8]}]}).encode()
    with CannedServer(answer) as proxy:
        monkeypatch.setenv("HTTP_PROXY", proxy.url)
        monkeypatch.delenv("NO_PROXY", raising=False)
        monkeypatch.delenv("no_proxy", raising=False)
        embedder = OpenAIEmbedder("http://model.invalid:9/v1", "stub", timeout_s=TIMEOUT_S)
        assert embedder.encode(["hi"]).shape == (1, 2)  # answered by the proxy: model.invalid has no address


def test_one_over_long_line_does_not_end_souvenir_chat(tmp_path):
    """A pasted line over 16 KiB ended the chat ("error: message: text is 20000 bytes"), and
    every line piped after it was lost."""
    import os
    import subprocess
    import sys

    from souvenir.library import Souvenir

    db = tmp_path / "chat.db"
    env = {k: v for k, v in os.environ.items() if not k.startswith("SOUVENIR_LLM")}
    done = subprocess.run(
        [sys.executable, "-m", "souvenir.cli.main", "--db", str(db), "--embedder", "none", "chat", "--user", "ann"],
        input="x" * 20_000 + "\nI live in Lyon\n",
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
    )
    assert "16384" in done.stdout + done.stderr  # the line's error, said
    with Souvenir.open(db, embedder="none", window_embedder="none", background=False) as memory:
        assert any("Lyon" in m.text for m in memory.memories("ann").memories), done.stderr
