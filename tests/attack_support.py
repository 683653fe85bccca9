"""What the attack tests share: a keyless SQLite service's settings, and a whole SQLite file
as SQL text (a secret found anywhere in it was kept)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from souvenir.config import Settings


def sqlite_settings(db: Path, **extra) -> Settings:
    return Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None, **extra)


def dump_sqlite(db: Path) -> str:
    """Every row of every table of the SQLite file ``db``, as SQL text."""
    con = sqlite3.connect(db)
    try:
        return "\n".join(con.iterdump())
    finally:
        con.close()
