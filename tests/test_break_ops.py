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

from tests.servers import free_port

#: A fake OpenAI key (the battery's shape): it must never reach a log line.
FAKE_KEY = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z"


def _serve(db, port: int) -> subprocess.Popen:
    env = os.environ | {"SOUVENIR_EMBEDDER": "none", "SOUVENIR_WINDOW_EMBEDDER": "none"}
    return subprocess.Popen([sys.executable, "-m", "souvenir.cli", "--db", str(db), "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)


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
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert "Logging error" not in out and "Traceback" not in out, out[:3000]
    assert '"GET /health HTTP/1.1" 200' in out, out[-2000:]
    access = [line for line in out.splitlines() if "/memories" in line]
    assert len(access) == 2 and all("[redacted]" in line for line in access), access
    assert FAKE_KEY not in out and FAKE_KEY[8:] not in out
