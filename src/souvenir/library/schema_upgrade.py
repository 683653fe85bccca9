"""``souvenir migrate``: the store's pending migrations applied as a deploy step of its own.

Every command (and ``souvenir serve``) applies pending migrations when it opens the store; an
operator who runs several replicas, or wants the schema change in its own step of a deploy
(before the new version serves, with its own log line and exit code), runs this instead. It
opens the store without models, applies what is pending (each migration in one transaction
with its version row, serialized across processes: :meth:`souvenir.store.base.SQLStore.migrate`)
and says what it did. A schema newer than this version is refused, nothing applied.
"""

from __future__ import annotations

from dataclasses import dataclass

from souvenir.ground.config import Settings
from souvenir.ground.errors import StoreError
from souvenir.ground.urls import without_userinfo

__all__ = ["SchemaUpgrade", "upgrade_schema"]


@dataclass(frozen=True)
class SchemaUpgrade:
    """What :func:`upgrade_schema` did: ``store`` (the URL without its user info, or the SQLite
    path), the versions ``applied`` now (ascending; empty when the schema was current),
    ``schema`` the latest version now applied."""

    store: str
    applied: list[int]
    schema: int


def upgrade_schema(settings: Settings, check_only: bool = False) -> SchemaUpgrade:
    """Apply the store's pending migrations (``check_only``: apply none, ``applied`` lists the
    pending ones). Raises :class:`StoreError` when the store does not open or a migration fails
    (it rolls back and stays pending), and when the schema is newer than this version's."""
    from souvenir.store import migrations, open_store

    try:
        store = open_store(settings.database_url, migrate=False, cache_memories=0)
    except StoreError as exc:  # its words may name the URL: never its user info
        raise StoreError(without_userinfo(str(exc))) from None
    try:
        known = {m.version for m in migrations.load(store.dialect)}
        done = set(store.applied())
        if newer := sorted(done - known):
            raise StoreError(
                f"the store's schema {max(newer):04d} is newer than this souvenir's ({max(known):04d}): "
                "upgrade souvenir; nothing applied"
            )
        pending = sorted(known - done)
        applied = pending if check_only else sorted(store.migrate())
        now = done | (set() if check_only else set(applied))
    finally:
        store.close()
    url = settings.database_url
    where = str(settings.sqlite_path.resolve()) if url.startswith("sqlite:///") else without_userinfo(url)
    return SchemaUpgrade(store=where, applied=applied, schema=max(now, default=0))
