"""What every ``souvenir`` sub-command shares: the consoles, the settings and runtime of the
invocation (opened once, closed with it), and the error exit."""

from __future__ import annotations

import sys

import typer
from rich.console import Console
from rich.markup import escape

from souvenir.config import Settings
from souvenir.engine.runtime import Runtime, open_runtime

# Piped output: a wide table, not rich's 80 columns. No markup: memories may hold "[b]".
console = Console(width=None if sys.stdout.isatty() else 160, markup=False)
err = Console(stderr=True)


def _settings(ctx: typer.Context) -> Settings:
    return ctx.obj["settings"]


def _runtime(ctx: typer.Context) -> Runtime:
    if "runtime" not in ctx.obj:
        ctx.obj["runtime"] = open_runtime(_settings(ctx))
        ctx.call_on_close(ctx.obj["runtime"].close)
    return ctx.obj["runtime"]


def _fail(exc: Exception) -> None:
    err.print(f"[red]error:[/red] {escape(str(exc))}")
    raise typer.Exit(2)
