"""One gate per model server: a concurrency budget, and live replies before background work.

A single-slot server (llama.cpp, llama-cpp-python on a laptop) answers one request at a
time and queues the rest; issue #25 saw two proxied replies wait 98 s and 87 s there, behind
reflections Souvenir had already given up on. The gate keeps that queue on our side, where
it can be ordered:

* **budget** — at most ``capacity`` background calls (reflections, summaries) are in flight
  on one upstream (:func:`default_capacity`: 1 for a server on this machine, else the
  number of workers); the others wait here, not in the server's queue.
* **live first** — a live request (the proxy's reply, ``souvenir chat``) never waits at the
  gate and takes its share of the budget first: while one is in flight a background call
  starts only within what is left (none on a budget of 1), and the background calls already
  running beyond it are told to yield (:attr:`Ticket.yielded`): the
  client closes their stream at the next token, the server stops generating them (a
  streamed request is abandoned on disconnect by llama.cpp, llama-cpp-python, vLLM,
  Ollama), and the job runs again later without counting it as an attempt.
* **a read prompt is not thrown away** — a call whose answer has begun (its first streamed
  piece came: the server has read its prompt) when it is told to yield goes on for as long
  as that read took, at most ``finish_s`` seconds (:meth:`Ticket.must_stop`), and is kept if
  it ends by then: a single-slot server keeps one prompt, so a call abandoned there reads its
  whole prompt again later (session 19: 6 of 9 such re-reads were lost again to the next
  live reply).
* **the live wait is bounded** — ``wait_s`` (the read bound's seconds,
  :func:`~souvenir.llm.prompt_bound.background_read_s`): a begun answer told to yield goes on
  no later than ``wait_s`` after the live request came, whatever ``finish_s`` says, its own
  read counted in that time (session 22's held-out ``dlg4-ms``: probes waited up to 21 s
  behind answers let finish for 8 s after a read of several seconds). With the read bounded to
  the same seconds (:mod:`souvenir.llm.prompt_bound`, at the rate :attr:`UpstreamGate.rates`
  measures), a live request arriving at any moment waits about ``wait_s`` for background work.

Upstreams are keyed by scheme, host and port (:func:`upstream_key`), so the proxy's client
and the reflection's client of one server share one gate (:func:`gate_for`).
"""

from __future__ import annotations

import ipaddress
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

from souvenir.ground.config import PROMPT_TOKENS_PER_S as READ_PRIOR
from souvenir.llm.server_rates import ServerRates

__all__ = ["Ticket", "UpstreamGate", "default_capacity", "gate_for", "is_local", "upstream_key"]


def upstream_key(url: str) -> str:
    """``scheme://host:port`` of a server URL (path, user info and query left out)."""
    parts = urlsplit(url if "://" in url else f"http://{url}")
    scheme = parts.scheme or "http"
    try:
        port = parts.port or (443 if scheme == "https" else 80)
    except ValueError:
        port = 0
    return f"{scheme}://{(parts.hostname or '').lower()}:{port}"


def is_local(url: str) -> bool:
    """Whether ``url`` names a server on this machine (loopback address or ``localhost``)."""
    host = (urlsplit(url if "://" in url else f"http://{url}").hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def default_capacity(url: str, workers: int) -> int:
    """The budget when none is configured: 1 for a local server (it computes one answer at a
    time on the cores the service shares), else ``workers`` (the background jobs this
    replica runs at once: no narrower than before)."""
    return 1 if is_local(url) else max(1, workers)


class Ticket:
    """One background call's place at the gate: ``yielded`` is set when a live request
    needs the slot (``asked_at``: when, monotonic seconds); the caller asks
    :meth:`must_stop` at each piece of its answer. ``finish_s``: the most a call whose answer
    has begun may go on after that (the gate's); ``wait_s``: the most a live request waits
    for it, counted from the live request's arrival (0: no such bound); ``read_s``: seconds
    from the call's place to its first piece (the server reading its prompt), once known."""

    def __init__(self, finish_s: float = 0.0, wait_s: float = 0.0) -> None:
        #: Tokens the server is to read for this call (its data past the system prompt), when the
        #: caller counted them: the read sample of :attr:`UpstreamGate.rates`.
        self.read_tokens: float | None = None
        self.yielded = threading.Event()
        self.started = time.monotonic()
        self.asked_at: float | None = None
        self.read_s: float | None = None
        self.finish_s = max(0.0, finish_s)
        self.wait_s = max(0.0, wait_s)

    def ask(self) -> bool:
        """Tell the call to yield; ``False`` when it was told already."""
        if self.yielded.is_set():
            return False
        self.asked_at = time.monotonic()
        self.yielded.set()
        return True

    def must_stop(self, answering: bool) -> bool:
        """Whether the call stops now (asked at each line of its answer; ``answering``: a
        piece of the answer has come, so the server has read the prompt).

        Not told to yield: no. Told, and its answer not begun: yes (live replies first).
        Told, and begun: once it has gone on, since it was told (or since its first piece,
        when told during the read: that wait was not ours to spare), as long as the server took
        to read its prompt — the work stopping it would throw away, for a server that keeps
        one prompt — and at most ``finish_s``. So a live reply waits for the rest of an
        answer no longer than that answer's prompt would take to read again: a long read
        (no prompt cache, a loaded machine) is kept, a short one (the server's cache held
        most of it) gives way soon. And never past ``wait_s`` after the live request came (its
        wait for the read included): the live reply's budget bounds the whole background call."""
        now = time.monotonic()
        if answering and self.read_s is None:
            self.read_s = now - self.started
        if not self.yielded.is_set():
            return False
        if not answering or self.asked_at is None or self.read_s is None:
            return True
        if self.wait_s and now - self.asked_at >= self.wait_s:
            return True
        going_on_since = max(self.asked_at, self.started + self.read_s)  # told during the read: from its end
        return now - going_on_since >= min(self.finish_s, self.read_s)


class UpstreamGate:
    """Thread-safe; the proxy's event loop only calls the non-blocking :meth:`live_enter` and
    :meth:`live_exit`. Counters for /metrics: ``yields`` (background calls told to yield),
    ``live`` (live requests seen), ``waits`` (background calls that had to wait),
    ``finished`` (calls told to yield that finished their begun answer within ``finish_s``).

    ``finish_s``: the most seconds a background call whose answer has begun may go on once
    told to yield (:meth:`Ticket.must_stop`; 0: it stops at its next piece); ``wait_s``: the
    most a live request waits for a background call, from its arrival (0: no such bound);
    ``rates``: the server's read and generation rates, measured from the background answers
    (:class:`~souvenir.llm.server_rates.ServerRates`)."""

    #: A live request not ended after this many seconds no longer counts (a reply stream
    #: whose end was never seen must not hold background work back for ever).
    LIVE_EXPIRY_S = 600.0

    def __init__(
        self, key: str, capacity: int = 1, finish_s: float = 0.0, wait_s: float = 0.0, rates: ServerRates | None = None
    ) -> None:
        self.key = key
        self.capacity = max(1, int(capacity))
        self.finish_s = max(0.0, float(finish_s))
        self.wait_s = max(0.0, float(wait_s))
        self.rates = rates or ServerRates(READ_PRIOR)
        self._cond = threading.Condition()
        self._lives: dict[int, float] = {}  # live request token -> when it stops counting
        self._next = 0
        self._running: list[Ticket] = []
        self.yields = 0
        self.live_seen = 0
        self.waits = 0
        self.finished = 0

    # -- live requests ----------------------------------------------------------------------
    @property
    def _live(self) -> int:
        now = time.monotonic()
        for token in [t for t, until in self._lives.items() if until <= now]:
            del self._lives[token]
        return len(self._lives)

    def live_enter(self, expiry_s: float | None = None) -> int:
        """A live request starts: background calls over the budget left to it yield now.
        Returns its token for :meth:`live_exit` (it stops counting after ``expiry_s``,
        default :attr:`LIVE_EXPIRY_S`, should its end never be told)."""
        with self._cond:
            self._next += 1
            self._lives[self._next] = time.monotonic() + (expiry_s or self.LIVE_EXPIRY_S)
            self.live_seen += 1
            self._preempt()
            return self._next

    def live_exit(self, token: int) -> None:
        """The live request ``token`` ended (idempotent)."""
        with self._cond:
            self._lives.pop(token, None)
            self._cond.notify_all()

    @contextmanager
    def live(self) -> Iterator[None]:
        token = self.live_enter()
        try:
            yield
        finally:
            self.live_exit(token)

    def _preempt(self) -> None:
        room = max(0, self.capacity - self._live)
        for ticket in self._running[room:]:  # the newest first out: older calls are further along
            if ticket.ask():
                self.yields += 1

    # -- background calls -------------------------------------------------------------------
    def _room(self) -> bool:
        return len(self._running) + self._live < self.capacity

    def acquire(self, timeout_s: float) -> Ticket | None:
        """Wait for a slot (the budget not used up by live and background calls), at most
        ``timeout_s`` seconds; ``None`` when none came (the job is put back, not failed)."""
        deadline = time.monotonic() + timeout_s
        with self._cond:
            if not self._room():
                self.waits += 1
            while not self._room():
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._cond.wait(min(left, 1.0))  # 1 s: an expired live request frees its place
            ticket = Ticket(self.finish_s, self.wait_s)
            self._running.append(ticket)
            return ticket

    def release(self, ticket: Ticket, answered: bool = False) -> None:
        """``ticket``'s call ended; ``answered``: with a whole answer (counted ``finished``
        when it had been told to yield)."""
        with self._cond:
            if answered and ticket.yielded.is_set():
                self.finished += 1
            if ticket in self._running:
                self._running.remove(ticket)
            self._cond.notify_all()

    def background_wait_s(self) -> float:
        """Seconds a live request arriving now is expected to wait for the background calls in
        flight (0: none): each call's rest by :meth:`Ticket.must_stop`'s rules — a read not
        ended goes on for its tokens at :attr:`rates`' read rate (its whole ``wait_s`` when
        its tokens are unknown), then as long as that read took, at most ``finish_s`` — and
        never past ``wait_s`` from when it was told to yield (from now, not told yet). The
        longest of them. With ``wait_s`` 0 (no live bound), 0."""
        if not self.wait_s:
            return 0.0
        rate = self.rates.read_rate()
        now = time.monotonic()
        with self._cond:
            running = list(self._running)
        longest = 0.0
        for ticket in running:
            asked = ticket.asked_at if ticket.asked_at is not None else now
            cap = self.wait_s - (now - asked)
            if ticket.read_s is None:  # still reading its prompt
                read_s = ticket.read_tokens / rate if ticket.read_tokens and rate > 0 else self.wait_s
                rest = max(0.0, read_s - (now - ticket.started)) + min(ticket.finish_s, read_s)
            else:
                since = max(asked, ticket.started + ticket.read_s)
                rest = min(ticket.finish_s, ticket.read_s) - (now - since)
            longest = max(longest, min(cap, rest))
        return max(0.0, longest)

    def describe(self) -> dict:
        """``{"capacity", "finish_s", "wait_s", "live", "background", "yields", "finished", "waits",
        "rates"}`` (what /metrics and /v1/status show; ``rates``: :meth:`ServerRates.describe`)."""
        rates = self.rates.describe()
        with self._cond:
            return {
                "capacity": self.capacity,
                "finish_s": self.finish_s,
                "wait_s": self.wait_s,
                "rates": rates,
                "live": self._live,
                "background": len(self._running),
                "yields": self.yields,
                "finished": self.finished,
                "waits": self.waits,
            }


_GATES: dict[str, UpstreamGate] = {}
_GATES_LOCK = threading.Lock()


def gate_for(
    url: str,
    capacity: int | None = None,
    finish_s: float | None = None,
    wait_s: float | None = None,
    rates: ServerRates | None = None,
) -> UpstreamGate:
    """The process's gate of the server at ``url`` (created on first use with ``capacity``,
    default 1, ``finish_s`` and ``wait_s``, default 0, and ``rates``, default a meter from
    ``SOUVENIR_LLM_PROMPT_TOKENS_PER_S``'s default); a ``capacity``, ``finish_s``, ``wait_s`` or ``rates`` given later
    replaces the gate's (a service opened anew measures its server anew)."""
    key = upstream_key(url)
    with _GATES_LOCK:
        gate = _GATES.get(key)
        if gate is None:
            gate = _GATES[key] = UpstreamGate(key, capacity or 1, finish_s or 0.0, wait_s or 0.0, rates)
        else:
            with gate._cond:
                if capacity is not None:
                    gate.capacity = max(1, int(capacity))
                if finish_s is not None:
                    gate.finish_s = max(0.0, float(finish_s))
                if wait_s is not None:
                    gate.wait_s = max(0.0, float(wait_s))
                if rates is not None:
                    gate.rates = rates
                gate._cond.notify_all()
        return gate
