"""Issue #25: the loop with a model that misbehaves like real ones — bounded calls, no pile-up
on a single-slot server, live replies first, fair queues.

The servers are local stand-ins speaking the OpenAI protocol (tests/servers.py): a
single-slot server that computes token by token (and keeps computing a whole answer after
its client left), one that loops until its token limit, one that echoes its input, one that
answers no JSON at all. Times are wide margins, never speed targets: a bounded, yielding
service finishes in seconds what an unbounded one would take minutes to.
"""

from __future__ import annotations

import json
import threading
import time

import httpx

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.llm.budget import fitting, reflection_tokens, retry_plan, summary_tokens
from souvenir.ground.timeutil import utcnow
from tests.attack_support import stub_model_settings, wait_until
from tests.servers import ChatServer, UvicornThread
from tests.slot_server import SlotModelServer


def _settings(tmp_path, upstream, **overrides) -> Settings:
    fast_retries = {"reflection_backoff_s": 0.05, "reflection_timeout_s": 30.0}
    return stub_model_settings(f"sqlite:///{tmp_path / 'm.db'}", upstream.url, **{**fast_retries, **overrides})


def _drained(rt) -> bool:
    counts = rt.store.outbox_counts()
    return not counts.get("pending") and not counts.get("running")


def _ask(url: str, text: str, user: str = "live", timeout: float = 60.0) -> tuple[int, float]:
    started = time.monotonic()
    body = {"model": "stub", "user": user, "messages": [{"role": "user", "content": text}]}
    r = httpx.post(f"{url}/v1/chat/completions", json=body, timeout=timeout)
    return r.status_code, time.monotonic() - started


def test_a_model_that_loops_until_its_limit_is_bounded_cut_and_drains(tmp_path):
    """Without a bound this model writes its whole 2,000-token context for every reflection
    (issue #25: 2,230-2,626 tokens); each call now carries the contract's bound, is read as a
    stream and closed where it starts repeating itself, and every job ends done or parked."""
    with SlotModelServer(token_s=0.005, context_tokens=2000) as upstream:
        upstream.modes["reflection"] = "loop"
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            for n in range(4):
                rt.engine.record_turn("api", f"u{n % 2}", f"I moved to Ipoh last year, turn {n}", "Nice!")
            rt.worker.start()
            assert wait_until(lambda: _drained(rt), 120), rt.store.outbox_counts()
        finally:
            rt.close()
        calls = upstream.background()
        assert calls and all(c["stream"] for c in calls)
        bound = reflection_tokens(None, "I moved to Ipoh last year, turn 0")
        assert all(c["max_tokens"] is not None and c["max_tokens"] <= bound for c in calls)
        # closed where the loop began: far below the bound, never the 2,000-token context
        assert all(c["tokens"] < bound for c in calls), [c["tokens"] for c in calls]
        assert all(c["client_gone"] for c in calls)  # closed by us, the server stopped there


def test_an_answer_without_json_is_retried_with_another_request_and_parks_fast(tmp_path):
    """A model that answers prose: each retry sends a smaller bound at a higher temperature
    (never the same request) and the job parks after three attempts with its cause — not
    after the 15 minutes of an outage."""
    with ChatServer(reflection_answer="I am sorry, I cannot help with that request.") as upstream:
        rt = open_runtime(_settings(tmp_path, upstream, reflection_park_after_s=900))
        try:
            rt.engine.record_turn("api", "a", "I live in Ipoh now", "Nice!")
            started = time.monotonic()
            rt.worker.start()
            assert wait_until(lambda: rt.store.outbox_counts().get("parked") == 1, 60)
            assert time.monotonic() - started < 300  # minutes at most, never park_after_s
            parked = rt.store.jobs("parked")[0]
            assert "unreadable" in parked["error"] and parked["attempts"] == 3
        finally:
            rt.close()
        sent = [(r.get("max_tokens"), r.get("temperature")) for r in upstream.requests]
        assert len(sent) == 3 and len(set(sent)) == 3  # three different requests
        assert [m for m, _ in sent] == sorted((m for m, _ in sent), reverse=True)
        assert [t for _, t in sent] == sorted(t for _, t in sent)
        base = reflection_tokens(None, "I live in Ipoh now")
        assert sent[0] == (base, 0.0) and sent[1][0] == retry_plan(base, 2).max_tokens


def test_live_replies_do_not_wait_behind_reflections_on_a_single_slot_server(tmp_path):
    """Each reflection takes its whole bound on this one-slot server (about 10 s here);
    proxied replies arrive while they run. A reply takes the slot at once — the running
    reflection is closed at its next token and runs again later — so it comes back in a
    fraction of one reflection's time, and no more than one request ever waits behind the
    slot (nothing piles up). Every job is done afterwards."""
    with SlotModelServer(token_s=0.02) as upstream:
        long_note = " ".join(["Likes", "long", "walks", "by", "the", "river"] * 120)
        upstream.answers["reflection"] = json.dumps(
            {
                "memories": [{"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}],
                "summary": None,
                "state": {},
                "padding": long_note,
            }
        )
        settings = _settings(tmp_path, upstream, llm_timeout_s=60.0, reflection_timeout_s=60.0)
        with UvicornThread(create_app(settings)) as server:
            for n in range(3):
                r = httpx.post(
                    f"{server.url}/v1/turns",
                    json={
                        "channel": "api",
                        "user": f"bg{n}",
                        "message": f"I moved to Ipoh, note {n}",
                        "reply": "Nice!",
                    },
                )
                assert r.status_code in (200, 201), r.text
            assert wait_until(lambda: any(c["tokens"] > 5 for c in upstream.background()), 30)
            one_reflection_s = reflection_tokens(None, "x") * upstream.token_s
            times = []
            for n in range(3):
                status, took = _ask(server.url, f"What is the weather like, question {n}?")
                assert status == 200
                times.append(took)
                time.sleep(0.5)
            assert max(times) < one_reflection_s / 2, (times, one_reflection_s)
            assert upstream.max_waiting <= 1
            assert any(c["client_gone"] for c in upstream.background())  # a reflection yielded

            def done() -> bool:
                jobs = httpx.get(f"{server.url}/v1/jobs", params={"status": "done"}).json()["jobs"]
                return sum(1 for j in jobs if j["job"] == "reflection") >= 6  # 3 turns + 3 replies

            assert wait_until(done, 120)


def test_a_whole_answer_computed_after_a_disconnect_never_piles_up(tmp_path):
    """llama-cpp-python computes a whole (not streamed) answer to its end even when its
    client has gone: issue #25's server kept computing 31 abandoned reflections. Background
    calls stream, so a call cut at its deadline stops the server at once; the next waits at
    the gate, not in the server's queue."""
    with SlotModelServer(token_s=0.05) as upstream:
        upstream.answers["reflection"] = " ".join(["word"] * 400)  # 20 s of tokens, no JSON
        rt = open_runtime(_settings(tmp_path, upstream, reflection_timeout_s=1.0, reflection_workers=3))
        try:
            for n in range(3):
                rt.engine.record_turn("api", f"u{n}", f"I moved to Ipoh, note {n}", "Nice!")
            rt.worker.start()
            assert wait_until(lambda: _drained(rt), 120), rt.store.outbox_counts()
            parked = rt.store.jobs("parked")
            assert len(parked) == 3 and all("not finished in time" in j["error"] for j in parked)
        finally:
            rt.close()
        # one call at a time was sent (the next may reach the server while the one we closed
        # computes its last token): never a queue of abandoned calls
        assert upstream.max_waiting <= 1
        assert upstream.abandoned_tokens == 0
        # each call stopped within a few tokens of its 1 s deadline, not after 400
        assert all(c["tokens"] <= 1.0 / upstream.token_s + 10 for c in upstream.background())


def test_a_model_that_echoes_its_input_leaves_the_service_draining(tmp_path):
    """The echo of the reflection's own input is JSON without memories: read, nothing kept,
    the job done; replies still come."""
    with SlotModelServer(token_s=0.002) as upstream:
        upstream.modes["reflection"] = "echo"
        upstream.modes["summary"] = "echo"
        settings = _settings(tmp_path, upstream, summary_enabled=True)
        with UvicornThread(create_app(settings)) as server:
            for n in range(3):
                status, _ = _ask(server.url, f"Je m'appelle Léa et j'habite à Lyon depuis {2015 + n}.", user="echo")
                assert status == 200

            def drained() -> bool:
                counts = httpx.get(f"{server.url}/v1/jobs", params={"status": "pending"}).json()["jobs"]
                running = httpx.get(f"{server.url}/v1/jobs", params={"status": "running"}).json()["jobs"]
                return not counts and not running

            assert wait_until(drained, 60)
            memories = httpx.get(f"{server.url}/v1/users/api/echo/memories").json()["memories"]
            assert not [m for m in memories if m["text"].startswith("Exchange (JSON data)")]


def test_the_summary_is_bounded_by_its_300_characters_and_ends_at_a_blank_line(tmp_path):
    with ChatServer(
        reflection_answer=json.dumps(
            {"memories": [{"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}]}
        )
    ) as upstream:
        upstream.summary_answer = "Lives in Ipoh."
        rt = open_runtime(_settings(tmp_path, upstream, summary_enabled=True))
        try:
            rt.engine.record_turn("api", "a", "我住在怡保，上个月买的水壶坏了", "好的")
            assert rt.worker.drain(60)
        finally:
            rt.close()
        summaries = [r for r in upstream.requests if r["messages"][0]["content"].startswith("You keep a short profile")]
        assert summaries, [r["messages"][0]["content"][:30] for r in upstream.requests]
        # within what the 30 s timeout lets a server on this machine write (session 23: budget.fitting)
        assert summaries[0]["max_tokens"] == fitting(summary_tokens("zh"), 30.0) and summaries[0]["stop"] == ["\n\n"]
        assert fitting(summary_tokens("zh"), 60.0) == summary_tokens("zh")  # the default 60 s: the whole contract
        assert summary_tokens("zh") > summary_tokens("en")  # Han text needs more tokens a character


def test_one_open_breaker_is_waited_out_once_not_per_job_and_try(tmp_path):
    """A model that fails: the first job's failure opens the breaker; the worker then waits
    for the trial instead of taking every job out to defer it (issue #25: 1,311 deferrals),
    and a job that never ran shows no error."""
    with ChatServer() as upstream:
        upstream.reflection_mode = "500"
        rt = open_runtime(_settings(tmp_path, upstream, llm_breaker_cooldown_s=2.0))
        try:
            for n in range(6):
                rt.engine.record_turn("api", f"u{n}", f"I moved to Ipoh, note {n}", "Nice!")
            rt.worker.idle_s = 0.02
            rt.worker.start()
            assert wait_until(lambda: rt.worker.counts["failed"] >= 1, 20)
            time.sleep(1.0)  # inside the cool-down: nothing claimed
            calls = len(upstream.requests)
            pending = rt.store.jobs("pending")
            assert rt.worker.counts["deferred"] == 1
            never = [j for j in pending if j["attempts"] == 0]
            assert len(never) >= 4 and all(j["error"] is None for j in never)
            time.sleep(0.5)
            assert len(upstream.requests) == calls  # no call while the breaker is open
        finally:
            rt.close()


def test_a_busy_gate_does_not_hold_a_worker_forever(tmp_path):
    """A live request holding a one-slot server: a background call waits at most its bound,
    then its job goes back to the queue without an attempt or an error."""
    with ChatServer(reflection_answer='{"memories": []}') as upstream:
        rt = open_runtime(_settings(tmp_path, upstream, reflection_timeout_s=0.5))
        try:
            rt.engine.record_turn("api", "a", "I live in Ipoh now", "Nice!")
            token = rt.engine.chat.gate.live_enter()
            try:
                assert rt.worker.run_once()
                job = rt.store.jobs("pending")[0]
                assert job["attempts"] == 0 and job["error"] is None and rt.worker.counts["yielded"] == 1
            finally:
                rt.engine.chat.gate.live_exit(token)
            assert rt.worker.drain(20) and rt.store.outbox_counts().get("done") == 1
        finally:
            rt.close()


def test_a_gate_orders_live_before_background_and_keeps_its_budget():
    from souvenir.llm.gate import UpstreamGate, default_capacity, upstream_key

    gate = UpstreamGate("t", capacity=1)
    first = gate.acquire(1.0)
    assert first is not None and gate.acquire(0.1) is None  # the budget: one at a time
    token = gate.live_enter()
    assert first.yielded.is_set()  # the running background call is told to yield
    gate.release(first)
    assert gate.acquire(0.1) is None  # a live request in flight: no background start
    got: list = []
    waiter = threading.Thread(target=lambda: got.append(gate.acquire(10.0)))
    waiter.start()
    time.sleep(0.2)
    gate.live_exit(token)
    waiter.join(5)
    assert got and got[0] is not None
    gate.release(got[0])
    assert default_capacity("http://127.0.0.1:8080/v1", 4) == 1
    assert default_capacity("http://localhost:11434", 4) == 1
    assert default_capacity("https://api.example.com/v1", 4) == 4
    assert upstream_key("http://127.0.0.1:8080/v1") == upstream_key("http://127.0.0.1:8080")
    expiring = UpstreamGate("e", capacity=1)
    expiring.live_enter(0.2)  # a live request whose end is never told stops counting
    assert expiring.acquire(5.0) is not None


def test_a_burst_of_summary_jobs_of_one_user_runs_once(tmp_path):
    """Each reflection with a new fact queues a summary (seed 001 §5.3): a burst of them is
    rewritten whole once, by the last, not once per job on a busy model."""
    from datetime import datetime, timezone

    with ChatServer() as upstream:
        rt = open_runtime(_settings(tmp_path, upstream, summary_enabled=True))
        try:
            now = datetime.now(timezone.utc)
            user = rt.store.ensure_user("api", "a", now)
            for n in range(3):
                turn = rt.store.add_turn(user, None, f"I moved to Ipoh, note {n}", "Nice!", now, None)
                rt.store.enqueue(user, turn, "summary", now)
            assert rt.worker.drain(30)
            assert upstream.summary_calls == 1 and rt.worker.counts["summary_superseded"] == 2
            assert rt.store.outbox_counts() == {"done": 3}
        finally:
            rt.close()


def test_a_model_that_keeps_nothing_is_never_worse_than_no_model(tmp_path):
    """The reflection found nothing (or only what the filters drop): the message is kept as
    the episode the no-model path would have kept; a bare acknowledgement still is not."""
    with ChatServer(
        reflection_answer='{"memories": [{"text": "How have you been?", "kind": "fact", '
        '"scope": "global", "confidence": 0.1}]}'
    ) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "a", "I moved to Ipoh last year with my two daughters", "Nice!")
            rt.engine.record_turn("api", "a", "ok merci", "De rien !")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "a")
            texts = [m.text for m in rt.store.memories(user)]
            assert len(texts) == 1 and texts[0].startswith("I moved to Ipoh last year"), texts
            assert rt.engine.counters["reflection_message_kept"] == 1
        finally:
            rt.close()


def test_a_summary_that_echoes_its_input_is_rejected_and_the_old_one_stays(tmp_path):
    with SlotModelServer(token_s=0.001) as upstream:
        upstream.modes["summary"] = "echo"  # the summariser's own JSON input as the answer
        rt = open_runtime(_settings(tmp_path, upstream, summary_enabled=True))
        try:
            user = rt.store.ensure_user("api", "a", utcnow())
            rt.store.kv_set(user, "summary", "Lives in Ipoh.", utcnow())
            rt.engine.record_turn("api", "a", "I want to return the blue kettle from order LZ-7731", "Sure.")
            assert rt.worker.drain(60)
            assert any(e["kind"] == "summary" for e in upstream.log)
            assert rt.store.kv_get(user, "summary") == "Lives in Ipoh."
            assert rt.engine.counters["summaries_rejected"] >= 1
        finally:
            rt.close()


def test_bounds_reach_the_server_in_each_protocol():
    from souvenir.llm import OllamaChatClient, OpenAIChatClient

    with ChatServer(reply="Hello there") as upstream:
        ollama = OllamaChatClient(upstream.url, "small", timeout_s=10)
        assert (
            ollama.ask(
                [{"role": "user", "content": "hi"}], max_tokens=50, stop=("\n\n",), temperature=0.3, background=True
            ).text
            == "Hello there"
        )
        options = upstream.requests[-1]["options"]
        assert options == {"temperature": 0.3, "num_predict": 50, "stop": ["\n\n"]}
        openai = OpenAIChatClient(upstream.url, "small", timeout_s=10)
        answer = openai.ask([{"role": "user", "content": "hi"}], max_tokens=20, background=False)
        body = upstream.requests[-1]
        assert answer.text == "Hello there" and body["max_tokens"] == 20 and "stream" not in body
        streamed = openai.ask([{"role": "user", "content": "hi"}], max_tokens=20, background=True)
        assert streamed.text.strip() == "Hello there" and upstream.requests[-1]["stream"] is True
