"""The period a message names ("in July 2023", "le 13 octobre 2023", "tahun 2024", "去年").

Pure: ``now`` is passed in. Used by the fused score's period match (memories dated in the
period named by the question win: +0.008 recall@24 on LoCoMo, docs/benchmarks.md "Recall
levers", lever "time"). Only explicit periods are read — a day with its month and year, a
month with its year, a year after a preposition ("in / en / année / tahun 2024") or
before 年, and 今年 / 去年 / 前年 —, never a bare month ("in June": which year?) nor a
bare number, so that a question without a date changes nothing.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, datetime

from souvenir.lexical.vocab import MONTHS
from souvenir.lexical.text_cache import text_cache

__all__ = ["names_a_date", "query_period"]

_ABBREVIATIONS = {
    "janv",
    "févr",
    "avr",
    "juil",
    "déc",
    "jan",
    "feb",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "oct",
    "nov",
    "dec",
}
_MONTH_NAMES = {name: n for name, n in MONTHS.items() if name not in _ABBREVIATIONS}
_M = "|".join(sorted(_MONTH_NAMES, key=len, reverse=True))
_YEAR = r"((?:19|20)\d\d)"
_DAY_MONTH_YEAR = re.compile(rf"(?<!\w)(\d{{1,2}})(?:er)?\s+({_M}),?\s+{_YEAR}(?!\d)", re.I)
_MONTH_DAY_YEAR = re.compile(rf"(?<!\w)({_M})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+{_YEAR}(?!\d)", re.I)
_ISO_DAY = re.compile(rf"(?<!\d){_YEAR}-(\d\d)-(\d\d)(?!\d)")
_ZH_DAY = re.compile(rf"{_YEAR}\s*年\s*(\d{{1,2}})\s*月\s*(\d{{1,2}})\s*[日号]")
_MONTH_YEAR = re.compile(rf"(?<!\w)({_M}),?\s+(?:of\s+|de\s+)?{_YEAR}(?!\d)", re.I)
_ZH_MONTH = re.compile(rf"{_YEAR}\s*年\s*(\d{{1,2}})\s*月")
_IN_YEAR = re.compile(rf"(?<!\w)(?:in|of|during|tahun|en|année)\s+{_YEAR}(?!\d)|{_YEAR}\s*年", re.I)
_ZH_RELATIVE_YEAR = {"前年": -2, "去年": -1, "今年": 0}


def _day(year: int, month: int, day: int) -> tuple[date, date] | None:
    try:
        d = date(year, month, day)
    except ValueError:
        return None
    return d, d


def _month(year: int, month: int) -> tuple[date, date] | None:
    if not 1 <= month <= 12:
        return None
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


_GROUNDED_DAY = re.compile(r"[(（](\d{4})-(\d\d)-(\d\d)[)）]")
_GROUNDED_WEEK = re.compile(r"[(（](\d{4})-W(\d\d)[)）]")
_GROUNDED_MONTH = re.compile(r"[(（](\d{4})-(\d\d)[)）]")
_GROUNDED_YEAR = re.compile(r"[(（](\d{4})[)）]")


def query_period(text: str, now: datetime, relative: bool = False) -> tuple[date, date] | None:
    """``(first day, last day)`` of the period ``text`` names, or ``None``.

    The most precise form found wins (a day, then a month, then a year); relative years
    count from ``now``'s year. ``relative``: relative phrases in the four languages
    ("last month", "l'an dernier", "tahun lepas", 上个月, "yesterday"…) count too, read by
    the write path's date grounding (:func:`souvenir.lexical.dates.ground_dates`).
    """
    if relative:
        from souvenir.lexical.dates import ground_dates

        grounded = ground_dates(text, now)
        if grounded != text:
            found = _grounded(grounded)
            if found is not None:
                return found
    if m := _DAY_MONTH_YEAR.search(text):
        return _day(int(m.group(3)), _MONTH_NAMES[m.group(2).lower()], int(m.group(1)))
    if m := _MONTH_DAY_YEAR.search(text):
        return _day(int(m.group(3)), _MONTH_NAMES[m.group(1).lower()], int(m.group(2)))
    if m := (_ISO_DAY.search(text) or _ZH_DAY.search(text)):
        return _day(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if m := _MONTH_YEAR.search(text):
        return _month(int(m.group(2)), _MONTH_NAMES[m.group(1).lower()])
    if m := _ZH_MONTH.search(text):
        return _month(int(m.group(1)), int(m.group(2)))
    if m := _IN_YEAR.search(text):
        year = int(m.group(1) or m.group(2))
        return date(year, 1, 1), date(year, 12, 31)
    for word, offset in _ZH_RELATIVE_YEAR.items():
        if word in text:
            return date(now.year + offset, 1, 1), date(now.year + offset, 12, 31)
    return None


def _grounded(text: str) -> tuple[date, date] | None:
    """The period of the first ISO value the grounding added: a day, a week, a month, a year."""
    if m := _GROUNDED_DAY.search(text):
        return _day(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if m := _GROUNDED_WEEK.search(text):
        try:
            first = date.fromisocalendar(int(m.group(1)), int(m.group(2)), 1)
        except ValueError:
            return None
        return first, date.fromordinal(first.toordinal() + 6)
    if m := _GROUNDED_MONTH.search(text):
        return _month(int(m.group(1)), int(m.group(2)))
    if m := _GROUNDED_YEAR.search(text):
        year = int(m.group(1))
        return date(year, 1, 1), date(year, 12, 31)
    return None


_DIGIT = re.compile(r"\d")


def names_a_date(text: str, now: datetime) -> bool:
    """Whether a memory's text names a date: an ISO value the write path's grounding
    added ("yesterday (2023-07-02)", "last week (2023-W26)") or an explicit period as
    :func:`query_period` reads one ("in July 2023", "2024年3月"). ``now``: the memory's
    own date (for 今年 / 去年). Cached by (text, year): the scorer asks it of every
    memory each time a user's memories change."""
    return _names_a_date(text, now.year)


@text_cache(200_000)
def _names_a_date(text: str, year: int) -> bool:
    if _DIGIT.search(text) is None and "年" not in text:
        return False  # every form needs a digit, or 今年 / 去年 / 前年
    return _grounded(text) is not None or query_period(text, datetime(year, 6, 30)) is not None
