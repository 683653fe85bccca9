"""Words of courtesy that name nothing (pure): "please", "thanks", « s'il te plaît »,
« d'accord ? », 谢谢, 好吗, "terima kasih", said around a request.

A request to forget names its topic by its content words (:mod:`souvenir.lexical.forget_cues`);
a courtesy said with it is no part of what to forget. « Oublie ce que je t'ai dit sur mes
dettes, s'il te plaît » had the topic {dettes, plaît}, which the memory « J'ai 5000 euros de
dettes » holds half of with one word: nothing was erased (session 23, lane newuser8: a
French companion's user, through the proxy). The same with "terima kasih", 谢谢, 好吗 and
« d'accord ? ».

Two kinds are taken out:

* a word of thanks closing its clause with at most three words after it: "thank you
  (kindly / so much)", "thanks in advance", "cheers", "tq"; « merci (infiniment / d'avance) »;
  "terima kasih (banyak-banyak)", "makasih";
* a courtesy phrase, wherever it stands (it is never a topic): "please"; « s'il te plaît »,
  « s'te plaît », « s'il vous plaît », « steuplé », « je t'en prie », « merci (beaucoup) »,
  « pourrais-tu », « peux-tu », « pourriez-vous »…; (先)谢谢(你/您), 多谢, 拜托了, 麻烦你了;
  "terima kasih";
* a tag question closing a clause: en "ok?", "okay?"; fr « d'accord ? »,
  « tu veux bien ? », « ok ? »; zh 好吗, 好不好, 行吗, 行不行, 可以吗; ms "boleh?", "boleh tak?",
  "ya?" — only before a comma, a sentence's end or the end of the text, so « l'accord de
  Paris » keeps its words.

``without_courtesy(text)`` returns the text with each of them replaced by a space (linear: two
regular expressions, each match bounded to a few words).
"""

from __future__ import annotations

import re

__all__ = ["without_courtesy"]

#: A word of thanks; with up to three words after it that close the clause ("thank you kindly",
#: « merci infiniment », "terima kasih banyak-banyak", "thanks in advance") it is courtesy.
_THANKS = r"(?:thank\s+(?:you|u)|thanks|thx|tks|ty|tq|cheers|merci|terima\s+kasih|makasih)"
_PHRASE = re.compile(
    r"\b" + _THANKS + r"(?:[ \t]+[^\W\d_][\w'’-]*){0,3}(?=\s*(?:[,;:.!?…)]|$))"
    r"|\b(?:please|pls|plz"
    r"|s['’](?:il\s+)?(?:te|vous)\s+pla[iî]t|steupl(?:é|e|ait|aît)|je\s+(?:t['’]en|vous\s+en)\s+prie"
    r"|merci(?:\s+(?:beaucoup|bien))?(?:\s+d['’]avance)?"
    r"|(?:peux|pourrais|pouvez|pourriez|veux|voudrais|voulez|voudriez)-(?:tu|vous)"
    r"|terima\s+kasih)\b"
    r"|先?谢谢[你您]?|多谢|拜托了|麻烦你了",
    re.I,
)
_TAG = re.compile(
    r"(?:\b(?:ok|okay|d['’]accord|tu\s+veux\s+bien|boleh(?:\s+tak)?|ya)\b|好吗|好不好|行吗|行不行|可以吗)"
    r"\s*[?？]?\s*(?=[,，;；.!?。！？…]|$)",
    re.I,
)


#: A determiner before a word of thanks makes it a thing named, never courtesy: "the thank you
#: notes", "my thank-you cards", « le merci d'avance », « un merci », "satu terima kasih".
_NAMED_BEFORE = re.compile(
    r"\b(?i:the|a|an|my|your|his|her|our|their|those|these|this|that|some|any|all|no|le|la|les|l['’]|un|une|des"
    r"|du|mes|tes|ses|nos|vos|leurs|ces|ce|cet|cette|mon|ton|son|sa|ta|ma|satu|sebuah|ucapan|kad|majlis|nota)\s*$"
)
_THANKS_WORD = re.compile(_THANKS + r"|merci|terima\s+kasih", re.I)


def _courtesy(m: re.Match[str]) -> str:
    """:data:`_PHRASE`'s replacement: a space, unless the phrase is a thanks after a
    determiner (:data:`_NAMED_BEFORE`): then it names a thing and stays (a request to forget
    "the thank you notes" had no topic left and was read as "forget that": session 24)."""
    if _THANKS_WORD.match(m.group(0)) and _NAMED_BEFORE.search(m.string, max(0, m.start() - 12), m.start()):
        return m.group(0)
    return " "


def without_courtesy(text: str) -> str:
    """``text`` with its courtesy phrases and closing tag questions replaced by a space (a
    thanks after a determiner is a thing named and stays: "the thank you notes")."""
    return _TAG.sub(" ", _PHRASE.sub(_courtesy, text))
