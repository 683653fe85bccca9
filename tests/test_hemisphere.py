"""Seasons follow the user's hemisphere (issue #26, round 5): a summer job said in December
by a user in Sydney ends on 1 March, not on 1 September; the zone decides (profile ``tz``),
the northern hemisphere is the default (no zone, a fixed offset, a northern or tropical
zone). Four languages; the library on SQLite with a stored zone."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from souvenir import Souvenir
from souvenir.lexical.duration import temporary_end
from souvenir.ground.timezones import southern

SUMMER = [
    ("en", "Works at the pool this summer"),
    ("fr", "Bosse chez un glacier cet été"),
    ("zh", "暑假在咖啡店打工"),
    ("ms", "Kerja sambilan di kolam renang cuti musim panas ini"),
]
WINTER = [
    ("en", "Works at the ski lodge this winter"),
    ("fr", "Travaille à la station cet hiver"),
    ("zh", "寒假在滑雪场打工"),
    ("ms", "Kerja di resort ski musim sejuk ini"),
]


@pytest.mark.parametrize(("lang", "text"), SUMMER)
def test_a_southern_summer_ends_on_1_march(lang: str, text: str) -> None:
    assert temporary_end(text, date(2026, 12, 10), south=True) == date(2027, 3, 1), lang
    assert temporary_end(text, date(2027, 1, 20), south=True) == date(2027, 3, 1), lang
    assert temporary_end(text, date(2026, 6, 10)) == date(2026, 9, 1), lang  # the default: north


@pytest.mark.parametrize(("lang", "text"), WINTER)
def test_a_southern_winter_ends_on_1_september(lang: str, text: str) -> None:
    assert temporary_end(text, date(2026, 6, 10), south=True) == date(2026, 9, 1), lang
    assert temporary_end(text, date(2026, 12, 10)) == date(2027, 3, 1), lang


@pytest.mark.parametrize(
    ("tz", "south"),
    [
        ("Australia/Sydney", True),
        ("Pacific/Auckland", True),
        ("America/Argentina/Buenos_Aires", True),
        ("America/Santiago", True),
        ("Africa/Johannesburg", True),
        ("Europe/Paris", False),
        ("Asia/Shanghai", False),
        ("Asia/Kuala_Lumpur", False),
        ("Asia/Jakarta", False),  # tropical: wet and dry seasons, northern by default
        ("+10:00", False),  # an offset names no hemisphere
        (None, False),
    ],
)
def test_the_zone_names_the_hemisphere(tz, south) -> None:
    assert southern(tz) is south


@pytest.mark.parametrize(("lang", "text"), SUMMER)
def test_library_a_sydney_summer_job_runs_in_february_and_ends_in_march(tmp_path, lang: str, text: str) -> None:
    # a year before the session that wrote it: a memory may not be dated ahead of the clock (limits.MAX_AHEAD_S)
    said = datetime(2025, 12, 10, 1, tzinfo=timezone.utc)
    with Souvenir.open(tmp_path / "h.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.set_timezone("u", "Australia/Sydney")
        for i in range(3):
            mem.remember("u", f"Lasting fact number {i + 1}", date=said - timedelta(days=100))
        mem.remember("u", text, date=said)
        engine = mem.runtime.engine
        february = engine.context(
            mem.channel, "u", "hello", now=datetime(2026, 2, 20, tzinfo=timezone.utc), count=False
        )
        assert "until 2026-02-28" in february.block, (lang, february.block)
        march = engine.context(mem.channel, "u", "hello", now=datetime(2026, 3, 2, tzinfo=timezone.utc), count=False)
        assert "ended 2026-02-28" in march.block, lang
        assert "ranked as history" in march.memories[-1].reason
