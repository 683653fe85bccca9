"""Broken as a careless operator would find it: ``souvenir serve`` run as README says, its
logs, and reads while another process holds the SQLite write lock. Real processes, real HTTP
on loopback, a real SQLite file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import httpx

from tests.servers import free_port, hold_write_lock

#: A fake OpenAI key (the battery's shape): it must never reach a log line.
FAKE_KEY = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z"


def _serve(db, port: int) -> subprocess.Popen:
    env = os.environ | {"SOUVENIR_EMBEDDER": "none", "SOUVENIR_WINDOW_EMBEDDER": "none"}
    return subprocess.Popen(
        [sys.executable, "-m", "souvenir.cli.main", "--db", str(db), "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )


def _wait_up(url: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 40
    while True:
        assert proc.poll() is None, proc.stdout.read() if proc.stdout else "serve exited"
        try:
            if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "serve did not start"
        time.sleep(0.2)


def test_serve_writes_one_access_line_per_request_and_no_secret(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _serve(tmp_path / "logs.db", port)
    try:
        _wait_up(url, proc)
        assert httpx.get(f"{url}/v1/users/api/{FAKE_KEY}/memories").status_code == 200
        assert httpx.get(f"{url}/v1/users/api/u/memories?api_key={FAKE_KEY}").status_code == 200
        assert httpx.get(f"{url}/v1/users/whatsapp/%2B60123456789/profile").status_code == 404
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert "Logging error" not in out and "Traceback" not in out, out[:3000]
    assert '"GET /health HTTP/1.1" 200' in out, out[-2000:]
    access = [line for line in out.splitlines() if "/memories" in line]
    assert len(access) == 2, access
    assert "/v1/users/api/{user}/memories HTTP" in access[0] and "[redacted]" in access[1], access
    assert FAKE_KEY not in out and FAKE_KEY[8:] not in out
    # the access log names routes, not people: a phone number as user id stays out of it
    assert '"GET /v1/users/whatsapp/{user}/profile HTTP/1.1" 404' in out, out[-2000:]
    assert "60123456789" not in out


def test_every_read_route_answers_while_another_process_holds_the_write_lock(tmp_path):
    """Reads that can be served are served (WAL readers never wait on the writer): the memory
    list, search, history, profile, export, diagnostics — even with the read path's own
    bookkeeping (counters, the selection record) queued behind the lock."""
    from souvenir.api.app import create_app
    from souvenir.ground.config import Settings
    from tests.servers import UvicornThread

    db = tmp_path / "reads.db"
    settings = Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        base = "/v1/users/api/u"
        client.post("/v1/turns", json={"user": "u", "message": "My sister lives in Penang"})
        memory_id = client.post(f"{base}/memories", json={"text": "Allergic to latex"}).json()["id"]
        holder = hold_write_lock(db, 20)
        try:
            for message in ("where does my sister live?", "which gloves?"):  # bookkeeping queues
                assert client.post("/v1/context", json={"user": "u", "message": message}).status_code == 200
            for method, path, body in (
                ("GET", f"{base}/memories", None),
                ("POST", f"{base}/search", {"query": "latex"}),
                ("GET", f"{base}/memories/{memory_id}/history", None),
                ("GET", f"{base}/profile", None),
                ("GET", f"{base}/export", None),
                ("GET", f"{base}/forgotten", None),
                ("GET", f"{base}/diagnostics.json", None),
            ):
                t0 = time.monotonic()
                r = client.request(method, path, json=body)
                took = time.monotonic() - t0
                assert r.status_code == 200 and took < 3.5, (path, r.status_code, round(took, 1), r.text[:200])
            assert "Penang" in client.get(f"{base}/export").text
        finally:
            holder.kill()
            holder.wait()


def test_job_ids_past_64_bits_are_a_422_not_a_500(tmp_path):
    """The operator's retry route takes ids in its body: one past a 64-bit integer reached
    SQLite (OverflowError, 500); it is refused like one in a path."""
    from souvenir.api.app import create_app
    from souvenir.api.keys import create_key
    from souvenir.ground.config import Settings
    from souvenir.store import open_store
    from tests.servers import UvicornThread

    db = tmp_path / "jobs.db"
    store = open_store(f"sqlite:///{db}")
    admin = create_key(store, "ops", admin=True)[0]
    store.close()
    settings = Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        headers = {"Authorization": f"Bearer {admin}"}
        for ids in ([10**25], [2**63], [0], [-1]):
            r = client.post("/v1/jobs/retry", json={"ids": ids}, headers=headers)
            assert r.status_code == 422, (ids, r.status_code, r.text)
        assert client.post("/v1/jobs/retry", json={"ids": [2**63 - 1]}, headers=headers).json() == {"requeued": 0}


def test_serve_says_at_start_what_it_runs_with_and_who_may_call_it(tmp_path):
    """``make run`` printed uvicorn's lines only: not which file holds the memories, that no
    chat model means no-model mode and no proxy, nor that the keyless mode answers loopback
    only. One line now says so, before uvicorn's, without the chat URL's password."""
    port = free_port()
    env = os.environ | {
        "SOUVENIR_EMBEDDER": "none",
        "SOUVENIR_WINDOW_EMBEDDER": "none",
        "SOUVENIR_LLM_BASE_URL": "http://alice:s3cret@127.0.0.1:9/v1",
        "SOUVENIR_LLM_MODEL": "tiny",
    }
    db = tmp_path / "banner.db"
    proc = subprocess.Popen(
        [sys.executable, "-m", "souvenir.cli.main", "--db", str(db), "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        _wait_up(f"http://127.0.0.1:{port}", proc)
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    banner = out.splitlines()[0]
    assert banner.startswith(f"souvenir: http://127.0.0.1:{port}"), out[:2000]
    assert f"store SQLite {db.resolve()}" in banner and "embedders none" in banner
    assert "chat model tiny at http://127.0.0.1:9/v1" in banner and "s3cret" not in out
    assert "no API key: loopback clients only" in banner
