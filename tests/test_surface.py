"""The public surface is locked: settings are described, documented, and typed."""

from __future__ import annotations

from pathlib import Path

from souvenir.ground.config import Settings

REPO = Path(__file__).resolve().parent.parent


def test_every_setting_has_a_description_and_is_in_env_example():
    example = (REPO / ".env.example").read_text(encoding="utf-8")
    for name, field in Settings.model_fields.items():
        assert field.description, f"setting {name} has no description"
        assert f"SOUVENIR_{name.upper()}=" in example, f"SOUVENIR_{name.upper()} missing from .env.example"


def test_settings_read_the_environment(monkeypatch):
    monkeypatch.setenv("SOUVENIR_CONTEXT_LIMIT", "12")
    monkeypatch.setenv("SOUVENIR_EMBEDDER", "none")
    settings = Settings(_env_file=None)
    assert settings.context_limit == 12 and settings.embedder == "none"


def test_readme_opens_with_the_two_commands():
    head = (REPO / "README.md").read_text(encoding="utf-8").split("\n## ")[0]
    assert "make run" in head and "make test" in head
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "make test" in ci


def test_readme_and_cli_page_name_every_command():
    """README's "Command line" says `souvenir --help` lists every command and names them; the
    list and docs/cli.md's table follow the real commands (a newcomer met `chat` and
    `forgotten` in `--help` that the README's list left out)."""
    import re

    import typer.main

    from souvenir.cli.main import app

    commands = set(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Command line", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"`([a-z-]+)`", section.split("every command:", 1)[1].split("Overview", 1)[0]))
    assert listed == commands, f"README lists {sorted(listed - commands)} extra, {sorted(commands - listed)} missing"
    table = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    rows = {
        m for line in table.splitlines() if line.startswith("| `") for m in re.findall(r"(?:^\| `|/ `)([a-z-]+)", line)
    }
    assert commands <= rows, f"docs/cli.md has no row for {sorted(commands - rows)}"
