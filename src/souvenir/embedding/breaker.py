"""The query embedder's circuit breaker, closed by a background probe (seed 000).

Seed 000: « si la machine dort, réessayer ne la réveille pas ». One turn pays the bounded
failure — a time-out, an error, or a model lock held past the bound by a hung or slow
indexing batch ("busy") — and the breaker opens: later turns skip the query embedding at
once (≈0 ms, degraded and counted) instead of each paying the bound again. It does not
close on a timer: a background probe takes the model lock like a turn would, embeds a probe
text, and closes the breaker only when that took no longer than the turn's bound. The probe
waits for the lock itself (a busy model is seen free the moment the batch ends), and after a
failed probe waits ``first_wait_s`` doubling up to ``max_wait_s`` before the next one.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

__all__ = ["EmbedderBreaker"]


class EmbedderBreaker:
    """``state``: ``closed`` or ``open``; ``opened`` counts openings, ``probes`` probe calls.

    ``probe()`` must raise or return; it is called with the model lock held by the caller's
    ``lock``. ``bound_s``: the most a healthy probe may take (the turn's bound).
    """

    def __init__(
        self,
        name: str,
        lock: threading.Lock,
        probe: Callable[[], object],
        bound_s: float,
        first_wait_s: float = 0.5,
        max_wait_s: float = 30.0,
    ) -> None:
        self.name = name
        self._model_lock = lock
        self._probe = probe
        self.bound_s = bound_s
        self.first_wait_s = first_wait_s
        self.max_wait_s = max_wait_s
        self._lock = threading.Lock()
        self._open = False
        self._cause = ""
        self._since = 0.0
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.opened = 0
        self.probes = 0

    @property
    def state(self) -> str:
        return "open" if self._open else "closed"

    def refusal(self) -> str | None:
        """Why a turn must skip the embedder now (``None`` while closed)."""
        if not self._open:
            return None
        return (
            f"{self.name} skipped since {time.monotonic() - self._since:.0f} s ago until a probe "
            f"sees it healthy ({self._cause})"
        )

    def trip(self, cause: str) -> None:
        """Open the breaker (a turn's bounded failure) and start the probe if none runs."""
        with self._lock:
            if not self._open:
                self._open, self._cause, self._since = True, cause, time.monotonic()
                self.opened += 1
                log.warning("embedder %s: breaker open (%s); a background probe will close it", self.name, cause)
            if self._thread is None and not self._stop.is_set():
                self._thread = threading.Thread(target=self._run, name="souvenir-embedder-probe", daemon=True)
                self._thread.start()

    def close(self) -> None:
        with self._lock:
            if self._open:
                log.info("embedder %s: healthy again, breaker closed", self.name)
            self._open = False

    def stop(self) -> None:
        """Stop probing (the index is shutting down)."""
        self._stop.set()

    def _healthy(self) -> bool:
        """One probe: take the model lock (waiting for a busy batch to end), embed, time it."""
        while not self._stop.is_set():
            if self._model_lock.acquire(timeout=0.5):
                break
        else:
            return False
        try:
            started = time.monotonic()
            self.probes += 1
            self._probe()
            return time.monotonic() - started <= self.bound_s
        except Exception as exc:  # noqa: BLE001 - any failure keeps it open
            log.debug("embedder %s probe failed: %r", self.name, exc)
            return False
        finally:
            self._model_lock.release()

    def _run(self) -> None:
        wait = self.first_wait_s
        try:
            while not self._stop.is_set():
                if self._healthy():
                    self.close()
                    return
                self._stop.wait(wait)
                wait = min(self.max_wait_s, wait * 2)
        finally:
            with self._lock:
                self._thread = None
                reopen = self._open and not self._stop.is_set()
            if reopen:  # opened again while the probe was finishing: probe again
                self.trip(self._cause)
