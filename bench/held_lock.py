"""Every route's answer time while another process holds the store's lock (a benchmark).

    .venv/bin/python -m bench.held_lock [--store sqlite|postgres] [--lock immediate|exclusive|tables|rows]
                                        [--hold 40] [--writers 6] [--readers 6] [--json]

The service runs in its own process (``create_app`` under uvicorn, no embedder, no chat
model) on a fresh store with one user and 30 memories. Then another process takes the lock:

* SQLite: ``immediate`` (``BEGIN IMMEDIATE``) or ``exclusive`` (``BEGIN EXCLUSIVE``) on the file;
* PostgreSQL (a throwaway database of tests/pgtest.py): ``tables`` (every table of the
  schema ``LOCK … IN ACCESS EXCLUSIVE MODE``: no read can be served, each must say so) or
  ``rows`` (the user's row, its memories and profile rows ``FOR UPDATE``: reads are served).

For ``--hold`` seconds, ``--writers`` threads loop over the write routes and ``--readers``
over the read routes (health included), each request timed from send to answer; requests
stop being sent 6 s before the lock is released. Reports per route: requests, statuses,
median, p99 and max seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from contextlib import ExitStack
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.servers import free_port  # noqa: E402

USER = "/v1/users/bench/u"
THINGS = (
    "bicycle",
    "guitar",
    "kettle",
    "lamp",
    "rug",
    "camera",
    "violin",
    "tent",
    "kayak",
    "drone",
    "piano",
    "clock",
    "mirror",
    "sofa",
    "desk",
    "chair",
    "scooter",
    "telescope",
    "blender",
    "printer",
    "vase",
    "hammock",
    "easel",
    "drum",
    "saddle",
    "lantern",
    "compass",
    "globe",
    "anchor",
    "quilt",
)
PLACES = (
    "Ipoh",
    "Lyon",
    "Penang",
    "Nantes",
    "Melaka",
    "Lille",
    "Kuching",
    "Brest",
    "Shanghai",
    "Rennes",
    "Chengdu",
    "Dijon",
    "Sabah",
    "Nice",
    "Kedah",
    "Metz",
    "Perak",
    "Tours",
    "Suzhou",
    "Caen",
    "Xiamen",
    "Pau",
    "Johor",
    "Arles",
    "Hangzhou",
    "Vannes",
    "Klang",
    "Lorient",
    "Wuhan",
    "Albi",
)
SERVER = """
import sys, uvicorn
from souvenir.api.app import create_app
from souvenir.ground.config import Settings
settings = Settings(database_url=sys.argv[1], embedder="none", window_embedder="none", _env_file=None)
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""
SQLITE_HOLDER = """
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN " + sys.argv[2].upper()); print("locked", flush=True); time.sleep(float(sys.argv[3]))
"""
PG_HOLDER = """
import psycopg, sys, time
c = psycopg.connect(sys.argv[1])
if sys.argv[2] == "tables":
    names = [r[0] for r in c.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
    c.execute("LOCK TABLE " + ", ".join(names) + " IN ACCESS EXCLUSIVE MODE")
else:
    uid = c.execute("SELECT id FROM users WHERE external_id = 'u'").fetchone()[0]
    c.execute("SELECT id FROM users WHERE id = %s FOR UPDATE", (uid,))
    c.execute("SELECT id FROM memories WHERE user_id = %s FOR UPDATE", (uid,))
    c.execute("SELECT user_id FROM user_kv WHERE user_id = %s FOR UPDATE", (uid,))
print("locked", flush=True); time.sleep(float(sys.argv[3]))
"""


def _writes(ids: list[int]) -> list[tuple[str, str, str, dict | None]]:
    n = len(ids)
    return [
        (
            "POST /v1/turns",
            "POST",
            "/v1/turns",
            {"channel": "bench", "user": "u", "message": "I moved to Ipoh last week"},
        ),
        ("POST memories", "POST", f"{USER}/memories", {"text": "Has a cat named Miso"}),
        ("PATCH memory", "PATCH", f"{USER}/memories/{ids[n // 2]}", {"text": "Works as a nurse in Penang"}),
        ("POST pin", "POST", f"{USER}/memories/{ids[1]}/pin", None),
        ("PUT timezone", "PUT", "/v1/users/bench/u/timezone", {"tz": "Asia/Kuala_Lumpur"}),
        ("DELETE memory", "DELETE", f"{USER}/memories/{ids[-1]}", None),
    ]


def _reads(ids: list[int]) -> list[tuple[str, str, str, dict | None]]:
    return [
        ("GET memories", "GET", f"{USER}/memories", None),
        ("POST context", "POST", "/v1/context", {"channel": "bench", "user": "u", "message": "where does she work?"}),
        ("GET profile", "GET", f"{USER}/profile", None),
        ("GET history", "GET", f"{USER}/memories/{ids[0]}/history", None),
        ("POST search", "POST", f"{USER}/search", {"query": "cat"}),
        ("GET timezone", "GET", "/v1/users/bench/u/timezone", None),
        ("GET health", "GET", "/health", None),
    ]


def _wait_up(url: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the service exited")
        try:
            if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError("the service did not start")


def run(store: str, lock: str, hold: float, writers: int, readers: int) -> dict:
    with ExitStack() as stack:
        if store == "sqlite":
            db = Path(tempfile.mkdtemp(prefix="souvenir-lock-")) / "lock.db"
            url, target = f"sqlite:///{db}", str(db)
            holder_code = SQLITE_HOLDER
        else:
            from tests.pgtest import fresh_database

            url = target = stack.enter_context(fresh_database())
            holder_code = PG_HOLDER
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, url, str(port)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        )
        stack.callback(lambda: (server.terminate(), server.wait(timeout=30)))
        base = f"http://127.0.0.1:{port}"
        _wait_up(base, server)
        client = stack.enter_context(httpx.Client(base_url=base, timeout=60))
        ids: list[int] = []
        for i, (thing, place) in enumerate(zip(THINGS, PLACES)):
            r = client.post(f"{USER}/memories", json={"text": f"Bought a {thing} in {place} in {1990 + i}"})
            r.raise_for_status()
            if r.json()["id"] not in ids:
                ids.append(r.json()["id"])
        client.post("/v1/turns", json={"channel": "bench", "user": "u", "message": "I live in Ipoh"}).raise_for_status()
        client.put("/v1/users/bench/u/timezone", json={"tz": "Europe/Paris"}).raise_for_status()
        holder = subprocess.Popen(
            [sys.executable, "-c", holder_code, target, lock, str(hold)], stdout=subprocess.PIPE, text=True
        )
        stack.callback(lambda: (holder.kill(), holder.wait()))
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        held_at = time.monotonic()
        stop_at = held_at + max(1.0, hold - 6.0)
        timings: dict[str, list[tuple[int, float]]] = defaultdict(list)

        def loop(routes, offset: int) -> None:
            i = offset
            with httpx.Client(base_url=base, timeout=60) as c:
                while time.monotonic() < stop_at:
                    name, method, path, body = routes[i % len(routes)]
                    i += 1
                    started = time.monotonic()
                    try:
                        status = c.request(method, path, json=body).status_code
                    except httpx.HTTPError:
                        status = 0
                    timings[name].append((status, time.monotonic() - started))

        threads = [threading.Thread(target=loop, args=(_writes(ids), k)) for k in range(writers)] + [
            threading.Thread(target=loop, args=(_reads(ids), k)) for k in range(readers)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return {
            "store": store,
            "lock": lock,
            "hold_s": hold,
            "writers": writers,
            "readers": readers,
            "routes": {name: _summary(rows) for name, rows in sorted(timings.items())},
        }


def _summary(rows: list[tuple[int, float]]) -> dict:
    seconds = sorted(s for _, s in rows)
    statuses: dict[int, int] = defaultdict(int)
    for status, _ in rows:
        statuses[status] += 1
    return {
        "n": len(rows),
        "status": dict(sorted(statuses.items())),
        "median_s": round(statistics.median(seconds), 3),
        "p99_s": round(seconds[min(len(seconds) - 1, int(0.99 * len(seconds)))], 3),
        "max_s": round(seconds[-1], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--lock", choices=["immediate", "exclusive", "tables", "rows"], default=None)
    parser.add_argument("--hold", type=float, default=40.0)
    parser.add_argument("--writers", type=int, default=6)
    parser.add_argument("--readers", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    lock = args.lock or ("immediate" if args.store == "sqlite" else "tables")
    result = run(args.store, lock, args.hold, args.writers, args.readers)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.store}, lock {lock} held {args.hold:g} s, {args.writers} writers + {args.readers} readers")
    print(f"{'route':<16} {'n':>4} {'median':>7} {'p99':>7} {'max':>7}  statuses")
    for name, s in result["routes"].items():
        print(f"{name:<16} {s['n']:>4} {s['median_s']:>7.2f} {s['p99_s']:>7.2f} {s['max_s']:>7.2f}  {s['status']}")


if __name__ == "__main__":
    main()
