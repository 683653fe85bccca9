"""An event said to move to a new date (issue #26, round 16; pure): "pushed back to", « décalé au »,
改到, "ditunda ke". The words before the verb name the event, a stored memory gives that event and
another date, and nothing else but a frame word ("booked for", « prévu le », 定在, "pada").

:func:`moved_date` is one of :mod:`souvenir.lexical.restated`'s readers; :data:`DATE` (a day and a
month in either order, an ISO day, a weekday, 3月15号 / 周五) is read by the other date readers
(``ended_by``, ``moved_span``).
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import normalize
from souvenir.lexical.proposition import stems
from souvenir.lexical.restated_side import mostly_han
from souvenir.lexical.tokens import content_words, tokenize

__all__ = ["DATE", "date_words", "han_only", "moved_date", "stems_of"]


def stems_of(text: str) -> frozenset[str]:
    """The stems of ``text``'s content words (normalised)."""
    return stems(content_words(normalize(text)))


def han_only(text: str) -> str:
    """``text`` without spaces, punctuation, 了 and 的 (a Chinese head read by its characters)."""
    return re.sub(r"[\s，,。.；;！!？?、了的]", "", text)


_MONTHS = (
    r"jan(?:uary|vier)?|feb(?:ruary)?|f[ée]v(?:rier)?|mar(?:ch|s)?|apr(?:il)?|avr(?:il)?|may|mai|jun[e]?|juin|jul[y]?"
    r"|juil(?:let)?|aug(?:ust)?|ao[uû]t|sep(?:t(?:ember|embre)?)?|oct(?:ober|obre)?|nov(?:ember|embre)?|dec(?:ember)?"
    r"|d[ée]c(?:embre)?|januari|februari|mac|april|mei|julai|ogos|september|oktober|november|disember"
)
_WEEKDAYS = (
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche"
    r"|isnin|selasa|rabu|khamis|jumaat|sabtu|ahad"
)
_ZH_NUM = r"[\d一二三四五六七八九十两]+"
#: A date: a day and a month in either order, an ISO day, a weekday, or 3月15号 / 十五号 / 周五.
DATE = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th|er)?\s+(?:of\s+)?(?:{_MONTHS})\b\.?|\b(?:{_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?\b"
    rf"|\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?\b|\b(?:{_WEEKDAYS})s?\b"
    rf"|(?:{_ZH_NUM}月)?{_ZH_NUM}[号日]|(?:下|这|本)?(?:周|星期|礼拜)[一二三四五六日天]",
    re.I,
)
#: The verb of a date that moved, by language, up to the preposition before the new date.
_MOVED = re.compile(
    r"\b(?:pushed|put|moved|brought|pulled|rescheduled|postponed|delayed|shifted|bumped|changed|rebooked|rearranged"
    r"|deferred)"
    r"(?:\s+(?:back|forward|up|out|over|off|ahead|earlier|later))?"
    r"(?:\s+(?:(?:the|my|our|their|his|her|its)\s+(?P<object>[\w'-]+(?:\s+[\w'-]+)?)|it|them)"
    r"(?:\s+(?:back|forward|up|out|over|off|ahead))?)?"
    r"(?:\s+(?:by\s+)?(?:a|an|one|two|three|four|a\s+couple\s+of|a\s+few|\d+)\s+(?:days?|weeks?|months?|hours?|fortnight))?"
    r",?\s+(?:to|until|till|for|til)\b"
    r"|\b(?:décalée?s?|reportée?s?|repoussée?s?|avancée?s?|déplacée?s?|remise?s?|reprogrammée?s?|changée?s?|différée?s?"
    r"|retardée?s?|décalé|reporté|repoussé|avancé|déplacé|reprogrammé)"
    r"(?:\s+(?:le|la|les|l'|notre|mon|ma|son|sa)\s*(?P<fobject>[\w'-]+(?:\s+[\w'-]+){0,3}))?"
    r"(?:\s+(?:de|d')\s*(?:\w+)\s+(?:jours?|semaines?|mois|heures?|quinzaine))?"
    r",?\s+(?:au|à|a|pour|le)\b"
    # no verb of moving, the new date said as the event's state (session 20): "is now on", « est maintenant
    # le », 现在是 / 现在定在, "sekarang pada" (and "tukar ke" below)
    r"|\b(?:is|are|'s)\s+(?:now|instead)\s+(?:on|for|at|set\s+for)\b"
    r"|\b(?:est|sont)\s+(?:maintenant|désormais|finalement|plutôt)\s+(?:le|au|à|pour\s+le|prévue?s?\s+le)\b"
    r"|现在是|现在定在|现在在|现在改在"
    r"|改到|改在|改成|改期到|改期至|改为|推迟到|推迟至|推到|推后到|往后推到|延期到|延期至|延到|延后到|延迟到|顺延到|提前到|提前至|提早到"
    r"|挪到|调到|换到|定到"
    r"|\b(?:ditunda|ditangguhkan|dianjakkan|dipinda|ditukar|dipercepatkan|diawalkan|dilewatkan|dipindahkan|dianjak|dialih"
    r"|dialihkan|diubah|dipindah|tunda|tangguh|tangguhkan|anjak|anjakkan|awalkan|lewatkan|percepatkan|postpone|pospon"
    r"|undur|diundurkan|dimajukan|tukar|bertukar|alih|pindah|sekarang|kini)"
    r"(?:\s+(?:(?:se|satu|dua|tiga|\d+)\s*(?:hari|minggu|bulan|jam)))?"
    r",?\s+(?:ke|kepada|pada)\b",
    re.I,
)
#: Words a stored date may be framed with ("booked for", « prévu le », 定在, "pada").
_FRAME = frozenset(
    """booked book scheduled schedule set planned plan fixed due on for at appointment
    prévu prévue fixé fixée calé calée programmé programmée pour
    pada hari dijadualkan dijadual ditetapkan bertarikh
    定 定在 定于 安排 安排在 约 约在 约好 在 于 是 了""".split()
)
_AUX = frozenset("has have been was is got est été a sudah dah telah sudah 已经 被 又".split())


#: A bare day of the month right after the cue ("the 14th", « le 12 », "12hb").
_BARE_DAY = re.compile(
    r"\s*(?:the\s+|le\s+)?(\d{1,2})(?:st|nd|rd|th|er|hb)?\b(?!\s*(?:[:h.]\d|am|pm|%|km|kg|€|\$))", re.I
)


def date_words(text: str) -> frozenset[str]:
    """The words of every date ``text`` names (stems and tokens)."""
    return frozenset(
        w for m in DATE.finditer(text) for w in stems_of(m.group()) | frozenset(tokenize(normalize(m.group())))
    )


def moved_date(new: str, old: str) -> bool:
    """True when ``new`` moves the event of ``old`` to another date (module docstring)."""
    cue = _MOVED.search(new)
    if cue is None:
        return False
    event, after = new[: cue.start()], new[cue.end() :]
    new_dates = [m.group().casefold() for m in DATE.finditer(after)]
    bare = _BARE_DAY.match(after)  # « est maintenant le 12 », "moved to the 14th": a day of the same month
    new_dates = new_dates or ([bare.group(1)] if bare else [])
    old_dates = [m.group().casefold() for m in DATE.finditer(old)]
    if not new_dates or not old_dates or set(new_dates) == set(old_dates):
        return False
    if mostly_han(event):
        head, have = han_only(re.sub(r"已经|被|又|的", "", event)), han_only(old)
        if len(head) < 2 or head not in have:
            return False
        owner = have[: have.find(head)]  # 女儿的钢琴考级: whose event it is, two or three characters and 的
        owned = 2 <= len(owner) <= 3  # or a modifier glued to it: 团队团建
        rest = DATE.sub("", have.replace(head, "", 1).removeprefix(owner if owned else ""))
        return all(ch in "定在于安排约好是了的去参加做，,。 " for ch in rest)
    # "The engineer moved the service to…": the object names the event, the subject may be its agent
    obj = cue.group("object") or cue.group("fobject")  # « J'ai avancé le rendez-vous chez le dentiste au… »
    named = (stems_of(obj) if obj else stems_of(event)) - stems(_AUX)
    if not named or not named <= stems_of(old):
        return False
    left = stems_of(old) - named - stems_of(event) - date_words(old) - stems(_FRAME)
    capitals = stems(frozenset(normalize(w) for w in re.findall(r"(?<=\s)[A-ZÀ-Ý][\w'-]*", old)))
    # « Contrôle technique de la voiture le 12 mars » / « Le contrôle technique est avancé au 3 mars »: one
    # complement of a two-word event left unsaid, never a name (another person's appointment) nor a list
    one_more = not re.search(r"\b(?:and|et|dan|serta|with|avec|dengan)\b|[,;]", old)  # never a second event
    alone = len(named) >= 2 or stems_of(event) - named - stems(_AUX) <= stems_of(old)  # "The offsite"; no "The vet"
    return not left or (one_more and alone and len(left) == 1 and not left & capitals)
