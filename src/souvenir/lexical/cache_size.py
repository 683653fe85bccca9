"""How many texts each lexical cache keeps (:func:`~souvenir.lexical.text_cache.text_cache` entries).

The pure readings of a text (normalised text, tokens, content words, carriers, keys,
propositions, stems, fingerprints) are cached by the text. Each cache holds
:data:`TEXT_CACHE` entries: the first read goes first (an erased text's go at its erasure). What one text costs in
all of them together (tracemalloc, session 17, lane fixes): ~11 KB at 64 characters, ~30 KB
at 256, ~83 KB at 1,024, ~135 KB at 2,048 — so the caches hold at most about
``TEXT_CACHE`` × that (8,192 × 30 KB ≈ 250 MB when every text is 256 characters; 32,768
entries, the size before, was ~1 GB). Long texts brought in by the faces are bounded apart,
by characters (:mod:`souvenir.engine.cache_budget`).

Where the size comes from: the write path compares a turn with every memory of its user
through these readings, so a user's memories should fit (≈ 2 entries a memory in the
token caches); the A/B in docs/journal.md (session 17, lane fixes) measured the turn's CPU
at 2,000 and 4,000 memories with 32,768 and 8,192 entries.
"""

from __future__ import annotations

__all__ = ["TEXT_CACHE"]

#: Entries of each lexical text cache (module docstring).
TEXT_CACHE = 8192
