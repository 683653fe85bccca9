"""A time said ahead of the server's clock is refused beyond the clock-skew allowance
(session 17, lane fixes; :data:`souvenir.ground.limits.MAX_AHEAD_S`): ``/v1/turns`` said 2027-01-01
on 2026-12-06 and wrote "我明天（2027-01-02）要出差". Every face that takes a time: the
library's ``add_turn`` / ``remember`` / ``remember_many`` / ``update`` / ``import_file``,
REST's turns and memories on loopback, the CLI's import; a real SQLite file."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import httpx
import pytest
from typer.testing import CliRunner

from souvenir import InputError, Souvenir
from souvenir.api.app import create_app
from souvenir.cli.main import app
from souvenir.ground.errors import FileFormatError
from souvenir.ground.limits import MAX_AHEAD_S
from tests.servers import UvicornThread

MESSAGES = {
    "ann": "I fly to Leeds tomorrow",
    "léa": "Je pars à Lyon demain",
    "wei": "我明天要出差",
    "aminah": "Saya terbang ke Ipoh esok",
}


def _ahead(seconds: float) -> datetime:
    return datetime.now(timezone.utc) + timedelta(seconds=seconds)


@pytest.fixture
def library(tmp_path):
    with Souvenir.open(tmp_path / "f.db", embedder="none", window_embedder="none", background=False) as memory:
        yield memory


def test_the_library_refuses_a_turn_a_day_ahead_and_keeps_clock_skew(library: Souvenir) -> None:
    for user, message in MESSAGES.items():
        with pytest.raises(InputError) as raised:
            library.add_turn(user, message, time=_ahead(86400))
        said = str(raised.value)
        assert "in the future" in said and "24 hours after the server's clock" in said, said
        assert f"at most {MAX_AHEAD_S // 60} minutes" in said, said
        assert library.memories(user).memories == []  # nothing written, not even the user's zone
        library.add_turn(user, message, time=_ahead(60))  # a minute of skew: accepted
        assert len(library.memories(user).memories) == 1


def test_a_naive_time_is_the_users_local_time(library: Souvenir) -> None:
    """A naive time is read in the user's zone: 8 hours "ahead" in Shanghai is now there."""
    local = datetime.now(timezone(timedelta(hours=8))).replace(tzinfo=None)
    library.add_turn("wei", "我明天要出差", time=local, timezone="Asia/Shanghai")
    with pytest.raises(InputError, match="in the future"):
        library.add_turn("wei", "我后天要出差", time=local + timedelta(hours=2))


def test_memories_edits_and_imports_refuse_a_future_date(library: Souvenir, tmp_path) -> None:
    with pytest.raises(InputError, match="memory time .* in the future"):
        library.remember("ann", "Lives in Leeds", date=_ahead(3600))
    with pytest.raises(InputError, match="memory 1: memory time .* in the future"):
        library.remember_many("ann", [{"text": "Lives in York"}, {"text": "Has a cat", "date": _ahead(7200)}])
    kept = library.remember("ann", "Lives in Leeds", date=_ahead(30))
    with pytest.raises(InputError, match="in the future"):
        library.update("ann", kept.id, "Lives in Leeds city centre", date=_ahead(86400 * 30))
    lines = tmp_path / "m.jsonl"
    lines.write_text(
        json.dumps({"text": "Adore le thé vert", "date": "2025-01-02T00:00:00Z"})
        + "\n"
        + json.dumps({"text": "喜欢喝绿茶", "date": _ahead(86400).isoformat()})
        + "\n",
        encoding="utf-8",
    )
    with pytest.raises(FileFormatError, match=r"m\.jsonl:2: time .* is in the future"):
        library.import_file(lines, "léa")
    result = CliRunner().invoke(
        app,
        ["--db", str(tmp_path / "f.db"), "--embedder", "none", "import", "--user", "léa", str(lines)],
        catch_exceptions=False,
        env={"COLUMNS": "250"},
    )
    assert result.exit_code != 0 and "in the future" in result.output, result.output
    assert [m.text for m in library.memories("ann").memories] == ["Lives in Leeds"]


def test_rest_answers_422_naming_the_clock(library: Souvenir) -> None:
    admin = library.create_key("ops", admin=True)[0]
    auth = {"Authorization": f"Bearer {admin}"}
    with UvicornThread(create_app(library.runtime.settings, runtime=library)) as server:
        with httpx.Client(base_url=server.url, headers=auth, timeout=30) as http:
            for user, message in MESSAGES.items():
                answer = http.post("/v1/turns", json={"user": user, "message": message, "time": "2199-01-01T00:00:00Z"})
                assert answer.status_code == 422, answer.text
                assert "in the future" in answer.text and "clock skew" in answer.text, answer.text
                ok = http.post("/v1/turns", json={"user": user, "message": message, "time": _ahead(120).isoformat()})
                assert ok.status_code == 200, ok.text
            answer = http.post(
                "/v1/users/api/ann/memories", json={"text": "Has a dog", "date": _ahead(3600).isoformat()}
            )
            assert answer.status_code == 422 and "in the future" in answer.text, answer.text
            kept = http.post("/v1/users/api/ann/memories", json={"text": "Has a dog"}).json()["id"]
            answer = http.patch(
                f"/v1/users/api/ann/memories/{kept}", json={"text": "Has two dogs", "date": _ahead(3600).isoformat()}
            )
            assert answer.status_code == 422 and "in the future" in answer.text, answer.text
