"""``souvenir bench latency``'s ``POST /v1/context`` timings (:func:`time_http`): ``souvenir
serve`` in a subprocess per store, over loopback, with httpx; beside each row's wall times
the server's CPU time a request (every thread of the process: the request's worker, both
query embedders, the bookkeeping, the event loop; ``/proc/PID/stat``, Linux), the figure a
shared machine does not move much (docs/benchmarks.md, "Latency").

``conversation``: each request also sends the chat so far as ``messages`` (its last
``conversation`` texts: the earlier messages and a reply to each), as the proxy does: a short
message reads them as query context (issue #28). ``paths``: a server may run another
checkout's code (its ``src`` folder first on ``PYTHONPATH``): main's, beside this one's, on a
copy of the same store, requests interleaved (paired ratios)."""

from __future__ import annotations

import functools
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import numpy as np

from souvenir.bench.timing import p50, p99, timed
from souvenir.ground.config import Settings

#: The benchmark's user, its channel and story.
CHANNEL, USER, STORY = "bench", "latency", "bench"
_MESSAGES = (
    "What do I usually eat in the morning?",
    "Quand est mon rendez-vous chez le dentiste ?",
    "Bila bungkusan saya sampai?",
    "我妹妹的钱转了吗？",
    "Remind me what Liam pays for the flat.",
)


def rss_mb(pid: int | str = "self") -> float | None:
    """Resident memory of a process in MB (``VmRSS``; ``None`` where /proc is absent)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


__all__ = ["Server", "load_avg", "process_cpu_s", "reply_to", "time_http"]


def process_cpu_s(pid: int) -> float | None:
    """CPU seconds (user + system, every thread) the process ``pid`` has used; ``None``
    where ``/proc`` is absent."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """``souvenir serve`` in a subprocess on the store at ``url`` (``scoring``: its read
    path, else the settings'), with an httpx client; :meth:`ask` times one POST
    /v1/context."""

    def __init__(self, url: str, settings: Settings, scoring: str | None = None, path: str | None = None) -> None:
        port = _free_port()
        env = {
            **os.environ,
            "SOUVENIR_DATABASE_URL": url,
            "SOUVENIR_EMBEDDER": settings.embedder,
            "SOUVENIR_LLM_BASE_URL": "",
            "SOUVENIR_SCORING": scoring or settings.scoring,
            "SOUVENIR_WINDOW_EMBEDDER": settings.window_embedder,
        }
        if path is not None:  # another checkout's code (``--against``)
            env["PYTHONPATH"] = os.pathsep.join(p for p in (path, os.environ.get("PYTHONPATH")) if p)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "souvenir.cli.main", "serve", "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120)
        started = time.monotonic()
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if self.client.get("/health").status_code == 200:
                        break
                except httpx.TransportError:
                    if self.process.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("souvenir serve did not start") from None
                    time.sleep(0.2)
            self.warm_s = self._warmed(started, time.monotonic() + 600)
        except BaseException:
            self.close()
            raise

    def _warmed(self, started: float, deadline: float) -> float | None:
        """Seconds from start until the read path's warm-up ended (``/health``'s
        ``read_warm_up``; ``None`` when the server reports none): the first request is
        timed after it, as a load balancer would send it once the replica is warm."""
        while time.monotonic() < deadline:
            warm = self.client.get("/health").json().get("read_warm_up")
            if not warm or not warm.get("running"):
                return round(time.monotonic() - started, 2) if warm else None
            time.sleep(0.2)
        return None

    def ask(self, message: str, messages: list[str] | None = None) -> float:
        body: dict[str, Any] = {"channel": CHANNEL, "user": USER, "message": message, "story": STORY}
        if messages:
            body["messages"] = messages
        ms, reply = timed(functools.partial(self.client.post, "/v1/context", json=body))
        reply.raise_for_status()
        return ms

    def close(self) -> None:
        self.client.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def load_avg() -> float | None:
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def reply_to(i: int) -> str:
    """The assistant's reply to the ``i``-th timed message (``--conversation``): a new text
    each turn, as a chat's."""
    return ("Noted, tell me more.", "D'accord, je m'en souviens.", "Baik, saya ingat.", "好的，我记住了。")[
        i % 4
    ] + f" ({i})"


def time_http(
    urls: list[str],
    settings: Settings,
    queries: int,
    scoring: str | None = None,
    conversation: int = 0,
    paths: list[str | None] | None = None,
) -> list[dict]:
    """POST /v1/context ``queries`` times to one server per store of ``urls``, all running at
    once, their requests interleaved query by query (the first store asked alternates), so
    that the shared machine's load falls on each store alike. One row per store; with
    several, the rows after the first hold ``paired_ratio``: the median over the queries of
    this store's time ÷ the first store's for the same query, and the load average before
    and after. ``conversation``: each request sends the last ``conversation`` texts of the
    chat so far as ``messages`` (module docstring); ``paths``: per store, the code its server
    runs (``None``: this checkout's)."""
    servers: list[Server] = []
    chat: list[str] = []
    try:
        for url, path in zip(urls, paths or [None] * len(urls)):
            servers.append(Server(url, settings, scoring, path))
        firsts = [server.ask(_MESSAGES[0]) for server in servers]
        for message in _MESSAGES:  # warm-up: model, cache, connection
            for server in servers:
                server.ask(message)
        load = [load_avg()]
        cpu = [process_cpu_s(s.process.pid) for s in servers]
        runs: list[list[float]] = [[] for _ in servers]
        for i in range(queries):
            message = f"{_MESSAGES[i % len(_MESSAGES)]} ({i})"
            shown = [*chat[-conversation:], message] if conversation else None
            order = range(len(servers)) if i % 2 == 0 else reversed(range(len(servers)))
            for k in order:
                runs[k].append(servers[k].ask(message, shown))
            chat += [message, reply_to(i)]
        load.append(load_avg())
        spent = [
            None if a is None or b is None else round((b - a) * 1000 / queries, 2)
            for a, b in zip(cpu, (process_cpu_s(s.process.pid) for s in servers))
        ]
        rows: list[dict[str, Any]] = [
            {
                "p50_ms": p50(r),
                "p99_ms": p99(r),
                "first_ms": round(f, 3),
                "warm_s": s.warm_s,
                "runs": len(r),
                "server_rss_mb": rss_mb(s.process.pid),
                "server_cpu_ms": c,  # the server's CPU a timed request, every thread
                "load_avg": load,
                "conversation": conversation,
            }
            for r, f, s, c in zip(runs, firsts, servers, spent)
        ]
        for k in range(1, len(rows)):
            rows[k]["paired_ratio"] = round(float(np.median(np.asarray(runs[k]) / np.asarray(runs[0]))), 3)
        return rows
    finally:
        for server in servers:
            server.close()
