"""Erasure: which stored texts carry a forgotten memory (pure, no I/O).

Forgetting a memory is an explicit act of the user: its text, its past wordings and every
text that repeats it must go, and only a textless tombstone stays (its id, kind, dates and
counters, for counts). The store applies it (:mod:`souvenir.store.erasure`); this module
decides what carries the memory (lexical, so the store may ask it).

A text *carries* one of the memory's wordings when, after the comparison normalisation
(:func:`souvenir.lexical.normalize`, grounded dates "(2025-06-03)" left out), it contains
the wording, or it contains every content word of it. The two errors do not cost the same
here either, but the other way round from the write path: a trace kept against the user's
will is worse than a sentence of a summary lost with it, so word inclusion (which seed 000
rejected for merging: "A aime B" is inside "A aime discuter de ses problèmes avec B") is
exactly what erasure wants. A paraphrase in other words or another language is not seen:
that is why the user summary, written by a model, is cleared whole rather than checked. A
recorded question whose selection served the memory goes when it shares one content word
with it (:func:`mentions`): it asked about what was forgotten.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from souvenir.lexical.normalize import normalize
from souvenir.lexical.tokens import content_words

__all__ = ["carries", "drop_sentences", "mentions", "quotes_start", "starts_key", "wordings_key"]

#: A quote cut short keeps at least this many characters of the text: the cut quotes of a
#: decision's event (80 for "which one?"'s candidates, 200 for a write's texts) hold them.
START_CHARS = 60

#: The ISO values :func:`souvenir.lexical.ground_dates` adds next to a relative date.
_GROUNDED = re.compile(r"\s*[(（]\s*\d{4}(?:-[wW]?\d{2}){0,2}\s*[)）]")
_SENTENCE = re.compile(r"(?<=[.!?;。！？；])\s*")


def _form(text: str) -> str:
    return normalize(_GROUNDED.sub("", text))


def wordings_key(wordings: Iterable[str]) -> list[tuple[str, frozenset[str]]]:
    """Each non-blank wording as (normalised text, content words), for :func:`carries`."""
    out = []
    for wording in wordings:
        form = _form(wording)
        if form:
            out.append((form, content_words(form)))
    return out


def carries(text: str | None, wordings: list[tuple[str, frozenset[str]]]) -> bool:
    """True when ``text`` holds one of the ``wordings`` (from :func:`wordings_key`) whole or
    all of its content words (module docstring)."""
    if not text or not wordings:
        return False
    form = _form(text)
    words: frozenset[str] | None = None
    for wording, needed in wordings:
        if wording in form:
            return True
        if needed:
            words = content_words(form) if words is None else words
            if needed <= words:
                return True
    return False


def starts_key(wordings: Iterable[str]) -> list[str]:
    """The normalised first :data:`START_CHARS` characters of each wording longer than
    that, for :func:`quotes_start`."""
    return [form[:START_CHARS] for w in wordings if len(form := _form(w)) > START_CHARS]


def quotes_start(text: str | None, starts: list[str]) -> bool:
    """True when ``text`` holds the start of a long wording (from :func:`starts_key`): an
    event's detail quoting it cut short ("…") carries neither the wording whole nor all its
    content words, yet it keeps the text the user asked to forget."""
    if not text or not starts:
        return False
    form = _form(text)
    return any(start in form for start in starts)


def mentions(text: str | None, wordings: list[tuple[str, frozenset[str]]]) -> bool:
    """True when ``text`` shares a content word with one of the ``wordings``: looser than
    :func:`carries`, for a text known to have been about the memory (the question a
    selection that served it answered: "How is Aisha doing with the leukemia treatment?"
    for "Aisha has leukemia, chemo starts Monday")."""
    if not text or not wordings:
        return False
    words = content_words(_form(text))
    return any(needed & words for _, needed in wordings)


def drop_sentences(text: str, wordings: list[tuple[str, frozenset[str]]]) -> str:
    """``text`` without the sentences that carry a wording (the rest kept as written)."""
    parts = [p for p in _SENTENCE.split(text) if p.strip()]
    kept = [p for p in parts if not carries(p, wordings)]
    return " ".join(kept) if len(kept) != len(parts) else text
