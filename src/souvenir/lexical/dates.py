"""Grounded dates: relative day words resolved against the time the user spoke.

``ground_dates("Le colis doit arriver demain", now=2025-06-02)`` returns
``"Le colis doit arriver demain (2025-06-03)"``; ``"明天下午三点去驿站取快递"`` said on
2025-03-03 becomes ``"明天（2025-03-04）下午三点去驿站取快递"``. The phrase is kept and
the ISO value is added next to it, so the same words said on two different days
carry two different dates, hence two different carrier sets, hence two memories
(shared case R13a), while the text still reads as the user said it.

Resolution (``today`` is ``now.date()``):

* day words: demain/tomorrow/明天/esok +1, après-demain/day after tomorrow/后天/lusa +2,
  hier/yesterday/昨天/semalam −1, avant-hier/前天 −2, 大后天 +3, 大前天 −3, and
  aujourd'hui/today/tonight/ce soir/今天/今晚/hari ini/malam ini 0 → ``YYYY-MM-DD``;
* "next <weekday>" / "mardi prochain" / "selasa depan": the nearest such day strictly
  after today (1–7 days); "last …" / "… dernier" / "… lepas": strictly before;
  "this …" / "ce mardi" / "… ini": today or the next 6 days → ``YYYY-MM-DD``;
* Chinese 下周X / 上周X / 这周X: day X of the next / previous / current ISO week;
* weeks → ISO week ``YYYY-Www``; months → ``YYYY-MM``; years → ``YYYY``;
  "ce week-end" / "this weekend" / 这周末 → the Saturday of the current week.

A bare weekday ("mardi") is not grounded: it is as often a habit as a date.
Grounding is idempotent: a phrase already followed by a parenthesised ISO value is
left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, timedelta

from .vocab import WEEKDAYS, ZH_WEEKDAY

__all__ = ["ground_dates"]

Resolver = Callable[[re.Match[str], date], str]

_B = r"(?<![\w\-])"
_E = r"(?![\w\-])"
_S = r"\s+"
_APOS = "['’]"
_PART_FR = rf"(?:{_S}(?:matin|midi|soir|après-midi|après{_S}midi))?"
_PART_EN = rf"(?:{_S}(?:morning|afternoon|evening|night))?"
_PART_MS = rf"(?:{_S}(?:pagi|petang|malam|tengah{_S}hari))?"
_FR_DAYS = "lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche"
_EN_DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_MS_DAYS = "isnin|selasa|rabu|khamis|jumaat|sabtu|ahad"


def _day(offset: int) -> Resolver:
    return lambda m, today: (today + timedelta(days=offset)).isoformat()


def _weekday_from(name: str, today: date, direction: str) -> str:
    """``direction``: "next" (1–7 days ahead), "last" (1–7 back), "this" (0–6 ahead)."""
    target = WEEKDAYS[name.casefold()]
    ahead = (target - today.weekday()) % 7
    if direction == "next":
        delta = ahead or 7
    elif direction == "this":
        delta = ahead
    else:
        delta = -(((today.weekday() - target) % 7) or 7)
    return (today + timedelta(days=delta)).isoformat()


def _iso_week(day: date) -> str:
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def _month(today: date, step: int) -> str:
    index = today.year * 12 + today.month - 1 + step
    return f"{index // 12}-{index % 12 + 1:02d}"


def _weekend(today: date, weeks: int) -> str:
    monday = today - timedelta(days=today.weekday())
    return (monday + timedelta(days=5 + 7 * weeks)).isoformat()


def _step(word: str) -> int:
    """+1 for next-words, −1 for last-words, 0 for this-words (FR / EN / MS / ZH)."""
    word = word.casefold()
    if word in ("next", "depan", "hadapan", "下", "明") or word.startswith("prochain"):
        return 1
    if word in ("last", "lepas", "lalu", "上", "去") or word.startswith(("derni", "pass")):
        return -1
    return 0


def _direction(word: str) -> str:
    return {1: "next", -1: "last", 0: "this"}[_step(word)]


_SPECS: list[tuple[str, Resolver]] = [
    # --- French
    (_B + rf"après[\s-]demain{_PART_FR}" + _E, _day(2)),
    (_B + rf"avant[\s-]hier{_PART_FR}" + _E, _day(-2)),
    (_B + rf"demain{_PART_FR}" + _E, _day(1)),
    (_B + rf"hier{_PART_FR}" + _E, _day(-1)),
    (_B + rf"aujourd{_APOS}hui" + _E, _day(0)),
    (_B + rf"(?:ce{_S}(?:soir|matin|midi)|cet{_S}après-midi|cette{_S}nuit)" + _E, _day(0)),
    (
        _B + rf"(?:le{_S})?week-?end{_S}(prochain|dernier)" + _E,
        lambda m, t: _weekend(t, _step(m.group(1))),
    ),
    (_B + rf"ce{_S}week-?end" + _E, lambda m, t: _weekend(t, 0)),
    (
        _B + rf"(?:(?:la|cette){_S})?semaine{_S}(prochaine|dernière|passée)" + _E,
        lambda m, t: _iso_week(t + timedelta(weeks=_step(m.group(1)))),
    ),
    (_B + rf"cette{_S}semaine" + _E, lambda m, t: _iso_week(t)),
    (
        _B + rf"(?:le{_S})?mois{_S}(prochain|dernier|passé)" + _E,
        lambda m, t: _month(t, _step(m.group(1))),
    ),
    (_B + rf"ce{_S}mois(?:-ci)?" + _E, lambda m, t: _month(t, 0)),
    (
        _B + rf"(?:l{_APOS}|cette{_S})?(?:an|année){_S}(prochaine?|derni(?:er|ère)|passée?)" + _E,
        lambda m, t: str(t.year + _step(m.group(1))),
    ),
    (_B + rf"cette{_S}année" + _E, lambda m, t: str(t.year)),
    (
        _B + rf"({_FR_DAYS}){_S}(prochain|dernier)" + _E,
        lambda m, t: _weekday_from(m.group(1), t, _direction(m.group(2))),
    ),
    (_B + rf"ce{_S}({_FR_DAYS})" + _E, lambda m, t: _weekday_from(m.group(1), t, "this")),
    # --- English
    (_B + rf"(?:the{_S})?day{_S}after{_S}tomorrow" + _E, _day(2)),
    (_B + rf"(?:the{_S})?day{_S}before{_S}yesterday" + _E, _day(-2)),
    (_B + rf"tomorrow{_PART_EN}" + _E, _day(1)),
    (_B + rf"yesterday{_PART_EN}" + _E, _day(-1)),
    (_B + rf"(?:today|tonight|this{_S}(?:morning|afternoon|evening))" + _E, _day(0)),
    (_B + rf"last{_S}night" + _E, _day(-1)),
    (
        _B + rf"(next|last|this){_S}week" + _E,
        lambda m, t: _iso_week(t + timedelta(weeks=_step(m.group(1)))),
    ),
    (
        _B + rf"(next|last|this){_S}weekend" + _E,
        lambda m, t: _weekend(t, _step(m.group(1))),
    ),
    (_B + rf"(next|last|this){_S}month" + _E, lambda m, t: _month(t, _step(m.group(1)))),
    (_B + rf"(next|last|this){_S}year" + _E, lambda m, t: str(t.year + _step(m.group(1)))),
    (
        _B + rf"(next|last|this){_S}({_EN_DAYS})" + _E,
        lambda m, t: _weekday_from(m.group(2), t, _direction(m.group(1))),
    ),
    # --- Malay
    (_B + rf"lusa{_PART_MS}" + _E, _day(2)),
    (_B + rf"(?:esok|besok){_PART_MS}" + _E, _day(1)),
    (_B + r"semalam" + _E, _day(-1)),
    (_B + rf"(?:hari|malam|pagi|petang){_S}ini" + _E, _day(0)),
    (
        _B + rf"hujung{_S}minggu{_S}(ini|depan|hadapan|lepas|lalu)" + _E,
        lambda m, t: _weekend(t, _step(m.group(1))),
    ),
    (
        _B + rf"minggu{_S}(ini|depan|hadapan|lepas|lalu)" + _E,
        lambda m, t: _iso_week(t + timedelta(weeks=_step(m.group(1)))),
    ),
    (
        _B + rf"bulan{_S}(ini|depan|hadapan|lepas|lalu)" + _E,
        lambda m, t: _month(t, _step(m.group(1))),
    ),
    (
        _B + rf"tahun{_S}(ini|depan|hadapan|lepas|lalu)" + _E,
        lambda m, t: str(t.year + _step(m.group(1))),
    ),
    (
        _B + rf"(?:hari{_S})?({_MS_DAYS}){_S}(ini|depan|hadapan|lepas|lalu)" + _E,
        lambda m, t: _weekday_from(m.group(1), t, _direction(m.group(2))),
    ),
    # --- Chinese (no word boundaries in Chinese; longest words first)
    ("大后天", _day(3)),
    ("大前天", _day(-3)),
    ("后天", _day(2)),
    ("前天", _day(-2)),
    ("明天|明日|明早|明晚", _day(1)),
    ("今天|今日|今早|今晚", _day(0)),
    ("昨天|昨日|昨晚", _day(-1)),
    (
        "([下上这本])个?(?:星期|礼拜|周)([一二三四五六日天])",
        lambda m, t: (
            t - timedelta(days=t.weekday())
            + timedelta(weeks=_step(m.group(1)), days=ZH_WEEKDAY[m.group(2)])
        ).isoformat(),
    ),
    ("([下上这本])个?(?:星期|礼拜|周)末", lambda m, t: _weekend(t, _step(m.group(1)))),
    (
        "([下上这本])个?(?:星期|礼拜|周)",
        lambda m, t: _iso_week(t + timedelta(weeks=_step(m.group(1)))),
    ),
    ("([下上这本])个?月", lambda m, t: _month(t, _step(m.group(1)))),
    ("(明|去|今)年", lambda m, t: str(t.year + _step(m.group(1)))),
]

_COMPILED = [(re.compile(pattern, re.IGNORECASE), resolve) for pattern, resolve in _SPECS]
_MASTER = re.compile("|".join(f"(?:{p})" for p, _ in _SPECS), re.IGNORECASE)
_ALREADY = re.compile(r"\s*[(（]\s*\d{4}(?:-[wW]?\d{2}){0,2}\s*[)）]")
_POSSESSIVE = re.compile(r"['’]s\b")  # "tomorrow's meeting": the date goes after "'s"
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]")


def _resolve(phrase: str, today: date) -> str | None:
    for pattern, resolve in _COMPILED:
        m = pattern.fullmatch(phrase)
        if m:
            return resolve(m, today)
    return None


def ground_dates(text: str, now: datetime) -> str:
    """Add the resolved ISO value next to every relative date phrase of ``text``.

    ``now`` is the time the user said it (a timezone-aware ``datetime``; only its
    date is read). Chinese phrases get full-width parentheses and no space
    ("明天（2025-03-04）"), others " (2025-03-04)". Unknown phrases are left as they are.
    """
    today = now.date()
    out: list[str] = []
    pos = 0
    for m in _MASTER.finditer(text):
        end = m.end()
        possessive = _POSSESSIVE.match(text, end)
        if possessive:
            end = possessive.end()
        if _ALREADY.match(text, end):
            continue
        value = _resolve(m.group(), today)
        if value is None:
            continue
        out.append(text[pos:end])
        out.append(f"（{value}）" if _HAN.match(m.group()) else f" ({value})")
        pos = end
    out.append(text[pos:])
    return "".join(out)
