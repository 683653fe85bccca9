"""Does a memory name a particular thing — a place, a person, a title (pure, no model)?

A list question asks for things of a kind ("Which cities has Jon visited?", "What European
countries has Maria been to?", "Quels livres a-t-elle lus ?", "她去过哪些城市？"), and the
memory that answers often names one of them without the kind's word ("Took a short trip
to Rome", "that trip to England", "my daughter Sara"): the question names the category,
the memory an instance (docs/journal.md, "Session 15, lane recall"). Research
(``ScoringConfig.instance_bonus``, off).

Rules (the ``"Speaker: "`` prefix of a turn left out; the speakers' names never count):

- EN, FR, MS: a word starting with a capital and going on in lower case that does not
  start a sentence (not after ``.!?``, an opening quote or the text's start) and is not a
  word of address or an interjection ("I", "Hey", "Thanks", « Merci », "Terima kasih"…)
  nor a month or a weekday (a date is not a thing asked for).
- ZH: a title in 《》 or 「」, or a Latin-script word with a capital (a place or a name
  written in Latin letters: "我去了Rome").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

__all__ = ["names_a_thing"]

_SKIP = frozenset(
    """i i'm i've i'll i'd hey hi hello oh wow thanks thank ok okay yes yeah yep no sorry please
    dear mr mrs ms dr bonjour salut merci oui non ah bravo coucou terima kasih hai ya tak
    january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday janvier février mars avril mai juin
    juillet août septembre octobre novembre décembre lundi mardi mercredi jeudi vendredi samedi
    dimanche januari februari mac april mei jun julai ogos oktober disember isnin selasa rabu
    khamis jumaat sabtu ahad""".split()
)
_WORD = re.compile(r"(?<![A-Za-zÀ-ÖØ-öø-ÿ0-9'’])([A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ'’-]+)")
_TITLE = re.compile(r"《[^》]+》|「[^」]+」")
_SENTENCE_END = re.compile(r"[.!?…:;\"“«(\[]\s*$")
_PREFIX = re.compile(r"^[^:\n]{1,40}:\s+")


@lru_cache(maxsize=200_000)
def _names(text: str, skip: frozenset[str]) -> bool:
    body = _PREFIX.sub("", text, count=1)
    if _TITLE.search(body):
        return True
    for found in _WORD.finditer(body):
        word = found.group(1)
        folded = word.lower().replace("’", "'")
        if folded in _SKIP or folded in skip or folded.split("'")[0] in skip:
            continue
        before = body[: found.start()]
        if not before.strip() or _SENTENCE_END.search(before):
            continue
        return True
    return False


def names_a_thing(text: str, speakers: Iterable[str] = ()) -> bool:
    """True when ``text`` names a particular thing (see the module's rules), the
    ``speakers``' names left out."""
    return _names(text, frozenset(s.lower() for s in speakers if s))
