"""``souvenir users``: a channel's users, the ids other commands take as ``--user``."""

from __future__ import annotations

import json
import sys
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from souvenir.ground.errors import SouvenirError
from souvenir.schemas import DEFAULT_CHANNEL

console = Console(width=None if sys.stdout.isatty() else 160, markup=False, emoji=False)


def users(
    ctx: typer.Context,
    channel: str = typer.Option(DEFAULT_CHANNEL, help="Channel whose users to list."),
    limit: int = typer.Option(100, help="At most this many (1 to 1000), first known first."),
    cursor: Optional[str] = typer.Option(None, help="The next page's cursor a previous call printed."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """List a channel's users with their active memories: the ids `--user` takes."""
    from souvenir.cli.common import _fail, _store_only

    try:
        page = _store_only(ctx).users(channel=channel, limit=limit, cursor=cursor)
    except SouvenirError as exc:
        _fail(exc)
        return
    if as_json:
        sys.stdout.write(json.dumps(page.model_dump(mode="json"), ensure_ascii=False, indent=2) + "\n")
        return
    if not page.users:
        console.print(
            f"no user in channel {channel!r}" + ("" if cursor else ": `souvenir users --channel C` for another")
        )
        return
    count = len(page.users)
    table = Table(title=f"{count} user{'' if count == 1 else 's'} in channel {channel!r}")
    for col in ("user", "memories", "first seen"):
        table.add_column(col, overflow="fold")
    for u in page.model_dump(mode="json")["users"]:  # times as JSON writes them: …Z
        table.add_row(u["user"], str(u["memories"]), u["created_at"])
    console.print(table)
    if page.next_cursor:
        console.print(f"more: --cursor {page.next_cursor}")
