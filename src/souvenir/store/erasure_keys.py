"""The keys of the erasure records: the user's keyed mark (:func:`user_key`) and the store's
key of the marks (:func:`erasure_key`), read by the erasure marks
(:mod:`souvenir.store.userdata`) and the marks of the erased texts
(:mod:`souvenir.store.erased_texts`)."""

from __future__ import annotations

import hashlib
import hmac

__all__ = ["erasure_key", "user_key"]


def user_key(channel: str, external_id: str, key: str | None = None) -> str:
    """The ``erasures`` row's key: an HMAC-SHA256 of the user's channel and id under the
    store's ``key`` (:func:`erasure_key`), never the id; without ``key``, the plain SHA-256
    marks written before migration 0024 (still read for :data:`souvenir.store.userdata.ERASURE_MARK` after it)."""
    said = f"{channel}\x00{external_id}".encode("utf-8", "surrogatepass")
    if key is None:
        return hashlib.sha256(said).hexdigest()
    return hmac.new(bytes.fromhex(key), said, hashlib.sha256).hexdigest()


def erasure_key(conn) -> str | None:
    """The store's key of the erasure marks (migration 0024: random, made by the store, kept in
    ``store_secrets``, outside the ``erasures`` rows), hex; ``None`` if the row is gone."""
    row = conn.execute("SELECT value FROM store_secrets WHERE name = 'erasure_key'").fetchone()
    return row[0] if row else None
