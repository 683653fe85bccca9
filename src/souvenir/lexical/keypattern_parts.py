"""The pieces the keyed-value patterns are built of (:mod:`souvenir.lexical.keypatterns`,
:mod:`souvenir.lexical.keypatterns_work`): :class:`Pattern` and its builder, the auxiliaries,
possessives and links ("is", ":", « est ») read before a value, the dwellings skipped before a
place. No behaviour of their own.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = [
    "AUX",
    "DWELLING_EN",
    "DWELLING_FR",
    "DWELLING_MS",
    "IS",
    "IS_REQUIRED",
    "LINK",
    "POSS",
    "Pattern",
    "pattern",
]

AUX = (
    r"(?:(?:'m|'ve|'s|am|is|are|has|have|has\s+been|have\s+been|'s\s+been|'ve\s+been)\s+)?"
    r"(?:(?:now|currently|still|just|recently|finally|already|officially|permanently)\s+)*"
)
POSS = (
    r"(?:(?P<poss>his|her|their|son|sa|ses)\s+|(?P<poss_zh>他的|她的)|(?:the\s+user's|user's|my|mon|ma|mes)\s+"
    r"|用户的|我的)?(?:(?:the|le|la|les|new|current|preferred|default|usual|nouvelle|nouvel|nouveau|actuelle"
    r"|actuel)\s+|l')?"
)
LINK = (
    r"(?:is\s+now|is|est\s+désormais|est|ialah|adalah|(?:has\s+(?:been\s+)?|was\s+|is\s+)?(?:changed|updated)"
    r"\s+to|:|=|-)"
)
IS = r"\s*" + LINK + r"?\s*"  # "Phone: …", "Phone is …", "Nombor telefon 012…"
IS_REQUIRED = r"\s*" + LINK + r"\s*"


#: A dwelling before the place ("lives in a flat in Hackney", « habite dans un appart à Lyon »,
#: "tinggal di sebuah kondo di Ampang"): skipped, the place is read after it.
DWELLING_EN = (
    r"(?:in\s+(?:a|an|the|my|our)\s+(?:(?:small|tiny|big|new|shared|rented|one-bedroom|two-bedroom)\s+)?"
    r"(?:flat|house|apartment|condo|studio|room|place|bungalow|townhouse|houseshare)\s+)?"
)
DWELLING_FR = (
    r"(?:\s+(?:dans|en)\s+(?:un|une|le|la|mon|ma)?\s*(?:petit\s+|petite\s+)?(?:appart|appartement|studio|maison"
    r"|coloc|colocation|t[1-5]|f[1-5])\b)?"
)
DWELLING_MS = (
    r"(?:\s+(?:di|dalam|kat)\s+(?:sebuah\s+|satu\s+)?(?:rumah|flat|kondo|apartmen|pangsapuri|bilik)(?:\s+sewa)?)?"
)


class Pattern(NamedTuple):
    key: str  # the key, or "home" (city / region / country / address from the value)
    kind: str  # how the value is read (module docstring)
    regex: re.Pattern[str]
    first_person: bool = False  # only after "I" / 我 (我叫…)


def pattern(key: str, kind: str, src: str, first_person: bool = False) -> Pattern:
    """A :class:`Pattern` of ``src`` compiled case-insensitive."""
    return Pattern(key, kind, re.compile(src, re.I), first_person)
