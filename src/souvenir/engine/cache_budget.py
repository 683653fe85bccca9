"""How much of what users send the lexical caches keep.

The pure lexical readings (normalised text, tokens, content words, keys, fingerprints,
propositions, requests to forget…) are cached by their text, 32,768 entries each: the read
path reads the same memories' texts again and again. A message is cached too, and a message
may be 16 KB: each distinct long message kept ~0.45 MB in those caches, so a user sending
distinct long messages grew the process without a practical bound (32,768 of them: ~14 GB).

Every text a face brings in (a turn's message and reply, a query, a memory written) passes
:func:`read_long` first: after :data:`LONG_TEXTS` texts over :data:`LONG_CHARS` characters the
caches are emptied (they refill from the texts in use; a short text costs nothing here). What
long texts keep is then at most about ``LONG_TEXTS`` × 0.45 MB. Texts of a middle length were
not counted: a distinct 2,000-character message keeps ~77 KB in the caches, so a user sending
them grew the process towards 32,768 × 77 KB (~2.5 GB; docs/security.md, "A long message is
not kept in memory"). The caches are also emptied after :data:`BUDGET_CHARS` characters of
texts over :data:`COUNTED_CHARS` (~39 bytes kept a character: ~40 MB). The caches of texts of
at most :data:`COUNTED_CHARS` stay bounded by their sizes."""

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

__all__ = ["BUDGET_CHARS", "COUNTED_CHARS", "LONG_CHARS", "LONG_TEXTS", "read_long"]

#: A text longer than this (characters) counts as long.
LONG_CHARS = 2048
#: Long texts read between two emptyings of the caches.
LONG_TEXTS = 256
#: A text longer than this (characters) counts towards :data:`BUDGET_CHARS`: a message of a
#: few sentences (most chat messages are shorter: they cost nothing here).
COUNTED_CHARS = 256
#: Characters of counted texts read between two emptyings of the caches (1 Mi: the order of
#: what ``LONG_TEXTS`` long texts of 4 KB hold).
BUDGET_CHARS = 1_048_576

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
_chars = 0


def read_long(*texts: str | None) -> None:
    """Count the long ones among ``texts`` and the characters of those over
    :data:`COUNTED_CHARS`; empty the lexical caches every :data:`LONG_TEXTS` long texts or
    :data:`BUDGET_CHARS` counted characters, whichever comes first."""
    global _long, _chars
    counted = [len(t) for t in texts if t is not None and len(t) > COUNTED_CHARS]
    if not counted:
        return
    with _lock:
        _long += sum(1 for n in counted if n > LONG_CHARS)
        _chars += sum(counted)
        if _long < LONG_TEXTS and _chars < BUDGET_CHARS:
            return
        _long = _chars = 0
    for cached in _CACHES:
        cached.cache_clear()
