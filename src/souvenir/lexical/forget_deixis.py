"""A request to forget that points at what was just said (pure): "Actually, don't remember
that", « En fait, oublie ça », 算了，这事你别记了, "Eh tak payah ingat tu".

Such a request names nothing by its own words (:mod:`souvenir.lexical.forget_cues` finds it,
with an empty topic or one of fillers: 算了, "eh"), but its object is a *deictic* — a word
pointing at what the user has just said: that / this / "what I (just) said", ça / cela /
ceci / « ce que je viens de dire », 这事 / 这个 / 那个 / 刚才说的, tu / itu / ini / ni / "apa
saya cakap tadi". The engine then reads it as naming what the user's immediately previous
turn wrote, or the same message's earlier sentences (:mod:`souvenir.engine.chat_forget`).

Never such a request — "never mind" said with a verb of forgetting, which erases nothing:

* a verb of forgetting (forget, oublie, lupakan, 忘) whose only object is "it" or nothing:
  "Forget it", « Oublie », 忘了它吧, "Lupakan je lah";
* a verb of forgetting followed by the user's next step ("Forget that, I'll ask my mom",
  « Oublie ça, je vais demander à ma mère », 算了，忘了那个吧，我自己去问, "Lupakan tu, nanti saya
  tanya mak"): the user drops the subject, not what they said.

« Laisse tomber », 算了不说了, "tak apa lah" and "never mind" hold no verb of forgetting or
keeping: no request at all (forget_cues). A verb of keeping negated ("don't remember / save
that", « ne retiens pas ça », 别记, "tak payah ingat") is never "never mind".

Shapes::

    points_back(ForgetRequest("Actually, don't remember that", ()))  -> True
    points_back(ForgetRequest("Forget it, I'll ask my mom", ()))     -> False
    statement_before("I owe my cousin 500. Don't remember that.", request) -> "I owe my cousin 500."
"""

from __future__ import annotations

import re
from functools import lru_cache

from souvenir.lexical.forget_comment import bare_before_comment
from souvenir.lexical.forget_cues import ForgetRequest
from souvenir.lexical.forget_verbs import (
    EN_DELETE,
    EN_FORGET,
    EN_KEEP,
    EN_STRIKE,
    FR_DELETE,
    FR_FORGET,
    FR_KEEP,
    MS_DELETE,
    MS_FORGET,
    MS_KEEP,
    ZH_KEEP_OR_DELETE,
)
from souvenir.lexical.forget_ignore import IGNORING, ZH_IGNORING
from souvenir.lexical.normalize import nfkc_fold
from souvenir.lexical.tagged import content_of, tokenize

__all__ = ["FILLERS", "never_mind", "points_back", "says_something", "statement_before"]

#: Words that may stand in a deictic request's topic without naming anything: the deictics
#: themselves, interjections and discourse words said before the request (four languages).
FILLERS = frozenset(
    """that this it those these just actually well hmm um uh oh eh ah hey ok okay wait sorry never mind
    anyway so no nah yeah please pls plz last
    ça ca cela ceci bon euh ben bah enfin finalement fait attends pardon non viens dire dis venais
    tu itu ini ni alamak sebenarnya eh tak apa lah la je jelah aje saja tadi benda yang hmm weh aduh
    sorry maaf takpe takpelah
    plait tete head mind memory memoire ingatan memori keluarkan awak kau anda
    ugh argh oops whoops meh lol haha omg tbh gosh jeez sigh oups pff pfff bof mdr zut adoi aduh adui haih uish""".split()
)
#: Chinese deictics and interjections, taken out of a Chinese topic token (这事 / 算了 / 哎).
_ZH_FILLERS = (
    "这件事",
    "那件事",
    "这些事",
    "那些事",
    "这事儿",
    "那事儿",
    "这事",
    "那事",
    "这个",
    "那个",
    "这些",
    "那些",
    "这句",
    "那句",
    "这条",
    "那条",
    "刚才",
    "刚刚",
    "其实",
    "还是",
    "好吧",
    "算了",
    "哎呀",
    "哈哈",
    "哎",
    "唉",
    "嗯",
    "呃",
    "啊",
    "这",
    "那",
    "它",
    # what the cue leaves when the tokenizer splits it (不用记: 不 / 用 / 记)
    "不用",
    "不要",
    "不必",
    "无需",
    "用",
    "要",
    "必",
    "再",
    # the place it is cleared from and the verb, when the tokenizer glues them (从记忆里清掉)
    "记忆里",
    "记录里",
    "记忆",
    "记录",
    "移除",
    "清掉",
    "里",
)
#: A deictic object: what was just said (four languages). "it" is one only beside a verb
#: of keeping or deleting (":data:`_IT_ONLY`").
_DEICTIC = re.compile(
    r"\b(?:that|this|those|these)\b|\bwhat\s+i\s+(?:just\s+)?(?:said|told\s+you|wrote|typed|mentioned|shared)\b"
    r"|\bthe\s+last\s+(?:thing|part|bit|message|one)\b"
    r"|\b(?:ça|ca|cela|ceci)\b|\bce\s+que\s+je\s+(?:viens\s+de\s+(?:dire|raconter|écrire|t'écrire)|t'ai\s+dit"
    r"|vous\s+ai\s+dit|venais\s+de\s+dire|dis)\b|\b(?:ne|n')\s*(?:le|la|l')\s*(?:retiens|garde|note|enregistre|mémorise)"
    r"|\b(?:oublie|oubliez|efface|effacez|supprime|supprimez)-(?:le|la|les)\b"
    r"|这件事|那件事|这些事|那些事|这事|那事|这个|那个|这些|那些|这句|那句|这条|那条|刚才|刚刚"
    r"|\b(?:tu|itu|ni|ini)\b|\bapa\s+(?:yang\s+)?(?:saya|aku)\s+(?:cakap|kata|beritahu|cerita|tulis|sebut)\b|\btadi\b",
    re.I,
)
_IT = re.compile(r"\bit\b|它", re.I)
#: A verb of forgetting: with "it" or nothing for object it says "never mind".
_FORGETTING = re.compile(rf"\b(?:{EN_FORGET}|{FR_FORGET}|{MS_FORGET})\b|忘", re.I)
#: A verb of keeping, deleting or paying no heed: its deictic object is what was said ("don't save it",
#: "ignore that"); the verbs are forget_cues' own (:mod:`souvenir.lexical.forget_verbs`,
#: :mod:`souvenir.lexical.forget_ignore`).
_KEEPING = re.compile(
    rf"\b(?:{EN_KEEP}|{EN_DELETE}|{EN_STRIKE}|{FR_KEEP}|{FR_DELETE}|{MS_KEEP}|(?:{MS_DELETE})(?:kan)?|{IGNORING})\b"
    rf"|{ZH_KEEP_OR_DELETE}|{ZH_IGNORING}",
    re.I,
)
#: The next step said after a verb of forgetting ("…, I'll ask my mom", « …, ma mère va m'aider »):
#: someone will see to it, the subject is dropped — a future, an offer of help or "never mind".
_NEXT_STEP = re.compile(
    r"'ll\b|\b(?:will|gonna|going\s+to|can\s+help|let\s+me|never\s*mind|ask|figure)\b"
    r"|\b(?:vais|va|vont|demanderai|demander|verrai|regarderai|débrouille|aider|aidera|laisse\s+tomber)\b"
    r"|\bj'(?:irai|appellerai|verrai)\b"
    r"|我(?:自己|去|再|问|找|来)|会帮|帮我|不说了|没事|问问"
    r"|\b(?:akan|nanti|biar|tanya|tolong|tak\s+apa|takpe|takpelah)\b",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?。！？…])\s*|\n+")
#: Characters read on each side of a request for what it points at or the next step: what was
#: "just said" is near it, and a long message of many requests is read in linear time.
_NEAR = 400


def _filler(key: str, cjk: bool) -> bool:
    if not cjk:
        return key in FILLERS
    for word in _ZH_FILLERS:
        key = key.replace(word, "")
    return not key


def _bare(request: ForgetRequest) -> bool:
    """No whole, "everything" or attribute request; a topic of fillers at most, or a clause of
    fillers followed by the user's comment on it (:func:`~souvenir.lexical.forget_comment.bare_before_comment`:
    « retiens pas ça, c'est trop perso », "jangan ingat yang tu, malu saya")."""
    if request.whole or request.everything or request.attribute:
        return False
    if all(_filler(tok.key, tok.cjk) for tok in request.topic):
        return True
    return bare_before_comment(request.sentence, lambda tok: _filler(tok.key, tok.cjk))


def never_mind(request: ForgetRequest, message: str = "") -> bool:
    """Whether ``request`` is "never mind" said with a verb of forgetting (module docstring):
    no verb of keeping, and the user's next step after it, in its sentence or in the rest of
    ``message`` ("Forget it, I'll ask my mom", "Forget that. I'll ask my mom."). Such a
    request erases nothing, even on a model's word."""
    if not _bare(request):
        return False
    folded = nfkc_fold(request.sentence).replace("’", "'").lower()
    forgetting = _FORGETTING.search(folded)
    if forgetting is None or _KEEPING.search(folded):
        return False
    if _NEXT_STEP.search(folded, forgetting.end()):
        return True
    at = message.find(request.sentence) if message else -1
    end = at + len(request.sentence)
    rest = nfkc_fold(message[end : end + _NEAR]).lower() if at >= 0 else ""
    return bool(_NEXT_STEP.search(rest))


def points_back(request: ForgetRequest, message: str = "") -> bool:
    """Whether ``request`` names nothing but what was just said (module docstring): its topic
    holds fillers at most, its sentence a deictic object, and it says no "never mind"
    (:func:`never_mind`, read in ``message`` too when given)."""
    if not _bare(request) or never_mind(request, message):
        return False
    folded = nfkc_fold(request.sentence).replace("’", "'").lower()
    keeping = _KEEPING.search(folded)
    if _FORGETTING.search(folded) and not keeping:  # "forget it": never mind; "forget that": what was said
        return bool(_DEICTIC.search(folded))
    return bool(keeping and (_DEICTIC.search(folded) or _IT.search(folded)))


def statement_before(message: str, request: ForgetRequest) -> str:
    """The sentences of ``message`` before ``request``'s (the last :data:`_NEAR` characters) that say something (a content word
    other than a filler: "I owe my cousin 500.", not "Ok." or 算了。), joined; ``""`` when
    there is none (the request then points at the previous turn) or when the request's
    sentence is not found as written."""
    at = message.find(request.sentence)
    if at <= 0:
        return ""
    said = [part.strip() for part in _SENTENCE.split(message[max(0, at - _NEAR) : at]) if part.strip()]
    return " ".join(part for part in said if says_something(part))


@lru_cache(maxsize=1024)
def says_something(sentence: str) -> bool:
    """Whether ``sentence`` holds a content word other than a filler (cached: a long message of
    one request said many times reads its sentences once; emptied with the lexical caches)."""
    return any(not _filler(tok.key, tok.cjk) for tok in content_of(tokenize(sentence)))
