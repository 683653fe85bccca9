"""Acceptance of issue #13: 10 tenants (channels) × 100 users, one channel-scoped key each.

On every route the app has (enumerated from the app, so a route added later is covered) and
through the proxy: without a key, 401 everywhere but /health; with a tenant's key, 403 on
every other tenant's user — no read (no body carries another tenant's data) and no write
(another tenant's rows are byte-identical afterwards); within its own channel a key works.
Every memory carries its tenant's tag ``<tNN>``."""

from __future__ import annotations

import json
import random
import re
import sqlite3

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.api.keys import create_key
from souvenir.engine.runtime import open_runtime
from souvenir.ground.types import Candidate
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread

TENANTS, USERS, TARGETS = 10, 100, 3
TAG = re.compile(r"<t\d\d>")


def _channel(t: int) -> str:
    return f"shop{t:02d}"


def _fill(settings: Settings) -> dict[int, list[str]]:
    """Every user of every tenant with one memory; returns the tenants' keys' channels' keys."""
    rt = open_runtime(settings)
    keys: dict[int, str] = {}
    try:
        with rt.store.transaction():
            for t in range(TENANTS):
                for u in range(USERS):
                    rt.engine.remember(
                        _channel(t),
                        f"u{u:03d}",
                        Candidate(text=f"<t{t:02d}> user {u} keeps bees in Ipoh and drives a red van", kind="fact"),
                    )
        for t in range(TENANTS):
            keys[t] = create_key(rt.store, f"tenant-{t}", channels=[_channel(t)])[0]
    finally:
        rt.close()
    return keys


def _snapshot(db) -> list[tuple]:
    """Everything a tenant owns that a request could change (counters aside)."""
    with sqlite3.connect(db) as conn:
        return (
            conn.execute(
                "SELECT u.channel, u.external_id, m.id, m.text, m.kind, m.status, m.pinned "
                "FROM memories m JOIN users u ON u.id = m.user_id ORDER BY m.id"
            ).fetchall()
            + conn.execute("SELECT user_id, message, reply FROM turns ORDER BY id").fetchall()
            + conn.execute(
                "SELECT user_id, key, value FROM user_kv WHERE key != 'turns_since_summary' ORDER BY user_id, key"
            ).fetchall()
            + conn.execute("SELECT channel, external_id FROM users ORDER BY id").fetchall()
        )


def _memory_ids(db) -> dict[tuple[str, str], int]:
    with sqlite3.connect(db) as conn:
        return {
            (c, u): i
            for c, u, i in conn.execute(
                "SELECT u.channel, u.external_id, m.id FROM memories m JOIN users u ON u.id = m.user_id"
            )
        }


def _body_for(path: str, channel: str, user: str) -> dict | None:
    if path == "/v1/turns" or path == "/v1/context":
        return {"channel": channel, "user": user, "message": "where do I keep my bees?"}
    if path.endswith("/memories"):
        return {"text": "<tXX> planted memory about a green boat", "kind": "fact"}
    return {}


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    db = tmp_path_factory.mktemp("tenants") / "t.db"
    with ChatServer(reply="Sure.") as upstream:
        settings = stub_model_settings(f"sqlite:///{db}", upstream.url, summary_enabled=True)
        keys = _fill(settings)
        app = create_app(settings)
        with UvicornThread(app) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            yield app, client, keys, db, upstream


def _routes(app) -> list[tuple[str, str]]:
    """Every (method, path) the app documents (its OpenAPI schema: included routers too)."""
    return [
        (method.upper(), path)
        for path, ops in app.openapi()["paths"].items()
        for method in ops
        if method in ("get", "post", "put", "patch", "delete")
    ]


def _fill_path(path: str, channel: str, user: str, memory_id: int) -> str:
    return path.replace("{channel}", channel).replace("{user}", user).replace("{memory_id}", str(memory_id))


def test_without_a_key_every_route_but_health_is_401(service):
    app, client, keys, db, _ = service
    before = _snapshot(db)
    routes = _routes(app) + [("GET", "/docs"), ("GET", "/openapi.json")]
    assert len(routes) >= 15
    for method, path in routes:
        url = _fill_path(path, "shop00", "u000", 1)
        r = client.request(method, url, json=_body_for(path, "shop00", "u000") if method != "GET" else None)
        if (method, path) in (("GET", "/health"), ("GET", "/health/ready")):
            assert r.status_code in (200, 503)
        else:
            assert r.status_code == 401, (method, path, r.status_code)
            assert "<t" not in r.text
    assert _snapshot(db) == before


def test_no_key_reads_or_writes_across_tenants_on_any_route(service):
    app, client, keys, db, upstream = service
    rng = random.Random(13)
    ids = _memory_ids(db)
    before = _snapshot(db)
    channel_routes = [(m, p) for m, p in _routes(app) if "{channel}" in p]
    body_routes = [("POST", "/v1/turns"), ("POST", "/v1/context")]
    assert len(channel_routes) >= 10
    calls = 0
    asked_upstream = len(upstream.requests)
    for t in range(TENANTS):
        auth = {"Authorization": f"Bearer {keys[t]}"}
        others = [o for o in range(TENANTS) if o != t]
        for other in rng.sample(others, TARGETS):
            channel, user = _channel(other), f"u{rng.randrange(USERS - 1):03d}"
            for method, path in channel_routes + body_routes:
                url = _fill_path(path, channel, user, ids[(channel, user)])
                body = _body_for(path, channel, user) if method in ("POST", "PUT", "PATCH") else None
                r = client.request(method, url, json=body, headers=auth)
                calls += 1
                assert r.status_code == 403, (t, method, url, r.status_code, r.text[:200])
                assert not TAG.search(r.text)
            # through the proxy: another tenant's channel header
            r = client.post(
                "/v1/chat/completions",
                headers=auth | {"X-Souvenir-Channel": channel},
                json={"model": "stub", "user": user, "messages": [{"role": "user", "content": "my bees?"}]},
            )
            assert r.status_code == 403 and r.json()["error"]["type"] == "permission_error"
            # its own channel, another tenant's memory id: not found, nothing changed
            own = _channel(t)
            r = client.delete(f"/v1/users/{own}/u000/memories/{ids[(channel, user)]}", headers=auth)
            assert r.status_code == 404
    assert len(upstream.requests) == asked_upstream  # nothing went to the model for them
    assert calls >= TENANTS * TARGETS * 10
    assert _snapshot(db) == before


def test_a_tenant_key_works_in_its_own_channel_and_sees_only_its_own(service):
    app, client, keys, db, upstream = service
    for t in (0, 7):
        auth = {"Authorization": f"Bearer {keys[t]}"}
        channel = _channel(t)
        listed = client.get(f"/v1/users/{channel}/u099/memories", headers=auth)
        assert listed.status_code == 200 and set(TAG.findall(listed.text)) == {f"<t{t:02d}>"}
        ctx = client.post(
            "/v1/context",
            headers=auth,
            json={"channel": channel, "user": "u099", "message": "where do I keep my bees?"},
        )
        assert ctx.status_code == 200 and set(TAG.findall(ctx.text)) == {f"<t{t:02d}>"}
        exported = client.get(f"/v1/users/{channel}/u099/export", headers=auth)
        assert set(TAG.findall(exported.text)) == {f"<t{t:02d}>"}
        before = len(upstream.requests)
        r = client.post(
            "/v1/chat/completions",
            headers=auth | {"X-Souvenir-Channel": channel},
            json={
                "model": "stub",
                "user": "u099",
                "messages": [{"role": "user", "content": "where do I keep my bees?"}],
            },
        )
        assert r.status_code == 200
        sent = json.dumps(upstream.requests[before:])
        assert set(TAG.findall(sent)) == {f"<t{t:02d}>"}
