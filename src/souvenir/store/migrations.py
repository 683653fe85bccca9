"""Versioned, transactional migrations (after sqlite-utils' ``Migrations``).

Migrations are the files ``store/sql/<dialect>/NNNN_name.sql``; the version is ``NNNN``.
Each one runs in its own transaction together with its ``schema_migrations`` row: a failing
migration rolls back whole and stays pending. Re-running is a no-op. SQL is written per
dialect; a migration never branches on settings.

A SQLite migration that rebuilds tables (SQLite's 12-step ``ALTER TABLE`` procedure) starts
with the line ``-- souvenir: foreign_keys off``: the store then runs it with foreign keys
off (dropping a parent table must not cascade) and checks them before it commits. A line
``-- souvenir: autoincrement T1, T2`` has the store rebuild those tables with
``AUTOINCREMENT`` after the migration's statements, from their schema as it stands
(:mod:`souvenir.store.rebuild`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
#: First line of a migration that must run with foreign keys off (SQLite table rebuilds).
FOREIGN_KEYS_OFF = "-- souvenir: foreign_keys off"
#: A line naming tables to rebuild with AUTOINCREMENT (SQLite; :mod:`souvenir.store.rebuild`).
_AUTOINCREMENT = re.compile(r"^-- souvenir: autoincrement (.+)$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Migration:
    """One migration: ``version`` (int), ``name`` and its SQL ``statements`` in order."""

    version: int
    name: str
    statements: tuple[str, ...]
    foreign_keys_off: bool = False
    #: Tables the SQLite store rebuilds with AUTOINCREMENT after the statements.
    autoincrement: tuple[str, ...] = ()


def split_statements(sql: str) -> tuple[str, ...]:
    """Split a migration file into statements (``;`` at a line end; ``--`` comments dropped).

    A ``CREATE TRIGGER`` runs to its ``END;`` line: the statements of its body end in ``;``
    too. A ``$$``-quoted body (a PostgreSQL function) runs to its closing ``$$``.
    """
    statements: list[str] = []
    current: list[str] = []
    for line in sql.splitlines():
        if line.lstrip().startswith("--") and "\n".join(current).count("$$") % 2 == 0:
            continue
        current.append(line)
        text = "\n".join(current)
        head = text.lstrip().upper()
        # (a SQLite trigger: a BEGIN … END body; PostgreSQL's ends at its first ``;``)
        in_trigger = head.startswith("CREATE TRIGGER") and re.search(r"\bBEGIN\b", head) is not None
        in_body = text.count("$$") % 2 == 1
        if re.search(r";\s*$", line) and not in_body and (not in_trigger or re.match(r"^\s*END\s*;\s*$", line, re.I)):
            statements.append("\n".join(current).strip().rstrip(";").strip())
            current = []
    statements.append("\n".join(current).strip())
    return tuple(part for part in statements if part)


def load(dialect: str) -> list[Migration]:
    """All migrations of ``dialect`` (``sqlite`` or ``postgres``), by version."""
    folder = resources.files("souvenir.store").joinpath("sql", dialect)
    found = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            text = entry.read_text(encoding="utf-8")
            rebuild = _AUTOINCREMENT.search(text)
            tables = tuple(t.strip() for t in rebuild.group(1).split(",") if t.strip()) if rebuild else ()
            found.append(
                Migration(
                    int(match.group(1)),
                    match.group(2),
                    split_statements(text),
                    text.startswith(FOREIGN_KEYS_OFF),
                    tables,
                )
            )
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if len(set(versions)) != len(versions):
        raise RuntimeError(f"duplicate migration versions in {dialect}: {versions}")
    return found
