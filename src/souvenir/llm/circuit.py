"""A circuit breaker: stop calling a dead service for a cool-down, so later turns pay nothing.

Seed 000 paid two 120 s attempts on the first turn after each outage, then 5 s per turn.
Here, after ``failures`` consecutive failures the breaker opens for ``cooldown_s`` seconds:
calls fail at once with :class:`BreakerOpenError`. After the cool-down one trial call is let
through (half-open); its success closes the breaker, its failure re-opens it.

A chat client keeps one breaker per *upstream* (issue #25), named by the server's base URL
— scheme, host, port and path (:func:`breaker_key`) — not one per model name: an outage is
the server's, so two model names on one server share one breaker (a dead server is waited
out once, not once per model), and one model name on two servers has two.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import urlsplit

from souvenir.ground.errors import SouvenirError

T = TypeVar("T")


class BreakerOpenError(SouvenirError):
    """The service is being skipped after recent failures; ``retry_in_s`` until a trial."""

    def __init__(self, message: str, retry_in_s: float = 0.0) -> None:
        super().__init__(message)
        self.retry_in_s = retry_in_s


class CircuitBreaker:
    """Thread-safe breaker. ``state`` is ``closed``, ``open`` or ``half-open``."""

    def __init__(
        self, name: str, failures: int = 1, cooldown_s: float = 30.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.name = name
        self.failures = failures
        self.cooldown_s = cooldown_s
        self._clock = clock
        self._lock = threading.Lock()
        self._consecutive = 0
        self._open_until = 0.0
        self._trial = False
        self.opened = 0  # times the breaker opened (a counter for /metrics)
        #: The class of the latest failure's root cause (``ConnectError``, ``ReadTimeout``…;
        #: ``None`` after a success): what the public /health names, without its message.
        self.last_failure: str | None = None

    @property
    def state(self) -> str:
        with self._lock:
            if self._consecutive < self.failures:
                return "closed"
            return "open" if self._clock() < self._open_until else "half-open"

    def retry_in(self) -> float:
        """Seconds until a call may go through (0 while closed or half-open)."""
        with self._lock:
            if self._consecutive < self.failures:
                return 0.0
            return max(0.0, self._open_until - self._clock())

    def call(
        self,
        fn: Callable[[], T],
        failure: tuple[type[BaseException], ...] = (Exception,),
        neutral: tuple[type[BaseException], ...] = (),
    ) -> T:
        """Run ``fn`` unless the breaker is open. Exceptions in ``failure`` count as failures
        and are re-raised; those in ``neutral`` (checked first: a call that gave way, not one
        that failed) and any other exception are re-raised without counting, a trial call's
        place given back; raises :class:`BreakerOpenError` while open."""
        with self._lock:
            if self._consecutive >= self.failures:
                if self._clock() < self._open_until or self._trial:
                    left = max(0.0, self._open_until - self._clock())
                    raise BreakerOpenError(f"{self.name} skipped for {left:.0f} s after a failure", retry_in_s=left)
                self._trial = True
        try:
            result = fn()
        except neutral:
            with self._lock:
                self._trial = False
            raise
        except failure as exc:
            with self._lock:
                self.last_failure = type(exc.__cause__ or exc).__name__
                self._trial = False
                self._consecutive += 1
                if self._consecutive >= self.failures:
                    self._open_until = self._clock() + self.cooldown_s
                    self.opened += 1
            raise
        except BaseException:
            with self._lock:
                self._trial = False
            raise
        with self._lock:
            self._trial = False
            self._consecutive = 0
            self.last_failure = None
        return result


def breaker_key(url: str) -> str:
    """``scheme://host:port/path`` of a server's base URL: host lower-cased, the default port
    written out, user info and query left out, and the path without its trailing ``/`` or
    ``/v1`` (the clients take the server root or its ``/v1`` as the same base). Two
    servers behind one host at different paths are two upstreams."""
    parts = urlsplit(url if "://" in url else f"http://{url}")
    scheme = (parts.scheme or "http").lower()
    try:
        port = parts.port or (443 if scheme == "https" else 80)
    except ValueError:
        port = 0
    path = parts.path.rstrip("/")
    if path.endswith("/v1"):
        path = path[: -len("/v1")]
    return f"{scheme}://{(parts.hostname or '').lower()}:{port}{path}"
