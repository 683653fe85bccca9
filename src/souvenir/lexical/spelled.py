"""Spelled-out numbers, ordinals and clock times (FR / EN / MS / ZH), in canonical form.

Seed 000, « Un chiffre différent est un fait différent »: a number is often the fact
itself, whatever way it is written. Carriers (``carriers.py``) and counted relative
dates (``dates.py``) read this module; it has no state and does no I/O.

* :func:`parse_number` reads a spelled count: "vingt-deux" → 22, "dua puluh lima" → 25,
  "twenty five" → 25, "dua belas" → 12, "trois" → 3; digits as they are.
* :func:`ordinal_value` reads one ordinal token: first / 1st / premier / première / 1er /
  1re / 2e / deuxième / pertama / kedua / ketiga → 1, 2, 3…; the carrier is "#N"
  (review of the write path: "Her first child" / "Her second child", "Anak pertama" /
  "Anak kedua" merged at 0.88–0.97). Chinese 第N is read in ``carriers.py``.
* :data:`CLOCK_RULES` read spelled clock times into the "HH:MM" of
  :func:`souvenir.lexical.numerals.clock`: "quarter past two" → 02:15, "quarter to two"
  → 01:45, "half past two" → 02:30, "two o'clock" → 02:00, "deux heures et demie" →
  02:30, "et quart" → 02:15, "moins le quart" → 01:45, "midi et demi" → 12:30,
  下午三点半 → 15:30, 三点一刻 → 03:15, 三点 → 03:00, "pukul tiga setengah petang" →
  15:30, "pukul tiga suku" → 03:15 (same review: 半 / 一刻, "et demie" / "et quart",
  "setengah" / "suku" were not carriers and merged). A part of the day right next to
  the time moves it to the afternoon (pm, 下午, petang, "de l'après-midi"), so that
  "3 pm", 下午三点 and "15h" are one value. A bare hour with only a clock word
  ("pukul 15", 三点, "three o'clock") stays the plain number it was before this rule, so
  that "pukul 15" / "15" remain one fact; French "heures" gives "HH:MM", as digits
  ("14 h") already did. Ambiguous forms err on the carrier side
  (seed 000: a redite is the cheap error): "deux heures" is 02:00 whether it is a time
  or a duration, exactly as "2 heures" already was.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from souvenir.lexical.cache_size import TEXT_CACHE
from souvenir.lexical.numerals import ZH_NUMERAL_CHARS, clock, zh_to_digits
from souvenir.lexical.vocab import NUMBER_WORDS
from souvenir.lexical.text_cache import text_cache

__all__ = [
    "parse_number",
    "ordinal_value",
    "CLOCK_RULES",
    "NUMBER_PHRASE",
    "KEEP",
    "ORDINAL_WORDS",
    "DIGIT_ORDINAL_SUFFIX",
    "in_digits",
]

KEEP = object()
"""A rule's answer meaning "not a clock time after all: leave the text as it is"."""

_B = r"(?<![\w\-])"
_E = r"(?![\w\-])"

# Count words, including the articles that are "one" (they are counts here: the
# patterns that use them always name a unit or an hour right after).
_UNITS: dict[str, int] = {
    **{w: int(v) for w, v in NUMBER_WORDS.items() if v.isdigit() and int(v) < 100},
    "un": 1,
    "une": 1,
    "one": 1,
    "satu": 1,
}
_HUNDREDS = {"hundred": 100, "cent": 100, "cents": 100, "ratus": 100, "seratus": 100}
_THOUSANDS = {"thousand": 1000, "mille": 1000, "ribu": 1000, "seribu": 1000}
_JOINERS = {"et", "and"}


def _alt(words) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


_NUMBER_WORD = _alt([*_UNITS, "vingts", "puluh", "belas", *_HUNDREDS, *_THOUSANDS])
NUMBER_PHRASE = rf"(?:\d{{1,3}}|(?:{_NUMBER_WORD})(?:(?:[\s\-]+(?:et|and)[\s\-]+|[\s\-]+)(?:{_NUMBER_WORD})){{0,11}})"
"""Regex (no groups) of a count: 1–3 digits, or number words joined by spaces, hyphens,
"et" / "and" ("vingt et un", "twenty-five", "dua puluh lima"), at most twelve words (the
longest count people write, "one hundred twenty three thousand four hundred fifty six", has
nine): unbounded, 16 KB of "belas belas …" was read from each of its words to the end."""


def parse_number(phrase: str) -> int | None:
    """Value of a count written in digits or in words (FR / EN / MS), else ``None``.

    >>> parse_number("vingt-deux"), parse_number("dua puluh lima"), parse_number("dua belas")
    (22, 25, 12)
    >>> parse_number("quatre-vingt-dix"), parse_number("one hundred and five")
    (90, 105)
    """
    phrase = phrase.casefold().strip()
    if phrase.isdigit():
        return int(phrase)
    total = current = 0
    seen = False
    for part in re.split(r"[\s\-]+", phrase):
        if not part or part in _JOINERS:
            continue
        seen = True
        if part in ("vingt", "vingts") and current in (4,):
            current *= 20  # quatre-vingt(s)
        elif part == "puluh":
            current = (current or 1) * 10
        elif part == "belas":
            current = (current or 1) + 10
        elif part in _HUNDREDS:
            current = (current or 1) * 100 if part not in ("seratus",) else current + 100
        elif part in _THOUSANDS:
            total += (current or 1) * 1000 if part not in ("seribu",) else 1000
            current = 0
        elif part in _UNITS:
            value = _UNITS[part]
            if current and not (
                (value < 10 and current % 10 == 0)  # vingt-deux, twenty-five, dua puluh lima
                or (10 <= value < 20 and current % 100 in (60, 80))  # soixante-dix
                or current % 100 == 0  # one hundred and five
            ):
                return None  # "deux trois" (two or three) is not a number
            current += value
        else:
            return None
    return total + current if seen else None


# --- ordinals ----------------------------------------------------------------------------

ORDINAL_WORDS: dict[str, int] = {
    # en
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
    "fortieth": 40,
    "fiftieth": 50,
    "sixtieth": 60,
    "seventieth": 70,
    "eightieth": 80,
    "ninetieth": 90,
    "hundredth": 100,
    "thousandth": 1000,
    # fr ("second(e)" is the ordinal 2, as in English above; the unit of time "seconde" costs
    # a redite at most)
    "premier": 1,
    "première": 1,
    "premiers": 1,
    "premières": 1,
    "seconde": 2,
    "seconds": 2,
    "secondes": 2,
    "unième": 1,
    # ms
    "pertama": 1,
}
_FR_STEMS = {
    "deux": "deux",
    "trois": "trois",
    "quatr": "quatre",
    "cinqu": "cinq",
    "six": "six",
    "sept": "sept",
    "huit": "huit",
    "neuv": "neuf",
    "dix": "dix",
    "onz": "onze",
    "douz": "douze",
    "treiz": "treize",
    "quatorz": "quatorze",
    "quinz": "quinze",
    "seiz": "seize",
    "vingt": "vingt",
    "trent": "trente",
    "quarant": "quarante",
    "cinquant": "cinquante",
    "soixant": "soixante",
    "cent": "cent",
    "mill": "mille",
    "un": "un",
}
_EN_ORDINAL_PARTS = {w: v for w, v in ORDINAL_WORDS.items() if v < 10 and w.isascii()}
DIGIT_ORDINAL_SUFFIX = r"(?:st|nd|rd|th|ère|ers|res|er|re|ème|e|nde|nd)"
"""Suffixes of a rank written in digits: 1st 2nd 3rd 4th, 1er 1re 1ère 2e 2ème 2nd(e)."""
_DIGIT_ORDINAL = re.compile(rf"(\d{{1,4}}){DIGIT_ORDINAL_SUFFIX}")


def ordinal_value(token: str) -> int | None:
    """The rank an ordinal token names (1 for "first", "1st", "premier", "1er",
    "pertama"; 2 for "second", "2nd", "deuxième", "2e", "kedua"; 21 for "twenty-first",
    "vingt-et-unième"), else ``None``."""
    if token in ORDINAL_WORDS:
        return ORDINAL_WORDS[token]
    m = _DIGIT_ORDINAL.fullmatch(token)
    if m:
        return int(m.group(1))
    if token.endswith("ième") and len(token) > 4:  # deuxième, vingt-deuxième, dix-septième
        head, _, last = token[:-4].rpartition("-")
        stem = _FR_STEMS.get(last)
        if stem is not None:
            return parse_number(f"{head} {stem}" if head else stem)
        return None
    if token.startswith("ke") and len(token) > 4:  # Malay ke- + number: kedua, kesepuluh
        rest = token[2:]
        if rest in NUMBER_WORDS and NUMBER_WORDS[rest].isdigit():
            return int(NUMBER_WORDS[rest])
        return None
    if "-" in token:  # twenty-first
        head, _, last = token.rpartition("-")
        if last in _EN_ORDINAL_PARTS:
            base = parse_number(head)
            if base is not None and base % 10 == 0:
                return base + _EN_ORDINAL_PARTS[last]
    return None


# --- spelled clock times --------------------------------------------------------------------

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], object]]

# Parts of the day that move an hour: afternoon / evening (+12 for 1–11), night (+12 for
# 6–11 only: "pukul 2 malam" is 2 a.m.; 12 at night is 00:00), noon (+12 for 1–5).
_PM = {"pm", "p.m.", "petang", "下午", "傍晚", "de l'après-midi", "du soir", "in the afternoon", "in the evening"}
_NIGHT = {"malam", "晚上", "夜里", "at night"}
_NOON = {"中午", "tengah hari"}


def _hour_value(word: str) -> int | None:
    word = word.strip()
    if word in ("midi", "noon", "tengah hari", "中午"):
        return 12
    if word in ("minuit", "midnight"):
        return 0
    if word and word[0] in ZH_NUMERAL_CHARS:
        return int(zh_to_digits(word))
    return parse_number(word)


def _hhmm(hour: int | None, minutes: int, part: str | None, bare: bool = False) -> object:
    """Canonical "HH:MM"; ``minutes`` may be negative ("quarter to two" = 2 h − 15 min).
    ``bare``: only a clock word around the hour → the plain hour number."""
    if hour is None or not 0 <= hour <= 24 or not -59 <= minutes <= 59:
        return KEEP
    if bare:
        return str(hour)
    if part:
        part = " ".join(part.split())
        if part in _NOON:  # 中午一点, "pukul 1 tengah hari": 13:00
            hour += 12 if 1 <= hour < 6 else 0
        elif part in _NIGHT:  # "pukul 9 malam" 21:00, "pukul 2 malam" 02:00, 晚上十二点 00:00
            hour = hour + 12 if 6 <= hour < 12 else 0 if hour == 12 else hour
        elif part in _PM:
            hour += 12 if 1 <= hour < 12 else 0
        elif part in ("am", "a.m.") and hour == 12:
            hour = 0
    total = (hour * 60 + minutes) % (24 * 60)
    return clock(str(total // 60), str(total % 60)) or KEEP


_EN_HOUR = (
    _alt(
        [
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "noon",
            "midnight",
        ]
    )
    + r"|\d{1,2}"
)
_EN_MERIDIEM = (
    r"(?:\s?(a\.m\.|p\.m\.|am|pm)(?![^\W_])"
    r"|\s(in the morning|in the afternoon|in the evening|at night)\b)?"
)
# "five to ten minutes", "from ten to twelve": a range, not a time.
_EN_NOT_RANGE = (
    r"(?!\s(?:minutes?|hours?|days?|weeks?|months?|years?|times?|people|persons|percent"
    r"|kg|km|euros?|dollars?|ringgit)\b)"
)
_EN_MINUTES = _alt(["five", "ten", "twenty", "twenty-five", "twenty five"])
_FR_HOUR = rf"(?:{NUMBER_PHRASE}|\d{{1,2}})"
_FR_PART = r"(?:\s(du matin|de l'après-midi|du soir))?"
_FR_MINUTES = _alt(
    [
        "cinq",
        "dix",
        "quinze",
        "vingt",
        "vingt-cinq",
        "vingt cinq",
        "trente",
        "trente-cinq",
        "quarante",
        "quarante-cinq",
        "cinquante",
        "cinquante-cinq",
    ]
)
_MS_HOUR = _alt(
    ["satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "lapan", "sembilan", "sepuluh", "sebelas", "dua belas"]
)
_MS_PART = r"(?:\s(pagi|petang|malam|tengah hari)(?!\s(?:ini|esok|depan|lepas|lalu)))?"
_ZH_NUM = rf"(?:[{ZH_NUMERAL_CHARS}]+|\d{{1,2}})"
_ZH_PART = "(上午|早上|早晨|凌晨|下午|晚上|傍晚|夜里|中午)?"


def _en_past_to(m: re.Match[str]) -> object:
    amount, relation, hour, meridiem, part = m.groups()
    amount = amount.removeprefix("a ").strip()
    minutes = {"quarter": 15, "half": 30}.get(amount)
    if minutes is None:
        minutes = parse_number(amount.removesuffix(" minutes").removesuffix(" minute")) or 0
    if relation in ("to", "till", "til", "before"):
        minutes = -minutes
    return _hhmm(_hour_value(hour), minutes, meridiem or part)


def _fr_fraction(word: str | None) -> int:
    if not word:
        return 0
    word = " ".join(word.split())
    if word in ("et demie", "et demi"):
        return 30
    if word == "et quart":
        return 15
    if word in ("moins le quart", "moins quart"):
        return -15
    if word.startswith("moins "):
        return -(parse_number(word[6:]) or 0)
    return parse_number(word) or 0


def _fr_clock(m: re.Match[str]) -> object:
    hour, digits, tail, part = m.groups()
    minutes = int(digits) if digits else _fr_fraction(tail)
    return _hhmm(_hour_value(hour), minutes, part)


def _ms_clock(m: re.Match[str]) -> object:
    hour, digits, tail, part = m.groups()
    minutes = 0
    if digits:
        minutes = int(digits)
    elif tail:
        tail = " ".join(tail.split())
        if tail in ("setengah", "suku", "lebih suku", "kurang suku"):
            minutes = {"setengah": 30, "suku": 15, "lebih suku": 15, "kurang suku": -15}[tail]
        else:
            sign = -1 if tail.startswith("kurang") else 1
            count = tail.removeprefix("kurang ").removeprefix("lebih ").split(" minit")[0]
            minutes = sign * (parse_number(count) or 0)
    return _hhmm(_hour_value(hour), minutes, part, bare=not (digits or tail or part))


def _zh_minutes(tail: str | None) -> int:
    if not tail:
        return 0
    if tail == "半":
        return 30
    sign = -1 if tail.startswith("差") else 1
    body = tail.lstrip("差过零〇").removesuffix("钟").removesuffix("分")
    if body.endswith("刻"):
        return sign * 15 * int(zh_to_digits(body[:-1]))
    return sign * int(body if body.isdigit() else zh_to_digits(body))


def _zh_clock(m: re.Match[str]) -> object:
    part, before, hour, tail = m.groups()
    value = int(hour if hour.isdigit() else zh_to_digits(hour))
    if value == 1 and not (part or before or tail):
        return KEEP  # 一点 is "a little" as often as one o'clock: left to the numeral rule
    if tail:
        minutes = _zh_minutes(tail)
    else:
        minutes = -_zh_minutes(before.removeprefix("差")) if before else 0
    return _hhmm(value, minutes, part, bare=not (part or before or tail))


# Minutes after 点 are read only when they cannot be a decimal: with 分, with 零, or a
# numeral with 十 (三点十五); "三点五公斤" stays 3 and 5.
_ZH_TAIL = (
    rf"(半|[一三]刻|差(?:[一三]刻|{_ZH_NUM}分钟?)|过?零?{_ZH_NUM}分钟?"
    r"|[二三四五]?十[一二三四五六七八九]?)"
)

CLOCK_RULES: list[Rule] = [
    # en: "quarter past two", "half past ten pm", "ten to three", "twenty five past six"
    (
        re.compile(
            _B + r"(?<!from )"
            rf"((?:a )?quarter|half|(?:{_EN_MINUTES})(?: minutes?)?) "
            r"(past|after|to|till|til|before) "
            rf"({_EN_HOUR})(?: o'clock)?{_EN_MERIDIEM}" + _E + _EN_NOT_RANGE
        ),
        _en_past_to,
    ),
    (
        re.compile(_B + rf"({_EN_HOUR}) o'clock{_EN_MERIDIEM}" + _E),
        lambda m: _hhmm(_hour_value(m.group(1)), 0, m.group(2) or m.group(3), bare=not (m.group(2) or m.group(3))),
    ),
    # fr: "deux heures et demie", "14 h et quart", "trois heures moins le quart",
    # "midi et demi", "minuit moins dix", "dix heures vingt"
    (
        re.compile(
            _B + rf"({_FR_HOUR})\s?(?:h|heures?)(?:\s?(\d{{2}})(?!\d)|\s(et demie?|et quart"
            rf"|moins (?:le )?quart|moins (?:{_FR_MINUTES}|\d{{1,2}})|{_FR_MINUTES})"
            rf"(?: minutes?)?)?{_FR_PART}" + _E
        ),
        _fr_clock,
    ),
    (
        re.compile(
            _B + rf"(midi|minuit)\s(et demie?|et quart|moins (?:le )?quart|moins (?:{_FR_MINUTES}"
            rf"|\d{{1,2}}))" + _E
        ),
        lambda m: _hhmm(_hour_value(m.group(1)), _fr_fraction(m.group(2)), None),
    ),
    # ms: "pukul tiga setengah petang", "jam 3.30", "pukul dua kurang suku", "pukul 4 pagi"
    (
        re.compile(
            _B + rf"(?:pukul|jam)\s((?:{_MS_HOUR})|\d{{1,2}})(?:\s?[.:]\s?(\d{{2}})"
            rf"|\s(setengah|suku|lebih suku|kurang suku"
            rf"|(?:kurang |lebih )?{NUMBER_PHRASE} minit))?{_MS_PART}" + _E
        ),
        _ms_clock,
    ),
    # zh: 下午三点半, 三点一刻, 三点钟, 差一刻三点, 三点差五分, 十点十五分, 3点半
    (
        re.compile(rf"{_ZH_PART}(差(?:[一三]刻|{_ZH_NUM}分钟?))?({_ZH_NUM})点钟?{_ZH_TAIL}?"),
        _zh_clock,
    ),
]
"""Rules (pattern, canon) of spelled clock times, for ``carriers.py``; an answer of
:data:`KEEP` leaves the text to the next rules."""


_SPELLED = re.compile(rf"(?<![\w\-])(?:{NUMBER_PHRASE})(?![\w\-])", re.I)
#: A Chinese numeral before a measure word (三根烟, 两杯, 十个): a count in characters.
_ZH_COUNT = re.compile(rf"[{ZH_NUMERAL_CHARS}]+(?=[根个杯次支瓶包斤本岁只台辆套块元张份顿碗])")


@text_cache(TEXT_CACHE)
def in_digits(text: str) -> str:
    """``text`` with its counts in words written in digits (en / fr / ms number words, « un » /
    « une » aside — articles more often than counts; a Chinese numeral before a measure word)."""

    def spelled(m: re.Match[str]) -> str:
        if m.group().isdigit() or m.group().lower() in ("un", "une"):
            return m.group()
        value = parse_number(m.group())
        return m.group() if value is None else str(value)

    return _ZH_COUNT.sub(lambda m: zh_to_digits(m.group()), _SPELLED.sub(spelled, text))
