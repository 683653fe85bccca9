"""An event moved by a span, with no new date (pure): "The offsite has been postponed by two
weeks" / "Team offsite on 9 October", « Le séminaire a été reporté de deux semaines » /
« Séminaire d'équipe le 9 octobre », 团建推迟了两周 / 团队团建定在10月9号, "Retreat tu dah
ditangguhkan dua minggu" / "Retreat pasukan pada 9 Oktober".

:func:`souvenir.lexical.restated_date.moved_date` reads a move *to* a date; here the move says only how
far, and the stored date is stale all the same: the new memory replaces the dated one (the old
date stays in history). The event may be named by **one word** of the stored two ("offsite" of
"Team offsite"): the stored memory's one other word is a lower-case modifier, never a name
(another person's event: "Sarah's offsite", "Offsite with Acme") nor a second event ("and"), and
the new memory names no one else ("My sister's offsite…" holds "sister", which the stored one
does not). Chinese: the event's characters inside the stored memory, two more at most before
them (团队团建), never a relation word (妈妈, 女儿…).

Shapes::

    moved_by_span("The offsite has been postponed by two weeks", "Team offsite on 9 October") -> True
    moved_by_span("My sister's offsite has been postponed by two weeks", "Team offsite on 9 October") -> False
"""

from __future__ import annotations

import re

from souvenir.lexical.keydata import ZH_RELATIONS
from souvenir.lexical.normalize import normalize
from souvenir.lexical.proposition import stems
from souvenir.lexical.restated_date import DATE
from souvenir.lexical.restated_side import mostly_han
from souvenir.lexical.tokens import content_words, tokenize

__all__ = ["moved_by_span"]

_SPAN_MOVE = re.compile(
    r"\b(?:pushed|moved|postponed|delayed|shifted|bumped|deferred|put|brought|pulled)"
    r"(?:\s+(?:back|out|forward|up|off))?\s+(?:by\s+)?"
    r"(?:a|an|one|two|three|four|five|six|\d+|a\s+couple\s+of|a\s+few)\s+(?:days?|weeks?|months?|fortnight)\b"
    r"|\b(?:décalée?s?|reportée?s?|repoussée?s?|avancée?s?|retardée?s?|différée?s?)\s+(?:de|d')\s*"
    r"(?:\w+\s+)?(?:jours?|semaines?|mois|quinzaine)\b"
    r"|(?:推迟|延期|延后|往后推|推后|提前|顺延|挪后)了?[一二两三四五六七八九十几\d]+(?:天|周|个?星期|个?礼拜|个?月)"
    r"|\b(?:ditunda|ditangguhkan|dianjakkan|dilewatkan|diawalkan|diundurkan|tangguh|tunda|anjak)\s+"
    r"(?:(?:se|satu|dua|tiga|empat|lima|\d+)\s*(?:hari|minggu|bulan)|seminggu|sebulan|sehari)\b",
    re.I,
)
#: Words the event's side and the stored frame are said with (no content of the event).
_FRAME = frozenset(
    """has have been was is got the on for at scheduled booked planned set due
    est été a le la les l' prévu prévue pour
    tu itu ini dah sudah telah pada dijadualkan""".split()
)
_ZH_FRAME = re.compile(r"已经|被|又|的|定在|定于|安排在|是|在|于|了")


def _words(text: str) -> frozenset[str]:
    return stems(content_words(normalize(text))) - stems(_FRAME)


def moved_by_span(new: str, old: str) -> bool:
    """True when ``new`` moves ``old``'s dated event by a span (module docstring)."""
    cue = _SPAN_MOVE.search(new)
    if cue is None or DATE.search(new[cue.end() :]) or not DATE.search(old):
        return False
    event = new[: cue.start()]
    if mostly_han(event or new):
        head = re.sub(r"[^\u4e00-\u9fff]", "", _ZH_FRAME.sub("", event))
        have = re.sub(r"[^\u4e00-\u9fff]", "", _ZH_FRAME.sub("", DATE.sub("", old)))
        at = have.find(head)
        if len(head) < 2 or at < 0 or at > 2 or have[at + len(head) :]:
            return False
        before = have[:at]
        return not any(rel in before or before in rel for rel in ZH_RELATIONS if before)
    named = _words(event)
    dates = frozenset(
        w for m in DATE.finditer(old) for w in _words(m.group()) | frozenset(tokenize(normalize(m.group())))
    )
    held = _words(old) - dates
    if not named or not named <= held or re.search(r"\b(?:and|et|dan|with|avec|dengan)\b|[,;&]|'s\b", old, re.I):
        return False
    left = held - named
    capitals = stems(frozenset(normalize(w) for w in re.findall(r"(?<=\s)[A-ZÀ-Ý][\w'-]*", old)))
    return len(left) <= 1 and not left & capitals
