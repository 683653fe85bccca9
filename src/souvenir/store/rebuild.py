"""SQLite table rebuilds (the 12-step ``ALTER TABLE`` procedure), from the schema as it stands.

SQLite cannot add ``AUTOINCREMENT`` to an existing table: the table is created again under a
new name, its rows copied, the old one dropped and the new one renamed, then its indexes and
triggers created again. The new table's SQL is the stored one with ``AUTOINCREMENT`` added
to its ``id INTEGER PRIMARY KEY``, so every column any migration added before (on any
branch) is kept. Run inside the migration's transaction with foreign keys off (a dropped
parent table must not cascade) and ``legacy_alter_table`` on (other tables' triggers name the
table while it is being swapped); the store checks the foreign keys before the commit.
"""

from __future__ import annotations

import re

__all__ = ["add_autoincrement"]

_ID = re.compile(r"\bid\s+INTEGER\s+PRIMARY\s+KEY\b(?!\s+AUTOINCREMENT)", re.IGNORECASE)
_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")


def add_autoincrement(conn, table: str) -> bool:
    """Rebuild ``table`` with ``id INTEGER PRIMARY KEY AUTOINCREMENT``; ``False`` when it
    has no such column or already has it (nothing done). Rows keep their ids, so
    ``sqlite_sequence`` starts at the largest one."""
    if not _NAME.match(table):
        raise ValueError(f"not a table name: {table!r}")
    row = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone()
    if row is None or not _ID.search(row[0]):
        return False
    temp = f"{table}_rebuilt"
    create = re.sub(rf"^CREATE TABLE\s+\"?{table}\"?", f"CREATE TABLE {temp}", row[0], count=1, flags=re.IGNORECASE)
    create = _ID.sub("id INTEGER PRIMARY KEY AUTOINCREMENT", create, count=1)
    columns = ", ".join(f'"{r[1]}"' for r in conn.execute(f"PRAGMA table_info({table})").fetchall())
    extras = [
        r[0]
        for r in conn.execute(
            "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') "
            "AND sql IS NOT NULL ORDER BY type, rowid",
            (table,),
        ).fetchall()
    ]
    conn.execute(create)
    conn.execute(f"INSERT INTO {temp} ({columns}) SELECT {columns} FROM {table}")
    conn.execute(f"DROP TABLE {table}")
    conn.execute(f"ALTER TABLE {temp} RENAME TO {table}")
    for sql in extras:
        conn.execute(sql)
    return True
