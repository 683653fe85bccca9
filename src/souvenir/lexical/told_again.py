"""A fact said again with a frame of telling again (pure; issue #26, round 25).

"I told you, I'm allergic to nuts", "As I said, I work nights", "Again, I'm vegetarian", « Comme
je te l'ai dit, je suis allergique aux noix », « Je te le redis : je suis végétarienne »,
我跟你说过了，我对坚果过敏 / 我再说一遍，我吃素, "Macam saya cakap, saya alah pada kacang",
"Sekali lagi, saya vegetarian": the frame says the fact is a repeat; the fact is the rest. The
duplicate score (:mod:`souvenir.write.dedup`) reads a text without its frame, so the repeat
merges with the stored fact instead of standing beside it as a new memory. A frame that is all
the sentence says is left as it is (nothing else to read).

The frame opens the text (with a comma, a colon or a dash after it) or closes it ("…, I told
you", « …, je te l'ai dit », …，我说过了, "…, saya dah cakap"); "again" inside a clause ("Smoking
again", « A de nouveau mal au dos », 又感冒了) is no frame: a relapse or another occurrence is
read by its own rules (:mod:`souvenir.lexical.resumption`, :mod:`souvenir.lexical.story_steps`).
"""

from __future__ import annotations

import re

__all__ = ["told_again_free"]

_EN = (
    r"(?:(?:as|like)\s+i\s+(?:(?:already|just)\s+)?(?:said|told\s+you|mentioned|explained|wrote)(?:\s+(?:before|earlier|already))?"
    r"|i\s+(?:already\s+|just\s+)?(?:told|tell)\s+you(?:\s+(?:before|already|this|that|so|many\s+times|twice))*"
    r"|i(?:'ve|\s+have)\s+(?:already\s+)?(?:told|said|mentioned)(?:\s+(?:you|it|this|that))?(?:\s+(?:before|already|twice))*"
    r"|(?:once\s+)?again|for\s+the\s+(?:last|hundredth|millionth|nth|third|second)\s+time|to\s+repeat|i\s+repeat"
    r"|i'?ll\s+say\s+it\s+again|let\s+me\s+repeat|remember)"
)
_FR = (
    r"(?:comme\s+je\s+(?:te|vous)\s+l'ai\s+(?:déjà\s+)?(?:dit|expliqué|écrit)|je\s+(?:te|vous)\s+l'ai\s+(?:déjà\s+)?dit(?:\s+et\s+répété)?"
    r"|je\s+(?:t'|vous\s+)ai\s+(?:déjà\s+)?(?:dit|expliqué)"
    r"|je\s+(?:te|vous)\s+le\s+(?:redis|répète)|je\s+répète|encore\s+une\s+fois|pour\s+la\s+(?:énième|dernière|centième)\s+fois"
    r"|comme\s+je\s+(?:disais|l'ai\s+dit))"
)
_ZH = (
    r"(?:我)?(?:早就|已经|都)?(?:跟你|和你|对你|给你)?(?:说过|讲过|提过|告诉过你)(?:了|的)?(?:好几次|很多次|多少次)?了?"
    r"|(?:我)?再说一(?:遍|次)|(?:我)?重复一(?:遍|次)|都说了|说了多少次了?|就像我说的|正如我说的|我说了"
)
_MS = (
    r"(?:macam|seperti)\s+(?:yang\s+)?(?:saya|aku)\s+(?:dah\s+|sudah\s+|pernah\s+)?(?:cakap|kata|bagitahu|beritahu|sebut)"
    r"|(?:saya|aku)\s+(?:dah|sudah|pernah)\s+(?:cakap|kata|bagitahu|beritahu|sebut)(?:\s+(?:dah|tadi|sebelum\s+ni))?"
    r"|sekali\s+lagi|(?:saya|aku)\s+ulang"
)
#: The French first person with its copula, said in a repeat (« je suis allergique aux arachides »): a stored
#: note says « (Est) allergique aux arachides », and « suis » is a content word for the duplicate score.
_FR_SELF = re.compile(r"^(?:je\s+suis|j'suis|chuis)\s+", re.I)
_FRAME = rf"(?:{_EN}|{_FR}|{_ZH}|{_MS})"
#: What follows a frame said without a comma: "I already told you (that) I'm vegan", « je t'ai déjà dit que
#: je suis végane », 我说过我吃素, "saya dah cakap (yang) saya vegan" — the complement opens on the user.
_COMPLEMENT = (
    r"\s+(?:that\s+)?(?=(?:i|i'm|i've|my)\b)|\s*(?:que\s+|qu')(?=(?:je|j'|mon|ma|mes)\b)|(?=我)"
    r"|\s+(?:yang\s+)?(?=(?:saya|aku)\b)"
)
_OPENING = re.compile(
    rf"^\s*(?:(?:ok|okay|so|well|look|bon|alors|好吧|嗯|ok)\s*[,，]?\s*)?{_FRAME}(?:\s*(?:[,，:：;；—–-]|\.\.\.|…)\s*|{_COMPLEMENT})",
    re.I,
)
_CLOSING = re.compile(rf"\s*[,，;；—–-]\s*{_FRAME}\s*[.!。！]*\s*$", re.I)


def told_again_free(text: str) -> str:
    """``text`` without a frame of telling again at its start or end (module docstring); ``text``
    itself when it has none or is nothing else."""
    if len(text) > 1000:
        return text
    stripped = _CLOSING.sub("", _OPENING.sub("", text, count=1), count=1).strip()
    if stripped == text.strip() or not any(ch.isalnum() for ch in stripped):
        return text
    return _FR_SELF.sub("", stripped, count=1)  # « je suis allergique… » as a note says it: « allergique… »
