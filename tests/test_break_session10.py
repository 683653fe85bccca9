"""Broken as a tenant, a careless client or a hostile one would, session 10: real HTTP on
loopback (uvicorn), real SQLite files, keys made in the store as ``souvenir keys`` makes them.

Each test names the door it goes through and what it must not get."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.parse

import anyio
import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.api.keys import create_key
from souvenir.store import open_store
from tests.attack_support import sqlite_settings
from tests.servers import UvicornThread, free_port


def _keys(db, *specs) -> list[str]:
    store = open_store(db if "://" in str(db) else f"sqlite:///{db}")
    try:
        return [create_key(store, name, admin, channels)[0] for name, admin, channels in specs]
    finally:
        store.close()


def _bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


# -- a tenant's key and the users of other tenants ---------------------------------------------
def _url_settings(url: str):
    from souvenir.ground.config import Settings

    return Settings(database_url=url, embedder="none", window_embedder="none", _env_file=None)


def test_a_channel_key_never_learns_which_users_other_channels_have(store_url):
    """Door: every REST read or change of a user unknown in the key's channel. The answer's
    "no user shop:alice; user 'alice' exists in channel bank" (``detail`` of a 404,
    ``unknown_user`` of an empty read) told a ``shop`` key that the bank has a customer
    ``alice`` and that a channel ``bank`` exists: a tenant could enumerate another tenant's
    customers by id (phone numbers, e-mails). A channel key hears only of its own channels;
    an admin key keeps the whole hint."""
    admin, shop, bank, both = _keys(
        store_url,
        ("ops", True, []),
        ("shop", False, ["shop"]),
        ("bank", False, ["bank"]),
        ("both", False, ["shop", "bank"]),
    )
    with UvicornThread(create_app(_url_settings(store_url))) as server, httpx.Client(base_url=server.url) as client:
        made = client.post(
            "/v1/users/bank/alice/memories", json={"text": "Alice has a mortgage with us"}, headers=_bearer(bank)
        )
        assert made.status_code == 200, made.text
        memory_id = made.json()["id"]
        base = "/v1/users/shop/alice"
        calls = [
            ("GET", f"{base}/memories", None),
            ("GET", f"{base}/forgotten", None),
            ("GET", f"{base}/profile", None),
            ("GET", f"{base}/export", None),
            ("GET", f"{base}/timezone", None),
            ("GET", f"{base}/diagnostics.json", None),
            ("GET", f"{base}/diagnostics", None),
            ("GET", f"{base}/memories/{memory_id}/history", None),
            ("POST", f"{base}/search", {"query": "mortgage"}),
            ("POST", "/v1/context", {"channel": "shop", "user": "alice", "message": "my mortgage?"}),
            ("DELETE", f"{base}/memories/{memory_id}", None),
            ("DELETE", base, None),
        ]
        for method, path, body in calls:
            answer = client.request(method, path, json=body, headers=_bearer(shop))
            assert answer.status_code in (200, 404), (path, answer.status_code, answer.text)
            assert "bank" not in answer.text, (method, path, answer.text)
        # a key that reaches both channels, and the admin key, are told where the user is
        for key in (both, admin):
            answer = client.get(f"{base}/export", headers=_bearer(key))
            assert answer.status_code == 404 and "exists in channel bank" in answer.json()["detail"]
        assert client.get("/v1/users/bank/alice/export", headers=_bearer(bank)).status_code == 200


def _mcp_http(db, port: int, channel: str) -> subprocess.Popen:
    env = os.environ | {"SOUVENIR_EMBEDDER": "none", "SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_LLM_BASE_URL": ""}
    args = ["--db", str(db), "mcp", "--transport", "http", "--port", str(port), "--channel", channel]
    return subprocess.Popen(
        [sys.executable, "-m", "souvenir.cli.main", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _wait_mcp(proc: subprocess.Popen, url: str) -> None:
    deadline = time.monotonic() + 40
    while True:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        try:
            httpx.get(url, timeout=2)
            return
        except httpx.TransportError:
            assert time.monotonic() < deadline, "souvenir mcp did not start"
            time.sleep(0.2)


def test_the_mcp_tools_never_name_another_channels_users_to_a_channel_key(tmp_path):
    """Door: MCP over HTTP (``souvenir mcp --transport http --channel shop``), a ``shop`` key.
    The tools answering an unknown user (``memories``, ``context``, ``search``, ``forget``)
    must not say that user ``alice`` exists in channel ``bank``."""
    pytest.importorskip("mcp", reason="the MCP SDK is not installed (pip install 'souvenir[mcp]')")
    import httpx2
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    db = tmp_path / "mcp.db"
    (shop,) = _keys(db, ("shop", False, ["shop"]))
    store = open_store(f"sqlite:///{db}")
    try:
        from souvenir.library import Souvenir

        with Souvenir.open(sqlite_settings(db), channel="bank") as lib:
            lib.remember("alice", "Alice has a mortgage with us")
    finally:
        store.close()
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    proc = _mcp_http(db, port, "shop")
    try:
        _wait_mcp(proc, url)

        async def calls() -> list[str]:
            async with (
                httpx2.AsyncClient(headers=_bearer(shop), timeout=20) as http,
                streamable_http_client(url, http_client=http) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                texts = []
                for name, args in (
                    ("memories", {"user": "alice"}),
                    ("context", {"user": "alice", "message": "my mortgage?"}),
                    ("search", {"user": "alice", "query": "mortgage"}),
                    ("forget", {"user": "alice", "memory_id": 1}),
                ):
                    result = await session.call_tool(name, args)
                    texts.append(f"{name}: {result.content} {result.structured_content}")
                return texts

        async def run() -> list[str]:
            with anyio.fail_after(40):
                return await calls()

        for text in anyio.run(run):
            assert "bank" not in text, text
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def _quoted(*parts: str) -> str:
    return "/".join(urllib.parse.quote(p, safe="") for p in parts)


# -- the proxy and a busy store -----------------------------------------------------------------
def test_an_exchange_the_proxy_could_not_record_while_the_store_was_locked_is_kept_later(tmp_path, caplog):
    """Door: ``POST /v1/chat/completions`` while another process holds the SQLite file's write
    lock for longer than a write waits (4.5 s). The client gets the model's answer (memory
    never breaks a reply), so it cannot know nor resend: the exchange was counted
    (``proxy_record_failures``), logged with the user's id, and lost. It must be recorded once
    the store is free again, and no log line may name the user."""
    from tests.servers import ChatServer, hold_write_lock

    db = tmp_path / "busy.db"
    with ChatServer(reply="Noted, Kopi it is.") as model:
        settings = sqlite_settings(db, llm_base_url=model.url + "/v1", llm_model="stub-model")
        app = create_app(settings)
        with UvicornThread(app) as server, httpx.Client(base_url=server.url, timeout=60) as client:
            first = client.post(
                "/v1/chat/completions",
                json={"model": "m", "user": "wa-60123456789", "messages": [{"role": "user", "content": "hello"}]},
            )
            assert first.status_code == 200
            holder = hold_write_lock(db, 9)
            try:
                with caplog.at_level("INFO"):
                    answer = client.post(
                        "/v1/chat/completions",
                        json={
                            "model": "m",
                            "user": "wa-60123456789",
                            "messages": [{"role": "user", "content": "My cat is called Kopi"}],
                        },
                    )
                    assert answer.status_code == 200
                    time.sleep(6)  # the first attempt has given up by now (4.5 s)
            finally:
                holder.kill()
                holder.wait()
            deadline = time.monotonic() + 20
            while True:
                export = client.get("/v1/users/api/wa-60123456789/export").json()
                said = [t.get("message") for t in export["tables"]["turns"]]
                if "My cat is called Kopi" in said:
                    break
                assert time.monotonic() < deadline, f"the exchange was lost: {said}"
                time.sleep(0.3)
            assert said.count("My cat is called Kopi") == 1
    assert not [r.getMessage() for r in caplog.records if "60123456789" in r.getMessage()]


# -- what a store failure tells a tenant --------------------------------------------------------
def test_a_store_failure_tells_a_channel_key_what_to_do_not_where_the_store_lives(tmp_path):
    """Door: any write while the SQLite file was deleted under the running service (503).
    The answer named the server's file path (``/srv/…/souvenir.db``) to every channel key —
    the operator's layout, not the tenant's business (the public ``/health`` already says
    "the SQLite file is gone" without it). A channel key gets a 503 saying to retry; an
    admin key keeps the cause with the path."""
    db = tmp_path / "secret-layout" / "souvenir.db"
    db.parent.mkdir()
    admin, shop = _keys(db, ("ops", True, []), ("shop", False, ["shop"]))
    with UvicornThread(create_app(sqlite_settings(db))) as server, httpx.Client(base_url=server.url) as client:
        assert client.put("/v1/users/shop/bob/timezone", json={"tz": "UTC"}, headers=_bearer(shop)).status_code == 200
        db.rename(tmp_path / "moved.db")
        tenant = client.post("/v1/users/shop/bob/memories", json={"text": "Bob likes jazz"}, headers=_bearer(shop))
        assert tenant.status_code == 503
        assert "secret-layout" not in tenant.text and str(tmp_path) not in tenant.text, tenant.text
        assert "retry" in tenant.json()["detail"]
        operator = client.post("/v1/users/shop/bob/memories", json={"text": "Bob likes jazz"}, headers=_bearer(admin))
        assert operator.status_code == 503 and "secret-layout" in operator.text


def test_an_mcp_tool_tells_a_channel_key_to_retry_without_the_stores_path(tmp_path):
    """Door: MCP over HTTP, a ``shop`` key, the SQLite file deleted under the server: the
    tool's error named the file's path; it says to retry instead."""
    pytest.importorskip("mcp", reason="the MCP SDK is not installed (pip install 'souvenir[mcp]')")
    import httpx2
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    db = tmp_path / "secret-layout" / "mcp.db"
    db.parent.mkdir()
    (shop,) = _keys(db, ("shop", False, ["shop"]))
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    proc = _mcp_http(db, port, "shop")
    try:
        _wait_mcp(proc, url)

        async def calls() -> str:
            async with (
                httpx2.AsyncClient(headers=_bearer(shop), timeout=20) as http,
                streamable_http_client(url, http_client=http) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                db.rename(tmp_path / "moved.db")
                result = await session.call_tool("remember", {"user": "bob", "text": "Bob likes jazz"})
                assert result.is_error
                return str(result.content)

        async def run() -> str:
            with anyio.fail_after(40):
                return await calls()

        text = anyio.run(run)
        assert "retry" in text and "secret-layout" not in text, text
    finally:
        proc.terminate()
        proc.wait(timeout=20)


# -- the store's file on a shared machine ---------------------------------------------------------
def test_a_new_sqlite_store_is_readable_by_its_owner_only(tmp_path):
    """Door: the file system, another account of the machine. ``souvenir serve`` (or any
    face) creating its SQLite store under the usual umask 022 made the file, its WAL and its
    shared-memory file world-readable (0644): every user's memories and messages, and the
    keys' hashes, open to any local account, whatever the API keys. A new store is 0600; an
    existing file keeps the mode its operator gave it."""
    db = tmp_path / "fresh.db"
    old = os.umask(0o022)
    try:
        with UvicornThread(create_app(sqlite_settings(db))) as server, httpx.Client(base_url=server.url) as client:
            made = client.post("/v1/users/api/ann/memories", json={"text": "Ann is allergic to latex"})
            assert made.status_code == 200, made.text
            for path in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
                assert path.exists(), path
                assert path.stat().st_mode & 0o077 == 0, (path, oct(path.stat().st_mode))
    finally:
        os.umask(old)
    shared = tmp_path / "shared.db"
    shared.touch(mode=0o640)
    shared.chmod(0o640)
    from souvenir.store import open_store as opened

    opened(f"sqlite:///{shared}").close()
    assert shared.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize(
    "reply",
    [
        "Here is the script you asked for:\n" + "x = 1\n" * 4000,  # 24 KB: a model's long answer
        "Sure\x00 thing",  # a NUL the model sent
        "Sure \ud800 thing",  # a lone surrogate escaped in the model's JSON
    ],
    ids=["long", "nul", "surrogate"],
)
def test_a_long_or_odd_model_reply_never_costs_the_users_message(tmp_path, reply):
    """Door: ``POST /v1/chat/completions``. The model answered 24 KB of code (or a NUL, or a
    lone surrogate): recording the exchange failed on the reply's bounds ("reply is 24032
    bytes of UTF-8; the limit is 16384") and the user's own message — "My cat is called
    Kopi" — was lost with it. The user's message is kept, with the reply cut to the bound
    (its start) and cleaned."""
    from tests.servers import ChatServer

    db = tmp_path / "long.db"
    with ChatServer(reply=reply) as model:
        app = create_app(sqlite_settings(db, llm_base_url=model.url + "/v1", llm_model="stub-model"))
        with UvicornThread(app) as server, httpx.Client(base_url=server.url, timeout=60) as client:
            for stream in (False, True):
                user = f"ann-{stream}"
                answer = client.post(
                    "/v1/chat/completions",
                    json={
                        "model": "m",
                        "user": user,
                        "stream": stream,
                        "messages": [{"role": "user", "content": "My cat is called Kopi, write me a script"}],
                    },
                )
                assert answer.status_code == 200
                _ = answer.text
                deadline = time.monotonic() + 10
                while True:
                    export = client.get(f"/v1/users/api/{user}/export")
                    if export.status_code == 200 and export.json()["tables"]["turns"]:
                        break
                    assert time.monotonic() < deadline, f"stream={stream}: the exchange was lost"
                    time.sleep(0.2)
                (turn,) = export.json()["tables"]["turns"]
                assert turn["message"] == "My cat is called Kopi, write me a script"
                assert turn["reply"] and len(turn["reply"].encode()) <= 16 * 1024
                assert turn["reply"].startswith("Here is the script" if len(reply) > 100 else "Sure")


def test_a_tenant_never_reads_the_model_servers_address_in_a_parked_jobs_cause(tmp_path):
    """Door: a channel key's ``GET …/diagnostics[.json]`` and ``…/export``. A reflection
    parked on the model's refusal keeps its real cause ("openai model 'gpt-x' at
    http://10.0.0.7:8000/v1/ refused the request…"): the operator's infrastructure, which the
    public ``/health`` already hides. A channel key reads the cause without the address;
    the admin key (``/v1/jobs``, the same pages) keeps it."""
    import json as jsonlib
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Refusing(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            body = jsonlib.dumps({"error": {"message": "Incorrect API key provided"}}).encode()
            self.send_response(401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    model = ThreadingHTTPServer(("127.0.0.1", free_port()), Refusing)
    threading.Thread(target=model.serve_forever, daemon=True).start()
    address = f"127.0.0.1:{model.server_address[1]}"
    db = tmp_path / "parked.db"
    admin, shop = _keys(db, ("ops", True, []), ("shop", False, ["shop"]))
    settings = sqlite_settings(db, llm_base_url=f"http://{address}/v1", llm_model="gpt-x")
    try:
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            turn = {"channel": "shop", "user": "ann", "message": "I moved to Lisbon last month", "reply": "Nice"}
            assert client.post("/v1/turns", json=turn, headers=_bearer(shop)).status_code == 200
            deadline = time.monotonic() + 20
            while "parked" not in client.get("/v1/jobs", headers=_bearer(admin)).text:
                assert time.monotonic() < deadline, "the reflection was not parked"
                time.sleep(0.2)
            assert address in client.get("/v1/jobs", headers=_bearer(admin)).text
            for path in ("diagnostics.json", "diagnostics", "export"):
                tenant = client.get(f"/v1/users/shop/ann/{path}", headers=_bearer(shop))
                assert tenant.status_code == 200
                assert address not in tenant.text, (path, tenant.text[:2000])
                assert "refused" in tenant.text, path  # the cause itself stays
            assert address in client.get("/v1/users/shop/ann/diagnostics.json", headers=_bearer(admin)).text
    finally:
        model.shutdown()


@pytest.mark.parametrize("header", ["X-Souvenir-User", "X-Souvenir-Channel", "X-Souvenir-Story"])
def test_two_values_of_one_souvenir_header_are_refused_not_the_first_taken(tmp_path, header):
    """Door: ``POST /v1/chat/completions`` behind a gateway that appends its own
    ``X-Souvenir-Channel`` (or user, story) to the client's instead of replacing it. The
    proxy read the first — the client's — so a client could pick another user or channel
    than the gateway meant. Two values are ambiguous, as two ``Authorization`` headers are:
    422, nothing recorded."""
    from tests.servers import ChatServer

    db = tmp_path / "dup.db"
    with ChatServer() as model:
        app = create_app(sqlite_settings(db, llm_base_url=model.url + "/v1", llm_model="stub-model"))
        with UvicornThread(app) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            headers = [(header, "client-pick"), (header, "gateway-pick"), ("X-Souvenir-User", "ann")]
            if header == "X-Souvenir-User":
                headers = headers[:2]
            answer = client.post(
                "/v1/chat/completions",
                json={"model": "m", "messages": [{"role": "user", "content": "My cat is called Kopi"}]},
                headers=headers,
            )
            assert answer.status_code == 422, answer.text
            assert header.lower() in answer.json()["error"]["message"].lower()
            assert not model.requests
