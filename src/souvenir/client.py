"""A typed HTTP client of the REST service (httpx): :class:`SouvenirClient` and
:class:`AsyncSouvenirClient`.

    from souvenir.client import SouvenirClient

    with SouvenirClient("http://127.0.0.1:8765", api_key=None) as memory:
        memory.add_turn("ann", "I adopted a cat called Kopi", reply="Lovely!")
        print(memory.context("ann", "how is my cat?").block)

The methods are the library's (:class:`souvenir.Souvenir`), with the same arguments, the
same answers (the models of :mod:`souvenir.schemas`) and the same errors: a request the
library would refuse is refused here before it is sent (:class:`~souvenir.ground.errors.InputError`,
same message), and the service's statuses map back to the tree (422 →
:class:`~souvenir.ground.errors.InputError`, 404 → :class:`~souvenir.ground.errors.UnknownError`, 503 →
:class:`~souvenir.ground.errors.StoreBusyError`, 500 → :class:`~souvenir.ground.errors.StoreError`,
401/403 → :class:`~souvenir.ground.errors.AccessDeniedError`, no answer →
:class:`~souvenir.ground.errors.ServiceUnreachableError`). Every call is bounded by ``timeout``
seconds (30 by default).
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel, TypeAdapter

from souvenir.ground.errors import (
    AccessDeniedError,
    InputError,
    ServiceError,
    ServiceUnreachableError,
    SouvenirError,
    StoreBusyError,
    StoreError,
    UnknownError,
    plain,
)
from souvenir.schemas import (
    DEFAULT_CHANNEL,
    BatchWritten,
    ContextPublic,
    ContextQuery,
    Diagnostics,
    MemoriesPublic,
    MemoryBatch,
    MemoryCreate,
    MemoryDeleted,
    MemoryHistory,
    MemoryPublic,
    MemoryUpdate,
    SearchQuery,
    SearchResults,
    StatusFilter,
    Timezone,
    TimezoneSet,
    TurnCreate,
    TurnRecorded,
    UserDeleted,
    UserExport,
    UsersPage,
    WritePublic,
    checked_arguments,
    validated,
)
from souvenir.schemas import KindName, ScopeName

__all__ = ["DEFAULT_TIMEOUT_S", "AsyncSouvenirClient", "SouvenirClient"]

#: Seconds one call may take (connect, write, read, pool wait each), unless told otherwise.
DEFAULT_TIMEOUT_S = 30.0

R = TypeVar("R")
P = ParamSpec("P")
_PROFILE = TypeAdapter(dict[str, Any])


@dataclass(frozen=True, slots=True)
class _Call(Generic[R]):
    """One request and how to read its answer (no I/O: the two clients send it)."""

    method: str
    path: str
    parse: Callable[[Any], R]
    json: Any = None
    params: Mapping[str, Any] | None = None


def _body(model: BaseModel) -> Any:
    return model.model_dump(mode="json", exclude_none=True)


@checked_arguments  # the library's argument checks, so both doors refuse alike
class _Calls:
    """The requests of every method, built from the library's arguments."""

    def __init__(self, channel: str) -> None:
        self.channel = channel

    def _user(self, user: str, channel: str | None) -> str:
        return f"/v1/users/{quote(self.channel if channel is None else channel, safe='')}/{quote(user, safe='')}"

    def add_turn(
        self,
        user: str,
        message: str,
        reply: str | None = None,
        *,
        story: str | None = None,
        time: datetime | None = None,
        language: str | None = None,
        channel: str | None = None,
        source: str | None = None,
    ) -> _Call[TurnRecorded]:
        turn = validated(
            TurnCreate,
            channel=self.channel if channel is None else channel,
            user=user,
            story=story,
            message=message,
            reply=reply,
            time=time,
            language=language,
            source=source,
        )
        return _Call("POST", "/v1/turns", TurnRecorded.model_validate, _body(turn))

    def context(
        self,
        user: str,
        message: str,
        *,
        story: str | None = None,
        channel: str | None = None,
        messages: Sequence[str] | None = None,
        conversation: Sequence[str] | None = None,
    ) -> _Call[ContextPublic]:
        query = validated(
            ContextQuery,
            channel=self.channel if channel is None else channel,
            user=user,
            story=story,
            message=message,
            messages=list(messages) if messages is not None else None,
            conversation=list(conversation) if conversation is not None else None,
        )
        return _Call("POST", "/v1/context", ContextPublic.model_validate, _body(query))

    def remember(
        self,
        user: str,
        text: str,
        *,
        kind: KindName = "fact",
        scope: ScopeName = "global",
        story: str | None = None,
        confidence: float = 1.0,
        pinned: bool = False,
        date: datetime | None = None,
        source: str | None = None,
        channel: str | None = None,
    ) -> _Call[WritePublic]:
        memory = validated(
            MemoryCreate,
            text=text,
            kind=kind,
            scope=scope,
            story=story,
            confidence=confidence,
            pinned=pinned,
            date=date,
            source=source,
        )
        if memory.scope == "story" and not memory.story:
            raise InputError("a story-scoped memory needs 'story'")
        return _Call("POST", f"{self._user(user, channel)}/memories", WritePublic.model_validate, _body(memory))

    def remember_many(
        self, user: str, memories: Iterable[MemoryCreate | Mapping[str, Any]], *, channel: str | None = None
    ) -> _Call[BatchWritten]:
        batch = validated(MemoryBatch, memories=list(memories))
        for i, memory in enumerate(batch.memories):
            if memory.scope == "story" and not memory.story:
                raise InputError(f"memories.{i}: a story-scoped memory needs 'story'; nothing written")
        return _Call("POST", f"{self._user(user, channel)}/memories/batch", BatchWritten.model_validate, _body(batch))

    def memories(
        self,
        user: str,
        *,
        status: StatusFilter = "active",
        limit: int = 100,
        cursor: str | None = None,
        channel: str | None = None,
    ) -> _Call[MemoriesPublic]:
        if status not in ("active", "superseded", "deleted", "all"):
            raise InputError("status must be active, superseded, deleted or all")
        params = {"status": status, "limit": limit} | ({"cursor": cursor} if cursor else {})
        return _Call("GET", f"{self._user(user, channel)}/memories", MemoriesPublic.model_validate, params=params)

    def search(
        self,
        user: str,
        query: str,
        *,
        kind: KindName | list[KindName] | None = None,
        scope: ScopeName | None = None,
        story: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int = 10,
        channel: str | None = None,
    ) -> _Call[SearchResults]:
        q = validated(
            SearchQuery, query=query, kind=kind, scope=scope, story=story, since=since, until=until, limit=limit
        )
        return _Call("POST", f"{self._user(user, channel)}/search", SearchResults.model_validate, _body(q))

    def update(
        self,
        user: str,
        memory_id: int,
        text: str,
        *,
        date: datetime | None = None,
        source: str | None = None,
        channel: str | None = None,
    ) -> _Call[WritePublic]:
        edit = validated(MemoryUpdate, text=text, date=date, source=source)
        return _Call(
            "PATCH", f"{self._user(user, channel)}/memories/{int(memory_id)}", WritePublic.model_validate, _body(edit)
        )

    def forget(self, user: str, memory_id: int, *, channel: str | None = None) -> _Call[MemoryDeleted]:
        return _Call("DELETE", f"{self._user(user, channel)}/memories/{int(memory_id)}", MemoryDeleted.model_validate)

    def pin(self, user: str, memory_id: int, pinned: bool = True, *, channel: str | None = None) -> _Call[MemoryPublic]:
        return _Call(
            "POST" if pinned else "DELETE",
            f"{self._user(user, channel)}/memories/{int(memory_id)}/pin",
            MemoryPublic.model_validate,
        )

    def history(self, user: str, memory_id: int, *, channel: str | None = None) -> _Call[MemoryHistory]:
        return _Call(
            "GET", f"{self._user(user, channel)}/memories/{int(memory_id)}/history", MemoryHistory.model_validate
        )

    def profile(self, user: str, *, channel: str | None = None) -> _Call[dict[str, Any]]:
        return _Call("GET", f"{self._user(user, channel)}/profile", _PROFILE.validate_python)

    def export_user(self, user: str, *, channel: str | None = None) -> _Call[UserExport]:
        return _Call("GET", f"{self._user(user, channel)}/export", UserExport.model_validate)

    def delete_user(self, user: str, *, channel: str | None = None) -> _Call[UserDeleted]:
        return _Call("DELETE", self._user(user, channel), UserDeleted.model_validate)

    def users(self, *, channel: str | None = None, limit: int = 100, cursor: str | None = None) -> _Call[UsersPage]:
        params: dict[str, Any] = {"limit": limit}
        if cursor is not None:
            params["cursor"] = cursor
        path = f"/v1/users/{quote(self.channel if channel is None else channel, safe='')}"
        return _Call("GET", path, UsersPage.model_validate, params=params)

    def forgotten(self, user: str, *, min_candidate: int = 10, channel: str | None = None) -> _Call[MemoriesPublic]:
        if isinstance(min_candidate, bool) or not isinstance(min_candidate, int) or min_candidate < 0:
            raise InputError("min_candidate must be an integer of 0 or more")
        return _Call(
            "GET",
            f"{self._user(user, channel)}/forgotten",
            MemoriesPublic.model_validate,
            params={"min_candidate": min_candidate},
        )

    def timezone(self, user: str, *, channel: str | None = None) -> _Call[Timezone]:
        return _Call("GET", f"{self._user(user, channel)}/timezone", Timezone.model_validate)

    def set_timezone(self, user: str, tz: str, *, channel: str | None = None) -> _Call[Timezone]:
        body = validated(TimezoneSet, tz=tz)
        return _Call("PUT", f"{self._user(user, channel)}/timezone", Timezone.model_validate, _body(body))

    def diagnostics(self, user: str, *, story: str | None = None, channel: str | None = None) -> _Call[Diagnostics]:
        """(``service`` is filled by the service for an admin key.)"""
        return _Call(
            "GET",
            f"{self._user(user, channel)}/diagnostics.json",
            Diagnostics.model_validate,
            params={"story": story} if story else None,
        )


_STATUS_ERRORS: dict[int, type[SouvenirError]] = {
    401: AccessDeniedError,
    403: AccessDeniedError,
    404: UnknownError,
    422: InputError,
    500: StoreError,
    503: StoreBusyError,
}


def _detail(response: httpx.Response) -> str:
    try:
        detail = response.json().get("detail", response.text)
    except (ValueError, AttributeError):
        return response.text[:500] or response.reason_phrase
    if isinstance(detail, list):  # request validation: [{loc, msg, type}]
        return "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ())[1:]) or 'input'}: {e.get('msg', '')}"
            for e in detail
            if isinstance(e, dict)
        )
    if isinstance(detail, dict):  # OpenAI-shaped or other structured errors
        return str(detail.get("message", detail))
    return str(detail)


def _answer(call: _Call[R], response: httpx.Response) -> R:
    if response.is_success:
        return call.parse(response.json())
    error = _STATUS_ERRORS.get(response.status_code)
    message = _detail(response)
    if error is None or issubclass(error, ServiceError):
        raise (error or ServiceError)(message, response.status_code)
    raise error(message)


def _headers(api_key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {api_key}"} if api_key else {}


def _blocking(build: Callable[Concatenate[_Calls, P], _Call[R]]) -> Callable[Concatenate[SouvenirClient, P], R]:
    @functools.wraps(build)
    def call(self: SouvenirClient, *args: P.args, **kwargs: P.kwargs) -> R:
        return self._send(build(self._calls, *args, **kwargs))

    return call


def _awaited(
    build: Callable[Concatenate[_Calls, P], _Call[R]],
) -> Callable[Concatenate[AsyncSouvenirClient, P], Awaitable[R]]:
    @functools.wraps(build)
    async def call(self: AsyncSouvenirClient, *args: P.args, **kwargs: P.kwargs) -> R:
        return await self._send(build(self._calls, *args, **kwargs))

    return call


def _unreachable(base_url: httpx.URL, call: _Call[Any], exc: httpx.HTTPError) -> str:
    """The :class:`ServiceUnreachableError` sentence for ``call`` failing with ``exc``: where,
    why, and for a refused connection the command that starts the service."""
    where = f"{call.method} {str(base_url).rstrip('/')}{call.path}"
    if isinstance(exc, httpx.ConnectError):
        return f"{where}: cannot connect ({exc}): is `souvenir serve` (or `make run`) running at that address?"
    if isinstance(exc, httpx.TimeoutException):
        return f"{where}: no answer within the client's timeout ({type(exc).__name__}): the service is busy or stuck"
    return f"{where}: {plain(exc)}"


class SouvenirClient:
    """The REST service at ``base_url`` as the library's methods (see the module docstring).
    ``api_key``: sent as ``Authorization: Bearer``; ``channel``: the users' default channel;
    ``timeout``: seconds (or an :class:`httpx.Timeout`); ``http``: an :class:`httpx.Client`
    of your own (its base URL, headers and timeout are then yours)."""

    def __init__(
        self,
        base_url: str = "http://127.0.0.1:8765",
        *,
        api_key: str | None = None,
        channel: str = DEFAULT_CHANNEL,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT_S,
        http: httpx.Client | None = None,
    ) -> None:
        self._calls = _Calls(channel)
        self._owns = http is None
        self.http = http or httpx.Client(base_url=base_url, headers=_headers(api_key), timeout=timeout)

    def _send(self, call: _Call[R]) -> R:
        try:
            response = self.http.request(call.method, call.path, json=call.json, params=call.params)
        except httpx.HTTPError as exc:
            raise ServiceUnreachableError(_unreachable(self.http.base_url, call, exc)) from exc
        try:
            return _answer(call, response)
        except AccessDeniedError as exc:
            if self._calls.channel == DEFAULT_CHANNEL and f"reach channel {DEFAULT_CHANNEL!r}" in str(exc):
                raise AccessDeniedError(
                    f"{exc} (this client names channel {DEFAULT_CHANNEL!r} when none is given: SouvenirClient(channel=…))"
                ) from exc
            raise

    def close(self) -> None:
        """Close the connections (when this client opened them)."""
        if self._owns:
            self.http.close()

    def __enter__(self) -> SouvenirClient:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    add_turn = _blocking(_Calls.add_turn)
    context = _blocking(_Calls.context)
    search = _blocking(_Calls.search)
    remember = _blocking(_Calls.remember)
    remember_many = _blocking(_Calls.remember_many)
    memories = _blocking(_Calls.memories)
    update = _blocking(_Calls.update)
    history = _blocking(_Calls.history)
    forget = _blocking(_Calls.forget)
    pin = _blocking(_Calls.pin)
    profile = _blocking(_Calls.profile)
    export_user = _blocking(_Calls.export_user)
    delete_user = _blocking(_Calls.delete_user)
    forgotten = _blocking(_Calls.forgotten)
    users = _blocking(_Calls.users)
    timezone = _blocking(_Calls.timezone)
    set_timezone = _blocking(_Calls.set_timezone)
    diagnostics = _blocking(_Calls.diagnostics)


class AsyncSouvenirClient:
    """:class:`SouvenirClient` for asyncio (an :class:`httpx.AsyncClient`): the same methods,
    awaited."""

    def __init__(
        self,
        base_url: str = "http://127.0.0.1:8765",
        *,
        api_key: str | None = None,
        channel: str = DEFAULT_CHANNEL,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT_S,
        http: httpx.AsyncClient | None = None,
    ) -> None:
        self._calls = _Calls(channel)
        self._owns = http is None
        self.http = http or httpx.AsyncClient(base_url=base_url, headers=_headers(api_key), timeout=timeout)

    async def _send(self, call: _Call[R]) -> R:
        try:
            response = await self.http.request(call.method, call.path, json=call.json, params=call.params)
        except httpx.HTTPError as exc:
            raise ServiceUnreachableError(_unreachable(self.http.base_url, call, exc)) from exc
        try:
            return _answer(call, response)
        except AccessDeniedError as exc:
            if self._calls.channel == DEFAULT_CHANNEL and f"reach channel {DEFAULT_CHANNEL!r}" in str(exc):
                raise AccessDeniedError(
                    f"{exc} (this client names channel {DEFAULT_CHANNEL!r} when none is given: SouvenirClient(channel=…))"
                ) from exc
            raise

    async def close(self) -> None:
        """Close the connections (when this client opened them)."""
        if self._owns:
            await self.http.aclose()

    async def __aenter__(self) -> AsyncSouvenirClient:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    add_turn = _awaited(_Calls.add_turn)
    context = _awaited(_Calls.context)
    search = _awaited(_Calls.search)
    remember = _awaited(_Calls.remember)
    remember_many = _awaited(_Calls.remember_many)
    memories = _awaited(_Calls.memories)
    update = _awaited(_Calls.update)
    history = _awaited(_Calls.history)
    forget = _awaited(_Calls.forget)
    pin = _awaited(_Calls.pin)
    profile = _awaited(_Calls.profile)
    export_user = _awaited(_Calls.export_user)
    delete_user = _awaited(_Calls.delete_user)
    forgotten = _awaited(_Calls.forgotten)
    users = _awaited(_Calls.users)
    timezone = _awaited(_Calls.timezone)
    set_timezone = _awaited(_Calls.set_timezone)
    diagnostics = _awaited(_Calls.diagnostics)
