"""How the proxy records an exchange: the key that makes a client's retry one turn, the
backlog that retries an exchange the store could not take (:class:`RecordBacklog`), and a
model's text made recordable (:func:`fitted`)."""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections import deque
from collections.abc import Callable

from souvenir.ground.errors import ErasedError, StoreBusyError
from souvenir.ground.limits import MAX_TEXT_BYTES

log = logging.getLogger("souvenir.api.proxy")


def request_key(channel: str, user: str, story: str | None, messages: list) -> str:
    """The turn's source for one request: a client's retry of the same request (same
    conversation so far) has the same key, and is recorded once."""
    raw = json.dumps([channel, user, story, messages], sort_keys=True, ensure_ascii=False)
    return (
        "proxy:" + hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    )  # < 32 hex: not taken for a token by redaction


#: A client's retry of the same request within this window is recorded once (seconds).
RETRY_WINDOW_S = 600.0


def client_retry(headers) -> bool:
    """Whether the client marks the request as its own retry: OpenAI's SDKs (Python, Node,
    and what is built on them) send ``x-stainless-retry-count`` = the attempt's number."""
    count = (headers.get("x-stainless-retry-count") or "").strip()
    return count.isdigit() and len(count) <= 4 and int(count) > 0


def acted_retry(memory, user: str | None, source: str, channel: str, retry: bool = False) -> bool:
    """Whether the request of key ``source`` is a client's retry of one acted on ("forget
    everything about me" erased its turn): it reads nothing (the read would keep its message
    in ``selections`` and ``last_queries``) and is not recorded. ``False`` when the store
    cannot say (memory never breaks the reply: the record refuses a retry again). ``retry``:
    the client marks it as its retry (:func:`client_retry`): without it, a memory written
    since the request acted on makes the same request the user asking again."""
    if user is None:
        return False
    try:
        return memory.request_acted(user, source, within_s=RETRY_WINDOW_S, channel=channel, client_retry=retry)
    except Exception as exc:  # noqa: BLE001 - memory never breaks the reply
        log.warning("proxy: whether a request was acted on is unknown: %s", exc)
        return False


class RecordBacklog:
    """Exchanges the proxy could not record because the store was busy (locked by another
    process, unreachable): their clients already have their replies and will not send them
    again, so they are retried here, oldest first, every ``pause_s`` seconds, until the store
    takes them or ``window_s`` seconds have passed since the reply (:data:`RETRY_WINDOW_S`:
    later, a client's own retry of the request could no longer be told from a new one).

    Bounded: at most ``limit`` exchanges wait (the oldest beyond it is dropped). Counted in
    ``counters``: ``proxy_record_deferred`` (an exchange waits), ``proxy_record_recovered``
    (recorded on a retry), ``proxy_record_erased`` (not recorded: its user was deleted, or a
    memory of theirs forgotten, after the exchange began), ``proxy_record_failures`` (given
    up: past the window, over the limit, or refused for another reason). Each attempt is
    stamped with the exchange's own time, not the retry's. One daemon thread, started on first use; what
    still waits when the process ends is lost (counted as deferred, never as recovered)."""

    def __init__(self, counters, limit: int = 1000, window_s: float = RETRY_WINDOW_S, pause_s: float = 1.0) -> None:
        self.counters = counters
        self.limit, self.window_s, self.pause_s = limit, window_s, pause_s
        self._items: deque[tuple[float, Callable[[], None]]] = deque()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def add(self, attempt: Callable[[], None]) -> None:
        """Retry ``attempt`` (it raises :class:`StoreBusyError` while the store is busy)."""
        with self._lock:
            if len(self._items) >= self.limit:
                self._items.popleft()
                self.counters["proxy_record_failures"] += 1
            self._items.append((time.monotonic() + self.window_s, attempt))
            self.counters["proxy_record_deferred"] += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="souvenir-proxy-records", daemon=True)
                self._thread.start()

    def pending(self) -> int:
        with self._lock:
            return len(self._items)

    def _run(self) -> None:
        while True:
            time.sleep(self.pause_s)
            while True:
                with self._lock:
                    if not self._items:
                        break
                    deadline, attempt = self._items[0]
                if time.monotonic() > deadline:
                    outcome = "proxy_record_failures"
                else:
                    try:
                        attempt()
                        outcome = "proxy_record_recovered"
                    except StoreBusyError:
                        break  # still busy: the next pause
                    except ErasedError:  # the user was erased after the exchange: never undone
                        outcome = "proxy_record_erased"
                    except Exception as exc:  # noqa: BLE001 - one exchange never stops the others
                        log.warning("proxy: a deferred exchange was not recorded: %s", exc)
                        outcome = "proxy_record_failures"
                with self._lock:
                    if self._items and self._items[0][1] is attempt:
                        self._items.popleft()
                    self.counters[outcome] += 1


def fitted(text: str | None, tail: bool = False) -> str | None:
    """A model's text made recordable: without NUL or lone surrogates, and cut to
    :data:`~souvenir.ground.limits.MAX_TEXT_BYTES` of UTF-8 (its start, or with ``tail`` its end,
    where an assistant's question is) with "…" where it was cut. A model's long answer (24 KB
    of code) or odd bytes must not cost the user's message, which is recorded with it."""
    if not text:
        return text
    clean = text.replace("\x00", "").encode("utf-8", "replace")
    if len(clean) <= MAX_TEXT_BYTES:
        return clean.decode("utf-8")
    room = MAX_TEXT_BYTES - len("…".encode())
    if tail:
        return "…" + clean[-room:].decode("utf-8", "ignore")
    return clean[:room].decode("utf-8", "ignore") + "…"
