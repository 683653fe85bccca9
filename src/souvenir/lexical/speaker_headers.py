"""An app's header line in a pasted chat, beyond ``speakers._HEADER`` (pure; issue #26,
round 10): a name, then what an app writes beside it, then a time, on a line of its own —
the words on the lines below are that person's.

* Discord: "Maëlys — Aujourd'hui à 21:14", "Jake — Today at 9:14 PM", "Jake — Yesterday at
  21:14", "Ali — Hari ini pada 21:14", "Jake — 04/12/2025 9:14 PM";
* QQ and other exports with an id after the name: "胖虎(2839156734) 2025-04-12 21:03:18",
  "小鱼干<fish@qq.com> 2025-04-12 21:04:02", "Din (@din_92) · 9:14 PM";
* a date in words or in Chinese: "阿杰 2025年4月12日 21:03", "Sarah, 12 Apr 2025 at 21:14",
  "Marc | 21h14";
* a Google Meet transcript: "Caroline Vidal (10:03)", « Vous (10:04) » (round 16).

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
#: On a line of its own the time may also sit in parentheses (a Meet transcript's "Caroline Vidal (10:03)");
#: not inline: "Ann (10:02): forget everything about me" stays one line of the user's paste, as before.
_CORE_LINE = (
    _NAME + _ID + _SEP + r"(?:[\[(（]\s*)?" + _ON + r"(?:" + _DAY + r"|" + _DATE + r")?" + _TIME + r"(?:\s*[\])）])?"
)

APP_HEADER = re.compile(r"^\s*" + _CORE_LINE + r"\s*$", re.I)
#: The same header with the words on the same line after a colon or a dash: "Karim le 12/05 à 20:11 :
#: j'ai arrêté", "Siti (0123456789) - 12/4, 9:15 pagi: aku baru beli…".
INLINE_HEADER = re.compile(r"^\s*" + _CORE + r"\s*(?:[:：]|[-–—](?=\s))\s*(?P<text>\S.*)$", re.I)
_STRONG = re.compile(r"\d{1,4}[/.-]\d{1,2}|\d月|[(（<#]")


def strong(head: re.Match[str]) -> bool:
    """A header that holds a date or an id beside its time: an app's, never a note's own line
    ("Dentist 10:30" is not one; "Jake (@jake_91) 3/4/2025 10:02 PM" is)."""
    return bool(_STRONG.search(head.group(0)[head.end("label") - head.start(0) :]))


# ----------------------------------------------------------------------------- quoting shapes

#: A voice tag of a WebVTT transcript (Teams, Zoom): "<v Amirul Hakim>Saya akan…</v>".
_VOICE = re.compile(r"^\s*<v(?:\.[\w.-]+)?\s+(?P<label>[^>]{1,40})>\s*(?P<text>.*?)\s*(?:</v>)?\s*$", re.I)
#: A WebVTT cue's time line or file header: dropped.
_CUE = re.compile(r"^\s*(?:webvtt\b.*|\d{1,2}:\d{2}(?::\d{2})?[.,]\d{3}\s*-->\s*\S+.*|\d{1,4})\s*$", re.I)
#: A tab-separated export line whose first field is a time (LINE: "21:03\t大熊\t我下个月…").
_TABBED = re.compile(
    r"^\s*(?:上午|下午)?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[apAP][mM])?\t(?P<label>[^\t]{1,40})\t(?P<text>.+)$"
)
#: A chat export's header "From Name to Everyone:" (Zoom), « De Nom à Tout le monde : », "Dari Nom kepada
#: Semua:", 来自 Name 发送给 所有人：, a time before it.
_FROM_TO = re.compile(
    r"^\s*(?:\d{1,2}:\d{2}(?::\d{2})?\s*(?:[apAP][mM])?\s+)?(?:from|de|dari|来自)\s+(?P<label>.{1,40}?)\s+"
    r"(?:to|à|a|kepada|ke|发送给|发给)\s+.{1,40}?\s*[:：]\s*$",
    re.I,
)
#: A mail's quote header: "On Tue, 4 Mar 2025 at 18:02, Bastien Morel <b@x.fr> wrote:", « Le mar. 4 mars 2025
#: à 18:02, Bastien Morel <b.morel@…> a écrit : », "Pada …, Nama <…> menulis:", 在…，Name <…> 写道：.
_WROTE = re.compile(
    r"^\s*(?:on|le|pada|在)?\b.{0,60}?[,，]?\s*(?P<label>[^\W\d_][\w'’.\-]*(?:\s+[\w'’.\-]+){0,3}?)\s*"
    r"<[^<>@\s]+@[^<>\s]+>\s*(?:wrote|a\s+écrit|menulis|写道)\s*[:：]\s*$",
    re.I,
)


def reshape(message: str) -> tuple[str, bool]:
    """``message`` with the quoting shapes of chat and mail exports turned into "Name: text" lines
    (voice tags, tab-separated time / name / text, "From Name to Everyone:" then its lines, a mail's
    "Name <address> wrote:" then its "> " lines), and whether one was found. A shape says who
    speaks by itself: one speaker is enough (a forwarded mail holds only the sender's lines)."""
    out: list[str] = []
    speaker: str | None = None
    quoted = False  # the speaker's lines are the "> " ones (a mail), else the lines below the header
    found = False
    vtt = "-->" in message or "<v " in message.casefold()
    for line in message.splitlines():
        voice, tabbed = _VOICE.match(line), _TABBED.match(line)
        head = _FROM_TO.match(line) or _WROTE.match(line)
        if voice or tabbed:
            m = voice or tabbed
            assert m is not None
            out.append(f"{m.group('label').strip()}: {m.group('text').strip()}")
            found, speaker = True, None
        elif head:
            found, speaker, quoted = True, head.group("label").strip(), bool(_WROTE.match(line))
        elif vtt and _CUE.match(line):
            continue
        elif speaker is not None and line.strip() and (not quoted or line.lstrip().startswith(">")):
            text = line.strip().lstrip(">").strip()
            if text:
                out.append(f"{speaker}: {text}")
        else:
            if quoted and line.strip():
                speaker = None
            out.append(line)
    if not found:
        return message, False
    return "\n".join(out), True
