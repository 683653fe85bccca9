"""Who a call is about: the checks every engine entry runs on a user's channel, id and story
name, and a story's id (created on demand)."""

from __future__ import annotations

import re
from datetime import datetime

from souvenir.lexical.speakers import others_labelled
from souvenir.ground.limits import check_field, check_user_id
from souvenir.privacy.scrub import refuse_credential
from souvenir.store.protocol import Store
from souvenir.write.keyed_pool import user_names

__all__ = ["check_ids", "check_story", "own_names", "story_id"]


def own_names(store: Store, user_id: int, message: str, note: str | None = None) -> frozenset[str]:
    """The user's own names (folded keys; the keyed ``name`` / ``name.preferred`` of their
    active memories, :func:`souvenir.write.keyed_pool.user_names`) when ``message`` is a
    pasted transcript with speaker labels other than Me / Moi / 我 / Saya, so that the
    user's "Caroline:" lines are their own (issue #26), or when ``note`` (a model's note,
    to be grounded in the message) may name the user: a capitalised word the message does
    not hold ("Caroline adopted a cat"), or a Chinese note whose first two characters the
    message does not hold (小芳下个月…); empty otherwise, without a read. The engine knows no
    other name of the user: no profile field, no display name."""
    if not others_labelled(message) and not (note and _may_name(note, message)):
        return frozenset()
    return user_names(store.memories(user_id, "active"))


_CAPITALISED = re.compile(r"\b[A-Z][\w'’\-]+")
_HAN_HEAD = re.compile(r"^\s*([\u3400-\u9fff]{2})")


def _may_name(note: str, message: str) -> bool:
    folded = message.casefold()
    if any(w.casefold() not in folded and w not in ("The", "User", "I") for w in _CAPITALISED.findall(note)):
        return True
    head = _HAN_HEAD.match(note)
    return head is not None and head.group(1) not in message and head.group(1) not in ("用户", "我的")


def check_ids(channel: str, external_id: str, story: str | None = None) -> None:
    """Raise :class:`~souvenir.ground.errors.InputError` unless ``channel`` and ``external_id`` are
    ids every route can address (:func:`~souvenir.ground.limits.check_user_id`), ``story`` at most
    256 bytes, and none of them a credential (ids are kept in clear)."""
    refuse_credential(check_user_id(channel, "channel"), "channel")  # every route can address it
    refuse_credential(check_user_id(external_id, "user id"), "user id")  # and ids are kept in clear
    check_story(story)


def check_story(story: str | None) -> None:
    """Raise :class:`~souvenir.ground.errors.InputError` unless ``story`` is ``None`` or a story
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
