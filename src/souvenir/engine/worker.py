"""The reflection worker: runs outbox jobs after the reply, off the turn's path.

``workers`` background threads (``SOUVENIR_REFLECTION_WORKERS``) claim due jobs (in order
per user: a user's next job is claimable only once the previous one is done, so one user's
jobs never run at once, while different users' jobs do), run them through
:meth:`Engine.run_reflection`, retries a failure with exponential backoff
(``backoff_s × 2^(attempt−1)``, capped at ``backoff_max_s``) and parks a job only once its
failures have lasted ``park_after_s`` (15 minutes by default): a model outage shorter than
that parks nothing, however many jobs wait. A call the model's circuit breaker refused
never reached the model: it is no attempt and no failure — the job waits for the breaker's
trial, keeping its last real error. A request the server refuses in every format is a
configuration error (:class:`~souvenir.errors.ModelConfigError`): parked at once with its
cause, counted, and shown by /health; ``souvenir jobs retry --parked`` requeues the jobs
once the configuration is fixed. A parked job names the model that failed and the real
cause. Counts outcomes for /metrics and diagnostics.

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

from souvenir.errors import (
    ModelConfigError, ModelUnavailableError, SouvenirError, StaleJobError,
)
from souvenir.timeutil import utcnow
from souvenir.store.protocol import Job

log = logging.getLogger(__name__)


class ReflectionWorker:
    """Drains the outbox of one engine. ``counts``: reflections ``ok`` / ``failed`` /
    ``parked`` / ``dropped_items``; summaries ``summary_ok`` / ``summary_failed`` /
    ``summary_parked``; ``deferred`` (refused by an open breaker, not an attempt);
    ``stale`` (a job taken back meanwhile), ``requeued``.

    ``park_after_s``: how long a job's failures last before it is parked (seconds, from
    its first real failure); ``backoff_s``, ``backoff_max_s``: the retry delay after the
    n-th failure is ``min(backoff_max_s, backoff_s × 2^(n−1))``, so retries keep coming
    through an outage (every minute by default) instead of spacing out past it.

    ``stale_after_s`` (shared stores): a job runs one model call bounded by the engine's
    ``reflection_timeout_s`` plus one short apply transaction, so a job claimed more than
    twice that bound plus a minute ago has lost its worker.

    ``workers``: threads running jobs at once (at least 1). A job mostly waits for the
    model, so two overlap two model calls on a small machine at little CPU cost.
    """

    def __init__(self, engine, park_after_s: float = 900.0, backoff_s: float = 2.0,
                 backoff_max_s: float = 60.0, idle_s: float = 0.5,
                 stale_after_s: float | None = None, sweep_s: float = 60.0, workers: int = 1) -> None:
        self.engine = engine
        self.park_after_s = park_after_s
        self.backoff_s = backoff_s
        self.backoff_max_s = backoff_max_s
        self.idle_s = idle_s
        self.stale_after_s = (stale_after_s if stale_after_s is not None
                              else 2 * engine.reflection_timeout_s + 60.0)
        self.sweep_s = sweep_s
        self._swept = 0.0
        self.workers = max(1, int(workers))
        self.counts: Counter[str] = Counter()
        self._counts_lock = threading.Lock()
        self._sweep_lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def _count(self, key: str, n: int = 1) -> None:
        """Add to a count (the worker threads share ``counts``)."""
        with self._counts_lock:
            self.counts[key] += n

    def snapshot(self) -> dict[str, int]:
        """A copy of ``counts`` taken while no worker thread writes it."""
        with self._counts_lock:
            return dict(self.counts)

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
                self._count("summary_ok")
            else:
                parsed, results = self.engine.run_reflection(job, now)
                self._count("ok")
                self._count("dropped_items", len(parsed.dropped))
                self.engine.after_reflection(job, results, now)
        except StaleJobError as exc:  # another worker owns it now: nothing to retry here
            log.warning("%s", exc)
            self._count("stale")
        except ModelUnavailableError as exc:  # the breaker refused: the model was not called
            wait = max(exc.retry_in_s, self.backoff_s, 0.05)
            store.retry(job["id"], str(exc), now + timedelta(seconds=wait), now,
                        attempts=job["attempts"], counted=False, model=exc.model)
            self._count("deferred")
        except ModelConfigError as exc:
            self._park(job, str(exc), exc.model)
        except SouvenirError as exc:
            self._failed(job, str(exc), getattr(exc, "model", None))
        except Exception as exc:  # noqa: BLE001 - a job must never kill the worker
            log.exception("reflection job %s crashed", job["id"])
            self._failed(job, repr(exc), None)
        return True

    def _failed(self, job: Job, error: str, model: str | None) -> None:
        """A real failure: retried with backoff until its failures have lasted
        ``park_after_s``, then parked."""
        now = utcnow()
        since = job.get("failing_since") or now
        if (now - since).total_seconds() >= self.park_after_s:
            self._park(job, error, model)
            return
        delay = min(self.backoff_max_s, self.backoff_s * 2 ** (job["attempts"] - 1))
        log.warning("%s job %s failed (model %s), tried again in %.0f s: %s", job["job"], job["id"], model,
                    delay, error)
        self.engine.store.retry(job["id"], error, now + timedelta(seconds=delay), now,
                                attempts=job["attempts"], model=model)
        self._count(("summary_" if job["job"] == "summary" else "") + "failed")

    def _park(self, job: Job, error: str, model: str | None) -> None:
        self.engine.store.park(job["id"], error, utcnow(), attempts=job["attempts"], model=model)
        self._count(("summary_" if job["job"] == "summary" else "") + "parked")
        log.warning("%s job %s parked after %s attempts (model %s): %s", job["job"], job["id"],
                    job["attempts"], model, error)

    def requeue_abandoned(self) -> int:
        """Put back the jobs a dead worker left ``running`` (see the module docstring)."""
        store = self.engine.store
        now = utcnow()
        self._swept = time.monotonic()
        before = now - timedelta(seconds=self.stale_after_s) if store.shared_by_replicas else None
        count = store.requeue_running(now, claimed_before=before)
        self._count("requeued", count)
        return count

    def wake(self) -> None:
        self._wake.set()

    def start(self) -> None:
        if self._threads:
            return
        self.requeue_abandoned()

        def loop() -> None:
            while not self._stop.is_set():
                try:
                    if self.engine.store.shared_by_replicas:
                        self._maybe_sweep()
                    busy = self.run_once()
                except SouvenirError as exc:  # the store itself is down: wait and retry
                    log.warning("reflection worker: %s", exc)
                    busy = False
                if not busy:
                    self._wake.wait(self.idle_s)
                    self._wake.clear()

        self._threads = [threading.Thread(target=loop, name=f"souvenir-reflection-{i}", daemon=True)
                         for i in range(self.workers)]
        for thread in self._threads:
            thread.start()

    def _maybe_sweep(self) -> None:
        """Requeue abandoned jobs every ``sweep_s`` (one thread sweeps, the others go on)."""
        if time.monotonic() - self._swept < self.sweep_s or not self._sweep_lock.acquire(blocking=False):
            return
        try:
            if time.monotonic() - self._swept >= self.sweep_s:
                self.requeue_abandoned()
        finally:
            self._sweep_lock.release()

    def stop(self, timeout_s: float = 10.0) -> None:
        self._stop.set()
        self._wake.set()
        deadline = time.monotonic() + timeout_s
        for thread in self._threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))
        self._threads = []

    def drain(self, timeout_s: float = 30.0) -> bool:
        """Run jobs in this thread until none is due (tests, CLI); ``False`` on timeout."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if not self.run_once():
                return True
        return False
