"""The middle value of a return said in the same frame as the value returned to (pure; issue #26,
session 20): "Fait ses courses chez Carrefour" → "Fait ses courses chez Lidl pour économiser" →
"Est revenue à Carrefour pour les courses"; "Banks with HSBC" → "Banks with Monzo now" → "Back
with HSBC"; 家里宽带用的电信 → 宽带用的移动 → 宽带又换回电信了; "Isi minyak di Petron" → "Isi minyak
di Shell" → "Dah balik isi minyak di Petron".

``back_over.return_over`` retires a middle memory that opens on a verb of moving away ("Switched
to…", 换成了…). A middle told as a plain statement of another value has no such verb; it is the
same attribute when it says every word of the older memory's frame — the older memory's content
words but the place the return names and numbers — and not that place. The frame must have two
words, or one when the return also names the middle's own value, as the reason it went back
("…, le Lidl était trop loin"): "Works at Renault" → "Works Saturdays at the market" → "Back at
Renault" keeps the market (two jobs can be held).

Shape::

    other_value("Fait ses courses chez Carrefour", "Fait ses courses chez Lidl", "carrefour",
                "Est revenue à Carrefour, le Lidl était trop loin")                           -> True
    other_value("Works at Renault", "Works Saturdays at the market", "renault", "Back at Renault") -> False
"""

from __future__ import annotations

from souvenir.lexical.proposition import stems
from souvenir.write.dedup import fingerprint

__all__ = ["other_value"]

_MIN_FRAME = 2


def other_value(base: str, middle: str, place: str, text: str) -> bool:
    """Whether ``middle`` says ``base``'s frame with a value other than ``place`` (the casefolded
    word or two Han characters the return ``text`` names; module docstring)."""
    if not place or place in middle.casefold():
        return False
    base_words = stems(fingerprint(base).words)
    frame = {word for word in base_words if place not in word and word not in place and not word.isdigit()}
    middle_words = stems(fingerprint(middle).words)
    if not frame or not frame <= middle_words:
        return False
    return len(frame) >= _MIN_FRAME or bool((middle_words - base_words) & stems(fingerprint(text).words))
