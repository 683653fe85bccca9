"""An MCP server (Model Context Protocol, the official ``mcp`` SDK) over the library:
``souvenir mcp`` gives an agent five tools on one store, named after the library's methods.

================  ==========================================================================
tool              what it does (the :class:`~souvenir.library.Souvenir` method it calls)
================  ==========================================================================
``remember``      write one memory through the write path (filters, dedup, merge)
``context``       the memories for the user's new message, each with why; ``block`` for the
                  system prompt (a turn: the forgetting counters move)
``search``        the user's memories ranked for a query, filtered; no counter moves
``memories``      one page of the user's memories, oldest first
``forget``        forget one memory of the user
================  ==========================================================================

**The user.** ``souvenir mcp --user ann`` pins every tool to ``ann``: the tools then have no
``user`` argument, and a call that names one is refused (what a user typed cannot steer the
agent to another user's memories). Without ``--user`` each call names its ``user``. Users are
those of the server's channel (``--channel``, default ``api`` as every face's).

**Answers.** The models of :mod:`souvenir.schemas` as structured content. A refused call is an
error result of one readable sentence, as the REST service's 4xx/503 would say (``no memory 7
for user api:ann``, ``bad arguments for search: limit must be at most 100``); only a crash
is reported as the SDK's bare "Error executing tool". ``remember`` writes the kinds the model
may propose (fact, preference, promise, episode), never a ``rule``.

**Who may call.** Every tool passes the scope checks of :mod:`souvenir.api.scopes`, the ones
the REST routes make: over HTTP the request's API key must reach the server's channel, and a
channel key may not forget a rule (403 on REST, an error result here); a stdio session is the
local user who started it (no key, as the CLI).

Transports: ``stdio`` (the agent starts ``souvenir mcp`` itself) and streamable HTTP
(``--transport http``, path ``/mcp``, loopback only) behind the REST service's
:class:`~souvenir.api.auth.GuardMiddleware`: once the store has API keys, a request needs
``Authorization: Bearer KEY`` (401); without keys, loopback clients only, localhost ``Host``
names, no cross-origin browser request, JSON bodies.
"""

from __future__ import annotations

import functools
import inspect
import logging
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Annotated, Any, Literal

import anyio.to_thread
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.context import Context
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BeforeValidator, Field, ValidationError

from souvenir.api import scopes
from souvenir.api.keys import LOCAL, Principal
from souvenir.ground.errors import AccessDeniedError, InputError, StoreBusyError
from souvenir.library import Souvenir
from souvenir.library.user_data import HINT_CHANNELS
from souvenir.mcp.stdio import REFUSED, BoundedLines
from souvenir.schemas.wire import no_bool
from souvenir.ground.limits import MAX_PAGE, MAX_PROMPT_MESSAGES, MAX_TEXT_BYTES
from souvenir.schemas import (
    ContextPublic,
    KindName,
    MemoriesPublic,
    MemoryDeleted,
    RowId,
    ScopeName,
    SearchResults,
    StatusFilter,
    WritePublic,
)

__all__ = ["LOOPBACK", "TOOLS", "build_server", "http_app", "readable"]

#: The tools' names (the library's methods they call), in the order they are listed.
TOOLS = ("remember", "context", "search", "memories", "forget")
#: Hosts the HTTP transport may bind.
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})

#: What ``remember`` writes: the kinds a model may propose (as reflection), never a rule.
_Proposed = Literal["fact", "preference", "promise", "episode"]
_User = Annotated[str, Field(description="The user's id on the server's channel.", min_length=1, max_length=256)]
_Story = Annotated[str | None, Field(description="The current story (thread, role-play), if any.", max_length=256)]


log = logging.getLogger(__name__)


#: A count: a whole number (a float with a fraction, a boolean refused: schemas.wire.no_bool).
_Whole = BeforeValidator(no_bool)


def readable(tool: str, exc: ValidationError) -> str:
    """One sentence for a tool's bad arguments: each field and what is wrong with it, never the
    value sent nor pydantic's links."""
    parts = []
    for error in exc.errors(include_url=False, include_input=False):
        field = ".".join(str(p) for p in error.get("loc", ())) or "arguments"
        if error.get("type") == "missing":
            parts.append(f"'{field}' is required")
        else:
            parts.append(f"'{field}': {str(error.get('msg', 'invalid')).removeprefix('Value error, ')}")
    return f"bad arguments for {tool}: {'; '.join(parts)}"


@contextmanager
def _reasons(principal: Principal = LOCAL) -> Iterator[None]:
    """Turn the caller's errors into :class:`ToolError`, whose text the agent reads: bad
    input or an unknown user/memory (REST's 422/404), a refused scope (403) and a busy store
    (503: its cause — a file path, a server's address — to an admin key or a local session
    only, as on REST; logged). Anything else stays a crash: the SDK logs it and answers
    without its text."""
    try:
        yield
    except (InputError, AccessDeniedError) as exc:
        raise ToolError(str(exc)) from exc
    except StoreBusyError as exc:
        if principal.admin:
            raise ToolError(f"store unavailable, nothing written: {exc}") from exc
        log.warning("store unavailable (a tool call refused): %s", exc)
        raise ToolError("store unavailable (locked, unreachable or read-only), nothing written: retry later") from exc


def _principal(ctx: Context) -> Principal:
    """Who calls: the API key the HTTP guard found on the request, or the local user of a
    stdio session. Over HTTP without a principal (no guard), nobody: every check refuses."""
    try:
        request = ctx.request_context.request
    except ValueError:  # no request context: a call from inside this process
        return LOCAL
    if request is None:  # stdio: the user who started `souvenir mcp`
        return LOCAL
    principal = request.scope.get("state", {}).get("principal")
    return principal if isinstance(principal, Principal) else Principal("nobody")


class _Server(MCPServer[Any]):
    """The SDK's server with Souvenir's errors: one sentence for bad arguments (the SDK's is
    pydantic's multi-line dump with documentation links), a refusal's own sentence without the
    SDK's "Error executing tool" prefix, and ``user`` refused when the server is pinned."""

    def __init__(self, pinned: str | None, max_line_bytes: int = 1_048_576, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pinned = pinned
        #: Each tool's argument names, in order (``_register`` fills it).
        self.arguments: dict[str, list[str]] = {}
        #: The longest request line the stdio transport reads (:mod:`souvenir.mcp.stdio`).
        self.max_line_bytes = max_line_bytes

    async def run_stdio_async(self) -> None:
        """The SDK's stdio transport, its input read by :class:`~souvenir.mcp.stdio.BoundedLines`
        (bounded lines, strict UTF-8, a refused line answered by its id)."""
        from mcp.server.stdio import stdio_server

        lines = BoundedLines(sys.stdin.buffer, self.max_line_bytes)
        async with stdio_server(stdin=lines) as (read, write):  # type: ignore[arg-type]
            await self._lowlevel_server.run(read, write, self._lowlevel_server.create_initialization_options())

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context | None = None) -> Any:
        if name == REFUSED:  # a line the stdio input refused (mcp_stdin): its reason is the answer
            raise ToolError(str((arguments or {}).get("reason", "the request was refused")))
        if self.pinned is not None and "user" in (arguments or {}):
            raise ToolError(f"this server is pinned to one user (souvenir mcp --user): {name} takes no 'user'")
        known = self.arguments.get(name)
        unknown = [arg for arg in (arguments or {}) if known is not None and arg not in known]
        if unknown and known is not None:  # the SDK ignores them: forget {"id": 7} said only "'memory_id' is required"
            names = ", ".join(repr(arg) for arg in unknown)
            verb = "is not one of its arguments" if len(unknown) == 1 else "are not among its arguments"
            raise ToolError(f"bad arguments for {name}: {names} {verb} ({', '.join(known)})")
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                raise ToolError(readable(name, exc.__cause__)) from None
            if isinstance(exc.__cause__, ToolError):  # ours, raised by the tool: its sentence alone
                raise ToolError(str(exc.__cause__)) from None
            raise


def _register(server: _Server, name: str, description: str, body: Callable[..., Any]) -> None:
    """Register ``body(principal, user, **arguments)`` as tool ``name``: its arguments are
    those of ``body`` after the first two, plus ``user`` unless the server is pinned. The
    body runs in a worker thread (the store's work never holds the event loop)."""
    sig = inspect.signature(body, eval_str=True)
    params = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in list(sig.parameters.values())[2:]]
    if server.pinned is None:
        params.append(inspect.Parameter("user", inspect.Parameter.KEYWORD_ONLY, annotation=_User))
    params.append(inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context))
    pinned = server.pinned

    async def call(**arguments: Any) -> Any:
        principal = _principal(arguments.pop("ctx"))
        user = pinned if pinned is not None else arguments.pop("user")
        token = HINT_CHANNELS.set(scopes.hint_channels(principal))  # no other tenant's users named
        try:
            with _reasons(principal):
                return await anyio.to_thread.run_sync(functools.partial(body, principal, user, **arguments))
        finally:
            HINT_CHANNELS.reset(token)

    call.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    call.__annotations__ = {p.name: p.annotation for p in params} | {"return": sig.return_annotation}
    call.__name__ = call.__qualname__ = name
    call.__doc__ = description
    server.arguments[name] = [p.name for p in params if p.name != "ctx"]
    server.tool(name=name, description=description)(call)


def build_server(memory: Souvenir, user: str | None = None) -> MCPServer[Any]:
    """The MCP server of ``memory``'s store and channel; ``user`` pins every tool to that user
    (the tools then take no ``user``)."""
    server = _Server(
        user,
        memory.settings.max_body_bytes,
        name="souvenir",
        version="0.1.0",
        # The SDK logs each refused call at INFO on stderr, with its sentence ("no memory 999 for
        # user api:me"): the user's id in the host's log or a stdio client's terminal. Warnings only.
        log_level="WARNING",
        instructions="Long-term memory about the user. Call `context` with the user's new message "
        "before answering and put its `block` in your instructions; call `remember` "
        "for a durable fact the user states about themselves.",
    )
    channel = memory.channel

    def remember(
        principal: Principal,
        user: str,
        text: Annotated[str, Field(description="The memory, a short sentence about the user.")],
        kind: Annotated[_Proposed, Field(description="fact, preference, promise or episode.")] = "fact",
        scope: Annotated[ScopeName, Field(description="global, or story (needs 'story').")] = "global",
        story: _Story = None,
    ) -> WritePublic:
        scopes.reach(principal, channel)
        scopes.write_kinds(principal, {kind})
        return memory.remember(user, text, kind=kind, scope=scope, story=story)

    def context(
        principal: Principal,
        user: str,
        message: Annotated[str, Field(description="The user's new message.")],
        story: _Story = None,
        messages: Annotated[
            list[Annotated[str, Field(max_length=MAX_TEXT_BYTES)]] | None,
            Field(
                max_length=MAX_PROMPT_MESSAGES,
                description="The texts your prompt already shows (the conversation so far): "
                "a memory that is one of them word for word takes no place.",
            ),
        ] = None,
        conversation: Annotated[
            list[Annotated[str, Field(max_length=MAX_TEXT_BYTES)]] | None,
            Field(
                max_length=MAX_PROMPT_MESSAGES,
                description="The chat's turns, oldest first (what the user and you said, no system "
                "prompt nor tool output): a short message is read with its last turns. Omitted: "
                "`messages` are the turns.",
            ),
        ] = None,
    ) -> ContextPublic:
        scopes.reach(principal, channel)
        return memory.context(user, message, story=story, messages=messages, conversation=conversation)

    def search(
        principal: Principal,
        user: str,
        query: Annotated[str, Field(description="What to look for.")],
        kind: Annotated[list[KindName] | None, Field(description="Only these kinds.")] = None,
        scope: Annotated[ScopeName | None, Field(description="Only global or only story memories.")] = None,
        since: Annotated[datetime | None, Field(description="Only memories dated at or after this.")] = None,
        until: Annotated[datetime | None, Field(description="Only memories dated before this.")] = None,
        limit: Annotated[int, _Whole, Field(ge=1, le=100, description="Most results.")] = 10,
        story: _Story = None,
    ) -> SearchResults:
        scopes.reach(principal, channel)
        return memory.search(
            user,
            query,
            kind=list(kind) if kind else None,
            scope=scope,
            story=story,
            since=since,
            until=until,
            limit=limit,
        )

    def memories(
        principal: Principal,
        user: str,
        status: Annotated[StatusFilter, Field(description="active (default), superseded, deleted or all.")] = "active",
        limit: Annotated[int, _Whole, Field(ge=1, le=MAX_PAGE, description="Most memories.")] = 100,
        cursor: Annotated[str | None, Field(description="`next_cursor` of the previous page.", max_length=64)] = None,
    ) -> MemoriesPublic:
        scopes.reach(principal, channel)
        return memory.memories(user, status=status, limit=limit, cursor=cursor)

    def forget(
        principal: Principal, user: str, memory_id: Annotated[RowId, Field(description="The memory's id.")]
    ) -> MemoryDeleted:
        scopes.change_memory(principal, memory, channel, user, memory_id)
        return memory.forget(user, memory_id)

    descriptions = {
        "remember": "Write one durable memory about the user through Souvenir's write path (secrets "
        "dropped, duplicates merged). Returns what was done.",
        "context": "The memories that fit the user's new message (24 at most), each with why it was "
        "chosen, and `block`: text to put in the system prompt.",
        "search": "The user's memories ranked for a query (best first), optionally filtered by kind, "
        "scope and date; does not count as a turn.",
        "memories": "One page of the user's memories, oldest first; pass `next_cursor` back as `cursor` "
        "for the next page.",
        "forget": "Forget one of the user's memories by its id (its text leaves the store).",
    }
    bodies: dict[str, Callable[..., Any]] = {
        "remember": remember,
        "context": context,
        "search": search,
        "memories": memories,
        "forget": forget,
    }
    for name in TOOLS:
        _register(server, name, descriptions[name], bodies[name])
    return server


def http_app(memory: Souvenir, user: str | None = None, host: str = "127.0.0.1"):
    """The streamable HTTP app (path ``/mcp``) behind the REST service's guard: keys of the
    store in force (401 as on REST), a key that does not reach the server's channel refused
    before any session (403, :func:`souvenir.api.scopes.reach`), and each tool's own checks
    as the routes make them; or the open loopback mode's checks when the store has no key.
    Returns an ASGI app; its lifespan starts and stops the key ring."""
    from contextlib import asynccontextmanager

    from souvenir.api.auth import GuardMiddleware, send_error
    from souvenir.api.keys import KeyRing
    from souvenir.api.request_limits import RequestLimits

    inner = build_server(memory, user).streamable_http_app(streamable_http_path="/mcp", host=host)
    keyring = KeyRing(memory.key_table)
    channel = memory.channel

    async def reaching(scope, receive, send) -> None:
        if scope["type"] == "http":
            try:
                scopes.reach(scope.get("state", {}).get("principal") or Principal("nobody"), channel)
            except AccessDeniedError as exc:
                await send_error(send, scope.get("path", ""), 403, str(exc))
                return
        await inner(scope, receive, send)

    settings = memory.settings
    limited = RequestLimits(reaching, settings.max_concurrent_requests, settings.request_timeout_s)
    guarded = GuardMiddleware(limited, keyring, settings.allowed_hosts, settings.max_body_bytes)
    lifespan = inner.router.lifespan_context

    @asynccontextmanager
    async def with_keys(app):
        keyring.start()
        try:
            async with lifespan(app):
                yield
        finally:
            keyring.stop()

    inner.router.lifespan_context = with_keys
    return guarded


def serve(memory: Souvenir, user: str | None, transport: str, host: str, port: int) -> None:
    """Run the server until the client hangs up (stdio) or the process is stopped (HTTP).
    Raises :class:`InputError` for an unknown transport or a host beyond loopback."""
    if transport == "stdio":
        build_server(memory, user).run("stdio")
    elif transport == "http":
        if host not in LOOPBACK:
            raise InputError(f"the MCP HTTP transport binds loopback only (put a TLS proxy in front), not {host!r}")
        import uvicorn

        from souvenir.api.request_limits import server_config

        uvicorn.Server(server_config(http_app(memory, user, host), memory.settings, host, port)).run()
    else:
        raise InputError(f"transport must be stdio or http, not {transport!r}")
