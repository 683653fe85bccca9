"""When a temporary fact ends (pure; issue #26): "Works at the pool this summer", « Bosse
chez un glacier cet été », 暑假在咖啡店打工, "Kerja sambilan masa cuti sekolah".

``temporary_end(text, said)`` reads a bound in ``text`` and grounds it against ``said``
(when the fact was said, in the user's zone): the first day the fact no longer holds, or
``None`` when the text names no bound this module can date. Bounds, in the four languages:

- *until a date*: "until 15 March", "till March", "until tomorrow (2026-12-06)" (an ISO date
  the write path's grounding added), « jusqu'au 15 mars », « jusqu'en juin », 直到3月15日,
  到6月底, "sehingga 15 Mac", "hingga Jun": the day after the date, or the first day of the
  month after the month; a date before ``said`` is in the next year;
- *this week / this month*: "this week", « cette semaine », 这周 / 本周, "minggu ini" / "minggu ni" → the
  Monday after; "this month", « ce mois-ci », 这个月 / 本月, "bulan ini" → the first of the
  next month;
- *a season* (meteorological seasons, the northern hemisphere's by default — seed 000's
  users are in France, seed 001's in China; the southern one's when the user's zone is
  there, ``south``: summer December–February, ends 1 March; winter ends 1 September): summer (summer job, « cet été », « job d'été », 暑假, 暑期,
  这个夏天, "musim panas") ends on 1 September, winter (« cet hiver », 寒假, 这个冬天, "musim
  sejuk") on 1 March, spring on 1 June, autumn on 1 December — of the year said (a winter
  said between March and November is the coming one);
- *the Christmas holidays* ("over Christmas", « les vacances de Noël », « pendant les fêtes »,
  圣诞假期, "cuti Krismas") end on 6 January: the one just past when said in January or
  February, else the coming one.

- *school holidays* ("the school holidays", "half-term", "semester break", « les vacances
  scolaires », « les vacances de la Toussaint », 学校放假, 放假期间, "cuti sekolah", "cuti
  semester", "cuti penggal"): no calendar per country, so one rule that is never earlier than
  the real end in the calendars we read (France, the United States, the United Kingdom,
  China, Malaysia, Australia, Brazil): said in the user's summer or the month before it
  (northern: May–August; southern: November–February), the summer break, ending with the
  season (1 September; 1 March in the south); said in any other month, a short break (Christmas,
  Easter, mid-term, Malaysia's year-end break: two to six weeks), ending 70 days after the day
  said (six weeks, named up to four weeks ahead). A school holiday named further ahead ("in
  the summer school holidays", said in March) ends too early: the known miss.

A season or a holiday *liked* ("Loves summer", "Adore Noël") is no bound. A holiday with no
fixed dates ("during the holidays", « pendant les vacances », 假期, "masa cuti", Ramadan,
Easter, 春节) is temporary (``keypatterns.MARKERS``) but has no end here: ``None``, the fact
never expires by itself. Shape::

    temporary_end("Works at the pool this summer", datetime(2026, 6, 10)) -> date(2026, 9, 1)
    temporary_end("Lives in Lyon", datetime(2026, 6, 10)) -> None
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from souvenir.lexical.vocab import MONTHS
from souvenir.lexical.text_cache import text_cache

__all__ = ["temporary_end"]

_MONTH_NAMES = "|".join(sorted((re.escape(m) for m in MONTHS), key=len, reverse=True))
_UNTIL = r"(?:\buntil|\btill|\bthrough|\bjusqu['’](?:au|à|a|en)|\bsehingga|\bhingga|\bsampai|直到|一直到)\s*(?:le\s+|the\s+)?"
#: "until tomorrow (2026-12-06)": an ISO date, often the write path's own grounding in parentheses.
_UNTIL_ISO = re.compile(_UNTIL + r"[^()（）\d,，。.;；]{0,25}?[(（]?\s*(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})", re.I)
#: "until 15 March", "jusqu'au 15 mars", "sehingga 15 Mac", "until March 15".
_UNTIL_DAY = re.compile(
    _UNTIL + rf"(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th|er)?\s+(?P<m1>{_MONTH_NAMES})\b"
    rf"|(?P<m2>{_MONTH_NAMES})\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\b)",
    re.I,
)
#: "until March", « jusqu'en juin », "hingga Jun", "until the end of June".
_UNTIL_MONTH = re.compile(
    _UNTIL + rf"(?:the\s+end\s+of\s+|la\s+fin\s+(?:de\s+|d['’])|akhir\s+)?(?P<m>{_MONTH_NAMES})\b", re.I
)
#: 直到3月15日, 到6月底, 到三月 (到 only right before a month: 搬到上海 is no bound).
_ZH_UNTIL = re.compile(r"(?:直到|一直到|到|至)(?P<m>\d{1,2})月(?:(?P<d>\d{1,2})[日号]|底|末)?")
_THIS_WEEK = re.compile(r"\bthis\s+week\b|\bcette\s+semaine\b|这周|本周|这个星期|这礼拜|\bminggu\s+(?:ini|ni)\b", re.I)
_THIS_MONTH = re.compile(r"\bthis\s+month\b|\bce\s+mois(?:-ci)?\b|这个月|本月|\bbulan\s+(?:ini|ni)\b", re.I)
#: A season as a bound ("this summer", "a summer job"), never a season liked ("Loves summer").
_EN_BOUND = r"\b(?:this|for\s+the|over\s+the|during\s+the|through\s+the|until\s+the\s+end\s+of\s+the)\s+"
_EN_PERIOD = r"\s+(?:job|jobs|gig|work|break|holidays?|vacation|term|internship|camp|school|season|contract)\b"
_FR_BOUND = r"\b(?:cet|pendant\s+l['’]|pour\s+l['’]|durant\s+l['’]|tout\s+l['’]|jusqu['’]à\s+la\s+fin\s+de\s+l['’])\s*"
_SEASONS: tuple[tuple[re.Pattern[str], int], ...] = (
    (
        re.compile(
            rf"{_EN_BOUND}summer\b|\bsummer{_EN_PERIOD}|{_FR_BOUND}été\b|\b(?:jobs?|vacances|boulot|stage)\s+d['’]été\b"
            r"|\bsaisonniers?\s+d['’]été|暑假|暑期|这个夏天|今年夏天|\bmusim\s+panas\s+ini\b|\bcuti\s+musim\s+panas\b",
            re.I,
        ),
        9,
    ),
    (
        re.compile(
            rf"{_EN_BOUND}winter\b|\bwinter{_EN_PERIOD}|{_FR_BOUND}hiver\b|\b(?:vacances|jobs?)\s+d['’]hiver\b"
            r"|寒假|寒期|这个冬天|今年冬天|\bmusim\s+sejuk\s+ini\b",
            re.I,
        ),
        3,
    ),
    (
        re.compile(
            rf"{_EN_BOUND}spring\b|\bspring{_EN_PERIOD}|\bce\s+printemps\b|\b(?:pendant|durant)\s+le\s+printemps\b"
            r"|\bvacances\s+de\s+printemps\b|这个春天|今年春天|\bmusim\s+bunga\s+ini\b",
            re.I,
        ),
        6,
    ),
    (
        re.compile(
            rf"{_EN_BOUND}(?:autumn|fall)\b|\b(?:autumn|fall){_EN_PERIOD}|\bcet\s+automne\b|\b(?:pendant|durant)\s+l['’]automne\b"
            r"|这个秋天|今年秋天|\bmusim\s+luruh\s+ini\b",
            re.I,
        ),
        12,
    ),
)
_CHRISTMAS = re.compile(
    r"\b(?:over|during|for|until\s+after)\s+(?:the\s+)?(?:christmas|xmas)\b|\b(?:christmas|xmas)"
    + _EN_PERIOD
    + r"|\bvacances\s+de\s+no[eë]l\b|\bpendant\s+(?:les\s+fêtes|noël)\b|\bpour\s+les\s+fêtes\b|\bjusqu['’]à\s+noël\b"
    r"|圣诞假期|圣诞节期间|\bcuti\s+krismas\b|\bsepanjang\s+krismas\b",
    re.I,
)


def temporary_end(text: str, said: datetime | date, south: bool = False) -> date | None:
    """The first day the temporary fact ``text`` said on ``said`` no longer holds, or
    ``None`` (module docstring). ``said``: a date, or a datetime in the user's zone;
    ``south``: the user lives in the southern hemisphere (their zone says so:
    :func:`souvenir.ground.timezones.southern`), where summer is December to February."""
    day = said.date() if isinstance(said, datetime) else said
    return _end(text, day, bool(south))


#: Bounds read and kept (:func:`_end`): a context reads the bound of each memory it shows
#: (the block's "until …", the ended facts' reselection), the same memories turn after turn;
#: each read is about ten regular expressions (~1.5 ms a context of 24 memories at 100,000).
_END_CACHE = 8192


@text_cache(_END_CACHE)
def _end(text: str, day: date, south: bool) -> date | None:
    """:func:`temporary_end` on the day said (a pure function of its arguments: kept)."""
    found = _until(text, day) or _this_stretch(text, day) or _season(text, day, south) or _christmas(text, day)
    return found or _school(text, day, south)


def _until(text: str, day: date) -> date | None:
    if m := _UNTIL_ISO.search(text):
        return _safe(int(m["y"]), int(m["m"]), int(m["d"]), plus_one=True)
    if m := _UNTIL_DAY.search(text):
        month = MONTHS[(m["m1"] or m["m2"]).lower()]
        return _next(day, month, int(m["d1"] or m["d2"]))
    if m := _ZH_UNTIL.search(text):
        month = int(m["m"])
        if not 1 <= month <= 12:
            return None
        return _next(day, month, int(m["d"])) if m["d"] else _month_after(day, month)
    if m := _UNTIL_MONTH.search(text):
        return _month_after(day, MONTHS[m["m"].lower()])
    return None


def _this_stretch(text: str, day: date) -> date | None:
    if _THIS_WEEK.search(text):
        return day + timedelta(days=7 - day.weekday())
    if _THIS_MONTH.search(text):
        return date(day.year + (day.month == 12), day.month % 12 + 1, 1)
    return None


#: A season's end in the southern hemisphere, from its northern one: summer (1 September)
#: ends on 1 March, winter on 1 September, spring (1 June) on 1 December, autumn on 1 June.
_SOUTH = {9: 3, 3: 9, 6: 12, 12: 6}


def _season(text: str, day: date, south: bool = False) -> date | None:
    for pattern, end_month in _SEASONS:
        if pattern.search(text):
            end_month = _SOUTH[end_month] if south else end_month
            if end_month == 3:  # winter spans the new year: the current one, else the coming one
                return date(day.year + (day.month >= 3), 3, 1)
            return date(day.year, end_month, 1)
    return None


def _christmas(text: str, day: date) -> date | None:
    """6 January after the Christmas meant: the one just past when said in January or
    February, else the coming one."""
    if _CHRISTMAS.search(text):
        return date(day.year + (day.month >= 3), 1, 6)
    return None


_SCHOOL = re.compile(
    r"\bschool\s+(?:holidays?|break|vacation)\b|\bhalf[- ]term\b|\b(?:semester|term|mid-?term)\s+(?:break|holidays?)\b"
    r"|\bvacances\s+(?:scolaires|de\s+la\s+toussaint|de\s+février|de\s+fevrier|d['’]avril)\b"
    r"|学校放假|放假期间|学期假|\bcuti\s+(?:sekolah|semester|penggal|pertengahan\s+penggal)\b",
    re.I,
)
#: A holiday liked or disliked is no bound ("Loves the school holidays", « Adore les vacances scolaires »).
_LIKED = re.compile(
    r"\b(?:loves?|likes?|hates?|enjoys?|aime|adore|déteste|deteste|suka|benci|minat)\b|喜欢|讨厌|最爱", re.I
)
#: A short school break's end, in days after it is named: its longest stretch (six weeks,
#: Malaysia's year-end break) named up to four weeks ahead.
_SHORT_BREAK_DAYS = 70


def _school(text: str, day: date, south: bool = False) -> date | None:
    """A school holiday's end (module docstring): the summer's end when said in the summer or
    the month before it, else 70 days after ``day``."""
    if not _SCHOOL.search(text) or _LIKED.search(text):
        return None
    if south and day.month in (11, 12, 1, 2):
        return date(day.year + (day.month >= 11), 3, 1)
    if not south and 5 <= day.month <= 8:
        return date(day.year, 9, 1)
    return day + timedelta(days=_SHORT_BREAK_DAYS)


def _next(day: date, month: int, dom: int) -> date | None:
    """The day after ``dom``/``month`` on or after ``day`` (this year, else the next)."""
    for year in (day.year, day.year + 1):
        found = _safe(year, month, dom)
        if found is not None and found >= day:
            return found + timedelta(days=1)
    return None


def _month_after(day: date, month: int) -> date:
    """The first day after the whole ``month`` (the one on or after ``day``)."""
    year = day.year + (month < day.month)
    return date(year + (month == 12), month % 12 + 1, 1)


def _safe(year: int, month: int, dom: int, plus_one: bool = False) -> date | None:
    try:
        found = date(year, month, dom)
    except ValueError:
        return None
    return found + timedelta(days=1) if plus_one else found
