"""Who speaks in a pasted transcript (pure): "Marc : je vends ma voiture", "[Din]: …",
"10:32 - Aisyah: …", "妈妈：…", one line per speaker.

Issue #26: a group chat pasted into the conversation kept another member's first-person
line as the user's fact ("Abang Din: aku dah pindah ke Johor Bahru" → "Moved to Johor
Bahru"). A message is a *transcript* when two lines or more open with a speaker label and
at least two labels differ and two labelled lines say something (two words, two Han
characters), or one when the user labels their own line ("Me:") or announces the paste on a
line before it ("here's what my sister texted me", « voici ce que Paul m'a écrit », 我姐发来的消息,
"ni mesej kawan saya"): "Milk: 2 / Eggs: 12" and
"Name: Bob / Age: 32 years" are forms (a single "Name: text" line is how the LoCoMo dialogues and many
bots write one turn, and stays an ordinary message).

A label is one to four words (a name, a relation, "Me"), optionally in square or angle
brackets or in bold (``**Sarah:**``), after a time stamp or an emoji, then ":" or
full-width "：" (or " - ", or the closing bracket: "<Din> …"). The user's own lines are labelled
Me / Moi / Je / I / Myself / 我 / 本人 / Saya / Aku (``SELF_LABELS``), or a name the caller
knows as the user's; every other labelled line is someone else's words. Lines without a
label (the user's own preface, "Je te colle notre discussion :") stay the user's.

Shape::

    transcript_lines("Ni chat group keluarga:\\nAbang Din: aku dah pindah\\nSaya: tahniah")
    -> [Line(None, "Ni chat group keluarga:", True), Line("Abang Din", "aku dah pindah", False),
        Line("Saya", "tahniah", True)]
    transcript_lines("Marc: hello")  -> None
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from souvenir.lexical.normalize import key_of
from souvenir.lexical.speaker_headers import APP_HEADER, INLINE_HEADER, reshape, strong

__all__ = ["Line", "SELF_LABELS", "announces", "others_labelled", "transcript_lines"]

#: Labels the user gives their own lines.
SELF_LABELS = frozenset(
    {
        "me",
        "moi",
        "je",
        "i",
        "myself",
        "self",
        "user",
        "utilisateur",
        "utilisatrice",
        "我",
        "本人",
        "自己",
        "saya",
        "aku",
        "sy",
        "gua",
        "gue",
    }
)
_LABEL = re.compile(
    r"^\s*(?:[^\w\s\[<(（【*_]{1,3}\s*)?"  # an emoji or a bullet before the name
    r"(?:\[?\s*(?:\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?,?\s*)?\d{1,2}[:h]\d{2}(?::\d{2})?\s*(?:[apAP]\.?[mM]\.?)?"
    r"(?:,?\s*\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?)?\s*\]?"  # the date after the time: "[10:42, 03/02]"
    r"\s*[-–—]?\s*)?"  # a time stamp: "[04/12/26, 10:32]", "10:32 -", "[10:42, 03/02]"
    r"(?:\*\*|__)?[\[<(（【]?\s*(?P<label>[^\W\d_][\w'’.\-]*(?:\s+[\w'’.\-]+){0,3}|[\u3400-\u9fff]{1,6})\s*[\]>)）】]?"
    r"(?:\*\*|__)?\s*(?:[:：](?:\*\*|__)?|(?<=[\]>)）】])(?=\s)|\s[-–—](?=\s))\s*(?P<text>\S.*)$",
)
#: A label in paired brackets with no colon nor space after it, as Chinese group chats are pasted
#: (【二舅】我这周…, ［Kak Ros］dah sampai, 〔我〕好的).
_BRACKETED = re.compile(
    r"^\s*[【〔［]\s*(?P<label>[^\W\d_][\w'’.\-]*(?:\s+[\w'’.\-]+){0,3}|[\u3400-\u9fff]{1,6})\s*[】〕］]"
    r"\s*(?P<text>\S.*)$"
)
#: A first word that makes the "label" a sentence ("Je te colle notre discussion :").
_NOT_LABEL_START = frozenset(
    {
        "je",
        "j'",
        "i",
        "here",
        "voici",
        "voilà",
        "ni",
        "ini",
        "this",
        "these",
        "so",
        "and",
        "et",
        "dan",
        "then",
        "note",
        "ps",
        "p.s",
        "http",
        "https",
        "re",
        "fw",
        "fwd",
    }
)


@dataclass(frozen=True, slots=True)
class Line:
    """One line: ``speaker`` (the label as written, ``None`` for an unlabelled line),
    ``text`` (without the label), ``own`` (the user's own words)."""

    speaker: str | None
    text: str
    own: bool


def _label(line: str) -> tuple[str, str] | None:
    head = INLINE_HEADER.match(line)
    if head and strong(head) and key_of(head.group("label").split()[0]) not in _NOT_LABEL_START:
        return head.group("label").strip(), head.group("text").strip()
    m = _LABEL.match(line) or _BRACKETED.match(line)
    if m is None:
        return None
    label = m.group("label").strip()
    words = label.split()
    if words and key_of(words[0]) in _NOT_LABEL_START and key_of(label) not in SELF_LABELS:
        return None
    if len(words) > 1 and key_of(label) in ("note", "ps"):
        return None
    return label, m.group("text").strip()


#: A speaker's header on a line of its own, the words on the lines below (Telegram "Kieran
#: Walsh, [12.03.25 21:14]", WeChat "阿杰 20:31", "Me 9:05 PM"): the name, then a time stamp
#: with an optional date, and nothing else.
_HEADER = re.compile(
    r"^\s*(?P<label>[^\W\d_][\w'’.\-]*(?:\s+[\w'’.\-]+){0,3}?|[\u3400-\u9fff]{1,6})\s*,?\s*\[?\s*"
    r"(?:\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?,?\s*)?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[apAP]\.?[mM]\.?)?\s*\]?\s*$"
)
#: The user's own header in an app's paste ("You, [12.03.25 21:15]").
_SELF_HEADERS = frozenset({"you", "vous", "toi", "kamu", "anda"})


def _headed(message: str) -> str:
    """``message`` with each header line's name carried onto the lines below it ("阿杰 20:31\n
    我这周六…" -> "阿杰: 我这周六…"), when two header lines or more are found; else unchanged."""
    lines = message.splitlines()
    heads = [APP_HEADER.match(line) or _HEADER.match(line) for line in lines]
    found = [h for h in heads if h and key_of(h.group("label")) not in _NOT_LABEL_START]
    if len(found) < 2 and not (found and strong(found[0])):
        return message  # one header line counts when it has a date or an id beside its time
    out: list[str] = []
    speaker: str | None = None
    for line, head in zip(lines, heads, strict=True):
        if head and key_of(head.group("label")) not in _NOT_LABEL_START:
            label = head.group("label").strip()
            speaker = "Me" if key_of(label) in _SELF_HEADERS else label
        elif line.strip() and speaker is not None:
            out.append(f"{speaker}: {line.strip()}")
        elif line.strip():
            out.append(line)
    return "\n".join(out)


def transcript_lines(message: str, user_names: frozenset[str] = frozenset()) -> list[Line] | None:
    """The message's lines with their speakers when it is a transcript (module docstring),
    else ``None``. ``user_names``: the user's own names, as keys (folded). A speaker's header
    on a line of its own (``_HEADER``) labels the lines below it."""
    if "\n" not in message:
        head = INLINE_HEADER.match(message)
        if not (head and strong(head)) or _label(message) is None:
            return None  # one line: a transcript only under an app's header with its date or id
        label, text = _label(message) or ("", "")
        return [Line(label, text, key_of(label) in SELF_LABELS or key_of(label) in user_names)]
    pasted = message
    message, shaped = reshape(message)  # voice tags, tabbed exports, "From X to Everyone:", a mail's quote
    message = _headed(message)
    lines: list[Line] = []
    labels = set()
    labelled = 0
    for raw in message.splitlines():
        if not raw.strip():
            continue
        got = _label(raw)
        if got is None:
            lines.append(Line(None, raw.strip(), True))
            continue
        label, text = got
        key = key_of(label)
        labels.add(key)
        labelled += 1
        lines.append(Line(label, text, key in SELF_LABELS or key in user_names))
    spoken = sum(1 for line in lines if line.speaker is not None and _says_something(line.text))
    self_labelled = any(line.own and line.speaker is not None for line in lines)
    if shaped and spoken >= 1:
        return lines  # an export's own shape says who speaks: one speaker is enough
    if labelled == 1 and spoken == 1 and not self_labelled and (_announced(lines) or _app_headed(pasted)):
        return lines  # "here's what my sister texted me / Anna: we're moving to Denver"
    if labelled < 2 or len(labels) < 2 or spoken < (1 if self_labelled else 2):
        return None  # "Milk: 2 / Eggs: 12", "Name: Bob / Age: 32 years" are forms, not a conversation
    return lines


def others_labelled(message: str) -> bool:
    """Whether ``message`` has two labelled lines or more, one of them under a label that is
    not a self label (Me, Moi, 我, Saya…): a transcript whose speakers the user's own names
    may sort out. Cheap: the caller reads the user's names only then."""
    if "\n" not in message:
        return False
    labels = [got[0] for raw in message.splitlines() if raw.strip() and (got := _label(raw)) is not None]
    return len(labels) >= 2 and any(key_of(label) not in SELF_LABELS for label in labels)


#: A preface line that announces a pasted message ("here's what my sister texted me", « voici ce
#: que Paul m'a écrit », 我姐发来的消息, "ni mesej kawan saya").
_ANNOUNCE = re.compile(
    r"\b(?:texted|wrote|sent|messaged|posted|replied|texts?|messages?|chat|whatsapp|dms?|sms|écrit|envoyé|répondu"
    r"|texto|discussion|mesej|hantar|tulis|balas|wasap)\b|发来|发给我|发的|消息|聊天记录|短信|微信|回复我",
    re.I,
)


def announces(text: str) -> bool:
    """Whether ``text`` (a line) announces a pasted message (``_ANNOUNCE``)."""
    return _ANNOUNCE.search(text) is not None


def _announced(lines: list[Line]) -> bool:
    """An unlabelled line before the first labelled one announces a pasted message."""
    for line in lines:
        if line.speaker is not None:
            return False
        if _ANNOUNCE.search(line.text):
            return True
    return False


def _app_headed(message: str) -> bool:
    """A line under an app's header with its date or id (``speaker_headers.strong``)."""
    lines = message.splitlines()
    return any((h := INLINE_HEADER.match(raw) or APP_HEADER.match(raw)) is not None and strong(h) for raw in lines)


def _says_something(text: str) -> bool:
    return len(text.split()) >= 2 or len(re.findall(r"[\u3400-\u9fff]", text)) >= 2
