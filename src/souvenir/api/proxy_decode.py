"""An upstream's answer decoded a bounded piece at a time (asynchronous).

httpx decodes each network chunk whole: 8 KB of ``Content-Encoding: zstd`` (decoded whenever
``zstandard`` is installed, asked for or not) came out as one 256 MiB chunk, before the
proxy's bounds on an answer (16 MiB) or a stream's line (1 MiB) were checked. Here the raw
bytes are decoded :data:`STEP` bytes at a time at most (:class:`souvenir.ground.http_codings.StepDecoder`,
shared with the model clients), so those bounds hold on what is decoded; only ``gzip`` and
``deflate`` are asked for (:data:`ACCEPT_ENCODING`) and decoded, any other coding is an
upstream error (:class:`httpx.DecodingError`, a 502). A deadline bounds the whole read:
each wait for the next bytes ends with it (:class:`~souvenir.ground.http_codings.PastDeadline`), so
an upstream sending an event every 0.3 s no longer holds a relay past
``SOUVENIR_LLM_TIMEOUT_S`` (httpx's timeout is per read).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import httpx

from souvenir.ground.http_codings import ACCEPT_ENCODING, STEP, PastDeadline, StepDecoder, codings

__all__ = ["ACCEPT_ENCODING", "STEP", "decoded_bytes"]


async def decoded_bytes(answer: httpx.Response, deadline: float | None = None) -> AsyncIterator[bytes]:
    """``answer``'s body (opened with ``stream=True``), decoded :data:`STEP` bytes at most at a
    time; raises :class:`httpx.DecodingError` for a coding other than gzip or deflate, or
    bytes that do not decode, and :class:`PastDeadline` when the body is still coming at
    ``deadline`` (``time.monotonic()`` seconds)."""
    decoder = StepDecoder(codings(answer), "the upstream's answer")
    raw = answer.aiter_raw()
    while True:
        try:
            if deadline is None:
                chunk = await anext(raw)
            else:
                chunk = await asyncio.wait_for(anext(raw), max(deadline - time.monotonic(), 0.001))
        except StopAsyncIteration:
            return
        except TimeoutError:
            raise PastDeadline("the upstream's answer was still coming at its deadline: not read further") from None
        for piece in decoder.feed(chunk):
            yield piece
