"""API keys: making one and asking whether keys are in force (the library's ``keys``
commands; the REST service's :mod:`souvenir.api.keys` checks them).

A key is ``sv_`` + 43 URL-safe characters (256 random bits, :func:`secrets.token_urlsafe`);
the store keeps only its SHA-256 (a fast hash is enough for a random 256-bit key: there is
no dictionary to try) and its first 10 characters to name it in listings. A key is either
*admin* (every user, rules, ``/metrics``, service-wide diagnostics) or reaches the users of
its channels only. The CLI and the Python library are local and need no key.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime

from souvenir.ground.errors import InputError
from souvenir.ground.limits import check_user_id
from souvenir.ground.timeutil import utcnow

__all__ = ["KEY_PREFIX", "SHOWN_CHARS", "create_key", "hash_key", "keys_in_force", "new_key"]

KEY_PREFIX = "sv_"
#: Characters of a key kept in clear to name it (``sv_`` + 7: 42 bits, not enough to guess
#: the other 209).
SHOWN_CHARS = 10


def new_key() -> str:
    """A fresh random key (shown once, never stored)."""
    return KEY_PREFIX + secrets.token_urlsafe(32)


def hash_key(key: str) -> str:
    """The SHA-256 of ``key`` in hex: what the store keeps."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def create_key(
    store, name: str, admin: bool = False, channels: list[str] | None = None, now: datetime | None = None
) -> tuple[str, dict]:
    """Make a key named ``name`` and keep its hash in ``store``; returns (the key, its row).

    Raises :class:`InputError` for an empty, taken or all-digit name (read as an id by
    ``keys revoke``), or a key that would reach
    nothing (neither ``admin`` nor a channel) or both (``admin`` with channels, which it
    would not be limited to), or a channel no route could address.
    """
    name = (name or "").strip()
    if not name or len(name) > 64:
        raise InputError("a key needs a name of 1 to 64 characters")
    if name.isdigit():  # `keys revoke 1` would revoke key id 1, not this one
        raise InputError("a key's name cannot be only digits: `souvenir keys revoke` reads those as an id")
    channels = sorted(set(channels or []))
    for channel in channels:
        check_user_id(channel, "channel")
    if not admin and not channels:
        raise InputError("a key must be --admin or name at least one --channel")
    if admin and channels:  # an admin key reaches every channel: a --channel beside it limits nothing
        raise InputError(
            "an --admin key reaches every channel: give --admin alone, or --channel C "
            "(repeat it) for a key limited to those channels"
        )
    if any(row["name"] == name for row in store.api_keys()):
        raise InputError(f"a key named {name!r} exists already (revoke it, or pick another name)")
    key = new_key()
    key_id = store.add_api_key(name, hash_key(key), key[:SHOWN_CHARS], admin, channels, now or utcnow())
    row = next(r for r in store.api_keys() if r["id"] == key_id)
    return key, row


def keys_in_force(store) -> bool:
    """Whether the store's service requires a key: once a key was ever created, revoked or
    not. Revoking every key locks the service (401 to all); it never falls back to the
    keyless loopback mode (a rotation done in the wrong order would open it otherwise)."""
    return bool(store.api_keys(include_revoked=True))
