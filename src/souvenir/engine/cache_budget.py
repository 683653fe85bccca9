"""How much of what users send the lexical caches keep.

The pure lexical readings (normalised text, tokens, content words, keys, fingerprints,
propositions, requests to forget…) are cached by their text, 32,768 entries each: the read
path reads the same memories' texts again and again. A message is cached too, and a message
may be 16 KB: each distinct long message kept ~0.45 MB in those caches, so a user sending
distinct long messages grew the process without a practical bound (32,768 of them: ~14 GB).

Every text a face brings in (a turn's message and reply, a query, a memory written) passes
:func:`read_long` first: after :data:`LONG_TEXTS` texts over :data:`LONG_CHARS` characters the
caches are emptied (they refill from the texts in use; a short text costs nothing here). What
long texts keep is then at most about ``LONG_TEXTS`` × 0.45 MB. The caches of short texts stay
bounded by their sizes."""

from __future__ import annotations

import threading

from souvenir.lexical.carriers import carrier_tokens
from souvenir.lexical.forget_cues import _forget_requests
from souvenir.lexical.keyed import changed_from, user_keys
from souvenir.lexical.normalize import normalize
from souvenir.lexical.proposition import proposition, stems
from souvenir.lexical.tokens import content_words, copula_tense, tokenize, zh_words
from souvenir.write.admission import _not_a_statement
from souvenir.write.dedup import fingerprint

__all__ = ["LONG_CHARS", "LONG_TEXTS", "read_long"]

#: A text longer than this (characters) counts as long.
LONG_CHARS = 2048
#: Long texts read between two emptyings of the caches.
LONG_TEXTS = 256

_CACHES = (
    normalize,
    zh_words,
    tokenize,
    content_words,
    copula_tense,
    carrier_tokens,
    user_keys,
    changed_from,
    proposition,
    stems,
    fingerprint,
    _not_a_statement,
    _forget_requests,
)
_lock = threading.Lock()
_long = 0


def read_long(*texts: str | None) -> None:
    """Count the long ones among ``texts``; empty the lexical caches every :data:`LONG_TEXTS`."""
    global _long
    n = sum(1 for t in texts if t is not None and len(t) > LONG_CHARS)
    if not n:
        return
    with _lock:
        _long += n
        if _long < LONG_TEXTS:
            return
        _long = 0
    for cached in _CACHES:
        cached.cache_clear()
