"""Sarcasm with no marker: a liking of how something goes wrong (pure; issue #25, session 19).

SmolLM2-135M copied "Oh and I love how the bus is always late on the one day I'm early." as
a liking (dlg-en, session 18), from a message ending "Truly my favourite thing." No cue of
:mod:`souvenir.lexical.questions` is there: the sarcasm is in the frame. A liking of *how* or
*when* something happens ("I love how…", "gotta love it when…", « j'adore quand… »,
« j'adore comment… », 我就喜欢 / 最喜欢…, "saya suka bila…") whose clause names a mishap (late,
cancelled, broken, stuck in traffic, on hold; en retard, annulé, en panne, les bouchons;
迟到, 晚点, 堵车, 断网; lambat, rosak, jem, terputus) praises what no one likes: the literal
reading is the opposite of what the user means. ::

    liked_mishap("Oh and I love how the bus is always late.")          -> True
    liked_mishap("J'adore quand le train est annulé.")                  -> True
    liked_mishap("我就喜欢公交车总是迟到。")                               -> True
    liked_mishap("Saya suka bila internet terputus.")                   -> True
    liked_mishap("I love how the kids light up at the zoo.")            -> False  (no mishap)
    liked_mishap("I love the rain.")                                    -> False  (no how / when frame)
    liked_mishap("I hate how the bus is always late.")                  -> False  (said as it is)

:func:`echoed_liking` reads the short sentence after it that only repeats the liking
("Truly my favourite thing.", « Mon moment préféré. », 最爱了。, "Memang kegemaran saya."):
it is the same sarcasm. Both are read by :func:`souvenir.lexical.questions.sarcastic`.

No threshold: the frames and the mishaps are the rule. Rain, slowness and waiting are no
mishaps here ("I love it when it rains", "I love slow mornings" are sincere).
"""

from __future__ import annotations

import re

__all__ = ["echoed_liking", "liked_mishap"]

#: A liking of how or when something happens (en / fr / zh / ms).
_FRAME = re.compile(
    r"\b(?:i\s+(?:just\s+|really\s+|absolutely\s+|totally\s+|simply\s+)?(?:love|adore|enjoy)\s+(?:it\s+)?(?:how|when|that)"
    r"|(?:gotta|got\s+to|you\s+(?:just\s+)?(?:gotta\s+|have\s+to\s+)?)\s*love\s+(?:it\s+)?(?:how|when)"
    r"|j'(?:adore|aime(?:\s+trop|\s+bien)?)\s+(?:quand|lorsque|comment|la\s+façon\s+dont|le\s+fait\s+que)"
    r"|(?:saya|aku|sy)\s+(?:memang\s+|sangat\s+|betul\s+)?(?:suka|minat)\s+(?:(?:betul|sangat|gila)\s+)?"
    r"(?:bila|apabila|cara|masa)"
    r"|suka\s+(?:betul|sangat|gila)\s+(?:bila|apabila))\b"
    r"|(?:就|最|真|超|太)(?:喜欢|爱)",
    re.I,
)
#: Mishaps: what goes wrong with a bus, a line, a bill, a machine.
_MISHAP = re.compile(
    r"\b(?:late|delayed|delays?|cancell?ed|broken|breaks\s+down|broke\s+down|stuck|traffic|jams?|queues?|crash(?:es|ed)?"
    r"|freezes|froze|outages?|buffering|lags?|lagging|(?:goes|is|was|went)\s+down|on\s+hold|overcharged|charged\s+twice"
    r"|leaks?|leaking|spam|rude|ignored?|ignores|loses|lost\s+(?:my|our)|forgets?\s+my"
    r"|en\s+retard|retards?|annulée?s?|en\s+panne|pannes?|cassée?s?|coincée?s?|bouchons|embouteillages?|plante"
    r"|bugg?e|coupures?|coupée?|en\s+attente|facturée?s?\s+deux\s+fois|bruyante?s?|perdu"
    r"|lambat|lewat|rosak|batal|dibatalkan|jem|sesak|beratur|terputus|putus|tergendala|hang|bising|caj\s+dua\s+kali)\b"
    r"|迟到|晚点|延误|取消|坏了|堵车|塞车|排队|死机|断网|掉线|没信号|停电|加班|扣钱|乱收费|多收",
    re.I,
)
#: A short sentence that only says a liking: "Truly my favourite thing.", « Trop bien. », 最爱了。
_LIKING = re.compile(
    r"\b(?:favou?rite|love\s+it|best|préférée?|adore|génial|kegemaran|favorit|terbaik|suka)\b|最爱|最喜欢|太棒|爱死",
    re.I,
)
#: Words a sentence that only echoes a liking may hold (besides the liking itself).
_ECHO_WORDS = frozenset(
    """truly really just my the thing things part bit ever of all time so much simply absolutely totally
    mon ma le la truc moment partie vraiment trop c'est cest
    memang betul sangat saya yang paling benda""".split()
)


def liked_mishap(sentence: str) -> bool:
    """A liking of how or when a mishap happens (module docstring): the mishap is in the
    sentence after the frame."""
    frame = _FRAME.search(sentence.replace("\u2019", "'"))
    return bool(frame and _MISHAP.search(sentence.replace("\u2019", "'")[frame.end() :]))


def echoed_liking(sentence: str) -> bool:
    """A sentence of at most five words (eight Han characters) that only says a liking
    ("Truly my favourite thing.", 最爱了。): nothing but :data:`_LIKING` and light words."""
    text = sentence.strip().replace("\u2019", "'")
    if not _LIKING.search(text):
        return False
    if re.search(r"[\u4e00-\u9fff]", text):
        return len(re.sub(r"[^\u4e00-\u9fff]", "", text)) <= 8 and not re.search(r"[A-Za-z]", text)
    words = [w.lower() for w in re.findall(r"[\w']+", _LIKING.sub(" ", text))]
    return len(re.findall(r"[\w']+", text)) <= 5 and all(w in _ECHO_WORDS for w in words)
