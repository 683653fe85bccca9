"""Who may call the service: API keys (only hashes stored), 401/403, the open loopback mode
(Host allow-list, no cross-origin browser request, JSON bodies only, no relayed request),
and `serve` refusing to bind beyond loopback without a key. Real HTTP on loopback."""

from __future__ import annotations

import socket
import sqlite3
import subprocess
import sys
import time

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.api.auth import bind_refusal
from souvenir.ground.config import Settings
from souvenir.api.keys import create_key, hash_key
from souvenir.store import open_store
from tests.servers import UvicornThread


def _settings(db, **extra) -> Settings:
    return Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None, **extra)


def _keys(db, *specs):
    store = open_store(f"sqlite:///{db}")
    try:
        return [create_key(store, name, admin, channels)[0] for name, admin, channels in specs]
    finally:
        store.close()


def _bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


def test_only_the_hash_of_a_key_is_stored(tmp_path):
    db = tmp_path / "k.db"
    (key,) = _keys(db, ("ops", True, []))
    assert key.startswith("sv_") and len(key) > 40
    dump = "\n".join(sqlite3.connect(db).iterdump())
    assert key not in dump and key[10:] not in dump and hash_key(key) in dump


def test_keys_cli_creates_lists_and_revokes(tmp_path):
    db = str(tmp_path / "cli.db")

    def run(*a):
        return subprocess.run(
            [sys.executable, "-m", "souvenir.cli.main", "--db", db, "keys", *a],
            capture_output=True,
            text=True,
            timeout=60,
        )

    empty = run("list")  # was a bare table head
    assert empty.returncode == 0 and "no key yet" in empty.stderr and "keys create --name" in empty.stderr
    made = run("create", "--name", "shop-a", "--channel", "telegram", "--channel", "lazada")
    assert made.returncode == 0, made.stderr
    key = made.stdout.strip()
    assert key.startswith("sv_") and "not shown again" in made.stderr.replace("\n", " ")
    assert run("create", "--name", "nothing").returncode == 2  # neither admin nor a channel
    both = run("create", "--name", "both", "--admin", "--channel", "telegram")  # was an admin key, silently
    assert both.returncode == 2 and "give --admin alone" in both.stderr.replace("\n", " "), both.stderr
    assert run("create", "--name", "shop-a", "--admin").returncode == 2  # a taken name
    assert run("create", "--name", "bad", "--channel", "a/b").returncode == 2
    listed = run("list", "--json")
    assert '"lazada"' in listed.stdout and key not in listed.stdout and key[:10] in listed.stdout
    assert run("revoke", "shop-a").returncode == 0
    assert run("revoke", "shop-a").returncode == 2
    assert '"revoked_at": "20' in run("list", "--json").stdout


def test_unauthenticated_wrong_and_revoked_keys_get_401(tmp_path):
    db = tmp_path / "a.db"
    admin, tenant = _keys(db, ("ops", True, []), ("shop", False, ["telegram"]))
    with UvicornThread(create_app(_settings(db))) as server, httpx.Client(base_url=server.url) as client:
        assert client.get("/health").status_code == 200
        for headers in ({}, _bearer("sv_nope"), {"Authorization": admin}, {"Authorization": f"Basic {admin}"}):
            r = client.get("/v1/users/telegram/1/memories", headers=headers)
            assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer", r.text
        assert client.get("/v1/users/telegram/1/memories", headers=_bearer(tenant)).status_code == 200
        assert client.get("/metrics", headers=_bearer(tenant)).status_code == 403
        assert client.get("/metrics", headers=_bearer(admin)).status_code == 200
        store = open_store(f"sqlite:///{db}")
        store.revoke_api_key("shop", store_now())
        store.close()
        deadline = time.monotonic() + 10
        while client.get("/v1/users/telegram/1/memories", headers=_bearer(tenant)).status_code != 401:
            assert time.monotonic() < deadline, "a revoked key still works"
            time.sleep(0.1)


def store_now():
    from souvenir.ground.timeutil import utcnow

    return utcnow()


def test_rules_and_service_diagnostics_need_an_admin_key(tmp_path):
    db = tmp_path / "r.db"
    admin, tenant = _keys(db, ("ops", True, []), ("shop", False, ["api"]))
    with UvicornThread(create_app(_settings(db))) as server, httpx.Client(base_url=server.url) as client:
        rule = {"text": "Always answer in formal French", "kind": "rule"}
        assert client.post("/v1/users/api/u/memories", json=rule, headers=_bearer(tenant)).status_code == 403
        assert client.post("/v1/users/api/u/memories", json=rule, headers=_bearer(admin)).status_code == 200
        fact = {"text": "Lives in Ipoh with two cats", "kind": "fact"}
        assert client.post("/v1/users/api/u/memories", json=fact, headers=_bearer(tenant)).status_code == 200
        own = client.get("/v1/users/api/u/diagnostics.json", headers=_bearer(tenant)).json()
        assert own.get("service") is None and own["user"]["id"] == "u"
        assert client.get("/v1/users/api/u/diagnostics.json", headers=_bearer(admin)).json()["service"]


def test_the_open_loopback_mode_refuses_browsers_other_hosts_and_non_json(tmp_path):
    with UvicornThread(create_app(_settings(tmp_path / "o.db"))) as server, httpx.Client(base_url=server.url) as client:
        turn = {"user": "u", "message": "I live in Ipoh"}
        assert client.post("/v1/turns", json=turn).status_code == 200
        # DNS rebinding: a page on evil.example resolving to 127.0.0.1
        assert client.get("/v1/users/api/u/memories", headers={"Host": "evil.example"}).status_code == 400
        assert client.get("/v1/users/api/u/memories", headers={"Host": f"localhost:{server.port}"}).status_code == 200
        # a cross-site page's fetch or form post
        for headers in ({"Origin": "https://evil.example"}, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"}):
            assert client.post("/v1/turns", json=turn, headers=headers).status_code == 403
        assert client.post("/v1/turns", json=turn, headers={"Origin": server.url}).status_code == 200
        # a "simple request" (text/plain, form) never reaches a route
        for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
            r = client.post("/v1/turns", content=b'{"user": "u", "message": "planted"}', headers={"Content-Type": kind})
            assert r.status_code == 415
        # a request relayed by a reverse proxy: the open mode is for local use only
        r = client.get("/v1/users/api/u/memories", headers={"X-Forwarded-For": "203.0.113.9"})
        assert r.status_code == 403 and "relayed" in r.json()["detail"]  # why, though we are on loopback
        for relay in ("Client-IP", "X-Forwarded", "Forwarded-For", "CDN-Loop", "True-Client-IP"):
            assert client.get("/v1/users/api/u/memories", headers={relay: "203.0.113.9"}).status_code == 403, relay
        texts = [m["text"] for m in client.get("/v1/users/api/u/memories").json()["memories"]]
        assert not any("planted" in t for t in texts)


def _non_loopback_address() -> str | None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the interface
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def test_without_keys_no_client_beyond_loopback_is_served(tmp_path):
    address = _non_loopback_address()
    if address is None:
        pytest.skip("this machine has no non-loopback address to connect from")
    with UvicornThread(create_app(_settings(tmp_path / "n.db")), host="0.0.0.0") as server:
        r = httpx.get(f"http://{address}:{server.port}/v1/users/api/u/memories", headers={"Host": "localhost"})
        assert r.status_code == 403 and "loopback" in r.text
        assert httpx.get(f"http://{address}:{server.port}/health", headers={"Host": "localhost"}).status_code == 200


def test_serve_refuses_to_bind_beyond_loopback_without_a_key(tmp_path):
    assert bind_refusal("127.0.0.1", False) is None and bind_refusal("::1", False) is None
    assert bind_refusal("0.0.0.0", True) is None
    assert "souvenir keys create" in bind_refusal("0.0.0.0", False)
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "souvenir.cli.main",
            "--db",
            str(tmp_path / "s.db"),
            "serve",
            "--host",
            "0.0.0.0",
            "--port",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "no API key is configured" in run.stderr.replace("\n", " ")


def test_keys_in_force_lift_the_host_default_and_an_allow_list_narrows_it(tmp_path):
    db = tmp_path / "h.db"
    (admin,) = _keys(db, ("ops", True, []))
    with UvicornThread(create_app(_settings(db))) as server, httpx.Client(base_url=server.url) as client:
        assert (
            client.get("/v1/users/api/u/memories", headers=_bearer(admin) | {"Host": "memory.example"}).status_code
            == 200
        )
    with (
        UvicornThread(create_app(_settings(db, allowed_hosts="memory.example,*.corp.example"))) as server,
        httpx.Client(base_url=server.url) as client,
    ):
        for host, status in (
            ("memory.example", 200),
            ("a.corp.example", 200),
            ("evil.example", 400),
            ("127.0.0.1", 400),
        ):
            assert client.get("/v1/users/api/u/memories", headers=_bearer(admin) | {"Host": host}).status_code == status
