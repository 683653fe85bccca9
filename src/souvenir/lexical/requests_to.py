"""A note that is a request to whoever the user talks to: "Next time don't cut out during my
meeting." (issue #25, session 20).

A small model copies the user's words as its note; when those words ask something of the
listener — the provider, the assistant — the copy is an order, not a fact about the user:
SmolLM2 kept « Lain kali jangan la putus time meeting. » ("next time don't drop during a
meeting", a complaint to an internet provider) as a memory (session 19, ``dlg-ms``). A note
is a statement about the user in the third person (or without a subject); one whose first
sentence opens as a request is speech addressed to someone, like "You're a hero"
(grounding's ``addressed`` check reads it).

Read at the start of the note's first sentence (after an interjection: "oh", "ok", « bon »,
"eh", 哎) — a request is said by its opening, in four languages:

* a future lead then an order: next time / in future / from now on + don't, never, please,
  make sure, remember; « la prochaine fois » / « à l'avenir » / « désormais » + « ne »,
  « merci de », « évitez », « pensez à »; 下次 / 以后 / 下回 + 别 / 不要 / 请 / 记得 / 千万;
  "lain kali" / "lepas ni" / "mulai sekarang" + jangan / tolong / sila / pastikan / ingat;
* a request word: please, kindly; « merci de », « veuillez », « s'il vous plaît »; 请 / 麻烦 /
  拜托 / 千万别 / 别再 / 不要再; "tolong", "sila", "jangan" (Malay's prohibitive: a
  sentence never opens on it as a statement);
* a French negative order in the « vous » form: « Ne coupez pas… », « N'oubliez pas… ».

Not read: 别人 / 别的 ("others"), 请假 / 请客 / 请了 (took leave, treated, hired), "mohon" alone
("Mohon kerja di bank": applied for a job), 不要 alone (不要香菜: a wish, "doesn't want coriander"),
"Don't like spicy food" (a subject dropped, no lead), "Never eats meat" (no lead),
"Prefers to be called after 9" (a preference in the third person: what a note says).

Pure (text in, the opening read or ``None`` out); linear in the text (start-anchored
patterns on its first sentence).
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import nfkc_casefold
from souvenir.lexical.questions import sentences

__all__ = ["request_opening"]

_INTERJECTION = r"(?:(?:oh|ok|okay|so|and|but|also|eh|ah|alors|bon|et|mais|aduh|alamak|haih|hmm|哎|唉|那)\W{0,3}\s*)?"

_LEAD_EN = r"(?:next\s+time|in\s+(?:the\s+)?future|from\s+now\s+on|going\s+forward)"
_LEAD_FR = r"(?:la\s+prochaine\s+fois|à\s+l'avenir|désormais|dorénavant)"
_LEAD_MS = r"(?:lain\s+kali|lepas\s+ni|lepas\s+ini|selepas\s+ini|mulai\s+sekarang|akan\s+datang)"

_LATIN = re.compile(
    "^"
    + _INTERJECTION
    + r"(?:"
    + _LEAD_EN
    + r"\W{0,3}\s*(?:don't|do\s+not|never|please|make\s+sure|remember|try\s+to)\b"
    + r"|(?:please|pls|plz|kindly)\s+\w"
    + r"|"
    + _LEAD_FR
    + r"\W{0,3}\s*(?:ne\b|n'|merci\s+de|évitez|pensez\s+à|veuillez|prévenez)"
    + r"|(?:merci\s+de|veuillez|s'il\s+vous\s+pla[iî]t|s'il\s+te\s+pla[iî]t|svp|stp)\b"
    + r"|(?:ne\s+|n')[a-zà-ÿ]+ez\b"
    + r"|"
    + _LEAD_MS
    + r"\W{0,3}\s*(?:jangan|tolong|sila|mohon|pastikan|ingat)\b"
    + r"|(?:tolong|sila|jangan)\b"
    + r")",
    re.I,
)

_ZH = re.compile(
    r"^(?:哎|唉|那|嗯)?[，,、\s]*"
    r"(?:(?:下次|以后|今后|下回)(?:的话)?[，,\s]*(?:请|請|别|別|不要|记得|千万|麻烦)"
    r"|[请請](?![假客了过])|麻烦(?:你|您)|拜托|千万别|别再|不要再|别(?![人的处家扭])[\u4e00-\u9fff])"
)


def request_opening(text: str) -> str | None:
    """The opening that makes ``text``'s first sentence a request to the listener, or
    ``None`` (module docstring)."""
    parts = sentences(text)
    if not parts:
        return None
    first = nfkc_casefold(parts[0]).strip().lstrip("\"'«“( ").replace("’", "'")
    found = _LATIN.match(first) or _ZH.match(first)
    return found.group().strip() if found else None
