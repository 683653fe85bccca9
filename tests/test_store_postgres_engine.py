"""End to end on PostgreSQL: the engine replays a LoCoMo conversation and selects exactly as
it does on SQLite (no embedder, so the selection is deterministic)."""

from __future__ import annotations

from datetime import timedelta

from souvenir.engine import Engine
from souvenir.replay.apply import replay_locomo
from souvenir.replay.formats import parse_locomo
from souvenir.store import open_store
from tests.conftest import shared_path

MESSAGES = ["What did we talk about last time?", "How is your dance studio going?",
            "Do you remember my trip?"]


def _run(url: str, conv) -> tuple[list[str], list[list[int]]]:
    engine = Engine(open_store(url), index=None)
    try:
        replay_locomo(engine, conv)
        texts = [m.text for m in engine.store.memories(engine.store.find_user("cli", conv.name))]
        now = conv.turns[-1].time + timedelta(days=1)
        selections = []
        for message in MESSAGES:
            result = engine.context("cli", conv.name, message, now=now)
            selections.append([s.memory.id for s in result.rules + result.memories])
            engine.flush()
        return texts, selections
    finally:
        engine.close()
        engine.store.close()


def test_locomo_replay_is_the_same_on_postgres_and_sqlite(tmp_path, pg_url):
    conv = parse_locomo(shared_path("data", "locomo", "conv-30.json"))
    lite_texts, lite_sel = _run(f"sqlite:///{tmp_path / 'l.db'}", conv)
    pg_texts, pg_sel = _run(pg_url, conv)
    assert lite_texts and all(lite_sel)
    assert pg_texts == lite_texts
    assert pg_sel == lite_sel
