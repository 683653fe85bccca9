"""A user's data is theirs: export all of it, delete all of it, and the forgetting report
(a mixin of :class:`~souvenir.store.base.SQLStore`)."""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime, timedelta

from souvenir.lexical.erased_readings import dropping_readings, erased
from souvenir.store.counters import CANDIDATE_COUNT
from souvenir.store.erasure_keys import erasure_key, user_key
from souvenir.store.kept_source import kept_source  # noqa: F401 - the store reads it from here
from souvenir.store.plumbing import Plumbing
from souvenir.ground.timeutil import as_utc, utcnow

#: How long an erasure's mark is kept (``erasures``): longer than any write that could have
#: begun before it (the proxy's backlog retries for 10 minutes, a reply waits 10 at most).
ERASURE_MARK = timedelta(days=1)


#: What a retry key of the proxy (a turn's source, ``proxy:`` + a SHA-256 of the request)
#: becomes when an erasure clears its turn: :func:`acted_mark`.
ACTED = "acted:"


def acted_mark(key: str | None, source: str | None) -> str | None:
    """The source an erased turn keeps in place of the proxy's retry key ``source``: an
    HMAC-SHA256 of it under a key derived from the store's erasure ``key`` (never the plain
    key: it is a hash of the request's messages, and would confirm a guessed erased message),
    cut to 24 hex (< 32: never taken for a token). A client's exact retry of a request acted
    on (a "forget everything about me") finds it and is not recorded, nor acted on, again.
    ``None`` (the source cleared, as before) for another source or when the store has no key."""
    if key is None or not source or not source.startswith("proxy:"):
        return None
    derived = hmac.new(bytes.fromhex(key), b"souvenir acted request", hashlib.sha256).digest()
    return ACTED + hmac.new(derived, source.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:24]


def _instant(moment: datetime) -> str:
    """Fixed-width ISO text to the microsecond (text order = time order): a new exchange a
    moment after an erasure is not taken for one that began before it."""
    aware = as_utc(moment)
    assert aware is not None
    return aware.isoformat(timespec="microseconds")


def note_erasure(conn, user_id: int, now: datetime, clock: int | None = None) -> None:
    """Inside an erasure's transaction: the user was erased at ``now``, with the store's
    erasure number ``clock`` (:func:`~souvenir.store.erasure_clock.tick_erasure_clock`'s, this
    erasure's; ``None`` where the store counts none) — marks older than :data:`ERASURE_MARK` go."""
    row = conn.execute("SELECT channel, external_id FROM users WHERE id = ?", (user_id,)).fetchone()
    if row is None:
        return
    conn.execute("DELETE FROM erasures WHERE erased_at < ?", (_instant(now - ERASURE_MARK),))
    conn.execute(
        "INSERT INTO erasures (user_key, erased_at, clock) VALUES (?, ?, ?) "
        "ON CONFLICT (user_key) DO UPDATE SET erased_at = excluded.erased_at, clock = excluded.clock",
        (user_key(row[0], row[1], erasure_key(conn)), _instant(now), clock),
    )


def erased_at_or_after(conn, user_id: int, since: datetime) -> bool:
    """Inside a write's transaction: whether the user was erased (a memory forgotten, or
    everything) at or after ``since`` — a record of a read made before (a selection) must then
    not be written: it would keep the words the erasure took."""
    row = conn.execute("SELECT channel, external_id FROM users WHERE id = ?", (user_id,)).fetchone()
    if row is None:
        return True
    keys = (user_key(row[0], row[1], erasure_key(conn)), user_key(row[0], row[1]))
    found = conn.execute(
        "SELECT 1 FROM erasures WHERE user_key IN (?, ?) AND erased_at >= ?", (*keys, _instant(since))
    ).fetchone()
    return found is not None


#: Tables holding a user's rows, with the SQL selecting them (vectors are derived from
#: memories and go with them).
_USER_TABLES: dict[str, str] = {
    "users": "SELECT * FROM users WHERE id = ?",
    "stories": "SELECT * FROM stories WHERE user_id = ?",
    "turns": "SELECT * FROM turns WHERE user_id = ?",
    "memories": "SELECT * FROM memories WHERE user_id = ?",
    "memory_history": "SELECT h.* FROM memory_history h JOIN memories m ON m.id = h.memory_id WHERE m.user_id = ?",
    "user_kv": "SELECT * FROM user_kv WHERE user_id = ?",
    "events": "SELECT * FROM events WHERE user_id = ?",
    "outbox": "SELECT * FROM outbox WHERE user_id = ?",
    "selections": "SELECT * FROM selections WHERE user_id = ?",
    "positions": "SELECT * FROM positions WHERE user_id = ?",
    "anchors": "SELECT a.* FROM anchors a JOIN stories s ON s.id = a.story_id WHERE s.user_id = ?",
    "selection_items": "SELECT i.* FROM selection_items i JOIN selections s ON s.id = i.selection_id "
    "WHERE s.user_id = ?",
    # the user's counted turns, per story (the forgetting counters' clocks, store.counters)
    "turn_clocks": "SELECT * FROM turn_clocks WHERE user_id = ?",
    "vectors": "SELECT v.memory_id, v.embedder, v.content_hash, v.dim FROM vectors v "
    "JOIN memories m ON m.id = v.memory_id WHERE m.user_id = ?",
}


class UserDataMixin(Plumbing):
    """Needs ``transaction()`` and ``_query()``/``_columns()`` from the store."""

    def export_user(self, user_id: int) -> dict[str, list[dict]]:
        """Every row about the user, table by table, as dicts (vectors without their floats)."""
        out: dict[str, list[dict]] = {}
        with self.read_snapshot() as conn:  # one consistent snapshot, no write lock
            for table, sql in _USER_TABLES.items():
                cursor = conn.execute(sql, (user_id,))
                names = [d[0] for d in cursor.description]
                out[table] = [dict(zip(names, row)) for row in cursor.fetchall()]
            # "times a candidate" as read everywhere else (store.counters), not its stored part
            counts = dict(
                conn.execute(f"SELECT id, {CANDIDATE_COUNT} FROM memories WHERE user_id = ?", (user_id,)).fetchall()
            )
        for row in out["memories"]:
            row["candidate_count"] = counts.get(row["id"], row["candidate_count"])
            row.pop("tick_clock", None)
            row.pop("tick_mark", None)
        return out

    def erased_since(self, channel: str, external_id: str, since: datetime | int) -> bool:
        """Whether the user was deleted, or one of their memories forgotten, since ``since``
        (within :data:`ERASURE_MARK`): call it under the user's lock, in the write's
        transaction. ``since``: the store's erasure number the exchange read when it began
        (:attr:`~souvenir.ground.results.ContextResult.erasure_clock`; an erasure numbered above it
        committed after that read, whichever replica made it — exact), or a time (an erasure
        marked at or after it: the replicas' wall clocks compared, the eraser's ``now`` being
        when its turn began — docs/security.md, "An erasure raced across replicas")."""
        key = self._query("SELECT value FROM store_secrets WHERE name = 'erasure_key'", ())
        keyed = user_key(channel, external_id, key[0][0]) if key else None
        if isinstance(since, int) and not isinstance(since, bool):
            test, value = "clock > ?", since
        elif isinstance(since, datetime):
            test, value = "erased_at >= ?", _instant(since)  # type: ignore[assignment]
        else:
            raise TypeError(f"since: a datetime or the store's erasure number, not {type(since).__name__}")
        rows = self._query(
            f"SELECT 1 FROM erasures WHERE user_key IN (?, ?) AND {test}",
            (keyed or "", user_key(channel, external_id), value),
        )
        return bool(rows)

    def delete_user(self, user_id: int) -> dict[str, int]:
        """Delete the user and everything derived from them; returns rows removed per table.
        The erasure is marked (``erasures``): a write of what was said before it is refused."""
        with dropping_readings(), self.transaction() as conn:
            # no advisory lock taken here (as before): a turn written meanwhile either committed
            # first (its rows are deleted below), or sees this mark, or fails on the user row gone
            now = utcnow()
            note_erasure(conn, user_id, now, self._erasing(conn))
            # what the user said outlives them as keyed marks: an old export is not imported back
            from souvenir.store.erased_texts import note_erased_texts

            said = conn.execute(
                "SELECT text FROM memories WHERE user_id = ? AND kind <> 'rule' UNION ALL "
                "SELECT h.text FROM memory_history h JOIN memories m ON m.id = h.memory_id WHERE m.user_id = ? "
                "UNION ALL SELECT message FROM turns WHERE user_id = ?",
                (user_id, user_id, user_id),
            ).fetchall()
            note_erased_texts(conn, user_id, (r[0] for r in said), now)
            heard = (
                "SELECT reply FROM turns WHERE user_id = ? UNION ALL SELECT message FROM selections WHERE user_id = ?"
            )
            erased(r[0] for r in conn.execute(heard, (user_id, user_id)).fetchall())  # replies, questions
            counts = {
                table: conn.execute(f"SELECT COUNT(*) FROM ({sql}) AS counted", (user_id,)).fetchone()[0]
                for table, sql in _USER_TABLES.items()
            }
            # the indexer's queue rows first, holding nothing else yet: a claim holding them
            # (PostgreSQL FOR UPDATE) ends without waiting for a row of ours (its claims'
            # foreign key reads the memories), never a deadlock that would fail the erasure
            conn.execute(
                "DELETE FROM vector_queue WHERE memory_id IN (SELECT id FROM memories WHERE user_id = ?)", (user_id,)
            )
            # the read cache's ticks first: the rows below then take none (one row, not one per row)
            conn.execute("DELETE FROM read_ticks WHERE user_id = ?", (user_id,))
            conn.execute(
                "DELETE FROM vectors WHERE memory_id IN (SELECT id FROM memories WHERE user_id = ?)", (user_id,)
            )
            conn.execute("DELETE FROM users WHERE id = ?", (user_id,))
        return counts

    def list_users(self, channel: str, after_id: int, limit: int) -> list[tuple[int, str, str, int]]:
        """(id, external id, created at, active memories) of ``channel``'s users whose id is
        above ``after_id``, by id, at most ``limit``."""
        return [
            (int(r[0]), str(r[1]), str(r[2]), int(r[3]))
            for r in self._query(
                "SELECT u.id, u.external_id, u.created_at, "
                "(SELECT COUNT(*) FROM memories m WHERE m.user_id = u.id AND m.status = 'active') "
                "FROM users u WHERE u.channel = ? AND u.id > ? ORDER BY u.id LIMIT ?",
                (channel, after_id, limit),
            )
        ]

    def forgotten(self, user_id: int, min_candidate: int) -> list[tuple[int, str, str, int]]:
        """(id, kind, text, times a candidate) of active memories that were candidates at least
        ``min_candidate`` times and never served (seed 000: « quel souvenir existe mais ne
        remonte jamais ? »), most often passed over first."""
        return [
            tuple(r)
            for r in self._query(
                f"SELECT id, kind, text, {CANDIDATE_COUNT} AS times FROM memories WHERE user_id = ? "
                f"AND status = 'active' AND served_count = 0 AND {CANDIDATE_COUNT} >= ? "
                "ORDER BY times DESC, id",
                (user_id, min_candidate),
            )
        ]
