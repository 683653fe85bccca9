"""``souvenir doctor`` and ``souvenir --version``: is this set-up ready, and which version is it.

``doctor`` prints one line a check (:func:`souvenir.library.checkup.checkup`): ``ok``,
``warn`` or ``fail``, the check's name and one sentence; the exit code is 1 when any check
failed, else 0. No secret is printed (the checks name settings, never their values)."""

from __future__ import annotations

import sys

import typer

from souvenir.cli.common import _settings


def version_callback(value: bool) -> None:
    """``--version``: the installed version on stdout, then exit 0 (before any setting is read)."""
    if value:
        from souvenir import __version__

        sys.stdout.write(f"souvenir {__version__}\n")
        raise typer.Exit()


def doctor(
    ctx: typer.Context,
    timeout: float = typer.Option(
        3.0,
        min=0.1,
        max=60.0,
        help="Seconds each request to the chat model server (/v1/models, a one-token chat) or an HTTP embedder has to answer.",
    ),
) -> None:
    """Check this set-up: the settings file, the store and its migrations, the store file's mode,
    pgvector (PostgreSQL), who may call a service, the embedders, the chat model server (its
    model list and a one-token chat request). One line a check (ok, warn,
    fail); exits 1 when a check failed. Writes nothing (a new store is made on first use)."""
    from souvenir.library.checkup import checkup

    checks = checkup(_settings(ctx), model_timeout_s=timeout)
    width = max(len(c.name) for c in checks)
    for check in checks:
        sys.stdout.write(f"{check.status:<4}  {check.name:<{width}}  {check.detail}\n")
    failed = sum(c.status == "fail" for c in checks)
    warned = sum(c.status == "warn" for c in checks)
    sys.stdout.write(f"{failed} failed, {warned} warning{'s' * (warned != 1)}, {len(checks) - failed - warned} ok\n")
    if failed:
        raise typer.Exit(1)


def migrate(
    ctx: typer.Context,
    check: bool = typer.Option(
        False, "--check", help="Apply nothing: list the pending migrations and exit 1 when there are any."
    ),
) -> None:
    """Apply the store's pending migrations (every command and `serve` applies them on opening the
    store; this makes it a deploy step of its own, before the new version serves). Says which
    were applied, or that the schema is current; exits 2 when the store does not open, a migration
    fails (it rolls back and stays pending) or the schema is newer than this version. Opens no model."""
    from souvenir.cli.common import _fail
    from souvenir.ground.errors import SouvenirError
    from souvenir.library.schema_upgrade import upgrade_schema

    try:
        done = upgrade_schema(_settings(ctx), check_only=check)
    except SouvenirError as exc:
        _fail(exc)
        return
    versions = ", ".join(f"{v:04d}" for v in done.applied)
    if not done.applied:
        sys.stdout.write(f"{done.store}: schema {done.schema:04d}, current: nothing to apply\n")
    elif check:
        sys.stdout.write(f"{done.store}: {len(done.applied)} pending ({versions}); `souvenir migrate` applies them\n")
        raise typer.Exit(1)
    else:
        sys.stdout.write(f"{done.store}: applied {len(done.applied)} ({versions}); schema {done.schema:04d} now\n")
