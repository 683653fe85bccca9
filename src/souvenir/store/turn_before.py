"""The turn said just before another (a mixin of :class:`~souvenir.store.base.SQLStore`):
what a request to forget that points at what was just said ("don't remember that",
这事你别记了) is about (:mod:`souvenir.engine.chat_forget`)."""

from __future__ import annotations

from datetime import datetime

from souvenir.store.plumbing import Plumbing
from souvenir.timeutil import from_text


class TurnBeforeMixin(Plumbing):
    """Needs ``_query()`` from the store."""

    def turn_before(self, turn_id: int) -> dict | None:
        """The user's turn recorded just before turn ``turn_id`` in the same conversation
        (the same story, or story-less): ``{"id", "time", "source", "said", "reply"}`` — ``time``
        when it was said, ``said`` when turn ``turn_id`` was (aware UTC ``datetime``),
        ``source`` as recorded (the proxy's ``proxy:…`` key, or ``None``), ``reply`` the
        assistant's answer to it as recorded (redacted; ``None``: none). Recording order
        (row ids), not stated times. A turn emptied by an erasure is still the turn before:
        it wrote nothing any more. ``None`` when ``turn_id`` is unknown or was the first."""
        rows = self._query(
            "SELECT p.id, p.time, p.source, t.time, p.reply FROM turns t JOIN turns p ON p.user_id = t.user_id "
            "AND (p.story_id = t.story_id OR (p.story_id IS NULL AND t.story_id IS NULL)) AND p.id < t.id "
            "WHERE t.id = ? ORDER BY p.id DESC LIMIT 1",
            (turn_id,),
        )
        if not rows:
            return None
        row = rows[0]
        when: datetime | None = from_text(row[1])
        said: datetime | None = from_text(row[3])
        return {"id": int(row[0]), "time": when, "source": row[2], "said": said, "reply": row[4]}

    def last_turn(self, user_id: int, story_id: int | None) -> dict | None:
        """The user's latest recorded turn in a conversation (story ``story_id``, or
        story-less): ``{"id", "time", "source"}`` as :meth:`turn_before` gives them; the turn
        before a message not recorded yet (the reply's note reads it). ``None``: no turn."""
        rows = self._query(
            "SELECT id, time, source FROM turns WHERE user_id = ? AND story_id IS ? ORDER BY id DESC LIMIT 1",
            (user_id, story_id),
        )
        if not rows:
            return None
        when: datetime | None = from_text(rows[0][1])
        return {"id": int(rows[0][0]), "time": when, "source": rows[0][2]}
