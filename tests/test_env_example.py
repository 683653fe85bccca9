"""``.env.example`` copied to ``.env`` as its first line says: every setting it leaves empty
means "unset" (a new user's first step must not break every command)."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from souvenir.cli.main import app
from souvenir.ground.config import Settings

EXAMPLE = Path(__file__).resolve().parent.parent / ".env.example"


def test_the_example_as_dot_env_loads_with_its_defaults(tmp_path, monkeypatch):
    shutil.copy(EXAMPLE, tmp_path / ".env")
    monkeypatch.chdir(tmp_path)
    settings = Settings()
    assert settings.semantic_threshold is None  # empty: the floor read for the embedder
    assert settings.embedder == "use" and settings.context_limit == 24
    assert Settings(semantic_threshold=" 0.5 ").semantic_threshold == 0.5


def test_a_command_runs_with_the_example_as_dot_env(tmp_path, monkeypatch):
    shutil.copy(EXAMPLE, tmp_path / ".env")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "x.db"), "--embedder", "none", "memories", "--user", "a"])
    assert result.exit_code == 0, result.output
