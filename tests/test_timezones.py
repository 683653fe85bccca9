"""The user's own day: relative dates grounded in local time on every path (no model,
reflection, import), the block printed in the user's days, DST, and the zone learned from
the API, from a turn's own offset and from the proxy's header."""

from __future__ import annotations

from souvenir.schemas import ContextPublic

import json
from datetime import date, datetime, timedelta, timezone

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.engine.core import Engine
from souvenir.ground.errors import InputError
from souvenir.replay.apply import import_memories
from souvenir.replay.formats import parse_memories_jsonl
from souvenir.engine.runtime import open_runtime
from souvenir.store import open_store
from souvenir.ground.timeutil import parse_time
from souvenir.ground.timezones import canonical_zone, learned_zone, local_day, localize
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread

KL = timezone(timedelta(hours=8))
NOW = datetime(2025, 3, 10, tzinfo=timezone.utc)


def _texts(engine: Engine, user: str, channel: str = "api") -> list[str]:
    return [m.text for m in engine.memories(channel, user)]


# -- pure rules ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, expected",
    [
        ("Europe/Paris", "Europe/Paris"),
        ("UTC+8", "+08:00"),
        ("+0800", "+08:00"),
        ("-7", "-07:00"),
        ("+05:30", "+05:30"),
        ("Z", "UTC"),
        ("+00:00", "UTC"),
        ("Asia/Kuala_Lumpur", "Asia/Kuala_Lumpur"),
    ],
)
def test_zone_texts_are_canonical(text, expected):
    assert canonical_zone(text) == expected


@pytest.mark.parametrize("text", ["Mars/Olympus", "+15:00", "", "x" * 100, "../../etc/passwd", "+08:75"])
def test_unknown_zones_are_refused(text):
    with pytest.raises(InputError):
        canonical_zone(text)


def test_localize_keeps_an_own_offset_and_reads_the_rest_in_the_user_zone():
    own = datetime(2025, 3, 3, 7, 0, tzinfo=KL)
    assert localize(own, "Europe/Paris", NOW) is own  # the turn's own offset wins
    utc = datetime(2025, 3, 2, 23, 0, tzinfo=timezone.utc)
    assert localize(utc, "+08:00", NOW).date() == date(2025, 3, 3)
    assert localize(utc, None, NOW).date() == date(2025, 3, 2)
    assert localize(date(2025, 1, 10), "America/Phoenix", NOW).isoformat() == "2025-01-10T00:00:00-07:00"
    assert localize(None, "+08:00", datetime(2025, 3, 2, 23, 0, tzinfo=timezone.utc)).date() == date(2025, 3, 3)


def test_localize_is_dst_correct_in_paris():
    """Europe/Paris is UTC+1 in winter, UTC+2 in summer (changes 2025-03-30 and 2025-10-26)."""
    summer_late = datetime(2025, 3, 30, 21, 30, tzinfo=timezone.utc)  # 23:30 CEST
    winter_late = datetime(2025, 10, 26, 22, 30, tzinfo=timezone.utc)  # 23:30 CET
    assert localize(summer_late, "Europe/Paris", NOW).isoformat() == "2025-03-30T23:30:00+02:00"
    assert localize(winter_late, "Europe/Paris", NOW).isoformat() == "2025-10-26T23:30:00+01:00"
    # a fixed offset read from a summer turn would put the winter moment on the next day
    assert localize(winter_late, "+02:00", NOW).date() == date(2025, 10, 27)
    # naive local times across the change: each day gets its own offset
    assert localize(datetime(2025, 3, 29, 12), "Europe/Paris", NOW).utcoffset() == timedelta(hours=1)
    assert localize(datetime(2025, 3, 31, 12), "Europe/Paris", NOW).utcoffset() == timedelta(hours=2)


def test_a_turn_offset_teaches_the_zone_unless_the_stored_zone_agrees():
    summer = datetime(2025, 7, 1, 9, 0, tzinfo=timezone(timedelta(hours=2)))
    assert learned_zone(None, summer) == "+02:00"
    assert learned_zone("Europe/Paris", summer) is None  # Paris gives +02:00 then: keep the IANA zone
    assert learned_zone("Europe/Paris", datetime(2025, 7, 1, 9, 0, tzinfo=KL)) == "+08:00"  # travelled
    assert learned_zone("+08:00", datetime(2025, 7, 1, 9, 0, tzinfo=timezone.utc)) is None  # UTC teaches nothing
    assert learned_zone(None, None) is None


# -- every write path --------------------------------------------------------------------------
def test_tomorrow_at_7am_in_kuala_lumpur_without_a_model(tmp_path):
    """明天 said at 07:00+08:00 (23:00 UTC the day before) is the user's next day."""
    engine = Engine(open_store(f"sqlite:///{tmp_path / 'n.db'}"))
    engine.record_turn("api", "u", "明天下午三点去驿站取快递", time=parse_time("2025-03-03T07:00:00+08:00"))
    assert _texts(engine, "u") == ["明天（2025-03-04）下午三点去驿站取快递"]
    assert engine.store.kv_get(engine.store.find_user("api", "u"), "tz") == "+08:00"  # learned


def test_tomorrow_at_7am_in_kuala_lumpur_through_the_reflection(store_url):
    """The reflection runs later, from the outbox: it reads the turn's own offset back."""
    fact = json.dumps(
        {"memories": [{"text": "明天去驿站取快递", "kind": "promise", "scope": "global", "confidence": 0.9}]},
        ensure_ascii=False,
    )
    with ChatServer(reflection_answer=fact) as upstream:
        settings = stub_model_settings(store_url, upstream.url)
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn(
                "telegram", "7", "我明天去驿站取快递", "好的", time=parse_time("2025-03-03T07:00:00+08:00")
            )
            assert rt.worker.drain(timeout_s=20)
            assert _texts(rt.engine, "7", "telegram") == ["明天（2025-03-04）去驿站取快递"]
        finally:
            rt.close()


def test_import_and_direct_writes_read_dates_in_the_user_zone(tmp_path):
    """A date alone (import) or a naive time (API, CLI) is the user's local day."""
    engine = Engine(open_store(f"sqlite:///{tmp_path / 'i.db'}"))
    engine.set_timezone("cli", "u", "America/Phoenix")
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps({"text": "Delivery due tomorrow", "date": "2025-01-10"}) + "\n")
    import_memories(engine, str(path), parse_memories_jsonl(path), "cli", "u")
    memory = engine.memories("cli", "u")[0]
    assert memory.text == "Delivery due tomorrow (2025-01-11)"
    assert local_day(memory.updated_at, "America/Phoenix") == date(2025, 1, 10)
    assert memory.updated_at.isoformat() == "2025-01-10T07:00:00+00:00"  # local midnight, stored in UTC
    block = engine.context("cli", "u", "when is my delivery?").block
    assert "2025-01-10]" in block


def test_dst_change_in_paris_grounds_and_prints_the_local_day(tmp_path):
    """A user in Europe/Paris whose client sends UTC times: 23:30 local on the night of each
    DST change. With a fixed offset one of the two would be grounded a day late."""
    engine = Engine(open_store(f"sqlite:///{tmp_path / 'd.db'}"))
    engine.set_timezone("api", "p", "Europe/Paris")
    engine.record_turn(
        "api", "p", "Je passe au bureau demain matin", time=datetime(2025, 3, 30, 21, 30, tzinfo=timezone.utc)
    )  # 23:30 CEST
    engine.record_turn(
        "api", "p", "Le colis arrive demain", time=datetime(2025, 10, 26, 22, 30, tzinfo=timezone.utc)
    )  # 23:30 CET
    engine.record_turn(
        "api", "p", "Rendez-vous chez le dentiste aujourd'hui", time=datetime(2025, 10, 26, 23, 30, tzinfo=timezone.utc)
    )  # 00:30 CET, the 27th
    texts = _texts(engine, "p")
    assert "Je passe au bureau demain matin (2025-03-31)" in texts
    assert "Le colis arrive demain (2025-10-27)" in texts
    assert "Rendez-vous chez le dentiste aujourd'hui (2025-10-27)" in texts
    block = engine.context("api", "p", "dentiste ?", now=datetime(2025, 10, 28, tzinfo=timezone.utc)).block
    assert '[episode, 2025-10-27] "Rendez-vous chez le dentiste' in block
    result = ContextPublic.from_result(engine.context("api", "p", "dentiste ?")).model_dump(mode="json")
    dates = {m["text"][:9]: m["day"] for m in result["memories"]}
    assert dates["Rendez-vo"] == "2025-10-27" and dates["Je passe "] == "2025-03-30"


# -- the service: API, /v1/turns' time, the proxy's header ---------------------------------------
def test_zone_set_by_api_by_turn_time_and_by_the_proxy_header(tmp_path):
    with ChatServer(reply="Noted.") as upstream:
        settings = stub_model_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url)
        rt = open_runtime(settings)
        try:
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                url = server.url
                r = httpx.put(f"{url}/v1/users/api/a/timezone", json={"tz": "Mars/Base"})
                assert r.status_code == 422
                r = httpx.put(f"{url}/v1/users/api/a/timezone", json={"tz": "UTC+8"})
                assert r.status_code == 200 and r.json() == {"tz": "+08:00"}
                assert httpx.get(f"{url}/v1/users/api/a/timezone").json() == {"tz": "+08:00"}
                assert httpx.get(f"{url}/v1/users/api/nobody/timezone").status_code == 404
                # /v1/turns: a time with its own offset teaches the zone
                r = httpx.post(
                    f"{url}/v1/turns", json={"user": "b", "message": "hello there", "time": "2025-03-03T07:00:00-07:00"}
                )
                assert r.status_code == 200
                assert httpx.get(f"{url}/v1/users/api/b/timezone").json() == {"tz": "-07:00"}
                r = httpx.post(f"{url}/v1/turns", json={"user": "b", "message": "hi", "timezone": "Nowhere/X"})
                assert r.status_code == 422
                # the proxy's header
                r = httpx.post(
                    f"{url}/v1/chat/completions",
                    headers={"X-Souvenir-Timezone": "Europe/Paris"},
                    json={"model": "stub", "user": "c", "messages": [{"role": "user", "content": "I moved to Lyon"}]},
                    timeout=30,
                )
                assert r.status_code == 200
                bad = httpx.post(
                    f"{url}/v1/chat/completions",
                    headers={"X-Souvenir-Timezone": "Paris!"},
                    json={"model": "stub", "user": "c", "messages": [{"role": "user", "content": "x"}]},
                )
                assert bad.status_code == 422 and "X-Souvenir-Timezone" in bad.text
                deadline = 50
                while deadline and rt.store.find_user("api", "c") is None:
                    import time as _t

                    _t.sleep(0.1)
                    deadline -= 1
                assert httpx.get(f"{url}/v1/users/api/c/timezone").json() == {"tz": "Europe/Paris"}
        finally:
            rt.close()
