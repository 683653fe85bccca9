"""Load: /v1/context and /v1/turns against one and two replicas on one PostgreSQL (issue #6,
item 6). Standalone script, not run by CI.

1. Creates a throwaway database on ``--admin-url`` and seeds ``--users`` users through the
   product's write path: each replays the first ``--memories`` turns of a LoCoMo
   conversation (../shared/data/locomo, cycled) in no-model mode, then everything is
   embedded (``--embedder``, default the local USE). Each configuration then runs on a copy
   of that database (``CREATE DATABASE … TEMPLATE``), so each starts from the same data;
   all are dropped at the end.
2. Starts ``souvenir serve`` subprocesses on loopback ports (``--replicas``, e.g. ``1,2``)
   with ``SOUVENIR_DATABASE_URL`` pointing at that database; with ``--sqlite`` also one
   replica on a SQLite file seeded the same way, as a reference.
3. From this process (not the servers'), ``--concurrency`` async clients (httpx) loop for
   ``--duration`` seconds: pick a seeded user at random, POST /v1/context with one of its
   conversation's questions, then POST /v1/turns with a new exchange (which the write path
   stores and the replicas' indexers embed). Client *i* talks to replica *i mod R*.
4. Reports, per configuration and endpoint: requests, errors, p50/p95/p99 latency (ms) and
   throughput (req/s, completed requests over the measured window), after ``--warmup``
   seconds not counted. ``--rounds`` repeats every configuration, interleaved (1, 2,
   SQLite, 1, 2, …), each run on a fresh copy of the seeded data, and pools the samples:
   on a shared machine the other load then falls on every configuration alike.

    PYTHONPATH=src .venv/bin/python bench/load.py --users 20 --concurrency 8 --duration 30 --sqlite
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import httpx  # noqa: E402

import souvenir  # noqa: E402
from souvenir.config import Settings  # noqa: E402
from souvenir.replay.apply import replay_locomo  # noqa: E402
from souvenir.replay.formats import parse_locomo  # noqa: E402
from souvenir.runtime import open_runtime  # noqa: E402
from tests.servers import free_port  # noqa: E402

LOCOMO = REPO.parent / "shared" / "data" / "locomo"
ENDPOINTS = ("context", "turns")


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# =========================================================================== seeding

def load_conversations(folder: Path) -> list:
    convs = [parse_locomo(p) for p in sorted(folder.glob("conv-*.json"))]
    if not convs:
        raise SystemExit(f"no LoCoMo conversation in {folder}")
    return convs


def user_name(i: int) -> str:
    return f"load-{i:04d}"


def seed(database_url: str, embedder: str, convs: list, users: int, memories: int) -> None:
    """``users`` users, each the first ``memories`` turns of a conversation, embedded."""
    rt = open_runtime(Settings(_env_file=None, database_url=database_url, embedder=embedder))
    try:
        t = time.perf_counter()
        for i in range(users):
            conv = convs[i % len(convs)]
            replay_locomo(rt.engine, replace(conv, turns=conv.turns[:memories]), "load", user_name(i))
        log(f"seeded {users} users x {memories} turns in {time.perf_counter() - t:.0f} s")
        if rt.index is not None:
            t = time.perf_counter()
            rt.index.warm_up()
            done = rt.index.run_once()
            log(f"embedded {done} memories in {time.perf_counter() - t:.0f} s")
    finally:
        rt.close()


# =========================================================================== replicas

class Replicas:
    """``count`` ``souvenir serve`` subprocesses on free loopback ports (logs in ``logdir``)."""

    def __init__(self, count: int, database_url: str, embedder: str, logdir: Path,
                 blas_threads: int = 0) -> None:
        self.procs: list[subprocess.Popen] = []
        self.urls: list[str] = []
        src = str(Path(souvenir.__file__).resolve().parents[1])  # the same sources as this script
        env = {**os.environ, "SOUVENIR_DATABASE_URL": database_url, "SOUVENIR_EMBEDDER": embedder,
               "SOUVENIR_LLM_BASE_URL": "",
               "PYTHONPATH": os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH")) if p)}
        if blas_threads:  # caps the BLAS pool each replica's embedder may use
            env.update(OPENBLAS_NUM_THREADS=str(blas_threads), OMP_NUM_THREADS=str(blas_threads))
        for i in range(count):
            port = free_port()
            out = open(logdir / f"replica-{i}-{port}.log", "w")  # noqa: SIM115 - closed by the process end
            self.procs.append(subprocess.Popen(
                [sys.executable, "-m", "souvenir.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
                env=env, stdout=out, stderr=subprocess.STDOUT))
            self.urls.append(f"http://127.0.0.1:{port}")

    def wait_ready(self, timeout_s: float = 120.0) -> None:
        deadline = time.monotonic() + timeout_s
        for proc, url in zip(self.procs, self.urls):
            while True:
                if proc.poll() is not None:
                    raise SystemExit(f"replica {url} exited with {proc.returncode} (see its log)")
                try:
                    if httpx.get(url + "/health", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise SystemExit(f"replica {url} not ready after {timeout_s:.0f} s")
                time.sleep(0.5)
        for url in self.urls:  # one context each: the model is loaded before the clock starts
            httpx.post(url + "/v1/context", json={"channel": "load", "user": user_name(0),
                                                  "message": "warm-up"}, timeout=timeout_s)

    def stop(self) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()


# =========================================================================== load

def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


async def drive(urls: list[str], convs: list, users: int, concurrency: int, duration_s: float,
                warmup_s: float, seed_value: int, endpoints: tuple[str, ...] = ENDPOINTS) -> dict:
    """Closed-loop load: each client sends context then turn, again and again."""
    samples: dict[str, list[float]] = {e: [] for e in ENDPOINTS}
    errors: dict[str, int] = {e: 0 for e in ENDPOINTS}
    first_errors: list[str] = []
    start = time.monotonic()
    measure_from, stop_at = start + warmup_s, start + warmup_s + duration_s

    async def call(client: httpx.AsyncClient, endpoint: str, body: dict) -> None:
        t = time.monotonic()
        try:
            response = await client.post(f"/v1/{endpoint}", json=body)
            ok = response.status_code == 200
            if not ok and len(first_errors) < 5:
                first_errors.append(f"{endpoint} {response.status_code} {response.text[:200]}")
        except httpx.HTTPError as exc:
            ok = False
            if len(first_errors) < 5:
                first_errors.append(f"{endpoint} {exc!r}")
        end = time.monotonic()
        if measure_from <= t and end <= stop_at:
            if ok:
                samples[endpoint].append((end - t) * 1000)
            else:
                errors[endpoint] += 1

    async def client_loop(i: int) -> None:
        rng = random.Random(seed_value + i)
        limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
        async with httpx.AsyncClient(base_url=urls[i % len(urls)], timeout=60, limits=limits) as client:
            n = 0
            while time.monotonic() < stop_at:
                u = rng.randrange(users)
                conv = convs[u % len(convs)]
                question = rng.choice(conv.questions).question if conv.questions else "How are you?"
                if "context" in endpoints:
                    await call(client, "context", {"channel": "load", "user": user_name(u),
                                                   "message": question})
                if "turns" in endpoints:
                    await call(client, "turns", {"channel": "load", "user": user_name(u),
                                                 "message": f"{question} (load client {i}, turn {n})",
                                                 "reply": "Noted."})
                n += 1

    await asyncio.gather(*(client_loop(i) for i in range(concurrency)))
    return {"samples": samples, "errors": errors, "first_errors": first_errors, "seconds": duration_s}


def summarize(runs: list[dict]) -> dict:
    """Pooled figures of several runs of one configuration."""
    seconds = sum(r["seconds"] for r in runs)
    report: dict = {"runs": len(runs), "first_errors": [e for r in runs for e in r["first_errors"]][:5]}
    for endpoint in ENDPOINTS:
        ms = [x for r in runs for x in r["samples"][endpoint]]
        report[endpoint] = {
            "requests": len(ms), "errors": sum(r["errors"][endpoint] for r in runs),
            "p50_ms": round(percentile(ms, 50), 1) if ms else None,
            "p95_ms": round(percentile(ms, 95), 1) if ms else None,
            "p99_ms": round(percentile(ms, 99), 1) if ms else None,
            "req_s": round(len(ms) / seconds, 1),
            "req_s_by_run": [round(len(r["samples"][endpoint]) / r["seconds"], 1) for r in runs],
        }
    report["total_req_s"] = round(sum(report[e]["req_s"] for e in ENDPOINTS), 1)
    return report


def run_config(label: str, database_url: str, replicas: int, args, convs, logdir: Path) -> dict:
    """One run: start the replicas, drive them, stop them; the raw samples."""
    servers = Replicas(replicas, database_url, args.embedder, logdir, args.blas_threads)
    try:
        servers.wait_ready()
        log(f"{label} x{replicas}: ready on {', '.join(servers.urls)}; "
            f"driving for {args.warmup + args.duration:.0f} s")
        run = asyncio.run(drive(servers.urls, convs, args.users, args.concurrency, args.duration,
                                args.warmup, args.seed, args.endpoints))
    finally:
        servers.stop()
    done = {e: len(run["samples"][e]) / run["seconds"] for e in ENDPOINTS}
    log(f"{label} x{replicas}: " + ", ".join(f"{e} {v:.1f} req/s" for e, v in done.items()))
    return run


# =========================================================================== main

class Databases:
    """Throwaway PostgreSQL databases on ``admin_url``: one seeded once, then a copy of it
    for each configuration (``CREATE DATABASE … TEMPLATE``), so every run starts from the
    same data. All are dropped by :meth:`drop_all`."""

    def __init__(self, admin_url: str) -> None:
        import psycopg

        self.admin = psycopg.connect(admin_url, autocommit=True)
        self.admin_url = admin_url
        self.prefix = f"souvenir_load_{secrets.token_hex(4)}"
        self.names: list[str] = []

    def url(self, name: str) -> str:
        from urllib.parse import urlsplit, urlunsplit

        return urlunsplit(urlsplit(self.admin_url)._replace(path="/" + name))

    def create(self, suffix: str, template: str | None = None) -> str:
        name = f"{self.prefix}_{suffix}"
        self.admin.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
        self.names.append(name)
        return name

    def drop_all(self) -> None:
        for name in self.names:
            self.admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.admin.close()


def copy_sqlite(source: Path, target: Path) -> None:
    """A consistent copy of a SQLite store, its WAL included (SQLite's backup API)."""
    import sqlite3

    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()


def print_table(results: list[dict], args) -> None:
    print(f"users {args.users} x {args.memories} seeded turns, concurrency {args.concurrency}, "
          f"{args.rounds} x {args.duration:.0f} s measured after {args.warmup:.0f} s warm-up, "
          f"embedder {args.embedder}, BLAS threads {args.blas_threads or 'unset'}")
    print("| store | replicas | endpoint | requests | errors | p50 ms | p95 ms | p99 ms | req/s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        for endpoint in ENDPOINTS:
            e = r[endpoint]
            print(f"| {r['config']} | {r['replicas']} | /v1/{endpoint} | {e['requests']} | {e['errors']} | "
                  f"{e['p50_ms']} | {e['p95_ms']} | {e['p99_ms']} | {e['req_s']}"
                  + (f" ({', '.join(map(str, e['req_s_by_run']))})" if r["runs"] > 1 else "") + " |")
        print(f"| {r['config']} | {r['replicas']} | both | | | | | | {r['total_req_s']} |")
    for r in results:
        for line in r["first_errors"]:
            print(f"{r['config']} x{r['replicas']} error: {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, default=20, help="seeded users")
    parser.add_argument("--memories", type=int, default=150, help="LoCoMo turns replayed per user")
    parser.add_argument("--concurrency", type=int, default=8, help="concurrent clients")
    parser.add_argument("--duration", type=float, default=30.0, help="measured seconds per configuration")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of load before measuring")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each configuration, interleaved")
    parser.add_argument("--replicas", default="1,2", help="replica counts to run on PostgreSQL")
    parser.add_argument("--blas-threads", type=int, default=0,
                        help="OPENBLAS_NUM_THREADS of each replica (0 = unset, as shipped)")
    parser.add_argument("--endpoints", default="context,turns",
                        help="what each client sends in its loop: context,turns (default) or one")
    parser.add_argument("--sqlite", action="store_true", help="also one replica on SQLite (reference)")
    parser.add_argument("--embedder", default="use", help="use (default), e5, none…")
    parser.add_argument("--admin-url", default=os.environ.get(
        "SOUVENIR_TEST_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres"))
    parser.add_argument("--locomo", type=Path, default=LOCOMO, help="folder of LoCoMo conv-*.json")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", default="", help="also write the results to this file")
    args = parser.parse_args()
    args.endpoints = tuple(e for e in args.endpoints.split(",") if e)
    if not args.endpoints or set(args.endpoints) - set(ENDPOINTS):
        parser.error(f"--endpoints takes {', '.join(ENDPOINTS)}")
    convs = load_conversations(args.locomo)
    configs = [("postgresql", int(c)) for c in args.replicas.split(",") if c]
    configs += [("sqlite", 1)] if args.sqlite else []
    runs: dict[tuple[str, int], list[dict]] = {c: [] for c in configs}
    with tempfile.TemporaryDirectory(prefix="souvenir-load-") as tmp:
        logdir = Path(tmp)
        dbs = Databases(args.admin_url)
        try:
            seeded = dbs.create("seed")
            seed(dbs.url(seeded), args.embedder, convs, args.users, args.memories)
            lite_seed = logdir / "seed.db"
            if args.sqlite:
                seed(f"sqlite:///{lite_seed}", args.embedder, convs, args.users, args.memories)
            # Rounds interleave the configurations, so a change in the machine's other load
            # falls on all of them; each run starts from a copy of the seeded data.
            for r in range(args.rounds):
                for label, count in configs:
                    if label == "sqlite":
                        copy = logdir / f"run-{r}.db"
                        copy_sqlite(lite_seed, copy)
                        url = f"sqlite:///{copy}"
                    else:
                        url = dbs.url(dbs.create(f"r{r}_{count}", template=seeded))
                    runs[(label, count)].append(run_config(label, url, count, args, convs, logdir))
        finally:
            dbs.drop_all()
    results = [{"config": label, "replicas": count, **summarize(runs[(label, count)])}
               for label, count in configs]
    print_table(results, args)
    if args.json:
        Path(args.json).write_text(json.dumps({"args": {k: str(v) for k, v in vars(args).items()},
                                               "results": results}, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
