"""One speaker's appraisal of the other (pure, no model).

"What personality traits might Melanie say Caroline has?", « Que pense Mélanie de
Caroline ? », "梅兰妮觉得卡罗琳是个什么样的人？", "Menurut Melanie, Caroline orangnya
bagaimana?": the question names both speakers, and its evidence is the first one's turns
that tell the other what they are ("you're so thoughtful!", "Your drive to help is
awesome!") — seldom a word of the question (LoCoMo's open-domain "both" misses rank
106–270: docs/journal.md, "Session 23, lane recall9"). Two readers, English, French,
Chinese and Malay:

- :func:`appraiser`: for a message naming two of ``speakers``, the one whose view it asks
  — the name just before a verb of saying or thinking ("Melanie say", « Mélanie
  pense », 梅兰妮觉得, "Melanie fikir") or just after "according to" / « selon » /
  « d'après » / « que pense » / 在…看来 / "menurut"; ``None`` otherwise.
- :func:`appraises_you`: the text tells its listener what they are — "you're so / such /
  really …", "you are a …", "your … is / are …", "you've always been", « tu es / t'es /
  vous êtes (si, tellement, vraiment, trop, un·e) », « ton / ta … est », 你真 / 你很 / 你太 /
  你一直 / 你是个, "awak / kamu / anda (sangat, memang, seorang, sungguh)".

:func:`appraisal_flags`: per memory, the appraiser's own turns that :func:`appraises_you`
— the ``appraisal`` part of :func:`~souvenir.read.scoring.fusion.fuse`
(``ScoringConfig.appraisal_bonus``; 0 = off). Texts are read up to 4,096 characters; one
regular-expression pass each (linear time).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from souvenir.lexical import nfkc_casefold
from souvenir.lexical.text_cache import text_cache
from souvenir.read.scoring.levers import ScoringConfig

__all__ = ["appraisal_flags", "appraiser", "appraises_you"]

#: A verb of saying or thinking right after the appraiser's name (up to two words between).
_AFTER = re.compile(
    r"^(?:\s+\w+){0,2}?\s+(?:say|says|said|think|thinks|thought|describe|describes|see|sees|view|views|"
    r"call|calls|consider|considers|pense|penserait|trouve|trouverait|dirait|dit|décrirait|voit|"
    r"fikir|rasa|kata|anggap|gambarkan)\b"
    r"|^\s*(?:会)?(?:觉得|认为|说|形容|怎么看|眼中|心目中)"
)
#: A phrase right before the appraiser's name.
_BEFORE = re.compile(
    r"(?:according to|in the eyes of|que pense|selon|d'après|aux yeux de|menurut|pada pandangan|在|依)\s*$"
)
_HAN = re.compile(r"[\u3400-\u9fff]")
_YOU = re.compile(
    r"\byou(?:'re| are)\s+(?:so|such|really|truly|very|always|a|an|the most|amazing|awesome|incredible|"
    r"brave|strong|kind|thoughtful|inspiring)\b"
    r"|\byour\s+\w+(?:\s+\w+){0,2}\s+(?:is|are)\s+(?:so\s+|really\s+|truly\s+)?\w+"
    r"|\byou(?:'ve| have) always been\b|\byou really\s+(?:care|are|have)\b"
    r"|\b(?:tu es|t'es|vous êtes)\s+(?:si|tellement|vraiment|trop|une?|super|tr[eè]s)\b"
    r"|\b(?:ton|ta|votre)\s+\w+\s+est\s+\w+"
    r"|你(?:真|很|太|好|一直|总是|是个|是一个|实在)"
    r"|\b(?:awak|kamu|anda|engkau)\s+(?:sangat|memang|begitu|seorang|sungguh|benar-benar|amat)\b"
)


def appraiser(message: str, speakers: Sequence[str]) -> str | None:
    """The speaker of ``speakers`` whose view of the other ``message`` asks (see the
    module's rules); ``None`` unless the message names exactly two of them and one reads so."""
    text = nfkc_casefold(message[:4096]).replace("’", "'")
    found = []
    for name in {s for s in speakers if s}:
        folded = nfkc_casefold(name)
        pattern = re.escape(folded) if _HAN.search(folded) else r"(?<!\w)" + re.escape(folded) + r"(?!\w)"
        for m in re.finditer(pattern, text):
            found.append((m.start(), m.end(), name))
    if len({n for _, _, n in found}) != 2:
        return None
    for start, end, name in sorted(found):
        if _AFTER.search(text[end : end + 40]) or _BEFORE.search(text[max(0, start - 24) : start]):
            return name
    return None


@text_cache(200_000)
def appraises_you(text: str) -> bool:
    """True when ``text`` tells its listener what they are (see the module's rules)."""
    return bool(_YOU.search(nfkc_casefold(text[:4096]).replace("’", "'")))


def appraisal_flags(
    config: ScoringConfig,
    message: str,
    names: Sequence[str],
    speakers: np.ndarray,
    texts: Callable[[], list[str]],
) -> np.ndarray | None:
    """Per memory (bool, candidates' order): the :func:`appraiser`'s own turn that
    :func:`appraises_you`. ``names``: the user's speakers; ``speakers``: per memory;
    ``texts()``: the memories' texts. ``None`` (the term absent) when
    ``config.appraisal_bonus`` is 0 or the message asks no one's view of the other."""
    if not config.appraisal_bonus:
        return None
    who = appraiser(message, names)
    if who is None:
        return None
    rows = np.flatnonzero(speakers == who)
    listed = texts()
    flags = np.zeros(len(speakers), dtype=bool)
    flags[rows] = np.fromiter((appraises_you(listed[i]) for i in rows.tolist()), dtype=bool, count=rows.size)
    return flags
