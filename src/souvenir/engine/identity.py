"""Who a call is about: the checks every engine entry runs on a user's channel, id and story
name, and a story's id (created on demand)."""

from __future__ import annotations

from datetime import datetime

from souvenir.lexical.speakers import others_labelled
from souvenir.limits import check_field, check_user_id
from souvenir.privacy.scrub import refuse_credential
from souvenir.store.protocol import Store
from souvenir.write.admission import user_names

__all__ = ["check_ids", "check_story", "own_names", "story_id"]


def own_names(store: Store, user_id: int, message: str) -> frozenset[str]:
    """The user's own names (folded keys; the keyed ``name`` / ``name.preferred`` of their
    active memories, :func:`souvenir.write.admission.user_names`) when ``message`` is a
    pasted transcript with speaker labels other than Me / Moi / 我 / Saya, so that the
    user's "Caroline:" lines are their own (issue #26); empty otherwise, without a read.
    The engine knows no other name of the user: no profile field, no display name."""
    if not others_labelled(message):
        return frozenset()
    return user_names(store.memories(user_id, "active"))


def check_ids(channel: str, external_id: str, story: str | None = None) -> None:
    """Raise :class:`~souvenir.errors.InputError` unless ``channel`` and ``external_id`` are
    ids every route can address (:func:`~souvenir.limits.check_user_id`), ``story`` at most
    256 bytes, and none of them a credential (ids are kept in clear)."""
    refuse_credential(check_user_id(channel, "channel"), "channel")  # every route can address it
    refuse_credential(check_user_id(external_id, "user id"), "user id")  # and ids are kept in clear
    check_story(story)


def check_story(story: str | None) -> None:
    """Raise :class:`~souvenir.errors.InputError` unless ``story`` is ``None`` or a story
    name of at most 256 bytes that is not a credential."""
    refuse_credential(check_field(story, "story", 256), "story")


def story_id(store: Store, user_id: int, story: str | None, create: bool, now: datetime) -> int | None:
    """The id of the user's story named ``story`` (``None`` without a name, or for an unknown
    story unless ``create``)."""
    if not story:
        return None
    if create:
        return store.ensure_story(user_id, story, now)
    return store.find_story(user_id, story)
