"""The content codings Souvenir's HTTP clients of model servers take (chat, embedders).

httpx decodes ``Content-Encoding: zstd`` whenever ``zstandard`` is installed, asked for or
not, and decodes each network chunk whole: 32 KB of zstd is one 1 GiB chunk (the proxy's
test, ``tests/test_break_proxy_encoding.py``). The clients ask for gzip and deflate only
(:data:`ACCEPT_ENCODING`) and refuse an answer in any other coding before its body is read
(:func:`refuse_other_codings`, a response hook: :class:`httpx.DecodingError`, the caller's
model or embedder error). The proxy decodes its relayed answers a bounded step at a time
(:mod:`souvenir.api.proxy_decode`).
"""

from __future__ import annotations

import httpx

__all__ = ["ACCEPT_ENCODING", "refuse_other_codings"]

#: What the clients ask for (httpx's default adds ``zstd`` and ``br`` when installed).
ACCEPT_ENCODING = "gzip, deflate"
_TAKEN = frozenset({"", "identity", "gzip", "x-gzip", "deflate"})


def refuse_other_codings(response: httpx.Response) -> None:
    """httpx response hook: :class:`httpx.DecodingError` for a coding other than gzip or
    deflate (its body unread)."""
    named = [c.strip().lower() for c in response.headers.get_list("content-encoding", split_commas=True)]
    other = [c for c in named if c not in _TAKEN]
    if other:
        raise httpx.DecodingError(
            f"the model server's answer is encoded {', '.join(other)[:40]!r}: not read (gzip or deflate only)",
            request=response.request,
        )
