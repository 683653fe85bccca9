"""A date said again with a correction mark replaces the wrong one (pure; issue #26, round 26).

"I got my birthday wrong earlier, it's actually March 13", « Je me suis trompé pour mon anniversaire,
c'est le 13 mars », 之前生日说错了，其实是4月21日, "Silap tadi, hari jadi saya sebenarnya 13 Mac": the
user says the date they gave was a mistake without naming the wrong value (round 16's
``names_wrong_value`` reads « pas le 3 mars » / 不是3月3日). :func:`corrects_date` is True when ``new``
holds a correction mark (wrong, mistake, my bad, mixed up, misspoke, I meant; trompé, erreur, je
voulais dire; 说错, 记错, 写错, 搞错, 弄错, 口误, 更正; silap, tersilap, salah, tersalah, maksud saya) and
a date, ``old`` another date, and the thing dated is the same: the words of ``old`` beside its date
(birthday, anniversaire, 生日, hari jadi) are in ``new``, or ``new`` names a part of them and nothing else
("the anniversary" for "Wedding anniversary"; Chinese: the head's characters). Read by
:func:`souvenir.lexical.restated.names_wrong_value`; a relative's date (我妹妹的生日) is kept apart
by ``admission.same_relative``.
"""

from __future__ import annotations

import re

from souvenir.lexical.restated_date import DATE, date_words, han_only, stems_of
from souvenir.lexical.restated_side import mostly_han

__all__ = ["corrects_date"]

_MARK = re.compile(
    r"\b(?:wrong|mistake|mistaken|my\s+bad|mixed\s+(?:it\s+)?up|misspoke|typo|correction|i\s+meant|trompée?|erreur"
    r"|je\s+voulais\s+dire|mélangée?|silap|tersilap|salah|tersalah|maksud\s+saya|pembetulan)\b"
    r"|说错|记错|写错|搞错|弄错|打错|口误|更正|纠正",
    re.I,
)
#: Words around a date that name no thing: the frame, the correction, the fillers.
_AROUND = stems_of(
    """is was on it its it's the a my our actually in fact sorry said got earlier before wrong mistake really i
    est le la mon ma notre son sa c'est en fait je me suis trompé trompée pour erreur part de vraiment plutôt
    pada adalah ialah saya kami sebenarnya silap tersilap salah tadi tu ni sebelum ini
    """
)
_ZH_AROUND = re.compile(
    r"之前|刚才|以前|上次|其实|应该|实际上|说错了?|记错了?|写错了?|搞错了?|弄错了?|打错了?|口误|更正|纠正|我的?|是|在|日期|了|的|：|:"
)


def corrects_date(new: str, old: str) -> bool:
    """Whether ``new`` gives ``old``'s thing another date with a correction mark (module docstring)."""
    if len(new) > 200 or len(old) > 120 or not _MARK.search(new):
        return False
    new_dates = {m.group().casefold() for m in DATE.finditer(new)}
    old_dates = {m.group().casefold() for m in DATE.finditer(old)}
    if len(new_dates) != 1 or len(old_dates) != 1 or new_dates == old_dates:
        return False
    if mostly_han(old):
        head = _ZH_AROUND.sub("", han_only(DATE.sub("", old)))
        return len(head) >= 2 and head in _ZH_AROUND.sub("", han_only(new))
    thing = stems_of(DATE.sub(" ", old)) - date_words(old) - _AROUND
    said = stems_of(DATE.sub(" ", new)) - date_words(new) - _AROUND  # "the anniversary" for "Wedding anniversary"
    return bool(thing) and (thing <= stems_of(new) or bool(said) and said <= thing)
