"""Adversarial: a conditional or someone else's negative keeps the stored memory (the multi-statement flip)."""

from __future__ import annotations

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from tests.servers import UvicornThread


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I drink coffee every morning", "When I'm sick, I don't drink coffee"),
        ("每天都喝奶茶", "医生说，不要再喝奶茶了"),
        ("Makan daging", "Isteri saya vegetarian, tak makan daging lagi"),
        ("Mange de la viande", "Ma femme est végétarienne, ne mange plus de viande"),
    ],
)
def test_a_conditional_or_someone_elses_negative_keeps_the_stored_memory(tmp_path, old, new):
    """Through POST /v1/turns on a SQLite file: the second message's negative statement (after
    a condition, a speaker, another person) superseded the first memory — a true fact erased."""
    with UvicornThread(
        create_app(
            Settings(
                database_url=f"sqlite:///{tmp_path / 'f.db'}", embedder="none", window_embedder="none", _env_file=None
            )
        )
    ) as server:
        for text in (old, new):
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": text}, timeout=30)
            assert r.status_code in (200, 201), r.text
        assert r.json()["memory"]["action"] == "insert", r.json()["memory"]
        listed = httpx.get(f"{server.url}/v1/users/api/u/memories", timeout=30).json()
        texts = {
            m["text"] for m in (listed if isinstance(listed, list) else listed["memories"]) if m["status"] == "active"
        }
        assert old in texts and new in texts
