"""Adversarial (session 11, second wave): a forgotten memory's text left in an event that
quoted it cut short.

"Don't remember where I live." with two home memories asks "which one?" and quotes both
candidates in the event ``write:forget:ambiguous`` — each cut at 80 characters. Forgetting
one of them afterwards cleared only the events that *carry* its wording (whole, or all its
content words): a quote cut short carries neither, and the first 79 characters of the
forgotten memory stayed in the events (diagnostics page, export, the SQLite file)."""

from __future__ import annotations

import httpx

from souvenir.api.app import create_app
from tests.attack_support import dump_sqlite, sqlite_settings
from tests.servers import UvicornThread

LONG = (
    "Lives at 12 rue des Lilas in Lyon, third floor, the blue door next to the Carvalho bakery and the Okonkwo pharmacy"
)
OTHER = "Lives in Ipoh"


def test_forgetting_a_memory_erases_the_cut_quote_of_which_one(tmp_path):
    db = tmp_path / "q.db"
    with UvicornThread(create_app(sqlite_settings(db))) as server:
        base = f"{server.url}/v1/users/api/u"
        ids = []
        for text in (LONG, OTHER):
            r = httpx.post(f"{base}/memories", json={"text": text}, timeout=30)
            assert r.is_success, r.text
            ids.append(r.json()["id"])
        r = httpx.post(
            f"{server.url}/v1/turns", json={"user": "u", "message": "Don't remember where I live."}, timeout=30
        )
        assert r.is_success, r.text
        assert "Carvalho" in dump_sqlite(db)  # the question quoted it
        assert httpx.delete(f"{base}/memories/{ids[0]}", timeout=30).status_code == 200
        export = httpx.get(f"{base}/export", timeout=30).text
        page = httpx.get(f"{server.url}/v1/users/api/u/diagnostics", timeout=30).text
        assert "Carvalho" not in export and "Lilas" not in export
        assert "Carvalho" not in page and "Lilas" not in page
    dump = dump_sqlite(db)
    assert "Carvalho" not in dump and "Lilas" not in dump
    assert "Ipoh" in dump  # the other candidate was not forgotten
