"""A sarcasm marker set apart in brackets or asterisks, in four languages (pure; issue #26,
round 10): "(sarcasm)", "*sarcasm*", "(not)", "(jk)", « (ironie hein) », « (ou pas) », « *second
degré* », （并不）, （才不）, （反话）, *开玩笑的*, "(perli je)", "*sarcasm*", "(tipu je)".

The mark is a closed bracket — ( ), （ ）, [ ], * *, ＊ ＊ — holding only a cue word or
phrase of the list below, with at most a filler around it (hein, quoi, lol, obviously, bien
sûr, la / lah / je, 啊 / 哈 / 当然, ! and …). A bracket holding anything else ("(not sure)",
« (pas cher) », （不是很贵）, "(lol)") is no mark: the cue has to fill it.

:data:`MARKED` is read by :func:`souvenir.lexical.questions.sarcastic` beside its strong cues.
"""

from __future__ import annotations

import re

__all__ = ["MARKED"]

_CUES = (
    # en
    r"sarcasm|sarcastic|sarcastically|irony|ironic|ironically|not|not\s+really|kidding|just\s+kidding|jk|j/k"
    r"|joking|not\s+at\s+all|yeah\s+right|/s"
    # fr
    r"|ironie|ironique|iro|sarcasme|sarcastique|second\s+degré|2nd\s+degré|je\s+rigole|je\s+plaisante|ou\s+pas"
    r"|pas\s+du\s+tout|c'est\s+ironique|humour|mdr\s+non|lol\s+non|non"
    # zh
    r"|并不|并没有|才不|才怪|才不是|反话|讽刺|反讽|说反话|开玩笑的?|开个玩笑|假的|骗你的|不是|没有|误|棒读|阴阳怪气|狗头|反语"
    # ms
    r"|perli|sindir|sindiran|menyindir|tipu|gurau|bergurau|main[- ]main|tak\s+pun|takde\s+la|bukan|sarkastik"
)
_FILLERS = (
    r"(?:hein|quoi|hien|lol|mdr|ptdr|haha+|obviously|of\s+course|obvs|bien\s+sûr|évidemment|la|lah|je|jer|ye"
    r"|kot|kut|啊|哈+|当然|呵呵|[!！.…~～?？])"
)
_INNER = rf"\s*(?:{_FILLERS}\s*)*(?:{_CUES})(?:\s*(?:,\s*)?{_FILLERS})*\s*"
#: A cue that fills its bracket or its asterisks.
#: A denial shouted after the sentence, closing the message: "… NOT.", « … PAS. », "... not", "… TAK."
#: (after an ellipsis any case; after a comma or a full stop in capitals only).
_TRAILING = (
    r"(?:…|(?<!\.)\.{2,6})\s{0,3}(?:not|pas|tak|bukan|nah)\s{0,3}[.!]{0,3}\s*$|[,.!]\s+(?-i:NOT|PAS|TAK|BUKAN)\s*[.!]*\s*$"
    r"|^\s*(?:(?-i:NOT|PAS|TAK|BUKAN)|not)\s*[.!]*\s*$"  # the same denial, cut off as a sentence of its own
)
MARKED = re.compile(
    rf"[(（\[]{_INNER}[)）\]]|(?<![\w*])[*＊]{_INNER}[*＊](?![\w*])|{_TRAILING}",
    re.I,
)
