"""The read cache on PostgreSQL: a replica never serves what the database no longer says.

Two cached store objects on one real database stand for two replicas; a third without a
cache is the truth. A write through one replica (insert, rewording, pin, supersede, forget,
vector write and rewrite, vectors cleared, plain SQL, a user deleted) is seen by the next
read through the other.
"""

from __future__ import annotations

import random
from datetime import timedelta

import numpy as np
import pytest

from souvenir.store.postgres import PostgresStore
from tests.test_readcache import DIM, E, NOW, add, embed, same


@pytest.fixture
def replicas(pg_url):
    one = PostgresStore(pg_url, pool_size=3)
    one.migrate()
    two, truth = PostgresStore(pg_url, pool_size=3), PostgresStore(pg_url, pool_size=3, cache_memories=0)
    yield one, two, truth
    for store in (one, two, truth):
        store.close()


def test_each_write_through_one_replica_is_read_by_the_other(replicas):
    one, two, truth = replicas
    user = one.ensure_user("t", "u", NOW)
    ids = [add(one, user, f"memory {i}") for i in range(6)]
    embed(one)
    query = np.arange(1, DIM + 1, dtype=np.float32)
    same(two, truth, user)  # two reads it whole, then each change below row by row
    writes = [
        lambda: add(one, user, "a new memory"),
        lambda: one.replace_wording(ids[0], "reworded", 1.0, None, NOW, NOW),
        lambda: one.set_pinned(ids[1], True),
        lambda: one.supersede(ids[2], ids[3], NOW),
        lambda: one.delete_memory(ids[4], NOW),
        lambda: embed(one),
        lambda: one.put_vectors(E, [(ids[5], one.get_memory(ids[5]).content_hash, -query)]),
        lambda: one.drop_neighbour_vectors(ids[5], E) or one.clear_vectors(E),
    ]
    for write in writes:
        before = dict(two._read_cache.counts)
        write()
        same(two, truth, user)
        same(one, truth, user)
        after = two._read_cache.counts  # it read the change, not served its copy
        assert after["refresh"] + after["reload"] > before["refresh"] + before["reload"]
    texts = {m.id: m.text for m in two.candidates(user, None)}
    assert texts[ids[0]] == "reworded" and ids[2] not in texts and ids[4] not in texts
    assert two.vector_scores(user, E, query)[0].size == 0
    assert two._read_cache.counts["refresh"] >= len(writes)


def test_a_turns_bookkeeping_does_not_invalidate_and_an_unchanged_user_is_a_hit(replicas):
    one, two, truth = replicas
    user = one.ensure_user("t", "u", NOW)
    ids = [add(one, user, f"memory {i}") for i in range(5)]
    embed(one)
    same(two, truth, user)
    before = dict(two._read_cache.counts)
    one.bump_counters(user, None, ids, ids[:2], ids[:1])
    one.record_selection(user, None, "m", NOW, [(ids[0], "global", "r", 0.5)], False, None)
    same(two, truth, user)
    counts = two._read_cache.counts
    assert counts["refresh"] == before["refresh"] and counts["reload"] == before["reload"]
    assert counts["hit"] > before["hit"]


def test_plain_sql_and_a_deleted_user_are_seen(replicas):
    one, two, truth = replicas
    user = one.ensure_user("t", "u", NOW)
    other = one.ensure_user("t", "other", NOW)
    ids = [add(one, user, f"memory {i}") for i in range(4)]
    add(one, other, "the other's")
    embed(one)
    same(two, truth, user)
    with truth.transaction() as conn:  # a hand-written change, by no Souvenir code path
        conn.execute("UPDATE memories SET text = 'edited by hand' WHERE id = ?", (ids[0],))
        conn.execute("DELETE FROM memories WHERE id = ?", (ids[1],))
        conn.execute("DELETE FROM vectors WHERE memory_id = ?", (ids[2],))
    same(two, truth, user)
    texts = {m.id: m.text for m in two.candidates(user, None)}
    assert texts[ids[0]] == "edited by hand" and ids[1] not in texts
    one.delete_user(user)
    assert list(two.candidates(user, None)) == []
    same(two, truth, other)


def test_random_writes_from_two_replicas_never_leave_either_stale(replicas):
    one, two, truth = replicas
    rnd = random.Random(11)
    users = [one.ensure_user("t", f"u{i}", NOW) for i in range(2)]
    story = one.ensure_story(users[0], "s", NOW)
    for i in range(20):
        add(one, rnd.choice(users), f"memory {i}", story if i % 5 == 0 else None)
    embed(one)
    for step in range(60):
        writer = rnd.choice([one, two])
        user = rnd.choice(users)
        ids = [m.id for m in truth.memories(user, "active")]
        op = rnd.randrange(7)
        if op == 0 or not ids:
            add(
                writer,
                user,
                f"new {step}",
                story if user == users[0] and rnd.random() < 0.3 else None,
                NOW + timedelta(minutes=step),
            )
        elif op == 1:
            writer.replace_wording(rnd.choice(ids), f"reworded {step}", 1.0, None, NOW, NOW)
        elif op == 2 and len(ids) > 1:
            old, new = rnd.sample(ids, 2)
            writer.supersede(old, new, NOW)
        elif op == 3:
            writer.delete_memory(rnd.choice(ids), NOW)
        elif op == 4:
            writer.bump_counters(user, None, ids, ids[:3], ids[:1])
        else:
            embed(writer, rnd.sample(ids, min(3, len(ids))), seed=step)
        for u in users:
            for reader in (one, two):
                same(reader, truth, u, story if u == users[0] else None)


def test_metrics_count_this_replicas_cache_reads(pg_url):
    """GET /metrics: souvenir_read_cache_total{event}, a write by another replica read as a
    refresh (real HTTP on loopback, two runtimes on one database)."""
    import httpx

    from souvenir.api.app import create_app
    from souvenir.ground.config import Settings
    from souvenir.engine.runtime import open_runtime
    from souvenir.ground.types import Candidate
    from tests.servers import UvicornThread

    settings = Settings(database_url=pg_url, embedder="none", window_embedder="none", _env_file=None)
    rt, other = open_runtime(settings), open_runtime(settings)
    try:
        with UvicornThread(create_app(settings, runtime=rt)) as server, httpx.Client(base_url=server.url) as c:
            assert 'souvenir_read_cache_total{event="refresh"} 0.0' in c.get("/metrics").text
            r = c.post("/v1/users/api/u1/memories", json={"text": "Lives in Ipoh", "date": "2025-02-01"})
            assert r.status_code == 200, r.text

            def context() -> list[str]:
                r = c.post("/v1/context", json={"channel": "api", "user": "u1", "message": "where?"})
                assert r.status_code == 200, r.text
                return [m["text"] for m in r.json()["memories"]]

            assert context() == ["Lives in Ipoh"] and context() == ["Lives in Ipoh"]
            other.engine.remember(
                "api", "u1", Candidate(text="Works at the port", kind="fact", scope="global", confidence=1.0)
            )
            assert "Works at the port" in context()
            metrics = c.get("/metrics").text
            for event in ("hit", "refresh", "reload"):
                line = next(
                    x for x in metrics.splitlines() if x.startswith(f'souvenir_read_cache_total{{event="{event}"}}')
                )
                assert float(line.split()[-1]) >= 1, line
    finally:
        rt.close()
        other.close()


def test_one_transaction_takes_one_tick_per_user(replicas):
    """A bulk write ticks the user once (not once a row: quadratic in PostgreSQL), and the
    other replica still reads all of it."""
    one, two, truth = replicas
    user = one.ensure_user("t", "u", NOW)
    add(one, user, "before")
    same(two, truth, user)
    tick = lambda: one._query("SELECT read_tick FROM read_ticks WHERE user_id = ?", (user,))[0][0]  # noqa: E731
    before = tick()
    with one.transaction():
        ids = [add(one, user, f"bulk {i}") for i in range(50)]
        embed(one)
        one.delete_memory(ids[0], NOW)
    assert tick() == before + 1
    assert {
        t
        for (t,) in one._query(
            "SELECT tick FROM memory_ticks WHERE memory_id IN (" + ",".join("?" * len(ids)) + ")", ids
        )
    } == {before + 1}
    same(two, truth, user)
    assert len(list(two.candidates(user, None))) == 50


def test_a_transaction_going_back_and_forth_between_users_is_read_whole(replicas):
    """Writes to A, then B, then A again in one transaction: A's later rows take a later
    tick, and the other replica reads both users whole."""
    one, two, truth = replicas
    a, b = one.ensure_user("t", "a", NOW), one.ensure_user("t", "b", NOW)
    add(one, a, "a before"), add(one, b, "b before")
    same(two, truth, a), same(two, truth, b)
    with one.transaction():
        for i in range(3):
            add(one, a, f"a {i}")
            add(one, b, f"b {i}")
        embed(one)
    same(two, truth, a), same(two, truth, b)
    assert len(list(two.candidates(a, None))) == len(list(two.candidates(b, None))) == 4


def test_a_pooled_connection_writing_for_many_users_defines_one_setting(replicas):
    """The tick is kept under one fixed setting name: a name per user would stay defined in
    the backend for its life, and each new one makes the next write slower."""
    one, _two, _truth = replicas
    users = [one.ensure_user("t", f"u{i}", NOW) for i in range(20)]
    with one.transaction():  # one backend, as a pooled connection lent to many users
        for user in users:
            add(one, user, "one memory")
        per_user = one._query("SELECT count(current_setting('souvenir.read_tick_' || id, true)) FROM users")[0][0]
        held = one._query("SELECT current_setting('souvenir.read_tick', true)")[0][0]
    assert per_user == 0
    assert held.split(":")[0] == str(users[-1])


def test_a_turn_reads_the_users_tick_once_and_the_next_turn_reads_what_changed(replicas):
    one, two, _ = replicas
    user = one.ensure_user("t", "u", NOW)
    ids = [add(one, user, f"memory {i}") for i in range(4)]
    embed(one)
    query = np.arange(1, DIM + 1, dtype=np.float32)
    cache = two._read_cache
    before = cache.tick_reads
    with two.read_turn():  # what a context reads: candidates, then each embedder's scores
        assert [m.id for m in two.candidates(user, None)] == ids
        assert two.vector_scores(user, E, query)[0].tolist() == ids
        late = add(one, user, "written during the turn")
        assert two.vector_scores(user, E, query, np.asarray(ids[:2]))[0].tolist() == ids[:2]
        assert late not in {m.id for m in two.candidates(user, None)}  # the turn's own tick
    assert cache.tick_reads == before + 1  # one round trip for the tick, not four
    with two.read_turn():
        assert late in {m.id for m in two.candidates(user, None)}  # the next turn reads it
    two.candidates(user, None), two.candidates(user, None)  # outside a turn: a tick each
    assert cache.tick_reads == before + 4


def test_a_context_on_postgres_reads_the_tick_once(pg_url):
    from souvenir.ground.config import Settings
    from souvenir.engine.runtime import open_runtime
    from tests.servers import EmbeddingServer

    with EmbeddingServer() as server:
        rt = open_runtime(
            Settings(
                database_url=pg_url,
                embedder="openai",
                embedder_url=server.url,
                embedder_model="stand-in",
                window_embedder="none",
                llm_base_url="",
                _env_file=None,
            )
        )
        try:
            for text in ("My cat is called Kopi", "I live in Penang", "Mon frère s'appelle Luc"):
                rt.engine.record_turn("api", "u", text)
            rt.index.run_once()
            cache = rt.store._read_cache
            rt.engine.context("api", "u", "what is my cat called?")  # fills the cache
            before = cache.tick_reads
            result = rt.engine.context("api", "u", "where do I live?")
            assert result.memories and not result.degraded
            assert cache.tick_reads == before + 1  # candidates and the scores: one tick
        finally:
            rt.close()


def test_the_user_the_story_and_the_tick_come_in_one_read(replicas):
    one, two, _ = replicas
    user = one.ensure_user("t", "u", NOW)
    story = one.ensure_story(user, "trip", NOW)
    ids = [add(one, user, f"memory {i}") for i in range(3)]
    assert two.find_user_story("t", "u", "trip") == (user, story)
    assert two.find_user_story("t", "u", "elsewhere") == (user, None)
    assert two.find_user_story("t", "u", None) == (user, None)
    assert two.find_user_story("t", "nobody", "trip") == (None, None)
    cache = two._read_cache
    before = cache.tick_reads
    with two.read_turn():
        assert two.find_user_story("t", "u", "trip") == (user, story)
        assert [m.id for m in two.candidates(user, story)] == ids  # no second tick read
    assert cache.tick_reads == before + 1
