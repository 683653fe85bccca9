"""A question asking the listener to recall something about the user (pure; issue #26).

"Do you remember what I do for a living?", « Tu te souviens de ce que je fais comme
métier ? », 你还记得我是做什么的吗？, "Kau ingat tak aku kerja apa?": the user asks the
bot to recall; the sentence states no fact about the user, it asks for one. So it is
chit-chat of kind ``recall`` (:mod:`souvenir.lexical.chitchat`), with or without "?",
with the listener's name before or after ("Lyra, …", "…, Lyra?"), and after a tag
question was read as its statement ("…, right?", "…, kan?", …对吧？:
:func:`souvenir.lexical.questions.assertive`).

A sentence is one when it opens (after a called name or an interjection) on a recall frame
said to the listener (do you remember / recall / know, can you tell me; tu te souviens,
tu te rappelles, tu sais, rappelle-moi; 你(还)记得, 你知道, 记不记得; kau / awak ingat, ingat
tak, tahu tak) and what it recalls is an asked gap: a wh-word that stands for a thing,
place or person (what, where, who, which, how many; ce que, où, qui, quel, combien; 什么,
哪, 谁, 几, 多少; apa, mana, siapa, berapa).

Never one (the stated fact is kept, a repeat is better than an erased fact):

* a declarative complement: "Do you remember I moved to Ipoh last month?", « Tu te
  souviens que j'ai déménagé ? », 你还记得我上个月搬到怡保了吗？, "Kau ingat aku dah pindah
  Ipoh?" (no asked gap);
* a clause of an event or a manner ("Remember when we went to Paris?", "how I broke my
  leg", « quand on est allés », 什么时候: "when", "how", "why" are left out of the gaps);
* a complement that names something, a number or a time ("Do you remember what I told
  you about Kopi?", "…what I did in 2019?", « …ce que j'ai fait hier ? », 我去年…): a
  capitalised word (not the called name), a digit or a time word.

Shape::

    recall_question("Do you remember what I do for a living?")  -> True
    recall_question("Do you remember I moved to Ipoh last month?")  -> False
"""

from __future__ import annotations

import re

__all__ = ["EN_GAPS", "FR_GAPS", "MS_GAPS", "ZH_GAPS", "plain_complement", "recall_question", "strip_called"]

#: A called name or interjection in front ("Lyra, …", "Hey Lyra, …", « Dis, … », "Eh, …").
_CALLED = re.compile(
    r"^\W*(?:(?:hey|hi|oh|so|ok|okay|well|dis|bon|alors|eh|ei|wei|hmm+|嗯|诶|哎)\b\W*)*(?:[A-Z][\w'-]*\s*[,，:]\s*)?",
    re.I,
)
#: A called name after ("…, Lyra?", "…, Lyra.", « … Lyra ? »).
_CALLED_AFTER = re.compile(r"\s*[,，]\s*[A-Z][\w'-]*\s*[.?!？。！]*\s*$")

#: The asked gaps, one table a language (the recall frame and the direct question read the same ones):
#: a thing, a place, a person, a count or an age; never "when / how / why" (an event or a manner).
EN_GAPS = r"what|where|who|whom|whose|which|how\s+(?:many|much|old|long|far)"
FR_GAPS = (
    r"ce\s+que|ce\s+qu'|ce\s+dont|où|qui|quel|quelle|quels|quelles|combien|lequel|laquelle"
    r"|comment\s+(?:s'appell\w*|tu\s+m'appelles|je\s+m'appelle)"
)
MS_GAPS = r"apa|mana|siapa|berapa"
_EN = re.compile(
    r"^(?:(?:do|did|does|can|could|would|will)\s+you\s+(?:still\s+|even\s+|actually\s+|really\s+)?"
    r"(?:remember|recall|know|tell\s+me)|you\s+(?:still\s+)?(?:remember|recall)|remember|recall|remind\s+me(?:\s+again)?,?)\s+"
    rf"(?P<gap>{EN_GAPS})\b(?P<rest>.*)$",
    re.I | re.S,
)
_FR = re.compile(
    r"^(?:est-ce\s+que\s+)?(?:tu\s+te\s+(?:souviens|rappelles)|vous\s+vous\s+(?:souvenez|rappelez)|te\s+(?:souviens|rappelles)-tu"
    r"|vous\s+(?:souvenez|rappelez)-vous|tu\s+sais|sais-tu|vous\s+savez|savez-vous|rappelle-moi|rappelez-moi|dis-moi|dites-moi"
    r"|(?:tu\s+peux|peux-tu|tu\s+pourrais|pourrais-tu)\s+me\s+(?:dire|rappeler)|souviens-toi)"
    r"(?:\s+(?:encore|toujours|bien))?\s+(?:de\s+|d')?"
    rf"(?P<gap>{FR_GAPS})(?P<rest>.*)$",
    re.I | re.S,
)
_ZH = re.compile(
    r"^(?:你|您)?(?:还|可|真的|到底)?(?:记得|记不记得|还记得|知道|知不知道|想得起来)(?P<rest>.*)$",
    re.S,
)
#: Chinese gaps: 什么 (not 什么时候), 啥, 哪 (哪里 / 哪个…), 谁, 几, 多少.
ZH_GAPS = r"什么(?!时候)|啥|哪|谁|几[个岁年只口]|多少"
_ZH_GAP = re.compile(ZH_GAPS)
_MS = re.compile(
    r"^(?:(?:kau|awak|engkau|you|korang|kamu|anda)\s+)?(?:masih\s+)?(?:ingat|ingatkah|tahu|tau|tahukah)"
    r"(?:\s+(?:tak|x|tidak|lagi|ke|kah))?\b(?P<rest>.*)$",
    re.I | re.S,
)
_MS_GAP = re.compile(rf"\b(?:{MS_GAPS})\b", re.I)
#: A time or a number in the complement: it tells when something happened (a fact to keep).
_TIME = re.compile(
    r"\d|\b(?:yesterday|today|tonight|tomorrow|last|ago|since|ago|hier|demain|dernier|dernière|depuis|semalam|kelmarin"
    r"|esok|lepas|tadi|sejak|week|month|year|semaine|mois|an|année|minggu|bulan|tahun)\b"
    r"|昨天|前天|今天|明天|上个|去年|前年|上周|上星期|以前|之前|刚才|年|月",
    re.I,
)


def recall_question(sentence: str) -> bool:
    """Whether ``sentence`` (one sentence, any of en / fr / zh / ms) asks the listener to
    recall a thing about the user and states none (module docstring)."""
    text = strip_called(sentence)
    if not text:
        return False
    match = _EN.match(text) or _FR.match(text)
    if match is not None:
        return plain_complement(match.group("rest"))
    match = _ZH.match(text)
    if match is not None:
        rest = re.sub(r"[吗嘛呢]$", "", match.group("rest"))
        return bool(_ZH_GAP.search(rest)) and plain_complement(rest)
    match = _MS.match(text)
    if match is not None:
        rest = match.group("rest")
        return bool(_MS_GAP.search(rest)) and plain_complement(rest)
    return False


def strip_called(sentence: str) -> str:
    """``sentence`` without a called name or an interjection before or after, nor its closing marks."""
    text = _CALLED.sub("", sentence.strip(), count=1)
    text = _CALLED_AFTER.sub("", text)
    return text.strip().rstrip(" .?!？。！~～")


def plain_complement(rest: str) -> bool:
    """Whether the asked complement names nothing: no capitalised word, number nor time."""
    if _TIME.search(rest):
        return False
    return not any(
        word[:1].isupper() and word not in ("I", "I'm", "I've", "I'd") for word in re.findall(r"[\w'’-]+", rest)
    )
