"""What :class:`~souvenir.library.Souvenir` has for a user's data as a whole: the profile,
export, deletion, the time zone, a channel's users, and where an unknown user's id exists
(the sentence every face shows). Its base is :class:`~souvenir.library.operations.Operations`;
the turn loop and the memories are :class:`~souvenir.library.Souvenir`'s own.
"""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from souvenir.ground.errors import UnknownError
from souvenir.library.operations import Operations
from souvenir.schemas import Timezone, UserDeleted, UserExport, UsersPage, UserSummary, checked_arguments
from souvenir.ground.timezones import TZ_KEY

__all__ = ["HINT_CHANNELS", "UserData"]

#: The channels an unknown user's hint may name in the current context: ``None`` (default)
#: every channel — the library, the CLI, an admin key; a channel key's own channels
#: otherwise. Set per request by the doors that take a key (the REST guard, each MCP tool
#: call): a tenant is never told which ids another tenant's channel has.
HINT_CHANNELS: ContextVar[frozenset[str] | None] = ContextVar("souvenir_hint_channels", default=None)


def _lookalike_of(user: str) -> tuple[str, str] | None:
    """The id ``user`` looks like — without its blanks at the ends, or composed (Unicode
    NFC) — and how they differ; ``None`` when ``user`` is that id already. New ids in those
    forms are refused (:func:`souvenir.ground.limits.lookalike`), so a read with one most likely
    means the stored id: "ann " → ("ann", "the id asked has blanks at its ends")."""
    canonical = unicodedata.normalize("NFC", user).strip()
    if not canonical or canonical == user:
        return None
    if user.strip() != user:
        return canonical, "the id asked has blanks at its ends"
    return canonical, "the id asked has decomposed accents (Unicode NFD); ids are stored composed (NFC)"


@checked_arguments  # a wrongly typed argument is an InputError naming it, not a TypeError
class UserData(Operations):
    """A user's data as a whole (the base of :class:`~souvenir.library.Souvenir`)."""

    channel: str

    def _who(self, channel: str | None) -> str:
        return self.channel if channel is None else channel

    # -- an unknown user says where the id exists -------------------------------------------
    def user_channels(self, user: str) -> list[str]:
        """The channels that have a user of id ``user`` (sorted, at most 10): where to look
        when a user is unknown in the channel asked (a store written by an older CLI keeps
        its users in channel ``cli``)."""
        return self.runtime.store.user_channels(user)

    def _unknown(self, channel: str, user: str) -> str | None:
        """``None`` when ``channel:user`` exists; else the sentence a face shows: no such
        user here, and the channels where the id exists (if any)."""
        store = self.runtime.store
        if store.find_user(channel, user) is not None:
            return None
        alike = _lookalike_of(user)
        if alike is not None and store.find_user(channel, alike[0]) is not None:
            return f"no user {channel}:{user!r}; user {alike[0]!r} exists in this channel: {alike[1]}"
        shown = HINT_CHANNELS.get()
        others = [c for c in store.user_channels(user) if c != channel and (shown is None or c in shown)]
        where = f"; user {user!r} exists in channel {', '.join(others)}" if others else ""
        return f"no user {channel}:{user}{where}"

    @contextlib.contextmanager
    def _hinted(self, channel: str, user: str) -> Iterator[None]:
        """An :class:`UnknownError` raised inside, re-raised naming the channels where the
        user's id exists when it is unknown in ``channel`` (the same class, for every face)."""
        try:
            yield
        except UnknownError as exc:
            where = self._unknown(channel, user)
            if where is None or "; user " not in where:
                raise
            raise UnknownError(f"{exc}{where[where.index(';') :]}") from None

    # -- the user -------------------------------------------------------------------------------
    def profile(self, user: str, *, channel: str | None = None) -> dict[str, Any]:
        """The user-level profile (``lang``, ``summary``, ``last_queries``…);
        :class:`UnknownError` for an unknown user, naming the channels where the id exists."""
        with self._hinted(self._who(channel), user):
            return self.engine.profile(self._who(channel), user)

    def export_user(self, user: str, *, channel: str | None = None) -> UserExport:
        """Everything stored about the user, table by table."""
        with self._hinted(self._who(channel), user):
            return UserExport.model_validate(self.engine.export_user(self._who(channel), user))

    def users(self, *, channel: str | None = None, limit: int = 100, cursor: str | None = None) -> UsersPage:
        """One page of the channel's users, first known first, each with their active
        memories: at most ``limit`` (1 to 1000); pass ``next_cursor`` back as ``cursor`` for
        the next page (``None`` on the last). :class:`InputError` for a bad limit or cursor."""
        who = self._who(channel)
        found, after = self.engine.users_page(who, limit=limit, cursor=cursor)
        return UsersPage(
            channel=who,
            users=[UserSummary(user=u, created_at=c, memories=n) for u, c, n in found],
            next_cursor=after,
        )

    def delete_user(self, user: str, *, channel: str | None = None) -> UserDeleted:
        """Delete the user and everything derived from them; rows removed per table."""
        with self._hinted(self._who(channel), user):
            return UserDeleted(deleted=self.engine.delete_user(self._who(channel), user))

    def timezone(self, user: str, *, channel: str | None = None) -> Timezone:
        """The user's stored zone (``tz`` ``None``: days are UTC days); :class:`UnknownError`
        for an unknown user."""
        who = self._who(channel)
        user_id = self.runtime.store.find_user(who, user)
        if user_id is None:
            raise UnknownError(self._unknown(who, user) or f"no user {who}:{user}")
        return Timezone(tz=self.runtime.store.kv_get(user_id, TZ_KEY))

    def set_timezone(self, user: str, tz: str, *, channel: str | None = None) -> Timezone:
        """Set the user's zone, an IANA name (``Europe/Paris``) or an offset (``+08:00``); the
        user is created when unknown. Answers its canonical form; :class:`InputError` for a
        zone that is neither (nothing changed)."""
        return Timezone(tz=self.engine.set_timezone(self._who(channel), user, tz))
