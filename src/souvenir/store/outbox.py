"""Outbox operations (a mixin of :class:`~souvenir.store.base.SQLStore`).

Per-user order, a lane per kind (issue #25): a user's reflection is claimable only when no
earlier reflection of that user is pending or running, so reflections are applied in the
order of their exchanges; a summary waits for every earlier job of its user (it must read
the facts those reflections write) and never holds a reflection back. Across users,
reflections are claimed before summaries, then in the order they are due: one user's job
waiting for its retry holds no other user's. A user's next job counts as due from when its
previous one of the same kind ended, if later: users are served in turn, and one whose client
sent a burst of turns does not put every other user's reflection behind its whole backlog.

Several replicas (PostgreSQL) claim side by side with ``FOR UPDATE … SKIP LOCKED``: a row
another replica is claiming is skipped, never claimed twice. Per-user order still holds
across replicas: a user's jobs are enqueued under the user's lock (:meth:`lock_user`), so
their ids are in commit order and no earlier job can appear after a later one was claimed;
and an earlier job only ever leaves ``pending``/``running`` for a final state, so a claim
reading a slightly old snapshot can only be more cautious, never less. A claim returns the
job's ``attempts``, which fences :meth:`finish`, :meth:`retry` and :meth:`park`: a worker
whose job was requeued and claimed again meanwhile writes nothing.
"""

from __future__ import annotations

from datetime import datetime

from souvenir.privacy.scrub import scrub
from souvenir.store.plumbing import Plumbing
from souvenir.store.protocol import Job
from souvenir.ground.timeutil import from_text, to_text, with_offset


#: When the user's previous job of the same kind ended (``NULL``: none kept), for the claim's
#: round robin (a correlated subquery on ``idx_outbox_user``; both dialects).
_ENDED = (
    "(SELECT MAX(q.updated_at) FROM outbox q WHERE q.user_id = o.user_id AND q.id < o.id "
    "AND q.job = o.job AND q.status IN ('done', 'parked'))"
)


class OutboxMixin(Plumbing):
    """Needs ``transaction()`` and ``_query()`` from the store."""

    def enqueue(self, user_id: int, turn_id: int, job: str, now: datetime) -> int:
        """Add a job for a turn (idempotent per (turn, job)); returns its id."""
        with self.transaction() as conn:
            self.lock_user(user_id)  # ids in commit order per user
            conn.execute(
                "INSERT INTO outbox (user_id, turn_id, job, next_attempt_at, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (turn_id, job) DO NOTHING",
                (user_id, turn_id, job, to_text(now), to_text(now), to_text(now)),
            )
            return conn.execute("SELECT id FROM outbox WHERE turn_id = ? AND job = ?", (turn_id, job)).fetchone()[0]

    def claim(self, now: datetime, kinds: tuple[str, ...] = ("reflection", "summary")) -> Job | None:
        """Mark the next due job of one of ``kinds`` ``running`` and return it with its turn and
        user, or ``None`` (see the module docstring for the order)."""
        kinds = tuple(k for k in kinds if k in ("reflection", "summary"))
        if not kinds:
            return None
        with self.transaction() as conn:
            row = conn.execute(
                "SELECT o.id, o.job, o.attempts, o.turn_id, t.message, t.reply, t.time, "
                "s.name, u.channel, u.external_id, o.user_id, t.utc_offset, o.first_error_at "
                "FROM outbox o "
                "JOIN turns t ON t.id = o.turn_id JOIN users u ON u.id = o.user_id "
                "LEFT JOIN stories s ON s.id = t.story_id "
                "WHERE o.status = 'pending' AND o.next_attempt_at <= ? "
                f"AND o.job IN ({','.join('?' * len(kinds))}) AND NOT EXISTS ("
                "  SELECT 1 FROM outbox p WHERE p.user_id = o.user_id AND p.id < o.id "
                "  AND p.status IN ('pending', 'running') AND (p.job = o.job OR o.job = 'summary')) "
                "ORDER BY CASE WHEN o.job = 'summary' THEN 1 ELSE 0 END, "
                # round robin across users: a head is due from when its user's previous job of
                # its kind ended (a flooder's next job queues behind the others' waiting ones)
                f"CASE WHEN {_ENDED} > o.next_attempt_at THEN {_ENDED} ELSE o.next_attempt_at END, o.id "
                "LIMIT 1" + self._claim_lock,  # type: ignore[attr-defined]
                (to_text(now), *kinds),
            ).fetchone()
            if row is None:
                return None
            conn.execute(
                "UPDATE outbox SET status = 'running', attempts = attempts + 1, updated_at = ? WHERE id = ?",
                (to_text(now), row[0]),
            )
        return {
            "id": row[0],
            "job": row[1],
            "attempts": row[2] + 1,
            "turn_id": row[3],
            "message": row[4],
            "reply": row[5],
            "time": with_offset(from_text(row[6]), row[11]),
            "story": row[7],
            "channel": row[8],
            "user": row[9],
            "user_id": row[10],
            "failing_since": from_text(row[12]),
        }

    def newer_summary(self, job_id: int, user_id: int) -> bool:
        """Whether the user has a summary job queued after ``job_id`` (which then makes this
        one redundant: a summary is rewritten whole from the profile as it is when it runs)."""
        return bool(
            self._query(
                "SELECT 1 FROM outbox WHERE user_id = ? AND job = 'summary' AND id > ? AND status = 'pending' LIMIT 1",
                (user_id, job_id),
            )
        )

    @staticmethod
    def _fence(attempts: int | None) -> tuple[str, tuple]:
        """The condition that the job is still this claim's (``attempts`` as claimed)."""
        if attempts is None:
            return "", ()
        return " AND status = 'running' AND attempts = ?", (attempts,)

    def finish(self, job_id: int, now: datetime, attempts: int | None = None) -> bool:
        """Mark the job ``done``. With ``attempts`` (the claim's), only if it is still that
        claim's job; returns whether it was."""
        fence, extra = self._fence(attempts)
        with self.transaction() as conn:
            return (
                conn.execute(
                    "UPDATE outbox SET status = 'done', last_error = NULL, updated_at = ? WHERE id = ?" + fence,
                    (to_text(now), job_id, *extra),
                ).rowcount
                > 0
            )

    def retry(
        self,
        job_id: int,
        error: str,
        at: datetime,
        now: datetime,
        attempts: int | None = None,
        counted: bool = True,
        model: str | None = None,
    ) -> bool:
        """Back to ``pending``, due ``at`` (fenced by ``attempts`` as :meth:`finish`).

        ``counted=False`` (the model was never reached, or the call gave way to a live reply)
        gives the attempt back and keeps the last real error and its model as they were —
        none for a job that never failed (``error`` and ``model`` are not written); a counted failure
        records ``error`` and ``model`` and starts the job's failure clock
        (``first_error_at``) if it is not running yet."""
        fence, extra = self._fence(attempts)
        if counted:
            sql = (
                "UPDATE outbox SET status = 'pending', last_error = ?, model = COALESCE(?, model), "
                "first_error_at = COALESCE(first_error_at, ?), next_attempt_at = ?, updated_at = ? "
                "WHERE id = ?"
            )
            params: tuple = (scrub(error)[:1000], model, to_text(now), to_text(at), to_text(now), job_id)
        else:
            sql = (
                "UPDATE outbox SET status = 'pending', attempts = attempts - 1, "
                "next_attempt_at = ?, updated_at = ? WHERE id = ?"
            )
            params = (to_text(at), to_text(now), job_id)
        with self.transaction() as conn:
            return conn.execute(sql + fence, (*params, *extra)).rowcount > 0

    def park(
        self, job_id: int, error: str, now: datetime, attempts: int | None = None, model: str | None = None
    ) -> bool:
        """Dead letter: kept for diagnostics, never retried automatically (fenced by
        ``attempts`` as :meth:`finish`); ``model`` is the model of the real failure."""
        fence, extra = self._fence(attempts)
        with self.transaction() as conn:
            return (
                conn.execute(
                    "UPDATE outbox SET status = 'parked', last_error = ?, model = COALESCE(?, model), "
                    "first_error_at = COALESCE(first_error_at, ?), updated_at = ? WHERE id = ?" + fence,
                    (scrub(error)[:1000], model, to_text(now), to_text(now), job_id, *extra),
                ).rowcount
                > 0
            )

    def requeue(self, now: datetime, ids: list[int] | None = None, parked: bool = False) -> int:
        """Make jobs due now with a fresh failure clock: the parked ones (``parked``), or the
        ``ids`` given if they are parked or pending (a running or done job is left alone).
        Returns how many were requeued."""
        if not parked and not ids:
            return 0
        sql = (
            "UPDATE outbox SET status = 'pending', attempts = 0, first_error_at = NULL, "
            "next_attempt_at = ?, updated_at = ? WHERE "
        )
        params: list = [to_text(now), to_text(now)]
        if ids:
            sql += f"id IN ({','.join('?' * len(ids))}) AND status IN ('parked', 'pending')"
            params += [int(i) for i in ids]
            if parked:
                sql += " AND status = 'parked'"
        else:
            sql += "status = 'parked'"
        with self.transaction() as conn:
            return conn.execute(sql, params).rowcount

    def jobs(self, status: str | None = None, user_id: int | None = None, limit: int = 100) -> list[dict]:
        """Outbox jobs, newest first: ``status`` one of pending, running, done, parked
        (``None`` = all), of one user or all, at most ``limit``. Each names its user, its
        model and the real cause of its last failure; no message text."""
        sql = (
            "SELECT o.id, o.job, o.status, o.turn_id, u.channel, u.external_id, o.attempts, "
            "o.model, o.last_error, o.first_error_at, o.next_attempt_at, o.created_at, "
            "o.updated_at FROM outbox o JOIN users u ON u.id = o.user_id WHERE 1 = 1"
        )
        params: list = []
        if status is not None:
            sql += " AND o.status = ?"
            params.append(status)
        if user_id is not None:
            sql += " AND o.user_id = ?"
            params.append(user_id)
        rows = self._query(sql + " ORDER BY o.id DESC LIMIT ?", (*params, int(limit)))
        names = (
            "id",
            "job",
            "status",
            "turn_id",
            "channel",
            "user",
            "attempts",
            "model",
            "error",
            "failing_since",
            "next_attempt_at",
            "created_at",
            "updated_at",
        )
        return [dict(zip(names, r)) for r in rows]

    def requeue_running(self, now: datetime, claimed_before: datetime | None = None) -> int:
        """Jobs left ``running`` by a dead worker go back to ``pending``: all of them
        (``claimed_before=None``: one process, after its own crash), or only those claimed
        before ``claimed_before`` (replicas: a live replica's recent claim is left alone)."""
        sql, params = "UPDATE outbox SET status = 'pending', updated_at = ? WHERE status = 'running'", [to_text(now)]
        if claimed_before is not None:
            sql += " AND updated_at < ?"
            params.append(to_text(claimed_before))
        with self.transaction() as conn:
            return conn.execute(sql, params).rowcount

    def outbox_counts(self) -> dict[str, int]:
        return dict(self._query("SELECT status, COUNT(*) FROM outbox GROUP BY status"))

    def parked_jobs(self, user_id: int | None = None) -> list[dict]:
        sql = (
            "SELECT o.id, o.job, o.turn_id, o.attempts, o.last_error, o.updated_at, o.model, "
            "o.first_error_at FROM outbox o WHERE o.status = 'parked'"
        )
        params: tuple = ()
        if user_id is not None:
            sql += " AND o.user_id = ?"
            params = (user_id,)
        rows = self._query(sql + " ORDER BY o.id", params)
        return [
            {
                "id": r[0],
                "job": r[1],
                "turn_id": r[2],
                "attempts": r[3],
                "error": r[4],
                "parked_at": r[5],
                "model": r[6],
                "failing_since": r[7],
            }
            for r in rows
        ]
