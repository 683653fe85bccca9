"""No-model mode: a bare acknowledgement ("ok", "merci", "好的") is not kept as a memory,
and the turn's answer and the write log say why."""

from __future__ import annotations

import pytest

from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime


@pytest.mark.parametrize(
    "ack", ["ok", "Merci beaucoup !", "thanks a lot", "好的", "谢谢", "terima kasih", "d'accord", "got it 👍"]
)
def test_a_bare_acknowledgement_is_no_memory(tmp_path, ack):
    rt = open_runtime(
        Settings(database_url=f"sqlite:///{tmp_path / 'a.db'}", embedder="none", window_embedder="none", _env_file=None)
    )
    try:
        _, written = rt.engine.record_turn("api", "u", ack)
        assert written is not None and (written.action, written.code) == ("dropped", "acknowledgement")
        assert rt.engine.memories("api", "u") == []
        kinds = [r[0] for r in rt.store._query("SELECT kind FROM events")]
        assert "write:dropped:acknowledgement" in kinds
        _, written = rt.engine.record_turn("api", "u", "ok, my cat is called Kopi")
        assert written is not None and written.action == "insert"
    finally:
        rt.close()


def test_a_bot_command_is_no_memory_and_says_so(tmp_path):
    rt = open_runtime(
        Settings(database_url=f"sqlite:///{tmp_path / 'c.db'}", embedder="none", window_embedder="none", _env_file=None)
    )
    try:
        _, written = rt.engine.record_turn("api", "u", "/start")
        assert written is not None and (written.action, written.code) == ("dropped", "command")
        assert rt.engine.memories("api", "u") == []
    finally:
        rt.close()
