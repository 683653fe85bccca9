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

* counted phrases are grounded with their count, in digits or words (review of the
  write path: "dua tahun lepas" was written "(last year)", 下下周 "(next week)"):
  "two weeks ago", "in three days", "3 months from now", "the week after next" /
  "the year before last"; "il y a deux ans", "dans trois semaines", "d'ici un mois"
  ("huit jours" / "quinze jours" are one and two weeks); "dua tahun lepas", "tiga
  minggu lalu", "dua minggu depan", "seminggu lagi", "lagi tiga hari"; 两年前, 三天后,
  三个月以前, 两周之后, 下下周 / 上上周 (二), 下下个月, 前年 / 后年, 大前年 / 大后年.
  The unit sets the form (day → date, week → ISO week, month → month, year → year).
  A vague count ("a few weeks ago", "beberapa minggu lepas", 几年前, 半年前) is not
  grounded, and a plain phrase right after a count it cannot read is not grounded
  either: a counted phrase is never grounded as the plain one ("dua minggu depan" is
  not "minggu depan"). Known limit: a duration or a count relative to another event is
  grounded from the day it was said ("learned it in two weeks", 出院三天后).

A bare weekday ("mardi") is not grounded: it is as often a habit as a date. A month said
alone ("in January", « en janvier », 一月份, "pada bulan Januari") and Easter (« à Pâques »,
"at Easter", 复活节, "Hari Paskah") are grounded by a second pass for the year the clause's
tense means (:mod:`souvenir.lexical.named_dates`).
Grounding is idempotent: a phrase already followed by a parenthesised ISO value is
left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, timedelta

from souvenir.lexical.named_dates import ground_named
from souvenir.lexical.numerals import ZH_NUMERAL_CHARS, zh_to_digits
from souvenir.lexical.spelled import NUMBER_PHRASE, parse_number
from souvenir.lexical.vocab import NUMBER_MULTIPLIERS, NUMBER_WORDS, WEEKDAYS, ZH_WEEKDAY

__all__ = ["ground_dates"]

Resolver = Callable[[re.Match[str], date], str | None]

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


_UNITS = {
    "day": "day",
    "jour": "day",
    "hari": "day",
    "天": "day",
    "week": "week",
    "semaine": "week",
    "minggu": "week",
    "周": "week",
    "星期": "week",
    "礼拜": "week",
    "month": "month",
    "mois": "month",
    "bulan": "month",
    "月": "month",
    "year": "year",
    "an": "year",
    "année": "year",
    "tahun": "year",
    "年": "year",
}
_VAGUE = {
    "few",
    "a few",
    "several",
    "a couple of",
    "couple of",
    "quelques",
    "plusieurs",
    "beberapa",
    "berapa",
    "几",
    "数",
    "半",
    "好几",
}


def _unit(word: str) -> str:
    word = word.casefold().removeprefix("个")
    return _UNITS.get(word) or _UNITS[word.rstrip("s")]


def _shift(today: date, unit: str, count: int) -> str:
    """ISO value of ``today`` moved by ``count`` units, in the unit's own form."""
    if unit == "day":
        return (today + timedelta(days=count)).isoformat()
    if unit == "week":
        return _iso_week(today + timedelta(weeks=count))
    if unit == "month":
        return _month(today, count)
    return str(today.year + count)


def _count(word: str | None) -> int | None:
    """The count of a counted phrase; ``None`` when vague or unreadable."""
    if word is None:
        return 1  # "seminggu", "a week ago" (the article is in the pattern)
    word = " ".join(word.casefold().split())
    if word in _VAGUE:
        return None
    if word in ("a", "an", "se"):
        return 1
    if word[0] in ZH_NUMERAL_CHARS:
        return int(zh_to_digits(word))
    return parse_number(word)


def _counted(sign: int | None = None) -> Resolver:
    """Resolver of a counted phrase with groups ``n`` (count; absent = 1), ``u`` (unit)
    and, when ``sign`` is None, ``d`` (the direction word)."""

    def resolve(m: re.Match[str], today: date) -> str | None:
        groups = m.groupdict()
        count = _count(groups.get("n"))
        if count is None or count > 100:
            return None
        unit = _unit(groups["u"])
        if unit == "day" and groups["u"].casefold().startswith("jour") and count in (8, 15):
            count -= 1  # « dans huit jours » is in a week, « quinze jours » two weeks
        direction = sign if sign is not None else _step_counted(groups["d"])
        return _shift(today, unit, direction * count)

    return resolve


def _in_counted(m: re.Match[str], today: date) -> str | None:
    """ "in three days": +N, but not "in a day" ("three meals in a day"); a rate ("twice
    in a week") is left out by :func:`_after_a_count`."""
    if m.group("n").casefold() in ("a", "an") and _unit(m.group("u")) == "day":
        return None
    return _counted(1)(m, today)


def _step_counted(word: str) -> int:
    word = " ".join(word.casefold().split())
    return -1 if word in ("lepas", "lalu", "前", "以前", "之前") else 1


_EN_COUNT = rf"(?P<n>{NUMBER_PHRASE}|a|an|a\s+few|few|several|a\s+couple\s+of|couple\s+of)"
_EN_UNIT = r"(?P<u>days?|weeks?|months?|years?)"
_FR_COUNT = rf"(?P<n>{NUMBER_PHRASE}|quelques|plusieurs)"
_FR_UNIT = r"(?P<u>jours?|semaines?|mois|ans?|années?)"
_MS_COUNT = rf"(?:(?P<n>{NUMBER_PHRASE}|beberapa|berapa){_S}|se)"
_MS_UNIT = r"(?P<u>hari|minggu|bulan|tahun)"
_MS_DIR = r"(?:yang\s+)?(?P<d>lepas|lalu|depan|hadapan|akan\s+datang|mendatang|lagi)"
_ZH_NOT_AFTER = "(?<![以之然提])"
_ZH_COUNT = rf"(?<![{ZH_NUMERAL_CHARS}\d第每])(?P<n>[{ZH_NUMERAL_CHARS}]{{1,3}}|\d{{1,2}}|好几|几|数|半)"

# A count right before a plain unit phrase that the counted patterns could not read.
_COUNT_WORDS = (
    frozenset(NUMBER_WORDS)
    | NUMBER_MULTIPLIERS
    | {"beberapa", "berapa", "few", "several", "quelques", "plusieurs", "se", "of"}
)
_LAST_WORD = re.compile(r"(?<![^\W_])([^\W_]+)\s+$")
_UNIT_FIRST = re.compile(r"(?:minggu|bulan|tahun|hari|hujung|week|month|year|semaine|mois|an)\b", re.IGNORECASE)


def _after_a_count(text: str, start: int, phrase: str) -> bool:
    """True when the unit phrase at ``start`` follows a count ("dua puluh tahun lepas"),
    or an "in …" phrase follows a rate ("twice in a week", "three times in a month")."""
    m = _LAST_WORD.search(text[max(0, start - 30) : start])
    if m is None:
        return False
    before = m.group(1).casefold()
    if phrase[:3].casefold() == "in ":
        return before in ("once", "twice", "thrice", "times", "time")
    return bool(_UNIT_FIRST.match(phrase)) and (before.isdigit() or before in _COUNT_WORDS)


_SPECS: list[tuple[str, Resolver]] = [
    # --- counted phrases (they start at the count, left of any plain phrase inside them)
    (_B + rf"{_EN_COUNT}{_S}{_EN_UNIT}{_S}ago" + _E, _counted(-1)),
    (_B + rf"in{_S}{_EN_COUNT}{_S}{_EN_UNIT}(?:{_APOS}s?{_S}time)?" + _E, _in_counted),
    (_B + rf"{_EN_COUNT}{_S}{_EN_UNIT}{_S}from{_S}(?:now|today)" + _E, _counted(1)),
    (_B + rf"(?:the{_S})?(?P<u>week|month|year){_S}after{_S}next" + _E, lambda m, t: _shift(t, _unit(m.group("u")), 2)),
    (
        _B + rf"(?:the{_S})?(?P<u>week|month|year){_S}before{_S}last" + _E,
        lambda m, t: _shift(t, _unit(m.group("u")), -2),
    ),
    (_B + rf"il{_S}y{_S}a{_S}{_FR_COUNT}{_S}{_FR_UNIT}" + _E, _counted(-1)),
    (_B + rf"(?:dans|d{_APOS}ici){_S}{_FR_COUNT}{_S}{_FR_UNIT}" + _E, _counted(1)),
    (_B + rf"{_MS_COUNT}{_MS_UNIT}{_S}{_MS_DIR}" + _E, _counted()),
    (_B + rf"(?:lagi|dalam{_S}masa){_S}{_MS_COUNT}{_MS_UNIT}" + _E, _counted(1)),
    (rf"{_ZH_COUNT}(?P<u>天|周|个?星期|个?礼拜|个月|年)(?P<d>以前|之前|前|以后|之后|后)", _counted()),
    (
        "(下下|上上)个?(?:星期|礼拜|周)([一二三四五六日天])",
        lambda m, t: (
            t - timedelta(days=t.weekday()) + timedelta(weeks=2 * _step(m.group(1)[0]), days=ZH_WEEKDAY[m.group(2)])
        ).isoformat(),
    ),
    ("(下下|上上)个?(?:星期|礼拜|周)(?!末)", lambda m, t: _shift(t, "week", 2 * _step(m[1][0]))),
    ("(下下|上上)个?(?:星期|礼拜|周)末", lambda m, t: _weekend(t, 2 * _step(m[1][0]))),
    ("(下下|上上)个月", lambda m, t: _shift(t, "month", 2 * _step(m[1][0]))),
    ("大前年", lambda m, t: str(t.year - 3)),
    ("大后年", lambda m, t: str(t.year + 3)),
    # (not inside 以前 / 以后 / 之前 / 然后 / 提前: 以前年轻的时候, 以后天天锻炼)
    (f"{_ZH_NOT_AFTER}前年", lambda m, t: str(t.year - 2)),
    (f"{_ZH_NOT_AFTER}后年", lambda m, t: str(t.year + 2)),
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
    (f"{_ZH_NOT_AFTER}后天", _day(2)),
    (f"{_ZH_NOT_AFTER}前天", _day(-2)),
    ("明天|明日|明早|明晚", _day(1)),
    ("今天|今日|今早|今晚", _day(0)),
    ("昨天|昨日|昨晚", _day(-1)),
    (
        "([下上这本])个?(?:星期|礼拜|周)([一二三四五六日天])",
        lambda m, t: (
            t - timedelta(days=t.weekday()) + timedelta(weeks=_step(m.group(1)), days=ZH_WEEKDAY[m.group(2)])
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
# One alternation of every pattern; group names are dropped there (they repeat across
# patterns), each phrase found is then resolved by its own pattern (_resolve).
_MASTER = re.compile("|".join(f"(?:{re.sub(r'[(][?]P<[a-z]+>', '(?:', p)})" for p, _ in _SPECS), re.IGNORECASE)
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
    Months said alone and Easter: :func:`souvenir.lexical.named_dates.ground_named`.
    """
    today = now.date()
    out: list[str] = []
    pos = 0
    for m in _MASTER.finditer(text):
        end = m.end()
        possessive = _POSSESSIVE.match(text, end)
        if possessive:
            end = possessive.end()
        if _ALREADY.match(text, end) or _after_a_count(text, m.start(), m.group()):
            continue
        value = _resolve(m.group(), today)
        if value is None:
            continue
        out.append(text[pos:end])
        out.append(f"（{value}）" if _HAN.match(m.group()) else f" ({value})")
        pos = end
    out.append(text[pos:])
    return ground_named("".join(out), today)
