"""An import keeps each memory's own date (issue #18: an import that dated every memory
"today" handed the quota and rescue places to them)."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from souvenir.ground.config import Settings
from souvenir.ground.errors import FileFormatError
from souvenir.replay.apply import import_memories
from souvenir.replay.formats import parse_memories_jsonl
from souvenir.engine.runtime import open_runtime


def test_each_imported_memory_keeps_its_date_whatever_the_key(tmp_path):
    lines = [
        {"text": "The user works as a hotel manager.", "date": "2019-03-02"},
        {"text": "The user adopted a cat named Kopi.", "time": "2021-07-15T10:00:00+00:00"},
        {"text": "The user moved to Toulouse.", "created_at": "2022-01-09"},
        {"text": "The user likes green tea.", "kind": "preference"},
    ]
    path = tmp_path / "m.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    parsed = parse_memories_jsonl(path)
    assert [p.date.date().isoformat() if p.date else None for p in parsed] == [
        "2019-03-02",
        "2021-07-15",
        "2022-01-09",
        None,
    ]
    rt = open_runtime(
        Settings(database_url=f"sqlite:///{tmp_path / 'd.db'}", embedder="none", window_embedder="none", _env_file=None)
    )
    try:
        import_memories(rt.engine, str(path), parsed, "cli", "u")
        dated = {m.text: m for m in rt.engine.memories("cli", "u")}
        assert dated["The user works as a hotel manager."].created_at.date().isoformat() == "2019-03-02"
        assert dated["The user works as a hotel manager."].updated_at.date().isoformat() == "2019-03-02"
        assert dated["The user adopted a cat named Kopi."].updated_at == datetime(2021, 7, 15, 10, tzinfo=timezone.utc)
        assert dated["The user moved to Toulouse."].updated_at.date().isoformat() == "2022-01-09"
        # a poorer variant imported later is absorbed without refreshing the date (seed 000)
        again = tmp_path / "again.jsonl"
        again.write_text(json.dumps({"text": "The user works as a hotel manager", "date": "2024-05-05"}))
        import_memories(rt.engine, str(again), parse_memories_jsonl(again), "cli", "u")
        kept = next(m for m in rt.engine.memories("cli", "u") if "hotel" in m.text)
        assert kept.updated_at.date().isoformat() == "2019-03-02"
    finally:
        rt.close()


def test_an_unreadable_date_is_refused_with_its_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"text": "x y z", "time": "last tuesday"}), encoding="utf-8")
    with pytest.raises(FileFormatError, match="unreadable time"):
        parse_memories_jsonl(path)
