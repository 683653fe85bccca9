"""Asks: a sentence that asks the other for their news or their view (issue #25).

A chit-chat kind (:mod:`souvenir.lexical.chitchat`): the writer's "me" is only the one to be
told. Pure (one sentence in, verdict out)::

    request("Tell me more!")                                       -> True
    request("Let me know what you think of it when you're done!")  -> True
    request("Keep me posted!")                                     -> True
    request("Let me know when you're in Paris.")                   -> False  (a place)
    request("Tell me more about my results, doctor.")              -> False  ("my")

``request`` — "tell me (more / all about it)", "let me know (what you think / how it goes /
if you like it)", "keep me posted / updated", "send me a pic", « Dis-moi ce que tu en penses »,
« Raconte-moi tout », « Tiens-moi au courant », 告诉我你觉得怎么样, 跟我说说, 随时告诉我,
"Beritahu saya apa pendapat awak", "Ceritalah lagi", "Roger saya nanti" — followed by nothing
of the writer's own, no third person, digit, capitalised word or time word
(:func:`souvenir.lexical.reaction._clean`), the listener's "you" allowed. "Let me know if
you need help moving" is an offer, also no fact about the writer.

What the kind costs on LoCoMo: ``bench/chitchat_share.py --by-kind request``
(docs/write-path.md). No threshold: the lexicons are the rule.
"""

from __future__ import annotations

import re

from souvenir.lexical.reaction import _bare, _clean

__all__ = ["request"]

_OPEN = r"^\W*(?:(?:oh|wow|so|well|and|ok|okay|please|pls|alors|bon|eh|wah|tolong)\b\W*)*"
_REQUEST = re.compile(
    _OPEN + r"(?:(?:please\s+)?(?:tell|show)\s+me(?:\s+(?:more|all\s+about\s+it|everything|about\s+it))?"
    r"|let\s+me\s+know|keep\s+me\s+(?:posted|updated|in\s+the\s+loop)|send\s+me\s+(?:a\s+|some\s+)?(?:pic|pics|picture"
    r"|pictures|photo|photos)|i(?:'d|\s+would)\s+love\s+to\s+(?:hear|see)(?:\s+(?:more|about\s+it|it|them|how\s+it\s+goes))?"
    r"|can't\s+wait\s+to\s+(?:hear|see)\s+(?:more|about\s+it|it|them|how\s+it\s+goes|what\s+you\s+think)"
    r"|(?:dis|raconte|racontez|dites)-moi|tiens-moi\s+au\s+courant|tenez-moi\s+au\s+courant|envoie-moi\s+(?:une\s+)?photo"
    r"|j'(?:aimerais|adorerais)\s+(?:bien\s+)?(?:voir|savoir)|(?:(?:saya|aku)\s+)?(?:teringin|nak|ingin)\s+(?:nak\s+)?(?:tengok|lihat|tahu)"
    r"|(?:beritahu|bagitahu|bagitau|roger)\s+(?:saya|aku)|cerita(?:kan)?lah(?:\s+lagi)?|hantar(?:kan)?\s+(?:saya\s+)?gambar)",
    re.I,
)
_ZH_REQUEST = re.compile(
    r"^(?:哇[，,]?)?(?:(?:请|记得)?(?:随时|回头|到时候)?(?:告诉|通知)我|(?:跟|和)我(?:说说|讲讲|说一下)|多(?:说|讲)(?:点|一些)"
    r"|(?:给|发)我(?:看看|发张照片)|我?(?:好|很|真)想(?:看看|知道))"
    r"(?:你(?:觉得|的想法)?(?:怎么样|如何)?|一下|吧|哦|啊|呀|结果|进展|情况)*[！!。~～]*$"
)


def request(sentence: str) -> bool:
    """An ask for the other's news or view (module docstring)."""
    text = _bare(sentence)
    if _ZH_REQUEST.match(text):
        return True
    found = _REQUEST.match(text)
    if not found:
        return False
    return _clean(text[found.end() :], time_ok=False)
