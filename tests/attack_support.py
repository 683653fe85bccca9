"""What the attack tests share: a keyless SQLite service's settings, one behind a stub model, and a whole SQLite file
as SQL text (a secret found anywhere in it was kept)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from souvenir.config import Settings


def sqlite_settings(db: Path, **extra) -> Settings:
    return Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None, **extra)


def stub_model_settings(database_url: str, llm_base_url: str, **extra) -> Settings:
    """A keyless service on ``database_url`` whose chat model is the loopback stub at
    ``llm_base_url`` (model name ``stub``), no embedder, no profile summary."""
    return Settings(
        database_url=database_url,
        embedder="none",
        window_embedder="none",
        llm_base_url=llm_base_url,
        llm_model="stub",
        _env_file=None,
        **{"summary_enabled": False, **extra},
    )


def dump_sqlite(db: Path) -> str:
    """Every row of every table of the SQLite file ``db``, as SQL text."""
    con = sqlite3.connect(db)
    try:
        return "\n".join(con.iterdump())
    finally:
        con.close()
