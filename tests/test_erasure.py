"""Forget means forget: no text of a forgotten memory anywhere in either store or the
export (its wordings, vectors, turns, queries, selections, summary, anchors), a textless
tombstone for counts; and ids are never reused, on both stores."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from souvenir.engine.core import Engine
from souvenir.lexical.forgetting import carries, drop_sentences, wordings_key
from souvenir.store import open_store
from souvenir.ground.types import Candidate

NOW = datetime(2025, 6, 2, 10, 0, tzinfo=timezone.utc)
SECRET = "latex"  # every wording of the forgotten memory holds it (no other text does)


def _dump(store) -> str:
    """Every text column of every table, as one lower-cased string."""
    tables = [
        r[0]
        for r in store._query(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            if store.dialect == "sqlite"
            else "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        )
    ]
    parts = []
    for table in tables:
        for row in store._query(f"SELECT * FROM {table}"):
            parts += [
                v.decode("latin-1") if isinstance(v, (bytes, memoryview)) and not isinstance(v, memoryview) else str(v)
                for v in row
                if v is not None
            ]
    return "\n".join(parts).casefold()


def test_what_carries_a_memory():
    wordings = wordings_key(["Allergic to latex gloves (2025-06-03)", ""])
    assert carries("She is ALLERGIC to latex gloves, remember", wordings)
    assert carries("gloves: latex makes her allergic", wordings)  # every content word
    assert not carries("She likes gloves", wordings) and not carries(None, wordings)
    assert (
        drop_sentences("Lives in Ipoh. Allergic to latex gloves! Has a cat.", wordings) == "Lives in Ipoh. Has a cat."
    )
    assert drop_sentences("住在怡保。对乳胶手套过敏。", wordings_key(["对乳胶手套过敏"])) == "住在怡保。"


def test_forget_leaves_no_text_in_the_store_or_the_export(store_url):
    store = open_store(store_url)
    engine = Engine(store)
    try:
        engine.record_turn("api", "u", "I live in Ipoh with my cat", "Nice!", now=NOW)
        engine.record_turn("api", "u", "I am allergic to latex gloves", "Noted, no latex gloves.", now=NOW)
        engine.record_turn(
            "api", "u", "I am allergic to latex gloves and latex balloons", "OK", now=NOW + timedelta(hours=1)
        )  # a richer wording: the old one goes to history
        engine.context("api", "u", "am I allergic to latex gloves?")  # a recorded selection carrying it
        engine.flush()
        user_id = store.find_user("api", "u")
        store.kv_set(user_id, "summary", "Lives in Ipoh. Allergic to latex gloves.", NOW)
        story = store.ensure_story(user_id, "clinic", NOW)
        store.set_story_summary(story, "The nurse met her. She is allergic to latex gloves. They laughed.")
        store.add_anchor(story, "Allergic to latex gloves and latex balloons", NOW)
        store.add_anchor(story, "Lives in Ipoh", NOW)
        store.enqueue(user_id, store._query("SELECT MAX(id) FROM turns")[0][0], "reflection", NOW)
        target = next(m for m in engine.memories("api", "u") if SECRET in m.text)
        assert store.history(target.id)  # the first wording is kept as its history
        store.put_vectors("stub", [(target.id, target.content_hash, __import__("numpy").ones(4))])
        before = len(engine.memories("api", "u", status=None))

        engine.delete_memory("api", "u", target.id, now=NOW + timedelta(hours=2))

        assert SECRET not in _dump(store)
        export = json.dumps(engine.export_user("api", "u"), ensure_ascii=False, default=str).casefold()
        assert SECRET not in export
        tomb = store.get_memory(target.id)
        assert tomb.status == "deleted" and tomb.text == "" and tomb.content_hash == "erased"
        assert len(engine.memories("api", "u", status=None)) == before  # the tombstone stays for counts
        assert [m.text for m in engine.memories("api", "u")] == ["I live in Ipoh with my cat"]
        assert store.anchors(story) == [
            {"id": 2, "text": "Lives in Ipoh", "created_at": store.anchors(story)[0]["created_at"]}
        ]
        assert store.story_summary(story) == "The nurse met her. They laughed."
        assert "summary" not in store.kv_all(user_id)
        assert json.loads(store.kv_get(user_id, "last_queries")) == ["I live in Ipoh with my cat"]
        assert store.outbox_counts().get("pending", 0) == 0
        block = engine.context("api", "u", "what about gloves?").block
        assert SECRET not in block.casefold() and "Ipoh" in block
    finally:
        engine.close()
        store.close()


def test_a_forgotten_summary_is_rebuilt_at_the_next_turn(tmp_path):
    """The summary is cleared whole (a model may have paraphrased the fact) and the
    summariser's fallback counter made due, so the next turn queues a new one."""
    store = open_store(f"sqlite:///{tmp_path / 's.db'}")
    engine = Engine(store)
    engine.record_turn("api", "u", "I am allergic to latex gloves", now=NOW)
    user_id = store.find_user("api", "u")
    store.kv_set(user_id, "summary", "Has a glove allergy.", NOW)
    engine.delete_memory("api", "u", engine.memories("api", "u")[0].id)
    assert store.kv_get(user_id, "meta:turns_since_summary") == "10"
    from souvenir import profile

    fire, why = profile.should_summarize(
        store.kv_all(user_id), "ok", False, 0, profile.count_turn(store.kv_all(user_id), "ok")
    )
    assert fire and why.startswith("turns:")


def test_ids_are_never_reused(store_url):
    """After a user (holding the newest ids) is deleted, the next user, turn and memory get
    new ids: an id an integrator logged never points at someone else's data."""
    store = open_store(store_url)
    engine = Engine(store)
    try:
        engine.record_turn("api", "old", "I live in Ipoh", now=NOW)
        old_user = store.find_user("api", "old")
        old_memory = engine.memories("api", "old")[0].id
        old_turn = store._query("SELECT MAX(id) FROM turns")[0][0]
        engine.delete_user("api", "old")
        engine.record_turn("api", "new", "I live in Lyon", now=NOW)
        assert store.find_user("api", "new") > old_user
        assert engine.memories("api", "new")[0].id > old_memory
        assert store._query("SELECT MAX(id) FROM turns")[0][0] > old_turn
        if store.dialect == "postgres":  # GENERATED ALWAYS: no id can be written by hand
            from souvenir.ground.errors import StoreError

            with pytest.raises(StoreError):
                with store.transaction() as conn:
                    conn.execute(
                        "INSERT INTO users (id, channel, external_id, created_at) VALUES (?, ?, ?, ?)",
                        (old_user, "api", "x", "2025"),
                    )
    finally:
        engine.close()
        store.close()


def test_an_old_sqlite_store_is_migrated_to_ids_never_reused(tmp_path):
    """Migration 0015 rebuilds the tables of a store made before it: rows, indexes, the read
    path's triggers and the foreign keys stay; the ids then never go back."""
    path = tmp_path / "old.db"
    store = open_store(f"sqlite:///{path}", migrate=False)
    store.migrate(stop_before=15)
    # memories only, written by the store's INSERT (today's reads need today's schema: the
    # turns of this version have no utc_offset, its memories no clocks yet, migration 0019)
    uid = store.ensure_user("api", "a", NOW)
    for text in ("I live in Ipoh", "Has a cat named Kopi"):
        newest = store.insert_memory(uid, text, "fact", "global", None, 1.0, False, None, NOW)
    store.close()

    store = open_store(f"sqlite:///{path}")
    assert 15 in store.applied()
    engine = Engine(store)
    assert [m.text for m in engine.memories("api", "a")] == ["I live in Ipoh", "Has a cat named Kopi"]
    engine.delete_user("api", "a")
    engine.remember("api", "b", Candidate(text="Lives in Lyon"), now=NOW)
    assert engine.memories("api", "b")[0].id > newest
    with store.transaction() as conn:
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    triggers = {r[0] for r in store._query("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    assert {
        "read_tick_user",
        "read_tick_memory_insert",
        "read_tick_memory_update",
        "read_tick_memory_delete",
        "read_tick_vector_insert",
    } <= triggers
    engine.close()
    store.close()


def test_a_turn_cleared_by_forget_leaves_the_context_history(store_url):
    """``history`` is the conversation for callers that keep none: a turn a forgotten memory
    cleared came back as ``{"message": "", "reply": null}``, an empty user message to send a model."""
    store = open_store(store_url)
    engine = Engine(store)
    try:
        engine.record_turn("api", "u", "I live in Ipoh with my cat", "Nice!", now=NOW)
        _, written = engine.record_turn(
            "api", "u", "I am allergic to latex gloves", "Noted.", now=NOW + timedelta(minutes=1)
        )
        engine.record_turn("api", "u", "I like durian", "Bold!", now=NOW + timedelta(minutes=2))
        engine.delete_memory("api", "u", written.memory_id)
        history = engine.context("api", "u", "what do I like?", now=NOW + timedelta(minutes=3)).history
        assert [(t["message"], t["reply"]) for t in history] == [
            ("I live in Ipoh with my cat", "Nice!"),
            ("I like durian", "Bold!"),
        ]
    finally:
        store.close()
