"""Carrier tokens: the words that are often the fact itself.

Seed 000, « Un chiffre différent est un fait différent »: when the carrier sets of
two memories differ, their dedup score is capped just under the threshold, whatever
the other measures say. Carriers are

* numbers (digits, Chinese numerals, spelled-out numbers → digits), ISO dates
  ("2025-06-03", "2025-W24", "2025-06"), clock times in canonical "HH:MM";
* weekdays, months, relative days and parts of the day in FR / EN / ZH / MS;
* negators (FR ne/n'/pas/plus/jamais/aucun…, EN not/n't/never/no…, ZH 不没别未无,
  MS tak/tidak/bukan/jangan/belum…).

Multi-word expressions are matched first, as units, and removed from the text before
single words are read: "après-demain" never yields "demain" (seed 000: a rendez-vous
tomorrow was destroyed by the one after tomorrow), "ce soir" is not "demain soir",
"mardi prochain" is not "jeudi prochain". "mais" is a conjunction, never the month
"mai". Extra carriers only ever cost a redite; a missing one can erase a fact, so
every doubtful word errs on the carrier side.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from .numerals import CLOCK_PATTERNS, ZH_NUMERAL_CHARS, clock, zh_to_digits
from .tokens import HAN, latin_token_parts, load_jieba
from .vocab import (
    AMBIGUOUS_MONTHS,
    MONTH_CONTEXT,
    MONTHS,
    NEGATORS,
    NUMBER_MULTIPLIERS,
    NUMBER_WORDS,
    PARTS_OF_DAY,
    RELATIVE_WORDS,
    WEEKDAYS,
    ZH_NEGATOR_CHARS,
    ZH_NOT_NEGATION,
    ZH_NOT_NUMERAL,
)

__all__ = ["carrier_tokens", "is_negator", "has_negation", "NEGATORS"]

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], object]]

_B = r"(?<![\w\-])"  # start of a word (a hyphen glues words: "après-demain")
_E = r"(?![\w\-])"  # end of a word


def _alt(words: Iterable[str]) -> str:
    """Regex alternation of ``words``, longest first so that units win."""
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _surface(m: re.Match[str]) -> str:
    return re.sub(r"\s+", " ", m.group())


_FR_DAYS = _alt(["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"])
_EN_DAYS = _alt(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
_MS_DAYS = _alt(["isnin", "selasa", "rabu", "khamis", "jumaat", "sabtu", "ahad"])
_ZH_DAY = "[一二三四五六日天]"
_FR_NEXT_LAST = r"(prochaine?|derni(?:er|ère)|passée?)"
_MS_MOD = {"hadapan": "depan", "lalu": "lepas"}  # Malay synonyms folded
_KEEP = object()  # a rule's answer meaning "not a carrier after all: leave the text"


def _fr_mod(word: str) -> str:
    """Canonical French modifier: prochain(e) → prochain; dernier/dernière/passé(e) → dernier."""
    return "prochain" if word.startswith("prochain") else "dernier"


def _time(hour: str, minute: str | None, meridiem: str | None = None) -> object:
    return clock(hour, minute, meridiem) or _KEEP


_CURRENCY_WORDS = frozenset(
    {"euro", "euros", "dollar", "dollars", "ringgit", "rm", "sgd", "usd", "eur", "myr",
     "yuan", "rmb", "pound", "pounds", "livres"}
)

# --- rules applied in order; each match is emitted (unless None) and masked out --------
_RULES: list[Rule] = [
    # ISO forms written by ground_dates, and any ISO date the text already had.
    (re.compile(r"(?<!\d)\d{4}-w\d{2}(?!\d)"), _surface),
    (re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)"), _surface),
    (re.compile(r"(?<![\d\-])\d{4}-\d{2}(?![\d\-])"), _surface),
    # Clock times.
    *((pattern, lambda m: _time(*m.groups())) for pattern in CLOCK_PATTERNS),
    # Currency: "50 €" and "50 $" are two facts.
    (re.compile(r"[€$£¥₹]"), _surface),
    # Multi-word relative expressions (FR / EN / MS), as units.
    (re.compile(_B + r"après[ -]demain" + _E), lambda m: "après-demain"),
    (re.compile(_B + r"avant[ -]hier" + _E), lambda m: "avant-hier"),
    (re.compile(_B + r"(?:the )?day after tomorrow" + _E), lambda m: "day after tomorrow"),
    (re.compile(_B + r"(?:the )?day before yesterday" + _E), lambda m: "day before yesterday"),
    (re.compile(_B + r"no longer" + _E), lambda m: "no longer"),
    (
        re.compile(_B + rf"(?:(?:la|cette) )?(semaine|{_FR_DAYS}) {_FR_NEXT_LAST}" + _E),
        lambda m: f"{m.group(1)} {_fr_mod(m.group(2))}",
    ),
    (
        re.compile(_B + rf"(?:(?:le|ce) )?mois {_FR_NEXT_LAST}" + _E),
        lambda m: f"mois {_fr_mod(m.group(1))}",
    ),
    (
        re.compile(_B + rf"(?:l'|cette )?(?:an|année) {_FR_NEXT_LAST}" + _E),
        lambda m: f"année {_fr_mod(m.group(1))}",
    ),
    (
        re.compile(
            _B + rf"(?:ce|cet|cette) (soir|matin|midi|après-midi|nuit|week-end|weekend|semaine"
            rf"|mois(?:-ci)?|année|{_FR_DAYS})" + _E
        ),
        lambda m: f"ce {m.group(1).removesuffix('-ci')}",
    ),
    (
        re.compile(
            _B + rf"(next|last|this) (week|month|year|weekend|morning|afternoon|evening"
            rf"|night|{_EN_DAYS})" + _E
        ),
        _surface,
    ),
    (
        re.compile(
            _B + rf"(hari|malam|pagi|petang|minggu|bulan|tahun|hujung minggu|{_MS_DAYS}) "
            r"(ini|depan|hadapan|lepas|lalu)" + _E
        ),
        lambda m: f"{m.group(1)} {_MS_MOD.get(m.group(2), m.group(2))}",
    ),
    (re.compile(_B + r"hujung minggu" + _E), lambda m: "weekend"),
    (re.compile(_B + r"tengah (?:hari|malam)" + _E), _surface),
    (re.compile(_B + r"hari minggu" + _E), lambda m: "ahad"),
    # Chinese: weekdays, weeks, months, relative days, parts of the day.
    (
        re.compile(rf"([下上这本]?)(?:个)?(?<![一二三四五六七八九十两几\d])(?:星期|礼拜|周)({_ZH_DAY})"),
        lambda m: f"{m.group(1)}周{'日' if m.group(2) == '天' else m.group(2)}",
    ),
    (
        re.compile(rf"([下上这本])(?:个)?(?:星期|礼拜|周)(?!{_ZH_DAY}|末)"),
        lambda m: f"{m.group(1)}周",
    ),
    (re.compile(r"([下上这本])(?:个)?月"), lambda m: f"{m.group(1)}月"),
    (
        re.compile(
            "大后天|大前天|后天|明天|今天|昨天|前天|明晚|今晚|昨晚|明早|今早|明日|今日|昨日"
            "|去年|今年|明年|前年|后年|周末"
        ),
        lambda m: {"明日": "明天", "今日": "今天", "昨日": "昨天"}.get(m.group(), m.group()),
    ),
    (re.compile("上午|下午|早上|早晨|晚上|中午|凌晨|傍晚|半夜|夜里"), _surface),
]

# After the rules above, Chinese words that merely contain a numeral or a negator
# character are masked (see _mask_zh_words), then these rules run.
_RULES_AFTER: list[Rule] = [
    # Chinese number + unit: 3月, 5号 / 5日, 200元 / 200块, 2025年.
    (
        re.compile(rf"(\d+(?:[.,]\d+)?|[{ZH_NUMERAL_CHARS}]+)\s?([月号日元块年])"),
        lambda m: (m.group(1) if m.group(1)[0].isdigit() else zh_to_digits(m.group(1)))
        + {"号": "日", "块": "元"}.get(m.group(2), m.group(2)),
    ),
    (re.compile(f"[{ZH_NUMERAL_CHARS}]+"), lambda m: zh_to_digits(m.group())),
    (re.compile("[" + "".join(ZH_NEGATOR_CHARS) + "]"), lambda m: ZH_NEGATOR_CHARS[m.group()]),
]

# Final pass: plain numbers and single words.
_LETTERS = f"[^\\W\\d_{HAN}]"
_TOKEN = re.compile(rf"(\d+(?:[.,:/\-]\d+)*)|({_LETTERS}+(?:['\-]{_LETTERS}+)*)")
_MONTH_AFTER = frozenset({"ini", "depan", "hadapan", "lepas", "lalu"})


_ZH_MARKED = re.compile("[" + ZH_NUMERAL_CHARS + "".join(ZH_NEGATOR_CHARS) + "]")
_HAN_RUN = re.compile(f"[{HAN}]+")


def _not_a_marker(word: str) -> bool:
    """A jieba word whose numeral or negator character is not a number or a negation.

    Numerals: exact words only ("十分" = very, but "十分钟" = ten minutes). Negators:
    any word holding an exception ("无论如何", "不管怎样"); jieba keeps "不过" (but)
    apart from "不 过敏" (not allergic), which a plain regex could not.
    """
    return word in ZH_NOT_NUMERAL or any(w in word for w in ZH_NOT_NEGATION)


def _mask_zh_words(text: str) -> str:
    def mask_run(m: re.Match[str]) -> str:
        run = m.group()
        if not _ZH_MARKED.search(run):
            return run
        return "".join(" " if _not_a_marker(w) else w for w in load_jieba().lcut(run))

    return _HAN_RUN.sub(mask_run, text)


def _apply_rules(text: str, found: list[str]) -> str:
    text = _apply(_RULES, text, found)
    text = _mask_zh_words(text)
    return _apply(_RULES_AFTER, text, found)


def _apply(rules: list[Rule], text: str, found: list[str]) -> str:
    for pattern, canon in rules:
        if not pattern.search(text):
            continue

        def emit(m: re.Match[str], canon: Callable[[re.Match[str]], object] = canon) -> str:
            value = canon(m)
            if value is _KEEP:
                return m.group()
            if value is not None:
                found.append(str(value))
            return " "

        text = pattern.sub(emit, text)
    return text


def _word_carrier(word: str, prev: str | None, nxt: str | None) -> str | None:
    if word in NEGATORS or word in RELATIVE_WORDS or word in PARTS_OF_DAY or word in WEEKDAYS:
        return word
    if word in MONTHS:
        if word not in AMBIGUOUS_MONTHS:
            return word
        near_number = any(t is not None and t[:1].isdigit() for t in (prev, nxt))
        if near_number or prev in MONTH_CONTEXT or nxt in _MONTH_AFTER:
            return word
        return None
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    if word in NUMBER_MULTIPLIERS or word in _CURRENCY_WORDS:
        return word
    if "-" in word and all(p in NUMBER_WORDS or p in NUMBER_MULTIPLIERS or p in ("et", "and")
                           for p in word.split("-")):
        return word  # "dix-sept", "twenty-five"
    return None


@lru_cache(maxsize=32768)
def carrier_tokens(norm: str) -> frozenset[str]:
    """The carrier tokens of normalised text (see the module docstring).

    >>> sorted(carrier_tokens("le colis doit arriver après-demain"))
    ['après-demain']
    >>> sorted(carrier_tokens("aime le thé vert mais pas le thé noir"))
    ['pas']
    """
    found: list[str] = []
    text = _apply_rules(norm, found)
    tokens: list[str] = []
    for m in _TOKEN.finditer(text):
        if m.group(1):
            tokens.append(m.group(1))
        else:
            tokens.extend(latin_token_parts(m.group(2)))
    for i, token in enumerate(tokens):
        if token[:1].isdigit():
            found.append(token)
            continue
        value = _word_carrier(
            token, tokens[i - 1] if i else None, tokens[i + 1] if i + 1 < len(tokens) else None
        )
        if value is not None:
            found.append(value)
    return frozenset(found)


def is_negator(carrier: str) -> bool:
    """True when a carrier token is a negator (polarity marker)."""
    return carrier in NEGATORS


def has_negation(carriers: frozenset[str]) -> bool:
    """True when the carrier set holds at least one negator."""
    return any(c in NEGATORS for c in carriers)
