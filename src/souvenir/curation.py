"""What a person does to one user's memories, beside the turn loop: read a memory's
history, read the profile (a mixin of :class:`~souvenir.engine.Engine`).

Every method takes the user as ``(channel, external_id)`` and reaches only that user's
memories (:meth:`Engine.own_memory`): another user's id answers
:class:`~souvenir.errors.UnknownError`, never their data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from souvenir.errors import UnknownError
from souvenir.types import Memory

if TYPE_CHECKING:  # pragma: no cover
    from souvenir.engine import Engine

__all__ = ["CurationMixin"]


class CurationMixin:
    """Needs the engine's ``store``, ``own_memory`` and ``flush``."""

    def memory_history(self: Engine, channel: str, external_id: str,
                       memory_id: int) -> tuple[Memory, list[dict[str, Any]]]:
        """The memory as it is now and its chain, oldest first: earlier wordings
        (``replaced``), poorer duplicates it absorbed (``absorbed``), memories it superseded
        (``supersedes``). Raises :class:`UnknownError` unless it is that user's memory."""
        memory = self.own_memory(channel, external_id, memory_id)
        return memory, self.store.history(memory_id)

    def profile(self: Engine, channel: str, external_id: str) -> dict[str, Any]:
        """The user-level profile (seed 001's keys: ``lang``, ``summary``, ``last_queries``…).
        Raises :class:`UnknownError` for an unknown user."""
        user_id = self.store.find_user(channel, external_id)
        if user_id is None:
            raise UnknownError(f"no user {channel}:{external_id}")
        return dict(self.store.kv_all(user_id))
