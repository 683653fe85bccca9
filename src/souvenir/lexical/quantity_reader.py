"""The general reader of a measured quantity about the user (issue #26, round 13): a clause read
as the triple (attribute, number, unit), whatever verb says the change (pure).

The keyed patterns (``keyquantities``, ``keycounts``) read one wording each; every fresh case
file found a new one ("Down to 165 lbs", « Ne pèse plus que 68 kilos », 体重瘦到了…, "Ansuran
kereta dah naik jadi RM950"). This reader is tried on a clause no pattern keyed
(``keyed._parse``), and reads it by its parts, not its wording:

* **An attribute word** (``ATTRIBUTES``: a noun or the verb of a measure — weight / pèse / 体重 /
  berat, height, salary, rent, a loan's instalment, the commute, age, a size of a garment) then,
  in the same clause, **one number** with its unit: the words between are free (any change
  verb: "went up to", « est passé à », 涨到了, "dah naik jadi", "actually", "sebenarnya"…),
  provided they hold no other number.
* **A unit that names its attribute** (kg / lbs / stone / 公斤 / 斤 → weight) when nothing but
  change words come before the number ("Down to 165 lbs", "Sekarang 64 kg").
* **A count of one kind of thing**: a verb of having, a number, a noun — any noun, keyed
  ``count.<noun in the singular>`` ("Has 20 employees", « A trois neveux », 有四个外孙, "Ada
  lima ekor kucing"), or the noun first ("Cucu dah jadi empat orang", 外孙现在有四个了).

A count and a measure are single-valued: the newer value replaces the older (``keycompare``
compares their numbers in order). Not read: a change by a difference ("Lost 5 kg", « a pris
3 kilos », 瘦了五斤, "turun 3 kg" — no "to"), a clause with two numbers for two things, a
number with neither an attribute nor a counted noun ("Ran 10 km on Tuesday").
"""

from __future__ import annotations

import re

from souvenir.lexical.keydata import RELATIONS, ZH_RELATIONS
from souvenir.lexical.keyed_values import _count, _singular, fold

__all__ = ["ATTRIBUTES", "attribute_free", "read_quantity", "someone", "year_free"]

#: Attribute words → key, by language (nouns and the verbs of a measure).
ATTRIBUTES: dict[str, str] = {
    # weight
    r"weighs?|weighing|(?:body\s+)?weight|pèse|pese|poids|体重|重了?|berat(?:\s+badan)?|timbang": "weight",
    # height
    r"height|stands|measures|mesure|身高|个子|个头|tinggi(?:\s+badan)?": "height",
    # pay
    r"salary|income|wages?|pay(?:check|cheque)?|take-home(?:\s+pay)?|earns|earning|makes|salaire|revenus?|paie|paye"
    r"|gagne|月薪|年薪|工资|薪水|薪资|收入|到手|gaji(?:\s+bersih)?|pendapatan|bergaji"
    # a raise said with no salary noun, then "to" and a sum ("Got bumped to $78k", « augmentée à 3 200 € »)
    r"|(?:got\s+|was\s+|been\s+|just\s+)*(?:bumped(?:\s+up)?|(?:a\s+)?(?:pay\s+)?(?:raise|rise)|raised)(?=\s+to\b)"
    r"|(?:(?:j'ai\s+|ai\s+|a\s+)?été\s+)?augmentée?(?=\s+à\b)|加薪|涨薪|调薪|(?:dapat\s+)?naik\s+gaji": "salary",
    # rent
    r"rent|loyer|房租|租金|月租|sewa(?:\s+rumah|\s+bilik)?": "rent",
    # an instalment of a loan
    r"mortgage|(?:car|loan)\s+(?:payment|repayment|instalment|installment)s?|crédit(?:\s+immobilier|\s+auto)?"
    r"|prêt(?:\s+immobilier)?|mensualités?|房贷|车贷|月供|ansuran(?:\s+(?:kereta|rumah))?|pinjaman(?:\s+rumah)?": "loan",
    # the commute
    r"commute|trajet(?:\s+(?:domicile-travail|pour\s+aller\s+au\s+travail))?|通勤(?:时间)?|上班路上"
    r"|perjalanan\s+ke\s+(?:tempat\s+)?kerja": "commute",
    # age
    r"age|âge|年龄|岁数|umur|usia|berumur|berusia": "age",
    # ring size
    r"ring\s+size|tour\s+de\s+doigt|taille\s+de\s+bague|戒指(?:尺寸|尺码|圈号)?|saiz\s+cincin": "size.ring",
}

_ATTR = re.compile(
    r"(?<![a-zà-ÿ])(?:(?:my|his|her|the|mon|ma|mes|son|sa|ses|le|la|les)\s+)?(?:"
    + "|".join(f"(?P<a{i}>{src})" for i, src in enumerate(ATTRIBUTES))
    + r")(?![a-zà-ÿ])",
    re.I,
)
_KEYS = tuple(ATTRIBUTES.values())

#: A garment before or after "size" / « taille » / 码 / "saiz": a size of that garment.
_GARMENT = (
    r"(?P<g>dress(?:es)?|jeans|trousers|pants|shirts?|jackets?|coats?|bras?|tops?|shoes?|boots|trainers|pantalons?"
    r"|jean|robes?|chemises?|vestes?|manteaux?|chaussures|soutien-gorge|裤子|衣服|裙子|鞋子?|外套|衬衫|内衣"
    r"|baju|seluar|kasut|kemeja|jaket)"
)
_SIZES = (
    re.compile(
        r"(?:wears?|takes?|is)\s+(?:a\s+)?(?:size\s+)?(?P<v>\d{1,2}(?:[.,]5)?|x{0,3}[sml]|xxl|xl)\s+(?:in\s+)?"
        + _GARMENT,
        re.I,
    ),
    re.compile(
        _GARMENT + r"\s+size\s*(?:is\s+)?(?:now\s+|actually\s+)?(?:a\s+)?(?P<v>\d{1,2}(?:[.,]5)?|x{0,3}[sml]|xxl|xl)",
        re.I,
    ),
    re.compile(r"(?:fait|porte|prend)\s+(?:\w+\s+)?du\s+(?P<v>\d{1,2}|x{0,3}[sml]|xl)\s+en\s+" + _GARMENT, re.I),
    re.compile(r"(?:穿|买)?(?P<v>\d{2,3}|[SMLX]{1,3})码的?" + _GARMENT, re.I),
    re.compile(_GARMENT + r"(?:的)?(?:尺码|码数|码)(?:其实|现在)?(?:是|穿)?(?P<v>\d{2,3})码?", re.I),
    re.compile(r"saiz\s+" + _GARMENT + r"\s+(?:\w+\s+)?(?P<v>\d{1,2}(?:[.,]5)?|x{0,3}[sml]|xxl|xl)\b", re.I),
)

#: A number with its unit: digits (1,350 / 2 800 / 6.5), a currency, a spelled count, a hanzi run.
_NUMBER = re.compile(
    r"(?:[£$€¥]|rm\s?|rp\s?)?\d+(?:[,. ]\d+)*(?:\s*(?:k|m)(?:\d+)?(?![a-z]))?"
    r"|[零〇一二两三四五六七八九十百千万]+(?:米[一二三四五六七八九十]*)?"
    r"|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|un|une|deux|trois|quatre|cinq|six|sept"
    r"|huit|neuf|dix|onze|douze|satu|seorang|seekor|dua|tiga|empat|lima|enam|tujuh|lapan|sembilan|sepuluh)\b",
    re.I,
)
_UNIT = re.compile(
    r"\s*(?:kg|kilos?|kilogrammes?|kilograms?|lbs?|pounds|stones?|st|公斤|千克|斤|cm|mm|m|ft|feet|inches|in|米|公分|厘米"
    r"|€|euros?|dollars?|ringgit|块钱?|元|years?\s+old|ans|岁|tahun(?!\s+(?:ini|ni)\b)|minutes?|mins?|hours?|heures?|分钟|小时|minit|jam)(?![a-zà-ÿ])",
    re.I,
)
#: A sum of money: a currency, thousands ("45k", 一万二, 3 100), or four digits and more.
_MONEY = re.compile(
    r"[£$€¥]|\b(?:rm|rp|usd|eur|gbp|sgd)|\d\s*k\b|euros?\b|dollars?\b|pounds\b|ringgit\b|块|元|万|千|\d[\d,. ]{3,}",
    re.I,
)
#: A unit of weight or length ("kg", "lbs", "stone", "cm", "1m78", 5'10", 公斤, 一米七).
_MEASURE_UNIT = re.compile(
    r"\d\s*(?:kg|kilos?|kilogrammes?|kilograms?|lbs?|pounds|stones?|st|cm|mm|m|ft|feet|inches|in|'|′|\"|″)(?![a-z])"
    r"|\d\s*m\d|公斤|千克|斤|米|公分|厘米",
    re.I,
)
#: Units that name their attribute (group ``w``: weight, ``h``: height, ``y``: age).
_UNIT_ATTR = re.compile(
    r"\s*(?:(?P<w>kg|kilos?|kilogrammes?|kilograms?|lbs?|stones?|公斤|千克|斤)(?![a-z])"
    r"|(?P<h>(?<=\d)\s*(?:'|′|ft)\s*\d{1,2}\s*(?:\"|″|in)?|cm\s+tall|(?:feet|ft|m)\s+tall)"
    r"|(?P<y>years?\s+old|ans\b|岁|tahun\b))",
    re.I,
)
#: "Pays $1,350 a month for the mortgage", « Paie 800 € par mois de loyer », "Bayar RM900 sebulan untuk sewa".
_PAYS = re.compile(r"(?:pays?|paying|paie|paye|verse|bayar|membayar|每月付|每个月交|每月交|付|交)\s*", re.I)
_FOR = re.compile(r"[^,.;，。\d]{0,24}?(?:\bfor|\bin|\bon|\btowards|\bde|\bd'|\bpour|\buntuk|的)\s*", re.I)
#: What may come before a number whose unit names the attribute: change and time words only.
_CHANGE_ONLY = re.compile(
    r"(?:(?:now|currently|actually|only|just|down|up|to|at|is|am|'m|i'm|weighing|finally|maintenant|désormais|suis|en\s+suis"
    r"|seulement|plus\s+que|que|à|a|en\s+fait|descendu|descendue|remonté|remontée|sekarang|kini|dah|sudah|jadi"
    r"|turun|naik|ke|cuma|hanya|baru|sebenarnya|现在|目前|已经|才|只有|瘦到了?|胖到了?|降到了?|涨到了?"
    r"|this\s+year|cette\s+année|tahun\s+(?:ini|ni)|今年|turns?|turning|turned|will\s+be|'ll\s+be|be|ai|eu|j'ai"
    r"|viens\s+d'avoir|vient\s+d'avoir"
    r"|fête|fait|genap|满)[\s,，]*)*$",
    re.I,
)
#: A change by a difference, not to a value: "Lost 5 kg", « a pris 3 kilos », 瘦了五斤, "turun 3 kg".
_DELTA = re.compile(
    r"\b(?:lost|gained|put\s+on|dropped|shed|perdu|pris|grossi|maigri|turun|naik|kurang|tambah)\s*$|(?:瘦了|胖了|涨了|降了|减了|多了|少了)$",
    re.I,
)
#: What is left of a count: "Only 2 hens left", « plus que 3 poules restantes », "tinggal dua ekor".
_LEFT = re.compile(r"\s(?:left|remaining|to\s+go|restants?|restantes?|lagi)\b", re.I)
#: A verb of having, then a number and a noun (a count of one kind of thing).
_HAVING = re.compile(
    r"(?:has|have|got|owns?|employs?|manages?|looks\s+after)\s+(?:now\s+|currently\s+|actually\s+)?$"
    r"|(?:^|\s)(?:a|possède|compte|emploie|élève)\s+(?:maintenant\s+|désormais\s+|en\s+fait\s+|actuellement\s+)?$"
    r"|(?:有了?|养了?|带着?|管着?)$"
    r"|(?:ada|punya|mempunyai|bela|membela|pelihara|memelihara|jaga)\s+(?:sekarang\s+|kini\s+)?$"
    r"|(?:^|\s)(?:n')?a\s+(?:plus\s+)?(?:que\s+|qu')$"  # « n'a plus que quatre poules »: only four now
    r"|(?:^|\s)(?:down|up)\s+to\s+(?:just\s+|only\s+)?$|(?:只剩下?|只有|还剩)$|(?:tinggal|cuma\s+ada|hanya\s+ada)\s+$",
    re.I,
)
_CLASSIFIER = re.compile(r"\s*(?:orang|ekor|buah|biji|个|只|条|位|名|头|匹|辆|套|家)?\s*", re.I)
_NOUN = re.compile(r"(?:[a-zà-ÿ][\w'-]*(?:\s+(?=[a-zà-ÿ]))?){1,2}|[\u4e00-\u9fff]{1,3}", re.I)
_NOUN_STOP = frozenset(
    "now at in of for and but with who that which et mais avec qui que dan tapi dengan yang sekarang kini maintenant"
    " désormais years year ans tahun times time fois kali days day jours hari after before since because from to on"
    " by when while since après avant depuis car dans sur chez selepas sebelum sejak sebab kerana lepas dalam di kat"
    " left remaining more less de du des je saja sahaja aje jelah only just now".split()
)
#: A noun first, then its count: "Cucu dah jadi empat orang", "kucing aku dah lima ekor", 外孙现在有四个了.
_NOUN_FIRST = (
    re.compile(
        r"(?P<n>[a-z][\w-]*)(?:\s+(?:saya|aku|kami|sy))?\s+(?:(?:sekarang|kini|dah|sudah|jadi|ada|tinggal)\s+)+"
        r"(?P<v>\d+|seorang|seekor|dua|tiga|empat|lima|enam|tujuh|lapan|sembilan|sepuluh)\s+(?:orang|ekor|buah)\b",
        re.I,
    ),
    re.compile(
        r"(?P<n>[\u4e00-\u9fff]{1,3}?)(?:现在|已经|目前)*(?:有|是|变成)?(?P<v>\d+|[一两二三四五六七八九十]+)(?:个|只|条|位)了?(?=[，。,.!！]|$)"
    ),
)


#: A time or a period before the attribute (每月房贷, "monthly rent", « actuellement »).
_LEAD = re.compile(
    r"(?:n(?:e\s+|')(?=\S+\s+plus\s+que\b)|每月|每个月|一个月|现在|目前|如今|monthly\s+|annual\s+|yearly\s+|current\s+"
    r"|(?:this\s+year|cette\s+année|tahun\s+(?:ini|ni)|今年)[\s,，]*)+",
    re.I,
)
#: A date the grounding wrote after a time word ("今年（2025）", "this year (2025)"): no number of the
#: quantity; blanked (same length) before reading, so that "今年（2025）33岁" reads as an age of 33.
_GROUNDED = re.compile(r"\s?[（(]\d{4}(?:-W?\d{2}){0,2}[)）]")


def someone(text: str) -> bool:
    """A relative or a third person named between the attribute and its number."""
    words = set(fold(re.sub(r"[^\w'\s-]", " ", text)).split())
    return bool(words & (RELATIONS | _THIRD)) or any(r in text for r in ZH_RELATIONS)


_THIRD = frozenset("he she his her him they their il elle ils elles lui leur dia mereka beliau".split())


def _value(number: str) -> str:
    text = number.strip()
    return _count(text) if re.fullmatch(r"[a-zà-ÿ]+|[一两二三四五六七八九十]+", text, re.I) else text.casefold()


def _measure(clause: str, pos: int) -> tuple[str, str, int, int] | None:
    """An attribute word at or after ``pos``, then one number with its unit in the clause."""
    lead = _LEAD.match(clause, pos)
    m = _ATTR.match(clause, lead.end() if lead else pos)
    if m is None:
        return None
    key = _KEYS[int(next(name for name, got in m.groupdict().items() if got)[1:])]
    num = _NUMBER.search(clause, m.end())
    between = clause[m.end() : num.start()] if num else ""
    if num is None or len(between) > 40 or _DELTA.search(between) or someone(between):
        return None  # "Berat suami 80 kg", 体重比我妈…: someone else's measure
    if _NUMBER.search(clause, num.end()) and key != "height":
        nxt = _NUMBER.search(clause, num.end())
        if nxt and not re.match(r"[\s,，]*(?:[,，.;。]|\w+\s+(?:was|était|是|ialah))", clause[num.end() : nxt.start()]):
            return None  # two numbers in one stretch: two things
    unit = _UNIT.match(clause, num.end())
    end = unit.end() if unit and unit.group().strip() else num.end()
    if key in ("salary", "rent", "loan") and not _MONEY.search(clause[num.start() : end + 12]):
        return None  # "Makes 3 loaves of bread", « Gagne 3 matchs »: a sum of money or nothing
    if key in ("weight", "height") and not _MEASURE_UNIT.search(clause[num.start() : end + 4]):
        return None  # "Weighs 3 options", « Mesure 2 fois la pièce », "Stands 3 hours": no unit of the measure
    return (
        key,
        _value(num.group()) + (" " + unit.group().strip().casefold() if unit and end > num.end() else ""),
        num.start(),
        end,
    )


def _unit_named(clause: str, pos: int) -> tuple[str, str, int, int] | None:
    num = _NUMBER.search(clause, pos)
    if (
        num is None
        or someone(clause[pos : num.start()])
        or not _CHANGE_ONLY.match(clause[pos : num.start()])
        or _DELTA.search(clause[pos : num.start()])
    ):
        return None
    unit = _UNIT_ATTR.match(clause, num.end())
    new_frame = _AGE_VERB.search(clause[pos : num.start()]) is not None
    if unit is None or (new_frame and not _AGE_TAIL.fullmatch(clause, unit.end())):
        return _bare_age(clause, num) if unit is None else None
    key = "weight" if unit.group("w") else "height" if unit.group("h") else "age"
    return key, _value(num.group()) + " " + " ".join(unit.group().split()).casefold(), num.start(), unit.end()


#: Verbs of an age said with no unit, or with « j'ai » (round 15): "I am 33", "Turns 33 this year",
#: "Just turned 33", « J'ai (eu) 33 ans »; the unit-less forms need the user or the copula first.
_AGE_VERB = re.compile(
    r"(?:^|\s|')(?:turns?|turned|turning|will\s+be|'ll\s+be|be|ai|eu|j'ai|viens\s+d'avoir|vient\s+d'avoir)(?=\s|$)",
    re.I,
)
_AGE_FRAME = re.compile(
    r"(?:^|\s)(?:i\s+am|i'm|am|is|turns?|turned|turning|will\s+be|i'll\s+be|saya|aku|j'ai)\s+$|我(?:今年|现在)?\s*$|今年\s*$",
    re.I,
)
#: What may follow an age said with no unit: a time of the change, nothing else ("I am 33 minutes
#: away", « J'ai 3 ans d'expérience » are no age).
_AGE_TAIL = re.compile(
    r"(?:[\s,，]*(?:now|already|today|yesterday|last\s+(?:week|month)|hier|la\s+semaine\s+dernière|semalam"
    r"|minggu\s+lepas|上周|昨天|next\s+(?:week|month)|soon|tomorrow|demain|bientôt|la\s+semaine\s+prochaine"
    r"|minggu\s+depan|bulan\s+depan|esok|下周|明天|下个月|depuis\s+(?:hier|peu|aujourd'hui|ce\s+matin)"
    r"|this\s+year|in\s+(?:may|june|july|march|april)|maintenant|déjà|aujourd'hui"
    r"|cette\s+année|sekarang|dah|tahun\s+(?:ini|ni)|hari\s+ini|了|啦|喽|!|\.|。|！))*[\s!.。！]*",
    re.I,
)


def _bare_age(clause: str, num: re.Match[str]) -> tuple[str, str, int, int] | None:
    """An age said with no unit after the user or the copula ("I am 33", "I'm 33 now", "Is 32",
    "Turns 33 this year", 我今年33, "Saya 33"): two digits and nothing after them but a time."""
    if not re.fullmatch(r"\d{2}", num.group()) or not _AGE_FRAME.search(clause[: num.start()]):
        return None
    if not _AGE_TAIL.fullmatch(clause, num.end()):
        return None
    return "age", num.group(), num.start(), num.end()


def _paid(clause: str, pos: int) -> tuple[str, str, int, int] | None:
    """A sum paid, then what for: "Pays $1,200 a month for the mortgage"."""
    m = _PAYS.match(clause, pos)
    num = _NUMBER.match(clause, m.end()) if m else None
    if num is None:
        return None
    unit = _UNIT.match(clause, num.end())
    end = unit.end() if unit else num.end()
    link = _FOR.match(clause, end)
    attr = _ATTR.match(clause, link.end()) if link else None
    if attr is None:
        return None
    key = _KEYS[int(next(name for name, got in attr.groupdict().items() if got)[1:])]
    return key, _value(num.group()), num.start(), attr.end()


def _counted(clause: str, pos: int) -> tuple[str, str, int, int] | None:
    for num in _NUMBER.finditer(clause, pos):
        before = clause[max(pos, num.start() - 40) : num.start()]
        cls = _CLASSIFIER.match(clause, num.end())
        start = cls.end() if cls else num.end()
        noun = _NOUN.match(clause, start)
        left = (
            noun is not None
            and _LEFT.search(clause[start : noun.end() + 12]) is not None
            and _CHANGE_ONLY.match(clause[pos : num.start()]) is not None
        )
        if not (_HAVING.search(before) or left):
            continue
        if someone(clause[pos : num.start()]):
            return None  # « Sa sœur a deux chats », "Kakak ada dua ekor kucing": a relative's count
        words = [w for w in noun.group().split() if w.casefold() not in _NOUN_STOP][:2] if noun else []
        if not words or re.fullmatch(r"[\d.,]+", words[0]):
            break  # "Kambing tinggal dua ekor je": the noun came first
        word = words[-1].rstrip("了")
        return "count." + _singular(word), _value(num.group()), num.start(), noun.end() if noun else start
    for pattern in _NOUN_FIRST:
        m = pattern.match(clause, pos)
        if m:
            return "count." + _singular(m.group("n").rstrip("的")), _value(m.group("v")), m.start("v"), m.end()
    return None


#: A date of the user's own life that has one value (a wedding anniversary), then the date.
_DATE_ATTR = re.compile(
    r"(?:(?:my|our|mon|notre|notre)\s+)?(?:wedding\s+(?:anniversary|date)|anniversary|(?:date|anniversaire)\s+de\s+mariage"
    r"|结婚纪念日|纪念日|婚礼日期|(?:tarikh|hari)\s+(?:nikah|kahwin|perkahwinan)|ulang\s+tahun\s+perkahwinan)"
    r"(?:\s*(?:is|was|est|是|为|ialah|adalah|:|：))?(?:\s*(?:actually|really|en\s+fait|plutôt|其实|实际上|sebenarnya))?"
    r"(?:\s*(?:is|est|是|ialah|on|le|pada))?\s*",
    re.I,
)
_DATE_VALUE = re.compile(r"[^,;，。.!?！？]{1,30}")


def _dated(clause: str, pos: int) -> tuple[str, str, int, int] | None:
    m = _DATE_ATTR.match(clause, pos)
    value = _DATE_VALUE.match(clause, m.end()) if m else None
    if value is None or not re.search(r"\d|[一二三四五六七八九十]+[月号日]|[a-z]{3,}", value.group(), re.I):
        return None
    if not re.search(r"\d|[月号日]", value.group()):
        return None
    return "date.wedding", " ".join(value.group().split()).casefold(), value.start(), value.end()


def read_quantity(clause: str, pos: int = 0) -> tuple[str, str, int, int] | None:
    """``(key, value, start, end)`` of a measured quantity or a count in ``clause`` from ``pos``
    (module docstring), or ``None``. ``start``/``end`` bound the value."""
    clause = _GROUNDED.sub(lambda m: " " * len(m.group()), clause[:400])  # a measure is said early
    for pattern in _SIZES:
        m = pattern.search(clause, pos)
        if m and m.start() - pos <= 24:
            return "size." + _singular(m.group("g").casefold()), m.group("v").casefold(), m.start("v"), m.end()
    return (
        _dated(clause, pos)
        or _paid(clause, pos)
        or _measure(clause, pos)
        or _unit_named(clause, pos)
        or _counted(clause, pos)
    )


def attribute_free(prefix: str) -> str:
    """``prefix`` without its attribute words (a "wedding" in "wedding anniversary" is no event marker)."""
    return _THIS_YEAR.sub(" ", _ATTR.sub(" ", _DATE_ATTR.sub(" ", prefix)))


def year_free(tail: str) -> str:
    """``tail`` without "this year" words ("Umur saya 46 tahun ni": « ni » is no negator there)."""
    return _THIS_YEAR.sub(" ", tail)


#: "tahun ni" is no French « ni »: the year of an age read away before the negators are looked for.
_THIS_YEAR = re.compile(r"\b(?:this\s+year|cette\s+année|tahun\s+(?:ini|ni))\b|今年", re.I)
