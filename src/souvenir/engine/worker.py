"""The reflection worker: runs outbox jobs after the reply, off the turn's path.

``workers`` background threads (``SOUVENIR_REFLECTION_WORKERS``) claim due jobs (in order
per user: a user's next job is claimable only once the previous one is done, so one user's
jobs never run at once, while different users' jobs do), run them through
:meth:`Engine.run_reflection`, retries a failure with exponential backoff
(``backoff_s × 2^(attempt−1)``, capped at ``backoff_max_s``) and parks a job only once its
failures have lasted ``park_after_s`` (15 minutes by default): a model outage shorter than
that parks nothing, however many jobs wait. A call the model's circuit breaker refused
never reached the model: it is no attempt and no failure — the job waits for the breaker's
trial, keeping its last real error.

Issue #25 (a real model on one CPU): the worker does not claim a job its model's breaker
would refuse — it waits for the breaker's trial once (``deferred`` counts breaker
openings waited out, not jobs times tries), and claims the other kind meanwhile when the
summary runs on another model. A call that gave way to a live reply on the model's server
(:class:`~souvenir.ground.errors.ModelBusyError`) is put back at once, no attempt, no error
(``yielded``). An answer with nothing usable (:class:`~souvenir.ground.errors.ModelAnswerError`)
or a bounded call that ran out of time (:class:`~souvenir.ground.errors.ModelTimeoutError`) is a
failure of this request, not an outage: it is retried with another request (a smaller
bound, a higher temperature: :mod:`souvenir.llm.budget`) after ``backoff_s``, and parked
with its cause once the job has had ``answer_attempts`` attempts — minutes, not the 15 of an
outage. A request the server refuses in every format is a
configuration error (:class:`~souvenir.ground.errors.ModelConfigError`): parked at once with its
cause, counted, and shown by /health; ``souvenir jobs retry --parked`` requeues the jobs
once the configuration is fixed. A parked job names the model that failed and the real
cause. Counts outcomes for /metrics and diagnostics.

Several replicas may run a worker each on one PostgreSQL store (the store claims with
``SKIP LOCKED``, in order per user). A job left ``running`` by a dead worker is requeued:
on a store of one process (SQLite) every running job at start; on a shared store only jobs
claimed more than ``stale_after_s`` ago, at start and every ``sweep_s`` — a live replica's
job is never taken from it, and a job requeued from a worker that was merely slow is fenced
(its late result is dropped: :class:`~souvenir.ground.errors.StaleJobError`, counted ``stale``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from datetime import timedelta

from souvenir.ground.errors import (
    ModelAnswerError,
    ModelBusyError,
    ModelConfigError,
    ModelTimeoutError,
    ErasedMeanwhileError,
    ModelUnavailableError,
    SouvenirError,
    StaleJobError,
)
from souvenir.engine.chat_forget import clear_request_turn
from souvenir.ground.timeutil import utcnow
from souvenir.store.protocol import Job

log = logging.getLogger(__name__)


class ReflectionWorker:
    """Drains the outbox of one engine. ``counts``: reflections ``ok`` / ``failed`` /
    ``parked`` / ``dropped_items``; summaries ``summary_ok`` / ``summary_failed`` /
    ``summary_parked``, ``summary_superseded`` (a burst of summary jobs of one user runs
    once: the last); ``deferred`` (breaker openings waited out, and the rare job a breaker
    refused between the check and the call: not an attempt); ``yielded`` (calls put back
    for a live reply, not an attempt);
    ``stale`` (a job taken back meanwhile), ``requeued``.

    ``park_after_s``: how long a job's failures last before it is parked (seconds, from
    its first real failure); ``backoff_s``, ``backoff_max_s``: the retry delay after the
    n-th failure is ``min(backoff_max_s, backoff_s × 2^(n−1))``, so retries keep coming
    through an outage (every minute by default) instead of spacing out past it.

    ``stale_after_s`` (shared stores): a job waits at most the engine's
    ``reflection_timeout_s`` for its place at the model server's gate, then runs one model
    call bounded by it (a streamed answer's last read can add one more bound) plus one short
    apply transaction, so a job claimed more than three times that bound plus a minute ago
    has lost its worker.

    ``workers``: threads running jobs at once (at least 1). A job mostly waits for the
    model, so two overlap two model calls on a small machine at little CPU cost (the
    model server's gate still sends it at most its budget: :mod:`souvenir.llm.gate`).

    ``answer_attempts``: attempts after which a job whose model answered nothing usable, or
    too slowly for its bound, is parked (3: the full bound, half, a quarter).
    """

    def __init__(
        self,
        engine,
        park_after_s: float = 900.0,
        backoff_s: float = 2.0,
        backoff_max_s: float = 60.0,
        idle_s: float = 0.5,
        stale_after_s: float | None = None,
        sweep_s: float = 60.0,
        workers: int = 1,
        answer_attempts: int = 3,
    ) -> None:
        self.engine = engine
        self.answer_attempts = max(1, int(answer_attempts))
        self._waited: set[tuple[str, int]] = set()  # breaker openings already counted as deferred
        self.park_after_s = park_after_s
        self.backoff_s = backoff_s
        self.backoff_max_s = backoff_max_s
        self.idle_s = idle_s
        self.stale_after_s = stale_after_s if stale_after_s is not None else 3 * engine.reflection_timeout_s + 60.0
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

    def _open_kinds(self) -> tuple[tuple[str, ...], float]:
        """The job kinds whose model's breaker lets a call through, and the seconds until the
        first blocked one's trial (0 when none is blocked). A breaker opening waited out is
        counted ``deferred`` once."""
        chat = self.engine.chat
        if chat is None:
            return ("reflection", "summary"), 0.0
        kinds: list[str] = []
        wait = 0.0
        proposals = self.engine.proposals
        for kind, model in (("reflection", proposals.reflection_model), ("summary", proposals.summary_model)):
            breaker = chat.breaker_for(model)
            left = breaker.retry_in()
            if left <= 0:
                kinds.append(kind)
                continue
            wait = left if wait == 0 else min(wait, left)
            self._deferred(breaker)
        return tuple(kinds), wait

    def _deferred(self, breaker) -> None:
        """Count a breaker opening waited out, once per opening."""
        with self._counts_lock:
            mark = (breaker.name, breaker.opened)
            if mark not in self._waited:
                self._waited.add(mark)
                self.counts["deferred"] += 1

    def run_once(self) -> bool:
        """Run one due job; ``False`` when none was due (or its model's breaker is open)."""
        store = self.engine.store
        now = utcnow()
        kinds, _ = self._open_kinds()
        job = store.claim(now, kinds) if kinds else None
        if job is None:
            return False
        try:
            if job["job"] == "summary" and store.newer_summary(job["id"], job["user_id"]):
                # a later summary of this user will rewrite it whole from fresher data
                store.finish(job["id"], now, attempts=job["attempts"])
                self._count("summary_superseded")
            elif job["job"] == "summary":
                self.engine.run_summary(job, now)
                self._count("summary_ok")
            else:
                parsed, results = self.engine.run_reflection(job, now)
                self._count("ok")
                self._count("dropped_items", len(parsed.dropped))
                self.engine.after_reflection(job, results, now)
        except ErasedMeanwhileError as exc:  # read before an erasure: again, on what is left
            log.info("%s", exc)
            store.retry(job["id"], "", now, now, attempts=job["attempts"], counted=False)
            self._count("erased_meanwhile")
        except StaleJobError as exc:  # another worker owns it now: nothing to retry here
            log.warning("%s", exc)
            self._count("stale")
        except ModelBusyError:  # gave way to a live reply: not an attempt, no error
            store.retry(
                job["id"],
                "",
                now + timedelta(seconds=min(self.backoff_s, 1.0)),
                now,
                attempts=job["attempts"],
                counted=False,
            )
            self._count("yielded")
        except (ModelAnswerError, ModelTimeoutError) as exc:
            self._answer_failed(job, str(exc), exc.model)
        except ModelUnavailableError as exc:  # the breaker refused: the model was not called
            wait = max(exc.retry_in_s, self.backoff_s, 0.05)
            store.retry(
                job["id"],
                str(exc),
                now + timedelta(seconds=wait),
                now,
                attempts=job["attempts"],
                counted=False,
                model=exc.model,
            )
            if self.engine.chat is not None:
                self._deferred(self.engine.chat.breaker_for(exc.model))
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
        log.warning(
            "%s job %s failed (model %s), tried again in %.0f s: %s", job["job"], job["id"], model, delay, error
        )
        self.engine.store.retry(
            job["id"], error, now + timedelta(seconds=delay), now, attempts=job["attempts"], model=model
        )
        self._count(("summary_" if job["job"] == "summary" else "") + "failed")

    def _answer_failed(self, job: Job, error: str, model: str | None) -> None:
        """The model answered nothing usable, or not in time: the next attempt sends another
        request (the job's attempt number sets it); parked after ``answer_attempts``."""
        if job["attempts"] >= self.answer_attempts:
            self._park(job, f"{error} (after {job['attempts']} attempts, each with a smaller bound)", model)
            return
        now = utcnow()
        log.warning("%s job %s: %s; tried again with a smaller bound", job["job"], job["id"], error)
        self.engine.store.retry(
            job["id"], error, now + timedelta(seconds=self.backoff_s), now, attempts=job["attempts"], model=model
        )
        self._count(("summary_" if job["job"] == "summary" else "") + "failed")

    def _park(self, job: Job, error: str, model: str | None) -> None:
        """Park ``job`` (dead letter). A parked reflection of a request to forget that names
        its topic empties the request's turn now (issue #26): its reflection, which was to
        read it first, may never run, and the request keeps no copy of what it names."""
        parked = self.engine.store.park(job["id"], error, utcnow(), attempts=job["attempts"], model=model)
        if parked and job["job"] == "reflection":
            clear_request_turn(self.engine.store, job["message"], job["turn_id"], job["user_id"])
        self._count(("summary_" if job["job"] == "summary" else "") + "parked")
        log.warning(
            "%s job %s parked after %s attempts (model %s): %s", job["job"], job["id"], job["attempts"], model, error
        )

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
                    kinds, wait = self._open_kinds()
                    # every model's breaker open: sleep until the first trial (or a wake-up)
                    self._wake.wait(max(self.idle_s, wait) if not kinds else self.idle_s)
                    self._wake.clear()

        self._threads = [
            threading.Thread(target=loop, name=f"souvenir-reflection-{i}", daemon=True) for i in range(self.workers)
        ]
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
        """Run jobs in this thread until the outbox holds none pending or running (tests, the
        CLI's last turns), for at most ``timeout_s`` seconds; ``False`` when some were left.
        A job that gave way to a live reply, or waits for its retry or its model's breaker,
        is not due at once: drain waits for it (polling every 0.1 s) instead of returning
        as soon as nothing is due at that instant — unless its model's breaker opens past the
        deadline (a model down: drain returns ``False`` at once rather than wait in vain)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.run_once():
                continue
            counts = self.engine.store.outbox_counts()
            if not counts.get("pending") and not counts.get("running"):
                return True
            kinds, trial_in_s = self._open_kinds()
            if not kinds and time.monotonic() + trial_in_s >= deadline:
                return False
            time.sleep(min(0.1, max(0.0, deadline - time.monotonic())))
        return False
