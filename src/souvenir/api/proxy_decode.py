"""An upstream's answer decoded a bounded piece at a time.

httpx decodes each network chunk whole: 8 KB of ``Content-Encoding: zstd`` (decoded whenever
``zstandard`` is installed, asked for or not) came out as one 256 MiB chunk, before the
proxy's bounds on an answer (16 MiB) or a stream's line (1 MiB) were checked. Here the raw
bytes are decoded :data:`STEP` bytes at a time at most, so those bounds hold on what is
decoded; only ``gzip`` and ``deflate`` are asked for (:data:`ACCEPT_ENCODING`) and decoded,
any other coding is an upstream error (:class:`httpx.DecodingError`, a 502).
"""

from __future__ import annotations

import zlib
from collections.abc import AsyncIterator

import httpx

__all__ = ["ACCEPT_ENCODING", "STEP", "decoded_bytes"]

#: What the upstream client asks for (httpx's default adds ``zstd`` and ``br`` when installed).
ACCEPT_ENCODING = "gzip, deflate"
#: The most bytes one decoding step yields.
STEP = 64 * 1024
_WBITS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}


def _codings(answer: httpx.Response) -> list[str]:
    named = (c.strip().lower() for c in answer.headers.get_list("content-encoding", split_commas=True))
    return [c for c in named if c and c != "identity"]


async def decoded_bytes(answer: httpx.Response) -> AsyncIterator[bytes]:
    """``answer``'s body (opened with ``stream=True``), decoded :data:`STEP` bytes at most at a
    time; raises :class:`httpx.DecodingError` for a coding other than gzip or deflate, or
    bytes that do not decode."""
    codings = _codings(answer)
    if not codings:
        async for chunk in answer.aiter_raw():
            yield chunk
        return
    if len(codings) > 1 or codings[0] not in _WBITS:
        raise httpx.DecodingError(
            f"the upstream's answer is encoded {', '.join(codings)[:40]!r}: not relayed (gzip or deflate only)"
        )
    unpack, first = zlib.decompressobj(_WBITS[codings[0]]), True
    async for chunk in answer.aiter_raw():
        data = chunk
        while True:
            try:
                out = unpack.decompress(data, STEP)
            except zlib.error as exc:
                if first and codings[0] == "deflate":  # raw deflate, without zlib's header
                    unpack, first = zlib.decompressobj(-zlib.MAX_WBITS), False
                    continue
                raise httpx.DecodingError(f"the upstream's answer does not decode: {exc}") from exc
            first = False
            if out:
                yield out
            data = unpack.unconsumed_tail
            if not data and len(out) < STEP:
                break
