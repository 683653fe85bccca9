"""The SQLite store on a real file: migrations, round trip, history, vectors, busy errors."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone

import numpy as np
import pytest

from souvenir.errors import StoreBusyError
from souvenir.store import open_store
from souvenir.store.migrations import load, split_statements
from souvenir.store.sqlite import SQLiteStore

NOW = datetime(2025, 6, 2, 12, 0, tzinfo=timezone.utc)


def test_migrations_from_empty_and_rerun(tmp_path):
    store = SQLiteStore(tmp_path / "s.db")
    versions = [m.version for m in load("sqlite")]
    assert store.pending() and store.applied() == []
    assert store.migrate() == versions
    assert store.migrate() == [] and store.pending() == []
    tables = {r[0] for r in store._query("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"users", "stories", "turns", "memories", "user_kv", "vectors", "schema_migrations"} <= tables
    assert store._query("PRAGMA journal_mode")[0][0] == "wal"


def test_failing_migration_rolls_back_whole(tmp_path):
    store = SQLiteStore(tmp_path / "s.db")
    store.migrate()
    with pytest.raises(Exception):
        with store.transaction() as conn:
            conn.execute("CREATE TABLE half (x INTEGER)")
            conn.execute("INSERT INTO nowhere VALUES (1)")
    assert not store._query("SELECT name FROM sqlite_master WHERE name = 'half'")


def test_split_statements_ignores_comments():
    assert split_statements("-- a;\nCREATE TABLE a (x);\n\nCREATE TABLE b (y);\n") == (
        "CREATE TABLE a (x)", "CREATE TABLE b (y)")


def test_round_trip_on_a_real_file(tmp_path):
    path = tmp_path / "round.db"
    store = open_store(f"sqlite:///{path}")
    uid = store.ensure_user("telegram", "42", NOW)
    assert store.ensure_user("telegram", "42", NOW) == uid
    assert store.ensure_user("lazada", "42", NOW) != uid
    mid = store.insert_memory(uid, "Aime le jazz", "preference", "global", None, 0.9, False, "D1:1", NOW)
    store.replace_wording(mid, "Aime le jazz et la bossa nova", 0.95, "D1:2", NOW, NOW)
    store.kv_set(uid, "lang", "fr", NOW)
    store.kv_set(uid, "lang", "en", NOW)
    store.close()
    again = open_store(f"sqlite:///{path}")
    memory = again.get_memory(mid)
    assert memory.text == "Aime le jazz et la bossa nova" and memory.confidence == 0.95
    assert [h["text"] for h in again.history(mid)] == ["Aime le jazz"]
    assert again.kv_all(uid) == {"lang": "en"}
    assert again.sources(uid) == {mid: {"D1:1", "D1:2"}}


def test_vectors_are_keyed_by_content_hash(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'v.db'}")
    uid = store.ensure_user("cli", "u", NOW)
    mid = store.insert_memory(uid, "one", "fact", "global", None, 1.0, False, None, NOW)
    (row,) = store.stale_vectors("e", 10)
    store.put_vectors("e", [(mid, row[1], np.ones(4, dtype=np.float32))])
    assert store.stale_vectors("e", 10) == [] and store.vectors(uid, "e")[0] == [mid]
    store.replace_wording(mid, "two", 1.0, None, NOW, NOW)
    assert [r[0] for r in store.stale_vectors("e", 10)] == [mid]
    assert store.vectors(uid, "e") == ([], None)


def test_locked_store_raises_busy(tmp_path):
    path = tmp_path / "locked.db"
    store = SQLiteStore(path, busy_timeout_s=0.2)
    store.migrate()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreBusyError):
            store.ensure_user("cli", "x", NOW)
    finally:
        other.execute("ROLLBACK")
    assert store.ensure_user("cli", "x", NOW) == 1
