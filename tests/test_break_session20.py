"""Session 20, lane harden5: what an attacker (or a surprised user) found in sessions 18–19's
additions, each through real parts — a real SQLite file, the CLI's entry point, REST on
loopback. Each test failed before its fix."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from souvenir import Souvenir

QUIET = {"embedder": "none", "window_embedder": "none", "background": False}


def _seen(mem: Souvenir) -> dict[str, datetime]:
    page = mem.users(limit=1000)
    return {u.user: datetime.fromisoformat(str(u.created_at).replace("Z", "+00:00")) for u in page.users}


def test_first_seen_is_when_this_store_first_recorded_the_user_whichever_door(tmp_path: Path):
    """``souvenir users``' "first seen" was the wall clock for a chat replay and the first line's
    date for an import (a line dated 2001 made a user first seen in 2001, before users made earlier; an export moved in
    kept the old store's dates): one rule now — when this store first recorded the user."""
    chat = tmp_path / "chat.jsonl"
    chat.write_text(
        json.dumps(
            {
                "user": "ann",
                "message": "I moved to Ipoh last week",
                "reply": "Nice",
                "time": "2021-06-02T10:00:00+08:00",
            }
        )
        + "\n"
    )
    lines = tmp_path / "lines.jsonl"
    lines.write_text(
        json.dumps({"text": "Allergic to latex gloves", "date": "2019-01-10"})
        + "\n"
        + json.dumps({"text": "Plays the cello on Sundays", "date": "2001-03-04"})
        + "\n"
    )
    began = datetime.now(timezone.utc) - timedelta(seconds=2)
    with Souvenir.open(tmp_path / "a.db", **QUIET) as mem:
        mem.replay(chat)
        mem.import_file(lines, "bob")
        exported = mem.export_user("ann")
    (tmp_path / "ann.json").write_text(json.dumps(exported.model_dump(mode="json")))
    with Souvenir.open(tmp_path / "b.db", **QUIET) as mem:
        mem.import_file(tmp_path / "ann.json", "ann2")
        seen = _seen(mem)
    with Souvenir.open(tmp_path / "a.db", **QUIET) as mem:
        seen |= _seen(mem)
    ended = datetime.now(timezone.utc) + timedelta(seconds=2)
    assert set(seen) == {"ann", "bob", "ann2"}
    for user, when in seen.items():
        assert began <= when <= ended, (user, when)


def test_diagnostics_name_incidents_as_metrics_do_and_an_old_document_still_reads(tmp_path: Path):
    """``diagnostics.json`` listed dropped reflection items and rejected summaries under
    ``degraded`` (``/metrics``' ``degraded`` is degraded turns only): the list is ``incidents``,
    each kind the counter it adds to; a document written before (``degraded``) is still read."""
    from souvenir.schemas import Diagnostics

    with Souvenir.open(tmp_path / "a.db", **QUIET) as mem:
        mem.remember("ann", "I live in Leeds")
        mem.engine.reflect("api", "ann", "hi", "hello", {"memories": [{"text": 5}]})
        found = mem.diagnostics("ann")
    dumped = found.model_dump(mode="json")
    assert "degraded" not in dumped and [i["kind"] for i in dumped["incidents"]] == ["reflection_item_dropped"]
    old = dict(dumped)
    old["degraded"] = old.pop("incidents")
    assert Diagnostics.model_validate(old).incidents == found.incidents


def test_a_huge_single_line_is_refused_having_read_a_bounded_part(tmp_path: Path):
    """``souvenir import`` of a 50 MB one-line file read and parsed the line whole (437 MB
    resident) before refusing its text: lines are now read one at a time, a line over
    ``MAX_LINE_BYTES`` refused with its number; a one-line export (``GET …/export`` as ``curl``
    saves it) is still an export, and a record with a full 16 KiB text, escaped, still reads."""
    import tracemalloc

    from souvenir.ground.errors import FileFormatError
    from souvenir.replay.formats import MAX_LINE_BYTES, parse_chat_jsonl, parse_memories_jsonl

    big = tmp_path / "big.jsonl"
    with big.open("w") as out:
        out.write(json.dumps({"text": "fine", "message": "fine", "user": "ann"}) + "\n")
        out.write('{"text": "' + "x" * (20 << 20) + '"}\n')
    for parse in (parse_memories_jsonl, parse_chat_jsonl):
        tracemalloc.start()
        with pytest.raises(FileFormatError) as caught:
            parse(big)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert caught.value.line == 2 and "one record a line" in str(caught.value)
        assert peak < 4 * MAX_LINE_BYTES, peak  # not the 20 MiB line, nor the file
    wide = tmp_path / "wide.jsonl"
    wide.write_text(json.dumps({"text": "記" * 5000}) + "\n")  # 15 KB of UTF-8, 30 KB escaped
    assert parse_memories_jsonl(wide)[0].text == "記" * 5000
    with Souvenir.open(tmp_path / "a.db", **QUIET) as mem:
        mem.remember("ann", "Plays the cello on Sundays")
        exported = mem.export_user("ann").model_dump(mode="json")
    one_line = tmp_path / "ann.json"
    one_line.write_text(json.dumps(exported))
    assert [line.text for line in parse_memories_jsonl(one_line)] == ["Plays the cello on Sundays"]


def test_an_imported_profile_keeps_no_secret(tmp_path: Path):
    """Held (no fix needed): an export's summary and last queries holding a secret (an export
    edited by hand, or written before a detector existed) are redacted on their way in — the
    store scrubs every profile value it writes — as the import's memories pass the secrets
    filter."""
    exported = {
        "channel": "api",
        "user": "ann",
        "tables": {
            "memories": [{"id": 1, "text": "Plays the cello on Sundays", "status": "active"}],
            "user_kv": [
                {"key": "summary", "value": "Cellist. Her password is hunter2, card 4111 1111 1111 1111."},
                {"key": "last_queries", "value": json.dumps(["what is my password? it's hunter2", "cello"])},
            ],
        },
    }
    path = tmp_path / "ann.json"
    path.write_text(json.dumps(exported))
    carried: dict = {}
    with Souvenir.open(tmp_path / "a.db", **QUIET) as mem:
        mem.import_file(path, "ann", profile=carried)
        store = mem.runtime.store
        held = store.kv_all(store.find_user("api", "ann"))
    assert set(carried["carried"]) == {"summary", "last_queries"}, carried
    assert "Cellist" in held["summary"] and "cello" in held["last_queries"]
    for value in held.values():
        assert "hunter2" not in value and "4111" not in value, value


def test_the_cli_prints_ids_and_texts_as_they_are_not_as_emoji(tmp_path: Path, monkeypatch):
    """rich turned ``:smile:`` into 😄: ``souvenir users`` showed a user id no ``--user`` takes,
    and ``memories`` a text the store does not hold (":pizza:" as 🍕)."""
    import os

    from typer.testing import CliRunner

    from souvenir.cli.main import app

    with Souvenir.open(tmp_path / "a.db", **QUIET) as mem:
        mem.remember(":smile:", "Loves :pizza: on Fridays")
    monkeypatch.chdir(tmp_path)
    for name in [n for n in os.environ if n.startswith("SOUVENIR_")]:
        monkeypatch.delenv(name)
    env = {"SOUVENIR_EMBEDDER": "none", "SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_DATABASE_URL": "sqlite:///a.db"}
    said = CliRunner().invoke(app, ["users"], env=env).output
    assert ":smile:" in said and "😄" not in said, said
    said = CliRunner().invoke(app, ["memories", "--user", ":smile:"], env=env).output
    assert ":pizza:" in said and "🍕" not in said, said
    said = CliRunner().invoke(app, ["memories", "--user", ":nobody:"], env=env).output
    assert ":nobody:" in " ".join(said.split()) or "no user" in said, said


def _proxy_conversation(tmp_path: Path, last_history: list[dict]) -> tuple[list[str], list[str]]:
    """Through the proxy (a loopback model): a statement the reflection notes, then a request
    whose history is ``last_history`` + "Actually, don't remember that."; the notes before and
    after."""
    import time

    import httpx

    from souvenir.api.app import create_app
    from tests.attack_support import stub_model_settings, wait_until
    from tests.servers import ChatServer, UvicornThread

    with ChatServer(reply="Noted.") as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_timeout_s=2.0, llm_timeout_s=5.0
        )
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:

            def ask(messages: list[dict]) -> None:
                calls = len(upstream.requests)
                body = {"model": "stub", "user": "ann", "messages": messages}
                assert client.post("/v1/chat/completions", json=body).status_code == 200
                wait_until(lambda: len(upstream.requests) >= calls + 2, 15.0, 0.1)  # reply, reflection
                time.sleep(0.5)

            def active() -> list[str]:
                return [m["text"] for m in client.get("/v1/users/api/ann/memories").json()["memories"]]

            note = {"text": "Lives in Leeds", "kind": "fact", "scope": "global", "confidence": 0.9}
            upstream.reflection_answer = json.dumps({"memories": [note]})
            ask([{"role": "user", "content": "I live in Leeds now."}])
            before = wait_until(active, 15.0, 0.1)
            upstream.reflection_answer = json.dumps({"memories": []})
            ask([*last_history, {"role": "user", "content": "Actually, don't remember that."}])
            return before, active()


def test_dont_remember_that_through_the_proxy_points_at_the_conversation_shown(tmp_path: Path):
    """Held: the conversation the client shows is the recorded one ("that" is the statement)."""
    shown = [{"role": "user", "content": "I live in Leeds now."}, {"role": "assistant", "content": "Noted."}]
    before, after = _proxy_conversation(tmp_path, shown)
    assert before == ["Lives in Leeds"] and after == []


def test_dont_remember_that_with_another_history_erases_nothing_recorded(tmp_path: Path):
    """The proxy's "don't remember that" read the previous *recorded* turn: a request whose own
    history shows another exchange before it (a new chat, an edited history, another app's)
    erased what the recorded turn wrote. The exchange shown (the last assistant message) must be
    the recorded turn's reply; a client sending the message alone still points at it."""
    shown = [
        {"role": "user", "content": "My favourite colour is blue."},
        {"role": "assistant", "content": "Nice choice!"},
    ]
    before, after = _proxy_conversation(tmp_path, shown)
    assert before == ["Lives in Leeds"] and after == ["Lives in Leeds"]


def _late_job(tmp_path: Path, last_history: list[dict]) -> list[str]:
    """As :func:`_proxy_conversation`, the request sent while the statement's reflection is still
    running (the model answers reflections after 2 s): its memory is written after the request
    was recorded, and the request's own job acts on it (``act_on_late_memories``)."""
    import time

    import httpx

    from souvenir.api.app import create_app
    from tests.attack_support import stub_model_settings, wait_until
    from tests.servers import ChatServer, UvicornThread

    with ChatServer(reply="Noted.") as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_timeout_s=10.0, llm_timeout_s=5.0
        )
        upstream.reflection_mode, upstream.delay_s = "slow", 2.0
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:

            def ask(messages: list[dict]) -> None:
                body = {"model": "stub", "user": "ann", "messages": messages}
                assert client.post("/v1/chat/completions", json=body).status_code == 200

            def active() -> list[str]:
                return [m["text"] for m in client.get("/v1/users/api/ann/memories").json()["memories"]]

            note = {"text": "Lives in Leeds", "kind": "fact", "scope": "global", "confidence": 0.9}
            upstream.reflection_answer = json.dumps({"memories": [note]})
            ask([{"role": "user", "content": "I live in Leeds now."}])
            time.sleep(0.3)  # the statement recorded, its reflection not answered yet
            ask([*last_history, {"role": "user", "content": "Actually, don't remember that."}])
            wait_until(lambda: sum("response_format" in r for r in upstream.requests) >= 2, 20.0, 0.1)
            wait_until(lambda: all(j["status"] == "done" for j in client.get("/v1/jobs").json()["jobs"]), 20.0, 0.2)
            return active()


def test_the_requests_late_job_reads_the_conversation_shown_too(tmp_path: Path):
    """The statement's memory written after the request was recorded: the request's job erases it
    when the request showed the recorded exchange, and not when it showed another (it reads the
    record's ``forget_shown_elsewhere``; without that read, it erased)."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    recorded = [{"role": "user", "content": "I live in Leeds now."}, {"role": "assistant", "content": "Noted."}]
    assert _late_job(tmp_path / "a", recorded) == []
    other = [{"role": "user", "content": "My favourite colour is blue."}, {"role": "assistant", "content": "Nice!"}]
    assert _late_job(tmp_path / "b", other) == ["Lives in Leeds"]
