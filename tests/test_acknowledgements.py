"""No-model mode: a bare acknowledgement ("ok", "merci", "好的") is not kept as a memory."""

from __future__ import annotations

import pytest

from souvenir.config import Settings
from souvenir.runtime import open_runtime


@pytest.mark.parametrize("ack", ["ok", "Merci beaucoup !", "thanks a lot", "好的", "谢谢",
                                 "terima kasih", "d'accord", "got it 👍"])
def test_a_bare_acknowledgement_is_no_memory(tmp_path, ack):
    rt = open_runtime(Settings(database_url=f"sqlite:///{tmp_path / 'a.db'}", embedder="none",
                               window_embedder="none", _env_file=None))
    try:
        _, written = rt.engine.record_turn("api", "u", ack)
        assert written is None and rt.engine.memories("api", "u") == []
        _, written = rt.engine.record_turn("api", "u", "ok, my cat is called Kopi")
        assert written is not None and written.action == "insert"
    finally:
        rt.close()
