"""Someone else's "forget…" relayed by the user is no request (pure).

"My doctor told me: forget about sugar, my sister has diabetes too", « Elle m'a dit : oublie ce
que je t'ai dit sur mon frère », 我妈总说：忘掉你前男友吧 and "Kakak saya kata: lupakan apa yang
saya cakap tentang abang" each erased the user's memory they name
(``tests/test_break_session12.py``), and with a model the facts beside them were dropped as
"the user asked to forget". :func:`own_forget_requests` is
:func:`~souvenir.lexical.forget_cues.forget_requests` less such sentences; the erasure paths
(:mod:`souvenir.engine.chat_forget`), the write filter
(:mod:`souvenir.write.filters.forget_request`) and the reflection's fallback use it.
"""

from __future__ import annotations

import re

from souvenir.lexical import lexicon as lx
from souvenir.lexical.forget_cues import ForgetRequest, forget_requests
from souvenir.lexical.forget_whole import SINGLE_QUOTED
from souvenir.lexical.tagged import tokenize
from souvenir.write.filters.speech_act import speech_units

__all__ = ["own_forget_requests", "quoted_request", "relayed_request", "reported_request"]

#: A sentence opened by a speech frame: the words before its first colon or opening quote.
_FRAME = re.compile(r"^(?P<frame>[^:：“\"«「『‘]{1,120}?)\s*(?:[:：]|[“\"«「『‘]|(?<=\s)'(?=\S))")
#: Whom the frame's verb is said to ("told me", « m'a dit », 跟我说, "kata saya").
_TO_USER = frozenset({"me", "us", "to", "moi", "nous", "m'", "saya", "aku", "kami", "我", "我们"})
#: Reporting verbs (the write path's speech-act lexicon, fr/en/zh/ms).
_SAYS = (
    lx.REPORTING | lx.ZH_REPORTING | frozenset({"cakap", "wrote", "texted", "ecrit", "总说", "老说", "一直说", "讲"})
)


def relayed_request(sentence: str, names: frozenset[str]) -> bool:
    """Whether ``sentence`` opens with another speaker's frame ending on a reporting verb
    before a colon or a quote ("My doctor told me:", « Elle m'a dit : », 我妈总说：, 他说“,
    "Kakak saya kata:"): what follows is their words, not the user's request. The frame's
    speaker is read by the speech-act filter (a first person's "I told him:" is the user)."""
    found = _FRAME.match(sentence.strip())
    if found is None or forget_requests(found["frame"]):
        return False
    keys = [tok.key for tok in tokenize(found["frame"]) if tok.role not in ("end", "comma")]
    while keys and keys[-1] in _TO_USER:
        keys.pop()
    if not keys or not (keys[-1] in _SAYS or (keys[-1][-1:] == "说" and len(keys[-1]) <= 3)):
        return False
    units = speech_units(found["frame"], names)
    return bool(units) and units[-1].act == "relayed"


#: Someone else telling the user to forget ("My boss told me to forget the promotion", « Mon prof
#: m'a dit d'oublier le concours », 我朋友叫我忘掉那个前任, "Mak suruh saya lupakan kerja lama"):
#: advice the user relays, not the user's request; the subject before it is not "I" / "you".
_TOLD_TO_FORGET = re.compile(
    r"^(?!\s*(?:i|you|je|j'|tu|vous|saya|aku|awak|kamu|我|你)\b)[^.!?。！？]{1,60}?"
    r"(?:\b(?:told|asked|advised|wants?|urged|tells|keeps?\s+telling)\s+me\s+to\s+(?:just\s+)?forget"
    r"|\bm'(?:a|ont)\s+(?:dit|demandé|conseillé)\s+d'oublier|\bveut\s+que\s+j'oublie"
    r"|(?<![我你])(?:叫|让|要|劝)我(?:把[^，。]{0,12})?(?:忘|别再想)"
    r"|\b(?:suruh|minta|nasihatkan|pesan)\s+(?:saya|aku)\s+(?:untuk\s+)?(?:lupa|melupakan))",
    re.I,
)


#: Another person in a frame before a colon: "Her last text:", « Son dernier texto : »,
#: 她最后的短信：, "Mesej terakhir dia:".
_ANOTHER = lx.THIRD_PERSON


def framed_by_another(sentence: str) -> bool:
    """Whether ``sentence`` is a request naming its own topic after a colon whose frame names
    another person ("Her last text: forget what I said about my brother", « Son dernier
    texto : oublie ce que je t'ai dit sur mon frère », 她最后的短信：忘掉我说的关于我哥的事,
    "Mesej terakhir dia: lupakan apa yang saya cakap tentang abang saya"): their words, which
    erased the user's memory of their brother. A request naming nothing after the colon keeps
    its topic before it ("His debts: forget that")."""
    head, colon, rest = _at_colon(sentence)
    if not colon or not any(r.topic for r in forget_requests(rest)):
        return False
    words = re.findall(r"[\w'-]+", head.lower())
    return any(w in _ANOTHER for w in words) or re.search("[他她]", head) is not None


#: A quoted span: straight, curly, French, Chinese and German quotation marks (400 characters at
#: most: a message is bounded before it gets here, a span is bounded again for the search).
_QUOTED = re.compile(
    r'"([^"]{1,400})"|“([^”]{1,400})”|«([^»]{1,400})»|「([^」]{1,400})」|『([^』]{1,400})』|„([^“”]{1,400})[“”]'
    r"|‘([^’]{1,400})’|" + SINGLE_QUOTED  # single quotes: 朋友说‘别记我欠债的事了’, "Dia kata 'lupakan hutang saya'"
)


def quoted_request(sentence: str) -> bool:
    """Whether the request in ``sentence`` is said inside quotation marks ('"Forget about my
    money problems," she said', « Oublie mes soucis d'argent », m'a-t-elle dit, “别记我欠债的事了”，
    她说, '"Lupakan masalah duit saya," kata dia'): someone's words, or the user's own quoted
    back — either way not a clear request, so a request naming a topic erases nothing (a whole
    request in quotes is read by the request's own ``whole`` rule and recorded ambiguous). A
    quoted topic after an unquoted verb ('Forget "the thing with Marc"') stays a request."""
    for found in _QUOTED.finditer(sentence):
        span = next(group for group in found.groups() if group)
        if forget_requests(span):
            return True
    return False


#: A request's verb in Chinese and Malay, where a request may follow a reporting verb without a
#: colon (in English and French a request opens its clause: "My sister said forget…" is none).
_ZH_CUE = re.compile(r"忘|删|别记|不要记|不用记|当我没说")
_MS_CUE = re.compile(r"\b(?:lupakan|lupa|padam\w*|buang|hapus\w*)\b", re.I)
#: A reporting verb ending the words before the request (with "to me": 跟我说, "kata kat saya").
_ZH_SAID = re.compile(r"(?:跟我|对我|和我|同我|给我)?(?:说|讲|告诉我)(?:过|了)?[，,：:\s“”‘’「『\"']*$")
_MS_SAID = re.compile(
    r"\b(?:kata|cakap|berkata|beritahu|bagitahu|bagitau|pesan|sebut)"
    r"(?:\s+(?:kat|pada|kepada|dengan))?(?:\s+(?:saya|aku))?[\s,:“”‘’\"']*$",
    re.I,
)
#: Words around the speaker that name no one (time, stress, "to you"): left out before reading who
#: speaks — "我说", "刚才说", "我跟你说", "你听我说", "Saya kata", "Tadi saya cakap" are the user's own words.
_ZH_ASIDE = re.compile(
    r"你?听(?=我)|想|要|就|只|再|还|是|得|必须|真的|已经|都|一直|刚才|刚刚|之前|上次|现在|最后|跟你|对你|和你|嗯|好"
)
_MS_ASIDE = re.compile(
    r"\b(?:nak|mahu|ingin|dah|sudah|cuma|hanya|pernah|tadi|baru|sebenarnya|dengan|awak|kamu|macam|seperti|yang)\b", re.I
)
_ME = frozenset({"", "我", "我们", "咱们", "saya", "aku", "kami", "kita"})


def reported_request(sentence: str) -> bool:
    """Whether the request in ``sentence`` is someone else's words reported without a colon or
    a quote (Chinese and Malay): a speaker other than the user before a reporting verb right
    before the request's verb — 我妹妹说忘掉关于我的一切, 他说忘记我说的关于我哥哥的事, "Kakak
    saya kata lupakan semua tentang saya", "Dia kata lupakan apa yang saya cakap tentang
    abang saya" each erased the user's memory. The user as the speaker ("我说，忘掉…", "我跟你说，
    …", "Saya kata lupakan…") is the user's request."""
    for cue, said, aside in ((_ZH_CUE, _ZH_SAID, _ZH_ASIDE), (_MS_CUE, _MS_SAID, _MS_ASIDE)):
        found = cue.search(sentence)
        if found is None:
            continue
        head = sentence[: found.start()]
        verb = said.search(head)
        if verb is None:
            continue
        speaker = re.split(r"[，,。.;；!！?？:：]", head[: verb.start()])[-1]
        if " ".join(aside.sub(" ", speaker).lower().split()) not in _ME:
            return True
    return False


def _at_colon(sentence: str) -> tuple[str, str, str]:
    found = re.search(r"[:：]", sentence)
    if found is None:
        return sentence, "", ""
    return sentence[: found.start()], found.group(), sentence[found.end() :].strip()


def own_forget_requests(message: str, user_names: frozenset[str] = frozenset()) -> list[ForgetRequest]:
    """The requests to forget in ``message`` less those in someone else's relayed words
    (:func:`relayed_request`, :func:`framed_by_another`, :func:`quoted_request`,
    :func:`reported_request`); ``user_names`` as
    :func:`forget_requests` takes them."""
    return [
        r
        for r in forget_requests(message, user_names)
        if not relayed_request(r.sentence, user_names)
        and not _TOLD_TO_FORGET.search(r.sentence.strip())
        and not framed_by_another(r.sentence)
        and not (r.topic and quoted_request(r.sentence))
        and not reported_request(r.sentence)
    ]
