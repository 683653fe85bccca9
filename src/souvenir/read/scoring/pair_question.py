"""The speaker a question about two people asks about (pure, no model).

"What does Melanie think about Caroline's decision to adopt?", "Qu'a dit Jon des progrès de
Gina ?", "Nate为Joanna做了什么？", "Apa yang Tim cadangkan kepada John?": a question naming
two speakers is most often about what the first one said or did — English, French, Chinese
and Malay put the subject before the verb, and the other person comes after it as the
object, the addressee or the owner ("to Joanna", « de Gina », "为Joanna", "kepada John").
Two names joined as one subject ("Jon and Gina both…", « Jon et Gina », "Jon和Gina", "Jon dan
Gina") ask about both, and name no subject.

:func:`subject_speaker` gives that first speaker (``ScoringConfig.first_speaker_bonus``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from souvenir.read.scoring.fusion import name_at

__all__ = ["subject_speaker"]

#: What joins two names into one subject: en "and" / "or" / "&", fr « et » / « ou », zh
#: 和 / 与 / 跟 / 同 / 及 / 或, ms "dan" / "atau", or a comma (a list).
_JOINED = re.compile(r"(?:and|or|&|et|ou|和|与|跟|同|及|或|dan|atau|,|、)")


def subject_speaker(message: str, speakers: Sequence[str | None]) -> str | None:
    """The speaker named first in ``message`` when it names two or more of ``speakers``
    (:func:`~souvenir.read.scoring.fusion.holds_name`'s rule) and the first two are not
    joined as one subject; ``None`` otherwise (one name or none: the named speaker's own
    terms apply)."""
    found = sorted({s for s in speakers if s})
    if len(found) < 2:
        return None
    at = sorted((pos, name) for name in found if (pos := name_at(message, name)) >= 0)
    if len(at) < 2:
        return None
    (first_at, first), (second_at, _) = at[0], at[1]
    between = message.lower()[first_at + len(first) : second_at]
    if _JOINED.fullmatch(re.sub(r"\s+", "", between)):
        return None
    return first
