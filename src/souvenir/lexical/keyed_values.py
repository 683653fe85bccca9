"""The values a keyed clause names (:mod:`souvenir.lexical.keyed`): a place, an address,
an organisation, an occupation, a name, a quantity, a date — each read from the words after
the pattern that keys it, in English, French, Chinese and Malay."""

from __future__ import annotations

import re

from souvenir.lexical import keydata as D
from souvenir.lexical.attributes import attribute_key
from souvenir.lexical.keychildren import pair_total
from souvenir.lexical.keycounts import COUNT_PLURALS
from souvenir.lexical.keypatterns import Pattern
from souvenir.lexical.normalize import fold_words
from souvenir.lexical.numerals import zh_to_digits
from souvenir.lexical.spelled import parse_number
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.tokens import HAN, load_jieba
from souvenir.lexical.vocab import MONTHS, WEEKDAYS

__all__ = ["fold", "money_amount"]


def fold(text: str) -> str:
    """Casefold, accents removed, hyphens read as spaces: the form of ``keydata``."""
    return fold_words(text)


_CONJUNCTION = re.compile(r"\b(?:and|or|et|ou|dan|atau|but|mais|tetapi|tapi|serta)\b|&|[和与跟及但并或]|以及", re.I)
_MULTI = re.compile(r"\s*,?\s*(?:(?:and|or|et|ou|dan|atau)\b|&|/|和|或|及|与|、)\s*", re.I)
_CUT = re.compile(
    r"\s*,\s*(?:(?:and|but|et|mais|dan|tetapi|tapi|serta|while|whereas)\s+)?"
    r"|\s+(?:and|but|et|mais|dan|tetapi|tapi|serta|while|whereas)\s+|\s*(?:并且|而且|同时)\s*",
    re.I,
)
#: A run of ".!?" is read from its start only (a match tried inside a long run re-read the
#: rest of the run from each of its characters: 16 KB of "!" cost 2.7 s).
_SENTENCE_END = re.compile(r"(?<![.!?])[.!?]+(?=\s|$)|[;\n。]+")
_HAN_RUN = re.compile(f"[{HAN}]+")
_TOKEN = re.compile(r"[^\W_](?:[\w'\-]*[^\W_])?|&|[^\w\s]")
_SPACES = re.compile(r"\s+")


_ARTICLES = frozenset({"the", "le", "la", "les", "l'"})
_CALENDAR = frozenset(WEEKDAYS) | frozenset(MONTHS)
_PLACE_LINKS = frozenset(
    {"de", "du", "des", "la", "le", "les", "sur", "sous", "en", "of", "upon", "am", "da", "del", "el", "al"}
)
_ORG_LINKS = frozenset({"&", "de", "du", "des", "of", "la", "le", "les"})
_NAME_LINKS = frozenset(
    {"de", "du", "van", "von", "der", "den", "bin", "binti", "bte", "bt", "al", "el", "da", "di", "le", "la"}
)
_OCC_STOPS = frozenset(
    "at for in with since and or but from on by to who because while near until chez à au aux pour dans depuis "
    "avec et ou mais de d' du des en sur di dengan untuk sejak dan atau tetapi kat pada selama sebagai as "
    # a time bound ends the value, so that the markers see it ("lifeguard this summer")
    "this over during through till cet cette ce pendant durant jusqu jusqu' masa semasa musim sepanjang sehingga "
    "hingga ketika waktu sementara "
    # a clause of time after the value ("From driver to driving instructor after the course", session 20)
    "after before once when après avant quand lorsque dès selepas sebelum lepas apabila bila".split()
)
_OCC_ARTICLES = frozenset({"a", "an", "un", "une", "seorang"})
_ZH_STOPS = frozenset(
    "了 的 住 居住 生活 工作 上班 读书 上学 定居 和 与 跟 及 以及 、 去 来 后 以后 之后 已经 啦 呢 吧 啊 也 都 还 很 "
    "一起 附近 旁边 里 多年 快 已 当 做 担任 任职 就职 打工 在 是".split()
)
_ZH_NOT_OCCUPATION = ("会员", "成员", "党员", "团员")
_TRAILING_FILLER = re.compile(
    r"(?:\s*,?\s*(?:from\s+now\s+on|now|instead|going\s+forward|désormais|dorénavant|maintenant"
    r"|à\s+partir\s+de\s+maintenant|mulai\s+sekarang|sekarang|kini|mulai\s+hari\s+ini|从现在起|以后|今后))+\s*$",
    re.I,
)
_PAST_OPENERS = frozenset({"was", "were", "used", "had", "etait", "etaient", "dulu", "pernah"})
_PHONE = re.compile(r"[:=\-]?\s*(?:le\s+)?(\+?\(?\d[\d\s\-().]{5,22}\d)")
_EMAIL = re.compile(r"[:=\-]?\s*<?([\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)>?")


def _capital(token: str) -> bool:
    return bool(token) and token[0].isupper()


def _cap_run(rest: str, links: frozenset[str], limit: int = 6) -> tuple[str, int] | None:
    """The run of capitalised words opening ``rest`` (after an optional article), with
    linking words inside it ("Rio de Janeiro", "Bank of America"): ``(text, end)``."""
    toks = list(_TOKEN.finditer(rest))
    i = 1 if len(toks) > 1 and toks[0].group().casefold() in _ARTICLES else 0
    words: list[str] = []
    end = 0
    while i < len(toks) and len(words) < limit:
        tok = toks[i].group()
        core = tok[2:] if tok[:2].casefold() in ("l'", "d'") and len(tok) > 2 else tok
        if _capital(core) and not (words and core.casefold() in _CALENDAR):
            words.append(core)
            end = toks[i].end()
        elif (
            words
            and tok.casefold() in links
            and i + 1 < len(toks)
            and _capital(toks[i + 1].group())
            and toks[i + 1].group().casefold() not in _CALENDAR
        ):
            words.append(tok)
        else:
            break
        i += 1
    while words and words[-1].casefold() in links:
        words.pop()
    return (" ".join(words), end) if words else None


def _han_value(rest: str) -> tuple[str, int] | None:
    """Jieba words opening ``rest`` up to a particle or verb (了, 的, 工作…) or a time."""
    m = _HAN_RUN.match(rest)
    if not m:
        return None
    taken: list[str] = []
    for word in load_jieba().lcut(m.group()):
        if word in _ZH_STOPS or word.endswith(("年", "个月", "天", "周")) or word.isdigit():
            break
        taken.append(word)
    value = "".join(taken)
    return (value, len(value)) if value else None


def _is_place(value: str) -> bool:
    f = fold(value)
    return (
        f in D.CITIES
        or f in D.COUNTRIES
        or f in D.REGIONS
        or value in D.ZH_CITIES
        or value in D.ZH_COUNTRIES
        or value in D.ZH_REGIONS
        or f.split(" ")[0] in D.PLACE_PREFIXES
    )


def _place_key(value: str, prep: str | None) -> str:
    f = fold(value)
    if value in D.ZH_CITIES:  # 杭州, 广州: a 州 that is a city
        return "home.city"
    if f in D.COUNTRIES or value in D.ZH_COUNTRIES or value.endswith("国"):
        return "home.country"
    if f in D.REGIONS or value in D.ZH_REGIONS or value.endswith(("省", "州")):
        return "home.region"
    if prep and prep.casefold() in ("en", "au", "aux", "dans"):  # French: countries and regions
        return "home.region"
    return "home.city"


def _street_like(rest: str) -> bool:
    """A number in the first three words, or a street word followed by a capitalised
    name ("Jalan Ampang", "rue des Lilas"); "a new flat" is not an address."""
    toks = [t.group() for t in _TOKEN.finditer(rest) if t.group()[0].isalnum()][:4]
    if toks and (toks[0][0].isdigit() or (len(toks) > 1 and fold(toks[0]) in D.STREET_WORDS and toks[1][0].isdigit())):
        return True
    for i, tok in enumerate(toks[:2]):
        if fold(tok) in D.STREET_WORDS:
            after = toks[i + 1 : i + 3]
            if after and (
                _capital(after[0]) or (after[0].casefold() in _PLACE_LINKS and len(after) > 1 and _capital(after[1]))
            ):
                return True
    return False


def _address(rest: str) -> tuple[str, int] | None:
    """The rest of the clause, without a trailing "from now on". Refused when it opens
    with a relative (Malay puts the owner after the noun: "Alamat penghantaran kakak: …")
    or a past verb ("Delivery address was …"). A rest of more than 1,000 characters is none
    (an address is at most 160 once its filler is cut; reading a 16 KB rest from each of its
    positions cost seconds)."""
    if len(rest) > 1000:
        return None
    value = _TRAILING_FILLER.sub("", rest.strip().lstrip(":=- ")).strip(" .,;:!?-")
    if not re.search(r"\w", value) or len(value) > 160:
        return None
    first = fold(value.split(" ", 1)[0].rstrip(":,"))
    if first in D.RELATIONS or first in _PAST_OPENERS:
        return None
    return value, len(rest)


def _zh_place_ok(value: str) -> bool:
    return (
        2 <= len(value) <= 12
        and not value.startswith(D.ZH_NOT_A_PLACE + D.ZH_RELATIONS)
        and not any(w in value for w in D.ZH_HOME_WORDS)
        and not value.endswith(D.ZH_ORG_SUFFIXES + D.ZH_WORKPLACE_SUFFIXES)
    )


def _read_place(rest: str, prep: str | None) -> tuple[str, str, int] | None:
    if _HAN_RUN.match(rest):
        got = _han_value(rest)
        if got is None:
            return None
        value, end = got
        if value.endswith(D.ZH_STREET_SUFFIXES) or re.match(r"\s*\d", rest[end:]):
            addr = _address(rest)
            return ("home.address", *addr) if addr else None
        return (_place_key(value, prep), value, end) if _zh_place_ok(value) else None
    if _street_like(rest):
        addr = _address(rest)
        return ("home.address", *addr) if addr else None
    got = _cap_run(rest, _PLACE_LINKS)
    if got is None or fold(got[0]) in D.STREET_WORDS or fold(got[0]).split(" ")[0] in D.NOT_A_TOWN:
        return None
    after = fold(rest[got[1] : got[1] + 200]).split(" ", 1)[0].strip(",.;:")  # a word, not the rest
    if after in D.WORKPLACE_WORDS:  # "Moved to the Penang office"
        return None
    if fold(got[0]).split(" ")[-1] in D.STREET_WORDS:  # "Main Street"
        addr = _address(rest)
        return ("home.address", *addr) if addr else None
    return _place_key(got[0], prep), got[0], got[1]


def _org_ok(value: str) -> bool:
    return fold(value) not in D.NOT_AN_EMPLOYER and not _is_place(value)


def _zh_org_ok(value: str) -> bool:
    if not value or "的" in value or value.startswith(("一", "某", "这", "那", "家")):
        return False
    if not _HAN_RUN.search(value):
        return _capital(value) and _org_ok(value)
    suffix = next((s for s in D.ZH_ORG_SUFFIXES if value.endswith(s)), None)
    return suffix is not None and len(value) > len(suffix) and not _is_place(value)


_ZH_NOT_TRADE = ("这", "那", "一", "某", "什么", "哪", "的", "些")


def _zh_brand_ok(value: str) -> bool:
    """A bare name after a verb that makes it an employer (跳槽去了字节, 在腾讯做产品经理): no
    ending needed, but no place (回北京上班 is a town), no 的 / 一 / 某 / 这 / 那."""
    if not value or "的" in value or value.startswith(("一", "某", "这", "那", "家")):
        return False
    if value in D.ZH_ORG_SUFFIXES or value in D.ZH_WORKPLACE_SUFFIXES:  # 在医院当护士: a kind of place, no name
        return False
    return len(value) <= 8 and not _is_place(value) and (bool(_HAN_RUN.search(value)) or _capital(value))


def _occupation(rest: str) -> tuple[str, int] | None:
    toks = list(_TOKEN.finditer(rest))
    i = 1 if toks and toks[0].group().casefold() in _OCC_ARTICLES else 0
    words: list[str] = []
    end = 0
    while i < len(toks) and len(words) < 4:
        tok = toks[i].group()
        if (
            not tok[0].isalpha()
            or tok.casefold() in _OCC_STOPS
            or tok.casefold().startswith("jusqu")
            or _HAN_RUN.match(tok)
        ):
            break
        words.append(tok)
        end = toks[i].end()
        i += 1
    if not words or all(w.casefold() in STOP_WORDS for w in words) or fold(words[-1]) in D.NOT_AN_OCCUPATION:
        return None
    return " ".join(words), end


def trade_like(value: str) -> bool:
    """Whether a Latin-script ``value`` looks like a trade: a word of ``OCCUPATION_WORDS``
    ("nurse", "sage-femme", "jurutera"), a Malay juru- word, or an agent ending ("barista",
    "lawyer", "ébéniste") that ``NOT_A_TRADE`` does not refuse ("smoker", "vegetarian")."""
    folded = fold(value).strip()
    if not folded or folded in D.NOT_A_TRADE:
        return False
    words = folded.split()
    if folded in D.OCCUPATION_WORDS or any(w in D.OCCUPATION_WORDS for w in words) or words[0].startswith("juru"):
        return True
    last = words[-1]
    return len(last) >= 5 and last not in D.NOT_A_TRADE and last.endswith(D.OCCUPATION_ENDINGS)


#: Trade endings strict enough for a bare noun before "at" (« Dîner chez Paul », "Summer in Spain" are none).
_TRADE_AT_ENDINGS = ("ist", "iste", "ista", "ier", "iere", "euse", "rice")
_VISITORS = frozenset({"tourist", "touriste", "tourists", "touristes", "pelancong", "游客"})


def trade_at(value: str) -> bool:
    """Whether ``value``, said before a place of work with no verb ("Cashier at the supermarket"),
    is a trade: a word of ``OCCUPATION_WORDS``, a Malay juru- word, or a strict trade ending
    (``_TRADE_AT_ENDINGS``, six letters at least) that ``NOT_A_TRADE`` does not refuse."""
    folded = fold(value).strip()
    words = folded.split()
    if not words or folded in D.NOT_A_TRADE or folded in D.NOT_AN_OCCUPATION or words[-1] in _VISITORS:
        return False
    if any(w in D.OCCUPATION_WORDS for w in words) or words[-1].startswith("juru"):
        return True
    last = words[-1]
    return len(last) >= 6 and last not in D.NOT_A_TRADE and last.endswith(_TRADE_AT_ENDINGS)


def _zh_kind_of_place(value: str) -> bool:
    """Whether ``value`` (after 在, before 当 / 做) is a kind of place of work with no name (超市, 一家诊所,
    工厂): an organisation's or a workplace's ending, or ``ZH_PLACES_OF_WORK``."""
    value = re.sub(r"^(?:一家|这家|那家|家|一个|个)", "", value)
    return 0 < len(value) <= 6 and value.endswith(D.ZH_ORG_SUFFIXES + D.ZH_WORKPLACE_SUFFIXES + D.ZH_PLACES_OF_WORK)


def _zh_generic_place(value: str) -> bool:
    """Whether ``value`` is a kind of place of work alone (餐厅, 一家超市, 工厂), no name before it."""
    value = re.sub(r"^(?:一家|这家|那家|家|一个|个)", "", value)
    return value in D.ZH_PLACES_OF_WORK or value in D.ZH_ORG_SUFFIXES or value in D.ZH_WORKPLACE_SUFFIXES


def _zh_trade_ok(value: str) -> bool:
    return (
        value.endswith(D.ZH_OCCUPATION_SUFFIXES)
        and value not in _ZH_NOT_OCCUPATION
        and len(value) <= 8
        and value not in D.NOT_AN_OCCUPATION
    )


def _name(rest: str) -> tuple[str, int] | None:
    m = _HAN_RUN.match(rest)
    if m:
        return (m.group(), m.end()) if 2 <= len(m.group()) <= 4 else None
    got = _cap_run(rest, _NAME_LINKS, limit=5)
    if got is None or any(ch.isdigit() for ch in got[0]):
        return None
    return got


_NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten un une deux trois quatre cinq six sept huit "
    "neuf dix satu seorang dua tiga empat lima enam tujuh lapan sembilan sepuluh".split()
)
_QTY_STOPS = (_OCC_STOPS - {"a", "par", "per", "sebulan", "setahun"}) | {
    "after",
    "since",
    "because",
    "après",
    "selepas",
    "kerana",
    "lepas",
}
_DATE_END = re.compile(r"\s*(?:[,;，。；]|\s(?:and|but|et|mais|dan|tapi|tetapi)\s)")


#: Money in a value: a currency, or an amount per period ("60k a year", « par mois », "sebulan", 元).
_MONEY = re.compile(
    r"[€$£¥₹]|\b(?:rm|usd|eur|gbp|sgd|myr|rmb|euros?|dollars?|pounds?|ringgit|yuan|bucks)\b|\d\s*k\b"
    r"|\b(?:a|per|an|each)\s+(?:year|month|week|hour)\b|\bpar\s+(?:an|mois|heure|semaine)\b|/\s*(?:yr|year|month|mo|h|hr)\b"
    r"|\bse(?:bulan|tahun|jam|minggu)\b|\bbrut\b|\bnet\b|元|块|万|千",
    re.I,
)
#: The units a weight or a height is given in ("79 kg", "150 lbs", "11 stone", 65公斤, 130斤;
#: "1,75 m", "5'9\"", "1m75", 170厘米).
_UNIT = {
    "weight": re.compile(
        r"\d\s*(?:kg|kgs|kilos?|kilogrammes?|kilograms?|lbs?|pounds?|st|stone|g)\b|公斤|千克|斤", re.I
    ),
    "height": re.compile(
        r"\d\s*(?:cm|m|mm|ft|feet|foot|in|inches|centimètres?|mètres?|meters?|metres?)\b|\d\s*m\s*\d|\d\s*['′]|厘米|公分|米",
        re.I,
    ),
}
#: A pattern that names the measure itself (体重70, "Weight: 70").
_MEASURE_NOUN = re.compile(r"weight|height|poids|taille|berat|tinggi|体重|身高", re.I)
#: A pattern that names the salary itself (the value needs no currency then).
_SALARY_NOUN = re.compile(r"salary|income|\bpay\b|salaire|revenu|gaji|pendapatan|月薪|年薪|工资|薪水|薪资|收入", re.I)


#: Plurals that do not end in a bare "s" (the key of a count is the noun in the singular).
_PLURALS = {
    "puppies": "puppy",
    "oiseaux": "oiseau",
    "chevaux": "cheval",
    "animaux": "animal",
    "猫咪": "猫",
    "狗狗": "狗",
    **COUNT_PLURALS,
}


def _singular(noun: str) -> str:
    """The counted noun in the singular, folded ("cats" -> "cat", « chevaux » -> "cheval", 猫咪 -> 猫)."""
    word = " ".join(fold(noun).split())
    word = _PLURALS.get(word, word)
    return word[:-1] if word.endswith("s") and len(word) > 3 and word.isascii() else word


def _both_trades(new: str, old: str, rest: str) -> bool:
    """A change "from X to Y" between two jobs: both look like a trade, or one does and the other
    is a lower-case run of one to three words (a trade with a qualifier: "guru tadika" → "pegawai HR",
    "barista" → "shift supervisor"); a capitalised place or a thing ("to London") is no job."""
    if trade_like(new) and trade_like(old):
        return True
    short = all(0 < len(v.split()) <= 3 and v[:1].islower() for v in (new.strip(), old.strip()))
    return short and rest[:1].islower() and (trade_like(new) or trade_like(old))


def _count(word: str) -> str:
    """A count in digits ("two", « deux », "dua", "seekor", 两 -> "2"), else the word folded."""
    folded = fold(word)
    if folded in ("seekor", "seorang", "a couple of"):
        return "1" if folded != "a couple of" else "2"
    if re.fullmatch(r"[一两二三四五六七八九十]+", word):
        return zh_to_digits(word)
    number = parse_number(folded)
    return str(number) if number is not None else folded


def _quantity(rest: str) -> tuple[str, int] | None:
    """A measured value opening ``rest``: a number with its unit and period ("79 kg", "RM5,500
    a month", "1m75", "75公斤", "3万"), up to five tokens, ended by a link word."""
    toks = list(re.finditer(r"(?:[^\s,;:]|(?<=\d)[,.:](?=\d))+", rest))
    words: list[str] = []
    end = 0
    for tok in toks[:5]:
        word = tok.group().rstrip(".!?")
        if not word or fold(word) in _QTY_STOPS or (words and word.casefold() in ("and", "et", "dan")):
            break
        words.append(word)
        end = tok.start() + len(word)
        if rest[tok.end() : tok.end() + 1] in (",", ";", ":"):
            break
    if not words or not (
        any(ch.isdigit() for ch in "".join(words[:2]))
        or fold(words[0]) in _NUMBER_WORDS
        or re.match(r"[一两二三四五六七八九十百千万]", words[0])
    ):
        return None
    return " ".join(words), end


def money_amount(rest: str) -> str | None:
    """An amount of money opening ``rest`` (a quantity, :func:`_quantity`, with a currency, a period
    or 万 / 千 / 元 / "4k" in it), else ``None``."""
    got = _quantity(rest)
    return got[0] if got and _MONEY.search(got[0]) else None


#: A Chinese month in numerals (农历八月初三, 正月十五): a date without a digit.
_ZH_MONTH = re.compile(r"[一二三四五六七八九十正腊冬]+月")


def _date_value(rest: str) -> tuple[str, int] | None:
    """A date opening ``rest`` ("14 March 1990", "le 3 mai", "1990年5月3日"): to the clause end, at
    most 40 characters, with a digit or a month in it."""
    m = _DATE_END.search(rest)
    value = (rest[: m.start()] if m else rest).strip(" .!")
    if not value or len(value) > 40:
        return None
    words = set(fold(value).split())
    if not (any(ch.isdigit() for ch in value) or words & frozenset(MONTHS) or _ZH_MONTH.search(value)):
        return None
    return value, rest.find(value) + len(value)


def _read(pat: Pattern, m: re.Match[str], clause: str) -> tuple[list[tuple[str, str]], int, int] | None:
    """The values ``pat`` reads after (or inside) its match ``m``, and the value span."""
    groups = m.groupdict()
    if pat.kind == "attr":
        key = attribute_key(pat.key, m.group("attr"))
        rest = clause[m.end() :]
        read = _han_value(rest) if _HAN_RUN.match(rest) else _address(rest)
        return ([(key, read[0])], m.end(), m.end() + read[1]) if key and read else None
    if groups.get("v") is not None:  # the value is inside the pattern
        value, start = m.group("v").strip(), m.start("v")
        if pat.kind == "occ":
            return ([(pat.key, value)], start, m.end()) if _occupation(value) else None
        if pat.kind == "count_pair":  # "a son and a daughter": the children's count is the sum
            total = pair_total(value)
            return ([("children", str(total))], start, m.end()) if total else None
        if pat.kind == "occ_at":  # "Cashier at the supermarket": a trade of the list or of a trade's ending
            return ([(pat.key, value)], start, m.end()) if trade_at(value) else None
        if pat.kind == "count":
            key = pat.key if pat.key != "count" else "count." + _singular(m.group("n"))
            return [(key, _count(value) if key == "children" or pat.key == "count" else fold(value))], start, m.end()
        if pat.kind == "occ_zh":  # 做会计工作, 从事销售工作: the frame makes it a trade
            return (
                ([(pat.key, value)], start, m.end())
                if 0 < len(value) <= 6 and not value.startswith(_ZH_NOT_TRADE)
                else None
            )
        generic = _zh_generic_place(value)  # 在餐厅当服务员: a kind of place, no name: no employer
        if pat.kind == "org_zh_trade" and (generic or (not _zh_org_ok(value) and not _zh_brand_ok(value))):
            trade = _han_value(clause[m.end() :])  # 在超市当收银员: a kind of place, the trade only
            if trade is None or not _zh_trade_ok(trade[0]) or not _zh_kind_of_place(value):
                return None
            return [("occupation", trade[0])], m.end(), m.end() + trade[1]
        if not (_zh_org_ok(value) or (pat.kind in ("org_zh_trade", "org_zh_verb") and _zh_brand_ok(value))):
            return None
        if pat.kind == "org_zh_trade":  # 在X当Y: employer X, occupation Y
            trade = _han_value(clause[m.end() :])
            if trade is None or not _zh_trade_ok(trade[0]):
                return None
            return [("employer", value), ("occupation", trade[0])], start, m.end() + trade[1]
        return [(pat.key, value)], start, m.end()
    start = m.end()
    rest = clause[start:]
    got: tuple[str, int] | None
    if pat.kind == "place":
        place = _read_place(rest, groups.get("prep"))
        return ([(place[0], place[1])], start, start + place[2]) if place else None
    if pat.kind == "vehicle":  # "Drives a Honda Civic", 开的是比亚迪: the maker is checked by the pattern
        got = _han_value(rest) if _HAN_RUN.match(rest) else _cap_run(rest, frozenset(), limit=3)
        model = re.match(r"\s+([A-Za-z\-]*\d[\w\-]*)", rest[got[1] :]) if got else None
        if got and model:  # "Peugeot 208", "Tesla Model 3": the model's number is the value too
            got = (f"{got[0]} {model.group(1)}", got[1] + model.end())
        return ([("car", got[0])], start, start + got[1]) if got else None
    if pat.kind == "workplace":  # "Kerja di Brunei", 调到上海工作: a known place only ("Works in IT")
        place = _read_place(rest, groups.get("prep"))
        if place is None or place[0] == "home.address" or not _is_place(place[1]):
            return None
        return [("work.place", place[1])], start, start + place[2]  # one key: a town, a state or a country
    if pat.kind == "street":
        got = _address(rest) if _street_like(rest) else None
    elif pat.kind == "org":
        got = _cap_run(rest, _ORG_LINKS)
        got = got if got and _org_ok(got[0]) else None
    elif pat.kind in ("org_zh", "org_zh_verb"):
        got = _han_value(rest) or _cap_run(rest, _ORG_LINKS)
        ok = _zh_org_ok if pat.kind == "org_zh" else _zh_brand_ok
        got = got if got and ok(got[0]) else None
    elif pat.kind in ("occ", "occ_change", "occ_from"):
        got = _occupation(rest)
        if pat.kind == "occ_change" and got and not _both_trades(got[0], m.group("from"), rest):
            got = None
        if pat.kind == "occ_from" and got and not trade_like(m.group("from")):
            got = None  # "Promoted from the waiting list to the team": no trade left
    elif pat.kind == "occ_listed":  # "Is a nurse", « Est professeure des écoles », "Adalah seorang jururawat"
        got = _occupation(rest)
        got = got if got and fold(got[0].split()[0]) in D.OCCUPATION_WORDS else None
    elif pat.kind in ("occ_zh", "occ_zh_trade"):
        got = _han_value(rest)
        got = got if got and (pat.kind == "occ_zh" or _zh_trade_ok(got[0])) else None
    elif pat.kind == "address":
        got = _address(rest)
    elif pat.kind == "qty":
        got = _quantity(rest)
        if got and pat.key in ("salary", "rent") and not (_MONEY.search(got[0]) or _SALARY_NOUN.search(m.group())):
            got = None  # "Makes 3 loaves of bread", « Gagne 3 matchs »: no money, no salary
        if (
            got
            and pat.key in ("weight", "height")
            and not (_UNIT[pat.key].search(got[0]) or _MEASURE_NOUN.search(m.group()))
        ):
            got = None  # "Stands 3 hours a day", « Pèse 3 fois ses mots »: no unit, no measure
    elif pat.kind == "date":
        got = _date_value(rest)
    elif pat.kind in ("phone", "contact"):
        p = _PHONE.match(rest)
        digits = re.sub(r"\D", "", p.group(1)) if p else ""
        got = None
        if p and 7 <= len(digits) <= 15:
            got = ("+" if p.group(1).startswith("+") else "") + digits, p.end()
        if got is None and pat.kind == "contact":
            e = _EMAIL.match(rest)
            return ([("email", e.group(1))], start, start + e.end()) if e else None
    elif pat.kind == "email":
        e = _EMAIL.match(rest)
        got = (e.group(1), e.end()) if e else None
    else:  # name
        got = _name(rest)
    return ([(pat.key, got[0])], start, start + got[1]) if got else None
