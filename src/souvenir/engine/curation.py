"""What a person does to one user's memories beside the turn loop (:class:`Curation`): list
them (page by page), read one and its history, edit, pin or forget one, add many at once,
read the profile, list the forgotten ones, export or delete the user.

Every method takes the user as ``(channel, external_id)`` and reaches only that user's
memories (:meth:`Curation.own_memory`): another user's id answers
:class:`~souvenir.ground.errors.UnknownError`, never their data.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from souvenir.engine.bookkeeping import Bookkeeping
from souvenir.engine.identity import check_ids, check_story
from souvenir.engine.writer import Writer, checked_candidate
from souvenir.ground.errors import InputError, UnknownError
from souvenir.ground.limits import MAX_PAGE, check_field, check_text, check_time
from souvenir.profile import public_profile as profile_view
from souvenir.ground.results import WriteResult
from souvenir.store.protocol import Store
from souvenir.ground.timeutil import aware, utcnow
from souvenir.ground.types import Candidate, Memory
from souvenir.write import reasons
from souvenir.write.filters import DIRECT_CHAIN, Exchange, run_filters
from souvenir.write.writelog import event_detail, event_kind

__all__ = ["MAX_BATCH", "MAX_PAGE", "Curation", "decode_cursor", "encode_cursor"]

#: Most memories one batch writes (one page lists at most :data:`souvenir.ground.limits.MAX_PAGE`).
MAX_BATCH = 100

_CURSOR_PREFIX = "after:"


def encode_cursor(last_id: int) -> str:
    """An opaque cursor for the page after the memory ``last_id``."""
    return base64.urlsafe_b64encode(f"{_CURSOR_PREFIX}{last_id}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str | None) -> int | None:
    """The id a cursor resumes after (``None`` for the first page); :class:`InputError` for
    a cursor this service did not give: its id is ASCII digits within a 64-bit row id (a
    forged "after:" and 19 nines was an ``OverflowError`` from SQLite, a 500)."""
    if cursor is None or cursor == "":
        return None
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        digits = raw[len(_CURSOR_PREFIX) :]
        if raw.startswith(_CURSOR_PREFIX) and digits.isascii() and digits.isdigit() and int(digits) < 2**63:
            return int(digits)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        pass
    raise InputError("cursor is not one this service gave (pass next_cursor as it came)")


class Curation:
    """One user's memories in ``store``, written through ``writer``; the reads that show
    counters wait for ``bookkeeping`` first (the contexts already answered)."""

    def __init__(self, store: Store, writer: Writer, bookkeeping: Bookkeeping) -> None:
        self.store = store
        self.writer = writer
        self.bookkeeping = bookkeeping
        #: ``changed(user_id)``, told after a memory is edited or forgotten here (the engine's
        #: :meth:`~souvenir.engine.refresh_reads.ReadRefresher.changed`: the user's read path
        #: rebuilt off the next turn); ``None``: nothing told
        self.changed: Callable[[int], object] | None = None

    def memories(self, channel: str, external_id: str, status: str | None = "active") -> list[Memory]:
        """The user's memories (empty for an unknown user)."""
        user_id = self.store.find_user(channel, external_id)
        return [] if user_id is None else self.store.memories(user_id, status)

    def own_memory(self, channel: str, external_id: str, memory_id: int) -> Memory:
        """The memory ``memory_id`` if it belongs to that user; else :class:`UnknownError`
        (one user never reaches another's memory by guessing an id)."""
        user_id = self.store.find_user(channel, external_id)
        memory = self.store.get_memory(memory_id) if user_id is not None else None
        if memory is None or memory.user_id != user_id:
            raise UnknownError(f"no memory {memory_id} for user {channel}:{external_id}")
        return memory

    def pin(self, channel: str, external_id: str, memory_id: int, pinned: bool = True) -> Memory:
        """Pin or unpin a memory by hand (the pinned pass serves up to limit − reserve).
        :class:`InputError` for a memory that is not active (a forgotten one has no text left
        to serve; a superseded one gave way to its successor)."""
        memory = self.own_memory(channel, external_id, memory_id)
        if pinned and memory.status != "active":
            raise InputError(f"memory {memory_id} is {memory.status}: only an active memory can be pinned")
        self.store.set_pinned(memory_id, pinned)
        return self.own_memory(channel, external_id, memory_id)

    def delete_memory(self, channel: str, external_id: str, memory_id: int, now: datetime | None = None) -> None:
        """Forget a memory: an explicit act only. Its text, past wordings and vectors go, and
        every stored text that carries it (its turns, the summary, anchors…: see
        :mod:`souvenir.store.erasure`); a textless tombstone stays for counts."""
        memory = self.own_memory(channel, external_id, memory_id)
        self.writer.drop_windows_around(memory_id)
        self.store.delete_memory(memory_id, now or utcnow())
        if self.changed is not None:
            self.changed(memory.user_id)

    def forgotten(self, channel: str, external_id: str, min_candidate: int = 10) -> list[Memory]:
        """Memories that were candidates at least ``min_candidate`` times and never served,
        most often passed over first."""
        self.bookkeeping.flush()
        user_id = self.store.find_user(channel, external_id)
        if user_id is None:
            return []
        active = {m.id: m for m in self.store.memories(user_id, "active")}
        return [active[row[0]] for row in self.store.forgotten(user_id, min_candidate) if row[0] in active]

    def export_user(self, channel: str, external_id: str) -> dict:
        """Everything stored about the user (:class:`UnknownError` for an unknown user)."""
        self.bookkeeping.flush()
        user_id = self.store.find_user(channel, external_id)
        if user_id is None:
            raise UnknownError(f"no user {channel}:{external_id}")
        return {"channel": channel, "user": external_id, "tables": self.store.export_user(user_id)}

    def delete_user(self, channel: str, external_id: str) -> dict[str, int]:
        """Delete the user and everything derived from them; rows removed per table."""
        self.bookkeeping.flush()
        user_id = self.store.find_user(channel, external_id)
        if user_id is None:
            raise UnknownError(f"no user {channel}:{external_id}")
        return self.store.delete_user(user_id)

    def users_page(
        self, channel: str, limit: int = 100, cursor: str | None = None
    ) -> tuple[list[tuple[str, str, int]], str | None]:
        """One page of ``channel``'s users, first known first: (external id, created at,
        active memories), and the cursor of the next page (``None`` on the last). ``limit`` is
        1 to :data:`MAX_PAGE`; :class:`InputError` otherwise or for a foreign cursor."""
        if not 1 <= limit <= MAX_PAGE:
            raise InputError(f"limit must be 1 to {MAX_PAGE}, not {limit}")
        rows = self.store.list_users(channel, decode_cursor(cursor) or 0, limit + 1)
        more = len(rows) > limit
        rows = rows[:limit]
        return [(r[1], r[2], r[3]) for r in rows], encode_cursor(rows[-1][0]) if more else None

    def memories_page(
        self, channel: str, external_id: str, status: str | None = "active", limit: int = 100, cursor: str | None = None
    ) -> tuple[list[Memory], str | None]:
        """One page of the user's memories with ``status`` (``None`` = all), oldest first,
        their counters counting every context answered before, and the cursor of the next
        page (``None`` on the last). ``limit`` is 1 to
        :data:`MAX_PAGE`. An unknown user has one empty page."""
        if not 1 <= limit <= MAX_PAGE:
            raise InputError(f"limit must be 1 to {MAX_PAGE}, not {limit}")
        after = decode_cursor(cursor)
        self.bookkeeping.flush()  # the counters of the contexts already answered
        user_id = self.store.find_user(channel, external_id)
        if user_id is None:
            return [], None
        page = self.store.memories(user_id, status, after=after, limit=limit + 1)
        more = len(page) > limit
        page = page[:limit]
        return page, encode_cursor(page[-1].id) if more else None

    def update_memory(
        self,
        channel: str,
        external_id: str,
        memory_id: int,
        text: str,
        source: str | None = None,
        said_at: datetime | None = None,
        now: datetime | None = None,
    ) -> WriteResult:
        """A person's new wording for one of the user's active memories.

        The text goes through the direct write path's filters (secrets: a dropped edit
        changes nothing and says why); the old wording is kept as the memory's history
        (event ``replaced``), the memory's date becomes ``said_at`` (default now), its vector
        is recomputed. No merge with other memories: an edit that repeats another memory
        leaves both (a repeat, never a loss). Returns action ``replace``, ``unchanged`` (same
        text) or ``dropped``. Raises :class:`UnknownError` unless it is the user's memory,
        :class:`InputError` for unusable text or a memory that is no longer active."""
        now = aware(now or utcnow())
        memory = self.own_memory(channel, external_id, memory_id)
        text = check_text(text, "memory text")
        check_field(source, "source", 1024)
        said = aware(check_time(said_at or now, "memory time", now))
        candidate = Candidate(
            text=text,
            kind=memory.kind,
            scope=memory.scope,
            story_id=memory.story_id,
            source=source or memory.source,
            time=said,
        )
        verdict = run_filters(candidate, Exchange(user_message=text), DIRECT_CHAIN)
        if not verdict.kept:
            reason = f"{verdict.filter}: {verdict.reason}"
            self.store.record_event(
                memory.user_id, event_kind("dropped", verdict.filter), event_detail(reason, verdict.candidate.text), now
            )
            return WriteResult("dropped", None, verdict.candidate.text, reason=reason, code=verdict.filter)
        text = verdict.candidate.text
        with self.store.transaction():
            self.store.lock_user(memory.user_id)
            current = self.store.get_memory(memory_id)  # fresh, under the user's lock
            if current is None or current.status != "active":
                raise InputError(
                    f"memory {memory_id} is {current.status if current else 'gone'}: "
                    "only an active memory can be edited"
                )
            if current.text == text:
                return WriteResult("unchanged", memory_id, text, reason=reasons.edited_same())
            self.writer.drop_windows_around(memory_id)
            self.store.replace_wording(memory_id, text, current.confidence, candidate.source, said, now)
            self.store.record_event(
                memory.user_id,
                event_kind("replace", "edited"),
                event_detail("a person's new wording", text, memory_id, current.text, memory_id),
                now,
            )
        self.writer.wake_indexer()
        if self.changed is not None:
            self.changed(memory.user_id)
        return WriteResult("replace", memory_id, text, reason=reasons.edited())

    def remember_many(
        self,
        channel: str,
        external_id: str,
        candidates: Sequence[Candidate],
        stories: Sequence[str | None] | None = None,
        now: datetime | None = None,
    ) -> list[WriteResult]:
        """Write up to :data:`MAX_BATCH` candidates in order, each through the write path in
        its own transaction (a later one may absorb or supersede an earlier one). Every
        candidate is checked before the first is written: one unusable item writes nothing
        and raises :class:`InputError` naming it."""
        if not 1 <= len(candidates) <= MAX_BATCH:
            raise InputError(f"a batch holds 1 to {MAX_BATCH} memories, not {len(candidates)}")
        stories = list(stories) if stories is not None else [None] * len(candidates)
        check_ids(channel, external_id)
        now = aware(now or utcnow())
        checked: list[Candidate] = []
        for i, (candidate, story) in enumerate(zip(candidates, stories, strict=True)):
            try:
                check_story(story)
                if candidate.scope == "story" and not story:
                    raise InputError("a story-scoped memory needs a story")
                checked.append(checked_candidate(candidate, story, now))
            except InputError as exc:
                raise InputError(f"memory {i}: {exc}; nothing written") from None
        return [self.writer.write(channel, external_id, c, story=s, now=now) for c, s in zip(checked, stories)]

    def memory_history(self, channel: str, external_id: str, memory_id: int) -> tuple[Memory, list[dict[str, Any]]]:
        """The memory as it is now and its chain, oldest first: earlier wordings
        (``replaced``), poorer duplicates it absorbed (``absorbed``), memories it superseded
        (``supersedes``). Raises :class:`UnknownError` unless it is that user's memory."""
        memory = self.own_memory(channel, external_id, memory_id)
        return memory, self.store.history(memory_id)

    def profile(self, channel: str, external_id: str) -> dict[str, Any]:
        """The user-level profile as plain JSON values (seed 001's keys: ``lang``,
        ``summary``, ``last_queries`` a list, ``tz``…; internal ``meta:`` keys left out),
        the same view as the context's. Raises :class:`UnknownError` for an unknown user."""
        user_id = self.store.find_user(channel, external_id)
        if user_id is None:
            raise UnknownError(f"no user {channel}:{external_id}")
        return profile_view(self.store.kv_all(user_id))
