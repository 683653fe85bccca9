"""The public surface is locked: settings are described, documented, and typed."""

from __future__ import annotations

from pathlib import Path

from souvenir.config import Settings

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
