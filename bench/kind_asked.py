"""The kind a list question asks for: "What **martial arts** has John done?", « Quels
**livres** as-tu lus ? », "她去过哪些**城市**？", "**Aktiviti** apa yang Maria buat?".

A list question names a kind; its evidence names instances of it ("I'm off to do some
taekwondo!", "that trip to England"), seldom the kind's own word (issue #28, session 15's
misses by kind). The kind alone, embedded as a second query, reads those instances
without the rest of the question — the person's name, the auxiliary, "done" — pulling
the person's turns in general (``bench/kind_cv.py``: measured, not kept — docs/journal.md,
"Session 18, lane recall3"). Pure: reads the message only, no model. Research only
(nothing in ``src/`` imports it).

Rules (a phrase of at most four words, or ``None``):

- EN: after "what / which" (and "kind(s) / type(s) / sort(s) of"), the words up to an
  auxiliary (has, does, did, is, are, was, can…) or a pronoun; after "what are (the /
  some)", the noun after a possessive ("What are Joanna's hobbies?" → hobbies); a
  possessive name inside is left out.
- FR: after "quels / quelles / lesquels / lesquelles" (and « sortes / genres / types de »,
  « sont les / sont ses »), the words up to a stop word, a verb joined by a hyphen
  (« as-tu », « a-t-elle ») or a capitalised name.
- ZH: after 哪些 / 哪几种 / 哪种 / 什么样的, the Han characters up to the punctuation (at most four).
- MS: after "apa saja"; before "apa / mana yang" ("Aktiviti apa yang…", "Negara mana yang…").
"""

from __future__ import annotations

import re
from functools import lru_cache

from souvenir.lexical.stopwords import STOP_WORDS

__all__ = ["kind_asked"]

_EN_AUX = frozenset(
    "has have had does do did is are was were can could will would should might may "
    "he she they you i we it his her their my your our".split()
)
_EN_SKIP = frozenset("kind kinds type types sort sorts of the some a an".split())
_WORD = re.compile(r"[\w'’+-]+")
_EN_START = re.compile(r"\b(?:what|which)\b", re.I)
_FR_START = re.compile(r"\b(?:quels|quelles|lesquels|lesquelles)\b", re.I)
_FR_SKIP = frozenset("sortes sorte genres genre types type de d' des sont les ses leurs mes tes".split())
_ZH = re.compile(r"(?:哪些|哪几种|哪种|什么样的)([\u4e00-\u9fff]{1,4})")
_ZH_TAIL = re.compile(r"[呢了吗啊呀]+$")
_MS_AFTER = re.compile(r"\bapa\s+saja\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)", re.I)
_MS_BEFORE = re.compile(r"([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:apa|mana)\s+yang\b", re.I)
_MS_NOT = frozenset("apakah adakah siapa bila kenapa mengapa bagaimana".split())


def _english(text: str) -> str | None:
    m = _EN_START.search(text)
    if m is None:
        return None
    words = _WORD.findall(text[m.end() :])
    if words and words[0].lower() == "are":  # "what are (the / some) Joanna's hobbies"
        words = words[1:]
    out: list[str] = []
    for w in words:
        low = w.lower()
        if low in _EN_AUX:
            break
        if low in _EN_SKIP and not out:
            continue
        if low.endswith(("'s", "’s")):
            continue  # a possessive (a name): the kind is what follows
        out.append(w)
        if len(out) == 4:
            break
    phrase = " ".join(w for w in out if w.lower() not in ("of", "the"))
    return phrase or None


def _french(text: str) -> str | None:
    m = _FR_START.search(text)
    if m is None:
        return None
    out: list[str] = []
    for w in _WORD.findall(text[m.end() :]):
        low = w.lower()
        if low in _FR_SKIP and not out:
            continue
        if "-" in low or low in STOP_WORDS or (w[:1].isupper() and out) or w[:1].isupper() and low not in _FR_SKIP:
            break
        out.append(w)
        if len(out) == 4:
            break
    return " ".join(out) or None


def _chinese(text: str) -> str | None:
    m = _ZH.search(text)
    if m is None:
        return None
    phrase = _ZH_TAIL.sub("", m.group(1))
    return phrase or None


def _malay(text: str) -> str | None:
    m = _MS_AFTER.search(text) or _MS_BEFORE.search(text)
    if m is None:
        return None
    words = m.group(1).split()
    words = [w for i, w in enumerate(words) if w.lower() not in _MS_NOT and not (i and w[:1].isupper())]
    return " ".join(words) or None


@lru_cache(maxsize=20_000)
def kind_asked(message: str) -> str | None:
    """The kind ``message`` asks for (the module's rules), or ``None``."""
    for read in (_chinese, _french, _malay, _english):
        found = read(message)
        if found:
            return found
    return None
