"""A time said before a move (issue #26, round 10): "上个月又搬回合肥了", "Last month moved back
to Leeds", « Le mois dernier, j'ai déménagé à Lyon », "Bulan lepas pindah balik ke Ipoh" — the
move is the user's present home, the time only dates it. :func:`untimed_move` takes the time
(and a date the write path grounded beside it: "上个月（2025-04）") off the front, so that the
keys read the move as they read it without the time.

Only before a verb of moving (moved / relocated / déménagé / 搬 / pindah, and their "back"
forms): "Last summer lived in Paris" (a past state) and "去年在上海工作" keep their time, which
marks them past as before. A time in the future ("next month", « le mois prochain », 下个月,
"bulan depan") is a plan and is never taken off.
"""

from __future__ import annotations

import re

__all__ = ["untimed_move"]

_GROUNDED = r"(?:\s*[（(][^()（）]{1,24}[)）])?"
_TIME = (
    r"(?:(?:last|this\s+past)\s+(?:week|month|year|summer|winter|spring|autumn|fall|weekend)"
    r"|(?:a\s+(?:few\s+)?|two\s+|three\s+|\d+\s+)(?:days?|weeks?|months?|years?)\s+ago|in\s+(?:19|20)\d\d|recently"
    r"|(?:le\s+mois|l'an|l'année|la\s+semaine|l'été|l'hiver)\s+(?:dernier|derniere|dernière|passé|passée)"
    r"|il\s+y\s+a\s+(?:\d+|un|une|deux|trois|quelques)\s+(?:jours?|semaines?|mois|ans?)|en\s+(?:19|20)\d\d|récemment"
    r"|上个月|上周|上星期|去年|前年|今年|上半年|前几天|前段时间|最近|\d+年前|[一两二三四五六七八九十几]+(?:个月|年|周)前|(?:19|20)\d\d年"
    r"|(?:bulan|minggu|tahun)\s+(?:lepas|lalu|sudah)|baru-baru\s+ini|(?:\d+|dua|tiga|beberapa)\s+(?:hari|minggu|bulan|tahun)"
    r"\s+(?:lepas|lalu)|pada\s+(?:19|20)\d\d)"
)
_MOVE = (
    r"(?=(?:i\s+|we\s+|j'ai\s+|je\s+|nous\s+|on\s+|saya\s+|aku\s+|kami\s+|我们?)?(?:(?:have\s+|has\s+|'ve\s+)?(?:finally\s+|just\s+)?"
    r"(?:moved|relocated)|(?:me\s+suis\s+|suis\s+|s'est\s+|est\s+)?(?:déménagée?|installée?|réinstallée?|revenue?|retournée?)"
    r"|(?:ai\s+)?déménagé|又?搬|(?:dah\s+|sudah\s+|telah\s+)?(?:ber)?pindah))"
)
_OPENER = re.compile(r"^\s*" + _TIME + _GROUNDED + r"(?:\s*[,，])?\s*" + _MOVE, re.I)
#: A change "from X to Y" (switched / went / passé / 从…转 / tukar dari…) or a move: the time at the
#: end of its sentence dates the change ("Switched from receptionist to office manager last spring").
_CHANGE = re.compile(
    r"^\s*(?:i\s+|j'|je\s+|saya\s+|aku\s+|我)?(?:(?:have\s+|has\s+|'ve\s+)?(?:just\s+|finally\s+)?(?:switched|went|moved"
    r"|changed|transitioned|pivoted|got\s+promoted|was\s+promoted|relocated|swapped|traded|left|quit)\b|(?:suis\s+|est\s+|ai\s+)?(?:passée?"
    r"|déménagé|promue?|quitté)\b|(?:(?:ber)?tukar|beralih|pindah|naik\s+pangkat)\b|从|搬|跳槽)",
    re.I,
)
_CLOSER = re.compile(r"[\s,，]+" + _TIME + _GROUNDED + r"\s*[.!。！]?\s*$", re.I)


def untimed_move(text: str) -> str:
    """``text`` without a past time before a move at its start (module docstring), or after a
    change or a move at its end, else unchanged."""
    m = _OPENER.match(text)
    if m:
        return text[m.end() :]
    if "\n" not in text and len(text) < 300 and _CHANGE.match(text):
        end = _CLOSER.search(text)
        if end:
            return text[: end.start()]
    return text
