"""Replay and import files: LoCoMo, chat JSONL, memories JSONL; a bad file writes nothing."""

from __future__ import annotations

import json

import pytest

from souvenir.engine.core import Engine
from souvenir.ground.errors import FileFormatError
from souvenir.replay.apply import import_memories, replay_chat
from souvenir.replay.formats import (
    normalise_dia_id,
    parse_chat_jsonl,
    parse_locomo,
    parse_memories_jsonl,
    parse_session_time,
)
from souvenir.store import open_store
from tests.conftest import shared_path


@pytest.fixture
def engine(tmp_path):
    return Engine(open_store(f"sqlite:///{tmp_path / 'r.db'}"))


def test_session_time_and_dia_ids():
    assert parse_session_time("1:56 pm on 8 May, 2023").isoformat() == "2023-05-08T13:56:00+00:00"
    assert normalise_dia_id("D1:3") == ("D1:3", False)
    assert normalise_dia_id("D:11:26") == ("D11:26", True)
    assert normalise_dia_id(" D 1: 3") == ("D1:3", True)
    assert normalise_dia_id("nonsense")[0] is None


def test_locomo_file_parses(tmp_path):
    conv = parse_locomo(shared_path("data", "locomo", "conv-26.json"))
    assert conv.name == "conv-26" and len(conv.turns) == 419
    assert conv.turns[2].dia_id == "D1:3" and conv.turns[2].time.year == 2023
    assert len(conv.questions) == 199 and conv.observations


def test_malformed_chat_file_fails_with_its_line_and_writes_nothing(tmp_path, engine):
    path = tmp_path / "chat.jsonl"
    path.write_text(
        json.dumps({"user": "a", "message": "hello there"})
        + "\n"
        + json.dumps({"user": "a", "message": "I live in Ipoh"})
        + "\n"
        + '{"user": "a", "message": \n',
        encoding="utf-8",
    )
    with pytest.raises(FileFormatError) as info:
        replay_chat(engine, str(path), parse_chat_jsonl(path))
    assert info.value.line == 3
    assert engine.memories("api", "a") == []


def test_replay_without_a_channel_writes_in_the_default_api_channel(tmp_path, engine):
    """The replay functions defaulted to channel ``cli`` after every face moved to ``api``; a
    program calling them directly wrote users that the library and REST then did not find."""
    path = tmp_path / "ok.jsonl"
    path.write_text(json.dumps({"user": "a", "message": "I live in Ipoh"}) + "\n", encoding="utf-8")
    replay_chat(engine, str(path), parse_chat_jsonl(path))
    assert [m.text for m in engine.memories("api", "a")] == ["I live in Ipoh"]
    assert engine.store.find_user("cli", "a") is None


def test_oversize_line_fails_before_any_write(tmp_path, engine):
    path = tmp_path / "chat.jsonl"
    path.write_text(json.dumps({"message": "fine"}) + "\n" + json.dumps({"message": "x" * 20000}) + "\n")
    with pytest.raises(FileFormatError) as info:
        replay_chat(engine, str(path), parse_chat_jsonl(path), user="b")
    assert info.value.line == 2 and engine.memories("api", "b") == []


def test_non_utf8_file_names_its_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b'{"message": "ok"}\n{"message": "caf\xe9"}\n')
    with pytest.raises(FileFormatError) as info:
        parse_chat_jsonl(path)
    assert info.value.line == 2


def test_import_memories_through_the_write_path(tmp_path, engine):
    path = tmp_path / "mem.jsonl"
    rows = [
        {"text": "Aime le jazz et la bossa nova", "kind": "preference", "date": "2024-01-10"},
        {"text": "Aime le jazz", "kind": "preference", "date": "2024-05-01"},
        {"text": "Never mention the war", "kind": "rule"},
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    results = import_memories(engine, str(path), parse_memories_jsonl(path), "cli", "ann")
    assert [r.action for r in results] == ["insert", "absorb", "insert"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"text": "x", "kind": "gossip"}))
    with pytest.raises(FileFormatError, match="kind"):
        parse_memories_jsonl(bad)
