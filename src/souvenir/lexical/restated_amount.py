"""An amount of a stored fact said again with another value (issue #26, round 16; pure).

:func:`restates_amount` — split from ``restated.py`` (session 18, lane write20), which re-exports it.
"""

from __future__ import annotations

import re

from souvenir.lexical.cache_size import TEXT_CACHE
from souvenir.lexical import lexicon as lx
from souvenir.lexical.normalize import key_of, normalize
from souvenir.lexical.spelled import in_digits
from souvenir.lexical.restated_side import mostly_han
from souvenir.lexical.tokens import content_words, tokenize
from souvenir.lexical.text_cache import text_cache

__all__ = ["restates_amount"]

_HAN = re.compile(r"[\u4e00-\u9fff]")


def _zh(text: str) -> bool:
    return mostly_han(text)


def _han_only(text: str) -> str:
    return re.sub(r"[\s，,。.；;！!？?、了的]", "", text)


#: One amount: a currency, a number (2 800 / 6.5 / 1:52 / "2 h 05" / 四百), one unit word after it.
_AMOUNT = re.compile(
    r"(?:[£$€¥]\s?|\brm\s?|\brp\s?)?(?:\d+(?:[.,:/]\d+)*(?:\s*h\s*\d{2}\b)?|[〇一二两三四五六七八九十百千万]*[十百千万][〇一二两三四五六七八九十]*)"
    r"(?:\s?(?:k\b|%|€|£|度|公里|公斤|千克|斤|分钟|小时|元|块钱?|米|厘米|(?:km|kg|kilos?|lbs?|cm|mm|m|mi|miles?|minutes?|mins?"
    r"|hours?|hrs?|heures?|h|ans|years?|euros?|dollars?|pounds|ringgit|sen|minit|jam|tahun|kali|times|fois|pages?"
    r"|steps?|pas|langkah|degrees?|degrés?|darjah|mmol/l|mg/dl|mmhg|bpm)\b))?",
    re.I,
)
_GROUNDED = re.compile(r"\s?[（(]\d{4}(?:-W?\d{2}){0,2}[)）]")
#: Words of the change between the attribute and the new amount ("now", « est passé à », 涨到, "naik ke").
_CHANGE = frozenset(
    """now currently down up to went gone is are am at actually only just back been has have
    rose risen fell fallen dropped climbed increased decreased jumped
    maintenant désormais passé passée est à a en fait seulement descendu descendue remonté remontée
    redescendu redescendue monté montée tombé tombée baissé augmenté diminué grimpé chuté
    sekarang kini dah sudah naik turun jadi ke kepada cuma hanya semula balik meningkat menurun""".split()
)
_ZH_COPULA = re.compile(r"(?:是|为|有)$")
_ZH_CHANGE = re.compile(r"现在|目前|已经|(?:又|回)?(?:涨|降|升|减|掉|跌|回)(?:到|至)|变成|到了|到|了")
#: What may follow the new amount: when or why it changed ("since moving", « depuis mars », "lepas refinance",
#: "because", « pour préparer le semi », "sebab pejabat pindah", 因为 / 为了).
_ADJUNCT = re.compile(
    r"^\W*(?:$|(?:since|after|now|from|as\s+of|because|with|thanks|depuis|après|maintenant|désormais|pour|car"
    r"|parce|avec|grâce|lepas|selepas|sejak|sekarang|kini|mulai|sebab|kerana|untuk|dengan"
    # the present period it holds in ("this year", « cette année », "tahun ni", 今年)
    r"|this\s+(?:year|month|week|term|semester|season)|cette\s+(?:année|semaine|saison)|ce\s+mois(?:-ci)?"
    r"|(?:tahun|bulan|minggu|semester|penggal)\s+(?:ni|ini))\b|了|啦|现在|自从|因为|为了|今年|这个月|本月|这学期"
    r"|吃药|靠)",
    re.I,
)
_WITH = re.compile(r"\b(?:with|avec|dengan)$", re.I)
#: A period a Chinese amount is counted by, which may stand before or after the attribute (每个月补习费 /
#: 补习费每个月).
_ZH_PERIOD = re.compile(r"每(?:个|一个)?(?:月|周|星期|礼拜|天|年|季度)")
#: A frame that tells an event, not a state: a past verb ("Ran 5 km", « A couru 10 km », 跑了5公里).
_PAST = frozenset(
    """ran did went spent paid bought got made took lost won swam rode drove walked cycled hiked sold
    couru nagé marché fait payé acheté perdu gagné pris vendu tadi semalam""".split()
)


#: Present auxiliaries before a participle of state ("gets paid", "is charged", « est payé »).
_PRESENT_AUX = frozenset("gets get is am are getting est sont".split())


def _amounts(text: str) -> list[re.Match[str]]:
    return [m for m in _AMOUNT.finditer(text) if re.search(r"\d|[十百千万]\S|\S[十百千万]", m.group())]


@text_cache(TEXT_CACHE)
def _stored(old: str) -> tuple[str, tuple[re.Match[str], ...]]:
    """The stored wording as :func:`restates_amount` reads it (grounding dropped, numbers in digits:
    « dix » / « trois », "ten", 三根, "sepuluh") and its amounts; cached by text."""
    old = in_digits(_GROUNDED.sub("", old).strip(" .。"))
    return old, tuple(_amounts(old))


def restates_amount(new: str, old: str) -> bool:
    """True when ``new`` says ``old``'s one amount again with another value, in the same frame,
    the words of a change between ("近视四百度" → "近视涨到五百度了", "Bayar ansuran kereta RM850" →
    "… RM620 lepas refinance", « Record sur semi-marathon : 2 h 05 » → « … 1 h 52 depuis mars »):
    a measure of the user has one current value. Not an event told in the past ("Ran 5 km")."""
    old, oa = _stored(old)
    if len(oa) != 1:
        return False
    new = in_digits(_GROUNDED.sub("", new).strip(" .。"))
    na = _amounts(new)
    o = oa[0]
    old_tail = normalize(old[o.end() :]).strip()

    def in_frame(n: re.Match[str]) -> bool:
        new_tail = normalize(new[n.end() :]).strip()
        if not new_tail.startswith(old_tail):
            return False
        adjunct = _ADJUNCT.match(new_tail[len(old_tail) :])
        if adjunct is None:
            return False
        # "with the treatment" is a means; "avec son frère" is company: another setting, not the same measure
        after = new_tail[len(old_tail) + adjunct.end() :].split()[:3]
        return not (_WITH.search(adjunct.group()) and any(key_of(w) in lx.RELATIONS for w in after))

    # a second amount in a later clause ("Keeps 7 hens now, bought 3 more"): the one in the frame counts
    framed = [n for n in na if in_frame(n)] if len(na) > 1 and old_tail else na
    if len(framed) != 1 or not in_frame(framed[0]) or normalize(framed[0].group()) == normalize(o.group()):
        return False
    n = framed[0]
    if _zh(old) or _HAN.search(old[: o.start()]):
        frame_old = _ZH_COPULA.sub("", _han_only(old[: o.start()]))
        frame_new = _ZH_COPULA.sub("", _han_only(_ZH_CHANGE.sub("", new[: n.start()])))
        if frame_old != frame_new:  # a period word may move (每个月补习费 / 补习费每个月)
            periods_old, periods_new = _ZH_PERIOD.findall(frame_old), _ZH_PERIOD.findall(frame_new)
            frame_old, frame_new = _ZH_PERIOD.sub("", frame_old), _ZH_PERIOD.sub("", frame_new)
            if periods_old != periods_new:
                return False
        return len(frame_old) >= 2 and frame_old == frame_new and not old[: o.start()].endswith("了")
    fo = tokenize(normalize(old[: o.start()]))
    fn = tuple(t for t in tokenize(normalize(new[: n.start()])) if t not in _CHANGE or t in fo)
    if fo != fn:  # "Heart rate is 72" / "Heart rate went down to 61": the copula is a word of the change too
        fn = tuple(t for t in fn if t not in _CHANGE)
        if fn != tuple(t for t in fo if t not in _CHANGE):
            return False
    if not content_words(" ".join(fo)):
        return False
    # a past participle after a present auxiliary is a state ("Gets paid £11 an hour", "Is paid"), not an event
    return not any(
        (t in _PAST or (t.endswith("ed") and len(t) > 4)) and (i == 0 or fo[i - 1] not in _PRESENT_AUX)
        for i, t in enumerate(fo)
    )
