"""The SQLite read cache never serves what the file no longer says.

Every check compares the cached store's ``candidates`` and ``vector_scores`` with a second
store on the same file opened without a cache (the truth), after writes made by the cached
store, by another store object (another connection), by another process with plain SQL,
and inside a transaction that rolls back.
"""

from __future__ import annotations

import random
import subprocess
import sys
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from souvenir.ground.blas import coarse_query, dot_columns, dot_rows, leading_directions, project_columns
from souvenir.ground.errors import StoreError
from souvenir.read.selection import Scores, SelectionConfig, select
from souvenir.store import SQLiteStore
from souvenir.ground.hashing import content_hash
from souvenir.store.readcache import ReadCache

NOW = datetime(2025, 6, 2, 12, 0, tzinfo=timezone.utc)
DIM = 4
E = "e"
#: Leading directions of the large user's coarse cosines (``coarse_scores``): the cached
#: projected rows must follow every write as the vector products do.
DIRECTIONS = 2


@pytest.fixture
def path(tmp_path):
    return tmp_path / "cache.db"


@pytest.fixture
def stores(path):
    cached, truth, other = SQLiteStore(path), SQLiteStore(path, cache_memories=0), SQLiteStore(path)
    cached.migrate()
    yield cached, truth, other
    for store in (cached, truth, other):
        store.close()


def view(store, user_id: int, story_id: int | None, query: np.ndarray) -> tuple:
    """Everything the read path takes from the store, comparable."""
    candidates = [
        (m.id, m.text, m.kind, m.scope, m.story_id, m.confidence, m.pinned, m.status, m.updated_at, m.content_hash)
        for m in store.candidates(user_id, story_id)
    ]
    ids, sims = store.vector_scores(user_id, E, query)
    # a subset (the fused score's shortlist): every other memory and an unknown id, the same
    # bits as in the whole product
    some = np.array([*ids.tolist()[::2], 10**9], np.int64)
    sub_ids, sub = store.vector_scores(user_id, E, query, some)
    assert sub_ids.tolist() == ids.tolist()[::2]
    assert sub.tolist() == sims.tolist()[::2]
    coarse_ids, coarse = store.coarse_scores(user_id, E, query, DIRECTIONS)
    assert coarse_ids.tolist() == ids.tolist()
    cache = getattr(store, "_read_cache", None)
    basis = cache.coarse_basis(user_id, E) if cache is not None else None
    if ids.size:  # the cached rows: this basis's projection of the current vectors, bit for bit
        _, matrix = store.vectors(user_id, E)
        if basis is None:
            basis = leading_directions(matrix, DIRECTIONS)
        assert coarse.tobytes() == dot_columns(project_columns(matrix, basis), coarse_query(query, basis)).tobytes()
    return candidates, ids.tolist(), sims.tolist()


def same(cached, truth, user_id: int, story_id: int | None = None) -> None:
    query = np.arange(1, DIM + 1, dtype=np.float32)
    assert view(cached, user_id, story_id, query) == view(truth, user_id, story_id, query)
    # and the selection over them: the cached pool's columns (kept, or extended) are right
    ids, sims = cached.vector_scores(user_id, E, query)
    config = SelectionConfig(limit=8, semantic_slots=3, semantic_threshold=0.5)
    fast = select(cached.candidates(user_id, story_id), Scores(ids, sims), config, NOW, story_id)
    plain = select(
        list(truth.candidates(user_id, story_id)), dict(zip(ids.tolist(), sims.tolist())), config, NOW, story_id
    )
    assert [(s.memory.id, s.pass_name, s.reason) for s in fast.memories + fast.rules] == [
        (s.memory.id, s.pass_name, s.reason) for s in plain.memories + plain.rules
    ]


def embed(store, ids: list[int] | None = None, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    rows = [r for r in store.stale_vectors(E, 100_000) if ids is None or r[0] in ids]
    store.put_vectors(E, [(mid, h, rng.standard_normal(DIM).astype(np.float32)) for mid, h, _ in rows])


def add(store, user_id: int, text: str, story_id: int | None = None, when: datetime = NOW) -> int:
    return store.insert_memory(
        user_id, text, "fact", "story" if story_id else "global", story_id, 0.9, False, None, when
    )


def test_random_writes_from_three_writers_never_leave_the_cache_stale(stores, path):
    cached, truth, other = stores
    rnd = random.Random(7)
    users = [cached.ensure_user("t", f"u{i}", NOW) for i in range(2)]
    story = cached.ensure_story(users[0], "s", NOW)
    for i in range(30):
        add(cached, rnd.choice(users), f"memory {i}", story if i % 5 == 0 else None)
    embed(cached)
    for step in range(150):
        writer = rnd.choice([cached, other])
        user = rnd.choice(users)
        ids = [m.id for m in truth.memories(user, "active")]
        op = rnd.randrange(9)
        if op == 0 or not ids:
            add(
                writer,
                user,
                f"new memory {step}",
                story if user == users[0] and rnd.random() < 0.3 else None,
                NOW + timedelta(minutes=step),
            )
        elif op == 1:
            mid = rnd.choice(ids)
            writer.replace_wording(mid, f"reworded {step}", 1.0, None, NOW + timedelta(minutes=step), NOW)
        elif op == 2 and len(ids) > 1:
            old, new = rnd.sample(ids, 2)
            writer.supersede(old, new, NOW)
        elif op == 3:
            writer.set_pinned(rnd.choice(ids), rnd.random() < 0.5)
        elif op == 4:
            writer.delete_memory(rnd.choice(ids), NOW)
        elif op == 5:
            embed(writer, seed=step)
        elif op == 6:
            writer.bump_counters(user, None, ids, ids[:3], ids[:1])
        elif op == 7 and rnd.random() < 0.2:
            writer.clear_vectors(E)
        else:
            embed(writer, rnd.sample(ids, min(3, len(ids))), seed=step)
        for u in users:
            same(cached, truth, u, story if u == users[0] else None)
            same(cached, truth, u, None)
    assert cached._read_cache.counts["refresh"] > 50  # most changes were read row by row


def test_a_change_by_another_process_in_plain_sql_is_seen(stores, path):
    cached, truth, _ = stores
    user = cached.ensure_user("t", "u", NOW)
    ids = [add(cached, user, f"memory {i}") for i in range(5)]
    embed(cached)
    same(cached, truth, user)
    script = (
        "import sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute(\"UPDATE memories SET text = 'edited by hand', pinned = 1 WHERE id = ?\", (int(sys.argv[2]),))\n"
        "c.execute(\"UPDATE memories SET status = 'deleted' WHERE id = ?\", (int(sys.argv[3]),))\n"
        "c.execute('DELETE FROM vectors WHERE memory_id = ?', (int(sys.argv[4]),))\n"
    )
    subprocess.run([sys.executable, "-c", script, str(path), str(ids[0]), str(ids[1]), str(ids[2])], check=True)
    same(cached, truth, user)
    texts = {m.id: m.text for m in cached.candidates(user, None)}
    assert texts[ids[0]] == "edited by hand" and ids[1] not in texts
    assert ids[2] not in cached.vector_scores(user, E, np.ones(DIM, np.float32))[0].tolist()


def test_counters_move_without_a_refresh(stores):
    cached, truth, _ = stores
    user = cached.ensure_user("t", "u", NOW)
    ids = [add(cached, user, f"memory {i}") for i in range(5)]
    embed(cached)
    same(cached, truth, user)
    before = dict(cached._read_cache.counts)
    cached.bump_counters(user, None, ids, ids, ids)
    same(cached, truth, user)
    counts = cached._read_cache.counts
    assert counts["refresh"] == before["refresh"] and counts["reload"] == before["reload"]
    assert cached.memories(user)[0].candidate_count == 1  # memories() reads the file


def test_a_deleted_user_is_not_served_from_the_cache_and_the_id_is_not_taken_again(stores):
    cached, truth, other = stores
    user = cached.ensure_user("t", "gone", NOW)
    add(cached, user, "a secret of the deleted user")
    embed(cached)
    same(cached, truth, user)
    other.delete_user(user)
    assert list(cached.candidates(user, None)) == []
    again = other.ensure_user("t", "new", NOW)
    assert again > user  # ids are never reused (migration 0015: AUTOINCREMENT)
    assert list(cached.candidates(user, None)) == []
    add(other, again, "the new user's memory")
    same(cached, truth, again)
    assert [m.text for m in cached.candidates(again, None)] == ["the new user's memory"]


def test_reads_inside_a_transaction_bypass_the_cache_and_a_rollback_leaves_no_trace(stores):
    cached, truth, _ = stores
    user = cached.ensure_user("t", "u", NOW)
    add(cached, user, "kept")
    same(cached, truth, user)
    with pytest.raises(StoreError):
        with cached.transaction():
            add(cached, user, "rolled back")
            assert {m.text for m in cached.candidates(user, None)} == {"kept", "rolled back"}
            raise StoreError("abort")
    assert [m.text for m in cached.candidates(user, None)] == ["kept"]
    add(cached, user, "after")  # takes the tick the rolled-back write had taken
    same(cached, truth, user)


def test_a_small_cache_evicts_users_and_stays_right(path):
    store, truth = SQLiteStore(path, cache_memories=10), SQLiteStore(path, cache_memories=0)
    store.migrate()
    try:
        users = [store.ensure_user("t", f"u{i}", NOW) for i in range(4)]
        for u in users:
            for i in range(6):
                add(store, u, f"memory {u}.{i}")
        embed(store)
        for _ in range(3):
            for u in users:
                same(store, truth, u)
        assert len(store._read_cache._views) <= 2
    finally:
        store.close()
        truth.close()


def test_a_store_migrated_with_memories_already_in_it(path):
    old = SQLiteStore(path, cache_memories=0)
    old.migrate(stop_before=6)
    user = old.ensure_user("t", "u", NOW)
    ids = []
    with old.transaction() as conn:  # rows as the schema of version 5 holds them
        for i in range(3):
            ids.append(
                conn.execute(
                    "INSERT INTO memories (user_id, kind, scope, text, created_at, updated_at, "
                    "content_hash) VALUES (?, 'fact', 'global', ?, ?, ?, ?)",
                    (user, f"memory {i}", NOW.isoformat(), NOW.isoformat(), content_hash(f"memory {i}")),
                ).lastrowid
            )
        rng = np.random.default_rng(0)  # and their vectors, as the code of version 5 wrote them
        for mid, i in zip(ids, range(3)):
            conn.execute(
                "INSERT INTO vectors (memory_id, embedder, content_hash, dim, vector) VALUES (?, ?, ?, ?, ?)",
                (mid, E, content_hash(f"memory {i}"), DIM, rng.standard_normal(DIM).astype(np.float32).tobytes()),
            )
    old.close()
    cached, truth = SQLiteStore(path), SQLiteStore(path, cache_memories=0)
    try:
        assert cached.migrate()[:2] == [6, 7]  # later migrations (0013 api_keys…) follow
        same(cached, truth, user)
        cached.replace_wording(ids[0], "changed after the migration", 1.0, None, NOW, NOW)
        embed(cached)
        same(cached, truth, user)
    finally:
        cached.close()
        truth.close()


def test_vector_scores_match_the_plain_product_bit_for_bit(stores):
    cached, truth, _ = stores
    user = cached.ensure_user("t", "u", NOW)
    rng = np.random.default_rng(3)
    texts = [f"memory {i}" for i in range(300)]
    ids = [add(cached, user, t) for t in texts]
    vectors = rng.standard_normal((300, 512)).astype(np.float32)
    cached.put_vectors(E, [(i, content_hash(t), v) for i, t, v in zip(ids, texts, vectors)])
    for i in ids[::7]:
        cached.delete_memory(i, NOW)  # free slots in the cached matrix
    query = rng.standard_normal(512).astype(np.float32)
    got_ids, got = cached.vector_scores(user, E, query)
    want_ids, matrix = truth.vectors(user, E)
    assert got_ids.tolist() == want_ids
    assert got.tobytes() == dot_rows(matrix, query).tobytes()


def test_a_matrix_read_in_several_chunks_is_whole(stores):
    cached, truth, _ = stores
    user = cached.ensure_user("t", "u", NOW)
    with cached.transaction():
        for i in range(12_001):  # more than two of the cache's 5,000-vector reads
            add(cached, user, f"memory {i}")
    embed(cached)
    same(cached, truth, user)
    assert len(cached.vector_scores(user, E, np.ones(DIM, np.float32))[0]) == 12_001


def test_users_without_memories_are_bounded_too(stores):
    cached, truth, _ = stores
    cache = ReadCache(max_users=3)
    users = [cached.ensure_user("t", f"empty {i}", NOW) for i in range(6)]
    for u in users:
        assert list(cache.candidates(cached, u, None)) == []
    assert len(cache._views) == 3
    add(cached, users[0], "now one memory")
    assert [m.text for m in cache.candidates(cached, users[0], None)] == ["now one memory"]


def test_a_vector_rewritten_between_the_two_reads_keeps_one_slot():
    """The refresh reads the changed memories, then their vectors: a vector the indexer
    rewrote in between comes back for a memory that is not in the changed list. It must
    overwrite that memory's slot (before: a second slot, then every read raised "a memory id
    is scored twice" for that user)."""
    from souvenir.store.readcache import _Block

    one = np.ones(4, np.float32).tobytes()
    block = _Block([1, 2], [one, one])
    assert block.update([], [(2, (2 * np.ones(4, np.float32)).tobytes())])
    ids, sims = block.scores(np.ones(4, np.float32))
    assert ids.tolist() == [1, 2] and sims.tolist() == [4.0, 8.0]
