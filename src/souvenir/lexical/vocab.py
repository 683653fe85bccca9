"""Closed word lists for FR / EN / ZH / MS: calendar words, negators, number words.

All entries are in normalised form (see :func:`souvenir.lexical.normalize.normalize`):
casefolded, ASCII apostrophe. Carriers (``carriers.py``) and date grounding
(``dates.py``) read these lists; nothing here has behaviour.

Where a list came from: seed 000 ("Un chiffre différent est un fait différent")
names numbers, days, months, « demain », « ce soir » and the four counter-examples
that shaped them; the brief of the lexical core adds times, relative days and
negators for the four languages; the shared ``admit`` cases add ``not`` (R03a),
``不`` (A12) and ``tak`` (A21).
"""

from __future__ import annotations

# fmt: off
# Word tables, laid out by language and meaning: the formatter would put one word a line.

__all__ = [
    "WEEKDAYS",
    "MONTHS",
    "AMBIGUOUS_MONTHS",
    "MONTH_CONTEXT",
    "RELATIVE_WORDS",
    "PARTS_OF_DAY",
    "NEGATORS",
    "ZH_NEGATOR_CHARS",
    "ZH_NOT_NEGATION",
    "ZH_NOT_NUMERAL",
    "NUMBER_WORDS",
    "NUMBER_MULTIPLIERS",
    "ZH_WEEKDAY",
]

# Weekday name → ISO weekday index (Monday = 0).
WEEKDAYS: dict[str, int] = {
    # fr
    "lundi": 0, "mardi": 1, "mercredi": 2, "jeudi": 3, "vendredi": 4, "samedi": 5, "dimanche": 6,
    # en
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5,
    "sunday": 6,
    "mondays": 0, "tuesdays": 1, "wednesdays": 2, "thursdays": 3, "fridays": 4,
    "saturdays": 5, "sundays": 6,
    # ms
    "isnin": 0, "selasa": 1, "rabu": 2, "khamis": 3, "jumaat": 4, "sabtu": 5, "ahad": 6,
}

# Chinese weekday suffix after 周 / 星期 / 礼拜 → ISO weekday index.
ZH_WEEKDAY: dict[str, int] = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}

# Month names (and unambiguous abbreviations) → month number.
MONTHS: dict[str, int] = {
    # fr — "mai" is a month, "mais" (but) never is (seed 000: the phantom month)
    "janvier": 1, "février": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6, "juillet": 7,
    "août": 8, "septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12,
    "janv": 1, "févr": 2, "avr": 4, "juil": 7, "déc": 12,
    # en
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
    "nov": 11, "dec": 12,
    # ms
    "januari": 1, "februari": 2, "mac": 3, "mei": 5, "julai": 7, "ogos": 8,
    "oktober": 10, "disember": 12,
}

# Month names that are also common words: "may" (modal verb), "march" (to march),
# Malay "mac" (the computer) and "mei" (the name Mei Ling). They count as months only
# next to a number or after one of MONTH_CONTEXT ("in May", "3 May", "pada Mei").
AMBIGUOUS_MONTHS: frozenset[str] = frozenset({"may", "march", "mac", "mei"})
MONTH_CONTEXT: frozenset[str] = frozenset(
    {
        "in", "of", "since", "until", "till", "by", "early", "late", "mid", "end",
        "this", "next", "last", "every", "during", "from", "before", "after",
        "pada", "bulan", "sejak", "hingga", "sehingga", "sampai", "awal", "akhir",
        "pertengahan", "dari", "mulai", "hujung", "ini", "depan", "lepas", "lalu",
    }
)

# Single-word relative days (phrases live in carriers.py / dates.py as patterns).
RELATIVE_WORDS: frozenset[str] = frozenset(
    {
        # fr
        "demain", "hier", "aujourd'hui", "après-demain", "avant-hier",
        # en
        "tomorrow", "tonight", "today", "yesterday",
        # ms
        "esok", "besok", "lusa", "semalam", "kelmarin",
        # weekend words: "le week-end" / "weekends" / "hujung minggu" is when a habit happens
        "week-end", "week-ends", "weekend", "weekends",
    }
)

# Parts of the day. Not in the seed's list: added because "court le matin" and
# "court le soir" are two habits; the cost is a redite when one variant omits it.
PARTS_OF_DAY: frozenset[str] = frozenset(
    {
        "matin", "matins", "midi", "soir", "soirs", "soirée", "après-midi", "nuit", "matinée",
        "morning", "mornings", "afternoon", "afternoons", "evening", "evenings", "night",
        "nights", "noon", "midnight", "minuit",
        "pagi", "petang", "malam", "tengah hari", "tengah malam",
    }
)

# Negators are carriers: a polarity flip is a different fact (seed 000: one reflection
# in three inverted a negation while copying). "horreur" comes from « avoir horreur de »;
# "sans"/"without"/"tanpa" flip "with sugar" into "without sugar".
NEGATORS: frozenset[str] = frozenset(
    {
        # fr
        "ne", "n'", "pas", "plus", "jamais", "aucun", "aucune", "rien", "ni", "sans",
        "guère", "non", "horreur",
        # en
        "not", "n't", "never", "no", "no longer", "nobody", "nothing", "none", "neither",
        "nor", "nowhere", "without",
        # ms
        "tak", "tidak", "bukan", "jangan", "belum", "tiada", "takde", "taknak", "tanpa",
        # zh (single characters, see ZH_NEGATOR_CHARS; 从不 / 从没 = never, review of the
        # write path: 我从来不吃辣 and 我吃辣 both stayed active)
        "不", "没", "别", "未", "无", "勿", "从不", "从没",
    }
)

# Chinese negator characters, with their traditional forms folded to the simplified.
ZH_NEGATOR_CHARS: dict[str, str] = {
    "不": "不", "没": "没", "沒": "没", "别": "别", "別": "别", "未": "未", "无": "无",
    "無": "无", "勿": "勿",
}

# Words that contain a negator character without negating anything: one list for the
# dedup score's carriers and tokens and for the filters' tagged tokens (a jieba word
# holding one of these is not a negation: ``tokens.zh_not_negation``).
ZH_NOT_NEGATION: tuple[str, ...] = (
    "别人", "别的", "特别", "区别", "分别", "告别", "性别", "级别", "类别", "识别",
    "辨别", "个别", "别墅", "别处", "差别", "派别", "鉴别", "未来", "无论", "无聊", "不过",
    "不仅", "不但", "不只", "不管", "不论", "不断", "不同", "不久", "不少", "不错", "不得不",
    "不然", "不如", "不要紧", "不知不觉", "对不起", "差不多", "不好意思", "不客气", "不用谢",
    "没关系", "没事", "没错", "没问题", "没想到", "无线", "无人机",
)

# Words that contain a numeral character without being a number.
ZH_NOT_NUMERAL: tuple[str, ...] = (
    "一起", "一直", "一样", "一定", "一些", "一下", "一般", "一切", "唯一", "万一",
    "千万", "十分", "统一", "一致", "一旦", "一向", "一边", "一再", "三明治", "一会",
    "一共", "百货", "一块儿", "一块去", "千克", "千米", "千瓦",
)

# Spelled-out numbers → digits. Articles that are also "one" (un, une, one, satu, a)
# are left out on purpose: they are far more often articles than counts.
NUMBER_WORDS: dict[str, str] = {
    # fr ("sept" is seven, never read as the abbreviation of septembre)
    "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "six": "6", "sept": "7",
    "huit": "8", "neuf": "9", "dix": "10", "onze": "11", "douze": "12", "treize": "13",
    "quatorze": "14", "quinze": "15", "seize": "16", "vingt": "20", "trente": "30",
    "quarante": "40", "cinquante": "50", "soixante": "60", "cent": "100", "mille": "1000",
    # en
    "two": "2", "three": "3", "four": "4", "five": "5", "seven": "7", "eight": "8",
    "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "thirteen": "13",
    "fourteen": "14", "fifteen": "15", "sixteen": "16", "seventeen": "17", "eighteen": "18",
    "nineteen": "19", "twenty": "20", "thirty": "30", "forty": "40", "fifty": "50",
    "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90", "hundred": "100",
    "thousand": "1000", "million": "1000000", "twice": "2", "thrice": "3",
    # ms
    "dua": "2", "tiga": "3", "empat": "4", "lima": "5", "enam": "6", "tujuh": "7",
    "lapan": "8", "sembilan": "9", "sepuluh": "10", "sebelas": "11", "seratus": "100",
    "seribu": "1000", "sejuta": "1000000",
}

# Multipliers kept as carriers by their surface form ("dua puluh" → {2, puluh}).
NUMBER_MULTIPLIERS: frozenset[str] = frozenset(
    {"belas", "puluh", "ratus", "ribu", "juta", "millions", "milliers", "centaines", "dozen"}
)

# --- Carriers added by the adversarial review of the write path ------------------------
# (each pair merged above 0.80 with equal carriers before; see carriers.py)

# Fractions: "une heure et demie" / "une heure", "tiga setengah tahun" / "tiga tahun".
FRACTION_WORDS: frozenset[str] = frozenset(
    {"half", "halves", "quarter", "quarters", "demi", "demie", "demis", "demies", "quart",
     "quarts", "moitié", "setengah", "separuh", "suku"}
)
# Chinese words holding 半 that are no fraction (a peninsula, "most likely"…).
ZH_NOT_FRACTION: tuple[str, ...] = ("多半", "大半", "半岛", "半导体", "半径", "半路", "半途")

# Markers of a past state, with their canonical carrier: "Used to smoke" / "Smokes",
# "Dulu tinggal di Ipoh" / "Tinggal di Ipoh", 以前对花生过敏 / 对花生过敏, "ex-wife".
PAST_MARKERS: dict[str, str] = {
    "formerly": "formerly", "former": "former", "previously": "formerly",
    "autrefois": "autrefois", "auparavant": "autrefois", "jadis": "autrefois",
    "anciennement": "autrefois", "ancien": "ancien", "ancienne": "ancien",
    "anciens": "ancien", "anciennes": "ancien",
    "dulu": "dulu", "dahulu": "dulu", "pernah": "pernah", "bekas": "bekas",
}

# Copulas whose tense is compared when both texts have one ("Was allergic" / "Is
# allergic"); see tokens.copula_tense.
PRESENT_COPULAS: frozenset[str] = frozenset(
    {"is", "are", "am", "'re", "'m", "est", "sont", "suis", "es", "sommes", "êtes"}
)
PAST_COPULAS: frozenset[str] = frozenset(
    {"was", "were", "était", "étaient", "étais", "étions", "étiez", "fut", "furent"}
)

# Seniority of a sibling, canonical: "younger brother" / "older brother", "frère aîné" /
# "frère cadet", "abang" / "adik". Chinese 哥兄弟姐妹 are read as characters.
SENIORITY_WORDS: dict[str, str] = {
    "younger": "younger", "youngest": "youngest", "older": "older", "elder": "older",
    "oldest": "oldest", "eldest": "oldest",
    "aîné": "aîné", "aînée": "aîné", "aînés": "aîné", "aînées": "aîné",
    "cadet": "cadet", "cadette": "cadet", "cadets": "cadet", "cadettes": "cadet",
    "benjamin": "benjamin", "benjamine": "benjamin",
    "abang": "abang", "kakak": "kakak", "adik": "adik", "sulung": "sulung",
    "bongsu": "bongsu",
}
ZH_SIBLING_CHARS: dict[str, str] = {"哥": "哥", "兄": "哥", "弟": "弟", "姐": "姐", "姊": "姐", "妹": "妹"}
ZH_NOT_SIBLING: tuple[str, ...] = ("弟子", "徒弟", "小哥", "帅哥", "空姐", "小姐", "兄弟姐妹")

# Direction of a change: "the rent went up" / "went down", "augmenté" / "baissé".
DIRECTION_WORDS: dict[str, str] = {
    "increase": "up", "increased": "up", "increases": "up", "increasing": "up",
    "raise": "up", "raised": "up", "raises": "up", "rise": "up", "rises": "up",
    "risen": "up", "rising": "up", "higher": "up",
    "decrease": "down", "decreased": "down", "decreases": "down", "decreasing": "down",
    "reduce": "down", "reduced": "down", "reduces": "down", "lowered": "down",
    "lower": "down", "lowers": "down",
    "augmente": "up", "augmenté": "up", "augmentée": "up", "augmentés": "up",
    "augmenter": "up", "augmentation": "up", "hausse": "up",
    "baisse": "down", "baissé": "down", "baissée": "down", "baisser": "down",
    "diminue": "down", "diminué": "down", "diminuée": "down", "diminuer": "down",
    "diminution": "down",
    "naik": "up", "kenaikan": "up", "meningkat": "up", "bertambah": "up",
    "turun": "down", "penurunan": "down", "menurun": "down", "berkurang": "down",
}
# English "up" / "down" count only after a verb of movement ("went up", not "gave up").
MOTION_VERBS: frozenset[str] = frozenset(
    {"go", "goes", "went", "gone", "going", "come", "comes", "came", "coming", "move",
     "moved", "moves", "put", "puts", "push", "pushed", "shot", "jumped", "jump", "climbed"}
)
# Malay "naik" before a vehicle is "to ride", not "to rise".
MS_VEHICLES: frozenset[str] = frozenset(
    {"bas", "kereta", "teksi", "kapal", "pesawat", "motosikal", "lrt", "mrt", "grab", "feri",
     "basikal", "tren", "keretapi", "lif", "bot", "van", "lori"}
)
