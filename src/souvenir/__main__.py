"""``python -m souvenir``: the ``souvenir`` command (as ``.venv/bin/souvenir``)."""

from souvenir.cli.main import app

app(prog_name="souvenir")
