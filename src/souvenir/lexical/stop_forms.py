"""A stop said as "no longer" (pure; issue #26, session 20): « N'a plus de migraines depuis le
nouveau traitement », « Ne joue plus au poker », "No longer gets migraines", "No more late-night
gaming", 已经半年没碰麻将了, 好久没抽烟了, "Dah tak main mahjong", "Dah tak ada migrain".

:mod:`souvenir.lexical.resumption` reads a stop opened by a verb of stopping ("Stopped", « A
arrêté », 戒了, "Berhenti"); these wordings say the same state by a negation of continuance,
and a relapse (« A de nouveau des migraines », 又打起麻将来了, "Main mahjong balik") ends them the
same way. :func:`stopped_text` gives what stopped, in the wording's own words:

* fr: « ne / n' » + verb + « plus » + object: the object without its article (« n'a plus de
  migraines » → « migraines », « ne joue plus au tennis » → « tennis »: « a repris le tennis » takes it
  up whatever its verb), the verb when no object follows (« ne fume plus » → « fume »).
* en: "no longer" + verb + object, "no more" + object: the object ("No longer gets migraines" →
  "migraines"), the verb alone otherwise ("No longer drinks" → "drinks").
* zh: a duration (半年, 三个月, 好久, 很久) then 没 / 不 + 再 + a verb of doing (碰, 玩, 打, 喝, 抽, 吃, 犯,
  发作) + 过, then the object up to 了 (已经半年没碰麻将了 → 麻将); the verb when no object follows.
  Without a duration 没碰 is one occasion (今天没喝咖啡), no stop.
* ms: "dah / sudah" + "tak / tidak" + a verb: its object ("Dah tak main mahjong" → "mahjong"), or the
  verb alone ("Dah tak merokok" → "merokok").

Shape::

    stopped_text("N'a plus de migraines depuis le nouveau traitement") -> "migraines depuis le nouveau traitement"
    stopped_text("已经半年没碰麻将了")                                 -> "麻将了"
    stopped_text("Likes mahjong")                                      -> None
"""

from __future__ import annotations

import re

__all__ = ["stopped_text"]

_FR = re.compile(
    r"^\s*(?:(?:il|elle|je|on)\s+)?(?:ne\s+|n')(?:(?:me|se|s'|m')\s*)?(?P<v>[^\W\d_]+)\s+plus\s+"
    r"(?:(?:du\s+tout|jamais|vraiment)\s+)?(?P<o>\S.*)$|^\s*(?:(?:il|elle|je|on)\s+)?(?:ne\s+|n')(?P<v2>[^\W\d_]+)\s+plus\s*[.!]?$",
    re.I,
)
_FR_TO = re.compile(r"^(?:au|aux|à\s+la|à\s+l')\s*", re.I)
_FR_ARTICLE = re.compile(r"^(?:de\s+|d'|du\s+|des\s+|le\s+|la\s+|les\s+|l')", re.I)
_EN = re.compile(
    r"^\s*(?:(?:i|he|she|the\s+user)\s+)?(?:(?:is|am)\s+)?no\s+longer\s+(?P<v>[^\W\d_]+)(?:\s+(?P<o>\S.*))?$"
    r"|^\s*no\s+more\s+(?P<o2>\S.*)$",
    re.I,
)
_ZH = re.compile(
    r"^\s*(?:我)?(?:已经|都|有)?(?:好久|很久|好长时间|好一阵子|[一二两三四五六七八九十几半\d]+(?:个)?(?:多)?(?:年|月|周|星期|礼拜|天))"
    r"(?:多)?(?:都|了)?(?:没有?|不)(?:再)?(?P<v>碰|玩|打|喝|抽|吃|犯|发作|去)(?:过)?(?P<o>[\u3400-\u9fff]*)"
)
_MS = re.compile(
    r"^\s*(?:(?:saya|aku|dia)\s+)?(?:dah|sudah|telah)\s+(?:tak|tidak|x)\s+(?P<v>[^\W\d_]+)(?:\s+(?P<o>\S.*))?$", re.I
)


#: A time, a reason or an adverb after the verb: no object ("Ne fume plus depuis 2019" → « fume »).
_NO_OBJECT = re.compile(
    r"^(?:depuis|après|car|parce|pour|en|du\s+tout|since|after|because|for|in|at\s+all|anymore|sejak|lepas|selepas"
    r"|sebab|kerana|untuk|sekarang|lagi|dah)\b",
    re.I,
)


def _object(said: str | None) -> bool:
    return bool(said) and _NO_OBJECT.match(said or "") is None


def stopped_text(old: str) -> str | None:
    """What ``old`` (NFKC-folded) says stopped, as written after its negation (module docstring),
    or ``None`` when it says no "no longer"."""
    m = _FR.match(old)
    if m:
        verb, obj = m.group("v") or m.group("v2"), m.group("o") or ""
        return _FR_ARTICLE.sub("", _FR_TO.sub("", obj)) if _object(obj) else verb
    m = _EN.match(old)
    if m:
        return m.group("o2") or (m.group("o") if _object(m.group("o")) else m.group("v"))
    m = _ZH.match(old)
    if m:
        return m.group("o") or m.group("v")
    m = _MS.match(old)
    if m:
        if m.group("v").casefold() in ("tak", "tidak", "lagi"):
            return None
        return m.group("o") if _object(m.group("o")) else m.group("v")
    return None
