"""Named dates: a month said alone and Easter, grounded for the year meant.

The second pass of :func:`souvenir.lexical.dates.ground_dates` (pure: ``today`` is passed
in). Said on 2026-12-06: "My daughter Maya turns 7 in January" → "… in January (2027-01)";
"I moved here in January" → "… in January (2026-01)"; « Mon frère Paul vient me voir à
Pâques » → « … à Pâques (2027-03-28) »; 我女儿一月份满七岁 → 一月份（2027-01）.

What is read (the four languages):

* a month with a preposition and no year or day after it: "in / since / until / by / early /
  late / mid January", « en / depuis / dès / jusqu'en / début / fin / mi- / au mois de
  janvier », "pada / sejak / hingga (bulan) Januari", "bulan Januari", 一月份 / 在一月 / 1月;
  with a direction word: "next / last / this January", « janvier prochain / dernier »,
  "Januari depan / lepas / lalu / ini";
* Easter Sunday (Easter Monday one day after): "at / for / on / over / by / until / since /
  before / after / around Easter", "Easter Sunday / Monday / weekend", "next / last / this
  Easter", « à / pour / depuis / avant / après / vers / pendant Pâques », « le lundi de
  Pâques », « Pâques prochain / dernier », 复活节, "(pada / sempena / sebelum / selepas) Hari
  Paskah". The date is computed for the year (the Gregorian computus, :func:`easter`).

Which one (a month → ``YYYY-MM``, Easter → ``YYYY-MM-DD``):

* a direction word decides: next = strictly after this month (after today for Easter), last
  = strictly before, this = this year's;
* "since", « depuis », "sejak", 自从 / 自打 / 自 before the month or 以来 after it: the last one
  (this month or before), whatever the tense ("My mother has been ill since January", « malade
  depuis janvier », 我妈妈自从一月以来身体不好, said in December);
* else the clause's tense (:func:`_past`): said in the past, the last one (this month or
  before: "I moved here in December" said on 6 December is this December); else the next
  one (this month or after) — the present speaks of what comes ("turns 7 in January",
  « se marie en juin », 一月份满七岁), as a planned weekday does;
* a Chinese month or 复活节 right after a year the first pass grounded (去年（2025）三月)
  takes that year.

Not grounded: a habit ("every January", « chaque janvier », "setiap bulan Januari", 每年一月,
"every Easter"), a month followed by a year or a day ("in January 2025": already a period,
"January 5th"), a month after a day number. Known limits: a gnomic present ("It snows in
January") is grounded as the next one; Malay marks no tense ("Saya berpindah ke sini pada
bulan Januari" reads as the next one unless sudah / telah / pernah … says it is past); a
Chinese 是…的 past without 了 / 过 reads as the next one.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

__all__ = ["easter", "ground_named"]

_B = r"(?<![\w\-])"
_E = r"(?![\w\-])"
_S = r"\s+"

_EN_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_FR_MONTHS = (
    "janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre"
)
_MS_MONTHS = "januari|februari|mac|april|mei|jun|julai|ogos|september|oktober|november|disember"
_MONTH_NUMBER = {
    **{name: i + 1 for i, name in enumerate(_EN_MONTHS.split("|"))},
    **dict(
        zip(
            _FR_MONTHS.split("|"),
            (1, 2, 2, 3, 4, 5, 6, 7, 8, 8, 9, 10, 11, 12, 12),
            strict=True,
        )
    ),
    **{name: i + 1 for i, name in enumerate(_MS_MONTHS.split("|"))},
}
_LOWER_AMBIGUOUS = re.compile(r"(?<![\w\-])(?:may|march|mac|mei|jun)(?![\w\-])")
_ZH_MONTH_NUMBER = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}

# A year, a day, or "of 2024" right after the month: a period read elsewhere (or a day).
_NO_YEAR = r"(?!\s*,?\s*\d)(?!\s+(?:of|de)\s+\d)"
_EN_PREP = (
    r"in|on|since|until|till|by|during|before|after|from|around|through|throughout|early|late|mid|mid-"
    r"|(?:the\s+)?(?:beginning|start|end|middle)\s+of"
)
_FR_PREP = (
    r"en|dès|depuis|jusqu['’]en|avant|après|vers|pour|début|fin|mi-|courant|à\s+partir\s+de"
    r"|(?:au|du|le)\s+mois\s+(?:de\s+|d['’])"
)
_MS_PREP = r"pada|sejak|hingga|sehingga|sampai|sebelum|selepas|awal|akhir|pertengahan|hujung|mulai|dalam"
_EN_DIR = r"next|last|this|coming|past"
_FR_DIR = r"prochain|dernier|passé"
_MS_DIR = r"depan|hadapan|lepas|lalu|ini|akan\s+datang|mendatang"

_MONTH_SPECS = (
    # "next January" / "last August" / "this May"
    rf"{_B}(?P<d>{_EN_DIR}){_S}(?P<m>{_EN_MONTHS}){_E}{_NO_YEAR}",
    # "in January", "early March"
    rf"{_B}(?:(?:{_EN_PREP}){_S}|mid-)(?P<m>{_EN_MONTHS}){_E}{_NO_YEAR}",
    # « en janvier (prochain) », « janvier dernier »
    rf"{_B}(?:(?:{_FR_PREP})\s*)?(?P<m>{_FR_MONTHS}){_S}(?P<d>{_FR_DIR}){_E}",
    rf"{_B}(?:{_FR_PREP})\s*(?P<m>{_FR_MONTHS}){_E}{_NO_YEAR}",
    # "(pada) bulan Januari (depan)", "pada Mei"
    rf"{_B}(?:(?:{_MS_PREP}){_S}(?:bulan{_S})?|bulan{_S})(?P<m>{_MS_MONTHS}){_S}(?P<d>{_MS_DIR}){_E}",
    rf"{_B}(?:(?:{_MS_PREP}){_S})?bulan{_S}(?P<m>{_MS_MONTHS}){_E}{_NO_YEAR}",
    rf"{_B}(?:{_MS_PREP}){_S}(?P<m>{_MS_MONTHS}){_E}{_NO_YEAR}",
)
_MONTH = re.compile("|".join(f"(?:{re.sub(r'[(][?]P<[a-z]+>', '(?:', p)})" for p in _MONTH_SPECS), re.I)
_MONTH_PARTS = [re.compile(p, re.I) for p in _MONTH_SPECS]

_ZH_MONTH = re.compile(
    r"(?<![\d一二三四五六七八九十个第每半几年])(?P<m>十[一二]|[一二三四五六七八九十]|1[0-2]|[1-9])月(?P<fen>份)?"
    r"(?![\d一二三四五六七八九十]*[日号])(?!初[\d一二三四五六七八九十])"
)
_ZH_YEAR_BEFORE = re.compile(r"(?:[今明去前后]年（(\d{4})）|((?:19|20)\d{2})年)$")
# The year said right after the phrase: "at Easter 2019", « à Pâques de 2019 », "Hari Paskah
# 2019", or a relative year the first pass grounded ("at Easter last year (2025)", « en
# janvier l'an dernier (2025) », "pada bulan Januari tahun lepas (2025)").
_YEAR_AFTER = re.compile(
    r"\s*,?\s*(?:(?:of|de|en|tahun)\s+)?(?P<y>(?:19|20)\d{2})(?!\d)"
    r"|\s+(?:(?:last|next|this)\s+year|l['’]\s*an\s+(?:dernier|prochain|passé)"
    r"|l['’]\s*année\s+(?:dernière|prochaine|passée)|cette\s+année|tahun\s+(?:lepas|lalu|depan|hadapan|ini))"
    r"\s*[(（](?P<g>\d{4})[)）]",
    re.I,
)

_EASTER = re.compile(
    rf"{_B}(?:(?:(?P<d>{_EN_DIR})|at|for|on|over|by|until|till|since|before|after|around|during){_S})"
    rf"easter(?:{_S}(?P<day>sunday|monday|weekend|holidays?|break))?{_E}"
    rf"|{_B}easter{_S}(?P<day2>sunday|monday){_E}"
    rf"|{_B}(?:le{_S}(?P<fday>dimanche|lundi){_S}de{_S})pâques{_E}"
    rf"|{_B}(?:(?:à|pour|depuis|dès|avant|après|vers|pendant|jusqu['’]à){_S})pâques(?:{_S}(?P<fd>{_FR_DIR}))?{_E}"
    rf"|{_B}pâques{_S}(?P<fd2>{_FR_DIR}){_E}"
    rf"|{_B}(?:(?:pada|sempena|sebelum|selepas|sejak|hingga|sampai|semasa|cuti){_S})?hari{_S}paskah{_E}"
    rf"|{_B}(?:pada|sempena|sebelum|selepas|sejak|hingga|sampai|semasa|cuti){_S}paskah{_E}"
    r"|复活节",
    re.I,
)

#: "since", « depuis », "sejak" / "semenjak": a start already past, whatever the tense ("has been
#: ill since January" said in December is this January, not the next).
_SINCE = re.compile(r"(?:since|depuis|sejak|semenjak)\b", re.I)
#: Chinese "since": 自从 / 自打 / 打从 / 自 before the month, or 以来 after it (自从一月以来, 一月以来,
#: with no 了 or 一直 to give the tense): the last one, as "since January" (session 25).
_ZH_SINCE_BEFORE = re.compile(r"(?:自从|自打|打从|自)$")
_ZH_SINCE_AFTER = re.compile(r"以来")

_HABIT = re.compile(
    r"(?:\bevery|\beach|\bchaque|\btous\s+les\s+ans|\bsetiap|\btiap|每年?|每个)\s*\S*\s*$",
    re.I,
)
_WINDOW = 200  # characters read each side of a phrase for its clause's tense
_CLAUSE_END = re.compile(r"[.!?;。！？；\n]")
_ALREADY = re.compile(r"\s*[(（]\s*\d{4}(?:-[wW]?\d{2}){0,2}\s*[)）]")

# --- tense: the clause speaks of the past (module docstring)
_EN_FUTURE = re.compile(r"\b(?:will|'ll|’ll|shall|going\s+to|gonna|plan|plans|planning|hope|hoping|want|wants)\b", re.I)
_EN_PAST = re.compile(
    r"\b(?:was|were|did|didn['’]t|had|went|got|came|met|saw|left|began|took|made|bought|found|gave|became|born"
    r"|ago|used\s+to|spent|told|said|grew|won|lost|ran|wrote|flew|drove|sold|paid|fell|broke|thought|felt|heard)\b"
    r"|(?:^\W*|\b(?!(?:am|is|are|be|been|being|get|gets|getting|so|very|too|really|feel|feels|more|most|m|re|s)\b)[a-z]+\s+)"
    r"(?!(?:hundred|sacred|naked|wicked|beloved|aged|excited|supposed|scheduled|interested|pleased|determined|expected"
    r"|planned|prepared|tired|inclined|obliged|thrilled|delighted|scared|worried|booked|engaged|needed)\b)"
    r"[a-z]{2,}(?<!e)ed\b",
    re.I,
)
_FR_FUTURE = re.compile(r"\b(?:vais|vas|va|allons|allez|vont|compte|comptons|prévois|prévoit|espère)\b", re.I)
_FR_PAST = re.compile(
    r"(?:\b(?:j['’]|tu\s+|il\s+|elle\s+|on\s+|nous\s+|vous\s+|ils\s+|elles\s+)?(?:ai|as|a|avons|avez|ont)\s+"
    r"(?:(?:déjà|bien|enfin|jamais|pas|tout|aussi|encore|toujours)\s+)?\w+(?:é|ée|és|ées|i|is|it|u|ert|eint|ait)\b)"
    r"|\b(?:suis|es|est|sommes|êtes|sont)\s+(?:(?:déjà|bien|enfin)\s+)?"
    r"(?:née?s?|venue?s?|revenue?s?|arrivée?s?|partie?s?|allée?s?|morte?s?|mariée?s?|retournée?s?|rentrée?s?"
    r"|installée?s?|déménagée?s?|tombée?s?|restée?s?|passée?s?)\b"
    r"|\b(?:étais|était|étions|étiez|étaient|avais|avait|avions|aviez|avaient|fut|furent)\b"
    r"|\bil\s+y\s+a\s+\w+\s+(?:jours?|semaines?|mois|ans?|années?)\b"
    # the imparfait after its subject (« je travaillais », « on habitait »), not « je sais » / « il fait »
    r"|\b(?:je|j['’]|tu|il|elle|on|nous|vous|ils|elles)\s*(?:\w+\s+)?"
    r"(?!(?:sais|sait|fais|fait|vais|tais|tait|plais|plait)\b)\w{2,}(?:ais|ait|ions|iez|aient)\b"
    # a participle standing for its clause before the month (« diplôme obtenu en juin », « signé en mars »)
    r"|(?<![\w'’])(?!(?:prévue?s?|programmée?s?|fixée?s?|attendue?s?|envisagée?s?|voulue?s?|dû|due)\b)"
    r"\w{3,}(?:é|ée|és|ées|u|ue|us|ues|is|ise|it|ite|ert|erte)\s+(?:en|début|fin|mi-|courant)\s*(?:"
    + _FR_MONTHS
    + r")\b",
    re.I,
)
_ZH_FUTURE = re.compile(r"要|会|将|打算|准备|计划|想|快")
_ZH_PAST = re.compile(r"了|过|已经|曾经|曾|当时|那时")
_MS_FUTURE = re.compile(r"\b(?:akan|nak|hendak|mahu|mau|bakal|ingin|rancang|merancang)\b", re.I)
_MS_PAST = re.compile(r"\b(?:sudah|telah|dah|pernah|tadi|lalu|lepas)\b", re.I)


def easter(year: int) -> date:
    """Easter Sunday of ``year`` in the Gregorian calendar (the anonymous computus,
    Meeus/Jones/Butcher): 2026 → 2026-04-05, 2027 → 2027-03-28."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l_) // 451
    month, day = divmod(h + l_ - 7 * m + 114, 31)
    return date(year, month, day + 1)


_FR_WORDS = frozenset(
    "je j tu il elle nous vous ils elles le la les de des du en à et est mon ma mes se un une ai".split()
)
_MS_WORDS = frozenset(
    "saya aku kami kita dia mereka yang di ke pada dan ini itu akan sudah bulan hari dengan untuk".split()
)
_EN_WORDS = frozenset("i the my in at and is to we he she a of on it you they our".split())
_WORD = re.compile(r"[^\W\d_]+")


def _language(clause: str) -> str:
    """ "zh" for a clause with a Chinese character, else the language of most of its small
    words among en / fr / ms (en on a tie: the tense rules of English are the least eager)."""
    if any(_is_han(c) for c in clause):
        return "zh"
    words = [w.casefold() for w in _WORD.findall(clause.replace("’", "'").replace("'", " "))]
    counts = {
        "fr": sum(w in _FR_WORDS for w in words),
        "ms": sum(w in _MS_WORDS for w in words),
        "en": sum(w in _EN_WORDS for w in words),
    }
    return max(("en", "fr", "ms"), key=lambda lang: counts[lang])


_TENSES = {
    "en": (_EN_FUTURE, _EN_PAST),
    "fr": (_FR_FUTURE, _FR_PAST),
    "ms": (_MS_FUTURE, _MS_PAST),
    "zh": (_ZH_FUTURE, _ZH_PAST),
}


def _past(clause: str) -> bool:
    """The clause speaks of the past: a past marker of its language and no future one."""
    future, past = _TENSES[_language(clause)]
    return bool(past.search(clause)) and not future.search(clause)


#: A clause's own cut inside its sentence: a comma, a colon, a dash, or a joining word opening
#: another clause (session 24: "I'm putting my rate up from January, the foreman was right").
_PART_END = re.compile(r"[,，:：;；]|\s[-–—]\s|\b(?:but|though|although|mais|tapi|tetapi)\b|但是|可是|不过", re.I)
#: A plan in the present ("I'm putting my rate up", "we're moving", « on déménage … à partir de »,
#: "kami pindah mulai"): a first- or second-person progressive, or a start word before the month.
_EN_PROGRESSIVE = re.compile(
    r"\b(?:i'?m|i\s+am|we'?re|we\s+are|they'?re|you'?re|he'?s|she'?s)\s+(?:\w+ly\s+)?(?!going\b)[a-z]{2,}ing\b", re.I
)
#: A state going on, in a part with no future word (a bare 在 is as often 'at': 在家办公): 从一月起(一直)在休病假 "has been on leave since
#: January" (the start word then says since when), "from January I've been…".
_ONGOING = re.compile(r"(?:正|一直|还|都)在|在休|一直|已经|至今|到现在|\b(?:have|has|'ve)\s+been\b", re.I)
_START = re.compile(r"(?:\bfrom|\bstarting|\bbeginning|\bà\s+partir\s+d[e']|\bdès|\bmulai|\bbermula|从|自)", re.I)


def _part(text: str, start: int, end: int) -> str:
    """The part of the sentence around ``text[start:end]`` between two of :data:`_PART_END`."""
    clause_start = max(0, start - _WINDOW)
    left = max((m.end() for m in _PART_END.finditer(text, clause_start, start)), default=clause_start)
    left = max(left, max((m.end() for m in _CLAUSE_END.finditer(text, clause_start, start)), default=clause_start))
    stop = min(len(text), end + _WINDOW)
    found = (_PART_END.search(text, end, stop), _CLAUSE_END.search(text, end, stop))
    right = min((m.start() for m in found if m), default=stop)
    return text[left:right]


def _said_past(text: str, start: int, end: int) -> bool:
    """The month's own part decides when it holds a tense (a future or a present plan: what comes;
    a past marker: the past); a start word ("from January", « à partir de janvier », "mulai
    Januari", 从一月起) with no past marker in its part is what comes; else the sentence's tense."""
    part = _part(text, start, end)
    future, past = _TENSES[_language(part)]
    if future.search(part) or _EN_PROGRESSIVE.search(part):
        return False
    if past.search(part):
        return True
    if _START.search(text[max(0, start - 12) : end]):  # the phrase holds its preposition: "from January"
        return bool(_ONGOING.search(part))  # 从一月起在休病假: a state going on since then
    return _past(_clause(text, start, end))


def _step(word: str | None) -> int | None:
    """+1 next, −1 last, 0 this, ``None`` for no direction word."""
    if not word:
        return None
    word = " ".join(word.casefold().split())
    if word in ("next", "coming", "prochain", "depan", "hadapan", "akan datang", "mendatang"):
        return 1
    if word in ("last", "past", "dernier", "passé", "lepas", "lalu"):
        return -1
    return 0


def _month_value(month: int, today: date, step: int | None, past: bool) -> str:
    year = today.year
    if step == 1:
        year += month <= today.month
    elif step == -1:
        year -= month >= today.month
    elif step is None:
        if past and month > today.month:
            year -= 1
        elif not past and month < today.month:
            year += 1
    return f"{year}-{month:02d}"


def _easter_value(today: date, step: int | None, past: bool, monday: bool) -> str:
    this = easter(today.year)
    if step == 1 or (step is None and not past):
        day = this if this > today or (step is None and this == today) else easter(today.year + 1)
    elif step == -1 or past:
        day = this if this < today or (step is None and this == today) else easter(today.year - 1)
    else:
        day = this
    return (day + timedelta(days=monday)).isoformat()


def _clause(text: str, start: int, end: int) -> str:
    """The sentence around ``text[start:end]`` (cut at . ! ? ; and their full-width forms),
    at most :data:`_WINDOW` characters each side."""
    lo = max(0, start - _WINDOW)
    left = max((m.end() for m in _CLAUSE_END.finditer(text, lo, start)), default=lo)
    right = _CLAUSE_END.search(text, end, end + _WINDOW)
    return text[left : right.start() if right else min(len(text), end + _WINDOW)]


def _year_after(text: str, end: int) -> int | None:
    """The year said right after a named date ending at ``end`` (:data:`_YEAR_AFTER`), or ``None``."""
    y = _YEAR_AFTER.match(text, end)
    return int(y.group("y") or y.group("g")) if y else None


def _zh_year_before(text: str, start: int) -> int | None:
    """The year written right before a Chinese named date: 去年（2025）, 2019年."""
    y = _ZH_YEAR_BEFORE.search(text[max(0, start - 12) : start])
    return int(y.group(1) or y.group(2)) if y else None


def _value(text: str, m: re.Match[str], today: date) -> str | None:
    phrase = m.group()
    if _LOWER_AMBIGUOUS.search(phrase):
        return None  # "this may be", "in march" (the verb), "pada mei": a month is capitalised
    before = text[max(0, m.start() - 24) : m.start()]
    if _HABIT.search(before):
        return None
    since_zh = bool(
        _ZH_SINCE_BEFORE.search(text, max(0, m.start() - 2), m.start()) or _ZH_SINCE_AFTER.match(text, m.end())
    )
    past = bool(_SINCE.match(phrase)) or since_zh or _said_past(text, m.start(), m.end())
    said_year = _year_after(text, m.end())
    if phrase.endswith("复活节"):
        year = _zh_year_before(text, m.start()) or said_year
        if year:
            return easter(year).isoformat()
        return _easter_value(today, None, past, False)
    if _EASTER.fullmatch(phrase):
        e = _EASTER.fullmatch(phrase)
        assert e is not None
        step = _step(e.group("d") or e.group("fd") or e.group("fd2"))
        monday = (e.group("day") or e.group("day2") or e.group("fday") or "").casefold() in ("monday", "lundi")
        if said_year and step is None:
            return (easter(said_year) + timedelta(days=monday)).isoformat()
        return _easter_value(today, step, past, monday)
    zh = _ZH_MONTH.fullmatch(phrase)
    if zh:
        raw = zh.group("m")
        month = (
            int(raw)
            if raw.isdigit()
            else (10 + _ZH_MONTH_NUMBER.get(raw[1:], 0) if raw[0] == "十" and len(raw) > 1 else _ZH_MONTH_NUMBER[raw])
        )
        year = _zh_year_before(text, m.start())
        if year:
            return f"{year}-{month:02d}"
        return _month_value(month, today, None, past)
    for part in _MONTH_PARTS:
        p = part.fullmatch(phrase)
        if p:
            groups = p.groupdict()
            if said_year and not groups.get("d"):
                return f"{said_year}-{_MONTH_NUMBER[groups['m'].casefold()]:02d}"
            return _month_value(_MONTH_NUMBER[groups["m"].casefold()], today, _step(groups.get("d")), past)
    return None


_ANY = re.compile(
    "|".join(f"(?:{re.sub(r'[(][?]P<[a-z0-9]+>', '(?:', p.pattern)})" for p in (_EASTER, _MONTH, _ZH_MONTH)), re.I
)
_ZH_MONTH_CONTEXT = re.compile(r"(?:在|到|从|于|是|等|趁|今年|我|我们|他|她|他们|咱们|自从|自打|打从|自)$")
#: A Chinese month followed by a word of time (六月的时候, 六月底, 六月中旬) is a time too.
_ZH_MONTH_AFTER = re.compile(r"的时候|时候|时|底|初|中旬|上旬|下旬|末|期间|以来")


def _zh_month_said(text: str, start: int, m: re.Match[str]) -> bool:
    """A Chinese month is a time when written 一月份, or after 在 / 到 / 从 / 于 / a year the first
    pass grounded, or with digits (6月): not 一月 inside another word."""
    if m.group("fen") or m.group("m").isdigit():
        return True
    before = text[max(0, start - 8) : start]
    return bool(
        _ZH_MONTH_CONTEXT.search(before)
        or _ZH_YEAR_BEFORE.search(before)
        or _ZH_MONTH_AFTER.match(text, start + m.end())
    )


def ground_named(text: str, today: date) -> str:
    """``text`` with the month or the Easter each named-date phrase means (module docstring)
    added after it: " (2027-01)", " (2027-03-28)", or full-width after Chinese
    (一月份（2027-01）). A phrase already followed by an ISO value is left alone. Linear in
    the text: one scan, each phrase read in a window of its clause."""
    out: list[str] = []
    pos = 0
    for m in _ANY.finditer(text):
        if _ALREADY.match(text, m.end()):
            continue
        zh = _ZH_MONTH.fullmatch(m.group())
        if zh is not None and not _zh_month_said(text, m.start(), zh):
            continue
        value = _value(text, m, today)
        if value is None:
            continue
        out.append(text[pos : m.end()])
        out.append(f"（{value}）" if _is_han(text[m.end() - 1]) else f" ({value})")
        pos = m.end()
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def _is_han(char: str) -> bool:
    return "\u3400" <= char <= "\u4dbf" or "\u4e00" <= char <= "\u9fff"
