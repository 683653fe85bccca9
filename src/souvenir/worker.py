"""The reflection worker: runs outbox jobs after the reply, off the turn's path.

One background thread claims due jobs (in order per user), runs them through
:meth:`Engine.run_reflection`, retries a failure with exponential backoff
(``backoff_s × 2^(attempt−1)``, capped at 5 minutes) and parks a job after
``max_attempts``. Counts outcomes for /metrics and diagnostics.

Several replicas may run a worker each on one PostgreSQL store (the store claims with
``SKIP LOCKED``, in order per user). A job left ``running`` by a dead worker is requeued:
on a store of one process (SQLite) every running job at start; on a shared store only jobs
claimed more than ``stale_after_s`` ago, at start and every ``sweep_s`` — a live replica's
job is never taken from it, and a job requeued from a worker that was merely slow is fenced
(its late result is dropped: :class:`~souvenir.errors.StaleJobError`, counted ``stale``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from datetime import timedelta

from souvenir.errors import SouvenirError, StaleJobError
from souvenir.timeutil import utcnow
from souvenir.store.protocol import Job

log = logging.getLogger(__name__)


class ReflectionWorker:
    """Drains the outbox of one engine. ``counts``: reflections ``ok`` / ``failed`` /
    ``parked`` / ``dropped_items``; summaries ``summary_ok`` / ``summary_failed`` /
    ``summary_parked``; ``stale`` (a job taken back meanwhile), ``requeued``.

    ``stale_after_s`` (shared stores): a job runs one model call bounded by the engine's
    ``reflection_timeout_s`` plus one short apply transaction, so a job claimed more than
    twice that bound plus a minute ago has lost its worker.
    """

    def __init__(self, engine, max_attempts: int = 5, backoff_s: float = 2.0, idle_s: float = 0.5,
                 stale_after_s: float | None = None, sweep_s: float = 60.0) -> None:
        self.engine = engine
        self.max_attempts = max_attempts
        self.backoff_s = backoff_s
        self.idle_s = idle_s
        self.stale_after_s = (stale_after_s if stale_after_s is not None
                              else 2 * engine.reflection_timeout_s + 60.0)
        self.sweep_s = sweep_s
        self._swept = 0.0
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
        except StaleJobError as exc:  # another worker owns it now: nothing to retry here
            log.warning("%s", exc)
            self.counts["stale"] += 1
        except SouvenirError as exc:
            self._failed(job, str(exc))
        except Exception as exc:  # noqa: BLE001 - a job must never kill the worker
            log.exception("reflection job %s crashed", job["id"])
            self._failed(job, repr(exc))
        return True

    def _failed(self, job: Job, error: str) -> None:
        store = self.engine.store
        now = utcnow()
        prefix = "summary_" if job["job"] == "summary" else ""
        if job["attempts"] >= self.max_attempts:
            store.park(job["id"], error, now, attempts=job["attempts"])
            self.counts[prefix + "parked"] += 1
            log.warning("reflection job %s parked after %s attempts: %s", job["id"], job["attempts"], error)
        else:
            delay = min(300.0, self.backoff_s * 2 ** (job["attempts"] - 1))
            store.retry(job["id"], error, now + timedelta(seconds=delay), now, attempts=job["attempts"])
            self.counts[prefix + "failed"] += 1

    def requeue_abandoned(self) -> int:
        """Put back the jobs a dead worker left ``running`` (see the module docstring)."""
        store = self.engine.store
        now = utcnow()
        self._swept = time.monotonic()
        before = now - timedelta(seconds=self.stale_after_s) if store.shared_by_replicas else None
        count = store.requeue_running(now, claimed_before=before)
        self.counts["requeued"] += count
        return count

    def wake(self) -> None:
        self._wake.set()

    def start(self) -> None:
        if self._thread is not None:
            return
        self.requeue_abandoned()

        def loop() -> None:
            while not self._stop.is_set():
                try:
                    if (self.engine.store.shared_by_replicas
                            and time.monotonic() - self._swept >= self.sweep_s):
                        self.requeue_abandoned()
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
