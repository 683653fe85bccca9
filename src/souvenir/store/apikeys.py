"""API keys (a mixin of :class:`~souvenir.store.base.SQLStore`): only each key's SHA-256 is
stored, never the key. :mod:`souvenir.library.access_keys` makes keys and
:mod:`souvenir.api.keys` checks them; this only keeps rows."""

from __future__ import annotations

import json
from datetime import datetime

from souvenir.ground.errors import InputError
from souvenir.store.plumbing import Plumbing
from souvenir.ground.timeutil import to_text

_COLUMNS = "id, name, prefix, admin, channels, created_at, revoked_at"


def _row(r) -> dict:
    return {
        "id": r[0],
        "name": r[1],
        "prefix": r[2],
        "admin": bool(r[3]),
        "channels": json.loads(r[4] or "[]"),
        "created_at": r[5],
        "revoked_at": r[6],
    }


class ApiKeysMixin(Plumbing):
    """Needs ``transaction()`` and ``_query()`` from the store."""

    def add_api_key(
        self, name: str, key_hash: str, prefix: str, admin: bool, channels: list[str], now: datetime
    ) -> int:
        """Keep a new key's hash; returns its id. A taken name raises :class:`StoreError`."""
        with self.transaction() as conn:
            return int(
                conn.execute(
                    "INSERT INTO api_keys (name, key_hash, prefix, admin, channels, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                    (name, key_hash, prefix, int(admin), json.dumps(sorted(set(channels))), to_text(now)),
                ).fetchone()[0]
            )

    def api_keys(self, include_revoked: bool = True) -> list[dict]:
        """Every key's row (never its hash), oldest first: ``{id, name, prefix, admin,
        channels, created_at, revoked_at}``."""
        sql = f"SELECT {_COLUMNS} FROM api_keys"
        if not include_revoked:
            sql += " WHERE revoked_at IS NULL"
        return [_row(r) for r in self._query(sql + " ORDER BY id")]

    def active_key_hashes(self) -> dict[str, dict]:
        """Hash → row of every key not revoked (what the service authenticates against)."""
        rows = self._query(f"SELECT key_hash, {_COLUMNS} FROM api_keys WHERE revoked_at IS NULL")
        return {r[0]: _row(r[1:]) for r in rows}

    def revoke_api_key(self, id_or_name: str, now: datetime) -> dict | None:
        """Revoke the key with that id or name; returns its row, or ``None`` when none is
        active under that id or name. Raises :class:`InputError` when one key has that id
        and another that name."""
        with self.transaction() as conn:
            key_id = int(id_or_name) if id_or_name.isdigit() else -1
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM api_keys WHERE (id = ? OR name = ?) AND revoked_at IS NULL",
                (key_id, id_or_name),
            ).fetchall()
            if not rows:
                return None
            if len(rows) > 1:  # a key named "3" beside key id 3 (names of digits are refused since)
                raise InputError(
                    f"both key id {key_id} and a key named {id_or_name!r} are active: "
                    "revoke the one you mean by its other id or name"
                )
            row = rows[0]
            conn.execute("UPDATE api_keys SET revoked_at = ? WHERE id = ?", (to_text(now), row[0]))
            return _row(row) | {"revoked_at": to_text(now)}
