"""Attacks on session 21's surface (session 22, harden7): real SQLite files, PostgreSQL on
127.0.0.1:5432, ``souvenir serve`` on loopback where a route is attacked.

A. A caller's ``source`` shared by two conversations: "don't remember that" in story B erased
   the memories story A's turn wrote at the same instant under the same source (a conversation id
   given as source, a time given by the caller); now only the memories kept in the turn's own story
   are paired when another conversation's turn has that source and time.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from souvenir import Souvenir

OPEN = dict(embedder="none", window_embedder="none", background=False)
T = datetime(2026, 3, 1, 10, 0, tzinfo=timezone.utc)

# -- A. a caller's source shared by two conversations ------------------------------------------

SHARED = [
    ("en", "My sister lives in Penang", "I owe my cousin 500 ringgit", "Don't remember that."),
    ("fr", "Ma sœur habite à Lyon", "Je dois 500 euros à mon cousin", "Ne retiens pas ça."),
    ("zh", "我妹妹住在槟城", "我欠表哥五百块钱", "刚才说的别记了"),
    ("ms", "Kakak saya tinggal di Ipoh", "Saya berhutang RM500 dengan sepupu saya", "Jangan simpan itu."),
]


def _status(memory: Souvenir, user: str) -> dict[int, str]:
    return {m.id: m.status for m in memory.memories(user, status="all").memories}


@pytest.mark.parametrize("lang, other, said, request_", SHARED)
def test_a_source_shared_with_another_story_erases_only_this_storys_turn(store_url, lang, other, said, request_):
    user = f"src-{lang}"
    with Souvenir.open(store_url, **OPEN) as memory:
        a = memory.add_turn(user, other, "Nice!", story="A", source="chat-1", time=T).memory.id
        b = memory.add_turn(user, said, "Ok", story="B", source="chat-1", time=T).memory.id
        got = memory.add_turn(user, request_, "Done", story="B", source="chat-2", time=T + timedelta(minutes=1))
        status = _status(memory, user)
        assert status[a] == "active", (got.memory, status)  # another conversation's memory: kept
        assert status[b] == "deleted", (got.memory, status)  # what was just said in B: erased


def test_a_source_of_one_conversation_still_names_what_its_turn_wrote(store_url):
    """The pairing by source and instant is unchanged when no other conversation shares them."""
    with Souvenir.open(store_url, **OPEN) as memory:
        a = memory.add_turn("one", "My sister lives in Penang", "Nice!", story="A", source="chat-1", time=T).memory.id
        later = T + timedelta(seconds=5)
        b = memory.add_turn(
            "one", "I owe my cousin 500 ringgit", "Ok", story="A", source="chat-1", time=later
        ).memory.id
        memory.add_turn(
            "one", "Don't remember that.", "Done", story="A", source="chat-1", time=T + timedelta(minutes=1)
        )
        assert _status(memory, "one") == {a: "active", b: "deleted"}


# -- B. the conversation context of the read path ----------------------------------------------

SECRET = "sk-proj-AbCdEf0123456789AbCdEf0123456789xyz"


def test_hostile_messages_are_bounded_and_named_by_the_item(tmp_path) -> None:
    """A non-string item names its own type (it said ``got list``, the whole argument's); more
    than 400 messages are refused by the bound; 400 texts of 16 KB each are read (their starts)."""
    from souvenir.errors import InputError

    with Souvenir.open(tmp_path / "m.db", **OPEN) as memory:
        memory.remember("ann", "My sister lives in Penang")
        for bad, named in (([1, "hi"], "int"), (["hi", None], "NoneType"), (["hi", {"type": "image_url"}], "dict")):
            with pytest.raises(InputError, match=rf"messages\.\d: .*\(got {named}\)"):
                memory.context("ann", "and her?", messages=bad)
        with pytest.raises(InputError, match="at most 400"):
            memory.context("ann", "and her?", messages=["x"] * 10_000)
        got = memory.context("ann", "where does she live?", messages=["é" * 16384] * 400)
        assert not got.degraded and [m.text for m in got.memories] == ["My sister lives in Penang"]


def test_a_secret_in_the_messages_reaches_neither_the_store_nor_the_page(tmp_path) -> None:
    import json
    import sqlite3

    db = tmp_path / "s.db"
    with Souvenir.open(db, **OPEN) as memory:
        memory.remember("ann", "My sister lives in Penang")
        for message in ("and her?", "where does she live?", "她住哪儿？"):
            memory.context("ann", message, messages=[f"my key is {SECRET}", "Ma clé : " + SECRET, message])
        memory.runtime.engine.flush(None)
        page = memory.diagnostics("ann")
        assert SECRET[8:20] not in json.dumps(page, default=str)
    con = sqlite3.connect(db)
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            for row in con.execute(f"SELECT * FROM {table}"):  # noqa: S608 - the file's own table names
                assert not any(isinstance(v, str) and SECRET[8:20] in v for v in row), table
    finally:
        con.close()
