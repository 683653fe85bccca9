"""Adversarial: credentials never echoed — by a 404, the access log (percent-encoded), the proxy's errors, a model server echoing the configured key, a 422's field name."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import httpx

from souvenir.api.app import create_app
from tests.attack_support import dump_sqlite, sqlite_settings
from tests.servers import ChatServer, UvicornThread, free_port


def test_a_404_never_echoes_a_credential_carried_by_the_user_id(tmp_path):
    """A read route takes any user id: GET …/users/api/sk-proj-…/export answered 404 "no
    user api:sk-proj-…", the key in the error message (which clients log)."""
    key = "sk-proj-abcdefABCDEF1234567890abcdefXYZ"
    with UvicornThread(create_app(sqlite_settings(tmp_path / "e.db"))) as server:
        for path in ("export", "profile", "memories/1/history"):
            r = httpx.get(f"{server.url}/v1/users/api/{key}/{path}", timeout=30)
            assert r.status_code == 404 and key not in r.text, r.text


def test_a_percent_encoded_secret_never_reaches_the_access_log(tmp_path):
    """`souvenir serve`'s access line quotes the path percent-encoded (``=``, ``:``, spaces)
    and the query string as sent: "GET /v1/users/api/password%3Dhunter2hunter2/memories"
    and "?note=my+password+is+Hunter2xyz" were logged as they came, the log redaction
    looking at the encoded text only."""
    port = free_port()
    env = {
        **os.environ,
        "SOUVENIR_DATABASE_URL": f"sqlite:///{tmp_path / 'l.db'}",
        "SOUVENIR_EMBEDDER": "none",
        "SOUVENIR_WINDOW_EMBEDDER": "none",
        "SOUVENIR_LLM_BASE_URL": "",
    }
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "souvenir.cli.main", "serve", "--port", str(port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=tmp_path,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline and proc.poll() is None, log.read_text()
                time.sleep(0.2)
            httpx.get(f"{base}/v1/users/api/password%3Dhunter2hunter2/memories", timeout=30)
            httpx.get(f"{base}/v1/users/api/my%20password%20is%20Hunter2xyz/memories", timeout=30)
            httpx.get(f"{base}/v1/users/api/bob/memories?note=my+password+is+Hunter3xyz", timeout=30)
            httpx.get(f"{base}/v1/users/pwd%3DHunter4xyz/bob/memories", timeout=30)  # the channel stays
            time.sleep(0.5)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    text = log.read_text()
    assert "/memories" in text, text
    for secret in ("hunter2hunter2", "Hunter2xyz", "Hunter3xyz", "Hunter4xyz"):
        assert secret not in text, text


def test_the_proxys_error_never_echoes_a_credential_the_caller_sent(tmp_path):
    """X-Souvenir-Timezone holding an API key: the proxy's 422 said "unknown time zone
    'sk-proj-…'" in clear (PUT …/timezone redacts the same message)."""
    key = "sk-proj-abcdefABCDEF1234567890abcdefXYZ"
    with ChatServer() as chat:
        settings = sqlite_settings(tmp_path / "t.db", llm_base_url=chat.url, llm_model="m")
        with UvicornThread(create_app(settings)) as server:
            r = httpx.post(
                f"{server.url}/v1/chat/completions",
                headers={"X-Souvenir-Timezone": key},
                timeout=30,
                json={"model": "m", "user": "u", "messages": [{"role": "user", "content": "hi"}]},
            )
    assert r.status_code == 422 and "X-Souvenir-Timezone" in r.text
    assert key not in r.text, r.text


def test_the_configured_api_key_echoed_by_the_model_server_is_kept_nowhere(tmp_path, caplog):
    """A model server that refuses SOUVENIR_LLM_API_KEY and echoes it ("Invalid API key:
    localkey42abc", a key of no known shape: llama.cpp's --api-key, a LiteLLM token): the
    parked job's cause kept it in the store, /v1/jobs and the user's diagnostics (which a
    key limited to the user's channel reads) showed it, and so did the error log. The
    process knows its own secrets: they are redacted wherever they appear."""
    import json as _json

    key = "localkey42abc"
    db = tmp_path / "k.db"
    with ChatServer() as chat:
        chat.accepts = set()
        chat.refusal_status = 401
        chat.refusal_body = _json.dumps({"error": {"message": f"Invalid API key: {key}"}}).encode()
        settings = sqlite_settings(db, llm_base_url=chat.url, llm_model="m", llm_api_key=key)
        with UvicornThread(create_app(settings)) as server:
            assert httpx.post(
                f"{server.url}/v1/turns", json={"user": "u", "message": "I live in Ipoh"}, timeout=30
            ).is_success
            deadline = time.monotonic() + 30
            while True:
                jobs = httpx.get(f"{server.url}/v1/jobs", params={"status": "parked"}, timeout=30)
                if jobs.json()["jobs"] or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            assert jobs.json()["jobs"] and "HTTP 401" in jobs.text, jobs.text
            diagnostics = httpx.get(f"{server.url}/v1/users/api/u/diagnostics.json", timeout=30).text
            for text in (jobs.text, diagnostics):
                assert key not in text, text
    assert key not in dump_sqlite(db)
    assert key not in caplog.text


def test_a_422_never_echoes_an_unknown_field_name(tmp_path):
    """A field a route does not know is a 422 naming it: the name is the caller's text, and
    came back whole (a secret, or 100 KiB of it)."""
    key = "sk-proj-abcdefABCDEF1234567890abcdefXYZ"
    with UvicornThread(create_app(sqlite_settings(tmp_path / "x.db"))) as server:
        for field in (key, "x" * 100_000):
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": "hi there", field: 1}, timeout=30)
            assert r.status_code == 422 and "extra_forbidden" in r.text
            assert key not in r.text and len(r.content) < 1000, r.text[:200]
