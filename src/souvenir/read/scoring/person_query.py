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

:func:`without_people` (issue #28, session 22, in the engine: ``ScoringConfig.pair_query``):
a question naming *two or more* of the user's speakers is embedded without their names. In
a conversation between two people every memory is one of theirs, and the turns that
address the other by name ("Thanks, Gina!", « Merci Jon ! ») hold both names, so the
names pull those vocatives above the turns about the question's topic; the speaker terms
read no one there (two names). "What do Jon and Gina both have in common?" → "What do both
have in common?"; « Qu'est-ce que Jon et Gina ont en commun ? » → « Qu'est-ce que ont en
commun ? »; "Jon 和 Gina 都喜欢什么？" → "都喜欢什么？"; "Apa yang Jon dan Gina suka?" →
"Apa yang suka?" — the pair's conjunction (and, &, or, et, ou, dan, atau, 和, 与, 跟, 及)
goes with the names, a possessive reads "their".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from souvenir.lexical.text_cache import text_cache
from souvenir.read.scoring.fusion import holds_name, named_speaker
from souvenir.read.scoring.name_forms import short_forms

__all__ = ["named_people", "without_people", "without_person"]

_SPACES = re.compile(r"\s+")
_BEFORE_PUNCT = re.compile(r"\s+([?？!！,，.。;；:：])")
#: Where two removed names stood, joined ("Jon and Gina", « Jon et Gina », Jon和Gina, "Jon dan Gina").
_MARK = "\x00"
_PAIR = re.compile(
    _MARK + r"(s?)\s*(?:,\s*)?(?:and|&|or|et|ou|dan|atau|和|与|跟|及)\s*" + _MARK + r"(s?)", re.IGNORECASE
)


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


def named_people(message: str, speakers: Sequence[str | None], short: bool = False) -> list[str]:
    """The distinct speakers of ``speakers`` whose names ``message`` holds as words
    (:func:`~souvenir.read.scoring.fusion.holds_name`), sorted. ``short``: or a short
    form or slip of their name (:func:`~souvenir.read.scoring.name_forms.short_forms`)."""
    return sorted(_spoken(message, speakers, short))


def _spoken(message: str, speakers: Sequence[str | None], short: bool) -> dict[str, list[str]]:
    """Speaker name → the forms ``message`` writes it in (the name, a short form)."""
    distinct = sorted({s for s in speakers if s})
    out = {n: [n] for n in distinct if holds_name(message, n)}
    if short:
        for name, form in short_forms(message, distinct).items():
            out.setdefault(name, []).append(form)
    return out


def without_people(message: str, speakers: Sequence[str | None], short: bool = False) -> str:
    """``message`` without the names of the speakers it names when it names two or more
    (the module's rules: a joined pair folds with its conjunction, a possessive reads
    "their"); ``message`` itself when it names fewer or nothing would be left. ``short``:
    a short form or slip of a name names its speaker too, and leaves with it ("Mel and
    Caroline" → "")."""
    named = _spoken(message, speakers, short)
    if len(named) < 2:
        return message
    text = message
    forms = sorted({f for fs in named.values() for f in fs}, key=len, reverse=True)  # "Jo" after "Joanna"
    for name in forms:
        text = _pattern(name).sub(lambda m: _MARK + ("s" if m.group(0).lower().endswith(("'s", "’s")) else ""), text)
    text = _PAIR.sub(lambda m: _MARK + (m.group(2) or m.group(1)), text)
    text = text.replace(_MARK + "s", " their ").replace(_MARK, " ")
    text = _BEFORE_PUNCT.sub(r"\1", _SPACES.sub(" ", text)).strip()
    return text if any(ch.isalnum() for ch in text) else message
