"""Outbox operations on the SQLite store (a mixin of :class:`SQLiteStore`).

Per-user order: a user's job is claimable only when no earlier job of that user is pending
or running, so reflections of one user are applied in the order of their exchanges.
"""

from __future__ import annotations

from datetime import datetime

from souvenir.timeutil import from_text, to_text


class OutboxMixin:
    """Needs ``transaction()`` and ``_query()`` from the store."""

    def enqueue(self, user_id: int, turn_id: int, job: str, now: datetime) -> int:
        """Add a job for a turn (idempotent per (turn, job)); returns its id."""
        with self.transaction() as conn:  # type: ignore[attr-defined]
            conn.execute(
                "INSERT INTO outbox (user_id, turn_id, job, next_attempt_at, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (turn_id, job) DO NOTHING",
                (user_id, turn_id, job, to_text(now), to_text(now), to_text(now)),
            )
            return conn.execute("SELECT id FROM outbox WHERE turn_id = ? AND job = ?",
                                (turn_id, job)).fetchone()[0]

    def claim(self, now: datetime) -> dict | None:
        """Mark the next due job ``running`` and return it with its turn and user, or ``None``."""
        with self.transaction() as conn:  # type: ignore[attr-defined]
            row = conn.execute(
                "SELECT o.id, o.job, o.attempts, o.turn_id, t.message, t.reply, t.time, "
                "s.name, u.channel, u.external_id, o.user_id FROM outbox o "
                "JOIN turns t ON t.id = o.turn_id JOIN users u ON u.id = o.user_id "
                "LEFT JOIN stories s ON s.id = t.story_id "
                "WHERE o.status = 'pending' AND o.next_attempt_at <= ? AND NOT EXISTS ("
                "  SELECT 1 FROM outbox p WHERE p.user_id = o.user_id AND p.id < o.id "
                "  AND p.status IN ('pending', 'running')) "
                "ORDER BY o.next_attempt_at, o.id LIMIT 1",
                (to_text(now),),
            ).fetchone()
            if row is None:
                return None
            conn.execute("UPDATE outbox SET status = 'running', attempts = attempts + 1, "
                         "updated_at = ? WHERE id = ?", (to_text(now), row[0]))
        return {"id": row[0], "job": row[1], "attempts": row[2] + 1, "turn_id": row[3],
                "message": row[4], "reply": row[5], "time": from_text(row[6]), "story": row[7],
                "channel": row[8], "user": row[9], "user_id": row[10]}

    def finish(self, job_id: int, now: datetime) -> None:
        with self.transaction() as conn:  # type: ignore[attr-defined]
            conn.execute("UPDATE outbox SET status = 'done', last_error = NULL, updated_at = ? "
                         "WHERE id = ?", (to_text(now), job_id))

    def retry(self, job_id: int, error: str, at: datetime, now: datetime) -> None:
        with self.transaction() as conn:  # type: ignore[attr-defined]
            conn.execute("UPDATE outbox SET status = 'pending', last_error = ?, next_attempt_at = ?, "
                         "updated_at = ? WHERE id = ?", (error[:1000], to_text(at), to_text(now), job_id))

    def park(self, job_id: int, error: str, now: datetime) -> None:
        """Dead letter: kept for diagnostics, never retried automatically."""
        with self.transaction() as conn:  # type: ignore[attr-defined]
            conn.execute("UPDATE outbox SET status = 'parked', last_error = ?, updated_at = ? "
                         "WHERE id = ?", (error[:1000], to_text(now), job_id))

    def requeue_running(self, now: datetime) -> int:
        """After a crash, jobs left ``running`` go back to ``pending``."""
        with self.transaction() as conn:  # type: ignore[attr-defined]
            return conn.execute("UPDATE outbox SET status = 'pending', updated_at = ? "
                                "WHERE status = 'running'", (to_text(now),)).rowcount

    def outbox_counts(self) -> dict[str, int]:
        return dict(self._query("SELECT status, COUNT(*) FROM outbox GROUP BY status"))  # type: ignore[attr-defined]

    def parked_jobs(self, user_id: int | None = None) -> list[dict]:
        sql = ("SELECT o.id, o.job, o.turn_id, o.attempts, o.last_error, o.updated_at FROM outbox o "
               "WHERE o.status = 'parked'")
        params: tuple = ()
        if user_id is not None:
            sql += " AND o.user_id = ?"
            params = (user_id,)
        rows = self._query(sql + " ORDER BY o.id", params)  # type: ignore[attr-defined]
        return [{"id": r[0], "job": r[1], "turn_id": r[2], "attempts": r[3], "error": r[4],
                 "parked_at": r[5]} for r in rows]
