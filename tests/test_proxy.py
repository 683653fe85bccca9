"""The OpenAI-compatible proxy and the reflection worker, against a scripted chat server on
loopback: the reply never waits on memory, the right counter moves, facts become memories."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from tests.servers import ChatServer, UvicornThread

FACT = json.dumps(
    {
        "memories": [
            {
                "text": "Wants deliveries sent to the office in Cyberjaya",
                "kind": "preference",
                "scope": "global",
                "confidence": 0.9,
            }
        ]
    }
)


@pytest.fixture
def upstream():
    with ChatServer(reply="Your order ships today.", reflection_answer=FACT) as server:
        yield server


def _service(tmp_path, upstream, **extra):
    options = {"reflection_timeout_s": 2.0, "llm_timeout_s": 5.0} | extra
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'p.db'}",
        embedder="none",
        llm_base_url=upstream.url,
        llm_model="stub",
        _env_file=None,
        **options,
    )
    return settings, UvicornThread(create_app(settings))


def _ask(
    url: str,
    text: str = "Where is my order? From now on please deliver to my office in Cyberjaya.",
    user: str = "77",
    stream: bool = False,
    timeout: float = 30,
):
    body = {
        "model": "stub",
        "user": user,
        "stream": stream,
        "messages": [
            {"role": "system", "content": "You are a helpful shop assistant."},
            {"role": "user", "content": text},
        ],
    }
    return httpx.post(
        f"{url}/v1/chat/completions", json=body, headers={"X-Souvenir-Channel": "telegram"}, timeout=timeout
    )


def _wait_memory(url: str, channel: str, user: str, needle: str, timeout_s: float = 10) -> list[str]:
    deadline = time.monotonic() + timeout_s
    texts: list[str] = []
    while time.monotonic() < deadline:
        texts = [m["text"] for m in httpx.get(f"{url}/v1/users/{channel}/{user}/memories").json()["memories"]]
        if any(needle in t for t in texts):
            break
        time.sleep(0.1)
    return texts


def test_a_fact_said_through_the_proxy_becomes_a_memory(tmp_path, upstream):
    _, server = _service(tmp_path, upstream)
    with server:
        r = _ask(server.url)
        assert r.status_code == 200
        assert r.json()["choices"][0]["message"]["content"] == "Your order ships today."
        texts = _wait_memory(server.url, "telegram", "77", "Cyberjaya")
        assert texts == ["Wants deliveries sent to the office in Cyberjaya"]
        # the next request carries it in the system prompt, as quoted data
        _ask(server.url, "Any news on my parcel?")
        sent = [b for b in upstream.requests if "response_format" not in b][-1]
        assert sent["messages"][0]["role"] == "system"
        assert "Cyberjaya" in sent["messages"][0]["content"]
        assert sent["messages"][0]["content"].startswith("You are a helpful shop assistant.")
        metrics = httpx.get(f"{server.url}/metrics").text
        assert 'souvenir_reflections_total{outcome="ok"}' in metrics


def test_a_hanging_reflection_model_adds_nothing_to_the_reply(tmp_path, upstream):
    upstream.reflection_mode = "hang"
    upstream.hang_s = 60
    upstream.chat_mode = "slow"
    upstream.delay_s = 0.5
    _, server = _service(tmp_path, upstream)
    with server:
        _ask(server.url, "warm up", user="w")
        timings = []
        for i in range(3):
            started = time.monotonic()
            r = _ask(server.url, f"I moved to Ipoh {i}", user="h")
            timings.append(time.monotonic() - started)
            assert r.status_code == 200
        assert max(timings) < 0.5 + 1.0, timings  # the upstream's own 0.5 s, plus under 1 s


@pytest.mark.parametrize("mode", ["500", "garbage", "close"])
def test_a_failing_reflection_is_retried_then_parked_and_counted(tmp_path, upstream, mode):
    upstream.reflection_mode = mode
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'f.db'}",
        embedder="none",
        llm_base_url=upstream.url,
        llm_model="stub",
        reflection_park_after_s=0.5,
        reflection_backoff_s=0.0,
        llm_breaker_cooldown_s=0.01,
        reflection_timeout_s=2.0,
        _env_file=None,
    )
    rt = open_runtime(settings)
    try:
        rt.engine.record_turn("api", "u", "I live in Ipoh", "Nice!")
        assert rt.worker.run_once()
        assert rt.worker.counts["failed"] == 1
        time.sleep(0.6)  # the job's failures have now lasted park_after_s
        assert rt.worker.run_once()
        assert rt.worker.counts["parked"] == 1
        parked = rt.store.parked_jobs()
        assert len(parked) == 1 and parked[0]["attempts"] == 2 and parked[0]["error"]
        assert parked[0]["model"] == "stub" and "skipped" not in parked[0]["error"]
        assert rt.engine.memories("api", "u") == []
    finally:
        rt.close()


def test_the_breaker_stops_calling_a_dead_model(tmp_path, upstream):
    upstream.reflection_mode = "500"
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'b.db'}",
        embedder="none",
        llm_base_url=upstream.url,
        llm_model="stub",
        _env_file=None,
    )
    rt = open_runtime(settings)
    try:
        for i in range(3):
            rt.engine.record_turn("api", f"u{i}", "I live in Ipoh", "Nice!")
        rt.worker.backoff_s = 0.0
        calls_before = len(upstream.requests)
        rt.worker.run_once()
        # json_schema, then json_object: the same 500 twice is the server, not the format
        assert len(upstream.requests) - calls_before == 2
        for _ in range(3):
            rt.worker.run_once()
        assert len(upstream.requests) - calls_before == 2  # then open: no more calls
        assert rt.engine.chat.breaker.state == "open"
        assert rt.worker.counts["deferred"] >= 1 and rt.worker.counts["parked"] == 0
    finally:
        rt.close()


def test_streaming_is_relayed_unchanged_and_remembered(tmp_path, upstream):
    _, server = _service(tmp_path, upstream)
    with server:
        r = _ask(server.url, stream=True)
        assert r.status_code == 200 and "data: [DONE]" in r.text
        words = [
            json.loads(line[5:])["choices"][0]["delta"]["content"]
            for line in r.text.splitlines()
            if line.startswith("data: {")
        ]
        assert "".join(words).strip() == "Your order ships today."
        assert "Cyberjaya" in " ".join(_wait_memory(server.url, "telegram", "77", "Cyberjaya"))


@pytest.mark.parametrize("mode", ["500", "garbage"])
def test_upstream_errors_pass_through(tmp_path, upstream, mode):
    upstream.chat_mode = mode
    _, server = _service(tmp_path, upstream)
    with server:
        r = _ask(server.url)
        assert r.status_code == (500 if mode == "500" else 200)
        event = "proxy_upstream_errors" if mode == "500" else "proxy_upstream_malformed"
        assert f'souvenir_proxy_events_total{{event="{event}"}} 1.0' in httpx.get(f"{server.url}/metrics").text


def test_a_closed_upstream_connection_is_a_502(tmp_path, upstream):
    upstream.chat_mode = "close"
    _, server = _service(tmp_path, upstream)
    with server:
        assert _ask(server.url).status_code == 502
        assert "proxy_upstream_failures" in httpx.get(f"{server.url}/metrics").text


def test_models_pass_through_and_bad_requests_are_422(tmp_path, upstream):
    _, server = _service(tmp_path, upstream)
    with server:
        assert httpx.get(f"{server.url}/v1/models").json()["data"][0]["id"] == "stub-model"
        r = httpx.post(f"{server.url}/v1/chat/completions", json={"model": "x"})
        assert r.status_code == 422 and "messages" in r.text
        r = httpx.post(
            f"{server.url}/v1/chat/completions", content=b"{not json", headers={"Content-Type": "application/json"}
        )
        assert r.status_code == 422
        # a body that does not say it is JSON (a web page's "simple request") never reaches it
        r = httpx.post(f"{server.url}/v1/chat/completions", content=b'{"model": "x", "messages": []}')
        assert r.status_code == 415 and r.json()["error"]["type"] == "invalid_request_error"


def test_without_a_user_the_request_is_forwarded_untouched(tmp_path, upstream, caplog):
    _, server = _service(tmp_path, upstream)
    with server, caplog.at_level("WARNING", logger="souvenir.api.proxy"):
        body = {"model": "stub", "messages": [{"role": "user", "content": "hello"}]}
        assert httpx.post(f"{server.url}/v1/chat/completions", json=body).status_code == 200
        assert upstream.requests[-1]["messages"] == body["messages"]
    warned = [r.getMessage() for r in caplog.records if "named no user" in r.getMessage()]
    assert len(warned) == 1 and warned[0].startswith("proxy: 1 request named no user ("), warned  # not "1 requests"


def test_a_hanging_upstream_answers_within_its_deadline(tmp_path, upstream):
    upstream.chat_mode = "hang"
    upstream.hang_s = 60
    _, server = _service(tmp_path, upstream, llm_timeout_s=1.0)
    with server:
        started = time.monotonic()
        r = _ask(server.url)
        assert r.status_code == 504 and time.monotonic() - started < 5  # 1 s bound against 60 s
        assert r.json()["error"]["type"] == "api_error"  # OpenAI's error shape (issue #13)
        metrics = httpx.get(f"{server.url}/metrics").text
        assert 'souvenir_proxy_events_total{event="proxy_upstream_timeouts"} 1.0' in metrics
        assert "souvenir_summaries_total" in metrics
        assert 'souvenir_replica_events_total{event="stale_jobs"} 0.0' in metrics
        assert 'souvenir_replica_events_total{event="index_claims_ended"}' in metrics


def test_diagnostics_json_carries_the_service_counters(tmp_path, upstream):
    upstream.reflection_mode = "500"
    _, server = _service(tmp_path, upstream)
    with server:
        _ask(server.url)
        deadline = time.monotonic() + 10
        service = {}
        while time.monotonic() < deadline:
            service = httpx.get(f"{server.url}/v1/users/telegram/77/diagnostics.json").json()["service"]
            if service["reflections"]["failed"]:
                break
            time.sleep(0.1)
        assert service["reflections"]["failed"] >= 1 and service["breaker"]["chat"] in ("open", "half-open")
        health = httpx.get(f"{server.url}/health").json()
        failure = next(iter(health["chat"].values()))["last_failure"]
        assert failure and failure.isidentifier()  # a class name: the public route shows no message
        assert any("skipped after a failure" in c["detail"] for c in health["causes"])
