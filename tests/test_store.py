"""The store's contract on both backends (SQLite file, PostgreSQL database): migrations,
round trip, history, vectors, transactions, outbox, story layer, diagnostics, user data,
busy errors; and the same outputs from both for the same calls."""

from __future__ import annotations

import sqlite3
import threading
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from souvenir.ground.errors import StoreBusyError, StoreError
from souvenir.store import open_store
from souvenir.ground.hashing import content_hash
from souvenir.store.migrations import load, split_statements
from souvenir.store.sqlite import SQLiteStore

NOW = datetime(2025, 6, 2, 12, 0, tzinfo=timezone.utc)
LATER = NOW + timedelta(hours=1)
VERSIONS = [m.version for m in load("sqlite")]


@pytest.fixture(params=["sqlite", "postgres", "pgbouncer"])
def store_url(request, tmp_path):
    """A URL naming an empty database on each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 's.db'}"
    else:
        yield request.getfixturevalue("pg_url" if request.param == "postgres" else "pgbouncer_url")


@pytest.fixture
def store(store_url):
    store = open_store(store_url)
    yield store
    store.close()


def _tables(store) -> set[str]:
    if store.dialect == "sqlite":
        return {r[0] for r in store._query("SELECT name FROM sqlite_master WHERE type='table'")}
    return {
        r[0] for r in store._query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
    }


# -- migrations -----------------------------------------------------------------------------
def test_both_dialects_have_the_same_migration_history():
    assert [(m.version, m.name) for m in load("postgres")] == [(m.version, m.name) for m in load("sqlite")]


def test_migrations_from_empty_and_rerun(store_url):
    store = open_store(store_url, migrate=False)
    assert store.pending() and store.applied() == []
    assert store.migrate() == VERSIONS
    assert store.migrate() == [] and store.pending() == [] and store.applied() == VERSIONS
    assert {
        "users",
        "stories",
        "turns",
        "memories",
        "user_kv",
        "vectors",
        "outbox",
        "selections",
        "positions",
        "anchors",
        "schema_migrations",
    } <= _tables(store)
    store.close()


@pytest.mark.parametrize("stop", VERSIONS[1:])
def test_migrations_from_every_earlier_version(store_url, stop):
    store = open_store(store_url, migrate=False)
    assert store.migrate(stop_before=stop) == [v for v in VERSIONS if v < stop]
    uid = store.ensure_user("cli", "early", NOW)  # data written at the earlier version survives
    store.close()
    again = open_store(store_url, migrate=False)
    assert again.migrate() == [v for v in VERSIONS if v >= stop]
    assert again.migrate() == [] and again.applied() == VERSIONS
    assert again.find_user("cli", "early") == uid
    again.close()


def test_wal_mode_on_sqlite(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'w.db'}")
    assert store._query("PRAGMA journal_mode")[0][0] == "wal"


def test_split_statements_ignores_comments():
    assert split_statements("-- a;\nCREATE TABLE a (x);\n\nCREATE TABLE b (y);\n") == (
        "CREATE TABLE a (x)",
        "CREATE TABLE b (y)",
    )


# -- transactions ---------------------------------------------------------------------------
def test_failing_transaction_rolls_back_whole(store):
    with pytest.raises(StoreError):
        with store.transaction() as conn:
            conn.execute("CREATE TABLE half (x INTEGER)")
            conn.execute("INSERT INTO nowhere VALUES (1)")
    assert "half" not in _tables(store)


def test_nested_transactions_join_and_roll_back_whole(store):
    with pytest.raises(RuntimeError):
        with store.transaction():
            uid = store.ensure_user("cli", "n", NOW)  # a nested transaction
            assert store.find_user("cli", "n") == uid  # its own writes are visible inside
            raise RuntimeError("boom")
    assert store.find_user("cli", "n") is None


def test_a_failed_nested_transaction_leaves_the_outer_one_usable(store):
    # PostgreSQL refuses every statement after an error until a rollback: a nested
    # transaction is a savepoint, so catching its failure and going on works on both.
    with store.transaction():
        uid = store.ensure_user("cli", "sp", NOW)
        with pytest.raises(StoreError):
            with store.transaction():
                store.kv_set(uid, "half", "written", NOW)
                store.insert_memory(uid, "bad", "no-such-kind", "global", None, 1.0, False, None, NOW)
        store.kv_set(uid, "after", "yes", NOW)
    assert store.kv_all(uid) == {"after": "yes"}  # the failed block's own write is undone


def test_reads_do_not_wait_for_a_write_held_elsewhere(store):
    inside, release = threading.Event(), threading.Event()

    def writer():
        with store.transaction():
            store.ensure_user("cli", "w", NOW)
            inside.set()
            release.wait(10)

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        assert inside.wait(10)
        started = datetime.now()
        assert store.find_user("cli", "w") is None  # not committed yet, and not waited for
        assert (datetime.now() - started).total_seconds() < 2
    finally:
        release.set()
        thread.join()
    assert store.find_user("cli", "w") is not None


# -- the contract ---------------------------------------------------------------------------
def test_round_trip_after_reopening(store_url):
    store = open_store(store_url)
    uid = store.ensure_user("telegram", "42", NOW)
    assert store.ensure_user("telegram", "42", NOW) == uid
    assert store.ensure_user("lazada", "42", NOW) != uid
    mid = store.insert_memory(uid, "Aime le jazz", "preference", "global", None, 0.9, False, "D1:1", NOW)
    store.replace_wording(mid, "Aime le jazz et la bossa nova", 0.95, "D1:2", NOW, NOW)
    store.kv_set(uid, "lang", "fr", NOW)
    store.kv_set(uid, "lang", "en", NOW)
    store.close()
    again = open_store(store_url)
    memory = again.get_memory(mid)
    assert memory.text == "Aime le jazz et la bossa nova" and memory.confidence == 0.95
    assert memory.created_at == NOW and memory.content_hash == content_hash(memory.text)
    assert [h["text"] for h in again.history(mid)] == ["Aime le jazz"]
    assert again.kv_all(uid) == {"lang": "en"}
    assert again.sources(uid) == {mid: {"D1:1", "D1:2"}}
    again.close()


def test_vectors_are_keyed_by_content_hash(store):
    uid = store.ensure_user("cli", "u", NOW)
    mid = store.insert_memory(uid, "one", "fact", "global", None, 1.0, False, None, NOW)
    (row,) = store.stale_vectors("e", 10)
    assert store.count_stale_vectors("e") == 1
    store.put_vectors("e", [(mid, row[1], np.arange(4, dtype=np.float32))])
    assert store.stale_vectors("e", 10) == [] and store.vectors(uid, "e")[0] == [mid]
    assert store.vectors(uid, "e")[1].tolist() == [[0.0, 1.0, 2.0, 3.0]]
    store.replace_wording(mid, "two", 1.0, None, NOW, NOW)
    assert [r[0] for r in store.stale_vectors("e", 10)] == [mid]
    assert store.vectors(uid, "e") == ([], None)
    assert store.clear_vectors("e") == 1 and store.clear_vectors() == 0


def test_a_vector_computed_for_a_memory_gone_meanwhile_is_not_written(store):
    """The indexer reads stale rows, embeds them, then writes: a memory forgotten (its
    vectors erased), reworded or whose user was deleted in between gets no vector — no
    foreign-key error for the whole batch, no vector of an erased text back in the store."""
    uid = store.ensure_user("cli", "gone", NOW)
    kept, forgotten, reworded = (
        store.insert_memory(uid, text, "fact", "global", None, 1.0, False, None, NOW)
        for text in ("stays", "forgotten meanwhile", "reworded meanwhile")
    )
    other = store.ensure_user("cli", "deleted meanwhile", NOW)
    store.insert_memory(other, "their memory", "fact", "global", None, 1.0, False, None, NOW)
    stale = store.stale_vectors("e", 10)
    assert len(stale) == 4
    store.delete_memory(forgotten, NOW)
    store.replace_wording(reworded, "reworded text", 1.0, None, NOW, NOW)
    store.delete_user(other)
    store.put_vectors("e", [(mid, h, np.ones(3, dtype=np.float32)) for mid, h, _ in stale])
    assert [r[0] for r in store._query("SELECT memory_id FROM vectors ORDER BY memory_id")] == [kept]
    assert [r[0] for r in store.stale_vectors("e", 10)] == [reworded]


def test_vector_scores_of_some_memories_are_the_whole_products_values(store):
    uid = store.ensure_user("cli", "subset", NOW)
    other = store.ensure_user("cli", "someone else", NOW)
    mids = [store.insert_memory(uid, f"memory {i}", "fact", "global", None, 1.0, False, None, NOW) for i in range(7)]
    theirs = store.insert_memory(other, "not yours", "fact", "global", None, 1.0, False, None, NOW)
    rng = np.random.default_rng(3)
    store.put_vectors(
        "e", [(mid, h, rng.standard_normal(4).astype(np.float32)) for mid, h, _ in store.stale_vectors("e", 20)]
    )
    store.delete_memory(mids[3], NOW)
    query = np.array([0.5, -1.0, 2.0, 0.25], np.float32)
    ids, sims = store.vector_scores(uid, "e", query)
    assert ids.tolist() == [m for m in mids if m != mids[3]]
    wanted = np.array([mids[5], mids[0], mids[3], theirs, 10**9], np.int64)  # any order
    sub_ids, sub = store.vector_scores(uid, "e", query, wanted)
    assert sub_ids.tolist() == [mids[0], mids[5]]  # ascending; deleted and others' left out
    assert sub.tolist() == [sims[0], sims[4]]


def test_repair_hashes_matches_the_python_hash(store):
    uid = store.ensure_user("cli", "h", NOW)
    mid = store.insert_memory(uid, "Café ☕", "fact", "global", None, 1.0, False, None, NOW)
    with store.transaction() as conn:
        conn.execute("UPDATE memories SET text = ? WHERE id = ?", ("Thé 🍵 vert", mid))
    assert store.repair_hashes() == 1 and store.repair_hashes() == 0
    assert store.get_memory(mid).content_hash == content_hash("Thé 🍵 vert")


def test_repair_hashes_of_one_user_leaves_the_others(store):
    """A user's diagnostics repair that user's hashes only: never a scan of the store."""
    one, two = store.ensure_user("cli", "h1", NOW), store.ensure_user("cli", "h2", NOW)
    mids = [store.insert_memory(u, "same", "fact", "global", None, 1.0, False, None, NOW) for u in (one, two)]
    with store.transaction() as conn:
        conn.execute("UPDATE memories SET text = 'edited by hand'")
    assert store.repair_hashes(one) == 1 and store.repair_hashes(one) == 0
    assert store.get_memory(mids[1]).content_hash == content_hash("same")  # not yet
    assert store.repair_hashes() == 1


def test_outbox_keeps_per_user_order(store):
    uid = store.ensure_user("cli", "o", NOW)
    t1 = store.add_turn(uid, None, "first", "r1", NOW)
    t2 = store.add_turn(uid, None, "second", None, NOW)
    j1 = store.enqueue(uid, t1, "reflection", NOW)
    assert store.enqueue(uid, t1, "reflection", NOW) == j1
    j2 = store.enqueue(uid, t2, "reflection", NOW)
    job = store.claim(NOW)
    assert job["id"] == j1 and job["message"] == "first" and job["time"] == NOW and job["attempts"] == 1
    assert store.claim(NOW) is None  # j2 waits for j1
    store.retry(j1, "boom", LATER, NOW)
    assert store.claim(NOW) is None and store.claim(LATER)["id"] == j1
    store.finish(j1, LATER)
    assert store.claim(LATER)["id"] == j2
    assert store.requeue_running(LATER) == 1
    store.park(j2, "dead", LATER)
    assert store.outbox_counts() == {"done": 1, "parked": 1}
    assert store.parked_jobs(uid)[0]["error"] == "dead"
    assert [t["message"] for t in store.recent_turns(uid, None, 5)] == ["first", "second"]


def test_story_layer_and_diagnostics(store):
    uid = store.ensure_user("cli", "s", NOW)
    sid = store.ensure_story(uid, "saga", NOW)
    assert store.ensure_story(uid, "saga", NOW) == sid and store.find_story(uid, "saga") == sid
    store.set_story_summary(sid, "so far")
    assert store.story_summary(sid) == "so far"
    store.put_position(uid, sid, "tea", "likes", "because", NOW, refresh=True)
    store.put_position(uid, sid, "tea", "loves", "really", LATER, refresh=False)
    assert store.position(uid, sid, "tea")["stance"] == "loves"
    assert store.positions(uid, sid)[0]["updated_at"] == NOW.isoformat()
    aid = store.add_anchor(sid, "the ring", NOW)
    assert store.add_anchor(sid, "the ring", NOW) == aid
    assert store.remove_anchor(sid, aid, "lost", LATER) and store.anchors(sid) == []
    mid = store.insert_memory(uid, "a fact", "fact", "story", sid, 0.8, True, "x", NOW)
    assert [m.id for m in store.candidates(uid, sid)] == [mid] and list(store.candidates(uid, None)) == []
    store.record_selection(uid, sid, "hello", NOW, [(mid, "pinned", "pinned", None)], True, "timeout")
    (sel,) = store.last_selections(uid, sid)
    assert sel["degraded"] and sel["items"][0]["memory_id"] == mid and sel["time"] == NOW.isoformat()
    store.record_event(uid, "degraded", "timeout", NOW)
    assert store.count_events("degraded") == 1 and store.degraded_events(uid)[0]["detail"] == "timeout"


def test_a_position_without_story_is_one_row(store):
    uid = store.ensure_user("cli", "p", NOW)
    store.put_position(uid, None, "tea", "likes", "because", NOW, refresh=True)
    store.put_position(uid, None, "tea", "loves", "really", LATER, refresh=False)
    assert store.positions(uid, None) == [
        {"topic": "tea", "stance": "loves", "justification": "really", "updated_at": NOW.isoformat()}
    ]
    assert len(store.export_user(uid)["positions"]) == 1


def test_migration_5_keeps_the_newest_of_duplicate_positions(store_url):
    store = open_store(store_url, migrate=False)
    store.migrate(stop_before=5)
    uid = store.ensure_user("cli", "dup", NOW)
    for stance, when in (("likes", NOW), ("loves", LATER), ("hates", LATER + timedelta(1))):
        with store.transaction() as conn:  # what put_position did before 0005
            conn.execute(
                "INSERT INTO positions (user_id, story_id, topic, stance, justification, "
                "created_at, updated_at) VALUES (?, NULL, 'tea', ?, 'j', ?, ?)",
                (uid, stance, when.isoformat(), when.isoformat()),
            )
    store.migrate()
    (row,) = store.export_user(uid)["positions"]
    assert row["stance"] == "hates" and row["created_at"] == NOW.isoformat()
    store.close()


def test_outbox_writes_are_fenced_by_the_claim(store):
    uid = store.ensure_user("cli", "f", NOW)
    job_id = store.enqueue(uid, store.add_turn(uid, None, "m", None, NOW), "reflection", NOW)
    first = store.claim(NOW)
    assert store.requeue_running(LATER, claimed_before=NOW) == 0  # claimed at NOW: still alive
    assert store.requeue_running(LATER, claimed_before=LATER + timedelta(seconds=1)) == 1
    second = store.claim(LATER)
    assert second["id"] == job_id and second["attempts"] == first["attempts"] + 1
    # The first claimer comes back late: none of its writes lands.
    assert not store.finish(job_id, LATER, attempts=first["attempts"])
    assert not store.retry(job_id, "late", LATER, LATER, attempts=first["attempts"])
    assert not store.park(job_id, "late", LATER, attempts=first["attempts"])
    assert store.finish(job_id, LATER, attempts=second["attempts"])
    assert store.outbox_counts() == {"done": 1}


def test_supersede_delete_counters_and_user_data(store):
    uid = store.ensure_user("cli", "d", NOW)
    old = store.insert_memory(uid, "lives in Ipoh", "fact", "global", None, 1.0, False, "a", NOW)
    new = store.insert_memory(uid, "lives in Paris", "fact", "global", None, 1.0, False, "b", LATER)
    store.supersede(old, new, LATER)
    store.absorb(new, "in Paris", "c", LATER, LATER)
    assert [m.id for m in store.memories(uid)] == [new] and len(store.memories(uid, None)) == 2
    assert [e["event"] for e in store.history(new)] == ["absorbed", "supersedes"]
    assert sorted(store.history_texts(uid)) == [("in Paris", "c"), ("lives in Ipoh", "a")]
    store.bump_counters(uid, None, [new, new], [], [])
    assert store.forgotten(uid, 2) == [(new, "fact", "lives in Paris", 2)]
    assert store.set_pinned(new, True) and store.get_memory(new).pinned
    exported = store.export_user(uid)
    assert len(exported["memories"]) == 2 and exported["users"][0]["external_id"] == "d"
    assert store.delete_memory(new, LATER) and store.get_memory(new).status == "deleted"
    assert store.delete_user(uid)["memories"] == 2 and store.find_user("cli", "d") is None


def _exercise(store) -> dict:
    """The same calls on a fresh store: everything they return, for comparing backends."""
    out: dict = {}
    uid = store.ensure_user("cli", "same", NOW)
    sid = store.ensure_story(uid, "s", NOW)
    ids = [
        store.insert_memory(
            uid,
            f"memory {i}",
            "fact",
            "global" if i % 2 else "story",
            None if i % 2 else sid,
            0.5 + i / 10,
            i == 3,
            f"D{i}",
            NOW + timedelta(i),
        )
        for i in range(5)
    ]
    store.replace_wording(ids[0], "memory zero, richer", 0.7, "D9", LATER, LATER)
    store.supersede(ids[1], ids[2], LATER)
    store.bump_counters(uid, sid, ids, ids[:2], ids[:1])
    store.put_vectors("e", [(i, h, np.full(3, i, dtype=np.float32)) for i, h, _ in store.stale_vectors("e", 9)])
    turn = store.add_turn(uid, sid, "hi", "hello", NOW, "src")
    store.enqueue(uid, turn, "reflection", NOW)
    store.kv_set(uid, "k", "v", NOW)
    store.record_selection(uid, sid, "m", NOW, [(ids[0], "global", "r", 0.5)], False, None)
    store.put_position(uid, sid, "t", "s", "j", NOW, True)
    store.add_anchor(sid, "a", NOW)
    out["memories"] = store.memories(uid, None)
    out["candidates"] = store.candidates(uid, sid)
    out["history"] = [store.history(i) for i in ids]
    out["sources"] = store.sources(uid)
    out["vectors"] = store.vectors(uid, "e")[1].tolist()
    out["claim"] = store.claim(NOW)
    out["turns"] = store.recent_turns(uid, sid, 5)
    out["selections"] = store.last_selections(uid)
    out["positions"] = store.positions(uid, sid)
    out["anchors"] = store.anchors(sid)
    out["export"] = {t: sorted(map(repr, rows)) for t, rows in store.export_user(uid).items()}
    return out


def test_both_backends_return_the_same(tmp_path, pg_url):
    lite = open_store(f"sqlite:///{tmp_path / 'same.db'}")
    pg = open_store(pg_url)
    try:
        assert _exercise(pg) == _exercise(lite)
    finally:
        lite.close()
        pg.close()


# -- busy errors ----------------------------------------------------------------------------
def test_locked_sqlite_store_raises_busy(tmp_path):
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


@pytest.mark.parametrize("via", ["postgres", "pgbouncer"])
def test_locked_postgres_store_raises_busy(request, pg_url, via):
    """The lock timeout holds through PgBouncer too: it is set in each write transaction,
    not on the session (which transaction pooling does not keep)."""
    import psycopg

    from souvenir.store.postgres import PostgresStore

    store = PostgresStore(pg_url if via == "postgres" else request.getfixturevalue("pgbouncer_url"), busy_timeout_s=0.3)
    store.migrate()
    with store.transaction() as conn:  # scoped to the transaction, gone after it
        # what is left of the 0.3 s bound when the transaction begins
        assert 200 <= int(conn.execute("SHOW lock_timeout").fetchone()[0].removesuffix("ms")) <= 300
        assert conn.execute("SHOW TimeZone").fetchone() == ("UTC",)
    assert store._query("SHOW lock_timeout") == [("0",)]
    other = psycopg.connect(pg_url)
    other.execute("LOCK TABLE users IN ACCESS EXCLUSIVE MODE")
    try:
        with pytest.raises(StoreBusyError):
            store.ensure_user("cli", "x", NOW)
    finally:
        other.rollback()
        other.close()
    assert store.ensure_user("cli", "x", NOW) >= 1
    store.close()


def test_unreachable_postgres_raises_busy():
    pytest.importorskip("psycopg_pool")
    with pytest.raises(StoreBusyError):
        open_store("postgresql://postgres@127.0.0.1:1/nowhere?connect_timeout=1")
