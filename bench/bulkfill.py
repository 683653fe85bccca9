"""Bulk fill of a migrated PostgreSQL store: many users with few memories each, written by
SQL (``generate_series``) into the real schema, for bench/users_scale.py (issue #17, item 2).

What one user gets (its "shape", :class:`Shape`): ``memories`` active ``episode`` memories
(global scope, no story, a ``day:YYYY-MM-DD`` session, texts from :data:`TEMPLATES` picked
by the user's id), ``turns`` turns (its first memories' texts, replied "Noted."), one
``write:insert:new`` event per memory (what the write path records), ``stories`` empty
stories (``story-1``…: the foreign keys a user's deletion cascades through), a ``tz``
profile row, and — for every embedder given — one vector per memory. Vectors: the users
named in ``real`` get none here (the caller embeds them for real, see
:func:`embed_for_real`); every other memory gets a *filler* vector of the right dimension,
all zeros, stored compressed (copied from a helper row that PostgreSQL compressed): the
``vectors`` table has a real store's row count and keys (so its plans are a real store's)
without its bytes (2 KB per USE vector, 1.5 KB per e5 one: about 13 GB at 1 million users
× 5 memories × 2 embedders, which this machine cannot spare).

Triggers: where the store has the read cache's per-user ticks (``read_ticks``, migration
0019 of issue-17a), the fill runs with triggers off (``session_replication_role =
replica``, which needs a superuser, and skips the foreign-key checks too: the fill is
consistent by construction) and writes the ticks the triggers would have written, in bulk:
their trigger sets one transaction-local setting per user it touches, and PostgreSQL 15
re-sorts its settings array at each new name, so a fill of 100,000 users per transaction
would take hours.

Ids are the store's own (identity columns); users are ``channel``/``u0000001``… in id order.
Writes go in chunks of ``chunk`` users, each its own transaction, so a fill of a million
users shows progress and bounds each transaction. Raises ``psycopg.Error`` on a database
failure (the caller drops the database).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

#: User messages kept as episode memories: %1$s a name, %2$s a city (PostgreSQL format()).
TEMPLATES = [
    "I adopted a cat called %1$s last spring",
    "My sister %1$s moved to %2$s for work",
    "I started learning the piano with %1$s",
    "We are planning a trip to %2$s in the summer",
    "My favourite dish is the curry %1$s cooks on Sundays",
    "I run five kilometres every morning before work",
    "I work as a nurse at the hospital in %2$s",
    "My son %1$s starts school next week",
    "I am allergic to peanuts and %1$s keeps forgetting it",
    "I volunteer at the animal shelter in %2$s on Saturdays",
    "I finished reading the novel %1$s lent me",
    "My car broke down on the way to %2$s",
]
NAMES = ["Kopi", "Ana", "Louis", "Mei", "Farid", "Chloé", "Tomas", "Aisha", "Kenji", "Lina", "Marco"]
CITIES = ["Lyon", "Penang", "Osaka", "Lisbon", "Nairobi", "Quebec", "Hanoi", "Oslo", "Bogotá"]
#: Questions asked of the filled users (each matches some template).
QUESTIONS = [
    "What is my cat called?",
    "Where did my sister move?",
    "Who teaches me the piano?",
    "Where are we going this summer?",
    "What am I allergic to?",
    "Where do I volunteer?",
    "What is my son's name?",
    "What happened to my car?",
]
CHANNEL = "scale"
#: The first day of the fill (memories spread over 60 days from it, one hour apart).
DAY0 = "2026-01-05"


@dataclass(frozen=True)
class Shape:
    """One user's content: memories and turns (counts per user)."""

    memories: int = 5
    turns: int = 3
    stories: int = 1


def external_id(n: int) -> str:
    """The external id of the ``n``-th user (1-based): ``u0000042``."""
    return f"u{n:07d}"


_TS = '\'YYYY-MM-DD"T"HH24:MI:SS"+00:00"\''  # souvenir.ground.timeutil.to_text's format

_USERS = (
    "INSERT INTO users (channel, external_id, created_at) "
    "SELECT %(channel)s, 'u' || lpad(g::text, 7, '0'), %(day0)s || 'T00:00:00+00:00' "
    "FROM generate_series(%(lo)s::int, %(hi)s::int) AS g ORDER BY g"
)
_MEMORIES = (
    "INSERT INTO memories (user_id, kind, scope, text, created_at, updated_at, content_hash, session) "
    "SELECT id, 'episode', 'global', text, ts, ts, content_hash(text), 'day:' || left(ts, 10) FROM ("
    " SELECT u.id, format((%(tmpl)s::text[])[1 + mod(u.id * 7 + k, %(nt)s)],"
    "   (%(names)s::text[])[1 + mod(u.id + 3 * k, %(nn)s)],"
    "   (%(cities)s::text[])[1 + mod(u.id * 5 + k, %(nc)s)]) AS text,"
    f"  to_char(%(day0)s::timestamp + make_interval(days => mod(u.id, 60)::int, hours => k), {_TS}) AS ts"
    " FROM users u CROSS JOIN generate_series(0, %(per)s - 1) AS k"
    " WHERE u.channel = %(channel)s AND u.id BETWEEN %(lo)s AND %(hi)s ORDER BY u.id, k) AS x"
)
_TURNS = (
    "INSERT INTO turns (user_id, message, reply, time, utc_offset) "
    "SELECT user_id, text, 'Noted.', created_at, 0 FROM ("
    " SELECT m.user_id, m.text, m.created_at, row_number() OVER (PARTITION BY m.user_id ORDER BY m.id) AS rn"
    " FROM memories m JOIN users u ON u.id = m.user_id"
    " WHERE u.channel = %(channel)s AND m.user_id BETWEEN %(lo)s AND %(hi)s) AS x "
    "WHERE rn <= %(per)s ORDER BY user_id, rn"
)
_EVENTS = (
    "INSERT INTO events (user_id, kind, detail, time) "
    "SELECT m.user_id, 'write:insert:new', 'new: nothing stored says the same thing | new: ' || quote_literal(m.text), "
    "m.created_at FROM memories m JOIN users u ON u.id = m.user_id "
    "WHERE u.channel = %(channel)s AND m.user_id BETWEEN %(lo)s AND %(hi)s ORDER BY m.id"
)
_STORIES = (
    "INSERT INTO stories (user_id, name, created_at) "
    "SELECT u.id, 'story-' || k, u.created_at FROM users u CROSS JOIN generate_series(1, %(per)s) AS k "
    "WHERE u.channel = %(channel)s AND u.id BETWEEN %(lo)s AND %(hi)s ORDER BY u.id, k"
)
_READ_TICKS = (
    "INSERT INTO read_ticks (user_id, read_tick, reload_tick) SELECT id, 2, 1 FROM users "
    "WHERE channel = %(channel)s AND id BETWEEN %(lo)s AND %(hi)s"
)
_MEMORY_TICKS = (
    "INSERT INTO memory_ticks (memory_id, user_id, tick) SELECT m.id, m.user_id, 2 FROM memories m "
    "JOIN users u ON u.id = m.user_id WHERE u.channel = %(channel)s AND m.user_id BETWEEN %(lo)s AND %(hi)s"
)
_KV = (
    "INSERT INTO user_kv (user_id, key, value, updated_at) "
    "SELECT id, 'tz', 'Europe/Paris', created_at FROM users "
    "WHERE channel = %(channel)s AND id BETWEEN %(lo)s AND %(hi)s"
)
_FILLER = (
    "INSERT INTO vectors (memory_id, embedder, content_hash, dim, vector) "
    "SELECT m.id, %(name)s, m.content_hash, %(dim)s, f.v FROM memories m JOIN users u ON u.id = m.user_id "
    "CROSS JOIN souvenir_filler f WHERE f.dim = %(dim)s AND u.channel = %(channel)s AND m.user_id BETWEEN %(lo)s AND %(hi)s AND m.user_id <> ALL(%(real)s)"
)


def fill(
    url: str,
    users: int,
    shape: Shape = Shape(),
    embedders: dict[str, int] | None = None,
    real: Sequence[int] = (),
    chunk: int = 100_000,
    log: Callable[[str], None] = print,
) -> dict:
    """Write ``users`` users of ``shape`` into the migrated store at ``url`` (a PostgreSQL
    URL) and ANALYZE its tables. ``embedders``: name (as the vectors table keys it, e.g.
    ``use-m3``, ``e5-small+window``) → dimension, each memory of a user not in ``real`` (user
    numbers, 1-based) getting a filler vector. Returns ``{"users": {n: id}}`` for the users
    in ``real`` and ``"seconds"`` per table."""
    import psycopg

    embedders = embedders or {}
    base = {
        "channel": CHANNEL,
        "day0": DAY0,
        "tmpl": TEMPLATES,
        "nt": len(TEMPLATES),
        "names": NAMES,
        "nn": len(NAMES),
        "cities": CITIES,
        "nc": len(CITIES),
    }
    seconds: dict[str, float] = {}
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SET synchronous_commit = off")
        ticks = conn.execute("SELECT to_regclass('read_ticks') IS NOT NULL").fetchone()[0]  # type: ignore[index]
        if ticks:
            conn.execute("SET session_replication_role = replica")
        t = time.perf_counter()
        for lo in range(1, users + 1, chunk):
            with conn.transaction():
                conn.execute(_USERS, {**base, "lo": lo, "hi": min(users, lo + chunk - 1)})
        seconds["users"] = time.perf_counter() - t
        row = conn.execute("SELECT min(id), max(id) FROM users WHERE channel = %s", (CHANNEL,)).fetchone()
        assert row is not None and row[0] is not None, "no user written"
        first, last = row
        ids = dict(
            conn.execute(
                "SELECT id, id FROM users WHERE channel = %s AND external_id = ANY(%s)",
                (CHANNEL, [external_id(n) for n in real]),
            ).fetchall()
        )
        by_number = {n: first + n - 1 for n in real}  # ids follow the numbers (one ordered insert)
        assert set(by_number.values()) == set(ids), "user ids do not follow their numbers"
        # A value only gets compressed in a row over ~2 KB: the helper's padding makes one, and
        # the compressed value is copied as it is into each (small) vectors row.
        conn.execute(
            "CREATE TEMP TABLE souvenir_filler (dim INTEGER, v BYTEA, pad BYTEA) WITH (toast_tuple_target = 128)"
        )
        for dim in set(embedders.values()):
            conn.execute("INSERT INTO souvenir_filler VALUES (%s, %s, %s)", (dim, bytes(4 * dim), bytes(4000)))
        try:
            steps = [
                ("memories", _MEMORIES, {"per": shape.memories}),
                ("turns", _TURNS, {"per": shape.turns}),
                ("events", _EVENTS, {}),
                ("stories", _STORIES, {"per": shape.stories}),
                ("user_kv", _KV, {}),
            ]
            steps += [
                (f"vectors {name}", _FILLER, {"name": name, "dim": dim, "real": list(by_number.values())})
                for name, dim in embedders.items()
            ]
            if ticks:
                steps += [("read_ticks", _READ_TICKS, {}), ("memory_ticks", _MEMORY_TICKS, {})]
            for label, sql, extra in steps:
                t = time.perf_counter()
                for lo in range(first, last + 1, chunk):
                    with conn.transaction():
                        conn.execute(sql, {**base, **extra, "lo": lo, "hi": min(last, lo + chunk - 1)})
                seconds[label] = time.perf_counter() - t
                log(f"filled {label} of {users} users in {seconds[label]:.0f} s")
        finally:
            conn.execute("DROP TABLE souvenir_filler")
            conn.execute("RESET session_replication_role")
        t = time.perf_counter()
        conn.execute("ANALYZE")
        seconds["analyze"] = time.perf_counter() - t
    return {"users": by_number, "seconds": seconds}


def embed_for_real(runtime, user_ids: Sequence[int], batch: int = 64) -> int:
    """Embed the active memories of ``user_ids`` (store ids) with each of ``runtime``'s
    indexes, as its indexer would (windows for a windowed index), and store the vectors.
    Returns the vectors written. The indexer's own pass is not used: its stale-row scan
    reads the whole table (see docs/scaling.md)."""
    store, done = runtime.store, 0
    rows = [
        (r[0], r[1], r[2])
        for r in store._query(  # noqa: SLF001 - a bench reads the store directly
            "SELECT id, content_hash, text FROM memories WHERE user_id = ANY(?) AND status = 'active' ORDER BY id",
            (list(user_ids),),
        )
    ]
    for index in runtime.indexes:
        todo = rows
        if index.windowed:
            windows = store.windows([mid for mid, _, _ in rows])
            todo = [(mid, h, windows.get(mid, text)) for mid, h, text in rows]
        for start in range(0, len(todo), batch):
            part = todo[start : start + batch]
            vectors = np.asarray(index.embedder.encode([text for _, _, text in part]), dtype=np.float32)
            store.put_vectors(index.name, [(mid, h, vectors[i]) for i, (mid, h, _) in enumerate(part)])
            done += len(part)
    return done
