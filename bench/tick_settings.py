"""What one PostgreSQL backend pays per write as it writes for more distinct users, through
the read cache's tick trigger (issue #17, issue-17a's migration 0019). Standalone script.

The trigger first kept a user's tick in a transaction-local setting named after the user
(``set_config('souvenir.read_tick_<user id>', …, true)``): the value ends with the
transaction, but the setting's *name* stays defined in the backend for its life, and
PostgreSQL 15 keeps every setting in one array that it re-sorts when a name is added, so a
pooled server connection (PgBouncer's, psycopg's), which writes for every user it is lent
to, got slower. It now keeps one fixed name, ``souvenir.read_tick`` = ``user:tick``; step 4
below still times the per-user names alone, as the control (docs/journal.md, "Tick
settings").

1. Creates a throwaway database on ``--admin-url``, migrates it (``open_store``) and adds
   ``--users`` users by SQL.
2. On one connection, one transaction per user: inserts one memory for that user (the
   trigger runs) — ``--users`` distinct users in turn. Reports, per block of ``--block``
   users: ms per write and the backend's private memory (``RssAnon`` of its process, shared
   buffers left out; the server runs on this machine).
3. Control, on a fresh connection: the same number of writes for one user only.
4. The mechanism alone, on a fresh connection: ``SELECT set_config('souvenir.read_tick_<i>',
   '1', true)`` in one transaction per ``i``, no table touched.
5. Drops the database.

    .venv/bin/python -m bench.tick_settings --users 50000 --block 5000
"""

from __future__ import annotations

import argparse
import os
import secrets
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg


from souvenir.store import open_store  # noqa: E402

_INSERT = (
    "INSERT INTO memories (user_id, kind, scope, text, created_at, updated_at, content_hash) "
    "VALUES (%s, 'episode', 'global', 'I adopted a cat', '2026-01-05T00:00:00+00:00', "
    "'2026-01-05T00:00:00+00:00', content_hash('I adopted a cat'))"
)


def rss_kb(pid: int) -> int:
    """Private resident memory (kB) of process ``pid`` (0 when unreadable: another machine)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("RssAnon:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def writes(url: str, user_ids: list[int], block: int, settings_only: bool = False) -> list[tuple[int, float, int]]:
    """(users so far, ms per write in the block, backend private memory kB) per block;
    ``settings_only``: each transaction sets one setting per user id instead of writing."""
    out = []
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SET synchronous_commit = off")  # the commit's WAL flush is not the question
        pid = conn.execute("SELECT pg_backend_pid()").fetchone()[0]  # type: ignore[index]
        t = time.perf_counter()
        for i, uid in enumerate(user_ids, 1):
            with conn.transaction():
                if settings_only:
                    conn.execute("SELECT set_config('souvenir.read_tick_' || %s::text, '1', true)", (uid,))
                else:
                    conn.execute(_INSERT, (uid,))
            if i % block == 0:
                now = time.perf_counter()
                out.append((i, (now - t) * 1000 / block, rss_kb(pid)))
                t = now
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, default=50_000)
    parser.add_argument("--block", type=int, default=5_000)
    parser.add_argument(
        "--admin-url", default=os.environ.get("SOUVENIR_TEST_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")
    )
    args = parser.parse_args()
    name = f"souvenir_ticks_{secrets.token_hex(3)}"
    url = urlunsplit(urlsplit(args.admin_url)._replace(path="/" + name))
    with psycopg.connect(args.admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            open_store(url).close()
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(
                    "INSERT INTO users (channel, external_id, created_at) SELECT 'ticks', 'u' || g, "
                    "'2026-01-05T00:00:00+00:00' FROM generate_series(1, %s) g",
                    (args.users,),
                )
                ids = [r[0] for r in conn.execute("SELECT id FROM users ORDER BY id")]
                has_trigger = conn.execute("SELECT to_regclass('read_ticks') IS NOT NULL").fetchone()[0]  # type: ignore[index]
            print(
                f"read cache's tick trigger: {'present' if has_trigger else 'absent'}; "
                f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
            )
            print("| transactions so far | what each does | distinct users | ms each | backend private MB |")
            print("|---|---|---|---|---|")
            series = [
                ("one memory written", ids, False),
                ("one memory written", [ids[0]] * len(ids), False),
                ("set_config alone", ids, True),
            ]
            for what, users, only in series:
                distinct = len(set(users))
                for n, ms, kb in writes(url, users, args.block, only):
                    print(f"| {n:,} | {what} | {min(n, distinct):,} | {ms:.3f} | {kb / 1024:.1f} |", flush=True)
            print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
