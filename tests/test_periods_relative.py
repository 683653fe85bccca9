"""Relative periods count for the period match (issue #18's time lever), in four languages."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from souvenir.read.scoring.periods import query_period

NOW = datetime(2025, 12, 31, 12, tzinfo=timezone.utc)
NOVEMBER = (date(2025, 11, 1), date(2025, 11, 30))
YEAR_2024 = (date(2024, 1, 1), date(2024, 12, 31))


@pytest.mark.parametrize(
    "text, period",
    [
        ("what did I order last month?", NOVEMBER),
        ("qu'est-ce que j'ai commandé le mois dernier ?", NOVEMBER),
        ("saya beli apa bulan lepas?", NOVEMBER),
        ("上个月我买了什么？", NOVEMBER),
        ("l'an dernier à Noël", YEAR_2024),
        ("hadiah hari jadi kakak saya tahun lepas apa ya?", YEAR_2024),
        ("what did I say yesterday?", (date(2025, 12, 30), date(2025, 12, 30))),
        ("昨天我说了什么", (date(2025, 12, 30), date(2025, 12, 30))),
        ("in July 2023", (date(2023, 7, 1), date(2023, 7, 31))),
    ],
)
def test_relative_and_explicit_periods(text, period):
    assert query_period(text, NOW, relative=True) == period


def test_relative_words_are_read_only_when_asked_and_a_plain_message_names_none():
    assert query_period("what did I order last month?", NOW) is None
    assert query_period("what is my cat's name?", NOW, relative=True) is None
