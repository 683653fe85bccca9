"""The indexer's queue (migration 0022, ``souvenir.store.indexclaims``), on a real SQLite
file and a real PostgreSQL database: every kind of write enqueues or dequeues in its own
transaction, a text edited by hand-written SQL (another client, no Souvenir function) is
queued and re-embedded, the backlog read from the queue equals the store's scan, an idle
claim reads no memory, a store migrated from 0021 has its stale memories queued, and a
retired embedder's queue stops (``souvenir index --retire``)."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from souvenir.embedding.http import OpenAIEmbedder
from souvenir.index.vectors import VectorIndex
from souvenir.store import open_store
from souvenir.ground.hashing import content_hash
from tests.servers import EmbeddingServer

NOW = datetime(2025, 6, 2, 12, 0, tzinfo=timezone.utc)
E = "e"
VEC = np.ones(4, dtype=np.float32) / 2


@pytest.fixture(params=["sqlite", "postgres"])
def url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'q.db'}"
    else:
        yield request.getfixturevalue("pg_url")


def _raw_update(url: str, sql: str, params: tuple = ()) -> None:
    """A hand-written UPDATE from another client, without any function of Souvenir's."""
    if url.startswith("sqlite"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            conn.execute(sql, params)
        return
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql.replace("?", "%s"), params)


def queued(store, embedder: str = E) -> set[int]:
    return {r[0] for r in store._query("SELECT memory_id FROM vector_queue WHERE embedder = ?", (embedder,))}


def stale(store, embedder: str = E) -> set[int]:
    """The store's scan (what the queue must never miss)."""
    rows = store._query(
        "SELECT m.id, m.text, m.content_hash, v.content_hash FROM memories m "
        "LEFT JOIN vectors v ON v.memory_id = m.id AND v.embedder = ? "
        "WHERE m.status = 'active'",
        (embedder,),
    )
    return {mid for mid, text, h, v in rows if v is None or v != h or content_hash(text) != h}


def exact(store, embedder: str = E) -> set[int]:
    """The queue holds every stale memory, and the backlog read from it is the scan's count."""
    want = stale(store, embedder)
    assert want <= queued(store, embedder)
    assert store.count_stale_vectors(embedder) == len(want)
    return want


def _cli_env(url: str, embedder_url: str, model: str) -> dict[str, str]:
    """The settings of a ``souvenir`` command on ``url`` with a stand-in OpenAI embedder."""
    return {
        "SOUVENIR_DATABASE_URL": url,
        "SOUVENIR_EMBEDDER": "openai",
        "SOUVENIR_EMBEDDER_URL": embedder_url,
        "SOUVENIR_EMBEDDER_MODEL": model,
        "SOUVENIR_WINDOW_EMBEDDER": "none",
        "SOUVENIR_LLM_BASE_URL": "",
    }


def put(store, *mids: int) -> None:
    store.put_vectors(E, [(m, store.get_memory(m).content_hash, VEC) for m in mids])


def test_every_kind_of_write_enqueues_or_dequeues(url):
    store = open_store(url)
    try:
        uid = store.ensure_user("cli", "q", NOW)
        early = store.insert_memory(uid, "before the embedder", "fact", "global", None, 1.0, False, None, NOW)
        assert store.ensure_vector_queue(E) == 1 and store.ensure_vector_queue(E) == 0  # kept once
        assert exact(store) == {early}
        ids = [
            store.insert_memory(uid, f"fact {i}", "episode", "global", None, 1.0, False, None, NOW, session="s1")
            for i in range(5)
        ]
        assert exact(store) == {early, *ids}  # inserted: queued
        put(store, early, *ids)
        assert exact(store) == set() and queued(store) == set()  # written: dequeued
        store.replace_wording(ids[0], "fact zero, reworded", 0.9, None, NOW, NOW)
        assert exact(store) == {ids[0]}  # reworded
        put(store, ids[0])
        _raw_update(url, "UPDATE memories SET text = ? WHERE id = ?", ("edited by hand", ids[1]))
        assert exact(store) == {ids[1]}  # hand-written SQL, its hash not repaired yet
        put(store, ids[1])  # the old hash's vector: not written, still queued
        assert exact(store) == {ids[1]}
        claim = store.claim_stale_vectors(E, 10, 60.0, NOW)  # the claim repairs the hash
        assert claim.rows == [(ids[1], content_hash("edited by hand"), "edited by hand")]
        assert store.put_claimed_vectors(E, claim.token, [(m, h, VEC) for m, h, _ in claim.rows]).unwritten == 0
        assert exact(store) == set()
        assert store.drop_neighbour_vectors(ids[3], E) == 2  # a window's neighbours
        assert exact(store) == {ids[2], ids[4]}
        put(store, ids[2], ids[4])
        store.supersede(ids[2], ids[3], NOW)  # no longer active: dequeued
        store.replace_wording(ids[2], "superseded, reworded", 0.9, None, NOW, NOW)
        assert exact(store) == set() and queued(store) == set()
        _raw_update(url, "DELETE FROM vectors WHERE memory_id = ?", (ids[4],))
        assert exact(store) == {ids[4]}  # a vector deleted by hand
        store.delete_memory(ids[4], NOW)  # forgotten: dequeued
        assert exact(store) == set() and queued(store) == set()
        assert store.clear_vectors(E) == 5  # the superseded memory's vector too
        assert exact(store) == {early, ids[0], ids[1], ids[3]}
        store.delete_user(uid)
        assert queued(store) == set() and store.count_stale_vectors(E) == 0
    finally:
        store.close()


def test_only_kept_embedders_are_queued_and_the_scan_counts_the_others(url):
    store = open_store(url)
    try:
        uid = store.ensure_user("cli", "q", NOW)
        mids = [store.insert_memory(uid, f"m{i}", "fact", "global", None, 1.0, False, None, NOW) for i in range(3)]
        assert queued(store) == set() and store.count_stale_vectors("other") == 3  # not kept: the scan
        store.put_vectors("other", [(mids[0], content_hash("m0"), VEC)])
        assert store.count_stale_vectors("other") == 2 and store.count_stale_vectors("other", uid) == 2
        assert store.ensure_vector_queue("other") == 2 and queued(store, "other") == set(mids[1:])
        assert store.requeue_stale("other") == 0  # the maintenance scan finds nothing missing
        assert queued(store, E) == set()  # the queue is per embedder
    finally:
        store.close()


def test_an_idle_claim_reads_no_memory(pg_url):
    """PostgreSQL: the rows of ``memories`` an idle indexer pass reads, counted by the
    server inside one transaction (pg_stat_xact_user_tables): none, whatever the store holds."""
    store = open_store(pg_url)
    try:
        uid = store.ensure_user("cli", "q", NOW)
        with store.transaction():
            for i in range(300):
                store.insert_memory(uid, f"m{i}", "fact", "global", None, 1.0, False, None, NOW)
        store.ensure_vector_queue(E)
        put(store, *[m.id for m in store.memories(uid)])
        assert queued(store) == set()
        stats = (
            "SELECT COALESCE(seq_tup_read, 0) + COALESCE(idx_tup_fetch, 0) FROM pg_stat_xact_user_tables "
            "WHERE relname = 'memories'"
        )
        with store.transaction() as conn:
            before = conn.execute(stats).fetchone()[0]
            assert store.claim_stale_vectors(E, 64, 60.0, NOW).rows == []
            assert conn.execute(stats).fetchone()[0] == before
    finally:
        store.close()


def test_a_memory_reworded_while_it_is_embedded_stays_queued(url):
    store = open_store(url)
    try:
        uid = store.ensure_user("cli", "q", NOW)
        mid = store.insert_memory(uid, "first wording", "fact", "global", None, 1.0, False, None, NOW)
        claim = store.claim_stale_vectors(E, 10, 60.0, NOW)
        store.replace_wording(mid, "second wording", 0.9, None, NOW, NOW)
        assert store.put_claimed_vectors(E, claim.token, [(m, h, VEC) for m, h, _ in claim.rows]).unwritten == 0
        assert exact(store) == {mid}  # the old wording's vector not written, still queued
        again = store.claim_stale_vectors(E, 10, 60.0, NOW + timedelta(seconds=1))
        assert again.rows == [(mid, content_hash("second wording"), "second wording")]
    finally:
        store.close()


def test_a_text_edited_in_the_sqlite_shell_is_embedded_again(tmp_path):
    url = f"sqlite:///{tmp_path / 'h.db'}"
    store = open_store(url)
    with EmbeddingServer() as server:
        index = VectorIndex(store, OpenAIEmbedder(server.url, "m"), batch=4)
        try:
            uid = store.ensure_user("cli", "q", NOW)
            for i in range(6):
                store.insert_memory(uid, f"memory {i}", "fact", "global", None, 1.0, False, None, NOW)
            assert index.run_once() == 6 and index.run_once() == 0 and index.backlog() == 0
            _raw_update(url, "UPDATE memories SET text = 'I moved to Chengdu' WHERE text = 'memory 3'")
            assert index.backlog() == 1
            assert index.run_once() == 1 and server.texts[-1] == "I moved to Chengdu"
            assert index.backlog() == 0 and queued(store, index.name) == set()
        finally:
            index.stop()
            store.close()


def test_a_store_migrated_from_0021_has_its_stale_memories_queued(url):
    from souvenir.store.postgres import PostgresStore
    from souvenir.store.sqlite import SQLiteStore

    # (open_store migrates to the last version: the backend itself, migrated up to 0021)
    raw = SQLiteStore(url.removeprefix("sqlite:///")) if url.startswith("sqlite") else PostgresStore(url)
    try:
        raw.migrate(stop_before=22)
        uid = raw.ensure_user("cli", "q", NOW)
        mids = [raw.insert_memory(uid, f"m{i}", "fact", "global", None, 1.0, False, None, NOW) for i in range(5)]
        with raw.transaction() as conn:  # (0021's vectors table, written as its code did)
            for name, i, m in [(E, i, m) for i, m in enumerate(mids[:4])] + [("w", 0, mids[0])]:
                conn.execute(
                    "INSERT INTO vectors (memory_id, embedder, content_hash, dim, vector) VALUES (?, ?, ?, 4, ?)",
                    (m, name, content_hash(f"m{i}"), VEC.tobytes()),
                )
            # edited by hand before the migration
            conn.execute("UPDATE memories SET text = 'edited' WHERE id = ?", (mids[1],))
        raw.supersede(mids[2], mids[3], NOW)
        assert raw.migrate(stop_before=23) == [22]  # (later migrations are not its subject)
        assert queued(raw, E) == {mids[1], mids[4]} and queued(raw, "w") == set(mids[1:2] + mids[3:])
        assert exact(raw, E) == {mids[1], mids[4]} and exact(raw, "w") == {mids[1], mids[3], mids[4]}
    finally:
        raw.close()


def test_keeping_a_queue_waits_for_a_writer_in_flight_and_misses_nothing(pg_url):
    """PostgreSQL: a memory written by a transaction still open when the embedder's queue is
    first kept is queued once that transaction commits (its trigger ran before the embedder
    was kept, and the store's scan waits for it, never holding one table while waiting)."""
    import threading

    import psycopg

    store = open_store(pg_url)
    try:
        uid = store.ensure_user("cli", "q", NOW)
        store.insert_memory(uid, "before", "fact", "global", None, 1.0, False, None, NOW)
        with psycopg.connect(pg_url) as writer:  # a transaction, open
            writer.execute(
                "INSERT INTO memories (user_id, kind, scope, text, created_at, updated_at, "
                "content_hash) VALUES (%s, 'fact', 'global', 'in flight', %s, %s, %s)",
                (uid, NOW.isoformat(), NOW.isoformat(), content_hash("in flight")),
            )
            kept: list[int] = []
            thread = threading.Thread(target=lambda: kept.append(store.ensure_vector_queue(E)))
            thread.start()
            thread.join(0.5)
            assert thread.is_alive()  # it waits for the writer
            writer.commit()
        thread.join(10)
        assert kept == [2] and len(exact(store)) == 2
    finally:
        store.close()


def test_souvenir_index_rescans_what_the_triggers_missed(tmp_path):
    """The maintenance command: a text changed while the queue's triggers were bypassed
    (here: its queue row deleted by hand) is found by ``souvenir index``'s one full scan."""
    from typer.testing import CliRunner

    from souvenir.cli.main import app

    url = f"sqlite:///{tmp_path / 'i.db'}"
    with EmbeddingServer() as server:
        env = _cli_env(url, server.url, "stand-in")
        store = open_store(url)
        uid = store.ensure_user("cli", "q", NOW)
        for i in range(3):
            store.insert_memory(uid, f"memory {i}", "fact", "global", None, 1.0, False, None, NOW)
        store.close()
        first = CliRunner().invoke(app, ["index"], env=env, catch_exceptions=False)
        assert first.exit_code == 0 and "3 vectors computed" in first.stdout and "backlog 0" in first.stdout
        _raw_update(url, "UPDATE memories SET text = 'I moved to Chengdu' WHERE text = 'memory 1'")
        _raw_update(url, "DELETE FROM vector_queue")  # as if the triggers had not run
        again = CliRunner().invoke(app, ["index"], env=env, catch_exceptions=False)
        assert again.exit_code == 0 and "1 vectors computed" in again.stdout and "backlog 0" in again.stdout
        assert server.texts[-1] == "I moved to Chengdu"


def test_a_retired_embedder_is_no_longer_queued_and_comes_back_when_used(url):
    """After a switch of embedders, retiring the old one stops its queue growing; its vectors
    stay unless asked, and a process still embedding with it keeps it again (its stale
    memories enqueued) once its reading of the kept set is older than ``KEPT_RECHECK_S``."""
    store = open_store(url)
    other = open_store(url)  # a second replica still using the old embedder
    try:
        uid = store.ensure_user("cli", "q", NOW)
        first = store.insert_memory(uid, "m0", "fact", "global", None, 1.0, False, None, NOW)
        assert other.ensure_vector_queue("old") == 1 and store.ensure_vector_queue(E) == 1
        other.put_vectors("old", [(first, content_hash("m0"), VEC)])
        second = store.insert_memory(uid, "m1", "fact", "global", None, 1.0, False, None, NOW)
        assert store.kept_embedders() == {E: 2, "old": 1}
        gone = store.retire_embedder("old")
        assert gone == {"embedders": 1, "queue": 1, "claims": 0, "vectors": 0}
        third = store.insert_memory(uid, "m2", "fact", "global", None, 1.0, False, None, NOW)
        assert queued(store, "old") == set() and store.kept_embedders() == {E: 3}
        assert store.count_stale_vectors("old") == 2  # not kept: read by a scan; its vector of m0 kept
        assert other.ensure_vector_queue("old") == 0  # its reading is fresh: trusted
        other.KEPT_RECHECK_S = 0.0  # as if a minute had passed
        assert other.ensure_vector_queue("old") == 2  # kept again, what went stale enqueued
        assert queued(store, "old") == {second, third}
        assert store.retire_embedder("old", drop_vectors=True)["vectors"] == 1
        assert store.retire_embedder("never") == {"embedders": 0, "queue": 0, "claims": 0, "vectors": 0}
    finally:
        other.close()
        store.close()


def test_souvenir_index_names_an_unused_embedder_and_retires_it(tmp_path):
    """After a switch of embedding model, ``souvenir index`` names the old embedder whose
    queue is still kept, and ``--retire`` stops it."""
    from typer.testing import CliRunner

    from souvenir.cli.main import app

    url = f"sqlite:///{tmp_path / 'r.db'}"
    with EmbeddingServer() as server:
        env = _cli_env(url, server.url, "model-a")
        store = open_store(url)
        uid = store.ensure_user("cli", "q", NOW)
        store.insert_memory(uid, "memory 0", "fact", "global", None, 1.0, False, None, NOW)
        store.close()
        assert CliRunner().invoke(app, ["index"], env=env, catch_exceptions=False).exit_code == 0
        env["SOUVENIR_EMBEDDER_MODEL"] = "model-b"
        switched = CliRunner().invoke(app, ["index"], env=env, catch_exceptions=False)
        store = open_store(url)
        old = next(name for name in store.kept_embedders() if "model-a" in name)
        store.insert_memory(uid, "memory 1", "fact", "global", None, 1.0, False, None, NOW)
        store.close()
        assert switched.exit_code == 0 and "kept but not used here" in switched.stdout and old in switched.stdout
        retired = CliRunner().invoke(app, ["index", "--retire", old], env=env, catch_exceptions=False)
        assert retired.exit_code == 0 and "retired: 1 queued memories" in retired.stdout
        store = open_store(url)
        try:
            assert old not in store.kept_embedders() and store.count_stale_vectors(old) == 1
        finally:
            store.close()
