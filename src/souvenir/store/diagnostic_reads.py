"""What the diagnostics page reads: the last selections with their reasons, counters,
degraded turns, backlog and parked jobs (a mixin of :class:`~souvenir.store.base.SQLStore`)."""

from __future__ import annotations

import json
from datetime import datetime

from souvenir.privacy.scrub import scrub, scrub_repeated
from souvenir.store.plumbing import Plumbing
from souvenir.store.userdata import erased_at_or_after
from souvenir.ground.timeutil import to_text

#: Selections kept per user (older ones are pruned as new ones are written).
KEEP_SELECTIONS = 20


class DiagnosticsMixin(Plumbing):
    """Needs ``transaction()`` and ``_query()`` from the store."""

    def record_selection(
        self,
        user_id: int,
        story_id: int | None,
        message: str,
        now: datetime,
        items: list[tuple],
        degraded: bool,
        cause: str | None,
    ) -> int | None:
        """Keep one selection: ``items`` = (memory id, pass, reason, score[, rank, parts])
        in order; ``rank`` the memory's place among the candidates by score (1 = best),
        ``parts`` a dict name → number (the score's terms), both optional (given later by
        :meth:`explain_selection`). Not kept when the user was erased at or after ``now``
        (the read's time): the record is written off the turn, and a "forget everything"
        recorded in between took the message it would keep. Returns the selection's id
        (``None`` when not kept)."""
        rows = []
        for item in items:
            mid, pass_name, reason, score, *more = item
            rows.append(
                {
                    "memory_id": mid,
                    "pass": pass_name,
                    "reason": scrub_repeated(reason),
                    "score": score,
                    "rank": more[0] if more else None,
                    "parts": more[1] if len(more) > 1 else None,
                }
            )
        with self.transaction() as conn:
            if erased_at_or_after(conn, user_id, now):  # the read came before an erasure: not kept
                return None
            cur = conn.execute(  # the items in the row itself: 2 rows written a turn, not 2 + 2 × 24
                "INSERT INTO selections (user_id, story_id, time, message, degraded, cause, items) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    user_id,
                    story_id if story_id and story_id > 0 else None,
                    to_text(now),
                    scrub(message)[:500],
                    int(degraded),
                    scrub(cause),
                    json.dumps(rows, sort_keys=True),
                ),
            )
            conn.execute(
                "DELETE FROM selections WHERE user_id = ? AND id NOT IN (SELECT id FROM selections "
                "WHERE user_id = ? ORDER BY id DESC LIMIT ?)",
                (user_id, user_id, KEEP_SELECTIONS),
            )
            return int(cur.lastrowid)

    def explain_selection(self, selection_id: int, why: dict[int, tuple]) -> bool:
        """Give a kept selection's items their rank and parts: ``why`` = memory id →
        (rank, parts) as :meth:`record_selection` takes them; the items of other memories
        (and those erased since, :mod:`souvenir.store.erasure`) are left as they are.
        ``False`` when the selection is no longer kept (pruned, erased)."""
        with self.transaction() as conn:
            row = conn.execute("SELECT items FROM selections WHERE id = ?", (selection_id,)).fetchone()
            if row is None or row[0] is None:
                return False
            items = json.loads(row[0])
            for item in items:
                found = why.get(item["memory_id"])
                if found is not None:
                    item["rank"], item["parts"] = found
            conn.execute(
                "UPDATE selections SET items = ? WHERE id = ?", (json.dumps(items, sort_keys=True), selection_id)
            )
            return True

    def last_selections(self, user_id: int, story_id: int | None = None, limit: int = 5) -> list[dict]:
        """The user's latest selections (newest first), each with its items and memory texts
        (an item whose memory is gone is left out)."""
        sql = "SELECT id, time, message, degraded, cause, story_id, items FROM selections WHERE user_id = ?"
        params: list = [user_id]
        if story_id is not None:
            sql += " AND story_id IS ?"
            params.append(story_id)
        rows = self._query(sql + " ORDER BY id DESC LIMIT ?", params + [limit])
        out = []
        for sid, time, message, degraded, cause, story, kept in rows:
            items = (
                self._items(kept)
                if kept is not None
                else self._query(
                    "SELECT i.memory_id, i.pass, i.reason, i.score, m.kind, m.text, m.source, i.rank, i.parts "
                    "FROM selection_items i JOIN memories m ON m.id = i.memory_id WHERE i.selection_id = ? "
                    "ORDER BY i.position",
                    (sid,),
                )
            )  # (a selection written before migration 0019)
            out.append(
                {
                    "id": sid,
                    "time": time,
                    "message": message,
                    "degraded": bool(degraded),
                    "cause": cause,
                    "story_id": story,
                    "items": [
                        {
                            "memory_id": r[0],
                            "pass": r[1],
                            "reason": r[2],
                            "score": r[3],
                            "kind": r[4],
                            "text": r[5],
                            "source": r[6],
                            "rank": r[7],
                            "parts": json.loads(r[8]) if isinstance(r[8], str) else r[8],
                        }
                        for r in items
                    ],
                }
            )
        return out

    def _items(self, kept: str) -> list[tuple]:
        """A selection's JSON items as the rows of the pre-0019 join (memory gone: left out)."""
        items = json.loads(kept)
        ids = sorted({int(i["memory_id"]) for i in items})
        found = (
            {
                r[0]: r[1:]
                for r in self._query(
                    f"SELECT id, kind, text, source FROM memories WHERE id IN ({','.join('?' * len(ids))})", ids
                )
            }
            if ids
            else {}
        )
        return [
            (i["memory_id"], i["pass"], i["reason"], i["score"], *found[i["memory_id"]], i["rank"], i["parts"])
            for i in items
            if i["memory_id"] in found
        ]

    def degraded_events(self, user_id: int, limit: int = 20) -> list[dict]:
        """The user's latest events other than write decisions (degraded turns, dropped
        reflection items…), newest first."""
        rows = self._query(
            "SELECT time, kind, detail FROM events WHERE user_id = ? AND kind NOT LIKE 'write:%' "
            "ORDER BY id DESC LIMIT ?",
            (user_id, limit),
        )
        return [{"time": r[0], "kind": r[1], "detail": r[2]} for r in rows]

    def write_events(self, user_id: int, limit: int = 50) -> list[dict]:
        """The user's latest write decisions and drops (``souvenir.write.writelog``), newest first:
        ``{"time", "action", "reason", "detail"}``."""
        rows = self._query(
            "SELECT time, kind, detail FROM events WHERE user_id = ? AND kind LIKE 'write:%' ORDER BY id DESC LIMIT ?",
            (user_id, limit),
        )
        out = []
        for time, kind, detail in rows:
            action, _, reason = kind[len("write:") :].partition(":")
            out.append({"time": time, "action": action, "reason": reason, "detail": detail})
        return out

    def count_events_by_kind(self, prefix: str) -> dict[str, int]:
        """Events per kind, for the kinds starting with ``prefix`` (all users)."""
        rows = self._query("SELECT kind, COUNT(*) FROM events WHERE kind LIKE ? GROUP BY kind", (prefix + "%",))
        return {kind: count for kind, count in rows}
