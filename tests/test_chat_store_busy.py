"""`souvenir chat` when the store is busy (session 12, a new user piping two lines into it):
the background reflection held the SQLite file's write lock past 5 s under load, and the
turn's record failed with "error: the store stayed busy…": the chat ended and the exchange
was lost. The chat now waits for the store, saying so, and records the turn. The other
writer is a second connection on the real SQLite file holding ``BEGIN IMMEDIATE``."""

from __future__ import annotations

import sqlite3
import threading
import time

from typer.testing import CliRunner

from souvenir import Souvenir
from souvenir.cli.main import app


def _hold_write_lock(path: str, seconds: float, taken: threading.Event) -> None:
    conn = sqlite3.connect(path, timeout=30, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        taken.set()
        time.sleep(seconds)
        conn.execute("COMMIT")
    finally:
        conn.close()


def test_chat_waits_for_a_busy_store_and_records_the_turn(tmp_path, monkeypatch):
    db = str(tmp_path / "chat.db")
    for name in ("SOUVENIR_LLM_BASE_URL", "SOUVENIR_LLM_MODEL"):
        monkeypatch.delenv(name, raising=False)
    with Souvenir.open(db, embedder="none", window_embedder="none", background=False) as mem:
        mem.add_turn("lin", "我喜欢爵士乐", reply="OK")  # the store exists, with its schema
    taken = threading.Event()
    holder = threading.Thread(target=_hold_write_lock, args=(db, 7.0, taken))
    holder.start()
    assert taken.wait(10)
    try:
        result = CliRunner().invoke(
            app,
            ["--db", db, "--embedder", "none", "chat", "--user", "lin"],
            input="J'habite à Lyon\n",
            env={"SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_SUMMARY_ENABLED": "false"},
        )
    finally:
        holder.join()
    assert result.exit_code == 0, result.output
    assert "busy" in result.output and "retrying" in result.output
    with Souvenir.open(db, embedder="none", window_embedder="none", background=False) as mem:
        texts = [m.text for m in mem.memories("lin").memories]
    assert "J'habite à Lyon" in texts, texts
