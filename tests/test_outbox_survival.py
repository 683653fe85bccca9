"""Reflections survive model outages and any OpenAI-compatible server: time-based parking,
breaker refusals that are no attempts, parked jobs that name their model and real cause and
can be requeued (CLI and REST), and structured output that falls back from json_schema to
json_object to a plain instruction, remembered per model."""

from __future__ import annotations

import json
import time

import httpx
from typer.testing import CliRunner

from souvenir.api.app import create_app
from souvenir.cli.main import app as cli
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from tests.attack_support import stub_model_settings, wait_until
from tests.servers import ChatServer, UvicornThread

FACT = json.dumps({"memories": [{"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}]})
#: Seconds per real-world second in the outage test (see its docstring).
SCALE = 1 / 45


def _settings(tmp_path, upstream, name: str = "o.db", **overrides) -> Settings:
    return stub_model_settings(f"sqlite:///{tmp_path / name}", upstream.url, **overrides)


def test_a_90_s_model_outage_parks_nothing_and_every_job_is_reflected_after_it(tmp_path):
    """The property of the defaults, on a clock scaled by 1/45 so the test runs in seconds:
    a 90 s outage (here 2 s) with parking after 15 min of failures (here 20 s), a 2 s first
    backoff capped at 60 s (here 0.044 s, 1.3 s), a 30 s breaker cool-down (here 0.67 s) and
    a 60 s model timeout (here 1.3 s). The model hangs for the whole outage while ten turns
    queue reflections. Before, retries refused by the open breaker counted as attempts and
    five of them parked a job: a 75 s outage parked 10 of 10. Now the breaker's refusals
    are no attempts, parking is by duration, and every job is reflected after recovery."""
    outage_s = 90 * SCALE
    with ChatServer(reflection_answer=FACT) as upstream:
        upstream.reflection_mode = "hang"
        upstream.hang_s = 3.0
        settings = _settings(
            tmp_path,
            upstream,
            reflection_park_after_s=900 * SCALE,
            reflection_backoff_s=2 * SCALE,
            reflection_backoff_max_s=60 * SCALE,
            llm_breaker_cooldown_s=30 * SCALE,
            reflection_timeout_s=60 * SCALE,
        )
        rt = open_runtime(settings)
        try:
            started = time.monotonic()
            rt.worker.idle_s = 0.05
            rt.worker.start()
            for i in range(10):
                rt.engine.record_turn("api", f"u{i}", "I live in Ipoh now", "Nice!")
                rt.worker.wake()
            time.sleep(max(0.0, outage_s - (time.monotonic() - started)))
            upstream.reflection_mode = "ok"
            assert wait_until(lambda: rt.store.outbox_counts().get("done", 0) == 10, 20.0), rt.store.outbox_counts()
            assert rt.store.outbox_counts().get("parked", 0) == 0
            assert rt.worker.counts["parked"] == 0 and rt.worker.counts["deferred"] >= 1
            assert all(rt.engine.memories("api", f"u{i}") for i in range(10))
        finally:
            rt.close()


def test_a_parked_job_names_its_model_and_cause_and_is_requeued_by_cli_and_rest(tmp_path):
    with ChatServer(reflection_answer=FACT) as upstream:
        upstream.reflection_mode = "500"
        settings = _settings(
            tmp_path,
            upstream,
            reflection_model="reflector",
            reflection_park_after_s=0.3,
            reflection_backoff_s=0.0,
            llm_breaker_cooldown_s=0.01,
        )
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn("api", "p", "I live in Ipoh now", "Nice!")
            rt.engine.record_turn("api", "q", "I live in Ipoh now", "Nice!")
            deadline = time.monotonic() + 10
            while rt.store.outbox_counts().get("parked", 0) < 2 and time.monotonic() < deadline:
                rt.worker.run_once()
                time.sleep(0.05)
            parked = rt.store.jobs("parked")
            assert len(parked) == 2
            assert {j["model"] for j in parked} == {"reflector"}  # not the main model "stub"
            assert all("HTTP 500" in j["error"] and "skipped" not in j["error"] for j in parked)
            runner = CliRunner()
            db = ["--db", str(tmp_path / "o.db"), "--embedder", "none"]
            listed = runner.invoke(cli, [*db, "jobs", "list", "--parked", "--json"])
            assert listed.exit_code == 0, listed.output
            rows = json.loads(listed.output)
            assert len(rows) == 2 and rows[0]["model"] == "reflector" and "HTTP 500" in rows[0]["error"]
            assert "Ipoh" not in listed.output  # no message text in the job list
            upstream.reflection_mode = "ok"
            one = runner.invoke(cli, [*db, "jobs", "retry", str(rows[0]["id"])])
            assert one.exit_code == 0 and "1 job requeued" in one.output, one.output
            assert rt.worker.drain(timeout_s=20)
            assert len(rt.store.jobs("parked")) == 1
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                r = httpx.get(f"{server.url}/v1/jobs", params={"status": "parked"})
                assert r.status_code == 200 and len(r.json()["jobs"]) == 1
                assert httpx.get(f"{server.url}/v1/jobs", params={"status": "nope"}).status_code == 422
                assert httpx.post(f"{server.url}/v1/jobs/retry", json={}).status_code == 422
                r = httpx.post(f"{server.url}/v1/jobs/retry", json={"parked": True})
                assert r.status_code == 200 and r.json() == {"requeued": 1}
                assert wait_until(lambda: rt.store.outbox_counts().get("done", 0) == 2, 20.0)
            assert rt.engine.memories("api", "p") and rt.engine.memories("api", "q")
        finally:
            rt.close()


def test_a_server_that_refuses_json_schema_writes_memories_through_json_object(tmp_path):
    """llama-cpp-python's server answers 500 to ``response_format: json_schema`` and takes
    ``json_object`` with a schema: the reflection falls back, remembers it for the model,
    and later reflections go straight to json_object; /health and /metrics say so."""
    with ChatServer(reflection_answer=FACT) as upstream:
        upstream.accepts = {"json_object", "plain"}
        settings = _settings(tmp_path, upstream)
        rt = open_runtime(settings)
        try:
            for user in ("a", "b", "c"):
                rt.engine.record_turn("api", user, "I live in Ipoh now", "Nice!")
            assert rt.worker.drain(timeout_s=20)
            assert all(rt.engine.memories("api", u) for u in ("a", "b", "c"))
            assert upstream.refused == ["json_schema"]  # refused once, then remembered
            sent = [r["response_format"] for r in upstream.requests if "response_format" in r]
            assert sent[-1]["type"] == "json_object" and sent[-1]["schema"]["type"] == "object"
            assert rt.worker.counts["parked"] == rt.worker.counts["failed"] == 0
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                health = httpx.get(f"{server.url}/health").json()
                metrics = httpx.get(f"{server.url}/metrics").text
            assert health["status"] == "ok"
            assert health["chat"]["stub"]["structured_output"] == "json_object"
            assert "json_schema" in health["chat"]["stub"]["refused"]
            assert 'souvenir_chat_structured_output{form="json_object",model="stub"} 1.0' in metrics
        finally:
            rt.close()


def test_a_server_without_structured_output_gets_a_plain_json_instruction(tmp_path):
    with ChatServer(reflection_answer=FACT) as upstream:
        upstream.accepts = {"plain"}
        upstream.refusal_status = 400
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "a", "I live in Ipoh now", "Nice!")
            assert rt.worker.drain(timeout_s=20)
            assert [m.text for m in rt.engine.memories("api", "a")] == ["Lives in Ipoh"]
            assert upstream.refused == ["json_schema", "json_object"]
            plain = upstream.requests[-1]
            assert "response_format" not in plain and "JSON schema" in plain["messages"][0]["content"]
        finally:
            rt.close()


def test_a_request_refused_in_every_format_is_a_configuration_error_reported_at_once(tmp_path):
    """Not five retries: the first job is parked at once with the cause, the error is
    logged, counted in /metrics and shown by /health; requeued once the server is fixed."""
    with ChatServer(reflection_answer=FACT) as upstream:
        upstream.accepts = set()
        upstream.refusal_status = 400
        settings = _settings(tmp_path, upstream)
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn("api", "a", "I live in Ipoh now", "Nice!")
            assert rt.worker.run_once()
            parked = rt.store.jobs("parked")
            assert len(parked) == 1 and parked[0]["attempts"] == 1
            assert parked[0]["error"].startswith("configuration error") and parked[0]["model"] == "stub"
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                health = httpx.get(f"{server.url}/health").json()
                metrics = httpx.get(f"{server.url}/metrics").text
                assert health["status"] == "degraded"
                assert [c for c in health["causes"] if c["part"] == "chat" and "refused the request" in c["detail"]]
                assert health["chat"]["stub"]["config_error"]
                assert "souvenir_chat_config_errors_total 1.0" in metrics
                upstream.accepts = {"json_schema"}
                rt.engine.chat.breaker._open_until = 0  # skip the cool-down
                r = httpx.post(f"{server.url}/v1/jobs/retry", json={"parked": True})
                assert r.json() == {"requeued": 1}
                assert wait_until(lambda: rt.store.outbox_counts().get("done", 0) == 1, 20.0)
                assert httpx.get(f"{server.url}/health").json()["status"] == "ok"
        finally:
            rt.close()


def test_a_wrong_model_name_or_key_is_a_configuration_error_at_once(tmp_path):
    """The same 404 whatever the format (an unknown model), or a 401 (a refused key), is
    not a format problem and not an outage: reported at once, the job parked with it."""
    for status in (404, 401):
        with ChatServer(reflection_answer=FACT) as upstream:
            upstream.accepts = set()
            upstream.refusal_status = status
            upstream.refusal_body = b'{"error": "model not found"}'
            rt = open_runtime(_settings(tmp_path, upstream, name=f"c{status}.db"))
            try:
                rt.engine.record_turn("api", "a", "I live in Ipoh now", "Nice!")
                assert rt.worker.run_once()
                parked = rt.store.jobs("parked")
                assert len(parked) == 1 and parked[0]["error"].startswith("configuration error"), parked
                assert len(upstream.requests) <= 2
            finally:
                rt.close()


def test_breakers_are_per_upstream_not_per_model_name(tmp_path):
    """Issue #25: an outage is the server's. Two model names on one server share a breaker
    (a dead server is waited out once); one model name on two servers has two."""
    from souvenir.llm.chat import OpenAIChatClient
    from souvenir.llm.circuit import breaker_key

    def fail(breaker) -> None:
        try:
            breaker.call(lambda: (_ for _ in ()).throw(ValueError("x")), failure=(ValueError,))
        except ValueError:
            pass

    with ChatServer(reflection_answer=FACT) as one, ChatServer(reflection_answer=FACT) as two:
        rt = open_runtime(_settings(tmp_path, one, reflection_model="big", summary_model="small", summary_enabled=True))
        other = OpenAIChatClient(two.url, "big")
        try:
            chat = rt.engine.chat
            assert chat.breaker_for("big") is chat.breaker_for("small")
            fail(chat.breaker_for("big"))
            assert chat.breaker_for("small").state == "open"
            assert other.breaker_for("big").state == "closed"  # the same name on another server
            assert other.complete([{"role": "user", "content": "hi"}], model="big")
            assert chat.breaker.name.endswith(f":{breaker_key(one.url)}")
        finally:
            other.close()
            rt.close()


def test_the_breaker_key_is_the_base_url():
    from souvenir.llm.circuit import breaker_key

    assert breaker_key("http://LocalHost:8090/v1/") == "http://localhost:8090"
    assert breaker_key("https://user:pw@api.example.com/v1?x=1") == "https://api.example.com:443"
    assert breaker_key("http://h/team-a/v1") != breaker_key("http://h/team-b/v1")  # two servers, one host
    assert breaker_key("http://h:8090") != breaker_key("http://h:8091")


def test_the_jobs_routes_need_an_admin_key(tmp_path):
    """Every user's jobs: a channel-scoped key gets 403, no key 401, an admin key 200."""
    from souvenir.api.keys import create_key

    with ChatServer(reflection_answer=FACT) as upstream:
        settings = _settings(tmp_path, upstream, name="k.db")
        rt = open_runtime(settings)
        try:
            admin = create_key(rt.store, "ops", admin=True)[0]
            shop = create_key(rt.store, "shop", channels=["shop"])[0]
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                for path, method in (("/v1/jobs", "GET"), ("/v1/jobs/retry", "POST")):
                    kwargs = {"json": {"parked": True}} if method == "POST" else {}
                    assert httpx.request(method, server.url + path, **kwargs).status_code == 401
                    denied = httpx.request(
                        method, server.url + path, headers={"Authorization": f"Bearer {shop}"}, **kwargs
                    )
                    assert denied.status_code == 403, (path, denied.text)
                    assert denied.json()["detail"] == (  # what needed it, and what the key reaches
                        f"{path}, an operators' route, needs an admin key; this key reaches channel 'shop' only"
                    )
                    ok = httpx.request(
                        method, server.url + path, headers={"Authorization": f"Bearer {admin}"}, **kwargs
                    )
                    assert ok.status_code == 200, (path, ok.text)
        finally:
            rt.close()
