"""The ``souvenir`` command line (typer). Every command has help text; ``--help`` shows it.

Global options come before the command: ``souvenir --db ./other.db context …``. Settings
not given as options come from ``SOUVENIR_*`` variables or ``.env``. Every command acts
through the library (:class:`souvenir.library.Souvenir`); without ``--channel`` a user is in
channel ``api``, the library's and the REST service's default too (a store written by an
older CLI keeps its users in ``cli``: an unknown user's answer says so, with the option).
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Optional, cast

import typer
from pydantic import ValidationError
from rich.markup import escape
from rich.progress import Progress, TaskID
from rich.table import Table

from souvenir.cli.lab import bench_app, calibrate_app, eval_app
from souvenir.cli.common import (
    CHANNEL_HELP,
    _fail,
    _memory,
    _settings,
    add_channel_hint,
    add_turn_waiting,
    console,
    counted,
    err,
    reflow_help,
    hint_unknown,
    private_stdout,
    reflect_before_exit,
    write_private,
)
from souvenir.cli.job_commands import jobs_app
from souvenir.cli.user_commands import users
from souvenir.cli.serving import mcp_command, serve
from souvenir.cli.access import keys_app
from souvenir.config import Settings, settings_error
from souvenir.errors import EmbedderError, SouvenirError, TextError, UnknownError
from souvenir.library import Souvenir
from souvenir.library.import_places import import_places
from souvenir.privacy.scrub import install_log_redaction
from souvenir.results import ERASED_REASON
from souvenir.limits import check_text
from souvenir.schemas import DEFAULT_CHANNEL, KindName, MemoryPublic, ScopeName, StatusFilter
from souvenir.timeutil import parse_time
from souvenir.timezones import local_day
from souvenir.types import KINDS, SCOPES

app = typer.Typer(
    help="Souvenir: long-term memory for LLM chatbots.", no_args_is_help=True, pretty_exceptions_enable=False
)
app.add_typer(bench_app, name="bench")
app.add_typer(calibrate_app, name="calibrate")
app.add_typer(eval_app, name="eval")
app.add_typer(jobs_app, name="jobs")
app.add_typer(keys_app, name="keys")
app.command()(serve)
app.command("mcp")(mcp_command)
app.command("users")(users)


@app.callback()
def main(
    ctx: typer.Context,
    db: Optional[str] = typer.Option(
        None,
        "--db",
        help="SQLite file or database URL, before the command (default SOUVENIR_DATABASE_URL, else ./souvenir.db).",
    ),
    embedder: Optional[str] = typer.Option(
        None, "--embedder", help="use, e5, ollama, openai or none (default SOUVENIR_EMBEDDER, else use)."
    ),
) -> None:
    """Souvenir: long-term memory for LLM chatbots."""
    install_log_redaction()
    overrides: dict = {}
    if db:
        overrides["database_url"] = db if "://" in db else f"sqlite:///{db}"
    if embedder:
        overrides["embedder"] = embedder
    try:
        settings = Settings(**overrides)
    except ValidationError as exc:
        _fail(ValueError(settings_error(exc)))
        return
    ctx.obj = {"settings": settings}


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


@app.command()
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


@app.command()
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


@app.command()
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


@app.command()
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


@app.command("import")
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
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
) -> None:
    """Import memories from another system through the write path."""
    try:
        memory = _memory(ctx)
        results = memory.import_file(file, user, channel=channel)
        _index_now(memory)
    except SouvenirError as exc:
        _fail(exc)
        return
    kept = sum(r.action != "dropped" for r in results)
    erased = sum(r.reason == ERASED_REASON for r in results)
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


@app.command()
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


@app.command()
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


@app.command()
def chat(
    ctx: typer.Context,
    user: str = typer.Option(..., help="User id."),
    channel: str = typer.Option(DEFAULT_CHANNEL, help=CHANNEL_HELP),
    story: Optional[str] = typer.Option(None, help="Current story."),
) -> None:
    """Chat in the terminal through Souvenir: each reply shows the memories it was given.

    Needs a chat model (SOUVENIR_LLM_BASE_URL); without one, shows the selection only.
    Empty line or end of input quits."""
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


@app.command()
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


@app.command()
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


@app.command()
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


@app.command()
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


@app.command("delete-user")
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


reflow_help(app)

if __name__ == "__main__":  # pragma: no cover
    app()
