"""An app's header line in a pasted chat, beyond ``speakers._HEADER`` (pure; issue #26,
round 10): a name, then what an app writes beside it, then a time, on a line of its own —
the words on the lines below are that person's.

* Discord: "Maëlys — Aujourd'hui à 21:14", "Jake — Today at 9:14 PM", "Jake — Yesterday at
  21:14", "Ali — Hari ini pada 21:14", "Jake — 04/12/2025 9:14 PM";
* QQ and other exports with an id after the name: "胖虎(2839156734) 2025-04-12 21:03:18",
  "小鱼干<fish@qq.com> 2025-04-12 21:04:02", "Din (@din_92) · 9:14 PM";
* a date in words or in Chinese: "阿杰 2025年4月12日 21:03", "Sarah, 12 Apr 2025 at 21:14",
  "Marc | 21h14".

Shape: :data:`APP_HEADER` matches a whole line; its group ``label`` is the name. ``speakers``
needs two header lines in one message before it reads any (a single "Dentist — today at
10:30" stays an ordinary line).
"""

from __future__ import annotations

import re

__all__ = ["APP_HEADER", "INLINE_HEADER", "strong"]

_NAME = r"(?P<label>[^\W\d_][\w'’.\-]*(?:\s+[\w'’.\-]+){0,3}?|[\u3400-\u9fff][\u3400-\u9fff\w]{0,7})"
#: An id after the name: "(2839156734)", "<fish@qq.com>", "(@din_92)", "#1234".
_ID = r"(?:\s*(?:[(（<]\s*@?[\w.@\-]{2,40}\s*[)）>]|#\d{4}))?"
_SEP = r"(?:\s*(?:[,|·•]|[-–—]{1,2}|:))?\s*"
#: A day said in words before the time: Today / Yesterday at, « Aujourd'hui / Hier à », 今天 / 昨天,
#: "Hari ini / Semalam pada".
_DAY = (
    r"(?:(?:today|yesterday|aujourd['’]hui|hier|avant-hier|hari\s+ini|semalam|kelmarin|今天|昨天|前天)"
    r"(?:\s*(?:at|à|a|pada|pukul|jam))?\s*)"
)
_MONTH = (
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|janv|févr|fevr|mars|avr|mai|juin|juil|août|aout"
    r"|déc|mac|mei|ogos|okt|dis)[a-zé]*\.?"
)
_DATE = (
    r"(?:(?:\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?|\d{4}年\d{1,2}月\d{1,2}日|\d{1,2}月\d{1,2}日"
    r"|\d{1,2}\s+" + _MONTH + r"(?:\s+\d{4})?)(?:\s*,)?(?:\s*(?:at|à|a|pada|pukul))?\s*)"
)
#: A time of day, with its part of the day in any of the four languages ("9:14 PM", "10:31 PG",
#: "9:15 pagi", 下午3:05, « 21h14 »).
_TIME = (
    r"(?:(?:上午|下午|晚上|早上|中午|凌晨)\s*)?\d{1,2}(?::\d{2}(?::\d{2})?|h\d{2})"
    r"(?:\s*(?:[apAP]\.?[mM]\.?|PG|PTG|pagi|petang|malam|tengah\s+hari|du\s+(?:matin|soir)))?"
)
#: The date's link words: « le 12/05 à 20:11 », "on 3/4 at 10:02", "pada 12/4".
_ON = r"(?:(?:le|on|pada|på)\s+)?"
_CORE = _NAME + _ID + _SEP + r"(?:\[\s*)?" + _ON + r"(?:" + _DAY + r"|" + _DATE + r")?" + _TIME + r"(?:\s*\])?"

APP_HEADER = re.compile(r"^\s*" + _CORE + r"\s*$", re.I)
#: The same header with the words on the same line after a colon or a dash: "Karim le 12/05 à 20:11 :
#: j'ai arrêté", "Siti (0123456789) - 12/4, 9:15 pagi: aku baru beli…".
INLINE_HEADER = re.compile(r"^\s*" + _CORE + r"\s*(?:[:：]|[-–—](?=\s))\s*(?P<text>\S.*)$", re.I)
_STRONG = re.compile(
    r"\d{1,4}[/.-]\d{1,2}|\d月|[(（<#]|today|yesterday|aujourd|hier|hari\s+ini|semalam|今天|昨天", re.I
)


def strong(head: re.Match[str]) -> bool:
    """A header that holds a date, a day or an id beside its time: an app's, never a note's own line
    ("Dentist 10:30" is not one; "Jake (@jake_91) 3/4/2025 10:02 PM" is)."""
    return bool(_STRONG.search(head.group(0)[head.end("label") - head.start(0) :]))
