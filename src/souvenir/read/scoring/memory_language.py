"""Which language a memory is written in (fr / en / zh / ms), for the read path's grouping.

Pure and cheap (about 20 µs a text, cached): the fused score z-scores the window
embedder's cosine *within each memory language* (:mod:`souvenir.read.scoring.fusion`), because
multilingual-e5 ranks every memory of the query's script above the others (measured:
Chinese queries to other languages 0.125 recall@24). This detector reads right 200/200
memories and 80/80 queries of ../shared/data/multilingual (docs/journal.md, "Recall levers").

Rule: Han characters ≥ 30% of the letters → ``zh``. Otherwise one vote per word found in
the FR / EN / MS stop-word lists of :mod:`souvenir.lexical.stopwords` (words shared by
two lists do not vote; a few colloquial Malay words added; "tu" counts for Malay), plus
two French votes per accented lower-case word or elision; ties → ``en``.
"""

from __future__ import annotations

import re
from collections import Counter

from souvenir.lexical import normalize
from souvenir.lexical import stopwords as _sw
from souvenir.lexical.text_cache import text_cache

__all__ = ["LANGUAGES", "memory_language", "voted_language"]

LANGUAGES: tuple[str, ...] = ("en", "fr", "ms", "zh")

_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[^\W\d_]+")
_LISTS = {lang: frozenset(getattr(_sw, f"_{lang.upper()}").split()) for lang in ("fr", "en", "ms")}
_SHARED = {w for w in set().union(*_LISTS.values()) if sum(w in s for s in _LISTS.values()) > 1}
_MS_CHAT = frozenset(
    "tu kat nak tak dah ni kena bila berapa apa mana macam guna habis baru dapat sebulan sehari pergi balik".split()
)
_VOTERS = {
    "fr": (_LISTS["fr"] - _SHARED) - {"tu"},
    "en": _LISTS["en"] - _SHARED,
    "ms": (_LISTS["ms"] - _SHARED) | _MS_CHAT,
}
# an accented lower-case word (not a name such as "Hélène") or an elision
_FR_MARKS = re.compile(r"(?<![\w'])[a-zà-ÿ]*[éèêàùâîôûçœë][a-zà-ÿ]*|\b[ldjnmsc]['’]")


@text_cache(200_000)
def memory_language(text: str) -> str:
    """``"zh"``, ``"fr"``, ``"ms"`` or ``"en"`` (the default, also for empty text)."""
    return voted_language(text) or "en"


@text_cache(200_000)
def voted_language(text: str) -> str | None:
    """As :func:`memory_language`, ``None`` where it defaults to English for want of any vote
    ("Berhutang RM20000 kad kredit" holds no stop word of any list): a reader that must know
    the language (``write/forget_across.py``) takes such a text as of any language."""
    norm = normalize(text)
    han = len(_HAN.findall(norm))
    words = _LATIN_WORD.findall(_HAN.sub(" ", norm))
    letters = han + sum(len(w) for w in words)
    if letters and han / letters >= 0.3:
        return "zh"
    votes: Counter[str] = Counter()
    for word in words:
        for lang, voters in _VOTERS.items():
            if word in voters:
                votes[lang] += 1
    votes["fr"] += 2 * len(_FR_MARKS.findall(text))
    best = max(votes.values(), default=0)
    if best == 0:
        return None
    return next(lang for lang in ("en", "fr", "ms") if votes[lang] == best)
