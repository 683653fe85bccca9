"""Rows a counted turn writes on PostgreSQL, read from ``pg_stat_user_tables`` (issue #17:
at most 50 at 3,000 memories, and not growing with the number of memories).

One user with ``memories`` memories (5% in the turns' story, a few rules) in the database
named by the URL; the turns are :meth:`souvenir.engine.core.Engine.context` calls with their
bookkeeping (counters, the selection kept for diagnostics) on a
:class:`~souvenir.store.postgres.PostgresStore`, without an embedder (the deterministic
passes serve the 24 places: as many served rows as with one). A first turn is counted
apart (it starts the memories' clocks: one row each, once). The statistics of a backend
reach ``pg_stat_user_tables`` when it flushes them; the stores are closed and their
backends waited for (a backend flushes on exit) before each reading.

Raises ``RuntimeError`` when the store's backends do not exit within 30 s.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
_WRITES = "SELECT relname, n_tup_ins + n_tup_upd + n_tup_del FROM pg_stat_user_tables"


def table_writes(url: str) -> dict[str, int]:
    """Rows inserted + updated + deleted per table of the database so far, once every
    other backend on it has exited (and flushed its statistics)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        deadline = time.monotonic() + 30
        others = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        while (conn.execute(others).fetchone() or (0,))[0]:
            if time.monotonic() > deadline:
                raise RuntimeError("the store's connections did not close within 30 s")
            time.sleep(0.05)
        conn.execute("SELECT pg_stat_clear_snapshot()")
        return {name: int(n) for name, n in conn.execute(_WRITES).fetchall()}


def _delta(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {t: after.get(t, 0) - before.get(t, 0) for t in after if after.get(t, 0) != before.get(t, 0)}


def rows_per_turn(url: str, memories: int, turns: int = 20, story: bool = True) -> dict:
    """``{"memories", "turns", "first_turn": {table: rows}, "per_turn": rows written per
    turn after the first, "tables": {table: rows over the turns}}``."""
    from souvenir.engine.core import Engine
    from souvenir.store.postgres import PostgresStore

    store = PostgresStore(url)
    try:
        store.migrate()
        with store.transaction():
            user = store.ensure_user("bench", "rows", NOW)
            story_id = store.ensure_story(user, "s", NOW)
            for i in range(memories):
                in_story = story and i % 20 == 0
                store.insert_memory(
                    user,
                    f"memory number {i}",
                    "rule" if i % 500 == 7 else "fact",
                    "story" if in_story else "global",
                    story_id if in_story else None,
                    0.9,
                    False,
                    None,
                    NOW - timedelta(minutes=i),
                )
    finally:
        store.close()

    def run(n: int) -> None:
        store = PostgresStore(url)
        engine = Engine(store)
        try:
            for i in range(n):
                engine.context(
                    "bench", "rows", f"turn {i}", story="s" if story else None, now=NOW + timedelta(minutes=i)
                )
            engine.flush(None)
        finally:
            engine.close()
            store.close()

    start = table_writes(url)
    run(1)
    first = table_writes(url)
    run(turns)
    end = table_writes(url)
    tables = _delta(first, end)
    return {
        "memories": memories,
        "turns": turns,
        "first_turn": _delta(start, first),
        "per_turn": round(sum(tables.values()) / turns, 2),
        "tables": tables,
    }
