"""``GET /health`` (live) and ``GET /health/ready`` (ready), public and never waiting.

``/health`` answers 200 while the process serves HTTP, with what it knows:
``{"status": "ok"|"degraded", "live": true, "ready": bool, "causes": [{"part", "detail"}],
"embedder", "window_embedder", "embedder_breakers", "chat", "proxy", "degraded_turns"}`` (``chat``:
per model, its breaker, the class of its latest failure (``last_failure``, never its
message: this route is public), the structured output it accepts, the forms it refused and
its configuration error; ``proxy``: how the upstream chat model answered the proxy's latest
request, ``{"upstream": "unknown"|"ok"|"failing", "last_failure", "failing_for_s"}``, ``null``
without a proxy). ``/health/ready`` is the same body with
503 when not ready: the store cannot be read, or ``warming`` lists the embedders whose model
is still loading at start (a first turn then waits for them instead of going degraded). Causes (the part is one of ``store``,
``embedder``, ``window_embedder``, ``chat``, ``breaker``, ``proxy``):

- store: unreachable or unreadable (not ready); its file gone, read-only, or a write
  refused as busy within the last :data:`RECENT_S` seconds (degraded, still ready: reads
  are served);
- embedder / window_embedder: skipped after a failure until a probe sees it healthy
  (degraded: turns go without it);
- chat: a chat model refused the request in every format: a configuration error (degraded);
- breaker: a chat model is skipped after failures (degraded: reflections wait);
- proxy: the upstream chat model failed the proxy's latest request (a connection error, a
  timeout or a 5xx: degraded until a request is answered).

Every probe of the store runs off the request in :class:`Probe`, bounded by
:data:`PROBE_S`: a locked or vanished store never holds ``/health``. The probe's read itself
waits on a lock at most :data:`souvenir.engine.runtime.PROBE_WAIT_S` (0.25 s): under a table
locked by another process ``/health`` answers ``degraded`` as soon as the store refuses the
read, not after :data:`PROBE_S` (it took 1.0 s before, issue #27).
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from typing import Any

#: A busy write this recent makes the store "degraded" (seconds).
RECENT_S = 30.0
#: Longest a probe of the store holds a health or metrics request (seconds).
PROBE_S = 1.0


class Probe:
    """Run ``fn`` in a thread of its own, at most one at a time, waiting ``timeout_s`` for it;
    returns ``(value, fresh)``: the new value, or the last good one (``default`` before any)
    with ``fresh=False`` when it failed or is still running."""

    def __init__(self, fn: Callable[[], Any], default: Any, timeout_s: float = PROBE_S) -> None:
        self.fn = fn
        self.value = default
        self.timeout_s = timeout_s
        self._running: Future | None = None
        #: Why the latest probe failed: ``"timeout"`` (no answer within ``timeout_s``), the
        #: exception's class name, or ``None`` (it answered).
        self.failure: str | None = None
        self._lock = threading.Lock()
        # one long-lived thread: the store keeps one reader connection per thread
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="souvenir-probe")

    def get(self) -> tuple[Any, bool]:
        with self._lock:
            if self._running is None or self._running.done():
                self._running = self._thread.submit(self.fn)
            running = self._running
        try:
            self.value = running.result(timeout=self.timeout_s)
            self.failure = None
            return self.value, True
        except FuturesTimeout:
            self.failure = "timeout"
            return self.value, False
        except Exception as exc:  # noqa: BLE001 - a failed probe is a cause, not a 500
            self.failure = type(exc).__name__
            return self.value, False


def store_causes(store, readable: bool, failure: str | None = None) -> list[dict]:
    causes = []
    if not readable:
        if failure == "StoreBusyError":
            detail = "the store cannot be read: it is locked by another process or its pool is full"
        else:
            detail = "the store cannot be read (unreachable or locked)"
        causes.append({"part": "store", "detail": detail})
    path = getattr(store, "path", None)
    if path and path != ":memory:":
        if not os.path.exists(path):
            causes.append({"part": "store", "detail": "the SQLite file is gone: writes are refused"})
        elif not os.access(path, os.W_OK) or not os.access(os.path.dirname(os.path.abspath(path)), os.W_OK):
            causes.append({"part": "store", "detail": "the SQLite file is read-only: writes are refused"})
    since = time.monotonic() - getattr(store, "last_busy", 0.0)
    if getattr(store, "busy_count", 0) and since < RECENT_S:
        causes.append({"part": "store", "detail": f"a write was refused as busy {since:.0f} s ago"})
    return causes


_STATUS = re.compile(r"HTTP (\d{3})")


def _status(cause: str) -> str:
    found = _STATUS.search(cause)
    return f"HTTP {found.group(1)}" if found else "refused"


def public_chat(states: dict) -> dict:
    """The chat models' health as this public route shows it: a refusal says its HTTP
    status, never the upstream's answer nor the server's address (an answer may echo the
    API key, an address may carry a password: both stay in the log and ``souvenir jobs
    list``)."""
    shown = {}
    for model, state in states.items():
        state = dict(state)
        if state.get("refused"):
            state["refused"] = {form: _status(cause) for form, cause in state["refused"].items()}
        if state.get("config_error"):
            codes = ", ".join(dict.fromkeys(_STATUS.findall(state["config_error"]))) or "an error"
            state["config_error"] = (
                f"configuration error: the chat model {model!r} refused the request "
                f"in every format (HTTP {codes}); the log has its answer"
            )
        shown[model] = state
    return shown


def component_causes(rt) -> list[dict]:
    causes = []
    for part, index in (("embedder", rt.index), ("window_embedder", rt.window_index)):
        if index is not None and index.breaker.state == "open":
            causes.append({"part": part, "detail": f"{index.name} is skipped until a probe sees it healthy"})
    chat = rt.engine.chat
    if chat is not None:
        for model, state in public_chat(chat.health()).items():
            if state["config_error"]:
                causes.append({"part": "chat", "detail": state["config_error"]})
            if state["breaker"] != "closed":
                why = f" ({state['last_failure']})" if state.get("last_failure") else ""
                causes.append(
                    {
                        "part": "breaker",
                        "detail": f"the chat model {model} is skipped after a failure{why}, "
                        f"breaker {state['breaker']}: reflections wait "
                        "(souvenir jobs list shows the error)",
                    }
                )
    return causes


def report(rt, proxy=None) -> tuple[dict, bool]:
    """(the health body, whether ready) of runtime ``rt``; never waits on the store.
    ``proxy``: the proxy's :class:`~souvenir.api.proxy_upstream.UpstreamHealth` (``None``: no proxy)."""
    if getattr(rt, "_health_probe", None) is None:
        rt._health_probe = Probe(rt.probe_store, 0)  # a read of the store, waiting 0.25 s at most
    probe = rt._health_probe
    if True:
        path = getattr(rt.store, "path", None)
        gone = path is not None and bool(path) and path != ":memory:" and not os.path.exists(path)
        degraded_turns, readable = (probe.value, False) if gone else probe.get()
        causes = store_causes(rt.store, readable, None if gone else probe.failure) + component_causes(rt)
        upstream = proxy.describe() if proxy is not None else None
        if upstream is not None and upstream["upstream"] == "failing":
            causes.append(
                {
                    "part": "proxy",
                    "detail": f"the upstream chat model failed the proxy's latest request "
                    f"({upstream['last_failure']}, for {upstream['failing_for_s']} s): "
                    "proxied requests get 502/504 until it answers",
                }
            )
        warming = [i.name for i in rt.indexes if i.warming]  # a cold start: ready once the models are loaded
        ready = readable and not warming
        return {
            "status": "ok" if not causes else "degraded",
            "live": True,
            "ready": ready,
            "warming": warming,
            "causes": causes,
            "embedder": rt.index.name if rt.index else None,
            "window_embedder": rt.window_index.name if rt.window_index else None,
            "embedder_breakers": {i.name: i.breaker.state for i in rt.indexes},
            "chat": public_chat(rt.engine.chat.health()) if rt.engine.chat is not None else {},
            "proxy": upstream,
            "degraded_turns": degraded_turns + getattr(rt.engine, "degraded_unrecorded", 0),
            # the recent users' read path built at start (issue #28): not part of "ready"
            "read_warm_up": dict(rt.engine.warmer.state) if hasattr(rt.engine, "warmer") else None,
        }, ready
