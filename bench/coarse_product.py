"""The large user's coarse cosines by main's product and by the lane's, in one process.

``selection_step`` of ``souvenir bench latency`` on a store filled as it fills it
(``bench/context_path.py``'s ``build``), the coarse cosines computed by
:func:`souvenir.ground.blas.dot_columns` over the read cache's (96, slots) projected columns (the
code) and by :func:`souvenir.ground.blas.dot_rows` over a row-major copy of the same columns (the
product before session 25), alternating query by query (which goes first alternating too);
CPU of this thread (``time.thread_time``) and each query's selection (ids, passes, order;
and the printed scores) compared between the two. The old product is swapped in on this
process's class for the measurement only.

    .venv/bin/python -m bench.coarse_product --store /tmp/b100k.db [--size 100000]
        [--queries 100] [--seed 7]

Results: docs/benchmarks.md, "Latency" (session 25, lane speed2).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

import numpy as np

from bench.context_path import build
from souvenir.bench import latency as lat
from souvenir.ground.blas import coarse_query, dot_rows
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.store import readcache

_NEW = readcache._Block.coarse_scores
_ROWS: dict[int, np.ndarray] = {}


def _old(block, query: np.ndarray, dims: int) -> tuple[np.ndarray, np.ndarray]:
    """``_Block.coarse_scores`` as it read before: ``dot_rows`` over (n, dims) rows."""
    if block.dim != query.shape[0] or not 0 < dims <= block.dim:
        return np.empty(0, np.int64), np.empty(0, np.float32)
    block._ordered()
    coarse, basis = block.project(dims)
    if id(coarse) not in _ROWS:
        _ROWS.clear()
        _ROWS[id(coarse)] = np.ascontiguousarray(coarse.T)
    ids = block.slot_ids[block._order].copy()
    return ids, dot_rows(_ROWS[id(coarse)][: block.used], coarse_query(query, basis))[block._order]


def run(store: Path, size: int, queries: int, seed: int) -> dict:
    build(store, size)
    rt = open_runtime(Settings(database_url=f"sqlite:///{store}", llm_base_url="", _env_file=None))
    try:
        user = rt.store.ensure_user(lat.CHANNEL, lat.USER, lat.NOW)
        story = rt.store.ensure_story(user, lat.STORY, lat.NOW)
        dim, wdim = int(rt.index.embedder.encode(["dimension"]).shape[1]), lat.window_dim(rt)
        rng = np.random.default_rng(seed)
        asked = [(lat.unit_vectors(rng, 1, dim)[0], lat.unit_vectors(rng, 1, wdim)[0]) for _ in range(queries + 4)]
        cpu: dict[str, list[float]] = {"old": [], "new": []}

        def step(variant: str, query: np.ndarray, window: np.ndarray) -> tuple[list, list]:
            readcache._Block.coarse_scores = _NEW if variant == "new" else _old  # type: ignore[method-assign]
            began = time.thread_time()
            result = lat.selection_step(rt.engine, user, story, query, window)
            cpu[variant].append((time.thread_time() - began) * 1000)
            chosen = list(result.memories) + list(result.rules)
            return [(s.memory.id, s.pass_name) for s in chosen], [s.score for s in chosen]

        for query, window in asked[:4]:  # warm-up: both products' arrays made
            step("new", query, window)
            step("old", query, window)
        cpu = {"old": [], "new": []}
        same = same_scores = 0
        for i, (query, window) in enumerate(asked[4:]):
            order = ("old", "new") if i % 2 == 0 else ("new", "old")
            got = {variant: step(variant, query, window) for variant in order}
            same += got["old"][0] == got["new"][0]
            same_scores += got["old"][1] == got["new"][1]
    finally:
        readcache._Block.coarse_scores = _NEW  # type: ignore[method-assign]
        rt.close()
    return {
        "queries": queries,
        "old_p50_ms": round(statistics.median(cpu["old"]), 2),
        "new_p50_ms": round(statistics.median(cpu["new"]), 2),
        "old_mean_ms": round(statistics.mean(cpu["old"]), 2),
        "new_mean_ms": round(statistics.mean(cpu["new"]), 2),
        "paired_median_saving_ms": round(statistics.median(a - b for a, b in zip(cpu["old"], cpu["new"])), 2),
        "same_selection": same,
        "same_scores": same_scores,
        "load": os.getloadavg(),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", required=True, help="the SQLite file (built when absent)")
    ap.add_argument("--size", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    print(json.dumps(run(Path(args.store), args.size, args.queries, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
