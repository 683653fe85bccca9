"""Chit-chat kinds of a view with no one in it (issue #25, conv-42, conv-43 and conv-44's runs).

Pure (one sentence in, verdict out); read by :func:`souvenir.lexical.chitchat.sentence_kind`
only when the sentence holds no first person, singular or plural (the caller checks), so
"It's amazing how we met" or "It captures my mood" stay facts::

    captures("It really captures that calming and peaceful feeling.")   -> True
    wonder("It's incredible how a team creates such strong ties.")      -> True
    wonder("It's incredible how fast it went.")                          -> True
    captures("It shows the way to the lake.")                            -> False

- ``captures`` — praise of the other's photo or painting with "it" (or the thing shown) for
  its subject: a verb of rendering and a quality it renders ("It really captures that
  calming feeling", « Elle capture vraiment l'ambiance paisible », 它真的拍出了那种宁静的感觉,
  "Ia betul-betul menangkap suasana yang tenang"). Without the quality ("It shows the way")
  it may be a fact.
- ``wonder`` — a general view in an exclamative frame: "It's incredible / amazing / crazy
  how …" (« C'est fou comme… », « C'est incroyable de voir… », 真神奇，…, "Memang
  menakjubkan bagaimana…"). LoCoMo's annotators sometimes note such a view as the
  speaker's ("It's amazing how a game brings people together"): its cost is measured
  (``bench/chitchat_share.py --by-kind wonder``; docs/write-path.md).
- ``relief`` — gladness that "it" is done or went well, with nothing named: "Glad it's all
  down!", "So glad that worked out!", « Contente que ce soit fini ! », 还好都搞定了！,
  "Lega semua dah siap!" (conv-42's second speaker, session 17). A thing named ("Glad the
  surgery went well") or more than three words after the verb is not read. Notes only
  (:data:`souvenir.lexical.chitchat.NOTE_ONLY`): the message stays the turn's episode.
"""

from __future__ import annotations

import re

__all__ = ["captures", "relief", "wonder"]

_QUALITY_EN = (
    r"feeling|feel|vibe|vibes|mood|essence|beauty|spirit|energy|emotion|emotions|atmosphere|ambiance|ambience"
    r"|tranquility|tranquillity|serenity|peace|calm|joy|magic|moment|colou?rs?|light|warmth|charm|soul"
)
_QUALITY_FR = (
    r"ambiance|atmosph[eè]re|sentiment|[ée]motion|beaut[ée]|calme|s[ée]r[ée]nit[ée]|paix|joie|esprit|essence"
    r"|magie|lumi[eè]re|couleurs?|moment|douceur|charme|[aâ]me"
)
_QUALITY_MS = (
    r"perasaan|suasana|keindahan|ketenangan|kedamaian|emosi|jiwa|semangat|keceriaan|warna|cahaya|saat|detik|aura"
)

#: "It (really) captures that calming feeling", "The photo perfectly conveys the mood".
_CAPTURES = re.compile(
    r"^\W*(?:it|this|that|the\s+(?:photo|pic|picture|shot|painting|drawing|image|view|video|sketch))\s+"
    r"(?:(?:really|truly|totally|perfectly|just|so|definitely|beautifully|absolutely)\s+)*"
    r"(?:captures?|captured|conveys?|conveyed|radiates?|exudes?|brings?\s+out|gives?\s+off|shows?\s+off"
    r"|embodies|embody|reflects?|evokes?)\b"
    rf"(?:\W+\w+){{0,6}}?\W+(?:{_QUALITY_EN})\b",
    re.IGNORECASE,
)
_CAPTURES_FR = re.compile(
    r"^\W*(?:elle|il|[çc]a|cela|la\s+photo|le\s+tableau|l'image|le\s+dessin)\s+"
    r"(?:(?:(?:capture|capte|rend|transmet|d[ée]gage|respire|traduit|refl[eè]te|[ée]voque)\s+)"
    r"(?:(?:vraiment|tellement|trop|bien|parfaitement|super)\s+)*)"
    rf"(?:\S+\s+){{0,5}}?(?:[ld]')?(?:{_QUALITY_FR})\b",
    re.IGNORECASE,
)
_CAPTURES_ZH = re.compile(
    r"^(?:它|这张(?:照片|图|画)?|这幅(?:画)?|照片|画面|这个视频)?(?:真的|真|完全|简直|太)?"
    r"(?:拍出了|捕捉到了|捕捉了|抓住了|表现出了|传达出了|透出(?:了)?|展现(?:出)?了)"
    r".{0,12}(?:感觉|氛围|宁静|平静|美感|意境|气息|情感|情绪|味道|温暖|光)"
)
_CAPTURES_MS = re.compile(
    r"^\W*(?:ia|gambar\s+(?:ini|itu)|foto\s+(?:ini|itu)|lukisan\s+(?:ini|itu))\s+"
    r"(?:(?:betul-betul|betul|memang|benar-benar|sangat|sungguh)\s+)*"
    r"(?:menangkap|menyampaikan|memancarkan|menyerlahkan|menggambarkan|menonjolkan)\b"
    rf"(?:\W+\w+){{0,6}}?\W+(?:{_QUALITY_MS})\b",
    re.IGNORECASE,
)

_WONDER_EN = re.compile(
    r"^\W*(?:(?:it's|it\s+is|isn't\s+it|it's\s+just)\s+)"
    r"(?:(?:so|really|just|truly|pretty|kind\s+of|kinda|always|seriously)\s+)*"
    r"(?:amazing|incredible|crazy|wild|insane|unbelievable|remarkable|fascinating|interesting|funny|cool|awesome"
    r"|wonderful|beautiful|heartwarming|inspiring|mind-blowing|mindblowing|astonishing|impressive|neat|sweet"
    r"|magical|special|touching|weird|strange)\s+"
    r"(?:how|what|that|when|to\s+see|seeing)\b"
    # "It's great to see the love and support for…" (conv-26's second speaker, session 16)
    r"|^\W*(?:it's|it\s+is)\s+(?:(?:so|really|just|truly)\s+)*(?:great|good|nice|lovely)\s+to\s+see\b",
    re.IGNORECASE,
)
_WONDER_FR = re.compile(
    r"^\W*(?:c'est|c’est|ce\s+qui\s+est)\s+(?:(?:vraiment|tellement|trop|quand\s+m[êe]me|juste)\s+)*"
    r"(?:fou|dingue|incroyable|g[ée]nial|fascinant|impressionnant|beau|magnifique|formidable|[ée]tonnant"
    r"|touchant|magique|chouette|dr[ôo]le|fort|extraordinaire|super|beau\s+de\s+voir)\s+"
    r"(?:comme|de\s+voir|ce\s+que|[àa]\s+quel\s+point|combien|qu[e']|quand)",
    re.IGNORECASE,
)
_WONDER_ZH = re.compile(
    r"^(?:真|真是|太|好|实在)?(?:神奇|不可思议|奇妙|有意思|有趣|感人|了不起|令人惊叹|让人感动|难以置信)(?:了|啊|呀)?"
    r"[，,！!]\s*\S"
    r"|^(?:真好|太好了|很高兴|好开心)[，,]?\s*(?:能)?看到"
)
_WONDER_MS = re.compile(
    r"^\W*(?:(?:memang|sungguh|sangat|betul|amat)\s+)?"
    r"(?:menakjubkan|hebat|luar\s+biasa|menarik|kelakar|pelik|mengagumkan|menyentuh\s+hati|best|bagus|seronok)\s+"
    r"(?:bagaimana|macam\s+mana|betapa|tengok|melihat)\b",
    re.IGNORECASE,
)


def captures(sentence: str) -> bool:
    """Praise of a thing shown through what it renders (module docstring)."""
    text = sentence.strip().replace("\u2019", "'")
    return any(p.search(text) for p in (_CAPTURES, _CAPTURES_FR, _CAPTURES_ZH, _CAPTURES_MS))


def wonder(sentence: str) -> bool:
    """A general view in an exclamative frame (module docstring)."""
    text = sentence.strip().replace("\u2019", "'")
    return any(p.search(text) for p in (_WONDER_EN, _WONDER_FR, _WONDER_ZH, _WONDER_MS))


#: "Glad it's all down!": a word of gladness, "it" / "that" / "everything" for a subject, a
#: verb and at most three words after it, nothing before the gladness but an exclamation.
_RELIEF_EN = re.compile(
    r"^\W*(?:(?:oh|wow|phew|whew|well|yeah|so|really|just|super|very)\W+)*"
    r"(?:glad|happy|relieved|good\s+thing|thank\s+(?:god|goodness))\s+(?:that\s+)?"
    r"(?:it|that|this|everything|it\s+all|all|things)(?:'s|\s+(?:is|was|are|were|has|have|had|went|worked|turned|got"
    r"|came|ended|paid))"
    r"(?:\s+[\w'-]+){0,3}\W*$",
    re.IGNORECASE,
)
_RELIEF_FR = re.compile(
    r"^\W*(?:(?:oh|ouf|bon|ah)\W+)*(?:(?:trop|tellement|super|vraiment)\s+)?"
    r"(?:content|contente|ravi|ravie|heureux|heureuse|soulag[ée]e?|tant\s+mieux)\s+(?:que|qu'|si)\s*"
    r"(?:[çc]a|ce|tout|cela)\s+(?:\S+\s*){0,4}$",
    re.IGNORECASE,
)
_RELIEF_ZH = re.compile(
    r"^(?:还好|幸好|好在|很高兴|真高兴|太好了)[，,]?(?:一切|都|这|它|总算|终于)+.{0,6}了?[！!。.]*$"
)
_RELIEF_MS = re.compile(
    r"^\W*(?:lega|syukur|syukurlah|nasib\s+baik|baguslah|gembira)\s+(?:semua(?:nya)?|ia|itu|dah)\b(?:\s+\w+){0,3}\W*$",
    re.IGNORECASE,
)


def relief(sentence: str) -> bool:
    """Gladness that an unnamed "it" is done (module docstring)."""
    text = sentence.strip().replace("\u2019", "'")
    return any(p.search(text) for p in (_RELIEF_EN, _RELIEF_FR, _RELIEF_ZH, _RELIEF_MS))
