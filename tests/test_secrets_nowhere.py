"""Acceptance of issue #13: secrets are never kept. Each secret of the battery (67, in en, fr,
zh, ms) goes in through every path that writes — a context message (kept for diagnostics),
a turn and the reply that echoes it, a memory and its source, the proxy (message, echoed
reply), the reflection's memories, story summary, anchors, positions and state keys, the
user summary — then every text column of every table of the store, the log records of the
process and each user's export are searched: 0 found. On SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import time

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.privacy import redact
from tests.attack_support import stub_model_settings
from tests.secret_battery import BATTERY
from tests.servers import ChatServer, UvicornThread


def test_the_battery_is_redacted_whole():
    assert len(BATTERY) >= 60
    kept = [(text, secret) for text, secret in BATTERY if secret in redact(text)[0]]
    assert kept == []


@pytest.mark.parametrize(
    "sentence",
    [
        "my password is too long to remember",
        "mon mot de passe est trop court",
        "I use Firefox as my browser",
        "I use 1Password as my password manager",
        "order 4539.1488.0343.6467 shipped",
        "version 1.2.3.4 is out",
        "the secret is cooking it slowly",
        "kata laluan saya sudah lupa",
        "my PIN is the same as before",
    ],
)
def test_descriptions_of_a_secret_are_not_secrets(sentence):
    assert redact(sentence)[0] == sentence


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith("httpcore") and "receive_response_headers" in record.getMessage():
            return  # status, dates and sizes only: a 4-digit PIN once equalled a content-length
        self.lines.append(self.format(record))


def _text_columns(url: str) -> list[tuple[str, str, str]]:
    """(table, column, value) of every text value in the store."""
    out = []
    if url.startswith("sqlite:///"):
        with sqlite3.connect(url[len("sqlite:///") :]) as conn:
            tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            for table in tables:
                for _, column, _kind, *_ in conn.execute(f"PRAGMA table_info({table})"):
                    for (value,) in conn.execute(f'SELECT "{column}" FROM "{table}"'):
                        if isinstance(value, str):
                            out.append((table, column, value))
        return out
    import psycopg

    with psycopg.connect(url) as conn:
        columns = conn.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = 'public' AND data_type IN ('text', 'character varying')"
        ).fetchall()
        for table, column in columns:
            for (value,) in conn.execute(f'SELECT "{column}" FROM "{table}"'):
                if isinstance(value, str):
                    out.append((table, column, value))
    return out


def _reflection(secret_text: str) -> str:
    return json.dumps(
        {
            "memories": [
                {"text": f"The user shared this: {secret_text}", "kind": "fact", "scope": "global", "confidence": 0.95}
            ],
            "summary": f"So far the user said {secret_text}",
            "state": {f"trust: {secret_text}": 0.1},
            "positions": [
                {
                    "topic": f"secrets: {secret_text}",
                    "stance": f"keeps {secret_text}",
                    "justification": f"because {secret_text}",
                }
            ],
            "anchors": {"add": [f"Key fact: {secret_text}"], "remove": [{"id": 999, "reason": secret_text}]},
        }
    )


def test_no_secret_is_kept_in_any_column_log_or_export(store_url):
    records = _Records()
    loggers = [logging.getLogger(), logging.getLogger("uvicorn"), logging.getLogger("uvicorn.error")]
    for logger in loggers:
        logger.addHandler(records)
    old_level = logging.getLogger().level
    logging.getLogger().setLevel(logging.DEBUG)
    try:
        with ChatServer(reply="Noted.") as upstream:
            settings = stub_model_settings(store_url, upstream.url, summary_enabled=True, reflection_timeout_s=5)
            with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
                users = []
                for i, (text, _secret) in enumerate(BATTERY):
                    user = f"s{i:02d}"
                    users.append(user)
                    # the proxy: the model's reply echoes it; its reflection and summary carry it
                    upstream.reply = f"Noted, I will remember {text}"
                    upstream.reflection_answer = _reflection(text)
                    upstream.summary_answer = f"Customer said {text}."
                    r = client.post(
                        "/v1/chat/completions",
                        headers={"X-Souvenir-Story": "quest"},
                        json={
                            "model": "stub",
                            "user": user,
                            "messages": [
                                {"role": "system", "content": "You are a shop assistant."},
                                {"role": "user", "content": text},
                            ],
                        },
                    )
                    assert r.status_code == 200, r.text
                    r = client.post(
                        "/v1/turns",
                        json={"user": user, "message": f"Also: {text}", "reply": f"You said {text}", "story": "quest"},
                    )
                    assert r.status_code == 200, r.text
                    r = client.post(
                        f"/v1/users/api/{user}/memories",
                        json={"text": f"Told us {text} at the counter", "source": f"crm {text}"},
                    )
                    assert r.status_code == 200, r.text
                    r = client.post("/v1/context", json={"user": user, "message": text})
                    assert r.status_code == 200, r.text
                deadline = time.monotonic() + 50
                while True:
                    service = client.get(f"/v1/users/api/{users[-1]}/diagnostics.json").json()["service"]
                    pending = service["outbox"].get("pending", 0) + service["outbox"].get("running", 0)
                    if not pending or time.monotonic() > deadline:
                        break
                    time.sleep(0.2)
                assert not pending, service["outbox"]
                assert service["reflections"]["ok"] >= len(BATTERY)
                exports = [client.get(f"/v1/users/api/{u}/export").text for u in users]
                pages = [client.get(f"/v1/users/api/{u}/diagnostics").text for u in users[:10]]
    finally:
        for logger in loggers:
            logger.removeHandler(records)
        logging.getLogger().setLevel(old_level)
    columns = _text_columns(store_url)
    assert any(t == "positions" for t, _, _ in columns) and any(t == "anchors" for t, _, _ in columns)
    found = [
        (table, column, secret) for table, column, value in columns for _, secret in BATTERY if _holds(value, secret)
    ]
    assert found == [], found[:10]
    assert [s for _, s in BATTERY if any(_holds(e, s) for e in exports)] == []
    assert [s for _, s in BATTERY if any(_holds(p, s) for p in pages)] == []
    assert records.lines, "no log record was captured"
    assert [s for _, s in BATTERY if any(_holds(line, s) for line in records.lines)] == []


def _holds(text: str, secret: str) -> bool:
    """``secret`` appears in ``text``; a secret made of digits only counts where it is not
    part of a longer number (a PIN "4826" is not in the port 48269 of a debug line)."""
    if secret.isdigit():
        return re.search(rf"(?<!\d){secret}(?!\d)", text) is not None
    return secret in text
