"""Requests to pay no heed to what the user said (pure; issue #26, session 21): "just ignore
what I said about it earlier", « ne tiens pas compte de ce que je t'ai dit sur mon
déménagement », 别管我刚才说的搬家的事, "abaikan je apa aku cakap pasal pindah KL tadi".

Another verb for the same act as "forget what I said": what the user said is withdrawn, so it
is a request to forget (read by ``forget_cues._has_cue`` beside its own cues, acted on by the
engine the same way). The verb's object must be the user's own words — "what I said / told
you / wrote", "everything I said", "my last message", or "that / this" closing the clause
("ignore that, it's not public yet", after ignore / ignorer / abaikan only; a matter named as "stuff" after
ignore / disregard / ignorer: "ignore the Lisbon stuff", « ignore le truc sur Lisbonne »; a matter named then
"tu" in Malay: "abaikan je pasal pindah KL tu": "never mind that", « laisse
tomber ça » drop a subject) — never a thing or a person ("ignore the noise",
"ignore my sister", 别管我, "abaikan dia"):

* en: ignore, disregard, "never mind", nvm, "pay no attention to", "don't pay (any) attention
  to", "take no notice of", "don't take (any) notice of", "don't mind";
* fr: ignore(z), « (ne) tiens / tenez pas compte de », « (ne) fais / faites pas attention à »,
  « (ne) prends / prenez pas en compte », « laisse(z) tomber » + « ce que je t'ai dit / ce que
  je viens de dire / mon dernier message / ça »;
* zh: 别管 / 不用管 / 不要管 / 甭管 / 别理 / 不用理 / 别理会 / 无视 / 忽略 / 忽视 / 别在意 / 不用在意 /
  别当真 / 不用当真 + 我(刚才 / 之前…)说的 / 讲的 / 发的 / 那句 / 上一条 (never 别管这个: "never mind this"), either
  order (刚才那句你别当真, 我说的话你别管);
* ms: abaikan, "jangan / tak payah / tak usah / usah / tak perlu" + hiraukan / hirau / peduli(kan)
  / endahkan / layan / "ambil kira" + "apa (yang) aku / saya cakap…", "mesej tadi", "yang tu".

Addressed to the assistant like the other cues: at a clause start, after an interjection,
"please", "just", "can you" (en), « stp », « tu peux » (fr), "tolong", "je" (ms), never
after a subject ("I ignore what my boss says", « je ne tiens pas compte de ce qu'il dit »,
我不管你说什么, "saya abaikan nasihat doktor" are statements).

:data:`IGNORE_WORDS`: the verbs and fillers, left out of a request's topic. :data:`IGNORING` (and
:data:`ZH_IGNORING`, searched anywhere): the verbs as one alternation (no group, no boundary), for :mod:`souvenir.lexical.forget_deixis`:
their deictic object ("ignore that", "abaikan yang tu") is what was just said.
"""

from __future__ import annotations

import re

__all__ = ["IGNORE_WORDS", "IGNORING", "ZH_IGNORING", "ignore_cue"]

_EN_LEAD = (
    r"(?:(?:^|[,;:\-–—(]\s*)(?:(?:oh|hey|ok|okay|actually|also|and|but|so|yeah|sorry|wait|um|uh|nah|no|nvm|never\s*mind)"
    r"[,!]?\s+)*(?:(?:please|pls|plz)\s+)?(?:just\s+)?"
    r"|\b(?:please|pls|plz)\s+(?:just\s+)?|\b(?:can|could|would|will)\s+(?:you|u|ya)\s+(?:please\s+|pls\s+|plz\s+)?"
    r"(?:just\s+)?|\b(?:you|u)\s+(?:can|could|should|may)\s+(?:just\s+)?|\bi\s+(?:want|need)\s+you\s+to\s+(?:just\s+)?)"
)
_EN_VERB = (
    r"(?:ignore|disregard|never\s*mind|nvm|pay\s+no\s+(?:attention|mind|heed)\s+to|take\s+no\s+notice\s+of"
    r"|(?:do\s+not|don't|dont)\s+(?:pay\s+(?:any\s+)?(?:attention|mind|heed)\s+to|take\s+(?:any\s+)?notice\s+of|mind))"
)
#: The user's own words as the object: "what I (just) said", "everything I told you", "my last message",
#: A matter named as "stuff" ("ignore the Lisbon stuff", "disregard that whole visa thing"), not from a place of the
#: user's ("ignore the stuff in my inbox").
_EN_THING = (
    r"(?:stuff|thing|things|bit|part|business|saga|story|info|details)\b"
    r"(?!\s+(?:in|on|from|at|out\s+of)\s+(?:my|the|our)\s+(?!memory|memories|notes|chat|convo)\w)"
)
#: "that" / "this" closing the clause ("ignore that, it's not public yet").
_EN_SAID = (
    r"(?:(?:what|everything|anything|all|whatever|all\s+the\s+stuff|the\s+(?:stuff|things?|bits?|part))\s+(?:that\s+)?"
    r"i\s+(?:(?:just|already|literally)\s+)?(?:said|say|told\s+(?:you|u)|wrote|typed|mentioned|shared|sent|put|was\s+saying)\b"
    r"|(?:my|that|the)\s+(?:last|previous|earlier|other|first)\s+(?:message|msg|text|comment|answer|reply|bit|part|line)s?\b)"
)
#: A matter named as "stuff" ("ignore the Lisbon stuff", "disregard that whole visa thing"), not from a place of the
#: user's ("ignore the stuff in my inbox").
_EN_THING = (
    r"(?:stuff|thing|things|bit|part|business|saga|story|info|details)\b"
    r"(?!\s+(?:in|on|from|at|out\s+of)\s+(?:my|the|our)\s+(?!memory|memories|notes|chat|convo)\w)"
)
#: "that" / "this" closing the clause, after ignore / disregard only ("never mind that" drops a subject).
_EN_THAT = (
    r"(?:that|this)(?=\s*(?:[,.;:!?…)]|$|\s+(?:last\s+|whole\s+)?(?:part|bit|one|message|msg|please|pls|plz|too|ok|okay"
    r"|lol|haha|sorry|then)\b))"
)
_EN = re.compile(
    _EN_LEAD
    + r"(?:"
    + _EN_VERB
    + r"\s+(?:(?:pls|plz|please|just|all\s+of)\s+)?"
    + _EN_SAID
    + r"|(?:ignore|disregard)\s+(?:(?:pls|plz|please|just|all\s+of)\s+)?"
    + _EN_THAT
    + r"|(?:ignore|disregard)\s+(?:(?:pls|plz|please|just)\s+)?(?:the|that|this|all\s+(?:the|that)|my)\s+(?:whole\s+)?"
    + r"(?:[\w'-]+\s+){0,3}?"
    + _EN_THING
    + r")",
    re.I,
)

_FR_LEAD = (
    r"(?:(?:^|[,;:\-–—(.…]\s*)(?:(?:et|alors|bon|donc|mais|en\s+fait|non|ah|oh|euh|bref|enfin|pardon|attends)[\s,]+)*"
    r"|\b(?:s'il\s+te\s+plaît|s'il\s+vous\s+plaît|stp|svp|peux-tu|pourrais-tu|pouvez-vous|pourriez-vous|tu\s+peux"
    r"|tu\s+pourrais|vous\s+pouvez|merci\s+de)\s+)"
)
_FR_VERB = (
    r"(?:ignore|ignorez|ignorer|(?:ne\s+)?(?:tiens|tenez|tenir)\s+pas\s+compte\s+(?:de\s+|d')"
    r"|(?:ne\s+)?(?:fais|faites|faire)\s+pas\s+attention\s+(?:à\s+)?|(?:ne\s+)?(?:prends|prenez|prendre)\s+pas\s+en\s+compte"
    r"|laisse\s+tomber|laissez\s+tomber|(?:ne\s+)?t'occupe\s+pas\s+(?:de\s+|d')|(?:ne\s+)?vous\s+occupez\s+pas\s+(?:de\s+|d'))"
)
_FR_SAID = (
    r"(?:(?:tout\s+)?ce\s+que\s+(?:je\s+|j')(?:(?:t'|vous\s+)?(?:ai|avais)\s+(?:dit|écrit|raconté|envoyé|mis|expliqué)"
    r"|viens\s+de\s+(?:dire|t'écrire|écrire|raconter)|(?:te\s+|vous\s+)?dis|racontais|disais)"
    r"|(?:mon|ce)\s+(?:dernier|précédent)\s+(?:message|texto|mot)|(?:le|mon)\s+message\s+(?:d'avant|précédent|d'avant)"
    r")"
)
#: « ça » closing the clause, after « ignore » only (« laisse tomber ça » drops a subject).
_FR_THAT = r"(?:ça|ca|cela|ceci)(?=\s*(?:[,.;:!?…)]|$|\s+(?:stp|svp|aussi|hein|alors)\b))"
_FR = re.compile(
    _FR_LEAD
    + r"(?:"
    + _FR_VERB
    + r"\s*(?:(?:stp|svp|juste|donc)\s+)?"
    + _FR_SAID
    + r"|(?:ignore|ignorez)\s+(?:(?:stp|svp|juste|donc)\s+)?"
    + _FR_THAT
    + r"|(?:ignore|ignorez)\s+(?:(?:stp|svp|juste|donc)\s+)?(?:le|ce|l'|la|cette|les|ces)\s*(?:truc|trucs|histoire"
    r"|histoires|partie|passage|bout|chose|choses|info|infos)\s+(?:sur|de|d'|du|des|à\s+propos\s+d[eu']|concernant)"
    + r")",
    re.I,
)

_ZH_VERB = (
    r"(?<![我他她们你])(?<!我也)(?<!我就)(?:别|不要|不用|甭|无需|不必)(?:再)?(?:管|理|理会|在意|当真|放在心上)"
    r"|(?<![我他她们你])(?:无视|忽略|忽视|略过)(?:掉)?"
)
#: The user's own words as the object (我刚才说的, 我之前讲的, 那句, 上一条) or a deictic closing the clause.
_ZH_SAID = (
    r"(?:一下|掉)?(?:我(?:刚才|刚刚|之前|前面|上面|先前|昨天|上次)?(?:说|讲|提|发|写|聊)(?:过)?的"
    r"|(?:刚才|刚刚|之前|前面|上面)(?:那|这)?(?:句|段|条|些)?(?:话)?"
    r"|(?:那|这|上)(?:一)?(?:句|条|段)(?:话|消息)?)"
)
#: The words first, then the verb (刚才那句你别当真, 我说的话你就别管了).
_ZH_FRONTED = (
    r"(?:(?:刚才|刚刚|之前|前面|上面)(?:那|这)?(?:一)?(?:句|段|条)(?:话)?|我(?:刚才|刚刚|之前|前面|上面)?(?:说|讲|发|写)(?:过)?的(?:话|那些|那句)?)"
    r"[，,]?\s*(?:你|您)?(?:就|也|都)?(?:别|不要|不用|甭|无需|不必)(?:再)?(?:管|理|理会|在意|当真|放在心上)"
)
_ZH = re.compile(r"(?:" + _ZH_VERB + r")" + _ZH_SAID + "|" + _ZH_FRONTED)

_MS_LEAD = (
    r"(?:(?:^|[,;:\-–—(.…]\s*)(?:(?:eh|ah|alamak|takpe|takpelah|tak\s+apa(?:lah)?|ok|okay|sorry|maaf|so|jadi|tapi)[\s,]+)*"
    r"(?:(?:tolong|pls|please)\s+)?|\b(?:tolong|pls|please|boleh)\s+)"
)
_MS_VERB = (
    r"(?:abaikan(?:lah)?|(?:jangan|tak\s+payah|tak\s+usah|usah|tak\s+perlu|tidak\s+perlu|x\s+payah|tak\s+yah)\s+"
    r"(?:(?:la|lah)\s+)?(?:hiraukan|hirau|peduli|pedulikan|endahkan|layan|ambil\s+kira|ambik\s+kira|ambil\s+peduli"
    r"|ambil\s+serius|ambik\s+serius))"
)
_MS_SAID = (
    r"(?:(?:apa|semua|segala)(?:\s+(?:yang|yg))?\s+(?:aku|saya|sy)\s+(?:(?:dah|baru|pernah)\s+)?(?:cakap|kata|cerita"
    r"|ceritakan|bagitahu|bagitau|beritahu|sebut|tulis|taip|hantar|share|kongsi)\b"
    r"|mesej\s+(?:aku|saya\s+)?(?:tadi|terakhir|sebelum\s+ni|yang\s+tadi)|(?:yang|yg)\s+(?:tu|itu|tadi)\b"
    r"|(?:tu|itu|ni|ini)(?=\s*(?:[,.;:!?…)]|$|\s+(?:je|ja|aje|jelah|la|lah|ye|ok|k)\b)))"
)
#: A matter named ("abaikan je pasal pindah KL tu", "tak payah layan cerita hutang tu").
_MS_MATTER = r"(?:pasal|fasal|bab|cerita)\b[^,.!?]{1,60}?\b(?:tu|itu|tadi)\b"
_MS = re.compile(
    _MS_LEAD + _MS_VERB + r"\s+(?:(?:je|ja|aje|jelah|saja|sahaja|la|lah)\s+)?(?:" + _MS_SAID + "|" + _MS_MATTER + ")",
    re.I,
)

#: The verbs as one alternation, for the readers of a deictic object (module docstring).
IGNORING = (
    r"ignore|disregard|never\s*mind|nvm|pay\s+no\s+(?:attention|mind|heed)|take\s+no\s+notice|ignorez|tiens\s+pas\s+compte"
    r"|tenez\s+pas\s+compte|fais\s+pas\s+attention|faites\s+pas\s+attention|prends\s+pas\s+en\s+compte|abaikan(?:lah)?"
    r"|hiraukan|hirau|pedulikan|endahkan|ambil\s+kira|ambik\s+kira"
)
#: The Chinese verbs, searched anywhere (no word boundary).
ZH_IGNORING = r"别管|不用管|不要管|甭管|别理|不用理|不要理|别理会|无视|忽略|忽视|别在意|不用在意|别当真|不用当真"

#: Words of these cues, left out of a request's topic (keys, and Chinese tokens).
IGNORE_WORDS = frozenset(
    "ignore ignores disregard never mind nvm nevermind pay attention heed notice take any dont don't "
    "ignorez ignorer tiens tenez tenir compte fais faites attention prends prenez prendre laisse laissez tomber "
    "occupe occupez dernier precedent message messages msg texto last previous earlier literally "
    "abaikan abaikanlah hiraukan hirau peduli pedulikan endahkan layan ambil ambik kira serius mesej terakhir "
    "sebelum viens venais dire ecrire disais racontais".split()
) | frozenset(
    (
        "用",
        "别管",
        "不用管",
        "不要管",
        "甭管",
        "管",
        "理",
        "别理",
        "理会",
        "无视",
        "忽略",
        "忽视",
        "在意",
        "当真",
        "略过",
    )
)


def ignore_cue(folded: str) -> bool:
    """Whether ``folded`` (a sentence, NFKC-folded, ASCII apostrophes) asks to pay no heed to what
    the user said (module docstring)."""
    return bool(_EN.search(folded) or _FR.search(folded) or _ZH.search(folded) or _MS.search(folded))
