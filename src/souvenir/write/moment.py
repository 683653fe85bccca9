"""Moment: a note that sends the user somewhere the message does not (issue #25).

A model's note can turn what the user is doing into a trip: "I'm going to the dance
studio" from "Searching for a dance studio location has been tricky". The note's words are
the user's ("dance", "studio"), so grounding's share passes it; this module reads the
*verb*: a note that says the user goes, went or is on the way somewhere, when the message
holds no verb of going at all, invents a moment. Pure (text in, verdict out)::

    invented_move("I'm going to the dance studio.", "Searching for a dance studio location has been tricky.")
    -> "going to the dance studio"
    invented_move("I'm going to the dance studio.", "Heading to the studio now!")  -> None

A move, in each language: "going / heading / on my way / off to (the, a, my) N", "went to",
"(is) at the N now", « je vais / vais aller / suis allé(e) / pars / me rends (à, au, chez) »,
我(要|正|正在|现在)?去 + a place / 我到了, "saya (akan / sedang)? pergi / ke / menuju ke /
singgah di". "I'm going to start…" is no move (a verb follows). Verbs of going in the
message: go / went / gone / head / off / way / visit / drive / walk / fly / travel / trip /
come / arrive / back / there…, « aller / vais / va / allé / pars / rends / passe / retourne
/ voyage », 去 / 到 / 走 / 来 / 回 / 逛, "pergi / ke / balik / pulang / jalan / singgah /
melawat / datang / sampai".

No threshold: the lexicons are the rule. Its cost on LoCoMo's true observations (read
against their own turn) and the invented notes it rejects: ``bench/grounding_share.py
--list-check moment`` (docs/write-path.md). Known limits: a move the message holds in
another verb ("I'm going to the gym" from "Gym time!") is rejected; a move to another place
than the message's with a verb of going in it is left to the ``key`` and ``terms`` checks.
"""

from __future__ import annotations

import re

from souvenir.lexical import lexicon as lx

__all__ = ["invented_move"]

#: Who moves: "I", "we", "the user" or a name (capitalised: a note names the user so).
_WHO = r"(?:(?i:i|we|the\s+user|user)|[A-Z][a-z]+)"
_BE = r"(?i:\s*(?:'m|'re|\s+am|\s+is|\s+are))"
_EN_MOVE = re.compile(
    r"\b" + _WHO + r"(?:" + _BE + r")?\s+(?i:(?:now|just|currently|also)\s+)?"
    r"(?i:(?:going|headed|heading|off|on\s+(?:my|his|her|their|our)\s+way)\s+(?:back\s+)?(?:to|into|for)"
    r"|went\s+(?:back\s+)?to|goes\s+to)"
    r"\s+(?P<place>(?i:the|a|an|my|his|her|our|their|some)\s+[^.,;:!?]+)"
    r"|\b" + _WHO + _BE + r"\s+(?i:(?:now|just|currently)\s+)?(?i:at)\s+(?P<at>(?i:the|a|an|my)\s+[^.,;:!?]+)",
)
_FR_MOVE = re.compile(
    r"\b(?:je\s+(?:vais(?:\s+aller)?|pars|me\s+rends|suis\s+all[ée]e?|file)|(?:il|elle)\s+va|nous\s+allons|on\s+va)"
    r"\s+(?P<place>(?:à|au|aux|chez|en|vers)\s+[^.,;:!?]+)",
    re.I,
)
_ZH_MOVE = re.compile(r"(?:我|我们|用户)(?:要|正|正在|现在|今天|马上)?(?:去|到了|前往)(?P<place>[\u3400-\u9fff]{2,})")
_MS_MOVE = re.compile(
    r"\b(?:saya|aku|kami|kita|pengguna)\s+(?:akan\s+|sedang\s+|nak\s+|mahu\s+)?"
    r"(?:pergi\s+ke|pergi|menuju\s+ke|ke|singgah\s+di|berada\s+di)\s+(?P<place>[^.,;:!?]+)",
    re.I,
)
#: What follows "going to" when it is a plan, not a trip: a verb ("going to start…").
_VERB_NEXT = re.compile(r"^(?:the|a|an|my|his|her|our|their|some)\s", re.I)
#: Verbs of going, any form, in the four languages (Latin: word starts; Chinese: characters).
_GOING = re.compile(
    r"\b(?:go|goes|going|gone|went|gonna\s+go|head|heads|heading|headed|off\s+to|way\s+to|on\s+my\s+way|visit\w*"
    r"|driv\w*|drove|walk\w*|fly|flies|flying|flew|flight|travel\w*|trip|trips|come|comes|coming|came"
    r"|arriv\w*|back\s+(?:to|at|from)|stop\w*\s+by|drop\w*\s+by|swing\w*\s+by|there|here|at\s+the|in\s+the"
    r"|aller|vais|vas|va|allons|allez|vont|all[ée]e?s?|pars|partir|parti\w*|rends|rendre|rendu\w*|passe\w*\s+(?:à|au|chez)"
    r"|retourn\w*|voyag\w*|sortie|sortir|sors|suis\s+(?:à|au|chez)"
    r"|pergi|ke\s+\w+|balik|pulang|jalan\w*|singgah|melawat|lawat|datang|sampai|tiba|di\s+\w+)\b"
    r"|[去到走来回逛往]",
    re.I,
)


#: A note dated away from the moment ("next month", "yesterday", « demain », 明天, "esok") tells of
#: a plan or an event, not of what the user is doing now: not read.
_NOW = frozenset({"today", "now", "morning", "evening", "night", "tonight", "matin", "soir", "hari", "今天", "天"})
_DATED = (lx.TIME_WORDS - _NOW) | frozenset(
    """weekend tonight monday tuesday wednesday thursday friday saturday sunday lundi mardi mercredi jeudi
    vendredi samedi dimanche isnin selasa rabu khamis jumaat sabtu ahad""".split()
) - {"tonight"}
_ZH_DATED = ("明天", "昨天", "下周", "下个月", "上周", "上个月", "周末", "去年", "明年", "后天", "星期")


def _dated(note: str) -> bool:
    words = {w.lower() for w in re.findall(r"[^\W\d_]+", note)}
    return bool(words & _DATED) or any(ch.isdigit() for ch in note) or any(z in note for z in _ZH_DATED)


def _move(note: str) -> str | None:
    text = note.replace("\u2019", "'")
    if _dated(text):
        return None
    for pattern in (_EN_MOVE, _FR_MOVE, _MS_MOVE):
        for m in pattern.finditer(text):
            if pattern is _EN_MOVE and m.group("place") and not _VERB_NEXT.match(m.group("place")):
                continue
            return m.group(0).strip()
    zh = _ZH_MOVE.search(text)
    return zh.group(0) if zh else None


def invented_move(note: str, message: str) -> str | None:
    """The move ``note`` states ("going to the dance studio") when ``message`` holds no verb of
    going; ``None`` when the note states no move or the message holds one (module docstring)."""
    found = _move(note)
    if found is None or _GOING.search(message.replace("\u2019", "'")):
        return None
    return found
