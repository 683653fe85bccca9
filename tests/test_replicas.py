"""Several replicas on one store: outbox claims (each job once, in order per user), the
indexer's claims (each memory embedded once, a dead claimer's batch taken over), several
reflection workers per replica, abandoned jobs, and two worker processes against one
PostgreSQL database with the stand-in chat model on loopback. The PostgreSQL tests run
directly and through PgBouncer in transaction pooling mode (``pgbouncer_url``)."""

from __future__ import annotations

import json
import multiprocessing
import re
import threading
from collections import Counter, defaultdict
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from souvenir.embedding.http import OpenAIEmbedder
from souvenir.engine.core import Engine
from souvenir.ground.errors import StaleJobError
from souvenir.index.vectors import VectorIndex
from souvenir.llm import OpenAIChatClient
from souvenir.store import open_store
from souvenir.engine.worker import ReflectionWorker
from souvenir.llm.gate import UpstreamGate
from tests.replica import SHARED_USER, VARIANTS, run_replica, run_stuck_indexer, run_stuck_worker
from tests.servers import ChatServer, EmbeddingServer

NOW = datetime(2025, 6, 2, 12, 0, tzinfo=timezone.utc)


@pytest.fixture(params=["sqlite", "postgres", "pgbouncer"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'r.db'}"
    else:
        yield request.getfixturevalue("pg_url" if request.param == "postgres" else "pgbouncer_url")


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


@pytest.fixture(params=["postgres", "pgbouncer"])
def shared_url(request):
    """A fresh PostgreSQL database, directly and through PgBouncer (transaction pooling)."""
    yield request.getfixturevalue("pg_url" if request.param == "postgres" else "pgbouncer_url")


def _memories(store, n: int, user: str = "i") -> int:
    uid = store.ensure_user("cli", user, NOW)
    for i in range(n):
        store.insert_memory(uid, f"memory number {i}", "fact", "global", None, 1.0, False, None, NOW)
    return uid


def test_indexer_claims_are_disjoint_and_a_dead_claimers_batch_is_taken_over(store_url):
    a, b = _stores(store_url, 2)
    try:
        _memories(a, 10)
        first = a.claim_stale_vectors("e", 4, 60.0, NOW)
        second = b.claim_stale_vectors("e", 4, 60.0, NOW)
        other = b.claim_stale_vectors("other", 4, 60.0, NOW)  # claims are per embedder
        ids = lambda claim: [mid for mid, _, _ in claim.rows]  # noqa: E731
        assert len(ids(first)) == 4 and len(ids(second)) == 4 and not set(ids(first)) & set(ids(second))
        assert ids(other) == ids(first)
        assert b.release_vector_claims("e", second.token) == 4  # a failed batch goes back at once
        assert ids(b.claim_stale_vectors("e", 10, 600.0, NOW)) == sorted(set(range(1, 11)) - set(ids(first)))
        # a dies holding its claim: nobody takes it until its lease expires, then b does.
        assert b.claim_stale_vectors("e", 10, 60.0, NOW + timedelta(seconds=59)).rows == []
        late = b.claim_stale_vectors("e", 10, 60.0, NOW + timedelta(seconds=61))
        assert ids(late) == ids(first) and late.taken_over == 4
        vector = np.ones(4, dtype=np.float32)
        assert a.put_claimed_vectors("e", first.token, [(m, h, vector) for m, h, _ in first.rows]).lost == 4  # lost
        assert a.vectors(1, "e")[0] == []  # the dead claimer wrote nothing
        assert b.put_claimed_vectors("e", late.token, [(m, h, vector) for m, h, _ in late.rows]).unwritten == 0
        assert a.vectors(1, "e")[0] == ids(first)
        assert a._query("SELECT COUNT(*) FROM vector_claims WHERE embedder = 'e'")[0][0] == 6  # b's other batch
    finally:
        a.close()
        b.close()


def test_a_claim_that_lost_its_rows_to_a_concurrent_claim_tries_again(shared_url):
    a, b = _stores(shared_url, 2)
    try:
        _memories(a, 6)
        raced = []

        def race(rows):  # between a's SELECT and its INSERT, b's claim of the same rows commits
            if not raced:
                raced.append([mid for mid, _, _ in rows])
                with b.transaction() as conn:
                    for mid, _, _ in rows:
                        conn.execute(
                            "INSERT INTO vector_claims (memory_id, embedder, token, expires_at) "
                            "VALUES (?, 'e', 'b', '9999-01-01T00:00:00.000000+00:00')",
                            (mid,),
                        )
            return rows

        claim = a.claim_stale_vectors("e", 3, 60.0, NOW, prepare=race)
        assert raced == [[1, 2, 3]]
        assert [mid for mid, _, _ in claim.rows] == [4, 5, 6]  # not an empty pass
    finally:
        a.close()
        b.close()


def test_two_indexers_embed_each_memory_exactly_once(store_url):
    a, b = _stores(store_url, 2)
    uid = _memories(a, 24)
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
            assert sum(done) == 24 and min(done) > 0  # both embedded, side by side
            assert Counter(server.texts) == {f"memory number {i}": 1 for i in range(24)}  # none twice
            assert len(a.vectors(uid, indexes[0].name)[0]) == 24
            assert not any(i.claims_taken_over or i.claims_lost for i in indexes)
            assert a._query("SELECT COUNT(*) FROM vector_claims")[0][0] == 0  # every claim ended
            assert a._query("SELECT COUNT(*) FROM vector_queue")[0][0] == 0  # and left the queue
        finally:
            for index in indexes:
                index.stop()
            a.close()
            b.close()


def test_a_stalled_indexers_batch_is_embedded_once_by_another_and_counted(shared_url):
    a, b = _stores(shared_url, 2)
    uid = _memories(a, 6)
    with EmbeddingServer() as server:
        slow = VectorIndex(a, OpenAIEmbedder(server.url, "m"), batch=3, lease_s=0.3)
        fast = VectorIndex(b, OpenAIEmbedder(server.url, "m"), batch=3, lease_s=60.0)
        server.batch_sleep_s = 1.0  # a's batch outlives its 0.3 s lease
        stalled = threading.Thread(target=slow.run_once, kwargs={"max_batches": 1})
        stalled.start()
        while server.batches_started == 0:
            threading.Event().wait(0.01)
        threading.Event().wait(0.4)  # a's lease has expired, its model call still runs
        server.batch_sleep_s = 0.0
        try:
            assert fast.run_once() == 6 and fast.claims_taken_over == 3
            stalled.join(30)
            assert slow.claims_lost == 3  # a's late vectors were not written
            assert len(a.vectors(uid, fast.name)[0]) == 6
        finally:
            slow.stop()
            fast.stop()
            a.close()
            b.close()


def test_reflection_workers_run_users_side_by_side_and_each_users_jobs_in_order(store_url):
    with ChatServer() as server:
        server.reflection_mode, server.delay_s = "slow", 0.1
        store = open_store(store_url)
        engine = _engine(store, server.url)
        users = [f"u{i}" for i in range(4)]
        for turn in range(3):
            for user in users:
                engine.record_turn("api", user, f"About ticket {user}-{turn}: noted.", "Sure.")
        engine.chat.gate = UpstreamGate("side-by-side", capacity=3)  # a server taking 3 at once
        inflight: set[str] = set()
        peak, overlaps, guard = [0], [], threading.Lock()
        complete = engine.chat.ask

        def tracked(messages, **kwargs):  # one user's calls never overlap; others' do
            user = _TICKET.search(json.dumps(messages)).group(1)
            with guard:
                if user in inflight:
                    overlaps.append(user)
                inflight.add(user)
                peak[0] = max(peak[0], len(inflight))
            try:
                return complete(messages, **kwargs)
            finally:
                with guard:
                    inflight.discard(user)

        engine.chat.ask = tracked
        worker = ReflectionWorker(engine, workers=3, idle_s=0.05)
        worker.start()
        try:
            for _ in range(600):
                if store.outbox_counts() == {"done": 12}:
                    break
                threading.Event().wait(0.05)
            assert store.outbox_counts() == {"done": 12} and worker.snapshot()["ok"] == 12
            assert overlaps == [] and peak[0] >= 2
            asked = [
                ticket
                for body in server.requests
                if "response_format" in body
                for ticket in _TICKET.findall(json.dumps(body["messages"]))
            ]
            assert Counter(asked) == {(u, str(t)): 1 for u in users for t in range(3)}
            for user in users:
                assert [int(t) for u, t in asked if u == user] == [0, 1, 2]
        finally:
            worker.stop()
            engine.close()
            store.close()


def _engine(store, chat_url: str) -> Engine:
    return Engine(store, None, chat=OpenAIChatClient(chat_url, "stub", timeout_s=10), summary_enabled=False)


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


def test_a_job_taken_back_from_a_slow_replica_is_applied_once(shared_url):
    with ChatServer(
        reflection_answer=json.dumps(
            {"memories": [{"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}]}
        )
    ) as server:
        a, b = (_engine(s, server.url) for s in _stores(shared_url, 2))
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


def test_two_worker_processes_reflect_each_exchange_once_and_lose_no_update(shared_url):
    fact = json.dumps(
        {
            "memories": [{"text": VARIANTS[0], "kind": "preference", "scope": "global", "confidence": 0.9}],
            "state": {"trust": 0.1},
        }
    )
    with ChatServer(reflection_answer=fact) as server:
        server.reflection_mode, server.delay_s = "slow", 0.03  # the model thinks a little
        store = open_store(shared_url)
        parent = _engine(store, server.url)
        users = [f"u{i}" for i in range(USERS)] + [SHARED_USER]
        for turn in range(TURNS):
            for user in users:
                parent.record_turn(
                    "api",
                    user,
                    f"About ticket {user}-{turn}: please deliver to my office in Cyberjaya from now on.",
                    "Sure.",
                )
        ctx = multiprocessing.get_context("spawn")
        ready, results, go = ctx.Queue(), ctx.Queue(), ctx.Event()
        procs = [
            ctx.Process(target=run_replica, args=(shared_url, server.url, f"r{i}", WRITES, ready, go, results))
            for i in range(2)
        ]
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
            asked = [
                ticket
                for body in server.requests
                if "response_format" in body
                for ticket in _TICKET.findall(json.dumps(body["messages"]))
            ]
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


# -- crashes: a replica killed mid-job ------------------------------------------------------
def test_a_worker_killed_mid_job_loses_no_exchange_and_applies_none_twice(shared_url):
    answer = json.dumps({"memories": [], "state": {"trust": 0.1}})
    with ChatServer(reflection_answer=answer) as server:
        server.reflection_mode, server.delay_s = "slow", 60.0  # the doomed replica's call stalls
        store = open_store(shared_url)
        parent = _engine(store, server.url)
        users = ["k0", "k1", "k2"]
        for turn in range(2):
            for user in users:
                parent.record_turn("api", user, f"About ticket {user}-{turn}: noted.", "Sure.")
        ctx = multiprocessing.get_context("spawn")
        ready = ctx.Queue()
        doomed = ctx.Process(target=run_stuck_worker, args=(shared_url, server.url, ready))
        try:
            doomed.start()
            ready.get(timeout=120)
            for _ in range(600):  # until its model call is in flight
                if store.outbox_counts().get("running"):
                    break
                threading.Event().wait(0.05)
            doomed.kill()  # SIGKILL: its job stays `running`, its connection drops
            doomed.join(30)
            assert store.outbox_counts().get("running") == 1
            server.reflection_mode = "ok"
            threading.Event().wait(1.2)  # claimed in an earlier second than the sweep's cut-off
            survivor = ReflectionWorker(parent, stale_after_s=0)
            assert survivor.requeue_abandoned() == 1
            assert survivor.drain(60)
            assert store.outbox_counts() == {"done": 6}
            assert survivor.snapshot()["ok"] == 6 and not survivor.snapshot().get("stale")
            for user in users:  # two +0.1 each: none lost, the killed one not applied twice
                assert store.kv_get(store.find_user("api", user), "state:trust") == "0.200"
        finally:
            if doomed.is_alive():
                doomed.kill()
            parent.close()
            store.close()


def test_an_indexer_killed_mid_batch_has_its_batch_taken_over_and_written_once(shared_url):
    store = open_store(shared_url)
    uid = _memories(store, 9)
    with EmbeddingServer() as server:
        server.batch_sleep_s = 60.0  # the doomed replica's batch stalls
        ctx = multiprocessing.get_context("spawn")
        ready = ctx.Queue()
        doomed = ctx.Process(target=run_stuck_indexer, args=(shared_url, server.url, 1.0, 3, ready))
        survivor = VectorIndex(store, OpenAIEmbedder(server.url, "m"), batch=3, lease_s=60.0)
        try:
            doomed.start()
            ready.get(timeout=120)
            for _ in range(600):
                if server.batches_started:
                    break
                threading.Event().wait(0.05)
            doomed.kill()
            doomed.join(30)
            server.batch_sleep_s = 0.0
            assert survivor.run_once() == 6 and survivor.claims_taken_over == 0  # its lease holds
            assert store._query("SELECT COUNT(*) FROM vector_queue")[0][0] == 3  # the dead batch: queued
            threading.Event().wait(1.1)  # the dead replica's lease (1 s) expires
            assert survivor.run_once() == 3 and survivor.claims_taken_over == 3
            ids, _ = store.vectors(uid, survivor.name)
            assert len(ids) == 9 and survivor.claims_lost == 0
            assert store._query("SELECT COUNT(*) FROM vector_claims")[0][0] == 0
            assert store._query("SELECT COUNT(*) FROM vector_queue")[0][0] == 0
            # the survivor asked for each text once; only the dead batch was asked twice
            assert sorted(Counter(server.texts).values()) == [1] * 6 + [2] * 3
        finally:
            if doomed.is_alive():
                doomed.kill()
            survivor.stop()
            store.close()
