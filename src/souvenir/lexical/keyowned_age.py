"""The age of a thing of the user's, said in a sentence about it (pure; issue #26, round 25).

"My cat, who is 14, sleeps all day", « Mon chat, qui a 14 ans, dort toute la journée »,
我的猫，今年14岁了，整天睡觉, "Kucing saya yang berumur 14 tahun suka tidur", and the plain "My
daughter is 3", « Ma fille a 3 ans », 我女儿三岁, "Anak saya berumur 3 tahun": the age is the
thing's, never the user's (a Chinese apposition's bare 今年14岁了 read alone was keyed as the
user's age and replaced it). :func:`owned_ages` finds such ages; :func:`souvenir.lexical.keyed.user_keys`
keys each as ``age@<thing>`` (the cat's age: a newer one replaces it, the user's age stays) and reads
no user age from them.

The thing is a possessive and one to three words ("my cat", "my eldest son", « ma fille », « mon
vieux chat »; 我(的 / 家 / 家的)猫, 我女儿; "kucing saya", "anak sulung aku"); its age a number
(digits or Chinese numerals) with or without its unit, in the same clause or in a relative clause or an
apposition right after it (who / which / that is, « qui a », 今年 / 已经 / 现在, "yang berumur").
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import nfkc_fold

__all__ = ["age_only", "owned_ages"]

_N = r"(?P<n>\d{1,3})"
_ZH_N = r"(?P<n>\d{1,3}|[一二两三四五六七八九十]{1,3})"
_EN = re.compile(
    r"\bmy\s+(?P<t>(?:[a-z][\w-]*\s+){0,2}?(?!is\b|was\b|who\b|which\b|that\b)[a-z][\w-]*)\s*(?:,\s*)?(?:(?:who|which|that)\s+)?"
    rf"(?:is|'s|’s|was|just\s+turned|turned|turns|will\s+be|has\s+just\s+turned)\s+(?:now\s+|already\s+|nearly\s+|almost\s+)?"
    rf"{_N}(?:\s*(?:years?\s+old|yrs?\s+old|yo|y/o)|(?=\s*(?:[,.;!?)]|$|\s+(?:now|today|this|and|but|so|already))))",
    re.I,
)
#: The age before the thing or as a bare apposition: "my 14-year-old cat", "my son, 7, …", "my son (7)".
_EN_BEFORE = re.compile(
    r"\bmy\s+(?P<n>\d{1,3})[- ](?:years?|yrs?)[- ]old\s+(?P<t>[a-z][\w-]*)"
    r"|\bmy\s+(?P<t2>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s*(?:,\s*|\(\s*)(?:aged\s+)?(?P<n2>\d{1,3})(?:\s*(?:years?\s+old|yo))?\s*(?:,|\)|$)",
    re.I,
)
_FR = re.compile(
    r"\b(?:mon|ma)\s+(?P<t>(?:[a-zà-ÿ][\w-]*\s+){0,2}?(?!qui\b|a\b|est\b)[a-zà-ÿ][\w-]*)\s*(?:,\s*)?(?:qui\s+)?"
    rf"(?:a|avait|vient\s+d'avoir|va\s+avoir|a\s+eu|fête\s+ses)\s+(?:déjà\s+|maintenant\s+|bientôt\s+|presque\s+)?{_N}\s+ans\b",
    re.I,
)
_FR_BEFORE = re.compile(
    r"\b(?:mon|ma)\s+(?P<t>(?:[a-zà-ÿ][\w-]*\s+){0,2}?[a-zà-ÿ][\w-]*)\s*(?:,\s*|\(\s*|\s+de\s+|\s+âgée?\s+de\s+)(?P<n>\d{1,3})\s+ans\b",
    re.I,
)
_ZH = re.compile(
    r"我(?:的|家的|家)?(?P<t>[\u3400-\u9fff]{1,4}?)\s*[，,、]?\s*(?:(?:今年|现在|已经|快|都|也|刚)(?:\(\d{4}\))?)*(?:满)?"
    rf"{_ZH_N}(?:周)?岁"
)
#: The age said with no 岁 after a time word (我妈，今年80了: "my mum, 80 this year").
_ZH_BARE = re.compile(
    rf"我(?:的|家的|家)?(?P<t>[\u3400-\u9fff]{{1,4}}?)\s*[，,、]?\s*(?:今年|已经|都|快)(?:\(\d{{4}}\))?(?:满)?{_ZH_N}(?=了|啦)"
)
_ZH_BEFORE = re.compile(rf"我(?:的|家的|家)?(?:那只|那个|这只|这个)?{_ZH_N}(?:周)?岁的(?P<t>[\u3400-\u9fff]{{1,3}})")
_MS = re.compile(
    r"\b(?P<t>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+(?:saya|aku)\s*(?:,\s*)?(?:yang\s+)?(?:dah\s+|sudah\s+|baru\s+)?"
    rf"(?:(?:berumur|berusia|umur|usia)\s+|(?<=,\s))?{_N}\s+tahun\b(?!\s+(?:lalu|lepas|yang\s+lalu))",
    re.I,
)
#: Things whose "age" is no age of a being or an object of the user's: the user themself, a time.
_NOT_THINGS = frozenset("age self own life birthday time year years umur usia hidup diri 家 家里".split())
#: Chinese words after 我 that are no thing: a time or an adverb (我今年 / 现在 / 也 34岁 is the user's age).
_ZH_NOT = (
    "那只",
    "那个",
    "这只",
    "这个",
    "今年",
    "现在",
    "已经",
    "快",
    "都",
    "也",
    "刚",
    "才",
    "马上",
    "明年",
    "去年",
    "年",
    "岁",
    "自己",
    "本人",
    "虚岁",
    "满",
)


#: Chinese things an age is told of before them (…岁的猫), longest first.
_ZH_THINGS = tuple(
    sorted(
        "猫 狗 小猫 小狗 猫咪 狗狗 女儿 儿子 孩子 宝宝 闺女 奶奶 爷爷 外婆 外公 姥姥 姥爷 妈妈 爸爸 老婆 老公 "
        "哥哥 姐姐 弟弟 妹妹 车 房子 兔子 鹦鹉 乌龟".split(),
        key=len,
        reverse=True,
    )
)


def owned_ages(sentence: str) -> list[tuple[str, str]]:
    """``(thing, age)`` for each thing of the user's whose age ``sentence`` tells (module docstring):
    ``owned_ages("My cat, who is 14, sleeps all day")`` -> ``[("cat", "14")]``."""
    if len(sentence) > 400:
        return []
    text = nfkc_fold(sentence).replace("\u2019", "'")
    found: list[tuple[str, str]] = []
    for pattern in (_EN, _EN_BEFORE, _FR, _FR_BEFORE, _ZH, _ZH_BARE, _ZH_BEFORE, _MS):
        for m in pattern.finditer(text):
            groups = m.groupdict()
            thing = re.sub(r"\s+", " ", (groups.get("t") or groups.get("t2") or "").casefold()).strip()
            age = groups.get("n") or groups.get("n2") or ""
            if pattern is _ZH_BEFORE:  # 14岁的猫整天睡觉: the thing's noun, not what follows it
                thing = next((w for w in _ZH_THINGS if thing.startswith(w)), thing[:1])
            if thing and thing not in _NOT_THINGS and not thing.startswith(("age ", "umur ") + _ZH_NOT):
                if (thing, age) not in found:
                    found.append((thing, age))
    return found


_REST = re.compile(
    r"^[\s,.;!~，。！、]*(?:(?:now|today|already|this\s+year|maintenant|déjà|cette\s+année|了|啦|呢|sekarang|dah|tahun\s+ini)"
    r"[\s,.;!~，。！、]*)*$",
    re.I,
)


def age_only(sentence: str) -> bool:
    """Whether ``sentence`` says one thing's age and nothing else ("My cat is 15 now", 我的猫15岁了,
    "Kucing saya dah berumur 15 tahun"): then it is keyed whole, and a newer age replaces it."""
    text = nfkc_fold(sentence).replace("\u2019", "'").strip()
    if len(text) > 120:
        return False
    for pattern in (_EN, _FR, _ZH, _MS):
        m = pattern.search(text)
        if m is not None:
            before = text[: m.start()].strip()
            return before.casefold() in ("", "and", "et", "dan") and _REST.match(text[m.end() :]) is not None
    return False
