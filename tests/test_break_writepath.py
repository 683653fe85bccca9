"""Adversarial: the write path must never merge two different numbers, dates or times, and the
later statement (by when it was said) must win."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.engine.core import Engine
from souvenir.lexical.dates import ground_dates
from souvenir.store import open_store
from souvenir.ground.types import Candidate

D1 = datetime(2025, 3, 1, 10, tzinfo=timezone.utc)
D2 = datetime(2025, 3, 10, 10, tzinfo=timezone.utc)


def _engine() -> Engine:
    return Engine(open_store("sqlite:///:memory:"))


def _write(engine: Engine, text: str, when: datetime):
    return engine.remember("api", "u", Candidate(text=text, time=when), now=when)


def _active(engine: Engine) -> list[str]:
    return [m.text for m in engine.memories("api", "u")]


@pytest.mark.parametrize(
    "old, new",
    [
        # ordinals are numbers: 1st and 2nd child are two people
        (
            "Her first child was born in Ipoh at the general hospital",
            "Her second child was born in Ipoh at the general hospital",
        ),
        (
            "Sa première fille est née à Lyon dans une petite clinique",
            "Sa deuxième fille est née à Lyon dans une petite clinique",
        ),
        ("Anak pertama saya lahir di Ipoh di hospital besar", "Anak kedua saya lahir di Ipoh di hospital besar"),
        # an ordinal day is a date
        (
            "I have a dentist appointment on the first of June with my daughter",
            "I have a dentist appointment on the second of June with my daughter",
        ),
        # spelled-out clock times
        (
            "The appointment with the dentist is at quarter past two on Friday",
            "The appointment with the dentist is at quarter to two on Friday",
        ),
        (
            "Le rendez-vous chez le dentiste est à deux heures et demie vendredi",
            "Le rendez-vous chez le dentiste est à deux heures et quart vendredi",
        ),
        ("我和牙医的预约是在星期五下午三点半，在市中心的诊所", "我和牙医的预约是在星期五下午三点，在市中心的诊所"),
        (
            "Temujanji dengan doktor gigi pada pukul tiga setengah petang hari Jumaat di klinik",
            "Temujanji dengan doktor gigi pada pukul tiga suku petang hari Jumaat di klinik",
        ),
    ],
)
def test_different_ordinals_and_clock_times_are_different_facts(old, new):
    """Ordinals (first/second, première/deuxième, pertama/kedua, "the first of June") and
    spelled-out clock fractions (quarter past/to, et demie/et quart, 三点半/三点, setengah/suku)
    are not carrier tokens, so above 40 characters the sequence ratio (0.88-0.97) merges the
    two: the new one replaces the old, or worse is *absorbed* (the newer time is lost from
    the active set). Expected: two active memories, like "1er juin" / "2 juin"."""
    engine = _engine()
    _write(engine, old, D1)
    result = _write(engine, new, D2)
    assert result.action == "insert", (result.action, _active(engine))
    assert len(_active(engine)) == 2


def test_an_older_statement_does_not_supersede_a_newer_one():
    """Arrival order decides instead of when things were said: importing (or replaying) a
    2020 "Is vegetarian" after a 2025 "Is not vegetarian" supersedes the 2025 correction,
    so the outdated polarity becomes the active memory. Expected: the statement said later
    stays active; the older one goes to history."""
    engine = _engine()
    _write(engine, "Is not vegetarian", datetime(2025, 6, 1, tzinfo=timezone.utc))
    _write(engine, "Is vegetarian", datetime(2020, 1, 1, tzinfo=timezone.utc))
    assert _active(engine) == ["Is not vegetarian"]


def test_an_older_wording_does_not_replace_a_newer_one_nor_move_its_date_back():
    """A richer wording said in 2020 that arrives after a 2025 one replaces it and moves the
    memory's date back to 2020. Expected: the wording said last wins (or the old one is
    absorbed), and the memory keeps its 2025 date."""
    engine = _engine()
    _write(engine, "Lives in Ipoh with her husband and their two children", datetime(2025, 6, 1, tzinfo=timezone.utc))
    _write(engine, "Lives in Ipoh with her husband and their two kids", datetime(2020, 1, 1, tzinfo=timezone.utc))
    [memory] = engine.memories("api", "u")
    assert memory.updated_at.year == 2025
    assert memory.text == "Lives in Ipoh with her husband and their two children"


WED = datetime(2025, 6, 4, 10, tzinfo=timezone.utc)  # ISO week 2025-W23


@pytest.mark.parametrize(
    "text, wrong",
    [
        ("Saya pindah ke Ipoh dua tahun lepas", "(2024)"),  # two years ago, not last year
        ("Saya pindah ke Ipoh tiga minggu lepas", "(2025-W22)"),  # three weeks ago, not last week
        ("Saya akan ke KL dua minggu depan", "(2025-W24)"),  # in two weeks, not next week
        ("我下下周去北京", "2025-W24"),  # the week after next
    ],
)
def test_counted_relative_dates_are_not_grounded_as_the_plain_one(text, wrong):
    """Date grounding ignores the count before a relative unit: Malay "dua tahun lepas"
    (two years ago) is written "(2024)" = last year, "tiga minggu lepas" the previous week,
    "dua minggu depan" next week, Chinese 下下周 (week after next) next week. A wrong date is
    baked into the stored text and then drives dedup. Expected: the right date (2023,
    2025-W20, 2025-W25, 2025-W25) or no grounding at all, as English "two years ago"."""
    assert wrong not in ground_dates(text, WED)
