"""Lexical duplicate score of two memories (seed 000, « Dédoublonner »).

The score is the maximum of three measures on the normalised texts, capped just under
the threshold when the carrier tokens differ::

    def _score(na, ta, nb, tb):
        ca, cb = _jetons_porteurs(na), _jetons_porteurs(nb)
        plafond = 1.0 if ca == cb else SIMILARITY_THRESHOLD - 0.01
        ratio = 0.0
        if min(len(na), len(nb)) >= MIN_RATIO_CHARS:
            ratio = max(SequenceMatcher(None, na, nb).ratio(),
                        SequenceMatcher(None, nb, na).ratio())
        jaccard = len(ta & tb) / len(ta | tb) if ta | tb else 0.0
        brut = max(ratio, jaccard, 1.0 if _verbatim_contained(na, nb, ta, tb) else 0.0)
        return min(brut, plafond)

A second, conditional cap comes from the review of the write path: "Was allergic to
penicillin" replaced "Is allergic to penicillin". The tense of a copula is compared only
when both texts have one and they share no tense (:func:`tenses_conflict`); "Born in
Ipoh" / "Was born in Ipoh" stay one fact.

It must stay lexical and synchronous: the write path cannot wait for an embedding
model. ``best_match`` returns exactly what the naive loop over every stored memory
returns (``naive_best_match`` is that loop, kept as the reference for the tests), but
prunes with bounds that never change the decision:

* different carriers (or conflicting tenses) → score ≤ 0.79 < threshold: skipped with
  one set comparison;
* Jaccard and containment are cheap set / substring operations;
* the difflib ratio (the slow part) is computed only when rapidfuzz's Indel similarity
  — ``2·LCS/(len a + len b)``, an upper bound of difflib's ``2·M/T`` in both
  directions since difflib's matching blocks form a common subsequence — could still
  beat both the threshold and the best score so far.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from souvenir.lexical.cache_size import TEXT_CACHE

from rapidfuzz import process
from rapidfuzz.distance import Indel

from souvenir.lexical.carriers import carrier_tokens
from souvenir.lexical.normalize import normalize
from souvenir.lexical.tokens import content_words, copula_tense, tokenize
from souvenir.lexical.text_cache import text_cache
from souvenir.lexical.told_again import told_again_free

__all__ = [
    "SIMILARITY_THRESHOLD",
    "CARRIER_CAP",
    "MIN_RATIO_CHARS",
    "MIN_CONTAINED_WORDS",
    "Fingerprint",
    "fingerprint",
    "raw_score",
    "score",
    "best_match",
    "naive_best_match",
    "tenses_conflict",
]

SIMILARITY_THRESHOLD = 0.80
"""Duplicate threshold. Seed 000: read on 1,326 pairs (all pairs of 52 real memories):
at 0.80 and above only true variants; the closest pair of distinct facts scored 0.72.
It hugs the true variants rather than the middle of the gap because a missed merge
costs a redite while a wrong merge silently erases a nuance."""

CARRIER_CAP = SIMILARITY_THRESHOLD - 0.01
"""Score ceiling when the carrier tokens differ (seed 000: « plafond »), just under the
threshold: "10 séances à 200 €" vs "3 séances à 50 €" scored 0.963 before it."""

MIN_RATIO_CHARS = 40
"""Shortest normalised text (in code points, on both sides) for which the sequence
ratio is computed. Seed 000 reports that "beyond 40 characters the sequence ratio
took over" from the word measures: the ratio was not computed below 40 characters, and
this value is kept. Below it a one-letter edit is a different fact as often as a
variant ("likes cats" / "likes bats" = 0.90; "has a cat" / "has a car" = 0.89), and
such pairs are left to the content-word Jaccard and to verbatim containment, which see
whole words. The 200 distinct memories of the shared multilingual suite do not move
this value (they are long: no pair reaches the threshold for any value from 0 to 40;
tests/test_dedup.py keeps that true). Chinese is denser (one character ≈ one
syllable), so short Chinese memories are judged by jieba words only — the side of a
redite, never of an erased fact."""

MIN_CONTAINED_WORDS = 2
"""Verbatim containment counts only when the shorter text has at least two content
words (or the two token sequences are equal): a one-word memory ("Végétarien") must
not absorb every longer memory that happens to contain that word."""

_SEP = "\x1f"  # token separator for the containment check (never in normalised text)


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """What the dedup score reads from one text, computed once.

    ``text``: normalised text; ``words``: content words (no stop words, no negators);
    ``carriers``: carrier tokens; ``tokens``: every word token in order; ``tenses``:
    tenses of its copulas (``{"past"}`` for "Was allergic", empty without a copula).
    """

    text: str
    words: frozenset[str]
    carriers: frozenset[str]
    tokens: tuple[str, ...]
    tenses: frozenset[str] = frozenset()
    joined: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Derived once: the token run for containment.
        object.__setattr__(self, "joined", _SEP + _SEP.join(self.tokens) + _SEP)


@text_cache(TEXT_CACHE)
def fingerprint(text: str) -> Fingerprint:
    """Fingerprint of raw ``text`` (normalised here). Cached: stored memories are
    fingerprinted once per process, not once per write."""
    norm = normalize(told_again_free(text))  # "I told you, I'm allergic to nuts": a repeat (lexical/told_again)
    return Fingerprint(norm, content_words(norm), carrier_tokens(norm), tokenize(norm), copula_tense(norm))


def _fp(value: Fingerprint | str) -> Fingerprint:
    return value if isinstance(value, Fingerprint) else fingerprint(value)


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    union = len(a | b)
    return len(a & b) / union if union else 0.0


def _verbatim_contained(a: Fingerprint, b: Fingerprint) -> bool:
    """True when the shorter token sequence is a contiguous run of the longer one.

    Token-boundary aware: "aime le jazz" is inside "aime le jazz et la bossa nova",
    but "a aime b" is not inside "a aime discuter de ses problèmes avec b" (seed 000
    tried word-subset inclusion and removed it: a major fact was absorbed by a minor
    one). Punctuation is ignored because tokens carry none.
    """
    short, long = (a, b) if len(a.tokens) <= len(b.tokens) else (b, a)
    if not short.tokens:
        return False
    if short.tokens == long.tokens:
        return True
    if len(short.words) < MIN_CONTAINED_WORDS:
        return False
    return short.joined in long.joined


def _ratio(a: str, b: str) -> float:
    """difflib ratio in both directions (it is not symmetric: 0.817 vs 0.783 on a real pair)."""
    return max(
        difflib.SequenceMatcher(None, a, b).ratio(),
        difflib.SequenceMatcher(None, b, a).ratio(),
    )


def raw_score(a: Fingerprint | str, b: Fingerprint | str) -> float:
    """Uncapped score in [0, 1]: max(ratio both ways, content-word Jaccard, containment)."""
    fa, fb = _fp(a), _fp(b)
    ratio = 0.0
    if min(len(fa.text), len(fb.text)) >= MIN_RATIO_CHARS:
        ratio = _ratio(fa.text, fb.text)
    contained = 1.0 if _verbatim_contained(fa, fb) else 0.0
    return max(ratio, _jaccard(fa.words, fb.words), contained)


def tenses_conflict(a: Fingerprint, b: Fingerprint) -> bool:
    """True when both texts have a copula and share no tense ("Was allergic" / "Is
    allergic"); a text without a copula never conflicts ("Allergic to penicillin")."""
    return bool(a.tenses) and bool(b.tenses) and a.tenses.isdisjoint(b.tenses)


def score(a: Fingerprint | str, b: Fingerprint | str) -> float:
    """Seed 000's dedup score in [0, 1]; ≥ SIMILARITY_THRESHOLD means duplicate.

    Capped at CARRIER_CAP (0.79) when the carrier sets differ or the tenses conflict.
    """
    fa, fb = _fp(a), _fp(b)
    cap = CARRIER_CAP if fa.carriers != fb.carriers or tenses_conflict(fa, fb) else 1.0
    return min(raw_score(fa, fb), cap)


def _exact_if_above(a: Fingerprint, b: Fingerprint, floor: float) -> float:
    """``raw_score(a, b)`` when it is > ``floor``; otherwise some value ≤ ``floor``."""
    jaccard = _jaccard(a.words, b.words)
    if jaccard >= 1.0 or _verbatim_contained(a, b):
        return 1.0
    la, lb = len(a.text), len(b.text)
    if min(la, lb) < MIN_RATIO_CHARS:
        return jaccard
    need = max(floor, jaccard)
    # Length bound: ratio ≤ 2·min/(la+lb). Indel bound: ratio ≤ 2·LCS/(la+lb).
    if 2.0 * min(la, lb) / (la + lb) + 1e-9 <= need:
        return jaccard
    if Indel.normalized_similarity(a.text, b.text) + 1e-9 <= need:
        return jaccard
    return max(jaccard, _ratio(a.text, b.text))


def _ratio_reachable(fp: Fingerprint, cands: list[tuple[int, Fingerprint]]) -> set[int]:
    """Positions in ``cands`` whose difflib ratio with ``fp`` could reach the threshold.

    Both texts must be at least MIN_RATIO_CHARS long, and rapidfuzz's Indel similarity
    (an upper bound of the ratio, computed for all candidates in one C call) must
    reach the threshold, with a margin for float rounding.
    """
    if len(fp.text) < MIN_RATIO_CHARS:
        return set()
    positions = [i for i, (_, o) in enumerate(cands) if len(o.text) >= MIN_RATIO_CHARS]
    if not positions:
        return set()
    hits = process.extract(
        fp.text,
        [cands[i][1].text for i in positions],
        scorer=Indel.normalized_similarity,
        score_cutoff=SIMILARITY_THRESHOLD - 1e-6,
        limit=None,
    )
    return {positions[index] for _, _, index in hits}


def _prefix(words: frozenset[str]) -> frozenset[str]:
    """Prefix filter of set-similarity joins: any set whose Jaccard with ``words`` is
    ≥ SIMILARITY_THRESHOLD, or that contains ``words``, shares at least one word of
    this prefix. With n words, at most n − ⌈0.8·n⌉ of them may be missing from the
    other set, so any n − ⌈0.8·n⌉ + 1 of them will do; the longest (rarest) are taken.
    """
    n = len(words)
    size = n - math.ceil(SIMILARITY_THRESHOLD * n - 1e-9) + 1
    return frozenset(sorted(words, key=lambda w: (-len(w), w))[:size])


def _scan(
    fp: Fingerprint,
    existing: Iterable[tuple[int, Fingerprint]],
) -> tuple[int, float] | None:
    # different carriers are capped at 0.79 and can never reach the threshold
    carriers = fp.carriers
    cands = [(i, o) for i, o in existing if o.carriers == carriers and not tenses_conflict(fp, o)]
    if not cands:
        return None
    by_ratio = _ratio_reachable(fp, cands)
    words, no_words = fp.words, not fp.words
    prefix = _prefix(words)
    # Acceptance is written exactly as in the naive loop (>= threshold for the first,
    # strictly greater afterwards); the pruning floor sits a hair under the threshold
    # so that a score of exactly 0.80 is always computed, never pruned.
    best_id: int | None = None
    best = -1.0
    for pos, (ident, other) in enumerate(cands):
        if pos not in by_ratio and prefix.isdisjoint(other.words):
            # Jaccard < threshold and ``fp`` is not contained in ``other`` (prefix
            # filter); what remains possible is ``other`` contained in ``fp``, or
            # two texts of stop words only with the same tokens.
            ow = other.words
            if not ((ow and ow <= words) or (no_words and not ow and fp.tokens == other.tokens)):
                continue
        floor = best if best_id is not None else SIMILARITY_THRESHOLD - 1e-9
        value = _exact_if_above(fp, other, floor)
        if (value > best) if best_id is not None else (value >= SIMILARITY_THRESHOLD):
            best_id, best = ident, value
    return None if best_id is None else (best_id, best)


def best_match(fp: Fingerprint, existing: Sequence[tuple[int, Fingerprint]]) -> tuple[int, float] | None:
    """The stored memory ``fp`` duplicates: ``(id, score)`` of the highest score
    ≥ SIMILARITY_THRESHOLD (the first one in ``existing`` order on a tie), or ``None``.

    Same answer as :func:`naive_best_match`. Measured against 3,000 memories (tests/
    test_dedup.py, idle machine): median ≈ 0.3 ms on a realistic mix, ≈ 2 ms when no
    memory has any carrier and all share four sentence templates.
    """
    return _scan(fp, existing)


def naive_best_match(fp: Fingerprint, existing: Sequence[tuple[int, Fingerprint]]) -> tuple[int, float] | None:
    """Reference: the seed formula applied to every pair, no pruning."""
    best: tuple[int, float] | None = None
    for ident, other in existing:
        value = score(fp, other)
        if value >= SIMILARITY_THRESHOLD and (best is None or value > best[1]):
            best = (ident, value)
    return best
