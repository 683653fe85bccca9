"""API keys and what each one reaches (tenants are channels).

A key is ``sv_`` + 43 URL-safe characters (256 random bits, :func:`secrets.token_urlsafe`);
the store keeps only its SHA-256 (a fast hash is enough for a random 256-bit key: there is
no dictionary to try) and its first 10 characters to name it in listings. A key is either
*admin* (every user, rules, ``/metrics``, service-wide diagnostics) or reaches the users of
its channels only. The CLI and the Python library are local and need no key.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
from dataclasses import dataclass, field
from datetime import datetime

from souvenir.errors import InputError, StoreError
from souvenir.limits import check_user_id
from souvenir.timeutil import utcnow

log = logging.getLogger(__name__)

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


@dataclass(frozen=True)
class Principal:
    """Who a request acts as: a key's ``name``, ``admin`` or its ``channels``. ``local`` marks
    the open loopback mode (no key configured): it reaches everything."""

    name: str
    admin: bool = False
    channels: frozenset[str] = field(default_factory=frozenset)
    local: bool = False

    def reaches(self, channel: str) -> bool:
        """Whether this principal may read or write users of ``channel``."""
        return self.admin or channel in self.channels


#: The principal of the open loopback mode.
LOCAL = Principal("local", admin=True, local=True)


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


class KeyRing:
    """The active keys of a store, reloaded in the background every ``refresh_s`` seconds so
    that a request never waits on the store to be authenticated (a key created or revoked
    with ``souvenir keys`` takes effect within that time).

    Fails closed: until a first load succeeds, :meth:`configured` is ``True`` and no key
    matches (every route but ``/health`` answers 401). A failed reload keeps the last keys.
    Once a key exists (:func:`keys_in_force`), revoking them all leaves no key that matches.
    """

    def __init__(self, store, refresh_s: float = 1.0) -> None:
        self.store = store
        self.refresh_s = refresh_s
        self._keys: dict[str, Principal] | None = None
        self._in_force = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def refresh(self) -> bool:
        """Reload the keys now; returns whether it worked."""
        try:
            rows = self.store.active_key_hashes()
            self._in_force = self._in_force or bool(rows) or keys_in_force(self.store)
        except StoreError as exc:
            log.warning("API keys not reloaded (the last ones stay in force): %s", exc)
            return False
        self._keys = {
            h: Principal(r["name"], admin=r["admin"], channels=frozenset(r["channels"])) for h, r in rows.items()
        }
        return True

    def start(self) -> None:
        self.refresh()
        self._thread = threading.Thread(target=self._run, name="souvenir-keys", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(self.refresh_s):
            try:
                self.refresh()
            except Exception:  # any fault: the thread must live on, or a revoked key would work until restart
                log.exception("API keys not reloaded (the last ones stay in force)")

    def configured(self) -> bool:
        """Whether keys are in force (``False`` only once the store said it has none)."""
        return self._keys is None or bool(self._keys) or self._in_force

    def lookup(self, key: str) -> Principal | None:
        """The principal of ``key``, or ``None`` for an unknown or revoked key."""
        if not key or self._keys is None:
            return None
        return self._keys.get(hash_key(key))
