"""Session 19, lane debt: an export → import carries the user's profile (``tz``, ``lang``,
``summary``, ``last_queries``, ``state:*``), bounded and validated, and nothing an erasure
took comes back. Through the library and the CLI, SQLite → SQLite and SQLite → PostgreSQL."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from souvenir import Souvenir
from souvenir.cli.main import app
from souvenir.replay.export_profile import MAX_ROWS, exported_profile

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}

# (language code, a message in it, a question in it)
SAID = [
    ("en", "I moved to Leeds last spring with my wife", "Where do I live now?"),
    ("fr", "J'habite à Lyon depuis deux ans avec ma femme", "Où est-ce que j'habite maintenant ?"),
    ("zh", "我去年春天和妻子一起搬到了上海", "我现在住在哪里？"),
    ("ms", "Saya berpindah ke Ipoh tahun lepas bersama isteri saya", "Di mana saya tinggal sekarang?"),
]
SUMMARY = "Lives with his wife; moved last spring."


def _export(tmp_path, lang: str, message: str, question: str) -> tuple[str, dict]:
    """An export of user ann who said ``message`` and asked ``question`` in zone Asia/Kuala_Lumpur,
    with a summary and a model's state number added as a summariser and a reflection write them."""
    with Souvenir.open(tmp_path / f"src-{lang}.db", **OPEN) as mem:
        mem.add_turn("ann", message, timezone="Asia/Kuala_Lumpur")
        mem.context("ann", question)
        data = mem.export_user("ann").model_dump(mode="json")
    rows = data["tables"]["user_kv"]
    rows += [
        {"user_id": 1, "key": "summary", "value": SUMMARY, "updated_at": "2026-12-01T00:00:00Z"},
        {"user_id": 1, "key": "state:mood", "value": "0.25", "updated_at": "2026-12-01T00:00:00Z"},
    ]
    path = tmp_path / f"ann-{lang}.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return str(path), data


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
@pytest.mark.parametrize(("lang", "message", "question"), SAID, ids=[s[0] for s in SAID])
def test_an_export_carries_the_profile(request, backend, tmp_path, lang, message, question):
    path, _ = _export(tmp_path, lang, message, question)
    target = request.getfixturevalue("pg_url") if backend == "postgres" else str(tmp_path / "dst.db")
    with Souvenir.open(target, **OPEN) as mem:
        report: dict = {}
        mem.import_file(path, "ann", profile=report)
        profile = mem.profile("ann")
        assert profile["tz"] == "Asia/Kuala_Lumpur" and profile["lang"] == lang, profile
        assert profile["summary"] == SUMMARY and profile["state:mood"] == 0.25
        assert profile["last_queries"] == [message], profile
        assert report["carried"] == ["lang", "last_queries", "state:mood", "summary", "tz"], report
        assert not any(k.startswith("meta:") for k in report["carried"] + list(report["left_out"]))
        # imported again: the user's own values stay, each named
        mem.import_file(path, "ann", profile=(again := {}))
        assert again["carried"] == [] and again["left_out"]["tz"] == "the user has one here already"


def test_nothing_erased_comes_back_with_the_profile(tmp_path, monkeypatch):
    """After the user erased something here, only ``tz`` comes: the summary, the questions,
    the language and a model's numbers were read from their words."""
    path, _ = _export(tmp_path, "en", *SAID[0][1:])
    with Souvenir.open(tmp_path / "dst.db", **OPEN) as mem:
        mem.add_turn("ann", "I take Biktarvy every morning")
        mem.add_turn("ann", "Please forget everything about me.")
    monkeypatch.chdir(tmp_path)
    out = CliRunner().invoke(
        app,
        ["--db", str(tmp_path / "dst.db"), "--embedder", "none", "import", path, "--user", "ann"],
        env={"SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_LLM_BASE_URL": ""},
    )
    said = " ".join(out.output.split())
    assert out.exit_code == 0, out.output
    assert "profile: tz carried" in said, said
    assert "summary not carried: read from the user's words, and the user erased something here" in said
    assert SUMMARY not in said and "Leeds" not in said  # keys and reasons, never values
    with Souvenir.open(tmp_path / "dst.db", **OPEN) as mem:
        assert set(mem.profile("ann")) == {"tz"}, mem.profile("ann")


def test_a_hostile_profile_is_bounded_and_read_strictly():
    rows = [
        {"key": "tz", "value": "Mars/Olympus_Mons"},
        {"key": "lang", "value": "not a language at all"},
        {"key": "summary", "value": "x" * 100_000},
        {"key": "last_queries", "value": json.dumps(["q" * 5000] * 50)},
        {"key": "state:" + "m" * 200, "value": "0.5"},
        {"key": "state:nan", "value": "nan"},
        {"key": "state:huge", "value": "1e308"},
        {"key": "meta:turns_since_summary", "value": "9"},
        {"key": "password", "value": "hunter2"},
        {"key": "summary\x00", "value": "\ud800"},
        {"key": "last_queries", "value": json.dumps(["fine", "bad \ud800"])},
        "not a row",
        {"key": 7, "value": "7"},
        {"key": "lang", "value": ["en"]},
    ]
    read = exported_profile({"tables": {"user_kv": rows}})
    assert read.values == {"state:huge": "1.000"}, read.values
    assert read.left_out["tz"] == "not a time zone" and read.left_out["lang"] == "not a language tag"
    assert read.left_out["summary"] == "a value too long to be one"
    assert read.left_out["last_queries"] == "not text (a lone surrogate or a NUL)"
    assert read.left_out["password"] == "not a profile key an import carries"
    assert "meta:turns_since_summary" not in read.left_out
    assert all("hunter2" not in why for why in read.left_out.values())
    many = exported_profile({"tables": {"user_kv": [{"key": f"state:s{i}", "value": "0.1"} for i in range(10_000)]}})
    assert len(many.values) == 32 and many.left_out["…"] == f"rows past the first {MAX_ROWS}"
    for junk in (None, [], {"tables": None}, {"tables": {"user_kv": "x"}}):
        assert exported_profile(junk).values == {}  # type: ignore[arg-type]
