"""Adversarial: forgetting a memory removes the recorded question its selection answered."""

from __future__ import annotations


import httpx

from souvenir.api.app import create_app
from tests.attack_support import dump_sqlite, sqlite_settings
from tests.servers import UvicornThread


def test_forgetting_a_memory_removes_the_question_its_selection_answered(tmp_path):
    """ "How is Aisha doing with the leukemia treatment?" asked through POST /v1/context
    served "Aisha has leukemia, chemo starts Monday"; once every memory of it was forgotten,
    the recorded selection kept the question (export, diagnostics): it carries none of the
    memories' wordings whole nor all their content words, the only test erasure applied,
    though the selection's own items said it served them."""
    db = tmp_path / "f.db"
    with UvicornThread(create_app(sqlite_settings(db))) as server:
        base = f"{server.url}/v1/users/api/u"
        for text in ("My daughter Aisha was diagnosed with leukemia in May", "Aisha has leukemia, chemo starts Monday"):
            assert httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": text}, timeout=30).is_success
        r = httpx.post(
            f"{server.url}/v1/context",
            timeout=30,
            json={"user": "u", "message": "How is Aisha doing with the leukemia treatment?"},
        )
        assert len(r.json()["memories"]) == 2
        assert httpx.post(
            f"{server.url}/v1/context", json={"user": "u", "message": "What should I cook tonight?"}, timeout=30
        ).is_success
        for memory in httpx.get(f"{base}/memories", timeout=30).json()["memories"]:
            assert httpx.delete(f"{base}/memories/{memory['id']}", timeout=30).status_code == 200
        export = httpx.get(f"{base}/export", timeout=30).text
        assert "leukemia" not in export.lower() and "What should I cook tonight?" in export
    assert "leukemia" not in dump_sqlite(db).lower()
