"""The ``souvenir`` command line (typer): :mod:`~souvenir.cli.main` holds the app and the
user commands; ``keys`` (:mod:`~souvenir.cli.access`), ``jobs`` (:mod:`~souvenir.cli.job_commands`)
and ``bench|calibrate|eval`` (:mod:`~souvenir.cli.lab`) are sub-apps."""
