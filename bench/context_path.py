"""Where one ``POST /v1/context`` spends its time, and the same request A/B against another
checkout, interleaved request by request.

``profile``: in process, on a store filled as ``souvenir bench latency`` fills it
(:func:`souvenir.bench.latency.fill`: synthetic memories, random unit vectors), each stage
of the request wrapped where it runs (wall and CPU time of its own thread): the library's
validation, the user lookup and candidates, both query encodes (in their worker threads)
and the thread hops before them, the date grounding, the fused score, the passes, the
profile and history reads, the block, the response model. Wrapping is done here, on this
process's objects, for the measurement only.

``ab``: two ``souvenir serve`` subprocesses on two copies of one store, one importing this
checkout's sources and one another's (``--other DIR``, a ``src`` folder), their ``POST
/v1/context`` requests alternating (which server goes first alternates too), the same
messages; p50 / p90 / p99 of each, the median of paired ratios, each server's CPU time
(``/proc/PID/stat``) over the timed requests, the load average. ``--check`` compares
both answers request by request (memory ids and order, passes, reasons, scores).

    .venv/bin/python -m bench.context_path profile --store /tmp/l3000.db [--queries 100]
    .venv/bin/python -m bench.context_path ab --store /tmp/l3000.db --other ../main/src \
        [--queries 100] [--runs 3] [--check]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

from souvenir.bench import latency as lat  # noqa: E402
from souvenir.bench import latency_http as lat_http  # noqa: E402
from souvenir.bench.latency_http import Server as Server_  # noqa: E402
from souvenir.ground.config import Settings  # noqa: E402
from souvenir.engine.runtime import open_runtime  # noqa: E402

#: The messages timed: ``souvenir bench latency``'s five, numbered as it numbers them.
MESSAGES = lat_http._MESSAGES


def message(i: int) -> str:
    return f"{MESSAGES[i % len(MESSAGES)]} ({i})"


def build(path: Path, size: int) -> None:
    """A store of ``size`` memories for the bench user, as ``souvenir bench latency``
    writes it, with one counted turn (every memory's counters started)."""
    lat.fill_store(path, size, Settings(database_url=f"sqlite:///{path}", llm_base_url="", _env_file=None))


# -- profile -------------------------------------------------------------------------------
class Recorder:
    def __init__(self) -> None:
        self.rows: dict[str, list[tuple[float, float]]] = defaultdict(list)
        self.marks: dict[str, float] = {}
        self.lock = threading.Lock()

    def wrap(self, owner, name: str, label: str, mark: str | None = None) -> None:
        """Time ``owner.name`` (wall, thread CPU) as ``label``; ``mark``: also keep the
        start's clock under that name (thread hops); a name the code no longer has is skipped."""
        fn = getattr(owner, name, None)
        if fn is None:
            return
        rec = self

        def timed(*args, **kwargs):
            w, c = time.perf_counter(), time.thread_time()
            if mark:
                rec.marks[mark] = w
            try:
                return fn(*args, **kwargs)
            finally:
                rec.add(label, (time.perf_counter() - w) * 1000, (time.thread_time() - c) * 1000)

        setattr(owner, name, timed)

    def add(self, label: str, wall: float, cpu: float) -> None:
        with self.lock:
            self.rows[label].append((wall, cpu))

    def clear(self) -> None:
        self.rows.clear()


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return round(s[int(q * (len(s) - 1))], 3)


def profile(args) -> dict:
    from souvenir.engine import reader as reader_mod
    from souvenir import library as library_mod
    from souvenir.api.routes import turns
    from souvenir.library import Souvenir
    from souvenir.schemas import ContextPublic
    from souvenir.read.scoring import scorer as scorer_mod

    work = Path(tempfile.mkdtemp(prefix="ctxpath-"))
    db = work / "s.db"
    shutil.copy(args.store, db)
    settings = Settings(database_url=f"sqlite:///{db}", llm_base_url="", _env_file=None)
    rt = open_runtime(settings)
    lib = Souvenir(rt, owns_runtime=False)
    rec = Recorder()
    eng, store = rt.engine, rt.store
    rec.wrap(store, "find_user_story", "user and story lookup")
    rec.wrap(store, "candidates", "candidates (read cache)")
    rec.wrap(store, "kv_all", "profile read (kv_all)")
    rec.wrap(store, "recent_turns", "history read")
    for idx, tag in ((rt.index, "USE"), (rt.window_index, "e5")):
        if idx is None:
            continue
        rec.wrap(idx, "embed_query", f"{tag} embed_query (caller's wall)", mark=f"{tag} submit")
        if hasattr(idx, "start_query"):  # this branch: started, read later
            rec.wrap(idx, "start_query", f"{tag} start_query", mark=f"{tag} submit")
        rec.wrap(idx.embedder, "encode_query", f"{tag} encode (worker thread)")
        inner = idx._encode_query

        def started(*a, _tag=tag, _inner=inner, **k):
            rec.add(f"{_tag} hop: submit → worker start", (time.perf_counter() - rec.marks[f"{_tag} submit"]) * 1000, 0)
            return _inner(*a, **k)

        idx._encode_query = started
    rec.wrap(eng.query_scorer, "scores", "encodes + fused score (QueryScorer.scores)")
    rec.wrap(eng, "fused_scores", "fused score")
    if hasattr(eng.scorer, "prepare"):  # this branch: the score in two parts
        from souvenir.read.scoring.scorer import Prepared

        rec.wrap(eng.scorer, "prepare", "score before e5's vector (prepare)")
        rec.wrap(Prepared, "finish", "score after e5's vector (finish)")
        rec.wrap(eng.reader, "around", "profile, history, story reads (while e5 runs)")
        from souvenir.index.vectors import PendingQuery

        rec.wrap(PendingQuery, "result", "wait for e5's vector (after the rest)")
    rec.wrap(scorer_mod, "query_period", "date grounding (query_period)")
    rec.wrap(reader_mod, "select_current", "passes (select_current)")
    rec.wrap(reader_mod, "render_block", "block")
    rec.wrap(eng.bookkeeping, "later", "bookkeeping hand-off")
    rec.wrap(eng.records, "count", "bookkeeping: counters (after the turn)")
    rec.wrap(eng.records, "record_selection", "bookkeeping: selection kept (after the turn)")
    for name in ("story_summary", "anchors", "positions"):
        rec.wrap(store, name, f"story layer read ({name})")
    rec.wrap(eng, "context", "engine.context")
    inner_context = eng.context

    def context_marked(*a, **k):
        if "asgi in" in rec.marks:
            rec.add("HTTP in: request in → engine.context", (time.perf_counter() - rec.marks.pop("asgi in")) * 1000, 0)
        try:
            return inner_context(*a, **k)
        finally:
            rec.marks["engine out"] = time.perf_counter()

    eng.context = context_marked
    rec.wrap(library_mod, "validated", "library validation")
    rec.wrap(ContextPublic, "from_result", "response model (from_result)")
    rec.wrap(lib, "context", "library.context")
    dumps: list[tuple[float, float]] = []
    loads = [os.getloadavg()[0]]
    web = _InProcessServer(rt, settings, rec) if args.http else None
    try:
        if web is not None:
            web.start()
            rec.wrap(web.app.state.souvenir, "context", "library.context")
        ask = (
            web.ask
            if web is not None
            else (lambda text: lib.context(lat.USER, text, story=lat.STORY, channel=lat.CHANNEL))
        )
        for i in range(len(MESSAGES)):  # warm-up: models, caches
            ask(MESSAGES[i])
        eng.flush(None)
        rec.clear()
        for i in range(args.queries):
            out = ask(message(i))
            if web is None:
                w, c = time.perf_counter(), time.thread_time()
                out.model_dump(mode="json")
                dumps.append(((time.perf_counter() - w) * 1000, (time.thread_time() - c) * 1000))
            if args.pause:
                eng.flush(None)
        if dumps:
            rec.rows["response dump (model_dump json)"] = dumps
        loads.append(os.getloadavg()[0])
    finally:
        if web is not None:
            web.stop()
        rt.close()
        shutil.rmtree(work, ignore_errors=True)
    table = {
        label: {
            "wall_p50": pct([w for w, _ in v], 0.5),
            "wall_p90": pct([w for w, _ in v], 0.9),
            "cpu_p50": pct([c for _, c in v], 0.5),
            "n": len(v),
        }
        for label, v in rec.rows.items()
    }
    _ = turns
    return {"stages": table, "load": loads, "queries": args.queries}


class _InProcessServer:
    """uvicorn in a thread of this process over the instrumented runtime; an ASGI wrapper
    times each request from its first byte read to its last byte written."""

    def __init__(self, rt, settings: Settings, rec: Recorder) -> None:
        import httpx
        import uvicorn

        from souvenir.api.app import create_app

        self.app = create_app(settings, runtime=rt)
        inner = self.app

        async def timed_app(scope, receive, send):
            if scope["type"] != "http":
                return await inner(scope, receive, send)
            start = time.perf_counter()
            rec.marks["asgi in"] = start

            async def sent(message):
                await send(message)
                if message["type"] == "http.response.start" and "engine out" in rec.marks:
                    rec.add(
                        "HTTP out: engine.context's return → response start",
                        (time.perf_counter() - rec.marks.pop("engine out")) * 1000,
                        0,
                    )
                if message["type"] == "http.response.body" and not message.get("more_body"):
                    rec.add("ASGI: request in → response out", (time.perf_counter() - start) * 1000, 0)

            await inner(scope, receive, sent)

        self.port = lat_http._free_port()
        self.server = uvicorn.Server(
            uvicorn.Config(timed_app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.client = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=60)
        self.rec = rec

    def start(self) -> None:
        self.thread.start()
        while not self.server.started:
            time.sleep(0.05)

    def ask(self, text: str) -> dict:
        start = time.perf_counter()
        reply = self.client.post(
            "/v1/context", json={"channel": lat.CHANNEL, "user": lat.USER, "message": text, "story": lat.STORY}
        )
        self.rec.add("client: POST /v1/context", (time.perf_counter() - start) * 1000, 0)
        reply.raise_for_status()
        return reply.json()

    def stop(self) -> None:
        self.client.close()
        self.server.should_exit = True
        self.thread.join(10)


# -- A/B over HTTP -----------------------------------------------------------------------------
def cpu_ms(pid: int) -> float:
    """utime + stime of a process (all threads), in ms."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


class Server(Server_):
    """``souvenir serve`` importing the sources in ``src`` first."""

    def __init__(self, url: str, src: str, extra_env: dict | None = None) -> None:
        saved = os.environ.get("PYTHONPATH")
        os.environ["PYTHONPATH"] = src
        for k, v in (extra_env or {}).items():
            os.environ[k] = v
        try:
            super().__init__(url, Settings(llm_base_url="", _env_file=None))
        finally:
            if saved is None:
                os.environ.pop("PYTHONPATH", None)
            else:
                os.environ["PYTHONPATH"] = saved
            for k in extra_env or {}:
                os.environ.pop(k, None)

    def answer(self, text: str) -> tuple[float, dict]:
        start = time.perf_counter()
        reply = self.client.post(
            "/v1/context", json={"channel": lat.CHANNEL, "user": lat.USER, "message": text, "story": lat.STORY}
        )
        ms = (time.perf_counter() - start) * 1000
        reply.raise_for_status()
        return ms, reply.json()


def same(a: dict, b: dict) -> bool:
    key = lambda r: [(m["id"], m["pass"], m["reason"], m["score"]) for m in r["memories"]]  # noqa: E731
    return (
        key(a) == key(b) and a["block"] == b["block"] and [m["id"] for m in a["rules"]] == [m["id"] for m in b["rules"]]
    )


def ab(args) -> dict:
    work = Path(tempfile.mkdtemp(prefix="ctxab-"))
    names = ["other", "this"]
    srcs = [str(Path(args.other).resolve()), str(REPO / "src")]
    envs = [dict(kv.split("=", 1) for kv in args.other_env), dict(kv.split("=", 1) for kv in args.env)]
    report: dict = {"runs": []}
    try:
        for _run in range(args.runs):
            servers = []
            try:
                for k, src in enumerate(srcs):
                    db = work / f"{names[k]}.db"
                    shutil.copy(args.store, db)
                    servers.append(Server(f"sqlite:///{db}", src, envs[k]))
                for i in range(len(MESSAGES)):
                    for s in servers:
                        s.answer(MESSAGES[i])
                times: list[list[float]] = [[], []]
                differ = 0
                load = [os.getloadavg()[0]]
                cpu0 = [cpu_ms(s.process.pid) for s in servers]
                for i in range(args.queries):
                    order = (0, 1) if i % 2 == 0 else (1, 0)
                    answers = {}
                    for k in order:
                        ms, answers[k] = servers[k].answer(message(i))
                        times[k].append(ms)
                        if args.gap_ms:  # a chatbot's turn: the model answers before the next message
                            time.sleep(args.gap_ms / 1000)
                    if args.check and not same(answers[0], answers[1]):
                        differ += 1
                cpu1 = [cpu_ms(s.process.pid) for s in servers]
                load.append(os.getloadavg()[0])
                row = {"load": load, "differ": differ if args.check else None}
                for k, name in enumerate(names):
                    row[name] = {
                        "p50": pct(times[k], 0.5),
                        "p90": pct(times[k], 0.9),
                        "p99": pct(times[k], 0.99),
                        "cpu_ms_per_request": round((cpu1[k] - cpu0[k]) / args.queries, 2),
                    }
                row["paired_ratio_p50"] = round(statistics.median(b / a for a, b in zip(*times)), 3)
                report["runs"].append(row)
                print(json.dumps(row), flush=True)
            finally:
                for s in servers:
                    s.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("profile", "ab"))
    ap.add_argument("--store", required=True, help="the SQLite file (built when absent)")
    ap.add_argument("--size", type=int, default=3000)
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--other", help="ab: the other checkout's src folder")
    ap.add_argument("--env", action="append", default=[], help="ab: KEY=VALUE for this checkout's server")
    ap.add_argument("--gap-ms", type=float, default=0.0, help="ab: pause after each request (ms)")
    ap.add_argument("--other-env", action="append", default=[], help="ab: KEY=VALUE for the other server")
    ap.add_argument("--check", action="store_true", help="ab: compare both answers request by request")
    ap.add_argument("--pause", action="store_true", help="profile: flush the bookkeeping after each request")
    ap.add_argument("--http", action="store_true", help="profile: through uvicorn in this process, over loopback")
    args = ap.parse_args()
    build(Path(args.store), args.size)
    out = profile(args) if args.mode == "profile" else ab(args)
    if args.mode == "profile":
        width = max(map(len, out["stages"]))
        print(f"{'stage':<{width}}  wall p50  wall p90  cpu p50     n")
        for label, r in out["stages"].items():
            print(f"{label:<{width}}  {r['wall_p50']:8}  {r['wall_p90']:8}  {r['cpu_p50']:7}  {r['n']:4}")
        print("load", out["load"])
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
