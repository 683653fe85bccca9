"""Carrier tokens: the words that are often the fact itself.

Seed 000, « Un chiffre différent est un fait différent »: when the carrier sets of
two memories differ, their dedup score is capped just under the threshold, whatever
the other measures say. Carriers are

* numbers (digits, Chinese numerals, spelled-out numbers → digits), ISO dates
  ("2025-06-03", "2025-W24", "2025-06"), clock times in canonical "HH:MM";
* weekdays, months, relative days and parts of the day in FR / EN / ZH / MS;
* negators (FR ne/n'/pas/plus/jamais/aucun…, EN not/n't/never/no…, ZH 不没别未无 and
  从不 / 从来不 / 从没 "never", MS tak/tidak/bukan/jangan/belum…).

Added by the adversarial review of the write path (each kind merged above 0.80 with
equal carriers before), in ``spelled.py`` and ``vocab.py``:

* ordinals → "#N": first / 1st / premier / 1er / deuxième / 2e / pertama / kedua / 第二;
  next to a month an ordinal is a day and reads as the plain number ("the first of
  June", "1er juin" = "1 juin");
* spelled clock times → "HH:MM": "quarter past two", "deux heures et demie",
  下午三点半, "pukul tiga suku"; fractions (half, demie, quart, setengah, suku, 半);
* markers of a past state (formerly, used to, dulu, pernah, bekas, 以前, 曾经, ex-);
* a sibling's seniority (younger / older, aîné / cadet, abang / adik, 哥弟姐妹);
* before / after a meal, sleep, work or exercise ("before meals", "avant le repas",
  "selepas makan", 饭前 / 饭后) and the direction of a change (went up / down,
  augmenté / baissé, naik / turun, 涨 / 跌).

The tense of a copula ("Was allergic" / "Is allergic") is not a carrier: it is compared
only when both texts have one (``tokens.copula_tense``, read by ``dedup``).

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

from souvenir.lexical.cache_size import TEXT_CACHE

from souvenir.lexical.numerals import CLOCK_PATTERNS, ZH_NUMERAL_CHARS, clock, zh_to_digits
from souvenir.lexical.spelled import (
    CLOCK_RULES,
    DIGIT_ORDINAL_SUFFIX,
    KEEP,
    NUMBER_PHRASE,
    ordinal_value,
    parse_number,
)
from souvenir.lexical.tokens import HAN, latin_token_parts, zh_not_negation, zh_words
from souvenir.lexical.vocab import (
    AMBIGUOUS_MONTHS,
    DIRECTION_WORDS,
    FRACTION_WORDS,
    MONTH_CONTEXT,
    MONTHS,
    MOTION_VERBS,
    MS_VEHICLES,
    NEGATORS,
    NUMBER_MULTIPLIERS,
    NUMBER_WORDS,
    PARTS_OF_DAY,
    PAST_MARKERS,
    RELATIVE_WORDS,
    SENIORITY_WORDS,
    WEEKDAYS,
    ZH_NEGATOR_CHARS,
    ZH_NOT_FRACTION,
    ZH_NOT_NUMERAL,
    ZH_NOT_SIBLING,
    ZH_SIBLING_CHARS,
)
from souvenir.lexical.text_cache import text_cache

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
_KEEP = KEEP  # a rule's answer meaning "not a carrier after all: leave the text"


def _fr_mod(word: str) -> str:
    """Canonical French modifier: prochain(e) → prochain; dernier/dernière/passé(e) → dernier."""
    return "prochain" if word.startswith("prochain") else "dernier"


def _time(hour: str, minute: str | None, meridiem: str | None = None) -> object:
    return clock(hour, minute, meridiem) or _KEEP


def _spelled_number(m: re.Match[str]) -> object:
    """A number of several words ("vingt et un", "twenty one", "dua puluh lima") is one
    value in digits; a single word is left to the word pass, and a run that is no
    number ("deux trois", "dua tiga": two or three) is left as its words."""
    phrase = m.group()
    if not re.search(r"[\s\-]", phrase) or phrase[:1].isdigit():
        return _KEEP
    value = parse_number(phrase)
    return _KEEP if value is None else str(value)


_CURRENCY_WORDS = frozenset(
    {
        "euro",
        "euros",
        "dollar",
        "dollars",
        "ringgit",
        "rm",
        "sgd",
        "usd",
        "eur",
        "myr",
        "yuan",
        "rmb",
        "pound",
        "pounds",
        "livres",
    }
)

# --- rules applied in order; each match is emitted (unless None) and masked out --------
_RULES: list[Rule] = [
    # ISO forms written by ground_dates, and any ISO date the text already had.
    (re.compile(r"(?<!\d)\d{4}-w\d{2}(?!\d)"), _surface),
    (re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)"), _surface),
    (re.compile(r"(?<![\d\-])\d{4}-\d{2}(?![\d\-])"), _surface),
    # Chinese ordinals (第二 = "#2"), before clock times (第三点 is "the third point").
    (
        re.compile(rf"第(\d+|[{ZH_NUMERAL_CHARS}]+)"),
        lambda m: "#" + (m.group(1) if m.group(1).isdigit() else zh_to_digits(m.group(1))),
    ),
    # Malay "ke-2" (second).
    (re.compile(_B + r"ke-(\d{1,4})" + _E), lambda m: f"#{int(m.group(1))}"),
    # Spelled clock times ("quarter past two", "deux heures et demie", 三点半), then digits.
    *CLOCK_RULES,
    *((pattern, lambda m: _time(*m.groups())) for pattern in CLOCK_PATTERNS),
    # Currency: "50 €" and "50 $" are two facts.
    (re.compile(r"[€$£¥₹]"), _surface),
    # Multi-word relative expressions (FR / EN / MS), as units.
    (re.compile(_B + r"après[ -]demain" + _E), lambda m: "après-demain"),
    (re.compile(_B + r"avant[ -]hier" + _E), lambda m: "avant-hier"),
    (re.compile(_B + r"(?:the )?day after tomorrow" + _E), lambda m: "day after tomorrow"),
    (re.compile(_B + r"(?:the )?day before yesterday" + _E), lambda m: "day before yesterday"),
    # Spelled numbers of several words, as one value ("vingt et un mars" ≠ "vingt mars").
    (re.compile(_B + NUMBER_PHRASE + _E), _spelled_number),
    (re.compile(_B + r"no longer" + _E), lambda m: "no longer"),
    (re.compile(_B + r"used to" + _E), lambda m: "formerly"),
    (
        re.compile(_B + r"(?:big|little|baby) (?:brother|sister)s?" + _E),
        lambda m: "older" if m.group().startswith("big") else "younger",
    ),
    (
        re.compile(_B + r"(?:grande?|petite?)s? (?:frère|sœur|soeur)s?" + _E),
        lambda m: "aîné" if m.group().startswith("grand") else "cadet",
    ),
    # Before / after a meal, sleep, work or exercise (not "after" anywhere: "she started
    # it a year ago after witnessing…" is the same fact as the short form, LoCoMo).
    (
        re.compile(
            _B + r"(before|after) (?:(?:the|each|every|his|her|my|their|your|a|going to) )?"
            r"(?:meals?|eating|food|breakfast|lunch|dinner|supper|bed|bedtime|sleep|sleeping"
            r"|work|school|exercise|exercising|workouts?|training|surgery|operation)" + _E
        ),
        lambda m: m.group(1),
    ),
    (
        re.compile(
            _B + r"(avant|après) (?:(?:le|les|la|chaque|son|sa|ses|de|d'|avoir) ?)?"
            r"(?:repas|manger|mangé|dîner|dîné|déjeuner|déjeuné|petit-déjeuner|coucher|dormir"
            r"|travail|boulot|école|sport|opération|l'opération)" + _E
        ),
        lambda m: m.group(1),
    ),
    (
        re.compile(
            _B + r"(sebelum|selepas|sesudah|setelah|lepas) (?:waktu )?"
            r"(?:makan|tidur|sarapan|bersenam|kerja|sekolah|pembedahan)" + _E
        ),
        lambda m: "sebelum" if m.group(1) == "sebelum" else "selepas",
    ),
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
        re.compile(r"([下上])\1(?:个)?(?:星期|礼拜|周)(?!末)"),  # 下下周: the week after next
        lambda m: f"{m.group(1) * 2}周",
    ),
    (
        re.compile(rf"([下上这本])(?:个)?(?:星期|礼拜|周)(?!{_ZH_DAY}|末)"),
        lambda m: f"{m.group(1)}周",
    ),
    (re.compile(r"([下上])\1个月"), lambda m: f"{m.group(1) * 2}月"),
    (re.compile(r"([下上这本])(?:个)?月"), lambda m: f"{m.group(1)}月"),
    (
        re.compile(
            "大后天|大前天|(?<![以之然提])后天|明天|今天|昨天|(?<![以之然提])前天|明晚|今晚|昨晚"
            "|明早|今早|明日|今日|昨日|大前年|大后年|去年|今年|明年|(?<![以之然提])前年"
            "|(?<![以之然提])后年|周末"
        ),
        lambda m: {"明日": "明天", "今日": "今天", "昨日": "昨天"}.get(m.group(), m.group()),
    ),
    (re.compile("上午|下午|早上|早晨|晚上|中午|凌晨|傍晚|半夜|夜里|午夜|正午"), _surface),
    # Chinese markers of a past state, before / after a meal or sleep, direction of a change.
    (
        re.compile("以前|从前|曾经|原来|前妻|前夫|前任"),
        lambda m: {"从前": "以前", "前妻": "前任", "前夫": "前任"}.get(m.group(), m.group()),
    ),
    (re.compile("(?:吃饭|饭|餐|睡觉|睡)(?:之|以)?([前后])"), lambda m: m.group(1)),
    (re.compile("上涨|涨价|涨|增加|提高|升高|上升|增长|加薪"), lambda m: "涨"),
    (re.compile("下跌|跌|降价|减少|降低|下降|减薪"), lambda m: "跌"),
]

# After the rules above, Chinese words that merely contain a numeral or a negator
# character are masked (see _mask_zh_words), then these rules run.
_RULES_AFTER: list[Rule] = [
    # Chinese number + unit: 3月, 5号 / 5日, 200元 / 200块, 2025年.
    (
        re.compile(rf"((?<!\d)\d+(?:[.,]\d+)?|(?<![{ZH_NUMERAL_CHARS}])[{ZH_NUMERAL_CHARS}]+)\s?([月号日元块年])"),
        lambda m: (
            (m.group(1) if m.group(1)[0].isdigit() else zh_to_digits(m.group(1)))
            + {"号": "日", "块": "元"}.get(m.group(2), m.group(2))
        ),
    ),
    (re.compile(f"[{ZH_NUMERAL_CHARS}]+"), lambda m: zh_to_digits(m.group())),
    (re.compile("半"), _surface),
    # 从不 / 从来不 / 从未 and 从没 / 从来没: "never" (我从来不吃辣 is the flip of 我吃辣).
    (re.compile("从来?[不未]"), lambda m: "从不"),
    (re.compile("从来?[没沒]"), lambda m: "从没"),
    (re.compile("[" + "".join(ZH_NEGATOR_CHARS) + "]"), lambda m: ZH_NEGATOR_CHARS[m.group()]),
    (re.compile("[" + "".join(ZH_SIBLING_CHARS) + "]"), lambda m: ZH_SIBLING_CHARS[m.group()]),
]

# Final pass: plain numbers and single words.
_LETTERS = f"[^\\W\\d_{HAN}]"
_TOKEN = re.compile(rf"(\d+(?:[.,:/\-]\d+)*)({DIGIT_ORDINAL_SUFFIX}(?![^\W_]))?|({_LETTERS}+(?:['\-]{_LETTERS}+)*)")
_MONTH_AFTER = frozenset({"ini", "depan", "hadapan", "lepas", "lalu"})


_ZH_MARKED = re.compile("[" + ZH_NUMERAL_CHARS + "".join(ZH_NEGATOR_CHARS) + "".join(ZH_SIBLING_CHARS) + "半]")
_HAN_RUN = re.compile(f"[{HAN}]+")


def _not_a_marker(word: str) -> bool:
    """A jieba word whose numeral, negator, 半 or sibling character is not a number, a
    negation, a fraction or a sibling.

    Numerals, 半 and siblings: exact words only ("十分" = very, but "十分钟" = ten
    minutes; "半岛" = peninsula; "小姐" = miss). Negators: any word holding an exception
    ("无论如何", "不管怎样"); jieba keeps "不过" (but) apart from "不 过敏" (not
    allergic), which a plain regex could not.
    """
    return word in ZH_NOT_NUMERAL or word in ZH_NOT_FRACTION or word in ZH_NOT_SIBLING or zh_not_negation(word)


def _mask_zh_words(text: str) -> str:
    def mask_run(m: re.Match[str]) -> str:
        run = m.group()
        if not _ZH_MARKED.search(run):
            return run
        return "".join(" " if _not_a_marker(w) else w for w in zh_words(run))

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
    if word in NUMBER_MULTIPLIERS or word in _CURRENCY_WORDS or word in FRACTION_WORDS:
        return word
    if word in PAST_MARKERS:
        return PAST_MARKERS[word]
    if word in SENIORITY_WORDS:
        return SENIORITY_WORDS[word]
    if word in DIRECTION_WORDS:
        if word == "naik" and nxt in MS_VEHICLES:
            return None  # "naik bas": to ride, not to rise
        return DIRECTION_WORDS[word]
    if word in ("up", "down") and prev in MOTION_VERBS:
        return word
    if word.startswith(("ex-", "demi-")):
        return word.split("-", 1)[0]  # ex-wife, demi-heure
    if "-" in word and all(p in NUMBER_WORDS or p in NUMBER_MULTIPLIERS or p in ("et", "and") for p in word.split("-")):
        return word  # "dix-sept", "twenty-five"
    return None


def _is_month(token: str | None) -> bool:
    return token is not None and token in MONTHS


def _ordinal(rank: int, tokens: list[str], i: int) -> str:
    """ "#N", or the plain day number next to a month ("the first of June", "1er juin",
    "June 1st"), so that "1st June" and "1 June" stay one fact."""
    prev = tokens[i - 1] if i else None
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    after = tokens[i + 2] if i + 2 < len(tokens) else None
    if _is_month(prev) or _is_month(nxt) or (nxt in ("of", "de", "d'") and _is_month(after)):
        return str(rank)
    return f"#{rank}"


@text_cache(TEXT_CACHE)
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
    ranks: dict[int, int] = {}  # token position → rank written in digits ("2e", "3rd")
    for m in _TOKEN.finditer(text):
        if m.group(1):
            if m.group(2):
                ranks[len(tokens)] = int(m.group(1))
            tokens.append(m.group(1))
        else:
            tokens.extend(latin_token_parts(m.group(3)))
    for i, token in enumerate(tokens):
        if i in ranks:
            found.append(_ordinal(ranks[i], tokens, i))
            continue
        if token[:1].isdigit():
            found.append(token)
            continue
        rank = ordinal_value(token)
        if rank is not None:
            found.append(_ordinal(rank, tokens, i))
            continue
        value = _word_carrier(token, tokens[i - 1] if i else None, tokens[i + 1] if i + 1 < len(tokens) else None)
        if value is not None:
            found.append(value)
    return frozenset(found)


def is_negator(carrier: str) -> bool:
    """True when a carrier token is a negator (polarity marker)."""
    return carrier in NEGATORS


def has_negation(carriers: frozenset[str]) -> bool:
    """True when the carrier set holds at least one negator."""
    return any(c in NEGATORS for c in carriers)
