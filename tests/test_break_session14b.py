"""Hardening lane 2, session 14: the leftovers of lane harden (docs/journal.md), each over real
parts (a real SQLite file, real HTTP on loopback, a loopback model server; our code unpatched).

- A client's exact retry of a request after its "forget everything about me" was acted on was
  recorded again: it erased anything written in between.
- A streamed request answered with plain JSON that stalls reached the client as a 200 with a
  cut-off body, not an error.
- A timeout's message showed ``PastDeadline("…")`` (a repr) to the client.
- ``souvenir import`` checked the path, then opened it by path: a FIFO swapped in between
  blocked the open for ever.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from http.server import BaseHTTPRequestHandler

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from tests.attack_support import dump_sqlite, stub_model_settings
from tests.servers import ChatServer, UvicornThread, serving


def _settings(tmp_path, base_url: str, timeout_s: float = 5.0) -> Settings:
    return stub_model_settings(
        f"sqlite:///{tmp_path / 'p.db'}", base_url, reflection_timeout_s=2.0, llm_timeout_s=timeout_s
    )


# -- 1. a retry of an acted "forget everything" ------------------------------------------------------
@pytest.mark.parametrize("stream", [False, True])
def test_a_retry_of_an_acted_forget_everything_does_not_act_again(tmp_path, stream):
    """The retry key (the turn's source) was erased with every text of the user: the client's
    exact retry was recorded anew and erased what was written since."""
    with ChatServer(reply="OK.", reflection_answer=json.dumps({"memories": []})) as upstream:
        with (
            UvicornThread(create_app(_settings(tmp_path, upstream.url))) as server,
            httpx.Client(base_url=server.url, timeout=30) as client,
        ):
            headers = {"X-Souvenir-Channel": "telegram"}
            asked = [{"role": "user", "content": "Please forget everything about me."}]

            def chat(retry: int = 0) -> None:
                body = {"model": "stub", "user": "u", "stream": stream, "messages": asked}
                sent = {**headers, "x-stainless-retry-count": str(retry)}  # as OpenAI's SDKs mark a retry
                assert client.post("/v1/chat/completions", json=body, headers=sent).status_code == 200

            url = "/v1/users/telegram/u/memories"
            client.post(url, json={"text": "Allergic to peanuts"})
            chat()
            deadline = time.monotonic() + 30  # acted on after the reply (its record): waited for, not timed
            while client.get(url).json()["memories"] != []:
                assert time.monotonic() < deadline, "the request was not acted on"
                time.sleep(0.2)
            client.post(url, json={"text": "Lives in Leeds"})  # said since, through another face
            chat(retry=1)  # the client's retry of the very same request (session 16: marked as one)
            time.sleep(1.5)
            assert [m["text"] for m in client.get(url).json()["memories"]] == ["Lives in Leeds"]
            metrics = client.get("/metrics").text
            assert "proxy_retries_recorded_once" in metrics
    # the remembered key is no plain hash of the request (it would confirm a guessed message)
    from souvenir.api.proxy_records import request_key

    plain = request_key("telegram", "u", None, asked)
    rows = dump_sqlite(tmp_path / "p.db")
    assert plain not in rows and plain.split(":")[1] not in rows
    assert "acted:" in rows  # its keyed mark
    assert "forget everything about me" not in rows.lower()  # nor its retry's read (selections)


def test_a_new_forget_request_after_an_acted_one_still_acts(tmp_path):
    """Only the exact same request is a retry: the user saying it again later is a new request."""
    with ChatServer(reply="OK.", reflection_answer=json.dumps({"memories": []})) as upstream:
        with (
            UvicornThread(create_app(_settings(tmp_path, upstream.url))) as server,
            httpx.Client(base_url=server.url, timeout=30) as client,
        ):
            headers = {"X-Souvenir-Channel": "telegram"}
            asked = [{"role": "user", "content": "Please forget everything about me."}]
            body = {"model": "stub", "user": "u", "messages": asked}
            url = "/v1/users/telegram/u/memories"
            assert client.post("/v1/chat/completions", json=body, headers=headers).status_code == 200
            time.sleep(1.0)
            client.post(url, json={"text": "Lives in Leeds"})
            again = asked + [{"role": "assistant", "content": "OK."}, {"role": "user", "content": asked[0]["content"]}]
            body = {"model": "stub", "user": "u", "messages": again}
            assert client.post("/v1/chat/completions", json=body, headers=headers).status_code == 200
            deadline = time.monotonic() + 30  # acted on after the reply: waited for, not timed
            while client.get(url).json()["memories"] != []:
                assert time.monotonic() < deadline, "the new request was not acted on"
                time.sleep(0.2)


# -- 2 and 3. a streamed request answered with JSON that stalls; plain messages ---------------------
TIMEOUT_S = 1.5
WITHIN_S = 10.0


@pytest.fixture(scope="module")
def stalling():
    """``POST``: a 200 ``application/json`` head, half an answer, then nothing for 30 s;
    ``GET /v1/models``: the same."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:
            pass

        def _stall(self) -> None:
            body = b'{"choices":[{"index":0,"message":{"role":"assistant","content":"Half an ans'
            try:
                self.wfile.write(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n" + body
                )
                self.wfile.flush()
                time.sleep(30)
            except OSError:
                pass

        def do_GET(self) -> None:  # noqa: N802
            self._stall()

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers["Content-Length"] or 0))
            self._stall()

    with serving(Handler) as url:
        yield url


def _is_clear_error(status: int, body: bytes) -> bool:
    """A 504 before the head, or a 200 whose stream ends on an OpenAI-shaped error event."""
    if status == 504:
        return True
    last = body.strip().rsplit(b"\n\n", 1)[-1]
    if not last.startswith(b"data: "):
        return False
    try:
        return "error" in json.loads(last[6:])
    except ValueError:
        return False


def test_a_streamed_request_answered_with_json_that_stalls_gets_a_clear_error(tmp_path, stalling):
    chat = {"model": "stub", "user": "ann", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    with UvicornThread(create_app(_settings(tmp_path, stalling, TIMEOUT_S))) as server:
        started = time.monotonic()
        with httpx.stream("POST", server.url + "/v1/chat/completions", json=chat, timeout=60) as answer:
            got = b"".join(answer.iter_raw())
            status = answer.status_code
        assert time.monotonic() - started < WITHIN_S
        assert _is_clear_error(status, got), (status, got)
        assert b"PastDeadline" not in got and b"Half an ans" not in got
        metrics = httpx.get(server.url + "/metrics", timeout=10).text
        line = next(x for x in metrics.splitlines() if "proxy_upstream_timeouts" in x and not x.startswith("#"))
        assert float(line.rsplit(" ", 1)[1]) >= 1


@pytest.mark.parametrize("stream", [False, True])
def test_a_timeouts_message_is_plain_text(tmp_path, stalling, stream):
    """The 504 said ``the upstream model did not answer in time: PastDeadline('…')``."""
    chat = {"model": "stub", "user": "ann", "stream": stream, "messages": [{"role": "user", "content": "hi"}]}
    with UvicornThread(create_app(_settings(tmp_path, stalling, TIMEOUT_S))) as server:
        for answer in (
            httpx.get(server.url + "/v1/models", timeout=60),
            httpx.post(server.url + "/v1/chat/completions", json=chat, timeout=60),
        ):
            assert answer.status_code == 504, answer.text
            assert "PastDeadline" not in answer.text and "(" not in json.dumps(answer.json()), answer.text


# -- 4. souvenir import: a path swapped for a FIFO between the check and the open -------------------
_RACE = r"""
import os, sys, threading
from souvenir.ground.errors import FileFormatError
from souvenir.replay.formats import parse_memories_jsonl
sys.setswitchinterval(1e-6)
folder = sys.argv[1]
path, good, fifo = (os.path.join(folder, n) for n in ("m.jsonl", "good", "fifo"))
stop = False
def swap():
    while not stop:
        with open(good, "w") as f:
            f.write('{"text": "Lives in Leeds"}\n')
        os.rename(good, path)
        os.mkfifo(fifo)
        os.rename(fifo, path)
threading.Thread(target=swap, daemon=True).start()
refused = read = 0
for _ in range(20000):
    try:
        parse_memories_jsonl(path)
        read += 1
    except FileFormatError:
        refused += 1
stop = True
print(read, refused)
"""


def test_import_never_blocks_on_a_path_swapped_for_a_fifo(tmp_path):
    """The check (``stat``) then ``open`` by path: a FIFO renamed over the file in between
    blocked the open for ever (no writer). Opened once, non-blocking, checked on the descriptor."""
    try:
        done = subprocess.run([sys.executable, "-c", _RACE, str(tmp_path)], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("the import blocked on a FIFO swapped in after its check")
    assert done.returncode == 0, done.stderr
    read, refused = map(int, done.stdout.split())
    assert read + refused == 20000


# -- 5. grounding a long note against a long message ---------------------------------------------------
def test_grounding_a_long_note_is_linear():
    """The clause grounding re-read the whole message for each clause of the note: a 16 KiB
    note of 1,800 clauses against a 16 KiB message took 48 s of CPU (2 KiB: 0.8 s)."""
    import random

    from souvenir.write.grounding import ground

    rng = random.Random(2)
    words = "sister lives leeds works hospital nurse brother moved mortgage diabetes garden violin".split()
    n = 16 * 1024
    message = " ".join(rng.choice(words) for _ in range(n // 7))[:n]
    note = ("User " + " and ".join(rng.choice(words) for _ in range(n // 9)))[:n]
    started = time.process_time()
    ground(note, message)
    assert time.process_time() - started < 2.0


# -- a topic request quoted as someone else's words (zh, ms were erased; write/forget_relay.py) -----
QUOTED_TOPIC = [
    ("en", "I owe 20k on my credit card", '"Forget about my money problems," she said.'),
    ("fr", "J'ai des dettes de carte de crédit", "« Oublie mes soucis d'argent », m'a-t-elle dit."),
    ("zh", "我欠了信用卡债务", "“别记我欠债的事了”，她说。"),
    ("ms", "Saya ada hutang kad kredit", '"Lupakan masalah duit saya," kata dia.'),
]


@pytest.mark.parametrize(("lang", "memory", "message"), QUOTED_TOPIC)
def test_a_quoted_topic_request_erases_nothing(tmp_path, lang, memory, message):
    from souvenir import Souvenir

    with Souvenir.open(tmp_path / "q.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.remember("u", memory)
        mem.add_turn("u", message, "OK.")
        assert memory in [m.text for m in mem.memories("u").memories]


@pytest.mark.parametrize(
    "message",
    [
        'Forget what I said about "Marc".',
        "Oublie ce que je t'ai dit sur « Marc ».",
        "忘掉我说的“小明”那件事",
        'Lupakan apa saya cakap pasal "Ali".',
    ],
)
def test_a_quoted_topic_after_the_users_own_verb_stays_a_request(message):
    from souvenir.write.forget_relay import own_forget_requests

    assert [r.topic for r in own_forget_requests(message)] != []
