"""How long a request may take to arrive and how many run at once (slow clients, floods).

Size alone does not bound what a client costs: one that trickles its request a byte at a
time (slowloris) holds a connection and, once its head is in, a route's task for as long as
it likes. So:

- **The head** (request line and headers) must arrive within ``SOUVENIR_REQUEST_TIMEOUT_S``
  of the connection's first byte (or of the end of its previous response): else 408 and the
  connection is closed (:func:`protocol_class`, uvicorn's h11 protocol with a timer).
- **The body** must arrive within the same bound from the start of the request: else 408
  ``Connection: close`` (:class:`RequestLimits`, raised from ``receive`` as the body-size
  cap is, so the route never runs).
- **One length.** A request carrying both ``Content-Length`` and ``Transfer-Encoding`` gets
  400 ``Connection: close`` before its route runs (h11 reads it as chunked; a front proxy that
  reads the ``Content-Length`` would take the rest for a second request: request smuggling,
  RFC 9112 §6.3).
- **At most** ``SOUVENIR_MAX_CONCURRENT_REQUESTS`` requests are served at once; past it a
  request gets 503 with ``Retry-After: 1`` at once (the health probes are never refused).

Each refusal is counted in ``souvenir_http_refused_total{reason=head_timeout|body_timeout|busy|connections}``
(:data:`REFUSALS`, one count per process: the uvicorn protocol has no app to count in).
:func:`server_config` is the uvicorn configuration ``souvenir serve`` and ``souvenir mcp
--transport http`` run with.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter

import uvicorn
from fastapi import HTTPException
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["REFUSALS", "REASONS", "RequestLimits", "RequestTimeout", "protocol_class", "server_config"]

#: Refusals of this process, by reason (``souvenir_http_refused_total``).
REFUSALS: Counter = Counter()
REASONS = ("head_timeout", "body_timeout", "busy", "connections")
#: Routes never refused as busy: the probes a load balancer polls (no data behind them).
_PROBES = frozenset({"/health", "/health/ready"})


def _timeout_sentence(seconds: float, what: str) -> str:
    return (
        f"the request's {what} did not arrive within {seconds:g} s (SOUVENIR_REQUEST_TIMEOUT_S): "
        "the connection is closed and nothing was written"
    )


class RequestTimeout(HTTPException):
    """Raised from ``receive`` when a body is still incomplete at its deadline."""

    def __init__(self, seconds: float) -> None:
        super().__init__(408, _timeout_sentence(seconds, "body"), headers={"Connection": "close"})


class RequestLimits:
    """ASGI middleware: the body's deadline and the bound on requests served at once."""

    def __init__(self, app, max_concurrent: int = 64, timeout_s: float = 30.0, error_body=None) -> None:
        self.app = app
        self.max_concurrent = max_concurrent
        self.timeout_s = timeout_s
        self.active = 0  # one event loop: no lock needed
        self.error_body = error_body  # (path, status, message) -> bytes; JSON {"detail"} by default

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        names = {name.lower() for name, _ in scope.get("headers", ())}
        if b"content-length" in names and b"transfer-encoding" in names:
            message = (
                "the request carries both Content-Length and Transfer-Encoding: refused "
                "(one length only, RFC 9112); nothing was written"
            )
            await self._answer(scope, send, 400, message, [(b"connection", b"close")])
            return
        probe = scope.get("path", "") in _PROBES
        if not probe:
            if self.active >= self.max_concurrent:
                REFUSALS["busy"] += 1
                await self._busy(scope, send)
                return
            self.active += 1
        started = False

        async def watched(message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, self._timed(receive), watched)
        except RequestTimeout as exc:  # an app that let it through (a plain Starlette app)
            if started:
                raise
            await self._answer(scope, send, 408, exc.detail, [(b"connection", b"close")])
        finally:
            if not probe:
                self.active -= 1

    async def _busy(self, scope, send) -> None:
        message = (
            f"the service is serving {self.max_concurrent} requests at once "
            "(SOUVENIR_MAX_CONCURRENT_REQUESTS): retry in a second; nothing was written"
        )
        await self._answer(scope, send, 503, message, [(b"retry-after", b"1")])

    async def _answer(self, scope, send, status: int, message: str, extra: list) -> None:
        if self.error_body is not None:
            body = self.error_body(scope.get("path", ""), status, message)
        else:
            body = json.dumps({"detail": message}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *extra]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def _timed(self, receive):
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout_s
        done = False

        async def timed():
            nonlocal done
            if done:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(deadline - loop.time(), 0.001))
            except TimeoutError:
                REFUSALS["body_timeout"] += 1
                raise RequestTimeout(self.timeout_s) from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                done = True
            return message

        return timed


def protocol_class(timeout_s: float, max_connections: int = 1000) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a deadline on each request's head: armed when a
    connection opens and whenever bytes arrive while no request is in progress, cancelled
    once a whole head is in; at the deadline, a 408 and the connection closed (uvicorn has no
    such bound: a head trickled a header a minute held its connection for ever). A connection
    past ``max_connections`` open at once gets 503 and is closed (counted: ``connections``)."""

    class HeadTimeoutH11(H11Protocol):
        _head_timer: asyncio.TimerHandle | None = None

        def _waiting_for_head(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def _arm(self) -> None:
            if self._head_timer is None:
                self._head_timer = self.loop.call_later(timeout_s, self._head_timeout)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            if len(self.connections) > max_connections:
                REFUSALS["connections"] += 1
                self._refuse(
                    503, "Service Unavailable", f"more than {max_connections} connections are open: retry in a second"
                )
                return
            self._arm()

        def _refuse(self, status: int, reason: str, sentence: str) -> None:
            body = json.dumps({"detail": sentence}).encode()
            self.transport.write(
                f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\nconnection: close\r\n".encode()
                + b"content-length: "
                + str(len(body)).encode()
                + b"\r\n\r\n"
                + body
            )
            self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._waiting_for_head() and not self.transport.is_closing():
                self._arm()
            else:
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._disarm()  # idle now: uvicorn's keep-alive timeout closes it (5 s)

        def connection_lost(self, exc) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _head_timeout(self) -> None:
            self._head_timer = None
            if self.transport.is_closing() or not self._waiting_for_head():
                return
            REFUSALS["head_timeout"] += 1
            self._refuse(408, "Request Timeout", _timeout_sentence(timeout_s, "head"))

    return HeadTimeoutH11


def server_config(app, settings, host: str, port: int, log_level: str = "info") -> uvicorn.Config:
    """The uvicorn configuration of ``souvenir serve`` and ``souvenir mcp --transport http``:
    the head's deadline, a short keep-alive (5 s idle), and a bound on open connections (four
    times the requests served at once, plus 64 idle keep-alive ones)."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        http=protocol_class(settings.request_timeout_s, 4 * settings.max_concurrent_requests + 64),
        timeout_keep_alive=5,
    )
