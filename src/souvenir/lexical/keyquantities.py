"""Patterns of the measured quantities about the user (issue #26): weight, height, salary
(take-home pay, 到手), rent, number of children, number of pets of one kind, date of birth —
one current value each, the newer replacing the older.
Sources only (key, kind, regex source); ``keypatterns.PATTERNS`` compiles them in their place
among the others (``kind`` as there: ``qty``, ``count``, ``date``).

A change said with its verb reads the new value: "Salary went up to £42,500", "Weight dropped
to 80 kg", « Mon salaire est passé à 3 200 € », « Le poids est descendu à 70 kg », 体重降到
65公斤, "Berat dah turun jadi 82 kg" (``CHANGE``).
"""

from __future__ import annotations

from souvenir.lexical.keychildren import CHILD_PAIRS

__all__ = ["CHANGE", "ZH_CHANGE", "COUNTED", "quantity_sources"]

#: A quantity changing to its new value: en / fr / ms (zh: 涨到 / 降到… in each pattern).
CHANGE = (
    r"(?:(?:has\s+|have\s+|'s\s+)?(?:gone|went|is|got|come|came|been\s+bumped|was\s+bumped)\s+(?:up|down)\s+to"
    r"|(?:has\s+|'s\s+)?(?:rose|risen|increased|decreased|dropped|fell|fallen|climbed|jumped|grew|shot\s+up|crept\s+up)"
    r"\s+to|est\s+passée?\s+(?:à|a)|a\s+(?:augmenté|baissé|diminué|grimpé|chuté)\s+(?:à|a|jusqu'à)"
    r"|est\s+(?:montée?|descendue?|tombée?|redescendue?)\s+(?:à|a)"
    r"|(?:dah\s+|sudah\s+|telah\s+)?(?:naik|turun|meningkat|menurun|bertambah|berkurang|susut)\s+(?:jadi|kepada|ke))"
)


#: The same in Chinese, after the noun: 体重从90公斤降到了82公斤, 月薪涨到了两万 (the old value after 从
#: is skipped: the value is the new one).
ZH_CHANGE = r"(?:现在|目前|已经|如今)?(?:(?:从[^，。,;]{1,10}?)?(?:减到|降到|增加到|增到|涨到|调到|掉到|减少到|降至|减至|增至|涨至|变成|长到)了?)?"


#: Counted animals, by language (group ``n``: the key is ``count.<noun>``, singular, so "two cats"
#: and "three cats" meet, "two cats" and "a dog" never do).
COUNTED = {
    "en": r"(?P<n>cats?|dogs?|kittens?|puppy|puppies|rabbits?|hamsters?|fish|birds?|parrots?|chickens?|hens?"
    r"|horses?|guinea\s+pigs?|tortoises?|turtles?|pets?)\b",
    "fr": r"(?P<n>chats?|chiennes?|chiens?|chatons?|lapins?|poissons?|oiseaux|oiseau|perruches?|poules?|chevaux"
    r"|cheval|hamsters?|tortues?|animaux|animal)\b",
    "zh": r"(?P<n>猫咪|猫|狗狗|狗|兔子|仓鼠|鹦鹉|金鱼|鱼|乌龟|宠物)",
    "ms": r"(?P<n>kucing|anjing|arnab|ikan|burung|ayam|hamster|kura-kura|haiwan\s+peliharaan)\b",
}
_EN_NUM = r"(?P<v>\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of)"
_FR_NUM = r"(?P<v>\d+|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)"
_ZH_NUM = r"(?P<v>\d+|[一两二三四五六七八九十])"
_MS_NUM = r"(?P<v>\d+|seekor|dua|tiga|empat|lima|enam|tujuh|lapan|sembilan|sepuluh)"
#: A sum of money opening a value inside a pattern ("£950 a month", "RM850", "800 €").
_SUM = (
    r"(?:[£$€]\s*\d[\d,.]*|rm\s*\d[\d,.]*|\d[\d,.]*\s*(?:€|euros?|dollars?|pounds?|ringgit|k\b))"
    r"(?:\s+(?:a|per|par|se)\s*(?:month|week|mois|semaine|bulan))?"
)


#: A correction between the noun of a date of birth and its value: the stored value named wrong
#: ("Birthday was wrong, it's actually 8 April", « Date de naissance erronée : c'est le 8 avril »,
#: 生日记错了，其实是4月8号, "Tarikh lahir salah, sebenarnya 8 April").
_WRONG = (
    r"(?:\s*(?:[^\W\d_]+\s+){0,3}?(?:wrong|mistaken|incorrect|faux|fausse|erronée?|trompée?|salah|silap)\b"
    r"(?:\s+[^\W\d_]+){0,3}?\s*[,;:—–-]\s*(?:it'?s\s+|it\s+is\s+|c'est\s+|ialah\s+)?)?"
)
_ZH_WRONG = r"(?:(?:我)?(?:记错了|搞错了|说错了|弄错了|写错了|填错了|错了)[，,：:]?)?"


def quantity_sources(aux: str) -> tuple[tuple[str, str, str], ...]:
    """The patterns' sources; ``aux`` is the English auxiliary prefix of ``keypatterns``."""
    return (
        (
            "weight",
            "qty",
            aux + r"(?:weighs|weighing|(?:body\s+)?weight\s*(?:" + CHANGE + r"|is|:|=|-)?)\s*(?:about\s+|around\s+"
            r"|roughly\s+|only\s+|now\s+)?",
        ),
        (
            "weight",
            "qty",
            r"(?:pèse|pese|(?:son\s+|mon\s+|le\s+)?poids\s*(?:" + CHANGE + r"|est\s+(?:de\s+)?|:|=|-)?)\s*"
            r"(?:désormais\s+|maintenant\s+|environ\s+|plus\s+que\s+)?",
        ),
        ("weight", "qty", r"体重" + ZH_CHANGE + r"(?:是|为|有|:|：)?(?:大约|约|大概)?"),
        (
            "weight",
            "qty",
            r"(?:berat(?:\s+badan)?(?:nya)?(?:\s+(?:saya|pengguna))?\s*(?:kini\s+|sekarang\s+)?"
            r"(?:" + CHANGE + r"\s*)?(?:ialah|adalah|:|=)?|seberat)\s*(?:lebih\s+kurang\s+|kira-kira\s+|sekitar\s+)?",
        ),
        # a change of weight said by its verb and unit only: « Est redescendue à 58 kg », 瘦到68公斤了, "Dah turun ke 74 kg"
        (
            "weight",
            "qty",
            r"(?:(?:est|suis)\s+(?:re)?(?:descendue?|tombée?|passée?|montée?)\s+à|(?:dah\s+|sudah\s+)?(?:turun|susut)\s+"
            r"(?:ke|jadi|kepada)|(?:瘦|胖|减|降)(?:到|至)了?)\s*(?=\d+(?:[.,]\d+)?\s*(?:kg|kilos?|公斤|千克)\b)",
        ),
        ("height", "qty", aux + r"(?:height\s*(?:is|:)?|stands)\s*(?:about\s+)?"),
        (
            "height",
            "count",
            aux
            + r"is\s+(?P<v>\d[\d.,]*\s*(?:cm|m|ft|feet|foot|inches|in)\b[^,;]{0,8}?|\d\s*(?:'|′|ft)\s*\d{1,2}\s*(?:\"|″|''|in)?)"
            r"\s+tall\b",
        ),
        ("height", "qty", r"(?:mesure|(?:sa\s+|ma\s+|la\s+)?taille\s*(?:est\s+(?:de\s+)?|:))\s*(?:environ\s+)?"),
        ("height", "qty", r"身高" + ZH_CHANGE + r"(?:是|为|有|:|：)?(?:大约|约)?"),
        ("height", "qty", r"tinggi(?:\s+badan)?(?:nya)?(?:\s+(?:saya|pengguna))?\s*(?:ialah|adalah|:|=)\s*"),
        # rent (the value after the noun: "Rent is now £1,040 a month", « Mon loyer est de 800 € »,
        # 房租涨到了三千五, "Sewa rumah naik jadi RM1,100"; or around it: "Pays £950 a month in rent")
        (
            "rent",
            "qty",
            aux + r"(?:(?:my\s+|the\s+)?(?:monthly\s+)?rent\b\s*(?:" + CHANGE + r"|is|:|=)?)\s*(?:about\s+|around\s+"
            r"|roughly\s+|now\s+|only\s+)?",
        ),
        ("rent", "count", aux + r"pays?\s+(?P<v>" + _SUM + r")\s+(?:in|for|of)\s+rent\b"),
        (
            "rent",
            "qty",
            r"(?:(?:son\s+|mon\s+|le\s+)?loyer(?:\s+mensuel)?\s*(?:" + CHANGE + r"|est\s+(?:de\s+)?|:|=)?)\s*"
            r"(?:environ\s+|désormais\s+|maintenant\s+)?",
        ),
        ("rent", "count", r"(?:paie|paye|verse)\s+(?P<v>" + _SUM + r")\s+de\s+loyer\b"),
        (
            "rent",
            "qty",
            r"(?:每月|每个月|一个月)?(?:房租|租金|月租)"
            + ZH_CHANGE
            + r"(?:是|为|:|：)?(?:每月|一个月)?(?:大约|约|大概)?",
        ),
        (
            "rent",
            "qty",
            r"(?:(?:bayar\s+)?sewa(?:\s+rumah|\s+bilik|\s+kondo|\s+apartmen)?(?:\s+bulanan)?(?:nya)?(?:\s+(?:saya|pengguna))?"
            r"\s*(?:kini\s+|sekarang\s+)?(?:" + CHANGE + r"\s*)?(?:ialah|adalah|:|=|sebanyak)?)\s*"
            r"(?:sekitar\s+|lebih\s+kurang\s+)?",
        ),
        # take-home pay: "Takes home £2,300 a month", « Touche 1 900 € net », 每月到手八千, "Gaji bersih RM4,000"
        ("salary", "qty", aux + r"(?:takes?\s+home|take-home\s+(?:is|:)?)\s*(?:about\s+|around\s+|now\s+)?"),
        ("salary", "qty", r"touche\s*(?:maintenant\s+|désormais\s+|environ\s+)?(?=\d)"),
        (
            "salary",
            "qty",
            r"(?:每月|每个月|一个月|月)?(?:税后)?到手(?:的钱|工资)?"
            + ZH_CHANGE
            + r"(?:是|为|有|:|：)?(?:大约|约|大概)?",
        ),
        (
            "salary",
            "qty",
            r"(?:gaji\s+bersih|dapat\s+gaji|bawa\s+balik)\s*(?:kini\s+|sekarang\s+)?(?:ialah\s+|adalah\s+)?",
        ),
        (
            "salary",
            "qty",
            aux + r"(?:earns|earning|makes|(?:my\s+)?(?:monthly\s+|annual\s+|yearly\s+)?(?:salary|income|pay"
            r"|take-home\s+pay)\b\s*(?:" + CHANGE + r"|is|:|=)?)\s*(?:about\s+|around\s+|roughly\s+|now\s+)?",
        ),
        (
            "salary",
            "qty",
            r"(?:gagne|(?:son\s+|mon\s+|ma\s+|sa\s+|le\s+|la\s+)?(?:salaire|revenu|paie|paye)(?:\s+mensuel|\s+annuel)?\s*"
            r"(?:" + CHANGE + r"|est\s+(?:de\s+)?|:|=)?)\s*(?:environ\s+|désormais\s+|maintenant\s+)?",
        ),
        (
            "salary",
            "qty",
            r"(?:月薪|年薪|工资|薪水|薪资|月收入|年收入|收入)" + ZH_CHANGE + r"(?:是|为|有|:|：)?"
            r"(?:大约|约|大概)?",
        ),
        (
            "salary",
            "qty",
            r"(?:(?:gaji|pendapatan)(?:\s+bulanan|\s+tahunan)?(?:nya)?(?:\s+(?:saya|pengguna))?\s*"
            r"(?:kini\s+|sekarang\s+)?(?:" + CHANGE + r"\s+)?(?:ialah|adalah|:|=|sebanyak)?"
            r"|bergaji|berpendapatan)\s*(?:sekitar\s+|lebih\s+kurang\s+)?",
        ),
        *(("children", "count_pair", (aux if i == 0 else "") + src) for i, src in enumerate(CHILD_PAIRS)),
        (
            "children",
            "count",
            aux
            + r"(?:has|have)\s+(?:now\s+|currently\s+|actually\s+)?(?P<v>\d+|one|two|three|four|five|six|seven)\s+(?:kids|children"
            r"|child|kid)\b",
        ),
        (
            "children",
            "count",
            r"a\s+(?:maintenant\s+|désormais\s+|actuellement\s+|en\s+fait\s+)?(?P<v>\d+|un|deux|trois|quatre|cinq|six|sept)\s+enfants?\b",
        ),
        # 家里两个娃了, 我家现在三个孩子: the household's count, 有 left out
        (
            "children",
            "count",
            r"(?:有了?|(?:家里|家中|我家)(?:现在|已经|目前)?(?:有|是)?了?)(?P<v>\d+|一|两|二|三|四|五|六|七)个"
            r"(?:孩子|小孩|娃|宝宝)",
        ),
        (
            "children",
            "count",
            r"(?:ada|mempunyai|punya)\s+(?:sekarang\s+|kini\s+)?(?P<v>\d+|seorang|dua|tiga|empat|lima|enam|tujuh)\s+"
            r"(?:orang\s+)?anak\b",
        ),
        # a parent named by the count ("Dad of two", « Maman de trois enfants », 两个孩子的妈, "ayah kepada dua
        # orang anak") and the Malay count after the noun ("Anak seorang", "anak dua orang")
        (
            "children",
            "count",
            aux + r"(?:a\s+)?(?:father|dad|daddy|mother|mum|mom|mummy|mommy|parent)\s+(?:of|to)\s+"
            r"(?P<v>\d+|one|two|three|four|five|six|seven)\b(?!\s+(?!kids\b|children\b|boys\b|girls\b)[a-z])",
        ),
        (
            "children",
            "count",
            r"(?:(?:est\s+|suis\s+)?(?:devenue?\s+)?)?(?:père|mère|papa|maman|parent)\s+de\s+"
            r"(?P<v>\d+|un|une|deux|trois|quatre|cinq|six|sept)\s+(?:enfants?|gosses|filles|garçons)\b",
        ),
        (
            "children",
            "count",
            r"(?:是|成了|当了)?(?P<v>\d+|一|两|二|三|四|五)个(?:孩子|小孩|娃)的(?:妈|爸|妈妈|爸爸|母亲|父亲|家长)",
        ),
        (
            "children",
            "count",
            r"(?:(?:dah\s+|sudah\s+)?(?:jadi\s+|menjadi\s+)?(?:bapa|ayah|abah|ibu|emak|mak)\s+kepada\s+"
            r"(?P<v>\d+|seorang|dua|tiga|empat|lima|enam|tujuh)\s+(?:orang\s+)?anak\b)",
        ),
        (
            "children",
            "count",
            r"anak\s+(?:saya\s+)?(?P<v>seorang|dua|tiga|empat|lima)(?:\s+orang)?(?=\s*(?:[,.;]|$|sahaja|je\b|saja))",
        ),
        (
            "children",
            "qty",
            r"(?:number\s+of\s+(?:kids|children)|nombre\s+d'enfants|bilangan\s+anak|孩子(?:的)?数量)"
            r"\s*(?:is|est|ialah|是|:|：)?\s*",
        ),
        # a count of pets of one kind: "Has three cats", « A deux chiens », 养了两只猫, "Ada empat ekor kucing"
        (
            "count",
            "count",
            aux + r"(?:has|have|got|owns?)\s+(?:now\s+|currently\s+|actually\s+)?" + _EN_NUM + r"\s+" + COUNTED["en"],
        ),
        (
            "count",
            "count",
            r"(?:a|possède)\s+(?:maintenant\s+|désormais\s+|actuellement\s+|en\s+fait\s+)?"
            + _FR_NUM
            + r"\s+"
            + COUNTED["fr"],
        ),
        ("count", "count", r"(?:养了?|有了?)" + _ZH_NUM + r"(?:只|条|匹|个)" + COUNTED["zh"]),
        (
            "count",
            "count",
            r"(?:ada|bela|membela|pelihara|memelihara|punya|mempunyai)\s+(?:sekarang\s+|kini\s+)?"
            + _MS_NUM
            + r"\s+(?:ekor\s+)?"
            + COUNTED["ms"],
        ),
        (
            "birth.date",
            "date",
            r"(?:(?:was\s+)?born\s+on|(?:birthday|date\s+of\s+birth|birth\s+date|dob)" + _WRONG + r"\s*(?:is|:)?)"
            r"\s*(?:actually\s+|really\s+)?(?:on\s+)?(?:the\s+)?",
        ),
        (
            "birth.date",
            "date",
            r"(?:(?:est\s+)?née?\s+(?:(?:en\s+fait|en\s+réalité|réellement|vraiment)\s+)?le|(?:son\s+|mon\s+)?anniversaire"
            + _WRONG
            + r"\s*(?:est\s+)?(?:en\s+fait\s+)?"
            r"(?:le\s+)?|(?:sa\s+|ma\s+)?date\s+de\s+naissance" + _WRONG + r"\s*(?:est\s+(?:le\s+)?|:)?)\s*",
        ),
        (
            "birth.date",
            "date",
            r"(?:生日|出生日期|出生年月)" + _ZH_WRONG + r"(?:其实|实际上)?(?:是|为|在|:|：)?|出生于(?=\d)",
        ),
        (
            "birth.date",
            "date",
            r"(?:(?:dilahirkan|lahir)\s+pada|(?:hari\s+jadi|tarikh\s+lahir)(?:nya)?(?:\s+saya)?" + _WRONG + r"\s*"
            r"(?:sebenarnya\s+)?(?:ialah|adalah|pada|:)?)\s*",
        ),
    )
