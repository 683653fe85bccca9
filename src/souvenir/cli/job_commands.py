"""``souvenir jobs list|retry``: the reflection and summary outbox from the command line."""

from __future__ import annotations

import json
import sys
from typing import Optional, cast

import typer
from rich.console import Console
from rich.table import Table

from souvenir.ground.errors import SouvenirError
from souvenir.schemas import JobStatus

jobs_app = typer.Typer(help="The reflection and summary outbox: list jobs, requeue parked ones.", no_args_is_help=True)
console = Console(width=None if sys.stdout.isatty() else 160, markup=False, emoji=False)


def _library(ctx: typer.Context):
    from souvenir.cli.common import _store_only

    return _store_only(ctx)


@jobs_app.command("list")
def list_jobs(
    ctx: typer.Context,
    parked: bool = typer.Option(False, "--parked", help="Only parked jobs."),
    status: Optional[str] = typer.Option(None, help="pending, running, done or parked."),
    limit: int = typer.Option(100, help="At most this many, newest first."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """List outbox jobs: user, model, attempts and the real cause of the last failure."""
    from souvenir.cli.common import _fail

    wanted = "parked" if parked else status
    if wanted is not None and wanted not in ("pending", "running", "done", "parked"):
        _fail(ValueError("--status must be pending, running, done or parked"))
    try:
        listed = _library(ctx).jobs(cast(JobStatus | None, wanted), limit=min(max(1, limit), 10_000))
        jobs = [j.model_dump(mode="json") for j in listed.jobs]
    except SouvenirError as exc:
        _fail(exc)
        return
    if as_json:
        sys.stdout.write(json.dumps(jobs, ensure_ascii=False, indent=2) + "\n")
        return
    table = Table(title=("1 job" if len(jobs) == 1 else f"{len(jobs)} jobs") + (f" ({wanted})" if wanted else ""))
    for col in ("id", "job", "status", "user", "attempts", "model", "failing since", "error"):
        table.add_column(col, overflow="fold")
    for j in jobs:
        table.add_row(
            str(j["id"]),
            j["job"],
            j["status"],
            f"{j['channel']}:{j['user']}",
            str(j["attempts"]),
            j["model"] or "",
            j["failing_since"] or "",
            j["error"] or "",
        )
    console.print(table)


@jobs_app.command("retry")
def retry_jobs(
    ctx: typer.Context,
    ids: Optional[list[int]] = typer.Argument(None, help="Job ids (parked or pending)."),
    parked: bool = typer.Option(False, "--parked", help="Every parked job."),
) -> None:
    """Requeue jobs now with a fresh failure clock (after fixing the model or its settings).

    The running server's worker picks them up."""
    from souvenir.cli.common import _fail

    if not ids and not parked:
        _fail(ValueError("give job ids or --parked"))
    try:
        count = _library(ctx).retry_jobs(list(ids or []), parked=parked).requeued
    except SouvenirError as exc:
        _fail(exc)
        return
    console.print(f"{count} job{'' if count == 1 else 's'} requeued")
    if ids and count < len(ids):
        console.print(
            f"{len(ids) - count} of the ids given named no parked or pending job "
            "(unknown, done or running): `souvenir jobs list` shows every job"
        )
