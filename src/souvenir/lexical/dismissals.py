"""A dismissal said alone: "never mind" and its kin (pure; issue #26, session 20).

"Never mind.", "Forget it.", « Laisse tomber. », « Bref, c'est pas grave. », 算了不说了, 当我没说,
"Takpelah.", "Tak apa lah, lupakan je." carry no fact: in no-model mode such a message was kept as an
episode. :func:`dismissal` is true when a sentence is one of these and fillers only (oh, well, bon,
哎, alah…); a sentence that says anything beside ("Never mind, I'll ask my mom", « Laisse tomber le
piano ») is not one. A request to forget what was just said ("Forget that", « Oublie ça ») is read
before, by the forget readers; this one only keeps a bare dismissal out of the memories.

:func:`topic_dismissal` (round 25) reads the same act with its subject named: "Never mind about
the dentist thing", « Laisse tomber pour le dentiste », 算了牙医的事不说了, "Tak apalah pasal doktor gigi
tu". The user drops the subject for now: the sentence states nothing (no memory) and asks no erasure
(not a request to forget: "forget / oublie / 忘 / lupakan" are the forget readers' verbs and are not
read here). The subject is short (six words, twelve Han characters at most) and nothing follows it
("Never mind about the dentist, I'll go next week" states a plan: not one).
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import nfkc_fold

__all__ = ["dismissal", "topic_dismissal"]

_FILLER = (
    r"(?:oh|ah|eh|well|ok|okay|so|actually|anyway|hmm+|bon|ben|bah|alors|enfin|bref|non|no|nah|alah|haih|aduh|eh|hm+"
)
_FILLER += r"|mais|non\s+mais|ouais|bref|en\s+fait|哎|唉|嗯|好吧|啊|呃|那|那就|还是|没事|算了)"
_DISMISS = (
    r"never\s*mind|nevermind|nvm|forget\s+it|forget\s+about\s+it|doesn't\s+matter|it\s+doesn't\s+matter|no\s+matter"
    r"|not\s+important|skip\s+it|drop\s+it|scratch\s+that|ignore\s+(?:that|me)|it's\s+nothing"
    r"|laisse\s+tomber|laissez\s+tomber|oublie|oubliez|c'est\s+pas\s+grave|ce\s+n'est\s+pas\s+grave|pas\s+grave|tant\s+pis"
    r"|peu\s+importe|c'est\s+rien|on\s+s'en\s+fiche|passons"
    r"|算了吧?|算了不说了|不说了|没事了?|当我没说(?:过)?|无所谓|不重要|不用了|忘了吧|没什么|别管了|随便吧?"
    r"|tak\s*pe\s*lah|takpelah|takpe|tak\s+apa(?:\s*lah)?|tak\s+apalah|tak\s+kisah(?:\s*lah)?|lupakan(?:\s+je)?"
    r"|tak\s+jadi|tak\s+penting|biarlah|biar\s+je|abaikan"
)
_ALONE = re.compile(
    rf"^(?:{_FILLER}[\s,，、.…。!！~～]*)*(?:{_DISMISS})(?:[\s,，、.…。!！~～]*(?:{_DISMISS}|{_FILLER}"
    r"|then|please|pls|lah|la|je|ja|pun|ça|ca|alors|吧|了|啦|哈|吗))*[\s,，、.…。!！~～]*$",
    re.I,
)


def dismissal(sentence: str) -> bool:
    """Whether ``sentence`` is a dismissal and fillers only (module docstring). Bounded: a sentence
    over 80 characters is never one."""
    if len(sentence) > 160:  # read nothing of a long sentence
        return False
    text = nfkc_fold(sentence).replace("\u2019", "'").strip()
    return 0 < len(text) <= 80 and _ALONE.match(text) is not None


_TOPIC_FILLER = r"(?:[\s,，、.…。!！~～]*(?:then|for\s+now|anyway|lol|haha|please|pls|alors|hein|pour\s+l'instant|lah|la|je|tu|ni|dulu))*"
#: A subject of six words at most, no comma, no verb of saying after it.
_TOPIC = r"(?P<t>[^\s,，.;:!?？。][^,，.;:!?？。]{0,60}?)"
_EN_TOPIC = re.compile(
    rf"^(?:{_FILLER}[\s,，]*)*(?:never\s*mind|nevermind|nvm|doesn't\s+matter|no\s+matter|not\s+important|skip|it's\s+nothing)"
    rf"[\s,]+(?:(?:about|re|regarding|on|with|for)\s+|(?<=mind\s)(?=(?:the|my|our)\s))(?!what\b|that\b|it\b|me\b|this\b)"
    rf"{_TOPIC}{_TOPIC_FILLER}[\s.…!~]*$",
    re.I,
)
_FR_TOPIC = re.compile(
    rf"^(?:{_FILLER}[\s,，]*)*(?:laissez?\s+tomber|peu\s+importe|(?:c'est\s+)?pas\s+grave|ce\s+n'est\s+pas\s+grave|passons)"
    rf"[\s,]+(?:pour|à\s+propos\s+(?:de|du|des|d')|au\s+sujet\s+(?:de|du|des|d')|concernant|question|côté|niveau|sur)\s*"
    rf"(?!ce\s+que\b|ça\b|ca\b){_TOPIC}{_TOPIC_FILLER}[\s.…!~]*$",
    re.I,
)
_ZH_DROP = (
    r"(?:就|也|先|还是)?(?:算了|不说了|不提了|别提了|不聊了|不讲了|不用管了|不重要了|没事了|无所谓了)(?:吧|了|啦|哈)*"
)
_ZH_TOPIC = re.compile(
    rf"^(?:{_FILLER}[，,、\s]*)*(?:算了|没事|不说了)?[，,、\s]*(?:不说|不提|别提|不聊)?(?P<t>[\u3400-\u9fff\w]{{1,12}}?)"
    rf"(?:的事情?|那件事|那事|这事|的那件事|那个事|的话题)[，,、\s]*{_ZH_DROP}(?:[，,、\s]*{_ZH_DROP})*[。.！!~～]*$"
    rf"|^(?:{_FILLER}[，,、\s]*)*(?:算了[，,、\s]*)?(?:不说|不提|别提|不聊)(?P<t2>[\u3400-\u9fff\w]{{1,12}}?)(?:的事情?|那件事|那事)?了?[。.！!~～]*$"
)
_MS_TOPIC = re.compile(
    rf"^(?:{_FILLER}[\s,，]*)*(?:tak\s*apa(?:\s*la[h]?)?|tak\s*pe(?:\s*la[h]?)?|takpelah|takpela|takpe|tak\s+kisah(?:\s*la[h]?)?|biarlah|tak\s+penting|tak\s+payah)"
    rf"[\s,]+(?:pasal|tentang|mengenai|bab|hal|soal|fasal|pasai)\s+{_TOPIC}{_TOPIC_FILLER}[\s.…!~]*$",
    re.I,
)


def topic_dismissal(sentence: str) -> str | None:
    """The subject a sentence drops when it is a dismissal naming it and fillers only ("Never mind
    about the dentist thing" -> "the dentist thing"; module docstring), else ``None``."""
    if len(sentence) > 160:
        return None
    text = nfkc_fold(sentence).replace("\u2019", "'").strip()
    for pattern in (_EN_TOPIC, _FR_TOPIC, _MS_TOPIC, _ZH_TOPIC):
        m = pattern.match(text)
        if m is not None:
            topic = (m.group("t") if m.group("t") else m.groupdict().get("t2")) or ""
            words = topic.split()
            han = sum(1 for ch in topic if "\u3400" <= ch <= "\u9fff")
            if topic and len(words) <= 6 and han <= 12:
                return topic.strip()
    return None
