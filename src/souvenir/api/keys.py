"""What each API key reaches (tenants are channels), and the service's ring of active keys.

A key (made by :mod:`souvenir.library.access_keys`, kept hashed) is either *admin* (every
user, rules, ``/metrics``, service-wide diagnostics) or reaches the users of its channels
only. The CLI and the Python library are local and need no key.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field

from souvenir.ground.errors import StoreError
from souvenir.library.access_keys import create_key, hash_key, keys_in_force

__all__ = ["LOCAL", "KeyRing", "Principal", "create_key", "hash_key", "keys_in_force"]

log = logging.getLogger(__name__)


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
