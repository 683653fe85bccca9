"""What the chit-chat kinds' service tests share: a chit-chat message is no episode, and a
model copying it as its note writes nothing (a real SQLite file, a loopback stub model)."""

from __future__ import annotations

from pathlib import Path

from souvenir.engine.runtime import open_runtime
from tests.attack_support import reflection_answer, turn_settings
from tests.servers import ChatServer


def assert_no_episode(db: Path, chit: str, fact: str) -> None:
    """No-model mode: ``chit`` is kept as a turn only (``dropped:chitchat``, counted once);
    ``fact`` is its turn's episode."""
    rt = open_runtime(turn_settings(f"sqlite:///{db}"))
    try:
        _, written = rt.engine.record_turn("api", "n", chit, "Anytime!")
        assert written is not None and (written.action, written.code) == ("dropped", "chitchat"), written
        _, written = rt.engine.record_turn("api", "n", fact, "Wow!")
        assert written is not None and written.action == "insert"
        assert rt.store.count_events("write:dropped:chitchat") == 1
    finally:
        rt.close()


def assert_model_copy_writes_nothing(db: Path, message: str) -> None:
    """The model copies ``message`` as its note: the note is chit-chat, and the message is no
    fallback episode either (the "never worse than no model" path keeps what no-model mode
    keeps, and it keeps nothing here)."""
    with ChatServer(reflection_answer=reflection_answer(message)) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{db}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "Thank you!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            assert [m.text for m in rt.store.memories(user)] == []
        finally:
            rt.close()
