"""The turn said just before another (a mixin of :class:`~souvenir.store.base.SQLStore`):
what a request to forget that points at what was just said ("don't remember that",
这事你别记了) is about (:mod:`souvenir.engine.chat_forget`)."""

from __future__ import annotations

from datetime import datetime

from souvenir.store.plumbing import Plumbing
from souvenir.ground.timeutil import from_text


#: Whether another turn of the same user carries turn ``p``'s source and time in another conversation
#: (another story, or story-less beside a story): a caller's own source may be shared by many turns
#: (a conversation's id), and its memories are paired with ``p`` by that source and that instant only —
#: which then also names what the other conversation's turn wrote (``chat_forget._written_by``).
_ELSEWHERE = (
    "EXISTS (SELECT 1 FROM turns o WHERE o.user_id = p.user_id AND o.time = p.time AND o.source = p.source "
    "AND o.id <> p.id AND COALESCE(o.story_id, 0) <> COALESCE(p.story_id, 0))"
)


class TurnBeforeMixin(Plumbing):
    """Needs ``_query()`` from the store."""

    def turn_before(self, turn_id: int) -> dict | None:
        """The user's turn recorded just before turn ``turn_id`` in the same conversation
        (the same story, or story-less): ``{"id", "time", "source", "said", "reply", "elsewhere",
        "story_id"}`` — ``time``
        when it was said, ``said`` when turn ``turn_id`` was (aware UTC ``datetime``),
        ``source`` as recorded (the proxy's ``proxy:…`` key, or ``None``), ``reply`` the
        assistant's answer to it as recorded (redacted; ``None``: none), ``elsewhere`` whether a turn
        of another conversation has its source and time (:data:`_ELSEWHERE`). Recording order
        (row ids), not stated times. A turn emptied by an erasure is still the turn before:
        it wrote nothing any more. ``None`` when ``turn_id`` is unknown or was the first."""
        rows = self._query(
            "SELECT p.id, p.time, p.source, t.time, p.reply, " + _ELSEWHERE + ", p.story_id FROM turns t JOIN turns p "
            "ON p.user_id = t.user_id AND (p.story_id = t.story_id OR (p.story_id IS NULL AND t.story_id IS NULL)) "
            "AND p.id < t.id WHERE t.id = ? ORDER BY p.id DESC LIMIT 1",
            (turn_id,),
        )
        if not rows:
            return None
        row = rows[0]
        when: datetime | None = from_text(row[1])
        said: datetime | None = from_text(row[3])
        return {
            "id": int(row[0]),
            "time": when,
            "source": row[2],
            "said": said,
            "reply": row[4],
            "elsewhere": bool(row[5]),
            "story_id": row[6],
        }

    def last_turn(self, user_id: int, story_id: int | None) -> dict | None:
        """The user's latest recorded turn in a conversation (story ``story_id``, or
        story-less): ``{"id", "time", "source", "elsewhere", "story_id"}`` as :meth:`turn_before` gives them; the turn
        before a message not recorded yet (the reply's note reads it). ``None``: no turn."""
        rows = self._query(
            "SELECT p.id, p.time, p.source, "
            + _ELSEWHERE
            + ", p.story_id FROM turns p WHERE p.user_id = ? AND p.story_id IS ? "
            "ORDER BY p.id DESC LIMIT 1",
            (user_id, story_id),
        )
        if not rows:
            return None
        when: datetime | None = from_text(rows[0][1])
        row = rows[0]
        return {"id": int(row[0]), "time": when, "source": row[2], "elsewhere": bool(row[3]), "story_id": row[4]}
