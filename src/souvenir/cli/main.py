"""The ``souvenir`` command line (typer). Every command has help text; ``--help`` shows it.

Global options come before the command: ``souvenir --db ./other.db context …``. Settings
not given as options come from ``SOUVENIR_*`` variables or ``.env``. Every command acts
through the library (:class:`souvenir.library.Souvenir`); without ``--channel`` a user is in
channel ``api``, the library's and the REST service's default too (a store written by an
older CLI keeps its users in ``cli``: an unknown user's answer says so, with the option).
"""

from __future__ import annotations

from typing import Optional

import typer
from pydantic import ValidationError

from souvenir.cli.lab import bench_app, calibrate_app, eval_app
from souvenir.cli.common import (
    _fail,
    reflow_help,
)
from souvenir.cli.doctor import doctor, migrate, version_callback
from souvenir.cli.job_commands import jobs_app
from souvenir.cli.one_user import delete_user, export, forget, forgotten, pin
from souvenir.cli.read_commands import chat, context, history, memories
from souvenir.cli.write_commands import import_, index, remember, replay
from souvenir.cli.user_commands import users
from souvenir.cli.serving import mcp_command, serve
from souvenir.cli.access import keys_app
from souvenir.ground.config import Settings, SettingsFileError, settings_error

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
    version: bool = typer.Option(
        False, "--version", callback=version_callback, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Souvenir: long-term memory for LLM chatbots."""
    from souvenir.privacy.scrub import install_log_redaction  # a command's, not --help's, import time

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
    except SettingsFileError as exc:  # a .env saved in another encoding: one sentence, exit 2
        _fail(exc)
        return
    ctx.obj = {"settings": settings}


app.command()(replay)
app.command()(context)
app.command()(memories)
app.command()(remember)
app.command("import")(import_)
app.command()(index)
app.command()(history)
app.command()(chat)
app.command()(pin)
app.command()(forget)
app.command()(forgotten)
app.command()(export)
app.command("delete-user")(delete_user)
app.command()(doctor)
app.command()(migrate)

reflow_help(app)

if __name__ == "__main__":  # pragma: no cover
    app()
