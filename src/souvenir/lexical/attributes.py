"""Single-valued attributes as a family, and memories that name their subject (pure).

Issue #14: "Favourite colour is blue" then "Favourite colour is now red" both stayed
active — only a closed list of keys (home, employer, phone…) could be corrected. A
favourite, preferred or usual X has one value at a time, whatever X is, so the key is
read from the text (``keys.py`` reads the value)::

    "Favourite colour is now red"             -> ("favourite:colour", "red")
    "Sa couleur préférée est le bleu"         -> ("favourite:couleur", "le bleu")
    "最喜欢的颜色是蓝色"                        -> ("favourite:颜色", "蓝色")
    "Warna kegemaran saya ialah biru"         -> ("favourite:warna", "biru")
    "Usual order is a flat white"             -> ("usual:order", "a flat white")
    "Preferred payment method: PayPal"        -> ("preferred:payment method", "paypal")

The three families stay apart ("usual order" and "favourite order" may both hold). X is
compared by its folded, stemmed words ("colour" and "color" are folded; "colours" and
"colour" are one), never across languages (a missed correction: both stay active).

A memory about someone by name ("Bob lives in Lyon", "Gina's favorite dance style is
contemporary") is keyed for that person (``home.city@bob``): it corrects the same
person's value, never the user's nor another person's. When the name is the user's own
(given by a ``name`` key in the user's memories), it is keyed as the user.
"""

from __future__ import annotations

import re

from souvenir.lexical.keydata import BARE_VERBS, RELATIONS
from souvenir.lexical.lexicon import REPORTING, USER_MARKERS, VALENCE_NEG, VALENCE_POS
from souvenir.lexical.normalize import key_of
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.tokens import light_stem

__all__ = ["FAMILIES", "attribute_key", "named_subject", "owned"]

FAMILIES: tuple[str, ...] = ("favourite", "preferred", "usual")

_SPELLINGS = {"color": "colour", "colors": "colour", "favorite": "favourite", "flavor": "flavour", "flavors": "flavour"}


def attribute_key(family: str, attribute: str) -> str | None:
    """``"favourite:colour"`` for family ``favourite`` and attribute words "colours";
    ``None`` for an empty or overlong attribute."""
    words = [key_of(w) for w in re.findall(r"[^\W\d_]+", attribute)]
    words = [_SPELLINGS.get(w, w) for w in words if w not in STOP_WORDS or len(words) == 1]
    if not words or len(words) > 4:
        return None
    words = [light_stem(w) for w in words]
    return f"{family}:{' '.join(words)}"


_NAME_RUN = re.compile(r"([^\W\d_][\w\-]*(?:\s+[^\W\d_][\w\-]*){0,2}?)(?:'s\b|\s)\s*")
_KNOWN = (
    STOP_WORDS
    | VALENCE_POS
    | VALENCE_NEG
    | USER_MARKERS
    | REPORTING
    | BARE_VERBS
    | RELATIONS
    | frozenset(
        {
            "favourite",
            "favorite",
            "preferred",
            "usual",
            "new",
            "current",
            "delivery",
            "shipping",
            "home",
            "phone",
            "mobile",
            "email",
            "name",
            "occupation",
            "employer",
            "address",
            "also",
            "now",
            "still",
            # change words opening a clause ("Naik gaji ke RM4,200"), never a name
            "naik",
            "turun",
            "dapat",
            "got",
        }
    )
)


def named_subject(clause: str) -> tuple[str, int] | None:
    """``(name, end)`` when ``clause`` opens with a person's name ("Bob", "Mei Ling",
    "Gina's"): capitalised words, the first not a word of the lexicons. ``end`` is where
    the rest of the clause starts."""
    m = _NAME_RUN.match(clause)
    if not m:
        return None
    words = m.group(1).split()
    if not all(w[:1].isupper() for w in words) or key_of(words[0]) in _KNOWN:
        return None
    return key_of(" ".join(words)), m.end()


def owned(key: str, owner: str | None) -> str:
    """The key of ``owner``'s value: ``key`` for the user, ``key@owner`` for someone named."""
    return key if owner is None else f"{key}@{owner}"
