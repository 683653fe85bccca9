"""``souvenir replay|remember|import|index``: what goes into the store, through the write path
(split from ``cli/main.py``, session 19)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Optional, cast

import typer
from rich.markup import escape
from rich.progress import Progress, TaskID

from souvenir.cli.common import (
    CHANNEL_HELP,
    _fail,
    _memory,
    console,
    counted,
    err,
)
from souvenir.ground.errors import EmbedderError, SouvenirError
from souvenir.ground.results import ERASED_REASON
from souvenir.schemas import DEFAULT_CHANNEL, KindName, ScopeName
from souvenir.ground.timeutil import parse_time
from souvenir.ground.types import KINDS, SCOPES

if TYPE_CHECKING:  # opened by the command that needs it: `souvenir --help` stays light
    from souvenir.library import Souvenir


def _index_now(memory: Souvenir, quiet: bool = False, must: bool = True, rescan: bool = False) -> int:
    """Embed what is stale. ``must=False``: an embedder failure is a warning, not an error
    (a read degrades, it does not fail). ``rescan``: first scan the whole store for stale
    memories the queue's triggers missed (``souvenir index``)."""
    if not must:
        try:
            return _index_now(memory, quiet, rescan=rescan)
        except EmbedderError as exc:
            err.print(f"[yellow]warning:[/yellow] embedder unavailable, no semantic pass: {escape(str(exc))}")
            return 0
    with Progress(console=err, transient=True, disable=quiet or not err.is_terminal) as bar:
        tasks: dict[str, TaskID] = {}

        def advance(name: str, done: int, backlog: int) -> None:
            if name not in tasks:
                tasks[name] = bar.add_task(f"embedding with {name}", total=backlog)
            bar.update(tasks[name], completed=done)

        return memory.index(rescan=rescan, progress=advance)


def replay(
    ctx: typer.Context,
    file: Path = typer.Argument(..., exists=True, dir_okay=False, help="LoCoMo .json or chat .jsonl file."),
    user: Optional[str] = typer.Option(None, help="User id (default: the file's name, e.g. conv-26)."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
    speaker: Optional[str] = typer.Option(None, help="LoCoMo: this speaker's turns are the user's messages."),
    index: bool = typer.Option(True, help="Embed the new memories before returning."),
) -> None:
    """Replay a conversation into the store (LoCoMo JSON, or chat JSONL {user, message, reply, time})."""
    try:
        memory = _memory(ctx)
        with Progress(console=err, transient=True) as bar:
            task = bar.add_task(f"replaying {file.name}", total=None)
            results = memory.replay(
                file,
                user=user,
                speaker=speaker,
                channel=channel,
                total=lambda n: bar.update(task, total=n),
                progress=lambda n: bar.advance(task, n),
            )
        if user or file.suffix != ".jsonl":
            who = f"user {channel}:{user or file.stem}"
        else:
            who = _users_of_lines(file, channel)
        actions: dict[str, int] = {}
        for r in results:
            actions[r.action] = actions.get(r.action, 0) + 1
        embedders = " + ".join(memory.embedders) or "no embedder"
        vectors = (
            f"{_index_now(memory)} vectors computed ({embedders})"
            if index
            else f"no vectors computed yet (--no-index): `souvenir index`, or a running `souvenir serve`, "
            f"embeds them ({embedders})"
        )
        console.print(
            f"{who}: {len(results)} messages through the write path "
            f"({', '.join(f'{k} {v}' for k, v in sorted(actions.items()))}); {vectors}"
        )
    except SouvenirError as exc:
        _fail(exc)


def _users_of_lines(file: Path, channel: str, shown: int = 3) -> str:
    """The users a chat ``.jsonl`` names, in the order they first appear ("users api:ann,
    api:bo"; past ``shown``, "and N more"), read after the replay checked every line."""
    names: dict[str, None] = {}
    for line in file.read_text(encoding="utf-8").splitlines():
        if line.strip():
            names.setdefault(str(json.loads(line).get("user")), None)
    listed = [f"{channel}:{name}" for name in names]
    more = f" and {len(listed) - shown} more" if len(listed) > shown else ""
    return ("user " if len(listed) == 1 else "users ") + ", ".join(listed[:shown]) + more


def remember(
    ctx: typer.Context,
    text: str = typer.Argument(..., help="The memory."),
    user: str = typer.Option(..., help="User id."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
    kind: str = typer.Option("fact", help=f"One of {', '.join(KINDS)}."),
    scope: str = typer.Option("global", help="global or story."),
    story: Optional[str] = typer.Option(None, help="Story of a story-scoped memory."),
    date: Optional[str] = typer.Option(None, help="When it was said (YYYY-MM-DD or ISO); default now."),
    pinned: bool = typer.Option(False, help="Pin it."),
) -> None:
    """Add one memory through the write path (filters, dedup, merge)."""
    if kind not in KINDS:
        _fail(ValueError(f"--kind {kind!r} is not a kind: use one of {', '.join(KINDS)}"))
    if scope not in SCOPES:
        _fail(ValueError(f"--scope {scope!r} is not a scope: use {' or '.join(SCOPES)}"))
    if scope == "story" and not story:
        _fail(ValueError("--scope story needs the story's name: add --story NAME"))
    try:
        when = parse_time(date) if date else None
        result = _memory(ctx).remember(
            user,
            text,
            kind=cast(KindName, kind),
            scope=cast(ScopeName, scope),
            story=story,
            pinned=pinned,
            date=when,
            channel=channel,
        )
    except (SouvenirError, ValueError) as exc:
        _fail(exc)
        return
    console.print(
        f"{result.action}: "
        + (f"memory {result.id} " if result.id is not None else "nothing kept: ")
        + repr(result.text)
        + (f", superseding memory {result.superseded_id}" if result.superseded_id else "")
        + (f" ({result.reason})" if result.reason else "")
    )


def import_(
    ctx: typer.Context,
    file: Path = typer.Argument(
        ...,
        exists=True,
        dir_okay=False,
        help="JSONL, one memory a line: {text, kind, scope, date, source}; or a user's export "
        "(`souvenir export`): its active memories.",
    ),
    user: str = typer.Option(..., help="User id."),
    channel: Optional[str] = typer.Option(
        None,
        help=f"Channel of the user (default: an export's own channel, else {DEFAULT_CHANNEL}, as the library "
        "and the REST service).",
    ),
) -> None:
    """Import memories from another system through the write path."""
    from souvenir.library.import_places import import_channel

    try:
        channel = channel if channel is not None else import_channel(file, DEFAULT_CHANNEL)
        memory = _memory(ctx)
        profile: dict = {}
        results = memory.import_file(file, user, channel=channel, profile=profile)
        _index_now(memory)
    except SouvenirError as exc:
        _fail(exc)
        return
    kept = sum(r.action != "dropped" for r in results)
    erased = sum(r.reason == ERASED_REASON for r in results)
    from souvenir.library.import_places import import_places

    origins = import_places(file)  # "line 4", or "memory 7 of the export"
    exported = bool(origins) and origins[0].endswith("of the export")
    console.print(
        f"{counted(len(results), 'active memory') + ' of the export' if exported else counted(len(results), 'line')}"
        f" for user {channel}:{user}: "
        f"{kept} kept ({len(results) - kept - erased} dropped by filters"
        + (f"; {erased} not imported: the user erased them" if erased else "")
        + ")"
        + (f": {merged} of them merged into memories the user already had" if (merged := _merged(results)) else "")
    )
    if profile.get("carried") or profile.get("left_out"):  # keys and reasons only, never a value
        console.print(
            f"profile: {', '.join(profile['carried']) or 'nothing'} carried"
            + "".join(f"; {key} not carried: {why}" for key, why in profile["left_out"].items())
        )
    # why each was dropped (its text as stored: redacted), by its place ("line 4", "memory 7 of the export")
    for number, r in enumerate(results, start=1):
        if r.action == "dropped":
            where = origins[number - 1] if len(origins) == len(results) else f"the file's memory {number}"
            if r.reason == ERASED_REASON:  # its text is not said again (an output goes to logs)
                console.print(f"  {where} not imported, {r.reason}")
            else:
                console.print(f"  {where} dropped, {r.reason or 'no reason given'}: {r.text!r}")


def _merged(results) -> int:
    """Imported lines that said again what a memory held (absorbed, or its new wording)."""
    return sum(r.action in ("absorb", "replace") for r in results)


def index(
    ctx: typer.Context,
    retire: Optional[str] = typer.Option(
        None,
        help="Stop keeping this embedder's queue (after switching embedders, once no "
        "replica uses it); nothing is embedded.",
    ),
    drop_vectors: bool = typer.Option(False, help="With --retire: delete its vectors too."),
) -> None:
    """Run the indexer once, until no memory's vector is missing or stale.

    It first scans the whole store for memories the indexer's queue missed, and ends by
    listing the kept embedders."""
    try:
        memory = _memory(ctx)
        if retire is not None:
            # an embedder these settings use is refused: a server on them keeps it again within
            # a minute, and --drop-vectors would leave every turn without its cosines meanwhile
            gone = memory.retire_embedder(retire, drop_vectors=drop_vectors)
            if not gone["embedders"]:
                console.print(f"{retire!r} was not kept; {gone['vectors']} vectors deleted")
                return
            console.print(
                f"{retire!r} retired: {gone['queue']} queued memories, {gone['claims']} claims, "
                f"{gone['vectors']} vectors deleted"
            )
            return
        done = _index_now(memory, rescan=True)
        names = " + ".join(memory.embedders) or "none"
        console.print(f"{done} vectors computed with {names}; backlog {memory.backlog()}")
        kept = memory.kept_embedders()
    except SouvenirError as exc:
        _fail(exc)
        return
    used = set(memory.embedders)
    for name, queued in kept.items():
        if name not in used:
            console.print(
                f"kept but not used here: {name!r} ({queued} queued); once no replica uses it: "
                f"souvenir index --retire {name}"
            )
