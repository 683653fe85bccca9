"""Adversarial: forgetting a memory removes the recorded question its selection answered."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import httpx

from souvenir.api.app import create_app
from souvenir.config import Settings
from tests.servers import UvicornThread

NOW = datetime(2026, 12, 2, tzinfo=timezone.utc)


def _settings(db: Path, **extra) -> Settings:
    return Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None,
                    **extra)


def _dump(db: Path) -> str:
    """Every row of every table of the SQLite file ``db``, as SQL text."""
    con = sqlite3.connect(db)
    try:
        return "\n".join(con.iterdump())
    finally:
        con.close()


def _statuses(url: str, user: str) -> dict[str, str]:
    r = httpx.get(f"{url}/v1/users/api/{user}/memories", params={"status": "all"}, timeout=30)
    assert r.status_code == 200, r.text
    return {m["text"]: m["status"] for m in r.json()["memories"]}


# -- the write path: a question or a restriction says no state ended ----------------------------
QUESTIONS = [
    ("I drink milk tea every day", "Do I not drink milk tea anymore?"),
    ("我每天都喝奶茶", "我不再喝奶茶了？"),
    ("我每天都喝奶茶", "我不再喝奶茶了吗"),
    ("我每天都喝奶茶", "我不再喝奶茶了吗，改喝绿茶"),
    ("Je bois du thé au lait tous les jours", "Je ne bois plus de thé au lait ?"),
]
ADDRESSED = [
    ("I drink milk tea every day", "You don't drink milk tea anymore"),
    ("I drink milk tea every day", "Don't drink milk tea anymore, switch to green tea"),
    ("我每天都喝奶茶", "你不再喝奶茶了"),
    ("我每天都喝奶茶", "别再喝奶茶了，改喝绿茶"),
    ("Je bois du thé au lait tous les jours", "Tu ne bois plus de thé au lait"),
    ("Saya minum teh susu setiap hari", "Jangan minum teh susu lagi"),
]
RESTRICTIONS = [
    ("I drink milk tea every day", "I don't only drink milk tea anymore"),
    ("I drink milk tea every day", "I don't just drink milk tea anymore, now green tea too"),
    ("I drink milk tea every day", "I no longer only drink milk tea"),
    ("I like jazz", "I don't like only jazz anymore, now I like rock too"),
    ("Je bois du thé tous les jours", "Je ne bois que du thé"),
    ("Je bois du thé au lait tous les jours", "Je ne bois plus que du thé au lait"),
]


def test_forgetting_a_memory_removes_the_question_its_selection_answered(tmp_path):
    """"How is Aisha doing with the leukemia treatment?" asked through POST /v1/context
    served "Aisha has leukemia, chemo starts Monday"; once every memory of it was forgotten,
    the recorded selection kept the question (export, diagnostics): it carries none of the
    memories' wordings whole nor all their content words, the only test erasure applied,
    though the selection's own items said it served them."""
    db = tmp_path / "f.db"
    with UvicornThread(create_app(_settings(db))) as server:
        base = f"{server.url}/v1/users/api/u"
        for text in ("My daughter Aisha was diagnosed with leukemia in May", "Aisha has leukemia, chemo starts Monday"):
            assert httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": text}, timeout=30).is_success
        r = httpx.post(f"{server.url}/v1/context", timeout=30,
                       json={"user": "u", "message": "How is Aisha doing with the leukemia treatment?"})
        assert len(r.json()["memories"]) == 2
        assert httpx.post(f"{server.url}/v1/context", json={"user": "u", "message": "What should I cook tonight?"},
                          timeout=30).is_success
        for memory in httpx.get(f"{base}/memories", timeout=30).json()["memories"]:
            assert httpx.delete(f"{base}/memories/{memory['id']}", timeout=30).status_code == 200
        export = httpx.get(f"{base}/export", timeout=30).text
        assert "leukemia" not in export.lower() and "What should I cook tonight?" in export
    assert "leukemia" not in _dump(db).lower()

