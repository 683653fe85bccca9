"""School holidays get an end (session 12, ``lexical.duration``): the summer's end when named
in the user's summer or the month before it (1 September north, 1 March south), else 70 days
after the day said (a short break of up to six weeks, named up to four weeks ahead). Four
languages, both hemispheres."""

from __future__ import annotations

from datetime import date

import pytest

from souvenir.lexical.duration import temporary_end

TEXTS = {
    "en": "Works at a bookshop during the school holidays",
    "fr": "Travaille dans un centre aéré pendant les vacances scolaires",
    "zh": "学校放假期间在超市打工",
    "ms": "Kerja di kedai buku masa cuti sekolah",
}


@pytest.mark.parametrize("lang", TEXTS)
def test_named_in_the_summer_ends_with_it(lang):
    assert temporary_end(TEXTS[lang], date(2026, 7, 2)) == date(2026, 9, 1)
    assert temporary_end(TEXTS[lang], date(2026, 5, 20)) == date(2026, 9, 1)
    assert temporary_end(TEXTS[lang], date(2026, 12, 20), south=True) == date(2027, 3, 1)
    assert temporary_end(TEXTS[lang], date(2027, 1, 10), south=True) == date(2027, 3, 1)


@pytest.mark.parametrize("lang", TEXTS)
def test_a_short_break_ends_ten_weeks_after(lang):
    assert temporary_end(TEXTS[lang], date(2026, 10, 15)) == date(2026, 12, 24)
    assert temporary_end(TEXTS[lang], date(2026, 7, 2), south=True) == date(2026, 9, 10)


@pytest.mark.parametrize(
    "text",
    [
        "Loves the school holidays",
        "Adore les vacances scolaires",
        "喜欢学校放假",
        "Suka cuti sekolah",
        "Works at a bakery",
    ],
)
def test_a_holiday_liked_is_no_bound(text):
    assert temporary_end(text, date(2026, 7, 2)) is None
