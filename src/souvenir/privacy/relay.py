"""What the proxy relays carries no configured secret (issue #27).

An upstream model server that refuses a key echoes it ("Incorrect API key provided:
sk-…"), in an error body or a reply, and some echo request headers back; the proxy used to
pass those bytes through unchanged, handing the operator's model key to every caller.
:class:`RelayScrubber` replaces, in every relayed body (streamed or not) and header value:

- each secret this process was configured with (the chat model's and embedder's keys, a
  configured URL's password: :func:`souvenir.privacy.configured.known_secrets`);
- the caller's own bearer token, and anything shaped like one of the service's keys
  (``sv_`` and 43 URL-safe characters, :mod:`souvenir.api.keys`): keys are stored hashed, so
  a key is recognised by its shape.

Only exact values are replaced (bytes, UTF-8): the body keeps its shape (JSON stays JSON,
SSE events stay events). A stream is scrubbed chunk by chunk, holding back a chunk's tail
only when it could begin a secret, so that a secret split across two chunks is caught too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from souvenir.privacy.configured import configured_secrets
from souvenir.privacy.marker import REDACTED

__all__ = ["RelayScrubber"]

_SERVICE_KEY = re.compile(rb"sv_[A-Za-z0-9_-]{43}")
_SERVICE_KEY_START = re.compile(rb"s(?:v(?:_[A-Za-z0-9_-]{0,42})?)?")
_MARK = REDACTED.encode()


class RelayScrubber:
    """Scrubs relayed bytes of ``extra`` values (the caller's token) and the configured secrets."""

    def __init__(self, extra: Iterable[str | None] = ()) -> None:
        values = {v for v in (*configured_secrets(), *extra) if v and len(v) >= 8}
        self._values = sorted((v.encode("utf-8") for v in values), key=len, reverse=True)
        # a service key is 46 bytes: hold back enough for it too
        self._hold = max([len(v) for v in self._values] + [46]) - 1
        self._pending = b""

    def scrub(self, data: bytes) -> bytes:
        """``data`` (a whole body) with every secret replaced by ``[redacted]``."""
        for value in self._values:
            if value in data:
                data = data.replace(value, _MARK)
        return _SERVICE_KEY.sub(_MARK, data)

    def headers(self, headers: Iterable[tuple[str, str]]) -> dict[str, str]:
        """The header values scrubbed (as text)."""
        return {
            k: self.scrub(v.encode("utf-8", "surrogateescape")).decode("utf-8", "surrogateescape") for k, v in headers
        }

    def feed(self, chunk: bytes) -> bytes:
        """A stream's next chunk: what can be sent now. Only a tail that could begin a secret
        is held back (most chunks go out whole: a streamed reply is not delayed)."""
        data = self.scrub(self._pending + chunk)
        keep = self._partial(data)
        self._pending = data[len(data) - keep :] if keep else b""
        return data[: len(data) - keep]

    def _partial(self, data: bytes) -> int:
        """Length of the longest tail of ``data`` that begins a secret (0: none)."""
        for size in range(min(self._hold, len(data)), 0, -1):
            tail = data[-size:]
            if any(v.startswith(tail) for v in self._values) or _SERVICE_KEY_START.fullmatch(tail):
                return size
        return 0

    def flush(self) -> bytes:
        """The held-back tail, at the stream's end."""
        data, self._pending = self.scrub(self._pending), b""
        return data
