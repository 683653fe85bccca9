"""Colloquial negated attitudes said as "not my thing", in four languages (pure; issue #26,
round 10): the negation filter reads them as the negated liking they mean.

* en: "X's not (really) my thing (anymore)", "X isn't my cup of tea / my jam / my scene"
  → "not fond of X";
* fr: « X, c'est plus (vraiment) mon truc / ma came / mon kif / mon délire » → « X, je
  l'aime plus » (the object standing apart, ``_dislocation``);
* fr: « Le tennis, c'est fini / terminé / du passé (pour moi) », « Fini le tennis » → « je ne
  l'aime plus »; en: "I'm done with tennis", "Tennis is over for me" → "not fond of" (round 15);
* zh: X不是我的菜 / X已经不是我的菜了 / X不再是我的菜 → X不喜欢了 (the Chinese segment is read whole);
* ms: "tak / dah tak / tak berapa layan X" (layan = be into; "layan pelanggan", without a
  negator, stays "serve"), "tak hadap", "X bukan (lagi) minat / selera aku" → "aku dah tak suka X".

:data:`THING_IDIOMS` are ``(pattern, replacement)`` applied by ``tagged.prepare`` after
``lexicon.IDIOMS``, on the case-kept text. A positive "X is my thing" is not rewritten (no
error of the costly side was seen there).
"""

from __future__ import annotations

import re

__all__ = ["THING_IDIOMS"]

_EN_THING = r"(?:thing|cup\s+of\s+tea|jam|scene|vibe|bag|kind\s+of\s+thing)"
_FR_THING = r"(?:truc|came|kif|délire|delire|trip|tasse\s+de\s+thé|style)"
_MS_THING = r"(?:minat|selera|taste|cup\s+of\s+tea|jiwa|kegemaran)"

THING_IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.IGNORECASE), r)
    for p, r in (
        # en: "cycling's not really my thing anymore", "Jazz isn't my cup of tea"
        (
            r"(?<![\w-])(?P<x>[\w-]{1,40}(?:\s+[\w-]{1,40})?)(?:'s|'re|\s+is|\s+are)\s+(?:just\s+|honestly\s+|really\s+)?"
            r"(?:not|no\s+longer|n't)\s+(?:really\s+|exactly\s+|quite\s+|much\s+|that\s+much\s+|anymore\s+)?"
            r"(?:my|our)\s+" + _EN_THING + r"\b",
            r"not fond of \g<x>",
        ),
        (
            r"(?<![\w-])(?P<x>[\w-]{1,40}(?:\s+[\w-]{1,40})?)\s+(?:isn't|aren't|is\s+not|are\s+not)\s+(?:really\s+|exactly\s+|quite\s+)?"
            r"(?:my|our)\s+" + _EN_THING + r"\b",
            r"not fond of \g<x>",
        ),
        # fr: « le vélo, c'est plus vraiment mon truc »
        (
            # « c'est » may be left out after the thing set apart: « Le foot, plus trop mon truc »
            r"(?:\b(?:c'est|c'est|ce\s+n'est|ça\s+n'est|ça\s+ne\s+sera)\s+|(?<=,\s)|(?<=—\s)|(?<=:\s)|(?<=\.\s)|^)"
            r"(?P<n>plus|pas|jamais)"
            r"(?:\s+(?:vraiment|trop|du\s+tout|tellement))?\s+(?:mon|ma|notre)\s+" + _FR_THING + r"\b",
            r"je ne l'aime \g<n>",
        ),
        # fr: a thing set apart, then « c'est fini / terminé / du passé (pour moi) » (round 15: « Le
        # tennis, c'est fini pour moi »); « pour moi » needed after a clause that is no bare thing
        (
            r"(?:^|(?<=[.!?]\s))(?P<x>(?:le|la|les|l')\s*[\w-]+(?:\s+[\w-]+){0,2}?)\s*[,—:]?\s*"
            r"c'est\s+(?:fini|terminé|termine|du\s+passé)(?:\s+pour\s+moi)?\b",
            r"\g<x>, je ne l'aime plus",
        ),
        (r"(?<=,\s)c'est\s+(?:fini|terminé|termine|du\s+passé)\s+pour\s+moi\b", "je ne l'aime plus"),
        # fr: « Fini le tennis (pour moi) »
        (r"(?:^|(?<=[.!?]\s))finie?s?\s+(?P<d>le|la|les|l')\s*", r"je n'aime plus \g<d> "),
        # en: "I'm done with tennis", "Tennis is over for me"
        (
            r"\b(?:i'm|i\s+am|am)\s+(?:so\s+|totally\s+|completely\s+|pretty\s+much\s+)?done\s+with\s+(?!it\b|that\b|this\b|work\b|my\s+shift\b)",
            "I'm not fond of ",
        ),
        (r"(?:^|(?<=[.!?]\s))(?P<x>[\w-]{1,40}(?:\s+[\w-]{1,40})?)\s+is\s+over\s+for\s+me\b", r"not fond of \g<x>"),
        # zh: 骑车早就不是我的菜了
        (r"(?:已经|早就|现在)?(?:不再是|不是|再也不是)我的菜(?:了)?", "不喜欢了"),
        # ms: "dah tak layan anime", "tak hadap", "anime bukan lagi minat aku"
        (r"\b(?P<n>tak|tidak|x|dah\s+tak|tak\s+berapa|kurang|takde|tak\s+de)\s+(?:layan|hadap|heran)\b", r"\g<n> suka"),
        (
            r"(?<![\w-])(?P<x>[\w-]{1,40}(?:\s+[\w-]{1,40})?)\s+(?:(?:dah|sudah|memang)\s+)?bukan(?:\s+lagi)?\s+"
            + _MS_THING
            + r"\s+(?P<s>aku|saya|sy|kami)(?:\s+(?:lagi|dah))?\b",
            r"\g<s> dah tak suka \g<x>",
        ),
    )
)
