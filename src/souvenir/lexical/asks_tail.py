"""A sentence that asks without "?" by its frame of hesitation or by an opinion asked at its
end (pure; issue #26, session 20): "torn between selling the flat or renting it out, what would
you do", « j'hésite à reprendre mes études, t'en penses quoi », 在考研和工作之间纠结，你觉得呢,
"serba salah nak pindah KL, apa pendapat awak".

Two cues, read by :func:`souvenir.lexical.questions.mark_questions` beside its own:

* :data:`HESITATES` — the user weighing a choice: "torn between", "on the fence about",
  "can't decide whether / between / if", "debating whether", « j'hésite à / entre / si », « je
  suis partagé(e) entre », « je sais pas trop si », 在…之间纠结 / 拿不定主意 / 下不了决心, "serba salah",
  "berbelah bahagi", "tak boleh nak buat keputusan". The clause that hesitates asks; a clause
  after it may state.
* :data:`OPINION_TAIL` — the listener's view asked in a clause closing the sentence: "what would
  you do", "what do you think", "thoughts", "wdyt", « t'en penses quoi », « tu ferais quoi à ma
  place », « ton avis », 你觉得呢 / 你怎么看 / 换你你会怎么做 / 你说呢, "apa pendapat awak", "awak rasa
  macam mana", "kalau awak, awak buat apa". The sentence before it asks when it weighs a choice
  (:data:`ALTERNATIVE`: "or", « ou », 还是 / 或者, "atau"): "selling it or keeping it, what would you
  do"; a plan told before the tail is told ("Selling my flat in June, thoughts": kept).

A sentence ending in "?" is read by the question-mark rules, not here.

Shape::

    HESITATES.search("torn between selling my guitar or keeping it")   -> a match
    OPINION_TAIL.search("…, t'en pense quoi")                            -> a match
"""

from __future__ import annotations

import re

__all__ = ["ALTERNATIVE", "HESITATES", "OPINION_TAIL"]

#: A choice between two things: "or", « ou », 还是 / 或者 / 或是, "atau".
ALTERNATIVE = re.compile(r"\b(?:or|ou|atau|ataupun)\b|还是|或者|或是", re.I)

HESITATES = re.compile(
    r"\b(?:(?:i'?m|am|i\s+am|been|so|really)\s+)?(?:torn\s+(?:between|about|on|over)|on\s+the\s+fence\s+(?:about|over|on|whether)"
    r"|(?:can'?t|cannot|can\s+not|couldn'?t)\s+(?:quite\s+)?(?:decide|make\s+up\s+my\s+mind)\s+(?:whether|between|if|on|about)"
    r"|debating\s+(?:whether|if|between)|in\s+two\s+minds\s+(?:about|over|whether))\b"
    r"|\b(?:j'|je\s+)(?:hésite|h[ée]site)\s+(?:à|a|entre|si|s')"
    r"|\bje\s+suis\s+(?:trop\s+|vraiment\s+)?(?:partagée?|tiraillée?)\s+entre\b"
    r"|\b(?:je\s+)?(?:ne\s+)?(?:sais|sait)\s+pas\s+(?:trop\s+|vraiment\s+)?(?:si|s'|quoi\s+faire)\b"
    r"|\bj'arrive\s+pas\s+à\s+(?:me\s+)?(?:décider|trancher)\b"
    r"|(?:之间|中间)(?:很|好|有点|一直|还在)?纠结|拿不定主意|下不了决心|左右为难|举棋不定"
    r"|\b(?:serba\s+salah|berbelah\s+bahagi|(?:tak|tidak|x)\s+(?:boleh|dapat)\s+(?:nak\s+)?(?:buat\s+keputusan|decide))\b",
    re.I,
)
OPINION_TAIL = re.compile(
    r"(?:^|[,，;；:：.…]\s*|\s)(?:so\s+|and\s+)?(?:what\s+(?:would|should|do|did)\s+you\s+(?:do|think|suggest|reckon)(?:\s+i\s+should\s+do)?"
    r"|what\s+do\s+you\s+reckon|what'?s\s+your\s+(?:take|view|opinion|advice)|thoughts|wdyt|any\s+(?:advice|thoughts|ideas)"
    r"|(?:qu'est-ce\s+que\s+|qu'est\s+ce\s+que\s+)?(?:t'en|tu\s+en|vous\s+en)\s+(?:penses?|pensez|dis|dites)(?:\s+quoi)?"
    r"|tu\s+ferais\s+quoi(?:\s+à\s+ma\s+place)?|(?:et\s+)?(?:ton|votre)\s+avis|t'as\s+un\s+avis"
    r"|apa\s+pendapat\s+(?:awak|kau|anda|you|korang)|(?:awak|kau|you|korang)\s+rasa\s+(?:macam\s+mana|camne|camana|apa)"
    r"|kalau\s+(?:awak|kau|you)(?:\s+jadi\s+saya)?,?\s+(?:awak|kau|you)\s+(?:buat|pilih)\s+apa)"
    r"\s*[.!…~]*\s*$"
    r"|[，,]?\s*(?:你(?:觉得|认为|看|说)呢|你怎么看|换(?:成|做)?你(?:的话)?,?你?会怎么(?:做|选)|你会怎么(?:做|选)|你说呢|给点建议|求建议)[。.!！~～…]*\s*$",
    re.I,
)
