"""Story-level rules of seed 000, pure: positions with the self-citation guard, and anchors.

**Positions.** The character's stance on a topic, with the sentence that justifies it. A
justification that reuses :data:`SELF_CITATION_CHARS` or more characters of the position it
claims to support does not re-anchor it (its update date is not refreshed): seed 000 read 30
on 21 real justifications — the self-citation reused 53 characters, the closest legitimate
one 13 — after a loop where a stored stance dictated a reply that then "proved" the stance.

**Anchors.** Identified facts held by code above the story summary. The summary is still
rewritten whole by each reflection (seed 000 measured anchors alone keeping 1 key fact in 4
against 3 in 4 for the full summary); the model may add anchors, and remove one only by
giving a reason: a removal without a reason is refused and counted.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from difflib import SequenceMatcher

#: Seed 000: self-citation reused 53 characters, the closest legitimate justification 13.
SELF_CITATION_CHARS = 30


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def reused_chars(stance: str, justification: str) -> int:
    """Length of the longest run of characters the justification shares with the stance
    (after NFKC, case-folding and collapsing white space)."""
    a, b = _norm(stance), _norm(justification)
    if not a or not b:
        return 0
    match = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return match.size


@dataclass(frozen=True, slots=True)
class PositionUpdate:
    """What to do with a proposed position on a topic already held: ``action`` is ``insert``
    (new topic), ``update`` (new stance or a legitimate justification: refresh the date) or
    ``keep`` (self-citation: nothing refreshed); ``reused`` is the overlap measured."""

    action: str
    reused: int


def decide_position(
    existing_stance: str | None, stance: str, justification: str, threshold: int = SELF_CITATION_CHARS
) -> PositionUpdate:
    """The self-citation guard. A justification is checked against the stance it supports
    (the stored one, and the proposed one when it is new)."""
    if existing_stance is None:
        return PositionUpdate("insert", reused_chars(stance, justification))
    reused = max(reused_chars(existing_stance, justification), reused_chars(stance, justification))
    return PositionUpdate("keep" if reused >= threshold else "update", reused)
