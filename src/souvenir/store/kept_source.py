"""A caller's source as the store keeps it: its secrets redacted, still told apart.

A source names where a turn or a memory came from (``add_turn_once(source=…)``: a message's id,
the key of its at-most-once record). The store scrubs it as every text it writes
(:func:`~souvenir.privacy.scrub.scrub`), and some ids read as secrets — a 64-hex message id
(a SHA-256) is redacted whole. Two such ids then became one ``tg:[redacted]``, and the source a
retry looks for (raw) was never the one kept: the same request sent three times was recorded
three times (session 21, harden6). A redacted source is kept with a mark of what it was: an
HMAC-SHA256 of the raw source under a key derived from the store's erasure key (never the
plain source: a low-entropy secret would be confirmed by a plain hash), cut to 24 hex (< 32:
never itself taken for a token), as :func:`~souvenir.store.userdata.acted_mark` does.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from souvenir.privacy.scrub import scrub

__all__ = ["kept_source"]


def kept_source(store: Any, source: str | None) -> str | None:
    """``source`` scrubbed; when that redacted something, followed by ``#`` and its 24-hex mark
    (the same raw source, the same mark, in this store). ``store``: a connection or a store with
    ``_query``, read only when a secret was found. ``None`` stays ``None``."""
    kept = scrub(source)
    if source is None or kept == source:
        return kept
    sql = "SELECT value FROM store_secrets WHERE name = 'erasure_key'"
    rows = store._query(sql, ()) if hasattr(store, "_query") else store.execute(sql).fetchall()
    if not rows:
        return kept
    derived = hmac.new(bytes.fromhex(rows[0][0]), b"souvenir redacted source", hashlib.sha256).digest()
    mark = hmac.new(derived, source.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:24]
    return f"{kept}#{mark}"
