"""Adversarial: bad HTTP input must get a clear 4xx and write nothing (never a 500)."""

from __future__ import annotations

import sqlite3

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from tests.servers import UvicornThread


@pytest.fixture()
def api(tmp_path):
    db = tmp_path / "input.db"
    settings = Settings(database_url=f"sqlite:///{db}", embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        yield client, db


def _rows(db, table: str) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


RAW = {"content-type": "application/json"}


@pytest.mark.parametrize(
    "body",
    [
        b'{"user": "a", "message": "x\\ud800"}',
        b'{"user": "a", "message": "hello", "reply": "x\\ud800"}',
        b'{"user": "a\\ud800", "message": "hello"}',
        b'{"user": "a", "story": "s\\udfff", "message": "hello"}',
    ],
)
def test_lone_surrogates_in_a_turn_get_a_422_not_a_500(api, body):
    """A lone surrogate anywhere in a turn answers 500 today: for ``message`` the 422 that
    check_text produces echoes the surrogate back and the JSON response cannot be encoded;
    for ``reply``/``user``/``story`` nothing checks it and SQLite's UTF-8 encoding fails.
    Expected: a 422 that says the text is not valid UTF-8, and no turn written."""
    client, db = api
    r = client.post("/v1/turns", content=body, headers=RAW)
    assert r.status_code == 422, (r.status_code, r.text[:200])
    assert _rows(db, "turns") == 0


def test_lone_surrogate_in_a_memory_source_gets_a_422(api):
    """``source`` of POST /memories is not checked: a lone surrogate gives a 500.
    Expected: 422, nothing written."""
    client, db = api
    r = client.post("/v1/users/api/a/memories", content=b'{"text": "likes tea", "source": "x\\ud800"}', headers=RAW)
    assert r.status_code == 422, (r.status_code, r.text[:200])
    assert _rows(db, "memories") == 0


def test_nan_confidence_gets_a_422_not_a_500(api):
    """``confidence: NaN`` (accepted by Python's JSON parser) answers 500: the validation error
    echoes NaN and the JSON response cannot render it. Expected: a 422 that says why."""
    client, _ = api
    r = client.post("/v1/users/api/a/memories", content=b'{"text": "likes coffee", "confidence": NaN}', headers=RAW)
    assert r.status_code == 422, (r.status_code, r.text[:200])


@pytest.mark.parametrize("field", ["message", "user"])
def test_nul_bytes_are_rejected_clearly(api, field):
    """A NUL byte in a message or user id is stored as is (200). Bad input per the project's
    promise: expected a 422 that names the NUL, and nothing written."""
    client, db = api
    body = {"user": "a", "message": "hello there"}
    body[field] = body[field][:2] + "\x00" + body[field][2:]
    r = client.post("/v1/turns", json=body)
    assert r.status_code == 422, (r.status_code, r.text[:200])
    assert _rows(db, "turns") == 0


def test_oversize_reply_is_rejected(api):
    """``reply`` has no size limit: a 20 kB reply is stored in the turns table (200).
    Expected: the same 16 KiB UTF-8 limit as the message, a 422, nothing written."""
    client, db = api
    r = client.post("/v1/turns", json={"user": "a", "message": "hi there", "reply": "x" * 20_000})
    assert r.status_code == 422, (r.status_code, r.text[:200])
    assert _rows(db, "turns") == 0


def test_a_failed_turn_writes_nothing(api):
    """POST /v1/turns is not atomic: the turn row and last_queries are committed before the
    memory write, so when the write path fails (here: "tomorrow" said on 9999-12-31 overflows
    date grounding) the client gets a 500 "nothing written" while the turn and the query stay.
    Expected: a 4xx, and neither a turn row nor a last_queries entry."""
    client, db = api
    r = client.post("/v1/turns", json={"user": "t", "message": "see you tomorrow", "time": "9999-12-31T10:00:00Z"})
    assert r.status_code in (400, 422), (r.status_code, r.text[:200])
    assert _rows(db, "turns") == 0
    assert _rows(db, "user_kv") == 0
