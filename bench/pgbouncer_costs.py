"""What running without session state costs on PostgreSQL, and what the indexer's claims buy.

    .venv/bin/python -m bench.pgbouncer_costs [--rounds 5] [--memories 1200]

Three measurements on a throwaway database of the local server (127.0.0.1:5432, as the tests'
``pg_url``; PgBouncer on 127.0.0.1:6432 in transaction mode, started by ``.ci/pgbouncer``):

1. **Prepared statements** — a turn's store reads (find the user, their memories, their
   profile, their vectors; a user of 300 memories) and one small write transaction, with
   psycopg's default ``prepare_threshold=5`` against ``None`` (never prepared, what
   PgBouncer 1.18's transaction pooling needs), on a direct connection; and the same through
   PgBouncer. Median µs of each.
2. **Transaction-scoped settings** — an empty write transaction with and without
   ``set_config('lock_timeout', …, true), set_config('TimeZone', 'UTC', true)``, sent apart
   or with ``BEGIN``: median µs on a direct connection.
3. **Indexer throughput, 1 vs 2 indexers** — ``--memories`` memories embedded by one
   :class:`~souvenir.index.vectors.VectorIndex` or by two on separate stores at once, through an
   HTTP stand-in embedder whose batches take ``--batch-ms`` (a remote embedding API: the
   model's time is not on this machine's two cores). Memories embedded per second, each
   memory embedded exactly once checked.
4. **Reflection workers, 1 / 2 / 4** — 8 users x 5 exchanges drained by one replica's
   worker with that many threads, through a stand-in chat model answering in ``--model-ms``.

Prints one JSON object per measurement.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from collections import Counter
from datetime import datetime, timezone

import numpy as np
import psycopg


from souvenir.embedding.http import OpenAIEmbedder  # noqa: E402
from souvenir.index.vectors import VectorIndex  # noqa: E402
from souvenir.store.postgres import PostgresStore  # noqa: E402
from tests.pgtest import PGBOUNCER_URL, _with_db, fresh_database  # noqa: E402
from tests.servers import EmbeddingServer  # noqa: E402

NOW = datetime(2025, 6, 2, 12, 0, tzinfo=timezone.utc)


def _median_ms(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 3)


def prepared(url: str, rounds: int) -> dict:
    """Median µs of each of a turn's store reads (a user of 300 memories), per connection
    kind, interleaved so that the machine's load hits each alike."""
    setup = PostgresStore(url)
    setup.migrate()
    uid = setup.ensure_user("bench", "u", NOW)
    rng = np.random.default_rng(0)
    for i in range(300):
        mid = setup.insert_memory(
            uid, f"memory {i} about topic {i % 17}", "fact", "global", None, 1.0, False, None, NOW
        )
        setup.put_vectors(
            "e",
            [
                (
                    mid,
                    setup._query("SELECT content_hash FROM memories WHERE id = ?", (mid,))[0][0],
                    rng.random(512, dtype=np.float32),
                )
            ],
        )
    setup.close()
    bounced = _with_db(PGBOUNCER_URL, url.rsplit("/", 1)[1])
    stores = {}
    for name, target, threshold in (
        ("direct, prepare_threshold=5", url, 5),
        ("direct, prepare_threshold=None", url, None),
        ("pgbouncer, prepare_threshold=None", bounced, None),
    ):
        try:
            stores[name] = PostgresStore(target, prepare_threshold=threshold)
        except Exception as exc:  # noqa: BLE001 - PgBouncer absent: say so
            print(f"{name}: unavailable: {exc}", file=sys.stderr)
    reads = {
        "find_user": lambda st: st.find_user("bench", "u"),
        "memories (300)": lambda st: st.memories(uid),
        "kv_all": lambda st: st.kv_all(uid),
        "vectors (300 x 512)": lambda st: st.vectors(uid, "e"),
        "kv_set (a write transaction)": lambda st: st.kv_set(uid, "k", "v", NOW),
    }
    for store in stores.values():
        for read in reads.values():
            for _ in range(10):  # past the threshold: statements are prepared
                read(store)
    times = {(r, s): [] for r in reads for s in stores}  # type: dict[tuple[str, str], list[float]]
    for _ in range(rounds * 60):
        for r, read in reads.items():
            for s, store in stores.items():
                start = time.perf_counter()
                read(store)
                times[(r, s)].append((time.perf_counter() - start) * 1e6)
    for store in stores.values():
        store.close()
    return {
        "measure": "store reads, median µs",
        **{r: {s: round(statistics.median(times[(r, s)])) for s in stores} for r in reads},
    }


def settings_cost(url: str, rounds: int) -> dict:
    """Median µs of an empty write transaction: psycopg's ``BEGIN``, ``COMMIT``; the same with
    a separate ``set_config`` statement; and ``BEGIN; SELECT set_config(…)`` sent as one
    simple query (what :class:`PostgresStore` does)."""
    conn = psycopg.connect(url, autocommit=True, prepare_threshold=None)
    settings = "SELECT set_config('lock_timeout', '5000ms', true), set_config('TimeZone', 'UTC', true)"

    def plain() -> None:
        with conn.transaction():
            pass

    def separate() -> None:
        with conn.transaction():
            conn.execute(settings)

    def together() -> None:
        conn.execute("BEGIN; " + settings)
        conn.execute("COMMIT")

    variants = {
        "BEGIN; COMMIT": plain,
        "BEGIN; set_config; COMMIT (3 round trips)": separate,
        "BEGIN + set_config in one; COMMIT (2 round trips)": together,
    }
    times: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(50):
        for fn in variants.values():
            fn()
    for _ in range(rounds * 200):  # interleaved: the machine's load hits each alike
        for name, fn in variants.items():
            start = time.perf_counter()
            fn()
            times[name].append((time.perf_counter() - start) * 1e6)
    conn.close()
    return {
        "measure": "empty write transaction, median µs",
        **{name: round(statistics.median(t), 1) for name, t in times.items()},
    }


def indexers(url: str, memories: int, batch_ms: float, batch: int) -> dict:
    """Memories per second embedded by one and by two indexers (a fresh set each run)."""
    out: dict = {
        "measure": f"indexer throughput, memories/s ({memories} memories, "
        f"batches of {batch}, {batch_ms:g} ms per batch)"
    }
    for replicas in (1, 2):
        stores = [PostgresStore(url) for _ in range(replicas)]
        stores[0].migrate()
        stores[0]._query("SELECT 1")
        with stores[0].transaction() as conn:
            conn.execute("DELETE FROM vectors")
            conn.execute("DELETE FROM memories")
        uid = stores[0].ensure_user("bench", f"idx{replicas}", NOW)
        for i in range(memories):
            stores[0].insert_memory(
                uid, f"indexed memory {replicas}-{i}", "fact", "global", None, 1.0, False, None, NOW
            )
        with EmbeddingServer() as server:
            server.batch_sleep_s = batch_ms / 1000
            indexes = [VectorIndex(s, OpenAIEmbedder(server.url, "m"), batch=batch) for s in stores]
            done = [0] * replicas
            barrier = threading.Barrier(replicas)

            def run(i: int, indexes=indexes, done=done, barrier=barrier) -> None:
                barrier.wait()
                done[i] = indexes[i].run_once()

            threads = [threading.Thread(target=run, args=(i,)) for i in range(replicas)]
            start = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.perf_counter() - start
            twice = sum(1 for c in Counter(server.texts).values() if c > 1)
            for index in indexes:
                index.stop()
        out[f"{replicas} indexer{'s' if replicas > 1 else ''}"] = {
            "per_s": round(sum(done) / elapsed, 1),
            "embedded": sum(done),
            "by_each": done,
            "embedded_twice": twice,
        }
        for store in stores:
            store.close()
    return out


def reflection_workers(url: str, delay_ms: float, users: int, turns: int) -> dict:
    """Jobs per second drained by one replica's worker with 1, 2 and 4 threads, through a
    stand-in chat model answering each reflection in ``delay_ms``; each user's jobs in order
    and each exchange asked once checked."""
    from souvenir.engine.core import Engine
    from souvenir.llm import OpenAIChatClient
    from souvenir.engine.worker import ReflectionWorker
    from tests.servers import ChatServer

    out: dict = {"measure": f"reflection jobs/s ({users} users x {turns} turns, model {delay_ms:g} ms)"}
    for workers in (1, 2, 4):
        store = PostgresStore(url)
        store.migrate()
        with ChatServer() as server:
            server.reflection_mode, server.delay_s = "slow", delay_ms / 1000
            engine = Engine(store, None, chat=OpenAIChatClient(server.url, "stub", timeout_s=30), summary_enabled=False)
            for turn in range(turns):
                for u in range(users):
                    engine.record_turn("api", f"w{workers}-u{u}", f"ticket w{workers}-u{u}-{turn}", "ok")
            worker = ReflectionWorker(engine, workers=workers, idle_s=0.01)
            before = store.outbox_counts().get("done", 0)  # earlier runs' jobs
            start = time.perf_counter()
            worker.start()
            while store.outbox_counts().get("done", 0) < before + users * turns:
                time.sleep(0.01)
            elapsed = time.perf_counter() - start
            worker.stop()
            asked = [m for body in server.requests if "response_format" in body for m in [json.dumps(body["messages"])]]
            engine.close()
        store.close()
        out[f"{workers} worker{'s' if workers > 1 else ''}"] = {
            "per_s": round(users * turns / elapsed, 1),
            "asked": len(asked),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--memories", type=int, default=1200)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--batch-ms", type=float, default=100.0)
    parser.add_argument("--model-ms", type=float, default=100.0, help="stand-in model latency per reflection")
    args = parser.parse_args()
    with fresh_database() as url:
        print(json.dumps(prepared(url, args.rounds)))
        print(json.dumps(settings_cost(url, args.rounds)))
    with fresh_database() as url:
        print(json.dumps(indexers(url, args.memories, args.batch_ms, args.batch)))
    with fresh_database() as url:
        print(json.dumps(reflection_workers(url, args.model_ms, 8, 5)))


if __name__ == "__main__":
    main()
