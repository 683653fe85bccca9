"""The stored side's reading for :func:`souvenir.lexical.restated.elaborates`, cached by text.

``elaborates(new, old)`` is asked at each write for every active memory of the user; each part
it reads of one text depends on that text alone, so it is read once per text (an
``lru_cache`` of :data:`~souvenir.lexical.cache_size.TEXT_CACHE` entries, emptied with the other
lexical caches by :mod:`souvenir.engine.cache_budget`). Pure: same text in, same reading out.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from souvenir.lexical.cache_size import TEXT_CACHE
from souvenir.lexical.normalize import normalize
from souvenir.lexical.proposition import statements
from souvenir.lexical.spelled import in_digits
from souvenir.lexical.tokens import tokenize
from souvenir.lexical.text_cache import text_cache

__all__ = ["Side", "mostly_han", "side"]

#: A contrast opening a later statement: a wording that turns on the first is no elaboration of it.
CONTRAST = re.compile(r"\b(?:but|though|although|mais|pourtant|cependant|tapi|tetapi|namun)\b|但|不过|可是|却", re.I)
_HAN = re.compile(r"[\u4e00-\u9fff]")
ZH_BREAK = re.compile(r"[，,。；;！!？?、]")


class Side(NamedTuple):
    """One text's reading: ``parts`` its statements, ``contrast`` whether it holds a contrast,
    ``same_first``/``same_whole`` its first statement / itself normalised without end marks,
    ``zh`` whether half its non-space characters are Han, ``han_first`` the Han of its first
    clause without fillers, ``whole`` the text split once at its first clause break,
    ``toks`` its tokens without their counts (:func:`_uncounted`)."""

    parts: tuple[str, ...]
    contrast: bool
    same_first: str
    same_whole: str
    zh: bool
    han_first: str
    whole: tuple[str, ...]
    toks: tuple[str, ...]


#: Classifiers after a count ("dua belas ekor ikan", "tiga biji", "deux paires"): part of the count.
_CLASSIFIERS = frozenset("ekor biji buah orang batang keping helai pasang unit".split())


def _uncounted(tokens: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """``tokens`` without their counts (a number and its classifier): a count added is a modifier
    ("Bela ikan" / "Bela dua belas ekor ikan koi …", "Keeps hens" / "Keeps four hens in the garden")."""
    out: list[str] = []
    for tok in tokens:
        if tok.isdigit() or (out and out[-1] == "#" and tok in _CLASSIFIERS):
            out.append("#")
            continue
        out.append(tok)
    return tuple(t for t in out if t != "#")


@text_cache(TEXT_CACHE)
def mostly_han(text: str) -> bool:
    """True when at least half of ``text``'s non-space characters are Han (read as Chinese); cached by text."""
    return len(_HAN.findall(text)) * 2 >= len(re.sub(r"\s", "", text))


def _same(x: str) -> str:
    return normalize(x).strip(" .。!！")


@text_cache(TEXT_CACHE)
def side(text: str) -> Side:
    """The reading of ``text`` (class docstring)."""
    parts = tuple(statements(text))
    return Side(
        parts=parts,
        contrast=bool(CONTRAST.search(text)),
        same_first=_same(parts[0]),
        same_whole=_same(text),
        zh=mostly_han(text),
        han_first=re.sub(r"[\s，,。.；;！!？?、了的]", "", ZH_BREAK.split(text)[0]),
        whole=tuple(ZH_BREAK.split(text.strip("。！!"), 1)),
        toks=_uncounted(tokenize(normalize(in_digits(text)))),
    )
