"""What an idle indexer pass costs on PostgreSQL against the store's size, before and after
the indexer's queue (issue #17, migration 0022). Standalone script, not run by CI.

1. Creates a throwaway database on ``--admin-url``, migrates it (``open_store``), and adds
   by SQL ``--memories`` memories (``--per-user`` per user) and a current vector of embedder
   ``e`` for each: nothing is left to embed.
2. Keeps ``e``'s queue (``ensure_vector_queue``: the one scan of the store, as migration
   0022 runs it on an existing store) and times it.
3. ``--rounds`` times, alternately, what an idle pass runs: the queue's claim
   (``claim_stale_vectors``, this branch) and main's two statements (``repair_hashes``'s
   ``UPDATE … WHERE content_hash != content_hash(text)`` over the store, then the claim's
   stale-row anti-join ``… FOR NO KEY UPDATE OF m SKIP LOCKED``, rolled back); and the
   whole-store backlog both ways (the queue's count, main's anti-join count). Milliseconds,
   median and range. Reports the load average before and after.
4. Drops the database (``--keep`` leaves it).

    .venv/bin/python -m bench.indexer_idle --memories 100000,1000000
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import time
from datetime import datetime, timezone
from urllib.parse import urlsplit, urlunsplit

import psycopg

from souvenir.store import open_store

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
#: Main's idle pass, statement by statement (src/souvenir/index/vectors.py and store/indexclaims.py
#: before migration 0022).
OLD_REPAIR = (
    "UPDATE memories SET content_hash = content_hash(text) "
    "WHERE status = 'active' AND content_hash != content_hash(text)"
)
OLD_CLAIM = (
    "SELECT m.id, m.content_hash, m.text, c.memory_id FROM memories m "
    "LEFT JOIN vectors v ON v.memory_id = m.id AND v.embedder = 'e' "
    "LEFT JOIN vector_claims c ON c.memory_id = m.id AND c.embedder = 'e' "
    "WHERE m.status = 'active' AND (v.memory_id IS NULL OR v.content_hash != m.content_hash) "
    "AND (c.memory_id IS NULL OR c.expires_at < '2026-01-01') ORDER BY m.id LIMIT 64 "
    "FOR NO KEY UPDATE OF m SKIP LOCKED"
)
OLD_COUNT = (
    "SELECT COUNT(*) FROM memories m LEFT JOIN vectors v ON v.memory_id = m.id "
    "AND v.embedder = 'e' WHERE m.status = 'active' "
    "AND (v.memory_id IS NULL OR v.content_hash != m.content_hash)"
)


def ms(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def fill(url: str, memories: int, per_user: int) -> float:
    """Users, memories and their current vectors by SQL; seconds taken."""
    start = time.perf_counter()
    users = max(1, memories // per_user)
    blob = bytes(16)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SET synchronous_commit = off")
        conn.execute(
            "INSERT INTO users (channel, external_id, created_at) SELECT 'bench', 'u' || g, "
            "'2026-01-01T00:00:00+00:00' FROM generate_series(1, %s) g",
            (users,),
        )
        conn.execute(
            "INSERT INTO memories (user_id, kind, scope, text, created_at, updated_at, content_hash) "
            "SELECT u.id, 'fact', 'global', 'memory ' || g, '2026-01-01T00:00:00+00:00', "
            "'2026-01-01T00:00:00+00:00', content_hash('memory ' || g) "
            "FROM generate_series(0, %s - 1) g JOIN users u ON u.external_id = 'u' || (g / %s + 1)",
            (memories, per_user),
        )
        conn.execute(
            "INSERT INTO vectors (memory_id, embedder, content_hash, dim, vector) "
            "SELECT id, 'e', content_hash, 4, %s FROM memories",
            (blob,),
        )
        conn.execute("VACUUM ANALYZE")
    return time.perf_counter() - start


def measure(url: str, rounds: int) -> dict:
    store = open_store(url)
    try:
        register = ms(lambda: store.ensure_vector_queue("e"))
        new_pass, old_pass, new_count, old_count = [], [], [], []
        with psycopg.connect(url, autocommit=True) as conn:

            def old() -> None:
                with conn.transaction(force_rollback=True):
                    conn.execute(OLD_REPAIR)
                    conn.execute(OLD_CLAIM).fetchall()

            for _ in range(rounds):
                new_pass.append(ms(lambda: store.claim_stale_vectors("e", 64, 120.0, NOW)))
                old_pass.append(ms(old))
                new_count.append(ms(lambda: store.count_stale_vectors("e")))
                old_count.append(ms(lambda: conn.execute(OLD_COUNT).fetchone()))
        assert store.count_stale_vectors("e") == 0
        return {
            "register_ms": round(register, 1),
            "idle_pass_ms": _stats(new_pass),
            "main_idle_pass_ms": _stats(old_pass),
            "backlog_ms": _stats(new_count),
            "main_backlog_ms": _stats(old_count),
        }
    finally:
        store.close()


def _stats(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memories", default="100000", help="store sizes, comma-separated")
    parser.add_argument("--per-user", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--admin-url", default=os.environ.get("SOUVENIR_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
    )
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    print(
        "| memories | fill s | queue kept (one scan) ms | idle pass ms, queue | idle pass ms, main "
        "| backlog ms, queue | backlog ms, main | load |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for size in (int(s) for s in args.memories.split(",")):
        name = f"souvenir_idle_{secrets.token_hex(4)}"
        parts = urlsplit(args.admin_url)
        url = urlunsplit(parts._replace(path=f"/{name}"))
        with psycopg.connect(args.admin_url, autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        try:
            open_store(url).close()  # migrated
            load = [round(os.getloadavg()[0], 2)]
            filled = fill(url, size, args.per_user)
            row = measure(url, args.rounds)
            load.append(round(os.getloadavg()[0], 2))
            print(
                f"| {size:,} | {filled:.0f} | {row['register_ms']} | {row['idle_pass_ms']} | "
                f"{row['main_idle_pass_ms']} | {row['backlog_ms']} | {row['main_backlog_ms']} | "
                f"{load[0]} → {load[1]} |",
                flush=True,
            )
        finally:
            if not args.keep:
                with psycopg.connect(args.admin_url, autocommit=True) as admin:
                    admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


if __name__ == "__main__":
    main()
