"""``souvenir pin|forget|forgotten|export|delete-user``: acts on one user's data, by hand
(split from ``cli/main.py``, session 19)."""

from __future__ import annotations

import json
import shlex
import sys
from typing import TYPE_CHECKING
from pathlib import Path

import typer

from souvenir.cli.common import (
    CHANNEL_HELP,
    _fail,
    _memory,
    add_channel_hint,
    console,
    hint_unknown,
    private_stdout,
    write_private,
)
from souvenir.ground.errors import SouvenirError, UnknownError
from souvenir.schemas import DEFAULT_CHANNEL

if TYPE_CHECKING:  # opened by the command that needs it: `souvenir --help` stays light
    from souvenir.library import Souvenir


def _unknown_user(memory: Souvenir, exc: UnknownError, channel: str, user: str) -> UnknownError:
    """The library's error for an unknown user, with the option that reaches the channel
    where the user exists (``: add --channel C``); for an unknown memory ("no memory 7 for
    user api:ann"), the command that lists the user's memories and their ids."""
    message = add_channel_hint(str(exc), memory, channel, user)
    if message.startswith("no memory ") and "--channel" not in message:
        listing = ["souvenir", "memories", "--user", user] + (
            ["--channel", channel] if channel != DEFAULT_CHANNEL else []
        )
        message += f": `{shlex.join(listing)}` lists their ids"
    return UnknownError(message)


def _user_command(ctx: typer.Context, action, channel: str, user: str, as_json: bool = True):
    """Run ``action(memory)`` for ``channel:user``; an unknown user's error names the channels
    where ``user`` exists, with the option that reaches it."""
    memory = _memory(ctx)
    try:
        result = action(memory)
    except UnknownError as exc:
        _fail(_unknown_user(memory, exc, channel, user))
        return None
    except SouvenirError as exc:
        _fail(exc)
        return None
    if as_json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=2, default=str) + "\n")
    return result


def pin(
    ctx: typer.Context,
    memory_id: int = typer.Argument(..., help="Memory id."),
    user: str = typer.Option(..., help="User id."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
    off: bool = typer.Option(False, "--off", help="Unpin instead."),
) -> None:
    """Pin a memory by hand (or unpin it with --off)."""
    memory = _user_command(
        ctx, lambda m: m.pin(user, memory_id, not off, channel=channel), channel, user, as_json=False
    )
    console.print(f"memory {memory_id} {'pinned' if memory.pinned else 'unpinned'}")


def forget(
    ctx: typer.Context,
    memory_id: int = typer.Argument(..., help="Memory id."),
    user: str = typer.Option(..., help="User id."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
) -> None:
    """Forget one memory (an explicit act): no text of it stays anywhere.

    Its text, past wordings, vectors and every stored text that carries it go; a textless
    tombstone (status 'deleted') stays for counts."""
    _user_command(ctx, lambda m: m.forget(user, memory_id, channel=channel), channel, user, as_json=False)
    console.print(f"memory {memory_id} deleted")


def forgotten(
    ctx: typer.Context,
    user: str = typer.Option(..., help="User id."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
    min_candidate: int = typer.Option(10, help="Times a candidate, at least."),
) -> None:
    """Memories that were candidates many times and never served (JSON)."""
    found = _user_command(
        ctx, lambda m: m.forgotten(user, min_candidate=min_candidate, channel=channel), channel, user, as_json=False
    )
    sys.stdout.write(
        json.dumps([m.model_dump(mode="json") for m in found.memories], ensure_ascii=False, indent=2) + "\n"
    )
    hint_unknown(found.unknown_user, _memory(ctx), channel, user)  # on stderr: stdout stays the JSON list
    if not found.memories and not found.unknown_user:
        sys.stderr.write(f"none: no active memory was a candidate {min_candidate}+ times and never served\n")


def export(
    ctx: typer.Context,
    user: str = typer.Option(..., help="User id."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
    out: Path | None = typer.Option(None, "--out", help="Write the JSON to this file (mode 0600) instead of stdout."),
) -> None:
    """Print everything stored about a user as JSON (a new file it is redirected to is made 0600)."""
    if out is None:
        private_stdout()  # `> user.json` holds a person's every memory: its owner's alone
    result = _user_command(
        ctx, lambda m: m.export_user(user, channel=channel).model_dump(mode="json"), channel, user, as_json=out is None
    )
    try:
        if out is not None:
            write_private(out, json.dumps(result, ensure_ascii=False, indent=2, default=str) + "\n")
    except OSError as exc:
        _fail(ValueError(f"cannot write {out}: {exc.strerror or exc}"))


def delete_user(
    ctx: typer.Context,
    user: str = typer.Option(..., help="User id."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
    yes: bool = typer.Option(False, "--yes", help="Confirm: nothing of the user remains."),
) -> None:
    """Delete a user and everything derived from them (vectors, counters, history, profile)."""
    if not yes:
        _fail(ValueError("deleting a user cannot be undone: add --yes"))
    _user_command(ctx, lambda m: m.delete_user(user, channel=channel).deleted, channel, user)
