"""More measured quantities about the user (issue #26, round 10): counts of relatives of one
kind, a shoe size, a count said noun first, and Chinese numerals read as numbers.
Sources only (key, kind, regex source), spliced into ``keypatterns.PATTERNS`` after
``keyquantities``; plus :func:`hanzi_amounts` for ``keycompare.same_value``.

* **Counts of one kind of relative**, keyed ``count.<noun in the singular>`` like the pets of
  ``keyquantities`` (grandchildren and grandkids meet under ``count.grandchild``): "Has two
  grandchildren now", « A trois petits-enfants », 有两个孙子, "Ada dua orang cucu".
* **A count said noun first**: "anak dah empat orang", "cucu saya dah tiga orang", "kucing aku
  dah lima ekor", 孩子现在有三个了 / 孙子已经两个了 ("the children are now four").
* **A shoe size** (key ``size.shoe``): « Chausse du 39 », « Fait du 39 en chaussures », « Ma pointure
  est 39 », "Wears a size 9 shoe", "Shoe size is 42", "Takes a 42 in shoes", 穿39码的鞋, 鞋码是39,
  "Saiz kasut 8", "Pakai kasut saiz 42". A corrected value replaces the older one.
* **Chinese numerals as numbers**: 两千八 = 2800, 一万二 = 12000, 三百五 = 350 (a digit after the
  last unit is one unit lower, as spoken), 十三 = 13; so 两千八 and 2800 are the same rent.
"""

from __future__ import annotations

import re

__all__ = ["COUNT_PLURALS", "count_sources", "counterpart_head", "hanzi_amounts"]

#: Relatives counted by kind (group ``n``), by language.
_KIN = {
    "en": r"(?P<n>grandchildren|grandchild|grandkids?|grandsons?|granddaughters?|great-grandchildren"
    r"|great-grandchild|nieces?|nephews?|siblings?|brothers?|sisters?|stepchildren|stepchild|stepkids?"
    r"|godchildren|godchild)\b",
    "fr": r"(?P<n>petits-enfants|petit-enfant|petits\s+enfants|petit\s+enfant|petits-fils|petit-fils|petites-filles"
    r"|petite-fille|neveux|neveu|nièces?|frères?|sœurs?|soeurs?|filleuls?|filleules?)\b",
    "zh": r"(?P<n>孙子|孙女|孙辈|外孙女|外孙|兄弟姐妹|侄子|侄女|外甥女|外甥|哥哥|姐姐|弟弟|妹妹)",
    "ms": r"(?P<n>cucu|cicit|adik-beradik|adik\s+beradik|anak\s+saudara|abang|kakak|adik)\b",
}
#: Plurals and synonyms that meet under one key (``keyed_values._singular``).
COUNT_PLURALS = {
    "grandchildren": "grandchild",
    "grandkids": "grandchild",
    "grandkid": "grandchild",
    "great grandchildren": "great grandchild",
    "stepchildren": "stepchild",
    "stepkids": "stepchild",
    "stepkid": "stepchild",
    "godchildren": "godchild",
    "petits enfants": "petit enfant",
    "petits fils": "petit fils",
    "petites filles": "petite fille",
    "neveux": "neveu",
    "adik beradik": "adik beradik",
    "外孙女": "外孙女",
}
_EN_NUM = r"(?P<v>\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of)"
_FR_NUM = r"(?P<v>\d+|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)"
_ZH_NUM = r"(?P<v>\d+|[一两二三四五六七八九十]+)"
_MS_NUM = r"(?P<v>\d+|seorang|seekor|dua|tiga|empat|lima|enam|tujuh|lapan|sembilan|sepuluh)"
_MS_ANIMALS = r"(?P<n>kucing|anjing|arnab|ikan|burung|ayam|hamster)"
_ZH_COUNTED = r"(?P<n>孩子|小孩|娃|孙子|孙女|猫咪|猫|狗狗|狗|兔子)"
_SIZE = r"(?P<v>\d{1,2}(?:[.,]5)?)"


def count_sources(aux: str) -> tuple[tuple[str, str, str], ...]:
    """The patterns' sources; ``aux`` is the English auxiliary prefix of ``keypatterns``."""
    return (
        (
            "count",
            "count",
            aux + r"(?:has|have|got|'s\s+got)\s+(?:now\s+|currently\s+|actually\s+)?" + _EN_NUM + r"\s+" + _KIN["en"],
        ),
        (
            "count",
            "count",
            r"a\s+(?:maintenant\s+|désormais\s+|actuellement\s+|en\s+fait\s+)?" + _FR_NUM + r"\s+" + _KIN["fr"],
        ),
        ("count", "count", r"(?:现在|已经|目前)?有了?" + _ZH_NUM + r"个" + _KIN["zh"]),
        (
            "count",
            "count",
            r"(?:ada|mempunyai|punya)\s+(?:sekarang\s+|kini\s+)?" + _MS_NUM + r"\s+(?:orang\s+)?" + _KIN["ms"],
        ),
        # noun first: "anak dah empat orang", "cucu saya dah tiga orang", "kucing aku dah lima ekor"
        (
            "children",
            "count",
            r"anak(?:-anak)?(?:\s+(?:saya|aku|kami|sy))?\s+(?:sekarang\s+|kini\s+)?(?:dah\s+|sudah\s+|jadi\s+|ada\s+)*"
            + _MS_NUM
            + r"\s+orang\b",
        ),
        (
            "count",
            "count",
            r"(?P<n>cucu|anak\s+saudara)(?:\s+(?:saya|aku|kami|sy))?\s+(?:sekarang\s+|kini\s+)?(?:dah\s+|sudah\s+"
            r"|jadi\s+|ada\s+)*" + _MS_NUM + r"\s+orang\b",
        ),
        (
            "count",
            "count",
            _MS_ANIMALS
            + r"(?:\s+(?:saya|aku|kami|sy))?\s+(?:sekarang\s+|kini\s+)?(?:dah\s+|sudah\s+|jadi\s+|ada\s+)*"
            + _MS_NUM
            + r"\s+ekor\b",
        ),
        # 孩子现在有三个了, 孙子已经两个了
        (
            "children",
            "count",
            r"(?:孩子|小孩|娃)(?:现在|已经|目前)*(?:有|是)?" + _ZH_NUM + r"个(?:了)?(?=[，。,.!！]|$)",
        ),
        ("count", "count", r"(?P<n>孙子|孙女)(?:现在|已经|目前)*(?:有|是)?" + _ZH_NUM + r"个(?:了)?(?=[，。,.!！]|$)"),
        # a shoe size
        (
            "size.shoe",
            "count",
            r"(?:chausse|fait|porte|prend)\s+(?:maintenant\s+|finalement\s+|en\s+fait\s+|plutôt\s+|désormais\s+)?"
            r"(?:du|une?\s+)?\s*" + _SIZE + r"(?=\s*(?:$|[,.;]|en\s+chaussures|de\s+pointure|\(|,))",
        ),
        (
            "size.shoe",
            "count",
            r"(?:(?:sa|ma|la)\s+)?pointure\s*(?:est\s+(?:de\s+|du\s+)?|:|=)?\s*(?:maintenant\s+|en\s+fait\s+)?(?:du\s+)?"
            + _SIZE,
        ),
        (
            "size.shoe",
            "count",
            aux + r"(?:wears|takes)\s+(?:a\s+)?(?:size\s+)?(?:uk\s+|eu\s+|us\s+)?" + _SIZE + r"\s+(?:in\s+)?(?:shoes?"
            r"|trainers|sneakers|boots)\b",
        ),
        (
            "size.shoe",
            "count",
            aux
            + r"(?:my\s+)?shoe\s+size\s*(?:is|:|=)?\s*(?:now\s+|actually\s+)?(?:a\s+)?(?:uk\s+|eu\s+|us\s+)?"
            + _SIZE
            + r"\b",
        ),
        ("size.shoe", "count", r"(?:鞋子?|鞋码)(?:现在)?(?:是|穿|为|:|：)?" + _SIZE + r"码?"),
        ("size.shoe", "count", r"(?:穿|买)" + _SIZE + r"码的?鞋"),
        (
            "size.shoe",
            "count",
            r"(?:saiz\s+kasut(?:\s+(?:saya|aku))?\s*(?:ialah|adalah|:|=)?|pakai\s+kasut\s+saiz)\s*(?:sekarang\s+)?"
            + _SIZE,
        ),
    )


_ZH_DIGIT = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_UNIT = {"十": 10, "百": 100, "千": 1000, "万": 10_000, "亿": 100_000_000}
_ZH_RUN = re.compile(r"[零〇一二两三四五六七八九十百千万亿]+")


def _zh_number(run: str) -> int | None:
    """A Chinese numeral run as an integer, a digit after the last unit one unit lower (两千八 =
    2800, 一万二 = 12000); a run without units is read digit by digit (二〇二五 = 2025)."""
    if not any(ch in _ZH_UNIT for ch in run):
        return int("".join(str(_ZH_DIGIT[ch]) for ch in run))
    total = section = number = 0
    last_unit = 1
    for ch in run:
        if ch in _ZH_DIGIT:
            number = _ZH_DIGIT[ch]
        elif ch in ("万", "亿"):
            total += (section + number) * _ZH_UNIT[ch]
            section = number = 0
            last_unit = _ZH_UNIT[ch]
        else:
            section += (number or 1) * _ZH_UNIT[ch]
            number = 0
            last_unit = _ZH_UNIT[ch]
    if number and run[-1] in _ZH_DIGIT and len(run) > 1 and run[-2] in _ZH_UNIT and last_unit >= 100:
        number *= last_unit // 10  # 两千八: 2800, not 2008
    return total + section + number


def hanzi_amounts(value: str) -> str:
    """``value`` with its Chinese numeral runs written in digits (两千八 -> 2800, 八月初三 -> 8月初3)."""
    if not _ZH_RUN.search(value):
        return value
    return _ZH_RUN.sub(lambda m: str(_zh_number(m.group())), value)


#: The one who sets a measured value of the user's: a landlord the rent, an employer the pay.
#: "房东涨租了，现在房租每月两千八", "The landlord put the rent up, it's £1,100 now", "Boss gave me a raise,
#: salary is now 5k": the head names them, the measured clause after it is still the user's.
_COUNTERPARTS = {
    "rent": re.compile(
        r"\b(?:landlord|landlady|letting\s+agent|proprio|propriétaire|bailleur|tuan\s+rumah)\b|房东", re.I
    ),
    "salary": re.compile(
        r"\b(?:boss|employer|company|patron|patronne|boîte|bos|majikan|syarikat)\b|老板|公司|领导", re.I
    ),
}


def counterpart_head(head: str, keys: tuple[str, ...]) -> bool:
    """Whether the head clause ``head`` names who sets each of ``keys`` (``_COUNTERPARTS``)."""
    return bool(keys) and all(k in _COUNTERPARTS and _COUNTERPARTS[k].search(head) for k in keys)
