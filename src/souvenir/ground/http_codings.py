"""Reading a model server's or an upstream's answer: the codings taken, decoded a bounded
step at a time, with a bound on the whole.

httpx decodes ``Content-Encoding: zstd`` whenever ``zstandard`` is installed, asked for or
not, and decodes each network chunk whole: 32 KB of zstd is one 1 GiB chunk, and a 64 KiB
chunk of gzip up to ~64 MiB (``tests/test_break_proxy_encoding.py``,
``tests/test_break_model_encoding.py``). Every client here asks for gzip and deflate only
(:data:`ACCEPT_ENCODING`), refuses any other coding before the body is read
(:func:`refuse_other_codings`, a response hook), and reads raw bytes decoded :data:`STEP`
bytes at a time (:class:`StepDecoder`), so a bound on the answer holds on what is decoded:

- the proxy's relayed answers (:mod:`souvenir.api.proxy_decode`, asynchronous);
- the reflection's chat client and the HTTP embedders (:func:`read_bounded`,
  :func:`bounded_lines`), whose answers are bounded by :data:`MODEL_ANSWER_BYTES` and a
  streamed line by :data:`MODEL_LINE_BYTES`: an answer over the bound is an error of that
  model or embedder (:class:`AnswerTooLarge`, an :class:`httpx.DecodingError`), never read
  whole into memory.

A deadline (``time.monotonic()`` seconds) bounds the whole read as well: httpx's timeout is
per socket read, so a server sending one byte a second held a 1.5 s call for minutes
(``tests/test_break_session12.py``). Past it, :class:`PastDeadline` (an
:class:`httpx.ReadTimeout`) is raised at the next bytes received. The response's *head*
(status line and headers, up to h11's 16 KiB) is read by httpx before any of that: a client
given :func:`with_deadlines` and called inside :func:`by_deadline` waits on each
socket operation (connect, write, read) at most what is left of the deadline, and not at all
past it (``tests/test_break_session13.py``: a head dripped a byte every 0.1 s held a 1.5 s
call 38 s).
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import httpcore
import httpx

__all__ = [
    "ACCEPT_ENCODING",
    "MODEL_ANSWER_BYTES",
    "MODEL_LINE_BYTES",
    "STEP",
    "AnswerTooLarge",
    "PastDeadline",
    "StepDecoder",
    "bounded_lines",
    "by_deadline",
    "codings",
    "decoded_pieces",
    "model_client",
    "read_bounded",
    "with_deadlines",
    "within",
    "refuse_other_codings",
]

#: What the clients ask for (httpx's default adds ``zstd`` and ``br`` when installed).
ACCEPT_ENCODING = "gzip, deflate"
#: The most bytes one decoding step yields.
STEP = 64 * 1024
#: A model's or embedder's whole answer, decoded. A reflection bounded by ``max_tokens``
#: (a few thousand tokens) is tens of KB of JSON; a batch of 64 embeddings of 1,024
#: dimensions about 1.6 MB: 32 MiB leaves room for larger batches and never a GiB.
MODEL_ANSWER_BYTES = 32 * 1024 * 1024
#: One line of a streamed answer (one server-sent event: one token's piece).
MODEL_LINE_BYTES = 1024 * 1024
_TAKEN = frozenset({"", "identity", "gzip", "x-gzip", "deflate"})
_WBITS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}


class AnswerTooLarge(httpx.DecodingError):
    """An answer or a streamed line over its bound (not read further)."""


class PastDeadline(httpx.ReadTimeout):
    """An answer still coming at its deadline (not read further)."""


def codings(response: httpx.Response) -> list[str]:
    """The content codings ``response`` names, lower case, ``identity`` left out."""
    named = (c.strip().lower() for c in response.headers.get_list("content-encoding", split_commas=True))
    return [c for c in named if c and c != "identity"]


def refuse_other_codings(response: httpx.Response) -> None:
    """httpx response hook: :class:`httpx.DecodingError` for a coding other than gzip or
    deflate (its body unread)."""
    other = [c for c in codings(response) if c not in _TAKEN]
    if other:
        raise httpx.DecodingError(
            f"the model server's answer is encoded {', '.join(other)[:40]!r}: not read (gzip or deflate only)",
            request=response.request,
        )


class StepDecoder:
    """Decodes raw body bytes of the codings ``named`` (none, or one of gzip / deflate)
    :data:`STEP` bytes at most per piece. Raises :class:`httpx.DecodingError` for another
    coding, several codings, or bytes that do not decode."""

    def __init__(self, named: list[str], who: str = "the upstream's answer") -> None:
        if len(named) > 1 or (named and named[0] not in _WBITS):
            raise httpx.DecodingError(f"{who} is encoded {', '.join(named)[:40]!r}: not read (gzip or deflate only)")
        self._who = who
        self._coding = named[0] if named else ""
        self._unpack = zlib.decompressobj(_WBITS[self._coding]) if self._coding else None
        self._first = True

    def feed(self, chunk: bytes) -> Iterator[bytes]:
        """The decoded pieces of one raw ``chunk``, each at most :data:`STEP` bytes."""
        if self._unpack is None:
            for start in range(0, len(chunk), STEP):
                yield chunk[start : start + STEP]
            return
        data = chunk
        while True:
            try:
                out = self._unpack.decompress(data, STEP)
            except zlib.error as exc:
                if self._first and self._coding == "deflate":  # raw deflate, without zlib's header
                    self._unpack, self._first = zlib.decompressobj(-zlib.MAX_WBITS), False
                    continue
                raise httpx.DecodingError(f"{self._who} does not decode: {exc}") from exc
            self._first = False
            if out:
                yield out
            data = self._unpack.unconsumed_tail
            if not data and len(out) < STEP:
                break


def decoded_pieces(
    response: httpx.Response, who: str = "the model server's answer", deadline: float | None = None
) -> Iterator[bytes]:
    """``response``'s body (opened with ``client.stream``), decoded a bounded step at a time;
    :class:`PastDeadline` when bytes arrive after ``deadline`` (``time.monotonic()``)."""
    decoder = StepDecoder(codings(response), who)
    for chunk in response.iter_raw():
        if deadline is not None and time.monotonic() > deadline:
            raise PastDeadline(f"{who} was still coming at its deadline: not read further")
        yield from decoder.feed(chunk)


def read_bounded(
    response: httpx.Response,
    limit: int = MODEL_ANSWER_BYTES,
    who: str = "the model server's answer",
    deadline: float | None = None,
) -> bytes:
    """``response``'s whole body, decoded; :class:`AnswerTooLarge` past ``limit`` bytes,
    :class:`PastDeadline` when still coming at ``deadline`` (``time.monotonic()``)."""
    parts, size = [], 0
    for piece in decoded_pieces(response, who, deadline):
        size += len(piece)
        if size > limit:
            raise AnswerTooLarge(f"{who} is over {limit} bytes: not read further")
        parts.append(piece)
    return b"".join(parts)


def bounded_lines(
    pieces: Iterable[bytes], limit: int = MODEL_LINE_BYTES, who: str = "the model server's stream"
) -> Iterator[str]:
    """The lines (UTF-8, without their ending) of decoded ``pieces``; :class:`AnswerTooLarge`
    for a line over ``limit`` bytes."""
    pending = b""
    for piece in pieces:
        pending += piece
        *lines, pending = pending.split(b"\n")
        for line in lines:
            yield line.rstrip(b"\r").decode("utf-8", errors="replace")
        if len(pending) > limit:
            raise AnswerTooLarge(f"{who} has a line over {limit} bytes: not read further")
    if pending:
        yield pending.rstrip(b"\r").decode("utf-8", errors="replace")


def within(pieces: Iterable[bytes], limit: int, who: str = "the model server's stream") -> Iterator[bytes]:
    """``pieces`` passed on while their total stays within ``limit`` bytes; then
    :class:`AnswerTooLarge`."""
    size = 0
    for piece in pieces:
        size += len(piece)
        if size > limit:
            raise AnswerTooLarge(f"{who} is over {limit} bytes: not read further")
        yield piece


# -- a deadline on every socket operation (the head included) ------------------------------------
_DEADLINE: ContextVar[float | None] = ContextVar("souvenir_http_deadline", default=None)


@contextmanager
def by_deadline(deadline: float) -> Iterator[None]:
    """Inside: every socket operation of a client given :func:`with_deadlines` in this thread
    (or task) ends by ``deadline`` (``time.monotonic()`` seconds)."""
    token = _DEADLINE.set(deadline)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def _left(timeout: float | None, what: str) -> float | None:
    """``timeout`` cut to what is left of the current deadline; past it, the timeout of ``what``."""
    deadline = _DEADLINE.get()
    if deadline is None:
        return timeout
    left = deadline - time.monotonic()
    if left <= 0:
        raise (
            httpcore.ConnectTimeout
            if what == "connect"
            else httpcore.ReadTimeout
            if what == "read"
            else httpcore.WriteTimeout
        )(f"the call's deadline passed during its {what}")
    return left if timeout is None else min(timeout, left)


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _left(timeout, "read"))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _left(timeout, "write"))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None):
        return _DeadlineStream(self._inner.start_tls(ssl_context, server_hostname, _left(timeout, "connect")))

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _DeadlineBackend(httpcore.NetworkBackend):
    def __init__(self, inner: httpcore.NetworkBackend) -> None:
        self._inner = inner

    def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address=None, socket_options=None):
        return _DeadlineStream(
            self._inner.connect_tcp(host, port, _left(timeout, "connect"), local_address, socket_options)
        )

    def connect_unix_socket(self, path: str, timeout: float | None = None, socket_options=None):
        return _DeadlineStream(self._inner.connect_unix_socket(path, _left(timeout, "connect"), socket_options))

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


def model_client(base_url: str, api_key: str, timeout_s: float) -> httpx.Client:
    """The client of a model server or an HTTP embedder at ``base_url`` (``api_key`` sent as a
    bearer token when given): gzip and deflate asked for, any other coding refused before the
    body is read (no zstd bomb), ``timeout_s`` seconds per socket operation, and every
    operation, the head's too, ending by the call's :func:`by_deadline`."""
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    return with_deadlines(
        httpx.Client(
            base_url=base_url.rstrip("/"),
            headers={**headers, "Accept-Encoding": ACCEPT_ENCODING},
            timeout=httpx.Timeout(timeout_s),
            event_hooks={"response": [refuse_other_codings]},
        )
    )


def with_deadlines(client: httpx.Client) -> httpx.Client:
    """``client`` with every transport's socket operations honouring :func:`by_deadline`
    (its pools' network backends wrapped — the environment's proxies, ``HTTP_PROXY`` and the
    like, kept: passing httpx a ``transport`` would drop them). Outside :func:`by_deadline`,
    httpx's per-operation timeouts alone."""
    for transport in [client._transport, *client._mounts.values()]:  # no public way to give a backend
        pool = getattr(transport, "_pool", None)
        if pool is not None and hasattr(pool, "_network_backend"):
            pool._network_backend = _DeadlineBackend(pool._network_backend)
    return client
