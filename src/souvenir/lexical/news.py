"""News in passing: a comment on the other's doing, a preface to one's own (issue #25).

Two chit-chat kinds (:mod:`souvenir.lexical.chitchat`) that state no fact. Pure (one
sentence in, verdict out)::

    comment("That's really making a big impact.")                  -> True
    comment("That made a big difference in my life.")               -> False  ("my")
    preface("I gotta tell you about this thing with my biz.")       -> True
    preface("I have to tell you about my new job.")                 -> False  (the news is said)

- ``comment`` — a demonstrative (that / this / it, ça / c'est, 这 / 那, itu / ini) and only
  words of impact or weight: "That's really making a big impact", "That's a big step",
  "It must have been so meaningful", « Ça fait vraiment une grande différence », « C'est un
  grand pas », 这真的很有意义, 那是一大步, "Itu memang memberi kesan besar", "Itu satu
  langkah besar". Session 13's ``praise`` asks for a word of beauty ("That bowl is
  gorgeous"); the other's doing is judged by its weight. Never one with the writer, a third
  person, a digit, a capitalised word or a time word in it
  (:func:`souvenir.lexical.reaction._clean`).
- ``preface`` — an announcement of news that the sentence does not tell: "I gotta tell you
  about this thing with my biz", "Guess what!", "I've got some big news", « Faut que je te
  raconte un truc », « Devine quoi ! », 我要告诉你一件事, 你猜怎么着, "Saya ada berita nak
  kongsi", "Teka apa!", "Crazy things happened to me!", « Il m'est arrivé plein de trucs »,
  最近发生了好多事, "Banyak benda dah jadi". After the frame only vague words (thing, something, news, stuff…);
  a noun after "my" only behind such a word ("this thing with my biz": the news is still
  untold). "I have to tell you about my new job" is kept.

What each kind costs on LoCoMo: ``bench/chitchat_share.py --by-kind comment,preface``
(docs/write-path.md). No threshold: the lexicons are the rule.
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import strip_accents
from souvenir.lexical.reaction import _bare, _clean

__all__ = ["comment", "preface"]

_OPEN = r"^\W*(?:(?:oh|wow|aw+|yeah|yes|and|well|ah|wah|ooh|omg|whoa|so|ok|okay|alors|bon|ben|eh)\b\W*)*"
_DEMO = re.compile(
    _OPEN + r"(?:that|this|it|ca|ça|cela|c'est|ceci|itu|ini)(?:'s|\s+is|\s+was|\s+must|\s+has|\s+had|\s+sounds)?\b",
    re.I,
)
#: Words of impact or weight, and the function words around them (folded, accents off).
_WEIGHT = frozenset(
    """really truly so such quite very totally definitely certainly surely must be been have has had having is was
    a an the some make makes making made big huge real massive positive lasting significant tremendous major
    impact impacts difference step steps deal achievement accomplishment milestone meaningful rewarding
    important powerful admirable commendable sounds sound like one
    fait faire vraiment tellement une un grande grand grosse gros enorme vraie vrai difference impact pas etape
    exploit accomplissement significatif important importante enrichissant gratifiant sens beaucoup de du est a
    doit etre ete c'est ca cela
    memang sungguh sangat betul-betul benar-benar memberi membawa beri bawa kesan impak perubahan besar
    mendalam positif satu langkah pencapaian bermakna penting yang adalah sekali""".split()
)
#: The words among them that carry the weight: one must be said.
_CORE = frozenset(
    """impact impacts difference step deal achievement accomplishment milestone meaningful rewarding significant
    admirable commendable difference pas etape exploit accomplissement significatif enrichissant gratifiant sens
    kesan impak perubahan langkah pencapaian bermakna""".split()
)
_ZH_COMMENT = re.compile(
    r"^(?:哇[，,]?)?(?:这|那)(?:真的|真|确实|的确|一定)?(?:是)?(?:很|非常|特别|太)?"
    r"(?:有意义|意义重大|有影响力|影响很大|了不起|一大步|很大的一步|很大的进步|重要的一步|不容易)"
    r"(?:啊|呀|了|的|呢)?[！!。~～]*$"
)

#: The frame announcing news: "I gotta tell you (about)", "guess what", "I've got news".
_PREFACE = re.compile(
    _OPEN + r"(?:i\s+(?:gotta|got\s+to|have\s+to|need\s+to|must|want\s+to|wanna|'ve\s+got\s+to|have\s+got\s+to)\s+"
    r"(?:tell|share\s+with|update)\s+you(?:\s+(?:about|on|something))?"
    r"|(?:i(?:'ve|\s+have)?\s+got|i\s+have|there's|here's)\s+(?:some\s+|big\s+|great\s+|exciting\s+|crazy\s+)*news"
    r"|i\s+have\s+something\s+to\s+(?:tell|share\s+with)\s+you|guess\s+what|wait\s+(?:till|until)\s+you\s+hear"
    r"|you\s+won't\s+believe\s+(?:what\s+happened|this)"
    r"|(?:(?:so\s+many|crazy|wild|big|exciting|lots\s+of|a\s+lot\s+of|some|many)\s+)+(?:things|stuff)\s+(?:have\s+|has\s+)?"
    r"happened|so\s+much\s+(?:has\s+)?happened|il\s+m'est\s+arriv[ée]\s+(?:plein\s+de|des|tellement\s+de)\s+(?:trucs|choses)"
    r"|banyak\s+(?:benda|perkara|hal)\s+(?:gila\s+|pelik\s+)?(?:dah\s+|telah\s+)?(?:jadi|berlaku)"
    r"|(?:il\s+)?faut\s+que\s+je\s+te\s+(?:raconte|dise)|j'ai\s+(?:un\s+truc|quelque\s+chose|une\s+(?:grande\s+|bonne\s+)?"
    r"nouvelle)\s+(?:[àa]\s+te\s+(?:raconter|dire|annoncer))?|devine\s+quoi|tu\s+devineras\s+jamais"
    r"|(?:saya|aku)\s+(?:ada\s+)?(?:nak|mahu|perlu|ada)\s+(?:cerita|beritahu|bagitahu|kongsi)(?:\s+(?:awak|kau|kamu))?"
    r"|(?:saya|aku)\s+ada\s+(?:berita|benda|sesuatu)(?:\s+(?:baik|besar|menarik))?"
    r"(?:\s+(?:nak|mahu|untuk)\s+(?:kongsi|cerita|beritahu|bagitahu))?|teka\s+apa)",
    re.I,
)
#: What may follow the frame: vague words, with a noun after "my" only behind a vague head.
_VAGUE = frozenset(
    """this that the a an some something thing things stuff news what happened going on with about at on in of to
    my our big great exciting cool crazy wild huge new update updates going little quick real
    un une truc chose quelque des nouvelles nouvelle sur avec mon ma mes notre de du a raconter dire annoncer
    te t' sujet lately recently me folles dingues incroyables fous
    satu benda sesuatu berita pasal tentang dengan saya aku kami baru besar menarik hal nak kongsi cerita kat pada
    baru-baru ini""".split()
)
_HEADS = frozenset(
    "thing things something stuff news update truc chose nouvelle nouvelles benda sesuatu berita hal".split()
)
_OWN = frozenset("my our mon ma mes notre saya aku kami".split())
_ZH_PREFACE = re.compile(
    r"^(?:嘿|哎|诶)?[，,]?(?:我(?:要|得|必须|想)(?:告诉|跟|和)你(?:说)?|(?:跟|和)你说|我有(?:个|一个)?(?:好)?消息要(?:告诉|跟)你(?:说)?"
    r"|有(?:件|个)事(?:要|得)?(?:跟|和|告诉)你(?:说)?|你猜怎么着|你猜猜|(?:最近)?(?:我)?(?:发生了|遇到了)(?:好多|很多|一堆)(?:疯狂的|离谱的)?事(?:情)?)"
    r"(?:说)?(?:一件事|个事|件事|一个消息|个消息|一下)?(?:关于)?(?:我(?:的)?(?:生意|工作|店|公司)(?:上)?(?:的)?(?:事|事情)?)?"
    r"[！!。~～…]*$"
)


def comment(sentence: str) -> bool:
    """A comment on the other's doing by its weight (module docstring)."""
    text = _bare(sentence)
    if _ZH_COMMENT.match(text):
        return True
    found = _DEMO.match(text)
    if not found:
        return False
    rest = text[found.end() :]
    if not _clean(rest):
        return False
    words = [strip_accents(w.lower()) for w in re.findall(r"[\w'\u00c0-\u00ff-]+", rest)]
    return bool(words) and all(w in _WEIGHT for w in words) and any(w in _CORE for w in words)


def preface(sentence: str) -> bool:
    """An announcement of news the sentence does not tell (module docstring)."""
    text = _bare(sentence)
    if _ZH_PREFACE.match(text):
        return True
    found = _PREFACE.match(text)
    if not found:
        return False
    rest = text[found.end() :]
    if re.search(r"\d", rest):
        return False
    head = False
    after_own = False
    for raw in re.findall(r"[\w'\u00c0-\u00ff-]+", rest):
        word = strip_accents(raw.lower())
        if raw[0].isupper() and raw != "I":
            return False  # a name or a place: the news begins
        if word in _HEADS:
            head = True
        if word in _VAGUE:
            after_own = word in _OWN
            continue
        if not (head and after_own):
            return False  # a word of the news itself ("my new job")
        after_own = False
    return True
