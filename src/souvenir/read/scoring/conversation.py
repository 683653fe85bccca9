"""The conversation as the query (issue #28): what the last message refers back to, and
how the user sounds — pure lexical readings of the turns, in English, French, Chinese and
Malay.

- :func:`refers_back`: the message points at something said before without naming it
  ("I really want it", "she called again", « il a encore fait ça », 那件事怎么样了,
  "yang tu dah settle ke"): a pronoun, a demonstrative or a "the same / again" word.
- :func:`context_weights`: the earlier turns of the window as (text, weight), the turn
  just before the message weighing ``weight``, each older one ``decay`` times less.
- :func:`sounds_low` / :func:`sounds_good`: the message sounds low ("I'm so stressed",
  « je suis épuisée », 心情不好, "saya sedih"); a memory sounds good ("we had a great
  time", « j'étais si fière », 特别开心, "seronok sangat").

Nothing here does I/O. Texts are read up to :data:`MAX_CHARS` characters each (the
expressions have no nested repetition: linear time).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from souvenir.lexical import nfkc_casefold
from souvenir.read.scoring.memory_language import memory_language

__all__ = ["MAX_CHARS", "context_weights", "refers_back", "sounds_good", "sounds_low"]

#: Characters of a text read (a turn longer than this is read by its start).
MAX_CHARS = 4096

#: Words that point back, per language (Latin script, word-bounded): pronouns,
#: demonstratives, "the same", "again". The message's language
#: (:func:`~souvenir.read.scoring.memory_language.memory_language`) picks the list: "tu" is
#: "you" in French and "that" in colloquial Malay.
_BACK = {
    "en": re.compile(
        r"\b(?:it|its|that|this|those|these|them|they|there|he|she|him|her|his|the same|same one|again)\b"
    ),
    "fr": re.compile(
        r"\b(?:ça|ca|cela|ceci|celui|celle|ceux|celles|là-bas|le même|la même|encore|il|elle|ils|elles|lui|leur|y)\b"
    ),
    "ms": re.compile(r"\b(?:itu|ini|tu|sana|situ|dia|mereka|yang sama|lagi)\b|\b\w{3,}nya\b"),
    "zh": re.compile(r"那个|这个|那件|这件|那些|这些|那里|那边|那儿|这事|那事|它|他|她|又|还是那|同一"),
}
#: The message sounds low (en, fr, zh, ms).
_LOW = re.compile(
    r"\b(?:sad|depressed|lonely|stressed|stressful|anxious|worried|worry|upset|tired|exhausted|rough|tough|"
    r"struggling|overwhelmed|heartbroken|miserable|awful|terrible|gloomy|crying|cried|"
    r"(?:feel|feeling|felt|i'm|i am) (?:so |really |a bit )?(?:down|low|blue)|"
    r"triste|déprimée?|(?:me sens|suis) (?:si |très |tellement )?seule?|stressée?|angoissée?|inquiète?|inquiet|épuisée?|fatiguée?|découragée?|"
    r"le moral|cafard|mal en point|pas bien|"
    r"sedih|penat|letih|stres|tertekan|risau|bimbang|sunyi|kecewa|susah hati|murung|menangis|tak larat)\b"
    r"|难过|伤心|压力|焦虑|担心|孤独|郁闷|不开心|沮丧|好累|很累|心情不好|烦|失落|想哭|崩溃|糟糕"
)
#: The memory sounds good (en, fr, zh, ms).
_GOOD = re.compile(
    r"\b(?:happy|happiest|proud|excited|amazing|awesome|wonderful|fantastic|great time|blast|fun|joy|grateful|"
    r"thrilled|beautiful|loved|enjoyed|favourite|favorite|best day|laughed|celebrated|won|"
    r"heureuse?|heureux|fière?|fier|génial|super|magnifique|ravie?|joie|contente?|content|adoré|meilleur|"
    r"meilleure|préférée?|a gagné|fêté|ri|"
    r"gembira|seronok|bahagia|bangga|hebat|syukur|gembiranya|kegemaran|terbaik|menang|ketawa|suka)\b"
    r"|开心|快乐|高兴|幸福|骄傲|太棒|很棒|享受|难忘|最喜欢|最爱|美好|笑|赢|庆祝"
)


def _read(text: str) -> str:
    return nfkc_casefold(text[:MAX_CHARS])


def refers_back(message: str) -> bool:
    """``message`` points at something named before it (a pronoun, a demonstrative, "the
    same", "again", in the four languages): the thing is in the earlier turns."""
    folded = _read(message)
    return bool(_BACK[memory_language(folded)].search(folded))


def sounds_low(message: str) -> bool:
    """The message says the user feels low (sad, stressed, tired, lonely…)."""
    return bool(_LOW.search(_read(message)))


def sounds_good(text: str) -> bool:
    """The text tells of something good (happy, proud, a favourite, a great time…)."""
    return bool(_GOOD.search(_read(text)))


def context_weights(turns: Sequence[str], count: int, weight: float, decay: float) -> list[tuple[str, float]]:
    """The last ``count`` of ``turns`` (oldest first; the message itself not among them)
    as (text, weight): the newest ``weight``, each older one × ``decay`` (0 < decay ≤ 1).
    Empty texts are skipped; nothing when ``count`` or ``weight`` is 0."""
    if count <= 0 or weight <= 0:
        return []
    out: list[tuple[str, float]] = []
    for age, text in enumerate(reversed([t for t in turns if isinstance(t, str) and t.strip()][-count:])):
        out.append((text[:MAX_CHARS], weight * decay**age))
    return out[::-1]
