"""How much of what users send the lexical caches keep.

The pure lexical readings (normalised text, tokens, content words, keys, fingerprints,
propositions, requests to forget…) are cached by their text, each cache bounded to
:data:`souvenir.lexical.cache_size.TEXT_CACHE` entries (:mod:`souvenir.lexical.text_cache`;
an erased text's entries go at its erasure: :mod:`souvenir.lexical.erased_readings`): the
write path reads the same memories' texts again and again. A message is cached too, and a message may be 16 KB: each
distinct long message kept ~0.45 MB in those caches, so a user sending distinct long
messages grew the process without a practical bound (session 16, lane harden).

Every text a face brings in (a turn's message, reply and question, a query, a memory
written) passes :func:`read_long` first, which counts its characters (one ``len``): once
:data:`CHAR_BUDGET` characters were brought in since the last emptying, the caches are
emptied (they refill from the texts in use). What the faces' texts keep is then at most
about ``CHAR_BUDGET`` × 120–170 bytes (the readings of a character, short texts costing
the most: :mod:`souvenir.lexical.cache_size`), ≈ 90 MB; the texts the write path reads from
the store are bounded by the entries. Session 16 counted only texts over 2,048 characters
(256 of them between emptyings): distinct short messages then filled every cache to its
32,768 entries (~1 GB at 256 characters a text).

The cost of an emptying: the next turn of each user re-reads their memories (2,000 memories:
46 → 310 ms of CPU for that one turn, session 17); at ~300 characters a turn the caches are
emptied about once every 1,700 turns (docs/journal.md, session 17, lane fixes)."""

from __future__ import annotations

import threading

from souvenir.lexical.forget_deixis import says_something
from souvenir.lexical.referents import lead_relative
from souvenir.lexical.spelled import in_digits
from souvenir.lexical.restated import exclusive_value
from souvenir.lexical.restated_amount import _stored as amount_stored
from souvenir.lexical.restated_side import mostly_han
from souvenir.lexical.restated_side import side as restated_side_reading
from souvenir.lexical.carriers import carrier_tokens
from souvenir.lexical.ended_by import objects_ended
from souvenir.lexical.kinds_of import kinds_named, same_thing
from souvenir.lexical.forget_cues import _forget_requests
from souvenir.lexical.keyed import changed_from, user_keys
from souvenir.lexical.normalize import normalize
from souvenir.lexical.proposition import proposition, stems
from souvenir.lexical.tokens import content_words, copula_tense, tokenize, zh_words
from souvenir.write.admission import _not_a_statement
from souvenir.write.dedup import fingerprint
from souvenir.write.filters._clauses import _clauses

__all__ = ["CHAR_BUDGET", "read_long"]

#: Characters of the faces' texts read between two emptyings of the caches (module docstring).
CHAR_BUDGET = 524_288

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
    lead_relative,
    in_digits,
    restated_side_reading,
    exclusive_value,
    amount_stored,
    mostly_han,
    objects_ended,
    says_something,
    kinds_named,
    same_thing,
    _clauses,
)
_lock = threading.Lock()
_read = 0


def read_long(*texts: str | None) -> None:
    """Count the characters of ``texts``; empty the lexical caches every :data:`CHAR_BUDGET`."""
    global _read
    n = sum(len(t) for t in texts if t is not None)
    with _lock:
        _read += n
        if _read < CHAR_BUDGET:
            return
        _read = 0
    for cached in _CACHES:
        cached.cache_clear()
