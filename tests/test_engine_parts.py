"""The engine is one visible room (issue #24): :class:`Engine` composes one part per concept,
each given its collaborators (the store, the indexes, settings values), never the engine;
and a turn checks its text once, at the engine's edge."""

from __future__ import annotations

import sys
from datetime import datetime, timezone

import pytest

from souvenir.ground import limits
from souvenir.engine.core import Engine
from souvenir.ground.errors import TextError
from souvenir.store import open_store

NOW = datetime(2026, 12, 4, 12, 0, tzinfo=timezone.utc)
PARTS = ("bookkeeping", "writer", "turns", "query_scorer", "records", "reader", "searcher", "curation", "proposals")


@pytest.fixture
def engine(tmp_path):
    engine = Engine(open_store(f"sqlite:///{tmp_path / 's.db'}"))
    yield engine
    engine.close()
    engine.store.close()


def _calls(code, call) -> int:
    """How many times the function of ``code`` runs during ``call()``."""
    seen = [0]

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is code:
            seen[0] += 1

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return seen[0]


def test_no_part_holds_the_engine(engine):
    for name in PARTS:
        part = getattr(engine, name)
        held = vars(part).values() if hasattr(part, "__dict__") else ()
        assert all(value is not engine for value in held), name
        assert type(part).__module__.startswith("souvenir.engine."), name


def test_a_turn_checks_its_text_once_and_still_writes_its_episode(engine):
    def turn():
        _, written = engine.record_turn("cli", "u", "  My sister Aisha lives in Penang  ", "Nice", now=NOW)
        assert written is not None and written.action == "insert"

    assert _calls(limits.check_text.__code__, turn) == 1
    assert [m.text for m in engine.memories("cli", "u")] == ["My sister Aisha lives in Penang"]
    with pytest.raises(TextError):
        engine.record_turn("cli", "u", " \n ", now=NOW)


def test_the_engine_keeps_the_settings_the_lab_swaps(engine):
    config = engine.selection_config
    engine.selection_config = config
    assert engine.reader.config is config and engine.scorer is None  # the cosine read path
    assert engine.degraded_unrecorded == 0 and engine.degraded_turns() == 0
