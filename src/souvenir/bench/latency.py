"""``souvenir bench latency``: the read path's speed against corpus size, beside seed 000's
pure-Python scoring and selection.

For each size N, a fresh SQLite store (a real file in a temporary folder) holds one user
with N memories written through the store API: multilingual synthetic sentences
(:func:`souvenir.bench.synthetic.make_corpus`), the four kinds, a few rules and pinned
memories, 5% of them scoped to the story the turns run in, confidences 0.7-1.0, dates
spread over three years. Their vectors are random unit vectors of the default embedder's
dimension, written straight into the vectors table (``put_vectors``): embedding 100,000
texts with USE would take about 8 minutes here, and the read path's cost does not depend on
what the vectors say. Timed on it, each with its own queries (random unit vectors):

* ``selection``: the engine's read path after the query embedding — ``store.candidates``,
  ``index.scores`` (query vector given), ``select`` with the engine's configuration — the
  calls :meth:`souvenir.engine.core.Engine.context` makes, on the engine's own objects.
  ``first_ms`` is the first call (it fills the store's read cache); ``after_write_ms`` the
  median first call after writing one memory and its vector (the cache reads the change);
  ``cpu_p50_ms`` / ``cpu_p99_ms`` the same steps' CPU time on the timing thread
  (``time.thread_time``: what a shared machine's load moves least);
* ``reference_p50_ms``: seed 000's pure-Python cosine and six passes
  (``bench/seed_reference.py``, found next to the sources), on the same memories and
  vectors as Python lists; only up to ``reference_max`` memories (at 100,000 the lists would
  take about 1.6 GB), at most ``reference_s`` seconds a size;
* ``dedup``: one candidate against N stored memories (:func:`souvenir.bench.dedup_speed.run_dedup`);
* ``context_http``: ``POST /v1/context`` over loopback to ``souvenir serve`` running in a
  subprocess on that store, with httpx (with ``--store``, one server per store at once,
  their requests interleaved query by query): the message is embedded by the server's own
  default embedder, and the server's bookkeeping (counters, the selection kept for
  diagnostics) runs as in production. The server warms the recent users' read path at
  start (:mod:`souvenir.engine.warm_reads`): ``warm_s`` is the seconds from its start to
  the end of that warm-up, and ``first_ms`` the first request, sent once it ended (as a
  load balancer would send it to a warm replica); ``server_cpu_ms`` the server's CPU a
  timed request, every thread (:mod:`souvenir.bench.latency_http`);
* ``cosine`` (in the ``selection`` and ``context_http`` rows, with the fused score on):
  the same two timings for the cosine read path (``SOUVENIR_SCORING=cosine``: the main
  embedder's cosine and the six passes with its cosine floor) on the same store;
* ``rss``: the bench process's resident memory before and after its first read at the
  largest size (the read cache: memories and the vector matrix), per 100,000 memories;
  and the server's total RSS after its warm-up at each size (``/proc``, Linux).
"""

from __future__ import annotations

import functools
import gc
import importlib.util
import math
import os
import random
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import numpy as np

from souvenir.bench.dedup_speed import run_dedup
from souvenir.bench.latency_http import CHANNEL, STORY, USER, rss_mb, time_http
from souvenir.bench.latency_plot import plot as plot  # its home since issue #28; imported here as before
from souvenir.bench.synthetic import make_corpus
from souvenir.bench.timing import p50, p99, timed
from souvenir.ground.config import Settings
from souvenir.embedding import threshold_for
from souvenir.ground.errors import InputError
from souvenir.engine.runtime import open_runtime
from souvenir.read.selection import SelectionConfig, select
from souvenir.ground.hashing import content_hash

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
DEFAULT_SIZES = (100, 1000, 3000, 10000, 100000)
#: Seed 000's pure-Python scoring as it published it: (memories, ms).
SEED_MEASURED = ((100, 1.5), (1000, 13.4), (3000, 40.4))
_KINDS = ("fact",) * 7 + ("preference",) * 5 + ("promise",) * 2 + ("episode",) * 6

#: Fewest memories at the largest size for the read cache's memory to be scaled to 100,000.
MIN_RSS_SCALE = 10_000


def seed_reference():
    """``bench/seed_reference.py`` of this checkout, or ``None`` when not beside the sources."""
    path = Path(__file__).resolve().parents[3] / "bench" / "seed_reference.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("souvenir_seed_reference", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def unit_vectors(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    vectors = rng.standard_normal((n, dim)).astype(np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def fill(rt, size: int, dim: int, seed: int = 0) -> tuple[int, int]:
    """Write ``size`` memories and their vectors for the bench user: (user id, story id)."""
    rng = random.Random(seed)
    store = rt.store
    texts = make_corpus(size, seed=seed)
    mine = set()
    with store.transaction():
        user_id = store.ensure_user(CHANNEL, USER, NOW)
        story_id = store.ensure_story(user_id, STORY, NOW)
        for i, text in enumerate(texts):
            story = rng.random() < 0.05
            kind = "rule" if i % max(1, size // 8) == 7 else rng.choice(_KINDS)
            said = NOW - timedelta(seconds=rng.randrange(3 * 365 * 86400))
            mine.add(
                store.insert_memory(
                    user_id,
                    text,
                    kind,
                    "story" if story else "global",
                    story_id if story else None,
                    rng.choice((0.7, 0.8, 0.9, 1.0)),
                    rng.random() < 0.002,
                    f"bench:{i}",
                    said,
                )
            )
    for index in rt.indexes:  # the main embedder's and the window embedder's vectors
        width = dim if index is rt.index else window_dim(rt)
        vectors = unit_vectors(np.random.default_rng(seed), size, width)
        # (the bench user's only: a shared PostgreSQL database may hold other users' backlog)
        stale = [r for r in store.stale_vectors(index.name, 10**9) if r[0] in mine]
        for start in range(0, len(stale), 10_000):
            store.put_vectors(
                index.name,
                [(mid, h, vectors[start + k]) for k, (mid, h, _) in enumerate(stale[start : start + 10_000])],
            )
    return user_id, story_id


def fill_store(path: Path, size: int, settings: Settings) -> None:
    """A SQLite store at ``path`` (left as it is when it exists) of ``size`` memories of the bench
    user, as :func:`fill` writes them, with one context served and its bookkeeping flushed: every
    memory's counters started, and the user among the last served (the warm-up's plan). The
    store-filling step of ``bench/context_path.py`` and ``bench/first_write.py``."""
    if path.exists():
        return
    rt = open_runtime(settings)
    try:
        fill(rt, size, 512)
        rt.engine.context(CHANNEL, USER, MESSAGE, story=STORY, now=NOW)
        rt.engine.flush(None)
    finally:
        rt.close()


def window_dim(rt) -> int:
    """Dimension of the window embedder's vectors (0 without one)."""
    if rt.window_index is None:
        return 0
    return int(rt.window_index.embedder.encode(["dimension"]).shape[1])


#: The message of every timed selection (its words feed the BM25 part of the fused score).
MESSAGE = "what did I say about my sister's wedding in Penang last year?"


def selection_step(
    engine,
    user_id: int,
    story_id: int,
    query: np.ndarray,
    window_query: np.ndarray | None = None,
    cosine: SelectionConfig | None = None,
):
    """What :meth:`Engine.context` runs between the query embeddings and the reply: the
    candidates, their scores (the fused score by default: both embedders' cosines, BM25,
    neighbours…; the main embedder's cosine with ``--scoring cosine`` or when ``cosine``,
    the cosine read path's selection configuration, is given), the six passes. The reads
    share one read of the user's tick, as in a context (``store.read_turn``; since session 14:
    before, each read of the read cache read it, ~0.3 ms a selection); a new pool frozen after."""
    with engine.store.read_turn():  # as the context: the user's tick read once for its reads
        candidates = engine.store.candidates(user_id, story_id)
        if engine.scorer is not None and cosine is None:
            scores = engine.fused_scores(user_id, candidates, MESSAGE, NOW, query, window_query)
        else:
            scores = engine.index.scores(user_id, query)
    result = select(candidates, scores, cosine or engine.selection_config, NOW, story_id)
    engine.query_scorer.settle_pool(user_id, candidates)  # as in a context (session 16)
    return result


def cosine_config(rt, settings: Settings) -> SelectionConfig | None:
    """The cosine read path's selection configuration (``SOUVENIR_SCORING=cosine``), to time
    it beside the fused default; ``None`` when the runtime already runs it."""
    if rt.engine.scorer is None:
        return None
    return SelectionConfig(limit=settings.context_limit, semantic_threshold=threshold_for(rt.index.embedder, settings))


def _time_selection(
    rt, user_id: int, story_id: int, dim: int, queries: int, rng, cosine: SelectionConfig | None = None
) -> dict:
    engine = rt.engine
    wdim = window_dim(rt)

    cpu: list[float] = []

    def step(cosine_path: bool = False) -> float:
        window = unit_vectors(rng, 1, wdim)[0] if wdim else None
        query = unit_vectors(rng, 1, dim)[0]
        config = cosine if cosine_path else None
        began = time.thread_time()
        ms = timed(lambda: selection_step(engine, user_id, story_id, query, window, config))[0]
        cpu.append((time.thread_time() - began) * 1000)  # this thread's CPU: what the load moves least
        return ms

    gc.collect()  # the writing phase's garbage, freed during the first read, made its growth negative
    before = rss_mb()
    first = step()
    after = rss_mb()
    runs = [step() for _ in range(queries)]
    runs_cpu = cpu[1:]
    after_write = []
    for i in range(5):  # one new memory and its vectors, then the first read after it
        text = f"written during the bench {i}"
        mid = rt.store.insert_memory(user_id, text, "fact", "global", None, 1.0, False, None, NOW)
        for index in rt.indexes:
            width = dim if index is rt.index else wdim
            rt.store.put_vectors(index.name, [(mid, content_hash(text), unit_vectors(rng, 1, width)[0])])
        after_write.append(step())
    row: dict[str, Any] = {
        "p50_ms": p50(runs),
        "p99_ms": p99(runs),
        "cpu_p50_ms": p50(runs_cpu),
        "cpu_p99_ms": p99(runs_cpu),
        "first_ms": round(first, 3),
        "after_write_ms": p50(after_write),
        "runs": len(runs),
        "rss_before_mb": before,
        "rss_after_mb": after,
    }
    if cosine is not None:
        plain = [step(True) for _ in range(queries)]
        row["cosine"] = {"p50_ms": p50(plain), "p99_ms": p99(plain)}
    return row


def _time_reference(
    reference, rt, user_id: int, story_id: int, dim: int, queries: int, budget_s: float, rng
) -> tuple[float | None, int]:
    memories = list(rt.store.candidates(user_id, story_id))
    ids, matrix = rt.store.vectors(user_id, rt.index.embedder.name)
    indexed = reference.index(dict(zip(ids, matrix.tolist())))
    threshold = rt.engine.selection_config.semantic_threshold
    runs: list[float] = []
    deadline = time.monotonic() + budget_s
    for q in unit_vectors(rng, queries, dim).tolist():
        runs.append(timed(functools.partial(reference.read_path, memories, indexed, q, story_id, threshold))[0])
        if len(runs) >= 3 and time.monotonic() > deadline:
            break
    return p50(runs), len(runs)


def run_latency(
    sizes: list[int],
    settings: Settings,
    queries: int = 200,
    http_queries: int = 200,
    reference_max: int = 10_000,
    reference_s: float = 10.0,
    progress=None,
    compare: bool = True,
    store_url: str | None = None,
    conversation: int = 0,
    against: str | None = None,
) -> dict:
    """The report (module docstring): ``{"selection", "dedup", "context_http", "rss",
    "conditions"}``, one row per size in each list. With the fused score (the default) and
    ``compare``, the ``selection`` and ``context_http`` rows also hold ``"cosine": {"p50_ms",
    "p99_ms"}``: the cosine read path (``SOUVENIR_SCORING=cosine``) on the same store.
    ``store_url`` (``postgresql://…``): each size is also written to that database (the
    bench user replaced, then deleted) and timed there, in ``"postgres": {"selection",
    "context_http"}``: the selection right after SQLite's, the POST /v1/context requests
    interleaved with SQLite's query by query (both servers running at once), each
    PostgreSQL row with its ``paired_ratio`` and ``load_avg``. ``conversation``: each POST
    /v1/context also sends the last ``conversation`` texts of the chat so far as ``messages``
    (:func:`~souvenir.bench.latency_http.time_http`). ``against``: a checkout's ``src`` folder
    (main's): its ``souvenir serve`` answers a copy of each SQLite store beside this one's,
    requests interleaved; the ``context_http`` row holds its row in ``"against"`` and this
    one's ``paired_ratio`` (this ÷ it, per query). ``progress(text)`` is told what runs."""
    if against is not None and store_url:
        raise InputError("--against compares on SQLite only: leave out --store")
    say = progress or (lambda text: None)
    reference = seed_reference()
    load_start = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    selection: list[dict] = []
    http: list[dict] = []
    dim: int | None = None
    pg: dict[str, list] = {"selection": [], "context_http": []}
    rng = np.random.default_rng(1)
    with tempfile.TemporaryDirectory(prefix="souvenir-latency-") as tmp:
        for size in sizes:
            db = Path(tmp) / f"{size}.db"
            urls = [f"sqlite:///{db}"] + ([store_url] if store_url else [])
            try:
                cosine = None
                for url in urls:
                    say(f"{size:,} memories on {url.split(':')[0]}")
                    row, cosine, dim = _time_store(
                        url,
                        size,
                        settings,
                        queries,
                        rng,
                        compare,
                        reference if url.startswith("sqlite") else None,
                        reference_max,
                        reference_s,
                        say,
                        dim,
                    )
                    (selection if url.startswith("sqlite") else pg["selection"]).append(row)
                say(f"{size:,} memories: POST /v1/context" + (", both stores interleaved" if store_url else ""))
                if against is not None:  # main's code on a copy of the store, requests interleaved
                    twin = _copy_sqlite(db, Path(tmp) / f"{size}-against.db")
                    base, mine = time_http([twin, urls[0]], settings, http_queries, None, conversation, [against, None])
                    webs = [{**mine, "against": base}]
                else:
                    webs = time_http(urls, settings, http_queries, conversation=conversation)
                if cosine is not None:
                    say(f"{size:,} memories: POST /v1/context, cosine read path")
                    plains = time_http(urls, settings, http_queries, scoring="cosine", conversation=conversation)
                    for web, plain in zip(webs, plains):
                        web["cosine"] = {k: plain[k] for k in ("p50_ms", "p99_ms", "server_rss_mb", "server_cpu_ms")}
                http.append({"memories": size, **webs[0]})
                if store_url:
                    pg["context_http"].append({"memories": size, **webs[1]})
            finally:
                if store_url:
                    _drop_bench_user_at(store_url, settings)
            db.unlink()
            Path(tmp, f"{size}-against.db").unlink(missing_ok=True)
    say("dedup")
    dedup = [
        run_dedup([size], queries, reference_queries=_dedup_reference_runs(size, reference_max))[0] for size in sizes
    ]
    rss = read_cache_rss(selection[-1] if selection else None, http)
    report = {
        "selection": selection,
        "dedup": dedup,
        "context_http": http,
        "rss": rss,
        "conditions": {
            "cpus": os.cpu_count(),
            "load_avg_start": load_start,
            "load_avg_end": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
            "embedder": settings.embedder,
            "dim": dim,
            "queries": queries,
            "scoring": settings.scoring,
            "window_embedder": settings.window_embedder,
            "http_queries": http_queries,
            "reference": reference is not None,
            "conversation": conversation,
            "against": against,
        },
    }
    if store_url:
        report["postgres"] = pg
    return report


def _time_store(
    url: str,
    size: int,
    settings: Settings,
    queries: int,
    rng,
    compare: bool,
    reference,
    reference_max: int,
    reference_s: float,
    say,
    dim: int | None,
) -> tuple[dict, SelectionConfig | None, int]:
    """One size on one store, in process: (selection row, the cosine read path's
    configuration when compared, dimension). A shared database (PostgreSQL) loses its bench
    user first (and after the HTTP timings: :func:`run_latency`)."""
    rt = open_runtime(settings.model_copy(update={"database_url": url}))
    try:
        if rt.index is None:
            raise InputError("souvenir bench latency needs an embedder (not --embedder none)")
        _drop_bench_user(rt.store)
        dim = dim or int(rt.index.embedder.encode(["dimension"]).shape[1])
        say(f"{size:,} memories: writing")
        user_id, story_id = fill(rt, size, dim)
        say(f"{size:,} memories: selection")
        cosine = cosine_config(rt, settings) if compare else None
        row = {"memories": size, **_time_selection(rt, user_id, story_id, dim, queries, rng, cosine)}
        row["reference_p50_ms"], row["reference_runs"] = None, 0
        if reference is not None and size <= reference_max:
            say(f"{size:,} memories: seed 000's reference")
            row["reference_p50_ms"], row["reference_runs"] = _time_reference(
                reference, rt, user_id, story_id, dim, queries, reference_s, rng
            )
        # one counted turn before the server's: its bookkeeping starts every memory's clock
        # (store.counters; once per memory, as after the migration), not during the timings
        rt.engine.context(CHANNEL, USER, MESSAGE, story=STORY, now=NOW)
        rt.engine.flush(None)
    finally:
        rt.close()
    return row, cosine, dim


def _copy_sqlite(db: Path, copy: Path) -> str:
    """A copy of the SQLite store ``db`` (its backup, WAL included) at ``copy``: its URL."""
    import sqlite3

    with sqlite3.connect(db) as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    return f"sqlite:///{copy}"


def _drop_bench_user_at(url: str, settings: Settings) -> None:
    rt = open_runtime(settings.model_copy(update={"database_url": url}))
    try:
        _drop_bench_user(rt.store)
    finally:
        rt.close()


def _drop_bench_user(store) -> None:
    user_id = store.find_user(CHANNEL, USER)
    if user_id is not None:
        store.delete_user(user_id)


def _dedup_reference_runs(size: int, reference_max: int) -> int:
    """Naive dedup loop runs for ``size`` (about 0.25 ms per stored memory): none above
    ``reference_max``, else as many as fit in about 10 s (at least 3)."""
    if size > reference_max:
        return 0
    return max(3, math.floor(10_000 / (0.25 * max(size, 1))))


def read_cache_rss(largest: dict | None, http: list[dict]) -> dict | None:
    """The read cache's memory from the largest size's first read (``rss_before_mb`` /
    ``rss_after_mb`` of its selection row): ``{"memories", "cache_mb", "per_100k_mb",
    "server_rss_mb"}``, ``cache_mb`` ``None`` when the process's memory shrank during that read
    (memory freed then is no cache size), ``per_100k_mb`` ``None`` too below
    :data:`MIN_RSS_SCALE` memories; ``None`` without a measure."""
    if not largest or largest["rss_before_mb"] is None:
        return None
    cache = largest["rss_after_mb"] - largest["rss_before_mb"]
    measured = cache >= 0
    return {
        "memories": largest["memories"],
        "cache_mb": round(cache, 1) if measured else None,
        # below 10,000 memories the first read's growth is mostly fixed costs (the
        # scorer's columns, BLAS buffers): scaled up it would overstate the cache
        "per_100k_mb": (
            round(cache * 100_000 / largest["memories"], 1)
            if measured and largest["memories"] >= MIN_RSS_SCALE
            else None
        ),
        "server_rss_mb": {r["memories"]: r["server_rss_mb"] for r in http},
    }


def read_cache_line(rss: dict) -> str:
    """The report's line for :func:`read_cache_rss`'s answer."""
    if rss["cache_mb"] is None:
        return (
            "read cache: not measured (the process's resident memory shrank during the first read: "
            "memory freed then, not the cache's size)"
        )
    scaled = (
        f"{rss['per_100k_mb']} MB per 100,000"
        if rss["per_100k_mb"] is not None
        else f"not scaled: below {MIN_RSS_SCALE:,} memories fixed costs dominate"
    )
    return f"read cache: {rss['cache_mb']} MB for {rss['memories']:,} memories ({scaled})"


def format_report(report: dict) -> str:
    """The three tables as text (milliseconds)."""
    lines = [
        "latencies in milliseconds",
        "selection (engine read path minus the query embedding) | p50 | p99 | first | after a write "
        "| seed 000 p50 | cosine read path p50 / p99 | CPU p50 / p99 (this thread)",
    ]
    for r in report["selection"]:
        lines.append(
            f"  {r['memories']:>7,} | {r['p50_ms']} | {r['p99_ms']} | {r['first_ms']} | "
            f"{r['after_write_ms']} | {r['reference_p50_ms']} | {_cosine(r)} | "
            f"{r.get('cpu_p50_ms')} / {r.get('cpu_p99_ms')}"
        )
    lines.append("dedup of one candidate | p50 | p99 | naive loop p50 | the user's pool index built once (ms)")
    for r in report["dedup"]:
        lines.append(
            f"  {r['memories']:>7,} | {r['p50_ms']} | {r['p99_ms']} | {r['reference_p50_ms']} | "
            f"{r.get('index_build_ms')}"
        )
    lines.append(
        "POST /v1/context over loopback | p50 | p99 | first (after the warm-up) | warm-up s "
        "| server RSS MB | cosine read path p50 / p99 | server CPU a request (every thread) | load"
    )
    for r in report["context_http"]:
        lines.append(
            f"  {r['memories']:>7,} | {r['p50_ms']} | {r['p99_ms']} | {r['first_ms']} | {r.get('warm_s')} | "
            f"{r['server_rss_mb']} | {_cosine(r)} | {r.get('server_cpu_ms')} | {r.get('load_avg')}"
        )
        if r.get("against"):
            a = r["against"]
            lines.append(
                f"    against {report['conditions'].get('against')}: p50 {a['p50_ms']} | p99 {a['p99_ms']} "
                f"| server CPU {a.get('server_cpu_ms')} | paired ratio (this ÷ it) {r.get('paired_ratio')}"
            )
    if report.get("postgres"):
        pg = report["postgres"]
        lines.append(
            "PostgreSQL (same run, requests interleaved with SQLite's) | selection p50 | p99 "
            "| first | after a write | POST /v1/context p50 | p99 | p50 ÷ SQLite's "
            "| median of paired ratios | load"
        )
        for r, w, base in zip(pg["selection"], pg["context_http"], report["context_http"]):
            ratio = round(w["p50_ms"] / base["p50_ms"], 2) if base["p50_ms"] else None
            lines.append(
                f"  {r['memories']:>7,} | {r['p50_ms']} | {r['p99_ms']} | {r['first_ms']} | "
                f"{r['after_write_ms']} | {w['p50_ms']} | {w['p99_ms']} | {ratio} | "
                f"{w.get('paired_ratio')} | {w.get('load_avg')}"
            )
    if report["rss"]:
        lines.append(read_cache_line(report["rss"]))
    c = report["conditions"]
    lines.append(
        f"{c['cpus']} CPUs, load average {c['load_avg_start']} -> {c['load_avg_end']}, "
        f"embedder {c['embedder']} ({c['dim']} dims)"
        + (f", each request with the last {c['conversation']} texts of the chat" if c.get("conversation") else "")
    )
    return "\n".join(lines)


def _cosine(row: dict) -> str:
    plain = row.get("cosine")
    return f"{plain['p50_ms']} / {plain['p99_ms']}" if plain else "-"
