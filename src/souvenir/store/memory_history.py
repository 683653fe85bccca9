"""A memory's history and provenance (a mixin of :class:`~souvenir.store.base.SQLStore`): a
richer wording replacing the kept one, a poorer duplicate absorbed, a contradiction
superseding, each old wording kept in ``memory_history``; a memory's chain read back, the
memories a return may go back to, and every source a memory holds. Texts and sources are
scrubbed before they are stored (:mod:`souvenir.privacy.scrub`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from souvenir.ground.hashing import content_hash
from souvenir.privacy.scrub import scrub
from souvenir.store.kept_source import kept_source
from souvenir.store.memory_rows import MEMORY_COLUMNS, memory_from_row
from souvenir.store.plumbing import Plumbing
from souvenir.ground.timeutil import from_text, to_text
from souvenir.ground.types import Memory

__all__ = ["MemoryHistoryMixin"]


class MemoryHistoryMixin(Plumbing):
    """Needs ``transaction()`` and ``_query()`` from the store."""

    @staticmethod
    def _history(
        conn, memory_id: int, event: str, text: str, source: str | None, said_at: datetime, now: datetime
    ) -> None:
        conn.execute(
            "INSERT INTO memory_history (memory_id, event, text, source, said_at, recorded_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (memory_id, event, scrub(text), scrub(source), to_text(said_at), to_text(now)),
        )

    def replace_wording(
        self,
        memory_id: int,
        text: str,
        confidence: float,
        source: str | None,
        said_at: datetime,
        now: datetime,
    ) -> None:
        """The newer, richer wording wins; the old one is kept as history."""
        text, source = scrub(text), kept_source(self, source)
        with self.transaction() as conn:
            old = conn.execute("SELECT text, source, updated_at FROM memories WHERE id = ?", (memory_id,)).fetchone()
            self._history(conn, memory_id, "replaced", old[0], old[1], from_text(old[2]) or now, now)
            conn.execute(
                "UPDATE memories SET text = ?, content_hash = ?, source = ?, updated_at = ?, "
                "confidence = CASE WHEN confidence >= ? THEN confidence ELSE ? END WHERE id = ?",
                (text, content_hash(text), source, to_text(said_at), confidence, confidence, memory_id),
            )

    def absorb(self, memory_id: int, text: str, source: str | None, said_at: datetime, now: datetime) -> None:
        """A poorer duplicate: nothing rewritten, date not refreshed; the wording is history."""
        with self.transaction() as conn:
            self._history(conn, memory_id, "absorbed", text, source, said_at, now)

    def supersede(self, old_id: int, new_id: int, now: datetime) -> None:
        """``old_id`` is contradicted by ``new_id``: kept as history, no longer selectable."""
        with self.transaction() as conn:
            conn.execute(
                "UPDATE memories SET status = 'superseded', superseded_by = ?, superseded_at = ? WHERE id = ?",
                (new_id, to_text(now), old_id),
            )

    def history(self, memory_id: int) -> list[dict]:
        """A memory's chain: its past wordings and what superseded it or what it superseded;
        a forgotten memory ends with ``erased`` (its ``source``: ``request:turn:N`` when the
        user asked in chat, else ``None``)."""
        rows = self._query(
            "SELECT event, text, source, said_at, recorded_at FROM memory_history WHERE memory_id = ? ORDER BY id",
            (memory_id,),
        )
        chain = [{"event": r[0], "text": r[1], "source": r[2], "said_at": r[3], "recorded_at": r[4]} for r in rows]
        for r in self._query(
            "SELECT id, text, updated_at, superseded_at FROM memories WHERE superseded_by = ?",
            (memory_id,),
        ):
            chain.append({"event": "supersedes", "memory_id": r[0], "text": r[1], "said_at": r[2], "recorded_at": r[3]})
        for r in self._query(
            "SELECT source, superseded_at FROM memories WHERE id = ? AND status = 'deleted'", (memory_id,)
        ):
            # a forgotten memory: textless; its source says who asked ("request:turn:N": in chat)
            why = r[0] if (r[0] or "").startswith("request") else None
            chain.append({"event": "erased", "text": "", "source": why, "said_at": r[1], "recorded_at": r[1]})
        return chain

    def superseded_by_any(self, user_id: int, ids: Sequence[int], limit: int = 32) -> list[tuple[Memory, int]]:
        """``(memory, id of the memory that superseded it)`` for the user's memories superseded by one of
        ``ids`` (at most 16 read), newest first, at most ``limit``: what a return may go back to
        (``write/back_over.py``)."""
        ids = list(ids)[:16]
        if not ids:
            return []
        sql = f"SELECT {MEMORY_COLUMNS}, superseded_by FROM memories WHERE user_id = ? AND status = 'superseded' "
        sql += f"AND superseded_by IN ({', '.join('?' * len(ids))}) ORDER BY id DESC LIMIT ?"
        return [(memory_from_row(r[:-1]), int(r[-1])) for r in self._query(sql, (user_id, *ids, limit))]

    def history_texts(self, user_id: int) -> list[tuple[str, str | None]]:
        """(text, source) of every history entry of the user: old wordings and superseded memories."""
        rows = self._query(
            "SELECT h.text, h.source FROM memory_history h JOIN memories m ON m.id = h.memory_id "
            "WHERE m.user_id = ? UNION ALL SELECT text, source FROM memories "
            "WHERE user_id = ? AND status = 'superseded'",
            (user_id, user_id),
        )
        return [(r[0], r[1]) for r in rows]

    # -- provenance ---------------------------------------------------------------------------
    def sources(self, user_id: int) -> dict[int, set[str]]:
        """Every source a memory of the user holds: its own and those of absorbed/replaced wordings."""
        found: dict[int, set[str]] = {}
        for mid, source in self._query(
            "SELECT id, source FROM memories WHERE user_id = ? UNION ALL "
            "SELECT h.memory_id, h.source FROM memory_history h JOIN memories m "
            "ON m.id = h.memory_id WHERE m.user_id = ? AND h.event != 'superseded'",
            (user_id, user_id),
        ):
            if source:
                found.setdefault(mid, set()).add(source)
        return found
