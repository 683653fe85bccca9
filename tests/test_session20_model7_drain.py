"""Issue #25, session 20: a prompt the model server has read is not thrown away.

Session 19's run (the llama-cpp-python server's log) found why the loop did not drain under
load: the server keeps one prompt; a reflection stopped for a live reply when its first
piece came had its ~452-token prompt read for nothing, and read it again when it ran again
(6 of 9 such re-reads were lost again). Now a background call whose answer has begun goes on
for at most ``llm_finish_s`` seconds when a live reply comes, and is kept if it ends by then;
one that has not begun, or goes on longer, still gives way (live replies first). A stream the
server itself ends for the waiting reply (llama-cpp-python's ``interrupt_requests``) is put
back, never read as a whole answer.

The server is a local stand-in that reads its prompts as the real one does
(tests/reading_server.py). Times are wide margins, never speed targets.
"""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.llm.gate import UpstreamGate
from tests.attack_support import stub_model_settings, wait_until
from tests.reading_server import ReadingModelServer
from tests.servers import UvicornThread


def _settings(tmp_path, upstream, **overrides) -> Settings:
    base = {"reflection_backoff_s": 0.05, "reflection_timeout_s": 60.0, "llm_timeout_s": 60.0}
    return stub_model_settings(f"sqlite:///{tmp_path / 'm.db'}", upstream.url, **{**base, **overrides})


def _turn(server: UvicornThread, user: str, message: str) -> None:
    body = {"channel": "api", "user": user, "message": message, "reply": "Nice!"}
    r = httpx.post(f"{server.url}/v1/turns", json=body, timeout=30)
    assert r.status_code in (200, 201), r.text


def _ask(server: UvicornThread, text: str) -> tuple[int, float]:
    started = time.monotonic()
    body = {"model": "stub", "user": "live", "messages": [{"role": "user", "content": text}]}
    r = httpx.post(f"{server.url}/v1/chat/completions", json=body, timeout=120)
    return r.status_code, time.monotonic() - started


def _reflections_done(server: UvicornThread, n: int) -> bool:
    jobs = httpx.get(f"{server.url}/v1/jobs", params={"status": "done"}).json()["jobs"]
    return sum(1 for j in jobs if j["job"] == "reflection") >= n


def _reading(upstream: ReadingModelServer) -> bool:
    """A reflection is at the server (reading its prompt)."""
    return any(e["kind"] == "reflection" for e in upstream.log)


@pytest.mark.parametrize("finish_s", [0.0, 30.0])
def test_a_reflection_whose_prompt_is_read_finishes_instead_of_reading_it_again(tmp_path, finish_s):
    """The live reply arrives while the reflection's prompt is being read. With a finish
    time the reflection ends its short answer and is kept: its prompt is read once. Without
    one (``llm_finish_s=0``, the behaviour before) it is stopped at its first piece and reads
    its prompt again after the reply: the lost read session 19 measured."""
    with ReadingModelServer(token_s=0.02, prompt_s=1.5) as upstream:
        settings = _settings(tmp_path, upstream, llm_finish_s=finish_s)
        with UvicornThread(create_app(settings)) as server:
            _turn(server, "bg", "I moved to Ipoh last year")
            assert wait_until(lambda: _reading(upstream), 30)
            status, _ = _ask(server, "What is the weather like today?")
            assert status == 200
            assert wait_until(lambda: _reflections_done(server, 2), 120)  # the turn's and the reply's
        reflections = [e for e in upstream.log if e["kind"] == "reflection"]
        if finish_s:
            assert upstream.lost_reads() == 0, [
                {k: e[k] for k in ("kind", "tokens", "finish", "client_gone", "read")} for e in upstream.log
            ]
            assert len(reflections) == 2 and not any(e["client_gone"] for e in reflections)
        else:
            assert upstream.lost_reads() >= 1, upstream.log  # the read session 19 lost
            assert len(reflections) >= 3


def test_a_long_answer_still_gives_way_after_its_finish_time(tmp_path):
    """Live replies first otherwise: an answer that would take 20 s goes on at most as long
    as its prompt took to read (0.2 s here; ``finish_s`` 30) once a live reply comes, then
    is stopped and runs again later."""
    with ReadingModelServer(token_s=0.05, prompt_s=0.2) as upstream:
        words = [f"w{n}" for n in range(400)]  # 20 s of distinct tokens: no loop to cut
        upstream.answers["reflection"] = json.dumps(
            {
                "memories": [{"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}],
                "padding": " ".join(words),
            }
        )
        settings = _settings(tmp_path, upstream, llm_finish_s=30.0)
        with UvicornThread(create_app(settings)) as server:
            _turn(server, "bg", "I moved to Ipoh last year")
            assert wait_until(lambda: any(c["tokens"] > 5 for c in upstream.background()), 30)
            status, took = _ask(server, "What is the weather like today?")
            assert status == 200
            assert took < 10.0, took  # half the answer's 20 s: it did not wait for its end
            assert any(c["client_gone"] for c in upstream.background())
            assert wait_until(lambda: _reflections_done(server, 2), 120)  # and it ran again


def test_a_stream_the_server_cuts_for_a_waiting_reply_is_put_back_not_read(tmp_path):
    """llama-cpp-python ends a stream with ``[DONE]`` and no ``finish_reason`` when another
    request waits (``interrupt_requests``): the cut answer is not read as a whole one — the
    job is put back without an attempt and runs again; its note is written whole."""
    with ReadingModelServer(token_s=0.05, prompt_s=1.0, interrupt=True) as upstream:
        upstream.answers["reflection"] = json.dumps(
            {
                "memories": [
                    {"text": "Lives in Ipoh with two cats", "kind": "fact", "scope": "global", "confidence": 0.9},
                    {"text": "Works as a nurse in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9},
                ]
            }
        )
        settings = _settings(tmp_path, upstream)
        with UvicornThread(create_app(settings)) as server:
            _turn(server, "bg", "I live in Ipoh with my two cats and I work as a nurse there")
            assert wait_until(lambda: _reading(upstream), 30)
            done = threading.Event()
            threading.Thread(target=lambda: (_ask(server, "Any news today?"), done.set()), daemon=True).start()
            assert wait_until(done.is_set, 60)
            assert wait_until(lambda: _reflections_done(server, 2), 120)
            assert any(e.get("interrupted") for e in upstream.log if e["kind"] == "reflection")
            jobs = httpx.get(f"{server.url}/v1/jobs", params={"status": "done"}).json()["jobs"]
            memories = httpx.get(f"{server.url}/v1/users/api/bg/memories").json()["memories"]
        assert all(j["attempts"] <= 1 for j in jobs if j["job"] == "reflection"), jobs
        texts = sorted(m["text"] for m in memories)
        # the whole answer's two notes, not what a cut first piece or two would repair to
        assert texts == ["Lives in Ipoh with two cats", "Works as a nurse in Ipoh"], texts


def test_the_gate_lets_a_begun_answer_finish_within_its_read_time_and_finish_s():
    """The rule itself: told to yield, a call whose answer has not begun stops at once; one
    that has begun goes on, since it was told, as long as its prompt took to read, at most
    ``finish_s``."""
    gate = UpstreamGate("http://x:1", capacity=1, finish_s=0.3)
    ticket = gate.acquire(0.1)
    assert ticket is not None and not ticket.must_stop(answering=False)
    token = gate.live_enter()
    assert ticket.must_stop(answering=False)  # its prompt may not be read: live first
    time.sleep(0.5)  # the prompt read took 0.5 s
    assert not ticket.must_stop(answering=True)  # begun: it may finish
    time.sleep(0.4)
    assert ticket.must_stop(answering=True)  # past finish_s (0.3 < its 0.5 s read)
    gate.release(ticket, answered=True)
    gate.live_exit(token)
    assert gate.describe()["finished"] == 1 and gate.describe()["yields"] == 1

    quick = UpstreamGate("http://x:2", capacity=1, finish_s=30.0)
    ticket = quick.acquire(0.1)
    assert ticket is not None
    time.sleep(0.2)
    assert not ticket.must_stop(answering=True)  # its first piece after 0.2 s
    quick.live_enter()
    assert not ticket.must_stop(answering=True)
    time.sleep(0.4)
    assert ticket.must_stop(answering=True)  # gone on longer than its 0.2 s read: gives way

    stopped = UpstreamGate("http://x:3", capacity=1, finish_s=0.0)
    ticket = stopped.acquire(0.1)
    assert ticket is not None
    stopped.live_enter()
    assert ticket.must_stop(answering=True)  # 0: the behaviour before
