"""`souvenir chat`: a terminal chat through the same path, showing the memories used."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from souvenir.cli.main import app
from tests.servers import ChatServer


def test_chat_shows_replies_and_the_memories_they_used(tmp_path, monkeypatch):
    fact = json.dumps({"memories": [{"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}]})
    with ChatServer(reply="Nice to meet you!", reflection_answer=fact) as upstream:
        monkeypatch.setenv("SOUVENIR_LLM_BASE_URL", upstream.url)
        monkeypatch.setenv("SOUVENIR_LLM_MODEL", "stub")
        db = str(tmp_path / "c.db")
        first = CliRunner().invoke(
            app, ["--db", db, "--embedder", "none", "chat", "--user", "ann"], input="I live in Ipoh\n\n"
        )
        assert first.exit_code == 0, first.output
        assert "bot> Nice to meet you!" in first.output and "memories used (0)" in first.output
        second = CliRunner().invoke(
            app, ["--db", db, "--embedder", "none", "chat", "--user", "ann"], input="where do I live?\n"
        )
        assert "Lives in Ipoh" in second.output
        sent = [r for r in upstream.requests if "response_format" not in r]
        assert any("Lives in Ipoh" in r["messages"][0]["content"] for r in sent)


def test_chat_without_a_model_says_which_settings_give_it_one(tmp_path, monkeypatch):
    monkeypatch.delenv("SOUVENIR_LLM_BASE_URL", raising=False)
    result = CliRunner().invoke(
        app, ["--db", str(tmp_path / "n.db"), "--embedder", "none", "chat", "--user", "ann"], input="I live in Ipoh\n\n"
    )
    assert result.exit_code == 0, result.output
    assert "SOUVENIR_LLM_BASE_URL" in result.output and "bot> (no reply: no chat model)" in result.output
