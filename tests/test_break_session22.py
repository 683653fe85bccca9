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
