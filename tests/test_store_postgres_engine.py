"""End to end on PostgreSQL: the engine replays a LoCoMo conversation and selects exactly as
it does on SQLite (no embedder, so the selection is deterministic), directly and through
PgBouncer in transaction pooling mode; and the issue's
acceptance through the CLI, with a deterministic stand-in embedder over loopback HTTP."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from typer.testing import CliRunner

from souvenir.cli.main import app

from souvenir.engine.core import Engine
from souvenir.replay.apply import replay_locomo
from souvenir.replay.formats import parse_locomo
from souvenir.store import open_store
from tests.conftest import locomo_excerpt, shared_path
from tests.servers import EmbeddingServer

MESSAGES = ["What did we talk about last time?", "How is your dance studio going?", "Do you remember my trip?"]


def _run(url: str, conv) -> tuple[list[str], list[list[int]]]:
    engine = Engine(open_store(url), index=None)
    try:
        replay_locomo(engine, conv)
        texts = [m.text for m in engine.store.memories(engine.store.find_user("api", conv.name))]
        now = conv.turns[-1].time + timedelta(days=1)
        selections = []
        for message in MESSAGES:
            result = engine.context("api", conv.name, message, now=now)
            selections.append([s.memory.id for s in result.rules + result.memories])
            engine.flush()
        return texts, selections
    finally:
        engine.close()
        engine.store.close()


@pytest.mark.parametrize("via", ["postgres", "pgbouncer"])
def test_locomo_replay_is_the_same_on_postgres_and_sqlite(request, tmp_path, pg_url, via):
    conv = parse_locomo(shared_path("data", "locomo", "conv-30.json"))
    lite_texts, lite_sel = _run(f"sqlite:///{tmp_path / 'l.db'}", conv)
    pg_texts, pg_sel = _run(pg_url if via == "postgres" else request.getfixturevalue("pgbouncer_url"), conv)
    assert lite_texts and all(lite_sel)
    assert pg_texts == lite_texts
    assert pg_sel == lite_sel


# -- acceptance: the CLI on both backends -----------------------------------------------------
QUESTIONS = [
    "When did Jon lose his job as a banker?",
    "What kind of studio did Jon open?",
    "Where did Gina get her clothing line featured?",
    "What does Gina do to relax?",
]


def _cli(env: dict, *args: str) -> str:
    result = CliRunner().invoke(app, list(args), env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def _replay_and_ask(database_url: str, embedder_url: str, conv: str) -> tuple[str, list, list]:
    """``SOUVENIR_DATABASE_URL=… souvenir replay conv-30.json`` then ``souvenir context``."""
    env = {
        "SOUVENIR_DATABASE_URL": database_url,
        "SOUVENIR_EMBEDDER": "openai",
        "SOUVENIR_EMBEDDER_URL": embedder_url,
        "SOUVENIR_EMBEDDER_MODEL": "stand-in",
        "SOUVENIR_SEMANTIC_THRESHOLD": "0.5",
        "SOUVENIR_LLM_BASE_URL": "",
    }
    replayed = _cli(env, "replay", conv)
    listed = json.loads(_cli(env, "memories", "--user", "conv-30", "--json"))
    asked = [json.loads(_cli(env, "context", "--user", "conv-30", "--json", q)) for q in QUESTIONS]
    return replayed, listed, asked


def test_cli_replay_and_context_are_the_same_on_postgres_and_sqlite(tmp_path, pg_url):
    """conv-30's first four sessions: the window index embeds every turn with e5 on both
    stores, about a minute for the whole conversation; four sessions show the same."""
    path = locomo_excerpt(tmp_path, "conv-30", sessions=4)
    turns = len(parse_locomo(path).turns)
    conv = str(path)
    with EmbeddingServer() as embedder:  # deterministic vectors over real HTTP
        lite = _replay_and_ask(f"sqlite:///{tmp_path / 'l.db'}", embedder.url, conv)
        pg = _replay_and_ask(pg_url, embedder.url, conv)
    assert f"{turns} messages" in lite[0] and lite[0] == pg[0]  # same write-path actions, all embedded
    assert pg[1] == lite[1]  # the same memories, ids included
    assert all(a["memories"] for a in lite[2])
    assert any(m["pass"] == "semantic" for a in lite[2] for m in a["memories"])
    assert pg[2] == lite[2]  # the same selection, reasons, passes and scores
