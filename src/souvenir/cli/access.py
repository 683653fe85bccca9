"""``souvenir keys create|list|revoke``: the service's API keys (the CLI itself needs none).

Kept in the store named by ``--db`` / ``SOUVENIR_DATABASE_URL`` (only each key's SHA-256);
a running service picks a change up within a second.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Optional

import typer
from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape

from souvenir.ground.errors import SouvenirError

if TYPE_CHECKING:  # opened by the command that needs it: `souvenir --help` stays light
    from souvenir.library import Souvenir

keys_app = typer.Typer(
    help="API keys of the REST service, the proxy and the MCP HTTP transport (only their hashes are kept).",
    no_args_is_help=True,
)
_err = Console(stderr=True, emoji=False)


def _store(ctx: typer.Context) -> Souvenir:
    from souvenir.cli.common import _store_only

    try:
        return _store_only(ctx)
    except (SouvenirError, ValueError) as exc:
        _err.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(2) from exc


@keys_app.command("create")
def create(
    ctx: typer.Context,
    name: Optional[str] = typer.Option(None, help="A name for the key (who or what uses it). Required."),
    admin: bool = typer.Option(
        False, "--admin", help="Reaches every user, rules, /metrics and service-wide diagnostics."
    ),
    channel: Optional[list[str]] = typer.Option(
        None, "--channel", help="A channel (tenant) the key reaches; repeat for several."
    ),
) -> None:
    """Create a key and print it once: it cannot be shown again (only its hash is kept).

    Every key has a name and a scope: `souvenir keys create --name mybot --admin` (every
    channel), or `--channel api` (that channel's users; repeat for several)."""
    if not name or (not admin and not channel):
        missing = " and ".join(
            part for part, absent in (("a --name", not name), ("a scope", not admin and not channel)) if absent
        )
        _err.print(
            f"[red]error:[/red] a key needs {missing}: `souvenir keys create --name mybot --admin` (every "
            "channel), or `--channel api` instead of --admin (that channel's users; repeat for several)"
        )
        raise typer.Exit(2)
    store = _store(ctx)
    try:
        key, row = store.create_key(name, admin=admin, channels=channel or [])
    except SouvenirError as exc:
        _err.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(2) from exc
    reach = "admin: every channel" if row.admin else "channels: " + ", ".join(row.channels)
    _err.print(
        f"key {row.id} {escape(row.name)!s} ({escape(reach)}). Keep it now, it is not "
        "shown again; send it as 'Authorization: Bearer KEY':"
    )
    print(key)


@keys_app.command("list")
def list_(ctx: typer.Context, as_json: bool = typer.Option(False, "--json", help="JSON output.")) -> None:
    """Every key: id, name, first characters, scope, created, revoked."""
    rows = [k.model_dump(mode="json") for k in _store(ctx).keys()]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not rows:
        _err.print(
            "no key yet: the service runs keyless, on loopback only. Create one with "
            "'souvenir keys create --name NAME --channel CHANNEL' (or --admin)"
        )
        return
    lines = [("id", "name", "starts", "reaches", "created", "revoked")] + [
        (
            str(r["id"]),
            r["name"],
            r["prefix"] + "…",
            "admin" if r["admin"] else ",".join(r["channels"]),
            r["created_at"],  # ISO 8601 UTC, ``…Z``, as every time a face prints
            r["revoked_at"] or "",
        )
        for r in rows
    ]
    for line in aligned(lines):
        print(line)


def aligned(rows: list[tuple[str, ...]]) -> list[str]:
    """``rows`` as lines of columns padded to their widest cell, two spaces apart: nothing is
    cut or wrapped whatever the terminal's width or a pipe's (a wide line wraps on screen and
    stays whole in a file), and names, prefixes and times can be copied as printed."""
    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(rows[0]))]  # 客服 is 4 columns wide
    return [
        "  ".join(cell + " " * (width - cell_len(cell)) for cell, width in zip(row, widths)).rstrip() for row in rows
    ]


@keys_app.command("revoke")
def revoke(ctx: typer.Context, key: str = typer.Argument(..., help="The key's id or name.")) -> None:
    """Revoke a key (a running service refuses it within a second)."""
    store = _store(ctx)
    try:
        found = store.revoke_key(key)
    except SouvenirError as exc:  # one key has that id, another that name
        _err.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(2) from exc
    if found is None:
        _err.print(f"[red]error:[/red] no active key with id or name {escape(key)!s}")
        raise typer.Exit(2)
    _err.print(f"revoked key {found.id} {escape(found.name)}")
    if not store.active_keys():
        _err.print(
            "no active key is left: the service now refuses every request but /health "
            "until a key is created (it does not reopen the keyless mode)"
        )
