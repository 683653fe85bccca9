"""A conversation's closing: thanks and a leave-taking in one sentence (issue #25).

Pure (sentence in, verdict out). Session 22's held-out runs kept, in both modes, messages that
only close the chat: 好嘞，谢谢小星，我先睡了。 ("OK, thanks Xiaoxing, I'm off to sleep"),
"Ok dah tangkap. Terima kasih Dina, nanti akak sambung. Bye!" ("got it, thanks Dina, I'll
carry on later"). Each clause of such a sentence is chit-chat on its own, but the sentence as a
whole was read as none of the kinds (:mod:`souvenir.lexical.chitchat`)::

    closing("好嘞，谢谢小星，我先睡了。")                  -> True
    closing("Terima kasih Dina, nanti akak sambung.")     -> True
    closing("Thanks Sam, I'm off to bed now.")            -> True
    closing("Merci Hugo, je reviens plus tard.")          -> True
    closing("Thanks Sam, I start at the bakery on Monday.") -> False  (a fact)
    closing("Thanks, I'm off to Japan next month.")       -> False  (a plan: not a leave-taking)

The rule: the sentence's clauses (cut at commas) are each an acknowledgement ("ok", "got it",
好嘞, "dah tangkap", "ok Dina"), a need of the moment calling the writer away (a pet's, a child's), thanks with at most the name it calls ("Thanks Sam", 谢谢小星, "Terima
kasih Dina"), a leave-taking (:func:`souvenir.lexical.passing.leaving`: "I'm off to bed", 我先睡了),
a "later" ("talk later", « je reviens plus tard », 回头再聊, "nanti sambung") or a farewell
("bye", 拜拜); and there are thanks (or the assistant called by name) **and** a leave-taking, a
"later" or a farewell in it. No
threshold: the lexicons are the rule; a place, a date or a number in a leave-taking makes it a
plan (:func:`~souvenir.lexical.passing.leaving`), and any other clause keeps the sentence.
"""

from __future__ import annotations

import re

from souvenir.lexical.momentary import momentary_need
from souvenir.lexical.passing import leaving

__all__ = ["closing"]

#: Thanks, with at most the name it calls (a capitalised word, or one to three Han characters).
_THANKS = re.compile(
    r"^(?:(?i:thanks|thank\s+you|thx|ty|cheers|merci|terima\s+kasih|tq|tqvm|thanks\s+a\s+lot|thank\s+you\s+so\s+much)"
    r"(?:\s+(?i:so\s+much|a\s+lot|beaucoup|bien|infiniment|banyak(?:-banyak)?|ya|yaa|ye|tau))?"
    r"(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?"
    r"|(?:谢谢|多谢|感谢|谢啦|谢了)(?:你|您|啦|了|哈)?(?:[\u4e00-\u9fff]{1,3})?)$"
)
#: An acknowledgement: ok, got it, noted, 好嘞, 好的, « d'accord », "dah tangkap", "baik".
_ACK = re.compile(
    r"^(?i:ok(?:ay|ey|eh)?|alright|all\s+right|right|got\s+it|noted|perfect|great|cool|d'accord|parfait|entendu"
    r"|c'est\s+not[ée]|bon|super|baik|baiklah|okeh|okey|dah\s+tangkap|faham|noted\s+ya|orait)"
    r"(?:\s+(?i:then|alors|lah|la|ya|dah|je))?(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?$"
    r"|^(?:好嘞|好的|好|行|嗯|嗯嗯|收到|明白了?|懂了|知道了)(?:啦|了|哈)?$"
)
#: "Later": "talk later", "I'll continue later", « je reviens plus tard », « à plus », 回头再聊,
#: 下次再说, "nanti sambung", "nanti akak sambung", "jumpa lagi".
_LATER = re.compile(
    r"^(?i:(?:i'?ll\s+|we'?ll\s+)?(?:talk|chat|continue|catch\s+up|pick\s+(?:this|it)\s+up|come\s+back|be\s+back"
    r"|speak)(?:\s+(?:to\s+you|with\s+you|more))?\s+(?:later|soon|tomorrow)"
    r"|(?:talk|speak|chat)\s+(?:to\s+you\s+)?(?:later|soon)|later|see\s+you(?:\s+(?:later|soon|tomorrow))?"
    r"|(?:je\s+)?(?:reviens|repasse|continue(?:rai)?|reprendrai)\s+(?:plus\s+tard|demain|bient[ôo]t)"
    r"|on\s+(?:en\s+)?(?:reparle|continue)\s+(?:plus\s+tard|demain|bient[ôo]t)|[àa]\s+(?:plus|bient[ôo]t|demain)(?:\s+tard)?"
    r"|nanti\s+(?:(?:saya|aku|akak|abang|adik|kita|sy)\s+)?(?:sambung|borak|sembang|tanya|contact|mesej|call)(?:\s+(?:lagi|balik))?"
    r"|jumpa\s+lagi|esok\s+(?:saya|aku|akak\s+)?sambung|(?:kena|nak|mesti)\s+(?:pergi|gerak|chow)(?:\s+dulu)?)$"
    r"|^(?:回头|下次|改天|明天|晚点)(?:再)?(?:聊|说|问|继续)(?:吧|啦|了)?$"
)
#: A farewell: bye, goodbye, « au revoir », « salut », 拜拜, 再见, "bye dulu", "selamat malam".
_FAREWELL = re.compile(
    r"^(?i:(?:good)?bye(?:\s+bye)?|bye\s+dulu|au\s+revoir|salut|ciao|cya|take\s+care|selamat\s+malam|good\s*night"
    r"|bonne\s+(?:nuit|soir[ée]e|journ[ée]e)|bye\s+for\s+now)(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?$"
    r"|^(?:拜拜|再见|晚安)(?:啦|了)?$"
)


def _clauses(sentence: str) -> list[str]:
    parts = re.split(r"\s*[,，;；、]\s*", sentence.strip().rstrip(" .!。！~～…?？"))
    return [p.strip(" .!。！~～…") for p in parts if p.strip(" .!。！~～…")]


def closing(sentence: str) -> bool:
    """Thanks — or an acknowledgement calling the assistant by name — and a leave-taking, a
    "later" or a farewell, with at most the moment's need that calls the writer away ("ok
    Dina, kucing akak dah naik atas meja, kena pergi": :func:`~souvenir.lexical.momentary.momentary_need`);
    nothing else (module docstring)."""
    thanked = leaves = False
    for clause in _clauses(sentence.replace("\u2019", "'")):
        if _THANKS.match(clause):
            thanked = True
        elif _LATER.match(clause) or _FAREWELL.match(clause) or leaving(clause):
            leaves = True
        elif _ACK.match(clause):
            thanked = thanked or bool(re.search(r"\s[A-Z\u00c0-\u00dd][\w'-]*$", clause))  # "ok Dina": called
        elif not momentary_need(clause):
            return False
    return thanked and leaves
