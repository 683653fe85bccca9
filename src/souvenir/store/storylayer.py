"""Positions and anchors in the store (a mixin of :class:`~souvenir.store.base.SQLStore`)."""

from __future__ import annotations

from datetime import datetime

from souvenir.privacy.scrub import scrub
from souvenir.store.plumbing import Plumbing
from souvenir.ground.timeutil import to_text


class StoryMixin(Plumbing):
    """Needs ``transaction()`` and ``_query()`` from the store."""

    def position(self, user_id: int, story_id: int | None, topic: str) -> dict | None:
        rows = self._query(
            "SELECT id, stance, justification, created_at, updated_at FROM positions "
            "WHERE user_id = ? AND story_id IS ? AND topic = ?",
            (user_id, story_id, topic),
        )
        if not rows:
            return None
        r = rows[0]
        return {
            "id": r[0],
            "topic": topic,
            "stance": r[1],
            "justification": r[2],
            "created_at": r[3],
            "updated_at": r[4],
        }

    def positions(self, user_id: int, story_id: int | None) -> list[dict]:
        rows = self._query(
            "SELECT topic, stance, justification, updated_at FROM positions "
            "WHERE user_id = ? AND story_id IS ? ORDER BY updated_at DESC, id",
            (user_id, story_id),
        )
        return [{"topic": r[0], "stance": r[1], "justification": r[2], "updated_at": r[3]} for r in rows]

    def put_position(
        self,
        user_id: int,
        story_id: int | None,
        topic: str,
        stance: str,
        justification: str,
        now: datetime,
        refresh: bool,
    ) -> None:
        """Insert, or update the stance/justification; the date moves only when ``refresh``.
        One row per (user, story or none, topic): the story-less case has its own unique
        index (migration 0005), NULLs being distinct in the table's UNIQUE."""
        target = "(user_id, topic) WHERE story_id IS NULL" if story_id is None else "(user_id, story_id, topic)"
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO positions (user_id, story_id, topic, stance, justification, created_at, "
                f"updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT {target} DO UPDATE "
                "SET stance = excluded.stance, justification = excluded.justification, "
                "updated_at = CASE WHEN ? = 1 THEN excluded.updated_at ELSE positions.updated_at END",
                (
                    user_id,
                    story_id,
                    scrub(topic),
                    scrub(stance),
                    scrub(justification),
                    to_text(now),
                    to_text(now),
                    int(refresh),
                ),
            )

    def anchors(self, story_id: int) -> list[dict]:
        rows = self._query(
            "SELECT id, text, created_at FROM anchors WHERE story_id = ? AND removed_at IS NULL ORDER BY id",
            (story_id,),
        )
        return [{"id": r[0], "text": r[1], "created_at": r[2]} for r in rows]

    def add_anchor(self, story_id: int, text: str, now: datetime) -> int:
        text = scrub(text)
        with self.transaction() as conn:
            same = conn.execute(
                "SELECT id FROM anchors WHERE story_id = ? AND text = ? AND removed_at IS NULL", (story_id, text)
            ).fetchone()
            if same:
                return same[0]
            return int(
                conn.execute(
                    "INSERT INTO anchors (story_id, text, created_at) VALUES (?, ?, ?)", (story_id, text, to_text(now))
                ).lastrowid
            )

    def remove_anchor(self, story_id: int, anchor_id: int, reason: str, now: datetime) -> bool:
        with self.transaction() as conn:
            return (
                conn.execute(
                    "UPDATE anchors SET removed_at = ?, removed_reason = ? WHERE id = ? AND story_id = ? "
                    "AND removed_at IS NULL",
                    (to_text(now), scrub(reason), anchor_id, story_id),
                ).rowcount
                > 0
            )
