""":class:`AsyncSouvenir`: :class:`~souvenir.library.Souvenir` for asyncio: the same
methods, awaited, each run in a worker thread."""

from __future__ import annotations

import asyncio
import functools
import os
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Any, Concatenate, ParamSpec, TypeVar


from souvenir.ground.config import Settings
from souvenir.library.facade import Souvenir
from souvenir.schemas import (
    DEFAULT_CHANNEL,
)

P = ParamSpec("P")
R = TypeVar("R")


def _in_thread(method: Callable[Concatenate[Souvenir, P], R]) -> Callable[Concatenate[AsyncSouvenir, P], Awaitable[R]]:
    """``method`` of :class:`Souvenir`, run in a worker thread by :class:`AsyncSouvenir`."""

    @functools.wraps(method)
    async def call(self: AsyncSouvenir, *args: P.args, **kwargs: P.kwargs) -> R:
        return await asyncio.to_thread(method, self.sync, *args, **kwargs)

    return call


class AsyncSouvenir:
    """:class:`Souvenir` for asyncio: the same methods, awaited; the store's work runs in
    worker threads so the event loop never waits on it."""

    def __init__(self, sync: Souvenir) -> None:
        self.sync = sync

    @classmethod
    async def open(
        cls,
        target: str | os.PathLike[str] | Settings | None = None,
        *,
        channel: str = DEFAULT_CHANNEL,
        background: bool = True,
        **settings: Any,
    ) -> AsyncSouvenir:
        """As :meth:`Souvenir.open` (the models load in a worker thread)."""
        sync = await asyncio.to_thread(
            functools.partial(Souvenir.open, target, channel=channel, background=background, **settings)
        )
        return cls(sync)

    async def __aenter__(self) -> AsyncSouvenir:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    close = _in_thread(Souvenir.close)
    add_turn = _in_thread(Souvenir.add_turn)
    context = _in_thread(Souvenir.context)
    remember = _in_thread(Souvenir.remember)
    remember_many = _in_thread(Souvenir.remember_many)
    request_acted = _in_thread(Souvenir.request_acted)
    memories = _in_thread(Souvenir.memories)
    search = _in_thread(Souvenir.search)
    update = _in_thread(Souvenir.update)
    forget = _in_thread(Souvenir.forget)
    pin = _in_thread(Souvenir.pin)
    history = _in_thread(Souvenir.history)
    profile = _in_thread(Souvenir.profile)
    export_user = _in_thread(Souvenir.export_user)
    delete_user = _in_thread(Souvenir.delete_user)
    users = _in_thread(Souvenir.users)
    memory = _in_thread(Souvenir.memory)
    forgotten = _in_thread(Souvenir.forgotten)
    timezone = _in_thread(Souvenir.timezone)
    set_timezone = _in_thread(Souvenir.set_timezone)
    diagnostics = _in_thread(Souvenir.diagnostics)
    user_channels = _in_thread(Souvenir.user_channels)
    add_turn_once = _in_thread(Souvenir.add_turn_once)
    replay = _in_thread(Souvenir.replay)
    import_file = _in_thread(Souvenir.import_file)
    index = _in_thread(Souvenir.index)
    backlog = _in_thread(Souvenir.backlog)
    kept_embedders = _in_thread(Souvenir.kept_embedders)
    retire_embedder = _in_thread(Souvenir.retire_embedder)
    complete = _in_thread(Souvenir.complete)
    jobs = _in_thread(Souvenir.jobs)
    retry_jobs = _in_thread(Souvenir.retry_jobs)
    keys = _in_thread(Souvenir.keys)
    keys_in_force = _in_thread(Souvenir.keys_in_force)
    create_key = _in_thread(Souvenir.create_key)
    revoke_key = _in_thread(Souvenir.revoke_key)
    active_keys = _in_thread(Souvenir.active_keys)
    status = _in_thread(Souvenir.status)
    degraded_turns = _in_thread(Souvenir.degraded_turns)
    drain = _in_thread(Souvenir.drain)
    start_worker = _in_thread(Souvenir.start_worker)
    stop_worker = _in_thread(Souvenir.stop_worker)
