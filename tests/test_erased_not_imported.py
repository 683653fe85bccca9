"""What the user erased is not imported back (session 18, lane harden4; the leftover of
sessions 16 and 17): a user asks to forget; an operator restores last month's export with
``souvenir import``; the erased texts came back. Now each erasure records a keyed mark of
every text it erased (``store.erased_texts``), and an import or a replay leaves those lines
out, saying so without their text. Real SQLite files and the real PostgreSQL at
127.0.0.1:5432; the CLI through its real entry point."""

from __future__ import annotations

import hashlib
import json

import pytest
from typer.testing import CliRunner

from souvenir.cli.main import app
from souvenir.ground.errors import UnknownError
from souvenir.library import Souvenir
from souvenir.ground.results import ERASED_REASON
from souvenir.store import open_store

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}

#: (lang, memories said, a request in chat naming the second, a new line of the restore)
USERS = [
    (
        "en",
        ["I have a cat named Tom", "I owe my brother 3000 pounds", "I work as a nurse in Leeds"],
        "Please forget what I said about my brother's debt.",
        "I like green tea",
    ),
    (
        "fr",
        ["J'ai un chat qui s'appelle Tom", "Je dois 3000 euros à mon frère", "Je suis infirmière à Lyon"],
        "Oublie ce que je t'ai dit sur la dette de mon frère.",
        "J'aime le thé vert",
    ),
    ("zh", ["我有一只猫叫汤姆", "我欠我哥哥三千块钱", "我在深圳当护士"], "忘掉我欠我哥哥钱的事。", "我喜欢喝绿茶"),
    (
        "ms",
        ["Saya ada kucing bernama Tom", "Saya berhutang 3000 ringgit dengan abang saya", "Saya jururawat di Ipoh"],
        "Lupakan apa yang saya cakap tentang hutang abang saya.",
        "Saya suka teh hijau",
    ),
]


def _export_lines(mem: Souvenir, user: str) -> list[str]:
    """An export's active memories as an import file's lines (what an operator restores)."""
    rows = mem.export_user(user).tables["memories"]
    return [json.dumps({"text": r["text"], "kind": r["kind"]}, ensure_ascii=False) for r in rows if r["text"]]


def _active(mem: Souvenir, user: str) -> list[str]:
    return sorted(m.text for m in mem.memories(user).memories)


@pytest.mark.parametrize(("lang", "said", "request_text", "new"), USERS, ids=[u[0] for u in USERS])
def test_an_old_export_does_not_bring_back_a_forgotten_memory(store_url, tmp_path, lang, said, request_text, new):
    with Souvenir.open(store_url, **OPEN) as mem:
        for text in said:
            mem.remember("ann", text)
        backup = tmp_path / "backup.jsonl"
        backup.write_text("\n".join([*_export_lines(mem, "ann"), json.dumps({"text": new})]) + "\n", encoding="utf-8")
        first = next(m for m in mem.memories("ann").memories if m.text == said[0])
        mem.forget("ann", first.id)  # by the API
        mem.add_turn("ann", request_text, "OK.")  # by a request in chat
        assert _active(mem, "ann") == [said[2]], (lang, _active(mem, "ann"))
        results = mem.import_file(backup, "ann")
        assert [r.reason == ERASED_REASON for r in results] == [True, True, False, False], (lang, results)
        assert all(said[0] not in (r.text or "") and said[1] not in (r.text or "") for r in results)
        assert _active(mem, "ann") == sorted([said[2], new]), (lang, _active(mem, "ann"))


def test_the_cli_says_which_lines_were_not_imported_without_their_text(tmp_path):
    db = tmp_path / "s.db"
    with Souvenir.open(f"sqlite:///{db}", **OPEN) as mem:
        for text in USERS[0][1]:
            mem.remember("ann", text)
        backup = tmp_path / "backup.jsonl"
        backup.write_text("\n".join(_export_lines(mem, "ann")) + "\n", encoding="utf-8")
        mem.add_turn("ann", "Please forget everything about me.", "Done.")
        assert _active(mem, "ann") == []
    result = CliRunner().invoke(
        app, ["--db", str(db), "--embedder", "none", "import", str(backup), "--user", "ann"], env={"COLUMNS": "300"}
    )
    assert result.exit_code == 0, result.output
    assert "3 not imported: the user erased them" in result.output, result.output
    assert "line 1 not imported" in result.output and "line 3 not imported" in result.output, result.output
    assert all(text not in result.output for text in USERS[0][1]), result.output
    with Souvenir.open(f"sqlite:///{db}", **OPEN) as mem:
        assert _active(mem, "ann") == []
        mem.remember("ann", USERS[0][1][0])  # the user saying it again is new, and kept
        assert _active(mem, "ann") == [USERS[0][1][0]]


def test_a_deleted_user_is_not_restored_by_an_old_export_nor_a_chat_log(store_url, tmp_path):
    with Souvenir.open(store_url, **OPEN) as mem:
        chat = tmp_path / "chat.jsonl"
        chat.write_text(
            "".join(
                json.dumps({"user": "ann", "message": text, "reply": "Noted."}, ensure_ascii=False) + "\n"
                for _, said, _, _ in USERS
                for text in said
            ),
            encoding="utf-8",
        )
        mem.replay(chat)
        backup = tmp_path / "backup.jsonl"
        backup.write_text("\n".join(_export_lines(mem, "ann")) + "\n", encoding="utf-8")
        assert len(_active(mem, "ann")) >= 10  # (one job replaces another)
        mem.delete_user("ann")
        results = mem.import_file(backup, "ann")
        assert all(r.reason == ERASED_REASON for r in results), results
        mem.replay(chat)
        with pytest.raises(UnknownError):  # nothing written: not even the user again
            mem.export_user("ann")


def test_the_marks_hold_no_text_nor_a_plain_hash_of_it(store_url):
    with Souvenir.open(store_url, **OPEN) as mem:
        mem.remember("ann", "I have HIV")
        mem.add_turn("ann", "Please forget everything about me.", "Done.")
    store = open_store(store_url)
    try:
        rows = store._query("SELECT user_key, text_mark FROM erased_texts", ())
        dump = json.dumps([list(r) for r in rows])
    finally:
        store.close()
    assert rows, "no mark recorded"
    for guess in ("I have HIV", "i have hiv", "ann"):
        assert guess not in dump and hashlib.sha256(guess.encode()).hexdigest()[:32] not in dump
