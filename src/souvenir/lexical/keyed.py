"""Keyed values about the user in a memory text: where they live, who employs them… (pure).

Issue #3, item 4: "When a newer memory contradicts an older one about the same thing
(the polarity flips, or a keyed value changes: city, employer, delivery address), the
new one becomes active and the old one is superseded." This module reads the keyed
values; ``admission.decide`` compares them.

Keys (``KEYS``)::

    home.city / home.region / home.country   "Lives in Ipoh", "Habite en Bretagne",
                                             "Moved to Malaysia", 住在吉隆坡, "Tinggal di Ipoh"
    home.address       "Lives at 12 Jalan Ampang", "Habite au 3 rue des Lilas", 住址是…
    employer           "Works at Petronas", "Travaille chez Airbus", 在马来亚银行工作,
                       "Bekerja di Maybank"
    occupation         "Works as a nurse", "Travaille comme infirmière", 是一名护士,
                       "Bekerja sebagai jururawat"
    delivery.address   "Delivery address is …", "Wants deliveries sent to …",
                       "Adresse de livraison : …", 收货地址改为…, "Alamat penghantaran: …"
    phone / email      "Phone number is …", "Numéro de téléphone : …", 手机号是…, "Emel: …"
    name               "My name is …", "S'appelle …", 名字是…, "Nama saya …"
    name.preferred     "Goes by …", "Se fait appeler …", "Dipanggil …"
    favourite:X / preferred:X / usual:X   a single-valued attribute named by the text
                       ("Favourite colour is red", "Plat préféré : …", 最喜欢的颜色是…,
                       "Warna kegemaran …"; ``attributes.py``)

A value of someone named as the subject ("Bob lives in Lyon") is keyed for that person
(``home.city@bob``), or for the user when the name is one of the user's (``names``).

Precision over recall (seed 000, « Deux erreurs n'ont jamais le même prix »: a wrongly
superseded memory is an erased fact, a missed key only leaves a stale fact beside the
new one). Hence:

* **Anchored.** A key is read only at the start of a clause, after an optional user
  subject ("The user", "L'utilisateur", 用户, "Pengguna", "I", "Je", 我, "Saya") and
  time adverbs ("now", "désormais", 现在, "kini"). "Sister lives in Ipoh", "Son frère
  habite à Lyon", 他妹妹住在怡保, "Kakak tinggal di Ipoh" have no key (a relative's
  value is not kept under any key: the clause is simply not keyed), nor has "Wants to
  move to Penang", "Doesn't live in Ipoh any more" or "Travels to Penang often".
* **Present state only.** Past and planned forms are not patterns ("Lived in",
  "Habitait", "Is moving to", "Va déménager"), and a clause carrying a marker of a past,
  planned or temporary state has no key ("…as a child", "used to", "until", "next
  month", "autrefois", "quand il était…", "dulu", "pernah", "semasa kecil", 以前,
  小时候, 打算, "this week", "on holiday").
* **A change, not an addition.** A second job or a short stay is not a correction:
  "Also works at Shell", "Works at Shell part-time", 也住在…, "based in Penang for two
  weeks", "on weekends", "Moved to the Penang office", "Tinggal di Hotel Seri Malaysia"
  have no key; nor has "Works as a volunteer".
* **Distinct keys.** "Lives in Ipoh" (home.city) and "Works in Ipoh" (no key: "in" a
  town is not an employer) never meet; "Lives in Malaysia" (country) and "Lives in Ipoh"
  (city) are both true. Malay "di" and Chinese 在 say both "at" and "in": a place is
  refused as an employer (``keydata.CITIES`` and prefixes), and 在X工作 needs X to end
  like an organisation (银行, 公司, 医院).
* **Proper names.** A town, an employer or a name is a run of capitalised words (a
  Latin script has no other cue): "Moved to a new flat" has no key.
* **One subject per sentence.** A clause after "and" / a comma / "，" keeps the
  user as subject only when the sentence started with the user (a key, "The user…",
  or a bare verb) and not with a relative ("Has a sister, lives in Ipoh" / 有个妹妹，
  住在怡保: no key). "His / her / son / sa" are read as the user's only in the first
  clause of the text, and never for a name ("Her name is Shadow!" was a dog, in the
  LoCoMo dialogues; "Has a daughter. Her phone number is …" gives no phone).
* **Ambiguous = no key.** Two values in one clause ("Lives in Ipoh and Penang") or two
  different values for one key in one text give no key.

``UserKeys.complete`` says that every clause of the text gave a key, with at most a
short modifier after the value ("with her husband", "since 2020", ", Perak"). Only a
complete memory can be superseded by a keyed correction: "Lives in Ipoh and has two
cats" keeps the cats active even when the user moves (the stale city stays beside
the new one — the cheaper error). The cost on the other side: a short modifier of the
old state ("…with her husband") goes to history with it.

:func:`same_value`: one word set inside the other is the same value ("Ipoh" / "Ipoh,
Perak"); phones by digits. "KL" / "Kuala Lumpur" differ: the newer one supersedes, no loss.

Known misses (the cheap side): a move told in a sentence that starts with a time
("两年前搬到怡保", "In 2023 moved to Penang"), "Joined Shell" (a club as often as an
employer), a pronoun subject ("She lives in Ipoh"), 在X工作 with an employer that has no
organisation suffix (在谷歌工作), a country missing from ``keydata`` (read as a town).
Cost: about 0.1–0.2 ms a text (LoCoMo utterances, the shared suite), cached.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from souvenir.lexical import keydata as D
from souvenir.lexical.attributes import attribute_key, named_subject, owned
from souvenir.lexical.keycompare import KEYS, UserKeys, changed_keys, outdates, same_value
from souvenir.lexical.keypatterns import ADVERBS, ALSO, ALSO_OPENING, MARKERS, PATTERNS, SUBJECT, Pattern
from souvenir.lexical.normalize import fold_words, nfkc_fold, normalize
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.tokens import HAN, content_words, load_jieba, tokenize
from souvenir.lexical.vocab import MONTHS, NEGATORS, WEEKDAYS

__all__ = ["KEYS", "UserKeys", "user_keys", "same_value", "changed_keys", "outdates", "fold"]


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
_SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)|[;\n。]+")
_LAST_WORD = re.compile(r"(\S+)$")
_HAN_RUN = re.compile(f"[{HAN}]+")
_TOKEN = re.compile(r"[^\W_](?:[\w'\-]*[^\W_])?|&|[^\w\s]")
_SPACES = re.compile(r"\s+")

# --------------------------------------------------------------------------- values

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
    "hingga ketika waktu sementara".split()
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


def _occupation(rest: str) -> tuple[str, int] | None:
    toks = list(_TOKEN.finditer(rest))
    i = 1 if toks and toks[0].group().casefold() in _OCC_ARTICLES else 0
    words: list[str] = []
    end = 0
    while i < len(toks) and len(words) < 4:
        tok = toks[i].group()
        if not tok[0].isalpha() or tok.casefold() in _OCC_STOPS or _HAN_RUN.match(tok):
            break
        words.append(tok)
        end = toks[i].end()
        i += 1
    if not words or all(w.casefold() in STOP_WORDS for w in words) or fold(words[-1]) in D.NOT_AN_OCCUPATION:
        return None
    return " ".join(words), end


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


def _date_value(rest: str) -> tuple[str, int] | None:
    """A date opening ``rest`` ("14 March 1990", "le 3 mai", "1990年5月3日"): to the clause end, at
    most 40 characters, with a digit or a month in it."""
    m = _DATE_END.search(rest)
    value = (rest[: m.start()] if m else rest).strip(" .!")
    if not value or len(value) > 40:
        return None
    words = set(fold(value).split())
    if not (any(ch.isdigit() for ch in value) or words & frozenset(MONTHS)):
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
        if pat.kind == "count":
            return [(pat.key, fold(value))], start, m.end()
        if not _zh_org_ok(value):
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
    if pat.kind == "street":
        got = _address(rest) if _street_like(rest) else None
    elif pat.kind == "org":
        got = _cap_run(rest, _ORG_LINKS)
        got = got if got and _org_ok(got[0]) else None
    elif pat.kind == "org_zh":
        got = _han_value(rest) or _cap_run(rest, _ORG_LINKS)
        got = got if got and _zh_org_ok(got[0]) else None
    elif pat.kind == "occ":
        got = _occupation(rest)
    elif pat.kind in ("occ_zh", "occ_zh_trade"):
        got = _han_value(rest)
        got = got if got and (pat.kind == "occ_zh" or _zh_trade_ok(got[0])) else None
    elif pat.kind == "address":
        got = _address(rest)
    elif pat.kind == "qty":
        got = _quantity(rest)
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


# --------------------------------------------------------------------------- clauses


class _Clause(NamedTuple):
    values: tuple[tuple[str, str], ...]
    subject: str | None  # "user", "first", "third" or None
    light: bool  # nothing after the value but a short modifier
    opens_bare: bool  # starts with a bare verb (a subject-less note)
    relation: bool  # names a relative
    owner: str | None = None  # the person named as subject ("Bob lives in…"), None: the user


_SECONDARY = (
    (
        "employer",
        re.compile(r"\s*,?\s*(?:(?:as|comme|en\s+tant\s+que|sebagai)\s+|en\s+tant\s+qu')", re.I),
        "occupation",
    ),
    ("occupation", re.compile(r"\s*,?\s*(?:at|for|chez|pour|di|dengan|kat)\s+", re.I), "employer"),
)


def _secondary(values: list[tuple[str, str]], tail: str) -> tuple[list[tuple[str, str]], str]:
    """ "Works at Petronas as an engineer": the occupation after the employer (and back)."""
    for primary, link, key in _SECONDARY:
        if len(values) != 1 or values[0][0] != primary:
            continue
        m = link.match(tail)
        if not m:
            continue
        rest = tail[m.end() :]
        got = _occupation(rest) if key == "occupation" else _cap_run(rest, _ORG_LINKS)
        if got and (key == "occupation" or _org_ok(got[0])):
            return values + [(key, got[0])], rest[got[1] :]
    return values, tail


def _light(tail: str) -> bool:
    tail = tail.strip(" ,.;:")
    return not tail or (not _CONJUNCTION.search(tail) and len(content_words(normalize(tail))) <= 3)


def _negated(text: str) -> bool:
    return any(t in NEGATORS for t in tokenize(normalize(text)))


def _multiple(tail: str) -> bool:
    m = _MULTI.match(tail)
    if not m or m.end() >= len(tail):
        return False
    nxt = tail[m.end()]
    return nxt.isupper() or bool(_HAN_RUN.match(nxt))


def _relation(clause: str) -> bool:
    words = set(fold(re.sub(r"[^\w'\s-]", " ", clause)).split())
    return bool(words & D.RELATIONS) or any(r in clause for r in D.ZH_RELATIONS)


def _after_adverbs(text: str, pos: int) -> int:
    """Where the adverbs at ``pos`` end (``pos`` when there are none)."""
    m = ADVERBS.match(text, pos)
    return m.end() if m else pos


def _opening(clause: str, names: frozenset[str] = frozenset()) -> tuple[str | None, int, str | None]:
    """(subject, where the predicate starts, owner): a named subject is ``"named"`` with its
    name as owner, or ``"user"`` when the name is one of the user's ``names``."""
    m = SUBJECT.match(clause)
    subject = m.lastgroup if m else None
    pos = _after_adverbs(clause, m.end() if m else 0)
    if m is None and not any(p.regex.match(clause, pos) for p in PATTERNS):
        named = named_subject(clause)
        if named is not None:
            after = _after_adverbs(clause, named[1])
            if any(p.regex.match(clause, after) for p in PATTERNS):
                return ("user", after, None) if named[0] in names else ("named", after, named[0])
    return subject, pos, None


def _bare(clause: str, pos: int) -> bool:
    if _HAN_RUN.match(clause, pos):
        return clause.startswith(D.ZH_BARE_VERBS, pos)
    word = clause[pos : pos + 64].split(" ", 1)[0]  # a verb is shorter: no need to fold a 16 KB run
    return len(word) < 64 and fold(word) in D.BARE_VERBS


def _parse(clause: str, first: bool, head: bool, names: frozenset[str] = frozenset()) -> _Clause:
    subject, pos, owner = _opening(clause, names)
    bare, relation = _bare(clause, pos), _relation(clause)
    if subject == "third":
        return _Clause((), subject, False, False, relation)
    also = ALSO_OPENING.match(clause, pos)
    if also and not head:  # "…and also works at Maybank": one more fact, not a second job
        pos = _after_adverbs(clause, also.end())
    for pat in PATTERNS:
        m = pat.regex.match(clause, pos)
        if not m or (pat.first_person and subject != "first"):
            continue
        possessive = m.groupdict().get("poss") or m.groupdict().get("poss_zh")
        if possessive and (not first or pat.key.startswith("name")):
            continue  # "Her name is Shadow!" names the dog far more often than the user
        got = _read(pat, m, clause)
        if got is None:
            continue
        values, start, end = got
        # Markers are read outside the value ("Jalan Bakal" is a street), except in a
        # free-text address ("Delivery address was … until March"). The opening cannot
        # hold a negator (it is anchored; "No. telefon" is a number, not a "no").
        outside = clause[start:end] if pat.kind == "address" else ""
        prefix, tail = clause[:start], clause[end:]
        if (
            any(MARKERS.search(part) or (head and ALSO.search(part)) for part in (prefix, tail, outside))
            or _negated(tail)
            or _multiple(tail)
        ):
            break
        values, tail = _secondary(values, tail)
        values = [(k, v) for k, v in values if v]
        return _Clause(tuple(values), subject, _light(tail), bare, relation, owner)
    return _Clause((), subject, False, bare, relation, owner)


def _starts_clause(text: str) -> bool:
    subject, pos, _ = _opening(text)
    if subject is not None:
        return True
    also = ALSO_OPENING.match(text, pos)
    if also:
        pos = _after_adverbs(text, also.end())
    return _bare(text, pos) or any(p.regex.match(text, pos) for p in PATTERNS)


def _clauses(sentence: str) -> list[str]:
    """Cut a sentence at commas and conjunctions that open a new clause (a subject, a
    bare verb or a key pattern after them; any comma before a Chinese character)."""
    out: list[str] = []
    start = 0
    for m in _CUT.finditer(sentence):
        after = sentence[m.end() :]
        if not after or m.start() == 0:
            continue
        han = bool(_HAN_RUN.match(after))
        if (han and ("," in m.group() or m.group().strip())) or (not han and _starts_clause(after)):
            out.append(sentence[start : m.start()])
            start = m.end()
    out.append(sentence[start:])
    return [c.strip() for c in out if c.strip()]


def _sentences(text: str) -> list[tuple[str, bool]]:
    """``(sentence, is_question)``; a period after an abbreviation ("No. 12") or a single
    letter does not end a sentence."""
    out: list[tuple[str, bool]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group().startswith("."):
            last = _LAST_WORD.search(text[start : m.start()])
            word = last.group(1) if last else ""
            if fold(word) in D.ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
                continue
        out.append((text[start : m.start()], "?" in m.group()))
        start = m.end()
    out.append((text[start:], False))
    return [(s.strip(), q) for s, q in out if s.strip()]


@lru_cache(maxsize=32768)
def user_keys(text: str, names: frozenset[str] = frozenset()) -> UserKeys:
    """The keyed values about the user in ``text`` (module docstring); a value of someone
    named as subject is keyed ``key@name`` (``attributes.py``), unless the name is one of
    the user's ``names`` (folded)."""
    found: dict[str, list[str]] = {}
    complete = True
    first = True
    for sentence, question in _sentences(_SPACES.sub(" ", nfkc_fold(text)).strip()):
        head_user = False
        head_owner: str | None = None
        for index, clause in enumerate(_clauses(sentence)):
            parsed = _parse(clause, first, index == 0, names)
            first = False
            if index == 0:
                head_owner = parsed.owner
                head_user = (
                    bool(parsed.values)
                    or parsed.subject in ("user", "first", "named")
                    or (parsed.subject is None and parsed.opens_bare and not parsed.relation)
                )
            owner = parsed.owner if parsed.subject is not None else head_owner
            allowed = index == 0 or parsed.subject in ("user", "first", "named") or head_user
            if parsed.values and allowed and not question:
                for key, value in parsed.values:
                    found.setdefault(owned(key, owner), []).append(value)
                complete = complete and parsed.light
            else:
                complete = False
    values: dict[str, str] = {}
    for key, seen in found.items():
        value = normalize(seen[0]) if key != "phone" else seen[0]
        if all(same_value(key, value, other) for other in seen[1:]):
            values[key] = value
        else:  # two values for one key in one text: no key, and not supersedable
            complete = False
    return UserKeys(tuple(sorted(values.items())), complete and bool(values))
