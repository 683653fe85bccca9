"""An MCP server (Model Context Protocol, the official ``mcp`` SDK) over the library:
``souvenir mcp`` gives an agent five tools on one store.

================  ==========================================================================
tool              what it does
================  ==========================================================================
``remember``      write one memory through the write path (filters, dedup, merge)
``context``       the memories for the user's new message, each with why; ``block`` for the
                  system prompt (a turn: the forgetting counters move)
``search``        the user's memories ranked for a query, filtered; no counter moves
``forget``        delete one memory of the user
``list``          one page of the user's memories, oldest first
================  ==========================================================================

Each tool takes the user's id (``user``; default the server's ``--user``) and answers the
models of :mod:`souvenir.schemas` as structured content. A refused call is an error result
that says why, as the REST service's 4xx/503 would (``no memory 7 for user api:ann``, ``text:
text is empty``); only a crash is reported as the SDK's bare "Error executing tool". ``remember`` writes the kinds the
model may propose (fact, preference, promise, episode), never a ``rule``: an agent's tool call
can be steered by what a user typed, and a rule is every later context's instruction.

Transports: ``stdio`` (the agent starts ``souvenir mcp`` itself; local, no key) and
streamable HTTP (``--transport http``, path ``/mcp``, loopback only) behind the REST
service's :class:`~souvenir.api.auth.GuardMiddleware`: once the store has API keys, a request
needs ``Authorization: Bearer KEY`` (401) of a key reaching the server's channel (403);
without keys, loopback clients only, localhost ``Host`` names, no cross-origin browser
request, JSON bodies.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field

from souvenir.errors import InputError, StoreBusyError
from souvenir.library import Souvenir
from souvenir.schemas import (
    ContextPublic, KindName, MemoriesPublic, MemoryDeleted, RowId, ScopeName, SearchResults, WritePublic,
)

__all__ = ["LOOPBACK", "TOOLS", "build_server", "http_app"]

#: The tools' names, in the order they are listed.
TOOLS = ("remember", "context", "search", "forget", "list")
#: Hosts the HTTP transport may bind.
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})

#: What ``remember`` writes: the kinds a model may propose (as reflection), never a rule.
_Proposed = Literal["fact", "preference", "promise", "episode"]
_User = Annotated[str | None, Field(description="The user's id on the channel; default the server's --user.",
                                    max_length=256)]
_Story = Annotated[str | None, Field(description="The current story (thread, role-play), if any.", max_length=256)]


@contextmanager
def _reasons() -> Iterator[None]:
    """Turn the caller's errors into :class:`ToolError`, whose text the agent reads: bad
    input or an unknown user/memory (REST's 422/404) and a busy store (503). Anything else
    stays a crash: the SDK logs it and answers without its text."""
    try:
        yield
    except InputError as exc:
        raise ToolError(str(exc)) from exc
    except StoreBusyError as exc:
        raise ToolError(f"store unavailable, nothing written: {exc}") from exc


def build_server(memory: Souvenir, user: str | None = None) -> MCPServer[Any]:
    """The MCP server of ``memory``'s store; ``user``: the default user of every tool."""
    server: MCPServer[Any] = MCPServer(
        name="souvenir", version="0.1.0",
        instructions="Long-term memory about the user. Call `context` with the user's new message "
                     "before answering and put its `block` in your instructions; call `remember` "
                     "for a durable fact the user states about themselves.")

    def who(given: str | None) -> str:
        if given:
            return given
        if user:
            return user
        raise InputError("no user: pass 'user' (this server was started without --user)")

    @server.tool(name="remember", description="Write one durable memory about the user through "
                 "Souvenir's write path (secrets dropped, duplicates merged). Returns what was done.")
    def remember(text: Annotated[str, Field(description="The memory, a short sentence about the user.")],
                 kind: Annotated[_Proposed, Field(description="fact, preference, promise or episode.")] = "fact",
                 scope: Annotated[ScopeName, Field(description="global, or story (needs 'story').")] = "global",
                 story: _Story = None, user: _User = None) -> WritePublic:
        with _reasons():
            return memory.remember(who(user), text, kind=kind, scope=scope, story=story)

    @server.tool(name="context", description="The memories that fit the user's new message (24 at "
                 "most), each with why it was chosen, and `block`: text to put in the system prompt.")
    def context(message: Annotated[str, Field(description="The user's new message.")],
                story: _Story = None, user: _User = None) -> ContextPublic:
        with _reasons():
            return memory.context(who(user), message, story=story)

    @server.tool(name="search", description="The user's memories ranked for a query (best first), "
                 "optionally filtered by kind, scope and date; does not count as a turn.")
    def search(query: Annotated[str, Field(description="What to look for.")],
               kind: Annotated[list[KindName] | None, Field(description="Only these kinds.")] = None,
               scope: Annotated[ScopeName | None, Field(description="Only global or only story memories.")] = None,
               since: Annotated[datetime | None, Field(description="Only memories dated at or after this.")] = None,
               until: Annotated[datetime | None, Field(description="Only memories dated before this.")] = None,
               limit: Annotated[int, Field(ge=1, le=100, description="Most results.")] = 10,
               story: _Story = None, user: _User = None) -> SearchResults:
        with _reasons():
            return memory.search(who(user), query, kind=list(kind) if kind else None, scope=scope,
                                 story=story, since=since, until=until, limit=limit)

    @server.tool(name="forget", description="Delete one of the user's memories by its id.")
    def forget(memory_id: Annotated[RowId, Field(description="The memory's id.")],
               user: _User = None) -> MemoryDeleted:
        with _reasons():
            return memory.forget(who(user), memory_id)

    @server.tool(name="list", description="One page of the user's memories, oldest first; pass "
                 "`next_cursor` back as `cursor` for the next page.")
    def list_memories(limit: Annotated[int, Field(ge=1, le=1000, description="Most memories.")] = 100,
                      cursor: Annotated[str | None, Field(description="From a previous page.")] = None,
                      user: _User = None) -> MemoriesPublic:
        with _reasons():
            return memory.memories(who(user), limit=limit, cursor=cursor)

    return server


def http_app(memory: Souvenir, user: str | None = None, host: str = "127.0.0.1"):
    """The streamable HTTP app (path ``/mcp``) behind the REST service's guard: keys of the
    store in force (401/403 as on REST, the key must reach ``memory.channel``), or the open
    loopback mode's checks when it has none. Returns an ASGI app; its lifespan starts and
    stops the key ring."""
    from contextlib import asynccontextmanager

    from souvenir.api.auth import GuardMiddleware, send_error
    from souvenir.api.keys import KeyRing

    inner = build_server(memory, user).streamable_http_app(streamable_http_path="/mcp", host=host)
    keyring = KeyRing(memory.runtime.store)
    channel = memory.channel

    async def scoped(scope, receive, send) -> None:
        principal = scope.get("state", {}).get("principal")
        if scope["type"] == "http" and (principal is None or not principal.reaches(channel)):
            await send_error(send, scope.get("path", ""), 403, f"this key does not reach channel {channel!r}")
            return
        await inner(scope, receive, send)

    guarded = GuardMiddleware(scoped, keyring, memory.runtime.settings.allowed_hosts,
                              memory.runtime.settings.max_body_bytes)
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

        uvicorn.run(http_app(memory, user, host), host=host, port=port, log_level="info")
    else:
        raise InputError(f"transport must be stdio or http, not {transport!r}")
