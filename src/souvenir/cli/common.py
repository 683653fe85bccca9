"""What every ``souvenir`` sub-command shares: the consoles, the settings and the library of
the invocation (opened once, closed with it), the unknown-user hint and the error exit.

Commands act through :class:`souvenir.library.Souvenir` only (never the engine or the store).
"""

from __future__ import annotations

import inspect
import errno
import os
import re
import shlex
import stat
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click
import typer
from rich.console import Console
from typer.core import TyperCommand, TyperGroup
from rich.markup import escape

from souvenir.ground.config import Settings
from souvenir.ground.errors import StoreBusyError
from souvenir.schemas import DEFAULT_CHANNEL

if TYPE_CHECKING:  # imported by the commands that open it: `souvenir --help` stays light
    from souvenir.library import Souvenir

# Piped output: a wide table, not rich's 80 columns. No markup: memories may hold "[b]".
console = Console(width=None if sys.stdout.isatty() else 160, markup=False, emoji=False)
err = Console(stderr=True, emoji=False)

CHANNEL_HELP = f"Channel of the user (default {DEFAULT_CHANNEL}, as the library and the REST service)."

#: What a command that only needs the store (keys, outbox, the keys check of ``serve``) opens:
#: no embedder, no chat model.
STORE_ONLY = {"embedder": "none", "window_embedder": "none", "llm_base_url": ""}


def _settings(ctx: typer.Context) -> Settings:
    return ctx.obj["settings"]


def _memory(ctx: typer.Context) -> Souvenir:
    """The library over the invocation's store and embedders (no background work)."""
    if "memory" not in ctx.obj:
        from souvenir.library import Souvenir

        ctx.obj["memory"] = Souvenir.open(_settings(ctx), background=False)
        ctx.call_on_close(ctx.obj["memory"].close)
    return ctx.obj["memory"]


def _store_only(ctx: typer.Context) -> Souvenir:
    """The library over the invocation's store, without models (fast to open)."""
    if "plain" not in ctx.obj:
        from souvenir.library import Souvenir

        ctx.obj["plain"] = Souvenir.open(_settings(ctx), background=False, **STORE_ONLY)
        ctx.call_on_close(ctx.obj["plain"].close)
    return ctx.obj["plain"]


def add_channel_hint(message: str, memory: Souvenir, channel: str, user: str) -> str:
    """``message`` (the library's "no user C:U; user 'U' exists in channel D") with the option
    that reaches it: ``: add --channel D`` (quoted for a shell: a channel is any text a caller
    chose); where the user exists nowhere, the command that lists the channel's users. Any
    other message ("no memory 7 for user api:ann": the user exists) is returned as is."""
    if "exists in channel" not in message:
        if not message.startswith("no user "):
            return message
        return f"{message} (`souvenir users --channel {shlex.quote(channel)}` lists its users)"
    others = [c for c in memory.user_channels(user) if c != channel]
    return f"{message}: add --channel {shlex.quote(others[0])}" if others else message


def hint_unknown(note: str | None, memory: Souvenir, channel: str, user: str) -> None:
    """On stderr, a read's ``unknown_user`` note with the option that reaches the user."""
    if note:
        err.print(f"[yellow]{escape(add_channel_hint(note, memory, channel, user))}[/yellow]")


def _flags_without_type(callback) -> None:
    """Give each ``bool`` option of ``callback`` an empty metavar, so its help shows no type."""
    for parameter in inspect.signature(callback).parameters.values():
        option = parameter.default
        if isinstance(option, typer.models.OptionInfo) and parameter.annotation in (bool, "bool"):
            if option.metavar is None:
                option.metavar = ""


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural but for one: ``counted(1, "memory")`` is "1 memory",
    ``counted(3, "memory")`` "3 memories", ``counted(0, "job")`` "0 jobs"."""
    if n == 1:
        return f"1 {noun}"
    return f"{n} {noun[:-1]}ies" if noun.endswith("y") else f"{n} {noun}s"


def _fail(exc: Exception) -> None:
    err.print(f"[red]error:[/red] {escape(str(exc))}")
    raise typer.Exit(2)


def reflow(text: str) -> str:
    """A docstring's paragraphs each on one line (a terminal wraps them to its width), lists
    and indented blocks kept line by line. Typer keeps the source's line breaks after the first
    paragraph, which a narrow or wide terminal shows as ragged lines."""
    paragraphs = inspect.cleandoc(text).split("\n\n")
    kept = []
    for paragraph in paragraphs:
        lines = paragraph.split("\n")
        if any(re.match(r"\s|[-*•]\s|\d+[.)]\s|\x08|\x0c", line) for line in lines):
            kept.append(paragraph)
        else:
            kept.append(" ".join(line.strip() for line in lines))
    return "\n\n".join(kept)


class _PlainFlags:
    """The flags typer adds itself (``--help``, ``--install-completion``,
    ``--show-completion``) shown without a ``<bool>`` type too, as ours are."""

    def get_params(self, ctx):
        params = super().get_params(ctx)
        for param in params:
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""
        return params


class _Command(_PlainFlags, TyperCommand):
    pass


try:  # typer 0.2x parses with its own copy of click
    from typer._click.exceptions import NoSuchOption as _TyperNoSuchOption

    _NO_SUCH_OPTION: tuple[type[Exception], ...] = (_TyperNoSuchOption, click.NoSuchOption)
except ImportError:  # pragma: no cover - a typer that uses click itself
    _NO_SUCH_OPTION = (click.NoSuchOption,)

#: The options of ``souvenir`` itself (``cli.main.main``) with their metavar: they go before
#: the command, and a command's own options do not include them.
GLOBAL_OPTIONS = {"--db": "FILE", "--embedder": "NAME"}


class _Group(_PlainFlags, TyperGroup):
    def invoke(self, ctx):
        """Run the command; a global option given after it (``souvenir context --db x.db``,
        the natural order for a newcomer) says where it goes, not click's bare "No such
        option: --db"."""
        try:
            return super().invoke(ctx)
        except _NO_SUCH_OPTION as exc:
            name = exc.option_name.split("=", 1)[0]
            if name not in GLOBAL_OPTIONS or exc.ctx is None:
                raise
            where = exc.ctx.command_path.removeprefix(exc.ctx.find_root().info_name or "").strip()
            usage = sys.modules[type(exc).__module__].UsageError  # the click that raised it
            raise usage(
                f"{name} is an option of souvenir itself, not of {where}: put it before the command"
                f" (souvenir {name} {GLOBAL_OPTIONS[name]} {where} …)",
                exc.ctx,
            ) from None


def reflow_help(app: typer.Typer) -> None:
    """Every command's help in ``app`` and its sub-apps, reflowed by :func:`reflow`; a flag
    (a ``bool`` option, ``--help`` included) shows no ``<bool>`` type, which read as a value
    to give (``--json <bool>``: a newcomer typed ``--json true``)."""
    if app.info.cls in (None, TyperGroup) or not isinstance(app.info.cls, type):
        app.info.cls = _Group
    for info in app.registered_commands:
        text = info.help or inspect.getdoc(info.callback)
        if text:
            info.help = reflow(text)
        if info.callback is not None:
            _flags_without_type(info.callback)
        if info.cls in (None, TyperCommand) or not isinstance(info.cls, type):
            info.cls = _Command
    for group in app.registered_groups:
        if group.typer_instance is not None:
            reflow_help(group.typer_instance)


#: How long ``souvenir chat`` waits for a busy store before giving up on one turn's record
#: (each attempt already waits the store's own bound, 5 s): the first reflection of a chat
#: loads the embedders inside its write, which took over 5 s at load 6 on 2 cores.
CHAT_RECORD_WAIT_S = 60.0


def add_turn_waiting(memory: Souvenir, user: str, message: str, reply: str, story: str | None, channel: str) -> bool:
    """``memory.add_turn`` for ``souvenir chat``, retried while the store is busy (the chat's
    own background reflection, or another process, holding the write lock) for at most
    ``CHAT_RECORD_WAIT_S``, saying so on stderr once. Returns whether the turn was recorded;
    a turn still refused is named on stderr and the chat goes on. Other errors propagate."""
    deadline = time.monotonic() + CHAT_RECORD_WAIT_S
    told = False
    while True:
        try:
            memory.add_turn(user, message, reply, story=story, channel=channel)
            return True
        except StoreBusyError as exc:
            if time.monotonic() >= deadline:
                err.print(f"[yellow]this exchange was not recorded:[/yellow] {escape(str(exc))}")
                return False
            if not told:
                err.print(
                    "[yellow]the store is busy[/yellow] (a background reflection or another process is writing); retrying"
                )
                told = True
            time.sleep(0.5)


def private_stdout() -> None:
    """Make stdout its owner's alone (mode 0600) when it is a regular file this process may
    change and nothing is in it yet: ``souvenir export --user U > U.json`` — the shell
    created the file with its umask (often 0644: readable by every account of the machine)
    and what follows is everything stored about a person. A pipe, a terminal or a file that
    already holds something is left as it is. A file another account owns is made 0600 when
    this process may (root: a ``sudo`` command's redirect is made by the caller's shell) and
    said on stderr: its owner reads it whatever its mode."""
    try:
        fd = sys.stdout.fileno()
        held = os.fstat(fd)
    except (OSError, ValueError, AttributeError):  # no real stdout (a test runner's buffer)
        return
    if not (stat.S_ISREG(held.st_mode) and held.st_size == 0):
        return
    if held.st_mode & 0o077:
        try:  # root may (`sudo souvenir export … > U.json`: the caller's shell made the file)
            os.fchmod(fd, stat.S_IMODE(held.st_mode) & 0o700)
        except OSError:
            pass
    if held.st_uid != os.geteuid():  # its owner reads it whatever its mode
        print(f"souvenir: the export goes to a file owned by another account (uid {held.st_uid})", file=sys.stderr)


def write_private(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path``, created mode 0600 — an existing file is made
    0600 before anything is written into it. Refused (:class:`PermissionError`, nothing
    written or truncated): a symbolic link, a file another account owns (in a shared folder it
    made the file beforehand: its owner reads the export whatever its mode, root's chmod
    included) or a file with another name (a hard link: the export is read there too)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        held = os.fstat(fd)
        if held.st_uid != os.geteuid():
            raise PermissionError(
                errno.EPERM, f"owned by another account (uid {held.st_uid}), who would read the export: nothing written"
            )
        if held.st_nlink > 1:
            raise PermissionError(errno.EPERM, "the file has another name (a hard link): nothing written")
        os.ftruncate(fd, 0)
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            fd = -1
            handle.write(text)
    finally:
        if fd >= 0:
            os.close(fd)


def reflect_before_exit(memory: Souvenir, channel: str, user: str, timeout_s: float = 30.0) -> None:
    """Run the session's reflection and summary jobs before ``chat`` exits, for at most
    ``timeout_s`` seconds (one session in three used to exit with every job pending: a
    reflection that gave way to the next live reply was due again a second later). Waits
    while this user has pending jobs that have not failed; a job that failed, or waits for a
    model whose breaker is open (the model down or misconfigured), is not waited for, even
    before the first drain. Says what is left, and why."""
    deadline = time.monotonic() + timeout_s

    def left() -> tuple[int, int]:
        jobs = memory.jobs("pending", limit=10_000).jobs + memory.jobs("running", limit=10_000).jobs
        mine = [j for j in jobs if j.channel == channel and j.user == user]
        breakers = [m.get("breaker") for m in memory.status().get("chat", {}).values() if isinstance(m, dict)]
        if "open" in breakers:  # a model just failed: its jobs wait for the breaker's trial
            return len(mine), len(mine)
        return len(mine), sum(1 for j in mine if j.error)

    waiting, failed = left()  # a model that already failed (its breaker open) is not waited for
    while waiting and not failed and time.monotonic() < deadline:
        memory.drain(timeout_s=max(0.0, deadline - time.monotonic()))
        waiting, failed = left()
        if waiting and not failed:
            time.sleep(0.2)
    if not waiting:
        return
    why = (
        "the model failed (`souvenir jobs list` shows its error)"
        if failed
        else f"none due within {timeout_s:.0f} s (`souvenir jobs list` shows them)"
    )
    err.print(
        f"{counted(waiting, 'reflection or summary job')} of {channel}:{user} left pending, {why}: a running "
        "`souvenir serve`, or the next `souvenir chat`, runs them"
    )
