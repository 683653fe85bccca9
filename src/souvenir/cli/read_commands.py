"""``souvenir context|memories|history|chat``: what the store holds and what a turn reads
(split from ``cli/main.py``, session 19)."""

from __future__ import annotations

import json
import sys
from typing import Optional, cast

import typer
from rich.markup import escape
from rich.table import Table

from souvenir.cli.one_user import _unknown_user
from souvenir.cli.write_commands import _index_now
from souvenir.cli.common import (
    CHANNEL_HELP,
    _fail,
    _memory,
    _settings,
    add_turn_waiting,
    console,
    counted,
    err,
    hint_unknown,
    reflect_before_exit,
)
from souvenir.ground.errors import SouvenirError, TextError, UnknownError
from souvenir.ground.limits import check_text
from souvenir.schemas import DEFAULT_CHANNEL, MemoryPublic, StatusFilter
from souvenir.ground.timezones import local_day


def context(
    ctx: typer.Context,
    message: str = typer.Argument(..., help="The user's new message."),
    user: str = typer.Option(..., help="User id."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
    story: Optional[str] = typer.Option(None, help="Current story."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    count: bool = typer.Option(False, "--count", help="Move the forgetting counters, as a real turn does."),
) -> None:
    """Show the memories Souvenir would put in the context of MESSAGE, and why.

    A look, not a turn: the forgetting counters move only with --count."""
    try:
        memory = _memory(ctx)
        _index_now(memory, quiet=as_json, must=False)
        result = memory.context(user, message, story=story, channel=channel, count=count)
    except SouvenirError as exc:
        _fail(exc)
        return
    if as_json:
        sys.stdout.write(json.dumps(result.model_dump(mode="json"), ensure_ascii=False, indent=2) + "\n")
        return
    hint_unknown(result.unknown_user, memory, channel, user)
    table = Table(
        title=f"{counted(len(result.memories), 'memory')}"
        + (f" and {counted(len(result.rules), 'rule')}" if result.rules else "")
        + f" for {channel}:{user}"
        + (f" (degraded: {result.degraded_cause})" if result.degraded else "")
    )
    for col in ("reason", "pass", "score", "kind", "source", "text"):
        table.add_column(col, overflow="fold")
    for sel in list(result.rules) + list(result.memories):
        table.add_row(
            sel.reason,
            sel.pass_name,
            "" if sel.score is None else f"{sel.score:.3f}",
            sel.kind,
            sel.source or "",
            sel.text,
        )
    console.print(table)


def memories(
    ctx: typer.Context,
    user: str = typer.Option(..., help="User id."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
    status: str = typer.Option("active", help="active, superseded, deleted or all."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """List a user's memories.

    The table's date is the user's day of the memory's last update, in the profile's time
    zone, as a context's block prints it."""
    if status not in ("active", "superseded", "deleted", "all"):
        _fail(ValueError("--status must be active, superseded, deleted or all"))
    try:
        memory = _memory(ctx)
        found: list[MemoryPublic] = []
        cursor: str | None = None
        while True:
            page = memory.memories(user, status=cast(StatusFilter, status), cursor=cursor, limit=1000, channel=channel)
            found += page.memories
            if page.next_cursor is None:
                break
            cursor = page.next_cursor
        note = page.unknown_user if not found else None
        tz = None if note else memory.timezone(user, channel=channel).tz
    except SouvenirError as exc:
        _fail(exc)
        return
    if as_json:
        rows = [m.model_dump(mode="json") for m in found]
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return
    hint_unknown(note, memory, channel, user)
    table = Table(title=f"{counted(len(found), 'memory')} of {channel}:{user}")
    for col in ("id", "kind", "scope", "status", "date", "source", "text"):
        table.add_column(col, overflow="fold")
    for m in found:
        day = local_day(m.updated_at, tz)
        table.add_row(str(m.id), m.kind, m.scope, m.status, day.isoformat() if day else "", m.source or "", m.text)
    console.print(table)


def history(
    ctx: typer.Context,
    memory_id: int = typer.Argument(..., help="Memory id."),
    user: str = typer.Option(..., help="User id."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
) -> None:
    """Show a memory's chain: replaced and absorbed wordings, what it superseded."""
    library = _memory(ctx)
    try:
        found = library.history(user, memory_id, channel=channel)
    except UnknownError as exc:
        _fail(_unknown_user(library, exc, channel, user))
        return
    except SouvenirError as exc:
        _fail(exc)
        return
    memory = found.memory
    console.print(
        f"memory {memory.id} [{memory.status}] {memory.text!r} "
        f"(since {memory.updated_at.date() if memory.updated_at else '?'})"
    )
    for entry in found.history:
        said = entry.said_at.date().isoformat() if entry.said_at else "?"
        recorded = entry.recorded_at.date().isoformat() if entry.recorded_at else "?"
        console.print(f"  {entry.event}: {entry.text!r} said {said}, recorded {recorded}")


def chat(
    ctx: typer.Context,
    user: str = typer.Option(..., help="User id."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
    story: Optional[str] = typer.Option(None, help="Current story."),
) -> None:
    """Chat in the terminal through Souvenir: each reply shows the memories it was given.

    Needs a chat model (SOUVENIR_LLM_BASE_URL); without one, shows the selection only.
    Empty line or end of input quits."""
    from souvenir.library import Souvenir

    memory = Souvenir.open(_settings(ctx), background=True)
    ctx.call_on_close(memory.close)
    if memory.chat_model is None:
        err.print(
            "no chat model (set SOUVENIR_LLM_BASE_URL and SOUVENIR_LLM_MODEL): each message "
            "shows its selection and is recorded, with no reply"
        )
    try:
        while True:
            try:
                message = input("you> ").strip()
            except EOFError:
                break
            if not message:
                break
            try:  # one bad line (a paste over 16 KiB) is said and skipped: the chat goes on
                check_text(message, "message")
            except TextError as exc:
                err.print(f"error: {escape(str(exc))}: this line is not sent nor recorded")
                continue
            result = memory.context(user, message, story=story, channel=channel)
            reply = None
            if memory.chat_model is not None:
                messages = [{"role": "system", "content": result.block or "You are a helpful assistant."}]
                for turn in result.history:
                    messages.append({"role": "user", "content": turn.message})
                    if turn.reply:
                        messages.append({"role": "assistant", "content": turn.reply})
                messages.append({"role": "user", "content": message})
                try:
                    reply = memory.complete(messages)
                except SouvenirError as exc:
                    err.print(f"[yellow]model unavailable:[/yellow] {escape(str(exc))}")
            if reply is None:
                reply = (
                    "(no reply: no chat model)" if memory.chat_model is None else "(no reply: the model failed, above)"
                )
            console.print(f"bot> {reply}", markup=False)
            used = [f"  · {s.pass_name}: {s.text[:100]}" for s in list(result.rules) + list(result.memories)]
            console.print(
                f"  memories used ({len(result.memories)}):" + ("\n" + "\n".join(used) if used else " none"),
                markup=False,
                highlight=False,
            )
            add_turn_waiting(memory, user, message, reply, story=story, channel=channel)
    except SouvenirError as exc:
        _fail(exc)
    reflect_before_exit(memory, channel, user)
