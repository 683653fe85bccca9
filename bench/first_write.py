"""The first write of a process against a large user: how long it waits for the write index.

A user's first write in a process builds the write index before deciding
(:class:`souvenir.engine.write_pools.WritePools`; 32–36 s of CPU at 100,000 memories, session
20). The service's read warm-up now builds it too (:meth:`ReadWarmer.warm_writes`). This opens
a store filled as ``souvenir bench latency`` fills it (:func:`souvenir.bench.latency.fill`,
embedders off: the write path reads no vector), starts the warm-up as ``souvenir serve`` does,
waits for it, then times one ``remember`` of the bench user (wall and CPU of this thread) and
one more. Run it once per checkout (``PYTHONPATH=OTHER/src`` for another's code); a JSON line
per run.

    .venv/bin/python -m bench.first_write --store /tmp/fw100k.db --size 100000
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from souvenir.bench import latency as lat
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.ground.types import Candidate

TEXTS = ("I moved to Kuala Lumpur last month", "My sister started a bakery in Ipoh")


def build(path: Path, size: int) -> None:
    """The store of ``size`` memories of the bench user, with one context served (the warm-up
    warms the users served last)."""
    lat.fill_store(path, size, _settings(path))


def _settings(path: Path) -> Settings:
    return Settings(
        database_url=f"sqlite:///{path}", llm_base_url="", embedder="none", window_embedder="none", _env_file=None
    )


def run(path: Path, warm: bool) -> dict:
    rt = open_runtime(_settings(path))
    try:
        began = time.perf_counter()
        if warm:
            rt.engine.warmer.start(rt.settings.read_warm_users)
            rt.engine.warmer.wait()
        warmed = time.perf_counter() - began
        writes = []
        for text in TEXTS:
            w, c = time.perf_counter(), time.thread_time()
            rt.engine.remember(lat.CHANNEL, lat.USER, Candidate(text=text), now=lat.NOW)
            writes.append((round(time.perf_counter() - w, 2), round(time.thread_time() - c, 2)))
        return {
            "warm_up_s": round(warmed, 1),
            "write_indexes": rt.engine.warmer.state.get("write_indexes"),
            "first_write_wall_cpu_s": writes[0],
            "second_write_wall_cpu_s": writes[1],
            "load": os.getloadavg()[0],
        }
    finally:
        rt.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", type=Path, required=True)
    ap.add_argument("--size", type=int, default=100_000)
    ap.add_argument("--no-warm", action="store_true", help="no warm-up: the first write builds the index")
    args = ap.parse_args()
    build(args.store, args.size)
    print(json.dumps({"size": args.size, "warm": not args.no_warm, **run(args.store, not args.no_warm)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
