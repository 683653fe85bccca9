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
