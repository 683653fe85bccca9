"""Several replicas on one store: outbox claims (each job once, in order per user), the
indexer lease, abandoned jobs, and two worker processes against one PostgreSQL database
with the stand-in chat model on loopback."""

from __future__ import annotations

import json
import multiprocessing
import re
import threading
from collections import Counter, defaultdict
from datetime import datetime, timedelta, timezone

import pytest

from souvenir.embedding.http import OpenAIEmbedder
from souvenir.engine import Engine
from souvenir.errors import StaleJobError
from souvenir.index import VectorIndex
from souvenir.llm import OpenAIChatClient
from souvenir.store import open_store
from souvenir.worker import ReflectionWorker
from tests.replica import SHARED_USER, VARIANTS, run_replica
from tests.servers import ChatServer, EmbeddingServer

NOW = datetime(2025, 6, 2, 12, 0, tzinfo=timezone.utc)


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'r.db'}"
    else:
        yield request.getfixturevalue("pg_url")


def _stores(url: str, n: int) -> list:
    return [open_store(url) for _ in range(n)]


def test_replicas_claim_each_job_once_and_in_user_order(store_url):
    stores = _stores(store_url, 3)  # one store each: its own connections, as a replica has
    setup = stores[0]
    for u in range(8):
        uid = setup.ensure_user("cli", f"u{u}", NOW)
        for t in range(5):
            setup.enqueue(uid, setup.add_turn(uid, None, f"m{t}", None, NOW), "reflection", NOW)
    claimed: list[tuple[int, int]] = []
    running: dict[int, int] = {}
    overlaps: list[tuple[int, int, int]] = []
    guard = threading.Lock()

    def replica(store) -> None:
        while True:
            job = store.claim(NOW)
            if job is None:
                counts = store.outbox_counts()
                if not counts.get("pending") and not counts.get("running"):
                    return
                continue
            with guard:
                if job["user_id"] in running:
                    overlaps.append((job["user_id"], running[job["user_id"]], job["id"]))
                running[job["user_id"]] = job["id"]
                claimed.append((job["user_id"], job["id"]))
            threading.Event().wait(0.003)  # the model call
            with guard:
                del running[job["user_id"]]
            assert store.finish(job["id"], NOW, attempts=job["attempts"])

    threads = [threading.Thread(target=replica, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    try:
        ids = [j for _, j in claimed]
        assert len(ids) == 40 and len(set(ids)) == 40  # every job once
        assert overlaps == []  # never two jobs of one user at once
        by_user = defaultdict(list)
        for uid, jid in claimed:
            by_user[uid].append(jid)
        assert all(jids == sorted(jids) for jids in by_user.values())
        assert setup.outbox_counts() == {"done": 40}
    finally:
        for store in stores:
            store.close()


def test_the_indexer_lease_is_held_by_one_replica_at_a_time(pg_url):
    a, b = _stores(pg_url, 2)
    try:
        with a.indexer_lease("e") as held_a:
            with b.indexer_lease("e") as held_b, b.indexer_lease("other") as held_other:
                assert held_a and not held_b and held_other  # one lease per embedder
        with b.indexer_lease("e") as held_b:
            assert held_b  # released when the pass ends
    finally:
        a.close()
        b.close()


def test_sqlite_grants_the_indexer_lease(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'l.db'}")
    with store.indexer_lease("e") as first, store.indexer_lease("e") as second:
        assert first and second  # one process indexes a file
    store.close()


def test_two_indexers_embed_each_row_once(pg_url):
    a, b = _stores(pg_url, 2)
    uid = a.ensure_user("cli", "i", NOW)
    for i in range(12):
        a.insert_memory(uid, f"memory number {i}", "fact", "global", None, 1.0, False, None, NOW)
    with EmbeddingServer() as server:
        server.batch_sleep_s = 0.2  # a slow batch: the two passes overlap
        indexes = [VectorIndex(s, OpenAIEmbedder(server.url, "m"), batch=3) for s in (a, b)]
        start = threading.Barrier(2)
        done = [0, 0]

        def run(i: int) -> None:
            start.wait(10)
            done[i] = indexes[i].run_once()

        threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        try:
            assert sorted(done) == [0, 12]  # without the lease both embed the first batches
            assert len(a.vectors(uid, indexes[0].name)[0]) == 12
        finally:
            for index in indexes:
                index.stop()
            a.close()
            b.close()


def _engine(store, chat_url: str) -> Engine:
    return Engine(store, None, chat=OpenAIChatClient(chat_url, "stub", timeout_s=10),
                  summary_enabled=False)


def test_a_starting_replica_leaves_a_live_replicas_job_alone(store_url):
    with ChatServer() as server:
        a, b = (_engine(s, server.url) for s in _stores(store_url, 2))
        try:
            a.record_turn("api", "u", "I live in Ipoh", "Nice!")
            job = a.store.claim(datetime.now(timezone.utc))
            requeued = ReflectionWorker(b).requeue_abandoned()  # what b's start() does first
            if a.store.shared_by_replicas:
                assert requeued == 0  # claimed just now: its replica is alive
                a.run_reflection(job)
                assert a.store.outbox_counts() == {"done": 1}
            else:
                assert requeued == 1  # one process per SQLite file: it was our own crash
        finally:
            for engine in (a, b):
                engine.close()
                engine.store.close()


def test_a_job_taken_back_from_a_slow_replica_is_applied_once(pg_url):
    with ChatServer(reflection_answer=json.dumps({"memories": [
            {"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}]})) as server:
        a, b = (_engine(s, server.url) for s in _stores(pg_url, 2))
        try:
            claimed_at = datetime.now(timezone.utc) - timedelta(seconds=10)
            a.record_turn("api", "u", "I live in Ipoh", "Nice!", now=claimed_at)
            slow = a.store.claim(claimed_at)
            later = datetime.now(timezone.utc) + timedelta(seconds=1)
            assert ReflectionWorker(b, stale_after_s=0).requeue_abandoned() == 1
            worker_b = ReflectionWorker(b)
            assert worker_b.run_once() and worker_b.counts["ok"] == 1
            with pytest.raises(StaleJobError):
                a.run_reflection(slow, later)
            assert a.store.outbox_counts() == {"done": 1}
            uid = a.store.find_user("api", "u")
            assert [m.text for m in a.store.memories(uid)] == ["Lives in Ipoh"]
            assert a.store.history(a.store.memories(uid)[0].id) == []  # written once
        finally:
            for engine in (a, b):
                engine.close()
                engine.store.close()


# -- two worker processes -----------------------------------------------------------------
USERS = 6
TURNS = 5
WRITES = 12  # direct writes per process into the shared user
_TICKET = re.compile(r"ticket (u\d+|shared)-(\d+)")


def test_two_worker_processes_reflect_each_exchange_once_and_lose_no_update(pg_url):
    fact = json.dumps({"memories": [{"text": VARIANTS[0], "kind": "preference", "scope": "global",
                                     "confidence": 0.9}], "state": {"trust": 0.1}})
    with ChatServer(reflection_answer=fact) as server:
        server.reflection_mode, server.delay_s = "slow", 0.03  # the model thinks a little
        store = open_store(pg_url)
        parent = _engine(store, server.url)
        users = [f"u{i}" for i in range(USERS)] + [SHARED_USER]
        for turn in range(TURNS):
            for user in users:
                parent.record_turn("api", user, f"About ticket {user}-{turn}: please deliver to my "
                                   "office in Cyberjaya from now on.", "Sure.")
        ctx = multiprocessing.get_context("spawn")
        ready, results, go = ctx.Queue(), ctx.Queue(), ctx.Event()
        procs = [ctx.Process(target=run_replica, args=(pg_url, server.url, f"r{i}", WRITES, ready, go, results))
                 for i in range(2)]
        try:
            for proc in procs:
                proc.start()
            for _ in procs:
                ready.get(timeout=120)
            go.set()
            reports = dict(results.get(timeout=180) for _ in procs)
            for proc in procs:
                proc.join(30)
                assert proc.exitcode == 0
            jobs = len(users) * TURNS
            # Each exchange reflected exactly once, none lost, in order per user.
            asked = [ticket for body in server.requests if "response_format" in body
                     for ticket in _TICKET.findall(json.dumps(body["messages"]))]
            assert Counter(asked) == {(u, str(t)): 1 for u in users for t in range(TURNS)}
            for user in users:
                assert [int(t) for u, t in asked if u == user] == list(range(TURNS))
            assert store.outbox_counts() == {"done": jobs}
            assert sum(r.get("ok", 0) for r in reports.values()) == jobs
            assert all(r.get("ok", 0) > 0 for r in reports.values())  # both replicas worked
            assert not any(r.get("stale") or r.get("failed") for r in reports.values())
            for user in users:
                uid = store.find_user("api", user)
                assert store.kv_get(uid, "state:trust") == "0.500"  # five +0.1, none lost
                (memory,) = store.memories(uid)  # one memory, no duplicate from a race
                writes = TURNS + (2 * WRITES if user == SHARED_USER else 0)
                assert len(store.history(memory.id)) == writes - 1  # every merge kept
                expected = {f"turn:{t}" for t in _turn_ids(store, uid)}
                if user == SHARED_USER:
                    expected |= {f"r{p}:{i}" for p in range(2) for i in range(WRITES)}
                assert store.sources(uid)[memory.id] == expected
        finally:
            for proc in procs:
                if proc.is_alive():
                    proc.kill()
            parent.close()
            store.close()


def _turn_ids(store, uid: int) -> list[int]:
    return [row["id"] for row in store.export_user(uid)["turns"]]
