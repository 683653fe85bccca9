"""Nothing read from an erased text stays in the process's lexical caches.

Called by every erasure (a memory and its chain, "forget everything", a user deleted:
:mod:`souvenir.store.erased_texts` and :mod:`souvenir.store.erasure`) with the texts it
erased. The texts' words are read raw, normalised (:func:`~souvenir.lexical.normalize.normalize`),
with their counts in digits (:func:`~souvenir.lexical.spelled.in_digits`) and as content words
(stems), then every entry of every :func:`~souvenir.lexical.text_cache.text_cache` whose key is
made of those words is dropped (:func:`~souvenir.lexical.text_cache.forget_texts`).

An erasure reads the texts it erases (which turns, questions and event details carry them)
through the same caches: it tells each text it empties to :func:`erased` and runs inside
:func:`dropping_readings`, which drops them all once it ended (after the commit)."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from souvenir.lexical.normalize import normalize
from souvenir.lexical.spelled import in_digits
from souvenir.lexical.text_cache import forget_texts
from souvenir.lexical.tokens import content_words

__all__ = ["dropping_readings", "erased", "forget_readings"]


def _normalised(text: str) -> list[str]:
    norm = normalize(text)
    return [norm, in_digits(text), *content_words(norm)]


def forget_readings(texts: Iterable[str | None]) -> int:
    """Drop the lexical caches' readings of ``texts`` (module docstring); the entries dropped.
    Linear in the texts' length plus the entries held (~1 µs an entry)."""
    return forget_texts(texts, (_normalised,))


_local = threading.local()


@contextmanager
def dropping_readings() -> Iterator[None]:
    """Around an erasure (outside its transaction): the texts it empties, told by
    :func:`erased`, have their readings dropped once it ends — after its commit, so the
    erasure's own reads of them (which wording carries what) go too. Nested: the outer one
    drops. Per thread."""
    if getattr(_local, "texts", None) is not None:
        yield
        return
    _local.texts = []
    try:
        yield
    finally:
        texts, _local.texts = _local.texts, None
        forget_readings(texts)


def erased(texts: Iterable[str | None]) -> None:
    """``texts`` were emptied by an erasure: dropped when the surrounding
    :func:`dropping_readings` ends (at once when there is none)."""
    held = getattr(_local, "texts", None)
    if held is None:
        forget_readings(texts)
    else:
        held.extend(t for t in texts if t)
