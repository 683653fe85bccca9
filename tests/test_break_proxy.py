"""The proxy broken as a careless client would: non-ASCII ids in its X-Souvenir-* headers.
Against a scripted model on loopback, a real SQLite file."""

from __future__ import annotations

import sqlite3
import time

import httpx

from souvenir.api.app import create_app
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread


def test_non_ascii_ids_in_headers_name_the_same_user_as_the_rest_routes(tmp_path):
    """HTTP carries header bytes; Starlette reads them as Latin-1, so "josé" sent as UTF-8
    became "josÃ©": a second user that `GET/DELETE /v1/users/api/josé` never reached (an
    erasure that leaves the proxy's copy behind). Header values are UTF-8; other bytes 422."""
    with ChatServer() as upstream:
        settings = stub_model_settings(f"sqlite:///{tmp_path / 'h.db'}", upstream.url, summary_enabled=True)
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            chat = {"model": "stub", "messages": [{"role": "user", "content": "I live in Ipoh, allergic to nuts."}]}
            for user, channel in (("josé", "café"), ("王小明", "商店")):
                headers = [
                    ("X-Souvenir-User", user.encode()),
                    ("X-Souvenir-Channel", channel.encode()),
                    ("X-Souvenir-Story", "été".encode()),
                ]
                assert client.post("/v1/chat/completions", json=chat, headers=headers).status_code == 200
                deadline = time.monotonic() + 10
                while (r := client.get(f"/v1/users/{channel}/{user}/export")).status_code != 200:
                    assert time.monotonic() < deadline, r.text
                    time.sleep(0.1)
                assert r.json()["tables"]["stories"][0]["name"] == "été"
                assert client.delete(f"/v1/users/{channel}/{user}").status_code == 200
            latin1 = [("X-Souvenir-User", "josé".encode("latin-1"))]
            r = client.post("/v1/chat/completions", json=chat, headers=latin1)
            assert r.status_code == 422 and "UTF-8" in r.json()["error"]["message"], r.text
    with sqlite3.connect(tmp_path / "h.db") as conn:
        assert conn.execute("SELECT channel, external_id FROM users").fetchall() == []
