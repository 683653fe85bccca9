"""``souvenir serve`` (the REST service) and ``souvenir mcp`` (the MCP server): the commands
that keep running, with their start line and the checks before they bind a port."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from souvenir.cli.common import CHANNEL_HELP, _fail, _settings
from souvenir.ground.config import Settings
from souvenir.ground.errors import SouvenirError
from souvenir.schemas import DEFAULT_CHANNEL


def serve(
    ctx: typer.Context,
    host: Optional[str] = typer.Option(None, help="Address to bind (default 127.0.0.1)."),
    port: Optional[int] = typer.Option(None, help="Port (default 8765)."),
) -> None:
    """Run the REST service (OpenAPI at /docs) with the background indexer."""
    import uvicorn

    from souvenir.api.app import create_app

    from souvenir.api.auth import bind_refusal
    from souvenir.api.request_limits import server_config
    from souvenir.cli.common import STORE_ONLY

    settings = _settings(ctx)
    host = host or settings.host
    try:
        from souvenir.library import Souvenir

        with Souvenir.open(settings, background=False, **STORE_ONLY) as plain:
            keyed = plain.keys_in_force()
            active = any(k.revoked_at is None for k in plain.keys())
    except (SouvenirError, ValueError) as exc:
        _fail(exc)
    refusal = bind_refusal(host, keyed)
    if refusal:
        _fail(ValueError(refusal))
    port = settings.port if port is None else port
    taken = _port_taken(host, port)
    if taken:
        _fail(ValueError(taken))
    print(_serve_banner(settings, host, port, keyed, active), file=sys.stderr, flush=True)
    uvicorn.Server(server_config(create_app(settings), settings, host, port)).run()


def _serve_banner(settings: Settings, host: str, port: int, keyed: bool, active: bool = True) -> str:
    """One line at start: which store, embedders and chat model this service runs with, and
    who may call it (no password of a URL in it). ``keyed``: a key was ever created;
    ``active``: one is not revoked (keyed and none active: every route but /health is refused)."""
    from souvenir.ground.urls import without_userinfo

    url = settings.database_url
    store = f"SQLite {settings.sqlite_path.resolve()}" if url.startswith("sqlite:///") else without_userinfo(url)
    embedders = " + ".join(e for e in (settings.embedder, settings.window_embedder) if e != "none") or "none"
    uses = ", ".join(
        ["reflection" + (f" ({settings.reflection_model})" if settings.reflection_model else "")]
        + (
            ["summary" + (f" ({settings.summary_model})" if settings.summary_model else "")]
            if settings.summary_enabled
            else ["no summary: SOUVENIR_SUMMARY_ENABLED=false"]
        )
        + ["the proxy on /v1/chat/completions"]
    )
    chat = (
        f"chat model {settings.llm_model or 'default'} at {without_userinfo(settings.llm_base_url)} ({uses})"
        if settings.llm_base_url
        else "no chat model (each user message is kept as an episode; the proxy is off: "
        "SOUVENIR_LLM_BASE_URL and SOUVENIR_LLM_MODEL turn it on)"
    )
    access = (
        "API keys required (Authorization: Bearer KEY)"
        if keyed and active
        else "API keys required, and every key is revoked: every request but /health is refused until "
        "`souvenir keys create --name NAME --admin` makes one"
        if keyed
        else "no API key: loopback clients only, no key needed (`souvenir keys create --name NAME --admin` before serving beyond)"
    )
    if settings.default_user and settings.llm_base_url:  # the proxy's user for a request naming none
        access += (
            f"; SOUVENIR_DEFAULT_USER={settings.default_user!r} is not used: API keys are in force (a key may serve several people)"
            if keyed
            else f"; a proxy request naming no user goes to user {settings.default_user!r} (SOUVENIR_DEFAULT_USER, "
            "while no API key exists: every loopback client is that one person)"
        )
    where = f"[{host}]" if ":" in host else host  # an IPv6 address, as a URL writes it
    from souvenir.api.auth import plain_http_warning
    from souvenir.ground.config import dotenv_report

    plain = plain_http_warning(host)
    return (
        f"souvenir: http://{where}:{port} (OpenAPI at /docs); store {store}; embedders {embedders}; {chat}; {access}; "
        + dotenv_report()
        + (f"\n{plain}" if plain else "")
    )


def _mcp_banner(settings: Settings, host: str, port: int, channel: str, user: str | None, keyed: bool) -> str:
    """One line at the start of ``souvenir mcp --transport http`` (stdio's stdout is the
    protocol's; its start says nothing): the endpoint, the store, whose memories, who may call."""
    from souvenir.ground.urls import without_userinfo

    url = settings.database_url
    store = f"SQLite {settings.sqlite_path.resolve()}" if url.startswith("sqlite:///") else without_userinfo(url)
    whom = f"pinned to user {channel}:{user}" if user else f"each call names its user of channel {channel!r}"
    access = (
        "API keys required (Authorization: Bearer KEY)"
        if keyed
        else "no API key: loopback clients only (`souvenir keys create` before putting anything in front)"
    )
    where = f"[{host}]" if ":" in host else host
    return f"souvenir mcp: http://{where}:{port}/mcp; store {store}; {whom}; {access}"


def _port_taken(host: str, port: int, retry: str = "") -> str | None:
    """Why ``host:port`` cannot be bound because another process listens there, with what to
    do (``retry``: the command with another port; ``serve``'s by default); None when it can
    (or fails otherwise: uvicorn then names the cause itself)."""
    import errno
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET  # the socket uvicorn binds
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return f"port {port} on {host} is already in use: " + (
                    retry
                    or "another `souvenir serve`? Stop it, or choose another port: `souvenir serve --port N`, "
                    "or `SOUVENIR_PORT=N make run`"
                )
    return None


def mcp_command(
    ctx: typer.Context,
    user: Optional[str] = typer.Option(
        None, help="Pin every tool to this user (the tools then take no 'user'); without it each call names its user."
    ),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
    transport: str = typer.Option(
        "stdio", help="stdio (the agent starts this command) or http (streamable HTTP on /mcp, loopback only)."
    ),
    host: str = typer.Option("127.0.0.1", help="Address the http transport binds (loopback only)."),
    port: int = typer.Option(8766, help="Port of the http transport."),
) -> None:
    """Serve Souvenir to an agent over MCP: tools remember, context, search, memories, forget."""
    try:
        from souvenir.mcp.server import serve as serve_mcp
    except ImportError as exc:
        _fail(
            ValueError(
                f"the MCP server needs the 'mcp' package: make install, or pip install '.[mcp]' in Souvenir's checkout ({exc})"
            )
        )
        return
    settings = _settings(ctx)
    if transport == "http":
        taken = _port_taken(host, port, "choose another port: `souvenir mcp --transport http --port N`")
        if taken:
            _fail(ValueError(taken))
    try:
        from souvenir.library import Souvenir

        memory = Souvenir.open(settings, channel=channel, background=True)
    except SouvenirError as exc:
        _fail(exc)
        return
    try:
        if transport == "http":  # as `serve` does: where, which store, for whom, who may call
            print(_mcp_banner(settings, host, port, channel, user, memory.keys_in_force()), file=sys.stderr, flush=True)
        serve_mcp(memory, user, transport, host, port)
    except SouvenirError as exc:
        _fail(exc)
    finally:
        memory.close()
