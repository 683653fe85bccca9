"""Load: /v1/context and /v1/turns against 1, 2 and 4 replicas on one PostgreSQL through
PgBouncer in transaction mode (issue #6 item 6, issue #17). Standalone script, not run by CI.

1. Creates a throwaway database on ``--admin-url`` and seeds ``--users`` users through the
   product's write path: each replays the first ``--memories`` turns of a LoCoMo
   conversation (../shared/data/locomo, cycled) in no-model mode, then everything is
   embedded (``--embedder``, default the local USE, and the e5 windows). Each
   configuration then runs on a copy of that database (``CREATE DATABASE … TEMPLATE``), so
   each starts from the same data; all are dropped at the end.
2. Starts ``souvenir serve`` subprocesses on loopback ports (``--replicas``, default
   ``1,2,4``) with ``SOUVENIR_DATABASE_URL`` pointing at that database through PgBouncer:
   by default the bench starts its own (Debian's ``pgbouncer``, ``apt-get install
   pgbouncer``; bench/bouncer.py: a free loopback port, ``* = host=127.0.0.1 port=5432``,
   ``pool_mode = transaction``, ``--pgbouncer-pool`` server connections per database;
   ``--pgbouncer-ignore-options`` lets in a client that sends a startup ``options``
   parameter, which PgBouncer 1.18 refuses, and drops its settings); ``--pgbouncer-url``
   names a running one instead, ``--direct`` skips it. Each replica's BLAS and OpenMP
   pools get ``--blas-threads`` threads (default 1: two cores, up to four replicas).
   With ``--sqlite`` also one replica on a SQLite file seeded the same way, as a reference.
3. From this process (not the servers'), ``--concurrency`` async clients (httpx) loop for
   ``--duration`` seconds: pick a seeded user at random, POST /v1/context with one of its
   conversation's questions, then POST /v1/turns with a new exchange (which the write path
   stores and the replicas' indexers embed). Client *i* talks to replica *i mod R*.
4. Reports, per configuration and endpoint: requests, errors, p50/p95/p99 latency (ms) and
   throughput (req/s, completed requests over the measured window), after ``--warmup``
   seconds not counted; the errors by cause (status and body, or the client's exception)
   and the error lines of the replicas' logs by count; the load average (1 min) at the
   start and end of each run. ``--rounds`` repeats every configuration, interleaved (1, 2,
   SQLite, 1, 2, …), each run on a fresh copy of the seeded data, and pools the samples:
   on a shared machine the other load then falls on every configuration alike.

    .venv/bin/python -m bench.load --users 20 --concurrency 8 --duration 30 --rounds 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

import httpx  # noqa: E402

import souvenir  # noqa: E402
from souvenir.ground.config import Settings  # noqa: E402
from souvenir.replay.apply import replay_locomo  # noqa: E402
from souvenir.replay.formats import parse_locomo  # noqa: E402
from souvenir.engine.runtime import open_runtime  # noqa: E402
from bench.bouncer import PgBouncer  # noqa: E402
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
        for index in rt.indexes:  # every index (the e5 windows too): the runs start embedded
            t = time.perf_counter()
            index.warm_up()
            done = index.run_once()
            log(f"embedded {done} memories ({index.name}) in {time.perf_counter() - t:.0f} s")
    finally:
        rt.close()


# =========================================================================== replicas


class Replicas:
    """``count`` ``souvenir serve`` subprocesses on free loopback ports (logs in ``logdir``)."""

    def __init__(self, count: int, database_url: str, embedder: str, logdir: Path, blas_threads: int = 0) -> None:
        self.procs: list[subprocess.Popen] = []
        self.urls: list[str] = []
        self.logs: list[Path] = []
        src = str(Path(souvenir.__file__).resolve().parents[1])  # the same sources as this script
        env = {
            **os.environ,
            "SOUVENIR_DATABASE_URL": database_url,
            "SOUVENIR_EMBEDDER": embedder,
            "SOUVENIR_LLM_BASE_URL": "",
            "PYTHONPATH": os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH")) if p),
        }
        if blas_threads:  # caps the BLAS and OpenMP pools each replica's embedders may use
            env.update(
                {
                    k: str(blas_threads)
                    for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "SOUVENIR_BLAS_THREADS")
                }
            )
        for i in range(count):
            port = free_port()
            self.logs.append(logdir / f"replica-{i}-{port}.log")
            out = open(self.logs[-1], "w")  # noqa: SIM115 - closed by the process end
            self.procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", "souvenir.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port)],
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )
            )
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
            httpx.post(
                url + "/v1/context",
                json={"channel": "load", "user": user_name(0), "message": "warm-up"},
                timeout=timeout_s,
            )

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


async def drive(
    urls: list[str],
    convs: list,
    users: int,
    concurrency: int,
    duration_s: float,
    warmup_s: float,
    seed_value: int,
    endpoints: tuple[str, ...] = ENDPOINTS,
) -> dict:
    """Closed-loop load: each client sends context then turn, again and again."""
    samples: dict[str, list[float]] = {e: [] for e in ENDPOINTS}
    errors: dict[str, int] = {e: 0 for e in ENDPOINTS}
    causes: Counter[str] = Counter()
    start = time.monotonic()
    measure_from, stop_at = start + warmup_s, start + warmup_s + duration_s

    async def call(client: httpx.AsyncClient, endpoint: str, body: dict) -> None:
        t = time.monotonic()
        try:
            response = await client.post(f"/v1/{endpoint}", json=body)
            ok = response.status_code == 200
            cause = "" if ok else f"{endpoint} {response.status_code} {_shape(response.text[:200])}"
        except httpx.HTTPError as exc:
            ok, cause = False, f"{endpoint} {_shape(repr(exc)[:200])}"
        end = time.monotonic()
        if measure_from <= t and end <= stop_at:
            if ok:
                samples[endpoint].append((end - t) * 1000)
            else:
                errors[endpoint] += 1
                causes[cause] += 1

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
                    await call(client, "context", {"channel": "load", "user": user_name(u), "message": question})
                if "turns" in endpoints:
                    await call(
                        client,
                        "turns",
                        {
                            "channel": "load",
                            "user": user_name(u),
                            "message": f"{question} (load client {i}, turn {n})",
                            "reply": "Noted.",
                        },
                    )
                n += 1

    await asyncio.gather(*(client_loop(i) for i in range(concurrency)))
    return {"samples": samples, "errors": errors, "causes": dict(causes), "seconds": duration_s}


def _shape(line: str) -> str:
    """``line`` with its numbers and hex ids replaced by ``#`` (one cause, one key)."""
    return re.sub(r"0x[0-9a-f]+|\b[0-9a-f]{8,}\b|\d+", "#", line.strip())


_LOG_ERROR = re.compile(r"[\w.]+(?:Error|Exception|Timeout): .{0,160}|\b(?:ERROR|WARNING)\b.{0,160}")


def log_causes(paths: list[Path]) -> dict[str, int]:
    """Error and warning lines of the replicas' logs, by shape (numbers blanked), by count."""
    found: Counter[str] = Counter()
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for line in text.splitlines():
            match = _LOG_ERROR.search(line)
            if match and "Traceback" not in line:
                found[_shape(match.group(0))] += 1
    return dict(found)


def summarize(runs: list[dict]) -> dict:
    """Pooled figures of several runs of one configuration."""
    seconds = sum(r["seconds"] for r in runs)
    causes: Counter[str] = Counter()
    logged: Counter[str] = Counter()
    for r in runs:
        causes.update(r["causes"])
        logged.update(r.get("log_causes", {}))
    report: dict = {
        "runs": len(runs),
        "causes": dict(causes.most_common(8)),
        "log_causes": dict(logged.most_common(8)),
        "load_1min": [r["load"] for r in runs],
    }
    for endpoint in ENDPOINTS:
        ms = [x for r in runs for x in r["samples"][endpoint]]
        report[endpoint] = {
            "requests": len(ms),
            "errors": sum(r["errors"][endpoint] for r in runs),
            "p50_ms": round(percentile(ms, 50), 1) if ms else None,
            "p95_ms": round(percentile(ms, 95), 1) if ms else None,
            "p99_ms": round(percentile(ms, 99), 1) if ms else None,
            "req_s": round(len(ms) / seconds, 1),
            "req_s_by_run": [round(len(r["samples"][endpoint]) / r["seconds"], 1) for r in runs],
        }
    report["total_req_s"] = round(sum(report[e]["req_s"] for e in ENDPOINTS), 1)
    return report


def run_config(label: str, database_url: str, replicas: int, args, convs, logdir: Path) -> dict:
    """One run: start the replicas, drive them, stop them; the raw samples, the error
    lines of the replicas' logs and the load average (1 min) at the start and the end."""
    servers = Replicas(replicas, database_url, args.embedder, logdir, args.blas_threads)
    try:
        servers.wait_ready()
        log(f"{label} x{replicas}: ready on {', '.join(servers.urls)}; driving for {args.warmup + args.duration:.0f} s")
        before = os.getloadavg()[0]
        run = asyncio.run(
            drive(
                servers.urls, convs, args.users, args.concurrency, args.duration, args.warmup, args.seed, args.endpoints
            )
        )
        run["load"] = f"{before:.2f}-{os.getloadavg()[0]:.2f}"
    finally:
        servers.stop()
    run["log_causes"] = log_causes(servers.logs)
    done = {e: len(run["samples"][e]) / run["seconds"] for e in ENDPOINTS}
    log(
        f"{label} x{replicas}: "
        + ", ".join(f"{e} {v:.1f} req/s" for e, v in done.items())
        + f"; errors {sum(run['errors'].values())}; load {run['load']}"
    )
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

    def url(self, name: str, base: str = "") -> str:
        """``name``'s URL on the server of ``base`` (default the admin URL's)."""
        from urllib.parse import urlsplit, urlunsplit

        return urlunsplit(urlsplit(base or self.admin_url)._replace(path="/" + name))

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


def print_table(results: list[dict], args, path: str) -> None:
    print(
        f"users {args.users} x {args.memories} seeded turns, concurrency {args.concurrency}, "
        f"{args.rounds} x {args.duration:.0f} s measured after {args.warmup:.0f} s warm-up, "
        f"embedder {args.embedder}, BLAS threads {args.blas_threads or 'unset'}; PostgreSQL {path}"
    )
    print("| store | replicas | endpoint | requests | errors | p50 ms | p95 ms | p99 ms | req/s | load 1 min |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        for endpoint in ENDPOINTS:
            e = r[endpoint]
            print(
                f"| {r['config']} | {r['replicas']} | /v1/{endpoint} | {e['requests']} | {e['errors']} | "
                f"{e['p50_ms']} | {e['p95_ms']} | {e['p99_ms']} | {e['req_s']}"
                + (f" ({', '.join(map(str, e['req_s_by_run']))})" if r["runs"] > 1 else "")
                + f" | {', '.join(r['load_1min'])} |"
            )
        print(f"| {r['config']} | {r['replicas']} | both | | | | | | {r['total_req_s']} | |")
    for r in results:
        for cause, n in r["causes"].items():
            print(f"{r['config']} x{r['replicas']} error x{n}: {cause}")
        for line, n in r["log_causes"].items():
            print(f"{r['config']} x{r['replicas']} replica log x{n}: {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, default=20, help="seeded users")
    parser.add_argument("--memories", type=int, default=150, help="LoCoMo turns replayed per user")
    parser.add_argument("--concurrency", type=int, default=8, help="concurrent clients")
    parser.add_argument("--duration", type=float, default=30.0, help="measured seconds per configuration")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of load before measuring")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each configuration, interleaved")
    parser.add_argument("--replicas", default="1,2,4", help="replica counts to run on PostgreSQL")
    parser.add_argument(
        "--blas-threads",
        type=int,
        default=1,
        help="BLAS/OpenMP threads of each replica (OPENBLAS_NUM_THREADS…; 0 = unset)",
    )
    parser.add_argument(
        "--pgbouncer-url",
        default="",
        help="a running PgBouncer (transaction mode) in front of --admin-url's server; "
        "default: the bench starts its own",
    )
    parser.add_argument("--direct", action="store_true", help="replicas connect to PostgreSQL directly")
    parser.add_argument("--pgbouncer-pool", type=int, default=20, help="server connections per database")
    parser.add_argument(
        "--pgbouncer-ignore-options",
        action="store_true",
        help="the bench's PgBouncer ignores a client's startup 'options' (whose settings are lost)",
    )
    parser.add_argument(
        "--endpoints",
        default="context,turns",
        help="what each client sends in its loop: context,turns (default) or one",
    )
    parser.add_argument("--sqlite", action="store_true", help="also one replica on SQLite (reference)")
    parser.add_argument("--embedder", default="use", help="use (default), e5, none…")
    parser.add_argument(
        "--admin-url", default=os.environ.get("SOUVENIR_TEST_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")
    )
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
    bouncer = None
    if not args.direct and not args.pgbouncer_url:
        bouncer = PgBouncer(pool=args.pgbouncer_pool, ignore_options=args.pgbouncer_ignore_options).__enter__()
        log(
            f"pgbouncer on 127.0.0.1:{bouncer.listen} (transaction mode, pool {args.pgbouncer_pool}"
            + (", ignoring startup options)" if args.pgbouncer_ignore_options else ")")
        )
    base = "" if args.direct else (args.pgbouncer_url or bouncer.url("postgres"))  # type: ignore[union-attr]
    path = (
        "direct"
        if args.direct
        else "through pgbouncer (transaction mode"
        + (", startup options ignored)" if args.pgbouncer_ignore_options and bouncer else ")")
    )
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
                        url = dbs.url(dbs.create(f"r{r}_{count}", template=seeded), base)
                    runs[(label, count)].append(run_config(label, url, count, args, convs, logdir))
        finally:
            if bouncer is not None:
                bouncer.stop()
            dbs.drop_all()
    results = [{"config": label, "replicas": count, **summarize(runs[(label, count)])} for label, count in configs]
    print_table(results, args, path)
    if args.json:
        Path(args.json).write_text(
            json.dumps({"args": {k: str(v) for k, v in vars(args).items()}, "results": results}, indent=2),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
