"""A question about one person without the person's name (pure, no model): the text the
embedders would read for it.

"What activities does Melanie partake in?" → "What activities does partake in?": the
person is matched by the speaker terms of the score (their own memories gain, the other
speaker's lose: :func:`souvenir.read.scoring.fusion.named_speaker`), and the name left in
the query vectors pulls the turns that carry or mention it rather than the ones about the
question's topic. Research, issue #28 (docs/journal.md, "List questions about one person"):
``bench/list_cv.py`` embeds LoCoMo's questions so and measures it; in-sample it gains, held
out it does not hold (the engine does not call it). BM25, breadth, period and speaker rules
would still read the message as written.

Rules: the name (as :func:`named_speaker` found it, case-insensitive) is taken out where it
stands as a word — not inside a longer Latin word ("Melanie" in "Melanies" stays) — in
every language: EN "What books has Melanie read?" → "What books has read?", "Melanie's
kids" → "their kids"; FR "Quels livres Mélanie a-t-elle lus ?" → "Quels livres a-t-elle
lus ?"; ZH "Melanie 读过哪些书？" → "读过哪些书？" (a Chinese name is matched as written,
with no word boundary); MS "Apa aktiviti yang Melanie suka?" → "Apa aktiviti yang suka?".
A message that is the name alone is left as it is (an empty query embeds nothing useful).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from souvenir.lexical.text_cache import text_cache
from souvenir.read.scoring.fusion import named_speaker

__all__ = ["without_person"]

_SPACES = re.compile(r"\s+")
_BEFORE_PUNCT = re.compile(r"\s+([?？!！,，.。;；:：])")


@text_cache(4096)
def _pattern(name: str) -> re.Pattern[str]:
    # A Latin name is a word (no letter or digit of the Latin script around it); a CJK
    # name stands as written (Chinese has no spaces between words).
    edge = r"(?<![A-Za-z0-9À-ɏ])", r"(?![A-Za-z0-9À-ɏ])"
    return re.compile(edge[0] + re.escape(name) + r"(?:['’]s)?" + edge[1], re.IGNORECASE)


def without_person(message: str, speakers: Sequence[str | None]) -> str:
    """``message`` without the name of the one speaker of ``speakers`` it names
    (:func:`~souvenir.read.scoring.fusion.named_speaker`), an English possessive ("'s")
    read as "their"; ``message`` itself when it names none, several, or nothing would be
    left. Spaces are folded and no space is left before punctuation."""
    name = named_speaker(message, speakers)
    if name is None:
        return message

    def replace(found: re.Match[str]) -> str:
        return " their " if found.group(0).lower().endswith(("'s", "’s")) else " "

    text = _pattern(name).sub(replace, message)
    text = _BEFORE_PUNCT.sub(r"\1", _SPACES.sub(" ", text)).strip()
    return text if any(ch.isalnum() for ch in text) else message
