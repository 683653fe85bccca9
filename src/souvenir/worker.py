"""The reflection worker: runs outbox jobs after the reply, off the turn's path.

One background thread claims due jobs (in order per user), runs them through
:meth:`Engine.run_reflection`, retries a failure with exponential backoff
(``backoff_s × 2^(attempt−1)``, capped at 5 minutes) and parks a job after
``max_attempts``. Counts outcomes for /metrics and diagnostics.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from datetime import timedelta

from souvenir.errors import SouvenirError
from souvenir.timeutil import utcnow

log = logging.getLogger(__name__)


class ReflectionWorker:
    """Drains the outbox of one engine. ``counts``: reflections ``ok`` / ``failed`` /
    ``parked`` / ``dropped_items``; summaries ``summary_ok`` / ``summary_failed`` /
    ``summary_parked``."""

    def __init__(self, engine, max_attempts: int = 5, backoff_s: float = 2.0, idle_s: float = 0.5) -> None:
        self.engine = engine
        self.max_attempts = max_attempts
        self.backoff_s = backoff_s
        self.idle_s = idle_s
        self.counts: Counter[str] = Counter()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def run_once(self) -> bool:
        """Run one due job; ``False`` when none was due."""
        store = self.engine.store
        now = utcnow()
        job = store.claim(now)
        if job is None:
            return False
        try:
            if job["job"] == "summary":
                self.engine.run_summary(job, now)
                self.counts["summary_ok"] += 1
            else:
                parsed, results = self.engine.run_reflection(job, now)
                self.counts["ok"] += 1
                self.counts["dropped_items"] += len(parsed.dropped)
                self.engine.after_reflection(job, results, now)
        except SouvenirError as exc:
            self._failed(job, str(exc))
        except Exception as exc:  # noqa: BLE001 - a job must never kill the worker
            log.exception("reflection job %s crashed", job["id"])
            self._failed(job, repr(exc))
        return True

    def _failed(self, job: dict, error: str) -> None:
        store = self.engine.store
        now = utcnow()
        prefix = "summary_" if job["job"] == "summary" else ""
        if job["attempts"] >= self.max_attempts:
            store.park(job["id"], error, now)
            self.counts[prefix + "parked"] += 1
            log.warning("reflection job %s parked after %s attempts: %s", job["id"], job["attempts"], error)
        else:
            delay = min(300.0, self.backoff_s * 2 ** (job["attempts"] - 1))
            store.retry(job["id"], error, now + timedelta(seconds=delay), now)
            self.counts[prefix + "failed"] += 1

    def wake(self) -> None:
        self._wake.set()

    def start(self) -> None:
        if self._thread is not None:
            return
        self.engine.store.requeue_running(utcnow())

        def loop() -> None:
            while not self._stop.is_set():
                try:
                    busy = self.run_once()
                except SouvenirError as exc:  # the store itself is down: wait and retry
                    log.warning("reflection worker: %s", exc)
                    busy = False
                if not busy:
                    self._wake.wait(self.idle_s)
                    self._wake.clear()

        self._thread = threading.Thread(target=loop, name="souvenir-reflection", daemon=True)
        self._thread.start()

    def stop(self, timeout_s: float = 10.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=timeout_s)
            self._thread = None

    def drain(self, timeout_s: float = 30.0) -> bool:
        """Run jobs in this thread until none is due (tests, CLI); ``False`` on timeout."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if not self.run_once():
                return True
        return False
